// The Agents view (multi-agent path finding, issue 28), the page side of a planner view: it
// holds the wasm `Agents` (the agents placed on the planner's map and their last plan),
// carries out the session's `agents` commands (session.js hands them to `apply`), turns
// presses on the canvas into those commands while the view is on (a free cell: a start, then
// its goal; drag a start or goal to move it; a press on an agent picks it), plays the plan in
// lock step (its own requestAnimationFrame: every agent slides from one time step to the next)
// and gives the display list its scene (agents-paint.js). Step and Run (the session's own
// commands, routed here while the view is shown) step the chosen solver live through the
// glue, at the session's speed: each step's frame (what it did in Rust's words, the line of
// pseudocode, the paths it worked on, its conflict and arrows) is drawn until the solver
// finishes, and then its plan plays. Its state goes into `data-agents-*`
// attributes on the canvas. Every rule (where an agent may go, the solvers, the validator,
// the formats) is Rust's (src/mapf); this file forwards and shows.

import { Agents } from './pkg/pathlab.js';
import { SPEEDS } from './controls.js';
import { pinchStart, pinchMove } from './input.js';

/** Time steps a second while the plan plays: at least 4, and a long plan in about 8 s. */
export const stepsPerSecond = (horizon) => Math.max(4, horizon / 8);

/** A goal not given yet, in `Agents.ends()`. */
const NO_GOAL = 4294967295;

/**
 * @typedef {object} AgentsState
 * @property {boolean} active whether the Agents view is shown
 * @property {number} count agents placed (one without a goal included)
 * @property {boolean} pending whether the last agent still waits for its goal
 * @property {import('./pkg/pathlab.js').AgentsOutcome | null} outcome the last solve or import
 * @property {number} t the time shown (fractional while playing)
 * @property {boolean} playing
 * @property {number} selected the agent picked, or -1
 * @property {string | null} unavailable why the view is not offered on this map, or null
 * @property {number} node the constraint-tree node shown instead of the plan, or -1
 * @property {string} solver the solver chosen (an id of `Agents.solvers()`)
 * @property {boolean} running whether the solver is being stepped live, frame by frame
 * @property {import('./pkg/pathlab.js').AgentsFrame | null} frame the live solve's last step
 */

export class AgentsLayer {
  /**
   * @param {import('./view.js').PlannerView} view
   * @param {HTMLCanvasElement} canvas
   */
  constructor(view, canvas) {
    this.view = view;
    this.canvas = canvas;
    this.agents = new Agents();
    this.active = false;
    /** @type {import('./pkg/pathlab.js').AgentsOutcome | null} */
    this.outcome = null;
    /** @type {Uint32Array<ArrayBufferLike> | null} */
    this.paths = null;
    /** @type {Uint32Array<ArrayBufferLike>} */
    this.ends = new Uint32Array(0);
    this.t = 0;
    this.playing = false;
    this.lastNow = 0;
    this.selected = -1;
    /**
     * The constraint-tree node shown instead of the plan (its id, horizon and chosen
     * conflict), or null. @type {{id: number, horizon: number, conflict: {cells: [number, number][], time: number} | null} | null}
     */
    this.node = null;
    /** @type {string | null} */
    this.unavailable = null;
    /** The map's size and shape the agents were placed on: a new map clears them. */
    this.mapKey = '';
    /** @type {Array<(state: AgentsState) => void>} */
    this.listeners = [];
    /** The solvers' race on these agents (agents-race.js, made at its first use), or null. @type {import('./agents-race.js').Race | null} */
    this.race = null;
    /** A press being dragged: the agent and which end, and the cell it is on. */
    this.drag = null;
    this.frameId = 0;
    /** The solver Step, Run and Solve use (the algorithm menu picks it in this view). */
    this.solver = 'lacam';
    /** Whether Run is stepping the solver live, each animation frame. */
    this.running = false;
    /** The live solve's last step (`Agents.frame()`), or null. @type {import('./pkg/pathlab.js').AgentsFrame | null} */
    this.frame = null;
    /** The budget of an instant run (the bar's Budget ms). */
    this.budgetMs = 1000;
    this.checkMap();
    this.attachInput();
    this.publish();
    this.loop();
  }

  get planner() {
    return this.view.planner;
  }

  /** Calls `fn(state)` after every change. */
  onChange(fn) {
    this.listeners.push(fn);
  }

  /** @returns {AgentsState} */
  get state() {
    const n = this.ends.length / 4;
    return {
      active: this.active,
      count: n,
      pending: n > 0 && this.ends[n * 4 - 2] === NO_GOAL,
      outcome: this.outcome,
      t: this.t,
      playing: this.playing,
      selected: this.selected,
      unavailable: this.unavailable,
      node: this.node ? this.node.id : -1,
      solver: this.solver,
      running: this.running,
      frame: this.frame,
    };
  }

  /**
   * The map changed shape or size: the agents go (they were placed on another map); asks
   * Rust whether this map takes agents at all. Returns whether the map is new.
   */
  checkMap() {
    const p = this.planner;
    const key = `${p.width}x${p.height}/${p.shape}`;
    if (key === this.mapKey) return false;
    const first = this.mapKey === '';
    this.mapKey = key;
    this.unavailable = Agents.unavailable(p) ?? null;
    if (!first) {
      this.agents.clear();
      this.read();
    }
    if (this.unavailable && this.active) this.setActive(false);
    return true;
  }

  /** Shows or hides the view (the View menu); refused, with Rust's reason, on hexagons. */
  setActive(on) {
    if (on && this.unavailable) throw new Error(this.unavailable);
    if (this.active === on) return;
    this.active = on;
    this.playing = false;
    this.running = false;
    this.drag = null;
    this.canvas.classList.toggle('agents-placing', on);
    this.changed();
  }

  /** Reads the agents and the plan back from wasm after a change. */
  read() {
    this.ends = this.agents.ends();
    this.outcome = this.agents.outcome() ?? null;
    const paths = this.agents.paths();
    this.paths = paths.length ? paths : null;
    this.node = null;
    this.frame = this.agents.frame() ?? null;
    // A change to the agents drops the live solve: Run stops with it.
    if (!this.frame) this.running = false;
    if (this.selected >= this.ends.length / 4) this.selected = -1;
    if (!this.paths) {
      this.t = 0;
      this.playing = false;
    }
  }

  changed() {
    this.publish();
    this.view.renderer.invalidate();
    const state = this.state;
    for (const fn of this.listeners) fn(state);
  }

  /**
   * Carries out one `agents` command of the session (`{cmd: 'agents', op, …}`): `show`
   * (`on`), `place` (`at`), `move` (`agent`, `goal`, `to`), `select` (`agent`), `remove` (`agent`, default
   * the one picked), `clear`, `scen` (`text`, `count`), `set` (`ends`: a link's
   * `[sx, sy, gx, gy, …]`), `solve` (`solver`, `budgetMs`),
   * `import` (`text`), `node` (`id`, `conflict`: a constraint-tree node's
   * paths), `plan` (the plan again), `seek` (`step`), `stepBy` (`delta`), `play`, `pause`,
   * `race` (the solvers' race: `act` and its arguments, agents-race.js); the live solve:
   * `solver` (`id`), `budget` (`ms`), `step` (`n`), `run`, `toggleRun`, `reset` (the
   * session's Step, Run and Reset while the view is shown). Throws Rust's
   * refusal, changing nothing. Returns what the call answered (an agent's index, an outcome).
   * @param {{op: string, [key: string]: any}} c
   */
  apply(c) {
    const p = this.planner;
    let answer;
    switch (c.op) {
      case 'show':
        this.setActive(Boolean(c.on));
        return true;
      case 'place':
        answer = this.agents.place(p, c.at.x, c.at.y);
        this.selected = answer;
        break;
      case 'move':
        this.agents.moveEnd(p, c.agent, Boolean(c.goal), c.to.x, c.to.y);
        break;
      case 'select':
        this.selected = c.agent;
        break;
      case 'remove': {
        const i = c.agent ?? this.selected;
        answer = i >= 0 && this.agents.remove(i);
        if (answer) this.selected = -1;
        break;
      }
      case 'clear':
        this.agents.clear();
        this.selected = -1;
        break;
      case 'scen':
        answer = this.agents.loadScen(p, c.text, c.count);
        this.selected = -1;
        break;
      case 'set':
        answer = this.agents.setAgents(p, Uint32Array.from(c.ends));
        this.selected = -1;
        break;
      case 'solve':
        answer = this.agents.solve(p, c.solver, c.budgetMs);
        this.running = false;
        this.read();
        this.t = 0;
        this.playing = Boolean(this.paths) && this.active;
        this.lastNow = performance.now();
        this.changed();
        return answer;
      case 'import':
        answer = this.agents.importSolution(p, c.text);
        this.read();
        this.playing = false;
        // A bad plan opens at its first conflict.
        this.t = answer.violation ? Math.min(answer.violation.time, answer.horizon) : 0;
        this.changed();
        return answer;
      case 'node': {
        // One node of CBS's constraint tree: its own paths, conflicts and all.
        const np = this.agents.cbsNodePaths(c.id);
        if (!np) throw new Error(`There is no constraint-tree node ${c.id}: solve with CBS first.`);
        this.node = { id: c.id, horizon: np.horizon, conflict: c.conflict ?? null };
        this.paths = Uint32Array.from(np.cells);
        this.playing = false;
        this.t = c.conflict ? Math.min(c.conflict.time, np.horizon) : 0;
        this.changed();
        return np;
      }
      case 'plan':
        this.read();
        this.t = 0;
        this.playing = false;
        this.changed();
        return undefined;
      case 'seek':
        this.playing = false;
        this.t = Math.max(0, Math.min(this.horizon, Math.round(c.step)));
        this.changed();
        return undefined;
      case 'stepBy':
        return this.apply({ op: 'seek', step: Math.round(this.t) + c.delta });
      case 'play':
        if (!this.paths) return undefined;
        if (this.t >= this.horizon) this.t = 0;
        this.playing = true;
        this.lastNow = performance.now();
        this.changed();
        return undefined;
      case 'pause':
        this.playing = false;
        this.running = false;
        this.t = Math.round(this.t);
        this.changed();
        return undefined;
      case 'race':
        // Compare lanes: the race's own commands (`act`, agents-race.js).
        return this.race?.apply(c);
      case 'solver':
        if (this.solver === c.id) return undefined;
        this.solver = c.id;
        // The live solve and its plan were the other solver's.
        if (this.frame) this.agents.resetSolve();
        this.running = false;
        break;
      case 'budget':
        this.budgetMs = c.ms;
        return undefined;
      case 'step':
        this.running = false;
        this.stepLive(() => this.agents.stepLive(c.n ?? 1, Infinity));
        return this.frame;
      case 'run':
        if (this.frame?.status === 'running') this.running = true;
        else if (this.paths && !this.node) return this.apply({ op: 'play' });
        else {
          this.agents.startLive(p, this.solver);
          this.running = true;
          this.read();
        }
        this.lastNow = performance.now();
        this.changed();
        return undefined;
      case 'toggleRun':
        return this.apply({ op: this.running || this.playing ? 'pause' : 'run' });
      case 'reset':
        this.agents.resetSolve();
        this.running = false;
        break;
      default:
        return undefined;
    }
    this.read();
    this.changed();
    return answer;
  }

  /** The agents a link carries (`[sx, sy, gx, gy, …]`), or null when the view is off or empty. */
  linkAgents() {
    if (!this.active) return null;
    const ends = Array.from(this.agents.linkAgents());
    return ends.length ? ends : null;
  }

  /** The live solve's frame while it is shown instead of a plan (no plan yet), or null. */
  get liveFrame() {
    return this.frame && !this.outcome && !this.node ? this.frame : null;
  }

  /**
   * Steps the live solve by `step` (a glue call), starting it first when there is none
   * running (a finished one starts over); then reads its frame, and once the solver has
   * finished, plays its plan.
   * @param {() => unknown} step
   */
  stepLive(step) {
    if (this.frame?.status !== 'running') this.agents.startLive(this.planner, this.solver);
    step();
    this.read();
    this.playing = false;
    if (this.outcome) {
      this.running = false;
      this.t = 0;
      this.playing = Boolean(this.paths) && this.active;
      this.lastNow = performance.now();
    } else {
      this.t = this.frame?.t ?? 0;
    }
    this.changed();
  }

  /** One frame of Run: as many steps as the session's speed gives a frame. */
  runFrame() {
    const speed = SPEEDS[this.view.session.state.speed] ?? SPEEDS[0];
    this.view.guard(() => this.stepLive(() => {
      if (speed.kind === 'instant') this.agents.finishLive(this.budgetMs);
      else if (speed.kind === 'millis') this.agents.stepLive(0xffffffff, speed.amount);
      else this.agents.stepLive(speed.amount, 8);
    }));
    if (this.frame?.status !== 'running') this.running = false;
  }

  /** The plan's last time step (0 without a plan). */
  get horizon() {
    if (this.node) return this.node.horizon;
    if (this.liveFrame) return this.liveFrame.horizon;
    return this.paths ? this.outcome?.horizon ?? 0 : 0;
  }

  /**
   * The agents' own frame loop: the plan plays in lock step while the view is shown; a new
   * map clears the agents (and a map of hexagons greys the view out).
   */
  loop() {
    const frame = (now) => {
      if (this.view.destroyed) return;
      this.frameId = requestAnimationFrame(frame);
      if (this.checkMap()) this.changed();
      if (this.running && this.active) this.runFrame();
      if (!this.playing || !this.active) return;
      this.t = Math.min(this.horizon, this.t + ((now - this.lastNow) / 1000) * stepsPerSecond(this.horizon));
      this.lastNow = now;
      if (this.t >= this.horizon) this.playing = false;
      this.changed();
    };
    this.frameId = requestAnimationFrame(frame);
  }

  /**
   * What the display list draws (agents-paint.js), or null when the view is off.
   * @returns {import('./agents-paint.js').AgentsScene | null}
   */
  scene() {
    if (!this.active) return null;
    const live = this.liveFrame;
    const cells = this.conflictCells();
    return {
      ends: this.ends,
      width: this.planner.width,
      paths: live ? live.cells : this.paths,
      horizon: this.horizon,
      t: this.t,
      conflict: cells && cells.length ? { cells } : null,
      selected: live?.agent ?? this.selected,
      arrows: live ? live.arrows : [],
    };
  }

  /** The cells ringed: the live step's conflict, the tree node's, or a bad plan's first. */
  conflictCells() {
    if (this.liveFrame) return this.liveFrame.conflict;
    const v = this.node ? this.node.conflict : this.outcome?.violation;
    return v ? v.cells : [];
  }

  /** The agent whose start (or goal) is on `cell`: `{agent, goal}`, or null. */
  endAt(cell) {
    const e = this.ends;
    for (let i = 0; i < e.length / 4; i++) {
      if (e[i * 4] === cell.x && e[i * 4 + 1] === cell.y) return { agent: i, goal: false };
      if (e[i * 4 + 2] === cell.x && e[i * 4 + 3] === cell.y) return { agent: i, goal: true };
    }
    return null;
  }

  /**
   * Presses on the canvas while the view is on: capture-phase listeners run before the
   * drawing tools' (input.js) and swallow the event, as Mesh mode does (mesh.js). Shift-drag
   * and the middle button still pan. Mouse, pen and touch alike: a tap is a click — but a
   * finger on a free cell places on lifting, so that a second finger makes a pinch (zoom and
   * pan, input.js's rule) instead of an agent.
   */
  attachInput() {
    const canvas = this.canvas;
    const send = (command) => this.view.session.dispatch({ cmd: 'agents', ...command }, this.view);
    const local = (e) => {
      const rect = canvas.getBoundingClientRect();
      return { x: e.clientX - rect.left, y: e.clientY - rect.top };
    };
    const cellOf = (e) => {
      const p = local(e);
      return this.view.renderer.cellAt(p.x, p.y);
    };
    const swallow = (e) => {
      e.stopImmediatePropagation();
      e.preventDefault();
    };
    /** The fingers down, by pointer id (canvas px). */
    const touches = new Map();
    /** A finger's tap on a free cell, placed when it lifts: `{cell, pointer}`. */
    let tap = null;
    /** A two-finger pinch: `{dist, mid}`. */
    let pinch = null;
    canvas.addEventListener('pointerdown', (e) => {
      if (!this.active || e.shiftKey || e.button === 1 || this.view.readonly) return;
      swallow(e);
      if (e.button !== 0) return;
      try {
        canvas.setPointerCapture(e.pointerId);
      } catch {
        // Synthetic pointers cannot be captured; the drag still works.
      }
      if (e.pointerType === 'touch') {
        touches.set(e.pointerId, local(e));
        if (touches.size >= 2) {
          // A second finger: a pinch, never a placement or a drag.
          tap = null;
          this.drag = null;
          const [a, b] = [...touches.values()];
          pinch = touches.size === 2 ? pinchStart(a, b) : pinch;
          return;
        }
      }
      const cell = cellOf(e);
      if (!cell) return;
      const end = this.endAt(cell);
      if (end) {
        this.drag = { ...end, last: cell, pointer: e.pointerId };
        this.view.guard(() => send({ op: 'select', agent: end.agent }));
        return;
      }
      if (e.pointerType === 'touch') tap = { cell, pointer: e.pointerId };
      else this.view.guard(() => send({ op: 'place', at: cell }));
    }, { capture: true });
    canvas.addEventListener('pointermove', (e) => {
      if (!this.active) return;
      if (touches.has(e.pointerId)) {
        swallow(e);
        touches.set(e.pointerId, local(e));
        if (pinch && touches.size === 2) {
          const [a, b] = [...touches.values()];
          pinchMove(this.view.renderer, pinch, a, b, true);
          this.view.renderer.invalidate();
          return;
        }
      }
      if (!this.drag || e.pointerId !== this.drag.pointer) return;
      swallow(e);
      const cell = cellOf(e);
      if (!cell || (cell.x === this.drag.last.x && cell.y === this.drag.last.y)) return;
      try {
        send({ op: 'move', agent: this.drag.agent, goal: this.drag.goal, to: cell });
        this.drag.last = cell;
      } catch {
        // A wall or another agent's end: the end waits where it is.
      }
    }, { capture: true });
    const release = (e) => {
      if (!this.active) return;
      const finger = touches.delete(e.pointerId);
      if (finger) {
        swallow(e);
        if (touches.size < 2) pinch = null;
        if (tap && tap.pointer === e.pointerId && e.type === 'pointerup') {
          const cell = tap.cell;
          this.view.guard(() => send({ op: 'place', at: cell }));
        }
        if (tap?.pointer === e.pointerId) tap = null;
      }
      if (!this.drag || e.pointerId !== this.drag.pointer) return;
      swallow(e);
      this.drag = null;
    };
    canvas.addEventListener('pointerup', release, { capture: true });
    canvas.addEventListener('pointercancel', release, { capture: true });
    canvas.addEventListener('contextmenu', (e) => {
      if (!this.active) return;
      swallow(e);
      const end = cellOf(e) && this.endAt(cellOf(e));
      if (end) this.view.guard(() => send({ op: 'remove', agent: end.agent }));
    }, { capture: true });
  }

  /** The state as `data-agents-*` attributes on the canvas, for readers and tests. */
  publish() {
    const d = this.canvas.dataset;
    const o = this.outcome;
    d.agents = this.active ? 'on' : 'off';
    d.agentsCount = String(this.ends.length / 4);
    d.agentsStatus = o ? o.status : this.ends.length ? 'placed' : 'empty';
    d.agentsSoc = o?.soc === null || o?.soc === undefined ? '' : String(o.soc);
    d.agentsMakespan = o?.makespan === null || o?.makespan === undefined ? '' : String(o.makespan);
    d.agentsT = String(Math.floor(this.t));
    d.agentsHorizon = String(this.horizon);
    d.agentsPlaying = String(this.playing);
    d.agentsConflict = this.conflictCells().map(([x, y]) => `${x},${y}`).join(';');
    d.agentsNode = this.node ? String(this.node.id) : '';
    const f = this.frame;
    d.agentsSolver = this.solver;
    d.agentsRunning = String(this.running);
    d.agentsLive = f ? f.status : '';
    d.agentsSteps = f ? String(f.steps) : '';
    d.agentsMade = f ? String(f.made) : '';
    d.agentsLine = f ? f.line : '';
  }
}
