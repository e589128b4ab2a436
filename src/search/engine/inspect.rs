//! What the textbook engine tells the page about its cells: the node inspector's details.

use super::Search;
use crate::heuristic::COST_SCALE;
use crate::search::core::{CellState, NodeInfo};

impl Search {
    /// What the search knows about (x, y), or `None` when outside the grid.
    pub fn node(&self, x: u32, y: u32) -> Option<NodeInfo> {
        if x >= self.width || y >= self.height {
            return None;
        }
        let c = (y * self.width + x) as usize;
        let state = CellState::from_byte(self.state[c]).unwrap_or(CellState::Unvisited);
        // A Jump Point Search cell painted closed was only scanned by a jump: it has no node.
        let scanned = state == CellState::Scanned;
        let known = state != CellState::Unvisited && !scanned;
        // A jump search's path cells between its jump points have no node of their own:
        // their g and parent follow from the path.
        let filled = (state == CellState::Path && self.settings.algorithm.jumps())
            .then(|| self.path_node(c as u32))
            .flatten();
        let (g_units, parent, filled_in) = match filled {
            Some((g, parent, jump_point)) => (g, parent, !jump_point),
            None if known => (self.g(c as u32), self.parent(c as u32), false),
            None => (0, None, false),
        };
        let g = known.then(|| g_units as f64 / COST_SCALE as f64);
        let h = self.estimator.cost(x, y);
        let f = g.and_then(|g| self.settings.algorithm.priority(self.settings.weight, g, h));
        // Path cells and re-opened cells were all expanded at least once, but for a jump
        // search's path cells filled in between its jump points; plain open ones never were.
        // Those never expanded may hold an earlier search's number in their slot.
        let expanded = !scanned
            && !filled_in
            && matches!(
                state,
                CellState::Closed | CellState::Reopened | CellState::Path | CellState::JumpPoint
            );
        Some(NodeInfo {
            x,
            y,
            state,
            g,
            h,
            f,
            parent: parent.filter(|_| known).map(|p| self.coords(p)),
            expansion: expanded.then(|| self.expansions.get(c)).flatten(),
        })
    }
}
