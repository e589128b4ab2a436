//! The core every search shares: where it stands ([`Status`]), how much it may do per call
//! ([`Budget`]) and the loop that spends it ([`run_engine`] over the small [`Engine`] trait,
//! and [`drive`]), what each cell is to it ([`CellState`]), its counters ([`Stats`]) and node
//! details ([`NodeInfo`]), the fixed-point step costs and the endpoint check.

use super::settings::{PlanError, Settings};
use crate::grid::{Grid, Movement};
use crate::heuristic::{diagonal_units, COST_SCALE};
use crate::text::number::decimal;

/// Where a search stands after a call to [`Searcher::run`](super::Searcher::run).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// Not finished: call `run` again.
    Running,
    /// The goal was reached; [`Searcher::path`](super::Searcher::path) leads to it.
    Found,
    /// The open list ran dry: the goal cannot be reached.
    NoPath,
    /// The node budget ran out; the path leads to the expanded node nearest the goal.
    Partial,
}

impl Status {
    /// Whether the search has finished.
    pub fn is_done(self) -> bool {
        self != Status::Running
    }

    /// The name used in JSON output: `running`, `found`, `no_path` or `partial`.
    pub fn name(self) -> &'static str {
        match self {
            Status::Running => "running",
            Status::Found => "found",
            Status::NoPath => "no_path",
            Status::Partial => "partial",
        }
    }
}

/// How much work one call to [`Searcher::run`](super::Searcher::run) may do.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Budget {
    /// At most this many expansions (seed 003's time slice −1 is `Expansions(1)`).
    Expansions(u64),
    /// Roughly this many milliseconds, and at least one expansion.
    Millis(f64),
    /// At most `expansions`, and no more than roughly `millis` milliseconds (at least one
    /// expansion): an expansion-count speed cut to a frame's share ([`Budget::within`]).
    Within {
        /// The expansions asked for.
        expansions: u64,
        /// The time they may take.
        millis: f64,
    },
    /// Until the search finishes.
    Unlimited,
}

impl Budget {
    /// The budget of a speed setting: `kind` is `"expansions"` (`amount` ≥ 1 per call),
    /// `"millis"` (a time slice of `amount` > 0 ms), `"instant"` (to the end), or seed 003's
    /// time slice `"slice"`, where −1 means one expansion per call and a positive number
    /// milliseconds. The error says what was wrong, in words.
    ///
    /// ```
    /// use pathlab::Budget;
    /// assert_eq!(Budget::from_speed("slice", -1.0), Ok(Budget::Expansions(1)));
    /// assert_eq!(Budget::from_speed("millis", 8.0), Ok(Budget::Millis(8.0)));
    /// assert!(Budget::from_speed("expansions", 0.5).is_err());
    /// ```
    pub fn from_speed(kind: &str, amount: f64) -> Result<Budget, String> {
        let finite = amount.is_finite();
        match kind {
            "expansions" if amount >= 1.0 && finite => Ok(Budget::Expansions(amount as u64)),
            "millis" if amount > 0.0 && finite => Ok(Budget::Millis(amount)),
            "slice" if amount == -1.0 => Ok(Budget::Expansions(1)),
            "slice" if amount > 0.0 && finite => Ok(Budget::Millis(amount)),
            "instant" => Ok(Budget::Unlimited),
            "expansions" | "millis" | "slice" => Err(format!(
                "a {kind} speed of {} makes no sense",
                decimal(amount)
            )),
            _ => Err(format!(
                "unknown speed '{kind}': use expansions, millis, slice or instant"
            )),
        }
    }

    /// This budget cut to a share of `millis` milliseconds (a frame's share of stepping): a
    /// count of expansions stops early once the share is spent, a time slice is no longer
    /// than the share, and only [`Budget::Unlimited`] (the *instant* speed) keeps going. A
    /// share that is not a positive number leaves the budget as it is.
    ///
    /// ```
    /// use pathlab::Budget;
    /// assert_eq!(Budget::Millis(8.0).within(3.0), Budget::Millis(3.0));
    /// assert_eq!(Budget::Millis(2.0).within(3.0), Budget::Millis(2.0));
    /// assert_eq!(
    ///     Budget::Expansions(100).within(3.0),
    ///     Budget::Within { expansions: 100, millis: 3.0 }
    /// );
    /// assert_eq!(Budget::Unlimited.within(3.0), Budget::Unlimited);
    /// ```
    pub fn within(self, millis: f64) -> Budget {
        if !(millis > 0.0 && millis.is_finite()) {
            return self;
        }
        match self {
            Budget::Expansions(n) => Budget::Within {
                expansions: n,
                millis,
            },
            Budget::Millis(ms) => Budget::Millis(ms.min(millis)),
            Budget::Within {
                expansions,
                millis: ms,
            } => Budget::Within {
                expansions,
                millis: ms.min(millis),
            },
            Budget::Unlimited => Budget::Unlimited,
        }
    }
}

/// What a cell is to the search. The byte values are shared with the page's painter.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
#[repr(u8)]
pub enum CellState {
    /// No node was ever made for it.
    Unvisited = 0,
    /// In the open list, waiting to be expanded.
    Open = 1,
    /// Expanded: in the closed list.
    Closed = 2,
    /// Back in the open list after a cheaper path to it was found while it was closed.
    Reopened = 3,
    /// On the path the search returned (found or partial).
    Path = 4,
    /// Jump Point Search: a jump point that has been expanded. (Cells a jump only scanned
    /// over are [`CellState::Scanned`].)
    JumpPoint = 5,
    /// Bidirectional search: in the backward search's open list.
    BackOpen = 6,
    /// Bidirectional search: expanded by the backward search.
    BackClosed = 7,
    /// Live replanning: a cell whose value a repair after an edit changed.
    Repaired = 8,
    /// Jump Point Search: a cell a jump passed over without making a node for it (painted as
    /// a light tint, so the map does not look wholly closed).
    Scanned = 9,
}

/// How many [`CellState`] values there are: the palette has `5 × STATE_COUNT` colours.
pub const STATE_COUNT: usize = 10;

impl CellState {
    /// Reads a state byte back.
    pub fn from_byte(byte: u8) -> Option<CellState> {
        Some(match byte {
            0 => CellState::Unvisited,
            1 => CellState::Open,
            2 => CellState::Closed,
            3 => CellState::Reopened,
            4 => CellState::Path,
            5 => CellState::JumpPoint,
            6 => CellState::BackOpen,
            7 => CellState::BackClosed,
            8 => CellState::Repaired,
            9 => CellState::Scanned,
            _ => return None,
        })
    }
}

pub(crate) const UNVISITED: u8 = CellState::Unvisited as u8;
pub(crate) const OPEN: u8 = CellState::Open as u8;
pub(crate) const CLOSED: u8 = CellState::Closed as u8;
pub(crate) const REOPENED: u8 = CellState::Reopened as u8;
pub(crate) const PATH: u8 = CellState::Path as u8;
pub(crate) const JUMP_POINT: u8 = CellState::JumpPoint as u8;
pub(crate) const SCANNED: u8 = CellState::Scanned as u8;

/// Counters of a search, as in seed 003's planner information and more.
#[derive(Clone, Copy, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Stats {
    /// Nodes taken from the open list and closed (the goal, when reached, included).
    pub expanded: u64,
    /// Nodes constructed: cells that got a node for the first time, the start included.
    pub generated: u64,
    /// Times a closed cell went back to the open list because a cheaper path to it was found.
    pub reopened: u64,
    /// Times an open cell's path was replaced by a cheaper one.
    pub updated: u64,
    /// Cells in the open list now.
    pub open_size: u64,
    /// The most cells the open list ever held.
    pub max_open: u64,
    /// Calls to [`Searcher::run`](super::Searcher::run) that did work (seed 003's runCount).
    pub run_count: u64,
    /// Milliseconds spent inside [`Searcher::run`](super::Searcher::run).
    pub elapsed_ms: f64,
    /// JPS+: how many milliseconds the last build or update of its table of jump distances
    /// took (made on the first run on a map, and after edits), apart from `elapsed_ms`.
    pub precompute_ms: f64,
    /// JPS+ and goal bounding: the bytes their precomputed tables take (0 for the others).
    #[serde(default)]
    pub precompute_bytes: u64,
    /// JPS+ and goal bounding: how far the build of their tables is, from 0 to 1 (0 for the
    /// algorithms without one).
    #[serde(default)]
    pub precompute_progress: f64,
    /// The exact cost of the path, once found (or partial).
    pub path_cost: Option<f64>,
    /// The number of moves on the path, once found (or partial).
    pub path_moves: Option<u64>,
}

/// What the search knows about one cell, for the page's node inspector.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct NodeInfo {
    /// The cell.
    pub x: u32,
    /// The cell.
    pub y: u32,
    /// Its state.
    pub state: CellState,
    /// Best known cost from the start, if a node was made for it.
    pub g: Option<f64>,
    /// The heuristic estimate to the goal (unweighted).
    pub h: f64,
    /// The priority the algorithm ranks it by (g + w·h for A*, h for Best-First, g for
    /// Dijkstra; Breadth-First ranks by arrival, so none).
    pub f: Option<f64>,
    /// The cell it was reached from.
    pub parent: Option<(u32, u32)>,
    /// When it was (last) expanded: 1 for the first node expanded.
    pub expansion: Option<u32>,
}

/// The eight moves, N, E, S, W, NE, SE, SW, NW: the fixed successor order.
pub(crate) use crate::grid::MOVES;

/// The direction a jump point search entered a cell in, from the offset (dx, dy) from its
/// parent: the diagonal when |dx| = |dy|, else the longer axis. A jump is a straight or a
/// diagonal run, or (JPS2, which offers the straight jump points a diagonal finds directly)
/// a diagonal run and then a straight one, which entered the cell straight; so the longer
/// axis is always the last run's.
pub(crate) fn entered_direction(dx: i64, dy: i64) -> (i64, i64) {
    match dx.abs().cmp(&dy.abs()) {
        std::cmp::Ordering::Equal => (dx.signum(), dy.signum()),
        std::cmp::Ordering::Greater => (dx.signum(), 0),
        std::cmp::Ordering::Less => (0, dy.signum()),
    }
}

/// Fixed-point cost of one step into terrain t: `[orthogonal, diagonal][t]` for t = 1–4;
/// 0 for the wall byte and the unused bytes 5–7 (eight entries so a byte-masked index
/// needs no bounds check).
pub(crate) fn step_units(movement: &Movement) -> [[u64; 8]; 2] {
    let diagonal = diagonal_units(movement.diagonal_cost);
    let mut units = [[0; 8]; 2];
    for terrain in 1..5u64 {
        units[0][terrain as usize] = terrain * COST_SCALE;
        units[1][terrain as usize] = terrain * diagonal;
    }
    units
}

/// When each cell was last expanded (1 for the first expansion), for the node inspector.
/// Kept only when switched on ([`Searcher::keep_expansion_numbers`](super::Searcher::keep_expansion_numbers)):
/// a planner that shows its searches asks for them, while the CLI and [`crate::solve`] spare
/// the 4 bytes a cell.
#[derive(Clone, Debug, Default)]
pub(crate) struct ExpansionNumbers {
    on: bool,
    numbers: Vec<u32>,
}

impl ExpansionNumbers {
    /// Switches keeping numbers on (for a map of `cells` cells) or off (freeing them).
    /// Numbers of expansions made while off read as unknown.
    pub(crate) fn set_on(&mut self, on: bool, cells: usize) {
        self.on = on;
        if on {
            self.numbers.resize(cells, 0);
        } else {
            self.numbers = Vec::new();
        }
    }

    /// Makes room for a search on `cells` cells. Old numbers need no clearing: they are read
    /// only for cells whose state says they were expanded.
    pub(crate) fn reset(&mut self, cells: usize) {
        if self.on {
            self.numbers.resize(cells, 0);
        }
    }

    /// Cell `cell` was just expanded, as expansion number `expanded`.
    #[inline(always)]
    pub(crate) fn record(&mut self, cell: usize, expanded: u64) {
        if self.on {
            if let Some(n) = self.numbers.get_mut(cell) {
                *n = expanded.min(u64::from(u32::MAX)) as u32;
            }
        }
    }

    /// The number of cell `cell`'s last expansion, if numbers were kept when it happened.
    pub(crate) fn get(&self, cell: usize) -> Option<u32> {
        self.numbers.get(cell).copied().filter(|&n| n > 0)
    }
}

/// Checks a start or goal is on the grid and passable, and returns its index.
pub(crate) fn endpoint_index(
    grid: &Grid,
    what: &'static str,
    at: (u32, u32),
) -> Result<u32, PlanError> {
    let (x, y) = (i64::from(at.0), i64::from(at.1));
    let Some(index) = grid.index(x, y) else {
        return Err(PlanError::Outside {
            what,
            at: (x, y),
            width: grid.width(),
            height: grid.height(),
        });
    };
    if !grid.is_passable(x, y) {
        return Err(PlanError::OnWall { what, at });
    }
    Ok(index as u32)
}

/// The checks every search makes before it starts or restarts: `settings` are valid
/// ([`Settings::validate`]) and both ends are passable cells of `grid`. Returns the ends'
/// indices, start first.
pub(crate) fn checked_ends(
    grid: &Grid,
    start: (u32, u32),
    goal: (u32, u32),
    settings: &Settings,
) -> Result<(u32, u32), PlanError> {
    settings.validate()?;
    Ok((
        endpoint_index(grid, "start", start)?,
        endpoint_index(grid, "goal", goal)?,
    ))
}

/// What [`run_engine`] needs of a search engine: the map size it was started on, its status
/// and statistics, and one step of its work.
pub(crate) trait Engine {
    /// The width and height of the map the search was started on.
    fn size(&self) -> (u32, u32);
    /// Where the search stands.
    fn engine_status(&self) -> Status;
    /// The counters, for the run count and the time.
    fn stats_mut(&mut self) -> &mut Stats;
    /// One unit of work (an expansion, or one queue entry for LPA* and D* Lite) on the map's
    /// cell bytes; true once the search is done.
    fn step_once(&mut self, cells: &[u8]) -> bool;
}

/// The [`Engine`] methods every engine answers from its fields `width`, `height`, `status`
/// and `stats`; the engine writes only its `step_once`.
macro_rules! engine_fields {
    () => {
        fn size(&self) -> (u32, u32) {
            (self.width, self.height)
        }

        fn engine_status(&self) -> Status {
            self.status
        }

        fn stats_mut(&mut self) -> &mut Stats {
            &mut self.stats
        }
    };
}
pub(crate) use engine_fields;

/// The one `run` of every engine: refuses a map of another size than the search was started
/// on (every edit restarts or repairs the search, so this is a caller's bug, reported, not a
/// panic), does nothing once the search is done, counts the run, and steps the engine as often
/// as `budget` allows, timing it by `now_ms`.
#[inline(always)]
pub(crate) fn run_engine<E: Engine, C: Fn() -> f64 + ?Sized>(
    engine: &mut E,
    grid: &Grid,
    budget: Budget,
    now_ms: &C,
) -> Result<Status, PlanError> {
    if (grid.width(), grid.height()) != engine.size() {
        return Err(PlanError::GridChanged);
    }
    if engine.engine_status().is_done() {
        return Ok(engine.engine_status());
    }
    engine.stats_mut().run_count += 1;
    let cells = grid.bytes();
    let ms = drive(budget, now_ms, || engine.step_once(cells));
    engine.stats_mut().elapsed_ms += ms;
    Ok(engine.engine_status())
}

/// How many expansions a time-limited budget runs between two looks at the clock. Reading
/// the clock (`performance.now()` through the wasm boundary) costs about as much as an
/// expansion, so it is read every 32 (about 3 % of the time), and a slice overruns its share
/// by at most 32 expansions: tens of microseconds for A*, more where JPS jumps far.
const CLOCK_EVERY: u64 = 32;

/// Calls `step` (one expansion; true once the search is done) as often as `budget` allows,
/// and returns the milliseconds it took by `now_ms`: the budget loop of every engine's `run`.
#[inline(always)]
pub(crate) fn drive<C: Fn() -> f64 + ?Sized>(
    budget: Budget,
    now_ms: &C,
    mut step: impl FnMut() -> bool,
) -> f64 {
    let started = now_ms();
    match budget {
        Budget::Expansions(n) => {
            for _ in 0..n.max(1) {
                if step() {
                    break;
                }
            }
        }
        Budget::Unlimited => while !step() {},
        // A time slice is a share with no count of its own: one loop serves both.
        Budget::Millis(ms) => within(u64::MAX, ms, started, now_ms, &mut step),
        Budget::Within { expansions, millis } => {
            within(expansions.max(1), millis, started, now_ms, &mut step)
        }
    }
    (now_ms() - started).max(0.0)
}

/// Calls `step` at most `expansions` times, stopping early when the search is done or once
/// `millis` have passed since `started` (the clock read every [`CLOCK_EVERY`] expansions).
#[inline(always)]
fn within<C: Fn() -> f64 + ?Sized>(
    expansions: u64,
    millis: f64,
    started: f64,
    now_ms: &C,
    step: &mut impl FnMut() -> bool,
) {
    let mut left = expansions;
    while left > 0 {
        let chunk = left.min(CLOCK_EVERY);
        for _ in 0..chunk {
            if step() {
                return;
            }
        }
        left -= chunk;
        if now_ms() - started >= millis {
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{drive, Budget, CLOCK_EVERY};
    use std::cell::Cell;

    /// Runs `budget` on a search of `len` expansions with a clock that moves `tick` ms a
    /// read; returns the expansions made.
    fn expansions(budget: Budget, len: u64, tick: f64) -> u64 {
        let now = Cell::new(0.0);
        let clock = || {
            now.set(now.get() + tick);
            now.get()
        };
        let mut done = 0;
        drive(budget, &clock, || {
            done += 1;
            done >= len
        });
        done
    }

    #[test]
    fn an_expansion_count_within_a_share_stops_once_the_share_is_spent() {
        let asked = Budget::Expansions(10_000).within(2.5);
        // The clock moves 1 ms a read: the share is spent after the third chunk.
        assert_eq!(expansions(asked, u64::MAX, 1.0), 3 * CLOCK_EVERY);
        // A clock that stands still: the count is the limit.
        assert_eq!(expansions(asked, u64::MAX, 0.0), 10_000);
        // Fewer than a chunk, and the end of the search, are limits too.
        assert_eq!(
            expansions(Budget::Expansions(5).within(2.5), u64::MAX, 1.0),
            5
        );
        assert_eq!(expansions(asked, 7, 1.0), 7);
    }

    #[test]
    fn a_time_slice_is_no_longer_than_the_share() {
        assert_eq!(
            expansions(Budget::Millis(8.0).within(1.5), u64::MAX, 1.0),
            2 * CLOCK_EVERY
        );
        assert_eq!(
            expansions(Budget::Millis(1.5).within(8.0), u64::MAX, 1.0),
            2 * CLOCK_EVERY
        );
    }

    #[test]
    fn instant_and_a_nonsense_share_are_not_cut() {
        assert_eq!(Budget::Unlimited.within(1.0), Budget::Unlimited);
        for share in [0.0, -1.0, f64::NAN, f64::INFINITY] {
            assert_eq!(Budget::Expansions(3).within(share), Budget::Expansions(3));
        }
        assert_eq!(expansions(Budget::Unlimited.within(1.0), 1000, 1.0), 1000);
    }
}
