//! What an exercise is asked by: its [`Kind`] and [`Spec`], and [`LearnError`].

use crate::formats::link::LinkError;
use crate::grid::Shape;
use crate::search::{Algorithm, PlanError, Settings};
use std::fmt;

/// The kinds of exercise.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Kind {
    /// The search is paused: which cell does it take next? (The tie rule decides.)
    NextExpansion,
    /// g, h and f of a highlighted open cell.
    Values,
    /// The top three of the open list, in the order they will be taken.
    Order,
    /// The path the algorithm returns (its cells), or its cost.
    Path,
    /// A finished search's picture: which of BFS, Best-First, Dijkstra, A*, weighted A* and
    /// JPS made it?
    WhichAlgorithm,
    /// Jump Point Search is about to expand a node: which jump points will it add?
    JumpPoints,
    /// A wall was drawn across LPA*'s or D* Lite's path: which cells will the repair expand?
    Repair,
    /// Will this weighted search return an optimal path here (yes or no)?
    Heuristic,
}

impl Kind {
    /// Every kind, in the order lessons and menus list them.
    pub const ALL: [Kind; 8] = [
        Kind::NextExpansion,
        Kind::Values,
        Kind::Order,
        Kind::Path,
        Kind::WhichAlgorithm,
        Kind::JumpPoints,
        Kind::Repair,
        Kind::Heuristic,
    ];

    /// Its name in specs and on the command line (`next-expansion`, …).
    pub fn name(self) -> &'static str {
        match self {
            Kind::NextExpansion => "next-expansion",
            Kind::Values => "values",
            Kind::Order => "order",
            Kind::Path => "path",
            Kind::WhichAlgorithm => "which-algorithm",
            Kind::JumpPoints => "jump-points",
            Kind::Repair => "repair",
            Kind::Heuristic => "heuristic",
        }
    }

    /// The kind named `name` ([`Kind::name`]).
    pub fn from_name(name: &str) -> Result<Kind, LearnError> {
        Kind::ALL
            .into_iter()
            .find(|k| k.name() == name)
            .ok_or_else(|| {
                let names: Vec<&str> = Kind::ALL.iter().map(|k| k.name()).collect();
                LearnError(format!(
                    "unknown exercise kind '{name}': use {}",
                    names.join(", ")
                ))
            })
    }

    /// The algorithm a spec without one uses: JPS for jump points, LPA* for repairs, A*
    /// otherwise (which-algorithm draws its own).
    pub fn default_algorithm(self) -> Algorithm {
        match self {
            Kind::JumpPoints => Algorithm::Jps,
            Kind::Repair => Algorithm::Lpa,
            _ => Algorithm::AStar,
        }
    }

    /// The algorithms the kind can ask about: `None` refuses `algorithm` with the reason.
    pub(super) fn refuses(self, algorithm: Algorithm) -> Option<String> {
        let ok = match self {
            // Bidirectional A* has two open lists: "the open list" would not say which.
            Kind::NextExpansion | Kind::Order => {
                !matches!(algorithm, Algorithm::Mesh | Algorithm::Bidirectional)
            }
            Kind::Path => algorithm != Algorithm::Mesh,
            Kind::Values => !matches!(
                algorithm,
                Algorithm::Mesh | Algorithm::BreadthFirst | Algorithm::Bidirectional
            ),
            Kind::WhichAlgorithm => true,
            Kind::JumpPoints => matches!(
                algorithm,
                Algorithm::Jps | Algorithm::JpsPlus | Algorithm::JpsPlusBounded
            ),
            Kind::Repair => matches!(algorithm, Algorithm::Lpa | Algorithm::DStarLite),
            Kind::Heuristic => matches!(algorithm, Algorithm::AStar | Algorithm::BestFirst),
        };
        (!ok).then(|| {
            format!(
                "a {} exercise cannot ask about {}",
                self.name(),
                algorithm.info().label
            )
        })
    }

    /// Whether the kind can be asked on hexagons (jump points need rows and diagonals).
    pub fn fits_hexes(self) -> bool {
        self != Kind::JumpPoints
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What an exercise is made from: enough to make the same exercise again anywhere (a lesson
/// holds a list of them).
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Spec {
    /// The kind of question.
    pub kind: Kind,
    /// The algorithm asked about (its id in the algorithm table); none takes
    /// [`Kind::default_algorithm`]. Which-algorithm ignores it: the seed picks the answer.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub algorithm: Option<Algorithm>,
    /// Settings beyond the algorithm (weight, heuristic, movement…), as in a settings object;
    /// none takes the defaults (the heuristic exercise picks a weight by difficulty).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub settings: Option<Settings>,
    /// 1 (small open maps, early questions) to 3 (larger maps with terrain, ties).
    #[serde(default = "default_difficulty")]
    pub difficulty: u8,
    /// The seed every random choice comes from.
    #[serde(default)]
    pub seed: u64,
    /// The cell shape of a generated map.
    #[serde(default, skip_serializing_if = "is_square")]
    pub shape: Shape,
    /// A fixed map instead of a generated one: a full share link (`v2.…`/`v3.…`) with its
    /// markers (its settings are used where the spec gives none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub map: Option<String>,
}

fn default_difficulty() -> u8 {
    1
}

fn is_square(shape: &Shape) -> bool {
    *shape == Shape::Square
}

impl Spec {
    /// A spec of `kind` with its default algorithm and settings, difficulty 1, squares.
    pub fn new(kind: Kind, seed: u64) -> Spec {
        Spec {
            kind,
            algorithm: None,
            settings: None,
            difficulty: 1,
            seed,
            shape: Shape::Square,
            map: None,
        }
    }

    /// The algorithm asked about.
    pub fn algorithm(&self) -> Algorithm {
        self.algorithm.unwrap_or(self.kind.default_algorithm())
    }
}

/// Why an exercise could not be made or checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LearnError(pub String);

impl fmt::Display for LearnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for LearnError {}

impl From<PlanError> for LearnError {
    fn from(e: PlanError) -> Self {
        LearnError(e.to_string())
    }
}

impl From<LinkError> for LearnError {
    fn from(e: LinkError) -> Self {
        LearnError(e.to_string())
    }
}

impl From<crate::planner::PlannerError> for LearnError {
    fn from(e: crate::planner::PlannerError) -> Self {
        LearnError(e.to_string())
    }
}
