// Distance fields and movement range in the page (issue 20, parts 2–3), with the real mouse:
// the View menu; the field's heat map on screen (colours read from screenshots against the
// ramp of palette.js, at the planner's heat bytes) and the legend's largest cost; a wall drawn
// in the field view repairing the field live (its version and how it was updated, in data-*)
// and turning the arrows next to it; a crowd of walkers released and arriving; the movement
// range set by a click, its cells the same as `pathlab range` prints for the same map and
// budget, and its outline on screen; a budget typed; refusals said in words; and the path
// view as it was. On a square map and a shipped hex map, under both renderers.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import {
  startEnv, cellPoint, drag, clickCell, settled, newMap, screen, pixelAt, near, message,
  focusNeutral, speedMax, runToEnd, stat, tmpdir, CLI, afterFrames,
  RENDERERS, rgb, openPanel,
} from './helpers.mjs';
import { heatColour, TERRAIN, FIELD_MARKS } from '../../www/palette.js';

let env;
before(async () => { env = await startEnv(); });
after(async () => { await env?.close(); });

/** The canvas's data-* attribute `name` (camelCase), or undefined. */
const data = (page, name) => page.locator('#grid-canvas').evaluate((el, name) => el.dataset[name], name);

/** Picks `view` in the View menu and waits until the canvas shows it. */
async function chooseView(page, view) {
  await page.locator('#view').selectOption(view);
  await page.waitForFunction((view) => {
    const d = document.querySelector('#grid-canvas').dataset;
    if (d.view !== view) return false;
    if (view === 'field') return d.fieldVersion !== undefined;
    if (view === 'range') return d.rangeVersion !== undefined;
    return true;
  }, view);
  await settled(page);
}

/** Hovers cell (x, y) and presses `key` (S or G): a marker placed with the real keyboard. */
async function placeMarker(page, x, y, key) {
  const p = await cellPoint(page, x, y);
  await page.mouse.move(p.x, p.y);
  await page.waitForFunction(([x, y]) => document.querySelector('#inspector').textContent.startsWith(`(${x}, ${y})`), [x, y]);
  await page.keyboard.press(key);
  await page.waitForFunction(([x, y, key]) => {
    const m = key === 'g' ? window.pathlab.goal() : window.pathlab.start();
    return m.x === x && m.y === y;
  }, [x, y, key]);
}

/** The screen point `f` of a cell pitch from cell (x, y)'s centre toward `(dx, dy)`. */
async function offCentre(page, x, y, dx, dy) {
  const c = await cellPoint(page, x, y);
  const scale = await page.evaluate(() => {
    const a = window.pathlab.cellToClient(0, 0);
    const b = window.pathlab.cellToClient(1, 0);
    return Math.hypot(b.x - a.x, b.y - a.y);
  });
  return { x: c.x + dx * scale, y: c.y + dy * scale, scale };
}

/** Loads a shipped map through the Built-in map menu. */
async function shipped(page, file, width) {
  await openPanel(page, 'map');
  await page.locator('#map').selectOption(file);
  await page.waitForFunction((w) => window.pathlab.size().width === w, width);
  await settled(page);
  await focusNeutral(page);
}

/** The cells `pathlab range` finds from (x, y) within `budget` on the page's current map. */
function cliRange(mapText, x, y, budget) {
  const dir = tmpdir();
  const file = path.join(dir, 'map.map');
  fs.writeFileSync(file, mapText);
  const out = JSON.parse(execFileSync(CLI, ['range', file, '--from', `${x},${y}`, '--budget', String(budget), '--json'], { encoding: 'utf8' }));
  fs.rmSync(dir, { recursive: true, force: true });
  return new Set(out.cells.map(([cx, cy]) => `${cx},${cy}`));
}

/** The page's range mask as a set of "x,y". */
async function pageRange(page) {
  const { width } = await page.evaluate(() => window.pathlab.size());
  const mask = await page.evaluate(() => window.pathlab.rangeMask());
  const set = new Set();
  mask.forEach((m, i) => { if (m) set.add(`${i % width},${Math.floor(i / width)}`); });
  return set;
}

/**
 * Checks the heat map on screen: at a few free cells (away from the markers) the colour a
 * third of a pitch off the centre (inside the cell, square or hex) is the ramp's at the
 * cell's heat byte.
 */
async function assertHeatOnScreen(page, cellsToCheck) {
  const image = await screen(page);
  const hex = (await page.evaluate(() => window.pathlab.shape())) !== 'square';
  for (const [x, y] of cellsToCheck) {
    const heat = await page.evaluate(([x, y]) => window.pathlab.heat(x, y), [x, y]);
    const p = await offCentre(page, x, y, 0.3, hex ? 0.1 : 0.3);
    const want = heat === 255 ? null : heatColour(heat / 254);
    const got = pixelAt(image, p.x, p.y);
    if (want) assert.ok(near(got, want, 6), `cell (${x},${y}) heat ${heat}: screen ${got}, ramp ${want}`);
  }
}

/**
 * Whether the range's outline is on screen within a pixel of `p`: a pixel of its blue
 * (#0072b2), or of it blended by antialiasing, and nothing like the tint inside the range.
 */
function outlineNear(image, p) {
  const [or, og, ob] = rgb(FIELD_MARKS.outline);
  for (let dy = -1; dy <= 1; dy++) {
    for (let dx = -1; dx <= 1; dx++) {
      const [r, g, b] = pixelAt(image, p.x + dx, p.y + dy);
      if (near([r, g, b], [or, og, ob], 40) || (r < 90 && b - r > 100 && g < 170)) return true;
    }
  }
  return false;
}

/** The move vector of the flow arrow at (x, y), or null. */
async function arrowAt(page, x, y) {
  return page.evaluate(([x, y]) => {
    const d = window.pathlab.flow(x, y);
    if (d === 255 || d === null || d === undefined) return null;
    const v = window.pathlab.moveVectors();
    return [v[2 * d], v[2 * d + 1]];
  }, [x, y]);
}

for (const [renderer, query] of RENDERERS) {
  test(`field view (${renderer}): heat map and legend, a wall repairs the field and turns the arrows, walkers arrive`, { timeout: 120_000 }, async (t) => {
    await env.withPage(t, async (page, { url, shot }) => {
      await page.goto(`${url}${query}`);
      await page.waitForFunction(() => window.pathlab?.ready);
      assert.equal(await data(page, 'renderer'), renderer);
      await newMap(page, 30, 20);
      await placeMarker(page, 4, 10, 's');
      await placeMarker(page, 25, 10, 'g');
      await focusNeutral(page);
      assert.equal(await page.evaluate(() => document.body.dataset.view), 'path');

      await chooseView(page, 'field');
      assert.equal(await page.locator('#field-controls').isVisible(), true);
      const info = await page.evaluate(() => window.pathlab.fields().field);
      assert.equal(info.update, 'built');
      assert.deepEqual(info.goal, { x: 25, y: 10 });
      assert.equal(info.reached, 600, 'every cell of an open map reaches the goal');
      // The legend: 0 … the field's largest cost (two decimals at most).
      assert.equal(await page.locator('#heat-max').textContent(), String(Number(info.maxCost.toFixed(2))));
      assert.equal(await data(page, 'fieldUpdate'), 'built');
      // The heat map on screen (arrows off, so every sample is the cell's own colour).
      await page.locator('#show-arrows').click();
      await afterFrames(page, 2);
      await assertHeatOnScreen(page, [[24, 10], [20, 3], [10, 15], [1, 1], [29, 19]]);
      await page.locator('#show-arrows').click();
      // The status line speaks of the field.
      assert.match((await message(page)).text, /^Distance field built \(\d+ cells, [\d.]+ ms\): 600 cells reach the goal \(25, 10\)/);

      // Arrows next to where the wall will go point straight at the goal (east).
      assert.deepEqual(await arrowAt(page, 19, 10), [1, 0]);
      const before = Number(await data(page, 'fieldVersion'));
      // A wall across the way, drawn with the mouse.
      await drag(page, [[20, 3], [20, 17]], { steps: 8 });
      await page.waitForFunction((v) => Number(document.querySelector('#grid-canvas').dataset.fieldVersion) > v, before);
      await settled(page);
      assert.ok(['repaired', 'rebuilt'].includes(await data(page, 'fieldUpdate')));
      assert.match((await message(page)).text, /^Field (repaired|rebuilt) \(\d+ cells, [\d.]+ ms\)/);
      // Next to the wall the arrows now turn away from it, round its ends.
      const turned = await arrowAt(page, 19, 10);
      assert.ok(turned && turned[0] <= 0, `the arrow at (19,10) turned from east to ${turned}`);
      const above = await arrowAt(page, 19, 4);
      assert.ok(above && above[1] < 0, `the arrow at (19,4) points up round the wall's end: ${above}`);
      // The wall is drawn as a wall, and the cells round it in their new heat (only the
      // tiles that changed are painted again: these must be among them).
      await page.locator('#show-arrows').click();
      await afterFrames(page, 2);
      const image = await screen(page);
      const w = await offCentre(page, 20, 10, 0.3, 0.3);
      assert.ok(near(pixelAt(image, w.x, w.y), TERRAIN[0].rgb, 6), 'the new wall is drawn as a wall');
      await assertHeatOnScreen(page, [[19, 10], [21, 10], [19, 4], [10, 10], [24, 10]]);
      await page.locator('#show-arrows').click();

      // A crowd: 40 walkers released, every one arrives.
      await page.locator('#walker-count').fill('40');
      await page.locator('#release-walkers').click();
      await page.waitForFunction(() => Number(document.querySelector('#grid-canvas').dataset.walkersMoving) > 0);
      await shot('walking');
      await page.waitForFunction(() => document.querySelector('#grid-canvas').dataset.walkersArrived === '40', null, { timeout: 60_000 });
      assert.equal(await page.locator('#walkers-arrived').textContent(), 'arrived 40 / 40');
      assert.match((await message(page)).text, /All 40 walkers arrived/);
    });
  });

  test(`range view (${renderer}): a click sets the unit, its cells match pathlab range, the outline is drawn`, { timeout: 120_000 }, async (t) => {
    await env.withPage(t, async (page, { url, shot }) => {
      await page.goto(`${url}${query}`);
      await page.waitForFunction(() => window.pathlab?.ready);
      await shipped(page, 'reopen-40.map', 40);
      await chooseView(page, 'range');
      assert.equal(await page.locator('#range-controls').isVisible(), true);
      assert.equal(await page.locator('#pick-origin').getAttribute('aria-pressed'), 'true');
      // A click on a free cell moves the unit there (and does not draw).
      const mapBefore = await page.evaluate(() => window.pathlab.exportMap());
      const grid = await page.evaluate(() => Array.from({ length: 40 * 30 }, (_, i) => window.pathlab.cell(i % 40, Math.floor(i / 40))));
      const free = [[20, 15], [21, 15], [19, 15], [20, 14], [22, 16]].find(([x, y]) => grid[y * 40 + x] !== 0);
      const before = Number(await data(page, 'rangeVersion'));
      await clickCell(page, free[0], free[1]);
      await page.waitForFunction((v) => Number(document.querySelector('#grid-canvas').dataset.rangeVersion) > v, before);
      await settled(page);
      assert.equal(await page.evaluate(() => window.pathlab.exportMap()), mapBefore, 'the click drew nothing');
      const info = await page.evaluate(() => window.pathlab.fields().range);
      assert.deepEqual(info.from, { x: free[0], y: free[1] });
      // The same cells as the command line's, for the same map and budget.
      let cli = cliRange(mapBefore, free[0], free[1], info.budget);
      assert.equal(Number(await data(page, 'rangeCells')), cli.size);
      assert.deepEqual([...await pageRange(page)].sort(), [...cli].sort());
      assert.match((await message(page)).text, new RegExp(`^Movement range from \\(${free[0]}, ${free[1]}\\) with ${info.budget} points: ${cli.size} cells within reach`));

      // A budget typed in: the range follows.
      const v2 = Number(await data(page, 'rangeVersion'));
      await page.locator('#range-budget').fill('6.5');
      await page.locator('#range-budget').press('Enter');
      await page.waitForFunction((v) => Number(document.querySelector('#grid-canvas').dataset.rangeVersion) > v, v2);
      cli = cliRange(mapBefore, free[0], free[1], 6.5);
      assert.equal(Number(await data(page, 'rangeCells')), cli.size);
      assert.deepEqual([...await pageRange(page)].sort(), [...cli].sort());

      // The outline: where an in-range cell meets an out-of-range one to its east, the side
      // between them is drawn in the outline's colour.
      const inRange = await pageRange(page);
      const side = [...inRange].map((k) => k.split(',').map(Number))
        .find(([x, y]) => x + 1 < 40 && !inRange.has(`${x + 1},${y}`) && grid[y * 40 + x + 1] !== 0);
      assert.ok(side, 'the range has an east side');
      await page.mouse.move(2, 2);
      await settled(page);
      const p = await offCentre(page, side[0], side[1], 0.5, 0);
      const image = await screen(page);
      const onLine = outlineNear(image, p);
      assert.ok(onLine, `the outline at the east side of (${side}) is drawn: ${pixelAt(image, p.x, p.y)}`);
      // Inside the range the terrain is tinted, outside it is not.
      const inside = await offCentre(page, free[0], free[1], 0.3, 0.3);
      const tinted = pixelAt(image, inside.x, inside.y);
      assert.ok(tinted[2] > tinted[0] + 20, `the unit's cell is tinted blue: ${tinted}`);
      await shot('range');

      // Refusals in words, the range kept: a wall as the unit's cell, a negative budget.
      const wall = grid.findIndex((c) => c === 0);
      const kept = Number(await data(page, 'rangeVersion'));
      await clickCell(page, wall % 40, Math.floor(wall / 40));
      await page.waitForFunction(() => document.querySelector('#message').dataset.kind === 'error');
      assert.match(await page.locator('#message').textContent(), /free cell|wall/i);
      await page.locator('#range-budget').fill('-1');
      await page.locator('#range-budget').press('Enter');
      await page.waitForFunction(() => /budget/i.test(document.querySelector('#message').textContent));
      assert.equal(Number(await data(page, 'rangeVersion')), kept, 'the refused changes changed nothing');
      assert.equal(await page.locator('#range-budget').inputValue(), '6.5');

      // With a brush chosen, a press draws again.
      await page.locator('[data-brush="wall"]').click();
      assert.equal(await page.locator('#pick-origin').getAttribute('aria-pressed'), 'false');
      const target = [...inRange].map((k) => k.split(',').map(Number)).find(([x, y]) => (x !== free[0] || y !== free[1]));
      // The map stays put under the pointer: the bar's cost line, which follows the pointer,
      // never reflows the bar above the map (it did, and a press then landed a row away).
      const box = await page.locator('#grid-canvas').boundingBox();
      const over = await cellPoint(page, target[0], target[1]);
      await page.mouse.move(over.x, over.y);
      await page.waitForFunction(([x, y]) => document.querySelector('#range-cost').textContent.startsWith(`(${x}, ${y}) · costs`), target);
      assert.deepEqual(await page.locator('#grid-canvas').boundingBox(), box, 'the cost line shown on hover does not move the map');
      await clickCell(page, target[0], target[1]);
      await page.waitForFunction(([x, y]) => window.pathlab.cell(x, y) === 0, target);
    });
  });
}

test('hex map: field heat, arrows and walkers; range from a click matches pathlab range with terrain costs', { timeout: 150_000 }, async (t) => {
  await env.withPage(t, async (page, { url }) => {
    for (const [renderer, query] of RENDERERS) {
      await page.goto(`${url}${query}`);
      await page.waitForFunction(() => window.pathlab?.ready);
      assert.equal(await data(page, 'renderer'), renderer);
      await shipped(page, 'hex-terrain-64.map', 64);
      assert.equal(await page.evaluate(() => window.pathlab.shape()), 'hex-rows');
      await chooseView(page, 'field');
      const info = await page.evaluate(() => window.pathlab.fields().field);
      assert.ok(info.reached > 1000, `the field reaches most of the map (${info.reached})`);
      const vectors = await page.evaluate(() => window.pathlab.moveVectors());
      assert.equal(vectors.length, 12, 'six hex moves');
      // Every arrow is one hex step long and points at the neighbouring hex nearer the goal.
      const goal = await page.evaluate(() => window.pathlab.goal());
      let checked = 0;
      const probes = [[goal.x - 3, goal.y], [goal.x - 4, goal.y - 2], [goal.x, goal.y - 5], [goal.x - 1, goal.y - 3], [20, 20], [40, 10]]
        .filter(([x, y]) => x >= 0 && y >= 0 && x < 64 && y < 48);
      for (const [x, y] of probes) {
        const v = await arrowAt(page, x, y);
        if (!v) continue;
        checked++;
        assert.ok(Math.abs(Math.hypot(v[0], v[1]) - 1) < 1e-9, 'a hex step is one pitch long');
        const next = await page.evaluate(([x, y, vx, vy]) => {
          const p = window.pathlab;
          const c = p.cellToClient(x, y);
          const e = p.cellToClient(x + 1, y);
          const pitch = Math.hypot(e.x - c.x, e.y - c.y);
          const at = { x: c.x + vx * pitch, y: c.y + vy * pitch };
          for (let dy = -1; dy <= 1; dy++) {
            for (let dx = -1; dx <= 1; dx++) {
              const n = p.cellToClient(x + dx, y + dy);
              if (Math.hypot(n.x - at.x, n.y - at.y) < 0.01 * pitch) return { x: x + dx, y: y + dy, heat: p.heat(x + dx, y + dy) };
            }
          }
          return null;
        }, [x, y, v[0], v[1]]);
        assert.ok(next, `the arrow at (${x},${y}) points at a neighbouring hex's centre`);
        const heat = await page.evaluate(([x, y]) => window.pathlab.heat(x, y), [x, y]);
        assert.ok(next.heat <= heat, `the arrow at (${x},${y}) (heat ${heat}) leads to (${next.x},${next.y}) (heat ${next.heat})`);
      }
      assert.ok(checked > 0, 'some probed hexes have arrows');
      await page.locator('#show-arrows').click();
      await afterFrames(page, 2);
      const probe = [[goal.x - 2, goal.y], [goal.x - 3, goal.y - 1], [10, 10], [50, 30]]
        .filter(([x, y]) => x >= 0 && y >= 0 && x < 64 && y < 48);
      const freeProbe = [];
      for (const [x, y] of probe) if (await page.evaluate(([x, y]) => window.pathlab.cell(x, y), [x, y]) !== 0) freeProbe.push([x, y]);
      await assertHeatOnScreen(page, freeProbe);
      // A wall drawn across the map's lower right: the field is repaired and the tiles it
      // changed are painted again (this map is two tiles by two), the others kept.
      const version = Number(await data(page, 'fieldVersion'));
      await drag(page, [[44, 30], [44, 45]], { steps: 10 });
      await page.waitForFunction((v) => Number(document.querySelector('#grid-canvas').dataset.fieldVersion) > v, version);
      await settled(page);
      const around = [];
      for (const [x, y] of [[43, 38], [45, 38], [42, 33], [46, 44], [10, 10], [20, 40], [50, 5]]) {
        if (await page.evaluate(([x, y]) => window.pathlab.cell(x, y), [x, y]) !== 0) around.push([x, y]);
      }
      await assertHeatOnScreen(page, around);
      await page.locator('#show-arrows').click();
      await page.locator('#walker-count').fill('25');
      await page.locator('#release-walkers').click();
      await page.waitForFunction(() => document.querySelector('#grid-canvas').dataset.walkersArrived === '25', null, { timeout: 90_000 });

      await chooseView(page, 'range');
      const mapText = await page.evaluate(() => window.pathlab.exportMap());
      const from = await page.evaluate(() => {
        for (let y = 20; y < 30; y++) for (let x = 30; x < 40; x++) if (window.pathlab.cell(x, y) !== 0) return [x, y];
        return null;
      });
      const v = Number(await data(page, 'rangeVersion'));
      await clickCell(page, from[0], from[1]);
      await page.waitForFunction((v) => Number(document.querySelector('#grid-canvas').dataset.rangeVersion) > v, v);
      const budget = (await page.evaluate(() => window.pathlab.fields().range)).budget;
      const cli = cliRange(mapText, from[0], from[1], budget);
      assert.equal(Number(await data(page, 'rangeCells')), cli.size);
      assert.deepEqual([...await pageRange(page)].sort(), [...cli].sort());
      // The outline on a hex edge: halfway from an in-range hex to an out-of-range neighbour.
      const inRange = await pageRange(page);
      const edge = [...inRange].map((k) => k.split(',').map(Number)).find(([x, y]) => x + 1 < 64 && !inRange.has(`${x + 1},${y}`));
      assert.ok(edge, 'the range has an east edge');
      await page.mouse.move(2, 2);
      await settled(page);
      const a = await cellPoint(page, edge[0], edge[1]);
      const b = await cellPoint(page, edge[0] + 1, edge[1]);
      const image = await screen(page);
      const mid = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
      const onLine = outlineNear(image, mid);
      assert.ok(onLine, `the outline is drawn on the hex edge east of (${edge}): ${pixelAt(image, mid.x, mid.y)}`);
    }
  });
});

test('the path view is as before: a search run, the field view and back keep the map, markers and search', { timeout: 90_000 }, async (t) => {
  await env.withPage(t, async (page) => {
    await newMap(page, 30, 20);
    await drag(page, [[12, 2], [12, 16]]);
    await settled(page);
    await speedMax(page);
    assert.equal(await runToEnd(page), 'found');
    const cost = await stat(page, 'cost');
    const map = await page.evaluate(() => window.pathlab.exportMap());
    const pathBefore = await page.evaluate(() => window.pathlab.path());
    const untouched = await offCentre(page, 2, 18, 0.3, 0.3);
    const colourBefore = pixelAt(await screen(page), untouched.x, untouched.y);

    await chooseView(page, 'field');
    await chooseView(page, 'range');
    await chooseView(page, 'path');
    assert.equal(await page.locator('#field-controls').isVisible(), false);
    assert.equal(await page.locator('#range-controls').isVisible(), false);
    assert.equal(await stat(page, 'status'), 'found');
    assert.equal(await stat(page, 'cost'), cost);
    assert.equal(await page.evaluate(() => window.pathlab.exportMap()), map);
    assert.deepEqual(await page.evaluate(() => window.pathlab.path()), pathBefore);
    assert.match((await message(page)).text, /^Path found/);
    await page.mouse.move(2, 2);
    await settled(page);
    assert.deepEqual(pixelAt(await screen(page), untouched.x, untouched.y), colourBefore, 'the cells are painted as before');
    // Drawing in the path view draws, as always.
    await drag(page, [[5, 5], [8, 5]]);
    await page.waitForFunction(() => window.pathlab.cell(8, 5) === 0);
  });
});

test('links: a copied link keeps the field view and its walkers; a link opens the range view', { timeout: 90_000 }, async (t) => {
  await env.withPage(t, async (page, { url, context }) => {
    await shipped(page, 'u-trap-40.map', 40);
    await chooseView(page, 'field');
    await page.locator('#walker-count').fill('30');
    await page.locator('#release-walkers').click();
    await page.waitForFunction(() => document.querySelector('#grid-canvas').dataset.walkersCount === '30');
    await page.locator('#copy-link').click();
    await page.waitForFunction(() => document.querySelector('#share-url').value.length > 0);
    const link = await page.locator('#share-url').inputValue();
    assert.match(link, /[#&]view=field(&|$)/);
    assert.match(link, /[#&]walkers=30(&|$)/);

    // A short link to a shipped map that opens a movement range.
    const other = await context.newPage();
    await other.goto(`${url}#map=reopen-40&view=range&range=20,15,7`);
    await other.waitForFunction(() => window.pathlab?.ready && window.pathlab.linksRead() > 0);
    await other.waitForFunction(() => document.querySelector('#grid-canvas').dataset.view === 'range');
    assert.equal(await other.locator('#view').inputValue(), 'range');
    assert.equal(await other.locator('#range-budget').inputValue(), '7');
    const mapText = await other.evaluate(() => window.pathlab.exportMap());
    const cli = cliRange(mapText, 20, 15, 7);
    assert.equal(Number(await data(other, 'rangeCells')), cli.size);
    await other.close();
  });
});

test('walkers: every one asked for is placed, even where one cell beside the goal reaches it; none, with the reason, where no cell does', { timeout: 90_000 }, async (t) => {
  await env.withPage(t, async (page) => {
    // Issue 30's 7 × 6 hex map, with (3, 0) walled in: from (0, 0) only (1, 0) reaches it.
    const text = 'type hex-rows\nheight 6\nwidth 7\nmap\n..@.@..\n@@@@@@@\n.......\n.......\n.......\n.......\n';
    await openPanel(page, 'map');
    await page.locator('#open-file').setInputFiles({ name: 'two-cells.map', mimeType: 'text/plain', buffer: Buffer.from(text) });
    await page.waitForFunction(() => window.pathlab.shape() === 'hex-rows' && window.pathlab.size().width === 7);
    await settled(page);
    await focusNeutral(page);
    await placeMarker(page, 6, 5, 's');
    await placeMarker(page, 0, 0, 'g');
    await chooseView(page, 'field');
    assert.equal(await page.evaluate(() => window.pathlab.fields().field.reached), 2);
    await page.locator('#walker-count').fill('10');
    await page.locator('#release-walkers').click();
    await page.waitForFunction(() => document.querySelector('#grid-canvas').dataset.walkersPlaced === '10');
    assert.equal(await data(page, 'walkersRequested'), '10');
    assert.equal(await data(page, 'walkersReason'), undefined);
    await page.waitForFunction(() => document.querySelector('#grid-canvas').dataset.walkersArrived === '10', null, { timeout: 30_000 });
    assert.equal(await page.locator('#walkers-arrived').textContent(), 'arrived 10 / 10');
    assert.match((await message(page)).text, /^All 10 walkers arrived/);

    // The goal walled in alone: none placed, and the status line and the bar say why.
    await placeMarker(page, 3, 0, 'g');
    await page.waitForFunction(() => window.pathlab.fields().field.reached === 1);
    await page.locator('#release-walkers').click();
    await page.waitForFunction(() => document.querySelector('#grid-canvas').dataset.walkersPlaced === '0');
    assert.equal(await data(page, 'walkersReason'), 'no cell but the goal reaches (3, 0)');
    assert.equal(await data(page, 'walkersCount'), '0');
    const said = await message(page);
    assert.equal(said.text, '0 of 10 walkers placed: no cell but the goal reaches (3, 0).');
    assert.equal(said.kind, 'error');
    assert.equal(await page.locator('#walkers-arrived').textContent(), 'no walkers (0 of 10 placed)');
  });
});

test('Run and Step in the distance-field view run no hidden search: they are disabled with the reason, and Space and N say it', { timeout: 60_000 }, async (t) => {
  await env.withPage(t, async (page, { shot }) => {
    await newMap(page, 30, 20);
    await chooseView(page, 'field');
    const run = page.locator('#run');
    assert.equal(await run.isDisabled(), true, 'Run is disabled in the field view');
    assert.match(await run.getAttribute('title'), /no search to step or run in this view/);
    assert.equal(await page.locator('#step').isDisabled(), true, 'so is Step');
    await focusNeutral(page);
    await page.keyboard.press('Space');
    await page.waitForFunction(() => /no search to step or run/.test(document.getElementById('message').textContent), null, { timeout: 5_000 });
    await page.keyboard.press('n');
    // Nor the timeline's step forward (past the live end it would step the search).
    await page.locator('[data-timeline="forward"]').click();
    assert.equal(await page.evaluate(() => window.pathlab.stats().expanded), 0, 'the path search never ran');
    assert.equal(await page.evaluate(() => window.pathlab.stats().fresh), true);
    await shot('field-run');
    await chooseView(page, 'path');
    assert.equal(await run.isDisabled(), false, 'back in the path view, Run runs');
    assert.match(await run.getAttribute('title'), /Run or pause/);
    await speedMax(page);
    assert.equal(await runToEnd(page), 'found');
  });
});
