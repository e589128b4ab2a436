//! # Pathlab
//!
//! A path-planning laboratory: Breadth-First, Best-First, Dijkstra and A* on weighted grids,
//! exact where the textbooks are exact, fast on large maps, steppable one expansion at a time
//! so a page can watch the search grow.
//!
//! - [`grid`]: the map ([`Grid`], [`Cell`]) and the movement rules ([`Movement`]).
//! - [`heuristic`]: admissible distance estimates ([`Heuristic`]).
//! - [`search`]: one [`Search`] engine for the four algorithms, with per-cell state in dense
//!   arrays beside the grid, stepping by [`Budget`], and [`Stats`].
//! - [`planner`]: the [`Planner`] the page drives: grid + markers + settings + search, edits
//!   with undo, and a frame buffer.
//! - [`formats`]: Moving AI `.map`/`.scen` files, PNG collision bitmaps and share links
//!   ([`formats::link`]).
//! - [`mapf`]: multi-agent path finding: the problem, one validator, and the PP, CBS, PIBT
//!   and LaCAM solvers as steppers.
//! - [`generate`]: deterministic map generators (mazes, rooms, random fill, terrain noise).
//! - [`scenarios`]: Moving AI problems checked against the loaded map.
//! - [`command`]: the commands a host page sends an embedded planner, checked.
//! - `wasm` (only on `wasm32`): the `#[wasm_bindgen]` glue, the one place that knows JS.
//!
//! - [`solve()`]: one call from a map to a [`Solution`], for crate users.
//!
//! ```
//! use pathlab::{formats::movingai, solve, Algorithm, Settings, Status};
//! let grid = movingai::parse_map("type octile\nheight 3\nwidth 4\nmap\n....\n.@@.\n....\n")?;
//! let settings = Settings { algorithm: Algorithm::Jps, ..Settings::default() };
//! let solution = solve(&grid, (0, 1), (3, 1), &settings)?;
//! assert_eq!(solution.status, Status::Found);
//! // No corner cutting: the path goes round both ends of the wall.
//! assert_eq!(solution.stats.path_moves, Some(5));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! To step a search (as the page does, one time slice per frame), make a [`Searcher`] with
//! [`new_search`] and call [`Searcher::run`] with a [`Budget`].

#[cfg(not(target_arch = "wasm32"))]
pub mod clock;
pub mod command;
pub mod formats;
pub mod frame;
pub mod generate;
pub mod grid;
pub mod heuristic;
pub mod mapf;
pub mod planner;
pub mod scenarios;
pub mod search;
pub mod solve;
pub mod timeline;
pub use search::incremental::field;
pub use search::mesh;
pub use search::range;
#[cfg(target_arch = "wasm32")]
pub mod wasm;

pub use grid::{Cell, Connectivity, DiagonalRule, Grid, GridError, Movement, Revision, Shape};
pub use heuristic::Heuristic;
pub use planner::{FieldInfo, FieldUpdate, Planner, PlannerError, ViewKind};
pub use search::{
    new_search, restart_search, Algorithm, Budget, CellState, NeighbourOrder, NodeInfo, PlanError,
    Search, Searcher, Settings, Stats, Status, STATE_COUNT,
};
pub use solve::{solve, Solution};
