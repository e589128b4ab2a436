//! CBS's constraint tree as a page shows it: CBS stepped with each step's report kept
//! ([`CbsTree`] is itself a [`Solver`]), then every node of the tree with its parent, the
//! constraint it adds, its cost and conflicts, and — for the nodes expanded — when, the
//! conflict chosen and how it was classified ([`CbsTree`]); a node's own paths on request.

use super::cbs::{Cardinality, Cbs, CbsStep, Constraint};
use super::plan::Plan;
use super::problem::Problem;
use super::solver::{MapfStatus, Solver, StepReport};

/// At most this many CBS steps are kept for the tree (the nodes are all listed).
pub const MAX_RECORDED_STEPS: usize = 20_000;

/// A constraint in cells (x, y): the agent, `vertex` (one cell) or `edge` (from, to), and
/// the time.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct ConstraintView {
    /// The agent constrained.
    pub agent: u32,
    /// `vertex` or `edge`.
    pub kind: &'static str,
    /// The cell, or the move's two cells.
    pub cells: Vec<(u32, u32)>,
    /// The time step (a move's arrival).
    pub time: u32,
}

/// A conflict in cells: the two agents, the time, the cell (or a swap's two cells).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct ConflictView {
    /// The two agents.
    pub agents: [u32; 2],
    /// The time step.
    pub time: u32,
    /// The cell of a vertex conflict, or the cells of a swap (`a`'s from and to).
    pub cells: Vec<(u32, u32)>,
}

/// One node of the constraint tree.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct TreeNode {
    /// Its id (the order it was made in).
    pub id: u32,
    /// Its parent's id (`None` for the root).
    pub parent: Option<u32>,
    /// The constraint it adds to its parent's.
    pub constraint: Option<ConstraintView>,
    /// The sum of costs of its paths.
    pub cost: u64,
    /// Pairs of agents that conflict in its paths.
    pub conflicts: u32,
    /// When it was expanded (0 for the first expansion), if it was (and recorded).
    pub expanded: Option<u32>,
    /// The conflict chosen when it was expanded (`None`: not expanded, or it had none).
    pub conflict: Option<ConflictView>,
    /// How that conflict was classified.
    pub cardinality: Option<Cardinality>,
    /// Whether a child's path was taken into it (bypass).
    pub bypass: bool,
    /// Whether its paths are the plan.
    pub solution: bool,
}

/// A CBS solve that keeps the report of each of its steps (at most
/// [`MAX_RECORDED_STEPS`]), so its tree can be listed at any time, finished or not.
pub struct CbsTree {
    cbs: Cbs,
    steps: Vec<CbsStep>,
}

impl Solver for CbsTree {
    fn step(&mut self) {
        if self.cbs.status() != MapfStatus::Running {
            return;
        }
        self.cbs.step();
        if self.steps.len() < MAX_RECORDED_STEPS {
            if let StepReport::Cbs(step) = self.cbs.last_step() {
                self.steps.push(step);
            }
        }
    }
    fn status(&self) -> MapfStatus {
        self.cbs.status()
    }
    fn plan(&self) -> Option<&Plan> {
        self.cbs.plan()
    }
    fn nodes(&self) -> u64 {
        self.cbs.nodes()
    }
    fn last_step(&self) -> StepReport {
        self.cbs.last_step()
    }
    fn failure(&self) -> Option<String> {
        self.cbs.failure()
    }
    fn looked_at(&self) -> Option<Plan> {
        self.cbs.looked_at()
    }
    fn made(&self) -> u64 {
        self.cbs.made()
    }
}

impl CbsTree {
    /// `cbs`, its steps recorded from now on.
    pub fn new(cbs: Cbs) -> CbsTree {
        CbsTree {
            cbs,
            steps: Vec::new(),
        }
    }

    /// Every node, by id.
    pub fn nodes(&self, problem: &Problem) -> Vec<TreeNode> {
        let cell = |v: u32| problem.coords(v);
        let mut nodes: Vec<TreeNode> = (0..self.cbs.node_count() as u32)
            .map(|id| {
                let n = self.cbs.node(id);
                TreeNode {
                    id,
                    parent: n.parent,
                    constraint: n.constraint.map(|c| match c {
                        Constraint::Vertex {
                            agent,
                            cell: v,
                            time,
                        } => ConstraintView {
                            agent,
                            kind: "vertex",
                            cells: vec![cell(v)],
                            time,
                        },
                        Constraint::Edge {
                            agent,
                            from,
                            to,
                            time,
                        } => ConstraintView {
                            agent,
                            kind: "edge",
                            cells: vec![cell(from), cell(to)],
                            time,
                        },
                    }),
                    cost: n.cost,
                    conflicts: n.conflicts,
                    expanded: None,
                    conflict: None,
                    cardinality: None,
                    bypass: false,
                    solution: false,
                }
            })
            .collect();
        for (order, step) in self.steps.iter().enumerate() {
            let Some(node) = nodes.get_mut(step.node as usize) else {
                continue;
            };
            node.expanded.get_or_insert(order as u32);
            node.cardinality = step.cardinality;
            node.bypass |= step.bypass;
            node.solution = step.conflict.is_none() && self.cbs.status() == MapfStatus::Solved;
            node.conflict = step.conflict.map(|c| ConflictView {
                agents: [c.a, c.b],
                time: c.time,
                cells: std::iter::once(c.cell).chain(c.to).map(cell).collect(),
            });
        }
        nodes
    }

    /// Node `id`'s paths (with their conflicts, unless it is the solution), or `None`.
    pub fn node_plan(&self, id: u32) -> Option<Plan> {
        ((id as usize) < self.cbs.node_count()).then(|| self.cbs.node(id).plan())
    }
}
