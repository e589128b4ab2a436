// The main page's extras, wired to its planner view and loaded on first use (lazy.js): the
// Pseudocode card (a <details> toggle: its panel loads when the card first opens, and closed
// it reads nothing), the Export dialog (pictures and an animated GIF of the search; it loads
// at the first press of Export…) and the Moving AI scenario panel (it loads with the first
// .scen file). app.js calls `wireExtras` once and adds the components it returns to the
// view's, and opens scenarios through `lazyScenarios`.

import * as maps from './maps.js';
import { lazy, loadFor } from './lazy.js';

const pseudocodeModule = lazy(() => import('./pseudocode.js'));
const exportDialogModule = lazy(() => import('./export-dialog.js'));
const scenariosModule = lazy(() => import('./scenarios.js'));

/**
 * @param {import('./view.js').PlannerView} view
 * @param {() => string} mapName the shipped map's file name, or '' for the user's own
 * @returns {import('./view.js').Component[]}
 */
export function wireExtras(view, mapName) {
  const say = (text, kind) => view.say(text, kind);
  const card = /** @type {HTMLDetailsElement} */ (document.getElementById('pseudo-card'));
  const host = /** @type {HTMLElement} */ (document.getElementById('pseudocode'));
  /** @type {import('./pseudocode.js').PseudocodePanel | null} */
  let panel = null;
  const showCode = async () => {
    if (!panel && card.open) {
      const summary = /** @type {HTMLElement} */ (card.querySelector('summary') ?? card);
      const module = await loadFor(summary, pseudocodeModule, 'the pseudocode panel', say);
      if (module && !panel) panel = new module.PseudocodePanel(host, view, { visible: card.open });
    }
    panel?.setVisible(card.open);
  };
  card.addEventListener('toggle', showCode);
  if (card.open) showCode();

  const button = /** @type {HTMLButtonElement} */ (document.getElementById('export-view'));
  /** @type {(() => void) | null} */
  let openExport = null;
  button.addEventListener('click', async () => {
    if (!openExport) {
      const module = await loadFor(button, exportDialogModule, 'the export dialog', say);
      if (!module) return;
      openExport ??= module.wireExportDialog(view, { stem: () => maps.fileStem(mapName()) });
    }
    openExport();
  });
  return [{ render: () => panel?.render() }];
}

/**
 * The scenario panel, loaded with the first .scen file: `{ open(file), clear() }` as
 * scenarios.js's `wireScenarios` returns them (`clear` before it has loaded does nothing).
 * @param {Parameters<import('./scenarios.js').wireScenarios>[0]} options
 */
export function lazyScenarios(options) {
  /** @type {{open: (file: File) => Promise<void>, clear: () => void} | null} */
  let panel = null;
  return {
    clear: () => panel?.clear(),
    /** @param {File} file */
    open: async (file) => {
      if (!panel) {
        const control = /** @type {HTMLElement} */ (document.getElementById('open-file'));
        const module = await loadFor(control, scenariosModule, 'the scenario panel', options.setMessage);
        if (!module) return;
        panel ??= module.wireScenarios(options);
      }
      await panel.open(file);
    },
  };
}
