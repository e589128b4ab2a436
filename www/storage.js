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

/** The saved state object, or null when there is none or it cannot be read. */
export function load() {
  try {
    const text = localStorage.getItem(KEY);
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

export function forget() {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // Storage unavailable (private mode): nothing to forget.
  }
}
