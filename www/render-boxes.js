// Boxes of changed cells (`[x, y, w, h, …]`, runs of tiles along rows, as the planner's
// `takeChanges` and `dirtyRects` hand them out): which parts of a picture are out of date
// (`Stale`, for a level of the WebGL2 colour pyramid and for the 2D layer's whole-map canvas),
// and neighbouring runs merged into fewer, larger boxes (`mergeBoxes`) for the 2D layer's
// `putImageData`, while a box stays at most FILL times the cells its runs hold. (Merging the
// WebGL2 uploads and draws too made 161 → 79 draws and 110 → 66 uploads a frame on the 4096²
// A* run but cost SwiftShader 2–5 ms more CPU a frame for the extra cells: left out.)

import { TILE, tileRuns } from './fields-paint.js';

/** A merged box holds at most this many times the cells of the boxes in it. */
export const FILL = 2;

/**
 * `boxes` (flat `[x, y, w, h, …]`, in the order they come: rows down the map) merged greedily
 * in that order: each box joins the one being built while their bounding box holds at most
 * `fill` times their cells, and starts the next one otherwise. Every cell of `boxes` is in
 * the result; the result's boxes may overlap.
 * @param {ArrayLike<number>} boxes
 * @param {number} [fill]
 * @returns {number[]}
 */
export function mergeBoxes(boxes, fill = FILL) {
  /** @type {number[]} */
  const out = [];
  if (boxes.length < 4) return out;
  let x0 = boxes[0];
  let y0 = boxes[1];
  let x1 = x0 + boxes[2];
  let y1 = y0 + boxes[3];
  let cells = boxes[2] * boxes[3];
  for (let i = 4; i < boxes.length; i += 4) {
    const bx0 = boxes[i];
    const by0 = boxes[i + 1];
    const bx1 = bx0 + boxes[i + 2];
    const by1 = by0 + boxes[i + 3];
    const size = boxes[i + 2] * boxes[i + 3];
    const ux0 = Math.min(x0, bx0);
    const uy0 = Math.min(y0, by0);
    const ux1 = Math.max(x1, bx1);
    const uy1 = Math.max(y1, by1);
    if ((ux1 - ux0) * (uy1 - uy0) <= fill * (cells + size)) {
      x0 = ux0;
      y0 = uy0;
      x1 = ux1;
      y1 = uy1;
      cells += size;
    } else {
      out.push(x0, y0, x1 - x0, y1 - y0);
      x0 = bx0;
      y0 = by0;
      x1 = bx1;
      y1 = by1;
      cells = size;
    }
  }
  out.push(x0, y0, x1 - x0, y1 - y0);
  return out;
}

/**
 * The out-of-date tiles (TILE cells or texels a side) of a `width` × `height` picture — a
 * level of the WebGL2 colour pyramid, or the 2D layer's offscreen canvas — all of it at first,
 * handed out as merged boxes.
 */
export class Stale {
  /**
   * @param {number} width
   * @param {number} height
   */
  constructor(width, height) {
    this.across = Math.ceil(width / TILE);
    this.width = width;
    this.height = height;
    this.tiles = new Uint8Array(this.across * Math.ceil(height / TILE)).fill(1);
    this.any = true;
  }

  /** Marks texels x0..x1 × y0..y1 (ends excluded) out of date. */
  mark(x0, y0, x1, y1) {
    for (let ty = Math.floor(y0 / TILE); ty * TILE < y1; ty++) {
      for (let tx = Math.floor(x0 / TILE); tx * TILE < x1; tx++) this.tiles[ty * this.across + tx] = 1;
    }
    this.any = true;
  }

  /**
   * Marks the boxes `[x, y, w, h, …]` out of date.
   * @param {ArrayLike<number>} boxes
   */
  markBoxes(boxes) {
    for (let i = 0; i < boxes.length; i += 4) this.mark(boxes[i], boxes[i + 1], boxes[i] + boxes[i + 2], boxes[i + 1] + boxes[i + 3]);
  }

  /**
   * The out-of-date parts as boxes `[x, y, w, h, …]` (runs of tiles along rows), and forgets
   * them.
   * @returns {number[]}
   */
  take() {
    if (!this.any) return [];
    this.any = false;
    return tileRuns(this.tiles, this.across, this.width, this.height);
  }
}
