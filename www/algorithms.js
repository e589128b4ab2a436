// The algorithm table, as the Rust core defines it (src/search/table.rs): ids, labels, what
// each needs and which settings it reads. Every menu of algorithms on every page is built
// from it, and every "does this algorithm…" question is answered by it, so www/ never lists
// algorithms of its own.

import { Planner } from './pkg/pathlab.js';

let rows = null;

/** The rows, in menu order (call after the wasm module is initialised). */
export function algorithmTable() {
  rows ??= Array.from(Planner.algorithms());
  return rows;
}

/** The row of algorithm `id`, or null for an unknown id. */
export function algorithmInfo(id) {
  return algorithmTable().find((a) => a.id === id) ?? null;
}

/** Fills a `<select>` with one option per algorithm (`filter` picks which), keeping its value. */
export function fillAlgorithmSelect(select, { filter = () => true, label = (a) => a.menuLabel } = {}) {
  const value = select.value;
  select.replaceChildren();
  for (const a of algorithmTable().filter(filter)) {
    const o = document.createElement('option');
    o.value = a.id;
    o.textContent = label(a);
    o.title = a.summary;
    select.append(o);
  }
  if (value && [...select.options].some((o) => o.value === value)) select.value = value;
}

/**
 * The planners compare mode opens with: `algorithm` (the planner's default when none is given)
 * against its rival from the table, as `[{algorithm, weight}]`.
 */
export function defaultRace(algorithm = null) {
  const first = algorithmInfo(algorithm) ?? algorithmTable().find((a) => a.isDefault) ?? algorithmTable()[0];
  const planners = [first.id];
  if (first.inCompare) planners.push(first.rival);
  else planners.push(algorithmInfo(first.rival).id, algorithmInfo(first.rival).rival);
  return planners.map((id) => ({ algorithm: id, weight: null }));
}
