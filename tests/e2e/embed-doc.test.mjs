// docs/embedding.md, run: every parameter's example URL starts a planner, every command's
// example succeeds, every documented error is the reply word for word, every event carries
// the documented fields (by postMessage from the frame and as a DOM event of <pathlab-grid>
// alike), and the runnable parent.html works. The examples are read out of the page.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startEnv, openEmbedParent } from './helpers.mjs';
import { snippet, table, code } from './doc.mjs';

let env;
before(async () => { env = await startEnv(); });
after(async () => { await env?.close(); });

/** The field names of a table cell such as "`stats`, `step` (the timeline step)". */
const fieldNames = (cell) => [...cell.replace(/\([^)]*\)/g, '').matchAll(/`(\w+)`/g)].map((m) => m[1]);

/** What each parameter's example must have done, read from the frame's embed. */
const EFFECT = {
  map: (s) => s.map === 'maze-63.map',
  start: (s) => s.start.x === 2 && s.start.y === 2 && s.goal.x === 60 && s.goal.y === 40,
  algorithm: (s) => s.settings.algorithm === 'dijkstra',
  heuristic: (s) => s.settings.heuristic === 'manhattan' && s.settings.weight === 2,
  conn: (s) => s.settings.movement.connectivity === '4',
  step: (s) => s.timeline.step === 40,
  compare: (s) => s.compare === true && s.planners.length === 2,
  controls: (s, d) => d.controls === 0,
  autoplay: (s) => s.stats.expanded > 0,
  speed: (s) => s.speed === 10,
  readonly: (s, d) => d.readonly,
  timeline: (s, d) => d.timeline,
  wheel: (s, d) => d.navigation.wheel === 'zoom',
  pan: (s, d) => d.navigation.pan === false,
  fit: (s, d) => d.navigation.fit === true,
  pseudocode: (s, d) => d.pseudocode,
  view: (s) => s.view === 'field' && s.field.update === 'built',
  walkers: (s) => s.view === 'field' && s.walkers === 50,
  range: (s) => s.view === 'range' && s.range.from.x === 1 && s.range.budget === 8,
  origins: () => true,
  lesson: (s) => s.learn === true && s.total === 3 && s.state === 'asking',
  exercise: (s) => s.learn === true && s.total === 1 && s.question.kind === 'path',
  agents: (s) => s.agents?.active === true && s.agents.count === 2,
  solver: (s) => s.agents?.outcome?.solver === 'cbs' && s.agents.outcome.status === 'solved',
};

test('every parameter of docs/embedding.md starts a planner with its example', { timeout: 180_000 }, async (t) => {
  const rows = table('Parameters', 'parameter');
  assert.ok(rows.length >= 15, `the parameters table has ${rows.length} rows`);
  await env.withPage(t, async (page, { url }) => {
    for (const row of rows) {
      const example = code(row[4]);
      assert.match(example, /^embed\.html\?/, `${row[0]}: its example is an embed URL`);
      const name = fieldNames(row[0])[0];
      assert.ok(example.includes(`&${name}`) || example.includes(`?${name}`), `${row[0]}: the example uses ${name}`);
      await page.goto(`${url}${example}`);
      await page.waitForFunction(() => !!window.pathlabEmbed || !!document.querySelector('.embed-error'), null, { timeout: 20_000 });
      const failed = await page.locator('.embed-error').count();
      assert.equal(failed, 0, `${example}: ${failed ? await page.locator('.embed-error').textContent() : ''}`);
      if (name === 'autoplay') await page.waitForFunction(() => window.pathlabEmbed.getState().stats.expanded > 0);
      if (name === 'solver') await page.waitForFunction(() => window.pathlabEmbed.getState().agents?.outcome);
      const { state, dom } = await page.evaluate(() => {
        const e = window.pathlabEmbed;
        const view = e.view?.view ?? e.inner.compare?.columns[0].view ?? e.inner.mode.mounted.view;
        return {
          state: e.getState(),
          dom: {
            controls: document.querySelectorAll('[data-control]').length,
            readonly: view.readonly,
            timeline: !!document.querySelector('.timeline'),
            pseudocode: !!document.querySelector('[data-pseudocode]:not([hidden])'),
            navigation: view.navigation,
          },
        };
      });
      assert.ok(EFFECT[name], `a check for ${name}`);
      assert.ok(EFFECT[name](state, dom), `${example} did what the table says`);
    }
  }, { load: false });
});

test('every command of docs/embedding.md works, and every documented error is the reply', { timeout: 120_000 }, async (t) => {
  await env.withPage(t, async (page, { url }) => {
    const ask = await openEmbedParent(page, url, `${url}embed.html?map=maze-63&timeline&speed=instant`);
    let id = 1;
    for (const [message, error] of table('Commands', 'message')) {
      const reply = await ask({ pathlab: 1, id: id++, ...JSON.parse(code(message)) });
      assert.equal(reply.ok, false, `${message} is refused`);
      assert.equal(reply.error, error, `${message}: the error, word for word`);
    }
    const state = (await ask({ pathlab: 1, id: id++, cmd: 'getState' })).result;
    assert.equal(state.map, 'maze-63.map', 'refused commands keep the map');
    const commands = table('Commands', '`cmd`');
    const documented = commands.flatMap((r) => fieldNames(r[0]));
    assert.deepEqual(new Set(documented), new Set(['step', 'run', 'pause', 'reset', 'seek', 'setSpeed', 'loadMap', 'setStart', 'setGoal', 'setSettings', 'setView', 'releaseWalkers', 'setRange', 'getState', 'setAgents', 'solveAgents', 'getAgents']));
    for (const row of commands) {
      const example = JSON.parse(code(row[3]));
      const reply = await ask({ pathlab: 1, id: id++, ...example });
      assert.equal(reply.ok, true, `${row[3]}: ${reply.error}`);
      if (example.cmd === 'seek') assert.equal(reply.result.step, example.step, 'seek shows the step asked for');
      if (example.cmd === 'step') assert.equal(reply.result.expanded, example.n);
      if (example.cmd === 'getState') {
        for (const key of fieldNames(row[2].split('(compare')[0])) assert.ok(key in reply.result, `getState has ${key}`);
      }
    }
  });
});

/** The documented events: name -> field names and example. */
function documentedEvents() {
  return new Map(table('Events', '`event`').map((r) => [code(r[0]), { fields: fieldNames(r[1]), example: JSON.parse(code(r[3])) }]));
}

/** Checks that `detail` has exactly the documented fields of `event`, and the example's nested ones. */
function assertEvent(event, detail, where) {
  const doc = documentedEvents().get(event);
  assert.ok(doc, `${where}: "${event}" is a documented event`);
  assert.deepEqual(Object.keys(detail).sort(), [...doc.fields].sort(), `${where}: the fields of ${event}`);
  for (const [k, v] of Object.entries(doc.example)) {
    if (k === 'event') continue;
    if (v && typeof v === 'object') for (const inner of Object.keys(v)) assert.ok(inner in detail[k], `${where}: ${event}.${k}.${inner}`);
  }
}

test('the frame and the element send the documented events, with the same fields', { timeout: 120_000 }, async (t) => {
  await env.withPage(t, async (page, { url }) => {
    const ask = await openEmbedParent(page, url, `${url}embed.html?map=maze-63&speed=instant&autoplay`);
    await page.waitForFunction(() => window.events.some((e) => e.event === 'done') && window.events.some((e) => e.event === 'height'));
    // The field and range events follow the commands that show them.
    await ask({ pathlab: 1, id: 1, cmd: 'setView', view: 'field' });
    await ask({ pathlab: 1, id: 2, cmd: 'setRange', x: 1, y: 1, budget: 12 });
    // The agents event follows a solve.
    await ask({ pathlab: 1, id: 3, cmd: 'setAgents', agents: '1,1,1,3;3,1,7,1' });
    await ask({ pathlab: 1, id: 4, cmd: 'solveAgents', solver: 'cbs' });
    await page.waitForFunction(() => ['field', 'range', 'agents'].every((n) => window.events.some((e) => e.event === n)));
    const frameEvents = await page.evaluate(() => window.events);
    const seen = new Set();
    for (const { pathlab, event, ...detail } of frameEvents) {
      assert.equal(pathlab, 1);
      assertEvent(event, detail, 'frame');
      seen.add(event);
    }
    assert.deepEqual([...seen].sort(), ['agents', 'done', 'field', 'height', 'range', 'ready', 'step']);

    // The element: the same events as DOM events, the same fields as `detail`.
    await page.route(`${url}host.html`, (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>host</title>' }));
    await page.goto(`${url}host.html`);
    await page.evaluate(async (src) => {
      window.domEvents = [];
      for (const name of ['ready', 'step', 'done', 'error', 'height']) {
        document.addEventListener(name, (e) => {
          if (e.target.localName === 'pathlab-grid') window.domEvents.push({ event: name, id: e.target.id, detail: e.detail });
        }, true);
      }
      await import(src);
      document.body.insertAdjacentHTML('beforeend', '<pathlab-grid id="good" map="maze-63" speed="instant" autoplay></pathlab-grid><pathlab-grid id="bad" map="atlantis"></pathlab-grid>');
    }, `${url}pathlab-embed.js`);
    await page.waitForFunction(() => ['done', 'height'].every((n) => window.domEvents.some((e) => e.event === n && e.id === 'good')) && window.domEvents.some((e) => e.id === 'bad'));
    const domEvents = await page.evaluate(() => window.domEvents);
    for (const { event, detail, id } of domEvents) assertEvent(event, detail, `element #${id}`);
    const bad = domEvents.find((e) => e.id === 'bad');
    assert.equal(bad.event, 'error');
    assert.equal(bad.detail.error, documentedEvents().get('error').example.error, 'the error example is the real one');
    const done = domEvents.find((e) => e.event === 'done');
    assert.equal(done.detail.stats.status, 'found');
  }, { allowConsole: [] });
});

test('the runnable parent.html of docs/embedding.md drives the frame', { timeout: 90_000 }, async (t) => {
  await env.withPage(t, async (page, { url, shot }) => {
    const html = snippet('parent');
    await page.route(`${url}parent.html`, (route) => route.fulfill({ contentType: 'text/html', body: html }));
    await page.goto(`${url}parent.html`);
    const frame = await (await page.waitForSelector('#pl')).contentFrame();
    await frame.waitForFunction(() => !!window.pathlabEmbed, null, { timeout: 20_000 });
    const out = page.locator('#out');
    await page.waitForFunction(() => document.getElementById('pl').height !== '440', null, { timeout: 10_000 });
    await page.locator('#ten').click();
    await page.waitForFunction(() => /reply \d+: \{"status":"running"/.test(document.getElementById('out').textContent));
    assert.doesNotMatch(await out.textContent(), /event step/, 'step events are left out of the list');
    await page.locator('#back').click();
    await page.waitForFunction(() => /reply \d+: \{"step":5/.test(document.getElementById('out').textContent));
    await page.locator('#run').click();
    await page.waitForFunction(() => /event done/.test(document.getElementById('out').textContent), null, { timeout: 30_000 });
    assert.match(await out.textContent(), /"status":"found"/);
    await shot('parent');
  }, { load: false });
});
