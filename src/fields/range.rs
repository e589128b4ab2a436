//! Movement range: every cell a unit standing on one cell can reach for at most a budget of
//! movement points — a bounded Dijkstra, with the same steps and step costs as every search
//! ([`Topology`]), on squares and hexes, terrain included.
//!
//! ```
//! use pathlab::fields::movement_range;
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

use crate::grid::{Grid, Movement, Topology};
use crate::heuristic::COST_SCALE;
use crate::search::{endpoint_index, step_units, PlanError};
use crate::text::number::decimal;
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

/// The largest movement budget: far beyond any map's costs (4096² cells of cost 4 are
/// 67 million points only on a walk through all of them), and small enough that the budget
/// in fixed-point units cannot overflow.
pub const MAX_BUDGET: f64 = 1e6;

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
    /// Per cell: what reaching it costs (fixed-point units), `u64::MAX` out of range — so the
    /// cost under the pointer is a lookup, not a walk through the cells in range.
    costs: Vec<u64>,
}

/// The cells of `grid` reachable from `from` for at most `budget` under `movement`: a step
/// into a cell costs its terrain (times the diagonal cost for a square's diagonal step).
/// Refused when `from` is off the map or a wall, or the budget is not a number from 0 to
/// [`MAX_BUDGET`].
pub fn movement_range(
    grid: &Grid,
    movement: &Movement,
    from: (u32, u32),
    budget: f64,
) -> Result<Range, PlanError> {
    let start = endpoint_index(grid, "range start", from)?;
    if !(0.0..=MAX_BUDGET).contains(&budget) {
        // `decimal`, not `{MAX_BUDGET}`: formatting a float with `{}` brings core's float
        // printer (about 19 KB) into the page's wasm.
        return Err(PlanError::BadSetting(format!(
            "the movement budget must be a number of points from 0 to {}",
            decimal(MAX_BUDGET)
        )));
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
        costs,
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

    /// How many cells are in range (`from` included).
    pub fn count(&self) -> usize {
        self.cells.len()
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

    /// The cost of the dearest cell in range (0 when only `from` is).
    pub fn max_cost(&self) -> f64 {
        // Cells settle in cost order: the last is the dearest.
        self.cells
            .last()
            .map_or(0.0, |&(_, g)| g as f64 / COST_SCALE as f64)
    }

    /// The outline of the range on `grid` (the map it was measured on): `(x, y, side)` for
    /// each side of a cell in range that borders a cell out of range or the map's edge.
    /// `side` is the move that crosses that side in [`Topology`]'s move order; a square's
    /// sides are its four orthogonal moves (0–3), a hexagon's its six.
    pub fn outline(&self, grid: &Grid) -> Vec<(u32, u32, u8)> {
        // The sides are the same whatever the movement: squares' first four moves are
        // orthogonal under every connectivity.
        let topology = Topology::of(grid, &Movement::four());
        let sides = if grid.shape().is_hex() { 6 } else { 4 };
        let mut out = Vec::new();
        for &(cell, _) in &self.cells {
            let (x, y) = (cell % self.width, cell / self.width);
            for d in 0..sides {
                let (dx, dy) = topology.step(d, i64::from(x), i64::from(y));
                let outside = grid
                    .index(i64::from(x) + dx, i64::from(y) + dy)
                    .is_none_or(|i| self.mask[i] == 0);
                if outside {
                    out.push((x, y, d as u8));
                }
            }
        }
        out
    }

    /// What reaching (x, y) costs, or `None` when it is out of range or off the map.
    pub fn cost(&self, x: u32, y: u32) -> Option<f64> {
        if x >= self.width {
            return None;
        }
        let g = *self
            .costs
            .get(y as usize * self.width as usize + x as usize)?;
        (g != u64::MAX).then(|| g as f64 / COST_SCALE as f64)
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
        assert!(movement_range(&grid, &Movement::default(), (0, 0), f64::INFINITY).is_err());
        assert!(movement_range(&grid, &Movement::default(), (0, 0), 1e6).is_ok());
        assert!(movement_range(&grid, &Movement::default(), (0, 0), 1.1e6).is_err());
    }

    #[test]
    fn the_outline_is_every_side_facing_out_of_range() {
        // A square map: range 1 from the middle of a 5 x 5 is a plus of 5 cells (4-connected)
        // with 12 outer sides.
        let grid = Grid::new(5, 5).unwrap();
        let range = movement_range(&grid, &Movement::four(), (2, 2), 1.0).unwrap();
        let outline = range.outline(&grid);
        assert_eq!(outline.len(), 12);
        assert!(!outline.iter().any(|&(x, y, _)| (x, y) == (2, 2)));
        // A corner cell: its two sides on the map's edge count.
        let range = movement_range(&grid, &Movement::four(), (0, 0), 0.0).unwrap();
        assert_eq!(range.outline(&grid).len(), 4);
        assert_eq!(range.max_cost(), 0.0);
        // A hexagon and its six neighbours: 6 outer hexes with 3 outer sides each.
        for shape in [Shape::HexRows, Shape::HexColumns] {
            let grid = Grid::with_shape(7, 7, shape).unwrap();
            let range = movement_range(&grid, &Movement::default(), (3, 3), 1.0).unwrap();
            assert_eq!((range.cells().len(), range.count()), (7, 7));
            assert_eq!(range.outline(&grid).len(), 18, "{shape:?}");
            assert_eq!(range.max_cost(), 1.0);
        }
    }
}
