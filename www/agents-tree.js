// CBS's constraint tree as a panel of the Agents view (issue 28): after a CBS solve, and as
// a live one steps (the node being expanded lit, `data-expanding`), every
// node of the tree in depth-first order, indented by depth — its id, its cost, the
// constraint it adds to its parent's, the conflict it was split on (cardinal, semi-cardinal
// or not) or "solution" — and a click on a node shows that node's own paths on the map, its
// conflict ringed at its time step. The tree is Rust's (`Agents.cbsTree()`, src/mapf/tree.rs);
// this file lists it and forwards clicks to the session.

import { el } from './dom.js';

/** Rows listed at most (a long CBS run makes thousands of nodes). */
export const MAX_ROWS = 300;

/** "(3,1)" or "(3,1)→(4,1)". */
const cellsText = (cells) => cells.map(([x, y]) => `(${x},${y})`).join('→');

/**
 * A node's line.
 * @param {import('./pkg/pathlab.js').CbsTreeNode} n
 */
export function nodeText(n) {
  const parts = [`#${n.id}`, `cost ${n.cost}`];
  if (n.constraint) {
    const c = n.constraint;
    parts.push(`adds: agent ${c.agent} not ${c.kind === 'edge' ? 'moving' : 'on'} ${cellsText(c.cells)} at t=${c.time}`);
  } else {
    parts.push('root: every agent\'s own shortest path');
  }
  if (n.solution) parts.push('solution: no conflict');
  else if (n.conflict) {
    const k = n.conflict;
    parts.push(`split on agents ${k.agents[0]} and ${k.agents[1]} at ${cellsText(k.cells)}, t=${k.time}${n.cardinality ? ` (${n.cardinality})` : ''}${n.bypass ? ', bypassed' : ''}`);
  } else if (n.expanded === null) parts.push(`${n.conflicts} conflict${n.conflicts === 1 ? '' : 's'}, not expanded`);
  return parts.join(' · ');
}

/**
 * The nodes in depth-first order from the root, children by id, with their depths.
 * @param {import('./pkg/pathlab.js').CbsTreeNode[]} nodes
 * @returns {{node: import('./pkg/pathlab.js').CbsTreeNode, depth: number}[]}
 */
export function depthFirst(nodes) {
  const children = new Map();
  for (const n of nodes) {
    if (n.parent === null) continue;
    if (!children.has(n.parent)) children.set(n.parent, []);
    children.get(n.parent).push(n);
  }
  const out = [];
  const stack = nodes.filter((n) => n.parent === null).reverse().map((node) => ({ node, depth: 0 }));
  while (stack.length) {
    const top = /** @type {{node: import('./pkg/pathlab.js').CbsTreeNode, depth: number}} */ (stack.pop());
    out.push(top);
    const kids = children.get(top.node.id) ?? [];
    for (let i = kids.length - 1; i >= 0; i--) stack.push({ node: kids[i], depth: top.depth + 1 });
  }
  return out;
}

/**
 * Builds the panel into `root` and keeps it in step with `layer`.
 * @param {HTMLElement} root
 * @param {import('./agents.js').AgentsLayer} layer
 * @param {(command: object) => any} send the session's `agents` command
 */
export function wireTree(root, layer, send) {
  const list = el('ol', { className: 'agents-tree-list', 'aria-label': 'Constraint-tree nodes' });
  const summary = el('summary', { text: 'Constraint tree (CBS)' });
  const back = el('button', { type: 'button', text: 'Back to the plan', id: 'agents-tree-back', title: 'Show the plan again' });
  const note = el('p', { className: 'agents-tree-note' });
  const card = /** @type {HTMLDetailsElement} */ (el('details', { className: 'agents-tree', id: 'agents-tree', hidden: true }, [summary, el('div', { className: 'agents-tree-bar' }, [back, note]), list]));
  root.append(card);
  back.addEventListener('click', () => send({ op: 'plan' }));
  card.addEventListener('toggle', () => render(layer.state));
  /** The outcome and the live step the list was built for. */
  let builtFor = null;
  let builtFrame = null;
  /** Whether a live CBS solve has opened the card (once: then it is the user's). */
  let opened = false;
  let rows = new Map();

  const build = () => {
    const nodes = layer.agents.cbsTree();
    rows = new Map();
    if (!nodes) {
      list.replaceChildren();
      return false;
    }
    const order = depthFirst(nodes);
    list.replaceChildren(...order.slice(0, MAX_ROWS).map(({ node, depth }) => {
      const b = el('button', { type: 'button', text: nodeText(node), className: 'agents-tree-node', 'data-node': String(node.id) });
      if (node.solution) b.classList.add('solution');
      if (node.expanded === null && !node.solution) b.classList.add('open');
      b.addEventListener('click', () => send({ op: 'node', id: node.id, conflict: node.conflict }));
      const li = el('li', {}, [b]);
      li.style.paddingLeft = `${Math.min(depth, 12) * 0.9}rem`;
      rows.set(node.id, b);
      return li;
    }));
    const expanded = nodes.filter((n) => n.expanded !== null).length;
    summary.textContent = `Constraint tree (CBS): ${nodes.length} nodes, ${expanded} expanded`;
    card.dataset.nodes = String(nodes.length);
    card.dataset.expanded = String(expanded);
    note.textContent = order.length > MAX_ROWS ? `The first ${MAX_ROWS} of ${order.length} nodes, depth first.` : 'Click a node to see its paths.';
    return true;
  };

  /** @param {import('./agents.js').AgentsState} s */
  const render = (s) => {
    if (!opened && s.frame?.solver === 'cbs' && s.frame.status === 'running') {
      opened = true;
      card.open = true;
    }
    const live = s.frame?.solver === 'cbs' && !s.outcome;
    if (live && !card.open) {
      // A live solve's tree is read only while the card is open (it grows every step);
      // closed, its summary counts from the step's frame.
      card.hidden = false;
      builtFrame = null;
      summary.textContent = `Constraint tree (CBS): ${s.frame?.made} nodes, ${s.frame?.steps} expanded`;
      card.dataset.nodes = String(s.frame?.made);
      card.dataset.expanded = String(s.frame?.steps);
    } else if (s.outcome !== builtFor || s.frame !== builtFrame) {
      builtFor = s.outcome;
      builtFrame = s.frame;
      const cbs = (s.outcome && s.outcome.solver === 'cbs') || s.frame?.solver === 'cbs';
      card.hidden = !(cbs && build());
      const r = s.frame?.report;
      const expanding = r && r.solver === 'cbs' && s.frame?.solver === 'cbs' ? r.node : -1;
      card.dataset.expanding = expanding >= 0 ? String(expanding) : '';
      for (const [id, b] of rows) b.classList.toggle('expanding', id === expanding);
      // The lit row into the list's view (the list scrolls, never the page).
      const lit = rows.get(expanding)?.parentElement;
      if (lit) {
        const top = lit.offsetTop - list.offsetTop;
        if (top < list.scrollTop || top + lit.offsetHeight > list.scrollTop + list.clientHeight) list.scrollTop = top - list.clientHeight / 3;
      }
    }
    back.hidden = s.node < 0;
    for (const [id, b] of rows) b.setAttribute('aria-current', String(id === s.node));
  };
  layer.onChange(render);
  render(layer.state);
}
