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
//! It is a variant of [`Search`]'s loop, not a copy: the same open list, per-cell arrays,
//! stats, budget and stepping; only the successor step differs ([`Search::jump_successors`]).
//! One expansion is one jump point. Expanded jump points are painted
//! [`CellState::JumpPoint`](super::CellState::JumpPoint), cells a jump scanned over
//! [`CellState::Closed`](super::CellState::Closed). The octile heuristic (consistent) keeps it
//! optimal; PathFinding.js's JPS defaults to Manhattan, which overestimates diagonals and is
//! why it returns longer paths.
//!
//! Offered only on maps of uniform cost with Moving AI or 4-connected movement
//! ([`super::Settings::unavailable_on`]).

use super::Search;
use crate::heuristic::diagonal_units;
use crate::heuristic::COST_SCALE;
use crate::search::core::{JUMP_POINT, MOVES, SCANNED, UNVISITED};
use crate::search::record::NO_PARENT;
use crate::search::record::SAME_NODE;

impl Search {
    /// Whether (x, y) is on the map and not a wall.
    #[inline]
    fn free(&self, cells: &[u8], x: i64, y: i64) -> bool {
        x >= 0
            && y >= 0
            && x < i64::from(self.width)
            && y < i64::from(self.height)
            && cells.get((y * i64::from(self.width) + x) as usize) != Some(&0)
    }

    /// Marks a cell a jump passed over, unless it already has a node.
    #[inline]
    fn scanned(&mut self, x: i64, y: i64) {
        let i = (y * i64::from(self.width) + x) as usize;
        if let Some(s) = self.state.get_mut(i) {
            if *s == UNVISITED {
                *s = SCANNED;
                self.rec.event(i as u32, SCANNED, SAME_NODE);
            }
        }
    }

    /// The successor step of Jump Point Search for the jump point `cell` at (x, y) with cost
    /// `g`: prune its neighbours by the direction it was reached in, jump along each remaining
    /// direction and offer every jump point found.
    pub(super) fn jump_successors(&mut self, cell: u32, x: u32, y: u32, g: u64, cells: &[u8]) {
        if let Some(s) = self.state.get_mut(cell as usize) {
            *s = JUMP_POINT;
            self.rec.event(cell, JUMP_POINT, SAME_NODE);
        }
        let (x, y) = (i64::from(x), i64::from(y));
        let parent = self.nodes[cell as usize].parent;
        let eight = self.direction_count == 8;
        let mut dirs = [(0i64, 0i64); 8];
        let mut count = 0;
        let mut add = |d: (i64, i64)| {
            if !dirs[..count].contains(&d) {
                dirs[count] = d;
                count += 1;
            }
        };
        if parent == NO_PARENT {
            for &(dx, dy) in &MOVES[..self.direction_count] {
                add((dx, dy));
            }
        } else {
            let (px, py) = self.coords(parent);
            let dx = (x - i64::from(px)).signum();
            let dy = (y - i64::from(py)).signum();
            if dx != 0 && dy != 0 {
                // Diagonal: the two straight components and straight on. No-corner-cutting
                // means the way in had both side cells free, so nothing is ever forced.
                add((dx, 0));
                add((0, dy));
                add((dx, dy));
            } else if eight {
                add((dx, dy));
                // Straight: a side cell whose cell behind is a wall could not be reached by
                // a diagonal from the cell behind us, so it (and the diagonal past it) is
                // forced.
                let (sx, sy) = (dy.abs(), dx.abs());
                for side in [1, -1] {
                    let (ox, oy) = (sx * side, sy * side);
                    if self.free(cells, x + ox, y + oy)
                        && !self.free(cells, x + ox - dx, y + oy - dy)
                    {
                        add((ox, oy));
                        add((dx + ox, dy + oy));
                    }
                }
            } else {
                // Orthogonal variant: straight on and both sides (a turn is only ever made at
                // a jump point, so the sides must be tried there).
                add((dx, dy));
                add((dy, dx));
                add((-dy, -dx));
            }
        }
        let straight = COST_SCALE;
        let diagonal = diagonal_units(self.settings.movement.diagonal_cost);
        for &(dx, dy) in &dirs[..count] {
            if let Some((jx, jy, steps)) = self.jump(cells, x, y, dx, dy) {
                let unit = if dx != 0 && dy != 0 {
                    diagonal
                } else {
                    straight
                };
                let to = (jy * i64::from(self.width) + jx) as u32;
                self.relax(cell, to, g + steps * unit, JUMP_POINT);
            }
        }
    }

    /// Whether one step from (x, y) by (dx, dy) is legal: the target is free and, for a
    /// diagonal, both side cells are.
    #[inline]
    fn can_move(&self, cells: &[u8], x: i64, y: i64, dx: i64, dy: i64) -> bool {
        self.free(cells, x + dx, y + dy)
            && (dx == 0 || dy == 0 || (self.free(cells, x + dx, y) && self.free(cells, x, y + dy)))
    }

    /// Runs from (x, y) in direction (dx, dy) and returns the first jump point and the number
    /// of steps to it, or `None` at a wall or the map's edge.
    fn jump(
        &mut self,
        cells: &[u8],
        mut x: i64,
        mut y: i64,
        dx: i64,
        dy: i64,
    ) -> Option<(i64, i64, u64)> {
        let (gx, gy) = self.coords(self.goal);
        let (gx, gy) = (i64::from(gx), i64::from(gy));
        let eight = self.direction_count == 8;
        let mut steps = 0u64;
        loop {
            if !self.can_move(cells, x, y, dx, dy) {
                return None;
            }
            x += dx;
            y += dy;
            steps += 1;
            self.scanned(x, y);
            if (x, y) == (gx, gy) {
                return Some((x, y, steps));
            }
            if dx != 0 && dy != 0 {
                // Diagonal: a jump point if a straight jump from here finds one.
                if self.jump(cells, x, y, dx, 0).is_some()
                    || self.jump(cells, x, y, 0, dy).is_some()
                {
                    return Some((x, y, steps));
                }
                continue;
            }
            // Straight: a jump point if a side cell is forced (free, with a wall behind it).
            let (sx, sy) = (dy.abs(), dx.abs());
            for side in [1, -1] {
                let (ox, oy) = (sx * side, sy * side);
                if self.free(cells, x + ox, y + oy) && !self.free(cells, x + ox - dx, y + oy - dy) {
                    return Some((x, y, steps));
                }
            }
            // Orthogonal variant, moving vertically: stop where a horizontal jump finds one.
            if !eight
                && dx == 0
                && (self.jump(cells, x, y, 1, 0).is_some()
                    || self.jump(cells, x, y, -1, 0).is_some())
            {
                return Some((x, y, steps));
            }
        }
    }

    /// Fills the straight and diagonal runs between consecutive jump points of the path, so
    /// the path lists neighbouring cells like every other grid search. The filled cells get a
    /// g and a parent too, so the node inspector can follow the path back.
    pub(super) fn fill_jumps(&mut self) {
        let w = i64::from(self.width);
        let mut full = Vec::with_capacity(self.path.len());
        for pair in self.path.windows(2) {
            let (ax, ay) = self.coords(pair[0]);
            let (bx, by) = self.coords(pair[1]);
            let (ax, ay, bx, by) = (i64::from(ax), i64::from(ay), i64::from(bx), i64::from(by));
            let (dx, dy) = ((bx - ax).signum(), (by - ay).signum());
            let unit = if dx != 0 && dy != 0 {
                diagonal_units(self.settings.movement.diagonal_cost)
            } else {
                COST_SCALE
            };
            let (mut x, mut y) = (ax, ay);
            let mut g = self.nodes[pair[0] as usize].g;
            full.push(pair[0]);
            // A jump is a straight or diagonal run, so stepping by the signs reaches b; the
            // bound guards against a malformed pair all the same.
            for _ in 1..(bx - ax).abs().max((by - ay).abs()) {
                let prev = (y * w + x) as u32;
                x += dx;
                y += dy;
                g += unit;
                let c = (y * w + x) as u32;
                if let Some(node) = self.nodes.get_mut(c as usize) {
                    node.g = g;
                    node.parent = prev;
                }
                full.push(c);
            }
        }
        if let Some(&last) = self.path.last() {
            full.push(last);
        }
        self.path = full;
    }
}
