// Running the search: stepping, run/pause, A* against the CLI, no path, live re-plan.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import fs from 'node:fs';
import {
  startEnv, newMap, drag, dblclickCell, startCell, goalCell, states, where, stat, waitStat, message, focusNeutral, speedMax, runToEnd, cliSolve, shippedMaps, loadShipped, isEightConnected, MAPS, size, afterFrames, openPanel,
} from './helpers.mjs';

let env;
before(async () => { env = await startEnv(); });
after(async () => { await env?.close(); });

const octile = (a, b) => {
  const dx = Math.abs(a.x - b.x), dy = Math.abs(a.y - b.y);
  return Math.max(dx, dy) - Math.min(dx, dy) + Math.SQRT2 * Math.min(dx, dy);
};

async function closedCount(page) {
  return where(await states(page), (s) => s === 2 || s === 3).length;
}

test('three steps (N key) from a reset search expand exactly 3 nodes', { timeout: 60_000 }, async (t) => {
  await env.withPage(t, async (page, { shot }) => {
    await newMap(page, 30, 20);
    await page.locator('#reset-search').click();
    assert.equal(await stat(page, 'expanded'), '0', 'reset search has expanded 0');
    assert.equal(await stat(page, 'status'), 'ready', 'reset search is "ready"');
    assert.equal(await closedCount(page), 0, 'no closed cells after reset');
    assert.equal(await stat(page, 'cost'), '—', 'no cost before a path is found');

    await focusNeutral(page);
    await page.keyboard.press('n');
    assert.equal(await stat(page, 'expanded'), '1', 'one N = one expansion');
    const s = await startCell(page);
    const st1 = await states(page);
    assert.equal(st1.data[s.y * st1.width + s.x], 2, 'the first expansion closes the start cell');
    await page.keyboard.press('n');
    await page.keyboard.press('n');
    await shot('three-steps');
    assert.equal(await stat(page, 'expanded'), '3', 'three N presses = expanded 3');
    const st = await states(page);
    assert.equal(where(st, (v) => v === 2).length, 3, 'state bytes show exactly 3 closed cells');
    assert.ok(where(st, (v) => v === 1).length > 0, 'and some open cells');
    assert.notEqual(await stat(page, 'status'), 'found', 'not finished after 3 steps');
  });
});

test('#step button and → key each do exactly one expansion', { timeout: 60_000 }, async (t) => {
  await env.withPage(t, async (page) => {
    await newMap(page, 30, 20);
    await page.locator('#reset-search').click();
    for (let i = 1; i <= 3; i++) {
      await page.locator('#step').click();
      assert.equal(await stat(page, 'expanded'), String(i), `#step click ${i}`);
    }
    assert.equal(await closedCount(page), 3, '3 closed cells after 3 #step clicks');
    await focusNeutral(page);
    await page.keyboard.press('ArrowRight');
    assert.equal(await stat(page, 'expanded'), '4', '→ does one more expansion');
    assert.equal(await closedCount(page), 4, '4 closed cells');
  });
});

test('Space toggles run/pause; run to the end finds the octile distance on an open map', { timeout: 90_000 }, async (t) => {
  await env.withPage(t, async (page, { shot }) => {
    await newMap(page, 30, 20);
    // Dijkstra expands the whole map: at the slowest speed that takes many frames.
    await page.locator('#algorithm').selectOption('dijkstra');
    const speed = page.locator('#speed');
    await speed.focus();
    await page.keyboard.press('Home');
    assert.equal(await speed.evaluate((el) => el.value), await speed.evaluate((el) => el.min), '#speed at min');
    await page.locator('#reset-search').click();
    await focusNeutral(page);

    await page.keyboard.press('Space');
    await waitStat(page, 'status', 'running', 5_000);
    assert.equal((await page.locator('#run').textContent()).trim(), 'Pause', '#run reads "Pause" while running');
    await page.waitForFunction(() => window.pathlab.stats().expanded >= 5);
    await page.keyboard.press('Space');
    await waitStat(page, 'status', 'paused', 5_000);
    assert.equal((await page.locator('#run').textContent()).trim(), 'Run', '#run reads "Run" when paused');
    const e1 = Number(await stat(page, 'expanded'));
    const { width, height } = await size(page);
    assert.ok(e1 > 0 && e1 < width * height, `some but not all nodes expanded while running (${e1})`);
    await afterFrames(page, 20);
    assert.equal(Number(await stat(page, 'expanded')), e1, 'nothing expands while paused');
    await shot('paused');

    await speedMax(page);
    const status = await runToEnd(page);
    assert.equal(status, 'found');
    const cost = await stat(page, 'cost');
    assert.match(cost, /^\d+\.\d{4}$/, 'cost shown with 4 decimals');
    const expect = octile(await startCell(page), await goalCell(page));
    assert.ok(Math.abs(Number(cost) - expect) < 1e-4, `cost ${cost} should be the octile distance ${expect.toFixed(4)}`);
  });
});

// Maps shipped in maps/ (and copied to www/maps/): A* in the page vs the CLI.
let entries = [];
try { entries = shippedMaps(); } catch { /* reported by the test below */ }

test('maps/index.json lists at least one map', () => {
  assert.ok(entries.length > 0, 'maps/index.json missing or empty');
});

// Keep the browser run short: skip maps over 200k cells (the 1024² timing map).
const cellsOf = (file) => {
  try {
    const head = fs.readFileSync(path.join(MAPS, file), 'utf8').split('\n', 4).join(' ');
    return Number(/height\s+(\d+)/.exec(head)[1]) * Number(/width\s+(\d+)/.exec(head)[1]);
  } catch { return 0; }
};
for (const entry of entries.filter((e) => cellsOf(e.file) <= 200_000)) {
  test(`A* on shipped map ${entry.file} matches the CLI cost`, { timeout: 120_000 }, async (t) => {
    await env.withPage(t, async (page, { shot }) => {
      await loadShipped(page, entry);
      assert.equal(await page.locator('#algorithm').inputValue(), 'astar', 'default algorithm is A*');
      await speedMax(page);
      await page.locator('#reset-search').click();
      const status = await runToEnd(page, 90_000);
      await shot('done');

      const s = await startCell(page), g = await goalCell(page);
      const cli = cliSolve(path.join(MAPS, entry.file), s, g);
      const want = { found: 'found', no_path: 'no path', partial: 'partial' }[cli.status];
      assert.equal(status, want, `page status "${status}" vs CLI status "${cli.status}"`);
      // One teaching map is unsolvable on purpose, and says so in its description.
      if (/no path/i.test(entry.description || '')) {
        assert.equal(status, 'no path', `${entry.file} is the no-path teaching map`);
        assert.equal(await stat(page, 'cost'), '—');
        return;
      }
      assert.equal(status, 'found', 'shipped maps should be solvable from their listed start to goal');
      const cost = await stat(page, 'cost');
      assert.match(cost, /^\d+\.\d{4}$/, 'cost shown with 4 decimals');
      assert.ok(Math.abs(Number(cost) - cli.cost) <= 1e-4, `page cost ${cost} vs CLI cost ${cli.cost}`);

      const expanded = Number(await stat(page, 'expanded'));
      t.diagnostic(`${entry.file}: cost ${cost}, page expanded ${expanded}, CLI expanded ${cli.expanded}`);
      const pathCells = where(await states(page), (v) => v === 4);
      const has = (c) => pathCells.some(([x, y]) => x === c.x && y === c.y);
      assert.ok(has(s) && has(g), 'path state (4) covers start and goal');
      assert.ok(isEightConnected(pathCells), 'path cells form an 8-connected chain');
      assert.equal(Number(await stat(page, 'moves')), pathCells.length - 1, 'moves = path cells - 1');
      t.diagnostic(`${entry.file}: page path ${pathCells.length} cells, CLI path ${cli.path.length} cells`);
    });
  });
}

/** Put start at a and goal at b with two double-clicks (the contract's order). */
async function placeMarkers(page, a, b) {
  await dblclickCell(page, a.x, a.y);
  await dblclickCell(page, b.x, b.y);
  assert.deepEqual(await startCell(page), a, 'start placed');
  assert.deepEqual(await goalCell(page), b, 'goal placed');
}

const ringAround = (g) => [[g.x - 1, g.y - 1], [g.x + 1, g.y - 1], [g.x + 1, g.y + 1], [g.x - 1, g.y + 1], [g.x - 1, g.y]];

test('a walled-in goal gives status "no path" and a message', { timeout: 60_000 }, async (t) => {
  await env.withPage(t, async (page, { shot }) => {
    await newMap(page, 30, 20);
    const a = { x: 4, y: 10 }, b = { x: 20, y: 10 };
    await placeMarkers(page, a, b);
    await drag(page, ringAround(b), { steps: 1 });
    await speedMax(page);
    await page.locator('#reset-search').click();
    const status = await runToEnd(page);
    await shot('no-path');
    assert.equal(status, 'no path');
    assert.equal(await stat(page, 'cost'), '—', 'no cost when there is no path');
    const m = await message(page);
    assert.ok(m, '#message exists');
    assert.ok(['error', 'info'].includes(m.kind), `#message data-kind is error/info, got ${m.kind}`);
    assert.ok(m.text.length > 0, '#message has text');
    assert.equal(where(await states(page), (v) => v === 4).length, 0, 'no path cells');
  });
});

test('edits after a finished search re-plan live', { timeout: 60_000 }, async (t) => {
  await env.withPage(t, async (page, { shot }) => {
    await newMap(page, 30, 20);
    const a = { x: 4, y: 10 }, b = { x: 25, y: 10 };
    await placeMarkers(page, a, b);
    await speedMax(page);
    await page.locator('#reset-search').click();
    assert.equal(await runToEnd(page), 'found');
    assert.equal(await stat(page, 'cost'), '21.0000', 'straight open path costs 21');

    // A wall across the way: cost must go up without pressing Run.
    await drag(page, [[15, 3], [15, 17]], { steps: 1 });
    await page.waitForFunction(() => {
      const c = document.querySelector('[data-stat="cost"]').textContent.trim();
      const s = document.querySelector('[data-stat="status"]').textContent.trim();
      return s === 'found' && c !== '21.0000';
    }, null, { timeout: 10_000 });
    const detour = Number(await stat(page, 'cost'));
    assert.ok(detour > 21, `detour cost ${detour} > 21`);
    await shot('detour');

    await focusNeutral(page);
    await page.keyboard.press('Control+KeyZ');
    await waitStat(page, 'cost', '21.0000', 10_000);
    assert.equal(await stat(page, 'status'), 'found');

    await drag(page, ringAround(b), { steps: 1 });
    await waitStat(page, 'status', 'no path', 10_000);
  });
});

test('another algorithm after a finished search plays the new search at the speed; at "instant" it shows at once', { timeout: 90_000 }, async (t) => {
  await env.withPage(t, async (page, { shot }) => {
    await newMap(page, 30, 20);
    const speed = page.locator('#speed');
    await speed.focus();
    await page.keyboard.press('Home');
    await speedMax(page);
    assert.equal(await runToEnd(page), 'found');
    const astar = await stat(page, 'cost');
    // One expansion a frame: Dijkstra's 600 cells take many frames.
    await speed.focus();
    await page.keyboard.press('Home');
    await focusNeutral(page);
    await page.locator('#algorithm').selectOption('dijkstra');
    // The new search plays from its first step: seen running, part way through its recording.
    await page.waitForFunction(() => {
      const s = window.pathlab.stats();
      return s.status === 'running' && s.step > 0 && s.step < s.steps;
    }, null, { timeout: 5_000, polling: 'raf' });
    assert.equal((await page.locator('#run').textContent()).trim(), 'Pause', 'the replay runs: Run reads Pause');
    await shot('replaying');
    // Faster, to its end: the same result as a search run from scratch.
    await speedMax(page);
    await waitStat(page, 'status', 'found', 30_000);
    assert.equal(await stat(page, 'cost'), astar, 'Dijkstra\'s cost is A*\'s');
    assert.equal((await page.locator('#run').textContent()).trim(), 'Run', 'the replay ended');

    // At the instant speed the result shows at once.
    await focusNeutral(page);
    await page.locator('#algorithm').selectOption('bfs');
    assert.equal(await stat(page, 'status'), 'found', 'instant: found at once');
  });
});
