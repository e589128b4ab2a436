// Step 3 of the benchmark: everything that runs in headless Chromium.
//
//   node bench/browser.mjs [--repeats R] [--pf-dijkstra-queries N] [--page-only]
//   node bench/browser.mjs --wasm-ratio [--maps gen-maze512,arena] [--repeats R] [--queries N]
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
import { execFileSync } from 'node:child_process';
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

/** The maps of queries.json that --maps names (all of them without it). */
function pickMaps(queries) {
  const i = args.indexOf('--maps');
  if (i < 0) return queries.maps;
  const names = args[i + 1].split(',');
  const unknown = names.filter((n) => !queries.maps.some((m) => m.name === n));
  if (unknown.length) throw new Error(`--maps: no map ${unknown.join(', ')} in bench/work/queries.json (run node bench/gen.mjs)`);
  return queries.maps.filter((m) => names.includes(m.name));
}

/**
 * Native A* on one map through the release CLI: the map's queries become a `.scen` file in
 * bench/work/ratio/ beside a copy of the map, and `pathlab bench --per-file 0` times them
 * (each query's fastest of `repeats`). Returns the median ms/query.
 */
function nativeMedian(m, repeats) {
  const dir = path.join(WORK, 'ratio');
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  fs.copyFileSync(path.join(WORK, m.file), path.join(dir, `${m.name}.map`));
  const lines = m.queries.map((q) => `0\t${m.name}.map\t${m.width}\t${m.height}\t${q.sx}\t${q.sy}\t${q.gx}\t${q.gy}\t0`);
  fs.writeFileSync(path.join(dir, `${m.name}.scen`), `version 1\n${lines.join('\n')}\n`);
  const cli = process.env.PATHLAB_CLI || path.join(REPO, 'target', 'release', 'pathlab');
  const out = execFileSync(cli, ['bench', '--map-dir', dir, '--per-file', '0', '--repeats', String(repeats)], { encoding: 'utf8' });
  const row = out.split('\n').map((l) => l.trim().split(/\s+/)).find((f) => f[0] === `${m.name}.scen`);
  if (!row) throw new Error(`pathlab bench printed no row for ${m.name}:\n${out}`);
  return Number(row[row.length - 1]) / 1000;
}

/** Clock ticks a second, for the CPU times of /proc. */
const TICKS = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

/** user + system CPU ms of process `pid` (`self` also counts its waited-for children). */
function cpuMs(pid, children = false) {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(f[11]) + Number(f[12]) + (children ? Number(f[13]) + Number(f[14]) : 0);
  return (ticks * 1000) / TICKS;
}

/** CPU ms of the browser whose command line carries `tag`, and of all its descendants. */
function browserCpuMs(tag) {
  const procs = [];
  for (const pid of fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const ppid = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1];
      const cmd = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      procs.push({ pid, ppid, root: cmd.includes(tag) });
    } catch {
      // The process ended meanwhile.
    }
  }
  const inTree = new Set(procs.filter((p) => p.root).map((p) => p.pid));
  for (let grown = true; grown;) {
    grown = false;
    for (const p of procs) {
      if (!inTree.has(p.pid) && inTree.has(p.ppid)) {
        inTree.add(p.pid);
        grown = true;
      }
    }
  }
  let ms = 0;
  for (const pid of inTree) {
    try {
      ms += cpuMs(pid);
    } catch {
      // The process ended meanwhile.
    }
  }
  return ms;
}

/** How many times to run `queries` queries of about `ms` each to keep a side busy ~1.5 s. */
const cpuRepeats = (ms, queries) => Math.min(100_000, Math.max(1, Math.ceil(1500 / Math.max(ms * queries, 1e-3))));

/**
 * Native A* CPU ms per query on the map `nativeMedian` last wrote to bench/work/ratio/:
 * the CLI once with 1 repeat and once with 1 + `extra`, so the map's loading cancels out.
 */
function nativeCpu(m, extra) {
  const cli = process.env.PATHLAB_CLI || path.join(REPO, 'target', 'release', 'pathlab');
  const dir = path.join(WORK, 'ratio');
  const run = (r) => {
    const before = cpuMs('self', true);
    execFileSync(cli, ['bench', '--map-dir', dir, '--per-file', '0', '--repeats', String(r)], { encoding: 'utf8' });
    return cpuMs('self', true) - before;
  };
  const one = run(1);
  return (run(1 + extra) - one) / (extra * m.queries.length);
}

/**
 * --wasm-ratio is the quick check of issue 29's goal 4 without the full run: per map (all of
 * queries.json, or --maps), native A* ms/query from the release CLI (`pathlab bench` over a
 * `.scen` file written from the same queries), wasm A* ms/query in the bench page with the
 * timeline off and on, and their ratios. Both sides take each query's fastest time over the
 * repeats (steadier under load than the full run's median over repeats), then the median
 * over the map's queries. Then the same queries again, timed by CPU time rather than the
 * clock (the browser's processes' and the CLI's, from /proc, so waiting for a core on a
 * loaded machine does not count): each side repeats them until it has run about 1.5 s, and
 * the figure is the mean CPU ms per query. Prints both tables; writes only bench/work/ratio/.
 */
async function wasmRatio(browser, base, queries, tag) {
  const limit = opt('--queries', Infinity);
  const maps = pickMaps(queries).map((m) => ({ ...m, queries: m.queries.slice(0, limit) }));
  const page = await browser.newPage();
  const errors = [];
  watchErrors(page, errors);
  await page.goto(`${base}/bench/page/index.html`);
  await page.waitForFunction(() => window.bench && (window.bench.ready || window.bench.error), null, { timeout: 30_000 });
  const fastest = (runs) => median(runs.repeats[0].ms.map((_, q) => Math.min(...runs.repeats.map((r) => r.ms[q]))));
  const rows = [];
  for (const m of maps) {
    const qs = m.queries.map(({ sx, sy, gx, gy }) => ({ sx, sy, gx, gy }));
    const plan = {
      'pathlab-wasm': { repeats, queries: qs.length },
      'pathlab-wasm-rec': { repeats, queries: qs.length },
    };
    const out = await page.evaluate((a) => window.bench.runMap(a), { url: `/bench/work/${m.file}`, queries: qs, plan });
    const same = out['pathlab-wasm'].costs.every((c, i) => c === out['pathlab-wasm-rec'].costs[i]);
    if (!same) errors.push(`${m.name}: costs differ with the timeline on and off`);
    const wasm = fastest(out['pathlab-wasm']);
    const rec = fastest(out['pathlab-wasm-rec']);
    // Native right after the browser, map by map, so both see about the same load.
    const native = nativeMedian(m, repeats);
    // CPU time: the planner still holds this map; the timeline off, then on.
    const cpu = {};
    for (const [name, recording, ms] of [['wasm', false, wasm], ['rec', true, rec]]) {
      const times = cpuRepeats(ms, qs.length);
      const before = browserCpuMs(tag);
      const runs = await page.evaluate((a) => window.bench.runQueries(a), { queries: qs, algorithm: 'astar', recording, repeats: times });
      cpu[name] = (browserCpuMs(tag) - before) / runs;
    }
    cpu.native = nativeCpu(m, cpuRepeats(native, qs.length));
    rows.push({ map: m.name, queries: qs.length, native, wasm, rec, cpu });
  }
  await page.close();
  if (errors.length) throw new Error(errors.join('; '));
  const f = (v, d) => (Number.isFinite(v) ? v.toFixed(d) : '–');
  console.log(`load average ${fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}; A*, median over queries of each query's fastest of ${repeats}`);
  console.log('| map | queries | native ms | wasm ms | wasm / native | wasm rec ms | rec on / off |');
  console.log('|---|--:|--:|--:|--:|--:|--:|');
  for (const r of rows) {
    console.log(`| ${r.map} | ${r.queries} | ${f(r.native, 4)} | ${f(r.wasm, 4)} | ${f(r.wasm / r.native, 2)} | ${f(r.rec, 4)} | ${f(r.rec / r.wasm, 2)} |`);
  }
  const summary = (over, rec) => `wasm / native: median ${f(median(over), 2)}, worst ${f(Math.max(...over), 2)} (goal ≤ 1.35 on every map); rec on / off: median ${f(median(rec), 2)}, worst ${f(Math.max(...rec), 2)} (goal ≤ 1.2 median)`;
  console.log(summary(rows.map((r) => r.wasm / r.native), rows.map((r) => r.rec / r.wasm)));
  console.log('\nCPU time (mean CPU ms per query; waiting for a core does not count):');
  console.log('| map | native CPU ms | wasm CPU ms | wasm / native | wasm rec CPU ms | rec on / off |');
  console.log('|---|--:|--:|--:|--:|--:|');
  for (const { map, cpu: c } of rows) {
    console.log(`| ${map} | ${f(c.native, 4)} | ${f(c.wasm, 4)} | ${f(c.wasm / c.native, 2)} | ${f(c.rec, 4)} | ${f(c.rec / c.wasm, 2)} |`);
  }
  console.log(summary(rows.map((r) => r.cpu.wasm / r.cpu.native), rows.map((r) => r.cpu.rec / r.cpu.wasm)));
  console.log(`load average ${fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')} at the end`);
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
if (args.includes('--wasm-ratio')) {
  const server = await serve();
  // A switch Chromium ignores, so the CPU times can find this browser's processes.
  const tag = `--pathlab-wasm-ratio=${process.pid}`;
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: [...CHROMIUM_ARGS, tag], headless: true });
  try {
    await wasmRatio(browser, `http://127.0.0.1:${server.address().port}`, queries, tag);
  } finally {
    await browser.close();
    server.close();
  }
  process.exit(0);
}
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
