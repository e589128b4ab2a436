// Pathlab's main page: loads the wasm planner, mounts one planner view (view.js: canvas,
// input, frame loop) and wires the panels around it — settings, maps, generators, files,
// scenarios, share links, autosave and the test hooks (window.pathlab). Every decision about
// the grid and the search is the planner's; this file only forwards and shows.

import init, { Planner, formatLinkTail, splitLink } from './pkg/pathlab.js';
import { buildPalette } from './palette.js';
import { PlannerView, messageOf, isTrap } from './view.js';
import { keepRenderer } from './render.js';
import * as storage from './storage.js';
import * as maps from './maps.js';
import * as links from './links.js';
import { wireMapForms, fillMapPicker, showMapSize } from './mapforms.js';
import { statsCard, runButton, undoButtons, algorithmAvailability, onChange, showPanels } from './panels.js';
import { Timeline, openStep } from './timeline.js';
import { OpenListPanel } from './openlist.js';
import { wireExtras, lazyScenarios, lazyMesh } from './extras.js';
import { wireFields, inspectFields, fieldHooks } from './fields-ui.js';
import { wireAgents, agentHooks } from './agents-ui.js';
import { fillAlgorithmSelect, defaultRace } from './algorithms.js';
import {
  $, setMessage, readSettings, writeSettings, reflectRelevance,
  showBrush, buildLegend, showInspector, copyLink, showShape, loadPlanner,
} from './ui.js';
import { statusWord, touchOnly, withKey } from './status.js';
import { wireTerms } from './terms.js';
import { SPEED_LIMITED, speedLabel, brushButtons, wirePageButtons } from './controls.js';
import { Session } from './session.js';
import { reloadAfterCrash, recoveredFromCrash } from './crash.js';
import { wireEmbed } from './embed-snippets.js';

const FALLBACK = { width: 40, height: 25 };

/** Everything the page knows besides what lives in the planner view. */
const app = {
  /** The page's one session: running, speed, brush, draw-progress; its one lane is `view`. */
  session: new Session({ Planner }),
  view: null,
  memory: null,
  mapName: '',
  mapList: [],
  /** @type {import('./agents.js').AgentsLayer | null} The Agents view's layer (agents-ui.js). */
  agents: null,
};

/**
 * Shows a notice on the status line: through the view once it exists, so it lasts only while
 * the planner stays in the state it was said in (status.js); before that, directly.
 */
function say(text, kind = 'info') {
  if (app.view && !app.dead) app.view.say(text, kind);
  else setMessage(text, kind);
}

/** Runs `action`, turning any thrown error into an error message (never uncaught). */
function guard(action) {
  try {
    return action();
  } catch (e) {
    if (isTrap(e)) crashed(e);
    else say(messageOf(e), 'error');
    return undefined;
  }
}

// ---- crash recovery --------------------------------------------------------------------

const CRASH_KEY = 'pathlab:crashed-at';

/**
 * The wasm instance trapped. A trapped instance can't be trusted, so the page stops using it,
 * keeps the autosave as it was before the crash (it is written after every edit, never from
 * a dead instance) and reloads, which makes a fresh instance and restores that autosave.
 */
function crashed(error) {
  if (app.dead) return;
  app.dead = true;
  if (app.view) app.view.crash(error);
  const detail = messageOf(error);
  if (reloadAfterCrash(CRASH_KEY)) {
    setMessage(`The planner crashed (${detail}) Reloading it with your autosaved map…`, 'error');
  } else {
    setMessage(`The planner crashed again (${detail}) Your autosaved map is kept: reload the page to try once more.`, 'error');
  }
}

// Traps can surface anywhere a handler calls the planner (input, timers, promises).
window.addEventListener('error', (event) => {
  if (isTrap(event.error)) crashed(event.error);
});
window.addEventListener('unhandledrejection', (event) => {
  if (isTrap(event.reason)) crashed(event.reason);
});

/** The page's chrome for the one planner view: panels, buttons, inspector and autosave. */
const pageHooks = {
  message: setMessage,
  crashed: (error) => crashed(error),
  edited: () => {
    save();
    // A copied link describes the state at the time of copying: hide it once that changes.
    $('#share-box').hidden = true;
  },
  brush: (brush) => {
    showBrush(brush);
    save();
  },
  inspect: (node, cell) => {
    if (!inspectFields(app.view, node)) showInspector(node, cell);
  },
  perf: (last) => {
    const el = $('#perf');
    if (!el.hidden) {
      const ms = (v) => (v === null ? '–' : v.toFixed(2));
      el.textContent = `${last.renderer}${last.rendererWhy ? ` (${last.rendererWhy})` : ''}: paint ${ms(last.paintMedianMs)} ms median (max ${ms(last.maxPaintMs)}), `
        + `drawn ${ms(last.finishedMs)} (max ${ms(last.maxFinishedMs)}) · frame ${ms(last.frameMs)} (max ${ms(last.maxFrameMs)}) · step ${last.stepMs.toFixed(2)} ms`
        + (last.cutFrames ? ` · ${SPEED_LIMITED}` : '');
    }
  },
};

const planner = () => app.view.planner;

// ---- speed and settings ----------------------------------------------------------------

/** Shows the session's speed stop beside the slider, in the unit of the view shown. */
function showSpeed() {
  const label = speedLabel(app.session.state.speed, app.agents?.active ? 'agents' : 'path');
  if ($('#speed-value').textContent === label) return;
  $('#speed-value').textContent = label;
  $('#speed').setAttribute('aria-valuetext', label);
}

function applySettingsFromForm() {
  reflectRelevance();
  // The session stops the run; a search that had finished plays again with the new settings.
  const ok = guard(() => {
    app.session.dispatch({ cmd: 'settings', settings: readSettings() }, app.view);
    return true;
  });
  if (!ok) writeSettings(planner().settings());
  app.meshBar.syncBar();
  save();
}

// ---- maps --------------------------------------------------------------------------------

/** Which shipped map is current: `name` is the index file name, '' for none. */
function showMapName(name) {
  app.mapName = name;
  const entry = app.mapList.find((m) => m.file === name);
  $('#map').value = entry ? name : '';
  if (!entry) $('#map').selectedIndex = -1;
  $('#map-info').textContent = entry?.description || (name ? `Opened ${name}.` : 'Your own map.');
}

function afterLoad(name, message) {
  showMapName(name);
  app.shippedText = app.mapList.some((m) => m.file === name) ? planner().exportMap() : null;
  app.view.loaded();
  app.meshBar.syncBar();
  syncControls();
  if (message) say(message, 'success');
}

async function openBundled(file) {
  const entry = app.mapList.find((m) => m.file === file);
  if (!entry) return;
  save(); // the autosave holds the current map before anything replaces it
  try {
    await maps.loadBundled(planner(), entry);
    afterLoad(entry.file, `Loaded ${maps.nameWithSize(entry.name || entry.file, planner().width, planner().height)}.`);
    scenarios.clear();
  } catch (e) {
    say(`${messageOf(e)} The current map is kept.`, 'error');
    showMapName(app.mapName);
  }
}

async function openFile(file) {
  if (!file) return;
  save(); // the autosave holds the current map before anything replaces it
  if (/\.scen$/i.test(file.name)) {
    await scenarios.open(file);
    return;
  }
  try {
    await maps.loadFile(planner(), file);
    afterLoad(file.name, `Opened ${file.name} (${planner().width}×${planner().height}).`);
    scenarios.clear();
  } catch (e) {
    say(`Could not open ${file.name}: ${messageOf(e)} The current map is kept.`, 'error');
  }
}

// ---- share links ---------------------------------------------------------------------------

/**
 * The link for the current state: the short `#map=` form when a shipped map is unedited,
 * with `&step=K` when the timeline is scrubbed back (`withStep`).
 */
function currentLink(withStep = true) {
  const p = planner();
  const base = location.href.split('#')[0];
  // The view (distance field, movement range) rides in the tail; compare links have none.
  const view = withStep ? p.linkView() : {};
  const agents = withStep ? app.agents?.linkAgents() ?? null : null;
  const tail = formatLinkTail({ compare: null, step: withStep ? links.linkStep(app.timeline.figures()) : null, ...view, agents });
  const end = tail ? `&${tail}` : '';
  if (app.shippedText !== null && app.shippedText !== undefined && p.exportMap() === app.shippedText) {
    return { url: `${base}#${p.shortLink(app.mapName.replace(/\.map$/i, ''))}${end}`, short: true };
  }
  return { url: `${base}#${p.shareLink()}${end}`, short: false };
}

/** Opens compare mode on the current map: this algorithm against its rival (the table's). */
function openCompare(e) {
  e.preventDefault();
  let url;
  try {
    const { url: link } = currentLink(false);
    const algorithm = planner().settings().algorithm;
    const part = formatLinkTail({ compare: defaultRace(algorithm), step: null });
    const fragment = link.split('#')[1];
    url = keepRenderer(`compare.html#${fragment}&${part}`);
  } catch (err) {
    say(`Could not open compare mode: ${messageOf(err)}`, 'error');
    return;
  }
  save();
  location.href = url;
}

function copyPageLink() {
  const kind = (link) => (link.short ? 'short link to the shipped map' : `link (${link.url.length} characters)`);
  return copyLink({
    say,
    field: $('#share-url'),
    make: () => currentLink(),
    show: () => { $('#share-box').hidden = false; },
    copied: (link) => `Copied a ${kind(link)}: it opens this map, markers and settings.`,
    selected: (link) => `The browser would not copy: the ${kind(link)} is selected below, press Ctrl+C.`,
  });
}

/** Opens the link in the location's fragment (if any), then clears the fragment. */
async function openLinkFromLocation() {
  try {
    return await readLink();
  } finally {
    // For readers (and the tests) that must know a link was handled, opened or refused.
    app.linksRead = (app.linksRead ?? 0) + 1;
  }
}

async function readLink() {
  const fragment = location.hash.replace(/^#/, '');
  if (!fragment) return false;
  // A link to a comparison belongs to the compare page (a bad tail is refused below).
  let split;
  try {
    split = splitLink(fragment);
    if (split.compare) {
      location.replace(keepRenderer(`compare.html#${fragment}`));
      return false;
    }
  } catch (e) {
    history.replaceState(null, '', location.pathname + location.search);
    say(`Link not opened — ${messageOf(e)} Your current map is kept.`, 'error');
    return false;
  }
  // Drop the fragment first: a reload must not re-open the link over later edits.
  history.replaceState(null, '', location.pathname + location.search);
  const scratch = new Planner(FALLBACK.width, FALLBACK.height);
  try {
    const state = await links.resolve(scratch, split.base, app.mapList);
    // The link's view too (a range on a wall is refused here, before the map is replaced).
    scratch.applyLinkView(split);
    save();
    // Everything is checked in the scratch planner: only a good state reaches the page's
    // (its map's shape included).
    planner().loadFrom(scratch);
    planner().applyLinkView(split);
    afterLoad(state.mapFile, state.mapFile
      ? `Opened the link to ${state.mapLabel}.`
      : `Opened the linked ${planner().width}×${planner().height} map.`);
    scenarios.clear();
    // The Agents view's agents: the view opens with them (refused in words if they do not fit).
    if (split.agents) app.view.guard(() => app.session.dispatch({ cmd: 'agents', op: 'show', on: true }) && app.session.dispatch({ cmd: 'agents', op: 'set', ends: split.agents }));
    if (split.step !== null) {
      openStep([app.view], split.step, app.timeline);
      say(`Opened the link at step ${app.timeline.figures().position} of its search.`, 'success');
    }
    return true;
  } catch (e) {
    say(`Link not opened — ${messageOf(e)} Your current map is kept.`, 'error');
    return false;
  } finally {
    scratch.free();
  }
}

// ---- exports -------------------------------------------------------------------------------

async function exportPng() {
  const p = planner();
  const rgba = guard(() => p.exportImage());
  if (!rgba) return;
  try {
    const blob = await maps.encodePng(p.width, p.height, rgba);
    maps.download(blob, maps.fileStem(app.mapName), 'png');
    say('Exported the map as a PNG (walls black, open white, terrain in greys).', 'success');
  } catch (e) {
    say(`Could not export the PNG: ${messageOf(e)}`, 'error');
  }
}

// ---- autosave ------------------------------------------------------------------------------

function save() {
  // Never save from a trapped instance: the autosave must keep the last good state.
  if (!app.view || app.dead) return;
  const p = planner();
  const v = app.view;
  const error = storage.save({
    width: p.width,
    height: p.height,
    shape: p.shape,
    cells: storage.encodeCells(v.cellsView()),
    start: p.start(),
    goal: p.goal(),
    settings: p.settings(),
    mesh: { nodes: Array.from(p.meshNodes()), edges: Array.from(p.meshEdges()) },
    map: app.mapName,
    ui: { brush: v.brush, brushSize: v.brushSize, speed: v.speedChosen ? v.speed : null, drawProgress: v.drawProgress },
  });
  if (error) say(error, 'error');
}

/** Restores the autosaved state; false when there is none or it is unusable. */
/**
 * Restores the autosave into the planner: 'restored', 'none' when there is no autosave, or
 * 'damaged' when it can't be read or doesn't describe a valid map (it is then left alone, and
 * the next edit overwrites it).
 */
function restore() {
  const { saved, state: s } = storage.load();
  if (!saved) return 'none';
  if (!s || !Number.isInteger(s.width) || !Number.isInteger(s.height)
    || s.width < 1 || s.height < 1 || s.width > 4096 || s.height > 4096) return 'damaged';
  const cells = typeof s.cells === 'string' ? storage.decodeCells(s.cells, s.width * s.height) : null;
  if (!cells) return 'damaged';
  const m = [s.start?.x, s.start?.y, s.goal?.x, s.goal?.y];
  const markers = m.every(Number.isInteger) ? new Uint32Array(m) : undefined;
  try {
    // Saves from before hexagons have no shape: squares.
    planner().loadCells(s.width, s.height, cells, markers, typeof s.shape === 'string' ? s.shape : undefined);
  } catch (e) {
    if (isTrap(e)) throw e;
    return 'damaged';
  }
  // Settings that no longer validate (say, from an older version) fall back to the defaults.
  try {
    if (s.settings && typeof s.settings === 'object') planner().setSettings(s.settings);
  } catch (e) {
    if (isTrap(e)) throw e;
  }
  // The node mesh comes back too; a stored mesh that no longer fits is dropped quietly.
  const mesh = s.mesh;
  if (mesh && Array.isArray(mesh.nodes) && Array.isArray(mesh.edges) && mesh.nodes.length > 0) {
    try {
      planner().setMesh(new Uint32Array(mesh.nodes), new Uint32Array(mesh.edges));
    } catch (e) {
      if (isTrap(e)) throw e;
    }
  }
  const ui = s.ui || {};
  app.session.dispatch({ cmd: 'prefs', brush: ui.brush, brushSize: ui.brushSize, speed: ui.speed, drawProgress: ui.drawProgress });
  app.mapName = typeof s.map === 'string' ? s.map : '';
  return 'restored';
}

// ---- buttons and wiring ----------------------------------------------------------------------

let scenarios = null;

function wireControls() {
  const dispatch = (command) => app.session.dispatch(command);
  // Step, Run, Reset, Walk, Clear walls, undo, redo and zoom: the table's (controls.js).
  wirePageButtons(dispatch);
  $('#speed').addEventListener('input', (e) => {
    dispatch({ cmd: 'setSpeed', speed: Number(e.target.value) });
    showSpeed();
    save();
  });
  $('#draw-progress').addEventListener('change', (e) => {
    dispatch({ cmd: 'drawProgress', on: e.target.checked });
    save();
  });
  $('#brush-size').addEventListener('change', (e) => {
    dispatch({ cmd: 'brushSize', size: Number(e.target.value) });
    save();
  });
  for (const id of ['algorithm', 'heuristic', 'weight', 'connectivity', 'diagonal-rule', 'diagonal-cost', 'goal-directed', 'budget']) {
    $(`#${id}`).addEventListener('change', applySettingsFromForm);
  }
  $('#map').addEventListener('change', (e) => openBundled(e.target.value));
  $('#open-file').addEventListener('change', (e) => {
    openFile(e.target.files?.[0]);
    e.target.value = '';
  });
  $('#export-map').addEventListener('click', () => {
    if (guard(() => (maps.downloadMap(planner(), app.mapName), true))) {
      say('Exported the map as a .map file.', 'success');
    }
  });
  $('#export-png').addEventListener('click', exportPng);
  $('#copy-link').addEventListener('click', copyPageLink);
  wireEmbed(() => currentLink());
  $('#compare-link').href = keepRenderer('compare.html');
  $('#compare-link').addEventListener('click', openCompare);
  $('#share-url').addEventListener('focus', (e) => e.target.select());
  window.addEventListener('hashchange', () => {
    openLinkFromLocation();
  });

  const wrap = $('#canvas-wrap');
  const hint = $('#drop-hint');
  let depth = 0;
  document.addEventListener('dragenter', (e) => {
    if (!e.dataTransfer?.types?.includes('Files')) return;
    depth++;
    hint.hidden = false;
  });
  document.addEventListener('dragleave', () => {
    depth = Math.max(0, depth - 1);
    if (depth === 0) hint.hidden = true;
  });
  document.addEventListener('dragover', (e) => e.preventDefault());
  document.addEventListener('drop', (e) => {
    e.preventDefault();
    depth = 0;
    hint.hidden = true;
    openFile(e.dataTransfer?.files?.[0]);
  });
  wrap.addEventListener('dragover', (e) => {
    e.preventDefault();
    if (e.dataTransfer) e.dataTransfer.dropEffect = 'copy';
  });
}

function syncControls() {
  const s = app.session.state;
  showShape(planner().shape, guard(() => Planner.heuristics(planner().shape)) ?? []);
  writeSettings(planner().settings());
  $('#speed').value = String(s.speed);
  $('#draw-progress').checked = s.drawProgress;
  $('#brush-size').value = String(s.brushSize);
  showBrush(s.brush);
  // The speed again: a planner given a new state has the speed of the state it was given.
  app.session.dispatch({ cmd: 'setSpeed', speed: s.speed, chosen: false });
  showSpeed();
  showMapSize(planner());
}

function installHooks() {
  const v = app.view;
  window.pathlab = {
    ready: true,
    cellToClient: (x, y) => v.cellToClient(x, y),
    cell: (x, y) => v.cellsView()[y * planner().width + x],
    state: (x, y) => v.statesView()[y * planner().width + x],
    size: () => ({ width: planner().width, height: planner().height }),
    shape: () => planner().shape,
    start: () => planner().start(),
    goal: () => planner().goal(),
    stats: () => ({ ...planner().stats(), statusText: statusWord(planner().stats(), v.running) }),
    settings: () => planner().settings(),
    exportMap: () => planner().exportMap(),
    mapName: () => app.mapName,
    path: () => Array.from(planner().path()),
    node: (x, y) => planner().node(x, y),
    anyAngle: () => planner().isAnyAngle(),
    mesh: () => ({ nodes: Array.from(planner().meshNodes()), edges: Array.from(planner().meshEdges()) }),
    walker: () => (v.walker ? { live: Boolean(v.walker.live), done: Boolean(v.walker.done), steps: v.walker.steps ?? 0 } : null),
    perf: () => v.perf.last ?? null,
    // A frame's share of stepping, forced (ms), or null: the frame's own again.
    forceShare: (ms) => {
      v.share.forced = ms;
    },
    perfFrames: (restart = false) => {
      if (restart) v.perf.keepFrames();
      return { frames: v.perf.log ?? [] };
    },
    timeline: () => ({ ...app.timeline.figures(), lastSeekMs: app.timeline.perf.lastSeekMs ?? null, lastCoreMs: app.timeline.perf.lastCoreMs ?? null, seekMs: [...app.timeline.perf.seekMs] }),
    paintMs: () => v.renderer.lastPaintMs,
    wasmMemoryBytes: () => app.memory.buffer.byteLength,
    // Which planner state the page should show: every [data-sync] panel (status line,
    // statistics, timeline label, canvas) carries the version it last rendered.
    version: () => planner().version,
    position: () => planner().timelinePosition(),
    crashed: () => Boolean(app.dead),
    linksRead: () => app.linksRead ?? 0,
    ...fieldHooks(v),
    ...agentHooks(app.agents),
  };
}

/**
 * On a touch screen (no link, nothing saved) the first map must have cells a finger can hit:
 * when the shipped map would be drawn finer than that, an open map sized to the screen takes
 * its place (viewport.js `touchMapSize`), start and goal two cells in from opposite corners.
 */
function fitFirstMapToTouch(p) {
  if (location.hash.length > 1 || !matchMedia('(pointer: coarse)').matches) return;
  const r = app.view.renderer;
  r.resize();
  const size = r.touchMapSize(p.width, p.height);
  if (!size) return;
  const { width, height } = size;
  const ok = guard(() => (p.loadCells(width, height, new Uint8Array(width * height).fill(1), [2, 2, width - 3, height - 3]), true));
  if (!ok) return;
  app.mapName = '';
  app.shippedText = null;
  showMapName('');
  $('#map-info').textContent = `An open ${width}×${height} map, sized for this screen: draw walls with one finger, zoom with two.`;
  app.view.fitSpeed();
  syncControls();
}

async function main() {
  const t0 = performance.now();
  const wasm = await loadPlanner(() => init(), say);
  if (!wasm) return;
  app.memory = wasm.memory;
  const p = app.session.newPlanner(FALLBACK.width, FALLBACK.height);
  p.setPalette(buildPalette());
  // The brush buttons, from the table (controls.js), before the legend colours their swatches.
  $('#brushes').replaceChildren(...brushButtons((command) => app.session.dispatch(command)));
  buildLegend();
  wireTerms();
  app.view = new PlannerView({
    session: app.session,
    planner: p,
    memory: () => app.memory,
    canvas: $('#grid-canvas'),
    menu: $('#context-menu'),
    hooks: pageHooks,
  });
  if (new URLSearchParams(location.search).has('perf')) $('#perf').hidden = false;

  const listPromise = maps.fetchIndex();
  const restoredAs = restore();
  const restored = restoredAs === 'restored';
  app.mapList = await listPromise;
  fillMapPicker(app.mapList);
  wireMapForms({
    planner, say, guard, save,
    loaded: (message) => {
      afterLoad('', message);
      scenarios.clear();
    },
  });
  fillAlgorithmSelect($('#algorithm'));
  scenarios = lazyScenarios({
    view: app.view,
    setMessage: say,
    settingsChanged: () => writeSettings(planner().settings()),
  });
  if (!restored) {
    const first = app.mapList[0];
    if (first) {
      try {
        await maps.loadBundled(p, first);
        app.mapName = first.file;
        app.shippedText = p.exportMap();
      } catch (e) {
        say(`${messageOf(e)} Starting with an empty map.`, 'error');
      }
    }
  }
  showMapName(app.mapName);

  app.view.fitSpeed();
  syncControls();
  wireControls();
  wireFields({ view: app.view, save });
  app.agents = wireAgents({ view: app.view, session: app.session, mapName: () => app.mapName });
  // Entering or leaving the Agents view changes what the speed counts.
  app.agents.onChange(showSpeed);
  // The node mesh's tools, loaded on first use (extras.js); Mesh mode's listeners are
  // capture-phase, so they see pointer events before the drawing tools whenever they attach.
  app.meshBar = lazyMesh(app.view, $('#grid-canvas'));
  app.view.setOverlay(app.meshBar.overlay);
  app.meshBar.syncBar();
  // The scrubber first: the canvas must have its final height when the view fits the map.
  app.timeline = new Timeline($('#timeline'), { views: () => [app.view] });
  app.session.setTimeline(app.timeline);
  if (!restored) fitFirstMapToTouch(p);
  app.view.start();
  app.openList = new OpenListPanel($('#open-list'), app.view);
  app.openList.update(true);
  $('#open-card').addEventListener('toggle', () => {
    if ($('#open-card').open) app.openList.update(true);
  });
  // The panels that show the planner's state, each rendered from the session's one state object.
  showPanels(app.session, app.view, [
    statsCard(),
    runButton($('#run')),
    undoButtons(/** @type {HTMLButtonElement} */ ($('#undo')), /** @type {HTMLButtonElement} */ ($('#redo'))),
    algorithmAvailability(),
    app.timeline,
    onChange(() => app.openList.update()),
    ...wireExtras(app.view, () => app.mapName),
  ]);
  if (restoredAs === 'damaged') {
    say('Your autosaved map could not be read (it is damaged), so it was ignored: starting with a shipped map.', 'error');
  } else if (restored && recoveredFromCrash(CRASH_KEY)) {
    say('The planner was reloaded after a crash: your autosaved map was restored.', 'success');
  } else if (!$('#message').dataset.kind || $('#message').dataset.kind === 'info') {
    say(restored
      ? `Welcome back: your map and settings were restored. Press ${touchOnly() ? 'Run' : 'Space'} to run.`
      : `Drag on the map to draw walls, then press ${withKey('Run', 'Space')} to watch the search.`, 'info');
  }
  const hadLink = location.hash.length > 1;
  const linked = await openLinkFromLocation();
  // A link that failed to open must not touch the autosave: it still holds the user's map.
  if (linked || !hadLink) save();
  requestAnimationFrame(() => {
    installHooks();
    app.perf = app.view.perf;
    app.view.perf.interactiveMs = performance.now() - t0;
  });
}

main();
