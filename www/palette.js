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
  { name: 'Scanned by a jump', rgb: [0xe6, 0x9f, 0x00], alpha: 0.14 },
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
};

/** The path's colour in words, as the legend and the tutorial name it. */
export const PATH_NAME = 'pink';

function blend(base, over, alpha) {
  return base.map((c, i) => Math.round(c * (1 - alpha) + over[i] * alpha));
}

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
      const [r, g, b] = cellColour(cell, state);
      words[cell * STATE_COUNT + state] = ((255 << 24) | (b << 16) | (g << 8) | r) >>> 0;
    }
  }
  return words;
}

/** @param {number[]} rgb */
export function css([r, g, b]) {
  return `rgb(${r} ${g} ${b})`;
}

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
    ['Scanned by a jump', css(cellColour(1, 9)), 'square'],
    ['Current node', MARKS.current, 'ring'],
    [`Path (${PATH_NAME} line)`, MARKS.path, 'line'],
    ['Path cell', css(cellColour(1, 4)), 'square'],
  ];
}
