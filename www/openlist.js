// The open-list panel: the top entries of a planner's open list at the shown step (cell, g,
// h, f, and the direction and key columns when the algorithm has them), the first row marked
// as the node chosen next with the planner's sentence on why (the tie-break). Hovering or
// focusing a row rings that cell on the canvas. It reads `openTop`/`openWhy` from the wasm
// planner and refreshes only when the version in its lane's state (the session's state
// object, which app.js's panels subscribe to) changes, never on idle frames.

import { attachTerm, termText } from './terms.js';

/** How many entries the panel lists. */
export const OPEN_ROWS = 8;
/** The shortest time between two reads of the open list while the step keeps changing. */
const MIN_GAP_MS = 100;

const num = (v) => (v === null || v === undefined || !Number.isFinite(v) ? '—' : Number.isInteger(v) ? String(v) : v.toFixed(3));

const key2 = (v) => (Number.isFinite(v) ? (Number.isInteger(v) ? String(v) : v.toFixed(2)) : '∞');

function cell(tag, text, cls = '') {
  const node = document.createElement(tag);
  node.textContent = text;
  if (cls) node.className = cls;
  return node;
}

/**
 * An open-list row in words: "next: cell 2, 2, g 0, h 83.439, f 83.439" (the first), "3: cell
 * …" (the others), with the direction and key when the row has them.
 * @param {{x: number, y: number, g: number, h: number, f: number, direction?: string, key?: number[]}} e
 * @param {number} i its rank, from 0
 * @param {(v: number) => string} n how the panel writes a number
 */
export function rowWords(e, i, n = num) {
  const parts = [`cell ${e.x}, ${e.y}`, `g ${n(e.g)}`, `h ${n(e.h)}`, `f ${n(e.f)}`];
  if (e.direction) parts.push(e.direction === 'backward' ? 'from the goal' : 'from the start');
  if (Array.isArray(e.key)) parts.push(`key ${e.key.map(n).join(' and ')}`);
  return `${i === 0 ? 'next' : String(i + 1)}: ${parts.join(', ')}`;
}

export class OpenListPanel {
  /**
   * `root`: the element to fill (the panel's body); `view`: the PlannerView to read.
   */
  constructor(root, view) {
    this.root = root;
    this.view = view;
    this.shownVersion = -1;
    this.lastRun = -Infinity;
    this.queued = false;
    this.entries = [];
    this.why = root.querySelector('[data-open="why"]') || root.appendChild(cell('p', '', 'open-why'));
    this.why.dataset.open = 'why';
    attachTerm(this.why, 'tie-breaking');
    this.table = root.querySelector('table') || root.appendChild(document.createElement('table'));
    this.table.className = 'open-table';
    this.table.addEventListener('pointerover', (e) => this.hoverRow(e.target.closest('tr')));
    this.table.addEventListener('pointerleave', () => this.hoverRow(null));
    this.table.addEventListener('focusin', (e) => this.hoverRow(e.target.closest('tr')));
    this.table.addEventListener('focusout', () => this.hoverRow(null));
  }

  hoverRow(tr) {
    const i = tr ? Number(tr.dataset.index) : NaN;
    const entry = Number.isInteger(i) ? this.entries[i] : null;
    this.view.setHighlight(entry ? { x: entry.x, y: entry.y } : null);
  }

  /**
   * Re-reads the open list when the planner changed since it was last read. The read happens
   * after the next paint and at most every MIN_GAP_MS: on a 1024² map `openTop` takes a
   * dozen milliseconds, and a drag over the timeline must paint the grid first.
   */
  update(force = false) {
    if (this.view.destroyed || this.queued) return;
    if (!force && this.version() === this.shownVersion) return;
    // Until the read, the list describes no step: a reader waiting for `data-step` to match
    // the shown step (the tests) waits for the read, not for a list left from before.
    delete this.root.dataset.step;
    // A closed panel reads nothing; it is read when it opens.
    if (this.root.closest('details')?.open === false) return;
    this.queued = true;
    const wait = Math.max(0, this.lastRun + MIN_GAP_MS - performance.now());
    requestAnimationFrame(() => setTimeout(() => {
      this.queued = false;
      if (!this.view.destroyed) this.refresh();
    }, wait));
  }

  /** The planner version of the lane's state in the session's state object. */
  version() {
    const v = this.view;
    return v.session.laneState(v)?.version ?? v.planner.version;
  }

  refresh() {
    const p = this.view.planner;
    this.lastRun = performance.now();
    this.shownVersion = this.version();
    // The step the list describes, for whoever needs to know it is up to date (the tests).
    this.root.dataset.step = String(p.timelinePosition());
    let entries = [];
    let why = '';
    try {
      entries = Array.from(p.openTop(OPEN_ROWS) || []);
      why = entries.length ? p.openWhy() : '';
    } catch (e) {
      why = e?.message || String(e);
    }
    if (!entries.length && !why) {
      why = p.status === 'running' ? 'The open list is empty.' : 'The search is over: the open list is not used any more.';
      if (p.stats().fresh) why = 'Run or step the search to fill the open list.';
    }
    this.show(entries, why);
  }

  show(entries, why) {
    this.entries = entries;
    this.why.textContent = why;
    const hasDir = entries.some((e) => e.direction);
    const hasKey = entries.some((e) => Array.isArray(e.key));
    const head = document.createElement('tr');
    const cols = ['', 'cell', 'g', 'h', 'f'];
    if (hasDir) cols.push('dir');
    if (hasKey) cols.push('key');
    for (const c of cols) {
      const th = cell('th', c);
      th.scope = 'col';
      // Hover and screen readers only: the rows, focusable, say their g, h and f in words.
      if (termText(c)) {
        th.tabIndex = -1;
        attachTerm(th, c);
      }
      head.append(th);
    }
    const rows = entries.map((e, i) => {
      const tr = document.createElement('tr');
      tr.dataset.index = String(i);
      tr.tabIndex = 0;
      if (i === 0) tr.className = 'next';
      // The row in words for a screen reader (its cells read as one run of figures).
      tr.setAttribute('aria-label', rowWords(e, i, hasKey ? key2 : num));
      tr.append(cell('td', i === 0 ? 'next' : String(i + 1), 'rank'));
      tr.append(cell('td', `(${e.x}, ${e.y})`));
      // With a key column the numbers take two decimals, so the row fits the side panel.
      const n = hasKey ? key2 : num;
      tr.append(cell('td', n(e.g)), cell('td', n(e.h)), cell('td', n(e.f)));
      if (hasDir) tr.append(cell('td', e.direction === 'backward' ? '← goal' : e.direction ? 'start →' : ''));
      // Two decimals keep the two-part key narrow enough for the side panel.
      if (hasKey) tr.append(cell('td', Array.isArray(e.key) ? `[${e.key.map(key2).join(', ')}]` : ''));
      return tr;
    });
    const thead = document.createElement('thead');
    thead.append(head);
    const tbody = document.createElement('tbody');
    tbody.append(...rows);
    this.table.replaceChildren(...(entries.length ? [thead, tbody] : []));
    this.table.classList.toggle('keyed', hasKey);
    // A row that disappeared takes its highlight with it.
    if (this.view.highlight) this.hoverRow(null);
  }
}
