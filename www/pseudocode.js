// The pseudocode panel: the chosen algorithm's pseudocode (from the planner's table,
// `Planner.pseudocode`) beside the search, the line the shown step is at highlighted and its
// variables listed. A step runs several lines (the pop, the goal test, each neighbour and its
// case); the panel shows them one at a time — ◀ and ▶ walk through the lines, and on past
// the step's ends into the previous or next step, so the search can be followed line by
// line across the timeline. It reads the step trace (`Planner.stepTrace()`, decoded in Rust)
// only while it is shown, at most every 100 ms, after the paint: hidden, it costs nothing.
//
// Like the open list it writes `data-version` and `data-step` for the state it shows, and
// `data-sub` / `data-line` / `data-line-id` for the sub-step shown (docs/testing.md).
//
// While the Agents view is shown it lists the chosen MAPF solver's pseudocode instead
// (`Agents.pseudocode`), the line the live solve's last step ended on lit (the frame's
// `line`, Rust's) and that step's headline below it.

import { Planner, Agents } from './pkg/pathlab.js';
import { el } from './dom.js';
import { algorithmInfo } from './algorithms.js';
import { decodeTrace, noteText, sentence, valueText } from './trace-words.js';

/** The shortest time between two reads of the trace while the step keeps changing. */
const MIN_GAP_MS = 100;

export class PseudocodePanel {
  /**
   * @param {HTMLElement} root the element to build into
   * @param {import('./view.js').PlannerView} view the planner view it follows
   * @param {{visible?: boolean}} [options]
   */
  constructor(root, view, { visible = true } = {}) {
    this.view = view;
    this.visible = visible;
    this.algorithm = '';
    this.shownVersion = -1;
    this.lastRun = -Infinity;
    this.queued = false;
    /** @type {import('./trace-words.js').Trace | null} */
    this.trace = null;
    this.sub = 0;
    // Where the next trace's sub-step starts: 'first', or 'last' after stepping back into it.
    this.enter = 'first';
    this.build(root);
    // The Agents view's steps do not change the planner: its changes are heard directly.
    view.agents?.onChange(() => this.update(true));
  }

  build(root) {
    const button = (name, text, label) => {
      const b = el('button', { type: 'button', text, class: 'pc-nav', title: label, 'aria-label': label, 'data-pc': name });
      return b;
    };
    this.title = el('span', { class: 'pc-title', 'data-pc': 'title' });
    this.where = el('span', { class: 'pc-where', 'data-pc': 'where' });
    this.prev = button('prev', '◀', 'Previous line (into the previous step at its start)');
    this.next = button('next', '▶', 'Next line (into the next step at its end)');
    this.code = el('ol', { class: 'pc-code', 'aria-label': 'Pseudocode', 'data-pc': 'code' });
    this.say = el('p', { class: 'pc-say', 'data-pc': 'say', 'aria-live': 'polite' });
    this.vars = el('dl', { class: 'pc-vars', 'data-pc': 'vars' });
    this.root = el('div', { class: 'pseudocode', 'data-pseudocode': '' }, [
      el('div', { class: 'pc-head' }, [this.title, this.where, this.prev, this.next]),
      this.code,
      this.say,
      this.vars,
    ]);
    root.append(this.root);
    this.prev.addEventListener('click', () => this.move(-1));
    this.next.addEventListener('click', () => this.move(1));
    this.code.addEventListener('click', (e) => {
      const li = /** @type {HTMLElement | null} */ (/** @type {HTMLElement} */ (e.target).closest('li'));
      if (li) this.showLine(Number(li.dataset.line));
    });
    this.root.addEventListener('keydown', (e) => {
      if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
      if (/** @type {HTMLElement} */ (e.target).closest('input, select, textarea')) return;
      e.preventDefault();
      e.stopPropagation();
      this.move(e.key === 'ArrowLeft' ? -1 : 1);
    });
    this.root.hidden = !this.visible;
  }

  /** Shows or hides the panel; hidden, it reads nothing from the planner. */
  setVisible(on) {
    this.visible = on;
    this.root.hidden = !on;
    if (on) this.update(true);
    else this.ring(null);
  }

  /** The component call (view.js): the planner's state changed. */
  render() {
    this.update();
  }

  /**
   * Re-reads the trace when the planner changed since it was last read: after the next
   * paint, at most every MIN_GAP_MS (a rebuild of the search before the step can take a
   * dozen milliseconds on a 1024² map while the timeline is dragged).
   */
  update(force = false) {
    if (!this.visible || this.view.destroyed || this.queued) return;
    if (!force && this.view.planner.version === this.shownVersion) return;
    this.queued = true;
    const wait = Math.max(0, this.lastRun + MIN_GAP_MS - performance.now());
    requestAnimationFrame(() => setTimeout(() => {
      this.queued = false;
      if (this.visible && !this.view.destroyed) this.refresh();
    }, wait));
  }

  refresh() {
    if (this.view.agents?.active) {
      this.refreshAgents(this.view.agents.state);
      return;
    }
    const p = this.view.planner;
    this.lastRun = performance.now();
    this.shownVersion = p.version;
    const algorithm = p.settings().algorithm;
    if (algorithm !== this.algorithm) this.showCode(algorithm);
    let trace;
    try {
      trace = decodeTrace(p.stepTrace());
    } catch (e) {
      trace = { step: p.timelinePosition(), note: -1, subs: [], error: e?.message || String(e) };
    }
    const sameStep = this.trace && this.trace.step === trace.step && this.trace.subs.length === trace.subs.length;
    this.trace = trace;
    if (!sameStep) this.sub = this.enter === 'last' ? Math.max(0, trace.subs.length - 1) : 0;
    this.enter = 'first';
    this.sub = Math.min(this.sub, Math.max(0, trace.subs.length - 1));
    this.root.dataset.step = String(trace.step);
    this.root.dataset.version = String(p.version);
    this.show();
  }

  /**
   * The Agents view's solver: its pseudocode, the live step's line lit and its headline.
   * @param {import('./agents.js').AgentsState} s
   */
  refreshAgents(s) {
    this.lastRun = performance.now();
    this.shownVersion = -1;
    const key = `mapf:${s.solver}`;
    if (key !== this.algorithm) {
      const info = (/** @type {import('./pkg/pathlab.js').MapfSolver[]} */ (Agents.solvers())).find((x) => x.id === s.solver);
      this.showCode(key, info?.label ?? s.solver, Array.from(Agents.pseudocode(s.solver)));
    }
    const f = s.frame && s.frame.solver === s.solver ? s.frame : null;
    let lit = -1;
    for (const li of /** @type {HTMLElement[]} */ ([...this.code.children])) {
      const on = Boolean(f) && li.dataset.id === f?.line;
      if (on && lit < 0) lit = Number(li.dataset.line);
      li.classList.toggle('current', on);
      li.classList.remove('ran');
      if (on) li.setAttribute('aria-current', 'step');
      else li.removeAttribute('aria-current');
      /** @type {HTMLElement} */ (li.lastElementChild).textContent = '';
    }
    this.trace = null;
    this.root.dataset.step = f ? String(f.steps) : '0';
    this.root.dataset.sub = '-1';
    this.root.dataset.line = String(lit);
    this.root.dataset.lineId = f ? f.line : '';
    this.where.textContent = f ? `step ${f.steps} · line ${lit + 1}` : 'step 0';
    this.say.textContent = f ? f.words.headline : 'Step or Run the solver to see where its search is.';
    this.vars.replaceChildren();
    this.prev.disabled = true;
    this.next.disabled = true;
    this.ring(null);
    this.scrollToCurrent();
  }

  /**
   * Lists the pseudocode of `algorithm` (a search's id; for a MAPF solver, its `mapf:` key
   * with its `title` and `lines`).
   * @param {string} algorithm
   * @param {string} [title]
   * @param {{id: string, depth: number, text: string}[]} [given]
   */
  showCode(algorithm, title = undefined, given = undefined) {
    this.algorithm = algorithm;
    const info = algorithmInfo(algorithm);
    this.title.textContent = title ?? (info ? info.label : algorithm);
    const lines = given ?? Array.from(Planner.pseudocode(algorithm));
    this.code.replaceChildren(...lines.map((line, i) => {
      const li = el('li', { 'data-line': String(i), 'data-id': line.id }, [
        el('code', { text: line.text }),
        el('span', { class: 'pc-runs', 'aria-hidden': 'true' }),
      ]);
      li.style.setProperty('--depth', String(line.depth));
      return li;
    }));
  }

  /** Writes the sub-step shown: its line, its sentence, its variables. */
  show() {
    const trace = this.trace;
    const subs = trace?.subs ?? [];
    const sub = subs[this.sub] ?? null;
    const runs = new Map();
    for (const s of subs) runs.set(s.line, (runs.get(s.line) ?? 0) + 1);
    for (const li of /** @type {HTMLElement[]} */ ([...this.code.children])) {
      const i = Number(li.dataset.line);
      const n = runs.get(i) ?? 0;
      li.classList.toggle('ran', n > 0);
      li.classList.toggle('current', sub?.line === i);
      if (sub?.line === i) li.setAttribute('aria-current', 'step');
      else li.removeAttribute('aria-current');
      /** @type {HTMLElement} */ (li.lastElementChild).textContent = n > 1 ? `×${n}` : '';
    }
    this.root.dataset.sub = String(sub ? this.sub : -1);
    this.root.dataset.line = String(sub ? sub.line : -1);
    this.root.dataset.lineId = sub ? /** @type {HTMLElement} */ (this.code.children[sub.line])?.dataset.id ?? '' : '';
    const who = algorithmInfo(this.algorithm)?.label ?? this.algorithm;
    if (sub) {
      // The line it lights, by the number beside it; then where that is among the lines
      // this step ran.
      this.where.textContent = `step ${trace.step} · line ${sub.line + 1} · ${this.sub + 1} of ${subs.length} lines run this step`;
      this.say.textContent = sentence(sub, who);
    } else {
      this.where.textContent = `step ${trace?.step ?? 0}`;
      this.say.textContent = trace?.error || noteText(trace?.note ?? 0);
    }
    this.vars.replaceChildren(...(sub?.vars ?? []).map((v) => el('div', { 'data-var': v.name, ...(v.kind === 'cell' ? { 'data-cell': `${v.a},${v.b}` } : {}) }, [
      el('dt', { text: v.name }),
      el('dd', { text: valueText(v) }),
    ])));
    this.prev.disabled = !sub || (this.sub === 0 && trace.step === 0);
    this.next.disabled = !sub;
    this.ring(sub?.cell ?? null);
    this.scrollToCurrent();
  }

  /** Scrolls the code so that the lit line is in view. */
  scrollToCurrent() {
    const current = /** @type {HTMLElement | null} */ (this.code.querySelector('li.current'));
    if (current && this.code.scrollHeight > this.code.clientHeight) {
      const top = current.offsetTop - this.code.offsetTop;
      if (top < this.code.scrollTop || top + current.offsetHeight > this.code.scrollTop + this.code.clientHeight) {
        this.code.scrollTop = top - this.code.clientHeight / 3;
      }
    }
  }

  /** Rings `cell` on the map (or nothing). */
  ring(cell) {
    this.view.setHighlight(cell ? { x: cell.x, y: cell.y } : null);
  }

  /**
   * One line back or forward: within the step, or on into the previous step (at its last
   * line) or the next one (at its first), through the timeline — at the live end, the next
   * step is searched.
   */
  move(delta) {
    const subs = this.trace?.subs ?? [];
    const to = this.sub + delta;
    if (to >= 0 && to < subs.length) {
      this.sub = to;
      this.show();
      return;
    }
    this.enter = delta < 0 ? 'last' : 'first';
    const v = this.view;
    if (v.session.timeline) v.session.dispatch({ cmd: 'timelineStep', delta });
    else if (delta > 0 && v.planner.status === 'running') v.session.dispatch({ cmd: 'step' });
    else return;
    this.update(true);
  }

  /** Shows the first sub-step run on line `line` (the next one, when it is shown already). */
  showLine(line) {
    const subs = this.trace?.subs ?? [];
    const on = subs.map((s, i) => (s.line === line ? i : -1)).filter((i) => i >= 0);
    if (!on.length) return;
    this.sub = on.find((i) => i > this.sub && subs[this.sub].line === line) ?? on[0];
    this.show();
  }

  destroy() {
    this.root.remove();
  }
}
