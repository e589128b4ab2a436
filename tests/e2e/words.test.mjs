// Words that follow the state (issue 26, "Every word from the state", "Plain words", "no
// layout shift"): every sentence, label and field the page shows is derived from the state it
// describes at the moment it shows, never a copy written once. With the real mouse, keyboard
// and touch; every wait is on the page's state.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  startEnv, gotoReady, cellPoint, settled, focusNeutral, stat,
} from './helpers.mjs';

let env;
before(async () => { env = await startEnv(); });
after(async () => { await env?.close(); });

/** The compare page's status statuses, one per column. */
const compareStatuses = (page) => page.locator('.compare-table tbody [data-col="status"]').allTextContents();

test('compare: the summary line follows the scrubber (no "All planners finished" beside a paused column)', { timeout: 90_000 }, async (t) => {
  await env.withPage(t, async (page) => {
    await gotoReady(page, `${env.url}compare.html#map=rooms-gen-96&compare=jps,astar`);
    const speed = page.locator('[data-compare="speed"]');
    await speed.focus();
    await page.keyboard.press('End');
    await page.locator('.compare-table').click();
    await page.keyboard.press('Space');
    await page.waitForFunction(() => /^All planners finished/.test(document.querySelector('#message').textContent));
    const jps = Number(await page.locator('.compare-table tbody tr:first-child [data-col="expanded"]').textContent());
    // Scrub back to the start with the keyboard: neither column has finished there.
    await page.keyboard.press('Home');
    await page.waitForFunction(() => [...document.querySelectorAll('.compare-table tbody [data-col="status"]')].every((td) => td.textContent !== 'found'));
    await page.waitForFunction(() => !/^All planners finished/.test(document.querySelector('#message').textContent));
    assert.match(await page.locator('#message').textContent(), /^Step 0 of \d+/);
    // Forward past JPS's end: one column finished, one paused; the line says so.
    const range = page.locator('[data-timeline="range"]');
    await range.focus();
    for (let i = 0; i < jps + 3; i++) await page.keyboard.press('ArrowRight');
    await page.waitForFunction(() => {
      const s = [...document.querySelectorAll('.compare-table tbody [data-col="status"]')].map((td) => td.textContent);
      return s[0] === 'found' && s[1] === 'paused';
    });
    const text = await page.locator('#message').textContent();
    assert.doesNotMatch(text, /All planners finished/);
    assert.match(text, /Jump Point Search has finished/);
    assert.deepEqual(await compareStatuses(page), ['found', 'paused']);
    // Back at the end, the finished line returns.
    await page.keyboard.press('End');
    await page.waitForFunction(() => /^All planners finished: Jump Point Search expanded the fewest/.test(document.querySelector('#message').textContent));
  });
});

test('range: the inspector\'s "costs c of B points" follows the budget, not the budget of the last hover', { timeout: 90_000 }, async (t) => {
  await env.withPage(t, async (page) => {
    await page.locator('#map').selectOption('reopen-40.map');
    await page.waitForFunction(() => window.pathlab.size().width === 40);
    await settled(page);
    await focusNeutral(page);
    await page.locator('#view').selectOption('range');
    await page.waitForFunction(() => document.querySelector('#grid-canvas').dataset.rangeVersion !== undefined);
    await settled(page);
    const from = await page.evaluate(() => window.pathlab.fields().range.from);
    const p = await cellPoint(page, from.x, from.y);
    await page.mouse.move(p.x, p.y);
    await page.waitForFunction(() => /costs 0 of \d+ points/.test(document.querySelector('#range-cost').textContent));
    // The budget raised to 30 by typing (the pointer stays on the cell).
    const v = await page.locator('#grid-canvas').evaluate((el) => Number(el.dataset.rangeVersion));
    // Drag the budget slider with the real mouse to its half (30 of 60), then back to the unit.
    const box = await page.locator('#range-slider').boundingBox();
    await page.mouse.move(box.x + box.width * 0.1, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 8 });
    await page.mouse.up();
    await page.mouse.move(p.x, p.y, { steps: 4 });
    await page.waitForFunction((v) => Number(document.querySelector('#grid-canvas').dataset.rangeVersion) > v, v);
    await page.waitForFunction(() => window.pathlab.fields().range.budget >= 25);
    await settled(page);
    const budget = await page.evaluate(() => window.pathlab.fields().range.budget);
    assert.equal(await page.locator('#range-budget').inputValue(), String(budget));
    assert.match(await page.locator('#range-cost').textContent(), new RegExp(`costs 0 of ${budget} points`));
  });
});

test('the size fields follow the map: a 1200 × 1100 file opened shows 1200 and 1100, not 1024', { timeout: 90_000 }, async (t) => {
  await env.withPage(t, async (page) => {
    const row = '.'.repeat(1200);
    const text = `type octile\nheight 1100\nwidth 1200\nmap\n${Array.from({ length: 1100 }, () => row).join('\n')}\n`;
    await page.locator('#open-file').setInputFiles({ name: 'wide.map', mimeType: 'text/plain', buffer: Buffer.from(text) });
    await page.waitForFunction(() => window.pathlab.size().width === 1200);
    await settled(page);
    assert.equal(await page.locator('#new-width').inputValue(), '1200');
    assert.equal(await page.locator('#new-height').inputValue(), '1100');
  });
});

test('nothing says "ready" before the planner is: the statistics wait for it', { timeout: 60_000 }, async (t) => {
  await env.withPage(t, async (page) => {
    let release;
    const held = new Promise((resolve) => { release = resolve; });
    let asked;
    const wasmAsked = new Promise((resolve) => { asked = resolve; });
    await page.route(/pathlab_bg\.wasm$/, async (route) => {
      asked();
      await held;
      await route.continue();
    });
    await page.goto(env.url);
    await wasmAsked;
    assert.match(await page.locator('#message').textContent(), /Loading/);
    assert.notEqual((await page.locator('[data-stat="status"]').textContent()).trim(), 'ready', 'the statistics say "ready" while the planner loads');
    release();
    await page.waitForFunction(() => window.pathlab?.ready === true);
    assert.equal(await stat(page, 'status'), 'ready');
  }, { load: false });
});

