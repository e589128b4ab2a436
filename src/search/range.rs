//! Movement range: every cell a unit standing on one cell can reach for at most a budget of
//! movement points — a bounded Dijkstra, with the same steps and step costs as every search
//! ([`Topology`]), on squares and hexes, terrain included.
//!
//! ```
//! use pathlab::range::movement_range;
//! use pathlab::{Cell, Grid, Movement};
//! let mut grid = Grid::new(7, 1)?;
//! grid.set(4, 0, Cell::Terrain(3));
//! let range = movement_range(&grid, &Movement::default(), (2, 0), 3.0)?;
//! // Two steps left; one right onto cost 1, then the cost-3 cell is one point too dear.
//! assert_eq!(range.cells().len(), 4);
//! assert_eq!(range.cost(0, 0), Some(2.0));
//! assert_eq!(range.cost(4, 0), None);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use super::core::{endpoint_index, step_units};
use super::settings::PlanError;
use crate::grid::{Grid, Movement, Topology};
use crate::heuristic::COST_SCALE;
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// Which way a [`cheapest_costs`] run measures.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Direction {
    /// The cost of going from the source to each cell (a step costs the cell it enters).
    From,
    /// The cost of going from each cell to the source (a step costs the cell it enters, which
    /// is the cell nearer the source).
    To,
}

/// Plain Dijkstra from `source` over `grid`'s cells under `movement`: every cell's cheapest
/// cost from (or to) the source in fixed-point units, `u64::MAX` where none is within
/// `limit`, and the cells settled with their costs in settling order. What a movement range
/// is, and how a distance field is first built (its repairs are D* Lite's).
pub(crate) fn cheapest_costs(
    grid: &Grid,
    movement: &Movement,
    source: u32,
    direction: Direction,
    limit: u64,
) -> (Vec<u64>, Vec<(u32, u64)>) {
    let topology = Topology::of(grid, movement);
    let units = step_units(movement);
    let cells = grid.bytes();
    let mut cost = vec![u64::MAX; cells.len()];
    let mut settled = Vec::new();
    let mut done = vec![false; cells.len()];
    let mut heap = BinaryHeap::from([Reverse((0u64, source))]);
    cost[source as usize] = 0;
    while let Some(Reverse((g, cell))) = heap.pop() {
        let c = cell as usize;
        // Stale: the cell settled already, at g or less.
        if done[c] || g > cost[c] {
            continue;
        }
        done[c] = true;
        settled.push((cell, g));
        let at = (cell % grid.width(), cell / grid.width());
        let own = cells[c];
        topology.neighbours(cells, at, |n| {
            // Steps are legal both ways; the cell entered decides the cost.
            let entered = match direction {
                Direction::From => n.terrain,
                Direction::To => own,
            };
            let next = g + units[usize::from(n.diagonal)][usize::from(entered & 7)];
            let i = n.index as usize;
            if next <= limit && next < cost[i] {
                cost[i] = next;
                heap.push(Reverse((next, n.index)));
            }
        });
    }
    (cost, settled)
}

/// The cells within a movement budget of a cell, and what reaching each costs.
#[derive(Clone, Debug, PartialEq)]
pub struct Range {
    width: u32,
    from: (u32, u32),
    budget: f64,
    /// Per cell, `y * width + x`: 1 when it is in range, 0 when not (a mask the page paints).
    mask: Vec<u8>,
    /// The cells in range with their costs (fixed-point units), in the order they settled.
    cells: Vec<(u32, u64)>,
}

/// The cells of `grid` reachable from `from` for at most `budget` under `movement`: a step
/// into a cell costs its terrain (times the diagonal cost for a square's diagonal step).
/// Refused when `from` is off the map or a wall, or the budget is not a number ≥ 0.
pub fn movement_range(
    grid: &Grid,
    movement: &Movement,
    from: (u32, u32),
    budget: f64,
) -> Result<Range, PlanError> {
    let start = endpoint_index(grid, "start", from)?;
    if !(budget >= 0.0 && budget.is_finite()) {
        return Err(PlanError::BadSetting(
            "the movement budget must be a number of points, 0 or more".into(),
        ));
    }
    // The budget in the search's fixed-point units.
    let limit = (budget * COST_SCALE as f64).floor() as u64;
    let (costs, settled) = cheapest_costs(grid, movement, start, Direction::From, limit);
    let mut mask = vec![0u8; costs.len()];
    for &(cell, _) in &settled {
        mask[cell as usize] = 1;
    }
    Ok(Range {
        width: grid.width(),
        from,
        budget,
        mask,
        cells: settled,
    })
}

impl Range {
    /// The cell the range is measured from.
    pub fn from(&self) -> (u32, u32) {
        self.from
    }

    /// The budget.
    pub fn budget(&self) -> f64 {
        self.budget
    }

    /// One byte per cell: 1 in range, 0 not.
    pub fn mask(&self) -> &[u8] {
        &self.mask
    }

    /// The cells in range, `(x, y)`, nearest first.
    pub fn cells(&self) -> Vec<(u32, u32)> {
        self.costs().map(|(cell, _)| cell).collect()
    }

    /// The cells in range with what reaching each costs, nearest first.
    pub fn costs(&self) -> impl Iterator<Item = ((u32, u32), f64)> + '_ {
        self.cells.iter().map(|&(c, g)| {
            (
                (c % self.width, c / self.width),
                g as f64 / COST_SCALE as f64,
            )
        })
    }

    /// What reaching (x, y) costs, or `None` when it is out of range (a look through the
    /// cells in range: for one cell; [`Range::costs`] lists them all).
    pub fn cost(&self, x: u32, y: u32) -> Option<f64> {
        self.costs()
            .find(|&(cell, _)| cell == (x, y))
            .map(|(_, cost)| cost)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::{Cell, Shape};
    use crate::search::{new_search, Budget, Settings, Status};

    #[test]
    fn the_range_is_every_cell_whose_cheapest_path_fits_the_budget() {
        for shape in Shape::ALL {
            let mut grid = Grid::with_shape(15, 11, shape).unwrap();
            for (x, y, c) in [
                (7, 3, 0),
                (7, 4, 0),
                (7, 5, 0),
                (4, 6, 4),
                (5, 6, 3),
                (9, 2, 2),
            ] {
                grid.set(x, y, Cell::from_byte(c).unwrap());
            }
            for budget in [0.0, 1.0, 2.5, 4.0, 6.2] {
                let range = movement_range(&grid, &Movement::default(), (6, 5), budget).unwrap();
                for y in 0..11 {
                    for x in 0..15 {
                        if !grid.is_passable(i64::from(x), i64::from(y)) {
                            assert_eq!(range.cost(x, y), None);
                            continue;
                        }
                        // The cheapest path by Dijkstra, the engine's.
                        let settings = Settings {
                            algorithm: crate::Algorithm::Dijkstra,
                            ..Settings::default()
                        };
                        let mut s = new_search(&grid, (6, 5), (x, y), &settings).unwrap();
                        let status = s.run(&grid, Budget::Unlimited, &|| 0.0).unwrap();
                        let best = (status == Status::Found).then(|| s.stats().path_cost.unwrap());
                        let within = best.filter(|&b| b <= budget + 1e-9);
                        match (range.cost(x, y), within) {
                            (Some(a), Some(b)) => assert!((a - b).abs() < 1e-6),
                            (got, want) => assert_eq!(
                                got.is_some(),
                                want.is_some(),
                                "{shape:?} ({x}, {y}) at {budget}: {best:?}"
                            ),
                        }
                        assert_eq!(range.mask()[(y * 15 + x) as usize] == 1, within.is_some());
                    }
                }
            }
        }
    }

    #[test]
    fn bad_starts_and_budgets_are_refused() {
        let grid = Grid::new(3, 3).unwrap();
        assert!(movement_range(&grid, &Movement::default(), (5, 0), 2.0).is_err());
        assert!(movement_range(&grid, &Movement::default(), (0, 0), -1.0).is_err());
        assert!(movement_range(&grid, &Movement::default(), (0, 0), f64::NAN).is_err());
    }
}
