//! The [`Exercise`] a [`Spec`] makes ([`generate`]), and how it checks an answer.

use super::answer::{Answer, Explanation, Verdict};
use super::found::{Found, Key, Scene};
use super::spec::{Kind, LearnError, Spec};
use super::{finished, maps, paused};
use crate::formats::link::decode;
use crate::grid::{Grid, Shape};
use crate::rng::SplitMix64;
use crate::search::Settings;

/// A generated question: the map, the state it is asked in and what to answer, with its
/// answer key kept apart ([`Exercise::expected`], not serialised, so a question printed as
/// JSON does not give its answer away).
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Exercise {
    /// What it was made from.
    pub spec: Spec,
    /// The map, markers and settings as a full share link (`v2.…`/`v3.…`).
    pub link: String,
    /// The map's width in cells.
    pub width: u32,
    /// The map's height in cells.
    pub height: u32,
    /// The cell shape.
    pub shape: Shape,
    /// The start cell.
    pub start: (u32, u32),
    /// The goal cell.
    pub goal: (u32, u32),
    /// The settings searched with.
    pub settings: Settings,
    /// How many expansions the search has made when the question is asked (the timeline
    /// step it is paused at; 0 for the questions about a finished or unstarted search).
    pub step: usize,
    /// The cells the question points at: the cell whose values are asked, the node JPS
    /// expands next, the wall just drawn.
    pub highlight: Vec<(u32, u32)>,
    /// The state bytes ([`crate::CellState`]) of the picture the question shows, one per
    /// cell (`y * width + x`): the paused search, or the finished one of which-algorithm.
    pub states: Vec<u8>,
    /// Which-algorithm: the candidates to choose from (`astar:2` is A* with weight 2).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub candidates: Vec<String>,
    /// The question, in words.
    pub question: String,
    /// The form of the answer: `cell`, `values`, `cells`, `cells-or-cost`, `cell-set`,
    /// `algorithm` or `optimal`.
    pub answer_with: &'static str,
    #[serde(skip)]
    key: Key,
}

impl Exercise {
    /// The engine's answer.
    pub fn expected(&self) -> &Answer {
        &self.key.expected
    }

    /// Why the engine's answer is what it is.
    pub fn explanation(&self) -> &Explanation {
        &self.key.explanation
    }

    /// The map.
    pub fn grid(&self) -> Result<Grid, LearnError> {
        Ok(decode(&self.link)?.grid)
    }

    /// Checks `given` against the engine's answer.
    pub fn check(&self, given: &Answer) -> Verdict {
        let key = &self.key;
        let correct = given.matches(&key.expected, key.as_set)
            || key.also.as_ref().is_some_and(|a| given.matches(a, false));
        Verdict {
            correct,
            expected: key.expected.clone(),
            given: given.clone(),
            explanation: key.explanation.clone(),
        }
    }
}

/// How many maps (or states on a fixed map) are tried before a spec is given up on.
const ATTEMPTS: u64 = 200;

/// Makes the exercise `spec` asks for. The same spec gives the same exercise; a question
/// that would be degenerate (one open cell to choose from, no path, a picture two
/// candidates share…) is never made: another map, or another step on a fixed map, is
/// drawn instead.
pub fn generate(spec: &Spec) -> Result<Exercise, LearnError> {
    if !(1..=3).contains(&spec.difficulty) {
        return Err(LearnError(format!(
            "the difficulty must be 1, 2 or 3, not {}",
            spec.difficulty
        )));
    }
    let algorithm = spec.algorithm();
    if let Some(why) = spec.kind.refuses(algorithm) {
        return Err(LearnError(why));
    }
    if spec.shape.is_hex() && !spec.kind.fits_hexes() {
        return Err(LearnError(format!(
            "a {} exercise needs square cells",
            spec.kind
        )));
    }
    // One stream per kind, so two kinds with the same seed draw different maps.
    let salt = (spec.kind as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    let mut rng = SplitMix64::new(spec.seed ^ salt);
    for _ in 0..ATTEMPTS {
        let scene = maps::scene(spec, &mut rng)?;
        let found = match spec.kind {
            Kind::NextExpansion => paused::next_expansion(spec, &scene, &mut rng)?,
            Kind::Values => paused::values(spec, &scene, &mut rng)?,
            Kind::Order => paused::order(spec, &scene, &mut rng)?,
            Kind::JumpPoints => paused::jump_points(spec, &scene, &mut rng)?,
            Kind::Path => finished::path(spec, &scene)?,
            Kind::WhichAlgorithm => finished::which_algorithm(&scene, &mut rng)?,
            Kind::Heuristic => finished::heuristic(spec, &scene, &mut rng)?,
            Kind::Repair => finished::repair(spec, &scene, &mut rng)?,
        };
        if let Some(found) = found {
            return Ok(exercise(spec, scene, found));
        }
    }
    Err(LearnError(format!(
        "no {} exercise could be made on this map with these settings",
        spec.kind
    )))
}

fn exercise(spec: &Spec, scene: Scene, found: Found) -> Exercise {
    let settings = found.settings.unwrap_or(scene.settings);
    let link = crate::formats::link::encode(&crate::formats::link::LinkState {
        grid: scene.grid.clone(),
        start: scene.start,
        goal: scene.goal,
        settings,
    });
    Exercise {
        spec: spec.clone(),
        link,
        width: scene.grid.width(),
        height: scene.grid.height(),
        shape: scene.grid.shape(),
        start: scene.start,
        goal: scene.goal,
        settings,
        step: found.step,
        highlight: found.highlight,
        states: found.states,
        candidates: found.candidates,
        question: found.question,
        answer_with: found.answer_with,
        key: found.key,
    }
}
