// Agents in embeds and the JS API (issue 28): an iframe of embed.html with `agents=` in its
// link opens the Agents view, solves them (autoplay, `solver=`) and its `agents` event carries
// the outcome, whose SOC is the CLI's on the same map and agents; the commands place agents,
// solve them with a solver and a budget and read the outcome and the paths; a map of
// hexagons and a compare link refuse agents in words; <pathlab-grid> takes the same.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { startEnv, openEmbedParent, tmpdir, CLI, MAPS, SHOTS } from './helpers.mjs';
import { snippet } from './doc.mjs';

let env;
before(async () => { env = await startEnv(); });
after(async () => { await env?.close(); });

/** `pathlab mapf --json` on a shipped map with agents `[[sx, sy, gx, gy], …]`. */
function cliMapf(mapFile, agents, algo) {
  const map = path.join(MAPS, mapFile);
  const [w, h] = ['width', 'height'].map((k) => Number(new RegExp(`${k} (\\d+)`).exec(fs.readFileSync(map, 'utf8'))[1]));
  const lines = ['version 1', ...agents.map((a) => ['0', mapFile, w, h, ...a, '0'].join('\t'))];
  const scen = path.join(tmpdir(), 'agents.scen');
  fs.writeFileSync(scen, `${lines.join('\n')}\n`);
  const r = spawnSync(CLI, ['mapf', map, scen, '--algo', algo, '--json'], { encoding: 'utf8', timeout: 60_000 });
  return JSON.parse(r.stdout.trim().split('\n').pop());
}

const AGENTS = [[1, 1, 1, 3], [3, 1, 7, 1], [7, 1, 3, 1]];
const TEXT = AGENTS.map((a) => a.join(',')).join(';');

test('an iframe with agents= in its link solves them at once and its event carries the SOC', { timeout: 120_000 }, async (t) => {
  await env.withPage(t, async (page, { url }) => {
    const ask = await openEmbedParent(page, url, `${url}embed.html?solver=cbs&autoplay#map=maze-63&agents=${TEXT}`);
    await page.waitForFunction(() => window.events.some((e) => e.event === 'agents'), null, { timeout: 30_000 });
    const event = await page.evaluate(() => window.events.find((e) => e.event === 'agents'));
    const cli = cliMapf('maze-63.map', AGENTS, 'cbs');
    assert.equal(event.outcome.status, 'solved');
    assert.equal(event.outcome.solver, 'cbs');
    assert.equal(event.outcome.soc, cli.soc, 'the SOC is the CLI\'s');
    assert.equal(event.outcome.makespan, cli.makespan);
    assert.equal(event.outcome.socLb, cli.soc_lb);
    assert.deepEqual(Object.keys(event).sort(), ['event', 'outcome', 'pathlab']);
    // getAgents: the agents, the outcome and every agent's path, cell by cell the CLI's.
    let id = 1;
    const got = (await ask({ pathlab: 1, id: id++, cmd: 'getAgents' })).result;
    assert.equal(got.active, true);
    assert.deepEqual(got.agents, AGENTS);
    assert.equal(got.paths.length, 3);
    for (let i = 0; i < 3; i++) {
      for (let s = 0; s < got.paths[i].length; s++) {
        assert.deepEqual(got.paths[i][s], cli.paths[i][Math.min(s, cli.paths[i].length - 1)], `agent ${i} at t=${s}`);
      }
    }
    const state = (await ask({ pathlab: 1, id: id++, cmd: 'getState' })).result;
    assert.deepEqual([state.agents.active, state.agents.count, state.agents.outcome.soc], [true, 3, cli.soc]);
    // setAgents with an array, then solveAgents with another solver and a budget.
    const two = [[1, 1, 7, 1], [7, 1, 1, 1]];
    const placed = await ask({ pathlab: 1, id: id++, cmd: 'setAgents', agents: two });
    assert.equal(placed.ok, true, placed.error);
    assert.equal(placed.result.count, 2);
    assert.equal(placed.result.outcome, null, 'new agents have no plan yet');
    const solved = await ask({ pathlab: 1, id: id++, cmd: 'solveAgents', solver: 'lacam', budgetMs: 500 });
    assert.equal(solved.ok, true, solved.error);
    const lacam = cliMapf('maze-63.map', two, 'lacam');
    assert.deepEqual([solved.result.status, solved.result.soc, solved.result.makespan], [lacam.status, lacam.soc, lacam.makespan]);
    await page.waitForFunction(() => window.events.filter((e) => e.event === 'agents').length === 2);
    // Refusals in words, the agents kept.
    const refusals = [
      [{ cmd: 'setAgents', agents: '1,1,0,0' }, /wall/],
      [{ cmd: 'setAgents', agents: [[1, 1, 1.5, 3]] }, /agents=.*write agents=SX,SY,GX,GY/i],
      [{ cmd: 'setAgents' }, /^The setAgents command needs agents/],
      [{ cmd: 'solveAgents', solver: 'astar' }, /astar/],
      [{ cmd: 'solveAgents', solver: 'lacam', budgetMs: 0 }, /^The solveAgents command takes budgetMs/],
    ];
    for (const [msg, why] of refusals) {
      const reply = await ask({ pathlab: 1, id: id++, ...msg });
      assert.equal(reply.ok, false, JSON.stringify(msg));
      assert.match(reply.error, why);
    }
    assert.equal((await ask({ pathlab: 1, id: id++, cmd: 'getAgents' })).result.count, 2, 'refused agents change nothing');
    const frame = page.frameLocator('#f');
    await frame.locator('canvas[data-agents="on"][data-agents-playing="false"][data-agents-status="solved"]').waitFor();
    // In the Agents view the toolbar's Run is Solve, with the frame's solver (cbs): a click solves.
    assert.equal(await frame.locator('[data-control="run"]').isHidden(), true, 'the search\'s Run steps aside');
    assert.equal((await ask({ pathlab: 1, id: id++, cmd: 'setAgents', agents: TEXT })).ok, true);
    await frame.locator('[data-agents-solve]').click();
    await page.waitForFunction(() => window.events.filter((e) => e.event === 'agents').length === 3);
    const third = await page.evaluate(() => window.events.filter((e) => e.event === 'agents')[2].outcome);
    assert.equal(third.solver, 'cbs');
    assert.equal(third.soc, cli.soc, 'Solve: the CLI\'s SOC');
    await frame.locator('canvas[data-agents-playing="false"]').waitFor();
    fs.mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: path.join(SHOTS, 'embed-agents.png') });
  }, { load: false });
});

test('<pathlab-grid> with view=agents, and refusals of agents where they cannot be', { timeout: 90_000 }, async (t) => {
  await env.withPage(t, async (page, { url }) => {
    await page.route(`${url}host.html`, (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>host</title>' }));
    await page.goto(`${url}host.html`);
    await page.evaluate(async (src) => {
      window.got = [];
      document.addEventListener('agents', (e) => window.got.push({ id: e.target.id, detail: e.detail }), true);
      document.addEventListener('error', (e) => window.got.push({ id: e.target.id, error: e.detail?.error }), true);
      document.addEventListener('ready', (e) => window.got.push({ id: e.target.id, ready: true }), true);
      await import(src);
      document.body.insertAdjacentHTML('beforeend', [
        '<pathlab-grid id="grid" map="maze-63" view="agents" style="height: 300px"></pathlab-grid>',
        '<pathlab-grid id="cmp" map="maze-63" compare="astar,dijkstra" agents="1,1,1,3"></pathlab-grid>',
        '<pathlab-grid id="solver" map="maze-63" view="agents" solver="quantum"></pathlab-grid>',
      ].join(''));
    }, `${url}pathlab-embed.js`);
    await page.waitForFunction(() => ['cmp', 'solver'].every((id) => window.got.some((g) => g.id === id && g.error)) && window.got.some((g) => g.id === 'grid' && g.ready));
    const got = await page.evaluate(() => window.got);
    assert.match(got.find((g) => g.id === 'cmp').error, /compare mode races single searches/);
    assert.match(got.find((g) => g.id === 'solver').error, /solver=quantum: the solver is one of .*lacam/i);
    // The element's commands: agents placed, solved, the DOM event carries the outcome.
    const outcome = await page.evaluate(async () => {
      const grid = document.getElementById('grid');
      await grid.command({ cmd: 'setAgents', agents: '1,1,1,3;3,1,7,1' });
      return grid.command({ cmd: 'solveAgents', solver: 'pibt' });
    });
    await page.waitForFunction(() => window.got.some((g) => g.id === 'grid' && g.detail?.outcome));
    const event = (await page.evaluate(() => window.got)).find((g) => g.id === 'grid' && g.detail?.outcome).detail.outcome;
    assert.equal(event.soc, outcome.soc);
    const cli = cliMapf('maze-63.map', [[1, 1, 1, 3], [3, 1, 7, 1]], 'pibt');
    assert.equal(outcome.soc, cli.soc);
  }, { load: false, allowConsole: [/./] });
});

test('the agents host page of docs/embedding.md solves with the solver picked and lists the CLI\'s figures', { timeout: 90_000 }, async (t) => {
  await env.withPage(t, async (page, { url }) => {
    await page.route(`${url}agents-host.html`, (route) => route.fulfill({ contentType: 'text/html', body: snippet('agents-host') }));
    await page.goto(`${url}agents-host.html`);
    const frame = await (await page.waitForSelector('#mapf')).contentFrame();
    await frame.waitForFunction(() => !!window.pathlabEmbed, null, { timeout: 20_000 });
    for (const solver of ['cbs', 'pibt']) {
      await page.locator('#solver').selectOption(solver);
      await page.locator('#solve').click();
      await page.waitForFunction((s) => [...document.querySelectorAll('#solves li')].some((li) => li.textContent.startsWith(`${s}:`)), solver);
      const li = page.locator('#solves li', { hasText: `${solver}:` });
      const cli = cliMapf('maze-63.map', AGENTS, solver);
      assert.equal(await li.getAttribute('data-soc'), String(cli.soc), `${solver}: the SOC is the CLI's`);
      assert.match(await li.textContent(), new RegExp(`^${solver}: solved, SOC ${cli.soc} \\(lower bound ${cli.soc_lb}\\), makespan ${cli.makespan}`));
    }
    await page.locator('#paths').click();
    await page.waitForFunction(() => /^0: \(1,1\)/.test(document.getElementById('plan').textContent));
    assert.equal((await page.locator('#plan').textContent()).split('\n').length, 3, 'a line per agent');
    await page.screenshot({ path: path.join(SHOTS, 'embed-agents-host.png') });
  }, { load: false });
});
