//! Theta* (Nash, Daniel, Koenig & Felner 2007): any-angle paths by line-of-sight shortcuts.
//!
//! Theta* is A* on the grid's neighbours with one change in the successor step: when cell `s`
//! offers a path to its neighbour `n`, and `n` can see `s`'s own parent `p`, the path goes
//! straight from `p` to `n` (cost `g(p) + |p n|`) instead of through `s`. Parents are then
//! corners of a polyline, and path lengths are Euclidean: a straight segment between cell
//! centres costs its length. The heuristic is the straight-line distance (the only one
//! admissible for any-angle moves), whatever the settings say.
//!
//! **Line of sight** ([`crate::grid::line_of_sight`]) is strict: the segment between two cell
//! centres may not touch any wall cell, not even at a corner. So it never passes through a wall,
//! never cuts a blocked corner and never squeezes between two diagonally touching walls — the same
//! rule as the Moving AI diagonal step, which is the segment between two diagonal neighbours.
//!
//! **Terrain:** Theta* here needs a map of uniform cost (every free cell costs 1). Charging
//! terrain along a segment would need the exact length of the segment inside each cell, and
//! the path shortcuts would no longer be straight-line-optimal, so the planner refuses
//! Theta* on weighted maps with a message instead ([`super::Settings::unavailable_on`]). The
//! diagonal cost setting is ignored: a diagonal segment costs its length, √2. Movement must
//! be the Moving AI rule or 4-connected (the neighbours Theta* grows from).
//!
//! It is a variant of [`Search`]'s loop (same open list, per-cell arrays, stats and stepping);
//! [`Search::path`] lists the polyline's corners ([`Search::is_any_angle`]) and the path
//! cells painted are the cells each segment crosses.

use super::Search;
use crate::grid::{distance, walk_segment};
use crate::heuristic::COST_SCALE;
use crate::search::core::{CLOSED, PATH, UNVISITED};
use crate::search::record::SAME_NODE;

impl Search {
    /// The successor step of Theta* for `cell` at (x, y) with cost `g`.
    pub(super) fn theta_successors(&mut self, cell: u32, x: u32, y: u32, g: u64, cells: &[u8]) {
        let (w, h) = (i64::from(self.width), i64::from(self.height));
        let free = |x: i64, y: i64| {
            x >= 0 && y >= 0 && x < w && y < h && cells.get((y * w + x) as usize) != Some(&0)
        };
        let parent = self.parent(cell);
        let here = (x, y);
        let mut steps = [0u32; 8];
        let mut count = 0;
        self.topology.neighbours(cells, here, |n| {
            steps[count] = n.index;
            count += 1;
        });
        for &n in &steps[..count] {
            // Like the paper, a closed cell is final: the Euclidean heuristic is consistent.
            if self.state[n as usize] == CLOSED {
                continue;
            }
            let to = self.coords(n);
            let (from, new_g) = match parent {
                None => (cell, g + length_units(here, to)),
                Some(p) => {
                    let pc = self.coords(p);
                    if walk_segment(pc, to, free) {
                        (p, self.g(p) + length_units(pc, to))
                    } else {
                        (cell, g + length_units(here, to))
                    }
                }
            };
            self.relax(from, n, to, new_g, CLOSED);
        }
    }

    /// Theta*'s path: the polyline corners stay in `path`; its cost is the sum of the
    /// segment lengths and the cells every segment crosses are painted as path. The cells
    /// crossed that this search never expanded (the corners all were) are listed in
    /// `nodeless_path`: the inspector shows no node for them.
    pub(super) fn finish_any_angle_path(&mut self) {
        let mut cost = 0.0;
        self.nodeless_path.clear();
        for i in 1..self.path.len() {
            let a = self.coords(self.path[i - 1]);
            let b = self.coords(self.path[i]);
            cost += distance(a, b);
            let w = self.width;
            let (state, rec, touched) = (&mut self.state, &mut self.rec, &mut self.touched);
            let nodeless = &mut self.nodeless_path;
            walk_segment(a, b, |x, y| {
                let i = y * i64::from(w) + x;
                if let Some(s) = state.get_mut(i as usize) {
                    match *s {
                        // Expanded, or already crossed by the segment before.
                        CLOSED | PATH => {}
                        UNVISITED => {
                            touched.push(i as u32);
                            nodeless.push(i as u32);
                        }
                        _ => nodeless.push(i as u32),
                    }
                    *s = PATH;
                    rec.event(i as u32, PATH, SAME_NODE);
                }
                true
            });
        }
        self.nodeless_path.sort_unstable();
        if let Some(&first) = self.path.first() {
            if self.state[first as usize] == UNVISITED {
                self.touched.push(first);
            }
            self.state[first as usize] = PATH;
            self.rec.event(first, PATH, SAME_NODE);
        }
        self.stats.path_cost = Some(cost);
        self.stats.path_moves = Some(self.path.len().saturating_sub(1) as u64);
    }
}

/// A segment's length in fixed-point cost units, rounded to the nearest unit (the mesh rounds
/// up instead, [`super::mesh::edge_units`], since its heuristic is the straight line).
fn length_units(a: (u32, u32), b: (u32, u32)) -> u64 {
    (distance(a, b) * COST_SCALE as f64).round() as u64
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::SplitMix64;
    use crate::search::core::{Budget, Status};
    use crate::search::engine::test_maps::random_walls;
    use crate::search::searcher::Searcher;
    use crate::search::settings::{Algorithm, Settings};

    /// At any heuristic weight every corner of the path was expanded and is not open again
    /// when the search ends (Theta* never re-opens a closed cell): the inspector shows its g
    /// (the length of the path up to it), its parent (the corner before it) and an expansion
    /// number, never an open entry's slot read as g.
    #[test]
    fn every_corner_shows_its_node_at_any_weight() {
        let mut rng = SplitMix64::new(0x7e7a_5eed);
        let mut corners = 0;
        for (w, h, density) in [(40, 30, 25), (64, 64, 35), (33, 47, 30)] {
            let (grid, free) = random_walls(w, h, density, &mut rng);
            for weight in [1.0, 1.5, 3.0] {
                let settings = Settings {
                    algorithm: Algorithm::Theta,
                    weight,
                    ..Settings::default()
                };
                for _ in 0..20 {
                    let start = free[rng.below(free.len() as u64) as usize];
                    let goal = free[rng.below(free.len() as u64) as usize];
                    let mut search = Search::new(&grid, start, goal, &settings).unwrap();
                    search.keep_expansion_numbers(true);
                    if search.run(&grid, Budget::Unlimited, || 0.0).unwrap() != Status::Found {
                        continue;
                    }
                    let path = search.path.clone();
                    let mut units = 0;
                    for (k, &c) in path.iter().enumerate() {
                        let here = search.coords(c);
                        if k > 0 {
                            units += length_units(search.coords(path[k - 1]), here);
                        }
                        let node = search.node(here.0, here.1).unwrap();
                        let want = units as f64 / COST_SCALE as f64;
                        let g = node.g.unwrap_or(f64::NAN);
                        assert!(
                            (g - want).abs() < 1e-9,
                            "weight {weight}: corner {here:?} g {g} != {want}"
                        );
                        let parent = (k > 0).then(|| search.coords(path[k - 1]));
                        assert_eq!(node.parent, parent, "weight {weight}: corner {here:?}");
                        assert!(
                            node.expansion.is_some(),
                            "weight {weight}: corner {here:?} shows no expansion"
                        );
                        corners += 1;
                    }
                }
            }
        }
        assert!(corners > 200, "only {corners} corners checked");
    }
}
