// Share links in the URL fragment. Two forms, both decoded and checked by the wasm planner:
// `v2…` (or an older `v1…`) carries the whole state (map, markers, settings), `map=NAME&…`
// names a shipped map plus markers and settings. `resolve` opens either in a scratch
// planner, so the caller's planner only ever takes (`loadFrom(scratch)`) a state that is
// known to load — with the map's cell shape, which a shipped map's file names.

import { Planner, splitLink } from './pkg/pathlab.js';
import * as maps from './maps.js';

/**
 * Longer fragments are refused before any decoding (the planner has its own limits too).
 * Chromium does not open URLs over 2 MiB, so no real link is longer.
 */
export const MAX_FRAGMENT = 2 * 1024 * 1024;

/**
 * Opens `fragment` (without '#') in `scratch` and says which shipped map it names:
 * `{ mapFile, mapLabel }` ('' for a full link). The caller then takes the state over with
 * `planner.loadFrom(scratch)`. Throws an Error with a readable reason for anything it cannot
 * open, and then only `scratch` has changed.
 * @param {import('./pkg/pathlab.js').Planner} scratch a planner to open the link in
 * @param {string} fragment
 * @param {Array<{file: string, label?: string}>} mapList
 */
export async function resolve(scratch, fragment, mapList) {
  if (fragment.length > MAX_FRAGMENT) {
    throw new Error(`the link is ${fragment.length} characters long, more than any Pathlab link can be`);
  }
  if (/^map=/i.test(fragment)) {
    const name = Planner.shortLinkMap(fragment);
    const entry = maps.findEntry(mapList, name);
    if (!entry) throw new Error(`it names the map "${name}", which this page does not ship`);
    await maps.loadBundled(scratch, entry);
    scratch.applyShortLink(fragment);
    return { mapFile: entry.file, mapLabel: entry.name || entry.file };
  }
  if (/^v\d/i.test(fragment)) {
    // The planner checks the version, the size limits and every byte.
    scratch.loadLink(fragment);
    return { mapFile: '', mapLabel: '' };
  }
  throw new Error('it is neither a Pathlab share link (#v2…) nor a shipped-map link (#map=…)');
}

/**
 * The step a link carries (`&step=K`): the timeline step shown, when it is scrubbed back
 * before the end of the recording; otherwise none. `figures` is a timeline's `figures()`.
 * @param {{position: number, length: number} | null | undefined} figures
 */
export function linkStep(figures) {
  return figures && figures.position < figures.length ? figures.position : null;
}

/**
 * The view options `{view, walkers, range}` (a mount option, an embed parameter) as the link
 * fields `applyLinkView` takes, checked by the link grammar in Rust (docs/formats.md):
 * `range` is `"X,Y,BUDGET"`, `[x, y, budget]` or `{x, y, budget}`. Null when none is given.
 * @param {{view?: unknown, walkers?: unknown, range?: unknown}} options
 * @returns {import('./pkg/pathlab.js').LinkViewFields | null}
 */
export function viewFields({ view, walkers, range } = {}) {
  const given = (v) => v !== undefined && v !== null && v !== '';
  let r = range;
  if (Array.isArray(r)) r = r.join(',');
  else if (r && typeof r === 'object') {
    const { x, y, budget } = /** @type {{x?: unknown, y?: unknown, budget?: unknown}} */ (r);
    r = [x, y, budget].join(',');
  }
  // Each value is one field of the tail: '&' or '=' inside it would start another.
  const part = (key, v) => `${key}=${String(v).trim().replace(/[&=]/g, '?')}`;
  const parts = [['view', view], ['walkers', walkers], ['range', r]].filter(([, v]) => given(v)).map(([k, v]) => part(k, v));
  if (!parts.length) return null;
  const split = splitLink(`map=x&${parts.join('&')}`);
  return { view: split.view, walkers: split.walkers, range: split.range };
}
