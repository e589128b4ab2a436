// Step 3 of the benchmark: everything that runs in headless Chromium.
//
//   node bench/browser.mjs [--repeats R] [--pf-dijkstra-queries N] [--page-only]
//
// Serves the repository on 127.0.0.1 (cross-origin isolated, so performance.now() has 5 µs
// rather than 100 µs resolution), opens bench/page/ and runs Pathlab wasm and PathFinding.js
// on every map of bench/work/queries.json. Then opens the real app (www/index.html?perf),
// loads the 256², 512², 1024² and 4096² page maps through its file input, runs a search with
// real keyboard input and reads the page's own per-frame figures and time to interactive,
// with each renderer: WebGL2 (the default) and the 2D canvas (`&renderer=2d`).
// Writes bench/work/browser.json; with --page-only, runs the page speed alone and replaces just
// that part of an existing browser.json.

import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { REPO, WORK, CHROMIUM, CHROMIUM_ARGS, timeInteractive, readJson, writeJson, bundlePathfinding, median } from './lib.mjs';

const args = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = args.indexOf(name);
  return i >= 0 ? Number(args[i + 1]) : dflt;
};
const repeats = opt('--repeats', 3);
// PathFinding.js's Dijkstra explores most of the map on every query (a second or more on
// 1024² maps), so by default it runs the first 10 queries of each map, once. Its other
// finders must clone the grid (a million objects on 1024²) before each query, so on maps of
// half a million cells or more they run the first 30 queries only.
const pfDijkstraQueries = opt('--pf-dijkstra-queries', 10);
const pfLargeQueries = opt('--pf-large-queries', 30);
const pageOnly = args.includes('--page-only');
const LARGE = 500_000;

const MIME = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8', '.json': 'application/json; charset=utf-8',
  '.wasm': 'application/wasm', '.map': 'text/plain; charset=utf-8', '.png': 'image/png',
  '.svg': 'image/svg+xml',
};

/** A static server over the repository, 127.0.0.1 only, OS-chosen port. */
function serve() {
  const server = http.createServer((req, res) => {
    let rel;
    try {
      rel = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    } catch {
      res.writeHead(400).end();
      return;
    }
    if (rel.endsWith('/')) rel += 'index.html';
    const file = path.resolve(REPO, '.' + rel);
    if (!file.startsWith(REPO + path.sep)) {
      res.writeHead(403).end();
      return;
    }
    fs.readFile(file, (err, data) => {
      if (err) {
        res.writeHead(rel === '/favicon.ico' ? 204 : 404).end();
        return;
      }
      res.writeHead(200, {
        'content-type': MIME[path.extname(file).toLowerCase()] || 'application/octet-stream',
        'cache-control': 'no-store',
        'cross-origin-opener-policy': 'same-origin',
        'cross-origin-embedder-policy': 'require-corp',
      });
      res.end(data);
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

function watchErrors(page, errors) {
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
}

async function queryRuns(browser, base, queries) {
  const page = await browser.newPage();
  const errors = [];
  watchErrors(page, errors);
  await page.goto(`${base}/bench/page/index.html`);
  await page.waitForFunction(() => window.bench && (window.bench.ready || window.bench.error), null, { timeout: 30_000 });
  const isolated = await page.evaluate(() => window.crossOriginIsolated);
  const maps = {};
  for (const m of queries.maps) {
    const started = Date.now();
    const qs = m.queries.map(({ sx, sy, gx, gy }) => ({ sx, sy, gx, gy }));
    const pfQueries = m.width * m.height >= LARGE ? Math.min(pfLargeQueries, qs.length) : qs.length;
    const plan = {
      'pathlab-wasm': { repeats, queries: qs.length },
      'pathlab-wasm-jps': { repeats, queries: qs.length },
      'pathlab-wasm-rec': { repeats, queries: qs.length },
      'pf-astar': { repeats, queries: pfQueries },
      'pf-jps': { repeats, queries: pfQueries },
      'pf-dijkstra': { repeats: 1, queries: Math.min(pfDijkstraQueries, qs.length) },
    };
    maps[m.name] = await page.evaluate((a) => window.bench.runMap(a), { url: `/bench/work/${m.file}`, queries: qs, plan });
    console.log(`browser: ${m.name} done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  await page.close();
  if (errors.length) throw new Error(`bench page errors: ${errors.join('; ')}`);
  return { crossOriginIsolated: isolated, plan: { repeats, pfDijkstraQueries, pfLargeQueries, largeCells: LARGE }, maps };
}

/**
 * Page speed on one map with one renderer: load the map through the app's file input, put
 * the start and goal in opposite corners with the S and G keys, set the speed to 100
 * expansions per frame, run, and read two of the page's 60-frame perf reports plus the
 * frame intervals. Each report has the paint's JS time (mean, median, worst), and, for every
 * fifth paint, the time until the picture was really drawn (`finishedMs`: the page reads a
 * pixel back from each canvas, which waits for WebGL's queued work and the 2D canvas's lazy
 * drawing), and the rAF interval while the search ran.
 */
async function pageSpeed(browser, base, pageMap, renderer) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const errors = [];
  watchErrors(page, errors);
  await timeInteractive(page);
  await page.goto(`${base}/www/index.html?perf${renderer === '2d' ? '&renderer=2d' : ''}`);
  await page.waitForFunction(() => window.pathlab && window.pathlab.ready, null, { timeout: 30_000 });
  const interactiveMs = await page.evaluate(() => window.__interactiveMs);
  await page.setInputFiles('#open-file', path.join(WORK, pageMap.file));
  const n = pageMap.size;
  await page.waitForFunction((n) => window.pathlab.size().width === n, n, { timeout: 120_000 });
  const active = await page.locator('#grid-canvas').getAttribute('data-renderer');
  if (active !== renderer) throw new Error(`asked for the ${renderer} renderer, the page paints with ${active}`);
  for (const [key, x, y] of [['s', 0, 0], ['g', n - 1, n - 1]]) {
    const p = await page.evaluate(([x, y]) => window.pathlab.cellToClient(x, y), [x, y]);
    await page.mouse.move(p.x, p.y);
    await page.keyboard.press(key);
  }
  const speed = page.locator('#speed');
  await speed.focus();
  await page.keyboard.press('Home');
  for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowRight');
  const speedLabel = (await page.locator('#speed-value').textContent()).trim();
  // Focus off the slider (Space would not run the search): the playback bar's own padding.
  await page.locator('[aria-label="Search playback"]').click({ position: { x: 2, y: 2 } });
  const before = await page.evaluate(() => JSON.stringify(window.pathlab.perf()));
  await page.keyboard.press('Space');
  // Frame intervals as the page sees them, over the same stretch as the perf reports.
  const frames = page.evaluate(() => new Promise((resolve) => {
    const t = [];
    const tick = (now) => {
      t.push(now);
      if (t.length < 121) requestAnimationFrame(tick);
      else resolve(t.slice(1).map((v, i) => v - t[i]));
    };
    requestAnimationFrame(tick);
  }));
  const reports = [];
  let last = before;
  while (reports.length < 2) {
    const handle = await page.waitForFunction((last) => {
      const p = JSON.stringify(window.pathlab.perf());
      return p !== last && p;
    }, last, { timeout: 60_000 });
    last = await handle.jsonValue();
    reports.push(JSON.parse(last));
  }
  const intervals = await frames;
  const stats = await page.evaluate(() => window.pathlab.stats());
  const wasmMemoryBytes = await page.evaluate(() => window.pathlab.wasmMemoryBytes());
  await page.keyboard.press('Space');
  await context.close();
  if (errors.length) throw new Error(`app page errors: ${errors.join('; ')}`);
  const pick = (k) => median(reports.map((r) => r[k]));
  const worst = (k) => Math.max(...reports.map((r) => r[k]));
  const sorted = [...intervals].sort((a, b) => a - b);
  console.log(`browser: page speed ${n}² ${renderer} done`);
  return {
    size: n, renderer, speed: speedLabel, interactiveMs,
    paintMs: pick('paintMs'), paintMedianMs: pick('paintMedianMs'), maxPaintMs: worst('maxPaintMs'),
    finishedMs: pick('finishedMs'), maxFinishedMs: worst('maxFinishedMs'), stepMs: pick('stepMs'),
    frameMs: median(intervals), frameP95Ms: sorted[Math.floor(intervals.length * 0.95)], maxFrameMs: sorted[sorted.length - 1],
    expandedWhenRead: stats.expanded, statusWhenRead: stats.status, wasmMemoryBytes,
  };
}

const queries = readJson(path.join(WORK, 'queries.json'));
fs.writeFileSync(path.join(WORK, 'pathfinding.js'), bundlePathfinding());
const server = await serve();
const base = `http://127.0.0.1:${server.address().port}`;
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
try {
  const previous = path.join(WORK, 'browser.json');
  const runs = pageOnly
    ? (({ page: _, chromium: __, ...rest }) => rest)(fs.existsSync(previous) ? readJson(previous) : {})
    : await queryRuns(browser, base, queries);
  const page = [];
  for (const m of queries.pageMaps) {
    for (const renderer of ['webgl2', '2d']) page.push(await pageSpeed(browser, base, m, renderer));
  }
  writeJson(path.join(WORK, 'browser.json'), { chromium: browser.version(), ...runs, page });
} finally {
  await browser.close();
  server.close();
}
