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
        // Nor has a cell a Theta* segment crosses that the search never expanded (open, or
        // never reached): its node word holds an open entry's slot or an earlier query's.
        let nodeless = state == CellState::Scanned
            || (state == CellState::Path
                && self.is_any_angle()
                && self.nodeless_path.binary_search(&(c as u32)).is_ok());
        let known = state != CellState::Unvisited && !nodeless;
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
        // search's path cells filled in between its jump points and Theta*'s nodeless ones;
        // plain open ones never were. Those never expanded may hold an earlier search's
        // number in their slot.
        let expanded = !nodeless
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::SplitMix64;
    use crate::search::core::{Budget, Status};
    use crate::search::engine::test_maps::random_walls;
    use crate::search::searcher::Searcher;
    use crate::search::settings::{Algorithm, Settings};

    /// The inspector reads the same on every cell of a search restarted over earlier queries
    /// (of every algorithm [`Search`] runs, so each slot holds what some other search left
    /// in it) as on a search made for the query alone: nothing an earlier query left shows,
    /// whether the earlier paths were painted, painted after their run
    /// ([`Searcher::paint_path`]) or never painted.
    #[test]
    fn a_restarted_search_shows_nothing_an_earlier_query_left() {
        let algorithms: Vec<Algorithm> = Algorithm::ALL
            .into_iter()
            .filter(|&a| Search::handles(a))
            .collect();
        let mut rng = SplitMix64::new(0x9e37_79b9_7f4a_7c15);
        let mut found = 0;
        for (w, h, density) in [(23, 17, 20), (40, 9, 10), (32, 32, 30)] {
            let (grid, free) = random_walls(w, h, density, &mut rng);
            let mut pick = || free[rng.below(free.len() as u64) as usize];
            let queries: Vec<_> = (0..12).map(|_| (pick(), pick())).collect();
            let first = Settings::default();
            let mut search = Search::new(&grid, queries[0].0, queries[0].1, &first).unwrap();
            search.keep_expansion_numbers(true);
            for (i, &(start, goal)) in queries.iter().enumerate() {
                // Every algorithm answers every query, in an order turned by one each
                // query, so a query runs over what another algorithm left.
                for k in 0..algorithms.len() {
                    let algorithm = algorithms[(k + i) % algorithms.len()];
                    let settings = Settings {
                        algorithm,
                        ..Settings::default()
                    };
                    // The path is painted (0), or not and then painted after the run (1), or
                    // not at all (2: only the answer is compared, and the next query starts
                    // over a path never painted).
                    let paint = (k + i) % 3;
                    search.paint_path(paint == 0);
                    search.restart(&grid, start, goal, &settings).unwrap();
                    let status = search.run(&grid, Budget::Unlimited, || 0.0).unwrap();
                    let mut fresh = Search::new(&grid, start, goal, &settings).unwrap();
                    fresh.keep_expansion_numbers(true);
                    fresh.run(&grid, Budget::Unlimited, || 0.0).unwrap();
                    found += usize::from(status == Status::Found);
                    let what = format!("{algorithm:?} {start:?} → {goal:?}");
                    assert_eq!(status, fresh.status, "{what}");
                    assert_eq!(search.path, fresh.path, "{what}");
                    assert_eq!(search.stats.path_cost, fresh.stats.path_cost, "{what}");
                    assert_eq!(search.stats.expanded, fresh.stats.expanded, "{what}");
                    assert_eq!(search.stats.generated, fresh.stats.generated, "{what}");
                    if paint == 2 {
                        continue;
                    }
                    search.paint_path(true);
                    assert_eq!(search.state, fresh.state, "{what}");
                    if algorithm == Algorithm::Theta {
                        // A cell a segment crosses shows a node only if it was expanded.
                        for (x, y) in (0..h).flat_map(|y| (0..w).map(move |x| (x, y))) {
                            let node = fresh.node(x, y).unwrap();
                            if node.state == CellState::Path {
                                assert_eq!(node.g.is_some(), node.expansion.is_some());
                            }
                        }
                    }
                    for y in 0..h {
                        for x in 0..w {
                            assert_eq!(
                                search.node(x, y),
                                fresh.node(x, y),
                                "{algorithm:?} {start:?} → {goal:?} at ({x}, {y})"
                            );
                        }
                    }
                }
            }
        }
        assert!(found > 100, "only {found} queries found a path");
    }
}
