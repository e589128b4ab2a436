// The Agents view (issue 28): agents placed with real clicks and touches, solved, played in
// lock step and scrubbed; the page's plan equals the CLI's (`pathlab mapf`) on the same map
// and agents; a bad imported plan's first conflict is marked; hexagons grey the view out.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { startEnv, gotoReady, clickCell, cellPoint, drag, newMap, exportMap, tmpdir, openPanel, closePanel, afterFrames, CLI, REPO, SHOTS, phoneAgentsPage, tapCells, MAPF_BENCH, openMapfBenchmark, waitCanvasData as waitData } from './helpers.mjs';

let env;
before(async () => { env = await startEnv(); });
after(async () => { await env?.close(); });

// The pictures docs/screenshots/agents-*.png are copied from here (the tests never write into docs/).
const DOC_SHOTS = SHOTS;
const canvas = (page) => page.locator('#grid-canvas');
const agents = (page) => page.evaluate(() => window.pathlab.agents());

/** The Agents view on a fresh open map of w×h with a wall across its middle (a gap at the right). */
async function agentsOn(page, w, h) {
  await newMap(page, w, h);
  const y = Math.floor(h / 2);
  await drag(page, [[0, y], [w - 3, y]], { steps: 6 });
  await page.locator('#view').selectOption('agents');
  await waitData(page, 'agents', 'on');
}

/** Agents (start, goal) as the CLI's `.scen` (Moving AI; the 9th column is not read). */
function scenOf(ends, w, h) {
  const lines = ['version 1'];
  for (let i = 0; i < ends.length; i += 4) lines.push(['0', 'page.map', w, h, ends[i], ends[i + 1], ends[i + 2], ends[i + 3], '0'].join('\t'));
  return `${lines.join('\n')}\n`;
}

/** `pathlab mapf` on the page's map and agents. */
function cliMapf(page, mapText, ends, w, h, algo) {
  const dir = tmpdir();
  fs.writeFileSync(path.join(dir, 'page.map'), mapText);
  fs.writeFileSync(path.join(dir, 'page.scen'), scenOf(ends, w, h));
  const args = ['mapf', path.join(dir, 'page.map'), path.join(dir, 'page.scen'), '--algo', algo, '--json'];
  const r = spawnSync(CLI, args, { encoding: 'utf8', timeout: 60_000 });
  assert.equal(r.status, 0, `pathlab ${args.join(' ')}: ${r.stderr}`);
  return JSON.parse(r.stdout.trim().split('\n').pop());
}

test('agents placed by clicks are solved like the CLI, played in lock step and scrubbed', { timeout: 120_000 }, async (t) => {
  await env.withPage(t, async (page) => {
    const [w, h] = [16, 10];
    await agentsOn(page, w, h);
    // Four agents, each across the wall: start click, then goal click.
    const pairs = [[[1, 1], [2, 8]], [[2, 7], [1, 2]], [[5, 2], [6, 7]], [[6, 8], [4, 2]]];
    for (const [s, g] of pairs) {
      await clickCell(page, ...s);
      await clickCell(page, ...g);
    }
    await waitData(page, 'agentsCount', '4');
    // A click on a wall is refused in Rust's words, and places nothing.
    await clickCell(page, 3, 5);
    await page.waitForFunction(() => /wall/.test(document.querySelector('#message').textContent));
    assert.equal((await agents(page)).ends.length, 16);
    // Drag agent 3's goal from (4, 2) to (7, 2).
    await drag(page, [[4, 2], [5, 2], [7, 2]], { steps: 3 });
    await page.waitForFunction(() => window.pathlab.agents().ends[14] === 7);
    for (const algo of ['lacam', 'cbs']) {
      await page.locator('#algorithm').selectOption(algo);
      await page.locator('#agents-run').click();
      await waitData(page, 'agentsStatus', 'solved');
      const a = await agents(page);
      const cli = cliMapf(page, await exportMap(page), a.ends, w, h, algo);
      assert.equal(cli.status, 'solved');
      assert.equal(String(cli.soc), await canvas(page).getAttribute('data-agents-soc'), `${algo}: SOC`);
      assert.equal(String(cli.makespan), await canvas(page).getAttribute('data-agents-makespan'), `${algo}: makespan`);
      // The same paths, cell by cell (the page's are held on their goals to the horizon).
      for (let i = 0; i < 4; i++) {
        for (let s = 0; s <= a.horizon; s++) {
          const [x, y] = cli.paths[i][Math.min(s, cli.paths[i].length - 1)];
          assert.equal(a.paths[i * (a.horizon + 1) + s], y * w + x, `${algo}: agent ${i} at t=${s}`);
        }
      }
      assert.match(await page.locator('#agents-stats').textContent(), new RegExp(`SOC ${cli.soc} \\(lower bound ${cli.soc_lb}\\)`));
    }
    // The plan plays to its end in lock step, then the scrubber steps through it.
    const horizon = (await agents(page)).horizon;
    assert.ok(horizon > 3, `a plan of ${horizon} steps`);
    await waitData(page, 'agentsPlaying', 'false');
    await waitData(page, 'agentsT', String(horizon));
    await page.locator('[data-agents-timeline="start"]').click();
    await waitData(page, 'agentsT', '0');
    await page.locator('[data-agents-timeline="forward"]').click();
    await page.locator('[data-agents-timeline="forward"]').click();
    await waitData(page, 'agentsT', '2');
    await page.locator('[data-agents-timeline="back"]').click();
    await waitData(page, 'agentsT', '1');
    // The timeline's keys scrub the time steps too.
    await canvas(page).focus();
    await page.keyboard.press('.');
    await waitData(page, 'agentsT', '2');
    // Space plays and pauses the plan (not the hidden search).
    await page.keyboard.press(' ');
    await waitData(page, 'agentsPlaying', 'true');
    await page.keyboard.press(' ');
    await waitData(page, 'agentsPlaying', 'false');
    await page.locator('[data-agents-timeline="range"]').fill('3');
    await waitData(page, 'agentsT', '3');
    assert.equal(await page.locator('[data-agents-timeline="label"]').textContent(), `t = 3 of ${horizon}`);
    fs.mkdirSync(DOC_SHOTS, { recursive: true });
    await page.screenshot({ path: path.join(DOC_SHOTS, 'agents-desktop.png') });
    // CBS's constraint tree: the root was split on a conflict; its own paths show it ringed.
    await page.locator('#agents-tree summary').click();
    const root = page.locator('[data-node="0"]');
    assert.match(await root.textContent(), /^#0 · cost \d+ · root: .* · split on agents \d and \d at \(\d+,\d+\)/);
    await root.click();
    await waitData(page, 'agentsNode', '0');
    await page.waitForFunction(() => document.querySelector('#grid-canvas').dataset.agentsConflict !== '');
    const tree = await page.evaluate(() => window.pathlab.agents());
    assert.ok(tree.horizon >= 1);
    assert.match(await page.locator('#agents-stats').textContent(), /Constraint-tree node #0/);
    const solution = page.locator('.agents-tree-node.solution');
    assert.equal(await solution.count(), 1);
    assert.match(await solution.textContent(), new RegExp(`cost ${await canvas(page).getAttribute('data-agents-soc')} `));
    await page.screenshot({ path: path.join(DOC_SHOTS, 'agents-cbs-tree-desktop.png') });
    await page.locator('#agents-tree-back').click();
    await waitData(page, 'agentsNode', '');
    await waitData(page, 'agentsConflict', '');
    // A link carries the agents: opened in a new page, the view shows them again.
    const ends = (await agents(page)).ends;
    await page.locator('#copy-link').click();
    await page.waitForFunction(() => /agents=/.test(document.querySelector('#share-url').value));
    const url = await page.locator('#share-url').inputValue();
    assert.match(url, /&agents=1,1,2,8;2,7,1,2;5,2,6,7;6,8,7,2$/);
    const other = await page.context().newPage();
    await gotoReady(other, url);
    await waitData(other, 'agents', 'on');
    await waitData(other, 'agentsCount', '4');
    assert.deepEqual((await agents(other)).ends, ends);
    assert.equal(await other.locator('#view').inputValue(), 'agents');
    await other.close();
    // N steps the solver (from the start again: a live solve), not the hidden search.
    await canvas(page).focus();
    await page.keyboard.press('n');
    await waitData(page, 'agentsSteps', '1');
    await waitData(page, 'agentsLive', 'running');
    assert.equal(await page.evaluate(() => window.pathlab.stats().expanded), 0, 'the search did not step');
    // Leaving the view gives the page its search back.
    await page.locator('#view').selectOption('path');
    await waitData(page, 'agents', 'off');
    assert.equal(await page.locator('#agents-controls').isHidden(), true);
  });
});

test('right after the view changes, a cell is where the next frame paints it, so a click at once lands on it', { timeout: 60_000 }, async (t) => {
  await env.withPage(t, async (page) => {
    await newMap(page, 12, 10);
    // The Agents bar appears above the map, the canvas shrinks and the map is fitted to it
    // again. Where the page puts cell (1,1) is read in the change's own task, after the
    // page's handler and before any frame (a read-only listener): it must already be where
    // the frames after paint it, not wait for the next frame's resize observer (a click in
    // between landed a cell off: agent 0 on (0,1) for (1,1), 'wrong-start' on import).
    await page.evaluate(() => {
      const probe = /** @type {any} */ (window);
      document.querySelector('#view').addEventListener('change', () => { probe.cellAtChange = window.pathlab.cellToClient(1, 1); });
    });
    for (const view of ['agents', 'path', 'agents']) {
      await page.locator('#view').selectOption(view);
      await afterFrames(page, 2);
      const atChange = await page.evaluate(() => /** @type {any} */ (window).cellAtChange);
      assert.deepEqual(atChange, await cellPoint(page, 1, 1), `cell (1,1) as the view turned to ${view}, and two frames after`);
    }
    await clickCell(page, 1, 1);
    await waitData(page, 'agentsCount', '1');
    assert.deepEqual((await agents(page)).ends.slice(0, 2), [1, 1]);
  });
});

test('a bad imported plan is marked at its first conflict, in the validator\'s words', { timeout: 60_000 }, async (t) => {
  await env.withPage(t, async (page) => {
    await agentsOn(page, 12, 10);
    for (const [x, y] of [[1, 1], [5, 1], [3, 3], [3, 0]]) await clickCell(page, x, y);
    await waitData(page, 'agentsCount', '2');
    // Both agents with their goals (the count says 2 once the second start is down).
    await page.waitForFunction(() => window.pathlab.agents().ends.join(',') === '1,1,5,1,3,3,3,0');
    // Agent 0 walks right along row 1, agent 1 up column 3: they meet on (3, 1) at t = 2.
    const plan = ['solution=', '0:(1,1),(3,3),', '1:(2,1),(3,2),', '2:(3,1),(3,1),', '3:(4,1),(3,0),', '4:(5,1),(3,0),', ''].join('\n');
    await page.locator('#agents-import').setInputFiles({ name: 'bad.txt', mimeType: 'text/plain', buffer: Buffer.from(plan) });
    await waitData(page, 'agentsConflict', '3,1');
    await waitData(page, 'agentsT', '2');
    assert.match(await page.locator('#agents-stats').textContent(), /Invalid plan: vertex at t=2: agents 0 and 1, cell \(3,1\)/);
    await page.screenshot({ path: path.join(DOC_SHOTS, 'agents-conflict-desktop.png') });
    // The ring is on the picture: the conflict cell's rim is the conflict colour.
    const c = await cellPoint(page, 3, 1);
    const scale = await page.evaluate(() => window.pathlab.cellToClient(1, 0).x - window.pathlab.cellToClient(0, 0).x);
    const png = await page.screenshot({ clip: { x: c.x - scale, y: c.y - scale, width: 2 * scale, height: 2 * scale } });
    assert.ok(png.length > 0);
    // The SVG export draws what the screen does: the agents, their goals and the ring.
    await page.locator('#export-view').click();
    const [file] = await Promise.all([page.waitForEvent('download'), page.locator('[data-export="svg"]').click()]);
    const svg = fs.readFileSync(await file.path(), 'utf8');
    assert.equal((svg.match(/class="agent"/g) ?? []).length, 2, 'two agent discs');
    assert.equal((svg.match(/class="agent-goal"/g) ?? []).length, 2, 'two goals');
    assert.match(svg, /id="agent-conflict"/);
    assert.doesNotMatch(svg, /id="start"|id="goal"/, 'the single search\'s markers step aside');
    await page.keyboard.press('Escape');
    // A valid plan clears the mark.
    await page.locator('#agents-run').click();
    await waitData(page, 'agentsStatus', 'solved');
    await waitData(page, 'agentsConflict', '');
  });
});

test('agents placed by touch on a phone are solved and played', { timeout: 60_000 }, async () => {
  const { context, page } = await phoneAgentsPage(env);
  try {
    await tapCells(page, [[1, 1], [9, 8], [9, 1], [1, 8], [4, 2], [6, 7]]);
    await waitData(page, 'agentsCount', '3');
    assert.deepEqual((await agents(page)).ends, [1, 1, 9, 8, 9, 1, 1, 8, 4, 2, 6, 7]);
    // A tap on an agent picks it; Remove takes it away.
    const p = await cellPoint(page, 4, 2);
    await page.touchscreen.tap(p.x, p.y);
    await page.locator('#agents-remove').tap();
    await waitData(page, 'agentsCount', '2');
    await page.locator('#agents-run').tap();
    await waitData(page, 'agentsStatus', 'solved');
    await waitData(page, 'agentsPlaying', 'false');
    await page.locator('#view-bar').scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(DOC_SHOTS, 'agents-phone.png') });
  } finally {
    await context.close();
  }
});

test('on a map of hexagons the Agents view is greyed out with the reason', { timeout: 60_000 }, async (t) => {
  await env.withPage(t, async (page) => {
    await openPanel(page, 'map');
    await page.locator('#map').selectOption('hex-maze-41.map');
    await page.waitForFunction(() => window.pathlab.shape() !== 'square');
    const option = page.locator('#view option[value="agents"]');
    await page.waitForFunction(() => document.querySelector('#view option[value="agents"]').disabled);
    assert.match(await option.getAttribute('title'), /square cells/);
  });
});

test('a benchmark .scen with N agents loads, solves like the CLI, and exports its plan', { timeout: 120_000, skip: !fs.existsSync(MAPF_BENCH) && 'no shared MAPF benchmarks' }, async (t) => {
  await env.withPage(t, async (page) => {
    const map = path.join(MAPF_BENCH, 'random-32-32-20.map');
    const scen = path.join(MAPF_BENCH, 'random-32-32-20-random-1.scen');
    await openMapfBenchmark(page, 'random-32-32-20', 32);
    for (const n of [100, 400]) {
      await page.locator('#agents-n').fill(String(n));
      await page.locator('#agents-scen').setInputFiles(scen);
      await waitData(page, 'agentsCount', String(n));
      await page.locator('#algorithm').selectOption('lacam');
      await page.locator('#agents-budget').fill('5000');
      await page.locator('#agents-run').click();
      await waitData(page, 'agentsStatus', 'solved');
      const o = (await agents(page)).outcome;
      const r = spawnSync(CLI, ['mapf', map, scen, '--agents', String(n), '--algo', 'lacam', '--json'], { encoding: 'utf8', timeout: 60_000 });
      const cli = JSON.parse(r.stdout.trim().split('\n').pop());
      assert.deepEqual([o.soc, o.makespan, o.socLb, o.nodes], [cli.soc, cli.makespan, cli.soc_lb, cli.nodes], `${n} agents`);
      t.diagnostic(`LaCAM, ${n} agents on random-32-32-20: page ${o.ms.toFixed(1)} ms, CLI ${cli.time_ms.toFixed(1)} ms, SOC ${o.soc}, makespan ${o.makespan}, ${o.nodes} nodes`);
    }
    const download = page.waitForEvent('download');
    await page.locator('#agents-export').click();
    const text = fs.readFileSync(await (await download).path(), 'utf8');
    assert.match(text, /^agents=400\n/);
    assert.match(text, /\nsolution=\n0:\(/);
    await page.screenshot({ path: path.join(DOC_SHOTS, 'agents-400-desktop.png') });
  });
});
