// The panels that show a planner's state: each is a component with `render(state, view)`,
// given its lane's PlannerState from the Session's one state object (`state.lanes`, which
// each view fills when its planner changes: view.js `syncStats`). A page picks the panels it
// has and shows them with `showPanels(session, view, panels)`, a subscription to the
// session; none of them asks the planner for its state on its own.

import { showStats } from './ui.js';
import { all } from './dom.js';
import { statusWord, summaryLine } from './status.js';
import { showAvailability } from './availability.js';
import { algorithmInfo } from './algorithms.js';

/** @typedef {import('./view.js').PlannerState} PlannerState */
/** @typedef {import('./view.js').Component} Component */

/**
 * Renders `panels` with lane `view`'s planner state whenever the session's state holds a new
 * one for it (at once, when it holds one already); stops when the view is destroyed. Returns
 * a function that stops it.
 * @param {import('./session.js').Session} session
 * @param {import('./view.js').PlannerView} view
 * @param {Component[]} panels
 */
export function showPanels(session, view, panels) {
  let shown = null;
  const show = (state) => {
    const lane = state.lanes[session.views.indexOf(view)] ?? null;
    if (!lane || lane === shown || view.destroyed) return;
    shown = lane;
    for (const c of panels) c.render(lane, view);
  };
  const stop = session.subscribe((state) => {
    if (view.destroyed) stop();
    else show(state);
  });
  show(session.state);
  return stop;
}

/**
 * The Run button: "Pause" while the search runs, pressed. (Compare mode renders it with
 * `{running}` of all its planners.)
 * @param {HTMLElement | null | undefined} button
 */
export function runButton(button) {
  return {
    /** @param {{running: boolean}} state */
    render(state) {
      if (!button) return;
      const label = state.running ? 'Pause' : 'Run';
      if (button.textContent !== label) button.textContent = label;
      button.setAttribute('aria-pressed', String(state.running));
    },
  };
}

/**
 * The undo and redo buttons, enabled while there is something to undo or redo.
 * @param {HTMLButtonElement} undo
 * @param {HTMLButtonElement} redo
 * @returns {Component}
 */
export function undoButtons(undo, redo) {
  return {
    render(state) {
      undo.disabled = !state.canUndo;
      redo.disabled = !state.canRedo;
    },
  };
}

/**
 * The main page's statistics card (the `[data-stat]` cells).
 * @returns {Component}
 */
export function statsCard() {
  return {
    render(state) {
      showStats(state.stats, state.running, state.noMesh);
      // The precomputation row only for an algorithm that precomputes (the table says which).
      const precomputes = !!algorithmInfo(state.algorithm)?.precomputes;
      for (const row of all('[data-stat-row^="precompute"]')) row.hidden = !precomputes;
    },
  };
}

/**
 * The algorithm menu's options greyed out where they cannot run on this map, with the reason.
 * @returns {Component}
 */
export function algorithmAvailability() {
  return { render: (_state, view) => showAvailability(view.planner) };
}

/**
 * A one-word status and a summary line, for small views (the JS API, compare panels).
 * @param {HTMLElement} wordEl gets the status word (also as `data-value` or `data-status`)
 * @param {HTMLElement} lineEl gets "expanded N · open M · cost C" (may be `wordEl` itself,
 *   then it gets "word · expanded …")
 * @returns {Component}
 */
export function summary(wordEl, lineEl) {
  return {
    render(state) {
      const word = statusWord(state.stats, state.running, state.noMesh);
      if (wordEl === lineEl) {
        wordEl.textContent = `${word} · ${summaryLine(state.stats)}`;
        wordEl.dataset.status = word;
        return;
      }
      wordEl.textContent = word;
      wordEl.dataset.value = word;
      lineEl.textContent = summaryLine(state.stats);
    },
  };
}

/**
 * Calls `fn(state, view)` on every change: for a page's own bookkeeping (a table to refresh).
 * @param {(state: PlannerState, view: import('./view.js').PlannerView) => void} fn
 * @returns {Component}
 */
export function onChange(fn) {
  return { render: fn };
}
