// Plain words: the one table of the textbook terms the pages show ("Generated", "Re-opened",
// "Node budget", "heuristic weight", …), each with a one-line explanation, and the one way to
// attach it: an element with `data-term="id"` gets the line as its accessible description
// (`aria-describedby`) and shows it in a small tip on hover, on keyboard focus and on a tap.
// A label's term also describes the control it labels (focus on the control shows the tip).

/** @type {Record<string, string>} term id → its one-line explanation. */
export const TERMS = {
  status: 'What the search is doing now: ready, running, paused, found, no path or partial.',
  expanded: 'Expanded: nodes taken off the open list to look at their neighbours. The fewer, the less work the search did.',
  generated: 'Generated: neighbours given a cost from the start for the first time, and so put on the open list.',
  reopened: 'Re-opened: finished (closed) nodes put back on the open list because a cheaper way to them turned up.',
  'open-list': 'Open list: the nodes found but not yet expanded; the search expands the one with the lowest f next.',
  open: 'Open: a node found but not yet expanded (it waits on the open list).',
  closed: 'Closed: a node already expanded; its cost from the start is known.',
  'frames-run': 'Frames run: how many times the search was run, once per animation frame while it runs, once for Step or an instant run (the manual\'s run count).',
  elapsed: 'Elapsed ms: the time spent searching, in milliseconds; painting is not counted.',
  precompute: 'Precompute ms: the time to build the table JPS+ (and goal bounding) reads, before the first search and after an edit; "(37 %)" while goal bounding builds in pieces.',
  'table-memory': 'Table memory: JPS+ keeps 16 bytes a cell, goal bounding 64 more. Its build grows with the map squared: maps up to 65,536 cells (256²), about a minute there; an edit rebuilds it.',
  'path-cost': 'Path cost: the sum of the path\'s step costs (each step\'s length times the terrain cost).',
  'path-moves': 'Path moves: how many steps the path takes from cell to cell.',
  heuristic: 'Heuristic (h): the search\'s estimate of the cost left from a cell to the goal. Auto picks the one that fits the movement.',
  weight: 'Heuristic weight (w): f = g + w × h. 1 is plain A*; above 1 the search expands fewer nodes but may find a dearer path.',
  connectivity: 'Connectivity: whether a move goes to the 4 side neighbours or to all 8, corners included.',
  'diagonal-rule': 'Diagonal rule: when a diagonal move past walls is allowed: never, only without cutting a wall\'s corner, with one side free (a wall on one side only), or always.',
  'diagonal-cost': 'Diagonal cost: what a diagonal step costs, against 1 for a side step (√2 is its true length).',
  'node-budget': 'Node budget: the most nodes the search may expand (0 = no limit); when it runs out, the path leads to the expanded node nearest the goal.',
  'goal-directed': 'Goal-directed neighbour order: a node\'s neighbours are looked at in order of how directly they head for the goal, so ties go toward it.',
  'tie-breaking': 'Tie-breaking: which node goes first when several have the same f; here the one with the larger g, then the one found first.',
  g: 'g: the cost of the best way found so far from the start to this node.',
  h: 'h: the heuristic, the estimated cost from this node to the goal.',
  f: 'f: g + h (with the weight, g + w × h): the estimated cost of the whole path through this node. The lowest goes next.',
  next: 'next: the node the search expands next, the lowest f on the open list.',
  speed: 'Speed: how many nodes the search expands (in the Agents view, steps its solver takes) each second while you watch (at 60 frames a second). Instant shows the end at once.',
  'draw-progress': 'Draw progress: paint the search as it goes. Off, it runs without painting and shows only the end.',
  'jump-point': 'Jump point: a node Jump Point Search stops at, where the way can turn; only these go on the open list.',
  scanned: 'Scanned by a jump: cells a jump looked at on its way, without putting them on the open list.',
  repaired: 'Repaired: cells whose cost an edit changed and the search worked out again (LPA*, D* Lite).',
  current: 'Current node: the node being expanded at the step shown.',
  'distance-field': 'Distance field: the cost from every cell to the goal, as a heat map, with an arrow toward the goal in each cell.',
  'movement-range': 'Movement range: every cell a unit can reach within its budget of movement points, terrain costs included.',
  'range-budget': 'Budget: the movement points the unit has; a step costs its length times the terrain cost.',
  walkers: 'Walkers: a crowd that follows the distance field\'s arrows to the goal.',
};

/** The explanation of term `id`, or null when the table has none. */
export function termText(id) {
  return Object.prototype.hasOwnProperty.call(TERMS, id) ? TERMS[id] : null;
}

/** The id of the hidden element that holds term `id`'s line (for `aria-describedby`). */
export const termId = (id) => `term-${id}`;

/** @type {HTMLElement | null} */
let tip = null;
/** @type {HTMLElement | null} */
let shownFor = null;

/** The page's one tip, made on first use. */
function tipElement() {
  if (tip) return tip;
  tip = document.createElement('div');
  tip.className = 'term-tip';
  tip.setAttribute('role', 'tooltip');
  tip.dataset.termTip = '';
  tip.hidden = true;
  Object.assign(tip.style, {
    position: 'fixed', zIndex: '1000', maxWidth: 'min(22rem, calc(100vw - 16px))', padding: '0.35rem 0.55rem',
    borderRadius: '7px', background: '#141821', color: '#fff', font: '0.8rem/1.35 system-ui, sans-serif',
    boxShadow: '0 4px 14px rgba(0, 0, 0, 0.25)', pointerEvents: 'none',
  });
  document.body.append(tip);
  // The tip belongs to where its term was: gone with a scroll, or with its term (a table
  // redrawn under the pointer).
  window.addEventListener('scroll', () => hideTerm(), { passive: true, capture: true });
  document.addEventListener('pointermove', () => {
    if (shownFor && !shownFor.isConnected) hideTerm();
  }, { passive: true });
  return tip;
}

/** The hidden element holding term `id`'s line, made once per page. */
function description(id) {
  let d = document.getElementById(termId(id));
  if (!d) {
    d = document.createElement('span');
    d.id = termId(id);
    d.hidden = true;
    d.textContent = /** @type {string} */ (termText(id));
    document.body.append(d);
  }
  return d;
}

/** Shows term `id`'s tip beside `anchor` (below it, or above when there is no room). */
export function showTerm(anchor, id) {
  const text = termText(id);
  if (!text) return;
  const t = tipElement();
  t.textContent = text;
  t.dataset.shows = id;
  t.hidden = false;
  shownFor = anchor;
  const r = anchor.getBoundingClientRect();
  const w = t.offsetWidth;
  const h = t.offsetHeight;
  const left = Math.max(8, Math.min(r.left, window.innerWidth - w - 8));
  const below = r.bottom + 6;
  t.style.left = `${left}px`;
  t.style.top = `${below + h > window.innerHeight - 8 ? Math.max(8, r.top - h - 6) : below}px`;
}

/** Hides the tip (only when `anchor` is the one it is shown for, if given). */
export function hideTerm(anchor = null) {
  if (!tip || (anchor && anchor !== shownFor)) return;
  tip.hidden = true;
  shownFor = null;
}

/** Adds `id` to the element's `aria-describedby`, once. */
function describe(elem, id) {
  const ids = (elem.getAttribute('aria-describedby') || '').split(/\s+/).filter(Boolean);
  if (!ids.includes(termId(id))) elem.setAttribute('aria-describedby', [...ids, termId(id)].join(' '));
}

/** Whether `elem` takes the keyboard focus by itself. */
const focusable = (elem) => elem.matches('a[href], button, input, select, textarea, summary, [tabindex]');

/** The arrow keys that move within a group of terms, and which way. */
const ROVE = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };

/**
 * A group of terms (`data-term-group`: the statistics, the legend) is one Tab stop; the
 * arrow keys move between its terms, each showing its tip as it takes the focus.
 * @param {HTMLElement} group
 */
function rove(group) {
  if (group.dataset.termRoving !== undefined) return;
  group.dataset.termRoving = '';
  group.addEventListener('keydown', (e) => {
    const delta = ROVE[/** @type {keyof typeof ROVE} */ (e.key)];
    if (!delta) return;
    const items = /** @type {HTMLElement[]} */ ([...group.querySelectorAll('[data-term]')]).filter((t) => t.getClientRects().length > 0);
    const i = items.indexOf(/** @type {HTMLElement} */ (document.activeElement));
    if (i < 0) return;
    e.preventDefault();
    const next = items[(i + delta + items.length) % items.length];
    items[i].tabIndex = -1;
    next.tabIndex = 0;
    next.focus();
  });
}

/**
 * Attaches term `id` to `elem`: its accessible description, and the tip on hover, on focus
 * and on a tap. A label's term goes to its control too; an element that cannot take the
 * focus is made focusable, so the keyboard reaches every term (in a `data-term-group`, one
 * Tab stop for the group and the arrows within it).
 * @param {HTMLElement} elem
 * @param {string} id
 */
export function attachTerm(elem, id) {
  if (!termText(id) || elem.dataset.termWired === id) return;
  elem.dataset.term = id;
  elem.dataset.termWired = id;
  description(id);
  describe(elem, id);
  const control = elem instanceof HTMLLabelElement ? elem.control : null;
  const group = /** @type {HTMLElement | null} */ (elem.closest('[data-term-group]'));
  if (control) describe(control, id);
  else if (!focusable(elem)) elem.tabIndex = group?.querySelector('[data-term][tabindex="0"]') ? -1 : 0;
  if (group) rove(group);
  const show = () => showTerm(elem, id);
  const hide = () => hideTerm(elem);
  elem.addEventListener('mouseenter', show);
  elem.addEventListener('mouseleave', hide);
  for (const target of control ? [elem, control] : [elem]) {
    target.addEventListener('focus', show);
    target.addEventListener('blur', () => hideTerm(elem));
    target.addEventListener('keydown', (e) => {
      if (e.key === 'Escape') hide();
    });
  }
  // A tap shows the line (and a second tap on the same term hides it).
  elem.addEventListener('pointerup', (e) => {
    if (e.pointerType === 'mouse') return;
    if (shownFor === elem && tip && !tip.hidden) hide();
    else show();
  });
}

/** Attaches every `[data-term]` element under `root` (once each). */
export function wireTerms(root = document) {
  for (const elem of /** @type {NodeListOf<HTMLElement>} */ (root.querySelectorAll('[data-term]'))) {
    attachTerm(elem, /** @type {string} */ (elem.dataset.term));
  }
}
