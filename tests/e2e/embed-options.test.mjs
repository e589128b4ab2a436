// The embed's options for prose: the wheel left to the host page (the default) or zooming,
// panning off, the map kept fitted, controls hidden (compare mode too), a link's &step=K,
// the preferred-height event, and a frame of 320×240 where nothing overflows.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { startEnv, afterFrames, REPO } from './helpers.mjs';

let env;
before(async () => { env = await startEnv(); });
after(async () => { await env?.close(); });

/**
 * Opens a same-origin page with embed.html`query` in a frame at the top left (`width`×`height`),
 * optionally with a tall page under it, recording the frame's events in `window.events`.
 * Returns the frame.
 */
async function framed(page, url, query, { width = 640, height = 440, tall = false } = {}) {
  const body = `<!doctype html><html><body style="margin:0">
<iframe id="f" src="${url}embed.html${query}" style="width:${width}px;height:${height}px;border:0;display:block"></iframe>
${tall ? '<div style="height:3000px">page text</div>' : ''}
<script>
  window.events = [];
  addEventListener('message', (e) => { if (e.data && e.data.pathlab === 1 && e.data.event) window.events.push(e.data); });
</script></body></html>`;
  await page.route(`${url}host.html`, (route) => route.fulfill({ contentType: 'text/html', body }));
  await page.goto(`${url}host.html`);
  const inner = await (await page.waitForSelector('#f')).contentFrame();
  await inner.waitForFunction(() => !!window.pathlabEmbed, null, { timeout: 20_000 });
  await page.waitForFunction(() => window.events.some((e) => e.event === 'height'), null, { timeout: 20_000 });
  return inner;
}

/** Where cell (0, 0) is drawn: moves when the map is zoomed or panned. */
const corner = (inner) => inner.evaluate(() => {
  const e = window.pathlabEmbed;
  const view = e.view ?? e.inner.compare.columns[0].view;
  const p = view.cellToClient(0, 0);
  return { x: Math.round(p.x * 10) / 10, y: Math.round(p.y * 10) / 10 };
});

/** The middle of the first map canvas in the frame (the frame sits at the page's top left). */
const middle = (inner) => inner.evaluate(() => {
  const r = document.querySelector('canvas:not(.gl-cells)').getBoundingClientRect();
  return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
});

test('in an embed the wheel scrolls the host page; wheel=zoom zooms; fit keeps the map whole', { timeout: 120_000 }, async (t) => {
  await env.withPage(t, async (page, { url }) => {
    for (const [query, zooms] of [
      ['?map=maze-63', false],
      ['?map=maze-63&compare=astar,dijkstra', false],
      ['?map=maze-63&wheel=zoom', true],
      ['?map=maze-63&compare=astar,dijkstra&wheel=zoom', true],
      ['?map=maze-63&wheel=zoom&fit', false],
    ]) {
      const inner = await framed(page, url, query, { tall: true });
      const before = await corner(inner);
      const at = await middle(inner);
      await page.mouse.move(at.x, at.y);
      await page.mouse.wheel(0, -300);
      if (zooms) {
        await inner.waitForFunction((b) => {
          const e = window.pathlabEmbed;
          const p = (e.view ?? e.inner.compare.columns[0].view).cellToClient(0, 0);
          return Math.abs(p.x - b.x) > 1;
        }, before);
        await afterFrames(page, 10);
        assert.equal(await page.evaluate(() => scrollY), 0, `${query}: the page stays put`);
      } else {
        await page.mouse.wheel(0, 300);
        await page.waitForFunction(() => scrollY > 0, null, { timeout: 10_000 });
        assert.deepEqual(await corner(inner), before, `${query}: the map did not zoom`);
      }
      if (query.includes('fit')) {
        await inner.locator('canvas:not(.gl-cells)').focus();
        await inner.locator('canvas:not(.gl-cells)').press('+');
        await afterFrames(inner, 5);
        assert.deepEqual(await corner(inner), before, 'fit: the + key does not zoom either');
      }
    }
  }, { load: false });
});

test('pan=0 keeps a read-only map where it is; controls=none and a controls list hold in compare mode', { timeout: 90_000 }, async (t) => {
  await env.withPage(t, async (page, { url }) => {
    for (const [query, pans] of [['?map=maze-63&readonly', true], ['?map=maze-63&readonly&pan=0', false]]) {
      const inner = await framed(page, url, query);
      const before = await corner(inner);
      const at = await middle(inner);
      await page.mouse.move(at.x, at.y);
      await page.mouse.down();
      await page.mouse.move(at.x + 80, at.y + 50, { steps: 5 });
      await page.mouse.up();
      await afterFrames(inner, 3);
      const after = await corner(inner);
      if (pans) assert.notDeepEqual(after, before, `${query}: a drag pans`);
      else assert.deepEqual(after, before, `${query}: a drag does not pan`);
      const touch = await inner.evaluate(() => document.querySelector('canvas:not(.gl-cells)').style.touchAction);
      assert.equal(touch, pans ? '' : 'pan-x pan-y', 'a map that does not pan leaves one-finger drags to the page');
    }
    let inner = await framed(page, url, '?map=maze-63&compare=astar,dijkstra&controls=none');
    assert.equal(await inner.locator('.compare-bar').count(), 0, 'controls=none: no bar');
    inner = await framed(page, url, '?map=maze-63&compare=astar,dijkstra&controls=run,speed');
    assert.deepEqual(await inner.locator('.compare-bar [data-compare]').evaluateAll((els) => els.map((e) => e.dataset.compare)), ['run', 'speed']);
  }, { load: false });
});

test('a link\'s &step=K and the step parameter open the single planner at step K', { timeout: 90_000 }, async (t) => {
  await env.withPage(t, async (page, { url }) => {
    for (const query of ['?timeline#map=maze-63&step=40', '?map=maze-63&timeline&step=40']) {
      const inner = await framed(page, url, query);
      const state = await inner.evaluate(() => window.pathlabEmbed.getState());
      assert.equal(state.timeline.step, 40, query);
      assert.equal(state.stats.expanded, 40, query);
      assert.ok(state.timeline.length > 40, `${query}: the search ran to its end first`);
      await inner.waitForFunction(() => /step 40 of \d+ \(scrubbed back\)/.test(document.querySelector('[data-timeline="label"]').textContent));
    }
  }, { load: false });
});

test('the frame posts its preferred height when it changes, and fits it without letterboxing', { timeout: 90_000 }, async (t) => {
  await env.withPage(t, async (page, { url }) => {
    const inner = await framed(page, url, '?map=maze-63&timeline');
    const heights = () => page.evaluate(() => window.events.filter((e) => e.event === 'height').map((e) => e.height));
    const [first] = await heights();
    // The host sizes the frame to it: the square maze then fills its box, no bands.
    await page.evaluate((h) => { document.getElementById('f').style.height = `${h}px`; }, first);
    await afterFrames(inner, 5);
    const box = await inner.evaluate(() => { const r = document.querySelector('.pl-canvas-wrap').getBoundingClientRect(); return r.width / r.height; });
    assert.ok(Math.abs(box - 1) < 0.03, `the map box is square at the preferred height (${box})`);
    // A narrower frame wants less height; a wide map, less again.
    await page.evaluate(() => { document.getElementById('f').style.width = '400px'; });
    await page.waitForFunction((n) => window.events.filter((e) => e.event === 'height').length > n, 1);
    const narrow = (await heights()).pop();
    assert.ok(narrow < first - 150, `narrower: ${narrow} < ${first}`);
    await inner.evaluate(() => window.pathlabEmbed.command({ cmd: 'loadMap', map: 'seed001-field-80x40' }));
    await page.waitForFunction((h) => window.events.at(-1).event === 'height' && window.events.at(-1).height !== h, narrow);
    const wide = (await heights()).pop();
    assert.ok(wide < narrow - 100, `a 2:1 map: ${wide} < ${narrow}`);
    assert.equal(new Set(await heights()).size, (await heights()).length, 'sent only when it changes');
  }, { load: false });
});

test('at 320×240 nothing overflows the frame, with every control and the timeline, and in compare mode', { timeout: 120_000 }, async (t) => {
  await env.withPage(t, async (page, { url }) => {
    const shots = [];
    for (const [name, query] of [
      ['single', '?map=maze-63'],
      ['everything', '?map=maze-63&timeline&controls=step,run,reset,algo,speed,brush,clear'],
      ['compare', '?map=maze-63&compare=astar,dijkstra&timeline'],
      ['compare-4', '?map=maze-63&compare=astar,dijkstra,bfs,jps'],
    ]) {
      const inner = await framed(page, url, `${query}&autoplay&speed=instant`, { width: 320, height: 240 });
      await inner.waitForFunction(() => window.pathlabEmbed.getState().running === false);
      const r = await inner.evaluate(() => {
        const out = [];
        const clipped = '.pl-canvas-wrap *, .compare-canvas *, .compare-table-wrap *';
        for (const el of document.querySelectorAll('#planner *')) {
          if (el.matches(clipped)) continue;
          const b = el.getBoundingClientRect();
          if (b.width === 0 && b.height === 0) continue;
          if (b.left < -0.5 || b.top < -0.5 || b.right > innerWidth + 0.5 || b.bottom > innerHeight + 0.5) {
            out.push(`${el.tagName.toLowerCase()}.${el.className} ${Math.round(b.left)},${Math.round(b.top)} to ${Math.round(b.right)},${Math.round(b.bottom)}`);
          }
        }
        const canvas = document.querySelector('canvas:not(.gl-cells)').getBoundingClientRect();
        return { out, scroll: [document.documentElement.scrollWidth, document.documentElement.scrollHeight], size: [innerWidth, innerHeight], canvas: canvas.height };
      });
      assert.deepEqual(r.size, [320, 240]);
      assert.deepEqual(r.out, [], `${name}: every element inside the frame`);
      assert.deepEqual(r.scroll, [320, 240], `${name}: nothing to scroll`);
      assert.ok(r.canvas >= 40, `${name}: the map keeps room (${r.canvas} px)`);
      const file = path.join(REPO, 'tests', 'e2e', 'screenshots', `embed-320x240-${name}.png`);
      await page.locator('#f').screenshot({ path: file });
      shots.push(file);
    }
    for (const f of shots) assert.ok(fs.statSync(f).size > 1000);
  }, { load: false });
});
