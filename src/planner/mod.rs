//! The planner behind the page: a grid, a start and goal, a node mesh, an edit history and
//! one or more lanes (each a search with its settings and timeline) — all pure Rust, tested
//! natively; `wasm.rs` only wraps it. Every change goes through
//! [`Planner::apply`] (a checked [`crate::command::Command`] on a named lane) or the methods
//! it calls, and bumps [`Planner::version`].
//!
//! The page steps a lane ([`LaneMut::step`]) on every animation frame, by its
//! [`Budget`](crate::Budget). Edits (painting walls or terrain, moving the markers, undo and
//! redo) restart every lane's search, and when the previous search had already finished the
//! new one is run to the end at once, so a finished path follows the user's edits live (Red
//! Blob Games' "instant re-plan").
//!
//! ```
//! use pathlab::{Budget, Cell, Planner, Status};
//! let mut planner = Planner::new(10, 10)?;
//! planner.set_start(0, 0)?;
//! planner.set_goal(9, 0)?;
//! planner.paint_line((5, 0), (5, 8), 1, Cell::Wall);
//! let status = planner.only_mut().step(Budget::Unlimited, || 0.0);
//! assert_eq!(status, Status::Found);
//! assert!(planner.only().search().stats().path_cost.unwrap() > 9.0);
//! # Ok::<(), pathlab::PlannerError>(())
//! ```
//!
//! The planner is split by job: `state.rs` holds the struct and its accessors, `lanes.rs` the
//! lanes and the handles that name one ([`LaneRef`], [`LaneMut`]), `edits.rs` the
//! strokes and the undo history, `markers.rs` the start, goal and walker, `run.rs` the run
//! control (stepping, the timeline, seeking, restarts and repairs after an edit) and
//! `mesh_edit.rs` the node mesh, `view.rs` and `view_state.rs` the distance field and
//! movement range shown beside the search, `trace.rs` the step trace of the step shown;
//! `line.rs` is the brush-stroke geometry; `changed.rs` keeps which tiles of the map each
//! lane may show differently since the page last painted it.

mod changed;
mod edits;
mod lanes;
mod line;
mod markers;
mod mesh_edit;
mod run;
mod state;
#[cfg(test)]
mod tests;
mod trace;
#[cfg(test)]
mod version_tests;
mod view;
mod view_state;

pub use changed::TILE;
pub use edits::{UNDO_CELL_LIMIT, UNDO_LIMIT};
pub use lanes::{LaneMut, LaneRef};
pub use line::{brush_cells, hex_line, line_cells, stroke_cells};
pub use state::{LaneId, Planner, PlannerError};
pub use view_state::{FieldInfo, FieldUpdate, ViewKind, DEFAULT_BUDGET, MAX_WALKERS, WALKER_SEED};
