//! Goal bounding (Rabin & Sturtevant, AAAI 2016, "Faster A* with goal bounding"): for every
//! free cell and each of its eight moves, the bounding box of every cell whose shortest path
//! from that cell can start with that move.
//!
//! A search that is about to leave cell `u` by move `d` may skip it unless the goal lies in
//! the box of `(u, d)`: no shortest path from `u` to the goal starts with `d` otherwise. Over
//! JPS+ (`engine/jps.rs`, [`Algorithm::JpsPlusBounded`](super::Algorithm::JpsPlusBounded))
//! that prunes whole jumps. It stays optimal because the boxes are exact for the map and the
//! movement: a cell reached at its shortest cost by two first moves is in both boxes
//! (ties are kept, never broken).
//!
//! **The build** is a Dijkstra flood from every free cell, each cell labelled with the set of
//! first moves (one bit each) that reach it at its shortest cost, so it costs O(cells²): it
//! is built for maps of at most [`MAX_CELLS`] cells ([`BoundingTable::fits`]; larger maps are
//! refused by `Settings::unavailable_on`). Costs are the search's fixed-point units, so ties
//! are exact. The flood's open list is a bucket queue whose buckets are one straight step
//! wide: a step costs at least that much, so no cell can improve another of its own bucket,
//! and a bucket is taken in any order, with every label final when its cell is taken.
//!
//! The build can go in pieces (`BoundingTable::build_some`), a few floods at a time, so
//! the page can show its progress between frames. **Edits invalidate it**: the table records
//! which contents of which grid it was built from, and the search rebuilds it from scratch on
//! its next run after any edit (there is no cheaper exact update: one wall can change the
//! shortest paths between any two cells).
//!
//! Memory: 8 boxes of four `u16` a cell, 64 bytes a cell, dense at `y * width + x`.

use crate::grid::{Grid, Revision, MOVES};
use crate::heuristic::COST_SCALE;

/// The most cells (width × height) a map may have for goal bounding: the build floods from
/// every free cell, so it grows with the square of the map. At this size (256 × 256) the
/// build of a Moving AI city map (48,147 free cells) took about a minute natively; see
/// docs/benchmarks.md.
pub const MAX_CELLS: usize = 256 * 256;

/// Maps of more cells than this build their boxes in pieces when a search is stepped (the
/// page), so the page can say how far the build is; on 64 × 64 cells a whole build takes
/// about 0.1 s natively.
pub const PIECE_CELLS: usize = 64 * 64;

/// The bytes a cell costs in the table: eight boxes of four `u16`.
pub const BYTES_PER_CELL: usize = 64;

/// One bounding box: `[min x, min y, max x, max y]`; empty when min > max.
type Bounds = [u16; 4];

/// An empty box (no cell reached by that move).
const EMPTY: Bounds = [u16::MAX, u16::MAX, 0, 0];

/// The movement a table is built for: 4-connected or not, and the diagonal step's cost in
/// fixed-point units (the boxes hold shortest paths, which depend on it).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Rule {
    /// 4-connected movement (no diagonal moves).
    pub four: bool,
    /// A diagonal step's cost in fixed-point units (unused when `four`).
    pub diagonal: u64,
}

/// The bounding boxes of a map, per cell and move, built in pieces and rebuilt after edits.
#[derive(Clone, Debug, Default)]
pub struct BoundingTable {
    width: u32,
    height: u32,
    rule: Rule,
    /// Which contents of which grid the table is (being) built from.
    built: Revision,
    /// Per cell, its eight boxes (in [`MOVES`]' order).
    boxes: Vec<[Bounds; 8]>,
    /// The grid's bytes, kept while a build goes in pieces.
    cells: Vec<u8>,
    /// The next source cell to flood from; `cells.len()` once complete.
    next: usize,
    /// Milliseconds the build has taken so far.
    build_ms: f64,
    /// The flood's scratch space, kept between floods.
    flood: Flood,
}

impl BoundingTable {
    /// Whether a map of `cells` cells is small enough for goal bounding ([`MAX_CELLS`]).
    pub fn fits(cells: usize) -> bool {
        cells <= MAX_CELLS
    }

    /// Whether the table is complete and in step with `grid` under `rule`.
    pub(crate) fn matches(&self, grid: &Grid, rule: Rule) -> bool {
        self.is_started_for(grid, rule) && self.is_complete()
    }

    fn is_started_for(&self, grid: &Grid, rule: Rule) -> bool {
        (grid.width(), grid.height()) == (self.width, self.height)
            && rule == self.rule
            && self.built == grid.revision()
    }

    /// Whether every flood of the current build is done.
    pub fn is_complete(&self) -> bool {
        !self.cells.is_empty() && self.next >= self.cells.len()
    }

    /// How far the current build is, from 0 to 1.
    pub fn progress(&self) -> f64 {
        if self.cells.is_empty() {
            0.0
        } else {
            self.next as f64 / self.cells.len() as f64
        }
    }

    /// How far the table is for `grid` under `rule`: 1 when complete and in step with it,
    /// the share of floods done while a build for it goes on, 0 when it was built for
    /// anything else (another map, or before an edit).
    pub(crate) fn progress_for(&self, grid: &Grid, rule: Rule) -> f64 {
        if !self.is_started_for(grid, rule) {
            0.0
        } else {
            self.progress()
        }
    }

    /// How long the build took (or has taken so far), in ms.
    pub fn build_ms(&self) -> f64 {
        self.build_ms
    }

    /// The table's size in bytes.
    pub fn bytes(&self) -> usize {
        self.boxes.len() * BYTES_PER_CELL
    }

    /// Builds the whole table for `grid` under `rule` (restarting if it was built for
    /// anything else).
    pub(crate) fn build(&mut self, grid: &Grid, rule: Rule, now_ms: &dyn Fn() -> f64) {
        while !self.build_some(grid, rule, f64::INFINITY, now_ms) {}
    }

    /// Goes on with the build for `grid` under `rule` until it is complete or `budget_ms`
    /// have passed (at least one flood each call); returns whether it is complete. A table
    /// of another grid, contents or rule starts over.
    pub(crate) fn build_some(
        &mut self,
        grid: &Grid,
        rule: Rule,
        budget_ms: f64,
        now_ms: &dyn Fn() -> f64,
    ) -> bool {
        if !self.is_started_for(grid, rule) || self.cells.is_empty() {
            self.width = grid.width();
            self.height = grid.height();
            self.rule = rule;
            self.built = grid.revision();
            self.cells = grid.bytes().to_vec();
            self.boxes.clear();
            self.boxes.resize(grid.len(), [EMPTY; 8]);
            self.next = 0;
            self.build_ms = 0.0;
        }
        let started = now_ms();
        let mut floods = 0u32;
        while self.next < self.cells.len() {
            let source = self.next;
            self.next += 1;
            if self.cells[source] == 0 {
                continue;
            }
            let boxes = self
                .flood
                .run(self.width, self.height, &self.cells, rule, source);
            self.boxes[source] = boxes;
            floods += 1;
            // Reading the clock costs little next to a flood, but not nothing on a tiny map.
            let check = floods % 16 == 0 || self.cells.len() > PIECE_CELLS;
            if check && now_ms() - started >= budget_ms {
                break;
            }
        }
        self.build_ms += (now_ms() - started).max(0.0);
        if self.is_complete() {
            // The flood's scratch arrays (15 bytes a cell) are not needed until an edit.
            self.flood = Flood::default();
        }
        self.is_complete()
    }

    /// Whether a shortest path from cell `from` to `goal` (x, y) can start with move `d`.
    #[inline(always)]
    pub(crate) fn allows(&self, from: usize, d: usize, goal: (u32, u32)) -> bool {
        let [x0, y0, x1, y1] = self.boxes[from][d];
        let (gx, gy) = goal;
        u32::from(x0) <= gx && gx <= u32::from(x1) && u32::from(y0) <= gy && gy <= u32::from(y1)
    }

    /// The box of cell `from` and move `d` as `(min x, min y, max x, max y)`, or `None` when
    /// no shortest path starts with that move.
    pub fn bounds(&self, from: usize, d: usize) -> Option<(u32, u32, u32, u32)> {
        let [x0, y0, x1, y1] = *self.boxes.get(from)?.get(d)?;
        (x0 <= x1).then(|| (x0.into(), y0.into(), x1.into(), y1.into()))
    }
}

/// One flood's scratch arrays: the best cost found per cell, its first-move bits, whether it
/// was reached (`stamp` = 2 × round) or is done (2 × round + 1) in this flood, the bucket
/// queue, and the legal moves out of every cell, worked out once per build.
#[derive(Clone, Debug, Default)]
struct Flood {
    stamp: Vec<u32>,
    round: u32,
    dist: Vec<u64>,
    label: Vec<u8>,
    buckets: [Vec<u32>; 3],
    /// Per cell, bit d set when move d is legal (the Moving AI rule: a diagonal step needs
    /// both side cells free), for the grid bytes `for_cells` holds.
    legal: Vec<u8>,
    for_cells: Vec<u8>,
    four: bool,
}

impl Flood {
    /// Works out the legal moves of every cell, if `cells` or the rule changed.
    fn prepare(&mut self, width: u32, height: u32, cells: &[u8], four: bool) {
        let len = cells.len();
        if self.stamp.len() != len {
            self.stamp = vec![0; len];
            self.dist = vec![0; len];
            self.label = vec![0; len];
            self.round = 0;
        }
        if self.for_cells == cells && self.four == four {
            return;
        }
        self.for_cells = cells.to_vec();
        self.four = four;
        let (w, h) = (i64::from(width), i64::from(height));
        let free =
            |x: i64, y: i64| x >= 0 && y >= 0 && x < w && y < h && cells[(y * w + x) as usize] != 0;
        let moves = if four { 4 } else { 8 };
        self.legal = (0..len)
            .map(|c| {
                let (x, y) = (c as i64 % w, c as i64 / w);
                if cells[c] == 0 {
                    return 0;
                }
                let mut bits = 0u8;
                for (d, &(dx, dy)) in MOVES.iter().enumerate().take(moves) {
                    let (nx, ny) = (x + dx, y + dy);
                    let diagonal = dx != 0 && dy != 0;
                    if free(nx, ny) && (!diagonal || (free(nx, y) && free(x, ny))) {
                        bits |= 1 << d;
                    }
                }
                bits
            })
            .collect();
    }

    /// Floods from `source` and returns its eight boxes.
    fn run(
        &mut self,
        width: u32,
        height: u32,
        cells: &[u8],
        rule: Rule,
        source: usize,
    ) -> [Bounds; 8] {
        self.prepare(width, height, cells, rule.four);
        self.round = self.round.wrapping_add(1);
        if self.round >= u32::MAX / 2 {
            self.stamp.fill(0);
            self.round = 1;
        }
        let (seen, done) = (2 * self.round, 2 * self.round + 1);
        let w = width as usize;
        let offsets: [isize; 8] = MOVES.map(|(dx, dy)| dy as isize * w as isize + dx as isize);
        let step = [
            COST_SCALE,
            COST_SCALE,
            COST_SCALE,
            COST_SCALE,
            rule.diagonal,
            rule.diagonal,
            rule.diagonal,
            rule.diagonal,
        ];
        let mut out = [EMPTY; 8];
        let (stamp, dist, label, legal) = (
            &mut self.stamp,
            &mut self.dist,
            &mut self.label,
            &self.legal,
        );
        stamp[source] = seen;
        dist[source] = 0;
        label[source] = 0;
        for b in &mut self.buckets {
            b.clear();
        }
        self.buckets[0].push(source as u32);
        let mut bucket = 0u64;
        let mut pending = 1usize;
        while pending > 0 {
            let slot = (bucket % 3) as usize;
            while let Some(c) = self.buckets[slot].pop() {
                pending -= 1;
                let c = c as usize;
                if stamp[c] == done {
                    continue;
                }
                stamp[c] = done;
                let here = label[c];
                if c != source {
                    let (x, y) = ((c % w) as u16, (c / w) as u16);
                    let mut bits = here;
                    while bits != 0 {
                        let d = bits.trailing_zeros() as usize;
                        bits &= bits - 1;
                        let b = &mut out[d];
                        b[0] = b[0].min(x);
                        b[1] = b[1].min(y);
                        b[2] = b[2].max(x);
                        b[3] = b[3].max(y);
                    }
                }
                let g = dist[c];
                let mut moves = legal[c];
                while moves != 0 {
                    let d = moves.trailing_zeros() as usize;
                    moves &= moves - 1;
                    let n = c.wrapping_add_signed(offsets[d]);
                    let ng = g + step[d];
                    let pass = if c == source { 1u8 << d } else { here };
                    let s = stamp[n];
                    if s == done {
                        continue;
                    }
                    if s == seen {
                        if ng > dist[n] {
                            continue;
                        }
                        if ng == dist[n] {
                            label[n] |= pass;
                            continue;
                        }
                    }
                    stamp[n] = seen;
                    dist[n] = ng;
                    label[n] = pass;
                    self.buckets[((ng / COST_SCALE) % 3) as usize].push(n as u32);
                    pending += 1;
                }
            }
            bucket += 1;
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Cell;
    use crate::heuristic::diagonal_units;
    use crate::rng::SplitMix64;
    use crate::search::engine::test_maps::random_walls;

    /// Every cell's shortest cost from `source`, by plain Bellman-Ford relaxation.
    fn distances(grid: &Grid, rule: Rule, source: usize) -> Vec<u64> {
        let (w, h) = (i64::from(grid.width()), i64::from(grid.height()));
        let free = |x: i64, y: i64| grid.is_passable(x, y);
        let mut dist = vec![u64::MAX; grid.len()];
        dist[source] = 0;
        let moves = if rule.four { 4 } else { 8 };
        loop {
            let mut changed = false;
            for c in 0..grid.len() {
                if dist[c] == u64::MAX {
                    continue;
                }
                let (x, y) = (c as i64 % w, c as i64 / w);
                for &(dx, dy) in MOVES.iter().take(moves) {
                    let (nx, ny) = (x + dx, y + dy);
                    let diagonal = dx != 0 && dy != 0;
                    if !free(nx, ny) || (diagonal && !(free(nx, y) && free(x, ny))) {
                        continue;
                    }
                    let n = (ny * w + nx) as usize;
                    let ng = dist[c] + if diagonal { rule.diagonal } else { COST_SCALE };
                    if ng < dist[n] {
                        dist[n] = ng;
                        changed = true;
                    }
                }
            }
            if !changed {
                let _ = h;
                return dist;
            }
        }
    }

    /// The boxes by definition: cell t is in the box of (s, d) when the step d from s and a
    /// shortest path on from there cost exactly the shortest cost from s to t.
    /// A box as [`BoundingTable::bounds`] gives it.
    type Box4 = Option<(u32, u32, u32, u32)>;

    fn brute(grid: &Grid, rule: Rule) -> Vec<[Box4; 8]> {
        let w = i64::from(grid.width());
        let all: Vec<Vec<u64>> = (0..grid.len()).map(|s| distances(grid, rule, s)).collect();
        let moves = if rule.four { 4 } else { 8 };
        (0..grid.len())
            .map(|s| {
                let mut out = [None; 8];
                if grid.bytes()[s] == 0 {
                    return out;
                }
                let (x, y) = (s as i64 % w, s as i64 / w);
                for (d, &(dx, dy)) in MOVES.iter().enumerate().take(moves) {
                    let (nx, ny) = (x + dx, y + dy);
                    let diagonal = dx != 0 && dy != 0;
                    let free = |x: i64, y: i64| grid.is_passable(x, y);
                    if !free(nx, ny) || (diagonal && !(free(nx, y) && free(x, ny))) {
                        continue;
                    }
                    let n = (ny * w + nx) as usize;
                    let step = if diagonal { rule.diagonal } else { COST_SCALE };
                    let mut b: Box4 = None;
                    for t in (0..grid.len()).filter(|&t| t != s && all[s][t] != u64::MAX) {
                        if step + all[n][t] == all[s][t] {
                            let (tx, ty) = ((t as i64 % w) as u32, (t as i64 / w) as u32);
                            b = Some(match b {
                                None => (tx, ty, tx, ty),
                                Some((a, b, c, d)) => (a.min(tx), b.min(ty), c.max(tx), d.max(ty)),
                            });
                        }
                    }
                    out[d] = b;
                }
                out
            })
            .collect()
    }

    #[test]
    fn the_boxes_match_a_brute_force_flood() {
        let mut rng = SplitMix64::new(0x2545_f491_4f6c_dd1d);
        let rules = [
            Rule {
                four: false,
                diagonal: diagonal_units(std::f64::consts::SQRT_2),
            },
            Rule {
                four: false,
                diagonal: diagonal_units(1.0),
            },
            Rule {
                four: true,
                diagonal: 0,
            },
        ];
        for (w, h, density) in [(9, 7, 20), (12, 10, 35), (1, 6, 0), (7, 7, 0), (11, 5, 45)] {
            for rule in rules {
                let grid = random_walls(w, h, density, &mut rng).0;
                let mut table = BoundingTable::default();
                table.build(&grid, rule, &|| 0.0);
                assert!(table.matches(&grid, rule));
                let want = brute(&grid, rule);
                for (s, boxes) in want.iter().enumerate() {
                    for (d, b) in boxes.iter().enumerate() {
                        assert_eq!(table.bounds(s, d), *b, "{w}×{h} {rule:?} cell {s} move {d}");
                    }
                }
            }
        }
    }

    #[test]
    fn a_build_in_pieces_equals_one_build_and_an_edit_starts_it_over() {
        let mut rng = SplitMix64::new(7);
        let rule = Rule {
            four: false,
            diagonal: diagonal_units(std::f64::consts::SQRT_2),
        };
        let mut grid = random_walls(20, 16, 25, &mut rng).0;
        let mut whole = BoundingTable::default();
        whole.build(&grid, rule, &|| 0.0);
        let mut pieces = BoundingTable::default();
        let mut calls = 0;
        // A clock that moves a millisecond a reading: every call stops after 16 floods.
        let clock = std::cell::Cell::new(0.0);
        let now = || {
            clock.set(clock.get() + 1.0);
            clock.get()
        };
        while !pieces.build_some(&grid, rule, 0.5, &now) {
            calls += 1;
            assert!(!pieces.matches(&grid, rule));
            assert!(pieces.progress() < 1.0);
        }
        assert!(calls > 3, "{calls}");
        assert_eq!(pieces.boxes, whole.boxes);
        assert_eq!(pieces.bytes(), 20 * 16 * BYTES_PER_CELL);
        grid.set(3, 3, Cell::Wall);
        assert!(
            !pieces.matches(&grid, rule),
            "an edit invalidates the table"
        );
        pieces.build(&grid, rule, &|| 0.0);
        let mut fresh = BoundingTable::default();
        fresh.build(&grid, rule, &|| 0.0);
        assert_eq!(pieces.boxes, fresh.boxes);
    }
}
