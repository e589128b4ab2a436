// The tutorial's script. Its planners are <pathlab-grid> elements (pathlab-embed.js), each
// with its map, algorithm, buttons, timeline and pseudocode panel in its attributes, as a
// blog author would write them; the drawn maps are share links. This file only waits for
// them and says so in the status line, and wires the weight buttons of the last chapter to
// the weighted planner's setSettings command.

import './pathlab-embed.js';
import { all } from './dom.js';

const status = /** @type {HTMLElement} */ (document.getElementById('tut-status'));
const grids = /** @type {import('./pathlab-embed.js').PathlabGrid[]} */ (all('pathlab-grid'));

/** Resolves once `grid` has started (true) or could not (false). */
function started(grid) {
  return new Promise((resolve) => {
    grid.addEventListener('ready', () => resolve(true), { once: true });
    grid.addEventListener('error', () => resolve(false), { once: true });
  });
}

async function main() {
  // Listening before the elements mount: they do so a microtask after this module runs.
  const results = await Promise.all(grids.map(started));
  const failed = results.filter((ok) => !ok).length;
  if (failed) {
    status.textContent = `${failed} of the planners could not start: see the message in its place.`;
    status.dataset.kind = 'error';
  } else {
    status.textContent = '';
    status.hidden = true;
  }
  const weighted = grids.find((g) => g.id === 'weighted');
  for (const b of all('[data-weight]')) {
    b.addEventListener('click', async () => {
      try {
        await weighted?.command({ cmd: 'setSettings', settings: { weight: Number(b.dataset.weight) } });
      } catch (e) {
        status.hidden = false;
        status.textContent = e.message;
        status.dataset.kind = 'error';
        return;
      }
      for (const other of all('[data-weight]')) other.setAttribute('aria-pressed', String(other === b));
    });
  }
  // Read-only hooks for the browser tests: the elements by id.
  window.tutorial = { ready: true, failed, grids: Object.fromEntries(grids.map((g) => [g.id, g])) };
}

main();
