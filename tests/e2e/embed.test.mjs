// The embeddable planner (embed.html) inside a parent page: query parameters, postMessage
// commands with replies and events, validation of every message, and the origin allowlist.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {
  startEnv, startServer, tmpdir, afterFrames,
} from './helpers.mjs';

let env;
before(async () => { env = await startEnv(); });
after(async () => { await env?.close(); });

/** A parent page that frames `src` and records every Pathlab message it receives. */
function parentHtml(src) {
  return `<!doctype html><html><body style="margin:0">
<iframe id="f" src="${src}" style="width:640px;height:440px;border:0"></iframe>
<script>
  window.replies = []; window.events = [];
  addEventListener('message', (e) => {
    if (!e.data || e.data.pathlab !== 1) return;
    (e.data.event ? window.events : window.replies).push({ origin: e.origin, data: e.data });
  });
  window.send = (msg) => document.getElementById('f').contentWindow.postMessage(msg, '*');
</script></body></html>`;
}

/**
 * Opens a parent page framing embed.html with `query`: on this origin (served by a route), or
 * from `server`, a second static server on 127.0.0.1 — another origin, still on the local
 * network as Chromium's private-network rules require.
 */
async function openParent(page, query, server = null) {
  const body = parentHtml(`${env.url}embed.html${query}`);
  let parentUrl = `${env.url}parent.html`;
  if (server) {
    fs.writeFileSync(path.join(server.root, 'parent.html'), body);
    parentUrl = `${server.url}parent.html`;
  } else {
    await page.route(parentUrl, (route) => route.fulfill({ contentType: 'text/html', body }));
  }
  await page.goto(parentUrl);
  const frame = page.frameLocator('#f');
  const handle = await page.waitForSelector('#f');
  const inner = await handle.contentFrame();
  await inner.waitForFunction(() => !!window.pathlabEmbed, null, { timeout: 20_000 });
  return { frame, inner };
}

/** Sends a command and waits for the reply with the same id. */
async function ask(page, msg, timeout = 10_000) {
  await page.evaluate((m) => window.send(m), msg);
  const handle = await page.waitForFunction((id) => window.replies.find((r) => r.data.id === id), msg.id, { timeout });
  return handle.jsonValue();
}

test('embed answers postMessage commands from a same-origin parent and emits events', { timeout: 90_000 }, async (t) => {
  await env.withPage(t, async (page, { shot }) => {
    const { frame, inner } = await openParent(page, '?controls=step,run,reset,algo&speed=instant&map=maze-63');
    await page.waitForFunction(() => window.events.some((e) => e.data.event === 'ready'));
    // Only the chosen controls are shown.
    const controls = await frame.locator('[data-control]').evaluateAll((els) => els.map((e) => e.dataset.control));
    assert.deepEqual(controls, ['step', 'run', 'reset', 'algo']);

    const state = await ask(page, { pathlab: 1, id: 1, cmd: 'getState' });
    assert.equal(state.origin, new URL(env.url).origin, 'the reply comes from the embed');
    assert.equal(state.data.ok, true);
    assert.equal(state.data.result.width, 63);
    assert.equal(state.data.result.map, 'maze-63.map');

    const start = await ask(page, { pathlab: 1, id: 2, cmd: 'setStart', x: 1, y: 1 });
    assert.equal(start.data.ok, true, JSON.stringify(start.data));
    const settings = await ask(page, { pathlab: 1, id: 3, cmd: 'setSettings', settings: { algorithm: 'dijkstra' } });
    assert.equal(settings.data.result.algorithm, 'dijkstra');
    assert.equal(await frame.locator('[data-control="algo"]').inputValue(), 'dijkstra', 'the menu follows');
    const step = await ask(page, { pathlab: 1, id: 4, cmd: 'step' });
    assert.equal(step.data.result.expanded, 1);
    await page.waitForFunction(() => window.events.some((e) => e.data.event === 'step'));
    const run = await ask(page, { pathlab: 1, id: 5, cmd: 'run' });
    assert.deepEqual(run.data.result, { started: true });
    const done = await page.waitForFunction(() => window.events.find((e) => e.data.event === 'done'));
    const stats = (await done.jsonValue()).data.stats;
    assert.equal(stats.status, 'found');
    assert.ok(stats.pathCost > 0);

    // Bad messages get error replies; nothing throws inside the frame.
    const bad = [
      [{ pathlab: 1, id: 10, cmd: 'explode' }, /unknown command/i],
      [{ pathlab: 1, id: 11, cmd: 'setStart', x: -1, y: 2 }, /whole, non-negative/],
      [{ pathlab: 1, id: 12, cmd: 'setGoal', x: 0, y: 0 }, /wall/i],
      [{ pathlab: 1, id: 13, cmd: 'setSettings', settings: 'fast' }, /object/],
      [{ pathlab: 1, id: 14, cmd: 'setSettings', settings: { algorithm: 'teleport' } }, /teleport|algorithm|unknown/i],
      [{ pathlab: 1, id: 15, cmd: 'loadMap', map: 42 }, /loadMap command needs map/],
      [{ pathlab: 1, id: 16, cmd: 'loadMap', map: 'type octile\nheight 2\nwidth 2\nmap\n..\n' }, /line|row|height/i],
      [{ pathlab: 1, id: 17, cmd: 'loadMap', map: 'no-such-map' }, /no shipped map/i],
      [{ pathlab: 1, id: 18, cmd: 'loadMap', map: '#v1.garbage!!' }, /damaged|base64/i],
    ];
    for (const [msg, pattern] of bad) {
      const r = await ask(page, msg);
      assert.equal(r.data.ok, false, `${JSON.stringify(msg)} must fail`);
      assert.match(r.data.error, pattern);
    }
    const after = await ask(page, { pathlab: 1, id: 20, cmd: 'getState' });
    assert.equal(after.data.result.width, 63, 'failed loads keep the map');
    assert.deepEqual(after.data.result.start, { x: 1, y: 1 });

    // Messages that are not Pathlab's are ignored without a reply.
    await page.evaluate(() => { window.send('hello'); window.send({ id: 30, cmd: 'step' }); window.send(null); });
    const ok = await ask(page, { pathlab: 1, id: 31, cmd: 'loadMap', map: 'open-64' });
    assert.equal(ok.data.result.width, 64);
    assert.equal(await page.evaluate(() => window.replies.filter((r) => r.data.id === 30).length), 0);

    // The real controls inside the frame work with the mouse.
    await frame.locator('[data-control="run"]').click();
    await inner.waitForFunction(() => window.pathlabEmbed.getState().status === 'found');
    await shot('same-origin');
  });
});

test('embed ignores commands from an origin that is not allowed, obeys an allowed one', { timeout: 90_000 }, async (t) => {
  const root = tmpdir();
  const server = { root, ...(await startServer(root)) };
  const other = new URL(server.url).origin;
  t.after(() => server.close());
  await env.withPage(t, async (page) => {
    // Without origins= the frame talks to nobody here: it must not fill the console with
    // refused postMessage calls (its ready, step and height events) either.
    const noise = [];
    page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') noise.push(m.text()); });
    const { inner } = await openParent(page, '?map=open-64&speed=instant&autoplay', server);
    await inner.waitForFunction(() => window.pathlabEmbed.getState().stats.status === 'found');
    await page.evaluate(() => window.send({ pathlab: 1, id: 1, cmd: 'setStart', x: 9, y: 9 }));
    await page.evaluate(() => window.send({ pathlab: 1, id: 2, cmd: 'getState' }));
    await page.setViewportSize({ width: 900, height: 700 });
    await afterFrames(inner, 30);
    assert.deepEqual(await page.evaluate(() => window.replies), [], 'no replies to a foreign origin');
    assert.deepEqual(await page.evaluate(() => window.events), [], 'no events to a foreign origin');
    assert.deepEqual(noise, [], 'nothing in the console');
    const start = await inner.evaluate(() => window.pathlabEmbed.getState().start);
    assert.notDeepEqual(start, { x: 9, y: 9 }, 'the command was ignored');
  });
  await env.withPage(t, async (page) => {
    await openParent(page, `?map=open-64&origins=${encodeURIComponent(`https://example.org,${other}`)}`, server);
    const r = await ask(page, { pathlab: 1, id: 1, cmd: 'setStart', x: 9, y: 9 });
    assert.equal(r.data.ok, true);
    assert.deepEqual(r.data.result.start, { x: 9, y: 9 });
  }, { load: false });
});

test('embed reads a share link fragment and honours readonly', { timeout: 90_000 }, async (t) => {
  await env.withPage(t, async (page, { shot }) => {
    await page.locator('#copy-link').click();
    await page.waitForFunction(() => document.getElementById('share-url').value.includes('#'));
    const link = await page.locator('#share-url').inputValue();
    const fragment = link.slice(link.indexOf('#'));
    const want = await page.evaluate(() => window.pathlab.exportMap());
    await page.goto(`${env.url}embed.html?readonly=1&controls=run${fragment}`);
    await page.waitForFunction(() => !!window.pathlabEmbed);
    const got = await page.evaluate(() => window.pathlabEmbed.getState());
    assert.deepEqual(got.start, await page.evaluate(() => window.pathlabEmbed.getState().start));
    const before = await page.evaluate(() => { const v = window.pathlabEmbed.view; const s = v.getState(); const out = []; for (let y = 0; y < s.height; y++) for (let x = 0; x < s.width; x++) out.push(v.cell(x, y)); return out; });
    assert.equal(before.length, got.width * got.height);
    assert.ok(want.includes(`width ${got.width}`), 'same map size as the page');
    // A drag on the read-only map pans; it paints nothing.
    const a = await page.evaluate(() => window.pathlabEmbed.view.cellToClient(10, 10));
    const b = await page.evaluate(() => window.pathlabEmbed.view.cellToClient(20, 14));
    await page.mouse.move(a.x, a.y);
    await page.mouse.down();
    await page.mouse.move(b.x, b.y, { steps: 4 });
    await page.mouse.up();
    const after = await page.evaluate(() => { const v = window.pathlabEmbed.view; const s = v.getState(); const out = []; for (let y = 0; y < s.height; y++) for (let x = 0; x < s.width; x++) out.push(v.cell(x, y)); return out; });
    assert.deepEqual(after, before, 'read-only: the drag changed no cell');
    await shot('readonly');
  });
});

test('embed: step {n}, setSpeed and pause over postMessage, with errors for bad values', { timeout: 90_000 }, async (t) => {
  await env.withPage(t, async (page) => {
    const { inner } = await openParent(page, '?map=open-64');
    const stepped = await ask(page, { pathlab: 1, id: 1, cmd: 'step', n: 25 });
    assert.equal(stepped.data.ok, true, JSON.stringify(stepped.data));
    assert.equal(stepped.data.result.expanded, 25, 'n expansions at once');
    const speed = await ask(page, { pathlab: 1, id: 2, cmd: 'setSpeed', speed: 0 });
    assert.equal(speed.data.ok, true);
    assert.equal(speed.data.result.speed, 0);
    const run = await ask(page, { pathlab: 1, id: 3, cmd: 'run' });
    assert.equal(run.data.ok, true);
    await inner.waitForFunction(() => window.pathlabEmbed.getState().running);
    const paused = await ask(page, { pathlab: 1, id: 4, cmd: 'pause' });
    assert.equal(paused.data.ok, true);
    assert.equal(paused.data.result.running, false, 'paused');
    const at = paused.data.result.stats.expanded;
    await afterFrames(inner, 20);
    assert.equal(await inner.evaluate(() => window.pathlabEmbed.getState().stats.expanded), at, 'no expansion while paused');
    for (const [id, msg, why] of [
      [5, { cmd: 'step', n: 0 }, /whole number of expansions/i],
      [6, { cmd: 'step', n: 2.5 }, /whole number of expansions/i],
      [7, { cmd: 'setSpeed', speed: 'fast' }, /speed must be/i],
    ]) {
      const r = await ask(page, { pathlab: 1, id, ...msg });
      assert.equal(r.data.ok, false, `${JSON.stringify(msg)} is refused`);
      assert.match(r.data.error, why);
    }
    assert.equal(await inner.evaluate(() => window.pathlabEmbed.getState().stats.expanded), at, 'refused commands change nothing');
  });
});

test('a malformed origins= is reported in the console and the frame stays usable', { timeout: 90_000 }, async (t) => {
  await env.withPage(t, async (page) => {
    const errors = [];
    page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
    await openParent(page, '?map=open-64&origins=blog.example.org');
    await page.waitForFunction(() => true);
    assert.ok(errors.some((e) => /origins="blog\.example\.org" is not an origin/.test(e)), `the typo is named: ${errors.join(' | ')}`);
    // Only this page's own origin is left allowed, and the parent here is same-origin.
    const r = await ask(page, { pathlab: 1, id: 1, cmd: 'getState' });
    assert.equal(r.data.ok, true);
  }, { load: false, allowConsole: [/Pathlab embed: origins/] });
});
