// The one table of controls every page is built from: the toolbar buttons, the speed stops,
// the brushes and the keyboard shortcuts, each written once with the command it dispatches
// (a plain object for a Session, session.js). The main page, compare mode, the JS API, the
// iframe embed and <pathlab-grid> build their buttons, brush buttons and menus and their key
// handling from here, so a shortcut or a brush cannot differ between them.

import { el } from './dom.js';

/** The frames a second the speeds are worded for (a usual display). */
export const FRAMES_PER_SECOND = 60;

/**
 * "1 800 expansions/s": `perFrame` a frame, a second. `unit` is what the view's speed counts
 * (`speedUnit`): a search's `expansions`, or the Agents view's solver `steps`.
 */
export function perSecond(perFrame, unit = speedUnit('path')) {
  return `${String(perFrame * FRAMES_PER_SECOND).replace(/\B(?=(\d{3})+$)/g, ' ')} ${unit}/s`;
}

/**
 * What a view's speed counts: the Agents view steps its solver (a step of CBS, PIBT, LaCAM
 * or PP, agents.js `runFrame`), every other view's search expands nodes (expansions). The
 * one word for it: the main page, compare mode and the JS API all say it from here.
 * @param {string} view the view shown: `path`, `field`, `range` or `agents`
 */
export function speedUnit(view) {
  return view === 'agents' ? 'steps' : 'expansions';
}

/**
 * Speed stop `index` in words for `view` (`speedUnit`): so many a second, or what the last
 * two do (fastest, instant).
 * @param {number} index
 * @param {string} [view]
 */
export function speedLabel(index, view = 'path') {
  const s = SPEEDS[index];
  if (!s) return '';
  return s.kind === 'expansions' ? perSecond(s.amount, speedUnit(view)) : s.label;
}

/**
 * Speed slider stops: index 0 = one expansion per frame, last = instant. Each is said as
 * expansions a second; the last two as what they do (as many as 8 ms of each frame
 * allow, still drawn; the end at once).
 */
export const SPEEDS = [
  ...[1, 2, 5, 10, 30, 100, 500, 2000, 10000].map((amount) => ({ label: perSecond(amount), kind: 'expansions', amount })),
  { label: 'fastest', kind: 'millis', amount: 8 },
  { label: 'instant', kind: 'instant', amount: 0 },
];

/**
 * Said when a frame's share of stepping (frame-share.js) cut an expansion-count speed short:
 * the machine cannot expand that many nodes in the part of a frame the search may take.
 */
export const SPEED_LIMITED = 'speed limited by this machine';

/** The default speed stop (10 expansions a frame). */
export const DEFAULT_SPEED = 3;

/** How long the default speed lets a whole-map search take, in frames (about 3 s at 60 Hz). */
const DEFAULT_SEARCH_FRAMES = 180;

/**
 * The speed stop (index into SPEEDS) that fits a map of `cells` cells: the slowest number of
 * expansions per frame that expands the whole map in about three seconds, so a small maze
 * is watchable and a 1024² map still finishes in a few seconds. Used until the user picks a
 * speed; a picked speed is kept.
 * @param {number} cells
 */
export function speedFor(cells) {
  const want = cells / DEFAULT_SEARCH_FRAMES;
  const i = SPEEDS.findIndex((s) => s.kind === 'expansions' && s.amount >= want);
  return i >= 0 ? i : SPEEDS.findIndex((s) => s.kind === 'millis');
}

/**
 * @typedef {object} Brush
 * @property {string} id the brush's name (`data-brush`, the autosave, the `brush` command)
 * @property {number} byte the grid byte it paints: 0 wall, 1–4 terrain cost
 * @property {string} label the main page's button text
 * @property {string | null} menuLabel the small views' menu text (null: not in the menu —
 *   Erase paints the same byte)
 * @property {string} key its keyboard shortcut
 * @property {string} title the button's tooltip
 * @property {string} swatch the legend colour of its swatch (`data-swatch`)
 */

/** @type {Brush[]} The brushes, in the order every page shows them. */
export const BRUSHES = [
  { id: 'wall', byte: 0, label: 'Wall', menuLabel: 'Wall', key: 'w', title: 'Wall (W)', swatch: 'wall' },
  { id: 'erase', byte: 1, label: 'Erase', menuLabel: 'Erase', key: 'e', title: 'Erase (E)', swatch: 'erase' },
  { id: '1', byte: 1, label: '1', menuLabel: null, key: '1', title: 'Terrain cost 1 (1)', swatch: 't1' },
  { id: '2', byte: 2, label: '2', menuLabel: 'Cost 2', key: '2', title: 'Terrain cost 2 (2)', swatch: 't2' },
  { id: '3', byte: 3, label: '3', menuLabel: 'Cost 3', key: '3', title: 'Terrain cost 3 (3)', swatch: 't3' },
  { id: '4', byte: 4, label: '4', menuLabel: 'Cost 4', key: '4', title: 'Terrain cost 4 (4)', swatch: 't4' },
];

/** The brush sizes (cells across). */
export const BRUSH_SIZES = [1, 3, 5];

/** The brush named `id`, or null. */
export function brushNamed(id) {
  return BRUSHES.find((b) => b.id === String(id)) ?? null;
}

/**
 * @typedef {object} Button
 * @property {string} name the control's name (`controls=` of the JS API and embeds, `data-control`)
 * @property {string} label its text
 * @property {string} title its tooltip on a page with one planner
 * @property {string} [titleAll] its tooltip in compare mode (every planner at once)
 * @property {string} [pageId] the main page's button (index.html) it wires
 * @property {string} [ariaLabel]
 * @property {boolean} [primary]
 * @property {object} command the command it dispatches
 */

/** @type {Button[]} The toolbar buttons that dispatch a command. */
export const BUTTONS = [
  { name: 'step', label: 'Step', title: 'One expansion (N)', titleAll: 'One expansion in every planner (N or →)', pageId: 'step', command: { cmd: 'step' } },
  { name: 'run', label: 'Run', title: 'Run or pause (Space)', titleAll: 'Run or pause every planner (Space)', pageId: 'run', primary: true, command: { cmd: 'toggleRun' } },
  { name: 'reset', label: 'Reset', title: 'Reset the search (R)', titleAll: 'Reset every search (R)', pageId: 'reset-search', command: { cmd: 'reset' } },
  { name: 'clear', label: 'Clear walls', title: 'Make every cell open ground', pageId: 'clear-walls', command: { cmd: 'clear' } },
  { name: 'undo', label: '↶', ariaLabel: 'Undo', title: 'Undo (Ctrl+Z)', titleAll: 'Undo in every planner (Ctrl+Z)', pageId: 'undo', command: { cmd: 'undo' } },
  { name: 'redo', label: '↷', ariaLabel: 'Redo', title: 'Redo (Ctrl+Shift+Z)', titleAll: 'Redo in every planner (Ctrl+Shift+Z)', pageId: 'redo', command: { cmd: 'redo' } },
  { name: 'walk', label: 'Walk', title: 'Walk the path', pageId: 'walk', command: { cmd: 'walk' } },
  { name: 'zoom-in', label: '+', title: 'Zoom in (+)', pageId: 'zoom-in', command: { cmd: 'zoom', factor: 1.25 } },
  { name: 'zoom-out', label: '−', title: 'Zoom out (−)', pageId: 'zoom-out', command: { cmd: 'zoom', factor: 0.8 } },
  { name: 'zoom-fit', label: '⤢', title: 'Fit (F)', pageId: 'zoom-fit', command: { cmd: 'fit' } },
];

/** The button named `name` (throws on an unknown one: a typo in a page, not a user's input). */
export function buttonNamed(name) {
  const b = BUTTONS.find((x) => x.name === name);
  if (!b) throw new Error(`no control called "${name}"`);
  return b;
}

/**
 * @typedef {object} Shortcut
 * @property {string} key the event's key (letters lower-case)
 * @property {boolean} [shift] with Shift held (without: Shift may be up or down)
 * @property {boolean} [ctrl] with Ctrl (or ⌘) held
 * @property {'run' | 'timeline' | 'edit' | 'view'} group run and timeline keys drive every
 *   planner of a page; edit keys change the map (off in a read-only view); view keys zoom
 * @property {object} command the command it dispatches
 */

/** @type {Shortcut[]} The keyboard shortcuts; the first match wins. */
export const SHORTCUTS = [
  { key: 'z', ctrl: true, shift: true, group: 'edit', command: { cmd: 'redo' } },
  { key: 'z', ctrl: true, group: 'edit', command: { cmd: 'undo' } },
  { key: 'y', ctrl: true, group: 'edit', command: { cmd: 'redo' } },
  { key: 'ArrowLeft', shift: true, group: 'timeline', command: { cmd: 'timelineStep', delta: -1 } },
  { key: 'ArrowRight', shift: true, group: 'timeline', command: { cmd: 'timelineStep', delta: 1 } },
  { key: ' ', group: 'run', command: { cmd: 'toggleRun' } },
  { key: 'n', group: 'run', command: { cmd: 'step' } },
  { key: 'ArrowRight', group: 'run', command: { cmd: 'step' } },
  { key: 'r', group: 'run', command: { cmd: 'reset' } },
  { key: ',', group: 'timeline', command: { cmd: 'timelineStep', delta: -1 } },
  { key: '.', group: 'timeline', command: { cmd: 'timelineStep', delta: 1 } },
  { key: 'Home', group: 'timeline', command: { cmd: 'timelineSeek', step: 0 } },
  { key: 'End', group: 'timeline', command: { cmd: 'timelineSeek', step: Infinity } },
  ...BRUSHES.map((b) => ({ key: b.key, group: /** @type {const} */ ('edit'), command: { cmd: 'brush', brush: b.id } })),
  { key: 's', group: 'edit', command: { cmd: 'placeMarker', which: 'start' } },
  { key: 'g', group: 'edit', command: { cmd: 'placeMarker', which: 'goal' } },
  { key: 'f', group: 'view', command: { cmd: 'fit' } },
  { key: '+', group: 'view', command: { cmd: 'zoom', factor: 1.25 } },
  { key: '=', group: 'view', command: { cmd: 'zoom', factor: 1.25 } },
  { key: '-', group: 'view', command: { cmd: 'zoom', factor: 0.8 } },
];

/** A key event's key as the table writes it: single characters lower-case. */
export function keyName(e) {
  return e.key.length === 1 ? e.key.toLowerCase() : e.key;
}

/**
 * The shortcut a key event asks for, or null. Alt never makes a shortcut; Ctrl (or ⌘) only
 * the ones written with it. Without `timeline` (a view with no scrubber) the timeline keys
 * are no shortcuts: they are left to the browser.
 * @param {{key: string, shiftKey: boolean, ctrlKey: boolean, metaKey: boolean, altKey: boolean}} e
 * @param {{timeline?: boolean}} [options]
 * @returns {Shortcut | null}
 */
export function shortcutFor(e, { timeline = true } = {}) {
  if (e.altKey) return null;
  const key = keyName(e);
  const ctrl = e.ctrlKey || e.metaKey;
  return SHORTCUTS.find((s) => s.key === key && Boolean(s.ctrl) === ctrl && (s.shift === undefined || s.shift === e.shiftKey)
    && (timeline || s.group !== 'timeline')) ?? null;
}

// ---- built from the table ---------------------------------------------------------------

/**
 * A toolbar button for control `name` that calls `dispatch` with its command. `many`: the
 * page drives several planners (compare mode's tooltips). `attr` names the data attribute
 * the page marks its controls with (`data-control`, `data-compare`).
 * @param {string} name
 * @param {(command: object) => void} dispatch
 * @param {{many?: boolean, attr?: string}} [options]
 */
export function controlButton(name, dispatch, { many = false, attr = 'data-control' } = {}) {
  const b = buttonNamed(name);
  const button = el('button', {
    type: 'button', text: b.label, title: (many && b.titleAll) || b.title, class: b.primary ? 'primary' : '', [attr]: name,
  });
  if (b.ariaLabel) button.setAttribute('aria-label', b.ariaLabel);
  button.addEventListener('click', () => dispatch({ ...b.command }));
  return button;
}

/** Wires the main page's buttons (index.html, by `pageId`) to `dispatch`. */
export function wirePageButtons(dispatch, root = document) {
  for (const b of BUTTONS) {
    const button = b.pageId && root.querySelector(`#${b.pageId}`);
    if (button) button.addEventListener('click', () => dispatch({ ...b.command }));
  }
}

/** The main page's brush buttons (`data-brush`, pressed = active), each with its swatch. */
export function brushButtons(dispatch, active = 'wall') {
  return BRUSHES.map((b) => {
    const button = el('button', { type: 'button', 'data-brush': b.id, 'aria-pressed': String(b.id === active), title: b.title }, [
      el('span', { class: 'swatch', 'data-swatch': b.swatch }), b.label,
    ]);
    button.addEventListener('click', () => dispatch({ cmd: 'brush', brush: b.id }));
    return button;
  });
}

/** A small view's brush menu (a select) that dispatches the brush chosen. */
export function brushMenu(dispatch, attrs = {}) {
  const select = el('select', { 'aria-label': 'Brush', ...attrs },
    BRUSHES.filter((b) => b.menuLabel).map((b) => el('option', { value: b.id, text: b.menuLabel })));
  select.addEventListener('change', () => dispatch({ cmd: 'brush', brush: select.value }));
  return select;
}

/** A speed slider over SPEEDS that dispatches the stop chosen. */
export function speedSlider(dispatch, attrs = {}) {
  const input = el('input', { type: 'range', min: '0', max: String(SPEEDS.length - 1), step: '1', ...attrs });
  input.addEventListener('input', () => dispatch({ cmd: 'setSpeed', speed: Number(input.value) }));
  return input;
}

/** Shows speed stop `index` on a slider: its value and its spoken label in `view`'s unit. */
export function showSpeed(input, index, view = 'path') {
  if (!input) return;
  input.value = String(index);
  input.setAttribute('aria-valuetext', speedLabel(index, view));
}
