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
//
//   node bench/browser.mjs --big [--size N] [--frames F] [--algos astar,jps,dijkstra] [--renderers webgl2,2d] [--profile | --trace | --trace-gpu] [--before DIR]
//
// Big maps at 60 fps (issue 29, goal 3): loads the 4096² page map (or the N² one), and for
// each algorithm and renderer (named in the URL) runs a search at the default speed (the one the page picks for the map) for F
// painted frames (default 240), then prints the rAF interval (median, p95, worst), the page's
// step, paint and whole-frame times and the expansions a second; with --profile, the
// functions that took the most self time (Chromium's sampling profiler over the same frames),
// with --trace where every browser thread's time went (and the trace in bench/work/;
// --trace-gpu adds each GL command the GPU process ran, ANGLE's and SwiftShader's). With
// --before DIR (another checkout with its www/pkg, e.g. `git worktree add DIR main`), each
// row runs first on DIR's page, then on this one, so a before/after pair sees the same load;
// every row keeps the load average (/proc/loadavg) it ran at. Writes bench/work/big.json.

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
const big = args.includes('--big');
const list = (name, dflt) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1].split(',') : dflt;
};
const LARGE = 500_000;

const MIME = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8', '.json': 'application/json; charset=utf-8',
  '.wasm': 'application/wasm', '.map': 'text/plain; charset=utf-8', '.png': 'image/png',
  '.svg': 'image/svg+xml',
};

/** A static server over the repository (or `root`, another tree), 127.0.0.1 only, OS-chosen port. */
function serve(root = REPO) {
  const server = http.createServer((req, res) => {
    let rel;
    try {
      rel = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    } catch {
      res.writeHead(400).end();
      return;
    }
    if (rel.endsWith('/')) rel += 'index.html';
    const file = path.resolve(root, '.' + rel);
    if (!file.startsWith(root + path.sep)) {
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
 * The release CLI's `pathlab bench` over every query in `dir`, each its fastest of `repeats`;
 * with `--paint-path`, since the page marks every path it finds (the same work both sides).
 * Returns what it printed.
 */
function nativeBench(dir, repeats) {
  const cli = process.env.PATHLAB_CLI || path.join(REPO, 'target', 'release', 'pathlab');
  return execFileSync(cli, ['bench', '--map-dir', dir, '--per-file', '0', '--repeats', String(repeats), '--paint-path'], { encoding: 'utf8' });
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
  const out = nativeBench(dir, repeats);
  const row = out.split('\n').map((l) => l.trim().split(/\s+/)).find((f) => f[0] === `${m.name}.scen`);
  if (!row) throw new Error(`pathlab bench printed no row for ${m.name}:\n${out}`);
  return Number(row[row.length - 1]) / 1000;
}

/** Clock ticks a second, for the CPU times of /proc. */
const TICKS = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

/**
 * user + system CPU ms of process `pid`, or of one thread as `pid/task/tid` (`self` with
 * `children` also counts its waited-for children).
 */
function cpuMs(pid, children = false) {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(f[11]) + Number(f[12]) + (children ? Number(f[13]) + Number(f[14]) : 0);
  return (ticks * 1000) / TICKS;
}

/** The processes of the browser whose command line carries `tag`: it and all its descendants. */
function browserProcs(tag) {
  const procs = [];
  for (const pid of fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const ppid = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1];
      const cmd = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      const type = cmd.match(/--type=([\w-]+)/)?.[1] ?? 'browser';
      procs.push({ pid, ppid, root: cmd.includes(tag), type });
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
  return procs.filter((p) => inTree.has(p.pid));
}

/**
 * CPU ms of the browser whose command line carries `tag`, and of all its descendants; with
 * `byType`, an object of them by process type (`renderer`, `gpu-process`, `browser`, …).
 */
function browserCpuMs(tag, byType = false) {
  let ms = 0;
  /** @type {Record<string, number>} */
  const types = {};
  for (const p of browserProcs(tag)) {
    try {
      const t = cpuMs(p.pid);
      ms += t;
      types[p.type] = (types[p.type] ?? 0) + t;
    } catch {
      // The process ended meanwhile.
    }
  }
  return byType ? types : ms;
}

/**
 * CPU ms of every thread of the renderers of the browser whose command line carries `tag`,
 * by `pid/tid`. Taken before and after a span, the thread that grew the most is the page's
 * main thread, the one that ran the wasm (`pageThreadMs`).
 */
function rendererThreadsMs(tag) {
  const ms = new Map();
  for (const p of browserProcs(tag).filter((q) => q.type === 'renderer')) {
    try {
      for (const tid of fs.readdirSync(`/proc/${p.pid}/task`)) ms.set(`${p.pid}/${tid}`, cpuMs(`${p.pid}/task/${tid}`));
    } catch {
      // The process ended meanwhile.
    }
  }
  return ms;
}

/** The CPU ms the busiest renderer thread spent between two `rendererThreadsMs` readings. */
function pageThreadMs(before, after) {
  let most = 0;
  for (const [id, t] of after) most = Math.max(most, t - (before.get(id) ?? 0));
  return most;
}

/** How many times to run `queries` queries of about `ms` each to keep a side busy ~1.5 s. */
const cpuRepeats = (ms, queries) => Math.min(100_000, Math.max(1, Math.ceil(1500 / Math.max(ms * queries, 1e-3))));

/**
 * Native A* CPU ms and clock ms per query on the map `nativeMedian` last wrote to
 * bench/work/ratio/: the CLI once with 1 repeat and once with 1 + `extra`, so the map's
 * loading (and the process's start, by the clock) cancels out. `{ cpu, clock }`.
 */
function nativeCpu(m, extra) {
  const dir = path.join(WORK, 'ratio');
  const run = (r) => {
    const before = cpuMs('self', true);
    const t0 = performance.now();
    nativeBench(dir, r);
    return { cpu: cpuMs('self', true) - before, clock: performance.now() - t0 };
  };
  const one = run(1);
  const more = run(1 + extra);
  const n = extra * m.queries.length;
  return { cpu: (more.cpu - one.cpu) / n, clock: (more.clock - one.clock) / n };
}

/**
 * --wasm-ratio is the quick check of issue 29's goal 4 without the full run: per map (all of
 * queries.json, or --maps), native A* ms/query from the release CLI (`pathlab bench` over a
 * `.scen` file written from the same queries), wasm A* ms/query in the bench page with the
 * timeline off and on, and their ratios. Both sides take each query's fastest time over the
 * repeats (steadier under load than the full run's median over repeats), then the median
 * over the map's queries. Then the same queries again, timed by CPU time rather than the
 * clock (from /proc, so waiting for a core on a loaded machine does not count): each side
 * repeats them until it has run about 1.5 s, and the figure is the mean CPU ms per query.
 * The wasm side counts the page's main thread only, as the native side counts the CLI's one
 * thread; the CPU of all the browser's processes (the GPU process, the browser's own
 * threads, V8's background compiler and collector), the earlier figure, is printed beside
 * it; and the same batches by the clock (each side's whole batch, so both are means over the
 * same runs, where the first table sets a batched wasm figure against native single runs).
 * Prints the three tables; writes only bench/work/ratio/.
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
      const threads = rendererThreadsMs(tag);
      const t0 = performance.now();
      const runs = await page.evaluate((a) => window.bench.runQueries(a), { queries: qs, algorithm: 'astar', recording, repeats: times });
      cpu[`${name}Clock`] = (performance.now() - t0) / runs;
      cpu[name] = pageThreadMs(threads, rendererThreadsMs(tag)) / runs;
      cpu[`${name}All`] = (browserCpuMs(tag) - before) / runs;
    }
    const nat = nativeCpu(m, cpuRepeats(native, qs.length));
    cpu.native = nat.cpu;
    cpu.nativeClock = nat.clock;
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
  console.log('| map | native CPU ms | wasm CPU ms (page thread) | wasm / native | wasm rec CPU ms | rec on / off | wasm CPU ms (all processes) | wasm all / native |');
  console.log('|---|--:|--:|--:|--:|--:|--:|--:|');
  for (const { map, cpu: c } of rows) {
    console.log(`| ${map} | ${f(c.native, 4)} | ${f(c.wasm, 4)} | ${f(c.wasm / c.native, 2)} | ${f(c.rec, 4)} | ${f(c.rec / c.wasm, 2)} | ${f(c.wasmAll, 4)} | ${f(c.wasmAll / c.native, 2)} |`);
  }
  console.log(summary(rows.map((r) => r.cpu.wasm / r.cpu.native), rows.map((r) => r.cpu.rec / r.cpu.wasm)));
  console.log('\nThe same runs by the clock (mean ms per query over the whole batch, both sides; waiting for a core counts, so read it on a quiet machine only):');
  console.log('| map | native ms | wasm ms | wasm / native | wasm rec ms | rec on / off |');
  console.log('|---|--:|--:|--:|--:|--:|');
  for (const { map, cpu: c } of rows) {
    console.log(`| ${map} | ${f(c.nativeClock, 4)} | ${f(c.wasmClock, 4)} | ${f(c.wasmClock / c.nativeClock, 2)} | ${f(c.recClock, 4)} | ${f(c.recClock / c.wasmClock, 2)} |`);
  }
  console.log(summary(rows.map((r) => r.cpu.wasmClock / r.cpu.nativeClock), rows.map((r) => r.cpu.recClock / r.cpu.wasmClock)));
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
 * fifth paint, the time until the page's thread finished that frame (`finishedMs`: layout,
 * paint and the hand-over to the compositor, timed by a message posted at the paint's end;
 * until issue 29's goal 3 the page read a pixel back, which waited for the GPU), and the rAF
 * interval while the search ran.
 */
async function pageSpeed(browser, base, pageMap, renderer) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const errors = [];
  watchErrors(page, errors);
  await timeInteractive(page);
  // The renderer named in the URL: the page would pick the 2D canvas for a big map itself
  // where WebGL2 is software (render.js `fitRenderer`).
  await page.goto(`${base}/www/index.html?perf&renderer=${renderer}`);
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

/** The value at fraction `q` of a sorted list (its p95 at 0.95). */
const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))];

/**
 * The self time of each function in a CDP profile (`Profiler.stop`), the largest first, as
 * `{name, ms, share}` (share of all samples).
 */
function selfTimes(profile, top = 15) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const counts = new Map();
  const dt = profile.timeDeltas;
  profile.samples.forEach((id, i) => {
    const n = byId.get(id);
    const f = n.callFrame;
    const key = `${f.functionName || '(anonymous)'} ${f.url.split('/').pop()}:${f.lineNumber + 1}`;
    counts.set(key, (counts.get(key) ?? 0) + (dt[i] ?? 0));
  });
  const total = [...counts.values()].reduce((a, b) => a + b, 0) || 1;
  return [...counts.entries()].sort((a, b) => b[1] - a[1]).slice(0, top)
    .map(([name, us]) => ({ name, ms: us / 1000, share: us / total }));
}

/**
 * Where a trace's time went: the complete events ('X') of each thread, by name, summed
 * over the top-level ones under the task loop's wrappers (an event inside another of its
 * thread is not counted twice), the
 * largest first, as `{name, ms, share}` (share of the traced stretch on that thread).
 */
const WRAPPERS = new Set(['RunTask', 'ThreadPool_RunTask', 'EpollEvent', 'ThreadControllerImpl::RunTask', 'ProxyMain::BeginMainFrame', 'ThreadProxy::BeginMainFrame', 'Scheduler::RunTask']);

function traceTimes(events, top = 25) {
  const names = new Map();
  for (const e of events) if (e.ph === 'M' && e.name === 'thread_name') names.set(`${e.pid}:${e.tid}`, e.args.name);
  const byThread = new Map();
  for (const e of events) {
    // The task loop's own wrappers say nothing of what ran: what they hold is counted.
    if (e.ph !== 'X' || !e.dur || WRAPPERS.has(e.name)) continue;
    const key = `${e.pid}:${e.tid}`;
    if (!byThread.has(key)) byThread.set(key, []);
    byThread.get(key).push(e);
  }
  const sums = new Map();
  // A trace holds hundreds of thousands of events: no spread into Math.max's arguments.
  let first = Infinity;
  let last = -Infinity;
  for (const e of events) {
    if (!e.ts) continue;
    first = Math.min(first, e.ts);
    last = Math.max(last, e.ts);
  }
  const span = (last - first) || 1;
  for (const [key, list] of byThread) {
    list.sort((a, b) => a.ts - b.ts);
    let end = -Infinity;
    for (const e of list) {
      if (e.ts < end) continue;
      end = e.ts + e.dur;
      const name = `${names.get(key) ?? key} · ${e.name}`;
      sums.set(name, (sums.get(name) ?? 0) + e.dur);
    }
  }
  return [...sums.entries()].sort((a, b) => b[1] - a[1]).slice(0, top)
    .map(([name, us]) => ({ name, ms: us / 1000, share: us / span }));
}

/**
 * One algorithm on the 4096² map with one renderer, at the default speed: `frames` painted
 * frames of a running search, each frame's interval, and the page's own figures (step,
 * paint, the whole frame's work) per frame.
 */
async function bigRun(browser, base, pageMap, algorithm, renderer, frames, profile, tag) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const errors = [];
  watchErrors(page, errors);
  // The renderer named in the URL: the page would pick the 2D canvas for a big map itself
  // where WebGL2 is software (render.js `fitRenderer`).
  await page.goto(`${base}/www/index.html?perf&renderer=${renderer}`);
  await page.waitForFunction(() => window.pathlab && window.pathlab.ready, null, { timeout: 30_000 });
  await page.setInputFiles('#open-file', path.join(WORK, pageMap.file));
  const n = pageMap.size;
  await page.waitForFunction((n) => window.pathlab.size().width === n, n, { timeout: 120_000 });
  const active = await page.locator('#grid-canvas').getAttribute('data-renderer');
  if (active !== renderer) throw new Error(`asked for the ${renderer} renderer, the page paints with ${active}`);
  await page.selectOption('#algorithm', algorithm);
  await page.waitForFunction((a) => window.pathlab.settings().algorithm === a, algorithm);
  for (const [key, x, y] of [['s', 0, 0], ['g', n - 1, n - 1]]) {
    const p = await page.evaluate(([x, y]) => window.pathlab.cellToClient(x, y), [x, y]);
    await page.mouse.move(p.x, p.y);
    await page.keyboard.press(key);
  }
  const speedLabel = (await page.locator('#speed-value').textContent()).trim();
  await page.locator('[aria-label="Search playback"]').click({ position: { x: 2, y: 2 } });
  let cdp = null;
  const tracing = args.includes('--trace') || args.includes('--trace-gpu');
  /** @type {object[]} */
  const events = [];
  if (tracing) {
    cdp = await context.newCDPSession(page);
    cdp.on('Tracing.dataCollected', (d) => { for (const e of d.value) events.push(e); });
    // --trace-gpu adds the GPU process's decoder: each GL command it ran (slower to trace).
    const gpu = args.includes('--trace-gpu') ? ',disabled-by-default-gpu.decoder,disabled-by-default-gpu.service,gpu.angle' : '';
    await cdp.send('Tracing.start', { categories: `devtools.timeline,disabled-by-default-devtools.timeline,toplevel,gpu,cc,viz${gpu}`, transferMode: 'ReportEvents' });
  } else if (profile) {
    cdp = await context.newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
  }
  // The page's own per-frame figures: the view's FramePerf keeps every frame of the run.
  await page.evaluate(() => window.pathlab.perfFrames(true));
  await page.keyboard.press('Space');
  const cpu0 = browserCpuMs(tag, true);
  const t0 = await page.evaluate(() => ({ t: performance.now(), e: window.pathlab.stats().expanded, frames: window.pathlab.perfFrames().frames.length }));
  await page.waitForFunction((f) => window.pathlab.perfFrames().frames.length >= f || window.pathlab.stats().status !== 'running', frames, { timeout: 600_000, polling: 250 });
  const t1 = await page.evaluate(() => ({ t: performance.now(), e: window.pathlab.stats().expanded, status: window.pathlab.stats().status, frames: window.pathlab.perfFrames().frames.length }));
  // CPU time of all the browser's processes (page, GPU, compositor) a frame: waiting for a
  // core on the loaded machine does not count in it.
  const cpu1 = browserCpuMs(tag, true);
  const framesRun = Math.max(1, t1.frames - t0.frames);
  /** @type {Record<string, number>} */
  const cpuByType = {};
  for (const [type, t] of Object.entries(cpu1)) cpuByType[type] = (t - (cpu0[type] ?? 0)) / framesRun;
  const cpuPerFrame = Object.values(cpuByType).reduce((a, b) => a + b, 0);
  const got = await page.evaluate(() => window.pathlab.perfFrames());
  let hot = null;
  if (tracing) {
    const done = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
    await cdp.send('Tracing.end');
    await done;
    hot = traceTimes(events);
    writeJson(path.join(WORK, `trace-${algorithm}-${renderer}.json`), events);
  } else if (cdp) {
    const { profile: prof } = await cdp.send('Profiler.stop');
    hot = selfTimes(prof);
  }
  if (t1.status === 'running') await page.keyboard.press('Space');
  await context.close();
  if (errors.length) throw new Error(`app page errors: ${errors.join('; ')}`);
  const f = got.frames.slice(0, frames);
  const sorted = (k) => f.map((x) => x[k]).filter((v) => v !== null).sort((a, b) => a - b);
  const stat = (k) => {
    const s = sorted(k);
    return { median: median(s), p95: quantile(s, 0.95), worst: s[s.length - 1] };
  };
  const row = {
    size: n, algorithm, renderer, speed: speedLabel, frames: f.length,
    interval: stat('interval'), step: stat('step'), paint: stat('paint'), work: stat('work'), rendered: stat('rendered'), share: stat('share'),
    expansionsPerFrame: stat('expanded'),
    expansionsPerSecond: (t1.e - t0.e) / ((t1.t - t0.t) / 1000), status: t1.status, expanded: t1.e, cpuPerFrame, cpuByType, hot, log: f,
  };
  // A figure the page does not log (an older page given by --before) shows as –.
  const ms = (s) => (s.worst === undefined ? '–' : `${s.median.toFixed(1)} / ${s.p95.toFixed(1)} / ${s.worst.toFixed(1)}`);
  console.log(`big: ${algorithm} ${renderer} (${speedLabel}, ${f.length} frames, ${t1.status}): interval ${ms(row.interval)} ms · step ${ms(row.step)} · paint ${ms(row.paint)} · frame work ${ms(row.work)} · to the frame's end ${ms(row.rendered)} · share ${ms(row.share)} · browser CPU ${cpuPerFrame.toFixed(1)} ms a frame (${Object.entries(cpuByType).map(([k, v]) => `${k} ${v.toFixed(1)}`).join(', ')}) · ${Math.round(row.expansionsPerSecond).toLocaleString('en')} expansions/s`);
  if (hot) for (const h of hot) console.log(`  ${(h.share * 100).toFixed(1).padStart(5)} %  ${h.ms.toFixed(0).padStart(6)} ms  ${h.name}`);
  return row;
}

const queries = readJson(path.join(WORK, 'queries.json'));
if (big) {
  const server = await serve();
  const base = `http://127.0.0.1:${server.address().port}`;
  // A switch Chromium ignores, so the CPU times can find this browser's processes.
  const tag = `--pathlab-big=${process.pid}`;
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: [...CHROMIUM_ARGS, tag], headless: true });
  const version = browser.version();
  const mapSize = opt('--size', 4096);
  const pageMap = queries.pageMaps.find((m) => m.size === mapSize);
  if (!pageMap) throw new Error(`no ${mapSize}² page map in bench/work/queries.json: run node bench/gen.mjs first`);
  const frames = opt('--frames', 240);
  const rows = [];
  const loadNow = () => fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  const load = loadNow();
  const beforeDir = args.includes('--before') ? path.resolve(args[args.indexOf('--before') + 1]) : null;
  const beforeServer = beforeDir ? await serve(beforeDir) : null;
  /** The trees to run each row on: the one given by --before first, then this one. */
  const sides = [
    ...(beforeServer ? [{ side: 'before', base: `http://127.0.0.1:${beforeServer.address().port}` }] : []),
    { side: beforeServer ? 'after' : 'this', base },
  ];
  try {
    for (const algorithm of list('--algos', ['astar', 'jps', 'dijkstra'])) {
      for (const renderer of list('--renderers', ['webgl2', '2d'])) {
        for (const { side, base: at } of sides) {
          const rowLoad = loadNow();
          if (beforeServer) console.log(`big: ${side} (load average ${rowLoad})`);
          const row = await bigRun(browser, at, pageMap, algorithm, renderer, frames, args.includes('--profile'), tag);
          rows.push({ side, load: rowLoad, ...row });
        }
      }
    }
  } finally {
    await browser.close();
    server.close();
    beforeServer?.close();
  }
  const after = fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  console.log(`big: load average before ${load}, after ${after}`);
  writeJson(path.join(WORK, 'big.json'), { chromium: version, load: { before: load, after }, rows });
  process.exit(0);
}
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
