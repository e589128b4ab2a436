//! What a search is asked to do: the [`Algorithm`], the heuristic and its weight, the movement,
//! the successor order and the node budget ([`Settings`]), and why a search can refuse to
//! start ([`PlanError`]).

use crate::grid::{Connectivity, DiagonalRule, Grid, Movement, MovementError, Topology};
use crate::heuristic::Heuristic;
use crate::text::number::decimal;
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
    /// starting over ([`incremental`](super::incremental)).
    #[serde(rename = "lpa")]
    Lpa,
    /// D* Lite: LPA* searching from the goal, so the start can move (the walker) and the
    /// search is repaired from where it stands ([`incremental`](super::incremental)).
    #[serde(rename = "dstar-lite")]
    DStarLite,
    /// A* on a waypoint graph ([`mesh`](super::mesh)): the user's mesh on the page, a visibility
    /// graph generated from the map elsewhere.
    #[serde(rename = "mesh")]
    Mesh,
    /// JPS+ (Rabin 2015): Jump Point Search with every jump looked up in a table of jump
    /// distances precomputed per cell and direction (`search/engine/jps_plus.rs`).
    /// Optimal; needs what JPS needs.
    #[serde(rename = "jps-plus")]
    JpsPlus,
    /// JPS+ with goal bounding (Rabin & Sturtevant 2016): a jump is skipped unless the goal
    /// lies in the bounding box, precomputed per cell and move, of every cell a shortest path
    /// starting with that move reaches ([`bounding`](super::bounding)). Optimal; needs what
    /// JPS needs, and a map small enough for its O(cells²) build.
    #[serde(rename = "jps-plus-bounded")]
    JpsPlusBounded,
    /// JPS2 (Harabor & Grastien, ICAPS 2014): Jump Point Search whose diagonal jumps do not
    /// stop at the cells they turn at; the straight jump points found from them are offered
    /// directly (`search/engine/jps.rs`). Optimal; needs what JPS needs.
    #[serde(rename = "jps2")]
    Jps2,
    /// JPS2+: JPS2 with its jumps looked up in JPS+'s table of jump distances. Optimal; needs
    /// what JPS needs.
    #[serde(rename = "jps2-plus")]
    Jps2Plus,
}

impl Algorithm {
    /// Every algorithm, in the order menus list them. Only ever append: a share link stores
    /// an algorithm as its index here.
    pub const ALL: [Algorithm; 14] = [
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
        Algorithm::JpsPlus,
        Algorithm::JpsPlusBounded,
        Algorithm::Jps2,
        Algorithm::Jps2Plus,
    ];

    /// The name used on the command line and in settings objects: its id in the algorithm
    /// table ([`super::table`]).
    pub fn name(self) -> &'static str {
        self.info().id
    }

    /// What the textbook engine and its variants rank open entries by: arrival for
    /// Breadth-First, h for Best-First, g for Dijkstra, g + w·h for A* and the rest. The one
    /// statement of that rule: the engine's keys, the node inspector's f, the open list's
    /// reasons and the step trace all ask here. (Always inline: the engine asks for every
    /// successor, and the page's size-optimised wasm would otherwise make it a call.)
    #[inline(always)]
    pub(crate) const fn ranking(self) -> Ranking {
        match self {
            Algorithm::BreadthFirst => Ranking::Arrival,
            Algorithm::BestFirst => Ranking::Estimate,
            Algorithm::Dijkstra => Ranking::Cost,
            Algorithm::AStar
            | Algorithm::Jps
            | Algorithm::JpsPlus
            | Algorithm::JpsPlusBounded
            | Algorithm::Jps2
            | Algorithm::Jps2Plus
            | Algorithm::Theta
            | Algorithm::Bidirectional
            | Algorithm::Lpa
            | Algorithm::DStarLite
            | Algorithm::Mesh => Ranking::CostAndEstimate,
        }
    }

    /// The value a node with cost `g` and estimate `h` is ranked by ([`Algorithm::ranking`]),
    /// as a cost; none for Breadth-First, which ranks by arrival. (The node inspector's f,
    /// and the step trace's.)
    pub(crate) fn priority(self, weight: f64, g: f64, h: f64) -> Option<f64> {
        match self.ranking() {
            Ranking::Arrival => None,
            Ranking::Estimate => Some(h),
            Ranking::Cost => Some(g),
            Ranking::CostAndEstimate => Some(g + weight * h),
        }
    }

    /// Whether a cheaper path to a cell that already has a node replaces the old node
    /// (seed 003's "correct" Dijkstra and A* with recycled nodes), or is ignored (its
    /// Breadth-First and Best-First).
    pub(crate) fn improves_paths(self) -> bool {
        matches!(
            self,
            Algorithm::Dijkstra
                | Algorithm::AStar
                | Algorithm::Jps
                | Algorithm::JpsPlus
                | Algorithm::JpsPlusBounded
                | Algorithm::Jps2
                | Algorithm::Jps2Plus
                | Algorithm::Theta
        )
    }
}

impl Algorithm {
    /// Whether it is a Jump Point Search (JPS, JPS+, JPS2, JPS2+): the engine's jump
    /// successor step, jump points for nodes, parents that are not neighbours.
    pub(crate) fn jumps(self) -> bool {
        matches!(
            self,
            Algorithm::Jps
                | Algorithm::JpsPlus
                | Algorithm::JpsPlusBounded
                | Algorithm::Jps2
                | Algorithm::Jps2Plus
        )
    }

    /// Whether its jumps are looked up in JPS+'s table of jump distances (JPS+, JPS+ with
    /// goal bounding, JPS2+).
    pub(crate) fn uses_jump_table(self) -> bool {
        matches!(
            self,
            Algorithm::JpsPlus | Algorithm::JpsPlusBounded | Algorithm::Jps2Plus
        )
    }

    /// Whether its diagonal jumps run on past their turns, offering the straight jump points
    /// they find directly (JPS2, JPS2+).
    pub(crate) fn prunes_diagonals(self) -> bool {
        matches!(self, Algorithm::Jps2 | Algorithm::Jps2Plus)
    }
}

/// What an algorithm's open list ranks its entries by ([`Algorithm::ranking`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Ranking {
    /// Arrival order: a FIFO queue (Breadth-First).
    Arrival,
    /// The estimate h alone (Best-First).
    Estimate,
    /// The cost g alone (Dijkstra).
    Cost,
    /// g + weight · h (A* and the searches built on it).
    CostAndEstimate,
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
            "jps-plus" | "jps+" => Ok(Algorithm::JpsPlus),
            "jps-plus-bounded" | "jps+bounded" | "jps+gb" => Ok(Algorithm::JpsPlusBounded),
            "jps2" => Ok(Algorithm::Jps2),
            "jps2-plus" | "jps2+" => Ok(Algorithm::Jps2Plus),
            "bidirectional" | "bidirectional-astar" => Ok(Algorithm::Bidirectional),
            "theta" | "theta*" => Ok(Algorithm::Theta),
            "lpa" | "lpa*" => Ok(Algorithm::Lpa),
            "dstar-lite" | "d*lite" | "dstar" => Ok(Algorithm::DStarLite),
            "mesh" => Ok(Algorithm::Mesh),
            _ => {
                let ids: Vec<&str> = Algorithm::ALL.iter().map(|a| a.name()).collect();
                Err(format!(
                    "unknown algorithm '{s}': use {} or {}",
                    ids[..ids.len() - 1].join(", "),
                    ids[ids.len() - 1]
                ))
            }
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
    /// The most nodes to expand before giving up with [`Status::Partial`](super::Status::Partial) (seed 004).
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
    /// The heuristic actually used on squares: the chosen one, or the movement's default.
    pub fn resolved_heuristic(&self) -> Heuristic {
        self.heuristic
            .unwrap_or_else(|| Heuristic::default_for(&self.movement))
    }

    /// The heuristic actually used on `topology`: the chosen one, or its default
    /// ([`Heuristic::default_on`]: the hex distance on hexes).
    pub fn heuristic_on(&self, topology: &Topology) -> Heuristic {
        self.heuristic
            .unwrap_or_else(|| Heuristic::default_on(topology))
    }

    /// These settings made to fit `grid`: a heuristic meant for the other cell shape goes
    /// back to the default, and an algorithm that cannot run there gives way to A*. What a
    /// map loaded over the current settings starts with.
    pub fn fitted_to(&self, grid: &Grid) -> Settings {
        let mut fitted = *self;
        if fitted.heuristic.is_some_and(|h| !h.fits(grid.shape())) {
            fitted.heuristic = None;
        }
        if fitted.unavailable_on(grid).is_some() {
            fitted.algorithm = Algorithm::AStar;
        }
        fitted
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
        let info = self.algorithm.info();
        let name = info.label;
        if info.needs.square_cells && grid.shape().is_hex() {
            let why = if info.needs.mesh {
                // A visibility graph of hexes (nodes at obstacle tips, hex-line sight) can
                // miss a way the hexes have, so the search would say "no path" wrongly.
                "square cells: on hexagons the mesh's straight sight lines and obstacle \
                 corners can miss a way between the hexes, and it would report no path where \
                 there is one"
            } else {
                "square cells, with rows, columns and diagonals to follow, which a map of \
                 hexagons does not have"
            };
            return Some(format!(
                "{name} needs {why}: use A*, Dijkstra or bidirectional A*"
            ));
        }
        // Both JPS and Theta* prune or shortcut on the assumption that every free cell costs
        // the same.
        if info.needs.uniform_cost && grid.has_terrain_costs() {
            return Some(format!(
                "{name} needs a map of uniform cost, and this one has terrain costs \
                 above 1: use A* or bidirectional A* on weighted terrain"
            ));
        }
        let m = &self.movement;
        let moving_ai = m.connectivity == Connectivity::Eight
            && m.diagonal_rule == DiagonalRule::NoCornerCutting;
        if info.needs.moving_ai_movement && m.has_diagonals() && !moving_ai {
            return Some(format!(
                "{name} needs 8-connected movement without corner cutting (the Moving AI \
                 rule) or 4-connected movement, not the '{}' diagonal rule",
                m.diagonal_rule.name()
            ));
        }
        if let Some(max) = info.needs.max_cells {
            if grid.len() > max as usize {
                return Some(format!(
                    "{name} precomputes a flood from every cell of the map, which grows with \
                     the square of its size: it is built for maps up to {} cells, and this \
                     one has {}: use JPS+",
                    thousands(u64::from(max)),
                    thousands(grid.len() as u64)
                ));
            }
        }
        None
    }

    /// [`Settings::validate`], the heuristic against the map's cell shape, then
    /// [`Settings::unavailable_on`] as an error.
    pub fn check_on(&self, grid: &Grid) -> Result<(), PlanError> {
        self.validate()?;
        if let Some(h) = self.heuristic.filter(|h| !h.fits(grid.shape())) {
            return Err(PlanError::BadSetting(if grid.shape().is_hex() {
                format!(
                    "the {h} heuristic measures square cells; on hexagons use the hex \
                     distance, the Euclidean distance or zero"
                )
            } else {
                "the hex distance measures hexagons; on square cells use octile, manhattan, \
                 euclidean, chebyshev or zero"
                    .to_string()
            }));
        }
        match self.unavailable_on(grid) {
            Some(why) => Err(PlanError::BadSetting(why)),
            None => Ok(()),
        }
    }
}

/// `n` with a comma every three digits ("65,536").
fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// Why a search could not start or go on. An unreachable goal is not an error: it is
/// [`Status::NoPath`](super::Status::NoPath).
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
    /// The grid passed to [`Searcher::run`](super::Searcher::run) is not the size of the one the search started on.
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
