// The WebGL2 colour pyramid made on the CPU, for a software GL (render-gl.js): where WebGL2
// is SwiftShader or llvmpipe, running the colouring and halving shaders over a frame's changed
// tiles cost the GPU process more than a frame's time at 4096² (docs/benchmarks.md, issue 29
// goal 3), while the page's thread does the same sums in a fraction of it. Level 0 is then
// the wasm frame the 2D canvas paints from (`Planner.render`, the one palette rule) or the
// field view's words (fields-paint.js `fieldFrame`); each level above is halved from the one
// below here, and only the changed texels of the levels the view samples are uploaded.
//
// `halve` makes the same bytes as the GPU's halving shader on SwiftShader: the mean of the
// 2 × 2 texels under a texel (fewer at an odd edge), to the nearest byte. A mean halfway
// between two bytes goes the way the shader's float32 sums send it (each byte times 1/255,
// added in the shader's order, scaled back and rounded half to even): measured against
// SwiftShader, 262,144 random means, none different.

const f = Math.fround;

/** Each byte as the shader reads it: times float32 1/255, in float32. */
const UNIT = Float32Array.from({ length: 256 }, (_, v) => f(v * f(1 / 255)));

/** `y` rounded to the nearest integer, a half to the even one (float to byte). */
function nearestEven(y) {
  const r = Math.round(y);
  return r - y === 0.5 && (r & 1) ? r - 1 : r;
}

/**
 * The mean of the words `a`, `b`, `c`, `d` (the texels in the shader's order: top left, top
 * right, bottom left, bottom right), byte by byte; `n` of them (4, or the first 2, or 1).
 * @param {number} a
 * @param {number} b
 * @param {number} c
 * @param {number} d
 * @param {number} n
 */
function mean(a, b, c, d, n) {
  // Most blocks of a map are one colour (a wall, open ground, a closed region): their mean.
  if (n === 1 || (a === b && (n === 2 || (a === c && a === d)))) return a;
  let out = 0;
  for (let shift = 0; shift < 32; shift += 8) {
    const x = (a >>> shift) & 255;
    const y = (b >>> shift) & 255;
    let q;
    if (n === 2) {
      const sum = x + y;
      q = sum & 1 ? nearestEven(f(f(UNIT[x] + UNIT[y]) * 127.5)) : sum >> 1;
    } else {
      const z = (c >>> shift) & 255;
      const w = (d >>> shift) & 255;
      const sum = x + y + z + w;
      // Only a mean halfway between two bytes needs the shader's float sums.
      q = (sum & 3) === 2 ? nearestEven(f(f(f(f(UNIT[x] + UNIT[y]) + UNIT[z]) + UNIT[w]) * 63.75)) : (sum + 1) >> 2;
    }
    out |= q << shift;
  }
  return out >>> 0;
}

/**
 * Texels `x0..x1 × y0..y1` (ends excluded) of the level above `src`: each the mean of the
 * 2 × 2 words of `src` under it (`sw` × `sh` RGBA words, one a texel), written to `dst`
 * (rows `ceil(sw / 2)` words long).
 * @param {Uint32Array} src
 * @param {number} sw
 * @param {number} sh
 * @param {Uint32Array} dst
 * @param {number} x0
 * @param {number} y0
 * @param {number} x1
 * @param {number} y1
 */
export function halve(src, sw, sh, dst, x0, y0, x1, y1) {
  const dw = (sw + 1) >> 1;
  for (let y = y0; y < y1; y++) {
    const top = 2 * y * sw;
    const both = 2 * y + 1 < sh;
    const bottom = top + sw;
    let out = y * dw + x0;
    for (let x = x0; x < x1; x++, out++) {
      const i = top + 2 * x;
      const pair = 2 * x + 1 < sw;
      if (pair && both) dst[out] = mean(src[i], src[i + 1], src[bottom + 2 * x], src[bottom + 2 * x + 1], 4);
      else if (pair) dst[out] = mean(src[i], src[i + 1], 0, 0, 2);
      else if (both) dst[out] = mean(src[i], src[bottom + 2 * x], 0, 0, 2);
      else dst[out] = src[i];
    }
  }
}
