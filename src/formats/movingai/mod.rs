//! Moving AI benchmark files: `.map` grids and `.scen` scenario lists
//! (<https://movingai.com/benchmarks/formats.html>), plus our own terrain extension.
//!
//! # `.map`
//!
//! ```text
//! type octile
//! height 3
//! width 5
//! map
//! ..@..
//! .T2..
//! .....
//! ```
//!
//! * `.` `G` `S` are passable ground of cost 1; `@` `O` `T` `W` are walls. (`W` water is
//!   blocked because no benchmark path may enter it from ground.)
//! * Our extension: the digits `1`–`4` are passable cells of that terrain cost.
//! * The first line must be `type octile`, the next two `height H` and `width W` in either
//!   order, the fourth `map`; then exactly H rows of exactly W cells.
//! * Tolerated: `\r\n` line endings, a missing final newline, trailing spaces or tabs on any
//!   line, a UTF-8 byte-order mark, and blank lines after the last row. Everything else
//!   (unknown characters, wrong row lengths, missing or extra rows, bad numbers, other map
//!   types, sides over 4096) is an error naming the line.
//!
//! Row and column numbers in messages count from 1, like line numbers; cell coordinates
//! (x, y) count from 0, with (0, 0) the top-left cell.
//!
//! # `.scen`
//!
//! See [`parse_scen`] and [`Scenario`] (in `scen.rs`).

mod lines;
mod map;
mod scen;

pub use map::{parse_map, write_map};
pub use scen::{parse_scen, Scenario};
