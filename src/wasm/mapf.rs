//! Multi-agent path finding for JS: the page's Agents view holds one [`Agents`], the agents
//! placed on the map of a [`Planner`] and their last plan ([`crate::mapf::scene`]). Every
//! rule (where an agent may go, the solvers, the validator, the formats) is `src/mapf`'s; this
//! file hands numbers, words and plain objects across, timing solves by `performance.now()`.

use super::*;
use crate::mapf::scene::{self, AgentScene, End};
use crate::mapf::{SolverId, SOLVERS};

#[wasm_bindgen(typescript_custom_section)]
const AGENT_TYPES: &'static str = r#"
/** The first rule a plan breaks (the validator's): its kind, agents, time step and cells. */
export interface MapfViolation {
  kind: "agent-count" | "empty-path" | "wrong-start" | "not-at-goal" | "blocked" | "jump" | "vertex" | "parked" | "swap";
  agents: number[];
  time: number;
  cells: [number, number][];
}

/** What the last solve or import of `Agents` gave. */
export interface AgentsOutcome {
  status: "solved" | "no-solution" | "failed" | "budget-exhausted" | "imported";
  solver: string;
  soc: number | null;
  makespan: number | null;
  socLb: number;
  makespanLb: number;
  ms: number;
  nodes: number;
  horizon: number;
  failure: string | null;
  violation: MapfViolation | null;
  violationText: string | null;
}

/** One node of CBS's constraint tree (`Agents.cbsTree()`); cells are `[x, y]`. */
export interface CbsTreeNode {
  id: number;
  parent: number | null;
  constraint: { agent: number; kind: "vertex" | "edge"; cells: [number, number][]; time: number } | null;
  cost: number;
  conflicts: number;
  expanded: number | null;
  conflict: { agents: [number, number]; time: number; cells: [number, number][] } | null;
  cardinality: "non-cardinal" | "semi-cardinal" | "cardinal" | null;
  bypass: boolean;
  solution: boolean;
}

/** A constraint-tree node's paths: agent i at time t is `cells[i * (horizon + 1) + t]`. */
export interface CbsNodePaths {
  horizon: number;
  cells: number[];
}

/** What the last step of a live solve did, and what to draw for it (`Agents.frame()`). */
export interface AgentsFrame {
  solver: string;
  status: "running" | "solved" | "no-solution" | "failed";
  steps: number;
  made: number;
  ms: number;
  report: { solver: "none" | "cbs" | "pibt" | "lacam" | "pp"; [key: string]: any };
  words: { headline: string; details: string[] };
  counts: string;
  line: string;
  horizon: number;
  cells: number[];
  t: number;
  agent: number | null;
  conflict: [number, number][];
  arrows: { from: [number, number]; to: [number, number]; kind: "push" | "backtrack" | "constraint" }[];
}

/** One MAPF solver of Rust's table. */
export interface MapfSolver {
  id: string;
  label: string;
  summary: string;
  step: string;
  optimal: boolean;
  complete: boolean;
}
"#;

/// One row of the solvers' table as JS reads it (`MapfSolver`).
#[derive(Serialize)]
struct SolverView {
    id: &'static str,
    label: &'static str,
    summary: &'static str,
    step: &'static str,
    optimal: bool,
    complete: bool,
}

/// A constraint-tree node's paths as JS reads them (`CbsNodePaths`).
#[derive(Serialize)]
struct NodePathsView {
    horizon: usize,
    cells: Vec<u32>,
}

/// The agents placed on a planner's map and their last plan (the page's Agents view).
#[wasm_bindgen]
#[derive(Default)]
pub struct Agents {
    scene: AgentScene,
}

#[wasm_bindgen]
impl Agents {
    /// No agents.
    #[wasm_bindgen(constructor)]
    pub fn new() -> Agents {
        Agents::default()
    }

    /// The MAPF solvers, in menu order (`MapfSolver[]`).
    #[wasm_bindgen(unchecked_return_type = "MapfSolver[]")]
    pub fn solvers() -> Result<JsValue, JsError> {
        let rows: Vec<SolverView> = SOLVERS
            .iter()
            .map(|s| SolverView {
                id: s.id,
                label: s.label,
                summary: s.summary,
                step: s.step,
                optimal: s.optimal,
                complete: s.complete,
            })
            .collect();
        to_js(&rows)
    }

    /// Why agents cannot be placed on `planner`'s map (hexagons), or `undefined`.
    pub fn unavailable(planner: &Planner) -> Option<String> {
        scene::unavailable(planner.planner().grid())
    }

    /// A click on (x, y): the goal of the last agent while it has none, else a new agent's
    /// start. Returns the agent's index; throws, changing nothing, on a wall, off the map,
    /// or on another agent's start (goal).
    pub fn place(&mut self, planner: &Planner, x: u32, y: u32) -> Result<u32, JsError> {
        let i = self
            .scene
            .place(planner.planner().grid(), x, y)
            .map_err(js_error)?;
        Ok(i as u32)
    }

    /// Moves agent `agent`'s goal (`goal` true) or start to (x, y); throws as `place` does.
    #[wasm_bindgen(js_name = moveEnd)]
    pub fn move_end(
        &mut self,
        planner: &Planner,
        agent: u32,
        goal: bool,
        x: u32,
        y: u32,
    ) -> Result<(), JsError> {
        let end = if goal { End::Goal } else { End::Start };
        self.scene
            .move_end(planner.planner().grid(), agent as usize, end, x, y)
            .map_err(js_error)
    }

    /// Removes agent `agent` (later ones move down); false if there is none.
    pub fn remove(&mut self, agent: u32) -> bool {
        self.scene.remove(agent as usize)
    }

    /// Removes every agent.
    pub fn clear(&mut self) {
        self.scene.clear();
    }

    /// The number of agents placed (one without a goal included).
    #[wasm_bindgen(getter)]
    pub fn count(&self) -> u32 {
        self.scene.agents().len() as u32
    }

    /// Every agent's ends, `[sx, sy, gx, gy, …]`; an agent without a goal yet has
    /// `gx = gy = 4294967295`.
    pub fn ends(&self) -> Vec<u32> {
        self.scene
            .agents()
            .iter()
            .flat_map(|a| {
                let (gx, gy) = a.goal.unwrap_or((u32::MAX, u32::MAX));
                [a.start.0, a.start.1, gx, gy]
            })
            .collect()
    }

    /// Replaces the agents with the first `count` of a Moving AI `.scen` text; returns how
    /// many. Throws, changing nothing, when the text has fewer or they do not fit the map.
    #[wasm_bindgen(js_name = loadScen)]
    pub fn load_scen(&mut self, planner: &Planner, text: &str, count: u32) -> Result<u32, JsError> {
        let n = self
            .scene
            .load_scen(planner.planner().grid(), text, count as usize)
            .map_err(js_error)?;
        Ok(n as u32)
    }

    /// Replaces the agents with `ends`, `[sx, sy, gx, gy, …]` (a link's, from `splitLink`);
    /// returns how many. Throws, changing nothing, when they do not fit the map (or the
    /// numbers do not come four to an agent).
    #[wasm_bindgen(js_name = setAgents)]
    pub fn set_agents(&mut self, planner: &Planner, ends: Vec<u32>) -> Result<u32, JsError> {
        if ends.len() % 4 != 0 {
            return Err(JsError::new(
                "agents come as four numbers each: sx, sy, gx, gy",
            ));
        }
        let ends: Vec<_> = ends
            .chunks_exact(4)
            .map(|c| ((c[0], c[1]), (c[2], c[3])))
            .collect();
        let n = self
            .scene
            .set(planner.planner().grid(), &ends)
            .map_err(js_error)?;
        Ok(n as u32)
    }

    /// The agents with a goal, `[sx, sy, gx, gy, …]`: what a link carries (`agents` of
    /// `formatLinkTail`).
    #[wasm_bindgen(js_name = linkAgents)]
    pub fn link_agents(&self) -> Vec<u32> {
        self.scene
            .complete()
            .iter()
            .flat_map(|&((sx, sy), (gx, gy))| [sx, sy, gx, gy])
            .collect()
    }

    /// Solves the agents on `planner`'s map with the solver `solver` (an id of `solvers()`)
    /// within `budgetMs` and keeps the plan; returns the outcome (`AgentsOutcome`). Throws,
    /// keeping the last plan, for an unknown solver or agents that make no problem (an agent
    /// without a goal, a wall painted over one, a goal out of reach).
    #[wasm_bindgen(unchecked_return_type = "AgentsOutcome")]
    pub fn solve(
        &mut self,
        planner: &Planner,
        solver: &str,
        budget_ms: f64,
    ) -> Result<JsValue, JsError> {
        let solver: SolverId = solver.parse().map_err(js_error)?;
        let outcome = self
            .scene
            .solve(
                planner.planner().grid(),
                solver,
                budget_ms,
                &performance_now,
            )
            .map_err(js_error)?;
        to_js(outcome)
    }

    /// Reads a solution in the plain format (docs/formats.md) for the agents and keeps it,
    /// valid or not; returns the outcome, whose `violation` is the first rule it breaks.
    /// Throws on text that is not the format.
    #[wasm_bindgen(js_name = importSolution, unchecked_return_type = "AgentsOutcome")]
    pub fn import_solution(&mut self, planner: &Planner, text: &str) -> Result<JsValue, JsError> {
        let outcome = self
            .scene
            .import(planner.planner().grid(), text)
            .map_err(js_error)?;
        to_js(outcome)
    }

    /// The last solve's or import's outcome (`AgentsOutcome`), or `undefined` (none yet, or
    /// the agents changed since).
    #[wasm_bindgen(unchecked_return_type = "AgentsOutcome | undefined")]
    pub fn outcome(&self) -> Result<JsValue, JsError> {
        match self.scene.outcome() {
            Some(o) => to_js(o),
            None => Ok(JsValue::UNDEFINED),
        }
    }

    /// The plan as dense cells: agent i's cell (`y * width + x`) at time t is
    /// `paths[i * (horizon + 1) + t]`; empty without a plan.
    pub fn paths(&self) -> Vec<u32> {
        self.scene.dense_paths()
    }

    /// The plan in the plain solution format (header with `map_file`), or `undefined`
    /// without a valid plan.
    #[wasm_bindgen(js_name = exportSolution)]
    pub fn export_solution(&self, planner: &Planner, map_file: &str) -> Option<String> {
        self.scene.export(planner.planner().grid(), map_file)
    }

    /// The last CBS solve's constraint tree, node by node (`CbsTreeNode[]`: parent, the
    /// constraint it adds, cost, conflicts, and for an expanded node when, the conflict
    /// chosen and its cardinality), or `undefined` after another solver or a change.
    #[wasm_bindgen(js_name = cbsTree, unchecked_return_type = "CbsTreeNode[] | undefined")]
    pub fn cbs_tree(&self) -> Result<JsValue, JsError> {
        match self.scene.tree_nodes() {
            Some(nodes) => to_js(&nodes),
            None => Ok(JsValue::UNDEFINED),
        }
    }

    /// Node `id` of the last CBS solve's tree: its own paths (`CbsNodePaths`, conflicts and
    /// all), or `undefined` when there is no such node.
    #[wasm_bindgen(js_name = cbsNodePaths, unchecked_return_type = "CbsNodePaths | undefined")]
    pub fn cbs_node_paths(&self, id: u32) -> Result<JsValue, JsError> {
        match self.scene.tree_node_paths(id) {
            Some((cells, horizon)) => to_js(&NodePathsView { horizon, cells }),
            None => Ok(JsValue::UNDEFINED),
        }
    }

    /// Starts a live solve of the agents with `solver` (an id of `solvers()`), to be stepped
    /// by `stepLive`; the last plan goes. Throws, changing nothing, as `solve` does.
    #[wasm_bindgen(js_name = startLive)]
    pub fn start_live(&mut self, planner: &Planner, solver: &str) -> Result<(), JsError> {
        let solver: SolverId = solver.parse().map_err(js_error)?;
        self.scene
            .start(planner.planner().grid(), solver, &performance_now)
            .map_err(js_error)
    }

    /// Up to `n` steps of the live solve, or until `budgetMs` have gone (at least one step);
    /// once it finishes, `outcome()` and `paths()` give its plan. Returns the status
    /// (`running`, `solved`, `no-solution`, `failed`), or `undefined` without a live solve.
    #[wasm_bindgen(js_name = stepLive)]
    pub fn step_live(&mut self, n: u32, budget_ms: f64) -> Option<String> {
        self.scene
            .step(u64::from(n), budget_ms, &performance_now)
            .map(|s| s.name().to_string())
    }

    /// Runs the live solve on to its end within `budgetMs` and returns its outcome (as
    /// `solve` does: `budget-exhausted` when the budget ends first).
    #[wasm_bindgen(js_name = finishLive, unchecked_return_type = "AgentsOutcome")]
    pub fn finish_live(&mut self, budget_ms: f64) -> Result<JsValue, JsError> {
        let outcome = self
            .scene
            .finish(budget_ms, &performance_now)
            .map_err(js_error)?;
        to_js(outcome)
    }

    /// What the live solve's last step did and what to draw for it (`AgentsFrame`: the
    /// report, its words and pseudocode line, the paths it worked on, arrows, the
    /// conflict), or `undefined` without a live solve.
    #[wasm_bindgen(unchecked_return_type = "AgentsFrame | undefined")]
    pub fn frame(&self) -> Result<JsValue, JsError> {
        match self.scene.frame() {
            Some(f) => to_js(&f),
            None => Ok(JsValue::UNDEFINED),
        }
    }

    /// Drops the live solve and the plan; the agents stay.
    #[wasm_bindgen(js_name = resetSolve)]
    pub fn reset_solve(&mut self) {
        self.scene.reset();
    }

    /// The pseudocode of the MAPF solver `solver`, line by line (`PseudocodeLine[]`);
    /// throws for an unknown id.
    #[wasm_bindgen(unchecked_return_type = "PseudocodeLine[]")]
    pub fn pseudocode(solver: &str) -> Result<JsValue, JsError> {
        let solver: SolverId = solver.parse().map_err(js_error)?;
        to_js(&solver.info().pseudocode)
    }
}
