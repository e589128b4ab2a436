//! What every MAPF solver is to its callers: a stepper. [`Solver::step`] does one unit of
//! the solver's own high-level work (one constraint-tree node for CBS, one time step for
//! PIBT, one configuration for LaCAM, one agent for prioritized planning) and
//! [`Solver::last_step`] says what it did, so a page can show the search as it goes;
//! [`run`] loops until the solver finishes or a budget runs out.

use super::plan::Plan;
pub use super::steps::StepReport;

/// Where a solver stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum MapfStatus {
    /// Still working.
    Running,
    /// A plan was found ([`Solver::plan`]).
    Solved,
    /// The solver proved that no plan exists.
    NoSolution,
    /// The solver gave up without a plan (incomplete solvers: prioritized planning, PIBT).
    Failed,
}

impl MapfStatus {
    /// The status's name, as in JSON.
    pub fn name(self) -> &'static str {
        match self {
            MapfStatus::Running => "running",
            MapfStatus::Solved => "solved",
            MapfStatus::NoSolution => "no-solution",
            MapfStatus::Failed => "failed",
        }
    }
}

/// A MAPF solver that can be stepped.
pub trait Solver {
    /// Does one unit of high-level work (nothing once finished).
    fn step(&mut self);
    /// Where the solver stands.
    fn status(&self) -> MapfStatus;
    /// The plan, once solved.
    fn plan(&self) -> Option<&Plan>;
    /// The units of high-level work done so far (steps).
    fn nodes(&self) -> u64;
    /// What the last step did.
    fn last_step(&self) -> StepReport;
    /// Why it failed, in words, once the status is [`MapfStatus::Failed`] or
    /// [`MapfStatus::NoSolution`].
    fn failure(&self) -> Option<String> {
        None
    }
    /// What the last step worked on, as paths a page can draw: CBS the expanded node's
    /// paths, PIBT its last time steps, LaCAM the configuration explored (and the one PIBT
    /// made from it), prioritized planning the agents planned so far (the others on their
    /// starts). By default the plan, once there is one.
    fn looked_at(&self) -> Option<Plan> {
        self.plan().cloned()
    }
    /// The units the search has made so far: CBS's constraint-tree nodes and LaCAM's
    /// configurations (each step makes up to two, or none); by default the steps.
    fn made(&self) -> u64 {
        self.nodes()
    }
}

/// How long [`run`] may go on: at most `steps` steps and roughly `ms` milliseconds (checked
/// after every step); `None` is no limit.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct MapfBudget {
    /// At most this many steps.
    pub steps: Option<u64>,
    /// Roughly this many milliseconds.
    pub ms: Option<f64>,
}

/// Steps `solver` until it finishes or `budget` runs out, timed by `now_ms`; returns the
/// status (still [`MapfStatus::Running`] when the budget ran out first).
pub fn run(solver: &mut dyn Solver, budget: MapfBudget, now_ms: &dyn Fn() -> f64) -> MapfStatus {
    let started = now_ms();
    let mut steps = 0u64;
    while solver.status() == MapfStatus::Running {
        if budget.steps.is_some_and(|s| steps >= s) {
            break;
        }
        if budget.ms.is_some_and(|ms| now_ms() - started >= ms) {
            break;
        }
        solver.step();
        steps += 1;
    }
    solver.status()
}
