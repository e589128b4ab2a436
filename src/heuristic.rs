//! Distance estimates from a cell to the goal, kept admissible for the chosen movement.
//!
//! Every heuristic is a distance in "terrain-1 cells" scaled by the largest factor that keeps
//! it a lower bound on the true path cost under the current [`Movement`]: terrain costs are at
//! least 1, so the cheapest step of each kind costs 1 (orthogonal) or the diagonal cost `d`.
//!
//! | heuristic | 4-connected | 8-connected, diagonal cost `d` |
//! |---|---|---|
//! | octile    | `(M − m) + d·m` (≤ Manhattan since `d ≤ 2`) | `(M − m) + d·m`, exact on an empty map |
//! | manhattan | `M + m`, exact on an empty map | `(M + m) · d/2` |
//! | euclidean | `√(dx² + dy²)` | `√(dx² + dy²) · min(1, d/√2)` |
//! | chebyshev | `M` | `M` |
//! | zero      | 0 | 0 |
//!
//! On hexagonal maps ([`Shape`]) every step has the same length, so the natural estimate is
//! the **hex distance** `(|Δq| + |Δr| + |Δq + Δr|) / 2` in axial coordinates, exact on an
//! empty map; the Euclidean distance between hex centres, `√(Δq² + Δq·Δr + Δr²)` in steps,
//! is admissible too, and zero always is. The square-only estimates (octile, Manhattan,
//! Chebyshev) are refused on hexes, and the hex distance on squares
//! ([`crate::Settings::unavailable_on`]).
//!
//! (`M` and `m` are the larger and smaller of |dx| and |dy|.) The scale factors are the worst
//! case of `true distance / raw distance` over all directions, so each heuristic is consistent
//! as well as admissible: with weight 1, A* never needs to re-open a closed cell.
//!
//! Values are fixed-point integers in units of [`COST_SCALE`] per unit of cost, the same units
//! the search keeps its g-values in, so keys are compared as integers.

use crate::grid::{Movement, Shape, Topology};
use std::fmt;
use std::str::FromStr;

/// Fixed-point units per unit of path cost (2^24). A diagonal step cost is rounded to the
/// nearest unit, so a path's fixed-point cost is within 3·10⁻⁸ per step of the exact one.
pub const COST_SCALE: u64 = 1 << 24;

/// Which distance estimate guides Best-First and A*.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Heuristic {
    /// `(M − m) + d·m`: the exact distance on an empty 8-connected map. Default for 8-connected.
    Octile,
    /// `|dx| + |dy|`: the exact distance on an empty 4-connected map. Default for 4-connected.
    Manhattan,
    /// The straight-line distance.
    Euclidean,
    /// `max(|dx|, |dy|)`, seed 004's distance when diagonal and straight steps cost the same.
    Chebyshev,
    /// Always 0: A* becomes Dijkstra.
    Zero,
    /// The number of hex steps: the exact distance on an empty hexagonal map. Default on hexes.
    Hex,
}

impl Heuristic {
    /// Every heuristic, in the order menus list them.
    pub const ALL: [Heuristic; 6] = [
        Heuristic::Octile,
        Heuristic::Manhattan,
        Heuristic::Euclidean,
        Heuristic::Chebyshev,
        Heuristic::Zero,
        Heuristic::Hex,
    ];

    /// The heuristics that measure square cells ([`Heuristic::fits`]), in menu order.
    pub const ON_SQUARES: [Heuristic; 5] = [
        Heuristic::Octile,
        Heuristic::Manhattan,
        Heuristic::Euclidean,
        Heuristic::Chebyshev,
        Heuristic::Zero,
    ];

    /// The heuristics that measure hexagons, in menu order.
    pub const ON_HEXES: [Heuristic; 3] = [Heuristic::Hex, Heuristic::Euclidean, Heuristic::Zero];

    /// The natural heuristic for a movement on squares: octile with diagonals, Manhattan
    /// without.
    pub fn default_for(movement: &Movement) -> Heuristic {
        if movement.has_diagonals() {
            Heuristic::Octile
        } else {
            Heuristic::Manhattan
        }
    }

    /// The natural heuristic for a topology: the hex distance on hexes, else
    /// [`Heuristic::default_for`] the movement.
    pub fn default_on(topology: &Topology) -> Heuristic {
        if topology.shape.is_hex() {
            Heuristic::Hex
        } else {
            Heuristic::default_for(&topology.movement)
        }
    }

    /// Whether this estimate applies to cells of `shape` (Euclidean and zero apply to both).
    pub fn fits(self, shape: Shape) -> bool {
        match self {
            Heuristic::Euclidean | Heuristic::Zero => true,
            Heuristic::Hex => shape.is_hex(),
            Heuristic::Octile | Heuristic::Manhattan | Heuristic::Chebyshev => !shape.is_hex(),
        }
    }

    /// Its name in menus.
    pub fn label(self) -> &'static str {
        match self {
            Heuristic::Octile => "Octile",
            Heuristic::Manhattan => "Manhattan",
            Heuristic::Euclidean => "Euclidean",
            Heuristic::Chebyshev => "Chebyshev",
            Heuristic::Zero => "Zero",
            Heuristic::Hex => "Hex distance",
        }
    }

    /// The heuristics that fit cells of `shape` ([`Heuristic::fits`]), in menu order.
    pub fn on(shape: Shape) -> &'static [Heuristic] {
        if shape.is_hex() {
            &Heuristic::ON_HEXES
        } else {
            &Heuristic::ON_SQUARES
        }
    }

    /// The name used on the command line and in settings objects.
    pub fn name(self) -> &'static str {
        match self {
            Heuristic::Octile => "octile",
            Heuristic::Manhattan => "manhattan",
            Heuristic::Euclidean => "euclidean",
            Heuristic::Chebyshev => "chebyshev",
            Heuristic::Zero => "zero",
            Heuristic::Hex => "hex",
        }
    }
}

impl fmt::Display for Heuristic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Heuristic {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Heuristic::ALL
            .into_iter()
            .find(|h| h.name().eq_ignore_ascii_case(s))
            .ok_or_else(|| {
                format!(
                    "unknown heuristic '{s}': use octile, manhattan, euclidean, chebyshev, \
                     zero or hex"
                )
            })
    }
}

/// A heuristic bound to a topology and a goal, ready to evaluate in fixed point.
#[derive(Clone, Copy, Debug)]
pub struct Estimator {
    kind: Heuristic,
    /// The cells' shape: on hexes, distances are taken in axial coordinates.
    shape: Shape,
    /// The goal: (x, y) on squares, axial (q, r) on hexes.
    goal: (i64, i64),
    /// Fixed-point cost of one diagonal step on terrain 1, as the search rounds it.
    diagonal: u64,
    /// The multiplier for the raw distance (Manhattan and Euclidean on 8-connected maps).
    scale: f64,
}

impl Estimator {
    /// Binds `kind` to `movement` on squares and the goal cell.
    pub fn new(kind: Heuristic, movement: &Movement, goal: (u32, u32)) -> Estimator {
        Estimator::on(
            kind,
            &Topology {
                shape: Shape::Square,
                width: 0,
                height: 0,
                movement: *movement,
            },
            goal,
        )
    }

    /// Binds `kind` to a topology and the goal cell. On hexes an estimate meant for squares
    /// (refused there by the settings) is taken as the hex distance, which stays admissible.
    pub fn on(kind: Heuristic, topology: &Topology, goal: (u32, u32)) -> Estimator {
        let movement = &topology.movement;
        let shape = topology.shape;
        let kind = match kind {
            Heuristic::Euclidean | Heuristic::Zero => kind,
            _ if shape.is_hex() => Heuristic::Hex,
            // The hex distance on squares is the Chebyshev distance, which stays admissible.
            Heuristic::Hex => Heuristic::Chebyshev,
            _ => kind,
        };
        let diagonal = diagonal_units(movement.diagonal_cost);
        // The diagonal cost as the search sees it after rounding: scaling by this keeps the
        // estimate below the integer path costs, not just below the exact ones.
        let d = diagonal as f64 / COST_SCALE as f64;
        let scale = match (kind, movement.has_diagonals() && !shape.is_hex()) {
            (Heuristic::Manhattan, true) => d / 2.0,
            (Heuristic::Euclidean, true) => (d / std::f64::consts::SQRT_2).min(1.0),
            _ => 1.0,
        };
        Estimator {
            kind,
            shape,
            goal: shape.axial(i64::from(goal.0), i64::from(goal.1)),
            diagonal,
            scale,
        }
    }

    /// The same estimate bound to another goal cell: what [`Estimator::on`] gives for it,
    /// without working the kind and scale out again (a search's restart with new endpoints).
    pub fn aimed_at(self, goal: (u32, u32)) -> Estimator {
        Estimator {
            goal: self.shape.axial(i64::from(goal.0), i64::from(goal.1)),
            ..self
        }
    }

    /// The octile estimate from (x, y) on a square grid, in fixed-point units: the rule
    /// [`units`](Self::units) applies for [`Heuristic::Octile`], and the one the jump searches'
    /// key reads directly when they know the estimate is octile (`engine/relax.rs`).
    #[inline(always)]
    pub fn octile_at(&self, x: u32, y: u32) -> u64 {
        let (dx, dy) = self.spans(x, y);
        octile_units(dx.max(dy), dx.min(dy), self.diagonal)
    }

    /// How many cells (x, y) is from the goal along x and along y (a square grid).
    #[inline(always)]
    fn spans(&self, x: u32, y: u32) -> (u64, u64) {
        (
            (i64::from(x) - self.goal.0).unsigned_abs(),
            (i64::from(y) - self.goal.1).unsigned_abs(),
        )
    }

    /// Which heuristic this is.
    pub fn kind(&self) -> Heuristic {
        self.kind
    }

    /// The estimate from (x, y) to the goal, in fixed-point units. (Inline: a search calls it
    /// for every cell it pushes; the hexes' branch stays out of line.)
    #[inline(always)]
    pub fn units(&self, x: u32, y: u32) -> u64 {
        if self.shape.is_hex() {
            return self.hex_units(x, y);
        }
        let (dx, dy) = self.spans(x, y);
        let (big, small) = if dx > dy { (dx, dy) } else { (dy, dx) };
        match self.kind {
            Heuristic::Octile => octile_units(big, small, self.diagonal),
            Heuristic::Chebyshev => big * COST_SCALE,
            Heuristic::Zero => 0,
            Heuristic::Manhattan if self.scale == 1.0 => (big + small) * COST_SCALE,
            Heuristic::Manhattan => (big + small) * (self.diagonal / 2),
            Heuristic::Euclidean => {
                let e = ((dx * dx + dy * dy) as f64).sqrt() * self.scale * COST_SCALE as f64;
                // Round down, with a hair of slack for the square root's rounding, so the
                // estimate never exceeds the integer cost it bounds.
                (e * (1.0 - 1e-12)) as u64
            }
            // Taken as Chebyshev by `on`.
            Heuristic::Hex => big * COST_SCALE,
        }
    }

    /// The estimate on hexes, from the axial difference to the goal.
    #[inline(never)]
    fn hex_units(&self, x: u32, y: u32) -> u64 {
        let (q, r) = self.shape.axial(i64::from(x), i64::from(y));
        let (dq, dr) = (q - self.goal.0, r - self.goal.1);
        match self.kind {
            Heuristic::Zero => 0,
            Heuristic::Euclidean => {
                let e = ((dq * dq + dq * dr + dr * dr) as f64).sqrt() * COST_SCALE as f64;
                (e * (1.0 - 1e-12)) as u64
            }
            _ => {
                (dq.unsigned_abs() + dr.unsigned_abs() + (dq + dr).unsigned_abs()) / 2 * COST_SCALE
            }
        }
    }

    /// The estimate from (x, y) to the goal as a cost.
    pub fn cost(&self, x: u32, y: u32) -> f64 {
        self.units(x, y) as f64 / COST_SCALE as f64
    }
}

/// The fixed-point cost of a diagonal step on terrain 1.
pub fn diagonal_units(diagonal_cost: f64) -> u64 {
    (diagonal_cost * COST_SCALE as f64).round() as u64
}

/// The octile estimate in fixed point for a difference of `big` ≥ `small` cells along the
/// two axes, with a diagonal step of `diagonal` units: [`Estimator::octile_at`]'s rule.
#[inline(always)]
fn octile_units(big: u64, small: u64, diagonal: u64) -> u64 {
    (big - small) * COST_SCALE + small * diagonal
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::{Connectivity, DiagonalRule, SEED_DIAGONAL_PENALTY, SQRT_2};

    fn eight(d: f64) -> Movement {
        Movement {
            diagonal_cost: d,
            ..Movement::default()
        }
    }

    #[test]
    fn names_round_trip() {
        for h in Heuristic::ALL {
            assert_eq!(h.name().parse::<Heuristic>(), Ok(h));
        }
        assert!("nope".parse::<Heuristic>().is_err());
    }

    #[test]
    fn octile_is_exact_on_an_empty_map() {
        let e = Estimator::new(Heuristic::Octile, &eight(SQRT_2), (0, 0));
        assert!((e.cost(3, 5) - (2.0 + 3.0 * SQRT_2)).abs() < 1e-6);
    }

    #[test]
    fn every_heuristic_is_below_the_empty_map_distance() {
        for d in [1.0, 1.2, SQRT_2, SEED_DIAGONAL_PENALTY, 1.7, 2.0] {
            for movement in [eight(d), Movement::four()] {
                let exact_units = |dx: u64, dy: u64| {
                    let (big, small) = (dx.max(dy), dx.min(dy));
                    if movement.has_diagonals() {
                        (big - small) * COST_SCALE + small * diagonal_units(d)
                    } else {
                        (dx + dy) * COST_SCALE
                    }
                };
                for h in Heuristic::ALL {
                    let est = Estimator::new(h, &movement, (0, 0));
                    for x in 0..40u32 {
                        for y in 0..40u32 {
                            let exact = exact_units(u64::from(x), u64::from(y));
                            assert!(
                                est.units(x, y) <= exact,
                                "{h} overestimates at ({x},{y}) with d={d}, {movement:?}"
                            );
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn hex_estimates_are_exact_or_below_on_an_empty_hex_map() {
        for shape in [Shape::HexRows, Shape::HexColumns] {
            let topology = Topology {
                shape,
                width: 30,
                height: 30,
                movement: Movement::default(),
            };
            let goal = (13, 8);
            for h in Heuristic::ALL {
                let est = Estimator::on(h, &topology, goal);
                for y in 0..30u32 {
                    for x in 0..30u32 {
                        let exact = shape.hex_distance((x, y), goal) * COST_SCALE;
                        let got = est.units(x, y);
                        assert!(got <= exact, "{h} overestimates on {shape:?} at ({x},{y})");
                        if matches!(h, Heuristic::Hex | Heuristic::Octile) {
                            assert_eq!(got, exact, "{h} is the hex distance on {shape:?}");
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn never_rule_counts_as_four_connected() {
        let m = Movement {
            connectivity: Connectivity::Eight,
            diagonal_rule: DiagonalRule::Never,
            diagonal_cost: SQRT_2,
        };
        assert_eq!(Heuristic::default_for(&m), Heuristic::Manhattan);
        assert_eq!(
            Heuristic::default_for(&Movement::default()),
            Heuristic::Octile
        );
    }
}
