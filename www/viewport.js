// The view of the map on a canvas: zoom, pan, fitting, and the one cell geometry — which
// cell a point is in, where a cell is — that every renderer, the input and the tests share.
// Cells are squares of `scale` CSS pixels; cell (0, 0)'s top-left corner is at (ox, oy).
// (A hexagonal layout would change cellAt, cellCentre and mapRect here, and cellCoord in
// render-gl.js's shader, and nothing else.)

/**
 * The smallest a cell may be drawn, in CSS pixels, unless the map needs less to be seen
 * whole (a 4096² map on a phone), and the least it is ever drawn.
 */
const MIN_CELL_PX = 0.25;
const LEAST_CELL_PX = 1 / 32;
const MAX_CELL_PX = 96;
const FIT_PAD = 8;

export class Viewport {
  /** @param {HTMLCanvasElement} canvas */
  constructor(canvas) {
    this.canvas = canvas;
    this.dpr = 1;
    this.cssWidth = 1;
    this.cssHeight = 1;
    this.scale = 10;
    this.ox = 0;
    this.oy = 0;
    this.gridW = 0;
    this.gridH = 0;
    this.fitted = false;
    this.dirty = true;
  }

  /** Matches the backing store to the element's size × devicePixelRatio. */
  resize() {
    const rect = this.canvas.getBoundingClientRect();
    const dpr = window.devicePixelRatio || 1;
    const w = Math.max(1, Math.round(rect.width * dpr));
    const h = Math.max(1, Math.round(rect.height * dpr));
    const changed = w !== this.canvas.width || h !== this.canvas.height || dpr !== this.dpr;
    this.cssWidth = rect.width || 1;
    this.cssHeight = rect.height || 1;
    this.dpr = dpr;
    if (changed) {
      this.canvas.width = w;
      this.canvas.height = h;
      this.dirty = true;
    }
    return changed;
  }

  /** The scale that shows a `width` × `height` map whole. */
  fitScale(width, height) {
    return Math.min((this.cssWidth - 2 * FIT_PAD) / width, (this.cssHeight - 2 * FIT_PAD) / height);
  }

  /** The least scale zooming out may reach: 0.25 px a cell, or less to see the map whole. */
  minScale() {
    const whole = this.gridW > 0 ? this.fitScale(this.gridW, this.gridH) : MIN_CELL_PX;
    return Math.max(LEAST_CELL_PX, Math.min(MIN_CELL_PX, whole));
  }

  /** Fits the whole map in the view, centred. */
  fit(width, height) {
    this.gridW = width;
    this.gridH = height;
    const s = this.fitScale(width, height);
    this.scale = Math.max(this.minScale(), Math.min(MAX_CELL_PX, s));
    this.ox = (this.cssWidth - width * this.scale) / 2;
    this.oy = (this.cssHeight - height * this.scale) / 2;
    // Until the user zooms or pans, a resized canvas fits the map again.
    this.fitted = true;
    this.dirty = true;
  }

  /** Zooms by `factor` keeping the point (cx, cy) (CSS px in the canvas) fixed. */
  zoomAt(factor, cx, cy) {
    const s = Math.max(this.minScale(), Math.min(MAX_CELL_PX, this.scale * factor));
    const k = s / this.scale;
    this.ox = cx - (cx - this.ox) * k;
    this.oy = cy - (cy - this.oy) * k;
    this.scale = s;
    this.clampPan();
    this.fitted = false;
    this.dirty = true;
  }

  panBy(dx, dy) {
    this.ox += dx;
    this.oy += dy;
    this.clampPan();
    this.fitted = false;
    this.dirty = true;
  }

  /** Keeps at least a margin of the map on screen so it can never be lost. */
  clampPan() {
    const margin = 40;
    const w = this.gridW * this.scale;
    const h = this.gridH * this.scale;
    this.ox = Math.min(this.cssWidth - margin, Math.max(margin - w, this.ox));
    this.oy = Math.min(this.cssHeight - margin, Math.max(margin - h, this.oy));
  }

  /** The cell under canvas CSS point (px, py), or null outside the map. */
  cellAt(px, py) {
    const x = Math.floor((px - this.ox) / this.scale);
    const y = Math.floor((py - this.oy) / this.scale);
    if (x < 0 || y < 0 || x >= this.gridW || y >= this.gridH) return null;
    return { x, y };
  }

  /** Like cellAt, but clamped into the map (for strokes that leave it). */
  cellClamped(px, py) {
    const x = Math.floor((px - this.ox) / this.scale);
    const y = Math.floor((py - this.oy) / this.scale);
    return {
      x: Math.min(this.gridW - 1, Math.max(0, x)),
      y: Math.min(this.gridH - 1, Math.max(0, y)),
    };
  }

  /** Canvas CSS coordinates of the centre of cell (x, y). */
  cellCentre(x, y) {
    return { x: this.ox + (x + 0.5) * this.scale, y: this.oy + (y + 0.5) * this.scale };
  }

  /**
   * The map's rectangle on the backing store, in device pixels, its corner and size snapped
   * to whole pixels so cell edges stay crisp: what both renderers fill with cells.
   */
  mapRect() {
    const dpr = this.dpr;
    return {
      x: Math.round(this.ox * dpr),
      y: Math.round(this.oy * dpr),
      w: Math.round(this.gridW * this.scale * dpr),
      h: Math.round(this.gridH * this.scale * dpr),
    };
  }

  /** Device pixels per cell: below 1, several cells share a pixel and are averaged. */
  cellDevicePx() {
    return this.scale * this.dpr;
  }
}
