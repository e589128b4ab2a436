// The pseudocode panel on the main page, driven with the real mouse: Step, the panel's ◀ ▶,
// the timeline scrubber. The line it highlights and the variables it shows are checked
// against the planner — the node taken against the open list's top before the step, every
// g′, g, h and f against the planner's own nodes after it — for several algorithms; the panel
// follows the scrubber, reads nothing while it is closed, and fits a phone.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startEnv, settled, focusNeutral, openPanel, closePanel } from './helpers.mjs';

let env;
before(async () => { env = await startEnv(); });
after(async () => { await env?.close(); });

const PANEL = '[data-pseudocode]';

async function openMap(page, file) {
  await openPanel(page, 'map');
  await page.locator('#map').selectOption(file);
  await page.waitForFunction((f) => window.pathlab.mapName() === f, file);
  await focusNeutral(page);
}

async function setAlgorithm(page, id) {
  await page.locator('#algorithm').selectOption(id);
  await page.waitForFunction((a) => window.pathlab.settings().algorithm === a, id);
}

/** Waits until the panel shows the planner's current version and step, and reads it. */
async function panel(page) {
  await settled(page);
  await page.waitForFunction((sel) => {
    const el = document.querySelector(sel);
    return el && el.dataset.version === String(window.pathlab.version()) && el.dataset.step === String(window.pathlab.position());
  }, PANEL);
  return page.evaluate((sel) => {
    const el = document.querySelector(sel);
    const vars = Object.fromEntries([...el.querySelectorAll('.pc-vars > div')].map((d) => [d.dataset.var, d.querySelector('dd').textContent]));
    const current = el.querySelectorAll('.pc-code li.current');
    return {
      step: Number(el.dataset.step),
      sub: Number(el.dataset.sub),
      line: Number(el.dataset.line),
      id: el.dataset.lineId,
      currentLines: [...current].map((li) => Number(li.dataset.line)),
      where: el.querySelector('[data-pc="where"]').textContent,
      say: el.querySelector('[data-pc="say"]').textContent,
      title: el.querySelector('[data-pc="title"]').textContent,
      vars,
      highlight: null,
    };
  }, PANEL);
}

/** The open list's first row (the node expanded next) as the open-list panel shows it. */
async function openTop(page) {
  await openPanel(page, 'open');
  await settled(page);
  await page.waitForFunction(() => document.getElementById('open-list').dataset.step === String(window.pathlab.position()));
  return page.evaluate(() => {
    const tr = document.querySelector('#open-list tbody tr.next');
    if (!tr) return null;
    const tds = [...tr.querySelectorAll('td')].map((td) => td.textContent);
    return { cell: tds[1], g: Number(tds[2]), h: Number(tds[3]), f: Number(tds[4]) };
  });
}

const cellOf = (text) => {
  const m = /\((\d+), (\d+)\)/.exec(text || '');
  return m ? [Number(m[1]), Number(m[2])] : null;
};
const num = (text) => (text === '∞' ? Infinity : Number(text));
const close = (a, b, what) => assert.ok(Math.abs(a - b) < 0.0051, `${what}: ${a} ≈ ${b}`);

/** Clicks ▶ until the step changes (returns the sub-steps seen in this step). */
async function walkStep(page) {
  const seen = [];
  let p = await panel(page);
  const step = p.step;
  for (let guard = 0; guard < 60; guard++) {
    seen.push(p);
    const total = Number(/of (\d+)/.exec(p.where)?.[1] ?? 0);
    if (p.sub + 1 >= total) break;
    await page.locator('[data-pc="next"]').click();
    p = await panel(page);
    assert.equal(p.step, step, 'within the step, ▶ stays on the step');
    assert.equal(p.sub, seen.length, '▶ shows the next line');
  }
  return seen;
}

/** Checks one step's lines against the planner, for the textbook four and their kin. */
async function checkStep(page, top, { cases = true } = {}) {
  const subs = await walkStep(page);
  assert.equal(subs[0].id, 'pop', 'a step starts at the pop');
  assert.deepEqual(subs[0].currentLines, [subs[0].line], 'one line is highlighted: the pop');
  assert.equal(subs[0].vars.u, top.cell, 'u is the node the open list had on top');
  if ('g(u)' in subs[0].vars) close(num(subs[0].vars['g(u)']), top.g, 'g(u) is the open list\'s');
  if ('f(u)' in subs[0].vars) close(num(subs[0].vars['f(u)']), top.f, 'f(u) is the open list\'s');
  let neighbours = 0;
  for (const s of subs) {
    const v = cellOf(s.vars.v ?? s.vars.j);
    if (!v || !['new', 'better-open', 'better-closed', 'worse'].includes(s.id)) continue;
    neighbours++;
    const node = await page.evaluate(([x, y]) => window.pathlab.node(x, y), v);
    if (s.id !== 'worse') {
      close(num(s.vars['g′']), node.g, `${s.id} at ${v}: the g′ given is v's g now`);
      if ('f(v)' in s.vars) close(num(s.vars['f(v)']), node.f, `f(v) at ${v}`);
    } else if ('g(v)' in s.vars && s.vars['g(v)'] !== 'none') {
      close(num(s.vars['g(v)']), node.g, `a neighbour left alone keeps its g at ${v}`);
      if (cases) assert.ok(num(s.vars['g′']) >= node.g - 0.005, `forgotten: g′ ${s.vars['g′']} is no cheaper than ${node.g}`);
    }
    if ('h(v)' in s.vars) close(num(s.vars['h(v)']), node.h, `h(v) at ${v}`);
    if (cases && s.id !== 'worse') assert.match(s.say, /Case [125]\./, s.say);
  }
  return { subs, neighbours };
}

test('Step and the panel\'s ▶ walk A* line by line; every variable agrees with the planner', { timeout: 120_000 }, async (t) => {
  await env.withPage(t, async (page, { shot }) => {
    await openMap(page, 'u-trap-40.map');
    await setAlgorithm(page, 'astar');
    await openPanel(page, 'pseudo');
    let p = await panel(page);
    assert.equal(p.title, 'A*');
    assert.equal(p.id, 'init', 'before any step the panel is at the first line');
    const seenCases = new Set();
    for (let k = 1; k <= 14; k++) {
      const top = await openTop(page);
      await page.locator('#step').click();
      const { subs, neighbours } = await checkStep(page, top);
      assert.equal(subs[0].step, k);
      assert.ok(neighbours > 0, `step ${k} looked at neighbours`);
      for (const s of subs) if (s.vars.case) seenCases.add(s.vars.case);
      assert.equal(subs.at(-1).id, 'loop', 'a step ends back at the loop');
      const next = await openTop(page);
      assert.equal(subs.at(-1).vars.top, next.cell, 'the top it names is the open list\'s next');
    }
    assert.ok(seenCases.has('5') && (seenCases.has('3') || seenCases.has('4')), `cases seen: ${[...seenCases]}`);
    await shot('astar-walked');
    // ▶ past the last line steps the search; ◀ before the first goes back into the last step.
    p = await panel(page);
    await page.locator('[data-pc="next"]').click();
    p = await panel(page);
    assert.equal(p.step, 15, '▶ at the end of a step searches the next one');
    assert.equal(p.id, 'pop');
    await page.locator('[data-pc="prev"]').click();
    p = await panel(page);
    assert.equal(p.step, 14, '◀ at the start of a step goes back on the timeline');
    assert.equal(p.id, 'loop', 'to that step\'s last line');
  });
});

test('the panel follows the timeline scrubber: a step scrubbed back to reads as it did live', { timeout: 120_000 }, async (t) => {
  await env.withPage(t, async (page) => {
    await openMap(page, 'u-trap-40.map');
    await openPanel(page, 'pseudo');
    const live = [];
    for (let k = 1; k <= 10; k++) {
      await page.locator('#step').click();
      const p = await panel(page);
      live.push({ u: p.vars.u, say: p.say });
    }
    // Drag the scrubber's thumb with the mouse to step 4 (of 10).
    const range = page.locator('[data-timeline="range"]');
    const box = await range.boundingBox();
    const thumb = 8;
    const xAt = (f) => box.x + thumb + (box.width - 2 * thumb) * f;
    await page.mouse.move(xAt(1), box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(xAt(0.4), box.y + box.height / 2, { steps: 8 });
    await page.mouse.up();
    const p = await panel(page);
    const k = await page.evaluate(() => window.pathlab.position());
    assert.ok(k >= 2 && k <= 8, `scrubbed back to step ${k} of 10`);
    assert.equal(p.step, k, 'the panel shows the step scrubbed to');
    assert.equal(p.id, 'pop');
    assert.equal(p.vars.u, live[k - 1].u, `the node taken at step ${k} is the one taken live`);
    assert.equal(p.say, live[k - 1].say);
    // The timeline's ◀ button: one step back.
    await page.locator('[data-timeline="back"]').click();
    const q = await panel(page);
    assert.equal(q.step, k - 1);
    assert.equal(q.vars.u, live[k - 2].u);
  });
});

test('the panel tells every algorithm of the menu (with A* above): the lines and the node taken agree with the planner', { timeout: 180_000 }, async (t) => {
  await env.withPage(t, async (page) => {
    await openMap(page, 'u-trap-40.map');
    await openPanel(page, 'pseudo');
    const expect = {
      bfs: { title: 'Breadth-First', first: 'pop', cases: false },
      'best-first': { title: 'Best-First', first: 'pop', cases: false },
      dijkstra: { title: 'Dijkstra', first: 'pop', cases: true },
      jps: { title: 'Jump Point Search', first: 'pop', cases: true },
      'jps-plus': { title: 'JPS+', first: 'pop', cases: true },
      // JPS2 and JPS2+ reach the goal at their third expansion on this map: two steps jump.
      jps2: { title: 'JPS2', first: 'pop', cases: true, steps: 2 },
      'jps2-plus': { title: 'JPS2+', first: 'pop', cases: true, steps: 2 },
      theta: { title: 'Theta*', first: 'pop', cases: false },
      bidirectional: { title: 'Bidirectional A*', first: 'side', cases: false },
      lpa: { title: 'LPA*', first: 'pop', cases: false },
      'dstar-lite': { title: 'D* Lite', first: 'pop', cases: false },
      mesh: { title: 'Node mesh A*', first: 'pop', cases: false },
    };
    for (const [id, want] of Object.entries(expect)) {
      await setAlgorithm(page, id);
      if (id === 'mesh') {
        await page.locator('#mesh-generate').click();
        await page.waitForFunction(() => window.pathlab.mesh().nodes.length > 0);
      }
      let p = await panel(page);
      assert.equal(p.title, want.title, `${id}: the panel lists its pseudocode`);
      const lines = await page.locator(`${PANEL} .pc-code li`).count();
      assert.ok(lines >= 8, `${id}: ${lines} lines`);
      for (let k = 1; k <= (want.steps ?? 4); k++) {
        const top = await openTop(page);
        await page.locator('#step').click();
        p = await panel(page);
        assert.equal(p.step, k);
        assert.equal(p.id, want.first, `${id} step ${k} starts at ${want.first}`);
        const subs = await walkStep(page);
        const pop = subs.find((s) => s.id === 'pop');
        assert.equal(pop.vars.u, top.cell, `${id} step ${k}: u is the open list's top before the step`);
        const highlighted = await page.locator(`${PANEL} .pc-code li.current`).getAttribute('data-id');
        assert.equal(highlighted, subs.at(-1).id, `${id}: the highlighted line is the sub-step's`);
        if (['jps', 'jps-plus', 'jps2', 'jps2-plus'].includes(id)) assert.ok(subs.some((s) => s.id === 'jump' || s.id === 'for'), 'JPS jumps');
        if (id === 'lpa' || id === 'dstar-lite') assert.ok(subs.some((s) => s.id === 'queue' || s.id === 'consistent'), 'UpdateVertex on the neighbours');
        if (id === 'bfs') assert.ok(subs.every((s) => s.id !== 'worse' || /never changes one/.test(s.say)), 'Breadth-First keeps its nodes');
      }
      await page.locator('#reset-search').click();
    }
  });
});

test('closed, the panel reads nothing; opened, it catches up', { timeout: 60_000 }, async (t) => {
  await env.withPage(t, async (page) => {
    await openMap(page, 'u-trap-40.map');
    // Closed, the panel is not even loaded yet (it loads when the card first opens).
    const stepTrace = await page.evaluate(() => document.querySelector('[data-pseudocode]')?.hidden ?? true);
    assert.equal(stepTrace, true, 'the card starts closed, its panel hidden');
    for (let k = 0; k < 3; k++) await page.locator('#step').click();
    await settled(page);
    const readStep = await page.evaluate((sel) => document.querySelector(sel)?.getAttribute('data-step') ?? null, PANEL);
    assert.equal(readStep, null, 'hidden, it never read a step');
    await openPanel(page, 'pseudo');
    const p = await panel(page);
    assert.equal(p.step, 3);
    await closePanel(page, 'pseudo');
    for (let k = 0; k < 2; k++) await page.locator('#step').click();
    await settled(page);
    assert.equal(await page.locator(PANEL).getAttribute('data-step'), '3', 'closed again, it stays where it was');
  });
});

test('on a phone the panel fits the screen', { timeout: 60_000 }, async (t) => {
  await env.withPage(t, async (page, { url, shot }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(url);
    await page.waitForFunction(() => window.pathlab?.ready);
    await openPanel(page, 'pseudo');
    for (let k = 0; k < 4; k++) await page.locator('#step').click();
    for (let k = 0; k < 4; k++) await page.locator('[data-pc="next"]').click();
    await panel(page);
    await page.locator(PANEL).scrollIntoViewIfNeeded();
    const fit = await page.evaluate((sel) => {
      const el = document.querySelector(sel);
      const r = el.getBoundingClientRect();
      return { right: r.right, width: document.documentElement.clientWidth, overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth };
    }, PANEL);
    assert.ok(fit.right <= fit.width, `the panel ends inside the screen (${fit.right} ≤ ${fit.width})`);
    assert.equal(fit.overflow, 0, 'the page does not scroll sideways');
    await shot('phone');
  });
});
