// The cell layer of the display list (picture.js): every cell's colour as the screen shows it
// — walls and terrain under the search's open, closed and scanned tints in the path view, the
// heat ramp in the distance field's view, the tinted terrain in the movement range's — from
// the same palette.js tables the 2D frame and the WebGL shader colour cells by, placed by
// geometry.js's layouts (squares, hexagons in rows or columns). The exports draw it: as SVG,
// runs of equal cells merged (rectangles of squares; along a row of pointy-top hexagons or
// down a column of flat-top ones, one outline a run), one `<path>` a colour; as PNG and GIF,
// a raster of the same picture, each pixel the colour of the cell its centre falls in (the
// hex raster's rule, render-hex.js). Pure: no DOM, no wasm.

import { buildPalette, buildHeatRamp, buildRangePalette, WALL_WORD, STATE_COUNT, BACKGROUND, word } from './palette.js';
import { layoutOf } from './geometry.js';

/**
 * What the cell layer is made from: the planner's bytes as shown now.
 * @typedef {object} CellScene
 * @property {number} width
 * @property {number} height
 * @property {string} shape `square`, `hex-rows` or `hex-columns`
 * @property {'path' | 'field' | 'range'} view which view colours the cells
 * @property {Uint8Array} cells grid bytes (0 wall, 1–4 terrain)
 * @property {Uint8Array} states search-state bytes (the path view)
 * @property {Uint8Array | null} [bytes] the heat bytes (field) or the range mask (range)
 */

/**
 * The cells as colour keys: `keys[y * width + x]` indexes `words` (little-endian RGBA, as
 * the screen's tables hold them); `attrs(key)` names a key in the SVG (`data-*`).
 * @typedef {object} CellLayer
 * @property {number} width
 * @property {number} height
 * @property {import('./geometry.js').Layout} layout
 * @property {Uint16Array} keys
 * @property {Uint32Array} words
 * @property {(key: number) => string} attrs
 */

/**
 * The cell layer of `scene`: the path view's `cell * STATE_COUNT + state` (walls untinted),
 * the field's heat byte (256 for a wall) or the range's `terrain * 2 + inRange`.
 * @param {CellScene} scene
 * @returns {CellLayer}
 */
export function cellLayer(scene) {
  const { width, height, cells, states } = scene;
  const n = width * height;
  const keys = new Uint16Array(n);
  const bytes = scene.bytes ?? new Uint8Array(n);
  let words;
  let attrs;
  if (scene.view === 'field') {
    words = new Uint32Array(257);
    words.set(buildHeatRamp());
    words[256] = WALL_WORD;
    for (let i = 0; i < n; i++) keys[i] = cells[i] === 0 ? 256 : bytes[i];
    attrs = (k) => (k === 256 ? 'data-cell="0"' : `data-heat="${k}"`);
  } else if (scene.view === 'range') {
    words = buildRangePalette();
    for (let i = 0; i < n; i++) keys[i] = cells[i] * 2 + (cells[i] !== 0 && bytes[i] ? 1 : 0);
    attrs = (k) => `data-cell="${k >> 1}" data-range="${k & 1}"`;
  } else {
    words = buildPalette();
    for (let i = 0; i < n; i++) keys[i] = cells[i] * STATE_COUNT + (cells[i] === 0 ? 0 : states[i]);
    attrs = (k) => `data-cell="${Math.floor(k / STATE_COUNT)}" data-state="${k % STATE_COUNT}"`;
  }
  return { width, height, layout: layoutOf(scene.shape), keys, words, attrs };
}

/** `#rrggbb` of a little-endian RGBA word. */
export const hexOfWord = (w) => `#${((1 << 24) | ((w & 255) << 16) | (w & 0xff00) | ((w >>> 16) & 255)).toString(16).slice(1)}`;

/**
 * The picture's size in pixels at `scale` px a cell pitch: the layout's extent, rounded up.
 * @param {CellLayer} layer
 * @param {number} scale
 * @returns {[number, number]}
 */
export function pictureSize(layer, scale) {
  const [w, h] = layer.layout.extent(layer.width, layer.height);
  return [Math.ceil(w * scale - 1e-9), Math.ceil(h * scale - 1e-9)];
}

/**
 * The most common key, and runs of equal keys: along rows (squares, hexagons in rows) or down
 * columns (hexagons in columns), as `[line, from, to, key]` (`to` excluded).
 * @param {CellLayer} layer
 */
function runs(layer) {
  const { width: w, height: h, keys, layout } = layer;
  const counts = new Map();
  for (const k of keys) counts.set(k, (counts.get(k) ?? 0) + 1);
  const common = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 0;
  const down = layout.shape === 'hex-columns';
  const [lines, along] = down ? [w, h] : [h, w];
  const at = down ? (line, i) => keys[i * w + line] : (line, i) => keys[line * w + i];
  /** @type {[number, number, number, number][]} */
  const out = [];
  for (let line = 0; line < lines; line++) {
    for (let i = 0; i < along;) {
      const k = at(line, i);
      let end = i + 1;
      while (end < along && at(line, end) === k) end++;
      out.push([line, i, end, k]);
      i = end;
    }
  }
  return { common, runs: out };
}

/** "1.25" without trailing zeros. */
const n3 = (v) => String(Math.round(v * 1000) / 1000);

/**
 * The outline of a run of hexagons, as an SVG subpath: along a row of pointy-top hexes (top
 * and bottom zig-zag, one west and one east edge) or down a column of flat-top ones.
 */
function hexRun(layout, line, from, to) {
  const c = layout.shape === 'hex-columns' ? (k, j) => corner(layout, line, k, j) : (k, j) => corner(layout, k, line, j);
  const pts = [];
  if (layout.shape === 'hex-columns') {
    // Corners: 0 left, 1 upper-left, 2 upper-right, 3 right, 4 lower-right, 5 lower-left.
    pts.push(c(from, 1), c(from, 2));
    for (let k = from; k < to; k++) pts.push(c(k, 3), c(k, 4));
    pts.push(c(to - 1, 5));
    for (let k = to - 1; k >= from; k--) pts.push(c(k, 0), ...(k > from ? [c(k, 1)] : []));
  } else {
    // Corners: 0 lower-left, 1 upper-left, 2 top, 3 upper-right, 4 lower-right, 5 bottom.
    pts.push(c(from, 1));
    for (let k = from; k < to; k++) pts.push(c(k, 2), c(k, 3));
    pts.push(c(to - 1, 4));
    for (let k = to - 1; k >= from; k--) pts.push(c(k, 5), c(k, 0));
  }
  return `M${pts.map(([x, y]) => `${n3(x)} ${n3(y)}`).join('L')}z`;
}

/** Corner `j` of cell (x, y)'s hexagon (geometry.js's order), in cell pitches. */
function corner(layout, x, y, j) {
  const [u, v] = layout.centre(x, y);
  const [du, dv] = layout.corners[j];
  return [u + du, v + dv];
}

/**
 * The cell layer as SVG elements, in cell pitches: a background, then one `<path>` a colour
 * inside `<g id="cells">`. Squares: runs along a row merged with the run of the row above
 * when it spans the same columns, the most common colour left to the background. Hexagons:
 * the page's background behind the map, and every run of equal hexes one outline.
 * @param {CellLayer} layer
 * @returns {string[]}
 */
export function svgCells(layer) {
  const { layout } = layer;
  const [w, h] = layout.extent(layer.width, layer.height);
  const { common, runs: list } = runs(layer);
  const byKey = new Map();
  const add = (k, d) => {
    const ds = byKey.get(k);
    if (ds) ds.push(d);
    else byKey.set(k, [d]);
  };
  let background;
  if (layout.hex) {
    background = hexOfWord(word(BACKGROUND));
    for (const [line, from, to, k] of list) add(k, hexRun(layout, line, from, to));
  } else {
    background = hexOfWord(layer.words[common]);
    let above = new Map();
    let row = new Map();
    let y = -1;
    const rects = [];
    for (const [line, from, to, k] of list) {
      if (line !== y) {
        above = row;
        row = new Map();
        y = line;
      }
      if (k === common) continue;
      const id = `${from}:${to}:${k}`;
      let r = above.get(id);
      if (r && r.y + r.h === line) r.h++;
      else {
        r = { x: from, y: line, w: to - from, h: 1, k };
        rects.push(r);
      }
      row.set(id, r);
    }
    for (const r of rects) add(r.k, `M${r.x} ${r.y}h${r.w}v${r.h}h-${r.w}z`);
  }
  return [
    `<rect id="background" width="${n3(w)}" height="${n3(h)}" fill="${background}"/>`,
    '<g id="cells">',
    ...[...byKey.entries()].map(([k, ds]) => `<path ${layer.attrs(k)} fill="${hexOfWord(layer.words[k])}" d="${ds.join('')}"/>`),
    '</g>',
  ];
}

/**
 * The cell layer as pixels at `scale` px a cell pitch (`pictureSize`): every pixel the
 * colour of the cell its centre falls in (geometry.js's `pick`), the page's background
 * outside a map of hexagons.
 * @param {CellLayer} layer
 * @param {number} scale
 * @returns {{width: number, height: number, data: Uint32Array}}
 */
export function rasterCells(layer, scale) {
  const [pw, ph] = pictureSize(layer, scale);
  const data = new Uint32Array(pw * ph);
  const { width: w, height: h, keys, words, layout } = layer;
  if (!layout.hex) {
    for (let y = 0; y < h; y++) {
      const row = new Uint32Array(pw);
      for (let x = 0; x < w; x++) row.fill(words[keys[y * w + x]], x * scale, (x + 1) * scale);
      for (let k = 0; k < scale; k++) data.set(row, (y * scale + k) * pw);
    }
    return { width: pw, height: ph, data };
  }
  const outside = word(BACKGROUND);
  for (let py = 0; py < ph; py++) {
    const v = (py + 0.5) / scale;
    for (let px = 0; px < pw; px++) {
      const [x, y] = layout.pick((px + 0.5) / scale, v);
      data[py * pw + px] = x >= 0 && y >= 0 && x < w && y < h ? words[keys[y * w + x]] : outside;
    }
  }
  return { width: pw, height: ph, data };
}
