// Hexagons on the 2D canvas: the cell raster of the 2D layer (render.js's fallback) when a
// hex is a device pixel or more, and the hex outlines drawn over either layer when zoomed in.
//
// The raster is a canvas of the view's size holding the hexes as the screen shows them:
// every device pixel takes the colour of the hex its centre falls in (geometry.js's `pick`,
// cube rounding, the same rule as the pointer's), read from the planner's RGBA frame, one
// pixel per cell, in wasm memory. So hex edges are as crisp as the square cells' and agree
// with picking to the pixel. The whole view is rastered again only when it moves (zoom, pan,
// resize); while a search runs, only the screen boxes over the cells that changed are. When a
// hex is smaller than a device pixel, render.js draws the frame scaled and smoothed instead
// (the cells averaged, as for squares), over the hexes' bounding box.

import { MARKS, BACKGROUND, word } from './palette.js';

/** The page's background behind the map, as a little-endian RGBA word. */
const OUTSIDE = word(BACKGROUND);

export class HexRaster {
  constructor() {
    this.canvas = document.createElement('canvas');
    this.ctx = /** @type {CanvasRenderingContext2D} */ (this.canvas.getContext('2d'));
    /** @type {ImageData | null} */
    this.image = null;
    /** The view the raster was made for ('' = none). */
    this.shown = '';
  }

  /** Forgets the raster: the next paint makes it whole. */
  forget() {
    this.shown = '';
  }

  /**
   * Brings the raster up to date and draws it on `ctx`.
   * @param {import('./viewport.js').Viewport} view
   * @param {Uint32Array} frame the planner's RGBA frame (a word a cell, `y * width + x`)
   * @param {ArrayLike<number>} boxes cell boxes `[x, y, w, h, …]` whose frame pixels changed
   * @param {CanvasRenderingContext2D} ctx
   */
  paint(view, frame, boxes, ctx) {
    const { width: cw, height: ch } = ctx.canvas;
    if (this.canvas.width !== cw || this.canvas.height !== ch) {
      this.canvas.width = cw;
      this.canvas.height = ch;
      this.image = null;
    }
    if (!this.image) {
      this.image = this.ctx.createImageData(cw, ch);
      this.shown = '';
    }
    const shown = [cw, ch, view.ox, view.oy, view.scale, view.dpr, view.shape, view.gridW, view.gridH].join();
    if (shown !== this.shown) {
      this.shown = shown;
      this.raster(view, frame, 0, 0, cw, ch);
    } else {
      for (let i = 0; i < boxes.length; i += 4) {
        const r = this.screenBox(view, boxes[i], boxes[i + 1], boxes[i + 2], boxes[i + 3], cw, ch);
        if (r) this.raster(view, frame, ...r);
      }
    }
    ctx.drawImage(this.canvas, 0, 0);
  }

  /**
   * The device-pixel box `[x0, y0, x1, y1]` (ends excluded, inside the canvas) that holds
   * cells x..x+w × y..y+h, with a cell's margin for the hexes' overhang; null off screen.
   */
  screenBox(view, x, y, w, h, cw, ch) {
    const k = view.scale * view.dpr;
    const a = view.cellCentre(x, y);
    const b = view.cellCentre(x + w - 1, y + h - 1);
    const x0 = Math.max(0, Math.floor(Math.min(a.x, b.x) * view.dpr - k));
    const y0 = Math.max(0, Math.floor(Math.min(a.y, b.y) * view.dpr - k));
    const x1 = Math.min(cw, Math.ceil(Math.max(a.x, b.x) * view.dpr + k));
    const y1 = Math.min(ch, Math.ceil(Math.max(a.y, b.y) * view.dpr + k));
    return x1 > x0 && y1 > y0 ? [x0, y0, x1, y1] : null;
  }

  /** Colours device pixels x0..x1 × y0..y1 (ends excluded) and puts them on the canvas. */
  raster(view, frame, x0, y0, x1, y1) {
    const image = /** @type {ImageData} */ (this.image);
    const out = new Uint32Array(image.data.buffer);
    const stride = image.width;
    const { pick } = view.layout;
    const k = view.scale * view.dpr;
    const ox = view.ox * view.dpr;
    const oy = view.oy * view.dpr;
    const w = view.gridW;
    const h = view.gridH;
    for (let py = y0; py < y1; py++) {
      const v = (py + 0.5 - oy) / k;
      let at = py * stride + x0;
      for (let px = x0; px < x1; px++, at++) {
        const [x, y] = pick((px + 0.5 - ox) / k, v);
        out[at] = x >= 0 && y >= 0 && x < w && y < h ? frame[y * w + x] : OUTSIDE;
      }
    }
    this.ctx.putImageData(image, 0, 0, x0, y0, x1 - x0, y1 - y0);
  }
}

/**
 * The outline of every hex in view, one device pixel wide: each hex draws the three edges of
 * its upper side (the others are its lower neighbours' upper edges), and the hexes on the
 * map's border draw all six.
 * @param {CanvasRenderingContext2D} ctx in CSS px
 * @param {import('./viewport.js').Viewport} view
 */
export function hexOutlines(ctx, view) {
  const w = view.gridW;
  const h = view.gridH;
  // The cells in view: picked at the canvas corners, a cell beyond on every side.
  const corners = [[0, 0], [view.cssWidth, 0], [0, view.cssHeight], [view.cssWidth, view.cssHeight]]
    .map(([px, py]) => view.pick(px, py));
  const xs = corners.map((c) => c.x);
  const ys = corners.map((c) => c.y);
  const xFrom = Math.max(0, Math.min(...xs) - 1);
  const xTo = Math.min(w - 1, Math.max(...xs) + 1);
  const yFrom = Math.max(0, Math.min(...ys) - 1);
  const yTo = Math.min(h - 1, Math.max(...ys) + 1);
  const corner = view.layout.corners;
  const k = view.scale;
  ctx.beginPath();
  for (let y = yFrom; y <= yTo; y++) {
    for (let x = xFrom; x <= xTo; x++) {
      const c = view.cellCentre(x, y);
      const border = x === 0 || y === 0 || x === w - 1 || y === h - 1;
      ctx.moveTo(c.x + corner[0][0] * k, c.y + corner[0][1] * k);
      const n = border ? 6 : 3;
      for (let i = 1; i <= n; i++) {
        const [du, dv] = corner[i % 6];
        ctx.lineTo(c.x + du * k, c.y + dv * k);
      }
    }
  }
  ctx.strokeStyle = MARKS.grid;
  ctx.lineWidth = 1 / view.dpr;
  ctx.stroke();
}
