// No layout shift (issue 26, point 6): while a search runs and while the scrubber is dragged
// with the real mouse, nothing on the page moves (every layout shift the browser reports is
// summed, input or not: 0), and a drag released at 40 % of the track lands at 40 % of the
// steps. Every wait is on the page's state.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startEnv, settled, focusNeutral, waitStat } from './helpers.mjs';

let env;
before(async () => { env = await startEnv(); });
after(async () => { await env?.close(); });

/** Starts summing every layout shift of the page (stricter than CLS: input or not). */
async function watchShifts(page) {
  await page.evaluate(() => {
    window.__shift = { total: 0, entries: [] };
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        window.__shift.total += e.value;
        window.__shift.entries.push({ value: e.value, sources: (e.sources || []).map((s) => s.node?.id || s.node?.className || s.node?.nodeName || '?') });
      }
    }).observe({ type: 'layout-shift' });
  });
}
/** The layout shift summed since `watchShifts` (after the browser reported what it saw). */
const shifts = (page) => page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(window.__shift)))));

test('no layout shift while a search runs, nor while the scrubber is dragged; a drag released at 40 % lands at 40 %', { timeout: 120_000 }, async (t) => {
  await env.withPage(t, async (page) => {
    await settled(page);
    await focusNeutral(page);
    await watchShifts(page);
    await page.locator('#run').click();
    await waitStat(page, 'status', ['found', 'no path'], 60_000);
    const run = await shifts(page);
    assert.equal(run.total, 0, `layout shifts while running: ${JSON.stringify(run.entries)}`);
    const steps = await page.evaluate(() => window.pathlab.timeline().length);
    assert.ok(steps > 50, `a search of ${steps} steps to scrub`);
    const range = page.locator('[data-timeline="range"]');
    const box = await range.boundingBox();
    const y = box.y + box.height / 2;
    await watchShifts(page);
    // Grab the thumb at the live end and drag it back to 40 % of the track.
    await page.mouse.move(box.x + box.width - 6, y);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.4, y, { steps: 25 });
    await page.mouse.up();
    await page.waitForFunction(() => window.pathlab.timeline().position < window.pathlab.timeline().length);
    await settled(page);
    const scrub = await shifts(page);
    assert.equal(scrub.total, 0, `layout shifts while scrubbing: ${JSON.stringify(scrub.entries)}`);
    const after = await range.boundingBox();
    assert.deepEqual(after, box, 'the scrubber kept its place and width');
    const position = await page.evaluate(() => window.pathlab.timeline().position);
    assert.ok(Math.abs(position / steps - 0.4) <= 0.02, `released at 40 % of the track, landed at ${(100 * position / steps).toFixed(1)} % of the steps`);
  });
});
