// The panels that show a planner's state: each is a component with `render(state, view)`,
// given the one PlannerState object the view reads from the planner when it changes (see
// view.js). A page picks the panels it has and hands them to its PlannerView; none of them
// asks the planner for its state on its own.

import { showStats } from './ui.js';
import { statusWord, summaryLine } from './status.js';
import { showAvailability } from './availability.js';
import { algorithmInfo } from './algorithms.js';

/** @typedef {import('./view.js').PlannerState} PlannerState */
/** @typedef {import('./view.js').Component} Component */

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
    render(state, view) {
      showStats(state.stats, state.running, state.noMesh);
      // The precomputation row only for an algorithm that precomputes (the table says which).
      const row = /** @type {HTMLElement | null} */ (document.querySelector('[data-stat-row="precompute"]'));
      if (row) row.hidden = !algorithmInfo(view.planner.settings().algorithm)?.precomputes;
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
