//! Straight segments between cell centres: their length, the cells they touch, and line of
//! sight.

use super::cells::Grid;

/// The Euclidean distance between the centres of two cells.
pub fn distance(a: (u32, u32), b: (u32, u32)) -> f64 {
    let dx = f64::from(a.0) - f64::from(b.0);
    let dy = f64::from(a.1) - f64::from(b.1);
    dx.hypot(dy)
}

/// Whether the segment between the centres of cells `a` and `b` touches no wall cell of
/// `grid`, not even at a corner, and stays on the map: the one line-of-sight rule of Theta*
/// and the node mesh. Where the segment passes exactly through a lattice corner, both cells
/// beside the corner count, so it never cuts a blocked corner or squeezes between two
/// diagonally touching walls (the Moving AI diagonal step is the shortest such segment).
///
/// ```
/// use pathlab::grid::{line_of_sight, Cell, Grid};
/// let mut grid = Grid::new(3, 3)?;
/// assert!(line_of_sight(&grid, (0, 0), (2, 2)));
/// grid.set(1, 0, Cell::Wall);
/// assert!(!line_of_sight(&grid, (0, 0), (2, 2)), "touches the wall's corner");
/// # Ok::<(), pathlab::GridError>(())
/// ```
pub fn line_of_sight(grid: &Grid, a: (u32, u32), b: (u32, u32)) -> bool {
    walk_segment(a, b, |x, y| grid.is_passable(x, y))
}

/// Visits every cell whose closed square the segment between the centres of `a` and `b`
/// touches, in order from `a`, stopping early when `visit` returns false; returns whether it
/// never did. Where the segment passes exactly through a grid corner, both cells beside the
/// corner are visited too (they touch the segment at that point).
pub fn walk_segment(a: (u32, u32), b: (u32, u32), mut visit: impl FnMut(i64, i64) -> bool) -> bool {
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
    use crate::grid::cells::Cell;

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
        assert!(line_of_sight(&g, (3, 3), (3, 3)));
        let mut g = Grid::new(4, 4).unwrap();
        g.set(1, 2, Cell::Wall);
        g.set(2, 1, Cell::Wall);
        assert!(
            !line_of_sight(&g, (0, 0), (3, 3)),
            "no squeezing between two walls"
        );
        assert!(!line_of_sight(&g, (3, 3), (0, 0)));
        assert!(!line_of_sight(&g, (0, 0), (9, 0)), "off the map");
    }

    #[test]
    fn segments_visit_the_cells_they_touch_in_order() {
        let mut seen = Vec::new();
        walk_segment((0, 0), (2, 1), |x, y| {
            seen.push((x, y));
            true
        });
        assert_eq!(seen, [(0, 0), (1, 0), (1, 1), (2, 1)]);
        seen.clear();
        walk_segment((0, 0), (1, 1), |x, y| {
            seen.push((x, y));
            true
        });
        assert_eq!(seen, [(0, 0), (1, 0), (0, 1), (1, 1)], "both corner cells");
    }
}
