// Moving the start and goal markers: drag, double-click, right-click menu.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  startEnv, newMap, drag, dblclickCell, clickCell, startCell, goalCell, cellAt, cellPoint, exportMap,
} from './helpers.mjs';

let env;
before(async () => { env = await startEnv(); });
after(async () => { await env?.close(); });

test('dragging the start and goal markers moves them', { timeout: 60_000 }, async (t) => {
  await env.withPage(t, async (page, { shot }) => {
    await newMap(page, 30, 20);
    const before = await exportMap(page);
    const s0 = await startCell(page), g0 = await goalCell(page);
    assert.notDeepEqual(s0, g0, 'start and goal differ on a new map');

    const s1 = { x: 7, y: 13 }, g1 = { x: 24, y: 4 };
    assert.ok(![s0, g0].some((m) => (m.x === s1.x && m.y === s1.y) || (m.x === g1.x && m.y === g1.y)), 'pick targets off the markers');
    await drag(page, [[s0.x, s0.y], [s1.x, s1.y]], { steps: 6 });
    assert.deepEqual(await startCell(page), s1, 'start follows the drag');
    assert.deepEqual(await goalCell(page), g0, 'goal unchanged by moving start');

    await drag(page, [[g0.x, g0.y], [g1.x, g1.y]], { steps: 6 });
    assert.deepEqual(await goalCell(page), g1, 'goal follows the drag');
    assert.deepEqual(await startCell(page), s1, 'start unchanged by moving goal');
    await shot('moved');
    assert.equal(await exportMap(page), before, 'dragging markers must not paint walls');
  });
});

test('double-click sets start, the next double-click sets goal', { timeout: 60_000 }, async (t) => {
  await env.withPage(t, async (page, { shot }) => {
    await newMap(page, 30, 20);
    const a = { x: 5, y: 16 }, b = { x: 21, y: 8 };
    const s0 = await startCell(page), g0 = await goalCell(page);
    for (const m of [s0, g0]) assert.ok(!(m.x === a.x && m.y === a.y) && !(m.x === b.x && m.y === b.y), 'targets off the markers');

    await dblclickCell(page, a.x, a.y);
    assert.deepEqual(await startCell(page), a, 'first double-click sets start');
    await dblclickCell(page, b.x, b.y);
    assert.deepEqual(await goalCell(page), b, 'second double-click sets goal');
    assert.deepEqual(await startCell(page), a, 'start stays where the first double-click put it');
    await shot('dblclicked');
    // The clicks that make up a double-click must not leave a wall under the markers.
    assert.notEqual(await cellAt(page, a.x, a.y), 0, 'start cell must not be a wall');
    assert.notEqual(await cellAt(page, b.x, b.y), 0, 'goal cell must not be a wall');
  });
});

test('right-click menu sets the goal (and the start)', { timeout: 60_000 }, async (t) => {
  await env.withPage(t, async (page, { shot }) => {
    await newMap(page, 30, 20);
    const menu = page.locator('#context-menu');
    const r = { x: 18, y: 15 };
    await clickCell(page, r.x, r.y, { button: 'right' });
    await menu.waitFor({ state: 'visible' });
    await shot('menu-open');
    // The menu must open near the pointer.
    const p = await cellPoint(page, r.x, r.y);
    const box = await menu.boundingBox();
    assert.ok(box && Math.abs(box.x - p.x) < 300 && Math.abs(box.y - p.y) < 300, `menu opens near the click (menu at ${JSON.stringify(box)}, click at ${JSON.stringify(p)})`);
    await menu.locator('[data-action="goal"]').click();
    assert.deepEqual(await goalCell(page), r, 'context menu "goal" puts the goal on the right-clicked cell');
    await menu.waitFor({ state: 'hidden' });

    const s = { x: 3, y: 4 };
    await clickCell(page, s.x, s.y, { button: 'right' });
    await menu.waitFor({ state: 'visible' });
    await menu.locator('[data-action="start"]').click();
    assert.deepEqual(await startCell(page), s, 'context menu "start" puts the start on the right-clicked cell');
    assert.deepEqual(await goalCell(page), r, 'goal unchanged');
  });
});
