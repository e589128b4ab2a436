// The walker's own geometry and timing (the Walk button): along the path found, eased in and
// out, or — with D* Lite — the live walker, for which the planner moves the start one cell
// along the path per step and repairs the search from there, so walls drawn in front of it are
// walked round. A walker is a plain object the session keeps (session.js: `walkers`, by lane);
// these functions make it, say where it is and when it moves on, and never change it: a live
// walker's step is a new walker (`liveMoved`). No planner is called here.

/** Milliseconds per cell for the D* Lite walker. */
const LIVE_STEP_MS = 140;

/** How long a walker that has arrived stays on the map, in milliseconds. */
const LINGER_MS = 1500;

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
  return { pts, lengths, total, duration, t0: now };
}

/**
 * D* Lite's walker, starting at `at` (the start).
 * @param {{x: number, y: number}} at
 * @param {number} now
 */
export function liveWalker(at, now) {
  return { live: true, from: at, to: at, t0: now, steps: 0, done: false, arrived: false };
}

/** Whether live walker `w` is due to move on at `now` (the planner moves the start). */
export function liveStepDue(w, now) {
  return Boolean(w.live && !w.done && now - w.t0 >= LIVE_STEP_MS);
}

/**
 * Live walker `w` after the planner moved it at `now`: to `next` (x, y), or — `next` empty —
 * nowhere: it has stopped, arrived when it stands on `goal`.
 * @param {any} w
 * @param {ArrayLike<number>} next
 * @param {{x: number, y: number}} goal
 * @param {number} now
 */
export function liveMoved(w, next, goal, now) {
  if (next.length === 2) return { ...w, from: w.to, to: { x: next[0], y: next[1] }, steps: w.steps + 1, t0: now };
  return { ...w, from: w.to, done: true, arrived: w.to.x === goal.x && w.to.y === goal.y, t0: now };
}

/**
 * Where walker `w` is at time `now`: between cells `from` and `to`, `f` of the way, and
 * whether it is done.
 * @param {any} w
 * @param {number} now
 */
export function walkerPosition(w, now) {
  if (w.live) {
    const f = w.done ? 1 : Math.min(1, (now - w.t0) / LIVE_STEP_MS);
    return { from: w.from, to: w.to, f, done: w.done };
  }
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

/** Whether walker `w` has arrived and lingered long enough at `now` to leave the map. */
export function walkerGone(w, now) {
  if (w.live) return w.done && now - w.t0 > LINGER_MS;
  return now - w.t0 > w.duration + LINGER_MS;
}
