// Learn mode's marks over the cells (learn.js): the picture a question shows when the
// planner does not (a finished search's cells, tinted by their state), the cells the question
// points at, the student's picks (numbered where order counts), and after an answer the
// engine's cells and the student's wrong ones. Built as the display list's marks (picture.js),
// so they are drawn like every other mark, on either cell layer. Pure: no DOM, no wasm.

import { LEARN, STATES, TERRAIN, css } from './palette.js';

/**
 * What Learn mode asks the view to draw: `fills` are cells tinted as a state byte
 * (CellState) would tint them; `rings` ring a cell as `ask` (the question's), `pick` (the
 * student's), `right` (the engine's answer) or `wrong` (a pick that is not), with an optional
 * label (the order of a pick); `walls` are cells painted as a wall the question has just drawn
 * (the planner's map does not have it yet).
 * @typedef {object} LearnScene
 * @property {{x: number, y: number, state: number}[]} fills
 * @property {{x: number, y: number}[]} [walls]
 * @property {{x: number, y: number, kind: 'ask' | 'pick' | 'right' | 'wrong', label?: string}[]} rings
 */

/**
 * The marks of `scene`: `under` goes below the path and the markers (the tinted cells),
 * `over` above them (the rings and their labels).
 * @param {LearnScene | null | undefined} scene
 * @param {import('./picture.js').Place} place
 * @returns {{under: import('./picture.js').Mark[], over: import('./picture.js').Mark[]}}
 */
export function learnMarks(scene, place) {
  const out = { under: [], over: [] };
  if (!scene) return out;
  const s = place.scale;
  /** @type {Map<number, import('./picture.js').Shape[]>} */
  const byState = new Map();
  for (const f of scene.fills) {
    if (!STATES[f.state]) continue;
    const shapes = byState.get(f.state) ?? [];
    shapes.push({ polygon: place.ring(f.x, f.y, s) });
    byState.set(f.state, shapes);
  }
  for (const [state, shapes] of byState) {
    const st = STATES[state];
    if (!st) continue;
    out.under.push({ id: `learn-state-${state}`, shapes, fill: `rgba(${st.rgb.join(', ')}, ${st.alpha})` });
  }
  if (scene.walls?.length) {
    out.under.push({ id: 'learn-wall', shapes: scene.walls.map((w) => ({ polygon: place.ring(w.x, w.y, s) })), fill: css(TERRAIN[0].rgb) });
  }
  const widths = { ask: 2.5, pick: 3, right: 3.5, wrong: 3 };
  for (const ring of scene.rings) {
    const size = Math.max(s - (ring.kind === 'pick' ? 3 : ring.kind === 'ask' ? 0 : -5), 10);
    const c = place.centre(ring.x, ring.y);
    /** @type {import('./picture.js').Mark} */
    const mark = {
      id: `learn-${ring.kind}`,
      shapes: [{ polygon: place.ring(ring.x, ring.y, size) }],
      strokes: [{ colour: LEARN.rim, width: widths[ring.kind] + 2.5 }, { colour: LEARN[ring.kind], width: widths[ring.kind], dash: ring.kind === 'ask' ? [4, 3] : [] }],
    };
    if (ring.label && s >= 10) mark.label = { text: ring.label, x: c.x, y: c.y, size: Math.round(Math.min(s * 0.55, 18)), colour: css(LEARN.labelRgb) };
    out.over.push(mark);
  }
  return out;
}
