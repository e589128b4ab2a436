// The picture's display list: every vector drawn over the cells — the node mesh, the path
// over its casing, the current node, the highlighted cell, the start disc and the goal
// diamond, the walker, the brush under the pointer, the keyboard cursor, and (in the field
// and range views) the flow arrows, the range's outline, the crowd and the unit — built once
// from what the planner shows, in the order they are drawn, with palette.js's colours.
//
// One list, three consumers: the view's canvas over either cell layer (render.js, for the 2D
// canvas and WebGL2 alike), the PNG and GIF exports (`drawMarks` on their own canvas) and the
// SVG export (`svgMarks`). Only where a mark is (a cell's centre, a ring round a cell) and
// how large a pixel is differ between them, and a `Place` says that; so the screen and the
// exports cannot draw the path, the markers or the mesh differently. Pure: no DOM, no wasm
// (a `ctx` is handed in), so tests/unit/picture.test.mjs runs it in Node.
//
// The cells are every list's first entry. In an export it is `scene.cells` (cells.js, the cell
// layer — walls, terrain, the search's tints, the field's heat, the range — as squares or
// hexagons, rastered or written as SVG); on screen it is `scene.paintCells`, the renderer's
// cell layer (render.js), which colours them a byte at a time where the bytes are (the wasm
// frame and fields-paint.js for the 2D canvas, the shader for WebGL2: a million cells a
// frame) — both from the same palette.js tables: `buildPalette`, `buildHeatRamp`,
// `buildRangePalette`.

import { MARKS, MESH, STATES, css, rgbOf, alphaOf, hexOf } from './palette.js';
import { fieldMarks } from './fields-paint.js';
import { cellLayer, rasterCells, svgCells } from './cells.js';
import { layoutOf } from './geometry.js';
import { agentMarks } from './agents-paint.js';
import { learnMarks } from './learn-marks.js';

/**
 * Where marks go, in drawing units: `centre(x, y)` is cell (x, y)'s centre, `ring(x, y,
 * size)` the corners of a ring `size` px across round it (a square, or a hexagon on maps of
 * hexagons); `scale` is px a cell (marks grow a little with it) and `px` drawing units a px.
 * `view` is the screen's viewport, for the field views' vectors (absent in exports).
 * @typedef {object} Place
 * @property {(x: number, y: number) => {x: number, y: number}} centre
 * @property {(x: number, y: number, size: number) => [number, number][]} ring
 * @property {number} scale
 * @property {number} px
 * @property {boolean} hex
 * @property {import('./viewport.js').Viewport} [view]
 */

/**
 * One subpath: a polyline, a closed polygon or a circle `[x, y, r]`.
 * @typedef {{line: [number, number][]} | {polygon: [number, number][]} | {circle: [number, number, number]}} Shape
 */

/**
 * One mark of the list: shapes filled (with a shadow in the live view) and then stroked, once
 * per stroke, in order (a casing under a line, a white rim under a dashed ring); or, for the
 * field views' dense vectors, a `draw` of its own (screen only: the exports show the path view).
 * @typedef {object} Mark
 * @property {string} id what it is (`path`, `start`, `goal`, `mesh-edges`…; the SVG's ids)
 * @property {Shape[]} shapes
 * @property {string} [fill]
 * @property {{colour: string, blur: number}} [shadow]
 * @property {{colour: string, width: number, dash?: number[], id?: string}[]} [strokes]
 * @property {boolean} [round] round joins and caps
 * @property {{text: string, x: number, y: number, size: number, colour: string}} [label]
 * @property {(ctx: CanvasRenderingContext2D) => void} [draw]
 * @property {import('./cells.js').CellLayer} [cells] the cell layer of an export (on screen the
 *   first entry is the renderer's, a `draw`), drawn first at
 *   `scale` px a cell pitch from the picture's corner
 * @property {number} [scale]
 */

/**
 * The node mesh as the planner reports it: nodes as x, y pairs, edges as node index pairs,
 * which edges a wall blocks, and the state bytes (`y * width + x`) that colour the nodes.
 * `drag` is a join being dragged on screen (from node `from` to a point in drawing units).
 * @typedef {object} MeshScene
 * @property {ArrayLike<number>} nodes
 * @property {ArrayLike<number>} edges
 * @property {ArrayLike<number>} blocked
 * @property {ArrayLike<number>} states
 * @property {number} width
 * @property {{from: number, to: {x: number, y: number}} | null} [drag]
 */

/**
 * What the list is built from; everything but `path`, `start` and `goal` may be absent.
 * @typedef {object} PictureScene
 * @property {ArrayLike<number>} path x, y pairs
 * @property {{x: number, y: number} | null} start
 * @property {{x: number, y: number} | null} goal
 * @property {MeshScene | null} [mesh]
 * @property {{x: number, y: number} | null} [current]
 * @property {{x: number, y: number} | null} [highlight]
 * @property {{from: {x: number, y: number}, to: {x: number, y: number}, f: number} | null} [walker]
 * @property {ArrayLike<number> | null} [brush] the cells under the pointer's brush, x, y pairs
 * @property {{x: number, y: number} | null} [cursor]
 * @property {import('./fields-paint.js').FieldScene | null} [fields]
 * @property {import('./cells.js').CellScene | null} [cells] the cells, when the list draws
 *   them (the exports)
 * @property {(ctx: CanvasRenderingContext2D) => void} [paintCells] the screen's cell layer
 *   (render.js: the WebGL2 or 2D canvas backend, from the same palette tables), the list's
 *   first entry on screen
 * @property {import('./agents-paint.js').AgentsScene | null} [agents] the Agents view's agents
 *   and plan (agents-paint.js), drawn instead of the path and the markers
 * @property {import('./learn-marks.js').LearnScene | null} [learn] Learn mode's marks (live view only)
 */

/**
 * A place for the exports, in cell pitches (geometry.js's layout of `shape`: a square cell is
 * 1 × 1, its centre at +0.5; hexagons 1 apart), at `scale` px a pitch.
 * @param {string} shape
 * @param {number} scale px a cell pitch
 * @returns {Place}
 */
export function layoutPlace(shape, scale) {
  const layout = layoutOf(shape);
  return {
    centre: (x, y) => {
      const [u, v] = layout.centre(x, y);
      return { x: u, y: v };
    },
    ring(x, y, size) {
      const [u, v] = layout.centre(x, y);
      const k = size / scale;
      if (layout.hex) return layout.corners.map(([du, dv]) => /** @type {[number, number]} */ ([u + du * k, v + dv * k]));
      const h = k / 2;
      return [[u - h, v - h], [u + h, v - h], [u + h, v + h], [u - h, v + h]];
    },
    scale,
    px: 1 / scale,
    hex: layout.hex,
  };
}

/**
 * A place for cells of one pitch, squares, in cell units: centres at +0.5.
 * @param {number} scale px a cell
 * @returns {Place}
 */
export const squarePlace = (scale) => layoutPlace('square', scale);

/** The path's width in px: fixed on screen, growing a little once cells are large. */
export const pathWidth = (scale) => Math.max(3, Math.min(6, scale * 0.22));

/**
 * The mesh: its edges (blocked ones dashed), a join being dragged, and its nodes coloured by
 * their search state.
 * @param {MeshScene} mesh
 * @param {Place} place
 * @returns {Mark[]}
 */
function meshMarks(mesh, place) {
  const { nodes, edges, blocked, states, width } = mesh;
  if (nodes.length === 0 && !mesh.drag) return [];
  const { px, scale: s } = place;
  const at = (i) => place.centre(nodes[2 * i], nodes[2 * i + 1]);
  const edgeWidth = Math.max(1, Math.min(2.5, s * 0.1)) * px;
  /** @type {Mark[]} */
  const out = [];
  /** @type {[string, string, boolean][]} */
  const kinds = [['mesh-edges', MESH.edge, false], ['mesh-blocked', MESH.blocked, true]];
  for (const [id, colour, dashed] of kinds) {
    /** @type {Shape[]} */
    const shapes = [];
    for (let k = 0; k < edges.length; k += 2) {
      if (Boolean(blocked[k / 2]) !== dashed) continue;
      const a = at(edges[k]);
      const b = at(edges[k + 1]);
      shapes.push({ line: [[a.x, a.y], [b.x, b.y]] });
    }
    out.push({ id, shapes, strokes: [{ colour, width: edgeWidth, dash: dashed ? [4 * px, 4 * px] : [] }] });
  }
  if (mesh.drag) {
    const a = at(mesh.drag.from);
    /** @type {[number, number][]} */
    const line = [[a.x, a.y], [mesh.drag.to.x, mesh.drag.to.y]];
    out.push({ id: 'mesh-drag', shapes: [{ line }], strokes: [{ colour: MESH.rim, width: edgeWidth, dash: [3 * px, 3 * px] }] });
  }
  const radius = Math.max(3, Math.min(8, s * 0.32)) * px;
  for (let i = 0; i < nodes.length / 2; i++) {
    const c = at(i);
    const state = states[nodes[2 * i + 1] * width + nodes[2 * i]];
    out.push({
      id: 'mesh-node',
      shapes: [{ circle: [c.x, c.y, radius] }],
      fill: state && STATES[state] ? css(STATES[state].rgb) : MESH.node,
      strokes: [{ colour: MESH.rim, width: 1.5 * px }],
    });
  }
  return out;
}

/** The path through its cells' centres, over a dark casing. @returns {Mark[]} */
function pathMarks(path, place) {
  if (!path || path.length < 4) return [];
  /** @type {[number, number][]} */
  const line = [];
  for (let i = 0; i < path.length; i += 2) {
    const c = place.centre(path[i], path[i + 1]);
    line.push([c.x, c.y]);
  }
  const width = pathWidth(place.scale);
  return [{
    id: 'path',
    shapes: [{ line }],
    round: true,
    strokes: [
      { colour: MARKS.casing, width: (width + 3) * place.px, id: 'path-casing' },
      { colour: MARKS.path, width: width * place.px, id: 'path' },
    ],
  }];
}

/**
 * A marker (the start's disc, the goal's diamond), at least 6.5 px across so it stays
 * grabbable on huge maps; in the live view with a drop shadow, and lettered once large.
 * @returns {Mark[]}
 */
function markerMark(id, at, colour, place, live) {
  if (!at) return [];
  const { px } = place;
  const r = Math.max(6.5, place.scale * 0.42) * px;
  const c = place.centre(at.x, at.y);
  const d = r * 1.18;
  /** @type {Shape} */
  const shape = id === 'start'
    ? { circle: [c.x, c.y, r] }
    : { polygon: [[c.x, c.y - d], [c.x + d, c.y], [c.x, c.y + d], [c.x - d, c.y]] };
  /** @type {Mark} */
  const mark = { id, shapes: [shape], fill: colour, strokes: [{ colour: MARKS.light, width: Math.max(1.5 * px, r * 0.22) }] };
  if (live) {
    mark.shadow = { colour: MARKS.shadow, blur: 3 };
    if (r >= 9 * px) mark.label = { text: id === 'start' ? 'S' : 'G', x: c.x, y: c.y + r * 0.05, size: Math.round(r * 1.05), colour: MARKS.light };
  }
  return [mark];
}

/** A ring round cell (x, y), `size` px across. @returns {Shape} */
const ringShape = (place, { x, y }, size) => ({ polygon: place.ring(x, y, size) });

/**
 * The marks on the live view only: the current node, the highlighted cell, the walker, the
 * brush and the cursor. The live view draws in CSS px (`place.px` is 1), so their sizes are
 * written in px as they are.
 * @param {PictureScene} scene
 * @param {Place} place
 */
function liveMarks(scene, place) {
  const s = place.scale;
  const out = { before: [], after: [] };
  if (scene.current) {
    out.before.push({ id: 'current', shapes: [ringShape(place, scene.current, Math.max(s, 6))], strokes: [{ colour: MARKS.current, width: Math.max(1.5, Math.min(3, s * 0.15)) }] });
  }
  if (scene.highlight) {
    // At least 14 px across so the cell can be found on a zoomed-out 1024² map.
    out.before.push({
      id: 'highlight',
      shapes: [ringShape(place, scene.highlight, Math.max(s + 4, 14))],
      strokes: [{ colour: MARKS.light, width: 5 }, { colour: MARKS.current, width: 2.5 }],
    });
  }
  if (scene.walker) {
    const { from, to, f } = scene.walker;
    const r = Math.max(4, s * 0.34);
    const a = place.centre(from.x, from.y);
    const b = place.centre(to.x, to.y);
    out.after.push({
      id: 'walker',
      shapes: [{ circle: [a.x + (b.x - a.x) * f, a.y + (b.y - a.y) * f, r] }],
      fill: MARKS.walker,
      shadow: { colour: MARKS.walkerShadow, blur: 4 },
      strokes: [{ colour: MARKS.light, width: Math.max(1.5, r * 0.25) }],
    });
  }
  const cells = scene.brush;
  if (cells && cells.length && s >= 3) {
    /** @type {Shape[]} */
    let shapes;
    if (place.hex) {
      shapes = [];
      for (let i = 0; i < cells.length; i += 2) shapes.push({ polygon: place.ring(cells[i], cells[i + 1], s) });
    } else {
      // The block's bounding box (its cells on the map).
      const xs = Array.from(cells).filter((_, i) => i % 2 === 0);
      const ys = Array.from(cells).filter((_, i) => i % 2 === 1);
      const [left, top] = place.ring(Math.min(...xs), Math.min(...ys), s)[0];
      const [right, bottom] = place.ring(Math.max(...xs), Math.max(...ys), s)[2];
      shapes = [{ polygon: [[left, top], [right, top], [right, bottom], [left, bottom]] }];
    }
    out.after.push({ id: 'brush', shapes, strokes: [{ colour: MARKS.brush, width: 1.5, dash: [4, 3] }] });
  }
  if (scene.cursor) {
    out.after.push({
      id: 'cursor',
      shapes: [ringShape(place, scene.cursor, Math.max(s + 4, 12))],
      strokes: [{ colour: MARKS.light, width: 4 }, { colour: MARKS.cursor, width: 2, dash: [3, 2] }],
    });
  }
  return out;
}

/**
 * The display list of a picture, in drawing order. `live` (the view on screen) adds what only
 * the live view shows: the markers' shadows and letters, the current node, the highlight,
 * the walker, the brush, the cursor and the field views' vectors.
 * @param {PictureScene} scene
 * @param {Place} place
 * @param {{live?: boolean}} [options]
 * @returns {Mark[]}
 */
export function displayList(scene, place, { live = false } = {}) {
  const list = [];
  if (scene.cells) list.push({ id: 'cells', shapes: [], cells: cellLayer(scene.cells), scale: place.scale });
  else if (scene.paintCells) list.push({ id: 'cells', shapes: [], draw: scene.paintCells });
  const fields = scene.fields ? fieldMarks(scene.fields, place, live) : { under: [], over: [] };
  list.push(...fields.under);
  if (scene.mesh) list.push(...meshMarks(scene.mesh, place));
  const learn = learnMarks(live ? scene.learn : null, place);
  list.push(...learn.under);
  const agents = scene.agents ?? null;
  if (!agents) list.push(...pathMarks(scene.path, place));
  list.push(...fields.over);
  const extra = live ? liveMarks(scene, place) : { before: [], after: [] };
  list.push(...extra.before);
  list.push(...learn.over);
  if (agents) list.push(...agentMarks(agents, place, live));
  else {
    list.push(...markerMark('start', scene.start, MARKS.start, place, live));
    list.push(...markerMark('goal', scene.goal, MARKS.goal, place, live));
  }
  list.push(...extra.after);
  return list;
}

/** Adds `shape` to the context's current path (`first`: the path is empty). */
function trace(ctx, shape, first) {
  if ('circle' in shape) {
    const [x, y, r] = shape.circle;
    // After another shape, a subpath of its own (arc alone would join it to the one before).
    if (!first) ctx.moveTo(x + r, y);
    ctx.arc(x, y, r, 0, Math.PI * 2);
    return;
  }
  const points = 'line' in shape ? shape.line : shape.polygon;
  points.forEach(([x, y], i) => (i ? ctx.lineTo(x, y) : ctx.moveTo(x, y)));
  if ('polygon' in shape) ctx.closePath();
}

/**
 * The cell layer at `scale` px a cell pitch, pixel for pixel from the canvas's corner (an
 * export's canvas is the picture's size).
 * @param {CanvasRenderingContext2D} ctx
 * @param {import('./cells.js').CellLayer} layer
 * @param {number} scale
 */
function drawCells(ctx, layer, scale) {
  const { width, height, data } = rasterCells(layer, scale);
  const image = ctx.createImageData(width, height);
  new Uint32Array(image.data.buffer).set(data);
  ctx.putImageData(image, 0, 0);
}

/**
 * Draws the list on a 2D context whose units are the list's drawing units.
 * @param {CanvasRenderingContext2D} ctx
 * @param {Mark[]} list
 */
export function drawMarks(ctx, list) {
  for (const mark of list) {
    if (mark.cells) {
      drawCells(ctx, mark.cells, mark.scale ?? 1);
      continue;
    }
    if (mark.draw) {
      mark.draw(ctx);
      continue;
    }
    ctx.save();
    ctx.beginPath();
    mark.shapes.forEach((shape, i) => trace(ctx, shape, i === 0));
    if (mark.round) {
      ctx.lineJoin = 'round';
      ctx.lineCap = 'round';
    }
    if (mark.fill) {
      ctx.fillStyle = mark.fill;
      if (mark.shadow) {
        ctx.shadowColor = mark.shadow.colour;
        ctx.shadowBlur = mark.shadow.blur;
      }
      ctx.fill();
      ctx.shadowBlur = 0;
    }
    for (const stroke of mark.strokes ?? []) {
      ctx.strokeStyle = stroke.colour;
      ctx.lineWidth = stroke.width;
      ctx.setLineDash(stroke.dash ?? []);
      ctx.stroke();
    }
    if (mark.label) {
      const { text, x, y, size, colour } = mark.label;
      ctx.fillStyle = colour;
      ctx.font = `700 ${size}px system-ui, sans-serif`;
      ctx.textAlign = 'center';
      ctx.textBaseline = 'middle';
      ctx.fillText(text, x, y);
    }
    ctx.restore();
  }
}

/** "1.25" without trailing zeros. */
const n3 = (v) => String(Math.round(v * 1000) / 1000);

/** A list of points as SVG's `points`. */
const pointsOf = (points) => points.map(([x, y]) => `${n3(x)},${n3(y)}`).join(' ');

/** One shape as an SVG element with `attrs`. */
function svgShape(shape, attrs) {
  if ('circle' in shape) {
    const [x, y, r] = shape.circle;
    return `<circle${attrs} cx="${n3(x)}" cy="${n3(y)}" r="${n3(r)}"/>`;
  }
  if ('polygon' in shape) return `<polygon${attrs} points="${pointsOf(shape.polygon)}"/>`;
  return `<polyline${attrs} points="${pointsOf(shape.line)}"/>`;
}

/** A colour as SVG 1.1 attributes: `#rrggbb`, and its opacity when it has one. */
function paintAttrs(name, colour) {
  const alpha = alphaOf(colour);
  return ` ${name}="${hexOf(rgbOf(colour))}"${alpha < 1 ? ` ${name}-opacity="${n3(alpha)}"` : ''}`;
}

/** A stroke's SVG attributes. */
const strokeAttrs = (stroke) => `${paintAttrs('stroke', stroke.colour)} stroke-width="${n3(stroke.width)}"`
  + (stroke.dash?.length ? ` stroke-dasharray="${stroke.dash.map(n3).join(' ')}"` : '');

/**
 * The list as SVG elements (the vectors of the SVG export), one per line: a filled shape
 * carries its one stroke; a line gets an element per stroke (casing first), named by the
 * stroke's `id` or the mark's (an `id` when the list has one such mark, else a `class`);
 * several lines of one mark are one `<path>`. Marks with a `draw` of their own (screen only)
 * are left out; the cell layer is `svgCells`'s elements.
 * @param {Mark[]} list
 * @returns {string[]}
 */
export function svgMarks(list) {
  const out = [];
  const seen = new Map();
  for (const mark of list) seen.set(mark.id, (seen.get(mark.id) ?? 0) + 1);
  const name = (id) => (seen.get(id) > 1 ? ` class="${id}"` : ` id="${id}"`);
  for (const mark of list) {
    if (mark.cells) out.push(...svgCells(mark.cells));
    if (mark.draw || !mark.shapes.length) continue;
    const round = mark.round ? ' stroke-linejoin="round" stroke-linecap="round"' : '';
    const strokes = mark.strokes ?? [];
    if (mark.fill) {
      for (const shape of mark.shapes) out.push(svgShape(shape, `${name(mark.id)}${paintAttrs('fill', mark.fill)}${strokes.length ? strokeAttrs(strokes[0]) : ''}${round}`));
      continue;
    }
    for (const stroke of strokes) {
      const attrs = `${name(stroke.id ?? mark.id)} fill="none"${strokeAttrs(stroke)}${round}`;
      if (mark.shapes.length === 1) out.push(svgShape(mark.shapes[0], attrs));
      else {
        const d = mark.shapes.map((s) => {
          const pts = 'line' in s ? s.line : 'polygon' in s ? s.polygon : [];
          return `M${pts.map(([x, y]) => `${n3(x)} ${n3(y)}`).join('L')}${'polygon' in s ? 'z' : ''}`;
        }).join('');
        out.push(`<path${attrs} d="${d}"/>`);
      }
    }
  }
  return out;
}
