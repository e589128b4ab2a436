//! The cost table as a whole, for the views over the map ([`crate::fields`]): a settled table
//! adopted as a finished search, and `g` read back cell by cell.

use super::*;

impl Incremental {
    /// Adopts `g` (every cell's cost to the target in fixed-point units, [`INF`] where none),
    /// settled by a plain Dijkstra that expanded `settled` cells, as a finished search: every
    /// cell with a cost closed and consistent, nothing queued. Later edits are then repaired
    /// as D* Lite repairs its own search (a distance field's first build).
    pub(crate) fn adopt_settled(&mut self, g: Vec<u64>, settled: u64) {
        for (state, &cost) in self.state.iter_mut().zip(&g) {
            *state = if cost == INF { UNVISITED } else { CLOSED };
        }
        self.g = g;
        self.rhs_apart.clear();
        self.queued.clear();
        self.heap.clear();
        self.marked.clear();
        self.status = Status::Found;
        self.stats = Stats {
            expanded: settled,
            generated: settled,
            ..Stats::default()
        };
    }

    /// Every cell's `g` in fixed-point units, [`INF`] where it has none, at `y * width + x`.
    pub(crate) fn costs(&self) -> &[u64] {
        &self.g
    }

    /// The goal's cell index (`y * width + x`).
    pub(crate) fn goal_index(&self) -> u32 {
        self.goal
    }

    /// The map's width and height.
    pub(crate) fn size(&self) -> (u32, u32) {
        (self.width, self.height)
    }
}
