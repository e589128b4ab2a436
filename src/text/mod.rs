//! Text without core's float and debug formatting, for every layer above it: numbers written
//! and read back exactly ([`number`]), and a piece of the user's input quoted for an error
//! message ([`quote`]).
//!
//! It sits below [`grid`](crate::grid) because the grid's movement, the search settings and
//! the file formats all write numbers and quote input, and it imports no other module of the
//! crate.

pub mod number;
pub mod quote;
