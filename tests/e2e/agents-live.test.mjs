// The Agents view's live stepping (issue 28): the page's own Step and Run (buttons and keys)
// drive the solver picked in the top bar's algorithm menu, which lists the MAPF solvers while
// the view is shown — CBS's constraint tree grows node by node, PIBT's pushes are listed and
// drawn, LaCAM's configurations are counted, the pseudocode panel lights the step's line —
// and the plan a live run ends with is the one-shot solve's and the CLI's. On a phone, taps
// place agents and two fingers pinch-zoom without placing any.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { startEnv, gotoReady, clickCell, cellPoint, drag, newMap, exportMap, tmpdir, openPanel, closePanel, afterFrames, assertWholeMapVisible, CLI, SHOTS, phoneAgentsPage, tapCells, waitCanvasData as waitData } from './helpers.mjs';

let env;
before(async () => { env = await startEnv(); });
after(async () => { await env?.close(); });

const canvas = (page) => page.locator('#grid-canvas');
const data = (page, name) => canvas(page).getAttribute(`data-agents-${name}`);
const stepPanel = (page) => page.locator('#agents-step');

/** The Agents view on a fresh open map of w×h; `walls` are drawn first (cell runs). */
async function agentsOn(page, w, h, walls = []) {
  await newMap(page, w, h);
  // The map takes the room of the panel closed: wait for the canvas to grow, then fit.
  const width = await canvas(page).evaluate((c) => c.clientWidth);
  await closePanel(page, 'map');
  await page.waitForFunction((before) => document.querySelector('#grid-canvas').clientWidth > before, width);
  await afterFrames(page, 3);
  await page.locator('#zoom-fit').click();
  await afterFrames(page, 3);
  await assertWholeMapVisible(page);
  for (const run of walls) await drag(page, run, { steps: 6 });
  await page.locator('#view').selectOption('agents');
  await waitData(page, 'agents', 'on');
}

async function place(page, pairs) {
  for (const [s, g] of pairs) {
    await clickCell(page, ...s);
    await clickCell(page, ...g);
  }
  await waitData(page, 'agentsCount', String(pairs.length));
}

/** `pathlab mapf` on the page's map and agents. */
function cliMapf(mapText, ends, w, h, algo) {
  const dir = tmpdir();
  const lines = ['version 1'];
  for (let i = 0; i < ends.length; i += 4) lines.push(['0', 'page.map', w, h, ends[i], ends[i + 1], ends[i + 2], ends[i + 3], '0'].join('\t'));
  fs.writeFileSync(path.join(dir, 'page.map'), mapText);
  fs.writeFileSync(path.join(dir, 'page.scen'), `${lines.join('\n')}\n`);
  const r = spawnSync(CLI, ['mapf', path.join(dir, 'page.map'), path.join(dir, 'page.scen'), '--algo', algo, '--json'], { encoding: 'utf8', timeout: 60_000 });
  assert.equal(r.status, 0, r.stderr);
  return JSON.parse(r.stdout.trim().split('\n').pop());
}

const menuValues = (page) => page.locator('#algorithm option').evaluateAll((os) => os.map((o) => o.value));

test('Step and Run grow CBS\'s tree node by node, light the pseudocode, and end with the one-shot plan', { timeout: 120_000 }, async (t) => {
  await env.withPage(t, async (page) => {
    const [w, h] = [16, 10];
    await agentsOn(page, w, h, [[[0, 5], [13, 5]]]);
    // The speed is said in the view's own unit: the solver's steps here, nodes in the grid view.
    await page.waitForFunction(() => /^[\d ]+ steps\/s$/.test(document.querySelector('#speed-value').textContent));
    assert.match(await page.locator('#speed').getAttribute('aria-valuetext'), /^[\d ]+ steps\/s$/);
    // The menu lists the solvers while the view is shown; the bar has no menu of its own.
    assert.deepEqual(await menuValues(page), ['pp', 'cbs', 'pibt', 'lacam', 'lacam-star']);
    assert.equal(await page.locator('#agents-solver').count(), 0);
    await place(page, [[[1, 1], [2, 8]], [[2, 7], [1, 2]], [[5, 2], [6, 7]], [[6, 8], [7, 2]]]);
    await page.locator('#algorithm').selectOption('cbs');
    await waitData(page, 'agentsSolver', 'cbs');
    await openPanel(page, 'pseudo');
    await page.waitForFunction(() => document.querySelector('[data-pc="title"]')?.textContent === 'CBS');

    // Step: the root is expanded — its conflict ringed at its time step, two children listed.
    await page.locator('#step').click();
    await waitData(page, 'agentsSteps', '1');
    const tree = page.locator('#agents-tree');
    assert.equal(await tree.getAttribute('data-expanding'), '0');
    assert.equal(await tree.getAttribute('data-expanded'), '1');
    const nodes1 = Number(await tree.getAttribute('data-nodes'));
    assert.ok(nodes1 >= 2, `the root and its children: ${nodes1}`);
    assert.notEqual(await data(page, 'conflict'), '', 'the conflict is ringed');
    assert.equal(await data(page, 'live'), 'running');
    assert.match(await stepPanel(page).locator('.agents-step-head').textContent(), /^Expanded node #0 \(cost \d+\): agents \d and \d (both on|swap)/);
    assert.match(await stepPanel(page).locator('li').first().textContent(), /^(child #1: agent \d not|bypass:)/);
    assert.equal(await page.locator('.agents-tree-node.expanding').getAttribute('data-node'), '0');
    // The pseudocode panel lights the line the step ended on (Rust's id).
    const lineId = await data(page, 'line');
    await page.waitForFunction((id) => document.querySelector('[data-pseudocode]').dataset.lineId === id, lineId);
    assert.equal(await page.locator('.pc-code li.current').getAttribute('data-id'), lineId);
    await page.screenshot({ path: path.join(SHOTS, 'agents-live-cbs-desktop.png') });

    // N (the page's Step key) expands the next node: the tree grows.
    await canvas(page).focus();
    await page.keyboard.press('n');
    await waitData(page, 'agentsSteps', '2');
    assert.equal(await tree.getAttribute('data-expanded'), '2');
    assert.ok(Number(await tree.getAttribute('data-nodes')) >= nodes1);
    await closePanel(page, 'pseudo');

    // Run steps on to the end at the page's speed; the plan then plays.
    await page.locator('#run').click();
    await waitData(page, 'agentsStatus', 'solved');
    await waitData(page, 'agentsLive', 'solved');
    assert.equal(await data(page, 'line'), 'goal');
    const live = (await page.evaluate(() => window.pathlab.agents())).outcome;
    // The same plan as the one-shot Solve, and as the CLI's.
    await page.locator('#agents-run').click();
    await page.waitForFunction((ms) => window.pathlab.agents().outcome?.ms !== ms, live.ms);
    const once = (await page.evaluate(() => window.pathlab.agents())).outcome;
    assert.deepEqual([live.soc, live.makespan, live.nodes], [once.soc, once.makespan, once.nodes]);
    const a = await page.evaluate(() => window.pathlab.agents());
    const cli = cliMapf(await exportMap(page), a.ends, w, h, 'cbs');
    assert.deepEqual([live.soc, live.makespan, live.nodes], [cli.soc, cli.makespan, cli.nodes]);

    // Leaving the view gives the menu its single-agent algorithms back.
    await page.locator('#view').selectOption('path');
    await waitData(page, 'agents', 'off');
    const back = await menuValues(page);
    assert.ok(back.includes('astar') && !back.includes('cbs'), back.join(','));
    assert.match(await page.locator('#speed-value').textContent(), /^[\d ]+ expansions\/s$/);
    assert.match(await page.locator('#speed').getAttribute('aria-valuetext'), /^[\d ]+ expansions\/s$/);
    assert.equal(await page.locator('#algorithm').inputValue(), await page.evaluate(() => window.pathlab.settings?.().algorithm ?? 'astar'));
  });
});

test('PIBT\'s pushes are listed and drawn; LaCAM counts its configurations as it steps', { timeout: 120_000 }, async (t) => {
  await env.withPage(t, async (page) => {
    // A corridor: agent 0, further from its goal, has the priority and pushes agent 1 along.
    const [w, h] = [12, 10];
    await agentsOn(page, w, h, [[[0, 3], [11, 3]], [[0, 5], [11, 5]]]);
    await place(page, [[[0, 4], [9, 4]], [[1, 4], [6, 4]]]);
    await page.locator('#algorithm').selectOption('pibt');
    await waitData(page, 'agentsSolver', 'pibt');
    await page.locator('#step').click();
    await waitData(page, 'agentsSteps', '1');
    const panel = stepPanel(page);
    assert.equal(await panel.getAttribute('data-pushes'), '1');
    assert.equal(await panel.getAttribute('data-arrows'), '1', 'the push is drawn as an arrow');
    assert.match(await panel.locator('.agents-step-head').textContent(), /^Time step 1: 2 agents chose their moves by priority; 1 push, 0 backtracks\.$/);
    const details = await panel.locator('li').allTextContents();
    assert.equal(details[0], 'priority order: 0, 1');
    assert.match(details[1], /^agent 0 wants agent 1's cell: 1 inherits 0's priority/);
    assert.equal(await data(page, 'line'), 'inherit');
    // The agents are drawn at the time step reached.
    assert.equal(await data(page, 't'), '1');
    await page.screenshot({ path: path.join(SHOTS, 'agents-live-pibt-desktop.png') });

    // LaCAM: each step explores one configuration; the configurations found only grow.
    await page.locator('#algorithm').selectOption('lacam');
    await waitData(page, 'agentsSolver', 'lacam');
    assert.equal(await data(page, 'live'), '', 'picking another solver drops the live solve');
    await canvas(page).focus();
    let made = 0;
    for (let i = 1; i <= 3; i++) {
      await page.keyboard.press('n');
      await page.waitForFunction((n) => ['solved', ''].includes(document.querySelector('#grid-canvas').dataset.agentsLive) || document.querySelector('#grid-canvas').dataset.agentsSteps === String(n), i);
      if ((await data(page, 'live')) !== 'running') break;
      const now = Number(await data(page, 'made'));
      assert.ok(now > made || i > 1, `configurations found after ${i} steps: ${now}`);
      assert.ok(now >= made);
      made = now;
      assert.match(await panel.getAttribute('data-outcome'), /^(new|known|failed|exhausted)$/);
      assert.match(await panel.locator('.agents-step-counts').textContent(), new RegExp(`^${now} configurations found, ${i} explored`));
    }
    assert.ok(made >= 2, `${made} configurations`);
    await page.screenshot({ path: path.join(SHOTS, 'agents-live-lacam-desktop.png') });
    // Reset drops the live solve; the agents stay.
    await page.keyboard.press('r');
    await waitData(page, 'agentsLive', '');
    assert.equal(await data(page, 'count'), '2');
  });
});

test('on a phone, taps place agents, Step steps the solver, and two fingers pinch-zoom without placing', { timeout: 90_000 }, async () => {
  const { context, page } = await phoneAgentsPage(env);
  try {
    // Agents 0 and 1 meet head-on along row 4: CBS's root has a conflict to split.
    await tapCells(page, [[1, 4], [9, 4], [8, 4], [2, 4], [4, 2], [6, 7]]);
    await waitData(page, 'agentsCount', '3');
    // Two fingers: the map zooms, and no agent is placed.
    const cdp = await context.newCDPSession(page);
    const touch = (type, points) => cdp.send('Input.dispatchTouchEvent', {
      type, touchPoints: points.map((p, id) => ({ x: p.x, y: p.y, id, radiusX: 4, radiusY: 4, force: 1 })),
    });
    const scale = () => page.evaluate(() => window.pathlab.cellToClient(1, 0).x - window.pathlab.cellToClient(0, 0).x);
    const before = await scale();
    const c = await cellPoint(page, 6, 4);
    let a = { x: c.x - 20, y: c.y }, b = { x: c.x + 20, y: c.y };
    await touch('touchStart', [a]);
    await touch('touchStart', [a, b]);
    for (let i = 1; i <= 8; i++) {
      a = { x: c.x - 20 - 8 * i, y: c.y };
      b = { x: c.x + 20 + 8 * i, y: c.y };
      await touch('touchMove', [a, b]);
    }
    await touch('touchEnd', []);
    await page.waitForFunction((s) => window.pathlab.cellToClient(1, 0).x - window.pathlab.cellToClient(0, 0).x > s * 1.5, before);
    assert.equal(await data(page, 'count'), '3', 'the pinch placed no agent');
    // Fit again, then Step CBS with the page's Step button.
    await page.locator('#zoom-fit').tap();
    await page.locator('#algorithm').selectOption('cbs');
    await waitData(page, 'agentsSolver', 'cbs');
    await page.locator('#step').tap();
    await waitData(page, 'agentsSteps', '1');
    await waitData(page, 'agentsLive', 'running');
    assert.match(await stepPanel(page).locator('.agents-step-head').textContent(), /^Expanded node #0 .*agents 0 and 1/);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: path.join(SHOTS, 'agents-live-cbs-phone.png') });
  } finally {
    await context.close();
  }
});
