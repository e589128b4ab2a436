//! The table of MAPF solvers: id, label, summary, what each guarantees and its pseudocode
//! (the page merges it into its algorithm table), and [`new_solver`], which makes one.

use super::cbs::Cbs;
use super::lacam::Lacam;
use super::pibt::PibtSolver;
use super::pp::Prioritized;
use super::problem::Problem;
use super::solver::Solver;
use crate::search::pseudocode::Line;
use std::rc::Rc;

/// The MAPF solvers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum SolverId {
    /// Prioritized planning with space-time A*.
    Pp,
    /// Conflict-based search (with cardinal conflicts first and bypassing).
    Cbs,
    /// Priority inheritance with backtracking.
    Pibt,
    /// Lazy constraints addition search.
    Lacam,
    /// LaCAM*: LaCAM refining its plan towards the least sum of loss.
    LacamStar,
}

/// One row of the table.
#[derive(Clone, Copy, Debug, serde::Serialize)]
pub struct SolverInfo {
    /// The solver.
    pub solver: SolverId,
    /// Its id in the CLI and links.
    pub id: &'static str,
    /// Its name in menus.
    pub label: &'static str,
    /// One sentence on what it does.
    pub summary: &'static str,
    /// What one step is.
    pub step: &'static str,
    /// Whether its plans have the least sum of costs.
    pub optimal: bool,
    /// Whether it finds a plan whenever one exists (and otherwise says so).
    pub complete: bool,
    /// Its pseudocode, line by line.
    pub pseudocode: &'static [Line],
}

const fn line(id: &'static str, depth: u8, text: &'static str) -> Line {
    Line { id, depth, text }
}

const PP: &[Line] = &[
    line("init", 0, "reservations ← empty"),
    line(
        "loop",
        0,
        "for each agent i in order of priority (index order):",
    ),
    line(
        "plan",
        1,
        "pᵢ ← space-time A* from sᵢ to gᵢ avoiding reserved (cell, t) and swaps",
    ),
    line(
        "hold",
        1,
        "  … arriving at gᵢ no earlier than the last time an earlier agent passes it",
    ),
    line(
        "fail",
        1,
        "if no pᵢ: fail (an earlier agent walls agent i in)",
    ),
    line(
        "reserve",
        1,
        "reserve every (cell, t) and move of pᵢ, and gᵢ from its arrival on",
    ),
    line("done", 0, "return p₁ … pₙ"),
];

const CBS: &[Line] = &[
    line(
        "root",
        0,
        "root ← each agent's shortest path, no constraints; open ← {root}",
    ),
    line("loop", 0, "while open is not empty:"),
    line(
        "pop",
        1,
        "N ← the open node of least cost (fewest conflicts on ties)",
    ),
    line("goal", 1, "if N's paths have no conflict: return them"),
    line(
        "choose",
        1,
        "C ← a conflict of N: cardinal first (by MDDs), then semi-cardinal, then earliest",
    ),
    line("split", 1, "for each agent i of C:"),
    line(
        "constrain",
        2,
        "N′ ← N with one constraint more: i is not on C's cell at C's time (or makes not C's move)",
    ),
    line(
        "replan",
        2,
        "replan i by space-time A* under all of N′'s constraints on i",
    ),
    line(
        "bypass",
        2,
        "if cost(N′) = cost(N) and N′ has fewer conflicts: N takes i's path, back to open; next",
    ),
    line("push", 2, "else if i has a path: add N′ to open"),
    line(
        "fail",
        0,
        "no plan (or the budget ran out: best bound = least open cost)",
    ),
];

const PIBT: &[Line] = &[
    line("loop", 0, "until every agent is on its goal:"),
    line("prio", 1, "priority of each agent: +1 if away from its goal, else its fraction"),
    line("order", 1, "for each agent i by priority, if i has no next cell yet: PIBT(i)"),
    line("proc", 0, "PIBT(i):"),
    line("cands", 1, "C ← i's neighbours and its cell, nearest to gᵢ first"),
    line("for", 1, "for each v in C:"),
    line("taken", 2, "if v is claimed for the next step, or swaps with the agent pushing i: next v"),
    line("claim", 2, "claim v for i"),
    line("inherit", 2, "if agent j stands on v and has no next cell: j inherits i's priority; if not PIBT(j): next v"),
    line("ok", 2, "return valid"),
    line("stay", 1, "i stays on its cell; return invalid (the agent that pushed backtracks)"),
];

const LACAM: &[Line] = &[
    line(
        "init",
        0,
        "open ← stack with the start configuration; explored ← {starts}",
    ),
    line("loop", 0, "while open is not empty:"),
    line("top", 1, "N ← top of open"),
    line(
        "goal",
        1,
        "if N is the goal configuration: return the configurations back to the start",
    ),
    line("exhausted", 1, "if N has no constraints left: pop N; next"),
    line(
        "next",
        1,
        "c ← N's next constraint (agents 1…k of N's order fixed to cells)",
    ),
    line(
        "branch",
        1,
        "if k < n: add the children of c: agent k+1 of the order to each of its cells",
    ),
    line("pibt", 1, "Q ← PIBT from N obeying c"),
    line("failed", 1, "if PIBT fails: next"),
    line(
        "known",
        1,
        "if Q was explored: push its node on open again; next",
    ),
    line(
        "new",
        1,
        "push a new node for Q (priorities updated, parent N) on open and explored",
    ),
    line("none", 0, "no plan exists"),
];

const LACAM_STAR: &[Line] = &[
    line("init", 0, "open ← stack with the start configuration (g = 0); explored ← {starts}"),
    line("loop", 0, "while open is not empty:"),
    line("top", 1, "N ← top of open"),
    line("prune", 1, "if a plan is known and g(N) + h(N) ≥ its cost: pop N; next"),
    line("exhausted", 1, "if N has no constraints left: pop N; next"),
    line("next", 1, "c ← N's next constraint; add its children for the next agent of N's order"),
    line("pibt", 1, "Q ← PIBT from N obeying c; if PIBT fails: next"),
    line("known", 1, "if Q was explored: link N → Q; lower g along the links where it pays (Dijkstra)"),
    line("reinsert", 2, "if a plan is known: push Q on open again"),
    line("new", 1, "else: new node Q, g(Q) ← g(N) + loss(N → Q), parent N"),
    line("goal", 2, "if Q is the goal configuration: the plan ← the way back from Q (kept up to date as g falls)"),
    line("push", 2, "else: push Q on open"),
    line("done", 0, "return the plan: optimal for the sum of loss once open is empty"),
];

/// Every MAPF solver, in menu order.
pub const SOLVERS: &[SolverInfo] = &[
    SolverInfo {
        solver: SolverId::Pp,
        id: "pp",
        label: "Prioritized planning",
        summary: "Agents plan one after another with space-time A*, around the reservations of those before: the textbook baseline, fast but incomplete.",
        step: "one agent planned",
        optimal: false,
        complete: false,
        pseudocode: PP,
    },
    SolverInfo {
        solver: SolverId::Cbs,
        id: "cbs",
        label: "CBS",
        summary: "Conflict-based search over a tree of constraints, cardinal conflicts first and with bypassing: least sum of costs, for tens of agents.",
        step: "one constraint-tree node expanded",
        optimal: true,
        complete: true,
        pseudocode: CBS,
    },
    SolverInfo {
        solver: SolverId::Pibt,
        id: "pibt",
        label: "PIBT",
        summary: "Priority inheritance with backtracking: every time step, agents by priority push those in their way; hundreds of agents, incomplete.",
        step: "one time step",
        optimal: false,
        complete: false,
        pseudocode: PIBT,
    },
    SolverInfo {
        solver: SolverId::Lacam,
        id: "lacam",
        label: "LaCAM",
        summary: "Lazy constraints addition: a search over configurations with PIBT making successors; complete, hundreds of agents in milliseconds.",
        step: "one configuration explored",
        optimal: false,
        complete: true,
        pseudocode: LACAM,
    },
    SolverInfo {
        solver: SolverId::LacamStar,
        id: "lacam-star",
        label: "LaCAM*",
        summary: "LaCAM that goes on after its first plan, rewiring known configurations to cheaper ways and pruning, towards the least sum of loss.",
        step: "one configuration explored",
        optimal: false,
        complete: true,
        pseudocode: LACAM_STAR,
    },
];

impl SolverId {
    /// The solver's row in [`SOLVERS`].
    pub fn info(self) -> &'static SolverInfo {
        SOLVERS
            .iter()
            .find(|s| s.solver == self)
            .unwrap_or(&SOLVERS[0])
    }
}

impl std::str::FromStr for SolverId {
    type Err = String;

    fn from_str(s: &str) -> Result<SolverId, String> {
        SOLVERS
            .iter()
            .find(|i| i.id == s)
            .map(|i| i.solver)
            .ok_or_else(|| {
                let ids: Vec<&str> = SOLVERS.iter().map(|i| i.id).collect();
                format!("unknown MAPF solver '{s}': use {}", ids.join(", "))
            })
    }
}

/// A new solver of kind `id` for `problem`; `seed` breaks PIBT's and LaCAM's ties.
pub fn new_solver(id: SolverId, problem: Rc<Problem>, seed: u64) -> Box<dyn Solver> {
    match id {
        SolverId::Pp => Box::new(Prioritized::new(problem)),
        SolverId::Cbs => Box::new(Cbs::new(problem)),
        SolverId::Pibt => {
            let horizon = PibtSolver::default_horizon(&problem);
            Box::new(PibtSolver::new(problem, seed, horizon))
        }
        SolverId::Lacam => Box::new(Lacam::new(problem, seed)),
        SolverId::LacamStar => Box::new(Lacam::with_refinement(problem, seed, true)),
    }
}
