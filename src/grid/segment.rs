//! Straight segments between cell centres: their length, the cells they touch, and line of
//! sight, on squares and on hexagons.

use super::cells::Grid;
use super::shape::Shape;

/// The Euclidean distance between the centres of two cells.
pub fn distance(a: (u32, u32), b: (u32, u32)) -> f64 {
    let dx = f64::from(a.0) - f64::from(b.0);
    let dy = f64::from(a.1) - f64::from(b.1);
    // Exact integers squared and summed: the square root is correctly rounded, as hypot's
    // would be, without libm's hypot in the wasm.
    (dx * dx + dy * dy).sqrt()
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
///
/// On hexagons the segment is drawn hex by hex (a point every step of the hex distance,
/// rounded to its hex), twice, nudged a hair to either side: where it runs exactly along an
/// edge between two hexes both count, the hex form of never cutting a blocked corner.
pub fn line_of_sight(grid: &Grid, a: (u32, u32), b: (u32, u32)) -> bool {
    match grid.shape() {
        Shape::Square => walk_segment(a, b, |x, y| grid.is_passable(x, y)),
        hex => walk_hex_segment(hex, a, b, |x, y| grid.is_passable(x, y)),
    }
}

/// Visits the hexes of `shape` the segment between the centres of `a` and `b` passes
/// through (both hexes beside an edge it runs along), in order from `a`, stopping early when
/// `visit` returns false; returns whether it never did.
pub fn walk_hex_segment(
    shape: Shape,
    a: (u32, u32),
    b: (u32, u32),
    mut visit: impl FnMut(i64, i64) -> bool,
) -> bool {
    let n = shape.hex_distance(a, b);
    let (aq, ar) = shape.axial(i64::from(a.0), i64::from(a.1));
    let (bq, br) = shape.axial(i64::from(b.0), i64::from(b.1));
    // Nudged by a millionth of a hex (less than any real point is from a hex border), once
    // each way, so a segment along an edge visits the hexes on both sides.
    for nudge in [1e-6, -1e-6] {
        let (q0, r0) = (aq as f64 + nudge, ar as f64 + 2.0 * nudge);
        let (q1, r1) = (bq as f64 + nudge, br as f64 + 2.0 * nudge);
        for i in 0..=n {
            let t = if n == 0 { 0.0 } else { i as f64 / n as f64 };
            let (q, r) = Shape::round_axial(q0 + (q1 - q0) * t, r0 + (r1 - r0) * t);
            let (x, y) = shape.offset(q, r);
            if !visit(x, y) {
                return false;
            }
        }
    }
    true
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
    fn hex_sight_follows_hex_lines_and_both_sides_of_an_edge() {
        for shape in [Shape::HexRows, Shape::HexColumns] {
            let mut grid = Grid::with_shape(12, 12, shape).unwrap();
            assert!(line_of_sight(&grid, (1, 1), (10, 9)));
            // Every hex the line visits is one step from the last (or the same).
            let mut last: Option<(i64, i64)> = None;
            walk_hex_segment(shape, (1, 1), (10, 9), |x, y| {
                if let Some((lx, ly)) = last {
                    let d = shape.hex_distance((lx as u32, ly as u32), (x as u32, y as u32));
                    assert!(d <= 1 || (x, y) == (1, 1), "a gap at ({x}, {y})");
                }
                last = Some((x, y));
                true
            });
            let mid: Vec<(i64, i64)> = {
                let mut v = Vec::new();
                walk_hex_segment(shape, (1, 1), (10, 9), |x, y| {
                    v.push((x, y));
                    true
                });
                v
            };
            let (wx, wy) = mid[mid.len() / 4];
            grid.set(wx, wy, Cell::Wall);
            assert!(
                !line_of_sight(&grid, (1, 1), (10, 9)),
                "{shape:?}: the wall is in the way"
            );
        }
        // Along an edge between two hexes: (0, 0) to (1, 1) in rows (two steps apart) passes
        // between (1, 0) and (0, 1), and either one blocks it; a wall elsewhere does not.
        for (blocker, blocks) in [((1, 0), true), ((0, 1), true), ((2, 1), false)] {
            let mut grid = Grid::with_shape(4, 4, Shape::HexRows).unwrap();
            assert!(line_of_sight(&grid, (0, 0), (1, 1)));
            grid.set(blocker.0, blocker.1, Cell::Wall);
            assert_eq!(line_of_sight(&grid, (0, 0), (1, 1)), !blocks, "{blocker:?}");
        }
    }

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
