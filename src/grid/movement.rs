//! How an agent moves between square cells: 4- or 8-connected, which diagonal steps are legal
//! next to walls ([`DiagonalRule`]) and what a diagonal step costs ([`Movement`]), and the
//! square half of the one neighbour rule ([`Movement::legal_moves_around`]; the rule itself,
//! for every shape, is [`super::Topology`]).

use crate::text::number::decimal;
use std::fmt;

/// The default diagonal step cost, √2: the true length of a diagonal step.
pub const SQRT_2: f64 = std::f64::consts::SQRT_2;

/// Seed 003's "diagonal penalty": the rounded constant its exercises are checked against
/// ("use 1.4142, not sqrt(2.0) or anything else"), so deliberately not `SQRT_2`.
#[allow(clippy::approx_constant)]
pub const SEED_DIAGONAL_PENALTY: f64 = 1.4142;

/// The smallest diagonal cost accepted (diagonal penalty off).
pub const MIN_DIAGONAL_COST: f64 = 1.0;

/// The largest diagonal cost accepted: at 2 a diagonal step costs as much as the two
/// orthogonal steps it replaces, so larger values only forbid diagonals more clumsily.
pub const MAX_DIAGONAL_COST: f64 = 2.0;

/// How many neighbours a cell has.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Connectivity {
    /// Up, down, left, right.
    #[serde(rename = "4")]
    Four,
    /// The four orthogonal neighbours and the four diagonal ones.
    #[serde(rename = "8")]
    Eight,
}

/// When a diagonal step is legal next to walls (8-connected movement only).
///
/// A diagonal step from (x, y) to (x+dx, y+dy) passes between the two orthogonal neighbours
/// (x+dx, y) and (x, y+dy); the rule says which of them must be passable.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum DiagonalRule {
    /// No diagonal steps at all.
    Never,
    /// Both side cells must be passable: no cutting corners, no squeezing between two
    /// diagonally touching walls. The Moving AI and seed 002 rule, and the default.
    NoCornerCutting,
    /// At least one side cell must be passable: corners may be cut, gaps may not be squeezed.
    OneSideFree,
    /// Diagonal steps are legal whatever the side cells hold.
    Always,
}

impl DiagonalRule {
    /// Every rule, in the order menus list them.
    pub const ALL: [DiagonalRule; 4] = [
        DiagonalRule::Never,
        DiagonalRule::NoCornerCutting,
        DiagonalRule::OneSideFree,
        DiagonalRule::Always,
    ];

    /// The name used on the command line, in links and in settings objects (serde's).
    pub fn name(self) -> &'static str {
        match self {
            DiagonalRule::Never => "never",
            DiagonalRule::NoCornerCutting => "no-corner-cutting",
            DiagonalRule::OneSideFree => "one-side-free",
            DiagonalRule::Always => "always",
        }
    }

    /// Whether a diagonal step is legal given whether its two side cells are passable.
    #[inline]
    pub fn allows(self, side_a: bool, side_b: bool) -> bool {
        match self {
            DiagonalRule::Never => false,
            DiagonalRule::NoCornerCutting => side_a && side_b,
            DiagonalRule::OneSideFree => side_a || side_b,
            DiagonalRule::Always => true,
        }
    }
}

/// Why a movement setting was refused.
#[derive(Clone, Debug, PartialEq)]
pub struct MovementError(pub String);

impl fmt::Display for MovementError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for MovementError {}

/// How an agent moves on the grid: connectivity, the diagonal rule and the diagonal cost.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Movement {
    /// 4- or 8-connected.
    pub connectivity: Connectivity,
    /// Which diagonal steps are legal next to walls (ignored when 4-connected).
    pub diagonal_rule: DiagonalRule,
    /// Cost of a diagonal step on terrain 1, between 1 and 2 (√2 by default; 1 = penalty off).
    pub diagonal_cost: f64,
}

impl Default for Movement {
    /// 8-connected, no corner cutting, diagonal cost √2: the Moving AI rules.
    fn default() -> Self {
        Movement {
            connectivity: Connectivity::Eight,
            diagonal_rule: DiagonalRule::NoCornerCutting,
            diagonal_cost: SQRT_2,
        }
    }
}

impl Movement {
    /// 4-connected movement.
    pub fn four() -> Movement {
        Movement {
            connectivity: Connectivity::Four,
            ..Movement::default()
        }
    }

    /// Whether any diagonal step can ever be taken.
    pub fn has_diagonals(&self) -> bool {
        self.connectivity == Connectivity::Eight && self.diagonal_rule != DiagonalRule::Never
    }

    /// Checks the diagonal cost is a number between [`MIN_DIAGONAL_COST`] and
    /// [`MAX_DIAGONAL_COST`].
    pub fn validate(&self) -> Result<(), MovementError> {
        let d = self.diagonal_cost;
        if !(MIN_DIAGONAL_COST..=MAX_DIAGONAL_COST).contains(&d) {
            return Err(MovementError(format!(
                "the diagonal cost must be between {} and {}, not {}",
                decimal(MIN_DIAGONAL_COST),
                decimal(MAX_DIAGONAL_COST),
                decimal(d)
            )));
        }
        Ok(())
    }

    /// The moves of [`MOVES`] that are legal out of a square cell whose eight neighbours are
    /// passable as `around` says (bit d set when the cell one move d away is on the map and
    /// passable), as bits (bit d for move d): the square half of the one neighbour rule
    /// ([`Topology::legal_moves`](super::Topology::legal_moves)). A step must land on a passable
    /// cell; a diagonal step also needs this movement's connectivity and its [`DiagonalRule`]
    /// applied to the two cells it passes between. Whether the cell itself is passable is the
    /// caller's business (a search only steps out of cells it reached).
    ///
    /// ```
    /// use pathlab::grid::Movement;
    /// // Everything free but the cell to the east (move 1): no cutting its corner going
    /// // north-east (move 4) or south-east (move 5).
    /// let around = 0xFF & !(1 << 1);
    /// assert_eq!(Movement::default().legal_moves_around(around), 0b1100_1101);
    /// ```
    #[inline]
    pub fn legal_moves_around(&self, around: u8) -> u8 {
        // The orthogonal moves N, E, S, W need only their own cell.
        let mut legal = around & 0x0F;
        if self.connectivity == Connectivity::Eight {
            for (d, &(dx, dy)) in MOVES.iter().enumerate().skip(4) {
                // The side cells a diagonal passes between: the moves (dx, 0) and (0, dy).
                let side_x = if dx > 0 { 1 } else { 3 };
                let side_y = if dy > 0 { 2 } else { 0 };
                let allowed = around >> d & 1 == 1
                    && self
                        .diagonal_rule
                        .allows(around >> side_x & 1 == 1, around >> side_y & 1 == 1);
                legal |= u8::from(allowed) << d;
            }
        }
        legal
    }
}

/// The eight moves as (dx, dy), y growing downwards: N, E, S, W, then NE, SE, SW, NW. The
/// orthogonal moves come first, so 4-connected movement takes the first four; a move's index
/// here is its direction number everywhere (the timeline's parent directions included).
pub const MOVES: [(i64, i64); 8] = [
    (0, -1),
    (1, 0),
    (0, 1),
    (-1, 0),
    (1, -1),
    (1, 1),
    (-1, 1),
    (-1, -1),
];

/// One legal step out of a cell ([`Topology::neighbours`](super::Topology::neighbours)).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Neighbour {
    /// The cell stepped to.
    pub x: u32,
    /// The cell stepped to.
    pub y: u32,
    /// Its index, `y * width + x`.
    pub index: u32,
    /// The move's index in [`MOVES`].
    pub direction: u8,
    /// Whether the step is diagonal.
    pub diagonal: bool,
    /// The terrain byte of the cell stepped to (1–4).
    pub terrain: u8,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn diagonal_rule_names_are_serdes() {
        for rule in DiagonalRule::ALL {
            let serde_name = serde_json::to_string(&rule).unwrap();
            assert_eq!(serde_name, format!("\"{}\"", rule.name()));
        }
    }

    #[test]
    fn diagonal_cost_is_validated() {
        let mut m = Movement::default();
        assert!(m.validate().is_ok());
        m.diagonal_cost = f64::NAN;
        assert!(m.validate().is_err());
        m.diagonal_cost = 0.5;
        assert!(m.validate().is_err());
        m.diagonal_cost = SEED_DIAGONAL_PENALTY;
        assert!(m.validate().is_ok());
    }
}
