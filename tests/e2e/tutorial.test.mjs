// The tutorial page: every planner mounts through the JS API, each can be run with its own
// buttons, the reader can draw on one, the weight buttons change weighted A*, and the iframe
// section's embedded planner loads.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startEnv } from './helpers.mjs';

let env;
before(async () => { env = await startEnv(); });
after(async () => { await env?.close(); });

const PLANNERS = ['bfs', 'best-first', 'dijkstra', 'astar', 'weighted'];

async function openTutorial(page, url) {
  await page.goto(`${url}tutorial.html`);
  await page.waitForFunction(() => window.tutorial?.ready === true, null, { timeout: 20_000 });
}

const host = (page, name) => page.locator(`[data-planner="${name}"]`);
const status = (page, name) => host(page, name).locator('[data-stat="status"]');

test('the tutorial mounts all its planners and each one runs to a path', { timeout: 120_000 }, async (t) => {
  await env.withPage(t, async (page, { url, shot }) => {
    await openTutorial(page, url);
    assert.equal(await page.evaluate(() => window.tutorial.failed), 0, 'no planner failed to mount');
    assert.equal(await page.locator('[data-planner] canvas:not(.gl-cells)').count(), PLANNERS.length, 'one canvas per planner');
    const settings = await page.evaluate(() => Object.fromEntries(Object.entries(window.tutorial.views).map(([k, v]) => [k, v.getState().settings.algorithm])));
    assert.deepEqual(settings, { bfs: 'bfs', 'best-first': 'best-first', dijkstra: 'dijkstra', astar: 'astar', weighted: 'astar' });
    for (const name of PLANNERS) {
      assert.equal((await status(page, name).textContent()).trim(), 'ready', `${name} starts ready`);
    }
    // Step once with the real button, then Run to the end.
    await host(page, 'bfs').locator('[data-control="step"]').click();
    await page.waitForFunction(() => window.tutorial.views.bfs.getState().stats.expanded === 1);
    for (const name of PLANNERS) {
      await host(page, name).scrollIntoViewIfNeeded();
      await host(page, name).locator('[data-control="run"]').click();
    }
    for (const name of PLANNERS) {
      await page.waitForFunction((n) => document.querySelector(`[data-planner="${n}"] [data-stat="status"]`).textContent.trim() === 'found', name, { timeout: 60_000 });
    }
    const costs = await page.evaluate(() => Object.fromEntries(Object.entries(window.tutorial.views).map(([k, v]) => [k, v.getState().stats.pathCost])));
    for (const name of PLANNERS) assert.ok(costs[name] > 0, `${name} found a path`);
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot('all-run');
  });
});

test('the reader can draw a wall on a tutorial planner, and the menu changes the algorithm', { timeout: 90_000 }, async (t) => {
  await env.withPage(t, async (page, { url }) => {
    await openTutorial(page, url);
    await host(page, 'dijkstra').scrollIntoViewIfNeeded();
    const view = (fn, ...args) => page.evaluate(([f, a]) => window.tutorial.views.dijkstra[f](...a), [fn, args]);
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
    await host(page, 'dijkstra').locator('[data-control="run"]').click();
    await page.waitForFunction(() => window.tutorial.views.dijkstra.getState().status === 'found');
    const dijkstra = (await view('getState')).stats.pathCost;
    await host(page, 'dijkstra').locator('[data-control="algo"]').selectOption('bfs');
    await host(page, 'dijkstra').locator('[data-control="run"]').click();
    await page.waitForFunction(() => window.tutorial.views.dijkstra.getState().status === 'found');
    const bfs = (await view('getState')).stats.pathCost;
    assert.ok(bfs > dijkstra, `Breadth-First's path (${bfs}) costs more than Dijkstra's (${dijkstra})`);
  });
});

test('the weight buttons make weighted A* expand fewer nodes', { timeout: 90_000 }, async (t) => {
  await env.withPage(t, async (page, { url }) => {
    await openTutorial(page, url);
    const results = {};
    for (const w of ['1', '3']) {
      await page.locator(`[data-weight="${w}"]`).click();
      assert.equal(await page.locator(`[data-weight="${w}"]`).getAttribute('aria-pressed'), 'true');
      await host(page, 'weighted').locator('[data-control="run"]').click();
      await page.waitForFunction(() => window.tutorial.views.weighted.getState().status === 'found', null, { timeout: 60_000 });
      results[w] = await page.evaluate(() => window.tutorial.views.weighted.getState());
      assert.equal(results[w].settings.weight, Number(w));
    }
    assert.ok(results['3'].stats.expanded < results['1'].stats.expanded, 'w = 3 expands fewer nodes than w = 1');
    assert.ok(results['3'].stats.pathCost >= results['1'].stats.pathCost, 'and its path costs no less');
  });
});

test('the iframe section embeds a working planner', { timeout: 90_000 }, async (t) => {
  await env.withPage(t, async (page, { url, shot }) => {
    await openTutorial(page, url);
    await page.locator('#maze-frame').scrollIntoViewIfNeeded();
    const frame = page.frameLocator('#maze-frame');
    await frame.locator('[data-control="run"]').click();
    await frame.locator('[data-stat="status"]').filter({ hasText: /^found$/ }).waitFor({ timeout: 60_000 });
    await shot('iframe');
  });
});

test('the main page links to the tutorial', { timeout: 60_000 }, async (t) => {
  await env.withPage(t, async (page) => {
    await page.getByRole('link', { name: 'Tutorial' }).click();
    await page.waitForFunction(() => window.tutorial?.ready === true, null, { timeout: 20_000 });
    assert.match(await page.title(), /Breadth-First to A\*/);
  });
});
