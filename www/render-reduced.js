// The 2D canvas's picture of a map with many more cells than screen pixels (a 4096² map seen
// whole): the wasm frame averaged k × k into a smaller canvas, only where cells changed, so
// each paint scales an image about the screen's size instead of the whole map. Scaling the
// 4096² image took 13–45 ms a paint (docs/benchmarks.md, issue 29 goal 3); averaging first
// is also what the browser's smoothing does, so the picture is the same grey where cells
// are finer than pixels.

/** The largest reduction: a 4096² map to 64². */
const MAX_FACTOR = 64;

/**
 * The reduction for cells of `cellPx` device pixels: the largest power of two k whose k × k
 * block of cells is still at most a device pixel (1 = none: cells over half a pixel; the
 * browser's smoothing averages what is left).
 * @param {number} cellPx
 */
export function reduction(cellPx) {
  let k = 1;
  while (cellPx * k * 2 <= 1 && k < MAX_FACTOR) k *= 2;
  return k;
}

export class ReducedFrame {
  constructor() {
    this.canvas = document.createElement('canvas');
    this.ctx = /** @type {CanvasRenderingContext2D} */ (this.canvas.getContext('2d'));
    /** The map size and factor the canvas holds (0: nothing yet). */
    this.w = 0;
    this.h = 0;
    this.k = 0;
    /** @type {ImageData | null} the reduced pixels, kept between paints */
    this.image = null;
  }

  /** The canvas holds nothing usable any more (another picture went to the frame). */
  forget() {
    this.k = 0;
  }

  /**
   * Brings the reduced picture up to date with `frame` (the map's RGBA bytes, `w` × `h`) over
   * `boxes` (changed cells: x, y, width, height, flat), or all of it when the map or the
   * factor changed, and returns the canvas to draw over the map's rectangle.
   * @param {Uint8Array | Uint8ClampedArray} frame
   * @param {number} w
   * @param {number} h
   * @param {number} k
   * @param {ArrayLike<number>} boxes
   * @returns {HTMLCanvasElement}
   */
  update(frame, w, h, k, boxes) {
    const rw = Math.ceil(w / k);
    const rh = Math.ceil(h / k);
    if (w !== this.w || h !== this.h || k !== this.k || !this.image) {
      this.w = w;
      this.h = h;
      this.k = k;
      this.canvas.width = rw;
      this.canvas.height = rh;
      this.image = new ImageData(rw, rh);
      boxes = [0, 0, w, h];
    }
    const out = this.image.data;
    for (let i = 0; i < boxes.length; i += 4) {
      const x0 = Math.floor(boxes[i] / k);
      const y0 = Math.floor(boxes[i + 1] / k);
      const x1 = Math.ceil((boxes[i] + boxes[i + 2]) / k);
      const y1 = Math.ceil((boxes[i + 1] + boxes[i + 3]) / k);
      for (let ry = y0; ry < y1; ry++) {
        const cy0 = ry * k;
        const cy1 = Math.min(h, cy0 + k);
        for (let rx = x0; rx < x1; rx++) {
          const cx0 = rx * k;
          const cx1 = Math.min(w, cx0 + k);
          let r = 0;
          let g = 0;
          let b = 0;
          for (let y = cy0; y < cy1; y++) {
            let p = (y * w + cx0) * 4;
            for (let x = cx0; x < cx1; x++, p += 4) {
              r += frame[p];
              g += frame[p + 1];
              b += frame[p + 2];
            }
          }
          const n = (cy1 - cy0) * (cx1 - cx0);
          const q = (ry * rw + rx) * 4;
          out[q] = r / n;
          out[q + 1] = g / n;
          out[q + 2] = b / n;
          out[q + 3] = 255;
        }
      }
      this.ctx.putImageData(this.image, 0, 0, x0, y0, x1 - x0, y1 - y0);
    }
    return this.canvas;
  }
}
