// The main page's View bar (index.html): the View menu (Path search, Distance field,
// Movement range), the field's controls (walkers, Release, arrows) and legend (the heat ramp
// from 0 to the field's largest cost, and the unreached colour), the range's budget (a number
// and a slider) and its "Place unit" tool, and the inspector's line for the cell under the
// pointer in those views. The planner decides everything; this file forwards and shows.

import { $, showBrush } from './ui.js';
import { heatGradient, css, UNREACHED, rangeSwatch } from './palette.js';
import { noSearchSentence } from './status.js';
import { DEFAULT_WALKERS } from './fields-view.js';

/** A cost or budget as the bar shows it: at most two decimals. */
const amount = (c) => String(Number(c.toFixed(2)));

/** The slider's top: the budget it offers without typing (typing goes up to 1e6). */
const SLIDER_MAX = 60;

/**
 * Wires the View bar to the page's planner view.
 * @param {{view: import('./view.js').PlannerView, save: () => void}} page
 */
export function wireFields({ view, save }) {
  const layer = view.fields;
  const viewSelect = /** @type {HTMLSelectElement} */ ($('#view'));
  const count = /** @type {HTMLInputElement} */ ($('#walker-count'));
  const budget = /** @type {HTMLInputElement} */ ($('#range-budget'));
  const slider = /** @type {HTMLInputElement} */ ($('#range-slider'));
  const arrows = /** @type {HTMLInputElement} */ ($('#show-arrows'));
  const pickButton = $('#pick-origin');
  count.value = String(DEFAULT_WALKERS);
  $('#heat-ramp').style.background = heatGradient();
  $('#unreached-swatch').style.setProperty('--c', css(UNREACHED.rgb));
  $('#range-swatch').style.setProperty('--c', rangeSwatch());

  viewSelect.addEventListener('change', () => {
    // The Agents view is not the planner's: agents-ui.js shows it.
    if (viewSelect.value === 'agents') return;
    const kind = /** @type {import('./pkg/pathlab.js').ViewName} */ (viewSelect.value);
    // The range view opens with the unit picker on: a click moves the unit.
    if (kind === 'range') layer.setPickMode(true);
    const ok = view.guard(() => (view.planner.setView(kind), true));
    if (!ok) viewSelect.value = layer.state.view;
    layer.read();
    view.renderer.invalidate();
    save();
  });

  $('#release-walkers').addEventListener('click', () => {
    const n = Number(count.value);
    view.guard(() => layer.release(n));
  });
  $('#clear-walkers').addEventListener('click', () => view.guard(() => layer.clearWalkers()));
  arrows.addEventListener('change', () => {
    layer.arrows = arrows.checked;
    view.renderer.invalidate();
  });

  /** Applies a budget typed or slid; a refused one is said and the range's own put back. */
  const applyBudget = (text) => {
    const b = text.trim() === '' ? NaN : Number(text);
    if (layer.state.range ? layer.setBudget(b) : Number.isFinite(b) && b >= 0) layer.budget = b;
    else show(layer.state, true);
  };
  budget.addEventListener('change', () => applyBudget(budget.value));
  slider.addEventListener('input', () => {
    budget.value = slider.value;
    applyBudget(slider.value);
  });
  pickButton.addEventListener('click', () => layer.setPickMode(!layer.pickMode));

  /**
   * Shows the layer's state in the bar (`force`: the budget field too, even while typed in).
   * @param {import('./fields-view.js').FieldsState} state
   */
  function show(state, force = false) {
    const { view: kind, field, range, walkers } = state;
    if (view.agents?.active) return;
    document.body.dataset.view = kind;
    if (viewSelect.value !== kind) viewSelect.value = kind;
    // The path view looks as it always did: the bar shows only in the other two.
    $('#view-bar').hidden = kind === 'path';
    $('#field-controls').hidden = kind !== 'field';
    $('#range-controls').hidden = kind !== 'range';
    // No search to step or run in the field and range views: the buttons say why.
    for (const id of ['#step', '#run']) {
      const button = /** @type {HTMLButtonElement} */ ($(id));
      if (!button) continue;
      if (button.dataset.title === undefined) button.dataset.title = button.title;
      button.disabled = kind !== 'path';
      button.title = kind === 'path' ? button.dataset.title : noSearchSentence(kind);
    }
    if (field) $('#heat-max').textContent = amount(field.maxCost);
    const release = field?.release;
    const arrived = /** @type {HTMLElement} */ ($('#walkers-arrived'));
    arrived.textContent = walkers ? `arrived ${walkers.arrived} / ${walkers.count}` : 'no walkers';
    // Fewer placed than asked for: say so in the bar, the reason on hover (and in the status).
    if (release?.reason) arrived.textContent += ` (${release.placed} of ${release.requested} placed)`;
    arrived.title = release?.reason ?? '';
    if (range && (force || document.activeElement !== budget)) {
      budget.value = amount(range.budget);
      slider.max = String(Math.max(SLIDER_MAX, Math.ceil(range.budget)));
      slider.value = String(range.budget);
    }
    // One tool pressed at a time: while a click places the unit, no brush is.
    const picking = kind === 'range' && layer.pickMode;
    pickButton.setAttribute('aria-pressed', String(layer.pickMode));
    showBrush(picking ? null : view.session.state.brush);
  }
  layer.onChange((state) => show(state));
  show(layer.state);
}

/**
 * The inspector's line for the cell under the pointer in the field or range view: its cost
 * to the goal or from the unit. Returns false in the path view (the node inspector speaks).
 * @param {import('./view.js').PlannerView} view
 * @param {{x: number, y: number} | null} node
 */
export function inspectFields(view, node) {
  const { view: kind, range } = view.fields.state;
  if (kind === 'path') return false;
  if (!node) {
    $('#range-cost').textContent = '';
    return false;
  }
  const p = view.planner;
  const at = `(${node.x}, ${node.y})`;
  let text;
  if (kind === 'range') {
    const c = p.rangeCost(node.x, node.y);
    text = c === undefined || c === null
      ? `${at} · out of range`
      : `${at} · costs ${amount(c)} of ${amount(range?.budget ?? 0)} points`;
  } else {
    text = `${at} · ${fieldCostText(view, node)}`;
  }
  $('#inspector').textContent = text;
  $('#range-cost').textContent = kind === 'range' ? text : '';
  return true;
}

/**
 * A cell's cost to the goal in words, from the planner's field.
 * @param {import('./view.js').PlannerView} view
 * @param {{x: number, y: number}} node
 */
function fieldCostText(view, node) {
  const p = view.planner;
  if (p.cell(node.x, node.y) === 0) return 'wall';
  const cost = p.fieldCost(node.x, node.y);
  return cost === undefined ? 'does not reach the goal' : `${amount(cost)} to the goal`;
}

/**
 * The field and range views' read-only test hooks (merged into `window.pathlab`): the
 * planner's figures, the flow move at a cell, the move vectors and the range's mask.
 * @param {import('./view.js').PlannerView} view
 */
export function fieldHooks(view) {
  const bytes = (ptr) => new Uint8Array(view.memory().buffer, ptr, view.planner.width * view.planner.height);
  return {
    fields: () => ({ view: view.planner.view, field: view.planner.fieldInfo() ?? null, range: view.planner.rangeInfo() ?? null }),
    flow: (x, y) => (view.planner.view === 'field' ? bytes(view.planner.fieldFlowPtr())[y * view.planner.width + x] : null),
    heat: (x, y) => (view.planner.view === 'field' ? bytes(view.planner.fieldHeatPtr())[y * view.planner.width + x] : null),
    moveVectors: () => Array.from(view.planner.moveVectors()),
    rangeMask: () => (view.planner.view === 'range' ? Array.from(bytes(view.planner.rangeMaskPtr())) : null),
  };
}
