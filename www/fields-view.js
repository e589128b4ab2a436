// A planner view's distance-field and movement-range side (issue 20): each frame it asks the
// planner which view it is in (`planner.view`: path, field or range) and, in the field and
// range views, hands the renderer a FieldScene (fields-paint.js) read from the planner's bytes
// in place. It animates the crowd of walkers (one `stepWalkers()` every STEP_MS, each walker
// drawn sliding from its last cell to its next) and writes the view's state into `data-*`
// attributes for readers and tests. Every decision (the field, its repairs, the flow, where
// walkers go, which cells are in range) is the planner's; this file reads and shows.

/** Milliseconds per walker step: about seven cells a second. */
const STEP_MS = 140;

/** A walker count the page offers before the user picks one. */
export const DEFAULT_WALKERS = 200;

/**
 * The field or range view's state as the status line and the page's controls read it.
 * @typedef {object} FieldsState
 * @property {'path' | 'field' | 'range'} view
 * @property {import('./pkg/pathlab.js').FieldInfo | undefined} field
 * @property {import('./pkg/pathlab.js').RangeInfo | undefined} range
 * @property {{count: number, arrived: number, moving: number} | null} walkers
 */

export class FieldLayer {
  /**
   * @param {import('./view.js').PlannerView} view
   * @param {HTMLElement} marks the element that gets the `data-*` attributes (the canvas)
   */
  constructor(view, marks) {
    this.view = view;
    this.marks = marks;
    /** Whether flow arrows are drawn (the page's toggle). */
    this.arrows = true;
    /** The crowd: positions before and after the last step, when it was taken. */
    this.crowd = null;
    /** @type {Float64Array | null} */
    this.vectors = null;
    this.vectorsShape = '';
    /** @type {FieldsState} */
    this.state = { view: 'path', field: undefined, range: undefined, walkers: null };
    /** The key of the state last read (view, versions, crowd). */
    this.key = '';
    /** The range's outline, read once per range version. */
    this.outline = null;
    this.outlineVersion = -1;
    /** Whether a press in the range view sets the range's origin (otherwise it draws). */
    this.pickMode = true;
    /** The budget a range gets when there is none yet (the page's budget field). */
    this.budget = 10;
    /** Called after the state shown changed (the page's controls). @type {Array<(state: FieldsState) => void>} */
    this.listeners = [];
    // The state as it is now, so that a notice said before the first frame is not taken for
    // one said in an older state (view.js `stateKey`).
    this.read();
  }

  /** Calls `fn(state)` whenever the view, the field, the range or the crowd changes. */
  onChange(fn) {
    this.listeners.push(fn);
  }

  /** Whether a press on the map sets the range's origin (input.js asks). */
  picking() {
    return this.state.view === 'range' && this.pickMode && !this.view.readonly;
  }

  /** Turns origin picking on or off (the page's button; choosing a brush turns it off). */
  setPickMode(on) {
    if (this.pickMode === on) return;
    this.pickMode = on;
    for (const fn of this.listeners) fn(this.state);
  }

  /**
   * Moves the range's origin to `cell` (and shows the range view), keeping its budget; a
   * refusal is said.
   */
  pick(cell) {
    const r = this.state.range;
    if (r && r.from.x === cell.x && r.from.y === cell.y) return;
    this.view.guard(() => this.planner.setRange(cell.x, cell.y, r ? r.budget : this.budget));
    this.read();
  }

  /** Sets the range's budget, keeping its origin; a refusal is said and the old one kept. */
  setBudget(budget) {
    const r = this.state.range;
    if (!r) return false;
    const ok = this.view.guard(() => (this.planner.setRange(r.from.x, r.from.y, budget), true)) ?? false;
    this.read();
    return ok;
  }

  get planner() {
    return this.view.planner;
  }

  /** Move d's screen vector at `2d`, `2d + 1` (read again when the map's shape changes). */
  moveVectors() {
    const p = this.planner;
    if (!this.vectors || this.vectorsShape !== p.shape) {
      this.vectors = p.moveVectors();
      this.vectorsShape = p.shape;
    }
    return this.vectors;
  }

  /**
   * Reads the planner's view once per frame; returns whether what the layer shows changed
   * (the view, the field, the range or the crowd), so the view repaints and re-says.
   */
  read() {
    const p = this.planner;
    const view = /** @type {'path' | 'field' | 'range'} */ (p.view);
    const field = view === 'field' ? p.fieldInfo() : undefined;
    const range = view === 'range' ? p.rangeInfo() : undefined;
    const count = view === 'field' ? p.walkerCount : 0;
    if (!count) this.crowd = null;
    const walkers = count ? { count, arrived: p.walkersArrived, moving: this.crowd?.moving ?? 0 } : null;
    const key = [view, field?.version, range?.version, walkers?.count, walkers?.arrived, walkers?.moving].join('|');
    this.state = { view, field, range, walkers };
    if (key === this.key) return false;
    this.key = key;
    this.mark();
    for (const fn of this.listeners) fn(this.state);
    return true;
  }

  /** Writes the state into `data-*` on the marks element (docs/testing.md). */
  mark() {
    const { view, field, range, walkers } = this.state;
    const d = this.marks.dataset;
    d.view = view;
    const set = (name, value) => {
      if (value === undefined || value === null) delete d[name];
      else d[name] = String(value);
    };
    set('fieldVersion', field?.version);
    set('fieldUpdate', field?.update);
    set('fieldMax', field?.maxCost);
    set('walkersArrived', walkers ? walkers.arrived : (view === 'field' ? 0 : undefined));
    set('walkersMoving', walkers ? walkers.moving : (view === 'field' ? 0 : undefined));
    set('walkersCount', walkers ? walkers.count : (view === 'field' ? 0 : undefined));
    // The last release: asked for, placed, and why fewer (the planner's rule and words).
    set('walkersRequested', field?.release?.requested);
    set('walkersPlaced', field?.release?.placed);
    set('walkersReason', field?.release?.reason);
    set('rangeCells', range?.cells);
    set('rangeVersion', range?.version);
  }

  /** The crowd's positions now, copied out of wasm memory (x, y pairs). */
  positions() {
    const p = this.planner;
    const n = p.walkerCount;
    return new Uint32Array(new Uint32Array(this.view.memory().buffer, p.walkersPtr(), n * 2));
  }

  /**
   * Releases `count` walkers on random cells other than the goal that reach it (`seed` places
   * them); returns how many were placed: all (at most 10,000), or none when no cell but the
   * goal reaches it (the field's `release` says why). Throws the planner's message for a bad
   * count.
   */
  release(count, seed = Math.floor(Math.random() * 2 ** 31)) {
    const n = this.planner.releaseWalkers(count, seed);
    const at = this.positions();
    this.crowd = { prev: at, cur: at, t0: performance.now(), moving: n, fieldVersion: this.state.field?.version };
    this.read();
    return n;
  }

  /** Takes the crowd off the map. */
  clearWalkers() {
    this.planner.clearWalkers();
    this.crowd = null;
    this.read();
  }

  /** Steps the crowd when its time has come; whether it is still animating. */
  animate(now) {
    const c = this.crowd;
    if (!c) {
      // Walkers released through the JS API or a link: start animating them.
      if (this.state.view !== 'field' || !this.planner.walkerCount) return false;
      const at = this.positions();
      this.crowd = { prev: at, cur: at, t0: now, moving: this.planner.walkerCount, fieldVersion: this.state.field?.version };
      return true;
    }
    // Walkers taken off a new wall, or a field rebuilt for a new goal: start from where they stand.
    if (c.cur.length !== this.planner.walkerCount * 2 || c.fieldVersion !== this.state.field?.version) {
      c.cur = this.positions();
      c.prev = c.cur;
      c.fieldVersion = this.state.field?.version;
      c.moving = Math.max(c.moving, 1);
    }
    if (c.moving > 0 && now - c.t0 >= STEP_MS) {
      c.prev = c.cur;
      c.moving = this.planner.stepWalkers();
      c.cur = this.positions();
      c.t0 = now;
    }
    // The last step's slide ends STEP_MS after it began.
    return c.moving > 0 || now - c.t0 < STEP_MS;
  }

  /**
   * One frame: reads the planner's view, steps the crowd, and returns the FieldScene to paint
   * (null in the path view) and whether the canvas must be painted again.
   * `read` says whether the state shown changed (not just the crowd sliding on).
   * @returns {{scene: import('./fields-paint.js').FieldScene | null, changed: boolean, read: boolean}}
   */
  frame(now) {
    const read = this.read();
    let changed = read;
    const { view, field, range } = this.state;
    if (view === 'path') return { scene: null, changed, read };
    const p = this.planner;
    const size = p.width * p.height;
    const bytes = new Uint8Array(this.view.memory().buffer, view === 'field' ? p.fieldHeatPtr() : p.rangeMaskPtr(), size);
    if (view === 'range') {
      if (range && range.version !== this.outlineVersion) {
        this.outline = p.rangeOutline();
        this.outlineVersion = range.version;
      }
      return {
        scene: {
          kind: 'range', key: `range|${range?.version}`, bytes, flow: null,
          vectors: this.moveVectors(), walkers: null, outline: this.outline, unit: range?.from ?? null,
        },
        changed,
        read,
      };
    }
    this.outlineVersion = -1;
    const moving = this.animate(now);
    changed ||= moving;
    const c = this.crowd;
    const walkers = c ? { prev: c.prev, cur: c.cur, f: Math.min(1, (now - c.t0) / STEP_MS) } : null;
    return {
      scene: {
        kind: 'field',
        key: `field|${field?.version}`,
        bytes,
        flow: this.arrows ? () => new Uint8Array(this.view.memory().buffer, p.fieldFlowPtr(), size) : null,
        vectors: this.moveVectors(),
        walkers,
        outline: null,
        unit: null,
      },
      changed,
      read,
    };
  }
}
