// Painting. The cells come from one of two layers: WebGL2 (render-gl.js: the cell and state
// bytes as textures, the palette in the shader, on a canvas under this one) or, as the
// fallback, the 2D canvas (the wasm planner fills an RGBA frame, one pixel per cell, in its
// own memory; we wrap it in an ImageData without copying, put it on an offscreen canvas and
// draw that scaled). Markers, the path polyline, the current node, grid lines, the walker,
// the hover and cursor rings and the node mesh are 2D vectors drawn on top here, whichever
// layer paints the cells. The view maths (zoom, pan, which cell is where) is viewport.js.
//
// WebGL2 is used unless the page's URL says `renderer=2d`; when it is missing or fails (a
// shader that does not compile, a lost context) the view falls back to the 2D layer, says so
// once in the console and keeps the map. The canvas's `data-renderer` says which is active.

import { MARKS } from './palette.js';
import { Viewport } from './viewport.js';
import { GlCells } from './render-gl.js';
import { HexRaster, hexOutlines } from './render-hex.js';
import { fieldFrame, FieldChanges, drawArrows, drawWalkers, drawOutline, drawUnit } from './fields-paint.js';

let warned = false;

/** Says once per page, in the console, why a view paints with the 2D canvas. */
function warnOnce(reason) {
  if (warned) return;
  warned = true;
  console.warn(`Pathlab: painting with the 2D canvas: ${reason}`);
}

/** The renderer the page's URL asks for: `?renderer=2d` forces the 2D canvas. */
export function requestedRenderer() {
  const asked = new URLSearchParams(globalThis.location?.search ?? '').get('renderer');
  return asked === '2d' ? '2d' : 'webgl2';
}

/**
 * The 2D layer: the wasm frame put on an offscreen canvas (only the boxes that changed) and
 * drawn scaled onto the view's canvas.
 */
class CanvasCells {
  /** @param {() => WebAssembly.Memory} memory */
  constructor(memory) {
    this.name = '2d';
    this.memory = memory;
    this.offscreen = document.createElement('canvas');
    this.offCtx = /** @type {CanvasRenderingContext2D} */ (this.offscreen.getContext('2d'));
    this.fresh = true;
    /** Hexagons of a device pixel or more, rastered (render-hex.js); made when first needed. */
    this.hexes = null;
    /** Where the last render() left the frame in wasm memory. */
    this.framePtr = 0;
    /** The field or range view's colours, a word a cell (fields-paint.js), when shown. */
    this.fieldWords = new Uint32Array(0);
    /** The field scene's key the offscreen canvas holds ('' = the path view's frame). */
    this.fieldKey = '';
    /** The key of the field colours on the offscreen canvas. */
    this.fieldDrawn = '';
    /** Where the field's bytes (and the terrain under them) changed since they were drawn. */
    this.changes = new FieldChanges();
  }

  /**
   * @param {Viewport} view
   * @param {import('./pkg/pathlab.js').Planner} planner
   * @param {boolean} changed whether the planner's picture may have changed since the last paint
   * @param {CanvasRenderingContext2D} ctx
   * @param {import('./fields-paint.js').FieldScene | null} [fields] the field or range view's
   *   cells, or null for the path view
   */
  paint(view, planner, changed, ctx, fields = null) {
    const w = planner.width;
    const h = planner.height;
    const fieldKey = fields ? fields.key : '';
    if (fieldKey !== this.fieldKey) {
      // Back in the path view, the offscreen canvas still holds the field's colours; into the
      // field or range view from the path view, it holds the search's.
      if (!fields) this.fresh = true;
      if (!fields || !this.fieldKey) {
        this.changes.forget();
        this.hexes?.forget();
      }
      this.fieldKey = fieldKey;
      this.fieldDrawn = '';
    }
    if (fields) {
      this.paintField(view, planner, fields, ctx);
      return;
    }
    if (w !== this.offscreen.width || h !== this.offscreen.height || this.fresh) {
      this.offscreen.width = w;
      this.offscreen.height = h;
      // A new offscreen canvas holds nothing: put every pixel of the frame on it.
      planner.repaintAll();
      this.fresh = false;
      changed = true;
    }
    /** @type {ArrayLike<number>} */
    let boxes = [];
    if (changed) {
      // The frame stays where it is until the map's size changes, which renders it anew.
      const ptr = planner.render();
      this.framePtr = ptr;
      boxes = planner.dirtyRects();
      if (boxes.length) {
        // A fresh view each time: memory.buffer is replaced when wasm memory grows, and the
        // frame may have moved; the view copies nothing, and putImageData copies only the
        // boxes wasm reports as changed.
        const image = new ImageData(new Uint8ClampedArray(this.memory().buffer, ptr, w * h * 4), w, h);
        for (let i = 0; i < boxes.length; i += 4) {
          this.offCtx.putImageData(image, 0, 0, boxes[i], boxes[i + 1], boxes[i + 2], boxes[i + 3]);
        }
      }
    }
    ctx.fillStyle = '#e9ebef';
    ctx.fillRect(0, 0, ctx.canvas.width, ctx.canvas.height);
    // Cells larger than a device pixel stay crisp; smaller ones (a 1024² map seen whole) are
    // averaged, since dropping most rows and columns would alias walls into moiré.
    const averaged = view.cellDevicePx() < 1;
    if (view.layout.hex && !averaged) {
      this.hexes ??= new HexRaster();
      const frame = new Uint32Array(/** @type {ArrayBuffer} */ (this.memory().buffer), this.framePtr, w * h);
      this.hexes.paint(view, frame, boxes, ctx);
      return;
    }
    this.hexes?.forget();
    this.drawScaled(view, ctx, averaged);
  }

  /** The offscreen canvas (a pixel a cell) drawn over the map's rectangle. */
  drawScaled(view, ctx, averaged) {
    ctx.imageSmoothingEnabled = averaged;
    ctx.imageSmoothingQuality = 'high';
    const r = view.mapRect();
    ctx.drawImage(this.offscreen, r.x, r.y, r.w, r.h);
  }

  /**
   * The field or range view's cells: their colours made from the planner's bytes when the
   * scene's key changed (fields-paint.js), then drawn as the path view's frame is.
   * @param {Viewport} view
   * @param {import('./pkg/pathlab.js').Planner} planner
   * @param {import('./fields-paint.js').FieldScene} fields
   * @param {CanvasRenderingContext2D} ctx
   */
  paintField(view, planner, fields, ctx) {
    const w = planner.width;
    const h = planner.height;
    /** @type {number[]} */
    let boxes = [];
    if (this.fieldWords.length !== w * h || w !== this.offscreen.width || h !== this.offscreen.height || this.fresh) {
      this.offscreen.width = w;
      this.offscreen.height = h;
      this.fieldWords = new Uint32Array(w * h);
      this.changes.forget();
      this.fresh = true;
    }
    if (this.fresh || this.fieldKey !== this.fieldDrawn) {
      this.fieldDrawn = this.fieldKey;
      const cells = new Uint8Array(this.memory().buffer, planner.cellsPtr(), w * h);
      // Only the tiles whose bytes changed (a repair touches few); all of them the first time.
      boxes = this.changes.take(fields.kind, w, h, [fields.bytes, cells]) ?? [0, 0, w, h];
      // The path view's frame is painted whole when it comes back (`fresh` then).
      this.fresh = false;
      const image = new ImageData(new Uint8ClampedArray(this.fieldWords.buffer), w, h);
      for (let i = 0; i < boxes.length; i += 4) {
        const box = boxes.slice(i, i + 4);
        fieldFrame(fields, cells, this.fieldWords, w, box);
        this.offCtx.putImageData(image, 0, 0, box[0], box[1], box[2], box[3]);
      }
    }
    ctx.fillStyle = '#e9ebef';
    ctx.fillRect(0, 0, ctx.canvas.width, ctx.canvas.height);
    const averaged = view.cellDevicePx() < 1;
    if (view.layout.hex && !averaged) {
      this.hexes ??= new HexRaster();
      this.hexes.paint(view, this.fieldWords, boxes, ctx);
      return;
    }
    this.hexes?.forget();
    this.drawScaled(view, ctx, averaged);
  }

  /** Waits until the canvas has really drawn (for the page's perf figures). */
  finish(ctx) {
    ctx.getImageData(0, 0, 1, 1);
  }

  destroy() {}
}

export class Renderer extends Viewport {
  /**
   * @param {HTMLCanvasElement} canvas
   * @param {() => WebAssembly.Memory} memory the wasm memory (its buffer is replaced on growth)
   */
  constructor(canvas, memory) {
    super(canvas);
    this.ctx = /** @type {CanvasRenderingContext2D} */ (canvas.getContext('2d'));
    this.memory = memory;
    this.frameVersion = -1;
    this.lastPaintMs = 0;
    // With `finishNext`, the next paint waits until the layers have really drawn and records
    // its whole time in `lastFinishedMs` (the page's perf figures sample some frames so).
    this.finishNext = false;
    /** @type {number | null} */
    this.lastFinishedMs = null;
    /** @type {GlCells | CanvasCells} */
    this.cells = this.pickCells();
  }

  invalidate() { this.dirty = true; }

  /** The WebGL2 layer unless the URL refuses it or it fails to start; the 2D layer then. */
  pickCells() {
    let cells;
    if (requestedRenderer() === '2d') {
      cells = new CanvasCells(this.memory);
    } else {
      try {
        cells = new GlCells(this.canvas, this.memory, (reason) => this.fallBack(reason));
      } catch (e) {
        warnOnce(e && e.message ? e.message : String(e));
        cells = new CanvasCells(this.memory);
      }
    }
    this.canvas.dataset.renderer = cells.name;
    return cells;
  }

  /** Paints with the 2D layer from now on (WebGL failed); the map is in wasm, untouched. */
  fallBack(reason) {
    if (this.cells.name === '2d') return;
    warnOnce(reason);
    this.cells.destroy();
    this.cells = new CanvasCells(this.memory);
    this.canvas.dataset.renderer = this.cells.name;
    this.frameVersion = -1;
    this.dirty = true;
  }

  /** Frees the cell layer (the view is going away). */
  destroy() {
    this.cells.destroy();
  }

  /**
   * Paints a frame. `scene` = { planner, version, path: Int32Array|[] (flat x,y), start, goal,
   * current, highlight: {x, y}|null, hover, walker: {from, to, f}|null (cells, and how far
   * from one to the other), brushSize,
   * overlay: (ctx, renderer) => void | null, fields: FieldScene | null (fields-paint.js: the
   * field or range view's cells and vectors; null or absent in the path view) }.
   * `overlay` draws extra vectors (the node mesh) under the path and markers.
   */
  paint(scene) {
    const t0 = performance.now();
    const { planner } = scene;
    const w = planner.width;
    const h = planner.height;
    this.setMap(w, h, planner.shape);
    const changed = this.frameVersion !== scene.version;
    const ctx = this.ctx;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    const fields = scene.fields ?? null;
    try {
      this.cells.paint(this, planner, changed, ctx, fields);
    } catch (e) {
      if (this.cells.name === '2d') throw e;
      this.fallBack(`WebGL2 failed while painting (${e && e.message ? e.message : e})`);
      this.cells.paint(this, planner, true, ctx, fields);
    }
    this.frameVersion = scene.version;

    const dpr = this.dpr;
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    const s = this.scale;
    if (this.layout.hex) {
      // Hexes outlined once a hex is large enough to tell apart (the border hexes outline
      // the map's own ragged edge).
      if (s * dpr >= 9) hexOutlines(ctx, this);
    } else {
      if (s * dpr >= 7) this.gridLines(ctx, w, h);
      ctx.strokeStyle = 'rgba(20, 24, 33, 0.35)';
      ctx.lineWidth = 1;
      ctx.strokeRect(this.ox - 0.5, this.oy - 0.5, w * s + 1, h * s + 1);
    }

    if (fields) drawArrows(ctx, this, fields);
    if (fields?.outline) drawOutline(ctx, this, fields.outline, fields.vectors);
    if (scene.overlay) scene.overlay(ctx, this);
    this.pathLine(ctx, scene.path);
    if (fields?.walkers) drawWalkers(ctx, this, fields.walkers);
    if (fields?.unit) drawUnit(ctx, this, fields.unit);
    if (scene.current) this.currentNode(ctx, scene.current);
    if (scene.highlight) this.highlightCell(ctx, scene.highlight);
    this.marker(ctx, scene.start, MARKS.start, 'circle');
    this.marker(ctx, scene.goal, MARKS.goal, 'diamond');
    if (scene.walker) this.walker(ctx, scene.walker);
    if (scene.hover) this.hover(ctx, scene.hover, scene.brushSize, planner);
    if (scene.cursor) this.cursorMark(ctx, scene.cursor);

    this.dirty = false;
    this.lastPaintMs = performance.now() - t0;
    if (this.finishNext) {
      this.finishNext = false;
      this.cells.finish(ctx);
      this.lastFinishedMs = performance.now() - t0;
    }
  }

  gridLines(ctx, w, h) {
    const s = this.scale;
    const xFrom = Math.max(0, Math.floor(-this.ox / s));
    const xTo = Math.min(w, Math.ceil((this.cssWidth - this.ox) / s));
    const yFrom = Math.max(0, Math.floor(-this.oy / s));
    const yTo = Math.min(h, Math.ceil((this.cssHeight - this.oy) / s));
    const px = 1 / this.dpr;
    ctx.beginPath();
    for (let x = xFrom; x <= xTo; x++) {
      const gx = Math.round((this.ox + x * s) * this.dpr) / this.dpr + px / 2;
      ctx.moveTo(gx, this.oy + yFrom * s);
      ctx.lineTo(gx, this.oy + yTo * s);
    }
    for (let y = yFrom; y <= yTo; y++) {
      const gy = Math.round((this.oy + y * s) * this.dpr) / this.dpr + px / 2;
      ctx.moveTo(this.ox + xFrom * s, gy);
      ctx.lineTo(this.ox + xTo * s, gy);
    }
    ctx.strokeStyle = MARKS.grid;
    ctx.lineWidth = px;
    ctx.stroke();
  }

  pathLine(ctx, path) {
    if (!path || path.length < 4) return;
    const s = this.scale;
    ctx.save();
    ctx.lineJoin = 'round';
    ctx.lineCap = 'round';
    ctx.beginPath();
    for (let i = 0; i < path.length; i += 2) {
      const c = this.cellCentre(path[i], path[i + 1]);
      if (i === 0) ctx.moveTo(c.x, c.y);
      else ctx.lineTo(c.x, c.y);
    }
    // A fixed on-screen width (growing a little once cells are large), over a dark casing.
    const width = Math.max(3, Math.min(6, s * 0.22));
    ctx.strokeStyle = MARKS.casing;
    ctx.lineWidth = width + 3;
    ctx.stroke();
    ctx.strokeStyle = MARKS.path;
    ctx.lineWidth = width;
    ctx.stroke();
    ctx.restore();
  }

  /**
   * Adds the outline of a ring `size` CSS px across around cell (x, y) to the path: a square,
   * or a hexagon with that pitch on maps of hexagons.
   */
  ring(ctx, x, y, size) {
    if (this.layout.hex) {
      const corners = this.hexCorners(x, y, (size - this.scale) / 2);
      ctx.moveTo(corners[0].x, corners[0].y);
      for (const c of corners.slice(1)) ctx.lineTo(c.x, c.y);
      ctx.closePath();
      return;
    }
    const c = this.cellCentre(x, y);
    ctx.rect(c.x - size / 2, c.y - size / 2, size, size);
  }

  currentNode(ctx, { x, y }) {
    const s = this.scale;
    ctx.save();
    ctx.beginPath();
    this.ring(ctx, x, y, Math.max(s, 6));
    ctx.strokeStyle = MARKS.current;
    ctx.lineWidth = Math.max(1.5, Math.min(3, s * 0.15));
    ctx.stroke();
    ctx.restore();
  }

  /** A cell picked outside the canvas (an open-list row under the pointer): a bold ring. */
  highlightCell(ctx, { x, y }) {
    // At least 14 px across so the cell can be found on a zoomed-out 1024² map.
    const size = Math.max(this.scale + 4, 14);
    ctx.save();
    ctx.beginPath();
    this.ring(ctx, x, y, size);
    ctx.strokeStyle = '#ffffff';
    ctx.lineWidth = 5;
    ctx.stroke();
    ctx.strokeStyle = MARKS.current;
    ctx.lineWidth = 2.5;
    ctx.stroke();
    ctx.restore();
  }

  /** Markers keep a minimum on-screen size so they stay grabbable on huge maps. */
  marker(ctx, at, colour, shape) {
    if (!at) return;
    const s = this.scale;
    const r = Math.max(6.5, s * 0.42);
    const c = this.cellCentre(at.x, at.y);
    ctx.save();
    ctx.beginPath();
    if (shape === 'circle') {
      ctx.arc(c.x, c.y, r, 0, Math.PI * 2);
    } else {
      const d = r * 1.18;
      ctx.moveTo(c.x, c.y - d);
      ctx.lineTo(c.x + d, c.y);
      ctx.lineTo(c.x, c.y + d);
      ctx.lineTo(c.x - d, c.y);
      ctx.closePath();
    }
    ctx.fillStyle = colour;
    ctx.shadowColor = 'rgba(0, 0, 0, 0.3)';
    ctx.shadowBlur = 3;
    ctx.fill();
    ctx.shadowBlur = 0;
    ctx.lineWidth = Math.max(1.5, r * 0.22);
    ctx.strokeStyle = '#fff';
    ctx.stroke();
    if (r >= 9) {
      ctx.fillStyle = '#fff';
      ctx.font = `700 ${Math.round(r * 1.05)}px system-ui, sans-serif`;
      ctx.textAlign = 'center';
      ctx.textBaseline = 'middle';
      ctx.fillText(shape === 'circle' ? 'S' : 'G', c.x, c.y + r * 0.05);
    }
    ctx.restore();
  }

  /** The walker, `f` of the way from cell `from` to the next cell `to` (centre to centre). */
  walker(ctx, { from, to, f }) {
    const s = this.scale;
    const r = Math.max(4, s * 0.34);
    const a = this.cellCentre(from.x, from.y);
    const b = this.cellCentre(to.x, to.y);
    const cx = a.x + (b.x - a.x) * f;
    const cy = a.y + (b.y - a.y) * f;
    ctx.save();
    ctx.beginPath();
    ctx.arc(cx, cy, r, 0, Math.PI * 2);
    ctx.fillStyle = MARKS.walker;
    ctx.shadowColor = 'rgba(0, 0, 0, 0.35)';
    ctx.shadowBlur = 4;
    ctx.fill();
    ctx.shadowBlur = 0;
    ctx.lineWidth = Math.max(1.5, r * 0.25);
    ctx.strokeStyle = '#fff';
    ctx.stroke();
    ctx.restore();
  }

  /** The keyboard's cell cursor: a ring at least 12 px across, over a white casing. */
  cursorMark(ctx, { x, y }) {
    const size = Math.max(this.scale + 4, 12);
    ctx.save();
    ctx.beginPath();
    this.ring(ctx, x, y, size);
    ctx.strokeStyle = '#ffffff';
    ctx.lineWidth = 4;
    ctx.stroke();
    ctx.strokeStyle = MARKS.cursor;
    ctx.lineWidth = 2;
    ctx.setLineDash([3, 2]);
    ctx.stroke();
    ctx.restore();
  }

  /**
   * The brush under the pointer, dashed: the cells `planner.brushCells` says a stroke there
   * paints (a square block, or a hex disc outlined hex by hex).
   */
  hover(ctx, { x, y }, brushSize, planner) {
    const s = this.scale;
    if (s < 3) return;
    ctx.save();
    ctx.strokeStyle = 'rgba(0, 114, 178, 0.9)';
    ctx.lineWidth = 1.5;
    ctx.setLineDash([4, 3]);
    ctx.beginPath();
    const cells = planner.brushCells(x, y, brushSize);
    if (this.layout.hex) {
      for (let i = 0; i < cells.length; i += 2) this.ring(ctx, cells[i], cells[i + 1], s);
    } else if (cells.length) {
      // The block's bounding box (its cells on the map).
      const xs = cells.filter((_, i) => i % 2 === 0);
      const ys = cells.filter((_, i) => i % 2 === 1);
      const x0 = Math.min(...xs);
      const y0 = Math.min(...ys);
      ctx.rect(this.ox + x0 * s, this.oy + y0 * s, (Math.max(...xs) - x0 + 1) * s, (Math.max(...ys) - y0 + 1) * s);
    }
    ctx.stroke();
    ctx.restore();
  }
}
