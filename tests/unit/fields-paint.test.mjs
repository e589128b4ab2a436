// fields-paint.js's pure parts: the tiles a change falls in, handed out as runs along rows
// (the 2D layer repaints them, the WebGL layer uploads them and recolours its levels), and the
// field and range views' cell colours.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { TILE, tileRuns, FieldChanges, fieldFrame } from '../../www/fields-paint.js';
import { buildHeatRamp, buildRangePalette, WALL_WORD } from '../../www/palette.js';

test('marked tiles become runs along rows, clipped to the grid, and are cleared', () => {
  // A 100 × 70 grid: 4 × 3 tiles, the last column and row of tiles partial.
  const tiles = Uint8Array.from([
    1, 1, 0, 1,
    0, 0, 0, 0,
    1, 1, 1, 1,
  ]);
  assert.deepEqual(tileRuns(tiles, 4, 100, 70), [
    0, 0, 2 * TILE, TILE,
    3 * TILE, 0, 100 - 3 * TILE, TILE,
    0, 2 * TILE, 100, 70 - 2 * TILE,
  ]);
  assert.ok(tiles.every((t) => t === 0));
  assert.deepEqual(tileRuns(tiles, 4, 100, 70), []);
});

test('FieldChanges: everything the first time, then only the tiles whose bytes changed', () => {
  const w = 80;
  const h = 40;
  const heat = new Uint8Array(w * h);
  const changes = new FieldChanges();
  assert.equal(changes.take('field', w, h, [heat]), null, 'no copy yet: paint it all');
  assert.deepEqual(changes.take('field', w, h, [heat]), [], 'nothing changed');
  heat[35 * w + 70] = 9;
  assert.deepEqual(changes.take('field', w, h, [heat]), [64, 32, 16, 8]);
  assert.deepEqual(changes.take('field', w, h, [heat]), [], 'taken: the copy follows');
  assert.equal(changes.take('range', w, h, [heat]), null, 'another view starts again');
  changes.forget();
  assert.equal(changes.take('range', w, h, [heat]), null);
});

test('the field\'s colours: walls as walls, the ramp by heat byte; the range\'s: tinted in range', () => {
  const cells = Uint8Array.from([0, 1, 2, 1]);
  const bytes = Uint8Array.from([0, 0, 254, 255]);
  const out = new Uint32Array(4);
  fieldFrame({ kind: 'field', bytes }, cells, out, 2, [0, 0, 2, 2]);
  const ramp = buildHeatRamp();
  assert.deepEqual([...out], [WALL_WORD, ramp[0], ramp[254], ramp[255]]);
  const range = buildRangePalette();
  fieldFrame({ kind: 'range', bytes: Uint8Array.from([1, 1, 0, 1]) }, cells, out, 2, [1, 0, 1, 2]);
  assert.deepEqual([...out], [WALL_WORD, range[3], ramp[254], range[3]], 'only the box is painted');
});
