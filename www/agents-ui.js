// The main page's Agents view controls: the View menu's "Agents" entry (greyed, with Rust's
// reason, on maps of hexagons), the top bar's algorithm menu listing the MAPF solvers while
// the view is shown (Rust's table; the page's Step, Run and Reset then drive the solver
// chosen, session.js), the bar (budget, Solve, Play, Remove, Clear, a `.scen`
// with N agents, a plan imported or exported in the plain solution format), the stats line
// (SOC, makespan, their lower bounds, time, nodes, or why there is no plan, or a bad plan's
// first violation in the validator's words) and the time-step scrubber, which takes the
// timeline's place (and its keys: the session's timeline commands) while the view is shown.
// Every change goes through the session's `agents` command (agents.js carries it out).

import { $ } from './ui.js';
import { el } from './dom.js';
import { Agents } from './pkg/pathlab.js';
import { AgentsLayer } from './agents.js';
import { wireTree } from './agents-tree.js';
import { wireStep } from './agents-step.js';
import { fillAlgorithmSelect } from './algorithms.js';
import { withKey } from './status.js';
import * as maps from './maps.js';
import { lazy, loadFor } from './lazy.js';

/** The solvers' race (compare lanes), loaded at the first press of Compare solvers…. */
const raceModule = lazy(() => import('./agents-race.js'));

/** The solve budget the bar offers, in milliseconds. */
const DEFAULT_BUDGET_MS = 1000;

/** The first N agents of a `.scen` the bar offers. */
const DEFAULT_SCEN_AGENTS = 20;

/**
 * Wires the Agents view to the page's planner view (after `wireFields`: the View menu's
 * "Agents" is handled here, the planner's own views in fields-ui.js).
 * @param {{view: import('./view.js').PlannerView, session: import('./session.js').Session, mapName: () => string}} page
 * @returns {AgentsLayer}
 */
export function wireAgents({ view, session, mapName }) {
  const layer = new AgentsLayer(view, /** @type {HTMLCanvasElement} */ (view.canvas));
  view.agents = layer;
  session.agents = layer;
  const send = (command) => view.guard(() => session.dispatch({ cmd: 'agents', ...command }, view));
  const viewSelect = /** @type {HTMLSelectElement} */ ($('#view'));
  const option = /** @type {HTMLOptionElement} */ (viewSelect.querySelector('option[value="agents"]'));
  const optionTitle = 'Many agents at once: place starts and goals, run a multi-agent solver, watch them move in lock step';

  // ---- the bar ----
  const budget = /** @type {HTMLInputElement} */ (el('input', { id: 'agents-budget', type: 'number', min: '1', max: '60000', step: '1', value: String(DEFAULT_BUDGET_MS), inputMode: 'numeric' }));
  const count = /** @type {HTMLInputElement} */ (el('input', { id: 'agents-n', type: 'number', min: '1', max: '10000', step: '1', value: String(DEFAULT_SCEN_AGENTS), inputMode: 'numeric' }));
  const scen = /** @type {HTMLInputElement} */ (el('input', { id: 'agents-scen', type: 'file', accept: '.scen,.txt', className: 'agents-file' }));
  const plan = /** @type {HTMLInputElement} */ (el('input', { id: 'agents-import', type: 'file', accept: '.txt,.sol', className: 'agents-file' }));
  const button = (id, text, title, extra = {}) => /** @type {HTMLButtonElement} */ (el('button', { id, type: 'button', text, title, ...extra }));
  const run = button('agents-run', 'Solve', 'Plan every agent with the solver chosen in the algorithm menu at once, then play the plan (Step and Run show its search step by step)', { className: 'primary' });
  const play = button('agents-play', 'Play', 'Play the plan: every agent moves one time step at a time, all at once');
  const remove = button('agents-remove', 'Remove', 'Remove the agent picked (tap its start or goal first; right-click removes one at once)');
  const clear = button('agents-clear', 'Clear', 'Remove every agent');
  const compare = button('agents-compare', 'Compare solvers…', 'Race 2 to 4 solvers on these agents: their SOC, makespan, time and nodes side by side, and their plans in lock step');
  const exportPlan = button('agents-export', 'Export plan', 'Save the plan in the plain solution format (one line per time step)');
  const stats = el('output', { id: 'agents-stats', 'aria-live': 'polite', className: 'agents-stats' });
  const inline = (label, input) => el('div', { className: 'field-inline' }, [el('label', { htmlFor: input.id, text: label }), input]);
  const fileButton = (text, input) => el('label', { className: 'agents-file-button', title: input === scen ? 'The first N agents of a Moving AI .scen file, on this map' : 'A plan in the plain solution format, checked by the validator' }, [el('span', { text }), input]);
  $('#agents-controls').append(
    inline('Budget ms', budget), run, play, compare, remove, clear,
    fileButton('Load .scen…', scen), inline('N', count), fileButton('Import plan…', plan), exportPlan, stats,
  );

  // ---- the time-step scrubber, in the timeline's place ----
  const tlButton = (text, title, name) => el('button', { type: 'button', text, title, 'aria-label': title, 'data-agents-timeline': name });
  const first = tlButton('|◀', 'First time step (Home)', 'start');
  const back = tlButton('◀', 'Time step back (, or Shift+←)', 'back');
  const forward = tlButton('▶', 'Time step forward (. or Shift+→)', 'forward');
  const last = tlButton('▶|', 'Last time step (End)', 'end');
  const range = /** @type {HTMLInputElement} */ (el('input', { type: 'range', min: '0', max: '0', step: '1', value: '0', className: 'tl-range', 'aria-label': 'Time step', 'data-agents-timeline': 'range' }));
  const label = el('output', { className: 'tl-label', 'data-agents-timeline': 'label', text: 't = 0 of 0' });
  const scrubber = el('div', { className: 'timeline agents-timeline', role: 'group', 'aria-label': 'Agents time steps', hidden: true }, [first, back, range, forward, last, label]);
  $('#timeline').append(scrubber);
  const timeline = {
    stepBy: (delta) => send({ op: 'stepBy', delta }),
    seekTo: (step) => send({ op: 'seek', step: step === Infinity ? layer.horizon : step }),
  };
  first.addEventListener('click', () => timeline.seekTo(0));
  last.addEventListener('click', () => timeline.seekTo(Infinity));
  back.addEventListener('click', () => timeline.stepBy(-1));
  forward.addEventListener('click', () => timeline.stepBy(1));
  range.addEventListener('input', () => timeline.seekTo(Number(range.value)));
  /** The page's own scrubber, given back when the view is left. */
  let searchTimeline = null;

  // ---- the algorithm menu: the MAPF solvers while the view is shown ----
  const algorithm = /** @type {HTMLSelectElement} */ ($('#algorithm'));
  const runButton = /** @type {HTMLElement | null} */ (document.getElementById('run'));
  const solverMenu = (on) => {
    if (on) {
      // The search's algorithm is kept for the settings form (ui.js reads it while the menu
      // lists the solvers) and given back on leaving.
      algorithm.dataset.searchAlgorithm = view.planner.settings().algorithm;
      algorithm.replaceChildren(...(/** @type {import('./pkg/pathlab.js').MapfSolver[]} */ (Agents.solvers())).map((s) => el('option', { value: s.id, text: s.label, title: s.summary })));
      algorithm.value = layer.solver;
      algorithm.dataset.menu = 'agents';
    } else {
      delete algorithm.dataset.menu;
      delete algorithm.dataset.searchAlgorithm;
      fillAlgorithmSelect(algorithm);
      algorithm.value = view.planner.settings().algorithm;
      if (runButton) {
        runButton.textContent = 'Run';
        runButton.setAttribute('aria-pressed', 'false');
      }
    }
  };
  // Before the page's own listener (app.js applies the search's settings): a solver picked.
  document.addEventListener('change', (e) => {
    if (e.target !== algorithm || !layer.active) return;
    e.stopImmediatePropagation();
    send({ op: 'solver', id: algorithm.value });
  }, { capture: true });
  budget.addEventListener('change', () => {
    const b = Number(budget.value);
    send({ op: 'budget', ms: Number.isFinite(b) && b > 0 ? b : DEFAULT_BUDGET_MS });
  });

  // ---- the View menu ----
  const show = (on) => Boolean(send({ op: 'show', on }));
  /** Whether the view was shown at the last render: entering and leaving do more. */
  let wasActive = false;
  /** Entering the view (from the menu or a link) or leaving it. */
  const entered = (on) => {
    if (on) {
      // The single search's colours would read as the agents': the map shows plain.
      session.dispatch({ cmd: 'reset', search: true });
      searchTimeline = session.timeline;
      session.setTimeline(timeline);
      if (view.planner.view !== 'path') view.guard(() => view.planner.setView('path'));
      view.say('Agents: click a free cell for a start, then another for its goal; drag either to move it. Then Step or Run the solver chosen in the algorithm menu, or Solve at once.', 'info');
      solverMenu(true);
    } else {
      solverMenu(false);
      if (searchTimeline) session.setTimeline(searchTimeline);
      searchTimeline = null;
    }
  };
  viewSelect.addEventListener('change', () => {
    if (viewSelect.value === 'agents') {
      // fields-ui.js leaves this one alone: the planner's views are path, field and range.
      if (!show(true)) viewSelect.value = view.planner.view;
    } else if (layer.active) {
      show(false);
    }
  });

  run.addEventListener('click', () => {
    const b = Number(budget.value);
    const outcome = send({ op: 'solve', solver: layer.solver, budgetMs: Number.isFinite(b) && b > 0 ? b : DEFAULT_BUDGET_MS });
    if (outcome) view.say(outcome.status === 'solved' ? 'Solved: the agents move in lock step; scrub the time steps below.' : `No plan: ${outcome.failure ?? outcome.status}.`, outcome.status === 'solved' ? 'success' : 'error');
  });
  play.addEventListener('click', () => send({ op: layer.playing ? 'pause' : 'play' }));
  compare.addEventListener('click', async () => {
    const module = await loadFor(compare, raceModule, 'the solver comparison', (text, kind) => view.say(text, kind));
    if (module) {
      module.raceOf(layer);
      send({ op: 'race', act: 'open' });
    }
  });
  remove.addEventListener('click', () => send({ op: 'remove' }));
  clear.addEventListener('click', () => send({ op: 'clear' }));
  scen.addEventListener('change', async () => {
    const file = scen.files?.[0];
    scen.value = '';
    if (!file) return;
    const text = await file.text();
    const n = send({ op: 'scen', text, count: Math.max(1, Math.floor(Number(count.value)) || DEFAULT_SCEN_AGENTS) });
    if (n) view.say(`Loaded ${n} agents from ${file.name}: press Solve.`, 'success');
  });
  plan.addEventListener('change', async () => {
    const file = plan.files?.[0];
    plan.value = '';
    if (!file) return;
    const outcome = send({ op: 'import', text: await file.text() });
    if (outcome) view.say(outcome.violationText ? `The plan is invalid: ${outcome.violationText}.` : 'The plan is valid.', outcome.violationText ? 'error' : 'success');
  });
  exportPlan.addEventListener('click', () => {
    const stem = maps.fileStem(mapName());
    const text = view.guard(() => layer.agents.exportSolution(view.planner, `${stem}.map`));
    if (text) maps.download(new Blob([text], { type: 'text/plain' }), `${stem}-agents`, 'txt');
    else view.say('There is no valid plan to export yet: press Solve first.', 'info');
  });

  /** @param {import('./agents.js').AgentsState} s */
  const render = (s) => {
    if (s.active !== wasActive) {
      wasActive = s.active;
      entered(s.active);
    }
    option.disabled = Boolean(s.unavailable);
    option.title = s.unavailable ?? optionTitle;
    $('#agents-controls').hidden = !s.active;
    scrubber.hidden = !s.active;
    if (s.active) {
      $('#view-bar').hidden = false;
      document.body.dataset.view = 'agents';
      if (viewSelect.value !== 'agents') viewSelect.value = 'agents';
    } else if (document.body.dataset.view === 'agents') {
      document.body.dataset.view = view.planner.view;
      $('#view-bar').hidden = view.planner.view === 'path';
    }
    if (s.active) {
      if (algorithm.dataset.menu === 'agents' && algorithm.value !== s.solver) algorithm.value = s.solver;
      const busy = s.running || s.playing;
      if (runButton && runButton.textContent !== (busy ? 'Pause' : 'Run')) runButton.textContent = busy ? 'Pause' : 'Run';
      runButton?.setAttribute('aria-pressed', String(busy));
    }
    const o = s.outcome;
    const horizon = layer.horizon;
    range.max = String(horizon);
    range.value = String(Math.round(s.t));
    label.textContent = `t = ${Math.floor(s.t)} of ${horizon}`;
    range.setAttribute('aria-valuetext', label.textContent);
    play.textContent = s.playing ? 'Pause' : 'Play';
    play.disabled = !layer.paths;
    remove.disabled = s.selected < 0;
    clear.disabled = s.count === 0;
    compare.disabled = s.count === 0;
    exportPlan.disabled = !o || o.soc === null;
    stats.dataset.kind = o?.violation || (o && o.soc === null) ? 'error' : 'info';
    stats.textContent = statsText(s);
  };
  layer.onChange(render);
  render(layer.state);
  wireStep($('#agents-controls'), layer);
  wireTree($('#agents-controls'), layer, send);
  return layer;
}

/** A MAPF solver's name in menus, from Rust's table. */
function solverLabel(id) {
  return (/** @type {import('./pkg/pathlab.js').MapfSolver[]} */ (Agents.solvers())).find((x) => x.id === id)?.label ?? id;
}

/**
 * The stats line: what to do next, or the outcome's figures, or why there is no plan.
 * @param {import('./agents.js').AgentsState} s
 */
export function statsText(s) {
  const o = s.outcome;
  if (!o) {
    if (s.count === 0) return 'Click a free cell for an agent\'s start, then another for its goal.';
    if (s.pending) return `Agent ${s.count - 1}: now click its goal.`;
    if (s.frame) {
      const label = solverLabel(s.frame.solver);
      return s.running ? `${label} runs at the page's speed: ${withKey('Pause', 'Space')} stops it.` : `${label}, step by step: ${withKey('Step', 'N')} for its next step, ${withKey('Run', 'Space')} to go on, Solve to finish at once.`;
    }
    return `${s.count} agent${s.count === 1 ? '' : 's'}: Step or Run the solver to watch it, or Solve at once.`;
  }
  if (o.violationText) return `Invalid plan: ${o.violationText}`;
  if (s.node >= 0) return `Constraint-tree node #${s.node}: its own paths, its conflict ringed (the plan: SOC ${o.soc ?? '–'}).`;
  const lb = `SOC ${o.soc ?? '–'} (lower bound ${o.socLb}) · makespan ${o.makespan ?? '–'} (lower bound ${o.makespanLb})`;
  const work = `${o.ms.toFixed(1)} ms · ${o.nodes} nodes`;
  if (o.soc === null) return `No plan (${o.status}): ${o.failure ?? ''} · ${work}`;
  return `${lb} · ${work}`;
}

/**
 * The Agents view's read-only test hook (merged into `window.pathlab`): the agents' ends,
 * the plan's dense cells and horizon, the time shown and the last outcome.
 * @param {AgentsLayer} layer
 */
export function agentHooks(layer) {
  return {
    agents: () => ({
      active: layer.active,
      ends: Array.from(layer.ends),
      paths: layer.paths ? Array.from(layer.paths) : null,
      horizon: layer.horizon,
      t: layer.t,
      outcome: layer.outcome,
    }),
  };
}
