//! Bidirectional A*: a forward search from the start and a backward one from the goal.
//!
//! Each side is an A* of its own — its own open list ([`OpenList`]) and its own g and parent
//! per cell — with its heuristic pointing at the other end: the forward side estimates the
//! distance to the goal, the backward side the distance from the start.
//! Every expansion goes to the side with the smaller open list (Pohl's cardinality rule), so
//! the two frontiers grow towards each other.
//!
//! **Edges run backwards on the backward side.** A move into cell `c` costs `terrain(c)` times
//! the step length, so a step from `u` to `v` costs `terrain(v)` whichever side finds it: the
//! backward side, expanding `v` and reaching its predecessor `u`, charges `v`'s terrain, not
//! `u`'s. Legality needs no reversing: every diagonal rule looks at the same two side cells
//! in both directions.
//!
//! **Keys: average potentials** (Ikeda et al.; Goldberg & Harrelson). With `h_t` the estimate
//! to the goal and `h_s` the estimate from the start, both sides order their open lists by the
//! same potential `p(v) = (h_t(v) − h_s(v)) / 2`: forwards `g_f(v) + p(v)`, backwards
//! `g_b(v) − p(v)`. Because both heuristics are consistent (all of ours are, see
//! [`crate::heuristic`], and in both directions since they are symmetric), the reduced step
//! costs `c(u, v) − p(u) + p(v)` are never negative, so each side is a plain Dijkstra on
//! reduced costs and a closed cell is final. Keys are kept doubled (so the halving is exact in
//! fixed point) and offset by a constant (so they stay unsigned).
//!
//! **Stopping rule.** Whenever a cell has a g on both sides, `g_f + g_b` is the cost of a real
//! path; the best one seen is `μ`. Any path not yet seen leaves the forward closed set through
//! a cell open forwards and enters the backward closed set through one open backwards, so its
//! cost is at least `min key forward + min key backward` (the potentials cancel along it). The
//! search stops as soon as that sum reaches `μ`, or when either open list runs dry — *not* at
//! the first meeting, which is PathFinding.js's bug: the first meeting is often not on a
//! shortest path. (The better-known rule `μ ≤ max(min f_f, min f_b)` with front-to-end keys
//! is also correct; on the Moving AI maps it expanded several times more cells than this one.)
//!
//! The heuristic weight is ignored (it would break the stopping rule's bound); the node
//! budget gives [`Status::Partial`] with the best path met so far, if any. States paint the
//! forward side open/closed and the backward side [`CellState::BackOpen`] /
//! [`CellState::BackClosed`]; a cell reached from both shows the side that touched it last.
//!
//! **Memory: one node a cell, not two.** Each side needs g and a parent for the cells it
//! reached, but the two sides reach mostly different cells: they overlap only where their
//! frontiers meet. So a cell's node word (g and the move it was reached by, as in
//! [`super::Search`]) is kept densely for the side that reached it first, and the second
//! side's node, for the few cells both reached, in a hash map. With both sides' open/closed
//! marks packed into one byte, bidirectional A* holds about what one A* does per cell.

mod searcher;

use super::core::{
    checked_ends, engine_fields, run_engine, step_units, Budget, CellState, Engine,
    ExpansionNumbers, NodeInfo, Stats, Status, CLOSED, OPEN, PATH, UNVISITED,
};
use super::open::{Entry, Liveness, OpenList, Slots};
use super::record::{OpenEntry, Recorder, SAME_NODE};
use super::searcher::{common_searcher_methods, Searcher};
use super::settings::Algorithm;
use super::settings::{PlanError, Settings};
use crate::grid::{Grid, Topology};
use crate::heuristic::{Estimator, Heuristic, COST_SCALE};
use rustc_hash::FxHashMap;

const BACK_OPEN: u8 = CellState::BackOpen as u8;
const BACK_CLOSED: u8 = CellState::BackClosed as u8;

/// One direction of the search: its open list and estimates (its per-cell marks and nodes
/// live in [`Bidirectional`], shared with the other side).
#[derive(Clone, Debug)]
struct Side {
    open: OpenList,
    /// Live entries in `open`: the cells open on this side.
    open_count: u64,
    /// The estimate towards this side's target (the goal forwards, the start backwards).
    estimator: Estimator,
    /// The estimate towards this side's origin, subtracted to make the average potential.
    origin: Estimator,
    /// When each cell was last expanded by this side, if asked for.
    expansions: ExpansionNumbers,
}

/// Added to every doubled key so `2g + h_target − h_origin` never goes below zero (costs stay
/// below 2⁵² units on the largest map).
const KEY_OFFSET: u64 = 1 << 60;

/// A side's mark of a cell, two bits of [`Bidirectional::marks`] each: not reached, open or
/// closed.
const MARK_UNVISITED: u8 = 0;
const MARK_OPEN: u8 = 1;
const MARK_CLOSED: u8 = 2;
/// The bit of [`Bidirectional::marks`] set when the backward side's node is the dense one
/// (it reached the cell first).
const BACK_OWNS: u8 = 1 << 4;

/// Node words as in [`super::Search`]: g above four link bits, the link being the move
/// (0–7) from the neighbour the node was reached from, or [`LINK_ROOT`].
const LINK_BITS: u32 = 4;
const LINK_ROOT: u64 = 8;

impl Side {
    fn new() -> Side {
        Side {
            open: OpenList::default(),
            open_count: 0,
            estimator: Estimator::new(Heuristic::Zero, &Default::default(), (0, 0)),
            origin: Estimator::new(Heuristic::Zero, &Default::default(), (0, 0)),
            expansions: ExpansionNumbers::default(),
        }
    }

    fn reset(&mut self, cells: usize, estimator: Estimator, origin: Estimator) {
        self.origin = origin;
        self.open.reset();
        self.open_count = 0;
        self.expansions.reset(cells);
        self.estimator = estimator;
    }

    /// The doubled, offset average-potential key of cell (x, y) reached at cost `g`.
    fn key(&self, g: u64, x: u32, y: u32) -> u64 {
        (KEY_OFFSET + 2 * g + self.estimator.units(x, y)).saturating_sub(self.origin.units(x, y))
    }
}

/// Side `s`'s mark of a cell from its marks byte.
#[inline(always)]
fn mark_of(marks: u8, s: usize) -> u8 {
    (marks >> (2 * s)) & 3
}

/// Side `s`'s node word of cell `c` (meaningful once it reached the cell).
#[inline(always)]
fn node_of(marks: &[u8], nodes: &[u64], overlap: &FxHashMap<u32, u64>, s: usize, c: usize) -> u64 {
    if usize::from(marks[c] & BACK_OWNS != 0) == s {
        nodes[c]
    } else {
        overlap.get(&(c as u32)).copied().unwrap_or(0)
    }
}

/// Side `side`'s open list as its cells say (lazy deletion: an improved cell's old entry
/// goes stale, and an entry stands while its cell is open on the side with that g).
struct SideCells<'a> {
    marks: &'a [u8],
    nodes: &'a [u64],
    overlap: &'a FxHashMap<u32, u64>,
    side: usize,
}

impl Liveness for SideCells<'_> {
    fn tracked(&self) -> bool {
        false
    }

    #[inline(always)]
    fn live(&self, e: &Entry, _: u64) -> bool {
        let (c, s) = (e.cell() as usize, self.side);
        mark_of(self.marks[c], s) == MARK_OPEN
            && e.tie == node_of(self.marks, self.nodes, self.overlap, s, c) >> LINK_BITS
    }
}

impl Slots for SideCells<'_> {
    fn set(&mut self, _: u32, _: u64) {}

    fn get(&self, _: u32) -> u64 {
        0
    }
}

/// Bidirectional A* on a grid: see the module docs.
#[derive(Clone, Debug)]
pub struct Bidirectional {
    width: u32,
    height: u32,
    start: u32,
    goal: u32,
    settings: Settings,
    /// The map's shape and size with the movement: which moves there are.
    topology: Topology,
    /// Fixed-point cost of a step into terrain t: `[orthogonal, diagonal][t]`.
    step_units: [[u64; 8]; 2],
    direction_count: usize,
    /// `sides[0]` searches forwards from the start, `sides[1]` backwards from the goal.
    sides: [Side; 2],
    /// The painted state of each cell ([`CellState`] bytes).
    state: Vec<u8>,
    /// Per cell: both sides' marks (two bits each) and [`BACK_OWNS`].
    marks: Vec<u8>,
    /// Per cell: the node word of the side that reached it first.
    nodes: Vec<u64>,
    /// The node words of the side that reached a cell second.
    overlap: FxHashMap<u32, u64>,
    /// The best meeting so far: (path cost, the cell where the two sides meet).
    best: Option<(u64, u32)>,
    next_seq: u64,
    status: Status,
    stats: Stats,
    path: Vec<u32>,
    current: Option<u32>,
    /// The timeline's event log, off unless a planner switches it on.
    rec: Recorder,
}

impl Bidirectional {
    /// Starts a bidirectional search: the start is open forwards, the goal backwards.
    pub fn new(
        grid: &Grid,
        start: (u32, u32),
        goal: (u32, u32),
        settings: &Settings,
    ) -> Result<Bidirectional, PlanError> {
        let mut search = Bidirectional {
            width: 0,
            height: 0,
            start: 0,
            goal: 0,
            settings: *settings,
            topology: Topology::of(grid, &settings.movement),
            step_units: [[0; 8]; 2],
            direction_count: 8,
            sides: [Side::new(), Side::new()],
            state: Vec::new(),
            marks: Vec::new(),
            nodes: Vec::new(),
            overlap: FxHashMap::default(),
            best: None,
            next_seq: 0,
            status: Status::Running,
            stats: Stats::default(),
            path: Vec::new(),
            current: None,
            rec: Recorder::default(),
        };
        Searcher::restart(&mut search, grid, start, goal, settings)?;
        Ok(search)
    }

    /// One expansion; true once the search is done.
    fn expand_one(&mut self, cells: &[u8]) -> bool {
        self.rec.mark(&self.stats);
        let (Some(top_f), Some(top_b)) = (self.min_key(0), self.min_key(1)) else {
            // One side ran dry: every path from its end has been seen, so the best meeting
            // (if any) is optimal.
            return self.finish(cells);
        };
        // Keys are doubled and offset: "min key forward + min key backward ≥ μ" reads so.
        if self
            .best
            .is_some_and(|(mu, _)| top_f + top_b >= 2 * mu + 2 * KEY_OFFSET)
        {
            return self.finish(cells);
        }
        if let Some(budget) = self.settings.node_budget {
            if self.stats.expanded >= budget {
                self.status = Status::Partial;
                if let Some((_, meet)) = self.best {
                    self.build_path(meet, cells);
                }
                return true;
            }
        }
        // Cardinality rule: grow the smaller frontier (forwards on a tie).
        let s = self.next_side();
        let mut cells_view = SideCells {
            marks: &self.marks,
            nodes: &self.nodes,
            overlap: &self.overlap,
            side: s,
        };
        let Some(cell) = self.sides[s].open.pop(&mut cells_view).map(|e| e.cell()) else {
            return self.finish(cells);
        };
        let c = cell as usize;
        self.stats.expanded += 1;
        self.set_mark(s, c, MARK_CLOSED);
        let side = &mut self.sides[s];
        side.open_count -= 1;
        side.expansions.record(c, self.stats.expanded);
        self.state[c] = if s == 0 { CLOSED } else { BACK_CLOSED };
        self.rec.event(cell, self.state[c], SAME_NODE);
        self.current = Some(cell);
        self.stats.open_size = self.sides[0].open_count + self.sides[1].open_count;
        self.expand_successors(s, cell, cells);
        false
    }

    /// The smallest key of side `s`'s live entries, or `None` when it has none (its stale
    /// front entries are dropped first).
    fn min_key(&mut self, s: usize) -> Option<u64> {
        let mut view = SideCells {
            marks: &self.marks,
            nodes: &self.nodes,
            overlap: &self.overlap,
            side: s,
        };
        let open = &mut self.sides[s].open;
        open.settle(&mut view);
        open.peek().map(|e| e.key)
    }

    /// Side `s`'s open list as its cells say.
    fn side_cells(&self, s: usize) -> SideCells<'_> {
        SideCells {
            marks: &self.marks,
            nodes: &self.nodes,
            overlap: &self.overlap,
            side: s,
        }
    }

    /// Side `s`'s node word of cell `c`.
    fn node_word(&self, s: usize, c: usize) -> u64 {
        node_of(&self.marks, &self.nodes, &self.overlap, s, c)
    }

    /// Side `s`'s g of cell `c` (meaningful once it reached the cell).
    fn g(&self, s: usize, c: usize) -> u64 {
        self.node_word(s, c) >> LINK_BITS
    }

    /// Side `s`'s parent of cell `c`: the neighbour it was reached from (towards the start
    /// forwards, towards the goal backwards), `None` for the side's root.
    fn parent(&self, s: usize, c: usize) -> Option<u32> {
        let link = self.node_word(s, c) & ((1 << LINK_BITS) - 1);
        if link >= LINK_ROOT {
            return None;
        }
        let (x, y) = self.coords(c as u32);
        let (px, py) = self.topology.back(link as usize, x, y);
        u32::try_from(py * i64::from(self.width) + px).ok()
    }

    /// Side `s`'s mark of cell `c`.
    fn mark(&self, s: usize, c: usize) -> u8 {
        mark_of(self.marks[c], s)
    }

    fn set_mark(&mut self, s: usize, c: usize, mark: u8) {
        let m = &mut self.marks[c];
        *m = (*m & !(3 << (2 * s))) | (mark << (2 * s));
    }

    /// Gives side `s`'s node of cell `c` the word `word`: densely when the side owns the
    /// cell or is the first to reach it, in the overlap map when the other side was first.
    fn set_node(&mut self, s: usize, c: usize, word: u64) {
        let m = self.marks[c];
        if mark_of(m, 0) == MARK_UNVISITED && mark_of(m, 1) == MARK_UNVISITED {
            self.marks[c] = if s == 1 {
                m | BACK_OWNS
            } else {
                m & !BACK_OWNS
            };
            self.nodes[c] = word;
        } else if usize::from(m & BACK_OWNS != 0) == s {
            self.nodes[c] = word;
        } else {
            self.overlap.insert(c as u32, word);
        }
    }

    /// Offers every legal neighbour of `cell` a path through it on side `s`.
    fn expand_successors(&mut self, s: usize, cell: u32, cells: &[u8]) {
        let g = self.g(s, cell as usize);
        let own = cells.get(cell as usize).copied().unwrap_or(1);
        let from = (cell % self.width, cell / self.width);
        let mut steps = [(0u32, 0u64, 0u8); 8];
        let mut count = 0;
        let step_units = &self.step_units;
        self.topology.neighbours(cells, from, |n| {
            // The step between the two cells is cell → n forwards and n → cell
            // backwards; either way it costs the terrain of the cell it enters.
            let entered = if s == 0 { n.terrain } else { own };
            steps[count] = (
                n.index,
                step_units[usize::from(n.diagonal)][usize::from(entered & 7)],
                n.direction,
            );
            count += 1;
        });
        for &(n, units, d) in &steps[..count] {
            self.relax(s, n, g + units, d);
        }
    }

    /// Offers `n` the cost `new_g` through its neighbour one move `d` back on side `s`, and
    /// records a better meeting.
    fn relax(&mut self, s: usize, n: u32, new_g: u64, d: u8) {
        let i = n as usize;
        let is_new = match self.mark(s, i) {
            MARK_UNVISITED => {
                self.stats.generated += 1;
                true
            }
            MARK_OPEN if new_g < self.g(s, i) => {
                self.stats.updated += 1;
                false
            }
            MARK_CLOSED if new_g < self.g(s, i) => {
                self.stats.reopened += 1;
                true
            }
            _ => return,
        };
        self.set_node(s, i, (new_g << LINK_BITS) | u64::from(d & 7));
        self.set_mark(s, i, MARK_OPEN);
        let side = &mut self.sides[s];
        let key = side.key(new_g, n % self.width, n / self.width);
        self.next_seq += 1;
        let mut view = SideCells {
            marks: &self.marks,
            nodes: &self.nodes,
            overlap: &self.overlap,
            side: s,
        };
        side.open
            .push(Entry::new(key, new_g, self.next_seq, n), &mut view);
        if is_new {
            side.open_count += 1;
        }
        self.state[i] = if s == 0 { OPEN } else { BACK_OPEN };
        // The parent is the neighbour one move d back: g follows from it on replay.
        self.rec.event(n, self.state[i], d & 7);
        self.stats.open_size = self.sides[0].open_count + self.sides[1].open_count;
        self.stats.max_open = self.stats.max_open.max(self.stats.open_size);
        if self.mark(1 - s, i) != MARK_UNVISITED {
            let through = new_g + self.g(1 - s, i);
            if self.best.is_none_or(|(mu, _)| through < mu) {
                self.best = Some((through, n));
            }
        }
    }

    /// The search is over: found through the best meeting, or no path.
    fn finish(&mut self, cells: &[u8]) -> bool {
        match self.best {
            Some((_, meet)) => {
                self.status = Status::Found;
                self.build_path(meet, cells);
            }
            None => {
                self.status = Status::NoPath;
                self.current = None;
            }
        }
        true
    }

    /// The forward chain from the start to `meet`, then the backward chain on to the goal.
    fn build_path(&mut self, meet: u32, cells: &[u8]) {
        self.path.clear();
        let limit = cells.len();
        let mut cell = meet;
        while self.path.len() <= limit {
            self.path.push(cell);
            match self.parent(0, cell as usize) {
                None => break,
                Some(p) => cell = p,
            }
        }
        self.path.reverse();
        let mut cell = meet;
        while self.path.len() <= 2 * limit {
            match self.parent(1, cell as usize) {
                None => break,
                Some(p) => {
                    self.path.push(p);
                    cell = p;
                }
            }
        }
        let cost = self.topology.cost_of(cells, &self.path);
        for &p in &self.path {
            self.state[p as usize] = PATH;
            self.rec.event(p, PATH, SAME_NODE);
        }
        self.stats.path_cost = Some(cost);
        self.stats.path_moves = Some(self.path.len() as u64 - 1);
    }

    fn coords(&self, index: u32) -> (u32, u32) {
        (index % self.width, index / self.width)
    }

    /// The side the next expansion takes from: the smaller frontier, forwards on a tie.
    fn next_side(&self) -> usize {
        usize::from(self.sides[1].open_count < self.sides[0].open_count)
    }
}

impl Engine for Bidirectional {
    engine_fields!();

    #[inline(always)]
    fn step_once(&mut self, cells: &[u8]) -> bool {
        self.expand_one(cells)
    }
}
