// JPS+ with goal bounding in the page: picked from the algorithm menu with real clicks and
// keys, it finds A*'s cost on a shipped map, shows what its boxes cost (time and memory) in
// the statistics, re-plans after a wall is drawn (the boxes rebuilt), and is greyed out with
// its limit in words on a map larger than it is built for.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  startEnv, stat, speedMax, runToEnd, shippedMaps, loadShipped, drag, settled, openPanel, newMap,
} from './helpers.mjs';

let env;
before(async () => { env = await startEnv(); });
after(async () => { await env?.close(); });

const index = shippedMaps;

/** Picks `label`'s option of the algorithm menu by keyboard on the focused menu (a click
 * opens the native list, which headless Chromium does not draw), then runs to the end. */
async function costWith(page, value) {
  const menu = page.locator('#algorithm');
  await menu.click();
  const label = await menu.locator(`option[value="${value}"]`).textContent();
  await menu.selectOption({ label: label ?? '' });
  await page.locator('#reset-search').click();
  const status = await runToEnd(page, 120_000);
  assert.equal(status, 'found', `${value} finds a path`);
  return Number(await stat(page, 'cost'));
}

test('JPS+ with goal bounding finds A*\'s cost, shows its table\'s time and memory, and re-plans after an edit', { timeout: 240_000 }, async (t) => {
  const entry = index().find((e) => e.file === 'maze-63.map') || index().find((e) => e.file === 'u-trap-40.map');
  assert.ok(entry, 'a shipped uniform-cost map');
  await env.withPage(t, async (page, { shot }) => {
    await loadShipped(page, entry);
    await speedMax(page);
    await openPanel(page, 'stats');
    const astar = await costWith(page, 'astar');
    const bounded = await costWith(page, 'jps-plus-bounded');
    assert.ok(Math.abs(bounded - astar) <= 1e-4, `goal bounding's cost ${bounded} equals A*'s ${astar}`);
    assert.ok(await page.locator('[data-stat-row="precompute-memory"]').isVisible(), 'the table memory row is shown');
    assert.match(await stat(page, 'precompute'), /^\d+(\.\d+)?$/, 'its build time in ms, complete');
    assert.match(await stat(page, 'table-memory'), /^\d+(\.\d)? (KB|MB)$/, 'its memory');
    await shot('bounding-done');
    // A real stroke across the map: the boxes are stale, the finished search re-plans on the
    // edited map with rebuilt boxes, and still agrees with A*.
    const { width, height } = await page.evaluate(() => window.pathlab.size());
    const x = Math.floor(width / 2) + 1;
    await drag(page, [[x, 2], [x, height - 6]], { steps: 12 });
    await settled(page);
    assert.equal(await stat(page, 'status'), 'found');
    const replanned = Number(await stat(page, 'cost'));
    const astarAfter = await costWith(page, 'astar');
    assert.ok(Math.abs(replanned - astarAfter) <= 1e-4, `after the stroke ${replanned} equals A*'s ${astarAfter}`);
    t.diagnostic(`${entry.file}: cost ${astar}, after the stroke ${astarAfter}`);
  });
});

test('on a map larger than goal bounding is built for, its option is greyed out with the limit in words', { timeout: 120_000 }, async (t) => {
  await env.withPage(t, async (page) => {
    await newMap(page, 300, 240);
    await page.waitForFunction(() => {
      const o = document.querySelector('#algorithm option[value="jps-plus-bounded"]');
      return !!o && o.disabled;
    }, null, { timeout: 20_000 });
    const why = await page.locator('#algorithm option[value="jps-plus-bounded"]').getAttribute('title');
    assert.match(why ?? '', /65,536 cells/, `the reason names the limit: ${why}`);
  });
});
