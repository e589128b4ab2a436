// Compare mode: two to four planner views side by side on the same map with the same start
// and goal, each with its own algorithm and heuristic weight, driven by one Run / Step / Reset
// and one timeline, with a summary table that marks the winner of each column.
//
// The columns are lanes of one wasm Planner (`addLane`): one map, one pair of markers, one
// node mesh and one edit history in Rust, with a search, settings and timeline per column.
// An edit or a load through any column's view is an edit of that one map, and every lane
// re-plans on it in Rust, so the columns cannot drift apart. JS decides nothing about the
// search: it only forwards and shows.

import { PlannerView, isTrap, messageOf } from './view.js';
import { controlButton, speedSlider, showSpeed, brushMenu, shortcutFor, keyName } from './controls.js';
import { Session } from './session.js';
import { statusWord, compareSentence, withKey, goOn } from './status.js';
import { summary, onChange, runButton, showPanels } from './panels.js';
import { Timeline } from './timeline.js';
import { buildPalette } from './palette.js';
import { el } from './dom.js';
import { attachTerm } from './terms.js';
import { keyTaker, swallowSpaceUp, RANGE_KEYS } from './input.js';
import { algorithmInfo, algorithmTable } from './algorithms.js';

export const MIN_PLANNERS = 2;
export const MAX_PLANNERS = 4;

/** "A* ×1.5": a column's name. */
export function plannerLabel(spec) {
  const info = algorithmInfo(spec.algorithm);
  const name = info?.label || spec.algorithm;
  return spec.weight !== null && spec.weight !== undefined && info?.usesWeight && spec.weight !== 1
    ? `${name} ×${spec.weight}`
    : name;
}

/**
 * The winners of each summary column among `rows` ({expanded, cost, moves, ms, done, found}):
 * `{expanded: Set, cost: Set, moves: Set, ms: Set}` of row indices. Only once every planner
 * has finished; cost and moves only among those that found a path; ties are all winners.
 */
export function winners(rows) {
  const out = { expanded: new Set(), cost: new Set(), moves: new Set(), ms: new Set() };
  if (rows.length === 0 || !rows.every((r) => r.done)) return out;
  const pick = (key, eligible) => {
    const vals = rows.map((r, i) => [i, r[key]]).filter(([i, v]) => eligible(rows[i]) && Number.isFinite(v));
    if (vals.length === 0) return;
    const best = Math.min(...vals.map(([, v]) => v));
    // Costs are sums of √2 steps: equal paths may differ in the last bits.
    const tol = key === 'cost' ? 1e-9 * Math.max(1, Math.abs(best)) : 0;
    for (const [i, v] of vals) if (v - best <= tol) out[key].add(i);
  };
  pick('expanded', () => true);
  pick('cost', (r) => r.found);
  pick('moves', (r) => r.found);
  pick('ms', () => true);
  return out;
}

/**
 * The compare view, built into `root`. `options`:
 * - `Planner`, `memory`: the wasm Planner class and `() => memory`;
 * - `planners`: [{algorithm, weight}] (2–4), left to right;
 * - `controls`: the bar's controls: true for all (the default), false for no bar, or a list
 *   of names from `step`, `run`, `reset`, `speed`, `brush` (the brush and undo/redo);
 *   `timeline`: show the scrubber (default true); `editable`: show the per-column
 *   algorithm/weight pickers and add/remove (default true); `readonly`: no drawing;
 *   `navigation`: the views' `{wheel, pan, fit}` (view.js);
 * - `hooks`: { message(text, kind), edited(), changed(), stepped() } — all optional; `stepped`
 *   after any planner stepped (a step or a frame of a run).
 */
export class CompareView {
  constructor(root, { Planner, memory, planners, controls = true, timeline = true, editable = true, readonly = false, navigation = {}, hooks = {} }) {
    if (!Array.isArray(planners) || planners.length < MIN_PLANNERS || planners.length > MAX_PLANNERS) {
      throw new Error(`compare mode needs ${MIN_PLANNERS} to ${MAX_PLANNERS} planners`);
    }
    this.Planner = Planner;
    this.memory = memory;
    /** @type {{message?: (text: string, kind: string) => void, edited?: () => void, changed?: () => void, stepped?: () => void}} */
    this.hooks = hooks;
    this.readonly = readonly;
    this.editable = editable;
    this.navigation = navigation;
    // One session drives every column: one Run, Step and Reset, one speed (the slider's), one
    // brush; its lanes are the columns.
    this.session = new Session({
      Planner,
      state: { speedChosen: true },
      notices: {
        racing: 'Racing…',
        paused: `Paused. ${goOn()}`,
        reset: `Searches reset. Press ${withKey('Run', 'Space')} or ${withKey('Step', 'N')}.`,
      },
      say: (text, kind) => this.say(text, kind),
      timelineKeys: true,
    });
    this.columns = [];
    this.tableQueued = false;
    /** The race's sentence last derived (status.js `compareSentence`), and the last said. */
    /** @type {string | null} */
    this.summaryText = null;
    this.lastSaid = '';
    this.build(root, { controls, timeline });
    this.session.setTimeline(this.timeline);
    this.session.subscribe((state) => {
      showSpeed(this.speedInput, state.speed);
      if (this.brushSelect && this.brushSelect.value !== state.brush) this.brushSelect.value = state.brush;
      this.showButtons();
    });
    // Settings every column shares (movement, heuristic, budget): those of the loaded link.
    this.base = null;
    for (const spec of planners) this.addColumn(spec);
  }

  /** The first algorithm compare mode offers that no column shows yet (for + Planner). */
  nextAlgorithm() {
    const shown = new Set(this.columns.map((c) => c.spec.algorithm));
    const offered = algorithmTable().filter((a) => a.inCompare);
    return (offered.find((a) => !shown.has(a.id)) ?? offered[0]).id;
  }

  get views() {
    return this.columns.map((c) => c.view);
  }

  say(text, kind = 'info') {
    this.lastSaid = text;
    if (this.messageEl) {
      this.messageEl.textContent = text;
      this.messageEl.dataset.kind = kind;
    }
    this.hooks.message?.(text, kind);
  }

  build(root, { controls, timeline }) {
    this.root = el('div', { class: 'compare' });
    const shown = (name) => controls === true || (Array.isArray(controls) && controls.includes(name));
    if (['step', 'run', 'reset', 'speed', 'brush'].some(shown) || (controls === true && this.editable)) {
      const bar = el('div', { class: 'compare-bar', role: 'toolbar', 'aria-label': 'Compare controls' });
      const dispatch = (command) => this.session.dispatch(command);
      const control = (name) => bar.appendChild(controlButton(name, dispatch, { many: true, attr: 'data-compare' }));
      if (shown('step')) control('step');
      if (shown('run')) this.runButton = control('run');
      if (shown('reset')) control('reset');
      if (shown('speed')) {
        this.speedInput = speedSlider(dispatch, { 'data-compare': 'speed' });
        showSpeed(this.speedInput, this.session.state.speed);
        bar.append(el('label', {}, ['Speed', this.speedInput]));
      }
      if (!this.readonly && shown('brush')) {
        this.brushSelect = brushMenu(dispatch, { 'data-compare': 'brush' });
        bar.append(this.brushSelect);
        control('undo');
        control('redo');
      }
      if (this.editable) {
        this.addButton = el('button', { type: 'button', text: '+ Planner', title: 'Add a planner (up to 4)', class: '', 'data-compare': 'add' });
        this.addButton.addEventListener('click', () => this.guard(() => this.addColumn({ algorithm: this.nextAlgorithm(), weight: null }, true)));
        bar.append(this.addButton);
      }
      this.root.append(bar);
    }
    this.runPanel = runButton(this.runButton);
    this.timelineHost = el('div', { class: 'compare-timeline' });
    if (timeline) this.root.append(this.timelineHost);
    this.grid = el('div', { class: 'compare-grid' });
    this.table = el('table', { class: 'compare-table', 'aria-label': 'Summary' });
    this.root.append(this.grid, el('div', { class: 'compare-table-wrap' }, [this.table]));
    // A page with a message region of its own gets the messages through the hook instead.
    if (!this.hooks.message) {
      this.messageEl = el('p', { class: 'compare-message', role: 'status', 'aria-live': 'polite' });
      this.root.append(this.messageEl);
    }
    root.replaceChildren(this.root);
    this.timeline = timeline ? new Timeline(this.timelineHost, { views: () => this.views, label: 'Search step (all planners)', onSeek: () => this.queueTable() }) : null;
  }

  guard(fn) {
    try {
      return fn();
    } catch (e) {
      if (isTrap(e)) throw e;
      this.say(messageOf(e), 'error');
      return undefined;
    }
  }

  /** Adds a column for `spec` ({algorithm, weight}); `live` when the view is already running. */
  addColumn(spec, live = false) {
    if (this.columns.length >= MAX_PLANNERS) throw new Error(`compare mode shows at most ${MAX_PLANNERS} planners`);
    // The first column makes the planner; every other column is a lane of it.
    const raw = this.session.newPlanner();
    raw.setPalette(buildPalette());
    const column = { raw, spec: { algorithm: spec.algorithm, weight: spec.weight ?? null } };
    this.buildPanel(column);
    column.view = new PlannerView({
      planner: raw,
      memory: this.memory,
      canvas: column.canvas,
      keyScope: column.panel,
      readonly: this.readonly,
      navigation: this.navigation,
      session: this.session,
      hooks: {
        // A column's own status sentence shows in its line of the table; only its notices
        // (errors, refusals) reach the page's message line.
        message: (text, kind, at) => {
          if (kind !== 'info' && at?.notice) this.say(`${plannerLabel(column.spec)}: ${text}`, kind);
        },
        edited: () => {
          this.queueTable();
          this.hooks.edited?.();
        },
        crashed: (error) => this.say(`The planner crashed (${messageOf(error)}) Reload the page to start it again.`, 'error'),
        stepped: () => this.hooks.stepped?.(),
      },
    });
    // The column's line, the shared Run button and table, and the shared scrubber.
    showPanels(this.session, column.view, [
      summary(column.line, column.line),
      onChange(() => this.showButtons()),
      ...(this.timeline ? [this.timeline] : []),
    ]);
    this.columns.push(column);
    try {
      this.applySettings(column);
    } catch (e) {
      this.say(`${plannerLabel(column.spec)}: ${messageOf(e)}`, 'error');
    }
    if (live) {
      column.view.start();
      column.view.loaded();
      this.layout();
      this.hooks.changed?.();
    }
    this.queueTable();
    return column;
  }

  removeColumn(column) {
    if (this.columns.length <= MIN_PLANNERS) return;
    this.columns = this.columns.filter((c) => c !== column);
    column.view.destroy();
    column.panel.remove();
    this.layout();
    this.queueTable();
    this.hooks.changed?.();
  }

  buildPanel(column) {
    const panel = el('section', { class: 'compare-panel', 'aria-label': 'Planner' });
    const badge = el('span', { class: 'swatch-n', 'aria-hidden': 'true' });
    const header = el('header', {}, [badge]);
    const select = el('select', { 'aria-label': 'Algorithm', 'data-compare': 'algorithm' },
      algorithmTable().filter((a) => a.inCompare).map((a) => el('option', { value: a.id, text: a.label, title: a.summary })));
    select.value = column.spec.algorithm;
    const weight = el('input', {
      type: 'number', min: '0', step: '0.1', inputMode: 'decimal', 'aria-label': 'Heuristic weight', 'data-compare': 'weight',
    });
    const weightLabel = el('label', { class: 'weight-label' }, [el('span', { class: 'term-word', text: 'Weight' }), weight]);
    attachTerm(weightLabel, 'weight');
    header.append(select, weightLabel);
    if (this.editable) {
      const remove = el('button', { type: 'button', text: '×', title: 'Remove this planner', 'aria-label': 'Remove this planner', 'data-compare': 'remove' });
      remove.addEventListener('click', () => this.removeColumn(column));
      header.append(remove);
      column.remove = remove;
    } else {
      select.disabled = true;
      weight.disabled = true;
    }
    select.addEventListener('change', () => {
      column.spec.algorithm = select.value;
      this.changeSettings(column);
    });
    weight.addEventListener('change', () => {
      const text = weight.value.trim();
      const w = Number(text);
      if (text === '' || !Number.isFinite(w)) {
        this.say('The heuristic weight must be a number (1 = plain A*).', 'error');
        this.showSpec(column);
        return;
      }
      column.spec.weight = w;
      this.changeSettings(column);
    });
    column.canvas = el('canvas', {
      tabIndex: 0,
      'aria-label': this.readonly ? 'Map (read-only): drag to pan, wheel to zoom' : 'Map: drag to draw walls in every planner, drag the markers to move them',
    });
    column.line = el('div', { class: 'compare-line', 'data-compare': 'line' });
    panel.append(header, el('div', { class: 'compare-canvas' }, [column.canvas]), column.line);
    Object.assign(column, { panel, badge, select, weight, weightLabel });
    this.grid.append(panel);
    this.showSpec(column);
  }

  showSpec(column) {
    column.select.value = column.spec.algorithm;
    const w = column.spec.weight ?? this.base?.weight ?? 1;
    column.weight.value = String(w);
    column.weightLabel.classList.toggle('idle', !algorithmInfo(column.spec.algorithm)?.usesWeight);
    column.panel.setAttribute('aria-label', `Planner ${this.columns.indexOf(column) + 1}: ${plannerLabel(column.spec)}`);
  }

  /** The shared settings with a column's own algorithm and weight. */
  settingsOf(column) {
    const base = this.base ?? column.raw.settings();
    const settings = { ...base, algorithm: column.spec.algorithm };
    if (column.spec.weight !== null) settings.weight = column.spec.weight;
    return settings;
  }

  /** Gives a column's planner the shared settings with its own algorithm and weight. */
  applySettings(column) {
    column.raw.setSettings(this.settingsOf(column));
  }

  /**
   * A column's algorithm or weight changed. `replay` (a user's choice in the column): through
   * the session, so the column's run stops and a search that had finished plays again with
   * its new settings; otherwise (a host's `setPlanners`) the result shows at once.
   */
  changeSettings(column, { replay = true } = {}) {
    const ok = this.guard(() => {
      if (replay) column.view.session.dispatch({ cmd: 'settings', settings: this.settingsOf(column) }, column.view);
      else {
        this.applySettings(column);
        column.view.halt();
      }
      return true;
    });
    if (!ok) {
      const s = column.raw.settings();
      column.spec.algorithm = s.algorithm;
      column.spec.weight = s.weight;
    }
    this.showSpec(column);
    column.view.edited();
    this.hooks.changed?.();
  }

  /** Lays the columns out and numbers them (called after the set of columns changed). */
  layout() {
    this.grid.style.setProperty('--n', String(this.columns.length));
    this.grid.dataset.n = String(this.columns.length);
    this.columns.forEach((c, i) => {
      c.badge.textContent = String(i + 1);
      if (c.remove) c.remove.disabled = this.columns.length <= MIN_PLANNERS;
      this.showSpec(c);
    });
    if (this.addButton) this.addButton.disabled = this.columns.length >= MAX_PLANNERS;
    // Every panel changed size: fit each map into its panel again (reading the canvas size
    // forces the new layout, so this sees the final sizes).
    for (const c of this.columns) {
      if (!c.view.frameId) continue;
      c.view.renderer.resize();
      c.view.fit();
      c.view.renderer.invalidate();
    }
  }

  /**
   * The run, step, reset and timeline keys anywhere on the page. Inside a panel the view's
   * own keyboard handler (input.js) already routes them here, so those events are left alone.
   */
  attachKeys() {
    this.onKey = (e) => {
      if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey) return;
      const t = e.target;
      const takes = keyTaker(t);
      const key = keyName(e);
      // Text fields and selects keep every key; a focused button keeps Enter, a slider its
      // arrows; Space is run/pause everywhere else.
      if (takes === 'text' || (takes === 'button' && key === 'Enter') || (takes === 'range' && RANGE_KEYS.has(key))) return;
      if (this.columns.some((c) => c.panel.contains(t))) return;
      const shortcut = shortcutFor(e);
      if (!shortcut || (shortcut.group !== 'run' && shortcut.group !== 'timeline')) return;
      e.preventDefault();
      if (key === ' ') swallowSpaceUp(t);
      this.session.dispatch(shortcut.command);
    };
    document.addEventListener('keydown', this.onKey);
  }

  /** Starts every view's frame loop (after the first map is loaded). */
  start() {
    this.attachKeys();
    this.layout();
    for (const c of this.columns) c.view.start();
    this.session.dispatch({ cmd: 'setSpeed', speed: this.session.state.speed });
    this.queueTable();
  }

  // ---- loading ------------------------------------------------------------------------------

  /**
   * Loads a map for every column: `load(planner)` loads it through the first column's lane (a
   * shipped map, a link, a file…), which is a load of the one map every lane searches. The
   * first column's settings then become the shared settings; each column keeps its algorithm
   * and weight.
   */
  async loadWith(load) {
    const first = this.columns[0];
    await load(first.raw);
    this.base = first.raw.settings();
    for (const c of this.columns) {
      try {
        this.applySettings(c);
      } catch (e) {
        this.say(`${plannerLabel(c.spec)}: ${messageOf(e)}`, 'error');
      }
      c.view.loaded();
      this.showSpec(c);
    }
    this.queueTable();
  }

  /** Sets the columns' algorithms and weights (2–4 specs); adds or removes columns to match. */
  setPlanners(specs) {
    while (this.columns.length > specs.length) this.removeColumn(this.columns[this.columns.length - 1]);
    specs.forEach((spec, i) => {
      if (i >= this.columns.length) {
        this.addColumn(spec, true);
        return;
      }
      const c = this.columns[i];
      c.spec = { algorithm: spec.algorithm, weight: spec.weight ?? null };
      this.changeSettings(c, { replay: false });
    });
    this.layout();
  }

  /** The columns as [{algorithm, weight}] (weight null = the shared weight). */
  specs() {
    return this.columns.map((c) => ({ algorithm: c.spec.algorithm, weight: c.spec.weight }));
  }

  // ---- one Run / Step / Reset for all --------------------------------------------------------

  /** Seeks every planner to `step` (each clamps to its own length). */
  seek(step) {
    if (!this.timeline) {
      const t = new Timeline(document.createElement('div'), { views: () => this.views });
      t.seekAll(step);
      t.destroy();
      return;
    }
    this.timeline.seekAll(step);
  }

  /** The shared Run button (pressed while any planner runs) and the table. */
  showButtons() {
    this.runPanel.render({ running: this.session.anyRunning() });
    this.queueTable();
  }

  // ---- the summary table -----------------------------------------------------------------------

  queueTable() {
    if (this.tableQueued) return;
    this.tableQueued = true;
    requestAnimationFrame(() => {
      this.tableQueued = false;
      this.showTable();
    });
  }

  /** The summary rows: one per planner, from its statistics at the shown step. */
  rows() {
    return this.columns.filter((c) => !c.view.destroyed).map((c) => {
      const s = c.raw.stats();
      const found = s.status === 'found' || s.status === 'partial';
      return {
        label: plannerLabel(c.spec),
        expanded: s.expanded,
        cost: found ? s.pathCost : null,
        moves: found ? s.pathMoves : null,
        ms: s.elapsedMs,
        status: statusWord(s, c.view.running),
        done: s.status !== 'running',
        found: s.status === 'found',
        step: s.step,
        steps: s.steps,
      };
    });
  }

  showTable() {
    const rows = this.rows();
    const win = winners(rows);
    const head = el('tr', {}, ['#', 'Algorithm', 'Expanded', 'Path cost', 'Moves', 'Time (ms)', 'Status'].map((t) => el('th', { scope: 'col', text: t })));
    const body = rows.map((r, i) => {
      const td = (key, text) => {
        const cell = el('td', { text, 'data-col': key });
        if (win[key]?.has(i)) cell.className = 'winner';
        return cell;
      };
      return el('tr', { 'data-row': String(i) }, [
        el('td', { text: String(i + 1) }),
        el('td', { text: r.label, 'data-col': 'algorithm' }),
        td('expanded', String(r.expanded)),
        td('cost', r.cost === null || r.cost === undefined ? '—' : r.cost.toFixed(4)),
        td('moves', r.moves === null || r.moves === undefined ? '—' : String(r.moves)),
        td('ms', r.ms >= 100 ? r.ms.toFixed(0) : r.ms.toFixed(2)),
        el('td', { text: r.status, 'data-col': 'status' }),
      ]);
    });
    this.table.replaceChildren(el('thead', {}, [head]), el('tbody', {}, body));
    // The sentence about the race, from the rows at the shown step: said when it changes, and
    // it replaces a sentence of its own that no longer holds (never an error or a notice).
    const fewest = [...win.expanded].map((i) => rows[i].label);
    const said = compareSentence(rows, { running: this.session.anyRunning(), fewest });
    const text = said ? said[0] : null;
    if (text !== this.summaryText) {
      const stale = this.summaryText !== null && this.lastSaid === this.summaryText;
      this.summaryText = text;
      if (said) this.say(said[0], said[1]);
      else if (stale && !this.session.anyRunning()) this.say(`Ready: press ${withKey('Run', 'Space')} to race them, or ${withKey('Step', 'N')} for one expansion each.`, 'info');
    }
  }

  /** A plain snapshot for tests and the embed's getState. */
  state() {
    return {
      planners: this.specs(),
      rows: this.rows(),
      timeline: this.timeline ? this.timeline.figures() : null,
    };
  }

  destroy() {
    if (this.onKey) document.removeEventListener('keydown', this.onKey);
    this.timeline?.destroy();
    for (const v of this.views) v.destroy();
    this.root.remove();
  }
}
