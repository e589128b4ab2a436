// Modules the first picture does not need, loaded on first use: one cached dynamic import a
// module, and what the control that waits for it shows — `data-loading` and `aria-busy`
// while the module loads (style.css draws "loading…" beside it), and a message that names
// the feature when the load fails (offline, say), after which the next use tries again.
//
// The build (scripts/build_site.py) preloads only the static import graph of a page, so a
// module reached only through `lazy` crosses the network when it is first used.

/**
 * A module loaded on first use: `load()` imports it once and hands every caller the same
 * promise; after a failure the next call tries again.
 * @template T
 * @param {() => Promise<T>} importer `() => import('./x.js')`
 * @returns {() => Promise<T>}
 */
export function lazy(importer) {
  /** @type {Promise<T> | null} */
  let pending = null;
  return () => {
    if (!pending) {
      pending = importer().catch((e) => {
        pending = null;
        throw e;
      });
    }
    return pending;
  };
}

/** The words for a module that did not load: the feature, and what to do. */
export function loadFailure(feature, error) {
  const detail = error instanceof Error && error.message ? ` (${error.message.replace(/\.$/, '')})` : '';
  return `Could not load ${feature}${detail}: check the connection, then try again.`;
}

/**
 * Loads `load()` for `control`: while it waits the control carries `data-loading` and
 * `aria-busy`; when the load fails `say` is told why, the control carries
 * `data-load-failed`, and the promise resolves to null (the next use tries again).
 * @template T
 * @param {HTMLElement} control the element the user acted on (button, summary)
 * @param {() => Promise<T>} load a `lazy(…)` loader
 * @param {string} feature what the module is, for the message ("the export dialog")
 * @param {(text: string, kind: string) => void} say
 * @returns {Promise<T | null>}
 */
export async function loadFor(control, load, feature, say) {
  control.dataset.loading = '';
  control.setAttribute('aria-busy', 'true');
  delete control.dataset.loadFailed;
  try {
    return await load();
  } catch (e) {
    control.dataset.loadFailed = '';
    say(loadFailure(feature, e), 'error');
    return null;
  } finally {
    delete control.dataset.loading;
    control.removeAttribute('aria-busy');
  }
}
