//! Brush-stroke geometry: the cells of a straight line between two pointer positions
//! (Bresenham on squares, a hex line on hexagons), clipped to the part that can touch the
//! map, and the cells a brush covers around each of them (a square block on squares, a hex
//! disc on hexagons). The page's hover outline asks for the same brush cells.

use crate::grid::Shape;

/// The cells of a straight line from `a` to `b`, both ends included, with no diagonal gaps
/// larger than a corner (Bresenham).
pub fn line_cells(a: (u32, u32), b: (u32, u32)) -> Vec<(i64, i64)> {
    bresenham(
        (i64::from(a.0), i64::from(a.1)),
        (i64::from(b.0), i64::from(b.1)),
    )
}

/// The part of the segment from `a` to `b` inside the rectangle `(x0, y0, x1, y1)`
/// (inclusive), its ends rounded to cells; `None` if the segment misses it. A segment that
/// lies inside comes back unchanged, so the cells painted are exactly [`line_cells`]'.
pub(super) fn clip_segment(
    a: (u32, u32),
    b: (u32, u32),
    (x0, y0, x1, y1): (i64, i64, i64, i64),
) -> Option<((i64, i64), (i64, i64))> {
    let inside =
        |p: (u32, u32)| (x0..=x1).contains(&i64::from(p.0)) && (y0..=y1).contains(&i64::from(p.1));
    let whole = |p: (u32, u32)| (i64::from(p.0), i64::from(p.1));
    if inside(a) && inside(b) {
        return Some((whole(a), whole(b)));
    }
    // Liang–Barsky: the parameter range t in [t0, t1] of a + t·(b − a) inside the box.
    let (ax, ay) = (f64::from(a.0), f64::from(a.1));
    let (dx, dy) = (f64::from(b.0) - ax, f64::from(b.1) - ay);
    let (mut t0, mut t1) = (0.0f64, 1.0f64);
    for (p, q) in [
        (-dx, ax - x0 as f64),
        (dx, x1 as f64 - ax),
        (-dy, ay - y0 as f64),
        (dy, y1 as f64 - ay),
    ] {
        if p == 0.0 {
            if q < 0.0 {
                return None;
            }
        } else {
            let r = q / p;
            if p < 0.0 {
                t0 = t0.max(r);
            } else {
                t1 = t1.min(r);
            }
        }
    }
    if t0 > t1 {
        return None;
    }
    let at = |t: f64| {
        let x = (ax + t * dx).round() as i64;
        let y = (ay + t * dy).round() as i64;
        (x.clamp(x0, x1), y.clamp(y0, y1))
    };
    Some((at(t0), at(t1)))
}

/// The cells of a stroke from `a` to `b` on cells of `shape`, both ends included, each a
/// neighbour of the one before: `bresenham` on squares (8-connected), [`hex_line`] on
/// hexagons.
pub fn stroke_cells(shape: Shape, a: (i64, i64), b: (i64, i64)) -> Vec<(i64, i64)> {
    match shape {
        Shape::Square => bresenham(a, b),
        hex => hex_line(hex, a, b),
    }
}

/// The hex line from `a` to `b` (offset coordinates of `shape`), both ends included: the hexes
/// whose centres are nearest the evenly spaced points of the straight segment between the two
/// centres, one per hex step, so every hex is a neighbour of the one before and there are
/// exactly `hex_distance + 1` of them (Red Blob Games, "Hexagonal Grids": line drawing).
///
/// ```
/// use pathlab::grid::Shape;
/// use pathlab::planner::hex_line;
/// // Along a row of pointy-top hexes, and down a zigzag column of them.
/// assert_eq!(hex_line(Shape::HexRows, (0, 0), (3, 0)), [(0, 0), (1, 0), (2, 0), (3, 0)]);
/// assert_eq!(hex_line(Shape::HexRows, (2, 0), (2, 2)), [(2, 0), (2, 1), (2, 2)]);
/// ```
pub fn hex_line(shape: Shape, a: (i64, i64), b: (i64, i64)) -> Vec<(i64, i64)> {
    let (aq, ar) = shape.axial(a.0, a.1);
    let (bq, br) = shape.axial(b.0, b.1);
    let (dq, dr) = (bq - aq, br - ar);
    let steps = (dq.abs() + dr.abs() + (dq + dr).abs()) / 2;
    let mut cells = Vec::with_capacity(steps as usize + 1);
    // Nudged off the edges between hexes, always the same way, so a segment that runs along
    // an edge takes the same side all the way instead of zigzagging across it.
    let (q0, r0) = (aq as f64 + 1e-6, ar as f64 + 2e-6);
    for i in 0..=steps {
        let t = if steps == 0 {
            0.0
        } else {
            i as f64 / steps as f64
        };
        let (q, r) = Shape::round_axial(q0 + dq as f64 * t, r0 + dr as f64 * t);
        cells.push(shape.offset(q, r));
    }
    cells
}

/// How far a brush of side `size` (1–9) reaches from its centre cell in offset coordinates,
/// as `(lo, hi)`: it covers at most `lo..=hi` in x and in y.
pub(super) fn brush_reach(shape: Shape, size: u32) -> (i64, i64) {
    let size = i64::from(size.clamp(1, 9));
    match shape {
        Shape::Square => (-(size - 1) / 2, size / 2),
        // A hex disc of radius r spans at most r lines and r places along a line.
        _ => (-(size - 1) / 2, (size - 1) / 2),
    }
}

/// Calls `visit` with each cell a brush of side `size` (1–9) covers around `centre`, on or off
/// the map: on squares the `size` × `size` block, on hexagons the disc of every hex within
/// `(size − 1) / 2` hex steps (1, 7 and 19 hexes for sizes 1, 3 and 5).
pub fn brush_cells(shape: Shape, centre: (i64, i64), size: u32, mut visit: impl FnMut(i64, i64)) {
    let (lo, hi) = brush_reach(shape, size);
    if shape == Shape::Square {
        for dy in lo..=hi {
            for dx in lo..=hi {
                visit(centre.0 + dx, centre.1 + dy);
            }
        }
        return;
    }
    let radius = hi;
    let (q, r) = shape.axial(centre.0, centre.1);
    for dr in -radius..=radius {
        for dq in (-radius).max(-radius - dr)..=radius.min(radius - dr) {
            let (x, y) = shape.offset(q + dq, r + dr);
            visit(x, y);
        }
    }
}

/// Bresenham's line between two cells, both ends included.
pub(super) fn bresenham(a: (i64, i64), b: (i64, i64)) -> Vec<(i64, i64)> {
    let (mut x, mut y) = a;
    let (x1, y1) = b;
    let (dx, dy) = ((x1 - x).abs(), -(y1 - y).abs());
    let (sx, sy) = (if x < x1 { 1 } else { -1 }, if y < y1 { 1 } else { -1 });
    let mut err = dx + dy;
    let mut cells = Vec::with_capacity((dx - dy + 1) as usize);
    loop {
        cells.push((x, y));
        if x == x1 && y == y1 {
            return cells;
        }
        let e2 = 2 * err;
        if e2 >= dy {
            err += dy;
            x += sx;
        }
        if e2 <= dx {
            err += dx;
            y += sy;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const HEXES: [Shape; 2] = [Shape::HexRows, Shape::HexColumns];

    fn dist(shape: Shape, a: (i64, i64), b: (i64, i64)) -> u64 {
        // Shifted by an even count (parities kept) onto unsigned coordinates.
        let up = |p: (i64, i64)| ((p.0 + 20) as u32, (p.1 + 20) as u32);
        shape.hex_distance(up(a), up(b))
    }

    #[test]
    fn a_hex_line_is_a_chain_of_neighbours_one_per_hex_step() {
        for shape in HEXES {
            for a in (0..49).map(|i| (i % 7 - 3, i / 7 - 3)) {
                for b in (0..49).map(|i| (i % 7, i / 7)) {
                    let line = hex_line(shape, a, b);
                    assert_eq!(line.first(), Some(&a), "{shape:?} {a:?} → {b:?}");
                    assert_eq!(line.last(), Some(&b), "{shape:?} {a:?} → {b:?}");
                    assert_eq!(line.len() as u64, dist(shape, a, b) + 1);
                    for pair in line.windows(2) {
                        assert_eq!(dist(shape, pair[0], pair[1]), 1, "{shape:?} {line:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn hex_lines_by_hand() {
        // Rows: from (0, 0) down-right to (2, 4), the straight SE diagonal of odd-r.
        assert_eq!(
            hex_line(Shape::HexRows, (0, 0), (2, 4)),
            [(0, 0), (0, 1), (1, 2), (1, 3), (2, 4)]
        );
        // Columns: straight down a column, and along the NE diagonal of odd-q.
        assert_eq!(
            hex_line(Shape::HexColumns, (1, 0), (1, 3)),
            [(1, 0), (1, 1), (1, 2), (1, 3)]
        );
        assert_eq!(
            hex_line(Shape::HexColumns, (0, 3), (3, 1)),
            [(0, 3), (1, 2), (2, 2), (3, 1)]
        );
        // Squares keep Bresenham.
        assert_eq!(stroke_cells(Shape::Square, (0, 0), (2, 1)).len(), 3);
    }

    #[test]
    fn brushes_are_square_blocks_and_hex_discs() {
        let count = |shape, size| {
            let mut n = 0;
            brush_cells(shape, (5, 5), size, |_, _| n += 1);
            n
        };
        assert_eq!([1, 3, 5].map(|s| count(Shape::Square, s)), [1, 9, 25]);
        for shape in HEXES {
            assert_eq!([1, 3, 5].map(|s| count(shape, s)), [1, 7, 19], "{shape:?}");
            for centre in [(4, 4), (5, 5), (4, 5)] {
                let (lo, hi) = brush_reach(shape, 5);
                brush_cells(shape, centre, 5, |x, y| {
                    assert!(dist(shape, centre, (x, y)) <= 2);
                    assert!(
                        (lo..=hi).contains(&(x - centre.0)) && (lo..=hi).contains(&(y - centre.1))
                    );
                });
            }
        }
    }
}
