// Jump Point Search, JPS+, JPS2, JPS2+, bidirectional A* and Theta* in the page: the jump
// point searches match A*'s cost on a shipped uniform map (JPS+ also after an edit; JPS2
// picked from the menu with real input), JPS is disabled with a reason on the terrain map,
// Theta* draws its polyline, and after an earlier search the inspector shows no node for a
// path cell Theta* never expanded.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  startEnv, states, where, stat, speedMax, runToEnd, shippedMaps, loadShipped, drag, newMap, focusNeutral, settled, openPanel,
  cellPoint,
} from './helpers.mjs';

let env;
before(async () => { env = await startEnv(); });
after(async () => { await env?.close(); });

const index = shippedMaps;

async function costWith(page, algorithm) {
  await page.locator('#algorithm').selectOption(algorithm);
  await page.locator('#reset-search').click();
  const status = await runToEnd(page, 90_000);
  assert.equal(status, 'found', `${algorithm} finds a path`);
  return Number(await stat(page, 'cost'));
}

/** A new 30 × 20 map with a wall down column 15 that leaves a gap at the bottom, so a path
 * from corner to corner bends once; the speed at its fastest. */
async function wallWithGap(page) {
  await newMap(page, 30, 20);
  await focusNeutral(page);
  await page.locator('[data-brush="wall"]').click();
  await drag(page, [[15, 0], [15, 14]]);
  await speedMax(page);
}

test('JPS and bidirectional A* match A*\'s cost on a shipped uniform map; JPS paints jump points', { timeout: 180_000 }, async (t) => {
  const entry = index().find((e) => e.file === 'rooms-128.map') || index().find((e) => e.file === 'maze-63.map');
  assert.ok(entry, 'a shipped uniform-cost map');
  await env.withPage(t, async (page, { shot }) => {
    await loadShipped(page, entry);
    await speedMax(page);
    const astar = await costWith(page, 'astar');
    const astarExpanded = Number(await stat(page, 'expanded'));
    const jps = await costWith(page, 'jps');
    const jpsExpanded = Number(await stat(page, 'expanded'));
    await shot('jps-done');
    const st = await states(page);
    assert.ok(where(st, (v) => v === 5).length > 0, 'expanded jump points are painted (state 5)');
    assert.ok(Math.abs(jps - astar) <= 1e-4, `JPS cost ${jps} equals A*'s ${astar}`);
    assert.ok(jpsExpanded < astarExpanded, `JPS expands fewer nodes (${jpsExpanded}) than A* (${astarExpanded})`);
    const bidi = await costWith(page, 'bidirectional');
    await shot('bidirectional-done');
    assert.ok(Math.abs(bidi - astar) <= 1e-4, `bidirectional cost ${bidi} equals A*'s ${astar}`);
    const after = await states(page);
    assert.ok(where(after, (v) => v === 6 || v === 7).length > 0, 'the backward frontier is painted (states 6/7)');
    t.diagnostic(`${entry.file}: cost ${astar}; expanded A* ${astarExpanded}, JPS ${jpsExpanded}`);
  });
});

test('JPS and Theta* are disabled on the terrain map, with the reason shown', { timeout: 90_000 }, async (t) => {
  const entry = index().find((e) => /^terrain/.test(e.file));
  assert.ok(entry, 'a shipped terrain map');
  await env.withPage(t, async (page, { shot }) => {
    await loadShipped(page, entry);
    const disabled = await page.evaluate(() => ['jps', 'theta', 'bidirectional', 'astar'].map(
      (v) => document.querySelector(`#algorithm option[value="${v}"]`).disabled));
    assert.deepEqual(disabled, [true, true, false, false], 'JPS and Theta* off, bidirectional and A* on');
    await openPanel(page, 'settings');
    const note = page.locator('#algorithm-note');
    assert.ok(await note.isVisible(), 'the reason is shown under the menu');
    assert.match(await note.textContent(), /uniform cost/, 'the note says why');
    await shot('terrain-jps-disabled');
  });
});

test('Theta* draws an any-angle polyline that cuts across an open room', { timeout: 90_000 }, async (t) => {
  await env.withPage(t, async (page, { shot }) => {
    await wallWithGap(page);
    await page.locator('#algorithm').selectOption('theta');
    await page.locator('#reset-search').click();
    assert.equal(await runToEnd(page), 'found');
    const info = await page.evaluate(() => ({ any: window.pathlab.anyAngle(), path: window.pathlab.path() }));
    assert.ok(info.any, 'the path is any-angle');
    const corners = info.path.length / 2;
    assert.ok(corners >= 3 && corners < 8, `a few corners, not a cell chain (${corners})`);
    const cost = Number(await stat(page, 'cost'));
    assert.ok(cost > 0, 'a Euclidean length is shown');
    // The painted path covers the cells the segments cross.
    assert.ok(where(await states(page), (v) => v === 4).length > corners, 'segment cells painted');
    await shot('theta-polyline');
  });
});

test('Theta* after Dijkstra: the inspector shows no node for a path cell Theta* never expanded, as after a reload', { timeout: 90_000 }, async (t) => {
  await env.withPage(t, async (page, { shot }) => {
    await wallWithGap(page);
    // Dijkstra first: it expands nearly every cell, each slot keeping its number.
    assert.equal(await costWith(page, 'dijkstra') > 0, true);
    await costWith(page, 'theta');
    /** Every path cell's node, as the inspector reads it, and one Theta* never expanded. */
    const pathNodes = () => page.evaluate(() => {
      const { width, height } = window.pathlab.size();
      const nodes = [];
      for (let y = 0; y < height; y++) {
        for (let x = 0; x < width; x++) if (window.pathlab.state(x, y) === 4) nodes.push(window.pathlab.node(x, y));
      }
      return nodes;
    });
    const after = await pathNodes();
    const nodeless = after.filter((n) => n.expansion == null);
    assert.ok(nodeless.length > 0, 'some cells a segment crosses were never expanded');
    for (const n of nodeless) assert.ok(n.g == null && n.parent == null, `(${n.x}, ${n.y}) shows no g or parent: ${JSON.stringify(n)}`);
    const [x, y] = [nodeless[0].x, nodeless[0].y];
    const p = await cellPoint(page, x, y);
    await page.mouse.move(p.x, p.y);
    await page.waitForFunction(([x, y]) => document.querySelector('#inspector').textContent.startsWith(`(${x}, ${y})`), [x, y]);
    const said = await page.locator('#inspector').textContent();
    assert.match(said, /g — .*parent — · expanded —/, `the inspector: ${said}`);
    await shot('theta-nodeless-cell');
    // The same search made alone (the page reloaded with Theta* chosen) reads the same.
    await page.reload();
    await page.waitForFunction(() => window.pathlab?.ready === true);
    assert.equal(await page.locator('#algorithm').inputValue(), 'theta');
    await speedMax(page);
    await page.locator('#reset-search').click();
    assert.equal(await runToEnd(page), 'found');
    assert.deepEqual(await pathNodes(), after, 'every path cell reads as on a search made alone');
  });
});

test('JPS+ matches A*\'s cost, shows its precomputation, and re-plans after a wall is drawn', { timeout: 180_000 }, async (t) => {
  const entry = index().find((e) => e.file === 'rooms-128.map') || index().find((e) => e.file === 'maze-63.map');
  assert.ok(entry, 'a shipped uniform-cost map');
  await env.withPage(t, async (page, { shot }) => {
    await loadShipped(page, entry);
    await speedMax(page);
    await openPanel(page, 'stats');
    const row = page.locator('[data-stat-row="precompute"]');
    const astar = await costWith(page, 'astar');
    assert.equal(await row.isVisible(), false, 'A* builds no table: no precomputation row');
    const plus = await costWith(page, 'jps-plus');
    assert.ok(Math.abs(plus - astar) <= 1e-4, `JPS+ cost ${plus} equals A*'s ${astar}`);
    assert.ok(await row.isVisible(), 'JPS+ shows its precomputation time');
    assert.match(await stat(page, 'precompute'), /^\d+(\.\d+)?$/, 'a time in ms');
    assert.ok(where(await states(page), (v) => v === 5).length > 0, 'expanded jump points are painted');
    await shot('jps-plus-done');
    // A real stroke across the middle of the map (walls, or erasing if it starts on a wall):
    // the finished search re-plans at once on the edited map, its table brought up to date.
    const { width, height } = await page.evaluate(() => window.pathlab.size());
    const x = Math.floor(width / 2);
    await drag(page, [[x, 1], [x, height - 8]], { steps: 12 });
    await settled(page);
    const replanned = Number(await stat(page, 'cost'));
    assert.equal(await stat(page, 'status'), 'found');
    const astarAfter = await costWith(page, 'astar');
    assert.ok(Math.abs(replanned - astarAfter) <= 1e-4, `JPS+ after the stroke ${replanned} equals A*'s ${astarAfter}`);
    t.diagnostic(`${entry.file}: cost ${astar}, after the stroke ${astarAfter}`);
  });
});

test('JPS2, picked from the algorithm menu by keyboard after a click, matches A*\'s cost with fewer expansions than JPS', { timeout: 180_000 }, async (t) => {
  const entry = index().find((e) => e.file === 'rooms-128.map') || index().find((e) => e.file === 'maze-63.map');
  assert.ok(entry, 'a shipped uniform-cost map');
  await env.withPage(t, async (page, { shot }) => {
    await loadShipped(page, entry);
    await speedMax(page);
    const astar = await costWith(page, 'astar');
    await costWith(page, 'jps');
    const jpsExpanded = Number(await stat(page, 'expanded'));
    // The menu lists JPS2 through the algorithm table; a user clicks it and types its name.
    const menu = page.locator('#algorithm');
    assert.equal(await menu.locator('option[value="jps2"]').textContent(), 'JPS2 (pruned jumps)');
    await menu.click();
    await page.keyboard.type('JPS2 (');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.querySelector('#algorithm').value === 'jps2');
    await page.locator('#reset-search').click();
    assert.equal(await runToEnd(page, 90_000), 'found');
    const jps2 = Number(await stat(page, 'cost'));
    const jps2Expanded = Number(await stat(page, 'expanded'));
    assert.ok(Math.abs(jps2 - astar) <= 1e-4, `JPS2 cost ${jps2} equals A*'s ${astar}`);
    assert.ok(jps2Expanded < jpsExpanded, `JPS2 expands fewer jump points (${jps2Expanded}) than JPS (${jpsExpanded})`);
    assert.ok(where(await states(page), (v) => v === 5).length > 0, 'expanded jump points are painted');
    await shot('jps2-done');
    const plus = await costWith(page, 'jps2-plus');
    assert.ok(Math.abs(plus - astar) <= 1e-4, `JPS2+ cost ${plus} equals A*'s ${astar}`);
    t.diagnostic(`${entry.file}: cost ${astar}; expanded JPS ${jpsExpanded}, JPS2 ${jps2Expanded}`);
  });
});
