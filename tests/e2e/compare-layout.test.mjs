// Compare mode as a new user meets it: the panels fit their maps again when a planner is added
// or removed, the summary table fits a phone screen, and Space runs or pauses after a button
// was clicked.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startEnv, gotoReady } from './helpers.mjs';

let env;
before(async () => { env = await startEnv(); });
after(async () => { await env?.close(); });

const hook = (page, fn, ...args) => page.evaluate(([fn, args]) => window.pathlab[fn](...args), [fn, args]);

async function openCompare(page, fragment) {
  await page.goto(`${env.url}compare.html#${fragment}`);
  await page.waitForFunction(() => window.pathlab?.ready === true && window.pathlab.count() >= 2);
}

/** Every column's four corner cells lie inside its canvas. */
async function assertPanelsFit(page, what) {
  const n = await hook(page, 'count');
  const canvases = page.locator('.compare-panel canvas:not(.gl-cells)');
  for (let i = 0; i < n; i++) {
    const box = await canvases.nth(i).boundingBox();
    const size = await page.evaluate((i) => ({ w: window.pathlab.stats(i) && window.pathlab.exportMap(i).split('\n').find((l) => l.startsWith('width')), h: window.pathlab.exportMap(i).split('\n').find((l) => l.startsWith('height')) }), i);
    const w = Number(size.w.split(' ')[1]);
    const h = Number(size.h.split(' ')[1]);
    for (const [x, y] of [[0, 0], [w - 1, 0], [0, h - 1], [w - 1, h - 1]]) {
      const p = await hook(page, 'cellToClient', i, x, y);
      assert.ok(p.x >= box.x && p.x <= box.x + box.width && p.y >= box.y && p.y <= box.y + box.height,
        `${what}: planner ${i + 1}'s corner (${x}, ${y}) at ${JSON.stringify(p)} inside ${JSON.stringify(box)}`);
    }
  }
}

test('panels re-fit when a planner is added or removed', { timeout: 60_000 }, async (t) => {
  await env.withPage(t, async (page) => {
    await openCompare(page, 'map=maze-63&compare=astar,dijkstra');
    await assertPanelsFit(page, 'two planners');
    await page.locator('[data-compare="add"]').click();
    await page.waitForFunction(() => window.pathlab.count() === 3);
    await assertPanelsFit(page, 'three planners');
    await page.locator('[data-compare="add"]').click();
    await page.waitForFunction(() => window.pathlab.count() === 4);
    await assertPanelsFit(page, 'four planners');
    await page.locator('[data-compare="remove"]').first().click();
    await page.waitForFunction(() => window.pathlab.count() === 3);
    await assertPanelsFit(page, 'back to three');
  }, { load: false });
});

test('the summary table fits a phone screen', { timeout: 60_000 }, async (t) => {
  await env.withPage(t, async (page) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openCompare(page, 'map=maze-63&compare=astar:1.5,dijkstra,bfs,jps');
    await page.locator('[data-compare="run"]').click();
    await page.waitForFunction(() => [...document.querySelectorAll('.compare-table tbody [data-col="status"]')].every((td) => td.textContent === 'found'), null, { timeout: 60_000 });
    const { table, wrap, page: pageWidth } = await page.evaluate(() => ({
      table: document.querySelector('.compare-table').getBoundingClientRect().width,
      wrap: document.querySelector('.compare-table-wrap').clientWidth,
      page: document.documentElement.scrollWidth,
    }));
    assert.ok(table <= wrap + 1, `the table (${table} px) fits its box (${wrap} px) without scrolling`);
    assert.ok(pageWidth <= 390, `the page does not scroll sideways (${pageWidth} px)`);
  }, { load: false });
});

test('Space runs or pauses after clicking Step; N steps; R resets', { timeout: 60_000 }, async (t) => {
  await env.withPage(t, async (page) => {
    await openCompare(page, 'map=maze-63&compare=astar,dijkstra');
    await page.locator('[data-compare="step"]').click();
    await page.waitForFunction(() => window.pathlab.stats(0).expanded === 1);
    await page.keyboard.press('Space');
    await page.waitForFunction(() => window.pathlab.stats(0).expanded > 1);
    await page.keyboard.press('Space');
    const paused = await page.evaluate(() => window.pathlab.stats(0).expanded);
    await page.keyboard.press('n');
    await page.waitForFunction((n) => window.pathlab.stats(0).expanded >= n + 1, paused);
    await page.locator('[data-compare="reset"]').click();
    await page.waitForFunction(() => window.pathlab.stats(0).expanded === 0);
    await page.keyboard.press('Space');
    await page.waitForFunction(() => window.pathlab.stats(0).expanded > 0);
    await page.keyboard.press('r');
    await page.waitForFunction(() => window.pathlab.stats(0).expanded === 0);
  }, { load: false });
});

test('at 1280×800 every row of the summary table shows without scrolling (four planners)', { timeout: 90_000 }, async (t) => {
  await env.withPage(t, async (page) => {
    await openCompare(page, 'map=maze-63&compare=astar,jps,dijkstra,bfs');
    await page.locator('[data-compare="run"]').click();
    await page.waitForFunction(() => [...document.querySelectorAll('.compare-table tbody [data-col="status"]')].every((td) => td.textContent === 'found'), null, { timeout: 60_000 });
    const rows = await page.evaluate(() => [...document.querySelectorAll('.compare-table tbody tr')].map((r) => r.getBoundingClientRect().bottom));
    assert.equal(rows.length, 4, 'four rows');
    assert.equal(await page.evaluate(() => window.scrollY), 0, 'the page is not scrolled');
    rows.forEach((bottom, i) => assert.ok(bottom <= 800, `row ${i + 1} ends at ${bottom} px, inside the 800 px screen`));
  }, { load: false });
});
