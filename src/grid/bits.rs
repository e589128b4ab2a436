//! The passable cells of a grid as bit sets, a machine word of 64 cells at a time: every row
//! (bit x of row y is set when (x, y) is passable) and, transposed, every column (bit y of
//! column x). Block-based Jump Point Search (Harabor & Grastien, ICAPS 2014) reads whole words
//! of them to find where a straight run stops, instead of stepping cell by cell.
//!
//! Both sets carry a blocked line before the first and after the last (row −1 and row
//! `height`, column −1 and column `width`), the bits past the end of a line are 0, and every
//! line has a blocked word before its first and after its last, so a reader never needs a
//! bounds check: the map's edge reads as wall, as it does for a search, and 64 cells from any
//! position of a line are two neighbouring words ([`BitGrid::windows`]).

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
    /// Words per row (`⌈width / 64⌉`) and per column (`⌈height / 64⌉`), as u32 so that the
    /// optimiser knows a stride's small multiples do not wrap ([`BitGrid::windows`]).
    row_words: u32,
    col_words: u32,
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
                self.row_words = w.div_ceil(64);
                self.col_words = h.div_ceil(64);
                self.rows = vec![0; (h as usize + 2) * (self.row_words as usize + 2)];
                self.cols = vec![0; (w as usize + 2) * (self.col_words as usize + 2)];
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
        let row_at = (y as usize + 1) * (self.row_words as usize + 2) + 1;
        let (col_word, col_bit) = (y as usize / 64, y % 64);
        for (k, chunk) in row.chunks(64).enumerate() {
            let mut word = 0u64;
            for (i, &b) in chunk.iter().enumerate() {
                word |= u64::from(b != 0) << i;
            }
            self.rows[row_at + k] = word;
        }
        for (x, &b) in row.iter().enumerate() {
            let at = (x + 1) * (self.col_words as usize + 2) + 1 + col_word;
            if b != 0 {
                self.cols[at] |= 1 << col_bit;
            } else {
                self.cols[at] &= !(1 << col_bit);
            }
        }
    }

    /// The words of `axis` and the number of words of one of its lines (without the blocked
    /// word either side).
    #[inline(always)]
    fn set(&self, axis: Axis) -> (&[u64], usize) {
        match axis {
            Axis::Rows => (&self.rows, self.row_words as usize),
            Axis::Columns => (&self.cols, self.col_words as usize),
        }
    }

    /// The 64 cells from position `at` on of lines `line − 1`, `line` and `line + 1` of
    /// `axis` (`line` in 0..length of the other axis, `at` from −64 to the line's length):
    /// bit i of each is position `at + i`, positions off a line reading as wall. The three
    /// lines are neighbours in the set, so one slice of them, checked once, holds all six
    /// words read (the optimiser sees each index below its length: the stride is at most
    /// 2³² + 1).
    #[inline(always)]
    pub(crate) fn windows(&self, axis: Axis, line: i64, at: i64) -> [u64; 3] {
        let (set, words) = self.set(axis);
        let stride = words + 2;
        let bit = (at + 64) as usize;
        // Line l starts at word (l + 1) × stride: line − 1 at line × stride.
        let first = line as usize * stride + bit / 64;
        let Some(block) = set.get(first..first + 2 * stride + 2) else {
            return [0; 3];
        };
        let shift = bit % 64;
        let read =
            |k: usize| ((u128::from(block[k + 1]) << 64 | u128::from(block[k])) >> shift) as u64;
        [read(0), read(stride), read(2 * stride)]
    }

    /// The words of line `line` (a row index y, or a column index x) of `axis`; lines −1 and
    /// past the end are the blocked padding.
    #[inline(always)]
    pub(crate) fn line(&self, axis: Axis, line: i64) -> &[u64] {
        let (set, words) = self.set(axis);
        let at = (line + 1) as usize * (words + 2) + 1;
        &set[at..at + words]
    }

    /// Whether (x, y) is passable, for a cell on the map or one cell off it (which reads as
    /// wall from the blocked lines and words around the map): one index and no comparisons
    /// with the map's size, for the diagonal jumps' steps.
    #[inline(always)]
    pub(crate) fn free_near(&self, x: i64, y: i64) -> bool {
        let bit = (x + 64) as usize;
        let word = (y + 1) as usize * (self.row_words as usize + 2) + bit / 64;
        self.rows
            .get(word)
            .is_some_and(|w| w >> (bit % 64) & 1 == 1)
    }

    /// Whether a straight move by (dx, dy) has a forced neighbour at (x, y) on `side` (1 or
    /// −1): the side cell is free and the cell behind it, against the move, is a wall (the
    /// cell behind us could not have reached it diagonally without cutting a corner). Jump
    /// Point Search's forced-neighbour rule, the one form of it for the bit sets; JPS+
    /// (`search/engine/jps_plus.rs`) applies the same rule to the grid bytes, since its table
    /// sweeps read bytes faster than bits. (x, y) is a cell entered by a straight move, so the
    /// cell behind it is on the map: every cell read is on the map or one cell off it, which
    /// [`BitGrid::free_near`] reads without comparisons with the map's size.
    #[inline(always)]
    pub(crate) fn forced_side(&self, x: i64, y: i64, (dx, dy): (i64, i64), side: i64) -> bool {
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
                for at in -64..=w {
                    let three = bits.windows(Axis::Rows, y, at);
                    for (word, ly) in three.into_iter().zip(y - 1..) {
                        for i in 0..64 {
                            let free = grid.is_passable(at + i, ly);
                            assert_eq!(word >> i & 1 == 1, free, "({}, {ly})", at + i);
                        }
                    }
                }
            }
            for x in 0..w {
                for at in -64..=h {
                    let three = bits.windows(Axis::Columns, x, at);
                    for (word, lx) in three.into_iter().zip(x - 1..) {
                        for i in 0..64 {
                            let free = grid.is_passable(lx, at + i);
                            assert_eq!(word >> i & 1 == 1, free, "({lx}, {})", at + i);
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
