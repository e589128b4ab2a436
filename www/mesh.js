// A* on a node mesh, the page side: the Mesh editing mode (click to add a node, drag from a
// node to another to join them, right-click or Delete to remove one), the Generate and Clear
// buttons, and the mesh handed to the display list (picture.js draws it, on screen and in the
// exports alike). The mesh itself lives in the planner; its edits are the session's commands
// (`addMeshNode`, `connectMeshNodes`, `removeMeshNode`, `generateMesh`, `clearMesh`:
// session.js applies them), so this file only turns input into commands and hands on what
// the planner reports.

import { $ } from './ui.js';
import { messageOf } from './view.js';
import { algorithmInfo } from './algorithms.js';

/**
 * Wires the mesh controls and the editing mode to the page's planner view (`app`: a
 * PlannerView, see view.js); call it before the view starts, so Mesh mode sees pointer events
 * before the drawing tools. Returns `{overlay, syncBar}`: the overlay for the renderer
 * (`overlay()`: the mesh to draw, picture.js, whenever it has nodes), and `syncBar()`, which
 * shows the mesh bar only for A* on a node mesh.
 */
export function attachMesh(app, canvas) {
  const mesh = { editing: false, drag: null };
  const bar = $('#mesh-bar');
  const editButton = /** @type {HTMLButtonElement} */ ($('#mesh-edit'));

  const dispatch = (command) => app.session.dispatch(command, app);
  const report = (action) => {
    try {
      return action();
    } catch (e) {
      app.say(messageOf(e), 'error');
      return undefined;
    }
  };

  const setEditing = (on) => {
    mesh.editing = on;
    mesh.drag = null;
    editButton.setAttribute('aria-pressed', String(on));
    canvas.classList.toggle('mesh-editing', on);
    app.renderer.invalidate();
    if (on) app.say('Mesh mode: click to add a node, drag from node to node to join them, right-click a node to remove it.', 'info');
  };

  const generateButton = /** @type {HTMLButtonElement} */ ($('#mesh-generate'));
  const titles = new Map([editButton, generateButton].map((b) => [b, b.title]));

  /**
   * Shows the mesh bar only for A* on a node mesh; leaving it ends the editing mode. Where
   * the planner says the mesh cannot run (a map of hexagons), Edit and Generate are disabled
   * with its reason (the planner refuses those edits too).
   */
  const syncBar = () => {
    const id = app.planner.settings().algorithm;
    const on = Boolean(algorithmInfo(id)?.needs.mesh);
    const why = on ? (app.planner.algorithmUnavailable(id) ?? null) : null;
    bar.hidden = !on;
    for (const [button, title] of titles) {
      button.disabled = why !== null;
      button.title = why ?? title;
    }
    if ((!on || why !== null) && mesh.editing) setEditing(false);
  };

  const local = (e) => {
    const rect = canvas.getBoundingClientRect();
    return { x: e.clientX - rect.left, y: e.clientY - rect.top };
  };
  const nodeAt = (cell) => (cell ? app.planner.meshNodeAt(cell.x, cell.y) : -1);

  editButton.addEventListener('click', () => setEditing(!mesh.editing));
  generateButton.addEventListener('click', () => {
    const n = report(() => dispatch({ cmd: 'generateMesh' }));
    if (n !== undefined) {
      const edges = app.planner.meshEdges().length / 2;
      app.say(`Generated a visibility graph: ${n} nodes at obstacle corners, ${edges} edges.`, 'success');
    }
  });
  $('#mesh-clear').addEventListener('click', () => {
    report(() => dispatch({ cmd: 'clearMesh' }));
    app.say('Mesh cleared.', 'info');
  });

  // Capture-phase listeners run before the drawing tools' and swallow the events in Mesh
  // mode, so a click edits the mesh instead of painting a wall. Shift-drag and the middle
  // button still pan.
  const swallow = (e) => {
    e.stopImmediatePropagation();
    e.preventDefault();
  };
  canvas.addEventListener('pointerdown', (e) => {
    if (!mesh.editing || e.shiftKey || e.button === 1) return;
    swallow(e);
    if (e.button !== 0) return;
    const p = local(e);
    const cell = app.renderer.cellAt(p.x, p.y);
    if (!cell) return;
    try {
      canvas.setPointerCapture(e.pointerId);
    } catch {
      // Synthetic pointers cannot be captured; the drag still works.
    }
    const from = nodeAt(cell);
    if (from >= 0) {
      mesh.drag = { from, to: p };
    } else {
      report(() => dispatch({ cmd: 'addMeshNode', at: cell }));
    }
  }, { capture: true });
  canvas.addEventListener('pointermove', (e) => {
    if (!mesh.editing || !mesh.drag) return;
    mesh.drag.to = local(e);
    app.renderer.invalidate();
  }, { capture: true });
  canvas.addEventListener('pointerup', (e) => {
    if (!mesh.editing || !mesh.drag) return;
    swallow(e);
    const p = local(e);
    const target = nodeAt(app.renderer.cellAt(p.x, p.y));
    const from = mesh.drag.from;
    mesh.drag = null;
    app.renderer.invalidate();
    if (target >= 0 && target !== from) {
      report(() => dispatch({ cmd: 'connectMeshNodes', nodes: [from, target] }));
    }
  }, { capture: true });
  canvas.addEventListener('contextmenu', (e) => {
    if (!mesh.editing) return;
    swallow(e);
    const p = local(e);
    const i = nodeAt(app.renderer.cellAt(p.x, p.y));
    if (i >= 0) dispatch({ cmd: 'removeMeshNode', node: i });
  }, { capture: true });
  window.addEventListener('keydown', (e) => {
    if (!mesh.editing || (e.key !== 'Delete' && e.key !== 'Backspace')) return;
    const i = nodeAt(app.hover);
    if (i < 0) return;
    e.preventDefault();
    dispatch({ cmd: 'removeMeshNode', node: i });
  });

  return { overlay: () => meshScene(app, mesh), syncBar };
}

/**
 * The mesh as the display list draws it (picture.js): the planner's nodes, edges and blocked
 * edges, the state bytes that colour the nodes, and the join being dragged; null when there
 * is nothing to draw, or when the algorithm does not search the mesh (the planner keeps it
 * for when A* on a node mesh is chosen again).
 * @returns {import('./picture.js').MeshScene | null}
 */
function meshScene(app, mesh) {
  const p = app.planner;
  if (!algorithmInfo(p.settings().algorithm)?.needs.mesh) return null;
  const nodes = p.meshNodes();
  if (nodes.length === 0 && !mesh.drag) return null;
  return {
    nodes,
    edges: p.meshEdges(),
    blocked: p.meshBlockedEdges(),
    states: new Uint8Array(app.memory().buffer, p.statesPtr(), p.width * p.height),
    width: p.width,
    drag: mesh.drag,
  };
}
