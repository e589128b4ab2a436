// The longest single step of a big search (issue 29, goal 3: a frame's share of stepping is
// only kept if no one call stalls): runs the page's wasm (www/pkg, in Node, no browser) on the
// 4096² page map of bench/gen.mjs, A* (or --algo NAME) from one corner to the opposite one,
// by calls of stepWithin(2) at the 8 ms time slice the page picks for a map this size, with
// the timeline recording as in the page, and prints the longest calls by CPU time
// (process.cpuUsage) and by the clock, with the expansions at each. Figures, never asserted.
//
// `--off` runs the same with recording off, to tell the timeline's stalls from the rest;
// `--pkg DIR` takes the wasm from another build (another work tree's www/pkg) for a before.
//
//   node bench/gen.mjs && node bench/stalls.mjs [--algo astar] [--map page4096] [--share 2] [--off]
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const algorithm = arg('algo', 'astar');
const mapName = arg('map', 'page4096');
const share = Number(arg('share', '2'));

const PKG = arg('pkg') ? new URL(`file://${arg('pkg').replace(/\/?$/, '/')}`) : new URL('../www/pkg/', import.meta.url);
const pkg = await import(new URL('pathlab.js', PKG).href);
pkg.initSync({ module: fs.readFileSync(fileURLToPath(new URL('pathlab_bg.wasm', PKG))) });

const text = fs.readFileSync(fileURLToPath(new URL(`work/maps/${mapName}.map`, import.meta.url)), 'utf8');
const planner = new pkg.Planner(8, 8);
const width = Number(/width (\d+)/.exec(text)[1]);
const height = Number(/height (\d+)/.exec(text)[1]);
const rows = text.split('\n').slice(4);
const open = (x, y) => rows[y] && '.GS'.includes(rows[y][x]);
// The free cells nearest two opposite corners, along the diagonal.
const near = (x0, y0, dx, dy) => {
  for (let r = 0; r < Math.min(width, height); r++) {
    for (let i = 0; i <= r; i++) {
      const x = x0 + dx * i;
      const y = y0 + dy * (r - i);
      if (open(x, y)) return [x, y];
    }
  }
  throw new Error('no free cell');
};
const [sx, sy] = near(0, 0, 1, 1);
const [gx, gy] = near(width - 1, height - 1, -1, -1);
planner.loadMapText(text, [sx, sy, gx, gy]);
planner.setSettings({ algorithm });
planner.setSpeed('millis', 8);
const recording = !process.argv.includes('--off');
planner.setRecording(recording);

const calls = [];
let status = 'running';
const started = Date.now();
while (status === 'running') {
  const cpu = process.cpuUsage();
  const t = performance.now();
  status = planner.stepWithin(share);
  const ms = performance.now() - t;
  const used = process.cpuUsage(cpu);
  calls.push({ cpu: (used.user + used.system) / 1000, ms, expanded: planner.stats().expanded });
}
const total = (Date.now() - started) / 1000;
const byCpu = [...calls].sort((a, b) => b.cpu - a.cpu);
const byClock = [...calls].sort((a, b) => b.ms - a.ms);
const sorted = calls.map((c) => c.cpu).sort((a, b) => a - b);
const pct = (p) => sorted[Math.round((sorted.length - 1) * p)];
const fmt = (c) => `${c.cpu.toFixed(1)} ms CPU / ${c.ms.toFixed(1)} ms clock at ${c.expanded.toLocaleString('en')}`;
console.log(`${algorithm} on ${mapName} (${width}×${height}), recording ${recording ? 'on' : 'off'}, ` +
  `stepWithin(${share}) at an 8 ms slice: ` +
  `${status}, ${calls.length} calls, ${calls.at(-1).expanded.toLocaleString('en')} expansions, ${total.toFixed(1)} s`);
console.log(`call CPU ms: median ${pct(0.5).toFixed(2)}, p99 ${pct(0.99).toFixed(2)}, p99.9 ${pct(0.999).toFixed(2)}`);
console.log('longest by CPU:');
for (const c of byCpu.slice(0, 8)) console.log(`  ${fmt(c)}`);
console.log('longest by the clock:');
for (const c of byClock.slice(0, 4)) console.log(`  ${fmt(c)}`);
console.log(`timeline: ${planner.stats().timelineBytes / 1e6} MB`);
