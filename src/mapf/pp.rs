//! Prioritized planning, the textbook baseline (Erdmann and Lozano-Pérez 1987; Silver 2005):
//! agents plan one after another, in index order, each with space-time A* around the
//! cells and moves the agents before it reserved (and their goals, held once they arrive).
//! Fast, but neither optimal nor complete: an early agent's path (or its goal) can wall a
//! later agent in, and then it fails, saying which agent found no path.

use super::plan::Plan;
use super::problem::{Problem, NONE};
use super::solver::{MapfStatus, Solver};
use super::spacetime::{plan_path, Reservations};
pub use super::steps::PpStep;
use super::steps::StepReport;
use rustc_hash::FxHashSet;
use std::rc::Rc;

/// The reservation table: cells by time, moves by time, and goals held for ever.
#[derive(Clone, Debug)]
struct Table {
    cells: FxHashSet<(u32, u32)>,
    moves: FxHashSet<(u32, u32, u32)>,
    /// The time from which each cell is held for ever (an earlier agent's goal).
    parked: Vec<u32>,
    /// The last time an earlier agent is on each cell.
    last_visit: Vec<u32>,
    last: u32,
}

impl Reservations for Table {
    fn blocked(&self, from: u32, to: u32, t: u32) -> bool {
        self.parked[to as usize] <= t
            || self.cells.contains(&(to, t))
            || self.moves.contains(&(to, from, t))
    }

    fn hold_from(&self, goal: u32) -> u32 {
        match self.last_visit[goal as usize] {
            NONE => 0,
            t => t + 1,
        }
    }

    fn last_time(&self) -> u32 {
        self.last
    }
}

impl Table {
    fn reserve(&mut self, path: &[u32]) {
        for (t, &v) in path.iter().enumerate() {
            let t = t as u32;
            self.cells.insert((v, t));
            if t > 0 && path[t as usize - 1] != v {
                self.moves.insert((path[t as usize - 1], v, t));
            }
            let seen = &mut self.last_visit[v as usize];
            *seen = if *seen == NONE { t } else { (*seen).max(t) };
        }
        let end = path.len() as u32 - 1;
        self.parked[path[end as usize] as usize] = end;
        self.last = self.last.max(end);
    }
}

/// Prioritized planning as a solver: one [`Solver::step`] plans one agent.
#[derive(Clone, Debug)]
pub struct Prioritized {
    problem: Rc<Problem>,
    table: Table,
    paths: Vec<Vec<u32>>,
    status: MapfStatus,
    plan: Option<Plan>,
    last: Option<PpStep>,
}

impl Prioritized {
    /// Prioritized planning in agent index order.
    pub fn new(problem: Rc<Problem>) -> Prioritized {
        let cells = problem.cell_count();
        let mut pp = Prioritized {
            table: Table {
                cells: FxHashSet::default(),
                moves: FxHashSet::default(),
                parked: vec![NONE; cells],
                last_visit: vec![NONE; cells],
                last: 0,
            },
            paths: Vec::new(),
            status: MapfStatus::Running,
            plan: None,
            last: None,
            problem,
        };
        if pp.problem.agents().is_empty() {
            pp.finish();
        }
        pp
    }

    fn finish(&mut self) {
        self.status = MapfStatus::Solved;
        self.plan = Some(Plan {
            paths: self.paths.clone(),
        });
    }
}

impl Solver for Prioritized {
    fn step(&mut self) {
        if self.status != MapfStatus::Running {
            return;
        }
        let agent = self.paths.len();
        let (path, expanded) = plan_path(&self.problem, agent, &self.table);
        self.last = Some(PpStep {
            agent: agent as u32,
            cost: path.as_ref().map(|p| p.len() as u32 - 1),
            expanded,
        });
        let Some(path) = path else {
            self.status = MapfStatus::Failed;
            return;
        };
        // A later agent may not end on a cell an earlier one passes through later, nor stand
        // where an earlier agent has parked: space-time A* respected both.
        self.table.reserve(&path);
        self.paths.push(path);
        if self.paths.len() == self.problem.agents().len() {
            self.finish();
        }
    }

    fn status(&self) -> MapfStatus {
        self.status
    }

    fn plan(&self) -> Option<&Plan> {
        self.plan.as_ref()
    }

    fn nodes(&self) -> u64 {
        self.paths.len() as u64 + u64::from(self.status == MapfStatus::Failed)
    }

    fn last_step(&self) -> StepReport {
        self.last.clone().map_or(StepReport::None, StepReport::Pp)
    }

    fn looked_at(&self) -> Option<Plan> {
        let starts = self.problem.starts();
        let rest = starts[self.paths.len()..].iter().map(|&s| vec![s]);
        Some(Plan {
            paths: self.paths.iter().cloned().chain(rest).collect(),
        })
    }

    fn failure(&self) -> Option<String> {
        (self.status == MapfStatus::Failed).then(|| {
            format!(
                "agent {} found no path around the {} agents planned before it",
                self.paths.len(),
                self.paths.len()
            )
        })
    }
}
