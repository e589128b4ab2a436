// The main page's teaching extras, wired to its planner view: the Pseudocode card (a
// <details> toggle: closed, it reads nothing) and the Export dialog (pictures and an
// animated GIF of the search). app.js calls `wireExtras` once and adds the components it
// returns to the view's.

import { PseudocodePanel } from './pseudocode.js';
import { wireExportDialog } from './export-dialog.js';
import * as maps from './maps.js';

/**
 * @param {import('./view.js').PlannerView} view
 * @param {() => string} mapName the shipped map's file name, or '' for the user's own
 * @returns {import('./view.js').Component[]}
 */
export function wireExtras(view, mapName) {
  const card = /** @type {HTMLDetailsElement} */ (document.getElementById('pseudo-card'));
  const panel = new PseudocodePanel(/** @type {HTMLElement} */ (document.getElementById('pseudocode')), view, { visible: card.open });
  card.addEventListener('toggle', () => panel.setVisible(card.open));
  const button = /** @type {HTMLButtonElement} */ (document.getElementById('export-view'));
  wireExportDialog(button, view, { stem: () => maps.fileStem(mapName()) });
  return [panel];
}
