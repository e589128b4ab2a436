// The page's wasm A* queries in Node, no browser (issue 29, goal 4): loads a wasm package
// (www/pkg, or --pkg DIR for another build), and runs each map's queries of
// bench/work/queries.json as the bench page's CPU-time run does (timeline off; per query the
// markers placed once, then resetSearch + runToEnd `--reps` times, after a quarter as many
// untimed). Prints the CPU µs a query (process.cpuUsage). Figures, never asserted.
//
// For counting instructions under load, run it twice under callgrind with V8 compiling every
// function at once with its optimising compiler and on one thread, and take the difference:
//
//   valgrind --tool=callgrind node --single-threaded --no-liftoff --no-wasm-tier-up \
//     bench/wasm_node.mjs --maps arena --reps 1          (then --reps 201)
//
// (runs 2 and 251 of the 100 queries: the difference over 24,900 queries is a query's count).
//
//   node bench/gen.mjs && node bench/wasm_node.mjs [--pkg www/pkg] [--maps arena,room-32-32-4] [--reps N]
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runEach } from './page/queries.js';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const here = path.dirname(fileURLToPath(import.meta.url));
const pkg = path.resolve(arg('pkg', path.join(here, '..', 'www', 'pkg')));
const work = path.join(here, 'work');
const mod = await import(path.join(pkg, 'pathlab.js'));
mod.initSync({ module: fs.readFileSync(path.join(pkg, 'pathlab_bg.wasm')) });
const queries = JSON.parse(fs.readFileSync(path.join(work, 'queries.json'), 'utf8'));
const names = arg('maps', 'arena,room-32-32-4').split(',');
const planner = new mod.Planner(16, 16);
const out = [];
for (const name of names) {
  const m = queries.maps.find((x) => x.name === name);
  if (!m) throw new Error(`no map ${name} in bench/work/queries.json (run node bench/gen.mjs)`);
  planner.loadMapText(fs.readFileSync(path.join(work, m.file), 'utf8'));
  planner.setRecording(false);
  planner.setSettings({ algorithm: 'astar' });
  // About 2·10⁵ cells' worth of searching a map unless told.
  const reps = Number(arg('reps', 0)) || Math.max(1, Math.round(2e5 / (m.width * m.height)));
  const run = (r) => runEach(planner, m.queries, r);
  run(Math.max(1, reps >> 2));
  const started = process.cpuUsage();
  const n = run(reps);
  const used = process.cpuUsage(started);
  out.push(`${name} ${((used.user + used.system) / n).toFixed(2)} µs`);
}
console.log(out.join('  '));
