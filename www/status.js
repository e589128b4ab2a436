// The status line: what a planner view says about its planner's state, derived from that
// state in this one place (main page, embed, JS API, compare panels), so it can never lag
// behind the statistics card or the timeline. Pages still show short notices after an action
// ("Cleared 40 cells", "Nothing to undo"), but a notice lasts only while the state it was said
// in lasts: the next step, edit, seek or run replaces it by the sentence below.

/**
 * Whether the screen is touch only (no hover, a coarse pointer): a phone or a tablet, where
 * a keyboard hint would name keys the user does not have.
 */
export function touchOnly() {
  return globalThis.matchMedia?.('(hover: none) and (pointer: coarse)').matches ?? false;
}

/** "Run (Space)" where there is a keyboard, "Run" on a touch screen. */
export function withKey(name, key, touch = touchOnly()) {
  return touch ? name : `${name} (${key})`;
}

/** A cost as the statistics card shows it: four decimals. */
const cost = (c) => (c === null || c === undefined ? '—' : c.toFixed(4));

/**
 * The status sentence and its kind (`info`, `success` or `error`) for a planner state:
 * - `stats`: the planner's `stats()` object (status, fresh, repairs, step, steps, refused, …);
 * - `running`: whether the view is running the search;
 * - `walker`: null, or `{live, done, arrived, steps}` for a walker on the path;
 * - `noMesh`: the algorithm searches a node mesh and there is none yet;
 * - `fields`: the field and range views' state (fields-view.js `FieldsState`), if any: in
 *   those views the line speaks of the field or the range instead of the search;
 * - `touch`: a touch-only screen (`touchOnly()`): no keyboard hints.
 */
export function statusSentence({ stats, running, walker, noMesh = false, fields = null, touch = touchOnly() }) {
  if (stats.refused) return [`${sentence(stats.refused)} The last search stays on the map.`, 'error'];
  const about = fields ? fieldsSentence(fields) : null;
  if (about) return about;
  if (noMesh) {
    return ['No node mesh yet: press Generate from map to build one from the walls, or Edit mesh to draw your own.', 'info'];
  }
  if (stats.step < stats.steps && running) {
    return [`Playing the recorded search: step ${stats.step} of ${stats.steps}.`, 'info'];
  }
  if (stats.step < stats.steps) {
    return [`Step ${stats.step} of ${stats.steps}: the search as it stood after ${stats.step} expansions. ${touch ? 'Tap ▶|' : 'Press End'} to go back to the live search.`, 'info'];
  }
  if (walker) {
    if (!walker.done) {
      return walker.live
        ? ['Walking with D* Lite: draw a wall in front of the walker and it replans from where it stands.', 'info']
        : ['Walking the path…', 'info'];
    }
    if (walker.live) {
      return walker.arrived
        ? [`The walker arrived after ${walker.steps} steps.`, 'success']
        : ['The walker is stuck: the goal cannot be reached from here.', 'error'];
    }
  }
  if (running && stats.status === 'running') return [`Searching… ${stats.expanded} nodes expanded so far.`, 'info'];
  switch (stats.status) {
    case 'found':
      if (stats.repairs > 0) {
        return [`Repaired the path: cost ${cost(stats.pathCost)} in ${stats.pathMoves} moves; the repair expanded ${stats.expanded} nodes.`, 'success'];
      }
      return [`Path found: cost ${cost(stats.pathCost)} in ${stats.pathMoves} moves, ${stats.expanded} nodes expanded.`, 'success'];
    case 'no_path':
      return [`No path: the goal cannot be reached from the start (${stats.expanded} nodes expanded).`, 'error'];
    case 'partial':
      return [`Partial path: the node budget ran out after ${stats.expanded} expansions; showing the way to the expanded node nearest the goal (cost ${cost(stats.pathCost)}).`, 'info'];
    default:
      return stats.fresh
        ? [`Ready: press ${withKey('Run', 'Space', touch)} to watch the search, or ${withKey('Step', 'N', touch)} for one expansion.`, 'info']
        : [`Paused after ${stats.expanded} expansions. ${goOn(touch)}`, 'info'];
  }
}

/**
 * Why Step and Run do nothing in the distance field's or the movement range's view (`view`):
 * the button's title and the line said when they are pressed there.
 */
export function noSearchSentence(view) {
  const what = view === 'range' ? 'The movement range' : 'The distance field';
  return `${what} follows every edit by itself: there is no search to step or run in this view. Choose View → Path search to watch one.`;
}

/** "Press Space to go on, or N to step." (with a keyboard) or its touch words. */
export function goOn(touch = touchOnly()) {
  return touch ? 'Press Run to go on, or Step for one more.' : 'Press Space to go on, or N to step.';
}

/** A cost or a budget in words: at most two decimals. */
const amount = (c) => String(Number(c.toFixed(2)));

/**
 * The status sentence of the distance field's or the movement range's view, or null in the
 * path view (fields-view.js `FieldsState`).
 */
export function fieldsSentence({ view, field, range, walkers }) {
  if (view === 'field' && field) {
    const reach = `${field.reached} cells reach the goal (${field.goal.x}, ${field.goal.y}), the farthest at cost ${amount(field.maxCost)}`;
    // Fewer walkers placed than asked for: the planner's reason (the cap, or no room).
    const release = field.release;
    const fewer = release?.reason ? `${release.placed} of ${release.requested} walkers placed: ${release.reason}.` : null;
    if (walkers) {
      const { count, arrived, moving } = walkers;
      const [text, kind] = arrived === count
        ? [`All ${count} walkers arrived at the goal.`, 'success']
        : moving > 0
          ? [`Walkers following the field: ${arrived} of ${count} arrived.`, 'info']
          : [`${arrived} of ${count} walkers arrived; the others cannot reach the goal any more.`, 'info'];
      return [fewer ? `${fewer} ${text}` : text, kind];
    }
    if (fewer) return [fewer, 'error'];
    const how = field.update === 'built'
      ? `Distance field built (${field.expanded} cells, ${field.ms.toFixed(2)} ms)`
      : `Field ${field.update} (${field.expanded} cells, ${field.ms.toFixed(2)} ms)`;
    return [`${how}: ${reach}. Draw walls and it follows; release walkers to watch a crowd use it.`, 'info'];
  }
  if (view === 'range' && range) {
    return [`Movement range from (${range.from.x}, ${range.from.y}) with ${amount(range.budget)} points: ${range.cells} cells within reach`
      + `${range.cells > 1 ? `, the farthest at cost ${amount(range.maxCost)}` : ''}. Click a cell to move the unit.`, 'info'];
  }
  return null;
}

/** The first letter upper-cased and a final full stop: an error text becomes a sentence. */
export function sentence(text) {
  const t = String(text);
  return t.charAt(0).toUpperCase() + t.slice(1) + (/[.!?]$/.test(t) ? '' : '.');
}

/** The status word shown to users (and the E2E tests). */
export function statusWord(stats, running, noMesh = false) {
  if (noMesh) return 'no mesh';
  switch (stats.status) {
    case 'found':
      return 'found';
    case 'no_path':
      return 'no path';
    case 'partial':
      return 'partial';
    default:
      if (running) return 'running';
      return stats.fresh ? 'ready' : 'paused';
  }
}

/** A short line for small views (the JS API, compare panels): "expanded N · open M · cost C". */
export function summaryLine(stats) {
  const c = stats.pathCost === null || stats.pathCost === undefined ? '—' : stats.pathCost.toFixed(2);
  return `expanded ${stats.expanded} · open ${stats.openSize} · cost ${c}`;
}

/** "A", "A and B", "A, B and C". */
export function listWords(names) {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/**
 * The compare page's sentence about its race, derived from the summary rows at the step the
 * scrubber shows (`rows`: [{label, expanded, done, step, steps}], one per column), or null
 * while the race runs (the session's "Racing…" stands) and before anything was searched.
 * `fewest`: the labels of the columns that expanded the fewest nodes (compare.js `winners`).
 * @param {{label: string, expanded: number, done: boolean, step: number, steps: number}[]} rows
 * @param {{running?: boolean, fewest?: string[], touch?: boolean}} [how]
 * @returns {[string, string] | null}
 */
export function compareSentence(rows, { running = false, fewest = [], touch = touchOnly() } = {}) {
  if (running || rows.length === 0) return null;
  const position = Math.max(...rows.map((r) => r.step));
  const length = Math.max(...rows.map((r) => r.steps));
  if (length === 0) return null;
  const finished = rows.filter((r) => r.done).map((r) => r.label);
  const searching = rows.filter((r) => !r.done).map((r) => r.label);
  const standing = finished.length === 0
    ? 'no planner has finished yet'
    : searching.length === 0
      ? 'every planner has finished'
      : `${listWords(finished)} ${finished.length === 1 ? 'has' : 'have'} finished, ${listWords(searching)} ${searching.length === 1 ? 'is' : 'are'} still searching`;
  if (position < length) return [`Step ${position} of ${length}: ${standing}. ${touch ? 'Tap ▶|' : 'Press End'} to see the end.`, 'info'];
  if (searching.length === 0) {
    return fewest.length > 0 ? [`All planners finished: ${listWords(fewest)} expanded the fewest nodes.`, 'success'] : null;
  }
  return [`Paused at step ${position}: ${standing}. ${goOn(touch)}`, 'info'];
}
