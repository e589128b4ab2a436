// Time-sliced stepping (issue 29, goal 3): each animation frame steps the search for at most
// its share of the frame (www/frame-share.js, cut in Rust by `Budget::within`). Checked by
// state, never by time: with a tiny share forced through the test hook, a search that
// "fastest" or a large expansion count would finish in a frame or two takes many frames, each
// one clock tick's worth of expansions (the page's clock ticks every 100 µs when not
// cross-origin isolated: some thousand expansions even on a fast machine), as the canvas's `data-frame-expanded` says frame by frame; the frames
// add up to the search, which ends with the cost it has at "instant"; an expansion-count speed
// cut short says so (`data-speed-cut`).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startEnv, newMap, stat, waitStat, focusNeutral, speedMax, runToEnd } from './helpers.mjs';

let env;
before(async () => { env = await startEnv(); });
after(async () => { await env?.close(); });

/** The map: Dijkstra expands its 24 000 cells in a few ms, one frame at "fastest" (8 ms). */
const W = 200;
const H = 120;

/** Starts recording every frame's `data-frame-expanded` and `data-speed-cut` on the canvas. */
async function watchFrames(page) {
  await page.evaluate(() => {
    const canvas = document.querySelector('#grid-canvas');
    window.__frames = [];
    new MutationObserver((records) => {
      for (const r of records) {
        if (r.attributeName === 'data-frame-expanded') window.__frames.push({ expanded: Number(canvas.dataset.frameExpanded), cut: canvas.dataset.speedCut });
      }
    }).observe(canvas, { attributes: true, attributeFilter: ['data-frame-expanded'] });
  });
}

/** Start and goal in opposite corners (S and G over the cells), so Dijkstra expands most of the map. */
async function corners(page) {
  for (const [key, x, y] of [['s', 0, 0], ['g', W - 1, H - 1]]) {
    const p = await page.evaluate(([x, y]) => window.pathlab.cellToClient(x, y), [x, y]);
    await page.mouse.move(p.x, p.y);
    await page.keyboard.press(key);
  }
  await focusNeutral(page);
}

/** Sets the speed slider with real keys: Home, then `right` steps to the right. */
async function speedStop(page, right) {
  await page.locator('#speed').focus();
  await page.keyboard.press('Home');
  for (let i = 0; i < right; i++) await page.keyboard.press('ArrowRight');
  await focusNeutral(page);
}

test('with a tiny share forced, "fastest" takes many frames of a few expansions and finds the same cost', { timeout: 120_000 }, async (t) => {
  await env.withPage(t, async (page) => {
    await newMap(page, W, H);
    await page.locator('#algorithm').selectOption('dijkstra');
    await corners(page);
    await speedMax(page);
    await page.locator('#reset-search').click();
    assert.equal(await runToEnd(page), 'found');
    const cost = await stat(page, 'cost');
    const expanded = Number(await stat(page, 'expanded'));
    assert.ok(expanded > W * H * 0.9, `Dijkstra expands most of the map (${expanded})`);

    // "fastest" (the stop before "instant"), a share far below one clock check's worth.
    const stops = await page.locator('#speed').evaluate((el) => Number(el.max));
    await speedStop(page, stops - 1);
    assert.equal((await page.locator('#speed-value').textContent()).trim(), 'fastest');
    await page.locator('#reset-search').click();
    await page.evaluate(() => window.pathlab.forceShare(0.0001));
    await watchFrames(page);
    await focusNeutral(page);
    await page.keyboard.press('Space');
    await waitStat(page, 'status', 'found', 60_000);
    assert.equal(await stat(page, 'cost'), cost, 'the sliced search finds the cost of the instant one');
    assert.equal(await stat(page, 'expanded'), String(expanded), 'and expands as many nodes');
    const frames = await page.evaluate(() => window.__frames);
    assert.ok(frames.length >= 5, `${frames.length} frames for ${expanded} expansions`);
    assert.ok(frames.every((f) => f.expanded >= 1 && f.expanded < expanded / 4), `every frame expands a few: ${JSON.stringify(frames.slice(0, 5))}`);
    assert.equal(frames.reduce((n, f) => n + f.expanded, 0), expanded, 'the frames add up to the search');
    assert.ok(frames.every((f) => f.cut === 'false'), 'a time slice is never a cut speed');
  });
});

test('an expansion-count speed that does not fit the share is cut to it, and the canvas says so', { timeout: 120_000 }, async (t) => {
  await env.withPage(t, async (page) => {
    await newMap(page, W, H);
    await page.locator('#algorithm').selectOption('dijkstra');
    await corners(page);
    // 10 000 expansions a frame ("600 000 expansions/s"): three frames for the whole map.
    await speedStop(page, 8);
    assert.equal((await page.locator('#speed-value').textContent()).trim(), '600 000 expansions/s');
    await page.locator('#reset-search').click();
    await page.evaluate(() => window.pathlab.forceShare(0.0001));
    await watchFrames(page);
    await focusNeutral(page);
    await page.keyboard.press('Space');
    await waitStat(page, 'status', 'found', 60_000);
    const frames = await page.evaluate(() => window.__frames);
    const expanded = Number(await stat(page, 'expanded'));
    assert.ok(frames.length >= 5, `a search of ${expanded} expansions took ${frames.length} frames, not 3`);
    assert.ok(frames.every((f) => f.expanded < 10_000), 'no frame expands the 10 000 asked');
    assert.equal(frames.reduce((n, f) => n + f.expanded, 0), expanded, 'the frames add up to the search');
    assert.equal(frames.at(-1).cut, 'false', 'the last frame, which finished the search, is not cut');
    assert.ok(frames.slice(0, -1).every((f) => f.cut === 'true'), 'every frame before it was cut short of 10 000');
  });
});
