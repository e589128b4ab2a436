// Shared pieces of the benchmark harness: paths, a seeded random generator, Moving AI map
// and scenario parsing, and the tiny CommonJS bundler that turns the installed npm
// `pathfinding` package into one script the bench page can load.

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const BENCH = path.dirname(fileURLToPath(import.meta.url));
export const REPO = path.resolve(BENCH, '..');
export const WORK = path.join(BENCH, 'work');
export const RESULTS = path.join(BENCH, 'results');
/** Debian's Chromium (no browser download); CHROMIUM_PATH overrides it. */
export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
/** As tests/e2e/helpers.mjs: software compositing and 2D canvas, WebGL2 on SwiftShader. */
export const CHROMIUM_ARGS = [
  '--no-sandbox', '--disable-gpu', '--enable-unsafe-swiftshader', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic',
];
/**
 * Time to interactive on `page`'s next navigation: when the app installs its hooks
 * (`window.pathlab`, in its first animation frame after the wasm, the map list and the first
 * map have loaded), from navigation start, left in `window.__interactiveMs`.
 */
export async function timeInteractive(page) {
  await page.addInitScript(() => {
    let hooks;
    Object.defineProperty(window, 'pathlab', {
      configurable: true,
      get: () => hooks,
      set: (v) => {
        hooks = v;
        if (window.__interactiveMs === undefined) window.__interactiveMs = performance.now();
      },
    });
  });
}
export const MOVINGAI = path.resolve(process.env.PATHLAB_MOVINGAI || path.join(REPO, '..', 'shared', 'benchmarks', 'movingai'));

/** mulberry32: a small, well-mixed 32-bit generator; the same seed gives the same stream. */
export function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** An integer in [0, n). */
export const pick = (random, n) => Math.floor(random() * n);

/** Median of a list of numbers (the mean of the middle two for even lengths). */
export function median(values) {
  if (!values.length) return NaN;
  const s = [...values].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/** Writes JSON with a trailing newline, creating the folder. */
export function writeJson(file, value) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify(value, null, 1) + '\n');
}

export const readJson = (file) => JSON.parse(fs.readFileSync(file, 'utf8'));

/**
 * Problems of a Moving AI `.scen` file: `{bucket, map, sx, sy, gx, gy, optimal, tolerance}`.
 * The tolerance is half a unit in the last printed decimal.
 */
export function parseScen(text) {
  const out = [];
  for (const line of text.split(/\r?\n/)) {
    const f = line.trim().split(/\s+/);
    if (f.length < 9 || f[0] === 'version') continue;
    // Lengths print with a fixed number of decimals or significant digits; a length printed
    // without decimals is a whole number, exact.
    const decimals = (f[8].split('.')[1] || '').length;
    out.push({
      bucket: Number(f[0]), map: f[1],
      sx: Number(f[4]), sy: Number(f[5]), gx: Number(f[6]), gy: Number(f[7]),
      optimal: Number(f[8]),
      tolerance: decimals ? 0.5 * 10 ** -decimals + 1e-9 : 1e-6,
    });
  }
  return out;
}

/**
 * Bundles the installed npm `pathfinding` package (its own `src/`, and its one dependency
 * `heap`) into a single browser script that defines `window.PF`, so the page runs exactly
 * the version npm installed rather than an old prebuilt bundle.
 */
export function bundlePathfinding() {
  const modules = new Map();
  const resolve = (from, spec) => {
    if (spec.startsWith('.')) {
      const base = path.resolve(path.dirname(from), spec);
      return fs.existsSync(base + '.js') ? base + '.js' : path.join(base, 'index.js');
    }
    const pkgDir = path.join(BENCH, 'node_modules', spec);
    const main = JSON.parse(fs.readFileSync(path.join(pkgDir, 'package.json'), 'utf8')).main || 'index.js';
    const file = path.resolve(pkgDir, main);
    return fs.existsSync(file) ? file : file + '.js';
  };
  const add = (file) => {
    if (modules.has(file)) return;
    let src = fs.readFileSync(file, 'utf8');
    modules.set(file, null);
    const deps = {};
    src = src.replace(/require\((['"])([^'"]+)\1\)/g, (_, q, spec) => {
      const target = resolve(file, spec);
      deps[spec] = target;
      add(target);
      return `__req(${JSON.stringify(path.relative(BENCH, target))})`;
    });
    modules.set(file, src);
  };
  const entry = resolve(path.join(BENCH, 'x.js'), 'pathfinding');
  add(entry);
  let out = '(function(){var __defs={},__cache={};\n';
  out += 'function __req(n){if(__cache[n])return __cache[n].exports;var m={exports:{}};__cache[n]=m;__defs[n](m,m.exports);return m.exports;}\n';
  for (const [file, src] of modules) {
    out += `__defs[${JSON.stringify(path.relative(BENCH, file))}]=function(module,exports){\n${src}\n};\n`;
  }
  out += `window.PF=__req(${JSON.stringify(path.relative(BENCH, entry))});})();\n`;
  return out;
}

/** The version string of an installed npm package of the harness. */
export function npmVersion(name) {
  return readJson(path.join(BENCH, 'node_modules', name, 'package.json')).version;
}
