//! # Pathlab
//!
//! A path-planning laboratory: Breadth-First, Best-First, Dijkstra and A* on weighted grids
//! of squares or hexagons, exact where the textbooks are exact, and beside them Jump Point
//! Search, bidirectional A*, Theta*, LPA*, D* Lite and A* on a node mesh; fast on large maps,
//! steppable one expansion at a time so a page can watch the search grow.
//!
//! The modules, in their layers (each imports only from the rows before it;
//! `scripts/check_layout.py` checks it, docs/architecture.md describes every file):
//!
//! - [`text`], [`rng`], `clock`: number text and quoting, the seeded random generator, the
//!   native clock — no imports from the crate.
//! - [`grid`]: the map ([`Grid`], [`Cell`], [`Shape`]), the movement rules ([`Movement`]) and
//!   the one neighbour rule ([`grid::Topology`]).
//! - [`heuristic`]: admissible distance estimates ([`Heuristic`]); [`generate`]: deterministic
//!   map generators (mazes, rooms, random fill, terrain noise).
//! - [`search`]: every algorithm behind one [`Searcher`] trait — the textbook four and their
//!   variants as one engine ([`Search`]), bidirectional A*, LPA* and D* Lite, A* on a node
//!   mesh — stepping by [`Budget`], with [`Stats`], the algorithm table, the pseudocode and
//!   the step trace.
//! - [`fields`]: the distance field to a goal with its crowd, and the movement range.
//! - [`timeline`]: the recorded history of a search, seekable to any step.
//! - [`planner`]: the [`Planner`] the page drives: one map, markers and mesh, edits with undo,
//!   and one or more lanes, each a search with its timeline; [`solve()`]: one call from a map
//!   to a [`Solution`], for crate users.
//! - [`formats`]: Moving AI `.map`/`.scen` files, PNG collision bitmaps and share links
//!   ([`formats::link`]); [`command`]: every change a page, an embed or the JS API makes,
//!   checked, and [`Planner::apply`], the one entry that makes it.
//! - [`scenarios`]: Moving AI problems checked against the loaded map; [`frame`]: the 2D
//!   canvas's RGBA frame; [`learn`]: exercises generated from a seed and checked against
//!   the engine, and lessons; [`mapf`]: multi-agent path finding — the problem, one
//!   validator, and the PP, CBS, PIBT and LaCAM solvers as steppers.
//! - `wasm` (only on `wasm32`): the `#[wasm_bindgen]` glue, the one place that knows JS.
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

#![deny(missing_docs, rustdoc::broken_intra_doc_links)]

#[cfg(not(target_arch = "wasm32"))]
pub mod clock;
pub mod command;
pub mod fields;
pub mod formats;
pub mod frame;
pub mod generate;
pub mod grid;
pub mod heuristic;
pub mod learn;
pub mod mapf;
pub mod planner;
pub mod rng;
pub mod scenarios;
pub mod search;
pub mod solve;
pub mod text;
pub mod timeline;
pub use search::mesh;
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
