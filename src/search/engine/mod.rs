//! The textbook engine: one loop for Breadth-First, Best-First, Dijkstra and A*, which Jump
//! Point Search, JPS+ and Theta* extend with their successor steps (`jps.rs`, `jps_plus.rs`,
//! `theta.rs`).
//!
//! The four textbook algorithms of seed 003 share one loop: pop the best node from the open
//! list, stop if it is the goal, create its successors, close it. They differ only in the
//! priority key that orders the open list ([`Algorithm`]) and in whether a cheaper path to a
//! cell that already has a node replaces the old one:
//!
//! | algorithm | key | cheaper path to a known cell |
//! |---|---|---|
//! | Breadth-First | insertion order (FIFO, so ply by ply) | ignored |
//! | Best-First | h | ignored |
//! | Dijkstra | g | replaces it (open cells only, in practice) |
//! | A* | g + w·h | replaces it, re-opening closed cells |
//!
//! Ties on the key go to the larger g (seed 001: the node further along its path), then to
//! the node inserted first, so every run on the same input expands the same nodes in the
//! same order.
//!
//! The search can be driven one expansion at a time or for a budget of expansions or
//! milliseconds ([`Budget`]), like seed 003's `Run()` with its time slice. Per-cell state lives
//! in dense arrays indexed `y * width + x` beside the grid ([`Search::states`]), never in it,
//! so the page can paint it straight from wasm memory and a grid is never dirtied by a search.
//!

mod bounded;
mod inspect;
mod jps;
mod jps_plus;
mod nodes;
mod order;
mod path;
mod relax;
mod restart;
mod searcher;
mod slots;
#[cfg(test)]
pub(super) mod test_maps;
mod theta;

use crate::grid::{BitGrid, Grid, MoveMasks, Topology};
use crate::heuristic::Estimator;
use crate::search::bounding::BoundingTable;
use crate::search::core::{
    engine_fields, run_engine, Budget, Engine, ExpansionNumbers, NodeInfo, Stats, Status, CLOSED,
    OPEN, REOPENED, UNVISITED,
};
use crate::search::open::{Entry, OpenList};
use crate::search::record::{OpenEntry, Recorder, SAME_NODE, SAME_STATE};
use crate::search::searcher::{common_searcher_methods, Searcher};
use crate::search::settings::{Algorithm, PlanError, Ranking, Settings};
use jps_plus::JumpTable;
pub(crate) use order::successor_order;
use order::{order_row, OrderTable};
use slots::{node_word, NodeSlots, OpenCells, LINK_BITS};
use std::sync::Arc;

/// The search: settings, per-cell state and the open list.
#[derive(Clone, Debug)]
pub struct Search {
    pub(super) width: u32,
    pub(super) height: u32,
    /// ⌈2⁴⁰ / width⌉: `index * row_magic >> 40` is `index / width` ([`Search::coords`]).
    pub(super) row_magic: u64,
    pub(super) start: u32,
    pub(super) goal: u32,
    /// The goal's (x, y), kept so the successor loop does not divide for it every expansion.
    pub(super) goal_xy: (u32, u32),
    pub(super) settings: Settings,
    /// Whether the fields that follow from `settings` and `topology` alone are worked out
    /// for them (`configure`; false until the first restart).
    pub(super) configured: bool,
    pub(super) estimator: Estimator,
    /// The estimator that decides which expanded node is "nearest the goal" when the node
    /// budget runs out: the chosen heuristic, or the movement's default if that is zero.
    pub(super) nearness: Estimator,
    /// Fixed-point cost of a step into terrain t: `[orthogonal, diagonal][t]`.
    pub(super) step_units: [[u64; 8]; 2],
    /// How many moves of [`MOVES`] are in play (4 or 8).
    pub(super) direction_count: usize,
    /// Successor orders: the fixed one, or seed 004's goal-directed ones.
    pub(super) orders: OrderTable,
    /// The map's shape and size with the movement: which moves there are.
    pub(super) topology: Topology,
    /// The cell index offset of each move, for cells of even and odd lines
    /// ([`Topology::offsets`]).
    pub(super) offsets: [[isize; 8]; 2],
    /// The step of each move, for cells of even and odd lines ([`Topology::steps`]).
    pub(super) steps: [[(i32, i32); 8]; 2],
    /// `(x & .0) | (y & .1)` is a cell's line parity: 1 in x for hex columns, in y for hex
    /// rows, nothing for squares ([`Topology::parity`] without a match per expansion).
    pub(super) parity_mask: (u32, u32),
    /// The moves that are diagonals, as bits: squares' 4–7, none on hexes.
    pub(super) diagonal_moves: u8,
    /// Per cell: its [`CellState`] byte (apart, since the page paints straight from it).
    pub(super) state: Vec<u8>,
    /// Every cell whose state byte left [`UNVISITED`] since the state was last cleared (a
    /// cell may be listed twice; cut short past `touched_read`): a restart puts back only
    /// these, so starting a query costs what the last one touched, not a byte a cell.
    pub(super) touched: Vec<u32>,
    /// Per cell with a node (its state byte says which): g and how it was reached, packed
    /// ([`node_word`]).
    pub(super) nodes: Vec<u64>,
    /// JPS, JPS+ and Theta*: per cell, a parent that is not a neighbour (empty otherwise).
    pub(super) far_parents: Vec<u32>,
    /// When each cell was last expanded, if the caller asked for them.
    pub(super) expansions: ExpansionNumbers,
    /// The legal moves out of every cell (the textbook algorithms; shared with the copies
    /// the timeline keeps, copied only when an edit changes them).
    pub(super) moves: Arc<MoveMasks>,
    pub(super) open: OpenList,
    pub(super) next_seq: u64,

    pub(super) status: Status,
    pub(super) stats: Stats,
    pub(super) path: Vec<u32>,
    /// Whether the state bytes show the path (on unless a caller that reads only the path,
    /// its cost and the counters switches it off: [`Searcher::paint_path`]). Recording
    /// paints it too, whatever this says.
    pub(super) paints: bool,
    /// Whether the cells of `path` hold [`PATH`](crate::search::core::PATH) bytes now, so
    /// that a restart puts them back (`clear_states`).
    pub(super) path_painted: bool,
    /// The path's jump points (or cells), last first, as `build_path` follows the parents
    /// back: kept so a query does not allocate them.
    pub(super) waypoints: Vec<u32>,
    /// Theta*: the cells its path's segments cross that this search never expanded, sorted
    /// (`theta.rs`). They are painted as path, but their node words and expansion numbers
    /// hold an open entry's slot or an earlier query's node: the inspector shows none.
    pub(super) nodeless_path: Vec<u32>,
    pub(super) current: Option<u32>,
    pub(super) nearest: Option<(u64, u32)>,
    /// The timeline's event log, off unless a planner switches it on.
    pub(super) rec: Recorder,
    /// Jump Point Search: the passable cells as row and column bit sets, synced with the grid
    /// on every restart (empty for the other algorithms).
    pub(super) bits: BitGrid,
    /// JPS+: the jump distances, built on the first run on a map and shared with the copies
    /// the timeline keeps (copied only when an edit changes them).
    pub(super) jump_table: Arc<JumpTable>,
    /// JPS and JPS+: whether an expansion may end the search by the direct path to the goal
    /// (`jps.rs`, [`Search::direct_to_goal`]): octile heuristic, weight 1, 8-connected.
    pub(super) direct_goal: bool,
    /// JPS+: how long the last build or update of `jump_table` took, in ms.
    pub(super) table_ms: f64,
    /// JPS+ with goal bounding: the boxes per cell and move (`bounded.rs`), built on the
    /// first run on a map, rebuilt after an edit, shared with the timeline's copies.
    pub(super) bounds: Arc<BoundingTable>,
}

impl Search {
    /// Runs until the budget is spent or the search finishes, and returns the status.
    /// `now_ms` is a monotonic clock in milliseconds (natively `clock::monotonic_ms`; the
    /// page's glue passes `performance.now()`).
    pub fn run(
        &mut self,
        grid: &Grid,
        budget: Budget,
        now_ms: impl Fn() -> f64,
    ) -> Result<Status, PlanError> {
        let same_size = (grid.width(), grid.height()) == (self.width, self.height);
        if self.settings.algorithm.uses_jump_table()
            && same_size
            && !self.jump_table.matches(grid, self.direction_count == 4)
        {
            // JPS+ brings its table in step with the map before its first step, and counts
            // the time apart from the search's own.
            let started = now_ms();
            Arc::make_mut(&mut self.jump_table).sync(grid, self.direction_count == 4);
            self.table_ms = (now_ms() - started).max(0.0);
            self.show_precompute(grid);
        }
        if self.settings.algorithm == Algorithm::JpsPlusBounded
            && same_size
            && !self.sync_bounds(grid, budget, &now_ms)
        {
            // Goal bounding's boxes are built in pieces of the time slice: no step until
            // they are complete.
            return Ok(self.status);
        }
        let status = run_engine(self, grid, budget, &now_ms);
        // Past what a restart reads the list stops growing, so a search run in slices never
        // copies it (16 and 32 MB copies inside a step on a 4096² map before).
        self.touched.truncate(touched_read(self.state.len()) + 1);
        status
    }

    /// Does one expansion; returns true once the search is done.
    #[inline]
    fn expand_one(&mut self, cells: &[u8]) -> bool {
        self.rec.mark(&self.stats);
        if let Some(budget) = self.settings.node_budget {
            if self.stats.expanded >= budget {
                self.finish_partial(cells);
                return true;
            }
        }
        let Some((cell, g)) = self.pop_open() else {
            self.status = Status::NoPath;
            self.current = None;
            return true;
        };
        let c = cell as usize;
        self.state[c] = CLOSED;
        self.rec.event(cell, CLOSED, SAME_NODE);
        self.stats.expanded += 1;
        self.expansions.record(c, self.stats.expanded);
        self.current = Some(cell);
        if cell == self.goal {
            self.status = Status::Found;
            self.build_path(cell, cells);
            return true;
        }
        let (x, y) = self.coords(cell);
        if self.settings.node_budget.is_some() {
            let near = self.nearness.units(x, y);
            if self.nearest.is_none_or(|(best, _)| near < best) {
                self.nearest = Some((near, cell));
            }
        }
        // Jump Point Search and Theta* are this loop with another successor step.
        match self.settings.algorithm {
            a if a.jumps() => self.apart_jump(cell, x, y, g),
            Algorithm::Theta => self.apart_theta(cell, x, y, g, cells),
            a if a.improves_paths() => self.expand_successors::<true>(cell, x, y, g, cells),
            _ => self.apart_plain(cell, x, y, g, cells),
        }
        // The open list only grows while a node's successors are offered, so its largest
        // size this step is its size now: kept once a step, not at every push.
        self.stats.max_open = self.stats.max_open.max(self.stats.open_size);
        false
    }

    // The `apart_` steps are kept out of A*'s step function in the page's wasm (here, and by
    // `wasm-opt`'s `--no-inline='*apart_*'` in `scripts/build-wasm.sh`): inlined, they made
    // the one step function V8 compiles for every algorithm about 16,000 lines of wasm, and
    // A*'s loop paid for the registers their code holds (callgrind on node). Natively they
    // stay inline.

    /// Jump Point Search's successor step (and JPS+'s, JPS2's, JPS2+'s).
    #[cfg_attr(target_arch = "wasm32", inline(never))]
    fn apart_jump(&mut self, cell: u32, x: u32, y: u32, g: u64) {
        self.jump_successors(cell, x, y, g);
    }

    /// Theta*'s successor step.
    #[cfg_attr(target_arch = "wasm32", inline(never))]
    fn apart_theta(&mut self, cell: u32, x: u32, y: u32, g: u64, cells: &[u8]) {
        self.theta_successors(cell, x, y, g, cells);
    }

    /// Breadth-First's and Best-First's successor step (no path improved).
    #[cfg_attr(target_arch = "wasm32", inline(never))]
    fn apart_plain(&mut self, cell: u32, x: u32, y: u32, g: u64, cells: &[u8]) {
        self.expand_successors::<false>(cell, x, y, g, cells);
    }

    /// Creates (or improves) the successors of `cell`: seed 003's five cases.
    /// `IMPROVES` is [`Algorithm::improves_paths`] for the algorithm being run.
    #[inline]
    fn expand_successors<const IMPROVES: bool>(
        &mut self,
        cell: u32,
        x: u32,
        y: u32,
        g: u64,
        cells: &[u8],
    ) {
        let c = cell as usize;
        let order = self.orders[order_row(x, y, self.goal_xy)];
        // Hex lines alternate: a cell's neighbours sit by its row's (or column's) parity
        // (always 0 on squares).
        let parity = ((x & self.parity_mask.0) | (y & self.parity_mask.1)) as usize;
        let offsets = &self.offsets[parity];
        let steps = &self.steps[parity];
        let diagonals = self.diagonal_moves;
        let algorithm = self.settings.algorithm;
        let improves_paths = IMPROVES;
        debug_assert_eq!(improves_paths, algorithm.improves_paths());
        // The legal moves out of the cell: on the map, onto passable ground, and for a
        // diagonal past side cells the diagonal rule allows (one bit a move).
        let legal = self.moves.bytes().get(c).copied().unwrap_or(0);
        // Re-slicing every per-cell array to the grid's length lets the compiler prove, from
        // the one check on `cells`, that the other indexings below are in bounds.
        let len = cells.len();
        let state = &mut self.state[..len];
        let nodes = &mut self.nodes[..len];
        for &d in &order[..self.direction_count] {
            let d = usize::from(d & 7);
            if legal >> d & 1 == 0 {
                continue;
            }
            let n = c.wrapping_add_signed(offsets[d]);
            let Some(&terrain) = cells.get(n) else {
                continue;
            };
            let diagonal = diagonals >> d & 1 == 1;
            let new_g = g + self.step_units[usize::from(diagonal)][usize::from(terrain & 7)];
            // g is read only for a cell that has a node: most neighbours of an expanded cell
            // have none yet, and on a large map that read would be a cache miss. A closed
            // cell's g is in its node word; an open one's in its open-list entry, whose slot
            // the node word holds.
            let is_new = match state[n] {
                // Case 5: a cell never visited before gets a new node.
                UNVISITED => {
                    self.stats.generated += 1;
                    state[n] = OPEN;
                    self.touched.push(n as u32);
                    // (With paths improved, the push puts the entry's slot here instead.)
                    nodes[n] = node_word(new_g, d as u64);
                    true
                }
                // Case 2: a cheaper path to a closed cell; it goes back to the open list.
                // Only A* with an inconsistent or weighted heuristic gets here.
                CLOSED if improves_paths && new_g < nodes[n] >> LINK_BITS => {
                    self.stats.reopened += 1;
                    state[n] = REOPENED;
                    true
                }
                // Case 1: a cheaper path to an open cell; its entry moves up in place.
                OPEN | REOPENED
                    if improves_paths && self.open.at(nodes[n]).is_some_and(|e| new_g < e.tie) =>
                {
                    self.stats.updated += 1;
                    false
                }
                // Cases 3 and 4: a worse (or equal) path to a known cell is forgotten.
                // Breadth-First and Best-First forget every path to a known cell.
                _ => continue,
            };
            // The parent is the neighbour one move d back: g follows from it on replay.
            self.rec.event(
                n as u32,
                if is_new { state[n] } else { SAME_STATE },
                d as u8,
            );
            let (dx, dy) = steps[d];
            let nx = x.wrapping_add_signed(dx);
            let ny = y.wrapping_add_signed(dy);
            let key = key(
                algorithm,
                &self.estimator,
                self.settings.weight,
                nx,
                ny,
                new_g,
            );
            self.next_seq += 1;
            let tie = if algorithm == Algorithm::BreadthFirst {
                0
            } else {
                new_g
            };
            let entry = Entry::new(key, tie, self.next_seq, n as u32).with_link(d as u64);
            if !improves_paths {
                self.open.push(entry, &mut OpenCells { state });
            } else {
                let mut slots = NodeSlots {
                    state: &*state,
                    nodes: &mut *nodes,
                };
                if is_new {
                    self.open.push(entry, &mut slots);
                } else {
                    self.open.improve(entry, &mut slots);
                }
            }
            self.stats.open_size += u64::from(is_new);
        }
    }

    /// The node budget ran out: return the path to the expanded cell nearest the goal.
    fn finish_partial(&mut self, cells: &[u8]) {
        self.status = Status::Partial;
        if let Some((_, cell)) = self.nearest.or(self.current.map(|c| (0, c))) {
            self.build_path(cell, cells);
        }
    }

    /// Whether a [`Search`] runs `algorithm` (every algorithm that shares its loop).
    pub fn handles(algorithm: Algorithm) -> bool {
        !matches!(
            algorithm,
            Algorithm::Bidirectional | Algorithm::Lpa | Algorithm::DStarLite | Algorithm::Mesh
        )
    }

    /// Whether [`Search::path`] lists the corners of an any-angle polyline (Theta*).
    pub fn is_any_angle(&self) -> bool {
        self.settings.algorithm == Algorithm::Theta
    }

    /// The (x, y) of cell `index` (below the map's cell count): its row by a multiply and a
    /// shift with [`Search::row_magic`] instead of a division (made at every expansion, and
    /// a division takes many times a multiply's cycles).
    #[inline(always)]
    pub(super) fn coords(&self, index: u32) -> (u32, u32) {
        let y = row_of(index, self.row_magic);
        (index.wrapping_sub(y.wrapping_mul(self.width)), y)
    }
}

/// The shift of [`Search::coords`]'s multiply.
const ROW_SHIFT: u32 = 40;

/// ⌈2⁴⁰ / width⌉, with which `index * magic >> 40` is `index / width` for every cell of a
/// map (width at most 4096, fewer than 2²⁴ cells): with δ = magic · width − 2⁴⁰ < width, the
/// product overshoots index / width by index · δ / (width · 2⁴⁰), and index · δ < 2³⁶ keeps
/// that below what would carry into the next integer (the remainder is at most width − 1).
fn row_magic(width: u32) -> u64 {
    (1u64 << ROW_SHIFT).div_ceil(u64::from(width.max(1)))
}

/// The row of cell `index` on a map whose [`row_magic`] is `magic`.
#[inline(always)]
fn row_of(index: u32, magic: u64) -> u32 {
    (u64::from(index).wrapping_mul(magic) >> ROW_SHIFT) as u32
}

/// The key of a cell about to be pushed with cost `g`. Breadth-First's key is constant: with
/// no tie on g, entries then leave in insertion order, a plain FIFO queue, which visits the
/// map ply by ply.
#[inline(always)]
pub(super) fn key(
    algorithm: Algorithm,
    estimator: &Estimator,
    weight: f64,
    x: u32,
    y: u32,
    g: u64,
) -> u64 {
    match algorithm.ranking() {
        Ranking::Arrival => 0,
        Ranking::Estimate => estimator.units(x, y),
        Ranking::Cost => g,
        Ranking::CostAndEstimate if weight == 1.0 => g + estimator.units(x, y),
        // Float to integer casts saturate, so a huge weight cannot wrap the key around.
        Ranking::CostAndEstimate => {
            g.saturating_add((estimator.units(x, y) as f64 * weight) as u64)
        }
    }
}

/// The most touched cells a restart puts back one by one on a map of `cells` cells (a piece
/// of it, [`crate::grid::map_piece`]): past it, it fills the whole state array instead.
fn touched_read(cells: usize) -> usize {
    crate::grid::map_piece(cells)
}

impl Engine for Search {
    engine_fields!();

    #[inline(always)]
    fn step_once(&mut self, cells: &[u8]) -> bool {
        self.expand_one(cells)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::{Cell, Connectivity, DiagonalRule, Movement};
    use crate::heuristic::Heuristic;
    use crate::search::settings::NeighbourOrder;

    /// `coords` finds a cell's row without dividing, on every width a map may have: checked
    /// on the first row and on the last two rows a map of that width can hold.
    #[test]
    fn coords_without_a_division_match_the_division() {
        for width in 1..=crate::grid::MAX_SIDE {
            let magic = row_magic(width);
            let rows = (1u32 << 24) / width;
            let last = rows * width - 1;
            for index in (0..width).chain(last + 1 - 2 * width..=last) {
                assert_eq!(
                    row_of(index, magic),
                    index / width,
                    "{index} on width {width}"
                );
            }
        }
    }

    /// One search restarted through queries whose settings change now and then answers each
    /// as a search made for it alone: what `configure` keeps from one query to the next is
    /// worked out again whenever the settings change.
    #[test]
    fn a_restarted_search_answers_like_a_new_one_as_settings_change() {
        let mut grid = Grid::new(19, 13).unwrap();
        for (x, y) in [
            (3, 0),
            (3, 1),
            (3, 2),
            (3, 3),
            (8, 5),
            (9, 5),
            (10, 5),
            (10, 6),
        ] {
            grid.set(x, y, Cell::Wall);
        }
        grid.set(14, 9, Cell::Terrain(3));
        let four = Movement {
            connectivity: Connectivity::Four,
            ..Movement::default()
        };
        let cutting = Movement {
            diagonal_rule: DiagonalRule::Always,
            diagonal_cost: 1.5,
            ..Movement::default()
        };
        let plain = Settings::default();
        let variants = [
            plain,
            Settings {
                movement: four,
                ..plain
            },
            Settings {
                movement: cutting,
                weight: 2.0,
                ..plain
            },
            Settings {
                neighbour_order: NeighbourOrder::GoalDirected,
                heuristic: Some(Heuristic::Zero),
                ..plain
            },
            Settings {
                node_budget: Some(5),
                ..plain
            },
        ];
        let ends = [((0, 0), (18, 12)), ((17, 1), (2, 11)), ((5, 6), (12, 6))];
        let mut search = Search::new(&grid, (0, 0), (1, 1), &plain).unwrap();
        for algorithm in [Algorithm::AStar, Algorithm::Dijkstra, Algorithm::Theta] {
            for settings in variants {
                let settings = Settings {
                    algorithm,
                    ..settings
                };
                for _ in 0..2 {
                    for &(start, goal) in &ends {
                        search.restart(&grid, start, goal, &settings).unwrap();
                        search.run(&grid, Budget::Unlimited, || 0.0).unwrap();
                        let mut fresh = Search::new(&grid, start, goal, &settings).unwrap();
                        fresh.run(&grid, Budget::Unlimited, || 0.0).unwrap();
                        let what = format!("{settings:?} {start:?} → {goal:?}");
                        assert_eq!(search.status, fresh.status, "{what}");
                        assert_eq!(search.path, fresh.path, "{what}");
                        assert_eq!(search.state, fresh.state, "{what}");
                        assert_eq!(search.stats.expanded, fresh.stats.expanded, "{what}");
                        assert_eq!(search.stats.path_cost, fresh.stats.path_cost, "{what}");
                    }
                }
            }
        }
        // Bad settings are refused on a restart as on a start, and leave the search as it was.
        let bad = Settings {
            weight: -1.0,
            ..plain
        };
        let before = search.path.clone();
        assert!(search.restart(&grid, (0, 0), (18, 12), &bad).is_err());
        assert_eq!(search.path, before);
    }
}
