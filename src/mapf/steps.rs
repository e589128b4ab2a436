//! What a solver's step did, in the solver's own terms: the records [`super::Solver::last_step`]
//! hands out (and a page shows): CBS's constraint-tree node with its conflict and children,
//! PIBT's priority order and inheritance, LaCAM's configuration and constraints, prioritized
//! planning's agent. Cells are indices (`y * width + x`).

/// What the last [`super::Solver::step`] did, in the solver's own terms.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
#[serde(tag = "solver", rename_all = "kebab-case")]
pub enum StepReport {
    /// Nothing yet.
    None,
    /// One constraint-tree node expanded.
    Cbs(CbsStep),
    /// One time step of PIBT.
    Pibt(PibtStep),
    /// One configuration of LaCAM.
    Lacam(LacamStep),
    /// One agent of prioritized planning.
    Pp(PpStep),
}

/// A constraint of the tree: an agent may not be on a cell at a time, or make a move
/// arriving at a time.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Constraint {
    /// `agent` is not on `cell` at `time`.
    Vertex {
        /// The agent.
        agent: u32,
        /// The cell.
        cell: u32,
        /// The time step.
        time: u32,
    },
    /// `agent` does not move from `from` to `to` arriving at `time`.
    Edge {
        /// The agent.
        agent: u32,
        /// Where the move starts.
        from: u32,
        /// Where it ends.
        to: u32,
        /// The time it arrives.
        time: u32,
    },
}

impl Constraint {
    /// The agent constrained.
    pub fn agent(&self) -> u32 {
        match *self {
            Constraint::Vertex { agent, .. } | Constraint::Edge { agent, .. } => agent,
        }
    }
}

/// A conflict between the paths of two agents.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Conflict {
    /// The lower agent.
    pub a: u32,
    /// The higher agent.
    pub b: u32,
    /// When: the time both are on the cell, or the time the swap arrives.
    pub time: u32,
    /// Where: the cell of a vertex conflict, or the cell `a` leaves in a swap.
    pub cell: u32,
    /// For a swap, the cell `a` enters (`b` leaves); `None` for a vertex conflict.
    pub to: Option<u32>,
}

/// How a conflict's two children compare to their parent (ICBS).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Cardinality {
    /// Neither child must cost more.
    NonCardinal,
    /// One child must cost more.
    SemiCardinal,
    /// Both children must cost more.
    Cardinal,
}

/// A child made by one CBS step.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct CbsChild {
    /// The constraint it adds.
    pub constraint: Constraint,
    /// Its node id, or `None` if the agent has no path under it (or it was a bypass).
    pub node: Option<u32>,
    /// Its cost, if the agent has a path.
    pub cost: Option<u64>,
}

/// What one CBS step did: the node expanded and what became of it.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct CbsStep {
    /// The node expanded.
    pub node: u32,
    /// Its cost.
    pub cost: u64,
    /// The conflict chosen (`None`: it had none, so its paths are the plan).
    pub conflict: Option<Conflict>,
    /// How the conflict was classified.
    pub cardinality: Option<Cardinality>,
    /// The two children (constraint, node, cost).
    pub children: Vec<CbsChild>,
    /// Whether a child's path was taken into the node instead (bypass).
    pub bypass: bool,
}

/// What one PIBT time step did.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize)]
pub struct PibtStep {
    /// The time step reached.
    pub time: u32,
    /// The agents in the order they chose their moves (highest priority first).
    pub order: Vec<u32>,
    /// Priority inheritance: (agent that wanted a cell, agent standing on it, who then had to
    /// move first), in the order it happened.
    pub chains: Vec<(u32, u32)>,
    /// Backtracking: (agent that pushed, agent pushed that could not move), in the order it
    /// happened; the first then tried its next cell.
    pub backtracks: Vec<(u32, u32)>,
}

/// What became of one LaCAM step.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum LacamOutcome {
    /// PIBT made a configuration never seen before: a new node.
    New,
    /// PIBT made a configuration already in the search: nothing new.
    Known,
    /// PIBT could not obey the constraints.
    Failed,
    /// The configuration had no constraints left and was dropped.
    Exhausted,
    /// LaCAM*: the configuration cannot lead to a cheaper plan than the best, and was dropped.
    Pruned,
}

/// What one LaCAM step did.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct LacamStep {
    /// The configuration explored (its node id; `Lacam::config` gives its cells).
    pub node: u32,
    /// The constraints PIBT had to obey: (agent, cell).
    pub constraints: Vec<(u32, u32)>,
    /// What came of it.
    pub outcome: LacamOutcome,
    /// The configuration PIBT made (new or known), if any.
    pub successor: Option<u32>,
}

/// What one step of prioritized planning did.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct PpStep {
    /// The agent planned.
    pub agent: u32,
    /// Its path's cost, or `None` if it found no path.
    pub cost: Option<u32>,
    /// Space-time states its A* expanded.
    pub expanded: u64,
}
