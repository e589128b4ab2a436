//! Live replanning: Lifelong Planning A* (LPA*) and D* Lite (Koenig & Likhachev).
//!
//! Both keep two cost estimates per cell, `g` (the cost the last expansion settled on) and
//! `rhs` (a one-step lookahead: the best neighbour's `g` plus the step between them). A cell
//! is *consistent* when the two agree; the priority queue holds exactly the inconsistent
//! cells, ordered by the key `[min(g, rhs) + h + km, min(g, rhs)]`. When the map changes,
//! only the cells whose steps changed (an edited cell and its eight neighbours) get their
//! `rhs` recomputed ([`Incremental::cells_changed`]), and the search repairs outwards from
//! them instead of starting over.
//!
//! - **LPA\*** ([`Mode::Lpa`]) searches forwards: `g(c)` is the cost from the start to `c`
//!   and the heuristic estimates the distance to the goal. Moving either marker starts over.
//! - **D\* Lite** ([`Mode::DStarLite`]) searches backwards: `g(c)` is the cost from `c` to
//!   the goal and the heuristic estimates the distance from the start. The start may move
//!   ([`Incremental::move_start`], the walker): the old keys stay valid lower bounds once
//!   `km` grows by `h(old start, new start)`, so nothing is thrown away.
//!
//! Costs are the fixed-point integers of the main engine ([`COST_SCALE`] units, diagonal
//! steps rounded the same way), so a repaired cost equals a fresh A*'s exactly. A move into
//! cell `c` costs `terrain(c) × step length`, which is not symmetric: LPA* charges the
//! terrain of the cell whose `rhs` it computes, D* Lite that of the neighbour it steps to.
//! Legality (walls, the diagonal rule) is symmetric, so "neighbour" means the same thing in
//! both directions. The heuristic weight and node budget are ignored: the point of these
//! algorithms is an exact answer that survives edits.
//!
//! ```
//! use pathlab::search::incremental::{Incremental, Mode};
//! use pathlab::{Budget, Cell, Grid, Searcher, Settings, Status};
//! let mut grid = Grid::new(6, 3)?;
//! let mut lpa = Incremental::new(Mode::Lpa, &grid, (0, 1), (5, 1), &Settings::default())?;
//! assert_eq!(lpa.run(&grid, Budget::Unlimited, || 0.0)?, Status::Found);
//! assert_eq!(lpa.stats().path_cost, Some(5.0));
//! grid.set(3, 1, Cell::Wall);
//! lpa.cells_changed(&grid, &[(3, 1)]);
//! assert_eq!(lpa.run(&grid, Budget::Unlimited, || 0.0)?, Status::Found);
//! // Round the wall without cutting its corners: 1 + √2 + 1 + 1 + √2.
//! assert!((lpa.stats().path_cost.unwrap() - (3.0 + 2.0 * 2f64.sqrt())).abs() < 1e-9);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use super::core::{
    checked_ends, endpoint_index, engine_fields, run_engine, step_units, Budget, CellState, Engine,
    NodeInfo, Stats, Status,
};
use super::explain::{others, two_decimals};
use super::record::{OpenEntry, Recorder, NO_PARENT, SAME_NODE, SAME_STATE};
use super::searcher::{common_searcher_methods, Searcher};
use super::settings::{Algorithm, PlanError, Settings};
use crate::grid::{Grid, Topology};
use crate::heuristic::{Estimator, Heuristic, COST_SCALE};
use rustc_hash::FxHashMap;
use std::cmp::Reverse;
use std::collections::BinaryHeap;

mod costs;
mod repair;
mod searcher;
#[cfg(test)]
mod tests;

/// Which of the two incremental algorithms runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Mode {
    /// Lifelong Planning A*: forwards from the start, fixed markers.
    #[serde(rename = "lpa")]
    Lpa,
    /// D* Lite: backwards from the goal, so the start can move.
    #[serde(rename = "dstar-lite")]
    DStarLite,
    /// A distance field ([`crate::fields::distance`]): D* Lite with no heuristic that does not stop
    /// at the start but settles every cell that can reach the goal, and repairs them all after an
    /// edit.
    #[serde(rename = "field")]
    Field,
}

/// The state byte of a cell whose `g` changed in the latest repair.
const UPDATED: u8 = CellState::Repaired as u8;

const UNVISITED: u8 = CellState::Unvisited as u8;
const OPEN: u8 = CellState::Open as u8;
const CLOSED: u8 = CellState::Closed as u8;
const PATH: u8 = CellState::Path as u8;

/// "No cost yet": larger than any real cost, and keys saturate at it.
pub(crate) const INF: u64 = u64::MAX;

/// A queue key: `[min(g, rhs) + h + km, min(g, rhs)]`, compared lexicographically.
type Key = (u64, u64);

/// A queue entry: the key and the cell; the heap gives up the smallest key first, then the
/// smallest cell.
type QueueEntry = Reverse<(Key, u32)>;

/// What the latest repairs did, beside the per-repair [`Stats`].
#[derive(Clone, Copy, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RepairInfo {
    /// Repairs so far (edits or start moves after the first search); 0 on the first search.
    pub repairs: u64,
    /// Expansions over the first search and every repair.
    pub total_expanded: u64,
    /// Cells whose `g` changed in the latest repair (painted [`CellState::Repaired`]).
    pub updated_cells: u64,
}

/// An LPA* or D* Lite search on a grid, repairable after edits.
#[derive(Clone, Debug)]
pub struct Incremental {
    mode: Mode,
    settings: Settings,
    /// The map's shape and size with the movement: which moves there are.
    topology: Topology,
    width: u32,
    height: u32,
    start: u32,
    goal: u32,
    /// Where the start was when `km` was last brought up to date (D* Lite's `s_last`).
    last_start: u32,
    km: u64,
    /// The estimate towards the search's target: the goal for LPA*, the start for D* Lite.
    estimator: Estimator,
    heuristic: Heuristic,
    /// Fixed-point step costs: `[diagonal][terrain]`.
    step_units: [[u64; 8]; 2],
    g: Vec<u64>,
    /// `rhs` of the cells where it differs from `g` — the inconsistent cells, which are the
    /// queued ones, a frontier's worth: every other cell's `rhs` is its `g`.
    rhs_apart: FxHashMap<u32, u64>,
    /// The key each queued cell was pushed with (a frontier's worth too); heap entries with
    /// another key, or for a cell no longer queued, are stale and skipped (lazy deletion).
    /// Kept apart with `rhs_apart`, a cell costs 9 bytes (state and g) instead of 34.
    queued: FxHashMap<u32, Key>,
    heap: BinaryHeap<QueueEntry>,
    state: Vec<u8>,
    /// Cells painted PATH or UPDATED, to repaint as CLOSED when the next repair starts.
    marked: Vec<u32>,
    path: Vec<u32>,
    current: Option<u32>,
    status: Status,
    stats: Stats,
    info: RepairInfo,
    /// The timeline's event log, off unless a planner switches it on.
    rec: Recorder,
}

impl Incremental {
    /// A new LPA* or D* Lite search from `start` to `goal` on `grid`; nothing expanded yet.
    pub fn new(
        mode: Mode,
        grid: &Grid,
        start: (u32, u32),
        goal: (u32, u32),
        settings: &Settings,
    ) -> Result<Incremental, PlanError> {
        let (start_index, goal_index) = checked_ends(grid, start, goal, settings)?;
        let movement = settings.movement;
        let topology = Topology::of(grid, &movement);
        let heuristic = match mode {
            // A field settles every cell in cost order: no estimate to steer it.
            Mode::Field => Heuristic::Zero,
            _ => settings.heuristic_on(&topology),
        };
        let target = match mode {
            Mode::Lpa => goal,
            Mode::DStarLite | Mode::Field => start,
        };
        let cells = grid.len();
        let mut search = Incremental {
            mode,
            settings: *settings,
            topology,
            width: grid.width(),
            height: grid.height(),
            start: start_index,
            goal: goal_index,
            last_start: start_index,
            km: 0,
            estimator: Estimator::on(heuristic, &topology, target),
            heuristic,
            step_units: step_units(&movement),
            g: vec![INF; cells],
            rhs_apart: FxHashMap::default(),
            queued: FxHashMap::default(),
            heap: BinaryHeap::new(),
            state: vec![UNVISITED; cells],
            marked: Vec::new(),
            path: Vec::new(),
            current: None,
            status: Status::Running,
            stats: Stats::default(),
            info: RepairInfo::default(),
            rec: Recorder::default(),
        };
        let source = search.source();
        search.set_rhs(source, 0);
        search.push(source);
        search.stats.generated = 1;
        Ok(search)
    }

    /// The first `n` queued cells with their keys, in the order the heap gives them up: a
    /// copy of the heap popped, skipping stale entries as [`Incremental::top`] does.
    fn queue_top(&self, n: usize) -> Vec<(Key, u32)> {
        let mut heap = self.heap.clone();
        let mut out: Vec<(Key, u32)> = Vec::new();
        while out.len() < n {
            let Some(Reverse((key, cell))) = heap.pop() else {
                break;
            };
            // A cell removed and queued again with its old key has two identical entries.
            if self.queued.get(&cell) == Some(&key) && out.last() != Some(&(key, cell)) {
                out.push((key, cell));
            }
        }
        out
    }

    /// The keys of every queued cell, in no order.
    fn queued_keys(&self) -> impl Iterator<Item = Key> + '_ {
        self.queued.values().copied()
    }

    /// `rhs(cell)`: kept apart where it differs from `g`.
    #[inline]
    fn rhs(&self, cell: u32) -> u64 {
        self.rhs_apart
            .get(&cell)
            .copied()
            .unwrap_or(self.g[cell as usize])
    }

    fn set_rhs(&mut self, cell: u32, rhs: u64) {
        if rhs == self.g[cell as usize] {
            self.rhs_apart.remove(&cell);
        } else {
            self.rhs_apart.insert(cell, rhs);
        }
    }

    /// Sets `g(cell)`, keeping its `rhs`.
    fn set_g(&mut self, cell: u32, g: u64) {
        let rhs = self.rhs(cell);
        self.g[cell as usize] = g;
        self.set_rhs(cell, rhs);
    }

    /// Whether `cell` is in the queue.
    fn is_queued(&self, cell: u32) -> bool {
        self.queued.contains_key(&cell)
    }

    /// Which algorithm this is.
    pub fn mode(&self) -> Mode {
        self.mode
    }

    /// The cell the search grows from: the start for LPA*, the goal for D* Lite.
    fn source(&self) -> u32 {
        match self.mode {
            Mode::Lpa => self.start,
            Mode::DStarLite | Mode::Field => self.goal,
        }
    }

    /// The cell whose cost the search is after: the goal for LPA*, the start for D* Lite.
    fn target(&self) -> u32 {
        match self.mode {
            Mode::Lpa => self.goal,
            Mode::DStarLite | Mode::Field => self.start,
        }
    }

    fn calc_key(&self, cell: u32) -> Key {
        let c = cell as usize;
        let m = self.g[c].min(self.rhs(cell));
        let (x, y) = (cell % self.width, cell / self.width);
        let h = self.estimator.units(x, y);
        (m.saturating_add(h).saturating_add(self.km), m)
    }

    fn push(&mut self, cell: u32) {
        let key = self.calc_key(cell);
        match self.queued.insert(cell, key) {
            Some(old) if old == key => return,
            Some(_) => self.stats.updated += 1,
            None => {
                self.stats.open_size += 1;
                self.stats.max_open = self.stats.max_open.max(self.stats.open_size);
            }
        }
        self.state[cell as usize] = OPEN;
        self.heap.push(Reverse((key, cell)));
    }

    fn remove(&mut self, cell: u32) {
        if self.queued.remove(&cell).is_some() {
            self.stats.open_size = self.stats.open_size.saturating_sub(1);
        }
    }

    /// The smallest valid key in the queue, dropping stale heap entries on the way.
    fn top(&mut self) -> Option<(Key, u32)> {
        while let Some(&Reverse((key, cell))) = self.heap.peek() {
            if self.queued.get(&cell) == Some(&key) {
                return Some((key, cell));
            }
            self.heap.pop();
        }
        None
    }

    /// The cells one legal step from `cell`, with the fixed-point cost of the step in the
    /// direction this search reads it (see the module notes).
    fn neighbours(&self, cells: &[u8], cell: u32) -> ([(u32, u64); 8], usize) {
        let mut out = [(0, 0); 8];
        let mut n = 0;
        let own = cells.get(cell as usize).copied().unwrap_or(0);
        if own == 0 {
            return (out, 0);
        }
        let from = (cell % self.width, cell / self.width);
        self.topology.neighbours(cells, from, |next| {
            let entered = match self.mode {
                Mode::Lpa => own,
                Mode::DStarLite | Mode::Field => next.terrain,
            };
            let cost = self.step_units[usize::from(next.diagonal)][usize::from(entered.min(4))];
            out[n] = (next.index, cost);
            n += 1;
        });
        (out, n)
    }

    /// Recomputes `rhs(cell)` from its neighbours and (re)queues it if inconsistent.
    fn update_vertex(&mut self, cells: &[u8], cell: u32) {
        let c = cell as usize;
        if cell != self.source() {
            let (nbrs, n) = self.neighbours(cells, cell);
            let rhs = nbrs[..n]
                .iter()
                .map(|&(m, cost)| self.g[m as usize].saturating_add(cost))
                .min()
                .unwrap_or(INF);
            self.set_rhs(cell, rhs);
        }
        if self.g[c] != self.rhs(cell) {
            if self.state[c] == UNVISITED {
                self.stats.generated += 1;
            }
            self.push(cell);
        } else {
            self.remove(cell);
            if self.state[c] == OPEN {
                self.state[c] = CLOSED;
            }
        }
        self.record_value(cell, self.state[c]);
    }

    /// Records the cell's state byte and the value its node shows (g, or rhs while g is
    /// infinite): neither is a step from a parent, so the far form carries it.
    #[inline]
    fn record_value(&mut self, cell: u32, state: u8) {
        if self.rec.is_on() {
            let c = cell as usize;
            let value = if self.g[c] != INF {
                self.g[c]
            } else {
                self.rhs(cell)
            };
            self.rec.far(cell, state, NO_PARENT, value);
        }
    }

    /// Runs until the budget is spent or the search is done, and returns the status.
    pub fn run(
        &mut self,
        grid: &Grid,
        budget: Budget,
        now_ms: impl Fn() -> f64,
    ) -> Result<Status, PlanError> {
        run_engine(self, grid, budget, &now_ms)
    }

    /// One step of ComputeShortestPath; returns true once the search is done.
    fn process_one(&mut self, cells: &[u8]) -> bool {
        self.rec.mark(&self.stats);
        let target = self.target();
        let t = target as usize;
        let target_key = self.calc_key(target);
        // A field goes on until nothing is inconsistent; a search stops once the target is
        // settled and nothing queued could lower it.
        let field = self.mode == Mode::Field;
        let Some((key, cell)) = self
            .top()
            .filter(|&(k, _)| field || k < target_key || self.rhs(target) != self.g[t])
        else {
            self.finish(cells);
            return true;
        };
        let c = cell as usize;
        let new_key = self.calc_key(cell);
        if key < new_key {
            // D* Lite: queued before the start moved; its key only grew. Requeue, no work.
            self.push(cell);
            return false;
        }
        self.remove(cell);
        self.stats.expanded += 1;
        self.info.total_expanded += 1;
        self.current = Some(cell);
        if self.info.repairs > 0 {
            self.state[c] = UPDATED;
            self.marked.push(cell);
            self.info.updated_cells += 1;
        } else {
            self.state[c] = CLOSED;
        }
        self.rec.event(cell, self.state[c], SAME_NODE);
        let (nbrs, n) = self.neighbours(cells, cell);
        let rhs = self.rhs(cell);
        if self.g[c] > rhs {
            // Over-consistent: a cheaper way was found; settle it and tell the neighbours.
            self.set_g(cell, rhs);
            self.record_value(cell, SAME_STATE);
        } else {
            // Under-consistent: its cost went up; forget it and recompute it too.
            self.set_g(cell, INF);
            self.update_vertex(cells, cell);
        }
        for &(m, _) in &nbrs[..n] {
            self.update_vertex(cells, m);
        }
        if self.state[c] == OPEN && self.info.repairs > 0 {
            self.state[c] = UPDATED;
            self.rec.event(cell, UPDATED, SAME_NODE);
        }
        false
    }

    /// The neighbour of `cell` that gives it its cost: the argmin of `g(m) + step(cell, m)`
    /// over its neighbours (`rhs`'s argmin), ties to the first in the fixed move order;
    /// `None` when no neighbour has a cost. The one rule a path is read off by, and a
    /// distance field's flow.
    pub(crate) fn best_next(&self, cells: &[u8], cell: u32) -> Option<u32> {
        let (nbrs, n) = self.neighbours(cells, cell);
        nbrs[..n]
            .iter()
            .min_by_key(|&&(m, cost)| self.g[m as usize].saturating_add(cost))
            .map(|&(m, _)| m)
            .filter(|&m| self.g[m as usize] != INF)
    }

    /// The queue has nothing left that could change the target's cost: read off the path.
    fn finish(&mut self, cells: &[u8]) {
        let target = self.target();
        if self.g[target as usize] == INF {
            self.status = Status::NoPath;
            self.current = None;
            return;
        }
        // Walk from the target to the source, each time to the neighbour that gives the
        // target side its cost: rhs's argmin. Ties go to the first in the fixed move order.
        let mut path = vec![target];
        let mut cell = target;
        let source = self.source();
        while cell != source && path.len() <= cells.len() {
            let Some(next) = self.best_next(cells, cell) else {
                self.status = Status::NoPath;
                return;
            };
            path.push(next);
            cell = next;
        }
        if cell != source {
            self.status = Status::NoPath;
            return;
        }
        if self.mode == Mode::Lpa {
            path.reverse();
        }
        let cost = self.topology.cost_of(cells, &path);
        for &p in &path {
            self.state[p as usize] = PATH;
            self.rec.event(p, PATH, SAME_NODE);
        }
        self.stats.path_cost = Some(cost);
        self.stats.path_moves = Some(path.len() as u64 - 1);
        self.path = path;
        self.status = Status::Found;
    }

    /// Counters over all repairs.
    pub fn repair_info(&self) -> &RepairInfo {
        &self.info
    }

    /// What the search knows about (x, y): `g` is the settled cost (from the start for
    /// LPA*, to the goal for D* Lite), `f` the first part of the queue key. `None` outside.
    pub fn node(&self, x: u32, y: u32) -> Option<NodeInfo> {
        if x >= self.width || y >= self.height {
            return None;
        }
        let cell = y * self.width + x;
        let c = cell as usize;
        let byte = self.state[c];
        let state = CellState::from_byte(byte).unwrap_or(CellState::Unvisited);
        let as_cost = |v: u64| (v != INF).then(|| v as f64 / COST_SCALE as f64);
        let g = as_cost(self.g[c]).or(as_cost(self.rhs(cell)));
        let key = self.calc_key(cell);
        Some(NodeInfo {
            x,
            y,
            state,
            g,
            h: self.estimator.cost(x, y),
            f: as_cost(key.0),
            parent: None,
            expansion: None,
        })
    }

    fn coords(&self, index: u32) -> (u32, u32) {
        (index % self.width, index / self.width)
    }
}

impl Engine for Incremental {
    engine_fields!();

    #[inline(always)]
    fn step_once(&mut self, cells: &[u8]) -> bool {
        self.process_one(cells)
    }
}
