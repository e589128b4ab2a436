// The planner without page chrome, for an <iframe>. Query parameters: controls (comma list,
// "none" for none), autoplay, speed (0–10 or "instant"), readonly, timeline (show the
// scrubber), compare (2–4 algorithms, e.g. "astar,dijkstra:1.5": compare mode), origins
// (comma list of parent origins allowed to command it; default: this page's own origin only).
// The map comes from the fragment: a share link (#v2…) or a shipped map (#map=NAME&…), either
// with an optional compare part (&compare=…&step=K); none = the first shipped map.
//
// postMessage protocol (docs/embedding.md): the parent sends
//   {pathlab: 1, id, cmd: 'step'|'run'|'pause'|'reset'|'seek'|'setSpeed'|'loadMap'|'setStart'|'setGoal'|'setSettings'|'getState', …}
// and gets {pathlab: 1, id, ok: true, result} or {pathlab: 1, id, ok: false, error}; the frame
// also posts {pathlab: 1, event: 'ready'|'step'|'done'|'error', state|stats|error, step} to the allowed
// origins (`step`: the timeline step shown). In compare mode the commands drive every planner
// and the state has one entry per planner; setSettings is refused there.

import init, { Planner, splitCompareLink, parseCompareList } from './pkg/pathlab.js';
import { Pathlab, mapIndex, stepCount, parseSpeed } from './pathlab.js';
import { messageOf } from './view.js';
import { CompareView } from './compare.js';
import * as links from './links.js';
import * as maps from './maps.js';

const params = new URLSearchParams(location.search);
const flag = (name) => params.has(name) && !['0', 'false', 'no'].includes(params.get(name).toLowerCase());

/** The allowed parent origins; '*' only when the embedder asked for it explicitly. */
function allowedOrigins() {
  const raw = params.get('origins');
  if (!raw) return [location.origin];
  const origins = raw.split(',').map((s) => s.trim()).filter(Boolean).map((s) => {
    if (s === '*') return s;
    try {
      const origin = new URL(s).origin;
      if (origin !== 'null') return origin;
    } catch {
      // reported below
    }
    // An embedder's typo would otherwise leave the frame deaf to its commands without a word.
    console.error(`Pathlab embed: origins=${JSON.stringify(s)} is not an origin such as https://blog.example.org; it is ignored.`);
    return null;
  }).filter(Boolean);
  if (origins.length === 0) {
    console.error('Pathlab embed: origins= names no valid origin, so only this page\'s own origin may send commands.');
    return [location.origin];
  }
  return origins;
}

const ORIGINS = allowedOrigins();
const COMMANDS = new Set(['step', 'run', 'pause', 'reset', 'seek', 'setSpeed', 'loadMap', 'setStart', 'setGoal', 'setSettings', 'getState']);
let view = null;
let mountError = null;

/**
 * The allowed origins the parent page can have. Where the browser tells the parent's origin
 * (`location.ancestorOrigins`, Chromium and Safari), only a match is posted to, so an embed
 * whose parent is not allowed stays quiet instead of filling the console with refused
 * postMessage calls; elsewhere every allowed origin is tried.
 */
function postTargets() {
  const parent = location.ancestorOrigins?.[0];
  if (!parent) return ORIGINS;
  if (ORIGINS.includes('*')) return [parent];
  return ORIGINS.filter((o) => o === parent);
}

function post(message) {
  if (window.parent === window) return;
  for (const origin of postTargets()) window.parent.postMessage({ pathlab: 1, ...message }, origin);
}

function showError(text) {
  const p = document.createElement('p');
  p.className = 'embed-error';
  p.textContent = text;
  document.getElementById('planner').replaceChildren(p);
}

const isInt = (v) => Number.isInteger(v) && v >= 0;

/** Runs one validated command; returns its result or throws an Error with the reason. */
async function command(msg) {
  if (!view) throw new Error(mountError || 'the planner is still loading');
  if (msg.cmd === 'seek' && (!Number.isInteger(msg.step) || msg.step < 0)) {
    throw new Error('seek needs step: a whole number of at least 0');
  }
  if (view instanceof CompareEmbed) return view.command(msg);
  switch (msg.cmd) {
    case 'seek':
      return view.seek(msg.step);
    case 'step':
      return view.step(stepCount(msg.n));
    case 'run':
      view.run();
      return { started: true };
    case 'pause':
      view.pause();
      return view.getState();
    case 'setSpeed':
      view.setSpeed(msg.speed);
      return view.getState();
    case 'reset':
      view.reset();
      return view.getState().stats;
    case 'loadMap':
      if (typeof msg.map !== 'string') throw new Error('loadMap needs map: a shipped map name, .map text or a share link');
      return view.loadMap(msg.map);
    case 'setStart':
    case 'setGoal':
      if (!isInt(msg.x) || !isInt(msg.y)) throw new Error(`${msg.cmd} needs whole, non-negative x and y`);
      if (msg.cmd === 'setStart') view.setStart(msg.x, msg.y);
      else view.setGoal(msg.x, msg.y);
      return view.getState();
    case 'setSettings':
      if (!msg.settings || typeof msg.settings !== 'object' || Array.isArray(msg.settings)) {
        throw new Error('setSettings needs settings: an object such as {weight: 1.5}');
      }
      view.setSettings(msg.settings);
      return view.getState().settings;
    case 'getState':
      return view.getState();
    default:
      throw new Error(`unknown command "${msg.cmd}"`);
  }
}

window.addEventListener('message', async (event) => {
  // Only the allowed origins may command the planner; anything else is ignored unanswered.
  if (!ORIGINS.includes('*') && !ORIGINS.includes(event.origin)) return;
  const msg = event.data;
  if (!msg || typeof msg !== 'object' || msg.pathlab !== 1) return;
  const reply = (body) => /** @type {Window | null} */ (event.source)?.postMessage({ pathlab: 1, id: msg.id ?? null, ...body }, event.origin);
  if (typeof msg.cmd !== 'string' || !COMMANDS.has(msg.cmd)) {
    reply({ ok: false, error: `Unknown command ${JSON.stringify(String(msg.cmd)).slice(0, 60)}: use ${[...COMMANDS].join(', ')}.` });
    return;
  }
  try {
    const result = await command(msg);
    // structuredClone-safe: only plain data crosses the frame boundary.
    reply({ ok: true, result: result === undefined ? null : JSON.parse(JSON.stringify(result)) });
  } catch (e) {
    reply({ ok: false, error: messageOf(e) });
  }
});

/** The embed in compare mode: a CompareView with the embed's commands on top. */
class CompareEmbed {
  constructor(compare) {
    this.compare = compare;
    this.mapFile = '';
  }

  /** Loads a shipped map name or a share link fragment into every planner. */
  async loadMap(map) {
    const list = await mapIndex();
    const fragment = map.replace(/^#/, '');
    if (/^(v\d|map=)/i.test(fragment)) {
      const scratch = new Planner(40, 25);
      let resolved;
      try {
        resolved = await links.resolve(scratch, fragment, list, new URL('.', location.href));
      } finally {
        scratch.free();
      }
      await this.compare.loadWith(async (p) => p.loadLink(resolved.fragment));
      this.mapFile = resolved.mapFile;
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

  async command(msg) {
    const c = this.compare;
    switch (msg.cmd) {
      case 'step':
        c.step(stepCount(msg.n));
        return this.getState();
      case 'run':
        if (!c.views.some((v) => v.running)) c.toggleRun();
        return { started: true };
      case 'pause':
        if (c.views.some((v) => v.running)) c.toggleRun();
        return this.getState();
      case 'setSpeed':
        c.setSpeed(parseSpeed(msg.speed));
        return this.getState();
      case 'reset':
        c.resetSearch();
        return this.getState();
      case 'seek':
        c.seek(msg.step);
        return this.getState();
      case 'loadMap':
        if (typeof msg.map !== 'string' || !msg.map) throw new Error('loadMap needs map: a shipped map name or a share link');
        await this.loadMap(msg.map);
        return this.getState();
      case 'setStart':
      case 'setGoal': {
        if (!isInt(msg.x) || !isInt(msg.y)) throw new Error(`${msg.cmd} needs whole, non-negative x and y`);
        const v = c.views[0];
        v.setMarker(msg.cmd === 'setStart' ? 'start' : 'goal', { x: msg.x, y: msg.y });
        const p = c.columns[0].raw;
        const at = msg.cmd === 'setStart' ? p.start() : p.goal();
        if (at.x !== msg.x || at.y !== msg.y) throw new Error(`the ${msg.cmd === 'setStart' ? 'start' : 'goal'} cannot go on (${msg.x}, ${msg.y}): a wall, the other marker or outside the map`);
        return this.getState();
      }
      case 'setSettings':
        throw new Error('in compare mode each planner\'s algorithm comes from the compare parameter');
      case 'getState':
        return this.getState();
      default:
        throw new Error(`unknown command "${msg.cmd}"`);
    }
  }
}

/** Mounts compare mode for `compare=` (or a link's compare part); events go to the parent. */
async function mountCompare(specs, base, step, controls) {
  const wasm = await init();
  const root = document.getElementById('planner');
  const compare = new CompareView(root, {
    Planner,
    memory: () => wasm.memory,
    planners: specs,
    controls: controls.length > 0,
    timeline: flag('timeline') || step !== null,
    editable: false,
    readonly: flag('readonly'),
  });
  const embed = new CompareEmbed(compare);
  const list = await mapIndex();
  await embed.loadMap(base || list[0]?.file || '');
  compare.start();
  const speed = params.get('speed');
  if (speed !== null) compare.setSpeed(speed === 'instant' ? 10 : Math.max(0, Math.min(10, Number(speed) || 0)));
  if (step !== null) {
    for (const v of compare.views) {
      v.planner.resetSearch();
      v.planner.runToEnd();
    }
    compare.seek(step);
  }
  // One 'step' event per frame at most, and one 'done' when every planner has finished.
  let queued = false;
  let wasDone = true;
  const tick = () => {
    queued = false;
    const state = embed.getState();
    const done = state.planners.every((p) => p.stats.status !== 'running');
    post({ event: 'step', stats: state.summary, step: state.timeline?.position ?? null });
    if (done && !wasDone) post({ event: 'done', stats: state.summary });
    wasDone = done;
  };
  for (const v of compare.views) {
    const hooks = v.hooks;
    const stepped = hooks.stepped;
    hooks.stepped = (...a) => {
      stepped?.(...a);
      wasDone = false;
      if (!queued) {
        queued = true;
        requestAnimationFrame(tick);
      }
    };
  }
  if (flag('autoplay')) compare.toggleRun();
  return embed;
}

async function main() {
  let controls;
  const raw = params.get('controls');
  if (raw === null) controls = ['step', 'run', 'reset'];
  else if (raw === '' || raw === 'none') controls = [];
  else controls = raw;
  let fragment = location.hash.replace(/^#/, '');
  const mapParam = params.get('map');
  try {
    // Compare mode: the compare parameter, or a link with a compare part.
    await init();
    const split = splitCompareLink(fragment);
    fragment = split.base;
    const compareParam = params.get('compare');
    const specs = compareParam ? parseCompareList(compareParam) : split.compare?.planners;
    if (specs) {
      view = await mountCompare(Array.from(specs), fragment || mapParam || '', split.compare?.step ?? null, controls);
      window.pathlabEmbed = view;
      post({ event: 'ready', state: JSON.parse(JSON.stringify(view.getState())) });
      return;
    }
  } catch (e) {
    mountError = messageOf(e);
    showError(`Pathlab could not start: ${mountError}`);
    post({ event: 'error', error: mountError });
    return;
  }
  try {
    view = await Pathlab.mount(document.getElementById('planner'), {
      map: fragment || mapParam || undefined,
      controls,
      readonly: flag('readonly'),
      autoplay: flag('autoplay'),
      speed: params.get('speed') ?? undefined,
      timeline: flag('timeline'),
    });
  } catch (e) {
    mountError = messageOf(e);
    showError(`Pathlab could not start: ${mountError}`);
    post({ event: 'error', error: mountError });
    return;
  }
  view.on('step', (stats) => post({ event: 'step', stats, step: view.timelineState()?.step ?? null }));
  view.on('done', (stats) => post({ event: 'done', stats, step: view.timelineState()?.step ?? null }));
  view.on('crashed', (text) => {
    post({ event: 'error', error: text });
    // The frame's state comes from its URL: reloading it makes a fresh wasm instance. A
    // second crash soon after stays down (no reload loops).
    let last = 0;
    try {
      last = Number(sessionStorage.getItem('pathlab:embed-crashed-at')) || 0;
      sessionStorage.setItem('pathlab:embed-crashed-at', String(Date.now()));
    } catch {
      // No session storage: reload anyway.
    }
    if (Date.now() - last > 20_000) setTimeout(() => location.reload(), 1200);
  });
  window.pathlabEmbed = view;
  post({ event: 'ready', state: JSON.parse(JSON.stringify(view.getState())) });
}

main();
