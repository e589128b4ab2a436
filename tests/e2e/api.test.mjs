// The JS API (pathlab.js) on a host page: mount options (map as a shipped name, .map text, a
// share link fragment, an empty size), events, methods, validation and destroy. The host is
// the tutorial page, which already loads the API (window.Pathlab).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startEnv, apiHost } from './helpers.mjs';

let env;
before(async () => { env = await startEnv(); });
after(async () => { await env?.close(); });

test('mount takes every kind of map and the options, emits events, and destroys cleanly', { timeout: 90_000 }, async (t) => {
  await env.withPage(t, async (page, { url, shot }) => {
    await apiHost(page, url, 'host content');
    const r = await page.evaluate(async () => {
      const el = document.getElementById('api-host');
      const out = {};
      const text = 'type octile\nheight 5\nwidth 9\nmap\n.........\n....@....\n....@....\n....@....\n.........\n';
      let v = await window.Pathlab.mount(el, { map: text, start: [1, 2], goal: [7, 2], algorithm: 'dijkstra', controls: 'run,algo', speed: 'instant' });
      out.text = v.getState();
      out.controls = [...el.querySelectorAll('[data-control]')].map((e) => e.dataset.control);
      const events = { step: 0, done: null };
      v.on('step', () => { events.step++; });
      v.on('done', (s) => { events.done = s.status; });
      out.run = await v.run();
      out.events = events;
      const fragment = v.shareLink();
      v.destroy();
      out.afterDestroy = el.children.length;
      try { v.step(); } catch (e) { out.destroyed = e.message; }
      v = await window.Pathlab.mount(el, { map: `#${fragment}` });
      out.fromLink = v.getState();
      await v.loadMap('maze-63');
      out.shipped = v.getState();
      await v.loadMap({ width: 12, height: 7 });
      out.empty = v.getState();
      v.setSettings({ movement: { connectivity: '4' }, weight: 2 });
      out.settings = v.getState().settings;
      out.step = v.step().expanded;
      v.reset();
      out.reset = v.getState().stats.expanded;
      return out;
    });
    assert.deepEqual([r.text.width, r.text.height], [9, 5]);
    assert.deepEqual(r.text.start, { x: 1, y: 2 });
    assert.deepEqual(r.text.goal, { x: 7, y: 2 });
    assert.equal(r.text.settings.algorithm, 'dijkstra');
    assert.deepEqual(r.controls, ['run', 'algo']);
    assert.equal(r.run.status, 'found');
    assert.equal(r.events.done, 'found');
    assert.ok(r.events.step >= 1, 'step events while running');
    assert.equal(r.afterDestroy, 0, 'destroy empties the element');
    assert.match(r.destroyed, /destroyed/);
    assert.deepEqual([r.fromLink.width, r.fromLink.height, r.fromLink.settings.algorithm], [9, 5, 'dijkstra'], 'a share link fragment restores the state');
    assert.deepEqual(r.fromLink.start, { x: 1, y: 2 });
    assert.equal(r.shipped.map, 'maze-63.map');
    assert.equal(r.shipped.width, 63);
    assert.deepEqual([r.empty.width, r.empty.height], [12, 7]);
    assert.equal(r.settings.movement.connectivity, '4', 'partial movement settings merge');
    assert.equal(r.settings.weight, 2);
    assert.equal(r.settings.algorithm, 'dijkstra', 'other settings stay');
    assert.equal(r.step, 1);
    assert.equal(r.reset, 0);
    await shot('api');
  });
});

test('bad mount options and bad calls fail with readable errors and keep the host as it was', { timeout: 60_000 }, async (t) => {
  await env.withPage(t, async (page, { url }) => {
    await apiHost(page, url, 'host content');
    const r = await page.evaluate(async () => {
      const el = document.getElementById('api-host');
      const tryMount = async (opts) => {
        try { await window.Pathlab.mount(el, opts); return 'mounted'; } catch (e) { return e.message; }
      };
      const out = {
        unknownMap: await tryMount({ map: 'atlantis' }),
        badControls: await tryMount({ controls: 'run,teleport' }),
        badSpeed: await tryMount({ speed: 99 }),
        badStart: await tryMount({ map: 'open-64', start: [-1, 2] }),
        wallStart: await tryMount({ map: 'maze-63', start: [0, 0] }),
        badLink: await tryMount({ map: 'v1.%%%' }),
        notElement: await (async () => { try { await window.Pathlab.mount('#api-host'); return 'mounted'; } catch (e) { return e.message; } })(),
        hostText: el.textContent,
      };
      const v = await window.Pathlab.mount(el, { map: 'open-64' });
      const call = async (fn) => { try { await fn(); return 'ok'; } catch (e) { return e.message; } };
      out.loadBad = await call(() => v.loadMap('type octile\nheight 2\nwidth 2\nmap\n..\n'));
      out.settingsBad = await call(() => v.setSettings('fast'));
      out.goalBad = await call(() => v.setGoal(500, 500));
      out.eventBad = await call(() => v.on('explode', () => {}));
      out.kept = v.getState().width;
      return out;
    });
    assert.match(r.unknownMap, /no shipped map called "atlantis"/);
    assert.match(r.badControls, /Unknown control "teleport"/);
    assert.match(r.badSpeed, /speed must be/i);
    assert.match(r.badStart, /setStart command needs whole, non-negative x and y/);
    assert.match(r.wallStart, /wall/i);
    assert.match(r.badLink, /damaged|base64/i);
    assert.match(r.notElement, /DOM element/);
    assert.equal(r.hostText, 'host content', 'failed mounts leave the host element untouched');
    for (const k of ['loadBad', 'settingsBad', 'goalBad', 'eventBad']) assert.notEqual(r[k], 'ok', `${k} must throw`);
    assert.equal(r.kept, 64, 'failed calls keep the map');
  });
});
