// Share links: Copy link → open in a new page gives the same state; broken, future-version
// and unknown-map links show a message and keep the current (autosaved) map; short links to
// shipped maps; links opened later through hashchange.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  startEnv, waitReady, newMap, drag, dblclickCell, cells, states, startCell, goalCell, message,
  speedMax, runToEnd, stat, focusNeutral, readIndex, openPanel,
} from './helpers.mjs';

let env;
before(async () => { env = await startEnv(); });
after(async () => { await env?.close(); });

const STATS = ['status', 'expanded', 'generated', 'reopened', 'cost', 'moves'];

/** Everything a link must carry, read through the hooks and the visible controls. */
async function snapshot(page) {
  const form = {};
  for (const id of ['algorithm', 'heuristic', 'weight', 'connectivity', 'diagonal-rule', 'diagonal-cost', 'budget']) {
    form[id] = await page.locator(`#${id}`).inputValue();
  }
  form['goal-directed'] = await page.locator('#goal-directed').isChecked();
  return {
    cells: await cells(page),
    start: await startCell(page),
    goal: await goalCell(page),
    settings: await page.evaluate(() => window.pathlab.settings()),
    form,
  };
}

async function statsAfterRun(page) {
  await speedMax(page);
  await runToEnd(page);
  const out = {};
  for (const s of STATS) out[s] = await stat(page, s);
  out.states = await states(page);
  return out;
}

/** Clicks Copy link and returns the URL it produced (clipboard, else the fallback field). */
async function copyLink(page) {
  await page.locator('#copy-link').click();
  await page.waitForFunction(() => document.getElementById('share-url').value.includes('#'));
  const shown = await page.locator('#share-url').inputValue();
  assert.ok(await page.locator('#share-url').isVisible(), 'the link is visible in the fallback field');
  const clip = await page.evaluate(() => navigator.clipboard.readText().catch(() => null));
  if (clip !== null) assert.equal(clip, shown, 'the clipboard holds the same link as the field');
  return shown;
}

test('Copy link, open it in a new page: same cells, markers, settings and run', { timeout: 120_000 }, async (t) => {
  await env.withPage(t, async (page, { context, url, shot }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: url.replace(/\/$/, '') });
    await newMap(page, 36, 24);
    await drag(page, [[6, 2], [6, 18], [20, 18]]);
    await page.locator('[data-brush="3"]').click();
    await drag(page, [[12, 4], [30, 4], [30, 14]]);
    await dblclickCell(page, 2, 2);
    await dblclickCell(page, 33, 21);
    await page.locator('#algorithm').selectOption('dijkstra');
    await openPanel(page, 'settings');
    await page.locator('#connectivity').selectOption('4');
    await page.locator('#goal-directed').check();
    await focusNeutral(page);
    const before = await snapshot(page);
    assert.equal(before.settings.algorithm, 'dijkstra');
    assert.equal(before.cells.data.filter((c) => c === 3).length > 10, true, 'terrain was painted');
    const link = await copyLink(page);
    assert.match(link, /#v2/, 'a full v2 link for an edited map');
    assert.match((await message(page)).text, /copied|selected/i);
    await shot('copied');
    const ran = await statsAfterRun(page);

    const other = await context.newPage();
    await other.goto(link);
    await waitReady(other);
    assert.equal(await other.evaluate(() => location.hash), '', 'the fragment is cleared once opened');
    assert.match((await message(other)).text, /opened the linked/i);
    const after = await snapshot(other);
    assert.deepEqual(after, before, 'the link restores the exact state');
    assert.deepEqual(await statsAfterRun(other), ran, 'the same search gives the same statistics and states');
    await other.close();
  });
});

test('a short link to a shipped map restores the map, markers and settings', { timeout: 90_000 }, async (t) => {
  await env.withPage(t, async (page, { context }) => {
    const idx = readIndex();
    const entry = idx.find((m) => m.file === 'maze-63.map') || idx[1];
    await openPanel(page, 'map');
    await page.locator('#map').selectOption(entry.file);
    await page.waitForFunction((f) => window.pathlab.mapName() === f, entry.file);
    await page.locator('#algorithm').selectOption('bfs');
    await focusNeutral(page);
    const link = await copyLink(page);
    assert.match(link, new RegExp(`#map=${entry.file.replace(/\.map$/, '').replace(/[.-]/g, '\\$&')}`), `a short link: ${link}`);
    const before = await snapshot(page);
    const other = await context.newPage();
    await other.goto(link);
    await waitReady(other);
    await other.waitForFunction(() => /opened the link/i.test(document.getElementById('message').textContent));
    assert.deepEqual(await snapshot(other), before);
    assert.equal(await other.locator('#map').inputValue(), entry.file, 'the menu shows the shipped map');
    await other.close();
  });
});

const BROKEN = [
  ['a damaged', 'v1.!!!!not-base64!!!!', /damaged|base64|could not/i],
  ['a truncated', null, /link not opened/i],
  ['a future-version', 'v9.AAAA', /newer|version/i],
  ['an unknown-map', 'map=no-such-map&start=1,1', /does not ship|no-such-map/i],
  ['a non-Pathlab', 'hello', /neither/i],
];

for (const [name, fragment, pattern] of BROKEN) {
  test(`${name} link shows a message and keeps the current map and its autosave`, { timeout: 90_000 }, async (t) => {
    await env.withPage(t, async (page, { url, shot }) => {
      await newMap(page, 24, 16);
      await drag(page, [[3, 3], [20, 12]]);
      await focusNeutral(page);
      const before = await snapshot(page);
      let frag = fragment;
      if (frag === null) {
        await page.locator('#copy-link').click();
        await page.waitForFunction(() => document.getElementById('share-url').value.includes('#v2'));
        const link = await page.locator('#share-url').inputValue();
        frag = link.slice(link.indexOf('#') + 1, link.indexOf('#') + 1 + Math.floor((link.length - link.indexOf('#')) / 2));
      }
      // A fresh load with the broken link (the autosave holds the map drawn above); leave
      // the page first, or the browser would only change the fragment (hashchange).
      await page.goto('about:blank');
      await page.goto(`${url}#${frag}`);
      await waitReady(page);
      const m = await message(page);
      assert.equal(m.kind, 'error', `error message for ${name}: ${m.text}`);
      assert.match(m.text, pattern);
      assert.match(m.text, /current map is kept/i);
      await shot('message');
      assert.deepEqual(await snapshot(page), before, 'the current map is untouched');
      // The failed link must not have overwritten the autosave: a plain reload still has it.
      await page.goto(url);
      await waitReady(page);
      assert.deepEqual(await snapshot(page), before, 'the autosave still holds the map');
      // The same link arriving later through hashchange is refused the same way.
      await page.evaluate((f) => { location.hash = f; }, frag);
      await page.waitForFunction(() => /link not opened/i.test(document.getElementById('message').textContent));
      assert.deepEqual(await snapshot(page), before, 'hashchange keeps the map too');
    });
  });
}

test('a 1.9 MB junk link is refused, the map kept', { timeout: 60_000 }, async (t) => {
  await env.withPage(t, async (page, { url }) => {
    await newMap(page, 20, 12);
    const before = await snapshot(page);
    await page.goto('about:blank');
    await page.goto(`${url}#v1.${'A'.repeat(1900 * 1024)}`);
    await waitReady(page);
    const m = await message(page);
    assert.equal(m.kind, 'error', m.text);
    assert.match(m.text, /link not opened/i);
    assert.deepEqual(await snapshot(page), before);
  });
});

test('a link opened through hashchange replaces the map', { timeout: 60_000 }, async (t) => {
  await env.withPage(t, async (page) => {
    await newMap(page, 20, 12);
    await drag(page, [[2, 2], [15, 9]]);
    await focusNeutral(page);
    await page.locator('#copy-link').click();
    await page.waitForFunction(() => document.getElementById('share-url').value.includes('#v2'));
    const link = await page.locator('#share-url').inputValue();
    const wanted = await snapshot(page);
    await newMap(page, 30, 30);
    await page.evaluate((h) => { location.hash = h; }, link.slice(link.indexOf('#') + 1));
    await page.waitForFunction(() => window.pathlab.size().width === 20);
    assert.deepEqual(await snapshot(page), wanted);
  });
});

test('a link with &step=K opens the main page at step K; Copy link while scrubbed back carries it', { timeout: 90_000 }, async (t) => {
  await env.withPage(t, async (page, { url }) => {
    await page.goto('about:blank');
    await page.goto(`${url}#map=maze-63&start=1,1&goal=61,61&step=40`);
    await waitReady(page);
    await page.waitForFunction(() => /opened the link/i.test(document.getElementById('message').textContent));
    assert.equal(await stat(page, 'expanded'), '40', 'the search is shown at step 40');
    const label = page.locator('[data-timeline="label"]');
    assert.match(await label.textContent(), /^step 40 of \d+ \(scrubbed back\)$/, 'after running to its end');
    const link = await copyLink(page);
    assert.match(link, /#map=maze-63&start=1,1&goal=61,61&step=40$/, link);
    // At the end of the recording the link has no step.
    await page.locator('[data-timeline="end"]').click();
    await page.waitForFunction(() => !/scrubbed back/.test(document.querySelector('[data-timeline="label"]').textContent));
    assert.doesNotMatch(await copyLink(page), /step=/);
    // A bad step is refused with the reason, and the map is kept.
    await page.evaluate(() => { location.hash = 'map=open-64&step=-3'; });
    await page.waitForFunction(() => /link not opened/i.test(document.getElementById('message').textContent));
    assert.match((await message(page)).text, /step=-3 in this link: the step must be a whole number/i);
    assert.equal(await page.evaluate(() => window.pathlab.mapName()), 'maze-63.map');
  }, { load: false });
});
