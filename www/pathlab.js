// The Pathlab JS API for pages that include Pathlab directly:
//
//   import { Pathlab } from './pathlab.js';
//   const view = await Pathlab.mount(element, { map: 'maze-63', algorithm: 'astar', controls: 'step,run,reset' });
//   view.on('done', (stats) => console.log(stats.pathCost));
//
// Every mounted view is a PlannerView (view.js) with its own wasm Planner and a small
// toolbar/status line; all views on a page share one wasm instance. Methods validate their
// arguments (with the rules of the embed's commands, src/command.rs) and throw an Error with
// a readable message; the current map is never lost.

import init, { Planner, checkCommand, splitLink } from './pkg/pathlab.js';
import { buildPalette } from './palette.js';
import { PlannerView, messageOf } from './view.js';
import { SPEEDS, BUTTONS, controlButton, speedSlider, showSpeed, brushMenu } from './controls.js';
import { Session } from './session.js';
import { summary, runButton, onChange, showPanels } from './panels.js';
import { statusWord } from './status.js';
import * as links from './links.js';
import * as maps from './maps.js';
import { Timeline, openStep } from './timeline.js';
import { el } from './dom.js';
import { algorithmTable } from './algorithms.js';
import { PseudocodePanel } from './pseudocode.js';
import { lazy } from './lazy.js';
import { AgentsApi, agentsState, checkSolver, DEFAULT_SOLVER } from './pathlab-agents.js';

const CONTROLS = ['step', 'run', 'reset', 'algo', 'speed', 'brush', 'clear', 'pseudocode'];
const DEFAULT_CONTROLS = ['step', 'run', 'reset'];
const MAX_MAP_TEXT = 40 * 1024 * 1024;

/** The picture and GIF exports, loaded at the first `exportImage` or `exportAnimation`. */
const exportModule = lazy(() => import('./export.js'));
let wasmReady = null;
let indexReady = null;

/** Loads the wasm module once per page; every view shares its memory. */
function loadWasm() {
  wasmReady ??= init();
  return wasmReady;
}

/** The shipped map index (maps/index.json next to this file), [] when unavailable. */
export function mapIndex() {
  indexReady ??= maps.fetchIndex();
  return indexReady;
}

/** The style sheets a mounted view needs; timeline.css styles the scrubber and compare mode. */
const STYLES = [new URL('pathlab.css', import.meta.url), new URL('timeline.css', import.meta.url)];

/**
 * Adds the view's style sheets (and `extra` ones) where `element` lives: the document's head,
 * or the shadow root it is in, so a view inside a web component styles only itself. Once per
 * root; resolves when they have loaded (or failed to).
 * @param {Element} element
 * @param {URL[]} [extra]
 */
export function addStyles(element, extra = []) {
  const root = element.getRootNode();
  const parent = root instanceof ShadowRoot ? root : document.head;
  const waits = [...STYLES, ...extra].map((url) => {
    const href = url.href;
    if ([...parent.querySelectorAll('link[rel="stylesheet"]')].some((l) => /** @type {HTMLLinkElement} */ (l).href === href)) {
      return Promise.resolve();
    }
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    const loaded = new Promise((resolve) => {
      link.addEventListener('load', resolve, { once: true });
      link.addEventListener('error', resolve, { once: true });
    });
    parent.append(link);
    return loaded;
  });
  return Promise.all(waits);
}

/** Normalises the `controls` option: an array or a comma-separated string of names. */
export function parseControls(value) {
  if (value === undefined || value === null) return [...DEFAULT_CONTROLS];
  const list = Array.isArray(value) ? value : String(value).split(',');
  const names = list.map((s) => String(s).trim().toLowerCase()).filter(Boolean);
  const unknown = names.filter((n) => !CONTROLS.includes(n));
  if (unknown.length) throw new Error(`unknown control "${unknown[0]}" (choose from ${CONTROLS.join(', ')})`);
  return names;
}

/**
 * Checks a command message `{cmd, ...arguments}` with the rules every command follows, from
 * a host page's message or a method call alike (src/command.rs): returns the checked numbers
 * (`n`, `step`, `speed` as a stop of SPEEDS, `x`, `y`) or throws a readable Error.
 * @param {unknown} message
 * @returns {import('./pkg/pathlab.js').CheckedCommand}
 */
export function checkMessage(message) {
  return checkCommand(message, SPEEDS.length);
}

/**
 * `checkMessage` for a method call: command `cmd` with `args`.
 * @param {string} cmd
 * @param {object} [args]
 */
export function checkArgs(cmd, args = {}) {
  return checkMessage({ ...args, cmd });
}

/** A speed option as an index into SPEEDS: a stop number 0–10 or 'instant' (default 3). */
export function parseSpeed(value) {
  if (value === undefined || value === null || value === '') return 3;
  return checkArgs('setSpeed', { speed: value }).speed;
}

/** A marker given as [x, y] or {x, y}, checked as `setStart`/`setGoal` check it. */
function point(value, what) {
  let x;
  let y;
  if (Array.isArray(value) && value.length === 2) [x, y] = value;
  else if (value && typeof value === 'object') ({ x, y } = value);
  else throw new Error(`${what} must be [x, y] or {x, y}`);
  checkArgs(what === 'start' ? 'setStart' : 'setGoal', { x, y });
  return { x, y };
}

/**
 * How the map moves in a view: `wheel` is `"scroll"` (the wheel scrolls the host page: the
 * default in every embed) or `"zoom"`; `pan: false` turns panning off; `fit: true` keeps the
 * whole map in view (no zoom, no pan, refitted when the view changes size).
 * @param {{wheel?: string, pan?: boolean | string, fit?: boolean | string}} options
 */
export function parseNavigation({ wheel, pan, fit } = {}) {
  if (wheel !== undefined && wheel !== null && wheel !== 'zoom' && wheel !== 'scroll') {
    throw new Error(`wheel must be "zoom" or "scroll", not ${JSON.stringify(String(wheel)).slice(0, 40)}`);
  }
  const flag = (v, dflt) => (v === undefined || v === null ? dflt : v !== false && !['0', 'false', 'no', 'off'].includes(String(v).toLowerCase()));
  return { wheel: wheel === 'zoom' ? 'zoom' : 'scroll', pan: flag(pan, true), fit: flag(fit, false) };
}

/** One mounted planner: the object `Pathlab.mount` resolves to. */
class MountedView extends AgentsApi {
  constructor(element, options, memory) {
    super();
    this.element = element;
    this.listeners = { step: new Set(), done: new Set(), message: new Set(), crashed: new Set(), field: new Set(), range: new Set(), agents: new Set() };
    /** The Agents view's layer (pathlab-agents.js), made at the first use. @type {import('./agents.js').AgentsLayer | null} */
    this.agents = null;
    /** The MAPF solver Solve and `autoplay` use (the `solver` option). */
    this.solver = DEFAULT_SOLVER;
    this.shownVersions = { field: -1, range: -1 };
    this.mapFile = '';
    const controls = parseControls(options.controls);
    this.readonly = !!options.readonly;
    this.withTimeline = !!options.timeline;
    // The pseudocode panel: shown from the start with the option, toggled by its control.
    this.withCode = !!options.pseudocode || controls.includes('pseudocode');
    // A speed given is kept; without one the speed follows each map's size (view.js fitSpeed).
    this.session = new Session({
      Planner,
      state: { speed: parseSpeed(options.speed), speedChosen: options.speed !== undefined && options.speed !== null && options.speed !== '' },
    });
    this.build(controls);
    const planner = this.session.newPlanner();
    planner.setPalette(buildPalette());
    this.view = new PlannerView({
      session: this.session,
      planner,
      memory: () => memory,
      canvas: this.canvas,
      keyScope: this.root,
      readonly: this.readonly,
      navigation: parseNavigation(options),
      hooks: {
        message: (text, kind) => this.say(text, kind),
        stepped: () => this.emit('step', this.view.planner.stats()),
        finished: (stats) => this.emit('done', stats),
        // The shared wasm instance trapped: every view on the page is done for until reload.
        crashed: (error) => {
          const text = `The planner crashed (${messageOf(error)}) Reload the page to start it again.`;
          this.say(text, 'error');
          this.emit('crashed', text);
        },
      },
    });
    if (this.withTimeline) {
      this.timeline = new Timeline(this.timelineHost, { views: () => [this.view] });
      this.session.setTimeline(this.timeline);
    }
    this.session.subscribe(() => this.syncControls());
    if (this.withCode) {
      this.code = new PseudocodePanel(this.codeHost, this.view, { visible: !!options.pseudocode });
      this.showCodeButton();
    }
    showPanels(this.session, this.view, [
      summary(this.statusEl, this.numbersEl),
      runButton(this.buttons.run),
      // A fresh search clears the last notice from the foot.
      onChange((state) => {
        if (state.stats.status === 'running' && state.stats.expanded === 0) this.messageEl.textContent = '';
      }),
      // The field and range events, once per change of either.
      onChange(() => this.emitViewChanges()),
      ...(this.timeline ? [this.timeline] : []),
      ...(this.code ? [this.code] : []),
    ]);
  }

  /** Emits `field` / `range` with the figures when the field or the range changed. */
  emitViewChanges() {
    const p = this.view.planner;
    for (const [event, info] of /** @type {const} */ ([['field', p.fieldInfo()], ['range', p.rangeInfo()]])) {
      if (info && info.version !== this.shownVersions[event]) {
        this.shownVersions[event] = info.version;
        this.emit(event, info);
      }
    }
  }

  build(controls) {
    this.root = el('div', { class: 'pathlab-view' });
    const bar = el('div', { class: 'pl-toolbar', role: 'toolbar', 'aria-label': 'Planner controls' });
    this.buttons = {};
    const dispatch = (command) => this.session.dispatch(command);
    for (const name of controls) {
      if (BUTTONS.some((b) => b.name === name)) {
        this.buttons[name] = bar.appendChild(controlButton(name, dispatch));
      } else if (name === 'pseudocode') {
        const b = el('button', {
          type: 'button', text: 'Pseudocode', title: 'Show or hide the pseudocode, line by line beside the search', class: '', 'data-control': 'pseudocode',
        });
        b.addEventListener('click', () => this.showPseudocode(!this.code?.visible));
        this.buttons.pseudocode = bar.appendChild(b);
      } else if (name === 'algo') {
        this.algo = el('select', { 'aria-label': 'Algorithm', 'data-control': 'algo' },
          algorithmTable().filter((a) => !a.needs.mesh).map((a) => el('option', { value: a.id, text: a.label, title: a.summary })));
        this.algo.addEventListener('change', () => this.guarded(() => this.setSettings({ algorithm: this.algo.value })));
        bar.append(this.algo);
      } else if (name === 'speed') {
        this.speedInput = speedSlider(dispatch, { 'aria-label': 'Speed', 'data-control': 'speed' });
        bar.append(el('label', { class: 'pl-speed' }, ['Speed', this.speedInput]));
      } else if (name === 'brush') {
        this.brushSelect = brushMenu(dispatch, { 'data-control': 'brush' });
        bar.append(this.brushSelect);
      }
    }
    this.canvas = el('canvas', {
      tabIndex: 0,
      'aria-label': this.readonly
        ? 'Map (read-only): drag to pan, wheel to zoom'
        : 'Map: drag to draw walls, drag the markers to move them, double-click to place start then goal',
    });
    const wrap = el('div', { class: 'pl-canvas-wrap' }, [this.canvas]);
    this.canvasWrap = wrap;
    this.codeHost = el('div', { class: 'pl-code' });
    this.statusEl = el('span', { class: 'pl-status', 'data-stat': 'status', text: 'ready' });
    this.numbersEl = el('span', { class: 'pl-numbers' });
    this.messageEl = el('span', { class: 'pl-message', role: 'status', 'aria-live': 'polite' });
    const foot = el('div', { class: 'pl-foot' }, [this.statusEl, this.numbersEl, this.messageEl]);
    if (controls.length) this.root.append(bar);
    // With pseudocode, the map and the panel share a box: side by side when it is wide.
    this.root.append(this.withCode ? el('div', { class: 'pl-body' }, [wrap, this.codeHost]) : wrap);
    if (this.withTimeline) {
      this.timelineHost = el('div', { class: 'pl-timeline' });
      this.root.append(this.timelineHost);
    }
    this.root.append(foot);
  }

  /** The pseudocode toggle's pressed state follows the panel. */
  showCodeButton() {
    this.buttons.pseudocode?.setAttribute('aria-pressed', String(!!this.code?.visible));
  }

  say(text, kind) {
    // The small view has room for errors and finishes only; routine hints stay quiet.
    if (kind === 'info') return;
    this.messageEl.textContent = text;
    this.messageEl.dataset.kind = kind;
    for (const fn of this.listeners.message) fn({ text, kind });
  }

  /** The toolbar's menus and slider show the settings and the session's choices. */
  syncControls() {
    if (this.algo && !this.view.destroyed) this.algo.value = this.view.planner.settings().algorithm;
    showSpeed(this.speedInput, this.session.state.speed);
    if (this.brushSelect) this.brushSelect.value = this.session.state.brush;
  }

  guarded(fn) {
    try {
      return fn();
    } catch (e) {
      this.say(messageOf(e), 'error');
      return undefined;
    }
  }

  emit(event, payload) {
    for (const fn of this.listeners[event]) {
      try {
        fn(payload);
      } catch (e) {
        // A listener's bug must not stop the frame loop; report it where it can be seen.
        setTimeout(() => {
          throw e;
        });
      }
    }
  }

  // ---- the public methods ----

  /** Subscribes to 'step', 'done', 'message', 'crashed', 'field', 'range' or 'agents'; returns a function that unsubscribes. */
  on(event, fn) {
    if (!(event in this.listeners)) throw new Error(`unknown event "${event}" (${Object.keys(this.listeners).join(', ')})`);
    if (typeof fn !== 'function') throw new Error('on() needs a function');
    this.listeners[event].add(fn);
    return () => this.listeners[event].delete(fn);
  }

  /**
   * Loads a map: a shipped map name ("maze-63" or "maze-63.map"), the text of a .map file,
   * a share link fragment ("v2…" or "map=…", with or without '#', optionally ending in
   * `&step=K`: the search is run and shown at step K), or {width, height} for an empty map.
   * Throws and keeps the current map when it cannot.
   */
  async loadMap(map) {
    const { step, agents } = await this.load(map);
    if (step !== null) openStep([this.view], step, this.timeline);
    if (agents) this.setAgents(agents);
    return this.getState();
  }

  /** Loads `map` as `loadMap` does; returns the step its link names (or null), not shown yet. */
  async load(map) {
    const p = this.view.planner;
    let step = null;
    /** The Agents view's agents of a link, `[sx, sy, gx, gy, …]`, or null. */
    let agents = null;
    if (map && typeof map === 'object') {
      const { width, height } = map;
      p.newMap(width, height);
      this.mapFile = '';
    } else if (typeof map !== 'string' || map.length === 0) {
      throw new Error('a map is a shipped map name, .map text or a share link fragment');
    } else if (map.length > MAX_MAP_TEXT) {
      throw new Error('the map text is too large');
    } else if (/^\s*type\s/i.test(map)) {
      p.loadMapText(map);
      this.mapFile = '';
    } else {
      const fragment = map.replace(/^#/, '');
      const list = await mapIndex();
      if (/^(v\d|map=)/i.test(fragment)) {
        const split = splitLink(fragment);
        if (split.compare) {
          throw new Error('this is a link to a comparison: open it in compare mode (the compare option of the embed)');
        }
        const scratch = new Planner(40, 25);
        try {
          const resolved = await links.resolve(scratch, split.base, list);
          // Tried on the scratch planner first: a range cell on a wall is refused before
          // the current map is replaced.
          scratch.applyLinkView(split);
          p.loadFrom(scratch);
          p.applyLinkView(split);
          this.mapFile = resolved.mapFile;
        } finally {
          scratch.free();
        }
        step = split.step;
        agents = split.agents ? Array.from(split.agents) : null;
      } else {
        const entry = maps.findEntry(list, fragment);
        if (!entry) throw new Error(`there is no shipped map called "${fragment}"`);
        await maps.loadBundled(p, entry);
        this.mapFile = entry.file;
      }
    }
    this.view.loaded();
    this.syncControls();
    const quads = agents ? Array.from({ length: agents.length / 4 }, (_, i) => agents.slice(i * 4, i * 4 + 4)) : [];
    return { step, agents: quads.length ? quads : null };
  }

  /** Moves the start marker; throws on a wall, the goal's cell or outside the map. */
  setStart(x, y) {
    const at = point(y === undefined ? x : [x, y], 'start');
    this.view.planner.setStart(at.x, at.y);
    this.view.edited();
  }

  /** Moves the goal marker; throws like setStart. */
  setGoal(x, y) {
    const at = point(y === undefined ? x : [x, y], 'goal');
    this.view.planner.setGoal(at.x, at.y);
    this.view.edited();
  }

  /** Changes some settings (the rest stay): algorithm, heuristic, weight, movement, … */
  setSettings(partial) {
    if (!partial || typeof partial !== 'object' || Array.isArray(partial)) {
      throw new Error('settings must be an object such as {weight: 1.5}');
    }
    const current = this.view.planner.settings();
    const next = { ...current, ...partial };
    if (partial.movement) next.movement = { ...current.movement, ...partial.movement };
    this.view.planner.setSettings(next);
    this.view.halt();
    this.view.edited();
    this.syncControls();
  }

  /**
   * Shows `kind` beside the search: 'path', 'field' (the distance field to the goal) or
   * 'range' (a movement range: from the start with 10 points until `setRange`). Throws on
   * another name.
   * @param {string} kind
   */
  setView(kind) {
    this.view.planner.setView(/** @type {import('./pkg/pathlab.js').ViewName} */ (checkArgs('setView', { view: kind }).view));
    this.view.edited();
  }

  /** Shows the cells reachable from (x, y) for `budget` movement points; throws on a wall. */
  setRange(x, y, budget) {
    const c = checkArgs('setRange', { x, y, budget });
    this.view.planner.setRange(c.x, c.y, c.budget);
    this.view.edited();
    return this.rangeInfo();
  }

  /**
   * Releases `count` walkers on the field, placed by `seed`; returns how many were placed: all
   * of them (walkers may share a cell; at most 10,000), or none when no cell but the goal
   * reaches it. `fieldInfo().release` (and the `field` event) says how many were asked for and
   * why fewer.
   */
  releaseWalkers(count, seed) {
    const c = checkArgs('releaseWalkers', { count, seed });
    const placed = this.view.planner.releaseWalkers(c.count, c.seed);
    this.view.edited();
    return placed;
  }

  /** The field's figures (goal, maxCost, reached, update, version…), or null outside the field view. */
  fieldInfo() {
    return this.view.planner.fieldInfo() ?? null;
  }

  /** The range's figures (from, budget, cells, maxCost, version), or null outside the range view. */
  rangeInfo() {
    return this.view.planner.rangeInfo() ?? null;
  }

  /**
   * `n` expansions (default 1, at most 1,000,000) at once, starting a fresh search when the
   * last one had finished; returns the stats.
   */
  step(n = 1) {
    this.session.dispatch({ cmd: 'step', n: checkArgs('step', { n }).n });
    return this.view.planner.stats();
  }

  /** Runs (animated at the view's speed); resolves with the final stats. */
  run() {
    const done = new Promise((resolve) => {
      const off = this.on('done', (stats) => {
        off();
        resolve(stats);
      });
    });
    this.session.dispatch({ cmd: 'run' });
    return done;
  }

  /**
   * Shows timeline step `step` (clamped to what was recorded); returns `{step, length,
   * stats}`.
   */
  seek(step) {
    const p = this.view.planner;
    const at = checkArgs('seek', { step }).step;
    this.view.stop();
    p.seek(Math.min(at, p.timelineLength()));
    this.view.syncStats();
    return { step: p.timelinePosition(), length: p.timelineLength(), stats: p.stats() };
  }

  /** The shown timeline step, the recorded length and whether the recording is complete. */
  timelineState() {
    const p = this.view.planner;
    return { step: p.timelinePosition(), length: p.timelineLength(), complete: p.timelineComplete() };
  }

  /** Shows or hides the pseudocode panel (a view mounted with `pseudocode` or its control). */
  showPseudocode(on = true) {
    if (!this.code) throw new Error('this view has no pseudocode panel: mount it with pseudocode: true or the pseudocode control');
    this.code.setVisible(!!on);
    this.showCodeButton();
  }

  /**
   * The view as shown now, as a picture: `{format: 'png' | 'svg', scale}` (scale: pixels a
   * cell, 1–64; default: the longer side about 1024 px). Resolves to a Blob.
   */
  async exportImage(options = {}) {
    return (await exportModule()).exportImage(this.view, options);
  }

  /**
   * The search as an animated GIF from its timeline: `{from, to, every, scale, delay,
   * onProgress, signal}` (see docs/embedding.md). Resolves to a Blob; the view is put back
   * at the step it showed.
   */
  async exportAnimation(options = {}) {
    return (await exportModule()).exportAnimation(this.view, options);
  }

  /** Stops an animated run where it is. */
  pause() {
    this.session.dispatch({ cmd: 'pause' });
  }

  /** Clears the search (the map and markers stay). */
  reset() {
    this.session.dispatch({ cmd: 'reset' });
  }

  /** Sets the speed stop (0–10 or "instant"). */
  setSpeed(speed) {
    this.session.dispatch({ cmd: 'setSpeed', speed: parseSpeed(speed) });
    this.syncControls();
  }

  /** A plain snapshot: size, markers, settings, stats, status word and the shipped map name. */
  getState() {
    const p = this.view.planner;
    const stats = p.stats();
    return {
      width: p.width,
      height: p.height,
      start: p.start(),
      goal: p.goal(),
      settings: p.settings(),
      stats,
      status: statusWord(stats, this.view.running),
      running: this.view.running,
      speed: this.session.state.speed,
      map: this.mapFile,
      timeline: this.timelineState(),
      view: p.view,
      field: this.fieldInfo(),
      range: this.rangeInfo(),
      walkers: p.walkerCount,
      agents: agentsState(this),
    };
  }

  /** The full share link fragment (without '#') for the current state. */
  shareLink() {
    return this.view.planner.shareLink();
  }

  /** Viewport coordinates of the centre of cell (x, y) (for tests and overlays). */
  cellToClient(x, y) {
    return this.view.cellToClient(x, y);
  }

  /** The grid byte at (x, y): 0 wall, 1–4 terrain cost. */
  cell(x, y) {
    return this.view.planner.cell(x, y);
  }

  /** Removes the view from the page and frees its planner; later calls throw. */
  destroy() {
    if (this.view.destroyed) return;
    this.timeline?.destroy();
    this.view.destroy();
    this.root.remove();
    for (const set of Object.values(this.listeners)) set.clear();
  }
}

// Every public method of a destroyed view throws a readable Error instead of reaching the
// freed wasm planner.
for (const name of ['loadMap', 'load', 'setStart', 'setGoal', 'setSettings', 'step', 'run', 'pause', 'reset', 'setSpeed', 'getState', 'shareLink', 'cellToClient', 'cell', 'seek', 'timelineState', 'showPseudocode', 'exportImage', 'exportAnimation', 'setView', 'setRange', 'releaseWalkers', 'fieldInfo', 'rangeInfo', ...Object.getOwnPropertyNames(AgentsApi.prototype).filter((n) => n !== 'constructor')]) {
  const method = MountedView.prototype[name];
  MountedView.prototype[name] = function guarded(...args) {
    if (this.view.destroyed) throw new Error('this Pathlab view has been destroyed');
    return method.apply(this, args);
  };
}

/**
 * @typedef {object} MountOptions
 * @property {string} [map] a shipped map's name or file, or a share link
 * @property {{x: number, y: number}} [start]
 * @property {{x: number, y: number}} [goal]
 * @property {string} [algorithm] an id of `Planner.algorithms()`
 * @property {Partial<import('./pkg/pathlab.js').Settings>} [settings]
 * @property {string | string[]} [controls] buttons to show: `step,run,reset`…
 * @property {boolean} [readonly]
 * @property {boolean} [autoplay]
 * @property {number | string} [speed]
 * @property {boolean} [timeline] show the scrubber under the map
 * @property {number} [step] show the search at this timeline step (it is run to its end first)
 * @property {string} [wheel] "scroll" (default: the wheel scrolls the page) or "zoom"
 * @property {boolean} [pan] false: the map cannot be panned
 * @property {boolean} [fit] true: the whole map stays in view (no zoom, no pan)
 * @property {boolean} [pseudocode] show the pseudocode panel beside the map
 * @property {string} [view] "path", "field" or "range": the view beside the search; or "agents":
 *   the Agents view (multi-agent path finding) instead of the search
 * @property {string | number[][]} [agents] the Agents view's agents: "SX,SY,GX,GY;…" or [[sx, sy, gx, gy], …]
 * @property {string} [solver] the MAPF solver `autoplay` solves with (default "lacam")
 * @property {number | string} [walkers] walkers to release on the field (view "field")
 * @property {string | number[] | {x: number, y: number, budget: number}} [range] "X,Y,BUDGET" (view "range")
 */

/**
 * Mounts a planner into `element`. Options: map, start, goal, algorithm, settings, controls,
 * readonly, autoplay, speed, timeline (show the scrubber under the map), step (show that
 * timeline step), wheel, pan, fit, pseudocode (the pseudocode panel beside the map), view,
 * walkers, range (the distance field or movement range, as in a link's tail). Resolves to the
 * view; rejects with a readable Error.
 * @param {Element} element
 * @param {MountOptions} [options]
 */
async function mount(element, options = {}) {
  if (!(element instanceof Element)) throw new Error('Pathlab.mount needs a DOM element');
  if (!options || typeof options !== 'object') throw new Error('Pathlab.mount options must be an object');
  const styled = addStyles(element);
  const wasm = await loadWasm();
  const solver = checkSolver(options.solver ?? DEFAULT_SOLVER);
  let mounted;
  try {
    mounted = new MountedView(element, options, wasm.memory);
    mounted.solver = solver;
  } catch (e) {
    throw new Error(messageOf(e));
  }
  let step = null;
  try {
    if (options.step !== undefined && options.step !== null) step = checkArgs('seek', { step: options.step }).step;
    const agentsView = options.view === 'agents' || (options.agents !== undefined && options.agents !== null);
    const fields = links.viewFields(options.view === 'agents' ? { ...options, view: undefined } : options);
    let linked = { step: null };
    if (options.map !== undefined) linked = await mounted.load(options.map);
    else {
      const first = (await mapIndex())[0];
      if (first) await mounted.load(first.file);
    }
    const settings = { ...(options.settings || {}) };
    if (options.algorithm !== undefined) settings.algorithm = options.algorithm;
    if (Object.keys(settings).length) mounted.setSettings(settings);
    if (options.start !== undefined) mounted.setStart(options.start);
    if (options.goal !== undefined) mounted.setGoal(options.goal);
    // After the markers: a range without a cell is measured from the start.
    if (fields) mounted.view.planner.applyLinkView(fields);
    step ??= linked.step;
    if (step !== null) openStep([mounted.view], step, mounted.timeline);
    // The Agents view: the option's agents, else the link's.
    const agents = options.agents ?? linked.agents;
    if (agents) mounted.setAgents(agents);
    else if (agentsView || linked.agents) mounted.showAgents(true);
  } catch (e) {
    // Nothing was put in the element yet: a failed mount leaves the host page as it was.
    mounted.destroy();
    throw new Error(messageOf(e));
  }
  // The style sheets first: the canvas must have its final size when the view fits the map.
  await styled;
  element.replaceChildren(mounted.root);
  mounted.syncControls();
  mounted.view.start();
  mounted.view.syncStats();
  if (options.autoplay && mounted.agents?.active) {
    // A frame later: the caller's `agents` listeners are there by then.
    setTimeout(() => mounted.guarded(() => mounted.solveAgents()));
  } else if (options.autoplay) mounted.session.dispatch({ cmd: 'run' });
  return mounted;
}

/** The API object; also on `window.Pathlab` for classic scripts. */
export const Pathlab = { mount, mapIndex, controls: CONTROLS };
window.Pathlab = Pathlab;
