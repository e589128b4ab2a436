// Maps of hexagons in the page (issue 20), with the real mouse and keyboard: picking the hex
// under the pointer a few pixels either side of every edge and at every corner (both
// layouts), the hexes painted exactly there by both renderers, a fast stroke painting a
// gap-free hex line and brushes painting hex discs, the arrow keys stepping to neighbouring
// hexes, a search on a shipped hex map with its path drawn through the hex centres (read from
// the screen), the algorithms that need square cells greyed out with the reason, a generated
// hex maze exported and opened again, the shape kept across a reload, short links, the embed
// and compare mode on hex maps, and a big hex map zoomed out averaged rather than aliased.
//
// The expected neighbours and distances are Red Blob Games' offset tables, written out here,
// not read from the page.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import {
  startEnv, gotoReady, cellPoint, drag, cells, where, settled, exportMap, afterFrames, screen,
  pixelAt, evenness, near, speedMax, runToEnd, stat, message, focusNeutral,
  RENDERERS, rgb, apiHost, openPanel,
} from './helpers.mjs';
import { TERRAIN, MARKS } from '../../www/palette.js';

let env;
before(async () => { env = await startEnv(); });
after(async () => { await env?.close(); });

const SHAPES = ['hex-rows', 'hex-columns'];
/**
 * The six neighbours of offset cell (x, y), in order round the hex (each next to the one
 * before): odd-r for rows, odd-q for columns (Red Blob Games, "Hexagonal Grids").
 */
function neighbours(shape, [x, y]) {
  const table = shape === 'hex-rows'
    ? [[[1, 0], [0, -1], [-1, -1], [-1, 0], [-1, 1], [0, 1]], [[1, 0], [1, -1], [0, -1], [-1, 0], [0, 1], [1, 1]]]
    : [[[1, 0], [1, -1], [0, -1], [-1, -1], [-1, 0], [0, 1]], [[1, 1], [1, 0], [0, -1], [-1, 0], [-1, 1], [0, 1]]];
  const odd = (shape === 'hex-rows' ? y : x) & 1;
  return table[odd].map(([dx, dy]) => [x + dx, y + dy]);
}

/** Hex steps between two offset cells (through axial coordinates). */
function hexDistance(shape, [ax, ay], [bx, by]) {
  const axial = (x, y) => (shape === 'hex-rows' ? [x - (y - (y & 1)) / 2, y] : [x, y - (x - (x & 1)) / 2]);
  const [aq, ar] = axial(ax, ay);
  const [bq, br] = axial(bx, by);
  const dq = aq - bq;
  const dr = ar - br;
  return (Math.abs(dq) + Math.abs(dr) + Math.abs(dq + dr)) / 2;
}

const key = ([x, y]) => `${x},${y}`;

/** A fresh open map of hexagons through the New-map form. */
async function hexMap(page, shape, w, h) {
  await openPanel(page, 'map');
  await page.locator('#new-shape').selectOption(shape);
  await page.locator('#new-width').fill(String(w));
  await page.locator('#new-height').fill(String(h));
  await page.locator('#new-map').click();
  await page.waitForFunction(([shape, w, h]) => {
    const p = window.pathlab;
    return p.shape() === shape && p.size().width === w && p.size().height === h;
  }, [shape, w, h]);
  await settled(page);
  await focusNeutral(page);
}

/** The hex the inspector names after the pointer moved to (x, y), as [x, y] (null: none). */
async function pickAt(page, x, y) {
  await page.mouse.move(x, y);
  await afterFrames(page, 2);
  const text = await page.locator('#inspector').textContent();
  const m = /^\((\d+), (\d+)\)/.exec(text ?? '');
  return m ? [Number(m[1]), Number(m[2])] : null;
}

const minus = (a, b) => ({ x: a.x - b.x, y: a.y - b.y });
const toward = (from, to, d) => {
  const v = minus(to, from);
  const n = Math.hypot(v.x, v.y);
  return { x: from.x + (v.x / n) * d, y: from.y + (v.y / n) * d };
};

/**
 * The points either side of every edge of hex `c` and round every corner, `d` px from the
 * edge or corner, with the hex each must pick: [{at, want, what}].
 */
async function probes(page, shape, c, d) {
  const centre = async (cell) => cellPoint(page, cell[0], cell[1]);
  const here = await centre(c);
  const around = neighbours(shape, c);
  const spots = [];
  const centres = [];
  for (const n of around) centres.push(await centre(n));
  // The page's centres are a regular hex lattice: six neighbours at one distance.
  const pitch = centres.map((p) => Math.hypot(p.x - here.x, p.y - here.y));
  for (const p of pitch) assert.ok(Math.abs(p - pitch[0]) < 0.01, `${shape}: neighbours of ${c} at ${pitch}`);
  around.forEach((n, i) => {
    const mid = { x: (here.x + centres[i].x) / 2, y: (here.y + centres[i].y) / 2 };
    spots.push({ at: toward(mid, here, d), want: c, what: `inside the edge to ${n}` });
    spots.push({ at: toward(mid, centres[i], d), want: n, what: `across the edge to ${n}` });
    // The corner shared with the next neighbour round the hex.
    const j = (i + 1) % 6;
    const corner = {
      x: (here.x + centres[i].x + centres[j].x) / 3,
      y: (here.y + centres[i].y + centres[j].y) / 3,
    };
    for (const [cell, p] of [[c, here], [n, centres[i]], [around[j], centres[j]]]) {
      spots.push({ at: toward(corner, p, d), want: cell, what: `at the corner of ${c}, ${n}, ${around[j]}, toward ${cell}` });
    }
  });
  return { spots, pitch: pitch[0] };
}

test('picking is exact at the edges and corners between hexes (rows and columns)', { timeout: 120_000 }, async (t) => {
  await env.withPage(t, async (page) => {
    for (const shape of SHAPES) {
      await hexMap(page, shape, 12, 10);
      // A hex in an even line and one in an odd line (rows: y; columns: x).
      for (const c of [[5, 4], [6, 5]]) {
        const { spots, pitch } = await probes(page, shape, c, 2);
        assert.ok(pitch > 20, `${shape}: hexes are ${pitch.toFixed(1)} px apart`);
        for (const { at, want, what } of spots) {
          assert.deepEqual(await pickAt(page, at.x, at.y), want, `${shape}: ${what} (${at.x.toFixed(1)}, ${at.y.toFixed(1)})`);
        }
      }
    }
  });
});

for (const [name, query] of RENDERERS) {
  test(`${name}: a hex is painted exactly where it is picked, edges and corners`, { timeout: 120_000 }, async (t) => {
    await env.withPage(t, async (page, { url, shot }) => {
      if (query) await gotoReady(page, `${url}${query}`);
      assert.equal(await page.locator('#grid-canvas').getAttribute('data-renderer'), name);
      for (const shape of SHAPES) {
        await hexMap(page, shape, 12, 10);
        // A hex in an odd line for rows, an even one for columns (and not the same cell twice
        // in a row, which would be a double-click).
        const c = shape === 'hex-rows' ? [5, 5] : [6, 4];
        // A click paints the hex under the pointer: the wall brush.
        const p = await cellPoint(page, ...c);
        await page.mouse.click(p.x, p.y);
        await page.waitForFunction(([x, y]) => window.pathlab.cell(x, y) === 0, c);
        // Away from the map, so no hover ring is drawn over it.
        await page.mouse.move(2, 2);
        await settled(page);
        const { spots } = await probes(page, shape, c, 3);
        const image = await screen(page);
        await shot(shape);
        for (const { at, want, what } of spots) {
          const wall = want[0] === c[0] && want[1] === c[1];
          const colour = TERRAIN[wall ? 0 : 1].rgb;
          const seen = pixelAt(image, at.x, at.y);
          assert.ok(near(seen, colour, 6), `${name} ${shape}: ${what} is ${wall ? 'the wall' : 'open'} ${colour}, not ${seen}`);
        }
      }
    });
  });
}

test('a fast stroke on hexes paints a gap-free hex line; brushes paint hex discs; undo takes them back', { timeout: 90_000 }, async (t) => {
  await env.withPage(t, async (page, { shot }) => {
    const shape = 'hex-rows';
    await hexMap(page, shape, 30, 20);
    const a = [3, 3];
    const b = [24, 15];
    await drag(page, [a, b], { steps: 1 });
    const walls = where(await cells(page), (c) => c === 0);
    await shot('line');
    const set = new Set(walls.map(key));
    assert.ok(set.has(key(a)) && set.has(key(b)), 'both ends are painted');
    assert.equal(walls.length, hexDistance(shape, a, b) + 1, `one hex per hex step: ${JSON.stringify(walls)}`);
    // One chain of neighbouring hexes from end to end.
    const seen = new Set([key(a)]);
    const queue = [a];
    while (queue.length) {
      for (const n of neighbours(shape, queue.pop())) {
        if (set.has(key(n)) && !seen.has(key(n))) { seen.add(key(n)); queue.push(n); }
      }
    }
    assert.equal(seen.size, walls.length, 'the walls are one chain of neighbouring hexes');

    const before = await exportMap(page);
    for (const [size, count] of [[3, 7], [5, 19]]) {
      await page.locator('#brush-size').selectOption(String(size));
      const centre = size === 3 ? [6, 14] : [20, 5];
      const p = await cellPoint(page, ...centre);
      await page.mouse.click(p.x, p.y);
      await settled(page);
      const disc = where(await cells(page), (c) => c === 0).filter((w) => !set.has(key(w)));
      const inDisc = disc.filter((w) => hexDistance(shape, w, centre) <= (size - 1) / 2);
      assert.equal(inDisc.length, count, `size ${size}: ${count} hexes round ${centre}`);
      disc.forEach((w) => set.add(key(w)));
    }
    assert.equal(set.size, walls.length + 7 + 19, 'nothing painted outside the discs');
    await focusNeutral(page);
    await page.keyboard.press('Control+KeyZ');
    await page.keyboard.press('Control+KeyZ');
    assert.equal(await exportMap(page), before, 'two undos take both brush strokes back');
  });
});

test('the arrow keys move the cell cursor to a neighbouring hex; Enter walls it', { timeout: 60_000 }, async (t) => {
  await env.withPage(t, async (page) => {
    for (const shape of SHAPES) {
      await hexMap(page, shape, 12, 10);
      await page.locator('#grid-canvas').focus();
      // Where the cursor is: the hex Enter walls (one step off the start, which cannot be).
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      await settled(page);
      let at = where(await cells(page), (c) => c === 0)[0];
      assert.ok(at, `${shape}: Enter walled the hex under the cursor`);
      for (const arrow of ['ArrowRight', 'ArrowDown', 'ArrowDown', 'ArrowRight', 'ArrowUp', 'ArrowRight']) {
        const before = new Set(where(await cells(page), (c) => c === 0).map(key));
        await page.keyboard.press(arrow);
        await page.keyboard.press('Enter');
        await settled(page);
        const added = where(await cells(page), (c) => c === 0).filter((w) => !before.has(key(w)));
        assert.equal(added.length, 1, `${shape} ${arrow}: one hex walled`);
        assert.equal(hexDistance(shape, at, added[0]), 1, `${shape} ${arrow}: ${added[0]} is a neighbour of ${at}`);
        at = added[0];
      }
    }
  });
});

test('A* on a shipped hex map: the path is a chain of hexes drawn through their centres; timeline and D* Lite walker', { timeout: 120_000 }, async (t) => {
  await env.withPage(t, async (page, { shot }) => {
    await openPanel(page, 'map');
    await page.locator('#map').selectOption('hex-rooms-60.map');
    await page.waitForFunction(() => window.pathlab.shape() === 'hex-rows' && window.pathlab.size().width === 60);
    // The heuristic menu offers what measures hexes.
    const offered = await page.locator('#heuristic option').evaluateAll((os) => os.map((o) => o.value));
    assert.deepEqual(offered, ['auto', 'hex', 'euclidean', 'zero']);
    await speedMax(page);
    assert.equal(await runToEnd(page), 'found');
    await page.mouse.move(2, 2);
    await settled(page);
    const flat = await page.evaluate(() => window.pathlab.path());
    const path = [];
    for (let i = 0; i < flat.length; i += 2) path.push([flat[i], flat[i + 1]]);
    for (let i = 1; i < path.length; i++) {
      assert.equal(hexDistance('hex-rows', path[i - 1], path[i]), 1, `${path[i - 1]} → ${path[i]} is one hex step`);
    }
    // Every hex step costs the terrain entered (1 here): cost = moves.
    assert.equal(await stat(page, 'moves'), String(path.length - 1));
    assert.equal(await stat(page, 'cost'), (path.length - 1).toFixed(4));
    // On screen: the pink line over every hex centre of the path and every point between two.
    const image = await screen(page);
    await shot('path');
    const pink = rgb(MARKS.path);
    const points = [];
    for (let i = 2; i < path.length - 2; i++) {
      const p = await cellPoint(page, ...path[i]);
      const q = await cellPoint(page, ...path[i + 1]);
      points.push([p, `centre of ${path[i]}`], [{ x: (p.x + q.x) / 2, y: (p.y + q.y) / 2 }, `between ${path[i]} and ${path[i + 1]}`]);
    }
    const off = points.filter(([p]) => !near(pixelAt(image, p.x, p.y), pink, 24));
    assert.deepEqual(off.map(([, what]) => what), [], 'the path line runs through the hex centres');

    // The timeline scrubs back and forth on hexes as on squares.
    const steps = Number((await page.evaluate(() => window.pathlab.timeline())).length);
    await focusNeutral(page);
    await page.keyboard.press('Home');
    await settled(page);
    assert.equal(await page.evaluate(() => window.pathlab.position()), 0);
    await page.keyboard.press('End');
    await settled(page);
    assert.equal(await page.evaluate(() => window.pathlab.position()), steps);

    // D* Lite's walker walks the hexes to the goal.
    await page.locator('#algorithm').selectOption('dstar-lite');
    assert.equal(await runToEnd(page), 'found');
    await page.locator('#walk').click();
    await page.waitForFunction(() => /walker arrived/.test(document.getElementById('message').textContent), null, { timeout: 60_000 });
    const goal = await page.evaluate(() => window.pathlab.goal());
    assert.deepEqual(await page.evaluate(() => window.pathlab.start()), goal, 'the start walked to the goal');
  });
});

test('on hexes Jump Point Search, JPS+, JPS2, JPS2+ and Theta* are greyed out, with the reason', { timeout: 60_000 }, async (t) => {
  await env.withPage(t, async (page) => {
    await openPanel(page, 'map');
    await page.locator('#map').selectOption('hex-maze-41.map');
    await page.waitForFunction(() => window.pathlab.shape() === 'hex-columns');
    await settled(page);
    for (const id of ['jps', 'jps-plus', 'jps2', 'jps2-plus', 'theta']) {
      const option = page.locator(`#algorithm option[value="${id}"]`);
      assert.equal(await option.evaluate((o) => o.disabled), true, `${id} is disabled`);
      assert.match(await option.getAttribute('title'), /needs square cells/, `${id} says why`);
    }
    assert.equal(await page.locator('#algorithm option[value="astar"]').evaluate((o) => o.disabled), false);
    await openPanel(page, 'settings');
    const note = page.locator('#algorithm-note');
    assert.equal(await note.isVisible(), true);
    assert.match(await note.textContent(), /Jump Point Search.* need square cells/);
  });
});

test('on hexes A* on a node mesh is greyed out with its reason; the JS API and the planner refuse it and mesh edits', { timeout: 60_000 }, async (t) => {
  await env.withPage(t, async (page, { url }) => {
    await openPanel(page, 'map');
    await page.locator('#map').selectOption('hex-maze-41.map');
    await page.waitForFunction(() => window.pathlab.shape() === 'hex-columns');
    await settled(page);
    const option = page.locator('#algorithm option[value="mesh"]');
    assert.equal(await option.evaluate((o) => o.disabled), true, 'the mesh is disabled');
    const why = await option.getAttribute('title');
    assert.match(why, /^Node mesh A\* needs square cells: on hexagons .* can miss a way between the hexes/);
    assert.ok((await page.locator('#algorithm-note').textContent()).includes(why), 'the note says it too');
    assert.equal(await page.locator('#mesh-bar').isVisible(), false, 'no mesh tools');

    // The JS API on the same map: the same words, from the planner; nothing changes.
    await apiHost(page, url);
    const r = await page.evaluate(async () => {
      const v = await window.Pathlab.mount(document.getElementById('api-host'), { map: 'hex-maze-41' });
      const out = {};
      const attempt = (name, fn) => { try { fn(); } catch (e) { out[name] = e.message; } };
      attempt('settings', () => v.setSettings({ algorithm: 'mesh' }));
      attempt('generate', () => v.view.planner.generateMesh());
      attempt('node', () => v.view.planner.addMeshNode(1, 1));
      out.after = [v.getState().settings.algorithm, v.view.planner.meshNodes().length];
      v.destroy();
      return out;
    });
    assert.equal(r.settings, why);
    assert.equal(r.generate, why);
    assert.equal(r.node, why);
    assert.deepEqual(r.after, ['astar', 0]);
  });
});

test('Generate makes a hex maze; Export .map writes its type; the file opens again; a reload keeps it', { timeout: 120_000 }, async (t) => {
  await env.withPage(t, async (page, { url }) => {
    await openPanel(page, 'map');
    await page.locator('#new-shape').selectOption('hex-columns');
    await page.locator('#new-width').fill('31');
    await page.locator('#new-height').fill('25');
    await page.locator('#generate-box summary').click();
    await page.locator('#gen-kind').selectOption('dfs-maze');
    await page.locator('#gen-seed').fill('9');
    await page.locator('#generate').click();
    await page.waitForFunction(() => window.pathlab.shape() === 'hex-columns' && window.pathlab.size().width === 31);
    assert.match((await message(page)).text, /31×25 hex-column depth-first maze/);
    const walls = where(await cells(page), (c) => c === 0).length;
    assert.ok(walls > 31 * 25 * 0.3, `a maze has walls (${walls})`);
    await speedMax(page);
    assert.equal(await runToEnd(page), 'found');

    const download = page.waitForEvent('download');
    await openPanel(page, 'map');
    await page.locator('#export-map').click();
    const file = await (await download).path();
    const text = fs.readFileSync(file, 'utf8');
    assert.match(text, /^type hex-columns\n/);
    assert.equal(text, await exportMap(page));

    // Over a map of squares, the exported file opens as hexagons again.
    await page.locator('#new-shape').selectOption('square');
    await openPanel(page, 'map');
    await page.locator('#new-map').click();
    await page.waitForFunction(() => window.pathlab.shape() === 'square');
    await openPanel(page, 'map');
    await page.locator('#open-file').setInputFiles({ name: 'maze.map', mimeType: 'text/plain', buffer: Buffer.from(text) });
    await page.waitForFunction(() => window.pathlab.shape() === 'hex-columns');
    assert.equal(await exportMap(page), text);
    assert.equal(await page.locator('#new-shape').inputValue(), 'hex-columns', 'the form shows the map\'s cells');

    // The autosave keeps the shape.
    await gotoReady(page, url);
    assert.equal(await page.evaluate(() => window.pathlab.shape()), 'hex-columns');
    assert.equal(await exportMap(page), text);

    // A full share link carries the shape (v3): opened in a new page, the same hexagons.
    await page.locator('#copy-link').click();
    await page.waitForFunction(() => document.getElementById('share-url').value.includes('#'));
    const link = await page.locator('#share-url').inputValue();
    assert.match(link, /#v3\./, 'a hex map of one\'s own is a v3 link');
    const other = await page.context().newPage();
    await gotoReady(other, link);
    await other.waitForFunction(() => window.pathlab.linksRead() > 0);
    assert.equal(await other.evaluate(() => window.pathlab.shape()), 'hex-columns');
    assert.equal(await exportMap(other), text, 'the same cells');

    // So does Compare: both planners lay the map out in flat-top columns.
    await other.locator('#compare-link').click();
    await other.waitForURL(/compare\.html/);
    await other.waitForFunction(() => window.pathlab?.ready && window.pathlab.count?.() === 2, null, { timeout: 20_000 });
    for (const i of [0, 1]) {
      assert.equal(await other.evaluate((i) => window.pathlab.exportMap(i), i), text, `compare planner ${i + 1} has the hexes`);
    }
    await other.close();
  });
});

/** Whether odd rows of the view's centres sit half a hex right of even rows (hex rows). */
async function laidOutInHexRows(target, centre) {
  const [a, b, c] = [await centre(0, 0), await centre(1, 0), await centre(0, 1)];
  return Math.abs((c.x - a.x) - (b.x - a.x) / 2) < 0.5 && c.y > a.y;
}

test('short links, the embed and compare mode open shipped hex maps as hexagons', { timeout: 120_000 }, async (t) => {
  await env.withPage(t, async (page, { url }) => {
    // The page is already open at `url`, so this goto only changes the fragment (a
    // hashchange, no reload): wait for the page to count one more link handled.
    const read = await page.evaluate(() => window.pathlab.linksRead());
    await gotoReady(page, `${url}#map=hex-maze-41&algo=dijkstra`);
    await page.waitForFunction((n) => window.pathlab.linksRead() > n, read);
    assert.equal(await page.evaluate(() => window.pathlab.shape()), 'hex-columns');
    assert.equal((await page.evaluate(() => window.pathlab.settings())).algorithm, 'dijkstra');
    await speedMax(page);
    assert.equal(await runToEnd(page), 'found');

    await page.goto(`${url}embed.html?map=hex-rooms-60&algorithm=astar&controls=run`);
    await page.waitForFunction(() => !!window.pathlabEmbed);
    const embedCentre = (x, y) => page.evaluate(([x, y]) => window.pathlabEmbed.view.cellToClient(x, y), [x, y]);
    assert.ok(await laidOutInHexRows(page, embedCentre), 'the embed lays the map out in hex rows');

    await gotoReady(page, `${url}compare.html#map=hex-rooms-60&compare=astar,dijkstra`);
    const compareCentre = (x, y) => page.evaluate(([x, y]) => window.pathlab.cellToClient(1, x, y), [x, y]);
    assert.ok(await laidOutInHexRows(page, compareCentre), 'compare mode lays the map out in hex rows');
    const speed = page.locator('[data-compare="speed"]');
    await speed.focus();
    await page.keyboard.press('End');
    await page.locator('.compare-table').click();
    await page.keyboard.press('Space');
    await page.waitForFunction(() => [...document.querySelectorAll('.compare-table tbody [data-col="status"]')]
      .map((td) => td.textContent).join() === 'found,found', null, { timeout: 60_000 });
    const costs = await page.evaluate(() => [0, 1].map((i) => window.pathlab.stats(i).pathCost));
    assert.equal(costs[0], costs[1], 'A* and Dijkstra agree on hexes');
  });
});

test('webgl2: a big hex map zoomed out is averaged, not aliased into moiré', { timeout: 90_000 }, async (t) => {
  await env.withPage(t, async (page, { shot }) => {
    // Walls in every other column of pointy-top hexes: sampled hex by hex at under a pixel a
    // hex, they alias into bands; averaged, they are one even grey.
    const n = 1024;
    const row = Array.from({ length: n }, (_, x) => (x % 2 ? '.' : '@')).join('');
    const text = `type hex-rows\nheight ${n}\nwidth ${n}\nmap\n${Array(n).fill(row).join('\n')}\n`;
    await openPanel(page, 'map');
    await page.locator('#open-file').setInputFiles({ name: 'hex-stripes.map', mimeType: 'text/plain', buffer: Buffer.from(text) });
    await page.waitForFunction((n) => window.pathlab.shape() === 'hex-rows' && window.pathlab.size().width === n, n);
    await settled(page);
    const a = await cellPoint(page, 100, 100);
    const b = await cellPoint(page, 900, 900);
    assert.ok(b.x - a.x < 800 * 0.9, `shown smaller than a pixel a hex (${((b.x - a.x) / 800).toFixed(2)} px)`);
    const image = await screen(page);
    await shot('stripes');
    const { mean, spread } = evenness(image, a, b);
    const half = TERRAIN[0].rgb.map((v, c) => (v + TERRAIN[1].rgb[c]) / 2);
    assert.ok(near(mean, half, 12), `the stripes average to ${half.map(Math.round)} (seen ${mean.map(Math.round)})`);
    assert.ok(spread <= 12, `no bands: every sample within 12 of the mean (the worst is ${spread.toFixed(0)} off)`);
  });
});
