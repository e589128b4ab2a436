// A planner view: one wasm Planner, its canvas Renderer, the pointer/keyboard input and the
// requestAnimationFrame loop that drives step() and keeps the statistics and path fresh. It
// knows nothing about the page around it: every piece of chrome (status text, buttons,
// messages, saving) is reached through the `hooks` given to the constructor, so the main
// page, the embed page and every planner of the JS API (several on one page) share this code.

import { Renderer } from './render.js';
import { attachInput } from './input.js';
import { SPEEDS } from './ui.js';

const BRUSH_BYTES = { wall: 0, erase: 1, 1: 1, 2: 2, 3: 3, 4: 4 };

const NOOP = () => {};

/** The first letter upper-cased and a final full stop: errors become sentences. */
/** Milliseconds per cell for the D* Lite walker. */
const LIVE_STEP_MS = 140;

/** Whether `e` is the wasm instance trapping (a panic, or worse): nothing after it is safe. */
export function isTrap(e) {
  return e instanceof WebAssembly.RuntimeError;
}

export function messageOf(e) {
  const text = e && e.message ? e.message : String(e);
  return text.charAt(0).toUpperCase() + text.slice(1) + (/[.!?]$/.test(text) ? '' : '.');
}

/** The sentence announcing a finished search, or null while it runs. */
export function finishText(stats) {
  const cost = stats.pathCost?.toFixed(4);
  switch (stats.status) {
    case 'found':
      return [`Path found: cost ${cost} in ${stats.pathMoves} moves, ${stats.expanded} nodes expanded.`, 'success'];
    case 'no_path':
      return [`No path: the goal cannot be reached from the start (${stats.expanded} nodes expanded).`, 'error'];
    case 'partial':
      return [`Partial path: the node budget ran out after ${stats.expanded} expansions; showing the way to the expanded node nearest the goal (cost ${cost}).`, 'info'];
    default:
      return null;
  }
}

/**
 * One live planner on a canvas. `options`:
 * - `planner`, `memory`: the wasm Planner and the wasm memory getter's source (`() => memory`);
 * - `canvas`: the canvas to paint on; `menu`: optional right-click menu element;
 * - `keyScope`: element whose focus the keyboard shortcuts need (null = the whole document);
 * - `readonly`: no drawing or marker moves (pan and zoom still work);
 * - `controls`: optional object answering toggleRun/step/resetSearch/timelineStep/timelineSeek
 *   for the keyboard instead of this view (compare mode drives every view from one place);
 * - `hooks`: { message(text, kind), stats(stats, running), buttons(view), edited(view),
 *   brush(brush), inspect(node, cellByte), finished(stats), stepped(view) } — all optional.
 */
export class PlannerView {
  constructor({ planner, memory, canvas, menu = null, keyScope = null, readonly = false, hooks = {}, controls = null }) {
    this.planner = planner;
    this.memory = memory;
    this.canvas = canvas;
    this.menu = menu;
    this.keyScope = keyScope;
    this.readonly = readonly;
    this.hooks = hooks;
    this.renderer = new Renderer(canvas, () => memory());
    this.running = false;
    this.brush = 'wall';
    this.brushSize = 1;
    this.speed = 3;
    this.drawProgress = true;
    this.hover = null;
    // A cell to ring on the canvas (the open-list row under the pointer), or null.
    this.highlight = null;
    // Who answers Run/Step/Reset and the timeline keys: the view itself, or a compare
    // controller that drives several views at once.
    this.controls = controls;
    // The timeline controller (timeline.js) for the timeline keys, when the page has one.
    this.timeline = null;
    this.path = [];
    this.paintedVersion = -1;
    this.statsVersion = -1;
    this.shownRunning = false;
    this.inspected = '';
    this.lastStatus = 'running';
    this.walker = null;
    this.nextDoubleClick = 'start';
    this.perf = { paint: [], step: [] };
    this.destroyed = false;
    this.frameId = 0;
  }

  /** Sizes the canvas, attaches input and starts the frame loop. */
  start() {
    this.renderer.resize();
    this.refit();
    this.detachInput = attachInput(this, this.canvas);
    this.resizeObserver = new ResizeObserver(() => {
      const r = this.renderer;
      const before = { w: r.cssWidth, h: r.cssHeight };
      if (r.resize()) {
        // Keep the map where it was relative to the centre.
        r.panBy((r.cssWidth - before.w) / 2, (r.cssHeight - before.h) / 2);
      }
    });
    this.resizeObserver.observe(this.canvas);
    this.applySpeed();
    this.buttons();
    this.frameId = requestAnimationFrame((now) => this.frame(now));
  }

  /** Stops the loop, detaches input and frees the wasm planner. */
  destroy() {
    if (this.destroyed) return;
    this.destroyed = true;
    cancelAnimationFrame(this.frameId);
    this.resizeObserver?.disconnect();
    this.detachInput?.();
    this.planner.free();
  }

  hook(name, ...args) {
    return (this.hooks[name] || NOOP)(...args);
  }

  say(text, kind = 'info') {
    this.hook('message', text, kind);
  }

  /** Runs `action`, turning any thrown error into an error message (never uncaught). */
  guard(action) {
    try {
      return action();
    } catch (e) {
      if (isTrap(e)) this.crash(e);
      else this.say(messageOf(e), 'error');
      return undefined;
    }
  }

  /**
   * The wasm instance trapped: its memory can no longer be trusted, so stop calling it and
   * let the page decide how to recover (the main page and the embed reload the instance and
   * restore the autosave).
   */
  crash(error) {
    if (this.crashed) return;
    this.crashed = true;
    this.destroyed = true;
    this.running = false;
    cancelAnimationFrame(this.frameId);
    this.detachInput?.();
    this.hook('crashed', error);
  }

  // ---- edits and search ------------------------------------------------------------------

  brushByte() {
    return BRUSH_BYTES[this.brush];
  }

  setBrush(brush) {
    if (!(brush in BRUSH_BYTES)) return;
    this.brush = brush;
    this.hook('brush', brush);
  }

  changed() {
    // A D* Lite walker keeps walking through edits: it replans from where it stands.
    if (!this.walker?.live) this.walker = null;
    this.buttons();
  }

  /** Called after every finished edit (stroke end, marker move, undo…): save and refresh. */
  edited() {
    this.changed();
    this.syncStats();
    this.hook('edited', this);
  }

  step() {
    this.running = false;
    if (this.planner.status !== 'running') this.planner.resetSearch();
    const t0 = performance.now();
    this.planner.stepOnce();
    this.perf.step.push(performance.now() - t0);
    this.syncStats();
    this.buttons();
    this.hook('stepped', this);
  }

  /** Starts the search (from scratch when it had finished) or pauses it. */
  toggleRun() {
    if (this.running) {
      this.running = false;
      this.say('Paused. Press Space to go on, or N to step.', 'info');
    } else {
      if (this.planner.status !== 'running') this.planner.resetSearch();
      this.walker = null;
      this.running = true;
      this.say('Searching…', 'info');
    }
    this.syncStats();
    this.buttons();
  }

  resetSearch() {
    this.running = false;
    this.walker = null;
    this.planner.resetSearch();
    this.say('Search reset. Press Run (Space) or Step (N).', 'info');
    this.syncStats();
    this.buttons();
  }

  clearWalls() {
    const n = this.planner.clearWalls();
    this.say(n ? `Cleared ${n} cells. Ctrl+Z brings them back.` : 'The map has no walls or terrain to clear.', 'info');
    this.edited();
  }

  undo() {
    if (!this.planner.undo()) this.say('Nothing to undo.', 'info');
    this.edited();
  }

  redo() {
    if (!this.planner.redo()) this.say('Nothing to redo.', 'info');
    this.edited();
  }

  setMarker(which, cell) {
    if (!cell) return false;
    return this.guard(() => {
      if (which === 'start') this.planner.setStart(cell.x, cell.y);
      else this.planner.setGoal(cell.x, cell.y);
      this.edited();
      return true;
    }) ?? false;
  }

  /** Double-click: the first places the start, the next the goal, and so on. */
  doubleClick(cell) {
    const which = this.nextDoubleClick;
    if (this.setMarker(which, cell)) {
      this.nextDoubleClick = which === 'start' ? 'goal' : 'start';
      this.say(`${which === 'start' ? 'Start' : 'Goal'} set at (${cell.x}, ${cell.y}).`, 'info');
    }
  }

  clearCell(cell) {
    this.planner.beginStroke();
    this.guard(() => this.planner.paintLine(cell.x, cell.y, cell.x, cell.y, 1, 1));
    this.planner.endStroke();
    this.edited();
  }

  walk() {
    if (this.planner.settings().algorithm === 'dstar-lite') {
      this.walkLive();
      return;
    }
    if (this.path.length < 4) {
      this.say('There is no path to walk yet: run the search first.', 'info');
      return;
    }
    const pts = this.path;
    const lengths = [0];
    for (let i = 2; i < pts.length; i += 2) {
      const d = Math.hypot(pts[i] - pts[i - 2], pts[i + 1] - pts[i - 1]);
      lengths.push(lengths[lengths.length - 1] + d);
    }
    const total = lengths[lengths.length - 1];
    // About 8 cells a second, but never more than 12 s for very long paths.
    const duration = Math.min(12000, Math.max(1200, (total / 8) * 1000));
    this.walker = { pts, lengths, total, duration, t0: performance.now(), pos: null };
    this.say('Walking the path…', 'info');
  }

  /**
   * D* Lite's walker: the planner moves the start one cell along the path per step and
   * repairs the search from there, so walls drawn in front of the walker are walked round.
   */
  walkLive() {
    if (this.planner.status !== 'found') {
      this.say('There is no path to walk yet: run the search first.', 'info');
      return;
    }
    const at = this.planner.start();
    this.walker = { live: true, from: at, to: at, t0: performance.now(), steps: 0, done: false };
    this.say('Walking with D* Lite: draw a wall in front of the walker and it replans from where it stands.', 'info');
  }

  liveWalkerPosition(now) {
    const w = this.walker;
    if (!w.done && now - w.t0 >= LIVE_STEP_MS) {
      const next = this.planner.advanceWalker();
      if (next.length === 2) {
        w.from = w.to;
        w.to = { x: next[0], y: next[1] };
        w.steps++;
      } else {
        w.done = true;
        w.from = w.to;
        const goal = this.planner.goal();
        const arrived = w.to.x === goal.x && w.to.y === goal.y;
        this.say(arrived
          ? `The walker arrived after ${w.steps} steps.`
          : 'The walker is stuck: the goal cannot be reached from here.', arrived ? 'success' : 'error');
      }
      w.t0 = now;
    }
    const f = w.done ? 1 : Math.min(1, (now - w.t0) / LIVE_STEP_MS);
    return { x: w.from.x + (w.to.x - w.from.x) * f, y: w.from.y + (w.to.y - w.from.y) * f, done: w.done };
  }

  walkerPosition(now) {
    if (this.walker.live) return this.liveWalkerPosition(now);
    const w = this.walker;
    const t = Math.min(1, (now - w.t0) / w.duration);
    // Ease in and out so the walker starts and stops softly.
    const eased = t < 0.5 ? 2 * t * t : 1 - (-2 * t + 2) ** 2 / 2;
    const d = eased * w.total;
    let i = 1;
    while (i < w.lengths.length - 1 && w.lengths[i] < d) i++;
    const seg = w.lengths[i] - w.lengths[i - 1] || 1;
    const f = Math.min(1, Math.max(0, (d - w.lengths[i - 1]) / seg));
    const ax = w.pts[2 * (i - 1)];
    const ay = w.pts[2 * (i - 1) + 1];
    return { x: ax + (w.pts[2 * i] - ax) * f, y: ay + (w.pts[2 * i + 1] - ay) * f, done: t >= 1 };
  }

  /** Moves the timeline `delta` steps (±1) when the page has a timeline. */
  timelineStep(delta) {
    this.timeline?.stepBy(delta);
  }

  /** Jumps the timeline to `step` (0 = start, Infinity = live) when the page has one. */
  timelineSeek(step) {
    this.timeline?.seekTo(step);
  }

  /** Sets the speed stop (index into SPEEDS); returns its label. */
  setSpeedStop(index) {
    if (Number.isInteger(index) && index >= 0 && index < SPEEDS.length) this.speed = index;
    this.applySpeed();
    return SPEEDS[this.speed].label;
  }

  applySpeed() {
    const s = SPEEDS[this.speed];
    this.guard(() => this.planner.setSpeed(s.kind, s.amount));
  }

  /** After the planner got a new map (or a whole new state): forget the old view of it. */
  loaded() {
    this.running = false;
    this.walker = null;
    this.nextDoubleClick = 'start';
    this.refit();
    this.paintedVersion = -1;
    this.lastStatus = 'running';
    this.edited();
  }

  refit() {
    this.renderer.gridW = this.planner.width;
    this.renderer.gridH = this.planner.height;
    this.renderer.fit(this.planner.width, this.planner.height);
  }

  zoom(factor) {
    const r = this.renderer;
    r.zoomAt(factor, r.cssWidth / 2, r.cssHeight / 2);
  }

  fit() {
    this.renderer.fit(this.planner.width, this.planner.height);
  }

  // ---- the frame loop ------------------------------------------------------------------------

  buttons() {
    this.hook('buttons', this);
  }

  frame(now) {
    if (this.destroyed) return;
    this.frameId = requestAnimationFrame((t) => this.frame(t));
    try {
      this.paintFrame(now);
    } catch (e) {
      if (!isTrap(e)) throw e;
      this.crash(e);
    }
  }

  /** One frame's work: a time slice of search when running, then statistics and paint. */
  paintFrame(now) {
    const p = this.planner;
    if (this.running) {
      const t0 = performance.now();
      const status = this.drawProgress ? p.step() : p.runToEnd();
      this.perf.step.push(performance.now() - t0);
      if (status !== 'running') {
        this.running = false;
        this.buttons();
      }
      this.hook('stepped', this);
    }
    this.syncStats();
    const version = p.version;
    this.inspect();
    let walker = null;
    if (this.walker) {
      walker = this.walkerPosition(now);
      const linger = this.walker.live ? 1500 : this.walker.duration + 1500;
      if (walker.done && now - this.walker.t0 > linger) this.walker = null;
    }
    if (version !== this.paintedVersion || this.renderer.dirty || walker) {
      this.renderer.paint({
        planner: p,
        version,
        path: this.path,
        start: p.start(),
        goal: p.goal(),
        current: this.running || p.status === 'running' ? p.current() : null,
        highlight: this.highlight,
        hover: this.hover,
        walker,
        brushSize: this.brushSize,
        overlay: this.overlay,
      });
      this.paintedVersion = version;
      this.perf.paint.push(this.renderer.lastPaintMs);
      if (this.perf.paint.length >= 60) this.reportPerf();
    }
  }

  /** Brings the statistics, path and buttons up to date with the planner (cheap when unchanged). */
  syncStats() {
    const p = this.planner;
    const version = p.version;
    if (version !== this.statsVersion || this.running !== this.shownRunning) {
      this.statsVersion = version;
      this.shownRunning = this.running;
      const stats = p.stats();
      this.hook('stats', stats, this.running);
      if (stats.status !== this.lastStatus && stats.status !== 'running') {
        const text = finishText(stats);
        if (text) this.say(...text);
        this.hook('finished', stats);
      } else if (this.isRepair(stats)) {
        this.say(`Repaired the path: cost ${stats.pathCost.toFixed(4)} in ${stats.pathMoves} moves; the repair expanded ${stats.expanded} nodes.`, 'success');
      }
      this.lastStatus = stats.status;
      this.lastCost = stats.pathCost;
      const path = p.path();
      this.path = path;
      if (this.walker && !this.walker.live && this.walker.pts.length !== path.length) this.walker = null;
      this.buttons();
      this.inspected = '';
    }
  }

  /** Whether an edit just repaired a finished LPA* or D* Lite path (not a walker step). */
  isRepair(stats) {
    const algorithm = this.planner.settings().algorithm;
    return (algorithm === 'lpa' || algorithm === 'dstar-lite') && !this.walker?.live
      && stats.status === 'found' && this.lastStatus === 'found' && stats.pathCost !== this.lastCost;
  }

  inspect() {
    if (!this.hooks.inspect) return;
    const h = this.hover;
    const key = h ? `${h.x},${h.y}` : '';
    if (key === this.inspected) return;
    this.inspected = key;
    this.hook('inspect', h ? this.planner.node(h.x, h.y) : null, h ? this.planner.cell(h.x, h.y) : 0);
  }

  reportPerf() {
    const avg = (a) => (a.length ? a.reduce((x, y) => x + y, 0) / a.length : 0);
    this.perf.last = { paintMs: avg(this.perf.paint), stepMs: avg(this.perf.step), maxPaintMs: Math.max(...this.perf.paint) };
    this.perf.paint = [];
    this.perf.step = [];
    this.hook('perf', this.perf.last);
  }

  /** The grid bytes, row-major (a live view into wasm memory: do not keep it). */
  cellsView() {
    const p = this.planner;
    return new Uint8Array(this.memory().buffer, p.cellsPtr(), p.width * p.height);
  }

  /** The search-state bytes, row-major (live view, as cellsView). */
  statesView() {
    const p = this.planner;
    return new Uint8Array(this.memory().buffer, p.statesPtr(), p.width * p.height);
  }

  /** Viewport coordinates of the centre of cell (x, y). */
  cellToClient(x, y) {
    const rect = this.canvas.getBoundingClientRect();
    const c = this.renderer.cellCentre(x, y);
    return { x: rect.left + c.x, y: rect.top + c.y };
  }
}
