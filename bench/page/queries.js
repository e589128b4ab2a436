// The one loop both benchmark drivers time (the bench page, bench/wasm_node.mjs): each query
// set on the planner once, then searched `repeats` times from a reset. Returns how many runs
// there were.

/**
 * @param {{resetSearch(): void, setStart(x: number, y: number): void, setGoal(x: number, y: number): void, runToEnd(): unknown}} planner
 * @param {{sx: number, sy: number, gx: number, gy: number}[]} queries
 * @param {number} repeats
 */
export function runEach(planner, queries, repeats) {
  let n = 0;
  for (const q of queries) {
    planner.resetSearch();
    planner.setStart(q.sx, q.sy);
    planner.setGoal(q.gx, q.gy);
    for (let r = 0; r < repeats; r++) {
      planner.resetSearch();
      planner.runToEnd();
      n++;
    }
  }
  return n;
}
