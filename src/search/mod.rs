//! Every search Pathlab runs, behind one trait.
//!
//! - [`settings`](Settings): what a search is asked to do — the [`Algorithm`], heuristic,
//!   weight, movement, successor order and node budget — and the errors it can refuse with.
//! - [`table`]: **the algorithm table**, one row per algorithm: id, labels, summary, what it
//!   needs of the map, which settings it reads, what it paints, its compare rival.
//! - the shared core (`core.rs`): [`Status`], [`Budget`], [`CellState`], [`Stats`],
//!   [`NodeInfo`], the step costs and the one run loop every engine steps by; `searcher.rs`
//!   the [`Searcher`] trait; [`record`] the recording hooks the timeline reads; `open.rs` the
//!   open list; `explain.rs` the open-list sentences.
//! - the engines, one family each: `engine/` ([`Search`], the textbook four as one loop with
//!   a priority key, which `jps.rs`, `jps_plus.rs` and `theta.rs` there extend with their
//!   successor steps), `bidirectional/` ([`Bidirectional`]), [`incremental`] (LPA* and
//!   D* Lite) and [`mesh`] (A* on a node mesh).
//! - [`bounding`]: goal bounding's boxes per cell and direction, which JPS+ with goal
//!   bounding prunes its jumps by.
//! - [`pseudocode`]: every algorithm's pseudocode, line by line; [`trace`]: one recorded step
//!   decoded into the lines it ran.
//!
//! The distance field and the movement range, which are Dijkstra and D* Lite over the whole
//! map rather than searches between two markers, are [`crate::fields`], a layer above.
//!
//! # Dispatch: one trait, one factory
//!
//! Everything that drives a search — the [`crate::Planner`], the CLI, the wasm glue — holds a
//! `Box<dyn `[`Searcher`]`>` made by [`new_search`] and moved between algorithms by
//! [`restart_search`]. [`Search`] implements [`Searcher`] for the grid algorithms that share its
//! loop (the textbook four, Jump Point Search, JPS+ and Theta*, which only replace the
//! successor step); the other families implement it on their own.
//!
//! To add an algorithm:
//! 1. add a variant to [`Algorithm`] and append it to [`Algorithm::ALL`] (only append: a share
//!    link stores an algorithm as its index there), with its spellings in `FromStr` and what
//!    its open list ranks by (`Algorithm::ranking`);
//! 2. add its row to [`table::ALGORITHMS`], in the same place: the id is its name everywhere
//!    (settings, links, the CLI), and [`Settings::unavailable_on`], the page's menus
//!    (`Planner.algorithms()`), compare mode and the embed read the row, so nothing else
//!    lists algorithms;
//! 3. give it an engine: a successor step for [`Search`]'s loop (see `engine/jps.rs`, and
//!    [`Search::handles`]), or a type of its own that implements [`Searcher`] (see
//!    `bidirectional/`), listed in [`new_search`];
//! 4. write its pseudocode in [`pseudocode`] and teach the step trace ([`trace`]) its
//!    steps: a test holds every row of the table to both;
//! 5. `tests/scenarios.rs` runs it on every case of the scenario table by itself (it walks
//!    [`Algorithm::ALL`]); add reference checks to `tests/properties.rs` and its section to
//!    `docs/algorithms.md`.
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
pub mod bounding;
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
