// Multi-agent path finding in wasm: the page's own build (`www/pkg`, a `--target web` build
// of the crate, instantiated here from its file) runs LaCAM on the same instances as the
// native benchmark (examples/mapf_bench.rs) and prints the same table, so `bash
// scripts/bench.sh` can set the two side by side. The time is the solver's own, as the page
// shows it: `Agents.solve` times the solve by `performance.now()` in the wasm glue (the
// problem's distance tables, built before, are not in it; the native table leaves them out
// of its `ms` column too). Figures only, never asserted.
//
//   node bench/mapf_wasm.mjs [--quick] [--dir PATH] [--map NAME] [--agents 10,100] [--budget MS]
//                            [--repeats R] [--native mapf.md]
//
// The budget is the wasm goal's, 2 s, unless `--budget` says otherwise. One solve of 100
// agents on random-64-64-20 goes first, untimed, so V8 has compiled the solver's code in its
// optimising tier before the first instance is timed.
// `--quick`: the first scenario file of each map, agents 10, 100 and all (as the native
// `--quick`); without it both files, agents 10, 20, …, 100, then every 50, then all.
// Each instance is solved `--repeats` times (3) on fresh agents and its median time printed:
// the machine is shared, and single solves of a few milliseconds jump tenfold under load.
// `--native FILE`: the native benchmark's printout (examples/mapf_bench.rs) of the same
// instances; then the two are printed side by side, with the issue's goals met or not:
// LaCAM solves every instance within 1 s native and 2 s in wasm, PIBT's step of 1,000
// agents takes at most 1 ms native (its median).

import { readFileSync, existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const value = (flag) => {
  const k = args.indexOf(flag);
  return k >= 0 ? args[k + 1] : undefined;
};
const quick = args.includes('--quick');
const dir = value('--dir') ?? join(root, '../shared/benchmarks/mapf');
const only = value('--map');
const agentList = value('--agents')?.split(',').map(Number).filter((n) => n > 0);
const budgetMs = Number(value('--budget') ?? 2000);
const nativeFile = value('--native');
const repeats = Math.max(1, Number(value('--repeats') ?? 3));
/** The issue's goals, in ms. */
const GOAL_NATIVE_MS = 1000;
const GOAL_WASM_MS = 2000;
const GOAL_PIBT_MS = 1;
const MAPS = ['empty-16-16', 'random-32-32-20', 'room-32-32-4', 'random-64-64-20'];

/** The agent counts of a scenario file of `size` agents: as examples/mapf_bench.rs counts. */
export function counts(size, quickly) {
  let out = quickly ? [10, 100] : [...Array.from({ length: 10 }, (_, k) => (k + 1) * 10)];
  if (!quickly) for (let n = 150; n < size; n += 50) out.push(n);
  out = out.filter((n) => n < size);
  out.push(size);
  return out;
}

async function main() {
  if (!existsSync(dir)) {
    console.log(`note: ${dir} is missing; nothing to measure`);
    return;
  }
  const pkg = join(root, 'www/pkg');
  if (!existsSync(join(pkg, 'pathlab_bg.wasm'))) {
    console.log('note: www/pkg is missing (bash scripts/build-wasm.sh builds it); nothing to measure');
    return;
  }
  const wasm = await import(join(pkg, 'pathlab.js'));
  await wasm.default({ module_or_path: readFileSync(join(pkg, 'pathlab_bg.wasm')) });
  const { Planner, Agents } = wasm;
  const rows = [];
  warmUp(Planner, Agents);
  console.log(`## LaCAM in wasm (node ${process.versions.node}, www/pkg; budget ${budgetMs / 1000} s per instance, median of ${repeats})\n`);
  console.log('| map | scen | agents | solved | ms | configurations | SOC / lower bound |');
  console.log('|---|---|---|---|---|---|---|');
  for (const map of MAPS.filter((m) => !only || m === only)) {
    const mapFile = join(dir, `${map}.map`);
    if (!existsSync(mapFile)) continue;
    const planner = new Planner(8, 8);
    planner.loadMapText(readFileSync(mapFile, 'utf8'));
    for (const k of quick ? [1] : [1, 2]) {
      const scenFile = join(dir, `${map}-random-${k}.scen`);
      if (!existsSync(scenFile)) continue;
      const text = readFileSync(scenFile, 'utf8');
      const size = text.split('\n').filter((l) => /^\d/.test(l)).length;
      for (const n of (agentList ?? counts(size, quick)).filter((c) => c <= size)) {
        const runs = [];
        for (let r = 0; r < repeats; r++) {
          const agents = new Agents();
          agents.loadScen(planner, text, n);
          runs.push(agents.solve(planner, 'lacam', budgetMs));
          agents.free();
        }
        runs.sort((a, b) => a.ms - b.ms);
        const o = runs[Math.floor(runs.length / 2)];
        const solved = o.soc !== null;
        const ratio = solved ? (o.soc / Math.max(1, o.socLb)).toFixed(3) : 'NaN';
        console.log(`| ${map} | ${k} | ${n} | ${solved ? 'yes' : 'no'} | ${o.ms.toFixed(2)} | ${o.nodes} | ${ratio} |`);
        rows.push({ map, k, n, solved, ms: o.ms, nodes: o.nodes });
      }
    }
    planner.free();
  }
  if (nativeFile) sideBySide(rows, readFileSync(nativeFile, 'utf8'));
}

/** One untimed solve, so the timed ones run V8's optimised code. */
function warmUp(Planner, Agents) {
  const map = join(dir, 'random-64-64-20.map');
  const scen = join(dir, 'random-64-64-20-random-1.scen');
  if (!existsSync(map) || !existsSync(scen)) return;
  const planner = new Planner(8, 8);
  planner.loadMapText(readFileSync(map, 'utf8'));
  const agents = new Agents();
  agents.loadScen(planner, readFileSync(scen, 'utf8'), 100);
  agents.solve(planner, 'lacam', budgetMs);
  agents.free();
  planner.free();
}

/**
 * The native printout's LaCAM rows, keyed `map/scen/agents`, and its PIBT line's median.
 * @param {string} text
 */
export function readNative(text) {
  const lacam = new Map();
  for (const line of text.split('\n')) {
    const c = line.split('|').map((s) => s.trim());
    // | map | scen | agents | solved | ms | configurations | SOC / lower bound | tables ms |
    if (c.length === 10 && /^\d+$/.test(c[2]) && /^\d+$/.test(c[3]) && ['yes', 'no'].includes(c[4])) {
      lacam.set(`${c[1]}/${c[2]}/${c[3]}`, { solved: c[4] === 'yes', ms: Number(c[5]), nodes: Number(c[6]) });
    }
  }
  const pibt = /steps: mean ([\d.]+) ms, median ([\d.]+) ms, max ([\d.]+) ms/.exec(text);
  return { lacam, pibt: pibt ? { mean: Number(pibt[1]), median: Number(pibt[2]), max: Number(pibt[3]) } : null };
}

/** Prints native and wasm side by side, and the goals met or not. */
function sideBySide(rows, text) {
  const native = readNative(text);
  console.log('\n## LaCAM, native and wasm side by side (the same instances, the solver\'s own time)\n');
  console.log('| map | scen | agents | native ms | wasm ms | wasm / native | configurations (native, wasm) |');
  console.log('|---|---|---|---|---|---|---|');
  let nativeMet = 0;
  let wasmMet = 0;
  let both = 0;
  const missed = [];
  for (const r of rows) {
    const n = native.lacam.get(`${r.map}/${r.k}/${r.n}`);
    if (!n) continue;
    both += 1;
    const okNative = n.solved && n.ms <= GOAL_NATIVE_MS;
    const okWasm = r.solved && r.ms <= GOAL_WASM_MS;
    if (okNative) nativeMet += 1;
    if (okWasm) wasmMet += 1;
    if (!okNative || !okWasm) missed.push(`${r.map} file ${r.k}, ${r.n} agents (native ${n.solved ? `${n.ms} ms` : 'unsolved'}, wasm ${r.solved ? `${r.ms.toFixed(1)} ms` : 'unsolved'})`);
    const ratio = n.solved && r.solved && n.ms > 0 ? (r.ms / n.ms).toFixed(2) : '–';
    console.log(`| ${r.map} | ${r.k} | ${r.n} | ${n.solved ? n.ms.toFixed(2) : 'unsolved'} | ${r.solved ? r.ms.toFixed(2) : 'unsolved'} | ${ratio} | ${n.nodes}, ${r.nodes} |`);
  }
  const word = (ok) => (ok ? 'met' : 'NOT met');
  console.log('\n### Goals\n');
  console.log(`- LaCAM solves every instance within ${GOAL_NATIVE_MS / 1000} s native: ${word(both > 0 && nativeMet === both)} (${nativeMet} of ${both})`);
  console.log(`- LaCAM solves every instance within ${GOAL_WASM_MS / 1000} s in wasm: ${word(both > 0 && wasmMet === both)} (${wasmMet} of ${both})`);
  if (missed.length) console.log(`  - missed: ${missed.join('; ')}`);
  if (native.pibt) {
    const p = native.pibt;
    console.log(`- PIBT, one step of 1,000 agents on random-64-64-20, at most ${GOAL_PIBT_MS} ms native: ${word(p.median <= GOAL_PIBT_MS)} (median ${p.median} ms, mean ${p.mean} ms, slowest ${p.max} ms)`);
  } else {
    console.log('- PIBT, one step of 1,000 agents: not in the native printout');
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
