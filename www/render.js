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
// once in the console and keeps the map. Where WebGL2 is a software renderer (SwiftShader,
// llvmpipe: a machine without a GPU, where the browser also reads the WebGL canvas back
// whole every frame) a map of more than LARGE_MAP_CELLS cells is painted with the 2D layer:
// there a frame of a running search costs the GPU process 8–9 ms of CPU with WebGL2 (17–20
// before its colours were made on the CPU) and 4–5 ms with the 2D canvas (docs/benchmarks.md,
// issue 29 goal 3). `renderer=webgl2` in the
// URL keeps WebGL2 anyway; on a software GL, WebGL2 draws colours made on the CPU
// (render-gl.js, render-pyramid.js). The canvas's `data-renderer` says which is active and
// `data-renderer-why` why, when it is not the default, or how WebGL2 paints on a software GL.

import { MARKS, BACKGROUND, css } from './palette.js';
import { Viewport } from './viewport.js';
import { GlCells } from './render-gl.js';
import { HexRaster, hexOutlines } from './render-hex.js';
import { fieldFrame, FieldChanges } from './fields-paint.js';
import { displayList, drawMarks } from './picture.js';
import { ReducedFrame, reduction } from './render-reduced.js';
import { afterFrame } from './perf.js';
import { Stale, mergeBoxes } from './render-boxes.js';

let warned = false;

/** Says once per page, in the console, why a view paints with the 2D canvas. */
function warnOnce(reason) {
  if (warned) return;
  warned = true;
  console.warn(`Pathlab: painting with the 2D canvas: ${reason}`);
}

/**
 * The renderer the page's URL asks for: `?renderer=2d` forces the 2D canvas and
 * `?renderer=webgl2` WebGL2 (on any map, even on a software GL); '' lets the page choose.
 * @returns {'2d' | 'webgl2' | ''}
 */
export function requestedRenderer() {
  const asked = new URLSearchParams(globalThis.location?.search ?? '').get('renderer');
  return asked === '2d' || asked === 'webgl2' ? asked : '';
}

/**
 * Where the page's URL asks WebGL2's colour pyramid to be made: `?pyramid=gpu` in the
 * shaders, as on a GPU, even on a software GL (the tests keep that path checked on a
 * machine without a GPU); `?pyramid=cpu` on the CPU even on a GPU; undefined lets
 * `GlCells` choose (the CPU on a software GL).
 * @returns {boolean | undefined} whether the CPU makes it
 */
export function requestedPyramid() {
  const asked = new URLSearchParams(globalThis.location?.search ?? '').get('pyramid');
  return asked === 'cpu' ? true : asked === 'gpu' ? false : undefined;
}

/**
 * The link `href` (relative to this page) made absolute, with the renderer this page's URL
 * asks for (`requestedRenderer`) carried into its query: the pages' links to each other
 * (the main page to compare mode and back) keep painting with it.
 * @param {string} href
 * @returns {string}
 */
export function keepRenderer(href) {
  const url = new URL(href, location.href);
  const asked = requestedRenderer();
  if (asked) url.searchParams.set('renderer', asked);
  return url.href;
}

/** Maps of more cells than this (1024²) paint with the 2D canvas when WebGL2 is software. */
export const LARGE_MAP_CELLS = 1024 * 1024;

/** Why the 2D canvas paints a large map although WebGL2 started (`data-renderer-why`). */
const softwareWhy = (name) => `WebGL2 is software here (${name}): the 2D canvas is faster on a map this large`;

/**
 * How the WebGL2 layer makes its pictures, when not by its shaders (`data-renderer-why`): on
 * a software GL the colours are made on the CPU and only drawn by WebGL2 (render-gl.js).
 * @param {GlCells} gl
 */
const glWhy = (gl) => {
  if (gl.software) {
    return gl.cpu
      ? `WebGL2 is software here (${gl.software}): the cells are coloured and averaged on the CPU, WebGL2 draws them`
      : `WebGL2 is software here (${gl.software}): its shaders colour the cells, as the URL asks`;
  }
  return gl.cpu ? 'the cells are coloured and averaged on the CPU, as the URL asks' : '';
};

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
    /** The path view's frame averaged for maps much larger than the screen. */
    this.reduced = new ReducedFrame();
    /** The frame's parts not yet put on the offscreen canvas (`putPending`). */
    this.pending = new Stale(0, 0);
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
      // A new offscreen canvas holds nothing: every pixel of the frame is to be put on it.
      this.pending = new Stale(w, h);
      planner.repaintAll();
      this.fresh = false;
      changed = true;
    }
    /** @type {ArrayLike<number>} */
    let boxes = [];
    if (changed) {
      // The frame stays where it is until the map's size changes, which renders it anew.
      this.framePtr = planner.render();
      boxes = planner.dirtyRects();
      this.pending.markBoxes(boxes);
    }
    ctx.fillStyle = css(BACKGROUND);
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
    // Cells much finer than pixels: the frame averaged first (render-reduced.js), so the
    // browser scales an image about the screen's size, not the whole map.
    const k = reduction(view.cellDevicePx());
    if (k > 1) {
      const frame = new Uint8Array(this.memory().buffer, this.framePtr, w * h * 4);
      this.drawScaled(view, ctx, true, this.reduced.update(frame, w, h, k, boxes));
      return;
    }
    this.putPending(w, h);
    this.drawScaled(view, ctx, averaged);
  }

  /**
   * Puts the frame's changed parts on the offscreen canvas, which only the unreduced path
   * view draws: a big map seen whole (reduced) or crisp hexagons leave them pending, so a
   * running search does not copy its changes into a canvas of the whole map every frame.
   */
  putPending(w, h) {
    const boxes = mergeBoxes(this.pending.take());
    if (!boxes.length) return;
    // A fresh view each time: memory.buffer is replaced when wasm memory grows, and the
    // frame may have moved; the view copies nothing, and putImageData copies only the boxes.
    const image = new ImageData(new Uint8ClampedArray(this.memory().buffer, this.framePtr, w * h * 4), w, h);
    for (let i = 0; i < boxes.length; i += 4) {
      this.offCtx.putImageData(image, 0, 0, boxes[i], boxes[i + 1], boxes[i + 2], boxes[i + 3]);
    }
  }

  /** The offscreen canvas (a pixel a cell), or `source`, drawn over the map's rectangle. */
  drawScaled(view, ctx, averaged, source = this.offscreen) {
    ctx.imageSmoothingEnabled = averaged;
    ctx.imageSmoothingQuality = 'high';
    const r = view.mapRect();
    ctx.drawImage(source, r.x, r.y, r.w, r.h);
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
    ctx.fillStyle = css(BACKGROUND);
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
    // With `finishNext`, the next paint records in `lastFinishedMs` the time until the
    // page's thread has finished its frame (perf.js `afterFrame`: nothing waits for it).
    this.finishNext = false;
    /** @type {number | null} */
    this.lastFinishedMs = null;
    /** Whether WebGL2 failed on this view (it is not tried again). */
    this.glFailed = false;
    /** WebGL2's renderer when it is a software one (render-gl.js `softwareRenderer`), else ''. */
    this.softwareGl = '';
    /** @type {GlCells | CanvasCells} */
    this.cells = this.pickCells();
  }

  invalidate() { this.dirty = true; }

  /** The WebGL2 layer unless the URL refuses it or it fails to start; the 2D layer then. */
  pickCells() {
    let cells;
    let why = '';
    if (requestedRenderer() === '2d') {
      cells = new CanvasCells(this.memory);
      why = 'asked for in the URL';
    } else {
      try {
        const gl = new GlCells(this.canvas, this.memory, (reason) => this.fallBack(reason), requestedPyramid());
        this.softwareGl = gl.software;
        cells = gl;
        why = glWhy(gl);
      } catch (e) {
        const reason = e && e.message ? e.message : String(e);
        warnOnce(reason);
        this.glFailed = true;
        cells = new CanvasCells(this.memory);
        why = reason;
      }
    }
    this.show(cells, why);
    return cells;
  }

  /** Puts the layer's name, and why it is not the default, on the canvas. */
  show(cells, why) {
    this.canvas.dataset.renderer = cells.name;
    if (why) this.canvas.dataset.rendererWhy = why;
    else delete this.canvas.dataset.rendererWhy;
  }

  /** Swaps the cell layer for `cells`; the next paint draws every cell again. */
  swap(cells, why) {
    this.cells.destroy();
    this.cells = cells;
    this.show(cells, why);
    this.frameVersion = -1;
    this.dirty = true;
  }

  /** Paints with the 2D layer from now on (WebGL failed); the map is in wasm, untouched. */
  fallBack(reason) {
    if (this.cells.name === '2d') return;
    warnOnce(reason);
    this.glFailed = true;
    this.swap(new CanvasCells(this.memory), reason);
  }

  /**
   * On a software WebGL2, the 2D layer for a map of more than LARGE_MAP_CELLS cells and
   * WebGL2 again for a smaller one, unless the URL chose the renderer.
   * @param {number} cells the map's cells
   */
  fitRenderer(cells) {
    if (!this.softwareGl || this.glFailed) return;
    const large = cells > LARGE_MAP_CELLS;
    if (large === (this.cells.name === '2d') || requestedRenderer()) return;
    if (large) {
      this.swap(new CanvasCells(this.memory), softwareWhy(this.softwareGl));
    } else {
      try {
        const gl = new GlCells(this.canvas, this.memory, (reason) => this.fallBack(reason), requestedPyramid());
        this.swap(gl, glWhy(gl));
      } catch (e) {
        warnOnce(e && e.message ? e.message : String(e));
        this.glFailed = true;
      }
    }
  }

  /** Frees the cell layer (the view is going away). */
  destroy() {
    this.cells.destroy();
  }

  /**
   * Paints a frame. `scene` = { planner, version, path: Int32Array|[] (flat x,y), start, goal,
   * current, highlight: {x, y}|null, hover, walker: {from, to, f}|null (cells, and how far
   * from one to the other), brushSize,
   * overlay: (renderer) => MeshScene | null, or null; fields: FieldScene | null (fields-paint.js:
   * the field or range view's cells and vectors; null or absent in the path view) }.
   * `overlay` gives the node mesh to draw under the path and markers (mesh.js). Every vector
   * comes from one display list (picture.js), the exports' too.
   */
  paint(scene) {
    const t0 = performance.now();
    const { planner } = scene;
    const w = planner.width;
    const h = planner.height;
    this.setMap(w, h, planner.shape);
    this.fitRenderer(w * h);
    const changed = this.frameVersion !== scene.version;
    const ctx = this.ctx;
    const fields = scene.fields ?? null;
    const dpr = this.dpr;
    const s = this.scale;
    // The display list's first entry: the cells, painted by the cell layer in use (WebGL2 or
    // the 2D canvas, pixel for pixel in device pixels), then the grid lines or hex outlines
    // and the map's border; the marks after it draw in CSS pixels.
    const paintCells = (/** @type {CanvasRenderingContext2D} */ c) => {
      c.setTransform(1, 0, 0, 1, 0, 0);
      try {
        this.cells.paint(this, planner, changed, c, fields);
      } catch (e) {
        if (this.cells.name === '2d') throw e;
        this.fallBack(`WebGL2 failed while painting (${e && e.message ? e.message : e})`);
        this.cells.paint(this, planner, true, c, fields);
      }
      this.frameVersion = scene.version;
      c.setTransform(dpr, 0, 0, dpr, 0, 0);
      if (this.layout.hex) {
        // Hexes outlined once a hex is large enough to tell apart (the border hexes outline
        // the map's own ragged edge).
        if (s * dpr >= 9) hexOutlines(c, this);
      } else {
        if (s * dpr >= 7) this.gridLines(c, w, h);
        c.strokeStyle = MARKS.border;
        c.lineWidth = 1;
        c.strokeRect(this.ox - 0.5, this.oy - 0.5, w * s + 1, h * s + 1);
      }
    };

    drawMarks(ctx, displayList({
      paintCells,
      path: scene.path,
      start: scene.start,
      goal: scene.goal,
      mesh: scene.overlay ? scene.overlay(this) : null,
      current: scene.current,
      highlight: scene.highlight,
      walker: scene.walker,
      brush: scene.hover && this.scale >= 3 ? planner.brushCells(scene.hover.x, scene.hover.y, scene.brushSize) : null,
      cursor: scene.cursor,
      fields,
      agents: scene.agents ?? null,
      learn: scene.learn,
    }, this.place(), { live: true }));

    this.dirty = false;
    this.lastPaintMs = performance.now() - t0;
    if (this.finishNext) {
      this.finishNext = false;
      afterFrame(() => { this.lastFinishedMs = performance.now() - t0; });
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

  /**
   * Where the display list's marks go on this view (picture.js): cells' centres and rings in
   * CSS px, as the view shows them now.
   * @returns {import('./picture.js').Place}
   */
  place() {
    return {
      centre: (x, y) => this.cellCentre(x, y),
      ring: (x, y, size) => {
        if (this.layout.hex) return this.hexCorners(x, y, (size - this.scale) / 2).map((c) => /** @type {[number, number]} */ ([c.x, c.y]));
        const c = this.cellCentre(x, y);
        const h = size / 2;
        return [[c.x - h, c.y - h], [c.x + h, c.y - h], [c.x + h, c.y + h], [c.x - h, c.y + h]];
      },
      scale: this.scale,
      px: 1,
      hex: this.layout.hex,
      view: this,
    };
  }
}
