//! Every search Pathlab runs, behind one trait.
//!
//! - [`settings`](Settings): what a search is asked to do — the [`Algorithm`], heuristic,
//!   weight, movement, successor order and node budget — and the errors it can refuse with.
//! - the shared core (`core.rs`): [`Status`], [`Budget`], [`CellState`], [`Stats`],
//!   [`NodeInfo`], the [`Searcher`] trait and the budget loop every engine steps by;
//!   [`record`] is the recording hooks the timeline reads; `open.rs` the indexed open list;
//!   `explain.rs` the open-list sentences.
//! - one file per family: `engine.rs` ([`Search`], the textbook four as one loop with a
//!   priority key, which `jps.rs` and `theta.rs` extend with their successor steps),
//!   `bidirectional.rs`, `incremental.rs` (LPA* and D* Lite) and [`mesh`] (A* on a node
//!   mesh).
//!
//! # Dispatch: one trait, one factory
//!
//! Everything that drives a search — the [`crate::Planner`], the CLI, the wasm glue — holds a
//! `Box<dyn `[`Searcher`]`>` made by [`new_search`] and moved between algorithms by
//! [`restart_search`]. [`Search`] implements [`Searcher`] for the grid algorithms that share its
//! loop (the textbook four, Jump Point Search and Theta*, which only replace the successor
//! step); [`Bidirectional`] has two frontiers and implements it on its own.
//!
//! To add an algorithm:
//! 1. add a variant to [`Algorithm`] with its serde/CLI name (in `name`, `FromStr`, `ALL`);
//! 2. if it is a variant of [`Search`]'s loop, give it a successor function (see `jps.rs`)
//!    and a match arm in `expand_one`, `key` and [`Search::node`]; otherwise write a struct
//!    in its own file that implements [`Searcher`] (see `bidirectional.rs`), reusing
//!    `open::OpenList` and the [`CellState`] bytes, and list it in [`new_search`] and in the
//!    `handles` method of the engine that used to take it;
//! 3. if it only works on some maps or movements, say why in [`Settings::unavailable_on`];
//! 4. add it to the table in `tests/scenarios.rs` and the reference checks in
//!    `tests/properties.rs`; the CLI, the page's `<select>` and `docs/algorithms.md` list it.
//!
//! A searcher that can repair itself after an edit (LPA*, D* Lite) overrides
//! [`Searcher::repair`]; the planner calls it before falling back to a restart.
//!
//! ```
//! use pathlab::{Algorithm, Budget, Grid, Search, Searcher, Settings, Status};
//! let grid = Grid::new(5, 5)?;
//! let settings = Settings { algorithm: Algorithm::AStar, ..Settings::default() };
//! let mut search = Search::new(&grid, (0, 0), (4, 2), &settings)?;
//! let status = search.run(&grid, Budget::Unlimited, || 0.0)?;
//! assert_eq!(status, Status::Found);
//! assert!((search.stats().path_cost.unwrap() - (2.0 + 2.0 * 2f64.sqrt())).abs() < 1e-9);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod bidirectional;
mod core;
mod engine;
mod explain;
pub mod incremental;
pub mod mesh;
pub(crate) mod open;
pub mod pseudocode;
pub mod record;
mod searcher;
pub mod settings;
pub mod table;
pub mod trace;

use crate::grid::Grid;
use incremental::{Incremental, Mode};
use mesh::{Mesh, MeshSearch};

pub(crate) use self::core::{endpoint_index, step_units};
pub use self::core::{Budget, CellState, NodeInfo, Stats, Status, STATE_COUNT};
pub use bidirectional::Bidirectional;
pub use engine::Search;
pub use searcher::Searcher;
pub use settings::{Algorithm, NeighbourOrder, PlanError, Settings, MAX_WEIGHT};

/// Starts a search of `settings.algorithm` from `start` to `goal` on `grid`, after checking
/// the algorithm applies to this map and movement ([`Settings::unavailable_on`]).
pub fn new_search(
    grid: &Grid,
    start: (u32, u32),
    goal: (u32, u32),
    settings: &Settings,
) -> Result<Box<dyn Searcher>, PlanError> {
    settings.check_on(grid)?;
    Ok(match settings.algorithm {
        Algorithm::Bidirectional => Box::new(Bidirectional::new(grid, start, goal, settings)?),
        Algorithm::Lpa => Box::new(Incremental::new(Mode::Lpa, grid, start, goal, settings)?),
        Algorithm::DStarLite => Box::new(Incremental::new(
            Mode::DStarLite,
            grid,
            start,
            goal,
            settings,
        )?),
        // Without a user's mesh (the CLI, tests), search the map's visibility graph.
        Algorithm::Mesh => Box::new(MeshSearch::new(
            grid,
            start,
            goal,
            settings,
            Mesh::generate(grid)?,
        )?),
        _ => Box::new(Search::new(grid, start, goal, settings)?),
    })
}

/// Restarts `search` with new endpoints or settings, replacing it by a new searcher when its
/// type cannot run `settings.algorithm`. On error `search` is left as it was.
pub fn restart_search(
    search: &mut Box<dyn Searcher>,
    grid: &Grid,
    start: (u32, u32),
    goal: (u32, u32),
    settings: &Settings,
) -> Result<(), PlanError> {
    settings.check_on(grid)?;
    if search.handles(settings.algorithm) {
        search.restart(grid, start, goal, settings)
    } else {
        *search = new_search(grid, start, goal, settings)?;
        Ok(())
    }
}
