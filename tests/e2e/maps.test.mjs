// Maps: the shipped-map menu (name, size, description), opening .map and PNG files through
// the file input, exporting .map and PNG and opening the exports again, the generators.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import {
  startEnv, newMap, drag, cells, size, startCell, goalCell, message, readIndex, MAPS, tmpdir,
  focusNeutral, assertWholeMapVisible,
} from './helpers.mjs';

let env;
before(async () => { env = await startEnv(); });
after(async () => { await env?.close(); });

function mapSize(text) {
  const h = Number(/^height\s+(\d+)/m.exec(text)[1]);
  const w = Number(/^width\s+(\d+)/m.exec(text)[1]);
  return { width: w, height: h };
}

test('the menu lists every shipped map with its size and loads one with its description', { timeout: 60_000 }, async (t) => {
  await env.withPage(t, async (page, { shot }) => {
    const idx = readIndex();
    const options = await page.locator('#map option').evaluateAll((os) => os.map((o) => ({ value: o.value, text: o.textContent })));
    assert.equal(options.length, idx.length, 'one option per index entry');
    for (const m of idx) {
      const o = options.find((x) => x.value === m.file);
      assert.ok(o, `option for ${m.file}`);
      assert.ok(o.text.includes(m.name), `option text names ${m.name}: ${o.text}`);
      const text = fs.readFileSync(path.join(MAPS, m.file), 'utf8');
      const { width, height } = mapSize(text);
      if (Number.isInteger(m.width)) {
        assert.equal(m.width, width, `index width of ${m.file}`);
        assert.equal(m.height, height, `index height of ${m.file}`);
        assert.ok(o.text.includes(`${width}×${height}`), `option shows the size: ${o.text}`);
      }
    }
    const pick = idx.find((m) => m.file !== (options[0] && options[0].value) && mapSize(fs.readFileSync(path.join(MAPS, m.file), 'utf8')).width <= 256) || idx[0];
    await page.locator('#map').selectOption(pick.file);
    const want = mapSize(fs.readFileSync(path.join(MAPS, pick.file), 'utf8'));
    await page.waitForFunction((w) => window.pathlab.size().width === w.width && window.pathlab.size().height === w.height, want);
    await page.waitForFunction((f) => window.pathlab.mapName() === f, pick.file);
    assert.deepEqual(await startCell(page), { x: pick.start[0], y: pick.start[1] });
    assert.deepEqual(await goalCell(page), { x: pick.goal[0], y: pick.goal[1] });
    assert.equal((await page.locator('#map-info').textContent()).trim(), pick.description, 'the description is shown');
    assert.match((await message(page)).text, /Loaded/);
    await assertWholeMapVisible(page);
    await shot('menu-loaded');
  });
});

test('a .map file and a PNG open through the file input', { timeout: 60_000 }, async (t) => {
  await env.withPage(t, async (page) => {
    const dir = tmpdir();
    const mapFile = path.join(dir, 'tiny.map');
    fs.writeFileSync(mapFile, 'type octile\nheight 4\nwidth 6\nmap\n......\n.@@2..\n.@3344\n......\n');
    await page.locator('#open-file').setInputFiles(mapFile);
    await page.waitForFunction(() => window.pathlab.size().width === 6);
    const grid = await cells(page);
    assert.deepEqual(grid.data, [1, 1, 1, 1, 1, 1, 1, 0, 0, 2, 1, 1, 1, 0, 3, 3, 4, 4, 1, 1, 1, 1, 1, 1]);
    assert.match((await message(page)).text, /Opened tiny\.map/);
    assert.equal((await page.locator('#map-info').textContent()).trim(), 'Opened tiny.map.');

    // A PNG written by the page's own export (below) is covered too; this one is a fixture
    // built by hand: 3×2, black wall, white ground, grey 153 = cost 3.
    const png = path.join(dir, 'tiny.png');
    fs.writeFileSync(png, Buffer.from(PNG_3x2, 'base64'));
    await page.locator('#open-file').setInputFiles(png);
    await page.waitForFunction(() => window.pathlab.size().width === 3);
    assert.deepEqual((await cells(page)).data, [0, 1, 3, 1, 1, 0]);
    assert.match((await message(page)).text, /Opened tiny\.png/);
  });
});

test('Export .map and Export PNG give files that open to the same map', { timeout: 90_000 }, async (t) => {
  await env.withPage(t, async (page) => {
    await newMap(page, 24, 14);
    await drag(page, [[2, 2], [20, 11]]);
    await page.locator('[data-brush="4"]').click();
    await drag(page, [[3, 10], [15, 3]]);
    await page.locator('[data-brush="2"]').click();
    await drag(page, [[1, 12], [22, 12]]);
    await focusNeutral(page);
    const before = await cells(page);
    const dir = tmpdir();
    for (const [button, name] of [['#export-map', 'out.map'], ['#export-png', 'out.png']]) {
      const [download] = await Promise.all([page.waitForEvent('download'), page.locator(button).click()]);
      const file = path.join(dir, name);
      await download.saveAs(file);
      assert.ok(download.suggestedFilename().endsWith(path.extname(name)), download.suggestedFilename());
      await newMap(page, 12, 12);
      await page.locator('#open-file').setInputFiles(file);
      await page.waitForFunction(() => window.pathlab.size().width === 24);
      assert.deepEqual(await cells(page), before, `${name} reopens to the same cells`);
    }
    const head = fs.readFileSync(path.join(dir, 'out.png')).subarray(0, 8);
    assert.deepEqual([...head], [137, 80, 78, 71, 13, 10, 26, 10], 'a real PNG');
  });
});

test('Generate makes each kind of map, repeatably from a seed', { timeout: 90_000 }, async (t) => {
  await env.withPage(t, async (page, { shot }) => {
    await page.locator('#generate-box summary').click();
    const kinds = await page.locator('#gen-kind option').evaluateAll((os) => os.map((o) => o.value));
    assert.deepEqual(kinds.sort(), ['dfs-maze', 'random', 'recursive-division', 'rooms', 'terrain']);
    const fillSize = async () => {
      await page.locator('#new-width').fill('48');
      await page.locator('#new-height').fill('32');
    };
    await page.locator('#gen-seed').fill('42');
    for (const kind of kinds) {
      await fillSize();
      await page.locator('#gen-kind').selectOption(kind);
      await page.locator('#generate').click();
      await page.waitForFunction(() => /Generated/.test(document.getElementById('message').textContent));
      assert.deepEqual(await size(page), { width: 48, height: 32 });
      const first = await cells(page);
      await newMap(page, 10, 10);
      await fillSize();
      await page.locator('#generate').click();
      await page.waitForFunction(() => window.pathlab.size().width === 48);
      assert.deepEqual(await cells(page), first, `${kind} with seed 42 is repeatable`);
      const walls = first.data.filter((c) => c === 0).length;
      if (kind !== 'terrain') assert.ok(walls > 0, `${kind} has walls`);
      const s = await startCell(page);
      const g = await goalCell(page);
      assert.notEqual(first.data[s.y * 48 + s.x], 0, 'start on open ground');
      assert.notEqual(first.data[g.y * 48 + g.x], 0, 'goal on open ground');
    }
    await shot('generated');
    await page.locator('#gen-seed').fill('-3');
    const kept = await cells(page);
    await page.locator('#generate').click();
    const m = await message(page);
    assert.equal(m.kind, 'error');
    assert.match(m.text, /seed/i);
    assert.deepEqual(await cells(page), kept, 'a bad seed keeps the map');
  });
});

// 3×2 RGB PNG: row 0 = black, white, grey 153; row 1 = white, white, black.
const PNG_3x2 = 'iVBORw0KGgoAAAANSUhEUgAAAAMAAAACCAIAAAASFvFNAAAAF0lEQVR4nGNgYGD4////zJkzQRQQAPkAaUQKw7yK+ZUAAAAASUVORK5CYII=';

test('dropping a .map file on the map opens it; the drop hint shows while dragging', { timeout: 60_000 }, async (t) => {
  await env.withPage(t, async (page) => {
    const text = 'type octile\nheight 3\nwidth 5\nmap\n.....\n.@@@.\n..4..\n';
    const dataTransfer = await page.evaluateHandle((body) => {
      const dt = new DataTransfer();
      dt.items.add(new File([body], 'dropped.map', { type: 'text/plain' }));
      return dt;
    }, text);
    await page.dispatchEvent('#grid-canvas', 'dragenter', { dataTransfer });
    assert.equal(await page.locator('#drop-hint').isVisible(), true, 'the drop hint shows');
    await page.dispatchEvent('#grid-canvas', 'dragover', { dataTransfer });
    await page.dispatchEvent('#grid-canvas', 'drop', { dataTransfer });
    await page.waitForFunction(() => window.pathlab.size().width === 5);
    assert.deepEqual((await cells(page)).data, [1, 1, 1, 1, 1, 1, 0, 0, 0, 1, 1, 1, 4, 1, 1]);
    assert.equal(await page.locator('#drop-hint').isVisible(), false, 'the hint hides after the drop');
    assert.match((await message(page)).text, /Opened dropped\.map/);
  });
});

/** A greyscale 8-bit PNG of `width` × `height` whose pixel (x, y) is `grey(x, y)`. */
function greyPng(width, height, grey) {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type, data) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const head = Buffer.alloc(13);
  head.writeUInt32BE(width, 0);
  head.writeUInt32BE(height, 4);
  head[8] = 8; // bit depth
  head[9] = 0; // greyscale
  const raw = Buffer.alloc((width + 1) * height);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) raw[y * (width + 1) + 1 + x] = grey(x, y);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', head), chunk('IDAT', zlib.deflateSync(raw)), chunk('IEND', Buffer.alloc(0)),
  ]);
}

test('an opened image puts start and goal apart, from opposite corners; one with a single free cell is refused', { timeout: 120_000 }, async (t) => {
  await env.withPage(t, async (page) => {
    const dir = tmpdir();
    // Black (walls) but a white square far from the top-left corner: the markers used to go
    // to the free cell nearest where they stood, the same cell for both. (A 4096² image
    // shows the same, but decoding one in headless Chromium can take the page down.)
    const big = path.join(dir, 'far-room.png');
    fs.writeFileSync(big, greyPng(1024, 1024, (x, y) => (x >= 700 && x < 800 && y >= 700 && y < 800 ? 255 : 0)));
    await page.locator('#open-file').setInputFiles(big);
    await page.waitForFunction(() => window.pathlab.size().width === 1024, null, { timeout: 60_000 });
    const s = await startCell(page);
    const g = await goalCell(page);
    assert.deepEqual([s, g], [{ x: 700, y: 700 }, { x: 799, y: 799 }], 'start nearest the top-left, goal nearest the bottom-right');

    const lone = path.join(dir, 'one-cell.png');
    fs.writeFileSync(lone, greyPng(8, 8, (x, y) => (x === 3 && y === 4 ? 255 : 0)));
    await page.locator('#open-file').setInputFiles(lone);
    await page.waitForFunction(() => /only one free cell/.test(document.getElementById('message').textContent), null, { timeout: 10_000 });
    assert.equal((await size(page)).width, 1024, 'the map stays as it was');
  });
});
