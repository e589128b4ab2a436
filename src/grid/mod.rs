//! The map a search runs on: a dense grid of cells and the rules for moving between them.
//!
//! A [`Grid`] stores one byte per cell, indexed `y * width + x` with (0, 0) the top-left cell
//! (squares, or hexagons in offset rows or columns: [`Shape`]):
//! `0` is a wall and `1`–`4` is a passable cell with that terrain cost (seed 003's collision
//! map: the lighter the grey, the cheaper). The page reads these bytes straight from wasm
//! memory, so the encoding is part of the public contract ([`Cell::to_byte`]).
//!
//! [`Topology`] is the one neighbour rule: a map's shape and size with a [`Movement`]. [`Movement`]
//! says how an agent may move on squares: 4- or 8-connected, which diagonal steps are legal next to
//! walls ([`DiagonalRule`]) and what a diagonal step costs. The cost of a move into cell `c` is
//! `terrain(c) × 1` for an orthogonal step and `terrain(c) × diagonal_cost` for a diagonal one.
//!
//! [`line_of_sight`] and [`walk_segment`] are the one rule for straight segments between cell
//! centres (Theta* and the node mesh). `BitGrid` keeps the passable cells as row and column
//! bit sets for block-based Jump Point Search, and `MoveMasks` the legal moves out of every
//! cell for the textbook engine; both follow edits by the grid's [`Revision`] stamps.

mod bits;
mod cells;
mod masks;
mod movement;
mod segment;
mod shape;
mod topology;

pub(crate) use bits::{Axis, BitGrid};
pub(crate) use cells::map_piece;
pub use cells::{Cell, Grid, GridError, Revision, MAX_SIDE};
pub(crate) use masks::MoveMasks;
pub use movement::{
    Connectivity, DiagonalRule, Movement, MovementError, Neighbour, MAX_DIAGONAL_COST,
    MIN_DIAGONAL_COST, MOVES, SEED_DIAGONAL_PENALTY, SQRT_2,
};
pub use segment::{distance, line_of_sight, walk_hex_segment, walk_segment};
pub use shape::{Shape, HEX_MOVES};
pub(crate) use topology::total;
pub use topology::Topology;
