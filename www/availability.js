// Which algorithms apply to the current map and movement. Jump Point Search and Theta* assume
// every free cell costs the same (and the Moving AI or 4-connected movement), and square cells
// (a map of hexagons has no rows, columns and diagonals to jump or shortcut along); the node
// mesh needs square cells too (its visibility graph can miss a way between hexes). The
// planner says why when they don't, and this greys their options out and shows the reason
// under the menu.

import { algorithmTable } from './algorithms.js';

/** Options whose availability depends on the map or movement (the table says which). */
const conditional = () => algorithmTable().filter((a) => a.needs.uniformCost || a.needs.movingAiMovement || a.needs.squareCells);

/** Disables the options that cannot run now and explains why under the algorithm menu. */
export function showAvailability(planner) {
  const select = /** @type {HTMLSelectElement | null} */ (document.getElementById('algorithm'));
  const note = document.getElementById('algorithm-note');
  if (!select || !note) return;
  /** @type {[string, string][]} */
  const reasons = [];
  for (const a of conditional()) {
    const option = /** @type {HTMLOptionElement | null} */ (select.querySelector(`option[value="${a.id}"]`));
    if (!option) continue;
    const reason = planner.algorithmUnavailable(a.id) ?? null;
    // Keep the chosen option selectable so the form never shows a blank menu.
    option.disabled = reason !== null && select.value !== a.id;
    option.title = reason ?? '';
    if (reason) reasons.push([a.label, reason]);
  }
  const why = unavailableSentence(reasons);
  const refused = planner.refusedReason() ?? null;
  const text = refused ?? why ?? '';
  if (note.textContent !== text) note.textContent = text;
  note.hidden = text === '';
  note.classList.toggle('refused', refused !== null);
}

/**
 * The note under the menu for `[label, reason]` pairs, or null for none: algorithms refused
 * for the same cause share one sentence ("A and B need …"), causes are joined by "; ".
 * @param {[string, string][]} reasons
 * @returns {string | null}
 */
export function unavailableSentence(reasons) {
  const groups = new Map();
  for (const [label, reason] of reasons) {
    const key = reason.replace(label, '\u0000');
    groups.set(key, [...(groups.get(key) ?? []), label]);
  }
  const list = (labels) => (labels.length === 1 ? labels[0] : `${labels.slice(0, -1).join(', ')} and ${labels[labels.length - 1]}`);
  return [...groups].map(([key, labels]) => (labels.length === 1
    ? key.replace('\u0000', labels[0])
    : key.replace('\u0000 needs', `${list(labels)} need`).replace('\u0000', list(labels)))).join('; ') || null;
}
