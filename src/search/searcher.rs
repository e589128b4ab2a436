//! The [`Searcher`] trait: the one interface the planner, the CLI, the scenario checks and the
//! timeline drive every engine through.

use super::core::{Budget, NodeInfo, Stats, Status};
use super::record::{OpenEntry, Recorder};
use super::settings::{Algorithm, PlanError, Settings};
use crate::grid::Grid;
use std::fmt;

/// A search of any algorithm, as the planner, the CLI and the page drive it: start or
/// restart it, run it by a [`Budget`], read its status, counters, per-cell states and path.
///
/// Made by [`new_search`](super::new_search); see the module docs for how to add an implementation.
///
/// Not a `Debug` subtrait: that would put every engine's derived `Debug` code (and its field
/// names) into the page's wasm through the trait's vtable. `dyn Searcher` prints its
/// algorithm and status instead.
pub trait Searcher {
    /// Starts over from `start` to `goal` on `grid` with `settings`, reusing memory where it
    /// can. On error the searcher is left as it was.
    fn restart(
        &mut self,
        grid: &Grid,
        start: (u32, u32),
        goal: (u32, u32),
        settings: &Settings,
    ) -> Result<(), PlanError>;

    /// Runs until the budget is spent or the search finishes, and returns the status.
    /// `now_ms` is a monotonic clock in milliseconds.
    fn run(
        &mut self,
        grid: &Grid,
        budget: Budget,
        now_ms: &dyn Fn() -> f64,
    ) -> Result<Status, PlanError>;

    /// Whether [`Searcher::restart`] can switch this searcher to `algorithm` (otherwise
    /// [`restart_search`](super::restart_search) makes a new one).
    fn handles(&self, algorithm: Algorithm) -> bool;

    /// The current status.
    fn status(&self) -> Status;

    /// The counters so far.
    fn stats(&self) -> &Stats;

    /// The settings this search runs with.
    fn settings(&self) -> &Settings;

    /// The start cell.
    fn start(&self) -> (u32, u32);

    /// The goal cell.
    fn goal(&self) -> (u32, u32);

    /// One byte per cell, indexed `y * width + x`: a [`CellState`](super::CellState) value.
    fn states(&self) -> &[u8];

    /// The path as cell indices from the start, once the search is `Found` or `Partial`.
    /// Consecutive cells are neighbours, except on an any-angle path
    /// ([`Searcher::is_any_angle`]), where they are the corners of a polyline.
    fn path(&self) -> &[u32];

    /// [`Searcher::path`] as (x, y) cells.
    fn path_cells(&self) -> Vec<(u32, u32)>;

    /// Whether [`Searcher::path`] lists polyline corners (Theta*) rather than neighbouring
    /// cells.
    fn is_any_angle(&self) -> bool {
        false
    }

    /// The cell expanded last, if any.
    fn current(&self) -> Option<(u32, u32)>;

    /// What the search knows about (x, y), or `None` when outside the grid.
    fn node(&self, x: u32, y: u32) -> Option<NodeInfo>;

    /// Called after an edit changed the cells `changed` (indices `y * width + x`) of `grid`,
    /// or moved the markers to `start` and `goal`: a searcher that can repair its previous
    /// search (LPA*, D* Lite) queues the repair — the cells whose values the edit may change
    /// go back on its queue, its statistics restart — and returns true; the caller then runs
    /// it like any search, so the repair's own expansions are counted, painted
    /// ([`CellState::Repaired`](super::CellState::Repaired)) and recorded. The default
    /// returns false and the planner restarts the search.
    fn repair(
        &mut self,
        _grid: &Grid,
        _start: (u32, u32),
        _goal: (u32, u32),
        _changed: &[u32],
    ) -> bool {
        false
    }

    /// How many repairs this search has made since it started (0 for searchers that never
    /// repair): the page says "repaired" instead of "found" when the path came from one.
    fn repairs(&self) -> u64 {
        0
    }

    /// Keeps (or stops keeping) the number of each cell's last expansion, which
    /// [`Searcher::node`] reports: 4 bytes a cell that a search run only for its answer does
    /// without, so it is off until asked for. The default keeps none.
    fn keep_expansion_numbers(&mut self, _on: bool) {}

    /// Whether a found path is marked in [`Searcher::states`] (on until switched off). A
    /// caller that reads only the path, its cost and the counters, and never the states
    /// (the CLI's `bench`, the scenario checks), switches it off: a query then
    /// leaves the path's cells as the search left them and the next restart does not put
    /// them back. Switched on after a query, it marks that query's path. The default always
    /// marks it.
    fn paint_path(&mut self, _on: bool) {}

    /// A boxed copy, so planners holding a `Box<dyn Searcher>` can be cloned.
    fn clone_box(&self) -> Box<dyn Searcher>;

    /// The timeline event log ([`crate::timeline`]), off until switched on.
    fn recorder(&mut self) -> &mut Recorder;

    /// The first `n` entries of the open list, in the order they will be taken.
    fn open_top(&self, n: usize) -> Vec<OpenEntry>;

    /// Why [`Searcher::open_top`]'s first entry goes first, in a sentence ('' when empty).
    fn open_why(&self) -> String;
}

impl fmt::Debug for dyn Searcher {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Searcher")
            .field("algorithm", &self.settings().algorithm)
            .field("status", &self.status())
            .finish_non_exhaustive()
    }
}

impl Clone for Box<dyn Searcher> {
    fn clone(&self) -> Self {
        self.clone_box()
    }
}

/// The [`Searcher`] methods that every engine answers from fields of the same names
/// (`status`, `stats`, `settings`, `path`, `rec`), and `clone_box`. With `cells`, also the
/// ones of an engine whose `start`, `goal`, `path` and `current` are cell indices and whose
/// `state` holds the state bytes: `start`, `goal`, `states`, `path_cells` and `current`,
/// through its `coords(index) -> (x, y)`. Written once here so the engines cannot drift.
macro_rules! common_searcher_methods {
    () => {
        fn status(&self) -> Status {
            self.status
        }

        fn stats(&self) -> &Stats {
            &self.stats
        }

        fn settings(&self) -> &Settings {
            &self.settings
        }

        fn path(&self) -> &[u32] {
            &self.path
        }

        fn clone_box(&self) -> Box<dyn Searcher> {
            Box::new(self.clone())
        }

        fn recorder(&mut self) -> &mut Recorder {
            &mut self.rec
        }
    };
    (cells) => {
        common_searcher_methods!();

        fn start(&self) -> (u32, u32) {
            self.coords(self.start)
        }

        fn goal(&self) -> (u32, u32) {
            self.coords(self.goal)
        }

        fn states(&self) -> &[u8] {
            &self.state
        }

        fn path_cells(&self) -> Vec<(u32, u32)> {
            self.path.iter().map(|&i| self.coords(i)).collect()
        }

        fn current(&self) -> Option<(u32, u32)> {
            self.current.map(|c| self.coords(c))
        }
    };
}
pub(super) use common_searcher_methods;
