//! One search engine for Breadth-First, Best-First, Dijkstra and A*.
//!
//! The four textbook algorithms of seed 003 share one loop: pop the best node from the open
//! list, stop if it is the goal, create its successors, close it. They differ only in the
//! priority key that orders the open list ([`Algorithm`]) and in whether a cheaper path to a
//! cell that already has a node replaces the old one:
//!
//! | algorithm | key | cheaper path to a known cell |
//! |---|---|---|
//! | Breadth-First | insertion order (FIFO, so ply by ply) | ignored |
//! | Best-First | h | ignored |
//! | Dijkstra | g | replaces it (open cells only, in practice) |
//! | A* | g + w·h | replaces it, re-opening closed cells |
//!
//! Ties on the key go to the larger g (seed 001: the node further along its path), then to
//! the node inserted first, so every run on the same input expands the same nodes in the
//! same order.
//!
//! The search can be driven one expansion at a time or for a budget of expansions or
//! milliseconds ([`Budget`]), like seed 003's `Run()` with its time slice. Per-cell state lives
//! in dense arrays indexed `y * width + x` beside the grid ([`Search::states`]), never in it,
//! so the page can paint it straight from wasm memory and a grid is never dirtied by a search.
//!
//! # Dispatch: one trait, one factory
//!
//! Everything that drives a search — the [`crate::Planner`], the CLI, the wasm glue — holds a
//! `Box<dyn `[`Searcher`]`>` made by [`new_search`] and moved between algorithms by
//! [`restart_search`]. [`Search`] implements [`Searcher`] for the grid algorithms that share its
//! loop (the textbook four, Jump Point Search and Theta*, which only replace the successor
//! step); [`Bidirectional`] has two frontiers and implements it on its own.
//!
//! To add an algorithm:
//! 1. add a variant to [`Algorithm`] with its serde/CLI name (in `name`, `FromStr`, `ALL`);
//! 2. if it is a variant of [`Search`]'s loop, give it a successor function (see `jps.rs`)
//!    and a match arm in `expand_one`, `key` and [`Search::node`]; otherwise write a struct
//!    in its own file that implements [`Searcher`] (see `bidirectional.rs`), reusing
//!    `open::OpenList` and the [`CellState`] bytes, and list it in [`new_search`] and in the
//!    `handles` method of the engine that used to take it;
//! 3. if it only works on some maps or movements, say why in [`Settings::unavailable_on`];
//! 4. add it to the table in `tests/scenarios.rs` and the reference checks in
//!    `tests/properties.rs`; the CLI, the page's `<select>` and `docs/algorithms.md` list it.
//!
//! A searcher that can repair itself after an edit (LPA*, D* Lite) overrides
//! [`Searcher::repair`]; the planner calls it before falling back to a restart.
//!
//! ```
//! use pathlab::{Algorithm, Budget, Grid, Search, Settings, Status};
//! let grid = Grid::new(5, 5)?;
//! let settings = Settings { algorithm: Algorithm::AStar, ..Settings::default() };
//! let mut search = Search::new(&grid, (0, 0), (4, 2), &settings)?;
//! let status = search.run(&grid, Budget::Unlimited, || 0.0)?;
//! assert_eq!(status, Status::Found);
//! assert!((search.stats().path_cost.unwrap() - (2.0 + 2.0 * 2f64.sqrt())).abs() < 1e-9);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod bidirectional;
pub mod incremental;
mod jps;
pub mod mesh;
pub(crate) mod open;
pub mod record;
mod theta;

use crate::formats::number::decimal;
use crate::grid::{Connectivity, DiagonalRule, Grid, Movement, MovementError};
use crate::heuristic::{diagonal_units, Estimator, Heuristic, COST_SCALE};
pub use bidirectional::Bidirectional;
use incremental::{Incremental, Mode};
use mesh::{Mesh, MeshSearch};
use open::{Entry, OpenList};
use record::{OpenEntry, Recorder, SAME_NODE, SAME_STATE};
use std::fmt;
use std::str::FromStr;

/// Which node the search takes from the open list next.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Algorithm {
    /// The node that has waited longest: fewest moves, terrain ignored.
    #[serde(rename = "bfs")]
    BreadthFirst,
    /// The node with the smallest heuristic h: fast, not optimal, terrain ignored.
    #[serde(rename = "best-first")]
    BestFirst,
    /// The node with the smallest cost so far g: optimal, exhaustive.
    #[serde(rename = "dijkstra")]
    Dijkstra,
    /// The node with the smallest g + w·h: optimal for w = 1, within w × optimal for w ≥ 1.
    #[serde(rename = "astar")]
    AStar,
    /// Jump Point Search (Harabor & Grastien): A* over jump points only. Optimal; needs
    /// uniform cost and Moving AI or 4-connected movement ([`Settings::unavailable_on`]).
    #[serde(rename = "jps")]
    Jps,
    /// Bidirectional A*: a forward search from the start and a backward one from the goal,
    /// stopping once no unexplored path can beat the best meeting. Optimal.
    #[serde(rename = "bidirectional")]
    Bidirectional,
    /// Theta* (Nash et al.): A* whose nodes may take their parent's parent when it is in line
    /// of sight, giving any-angle paths with Euclidean lengths. Needs uniform cost.
    #[serde(rename = "theta")]
    Theta,
    /// Lifelong Planning A*: optimal like A*, and repairs its search after edits instead of
    /// starting over ([`incremental`]).
    #[serde(rename = "lpa")]
    Lpa,
    /// D* Lite: LPA* searching from the goal, so the start can move (the walker) and the
    /// search is repaired from where it stands ([`incremental`]).
    #[serde(rename = "dstar-lite")]
    DStarLite,
    /// A* on a waypoint graph ([`mesh`]): the user's mesh on the page, a visibility
    /// graph generated from the map elsewhere.
    #[serde(rename = "mesh")]
    Mesh,
}

impl Algorithm {
    /// Every algorithm, in the order menus list them. Only ever append: a share link stores
    /// an algorithm as its index here.
    pub const ALL: [Algorithm; 10] = [
        Algorithm::BreadthFirst,
        Algorithm::BestFirst,
        Algorithm::Dijkstra,
        Algorithm::AStar,
        Algorithm::Jps,
        Algorithm::Bidirectional,
        Algorithm::Theta,
        Algorithm::Lpa,
        Algorithm::DStarLite,
        Algorithm::Mesh,
    ];

    /// The name used on the command line and in settings objects.
    pub fn name(self) -> &'static str {
        match self {
            Algorithm::BreadthFirst => "bfs",
            Algorithm::BestFirst => "best-first",
            Algorithm::Dijkstra => "dijkstra",
            Algorithm::AStar => "astar",
            Algorithm::Jps => "jps",
            Algorithm::Bidirectional => "bidirectional",
            Algorithm::Theta => "theta",
            Algorithm::Lpa => "lpa",
            Algorithm::DStarLite => "dstar-lite",
            Algorithm::Mesh => "mesh",
        }
    }

    /// Whether a cheaper path to a cell that already has a node replaces the old node
    /// (seed 003's "correct" Dijkstra and A* with recycled nodes), or is ignored (its
    /// Breadth-First and Best-First).
    fn improves_paths(self) -> bool {
        matches!(
            self,
            Algorithm::Dijkstra | Algorithm::AStar | Algorithm::Jps | Algorithm::Theta
        )
    }
}

impl fmt::Display for Algorithm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Algorithm {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.to_ascii_lowercase().as_str() {
            "bfs" | "breadth-first" => Ok(Algorithm::BreadthFirst),
            "best-first" | "bestfirst" => Ok(Algorithm::BestFirst),
            "dijkstra" => Ok(Algorithm::Dijkstra),
            "astar" | "a*" => Ok(Algorithm::AStar),
            "jps" | "jump-point" => Ok(Algorithm::Jps),
            "bidirectional" | "bidirectional-astar" => Ok(Algorithm::Bidirectional),
            "theta" | "theta*" => Ok(Algorithm::Theta),
            "lpa" | "lpa*" => Ok(Algorithm::Lpa),
            "dstar-lite" | "d*lite" | "dstar" => Ok(Algorithm::DStarLite),
            "mesh" => Ok(Algorithm::Mesh),
            _ => Err(format!(
                "unknown algorithm '{s}': use bfs, best-first, dijkstra, astar, jps, \
                 bidirectional, theta, lpa, dstar-lite or mesh"
            )),
        }
    }
}

/// In which order a node's successors are created.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, Default, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "kebab-case")]
pub enum NeighbourOrder {
    /// Always N, E, S, W, then NE, SE, SW, NW.
    #[default]
    Fixed,
    /// Seed 004: the direction pointing most nearly at the goal first, then the others by
    /// how far they turn away from it.
    GoalDirected,
}

/// Everything about a search except where it starts and ends.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Settings {
    /// Which node to expand next.
    pub algorithm: Algorithm,
    /// The distance estimate; `None` picks [`Heuristic::default_for`] the movement.
    pub heuristic: Option<Heuristic>,
    /// Heuristic weight w in A*'s key g + w·h; a real number ≥ 0 (seed 000 uses 1.1).
    pub weight: f64,
    /// Connectivity, diagonal rule and diagonal cost.
    pub movement: Movement,
    /// Fixed or goal-directed successor order.
    pub neighbour_order: NeighbourOrder,
    /// The most nodes to expand before giving up with [`Status::Partial`] (seed 004).
    pub node_budget: Option<u64>,
}

impl Default for Settings {
    /// A* with the octile heuristic, weight 1, on Moving AI movement.
    fn default() -> Self {
        Settings {
            algorithm: Algorithm::AStar,
            heuristic: None,
            weight: 1.0,
            movement: Movement::default(),
            neighbour_order: NeighbourOrder::Fixed,
            node_budget: None,
        }
    }
}

/// The largest heuristic weight accepted.
pub const MAX_WEIGHT: f64 = 1_000_000.0;

impl Settings {
    /// The heuristic actually used: the chosen one, or the movement's default.
    pub fn resolved_heuristic(&self) -> Heuristic {
        self.heuristic
            .unwrap_or_else(|| Heuristic::default_for(&self.movement))
    }

    /// Checks the weight and movement are usable.
    pub fn validate(&self) -> Result<(), PlanError> {
        if !(0.0..=MAX_WEIGHT).contains(&self.weight) {
            return Err(PlanError::BadSetting(format!(
                "the heuristic weight must be a number from 0 to {}, not {}",
                decimal(MAX_WEIGHT),
                decimal(self.weight)
            )));
        }
        if self.node_budget == Some(0) {
            return Err(PlanError::BadSetting(
                "the node budget must be at least 1 (or none)".into(),
            ));
        }
        self.movement
            .validate()
            .map_err(|MovementError(m)| PlanError::BadSetting(m))
    }

    /// Why the chosen algorithm cannot run on `grid` with this movement, in words for the
    /// user (the page shows it beside the disabled option), or `None` when it can.
    pub fn unavailable_on(&self, grid: &Grid) -> Option<String> {
        let name = match self.algorithm {
            Algorithm::Jps => "Jump Point Search",
            Algorithm::Theta => "Theta*",
            _ => return None,
        };
        // Both prune or shortcut on the assumption that every free cell costs the same.
        if grid.bytes().iter().any(|&b| b > 1) {
            return Some(format!(
                "{name} needs a map of uniform cost, and this one has terrain costs \
                 above 1: use A* or bidirectional A* on weighted terrain"
            ));
        }
        let m = &self.movement;
        let moving_ai = m.connectivity == Connectivity::Eight
            && m.diagonal_rule == DiagonalRule::NoCornerCutting;
        if m.has_diagonals() && !moving_ai {
            return Some(format!(
                "{name} needs 8-connected movement without corner cutting (the Moving AI \
                 rule) or 4-connected movement, not the '{}' diagonal rule",
                m.diagonal_rule.name()
            ));
        }
        None
    }

    /// [`Settings::validate`], then [`Settings::unavailable_on`] as an error.
    pub fn check_on(&self, grid: &Grid) -> Result<(), PlanError> {
        self.validate()?;
        match self.unavailable_on(grid) {
            Some(why) => Err(PlanError::BadSetting(why)),
            None => Ok(()),
        }
    }
}

/// Why a search could not start or go on. An unreachable goal is not an error: it is
/// [`Status::NoPath`].
#[derive(Clone, Debug, PartialEq)]
pub enum PlanError {
    /// The start or goal is outside the grid.
    Outside {
        /// "start" or "goal".
        what: &'static str,
        /// Its coordinates.
        at: (i64, i64),
        /// The grid's width.
        width: u32,
        /// The grid's height.
        height: u32,
    },
    /// The start or goal is on a wall.
    OnWall {
        /// "start" or "goal".
        what: &'static str,
        /// Its coordinates.
        at: (u32, u32),
    },
    /// A setting is out of range.
    BadSetting(String),
    /// The grid passed to [`Search::run`] is not the size of the one the search started on.
    GridChanged,
}

impl fmt::Display for PlanError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlanError::Outside {
                what,
                at,
                width,
                height,
            } => write!(
                f,
                "the {what} ({}, {}) is outside the {width}×{height} map",
                at.0, at.1
            ),
            PlanError::OnWall { what, at } => {
                write!(f, "the {what} ({}, {}) is on a wall", at.0, at.1)
            }
            PlanError::BadSetting(m) => f.write_str(m),
            PlanError::GridChanged => {
                f.write_str("the map changed size since this search started; start a new one")
            }
        }
    }
}

impl std::error::Error for PlanError {}

/// Where a search stands after a call to [`Search::run`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// Not finished: call `run` again.
    Running,
    /// The goal was reached; [`Search::path`] leads to it.
    Found,
    /// The open list ran dry: the goal cannot be reached.
    NoPath,
    /// The node budget ran out; the path leads to the expanded node nearest the goal.
    Partial,
}

impl Status {
    /// Whether the search has finished.
    pub fn is_done(self) -> bool {
        self != Status::Running
    }

    /// The name used in JSON output: `running`, `found`, `no_path` or `partial`.
    pub fn name(self) -> &'static str {
        match self {
            Status::Running => "running",
            Status::Found => "found",
            Status::NoPath => "no_path",
            Status::Partial => "partial",
        }
    }
}

/// How much work one call to [`Search::run`] may do.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Budget {
    /// At most this many expansions (seed 003's time slice −1 is `Expansions(1)`).
    Expansions(u64),
    /// Roughly this many milliseconds, and at least one expansion.
    Millis(f64),
    /// Until the search finishes.
    Unlimited,
}

/// What a cell is to the search. The byte values are shared with the page's painter.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
#[repr(u8)]
pub enum CellState {
    /// No node was ever made for it.
    Unvisited = 0,
    /// In the open list, waiting to be expanded.
    Open = 1,
    /// Expanded: in the closed list.
    Closed = 2,
    /// Back in the open list after a cheaper path to it was found while it was closed.
    Reopened = 3,
    /// On the path the search returned (found or partial).
    Path = 4,
    /// Jump Point Search: a jump point that has been expanded. (Cells a jump only scanned
    /// over are painted [`CellState::Closed`].)
    JumpPoint = 5,
    /// Bidirectional search: in the backward search's open list.
    BackOpen = 6,
    /// Bidirectional search: expanded by the backward search.
    BackClosed = 7,
    /// Live replanning: a cell whose value a repair after an edit changed.
    Repaired = 8,
}

/// How many [`CellState`] values there are: the palette has `5 × STATE_COUNT` colours.
pub const STATE_COUNT: usize = 9;

impl CellState {
    /// Reads a state byte back.
    pub fn from_byte(byte: u8) -> Option<CellState> {
        Some(match byte {
            0 => CellState::Unvisited,
            1 => CellState::Open,
            2 => CellState::Closed,
            3 => CellState::Reopened,
            4 => CellState::Path,
            5 => CellState::JumpPoint,
            6 => CellState::BackOpen,
            7 => CellState::BackClosed,
            8 => CellState::Repaired,
            _ => return None,
        })
    }
}

const UNVISITED: u8 = CellState::Unvisited as u8;
const OPEN: u8 = CellState::Open as u8;
const CLOSED: u8 = CellState::Closed as u8;
const REOPENED: u8 = CellState::Reopened as u8;
const PATH: u8 = CellState::Path as u8;
const JUMP_POINT: u8 = CellState::JumpPoint as u8;

/// Counters of a search, as in seed 003's planner information and more.
#[derive(Clone, Copy, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Stats {
    /// Nodes taken from the open list and closed (the goal, when reached, included).
    pub expanded: u64,
    /// Nodes constructed: cells that got a node for the first time, the start included.
    pub generated: u64,
    /// Times a closed cell went back to the open list because a cheaper path to it was found.
    pub reopened: u64,
    /// Times an open cell's path was replaced by a cheaper one.
    pub updated: u64,
    /// Cells in the open list now.
    pub open_size: u64,
    /// The most cells the open list ever held.
    pub max_open: u64,
    /// Calls to [`Search::run`] that did work (seed 003's runCount).
    pub run_count: u64,
    /// Milliseconds spent inside [`Search::run`].
    pub elapsed_ms: f64,
    /// The exact cost of the path, once found (or partial).
    pub path_cost: Option<f64>,
    /// The number of moves on the path, once found (or partial).
    pub path_moves: Option<u64>,
}

/// What the search knows about one cell, for the page's node inspector.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct NodeInfo {
    /// The cell.
    pub x: u32,
    /// The cell.
    pub y: u32,
    /// Its state.
    pub state: CellState,
    /// Best known cost from the start, if a node was made for it.
    pub g: Option<f64>,
    /// The heuristic estimate to the goal (unweighted).
    pub h: f64,
    /// The priority the algorithm ranks it by (g + w·h for A*, h for Best-First, g for
    /// Dijkstra; Breadth-First ranks by arrival, so none).
    pub f: Option<f64>,
    /// The cell it was reached from.
    pub parent: Option<(u32, u32)>,
    /// When it was (last) expanded: 1 for the first node expanded.
    pub expansion: Option<u32>,
}

/// The eight moves, N, E, S, W, NE, SE, SW, NW: the fixed successor order.
pub(crate) use crate::grid::MOVES;

/// Fixed-point cost of one step into terrain t: `[orthogonal, diagonal][t]` for t = 1–4;
/// 0 for the wall byte and the unused bytes 5–7 (eight entries so a byte-masked index
/// needs no bounds check).
pub(crate) fn step_units(movement: &Movement) -> [[u64; 8]; 2] {
    let diagonal = diagonal_units(movement.diagonal_cost);
    let mut units = [[0; 8]; 2];
    for terrain in 1..5u64 {
        units[0][terrain as usize] = terrain * COST_SCALE;
        units[1][terrain as usize] = terrain * diagonal;
    }
    units
}

/// Side bits: the grid has a row above (N), a column to the right (E), a row below (S), a
/// column to the left (W) of a cell.
const SIDE_N: u8 = 1;
const SIDE_E: u8 = 2;
const SIDE_S: u8 = 4;
const SIDE_W: u8 = 8;

/// The side bit of each orthogonal move, in MOVES order (N, E, S, W).
const SIDES: [u8; 4] = [SIDE_N, SIDE_E, SIDE_S, SIDE_W];

/// The sides each move of MOVES crosses: one for a straight move, two for a diagonal.
const CROSSES: [u8; 8] = [
    SIDE_N,
    SIDE_E,
    SIDE_S,
    SIDE_W,
    SIDE_N | SIDE_E,
    SIDE_S | SIDE_E,
    SIDE_S | SIDE_W,
    SIDE_N | SIDE_W,
];

/// The successor orders: row `3 * (sy + 1) + (sx + 1)` for the goal's direction
/// (sx, sy) = (signum dx, signum dy); row 4 (goal here) and the fixed order use 0..8.
type OrderTable = [[u8; 8]; 9];

/// Builds seed 004's goal-directed orders: for each of the eight goal directions, the moves
/// sorted by the angle they turn away from it (ties keep the fixed order).
fn goal_directed_orders() -> OrderTable {
    let mut table = [[0, 1, 2, 3, 4, 5, 6, 7]; 9];
    for sy in -1i32..=1 {
        for sx in -1i32..=1 {
            if sx == 0 && sy == 0 {
                continue;
            }
            let goal_angle = f64::from(sy).atan2(f64::from(sx));
            let turn = |&(dx, dy): &(i64, i64)| {
                let a = (dy as f64).atan2(dx as f64) - goal_angle;
                let a = a.rem_euclid(std::f64::consts::TAU);
                // Angles are multiples of 45°: compare whole eighths so rounding can't reorder.
                (a.min(std::f64::consts::TAU - a) / std::f64::consts::FRAC_PI_4).round() as u8
            };
            let row = &mut table[(3 * (sy + 1) + (sx + 1)) as usize];
            row.sort_by_key(|&i| turn(&MOVES[i as usize]));
        }
    }
    table
}

/// The search: settings, per-cell state and the open list.
#[derive(Clone, Debug)]
pub struct Search {
    width: u32,
    height: u32,
    start: u32,
    goal: u32,
    /// The goal's (x, y), kept so the successor loop does not divide for it every expansion.
    goal_xy: (u32, u32),
    settings: Settings,
    estimator: Estimator,
    /// The estimator that decides which expanded node is "nearest the goal" when the node
    /// budget runs out: the chosen heuristic, or the movement's default if that is zero.
    nearness: Estimator,
    /// Fixed-point cost of a step into terrain t: `[orthogonal, diagonal][t]`.
    step_units: [[u64; 8]; 2],
    /// How many moves of [`MOVES`] are in play (4 or 8).
    direction_count: usize,
    /// Successor orders: the fixed one, or seed 004's goal-directed ones.
    orders: OrderTable,
    /// Per cell: its [`CellState`] byte (apart, since the page paints straight from it) and
    /// its [`Node`].
    state: Vec<u8>,
    nodes: Vec<Node>,
    open: OpenList,
    next_seq: u64,

    status: Status,
    stats: Stats,
    path: Vec<u32>,
    current: Option<u32>,
    nearest: Option<(u64, u32)>,
    /// The timeline's event log, off unless a planner switches it on.
    rec: Recorder,
}

/// No parent: the start cell.
const NO_PARENT: u32 = u32::MAX;

/// What the search knows of one cell once it has a node. The three fields sit together so
/// that relaxing a neighbour on a large map touches one cache line, not three arrays.
#[derive(Clone, Copy, Debug)]
struct Node {
    /// Cost so far, in fixed-point units.
    g: u64,
    /// The cell it was reached from, or [`NO_PARENT`].
    parent: u32,
    /// When it was (last) expanded, counting from 1.
    expansion: u32,
}

impl Default for Node {
    fn default() -> Node {
        Node {
            g: 0,
            parent: NO_PARENT,
            expansion: 0,
        }
    }
}

impl Search {
    /// Starts a search from `start` to `goal` on `grid`: the start node is in the open list,
    /// nothing is expanded yet.
    pub fn new(
        grid: &Grid,
        start: (u32, u32),
        goal: (u32, u32),
        settings: &Settings,
    ) -> Result<Search, PlanError> {
        let mut search = Search {
            width: 0,
            height: 0,
            start: 0,
            goal: 0,
            goal_xy: goal,
            settings: *settings,
            estimator: Estimator::new(Heuristic::Zero, &settings.movement, goal),
            nearness: Estimator::new(Heuristic::Zero, &settings.movement, goal),
            step_units: [[0; 8]; 2],
            direction_count: 8,
            orders: [[0, 1, 2, 3, 4, 5, 6, 7]; 9],
            state: Vec::new(),
            nodes: Vec::new(),
            open: OpenList::default(),
            next_seq: 0,
            status: Status::Running,
            stats: Stats::default(),
            path: Vec::new(),
            current: None,
            nearest: None,
            rec: Recorder::default(),
        };
        search.restart(grid, start, goal, settings)?;
        Ok(search)
    }

    /// Starts over, reusing this search's memory: the per-cell arrays are cleared, not
    /// reallocated, when the grid size is unchanged. On error the search is left as it was.
    pub fn restart(
        &mut self,
        grid: &Grid,
        start: (u32, u32),
        goal: (u32, u32),
        settings: &Settings,
    ) -> Result<(), PlanError> {
        settings.validate()?;
        let start_index = endpoint_index(grid, "start", start)?;
        let goal_index = endpoint_index(grid, "goal", goal)?;
        let movement = settings.movement;

        self.width = grid.width();
        self.height = grid.height();
        self.start = start_index;
        self.goal = goal_index;
        self.goal_xy = goal;
        self.settings = *settings;
        let heuristic = match settings.algorithm {
            // Theta*'s paths are Euclidean, so only the straight-line distance is admissible.
            Algorithm::Theta => Heuristic::Euclidean,
            _ => settings.resolved_heuristic(),
        };
        self.estimator = Estimator::new(heuristic, &movement, goal);
        let near_kind = if heuristic == Heuristic::Zero {
            Heuristic::default_for(&movement)
        } else {
            heuristic
        };
        self.nearness = Estimator::new(near_kind, &movement, goal);
        self.step_units = step_units(&movement);
        self.direction_count = if movement.has_diagonals() { 8 } else { 4 };
        self.orders = match settings.neighbour_order {
            NeighbourOrder::Fixed => [[0, 1, 2, 3, 4, 5, 6, 7]; 9],
            NeighbourOrder::GoalDirected => goal_directed_orders(),
        };
        if self.direction_count == 4 {
            // Keep only the orthogonal moves (indices 0–3), in the same relative order.
            for row in &mut self.orders {
                let mut straight = row.iter().copied().filter(|&d| d < 4);
                let mut kept = [0u8; 8];
                for slot in kept.iter_mut().take(4) {
                    *slot = straight.next().unwrap_or(0);
                }
                *row = kept;
            }
        }

        let cells = grid.len();
        self.state.clear();
        self.state.resize(cells, UNVISITED);
        // Nodes are only read where state says one exists, so they need no clearing; they
        // only need to be long enough.
        self.nodes.resize(cells, Node::default());
        self.open.reset(cells);
        self.next_seq = 0;
        self.status = Status::Running;
        self.stats = Stats::default();
        self.path.clear();
        self.current = None;
        self.nearest = None;

        self.nodes[start_index as usize] = Node {
            g: 0,
            parent: NO_PARENT,
            expansion: 0,
        };
        self.state[start_index as usize] = OPEN;
        self.stats.generated = 1;
        self.open.push(Entry::new(0, 0, 0, start_index));
        self.stats.open_size = 1;
        self.stats.max_open = 1;
        Ok(())
    }

    /// Runs until the budget is spent or the search finishes, and returns the status.
    /// `now_ms` is a monotonic clock in milliseconds (see [`crate::clock`]).
    pub fn run(
        &mut self,
        grid: &Grid,
        budget: Budget,
        now_ms: impl Fn() -> f64,
    ) -> Result<Status, PlanError> {
        if grid.width() != self.width || grid.height() != self.height {
            return Err(PlanError::GridChanged);
        }
        if self.status.is_done() {
            return Ok(self.status);
        }
        self.stats.run_count += 1;
        let started = now_ms();
        let cells = grid.bytes();
        match budget {
            Budget::Expansions(n) => {
                for _ in 0..n.max(1) {
                    if self.expand_one(cells) {
                        break;
                    }
                }
            }
            Budget::Unlimited => while !self.expand_one(cells) {},
            Budget::Millis(ms) => {
                // Reading the clock costs about as much as an expansion, so look at it only
                // every 64 expansions.
                'slice: loop {
                    for _ in 0..64 {
                        if self.expand_one(cells) {
                            break 'slice;
                        }
                    }
                    if now_ms() - started >= ms {
                        break;
                    }
                }
            }
        }
        self.stats.elapsed_ms += (now_ms() - started).max(0.0);
        Ok(self.status)
    }

    /// Does one expansion; returns true once the search is done.
    #[inline]
    fn expand_one(&mut self, cells: &[u8]) -> bool {
        self.rec.mark(&self.stats);
        if let Some(budget) = self.settings.node_budget {
            if self.stats.expanded >= budget {
                self.finish_partial(cells);
                return true;
            }
        }
        let Some(cell) = self.open.pop().map(|e| e.cell()) else {
            self.status = Status::NoPath;
            self.current = None;
            return true;
        };
        let c = cell as usize;
        let g = self.nodes[c].g;
        self.state[c] = CLOSED;
        self.rec.event(cell, CLOSED, SAME_NODE);
        self.stats.open_size = self.open.len() as u64;
        self.stats.expanded += 1;
        self.nodes[c].expansion = self.stats.expanded.min(u64::from(u32::MAX)) as u32;
        self.current = Some(cell);
        if cell == self.goal {
            self.status = Status::Found;
            self.build_path(cell, cells);
            return true;
        }
        let (x, y) = (cell % self.width, cell / self.width);
        if self.settings.node_budget.is_some() {
            let near = self.nearness.units(x, y);
            if self.nearest.is_none_or(|(best, _)| near < best) {
                self.nearest = Some((near, cell));
            }
        }
        // Jump Point Search and Theta* are this loop with another successor step.
        match self.settings.algorithm {
            Algorithm::Jps => self.jump_successors(cell, x, y, g, cells),
            Algorithm::Theta => self.theta_successors(cell, x, y, g, cells),
            _ => self.expand_successors(cell, x, y, g, cells),
        }
        false
    }

    /// Creates (or improves) the successors of `cell`: seed 003's five cases.
    #[inline]
    fn expand_successors(&mut self, cell: u32, x: u32, y: u32, g: u64, cells: &[u8]) {
        let w = self.width as isize;
        let c = cell as usize;
        let (gx, gy) = self.goal_xy;
        let sx = (i64::from(gx) - i64::from(x)).signum();
        let sy = (i64::from(gy) - i64::from(y)).signum();
        let order = self.orders[(3 * (sy + 1) + (sx + 1)) as usize];
        // Which sides of the cell have a row or column beyond them, as SIDE_* bits; a move
        // stays on the grid when every side it crosses has room. One mask test per move
        // replaces two matches on its dx and dy.
        let room = (u8::from(y > 0) * SIDE_N)
            | (u8::from(x + 1 < self.width) * SIDE_E)
            | (u8::from(y + 1 < self.height) * SIDE_S)
            | (u8::from(x > 0) * SIDE_W);
        // Cell index offset of each move, in MOVES order.
        let offsets: [isize; 8] = [-w, 1, w, -1, 1 - w, 1 + w, w - 1, -1 - w];
        let algorithm = self.settings.algorithm;
        let improves_paths = algorithm.improves_paths();
        let rule = self.settings.movement.diagonal_rule;
        // The orthogonal neighbours that are on the grid and passable, as SIDE_* bits: the
        // corner rule of every diagonal move reads them, so look them up once.
        let mut free = 0u8;
        if self.direction_count == 8 {
            for (d, &bit) in SIDES.iter().enumerate() {
                if room & bit != 0
                    && cells
                        .get(c.wrapping_add_signed(offsets[d]))
                        .is_some_and(|&t| t != 0)
                {
                    free |= bit;
                }
            }
        }
        // Re-slicing every per-cell array to the grid's length lets the compiler prove, from
        // the one check on `cells`, that the other indexings below are in bounds.
        let len = cells.len();
        let state = &mut self.state[..len];
        let nodes = &mut self.nodes[..len];
        for &d in &order[..self.direction_count] {
            let d = usize::from(d & 7);
            let crosses = CROSSES[d];
            if room & crosses != crosses {
                continue;
            }
            let n = c.wrapping_add_signed(offsets[d]);
            let Some(&terrain) = cells.get(n) else {
                continue;
            };
            if terrain == 0 {
                continue;
            }
            // Moves 4–7 are the diagonals; the two sides a diagonal crosses are the two
            // orthogonal cells it passes between.
            let diagonal = d >= 4;
            if diagonal {
                let (side_x, side_y) = (crosses & (SIDE_E | SIDE_W), crosses & (SIDE_N | SIDE_S));
                if !rule.allows(free & side_x != 0, free & side_y != 0) {
                    continue;
                }
            }
            let new_g = g + self.step_units[usize::from(diagonal)][usize::from(terrain & 7)];
            // g is read only for a cell that has a node: most neighbours of an expanded cell
            // have none yet, and on a large map that read would be a cache miss.
            let improves = || improves_paths && new_g < nodes[n].g;
            let is_new = match state[n] {
                // Case 5: a cell never visited before gets a new node.
                UNVISITED => {
                    self.stats.generated += 1;
                    state[n] = OPEN;
                    true
                }
                // Case 2: a cheaper path to a closed cell; it goes back to the open list.
                // Only A* with an inconsistent or weighted heuristic gets here.
                CLOSED if improves() => {
                    self.stats.reopened += 1;
                    state[n] = REOPENED;
                    true
                }
                // Case 1: a cheaper path to an open cell; its entry moves up in place.
                _ if improves() => {
                    self.stats.updated += 1;
                    false
                }
                // Cases 3 and 4: a worse (or equal) path to a known cell is forgotten.
                // Breadth-First and Best-First forget every path to a known cell.
                _ => continue,
            };
            nodes[n].g = new_g;
            nodes[n].parent = cell;
            // The parent is the neighbour one move d back: g follows from it on replay.
            self.rec.event(
                n as u32,
                if is_new { state[n] } else { SAME_STATE },
                d as u8,
            );
            let (dx, dy) = MOVES[d];
            let nx = x.wrapping_add_signed(dx as i32);
            let ny = y.wrapping_add_signed(dy as i32);
            let key = key(
                algorithm,
                &self.estimator,
                self.settings.weight,
                nx,
                ny,
                new_g,
            );
            self.next_seq += 1;
            let tie = if algorithm == Algorithm::BreadthFirst {
                0
            } else {
                new_g
            };
            let entry = Entry::new(key, tie, self.next_seq, n as u32);
            if is_new {
                self.open.push(entry);
                self.stats.open_size = self.open.len() as u64;
                self.stats.max_open = self.stats.max_open.max(self.stats.open_size);
            } else {
                self.open.improve(entry);
            }
        }
    }

    /// The node budget ran out: return the path to the expanded cell nearest the goal.
    fn finish_partial(&mut self, cells: &[u8]) {
        self.status = Status::Partial;
        if let Some((_, cell)) = self.nearest.or(self.current.map(|c| (0, c))) {
            self.build_path(cell, cells);
        }
    }

    /// Follows parents back from `end`, marks the path cells and records its exact cost.
    fn build_path(&mut self, end: u32, cells: &[u8]) {
        self.path.clear();
        let mut cell = end;
        loop {
            self.path.push(cell);
            let parent = self.nodes[cell as usize].parent;
            if parent == NO_PARENT || self.path.len() > cells.len() {
                break;
            }
            cell = parent;
        }
        self.path.reverse();
        match self.settings.algorithm {
            Algorithm::Jps => self.fill_jumps(),
            Algorithm::Theta => return self.finish_any_angle_path(),
            _ => {}
        }
        let w = self.width;
        let mut cost = 0.0;
        for pair in self.path.windows(2) {
            let diagonal = pair[0] % w != pair[1] % w && pair[0] / w != pair[1] / w;
            let terrain = f64::from(cells[pair[1] as usize]);
            cost += terrain
                * if diagonal {
                    self.settings.movement.diagonal_cost
                } else {
                    1.0
                };
        }
        for &p in &self.path {
            self.state[p as usize] = PATH;
            self.rec.event(p, PATH, SAME_NODE);
        }
        self.stats.path_cost = Some(cost);
        self.stats.path_moves = Some(self.path.len() as u64 - 1);
    }

    /// Offers `cell` a path through `from` costing `new_g`, with seed 003's cases as in
    /// `expand_successors`: a cell without a node gets one, a cheaper path to an open cell
    /// moves its entry up, a cheaper path to a cell in state `closed` re-opens it, anything
    /// else is forgotten. Used by the variants whose successors are not plain neighbours.
    fn relax(&mut self, from: u32, cell: u32, new_g: u64, closed: u8) {
        let n = cell as usize;
        let is_new = match self.state[n] {
            OPEN | REOPENED if new_g < self.nodes[n].g => {
                self.stats.updated += 1;
                false
            }
            OPEN | REOPENED => return,
            s if s == closed && new_g < self.nodes[n].g => {
                self.stats.reopened += 1;
                self.state[n] = REOPENED;
                true
            }
            s if s == closed => return,
            _ => {
                self.stats.generated += 1;
                self.state[n] = OPEN;
                true
            }
        };
        self.nodes[n].g = new_g;
        self.nodes[n].parent = from;
        // Jump points and line-of-sight parents are not neighbours: record g as it is.
        let byte = if is_new { self.state[n] } else { SAME_STATE };
        self.rec.far(cell, byte, from, new_g);
        let (x, y) = self.coords(cell);
        let key = key(
            self.settings.algorithm,
            &self.estimator,
            self.settings.weight,
            x,
            y,
            new_g,
        );
        self.next_seq += 1;
        let entry = Entry::new(key, new_g, self.next_seq, cell);
        if is_new {
            self.open.push(entry);
            self.stats.open_size = self.open.len() as u64;
            self.stats.max_open = self.stats.max_open.max(self.stats.open_size);
        } else {
            self.open.improve(entry);
        }
    }

    /// Whether a [`Search`] runs `algorithm` (every algorithm that shares its loop).
    pub fn handles(algorithm: Algorithm) -> bool {
        !matches!(
            algorithm,
            Algorithm::Bidirectional | Algorithm::Lpa | Algorithm::DStarLite | Algorithm::Mesh
        )
    }

    /// Whether [`Search::path`] lists the corners of an any-angle polyline (Theta*).
    pub fn is_any_angle(&self) -> bool {
        self.settings.algorithm == Algorithm::Theta
    }

    /// The current status.
    pub fn status(&self) -> Status {
        self.status
    }

    /// The counters so far.
    pub fn stats(&self) -> &Stats {
        &self.stats
    }

    /// The settings this search runs with.
    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// The start cell.
    pub fn start(&self) -> (u32, u32) {
        self.coords(self.start)
    }

    /// The goal cell.
    pub fn goal(&self) -> (u32, u32) {
        self.coords(self.goal)
    }

    /// One byte per cell, indexed `y * width + x`: a [`CellState`] value.
    pub fn states(&self) -> &[u8] {
        &self.state
    }

    /// The path as cell indices from the start, once the search is `Found` or `Partial`.
    pub fn path(&self) -> &[u32] {
        &self.path
    }

    /// The path as (x, y) cells from the start.
    pub fn path_cells(&self) -> Vec<(u32, u32)> {
        self.path.iter().map(|&i| self.coords(i)).collect()
    }

    /// The cell expanded last, if any.
    pub fn current(&self) -> Option<(u32, u32)> {
        self.current.map(|c| self.coords(c))
    }

    /// What the search knows about (x, y), or `None` when outside the grid.
    pub fn node(&self, x: u32, y: u32) -> Option<NodeInfo> {
        if x >= self.width || y >= self.height {
            return None;
        }
        let c = (y * self.width + x) as usize;
        let state = CellState::from_byte(self.state[c]).unwrap_or(CellState::Unvisited);
        // A Jump Point Search cell painted closed was only scanned by a jump: it has no node.
        let scanned = self.settings.algorithm == Algorithm::Jps && state == CellState::Closed;
        let known = state != CellState::Unvisited && !scanned;
        let node = self.nodes[c];
        let g = known.then(|| node.g as f64 / COST_SCALE as f64);
        let h = self.estimator.cost(x, y);
        let f = g.and_then(|g| match self.settings.algorithm {
            Algorithm::BreadthFirst => None,
            Algorithm::BestFirst => Some(h),
            Algorithm::Dijkstra => Some(g),
            Algorithm::AStar
            | Algorithm::Jps
            | Algorithm::Theta
            | Algorithm::Bidirectional
            | Algorithm::Lpa
            | Algorithm::DStarLite
            | Algorithm::Mesh => Some(g + self.settings.weight * h),
        });
        let parent = node.parent;
        // Path cells and re-opened cells were all expanded at least once; plain open ones
        // never were, and their slot may hold an earlier search's number.
        let expanded = !scanned
            && matches!(
                state,
                CellState::Closed | CellState::Reopened | CellState::Path | CellState::JumpPoint
            );
        Some(NodeInfo {
            x,
            y,
            state,
            g,
            h,
            f,
            parent: (known && parent != NO_PARENT).then(|| self.coords(parent)),
            expansion: expanded.then_some(node.expansion),
        })
    }

    fn coords(&self, index: u32) -> (u32, u32) {
        (index % self.width, index / self.width)
    }
}

/// The key of a cell about to be pushed with cost `g`. Breadth-First's key is constant: with
/// no tie on g, entries then leave in insertion order, a plain FIFO queue, which visits the
/// map ply by ply.
#[inline(always)]
fn key(algorithm: Algorithm, estimator: &Estimator, weight: f64, x: u32, y: u32, g: u64) -> u64 {
    match algorithm {
        Algorithm::BreadthFirst => 0,
        Algorithm::BestFirst => estimator.units(x, y),
        Algorithm::Dijkstra => g,
        Algorithm::AStar
        | Algorithm::Jps
        | Algorithm::Theta
        | Algorithm::Bidirectional
        | Algorithm::Lpa
        | Algorithm::DStarLite
        | Algorithm::Mesh
            if weight == 1.0 =>
        {
            g + estimator.units(x, y)
        }
        // Float to integer casts saturate, so a huge weight cannot wrap the key around.
        Algorithm::AStar
        | Algorithm::Jps
        | Algorithm::Theta
        | Algorithm::Bidirectional
        | Algorithm::Lpa
        | Algorithm::DStarLite
        | Algorithm::Mesh => g.saturating_add((estimator.units(x, y) as f64 * weight) as u64),
    }
}

/// Checks a start or goal is on the grid and passable, and returns its index.
pub(crate) fn endpoint_index(
    grid: &Grid,
    what: &'static str,
    at: (u32, u32),
) -> Result<u32, PlanError> {
    let (x, y) = (i64::from(at.0), i64::from(at.1));
    let Some(index) = grid.index(x, y) else {
        return Err(PlanError::Outside {
            what,
            at: (x, y),
            width: grid.width(),
            height: grid.height(),
        });
    };
    if !grid.is_passable(x, y) {
        return Err(PlanError::OnWall { what, at });
    }
    Ok(index as u32)
}

/// A search of any algorithm, as the planner, the CLI and the page drive it: start or
/// restart it, run it by a [`Budget`], read its status, counters, per-cell states and path.
///
/// Made by [`new_search`]; see the module docs for how to add an implementation.
///
/// Not a `Debug` subtrait: that would put every engine's derived `Debug` code (and its field
/// names) into the page's wasm through the trait's vtable. `dyn Searcher` prints its
/// algorithm and status instead.
pub trait Searcher {
    /// Starts over from `start` to `goal` on `grid` with `settings`, reusing memory where it
    /// can. On error the searcher is left as it was.
    fn restart(
        &mut self,
        grid: &Grid,
        start: (u32, u32),
        goal: (u32, u32),
        settings: &Settings,
    ) -> Result<(), PlanError>;

    /// Runs until the budget is spent or the search finishes, and returns the status.
    /// `now_ms` is a monotonic clock in milliseconds.
    fn run(
        &mut self,
        grid: &Grid,
        budget: Budget,
        now_ms: &dyn Fn() -> f64,
    ) -> Result<Status, PlanError>;

    /// Whether [`Searcher::restart`] can switch this searcher to `algorithm` (otherwise
    /// [`restart_search`] makes a new one).
    fn handles(&self, algorithm: Algorithm) -> bool;

    /// The current status.
    fn status(&self) -> Status;

    /// The counters so far.
    fn stats(&self) -> &Stats;

    /// The settings this search runs with.
    fn settings(&self) -> &Settings;

    /// The start cell.
    fn start(&self) -> (u32, u32);

    /// The goal cell.
    fn goal(&self) -> (u32, u32);

    /// One byte per cell, indexed `y * width + x`: a [`CellState`] value.
    fn states(&self) -> &[u8];

    /// The path as cell indices from the start, once the search is `Found` or `Partial`.
    /// Consecutive cells are neighbours, except on an any-angle path
    /// ([`Searcher::is_any_angle`]), where they are the corners of a polyline.
    fn path(&self) -> &[u32];

    /// [`Searcher::path`] as (x, y) cells.
    fn path_cells(&self) -> Vec<(u32, u32)>;

    /// Whether [`Searcher::path`] lists polyline corners (Theta*) rather than neighbouring
    /// cells.
    fn is_any_angle(&self) -> bool {
        false
    }

    /// The cell expanded last, if any.
    fn current(&self) -> Option<(u32, u32)>;

    /// What the search knows about (x, y), or `None` when outside the grid.
    fn node(&self, x: u32, y: u32) -> Option<NodeInfo>;

    /// Called after an edit changed the cells `changed` (indices `y * width + x`) of `grid`,
    /// or moved the markers to `start` and `goal`: a searcher that can repair its previous
    /// search (LPA*, D* Lite) does so, marks the cells it updated [`CellState::Repaired`] and
    /// returns true. The default returns false and the planner restarts the search.
    fn repair(
        &mut self,
        _grid: &Grid,
        _start: (u32, u32),
        _goal: (u32, u32),
        _changed: &[u32],
    ) -> bool {
        false
    }

    /// A boxed copy, so planners holding a `Box<dyn Searcher>` can be cloned.
    fn clone_box(&self) -> Box<dyn Searcher>;

    /// The timeline event log ([`crate::timeline`]), off until switched on.
    fn recorder(&mut self) -> &mut Recorder;

    /// The first `n` entries of the open list, in the order they will be taken.
    fn open_top(&self, n: usize) -> Vec<OpenEntry>;

    /// Why [`Searcher::open_top`]'s first entry goes first, in a sentence ('' when empty).
    fn open_why(&self) -> String;
}

impl fmt::Debug for dyn Searcher {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Searcher")
            .field("algorithm", &self.settings().algorithm)
            .field("status", &self.status())
            .finish_non_exhaustive()
    }
}

impl Clone for Box<dyn Searcher> {
    fn clone(&self) -> Self {
        self.clone_box()
    }
}

impl Searcher for Search {
    fn restart(
        &mut self,
        grid: &Grid,
        start: (u32, u32),
        goal: (u32, u32),
        settings: &Settings,
    ) -> Result<(), PlanError> {
        Search::restart(self, grid, start, goal, settings)
    }

    fn run(
        &mut self,
        grid: &Grid,
        budget: Budget,
        now_ms: &dyn Fn() -> f64,
    ) -> Result<Status, PlanError> {
        Search::run(self, grid, budget, now_ms)
    }

    fn handles(&self, algorithm: Algorithm) -> bool {
        Search::handles(algorithm)
    }

    fn status(&self) -> Status {
        Search::status(self)
    }

    fn stats(&self) -> &Stats {
        Search::stats(self)
    }

    fn settings(&self) -> &Settings {
        Search::settings(self)
    }

    fn start(&self) -> (u32, u32) {
        Search::start(self)
    }

    fn goal(&self) -> (u32, u32) {
        Search::goal(self)
    }

    fn states(&self) -> &[u8] {
        Search::states(self)
    }

    fn path(&self) -> &[u32] {
        Search::path(self)
    }

    fn path_cells(&self) -> Vec<(u32, u32)> {
        Search::path_cells(self)
    }

    fn is_any_angle(&self) -> bool {
        Search::is_any_angle(self)
    }

    fn current(&self) -> Option<(u32, u32)> {
        Search::current(self)
    }

    fn node(&self, x: u32, y: u32) -> Option<NodeInfo> {
        Search::node(self, x, y)
    }

    fn clone_box(&self) -> Box<dyn Searcher> {
        Box::new(self.clone())
    }

    fn recorder(&mut self) -> &mut Recorder {
        &mut self.rec
    }

    fn open_top(&self, n: usize) -> Vec<OpenEntry> {
        self.open
            .top(n)
            .iter()
            .filter_map(|e| {
                let (x, y) = self.coords(e.cell());
                self.node(x, y)
            })
            .map(|node| {
                let g = node.g.unwrap_or(0.0);
                OpenEntry {
                    x: node.x,
                    y: node.y,
                    g,
                    h: node.h,
                    f: node.f.unwrap_or(g),
                    direction: None,
                    key: None,
                }
            })
            .collect()
    }

    fn open_why(&self) -> String {
        open_reason(self.settings.algorithm, &self.open)
    }
}

/// "1 other", "3 others": the count of tied entries in an open-list sentence.
pub(crate) fn others(n: usize) -> String {
    format!("{n} other{}", if n == 1 { "" } else { "s" })
}

/// `v` with two decimals ("12.83"), without pulling float formatting into the wasm.
pub(crate) fn two_decimals(v: f64) -> String {
    let hundredths = (v * 100.0).round() as i64;
    let sign = if hundredths < 0 { "-" } else { "" };
    let h = hundredths.unsigned_abs();
    format!("{sign}{}.{:02}", h / 100, h % 100)
}

/// Why the first entry of `open` goes first, for `algorithm`.
pub(crate) fn open_reason(algorithm: Algorithm, open: &OpenList) -> String {
    let Some(top) = open.top(1).first().copied() else {
        return String::new();
    };
    let (name, what) = match algorithm {
        Algorithm::BreadthFirst => return "FIFO: oldest in the queue (breadth-first)".into(),
        Algorithm::BestFirst => ("h", " (best-first)"),
        Algorithm::Dijkstra => ("g", " (Dijkstra)"),
        _ => ("f", ""),
    };
    let value = two_decimals(top.key as f64 / COST_SCALE as f64);
    let (on_key, on_g) = open.ties(&top);
    if on_key == 0 {
        format!("lowest {name} = {value}{what}")
    } else if on_g == 0 {
        format!(
            "tie on {name} = {value} with {}, broken toward larger g (seed 001)",
            others(on_key)
        )
    } else if on_g == on_key {
        format!(
            "tie on {name} = {value} and on g with {}, broken toward the oldest entry",
            others(on_key)
        )
    } else {
        format!(
            "tie on {name} = {value} with {}, broken toward larger g (seed 001), then toward \
             the oldest of {} with that g",
            others(on_key),
            on_g + 1
        )
    }
}

/// Records that `cell` took state byte `state` (or [`SAME_STATE`]) with parent `from` and
/// cost `g`: a 4-byte event when `from` is a neighbour whose g plus one step gives `g` on
/// replay (`derived`), the 16-byte far form otherwise.
#[inline]
pub(crate) fn record_node(
    rec: &mut Recorder,
    width: u32,
    cell: u32,
    state: u8,
    from: u32,
    g: u64,
    derived: bool,
) {
    if !rec.is_on() {
        return;
    }
    if derived {
        let w = i64::from(width);
        let (dx, dy) = (
            i64::from(cell % width) - i64::from(from % width),
            i64::from(cell / width) - i64::from(from / width),
        );
        if let Some(d) = MOVES.iter().position(|&m| m == (dx, dy)) {
            debug_assert_eq!(i64::from(from) + dy * w + dx, i64::from(cell));
            rec.event(cell, state, d as u8);
            return;
        }
    }
    rec.far(cell, state, from, g);
}

/// Calls `step` (one expansion; true once the search is done) as often as `budget` allows:
/// the stepping of [`Search::run`] for searchers with their own loop.
pub(crate) fn drive(budget: Budget, now_ms: &dyn Fn() -> f64, mut step: impl FnMut() -> bool) {
    match budget {
        Budget::Expansions(n) => {
            for _ in 0..n.max(1) {
                if step() {
                    break;
                }
            }
        }
        Budget::Unlimited => while !step() {},
        Budget::Millis(ms) => {
            let started = now_ms();
            // As in `Search::run`: read the clock every 64 expansions only.
            'slice: loop {
                for _ in 0..64 {
                    if step() {
                        break 'slice;
                    }
                }
                if now_ms() - started >= ms {
                    break;
                }
            }
        }
    }
}

/// Starts a search of `settings.algorithm` from `start` to `goal` on `grid`, after checking
/// the algorithm applies to this map and movement ([`Settings::unavailable_on`]).
pub fn new_search(
    grid: &Grid,
    start: (u32, u32),
    goal: (u32, u32),
    settings: &Settings,
) -> Result<Box<dyn Searcher>, PlanError> {
    settings.check_on(grid)?;
    Ok(match settings.algorithm {
        Algorithm::Bidirectional => Box::new(Bidirectional::new(grid, start, goal, settings)?),
        Algorithm::Lpa => Box::new(Incremental::new(Mode::Lpa, grid, start, goal, settings)?),
        Algorithm::DStarLite => Box::new(Incremental::new(
            Mode::DStarLite,
            grid,
            start,
            goal,
            settings,
        )?),
        // Without a user's mesh (the CLI, tests), search the map's visibility graph.
        Algorithm::Mesh => Box::new(MeshSearch::new(
            grid,
            start,
            goal,
            settings,
            Mesh::generate(grid)?,
        )?),
        _ => Box::new(Search::new(grid, start, goal, settings)?),
    })
}

/// Restarts `search` with new endpoints or settings, replacing it by a new searcher when its
/// type cannot run `settings.algorithm`. On error `search` is left as it was.
pub fn restart_search(
    search: &mut Box<dyn Searcher>,
    grid: &Grid,
    start: (u32, u32),
    goal: (u32, u32),
    settings: &Settings,
) -> Result<(), PlanError> {
    settings.check_on(grid)?;
    if search.handles(settings.algorithm) {
        search.restart(grid, start, goal, settings)
    } else {
        *search = new_search(grid, start, goal, settings)?;
        Ok(())
    }
}
