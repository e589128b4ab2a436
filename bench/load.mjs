// The page's first load, as a visitor meets it: the hosted site (dist/, with its Brotli and
// gzip copies; scripts/build-site.sh) served by the same server as scripts/serve.sh (sirv,
// precompressed files), opened in a fresh browser context (nothing cached) until the map is
// interactive: when the page installs its hooks (`window.pathlab`), in its first animation
// frame after the wasm, the map list and the first map have loaded and painted.
//
//   node bench/load.mjs [--repeats R] [--out FILE] [--waterfall]
//
// Two conditions, through the DevTools protocol: unthrottled on localhost, and throttled the
// way DevTools' "Fast 3G" preset and "4× slowdown" throttle (562.5 ms latency, 180 kB/s down,
// 84 kB/s up; the CPU four times slower). Prints and writes (default bench/work/load.json)
// the median time to interactive, the requests and the bytes transferred (encoded, as the
// network carried them) and their uncompressed size. Figures only: nothing here asserts a
// speed (docs/benchmarks.md states the goals). `--waterfall` also prints, for the last load of
// each condition, every request's start, first byte and end (ms from the page's request) and
// its bytes: what the critical path is made of.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { REPO, WORK, CHROMIUM, CHROMIUM_ARGS, timeInteractive, median, writeJson } from './lib.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : fallback;
};
const repeats = Number(option('--repeats', 5));
const out = option('--out', path.join(WORK, 'load.json'));
const waterfall = args.includes('--waterfall');

const DIST = path.join(REPO, 'dist');
const SIRV = path.join(REPO, 'scripts', 'serve', 'node_modules', '.bin', 'sirv');
for (const [file, fix] of [[path.join(DIST, 'index.html'), 'bash scripts/build-site.sh'], [SIRV, '(cd scripts/serve && npm ci)']]) {
  if (!fs.existsSync(file)) throw new Error(`load: ${file} is missing: run ${fix}`);
}

/** DevTools' presets, in the protocol's units (bytes a second, milliseconds). */
const CONDITIONS = {
  unthrottled: null,
  'fast-3g-4x-cpu': {
    network: { offline: false, latency: 150 * 3.75, downloadThroughput: (1.6e6 / 8) * 0.9, uploadThroughput: (750e3 / 8) * 0.9 },
    cpuRate: 4,
  },
};

/** sirv over dist/ on 127.0.0.1, an OS-free port found by asking it to listen on one. */
async function serve() {
  const port = 20000 + Math.floor(Math.random() * 20000);
  const child = spawn(SIRV, [DIST, '--host', '127.0.0.1', '--port', String(port), '--quiet'], { stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}/`;
  for (let tries = 0; ; tries++) {
    try {
      if ((await fetch(url, { method: 'HEAD' })).ok) break;
    } catch {
      // not listening yet
    }
    if (tries > 200 || child.exitCode !== null) throw new Error(`load: sirv did not start on ${url}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { url, close: () => child.kill() };
}

/** One cold load under `condition`: time to interactive and what crossed the network. */
async function loadOnce(browser, url, condition) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  if (condition) {
    await cdp.send('Network.emulateNetworkConditions', condition.network);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: condition.cpuRate });
  }
  // Per request: its URL, and the bytes it decoded to; the encoded bytes in all.
  const responses = new Map();
  const decoded = new Map();
  let encoded = 0;
  // Per request, for the waterfall: its URL and times (the protocol's seconds).
  const timing = new Map();
  const at = (id) => timing.get(id) ?? timing.set(id, {}).get(id);
  cdp.on('Network.requestWillBeSent', (e) => Object.assign(at(e.requestId), { url: e.request.url, sent: e.timestamp }));
  cdp.on('Network.responseReceived', (e) => {
    responses.set(e.requestId, e.response.url);
    at(e.requestId).firstByte = e.timestamp;
  });
  cdp.on('Network.dataReceived', (e) => decoded.set(e.requestId, (decoded.get(e.requestId) ?? 0) + e.dataLength));
  cdp.on('Network.loadingFinished', (e) => {
    encoded += e.encodedDataLength;
    Object.assign(at(e.requestId), { done: e.timestamp, bytes: e.encodedDataLength });
  });
  await timeInteractive(page);
  await page.goto(url);
  await page.waitForFunction(() => window.pathlab && window.pathlab.ready, null, { timeout: 120_000 });
  const interactiveMs = await page.evaluate(() => window.__interactiveMs);
  const uncompressed = [...decoded.values()].reduce((a, b) => a + b, 0);
  await context.close();
  if (errors.length) throw new Error(`load: the page reported errors: ${errors.join('; ')}`);
  const rows = [...timing.values()].filter((r) => r.sent !== undefined).sort((a, b) => a.sent - b.sent);
  const t0 = rows[0]?.sent ?? 0;
  const ms = (t) => (t === undefined ? '–' : String(Math.round((t - t0) * 1000)));
  const lines = rows.map((r) =>
    `  ${ms(r.sent).padStart(6)} ${ms(r.firstByte).padStart(6)} ${ms(r.done).padStart(6)} ms ${((r.bytes ?? 0) / 1024).toFixed(1).padStart(7)} KB  ${new URL(r.url).pathname}`);
  return { interactiveMs, requests: responses.size, encodedBytes: encoded, decodedBytes: uncompressed, waterfall: lines };
}

const server = await serve();
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
const result = { date: new Date().toISOString(), repeats, loadavg: fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' '), conditions: {} };
try {
  for (const [name, condition] of Object.entries(CONDITIONS)) {
    const runs = [];
    for (let i = 0; i < repeats; i++) runs.push(await loadOnce(browser, server.url, condition));
    const summary = {
      interactiveMs: Math.round(median(runs.map((r) => r.interactiveMs))),
      interactiveMsRuns: runs.map((r) => Math.round(r.interactiveMs)),
      requests: median(runs.map((r) => r.requests)),
      transferredKB: Math.round(median(runs.map((r) => r.encodedBytes)) / 1024),
      uncompressedKB: Math.round(median(runs.map((r) => r.decodedBytes)) / 1024),
    };
    result.conditions[name] = summary;
    if (waterfall) {
      console.log(`${name}: last load, interactive at ${Math.round(runs.at(-1).interactiveMs)} ms; sent, first byte, done:`);
      console.log(runs.at(-1).waterfall.join('\n'));
    }
    console.log(
      `${name.padEnd(16)} interactive ${summary.interactiveMs} ms (median of ${repeats}: ${summary.interactiveMsRuns.join(', ')}), ` +
        `${summary.requests} requests, ${summary.transferredKB} KB transferred (${summary.uncompressedKB} KB uncompressed)`,
    );
  }
} finally {
  await browser.close();
  server.close();
}
writeJson(out, result);
