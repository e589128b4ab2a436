// Pictures of a planner for a text: the view as it is shown (walls, terrain, open, closed and
// scanned cells, or the distance field's heat and arrows, or the movement range and its
// outline; the path, the markers), squares or hexagons, as PNG or SVG, and the search as an
// animated GIF over a range of timeline steps. Every picture is the display list
// (picture.js) of the planner's bytes — its first entry the cells (cells.js), then the marks —
// with the page's colours (palette.js), never read off the screen, so it does not depend on
// the zoom, the window or the renderer, and the same step always gives the same picture. The
// SVG merges runs of equal cells (one path per colour), so a 1024² map stays a file of a few
// MB. The GIF's frames come from the timeline: each frame seeks the planner to its step, and
// the planner is put back where it was after. The GIF encoder is gifenc (npm, served from
// vendor/, loaded only when a GIF is made).

import { MARKS, MESH, STATES, FIELD_MARKS, BACKGROUND, css, rgbOf, word } from './palette.js';
import { displayList, drawMarks, layoutPlace, svgMarks } from './picture.js';
import { cellLayer, hexOfWord, pictureSize } from './cells.js';
import { algorithmInfo } from './algorithms.js';

/**
 * What a picture is drawn from: a copy of the planner's bytes and vectors as shown now.
 * @typedef {object} Shot
 * @property {number} width
 * @property {number} height
 * @property {import('./cells.js').CellScene} cells the cells as the view colours them
 * @property {number[]} path the path as x, y pairs (cell corners of an any-angle path)
 * @property {{x: number, y: number}} start
 * @property {{x: number, y: number}} goal
 * @property {import('./picture.js').MeshScene | null} mesh the node mesh, when searched
 * @property {import('./fields-paint.js').FieldScene | null} fields the field's or range's
 *   vectors, in those views
 * @property {import('./agents-paint.js').AgentsScene | null} [agents] the Agents view's agents, when shown
 */

/**
 * The field's or range's vectors of `view` as shown now, copied (null in the path view).
 * @param {import('./view.js').PlannerView} view
 * @param {Uint8Array} bytes the heat bytes or the range mask, copied
 * @returns {import('./fields-paint.js').FieldScene | null}
 */
function fieldShot(view, bytes) {
  const p = view.planner;
  const layer = view.fields;
  const kind = layer.state.view;
  if (kind === 'path') return null;
  const { width, height } = p;
  const base = { kind, key: '', bytes, vectors: layer.moveVectors(), width, height };
  if (kind === 'range') {
    return { ...base, flow: null, walkers: null, outline: p.rangeOutline(), unit: layer.state.range?.from ?? null };
  }
  let flow = null;
  if (layer.arrows) {
    // Asked for before the memory is read: making the flow may grow it.
    const ptr = p.fieldFlowPtr();
    flow = new Uint8Array(view.memory().buffer, ptr, width * height).slice();
  }
  const at = p.walkerCount ? layer.positions() : null;
  return { ...base, flow: flow && (() => flow), walkers: at && { prev: at, cur: at, f: 1 }, outline: null, unit: null };
}

/**
 * The planner of `view` as shown now.
 * @param {import('./view.js').PlannerView} view
 * @returns {Shot}
 */
export function snapshot(view) {
  const p = view.planner;
  const mesh = algorithmInfo(p.settings().algorithm)?.needs.mesh
    ? { nodes: Array.from(p.meshNodes()), edges: Array.from(p.meshEdges()), blocked: Array.from(p.meshBlockedEdges()) }
    : null;
  const states = view.statesView().slice();
  const kind = view.fields.state.view;
  const size = p.width * p.height;
  let bytes = null;
  if (kind !== 'path') {
    const ptr = kind === 'field' ? p.fieldHeatPtr() : p.rangeMaskPtr();
    bytes = new Uint8Array(view.memory().buffer, ptr, size).slice();
  }
  return {
    width: p.width,
    height: p.height,
    cells: { width: p.width, height: p.height, shape: p.shape, view: kind, cells: view.cellsView().slice(), states, bytes },
    path: Array.from(p.path()),
    start: p.start(),
    goal: p.goal(),
    mesh: mesh && { ...mesh, states, width: p.width },
    fields: bytes && fieldShot(view, bytes),
    agents: view.agents?.scene() ?? null,
  };
}

/** Pixels per cell that make the longer side about 1024 px (1–24). */
export function defaultScale(width, height) {
  return Math.max(1, Math.min(24, Math.floor(1024 / Math.max(width, height))));
}

/**
 * The picture's display list (picture.js, the one the screen draws too), in cell pitches:
 * the cells, the field's or range's vectors, the mesh, the path over its casing, the start
 * disc and the goal diamond, at the page's sizes for `scale` pixels a cell.
 * @param {Shot} shot
 * @param {number} scale
 */
const listOf = (shot, scale) => displayList(shot, layoutPlace(shot.cells.shape, scale));

/**
 * The picture as SVG text: `viewBox` in cell pitches (geometry.js's extent), `width` and
 * `height` in pixels at `scale`. The path is the polyline `#path` through the centres of its
 * cells (x + 0.5, y + 0.5 on squares).
 * @param {Shot} shot
 * @param {{scale?: number}} [options]
 */
export function svgOf(shot, { scale = defaultScale(shot.width, shot.height) } = {}) {
  const list = listOf(shot, scale);
  const layer = /** @type {import('./cells.js').CellLayer} */ (list[0].cells);
  const [w, h] = layer.layout.extent(shot.width, shot.height);
  const [pw, ph] = pictureSize(layer, scale);
  const n = (v) => String(Math.round(v * 1000) / 1000);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${n(w)} ${n(h)}" width="${pw}" height="${ph}" shape-rendering="crispEdges">`,
    `<title>Pathlab: a ${shot.width}×${shot.height} map</title>`,
    ...svgMarks(list.slice(0, 1)),
    '<g id="marks" shape-rendering="geometricPrecision">',
    ...svgMarks(list.slice(1)),
    '</g>',
    '</svg>',
  ].join('\n');
}

/**
 * Paints the picture on a 2D context (the picture's size, `canvasOf`) at `scale` pixels a
 * cell pitch: the display list, its cells first.
 * @param {CanvasRenderingContext2D} ctx
 * @param {Shot} shot
 * @param {number} scale
 */
export function paint(ctx, shot, scale) {
  ctx.setTransform(scale, 0, 0, scale, 0, 0);
  drawMarks(ctx, listOf(shot, scale));
  ctx.setTransform(1, 0, 0, 1, 0, 0);
}

/** A canvas of the picture at `scale`. */
function canvasOf(shot, scale) {
  const canvas = document.createElement('canvas');
  [canvas.width, canvas.height] = pictureSize(cellLayer(shot.cells), scale);
  paint(/** @type {CanvasRenderingContext2D} */ (canvas.getContext('2d')), shot, scale);
  return canvas;
}

/**
 * The view as shown now, as a PNG or an SVG file.
 * @param {import('./view.js').PlannerView} view
 * @param {{format?: string, scale?: number}} [options] `format` 'png' (default) or 'svg';
 *   `scale` pixels a cell (default: the longer side about 1024 px)
 * @returns {Promise<Blob>}
 */
export async function exportImage(view, { format = 'png', scale } = {}) {
  const shot = snapshot(view);
  const s = checkScale(scale, shot);
  if (format === 'svg') return new Blob([svgOf(shot, { scale: s })], { type: 'image/svg+xml' });
  if (format !== 'png') throw new Error(`the format must be "png" or "svg", not ${JSON.stringify(String(format)).slice(0, 30)}`);
  const canvas = canvasOf(shot, s);
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('the browser could not encode the PNG'))), 'image/png');
  });
}

/** The largest picture side, in pixels. */
const MAX_SIDE = 8192;

function checkScale(scale, shot) {
  if (scale === undefined || scale === null) return defaultScale(shot.width, shot.height);
  if (!Number.isInteger(scale) || scale < 1 || scale > 64) throw new Error(`the scale must be a whole number of pixels a cell from 1 to 64, not ${String(scale).slice(0, 20)}`);
  if (Math.max(shot.width, shot.height) * scale > MAX_SIDE) throw new Error(`at ${scale} pixels a cell the picture would be wider than ${MAX_SIDE} pixels`);
  return scale;
}

/**
 * Every colour a picture of `shot` can have, as [r, g, b]: its cells' table (the heat ramp
 * every other step: a GIF has 256 colours), the page's background round hexagons, and the
 * marks', with the mesh's when it is drawn (see-through edges come out in the nearest of them).
 * @param {Shot} shot
 */
function gifPalette(shot) {
  const colours = new Set();
  const { words } = cellLayer(shot.cells);
  const every = words.length > 128 ? 2 : 1;
  words.forEach((w, i) => {
    if (i % every === 0 || i >= words.length - 2) colours.add(hexOfWord(w));
  });
  colours.add(hexOfWord(word(BACKGROUND)));
  const marks = [MARKS.start, MARKS.goal, MARKS.path, MARKS.casing, MARKS.light];
  if (shot.mesh) marks.push(...Object.values(MESH), ...STATES.filter(Boolean).map((s) => css(s.rgb)));
  if (shot.fields) marks.push(...Object.values(FIELD_MARKS));
  for (const c of marks) colours.add(hexOfWord(word(rgbOf(c))));
  return [...colours].map((c) => [1, 3, 5].map((i) => parseInt(c.slice(i, i + 2), 16)));
}

/**
 * The pixels a cell of an animation when none is chosen: the longer side about 512 px, at
 * most 8 a cell (an animation's frames are many; a picture's default is `defaultScale`).
 * @param {number} width
 * @param {number} height
 */
export function gifScale(width, height) {
  return Math.max(1, Math.min(8, Math.floor(512 / Math.max(width, height))));
}

/**
 * The search as an animated GIF: one frame every `every` steps of the timeline from `from`
 * to `to` (the last step always included, and held `hold` ms), `delay` ms a frame. Pixels
 * unchanged since the frame before are left transparent, so a frame costs what changed.
 * `onProgress(fraction)` follows the encoding; `signal` (an AbortSignal) cancels it with an
 * AbortError. The planner is back at the step it showed when this resolves or rejects.
 * @param {import('./view.js').PlannerView} view
 * @param {{from?: number, to?: number, every?: number, scale?: number, delay?: number, hold?: number,
 *   onProgress?: (fraction: number) => void, signal?: AbortSignal}} [options]
 * @returns {Promise<Blob>}
 */
export async function exportAnimation(view, options = {}) {
  const p = view.planner;
  const length = p.timelineLength();
  const { from = 0, to = length, every = Math.max(1, Math.ceil((to - from) / 150)), delay = 60, hold = 1500, onProgress, signal } = options;
  for (const [name, v] of /** @type {[string, number][]} */ ([['from', from], ['to', to], ['every', every], ['delay', delay], ['hold', hold]])) {
    if (!Number.isInteger(v) || v < 0) throw new Error(`${name} must be a whole number of at least 0, not ${String(v).slice(0, 20)}`);
  }
  if (to > length) throw new Error(`the timeline has ${length} steps: "to" must be at most ${length}`);
  if (from > to) throw new Error('"from" must not be after "to"');
  if (every < 1) throw new Error('every must be at least 1');
  const steps = [];
  for (let s = from; s < to; s += every) steps.push(s);
  steps.push(to);
  if (steps.length > 2000) throw new Error(`${steps.length} frames are too many: take a frame every ${Math.ceil((to - from) / 2000)} steps or more`);
  const first = snapshot(view);
  const scale = checkScale(options.scale ?? gifScale(first.width, first.height), first);
  const url = new URL('./vendor/gifenc.js', import.meta.url).href;
  const { GIFEncoder, applyPalette } = await import(url);
  const palette = gifPalette(first);
  const clear = palette.length;
  const withClear = [...palette, [255, 0, 255]];
  const canvas = document.createElement('canvas');
  [canvas.width, canvas.height] = pictureSize(cellLayer(first.cells), scale);
  const ctx = /** @type {CanvasRenderingContext2D} */ (canvas.getContext('2d', { willReadFrequently: true }));
  const back = p.timelinePosition();
  view.stop();
  const gif = GIFEncoder();
  let previous = null;
  try {
    for (let i = 0; i < steps.length; i++) {
      if (signal?.aborted) throw new DOMException('The export was cancelled.', 'AbortError');
      p.seek(steps[i]);
      paint(ctx, snapshot(view), scale);
      const index = applyPalette(ctx.getImageData(0, 0, canvas.width, canvas.height).data, palette);
      let frame = index;
      if (previous) {
        frame = new Uint8Array(index.length);
        for (let j = 0; j < index.length; j++) frame[j] = index[j] === previous[j] ? clear : index[j];
      }
      gif.writeFrame(frame, canvas.width, canvas.height, {
        palette: i === 0 ? withClear : undefined,
        delay: i === steps.length - 1 ? hold : delay,
        transparent: i > 0,
        transparentIndex: clear,
        dispose: 1,
      });
      previous = index;
      onProgress?.((i + 1) / steps.length);
      // Let the page paint the bar and take a click on Cancel.
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
  } finally {
    p.seek(back);
    view.syncStats();
  }
  gif.finish();
  return new Blob([gif.bytes()], { type: 'image/gif' });
}
