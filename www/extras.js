// The main page's extras, wired to its planner view and loaded on first use (lazy.js): the
// Pseudocode card (a <details> toggle: its panel loads when the card first opens, and closed
// it reads nothing), the Export dialog (pictures and an animated GIF of the search; it loads
// at the first press of Export…), the Moving AI scenario panel (it loads with the first
// .scen file) and the node mesh's tools (they load when A* on a node mesh is chosen, or a
// mesh is there to draw). app.js calls `wireExtras` once and adds the components it returns
// to the view's; it opens scenarios through `lazyScenarios` and the mesh through `lazyMesh`.

import * as maps from './maps.js';
import { lazy, loadFor } from './lazy.js';
import { algorithmInfo } from './algorithms.js';

const pseudocodeModule = lazy(() => import('./pseudocode.js'));
const exportDialogModule = lazy(() => import('./export-dialog.js'));
const scenariosModule = lazy(() => import('./scenarios.js'));
const meshModule = lazy(() => import('./mesh.js'));

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

/**
 * The node mesh's tools (mesh.js's `attachMesh`), loaded when they are first needed: when
 * the algorithm is A* on a node mesh (`syncBar`), or when the planner holds a mesh to draw
 * (`overlay`, asked at each paint). Until then the mesh bar stays hidden and there is nothing
 * to draw. Mesh mode's pointer listeners are capture-phase ones on the canvas, so they still
 * run before the drawing tools' when attached after them.
 * @param {import('./view.js').PlannerView} view
 * @param {HTMLCanvasElement} canvas
 * @returns {{overlay: () => import('./picture.js').MeshScene | null, syncBar: () => void}}
 */
export function lazyMesh(view, canvas) {
  /** @type {{overlay: () => import('./picture.js').MeshScene | null, syncBar: () => void} | null} */
  let tools = null;
  let loading = false;
  const load = async () => {
    if (tools || loading) return;
    loading = true;
    const select = /** @type {HTMLElement} */ (document.getElementById('algorithm') ?? canvas);
    const module = await loadFor(select, meshModule, 'the node mesh tools', (text, kind) => view.say(text, kind));
    loading = false;
    if (!module || tools) return;
    tools = module.attachMesh(view, canvas);
    tools.syncBar();
    view.renderer.invalidate();
  };
  return {
    overlay: () => {
      if (tools) return tools.overlay();
      if (view.planner.meshNodes().length > 0) load();
      return null;
    },
    syncBar: () => {
      if (tools) tools.syncBar();
      else if (algorithmInfo(view.planner.settings().algorithm)?.needs.mesh) load();
    },
  };
}
