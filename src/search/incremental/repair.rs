//! What an edit or a walker's move does to LPA* and D* Lite: the cells whose steps changed
//! get their `rhs` recomputed and are queued again, the start moves with `km` caught up, and
//! a repair starts with the last one's marks cleared — so the next run repairs outwards from
//! them instead of starting over.

use super::*;

impl Incremental {
    /// Tells the search that these cells' bytes changed in `grid` (walls or terrain), so it
    /// repairs rather than restarts on the next [`Incremental::run`]. Cells outside the grid
    /// are ignored.
    pub fn cells_changed(&mut self, grid: &Grid, changed: &[(u32, u32)]) {
        if grid.width() != self.width || grid.height() != self.height || changed.is_empty() {
            return;
        }
        self.begin_repair();
        let cells = grid.bytes();
        // A cell's byte decides the steps into it, out of it, and the diagonal steps that
        // pass its corner; all of those join two cells of the 3×3 block around it.
        let mut touched: Vec<u32> = Vec::with_capacity(changed.len() * 9);
        for &(x, y) in changed {
            for dy in -1i64..=1 {
                for dx in -1i64..=1 {
                    if let Some(i) = grid.index(i64::from(x) + dx, i64::from(y) + dy) {
                        touched.push(i as u32);
                    }
                }
            }
        }
        touched.sort_unstable();
        touched.dedup();
        if self.mode != Mode::Lpa {
            self.catch_up_km();
        }
        for cell in touched {
            self.update_vertex(cells, cell);
        }
    }

    /// Moves the start to `to` (D* Lite keeps its work; LPA* starts over, since its costs are
    /// measured from the start). Refused on a wall or outside the grid.
    pub fn move_start(&mut self, grid: &Grid, to: (u32, u32)) -> Result<(), PlanError> {
        let index = endpoint_index(grid, "start", to)?;
        if index == self.start {
            return Ok(());
        }
        match self.mode {
            Mode::Lpa => {
                let goal = (self.goal % self.width, self.goal / self.width);
                *self = Incremental::new(self.mode, grid, to, goal, &self.settings)?;
            }
            Mode::DStarLite | Mode::Field => {
                self.begin_repair();
                self.start = index;
                self.catch_up_km();
            }
        }
        Ok(())
    }

    /// D* Lite: the heuristic now measures from the current start, and `km` grows by how far
    /// it moved, so every key already in the queue stays a lower bound of its new key.
    fn catch_up_km(&mut self) {
        if self.last_start == self.start {
            return;
        }
        let w = self.width;
        let from = (self.last_start % w, self.last_start / w);
        let to = (self.start % w, self.start / w);
        let h = Estimator::on(self.heuristic, &self.topology, from).units(to.0, to.1);
        self.km = self.km.saturating_add(h);
        self.last_start = self.start;
        self.estimator = Estimator::on(self.heuristic, &self.topology, to);
    }

    /// Starts a repair: per-repair stats restart, last repair's marks go back to closed.
    fn begin_repair(&mut self) {
        if self.status.is_done() || self.stats.expanded > 0 {
            self.info.repairs += 1;
        }
        for &cell in &self.marked {
            let c = cell as usize;
            if self.state[c] == PATH || self.state[c] == UPDATED {
                self.state[c] = if self.is_queued(cell) { OPEN } else { CLOSED };
            }
        }
        for &cell in &self.path {
            let c = cell as usize;
            if self.state[c] == PATH {
                self.state[c] = if self.is_queued(cell) { OPEN } else { CLOSED };
            }
        }
        self.marked.clear();
        self.path.clear();
        self.info.updated_cells = 0;
        self.status = Status::Running;
        let open = self.stats.open_size;
        self.stats = Stats {
            open_size: open,
            max_open: open,
            ..Stats::default()
        };
    }
}
