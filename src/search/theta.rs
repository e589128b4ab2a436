//! Theta* (Nash, Daniel, Koenig & Felner 2007): any-angle paths by line-of-sight shortcuts.
//!
//! Theta* is A* on the grid's neighbours with one change in the successor step: when cell `s`
//! offers a path to its neighbour `n`, and `n` can see `s`'s own parent `p`, the path goes
//! straight from `p` to `n` (cost `g(p) + |p n|`) instead of through `s`. Parents are then
//! corners of a polyline, and path lengths are Euclidean: a straight segment between cell
//! centres costs its length. The heuristic is the straight-line distance (the only one
//! admissible for any-angle moves), whatever the settings say.
//!
//! **Line of sight** ([`line_of_sight`]) is strict: the segment between two cell centres may
//! not touch any wall cell, not even at a corner. So it never passes through a wall, never
//! cuts a blocked corner and never squeezes between two diagonally touching walls — the same
//! rule as the Moving AI diagonal step, which is the segment between two diagonal neighbours.
//!
//! **Terrain:** Theta* here needs a map of uniform cost (every free cell costs 1). Charging
//! terrain along a segment would need the exact length of the segment inside each cell, and
//! the path shortcuts would no longer be straight-line-optimal, so the planner refuses
//! Theta* on weighted maps with a message instead ([`super::Settings::unavailable_on`]). The
//! diagonal cost setting is ignored: a diagonal segment costs its length, √2. Movement must
//! be the Moving AI rule or 4-connected (the neighbours Theta* grows from).
//!
//! It is a variant of [`Search`]'s loop (same open list, per-cell arrays, stats and stepping);
//! [`Search::path`] lists the polyline's corners ([`Search::is_any_angle`]) and the path
//! cells painted are the cells each segment crosses.

use super::{Search, CLOSED, COST_SCALE, NO_PARENT, PATH};
use crate::grid::Grid;
use crate::timeline::SAME_NODE;

impl Search {
    /// The successor step of Theta* for `cell` at (x, y) with cost `g`.
    pub(super) fn theta_successors(&mut self, cell: u32, x: u32, y: u32, g: u64, cells: &[u8]) {
        let (x, y) = (i64::from(x), i64::from(y));
        let (w, h) = (i64::from(self.width), i64::from(self.height));
        let free = |x: i64, y: i64| {
            x >= 0 && y >= 0 && x < w && y < h && cells.get((y * w + x) as usize) != Some(&0)
        };
        let parent = self.nodes[cell as usize].parent;
        for dir in &super::DIRECTIONS[..self.direction_count] {
            let (dx, dy) = (i64::from(dir.dx), i64::from(dir.dy));
            let (nx, ny) = (x + dx, y + dy);
            if !free(nx, ny) || (dx != 0 && dy != 0 && !(free(x + dx, y) && free(x, y + dy))) {
                continue;
            }
            let n = (ny * w + nx) as u32;
            // Like the paper, a closed cell is final: the Euclidean heuristic is consistent.
            if self.state[n as usize] == CLOSED {
                continue;
            }
            let to = (nx as u32, ny as u32);
            let (from, new_g) = match parent {
                NO_PARENT => (cell, g + length_units((x as u32, y as u32), to)),
                p => {
                    let pc = self.coords(p);
                    if sight(cells, self.width, self.height, pc, to) {
                        (p, self.nodes[p as usize].g + length_units(pc, to))
                    } else {
                        (cell, g + length_units((x as u32, y as u32), to))
                    }
                }
            };
            self.relax(from, n, new_g, CLOSED);
        }
    }

    /// Theta*'s path: the polyline corners stay in `path`; its cost is the sum of the
    /// segment lengths and the cells every segment crosses are painted as path.
    pub(super) fn finish_any_angle_path(&mut self) {
        let mut cost = 0.0;
        for i in 1..self.path.len() {
            let a = self.coords(self.path[i - 1]);
            let b = self.coords(self.path[i]);
            cost += length(a, b);
            let w = self.width;
            let (state, rec) = (&mut self.state, &mut self.rec);
            walk_segment(a, b, |x, y| {
                let i = y * i64::from(w) + x;
                if let Some(s) = state.get_mut(i as usize) {
                    *s = PATH;
                    rec.event(i as u32, PATH, SAME_NODE);
                }
                true
            });
        }
        if let Some(&first) = self.path.first() {
            self.state[first as usize] = PATH;
            self.rec.event(first, PATH, SAME_NODE);
        }
        self.stats.path_cost = Some(cost);
        self.stats.path_moves = Some(self.path.len().saturating_sub(1) as u64);
    }
}

/// The Euclidean distance between two cell centres.
fn length(a: (u32, u32), b: (u32, u32)) -> f64 {
    let dx = f64::from(a.0) - f64::from(b.0);
    let dy = f64::from(a.1) - f64::from(b.1);
    dx.hypot(dy)
}

/// [`length`] in fixed-point cost units, rounded to the nearest unit.
fn length_units(a: (u32, u32), b: (u32, u32)) -> u64 {
    (length(a, b) * COST_SCALE as f64).round() as u64
}

/// Whether the segment between the centres of cells `a` and `b` touches no wall cell of
/// `grid`, not even at a corner (and stays on the map).
pub fn line_of_sight(grid: &Grid, a: (u32, u32), b: (u32, u32)) -> bool {
    sight(grid.bytes(), grid.width(), grid.height(), a, b)
}

fn sight(cells: &[u8], width: u32, height: u32, a: (u32, u32), b: (u32, u32)) -> bool {
    let (w, h) = (i64::from(width), i64::from(height));
    walk_segment(a, b, |x, y| {
        x >= 0 && y >= 0 && x < w && y < h && cells.get((y * w + x) as usize) != Some(&0)
    })
}

/// Visits every cell whose closed square the segment between the centres of `a` and `b`
/// touches, in order, stopping early when `visit` returns false; returns whether it never
/// did. Where the segment passes exactly through a grid corner, both cells beside the corner
/// are visited too (they touch the segment at that point).
fn walk_segment(a: (u32, u32), b: (u32, u32), mut visit: impl FnMut(i64, i64) -> bool) -> bool {
    let (mut x, mut y) = (i64::from(a.0), i64::from(a.1));
    let (x1, y1) = (i64::from(b.0), i64::from(b.1));
    let (dx, dy) = ((x1 - x).abs(), (y1 - y).abs());
    let (sx, sy) = ((x1 - x).signum(), (y1 - y).signum());
    // error = (distance to the next vertical cell edge) − (distance to the next horizontal
    // one), both scaled by 2·dx·dy so every quantity is an integer: positive means the segment
    // leaves the cell through its x side first, zero means exactly through the corner.
    let mut error = dx - dy;
    let (dx2, dy2) = (2 * dx, 2 * dy);
    let mut left = dx + dy;
    if !visit(x, y) {
        return false;
    }
    while left > 0 {
        if error > 0 {
            x += sx;
            error -= dy2;
            left -= 1;
        } else if error < 0 {
            y += sy;
            error += dx2;
            left -= 1;
        } else {
            if !visit(x + sx, y) || !visit(x, y + sy) {
                return false;
            }
            x += sx;
            y += sy;
            error += dx2 - dy2;
            left -= 2;
        }
        if !visit(x, y) {
            return false;
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Cell;

    #[test]
    fn sight_is_blocked_by_walls_and_touching_corners() {
        let mut g = Grid::new(5, 5).unwrap();
        assert!(line_of_sight(&g, (0, 0), (4, 2)));
        g.set(2, 1, Cell::Wall);
        assert!(!line_of_sight(&g, (0, 0), (4, 2)), "through the wall");
        assert!(
            !line_of_sight(&g, (1, 0), (3, 2)),
            "diagonal touching a wall corner"
        );
        assert!(line_of_sight(&g, (0, 4), (4, 4)));
        let mut g = Grid::new(3, 3).unwrap();
        g.set(1, 0, Cell::Wall);
        g.set(0, 1, Cell::Wall);
        assert!(
            !line_of_sight(&g, (0, 0), (1, 1)),
            "no squeezing between two walls"
        );
        assert!(line_of_sight(&g, (1, 1), (2, 2)));
    }
}
