// The tutorial page: its planners are <pathlab-grid> elements with the pseudocode panel and
// the timeline; each runs to a path with its own Run button, the reader can draw on one and
// switch its algorithm, the weight buttons change weighted A*, the panels walk a step line by
// line, and the iframe section's embedded planner loads.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startEnv } from './helpers.mjs';

let env;
before(async () => { env = await startEnv(); });
after(async () => { await env?.close(); });

const PLANNERS = ['bfs', 'best-first', 'dijkstra', 'astar', 'weighted'];

async function openTutorial(page, url) {
  await page.goto(`${url}tutorial.html`);
  await page.waitForFunction(() => window.tutorial?.ready === true, null, { timeout: 30_000 });
}

// Locators pierce the elements' shadow roots.
const grid = (page, name) => page.locator(`pathlab-grid#${name}`);
const status = (page, name) => grid(page, name).locator('[data-stat="status"]');

/** The planner's state, by the element's getState command. */
const state = (page, name) => page.evaluate((n) => window.tutorial.grids[n].command({ cmd: 'getState' }), name);

/** Waits for the planner of element `name` to have found its path (its view's state). */
async function waitFound(page, name) {
  await page.waitForFunction((n) => window.tutorial.grids[n].embed?.view.getState().status === 'found', name, { timeout: 60_000 });
}

test('the tutorial\'s elements start with their pseudocode and timeline, and each runs to a path', { timeout: 120_000 }, async (t) => {
  await env.withPage(t, async (page, { url, shot }) => {
    await openTutorial(page, url);
    assert.equal(await page.evaluate(() => window.tutorial.failed), 0, 'no planner failed to start');
    assert.equal(await page.locator('pathlab-grid').count(), PLANNERS.length);
    const algorithms = {};
    for (const name of PLANNERS) algorithms[name] = (await state(page, name)).settings.algorithm;
    assert.deepEqual(algorithms, { bfs: 'bfs', 'best-first': 'best-first', dijkstra: 'dijkstra', astar: 'astar', weighted: 'astar' });
    for (const name of PLANNERS) {
      assert.equal((await status(page, name).textContent()).trim(), 'ready', `${name} starts ready`);
      assert.equal(await grid(page, name).locator('[data-pseudocode]:not([hidden])').count(), 1, `${name} shows its pseudocode`);
      assert.equal(await grid(page, name).locator('[data-timeline="range"]').count(), 1, `${name} has a timeline`);
    }
    await grid(page, 'bfs').locator('[data-control="step"]').click();
    await page.waitForFunction(() => window.tutorial.grids.bfs.embed.view.getState().stats.expanded === 1);
    for (const name of PLANNERS) {
      await grid(page, name).scrollIntoViewIfNeeded();
      await grid(page, name).locator('[data-control="run"]').click();
    }
    for (const name of PLANNERS) await waitFound(page, name);
    for (const name of PLANNERS) assert.ok((await state(page, name)).stats.pathCost > 0, `${name} found a path`);
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot('all-run');
  });
});

test('a tutorial panel walks Breadth-First line by line: a known neighbour is left alone', { timeout: 90_000 }, async (t) => {
  await env.withPage(t, async (page, { url, shot }) => {
    await openTutorial(page, url);
    const bfs = grid(page, 'bfs');
    await bfs.scrollIntoViewIfNeeded();
    for (let k = 0; k < 3; k++) await bfs.locator('[data-control="step"]').click();
    const panel = bfs.locator('[data-pseudocode]');
    await page.waitForFunction(() => window.tutorial.grids.bfs.shadowRoot.querySelector('[data-pseudocode]').dataset.step === '3');
    assert.equal(await panel.getAttribute('data-line-id'), 'pop');
    const says = [];
    for (let i = 0; i < 14; i++) {
      says.push({ id: await panel.getAttribute('data-line-id'), say: await panel.locator('[data-pc="say"]').textContent() });
      if (says.at(-1).id === 'loop') break;
      await panel.locator('[data-pc="next"]').click();
    }
    assert.ok(says.some((s) => s.id === 'new' && /has no node/.test(s.say)), 'a new neighbour gets a node');
    assert.ok(says.some((s) => s.id === 'worse' && /Breadth-First never changes one/.test(s.say)), 'a known one is left alone');
    assert.equal(says.at(-1).id, 'loop');
    await shot('bfs-lines');
  });
});

test('the reader can draw a wall on a tutorial planner, and the menu changes the algorithm', { timeout: 90_000 }, async (t) => {
  await env.withPage(t, async (page, { url }) => {
    await openTutorial(page, url);
    await grid(page, 'dijkstra').scrollIntoViewIfNeeded();
    const view = (fn, ...args) => page.evaluate(([f, a]) => window.tutorial.grids.dijkstra.embed.view[f](...a), [fn, args]);
    assert.equal(await view('cell', 4, 11), 1);
    const a = await view('cellToClient', 4, 11);
    const b = await view('cellToClient', 4, 12);
    await page.mouse.move(a.x, a.y);
    await page.mouse.down();
    await page.mouse.move(b.x, b.y, { steps: 3 });
    await page.mouse.up();
    assert.equal(await view('cell', 4, 11), 0, 'the drag painted a wall');
    assert.equal(await view('cell', 4, 12), 0);
    // Breadth-First through the menu wades through the marsh: a dearer path than Dijkstra's.
    await grid(page, 'dijkstra').locator('[data-control="run"]').click();
    await waitFound(page, 'dijkstra');
    const dijkstra = (await state(page, 'dijkstra')).stats.pathCost;
    await grid(page, 'dijkstra').locator('[data-control="algo"]').selectOption('bfs');
    await grid(page, 'dijkstra').locator('[data-control="run"]').click();
    await waitFound(page, 'dijkstra');
    const bfs = (await state(page, 'dijkstra')).stats.pathCost;
    assert.ok(bfs > dijkstra, `Breadth-First's path (${bfs}) costs more than Dijkstra's (${dijkstra})`);
    assert.equal(await grid(page, 'dijkstra').locator('[data-pc="title"]').textContent(), 'Breadth-First', 'the panel follows the menu');
  });
});

test('the weight buttons make weighted A* expand fewer nodes', { timeout: 90_000 }, async (t) => {
  await env.withPage(t, async (page, { url }) => {
    await openTutorial(page, url);
    const results = {};
    for (const w of ['1', '3']) {
      await page.locator(`[data-weight="${w}"]`).click();
      await page.waitForFunction((v) => document.querySelector(`[data-weight="${v}"]`).getAttribute('aria-pressed') === 'true', w);
      await grid(page, 'weighted').locator('[data-control="run"]').click();
      await waitFound(page, 'weighted');
      results[w] = await state(page, 'weighted');
      assert.equal(results[w].settings.weight, Number(w));
    }
    assert.ok(results['3'].stats.expanded < results['1'].stats.expanded, 'w = 3 expands fewer nodes than w = 1');
    assert.ok(results['3'].stats.pathCost >= results['1'].stats.pathCost, 'and its path costs no less');
  });
});

test('the iframe section embeds a working planner with its pseudocode button', { timeout: 90_000 }, async (t) => {
  await env.withPage(t, async (page, { url, shot }) => {
    await openTutorial(page, url);
    await page.locator('#maze-frame').scrollIntoViewIfNeeded();
    const frame = page.frameLocator('#maze-frame');
    await frame.locator('[data-control="pseudocode"]').click();
    await frame.locator('[data-pseudocode]:not([hidden])').waitFor();
    await frame.locator('[data-control="run"]').click();
    await frame.locator('[data-stat="status"]').filter({ hasText: /^found$/ }).waitFor({ timeout: 60_000 });
    await shot('iframe');
  });
});

test('the main page links to the tutorial', { timeout: 60_000 }, async (t) => {
  await env.withPage(t, async (page) => {
    await page.getByRole('link', { name: 'Tutorial' }).click();
    await page.waitForFunction(() => window.tutorial?.ready === true, null, { timeout: 30_000 });
    assert.match(await page.title(), /Breadth-First to A\*/);
  });
});
