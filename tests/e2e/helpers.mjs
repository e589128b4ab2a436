// Shared harness for the Pathlab browser end-to-end tests.
//
// - a tiny static server (node:http) over www/ on 127.0.0.1, random port;
// - headless system Chromium via playwright-core (no browser download);
// - one fresh incognito context per test, with every `pageerror` and
//   console error collected and turned into a test failure;
// - read-only helpers over the page's `window.pathlab` test hooks, and
//   real-mouse / real-keyboard helpers to act on the page.
//
// Tests never call page JS to *act*: only to read the hooks.

import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import os from 'node:os';
import assert from 'node:assert/strict';
import zlib from 'node:zlib';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const HERE = path.dirname(fileURLToPath(import.meta.url));
export const REPO = path.resolve(HERE, '..', '..');
// PATHLAB_WWW lets the harness be exercised against another page (e.g. a mock).
export const WWW = path.resolve(process.env.PATHLAB_WWW || path.join(REPO, 'www'));
export const MAPS = path.resolve(process.env.PATHLAB_MAPS || path.join(REPO, 'maps'));
export const SHOTS = path.join(HERE, 'screenshots');
export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
export const CLI = process.env.PATHLAB_CLI || path.join(REPO, 'target', 'release', 'pathlab');

// --disable-gpu keeps compositing and the 2D canvas in software, as on a machine without a
// GPU; WebGL2 then runs on SwiftShader (ANGLE's CPU renderer), which this flag allows, so the
// page's default renderer (WebGL2) is the one tested. `?renderer=2d` tests the fallback.
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--enable-unsafe-swiftshader',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

const MIME = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.wasm': 'application/wasm',
  '.png': 'image/png',
  '.bmp': 'image/bmp',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
  '.map': 'text/plain; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
};

/**
 * Static server over `root` on 127.0.0.1 with an OS-chosen port. `base` serves it under a
 * sub-path (`/tools/pathlab/`: everything else is 404); `headers` are added to every answer
 * (CORS, a CSP…), or, as a function of the request path, to those it returns them for.
 */
export async function startServer(root = WWW, { base = '/', headers = {} } = {}) {
  const server = http.createServer((req, res) => {
    let rel;
    try {
      rel = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    } catch {
      res.writeHead(400).end();
      return;
    }
    // The browser asks for a favicon on its own; do not let that 404 show up as a console
    // error the page is not responsible for.
    if (rel === '/favicon.ico') {
      res.writeHead(204).end();
      return;
    }
    if (!rel.startsWith(base)) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    const extra = typeof headers === 'function' ? headers(rel) : headers;
    rel = `/${rel.slice(base.length)}`;
    if (rel.endsWith('/')) rel += 'index.html';
    const file = path.resolve(root, '.' + rel);
    if (file !== root && !file.startsWith(root + path.sep)) {
      res.writeHead(403).end();
      return;
    }
    fs.readFile(file, (err, data) => {
      if (err) {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
        return;
      }
      res.writeHead(200, {
        'content-type': MIME[path.extname(file).toLowerCase()] || 'application/octet-stream',
        'cache-control': 'no-store',
        ...extra,
      });
      res.end(data);
    });
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address();
  return {
    url: `http://127.0.0.1:${port}${base}`,
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => {
      server.closeAllConnections?.();
      server.close(() => resolve());
    }),
  };
}

/** Headless Chromium with the suite's flags, and `extra` ones (say `--disable-webgl`). */
export async function launchBrowser(extra = []) {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [...CHROMIUM_ARGS, ...extra],
  });
}

/**
 * One server + one browser per test file. `env.withPage(t, fn)` gives `fn` a
 * fresh incognito page (empty localStorage) already loaded and ready, and
 * fails the test on any page error / console error.
 */
export async function startEnv() {
  fs.mkdirSync(SHOTS, { recursive: true });
  const server = await startServer();
  let browser;
  try {
    browser = await launchBrowser();
  } catch (e) {
    await server.close();
    throw e;
  }
  return {
    url: server.url,
    browser,
    async close() {
      await browser.close().catch(() => {});
      await server.close();
    },
    async withPage(t, fn, { load = true, allowConsole = [] } = {}) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      const problems = [];
      page.on('pageerror', (err) => problems.push(`pageerror: ${err && err.stack || err}`));
      page.on('console', (msg) => {
        if (msg.type() === 'error' && !allowConsole.some((re) => re.test(msg.text()))) {
          const loc = msg.location();
          problems.push(`console.error: ${msg.text()}${loc && loc.url ? ` (${loc.url}:${loc.lineNumber})` : ''}`);
        }
      });
      page.on('crash', () => problems.push('page crashed'));
      const name = slug(t.name);
      let failed = true;
      try {
        if (load) await gotoReady(page, server.url);
        await fn(page, { url: server.url, context, shot: (label) => shot(page, `${name}-${label}`) });
        failed = false;
      } finally {
        if (failed) await shot(page, `FAIL-${name}`).catch(() => {});
        await context.close().catch(() => {});
      }
      assert.deepEqual(problems, [], `page reported errors during "${t.name}"`);
    },
  };
}

export function slug(s) {
  return String(s).toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 80);
}

export async function shot(page, name) {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
}

// ---------------------------------------------------------------- reading

export async function waitReady(page) {
  await page.waitForFunction(() => !!(window.pathlab && window.pathlab.ready === true), null, { timeout: 20_000 });
}

export async function gotoReady(page, url) {
  await page.goto(url);
  await waitReady(page);
}

export const size = (page) => page.evaluate(() => window.pathlab.size());
export const startCell = (page) => page.evaluate(() => { const s = window.pathlab.start(); return { x: s.x, y: s.y }; });
export const goalCell = (page) => page.evaluate(() => { const g = window.pathlab.goal(); return { x: g.x, y: g.y }; });
export const exportMap = (page) => page.evaluate(() => window.pathlab.exportMap());
export const cellAt = (page, x, y) => page.evaluate(([x, y]) => window.pathlab.cell(x, y), [x, y]);

/** All grid bytes, row-major, as a plain array. */
export async function cells(page) {
  return page.evaluate(() => {
    const { width, height } = window.pathlab.size();
    const out = new Array(width * height);
    for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) out[y * width + x] = window.pathlab.cell(x, y);
    return { width, height, data: out };
  });
}

/** All search-state bytes, row-major. */
export async function states(page) {
  return page.evaluate(() => {
    const { width, height } = window.pathlab.size();
    const out = new Array(width * height);
    for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) out[y * width + x] = window.pathlab.state(x, y);
    return { width, height, data: out };
  });
}

/** Cells (as [x,y]) of a row-major grid whose byte satisfies `pred`. */
export function where(grid, pred) {
  const out = [];
  for (let y = 0; y < grid.height; y++) for (let x = 0; x < grid.width; x++) {
    if (pred(grid.data[y * grid.width + x])) out.push([x, y]);
  }
  return out;
}

/**
 * Waits until every panel that shows the planner's state — each `[data-sync]` element: the
 * status line, the statistics card, the timeline label, the canvas — says (in `data-version`)
 * that it was rendered from the planner's current version, and those that show a timeline
 * step (`data-step`) show the current one. Reads taken after this never see a panel that has
 * not caught up yet, however slow the machine. Pages without the hooks, or a crashed planner,
 * count as settled.
 */
export async function settled(page, timeout = 30_000) {
  await page.waitForFunction(() => {
    const p = window.pathlab;
    if (!p || !p.ready || !p.version || p.crashed?.()) return true;
    const version = String(p.version());
    const step = String(p.position());
    return [...document.querySelectorAll('[data-sync]')].every((el) => {
      if (el.closest('[hidden]')) return true;
      if (el.dataset.version !== version) return false;
      return el.dataset.step === undefined || el.dataset.step === step;
    });
  }, null, { timeout, polling: 'raf' });
}

export async function stat(page, name) {
  await settled(page);
  const el = page.locator(`[data-stat="${name}"]`).first();
  return ((await el.textContent()) || '').trim();
}

export async function waitStat(page, name, accept, timeout = 30_000) {
  const values = Array.isArray(accept) ? accept : [accept];
  await page.waitForFunction(([name, values]) => {
    const el = document.querySelector(`[data-stat="${name}"]`);
    return !!el && values.includes(el.textContent.trim());
  }, [name, values], { timeout });
  return stat(page, name);
}

export async function message(page) {
  await settled(page);
  return page.evaluate(() => {
    const el = document.getElementById('message');
    return el ? { kind: el.dataset.kind, text: el.textContent.trim() } : null;
  });
}

// ---------------------------------------------------------------- acting

/** Viewport coordinates of the centre of cell (x, y), from the page's hook. */
export async function cellPoint(page, x, y) {
  const p = await page.evaluate(([x, y]) => window.pathlab.cellToClient(x, y), [x, y]);
  assert.ok(Number.isFinite(p.x) && Number.isFinite(p.y), `cellToClient(${x},${y}) gave ${JSON.stringify(p)}`);
  return p;
}

/**
 * A real mouse drag through the given cells: press on the first, move to each
 * next one with `steps` intermediate events (1 = one jump), release on the last.
 */
export async function drag(page, points, { steps = 1, button = 'left' } = {}) {
  const pts = [];
  for (const [x, y] of points) pts.push(await cellPoint(page, x, y));
  await page.mouse.move(pts[0].x, pts[0].y);
  await page.mouse.down({ button });
  for (const p of pts.slice(1)) await page.mouse.move(p.x, p.y, { steps });
  await page.mouse.up({ button });
}

export async function clickCell(page, x, y, opts = {}) {
  const p = await cellPoint(page, x, y);
  await page.mouse.click(p.x, p.y, opts);
}

export async function dblclickCell(page, x, y) {
  const p = await cellPoint(page, x, y);
  await page.mouse.dblclick(p.x, p.y);
}

/** Give keyboard focus back to the document without touching the canvas. */
export async function focusNeutral(page) {
  // A click on the playback bar's own padding: no control, so the focus leaves any field.
  await page.locator('[aria-label="Search playback"]').click({ position: { x: 2, y: 2 } });
}

/** Make a known clean state: a fresh open map of w×h through the New-map form. */
export async function newMap(page, w = 30, h = 20) {
  await openPanel(page, 'map');
  await page.locator('#new-width').fill(String(w));
  await page.locator('#new-height').fill(String(h));
  await page.locator('#new-map').click();
  await page.waitForFunction(([w, h]) => {
    const s = window.pathlab && window.pathlab.ready && window.pathlab.size();
    return s && s.width === w && s.height === h;
  }, [w, h]);
  const grid = await cells(page);
  assert.ok(grid.data.every((c) => c !== 0), 'a new map must be open (no walls)');
  await assertWholeMapVisible(page);
  await focusNeutral(page);
}

/** The centres of the four corner cells are inside the canvas and the viewport. */
export async function assertWholeMapVisible(page) {
  const { width, height } = await size(page);
  const box = await page.locator('#grid-canvas').boundingBox();
  assert.ok(box, 'canvas#grid-canvas is rendered');
  const vp = page.viewportSize();
  for (const [x, y] of [[0, 0], [width - 1, 0], [0, height - 1], [width - 1, height - 1]]) {
    const p = await cellPoint(page, x, y);
    const inside = p.x >= box.x && p.x <= box.x + box.width && p.y >= box.y && p.y <= box.y + box.height
      && p.x >= 0 && p.y >= 0 && p.x <= vp.width && p.y <= vp.height;
    assert.ok(inside, `corner cell (${x},${y}) at ${JSON.stringify(p)} is not visible (canvas ${JSON.stringify(box)})`);
  }
}

/** Put the speed slider at its maximum (instant) with real keyboard input. */
export async function speedMax(page) {
  const speed = page.locator('#speed');
  await speed.focus();
  await page.keyboard.press('End');
  const { value, max } = await speed.evaluate((el) => ({ value: el.value, max: el.max }));
  assert.equal(value, max, '#speed should be at its max after pressing End');
}

/** Click Run and wait for the search to finish; returns the final status text. */
export async function runToEnd(page, timeout = 60_000) {
  await page.locator('#run').click();
  return waitStat(page, 'status', ['found', 'no path', 'partial'], timeout);
}

// ---------------------------------------------------------------- pixels

/**
 * Decodes a PNG as Chromium writes screenshots (8-bit RGB or RGBA, not interlaced) into
 * `{width, height, channels, data}`, so tests read what is on screen without page JS.
 */
export function decodePng(buffer) {
  let at = 8;
  let width = 0, height = 0, channels = 0;
  const idat = [];
  while (at < buffer.length) {
    const length = buffer.readUInt32BE(at);
    const type = buffer.toString('latin1', at + 4, at + 8);
    const body = buffer.subarray(at + 8, at + 8 + length);
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      assert.equal(body[8], 8, 'an 8-bit PNG');
      assert.equal(body[12], 0, 'a PNG without interlace');
      channels = { 2: 3, 6: 4 }[body[9]];
      assert.ok(channels, `PNG colour type ${body[9]} is RGB or RGBA`);
    } else if (type === 'IDAT') {
      idat.push(body);
    }
    at += 12 + length;
  }
  const raw = zlib.inflateSync(Buffer.concat(idat));
  const stride = width * channels;
  const data = Buffer.alloc(height * stride);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    for (let i = 0; i < stride; i++) {
      const a = i >= channels ? data[y * stride + i - channels] : 0;
      const b = y > 0 ? data[(y - 1) * stride + i] : 0;
      const c = i >= channels && y > 0 ? data[(y - 1) * stride + i - channels] : 0;
      const p = a + b - c;
      const paeth = Math.abs(p - a) <= Math.abs(p - b) && Math.abs(p - a) <= Math.abs(p - c) ? a : Math.abs(p - b) <= Math.abs(p - c) ? b : c;
      const predict = [0, a, b, (a + b) >> 1, paeth][filter];
      data[y * stride + i] = (line[i] + predict) & 255;
    }
  }
  return { width, height, channels, data };
}

/** The [r, g, b] on screen at viewport point (x, y) (rounded down), from a screenshot. */
export function pixelAt(image, x, y) {
  const i = (Math.floor(y) * image.width + Math.floor(x)) * image.channels;
  return [image.data[i], image.data[i + 1], image.data[i + 2]];
}

/**
 * The mean colour of a 25 × 25 lattice of screen points spanning `a` to `b` (viewport
 * points) in `image`, and how far the farthest sample is from it: how even a stretch of
 * the map looks (averaged cells give one colour; aliasing gives bands).
 * @returns {{ mean: number[], spread: number }}
 */
export function evenness(image, a, b) {
  const seen = [];
  for (let i = 0; i <= 24; i++) {
    for (let j = 0; j <= 24; j++) seen.push(pixelAt(image, a.x + ((b.x - a.x) * i) / 24, a.y + ((b.y - a.y) * j) / 24));
  }
  const mean = [0, 1, 2].map((c) => seen.reduce((s, p) => s + p[c], 0) / seen.length);
  const spread = Math.max(...seen.map((p) => Math.max(...p.map((v, c) => Math.abs(v - mean[c])))));
  return { mean, spread };
}

/** A screenshot of the viewport, decoded. */
export async function screen(page) {
  return decodePng(await page.screenshot());
}

/** The colours on screen at the centres of `cells` ([x, y] pairs), as [r, g, b] each. */
export async function cellPixels(page, cells) {
  const points = [];
  for (const [x, y] of cells) points.push(await cellPoint(page, x, y));
  const image = await screen(page);
  return points.map((p) => pixelAt(image, p.x, p.y));
}

/** Whether two [r, g, b] colours differ by at most `tolerance` in every channel. */
/** The two renderers and the query that picks each: WebGL2 (the default) and the 2D canvas. */
export const RENDERERS = [['webgl2', ''], ['2d', '?renderer=2d']];

/** '#rrggbb' as [r, g, b]. */
export const rgb = (hex) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));

/**
 * The tutorial page (it loads the JS API, window.Pathlab) with a fresh element `#api-host`
 * to mount into, at the top of the page, holding `text`.
 */
export async function apiHost(page, url, text = '') {
  await page.goto(`${url}tutorial.html`);
  await page.waitForFunction(() => window.tutorial?.ready === true, null, { timeout: 20_000 });
  await page.evaluate((text) => {
    const div = document.createElement('div');
    div.id = 'api-host';
    div.style.height = '300px';
    div.textContent = text;
    document.body.prepend(div);
  }, text);
}

export function near(a, b, tolerance = 3) {
  return a.every((v, i) => Math.abs(v - b[i]) <= tolerance);
}

// ---------------------------------------------------------------- geometry

/** Bresenham line between integer cells, both ends included. */
export function bresenham([x0, y0], [x1, y1]) {
  const out = [];
  const dx = Math.abs(x1 - x0), sx = x0 < x1 ? 1 : -1;
  const dy = -Math.abs(y1 - y0), sy = y0 < y1 ? 1 : -1;
  let err = dx + dy;
  for (;;) {
    out.push([x0, y0]);
    if (x0 === x1 && y0 === y1) break;
    const e2 = 2 * err;
    if (e2 >= dy) { err += dy; x0 += sx; }
    if (e2 <= dx) { err += dx; y0 += sy; }
  }
  return out;
}

/** Cells of the polyline through `points` (Bresenham per segment, deduplicated). */
export function polyline(points) {
  const seen = new Set();
  const out = [];
  for (let i = 1; i < points.length; i++) {
    for (const c of bresenham(points[i - 1], points[i])) {
      const k = c.join(',');
      if (!seen.has(k)) { seen.add(k); out.push(c); }
    }
  }
  if (points.length === 1) out.push(points[0]);
  return out;
}

/** Whether a set of cells is one 8-connected component. */
export function isEightConnected(list) {
  if (list.length === 0) return true;
  const set = new Set(list.map((c) => c.join(',')));
  const seen = new Set([list[0].join(',')]);
  const queue = [list[0]];
  while (queue.length) {
    const [x, y] = queue.pop();
    for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) {
      const k = `${x + dx},${y + dy}`;
      if (set.has(k) && !seen.has(k)) { seen.add(k); queue.push([x + dx, y + dy]); }
    }
  }
  return seen.size === set.size;
}

// ---------------------------------------------------------------- CLI

export function cliSolve(mapFile, from, to, extra = [], algo = 'astar') {
  assert.ok(fs.existsSync(CLI), `CLI binary missing at ${CLI} (cargo build --release --bin pathlab)`);
  const args = ['solve', mapFile, '--from', `${from.x},${from.y}`, '--to', `${to.x},${to.y}`, '--algo', algo, '--json', ...extra];
  const r = spawnSync(CLI, args, { encoding: 'utf8', timeout: 60_000 });
  assert.equal(r.status, 0, `pathlab ${args.join(' ')} exited ${r.status}: ${r.stderr}`);
  const line = r.stdout.trim().split('\n').filter(Boolean).pop();
  return JSON.parse(line);
}

export function readIndex() {
  const file = path.join(MAPS, 'index.json');
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

/** The shipped maps' entries of `index.json` ({file, start, goal, …}), in its order. */
export function shippedMaps() {
  const idx = readIndex();
  return Array.isArray(idx) ? idx : (idx.maps || []);
}

/** Picks the shipped map `entry` in the Map panel and waits for its start and goal. */
export async function loadShipped(page, entry) {
  await openPanel(page, 'map');
  await page.locator('#map').selectOption(entry.file);
  await page.waitForFunction(([sx, sy, gx, gy]) => {
    const p = window.pathlab; if (!p || !p.ready) return false;
    const s = p.start(), g = p.goal();
    return s.x === sx && s.y === sy && g.x === gx && g.y === gy;
  }, [...entry.start, ...entry.goal], { timeout: 20_000 });
}

export const tmpdir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'pathlab-e2e-'));

/**
 * Opens a parent page (served at `${base}${name}` by a route) that frames `src` at
 * `width`×`height`, records every Pathlab reply and event (`window.replies`,
 * `window.events`), and waits for the frame's `ready` event. Returns `ask(msg)`, which posts
 * a command and resolves to its reply.
 */
export async function openEmbedParent(page, base, src, { name = 'parent.html', width = 640, height = 480 } = {}) {
  const body = `<!doctype html><html><body style="margin:0">
<iframe id="f" src="${src}" style="width:${width}px;height:${height}px;border:0"></iframe>
<script>
  window.replies = []; window.events = [];
  addEventListener('message', (e) => {
    if (!e.data || e.data.pathlab !== 1) return;
    (e.data.event ? window.events : window.replies).push(e.data);
  });
  window.send = (msg) => document.getElementById('f').contentWindow.postMessage(msg, '*');
</script></body></html>`;
  const parentUrl = `${base}${name}`;
  await page.route(parentUrl, (route) => route.fulfill({ contentType: 'text/html', body }));
  await page.goto(parentUrl);
  await page.waitForFunction(() => window.events.some((e) => e.event === 'ready'), null, { timeout: 20_000 });
  return async (msg) => {
    await page.evaluate((m) => window.send(m), msg);
    const h = await page.waitForFunction((id) => window.replies.find((r) => r.id === id), msg.id);
    return h.jsonValue();
  };
}

/**
 * Lets `n` animation frames of `target` (a page or a frame) go by. For the few checks that
 * something does NOT happen (no reply, no expansion while paused): counting the page's own
 * frames scales with a slow machine, where a fixed time would not.
 */
export async function afterFrames(target, n = 10) {
  await target.evaluate((n) => new Promise((resolve) => {
    let left = n;
    const tick = () => (--left <= 0 ? resolve() : requestAnimationFrame(tick));
    requestAnimationFrame(tick);
  }), n);
}

/**
 * Opens the main page's panel `name` (settings, map, stats, open, pseudo, share, scen, legend,
 * keys) with a real click on its toggle unless it is open already, and waits until it shows.
 */
export async function openPanel(page, name) {
  const toggle = page.locator(`#panel-bar [data-panel="${name}"]`);
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  await page.locator(`#drawer details[data-panel="${name}"]`).waitFor({ state: 'visible' });
}

/** Closes the main page's panel `name` with a real click on its toggle, if it is open. */
export async function closePanel(page, name) {
  const toggle = page.locator(`#panel-bar [data-panel="${name}"]`);
  if ((await toggle.getAttribute('aria-expanded')) === 'true') await toggle.click();
  await page.locator(`#drawer details[data-panel="${name}"]`).waitFor({ state: 'hidden' });
}

// ---------------------------------------------------------------- the Agents view

/** The shared Moving AI MAPF benchmark (maps and `.scen` files), beside the repository. */
export const MAPF_BENCH = path.join(REPO, '..', 'shared', 'benchmarks', 'mapf');

/** Opens `MAPF_BENCH/NAME.map` (`width` cells wide) through the file input and shows the Agents view. */
export async function openMapfBenchmark(page, name, width) {
  await page.locator('#open-file').setInputFiles(path.join(MAPF_BENCH, `${name}.map`));
  await page.waitForFunction((w) => window.pathlab.size().width === w, width);
  await page.locator('#view').selectOption('agents');
  await waitCanvasData(page, 'agents', 'on');
}

/** Waits for the map canvas's `data-NAME` (camelCase, e.g. `agentsCount`) to be `value`. */
export async function waitCanvasData(page, name, value) {
  await page.waitForFunction(([n, v]) => document.querySelector('#grid-canvas').dataset[n] === v, [name, value]);
}

/**
 * A phone page (390×844, touch) showing the Agents view on a new open map of
 * `width`×`height`, made with taps through the Map panel and the ☰ menu, the map scrolled
 * into view. The caller closes `context`.
 * @returns {Promise<{context: import('playwright-core').BrowserContext, page: import('playwright-core').Page}>}
 */
export async function phoneAgentsPage(env, width = 12, height = 10) {
  const context = await env.browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  try {
    const page = await context.newPage();
    await gotoReady(page, env.url);
    await openPanel(page, 'map');
    await page.locator('#new-width').fill(String(width));
    await page.locator('#new-height').fill(String(height));
    await page.locator('#new-map').tap();
    await page.waitForFunction((w) => window.pathlab.size().width === w, width);
    await closePanel(page, 'map');
    // On a phone the View menu is in the top bar's ☰ menu.
    await page.locator('#menu-toggle').tap();
    await page.locator('#view').selectOption('agents');
    if ((await page.locator('#menu-toggle').getAttribute('aria-expanded')) === 'true') await page.locator('#menu-toggle').tap();
    await waitCanvasData(page, 'agents', 'on');
    await page.locator('#grid-canvas').scrollIntoViewIfNeeded();
    return { context, page };
  } catch (e) {
    await context.close().catch(() => {});
    throw e;
  }
}

/** Taps the cells `[x, y]` of the map in order (a start, then its goal, for each agent). */
export async function tapCells(page, cells) {
  for (const [x, y] of cells) {
    const p = await cellPoint(page, x, y);
    await page.touchscreen.tap(p.x, p.y);
  }
}
