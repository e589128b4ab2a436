// A frame's share of stepping: how many milliseconds the search may take in the next
// animation frame so that the frame still fits in 1/60 s. The one rule for it (issue 29,
// goal 3); the planner cuts the speed's budget to it (`Planner.stepWithin`, Rust's
// `Budget::within`): an expansion count stops early, the *fastest* slice is no longer, and
// *instant* is not cut.
//
// The share is what a frame has left: 16.7 ms, less a margin for the browser's own work
// (compositing, input), less the page's other work of recent frames (statistics, paint),
// measured. Some of a frame's cost is not on the page's thread at all (the GPU process
// drawing a WebGL frame, the compositor scaling a large canvas): when a frame comes late
// anyway, the share shrinks by a quarter, and it grows back a little with every frame on time.

import { FRAMES_PER_SECOND } from './controls.js';

/** A frame at 60 frames a second, in ms. */
export const FRAME_MS = 1000 / FRAMES_PER_SECOND;
/** What a frame keeps for the browser's own work, in ms. */
export const MARGIN_MS = 4;
/** The least share: a search always moves on (at least one expansion, whatever the share). */
export const MIN_SHARE_MS = 0.5;
/** How many recent frames the page's other work is measured over. */
const WINDOW = 8;
/** A frame later than this (a frame dropped) shrinks the share. */
const LATE_MS = FRAME_MS * 1.5;
/** After a late frame the share is this fraction of what it was… */
const SHRINK = 0.75;
/** …and each frame on time gives back this much of the whole, up to all of it. */
const GROW = 0.05;
/** The smallest fraction of the frame's rest the share shrinks to. */
const MIN_SCALE = 0.05;

export class FrameShare {
  constructor() {
    /** @type {number[]} the page's work other than stepping, in the last WINDOW frames (ms) */
    this.other = [];
    /** The fraction of the frame's rest given to stepping (shrunk after late frames). */
    this.scale = 1;
    /** @type {number | null} a share set by a test (`window.pathlab.forceShare`), or null */
    this.forced = null;
  }

  /**
   * A frame of a running search ended: `interval` ms after the frame before (null for the
   * first), `work` ms of the page's work in it, of which `step` ms stepping.
   * @param {number | null} interval
   * @param {number} work
   * @param {number} step
   */
  record(interval, work, step) {
    this.other.push(Math.max(0, work - step));
    if (this.other.length > WINDOW) this.other.shift();
    if (interval === null) return;
    this.scale = interval > LATE_MS ? Math.max(MIN_SCALE, this.scale * SHRINK) : Math.min(1, this.scale + GROW);
  }

  /** The ms the next frame may spend stepping. */
  get ms() {
    if (this.forced !== null) return this.forced;
    const other = this.other.length ? Math.max(...this.other) : 0;
    return Math.max(MIN_SHARE_MS, this.scale * (FRAME_MS - MARGIN_MS - other));
  }
}
