// The Export dialog, driven with the real mouse, and its files decoded: the SVG parsed and its
// path's points compared with the planner's path, the PNG's size and pixels read back, the
// GIF's frames counted by the browser's own image decoder (ImageDecoder, not our encoder), a
// cancel in the middle of an encoding; the same exports from <pathlab-grid>; and the SVG of a
// 1024² maze kept to a reasonable size (printed, and bounded).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { startEnv, focusNeutral, speedMax, runToEnd, settled, openPanel } from './helpers.mjs';

let env;
before(async () => { env = await startEnv(); });
after(async () => { await env?.close(); });

async function openMap(page, file) {
  await openPanel(page, 'map');
  await page.locator('#map').selectOption(file);
  await page.waitForFunction((f) => window.pathlab.mapName() === f, file);
  await focusNeutral(page);
}

/** Clicks `selector` in the open dialog and returns the downloaded file's bytes and name. */
async function download(page, selector) {
  const [file] = await Promise.all([page.waitForEvent('download'), page.locator(selector).click()]);
  const bytes = fs.readFileSync(await file.path());
  return { bytes, name: file.suggestedFilename() };
}

const hexRgb = (h) => [1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16));

test('SVG and PNG of a finished search: the path, the markers and the cells are the planner\'s', { timeout: 120_000 }, async (t) => {
  await env.withPage(t, async (page, { shot }) => {
    await openMap(page, 'u-trap-40.map');
    await speedMax(page);
    await runToEnd(page);
    await settled(page);
    const path = await page.evaluate(() => window.pathlab.path());
    const start = await page.evaluate(() => window.pathlab.start());
    const goal = await page.evaluate(() => window.pathlab.goal());
    assert.ok(path.length >= 4);
    await page.locator('#export-view').click();
    await page.locator('dialog.export-dialog').waitFor();
    await shot('dialog');

    const svg = await download(page, '[data-export="svg"]');
    assert.equal(svg.name, 'u-trap-40.svg');
    const read = await page.evaluate((text) => {
      const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
      const root = doc.documentElement;
      const num = (el, a) => Number(el.getAttribute(a));
      const line = doc.getElementById('path');
      return {
        error: doc.querySelector('parsererror')?.textContent ?? null,
        viewBox: root.getAttribute('viewBox'),
        width: num(root, 'width'),
        points: line ? line.getAttribute('points').trim().split(/\s+/).map((p) => p.split(',').map(Number)) : [],
        start: [num(doc.getElementById('start'), 'cx'), num(doc.getElementById('start'), 'cy')],
        goal: doc.getElementById('goal').getAttribute('points'),
        walls: [...doc.querySelectorAll('#cells path[data-cell="0"]')].map((p) => p.getAttribute('d')).join(''),
        shapes: doc.querySelectorAll('#cells path').length,
      };
    }, svg.bytes.toString('utf8'));
    assert.equal(read.error, null, 'the SVG parses');
    assert.equal(read.viewBox, '0 0 40 30');
    const cells = read.points.map(([x, y]) => [x - 0.5, y - 0.5]);
    assert.deepEqual(cells.flat(), path, 'the SVG\'s path runs through the centres of the planner\'s path cells');
    assert.deepEqual(read.start, [start.x + 0.5, start.y + 0.5], 'the start disc is on the start');
    assert.match(read.goal, new RegExp(`^${goal.x + 0.5},`), 'the goal diamond is on the goal');
    // The cup's walls are rectangles of wall cells: a wall cell is inside one of them.
    const rects = [...read.walls.matchAll(/M(\d+) (\d+)h(\d+)v(\d+)/g)].map((m) => m.slice(1).map(Number));
    assert.ok(rects.length > 0 && rects.length < 40, `${rects.length} wall rectangles: runs of wall merged`);
    const wallCell = await page.evaluate(() => {
      const { width, height } = window.pathlab.size();
      for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) if (window.pathlab.cell(x, y) === 0) return [x, y];
      return null;
    });
    assert.ok(rects.some(([x, y, w, h]) => wallCell[0] >= x && wallCell[0] < x + w && wallCell[1] >= y && wallCell[1] < y + h), `wall cell ${wallCell} is drawn as wall`);

    const png = await download(page, '[data-export="png"]');
    assert.equal(png.name, 'u-trap-40.png');
    assert.deepEqual([...png.bytes.subarray(1, 4)].map((c) => String.fromCharCode(c)).join(''), 'PNG');
    // The PNG's width is in its header (IHDR), so the cells' centres are known before decoding.
    const scale = png.bytes.readUInt32BE(16) / 40;
    const centre = ([x, y]) => [(x + 0.5) * scale, (y + 0.5) * scale];
    const mid = [path[Math.floor(path.length / 4) * 2], path[Math.floor(path.length / 4) * 2 + 1]];
    const decoded = await pngPixels(page, png.bytes, [centre(wallCell), centre(mid)]);
    const pixels = { width: decoded.width, height: decoded.height, wall: decoded.at[0], path: decoded.at[1] };
    assert.equal(pixels.width % 40, 0);
    assert.equal(pixels.height, (pixels.width / 40) * 30, 'the PNG is the map at a whole number of pixels a cell');
    assert.ok(pixels.width >= 800 && pixels.width <= 1024, `${pixels.width} px wide`);
    assert.deepEqual(pixels.wall, hexRgb('#262b36'), 'a wall cell is the wall colour');
    assert.deepEqual(pixels.path, hexRgb('#ff2a8a'), 'a path cell\'s centre is the path\'s pink');
    assert.equal(await page.locator('dialog.export-dialog').getAttribute('data-state'), 'done');
  });
});

/** Samples `cells` (x, y pairs, fractions of a pitch from the cell's top left) of a PNG's pixels. */
async function pngPixels(page, bytes, points) {
  return page.evaluate(async ({ b64, points }) => {
    const blob = new Blob([Uint8Array.from(atob(b64), (c) => c.charCodeAt(0))], { type: 'image/png' });
    const bitmap = await createImageBitmap(blob);
    const canvas = document.createElement('canvas');
    canvas.width = bitmap.width;
    canvas.height = bitmap.height;
    const ctx = canvas.getContext('2d');
    ctx.drawImage(bitmap, 0, 0);
    return { width: bitmap.width, height: bitmap.height, at: points.map(([x, y]) => [...ctx.getImageData(Math.floor(x), Math.floor(y), 1, 1).data].slice(0, 3)) };
  }, { b64: bytes.toString('base64'), points });
}

/** The vertices of every subpath of the SVG's cell paths of `selector`, in cell pitches. */
function vertices(page, text, selector) {
  return page.evaluate(({ text, selector }) => {
    const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
    const d = [...doc.querySelectorAll(`#cells ${selector}`)].map((p) => p.getAttribute('d')).join('');
    return { viewBox: doc.documentElement.getAttribute('viewBox'), points: [...d.matchAll(/[ML](-?[\d.]+) (-?[\d.]+)/g)].map((m) => [Number(m[1]), Number(m[2])]) };
  }, { text, selector });
}

for (const [file, shape] of [['hex-rooms-60.map', 'hex-rows'], ['hex-maze-41.map', 'hex-columns']]) {
  test(`a map of hexagons (${shape}) exports as hexagons: SVG polygons at the cells' centres, PNG pixels of the same picture`, { timeout: 120_000 }, async (t) => {
    const { layoutOf } = await import('../../www/geometry.js');
    const layout = layoutOf(shape);
    await env.withPage(t, async (page) => {
      await openMap(page, file);
      const { width, height } = await page.evaluate(() => window.pathlab.size());
      // A wall whose hexagon's centre lies over a free cell were the map drawn in squares.
      const cells = await page.evaluate(() => {
        const { width, height } = window.pathlab.size();
        const out = [];
        for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) out.push(window.pathlab.cell(x, y));
        return out;
      });
      const markers = await page.evaluate(() => [window.pathlab.start(), window.pathlab.goal()]);
      let wall = null;
      let free = null;
      for (let y = 0; y < height && !(wall && free); y++) {
        for (let x = 0; x < width; x++) {
          if (markers.some((m) => Math.abs(m.x - x) + Math.abs(m.y - y) < 4)) continue;
          const [u, v] = layout.centre(x, y);
          const under = cells[Math.floor(v) * width + Math.floor(u)];
          if (!wall && cells[y * width + x] === 0 && under !== 0 && under !== undefined) wall = [x, y];
          if (!free && cells[y * width + x] === 1 && under === 0) free = [x, y];
        }
      }
      assert.ok(wall && free, 'the map has a wall over a free square and a free cell over a wall square');
      await page.locator('#export-view').click();
      await page.locator('dialog.export-dialog').waitFor();
      const svg = await download(page, '[data-export="svg"]');
      const text = svg.bytes.toString('utf8');
      const walls = await vertices(page, text, 'path[data-cell="0"]');
      const [ew, eh] = layout.extent(width, height);
      assert.deepEqual(walls.viewBox.split(' ').map(Number), [0, 0, ew, eh].map((v) => Math.round(v * 1000) / 1000), 'the picture is the hexagons\' extent');
      const corners = ([x, y]) => layout.corners.map(([du, dv]) => [layout.centre(x, y)[0] + du, layout.centre(x, y)[1] + dv]);
      const has = (list, [x, y]) => list.some(([a, b]) => Math.abs(a - x) < 0.002 && Math.abs(b - y) < 0.002);
      for (const c of corners(wall)) assert.ok(has(walls.points, c), `wall ${wall}'s hexagon has its corner ${c.map((v) => v.toFixed(3))} in the wall's outline`);
      const open = await vertices(page, text, 'path[data-cell="1"]');
      for (const c of corners(free)) assert.ok(has(open.points, c), `free cell ${free}'s hexagon has its corner ${c.map((v) => v.toFixed(3))} in the open ground's outline`);
      assert.ok(!text.includes('h1v1h-1z'), 'no cell is a square');
      console.log(`SVG of ${file}: ${svg.bytes.length} bytes`);

      const png = await download(page, '[data-export="png"]');
      const scale = Math.max(1, Math.min(24, Math.floor(1024 / Math.max(width, height))));
      const at = ([x, y]) => layout.centre(x, y).map((v) => v * scale);
      const got = await pngPixels(page, png.bytes, [at(wall), at(free), [0, eh * scale - 1]]);
      assert.deepEqual([got.width, got.height], [Math.ceil(ew * scale - 1e-9), Math.ceil(eh * scale - 1e-9)], 'the PNG is the hexagons\' extent');
      assert.deepEqual(got.at[0], hexRgb('#262b36'), 'the wall hexagon\'s centre is the wall colour');
      assert.deepEqual(got.at[1], hexRgb('#fbfbf8'), 'the free hexagon\'s centre is open ground');
    });
  });
}

test('the distance field\'s and the movement range\'s views export as shown: heat colours and arrows, the range\'s tint and outline', { timeout: 120_000 }, async (t) => {
  const { heatColour } = await import('../../www/palette.js');
  const { hexOf } = await import('../../www/palette.js');
  await env.withPage(t, async (page) => {
    await openMap(page, 'u-trap-40.map');
    await page.locator('#view').selectOption('field');
    await page.waitForFunction(() => document.querySelector('#grid-canvas').dataset.fieldVersion !== undefined);
    await settled(page);
    const goal = await page.evaluate(() => window.pathlab.goal());
    // A few free cells away from the markers and their heat bytes.
    const samples = await page.evaluate(() => {
      const out = [];
      for (const [x, y] of [[2, 2], [20, 3], [37, 27], [10, 25]]) if (window.pathlab.cell(x, y) !== 0) out.push([x, y, window.pathlab.heat(x, y)]);
      return out;
    });
    assert.ok(samples.length >= 3);
    await page.locator('#export-view').click();
    await page.locator('dialog.export-dialog').waitFor();
    const svg = await download(page, '[data-export="svg"]');
    const text = svg.bytes.toString('utf8');
    const read = await page.evaluate((text) => {
      const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
      const fills = {};
      for (const p of doc.querySelectorAll('#cells path[data-heat]')) fills[p.getAttribute('data-heat')] = p.getAttribute('fill');
      return { fills, background: doc.getElementById('background').getAttribute('fill'), arrows: doc.querySelectorAll('[id^="arrows"], [class^="arrows"]').length };
    }, text);
    const colours = new Set([...Object.values(read.fills), read.background]);
    for (const [x, y, heat] of samples) {
      assert.ok(colours.has(hexOf(heatColour(heat / 254))), `cell (${x},${y}) heat ${heat}: its ramp colour is in the SVG`);
    }
    assert.equal(read.fills['0'] ?? read.background, hexOf(heatColour(0)), `the goal (${goal.x},${goal.y}) is the ramp's first colour`);
    assert.ok(read.arrows > 0, 'the flow arrows are drawn');

    const png = await download(page, '[data-export="png"]');
    const scale = Math.max(1, Math.min(24, Math.floor(1024 / 40)));
    // A cell's corner: away from its arrow.
    const got = await pngPixels(page, png.bytes, samples.map(([x, y]) => [(x + 0.06) * scale, (y + 0.06) * scale]));
    samples.forEach(([x, y, heat], i) => assert.deepEqual(got.at[i], heatColour(heat / 254), `PNG cell (${x},${y}) is heat ${heat}'s colour`));

    await page.keyboard.press('Escape');
    await page.locator('#view').selectOption('range');
    await page.waitForFunction(() => document.querySelector('#grid-canvas').dataset.rangeVersion !== undefined);
    await settled(page);
    await page.locator('#export-view').click();
    await page.locator('dialog.export-dialog').waitFor();
    const range = (await download(page, '[data-export="svg"]')).bytes.toString('utf8');
    assert.match(range, /data-range="1"/, 'the in-range cells are tinted');
    assert.match(range, /id="range-outline"/, 'the range\'s outline is drawn');
    assert.match(range, /id="unit"/, 'the unit is drawn');
  });
});

test('an animated GIF of the search: one frame per chosen step, decoded by the browser', { timeout: 180_000 }, async (t) => {
  await env.withPage(t, async (page, { shot }) => {
    // Dijkstra spreads over the whole 64² field: 4,000 steps, a frame every 4 of them.
    await openMap(page, 'open-64.map');
    await page.locator('#algorithm').selectOption('dijkstra');
    await speedMax(page);
    await runToEnd(page);
    const length = await page.evaluate(() => window.pathlab.timeline().length);
    assert.ok(length > 4000, `${length} steps`);
    await page.locator('#export-view').click();
    await page.locator('[data-field="from"]').fill('0');
    await page.locator('[data-field="to"]').fill(String(length));
    await page.locator('[data-field="every"]').fill('4');
    await page.locator('[data-field="scale"]').fill('4');
    const frames = Math.ceil(length / 4) + 1;
    const t0 = Date.now();
    const [file] = await Promise.all([page.waitForEvent('download', { timeout: 120_000 }), page.locator('[data-export="gif"]').click()]);
    const bytes = fs.readFileSync(await file.path());
    assert.equal(file.suggestedFilename(), 'open-64.gif');
    assert.equal(bytes.subarray(0, 6).toString('latin1'), 'GIF89a');
    assert.ok(bytes.length < 3e6, `a 64² search in ${(bytes.length / 1e6).toFixed(2)} MB`);
    console.log(`GIF of Dijkstra on open-64 (256² px): ${frames} frames, ${bytes.length} bytes, ${Date.now() - t0} ms`);
    const decoded = await page.evaluate(async (b64) => {
      const data = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
      const decoder = new ImageDecoder({ data, type: 'image/gif' });
      await decoder.tracks.ready;
      const count = decoder.tracks.selectedTrack.frameCount;
      const last = (await decoder.decode({ frameIndex: count - 1 })).image;
      const first = (await decoder.decode({ frameIndex: 0 })).image;
      const canvas = new OffscreenCanvas(last.displayWidth, last.displayHeight);
      const ctx = canvas.getContext('2d');
      const pixel = (frame, x, y) => {
        ctx.drawImage(frame, 0, 0);
        return [...ctx.getImageData(x, y, 1, 1).data].slice(0, 3);
      };
      const out = { count, width: last.displayWidth, height: last.displayHeight };
      // The centre of the map: open or unvisited at first, on the path (a diagonal) at the end.
      const c = Math.floor(last.displayWidth / 2);
      out.firstCentre = pixel(first, c, c);
      out.lastCentre = pixel(last, c, c);
      return out;
    }, bytes.toString('base64'));
    assert.equal(decoded.count, frames, 'one frame per chosen step, the last step included');
    assert.equal(decoded.width, decoded.height, 'a square map gives a square animation');
    assert.notDeepEqual(decoded.firstCentre, decoded.lastCentre, 'the search moved on between the first and last frame');
    assert.equal(await page.locator('dialog.export-dialog').getAttribute('data-state'), 'done');
    assert.equal(await page.evaluate(() => window.pathlab.position()), length, 'the planner is back at the step it showed');
    await shot('gif-done');
  });
});

test('Cancel stops an encoding: nothing is saved and the planner is back where it was', { timeout: 180_000 }, async (t) => {
  await env.withPage(t, async (page) => {
    await openMap(page, 'maze-63.map');
    await speedMax(page);
    await runToEnd(page);
    // Scrubbed back a little: the export must come back to this step.
    await page.locator('[data-timeline="back"]').click();
    await settled(page);
    const at = await page.evaluate(() => window.pathlab.position());
    await page.locator('#export-view').click();
    await page.locator('[data-field="every"]').fill('1');
    await page.locator('[data-field="scale"]').fill('8');
    let saved = false;
    page.on('download', () => { saved = true; });
    await page.locator('[data-export="gif"]').click();
    await page.waitForFunction(() => Number(document.querySelector('[data-export="progress"]').value) > 0.02);
    await page.locator('[data-export="cancel"]').click();
    await page.waitForFunction(() => document.querySelector('dialog.export-dialog').dataset.state === 'cancelled');
    assert.equal(saved, false, 'a cancelled export saves nothing');
    assert.equal(await page.evaluate(() => window.pathlab.position()), at, 'back at the step shown before');
    assert.match(await page.locator('[data-export="result"]').textContent(), /Cancelled/);
  });
});

test('the SVG of a 1024² maze stays a reasonable file', { timeout: 180_000 }, async (t) => {
  await env.withPage(t, async (page) => {
    await openMap(page, 'maze-1024.map');
    await speedMax(page);
    await runToEnd(page, 120_000);
    await page.locator('#export-view').click();
    const svg = await download(page, '[data-export="svg"]');
    const text = svg.bytes.toString('utf8');
    const shapes = (text.match(/h\d+v\d+h-\d+z/g) || []).length;
    console.log(`SVG of maze-1024 after A*: ${svg.bytes.length} bytes, ${shapes} rectangles`);
    assert.ok(svg.bytes.length < 16e6, `${(svg.bytes.length / 1e6).toFixed(1)} MB`);
    assert.ok(shapes < 1024 * 1024 / 4, `${shapes} rectangles for ${1024 * 1024} cells`);
  });
});

test('<pathlab-grid> makes the same pictures through its methods', { timeout: 90_000 }, async (t) => {
  await env.withPage(t, async (page, { url }) => {
    await page.route(`${url}host.html`, (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>host</title>' }));
    await page.goto(`${url}host.html`);
    const got = await page.evaluate(async (src) => {
      await import(src);
      document.body.insertAdjacentHTML('beforeend', '<pathlab-grid id="g" map="maze-63" speed="instant" autoplay pseudocode></pathlab-grid>');
      const g = document.getElementById('g');
      await new Promise((resolve) => g.addEventListener('done', resolve, { once: true }));
      const svg = await (await g.exportImage({ format: 'svg', scale: 4 })).text();
      const png = await g.exportImage({ format: 'png', scale: 2 });
      const bitmap = await createImageBitmap(png);
      const gif = await g.exportAnimation({ from: 0, to: 20, every: 10 });
      const decoder = new ImageDecoder({ data: new Uint8Array(await gif.arrayBuffer()), type: 'image/gif' });
      await decoder.tracks.ready;
      let error = '';
      try {
        await g.exportImage({ format: 'jpeg' });
      } catch (e) {
        error = e.message;
      }
      return { width: /width="(\d+)"/.exec(svg)[1], hasPath: svg.includes('id="path"'), png: [bitmap.width, bitmap.height], frames: decoder.tracks.selectedTrack.frameCount, error };
    }, `${url}pathlab-embed.js`);
    assert.equal(got.width, String(63 * 4));
    assert.ok(got.hasPath);
    assert.deepEqual(got.png, [126, 126]);
    assert.equal(got.frames, 3, 'steps 0, 10 and 20');
    assert.match(got.error, /format must be "png" or "svg"/);
  });
});
