// The cell geometry of each map shape, in units of the cell pitch (the view's `scale` in CSS
// px): where a cell's centre is, which cell a point is in, the corners of a hexagon, and the
// map's extent. viewport.js places it on screen; the 2D hex raster (render-hex.js) calls
// `pick` per pixel, and render-gl.js's shader `hexAt` is its GPU copy (GLSL cannot call JS;
// its constants come from here, and tests/e2e/hex.test.mjs holds it to `pick` on screen). (Which cells are neighbours, and every
// other rule about them, is the planner's: src/grid/shape.rs names the layouts.)
//
// - `square`: cell (x, y) is the unit square at (x, y).
// - `hex-rows`: pointy-top hexagons in rows ("odd-r"): centres 1 apart along a row, rows
//   √3/2 apart, odd rows half a hex to the right.
// - `hex-columns`: flat-top hexagons in columns ("odd-q"): centres 1 apart down a column,
//   columns √3/2 apart, odd columns half a hex down.
//
// A hexagon's pitch (the distance between neighbouring centres) is 1, so its corners are
// 1/√3 from its centre. Picking turns a point into fractional axial coordinates (q, r) and
// rounds them as cube coordinates (q, r, −q − r): the nearest centre, exact at every edge.

export const SQRT3 = Math.sqrt(3);
/** Rows of pointy-top hexes (columns of flat-top ones) are this far apart. */
export const ROW = SQRT3 / 2;
/** A hexagon's corners are this far from its centre. */
export const RADIUS = 1 / SQRT3;

/**
 * The hex at fractional axial (q, r): each cube coordinate rounded, and the one that moved
 * most put back so the three sum to 0 (`Shape::round_axial` in src/grid/shape.rs is the same
 * rule for strokes and lines of sight: both are tested against tests/cube-round.txt).
 * @returns {[number, number]}
 */
export function cubeRound(q, r) {
  const s = -q - r;
  let rq = Math.round(q);
  let rr = Math.round(r);
  const rs = Math.round(s);
  const dq = Math.abs(rq - q);
  const dr = Math.abs(rr - r);
  const ds = Math.abs(rs - s);
  if (dq > dr && dq > ds) rq = -rr - rs;
  else if (dr > ds) rr = -rq - rs;
  return [rq, rr];
}

/**
 * @typedef {object} Layout
 * @property {string} shape `square`, `hex-rows` or `hex-columns`
 * @property {boolean} hex whether the cells are hexagons
 * @property {(width: number, height: number) => [number, number]} extent the map's bounding box
 * @property {(x: number, y: number) => [number, number]} centre cell (x, y)'s centre
 * @property {(u: number, v: number) => [number, number]} pick the cell (offset coordinates) at (u, v), on the map or not
 * @property {[number, number]} pitch how far apart cells are across and down, on average
 * @property {[number, number][]} corners a hexagon's corners around its centre, clockwise from
 *   the one that starts its upper-left edge (empty for squares)
 */

/** @type {Layout} */
const SQUARE = {
  shape: 'square',
  hex: false,
  extent: (w, h) => [w, h],
  centre: (x, y) => [x + 0.5, y + 0.5],
  pick: (u, v) => [Math.floor(u), Math.floor(v)],
  pitch: [1, 1],
  corners: [],
};

/** Corners at these angles (degrees, y down) from the centre. */
const cornersAt = (angles) => angles.map((a) => {
  const t = (a * Math.PI) / 180;
  return /** @type {[number, number]} */ ([RADIUS * Math.cos(t), RADIUS * Math.sin(t)]);
});

/** @type {Layout} */
const HEX_ROWS = {
  shape: 'hex-rows',
  hex: true,
  extent: (w, h) => [w + (h > 1 ? 0.5 : 0), (h - 1) * ROW + 2 * RADIUS],
  centre: (x, y) => [x + 0.5 + 0.5 * (y & 1), RADIUS + y * ROW],
  pick(u, v) {
    const du = u - 0.5;
    const dv = v - RADIUS;
    const [q, r] = cubeRound(du - dv / SQRT3, (2 * dv) / SQRT3);
    return [q + (r - (r & 1)) / 2, r];
  },
  pitch: [1, ROW],
  // From the lower-left corner up the west edge, over the top, to the upper-right corner:
  // the three edges a hex draws of its outline (render-hex.js).
  corners: cornersAt([150, 210, 270, 330, 30, 90]),
};

/** @type {Layout} */
const HEX_COLUMNS = {
  shape: 'hex-columns',
  hex: true,
  extent: (w, h) => [(w - 1) * ROW + 2 * RADIUS, h + (w > 1 ? 0.5 : 0)],
  centre: (x, y) => [RADIUS + x * ROW, y + 0.5 + 0.5 * (x & 1)],
  pick(u, v) {
    const du = u - RADIUS;
    const dv = v - 0.5;
    const [q, r] = cubeRound((2 * du) / SQRT3, dv - du / SQRT3);
    return [q, r + (q - (q & 1)) / 2];
  },
  pitch: [ROW, 1],
  corners: cornersAt([180, 240, 300, 0, 60, 120]),
};

const LAYOUTS = { square: SQUARE, 'hex-rows': HEX_ROWS, 'hex-columns': HEX_COLUMNS };

/**
 * The layout of cells of `shape` (squares for anything unknown).
 * @param {string} shape
 * @returns {Layout}
 */
export function layoutOf(shape) {
  return LAYOUTS[shape] ?? SQUARE;
}
