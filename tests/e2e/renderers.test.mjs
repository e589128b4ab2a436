// Both renderers: WebGL2 (the default) and the 2D canvas (`?renderer=2d`, and the fallback
// when WebGL fails). What is on screen is read from screenshots: the colour of a cell of a
// known state, the path and markers over the cells, after zooming and panning, a map with
// more cells than pixels averaged rather than aliased, a browser without WebGL or a lost
// WebGL context falling back to the 2D canvas with the map kept, and a software WebGL2
// handing a map of more than 1024² cells to the 2D canvas unless the URL asks for WebGL2.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  startEnv, gotoReady, waitReady, newMap, drag, speedMax, runToEnd, states, cells, cellPixels, near, cellPoint,
  screen, evenness, settled, exportMap, size, afterFrames, launchBrowser,
  RENDERERS, rgb, openPanel,
} from './helpers.mjs';
import { TERRAIN, MARKS, cellColour } from '../../www/palette.js';

let env;
before(async () => { env = await startEnv(); });
after(async () => { await env?.close(); });

/** The renderer the map canvas says it paints with. */
const rendererOf = (page) => page.locator('#grid-canvas').getAttribute('data-renderer');

/**
 * A 60×40 map with a wall across the middle and an arm off it to the right (so nothing is
 * symmetric about the cell at its joint), searched to the end with A*: returns the cell and
 * state bytes, the path, and cells of each kind well away from the path and the markers.
 */
async function searchedMap(page) {
  await newMap(page, 60, 40);
  await drag(page, [[30, 6], [30, 33]], { steps: 8 });
  await drag(page, [[31, 12], [40, 12]], { steps: 4 });
  await speedMax(page);
  assert.equal(await runToEnd(page), 'found');
  await settled(page);
  const grid = await states(page);
  const terrain = await cells(page);
  const path = await page.evaluate(() => window.pathlab.path());
  const pathCells = [];
  for (let i = 0; i < path.length; i += 2) pathCells.push([path[i], path[i + 1]]);
  const start = await page.evaluate(() => window.pathlab.start());
  const goal = await page.evaluate(() => window.pathlab.goal());
  // Two cells away from the path and the markers: the vectors cannot reach them.
  const clear = (x, y) => [...pathCells, [start.x, start.y], [goal.x, goal.y]]
    .every(([px, py]) => Math.max(Math.abs(px - x), Math.abs(py - y)) >= 2);
  const find = (state) => {
    for (let y = 1; y < grid.height - 1; y++) {
      for (let x = 1; x < grid.width - 1; x++) {
        if (grid.data[y * grid.width + x] === state && clear(x, y)) return [x, y];
      }
    }
    return null;
  };
  const closed = find(2);
  const untouched = find(0);
  assert.ok(closed && untouched, 'the search left closed and untouched cells away from the path');
  /** The colour cell (x, y) should show. */
  const colour = (x, y) => {
    const i = y * grid.width + x;
    return terrain.data[i] === 0 ? TERRAIN[0].rgb : cellColour(terrain.data[i], grid.data[i]);
  };
  return { grid, pathCells, start, goal, closed, untouched, wall: [30, 12], clear, colour };
}

/** Checks the colours on screen at a cell of each kind, the path and the markers. */
async function assertPicture(page, map, what) {
  const middle = map.pathCells[Math.floor(map.pathCells.length / 2)];
  const [wall, closed, untouched, path, start, goal] = await cellPixels(page, [
    map.wall, map.closed, map.untouched, middle, [map.start.x, map.start.y], [map.goal.x, map.goal.y],
  ]);
  assert.ok(near(wall, TERRAIN[0].rgb), `${what}: a wall is painted ${TERRAIN[0].rgb}, not ${wall}`);
  assert.ok(near(closed, cellColour(1, 2)), `${what}: a closed cell is painted ${cellColour(1, 2)}, not ${closed}`);
  assert.ok(near(untouched, TERRAIN[1].rgb), `${what}: an untouched cell is painted ${TERRAIN[1].rgb}, not ${untouched}`);
  assert.ok(near(path, rgb(MARKS.path)), `${what}: the path line is drawn over its cells (${path})`);
  assert.ok(near(start, rgb(MARKS.start)), `${what}: the start marker is on top (${start})`);
  assert.ok(near(goal, rgb(MARKS.goal)), `${what}: the goal marker is on top (${goal})`);
}

// WebGL2 with its colour pyramid made by its shaders, as on a GPU (`?pyramid=gpu`): this
// machine's software GL makes it on the CPU by default, so the GPU's path is checked here.
const PAINTERS = [...RENDERERS, ['webgl2', '?pyramid=gpu', 'webgl2 with the shaders\' pyramid']];

for (const [renderer, query, label = renderer] of PAINTERS) {
  test(`${label}: cells show their palette colours, with the path and markers drawn over them`, { timeout: 90_000 }, async (t) => {
    await env.withPage(t, async (page, { url, shot }) => {
      await gotoReady(page, url + query);
      assert.equal(await rendererOf(page), renderer);
      if (query === '?pyramid=gpu') {
        const why = await page.locator('#grid-canvas').getAttribute('data-renderer-why');
        assert.match(why ?? '', /its shaders colour the cells/, 'the shaders make the pyramid');
      }
      const map = await searchedMap(page);
      await assertPicture(page, map, 'fitted');
      await shot('searched');
    }, { load: false });
  });

  test(`${label}: zooming and panning move the cells and the vectors together`, { timeout: 90_000 }, async (t) => {
    await env.withPage(t, async (page, { url }) => {
      await gotoReady(page, url + query);
      assert.equal(await rendererOf(page), renderer);
      const map = await searchedMap(page);
      // Zoom in with the wheel over the wall, then pan with a Shift-drag: every check reads
      // the cell where the page's own geometry (cellToClient) says it is.
      const at = await cellPoint(page, 30, 12);
      await page.mouse.move(at.x, at.y);
      for (let i = 0; i < 3; i++) await page.mouse.wheel(0, -200);
      await settled(page);
      const zoomed = await cellPoint(page, 31, 12);
      assert.ok(zoomed.x - at.x > 20, `zoomed in: a cell is ${zoomed.x - at.x} px wide`);
      const visible = async ([x, y]) => {
        const p = await cellPoint(page, x, y);
        const box = await page.locator('#grid-canvas').boundingBox();
        return p.x > box.x + 4 && p.y > box.y + 4 && p.x < box.x + box.width - 4 && p.y < box.y + box.height - 4;
      };
      // Every cell of the 9 × 9 around the joint of the wall shows its own colour.
      const around = async (what) => {
        const block = [];
        for (let y = 8; y <= 16; y++) for (let x = 26; x <= 34; x++) if (map.clear(x, y) && (await visible([x, y]))) block.push([x, y]);
        assert.ok(block.length >= 40, `${what}: most of the block is on screen (${block.length})`);
        const seen = await cellPixels(page, block);
        block.forEach(([x, y], i) => assert.ok(near(seen[i], map.colour(x, y)), `${what}: cell (${x}, ${y}) shows ${map.colour(x, y)}, not ${seen[i]}`));
      };
      await around('zoomed');
      await page.keyboard.down('Shift');
      await page.mouse.move(at.x, at.y);
      await page.mouse.down();
      await page.mouse.move(at.x - 150, at.y - 60, { steps: 6 });
      await page.mouse.up();
      await page.keyboard.up('Shift');
      await settled(page);
      const panned = await cellPoint(page, 30, 12);
      assert.ok(Math.abs(panned.x - (at.x - 150)) < 2, `panned: the wall moved with the pointer (${panned.x})`);
      await around('panned');
      const middle = map.pathCells.find((c) => Math.abs(c[0] - 30) > 3 && Math.abs(c[1] - 12) < 20);
      if (middle && (await visible(middle))) {
        const [path] = await cellPixels(page, [middle]);
        assert.ok(near(path, rgb(MARKS.path)), `panned: the path is drawn over its cells (${path})`);
      }
    }, { load: false });
  });
}

test('the page paints with WebGL2 unless ?renderer=2d asks for the 2D canvas', { timeout: 60_000 }, async (t) => {
  await env.withPage(t, async (page, { url }) => {
    for (const [renderer, query] of RENDERERS) {
      for (const file of ['', 'compare.html', 'embed.html']) {
        await page.goto(url + file + query);
        await page.waitForFunction(() => document.querySelector('canvas[data-renderer]'));
        const painted = await page.$$eval('canvas[data-renderer]', (cs) => cs.map((c) => c.dataset.renderer));
        assert.ok(painted.every((r) => r === renderer), `${file || 'index.html'}${query}: ${painted}`);
        const layers = await page.locator('canvas.gl-cells').count();
        assert.equal(layers, renderer === 'webgl2' ? painted.length : 0, `${file || 'index.html'}${query}: one WebGL canvas a view`);
      }
    }
  }, { load: false });
});

test('?renderer=2d is kept from the main page to compare mode and back: every pane paints with the 2D canvas', { timeout: 60_000 }, async (t) => {
  await env.withPage(t, async (page, { url, shot }) => {
    await gotoReady(page, `${url}?renderer=2d`);
    assert.equal(await rendererOf(page), '2d');
    await page.locator('#compare-link').click();
    await page.waitForURL(/compare\.html/);
    await page.waitForFunction(() => window.pathlab?.ready && window.pathlab.count?.() === 2, null, { timeout: 20_000 });
    assert.equal(new URL(page.url()).searchParams.get('renderer'), '2d', `compare mode's URL keeps the renderer (${page.url()})`);
    const panes = await page.$$eval('canvas[data-renderer]', (cs) => cs.map((c) => c.dataset.renderer));
    assert.deepEqual(panes, ['2d', '2d'], 'both panes paint with the 2D canvas');
    assert.equal(await page.locator('canvas.gl-cells').count(), 0, 'no WebGL layer under a pane');
    await shot('compare');
    await page.locator('#single-link').click();
    await page.waitForURL((u) => !/compare\.html/.test(u.pathname));
    await waitReady(page);
    assert.equal(await rendererOf(page), '2d', `back on the main page (${page.url()})`);
  }, { load: false });
});

for (const [query, label] of [['', 'webgl2'], ['?pyramid=gpu', "webgl2 with the shaders' pyramid"]]) {
  test(`${label}: a map with more cells than pixels is averaged, not aliased into moiré`, { timeout: 90_000 }, async (t) => {
    await env.withPage(t, async (page, { url, shot }) => {
      await gotoReady(page, url + query);
      // Walls in every other column: sampled without averaging, a map shown at about half a
      // pixel a cell turns into stripes and bands (moiré); averaged, it is one even grey.
      const n = 1024;
      const row = Array.from({ length: n }, (_, x) => (x % 2 ? '.' : '@')).join('');
      const text = `type octile\nheight ${n}\nwidth ${n}\nmap\n${Array(n).fill(row).join('\n')}\n`;
      await openPanel(page, 'map');
      await page.locator('#open-file').setInputFiles({ name: 'stripes.map', mimeType: 'text/plain', buffer: Buffer.from(text) });
      await page.waitForFunction((n) => window.pathlab.size().width === n, n);
      await settled(page);
      assert.equal(await rendererOf(page), 'webgl2');
      const a = await cellPoint(page, 100, 100);
      const b = await cellPoint(page, 900, 900);
      assert.ok(b.x - a.x < 800 * 0.9, `the map is shown smaller than a pixel a cell (${((b.x - a.x) / 800).toFixed(2)} px)`);
      const image = await screen(page);
      const { mean, spread } = evenness(image, a, b);
      const half = TERRAIN[0].rgb.map((v, c) => (v + TERRAIN[1].rgb[c]) / 2);
      await shot('stripes');
      assert.ok(near(mean, half, 12), `the stripes average to ${half.map(Math.round)} (seen ${mean.map(Math.round)})`);
      assert.ok(spread <= 12, `no bands: every sample within 12 of the mean (the worst is ${spread.toFixed(0)} off)`);
    }, { load: false });
  });
}

test('a lost WebGL context falls back to the 2D canvas, says so once and keeps the map', { timeout: 90_000 }, async (t) => {
  await env.withPage(t, async (page) => {
    const warnings = [];
    page.on('console', (m) => { if (m.type() === 'warning' && /2D canvas/.test(m.text())) warnings.push(m.text()); });
    assert.equal(await rendererOf(page), 'webgl2');
    const map = await searchedMap(page);
    const before = { cells: await exportMap(page), size: await size(page) };
    // The GPU going away, as a driver reset would: the browser's own extension for it, on the
    // WebGL canvas (not the page's code).
    await page.evaluate(() => document.querySelector('canvas.gl-cells').getContext('webgl2').getExtension('WEBGL_lose_context').loseContext());
    await page.waitForFunction(() => document.getElementById('grid-canvas').dataset.renderer === '2d');
    assert.equal(await page.locator('canvas.gl-cells').count(), 0, 'the WebGL canvas is gone');
    // The next frame repaints the whole picture with the 2D layer.
    await afterFrames(page, 3);
    await assertPicture(page, map, 'after the fallback');
    assert.deepEqual({ cells: await exportMap(page), size: await size(page) }, before, 'the map is kept');
    assert.equal(warnings.length, 1, `one console warning (${warnings})`);
    assert.match(warnings[0], /context was lost/);
  });
});

test('without WebGL the page paints with the 2D canvas, says why once and works', { timeout: 90_000 }, async () => {
  // A browser of its own, with WebGL switched off, as on a machine that has none.
  const browser = await launchBrowser(['--disable-webgl']);
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const warnings = [];
    const errors = [];
    page.on('console', (m) => {
      if (m.type() === 'warning' && /2D canvas/.test(m.text())) warnings.push(m.text());
      if (m.type() === 'error') errors.push(m.text());
    });
    page.on('pageerror', (e) => errors.push(String(e)));
    await gotoReady(page, env.url);
    assert.equal(await rendererOf(page), '2d');
    assert.equal(await page.locator('canvas.gl-cells').count(), 0, 'no WebGL canvas left behind');
    const map = await searchedMap(page);
    await assertPicture(page, map, 'without WebGL');
    assert.equal(warnings.length, 1, `one console warning (${warnings})`);
    assert.match(warnings[0], /no WebGL2/);
    assert.deepEqual(errors, [], 'no errors');
  } finally {
    await browser.close();
  }
});

test('on a software WebGL2 (SwiftShader here) a map over 1024² cells paints with the 2D canvas and says why; ?renderer=webgl2 keeps WebGL2', { timeout: 120_000 }, async (t) => {
  await env.withPage(t, async (page, { url, shot }) => {
    // 2048 × 1024 open cells: twice the cells of the largest map that stays on WebGL2.
    const text = `type octile\nheight 1024\nwidth 2048\nmap\n${Array(1024).fill('.'.repeat(2048)).join('\n')}\n`;
    const open = async () => {
      await openPanel(page, 'map');
      await page.locator('#open-file').setInputFiles({ name: 'wide.map', mimeType: 'text/plain', buffer: Buffer.from(text) });
      await page.waitForFunction(() => window.pathlab.size().width === 2048);
      await settled(page);
    };
    const why = () => page.locator('#grid-canvas').getAttribute('data-renderer-why');
    // WebGL2 on a software GL draws colours made on the CPU, and says so.
    const cpu = /WebGL2 is software here \(SwiftShader\): the cells are coloured and averaged on the CPU/;
    assert.equal(await rendererOf(page), 'webgl2', 'a small map paints with WebGL2');
    assert.match(await why(), cpu);
    await open();
    await page.waitForFunction(() => document.getElementById('grid-canvas').dataset.renderer === '2d');
    assert.match(await why(), /WebGL2 is software here \(SwiftShader\)/);
    assert.equal(await page.locator('canvas.gl-cells').count(), 0, 'the WebGL canvas is gone');
    await shot('large-2d');
    // A small map again: WebGL2 again, colouring on the CPU.
    await newMap(page, 40, 30);
    await page.waitForFunction(() => document.getElementById('grid-canvas').dataset.renderer === 'webgl2');
    assert.match(await why(), cpu);
    // The user's choice in the URL wins.
    await gotoReady(page, `${url}?renderer=webgl2`);
    await open();
    assert.equal(await rendererOf(page), 'webgl2', '?renderer=webgl2 paints a large map with WebGL2');
    assert.match(await why(), cpu);
    assert.equal(await page.locator('canvas.gl-cells').count(), 1);
  });
});
