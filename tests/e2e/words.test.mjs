// Words that follow the state (issue 26, "Every word from the state", "Plain words", "no
// layout shift"): every sentence, label and field the page shows is derived from the state it
// describes at the moment it shows, never a copy written once. With the real mouse, keyboard
// and touch; every wait is on the page's state.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  startEnv, gotoReady, cellPoint, settled, focusNeutral, stat, openPanel,
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
    await openPanel(page, 'map');
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


test('pseudocode: the header names the line it lights (not the count of lines run)', { timeout: 90_000 }, async (t) => {
  await env.withPage(t, async (page) => {
    await openPanel(page, 'map');
    await page.locator('#map').selectOption('maze-63.map');
    await page.waitForFunction(() => window.pathlab.mapName() === 'maze-63.map');
    await focusNeutral(page);
    await openPanel(page, 'pseudo');
    await page.locator('#step').click();
    await page.locator('#step').click();
    await settled(page);
    const panel = page.locator('[data-pseudocode]');
    // Walk the step's lines with ▶ and read the header beside each lit line.
    for (let i = 0; i < 6; i++) {
      await page.waitForFunction(() => {
        const el = document.querySelector('[data-pseudocode]');
        return el.dataset.step === String(window.pathlab.position()) && Number(el.dataset.line) >= 0;
      });
      const { line, where } = await panel.evaluate((el) => ({ line: Number(el.dataset.line), where: el.querySelector('[data-pc="where"]').textContent }));
      assert.match(where, new RegExp(`· line ${line + 1} ·`), `line ${line + 1} is lit; the header says "${where}"`);
      const sub = await panel.evaluate((el) => el.dataset.sub);
      await page.locator('[data-pc="next"]').click();
      await page.waitForFunction((sub) => document.querySelector('[data-pseudocode]').dataset.sub !== sub, sub);
    }
  });
});

/** The tip shown now: its term and text, or null. */
const tipShown = (page) => page.evaluate(() => {
  const t = document.querySelector('[role="tooltip"][data-term-tip]');
  return t && !t.hidden ? { term: t.dataset.shows, text: t.textContent } : null;
});

test('plain words: every textbook term explains itself on hover, on keyboard focus, to a screen reader', { timeout: 90_000 }, async (t) => {
  await env.withPage(t, async (page) => {
    // Every term on the page is described, by one line from the one table.
    const terms = await page.evaluate(() => [...document.querySelectorAll('[data-term]')].map((e) => ({
      term: e.dataset.term,
      text: e.textContent.trim(),
      described: (e.getAttribute('aria-describedby') || '').split(/\s+/).map((id) => document.getElementById(id)?.textContent ?? '').join(' ').trim(),
    })));
    const names = terms.map((x) => x.text);
    for (const want of ['Frames run', 'Generated', 'Re-opened', 'Node budget', 'Goal-directed neighbour order', 'Heuristic weight', 'Diagonal rule', 'Open list', 'Closed', 'Expanded', 'Speed']) {
      assert.ok(names.includes(want), `"${want}" is a term with an explanation (terms: ${names.join(', ')})`);
    }
    for (const x of terms) assert.ok(x.described.length > 20, `"${x.text}" is described to a screen reader: "${x.described}"`);
    assert.match(terms.find((x) => x.text === 'Diagonal rule').described, /one side free/i);
    // Hover: the tip shows the line.
    await openPanel(page, 'stats');
    await openPanel(page, 'settings');
    const generated = page.locator('dt[data-term="generated"]');
    await generated.hover();
    await page.waitForFunction(() => document.querySelector('[data-term-tip]')?.dataset.shows === 'generated' && !document.querySelector('[data-term-tip]').hidden);
    assert.match((await tipShown(page)).text, /^Generated: /);
    await page.mouse.move(2, 2);
    await page.waitForFunction(() => document.querySelector('[data-term-tip]').hidden);
    // Keyboard: Tab from the weight field to the node budget; the tip follows the focus.
    await page.locator('#weight').click();
    await page.waitForFunction(() => document.querySelector('[data-term-tip]')?.dataset.shows === 'weight');
    for (let i = 0; i < 4; i++) await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => document.activeElement.id), 'budget');
    await page.waitForFunction(() => document.querySelector('[data-term-tip]')?.dataset.shows === 'node-budget');
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => document.querySelector('[data-term-tip]').hidden);
    // The statistics' names are one Tab stop; the arrows move between them.
    await page.locator('dt[data-term="expanded"]').click();
    await page.keyboard.press('ArrowRight');
    assert.equal(await page.evaluate(() => document.activeElement.dataset.term), 'generated');
    await page.waitForFunction(() => document.querySelector('[data-term-tip]')?.dataset.shows === 'generated');
  });
});

test('one unit for speed: every stop of the slider is said in expansions a second (or fastest, instant)', { timeout: 60_000 }, async (t) => {
  await env.withPage(t, async (page) => {
    const speed = page.locator('#speed');
    await speed.focus();
    await page.keyboard.press('Home');
    const labels = [];
    const max = Number(await speed.getAttribute('max'));
    for (let i = 0; i <= max; i++) {
      await page.waitForFunction((i) => document.querySelector('#speed').value === String(i), i);
      labels.push(await page.locator('#speed-value').textContent());
      await page.keyboard.press('ArrowRight');
    }
    const rates = labels.slice(0, -2);
    for (const l of rates) assert.match(l, /^\d[\d ]* expansions\/s$/, `"${l}" in expansions a second`);
    assert.deepEqual(labels.slice(-2), ['fastest', 'instant']);
    const n = rates.map((l) => Number(l.replace(/\D/g, '')));
    assert.deepEqual([...n].sort((a, b) => a - b), n, 'faster to the right');
  });
});

test('compare: the weight is named and explained, not a bare "w"', { timeout: 60_000 }, async (t) => {
  await env.withPage(t, async (page) => {
    await gotoReady(page, `${env.url}compare.html`);
    const label = page.locator('.weight-label').first();
    assert.match(await label.textContent(), /^Weight/);
    await label.hover();
    await page.waitForFunction(() => document.querySelector('[data-term-tip]')?.dataset.shows === 'weight' && !document.querySelector('[data-term-tip]').hidden);
    assert.match((await tipShown(page)).text, /Heuristic weight \(w\): f = g \+ w × h/);
  });
});

test('the open list reads in words to a screen reader', { timeout: 60_000 }, async (t) => {
  await env.withPage(t, async (page) => {
    await page.locator('#step').click();
    await openPanel(page, 'open');
    await page.waitForFunction(() => document.querySelector('#open-list tbody tr.next'));
    const label = await page.locator('#open-list tbody tr.next').getAttribute('aria-label');
    assert.match(label, /^next: cell \d+, \d+, g [\d.]+, h [\d.]+, f [\d.]+$/);
  });
});

test('a phone: no keyboard hints in the status; a tap on a term explains it', { timeout: 90_000 }, async () => {
  const context = await env.browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  try {
    await gotoReady(page, env.url);
    assert.equal(await page.evaluate(() => matchMedia('(hover: none) and (pointer: coarse)').matches), true, 'the emulated phone has no hover');
    const said = [await page.locator('#message').textContent()];
    await page.locator('#step').tap();
    await page.waitForFunction(() => document.querySelector('[data-stat="status"]').textContent === 'paused');
    await settled(page);
    said.push(await page.locator('#message').textContent());
    for (const s of said) assert.doesNotMatch(s, /\((Space|N)\)|Press Space|or N to/, `no keys on a phone: "${s}"`);
    assert.match(said[1], /^Paused after 1 expansions\. Press Run to go on, or Step for one more\.$/);
    // The line is one line; a tap opens the whole sentence (a phone has no hover for its title).
    const line = page.locator('#message');
    const oneLine = await line.evaluate((el) => el.getBoundingClientRect().height);
    await line.tap();
    await page.waitForFunction(() => document.querySelector('#message').dataset.open === 'true');
    const open = await line.evaluate((el) => ({ h: el.getBoundingClientRect().height, cut: el.scrollWidth > el.clientWidth }));
    assert.equal(open.cut, false, 'the whole sentence shows');
    assert.ok(open.h > oneLine, `it opened to more lines (${oneLine} → ${open.h} px)`);
    // Opened by a tap, as a finger does (a mouse click would leave the mouse over the toggle).
    await page.locator('#panel-bar [data-panel="stats"]').tap();
    await page.locator('#drawer details[data-panel="stats"]').waitFor({ state: 'visible' });
    const frames = page.locator('dt[data-term="frames-run"]');
    await frames.scrollIntoViewIfNeeded();
    await frames.tap();
    await page.waitForFunction(() => document.querySelector('[data-term-tip]')?.dataset.shows === 'frames-run' && !document.querySelector('[data-term-tip]').hidden);
    // Compare mode on the phone: no keys in its hint or its line either.
    await gotoReady(page, `${env.url}compare.html`);
    assert.equal(await page.locator('.compare-keys kbd').first().isVisible(), false, 'no keys in the hint');
    await page.waitForFunction(() => /race them/.test(document.querySelector('#message').textContent));
    assert.doesNotMatch(await page.locator('#message').textContent(), /\(Space\)|\(N\)/);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('export: no Cancel before anything encodes; the dialog says the GIF\'s real size and the GIF has it', { timeout: 120_000 }, async (t) => {
  await env.withPage(t, async (page) => {
    await openPanel(page, 'map');
    await page.locator('#map').selectOption('maze-63.map');
    await page.waitForFunction(() => window.pathlab.mapName() === 'maze-63.map');
    await focusNeutral(page);
    await page.locator('#export-view').click();
    await page.waitForFunction(() => document.querySelector('dialog.export-dialog')?.open);
    assert.equal(await page.locator('[data-export="cancel"]').isVisible(), false, 'no Cancel with nothing to cancel');
    assert.equal(await page.locator('[data-export="progress"]').isVisible(), false);
    const said = await page.locator('[data-export="gif-size"]').textContent();
    const m = /The GIF will be (\d+) × (\d+) pixels: (\d+) a cell/.exec(said);
    assert.ok(m, `the dialog says the GIF's size: "${said}"`);
    await page.locator('[data-field="every"]').fill('25');
    const [file] = await Promise.all([page.waitForEvent('download', { timeout: 90_000 }), page.locator('[data-export="gif"]').click()]);
    const bytes = (await import('node:fs')).readFileSync(await file.path());
    const width = bytes.readUInt16LE(6);
    const height = bytes.readUInt16LE(8);
    assert.deepEqual([width, height], [Number(m[1]), Number(m[2])], 'the GIF is the size the dialog said');
    assert.equal(width, 63 * Number(m[3]));
    assert.match(await page.locator('[data-export="result"]').textContent(), new RegExp(`${width} × ${height} pixels, ${m[3]} a cell`));
    // A size typed is the size made, and said.
    await page.locator('[data-field="scale"]').fill('3');
    assert.match(await page.locator('[data-export="gif-size"]').textContent(), /189 × 189 pixels: 3 a cell\.$/);
  });
});

test('a hex map\'s name says its size once; in Movement range only one tool looks pressed', { timeout: 90_000 }, async (t) => {
  await env.withPage(t, async (page) => {
    await openPanel(page, 'map');
    await page.locator('#map').selectOption('hex-rooms-60.map');
    await page.waitForFunction(() => window.pathlab.mapName() === 'hex-rooms-60.map');
    await page.waitForFunction(() => /^Loaded Hex rooms/.test(document.querySelector('#message').textContent));
    const said = await page.locator('#message').textContent();
    assert.equal(said.split('60×40').length - 1, 1, `the size once: "${said}"`);
    await focusNeutral(page);
    await page.locator('#view').selectOption('range');
    await page.waitForFunction(() => document.querySelector('#pick-origin').getAttribute('aria-pressed') === 'true');
    const pressed = () => page.evaluate(() => [...document.querySelectorAll('[aria-pressed="true"]')].map((b) => b.id || b.dataset.brush));
    assert.deepEqual(await pressed(), ['pick-origin'], 'Place unit alone is pressed');
    await page.locator('[data-brush="wall"]').click();
    await page.waitForFunction(() => document.querySelector('#pick-origin').getAttribute('aria-pressed') === 'false');
    assert.deepEqual(await pressed(), ['wall'], 'then the Wall brush alone');
  });
});
