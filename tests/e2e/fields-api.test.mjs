// Distance fields and movement ranges through the programmatic doors (issue 20): the JS API
// (setView, setRange, releaseWalkers, fieldInfo, rangeInfo, the field and range events, the
// view mount options), the embed's postMessage commands and events, its view/walkers/range
// parameters, <pathlab-grid>'s attributes, and links whose tail names a view. The page's own
// menus and painting are covered by the page's tests.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startEnv, apiHost } from './helpers.mjs';

let env;
before(async () => { env = await startEnv(); });
after(async () => { await env?.close(); });

test('the JS API shows the field and the range, releases walkers and emits field and range events', { timeout: 90_000 }, async (t) => {
  await env.withPage(t, async (page, { url }) => {
    await apiHost(page, url);
    const r = await page.evaluate(async () => {
      const el = document.getElementById('api-host');
      const out = { fieldEvents: [], rangeEvents: [], errors: {} };
      const v = await window.Pathlab.mount(el, { map: { width: 30, height: 20 }, view: 'field', walkers: 12 });
      v.on('field', (f) => out.fieldEvents.push(f));
      v.on('range', (r) => out.rangeEvents.push(r));
      out.mounted = v.getState();
      out.released = v.releaseWalkers(40, 3);
      v.setStart(0, 0);
      v.setGoal(20, 10);
      out.afterGoal = v.fieldInfo();
      out.range = v.setRange(5, 5, 3);
      out.state = v.getState();
      const attempt = (name, fn) => { try { fn(); } catch (e) { out.errors[name] = e.message; } };
      attempt('view', () => v.setView('heatmap'));
      attempt('budget', () => v.setRange(5, 5, -1));
      attempt('count', () => v.releaseWalkers(0));
      attempt('walkersOutside', () => v.releaseWalkers(5));
      out.unchanged = v.rangeInfo();
      v.setView('path');
      out.path = [v.fieldInfo(), v.rangeInfo(), v.getState().view];
      out.link = v.shareLink();
      v.destroy();
      return out;
    });
    assert.equal(r.mounted.view, 'field');
    assert.equal(r.mounted.field.update, 'built');
    assert.equal(r.released, 40);
    assert.deepEqual(r.afterGoal.goal, { x: 20, y: 10 }, 'the field follows the goal');
    assert.ok(r.fieldEvents.length >= 1, 'a field event after the goal moved');
    assert.deepEqual(r.fieldEvents.at(-1).goal, { x: 20, y: 10 });
    assert.deepEqual(r.range.from, { x: 5, y: 5 });
    assert.equal(r.state.view, 'range');
    assert.equal(r.state.field, null);
    assert.equal(r.rangeEvents.at(-1).budget, 3);
    assert.match(r.errors.view, /"path", "field" or "range"/);
    assert.match(r.errors.budget, /movement points from 0 to 1000000/);
    assert.match(r.errors.count, /a whole number of walkers/);
    assert.match(r.errors.walkersOutside, /show the field first/);
    assert.deepEqual(r.unchanged, r.range, 'a refused call changes nothing');
    assert.deepEqual(r.path, [null, null, 'path']);
  });
});

test('a link whose tail names a view opens it, through the API and the embed', { timeout: 90_000 }, async (t) => {
  await env.withPage(t, async (page, { url }) => {
    await apiHost(page, url);
    const r = await page.evaluate(async () => {
      const el = document.getElementById('api-host');
      const out = {};
      const v = await window.Pathlab.mount(el, { map: '#map=maze-63&start=1,1&goal=61,61&view=range&range=1,1,6.5' });
      out.range = v.rangeInfo();
      await v.loadMap('#map=maze-63&start=1,1&goal=61,61&view=field&walkers=20');
      out.field = [v.getState().view, v.fieldInfo()?.goal];
      // A range cell on a wall is refused and the map and view stay.
      await v.loadMap({ width: 10, height: 10 });
      try {
        await v.loadMap('#map=maze-63&view=range&range=0,0,3');
      } catch (e) {
        out.wall = e.message;
      }
      out.kept = [v.getState().width, v.getState().view];
      try {
        await v.loadMap('#map=maze-63&view=field&walkers=0');
      } catch (e) {
        out.damaged = e.message;
      }
      await v.loadMap('#map=maze-63&start=1,1&goal=61,61');
      out.old = v.getState().view;
      return out;
    });
    assert.deepEqual(r.range.from, { x: 1, y: 1 });
    assert.equal(r.range.budget, 6.5);
    assert.deepEqual(r.field, ['field', { x: 61, y: 61 }]);
    assert.match(r.wall, /the range start \(0, 0\) is on a wall/i);
    assert.deepEqual(r.kept, [10, 'field'], 'the refused link changed nothing');
    assert.match(r.damaged, /walkers="0" in this link: release a whole number of walkers from 1 to 10000/);
    assert.equal(r.old, 'path', 'a link without a view shows the path');
  });
});

test('embed commands and parameters: setView, setRange, releaseWalkers, view=…', { timeout: 90_000 }, async (t) => {
  await env.withPage(t, async (page, { url }) => {
    const body = `<!doctype html><html><body style="margin:0">
<pathlab-grid id="g" map="maze-63" view="range" range="1,1,4" speed="instant"></pathlab-grid>
<pathlab-grid id="bad" map="maze-63" view="field" range="1,1,4"></pathlab-grid>
<script>
  window.heard = [];
  for (const name of ['ready', 'field', 'range', 'error']) {
    document.addEventListener(name, (e) => {
      if (e.target.localName === 'pathlab-grid') window.heard.push({ id: e.target.id, event: name, detail: e.detail });
    }, true);
  }
</script>
<script type="module" src="${url}pathlab-embed.js"></script></body></html>`;
    await page.route(`${url}host.html`, (route) => route.fulfill({ contentType: 'text/html', body }));
    await page.goto(`${url}host.html`);
    const heard = (id, event) => page.waitForFunction(([i, e]) => window.heard.some((h) => h.id === i && h.event === e), [id, event], { timeout: 20_000 });
    await heard('g', 'ready');
    await heard('bad', 'error');
    const r = await page.evaluate(async () => {
      const g = document.getElementById('g');
      const out = { errors: {} };
      const ready = window.heard.find((h) => h.id === 'g' && h.event === 'ready');
      out.ready = [ready.detail.state.view, ready.detail.state.range?.from, ready.detail.state.range?.budget];
      out.bad = window.heard.find((h) => h.id === 'bad' && h.event === 'error').detail.error;
      out.view = await g.command({ cmd: 'setView', view: 'field' });
      out.released = await g.command({ cmd: 'releaseWalkers', count: 25, seed: 4 });
      out.range = await g.command({ cmd: 'setRange', x: 1, y: 1, budget: 5 });
      for (const [name, msg] of [
        ['view', { cmd: 'setView', view: 'flow' }],
        ['budget', { cmd: 'setRange', x: 1, y: 1, budget: 'far' }],
        ['wall', { cmd: 'setRange', x: 0, y: 0, budget: 5 }],
        ['count', { cmd: 'releaseWalkers', count: -2 }],
      ]) {
        try {
          await g.command(msg);
        } catch (e) {
          out.errors[name] = e.message;
        }
      }
      out.after = (await g.command({ cmd: 'getState' })).range;
      return out;
    });
    assert.deepEqual(r.ready, ['range', { x: 1, y: 1 }, 4]);
    assert.match(r.bad, /range= in this link needs view=range/i);
    assert.equal(r.view.view, 'field');
    assert.equal(r.released.released, 25);
    assert.equal(r.released.field.update, 'built');
    assert.deepEqual(r.released.field.release, { requested: 25, placed: 25 }, 'all placed: no reason');
    assert.deepEqual(r.range.from, { x: 1, y: 1 });
    assert.match(r.errors.view, /setView command needs view/);
    assert.match(r.errors.budget, /setRange command needs budget/);
    assert.match(r.errors.wall, /the range start \(0, 0\) is on a wall/i);
    assert.match(r.errors.count, /releaseWalkers command needs count/);
    assert.deepEqual(r.after, r.range, 'refused commands change nothing');
    await heard('g', 'field');
    await heard('g', 'range');
  });
});

test('the JS API places every walker asked for on issue 30\'s hex map, or none with the reason, in fieldInfo and the field event', { timeout: 90_000 }, async (t) => {
  await env.withPage(t, async (page, { url }) => {
    await apiHost(page, url);
    const r = await page.evaluate(async () => {
      // From (0, 0) only (1, 0) reaches the goal; (3, 0) is walled in alone.
      const map = 'type hex-rows\nheight 6\nwidth 7\nmap\n..@.@..\n@@@@@@@\n.......\n.......\n.......\n.......\n';
      const v = await window.Pathlab.mount(document.getElementById('api-host'), { map, start: [6, 5], goal: [0, 0], view: 'field' });
      const out = { placed: [], events: [] };
      v.on('field', (f) => out.events.push(f.release));
      for (let seed = 0; seed < 20; seed++) out.placed.push(v.releaseWalkers(10, seed));
      out.info = v.fieldInfo().release;
      out.capped = [v.releaseWalkers(20000, 1), v.fieldInfo().release];
      v.setGoal(3, 0);
      out.none = [v.releaseWalkers(10, 1), v.fieldInfo().release, v.getState().walkers];
      // The field event comes with the view's next frame: wait for it.
      await new Promise((resolve) => {
        const tick = () => (out.events.at(-1)?.placed === 0 ? resolve() : requestAnimationFrame(tick));
        tick();
      });
      v.destroy();
      return out;
    });
    assert.deepEqual(r.placed, Array(20).fill(10), 'ten placed for every seed');
    assert.deepEqual(r.info, { requested: 10, placed: 10 });
    assert.deepEqual(r.capped, [10000, { requested: 20000, placed: 10000, reason: 'at most 10000 walkers are placed in one release' }]);
    assert.deepEqual(r.none.slice(0, 2), [0, { requested: 10, placed: 0, reason: 'no cell but the goal reaches (3, 0)' }]);
    assert.equal(r.none[2], 0, 'no walkers on the map');
    assert.deepEqual(r.events.at(-1), r.none[1], 'the field event carries the release');
  });
});
