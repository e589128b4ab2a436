// Drawing, erasing and undo/redo with the real mouse and keyboard.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  startEnv, newMap, drag, cells, where, polyline, isEightConnected, startCell, goalCell,
  exportMap, focusNeutral, cellAt,
} from './helpers.mjs';

let env;
before(async () => { env = await startEnv(); });
after(async () => { await env?.close(); });

const key = (c) => c.join(',');

/** Fail early (with a clear message) if a planned stroke would touch a marker. */
async function assertAvoidsMarkers(page, cellsList) {
  const s = await startCell(page), g = await goalCell(page);
  const set = new Set(cellsList.map(key));
  assert.ok(!set.has(`${s.x},${s.y}`) && !set.has(`${g.x},${g.y}`),
    `test stroke crosses a marker (start ${s.x},${s.y} goal ${g.x},${g.y}); pick other cells`);
}

test('fast wall drag leaves no gaps (Bresenham between pointer samples, 8-connected)', { timeout: 60_000 }, async (t) => {
  await env.withPage(t, async (page, { shot }) => {
    await newMap(page, 30, 20);
    // Far-apart pointer samples, one mousemove each (steps: 1): a zigzag
    // across ~20 cells in 3 moves, with non-45° slopes.
    const pts = [[3, 3], [11, 16], [19, 4], [26, 15]];
    const expected = polyline(pts);
    await assertAvoidsMarkers(page, expected);
    await drag(page, pts, { steps: 1 });
    await shot('after');

    const grid = await cells(page);
    const walls = where(grid, (c) => c === 0);
    const wallSet = new Set(walls.map(key));
    const missing = expected.filter((c) => !wallSet.has(key(c)));
    assert.deepEqual(missing, [], `cells on the Bresenham line that are not walls (gaps): ${JSON.stringify(missing)}`);
    assert.ok(isEightConnected(walls), 'the drawn wall cells must form one 8-connected chain');
    // Brush size 1: nothing far from the stroke is painted.
    const near = (w) => expected.some((e) => Math.max(Math.abs(e[0] - w[0]), Math.abs(e[1] - w[1])) <= 1);
    const stray = walls.filter((w) => !near(w));
    assert.deepEqual(stray, [], `wall cells painted away from the stroke: ${JSON.stringify(stray)}`);
  });
});

test('a long straight diagonal in one jump is gap-free', { timeout: 60_000 }, async (t) => {
  await env.withPage(t, async (page) => {
    await newMap(page, 30, 20);
    const pts = [[4, 1], [23, 18]];
    const expected = polyline(pts);
    await assertAvoidsMarkers(page, expected);
    await drag(page, pts, { steps: 1 });
    const walls = where(await cells(page), (c) => c === 0);
    const wallSet = new Set(walls.map(key));
    assert.deepEqual(expected.filter((c) => !wallSet.has(key(c))), [], 'gaps on the diagonal');
    assert.ok(isEightConnected(walls), 'diagonal must be 8-connected');
  });
});

test('a drag that starts on a wall erases the cells it crosses', { timeout: 60_000 }, async (t) => {
  await env.withPage(t, async (page, { shot }) => {
    await newMap(page, 30, 20);
    const row = [[5, 10], [22, 10]];
    const rowCells = polyline(row);
    await assertAvoidsMarkers(page, rowCells);
    await drag(page, row, { steps: 4 });
    for (const [x, y] of rowCells) assert.equal(await cellAt(page, x, y), 0, `(${x},${y}) should be a wall after drawing`);

    // Start on a wall at (9,10) and drag fast along the wall to (16,10).
    await drag(page, [[9, 10], [16, 10]], { steps: 1 });
    await shot('after-erase');
    const grid = await cells(page);
    const at = (x, y) => grid.data[y * grid.width + x];
    for (let x = 9; x <= 16; x++) assert.notEqual(at(x, 10), 0, `(${x},10) should have been erased`);
    for (const x of [5, 6, 7, 8, 17, 18, 19, 20, 21, 22]) assert.equal(at(x, 10), 0, `(${x},10) is outside the erase stroke and must stay a wall`);
  });
});

test('erase brush and terrain brush paint what they say', { timeout: 60_000 }, async (t) => {
  await env.withPage(t, async (page) => {
    await newMap(page, 30, 20);
    const col = [[12, 3], [12, 15]];
    await assertAvoidsMarkers(page, polyline(col));
    await page.locator('[data-brush="3"]').click();
    assert.equal(await page.locator('[data-brush="3"]').getAttribute('aria-pressed'), 'true', 'active brush has aria-pressed=true');
    assert.equal(await page.locator('[data-brush="wall"]').getAttribute('aria-pressed'), 'false', 'inactive brush has aria-pressed=false');
    await drag(page, col, { steps: 1 });
    for (const [x, y] of polyline(col)) assert.equal(await cellAt(page, x, y), 3, `(${x},${y}) should be terrain 3`);

    await page.locator('[data-brush="wall"]').click();
    await drag(page, [[12, 3], [12, 15]], { steps: 1 }); // starts on terrain (not a wall): paints walls
    for (const [x, y] of polyline(col)) assert.equal(await cellAt(page, x, y), 0, `(${x},${y}) should be a wall`);

    await page.locator('[data-brush="erase"]').click();
    await drag(page, [[12, 6], [12, 9]], { steps: 1 });
    for (let y = 6; y <= 9; y++) assert.equal(await cellAt(page, 12, y), 1, `(12,${y}) should be erased to cost 1`);
    assert.equal(await cellAt(page, 12, 5), 0, '(12,5) untouched');
    assert.equal(await cellAt(page, 12, 10), 0, '(12,10) untouched');
  });
});

test('Ctrl+Z undoes the last stroke, Ctrl+Shift+Z redoes it', { timeout: 60_000 }, async (t) => {
  await env.withPage(t, async (page, { shot }) => {
    await newMap(page, 30, 20);
    const first = [[4, 5], [20, 5]];
    const second = [[6, 12], [24, 16]];
    await assertAvoidsMarkers(page, [...polyline(first), ...polyline(second)]);
    const empty = await exportMap(page);
    await drag(page, first, { steps: 2 });
    const afterFirst = await exportMap(page);
    await drag(page, second, { steps: 2 });
    const afterSecond = await exportMap(page);
    assert.notEqual(afterFirst, empty, 'first stroke changed the map');
    assert.notEqual(afterSecond, afterFirst, 'second stroke changed the map');

    await focusNeutral(page);
    await page.keyboard.press('Control+KeyZ');
    assert.equal(await exportMap(page), afterFirst, 'Ctrl+Z restores the cells of the last stroke only');
    await shot('after-undo');
    await page.keyboard.press('Control+KeyZ');
    assert.equal(await exportMap(page), empty, 'second Ctrl+Z restores the first stroke');
    await page.keyboard.press('Control+Shift+KeyZ');
    assert.equal(await exportMap(page), afterFirst, 'Ctrl+Shift+Z redoes the first stroke');
    await page.keyboard.press('Control+Shift+KeyZ');
    assert.equal(await exportMap(page), afterSecond, 'Ctrl+Shift+Z redoes the second stroke');

    // The buttons do the same.
    await page.locator('#undo').click();
    assert.equal(await exportMap(page), afterFirst, '#undo undoes');
    await page.locator('#redo').click();
    assert.equal(await exportMap(page), afterSecond, '#redo redoes');
  });
});
