// The WebGL2 colour pyramid halved on the CPU (www/render-pyramid.js): each texel the mean of
// the 2 × 2 texels under it, per channel, fewer at an odd edge, only over the box asked; a
// mean halfway between two bytes rounded as SwiftShader's halving shader rounds it.
import test from 'node:test';
import assert from 'node:assert/strict';
import { halve } from '../../www/render-pyramid.js';

/** The word of bytes r, g, b, a (little-endian RGBA, as the frame and the textures lie). */
const word = (r, g, b, a = 255) => (r | (g << 8) | (b << 16) | (a << 24)) >>> 0;
/** A word's bytes. */
const bytes = (w) => [w & 255, (w >>> 8) & 255, (w >>> 16) & 255, w >>> 24];

/**
 * Whether `got` is the mean of `words`' bytes, channel by channel: the nearest byte, or either
 * of the two nearest when the mean is halfway between them.
 */
function isMean(got, words) {
  return [0, 1, 2, 3].every((c) => {
    const m = words.reduce((s, w) => s + bytes(w)[c], 0) / words.length;
    return Math.abs(bytes(got)[c] - m) <= 0.5;
  });
}

test('a texel is the mean of the four under it, each channel on its own', () => {
  const src = new Uint32Array([word(0, 255, 10, 255), word(4, 255, 11, 255), word(0, 255, 12, 255), word(4, 254, 255, 255)]);
  const dst = new Uint32Array(1);
  halve(src, 2, 2, dst, 0, 0, 1, 1);
  assert.deepEqual(bytes(dst[0]), [2, 255, 72, 255]);
});

test('a mean halfway between two bytes goes the way the shader on SwiftShader sends it', () => {
  // Measured: the shader's halving of these bytes (top left, top right, bottom left, bottom
  // right) on SwiftShader; 118.5 and 108.5 went down, 119.5 up.
  for (const [a, b, c, d, gpu] of [[99, 41, 187, 147, 118], [196, 88, 17, 177, 120], [142, 117, 124, 51, 108]]) {
    const src = new Uint32Array([word(a, 0, 0), word(b, 0, 0), word(c, 0, 0), word(d, 0, 0)]);
    const dst = new Uint32Array(1);
    halve(src, 2, 2, dst, 0, 0, 1, 1);
    assert.equal(bytes(dst[0])[0], gpu, `${[a, b, c, d]}`);
  }
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
      assert.ok(isMean(dst[y * 3 + x], under), `texel ${x}, ${y} of ${under.length} under it`);
    }
  }
});

test('only the box asked for is written', () => {
  const src = new Uint32Array(4 * 4).fill(word(100, 100, 100));
  const dst = new Uint32Array(2 * 2);
  halve(src, 4, 4, dst, 1, 0, 2, 1);
  assert.deepEqual([...dst].map((w) => bytes(w)[0]), [0, 100, 0, 0]);
});
