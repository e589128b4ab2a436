// First load, autosave + reload, opening files (good and bad), offline fallback.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import {
  startEnv, newMap, drag, startCell, goalCell, exportMap, size, waitReady, message, readIndex, MAPS, assertWholeMapVisible, focusNeutral, cells, afterFrames, openPanel,
} from './helpers.mjs';

let env;
before(async () => { env = await startEnv(); });
after(async () => { await env?.close(); });

/** Rows of a .map text without header, and its declared size. */
function parseMap(text) {
  const lines = text.replace(/\r/g, '').split('\n');
  const i = lines.findIndex((l) => l.trim() === 'map');
  const header = Object.fromEntries(lines.slice(0, i).map((l) => l.trim().split(/\s+/)));
  const rows = lines.slice(i + 1, i + 1 + Number(header.height));
  return { type: header.type, width: Number(header.width), height: Number(header.height), rows };
}

const SETTINGS = ['#algorithm', '#heuristic', '#weight', '#connectivity', '#diagonal-rule', '#diagonal-cost', '#budget', '#brush-size'];
async function settings(page) {
  const out = {};
  for (const sel of SETTINGS) out[sel] = await page.locator(sel).inputValue();
  out['#goal-directed'] = await page.locator('#goal-directed').isChecked();
  out['#draw-progress'] = await page.locator('#draw-progress').isChecked();
  return out;
}

test('a fresh page shows the first map of maps/index.json, whole map visible', { timeout: 60_000 }, async (t) => {
  await env.withPage(t, async (page, { shot }) => {
    await shot('fresh');
    const idx = readIndex();
    const first = (Array.isArray(idx) ? idx : idx.maps)[0];
    const file = parseMap(fs.readFileSync(path.join(MAPS, first.file), 'utf8'));
    assert.deepEqual(await size(page), { width: file.width, height: file.height }, `size of ${first.file}`);
    assert.deepEqual(await startCell(page), { x: first.start[0], y: first.start[1] }, 'start from index.json');
    assert.deepEqual(await goalCell(page), { x: first.goal[0], y: first.goal[1] }, 'goal from index.json');
    assert.equal(await page.locator('#map').inputValue(), first.file, '#map shows the first map');
    const options = await page.locator('#map option').evaluateAll((os) => os.map((o) => o.value));
    const files = (Array.isArray(idx) ? idx : idx.maps).map((m) => m.file);
    for (const f of files) assert.ok(options.includes(f), `#map offers ${f}`);
    await assertWholeMapVisible(page);
    assert.equal(await page.locator('[data-stat="status"]').first().textContent().then((s) => s.trim()), 'ready');
    const exported = parseMap(await exportMap(page));
    assert.equal(exported.type, 'octile', 'exportMap header type octile');
    assert.equal(exported.width, file.width);
    assert.equal(exported.height, file.height);
    assert.ok(exported.rows.every((r) => /^[.@234]*$/.test(r) && r.length === file.width), 'exportMap rows use . 2 3 4 @ only');
  });
});

test('reload restores map, markers and settings (autosave)', { timeout: 60_000 }, async (t) => {
  await env.withPage(t, async (page, { shot }) => {
    await newMap(page, 30, 20);
    await drag(page, [[5, 3], [12, 15], [20, 6]], { steps: 1 });
    await page.locator('[data-brush="2"]').click();
    await drag(page, [[24, 2], [24, 17]], { steps: 1 });
    await page.locator('[data-brush="4"]').click();
    await drag(page, [[2, 17], [10, 17]], { steps: 1 });
    const s0 = await startCell(page), g0 = await goalCell(page);
    const s1 = { x: 3, y: 9 }, g1 = { x: 27, y: 12 };
    await drag(page, [[s0.x, s0.y], [s1.x, s1.y]], { steps: 5 });
    await drag(page, [[g0.x, g0.y], [g1.x, g1.y]], { steps: 5 });
    assert.deepEqual(await startCell(page), s1);
    assert.deepEqual(await goalCell(page), g1);

    await page.locator('#algorithm').selectOption('dijkstra');
    await openPanel(page, 'settings');
    await page.locator('#connectivity').selectOption('4');
    await page.locator('#diagonal-rule').selectOption('always');
    await page.locator('#heuristic').selectOption('manhattan');
    await page.locator('#weight').fill('1.5');
    await page.locator('#weight').press('Tab');
    await focusNeutral(page);

    const map = await exportMap(page);
    const set = await settings(page);
    assert.match(map, /@/, 'walls drawn');
    assert.match(map, /2/, 'terrain 2 drawn');
    assert.match(map, /4/, 'terrain 4 drawn');
    await shot('before-reload');
    // The autosave is written on every change: wait until it holds what the page shows.
    await page.waitForFunction(() => {
      try {
        return JSON.stringify(JSON.parse(localStorage.getItem('pathlab:v1')).settings) === JSON.stringify(window.pathlab.settings());
      } catch {
        return false;
      }
    });
    await page.reload();
    await waitReady(page);
    await shot('after-reload');

    assert.deepEqual(await size(page), { width: 30, height: 20 }, 'size restored');
    assert.equal(await exportMap(page), map, 'map restored by reload');
    assert.deepEqual(await startCell(page), s1, 'start restored');
    assert.deepEqual(await goalCell(page), g1, 'goal restored');
    assert.deepEqual(await settings(page), set, 'settings restored');
  });
});

async function uploadGarbage(t, name, mimeType, buffer) {
  await env.withPage(t, async (page, { shot }) => {
    await newMap(page, 30, 20);
    await drag(page, [[6, 4], [18, 14]], { steps: 1 });
    const map = await exportMap(page), sz = await size(page), s = await startCell(page), g = await goalCell(page);
    await openPanel(page, 'map');
    await page.locator('#open-file').setInputFiles({ name, mimeType, buffer });
    await page.waitForFunction(() => document.getElementById('message')?.dataset.kind === 'error', null, { timeout: 10_000 });
    await afterFrames(page, 20); // anything still loading would land by now
    await shot('error');
    const m = await message(page);
    assert.ok(m.text.length > 0, 'error message has text');
    assert.equal(await exportMap(page), map, 'current map kept after a bad file');
    assert.deepEqual(await size(page), sz, 'size kept');
    assert.deepEqual(await startCell(page), s, 'start kept');
    assert.deepEqual(await goalCell(page), g, 'goal kept');
  });
}

test('a garbage .map upload shows an error and keeps the current map', { timeout: 60_000 }, async (t) => {
  await uploadGarbage(t, 'garbage.map', 'application/octet-stream', crypto.randomBytes(2048));
});

test('a garbage .png upload shows an error and keeps the current map', { timeout: 60_000 }, async (t) => {
  const junk = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), crypto.randomBytes(512)]);
  await uploadGarbage(t, 'broken.png', 'image/png', junk);
});

test('a .map with a lying header shows an error and keeps the current map', { timeout: 60_000 }, async (t) => {
  await uploadGarbage(t, 'short.map', 'text/plain', Buffer.from('type octile\nheight 50\nwidth 50\nmap\n....\n..@.\n'));
});

test('a valid .map upload replaces the map', { timeout: 60_000 }, async (t) => {
  await env.withPage(t, async (page, { shot }) => {
    const rows = [
      '............',
      '..@@@@@@....',
      '..@...2.....',
      '..@.333..44.',
      '..@@@@@@....',
      '............',
      '............',
    ];
    const text = `type octile\nheight ${rows.length}\nwidth ${rows[0].length}\nmap\n${rows.join('\n')}\n`;
    await openPanel(page, 'map');
    await page.locator('#open-file').setInputFiles({ name: 'tiny.map', mimeType: 'text/plain', buffer: Buffer.from(text) });
    await page.waitForFunction(([w, h]) => {
      const s = window.pathlab.size();
      return s.width === w && s.height === h;
    }, [rows[0].length, rows.length], { timeout: 10_000 });
    await shot('loaded');
    assert.deepEqual(parseMap(await exportMap(page)).rows, rows, 'exportMap gives back the uploaded grid');
    const grid = await cells(page);
    assert.equal(grid.data[1 * grid.width + 2], 0, '@ is a wall (0)');
    assert.equal(grid.data[2 * grid.width + 6], 2, '2 is terrain 2');
    assert.equal(grid.data[0], 1, '. is cost 1');
    assert.notEqual((await message(page)).kind, 'error', 'no error message for a good file');
    await assertWholeMapVisible(page);
  });
});

test('without maps/ the page falls back to a 40×25 open map', { timeout: 60_000 }, async (t) => {
  await env.withPage(t, async (page, { url, shot }) => {
    await page.route('**/maps/**', (route) => route.fulfill({ status: 404, body: 'not found' }));
    await page.goto(url);
    await waitReady(page);
    await shot('fallback');
    assert.deepEqual(await size(page), { width: 40, height: 25 }, 'fallback map is 40×25');
    assert.ok((await cells(page)).data.every((c) => c !== 0), 'fallback map is open');
    await assertWholeMapVisible(page);
  }, { load: false, allowConsole: [/Failed to load resource/i, /404/] });
});
