// Compare lanes for the Agents view (issue 28): the agents placed, on the same map, solved by
// two to four MAPF solvers one after the other (a frame apart, so each lane fills in as it
// ends), a table of each solver's outcome — status, SOC and makespan each over its lower
// bound, time, nodes — and the plans played side by side in lock step under one scrubber, or
// one at a time. Every figure is Rust's `AgentsOutcome`: each lane is a wasm `Agents` of its
// own, given the view's agents (`linkAgents`) and solved by `Agents.solve`, as the view's Solve
// does. Lanes are painted with the display list (picture.js), as the exports are.
//
// The race is driven by the session's `agents` command with `op: 'race'` (agents.js hands it
// here through `layer.race`): `act` is `open`, `close`, `run` (`solvers`, `budgetMs`), `seek`
// (`step`), `stepBy` (`delta`), `play`, `pause`, `pick` (`lane`) or `layout` (`mode`: `side`
// or `one`). Its state is in `data-race-*` attributes on the dialog and on each table row.

import { Agents } from './pkg/pathlab.js';
import { el, all } from './dom.js';
import { messageOf } from './view.js';
import { displayList, drawMarks, layoutPlace } from './picture.js';
import { pictureSize, cellLayer } from './cells.js';
import { stepsPerSecond } from './agents.js';

/** How many solvers a race takes. */
export const MIN_LANES = 2;
export const MAX_LANES = 4;

/** The budget the dialog offers, in milliseconds. */
const DEFAULT_BUDGET_MS = 1000;

/**
 * One lane: a solver, and once it has run, its outcome and plan (or why it could not run).
 * @typedef {object} Lane
 * @property {string} id the solver's id (Rust's table)
 * @property {string} label
 * @property {'waiting' | 'solving' | 'done'} phase
 * @property {import('./pkg/pathlab.js').AgentsOutcome | null} outcome
 * @property {Uint32Array<ArrayBufferLike> | null} paths dense cells, as `Agents.paths()`
 * @property {string | null} error Rust's refusal, when the solve threw
 */

/**
 * A ratio of a figure over its lower bound, in words: `1.04×`, or '' without the figure.
 * @param {number | null} value
 * @param {number} bound
 */
export const overBound = (value, bound) => (value === null || value === undefined ? '' : bound > 0 ? `${(value / bound).toFixed(2)}×` : '');

/**
 * The table cell texts of a lane (pure: tests/unit reads them too).
 * @param {Lane} lane
 */
export function laneRow(lane) {
  const o = lane.outcome;
  if (lane.error) return { status: 'refused', soc: '–', makespan: '–', ms: '–', nodes: '–', note: lane.error };
  if (!o) return { status: lane.phase === 'solving' ? 'solving…' : 'waiting', soc: '', makespan: '', ms: '', nodes: '', note: '' };
  return {
    status: o.status,
    soc: o.soc === null ? '–' : `${o.soc} (${overBound(o.soc, o.socLb)})`,
    makespan: o.makespan === null ? '–' : `${o.makespan} (${overBound(o.makespan, o.makespanLb)})`,
    ms: o.ms.toFixed(1),
    nodes: String(o.nodes),
    note: o.failure ?? '',
  };
}

export class Race {
  /**
   * @param {import('./agents.js').AgentsLayer} layer the Agents view whose agents race
   * @param {(command: object) => any} send dispatches `{cmd: 'agents', op: 'race', …command}`
   */
  constructor(layer, send) {
    this.layer = layer;
    this.send = send;
    /** @type {Lane[]} */
    this.lanes = [];
    /** The agents raced, `[sx, sy, gx, gy, …]`. @type {Uint32Array<ArrayBufferLike>} */
    this.ends = new Uint32Array(0);
    /** The map's cells as raced, copied at the first paint. @type {import('./cells.js').CellScene | null} */
    this.cells = null;
    /** @type {HTMLCanvasElement[]} */
    this.canvases = [];
    this.budgetMs = DEFAULT_BUDGET_MS;
    /** The agents and map the lanes were solved for: a change makes them stale. */
    this.key = '';
    this.t = 0;
    this.playing = false;
    this.lastNow = 0;
    /** @type {'side' | 'one'} */
    this.layout = 'side';
    this.picked = 0;
    /** @type {'idle' | 'running' | 'done'} */
    this.phase = 'idle';
    this.run = 0;
    this.frameId = 0;
    /** @type {import('./pkg/pathlab.js').MapfSolver[]} */
    this.solvers = /** @type {any} */ (Agents.solvers());
    this.build();
  }

  get planner() {
    return this.layer.planner;
  }

  /** The agents and map now, as a key: what the lanes were solved for. */
  currentKey() {
    const p = this.planner;
    return `${p.width}x${p.height}/${p.version}/${Array.from(this.layer.ends).join(',')}`;
  }

  /** The plans' last time step: the longest lane's. */
  get horizon() {
    return Math.max(0, ...this.lanes.filter((l) => l.paths).map((l) => l.outcome?.horizon ?? 0));
  }

  build() {
    const close = el('button', { type: 'button', class: 'race-close', text: '✕', title: 'Close', 'aria-label': 'Close' });
    close.addEventListener('click', () => this.send({ act: 'close' }));
    this.picks = this.solvers.map((s, i) => {
      const box = /** @type {HTMLInputElement} */ (el('input', { type: 'checkbox', value: s.id, checked: i < MAX_LANES, 'data-race-solver': s.id }));
      box.addEventListener('change', () => this.render());
      return { box, label: el('label', { class: 'race-pick', title: s.summary }, [box, ` ${s.label}`]) };
    });
    this.budget = /** @type {HTMLInputElement} */ (el('input', { id: 'race-budget', type: 'number', min: '1', max: '60000', step: '1', value: String(DEFAULT_BUDGET_MS), inputMode: 'numeric' }));
    this.go = /** @type {HTMLButtonElement} */ (el('button', { type: 'button', id: 'race-run', class: 'primary', text: 'Race', title: 'Solve the same agents with every solver ticked, one after the other' }));
    this.go.addEventListener('click', () => {
      const b = Number(this.budget.value);
      this.send({ act: 'run', solvers: this.picks.filter((p) => p.box.checked).map((p) => p.box.value), budgetMs: Number.isFinite(b) && b > 0 ? b : DEFAULT_BUDGET_MS });
    });
    this.layoutSelect = /** @type {HTMLSelectElement} */ (el('select', { id: 'race-layout', 'aria-label': 'Lanes' }, [
      el('option', { value: 'side', text: 'Side by side' }),
      el('option', { value: 'one', text: 'One at a time' }),
    ]));
    this.layoutSelect.addEventListener('change', () => this.send({ act: 'layout', mode: this.layoutSelect.value }));
    this.note = el('p', { class: 'race-note', 'aria-live': 'polite' });
    const head = el('tr', {}, ['Solver', 'Status', 'SOC (× bound)', 'Makespan (× bound)', 'ms', 'Nodes'].map((t) => el('th', { scope: 'col', text: t })));
    this.body = el('tbody');
    this.table = el('table', { class: 'race-table' }, [el('thead', {}, [head]), this.body]);
    /** Why a lane has no plan, a line each (a tooltip would not reach a touch screen). */
    this.failures = el('ul', { class: 'race-failures' });
    this.lanesBox = el('div', { class: 'race-lanes' });
    // The one scrubber: every lane at the same time step.
    const tl = (text, title, name) => {
      const b = el('button', { type: 'button', text, title, 'aria-label': title, 'data-race-timeline': name });
      return b;
    };
    const first = tl('|◀', 'First time step', 'start');
    const back = tl('◀', 'Time step back', 'back');
    this.playButton = tl('Play', 'Play every plan in lock step', 'play');
    const forward = tl('▶', 'Time step forward', 'forward');
    const last = tl('▶|', 'Last time step', 'end');
    this.range = /** @type {HTMLInputElement} */ (el('input', { type: 'range', min: '0', max: '0', step: '1', value: '0', class: 'tl-range', 'aria-label': 'Time step', 'data-race-timeline': 'range' }));
    this.label = el('output', { class: 'tl-label', 'data-race-timeline': 'label', text: 't = 0 of 0' });
    first.addEventListener('click', () => this.send({ act: 'seek', step: 0 }));
    last.addEventListener('click', () => this.send({ act: 'seek', step: this.horizon }));
    back.addEventListener('click', () => this.send({ act: 'stepBy', delta: -1 }));
    forward.addEventListener('click', () => this.send({ act: 'stepBy', delta: 1 }));
    this.playButton.addEventListener('click', () => this.send({ act: this.playing ? 'pause' : 'play' }));
    this.range.addEventListener('input', () => this.send({ act: 'seek', step: Number(this.range.value) }));
    this.scrubber = el('div', { class: 'timeline race-timeline', role: 'group', 'aria-label': 'Time steps of every lane' }, [first, back, this.playButton, this.range, forward, last, this.label]);
    this.title = el('h2', { id: 'race-title', text: 'Compare solvers' });
    this.dialog = /** @type {HTMLDialogElement} */ (el('dialog', { class: 'race-dialog', id: 'agents-race', 'aria-labelledby': 'race-title', 'data-race': 'idle' }, [
      el('div', { class: 'race-head' }, [this.title, close]),
      el('fieldset', { class: 'race-picks' }, [el('legend', { text: `Solvers (${MIN_LANES} to ${MAX_LANES})` }), ...this.picks.map((p) => p.label)]),
      el('div', { class: 'race-bar' }, [el('label', { htmlFor: 'race-budget', text: 'Budget ms' }), this.budget, this.go, this.layoutSelect]),
      this.note,
      el('div', { class: 'race-table-wrap' }, [this.table]),
      this.failures,
      this.lanesBox,
      this.scrubber,
    ]));
    this.dialog.addEventListener('close', () => {
      this.playing = false;
      this.publish();
    });
    document.body.append(this.dialog);
  }

  /**
   * Carries out one race command (see the file's head). Throws a sentence, changing nothing,
   * for a race of too few or too many solvers or without agents.
   * @param {{[key: string]: any}} c
   */
  apply(c) {
    switch (c.act) {
      case 'open':
        if (this.key !== this.currentKey()) this.forget();
        if (!this.dialog.open) this.dialog.showModal();
        this.loop();
        break;
      case 'close':
        if (this.dialog.open) this.dialog.close();
        break;
      case 'run':
        this.start(c.solvers, c.budgetMs);
        break;
      case 'seek':
        this.playing = false;
        this.t = Math.max(0, Math.min(this.horizon, Math.round(Number(c.step) || 0)));
        break;
      case 'stepBy':
        return this.apply({ act: 'seek', step: Math.round(this.t) + c.delta });
      case 'play':
        if (this.horizon === 0) break;
        if (this.t >= this.horizon) this.t = 0;
        this.playing = true;
        this.lastNow = performance.now();
        break;
      case 'pause':
        this.playing = false;
        this.t = Math.round(this.t);
        break;
      case 'pick':
        if (c.lane >= 0 && c.lane < this.lanes.length) this.picked = c.lane;
        break;
      case 'layout':
        this.layout = c.mode === 'one' ? 'one' : 'side';
        break;
      default:
        return undefined;
    }
    this.render();
    return true;
  }

  /**
   * Says `text` in the dialog's note line.
   * @param {string} text
   * @param {string} [kind] 'error' or 'info'
   */
  say(text, kind = 'info') {
    this.note.textContent = text;
    this.note.dataset.kind = kind;
  }

  /** Drops the lanes (the agents or the map changed since they ran). */
  forget() {
    this.run += 1;
    this.lanes = [];
    this.phase = 'idle';
    this.t = 0;
    this.playing = false;
    this.say('');
    this.lanesBox.replaceChildren();
  }

  /**
   * Starts a race of `ids` within `budgetMs` each: every lane waits, then one solves a frame.
   * @param {string[]} ids
   * @param {number} budgetMs
   */
  start(ids, budgetMs) {
    if (!Array.isArray(ids) || ids.length < MIN_LANES || ids.length > MAX_LANES) {
      throw new Error(`Tick ${MIN_LANES} to ${MAX_LANES} solvers to race (${Array.isArray(ids) ? ids.length : 0} ticked).`);
    }
    if (this.layer.state.pending) throw new Error(`Agent ${this.layer.state.count - 1} has no goal yet: click its goal first.`);
    const ends = this.layer.agents.linkAgents();
    if (!ends.length) throw new Error('Place agents first: a start, then its goal, for each.');
    const byId = new Map(this.solvers.map((s) => [s.id, s]));
    const unknown = ids.find((id) => !byId.has(id));
    if (unknown !== undefined) throw new Error(`There is no solver "${String(unknown).slice(0, 40)}".`);
    this.forget();
    this.ends = ends;
    this.key = this.currentKey();
    this.budgetMs = budgetMs;
    this.lanes = ids.map((id) => ({ id, label: byId.get(id)?.label ?? id, phase: 'waiting', outcome: null, paths: null, error: null }));
    this.picked = 0;
    this.phase = 'running';
    this.say(`${ends.length / 4} agents, ${this.lanes.length} solvers, ${budgetMs} ms each: solving one after the other…`);
    this.buildLanes();
    const run = this.run;
    const next = (i) => {
      if (run !== this.run) return;
      if (i >= this.lanes.length) {
        this.phase = 'done';
        this.say(`${ends.length / 4} agents, each solver within ${budgetMs} ms: every figure is the solver's own (Rust's outcome). Scrub or play the plans in lock step.`);
        this.t = 0;
        this.playing = this.horizon > 0 && this.dialog.open;
        this.lastNow = performance.now();
        this.render();
        return;
      }
      this.lanes[i].phase = 'solving';
      this.render();
      // A frame for the table to show "solving…", then the solve (it blocks the page).
      requestAnimationFrame(() => requestAnimationFrame(() => {
        if (run !== this.run) return;
        this.solveLane(this.lanes[i]);
        next(i + 1);
      }));
    };
    next(0);
  }

  /** Solves one lane on its own wasm `Agents`; a refusal is the lane's, not the page's. */
  solveLane(lane) {
    const agents = new Agents();
    try {
      agents.setAgents(this.planner, this.ends);
      lane.outcome = agents.solve(this.planner, lane.id, this.budgetMs);
      const paths = agents.paths();
      lane.paths = paths.length ? paths : null;
    } catch (e) {
      lane.error = messageOf(e);
    } finally {
      agents.free();
      lane.phase = 'done';
    }
  }

  /** One canvas a lane, captioned with its solver. */
  buildLanes() {
    this.canvases = this.lanes.map((lane, i) => {
      const canvas = /** @type {HTMLCanvasElement} */ (el('canvas', { class: 'race-canvas', 'aria-label': `${lane.label}: the agents at the time step shown` }));
      const figure = el('figure', { class: 'race-lane', 'data-race-lane': lane.id }, [el('figcaption', { text: lane.label }), canvas]);
      figure.addEventListener('click', () => this.send({ act: 'pick', lane: i }));
      this.lanesBox.append(figure);
      return canvas;
    });
    this.cells = null;
  }

  /** The table, the lanes, the scrubber and the data attributes, after every change. */
  render() {
    const ticked = this.picks.filter((p) => p.box.checked).length;
    this.go.disabled = this.phase === 'running' || ticked < MIN_LANES || ticked > MAX_LANES;
    this.go.title = ticked < MIN_LANES || ticked > MAX_LANES ? `Tick ${MIN_LANES} to ${MAX_LANES} solvers (${ticked} ticked)` : 'Solve the same agents with every solver ticked, one after the other';
    this.title.textContent = `Compare solvers on ${this.layer.state.count} agent${this.layer.state.count === 1 ? '' : 's'}`;
    this.layoutSelect.value = this.layout;
    this.body.replaceChildren(...this.lanes.map((lane, i) => this.row(lane, i)));
    const why = this.lanes.map((lane) => ({ lane, note: laneRow(lane).note })).filter((f) => f.note);
    this.failures.replaceChildren(...why.map((f) => el('li', { 'data-solver': f.lane.id }, [el('strong', { text: `${f.lane.label}: ` }), f.note])));
    this.failures.hidden = why.length === 0;
    const h = this.horizon;
    this.range.max = String(h);
    this.range.value = String(Math.round(this.t));
    this.label.textContent = `t = ${Math.floor(this.t)} of ${h}`;
    this.range.setAttribute('aria-valuetext', this.label.textContent);
    this.playButton.textContent = this.playing ? 'Pause' : 'Play';
    this.scrubber.hidden = h === 0;
    this.lanesBox.dataset.layout = this.layout;
    all('.race-lane', this.lanesBox).forEach((f, i) => {
      f.hidden = this.layout === 'one' && i !== this.picked;
      f.toggleAttribute('data-picked', i === this.picked);
    });
    this.paintLanes();
    this.publish();
  }

  /** A table row: its figures in cells and in `data-*` for readers and tests. */
  row(lane, i) {
    const r = laneRow(lane);
    const o = lane.outcome;
    const pick = el('button', { type: 'button', class: 'race-solver', text: lane.label, title: 'Show this lane (one at a time)', 'aria-pressed': String(i === this.picked) });
    pick.addEventListener('click', () => this.send({ act: 'pick', lane: i }));
    const tr = el('tr', {
      'data-solver': lane.id,
      'data-status': lane.error ? 'refused' : o?.status ?? lane.phase,
      'data-soc': o?.soc === null || !o ? '' : String(o.soc),
      'data-soc-lb': o ? String(o.socLb) : '',
      'data-makespan': o?.makespan === null || !o ? '' : String(o.makespan),
      'data-makespan-lb': o ? String(o.makespanLb) : '',
      'data-ms': o ? String(o.ms) : '',
      'data-nodes': o ? String(o.nodes) : '',
      title: r.note,
    }, [
      el('th', { scope: 'row' }, [pick]),
      el('td', { text: r.status, class: o?.soc === null || lane.error ? 'race-failed' : '' }),
      el('td', { text: r.soc }), el('td', { text: r.makespan }), el('td', { text: r.ms }), el('td', { text: r.nodes }),
    ]);
    return tr;
  }

  /** Paints every shown lane: the map's cells, then the agents at time t (the display list). */
  paintLanes() {
    if (!this.canvases?.length) return;
    const p = this.planner;
    const { width, height, shape } = p;
    if (!this.cells) {
      // The map as it was raced: its cells copied once, untinted (no search shows here).
      this.cells = { width, height, shape, view: /** @type {const} */ ('path'), cells: this.layer.view.cellsView().slice(), states: new Uint8Array(width * height), bytes: null };
    }
    const layer = cellLayer(this.cells);
    const dpr = window.devicePixelRatio || 1;
    this.lanes.forEach((lane, i) => {
      const canvas = this.canvases[i];
      const box = canvas.parentElement;
      if (!box || box.hidden) return;
      const css = Math.max(60, box.clientWidth - 2);
      const scale = Math.max(1, Math.floor((css * dpr) / width));
      const [pw, ph] = pictureSize(layer, scale);
      if (canvas.width !== pw || canvas.height !== ph) {
        canvas.width = pw;
        canvas.height = ph;
      }
      canvas.style.width = `${pw / dpr}px`;
      const horizon = lane.paths ? lane.outcome?.horizon ?? 0 : 0;
      const ctx = /** @type {CanvasRenderingContext2D} */ (canvas.getContext('2d'));
      ctx.setTransform(scale, 0, 0, scale, 0, 0);
      const agents = { ends: this.ends, width, paths: lane.paths, horizon, t: Math.min(this.t, horizon), conflict: null, selected: -1 };
      drawMarks(ctx, displayList({ cells: this.cells, path: [], start: null, goal: null, agents }, layoutPlace(shape, scale)));
      ctx.setTransform(1, 0, 0, 1, 0, 0);
    });
  }

  /** The plans play while the dialog is open: every lane at the same time step. */
  loop() {
    if (this.frameId) return;
    const frame = (now) => {
      if (!this.dialog.open || this.layer.view.destroyed) {
        this.frameId = 0;
        return;
      }
      this.frameId = requestAnimationFrame(frame);
      if (!this.playing) return;
      const h = this.horizon;
      this.t = Math.min(h, this.t + ((now - this.lastNow) / 1000) * stepsPerSecond(h));
      this.lastNow = now;
      if (this.t >= h) this.playing = false;
      this.render();
    };
    this.frameId = requestAnimationFrame(frame);
  }

  /** The race's state as `data-race-*` attributes on the dialog. */
  publish() {
    const d = this.dialog.dataset;
    d.race = this.phase;
    d.raceT = String(Math.floor(this.t));
    d.raceHorizon = String(this.horizon);
    d.racePlaying = String(this.playing);
    d.raceLayout = this.layout;
    d.racePicked = String(this.picked);
  }
}

/**
 * The race of `layer`, made at its first use.
 * @param {import('./agents.js').AgentsLayer} layer
 */
export function raceOf(layer) {
  // A refusal is said in the dialog (it covers the page's message line) and on the page.
  const send = (command) => layer.view.guard(() => {
    try {
      return layer.view.session.dispatch({ cmd: 'agents', op: 'race', ...command }, layer.view);
    } catch (e) {
      layer.race?.say(messageOf(e), 'error');
      throw e;
    }
  });
  layer.race ??= new Race(layer, send);
  return layer.race;
}
