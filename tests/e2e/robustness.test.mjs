// Hostile input never crashes the page or loses the user's map: a strict Content-Security-
// Policy that every page passes, oversized files refused before decoding, thousands of random
// postMessage commands and a flood of 10,000 a second, a damaged autosave, and a wasm trap that the page recovers from by
// reloading the instance with the autosaved map.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  startEnv, waitReady, newMap, drag, exportMap, size, startCell, goalCell, message, speedMax, runToEnd, stat, afterFrames, openPanel,
} from './helpers.mjs';

let env;
before(async () => { env = await startEnv(); });
after(async () => { await env?.close(); });

/** Records every CSP violation from the first script on. */
const RECORD_CSP = () => {
  window.__csp = [];
  document.addEventListener('securitypolicyviolation', (e) => window.__csp.push(`${e.violatedDirective} ${e.blockedURI}`));
};

test('every page runs under a strict CSP without a single violation, and the CSP blocks inline script', { timeout: 90_000 }, async (t) => {
  await env.withPage(t, async (page, { url }) => {
    await page.addInitScript(RECORD_CSP);
    const pages = [
      ['', () => window.pathlab?.ready === true],
      ['embed.html?map=maze-63&autoplay&speed=instant', () => !!window.pathlabEmbed],
      ['tutorial.html', () => window.tutorial?.ready === true],
      ['learn.html?lesson=bfs', () => document.querySelector('.learn')?.dataset.state === 'asking'],
      ['learn.html?author', () => !!window.learnPage?.author],
      ['embed.html?lesson=astar', () => document.querySelector('.learn')?.dataset.state === 'asking'],
    ];
    for (const [path, ready] of pages) {
      await page.goto(`${url}${path}`);
      await page.waitForFunction(ready, null, { timeout: 20_000 });
      await afterFrames(page, 20);
      const csp = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
      assert.match(csp, /default-src 'self'/, `${path || 'index'}: default-src`);
      assert.match(csp, /script-src 'self' 'wasm-unsafe-eval';/, `${path || 'index'}: script-src`);
      assert.doesNotMatch(csp, /'unsafe-inline'|'unsafe-eval'/, `${path || 'index'}: nothing inline`);
      assert.deepEqual(await page.evaluate(() => window.__csp), [], `${path || 'index'}: no violations`);
    }
    // The policy is really enforced: an injected inline script does not run.
    await page.evaluate(() => {
      const s = document.createElement('script');
      s.textContent = 'window.__inline = 1;';
      document.head.append(s);
    });
    assert.equal(await page.evaluate(() => window.__inline), undefined, 'inline script blocked');
    assert.ok((await page.evaluate(() => window.__csp)).some((v) => v.startsWith('script-src')), 'violation reported');
  }, { allowConsole: [/Content Security Policy/] });
});

/** Uploads `file` (a buffer with its name, or a path on disk) and checks the message and that nothing about the map changed. */
async function refusedUpload(page, file, expect) {
  const before = { map: await exportMap(page), size: await size(page), start: await startCell(page), goal: await goalCell(page) };
  await page.evaluate(() => { document.getElementById('message').dataset.kind = ''; });
  await openPanel(page, 'map');
  await page.locator('#open-file').setInputFiles(file);
  await page.waitForFunction(() => document.getElementById('message')?.dataset.kind === 'error', null, { timeout: 20_000 });
  const m = await message(page);
  const name = typeof file === 'string' ? file : file.name;
  assert.match(m.text, expect, `${name}: message`);
  assert.deepEqual(
    { map: await exportMap(page), size: await size(page), start: await startCell(page), goal: await goalCell(page) },
    before, `${name}: the map is kept`);
}

test('oversized and lying files are refused with a message before anything large is decoded', { timeout: 120_000 }, async (t) => {
  await env.withPage(t, async (page, { shot }) => {
    await newMap(page, 30, 20);
    await drag(page, [[5, 5], [20, 12]], { steps: 1 });
    // A 60000×60000 PNG is 100 bytes on disk; the page must refuse it from the header.
    const png = Buffer.alloc(64);
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]).copy(png);
    png.writeUInt32BE(60000, 16);
    png.writeUInt32BE(60000, 20);
    await refusedUpload(page, { name: 'huge.png', mimeType: 'image/png', buffer: png }, /60000×60000.*4096×4096/);
    const bmp = Buffer.alloc(64);
    bmp.write('BM', 0);
    bmp.writeInt32LE(5000, 18);
    bmp.writeInt32LE(-20, 22);
    await refusedUpload(page, { name: 'wide.bmp', mimeType: 'image/bmp', buffer: bmp }, /5000×20.*4096×4096/);
    await refusedUpload(page, {
      name: 'claims.map', mimeType: 'text/plain',
      buffer: Buffer.from('type octile\nheight 100000\nwidth 100000\nmap\n....\n'),
    }, /100000|4096/);
    // 41 MB handed over as a file on disk, not a buffer: the browser is local, so it reads the
    // path itself instead of receiving 41 MB through the DevTools protocol (slow on a busy machine).
    const dir = mkdtempSync(join(tmpdir(), 'pathlab-big-'));
    try {
      const big = join(dir, 'big.map');
      writeFileSync(big, Buffer.alloc(41 * 1024 * 1024, 0x2e));
      await refusedUpload(page, big, /too large/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    await refusedUpload(page, {
      name: 'other.scen', mimeType: 'text/plain',
      buffer: Buffer.from('version 1\n0\tarena.map\t49\t49\t1\t1\t3\t3\t2.82842712\n'),
    }, /line 2|49/);
    await shot('refused');
  });
});

/** How many hostile messages to send: 3,000 in the suite; `HOSTILE_MESSAGES=1000000` for a fuzz run. */
const HOSTILE = Number(process.env.HOSTILE_MESSAGES || 3000);

test('thousands of random postMessage commands, then a flood of 10,000 a second, get answers and leave the embed working', { timeout: 180_000 + HOSTILE * 5 }, async (t) => {
  await env.withPage(t, async (page, { url, shot }) => {
    const parent = `${url}hostile-parent.html`;
    const body = `<!doctype html><html><body>
<iframe id="f" src="${url}embed.html?map=maze-63&speed=instant" width="480" height="360"></iframe>
<script>
  window.replies = new Map();
  addEventListener('message', (e) => { if (e.data && e.data.pathlab === 1 && 'id' in e.data) window.replies.set(e.data.id, e.data); });
</script></body></html>`;
    await page.route(parent, (route) => route.fulfill({ contentType: 'text/html', body }));
    await page.goto(parent);
    const frame = await (await page.waitForSelector('#f')).contentFrame();
    await frame.waitForFunction(() => !!window.pathlabEmbed, null, { timeout: 20_000 });
    const count = HOSTILE;
    const sent = await page.evaluate(async (count) => {
      // A seeded generator (mulberry32) so a failure can be replayed.
      let seed = 20261123;
      const rnd = () => {
        seed = (seed + 0x6d2b79f5) | 0;
        let x = Math.imul(seed ^ (seed >>> 15), 1 | seed);
        x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
        return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
      };
      const pick = (list) => list[Math.floor(rnd() * list.length)];
      const numbers = [0, 1, -1, 7, 62, 63, 4096, 2 ** 31, 2 ** 32, 2 ** 53, -0, 0.5, NaN, Infinity, -Infinity, 1e308];
      const strings = ['', 'maze-63', 'open-64.map', '../../etc/passwd', 'v1.', 'v1.AAAA', 'v2.AAAA', '#v1.!!!', 'map=maze-63&start=1,1',
        'map=nope', 'map=maze-63&algo=jps&weight=-3', 'type octile\nheight 2\nwidth 2\nmap\n..\n..\n', 'x'.repeat(100000), '\u0000\uffff'];
      const value = (depth = 0) => {
        switch (Math.floor(rnd() * (depth > 2 ? 5 : 8))) {
          case 0: return pick(numbers);
          case 1: return pick(strings);
          case 2: return rnd() < 0.5;
          case 3: return null;
          case 4: return undefined;
          case 5: return Array.from({ length: Math.floor(rnd() * 4) }, () => value(depth + 1));
          case 6: return new Uint8Array(Math.floor(rnd() * 64));
          default: {
            const o = {};
            for (const k of ['algorithm', 'heuristic', 'weight', 'movement', 'connectivity', 'diagonalCost', 'nodeBudget', 'x', 'y', '__proto__', 'constructor']) {
              if (rnd() < 0.3) o[k] = value(depth + 1);
            }
            return o;
          }
        }
      };
      const settingsValue = () => ({
        algorithm: pick(['astar', 'jps', 'theta', 'mesh', 'lpa', 'dstar-lite', 'bidirectional', 'bfs', 'nope', 3]),
        weight: pick(numbers),
        heuristic: pick(['octile', 'zero', 'bogus', null]),
        nodeBudget: pick([null, 0, 1, 5, -1, 2 ** 64, NaN]),
        movement: rnd() < 0.5 ? value() : { connectivity: pick(['4', '8', 4, 'x']), diagonalRule: pick(['never', 'always', 'x']), diagonalCost: pick(numbers) },
      });
      const f = document.getElementById('f').contentWindow;
      const cmds = ['step', 'run', 'reset', 'seek', 'loadMap', 'setStart', 'setGoal', 'setSettings', 'getState', 'nope', '', 'constructor', 'toString'];
      let expected = 0;
      for (let id = 0; id < count; id++) {
        const msg = rnd() < 0.05 ? value() : { pathlab: rnd() < 0.95 ? 1 : value(), id, cmd: rnd() < 0.9 ? pick(cmds) : value() };
        if (msg && typeof msg === 'object' && !Array.isArray(msg)) {
          if (rnd() < 0.5) msg.x = pick(numbers);
          if (rnd() < 0.5) msg.y = pick(numbers);
          if (rnd() < 0.4) msg.step = rnd() < 0.7 ? pick(numbers) : value();
          if (rnd() < 0.4) msg.map = rnd() < 0.7 ? pick(strings) : value();
          if (rnd() < 0.4) msg.settings = rnd() < 0.7 ? settingsValue() : value();
        }
        // Only {pathlab: 1, id} messages are the protocol's; they get exactly one reply each.
        if (msg && typeof msg === 'object' && msg.pathlab === 1 && msg.id === id) expected++;
        f.postMessage(msg, '*');
        // Let the frame breathe now and then, as a real page would.
        if (id % 100 === 99) await new Promise((r) => setTimeout(r, 0));
      }
      return { count, expected };
    }, count);
    await page.waitForFunction((n) => window.replies.size >= n, sent.expected, { timeout: 120_000 + count * 5, polling: 500 });
    await afterFrames(page, 30);
    const answered = await page.evaluate(() => [...window.replies.values()].filter((r) => r.ok === true || typeof r.error === 'string').length);
    const total = await page.evaluate(() => window.replies.size);
    assert.equal(total, sent.expected, 'one reply per protocol message, none for the rest');
    assert.equal(answered, total, 'every reply is ok or carries an error message');

    // Then a flood: 10,000 messages in about a second — wrong types, huge numbers, unknown
    // kinds, and commands that read or step — each answered, and the map never lost.
    const mapBefore = await frame.evaluate(() => window.pathlabEmbed.view.view.planner.exportMap());
    const flood = await page.evaluate(async () => {
      const f = document.getElementById('f').contentWindow;
      const kinds = [
        [(i) => ({ cmd: 'step', n: `${i}` }), false],
        [() => ({ cmd: 'seek', step: 1e308 }), true],
        [() => ({ cmd: 'setStart', x: 2 ** 53, y: 1 }), false],
        [(i) => ({ cmd: `kind-${i}` }), false],
        [() => ({ cmd: 'setSpeed', speed: { fast: true } }), false],
        [() => ({ cmd: 'loadMap', map: ['maze-63'] }), false],
        [() => ({ cmd: 'setGoal', x: -1e300, y: Number.MAX_VALUE }), false],
        [() => ({ cmd: 'getState' }), true],
        [() => ({ cmd: 'step', n: 1 }), true],
      ];
      const t0 = performance.now();
      for (let i = 0; i < 10_000; i++) {
        f.postMessage({ pathlab: 1, id: `flood-${i}`, ...kinds[i % kinds.length][0](i) }, '*');
        // A thousand every tenth of a second: ten thousand a second.
        if (i % 1000 === 999) await new Promise((r) => setTimeout(r, 100));
      }
      // The frame shares this page's thread (same origin), so sending also waits for it.
      const sentMs = performance.now() - t0;
      await new Promise((resolve) => {
        const poll = () => ([...window.replies.keys()].filter((k) => String(k).startsWith('flood-')).length >= 10_000 ? resolve() : setTimeout(poll, 50));
        poll();
      });
      const wrong = [];
      for (let i = 0; i < 10_000; i++) {
        const r = window.replies.get(`flood-${i}`);
        const ok = kinds[i % kinds.length][1];
        if (r.ok !== ok || (!ok && !(typeof r.error === 'string' && r.error.length > 10))) wrong.push([i, r]);
      }
      return { sentMs, answeredMs: performance.now() - t0, wrong: wrong.slice(0, 5) };
    });
    assert.deepEqual(flood.wrong, [], 'every flood message answered: ok for the good, a sentence for the bad');
    assert.equal(await frame.evaluate(() => window.pathlabEmbed.view.view.planner.exportMap()), mapBefore, 'the flood kept the map');
    console.log(`# flood: 10000 messages sent in ${Math.round(flood.sentMs)} ms, all answered after ${Math.round(flood.answeredMs)} ms`);
    // Still alive: load a known map, run it, get a path.
    const ask = (msg) => page.evaluate((m) => new Promise((resolve) => {
      const f = document.getElementById('f').contentWindow;
      const id = `final-${m.cmd}-${Math.random()}`;
      const poll = () => (window.replies.has(id) ? resolve(window.replies.get(id)) : setTimeout(poll, 20));
      f.postMessage({ pathlab: 1, id, ...m }, '*');
      poll();
    }), msg);
    assert.equal((await ask({ cmd: 'loadMap', map: 'maze-63' })).ok, true, 'loadMap after the storm');
    assert.equal((await ask({ cmd: 'setSettings', settings: { algorithm: 'astar' } })).ok, true);
    await ask({ cmd: 'run' });
    await frame.waitForFunction(() => window.pathlabEmbed.getState().stats.status !== 'running', null, { timeout: 30_000 });
    const state = await ask({ cmd: 'getState' });
    assert.equal(state.ok, true);
    assert.equal(state.result.stats.status, 'found', 'the embed still plans');
    console.log(`# hostile postMessage: ${sent.count} sent, ${total} answered`);
    await shot('after-storm');
  });
});

for (const [label, saved] of [
  ['not JSON', '{"width": 30, "heig'],
  ['cells that do not decode', JSON.stringify({ width: 30, height: 20, cells: 'zz;;9', start: { x: 0, y: 0 }, goal: { x: 1, y: 1 } })],
  ['a size over the limit', JSON.stringify({ width: 100000, height: 100000, cells: '1zzzz' })],
  ['an array', '[1, 2, 3]'],
]) {
  test(`a damaged autosave (${label}) is ignored with a message and the page works`, { timeout: 60_000 }, async (t) => {
    await env.withPage(t, async (page, { url }) => {
      await page.addInitScript((text) => {
        if (!sessionStorage.getItem('seeded')) {
          localStorage.setItem('pathlab:v1', text);
          sessionStorage.setItem('seeded', '1');
        }
      }, saved);
      await page.goto(url);
      await waitReady(page);
      const m = await message(page);
      assert.equal(m.kind, 'error');
      assert.match(m.text, /autosaved map could not be read/);
      await speedMax(page);
      await runToEnd(page);
      assert.equal(await stat(page, 'status'), 'found');
    }, { load: false });
  });
}

test('a wasm trap reloads the planner and restores the autosaved map', { timeout: 90_000 }, async (t) => {
  await env.withPage(t, async (page, { shot }) => {
    await newMap(page, 30, 20);
    await drag(page, [[4, 3], [4, 15]], { steps: 1 });
    const map = await exportMap(page);
    // Make the next step a real trap: the planner's own export, called with a pointer far
    // outside wasm memory, traps with "memory access out of bounds".
    await page.evaluate(async () => {
      const m = await import('./pkg/pathlab.js');
      const wasm = await m.default();
      // The frame loop steps within its share (stepWithin); Step and the API step (step).
      m.Planner.prototype.step = function step() {
        return wasm.planner_step(0xfffffff0);
      };
      m.Planner.prototype.stepWithin = function stepWithin(share) {
        return wasm.planner_stepWithin(0xfffffff0, share);
      };
    });
    await page.locator('#run').click();
    await page.waitForFunction(() => /crashed/.test(document.getElementById('message')?.textContent || ''), null, { timeout: 10_000 });
    await shot('crashed');
    await page.waitForEvent('load', { timeout: 15_000 });
    await waitReady(page);
    const m = await message(page);
    assert.match(m.text, /reloaded after a crash/);
    assert.equal(await exportMap(page), map, 'the autosaved map is back');
    await speedMax(page);
    await runToEnd(page);
    assert.equal(await stat(page, 'status'), 'found', 'the fresh instance plans');
    await shot('recovered');
  });
});
