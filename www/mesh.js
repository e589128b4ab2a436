// A* on a node mesh, the page side: the Mesh editing mode (click to add a node, drag from a
// node to another to join them, right-click or Delete to remove one), the Generate and Clear
// buttons, and the overlay that draws the mesh's edges and nodes. The mesh itself lives in
// the planner (meshNodes/meshEdges/addMeshNode/connectMeshNodes/removeMeshNode/generateMesh);
// this file only forwards input and paints what the planner reports.

import { $ } from './ui.js';
import { messageOf } from './view.js';
import { STATES, css } from './palette.js';
import { algorithmInfo } from './algorithms.js';

const NODE_FILL = '#ffffff';
const NODE_EDGE = '#1b1f27';
const EDGE = 'rgba(0, 114, 178, 0.55)';
const BLOCKED = 'rgba(213, 94, 0, 0.6)';

/**
 * Wires the mesh controls and the editing mode to the page's planner view (`app`: a
 * PlannerView, see view.js); call it before the view starts, so Mesh mode sees pointer events
 * before the drawing tools. Returns `{overlay, syncBar}`: the overlay painter for the renderer
 * (`overlay(ctx, renderer)`), which draws the mesh whenever it has nodes, and `syncBar()`,
 * which shows the mesh bar only for A* on a node mesh.
 */
export function attachMesh(app, canvas) {
  const mesh = { editing: false, drag: null };
  const bar = $('#mesh-bar');
  const editButton = $('#mesh-edit');

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

  /** Shows the mesh bar only for A* on a node mesh; leaving it ends the editing mode. */
  const syncBar = () => {
    const on = Boolean(algorithmInfo(app.planner.settings().algorithm)?.needs.mesh);
    bar.hidden = !on;
    if (!on && mesh.editing) setEditing(false);
  };

  const local = (e) => {
    const rect = canvas.getBoundingClientRect();
    return { x: e.clientX - rect.left, y: e.clientY - rect.top };
  };
  const nodeAt = (cell) => (cell ? app.planner.meshNodeAt(cell.x, cell.y) : -1);

  editButton.addEventListener('click', () => setEditing(!mesh.editing));
  $('#mesh-generate').addEventListener('click', () => {
    const n = report(() => app.planner.generateMesh());
    if (n !== undefined) {
      const edges = app.planner.meshEdges().length / 2;
      app.say(`Generated a visibility graph: ${n} nodes at obstacle corners, ${edges} edges.`, 'success');
      app.edited();
    }
  });
  $('#mesh-clear').addEventListener('click', () => {
    report(() => app.planner.clearMesh());
    app.say('Mesh cleared.', 'info');
    app.edited();
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
      report(() => {
        app.planner.addMeshNode(cell.x, cell.y);
        app.edited();
      });
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
      report(() => {
        app.planner.connectMeshNodes(from, target);
        app.edited();
      });
    }
  }, { capture: true });
  canvas.addEventListener('contextmenu', (e) => {
    if (!mesh.editing) return;
    swallow(e);
    const p = local(e);
    const i = nodeAt(app.renderer.cellAt(p.x, p.y));
    if (i >= 0 && app.planner.removeMeshNode(i)) app.edited();
  }, { capture: true });
  window.addEventListener('keydown', (e) => {
    if (!mesh.editing || (e.key !== 'Delete' && e.key !== 'Backspace')) return;
    const i = nodeAt(app.hover);
    if (i < 0) return;
    e.preventDefault();
    if (app.planner.removeMeshNode(i)) app.edited();
  });

  return { overlay: (ctx, r) => drawMesh(ctx, r, app, mesh), syncBar };
}

function drawMesh(ctx, r, app, mesh) {
  const p = app.planner;
  const nodes = p.meshNodes();
  if (nodes.length === 0 && !mesh.drag) return;
  const edges = p.meshEdges();
  const blocked = p.meshBlockedEdges();
  const s = r.scale;
  const at = (i) => r.cellCentre(nodes[2 * i], nodes[2 * i + 1]);
  ctx.save();
  ctx.lineWidth = Math.max(1, Math.min(2.5, s * 0.1));
  for (const [colour, dashed] of [[EDGE, false], [BLOCKED, true]]) {
    ctx.beginPath();
    for (let k = 0; k < edges.length; k += 2) {
      if (Boolean(blocked[k / 2]) !== dashed) continue;
      const a = at(edges[k]);
      const b = at(edges[k + 1]);
      ctx.moveTo(a.x, a.y);
      ctx.lineTo(b.x, b.y);
    }
    ctx.setLineDash(dashed ? [4, 4] : []);
    ctx.strokeStyle = colour;
    ctx.stroke();
  }
  ctx.setLineDash([]);
  if (mesh.drag) {
    const a = at(mesh.drag.from);
    ctx.beginPath();
    ctx.moveTo(a.x, a.y);
    ctx.lineTo(mesh.drag.to.x, mesh.drag.to.y);
    ctx.strokeStyle = NODE_EDGE;
    ctx.setLineDash([3, 3]);
    ctx.stroke();
    ctx.setLineDash([]);
  }
  // Nodes take the colour of their search state (open, closed, path), read from the states
  // the search paints on their cells.
  const radius = Math.max(3, Math.min(8, s * 0.32));
  const states = new Uint8Array(app.memory().buffer, p.statesPtr(), p.width * p.height);
  for (let i = 0; i < nodes.length / 2; i++) {
    const c = at(i);
    const state = states[nodes[2 * i + 1] * p.width + nodes[2 * i]];
    ctx.beginPath();
    ctx.arc(c.x, c.y, radius, 0, Math.PI * 2);
    ctx.fillStyle = state && STATES[state] ? css(STATES[state].rgb) : NODE_FILL;
    ctx.fill();
    ctx.lineWidth = 1.5;
    ctx.strokeStyle = NODE_EDGE;
    ctx.stroke();
  }
  ctx.restore();
}
