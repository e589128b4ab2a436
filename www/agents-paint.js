// The Agents view's marks for the display list (picture.js): each agent's goal (a square in
// its colour), its planned path (a thin line in its colour; in a crowd, the picked agent's only), the agent itself (a numbered disc
// at its place at time t, slid between two time steps) and a bad plan's first conflict (a red
// ring round its cells), and a live step's arrows (PIBT's pushes and backtracks, LaCAM's
// constraints). Pure, like picture.js: the screen, the PNG/GIF and the SVG exports
// draw the same list. The plan and its time steps are Rust's (`Agents.paths()`); this file
// only places them.

import { AGENTS, MARKS } from './palette.js';

/**
 * What the Agents view shows, read from the wasm `Agents` by agents.js.
 * @typedef {object} AgentsScene
 * @property {ArrayLike<number>} ends `[sx, sy, gx, gy, …]`; a goal not given yet is 4294967295
 * @property {number} width the map's width (cells are `y * width + x` in `paths`)
 * @property {ArrayLike<number> | null} paths dense cells: agent i at time t is `paths[i * (horizon + 1) + t]`
 * @property {number} horizon the plan's last time step
 * @property {number} t the time shown (fractional between steps)
 * @property {{cells: [number, number][]} | null} conflict the first violation's cells
 * @property {number} [selected] the agent picked (drawn with a ring), or -1
 * @property {{from: [number, number], to: [number, number], kind: string}[]} [arrows] a live
 *   step's arrows between cells: `push`, `backtrack` (dashed) or `constraint`
 */

const NO_GOAL = 4294967295;

/** Above this many agents, only the picked agent's path is drawn, and no shadows. */
export const CROWD = 40;

/** Agent i's colour. */
export const agentColour = (i) => AGENTS.colours[i % AGENTS.colours.length];

/**
 * Where agent `i` is at time `t`: between cell `from` (at the step before) and cell `to` (the
 * step after), fraction `f` of the way; null without a plan.
 * @param {AgentsScene} s
 * @param {number} i
 * @param {number} t
 * @returns {{from: {x: number, y: number}, to: {x: number, y: number}, f: number} | null}
 */
export function agentAt(s, i, t) {
  if (!s.paths || !s.paths.length) return null;
  const steps = s.horizon + 1;
  const clamped = Math.max(0, Math.min(s.horizon, t));
  const t0 = Math.floor(clamped);
  const a = s.paths[i * steps + t0];
  const b = s.paths[i * steps + Math.min(s.horizon, t0 + 1)];
  if (a === NO_GOAL || b === NO_GOAL) return null;
  const cell = (v) => ({ x: v % s.width, y: Math.floor(v / s.width) });
  return { from: cell(a), to: cell(b), f: clamped - t0 };
}

/**
 * The agents' marks in drawing order: paths, goals, conflict, agents.
 * @param {AgentsScene} s
 * @param {import('./picture.js').Place} place
 * @param {boolean} live
 * @returns {import('./picture.js').Mark[]}
 */
export function agentMarks(s, place, live) {
  const { px } = place;
  const n = s.ends.length / 4;
  const r = Math.max(3.5, place.scale * 0.36) * px;
  /** @type {import('./picture.js').Mark[]} */
  const paths = [];
  /** @type {import('./picture.js').Mark[]} */
  const goals = [];
  /** @type {import('./picture.js').Mark[]} */
  const discs = [];
  const steps = s.horizon + 1;
  for (let i = 0; i < n; i++) {
    const colour = agentColour(i);
    const [sx, sy, gx, gy] = [s.ends[i * 4], s.ends[i * 4 + 1], s.ends[i * 4 + 2], s.ends[i * 4 + 3]];
    // Every path while they can be told apart; in a crowd, only the picked agent's.
    if (s.paths && s.paths.length && (n <= CROWD || s.selected === i)) {
      /** @type {[number, number][]} */
      const line = [];
      for (let t = 0; t < steps; t++) {
        const v = s.paths[i * steps + t];
        if (v === NO_GOAL) continue;
        const c = place.centre(v % s.width, Math.floor(v / s.width));
        const last = line[line.length - 1];
        if (!last || last[0] !== c.x || last[1] !== c.y) line.push([c.x, c.y]);
      }
      if (line.length > 1) paths.push({ id: 'agent-path', shapes: [{ line }], strokes: [{ colour: `${colour}99`, width: Math.max(1.5, place.scale * 0.12) * px }], round: true });
    }
    if (gx !== NO_GOAL) {
      const ring = place.ring(gx, gy, Math.max(7, place.scale * 0.62));
      goals.push({ id: 'agent-goal', shapes: [{ polygon: ring }], fill: `${colour}55`, strokes: [{ colour, width: Math.max(1.5, place.scale * 0.1) * px }] });
    }
    const p = agentAt(s, i, s.t) ?? { from: { x: sx, y: sy }, to: { x: sx, y: sy }, f: 0 };
    const a = place.centre(p.from.x, p.from.y);
    const b = place.centre(p.to.x, p.to.y);
    const c = { x: a.x + (b.x - a.x) * p.f, y: a.y + (b.y - a.y) * p.f };
    /** @type {import('./picture.js').Mark} */
    const disc = { id: 'agent', shapes: [{ circle: [c.x, c.y, r] }], fill: colour, strokes: [{ colour: MARKS.light, width: Math.max(px, r * 0.18) }] };
    if (live && r >= 7 * px) disc.label = { text: String(i), x: c.x, y: c.y + r * 0.05, size: Math.round(r * (i >= 10 ? 0.85 : 1.1)), colour: MARKS.light };
    if (live && n <= CROWD) disc.shadow = { colour: MARKS.shadow, blur: 3 };
    discs.push(disc);
    if (live && s.selected === i) {
      discs.push({ id: 'agent-selected', shapes: [{ circle: [c.x, c.y, r + 4 * px] }], strokes: [{ colour, width: 2.5 * px, dash: [3 * px, 2 * px] }] });
    }
  }
  /** @type {import('./picture.js').Mark[]} */
  const conflict = s.conflict?.cells.length
    ? [{ id: 'agent-conflict', shapes: s.conflict.cells.map(([x, y]) => ({ polygon: place.ring(x, y, Math.max(12, place.scale * 1.2)) })), strokes: [{ colour: MARKS.light, width: 5 * px }, { colour: AGENTS.conflict, width: 2.5 * px }] }]
    : [];
  return [...paths, ...goals, ...conflict, ...discs, ...arrowMarks(s.arrows ?? [], place)];
}

/**
 * A live step's arrows, each an arc from one cell's centre towards another's (bowed to its
 * left, so it shows between two agents side by side, off their discs) with a head; an arrow
 * to the cell it starts on (a constraint to stay) is a small ring.
 * @param {{from: [number, number], to: [number, number], kind: string}[]} arrows
 * @param {import('./picture.js').Place} place
 * @returns {import('./picture.js').Mark[]}
 */
export function arrowMarks(arrows, place) {
  const { px } = place;
  const width = Math.max(2, place.scale * 0.1) * px;
  const clear = Math.max(3.5, place.scale * 0.36) * px;
  return arrows.map((a) => {
    const colour = AGENTS[a.kind] ?? AGENTS.push;
    const strokes = [{ colour: MARKS.light, width: width + 2.5 * px }, { colour, width, ...(a.kind === 'backtrack' ? { dash: [4 * px, 3 * px] } : {}) }];
    const p = place.centre(a.from[0], a.from[1]);
    const q = place.centre(a.to[0], a.to[1]);
    const len = Math.hypot(q.x - p.x, q.y - p.y);
    if (len < 1) return { id: `agent-${a.kind}`, shapes: [{ circle: [p.x, p.y, place.scale * 0.45 * px] }], strokes };
    // A quadratic curve through a control point off the middle, outside both discs.
    const c = { x: (p.x + q.x) / 2 + ((q.y - p.y) / len) * len * 0.7, y: (p.y + q.y) / 2 - ((q.x - p.x) / len) * len * 0.7 };
    /** @type {[number, number][]} */
    const line = [];
    for (let i = 0; i <= 16; i++) {
      const s = i / 16;
      const x = (1 - s) * (1 - s) * p.x + 2 * (1 - s) * s * c.x + s * s * q.x;
      const y = (1 - s) * (1 - s) * p.y + 2 * (1 - s) * s * c.y + s * s * q.y;
      if (Math.hypot(x - p.x, y - p.y) > clear && Math.hypot(x - q.x, y - q.y) > clear) line.push([x, y]);
    }
    if (line.length < 2) return { id: `agent-${a.kind}`, shapes: [{ line: [[p.x, p.y], [q.x, q.y]] }], strokes, round: true };
    const [tx, ty] = line[line.length - 1];
    const [bx, by] = line[line.length - 2];
    const d = Math.hypot(tx - bx, ty - by) || 1;
    const [ux, uy] = [(tx - bx) / d, (ty - by) / d];
    const head = Math.max(7 * px, place.scale * 0.3 * px);
    /** @type {[number, number][]} */
    const wing = [[tx + ux * head * 0.5, ty + uy * head * 0.5], [tx - ux * head * 0.6 - uy * head * 0.55, ty - uy * head * 0.6 + ux * head * 0.55], [tx - ux * head * 0.6 + uy * head * 0.55, ty - uy * head * 0.6 - ux * head * 0.55]];
    return { id: `agent-${a.kind}`, shapes: [{ line }, { polygon: wing }], fill: colour, strokes, round: true };
  });
}
