//! The path a search returns: its parents followed back from the end, the runs between jump
//! points filled in cell by cell, the path cells marked, and its exact cost summed once. The
//! path's buffer and the jump points' are kept from query to query, so a query allocates
//! nothing here once they are long enough. A filled cell's g and parent are not written
//! while the path is built: the node inspector works them out from the path when it is
//! asked ([`Search::path_node`]), so a query pays only for the cells and their marks.

use super::Search;
use crate::grid::Topology;
use crate::search::core::PATH;
use crate::search::record::SAME_NODE;
use crate::search::settings::Algorithm;

impl Search {
    /// Follows parents back from `end`, records the path's exact cost and, when the state
    /// bytes are painted ([`Search::paints`], or the search is recorded), marks its cells.
    pub(super) fn build_path(&mut self, end: u32, cells: &[u8]) {
        let mut back = std::mem::take(&mut self.waypoints);
        back.clear();
        let mut cell = end;
        loop {
            back.push(cell);
            let Some(parent) = self.parent(cell) else {
                break;
            };
            if back.len() > cells.len() {
                break;
            }
            cell = parent;
        }
        self.path.clear();
        let paint = self.paints || self.rec.is_on();
        let cost = match self.settings.algorithm {
            // The jump paths mark their cells as they are filled.
            a if a.jumps() && paint => self.fill_jumps::<true>(&back, cells),
            a if a.jumps() => self.fill_jumps::<false>(&back, cells),
            _ => {
                self.path.extend(back.iter().rev());
                if self.settings.algorithm == Algorithm::Theta {
                    // Theta*'s path is always painted (`finish_any_angle_path`).
                    self.waypoints = back;
                    self.path_painted = true;
                    return self.finish_any_angle_path();
                }
                if paint {
                    for i in 0..self.path.len() {
                        self.mark_path(self.path[i]);
                    }
                }
                self.topology.cost_of(cells, &self.path)
            }
        };
        self.path_painted = paint;
        self.waypoints = back;
        self.stats.path_cost = Some(cost);
        self.stats.path_moves = Some(self.path.len() as u64 - 1);
    }

    /// Marks the cells of a path built while the state bytes were not painted, so they show
    /// what they would have shown had they been
    /// ([`Searcher::paint_path`](crate::search::Searcher::paint_path) switched on after a
    /// query). Theta*'s path is always painted.
    pub(super) fn paint_built_path(&mut self) {
        if self.path_painted || self.path.is_empty() {
            return;
        }
        // The bytes only, not `mark_path`'s events: a recorder started since did not see
        // this run, and its timeline must not hold its path.
        for &cell in &self.path {
            if let Some(state) = self.state.get_mut(cell as usize) {
                *state = PATH;
            }
        }
        self.path_painted = true;
    }

    /// Cell `cell` is on the path: its state byte says so, for the page and the timeline. It
    /// is not listed in `touched`: a restart puts back the cells of `path` as well, when the
    /// path was painted (`path_painted`).
    #[inline(always)]
    fn mark_path(&mut self, cell: u32) {
        if let Some(state) = self.state.get_mut(cell as usize) {
            *state = PATH;
            self.rec.event(cell, PATH, SAME_NODE);
        }
    }

    /// Builds the path from the jump points of `back` (last first), filling the
    /// straight and diagonal runs between consecutive ones so the path lists neighbouring
    /// cells like every other grid search, and returns its cost. A jump is a straight or
    /// diagonal run, and the direct path to the goal diagonal steps then straight ones, so
    /// each pair is at most a diagonal run then a straight one, each stepped by a fixed index
    /// offset. The cost is [`Topology::cost_of`]'s sum, step by step in the same order,
    /// without its two divisions a cell. The filled cells keep their node words: the
    /// inspector works out their g and parent from the path ([`Search::path_node`]). With
    /// `PAINT` false the state bytes are left as the search left them.
    fn fill_jumps<const PAINT: bool>(&mut self, back: &[u32], cells: &[u8]) -> f64 {
        let w = i64::from(self.width);
        let mut waypoints = back.iter().rev();
        let Some(&first) = waypoints.next() else {
            return 0.0;
        };
        self.path.push(first);
        if let Some(s) = self.state.get_mut(first as usize).filter(|_| PAINT) {
            *s = PATH;
        }
        let mut cost = 0.0;
        let (mut c, mut at) = (i64::from(first), self.coords(first));
        for &to in waypoints {
            let target = self.coords(to);
            let (dx, dy) = (
                i64::from(target.0) - i64::from(at.0),
                i64::from(target.1) - i64::from(at.1),
            );
            let (sx, sy) = (dx.signum(), dy.signum());
            let diagonals = dx.abs().min(dy.abs());
            let straights = dx.abs().max(dy.abs()) - diagonals;
            let straight = if dx.abs() > dy.abs() {
                (sx, 0)
            } else {
                (0, sy)
            };
            self.path.reserve((diagonals + straights) as usize);
            for (step, count) in [((sx, sy), diagonals), (straight, straights)] {
                if count <= 0 {
                    continue;
                }
                let offset = step.1 * w + step.0;
                let factor = step_factor(&self.topology, at, step);
                // Each cell of the run is listed, costed and marked in one loop (one exit a
                // run for the branch predictor to miss, not two; `extend` over a range checks
                // the capacity once), the cell index stepping by the run's offset. A jump
                // search runs only on a map of uniform cost (`Settings::unavailable_on`,
                // checked at every restart), where every passable cell's byte is 1: a step
                // costs its factor, `1 × factor` to the bit, with no terrain to read.
                let state = &mut self.state[..];
                let mut i = c as usize;
                let step = offset as usize;
                self.path.extend((0..count).map(|_| {
                    i = i.wrapping_add(step);
                    debug_assert_eq!(cells.get(i), Some(&1), "a jump path on uniform cost");
                    cost += factor;
                    if PAINT {
                        if let Some(s) = state.get_mut(i) {
                            *s = PATH;
                        }
                    }
                    i as u32
                }));
                c += count * offset;
            }
            at = target;
        }
        if PAINT && self.rec.is_on() {
            for &cell in &self.path {
                self.rec.event(cell, PATH, SAME_NODE);
            }
        }
        cost
    }

    /// The g (in the engine's units) and parent of path cell `cell` of a jump search, worked
    /// out from the path: a jump point of it (`waypoints`) has its own node; a cell filled
    /// in between has the g of the one before it plus its step's cost, and that one as
    /// parent. The third value says whether `cell` is a jump point (expanded by this search;
    /// a cell filled in between never was). `None` when `cell` is not on the path.
    pub(super) fn path_node(&self, cell: u32) -> Option<(u64, Option<u32>, bool)> {
        let mut jump_points = self.waypoints.iter().rev().peekable();
        let mut before: Option<(u32, u64)> = None;
        for &p in &self.path {
            let g = match before {
                Some((q, g)) if jump_points.peek() != Some(&&p) => {
                    let (a, b) = (self.coords(q), self.coords(p));
                    g + self.step_units[usize::from(a.0 != b.0 && a.1 != b.1)][1]
                }
                _ => {
                    jump_points.next();
                    if p == cell {
                        return Some((self.g(p), self.parent(p), true));
                    }
                    self.g(p)
                }
            };
            if p == cell {
                return Some((g, before.map(|(q, _)| q), false));
            }
            before = Some((p, g));
        }
        None
    }
}

/// What a step of `step` from a cell costs per unit of terrain: [`Topology::step_cost`] for
/// terrain 1, so `terrain × factor` is that step's cost to the bit.
fn step_factor(topology: &Topology, at: (u32, u32), step: (i64, i64)) -> f64 {
    let to = (
        at.0.wrapping_add_signed(step.0 as i32),
        at.1.wrapping_add_signed(step.1 as i32),
    );
    topology.step_cost(at, to, 1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::SplitMix64;
    use crate::search::core::{Budget, Status};
    use crate::search::engine::test_maps::random_walls;
    use crate::search::settings::Settings;

    /// A cell filled in between two jump points was never expanded by this search: the
    /// inspector shows no expansion number for it, not the one an earlier search left in its
    /// slot; the path's jump points show theirs.
    #[test]
    fn cells_filled_between_jump_points_show_no_expansion_number() {
        let grid = crate::grid::Grid::new(10, 10).unwrap();
        let dijkstra = Settings {
            algorithm: Algorithm::Dijkstra,
            ..Settings::default()
        };
        let mut search = Search::new(&grid, (0, 0), (9, 9), &dijkstra).unwrap();
        crate::search::searcher::Searcher::keep_expansion_numbers(&mut search, true);
        search.run(&grid, Budget::Unlimited, || 0.0).unwrap();
        assert!(search.node(4, 5).unwrap().expansion.is_some());
        let jps = Settings {
            algorithm: Algorithm::Jps,
            ..Settings::default()
        };
        search.restart(&grid, (0, 5), (9, 5), &jps).unwrap();
        let status = search.run(&grid, Budget::Unlimited, || 0.0).unwrap();
        assert_eq!(status, Status::Found);
        let between = search.node(4, 5).unwrap();
        assert_eq!(between.state, crate::search::core::CellState::Path);
        assert_eq!(between.expansion, None);
        assert_eq!(search.node(0, 5).unwrap().expansion, Some(1), "the start");
    }

    /// Random walls, and queries between random free cells, each searched by a jump point
    /// search restarted on one [`Search`] (so the path's buffers are reused) and by A*.
    #[test]
    fn jump_paths_list_neighbouring_cells_with_their_cost_and_g() {
        let mut rng = SplitMix64::new(0x2545_f491_4f6c_dd1d);
        let mut found = 0;
        for (w, h, density) in [(23, 17, 20), (40, 9, 30), (2, 30, 10), (64, 64, 35)] {
            let (grid, free) = random_walls(w, h, density, &mut rng);
            let mut pick = || free[rng.below(free.len() as u64) as usize];
            let queries: Vec<_> = (0..30).map(|_| (pick(), pick())).collect();
            for algorithm in [
                Algorithm::Jps,
                Algorithm::JpsPlus,
                Algorithm::Jps2,
                Algorithm::Jps2Plus,
            ] {
                let settings = Settings {
                    algorithm,
                    ..Settings::default()
                };
                let astar = Settings {
                    algorithm: Algorithm::AStar,
                    ..Settings::default()
                };
                let (s0, g0) = queries[0];
                let mut search = Search::new(&grid, s0, g0, &settings).unwrap();
                for &(start, goal) in &queries {
                    search.restart(&grid, start, goal, &settings).unwrap();
                    let status = search.run(&grid, Budget::Unlimited, || 0.0).unwrap();
                    let mut reference = Search::new(&grid, start, goal, &astar).unwrap();
                    let want = reference.run(&grid, Budget::Unlimited, || 0.0).unwrap();
                    assert_eq!(status, want, "{algorithm:?} {start:?} → {goal:?}");
                    if status != Status::Found {
                        continue;
                    }
                    found += 1;
                    let path = search.path.clone();
                    let cost = search.stats.path_cost.unwrap();
                    assert_eq!(
                        cost.to_bits(),
                        search.topology.cost_of(grid.bytes(), &path).to_bits()
                    );
                    assert!((cost - reference.stats.path_cost.unwrap()).abs() < 1e-9);
                    assert_eq!(search.coords(path[0]), start);
                    assert_eq!(search.coords(path[path.len() - 1]), goal);
                    let mut prefix = 0.0;
                    for (i, &c) in path.iter().enumerate() {
                        let (x, y) = search.coords(c);
                        if i > 0 {
                            let (px, py) = search.coords(path[i - 1]);
                            let step = (x.abs_diff(px), y.abs_diff(py));
                            assert!(step.0 <= 1 && step.1 <= 1 && step != (0, 0));
                            prefix += search.topology.step_cost((px, py), (x, y), 1);
                        }
                        let node = search.node(x, y).unwrap();
                        let g = node.g.unwrap();
                        assert!((g - prefix).abs() < 1e-6, "g of ({x}, {y}): {g} ≠ {prefix}");
                        // The parent is a cell earlier on the path: the one before, for a
                        // cell filled in between two jump points.
                        let earlier = &path[..i];
                        let parent = node.parent.map(|(px, py)| py * search.width + px);
                        match parent {
                            None => assert_eq!(i, 0),
                            Some(p) if search.waypoints.contains(&c) => {
                                assert!(earlier.contains(&p))
                            }
                            Some(p) => assert_eq!(Some(&p), earlier.last()),
                        }
                    }
                }
            }
        }
        assert!(found > 200, "only {found} queries found a path");
    }
}
