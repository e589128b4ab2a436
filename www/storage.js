// Autosave: the map (run-length encoded grid bytes), markers, settings and UI choices go to
// localStorage after every edit and come back on reload. A failed save (quota) is reported,
// never thrown.

const KEY = 'pathlab:v1';

/** Run-length encodes grid bytes as "<byte><count base 36>;" runs (maps are mostly runs). */
export function encodeCells(bytes) {
  const parts = [];
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i];
    let j = i + 1;
    while (j < bytes.length && bytes[j] === b) j++;
    parts.push(`${b}${(j - i).toString(36)}`);
    i = j;
  }
  return parts.join(';');
}

/** Inverse of encodeCells; null when the text is damaged or the length is wrong. */
export function decodeCells(text, length) {
  const out = new Uint8Array(length);
  let at = 0;
  for (const run of text.split(';')) {
    const b = Number(run[0]);
    const n = parseInt(run.slice(1), 36);
    if (!(b >= 0 && b <= 4) || !(n > 0) || at + n > length) return null;
    out.fill(b, at, at + n);
    at += n;
  }
  return at === length ? out : null;
}

/** Saves the state object; returns an error message or null. */
export function save(state) {
  try {
    localStorage.setItem(KEY, JSON.stringify(state));
    return null;
  } catch (e) {
    return `Autosave failed (${e.name}): this map is too large for the browser's storage.`;
  }
}

/**
 * The saved state: `{ saved: false }` when there is none (or storage is off), otherwise
 * `{ saved: true, state }` with `state` null when the text is not a JSON object (damaged).
 */
export function load() {
  let text;
  try {
    text = localStorage.getItem(KEY);
  } catch {
    return { saved: false };
  }
  if (!text) return { saved: false };
  try {
    const state = JSON.parse(text);
    return { saved: true, state: state && typeof state === 'object' && !Array.isArray(state) ? state : null };
  } catch {
    return { saved: true, state: null };
  }
}

export function forget() {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // Storage unavailable (private mode): nothing to forget.
  }
}

/** Where Learn mode keeps each lesson's progress, by the lesson's link. */
const LEARN_KEY = 'pathlab:learn:v1';

/** Every lesson's progress: `{[lessonLink]: progress}`, {} when none or unreadable. */
function learnRecords() {
  try {
    const value = JSON.parse(localStorage.getItem(LEARN_KEY) || '{}');
    return value && typeof value === 'object' && !Array.isArray(value) ? value : {};
  } catch {
    return {};
  }
}

/**
 * The progress kept for the lesson with link `link` (`{at, results}`: the exercise shown
 * and one result per exercise answered, `true`/`false` for right or wrong at the first try),
 * or null.
 * @param {string} link
 * @returns {{at: number, results: (boolean | null)[]} | null}
 */
export function loadProgress(link) {
  const p = learnRecords()[link];
  if (!p || typeof p !== 'object' || !Number.isInteger(p.at) || !Array.isArray(p.results)) return null;
  return { at: p.at, results: p.results.map((r) => (typeof r === 'boolean' ? r : null)) };
}

/**
 * Keeps `progress` for the lesson with link `link` (null forgets it); returns an error
 * message or null, like `save`.
 * @param {string} link
 * @param {{at: number, results: (boolean | null)[]} | null} progress
 */
export function saveProgress(link, progress) {
  const records = learnRecords();
  if (progress) records[link] = progress;
  else delete records[link];
  try {
    localStorage.setItem(LEARN_KEY, JSON.stringify(records));
    return null;
  } catch (e) {
    return `Progress could not be kept (${e.name}): the browser's storage is full or off.`;
  }
}

const LAYOUT_KEY = 'pathlab:layout';

/** The page layout the user chose (which panels are open), or null when none was saved. */
export function loadLayout() {
  try {
    const value = JSON.parse(localStorage.getItem(LAYOUT_KEY) ?? 'null');
    return value && typeof value === 'object' && !Array.isArray(value) ? value : null;
  } catch {
    return null;
  }
}

/** Saves the page layout; a failure (storage off or full) only loses the choice. */
export function saveLayout(layout) {
  try {
    localStorage.setItem(LAYOUT_KEY, JSON.stringify(layout));
  } catch {
    // Storage unavailable: the panels open as the defaults say next time.
  }
}
