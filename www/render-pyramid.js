// The WebGL2 colour pyramid made on the CPU, for a software GL (render-gl.js): where WebGL2
// is SwiftShader or llvmpipe, running the colouring and halving shaders over a frame's changed
// tiles cost the GPU process more than a frame's time at 4096² (docs/benchmarks.md, issue 29
// goal 3), while the page's thread does the same sums in a fraction of it. Level 0 is then
// the wasm frame the 2D canvas paints from (`Planner.render`, the one palette rule) or the
// field view's words (fields-paint.js `fieldFrame`); each level above is halved from the one
// below here, and only the changed texels of the levels the view samples are uploaded.
//
// `halve` makes the same bytes as the GPU's halving shader: the mean of the 2 × 2 texels
// under a texel (fewer at an odd edge), rounded to the nearest byte.

/**
 * Texels `x0..x1 × y0..y1` (ends excluded) of the level above `src`: each the rounded mean of
 * the 2 × 2 words of `src` under it (`sw` × `sh` RGBA words, one a texel), written to `dst`
 * (rows `ceil(sw / 2)` words long). Two channels are summed at once in 16-bit lanes.
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
    const bottom = both ? top + sw : top;
    let out = y * dw + x0;
    for (let x = x0; x < x1; x++, out++) {
      const i = 2 * x;
      const pair = i + 1 < sw;
      const a = src[top + i];
      const b = pair ? src[top + i + 1] : a;
      const c = src[bottom + i];
      const d = pair ? src[bottom + i + 1] : c;
      // With a missing column or row its neighbour counts twice: the same mean of fewer.
      let even = (a & 0xff00ff) + (b & 0xff00ff) + (c & 0xff00ff) + (d & 0xff00ff);
      let odd = ((a >>> 8) & 0xff00ff) + ((b >>> 8) & 0xff00ff) + ((c >>> 8) & 0xff00ff) + ((d >>> 8) & 0xff00ff);
      if (!pair && !both) {
        dst[out] = a;
        continue;
      }
      even = ((even + 0x20002) >>> 2) & 0xff00ff;
      odd = ((odd + 0x20002) >>> 2) & 0xff00ff;
      dst[out] = (even | (odd << 8)) >>> 0;
    }
  }
}
