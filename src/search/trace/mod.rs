//! The step trace: one recorded expansion, told line by line against the algorithm's
//! pseudocode ([`super::pseudocode`]).
//!
//! A step of the timeline is one expansion, and one expansion runs several lines of
//! pseudocode: the pop, the goal test, each neighbour with the case that applies to it, the
//! close. The trace cuts the step into *sub-steps*, one per line run, each with the cell it
//! is about, what happened there ([`Say`]) and the variables at that point ([`V`]: the node
//! taken from the open list, the neighbour, g′, g, h, f, the case, the open list's top).
//!
//! It is decoded from what the timeline keeps, not from a second run of the engine: the
//! step's recorded events ([`crate::search::record`]) say which cells changed and how, and
//! the search as it stood before the step ([`crate::timeline::Checkpoints`]) gives the g, h
//! and f of the cells it touched and the state of those it did not. Where the rules
//! themselves are needed — which moves are legal, in which order the textbook engine tries
//! them, what a step costs, what a node's f is — the trace calls the rule where it lives
//! (`Movement::legal_moves`, the engine's successor order, `step_units`,
//! `Algorithm::priority`), so it cannot tell a different story from the search it describes.
//!
//! What the events cannot show is not invented: a neighbour the textbook engine or Theta*
//! left alone is found by walking the legal moves, but a jump of JPS that ended at a jump
//! point no cheaper, or a mesh edge that offered nothing better, leaves no trace, and the
//! sub-steps say so.
//!
//! The page gets a trace as numbers ([`StepTrace::encode`]) and words it itself
//! (`www/trace-words.js`, from the [`SAYS`] and [`VARS`] names): sentences formatted here
//! cost the wasm 14 KB gzipped.

mod cells;
mod events;
#[cfg(test)]
mod tests;

use super::pseudocode::line_index;
use super::record::{Event, OpenEntry};
use super::settings::{Algorithm, Settings};
use super::{Searcher, Stats, Status};
use crate::grid::{Grid, Shape, Topology};
use crate::heuristic::COST_SCALE;
use crate::search::core::UNVISITED;

/// Declares a `#[repr(u8)]` enum and the table of its names in the same order, so the two
/// cannot drift apart.
macro_rules! named {
    ($(#[$m:meta])* $name:ident, $table:ident, $len:literal { $($(#[$vm:meta])* $v:ident = $s:literal,)* }) => {
        $(#[$m])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        #[repr(u8)]
        pub enum $name { $($(#[$vm])* #[doc = concat!("`", $s, "`")] $v,)* }
        /// The names, indexed by the enum's value.
        pub const $table: [&str; $len] = [$($s,)*];
    };
}

named! {
    /// A variable shown beside the pseudocode. [`VARS`] names it and says how its two
    /// numbers read: `cell:` an (x, y); `cost:` a cost (NaN: none, ∞: infinite); `count:` a
    /// whole number; `dir:` a move as its index in [`MOVE_NAMES`]; `dirs:` moves in order,
    /// as base-32 digits of those indices and their count; `side:` 0 forward, 1 backward; `key:` a two-part key.
    V, VARS, 38 {
        U = "cell:u",
        Nb = "cell:v",
        J = "cell:j",
        Top = "cell:top",
        Goal = "cell:goal",
        Start = "cell:start",
        ParentU = "cell:parent(u)",
        GU = "cost:g(u)",
        HU = "cost:h(u)",
        FU = "cost:f(u)",
        GNew = "cost:g′",
        GV = "cost:g(v)",
        HV = "cost:h(v)",
        FV = "cost:f(v)",
        GJ = "cost:g(j)",
        HJ = "cost:h(j)",
        FJ = "cost:f(j)",
        StepCost = "cost:cost(u → v)",
        EdgeLength = "cost:|u v|",
        GTop = "cost:g(top)",
        HTop = "cost:h(top)",
        FTop = "cost:f(top)",
        MinGRhs = "cost:min(g, rhs)",
        RhsU = "cost:rhs(u)",
        RhsV = "cost:rhs(v)",
        PathCost = "cost:path cost",
        Open = "count:open",
        Expanded = "count:expanded",
        Case = "count:case",
        Steps = "count:steps",
        Scanned = "count:scanned",
        Moves = "count:moves",
        Move = "dir:move",
        D = "dir:d",
        Entered = "dir:entered",
        Order = "dirs:order",
        Side = "side:s",
        KeyU = "key:key(u)",
    }
}

named! {
    /// What a sub-step says happened: the page words a sentence for each
    /// (`www/trace-words.js`).
    Say, SAYS, 46 {
        Init = "init",
        InitBoth = "init-both",
        InitQueue = "init-queue",
        InitTable = "init-table",
        InitMesh = "init-mesh",
        Edit = "edit",
        PopFifo = "pop-fifo",
        PopH = "pop-h",
        PopG = "pop-g",
        PopF = "pop-f",
        PopSide = "pop-side",
        PopKey = "pop-key",
        Side = "side",
        Close = "close",
        CloseSide = "close-side",
        NotGoal = "not-goal",
        Goal = "goal",
        Moves = "moves",
        Neighbours = "neighbours",
        ClosedFinal = "closed-final",
        Case5 = "case-5",
        Case1 = "case-1",
        Case2 = "case-2",
        Case3 = "case-3",
        Case4 = "case-4",
        Kept = "kept",
        Sight = "sight",
        Direct = "direct",
        NoCheaper = "no-cheaper",
        SideNew = "side-new",
        Meet = "meet",
        SideWorse = "side-worse",
        Prune = "prune",
        PruneStart = "prune-start",
        Jump = "jump",
        JumpsDone = "jumps-done",
        Over = "over",
        Under = "under",
        Queue = "queue",
        Consistent = "consistent",
        Updates = "updates",
        Edges = "edges",
        EdgesDone = "edges-done",
        Next = "next",
        NoPath = "no-path",
        Path = "path",
    }
}

/// One line of pseudocode run within a step.
#[derive(Clone, Debug, PartialEq)]
pub struct SubStep {
    /// The line: an index into [`super::pseudocode::lines`] of the algorithm.
    pub line: usize,
    /// The line's id.
    pub id: &'static str,
    /// What happened.
    pub say: Say,
    /// The cell it is about, if one.
    pub cell: Option<(u32, u32)>,
    /// The variables at this point: which, and its two numbers ([`V`]).
    pub vars: Vec<(V, f64, f64)>,
}

impl SubStep {
    /// The first number of variable `v`, if the sub-step shows it.
    pub fn var(&self, v: V) -> Option<f64> {
        self.vars.iter().find(|w| w.0 == v).map(|w| w.1)
    }
}

/// Why a step has no sub-steps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum Note {
    /// It has them.
    None,
    /// The algorithm does not apply to the map: no search.
    Refused,
    /// Recording is off.
    NotRecording,
    /// The live search went on past the timeline's memory cap.
    PastCap,
    /// The step was not recorded.
    NotRecorded,
}

/// A step of the timeline, line by line.
#[derive(Clone, Debug, PartialEq)]
pub struct StepTrace {
    /// The timeline step (0: before the first expansion).
    pub step: usize,
    /// The lines run, in order.
    pub sub_steps: Vec<SubStep>,
    /// Why there are no sub-steps.
    pub note: Note,
}

impl StepTrace {
    /// The trace as numbers, for the page: `[step, note, count]`, then for each sub-step
    /// `[line, say, x, y, n]` (x and y −1 without a cell) and `n` variables as `[var, a, b]`.
    pub fn encode(&self) -> Vec<f64> {
        let mut out = vec![
            self.step as f64,
            f64::from(self.note as u8),
            self.sub_steps.len() as f64,
        ];
        for s in &self.sub_steps {
            let (x, y) = s
                .cell
                .map_or((-1.0, -1.0), |(x, y)| (f64::from(x), f64::from(y)));
            out.extend([
                s.line as f64,
                f64::from(s.say as u8),
                x,
                y,
                s.vars.len() as f64,
            ]);
            for &(v, a, b) in &s.vars {
                out.extend([f64::from(v as u8), a, b]);
            }
        }
        out
    }
}

/// What a step trace is decoded from.
pub struct StepInput<'a> {
    /// The timeline step: the `step`-th expansion (0 for the search before any).
    pub step: usize,
    /// The map searched.
    pub grid: &'a Grid,
    /// The settings searched with.
    pub settings: &'a Settings,
    /// The start, as the search has it.
    pub start: (u32, u32),
    /// The goal.
    pub goal: (u32, u32),
    /// The step's recorded events (empty for step 0).
    pub events: &'a [Event],
    /// Events after the step that ended the search there (a path read off after the last
    /// expansion), else empty.
    pub finish: &'a [Event],
    /// The search as it stood before the step (after step − 1).
    pub before: &'a dyn Searcher,
    /// The counters after the step.
    pub after: Stats,
    /// The status after the step, as the page shows it.
    pub status: Status,
    /// The cell the next step takes from the open list, when recorded.
    pub next_cell: Option<(u32, u32)>,
    /// The open list's top after the step, when the planner knows it (the live search).
    pub next_entry: Option<OpenEntry>,
}

impl StepInput<'_> {
    /// The state byte of the cell at index `cell` before the step (unvisited off the map).
    fn state_before(&self, cell: u32) -> u8 {
        let states = self.before.states();
        states.get(cell as usize).copied().unwrap_or(UNVISITED)
    }
}

/// The trace under construction.
struct Builder {
    algorithm: Algorithm,
    steps: Vec<SubStep>,
    /// Line ids asked for that the pseudocode lacks (a test keeps this empty).
    unknown: Vec<&'static str>,
}

impl Builder {
    /// Starts a sub-step on line `id`; its variables follow.
    #[inline(never)]
    fn line(&mut self, id: &'static str, say: Say, cell: Option<(u32, u32)>) -> &mut Self {
        match line_index(self.algorithm, id) {
            Some(line) => self.steps.push(SubStep {
                line,
                id,
                say,
                cell,
                vars: Vec::new(),
            }),
            None => self.unknown.push(id),
        }
        self
    }

    #[inline(never)]
    fn pair(&mut self, v: V, a: f64, b: f64) -> &mut Self {
        if let Some(s) = self.steps.last_mut() {
            s.vars.push((v, a, b));
        }
        self
    }

    fn cell(&mut self, v: V, (x, y): (u32, u32)) -> &mut Self {
        self.pair(v, f64::from(x), f64::from(y))
    }

    fn num(&mut self, v: V, n: f64) -> &mut Self {
        self.pair(v, n, 0.0)
    }

    /// A cost that may be unknown (NaN: the page shows "none").
    fn maybe(&mut self, v: V, n: Option<f64>) -> &mut Self {
        self.pair(v, n.unwrap_or(f64::NAN), 0.0)
    }
}

/// Decodes step `input.step` into the lines it ran.
pub fn trace_step(input: &StepInput) -> StepTrace {
    let mut b = Builder {
        algorithm: input.settings.algorithm,
        steps: Vec::new(),
        unknown: Vec::new(),
    };
    build(input, &mut b);
    debug_assert!(b.unknown.is_empty(), "unknown lines {:?}", b.unknown);
    StepTrace {
        step: input.step,
        sub_steps: b.steps,
        note: Note::None,
    }
}

/// A trace without sub-steps, saying why.
pub fn untraced(step: usize, note: Note) -> StepTrace {
    StepTrace {
        step,
        sub_steps: Vec::new(),
        note,
    }
}

fn build(input: &StepInput, b: &mut Builder) {
    if input.step == 0 {
        return events::initial(input, b);
    }
    match input.settings.algorithm {
        Algorithm::BreadthFirst | Algorithm::BestFirst | Algorithm::Dijkstra | Algorithm::AStar => {
            cells::textbook(input, b)
        }
        Algorithm::Theta => cells::theta(input, b),
        Algorithm::Jps
        | Algorithm::JpsPlus
        | Algorithm::JpsPlusBounded
        | Algorithm::Jps2
        | Algorithm::Jps2Plus => events::jump_points(input, b),
        Algorithm::Bidirectional => cells::bidirectional(input, b),
        Algorithm::Lpa | Algorithm::DStarLite => events::incremental(input, b),
        Algorithm::Mesh => events::mesh(input, b),
    }
}

// ---- shared pieces --------------------------------------------------------------------------

/// A cell the step gave a new g: the cell, g, h and f (for the open list's top).
type Relaxed = ((u32, u32), f64, f64, Option<f64>);

/// A cell index as (x, y).
fn xy(grid: &Grid, cell: u32) -> (u32, u32) {
    grid.coords(cell as usize)
}

/// Fixed-point units as a cost.
fn units_cost(units: u64) -> f64 {
    if units == u64::MAX {
        f64::INFINITY
    } else {
        units as f64 / COST_SCALE as f64
    }
}

/// A cost as fixed-point units (exact: the page's costs are units over a power of two).
fn cost_units(v: f64) -> u64 {
    (v * COST_SCALE as f64).round() as u64
}

/// The node taken from the open list at this step: its g, h and f as the search had them
/// before the step (the open list's top, else the node inspector's view of the cell).
fn taken(input: &StepInput, u: (u32, u32)) -> (Option<f64>, f64, Option<f64>, Option<OpenEntry>) {
    let top = input
        .before
        .open_top(1)
        .into_iter()
        .next()
        .filter(|e| (e.x, e.y) == u);
    if let Some(e) = &top {
        let f = input
            .settings
            .algorithm
            .priority(input.settings.weight, e.g, e.h)
            .map(|_| e.f);
        return (Some(e.g), e.h, f, top.clone());
    }
    let node = input.before.node(u.0, u.1);
    (
        node.and_then(|n| n.g),
        node.map_or(0.0, |n| n.h),
        node.and_then(|n| n.f),
        None,
    )
}

/// The compass names of the moves (y grows downwards): the eight of
/// [`crate::grid::MOVES`] on squares, then the six of [`crate::grid::HEX_MOVES`] on hex
/// rows (pointy tops), then on hex columns (flat tops). `move_name` picks a move's entry.
pub const MOVE_NAMES: [&str; 20] = [
    "N", "E", "S", "W", "NE", "SE", "SW", "NW", // squares
    "E", "NE", "NW", "W", "SW", "SE", // hex rows
    "SE", "NE", "N", "NW", "SW", "S", // hex columns
];

/// Move `d` of `topology` as its index in [`MOVE_NAMES`].
pub(super) fn move_name(topology: &Topology, d: usize) -> f64 {
    let first = match topology.shape {
        Shape::Square => 0,
        Shape::HexRows => 8,
        Shape::HexColumns => 14,
    };
    (first + d) as f64
}

/// A move (dx, dy) as its index in [`crate::grid::MOVES`], after taking signs.
fn direction(dx: i64, dy: i64) -> f64 {
    let d = (dx.signum(), dy.signum());
    crate::grid::MOVES
        .iter()
        .position(|&m| m == d)
        .map_or(f64::NAN, |i| i as f64)
}

/// The last sub-step of a step: what the open list offers next, or the search's end when
/// nothing is left (`end` is the line it ends on then). `relaxed` are the cells the step
/// gave a new g (cell, g, h, f).
fn ending(input: &StepInput, b: &mut Builder, relaxed: &[Relaxed], end: &'static str) {
    let open = input.after.open_size as f64;
    if input.status == Status::NoPath {
        b.line(end, Say::NoPath, None).num(V::Open, open);
        return;
    }
    if input.status.is_done() {
        return;
    }
    let next = input
        .next_entry
        .clone()
        .map(|e| ((e.x, e.y), e.g, e.h, Some(e.f)));
    let next = next.or_else(|| {
        let cell = input.next_cell?;
        if let Some(r) = relaxed.iter().rev().find(|r| r.0 == cell) {
            return Some(*r);
        }
        let node = input.before.node(cell.0, cell.1)?;
        Some((cell, node.g.unwrap_or(f64::INFINITY), node.h, node.f))
    });
    let s = b.line("loop", Say::Next, next.map(|n| n.0));
    if let Some((cell, g, h, f)) = next {
        s.cell(V::Top, cell)
            .num(V::GTop, g)
            .num(V::HTop, h)
            .maybe(V::FTop, f);
    }
    s.num(V::Open, open);
}

/// The path sub-step on line `id`: its moves and cost from the counters after the step.
fn path_found(input: &StepInput, b: &mut Builder, id: &'static str, say: Say) {
    let s = b.line(id, say, Some(input.goal));
    if let (Some(c), Some(m)) = (input.after.path_cost, input.after.path_moves) {
        s.num(V::PathCost, c).num(V::Moves, m as f64);
    }
}
