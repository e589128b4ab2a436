// One Session in the page: what every page shares about driving its planners. It owns
// running and the walker (per lane), the speed, the brush and its size, draw-progress and the lanes (the
// planner views, each on a handle of one wasm Planner: the first made with `new Planner`, the
// others with `addLane()`). Every button, key and host command reaches the planners through
// `dispatch(command)`, a plain object (`{cmd: 'step', n: 5}`: docs/embedding.md's commands and
// the page's own); the decision is `reduce` — pure, state + command + what the lanes' searches
// are doing → the new state and the effects to carry out — and `apply` is the one place that
// maps an effect to planner and view calls. `subscribe(listener)` hears the state after each
// command. The main page, compare mode, the JS API and both embeds are shells over a Session.
// Every planner change the page makes goes through `dispatch`: runs and steps, strokes and
// markers, undo, the walker's moves and the node mesh's edits.

import { SPEEDS, DEFAULT_SPEED, speedFor, brushNamed, BRUSH_SIZES } from './controls.js';
import { liveStepDue, liveMoved, walkerGone } from './walker.js';
import { noSearchSentence } from './status.js';

/**
 * @typedef {object} SessionState
 * @property {boolean[]} running whether each lane's search is running (animated), by lane
 * @property {any[]} walkers each lane's walker (walker.js: along the path, or D* Lite's live
 *   walker, and where it is), or null, by lane
 * @property {number} speed the speed stop (index into SPEEDS)
 * @property {boolean} speedChosen whether the speed was picked; until then it fits the map
 * @property {string} brush the brush's id (controls.js BRUSHES)
 * @property {number} brushSize 1, 3 or 5
 * @property {boolean} drawProgress whether a run paints as it goes (off: once at the end)
 * @property {(import('./view.js').PlannerState | null)[]} lanes each lane's planner state
 *   (statistics, path, undo and redo, the walker's progress), read by its view once per
 *   change of the planner: what every panel shows (panels.js `showPanels`), by lane
 */

/**
 * What a lane's search is doing, as the reducer needs it: its status, and what the lane's
 * map shows (`view`: `path`, or `field` / `range`, where there is no search to run, or
 * `agents`, whose solver Step and Run drive).
 * @typedef {{status: string, view?: string}} LaneFacts
 */

/** Whether lane `l` shows a view with no search in it (the distance field, the movement range). */
const searchless = (l) => Boolean(l?.view) && l.view !== 'path';

/**
 * One thing to do: `{do, lane?, …}`. `lane` is a lane's index; without it, every lane.
 * @typedef {{do: string, lane?: number, n?: number, key?: string, command?: object, delta?: number, step?: number,
 *   from?: {x: number, y: number}, to?: {x: number, y: number}, size?: number, value?: number, which?: string,
 *   now?: number, at?: {x: number, y: number}, nodes?: number[], node?: number, settings?: object}} Effect
 */

/** The run commands the Agents view takes over while it is shown (its solver steps live). */
const AGENT_RUN = new Set(['step', 'run', 'toggleRun', 'pause', 'reset']);

/** Effects of a stroke in progress: the frame loop shows them, nothing is read back at once. */
const QUIET = new Set(['beginStroke', 'paint', 'moveMarker', 'takeBack']);

/**
 * The first state. `options` may set any field; the rest are the defaults.
 * @param {Partial<SessionState>} [options]
 * @returns {SessionState}
 */
export function initialState(options = {}) {
  return {
    running: [],
    walkers: [],
    lanes: [],
    speed: DEFAULT_SPEED,
    speedChosen: false,
    brush: 'wall',
    brushSize: 1,
    drawProgress: true,
    ...options,
  };
}

const every = (lanes, fn) => lanes.flatMap((_, lane) => fn(lane));

/** `walkers` with lane `lane`'s walker replaced by `walker`. */
function withWalker(walkers, lane, walker) {
  const next = walkers.slice();
  next[lane] = walker;
  return next;
}

/** `walkers` without the walkers of the lanes `gone(lane)` says. */
function withoutWalkers(walkers, gone) {
  return walkers.map((w, lane) => (gone(lane) ? null : w));
}

/** Whether every lane's search has finished (or never started: none is running). */
function allFinished(lanes) {
  return lanes.every((l) => l.status !== 'running');
}

/**
 * The session's rule book: `state` after `command`, given `lanes` (each lane's search), and
 * the effects that carry it out. Pure: no planner, no DOM. Commands it does not know change
 * nothing. A lone planner and a race follow the same rules: Run starts every search still
 * going (all over again once all have finished), Step steps every search still going, a
 * settings change (`halt`) stops the run.
 * @param {SessionState} state
 * @param {{cmd: string, [key: string]: any}} command
 * @param {LaneFacts[]} lanes
 * @returns {{state: SessionState, effects: Effect[]}}
 */
export function reduce(state, command, lanes) {
  // The same object when nothing changes: listeners hear only changes.
  const set = (patch, effects = []) => ({ state: Object.keys(patch).length ? { ...state, ...patch } : state, effects });
  const lone = lanes.length === 1;
  const stopped = lanes.map(() => false);
  // In the Agents view Step, Run and Reset drive its solver (agents.js); `search` means the
  // single search's own (the view resets it on entering).
  if (AGENT_RUN.has(command.cmd) && !command.search && lanes.some((l) => l.view === 'agents')) {
    return set({}, [{ do: 'agents', command: { cmd: 'agents', op: command.cmd, n: command.n } }]);
  }
  switch (command.cmd) {
    case 'toggleRun':
      return reduce(state, { cmd: state.running.some(Boolean) ? 'pause' : 'run' }, lanes);
    case 'run': {
      if (state.running.some(Boolean)) return set({});
      // The field and range views keep up with every edit by themselves: Run has no search
      // to run there, and says so.
      if (lanes.some(searchless)) return set({}, [{ do: 'noSearch', lane: lanes.findIndex(searchless) }]);
      // Once every search has finished, Run starts them all again.
      if (allFinished(lanes)) return set({}, [...every(lanes, (lane) => [{ do: 'reset', lane }]), { do: 'then', command: { cmd: 'start' } }]);
      return reduce(state, { cmd: 'start' }, lanes);
    }
    case 'start': {
      // A lone planner always starts (a refused search says why in its first frame); in a
      // race, a planner that has finished stays finished while the others run.
      const running = lanes.map((l) => lone || l.status === 'running');
      return set({ running, walkers: withoutWalkers(state.walkers, (lane) => running[lane]) }, [{ do: 'notice', key: 'racing' }]);
    }
    case 'pause':
      if (!state.running.some(Boolean)) return set({});
      return set({ running: stopped }, [{ do: 'notice', key: 'paused' }]);
    case 'stop': {
      // This lane's run stops where it is: its search finished in a frame, or a seek or an
      // export took the lane over.
      const running = state.running.slice();
      running[command.lane ?? 0] = false;
      return set({ running });
    }
    case 'step': {
      const n = command.n ?? 1;
      if (lanes.some(searchless)) return set({ running: stopped }, [{ do: 'noSearch', lane: lanes.findIndex(searchless) }]);
      // Once every search has finished, Step goes through their recordings from the start
      // (nothing is thrown away: End goes back to the result).
      if (allFinished(lanes)) return set({}, [...every(lanes, (lane) => [{ do: 'rewind', lane }]), { do: 'then', command: { cmd: 'stepLanes', n } }]);
      return reduce(state, { cmd: 'stepLanes', n }, lanes);
    }
    case 'stepLanes':
      // The timeline's step past the live end too: nothing to step in the field and range views.
      if (lanes.some(searchless)) return set({ running: stopped }, [{ do: 'noSearch', lane: lanes.findIndex(searchless) }]);
      // A step pauses the run; a planner that has finished stays finished.
      // `searching`: only the searches still going (the timeline's step past the live end).
      return set({ running: stopped }, every(lanes, (lane) => ((lone && !command.searching) || lanes[lane].status === 'running' ? [{ do: 'step', lane, n: command.n }] : [])));
    case 'reset':
      return set({ running: stopped, walkers: withoutWalkers(state.walkers, () => true) }, [...every(lanes, (lane) => [{ do: 'reset', lane }]), { do: 'notice', key: 'reset' }]);
    case 'halt': {
      // A settings change, a scenario, a seek or an export: the run stops and the walker
      // goes (its path is no longer the one shown).
      const which = command.lane === undefined ? lanes.map((_, i) => i) : [command.lane];
      const running = state.running.map((r, i) => (which.includes(i) ? false : r));
      return set({ running, walkers: withoutWalkers(state.walkers, (lane) => which.includes(lane)) });
    }
    case 'settings': {
      // New search settings for one lane: its run stops and its walker goes. A search that
      // had finished is planned again to its end by the planner, then played from its
      // recording's start at the session's speed (shown at once at the instant speed, or
      // with draw-progress off).
      const lane = command.lane ?? 0;
      const running = state.running.map((r, i) => (i === lane ? false : r));
      /** @type {Effect[]} */
      const effects = [{ do: 'settings', lane, settings: command.settings }];
      const finished = lanes[lane] && lanes[lane].status !== 'running';
      if (finished && state.drawProgress && SPEEDS[state.speed]?.kind !== 'instant') {
        effects.push({ do: 'rewind', lane }, { do: 'then', command: { cmd: 'play', lane } });
      }
      return set({ running, walkers: withoutWalkers(state.walkers, (i) => i === lane) }, effects);
    }
    case 'play': {
      // One lane runs (a replay after a settings change); the others stay as they are.
      const lane = command.lane ?? 0;
      if (lane >= lanes.length || state.running[lane]) return set({});
      const running = state.running.slice();
      running[lane] = true;
      return set({ running, walkers: withoutWalkers(state.walkers, (i) => i === lane) });
    }
    // The walker: Walk makes one (the effect reads the lane's path and start, then `walker`
    // keeps it); each frame (`walkerFrame`) a live walker whose step is due has the planner
    // move it (`walkerMoved`), and a walker that has arrived leaves after lingering.
    case 'walker':
      return set({ walkers: withWalker(state.walkers, command.lane ?? 0, command.walker ?? null) });
    case 'laneState': {
      // A lane's view read its planner's new state (view.js `syncStats`).
      const lanes = state.lanes.slice();
      lanes[command.lane ?? 0] = command.state;
      return set({ lanes });
    }
    case 'stopWalker': {
      const lane = command.lane ?? 0;
      if (!state.walkers[lane]) return set({});
      return set({ walkers: withWalker(state.walkers, lane, null) });
    }
    case 'walkerFrame': {
      const lane = command.lane ?? 0;
      const w = state.walkers[lane];
      if (!w) return set({});
      if (liveStepDue(w, command.now)) return set({}, [{ do: 'advanceWalker', lane, now: command.now }]);
      if (walkerGone(w, command.now)) return set({ walkers: withWalker(state.walkers, lane, null) });
      return set({});
    }
    case 'walkerMoved': {
      const lane = command.lane ?? 0;
      const w = state.walkers[lane];
      if (!w?.live) return set({});
      return set({ walkers: withWalker(state.walkers, lane, liveMoved(w, command.next, command.goal, command.now)) });
    }
    case 'edited': {
      // An edit: a walker along the old path goes; D* Lite's live walker keeps walking (it
      // replans from where it stands).
      const lane = command.lane ?? 0;
      const w = state.walkers[lane];
      if (!w || w.live) return set({});
      return set({ walkers: withWalker(state.walkers, lane, null) });
    }
    case 'pathChanged': {
      // A new path (`length`: its x, y count): a walker along another path goes.
      const lane = command.lane ?? 0;
      const w = state.walkers[lane];
      if (!w || w.live || w.pts.length === command.length) return set({});
      return set({ walkers: withWalker(state.walkers, lane, null) });
    }
    // The node mesh (A* on a node mesh): edits of the one map, through one lane.
    case 'addMeshNode':
    case 'connectMeshNodes':
    case 'removeMeshNode':
    case 'generateMesh':
    case 'clearMesh':
      return set({}, [{ do: command.cmd, lane: command.lane ?? 0, at: command.at, nodes: command.nodes, node: command.node }]);
    case 'setSpeed': {
      if (!Number.isInteger(command.speed) || command.speed < 0 || command.speed >= SPEEDS.length) return set({}, [{ do: 'speed' }]);
      return set({ speed: command.speed, speedChosen: state.speedChosen || command.chosen !== false }, [{ do: 'speed' }]);
    }
    case 'fitSpeed':
      if (state.speedChosen) return set({});
      return set({ speed: speedFor(command.cells) }, [{ do: 'speed' }]);
    case 'brush':
      if (!brushNamed(command.brush)) return set({});
      return set({ brush: brushNamed(command.brush).id }, [{ do: 'brush' }]);
    case 'brushSize':
      if (!BRUSH_SIZES.includes(command.size)) return set({});
      return set({ brushSize: command.size }, [{ do: 'invalidate' }]);
    case 'drawProgress':
      return set({ drawProgress: Boolean(command.on) });
    case 'prefs': {
      // The autosave's choices, restored without side effects but the speed.
      const patch = {};
      if (brushNamed(command.brush)) patch.brush = brushNamed(command.brush).id;
      if (BRUSH_SIZES.includes(command.brushSize)) patch.brushSize = command.brushSize;
      if (Number.isInteger(command.speed) && command.speed >= 0 && command.speed < SPEEDS.length) {
        patch.speed = command.speed;
        patch.speedChosen = true;
      }
      if (typeof command.drawProgress === 'boolean') patch.drawProgress = command.drawProgress;
      return set(patch, [{ do: 'speed' }]);
    }
    case 'timelineStep':
      return set({}, [{ do: 'timelineStep', delta: command.delta }]);
    case 'timelineSeek':
      return set({}, [{ do: 'timelineSeek', step: command.step }]);
    // A stroke: its cells painted between pointer positions (`size`: the brush's by
    // default), or a marker dragged, then ended as one edit; `takeBack` undoes the stroke a
    // double-click's first press painted.
    case 'beginStroke':
    case 'endStroke':
    case 'takeBack':
      return set({}, [{ do: command.cmd, lane: command.lane ?? 0 }]);
    case 'paint':
      return set({}, [{ do: 'paint', lane: command.lane ?? 0, from: command.from, to: command.to, size: command.size ?? state.brushSize, value: command.value }]);
    case 'moveMarker':
      return set({}, [{ do: 'moveMarker', lane: command.lane ?? 0, which: command.which, to: command.to }]);
    // Edits go through one lane: the map is one for every lane.
    case 'undo':
    case 'redo':
    case 'clear':
    case 'walk':
      return set({}, [{ do: command.cmd, lane: command.lane ?? 0 }]);
    // The Agents view's edits and runs (agents.js carries them out).
    case 'agents':
      return set({}, [{ do: 'agents', command }]);
    case 'placeMarker':
    case 'fit':
    case 'zoom':
      return set({}, [{ do: 'view', lane: command.lane ?? 0, command }]);
    default:
      return set({});
  }
}

/** Says nothing: a session without notices. */
const QUIETLY = (_text, _kind) => {};

/**
 * One session over one or more lanes. `options`:
 * - `Planner`: the wasm Planner class (for `newPlanner`);
 * - `state`: initial choices (speed, speedChosen, brush, brushSize, drawProgress);
 * - `notices`: texts said on `racing`, `paused` and `reset` (compare mode's; none by default);
 * - `say(text, kind)`: where those notices go;
 * - `timelineKeys`: the timeline keys step and seek even without a scrubber (compare mode).
 */
export class Session {
  constructor({ Planner = null, state = {}, notices = {}, say = QUIETLY, timelineKeys = false } = {}) {
    this.Planner = Planner;
    /** @type {SessionState} */
    this.state = initialState(state);
    this.notices = notices;
    this.say = say;
    /** @type {import('./view.js').PlannerView[]} The lanes' views, in lane order. */
    this.views = [];
    /** The scrubber driving every lane, when the page shows one (timeline.js). */
    this.timeline = null;
    /** Whether the timeline keys step and seek without a scrubber (compare mode's). */
    this.timelineKeys = timelineKeys;
    this.listeners = new Set();
    /** The state the listeners last heard. */
    this.heard = this.state;
    /** The Agents view's layer (agents.js), which carries out `agents` commands, or null. */
    this.agents = null;
  }

  /**
   * A planner handle for a new lane: a new planner for the first, a lane of the first's
   * planner (`addLane`) for the others, so every lane searches the one map.
   * @param {number} [width]
   * @param {number} [height]
   */
  newPlanner(width = 40, height = 25) {
    const first = this.views[0]?.planner;
    return first ? first.addLane() : new this.Planner(width, height);
  }

  /** Drives the timeline commands through `timeline` (timeline.js), the page's scrubber, or none. */
  setTimeline(timeline) {
    this.timeline = timeline;
  }

  /** Adds `view` as the last lane. */
  attach(view) {
    this.views.push(view);
    this.state = { ...this.state, running: [...this.state.running, false], walkers: [...this.state.walkers, null], lanes: [...this.state.lanes, null] };
  }

  /** Removes `view`'s lane. */
  detach(view) {
    const i = this.views.indexOf(view);
    if (i < 0) return;
    this.views.splice(i, 1);
    const keep = (_, j) => j !== i;
    this.state = { ...this.state, running: this.state.running.filter(keep), walkers: this.state.walkers.filter(keep), lanes: this.state.lanes.filter(keep) };
  }

  /** The lanes still on the page. */
  live() {
    return this.views.filter((v) => !v.destroyed);
  }

  /** Whether lane `view` is running its search. */
  isRunning(view) {
    return Boolean(this.state.running[this.views.indexOf(view)]);
  }

  /**
   * Lane `view` stopped running without a command (its search finished in a frame, or the
   * wasm instance trapped): the state follows, nothing is called.
   */
  stopped(view) {
    const lane = this.views.indexOf(view);
    if (lane < 0 || !this.state.running[lane]) return;
    this.state = reduce(this.state, { cmd: 'stop', lane }, []).state;
    this.tell();
  }

  /**
   * Lane `view` read its planner's state (`syncStats`): the session's state takes it, and
   * the listeners hear it (the panels render it). Nothing is called on the planner.
   * @param {import('./view.js').PlannerView} view
   * @param {import('./view.js').PlannerState} state
   */
  report(view, state) {
    const lane = this.views.indexOf(view);
    if (lane < 0) return;
    this.state = reduce(this.state, { cmd: 'laneState', lane, state }, []).state;
    this.tell();
  }

  /**
   * Lane `view`'s planner state as the session last heard it, or null.
   * @param {import('./view.js').PlannerView} view
   */
  laneState(view) {
    return this.state.lanes[this.views.indexOf(view)] ?? null;
  }

  /** Lane `view`'s walker (walker.js), or null. */
  walkerOf(view) {
    return this.state.walkers[this.views.indexOf(view)] ?? null;
  }

  /** Whether any lane is running. */
  anyRunning() {
    return this.state.running.some(Boolean);
  }

  /** Calls `listener(state)` after every command; returns a function that unsubscribes. */
  subscribe(listener) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Carries out `command` (a plain object). `from` is the view it came from (a key or a
   * press on that lane's canvas): its lane is the one `lane`-less view commands act on.
   * Returns what the last effect answered (the cells a `paint` changed), if anything.
   * @param {{cmd: string, [key: string]: any}} command
   * @param {import('./view.js').PlannerView} [from]
   */
  dispatch(command, from = undefined) {
    const lane = from ? this.views.indexOf(from) : -1;
    const cmd = lane >= 0 && command.lane === undefined ? { ...command, lane } : command;
    const before = this.state;
    const facts = this.views.map((v) => (v.destroyed ? { status: 'stopped' } : { status: v.planner.status, view: v.agents?.active ? 'agents' : v.planner.view }));
    const { state, effects } = reduce(this.state, cmd, facts);
    this.state = state;
    let answer;
    try {
      for (const effect of effects) answer = this.apply(effect) ?? answer;
    } finally {
      // Every lane's panels show the state now, not at the next frame (but a stroke's moves
      // wait for the frame: reading the state back on every pointer move would slow drawing).
      // An effect that throws (settings the map refuses) ends the command here.
      if (state !== before || effects.some((e) => !QUIET.has(e.do))) for (const v of this.live()) v.syncStats();
      this.tell();
    }
    return answer;
  }

  /** Tells the listeners the state, once per change (a command's follow-up tells them first). */
  tell() {
    if (this.state === this.heard) return;
    this.heard = this.state;
    for (const fn of this.listeners) fn(this.state);
  }

  /**
   * The one place an effect becomes planner and view calls; returns what the planner
   * answered, if anything.
   * @param {Effect} effect
   */
  apply(effect) {
    const views = effect.lane === undefined ? this.live() : [this.views[effect.lane]].filter((v) => v && !v.destroyed);
    const planner = views[0]?.planner;
    switch (effect.do) {
      case 'beginStroke':
        planner?.beginStroke();
        break;
      case 'paint': {
        const { from, to } = effect;
        return planner?.paintLine(from.x, from.y, to.x, to.y, effect.size, effect.value);
      }
      case 'moveMarker':
        if (effect.which === 'start') planner?.setStart(effect.to.x, effect.to.y);
        else planner?.setGoal(effect.to.x, effect.to.y);
        break;
      case 'takeBack':
        planner?.undo();
        break;
      case 'endStroke':
        planner?.endStroke();
        for (const v of views) v.edited();
        break;
      case 'then':
        this.dispatch(effect.command);
        break;
      case 'reset':
        for (const v of views) v.planner.resetSearch();
        break;
      case 'step':
        for (const v of views) v.stepLane(effect.n);
        break;
      case 'rewind':
        for (const v of views) v.rewind();
        break;
      case 'noSearch':
        for (const v of views) v.say(noSearchSentence(v.planner.view), 'info');
        break;
      case 'settings':
        // May throw (settings the map refuses): the effects after it are then not carried out.
        planner?.setSettings(effect.settings);
        break;
      case 'advanceWalker': {
        // The planner moves D* Lite's start one cell on and repairs the search from there.
        const next = planner?.advanceWalker();
        if (next) this.dispatch({ cmd: 'walkerMoved', lane: effect.lane, next: Array.from(next), goal: planner.goal(), now: effect.now });
        break;
      }
      case 'addMeshNode':
        planner?.addMeshNode(effect.at.x, effect.at.y);
        for (const v of views) v.edited();
        break;
      case 'connectMeshNodes':
        planner?.connectMeshNodes(effect.nodes[0], effect.nodes[1]);
        for (const v of views) v.edited();
        break;
      case 'removeMeshNode': {
        const removed = planner?.removeMeshNode(effect.node);
        if (removed) for (const v of views) v.edited();
        return removed;
      }
      case 'generateMesh': {
        const n = planner?.generateMesh();
        for (const v of views) v.edited();
        return n;
      }
      case 'clearMesh':
        planner?.clearMesh();
        for (const v of views) v.edited();
        break;
      case 'speed':
        for (const v of views) v.applySpeed();
        break;
      case 'brush':
        for (const v of views) v.brushChosen();
        break;
      case 'invalidate':
        for (const v of views) v.renderer.invalidate();
        break;
      case 'notice': {
        const text = this.notices[effect.key];
        if (text) this.say(text, 'info');
        break;
      }
      case 'undo':
      case 'redo':
      case 'clear':
        for (const v of views) v[effect.do === 'clear' ? 'clearWalls' : effect.do]();
        break;
      case 'walk':
        for (const v of views) {
          const walker = v.newWalker(performance.now());
          if (walker) this.dispatch({ cmd: 'walker', lane: this.views.indexOf(v), walker });
          else v.say('There is no path to walk yet: run the search first.', 'info');
        }
        break;
      case 'view':
        for (const v of views) v.command(effect.command);
        break;
      case 'timelineStep':
        if (this.timeline) this.timeline.stepBy(effect.delta);
        else if (this.timelineKeys && effect.delta > 0) this.dispatch({ cmd: 'step' });
        break;
      case 'timelineSeek':
        this.timeline?.seekTo(effect.step);
        break;
      case 'agents':
        return this.agents?.apply(effect.command);
      default:
    }
  }
}
