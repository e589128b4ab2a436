//! Brush-stroke geometry: the cells of a straight line between two pointer positions
//! (Bresenham), clipped to the part that can touch the map.

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
