// <pathlab-grid> (pathlab-embed.js) on a host page: it sizes itself to its preferred height
// unless the page sizes it, starts afresh when an attribute changes, takes commands through
// command(), leaves when removed, and several share the page. (docs/embedding.md; the
// cross-origin, CSP and style-isolation checks are in site.test.mjs.)
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startEnv, afterFrames } from './helpers.mjs';

let env;
before(async () => { env = await startEnv(); });
after(async () => { await env?.close(); });

/** A host page with `html` in its body, pathlab-embed.js loaded, and every element event recorded. */
async function host(page, url, html) {
  const body = `<!doctype html><html><body style="margin:0">${html}
<script>
  window.heard = [];
  for (const name of ['ready', 'step', 'done', 'error', 'height']) {
    document.addEventListener(name, (e) => {
      if (e.target.localName === 'pathlab-grid') window.heard.push({ id: e.target.id, event: name, detail: e.detail });
    }, true);
  }
</script>
<script type="module" src="${url}pathlab-embed.js"></script></body></html>`;
  await page.route(`${url}host.html`, (route) => route.fulfill({ contentType: 'text/html', body }));
  await page.goto(`${url}host.html`);
}

const heard = (page, id, event) => page.waitForFunction(([id, event]) => window.heard.filter((e) => e.id === id && e.event === event).length, [id, event], { timeout: 20_000 });

test('the element sizes itself, unless the page gives it a height; two share a page', { timeout: 90_000 }, async (t) => {
  await env.withPage(t, async (page, { url, shot }) => {
    await host(page, url, `
<div style="width:600px"><pathlab-grid id="auto" map="maze-63" controls="run,step"></pathlab-grid></div>
<pathlab-grid id="sized" map="maze-63" style="width:320px;height:240px" timeline controls="step,run,reset,algo,speed"></pathlab-grid>`);
    await heard(page, 'auto', 'height');
    await heard(page, 'sized', 'ready');
    const r = await page.evaluate(() => {
      const box = (id) => document.getElementById(id).getBoundingClientRect();
      const want = window.heard.filter((e) => e.id === 'auto' && e.event === 'height').pop().detail.height;
      const sized = document.getElementById('sized');
      const inside = [...sized.shadowRoot.querySelectorAll('.pl-embed *')].filter((el) => {
        const b = el.getBoundingClientRect();
        const h = sized.getBoundingClientRect();
        return (b.width || b.height) && (b.left < h.left - 0.5 || b.top < h.top - 0.5 || b.right > h.right + 0.5 || b.bottom > h.bottom + 0.5)
          && !el.closest('.pl-canvas-wrap canvas');
      }).map((el) => el.className);
      return { auto: box('auto').height, want, sized: [box('sized').width, box('sized').height], inside };
    });
    assert.ok(Math.abs(r.auto - r.want) <= 1, `the element took its preferred height: ${r.auto} vs ${r.want}`);
    assert.deepEqual(r.sized, [320, 240], 'the page\'s size wins');
    assert.deepEqual(r.inside, [], 'nothing overflows the 320×240 element');
    await shot('two');
  }, { load: false });
});

test('an attribute change starts the planner afresh; command() runs commands; removal stops it', { timeout: 90_000 }, async (t) => {
  await env.withPage(t, async (page, { url }) => {
    await host(page, url, '<pathlab-grid id="g" map="maze-63" speed="instant"></pathlab-grid>');
    await heard(page, 'g', 'ready');
    const r = await page.evaluate(async () => {
      const el = document.getElementById('g');
      const out = {};
      out.first = (await el.command({ cmd: 'getState' })).map;
      el.setAttribute('map', 'marsh-24');
      el.setAttribute('algorithm', 'dijkstra');
      await new Promise((resolve) => el.addEventListener('ready', resolve, { once: true }));
      const state = await el.command({ cmd: 'getState' });
      out.second = [state.map, state.settings.algorithm];
      out.readies = window.heard.filter((e) => e.event === 'ready').length;
      out.step = (await el.command({ cmd: 'step', n: 7 })).expanded;
      try { await el.command({ cmd: 'setStart', x: -1, y: 0 }); } catch (e) { out.refused = e.message; }
      el.setAttribute('map', 'atlantis');
      await new Promise((resolve) => el.addEventListener('error', resolve, { once: true }));
      try { await el.command({ cmd: 'getState' }); } catch (e) { out.afterError = e.message; }
      out.shown = el.shadowRoot.querySelector('.embed-error')?.textContent;
      el.setAttribute('map', 'open-64');
      await new Promise((resolve) => el.addEventListener('ready', resolve, { once: true }));
      out.third = (await el.command({ cmd: 'getState' })).width;
      return out;
    });
    assert.equal(r.first, 'maze-63.map');
    assert.deepEqual(r.second, ['marsh-24.map', 'dijkstra'], 'two attributes set together: one new planner');
    assert.equal(r.readies, 2);
    assert.equal(r.step, 7);
    assert.match(r.refused, /^The setStart command needs whole, non-negative x and y/);
    assert.match(r.afterError, /no shipped map called "atlantis"/, 'commands say why there is no planner');
    assert.match(r.shown, /Pathlab could not start: There is no shipped map called "atlantis"/);
    assert.equal(r.third, 64, 'a good attribute brings it back');
    // Removed from the page, the element's planner stops (its frame loop and listeners go).
    const loops = await page.evaluate(async () => {
      const el = document.getElementById('g');
      const embed = el.embed;
      el.remove();
      return { destroyed: embed.inner.view.view.destroyed, events: window.heard.length };
    });
    assert.equal(loops.destroyed, true);
    await afterFrames(page, 10);
    assert.equal(await page.evaluate(() => window.heard.length), loops.events, 'no events after removal');
  }, { load: false });
});
