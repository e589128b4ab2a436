// The WebGL2 colour pyramid halved on the CPU (www/render-pyramid.js): each texel the rounded
// mean of the 2 × 2 texels under it, per channel, fewer at an odd edge, only over the box asked.
import test from 'node:test';
import assert from 'node:assert/strict';
import { halve } from '../../www/render-pyramid.js';

/** The word of bytes r, g, b, a (little-endian RGBA, as the frame and the textures lie). */
const word = (r, g, b, a = 255) => (r | (g << 8) | (b << 16) | (a << 24)) >>> 0;
/** A word's bytes. */
const bytes = (w) => [w & 255, (w >>> 8) & 255, (w >>> 16) & 255, w >>> 24];

/** The mean of `words`' bytes, channel by channel, halves rounded up (as the GPU's shader). */
function mean(words) {
  return [0, 1, 2, 3].map((c) => Math.floor(words.reduce((s, w) => s + bytes(w)[c], 0) / words.length + 0.5));
}

test('a texel is the mean of the four under it, each channel on its own, halves rounded up', () => {
  const src = new Uint32Array([word(0, 255, 10, 255), word(1, 255, 11, 255), word(0, 255, 12, 255), word(1, 254, 255, 255)]);
  const dst = new Uint32Array(1);
  halve(src, 2, 2, dst, 0, 0, 1, 1);
  assert.deepEqual(bytes(dst[0]), mean([...src]));
  assert.deepEqual(bytes(dst[0]), [1, 255, 72, 255]);
});

test('random words agree with the mean; an odd edge averages the texels it has', () => {
  let seed = 7;
  const rand = () => { seed = (seed * 1103515245 + 12345) >>> 0; return seed >>> 24; };
  const sw = 5;
  const sh = 3;
  const src = Uint32Array.from({ length: sw * sh }, () => word(rand(), rand(), rand(), rand()));
  const dst = new Uint32Array(3 * 2);
  halve(src, sw, sh, dst, 0, 0, 3, 2);
  for (let y = 0; y < 2; y++) {
    for (let x = 0; x < 3; x++) {
      const under = [];
      for (let j = 2 * y; j < Math.min(sh, 2 * y + 2); j++) for (let i = 2 * x; i < Math.min(sw, 2 * x + 2); i++) under.push(src[j * sw + i]);
      assert.deepEqual(bytes(dst[y * 3 + x]), mean(under), `texel ${x}, ${y} of ${under.length} under it`);
    }
  }
});

test('only the box asked for is written', () => {
  const src = new Uint32Array(4 * 4).fill(word(100, 100, 100));
  const dst = new Uint32Array(2 * 2);
  halve(src, 4, 4, dst, 1, 0, 2, 1);
  assert.deepEqual([...dst].map((w) => bytes(w)[0]), [0, 100, 0, 0]);
});
