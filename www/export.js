// Pictures of a planner for a text: the view as it is shown (walls, terrain, open and closed
// cells, the path, the markers) as PNG or SVG, and the search as an animated GIF over a
// range of timeline steps. Every picture is drawn from the planner's bytes — the grid, the
// search states, the path — with the page's colours (palette.js), never read off the screen,
// so it does not depend on the zoom, the window or the renderer, and the same step always
// gives the same picture. The SVG merges runs of equal cells into rectangles (one path per
// colour), so a 1024² map stays a file of a few MB. The GIF's frames come from the timeline:
// each frame seeks the planner to its step, and the planner is put back where it was after.
// The GIF encoder is gifenc (npm, served from vendor/, loaded only when a GIF is made).

import { MARKS, MESH, STATES, cellColour, TERRAIN, STATE_COUNT, css, rgbOf, hexOf as hex } from './palette.js';
import { displayList, drawMarks, squarePlace, svgMarks } from './picture.js';
import { algorithmInfo } from './algorithms.js';

/**
 * What a picture is drawn from: a copy of the planner's bytes and vectors as shown now.
 * @typedef {object} Shot
 * @property {number} width
 * @property {number} height
 * @property {Uint8Array} cells grid bytes (0 wall, 1–4 terrain)
 * @property {Uint8Array} states search-state bytes
 * @property {number[]} path the path as x, y pairs (cell corners of an any-angle path)
 * @property {{x: number, y: number}} start
 * @property {{x: number, y: number}} goal
 * @property {import('./picture.js').MeshScene | null} mesh the node mesh, when searched
 */

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
  return {
    width: p.width,
    height: p.height,
    cells: view.cellsView().slice(),
    states,
    path: Array.from(p.path()),
    start: p.start(),
    goal: p.goal(),
    mesh: mesh && { ...mesh, states, width: p.width },
  };
}

/** Pixels per cell that make the longer side about 1024 px (1–24). */
export function defaultScale(width, height) {
  return Math.max(1, Math.min(24, Math.floor(1024 / Math.max(width, height))));
}

/**
 * The picture's display list (picture.js, the one the screen draws too), in cell units (a
 * cell is 1 × 1, its centre at +0.5): the mesh, the path over its casing, the start disc and
 * the goal diamond, at the page's sizes for `scale` pixels a cell.
 * @param {Shot} shot
 * @param {number} scale
 */
const marksOf = (shot, scale) => displayList(shot, squarePlace(scale));

/** The colour of every cell, as an index into `colours` (a cell's terrain and state). */
function cellKeys(shot) {
  const n = shot.width * shot.height;
  const keys = new Uint16Array(n);
  for (let i = 0; i < n; i++) keys[i] = shot.cells[i] * 16 + (shot.cells[i] === 0 ? 0 : shot.states[i]);
  return keys;
}

/**
 * The cells as rectangles: runs of equal cells along a row, merged with the run of the row
 * above when it spans the same columns; the most common colour is left to the background.
 * @param {Shot} shot
 */
function rectangles(shot) {
  const { width: w, height: h } = shot;
  const keys = cellKeys(shot);
  const counts = new Map();
  for (const k of keys) counts.set(k, (counts.get(k) ?? 0) + 1);
  const background = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 16;
  const rects = [];
  let above = new Map();
  for (let y = 0; y < h; y++) {
    const row = new Map();
    for (let x = 0; x < w;) {
      const k = keys[y * w + x];
      let end = x + 1;
      while (end < w && keys[y * w + end] === k) end++;
      if (k !== background) {
        const id = `${x}:${end}:${k}`;
        let r = above.get(id);
        if (r) r.h++;
        else {
          r = { x, y, w: end - x, h: 1, k };
          rects.push(r);
        }
        row.set(id, r);
      }
      x = end;
    }
    above = row;
  }
  return { background, rects };
}

const colourOf = (key) => hex(cellColour(key >> 4, key & 15));

/**
 * The picture as SVG text: `viewBox` in cells, `width`/`height` in pixels at `scale`. The
 * path is the polyline `#path` through the centres of its cells (x + 0.5, y + 0.5).
 * @param {Shot} shot
 * @param {{scale?: number}} [options]
 */
export function svgOf(shot, { scale = defaultScale(shot.width, shot.height) } = {}) {
  const { width: w, height: h } = shot;
  const { background, rects } = rectangles(shot);
  const byColour = new Map();
  for (const r of rects) {
    const d = `M${r.x} ${r.y}h${r.w}v${r.h}h-${r.w}z`;
    const list = byColour.get(r.k);
    if (list) list.push(d);
    else byColour.set(r.k, [d]);
  }
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w * scale}" height="${h * scale}" shape-rendering="crispEdges">`,
    `<title>Pathlab: a ${w}×${h} map</title>`,
    `<rect id="background" width="${w}" height="${h}" fill="${colourOf(background)}"/>`,
    '<g id="cells">',
    ...[...byColour.entries()].map(([k, ds]) => `<path data-cell="${k >> 4}" data-state="${k & 15}" fill="${colourOf(k)}" d="${ds.join('')}"/>`),
    '</g>',
    '<g id="marks" shape-rendering="geometricPrecision">',
  ];
  parts.push(...svgMarks(marksOf(shot, scale)));
  parts.push('</g>', '</svg>');
  return parts.join('\n');
}

/**
 * Paints the picture on a 2D context at `scale` pixels a cell: the cells one pixel each,
 * scaled up without smoothing, then the display list (the SVG's vectors).
 * @param {CanvasRenderingContext2D} ctx
 * @param {Shot} shot
 * @param {number} scale
 */
export function paint(ctx, shot, scale) {
  const { width: w, height: h } = shot;
  const keys = cellKeys(shot);
  const image = new ImageData(w, h);
  const colours = new Map();
  for (let i = 0; i < keys.length; i++) {
    let c = colours.get(keys[i]);
    if (!c) {
      c = cellColour(keys[i] >> 4, keys[i] & 15);
      colours.set(keys[i], c);
    }
    image.data.set([c[0], c[1], c[2], 255], i * 4);
  }
  const cells = document.createElement('canvas');
  cells.width = w;
  cells.height = h;
  /** @type {CanvasRenderingContext2D} */ (cells.getContext('2d')).putImageData(image, 0, 0);
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.imageSmoothingEnabled = false;
  ctx.drawImage(cells, 0, 0, w * scale, h * scale);
  ctx.setTransform(scale, 0, 0, scale, 0, 0);
  drawMarks(ctx, marksOf(shot, scale));
  ctx.setTransform(1, 0, 0, 1, 0, 0);
}

/** A canvas of the picture at `scale`. */
function canvasOf(shot, scale) {
  const canvas = document.createElement('canvas');
  canvas.width = shot.width * scale;
  canvas.height = shot.height * scale;
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
 * Every colour a picture can have, as [r, g, b]: the cells' and the marks', with the mesh's
 * when it is drawn (its see-through edges come out in the nearest of them).
 * @param {boolean} mesh
 */
function gifPalette(mesh) {
  const colours = new Set();
  for (let cell = 0; cell < TERRAIN.length; cell++) {
    for (let state = 0; state < STATE_COUNT; state++) colours.add(hex(cellColour(cell, state)));
  }
  const marks = [MARKS.start, MARKS.goal, MARKS.path, MARKS.casing, MARKS.light];
  if (mesh) marks.push(...Object.values(MESH), ...STATES.filter(Boolean).map((s) => css(s.rgb)));
  for (const c of marks) colours.add(hex(rgbOf(c)));
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
  const palette = gifPalette(Boolean(first.mesh));
  const clear = palette.length;
  const withClear = [...palette, [255, 0, 255]];
  const canvas = document.createElement('canvas');
  canvas.width = first.width * scale;
  canvas.height = first.height * scale;
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
