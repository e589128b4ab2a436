//! Distance fields: the cost from every cell to the goal, kept up to date as the map is
//! edited, and the crowd of walkers that follows it (the tower-defence picture).
//!
//! A field is D* Lite from the goal ([`Mode::Field`]) with no heuristic and no start to stop
//! at: it settles every cell that can reach the goal, in cost order, and an edit repairs only
//! the cells whose cost it changes, as D* Lite repairs a path. The first build is a plain
//! Dijkstra towards the goal (the same costs, without D* Lite's bookkeeping for every cell),
//! handed to D* Lite as a search with nothing left to do; and an edit that would make the
//! repair redo more than a share of the map (a wall that cuts the map in two) rebuilds
//! instead, which is then cheaper: "incrementally where it pays". A cell's *flow* is the
//! neighbour it steps to on a cheapest way to the goal — the same rule that reads off a D* Lite
//! path (`g(next) + step` least, ties to the first move in the fixed order) — so a walker
//! that follows the flow from any cell reaches the goal at the field's cost.
//!
//! ```
//! use pathlab::fields::DistanceField;
//! use pathlab::{Cell, Grid, Movement};
//! let mut grid = Grid::new(5, 3)?;
//! let mut field = DistanceField::new(&grid, (4, 1), &Movement::four())?;
//! assert_eq!(field.cost(0, 1), Some(4.0));
//! assert_eq!(field.next(&grid, 0, 1), Some((1, 1)));
//! // A wall in the way: the field is repaired, not rebuilt.
//! grid.set(2, 1, Cell::Wall);
//! field.edited(&grid, &[(2, 1)]);
//! assert_eq!(field.cost(0, 1), Some(6.0));
//! assert_eq!(field.cost(2, 1), None, "a wall has no cost");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use super::range::{cheapest_costs, Direction};
use crate::grid::{Grid, Movement, Topology};
use crate::heuristic::{Heuristic, COST_SCALE};
use crate::rng::SplitMix64;
use crate::search::incremental::{Incremental, Mode, INF};
use crate::search::{Algorithm, Budget, PlanError, Searcher, Settings, Stats};

/// The cost of every cell to a goal, and which way to go from each.
#[derive(Clone, Debug)]
pub struct DistanceField {
    search: Incremental,
    movement: Movement,
    /// The work of the last build or repair.
    last: Stats,
    /// How many cells the last build reached: a repair may redo a [`REPAIR_SHARE`] of them
    /// before a rebuild is cheaper.
    reached: u64,
    /// Whether the last edit was repaired (true) or rebuilt (false).
    repaired: bool,
}

/// A repair settles a cell for about four times what a plain Dijkstra does (D* Lite keeps two
/// values and a queue entry per cell it touches), so a repair past a quarter of the cells a
/// build reached has cost about a build: it stops there and the field is rebuilt. This is the
/// ski-rental rule: an edit that would have needed a long repair costs at most about two
/// builds, and every shorter repair is kept (`examples/field_bench.rs` measures both: a
/// 64-cell stroke across the middle of `big-1024`, which changes half the map, is 2.5 builds).
const REPAIR_SHARE: u64 = 4;

/// A heat byte for a cell no way joins to the goal (or a wall).
pub const UNREACHED: u8 = 255;

impl DistanceField {
    /// The field of `goal` on `grid` under `movement`, built to the end.
    pub fn new(grid: &Grid, goal: (u32, u32), movement: &Movement) -> Result<Self, PlanError> {
        let settings = Settings {
            algorithm: Algorithm::DStarLite,
            heuristic: Some(Heuristic::Zero),
            movement: *movement,
            ..Settings::default()
        };
        let mut field = DistanceField {
            search: Incremental::new(Mode::Field, grid, goal, goal, &settings)?,
            movement: *movement,
            last: Stats::default(),
            reached: 0,
            repaired: false,
        };
        field.build(grid);
        Ok(field)
    }

    /// Builds the field afresh: Dijkstra towards the goal, adopted by the D* Lite search as
    /// settled (every cell consistent, nothing queued).
    fn build(&mut self, grid: &Grid) {
        let goal = self.search.goal_index();
        let (g, settled) = cheapest_costs(grid, &self.movement, goal, Direction::To, u64::MAX);
        self.reached = settled.len() as u64;
        self.search.adopt_settled(g, self.reached);
        self.last = *self.search.stats();
    }

    /// Repairs the field after the cells `changed` of `grid` changed (walls or terrain): only
    /// the costs the edit changes are recomputed — or, once the repair has redone a share of
    /// the map, the field is built afresh ([`DistanceField::repaired`] says which).
    pub fn edited(&mut self, grid: &Grid, changed: &[(u32, u32)]) {
        self.search.cells_changed(grid, changed);
        let limit = (self.reached / REPAIR_SHARE).max(1024);
        // The field matches the grid's size (edits only change bytes), so this cannot fail.
        let _ = self.search.run(grid, Budget::Expansions(limit), || 0.0);
        self.repaired = self.search.status().is_done();
        if self.repaired {
            self.last = *self.search.stats();
        } else {
            self.build(grid);
        }
    }

    /// Whether the last edit was repaired in place (false: it was rebuilt, which was
    /// cheaper).
    pub fn repaired(&self) -> bool {
        self.repaired
    }

    /// The goal.
    pub fn goal(&self) -> (u32, u32) {
        let (w, _) = self.search.size();
        let goal = self.search.goal_index();
        (goal % w, goal / w)
    }

    /// The work of the last build or repair: cells expanded, and so on.
    pub fn last_stats(&self) -> &Stats {
        &self.last
    }

    /// The cost from (x, y) to the goal, or `None` when no way joins them (or off the map).
    pub fn cost(&self, x: u32, y: u32) -> Option<f64> {
        self.units(x, y).map(|u| u as f64 / COST_SCALE as f64)
    }

    fn units(&self, x: u32, y: u32) -> Option<u64> {
        let (w, h) = self.search.size();
        if x >= w || y >= h {
            return None;
        }
        let g = self.search.costs()[(y * w + x) as usize];
        (g != INF).then_some(g)
    }

    /// The cell one step from (x, y) on a cheapest way to the goal (its flow), or `None` at
    /// the goal and where no way joins them.
    pub fn next(&self, grid: &Grid, x: u32, y: u32) -> Option<(u32, u32)> {
        let (w, h) = self.search.size();
        if x >= w || y >= h || (y * w + x) == self.search.goal_index() {
            return None;
        }
        self.units(x, y)?;
        let next = self.search.best_next(grid.bytes(), y * w + x)?;
        Some((next % w, next / w))
    }

    /// The largest cost of any cell that reaches the goal (the top of the heat map's legend).
    pub fn max_cost(&self) -> f64 {
        let max = self.search.costs().iter().filter(|&&g| g != INF).max();
        max.map_or(0.0, |&g| g as f64 / COST_SCALE as f64)
    }

    /// One byte per cell for painting: the cost scaled to 0–254 by [`DistanceField::max_cost`]
    /// (0 at the goal), [`UNREACHED`] where no way joins the goal.
    pub fn heat(&self) -> Vec<u8> {
        let max = self
            .search
            .costs()
            .iter()
            .filter(|&&g| g != INF)
            .max()
            .copied();
        let max = max.unwrap_or(0).max(1) as f64;
        self.search
            .costs()
            .iter()
            .map(|&g| {
                if g == INF {
                    UNREACHED
                } else {
                    (g as f64 / max * 254.0).round() as u8
                }
            })
            .collect()
    }
}

impl DistanceField {
    /// One byte per cell for painting arrows: the move index `d` (in [`Topology`]'s move
    /// order) of each cell's flow ([`DistanceField::next`]), [`NO_FLOW`] at the goal, on walls
    /// and where no way joins the goal.
    pub fn flow(&self, grid: &Grid) -> Vec<u8> {
        let topology = Topology::of(grid, &self.movement);
        (0..grid.len())
            .map(|i| {
                let at = grid.coords(i);
                self.next(grid, at.0, at.1)
                    .and_then(|next| topology.move_between(at, next))
                    .map_or(NO_FLOW, |d| d as u8)
            })
            .collect()
    }

    /// How many cells reach the goal (the goal included).
    pub fn reached(&self) -> usize {
        self.search.costs().iter().filter(|&&g| g != INF).count()
    }

    /// The movement the field was built under.
    pub fn movement(&self) -> &Movement {
        &self.movement
    }
}

/// A flow byte for a cell with no arrow: the goal, a wall, or a cell no way joins to the goal.
pub const NO_FLOW: u8 = 255;

/// The most walkers one release places ([`Crowd::release`]).
pub const MAX_WALKERS: usize = 10_000;

/// What a release of walkers did ([`Crowd::release`]): how many were asked for, how many were
/// placed, and why fewer when fewer were.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Release {
    /// How many walkers were asked for.
    pub requested: usize,
    /// How many were placed: `requested`, or [`MAX_WALKERS`] above it, or 0 when no cell but
    /// the goal reaches the goal.
    pub placed: usize,
    /// Why fewer were placed than asked for, in words; absent when all were.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
}

/// Walkers released on a map, each following a [`DistanceField`]'s flow to the goal.
#[derive(Clone, Debug, Default)]
pub struct Crowd {
    walkers: Vec<(u32, u32)>,
    /// The release that made this crowd, if one did.
    release: Option<Release>,
}

impl Crowd {
    /// Releases `requested` walkers on `field` by the one rule every caller shares (the CLI,
    /// the page, the JS API, embeds and links): walkers are a crowd, any number may share a
    /// cell, so each stands on a cell picked at random from `seed` among the cells *other than
    /// the goal* that reach the goal. When there is such a cell exactly `requested` are placed
    /// (at most [`MAX_WALKERS`], and the release says so above it); when there is none, none
    /// are, and the release says why. Returns the crowd and what the release did.
    pub fn release(field: &DistanceField, requested: usize, seed: u64) -> (Crowd, Release) {
        let (goal, width) = (field.search.goal_index(), field.search.size().0.max(1));
        let costs = field.search.costs();
        let room: Vec<u32> = (0..costs.len() as u32)
            .filter(|&i| i != goal && costs[i as usize] != INF)
            .collect();
        let (walkers, reason) = if room.is_empty() {
            let (x, y) = field.goal();
            let why = format!("no cell but the goal reaches ({x}, {y})");
            (Vec::new(), (requested > 0).then_some(why))
        } else {
            let mut rng = SplitMix64::new(seed);
            let walkers = (0..requested.min(MAX_WALKERS))
                .map(|_| room[rng.below(room.len() as u64) as usize])
                .map(|i| (i % width, i / width))
                .collect();
            let capped = requested > MAX_WALKERS;
            let why = format!("at most {MAX_WALKERS} walkers are placed in one release");
            (walkers, capped.then_some(why))
        };
        let release = Release {
            requested,
            placed: walkers.len(),
            reason,
        };
        let crowd = Crowd {
            walkers,
            release: Some(release.clone()),
        };
        (crowd, release)
    }

    /// The release that made this crowd (asked for, placed, why fewer), if one did.
    pub fn release_info(&self) -> Option<&Release> {
        self.release.as_ref()
    }

    /// Moves every walker one step along the flow; returns how many moved (0 once all have
    /// arrived or are stuck on a cell the field no longer joins to the goal).
    pub fn step(&mut self, grid: &Grid, field: &DistanceField) -> usize {
        let mut moved = 0;
        for walker in &mut self.walkers {
            if let Some(next) = field.next(grid, walker.0, walker.1) {
                *walker = next;
                moved += 1;
            }
        }
        moved
    }

    /// Removes the walkers that stand on a wall of `grid` (a wall drawn under them: a walker
    /// has nowhere to go from inside a wall, and moving it elsewhere would look like a jump);
    /// returns how many were removed.
    pub fn remove_walled(&mut self, grid: &Grid) -> usize {
        let before = self.walkers.len();
        self.walkers
            .retain(|&(x, y)| grid.is_passable(i64::from(x), i64::from(y)));
        before - self.walkers.len()
    }

    /// Where the walkers stand.
    pub fn walkers(&self) -> &[(u32, u32)] {
        &self.walkers
    }

    /// How many walkers stand on the goal.
    pub fn arrived(&self, goal: (u32, u32)) -> usize {
        self.walkers.iter().filter(|&&w| w == goal).count()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::{Cell, Shape, Topology};

    /// Every cell's cost to the goal by plain Dijkstra over the topology (reverse steps:
    /// from a cell into its neighbour costs the neighbour's terrain).
    fn reference(grid: &Grid, movement: &Movement, goal: (u32, u32)) -> Vec<Option<f64>> {
        let t = Topology::of(grid, movement);
        let n = grid.len();
        let mut dist = vec![f64::INFINITY; n];
        let mut done = vec![false; n];
        dist[(goal.1 * grid.width() + goal.0) as usize] = 0.0;
        while let Some(best) = (0..n)
            .filter(|&i| !done[i] && dist[i].is_finite())
            .min_by(|&a, &b| dist[a].total_cmp(&dist[b]))
        {
            done[best] = true;
            let here = grid.coords(best);
            // Who can step into `here`: its neighbours (steps are symmetric).
            t.neighbours(grid.bytes(), here, |n| {
                let from = (n.x, n.y);
                let cost = t.step_cost(from, here, grid.bytes()[best]);
                let i = n.index as usize;
                dist[i] = dist[i].min(dist[best] + cost);
            });
        }
        dist.into_iter()
            .map(|d| d.is_finite().then_some(d))
            .collect()
    }

    fn assert_matches(field: &DistanceField, grid: &Grid, movement: &Movement) {
        let want = reference(grid, movement, field.goal());
        for (i, want) in want.into_iter().enumerate() {
            let (x, y) = grid.coords(i);
            let got = field.cost(x, y);
            match (got, want) {
                (Some(a), Some(b)) => assert!((a - b).abs() < 1e-6, "({x}, {y}): {a} vs {b}"),
                _ => assert_eq!(got.is_some(), want.is_some(), "({x}, {y}) reachability"),
            }
            // Following the flow costs exactly the field's cost.
            if let (Some(cost), Some(next)) = (got, field.next(grid, x, y)) {
                let t = Topology::of(grid, movement);
                let step = t.step_cost(
                    (x, y),
                    next,
                    grid.bytes()[(next.1 * grid.width() + next.0) as usize],
                );
                let rest = field.cost(next.0, next.1).unwrap();
                assert!((cost - step - rest).abs() < 1e-6, "flow from ({x}, {y})");
            }
        }
    }

    #[test]
    fn fields_match_dijkstra_and_follow_edits_on_squares_and_hexes() {
        for shape in Shape::ALL {
            for movement in [Movement::default(), Movement::four()] {
                let mut grid = Grid::with_shape(17, 11, shape).unwrap();
                for (x, y, c) in [
                    (5, 0, 0),
                    (5, 1, 0),
                    (5, 2, 0),
                    (5, 3, 0),
                    (8, 6, 3),
                    (9, 6, 4),
                ] {
                    grid.set(x, y, Cell::from_byte(c).unwrap());
                }
                let mut field = DistanceField::new(&grid, (12, 5), &movement).unwrap();
                assert_matches(&field, &grid, &movement);
                let full = field.last_stats().expanded;
                // A wall across the middle, then a gap in it.
                let mut changed = Vec::new();
                for y in 0..11u32 {
                    grid.set(9, i64::from(y), Cell::Wall);
                    changed.push((9u32, y));
                }
                field.edited(&grid, &changed);
                assert_matches(&field, &grid, &movement);
                grid.set(9, 9, Cell::OPEN);
                field.edited(&grid, &[(9, 9)]);
                assert_matches(&field, &grid, &movement);
                assert!(
                    field.last_stats().expanded < full,
                    "{shape:?}: the repair redid less than the build"
                );
            }
        }
    }

    #[test]
    fn a_crowd_follows_the_flow_to_the_goal() {
        let grid = Grid::with_shape(20, 12, Shape::HexRows).unwrap();
        let field = DistanceField::new(&grid, (15, 6), &Movement::default()).unwrap();
        let (mut crowd, _) = Crowd::release(&field, 30, 7);
        assert_eq!(crowd.walkers().len(), 30);
        let mut steps = 0;
        while crowd.step(&grid, &field) > 0 {
            steps += 1;
            assert!(steps < 100, "walkers arrive");
        }
        assert_eq!(crowd.arrived(field.goal()), 30);
    }

    #[test]
    fn heat_scales_costs_and_marks_the_unreached() {
        let mut grid = Grid::new(6, 1).unwrap();
        grid.set(3, 0, Cell::Wall);
        let field = DistanceField::new(&grid, (0, 0), &Movement::default()).unwrap();
        assert_eq!(field.max_cost(), 2.0);
        assert_eq!(field.heat(), [0, 127, 254, UNREACHED, UNREACHED, UNREACHED]);
        assert_eq!(field.reached(), 3);
    }

    #[test]
    fn flow_bytes_are_the_moves_of_next() {
        for shape in Shape::ALL {
            let mut grid = Grid::with_shape(9, 7, shape).unwrap();
            grid.set(4, 3, Cell::Wall);
            let field = DistanceField::new(&grid, (6, 3), &Movement::default()).unwrap();
            let t = Topology::of(&grid, &Movement::default());
            let flow = field.flow(&grid);
            for (i, &d) in flow.iter().enumerate() {
                let (x, y) = grid.coords(i);
                match field.next(&grid, x, y) {
                    None => assert_eq!(d, NO_FLOW, "{shape:?} ({x}, {y})"),
                    Some(next) => {
                        let (dx, dy) = t.step(usize::from(d), i64::from(x), i64::from(y));
                        assert_eq!(
                            (i64::from(x) + dx, i64::from(y) + dy),
                            (i64::from(next.0), i64::from(next.1))
                        );
                    }
                }
            }
            assert_eq!(flow[3 * 9 + 6], NO_FLOW, "no arrow on the goal");
            assert_eq!(flow[3 * 9 + 4], NO_FLOW, "no arrow on a wall");
        }
    }

    #[test]
    fn a_release_places_every_walker_asked_for_wherever_a_cell_reaches_the_goal() {
        let mut rng = SplitMix64::new(30);
        for shape in Shape::ALL {
            for round in 0..60 {
                let mut grid = Grid::with_shape(9, 6, shape).unwrap();
                for i in 0..grid.len() {
                    let (x, y) = grid.coords(i);
                    if rng.below(100) < 55 {
                        grid.set(i64::from(x), i64::from(y), Cell::Wall);
                    }
                }
                let goal = (4, 3);
                grid.set(4, 3, Cell::OPEN);
                let field = DistanceField::new(&grid, goal, &Movement::default()).unwrap();
                let room = field.reached() - 1;
                for (count, seed) in [(1, round), (10, round + 1), (100, round + 2)] {
                    let (crowd, release) = Crowd::release(&field, count, seed);
                    let want = if room > 0 { count } else { 0 };
                    assert_eq!(
                        release.placed, want,
                        "{shape:?} round {round}, {room} cells"
                    );
                    assert_eq!(crowd.walkers().len(), want);
                    assert_eq!(release.reason.is_some(), room == 0);
                    assert!(crowd
                        .walkers()
                        .iter()
                        .all(|&(x, y)| (x, y) != goal && field.cost(x, y).is_some()));
                    assert_eq!(crowd.release_info(), Some(&release));
                }
            }
        }
    }

    #[test]
    fn walled_walkers_are_removed() {
        let mut grid = Grid::new(5, 1).unwrap();
        let field = DistanceField::new(&grid, (4, 0), &Movement::default()).unwrap();
        let (mut crowd, _) = Crowd::release(&field, 3, 2);
        let (x, y) = crowd.walkers()[0];
        grid.set(i64::from(x), i64::from(y), Cell::Wall);
        let on = crowd.walkers().iter().filter(|&&w| w == (x, y)).count();
        assert_eq!(crowd.remove_walled(&grid), on);
        assert_eq!(crowd.walkers().len(), 3 - on);
    }
}
