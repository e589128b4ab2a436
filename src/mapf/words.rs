//! What a solver's step did, in words, and the line of its pseudocode that step lit: the one
//! place a [`StepReport`] becomes sentences (the page's step panel and status line say them,
//! never composing their own) and a line id of [`super::SOLVERS`]' pseudocode.

use super::problem::Problem;
use super::solver::MapfStatus;
use super::steps::{
    Cardinality, CbsChild, CbsStep, Conflict, Constraint, LacamOutcome, LacamStep, PibtStep,
    PpStep, StepReport,
};
use super::table::SolverId;

/// A step told in words: one headline, then the details a panel lists line by line.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct StepWords {
    /// What the step did, in one sentence.
    pub headline: String,
    /// The details: the children and their constraints, the priority order and every push,
    /// the constraints PIBT obeyed.
    pub details: Vec<String>,
}

fn at(problem: &Problem, v: u32) -> String {
    let (x, y) = problem.coords(v);
    format!("({x}, {y})")
}

fn cardinality(c: Cardinality) -> &'static str {
    match c {
        Cardinality::Cardinal => "cardinal",
        Cardinality::SemiCardinal => "semi-cardinal",
        Cardinality::NonCardinal => "non-cardinal",
    }
}

fn conflict(problem: &Problem, c: &Conflict) -> String {
    match c.to {
        None => format!(
            "agents {} and {} both on {} at t={}",
            c.a,
            c.b,
            at(problem, c.cell),
            c.time
        ),
        Some(to) => format!(
            "agents {} and {} swap {} ↔ {} arriving at t={}",
            c.a,
            c.b,
            at(problem, c.cell),
            at(problem, to),
            c.time
        ),
    }
}

/// A constraint in words: "agent 1 not on (2, 0) at t=2".
pub fn constraint(problem: &Problem, c: &Constraint) -> String {
    match *c {
        Constraint::Vertex { agent, cell, time } => {
            format!("agent {agent} not on {} at t={time}", at(problem, cell))
        }
        Constraint::Edge {
            agent,
            from,
            to,
            time,
        } => format!(
            "agent {agent} not moving {} → {} arriving at t={time}",
            at(problem, from),
            at(problem, to)
        ),
    }
}

fn child(problem: &Problem, c: &CbsChild, bypass: bool) -> String {
    let what = constraint(problem, &c.constraint);
    match (c.node, c.cost) {
        (Some(node), Some(cost)) => format!("child #{node}: {what} — cost {cost}"),
        (None, Some(cost)) if bypass => format!(
            "bypass: {what} gives agent {} a path of the same cost ({cost}) with fewer conflicts; the node takes it and goes back to open",
            c.constraint.agent()
        ),
        _ => format!(
            "no child for {what}: agent {} has no path under it",
            c.constraint.agent()
        ),
    }
}

fn cbs(problem: &Problem, s: &CbsStep) -> StepWords {
    let Some(k) = &s.conflict else {
        return StepWords {
            headline: format!(
                "Node #{} (cost {}) has no conflict: its paths are the plan.",
                s.node, s.cost
            ),
            details: vec![],
        };
    };
    let class = s.cardinality.map(cardinality).unwrap_or("unclassified");
    let made: Vec<String> = s
        .children
        .iter()
        .filter_map(|c| c.node.map(|n| format!("#{n}")))
        .collect();
    let after = if s.bypass {
        "bypassed: no children".to_string()
    } else if made.is_empty() {
        "no child has a path".to_string()
    } else {
        format!("split into {}", made.join(" and "))
    };
    StepWords {
        headline: format!(
            "Expanded node #{} (cost {}): {} ({class}); {after}.",
            s.node,
            s.cost,
            conflict(problem, k)
        ),
        details: s
            .children
            .iter()
            .map(|c| child(problem, c, s.bypass))
            .collect(),
    }
}

fn list(agents: &[u32]) -> String {
    agents
        .iter()
        .map(u32::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

fn pibt(s: &PibtStep) -> StepWords {
    let pushes = s.chains.len();
    let backs = s.backtracks.len();
    let plural =
        |n: usize, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
    let mut details = vec![format!("priority order: {}", list(&s.order))];
    details.extend(s.chains.iter().map(|&(a, b)| {
        format!("agent {a} wants agent {b}'s cell: {b} inherits {a}'s priority and moves first")
    }));
    details.extend(s.backtracks.iter().map(|&(a, b)| {
        format!("agent {b} could not move away: agent {a} backtracks and tries its next cell")
    }));
    StepWords {
        headline: format!(
            "Time step {}: {} chose their moves by priority; {}, {}.",
            s.time,
            plural(s.order.len(), "agent", "agents"),
            plural(pushes, "push", "pushes"),
            plural(backs, "backtrack", "backtracks")
        ),
        details,
    }
}

fn lacam(problem: &Problem, s: &LacamStep) -> StepWords {
    let n = s.constraints.len();
    let under = match n {
        0 => "with no constraint".to_string(),
        1 => "under 1 constraint".to_string(),
        _ => format!("under {n} constraints"),
    };
    let headline = match (s.outcome, s.successor) {
        (LacamOutcome::New, Some(q)) => format!(
            "Configuration #{}: PIBT {under} made configuration #{q}, new.",
            s.node
        ),
        (LacamOutcome::Known, Some(q)) => format!(
            "Configuration #{}: PIBT {under} made configuration #{q}, already known.",
            s.node
        ),
        (LacamOutcome::Failed, _) => format!(
            "Configuration #{}: PIBT could not obey the constraints ({n}).",
            s.node
        ),
        (LacamOutcome::Exhausted, _) => format!(
            "Configuration #{} has no constraints left to try: dropped.",
            s.node
        ),
        (LacamOutcome::Pruned, _) => format!(
            "Configuration #{} cannot lead to a cheaper plan than the best: dropped.",
            s.node
        ),
        (_, None) => format!("Configuration #{} explored.", s.node),
    };
    StepWords {
        headline,
        details: s
            .constraints
            .iter()
            .map(|&(agent, cell)| format!("agent {agent} must go to {}", at(problem, cell)))
            .collect(),
    }
}

fn pp(s: &PpStep) -> StepWords {
    StepWords {
        headline: match s.cost {
            Some(cost) => format!(
                "Agent {} planned by space-time A* around the agents before it: cost {cost} ({} states expanded).",
                s.agent, s.expanded
            ),
            None => format!(
                "Agent {} found no path around the agents planned before it ({} states expanded).",
                s.agent, s.expanded
            ),
        },
        details: vec![],
    }
}

impl StepReport {
    /// The step in words, cells as (x, y) of `problem`.
    pub fn words(&self, problem: &Problem) -> StepWords {
        match self {
            StepReport::None => StepWords {
                headline: "Not stepped yet: the first step starts the search.".into(),
                details: vec![],
            },
            StepReport::Cbs(s) => cbs(problem, s),
            StepReport::Pibt(s) => pibt(s),
            StepReport::Lacam(s) => lacam(problem, s),
            StepReport::Pp(s) => pp(s),
        }
    }

    /// The id of the line of `solver`'s pseudocode this step ended on, with the solver now
    /// at `status` (a finished search lights its last line).
    pub fn line(&self, solver: SolverId, status: MapfStatus) -> &'static str {
        let star = solver == SolverId::LacamStar;
        match (self, status) {
            (StepReport::None, _) => match solver {
                SolverId::Cbs => "root",
                SolverId::Pibt => "prio",
                _ => "init",
            },
            (StepReport::Cbs(_), MapfStatus::NoSolution) => "fail",
            (StepReport::Cbs(s), _) if s.conflict.is_none() => "goal",
            (StepReport::Cbs(s), _) if s.bypass => "bypass",
            (StepReport::Cbs(s), _) if s.children.iter().any(|c| c.node.is_some()) => "push",
            (StepReport::Cbs(_), _) => "replan",
            (StepReport::Pibt(_), MapfStatus::Solved) => "loop",
            (StepReport::Pibt(s), _) if !s.backtracks.is_empty() => "stay",
            (StepReport::Pibt(s), _) if !s.chains.is_empty() => "inherit",
            (StepReport::Pibt(_), _) => "claim",
            (StepReport::Lacam(_), MapfStatus::NoSolution) => "none",
            (StepReport::Lacam(_), MapfStatus::Solved) => {
                if star {
                    "done"
                } else {
                    "goal"
                }
            }
            (StepReport::Lacam(s), _) => match s.outcome {
                LacamOutcome::New => "new",
                LacamOutcome::Known => "known",
                LacamOutcome::Failed if star => "pibt",
                LacamOutcome::Failed => "failed",
                LacamOutcome::Exhausted => "exhausted",
                LacamOutcome::Pruned => "prune",
            },
            (StepReport::Pp(_), MapfStatus::Solved) => "done",
            (StepReport::Pp(s), _) if s.cost.is_none() => "fail",
            (StepReport::Pp(_), _) => "reserve",
        }
    }
}

/// The search's counts in words: steps, and what they made (CBS's nodes, LaCAM's
/// configurations).
pub fn counts(solver: SolverId, steps: u64, made: u64) -> String {
    let n = |n: u64, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
    match solver {
        SolverId::Cbs => format!("{} expanded, {made} made", n(steps, "node", "nodes")),
        SolverId::Pibt => n(steps, "time step", "time steps"),
        SolverId::Lacam | SolverId::LacamStar => format!(
            "{} found, {steps} explored",
            n(made, "configuration", "configurations")
        ),
        SolverId::Pp => format!("{} planned", n(steps, "agent", "agents")),
    }
}
