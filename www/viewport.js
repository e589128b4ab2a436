// The view of the map on a canvas: zoom, pan, fitting, and the one cell geometry on screen —
// which cell a point is in, where a cell is — that every renderer, the input and the tests
// share. Cells are `scale` CSS pixels apart (squares of that side, or hexagons whose
// neighbouring centres are that far apart: geometry.js has the layouts); the top-left corner
// of the map's bounding box is at (ox, oy). Besides this file, only render-gl.js's shader
// (`cellCoord`) and render-hex.js's raster turn pixels into cells.

import { layoutOf } from './geometry.js';

/**
 * The smallest a cell may be drawn, in CSS pixels, unless the map needs less to be seen
 * whole (a 4096² map on a phone), and the least it is ever drawn.
 */
const MIN_CELL_PX = 0.25;
const LEAST_CELL_PX = 1 / 32;
const MAX_CELL_PX = 96;
const FIT_PAD = 8;

/** The least a finger can hit: a touch screen's first map has cells at least this big (CSS px). */
export const TOUCH_CELL_PX = 12;

/** The cell size a touch screen's first map is made for, when the shipped one is too fine. */
const TOUCH_MAP_CELL_PX = 16;

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
    /** The map's cell shape (`square`, `hex-rows`, `hex-columns`) and its layout. */
    this.shape = 'square';
    this.layout = layoutOf('square');
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

  /** Takes the map's size and cell shape (a change of shape lays the cells out anew). */
  setMap(width, height, shape = this.shape) {
    if (shape !== this.shape) {
      this.shape = shape;
      this.layout = layoutOf(shape);
      this.dirty = true;
    }
    this.gridW = width;
    this.gridH = height;
  }

  /** The map's bounding box in cell pitches: `[width, height]`. */
  extent(width = this.gridW, height = this.gridH) {
    return this.layout.extent(width, height);
  }

  /** The scale that shows a `width` × `height` map whole. */
  fitScale(width, height) {
    const [w, h] = this.extent(width, height);
    return Math.min((this.cssWidth - 2 * FIT_PAD) / w, (this.cssHeight - 2 * FIT_PAD) / h);
  }

  /**
   * For a touch screen's first map: null when a `width` × `height` map fitted here has cells
   * a finger can hit (TOUCH_CELL_PX), otherwise the size of an open map that fills this view
   * with cells of about 16 CSS px (10–64 cells a side). Call after `resize`.
   * @returns {{width: number, height: number} | null}
   */
  touchMapSize(width, height) {
    if (this.fitScale(width, height) >= TOUCH_CELL_PX) return null;
    const side = (px) => Math.max(10, Math.min(64, Math.floor((px - 2 * FIT_PAD) / TOUCH_MAP_CELL_PX)));
    return { width: side(this.cssWidth), height: side(this.cssHeight) };
  }

  /** The least scale zooming out may reach: 0.25 px a cell, or less to see the map whole. */
  minScale() {
    const whole = this.gridW > 0 ? this.fitScale(this.gridW, this.gridH) : MIN_CELL_PX;
    return Math.max(LEAST_CELL_PX, Math.min(MIN_CELL_PX, whole));
  }

  /** Fits the whole map (of cell `shape`, by default the current one) in the view, centred. */
  fit(width, height, shape = this.shape) {
    this.setMap(width, height, shape);
    const s = this.fitScale(width, height);
    this.scale = Math.max(this.minScale(), Math.min(MAX_CELL_PX, s));
    const [w, h] = this.extent();
    this.ox = (this.cssWidth - w * this.scale) / 2;
    this.oy = (this.cssHeight - h * this.scale) / 2;
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
    const [ew, eh] = this.extent();
    const w = ew * this.scale;
    const h = eh * this.scale;
    this.ox = Math.min(this.cssWidth - margin, Math.max(margin - w, this.ox));
    this.oy = Math.min(this.cssHeight - margin, Math.max(margin - h, this.oy));
  }

  /** The cell under canvas CSS point (px, py), on the map or not (offset coordinates). */
  pick(px, py) {
    const [x, y] = this.layout.pick((px - this.ox) / this.scale, (py - this.oy) / this.scale);
    return { x, y };
  }

  /** The cell under canvas CSS point (px, py), or null outside the map. */
  cellAt(px, py) {
    const c = this.pick(px, py);
    if (c.x < 0 || c.y < 0 || c.x >= this.gridW || c.y >= this.gridH) return null;
    return c;
  }

  /** Like cellAt, but clamped into the map (for strokes that leave it). */
  cellClamped(px, py) {
    const c = this.pick(px, py);
    return {
      x: Math.min(this.gridW - 1, Math.max(0, c.x)),
      y: Math.min(this.gridH - 1, Math.max(0, c.y)),
    };
  }

  /** Canvas CSS coordinates of the centre of cell (x, y). */
  cellCentre(x, y) {
    const [u, v] = this.layout.centre(x, y);
    return { x: this.ox + u * this.scale, y: this.oy + v * this.scale };
  }

  /**
   * The corners of cell (x, y)'s hexagon, grown by `grow` CSS px (a ring around it), in
   * canvas CSS coordinates; empty for squares.
   * @returns {{x: number, y: number}[]}
   */
  hexCorners(x, y, grow = 0) {
    const c = this.cellCentre(x, y);
    const k = this.scale + grow * 2;
    return this.layout.corners.map(([du, dv]) => ({ x: c.x + du * k, y: c.y + dv * k }));
  }

  /**
   * The map's rectangle on the backing store, in device pixels, its corner and size snapped
   * to whole pixels so cell edges stay crisp: what both renderers fill with cells (for
   * hexagons, their bounding box).
   */
  mapRect() {
    const dpr = this.dpr;
    const [w, h] = this.extent();
    return {
      x: Math.round(this.ox * dpr),
      y: Math.round(this.oy * dpr),
      w: Math.round(w * this.scale * dpr),
      h: Math.round(h * this.scale * dpr),
    };
  }

  /**
   * Device pixels from one cell to the next, across and down (`[x, y]`): for squares the
   * snapped map rectangle's share, for hexagons their pitch along and across the lines.
   * @returns {[number, number]}
   */
  cellPitch() {
    if (!this.layout.hex) {
      const r = this.mapRect();
      return [r.w / Math.max(1, this.gridW), r.h / Math.max(1, this.gridH)];
    }
    const k = this.scale * this.dpr;
    return [this.layout.pitch[0] * k, this.layout.pitch[1] * k];
  }

  /** Device pixels per cell: below 1, several cells share a pixel and are averaged. */
  cellDevicePx() {
    const [a, b] = this.cellPitch();
    return Math.min(a, b);
  }
}
