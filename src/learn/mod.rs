//! Learn by doing: exercises generated from a seed and checked against the engine itself.
//!
//! An exercise is asked by a [`Spec`] — its [`Kind`], the algorithm, settings, a difficulty
//! (1–3), a seed, and optionally a fixed map (a share link) — and [`generate`] turns it into
//! an [`Exercise`]: a small map (8 × 8 to 20 × 20 cells, walls and terrain, squares or
//! hexagons where the kind applies), the markers, the state the question is asked in (the
//! step at which the search is paused, a highlighted cell, a wall just drawn, a finished
//! search's picture) and what to answer. The same spec always gives the same exercise.
//!
//! The answer key is what the engine does: generating an exercise runs the planner or the
//! searcher of [`crate::search`] on it (to the paused step and one step more, to the end, or
//! through a repair) and keeps what it did, with the rule that decided, the pseudocode line
//! and the variables of the step trace ([`crate::search::trace`]) where the kind has them.
//! No rule of any algorithm is written a second time here. [`Exercise::check`] compares an
//! [`Answer`] with it and gives a [`Verdict`].
//!
//! A [`Lesson`] is a titled list of specs, written as JSON or as a link-safe string
//! ([`Lesson::to_link`]); [`lesson::ready_lessons`] follows the tutorial's chapters. The
//! module sits above the planner and the link formats (it reads a fixed map from a share
//! link and packs lessons as links).
//!
//! ```
//! use pathlab::learn::{generate, Kind, Spec};
//! let spec = Spec::new(Kind::NextExpansion, 7);
//! let exercise = generate(&spec)?;
//! let verdict = exercise.check(&exercise.expected().clone());
//! assert!(verdict.correct);
//! assert_eq!(generate(&spec)?, exercise);
//! # Ok::<(), pathlab::learn::LearnError>(())
//! ```

mod answer;
mod exercise;
mod finished;
mod found;
pub mod lesson;
mod maps;
mod paused;
pub mod sheet;
mod spec;
#[cfg(test)]
mod tests;

pub use answer::{cost_text, Answer, Explanation, LineRef, Var, Verdict, TOLERANCE};
pub use exercise::{generate, Exercise};
pub use lesson::Lesson;
pub use maps::MAX_FIXED_SIDE;
pub use spec::{Kind, LearnError, Spec};
