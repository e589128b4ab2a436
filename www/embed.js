// The planner without page chrome, for an <iframe>. Query parameters: controls (comma list,
// "none" for none), autoplay, speed (0–10 or "instant"), readonly, origins (comma list of
// parent origins allowed to command it; default: this page's own origin only). The map comes
// from the fragment: a share link (#v1…) or a shipped map (#map=NAME&…); none = the first
// shipped map.
//
// postMessage protocol (see README "Embedding"): the parent sends
//   {pathlab: 1, id, cmd: 'step'|'run'|'reset'|'loadMap'|'setStart'|'setGoal'|'setSettings'|'getState', …}
// and gets {pathlab: 1, id, ok: true, result} or {pathlab: 1, id, ok: false, error}; the frame
// also posts {pathlab: 1, event: 'ready'|'step'|'done', state|stats} to the allowed origins.

import { Pathlab } from './pathlab.js';
import { messageOf } from './view.js';

const params = new URLSearchParams(location.search);
const flag = (name) => params.has(name) && !['0', 'false', 'no'].includes(params.get(name).toLowerCase());

/** The allowed parent origins; '*' only when the embedder asked for it explicitly. */
function allowedOrigins() {
  const raw = params.get('origins');
  if (!raw) return [location.origin];
  return raw.split(',').map((s) => s.trim()).filter(Boolean).map((s) => {
    if (s === '*') return s;
    try {
      return new URL(s).origin;
    } catch {
      return null;
    }
  }).filter(Boolean);
}

const ORIGINS = allowedOrigins();
const COMMANDS = new Set(['step', 'run', 'reset', 'loadMap', 'setStart', 'setGoal', 'setSettings', 'getState']);
let view = null;
let mountError = null;

function post(message) {
  if (window.parent === window) return;
  for (const origin of ORIGINS) window.parent.postMessage({ pathlab: 1, ...message }, origin);
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
  switch (msg.cmd) {
    case 'step':
      return view.step();
    case 'run':
      view.run();
      return { started: true };
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
        throw new Error('setSettings needs settings: an object such as {algorithm: "dijkstra"}');
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
  const reply = (body) => event.source?.postMessage({ pathlab: 1, id: msg.id ?? null, ...body }, event.origin);
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

async function main() {
  let controls;
  const raw = params.get('controls');
  if (raw === null) controls = ['step', 'run', 'reset'];
  else if (raw === '' || raw === 'none') controls = [];
  else controls = raw;
  const fragment = location.hash.replace(/^#/, '');
  const mapParam = params.get('map');
  try {
    view = await Pathlab.mount(document.getElementById('planner'), {
      map: fragment || mapParam || undefined,
      controls,
      readonly: flag('readonly'),
      autoplay: flag('autoplay'),
      speed: params.get('speed') ?? undefined,
    });
  } catch (e) {
    mountError = messageOf(e);
    showError(`Pathlab could not start: ${mountError}`);
    post({ event: 'error', error: mountError });
    return;
  }
  view.on('step', (stats) => post({ event: 'step', stats }));
  view.on('done', (stats) => post({ event: 'done', stats }));
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
