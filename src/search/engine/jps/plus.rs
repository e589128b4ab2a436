//! JPS+ and JPS2+: Jump Point Search's jumps looked up in the table of jump distances
//! (`engine/jps_plus.rs`) instead of scanned, with the goal, which the table cannot know,
//! worked out at each lookup. The successor step (`jps.rs`) reads a jump point's eight
//! distances once and asks [`Search::jump_plus`] for each straight (and, for JPS+, diagonal)
//! move; JPS2+ runs each diagonal to its end with [`Search::pruned_diagonal_plus`].

use super::super::Search;
use super::{JUMP_POINT, PARTS};
use crate::heuristic::COST_SCALE;
use crate::search::core::MOVES;

impl Search {
    /// JPS2+'s pruned diagonal: `pruned_diagonal`'s search (the same jump points, costs and
    /// order of offers), with the diagonal's turning cells hopped to along the table.
    ///
    /// What makes it cheaper than asking `jump_plus` three times a turning cell: the cell's
    /// index moves by one stride a diagonal step (no multiply), its eight distances are read
    /// once for both straight jumps and the next diagonal hop (`dist`, the first hop's, is
    /// read by the caller with the jump point's), and where the goal stops a jump is worked
    /// out once a diagonal — the goal's column is met after `cx` diagonal steps and its row after `cy`
    /// (either not at all when not ahead), so after `run` steps a straight jump along the row
    /// holds the goal when `run == cy` (`cx − run` cells on), one along the column when
    /// `run == cx`, and the diagonal hop stops on the goal's line at `min(cx, cy)`. Inlined
    /// into the successor step (2 % fewer instructions on AR0011SR; JPS and JPS+ measured the
    /// same within 0.6 %).
    #[inline(always)]
    pub(super) fn pruned_diagonal_plus(
        &mut self,
        cell: u32,
        (x0, y0): (i64, i64),
        d: usize,
        mut dist: i64,
        g: u64,
    ) {
        let (dx, dy) = MOVES[d & 7];
        let diagonal = self.step_units[1][1];
        let width = i64::from(self.width);
        let (gx, gy) = self.goal_xy;
        let (cx, cy) = ((i64::from(gx) - x0) * dx, (i64::from(gy) - y0) * dy);
        let meet = cx.min(cy);
        let [across_d, along_d, _] = PARTS[d & 7].map(usize::from);
        let stride = dy * width + dx;
        // The jump point's index is its cell.
        let mut i = i64::from(cell);
        let mut run = 0i64;
        loop {
            // `jump_plus`'s rule for a diagonal: the goal's line if it is within reach,
            // else the table's jump point, else (a wall) the end of the diagonal.
            let steps = if meet > run && meet - run <= dist.abs() {
                meet - run
            } else if dist > 0 {
                dist
            } else {
                return;
            };
            run += steps;
            i += steps * stride;
            let g_turn = g + run as u64 * diagonal;
            let (x, y) = (x0 + dx * run, y0 + dy * run);
            if run == cx && run == cy {
                self.relax(cell, self.goal, self.goal_xy, g_turn, JUMP_POINT);
                return;
            }
            let entry = self.jump_table.entry(i as usize);
            // Across (along the row) first, then along the column: `pruned_diagonal`'s order.
            let across = straight_stop(i64::from(entry[across_d]), run == cy, cx - run);
            if across > 0 {
                let (jx, to) = (x + dx * across, i + dx * across);
                let g_to = g_turn + across as u64 * COST_SCALE;
                self.relax(cell, to as u32, (jx as u32, y as u32), g_to, JUMP_POINT);
            }
            let along = straight_stop(i64::from(entry[along_d]), run == cx, cy - run);
            if along > 0 {
                let (jy, to) = (y + dy * along, i + dy * along * width);
                let g_to = g_turn + along as u64 * COST_SCALE;
                self.relax(cell, to as u32, (x as u32, jy as u32), g_to, JUMP_POINT);
            }
            dist = i64::from(entry[d & 7]);
        }
    }

    /// JPS+: the jump looked up in the table of jump distances, plus the goal, which the table
    /// cannot know: a straight jump whose line holds the goal within reach stops on it, and a
    /// diagonal (or 4-connected vertical) jump that reaches the goal's row or column within
    /// reach stops there, so the next straight jump can meet it.
    /// `dist` is the table's distance from (x, y) by (dx, dy), which the caller has read (a
    /// jump point reads its eight at once).
    #[inline(always)]
    pub(super) fn jump_plus(
        &self,
        x: i64,
        y: i64,
        dx: i64,
        dy: i64,
        dist: i64,
    ) -> Option<(i64, i64, u64)> {
        let (gx, gy) = self.goal_xy;
        // How far ahead the goal's line is (0 or less: not ahead, or not on this line).
        let (tx, ty) = ((i64::from(gx) - x) * dx, (i64::from(gy) - y) * dy);
        let target = if dy == 0 {
            // Straight along x: the goal on this row, ahead.
            if i64::from(gy) == y {
                tx
            } else {
                0
            }
        } else if dx == 0 {
            if self.direction_count == 4 || i64::from(gx) == x {
                ty
            } else {
                0
            }
        } else if tx > 0 && ty > 0 {
            // Diagonal: the goal in the quadrant ahead; stop where its row or column is met.
            tx.min(ty)
        } else {
            0
        };
        let steps = if target > 0 && target <= dist.abs() {
            target
        } else if dist > 0 {
            dist
        } else {
            return None;
        };
        Some((x + dx * steps, y + dy * steps, steps as u64))
    }
}

/// How far a JPS2+ straight jump from a turning cell goes, by `jump_plus`'s rule: to the goal
/// when its line holds the goal (`on_goal_line`) `to_goal` cells ahead within the table's
/// reach (`dist`: d > 0 a jump point d cells on, −d a wall after d free cells), else to the
/// table's jump point; 0 when it finds none.
#[inline(always)]
fn straight_stop(dist: i64, on_goal_line: bool, to_goal: i64) -> i64 {
    if on_goal_line && to_goal > 0 && to_goal <= dist.abs() {
        to_goal
    } else {
        dist.max(0)
    }
}
