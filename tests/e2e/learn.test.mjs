// Learn mode (www/learn.html, learn.js): a lesson answered wrong and right with real clicks,
// keys and touches; the engine's answer (asked of the CLI, `pathlab exercise check`) ringed
// on the map after a wrong one and the search carried on from the right state; the score and
// the progress kept over a reload; and the `answer` and `score` events a host gets from the
// iframe (docs/embedding.md's runnable learn-host page) and from <pathlab-grid>.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { startEnv, CLI, WWW, shot } from './helpers.mjs';
import { snippet, table, code } from './doc.mjs';

let env;
before(async () => { env = await startEnv(); });
after(async () => { await env?.close(); });

/** The engine's answer to `spec`, from the command line (a wrong answer's verdict holds it). */
function expected(spec) {
  const r = spawnSync(CLI, ['exercise', 'check', JSON.stringify(spec), '{"cells":[]}'], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  return JSON.parse(r.stdout).expected;
}

/** The ready lesson `bfs`'s exercises (src/learn/lesson.rs). */
const BFS = [
  { kind: 'next-expansion', algorithm: 'bfs', difficulty: 1, seed: 101 },
  { kind: 'order', algorithm: 'bfs', difficulty: 1, seed: 102 },
  { kind: 'path', algorithm: 'bfs', difficulty: 1, seed: 103 },
];

const learnBox = (page) => page.locator('.learn');
const data = (page) => learnBox(page).evaluate((b) => ({ ...b.dataset }));

/** Waits for the lesson box to be in `state` (asking, right, wrong, done) at exercise `index`. */
async function waitState(page, state, index = null) {
  await page.waitForFunction(([s, i]) => {
    const d = document.querySelector('.learn')?.dataset;
    return d?.state === s && (i === null || d.index === String(i));
  }, [state, index], { timeout: 30_000 });
}

/** Viewport point of cell (x, y) of the question's map (a read of the view's geometry). */
const cellPoint = (page, x, y) => page.evaluate(([x, y]) => window.learnPage.mode.mounted.cellToClient(x, y), [x, y]);

/** The question map's planner state (read). */
const mapState = (page) => page.evaluate(() => window.learnPage.mode.mounted.getState());

async function openLesson(page, url, query) {
  await page.goto(`${url}learn.html${query}`);
  await page.waitForFunction(() => window.learnPage?.ready === true, null, { timeout: 30_000 });
}

test('a lesson answered wrong by a click, then right by keys: feedback on the map, score and progress kept', { timeout: 150_000 }, async (t) => {
  await env.withPage(t, async (page, { url, shot: snap }) => {
    // The main page's way in.
    await page.locator('a[href="learn.html"]').click();
    await page.waitForFunction(() => window.learnPage?.ready === true);
    assert.equal(await page.locator('#learn-lessons a').count(), 7, 'the seven ready lessons');
    await snap('lessons');
    await page.locator('#learn-lessons a[data-lesson="bfs"]').click();
    await waitState(page, 'asking', 0);
    assert.match(await page.locator('[data-learn="question"]').textContent(), /Breadth-First is paused after \d+ expansions/);
    assert.equal(await page.locator('[data-learn="question"]').getAttribute('aria-live'), 'polite');
    const before = await mapState(page);

    // 1. Wrong: a click on another cell than the engine's.
    const right1 = expected(BFS[0]).cell;
    const other = right1[0] === 0 && right1[1] === 0 ? [1, 0] : [0, 0];
    const p = await cellPoint(page, ...other);
    await page.mouse.click(p.x, p.y);
    await page.waitForFunction((t) => document.querySelector('.learn').dataset.picks === t, `(${other[0]}, ${other[1]})`);
    await page.locator('[data-learn="check"]').click();
    await waitState(page, 'wrong', 0);
    let d = await data(page);
    assert.equal(d.right, `(${right1[0]}, ${right1[1]})`, 'the engine\'s cell is ringed on the map');
    assert.equal(d.wrong, `(${other[0]}, ${other[1]})`, 'the wrong pick is ringed too');
    assert.equal(d.score, '0');
    assert.equal(d.answered, '1');
    const feedback = page.locator('[data-learn="feedback"]');
    assert.equal(await feedback.getAttribute('aria-live'), 'polite');
    assert.match(await feedback.textContent(), /Not quite: the answer is \(\d+, \d+\)/);
    assert.match(await feedback.textContent(), /FIFO: oldest in the queue/, 'the rule that decided');
    assert.match(await feedback.textContent(), /Pseudocode line 3: u ← the node that has waited longest in open/);
    assert.match(await feedback.textContent(), /u = \(\d+, \d+\)/, 'the variables at that line');
    // The search carries on from the right state: one expansion more, of the engine's cell.
    await page.waitForFunction((n) => window.learnPage.mode.mounted.getState().stats.expanded === n, before.stats.expanded + 1);
    const current = await page.evaluate(() => window.learnPage.mode.mounted.view.planner.current());
    assert.deepEqual([current.x, current.y], right1, 'the cell expanded next is the engine\'s answer');
    assert.equal(await page.locator('[data-learn="score"]').textContent(), 'Score 0 of 1');
    await snap('wrong');
    // Replay plays the model answer again: back to the question's step, then the expansion.
    await page.locator('[data-learn="replay"]').click();
    await page.waitForFunction((n) => window.learnPage.mode.mounted.getState().stats.expanded === n, before.stats.expanded + 1);
    const again = await page.evaluate(() => window.learnPage.mode.mounted.view.planner.current());
    assert.deepEqual([again.x, again.y], right1, 'the replay ends on the engine\'s cell');
    await page.locator('[data-learn="next"]').focus();

    // 2. Right, by keys alone: Enter on Next, then the arrow cursor and Enter on the map.
    assert.equal(await page.evaluate(() => document.activeElement?.dataset.learn), 'next', 'Next has the focus');
    await page.keyboard.press('Enter');
    await waitState(page, 'asking', 1);
    const order = expected(BFS[1]).cells;
    await page.locator('.learn-map canvas[tabindex]').focus();
    let at = await page.evaluate(() => window.learnPage.mode.mounted.view.cursor);
    for (const [x, y] of order) {
      for (; at.x < x; at.x++) await page.keyboard.press('ArrowRight');
      for (; at.x > x; at.x--) await page.keyboard.press('ArrowLeft');
      for (; at.y < y; at.y++) await page.keyboard.press('ArrowDown');
      for (; at.y > y; at.y--) await page.keyboard.press('ArrowUp');
      await page.keyboard.press('Enter');
    }
    const picked = order.map(([x, y]) => `(${x}, ${y})`).join(' ');
    await page.waitForFunction((t) => document.querySelector('.learn').dataset.picks === t, picked);
    // A shortcut key on the map does not step the search while a question is asked.
    const paused = (await mapState(page)).stats.expanded;
    await page.keyboard.press('n');
    assert.equal((await mapState(page)).stats.expanded, paused, 'N does not give the answer away');
    await page.locator('[data-learn="check"]').focus();
    await page.keyboard.press('Enter');
    await waitState(page, 'right', 1);
    d = await data(page);
    assert.equal(d.score, '1');
    assert.equal(d.wrong, '', 'no wrong cells');
    assert.match(await feedback.textContent(), /^Right\./);
    // Order: the three are taken next.
    await page.waitForFunction((n) => window.learnPage.mode.mounted.getState().stats.expanded === n, paused + 3);

    // The progress survives a reload: the same exercise and score.
    await page.reload();
    await page.waitForFunction(() => window.learnPage?.ready === true);
    await waitState(page, 'asking', 1);
    assert.equal((await data(page)).score, '1', 'the score is kept');
    assert.equal(await page.locator('[data-learn="score"]').textContent(), 'Score 1 of 2');
    assert.equal(await page.locator('[data-learn="next"]').isHidden(), true, 'the kept exercise is asked afresh');

    // A missing answer is told, not checked.
    await page.locator('[data-learn="check"]').click();
    assert.match(await feedback.textContent(), /Pick the cells on the map first/);
    assert.equal((await data(page)).state, 'asking');
  });
});

test('the path question answered with its cost, to the end of the lesson; a lesson link opens it', { timeout: 120_000 }, async (t) => {
  await env.withPage(t, async (page, { url, shot: snap }) => {
    await openLesson(page, url, '?lesson=bfs');
    await waitState(page, 'asking', 0);
    // Skip to the path question by answering the first two (wrong is fine: no answer given
    // twice), each with a click.
    for (const i of [0, 1]) {
      const p = await cellPoint(page, 0, 0);
      await page.mouse.click(p.x, p.y);
      await page.locator('[data-learn="check"]').click();
      await page.waitForFunction((i) => ['right', 'wrong'].includes(document.querySelector('.learn').dataset.state), i);
      await page.locator('[data-learn="next"]').click();
    }
    await waitState(page, 'asking', 2);
    assert.equal((await data(page)).answerWith, 'cells-or-cost');
    const cost = spawnSync(CLI, ['exercise', 'check', JSON.stringify(BFS[2]), JSON.stringify(expected(BFS[2]))], { encoding: 'utf8' });
    assert.equal(JSON.parse(cost.stdout).correct, true);
    const cells = expected(BFS[2]).cells;
    // Breadth-First's path over straight and diagonal moves: its cost is what the map says.
    const steps = cells.slice(1).map(([x, y], i) => (x !== cells[i][0] && y !== cells[i][1] ? Math.SQRT2 : 1));
    const total = steps.reduce((a, b) => a + b, 0);
    await page.locator('[data-answer="cost"]').fill(total.toFixed(2));
    await page.locator('[data-learn="check"]').click();
    await waitState(page, 'right', 2);
    // The model answer: the search is run to its end, animated.
    await page.waitForFunction(() => window.learnPage.mode.mounted.getState().stats.status === 'found', null, { timeout: 30_000 });
    await snap('path-right');
    await page.locator('[data-learn="next"]').click();
    await waitState(page, 'done');
    assert.match(await page.locator('[data-learn="done"]').textContent(), /Lesson done: 1 of 3 right at the first try/);

    // Copy link gives learn.html#l1.…, and that link opens the same lesson.
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.locator('[data-learn="copy"]').click();
    await page.waitForFunction(() => !!document.querySelector('.learn').dataset.link);
    const link = (await data(page)).link;
    assert.match(link, /learn\.html#l1\./);
    await page.goto('about:blank');
    await page.goto(link);
    await page.waitForFunction(() => window.learnPage?.ready === true);
    assert.equal(await page.locator('.learn-title').textContent(), 'Breadth-First: whoever waited longest');
  });
});

test('on a phone (390×844) a tap answers, on squares and on hexagons, and the question, map and feedback fit the width', { timeout: 90_000 }, async (t) => {
  const context = await env.browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
  const page = await context.newPage();
  const problems = [];
  page.on('pageerror', (e) => problems.push(String(e)));
  page.on('console', (m) => { if (m.type() === 'error') problems.push(m.text()); });
  try {
    const spec = { kind: 'next-expansion', algorithm: 'astar', difficulty: 3, seed: 11 };
    await openLesson(page, env.url, `?exercise=${encodeURIComponent(JSON.stringify(spec))}`);
    await waitState(page, 'asking', 0);
    const cell = expected(spec).cell;
    const p = await cellPoint(page, ...cell);
    await page.touchscreen.tap(p.x, p.y);
    await page.waitForFunction((t) => document.querySelector('.learn').dataset.picks === t, `(${cell[0]}, ${cell[1]})`);
    await page.locator('[data-learn="check"]').tap();
    await waitState(page, 'right', 0);
    assert.match(await page.locator('[data-learn="feedback"]').textContent(), /ties go to the larger g/);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `nothing wider than the phone (${overflow} px over)`);
    const map = await page.locator('.learn-map canvas[tabindex]').boundingBox();
    assert.ok(map.width >= 300, `the map uses the width (${map.width} px)`);
    await shot(page, 'learn-phone-right');

    // Hexagons: the open list's order, tapped cell by cell.
    const hex = { kind: 'order', shape: 'hex-rows', difficulty: 2, seed: 5 };
    await openLesson(page, env.url, `?exercise=${encodeURIComponent(JSON.stringify(hex))}`);
    await waitState(page, 'asking', 0);
    const order = expected(hex).cells;
    for (const [x, y] of order) {
      const q = await cellPoint(page, x, y);
      await page.touchscreen.tap(q.x, q.y);
    }
    await page.waitForFunction((t) => document.querySelector('.learn').dataset.picks === t, order.map(([x, y]) => `(${x}, ${y})`).join(' '));
    await page.locator('[data-learn="check"]').tap();
    await waitState(page, 'right', 0);
    await shot(page, 'learn-phone-hex-right');
  } finally {
    await context.close();
  }
  assert.deepEqual(problems, []);
});

/** The documented events (docs/embedding.md): name -> field names. */
function documentedFields(event) {
  const row = table('Events', '`event`').find((r) => code(r[0]) === event);
  assert.ok(row, `"${event}" is documented`);
  return [...row[1].replace(/\([^)]*\)/g, '').matchAll(/`(\w+)`/g)].map((m) => m[1]);
}

test('the runnable learn host of docs/embedding.md gets answer and score events; so does <pathlab-grid lesson>', { timeout: 120_000 }, async (t) => {
  await env.withPage(t, async (page, { url, shot: snap }) => {
    const file = fs.readFileSync(path.join(WWW, 'examples', 'learn-host.html'), 'utf8');
    assert.equal(file, snippet('learn-host'), 'www/examples/learn-host.html is the page\'s snippet, word for word');
    await page.goto(`${url}examples/learn-host.html`);
    const frame = await (await page.waitForSelector('#lesson')).contentFrame();
    await frame.waitForFunction(() => document.querySelector('.learn')?.dataset.state === 'asking', null, { timeout: 30_000 });
    const right = expected(BFS[0]).cell;
    const c = await frame.evaluate(([x, y]) => window.pathlabEmbed.inner.mode.mounted.cellToClient(x, y), right);
    const box = await page.locator('#lesson').boundingBox();
    await page.mouse.click(box.x + c.x, box.y + c.y);
    await frame.locator('[data-learn="check"]').click();
    await page.waitForFunction(() => document.getElementById('answers').children.length === 1);
    assert.match(await page.locator('#answers').textContent(), /^next-expansion: right in \d+ s \(gave \{"cell":\[\d+,\d+\]\}, expected/);
    assert.equal(await page.locator('#score').textContent(), '1 of 1');
    await snap('host');

    // The element: the same events as DOM events, with the documented fields.
    await page.route(`${url}host.html`, (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>host</title>' }));
    await page.goto(`${url}host.html`);
    const spec = JSON.stringify(BFS[0]);
    await page.evaluate(async ([src, spec]) => {
      window.got = [];
      for (const name of ['ready', 'answer', 'score', 'error']) {
        document.addEventListener(name, (e) => window.got.push({ event: name, detail: e.detail }), true);
      }
      await import(src);
      const el = document.createElement('pathlab-grid');
      el.setAttribute('exercise', spec);
      document.body.append(el);
    }, [`${url}pathlab-embed.js`, spec]);
    await page.waitForFunction(() => window.got.some((e) => e.event === 'ready'), null, { timeout: 30_000 });
    const grid = page.locator('pathlab-grid');
    await grid.locator('.learn[data-state="asking"]').waitFor();
    const wrong = right[0] === 0 && right[1] === 0 ? [1, 0] : [0, 0];
    const w = await page.evaluate(([x, y]) => document.querySelector('pathlab-grid').embed.inner.mode.mounted.cellToClient(x, y), wrong);
    const t0 = Date.now();
    await page.mouse.click(w.x, w.y);
    await grid.locator('[data-learn="check"]').click();
    await page.waitForFunction(() => window.got.some((e) => e.event === 'score'));
    const got = await page.evaluate(() => window.got);
    const answer = got.find((e) => e.event === 'answer').detail;
    assert.deepEqual(Object.keys(answer).sort(), documentedFields('answer').sort());
    assert.equal(answer.correct, false);
    assert.deepEqual(answer.expected, { cell: right });
    assert.deepEqual(answer.given, { cell: wrong });
    assert.ok(answer.timeMs >= 0 && answer.timeMs <= Date.now() - t0 + 60_000, `time taken ${answer.timeMs} ms`);
    const score = got.find((e) => e.event === 'score').detail;
    assert.deepEqual(Object.keys(score).sort(), documentedFields('score').sort());
    assert.deepEqual(score, { score: 0, answered: 1, total: 1, done: true });
    // A lesson's map is answered, not driven: commands other than getState are refused.
    const state = await page.evaluate(() => document.querySelector('pathlab-grid').command({ cmd: 'getState' }));
    assert.equal(state.learn, true);
    const refused = await page.evaluate(() => document.querySelector('pathlab-grid').command({ cmd: 'run' }).then(() => '', (e) => e.message));
    assert.match(refused, /a lesson's map is answered/);

    // The element's snippet, as the page gives it (with this server's address).
    const logs = [];
    page.on('console', (m) => logs.push(m.text()));
    const html = snippet('learn-component').replaceAll('https://example.org/tools/pathlab/', url);
    await page.route(`${url}quiz.html`, (route) => route.fulfill({ contentType: 'text/html', body: `<!doctype html><title>quiz</title>${html}` }));
    await page.goto(`${url}quiz.html`);
    const quiz = page.locator('pathlab-grid#quiz');
    await quiz.locator('.learn[data-state="asking"]').waitFor({ timeout: 30_000 });
    for (const name of ['g', 'h', 'f']) await quiz.locator(`[data-answer="${name}"]`).fill('1');
    await quiz.locator('[data-learn="check"]').click();
    await quiz.locator('.learn[data-state="wrong"]').waitFor();
    assert.ok(logs.some((l) => /^values false \d+$/.test(l)), `the answer logged: ${logs.join(' | ')}`);
    assert.ok(logs.includes('score 0 of 5'), 'the score logged');
  });
});

test('each tutorial chapter ends with its exercises, which open its lesson', { timeout: 90_000 }, async (t) => {
  await env.withPage(t, async (page, { url }) => {
    await page.goto(`${url}tutorial.html`);
    await page.waitForFunction(() => window.tutorial?.ready === true, null, { timeout: 30_000 });
    const chapters = await page.locator('section .tut-exercises a').evaluateAll((as) => as.map((a) => [a.closest('section').id, a.dataset.lesson]));
    assert.deepEqual(chapters, [['bfs-section', 'bfs'], ['best-first-section', 'best-first'], ['dijkstra-section', 'dijkstra'], ['astar-section', 'astar'], ['weighted-section', 'weighted']]);
    await page.locator('.tut-exercises a[data-lesson="dijkstra"]').click();
    await page.waitForFunction(() => window.learnPage?.ready === true, null, { timeout: 30_000 });
    await waitState(page, 'asking', 0);
    assert.equal(await page.locator('.learn-title').textContent(), 'Dijkstra: whoever is cheapest to reach');
  }, { load: false });
});

test('the author view: a refused exercise is told, a good lesson previews and its link opens it', { timeout: 90_000 }, async (t) => {
  await env.withPage(t, async (page, { url, shot: snap }) => {
    await openLesson(page, url, '');
    await page.locator('[data-learn="author"]').click();
    await page.waitForFunction(() => !!window.learnPage?.author, null, { timeout: 30_000 });
    await page.locator('[data-author="title"]').fill('Jumps and paths');
    const second = page.locator('[data-author="row"]').nth(1);
    await second.locator('select[aria-label="Kind"]').selectOption('jump-points');
    await page.waitForFunction(() => /Exercise 2: a jump-points exercise cannot ask about A\*/i.test(document.querySelector('[data-author="problems"]').textContent));
    assert.equal(await page.locator('[data-author="link"]').inputValue(), '', 'no link for a lesson with a problem');
    await second.locator('select[aria-label="Algorithm"]').selectOption('jps');
    await page.waitForFunction(() => document.querySelector('[data-author="link"]').value.includes('learn.html#l1.'));
    assert.match(await page.locator('[data-author="embed"]').inputValue(), /<pathlab-grid lesson="l1\.[\w-]+"><\/pathlab-grid>/);
    await page.locator('[data-author="add"]').click();
    assert.equal(await page.locator('[data-author="row"]').count(), 4);
    await page.locator('[data-author="row"]').nth(3).getByRole('button', { name: 'Remove this exercise' }).click();
    await page.locator('[data-author="preview"]').click();
    await waitState(page, 'asking', 0);
    assert.equal((await data(page)).total, '3');
    await snap('preview');
    const link = await page.locator('[data-author="link"]').inputValue();
    await page.goto(link);
    await page.waitForFunction(() => window.learnPage?.ready === true);
    await waitState(page, 'asking', 0);
    assert.equal(await page.locator('.learn-title').textContent(), 'Jumps and paths');
    assert.equal((await data(page)).total, '3');
  }, { load: false });
});
