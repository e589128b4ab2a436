// The main page's layout (issue 26, "Designed layout"): at a laptop, a small laptop and a
// phone, the algorithm menu is in sight in the top bar with its full name, early in the Tab
// order; the map is the largest thing; on a phone the header and the playback bar are one
// row each and the map starts near the top; the panels open and close with a click and stay
// as they were after a reload; the zoom buttons leave the map's cells alone; every control
// shows a focus ring; the Share panel gives the embed snippets.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startEnv, gotoReady, cellPoint, settled, openPanel, closePanel, size, speedMax, waitStat } from './helpers.mjs';

let env;
before(async () => { env = await startEnv(); });
after(async () => { await env?.close(); });

const SIZES = [
  { name: 'laptop 1280×800', viewport: { width: 1280, height: 800 } },
  { name: 'laptop 1024×768', viewport: { width: 1024, height: 768 } },
  { name: 'phone 390×844', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, phone: true },
];

/** A fresh page of the given size, loaded and settled. */
async function sized(t, spec, fn) {
  const context = await env.browser.newContext({ viewport: spec.viewport, isMobile: spec.isMobile ?? false, hasTouch: spec.hasTouch ?? false });
  const page = await context.newPage();
  const problems = [];
  page.on('pageerror', (err) => problems.push(String(err)));
  try {
    await gotoReady(page, env.url);
    await settled(page);
    await fn(page, context);
  } finally {
    if (problems.length === 0) await page.screenshot({ path: new URL(`screenshots/layout-${spec.viewport.width}.png`, import.meta.url).pathname }).catch(() => {});
    await context.close();
  }
  assert.deepEqual(problems, [], 'no page errors');
}

/** The selected name's width in the menu's font, and the room the closed menu gives it. */
const menuFit = (page) => page.locator('#algorithm').evaluate((select) => {
  const style = getComputedStyle(select);
  const ctx = document.createElement('canvas').getContext('2d');
  ctx.font = style.font;
  const text = select.selectedOptions[0]?.textContent ?? '';
  const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 20;
  return { text, width: Math.ceil(ctx.measureText(text).width), room, scrollWidth: select.scrollWidth, clientWidth: select.clientWidth };
});

const box = (page, selector) => page.locator(selector).first().evaluate((el) => {
  const r = el.getBoundingClientRect();
  return { x: r.x, y: r.y, width: r.width, height: r.height, right: r.right, bottom: r.bottom };
});

for (const spec of SIZES) {
  test(`${spec.name}: the algorithm menu is in sight with its full name, within ten Tab presses`, { timeout: 60_000 }, async (t) => {
    await sized(t, spec, async (page) => {
      const vp = page.viewportSize();
      const b = await box(page, '#algorithm');
      const scrolled = await page.evaluate(() => window.scrollY);
      assert.equal(scrolled, 0, 'the page is not scrolled');
      assert.ok(b.x >= 0 && b.y >= 0 && b.right <= vp.width && b.bottom <= vp.height,
        `the menu ${JSON.stringify(b)} is inside the ${vp.width}×${vp.height} viewport`);
      for (const id of ['astar', 'jps']) {
        await page.locator('#algorithm').selectOption(id);
        await page.waitForFunction((id) => window.pathlab.settings().algorithm === id, id);
        const fit = await menuFit(page);
        assert.ok(fit.scrollWidth <= fit.clientWidth, `no overflow (${fit.scrollWidth} > ${fit.clientWidth})`);
        assert.ok(fit.width <= fit.room, `"${fit.text}" (${fit.width} px) fits in the menu (${fit.room} px of text room)`);
        const after = await box(page, '#algorithm');
        assert.ok(after.right <= vp.width, `the menu with "${fit.text}" stays in the viewport (right ${after.right})`);
      }
      // Keyboard: from the top of the page, Tab reaches the menu within ten presses.
      await page.evaluate(() => (/** @type {HTMLElement} */ (document.activeElement))?.blur());
      let presses = 0;
      let reached = false;
      while (presses < 10 && !reached) {
        await page.keyboard.press('Tab');
        presses++;
        reached = await page.evaluate(() => document.activeElement?.id === 'algorithm');
      }
      assert.ok(reached, 'Tab reaches the algorithm menu within 10 presses');
    });
  });

  test(`${spec.name}: the map is the largest thing on the screen and the zoom buttons leave its cells alone`, { timeout: 60_000 }, async (t) => {
    await sized(t, spec, async (page) => {
      const largest = await page.evaluate(() => {
        // The map: the canvas, and the layers drawn with it (the WebGL cells, the overlay).
        const canvas = document.getElementById('grid-canvas');
        const wrap = canvas.parentElement;
        const vw = window.innerWidth, vh = window.innerHeight;
        const area = (el) => {
          const r = el.getBoundingClientRect();
          const w = Math.max(0, Math.min(r.right, vw) - Math.max(r.left, 0));
          const h = Math.max(0, Math.min(r.bottom, vh) - Math.max(r.top, 0));
          return w * h;
        };
        const mine = area(canvas);
        let other = { area: 0, what: '' };
        for (const el of document.body.querySelectorAll('*')) {
          if (el === canvas || el.contains(canvas) || wrap.contains(el)) continue;
          const style = getComputedStyle(el);
          if (style.display === 'none' || style.visibility === 'hidden') continue;
          const a = area(el);
          if (a > other.area) other = { area: a, what: `${el.tagName.toLowerCase()}#${el.id}.${el.className}` };
        }
        return { mine, other };
      });
      assert.ok(largest.mine > largest.other.area,
        `the map (${Math.round(largest.mine)} px²) is larger than ${largest.other.what} (${Math.round(largest.other.area)} px²)`);
      // Zoomed in, the cells fill the canvas: the zoom buttons must still not cover any.
      const scale = () => page.evaluate(() => window.pathlab.cellToClient(1, 0).x - window.pathlab.cellToClient(0, 0).x);
      for (let i = 0; i < 2; i++) {
        const before = await scale();
        if (spec.phone) await page.locator('#zoom-in').tap();
        else await page.locator('#zoom-in').click();
        await page.waitForFunction((before) => window.pathlab.cellToClient(1, 0).x - window.pathlab.cellToClient(0, 0).x > before, before);
      }
      await settled(page);
      // The map's cells: the rectangle from the first cell's centre to the last's, grown by
      // half a cell, clipped to the canvas.
      const { width, height } = await size(page);
      const a = await cellPoint(page, 0, 0);
      const z = await cellPoint(page, width - 1, height - 1);
      const half = (z.x - a.x) / Math.max(1, width - 1) / 2;
      const canvas = await box(page, '#grid-canvas');
      const cellsBox = {
        left: Math.max(canvas.x, Math.min(a.x, z.x) - half), right: Math.min(canvas.right, Math.max(a.x, z.x) + half),
        top: Math.max(canvas.y, Math.min(a.y, z.y) - half), bottom: Math.min(canvas.bottom, Math.max(a.y, z.y) + half),
      };
      for (const id of ['#zoom-in', '#zoom-out', '#zoom-fit']) {
        const b = await box(page, id);
        const overlaps = b.x < cellsBox.right && b.right > cellsBox.left && b.y < cellsBox.bottom && b.bottom > cellsBox.top;
        assert.ok(!overlaps, `${id} ${JSON.stringify(b)} does not cover the map's cells ${JSON.stringify(cellsBox)}`);
        assert.ok(b.bottom <= page.viewportSize().height, `${id} is on screen`);
      }
      // How to move the markers is said where it can be seen.
      const hint = page.getByText(/drag the .{0,3}\s*start or .{0,3}\s*goal/i).first();
      assert.ok(await hint.isVisible(), 'a visible hint says how to move the start and the goal');
      const hb = await hint.boundingBox();
      assert.ok(hb && hb.y + hb.height <= page.viewportSize().height, 'the hint is above the fold');
    });
  });
}

test('phone 390×844: one-row header with a menu, map first, one-row playback bar, one-line status', { timeout: 60_000 }, async (t) => {
  await sized(t, SIZES[2], async (page) => {
    const header = await box(page, 'header');
    assert.ok(header.height <= 56, `the header is one row (${header.height} px)`);
    const canvas = await box(page, '#grid-canvas');
    assert.ok(canvas.y < 160, `the map starts near the top (y = ${canvas.y})`);
    const bar = await box(page, '[aria-label="Search playback"]');
    assert.ok(bar.height <= 56, `the playback bar is one row (${bar.height} px)`);
    for (const id of ['#step', '#run', '#reset-search', '#speed']) {
      const b = await box(page, id);
      assert.ok(b.x >= 0 && b.right <= 390 && b.bottom <= 844, `${id} is in sight (${JSON.stringify(b)})`);
    }
    const status = await page.locator('#message').evaluate((el) => {
      const style = getComputedStyle(el);
      return { height: el.getBoundingClientRect().height, line: parseFloat(style.lineHeight) || 20, whiteSpace: style.whiteSpace };
    });
    assert.ok(status.height <= 2 * status.line, `the status is one line (${status.height} px)`);
    // Tutorial and Compare are in the menu: hidden until it is opened with a tap.
    assert.equal(await page.locator('header a[href="tutorial.html"]').isVisible(), false, 'Tutorial is in the menu');
    await page.locator('#menu-toggle').tap();
    await page.locator('header a[href="tutorial.html"]').waitFor({ state: 'visible' });
    await page.locator('#compare-link').waitFor({ state: 'visible' });
    await page.locator('#view').waitFor({ state: 'visible' });
    const after = await box(page, 'header');
    assert.ok(after.height <= 56, 'the open menu does not grow the header');
  });
});

test("the timeline's step, scrubbed back, fits its box and stays clear of the note at every size", { timeout: 120_000 }, async (t) => {
  for (const spec of SIZES) {
    await sized(t, spec, async (page) => {
      await speedMax(page);
      const press = (selector) => (spec.phone ? page.locator(selector).tap() : page.locator(selector).click());
      await press('#run');
      await waitStat(page, 'status', ['found', 'no path', 'partial']);
      for (let i = 0; i < 3; i++) await press('[data-timeline="back"]');
      await page.waitForFunction(() => document.querySelector('[data-timeline="label"]').dataset.back === 'true');
      const label = await page.locator('[data-timeline="label"]').evaluate((el) => ({ text: el.textContent, scroll: el.scrollWidth, client: el.clientWidth }));
      assert.match(label.text, /^step \d+ of \d+ \(scrubbed back\)$/);
      assert.ok(label.scroll <= label.client, `${spec.name}: "${label.text}" fits its box (${label.scroll} of ${label.client} px)`);
      const [step, note] = [await box(page, '[data-timeline="label"]'), await box(page, '[data-timeline="note"]')];
      const apart = step.right <= note.x || note.right <= step.x || step.bottom <= note.y || note.bottom <= step.y;
      assert.ok(apart, `${spec.name}: the step ${JSON.stringify(step)} and the note ${JSON.stringify(note)} do not overlap`);
    });
  }
});

test('panels open and close with a click and stay as they were after a reload', { timeout: 60_000 }, async (t) => {
  await env.withPage(t, async (page) => {
    const stats = page.locator('[data-stat="expanded"]');
    assert.equal(await stats.isVisible(), false, 'the statistics panel starts closed');
    await page.locator('#panel-bar [data-panel="stats"]').click();
    await stats.waitFor({ state: 'visible' });
    await page.locator('#panel-bar [data-panel="settings"]').click();
    await page.locator('#heuristic').waitFor({ state: 'visible' });
    await page.reload();
    await page.waitForFunction(() => window.pathlab?.ready === true);
    await stats.waitFor({ state: 'visible' });
    await page.locator('#heuristic').waitFor({ state: 'visible' });
    // The map stays the largest thing with two panels open.
    const canvas = await box(page, '#grid-canvas');
    const drawer = await box(page, '#drawer');
    assert.ok(canvas.width * canvas.height > drawer.width * drawer.height, 'the map is larger than the open drawer');
    await page.locator('#panel-bar [data-panel="stats"]').click();
    await stats.waitFor({ state: 'hidden' });
    await page.locator('#panel-bar [data-panel="settings"]').click();
    await page.locator('#heuristic').waitFor({ state: 'hidden' });
    await page.reload();
    await page.waitForFunction(() => window.pathlab?.ready === true);
    assert.equal(await page.locator('#heuristic').isVisible(), false, 'closed panels stay closed');
    assert.equal(await page.locator('#drawer').isVisible(), false, 'no drawer when no panel is open');
  });
});

test("a panel closed by its own × or from the bar stays closed after a reload that comes before the browser's toggle event", { timeout: 60_000 }, async (t) => {
  await env.withPage(t, async (page) => {
    const ways = [
      { name: 'stats', close: '#drawer details[data-panel="stats"] > summary', content: '[data-stat="expanded"]', what: 'the panel closed by its ×' },
      { name: 'settings', close: '#panel-bar [data-panel="settings"]', content: '#heuristic', what: 'the panel closed from the bar' },
    ];
    for (const { name, close, content, what } of ways) {
      const panel = page.locator(`#drawer details[data-panel="${name}"]`);
      await openPanel(page, name);
      await page.locator(`#panel-bar [data-panel="${name}"][aria-expanded="true"]`).waitFor();
      // From here no toggle event reaches the page's listeners, as when the reload comes first.
      await page.evaluate(() => window.addEventListener('toggle', (e) => e.stopImmediatePropagation(), true));
      await page.locator(close).click();
      await page.locator(content).waitFor({ state: 'hidden' });
      await page.reload();
      await page.waitForFunction(() => window.pathlab?.ready === true);
      assert.equal(await panel.evaluate((d) => /** @type {HTMLDetailsElement} */ (d).open), false, `${what} stays closed`);
      assert.equal(await page.locator(content).isVisible(), false, `${what} shows nothing after the reload`);
    }
  });
});

test('the zoom buttons and the pressed brush show a focus ring', { timeout: 60_000 }, async (t) => {
  await env.withPage(t, async (page) => {
    const ring = (selector) => page.locator(selector).evaluate((el) => {
      const s = getComputedStyle(el);
      const outline = s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 2;
      return { focused: el.matches(':focus-visible'), ring: outline || /255, 176, 0/.test(s.boxShadow), shadow: s.boxShadow, outline: s.outline };
    });
    for (const selector of ['#zoom-in', '#brushes button[aria-pressed="true"]']) {
      await page.evaluate(() => (/** @type {HTMLElement} */ (document.activeElement))?.blur());
      let found = false;
      for (let i = 0; i < 80 && !found; i++) {
        await page.keyboard.press('Tab');
        found = await page.locator(selector).evaluate((el) => el === document.activeElement);
      }
      assert.ok(found, `Tab reaches ${selector}`);
      const r = await ring(selector);
      assert.ok(r.focused && r.ring, `${selector} shows a focus ring (${JSON.stringify(r)})`);
    }
  });
});

test('the Share panel gives the iframe and <pathlab-grid> snippets for this map', { timeout: 60_000 }, async (t) => {
  await env.withPage(t, async (page) => {
    await openPanel(page, 'share');
    await page.locator('#embed-show').click();
    const iframe = page.locator('#embed-iframe');
    await iframe.waitFor({ state: 'visible' });
    const code = await iframe.inputValue();
    const component = await page.locator('#embed-component').inputValue();
    assert.match(code, /^<iframe [^>]*src="http:\/\/127\.0\.0\.1:\d+\/embed\.html\?[^"]*#(v2\.|map=)[^"]+"/, code);
    assert.match(component, /<script type="module" src="http:\/\/127\.0\.0\.1:\d+\/pathlab-embed\.js"><\/script>/, component);
    assert.match(component, /<pathlab-grid map="(v2\.|map=)[^"]+"[^>]*><\/pathlab-grid>/, component);
    // The iframe snippet opens this very map: load its src as a frame would.
    const src = code.match(/src="([^"]+)"/)[1].replace(/&amp;/g, '&');
    const framed = await page.context().newPage();
    await framed.goto(src);
    await framed.waitForFunction(() => document.querySelector('canvas') !== null);
    await framed.close();
    await closePanel(page, 'share');
  });
});
