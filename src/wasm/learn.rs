//! Learn mode's calls ([`crate::learn`]): make an exercise from its spec, check an answer
//! against the engine, read and write lessons and their `l1.` links, list the ready lessons.
//! Thin glue: every rule is in `crate::learn`; a spec, an answer or a lesson the learn
//! module refuses is thrown with its reason. Lessons' JSON (in their links) goes through the
//! browser's `JSON` and serde-wasm-bindgen, which keeps serde_json out of the module.

use super::*;
use crate::learn::{generate, lesson, Answer, Exercise, Kind, LearnError, Lesson, Spec};

/// A spec read from a JS object (`{kind, algorithm?, settings?, difficulty?, seed?, shape?,
/// map?}`).
fn spec_of(value: &JsValue) -> Result<Spec, JsError> {
    serde_wasm_bindgen::from_value(value.clone())
        .map_err(|e| JsError::new(&format!("not an exercise spec: {e}")))
}

/// The exercise a spec makes, or the learn module's reason it cannot be made.
fn exercise_of(spec: &JsValue) -> Result<Exercise, JsError> {
    generate(&spec_of(spec)?).map_err(js_error)
}

/// A lesson read from its JSON text with the browser's `JSON.parse`.
fn lesson_of_json(text: &str) -> Result<Lesson, LearnError> {
    let value =
        js_sys::JSON::parse(text).map_err(|_| LearnError("not a lesson: not JSON".into()))?;
    serde_wasm_bindgen::from_value(value).map_err(|e| LearnError(format!("not a lesson: {e}")))
}

/// A lesson's `l1.` link, its JSON written with the browser's `JSON.stringify`.
fn link_of(lesson: &Lesson) -> Result<String, JsError> {
    let json = js_sys::JSON::stringify(&to_js(lesson)?)
        .map_err(|_| JsError::new("this lesson cannot be written as JSON"))?;
    Ok(Lesson::link_of_json(&String::from(json)))
}

/// A lesson with its link, as the page lists it.
#[derive(Serialize)]
struct LessonView<'a> {
    title: &'a str,
    chapter: Option<&'a str>,
    exercises: &'a [Spec],
    link: String,
}

fn lesson_view(lesson: &Lesson) -> Result<LessonView<'_>, JsError> {
    Ok(LessonView {
        title: &lesson.title,
        chapter: lesson.chapter.as_deref(),
        exercises: &lesson.exercises,
        link: link_of(lesson)?,
    })
}

/// Makes the exercise `spec` asks for: `{spec, link, width, height, shape, start, goal,
/// settings, step, highlight, states, candidates?, question, answerWith}` — the question
/// without its answer (`link` is the map's full share link for `loadLink`; `states` the
/// state byte of every cell of the picture shown, `y * width + x`). The same spec makes the
/// same exercise. Throws the reason for a spec that is not one, or that cannot be made.
#[wasm_bindgen(js_name = exerciseNew, unchecked_return_type = "LearnExercise")]
pub fn exercise_new(
    #[wasm_bindgen(unchecked_param_type = "LearnSpec")] spec: JsValue,
) -> Result<JsValue, JsError> {
    to_js(&exercise_of(&spec)?)
}

/// Checks `answer` (`{cell: [x, y]}`, `{values: {g, h, f}}`, `{cells: [[x, y], …]}`,
/// `{cost}`, `{algorithm}` or `{optimal}`) against the engine's answer to the exercise
/// `spec` makes (made again from the spec, so an edited exercise cannot fool it):
/// `{correct, expected, given, explanation: {rule, line, vars, counterExample?}}`. Throws
/// for a spec or an answer that is not one.
#[wasm_bindgen(js_name = exerciseCheck, unchecked_return_type = "LearnVerdict")]
pub fn exercise_check(
    #[wasm_bindgen(unchecked_param_type = "LearnSpec")] spec: JsValue,
    #[wasm_bindgen(unchecked_param_type = "LearnAnswer")] answer: JsValue,
) -> Result<JsValue, JsError> {
    let exercise = exercise_of(&spec)?;
    let given: Answer = serde_wasm_bindgen::from_value(answer)
        .map_err(|e| JsError::new(&format!("not an answer: {e}")))?;
    to_js(&exercise.check(&given))
}

/// The names of the kinds of exercise, in the order menus list them.
#[wasm_bindgen(js_name = exerciseKinds)]
pub fn exercise_kinds() -> Vec<String> {
    Kind::ALL.iter().map(|k| k.name().to_string()).collect()
}

/// Reads a lesson from a ready lesson's name (`bfs`, `astar`…), an `l1.` link (with or
/// without `#`) or its JSON: `{title, chapter, exercises: [spec…], link}`. Throws the
/// reason for text that is none of them.
#[wasm_bindgen(js_name = lessonRead, unchecked_return_type = "LearnLesson")]
pub fn lesson_read(text: &str) -> Result<JsValue, JsError> {
    let lesson = Lesson::read_with(text, lesson_of_json).map_err(js_error)?;
    to_js(&lesson_view(&lesson)?)
}

/// The `l1.` link of a lesson given as `{title, chapter?, exercises: [spec…]}`. Throws for
/// an object that is not a lesson.
#[wasm_bindgen(js_name = lessonLink)]
pub fn lesson_link(
    #[wasm_bindgen(unchecked_param_type = "LearnLessonInput")] lesson: JsValue,
) -> Result<String, JsError> {
    let lesson: Lesson = serde_wasm_bindgen::from_value(lesson)
        .map_err(|e| JsError::new(&format!("not a lesson: {e}")))?;
    link_of(&lesson)
}

/// The ready lessons, one per tutorial chapter: `[{title, chapter, exercises, link}]`.
#[wasm_bindgen(js_name = readyLessons, unchecked_return_type = "LearnLesson[]")]
pub fn ready_lessons() -> Result<JsValue, JsError> {
    let lessons = lesson::ready_lessons();
    let views = lessons
        .iter()
        .map(lesson_view)
        .collect::<Result<Vec<_>, _>>()?;
    to_js(&views)
}
