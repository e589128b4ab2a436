//! The shape of a map's cells: squares, or hexagons in one of two layouts. (Which steps exist
//! between cells of a shape is [`super::Topology`]'s.)
//!
//! Every map is stored the same way, one byte per cell indexed `y * width + x` (the page
//! paints those bytes straight from wasm memory, whatever the shape). Hexagonal maps use
//! *offset* coordinates (Red Blob Games' "Hexagonal Grids" names): a map of hexes is a
//! rectangle of rows (or columns) where every other row (column) sits half a hex over.
//!
//! | shape | hexes | the odd lines | neighbours |
//! |---|---|---|---|
//! | [`Shape::Square`] | – | – | 4 or 8 ([`super::Movement`]) |
//! | [`Shape::HexRows`] | pointy-top, in rows ("odd-r") | rows 1, 3, … half a hex to the right | 6 |
//! | [`Shape::HexColumns`] | flat-top, in columns ("odd-q") | columns 1, 3, … half a hex down | 6 |
//!
//! Distances between hexes are counted in axial coordinates `(q, r)`, where a step changes
//! one of `q`, `r`, `q + r` by one: rows map `(x, y)` to `q = x − (y − (y & 1)) / 2, r = y`,
//! columns to `q = x, r = y − (x − (x & 1)) / 2`, and the hex distance is
//! `(|Δq| + |Δr| + |Δq + Δr|) / 2`. Every hex step has the same length, so a step costs the
//! terrain of the hex it enters, as an orthogonal step on squares does; there are no corners
//! to cut, so the diagonal rule and cost do not apply.

/// The shape of a map's cells and how they sit.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "kebab-case")]
pub enum Shape {
    /// Square cells in rows and columns.
    #[default]
    Square,
    /// Pointy-top hexagons in rows; odd rows sit half a hex to the right ("odd-r").
    HexRows,
    /// Flat-top hexagons in columns; odd columns sit half a hex down ("odd-q").
    HexColumns,
}

/// The six hex moves in axial coordinates `(dq, dr)`, in their fixed order: for rows E, NE,
/// NW, W, SW, SE; for columns the same six steps read SE, NE, N, NW, SW, S. A move's index
/// here is its direction number everywhere (successor order, parents, the timeline).
pub const HEX_MOVES: [(i64, i64); 6] = [(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)];

impl Shape {
    /// Every shape, in the order menus list them.
    pub const ALL: [Shape; 3] = [Shape::Square, Shape::HexRows, Shape::HexColumns];

    /// The name used in map files, links, settings objects and on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Shape::Square => "square",
            Shape::HexRows => "hex-rows",
            Shape::HexColumns => "hex-columns",
        }
    }

    /// Its name in menus.
    pub fn label(self) -> &'static str {
        match self {
            Shape::Square => "Squares",
            Shape::HexRows => "Hexagons in rows (pointy-top)",
            Shape::HexColumns => "Hexagons in columns (flat-top)",
        }
    }

    /// The shape named `name` ([`Shape::name`]), if any.
    pub fn from_name(name: &str) -> Option<Shape> {
        Shape::ALL.into_iter().find(|s| s.name() == name)
    }

    /// Whether the cells are hexagons.
    pub fn is_hex(self) -> bool {
        self != Shape::Square
    }

    /// The axial coordinates `(q, r)` of the hex at offset coordinates `(x, y)` (for
    /// squares, `(x, y)` itself).
    #[inline]
    pub fn axial(self, x: i64, y: i64) -> (i64, i64) {
        match self {
            Shape::Square => (x, y),
            Shape::HexRows => (x - (y - (y & 1)) / 2, y),
            Shape::HexColumns => (x, y - (x - (x & 1)) / 2),
        }
    }

    /// The offset coordinates of the hex at axial `(q, r)` (inverse of [`Shape::axial`]).
    #[inline]
    pub fn offset(self, q: i64, r: i64) -> (i64, i64) {
        match self {
            Shape::Square => (q, r),
            Shape::HexRows => (q + (r - (r & 1)) / 2, r),
            Shape::HexColumns => (q, r + (q - (q & 1)) / 2),
        }
    }

    /// The number of hex steps between two hexes (for squares: the Chebyshev distance).
    ///
    /// ```
    /// use pathlab::grid::Shape;
    /// // In rows, (0, 0) to (0, 1) is one step (south-east: row 1 sits half a hex to the
    /// // right), and so is (0, 1) to (1, 0) (north-east); (0, 0) to (1, 1) is two.
    /// assert_eq!(Shape::HexRows.hex_distance((0, 0), (0, 1)), 1);
    /// assert_eq!(Shape::HexRows.hex_distance((0, 0), (1, 1)), 2);
    /// assert_eq!(Shape::HexRows.hex_distance((0, 1), (1, 0)), 1);
    /// assert_eq!(Shape::HexRows.hex_distance((0, 0), (3, 0)), 3);
    /// assert_eq!(Shape::HexColumns.hex_distance((0, 0), (0, 3)), 3);
    /// ```
    pub fn hex_distance(self, a: (u32, u32), b: (u32, u32)) -> u64 {
        let (aq, ar) = self.axial(i64::from(a.0), i64::from(a.1));
        let (bq, br) = self.axial(i64::from(b.0), i64::from(b.1));
        let (dq, dr) = (aq - bq, ar - br);
        match self {
            Shape::Square => dq.unsigned_abs().max(dr.unsigned_abs()),
            _ => (dq.unsigned_abs() + dr.unsigned_abs() + (dq + dr).unsigned_abs()) / 2,
        }
    }

    /// The straight-line distance between the centres of two cells, in steps between
    /// neighbouring centres: the Euclidean distance on squares, `√(Δq² + Δq·Δr + Δr²)` on
    /// hexes (axial coordinates), so a step to any of the six neighbours is 1 long.
    pub fn centre_distance(self, a: (u32, u32), b: (u32, u32)) -> f64 {
        let (aq, ar) = self.axial(i64::from(a.0), i64::from(a.1));
        let (bq, br) = self.axial(i64::from(b.0), i64::from(b.1));
        let (dq, dr) = ((aq - bq) as f64, (ar - br) as f64);
        match self {
            Shape::Square => (dq * dq + dr * dr).sqrt(),
            _ => (dq * dq + dq * dr + dr * dr).sqrt(),
        }
    }

    /// The hex whose area holds the fractional axial point `(q, r)`: cube rounding (round
    /// each cube coordinate, then fix the one that moved most so `q + r + s = 0` holds).
    pub fn round_axial(q: f64, r: f64) -> (i64, i64) {
        let s = -q - r;
        let (mut rq, mut rr, rs) = (q.round(), r.round(), s.round());
        let (dq, dr, ds) = ((rq - q).abs(), (rr - r).abs(), (rs - s).abs());
        if dq > dr && dq > ds {
            rq = -rr - rs;
        } else if dr > ds {
            rr = -rq - rs;
        }
        (rq as i64, rr as i64)
    }

    /// The offset-coordinate step `(dx, dy)` of hex move `d` from a cell at `(x, y)`: the
    /// step depends on whether the cell's row (or column) is odd.
    #[inline]
    pub fn hex_step(self, d: usize, x: i64, y: i64) -> (i64, i64) {
        let (dq, dr) = HEX_MOVES[d % 6];
        let (q, r) = self.axial(x, y);
        let (nx, ny) = self.offset(q + dq, r + dr);
        (nx - x, ny - y)
    }
}

impl std::str::FromStr for Shape {
    type Err = String;

    /// The shape named `s` ([`Shape::name`]), or a message naming the three.
    fn from_str(s: &str) -> Result<Shape, String> {
        Shape::from_name(s)
            .ok_or_else(|| format!("unknown cell shape '{s}': use square, hex-rows or hex-columns"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A hand-made table: for each layout, a cell in an even and an odd line and its six
    /// neighbours in move order (Red Blob Games' "offset coordinates" neighbour tables).
    #[test]
    fn hex_neighbours_by_hand() {
        let rows = Shape::HexRows;
        // Row 2 (even): E, NE, NW, W, SW, SE.
        let even: Vec<_> = (0..6).map(|d| rows.hex_step(d, 3, 2)).collect();
        assert_eq!(even, [(1, 0), (0, -1), (-1, -1), (-1, 0), (-1, 1), (0, 1)]);
        // Row 3 (odd), shifted right: NE and SE are one column further right.
        let odd: Vec<_> = (0..6).map(|d| rows.hex_step(d, 3, 3)).collect();
        assert_eq!(odd, [(1, 0), (1, -1), (0, -1), (-1, 0), (0, 1), (1, 1)]);
        let cols = Shape::HexColumns;
        // Column 2 (even): SE, NE, N, NW, SW, S.
        let even: Vec<_> = (0..6).map(|d| cols.hex_step(d, 2, 3)).collect();
        assert_eq!(even, [(1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (0, 1)]);
        // Column 3 (odd), shifted down.
        let odd: Vec<_> = (0..6).map(|d| cols.hex_step(d, 3, 3)).collect();
        assert_eq!(odd, [(1, 1), (1, 0), (0, -1), (-1, 0), (-1, 1), (0, 1)]);
    }

    /// The cases of tests/cube-round.txt, the table www/geometry.js's `cubeRound` is tested
    /// against too (tests/unit/geometry.test.mjs), so both copies follow one rule.
    #[test]
    fn cube_rounding_picks_the_nearest_hex() {
        let table = include_str!("../../tests/cube-round.txt");
        let mut cases = 0;
        for line in table
            .lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        {
            let v: Vec<f64> = line
                .split_whitespace()
                .filter_map(|w| w.parse().ok())
                .collect();
            assert_eq!(v.len(), 4, "{line}");
            let want = (v[2] as i64, v[3] as i64);
            assert_eq!(Shape::round_axial(v[0], v[1]), want, "{line}");
            cases += 1;
        }
        assert!(cases >= 10, "{cases} cases");
    }

    #[test]
    fn hex_distances_by_hand() {
        let table = [
            // (shape, a, b, distance)
            (Shape::HexRows, (0, 0), (0, 0), 0),
            (Shape::HexRows, (0, 0), (5, 0), 5),
            (Shape::HexRows, (0, 0), (0, 4), 4),
            (Shape::HexRows, (0, 0), (2, 4), 4),
            (Shape::HexRows, (0, 0), (3, 4), 5),
            (Shape::HexRows, (2, 1), (0, 4), 4),
            (Shape::HexRows, (4, 3), (1, 0), 5),
            (Shape::HexColumns, (0, 0), (4, 0), 4),
            (Shape::HexColumns, (0, 0), (4, 2), 4),
            (Shape::HexColumns, (0, 0), (4, 3), 5),
            (Shape::HexColumns, (1, 2), (3, 0), 3),
            (Shape::HexColumns, (3, 3), (0, 0), 5),
        ];
        for (shape, a, b, d) in table {
            assert_eq!(shape.hex_distance(a, b), d, "{shape:?} {a:?} → {b:?}");
            assert_eq!(shape.hex_distance(b, a), d, "{shape:?} {b:?} → {a:?}");
        }
    }

    #[test]
    fn a_hex_step_is_one_hex_away_and_steps_back() {
        for shape in [Shape::HexRows, Shape::HexColumns] {
            for y in 0..4i64 {
                for x in 0..4i64 {
                    let (q, r) = shape.axial(x, y);
                    assert_eq!(shape.offset(q, r), (x, y));
                    for d in 0..6 {
                        let (dx, dy) = shape.hex_step(d, x, y);
                        // Shifted by an even count (parities kept) onto unsigned coordinates.
                        let from = ((x + 10) as u32, (y + 10) as u32);
                        let to = ((x + dx + 10) as u32, (y + dy + 10) as u32);
                        assert_eq!(shape.hex_distance(from, to), 1, "{shape:?} {d}");
                        // The opposite move comes back.
                        let back = shape.hex_step((d + 3) % 6, x + dx, y + dy);
                        assert_eq!((dx + back.0, dy + back.1), (0, 0), "{shape:?} {d}");
                    }
                }
            }
        }
    }
}
