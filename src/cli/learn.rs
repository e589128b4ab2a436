//! `pathlab exercise`: make an exercise, check an answer, print a lesson's worksheet with its
//! answer key, list the ready lessons ([`pathlab::learn`]).

use super::Failure;
use clap::{Args, Subcommand};
use pathlab::grid::Shape;
use pathlab::learn::{generate, lesson, sheet, Answer, Kind, Lesson, Spec};
use pathlab::Algorithm;

/// The exercise commands.
#[derive(Args, Debug)]
pub struct ExerciseArgs {
    #[command(subcommand)]
    command: ExerciseCommand,
}

#[derive(Subcommand, Debug)]
enum ExerciseCommand {
    /// Make an exercise and print its question (map, state, what to answer).
    New(NewArgs),
    /// Check an answer: prints the verdict as JSON (correct, expected, given, explanation).
    Check(CheckArgs),
    /// Print a lesson's worksheet (questions and maps), with --answers its answer key.
    Sheet(SheetArgs),
    /// List the ready lessons: name, title, exercises and link.
    Lessons,
}

#[derive(Args, Debug)]
struct NewArgs {
    /// next-expansion, values, order, path, which-algorithm, jump-points, repair or
    /// heuristic.
    #[arg(long, value_parser = parse_kind)]
    kind: Kind,
    /// The algorithm asked about (default: astar; jps for jump-points, lpa for repair).
    #[arg(long, value_parser = parse_algorithm)]
    algo: Option<Algorithm>,
    /// 1, 2 or 3.
    #[arg(long, default_value_t = 1)]
    difficulty: u8,
    /// The seed: the same spec always makes the same exercise.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// square, hex-rows or hex-columns.
    #[arg(long, default_value = "square", value_parser = parse_shape)]
    shape: Shape,
    /// Print the exercise as JSON (the spec, the map as a share link, the state and the
    /// question; not its answer).
    #[arg(long)]
    json: bool,
}

#[derive(Args, Debug)]
struct CheckArgs {
    /// The spec as JSON (or an exercise's JSON, whose `spec` is used), or a file holding it.
    spec: String,
    /// The answer as JSON (`{"cell":[3,4]}`, `{"cost":12.83}`, `{"optimal":false}`…), or a
    /// file holding it.
    answer: String,
}

#[derive(Args, Debug)]
struct SheetArgs {
    /// A ready lesson's name (see `pathlab exercise lessons`), a lesson link (`l1.…`), or
    /// a lesson's JSON or a file holding it.
    lesson: String,
    /// Add the answer key.
    #[arg(long)]
    answers: bool,
}

fn parse_kind(s: &str) -> Result<Kind, String> {
    Kind::from_name(s).map_err(|e| e.0)
}

fn parse_algorithm(s: &str) -> Result<Algorithm, String> {
    s.parse()
}

fn parse_shape(s: &str) -> Result<Shape, String> {
    s.parse()
}

/// `text` itself when it looks like JSON or a link, else the file it names.
fn text_or_file(text: &str) -> Result<String, Failure> {
    let t = text.trim_start();
    if t.starts_with('{') || t.starts_with('[') || !std::path::Path::new(text).exists() {
        return Ok(text.to_string());
    }
    std::fs::read_to_string(text).map_err(|e| Failure::new(3, format!("can't read {text}: {e}")))
}

/// Runs an exercise command.
pub fn exercise(args: &ExerciseArgs) -> Result<u8, Failure> {
    match &args.command {
        ExerciseCommand::New(a) => new(a),
        ExerciseCommand::Check(a) => check(a),
        ExerciseCommand::Sheet(a) => {
            let lesson = Lesson::read(&text_or_file(&a.lesson)?)
                .map_err(|e| Failure::new(4, e.to_string()))?;
            let text =
                sheet::worksheet(&lesson, a.answers).map_err(|e| Failure::new(2, e.to_string()))?;
            print!("{text}");
            Ok(0)
        }
        ExerciseCommand::Lessons => {
            for l in lesson::ready_lessons() {
                println!(
                    "{}\t{}\t{} exercises\t{}",
                    l.chapter.as_deref().unwrap_or(""),
                    l.title,
                    l.exercises.len(),
                    l.to_link()
                );
            }
            Ok(0)
        }
    }
}

fn new(a: &NewArgs) -> Result<u8, Failure> {
    let spec = Spec {
        algorithm: a.algo,
        difficulty: a.difficulty,
        shape: a.shape,
        ..Spec::new(a.kind, a.seed)
    };
    let exercise = generate(&spec).map_err(|e| Failure::new(2, e.to_string()))?;
    if a.json {
        let json = serde_json::to_string(&exercise).map_err(|e| Failure::new(2, e.to_string()))?;
        println!("{json}");
    } else {
        let text =
            sheet::question_text(1, &exercise).map_err(|e| Failure::new(2, e.to_string()))?;
        print!("{}\n{text}", sheet::LEGEND);
        println!(
            "spec: {}",
            serde_json::to_string(&exercise.spec).unwrap_or_default()
        );
        println!("answer with: {}", exercise.answer_with);
    }
    Ok(0)
}

fn check(a: &CheckArgs) -> Result<u8, Failure> {
    let spec_text = text_or_file(&a.spec)?;
    let value: serde_json::Value = serde_json::from_str(&spec_text)
        .map_err(|e| Failure::new(4, format!("the spec is not JSON: {e}")))?;
    let value = value.get("spec").cloned().unwrap_or(value);
    let spec: Spec = serde_json::from_value(value)
        .map_err(|e| Failure::new(4, format!("not an exercise spec: {e}")))?;
    let answer: Answer = serde_json::from_str(&text_or_file(&a.answer)?)
        .map_err(|e| Failure::new(4, format!("not an answer: {e}")))?;
    let exercise = generate(&spec).map_err(|e| Failure::new(2, e.to_string()))?;
    let verdict = exercise.check(&answer);
    let json = serde_json::to_string(&verdict).map_err(|e| Failure::new(2, e.to_string()))?;
    println!("{json}");
    Ok(0)
}
