//! Jump Point Search (Harabor & Grastien 2011): A* that expands only jump points.
//!
//! On a map where every free cell costs the same, most of A*'s work is choosing between
//! symmetric paths of equal cost. JPS keeps one canonical path of each family: from a node
//! reached in direction `(dx, dy)` it looks only at the *natural* neighbours (straight on, and
//! for a diagonal move its two straight components) and at *forced* ones (made necessary by a
//! wall beside the way in), and instead of adding them it *jumps*: it runs along each
//! direction until it meets the goal, a cell with a forced neighbour, or (moving diagonally) a
//! cell from which a straight jump finds one. Only those jump points enter the open list; the
//! cost between two of them is a straight or diagonal run, so the g-values are exactly A*'s.
//!
//! This is the no-corner-cutting variant (the Moving AI rule: a diagonal step needs both side
//! cells free), so a diagonal move never has forced neighbours, and a straight move along x
//! has one at `(x, y ± 1)` when that cell is free but `(x − dx, y ± 1)` is a wall. With
//! 4-connected movement the orthogonal variant runs: a vertical jump also stops where a
//! horizontal jump from it would find a jump point, which makes "vertical first" canonical.
//!
//! **Block-based** (Harabor & Grastien, ICAPS 2014, "Improving Jump Point Search"): a straight
//! jump does not step cell by cell. The map's rows and columns are kept as bit sets
//! ([`BitGrid`]), and a jump reads 64 cells of its own line and of the two lines beside it at
//! a time: the first wall ahead is the lowest clear bit of its line, a forced neighbour the
//! lowest bit where a side line turns from wall to free, and a count of trailing (or leading)
//! zeros finds either. A diagonal jump still steps cell by cell, scanning straight at every
//! step. The jump points found, their order and their costs are exactly the cell-by-cell
//! search's: the expansions on every Moving AI map matched it when this was written, and the
//! unit tests below check the scans against a cell-by-cell reference.
//!
//! It is a variant of [`Search`]'s loop, not a copy: the same open list, per-cell arrays,
//! stats, budget and stepping; only the successor step differs ([`Search::jump_successors`]).
//! One expansion is one jump point. Expanded jump points are painted
//! [`CellState::JumpPoint`](super::CellState::JumpPoint); while the search is recorded (the
//! page), the cells a jump scanned over are painted
//! [`CellState::Scanned`](super::CellState::Scanned). Unrecorded (the CLI, `solve`) it skips
//! that: painting every scanned cell would cost what the bit sets save. The octile heuristic
//! (consistent) keeps it optimal; PathFinding.js's JPS defaults to Manhattan, which
//! overestimates diagonals and is why it returns longer paths.
//!
//! **Direct to the goal** (both JPS and JPS+, octile heuristic, weight 1): the start, and
//! any jump point within a few cells of the goal, first checks whether the direct path to
//! the goal — diagonal steps, then straight ones — is clear; if so it offers the goal alone,
//! at exactly g + h, and the search ends with the next expansion ([`Search::direct_to_goal`]
//! says why that is optimal). The statistics count it as it happened: one node generated,
//! one more expansion.
//!
//! JPS+ (`jps_plus.rs`) is this same search with every jump looked up in a precomputed table
//! instead ([`Search::jump_plus`]); with goal bounding (`bounded.rs`) it also skips every
//! direction whose precomputed box does not hold the goal.
//!
//! Offered only on maps of uniform cost with Moving AI or 4-connected movement
//! ([`super::Settings::unavailable_on`]).

use super::slots::{LINK_FAR, LINK_MASK};
use super::Search;
use crate::grid::{Axis, BitGrid};
use crate::heuristic::COST_SCALE;
use crate::search::core::{entered_direction, JUMP_POINT, MOVES, SCANNED, UNVISITED};
use crate::search::record::SAME_NODE;

/// How far from the goal (in cells along the longer axis) a jump point other than the start
/// still checks for a clear direct path to it.
const DIRECT_REACH: u32 = 8;

/// The index in [`MOVES`] of the move (dx, dy), at `(dy + 1) * 3 + dx + 1` (the centre, no
/// move, reads 0 and is never asked for): a lookup instead of a search of `MOVES` per jump.
const MOVE_INDEX: [usize; 9] = {
    let mut index = [0usize; 9];
    let mut d = 0;
    while d < MOVES.len() {
        let (dx, dy) = MOVES[d];
        index[(3 * (dy + 1) + dx + 1) as usize] = d;
        d += 1;
    }
    index
};

/// For each move of [`MOVES`], the moves a jump point entered by it tries, as indices in
/// `MOVES`, each set in the order the search offers them (which breaks ties, so it is the
/// order the successor step has always had): `PARTS` for a diagonal way in, its two straight
/// parts (along x, then along y) and itself; `SIDES` for a straight way in, per side (+1, then
/// −1) the side move and the diagonal past it that a forced neighbour there adds, and the
/// diagonal back past the side (towards the cell behind), whose table entry says whether that
/// side is forced. Lookups, not (dx, dy) arithmetic and a search of `MOVES` per move, at every
/// expansion.
const PARTS: [[u8; 3]; 8] = {
    let mut parts = [[0u8; 3]; 8];
    let mut d = 0;
    while d < MOVES.len() {
        let (dx, dy) = MOVES[d];
        parts[d] = [
            // (dx, 0): row dy = 0 of the index, 3 + dx + 1.
            MOVE_INDEX[(4 + dx) as usize] as u8,
            MOVE_INDEX[(3 * (dy + 1) + 1) as usize] as u8,
            d as u8,
        ];
        d += 1;
    }
    parts
};

/// See [`PARTS`].
const SIDES: [[[u8; 3]; 2]; 8] = {
    let mut sides = [[[0u8; 3]; 2]; 8];
    let mut d = 0;
    while d < MOVES.len() {
        let (dx, dy) = MOVES[d];
        // Diagonal ways in have no forced sides: their entries stay 0, never read.
        let mut k = if dx != 0 && dy != 0 { 2 } else { 0 };
        while k < 2 {
            let side = 1 - 2 * k as i64;
            let (ox, oy) = (dy.abs() * side, dx.abs() * side);
            sides[d][k] = [
                MOVE_INDEX[(3 * (oy + 1) + ox + 1) as usize] as u8,
                MOVE_INDEX[(3 * (dy + oy + 1) + dx + ox + 1) as usize] as u8,
                MOVE_INDEX[(3 * (oy - dy + 1) + ox - dx + 1) as usize] as u8,
            ];
            k += 1;
        }
        d += 1;
    }
    sides
};

/// The index in [`MOVES`] of the move (dx, dy), each of them −1, 0 or 1.
#[inline(always)]
pub(super) fn move_index(dx: i64, dy: i64) -> usize {
    MOVE_INDEX[(((dy + 1) * 3 + dx + 1) as usize).min(8)]
}

impl Search {
    /// Marks the cells a jump passed over, `count` of them from (x, y) by (dx, dy), unless
    /// they already have a node; only while the search is recorded (see the module notes).
    #[inline]
    fn scanned(&mut self, x: i64, y: i64, dx: i64, dy: i64, count: i64) {
        if !self.rec.is_on() {
            return;
        }
        for k in 0..count {
            let i = ((y + k * dy) * i64::from(self.width) + x + k * dx) as usize;
            if let Some(s) = self.state.get_mut(i) {
                if *s == UNVISITED {
                    *s = SCANNED;
                    self.touched.push(i as u32);
                    self.rec.event(i as u32, SCANNED, SAME_NODE);
                }
            }
        }
    }

    /// The successor step of Jump Point Search for the jump point `cell` at (x, y) with cost
    /// `g`: prune its neighbours by the direction it was reached in, jump along each remaining
    /// direction and offer every jump point found.
    pub(super) fn jump_successors(&mut self, cell: u32, x: u32, y: u32, g: u64) {
        if let Some(s) = self.state.get_mut(cell as usize) {
            *s = JUMP_POINT;
            self.rec.event(cell, JUMP_POINT, SAME_NODE);
        }
        // The check walks the whole direct path, so it is made where it pays: from the start
        // (once a query), and from jump points near the goal, where the path is short and
        // most often clear. Made at every jump point it cost more than it saved, and so did
        // warthog's rule, at every jump point with a successor towards the goal (see
        // docs/benchmarks.md): here a jump already stops on the goal's line.
        let (gx, gy) = self.goal_xy;
        let near = x.abs_diff(gx).max(y.abs_diff(gy)) <= DIRECT_REACH;
        if self.direct_goal && (near || self.stats.expanded == 1) {
            if let Some(cost) = self.direct_to_goal(x, y) {
                // Why this ends the search optimally: see `direct_to_goal`.
                self.relax(cell, self.goal, self.goal_xy, g + cost, JUMP_POINT);
                return;
            }
        }
        let (x, y) = (i64::from(x), i64::from(y));
        // A jump point's node word holds its link once it is taken off the open list: every
        // node of a jump search but the start was offered by `relax`, with a far parent.
        let parent = match self.nodes.get(cell as usize).map(|n| n & LINK_MASK) {
            Some(LINK_FAR) => self.far_parents.get(cell as usize).copied(),
            _ => self.parent(cell),
        };
        let eight = self.direction_count == 8;
        let algorithm = self.settings.algorithm;
        let plus = algorithm.uses_jump_table();
        // JPS+ and JPS2+ read the jump point's eight distances once, for its forced sides and
        // all its jumps.
        let entry = if plus {
            self.jump_table.entry(cell as usize)
        } else {
            [0; 8]
        };
        // The moves to try, as indices in `MOVES`. Every case below lists distinct moves, so
        // a move needs no test against those listed already.
        let mut dirs = [0u8; 8];
        let mut count = 0;
        let mut add = |d: u8| {
            dirs[count & 7] = d;
            count += 1;
        };
        if let Some(parent) = parent {
            let (px, py) = self.coords(parent);
            let (dx, dy) = entered_direction(x - i64::from(px), y - i64::from(py));
            let e = move_index(dx, dy);
            if dx != 0 && dy != 0 {
                // Diagonal: the two straight components and straight on. No-corner-cutting
                // means the way in had both side cells free, so nothing is ever forced.
                for d in PARTS[e] {
                    add(d);
                }
            } else if eight {
                add(e as u8);
                // Straight: a side cell whose cell behind is a wall could not be reached by
                // a diagonal from the cell behind us, so it (and the diagonal past it) is
                // forced.
                for (k, side) in [1, -1].into_iter().enumerate() {
                    let [side_move, past, back] = SIDES[e][k];
                    // With a table: an entry is 0 exactly when its first step is not legal.
                    // The cell behind is free (we came through it), so with the side cell
                    // free (a legal side move) the diagonal back past the side is illegal
                    // exactly when the cell behind the side cell is a wall: the rule of
                    // `forced_side`, from the entry already read.
                    let forced = if plus {
                        entry[usize::from(side_move)] != 0 && entry[usize::from(back)] == 0
                    } else {
                        self.bits.forced_side(x, y, (dx, dy), side)
                    };
                    if forced {
                        add(side_move);
                        add(past);
                    }
                }
            } else {
                // Orthogonal variant: straight on and both sides (a turn is only ever made at
                // a jump point, so the sides must be tried there).
                add(e as u8);
                add(move_index(dy, dx) as u8);
                add(move_index(-dy, -dx) as u8);
            }
        } else {
            for d in 0..self.direction_count {
                add(d as u8);
            }
        }
        let straight = COST_SCALE;
        let diagonal = self.step_units[1][1];
        let pruned = algorithm.prunes_diagonals();
        for &d in &dirs[..count] {
            let d = usize::from(d & 7);
            let (dx, dy) = MOVES[d];
            // Goal bounding: no shortest path to the goal leaves this way.
            if !self.bounded_allows(cell, d) {
                continue;
            }
            if pruned && dx != 0 && dy != 0 {
                if plus {
                    self.pruned_diagonal_plus(cell, (x, y), d, i64::from(entry[d]), g);
                } else {
                    self.pruned_diagonal(cell, (x, y), (dx, dy), g);
                }
                continue;
            }
            let found = if plus {
                self.jump_plus(x, y, dx, dy, i64::from(entry[d]))
            } else {
                self.jump(x, y, dx, dy)
            };
            if let Some((jx, jy, steps)) = found {
                let unit = if dx != 0 && dy != 0 {
                    diagonal
                } else {
                    straight
                };
                let to = (jy * i64::from(self.width) + jx) as u32;
                self.relax(
                    cell,
                    to,
                    (jx as u32, jy as u32),
                    g + steps * unit,
                    JUMP_POINT,
                );
            }
        }
    }

    /// The cost of the direct path from (x, y) to the goal — diagonal steps towards it, then
    /// straight ones — when every cell of it is free and no diagonal step cuts a corner;
    /// `None` if a wall is in the way.
    ///
    /// Why an expansion may then offer the goal alone and stop looking further: on a map of
    /// uniform cost that path costs exactly the octile distance, which is h at (x, y), so the
    /// goal gets g + h = f of the node being expanded. A* expands nodes in order of f, and
    /// with an admissible heuristic (octile, weight 1: `direct_goal`) the f of the node it
    /// takes is at most the optimal cost C*; so g + h ≤ C*, and a path of that cost is an
    /// optimal one. The goal enters the open list with that g and f and is expanded next (no
    /// other node has f below it, and ties go to the larger g, which only the goal has at
    /// h = 0), so the search ends one expansion later with an optimal path; the statistics
    /// count what happened (one node generated, the goal; one more expansion).
    pub(super) fn direct_to_goal(&self, x: u32, y: u32) -> Option<u64> {
        let (gx, gy) = self.goal_xy;
        let (x, y) = (i64::from(x), i64::from(y));
        let (tx, ty) = (i64::from(gx) - x, i64::from(gy) - y);
        let (dx, dy) = (tx.signum(), ty.signum());
        let diagonals = tx.abs().min(ty.abs());
        let straights = tx.abs().max(ty.abs()) - diagonals;
        if !self.clear_run(x, y, (dx, dy), diagonals) {
            return None;
        }
        let (x, y) = (x + dx * diagonals, y + dy * diagonals);
        let (sx, sy) = ((i64::from(gx) - x).signum(), (i64::from(gy) - y).signum());
        if !self.clear_run(x, y, (sx, sy), straights) {
            return None;
        }
        Some(diagonals as u64 * self.step_units[1][1] + straights as u64 * COST_SCALE)
    }

    /// Whether `n` moves from (x, y) by (dx, dy) are all legal: onto free cells, and a
    /// diagonal one past two free side cells. JPS+ hops along its table (an entry d > 0 is d
    /// legal moves to a jump point, −d is d legal moves to a wall); JPS reads a straight run
    /// from the bit sets a word at a time and steps a diagonal one a cell at a time.
    fn clear_run(&self, mut x: i64, mut y: i64, (dx, dy): (i64, i64), n: i64) -> bool {
        if n == 0 {
            return true;
        }
        if self.settings.algorithm.uses_jump_table() {
            let (d, width) = (move_index(dx, dy), i64::from(self.width));
            let mut run = 0;
            while run < n {
                let dist = i64::from(self.jump_table.get((y * width + x) as usize, d));
                if dist <= 0 {
                    return run - dist >= n;
                }
                run += dist;
                x += dx * dist;
                y += dy * dist;
            }
            return true;
        }
        let b = &self.bits;
        if dx != 0 && dy != 0 {
            for _ in 0..n {
                if !(b.free_near(x + dx, y + dy)
                    && b.free_near(x + dx, y)
                    && b.free_near(x, y + dy))
                {
                    return false;
                }
                x += dx;
                y += dy;
            }
            return true;
        }
        // Straight: every bit from the next cell to the n-th set in the line's words.
        let (axis, line, from, step) = if dy == 0 {
            (Axis::Rows, y, x, dx)
        } else {
            (Axis::Columns, x, y, dy)
        };
        let (lo, hi) = if step > 0 {
            (from + 1, from + n)
        } else {
            (from - n, from - 1)
        };
        if lo < 0 || hi >= i64::from(b.length(axis)) {
            return false;
        }
        let words = b.line(axis, line);
        let (lo, hi) = (lo as usize, hi as usize);
        (lo / 64..=hi / 64).all(|w| {
            let mut mask = !0u64;
            if w == lo / 64 {
                mask &= !0 << (lo % 64);
            }
            if w == hi / 64 {
                mask &= !0 >> (63 - hi % 64);
            }
            words.get(w).is_some_and(|&v| v & mask == mask)
        })
    }

    /// JPS and JPS2: runs from (x, y) in direction (dx, dy) over the bit sets and returns the
    /// first jump point and the number of steps to it, or `None` at a wall or the map's edge
    /// (JPS+ and JPS2+ look theirs up, `jump_plus`). Inlined into the successor step: a call
    /// here cost JPS 6 % more instructions.
    #[inline(always)]
    fn jump(&mut self, x: i64, y: i64, dx: i64, dy: i64) -> Option<(i64, i64, u64)> {
        // Whether the scanned cells are painted is asked once a jump, not at every diagonal
        // step and straight scan (`scanned` asks the recorder each time, and its call kept
        // the scan's count of steps alive): unrecorded, that took a JPS query on AR0011SR
        // from 140,100 instructions to 126,650 (callgrind; room-32-32-4 level, 36,750 to
        // 36,920, its jumps being short).
        let paint = self.rec.is_on();
        if dx != 0 && dy != 0 {
            return if paint {
                self.jump_diagonal::<true>(x, y, dx, dy)
            } else {
                self.jump_diagonal::<false>(x, y, dx, dy)
            };
        }
        if dx == 0 && self.direction_count == 4 {
            return self.jump_vertical_4(x, y, dy);
        }
        if paint {
            self.jump_straight::<true>(x, y, dx, dy)
        } else {
            self.jump_straight::<false>(x, y, dx, dy)
        }
    }

    /// JPS2: the diagonal jump from the jump point `cell` at `from` (cost `g`) in
    /// direction `(dx, dy)`, pruned. It does not stop where a straight jump finds a jump
    /// point: it offers that jump point at once, with its cost through the turn (parent
    /// `cell`: the path is filled in as diagonal steps, then straight ones), and runs on to
    /// the wall. The turning cells never become nodes, which is what halves the expansions.
    ///
    /// Why it stays optimal: JPS would make the turning cell `c` a node and, on expanding it
    /// (entered diagonally, so nothing is forced), jump straight along both of the
    /// diagonal's parts and on along it. Here those same jumps run from `c` at once, with
    /// `c`'s g added in; a cheaper path to `c` found later reaches the same jump points
    /// through its own parent, so every jump point gets the g JPS gives it. A jump point so
    /// offered was entered straight (its last run), which the longer axis of its offset
    /// from `cell` says ([`entered_direction`]). Kept out of line: inlined into the successor
    /// step, it cost JPS, which never calls it, 3 % more instructions.
    #[inline(never)]
    fn pruned_diagonal(&mut self, cell: u32, from: (i64, i64), (dx, dy): (i64, i64), g: u64) {
        // As `jump`: the recorder asked once, and unrecorded one copy per direction.
        if self.rec.is_on() {
            return self.pruned_walk::<true>(cell, from, dx, dy, g);
        }
        match (dx, dy) {
            (1, 1) => self.pruned_walk::<false>(cell, from, 1, 1, g),
            (1, _) => self.pruned_walk::<false>(cell, from, 1, -1, g),
            (_, 1) => self.pruned_walk::<false>(cell, from, -1, 1, g),
            _ => self.pruned_walk::<false>(cell, from, -1, -1, g),
        }
    }

    /// [`Search::pruned_diagonal`]'s walk; `PAINT` as for [`Search::jump_straight`].
    #[inline(always)]
    fn pruned_walk<const PAINT: bool>(
        &mut self,
        cell: u32,
        from: (i64, i64),
        dx: i64,
        dy: i64,
        g: u64,
    ) {
        let diagonal = self.step_units[1][1];
        let (gx, gy) = self.goal_xy;
        let goal = (i64::from(gx), i64::from(gy));
        let width = i64::from(self.width);
        let (mut x, mut y) = from;
        let mut run = 0;
        // JPS2's cells: the diagonal a step at a time (as JPS's `jump_diagonal`); JPS2+ hops
        // along its table instead (`pruned_diagonal_plus`).
        // The side cells of the first step are read; those of the next ones are what the
        // straight scans of the step before found (as in `jump_diagonal`).
        let b = &self.bits;
        if !(b.free_near(x + dx, y) && b.free_near(x, y + dy)) {
            return;
        }
        loop {
            if !self.bits.free_near(x + dx, y + dy) {
                return;
            }
            if PAINT {
                self.scanned(x + dx, y + dy, dx, dy, 1);
            }
            x += dx;
            y += dy;
            run += 1;
            let g_turn = g + run * diagonal;
            if (x, y) == goal {
                self.relax(cell, self.goal, self.goal_xy, g_turn, JUMP_POINT);
                return;
            }
            // The straight jumps from the turning cell, scanned without `jump`'s choice of
            // kind at every cell.
            let across = self.straight_run::<PAINT>(x, y, dx, 0);
            let along = self.straight_run::<PAINT>(x, y, 0, dy);
            for ((found, more), (sx, sy)) in [(across, (dx, 0)), (along, (0, dy))] {
                if found {
                    let (jx, jy) = (x + sx * more, y + sy * more);
                    let to = (jy * width + jx) as u32;
                    self.relax(
                        cell,
                        to,
                        (jx as u32, jy as u32),
                        g_turn + more as u64 * COST_SCALE,
                        JUMP_POINT,
                    );
                }
            }
            if across.1 == 0 || along.1 == 0 {
                return;
            }
        }
    }

    /// A straight jump by bit sets: rows for a horizontal one, columns for a vertical one.
    /// Inlined: the diagonal jumps call it twice a step, and a call was a sixth of its cost.
    /// `PAINT` false skips `scanned` (the search is not recorded); true leaves it to ask.
    #[inline(always)]
    fn jump_straight<const PAINT: bool>(
        &mut self,
        x: i64,
        y: i64,
        dx: i64,
        dy: i64,
    ) -> Option<(i64, i64, u64)> {
        let (found, steps) = self.straight_run::<PAINT>(x, y, dx, dy);
        found.then(|| (x + dx * steps, y + dy * steps, steps as u64))
    }

    /// [`Search::jump_straight`]'s scan: whether it found a jump point, and the cells it
    /// moved over (to the jump point, or to the last free cell before a wall). The next cell
    /// is free exactly when that count is not 0, which the diagonal steps read instead of
    /// testing the cell again.
    #[inline(always)]
    fn straight_run<const PAINT: bool>(&mut self, x: i64, y: i64, dx: i64, dy: i64) -> (bool, i64) {
        let (gx, gy) = self.goal_xy;
        let (gx, gy) = (i64::from(gx), i64::from(gy));
        let (axis, line, from, step, target) = if dy == 0 {
            (Axis::Rows, y, x, dx, (gy == y).then_some(gx))
        } else {
            (Axis::Columns, x, y, dy, (gx == x).then_some(gy))
        };
        let end = scan(&self.bits, axis, line, from, step > 0, target);
        let (stop, found) = match end {
            Run::Jump(p) => (p, true),
            Run::Blocked(p) => (p - step, false),
        };
        let steps = (stop - from) * step;
        if PAINT {
            self.scanned(x + dx, y + dy, dx, dy, steps);
        }
        (found, steps)
    }

    /// A diagonal jump: one step at a time (both side cells free: no corner cutting), and a
    /// jump point wherever a straight jump from the cell finds one. The two straight scans of
    /// a step say whether the next step's side cells are free (they moved at least one
    /// cell), so only its diagonal cell is read from the bit set. `PAINT` as for
    /// [`Search::jump_straight`].
    fn jump_diagonal<const PAINT: bool>(
        &mut self,
        mut x: i64,
        mut y: i64,
        dx: i64,
        dy: i64,
    ) -> Option<(i64, i64, u64)> {
        let (gx, gy) = self.goal_xy;
        let goal = (i64::from(gx), i64::from(gy));
        let mut steps = 0u64;
        let b = &self.bits;
        if !(b.free_near(x + dx, y) && b.free_near(x, y + dy)) {
            return None;
        }
        loop {
            if !self.bits.free_near(x + dx, y + dy) {
                return None;
            }
            x += dx;
            y += dy;
            steps += 1;
            if PAINT {
                self.scanned(x, y, dx, dy, 1);
            }
            if (x, y) == goal {
                return Some((x, y, steps));
            }
            let (found, across) = self.straight_run::<PAINT>(x, y, dx, 0);
            if found {
                return Some((x, y, steps));
            }
            let (found, along) = self.straight_run::<PAINT>(x, y, 0, dy);
            if found {
                return Some((x, y, steps));
            }
            if across == 0 || along == 0 {
                return None;
            }
        }
    }

    /// The orthogonal variant's vertical jump: one step at a time, stopping at a forced
    /// neighbour or where a horizontal jump finds a jump point (which makes "vertical first"
    /// canonical).
    fn jump_vertical_4(&mut self, x: i64, mut y: i64, dy: i64) -> Option<(i64, i64, u64)> {
        let (gx, gy) = self.goal_xy;
        let goal = (i64::from(gx), i64::from(gy));
        let mut steps = 0u64;
        loop {
            if !self.bits.free_near(x, y + dy) {
                return None;
            }
            y += dy;
            steps += 1;
            self.scanned(x, y, 0, dy, 1);
            let forced = self.bits.forced(x, y, (0, dy));
            if (x, y) == goal
                || forced
                || self.jump_straight::<true>(x, y, 1, 0).is_some()
                || self.jump_straight::<true>(x, y, -1, 0).is_some()
            {
                return Some((x, y, steps));
            }
        }
    }
}

/// Where a straight scan along a line stopped: at a jump point, or before a wall (the
/// position of the wall, −1 or the line's length at the map's edge).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Run {
    Jump(i64),
    Blocked(i64),
}

/// Scans line `line` of `axis` from position `from` (excluded) forwards or backwards, 63
/// cells at a time, and stops at the first position that is a wall, the `target` (the goal,
/// when it is on this line), or has a forced neighbour: a cell of a side line that is free
/// where the cell behind it (towards `from`) is a wall.
///
/// Each round reads a window of 64 cells of the three lines ([`BitGrid::windows`]) with the
/// cell it starts from at one end (bit 0 going forwards, bit 63 going backwards), so the cell
/// behind every other one is in the same word and a forced neighbour is one shift, one
/// complement and one `and`; the next round starts from the window's far end.
#[inline(always)]
fn scan(
    bits: &BitGrid,
    axis: Axis,
    line: i64,
    from: i64,
    forward: bool,
    target: Option<i64>,
) -> Run {
    let mut at = from;
    if forward {
        loop {
            let [before, here, after] = bits.windows(axis, line, at);
            // Bit i of `side << 1` is the side line's cell at i − 1, behind bit i.
            let turns = |side: u64| side & !(side << 1);
            let mut hit = (turns(before) | turns(after)) & !1;
            if let Some(t) = target {
                if (1..64).contains(&(t - at)) {
                    hit |= 1 << (t - at);
                }
            }
            let walls = !here & !1;
            let (h, b) = (hit.trailing_zeros(), walls.trailing_zeros());
            if h < b {
                return Run::Jump(at + i64::from(h));
            }
            if b < 64 {
                return Run::Blocked(at + i64::from(b));
            }
            at += 63;
        }
    } else {
        loop {
            // Bit 63 is `at`, bit 63 − i the cell i before it.
            let [before, here, after] = bits.windows(axis, line, at - 63);
            // Bit i of `side >> 1` is the side line's cell at i + 1, behind a run going
            // backwards.
            let turns = |side: u64| side & !(side >> 1);
            let top = !(1u64 << 63);
            let mut hit = (turns(before) | turns(after)) & top;
            if let Some(t) = target {
                if (1..64).contains(&(at - t)) {
                    hit |= 1 << (63 - (at - t));
                }
            }
            let walls = !here & top;
            let (h, b) = (hit.leading_zeros(), walls.leading_zeros());
            if h < b {
                return Run::Jump(at - i64::from(h));
            }
            if b < 64 {
                return Run::Blocked(at - i64::from(b));
            }
            at -= 63;
        }
    }
}

mod plus;
#[cfg(test)]
mod tests;
