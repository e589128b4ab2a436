// The embed kit: what embed.html (in an <iframe>) and <pathlab-grid> (pathlab-embed.js, a web
// component) share. Their parameters (URL parameters of the one, attributes of the other),
// the planner they mount (one planner, or a comparison), the commands a host page sends and
// the events it gets back are all here, once; the two differ only in how these travel:
// postMessage for the frame, methods and DOM events for the element (docs/embedding.md).

import init, { Planner, splitLink, parseCompareList, parseAgents } from './pkg/pathlab.js';
import { Pathlab, mapIndex, checkMessage, parseSpeed, parseNavigation, parseControls } from './pathlab.js';
import { CompareView } from './compare.js';
import { openStep } from './timeline.js';
import { messageOf } from './view.js';
import * as links from './links.js';
import * as maps from './maps.js';
import { readLesson } from './learn.js';
import { mountLearn } from './learn-embed.js';
import { checkSolver } from './pathlab-agents.js';

/**
 * The link fields: a parameter (attribute) and its key in a short link (docs/formats.md).
 * Together with `map`, they make the link the planner opens.
 */
const LINK_FIELDS = [
  ['start', 'start'], ['goal', 'goal'], ['algorithm', 'algo'], ['heuristic', 'heuristic'], ['weight', 'weight'],
  ['conn', 'conn'], ['diagonal', 'diagonal'], ['dcost', 'dcost'], ['order', 'order'], ['budget', 'budget'],
];

/** Every parameter: a URL parameter of embed.html and an attribute of <pathlab-grid>. */
export const PARAMETERS = [
  'map', ...LINK_FIELDS.map(([name]) => name), 'view', 'walkers', 'range', 'step', 'compare',
  'controls', 'autoplay', 'speed', 'readonly', 'timeline', 'wheel', 'pan', 'fit', 'pseudocode',
  'lesson', 'exercise', 'agents', 'solver',
];

/** The shortest map area the preferred height asks for, and the tallest, per unit of width. */
const MIN_MAP_PX = 120;
const MAX_MAP_RATIO = 1.5;
/** The shortest box a pseudocode panel beside the map asks for: its lines, sentence and variables. */
const MIN_BESIDE_PX = 470;

/**
 * @typedef {object} EmbedOptions
 * @property {string} link the planner link: a full `v2…` link, a short `map=…` link, or ''
 * @property {Array<{algorithm: string, weight: number | null}> | null} compare
 * @property {number | null} step
 * @property {import('./pkg/pathlab.js').LinkViewFields | null} view the view the planner opens
 *   (the parameters', else the link's; null: the path)
 * @property {string[]} controls
 * @property {boolean} autoplay
 * @property {string | null} speed
 * @property {boolean} readonly
 * @property {boolean} timeline
 * @property {boolean} pseudocode
 * @property {{wheel: string, pan: boolean, fit: boolean}} navigation
 * @property {import('./pkg/pathlab.js').LearnLesson | null} lesson a lesson (or one exercise) to
 *   ask in Learn mode instead of a planner to drive (learn-embed.js)
 * @property {number[][] | null} agents the Agents view's agents, `[sx, sy, gx, gy]` each (the
 *   parameter's, else the link's)
 * @property {boolean} agentsView whether the planner opens in the Agents view (`view=agents`,
 *   or agents given)
 * @property {string | null} solver the MAPF solver `autoplay` solves with
 */

/**
 * Reads the parameters through `get(name)` (a string, or null when absent) and `fragment`
 * (an iframe's `#…`, or ''): the link the planner opens and the embed's options. Throws a
 * readable Error for a bad value.
 * @param {(name: string) => string | null} get
 * @param {string} [fragment]
 * @returns {Promise<EmbedOptions>}
 */
export async function readOptions(get, fragment = '') {
  await init();
  const flag = (name) => {
    const v = get(name);
    return v !== null && !['0', 'false', 'no', 'off'].includes(v.trim().toLowerCase());
  };
  const map = get('map')?.trim() || '';
  let base = fragment.replace(/^#/, '');
  const mapIsLink = /^(#|v\d+\.|map=)/i.test(map);
  if (!base && mapIsLink) base = map.replace(/^#/, '');
  if (!base && map && !mapIsLink && !maps.findEntry(await mapIndex(), map)) {
    throw new Error(`there is no shipped map called "${map}"`);
  }
  const split = splitLink(base);
  base = split.base;
  const fields = LINK_FIELDS.filter(([name]) => get(name) !== null).map(([name, key]) => `${key}=${get(name)?.trim()}`);
  if (fields.length) {
    if (/^v\d/i.test(base)) {
      throw new Error(`${fields[0].split('=')[0]}= needs a shipped map: a share link carries its own markers and settings`);
    }
    if (!base) base = `map=${map || (await mapIndex())[0]?.file || ''}`;
    base = [base, ...fields].join('&');
  } else if (!base && map) {
    base = `map=${map}`;
  }
  const stepParam = get('step');
  let step = split.step;
  if (stepParam !== null) {
    if (!/^\d{1,15}$/.test(stepParam.trim())) throw new Error(`step=${stepParam.slice(0, 40)}: the step must be a whole number of at least 0`);
    step = Number(stepParam.trim());
  }
  const compareParam = get('compare');
  const rawControls = get('controls');
  // view=agents is the Agents view (pathlab-agents.js), not a view of the planner's.
  const agentsParam = get('agents');
  const flat = agentsParam !== null ? Array.from(parseAgents(agentsParam.trim())) : split.agents ? Array.from(split.agents) : null;
  const agents = flat && Array.from({ length: flat.length / 4 }, (_, i) => flat.slice(i * 4, i * 4 + 4));
  const agentsView = get('view')?.trim() === 'agents' || Boolean(agents);
  const solver = get('solver') === null ? null : checkSolver(String(get('solver')).trim());
  const view = links.viewFields({ view: get('view')?.trim() === 'agents' ? null : get('view'), walkers: get('walkers'), range: get('range') })
    ?? (split.view ? { view: split.view, walkers: split.walkers, range: split.range } : null);
  if (agentsView && view) throw new Error(`view=${view.view} and agents: the Agents view shows the agents alone`);
  const compare = compareParam ? Array.from(parseCompareList(compareParam)) : split.compare;
  if (compare && view) throw new Error(`view=${view.view}: compare mode shows the paths only`);
  if (compare && agentsView) throw new Error('agents in compare mode: compare mode races single searches (the Agents view has its own race of solvers)');
  return {
    link: base,
    compare,
    step,
    view,
    controls: rawControls === null ? ['step', 'run', 'reset'] : ['', 'none'].includes(rawControls.trim()) ? [] : parseControls(rawControls),
    autoplay: flag('autoplay'),
    speed: get('speed'),
    readonly: flag('readonly'),
    timeline: flag('timeline'),
    pseudocode: flag('pseudocode'),
    navigation: parseNavigation({ wheel: get('wheel'), pan: get('pan') ?? undefined, fit: flag('fit') }),
    lesson: await readLesson({ lesson: get('lesson'), exercise: get('exercise') }),
    agents,
    agentsView,
    solver,
  };
}

/**
 * The height the embed would like at its current width: everything around the map plus the
 * map at its own aspect ratio (at least MIN_MAP_PX, at most MAX_MAP_RATIO × the width).
 * @param {HTMLElement} root the embed's outer element
 * @param {HTMLElement} wrap the box the map's canvas fills
 * @param {{width: number, height: number}} map
 */
function preferredHeight(root, wrap, map) {
  const width = wrap.clientWidth;
  if (!width || !map.width) return 0;
  const around = root.offsetHeight - wrap.offsetHeight;
  let mapPx = Math.min(Math.max((width * map.height) / map.width, MIN_MAP_PX), MAX_MAP_RATIO * width);
  const code = /** @type {HTMLElement | null} */ (root.querySelector('.pl-code'));
  if (code?.querySelector('[data-pseudocode]:not([hidden])') && code.offsetLeft > wrap.offsetLeft) {
    mapPx = Math.max(mapPx, MIN_BESIDE_PX);
  }
  return Math.ceil(around + mapPx);
}

/** One planner (a Pathlab.mount view) behind the commands. */
class SingleEmbed {
  constructor(view) {
    this.view = view;
  }

  get root() {
    return this.view.root;
  }

  /** The box the map's canvas fills. */
  get wrap() {
    return this.view.canvasWrap;
  }

  preferredHeight() {
    return preferredHeight(this.root, this.wrap, this.view.getState());
  }

  getState() {
    return this.view.getState();
  }

  /** The session driving the planner (session.js): run, pause, step, reset, speed. */
  get session() {
    return this.view.session;
  }

  seek(step) {
    return this.view.seek(step);
  }

  loadMap(map) {
    return this.view.loadMap(map);
  }

  setMarker(which, x, y) {
    if (which === 'start') this.view.setStart(x, y);
    else this.view.setGoal(x, y);
  }

  setSettings(settings) {
    this.view.setSettings(settings);
  }

  setView(view) {
    this.view.setView(view);
  }

  setRange(x, y, budget) {
    return this.view.setRange(x, y, budget);
  }

  releaseWalkers(count, seed) {
    return { released: this.view.releaseWalkers(count, seed), field: this.view.fieldInfo() };
  }

  setAgents(agents) {
    return this.view.setAgents(agents);
  }

  solveAgents(solver, budgetMs) {
    return this.view.solveAgents(solver, budgetMs);
  }

  getAgents() {
    return this.view.agentsInfo();
  }

  /**
   * A command's reply: what it returned (a seek, a load, a range, walkers), else the state
   * or the part of it the command is about.
   */
  answer(cmd, value) {
    if (value !== undefined) return value;
    const state = this.view.getState();
    const part = { step: 'stats', reset: 'stats', setSettings: 'settings' }[cmd];
    return part ? state[part] : state;
  }

  destroy() {
    this.view.destroy();
  }
}

/** A comparison (a CompareView) behind the same commands: they drive every planner at once. */
class CompareEmbed {
  constructor(compare) {
    this.compare = compare;
    this.mapFile = '';
  }

  get root() {
    return this.compare.root;
  }

  /** The box the first map's canvas fills (every column's is the same size). */
  get wrap() {
    return this.compare.columns[0].canvas.parentElement;
  }

  preferredHeight() {
    return preferredHeight(this.root, this.wrap, this.compare.columns[0].raw);
  }

  /** Loads a shipped map name or a share link (with an optional tail) into every planner. */
  async loadMap(map) {
    const list = await mapIndex();
    const fragment = map.replace(/^#/, '');
    if (/^(v\d|map=)/i.test(fragment)) {
      const split = splitLink(fragment);
      const scratch = new Planner(40, 25);
      try {
        const resolved = await links.resolve(scratch, split.base, list);
        if (split.compare) this.compare.setPlanners(split.compare);
        // The state checked in the scratch planner, its map's shape included.
        await this.compare.loadWith(async (p) => p.loadFrom(scratch));
        this.mapFile = resolved.mapFile;
      } finally {
        scratch.free();
      }
      if (split.step !== null) openStep(this.compare.views, split.step, this.compare.timeline);
    } else {
      const entry = maps.findEntry(list, fragment);
      if (!entry) throw new Error(`there is no shipped map called "${fragment}"`);
      await this.compare.loadWith(async (p) => maps.loadBundled(p, entry));
      this.mapFile = entry.file;
    }
  }

  getState() {
    const c = this.compare;
    const planners = c.columns.map((col) => {
      const p = col.raw;
      return { settings: p.settings(), stats: p.stats(), step: p.timelinePosition() };
    });
    const first = c.columns[0].raw;
    return {
      compare: true,
      width: first.width,
      height: first.height,
      start: first.start(),
      goal: first.goal(),
      map: this.mapFile,
      planners,
      summary: c.rows(),
      timeline: c.timeline ? c.timeline.figures() : null,
      running: c.views.some((v) => v.running),
    };
  }

  /** The session driving every planner (session.js): run, pause, step, reset, speed. */
  get session() {
    return this.compare.session;
  }

  seek(step) {
    this.compare.seek(step);
  }

  setMarker(which, x, y) {
    const cv = this.compare;
    cv.views[0].setMarker(which, { x, y });
    const at = cv.columns[0].raw[which]();
    if (at.x !== x || at.y !== y) throw new Error(`the ${which} cannot go on (${x}, ${y}): a wall, the other marker or outside the map`);
  }

  setSettings() {
    throw new Error('in compare mode each planner\'s algorithm comes from the compare parameter');
  }

  setView() {
    throw new Error('setView: compare mode shows the paths only (no distance field or movement range)');
  }

  setRange() {
    throw new Error('setRange: compare mode shows the paths only (no distance field or movement range)');
  }

  releaseWalkers() {
    throw new Error('releaseWalkers: compare mode shows the paths only (no distance field or movement range)');
  }

  setAgents() {
    throw new Error('setAgents: compare mode races single searches (the Agents view has its own race of solvers)');
  }

  solveAgents() {
    return this.setAgents();
  }

  getAgents() {
    return this.setAgents();
  }

  /** Every command's reply in compare mode: the state. */
  answer() {
    return this.getState();
  }

  destroy() {
    this.compare.destroy();
  }
}

/** Mounts the comparison of `options.compare` into `root`; events go to `emit`. */
async function mountCompare(root, options, emit) {
  const wasm = await init();
  // One 'step' event per frame at most, and one 'done' when every planner has finished.
  let queued = false;
  let wasDone = true;
  let embed = null;
  const tick = () => {
    queued = false;
    const state = embed.getState();
    const done = state.planners.every((p) => p.stats.status !== 'running');
    const step = state.timeline?.position ?? null;
    emit('step', { stats: state.summary, step });
    if (done && !wasDone) emit('done', { stats: state.summary, step });
    wasDone = done;
  };
  const stepped = () => {
    wasDone = false;
    if (!queued) {
      queued = true;
      requestAnimationFrame(tick);
    }
  };
  const compare = new CompareView(root, {
    Planner,
    memory: () => wasm.memory,
    planners: options.compare,
    controls: options.controls,
    timeline: options.timeline || options.step !== null,
    editable: false,
    readonly: options.readonly,
    navigation: options.navigation,
    hooks: { stepped },
  });
  embed = new CompareEmbed(compare);
  try {
    const list = await mapIndex();
    await embed.loadMap(options.link || list[0]?.file || '');
    compare.start();
    if (options.speed !== null) compare.session.dispatch({ cmd: 'setSpeed', speed: parseSpeed(options.speed) });
    if (options.step !== null) openStep(compare.views, options.step, compare.timeline);
  } catch (e) {
    compare.destroy();
    throw e;
  }
  if (options.autoplay) compare.session.dispatch({ cmd: 'toggleRun' });
  return embed;
}

/** Mounts one planner into `root`; events go to `emit`, a crash also to `onCrash`. */
async function mountSingle(root, options, emit, onCrash) {
  const view = await Pathlab.mount(root, {
    map: options.link || undefined,
    controls: options.controls,
    readonly: options.readonly,
    autoplay: options.autoplay,
    speed: options.speed ?? undefined,
    timeline: options.timeline,
    pseudocode: options.pseudocode,
    step: options.step ?? undefined,
    ...(options.view ?? {}),
    ...(options.agentsView ? { view: 'agents' } : {}),
    ...(options.agents ? { agents: options.agents } : {}),
    ...(options.solver ? { solver: options.solver } : {}),
    ...options.navigation,
  });
  const step = () => view.timelineState()?.step ?? null;
  view.on('step', (stats) => emit('step', { stats, step: step() }));
  view.on('done', (stats) => emit('done', { stats, step: step() }));
  view.on('field', (field) => emit('field', { field }));
  view.on('range', (range) => emit('range', { range }));
  view.on('agents', (outcome) => emit('agents', { outcome }));
  view.on('crashed', (text) => {
    emit('error', { error: text });
    onCrash?.();
  });
  return new SingleEmbed(view);
}

/**
 * A mounted embed: `command(msg)` runs a host's command message and resolves to its result
 * (plain data) or rejects with a readable Error; `destroy()` removes it.
 */
export class Embed {
  /**
   * @param {SingleEmbed | CompareEmbed | import('./learn-embed.js').LearnEmbed} inner
   * @param {(event: string, detail: object) => void} emit
   */
  constructor(inner, emit) {
    this.inner = inner;
    this.emit = emit;
    this.height = 0;
    // A new width, or the map's box changing while the rest grows or shrinks (a status line
    // that wraps, a control that appears): either may change the height wanted.
    this.observer = new ResizeObserver(() => this.measure());
    this.observer.observe(inner.root);
    this.observer.observe(inner.wrap);
  }

  /** Emits `height` when the preferred height changed (a new width, or a map of another shape). */
  measure() {
    const h = this.inner.preferredHeight();
    if (!h || h === this.height) return;
    this.height = h;
    this.emit('height', { height: h });
  }

  getState() {
    return plain(this.inner.getState());
  }

  /** The one planner's view (the JS API's, with `cell` and `cellToClient` for tests), or null in compare mode. */
  get view() {
    return this.inner instanceof SingleEmbed ? this.inner.view : null;
  }

  /**
   * Runs checked command `c` of message `msg`, the one switch for one planner and for a
   * comparison: the session's commands go to its `dispatch`, the rest to the planner.
   */
  async run(c, msg) {
    const t = this.inner;
    let value;
    switch (c.cmd) {
      case 'run':
        t.session.dispatch({ cmd: 'run' });
        return { started: true };
      case 'step':
        t.session.dispatch({ cmd: 'step', n: c.n });
        break;
      case 'pause':
      case 'reset':
        t.session.dispatch({ cmd: c.cmd });
        break;
      case 'setSpeed':
        t.session.dispatch({ cmd: 'setSpeed', speed: c.speed });
        break;
      case 'seek':
        value = t.seek(c.step);
        break;
      case 'loadMap':
        value = await t.loadMap(msg.map);
        break;
      case 'setStart':
      case 'setGoal':
        t.setMarker(c.cmd === 'setStart' ? 'start' : 'goal', c.x, c.y);
        break;
      case 'setSettings':
        t.setSettings(msg.settings);
        break;
      case 'setView':
        t.setView(c.view);
        break;
      case 'setRange':
        value = t.setRange(c.x, c.y, c.budget);
        break;
      case 'releaseWalkers':
        value = t.releaseWalkers(c.count, c.seed);
        break;
      case 'setAgents':
        value = t.setAgents(msg.agents);
        break;
      case 'solveAgents':
        value = t.solveAgents(c.solver, c.budgetMs);
        break;
      case 'getAgents':
        value = t.getAgents();
        break;
      default:
    }
    return t.answer(c.cmd, value);
  }

  async command(msg) {
    let result;
    let c;
    try {
      c = checkMessage(msg);
      result = await this.run(c, msg);
    } catch (e) {
      // The same sentence whichever way the command came (a reply's `error`, a rejection).
      throw new Error(messageOf(e));
    }
    if (c.cmd === 'loadMap') this.measure();
    return result === undefined ? null : plain(result);
  }

  destroy() {
    this.observer.disconnect();
    this.inner.destroy();
  }
}

/** A copy with only plain data: what postMessage and a DOM event's detail carry. */
function plain(value) {
  return JSON.parse(JSON.stringify(value));
}

/**
 * Mounts an embed into `root` with `options` (readOptions): one planner, or a comparison
 * when `options.compare` is set. `emit(event, detail)` gets every event (docs/embedding.md:
 * ready, step, done, error, height); `onMount(embed)` is called just before `ready`, so a
 * host that answers `ready` with a command finds the embed there; `onCrash` after a wasm
 * trap. Resolves to the Embed; on failure shows the reason in `root`, emits `error` and
 * rejects.
 * @param {HTMLElement} root
 * @param {EmbedOptions} options
 * @param {(event: string, detail: object) => void} emit
 * @param {{onMount?: (embed: Embed) => void, onCrash?: () => void}} [hooks]
 */
export async function mountEmbed(root, options, emit, { onMount, onCrash } = {}) {
  let inner;
  try {
    if (options.lesson) inner = await mountLearn(root, options.lesson, emit);
    else if (options.compare) inner = await mountCompare(root, options, emit);
    else inner = await mountSingle(root, options, emit, onCrash);
  } catch (e) {
    const error = messageOf(e);
    showError(root, `Pathlab could not start: ${error}`);
    emit('error', { error });
    throw new Error(error);
  }
  const embed = new Embed(inner, emit);
  onMount?.(embed);
  emit('ready', { state: embed.getState() });
  embed.measure();
  return embed;
}

/** Shows `text` in `root` instead of a planner. */
export function showError(root, text) {
  const p = document.createElement('p');
  p.className = 'embed-error';
  p.textContent = text;
  root.replaceChildren(p);
}
