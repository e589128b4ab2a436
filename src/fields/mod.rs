//! Views over the whole map beside the search: the distance field to a goal with the crowd
//! that follows it ([`distance`]), and the movement range of a unit ([`range`]).
//!
//! Both are Dijkstra over the grid's [`Topology`](crate::grid::Topology), with the step costs
//! every search uses; a field is then kept up to date by the incremental core's D* Lite
//! ([`crate::search::incremental`]), which is why this module sits above [`crate::search`]
//! and below the [`crate::planner`] that shows them.

pub mod distance;
pub mod range;

pub use distance::{Crowd, DistanceField, Release, MAX_WALKERS, NO_FLOW, UNREACHED};
pub use range::{movement_range, Range, MAX_BUDGET};
