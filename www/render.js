// Painting: the wasm planner fills an RGBA frame (one pixel per cell) in its own memory; we
// wrap it in an ImageData without copying, put it on an offscreen canvas of width × height
// pixels and draw that scaled with smoothing off. Markers, the path polyline, the current node,
// grid lines and the walker are vectors on top. Also owns the view (zoom and pan).

import { MARKS } from './palette.js';

const MIN_CELL_PX = 0.25;
const MAX_CELL_PX = 96;

export class Renderer {
  /**
   * @param {HTMLCanvasElement} canvas
   * @param {() => WebAssembly.Memory} memory the wasm memory (its buffer is replaced on growth)
   */
  constructor(canvas, memory) {
    this.canvas = canvas;
    this.ctx = canvas.getContext('2d', { alpha: false });
    this.memory = memory;
    this.offscreen = document.createElement('canvas');
    this.offCtx = this.offscreen.getContext('2d');
    this.dpr = 1;
    this.cssWidth = 1;
    this.cssHeight = 1;
    // View: `scale` CSS pixels per cell; (ox, oy) = CSS position of cell (0, 0)'s corner.
    this.scale = 10;
    this.ox = 0;
    this.oy = 0;
    this.gridW = 0;
    this.gridH = 0;
    this.frameVersion = -1;
    this.dirty = true;
    this.lastPaintMs = 0;
    this.lastFrameMs = 0;
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

  /** Fits the whole map in the view, centred. */
  fit(width, height) {
    const pad = 8;
    const s = Math.min((this.cssWidth - 2 * pad) / width, (this.cssHeight - 2 * pad) / height);
    this.scale = Math.max(MIN_CELL_PX, Math.min(MAX_CELL_PX, s));
    this.ox = (this.cssWidth - width * this.scale) / 2;
    this.oy = (this.cssHeight - height * this.scale) / 2;
    // Until the user zooms or pans, a resized canvas fits the map again.
    this.fitted = true;
    this.dirty = true;
  }

  /** Zooms by `factor` keeping the point (cx, cy) (CSS px in the canvas) fixed. */
  zoomAt(factor, cx, cy) {
    const s = Math.max(MIN_CELL_PX, Math.min(MAX_CELL_PX, this.scale * factor));
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
   * Paints a frame. `scene` = { planner, version, path: Int32Array|[] (flat x,y), start, goal,
   * current, highlight: {x, y}|null, hover, walker: {x, y}|null, brushSize,
   * overlay: (ctx, renderer) => void | null }.
   * `overlay` draws extra vectors (the node mesh) under the path and markers.
   */
  paint(scene) {
    const t0 = performance.now();
    const { planner } = scene;
    const w = planner.width;
    const h = planner.height;
    this.gridW = w;
    this.gridH = h;
    if (w !== this.offscreen.width || h !== this.offscreen.height) {
      this.offscreen.width = w;
      this.offscreen.height = h;
      this.frameVersion = -1;
    }
    if (this.frameVersion !== scene.version) {
      if (this.frameVersion === -1) planner.repaintAll();
      const ptr = planner.render();
      const boxes = planner.dirtyRects();
      if (boxes.length) {
        // A fresh view each time: memory.buffer is replaced when wasm memory grows, and the
        // frame may have moved; the view copies nothing, and putImageData copies only the
        // boxes wasm reports as changed.
        const image = new ImageData(new Uint8ClampedArray(this.memory().buffer, ptr, w * h * 4), w, h);
        for (let i = 0; i < boxes.length; i += 4) {
          this.offCtx.putImageData(image, 0, 0, boxes[i], boxes[i + 1], boxes[i + 2], boxes[i + 3]);
        }
      }
      this.frameVersion = scene.version;
    }

    const ctx = this.ctx;
    const dpr = this.dpr;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.fillStyle = '#e9ebef';
    ctx.fillRect(0, 0, this.canvas.width, this.canvas.height);
    // Cells larger than a device pixel stay crisp squares; smaller ones (a 1024² map seen
    // whole) are averaged, since dropping most rows and columns would alias walls into moiré.
    ctx.imageSmoothingEnabled = this.scale * dpr < 1;
    ctx.imageSmoothingQuality = 'high';
    // Snap the map's corner and size to device pixels so cell edges stay crisp.
    const x0 = Math.round(this.ox * dpr);
    const y0 = Math.round(this.oy * dpr);
    const sw = Math.round(w * this.scale * dpr);
    const sh = Math.round(h * this.scale * dpr);
    ctx.drawImage(this.offscreen, x0, y0, sw, sh);

    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    const s = this.scale;
    if (s * dpr >= 7) this.gridLines(ctx, w, h);
    ctx.strokeStyle = 'rgba(20, 24, 33, 0.35)';
    ctx.lineWidth = 1;
    ctx.strokeRect(this.ox - 0.5, this.oy - 0.5, w * s + 1, h * s + 1);

    if (scene.overlay) scene.overlay(ctx, this);
    this.pathLine(ctx, scene.path);
    if (scene.current) this.currentNode(ctx, scene.current);
    if (scene.highlight) this.highlightCell(ctx, scene.highlight);
    this.marker(ctx, scene.start, MARKS.start, 'circle');
    this.marker(ctx, scene.goal, MARKS.goal, 'diamond');
    if (scene.walker) this.walker(ctx, scene.walker);
    if (scene.hover) this.hover(ctx, scene.hover, scene.brushSize);
    if (scene.cursor) this.cursorMark(ctx, scene.cursor);

    this.dirty = false;
    this.lastPaintMs = performance.now() - t0;
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
      const cx = this.ox + (path[i] + 0.5) * s;
      const cy = this.oy + (path[i + 1] + 0.5) * s;
      if (i === 0) ctx.moveTo(cx, cy);
      else ctx.lineTo(cx, cy);
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

  currentNode(ctx, { x, y }) {
    const s = this.scale;
    const size = Math.max(s, 6);
    const c = this.cellCentre(x, y);
    ctx.save();
    ctx.strokeStyle = MARKS.current;
    ctx.lineWidth = Math.max(1.5, Math.min(3, s * 0.15));
    ctx.strokeRect(c.x - size / 2, c.y - size / 2, size, size);
    ctx.restore();
  }

  /** A cell picked outside the canvas (an open-list row under the pointer): a bold ring. */
  highlightCell(ctx, { x, y }) {
    const s = this.scale;
    // At least 14 px across so the cell can be found on a zoomed-out 1024² map.
    const size = Math.max(s + 4, 14);
    const c = this.cellCentre(x, y);
    ctx.save();
    ctx.strokeStyle = '#ffffff';
    ctx.lineWidth = 5;
    ctx.strokeRect(c.x - size / 2, c.y - size / 2, size, size);
    ctx.strokeStyle = MARKS.current;
    ctx.lineWidth = 2.5;
    ctx.strokeRect(c.x - size / 2, c.y - size / 2, size, size);
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

  walker(ctx, { x, y }) {
    const s = this.scale;
    const r = Math.max(4, s * 0.34);
    const cx = this.ox + (x + 0.5) * s;
    const cy = this.oy + (y + 0.5) * s;
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
    const c = this.cellCentre(x, y);
    ctx.save();
    ctx.strokeStyle = '#ffffff';
    ctx.lineWidth = 4;
    ctx.strokeRect(c.x - size / 2, c.y - size / 2, size, size);
    ctx.strokeStyle = MARKS.cursor;
    ctx.lineWidth = 2;
    ctx.setLineDash([3, 2]);
    ctx.strokeRect(c.x - size / 2, c.y - size / 2, size, size);
    ctx.restore();
  }

  hover(ctx, { x, y }, brushSize) {
    const s = this.scale;
    if (s < 3) return;
    const lo = -Math.floor((brushSize - 1) / 2);
    ctx.save();
    ctx.strokeStyle = 'rgba(0, 114, 178, 0.9)';
    ctx.lineWidth = 1.5;
    ctx.setLineDash([4, 3]);
    ctx.strokeRect(this.ox + (x + lo) * s, this.oy + (y + lo) * s, brushSize * s, brushSize * s);
    ctx.restore();
  }
}
