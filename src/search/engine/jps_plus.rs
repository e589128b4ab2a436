//! JPS+ (Rabin, *Game AI Pro 2*, 2015; the Grid-based Path Planning Competition 2014): Jump
//! Point Search whose jumps are looked up instead of scanned.
//!
//! For every free cell and each of the eight directions, a table holds how far a jump from
//! that cell goes: `d > 0` when it ends at a jump point `d` steps away (a cell with a forced
//! neighbour, or — diagonally — a cell from which a straight jump finds one), `−d` when it
//! runs `d` free steps into a wall or the map's edge. Each entry follows from its neighbour's
//! in the direction of travel, so one sweep per direction fills the table in O(cells).
//!
//! The goal cannot be in the table, so a query adds it: a straight jump whose line holds the
//! goal within reach stops there, and a diagonal (or, 4-connected, a vertical) jump stops on
//! the goal's row or column when it reaches it — a *target* jump point, from which the next
//! straight jump meets the goal. That keeps the search exact: the same costs as A* and JPS.
//!
//! The table is built when a search first runs on a map and rebuilt only where the map
//! changed (`JumpTable::sync`): a changed row redoes the straight entries of it and its two
//! neighbours, a changed column those of it and its neighbours, and every diagonal line is
//! redone from the first cell whose straight entries changed back towards its start, only as
//! far as its entries change. The time it took is the search's `precomputeMs`.

use crate::grid::{Grid, Revision, MOVES};

/// Direction numbers as in [`MOVES`]: N, E, S, W, NE, SE, SW, NW.
const N: usize = 0;
const E: usize = 1;
const S: usize = 2;
const W: usize = 3;

/// Jump distances for every cell and direction, in step with a grid.
#[derive(Clone, Debug, Default)]
pub(crate) struct JumpTable {
    width: u32,
    height: u32,
    four: bool,
    /// Per cell, `y * width + x`, the distance in each of the eight directions (see above).
    dist: Vec<[i16; 8]>,
    /// The grid bytes the table was built from.
    source: Vec<u8>,
    /// Which contents of which grid that was, so an unchanged map is recognised in one
    /// comparison and an edited one by the rows that changed.
    built: Revision,
}

impl JumpTable {
    /// Brings the table in step with `grid` for 4- or 8-connected movement; returns whether
    /// anything was (re)computed.
    pub(crate) fn sync(&mut self, grid: &Grid, four: bool) -> bool {
        let (w, h) = (grid.width(), grid.height());
        let same = (w, h, four) == (self.width, self.height, self.four);
        let edited_rows: Vec<u32> = match grid.rows_changed_since(self.built) {
            Some(rows) if same && self.source.len() == grid.len() => rows.collect(),
            _ => {
                self.width = w;
                self.height = h;
                self.four = four;
                self.source = grid.bytes().to_vec();
                self.dist = vec![[0; 8]; grid.len()];
                self.build_all();
                self.built = grid.revision();
                return true;
            }
        };
        self.built = grid.revision();
        // The cells that changed, in the rows the grid says changed.
        let width = w as usize;
        let mut rows = Vec::new();
        let mut cols = vec![false; width];
        let mut changed = Vec::new();
        for y in edited_rows.into_iter().map(|y| y as usize) {
            let row = y * width..(y + 1) * width;
            let new = &grid.bytes()[row.clone()];
            if self.source[row.clone()] != *new {
                for (x, (a, b)) in self.source[row.clone()].iter().zip(new).enumerate() {
                    if a != b {
                        cols[x] = true;
                        changed.push((x as u32, y as u32));
                    }
                }
                self.source[row].copy_from_slice(new);
                rows.push(y as u32);
            }
        }
        if rows.is_empty() {
            return false;
        }
        // A cell's straight entries read its line and the two lines beside it.
        let mut redo_rows = vec![false; h as usize];
        for &y in &rows {
            let (lo, hi) = (y.saturating_sub(1) as usize, (y + 1).min(h - 1) as usize);
            redo_rows[lo..=hi].fill(true);
        }
        let mut redo_cols = vec![false; width];
        for x in (0..width).filter(|&x| cols[x]) {
            let (lo, hi) = (x.saturating_sub(1), (x + 1).min(width - 1));
            redo_cols[lo..=hi].fill(true);
        }
        for y in (0..h).filter(|&y| redo_rows[y as usize]) {
            self.straight_line(E, y);
            self.straight_line(W, y);
        }
        // 4-connected vertical entries read the horizontal ones of their column, which a
        // changed row may have changed anywhere: redo every column then.
        let four = self.four;
        for x in (0..w).filter(|&x| redo_cols[x as usize] || four) {
            self.straight_line(N, x);
            self.straight_line(S, x);
        }
        if !self.four {
            let rows: Vec<u32> = (0..h).filter(|&y| redo_rows[y as usize]).collect();
            let cols: Vec<u32> = (0..w).filter(|&x| redo_cols[x as usize]).collect();
            for d in 4..8 {
                self.diagonal_update(d, &rows, &cols, &changed);
            }
        }
        true
    }

    /// Redoes the diagonal entries in direction `d` that an edit can have changed. An entry
    /// reads its diagonal successor's entries and the two cells beside the step, so the
    /// entries to redo first (the seeds) are those whose successor lies in a redone row or
    /// column and those beside an edited cell. Each seed is redone in the sweep's order (a
    /// successor before the cells that read it), and the change carries back along its
    /// diagonal only as long as the entries change.
    fn diagonal_update(&mut self, d: usize, rows: &[u32], cols: &[u32], changed: &[(u32, u32)]) {
        let (dx, dy) = MOVES[d];
        let (w, h) = (i64::from(self.width), i64::from(self.height));
        let mut seeds: Vec<(i64, i64)> = Vec::new();
        for &y in rows {
            seeds.extend((0..w).map(|x| (x - dx, i64::from(y) - dy)));
        }
        for &x in cols {
            seeds.extend((0..h).map(|y| (i64::from(x) - dx, y - dy)));
        }
        for &(x, y) in changed {
            let (x, y) = (i64::from(x), i64::from(y));
            seeds.extend([(x - dx, y), (x, y - dy), (x - dx, y - dy)]);
        }
        seeds.retain(|&(x, y)| x >= 0 && y >= 0 && x < w && y < h);
        // The sweep's order: further along the direction first.
        seeds.sort_unstable_by_key(|&(x, y)| (-y * dy, -x * dx));
        seeds.dedup();
        for (mut x, mut y) in seeds {
            loop {
                let i = self.index(x, y);
                let value = self.diagonal_value(x, y, d);
                if value == self.dist[i][d] {
                    break;
                }
                self.dist[i][d] = value;
                x -= dx;
                y -= dy;
                if x < 0 || y < 0 || x >= w || y >= h {
                    break;
                }
            }
        }
    }

    /// Whether the table is in step with `grid` for this movement.
    pub(crate) fn matches(&self, grid: &Grid, four: bool) -> bool {
        (grid.width(), grid.height(), four) == (self.width, self.height, self.four)
            && self.built == grid.revision()
    }

    /// The distance from cell `i` in direction `d` (see the module notes).
    #[inline(always)]
    pub(crate) fn get(&self, i: usize, d: usize) -> i16 {
        self.dist[i][d]
    }

    /// The distances from cell `i` in all eight directions: one read (and one bounds check)
    /// for a cell whose jumps are looked up in several directions, as a jump point's and a
    /// turning cell's are.
    #[inline(always)]
    pub(crate) fn entry(&self, i: usize) -> [i16; 8] {
        self.dist[i]
    }

    fn free(&self, x: i64, y: i64) -> bool {
        x >= 0
            && y >= 0
            && x < i64::from(self.width)
            && y < i64::from(self.height)
            && self.source[(y * i64::from(self.width) + x) as usize] != 0
    }

    fn index(&self, x: i64, y: i64) -> usize {
        (y * i64::from(self.width) + x) as usize
    }

    /// Whether a straight move in direction `d` has a forced neighbour at (x, y): a free side
    /// cell whose cell behind (against the move) is a wall. The rule of
    /// `BitGrid::forced_side`, on bytes: the sweeps read every cell several times, and reading
    /// the bit sets instead measured 25–40 % slower table builds.
    fn forced(&self, x: i64, y: i64, d: usize) -> bool {
        let (dx, dy) = MOVES[d];
        let (sx, sy) = (dy.abs(), dx.abs());
        [1, -1].iter().any(|&side| {
            let (ox, oy) = (sx * side, sy * side);
            self.free(x + ox, y + oy) && !self.free(x + ox - dx, y + oy - dy)
        })
    }

    fn build_all(&mut self) {
        for y in 0..self.height {
            self.straight_line(E, y);
            self.straight_line(W, y);
        }
        for x in 0..self.width {
            self.straight_line(N, x);
            self.straight_line(S, x);
        }
        if !self.four {
            for d in 4..8 {
                self.diagonal_all(d);
            }
        }
    }

    /// The straight entries in direction `d` along one line: row `line` for E and W, column
    /// `line` for N and S, swept against the direction so each entry reads its successor's.
    fn straight_line(&mut self, d: usize, line: u32) {
        let (dx, dy) = MOVES[d];
        let len = if dy == 0 { self.width } else { self.height };
        let at = |p: i64| {
            if dy == 0 {
                (p, i64::from(line))
            } else {
                (i64::from(line), p)
            }
        };
        let forward = dx + dy > 0;
        for k in 0..i64::from(len) {
            let p = if forward { i64::from(len) - 1 - k } else { k };
            let (x, y) = at(p);
            let i = self.index(x, y);
            let (nx, ny) = (x + dx, y + dy);
            let value = if !self.free(nx, ny) {
                0
            } else if self.forced(nx, ny, d) || (self.four && dx == 0 && self.turns(nx, ny)) {
                1
            } else {
                let next = self.dist[self.index(nx, ny)][d];
                if next > 0 {
                    next + 1
                } else {
                    next - 1
                }
            };
            self.dist[i][d] = value;
        }
    }

    /// The orthogonal variant: a vertical jump stops where a horizontal one finds a jump point.
    fn turns(&self, x: i64, y: i64) -> bool {
        let i = self.index(x, y);
        self.dist[i][E] > 0 || self.dist[i][W] > 0
    }

    /// Every diagonal entry in direction `d`, swept so each reads its diagonal successor's.
    fn diagonal_all(&mut self, d: usize) {
        let (dx, dy) = MOVES[d];
        let (w, h) = (i64::from(self.width), i64::from(self.height));
        for ky in 0..h {
            let y = if dy > 0 { h - 1 - ky } else { ky };
            for kx in 0..w {
                let x = if dx > 0 { w - 1 - kx } else { kx };
                let value = self.diagonal_value(x, y, d);
                let i = self.index(x, y);
                self.dist[i][d] = value;
            }
        }
    }

    /// The diagonal entry of (x, y) in direction `d`, from its successor's entries.
    fn diagonal_value(&self, x: i64, y: i64, d: usize) -> i16 {
        let (dx, dy) = MOVES[d];
        let (straight_x, straight_y) = (if dx > 0 { E } else { W }, if dy > 0 { S } else { N });
        let (nx, ny) = (x + dx, y + dy);
        if !(self.free(nx, ny) && self.free(nx, y) && self.free(x, ny)) {
            return 0;
        }
        let n = self.dist[self.index(nx, ny)];
        if n[straight_x] > 0 || n[straight_y] > 0 {
            1
        } else if n[d] > 0 {
            n[d] + 1
        } else {
            n[d] - 1
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Cell;
    use crate::rng::SplitMix64;
    use crate::search::engine::test_maps::random_walls;

    /// Every entry against a walk a cell at a time.
    fn check(table: &JumpTable, grid: &Grid, four: bool) {
        let free = |x: i64, y: i64| grid.is_passable(x, y);
        let forced = |x: i64, y: i64, (dx, dy): (i64, i64)| {
            let (sx, sy) = (dy.abs(), dx.abs());
            [1i64, -1]
                .iter()
                .any(|&s| free(x + sx * s, y + sy * s) && !free(x + sx * s - dx, y + sy * s - dy))
        };
        let straight_jp = |mut x: i64, mut y: i64, (dx, dy): (i64, i64)| -> bool {
            loop {
                if !free(x + dx, y + dy) {
                    return false;
                }
                x += dx;
                y += dy;
                if forced(x, y, (dx, dy)) {
                    return true;
                }
            }
        };
        for y in 0..i64::from(grid.height()) {
            for x in 0..i64::from(grid.width()) {
                let dirs = if four { 4 } else { 8 };
                for (d, &(dx, dy)) in MOVES.iter().enumerate().take(dirs) {
                    let (mut cx, mut cy, mut k) = (x, y, 0i16);
                    let want = loop {
                        let legal = free(cx + dx, cy + dy)
                            && (dx == 0 || dy == 0 || (free(cx + dx, cy) && free(cx, cy + dy)));
                        if !legal {
                            break -k;
                        }
                        cx += dx;
                        cy += dy;
                        k += 1;
                        let stop = if dx != 0 && dy != 0 {
                            straight_jp(cx, cy, (dx, 0)) || straight_jp(cx, cy, (0, dy))
                        } else {
                            forced(cx, cy, (dx, dy))
                                || (four
                                    && dx == 0
                                    && (straight_jp(cx, cy, (1, 0))
                                        || straight_jp(cx, cy, (-1, 0))))
                        };
                        if stop {
                            break k;
                        }
                    };
                    let i = (y * i64::from(grid.width()) + x) as usize;
                    assert_eq!(table.get(i, d), want, "({x}, {y}) direction {d}");
                }
            }
        }
    }

    #[test]
    fn the_table_matches_a_walk_and_follows_edits() {
        let mut rng = SplitMix64::new(0x2545_f491_4f6c_dd1d);
        for four in [false, true] {
            let (mut grid, _) = random_walls(23, 17, 25, &mut rng);
            let mut table = JumpTable::default();
            assert!(table.sync(&grid, four));
            check(&table, &grid, four);
            assert!(!table.sync(&grid, four), "nothing changed, nothing redone");
            for _ in 0..60 {
                let (x, y) = (rng.below(23), rng.below(17));
                let cell = if rng.below(2) == 0 {
                    Cell::Wall
                } else {
                    Cell::OPEN
                };
                grid.set(x as i64, y as i64, cell);
                assert!(table.sync(&grid, four) || grid.bytes() == table.source.as_slice());
                check(&table, &grid, four);
            }
        }
    }
}
