//! The random maps the engine's tests check against: walls at a chosen density from the
//! crate's one generator, and the free cells to pick queries from.

use crate::grid::{Cell, Grid};
use crate::rng::SplitMix64;

/// A `w` × `h` map with a wall on each cell with chance `density` in 100, drawn from `rng`,
/// and its free cells in index order.
pub(in crate::search) fn random_walls(
    w: u32,
    h: u32,
    density: u64,
    rng: &mut SplitMix64,
) -> (Grid, Vec<(u32, u32)>) {
    let mut grid = Grid::new(w, h).unwrap();
    for i in 0..grid.len() {
        if rng.below(100) < density {
            let (x, y) = grid.coords(i);
            grid.set(i64::from(x), i64::from(y), Cell::Wall);
        }
    }
    let free = (0..grid.len())
        .map(|i| grid.coords(i))
        .filter(|&(x, y)| grid.is_passable(i64::from(x), i64::from(y)))
        .collect();
    (grid, free)
}
