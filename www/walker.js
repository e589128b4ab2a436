// The walker a view sends along the path (the Walk button): along the path found, eased in
// and out, or — with D* Lite — the live walker, for which the planner moves the start one cell
// along the path per step and repairs the search from there, so walls drawn in front of it are
// walked round. A walker is a plain object the view keeps; these functions make and move it.

/** Milliseconds per cell for the D* Lite walker. */
const LIVE_STEP_MS = 140;

/**
 * A walker along `path` (x, y pairs), or null when there is no path to walk. `centre(x, y)`
 * places a cell's centre in cell pitches (a hex step is 1 long, as a square's side is).
 * @param {Uint32Array | number[]} path
 * @param {(x: number, y: number) => number[]} centre
 * @param {number} now
 */
export function pathWalker(path, centre, now) {
  if (path.length < 4) return null;
  const pts = path;
  const lengths = [0];
  for (let i = 2; i < pts.length; i += 2) {
    const [ax, ay] = centre(pts[i - 2], pts[i - 1]);
    const [bx, by] = centre(pts[i], pts[i + 1]);
    lengths.push(lengths[lengths.length - 1] + Math.hypot(bx - ax, by - ay));
  }
  const total = lengths[lengths.length - 1];
  // About 8 cells a second, but never more than 12 s for very long paths.
  const duration = Math.min(12000, Math.max(1200, (total / 8) * 1000));
  return { pts, lengths, total, duration, t0: now, pos: null };
}

/**
 * D* Lite's walker, starting at `at` (the start).
 * @param {{x: number, y: number}} at
 * @param {number} now
 */
export function liveWalker(at, now) {
  return { live: true, from: at, to: at, t0: now, steps: 0, done: false, arrived: false };
}

/** Moves the live walker on when its step time is up (the planner moves the start). */
function liveWalkerPosition(w, now, planner) {
  if (!w.done && now - w.t0 >= LIVE_STEP_MS) {
    const next = planner.advanceWalker();
    if (next.length === 2) {
      w.from = w.to;
      w.to = { x: next[0], y: next[1] };
      w.steps++;
    } else {
      w.done = true;
      w.from = w.to;
      const goal = planner.goal();
      w.arrived = w.to.x === goal.x && w.to.y === goal.y;
    }
    w.t0 = now;
  }
  const f = w.done ? 1 : Math.min(1, (now - w.t0) / LIVE_STEP_MS);
  return { from: w.from, to: w.to, f, done: w.done };
}

/**
 * Where walker `w` is at time `now`: between cells `from` and `to`, `f` of the way, and
 * whether it is done.
 * @param {any} w
 * @param {number} now
 * @param {import('./pkg/pathlab.js').Planner} planner
 */
export function walkerPosition(w, now, planner) {
  if (w.live) return liveWalkerPosition(w, now, planner);
  const t = Math.min(1, (now - w.t0) / w.duration);
  // Ease in and out so the walker starts and stops softly.
  const eased = t < 0.5 ? 2 * t * t : 1 - (-2 * t + 2) ** 2 / 2;
  const d = eased * w.total;
  let i = 1;
  while (i < w.lengths.length - 1 && w.lengths[i] < d) i++;
  const seg = w.lengths[i] - w.lengths[i - 1] || 1;
  const f = Math.min(1, Math.max(0, (d - w.lengths[i - 1]) / seg));
  const from = { x: w.pts[2 * (i - 1)], y: w.pts[2 * (i - 1) + 1] };
  const to = { x: w.pts[2 * i], y: w.pts[2 * i + 1] };
  return { from, to, f, done: t >= 1 };
}
