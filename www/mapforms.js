// The main page's map forms: the *Built-in map* menu, *New map* and *Generate…* (size, cell
// shape, generator, seed, density). The menus are filled from the planner's tables (shapes,
// generators); every map is made by the planner, which refuses bad input with a message and
// keeps the current map.

import { Planner } from './pkg/pathlab.js';
import { $ } from './ui.js';
import { el } from './dom.js';
import { nameWithSize } from './maps.js';

/**
 * What the forms need from the page.
 * @typedef {object} MapFormHooks
 * @property {() => import('./pkg/pathlab.js').Planner} planner the page's planner
 * @property {(text: string, kind?: string) => void} say a notice on the status line
 * @property {<T>(action: () => T) => T | undefined} guard runs `action`, an error becomes a message
 * @property {() => void} save the autosave, before a map is replaced
 * @property {(message: string) => void} loaded after a new map replaced the old one
 */

/** The generator table, read once. @type {import('./pkg/pathlab.js').GeneratorInfo[]} */
let generators = [];

function sizeOk(n) {
  return Number.isInteger(n) && n >= 10 && n <= 1024;
}

/** The cell shape chosen for new and generated maps, and its label. */
function chosenShape() {
  const select = /** @type {HTMLSelectElement} */ ($('#new-shape'));
  return { shape: select.value || 'square', label: select.selectedOptions[0]?.textContent ?? '' };
}

/** Words for a map of `shape` in a notice ('' for squares, the usual case). */
function ofShape(shape) {
  return shape === 'square' ? '' : ` ${shape === 'hex-rows' ? 'hex-row' : 'hex-column'}`;
}

/** @param {MapFormHooks} hooks */
function newMap(hooks) {
  const w = Number($('#new-width').value);
  const h = Number($('#new-height').value);
  const { shape } = chosenShape();
  if (!sizeOk(w) || !sizeOk(h)) {
    hooks.say('A new map needs a whole width and height from 10 to 1024.', 'error');
    return;
  }
  hooks.save();
  if (hooks.guard(() => (hooks.planner().newMap(w, h, shape), true))) {
    hooks.loaded(`New ${w}×${h}${ofShape(shape)} map. Draw some walls!`);
  }
}

/** @param {MapFormHooks} hooks */
function generate(hooks) {
  const kind = $('#gen-kind').value;
  const w = Number($('#new-width').value);
  const h = Number($('#new-height').value);
  const { shape } = chosenShape();
  const seedText = $('#gen-seed').value.trim();
  const seed = seedText === '' ? Math.floor(Math.random() * 1e9) : Number(seedText);
  const density = Number($('#gen-density').value);
  if (!sizeOk(w) || !sizeOk(h)) {
    hooks.say('A generated map needs a whole width and height from 10 to 1024.', 'error');
    return;
  }
  if (!Number.isSafeInteger(seed) || seed < 0) {
    hooks.say('The seed must be a whole number of at least 0 (or empty for a random one).', 'error');
    return;
  }
  if ($('#gen-density').value.trim() === '' || !Number.isFinite(density)) {
    hooks.say('The density must be a number, the wall fraction from 0 to 0.9.', 'error');
    return;
  }
  hooks.save();
  if (hooks.guard(() => (hooks.planner().generate(kind, w, h, seed, density, shape), true))) {
    $('#gen-seed').value = String(seed);
    const label = $('#gen-kind').selectedOptions[0]?.textContent || kind;
    hooks.loaded(`Generated a ${w}×${h}${ofShape(shape)} ${label.toLowerCase()} map (seed ${seed}).`);
  }
}

/** Fills a menu with `[{id, label}]` options from one of the planner's tables. */
function fill(select, read) {
  select.replaceChildren();
  let rows = [];
  try {
    rows = Array.from(read());
  } catch {
    rows = [];
  }
  for (const r of rows) select.append(el('option', { value: r.id, text: r.label }));
  select.disabled = rows.length === 0;
  return rows;
}

/** Greys out the density for generators that ignore it, and says so. */
function showDensity() {
  const g = generators.find((k) => k.id === $('#gen-kind').value);
  const input = $('#gen-density');
  const ignored = Boolean(g && !g.usesDensity);
  input.disabled = ignored;
  input.title = ignored ? `${g.label} ignores the density: it makes its own walls.` : 'The wall fraction, from 0 to 0.9.';
  input.closest('.field').classList.toggle('idle', ignored);
}

/**
 * Fills the shape and generator menus from the planner's tables and wires *New map* and
 * *Generate*.
 * @param {MapFormHooks} hooks
 */
export function wireMapForms(hooks) {
  fill($('#new-shape'), () => Planner.shapes());
  generators = fill($('#gen-kind'), () => Planner.generators());
  $('#generate').disabled = generators.length === 0;
  showDensity();
  $('#new-map').addEventListener('click', () => newMap(hooks));
  $('#generate').addEventListener('click', () => generate(hooks));
  $('#gen-kind').addEventListener('change', showDensity);
}

/**
 * Puts the current map's size and cell shape into the forms, for the next new map: the map's
 * own size, even where a new map could not have it (a 4096² file; New map then says why).
 */
export function showMapSize(planner) {
  $('#new-width').value = String(planner.width);
  $('#new-height').value = String(planner.height);
  $('#new-shape').value = planner.shape;
}

/**
 * Fills the *Built-in map* menu from the index of shipped maps.
 * @param {Array<{file: string, name?: string, width?: number, height?: number, description?: string}>} list
 */
export function fillMapPicker(list) {
  const select = $('#map');
  select.replaceChildren();
  for (const m of list) {
    const o = el('option', { value: m.file, text: nameWithSize(m.name || m.file, m.width, m.height) });
    if (m.description) o.title = m.description;
    select.append(o);
  }
  select.disabled = list.length === 0;
}
