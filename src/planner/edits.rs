//! Map edits and their undo history: brush strokes grouped into one undo step, clearing the
//! map, undo and redo. Every edit ends in the run control's `after_edit`.

use super::line::{brush_cells, brush_reach, clip_segment, stroke_cells};
use super::state::{Edit, Planner};
use crate::grid::Cell;

/// The most strokes kept for undo.
pub const UNDO_LIMIT: usize = 200;

/// The most cell changes the undo history keeps in all (8 bytes each, so 64 MiB): beyond
/// it the oldest edits are forgotten, whatever [`UNDO_LIMIT`] says, so clearing a
/// 4096 × 4096 map over and over cannot exhaust memory.
pub const UNDO_CELL_LIMIT: usize = 8 << 20;

impl Planner {
    /// Opens an undo group: every edit until [`Planner::end_stroke`] undoes as one.
    pub fn begin_stroke(&mut self) {
        self.end_stroke();
        self.stroke = Some(Edit::default());
    }

    /// Closes the undo group opened by [`Planner::begin_stroke`].
    pub fn end_stroke(&mut self) {
        if let Some(edit) = self.stroke.take() {
            if !edit.is_empty() {
                self.push_undo(edit);
            }
        }
    }

    /// Sets one cell (undoable). The start and goal cells can't be walled. Returns whether
    /// anything changed.
    pub fn set_cell(&mut self, x: u32, y: u32, cell: Cell) -> bool {
        self.paint_line((x, y), (x, y), 1, cell) > 0
    }

    /// Paints `cell` with a brush of side `brush` (1–9: a square block on squares, a hex disc
    /// on hexagons, [`super::brush_cells`]) along the straight line from `from` to `to`
    /// ([`super::stroke_cells`]), every cell between the two ends included, so a fast drag
    /// leaves no gaps. Cells outside the map are skipped; so are the markers' cells when
    /// painting a wall. Returns the number of cells changed; the search restarts if any did.
    pub fn paint_line(
        &mut self,
        from: (u32, u32),
        to: (u32, u32),
        brush: u32,
        cell: Cell,
    ) -> usize {
        let byte = cell.to_byte();
        if byte > 4 {
            return 0;
        }
        let shape = self.scene.grid.shape();
        let (lo, hi) = brush_reach(shape, brush);
        // Coordinates come from callers we don't control (a u32 from JS can be 4 billion):
        // walk only the part of the line whose brush can touch the map.
        let (w, h) = (
            i64::from(self.scene.grid.width()),
            i64::from(self.scene.grid.height()),
        );
        let area = (-hi, -hi, w - 1 - lo, h - 1 - lo);
        let Some((a, b)) = clip_segment(from, to, area) else {
            return 0;
        };
        let mut changes = Vec::new();
        let (start, goal) = (self.scene.start, self.scene.goal);
        let grid = &mut self.scene.grid;
        for centre in stroke_cells(shape, a, b) {
            brush_cells(shape, centre, brush, |x, y| {
                let Some(i) = grid.index(x, y) else {
                    return;
                };
                let at = (x as u32, y as u32);
                let old = grid.bytes()[i];
                if old == byte || (byte == 0 && (at == start || at == goal)) {
                    return;
                }
                grid.set(x, y, cell);
                changes.push((i as u32, old, byte));
            });
        }
        let count = changes.len();
        if count > 0 {
            self.record(Edit {
                cells: changes,
                markers: None,
            });
        }
        count
    }

    /// Sets every cell to open ground of cost 1 (undoable).
    pub fn clear_walls(&mut self) -> usize {
        let changes: Vec<(u32, u8, u8)> = self
            .scene
            .grid
            .bytes()
            .iter()
            .enumerate()
            .filter(|&(_, &b)| b != 1)
            .map(|(i, &b)| (i as u32, b, 1))
            .collect();
        let count = changes.len();
        if count > 0 {
            self.scene.grid.fill(Cell::OPEN);
            self.record(Edit {
                cells: changes,
                markers: None,
            });
        }
        self.bump();
        count
    }

    /// Undoes the last edit; returns false when there is none.
    pub fn undo(&mut self) -> bool {
        self.bump();
        self.end_stroke();
        let Some(edit) = self.undo.pop() else {
            return false;
        };
        self.replay(&edit, true);
        self.redo.push(edit);
        true
    }

    /// Redoes the last undone edit; returns false when there is none.
    pub fn redo(&mut self) -> bool {
        self.bump();
        self.end_stroke();
        let Some(edit) = self.redo.pop() else {
            return false;
        };
        self.replay(&edit, false);
        self.undo.push(edit);
        true
    }

    /// Whether there is an edit to undo.
    pub fn can_undo(&self) -> bool {
        !self.undo.is_empty() || self.stroke.as_ref().is_some_and(|s| !s.is_empty())
    }

    /// Whether there is an edit to redo.
    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    fn replay(&mut self, edit: &Edit, backwards: bool) {
        if let Some([before, after]) = edit.markers {
            (self.scene.start, self.scene.goal) = if backwards { before } else { after };
        }
        // The walker moves the start without an undo step, so an undone edit may want a wall
        // where a marker now stands: markers win, as when painting.
        let markers = [self.scene.start, self.scene.goal];
        let mut set = |&(i, before, after): &(u32, u8, u8)| {
            let (x, y) = self.scene.grid.coords(i as usize);
            let byte = if backwards { before } else { after };
            if byte == 0 && markers.contains(&(x, y)) {
                return;
            }
            if let Some(cell) = Cell::from_byte(byte) {
                self.scene.grid.set(i64::from(x), i64::from(y), cell);
            }
        };
        // A stroke may touch a cell twice; undo replays it backwards so the first "before"
        // wins, redo forwards so the last "after" does.
        if backwards {
            edit.cells.iter().rev().for_each(&mut set);
        } else {
            edit.cells.iter().for_each(&mut set);
        }
        let changed: Vec<u32> = edit.cells.iter().map(|&(i, _, _)| i).collect();
        self.after_edit(&changed);
    }

    /// Files an edit under the open stroke or as an undo step of its own, then restarts.
    pub(super) fn record(&mut self, edit: Edit) {
        let changed: Vec<u32> = edit.cells.iter().map(|&(i, _, _)| i).collect();
        match &mut self.stroke {
            Some(stroke) => {
                stroke.cells.extend(edit.cells);
                if let Some([before, after]) = edit.markers {
                    let first = stroke.markers.map_or(before, |[first, _]| first);
                    stroke.markers = Some([first, after]);
                }
            }
            None => self.push_undo(edit),
        }
        self.after_edit(&changed);
        self.bump();
    }

    fn push_undo(&mut self, edit: Edit) {
        self.undo.push(edit);
        trim_history(&mut self.undo, UNDO_LIMIT, UNDO_CELL_LIMIT);
        self.redo.clear();
    }
}

/// Forgets the oldest edits until at most `edits` remain holding at most `cells` changes
/// in all; the newest edit is always kept, however large, so it can be undone.
pub(super) fn trim_history(history: &mut Vec<Edit>, edits: usize, cells: usize) {
    let mut kept: usize = history.iter().map(|e| e.cells.len()).sum();
    let mut drop = 0;
    while history.len() - drop > 1 && (history.len() - drop > edits || kept > cells) {
        kept -= history[drop].cells.len();
        drop += 1;
    }
    history.drain(..drop);
}
