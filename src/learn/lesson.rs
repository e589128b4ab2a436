//! Lessons: a title and a list of exercise specs, as JSON or as a link-safe string
//! (`l1.` + base64url of the JSON's zlib stream, [`crate::formats::link::pack`]), and the
//! ready lessons that follow the tutorial's chapters.

use super::spec::{Kind, LearnError, Spec};
use crate::formats::link::{pack, unpack};
use crate::search::{Algorithm, Settings};

/// The prefix of a lesson link.
pub const LINK_PREFIX: &str = "l1.";

/// The longest lesson JSON a link may unpack to, in bytes.
pub const MAX_LESSON_BYTES: usize = 1 << 20;

/// A titled list of exercises.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Lesson {
    /// Its title.
    pub title: String,
    /// The tutorial chapter it follows (`bfs-section`…), if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chapter: Option<String>,
    /// The exercises, in order.
    pub exercises: Vec<Spec>,
}

impl Lesson {
    /// The lesson as JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    /// A lesson read from JSON.
    pub fn from_json(text: &str) -> Result<Lesson, LearnError> {
        serde_json::from_str(text).map_err(|e| LearnError(format!("not a lesson: {e}")))
    }

    /// The lesson as a link-safe string: `l1.` + base64url of its JSON, compressed.
    pub fn to_link(&self) -> String {
        Lesson::link_of_json(&self.to_json())
    }

    /// The link of a lesson given as its JSON text: `l1.` + base64url of the text,
    /// compressed. The page's wasm writes the JSON with the browser's `JSON` (so the
    /// module carries no JSON codec) and links it here, like [`Lesson::to_link`].
    pub fn link_of_json(json: &str) -> String {
        pack(LINK_PREFIX, json.as_bytes())
    }

    /// The JSON text a [`Lesson::to_link`] string holds (a leading `#` is skipped).
    pub fn json_of_link(text: &str) -> Result<String, LearnError> {
        let bytes = unpack(text, LINK_PREFIX, MAX_LESSON_BYTES)?;
        String::from_utf8(bytes)
            .map_err(|_| LearnError("this lesson link is damaged: not text".into()))
    }

    /// The lesson a [`Lesson::to_link`] string holds (a leading `#` is skipped).
    pub fn from_link(text: &str) -> Result<Lesson, LearnError> {
        Lesson::from_json(&Lesson::json_of_link(text)?)
    }

    /// A lesson from any of its forms: a ready lesson's name ([`ready_lessons`]), a link,
    /// or JSON.
    pub fn read(text: &str) -> Result<Lesson, LearnError> {
        Lesson::read_with(text, Lesson::from_json)
    }

    /// [`Lesson::read`] with the JSON reader given: `parse` reads the JSON text of a link or
    /// of `text` itself (the page's wasm passes the browser's `JSON`, the CLI serde_json's).
    pub fn read_with(
        text: &str,
        parse: impl FnOnce(&str) -> Result<Lesson, LearnError>,
    ) -> Result<Lesson, LearnError> {
        let text = text.trim();
        if let Some(lesson) = ready_lessons()
            .into_iter()
            .find(|l| l.chapter.as_deref() == Some(text))
        {
            return Ok(lesson);
        }
        if text.trim_start_matches('#').starts_with(LINK_PREFIX) {
            return parse(&Lesson::json_of_link(text)?);
        }
        parse(text)
    }
}

/// A spec of `kind` about `algorithm` at `difficulty`.
fn spec(kind: Kind, algorithm: Algorithm, difficulty: u8, seed: u64) -> Spec {
    Spec {
        algorithm: Some(algorithm),
        difficulty,
        ..Spec::new(kind, seed)
    }
}

/// The ready lessons, one per chapter of the tutorial (`www/tutorial.html`): Breadth-First,
/// Best-First, Dijkstra, A*, weighted A*, then two beyond it (jump points; repairs after an
/// edit). Each is named by its chapter's section id (`bfs`, `best-first`, …).
pub fn ready_lessons() -> Vec<Lesson> {
    use Algorithm::*;
    use Kind::*;
    let lesson = |title: &str, chapter: &str, exercises: Vec<Spec>| Lesson {
        title: title.into(),
        chapter: Some(chapter.into()),
        exercises,
    };
    let weighted = |difficulty: u8, seed: u64, weight: f64| Spec {
        settings: Some(Settings {
            weight,
            ..Settings::default()
        }),
        ..spec(NextExpansion, AStar, difficulty, seed)
    };
    vec![
        lesson(
            "Breadth-First: whoever waited longest",
            "bfs",
            vec![
                spec(NextExpansion, BreadthFirst, 1, 101),
                spec(Order, BreadthFirst, 1, 102),
                spec(Path, BreadthFirst, 1, 103),
            ],
        ),
        lesson(
            "Best-First: whoever looks closest to the goal",
            "best-first",
            vec![
                spec(NextExpansion, BestFirst, 1, 201),
                spec(Values, BestFirst, 1, 202),
                spec(Path, BestFirst, 2, 203),
                spec(Heuristic, BestFirst, 2, 205),
            ],
        ),
        lesson(
            "Dijkstra: whoever is cheapest to reach",
            "dijkstra",
            vec![
                spec(NextExpansion, Dijkstra, 2, 301),
                spec(Values, Dijkstra, 2, 302),
                spec(Order, Dijkstra, 2, 303),
                spec(Path, Dijkstra, 2, 304),
            ],
        ),
        lesson(
            "A*: cost so far plus the guess",
            "astar",
            vec![
                spec(Values, AStar, 2, 401),
                spec(NextExpansion, AStar, 3, 402),
                spec(Order, AStar, 2, 403),
                spec(Path, AStar, 3, 404),
                spec(WhichAlgorithm, AStar, 2, 405),
            ],
        ),
        lesson(
            "Weighted A*: trading the best path for speed",
            "weighted",
            vec![
                weighted(2, 501, 2.0),
                spec(Heuristic, AStar, 1, 502),
                spec(Heuristic, AStar, 2, 503),
                spec(WhichAlgorithm, AStar, 3, 504),
            ],
        ),
        lesson(
            "Jump Point Search: jumping over the open floor",
            "jps",
            vec![
                spec(JumpPoints, Jps, 1, 601),
                spec(JumpPoints, Jps, 2, 602),
                spec(Path, Jps, 2, 603),
            ],
        ),
        lesson(
            "LPA* and D* Lite: repairing after an edit",
            "repair",
            vec![spec(Repair, Lpa, 1, 701), spec(Repair, DStarLite, 2, 702)],
        ),
    ]
}
