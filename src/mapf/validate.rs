//! The one validator: every solver's tests, imported solutions and the page check plans
//! here, and it names the first rule a plan breaks.
//!
//! The rules: one path per agent, from its start, ending on its goal; every step a move to
//! one of the 4 neighbours or a wait, on open cells only; no two agents on one cell at one
//! time (a vertex conflict), counting an agent that has finished and waits on its goal
//! (it blocks its goal); no two agents exchanging cells in one step (a swap conflict).
//! Following an agent into the cell it leaves, and rotations of three or more, are allowed.
//!
//! "First" means: the shape of the plan first (the number of paths, then agent by agent an
//! empty path, a wrong start, a path not ending on its goal), then time step by time step
//! from t = 0: cells off the map or on walls, jumps, vertex conflicts, swap conflicts;
//! within a kind, the lowest agent first.

use super::plan::{Costs, Plan};
use super::problem::{Problem, NONE};
use std::fmt;

/// The kinds of violation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum ViolationKind {
    /// The plan has a different number of paths than the problem has agents.
    AgentCount,
    /// An agent's path has no cells.
    EmptyPath,
    /// An agent's path does not begin on its start.
    WrongStart,
    /// An agent's path does not end on its goal.
    NotAtGoal,
    /// An agent is off the map or on a wall.
    Blocked,
    /// An agent moves to a cell that is not next to its cell.
    Jump,
    /// Two agents are on one cell at one time, both still moving.
    Vertex,
    /// An agent enters (or stays on) the goal where another agent has finished and waits.
    Parked,
    /// Two agents exchange cells in one step.
    Swap,
}

impl ViolationKind {
    /// The kind's name, as in JSON.
    pub fn name(self) -> &'static str {
        match self {
            ViolationKind::AgentCount => "agent-count",
            ViolationKind::EmptyPath => "empty-path",
            ViolationKind::WrongStart => "wrong-start",
            ViolationKind::NotAtGoal => "not-at-goal",
            ViolationKind::Blocked => "blocked",
            ViolationKind::Jump => "jump",
            ViolationKind::Vertex => "vertex",
            ViolationKind::Parked => "parked",
            ViolationKind::Swap => "swap",
        }
    }
}

/// The first rule a plan breaks: its kind, the agents, the time step and the cells (x, y).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Violation {
    /// What is wrong.
    pub kind: ViolationKind,
    /// The agent or agents concerned (for a parked conflict, the one moving first).
    pub agents: Vec<usize>,
    /// The time step (for a swap, the time the agents arrive).
    pub time: usize,
    /// The cells concerned as (x, y): the one cell of a vertex conflict, the two of a swap
    /// (the first agent's from and to), the from and to of a jump.
    pub cells: Vec<(u32, u32)>,
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let agents: Vec<String> = self.agents.iter().map(|a| a.to_string()).collect();
        let cells: Vec<String> = self
            .cells
            .iter()
            .map(|(x, y)| format!("({x},{y})"))
            .collect();
        write!(
            f,
            "{} at t={}: agent{} {}",
            self.kind.name(),
            self.time,
            if agents.len() > 1 { "s" } else { "" },
            agents.join(" and ")
        )?;
        if !cells.is_empty() {
            write!(
                f,
                ", cell{} {}",
                if cells.len() > 1 { "s" } else { "" },
                cells.join(" → ")
            )?;
        }
        Ok(())
    }
}

impl std::error::Error for Violation {}

fn violation(
    kind: ViolationKind,
    agents: Vec<usize>,
    time: usize,
    cells: Vec<(u32, u32)>,
) -> Violation {
    Violation {
        kind,
        agents,
        time,
        cells,
    }
}

/// Checks `plan` against `problem` and returns its costs, or the first violation.
///
/// ```
/// use pathlab::{formats::movingai, mapf::{validate, Plan, Problem, ViolationKind}};
/// let grid = movingai::parse_map("type octile\nheight 1\nwidth 3\nmap\n...\n")?;
/// let problem = Problem::new(&grid, &[((0, 0), (2, 0)), ((2, 0), (0, 0))])?;
/// let bad = Plan { paths: vec![vec![0, 1, 2], vec![2, 1, 0]] };
/// let v = validate(&problem, &bad).unwrap_err();
/// assert_eq!((v.kind, v.time, v.agents.clone()), (ViolationKind::Vertex, 1, vec![0, 1]));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn validate(problem: &Problem, plan: &Plan) -> Result<Costs, Violation> {
    use ViolationKind::*;
    let agents = problem.agents();
    let xy = |v: u32| problem.coords(v);
    if plan.paths.len() != agents.len() {
        return Err(violation(AgentCount, vec![], 0, vec![]));
    }
    for (i, (path, agent)) in plan.paths.iter().zip(agents).enumerate() {
        let (Some(&first), Some(&last)) = (path.first(), path.last()) else {
            return Err(violation(EmptyPath, vec![i], 0, vec![]));
        };
        if first != agent.start {
            return Err(violation(WrongStart, vec![i], 0, vec![xy(first)]));
        }
        if last != agent.goal {
            return Err(violation(
                NotAtGoal,
                vec![i],
                path.len() - 1,
                vec![xy(last)],
            ));
        }
    }
    let horizon = plan.horizon();
    // Who is on each cell now and one step before (NONE: nobody).
    let mut now = vec![NONE; problem.cell_count()];
    let mut before = vec![NONE; problem.cell_count()];
    for t in 0..=horizon {
        for (i, path) in plan.paths.iter().enumerate() {
            if t >= path.len() {
                continue;
            }
            let v = path[t];
            if !problem.is_open(v) {
                return Err(violation(Blocked, vec![i], t, vec![xy(v)]));
            }
            if t > 0 && !problem.is_step(path[t - 1], v) {
                return Err(violation(Jump, vec![i], t, vec![xy(path[t - 1]), xy(v)]));
            }
        }
        for i in 0..plan.paths.len() {
            let v = plan.at(i, t);
            let other = now[v as usize];
            if other != NONE {
                let j = other as usize;
                let parked = |k: usize| t >= plan.paths[k].len();
                let kind = if parked(j) || parked(i) {
                    Parked
                } else {
                    Vertex
                };
                let pair = if parked(j) { vec![i, j] } else { vec![j, i] };
                return Err(violation(kind, pair, t, vec![xy(v)]));
            }
            now[v as usize] = i as u32;
        }
        if t > 0 {
            for i in 0..plan.paths.len() {
                let (from, to) = (plan.at(i, t - 1), plan.at(i, t));
                if from == to {
                    continue;
                }
                let j = before[to as usize];
                if j != NONE && j as usize > i && plan.at(j as usize, t) == from {
                    return Err(violation(
                        Swap,
                        vec![i, j as usize],
                        t,
                        vec![xy(from), xy(to)],
                    ));
                }
            }
        }
        if t > 0 {
            for i in 0..plan.paths.len() {
                before[plan.at(i, t - 1) as usize] = NONE;
            }
        }
        for i in 0..plan.paths.len() {
            let v = plan.at(i, t);
            now[v as usize] = NONE;
            before[v as usize] = i as u32;
        }
    }
    Ok(plan.costs())
}
