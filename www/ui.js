// DOM side of the panels: the message region, statistics, the settings form (controls ⇄
// the planner's settings object), brushes, the legend and the node inspector. Text goes in
// through textContent and DOM nodes only.

import { legendEntries } from './palette.js';
import { attachTerm } from './terms.js';
import { all, el } from './dom.js';
import { statusWord } from './status.js';
import { algorithmInfo } from './algorithms.js';
import { messageOf } from './view.js';

export const $ = (sel) => document.querySelector(sel);

/**
 * The status line. It is one line tall (style.css), the whole sentence in its title on hover;
 * a tap, click or Enter opens it to its full length until the next sentence (a touch screen
 * has no hover); layout.css shows it opened over the page, so nothing moves.
 */
function messageEl() {
  const line = $('#message');
  if (line && line.dataset.opens === undefined) {
    line.dataset.opens = '';
    const flip = () => {
      line.dataset.open = String(line.dataset.open !== 'true');
    };
    line.addEventListener('click', flip);
    line.addEventListener('keydown', (e) => {
      if (e.key === 'Enter') flip();
    });
  }
  return line;
}

/**
 * Writes the status line (the live region); kind is info, error or success. `at` is the
 * planner state the line describes, `{version, step}` (status.js): it goes into
 * `data-version` and `data-step`, so a reader (and the end-to-end tests) can tell whether the
 * line has caught up with the statistics and the timeline. Without `at` (a page-level message
 * before any planner exists) both are cleared.
 */
export function setMessage(text, kind = 'info', at = null) {
  const el = messageEl();
  el.dataset.kind = kind;
  if (el.textContent !== text) {
    el.textContent = text;
    el.title = text;
    el.dataset.open = 'false';
  }
  syncMark(el, at);
}

/** Sets (or clears) `data-version` and `data-step` on `el` for the planner state `at`. */
export function syncMark(el, at) {
  if (at) {
    el.dataset.version = String(at.version);
    el.dataset.step = String(at.step);
  } else {
    delete el.dataset.version;
    delete el.dataset.step;
  }
}

/**
 * Loads the wasm planner with `init` (the package's default export); when it cannot, says so
 * with how to build it and resolves to null.
 * @template T
 * @param {() => Promise<T>} init
 * @param {(text: string, kind: string) => void} say
 * @returns {Promise<T | null>}
 */
export async function loadPlanner(init, say) {
  try {
    return await init();
  } catch (e) {
    say(`The planner could not load (${messageOf(e)}) Build it with scripts/build-wasm.sh.`, 'error');
    return null;
  }
}

/**
 * A page's Copy link, the one rule: `make()` makes the link (`{url, …}`; when it throws, the
 * page says "Could not make a link: …" and nothing else happens), `show()` reveals the field,
 * the link goes into `field` and onto the clipboard; when the browser will not copy, the
 * field is focused and selected for Ctrl+C. `copied(link)` and `selected(link)` are the
 * sentences said either way.
 * @template {{url: string}} L
 * @param {{say: (text: string, kind: string) => void, field: HTMLInputElement, make: () => L, show: () => void,
 *   copied: (link: L) => string, selected: (link: L) => string}} how
 */
export async function copyLink({ say, field, make, show, copied, selected }) {
  let link;
  try {
    link = make();
  } catch (e) {
    say(`Could not make a link: ${messageOf(e)}`, 'error');
    return;
  }
  show();
  field.value = link.url;
  try {
    await navigator.clipboard.writeText(link.url);
    say(copied(link), 'success');
  } catch {
    field.focus();
    field.select();
    say(selected(link), 'info');
  }
}

const fmt = {
  int: (n) => String(Math.round(n ?? 0)),
  ms: (n) => (n >= 100 ? n.toFixed(0) : n.toFixed(2)),
  cost: (c) => (c === null || c === undefined ? '—' : c.toFixed(4)),
  bytes: (n) => (n >= 1e6 ? `${(n / 1e6).toFixed(1)} MB` : `${Math.round((n ?? 0) / 1e3)} KB`),
};

/** Precompute ms, and while a table is built in pieces (goal bounding) how far it is. */
function precomputeText(stats) {
  const ms = fmt.ms(stats.precomputeMs);
  const part = stats.precomputeProgress;
  return part > 0 && part < 1 ? `${ms} (${Math.floor(part * 100)} %)` : ms;
}

let statEls = null;

/** Writes the statistics panel. */
export function showStats(stats, running, noMesh = false) {
  statEls ??= Object.fromEntries(
    all('[data-stat]').map((el) => [el.dataset.stat, el]),
  );
  const values = {
    status: statusWord(stats, running, noMesh),
    expanded: fmt.int(stats.expanded),
    generated: fmt.int(stats.generated),
    reopened: fmt.int(stats.reopened),
    open: fmt.int(stats.openSize),
    runs: fmt.int(stats.runCount),
    elapsed: fmt.ms(stats.elapsedMs),
    precompute: precomputeText(stats),
    'table-memory': fmt.bytes(stats.precomputeBytes),
    cost: fmt.cost(stats.pathCost),
    moves: stats.pathMoves === null || stats.pathMoves === undefined ? '—' : fmt.int(stats.pathMoves),
  };
  for (const [key, text] of Object.entries(values)) {
    const el = statEls[key];
    if (el && el.textContent !== text) el.textContent = text;
  }
  statEls.status.dataset.value = values.status;
  const card = statEls.status.closest('[data-sync]');
  if (card) syncMark(card, { version: stats.version, step: stats.step });
}

/** Reads the settings form into the planner's settings object; throws a readable Error. */
export function readSettings() {
  const weightText = $('#weight').value.trim();
  const weight = Number(weightText);
  if (weightText === '' || !Number.isFinite(weight)) {
    throw new Error('The heuristic weight must be a number (1 = plain A*).');
  }
  const budgetText = $('#budget').value.trim();
  let nodeBudget = null;
  if (budgetText !== '') {
    nodeBudget = Number(budgetText);
    if (!Number.isInteger(nodeBudget) || nodeBudget < 1) {
      throw new Error('The node budget must be a whole number of at least 1, or empty for none.');
    }
  }
  const heuristic = $('#heuristic').value;
  return {
    // While the Agents view lists the MAPF solvers in the menu, the search keeps its own.
    algorithm: $('#algorithm').dataset.searchAlgorithm || $('#algorithm').value,
    heuristic: heuristic === 'auto' ? null : heuristic,
    weight,
    movement: {
      connectivity: $('#connectivity').value,
      diagonalRule: $('#diagonal-rule').value,
      diagonalCost: Number($('#diagonal-cost').value),
    },
    neighbourOrder: $('#goal-directed').checked ? 'goal-directed' : 'fixed',
    nodeBudget,
  };
}

/** Puts a settings object back into the form. */
export function writeSettings(s) {
  $('#algorithm').value = s.algorithm;
  $('#heuristic').value = s.heuristic ?? 'auto';
  $('#weight').value = String(s.weight);
  $('#connectivity').value = String(s.movement.connectivity);
  $('#diagonal-rule').value = s.movement.diagonalRule;
  const cost = $('#diagonal-cost');
  cost.value = String(s.movement.diagonalCost);
  if (cost.value === '') cost.value = '1.4142135623730951';
  $('#goal-directed').checked = s.neighbourOrder === 'goal-directed';
  $('#budget').value = s.nodeBudget === null || s.nodeBudget === undefined ? '' : String(s.nodeBudget);
  reflectRelevance();
}

/** The current map's cell shape, as `showShape` last heard it. */
let mapShape = 'square';

/**
 * Makes the settings form fit a map of cells of `shape`: the heuristic menu offers `Auto`
 * and `heuristics` (the planner's list for the shape, `[{id, label}]`), and on hexagons the
 * movement controls are dimmed (a hex has six neighbours and no diagonals).
 */
export function showShape(shape, heuristics) {
  mapShape = shape;
  const select = $('#heuristic');
  const chosen = select.value;
  select.replaceChildren(el('option', { value: 'auto', text: 'Auto' }),
    ...heuristics.map((h) => el('option', { value: h.id, text: h.label })));
  select.value = heuristics.some((h) => h.id === chosen) ? chosen : 'auto';
  const why = shape === 'square' ? '' : 'Hexagons have six neighbours and no diagonals: the movement settings apply to square cells.';
  for (const id of ['connectivity', 'diagonal-rule', 'diagonal-cost']) $(`#${id}`).closest('.field').title = why;
  reflectRelevance();
}

/** Dims the controls the chosen algorithm or movement ignores (they stay usable). */
export function reflectRelevance() {
  const info = algorithmInfo($('#algorithm').value);
  const hex = mapShape !== 'square';
  $('#connectivity').closest('.field').classList.toggle('idle', hex);
  const eight = $('#connectivity').value === '8' && !hex;
  $('#heuristic').closest('.field').classList.toggle('idle', !info?.usesHeuristic);
  $('#weight').closest('.field').classList.toggle('idle', !info?.usesWeight);
  $('#goal-directed').closest('.field').classList.toggle('idle', !info?.usesNeighbourOrder);
  $('#budget').closest('.field').classList.toggle('idle', !info?.usesNodeBudget);
  $('#diagonal-rule').closest('.field').classList.toggle('idle', !eight);
  $('#diagonal-cost').closest('.field').classList.toggle('idle', !eight);
}

/**
 * Marks the active brush button.
 * @param {string | null} brush the brush's id, or null when another tool is pressed instead
 */
export function showBrush(brush) {
  for (const b of all('[data-brush]')) {
    b.setAttribute('aria-pressed', String(b.dataset.brush === brush));
  }
}

/** The legend entries that are textbook terms, and their ids in terms.js. */
const LEGEND_TERMS = {
  Open: 'open', Closed: 'closed', 'Re-opened': 'reopened', 'Jump point': 'jump-point',
  'Scanned by a jump': 'scanned', Repaired: 'repaired', 'Current node': 'current',
};

/** Builds the legend from the same colour table as the frame palette. */
export function buildLegend() {
  const list = $('#legend');
  list.replaceChildren();
  // Its terms are one Tab stop, the arrows move between them (terms.js).
  list.dataset.termGroup = '';
  for (const [label, colour, shape] of legendEntries()) {
    const li = document.createElement('li');
    const sw = document.createElement('span');
    sw.className = `legend-swatch ${shape}`;
    sw.style.setProperty('--c', colour);
    sw.setAttribute('aria-hidden', 'true');
    li.append(sw, document.createTextNode(label));
    if (LEGEND_TERMS[label]) attachTerm(li, LEGEND_TERMS[label]);
    list.append(li);
  }
  const swatches = { wall: 0, erase: 1, t1: 1, t2: 2, t3: 3, t4: 4 };
  const entries = legendEntries();
  for (const el of all('[data-swatch]')) {
    el.style.setProperty('--c', entries[swatches[el.dataset.swatch]][1]);
  }
}

const STATE_NAMES = {
  unvisited: 'not reached',
  open: 'open',
  closed: 'closed',
  reopened: 're-opened',
  path: 'on the path',
};
const CELL_NAMES = ['wall', 'cost 1', 'cost 2', 'cost 3', 'cost 4'];

/** Writes the node inspector line for the hovered cell (or the hint when none). */
export function showInspector(node, cellByte) {
  const el = $('#inspector');
  if (!node) {
    el.textContent = 'Hover a cell to inspect its node.';
    return;
  }
  const n4 = (v) => (v === null || v === undefined ? '—' : v.toFixed(4));
  const parts = [
    `(${node.x}, ${node.y})`,
    CELL_NAMES[cellByte] ?? '',
    STATE_NAMES[node.state] ?? node.state,
    `g ${n4(node.g)}`,
    `h ${n4(node.h)}`,
    `f ${n4(node.f)}`,
    `parent ${node.parent ? `(${node.parent[0]}, ${node.parent[1]})` : '—'}`,
    `expanded ${node.expansion ? `#${node.expansion}` : '—'}`,
  ];
  el.textContent = parts.join(' · ');
}
