//! What a kind's generator is handed (a [`Scene`]) and finds on it (a [`Found`] question with
//! its answer [`Key`]).

use super::answer::{Answer, Explanation};
use crate::grid::Grid;
use crate::search::Settings;

/// The answer key: the engine's answer and why.
#[derive(Clone, Debug, PartialEq, Default)]
pub(super) struct Key {
    pub(super) expected: Answer,
    /// Another form the answer may take (a path's cost beside its cells).
    pub(super) also: Option<Answer>,
    /// Whether cells are compared as a set rather than a sequence.
    pub(super) as_set: bool,
    pub(super) explanation: Explanation,
}

/// What a kind's generator finds on one map: the state of the question and its key.
pub(super) struct Found {
    pub(super) step: usize,
    pub(super) highlight: Vec<(u32, u32)>,
    pub(super) states: Vec<u8>,
    pub(super) candidates: Vec<String>,
    pub(super) question: String,
    pub(super) answer_with: &'static str,
    pub(super) key: Key,
    /// The settings searched with, when the kind chose them (the heuristic's weight).
    pub(super) settings: Option<Settings>,
}

/// The scene a kind's generator is handed: a map with markers and the settings.
pub(super) struct Scene {
    pub(super) grid: Grid,
    pub(super) start: (u32, u32),
    pub(super) goal: (u32, u32),
    pub(super) settings: Settings,
}
