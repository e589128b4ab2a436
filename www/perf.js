// The page's own paint figures (shown with `index.html?perf`, read by bench/browser.mjs):
// over each 60 frames painted while the search runs, the time of a paint and of a search
// step, and the interval between animation frames (a dropped frame shows there). Paints while
// nothing runs (a map loading, a marker moved) are not counted: they are not what a frame
// of a running search costs.
//
// A paint's JS time is not all it costs: after the animation frame's scripts the page's
// thread still lays the page out, paints it and hands the frame to the compositor (which,
// without a GPU, reads a WebGL canvas back and rasters the 2D canvas's drawing). With `?perf`,
// every SAMPLE_EVERY-th paint also measures the time until that is done, as `finishedMs`:
// a message posted at the paint's end runs as the thread's next task, after the frame's
// update (`afterFrame`). Nothing waits for it, so measuring costs the frames nothing; the
// GPU's or compositor's work on other threads shows in the frame interval, not here. (Until
// issue 29's goal 3 a sampled paint read a pixel back, which waited for the GPU and cost 12 %
// of the page's thread.) The frame log (`keepFrames`) measures every frame so, as `rendered`.

/** @type {(() => void)[]} what runs once the page's thread has finished the frame */
let pending = [];
/** @type {MessagePort | null} made on first use */
let port = null;

/**
 * Runs `fn` as soon as the page's thread is done with the current task: called during an
 * animation frame, after the frame's layout, paint and hand-over to the compositor.
 * @param {() => void} fn
 */
export function afterFrame(fn) {
  if (!port) {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      const run = pending;
      pending = [];
      for (const f of run) f();
    };
    port = channel.port2;
  }
  pending.push(fn);
  if (pending.length === 1) port.postMessage(0);
}

const REPORT_EVERY = 60;
const SAMPLE_EVERY = 5;

/** @param {number[]} a */
const mean = (a) => (a.length ? a.reduce((x, y) => x + y, 0) / a.length : 0);

/** @param {number[]} a */
function median(a) {
  if (!a.length) return null;
  const s = [...a].sort((x, y) => x - y);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/** @param {number[]} a */
const max = (a) => (a.length ? Math.max(...a) : null);

/**
 * One frame of a running search, as the frame log keeps it (`?perf`).
 * @typedef {object} FrameRecord
 * @property {number | null} interval ms since the animation frame before (null: the first)
 * @property {number} step ms of search stepping in this frame
 * @property {number | null} paint ms of the paint on the page's thread (null: nothing painted)
 * @property {number} work ms of the whole frame's work on the page's thread
 * @property {number} expanded expansions this frame
 * @property {boolean} cut whether the frame's share cut the speed's expansions short
 * @property {number | null} share ms of stepping the frame was given (null: none)
 * @property {number | null} rendered ms from the frame's start until the page's thread
 *   finished it (its scripts, layout, paint and hand-over to the compositor; null until then)
 */

/**
 * @typedef {object} PerfReport
 * @property {string} renderer `webgl2` or `2d`
 * @property {string} rendererWhy why the page paints with it, when not by default ('' else)
 * @property {number} paintMs mean JS ms per paint
 * @property {number | null} paintMedianMs
 * @property {number | null} maxPaintMs
 * @property {number | null} finishedMs median ms of the sampled paints until the page's
 *   thread finished their frame (`afterFrame`)
 * @property {number | null} maxFinishedMs
 * @property {number} finishedSamples
 * @property {number | null} frameMs median interval between animation frames while running
 * @property {number | null} maxFrameMs
 * @property {number} stepMs mean ms per search step
 * @property {number} cutFrames frames of the report whose share cut the speed short
 */

export class FramePerf {
  constructor() {
    this.sampling = new URLSearchParams(globalThis.location?.search ?? '').has('perf');
    /** @type {number[]} */
    this.paint = [];
    /** @type {number[]} */
    this.finished = [];
    /** @type {number[]} */
    this.step = [];
    /** @type {number[]} */
    this.frames = [];
    this.lastFrame = 0;
    /** @type {PerfReport | null} */
    this.last = null;
    /** @type {number | undefined} */
    this.interactiveMs = undefined;
    /** @type {FrameRecord[] | null} every frame of a running search, when asked (`keepFrames`) */
    this.log = null;
    /** @type {FrameRecord | null} the frame being measured */
    this.current = null;
    /** Frames whose share cut the speed short, since the last report. */
    this.cuts = 0;
  }

  /** Starts (again) keeping every frame of a running search in `log` (the benchmark's). */
  keepFrames() {
    this.log = [];
  }

  /**
   * The frame ended after `work` ms on the page's thread, with `expanded` expansions in it,
   * `cut` short of the speed by its share; logged when the frame log is on and the search ran.
   */
  frameDone(work, expanded, cut) {
    const f = this.current;
    this.current = null;
    if (!f) return;
    if (cut) this.cuts++;
    if (!this.log) return;
    f.work = work;
    f.expanded = expanded;
    f.cut = cut;
    this.log.push(f);
  }

  /**
   * An animation frame began at `now`; counts its interval while the search runs and
   * returns it (null when not running, or the first frame of a run).
   * @returns {number | null}
   */
  frame(now, running) {
    const interval = running && this.lastFrame ? now - this.lastFrame : null;
    if (interval !== null) this.frames.push(interval);
    this.lastFrame = running ? now : 0;
    const f = running ? { interval, step: 0, paint: null, work: 0, expanded: 0, cut: false, rendered: null, share: null } : null;
    this.current = f;
    if (f && this.log) {
      const t0 = performance.now();
      afterFrame(() => { f.rendered = performance.now() - t0; });
    }
    return interval;
  }

  /** @param {number} ms the share of stepping this frame was given (frame-share.js) */
  shared(ms) {
    if (this.current) this.current.share = ms;
  }

  /** @param {number} ms one search step */
  stepped(ms) {
    this.step.push(ms);
    if (this.current) this.current.step += ms;
  }

  /**
   * Counts a paint of `renderer` while the search runs (its `lastPaintMs`, and
   * `lastFinishedMs` of a sampled paint before), and asks it to time a sampled next paint to
   * its frame's end. Returns a report every REPORT_EVERY paints.
   * @param {import('./render.js').Renderer} renderer
   * @param {boolean} running
   * @returns {PerfReport | null}
   */
  painted(renderer, running) {
    const finished = renderer.lastFinishedMs;
    renderer.lastFinishedMs = null;
    renderer.finishNext = false;
    if (!running) return null;
    this.paint.push(renderer.lastPaintMs);
    if (this.current) this.current.paint = renderer.lastPaintMs;
    if (finished !== null) this.finished.push(finished);
    renderer.finishNext = this.sampling && this.paint.length % SAMPLE_EVERY === SAMPLE_EVERY - 1;
    if (this.paint.length < REPORT_EVERY) return null;
    this.last = {
      renderer: renderer.cells.name,
      rendererWhy: renderer.canvas.dataset.rendererWhy ?? '',
      paintMs: mean(this.paint),
      paintMedianMs: median(this.paint),
      maxPaintMs: max(this.paint),
      finishedMs: median(this.finished),
      maxFinishedMs: max(this.finished),
      finishedSamples: this.finished.length,
      frameMs: median(this.frames),
      maxFrameMs: max(this.frames),
      stepMs: mean(this.step),
      cutFrames: this.cuts,
    };
    this.cuts = 0;
    this.paint = [];
    this.finished = [];
    this.step = [];
    this.frames = [];
    return this.last;
  }
}
