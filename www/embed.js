// The planner without page chrome, for an <iframe>: embed.html. Its URL parameters are the
// embed kit's (embedkit.js: the same as <pathlab-grid>'s attributes), plus `origins`, the
// comma list of parent origins allowed to command it (default: this page's own origin only).
// The fragment is a share link (`#v2…` or `#map=NAME&…`, optionally with `&compare=…` and
// `&step=K`); none = the `map` parameter or the first shipped map.
//
// postMessage protocol (docs/embedding.md): the parent sends {pathlab: 1, id, cmd, …} and
// gets {pathlab: 1, id, ok: true, result} or {pathlab: 1, id, ok: false, error}; the frame
// posts {pathlab: 1, event, …detail} for every event of the kit (ready, step, done, error,
// height) to the allowed origins.

import { readOptions, mountEmbed, showError } from './embedkit.js';
import { messageOf } from './view.js';
import { reloadAfterCrash } from './crash.js';

const params = new URLSearchParams(location.search);

/** The allowed parent origins; '*' only when the embedder asked for it explicitly. */
function allowedOrigins() {
  const raw = params.get('origins');
  if (!raw) return [location.origin];
  const origins = raw.split(',').map((s) => s.trim()).filter(Boolean).map((s) => {
    if (s === '*') return s;
    try {
      const origin = new URL(s).origin;
      if (origin !== 'null') return origin;
    } catch {
      // reported below
    }
    // An embedder's typo would otherwise leave the frame deaf to its commands without a word.
    console.error(`Pathlab embed: origins=${JSON.stringify(s)} is not an origin such as https://blog.example.org; it is ignored.`);
    return null;
  }).filter(Boolean);
  if (origins.length === 0) {
    console.error('Pathlab embed: origins= names no valid origin, so only this page\'s own origin may send commands.');
    return [location.origin];
  }
  return origins;
}

const ORIGINS = allowedOrigins();
/** @type {import('./embedkit.js').Embed | null} */
let embed = null;
let mountError = null;

/**
 * The allowed origins the parent page can have. Where the browser tells the parent's origin
 * (`location.ancestorOrigins`, Chromium and Safari), only a match is posted to, so an embed
 * whose parent is not allowed stays quiet instead of filling the console with refused
 * postMessage calls; elsewhere every allowed origin is tried.
 */
function postTargets() {
  const parent = location.ancestorOrigins?.[0];
  if (!parent) return ORIGINS;
  if (ORIGINS.includes('*')) return [parent];
  return ORIGINS.filter((o) => o === parent);
}

/** Posts event `event` with `detail` to the parent page (the kit's events, as messages). */
function post(event, detail) {
  if (window.parent === window) return;
  for (const origin of postTargets()) window.parent.postMessage({ pathlab: 1, event, ...detail }, origin);
}

window.addEventListener('message', async (event) => {
  // Only the allowed origins may command the planner; anything else is ignored unanswered.
  if (!ORIGINS.includes('*') && !ORIGINS.includes(event.origin)) return;
  const msg = event.data;
  if (!msg || typeof msg !== 'object' || msg.pathlab !== 1) return;
  const reply = (body) => /** @type {Window | null} */ (event.source)?.postMessage({ pathlab: 1, id: msg.id ?? null, ...body }, event.origin);
  try {
    if (!embed) throw new Error(mountError || 'the planner is still loading');
    reply({ ok: true, result: await embed.command(msg) });
  } catch (e) {
    reply({ ok: false, error: messageOf(e) });
  }
});


async function main() {
  const root = /** @type {HTMLElement} */ (document.getElementById('planner'));
  try {
    const options = await readOptions((name) => params.get(name), location.hash);
    await mountEmbed(root, options, post, {
      onMount: (mounted) => {
        embed = mounted;
        window.pathlabEmbed = mounted;
      },
      // The frame's state comes from its URL, so a reload starts it afresh.
      onCrash: () => reloadAfterCrash('pathlab:embed-crashed-at'),
    });
  } catch (e) {
    mountError = messageOf(e);
    // mountEmbed has shown and posted its own failures; a bad parameter is shown here.
    if (!root.querySelector('.embed-error')) {
      showError(root, `Pathlab could not start: ${mountError}`);
      post('error', { error: mountError });
    }
  }
}

main();
