// Compare mode (compare.html and embed.html?compare=): A* against Dijkstra on a shipped map,
// edits reaching every planner, the winner highlights, the share link and the embed.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { startEnv, gotoReady, cliSolve, readIndex, MAPS, openEmbedParent } from './helpers.mjs';

let env;
before(async () => { env = await startEnv(); });
after(async () => { await env?.close(); });

const hook = (page, fn, ...args) => page.evaluate(([fn, args]) => window.pathlab[fn](...args), [fn, args]);

/** Viewport point of cell (x, y) in planner column `i`. */
async function point(page, i, x, y) {
  return hook(page, 'cellToClient', i, x, y);
}

/** The summary table as [{algorithm, expanded, cost, moves, ms, status, winners: [...]}]. */
async function summary(page) {
  return page.locator('.compare-table tbody tr').evaluateAll((rows) => rows.map((tr) => {
    const cell = (k) => tr.querySelector(`[data-col="${k}"]`);
    return {
      algorithm: cell('algorithm').textContent,
      expanded: Number(cell('expanded').textContent.replace(' ★', '')),
      cost: cell('cost').textContent.replace(' ★', ''),
      moves: cell('moves').textContent.replace(' ★', ''),
      status: cell('status').textContent,
      winners: [...tr.querySelectorAll('td.winner')].map((td) => td.dataset.col),
    };
  }));
}

/** Waits until the summary table's Expanded column reads `list` (it refreshes once a frame). */
async function waitExpanded(page, list, what) {
  try {
    await page.waitForFunction((list) => {
      const got = [...document.querySelectorAll('.compare-table tbody [data-col="expanded"]')].map((td) => Number(td.textContent.replace(' ★', '')));
      return JSON.stringify(got) === JSON.stringify(list);
    }, list, { timeout: 5_000 });
  } catch {
    assert.deepEqual((await summary(page)).map((r) => r.expanded), list, what);
  }
}

async function waitAllFound(page, n, timeout = 60_000) {
  await page.waitForFunction((n) => {
    const rows = [...document.querySelectorAll('.compare-table tbody tr')];
    return rows.length === n && rows.every((tr) => tr.querySelector('[data-col="status"]').textContent === 'found');
  }, n, { timeout });
}

/** Speed slider to "instant" with the keyboard. */
async function instant(page) {
  const speed = page.locator('[data-compare="speed"]');
  await speed.focus();
  await page.keyboard.press('End');
  await page.locator('.compare-table').click();
}

async function openCompare(page, fragment = '') {
  await gotoReady(page, `${env.url}compare.html${fragment ? `#${fragment}` : ''}`);
}

test('the main page opens compare mode; A* and Dijkstra on rooms-gen-96: same cost, A* expands fewer, winners marked', { timeout: 120_000 }, async (t) => {
  await env.withPage(t, async (page, { shot }) => {
    // Reachable from the main page: its Compare link carries the map and the algorithm.
    await page.locator('#compare-link').click();
    await page.waitForURL(/compare\.html/);
    await page.waitForFunction(() => window.pathlab?.ready && window.pathlab.count?.() === 2, null, { timeout: 20_000 });
    assert.deepEqual(
      await page.locator('[data-compare="algorithm"]').evaluateAll((s) => s.map((e) => e.value)),
      ['astar', 'dijkstra'],
    );

    await page.locator('#map').selectOption('rooms-gen-96.map');
    await page.waitForFunction(() => window.pathlab.mapName() === 'rooms-gen-96.map');
    const entry = readIndex().find((m) => m.file === 'rooms-gen-96.map');
    for (const i of [0, 1]) {
      assert.deepEqual(await hook(page, 'start', i), { x: entry.start[0], y: entry.start[1] }, `planner ${i} has the map's start`);
      assert.deepEqual(await hook(page, 'goal', i), { x: entry.goal[0], y: entry.goal[1] });
    }
    await instant(page);
    await page.keyboard.press('Space');
    await waitAllFound(page, 2);
    const rows = await summary(page);
    await shot('astar-vs-dijkstra');
    assert.equal(rows[0].algorithm, 'A*');
    assert.equal(rows[1].algorithm, 'Dijkstra');
    assert.equal(rows[0].cost, rows[1].cost, 'both optimal: the same cost');
    assert.ok(rows[0].expanded < rows[1].expanded, `A* expands fewer (${rows[0].expanded} < ${rows[1].expanded})`);
    // The CLI agrees on the cost.
    const cli = cliSolve(path.join(MAPS, entry.file), { x: entry.start[0], y: entry.start[1] }, { x: entry.goal[0], y: entry.goal[1] });
    assert.equal(rows[0].cost, cli.cost.toFixed(4), 'the CLI finds the same cost');
    assert.ok(rows[0].winners.includes('expanded') && !rows[1].winners.includes('expanded'), 'fewest expanded: A* only');
    assert.ok(rows[0].winners.includes('cost') && rows[1].winners.includes('cost'), 'a tie on cost highlights both');
    const moves = rows.map((r) => Number(r.moves));
    const best = Math.min(...moves);
    rows.forEach((r, i) => assert.equal(r.winners.includes('moves'), moves[i] === best, `moves winner of row ${i}`));
    assert.equal(rows.filter((r) => r.winners.includes('ms')).length >= 1, true, 'someone is fastest');
    assert.match(await page.locator('#message').textContent(), /A\* expanded the fewest/);

    // One Step steps both; the stats per column follow.
    await page.locator('[data-compare="reset"]').click();
    await page.locator('[data-compare="step"]').click();
    await page.locator('[data-compare="step"]').click();
    await waitExpanded(page, [2, 2], 'one Step is one expansion in every planner');
  });
});

test('an edit in either panel applies to every planner; undo too; markers move in all', { timeout: 90_000 }, async (t) => {
  await env.withPage(t, async (page) => {
    await openCompare(page, 'map=open-64&start=2,2&goal=60,60&compare=astar,dijkstra,bfs');
    assert.equal(await hook(page, 'count'), 3);
    const before = await hook(page, 'exportMap', 0);
    // A real mouse stroke across row 30 of the SECOND planner's canvas.
    const a = await point(page, 1, 10, 30);
    const b = await point(page, 1, 50, 30);
    await page.mouse.move(a.x, a.y);
    await page.mouse.down();
    await page.mouse.move(b.x, b.y, { steps: 8 });
    await page.mouse.up();
    const maps = await Promise.all([0, 1, 2].map((i) => hook(page, 'exportMap', i)));
    assert.notEqual(maps[1], before, 'the stroke drew walls');
    assert.equal(maps[0], maps[1], 'planner 1 got the same walls');
    assert.equal(maps[2], maps[1], 'planner 3 got the same walls');
    for (const i of [0, 1, 2]) assert.equal(await hook(page, 'cell', i, 30, 30), 0, `(30,30) is a wall in planner ${i + 1}`);

    // Ctrl+Z with the focus in the third panel undoes it everywhere.
    await page.locator('.compare-panel canvas:not(.gl-cells)').nth(2).focus();
    await page.keyboard.press('Control+z');
    for (const i of [0, 1, 2]) assert.equal(await hook(page, 'exportMap', i), before, `undone in planner ${i + 1}`);

    // Dragging the start marker in the first panel moves it in all.
    const s = await point(page, 0, 2, 2);
    const to = await point(page, 0, 8, 5);
    await page.mouse.move(s.x, s.y);
    await page.mouse.down();
    await page.mouse.move(to.x, to.y, { steps: 6 });
    await page.mouse.up();
    for (const i of [0, 1, 2]) assert.deepEqual(await hook(page, 'start', i), { x: 8, y: 5 }, `start moved in planner ${i + 1}`);

    // Run: every planner finds a path on the same map; the costs of the optimal ones agree.
    await instant(page);
    await page.keyboard.press('Space');
    await waitAllFound(page, 3);
    const rows = await summary(page);
    assert.equal(rows[0].cost, rows[1].cost, 'A* and Dijkstra agree');
  });
});

test('the columns are lanes of one planner in Rust: removing the first column keeps the map, edits and undo', { timeout: 90_000 }, async (t) => {
  await env.withPage(t, async (page) => {
    await openCompare(page, 'map=open-64&start=2,2&goal=60,60&compare=astar,dijkstra,bfs');
    for (const i of [0, 1, 2]) assert.equal(await hook(page, 'lanes', i), 3, `column ${i + 1} is one of three lanes`);
    // A stroke in the first column, then the first column goes: the lane that made the
    // planner is freed, the others keep the map and its undo history.
    const a = await point(page, 0, 10, 30);
    const b = await point(page, 0, 50, 30);
    await page.mouse.move(a.x, a.y);
    await page.mouse.down();
    await page.mouse.move(b.x, b.y, { steps: 8 });
    await page.mouse.up();
    const walled = await hook(page, 'exportMap', 0);
    await page.locator('[data-compare="remove"]').first().click();
    await page.waitForFunction(() => window.pathlab.count() === 2);
    assert.equal(await hook(page, 'lanes', 0), 2, 'the removed column took its lane with it');
    assert.equal(await hook(page, 'exportMap', 0), walled);
    await page.locator('.compare-panel canvas:not(.gl-cells)').nth(1).focus();
    await page.keyboard.press('Control+z');
    const maps = await Promise.all([0, 1].map((i) => hook(page, 'exportMap', i)));
    assert.notEqual(maps[0], walled, 'the stroke made in the removed column is undone');
    assert.equal(maps[0], maps[1]);
    // A column added now is a lane of the same planner.
    await page.locator('[data-compare="add"]').click();
    await page.waitForFunction(() => window.pathlab.count() === 3);
    assert.equal(await hook(page, 'lanes', 2), 3);
    assert.equal(await hook(page, 'exportMap', 2), maps[0]);
  });
});

test('the compare share link round-trips: map, markers, planners and weights', { timeout: 90_000 }, async (t) => {
  await env.withPage(t, async (page, { context }) => {
    await openCompare(page, 'map=marsh-24&compare=astar,dijkstra');
    // Planner 1 becomes weighted A*, a third planner is added: the first algorithm of the
    // menu not on screen yet (Breadth-First).
    const weight = page.locator('[data-compare="weight"]').first();
    await weight.fill('1.5');
    await weight.press('Enter');
    await page.locator('[data-compare="add"]').click();
    await page.waitForFunction(() => window.pathlab.count() === 3);
    assert.equal((await hook(page, 'settings', 0)).weight, 1.5);
    assert.equal((await hook(page, 'settings', 2)).algorithm, 'bfs');
    await page.locator('#copy-link').click();
    const url = await page.locator('#share-url').inputValue();
    assert.match(url, /compare\.html#map=marsh-24&start=\d+,\d+&goal=\d+,\d+&compare=astar:1\.5,dijkstra,bfs$/);

    const other = await context.newPage();
    await gotoReady(other, url);
    await other.waitForFunction(() => window.pathlab.count() === 3);
    for (const i of [0, 1, 2]) {
      assert.deepEqual(await hook(other, 'settings', i), await hook(page, 'settings', i), `planner ${i + 1} settings`);
      assert.equal(await hook(other, 'exportMap', i), await hook(page, 'exportMap', 0), `planner ${i + 1} map`);
    }
    assert.equal(await other.locator('#map').inputValue(), 'marsh-24.map');

    // A full (v1) link carries an edited map the same way.
    const a = await point(page, 0, 3, 3);
    await page.mouse.click(a.x, a.y);
    await page.locator('#copy-link').click();
    const full = await page.locator('#share-url').inputValue();
    assert.match(full, /#v2\.[A-Za-z0-9_-]+&compare=astar:1\.5,dijkstra,bfs$/);
    await other.goto('about:blank');
    await other.goto(full);
    await other.waitForFunction(() => window.pathlab?.ready && window.pathlab.count() === 3);
    assert.equal(await hook(other, 'exportMap', 2), await hook(page, 'exportMap', 0), 'the edited map came through');

    // The main page hands a compare link over to the compare page.
    await other.close();
    const third = await context.newPage();
    await third.goto(`${env.url}index.html#${url.split('#')[1]}`);
    await third.waitForURL(/compare\.html#/);
    await third.waitForFunction(() => window.pathlab?.ready && window.pathlab.count?.() === 3);
    assert.equal((await hook(third, 'settings', 0)).weight, 1.5);
    await third.close();

    // A bad compare part pasted into the open page is refused with a reason; the comparison
    // on the page stays as it was.
    const kept = await hook(page, 'exportMap', 0);
    await page.evaluate(() => { location.hash = 'map=marsh-24&compare=astar'; });
    await page.waitForFunction(() => document.querySelector('#message').dataset.kind === 'error');
    assert.match(await page.locator('#message').textContent(), /2 to 4 algorithms.*kept/);
    assert.equal(await hook(page, 'count'), 3);
    assert.equal(await hook(page, 'exportMap', 0), kept);
    // Opened fresh, the same link shows the default comparison.
    await page.goto('about:blank');
    await openCompare(page, 'map=marsh-24&compare=astar,dijkstra:-1');
    assert.match(await page.locator('#message').textContent(), /weight.*dijkstra.*default/);
    assert.equal(await hook(page, 'count'), 2);
  });
});

test('one timeline drives every planner: each clamps at its own length; &step=K links open at that step', { timeout: 90_000 }, async (t) => {
  await env.withPage(t, async (page, { shot }) => {
    await openCompare(page, 'map=rooms-gen-96&compare=astar,dijkstra');
    await instant(page);
    await page.keyboard.press('Space');
    await waitAllFound(page, 2);
    const [a, d] = await summary(page);
    const label = async () => {
      const m = /step (\d+) of (\d+)/.exec(await page.locator('[data-timeline="label"]').textContent());
      return { k: Number(m[1]), n: Number(m[2]) };
    };
    assert.deepEqual(await label(), { k: d.expanded, n: d.expanded }, 'the scrubber spans the longest search');
    await page.keyboard.press('Home');
    await waitExpanded(page, [0, 0], 'Home: both at step 0');
    await page.keyboard.press('.');
    await page.keyboard.press('.');
    await waitExpanded(page, [2, 2], '. steps both');
    // Drag the shared thumb (real mouse) to the far end region past A*'s length.
    const range = page.locator('[data-timeline="range"]');
    const box = await range.boundingBox();
    const y = box.y + box.height / 2;
    await page.mouse.move(box.x + 10, y);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width - 4, y, { steps: 10 });
    await page.mouse.up();
    await waitExpanded(page, [a.expanded, d.expanded], 'A* stops at its own length');
    const end = await summary(page);
    assert.equal(end[0].status, 'found', 'and is still finished there');
    // The drag left the focus on the range: its own ← key steps back.
    assert.equal(await page.evaluate(() => document.activeElement?.dataset.timeline), 'range');
    await page.keyboard.press('ArrowLeft');
    await waitExpanded(page, [Math.min(a.expanded, d.expanded - 1), d.expanded - 1], '← on the range steps Dijkstra back one; A* clamps');
    await shot('scrubbed');

    // A link with &step=K opens there.
    await page.goto('about:blank');
    await openCompare(page, 'map=rooms-gen-96&compare=astar,dijkstra&step=100');
    await waitExpanded(page, [100, 100], 'the link opened at step 100');
    await page.locator('#copy-link').click();
    assert.match(await page.locator('#share-url').inputValue(), /&compare=astar,dijkstra&step=100$/);
  });
});

test('embed.html?compare=astar,dijkstra races both and answers getState/run over postMessage', { timeout: 90_000 }, async (t) => {
  await env.withPage(t, async (page, { shot }) => {
    const src = `${env.url}embed.html?compare=astar,dijkstra:1&map=marsh-24&speed=instant&controls=step,run,reset&timeline=1`;
    const ask = await openEmbedParent(page, env.url, src, { name: 'parent-compare.html', width: 760, height: 560 });
    const state = await ask({ pathlab: 1, id: 1, cmd: 'getState' });
    assert.equal(state.ok, true, JSON.stringify(state));
    assert.equal(state.result.compare, true);
    assert.deepEqual(state.result.planners.map((p) => p.settings.algorithm), ['astar', 'dijkstra']);
    assert.equal(state.result.map, 'marsh-24.map');
    const frame = page.frameLocator('#f');
    assert.equal(await frame.locator('.compare-panel').count(), 2);
    // Step {n} moves every planner n expansions; setSpeed and pause reach them all.
    const stepped = await ask({ pathlab: 1, id: 20, cmd: 'step', n: 7 });
    assert.deepEqual(stepped.result.planners.map((p) => p.stats.expanded), [7, 7], JSON.stringify(stepped));
    assert.equal((await ask({ pathlab: 1, id: 21, cmd: 'setSpeed', speed: 'instant' })).ok, true);
    assert.equal((await ask({ pathlab: 1, id: 22, cmd: 'pause' })).result.running, false);
    await ask({ pathlab: 1, id: 23, cmd: 'reset' });

    await ask({ pathlab: 1, id: 2, cmd: 'run' });
    await page.waitForFunction(() => window.events.some((e) => e.event === 'done'), null, { timeout: 30_000 });
    const done = await ask({ pathlab: 1, id: 3, cmd: 'getState' });
    const [a, d] = done.result.summary;
    assert.equal(a.cost, d.cost, 'the same cost in the embed');
    assert.ok(a.expanded <= d.expanded, 'A* expands no more than Dijkstra (marsh is weighted terrain)');
    const refused = await ask({ pathlab: 1, id: 4, cmd: 'setSettings', settings: { algorithm: 'bfs' } });
    assert.equal(refused.ok, false);
    assert.match(refused.error, /compare/);
    const badSeek = await ask({ pathlab: 1, id: 5, cmd: 'seek', step: -2 });
    assert.equal(badSeek.ok, false);
    const seek = await ask({ pathlab: 1, id: 6, cmd: 'seek', step: 10 });
    assert.equal(seek.ok, true, JSON.stringify(seek));
    assert.deepEqual(seek.result.planners.map((p) => [p.step, p.stats.expanded]), [[10, 10], [10, 10]], 'seek moves both planners');
    assert.match(await frame.locator('[data-timeline="label"]').textContent(), /^step 10 of \d+/);
    await shot('embed-compare');
  });
});

test('a bad compare parameter in the embed is refused with a reason', { timeout: 60_000 }, async (t) => {
  await env.withPage(t, async (page) => {
    await page.goto(`${env.url}embed.html?compare=astar,teleport`);
    await page.waitForSelector('.embed-error');
    assert.match(await page.locator('.embed-error').textContent(), /teleport/);
  }, { load: false });
});

test('compare mode screenshots: desktop with four planners and a 390px phone', { timeout: 90_000 }, async (t) => {
  await env.withPage(t, async (page, { shot }) => {
    await openCompare(page, 'map=rooms-gen-96&compare=astar,dijkstra,best-first,bfs');
    await instant(page);
    await page.keyboard.press('Space');
    await waitAllFound(page, 4);
    await shot('desktop-four');
    await page.setViewportSize({ width: 390, height: 844 });
    await openCompare(page, 'map=marsh-24&compare=astar,dijkstra');
    await instant(page);
    await page.keyboard.press('Space');
    await waitAllFound(page, 2);
    await shot('phone-390');
    await page.screenshot({ path: path.join(path.dirname(new URL(import.meta.url).pathname), 'screenshots', 'compare-phone-390-full.png'), fullPage: true });
    // Nothing sticks out sideways on the phone.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `the page is ${overflow}px wider than the phone`);
  });
});

test('another algorithm in one column after the race plays that column\'s new search; the others keep their result', { timeout: 90_000 }, async (t) => {
  await env.withPage(t, async (page, { shot }) => {
    await openCompare(page);
    await page.waitForFunction(() => window.pathlab?.ready && window.pathlab.count?.() === 2, null, { timeout: 20_000 });
    await instant(page);
    await page.keyboard.press('Space');
    await waitAllFound(page, 2);
    const first = await hook(page, 'stats', 0);
    // One expansion a frame: the replay takes many frames.
    const speed = page.locator('[data-compare="speed"]');
    await speed.focus();
    await page.keyboard.press('Home');
    await page.locator('[data-compare="algorithm"]').nth(1).selectOption('bfs');
    await page.waitForFunction(() => {
      const s = window.pathlab.stats(1);
      return s.status === 'running' && s.step > 0 && s.step < s.steps;
    }, null, { timeout: 5_000, polling: 'raf' });
    await shot('column-replaying');
    const other = await hook(page, 'stats', 0);
    assert.equal(other.status, 'found', 'the other column keeps its result');
    assert.equal(other.expanded, first.expanded);
    await instant(page);
    await page.waitForFunction(() => window.pathlab.stats(1).status === 'found', null, { timeout: 30_000 });
  });
});
