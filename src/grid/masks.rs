//! The legal moves out of every cell, worked out once per map and movement rule: one byte per
//! cell, bit d set when move d is legal ([`Topology::legal_moves`], the one neighbour rule).
//! The textbook engine's successor loop then tests one bit per move instead of the map's
//! edges, the two side cells of a diagonal and the diagonal rule.
//!
//! A cell's byte depends on its 3 × 3 neighbourhood, so after an edit only the rows around
//! the edited ones are redone; an unchanged map costs one comparison ([`Grid::revision`]).

use super::cells::{Grid, Revision};
use super::movement::{Connectivity, DiagonalRule};
use super::shape::Shape;
use super::topology::Topology;

/// Per cell, `y * width + x`, the legal moves out of it, kept in step with a grid.
#[derive(Clone, Debug, Default)]
pub(crate) struct MoveMasks {
    width: u32,
    height: u32,
    /// The part of the topology legality depends on (the diagonal cost does not matter).
    rule: Option<(Shape, Connectivity, DiagonalRule)>,
    masks: Vec<u8>,
    /// The legal moves for each of the 256 neighbourhoods ([`Movement::legal_moves_around`]).
    table: Vec<u8>,
    /// The grid contents the masks were built from.
    built: Revision,
}

impl MoveMasks {
    /// Brings the masks in step with `grid` under `topology` (its topology): rows around the
    /// rows changed since the last sync are redone; another grid, size or rule redoes them
    /// all.
    pub(crate) fn sync(&mut self, grid: &Grid, topology: &Topology) {
        let movement = &topology.movement;
        let rule = Some((
            topology.shape,
            movement.connectivity,
            movement.diagonal_rule,
        ));
        let (w, h) = (grid.width(), grid.height());
        let same = rule == self.rule && (w, h) == (self.width, self.height);
        if rule != self.rule {
            self.table = (0..=255u8)
                .map(|a| movement.legal_moves_around(a))
                .collect();
        }
        match grid.rows_changed_since(self.built) {
            Some(rows) if same => {
                let mut redo = vec![false; h as usize];
                for y in rows {
                    let (lo, hi) = (y.saturating_sub(1), (y + 1).min(h - 1));
                    redo[lo as usize..=hi as usize].fill(true);
                }
                for y in (0..h).filter(|&y| redo[y as usize]) {
                    self.write_row(grid, topology, y);
                }
            }
            _ => {
                self.width = w;
                self.height = h;
                self.rule = rule;
                self.masks.clear();
                self.masks.resize(grid.len(), 0);
                for y in 0..h {
                    self.write_row(grid, topology, y);
                }
            }
        }
        self.built = grid.revision();
    }

    /// Redoes row `y`: each square's neighbourhood read from the rows above, at and below it
    /// (the map's edge reads as wall), then looked up in the table; each hex's moves from the
    /// rule itself (a hex's neighbours are in the same three rows, too).
    fn write_row(&mut self, grid: &Grid, topology: &Topology, y: u32) {
        let w = self.width as usize;
        let bytes = grid.bytes();
        if topology.shape.is_hex() {
            let row = &mut self.masks[y as usize * w..(y as usize + 1) * w];
            for (x, mask) in row.iter_mut().enumerate() {
                *mask = topology.legal_moves(bytes, (x as u32, y));
            }
            return;
        }
        // The three rows as passable flags (0 or 1), padded with a wall on either side, so
        // each cell reads its eight neighbours from three windows of three without a bounds
        // check.
        let mut flags = [vec![0u8; w + 2], vec![0u8; w + 2], vec![0u8; w + 2]];
        for (k, line) in flags.iter_mut().enumerate() {
            let r = i64::from(y) + k as i64 - 1;
            if r >= 0 && r < i64::from(self.height) {
                let row = &bytes[r as usize * w..(r as usize + 1) * w];
                for (f, &b) in line[1..=w].iter_mut().zip(row) {
                    *f = u8::from(b != 0);
                }
            }
        }
        let [above, here, below] = &flags;
        let masks = &mut self.masks[y as usize * w..(y as usize + 1) * w];
        let windows = above.windows(3).zip(here.windows(3)).zip(below.windows(3));
        for (mask, ((a, h), b)) in masks.iter_mut().zip(windows) {
            // Bits in MOVES order: N, E, S, W, NE, SE, SW, NW.
            let around = a[1]
                | h[2] << 1
                | b[1] << 2
                | h[0] << 3
                | a[2] << 4
                | b[2] << 5
                | b[0] << 6
                | a[0] << 7;
            *mask = self.table[usize::from(around)];
        }
    }

    /// The masks, one byte per cell.
    #[inline(always)]
    pub(crate) fn bytes(&self) -> &[u8] {
        &self.masks
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::{Cell, Movement};

    #[test]
    fn masks_follow_the_rule_and_the_edits() {
        let mut grid = Grid::new(7, 6).unwrap();
        grid.set(3, 3, Cell::Wall);
        grid.set(1, 1, Cell::Terrain(3));
        let mut masks = MoveMasks::default();
        let check = |masks: &MoveMasks, grid: &Grid, movement: &Movement| {
            let topology = Topology::of(grid, movement);
            for y in 0..grid.height() {
                for x in 0..grid.width() {
                    let want = topology.legal_moves(grid.bytes(), (x, y));
                    assert_eq!(
                        masks.bytes()[(y * grid.width() + x) as usize],
                        want,
                        "({x}, {y})"
                    );
                }
            }
        };
        for movement in [
            Movement::default(),
            Movement::four(),
            Movement {
                diagonal_rule: DiagonalRule::OneSideFree,
                ..Movement::default()
            },
        ] {
            masks.sync(&grid, &Topology::of(&grid, &movement));
            check(&masks, &grid, &movement);
            grid.set(2, 4, Cell::Wall);
            grid.set(3, 3, Cell::OPEN);
            grid.set(6, 0, Cell::Wall);
            masks.sync(&grid, &Topology::of(&grid, &movement));
            check(&masks, &grid, &movement);
        }
        for shape in [Shape::HexRows, Shape::HexColumns] {
            let mut hexes = grid.clone().into_shape(shape);
            masks.sync(&hexes, &Topology::of(&hexes, &Movement::default()));
            check(&masks, &hexes, &Movement::default());
            hexes.set(4, 2, Cell::Wall);
            masks.sync(&hexes, &Topology::of(&hexes, &Movement::default()));
            check(&masks, &hexes, &Movement::default());
        }
        let other = Grid::new(3, 9).unwrap();
        masks.sync(&other, &Topology::of(&other, &Movement::default()));
        check(&masks, &other, &Movement::default());
    }
}
