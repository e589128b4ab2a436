//! The agents a page places on its map and the last plan for them: the rules of placing
//! (a start, then its goal, on open cells no other agent's start or goal holds), agents from
//! a `.scen`, one solve — stepped live ([`Live`]) or run to its end at once — or one imported
//! solution, its outcome (with the validator's first violation) and the plan as dense
//! per-agent cells. The page's Agents view and its wasm glue
//! (`src/wasm/mapf.rs`) hold one [`AgentScene`]; the map stays the planner's and is handed in.

use super::live::{Frame, Live};
use super::plan::Plan;
use super::problem::{Ends, Problem, ProblemError};
use super::solver::MapfStatus;
use super::table::SolverId;
use super::text::{parse_solution, scen_agents, write_solution, SolutionInfo};
use super::tree::TreeNode;
use super::validate::{validate, Violation};
use crate::grid::{Grid, Shape};
use std::rc::Rc;

/// One placed agent: its start, and its goal once given.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Placed {
    /// The start (x, y).
    pub start: (u32, u32),
    /// The goal (x, y); `None` until the next click gives it.
    pub goal: Option<(u32, u32)>,
}

/// Which end of an agent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum End {
    /// Where it starts.
    Start,
    /// Where it must end.
    Goal,
}

/// What the last solve or import gave: the page's stats line and conflict mark.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Outcome {
    /// `solved`, `no-solution`, `failed`, `budget-exhausted` or `imported`.
    pub status: &'static str,
    /// The solver's id (`imported` for an imported solution).
    pub solver: &'static str,
    /// The plan's sum of costs, when it has a valid plan.
    pub soc: Option<u64>,
    /// The plan's makespan, when it has a valid plan.
    pub makespan: Option<u32>,
    /// The lower bound of the sum of costs (each agent's own distance, summed).
    pub soc_lb: u64,
    /// The lower bound of the makespan.
    pub makespan_lb: u32,
    /// Milliseconds the solve took (0 for an import).
    pub ms: f64,
    /// The solver's steps (CBS nodes, PIBT time steps, LaCAM configurations).
    pub nodes: u64,
    /// The time steps of the plan shown (0 without one).
    pub horizon: u32,
    /// Why there is no plan, in words.
    pub failure: Option<String>,
    /// The first rule the plan breaks, when it breaks one.
    pub violation: Option<Violation>,
    /// That violation in the validator's words.
    pub violation_text: Option<String>,
}

/// The agents placed on a map, and the last plan for them.
#[derive(Default)]
pub struct AgentScene {
    agents: Vec<Placed>,
    plan: Option<Plan>,
    outcome: Option<Outcome>,
    /// The last solve, stepped live or run to its end (CBS's keeps its constraint tree).
    live: Option<Live>,
}

/// Why multi-agent path finding is not offered on `grid`, in words, or `None` on squares.
pub fn unavailable(grid: &Grid) -> Option<String> {
    (grid.shape() != Shape::Square).then(|| ProblemError::NotSquare.to_string())
}

fn open(grid: &Grid, (x, y): (u32, u32)) -> Result<(), String> {
    if let Some(why) = unavailable(grid) {
        return Err(why);
    }
    match grid.get(i64::from(x), i64::from(y)) {
        None => Err(format!("cell ({x}, {y}) is off the map")),
        Some(c) if !c.is_passable() => Err(format!("cell ({x}, {y}) is a wall")),
        Some(_) => Ok(()),
    }
}

impl AgentScene {
    /// No agents.
    pub fn new() -> AgentScene {
        AgentScene::default()
    }

    /// The agents, in order.
    pub fn agents(&self) -> &[Placed] {
        &self.agents
    }

    fn changed(&mut self) {
        self.plan = None;
        self.outcome = None;
        self.live = None;
    }

    fn taken(&self, cell: (u32, u32), end: End, except: Option<usize>) -> Option<usize> {
        self.agents.iter().enumerate().position(|(i, a)| {
            Some(i) != except
                && match end {
                    End::Start => a.start == cell,
                    End::Goal => a.goal == Some(cell),
                }
        })
    }

    fn check(
        &self,
        grid: &Grid,
        cell: (u32, u32),
        end: End,
        agent: Option<usize>,
    ) -> Result<(), String> {
        open(grid, cell)?;
        match self.taken(cell, end, agent) {
            Some(other) => Err(format!(
                "agent {other} {} on ({}, {})",
                if end == End::Start { "starts" } else { "ends" },
                cell.0,
                cell.1
            )),
            None => Ok(()),
        }
    }

    /// A click on (x, y): the goal of the last agent when it has none yet, else the start
    /// of a new agent. Returns the agent's index; refuses walls, cells off the map, and a
    /// start (goal) on another agent's start (goal).
    pub fn place(&mut self, grid: &Grid, x: u32, y: u32) -> Result<usize, String> {
        let pending = self
            .agents
            .len()
            .checked_sub(1)
            .filter(|&i| self.agents[i].goal.is_none());
        match pending {
            Some(i) => {
                self.check(grid, (x, y), End::Goal, Some(i))?;
                self.agents[i].goal = Some((x, y));
                self.changed();
                Ok(i)
            }
            None => {
                self.check(grid, (x, y), End::Start, None)?;
                self.agents.push(Placed {
                    start: (x, y),
                    goal: None,
                });
                self.changed();
                Ok(self.agents.len() - 1)
            }
        }
    }

    /// Moves agent `agent`'s `end` to (x, y), by the rules of [`AgentScene::place`].
    pub fn move_end(
        &mut self,
        grid: &Grid,
        agent: usize,
        end: End,
        x: u32,
        y: u32,
    ) -> Result<(), String> {
        if agent >= self.agents.len() {
            return Err(format!("there is no agent {agent}"));
        }
        self.check(grid, (x, y), end, Some(agent))?;
        let a = &mut self.agents[agent];
        match end {
            End::Start => a.start = (x, y),
            End::Goal => a.goal = Some((x, y)),
        }
        self.changed();
        Ok(())
    }

    /// Removes agent `agent` (those after it move down one); false if there is none.
    pub fn remove(&mut self, agent: usize) -> bool {
        if agent >= self.agents.len() {
            return false;
        }
        self.agents.remove(agent);
        self.changed();
        true
    }

    /// Removes every agent.
    pub fn clear(&mut self) {
        self.agents.clear();
        self.changed();
    }

    /// Replaces the agents with the first `count` of a `.scen` text, checked against `grid`.
    pub fn load_scen(&mut self, grid: &Grid, text: &str, count: usize) -> Result<usize, String> {
        let ends = scen_agents(text, Some(count)).map_err(|e| e.to_string())?;
        self.set(grid, &ends)
    }

    /// Replaces the agents with `ends` (a link's), checked against `grid` as a problem is;
    /// changes nothing when refused.
    pub fn set(&mut self, grid: &Grid, ends: &[Ends]) -> Result<usize, String> {
        Problem::new(grid, ends).map_err(|e| e.to_string())?;
        self.agents = ends
            .iter()
            .map(|&(start, goal)| Placed {
                start,
                goal: Some(goal),
            })
            .collect();
        self.changed();
        Ok(self.agents.len())
    }

    /// The agents that have a goal, as (start, goal): what a link carries.
    pub fn complete(&self) -> Vec<Ends> {
        self.agents
            .iter()
            .filter_map(|a| a.goal.map(|g| (a.start, g)))
            .collect()
    }

    /// The problem of the agents on `grid`; refused while an agent has no goal, or when the
    /// problem's own rules refuse (walls painted over an agent, a goal out of reach).
    pub fn problem(&self, grid: &Grid) -> Result<Problem, String> {
        if self.agents.is_empty() {
            return Err(
                "place agents first: click a free cell for a start, then one for its goal".into(),
            );
        }
        let ends: Vec<Ends> = self
            .agents
            .iter()
            .enumerate()
            .map(|(i, a)| a.goal.map(|g| (a.start, g)).ok_or(i))
            .collect::<Result<_, usize>>()
            .map_err(|i| format!("agent {i} has no goal yet: click a free cell for it"))?;
        Problem::new(grid, &ends).map_err(|e| e.to_string())
    }

    /// Solves the agents on `grid` with `solver` within `budget_ms`, timed by `now_ms`, and
    /// keeps the plan (LaCAM* stops refining when the budget ends and keeps its best plan):
    /// a live solve ([`AgentScene::start`]) run to its end.
    pub fn solve(
        &mut self,
        grid: &Grid,
        solver: SolverId,
        budget_ms: f64,
        now_ms: &dyn Fn() -> f64,
    ) -> Result<&Outcome, String> {
        self.start(grid, solver, now_ms)?;
        self.finish(budget_ms, now_ms)
    }

    /// Starts a live solve of the agents on `grid` with `solver` (the last plan goes), to be
    /// stepped by [`AgentScene::step`]; refused as [`AgentScene::problem`] refuses.
    pub fn start(
        &mut self,
        grid: &Grid,
        solver: SolverId,
        now_ms: &dyn Fn() -> f64,
    ) -> Result<(), String> {
        let problem = Rc::new(self.problem(grid)?);
        self.plan = None;
        self.outcome = None;
        self.live = Some(Live::start(solver, problem, now_ms));
        self.settle(false);
        Ok(())
    }

    /// Up to `n` steps of the live solve, or until `budget_ms` have gone (at least one);
    /// once the solver finishes, its plan and outcome are kept. Returns the status, or `None`
    /// without a live solve.
    pub fn step(&mut self, n: u64, budget_ms: f64, now_ms: &dyn Fn() -> f64) -> Option<MapfStatus> {
        let status = self.live.as_mut()?.step(n, budget_ms, now_ms);
        self.settle(false);
        Some(status)
    }

    /// Runs the live solve on to its end within `budget_ms` more and keeps its outcome:
    /// `budget-exhausted` when the budget ran out first (LaCAM* with a plan: `solved`, its
    /// best so far).
    pub fn finish(&mut self, budget_ms: f64, now_ms: &dyn Fn() -> f64) -> Result<&Outcome, String> {
        let live = self.live.as_mut().ok_or("no solve was started")?;
        if live.status() == MapfStatus::Running {
            live.step(u64::MAX, budget_ms, now_ms);
        }
        self.settle(true);
        self.outcome
            .as_ref()
            .ok_or_else(|| "no outcome".to_string())
    }

    /// Keeps the live solve's outcome once it has one: when the solver finished, or (`ended`)
    /// when its budget did.
    fn settle(&mut self, ended: bool) {
        let Some(live) = &self.live else { return };
        let status = live.status();
        if self.outcome.is_some() || (status == MapfStatus::Running && !ended) {
            return;
        }
        let s = live.solver();
        let plan = s.plan().cloned();
        let (nodes, why) = (s.nodes(), s.failure());
        let refined = status == MapfStatus::Running && plan.is_some();
        let status = if refined { MapfStatus::Solved } else { status };
        let failure = match status {
            MapfStatus::Running => Some("the budget ran out before a plan was found".to_string()),
            MapfStatus::Solved => None,
            _ => why,
        };
        let name = if status == MapfStatus::Running {
            "budget-exhausted"
        } else {
            status.name()
        };
        let (problem, ms, id) = (live.problem().clone(), live.ms(), live.id().info().id);
        self.keep(&problem, plan, name, id, ms, nodes, failure);
    }

    /// What the live solve's last step did (`None` without one).
    pub fn frame(&self) -> Option<Frame> {
        self.live.as_ref().map(Live::frame)
    }

    /// Drops the live solve and the plan (the agents stay).
    pub fn reset(&mut self) {
        self.changed();
    }

    /// The last CBS solve's constraint tree (as far as it has grown), node by node, or
    /// `None` (another solver, or the agents changed since).
    pub fn tree_nodes(&self) -> Option<Vec<TreeNode>> {
        self.live.as_ref()?.tree_nodes()
    }

    /// Node `id` of the last CBS solve's tree: its paths as dense cells (as
    /// [`AgentScene::dense_paths`]) and their horizon.
    pub fn tree_node_paths(&self, id: u32) -> Option<(Vec<u32>, usize)> {
        let plan = self.live.as_ref()?.tree_node_plan(id)?;
        Some((plan.dense(), plan.horizon()))
    }

    /// Reads a solution in the plain format (docs/formats.md) for the agents on `grid` and
    /// keeps it, valid or not: the outcome names its first violation.
    pub fn import(&mut self, grid: &Grid, text: &str) -> Result<&Outcome, String> {
        let problem = self.problem(grid)?;
        let plan = parse_solution(text, &problem).map_err(|e| e.to_string())?;
        // The plan is no solver's: the last solve (and CBS's tree) goes.
        self.live = None;
        Ok(self.keep(&problem, Some(plan), "imported", "imported", 0.0, 0, None))
    }

    #[allow(clippy::too_many_arguments)]
    fn keep(
        &mut self,
        problem: &Problem,
        plan: Option<Plan>,
        status: &'static str,
        solver: &'static str,
        ms: f64,
        nodes: u64,
        failure: Option<String>,
    ) -> &Outcome {
        let (soc_lb, makespan_lb) = problem.lower_bound();
        let verdict = plan.as_ref().map(|p| validate(problem, p));
        let costs = verdict.as_ref().and_then(|v| v.as_ref().ok());
        let violation = verdict.as_ref().and_then(|v| v.as_ref().err()).cloned();
        let outcome = Outcome {
            status,
            solver,
            soc: costs.map(|c| c.soc),
            makespan: costs.map(|c| c.makespan),
            soc_lb,
            makespan_lb,
            ms,
            nodes,
            horizon: plan.as_ref().map_or(0, |p| p.horizon() as u32),
            failure,
            violation_text: violation.as_ref().map(ToString::to_string),
            violation,
        };
        self.plan = plan;
        self.outcome.insert(outcome)
    }

    /// The last solve's or import's outcome, until the agents change.
    pub fn outcome(&self) -> Option<&Outcome> {
        self.outcome.as_ref()
    }

    /// The plan as dense cells: agent i's cell (`y * width + x`) at time t is
    /// `cells[i * (horizon + 1) + t]`, each path held on its last cell to the horizon
    /// (`u32::MAX` for an empty path); empty without a plan.
    pub fn dense_paths(&self) -> Vec<u32> {
        self.plan.as_ref().map(Plan::dense).unwrap_or_default()
    }

    /// The plan in the plain solution format, or `None` without a valid plan.
    pub fn export(&self, grid: &Grid, map_file: &str) -> Option<String> {
        let outcome = self.outcome.as_ref()?;
        outcome.soc?;
        let problem = self.problem(grid).ok()?;
        let info = SolutionInfo {
            map_file: map_file.to_string(),
            solver: outcome.solver.to_string(),
            comp_time_ms: outcome.ms,
        };
        Some(write_solution(&problem, self.plan.as_ref()?, &info))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::movingai::parse_map;

    fn grid() -> Grid {
        parse_map("type octile\nheight 3\nwidth 4\nmap\n....\n.@..\n....\n").unwrap()
    }

    #[test]
    fn clicks_make_a_start_then_its_goal_and_refuse_taken_cells() {
        let g = grid();
        let mut s = AgentScene::new();
        assert_eq!(s.place(&g, 0, 0), Ok(0));
        assert!(s.place(&g, 1, 1).unwrap_err().contains("wall"));
        assert_eq!(s.place(&g, 3, 0), Ok(0));
        assert!(s.place(&g, 0, 0).unwrap_err().contains("agent 0 starts"));
        assert_eq!(s.place(&g, 3, 0), Ok(1));
        assert!(s.problem(&g).unwrap_err().contains("agent 1 has no goal"));
        assert!(s.place(&g, 3, 0).unwrap_err().contains("agent 0 ends"));
        assert_eq!(s.place(&g, 0, 0), Ok(1));
        assert!(s.move_end(&g, 1, End::Goal, 3, 0).is_err());
        s.move_end(&g, 1, End::Goal, 0, 2).unwrap();
        assert_eq!(s.agents()[1].goal, Some((0, 2)));
    }

    #[test]
    fn a_solve_keeps_a_valid_plan_as_dense_cells() {
        let g = grid();
        let mut s = AgentScene::new();
        for (x, y) in [(0, 0), (3, 0), (3, 0), (0, 0)] {
            s.place(&g, x, y).unwrap();
        }
        let o = s.solve(&g, SolverId::Cbs, 1000.0, &|| 0.0).unwrap().clone();
        assert_eq!(o.status, "solved");
        assert_eq!(o.violation, None);
        let h = o.horizon as usize;
        assert_eq!(o.makespan, Some(o.horizon));
        let cells = s.dense_paths();
        assert_eq!(cells.len(), 2 * (h + 1));
        assert_eq!((cells[0], cells[h]), (0, 3));
        // CBS's tree: the root has the conflict, the solution node has none.
        let nodes = s.tree_nodes().unwrap();
        assert!(nodes[0].parent.is_none() && nodes[0].conflict.is_some());
        let sol = nodes.iter().find(|n| n.solution).unwrap();
        assert_eq!(sol.cost, o.soc.unwrap());
        assert_eq!(s.tree_node_paths(sol.id).unwrap().0, cells);
        assert!(s.tree_node_paths(nodes.len() as u32).is_none());
        let text = s.export(&g, "t.map").unwrap();
        let again = s.import(&g, &text).unwrap();
        assert_eq!((again.soc, again.makespan), (o.soc, o.makespan));
        assert!(
            s.tree_nodes().is_none() && s.frame().is_none(),
            "an import is no solve"
        );
        s.remove(0);
        assert!(s.outcome().is_none() && s.dense_paths().is_empty());
    }

    #[test]
    fn an_imported_bad_plan_names_its_first_conflict() {
        let g = grid();
        let mut s = AgentScene::new();
        for (x, y) in [(0, 0), (2, 0), (2, 0), (0, 0)] {
            s.place(&g, x, y).unwrap();
        }
        let o = s
            .import(&g, "0:(0,0),(2,0),\n1:(1,0),(1,0),\n2:(2,0),(0,0),\n")
            .unwrap();
        let v = o.violation.as_ref().unwrap();
        assert_eq!(
            (v.agents.clone(), v.time, v.cells.clone()),
            (vec![0, 1], 1, vec![(1, 0)])
        );
        assert!(o
            .violation_text
            .as_ref()
            .unwrap()
            .starts_with("vertex at t=1"));
        assert_eq!(o.soc, None);
    }

    #[test]
    fn hexagons_are_refused_in_words() {
        let g = grid().into_shape(Shape::HexRows);
        assert!(unavailable(&g).unwrap().contains("square"));
        assert!(AgentScene::new().place(&g, 0, 0).is_err());
    }
}
