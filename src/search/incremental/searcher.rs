//! LPA* and D* Lite as a [`Searcher`]: stepping, repairs after an edit or a walker's move,
//! the node inspector, and the open list in key order with why its first entry goes first.

use super::*;

impl Searcher for Incremental {
    common_searcher_methods!(cells);

    fn restart(
        &mut self,
        grid: &Grid,
        start: (u32, u32),
        goal: (u32, u32),
        settings: &Settings,
    ) -> Result<(), PlanError> {
        let mode = Mode::of(settings.algorithm).unwrap_or(self.mode);
        *self = Incremental::new(mode, grid, start, goal, settings)?;
        Ok(())
    }

    fn run(
        &mut self,
        grid: &Grid,
        budget: Budget,
        now_ms: &dyn Fn() -> f64,
    ) -> Result<Status, PlanError> {
        Incremental::run(self, grid, budget, now_ms)
    }

    fn handles(&self, algorithm: Algorithm) -> bool {
        Mode::of(algorithm).is_some()
    }

    fn node(&self, x: u32, y: u32) -> Option<NodeInfo> {
        Incremental::node(self, x, y)
    }

    fn repair(
        &mut self,
        grid: &Grid,
        start: (u32, u32),
        goal: (u32, u32),
        changed: &[u32],
    ) -> bool {
        if grid.width() != self.width || grid.height() != self.height || goal != self.goal() {
            return false;
        }
        if start != self.start()
            && (self.mode == Mode::Lpa || self.move_start(grid, start).is_err())
        {
            return false;
        }
        let cells: Vec<(u32, u32)> = changed
            .iter()
            .filter(|&&i| (i as usize) < grid.len())
            .map(|&i| grid.coords(i as usize))
            .collect();
        self.cells_changed(grid, &cells);
        // The repair is queued, not run: the planner runs it (to the end at once when the
        // search had finished, so the path follows the edit) and records its expansions on a
        // timeline of their own.
        true
    }

    fn repairs(&self) -> u64 {
        self.info.repairs
    }

    /// The queued cells by key `[min(g, rhs) + h + km, min(g, rhs)]`, then cell index (the
    /// heap's order).
    fn open_top(&self, n: usize) -> Vec<OpenEntry> {
        self.queue_top(n)
            .into_iter()
            .map(|(key, cell)| {
                let c = cell as usize;
                let (x, y) = self.coords(cell);
                let cost = |v: u64| v as f64 / COST_SCALE as f64;
                let k = [cost(key.0), cost(key.1)];
                OpenEntry {
                    x,
                    y,
                    g: cost(self.g[c].min(self.rhs(cell))),
                    h: self.estimator.cost(x, y),
                    f: k[0],
                    direction: None,
                    key: Some(k),
                }
            })
            .collect()
    }

    fn open_why(&self) -> String {
        let Some(&(top, _)) = self.queue_top(1).first() else {
            return String::new();
        };
        let cost = |v: u64| two_decimals(v as f64 / COST_SCALE as f64);
        let queued = || self.queued_keys();
        let ties = queued().filter(|k| k.0 == top.0).count().saturating_sub(1);
        let full = queued().filter(|&k| k == top).count().saturating_sub(1);
        let (k1, k2) = (cost(top.0), cost(top.1));
        if ties == 0 {
            format!("smallest key [{k1}, {k2}]")
        } else if full == 0 {
            format!(
                "tie on k1 = {k1} with {}: ties go to the smaller k2 = {k2}",
                others(ties)
            )
        } else {
            format!(
                "tie on the whole key [{k1}, {k2}] with {}: ties go to the cell first in \
                 reading order",
                others(full)
            )
        }
    }
}

impl Mode {
    /// The mode that runs `algorithm`, if it is LPA* or D* Lite.
    pub fn of(algorithm: Algorithm) -> Option<Mode> {
        match algorithm {
            Algorithm::Lpa => Some(Mode::Lpa),
            Algorithm::DStarLite => Some(Mode::DStarLite),
            _ => None,
        }
    }
}
