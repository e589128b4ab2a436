// The browser half of the peer benchmark: Pathlab's wasm Planner and PathFinding.js on the
// same map and the same queries, in the same page. The node driver (bench/browser.mjs) calls
// `window.bench.runMap` once per map and collects the figures; nothing is timed in node.

import init, { Planner } from '/www/pkg/pathlab.js';
import { runEach } from './queries.js';

const SQRT2 = Math.SQRT2;

/** Path length of a list of [x, y] points joined by straight or diagonal runs (JPS returns
 * only the jump points, so a segment may be many cells long). Every map here has terrain 1. */
function pathLength(path) {
  let cost = 0;
  for (let i = 1; i < path.length; i++) {
    const dx = Math.abs(path[i][0] - path[i - 1][0]);
    const dy = Math.abs(path[i][1] - path[i - 1][1]);
    cost += Math.max(dx, dy) - Math.min(dx, dy) + SQRT2 * Math.min(dx, dy);
  }
  return cost;
}

/** Queries shorter than this many ms are timed again as a batch of back-to-back runs. */
const BATCH_MS = 0.5;

/**
 * How many runs to time together for a query whose single run took `ms`: `performance.now()`
 * resolves 5 µs here (cross-origin isolated), so a 10 µs query timed alone reads 10 or 15 µs
 * and a median of such readings is off by up to half. A batch lasts about BATCH_MS (at most
 * 100 runs); the batch's mean is the query's time. Every implementation gets the same rule.
 */
function batchSize(ms) {
  if (ms >= BATCH_MS) return 1;
  return Math.min(100, Math.ceil(BATCH_MS / Math.max(ms, 0.005)));
}

/** One wasm planner for the whole run, as the app keeps one. */
let planner;
let memory;

async function setup() {
  const wasm = await init();
  memory = wasm.memory;
  planner = new Planner(16, 16);
  window.bench = { ready: true, runMap, loadMap, runQueries };
  document.getElementById('state').textContent = 'ready';
}

/** Loads a map into the planner (the CPU-time runs time only `runQueries`). */
async function loadMap(url) {
  planner.loadMapText(await (await fetch(url)).text());
}

/**
 * Runs each of `queries` `repeats` times through the Pathlab API as `runMap`'s batches do
 * (the markers placed once, then resetSearch + runToEnd: one restart a run, as a native
 * query pays), timing nothing: the driver reads the browser's CPU time around it
 * (bench/browser.mjs --wasm-ratio). Returns how many runs there were.
 */
function runQueries({ queries, algorithm, recording, repeats }) {
  planner.setRecording(recording);
  planner.setSettings({ algorithm });
  return runEach(planner, queries, repeats);
}

/**
 * Runs every implementation on one map. `queries` are {sx, sy, gx, gy}; `plan` says how many
 * repeats and queries each implementation gets. Returns, per implementation, the per-query
 * milliseconds and expansions of each repeat and the returned costs (null: no path).
 */
async function runMap({ url, queries, plan }) {
  const text = await (await fetch(url)).text();
  planner.loadMapText(text);
  const { width, height } = planner;
  const out = {};

  // Pathlab wasm: the real API, one query = setStart + setGoal + runToEnd. Once a search
  // has finished, the app re-plans at once on every marker move (live re-planning), which
  // would run two extra searches per query; resetSearch (untimed) turns that off first.
  // A* is the like-for-like figure; JPS is what a user gets where it is allowed (uniform
  // cost, Moving AI corner rule: every map here), with the same optimal costs. Both run with
  // the timeline off (setRecording(false)), as an app that only wants answers runs them;
  // "A* (timeline on)" is the page's default, recording every step for scrubbing.
  const variants = [['pathlab-wasm', 'astar', false], ['pathlab-wasm-jps', 'jps', false], ['pathlab-wasm-rec', 'astar', true]];
  for (const [name, algorithm, recording] of variants) {
    const p = plan[name];
    if (!p || p.queries === 0) continue;
    planner.setRecording(recording);
    planner.setSettings({ algorithm });
    const runs = { repeats: [], costs: [] };
    for (let r = 0; r < p.repeats; r++) {
      const ms = [], expanded = [], costs = [];
      for (const q of queries.slice(0, p.queries)) {
        planner.resetSearch();
        const t0 = performance.now();
        planner.setStart(q.sx, q.sy);
        planner.setGoal(q.gx, q.gy);
        const status = planner.runToEnd();
        const t1 = performance.now();
        const stats = planner.stats();
        // Once more as a batch when the query is too short for the clock. The markers are
        // already in place, so a batched run restarts once (resetSearch), as a native query
        // does, where the timed run above restarted twice (two marker moves).
        const runs = batchSize(t1 - t0);
        if (runs > 1) {
          const b0 = performance.now();
          for (let i = 0; i < runs; i++) {
            planner.resetSearch();
            planner.runToEnd();
          }
          ms.push((performance.now() - b0) / runs);
        } else {
          ms.push(t1 - t0);
        }
        expanded.push(stats.expanded);
        costs.push(status === 'found' ? stats.pathCost : null);
      }
      runs.repeats.push({ ms, expanded });
      runs.costs = costs;
    }
    out[name] = runs;
  }

  // PathFinding.js: one base grid from Pathlab's own reading of the map (so both see the
  // same walls); each search needs a fresh clone, since finders mark the grid's nodes.
  const cells = new Uint8Array(memory.buffer, planner.cellsPtr(), width * height);
  const matrix = [];
  for (let y = 0; y < height; y++) {
    const row = new Array(width);
    for (let x = 0; x < width; x++) row[x] = cells[y * width + x] === 0 ? 1 : 0;
    matrix.push(row);
  }
  const base = new PF.Grid(width, height, matrix);
  const rule = PF.DiagonalMovement.OnlyWhenNoObstacles;
  const finders = {
    'pf-astar': () => new PF.AStarFinder({ diagonalMovement: rule, heuristic: PF.Heuristic.octile }),
    'pf-dijkstra': () => new PF.DijkstraFinder({ diagonalMovement: rule }),
    'pf-jps': () => new PF.JumpPointFinder({ diagonalMovement: rule, heuristic: PF.Heuristic.octile }),
  };
  for (const [name, make] of Object.entries(finders)) {
    const p = plan[name];
    if (!p || p.queries === 0) continue;
    const finder = make();
    // "find only" and "clone + find" come from the same searches: the clone is timed on its
    // own just before the find.
    const only = { repeats: [], costs: [] };
    const cloned = { repeats: [], costs: [] };
    for (let r = 0; r < p.repeats; r++) {
      const msOnly = [], msCloned = [], expanded = [], costs = [];
      for (const q of queries.slice(0, p.queries)) {
        const t0 = performance.now();
        const grid = base.clone();
        const t1 = performance.now();
        const path = finder.findPath(q.sx, q.sy, q.gx, q.gy, grid);
        const t2 = performance.now();
        // Too short for the clock: time a batch of clones, then a batch of finds on them.
        const runs = batchSize(t2 - t0);
        if (runs > 1) {
          const b0 = performance.now();
          const grids = [];
          for (let i = 0; i < runs; i++) grids.push(base.clone());
          const b1 = performance.now();
          for (const g of grids) finder.findPath(q.sx, q.sy, q.gx, q.gy, g);
          const b2 = performance.now();
          msOnly.push((b2 - b1) / runs);
          msCloned.push((b2 - b0) / runs);
        } else {
          msOnly.push(t2 - t1);
          msCloned.push(t2 - t0);
        }
        // Expansions: the nodes the finder closed (untimed).
        let closed = 0;
        for (const row of grid.nodes) for (const n of row) if (n.closed) closed++;
        expanded.push(closed);
        costs.push(path.length ? pathLength(path) : null);
      }
      only.repeats.push({ ms: msOnly, expanded });
      cloned.repeats.push({ ms: msCloned, expanded });
      only.costs = costs;
      cloned.costs = costs;
      // Let the page breathe between repeats (GC of the cloned grids).
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    out[name] = only;
    out[`${name}-clone`] = cloned;
  }
  return out;
}

setup().catch((e) => {
  document.getElementById('state').textContent = `failed: ${e}`;
  window.bench = { ready: false, error: String(e) };
});
