//! The passable cells of a grid as bit sets, a machine word of 64 cells at a time: every row
//! (bit x of row y is set when (x, y) is passable) and, transposed, every column (bit y of
//! column x). Block-based Jump Point Search (Harabor & Grastien, ICAPS 2014) reads whole words
//! of them to find where a straight run stops, instead of stepping cell by cell.
//!
//! Both sets carry a blocked line before the first and after the last (row −1 and row
//! `height`, column −1 and column `width`), the bits past the end of a line are 0, and every
//! line has a blocked word before its first and after its last, so a reader never needs a
//! bounds check: the map's edge reads as wall, as it does for a search, and 64 cells from any
//! position of a line are two neighbouring words ([`window`]).

use super::cells::{Grid, Revision};

/// Rows or columns: which of the two sets a line is read from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Axis {
    /// Line `y` is row y; positions along it are x.
    Rows,
    /// Line `x` is column x; positions along it are y.
    Columns,
}

/// The passable cells of a grid as row and column bit sets, kept in step with the grid by
/// [`BitGrid::sync`].
#[derive(Clone, Debug, Default)]
pub(crate) struct BitGrid {
    width: u32,
    height: u32,
    /// Words per row (`⌈width / 64⌉`) and per column (`⌈height / 64⌉`).
    row_words: usize,
    col_words: usize,
    /// `height + 2` rows of `row_words + 2` words (a blocked word, the row's, a blocked
    /// word): the blocked row −1 first.
    rows: Vec<u64>,
    /// `width + 2` columns of `col_words + 2` words likewise: the blocked column −1 first.
    cols: Vec<u64>,
    /// The grid contents the sets were built from, so a sync rewrites only the rows that
    /// changed since.
    built: Revision,
}

impl BitGrid {
    /// Brings the sets in step with `grid`: another grid (or a new size) builds them afresh;
    /// otherwise only the rows changed since the last sync (and the columns' bits in them)
    /// are rewritten, so a search that restarts on an unchanged map pays one comparison.
    pub(crate) fn sync(&mut self, grid: &Grid) {
        let (w, h) = (grid.width(), grid.height());
        let same_size = (w, h) == (self.width, self.height);
        match grid.rows_changed_since(self.built) {
            Some(rows) if same_size => {
                for y in rows {
                    self.write_row(grid, y);
                }
            }
            _ => {
                self.width = w;
                self.height = h;
                self.row_words = (w as usize).div_ceil(64);
                self.col_words = (h as usize).div_ceil(64);
                self.rows = vec![0; (h as usize + 2) * (self.row_words + 2)];
                self.cols = vec![0; (w as usize + 2) * (self.col_words + 2)];
                for y in 0..h {
                    self.write_row(grid, y);
                }
            }
        }
        self.built = grid.revision();
    }

    /// Rewrites row `y` of both sets from `grid`.
    fn write_row(&mut self, grid: &Grid, y: u32) {
        let width = self.width as usize;
        let start = y as usize * width;
        let row = &grid.bytes()[start..start + width];
        let row_at = (y as usize + 1) * (self.row_words + 2) + 1;
        let (col_word, col_bit) = (y as usize / 64, y % 64);
        for (k, chunk) in row.chunks(64).enumerate() {
            let mut word = 0u64;
            for (i, &b) in chunk.iter().enumerate() {
                word |= u64::from(b != 0) << i;
            }
            self.rows[row_at + k] = word;
        }
        for (x, &b) in row.iter().enumerate() {
            let at = (x + 1) * (self.col_words + 2) + 1 + col_word;
            if b != 0 {
                self.cols[at] |= 1 << col_bit;
            } else {
                self.cols[at] &= !(1 << col_bit);
            }
        }
    }

    /// The words of line `line` (a row index y, or a column index x) of `axis`; lines −1 and
    /// past the end are the blocked padding.
    #[inline(always)]
    pub(crate) fn line(&self, axis: Axis, line: i64) -> &[u64] {
        let (set, words) = match axis {
            Axis::Rows => (&self.rows, self.row_words),
            Axis::Columns => (&self.cols, self.col_words),
        };
        let at = (line + 1) as usize * (words + 2) + 1;
        &set[at..at + words]
    }

    /// Lines `line − 1`, `line` and `line + 1` of `axis`, each as its words with the blocked
    /// word before and after them (`line` in 0..length of the other axis), for reading windows
    /// of 64 cells of all three ([`window`]).
    #[inline(always)]
    pub(crate) fn three_lines(&self, axis: Axis, line: i64) -> [&[u64]; 3] {
        let (set, words) = match axis {
            Axis::Rows => (&self.rows, self.row_words),
            Axis::Columns => (&self.cols, self.col_words),
        };
        let stride = words + 2;
        // Line l starts at word (l + 1) × stride: line − 1 at line × stride.
        let at = line as usize * stride;
        let three = set.get(at..at + 3 * stride).unwrap_or(&[]);
        let (before, rest) = three.split_at(stride.min(three.len()));
        let (here, after) = rest.split_at(stride.min(rest.len()));
        [before, here, after]
    }
    /// Whether (x, y) is on the map and passable.
    #[inline(always)]
    pub(crate) fn free(&self, x: i64, y: i64) -> bool {
        if x < 0 || y < 0 || x >= i64::from(self.width) || y >= i64::from(self.height) {
            return false;
        }
        // Straight into the row set (row y is line y + 1, after the padding row).
        let word = self.rows[(y as usize + 1) * (self.row_words + 2) + 1 + (x as usize >> 6)];
        word >> (x & 63) & 1 == 1
    }

    /// Whether (x, y) is passable, for a cell on the map or one cell off it (which reads as
    /// wall from the blocked lines and words around the map): one index and no comparisons
    /// with the map's size, for the diagonal jumps' steps.
    #[inline(always)]
    pub(crate) fn free_near(&self, x: i64, y: i64) -> bool {
        let bit = (x + 64) as usize;
        let word = (y + 1) as usize * (self.row_words + 2) + bit / 64;
        self.rows
            .get(word)
            .is_some_and(|w| w >> (bit % 64) & 1 == 1)
    }

    /// Whether a straight move by (dx, dy) has a forced neighbour at (x, y) on `side` (1 or
    /// −1): the side cell is free and the cell behind it, against the move, is a wall (the
    /// cell behind us could not have reached it diagonally without cutting a corner). Jump
    /// Point Search's forced-neighbour rule; JPS+ (`search/engine/jps_plus.rs`) applies the
    /// same rule to the grid bytes, since its table sweeps read bytes faster than bits.
    #[inline(always)]
    pub(crate) fn forced_side(&self, x: i64, y: i64, (dx, dy): (i64, i64), side: i64) -> bool {
        let (ox, oy) = (dy.abs() * side, dx.abs() * side);
        self.free(x + ox, y + oy) && !self.free(x + ox - dx, y + oy - dy)
    }

    /// [`BitGrid::forced_side`] for a cell (x, y) entered by a straight move, so that the
    /// cell behind it is on the map: every cell it reads is then on the map or one cell off
    /// it, which [`BitGrid::free_near`] reads without comparisons with the map's size (a
    /// jump point's successor step asks this for both sides at every straight way in).
    #[inline(always)]
    pub(crate) fn forced_side_near(&self, x: i64, y: i64, (dx, dy): (i64, i64), side: i64) -> bool {
        let (ox, oy) = (dy.abs() * side, dx.abs() * side);
        self.free_near(x + ox, y + oy) && !self.free_near(x + ox - dx, y + oy - dy)
    }

    /// Whether a straight move by (dx, dy) has a forced neighbour at (x, y) on either side.
    #[inline(always)]
    pub(crate) fn forced(&self, x: i64, y: i64, d: (i64, i64)) -> bool {
        self.forced_side(x, y, d, 1) || self.forced_side(x, y, d, -1)
    }

    /// The number of positions along a line of `axis`: the width for rows, the height for
    /// columns.
    #[inline(always)]
    pub(crate) fn length(&self, axis: Axis) -> u32 {
        match axis {
            Axis::Rows => self.width,
            Axis::Columns => self.height,
        }
    }
}

/// The 64 cells of a line (its words as [`BitGrid::three_lines`] gives them, the blocked
/// word first) from position `at` on: bit i is position `at + i`. `at` runs from −64 to the
/// line's length; positions off the line read as wall.
#[inline(always)]
pub(crate) fn window(line: &[u64], at: i64) -> u64 {
    let bit = (at + 64) as usize;
    let (lo, hi) = match line.get(bit / 64..bit / 64 + 2) {
        Some(&[lo, hi]) => (lo, hi),
        _ => (0, 0),
    };
    ((u128::from(hi) << 64 | u128::from(lo)) >> (bit % 64)) as u64
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Cell;

    #[test]
    fn rows_and_columns_say_what_the_grid_says_and_follow_its_edits() {
        let mut grid = Grid::new(70, 5).unwrap();
        for y in 0..5 {
            grid.set(65, y, Cell::Wall);
        }
        grid.set(3, 2, Cell::Terrain(4));
        grid.set(0, 0, Cell::Wall);
        let mut bits = BitGrid::default();
        bits.sync(&grid);
        let check = |bits: &BitGrid, grid: &Grid| {
            let (w, h) = (i64::from(grid.width()), i64::from(grid.height()));
            for y in -1..=h {
                for x in -1..=w {
                    assert_eq!(bits.free(x, y), grid.is_passable(x, y), "({x}, {y})");
                    if (0..w).contains(&x) && (0..h).contains(&y) {
                        let col = bits.line(Axis::Columns, x);
                        assert_eq!(
                            col[y as usize / 64] >> (y % 64) & 1 == 1,
                            grid.is_passable(x, y)
                        );
                    }
                }
            }
            // Windows of 64 cells from any position (off the line: wall), and one cell off the
            // map reads as wall.
            for y in 0..h {
                let [above, row, below] = bits.three_lines(Axis::Rows, y);
                for at in -64..=w {
                    for (line, ly) in [(above, y - 1), (row, y), (below, y + 1)] {
                        let word = window(line, at);
                        for i in 0..64 {
                            let free = grid.is_passable(at + i, ly);
                            assert_eq!(word >> i & 1 == 1, free, "({}, {ly})", at + i);
                        }
                    }
                }
            }
            for y in -1..=h {
                for x in -1..=w {
                    assert_eq!(bits.free_near(x, y), grid.is_passable(x, y), "({x}, {y})");
                }
            }
            assert!(bits.line(Axis::Rows, -1).iter().all(|&word| word == 0));
            assert!(bits.line(Axis::Rows, h).iter().all(|&word| word == 0));
            assert!(bits.line(Axis::Columns, w).iter().all(|&word| word == 0));
        };
        check(&bits, &grid);
        grid.set(65, 3, Cell::OPEN);
        grid.set(10, 4, Cell::Wall);
        bits.sync(&grid);
        check(&bits, &grid);
        let small = Grid::new(3, 3).unwrap();
        bits.sync(&small);
        check(&bits, &small);
    }
}
