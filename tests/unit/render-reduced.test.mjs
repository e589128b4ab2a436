// The 2D canvas's reduction for maps much finer than the screen (www/render-reduced.js): the
// largest power of two whose block of k × k cells is at most a device pixel, none for cells
// over half a pixel.
import test from 'node:test';
import assert from 'node:assert/strict';
import { reduction } from '../../www/render-reduced.js';

test('no reduction while a cell is over half a device pixel', () => {
  for (const px of [12, 1, 0.7, 0.51]) assert.equal(reduction(px), 1, `${px} px a cell`);
  assert.equal(reduction(0.5), 2);
});

test('a 4096² map seen in 480 px is averaged 8 × 8 (about a pixel a block)', () => {
  assert.equal(reduction(480 / 4096), 8);
  assert.equal(reduction(0.25), 4);
  assert.equal(reduction(0.3), 2);
});

test('the reduction stops at 64', () => {
  assert.equal(reduction(1e-6), 64);
});
