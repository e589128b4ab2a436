// A planner view: one wasm Planner, its canvas Renderer, the pointer/keyboard input and the
// requestAnimationFrame loop that drives step() and keeps the statistics and path fresh. It
// knows nothing about the page around it: every piece of chrome (status text, buttons,
// messages, saving) is reached through the `hooks` given to the constructor, so the main
// page, the embed page and every planner of the JS API (several on one page) share this code.

import { Renderer } from './render.js';
import { attachInput } from './input.js';
import { SPEEDS, brushNamed } from './controls.js';
import { Session } from './session.js';
import { statusSentence, sentence } from './status.js';
import { algorithmInfo } from './algorithms.js';
import { FramePerf } from './perf.js';
import { FrameShare } from './frame-share.js';
import { FieldLayer } from './fields-view.js';
import { pathWalker, liveWalker, walkerPosition } from './walker.js';

const NOOP = () => {};

/** Whether `e` is the wasm instance trapping (a panic, or worse): nothing after it is safe. */
export function isTrap(e) {
  return e instanceof WebAssembly.RuntimeError;
}

/** An error's message as a sentence, for the status line. */
export function messageOf(e) {
  return sentence(e && e.message ? e.message : String(e));
}


/**
 * One live planner on a canvas. `options`:
 * - `planner`, `memory`: the wasm Planner and the wasm memory getter's source (`() => memory`);
 * - `canvas`: the canvas to paint on; `menu`: optional right-click menu element;
 * - `keyScope`: element whose focus the keyboard shortcuts need (null = the whole document);
 * - `readonly`: no drawing or marker moves (pan and zoom still work);
 * - `navigation`: `{wheel: 'zoom' | 'scroll', pan, fit}`: whether the wheel zooms the map or
 *   is left to the page, whether the map pans, and whether it is kept whole in view (no zoom,
 *   no pan); default `{wheel: 'zoom', pan: true, fit: false}` (input.js reads it);
 * - `session`: the Session (session.js) this view is a lane of: it owns running, speed, brush
 *   and draw-progress, and every button and key goes through its `dispatch` (a view given
 *   none makes a session of its own, with this one lane);
 * - `hooks`: events — { message(text, kind, at), edited(view), brush(brush),
 *   inspect(node, cellByte), finished(stats), stepped(view), crashed(error), perf(last) } —
 *   all optional.
 *   `message` gets the status line: the sentence for the planner's state (status.js) or a
 *   notice said in that state, with `at = {version, step, notice}`: the state it describes,
 *   and whether the text is a notice (rather than the state's own sentence).
 */
/**
 * The planner's state as every panel shows it: read from the planner once per change (a
 * step, an edit, a seek, run or pause) and handed to the session (`report`), whose one state
 * object holds it as `lanes[lane]`; the panels hear it there (panels.js `showPanels`).
 * @typedef {object} PlannerState
 * @property {number} version the planner version it describes
 * @property {boolean} running whether the view is running the search
 * @property {import('./pkg/pathlab.js').Stats} stats the statistics (status, step, cost…)
 * @property {Uint32Array | number[]} path the path as x, y pairs
 * @property {{live: boolean, done: boolean, arrived: boolean, steps: number} | null} walker
 * @property {boolean} canUndo
 * @property {boolean} canRedo
 * @property {boolean} noMesh the algorithm searches a node mesh and there is none yet
 * @property {string} algorithm the lane's algorithm's id
 */

/**
 * A panel that shows a lane's planner state (panels.js `showPanels` renders it).
 * @typedef {{render: (state: PlannerState, view: PlannerView) => void}} Component
 */

export class PlannerView {
  constructor({ planner, memory, canvas, menu = null, keyScope = null, readonly = false, navigation = {}, hooks = {}, session = null }) {
    /** @type {import('./pkg/pathlab.js').Planner} */
    this.planner = planner;
    this.memory = memory;
    this.canvas = canvas;
    this.menu = menu;
    this.keyScope = keyScope;
    this.readonly = readonly;
    /** @type {{wheel: string, pan: boolean, fit: boolean}} */
    this.navigation = { wheel: 'zoom', pan: true, fit: false, ...navigation };
    /** @type {Record<string, Function>} */
    this.hooks = hooks;
    /** @type {Component[]} */
    /** @type {PlannerState | null} The state last read from the planner. */
    this.state = null;
    /** Paints over the map after the cells (the node mesh), or null. */
    this.overlay = null;
    /** The Agents view's layer (agents.js: `scene()`, drawn instead of the path), or null. */
    this.agents = null;
    /** Learn mode's marks (learn-marks.js), or null. */
    this.learn = null;
    this.renderer = new Renderer(canvas, () => memory());
    /** The distance field's and movement range's views of the planner (fields-view.js). */
    this.fields = new FieldLayer(this, canvas);
    /** @type {Session} The session this view is a lane of. */
    this.session = session ?? new Session();
    this.session.attach(this);
    this.hover = null;
    // The keyboard's cell cursor on the canvas (arrow keys), or null.
    this.cursor = null;
    // A cell to ring on the canvas (the open-list row under the pointer), or null.
    this.highlight = null;
    /** @type {Uint32Array | number[]} The path as x, y pairs. */
    this.path = [];
    this.paintedVersion = -1;
    this.statsVersion = -1;
    this.shownRunning = false;
    this.inspected = '';
    this.lastStatus = 'running';
    this.stats = null;
    // A notice said by an action, shown while the planner stays in the state it was said in.
    this.notice = null;
    this.shownStatus = '';
    this.nextDoubleClick = 'start';
    this.perf = new FramePerf();
    /** The ms of stepping each frame may spend (frame-share.js). */
    this.share = new FrameShare();
    this.destroyed = false;
    this.frameId = 0;
    // The resize observer runs at the next frame: a press (or move) before it, right after a
    // bar appeared, finds its cell with the layout that frame paints. Added here, before any
    // tool's listener (input, agents, mesh), as they may stop the event.
    for (const type of ['pointerdown', 'pointermove']) canvas.addEventListener(type, () => this.followSize(), { capture: true });
  }

  /** Whether this lane's search is running (the session's to say). */
  get running() {
    return this.session.isRunning(this);
  }

  /** This lane's walker (walker.js), or null (the session's). */
  get walker() {
    return this.session.walkerOf(this);
  }

  /** The brush's id (the session's). */
  get brush() {
    return this.session.state.brush;
  }

  /** The brush size (the session's). */
  get brushSize() {
    return this.session.state.brushSize;
  }

  /** The speed stop (the session's). */
  get speed() {
    return this.session.state.speed;
  }

  /** Whether the speed was picked (the session's); until then it follows the map's size. */
  get speedChosen() {
    return this.session.state.speedChosen;
  }

  /** Whether a run paints as it goes (the session's). */
  get drawProgress() {
    return this.session.state.drawProgress;
  }

  /** Sizes the canvas, attaches input and starts the frame loop. */
  start() {
    this.fitSpeed();
    this.renderer.resize();
    this.refit();
    this.detachInput = attachInput(this, this.canvas);
    // The keyboard's cell cursor shows while the canvas has keyboard focus.
    const refocus = () => {
      if (!this.cursor) this.cursor = this.planner.start();
      this.renderer.invalidate();
    };
    this.canvas.addEventListener('focus', refocus);
    this.canvas.addEventListener('blur', () => this.renderer.invalidate());
    this.resizeObserver = new ResizeObserver(() => this.followSize());
    this.resizeObserver.observe(this.canvas);
    this.applySpeed();
    this.buttons();
    this.frameId = requestAnimationFrame((now) => this.frame(now));
  }

  /**
   * Matches the renderer to the canvas's size now: a map shown whole stays whole (a toolbar
   * appeared, the window or panel changed); one the user zoomed or panned keeps its place
   * relative to the centre. Nothing happens when the size is the one last seen.
   */
  followSize() {
    // Not started yet (start sizes and fits it), or destroyed since (its planner freed): a
    // last callback of the observer, or a press, changes nothing.
    if (this.destroyed || !this.resizeObserver) return;
    const r = this.renderer;
    const before = { w: r.cssWidth, h: r.cssHeight };
    if (r.resize()) {
      if (r.fitted || this.navigation.fit) this.fit();
      else r.panBy((r.cssWidth - before.w) / 2, (r.cssHeight - before.h) / 2);
    }
  }

  /** Stops the loop, detaches input and frees the wasm planner. */
  destroy() {
    if (this.destroyed) return;
    this.destroyed = true;
    cancelAnimationFrame(this.frameId);
    this.resizeObserver?.disconnect();
    this.detachInput?.();
    this.renderer.destroy();
    this.session.detach(this);
    this.planner.free();
  }

  hook(name, ...args) {
    return (this.hooks[name] || NOOP)(...args);
  }

  /**
   * Shows a notice on the status line until the planner's state changes (a step, an edit, a
   * seek, a run); then the status sentence of the new state replaces it.
   */
  say(text, kind = 'info') {
    if (this.destroyed && !this.crashed) return;
    this.notice = { text, kind, key: this.crashed ? 'crashed' : this.stateKey() };
    this.renderStatus();
  }

  /** What the status line depends on: the planner's version, running, and the walker. */
  stateKey() {
    const w = this.walker;
    return `${this.planner.version}|${this.running}|${w ? `${w.live}/${w.done}` : ''}|${this.fields.key}`;
  }

  /** The walker as the status sentence needs it, or null. */
  walkerState() {
    const w = this.walker;
    if (!w) return null;
    return { live: Boolean(w.live), done: Boolean(w.done), arrived: Boolean(w.arrived), steps: w.steps ?? 0 };
  }

  /**
   * Writes the status line when it changed: the notice while its state lasts, otherwise the
   * sentence for the planner's state. The `message` hook gets `{version, step}` of the state
   * described, so the page can tell (and tests wait for) which state the line shows.
   */
  renderStatus() {
    if (this.crashed) {
      if (this.notice) this.hook('message', this.notice.text, this.notice.kind, { version: -1, step: -1 });
      return;
    }
    const key = this.stateKey();
    if (this.notice && this.notice.key !== key) this.notice = null;
    // The statistics of this very version: a notice may be said before the frame reads them.
    const stats = this.stats && this.statsVersion === this.planner.version ? this.stats : this.planner.stats();
    const [text, kind] = this.notice
      ? [this.notice.text, this.notice.kind]
      : statusSentence({ stats, running: this.running, walker: this.walkerState(), noMesh: this.needsMesh(), fields: this.fields.state });
    const shown = `${key}|${kind}|${text}`;
    if (shown === this.shownStatus) return;
    this.shownStatus = shown;
    this.hook('message', text, kind, { version: this.planner.version, step: stats.step, notice: Boolean(this.notice) });
  }

  /** Whether the algorithm searches a node mesh and there is none yet. */
  needsMesh() {
    return Boolean(algorithmInfo(this.planner.settings().algorithm)?.needs.mesh) && this.planner.meshNodes().length === 0;
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
    this.session.stopped(this);
    cancelAnimationFrame(this.frameId);
    this.detachInput?.();
    this.hook('crashed', error);
  }

  // ---- edits and search ------------------------------------------------------------------

  /** The grid byte the brush paints. */
  brushByte() {
    return brushNamed(this.brush)?.byte ?? 0;
  }

  /** The session picked a brush. */
  brushChosen() {
    // A brush chosen in the range view draws: presses stop moving the range's origin.
    this.fields.setPickMode(false);
    this.hook('brush', this.brush);
  }

  /**
   * Stops this lane's run and its walker: a settings change, a scenario, a seek or an export
   * (the session's `halt`).
   */
  halt() {
    this.session.dispatch({ cmd: 'halt' }, this);
  }

  /** Stops this lane's run where it is (its search finished, a seek, an export). */
  stop() {
    this.session.dispatch({ cmd: 'stop' }, this);
  }

  /** Sends the walker away (Escape). */
  stopWalker() {
    this.session.dispatch({ cmd: 'stopWalker' }, this);
  }

  /** The hovered cell (pointer or keyboard cursor); repaints when it changed. */
  setHover(cell) {
    const h = this.hover;
    if (cell === h || (cell && h && cell.x === h.x && cell.y === h.y)) return;
    this.hover = cell;
    this.renderer.invalidate();
  }

  /** Gives the renderer the node mesh to draw (`overlay()`: the mesh scene, picture.js), or nothing. */
  setOverlay(overlay) {
    this.overlay = overlay;
    this.renderer.invalidate();
  }

  /** Gives the renderer Learn mode's marks to draw (learn-marks.js `LearnScene`), or null. */
  setLearn(learn) {
    this.learn = learn;
    this.renderer.invalidate();
  }

  /** Rings `cell` on the map (the open-list row or the pseudocode's cell under the pointer), or none. */
  setHighlight(cell) {
    const cur = this.highlight;
    if (cur?.x === cell?.x && cur?.y === cell?.y) return;
    this.highlight = cell;
    this.renderer.invalidate();
  }

  changed() {
    // A walker along the old path goes (the session's rule; D* Lite's keeps walking).
    if (this.walker) this.session.dispatch({ cmd: 'edited' }, this);
    this.buttons();
  }

  /** Called after every finished edit (stroke end, marker move, undo…): save and refresh. */
  edited() {
    this.changed();
    this.syncStats();
    this.hook('edited', this);
  }

  /** `n` expansions of this lane's search (the session's `step` effect). */
  stepLane(n = 1) {
    const t0 = performance.now();
    if (n > 1) this.planner.stepMany(n);
    else this.planner.stepOnce();
    this.perf.stepped(performance.now() - t0);
    this.syncStats();
    this.buttons();
    this.hook('stepped', this);
  }

  /**
   * Shows this lane's search from its recording's start (the session's `rewind`: Step after
   * a finished search, or the replay after a settings change); a search with nothing
   * recorded (or refused) starts over instead.
   */
  rewind() {
    const p = this.planner;
    if (p.timelineLength() > 0 && !p.refusedReason()) this.guard(() => p.seek(0));
    else p.resetSearch();
    this.syncStats();
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

  /** Moves the keyboard's cell cursor (drawn while the canvas has focus). */
  setCursor(cell) {
    this.cursor = cell;
    this.renderer.invalidate();
    this.inspected = '';
    this.hover = cell;
  }

  /** Enter on the canvas: a wall where there is none, open ground where there is one. */
  toggleWall(cell) {
    if (this.readonly || !cell) return;
    const wall = this.planner.cell(cell.x, cell.y) === 0;
    const changed = this.paintCell(cell, wall ? 1 : 0);
    if (!changed && !wall) this.say('The start and goal cells cannot be walled.', 'info');
  }

  clearCell(cell) {
    this.paintCell(cell, 1);
  }

  /** Paints one cell with grid byte `value` as a stroke of its own; returns the cells changed. */
  paintCell(cell, value) {
    this.session.dispatch({ cmd: 'beginStroke' }, this);
    const changed = this.guard(() => this.session.dispatch({ cmd: 'paint', from: cell, to: cell, size: 1, value }, this)) ?? 0;
    this.session.dispatch({ cmd: 'endStroke' }, this);
    return changed;
  }

  /**
   * A walker for this lane's path at `now` (walker.js), or null when there is no path to
   * walk: with D* Lite, the live walker, which moves the start and repairs the search as it
   * goes. The session keeps it (its `walk` effect).
   * @param {number} now
   */
  newWalker(now) {
    const live = Boolean(algorithmInfo(this.planner.settings().algorithm)?.liveWalker);
    if (live) return this.planner.status === 'found' ? liveWalker(this.planner.start(), now) : null;
    return pathWalker(this.path, this.renderer.layout.centre, now);
  }

  /** Until the user picks a speed, the speed that fits the map (controls.js `speedFor`). */
  fitSpeed() {
    this.session.dispatch({ cmd: 'fitSpeed', cells: this.planner.width * this.planner.height });
  }

  /**
   * A command about this view's own canvas (the session hands these to the lane they came
   * from): place a marker at the keyboard cursor or the pointer, fit, zoom.
   * @param {{cmd: string, which?: string, factor?: number}} command
   */
  command(command) {
    if (command.cmd === 'placeMarker') this.placeMarker(command.which);
    else if (command.cmd === 'fit') this.fit();
    else if (command.cmd === 'zoom') this.zoom(command.factor);
  }

  /** Places a marker at the keyboard cursor when the canvas has focus, else under the pointer. */
  placeMarker(which) {
    // Inside a web component the focused element is its shadow root's, not the document's.
    const focused = /** @type {Document | ShadowRoot} */ (this.canvas.getRootNode()).activeElement;
    const cell = this.cursor && focused === this.canvas ? this.cursor : this.hover;
    if (!cell) {
      this.say(`Point at a cell on the map (or move the cursor there with the arrow keys), then press ${which === 'start' ? 'S' : 'G'}.`, 'info');
      return;
    }
    this.markerAt(which, cell);
  }

  /** Sets marker `which` on `cell` and says so. */
  markerAt(which, cell) {
    if (this.setMarker(which, cell)) {
      this.say(`${which === 'start' ? 'Start' : 'Goal'} set at (${cell.x}, ${cell.y}).`, 'info');
    }
  }

  applySpeed() {
    const s = SPEEDS[this.speed];
    this.guard(() => this.planner.setSpeed(s.kind, s.amount));
  }

  /** After the planner got a new map (or a whole new state): forget the old view of it. */
  loaded() {
    this.fitSpeed();
    this.halt();
    this.nextDoubleClick = 'start';
    this.refit();
    this.paintedVersion = -1;
    this.lastStatus = 'running';
    this.edited();
  }

  refit() {
    this.renderer.fit(this.planner.width, this.planner.height, this.planner.shape);
  }

  zoom(factor) {
    if (this.navigation.fit) return;
    const r = this.renderer;
    r.zoomAt(factor, r.cssWidth / 2, r.cssHeight / 2);
  }

  fit() {
    this.renderer.fit(this.planner.width, this.planner.height, this.planner.shape);
  }

  // ---- the frame loop ------------------------------------------------------------------------

  /** Shows the running state at once (a button pressed), without waiting for the frame. */
  buttons() {
    this.syncStats();
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
    const began = performance.now();
    const p = this.planner;
    const running = this.running;
    const expandedBefore = this.stats?.expanded ?? 0;
    const interval = this.perf.frame(now, running);
    let stepMs = 0;
    if (running) {
      const t0 = performance.now();
      // The speed, cut to this frame's share (frame-share.js); Draw progress off runs to the end.
      const share = this.share.ms;
      this.perf.shared(share);
      const status = this.drawProgress ? p.stepWithin(share) : p.runToEnd();
      stepMs = performance.now() - t0;
      this.perf.stepped(stepMs);
      // The step first, then (from buttons) the finish: a host hears `step` before `done`.
      this.hook('stepped', this);
      if (status !== 'running') this.stop();
    }
    this.syncStats();
    const version = p.version;
    const fields = this.fields.frame(now);
    // The field or range under the pointer may have changed: inspect it again.
    if (fields.read) this.inspected = '';
    this.inspect();
    // The session moves the walker on (or sends it away); the view paints where it is (a
    // walker leaving this frame is painted where it stopped, once more).
    const held = this.walker;
    if (held) this.session.dispatch({ cmd: 'walkerFrame', now }, this);
    const w = this.walker ?? held;
    const walker = w ? walkerPosition(w, now) : null;
    this.renderStatus();
    if (version !== this.paintedVersion || this.renderer.dirty || walker || fields.changed) {
      this.renderer.paint({
        planner: p,
        version,
        path: this.path,
        start: p.start(),
        goal: p.goal(),
        current: this.running || p.status === 'running' ? p.current() : null,
        highlight: this.highlight,
        hover: this.hover,
        cursor: this.canvas.matches(':focus-visible') ? this.cursor : null,
        walker,
        brushSize: this.brushSize,
        overlay: this.overlay,
        fields: fields.scene,
        agents: this.agents?.scene() ?? null,
        learn: this.learn,
      });
      this.paintedVersion = version;
      this.canvas.dataset.version = String(version);
      const report = this.perf.painted(this.renderer, this.running);
      if (report) this.hook('perf', report);
    }
    if (!running) return;
    const work = performance.now() - began;
    const expanded = Math.max(0, (this.stats?.expanded ?? 0) - expandedBefore);
    this.share.record(interval, work, stepMs);
    // Cut: an expansion-count speed the share did not let finish while the search goes on.
    const speed = SPEEDS[this.speed];
    const cut = this.drawProgress && speed?.kind === 'expansions' && expanded < speed.amount && p.status === 'running';
    this.canvas.dataset.frameExpanded = String(expanded);
    this.canvas.dataset.speedCut = String(cut);
    this.perf.frameDone(work, expanded, cut);
  }

  /**
   * Reads the planner's state when it changed (its version, or running) and hands it to the
   * session, whose listeners render it; cheap when nothing changed.
   */
  syncStats() {
    const p = this.planner;
    const version = p.version;
    if (version === this.statsVersion && this.running === this.shownRunning) return;
    this.statsVersion = version;
    this.shownRunning = this.running;
    const stats = p.stats();
    this.stats = stats;
    const path = p.path();
    this.path = path;
    if (this.walker) this.session.dispatch({ cmd: 'pathChanged', length: path.length }, this);
    this.state = {
      version,
      running: this.running,
      stats,
      path,
      walker: this.walkerState(),
      canUndo: p.canUndo(),
      canRedo: p.canRedo(),
      noMesh: this.needsMesh(),
      algorithm: p.settings().algorithm,
    };
    this.session.report(this, this.state);
    if (stats.status !== this.lastStatus && stats.status !== 'running') this.hook('finished', stats);
    this.lastStatus = stats.status;
    this.inspected = '';
  }

  inspect() {
    if (!this.hooks.inspect) return;
    const h = this.hover;
    const key = h ? `${h.x},${h.y}` : '';
    if (key === this.inspected) return;
    this.inspected = key;
    this.hook('inspect', h ? this.planner.node(h.x, h.y) : null, h ? this.planner.cell(h.x, h.y) : 0);
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
    this.followSize();
    const rect = this.canvas.getBoundingClientRect();
    const c = this.renderer.cellCentre(x, y);
    return { x: rect.left + c.x, y: rect.top + c.y };
  }
}
