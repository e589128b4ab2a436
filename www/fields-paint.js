// Painting the distance field and the movement range (issue 20): the cell colours of the 2D
// layer (a frame of RGBA words made from the planner's heat or range bytes; the WebGL2 layer
// does the same in its shader from the same tables, palette.js), and the vectors as marks of
// the display list (picture.js), drawn on the view's canvas over both layers and in the
// exports: flow arrows, the crowd of walkers, the unit and the range's outline. Which way an arrow points, who walks where and which sides bound the range are the
// planner's (`fieldFlowPtr`, `walkersPtr`, `rangeOutline`); the screen vector of each move
// is `moveVectors()`, so no move table lives here.

import { buildHeatRamp, buildRangePalette, WALL_WORD, FIELD_MARKS, MARKS } from './palette.js';
import { RADIUS } from './geometry.js';

/**
 * What the field or range view hands the renderer for one frame (fields-view.js makes it).
 * @typedef {object} FieldScene
 * @property {'field' | 'range'} kind
 * @property {string} key changes whenever the cell colours may have: the view and its
 *   field's or range's version (every edit of the map changes the field or the range)
 * @property {Uint8Array} bytes the heat bytes (field) or the range mask (range), `y * width + x`
 * @property {(() => Uint8Array) | null} flow the flow bytes (field view, arrows shown) or
 *   null: asked for only when arrows are drawn, since the planner makes them on demand (for
 *   the whole map) after every change of the field
 * @property {Float64Array} vectors move d's screen vector at `2d`, `2d + 1`
 * @property {{prev: Uint32Array, cur: Uint32Array, f: number} | null} walkers x, y pairs
 *   before and after the current step, and how far along it the crowd is drawn
 * @property {Uint32Array | null} outline the range's sides, (x, y, d) triples
 * @property {{x: number, y: number} | null} unit the range's cell (where the unit stands)
 * @property {number} [width] the map's size in cells: an export draws the vectors of every
 *   cell (the screen, those in view)
 * @property {number} [height]
 */

/** The smallest cell (CSS px) that gets a flow arrow: below it arrows would be a smear. */
export const ARROW_MIN_CELL_PX = 10;

let heatRamp = null;
let rangePalette = null;

/**
 * Fills `out` (a word a cell, rows `width` long) with the colours of `scene` over the terrain
 * `cells` in the cell box `[x, y, w, h]`: walls as walls, the heat ramp (field) or the tinted
 * terrain (range).
 * @param {FieldScene} scene
 * @param {Uint8Array} cells
 * @param {Uint32Array} out
 * @param {number} width
 * @param {number[]} box
 */
export function fieldFrame(scene, cells, out, width, box) {
  const { bytes } = scene;
  const [x0, y0, bw, bh] = box;
  const field = scene.kind === 'field';
  heatRamp ??= buildHeatRamp();
  rangePalette ??= buildRangePalette();
  for (let y = y0; y < y0 + bh; y++) {
    const end = y * width + x0 + bw;
    for (let i = y * width + x0; i < end; i++) {
      out[i] = field
        ? (cells[i] === 0 ? WALL_WORD : heatRamp[bytes[i]])
        : rangePalette[cells[i] * 2 + (bytes[i] ? 1 : 0)];
    }
  }
}

/**
 * Cells per side of the tiles in which changes are found and painted again (the planner's
 * `takeChanges` tiles are this size too; render-gl.js keeps its levels' stale parts so).
 */
export const TILE = 32;

/**
 * The marked tiles of a `width` × `height` grid of cells (`tiles`: a byte a TILE × TILE tile,
 * `across` tiles a row, non-zero = marked) as cell boxes `[x, y, w, h, …]`: runs of marked
 * tiles along rows, clipped to the grid. Clears the marks it hands out.
 * @param {Uint8Array} tiles
 * @param {number} across
 * @param {number} width
 * @param {number} height
 * @returns {number[]}
 */
export function tileRuns(tiles, across, width, height) {
  const boxes = [];
  for (let i = 0; i < tiles.length;) {
    if (!tiles[i]) { i++; continue; }
    const rowEnd = (Math.floor(i / across) + 1) * across;
    let j = i;
    while (j < rowEnd && tiles[j]) tiles[j++] = 0;
    const x = (i % across) * TILE;
    const y = Math.floor(i / across) * TILE;
    boxes.push(x, y, Math.min(width, (j - rowEnd + across) * TILE) - x, Math.min(TILE, height - y));
    i = j;
  }
  return boxes;
}

/**
 * Where the field's (or the range's) bytes changed since the layer last painted them: a field
 * repair after a small edit changes a few cells of a million, and painting them all again
 * would make drawing on a big map stutter. Keeps a copy of the byte arrays it is shown.
 */
export class FieldChanges {
  constructor() {
    /** @type {Uint8Array[]} */
    this.copies = [];
    this.shape = '';
  }

  /** Forgets the copies: the next `take` answers "everything". */
  forget() {
    this.shape = '';
  }

  /**
   * The cell boxes `[x, y, w, h, …]` (runs of 32 × 32 tiles along rows) in which any of
   * `arrays` differs from its copy, and takes the copies; null when there are no copies of
   * this kind and size yet (everything is to be painted).
   * @param {string} kind
   * @param {number} w
   * @param {number} h
   * @param {Uint8Array[]} arrays
   * @returns {number[] | null}
   */
  take(kind, w, h, arrays) {
    const shape = `${kind}|${w}|${h}|${arrays.length}`;
    if (shape !== this.shape) {
      this.shape = shape;
      this.copies = arrays.map((a) => new Uint8Array(a));
      return null;
    }
    const across = Math.ceil(w / TILE);
    const tiles = new Uint8Array(across * Math.ceil(h / TILE));
    arrays.forEach((a, k) => {
      const copy = this.copies[k];
      for (let i = 0; i < a.length; i++) {
        if (a[i] !== copy[i]) {
          const y = Math.floor(i / w);
          tiles[(y >> 5) * across + ((i - y * w) >> 5)] = 1;
        }
      }
      copy.set(a);
    });
    return tileRuns(tiles, across, w, h);
  }
}

/**
 * The cells a field's vectors are drawn over: those in view, with one beyond on every side,
 * on screen (`place.view`); every cell in an export. `[x0, y0, x1, y1]`, ends included.
 * @param {import('./picture.js').Place} place
 * @param {FieldScene} scene
 */
function cellsShown(place, scene) {
  const view = place.view;
  if (!view) return [0, 0, (scene.width ?? 1) - 1, (scene.height ?? 1) - 1];
  const corners = [[0, 0], [view.cssWidth, 0], [0, view.cssHeight], [view.cssWidth, view.cssHeight]]
    .map(([px, py]) => view.pick(px, py));
  const xs = corners.map((c) => c.x);
  const ys = corners.map((c) => c.y);
  return [
    Math.max(0, Math.min(...xs) - 1), Math.max(0, Math.min(...ys) - 1),
    Math.min(view.gridW - 1, Math.max(...xs) + 1), Math.min(view.gridH - 1, Math.max(...ys) + 1),
  ];
}

/** Move d's vector, its length and its unit vector. */
function unitVector(vectors, d) {
  const vx = vectors[2 * d];
  const vy = vectors[2 * d + 1];
  const len = Math.hypot(vx, vy) || 1;
  return [vx / len, vy / len, len];
}

/**
 * An arrow in every cell shown that has a flow move, toward its cheapest neighbour: dark on
 * the light (near) end of the ramp, light on the dark end. Only when cells are at least
 * ARROW_MIN_CELL_PX across (on screen and in an export alike).
 * @param {FieldScene} scene
 * @param {import('./picture.js').Place} place
 * @returns {import('./picture.js').Mark[]}
 */
function arrowMarks(scene, place) {
  const { vectors, bytes } = scene;
  if (!scene.flow || place.scale < ARROW_MIN_CELL_PX) return [];
  const flow = scene.flow();
  // Making the flow may grow wasm memory, which empties the views made before it (the heat's):
  // the arrows are then all drawn dark, until the next frame's fresh views.
  const heat = bytes.length ? bytes : null;
  const [x0, y0, x1, y1] = cellsShown(place, scene);
  const w = place.view ? place.view.gridW : scene.width ?? 0;
  const s = place.scale * place.px;
  const half = s * 0.3;
  const head = s * 0.2;
  /** @type {import('./picture.js').Shape[]} */
  const dark = [];
  /** @type {import('./picture.js').Shape[]} */
  const light = [];
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      const i = y * w + x;
      const d = flow[i];
      if (d === 255 || 2 * d + 1 >= vectors.length) continue;
      const [vx, vy] = unitVector(vectors, d);
      const c = place.centre(x, y);
      const tipX = c.x + vx * half;
      const tipY = c.y + vy * half;
      const into = !heat || heat[i] < 150 ? dark : light;
      into.push({ line: [[c.x - vx * half, c.y - vy * half], [tipX, tipY]] });
      // The head: two barbs at ±35° back from the tip.
      into.push({
        line: [
          [tipX - head * (vx * 0.82 - vy * 0.57), tipY - head * (vy * 0.82 + vx * 0.57)],
          [tipX, tipY],
          [tipX - head * (vx * 0.82 + vy * 0.57), tipY - head * (vy * 0.82 - vx * 0.57)],
        ],
      });
    }
  }
  const width = Math.max(1, Math.min(2.5, place.scale * 0.08)) * place.px;
  return [
    { id: 'arrows-dark', shapes: dark, round: true, strokes: [{ colour: FIELD_MARKS.arrowDark, width }] },
    { id: 'arrows-light', shapes: light, round: true, strokes: [{ colour: FIELD_MARKS.arrowLight, width }] },
  ].filter((m) => m.shapes.length);
}

/**
 * The crowd: a dot per walker, `f` of the way from where it stood to where it stands (a
 * walker that has just appeared or been moved is drawn where it stands).
 * @param {NonNullable<FieldScene['walkers']>} walkers
 * @param {import('./picture.js').Place} place
 * @returns {import('./picture.js').Mark[]}
 */
function crowdMarks({ prev, cur, f }, place) {
  if (!cur.length) return [];
  const r = Math.max(1.6, Math.min(6, place.scale * 0.26));
  const same = prev.length === cur.length;
  /** @type {import('./picture.js').Shape[]} */
  const shapes = [];
  for (let i = 0; i < cur.length; i += 2) {
    let { x, y } = place.centre(cur[i], cur[i + 1]);
    if (same && f < 1) {
      const p = place.centre(prev[i], prev[i + 1]);
      x = p.x + (x - p.x) * f;
      y = p.y + (y - p.y) * f;
    }
    shapes.push({ circle: [x, y, r * place.px] });
  }
  return [{ id: 'crowd', shapes, fill: FIELD_MARKS.crowd, strokes: [{ colour: FIELD_MARKS.crowdRing, width: Math.max(0.75, r * 0.35) * place.px }] }];
}

/**
 * The unit whose range is shown: a disc in the outline's colour on its cell (with a shadow on
 * screen).
 * @param {{x: number, y: number}} at
 * @param {import('./picture.js').Place} place
 * @param {boolean} live
 * @returns {import('./picture.js').Mark[]}
 */
function unitMarks(at, place, live) {
  const c = place.centre(at.x, at.y);
  const r = Math.max(6, Math.min(14, place.scale * 0.38));
  /** @type {import('./picture.js').Mark} */
  const mark = {
    id: 'unit',
    shapes: [{ circle: [c.x, c.y, r * place.px] }],
    fill: FIELD_MARKS.outline,
    strokes: [{ colour: FIELD_MARKS.outlineCasing, width: Math.max(1.5, r * 0.25) * place.px }],
  };
  if (live) mark.shadow = { colour: MARKS.shadow, blur: 3 };
  return [mark];
}

/**
 * The range's boundary: every side of an in-range cell across which the neighbour (move d)
 * is out of range or off the map. A side is the edge at right angles to move d's vector,
 * half a pitch out from the centre: a square's side (half-length 1/2) or a hexagon's edge
 * (half-length RADIUS / 2, geometry.js).
 * @param {Uint32Array} outline (x, y, d) triples
 * @param {Float64Array} vectors
 * @param {import('./picture.js').Place} place
 * @returns {import('./picture.js').Mark[]}
 */
function outlineMarks(outline, vectors, place) {
  if (!outline.length) return [];
  const s = place.scale * place.px;
  const half = (place.hex ? RADIUS / 2 : 0.5) * s;
  /** @type {import('./picture.js').Shape[]} */
  const sides = [];
  for (let i = 0; i + 2 < outline.length; i += 3) {
    const [vx, vy, len] = unitVector(vectors, outline[i + 2]);
    const c = place.centre(outline[i], outline[i + 1]);
    // The middle of the side: half the way to the neighbour's centre.
    const mx = c.x + (vx * len * s) / 2;
    const my = c.y + (vy * len * s) / 2;
    sides.push({ line: [[mx - vy * half, my + vx * half], [mx + vy * half, my - vx * half]] });
  }
  const width = Math.max(1.5, Math.min(3, place.scale * 0.15));
  return [{
    id: 'range-outline',
    shapes: sides,
    round: true,
    strokes: [
      { colour: FIELD_MARKS.outlineCasing, width: (width + 2) * place.px, id: 'range-outline-casing' },
      { colour: FIELD_MARKS.outline, width: width * place.px, id: 'range-outline' },
    ],
  }];
}

/**
 * The field or range view's marks in the display list: under the mesh and the path, the flow
 * arrows and the range's outline; over the path, the crowd and the unit. The same marks on
 * screen (the cells in view) and in the exports (every cell).
 * @param {FieldScene} scene
 * @param {import('./picture.js').Place} place
 * @param {boolean} live
 * @returns {{under: import('./picture.js').Mark[], over: import('./picture.js').Mark[]}}
 */
export function fieldMarks(scene, place, live) {
  const under = arrowMarks(scene, place);
  if (scene.outline) under.push(...outlineMarks(scene.outline, scene.vectors, place));
  const over = scene.walkers ? crowdMarks(scene.walkers, place) : [];
  if (scene.unit) over.push(...unitMarks(scene.unit, place, live));
  return { under, over };
}
