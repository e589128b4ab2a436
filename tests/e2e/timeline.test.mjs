// The timeline scrubber and the open-list panel on the main page: drag back over a finished
// search, step by button and key, read the open list, edit while scrubbed back, and measure
// seeks on the 1024² maze (reported, never asserted).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  startEnv, states, where, stat, waitStat, focusNeutral, speedMax, runToEnd, cellPoint, openEmbedParent, message, settled, openPanel,
} from './helpers.mjs';

let env;
before(async () => { env = await startEnv(); });
after(async () => { await env?.close(); });

/** The label's "step k of n" as numbers. */
async function label(page) {
  await settled(page);
  const text = await page.locator('[data-timeline="label"]').textContent();
  const m = /step (\d+) of (\d+)/.exec(text);
  assert.ok(m, `timeline label "${text}"`);
  return { k: Number(m[1]), n: Number(m[2]), text };
}

async function expanded(page) {
  return Number(await stat(page, 'expanded'));
}

async function closedCount(page) {
  return where(await states(page), (s) => s === 2 || s === 3).length;
}


async function openMap(page, file) {
  await openPanel(page, 'map');
  await page.locator('#map').selectOption(file);
  await page.waitForFunction((f) => window.pathlab.mapName() === f, file);
  await focusNeutral(page);
}

/** Drags the scrubber's thumb with the real mouse from its place to `fraction` of the track. */
async function dragScrubber(page, fraction, steps = 12) {
  const range = page.locator('[data-timeline="range"]');
  const box = await range.boundingBox();
  const { value, max } = await range.evaluate((el) => ({ value: Number(el.value), max: Number(el.max) }));
  // The thumb's centre runs from half a thumb in from each end; 8 px is close enough to grab it.
  const thumb = 8;
  const xAt = (f) => box.x + thumb + (box.width - 2 * thumb) * f;
  const y = box.y + box.height / 2;
  await page.mouse.move(xAt(max ? value / max : 0), y);
  await page.mouse.down();
  await page.mouse.move(xAt(fraction), y, { steps });
  await page.mouse.up();
}

async function openRows(page) {
  await openPanel(page, 'open');
  // The panel refreshes after the paint: wait until it describes the shown step.
  const { k } = await label(page);
  await page.waitForFunction((k) => document.getElementById('open-list').dataset.step === String(k), k);
  return page.locator('#open-list tbody tr').evaluateAll((rows) => rows.map((tr) => {
    const tds = [...tr.querySelectorAll('td')].map((td) => td.textContent);
    const m = /\((\d+), (\d+)\)/.exec(tds[1]);
    return { next: tr.classList.contains('next'), x: Number(m[1]), y: Number(m[2]), g: Number(tds[2]), h: Number(tds[3]), f: Number(tds[4]) };
  }));
}

test('scrub back and forth over a finished A* search on maze-63: stats, canvas and open list follow', { timeout: 120_000 }, async (t) => {
  await env.withPage(t, async (page, { shot }) => {
    await openMap(page, 'maze-63.map');
    await speedMax(page);
    assert.equal(await runToEnd(page), 'found');
    const done = await expanded(page);
    let l = await label(page);
    assert.equal(l.n, done, 'the timeline holds every expansion');
    assert.equal(l.k, l.n, 'live: the shown step is the last');
    const canvas = page.locator('#grid-canvas');
    const liveShot = await canvas.screenshot();

    // Drag the thumb back to about a third with the real mouse.
    await dragScrubber(page, 0.33);
    await settled(page);
    l = await label(page);
    assert.ok(l.k > 0 && l.k < l.n, `scrubbed back to ${l.k} of ${l.n}`);
    assert.match(l.text, /scrubbed back/);
    assert.equal(await expanded(page), l.k, 'the Expanded statistic is the shown step');
    assert.equal(await closedCount(page), l.k, 'the grid shows exactly k closed cells');
    assert.equal(await stat(page, 'cost'), '—', 'no path yet at that step');
    assert.match((await message(page)).text, new RegExp(`^Step ${l.k} of ${l.n}: the search as it stood`), 'the message line says which step is shown');
    assert.equal(await page.locator('[data-timeline="range"]').getAttribute('aria-valuetext'), `step ${l.k} of ${l.n}`);
    const backShot = await canvas.screenshot();
    assert.notDeepEqual(backShot, liveShot, 'the canvas repainted the earlier step');
    await shot('scrubbed-back');
    const k = l.k;

    // Buttons: one step back, one forward.
    await page.locator('[data-timeline="back"]').click();
    assert.equal(await expanded(page), k - 1, 'step back button: −1');
    assert.equal((await label(page)).k, k - 1);
    await page.locator('[data-timeline="forward"]').click();
    assert.equal(await expanded(page), k, 'step forward button: +1');

    // Keys: . and , and Shift+→ / Shift+←.
    await focusNeutral(page);
    await page.keyboard.press('.');
    assert.equal(await expanded(page), k + 1, '. steps forward');
    await page.keyboard.press(',');
    await page.keyboard.press(',');
    assert.equal(await expanded(page), k - 1, ', steps back');
    await page.keyboard.press('Shift+ArrowRight');
    assert.equal(await expanded(page), k, 'Shift+→ steps forward');
    await page.keyboard.press('Shift+ArrowLeft');
    assert.equal(await expanded(page), k - 1, 'Shift+← steps back');
    await page.keyboard.press('.');

    // The open list: the first row is the node taken next, with the reason.
    const rows = await openRows(page);
    assert.ok(rows.length >= 1 && rows.length <= 8, `${rows.length} rows`);
    assert.ok(rows[0].next, 'the first row is marked next');
    for (let i = 1; i < rows.length; i++) assert.ok(rows[i].f >= rows[i - 1].f - 1e-9, 'A* pops by f');
    const why = await page.locator('#open-list .open-why').textContent();
    assert.ok(why.length > 10, `the tie-break sentence: "${why}"`);
    const next = rows[0];
    assert.equal(await page.evaluate(([x, y]) => window.pathlab.state(x, y), [next.x, next.y]), 1, 'the next node is open now');
    // Hovering a row rings its cell on the canvas.
    const plain = await canvas.screenshot();
    await page.locator('#open-list tbody tr').first().hover();
    await settled(page);
    assert.notDeepEqual(await canvas.screenshot(), plain, 'hovering the row highlights its cell');
    await shot('open-list-hover');
    await focusNeutral(page);
    await page.keyboard.press('.');
    assert.equal(await page.evaluate(([x, y]) => window.pathlab.state(x, y), [next.x, next.y]), 2, 'one step later the "next" node is closed');
    assert.equal(await expanded(page), k + 1);

    // Home and End jump to the start and to the live end.
    await page.keyboard.press('Home');
    assert.equal(await expanded(page), 0);
    assert.equal((await label(page)).k, 0);
    await page.keyboard.press('End');
    assert.equal(await expanded(page), done, 'End is the finished search again');
    assert.equal(await stat(page, 'status'), 'found');
    assert.notEqual(await stat(page, 'cost'), '—');
  });
});

test('editing the map while scrubbed back truncates the future: the timeline ends at the step', { timeout: 120_000 }, async (t) => {
  await env.withPage(t, async (page, { shot }) => {
    await openMap(page, 'rooms-gen-96.map');
    await speedMax(page);
    assert.equal(await runToEnd(page), 'found');
    const full = await label(page);
    await dragScrubber(page, 0.25);
    const back = await label(page);
    assert.ok(back.k < full.n);
    // A real click far from the start paints a wall (or opens one) in a region not yet reached.
    const p = await cellPoint(page, 90, 60);
    const before = await page.evaluate(() => window.pathlab.cell(90, 60));
    await page.mouse.click(p.x, p.y);
    assert.notEqual(await page.evaluate(() => window.pathlab.cell(90, 60)), before, 'the click edited the map');
    await settled(page);
    const after = await label(page);
    await shot('edited-while-scrubbed');
    assert.equal(after.k, after.n, `the timeline now ends at the shown step (${after.text})`);
    assert.equal(after.k, back.k, 'at the same step as before the edit');
    assert.equal(await expanded(page), back.k);
    // Going on from there searches the edited map live.
    await focusNeutral(page);
    await page.keyboard.press('.');
    assert.equal(await expanded(page), back.k + 1, '. at the end steps live');
    assert.equal((await label(page)).n, back.k + 1, 'and the timeline grows');
  });
});

test('seeks on the 1024² maze: figures reported (not asserted)', { timeout: 300_000 }, async (t) => {
  await env.withPage(t, async (page, { shot }) => {
    await openMap(page, 'maze-1024.map');
    await speedMax(page);
    const t0 = Date.now();
    assert.equal(await runToEnd(page, 240_000), 'found');
    const runMs = Date.now() - t0;
    const l = await label(page);
    const note = await page.locator('[data-timeline="note"]').textContent();
    const seekMs = [];
    const coreMs = [];
    const paintMs = [];
    const range = page.locator('[data-timeline="range"]');
    // Jumps across the whole recording with the keyboard on the focused range.
    await range.focus();
    const keys = ['Home', 'End', ...Array(9).fill('PageDown'), 'Home', ...Array(9).fill('PageUp'), 'End'];
    for (const key of keys) {
      await page.keyboard.press(key);
      await settled(page);
      const h = await page.evaluate(() => ({ ...window.pathlab.timeline(), paint: window.pathlab.paintMs() }));
      seekMs.push(h.lastSeekMs);
      coreMs.push(h.lastCoreMs);
      paintMs.push(h.paint);
    }
    // A real drag across the track: each coalesced input event is one seek.
    await page.evaluate(() => window.pathlab.timeline().seekMs.length);
    const wall0 = Date.now();
    await dragScrubber(page, 0.1, 30);
    const dragWall = Date.now() - wall0;
    const drag = await page.evaluate(() => window.pathlab.timeline().seekMs.slice(-30));
    await settled(page);
    assert.equal(await expanded(page), (await label(page)).k, 'the stats follow the scrubber on the big map too');
    await shot('maze-1024-scrubbed');
    const fmt = (a) => a.map((v) => v.toFixed(1)).join(', ');
    const avg = (a) => a.reduce((x, y) => x + y, 0) / Math.max(1, a.length);
    const report = [
      `maze-1024: run to end ${runMs} ms wall, timeline ${l.n} steps (${note})`,
      `${keys.length} keyboard jumps (Home, End, PageDown/PageUp = 10%): wasm seek mean ${avg(coreMs).toFixed(1)} ms, max ${Math.max(...coreMs).toFixed(1)}; `
        + `seek with stats read-back mean ${avg(seekMs).toFixed(1)} ms, max ${Math.max(...seekMs).toFixed(1)}; paint mean ${avg(paintMs).toFixed(1)} ms, max ${Math.max(...paintMs).toFixed(1)}`,
      `seek ms per jump: ${fmt(seekMs)}`,
      `drag of 30 mouse moves: ${drag.length} seeks, mean ${avg(drag).toFixed(1)} ms, max ${Math.max(...drag).toFixed(1)} ms, ${dragWall} ms wall`,
    ];
    for (const line of report) t.diagnostic(line);
    console.log(report.join('\n'));
  });
});

test('embed.html?timeline=1 shows the scrubber and answers seek over postMessage with the step in events', { timeout: 90_000 }, async (t) => {
  await env.withPage(t, async (page, { shot }) => {
    const src = `${env.url}embed.html?timeline=1&speed=instant&map=maze-63`;
    const ask = await openEmbedParent(page, env.url, src, { name: 'parent-timeline.html', width: 640, height: 480 });
    const frame = page.frameLocator('#f');
    assert.equal(await frame.locator('[data-timeline="range"]').count(), 1, 'the scrubber is shown');
    await ask({ pathlab: 1, id: 1, cmd: 'run' });
    const done = await page.waitForFunction(() => window.events.find((e) => e.event === 'done'), null, { timeout: 30_000 });
    const event = await done.jsonValue();
    assert.equal(event.step, event.stats.expanded, 'the done event carries the step');
    const seek = await ask({ pathlab: 1, id: 2, cmd: 'seek', step: 40 });
    assert.equal(seek.ok, true, JSON.stringify(seek));
    assert.equal(seek.result.step, 40);
    assert.equal(seek.result.stats.expanded, 40);
    // The scrubber's label catches up on the frame's next animation frame.
    await frame.locator('[data-timeline="label"]').filter({ hasText: /^step 40 of \d+/ }).waitFor();
    const state = await ask({ pathlab: 1, id: 3, cmd: 'getState' });
    assert.equal(state.result.timeline.step, 40);
    const bad = await ask({ pathlab: 1, id: 4, cmd: 'seek', step: 'far' });
    assert.equal(bad.ok, false);
    assert.match(bad.error, /whole number/);
    await shot('embed-timeline');
  });
});

test('timeline and open list screenshots: desktop and a 390px phone', { timeout: 120_000 }, async (t) => {
  await env.withPage(t, async (page, { shot }) => {
    await openMap(page, 'maze-63.map');
    await speedMax(page);
    await runToEnd(page);
    await dragScrubber(page, 0.5);
    await settled(page);
    await shot('desktop');
    await page.setViewportSize({ width: 390, height: 844 });
    await settled(page);
    await page.locator('#timeline').scrollIntoViewIfNeeded();
    await shot('phone-timeline');
    await openPanel(page, 'open');
    await page.locator('#open-card').scrollIntoViewIfNeeded();
    await shot('phone-open-list');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `the page is ${overflow}px wider than the phone`);
  });
});

test('Step after a finished search steps through its recording from the start; End brings the result back', { timeout: 120_000 }, async (t) => {
  await env.withPage(t, async (page, { shot }) => {
    await openMap(page, 'maze-63.map');
    await speedMax(page);
    assert.equal(await runToEnd(page), 'found');
    const done = await expanded(page);
    const cost = await stat(page, 'cost');
    const { n } = await label(page);
    assert.ok(n > 100, `a long recording (${n} steps)`);

    await page.locator('#step').click();
    let l = await label(page);
    assert.deepEqual([l.k, l.n], [1, n], 'Step shows step 1 of the same recording');
    assert.equal(await expanded(page), 1);
    assert.match((await message(page)).text, new RegExp(`^Step 1 of ${n}`), 'the status line says which step of the recording is shown');
    await focusNeutral(page);
    await page.keyboard.press('n');
    l = await label(page);
    assert.deepEqual([l.k, l.n], [2, n], 'N steps on through the recording');
    await shot('stepped-from-start');

    // The result was never thrown away: the timeline's End button shows it again.
    await page.locator('[data-timeline="end"]').click();
    await settled(page);
    assert.equal(await stat(page, 'status'), 'found');
    assert.equal(await expanded(page), done);
    assert.equal(await stat(page, 'cost'), cost);
    assert.deepEqual([(await label(page)).k, (await label(page)).n], [n, n]);
  });
});
