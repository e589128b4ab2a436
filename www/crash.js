// After the wasm instance trapped: a trapped instance can't be trusted, so the page reloads
// (a fresh instance), unless it crashed again soon after the last reload — then it stays down,
// so a crash that comes back at once cannot loop. The main page and the iframe embed share
// this rule; each keeps its own stamp in the session storage.

/** A second crash this soon after recovering stops the reloading (no reload loops). */
export const CRASH_LOOP_MS = 20_000;

/** How long the crash message shows before the reload. */
const RELOAD_AFTER_MS = 1200;

/**
 * Stamps a crash under `key` and reloads the page shortly, unless the last stamp is less
 * than CRASH_LOOP_MS old. Returns whether it reloads.
 * @param {string} key
 */
export function reloadAfterCrash(key) {
  let last = 0;
  try {
    last = Number(sessionStorage.getItem(key)) || 0;
    sessionStorage.setItem(key, String(Date.now()));
  } catch {
    // No session storage: recover anyway, the loop guard just can't see earlier crashes.
  }
  if (Date.now() - last < CRASH_LOOP_MS) return false;
  setTimeout(() => location.reload(), RELOAD_AFTER_MS);
  return true;
}

/**
 * Whether this load follows a crash recovery stamped under `key` (and forgets a stamp once it
 * is old).
 * @param {string} key
 */
export function recoveredFromCrash(key) {
  try {
    const at = Number(sessionStorage.getItem(key)) || 0;
    if (at && Date.now() - at > CRASH_LOOP_MS) sessionStorage.removeItem(key);
    return at > 0 && Date.now() - at < CRASH_LOOP_MS;
  } catch {
    return false;
  }
}
