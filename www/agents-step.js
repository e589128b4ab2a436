// The Agents view's step panel (issue 28): what the live solve's last step did — Rust's
// headline and details (src/mapf/words.rs: CBS's node, conflict and children with their
// constraints; PIBT's priority order, each push and backtrack; LaCAM's configuration, the
// constraints PIBT obeyed and what came of it; the agent prioritized planning planned) and
// the counts — with the step's figures as `data-*` attributes for readers and tests. It
// composes no words of its own: it lists the frame's (`Agents.frame()`).

import { el } from './dom.js';

/** Detail lines listed at most (PIBT with hundreds of agents pushes many). */
export const MAX_DETAILS = 60;

/**
 * Builds the panel into `root` and keeps it in step with `layer`.
 * @param {HTMLElement} root
 * @param {import('./agents.js').AgentsLayer} layer
 */
export function wireStep(root, layer) {
  const head = el('p', { className: 'agents-step-head', 'aria-live': 'polite' });
  const counts = el('p', { className: 'agents-step-counts' });
  const list = el('ol', { className: 'agents-step-details', 'aria-label': 'What the step did' });
  const panel = el('section', { id: 'agents-step', className: 'agents-step', 'aria-label': 'The solver\'s last step', hidden: true }, [head, counts, list]);
  root.append(panel);
  let shown = null;

  /** @param {import('./agents.js').AgentsState} s */
  const render = (s) => {
    const f = s.frame;
    panel.hidden = !s.active || !f;
    if (!f || f === shown) return;
    shown = f;
    const d = panel.dataset;
    const r = f.report;
    d.solver = f.solver;
    d.status = f.status;
    d.steps = String(f.steps);
    d.made = String(f.made);
    d.line = f.line;
    d.report = r.solver;
    d.outcome = r.solver === 'lacam' ? r.outcome : '';
    d.node = r.solver === 'cbs' || r.solver === 'lacam' ? String(r.node) : '';
    d.pushes = r.solver === 'pibt' ? String(r.chains.length) : '';
    d.backtracks = r.solver === 'pibt' ? String(r.backtracks.length) : '';
    d.arrows = String(f.arrows.length);
    head.textContent = f.words.headline;
    counts.textContent = `${f.counts} · ${f.ms.toFixed(1)} ms`;
    const details = f.words.details;
    list.replaceChildren(...details.slice(0, MAX_DETAILS).map((text) => el('li', { text })));
    if (details.length > MAX_DETAILS) list.append(el('li', { text: `… ${details.length - MAX_DETAILS} more` }));
  };
  layer.onChange(render);
  render(layer.state);
}
