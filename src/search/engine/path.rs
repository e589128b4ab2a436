//! The path a search returns: its parents followed back from the end, the runs between jump
//! points filled in cell by cell (each filled cell given its g and parent), the path cells
//! marked, and its exact cost summed once. The path's buffer and the jump points' are kept
//! from query to query, so a query allocates nothing here once they are long enough.

use super::jps::move_index;
use super::slots::node_word;
use super::Search;
use crate::grid::Topology;
use crate::search::core::{PATH, UNVISITED};
use crate::search::record::SAME_NODE;
use crate::search::settings::Algorithm;

impl Search {
    /// Follows parents back from `end`, marks the path cells and records its exact cost.
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
        let cost = match self.settings.algorithm {
            // The jump paths mark their cells as they are filled.
            a if a.jumps() => self.fill_jumps(&back, cells),
            _ => {
                self.path.extend(back.iter().rev());
                if self.settings.algorithm == Algorithm::Theta {
                    self.waypoints = back;
                    return self.finish_any_angle_path();
                }
                for i in 0..self.path.len() {
                    self.mark_path(self.path[i]);
                }
                self.topology.cost_of(cells, &self.path)
            }
        };
        self.waypoints = back;
        self.stats.path_cost = Some(cost);
        self.stats.path_moves = Some(self.path.len() as u64 - 1);
    }

    /// Cell `cell` is on the path: its state byte says so, for the page and the timeline.
    #[inline(always)]
    fn mark_path(&mut self, cell: u32) {
        if let Some(state) = self.state.get_mut(cell as usize) {
            if *state == UNVISITED {
                self.touched.push(cell);
            }
            *state = PATH;
            self.rec.event(cell, PATH, SAME_NODE);
        }
    }

    /// Builds and marks the path from the jump points of `back` (last first), filling the
    /// straight and diagonal runs between consecutive ones so the path lists neighbouring
    /// cells like every other grid search, and returns its cost. The filled cells get a g and
    /// a parent too, so the node inspector can follow the path back. A jump is a straight or
    /// diagonal run, and the direct path to the goal diagonal steps then straight ones, so
    /// each pair is at most a diagonal run then a straight one, each stepped by a fixed index
    /// offset. The cost is [`Topology::cost_of`]'s sum, step by step in the same order,
    /// without its two divisions a cell.
    fn fill_jumps(&mut self, back: &[u32], cells: &[u8]) -> f64 {
        let w = i64::from(self.width);
        let units = [self.step_units[0][1], self.step_units[1][1]];
        let mut waypoints = back.iter().rev();
        let Some(&first) = waypoints.next() else {
            return 0.0;
        };
        self.path.push(first);
        self.mark_path(first);
        let mut cost = 0.0;
        let (mut from, mut at) = (first, self.coords(first));
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
            // The last cell of the pair is the jump point `to`, which keeps its own node.
            let saved = self.nodes.get(to as usize).copied().unwrap_or(0);
            let mut g = self.g(from);
            let mut c = i64::from(from);
            self.path.reserve((diagonals + straights) as usize);
            for (step, count) in [((sx, sy), diagonals), (straight, straights)] {
                if count <= 0 {
                    continue;
                }
                let unit = units[usize::from(step.0 != 0 && step.1 != 0)];
                let d = move_index(step.0, step.1) as u64;
                let offset = step.1 * w + step.0;
                let factor = step_factor(&self.topology, at, step);
                for _ in 0..count {
                    c += offset;
                    g += unit;
                    let cell = c as u32;
                    cost += f64::from(cells.get(cell as usize).copied().unwrap_or(0)) * factor;
                    if let Some(node) = self.nodes.get_mut(cell as usize) {
                        *node = node_word(g, d);
                    }
                    self.path.push(cell);
                    self.mark_path(cell);
                }
            }
            if let Some(node) = self.nodes.get_mut(to as usize) {
                *node = saved;
            }
            from = to;
            at = target;
        }
        cost
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
                        let g = search.node(x, y).and_then(|n| n.g).unwrap();
                        assert!((g - prefix).abs() < 1e-6, "g of ({x}, {y}): {g} ≠ {prefix}");
                    }
                }
            }
        }
        assert!(found > 200, "only {found} queries found a path");
    }
}
