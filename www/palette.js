// Colours: one table feeds both the wasm frame palette and the legend, so they never drift.
// Overlay hues are Okabe–Ito (distinguishable with every common colour-vision deficiency);
// terrain is a grey ramp, light = cheap, dark = dear, as in seed 003's collision maps.

/** Terrain by grid byte: 0 wall, 1–4 cost. */
export const TERRAIN = [
  { name: 'Wall', rgb: [0x26, 0x2b, 0x36] },
  { name: 'Terrain 1', rgb: [0xfb, 0xfb, 0xf8] },
  { name: 'Terrain 2', rgb: [0xd9, 0xd9, 0xd4] },
  { name: 'Terrain 3', rgb: [0xb2, 0xb2, 0xac] },
  { name: 'Terrain 4', rgb: [0x8a, 0x8a, 0x84] },
];

/** Search overlays by CellState byte (0 = none). `alpha` keeps the terrain visible. */
export const STATES = [
  null,
  { name: 'Open', rgb: [0x56, 0xb4, 0xe9], alpha: 0.55 },
  { name: 'Closed', rgb: [0xe6, 0x9f, 0x00], alpha: 0.42 },
  { name: 'Re-opened', rgb: [0xcc, 0x79, 0xa7], alpha: 0.7 },
  { name: 'Path', rgb: [0xf0, 0xe4, 0x42], alpha: 0.85 },
  { name: 'Jump point', rgb: [0xd5, 0x5e, 0x00], alpha: 0.75 },
  { name: 'Open (backward)', rgb: [0x00, 0x9e, 0x73], alpha: 0.5 },
  { name: 'Closed (backward)', rgb: [0x00, 0x72, 0xb2], alpha: 0.4 },
  { name: 'Repaired', rgb: [0xcc, 0x00, 0xcc], alpha: 0.55 },
  // A faint slate trace, no hue of the expanded states: a jump looked at these cells but
  // expanded none of them (JPS's "9 nodes expanded" must not look like the whole map).
  { name: 'Scanned by a jump (not expanded)', rgb: [0x6a, 0x7f, 0xa8], alpha: 0.09 },
];

/** Number of CellState values: the palette is `cell * STATE_COUNT + state`. */
export const STATE_COUNT = STATES.length;

/**
 * Vector marks drawn over the frame, at a fixed on-screen size whatever the zoom. The path is
 * a colour no cell state uses, over a dark casing, so it reads on walls, terrain and every
 * overlay alike, even on a 1024² map seen whole. `PATH_NAME` is what the legend and the
 * tutorial call it.
 */
export const MARKS = {
  start: '#009e73',
  goal: '#d55e00',
  current: '#0072b2',
  path: '#ff2a8a',
  casing: '#15171d',
  walker: '#0072b2',
  cursor: '#0072b2',
  grid: 'rgba(30, 35, 45, 0.16)',
  /** The line round a map of squares. */
  border: 'rgba(20, 24, 33, 0.35)',
  /** The white casing of the markers, the walker and the highlight and cursor rings. */
  light: '#ffffff',
  /** The markers' drop shadow, and the walker's (a little darker: it moves over the path). */
  shadow: 'rgba(0, 0, 0, 0.3)',
  walkerShadow: 'rgba(0, 0, 0, 0.35)',
  /** The brush's outline under the pointer. */
  brush: 'rgba(0, 114, 178, 0.9)',
};

/**
 * The node mesh (A* on a node mesh), on screen and in the exports alike: its edges, the edges
 * a wall now blocks (dashed), the nodes no search has reached (reached ones take their
 * state's colour, STATES) and the nodes' rims and the line of a join being dragged.
 */
export const MESH = {
  edge: 'rgba(0, 114, 178, 0.55)',
  blocked: 'rgba(213, 94, 0, 0.6)',
  node: '#ffffff',
  rim: '#1b1f27',
};

/**
 * Learn mode's rings (learn-marks.js): the cells a question points at, the student's picks,
 * the engine's answer and a wrong pick, each over a white rim; the picks' order numbers.
 */
export const LEARN = {
  ask: '#0072b2',
  pick: '#6a3d9a',
  right: '#009e73',
  wrong: '#d50000',
  rim: '#ffffff',
  labelRgb: [0x2a, 0x12, 0x45],
};

/** The page behind the map (every layer, and the hex raster outside the map's hexes). */
export const BACKGROUND = [0xe9, 0xeb, 0xef];

/** The path's colour in words, as the legend and the tutorial name it. */
export const PATH_NAME = 'pink';

function blend(base, over, alpha) {
  return base.map((c, i) => Math.round(c * (1 - alpha) + over[i] * alpha));
}

/**
 * A colour as a little-endian RGBA word (0xAABBGGRR), opaque: a pixel of an ImageData or of
 * the wasm frame.
 * @param {number[]} rgb
 */
export const word = ([r, g, b]) => ((255 << 24) | (b << 16) | (g << 8) | r) >>> 0;

/** The colour a cell is painted for grid byte `cell` and state byte `state`. */
export function cellColour(cell, state) {
  const base = TERRAIN[cell].rgb;
  const overlay = STATES[state];
  return overlay && cell !== 0 ? blend(base, overlay.rgb, overlay.alpha) : base;
}

/** The colours `palette[cell * STATE_COUNT + state]` as little-endian RGBA words (0xAABBGGRR). */
export function buildPalette() {
  const words = new Uint32Array(5 * STATE_COUNT);
  for (let cell = 0; cell < 5; cell++) {
    for (let state = 0; state < STATE_COUNT; state++) {
      words[cell * STATE_COUNT + state] = word(cellColour(cell, state));
    }
  }
  return words;
}

/** @param {number[]} rgb */
export function css([r, g, b]) {
  return `rgb(${r} ${g} ${b})`;
}

/**
 * The [r, g, b] of a CSS colour as this file writes them (`#rrggbb`, `rgb(r g b)`,
 * `rgba(r, g, b, a)`; the alpha dropped).
 * @param {string} colour
 * @returns {number[]}
 */
export function rgbOf(colour) {
  if (colour.startsWith('#')) return [1, 3, 5].map((i) => parseInt(colour.slice(i, i + 2), 16));
  return (colour.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map(Number);
}

/**
 * The alpha of a CSS colour as this file writes them (1 unless `rgba(…)` says otherwise).
 * @param {string} colour
 */
export function alphaOf(colour) {
  return colour.startsWith('rgba') ? Number(colour.match(/\d+(\.\d+)?/g)?.[3] ?? 1) : 1;
}

/**
 * `#rrggbb` (SVG 1.1's colours, and the GIF palette's keys).
 * @param {number[]} rgb
 */
export const hexOf = ([r, g, b]) => `#${((1 << 24) | (r << 16) | (g << 8) | b).toString(16).slice(1)}`;

/** The legend entries, in display order: [label, CSS colour, shape]. */
export function legendEntries() {
  return [
    ['Wall', css(TERRAIN[0].rgb), 'square'],
    ['Cost 1', css(TERRAIN[1].rgb), 'square'],
    ['Cost 2', css(TERRAIN[2].rgb), 'square'],
    ['Cost 3', css(TERRAIN[3].rgb), 'square'],
    ['Cost 4', css(TERRAIN[4].rgb), 'square'],
    ['Start', MARKS.start, 'circle'],
    ['Goal', MARKS.goal, 'diamond'],
    ['Open', css(cellColour(1, 1)), 'square'],
    ['Closed', css(cellColour(1, 2)), 'square'],
    ['Re-opened', css(cellColour(1, 3)), 'square'],
    ['Jump point', css(cellColour(1, 5)), 'square'],
    ['Open (backward)', css(cellColour(1, 6)), 'square'],
    ['Closed (backward)', css(cellColour(1, 7)), 'square'],
    ['Repaired', css(cellColour(1, 8)), 'square'],
    ['Scanned by a jump (not expanded)', css(cellColour(1, 9)), 'square'],
    ['Current node', MARKS.current, 'ring'],
    [`Path (${PATH_NAME} line)`, MARKS.path, 'line'],
    ['Path cell', css(cellColour(1, 4)), 'square'],
  ];
}

// ---- distance fields and movement range (issue 20) ----

/**
 * The distance field's heat ramp, from the goal (cost 0) to the farthest reached cell: the
 * yellow-to-blue part of viridis (perceptually even, readable with colour-vision
 * deficiencies), stopped before its near-black end so walls stay the darkest cells.
 */
const HEAT_STOPS = [
  [0xfd, 0xe7, 0x25], [0xa0, 0xda, 0x39], [0x4a, 0xc1, 0x6d], [0x1f, 0xa1, 0x87],
  [0x27, 0x7f, 0x8e], [0x36, 0x5c, 0x8d], [0x46, 0x33, 0x7e],
];

/** Cells no way joins to the goal (free, but walled off), in the field view. */
export const UNREACHED = { name: 'Unreached', rgb: [0xe4, 0xcf, 0xd6] };

/** In-range cells of the movement range: the terrain under a blue tint. */
export const RANGE_TINT = { name: 'In range', rgb: [0x56, 0xb4, 0xe9], alpha: 0.55 };

/** Vector marks of the field and range views. */
export const FIELD_MARKS = {
  arrowDark: 'rgba(20, 24, 33, 0.72)',
  arrowLight: 'rgba(255, 255, 255, 0.85)',
  crowd: '#ffffff',
  crowdRing: '#15171d',
  outline: '#0072b2',
  outlineCasing: '#ffffff',
};

/** The heat colour at `t` (0 at the goal, 1 at the farthest cell). */
export function heatColour(t) {
  const at = Math.min(1, Math.max(0, t)) * (HEAT_STOPS.length - 1);
  const i = Math.min(HEAT_STOPS.length - 2, Math.floor(at));
  const f = at - i;
  return HEAT_STOPS[i].map((c, k) => Math.round(c + (HEAT_STOPS[i + 1][k] - c) * f));
}

/**
 * The heat bytes' colours as RGBA words: byte 0–254 along the ramp (the planner scales the
 * cost so: 0 at the goal, 254 at the farthest), 255 unreached.
 */
export function buildHeatRamp() {
  const words = new Uint32Array(256);
  for (let i = 0; i < 255; i++) words[i] = word(heatColour(i / 254));
  words[255] = word(UNREACHED.rgb);
  return words;
}

/** The wall's colour as an RGBA word (the field and range views draw walls as walls). */
export const WALL_WORD = word(TERRAIN[0].rgb);

/**
 * The range view's colours as RGBA words, `terrain * 2 + inRange`: the terrain, and in range
 * the terrain under the tint (walls are never in range).
 */
export function buildRangePalette() {
  const words = new Uint32Array(TERRAIN.length * 2);
  TERRAIN.forEach((t, cell) => {
    words[cell * 2] = word(t.rgb);
    words[cell * 2 + 1] = word(cell === 0 ? t.rgb : blend(t.rgb, RANGE_TINT.rgb, RANGE_TINT.alpha));
  });
  return words;
}

/** The ramp as a CSS gradient (the field view's legend). */
export function heatGradient() {
  const stops = Array.from({ length: 9 }, (_, i) => `${css(heatColour(i / 8))} ${(i * 12.5).toFixed(1)}%`);
  return `linear-gradient(to right, ${stops.join(', ')})`;
}

/** The tint of in-range cells over open ground, as CSS (the range view's legend). */
export function rangeSwatch() {
  return css(blend(TERRAIN[1].rgb, RANGE_TINT.rgb, RANGE_TINT.alpha));
}

/**
 * The Agents view (multi-agent path finding): one colour per agent, taken in turn (agent i
 * has `AGENTS.colours[i % length]`: its disc, its goal and its path), and the ring that marks
 * a bad plan's first conflict, and a live step's arrows (a push, a backtrack, a constraint).
 */
export const AGENTS = {
  colours: ['#0072b2', '#d55e00', '#009e73', '#cc79a7', '#e69f00', '#56b4e9', '#7a4fb5', '#a6761d', '#1b9e77', '#e7298a', '#3f5fbf', '#b2182b'],
  conflict: '#e4002b',
  // A live step's arrows: PIBT's pushes and backtracks, LaCAM's constraints.
  push: '#1d2433',
  backtrack: '#e4002b',
  constraint: '#6a3d9a',
};
