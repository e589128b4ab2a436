//! The textbook engine as a [`Searcher`]: the trait's methods forwarded to [`Search`]'s own,
//! and the open list as entries for the page's panel.

use super::*;

impl Searcher for Search {
    common_searcher_methods!(cells);

    fn restart(
        &mut self,
        grid: &Grid,
        start: (u32, u32),
        goal: (u32, u32),
        settings: &Settings,
    ) -> Result<(), PlanError> {
        Search::restart(self, grid, start, goal, settings)
    }

    fn run(
        &mut self,
        grid: &Grid,
        budget: Budget,
        now_ms: &dyn Fn() -> f64,
    ) -> Result<Status, PlanError> {
        Search::run(self, grid, budget, now_ms)
    }

    fn handles(&self, algorithm: Algorithm) -> bool {
        Search::handles(algorithm)
    }

    fn is_any_angle(&self) -> bool {
        Search::is_any_angle(self)
    }

    fn node(&self, x: u32, y: u32) -> Option<NodeInfo> {
        Search::node(self, x, y)
    }

    fn keep_expansion_numbers(&mut self, on: bool) {
        self.expansions.set_on(on, self.state.len());
    }

    fn paint_path(&mut self, on: bool) {
        self.paints = on;
        if on {
            self.paint_built_path();
        }
    }

    fn open_top(&self, n: usize) -> Vec<OpenEntry> {
        self.open_entries(n)
            .iter()
            .filter_map(|e| {
                let (x, y) = self.coords(e.cell());
                self.node(x, y)
            })
            .map(|node| {
                let g = node.g.unwrap_or(0.0);
                OpenEntry {
                    x: node.x,
                    y: node.y,
                    g,
                    h: node.h,
                    f: node.f.unwrap_or(g),
                    direction: None,
                    key: None,
                }
            })
            .collect()
    }

    fn open_why(&self) -> String {
        self.open_reason()
    }
}
