// Pathlab's entry point: loads the wasm planner, owns the requestAnimationFrame loop and wires
// the panels, the canvas input, autosave and the test hooks (window.pathlab). Every decision
// about the grid and the search is the planner's; this file only forwards and paints.

import init, { Planner } from './pkg/pathlab.js';
import { buildPalette } from './palette.js';
import { Renderer } from './render.js';
import { attachInput } from './input.js';
import { attachMesh } from './mesh.js';
import { showAvailability } from './availability.js';
import * as storage from './storage.js';
import * as maps from './maps.js';
import {
  $, SPEEDS, setMessage, showStats, statusWord, readSettings, writeSettings, reflectRelevance,
  showBrush, buildLegend, showInspector,
} from './ui.js';

const BRUSH_BYTES = { wall: 0, erase: 1, 1: 1, 2: 2, 3: 3, 4: 4 };
const FALLBACK = { width: 40, height: 25 };

/** Everything the page knows besides what lives in the planner. */
const app = {
  planner: null,
  memory: null,
  renderer: null,
  running: false,
  brush: 'wall',
  brushSize: 1,
  speed: 3,
  drawProgress: true,
  hover: null,
  path: [],
  pathVersion: -1,
  paintedVersion: -1,
  statsVersion: -1,
  shownRunning: false,
  inspected: '',
  lastStatus: 'running',
  walker: null,
  mapName: '',
  mapList: [],
  nextDoubleClick: 'start',
  perf: { paint: [], step: [] },
};

/** Runs `action`, turning any thrown error into an error message (never uncaught). */
function guard(action) {
  try {
    return action();
  } catch (e) {
    setMessage(messageOf(e), 'error');
    return undefined;
  }
}

function messageOf(e) {
  const text = e && e.message ? e.message : String(e);
  return text.charAt(0).toUpperCase() + text.slice(1) + (/[.!?]$/.test(text) ? '' : '.');
}

// ---- edits and search ------------------------------------------------------------------

app.brushByte = () => BRUSH_BYTES[app.brush];

app.setBrush = (brush) => {
  if (!(brush in BRUSH_BYTES)) return;
  app.brush = brush;
  showBrush(brush);
  save();
};

app.changed = () => {
  // A D* Lite walker keeps walking through edits: it replans from where it stands.
  if (!app.walker?.live) app.walker = null;
  updateButtons();
};

/** Called after every finished edit (stroke end, marker move, undo…): save and refresh. */
app.edited = () => {
  app.changed();
  syncStats();
  save();
};

app.step = () => {
  app.running = false;
  const status = app.planner.status;
  if (status !== 'running') app.planner.resetSearch();
  const t0 = performance.now();
  app.planner.stepOnce();
  app.perf.step.push(performance.now() - t0);
  syncStats();
  updateButtons();
};

app.toggleRun = () => {
  if (app.running) {
    app.running = false;
    setMessage('Paused. Press Space to go on, or N to step.', 'info');
  } else {
    if (app.planner.status !== 'running') app.planner.resetSearch();
    app.walker = null;
    app.running = true;
    setMessage('Searching…', 'info');
  }
  syncStats();
  updateButtons();
};

app.resetSearch = () => {
  app.running = false;
  app.walker = null;
  app.planner.resetSearch();
  setMessage('Search reset. Press Run (Space) or Step (N).', 'info');
  syncStats();
  updateButtons();
};

app.clearWalls = () => {
  const n = app.planner.clearWalls();
  setMessage(n ? `Cleared ${n} cells. Ctrl+Z brings them back.` : 'The map has no walls or terrain to clear.', 'info');
  app.edited();
};

app.undo = () => {
  if (!app.planner.undo()) setMessage('Nothing to undo.', 'info');
  app.edited();
};

app.redo = () => {
  if (!app.planner.redo()) setMessage('Nothing to redo.', 'info');
  app.edited();
};

app.setMarker = (which, cell) => {
  if (!cell) return false;
  return guard(() => {
    if (which === 'start') app.planner.setStart(cell.x, cell.y);
    else app.planner.setGoal(cell.x, cell.y);
    app.edited();
    return true;
  }) ?? false;
};

/** Double-click: the first places the start, the next the goal, and so on. */
app.doubleClick = (cell) => {
  const which = app.nextDoubleClick;
  if (app.setMarker(which, cell)) {
    app.nextDoubleClick = which === 'start' ? 'goal' : 'start';
    setMessage(`${which === 'start' ? 'Start' : 'Goal'} set at (${cell.x}, ${cell.y}).`, 'info');
  }
};

app.clearCell = (cell) => {
  app.planner.beginStroke();
  guard(() => app.planner.paintLine(cell.x, cell.y, cell.x, cell.y, 1, 1));
  app.planner.endStroke();
  app.edited();
};

app.walk = () => {
  if (app.planner.settings().algorithm === 'dstar-lite') {
    walkLive();
    return;
  }
  if (app.path.length < 4) {
    setMessage('There is no path to walk yet: run the search first.', 'info');
    return;
  }
  const pts = app.path;
  const lengths = [0];
  for (let i = 2; i < pts.length; i += 2) {
    const d = Math.hypot(pts[i] - pts[i - 2], pts[i + 1] - pts[i - 1]);
    lengths.push(lengths[lengths.length - 1] + d);
  }
  const total = lengths[lengths.length - 1];
  // About 8 cells a second, but never more than 12 s for very long paths.
  const duration = Math.min(12000, Math.max(1200, (total / 8) * 1000));
  app.walker = { pts, lengths, total, duration, t0: performance.now(), pos: null };
  setMessage('Walking the path…', 'info');
};

/** Milliseconds per cell for the D* Lite walker. */
const LIVE_STEP_MS = 140;

/**
 * D* Lite's walker: the planner moves the start one cell along the path per step and repairs
 * the search from there, so walls drawn in front of the walker are walked round.
 */
function walkLive() {
  if (app.planner.status !== 'found') {
    setMessage('There is no path to walk yet: run the search first.', 'info');
    return;
  }
  const at = app.planner.start();
  app.walker = { live: true, from: at, to: at, t0: performance.now(), steps: 0, done: false };
  setMessage('Walking with D* Lite: draw a wall in front of the walker and it replans from where it stands.', 'info');
}

function liveWalkerPosition(now) {
  const w = app.walker;
  if (!w.done && now - w.t0 >= LIVE_STEP_MS) {
    const next = app.planner.advanceWalker();
    if (next.length === 2) {
      w.from = w.to;
      w.to = { x: next[0], y: next[1] };
      w.steps++;
    } else {
      w.done = true;
      w.from = w.to;
      const goal = app.planner.goal();
      const arrived = w.to.x === goal.x && w.to.y === goal.y;
      setMessage(arrived
        ? `The walker arrived after ${w.steps} steps.`
        : 'The walker is stuck: the goal cannot be reached from here.', arrived ? 'success' : 'error');
    }
    w.t0 = now;
  }
  const f = w.done ? 1 : Math.min(1, (now - w.t0) / LIVE_STEP_MS);
  return { x: w.from.x + (w.to.x - w.from.x) * f, y: w.from.y + (w.to.y - w.from.y) * f, done: w.done };
}

function walkerPosition(now) {
  if (app.walker.live) return liveWalkerPosition(now);
  const w = app.walker;
  const t = Math.min(1, (now - w.t0) / w.duration);
  // Ease in and out so the walker starts and stops softly.
  const eased = t < 0.5 ? 2 * t * t : 1 - (-2 * t + 2) ** 2 / 2;
  const d = eased * w.total;
  let i = 1;
  while (i < w.lengths.length - 1 && w.lengths[i] < d) i++;
  const seg = w.lengths[i] - w.lengths[i - 1] || 1;
  const f = Math.min(1, Math.max(0, (d - w.lengths[i - 1]) / seg));
  const ax = w.pts[2 * (i - 1)];
  const ay = w.pts[2 * (i - 1) + 1];
  return { x: ax + (w.pts[2 * i] - ax) * f, y: ay + (w.pts[2 * i + 1] - ay) * f, done: t >= 1 };
}

// ---- speed and settings ----------------------------------------------------------------

function applySpeed() {
  const s = SPEEDS[app.speed];
  guard(() => app.planner.setSpeed(s.kind, s.amount));
  $('#speed-value').textContent = s.label;
  $('#speed').setAttribute('aria-valuetext', s.label);
}

function applySettingsFromForm() {
  reflectRelevance();
  const ok = guard(() => {
    app.planner.setSettings(readSettings());
    return true;
  });
  if (!ok) writeSettings(app.planner.settings());
  app.syncMeshBar();
  app.running = false;
  app.walker = null;
  updateButtons();
  save();
}

// ---- maps --------------------------------------------------------------------------------

function afterLoad(name, message) {
  app.mapName = name;
  app.running = false;
  app.walker = null;
  app.nextDoubleClick = 'start';
  const known = app.mapList.some((m) => m.file === name);
  $('#map').value = known ? name : '';
  if (!known) $('#map').selectedIndex = -1;
  app.renderer.gridW = app.planner.width;
  app.renderer.gridH = app.planner.height;
  app.renderer.fit(app.planner.width, app.planner.height);
  app.paintedVersion = -1;
  app.syncMeshBar();
  if (message) setMessage(message, 'success');
  app.edited();
}

async function openBundled(file) {
  const entry = app.mapList.find((m) => m.file === file);
  if (!entry) return;
  try {
    await maps.loadBundled(app.planner, entry);
    afterLoad(entry.file, `Loaded ${entry.name || entry.file} (${app.planner.width}×${app.planner.height}).`);
  } catch (e) {
    setMessage(`${messageOf(e)} The current map is kept.`, 'error');
    $('#map').value = app.mapName;
  }
}

async function openFile(file) {
  if (!file) return;
  try {
    await maps.loadFile(app.planner, file);
    afterLoad(file.name, `Opened ${file.name} (${app.planner.width}×${app.planner.height}).`);
  } catch (e) {
    setMessage(`Could not open ${file.name}: ${messageOf(e)} The current map is kept.`, 'error');
  }
}

function newMap() {
  const w = Number($('#new-width').value);
  const h = Number($('#new-height').value);
  const ok = (n) => Number.isInteger(n) && n >= 10 && n <= 1024;
  if (!ok(w) || !ok(h)) {
    setMessage('A new map needs a whole width and height from 10 to 1024.', 'error');
    return;
  }
  if (guard(() => (app.planner.newMap(w, h), true))) {
    afterLoad('', `New ${w}×${h} map. Draw some walls!`);
  }
}

// ---- autosave ------------------------------------------------------------------------------

function cellsView() {
  const p = app.planner;
  return new Uint8Array(app.memory.buffer, p.cellsPtr(), p.width * p.height);
}

function statesView() {
  const p = app.planner;
  return new Uint8Array(app.memory.buffer, p.statesPtr(), p.width * p.height);
}

function save() {
  if (!app.planner) return;
  const p = app.planner;
  const error = storage.save({
    width: p.width,
    height: p.height,
    cells: storage.encodeCells(cellsView()),
    start: p.start(),
    goal: p.goal(),
    settings: p.settings(),
    mesh: { nodes: Array.from(p.meshNodes()), edges: Array.from(p.meshEdges()) },
    map: app.mapName,
    ui: { brush: app.brush, brushSize: app.brushSize, speed: app.speed, drawProgress: app.drawProgress },
  });
  if (error) setMessage(error, 'error');
}

/** Restores the autosaved state; false when there is none or it is unusable. */
function restore() {
  const s = storage.load();
  if (!s || !Number.isInteger(s.width) || !Number.isInteger(s.height)) return false;
  const cells = typeof s.cells === 'string' ? storage.decodeCells(s.cells, s.width * s.height) : null;
  if (!cells) return false;
  const ok = guard(() => {
    if (s.settings) app.planner.setSettings(s.settings);
    const m = [s.start?.x, s.start?.y, s.goal?.x, s.goal?.y];
    const markers = m.every(Number.isInteger) ? new Uint32Array(m) : undefined;
    app.planner.loadCells(s.width, s.height, cells, markers);
    return true;
  });
  if (!ok) return false;
  // The node mesh comes back too; a stored mesh that no longer fits is dropped quietly.
  const mesh = s.mesh;
  if (mesh && Array.isArray(mesh.nodes) && Array.isArray(mesh.edges) && mesh.nodes.length > 0) {
    try {
      app.planner.setMesh(new Uint32Array(mesh.nodes), new Uint32Array(mesh.edges));
    } catch {
      // Not worth an error message on start-up: the user can generate or draw a new one.
    }
  }
  const ui = s.ui || {};
  if (ui.brush in BRUSH_BYTES) app.brush = ui.brush;
  if ([1, 3, 5].includes(ui.brushSize)) app.brushSize = ui.brushSize;
  if (Number.isInteger(ui.speed) && ui.speed >= 0 && ui.speed < SPEEDS.length) app.speed = ui.speed;
  if (typeof ui.drawProgress === 'boolean') app.drawProgress = ui.drawProgress;
  app.mapName = typeof s.map === 'string' ? s.map : '';
  return true;
}

// ---- the frame loop ------------------------------------------------------------------------

function updateButtons() {
  const run = $('#run');
  const label = app.running ? 'Pause' : 'Run';
  if (run.textContent !== label) run.textContent = label;
  run.setAttribute('aria-pressed', String(app.running));
  $('#undo').disabled = !app.planner.canUndo();
  $('#redo').disabled = !app.planner.canRedo();
  showAvailability(app.planner);
}

/** Whether an edit just repaired a finished LPA* or D* Lite path (not a walker step). */
function isRepair(stats) {
  const algorithm = app.planner.settings().algorithm;
  return (algorithm === 'lpa' || algorithm === 'dstar-lite') && !app.walker?.live
    && stats.status === 'found' && app.lastStatus === 'found' && stats.pathCost !== app.lastCost;
}

function announceRepair(stats) {
  setMessage(`Repaired the path: cost ${stats.pathCost.toFixed(4)} in ${stats.pathMoves} moves; the repair expanded ${stats.expanded} nodes.`, 'success');
}

function announceFinish(stats) {
  const cost = stats.pathCost?.toFixed(4);
  switch (stats.status) {
    case 'found':
      setMessage(`Path found: cost ${cost} in ${stats.pathMoves} moves, ${stats.expanded} nodes expanded.`, 'success');
      break;
    case 'no_path':
      setMessage(`No path: the goal cannot be reached from the start (${stats.expanded} nodes expanded).`, 'error');
      break;
    case 'partial':
      setMessage(`Partial path: the node budget ran out after ${stats.expanded} expansions; showing the way to the expanded node nearest the goal (cost ${cost}).`, 'info');
      break;
    default:
  }
}

function frame(now) {
  requestAnimationFrame(frame);
  const p = app.planner;
  if (app.running) {
    const t0 = performance.now();
    const status = app.drawProgress ? p.step() : p.runToEnd();
    app.perf.step.push(performance.now() - t0);
    if (status !== 'running') {
      app.running = false;
      updateButtons();
    }
  }
  syncStats();
  const version = p.version;
  inspect();
  let walker = null;
  if (app.walker) {
    walker = walkerPosition(now);
    const linger = app.walker.live ? 1500 : app.walker.duration + 1500;
    if (walker.done && now - app.walker.t0 > linger) app.walker = null;
  }
  if (version !== app.paintedVersion || app.renderer.dirty || walker) {
    app.renderer.paint({
      planner: p,
      version,
      path: app.path,
      start: p.start(),
      goal: p.goal(),
      current: app.running || p.status === 'running' ? p.current() : null,
      hover: app.hover,
      walker,
      brushSize: app.brushSize,
      overlay: app.overlay,
    });
    app.paintedVersion = version;
    app.perf.paint.push(app.renderer.lastPaintMs);
    if (app.perf.paint.length >= 60) reportPerf();
  }
}

/** Brings the statistics, path and buttons up to date with the planner (cheap when unchanged). */
function syncStats() {
  const p = app.planner;
  const version = p.version;
  if (version !== app.statsVersion || app.running !== app.shownRunning) {
    app.statsVersion = version;
    app.shownRunning = app.running;
    const stats = p.stats();
    showStats(stats, app.running);
    if (stats.status !== app.lastStatus && stats.status !== 'running') announceFinish(stats);
    else if (isRepair(stats)) announceRepair(stats);
    app.lastStatus = stats.status;
    app.lastCost = stats.pathCost;
    const path = p.path();
    app.path = path;
    if (app.walker && !app.walker.live && app.walker.pts.length !== path.length) app.walker = null;
    updateButtons();
    app.inspected = '';
  }
}

function inspect() {
  const h = app.hover;
  const key = h ? `${h.x},${h.y}` : '';
  if (key === app.inspected) return;
  app.inspected = key;
  showInspector(h ? app.planner.node(h.x, h.y) : null, h ? app.planner.cell(h.x, h.y) : 0);
}

function reportPerf() {
  const avg = (a) => (a.length ? a.reduce((x, y) => x + y, 0) / a.length : 0);
  app.perf.last = { paintMs: avg(app.perf.paint), stepMs: avg(app.perf.step), maxPaintMs: Math.max(...app.perf.paint) };
  app.perf.paint = [];
  app.perf.step = [];
  const el = $('#perf');
  if (!el.hidden) {
    el.textContent = `paint ${app.perf.last.paintMs.toFixed(2)} ms (max ${app.perf.last.maxPaintMs.toFixed(2)}) · step ${app.perf.last.stepMs.toFixed(2)} ms`;
  }
}

// ---- wiring ----------------------------------------------------------------------------------

function wireControls() {
  $('#step').addEventListener('click', () => app.step());
  $('#run').addEventListener('click', () => app.toggleRun());
  $('#reset-search').addEventListener('click', () => app.resetSearch());
  $('#clear-walls').addEventListener('click', () => app.clearWalls());
  $('#undo').addEventListener('click', () => app.undo());
  $('#redo').addEventListener('click', () => app.redo());
  $('#walk').addEventListener('click', () => app.walk());
  $('#speed').addEventListener('input', (e) => {
    app.speed = Number(e.target.value);
    applySpeed();
    save();
  });
  $('#draw-progress').addEventListener('change', (e) => {
    app.drawProgress = e.target.checked;
    save();
  });
  for (const b of document.querySelectorAll('[data-brush]')) {
    b.addEventListener('click', () => app.setBrush(b.dataset.brush));
  }
  $('#brush-size').addEventListener('change', (e) => {
    app.brushSize = Number(e.target.value);
    app.renderer.dirty = true;
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
  $('#new-map').addEventListener('click', newMap);
  $('#export-map').addEventListener('click', () => {
    guard(() => maps.downloadMap(app.planner, app.mapName));
    setMessage('Exported the map as a .map file.', 'success');
  });
  $('#zoom-in').addEventListener('click', () => app.zoom(1.25));
  $('#zoom-out').addEventListener('click', () => app.zoom(0.8));
  $('#zoom-fit').addEventListener('click', () => app.fit());

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

app.zoom = (factor) => {
  const r = app.renderer;
  r.zoomAt(factor, r.cssWidth / 2, r.cssHeight / 2);
};

app.fit = () => {
  app.renderer.fit(app.planner.width, app.planner.height);
};

function syncControls() {
  writeSettings(app.planner.settings());
  $('#speed').value = String(app.speed);
  $('#draw-progress').checked = app.drawProgress;
  $('#brush-size').value = String(app.brushSize);
  showBrush(app.brush);
  applySpeed();
  $('#new-width').value = String(Math.min(1024, Math.max(10, app.planner.width)));
  $('#new-height').value = String(Math.min(1024, Math.max(10, app.planner.height)));
}

function fillMapPicker() {
  const select = $('#map');
  select.replaceChildren();
  for (const m of app.mapList) {
    const o = document.createElement('option');
    o.value = m.file;
    o.textContent = m.name || m.file;
    if (m.description) o.title = m.description;
    select.append(o);
  }
  select.disabled = app.mapList.length === 0;
}

function installHooks() {
  const canvas = $('#grid-canvas');
  window.pathlab = {
    ready: true,
    cellToClient(x, y) {
      const rect = canvas.getBoundingClientRect();
      const c = app.renderer.cellCentre(x, y);
      return { x: rect.left + c.x, y: rect.top + c.y };
    },
    cell: (x, y) => cellsView()[y * app.planner.width + x],
    state: (x, y) => statesView()[y * app.planner.width + x],
    size: () => ({ width: app.planner.width, height: app.planner.height }),
    start: () => app.planner.start(),
    goal: () => app.planner.goal(),
    stats: () => ({ ...app.planner.stats(), statusText: statusWord(app.planner.stats(), app.running) }),
    exportMap: () => app.planner.exportMap(),
    path: () => Array.from(app.planner.path()),
    anyAngle: () => app.planner.isAnyAngle(),
    mesh: () => ({ nodes: Array.from(app.planner.meshNodes()), edges: Array.from(app.planner.meshEdges()) }),
    walker: () => (app.walker ? { live: Boolean(app.walker.live), done: Boolean(app.walker.done), steps: app.walker.steps ?? 0 } : null),
    perf: () => app.perf.last ?? null,
  };
}

async function main() {
  const t0 = performance.now();
  let wasm;
  try {
    wasm = await init();
  } catch (e) {
    setMessage(`The planner could not load (${messageOf(e)}) Build it with scripts/build-wasm.sh.`, 'error');
    return;
  }
  app.memory = wasm.memory;
  app.planner = new Planner(FALLBACK.width, FALLBACK.height);
  app.planner.setPalette(buildPalette());
  buildLegend();

  const canvas = $('#grid-canvas');
  app.renderer = new Renderer(canvas, () => app.memory);
  app.renderer.resize();
  if (new URLSearchParams(location.search).has('perf')) $('#perf').hidden = false;

  const listPromise = maps.fetchIndex();
  const restored = restore();
  app.mapList = await listPromise;
  fillMapPicker();
  if (!restored) {
    const first = app.mapList[0];
    if (first) {
      try {
        await maps.loadBundled(app.planner, first);
        app.mapName = first.file;
      } catch (e) {
        setMessage(`${messageOf(e)} Starting with an empty map.`, 'error');
      }
    }
  }
  const known = app.mapList.some((m) => m.file === app.mapName);
  if (known) $('#map').value = app.mapName;
  else $('#map').selectedIndex = -1;

  syncControls();
  wireControls();
  // Before the drawing tools, so Mesh mode sees pointer events first.
  app.overlay = attachMesh(app, canvas);
  app.syncMeshBar();
  attachInput(app, canvas);
  app.renderer.gridW = app.planner.width;
  app.renderer.gridH = app.planner.height;
  app.renderer.fit(app.planner.width, app.planner.height);
  new ResizeObserver(() => {
    const before = { w: app.renderer.cssWidth, h: app.renderer.cssHeight };
    if (app.renderer.resize()) {
      // Keep the map where it was relative to the centre; refit if it was fitted before.
      app.renderer.panBy((app.renderer.cssWidth - before.w) / 2, (app.renderer.cssHeight - before.h) / 2);
    }
  }).observe(canvas);
  updateButtons();
  if (!$('#message').dataset.kind || $('#message').dataset.kind === 'info') {
    setMessage(restored
      ? 'Welcome back: your map and settings were restored. Press Space to run.'
      : 'Drag on the map to draw walls, then press Run (Space) to watch the search.', 'info');
  }
  save();
  requestAnimationFrame((now) => {
    frame(now);
    installHooks();
    app.perf.interactiveMs = performance.now() - t0;
  });
}

main();
