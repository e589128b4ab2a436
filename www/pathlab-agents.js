// The JS API's agents (multi-agent path finding, issue 28): a view mounted by `Pathlab.mount`
// (pathlab.js) shows the Agents view on its canvas, takes agents as a link's `SX,SY,GX,GY;…`
// text or an array of `[sx, sy, gx, gy]`, solves them with a MAPF solver within a budget,
// reads the outcome (SOC, makespan, their lower bounds, every agent's path) and tells its
// `agents` listeners when a solve ends. The layer on the canvas is the main page's
// (agents.js), made at the first use and driven through the view's Session; every rule is
// Rust's: `parseAgents` reads the text, `checkCommand` the arguments, `Agents` places, solves
// and refuses. pathlab.js's `MountedView` extends `AgentsApi`.

import { Agents, parseAgents, checkCommand } from './pkg/pathlab.js';
import { AgentsLayer } from './agents.js';
import { el } from './dom.js';

/** The solver a view solves with when none is named: the page's Agents view's default. */
export const DEFAULT_SOLVER = 'lacam';

/**
 * `[sx, sy, gx, gy, …]` of agents given as text (`"1,1,5,1;3,3,3,0"`) or as an array of
 * `[sx, sy, gx, gy]`, read by Rust's link reader (whole numbers, four to an agent, 1–1000).
 * @param {unknown} agents
 * @returns {number[]}
 */
export function agentEnds(agents) {
  if (typeof agents === 'string') return Array.from(parseAgents(agents.trim()));
  if (Array.isArray(agents)) {
    // Written as the link's text, so the one reader checks both forms.
    return Array.from(parseAgents(agents.map((a) => (Array.isArray(a) ? a.map(String).join(',') : String(a))).join(';')));
  }
  throw new Error('agents are "SX,SY,GX,GY;…" (each agent\'s start and goal cells) or an array of [sx, sy, gx, gy]');
}

/**
 * Throws unless `id` names a solver of Rust's table (the `solver` option and parameter).
 * @param {string} id
 */
export function checkSolver(id) {
  const solvers = /** @type {import('./pkg/pathlab.js').MapfSolver[]} */ (Agents.solvers());
  if (!solvers.some((s) => s.id === id)) {
    throw new Error(`solver=${String(id).slice(0, 40)}: the solver is one of ${solvers.map((s) => s.id).join(', ')}`);
  }
  return id;
}

/**
 * An outcome in words, for the view's message line.
 * @param {import('./pkg/pathlab.js').AgentsOutcome} o
 */
const outcomeText = (o) => (o.soc === null
  ? `No plan (${o.status}): ${o.failure ?? ''}`
  : `SOC ${o.soc} (lower bound ${o.socLb}) · makespan ${o.makespan} (lower bound ${o.makespanLb}) · ${o.ms.toFixed(1)} ms · ${o.nodes} nodes`);

/**
 * The agents part of a mounted view (pathlab.js's `MountedView` extends it): its methods use
 * the view's `session`, `view`, `canvas`, `emit` and `say`.
 */
export class AgentsApi {
  /** The view's agents layer (agents.js), made at the first use. */
  agentsLayer() {
    const v = /** @type {any} */ (this);
    if (!v.agents) {
      const layer = new AgentsLayer(v.view, v.canvas);
      v.view.agents = layer;
      v.session.agents = layer;
      v.agents = layer;
    }
    return /** @type {AgentsLayer} */ (v.agents);
  }

  /** Shows (or hides) the Agents view: the map shows the agents instead of the search. */
  showAgents(on = true) {
    const v = /** @type {any} */ (this);
    const layer = this.agentsLayer();
    if (on && !layer.active) {
      // The search's colours, a field or a range would read as the agents': the map shows plain.
      v.session.dispatch({ cmd: 'reset' });
      if (v.view.planner.view !== 'path') v.view.planner.setView('path');
    }
    v.session.dispatch({ cmd: 'agents', op: 'show', on: Boolean(on) });
    this.agentsToolbar(Boolean(on));
    return this.agentsInfo();
  }

  /**
   * In the Agents view the search is hidden, and so are its buttons and figures: the
   * toolbar's Run gives way to Solve (the view's solver), Step and Reset step aside, and the
   * foot keeps the solve's figures only.
   * @param {boolean} on
   */
  agentsToolbar(on) {
    const v = /** @type {any} */ (this);
    const buttons = v.buttons ?? {};
    if (buttons.run && !v.solveButton) {
      v.solveButton = el('button', { type: 'button', text: 'Solve', class: 'primary', title: 'Plan every agent with the solver, then play the plan', 'data-agents-solve': '' });
      v.solveButton.addEventListener('click', () => v.guarded(() => this.solveAgents()));
      buttons.run.after(v.solveButton);
    }
    for (const name of ['step', 'run', 'reset']) if (buttons[name]) buttons[name].hidden = on;
    if (v.solveButton) v.solveButton.hidden = !on;
    for (const part of [v.statusEl, v.numbersEl]) if (part) part.hidden = on;
  }

  /**
   * Shows the Agents view and runs `act` in it; when Rust refuses (`act` throws), the view is
   * shown only if it already was, so a refused command leaves the page as it was.
   * @template T
   * @param {() => T} act
   * @returns {T}
   */
  shownUnlessRefused(act) {
    const shown = this.agentsLayer().active;
    this.showAgents(true);
    try {
      return act();
    } catch (e) {
      if (!shown) this.showAgents(false);
      throw e;
    }
  }

  /**
   * Places `agents` (text or an array, see `agentEnds`) instead of those placed, and shows
   * the Agents view; throws, keeping the agents and the view as they were, when they do not
   * fit the map.
   * @param {string | number[][]} agents
   */
  setAgents(agents) {
    const v = /** @type {any} */ (this);
    checkCommand({ cmd: 'setAgents', agents }, 11);
    const ends = agentEnds(agents);
    this.shownUnlessRefused(() => v.session.dispatch({ cmd: 'agents', op: 'set', ends }));
    return this.agentsInfo();
  }

  /**
   * Solves the agents with `solver` (default: the view's `solver` option, else LaCAM) within
   * `budgetMs` (default 1000); plays
   * the plan, sends `agents` to the listeners and returns the outcome.
   * @param {string} [solver]
   * @param {number} [budgetMs]
   * @returns {import('./pkg/pathlab.js').AgentsOutcome}
   */
  solveAgents(solver = /** @type {any} */ (this).solver ?? DEFAULT_SOLVER, budgetMs = undefined) {
    const v = /** @type {any} */ (this);
    const c = checkCommand({ cmd: 'solveAgents', solver, budgetMs }, 11);
    const outcome = this.shownUnlessRefused(() => v.session.dispatch({ cmd: 'agents', op: 'solve', solver: c.solver, budgetMs: c.budgetMs }));
    v.say(outcomeText(outcome), outcome.soc === null ? 'error' : 'success');
    v.emit('agents', outcome);
    return outcome;
  }

  /**
   * The agents and their last solve: `{active, count, agents, outcome, paths}` — `agents` as
   * `[sx, sy, gx, gy]` (those with a goal), `outcome` Rust's `AgentsOutcome` or null, `paths`
   * every agent's cell `[x, y]` at each time step 0…horizon (held on its goal at the end), or
   * null without a plan.
   */
  agentsInfo() {
    const v = /** @type {any} */ (this);
    /** @type {AgentsLayer | null} */
    const layer = v.agents;
    if (!layer) return { active: false, count: 0, agents: [], outcome: null, paths: null };
    const flat = Array.from(layer.agents.linkAgents());
    const agents = [];
    for (let i = 0; i < flat.length; i += 4) agents.push(flat.slice(i, i + 4));
    let paths = null;
    const plan = layer.paths;
    if (plan && layer.outcome && layer.node === null) {
      const steps = layer.outcome.horizon + 1;
      const w = v.view.planner.width;
      paths = agents.map((_, i) => Array.from(plan.subarray(i * steps, (i + 1) * steps), (c) => [c % w, Math.floor(c / w)]));
    }
    return { active: layer.active, count: layer.state.count, agents, outcome: layer.outcome, paths };
  }
}

/**
 * What `getState` says of the agents: null before any, else `{active, count, outcome}`.
 * @param {any} mounted
 */
export function agentsState(mounted) {
  const layer = mounted.agents;
  return layer ? { active: layer.active, count: layer.state.count, outcome: layer.outcome } : null;
}
