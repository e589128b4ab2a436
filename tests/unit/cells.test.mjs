// cells.js, the display list's cell layer: which colour each cell takes in each view (the
// screen's tables), how the SVG merges runs of equal cells (rectangles of squares, one outline
// a run of hexagons) and how the raster places hexagons.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cellLayer, svgCells, rasterCells, pictureSize, hexOfWord } from '../../www/cells.js';
import { buildPalette, buildHeatRamp, buildRangePalette, WALL_WORD, STATE_COUNT, BACKGROUND, word } from '../../www/palette.js';
import { layoutOf } from '../../www/geometry.js';

const scene = (shape, view, cells, extra = {}) => ({
  width: 3, height: 2, shape, view, cells: Uint8Array.from(cells), states: new Uint8Array(6), bytes: null, ...extra,
});

test('each view colours cells from the screen\'s tables: search tints, heat ramp, range tint', () => {
  const path = cellLayer(scene('square', 'path', [0, 1, 2, 1, 1, 1], { states: Uint8Array.from([2, 1, 0, 0, 0, 0]) }));
  assert.equal(path.words[path.keys[0]], buildPalette()[0], 'a wall is untinted');
  assert.equal(path.words[path.keys[1]], buildPalette()[1 * STATE_COUNT + 1], 'open ground under the open tint');
  const field = cellLayer(scene('square', 'field', [0, 1, 1, 1, 1, 1], { bytes: Uint8Array.from([9, 0, 254, 255, 7, 7]) }));
  assert.equal(field.words[field.keys[0]], WALL_WORD);
  assert.deepEqual([1, 2, 3].map((i) => field.words[field.keys[i]]), [0, 254, 255].map((b) => buildHeatRamp()[b]));
  const range = cellLayer(scene('square', 'range', [0, 1, 3, 1, 1, 1], { bytes: Uint8Array.from([1, 1, 0, 0, 0, 0]) }));
  assert.deepEqual([0, 1, 2].map((i) => range.words[range.keys[i]]), [buildRangePalette()[0], buildRangePalette()[3], buildRangePalette()[6]]);
});

test('squares: the most common colour is the background, runs of rows merged into rectangles', () => {
  const layer = cellLayer(scene('square', 'path', [0, 0, 1, 0, 0, 1]));
  const out = svgCells(layer).join('\n');
  assert.match(out, /<rect id="background" width="3" height="2" fill="#262b36"\/>/);
  assert.match(out, /data-cell="1" data-state="0" fill="#fbfbf8" d="M2 0h1v2h-1z"/);
});

test('hexagons: the page\'s background behind, one outline a run whose corners are its hexagons\'', () => {
  for (const shape of ['hex-rows', 'hex-columns']) {
    const layout = layoutOf(shape);
    const layer = cellLayer(scene(shape, 'path', [1, 1, 1, 1, 1, 1]));
    const out = svgCells(layer).join('\n');
    assert.match(out, new RegExp(`fill="${hexOfWord(word(BACKGROUND))}"`));
    const d = / d="([^"]+)"/.exec(out)[1];
    assert.equal(d.split('M').length - 1, shape === 'hex-rows' ? 2 : 3, 'a run a row (or column)');
    const points = [...d.matchAll(/[ML]([\d.]+) ([\d.]+)/g)].map((m) => [Number(m[1]), Number(m[2])]);
    for (let y = 0; y < 2; y++) {
      for (let x = 0; x < 3; x++) {
        const [u, v] = layout.centre(x, y);
        for (const [du, dv] of layout.corners) {
          assert.ok(points.some(([a, b]) => Math.abs(a - u - du) < 0.002 && Math.abs(b - v - dv) < 0.002), `${shape}: a corner of (${x}, ${y})`);
        }
      }
    }
  }
});

test('the raster: each pixel the cell its centre falls in, the background outside the hexagons', () => {
  const layer = cellLayer(scene('hex-rows', 'path', [0, 1, 1, 1, 1, 0]));
  const scale = 10;
  const { width, height, data } = rasterCells(layer, scale);
  assert.deepEqual([width, height], pictureSize(layer, scale));
  const layout = layoutOf('hex-rows');
  const at = (u, v) => data[Math.floor(v * scale) * width + Math.floor(u * scale)];
  assert.equal(at(...layout.centre(0, 0)), layer.words[layer.keys[0]], 'the wall hexagon');
  assert.equal(at(...layout.centre(2, 1)), layer.words[layer.keys[5]]);
  assert.equal(at(...layout.centre(1, 1)), layer.words[layer.keys[4]]);
  assert.equal(data[(height - 1) * width], word(BACKGROUND), 'the corner left of an odd row is outside');
  const squares = rasterCells(cellLayer(scene('square', 'path', [0, 1, 1, 1, 1, 0])), 2);
  assert.deepEqual([squares.width, squares.height], [6, 4]);
  assert.equal(squares.data[0], WALL_WORD);
  assert.equal(squares.data[3 * 6 + 5], WALL_WORD);
  assert.notEqual(squares.data[2], WALL_WORD);
});
