//! Exercises on paper: a map picture in text, an answer in words, and a lesson's worksheet
//! with its answer key (`pathlab exercise sheet`).

use super::answer::{cost_text, Answer};
use super::exercise::{generate, Exercise};
use super::lesson::Lesson;
use super::spec::LearnError;
use crate::grid::Cell;
use crate::search::CellState;
use crate::text::number::decimal;

/// What each character of [`picture`] means.
pub const LEGEND: &str = "S start, G goal, ? asked about, o open, x closed, * path, \
                          - scanned, # wall, . floor, 2-4 terrain cost";

/// The exercise's map as text, one line per row (hexagons: odd rows, or odd columns' cells
/// shown as in rows, shifted half a cell): the markers, the highlighted cells, the search's
/// states, then walls and terrain ([`LEGEND`]).
pub fn picture(exercise: &Exercise) -> Result<Vec<String>, LearnError> {
    let grid = exercise.grid()?;
    let mut rows = Vec::new();
    for y in 0..grid.height() {
        let mut row = String::new();
        if grid.shape() == crate::grid::Shape::HexRows && y % 2 == 1 {
            row.push(' ');
        }
        for x in 0..grid.width() {
            let i = y as usize * grid.width() as usize + x as usize;
            let c = if (x, y) == exercise.start {
                'S'
            } else if (x, y) == exercise.goal {
                'G'
            } else if exercise.highlight.contains(&(x, y)) {
                '?'
            } else {
                match exercise
                    .states
                    .get(i)
                    .copied()
                    .and_then(CellState::from_byte)
                {
                    Some(CellState::Open | CellState::Reopened | CellState::BackOpen) => 'o',
                    Some(
                        CellState::Closed
                        | CellState::JumpPoint
                        | CellState::BackClosed
                        | CellState::Repaired,
                    ) => 'x',
                    Some(CellState::Path) => '*',
                    Some(CellState::Scanned) => '-',
                    _ => match grid.get(i64::from(x), i64::from(y)) {
                        Some(Cell::Wall) | None => '#',
                        Some(cell) => match cell.to_byte() {
                            1 => '.',
                            b => char::from(b'0' + b),
                        },
                    },
                }
            };
            row.push(c);
            if grid.shape().is_hex() {
                row.push(' ');
            }
        }
        rows.push(row.trim_end().to_string());
    }
    Ok(rows)
}

/// An answer in words, for an answer key.
pub fn answer_text(answer: &Answer) -> String {
    let cell = |(x, y): (u32, u32)| format!("({x}, {y})");
    match answer {
        Answer::None => "none".into(),
        Answer::Cell(c) => cell(*c),
        Answer::Values { g, h, f } => format!(
            "g = {}, h = {}, f = {}",
            cost_text(*g),
            cost_text(*h),
            cost_text(*f)
        ),
        Answer::Cells(cells) => cells.iter().map(|&c| cell(c)).collect::<Vec<_>>().join(" "),
        Answer::Cost(c) => cost_text(*c),
        Answer::Algorithm(a) => a.clone(),
        Answer::Optimal(true) => "yes".into(),
        Answer::Optimal(false) => "no".into(),
    }
}

/// One exercise on paper: its number, question, settings, picture and answer space.
pub fn question_text(n: usize, exercise: &Exercise) -> Result<String, LearnError> {
    let s = &exercise.settings;
    // Which-algorithm's settings are the map's, not the answer's: name no algorithm.
    let algorithm = if exercise.candidates.is_empty() {
        s.algorithm.name()
    } else {
        "?"
    };
    let mut out = format!(
        "{n}. [{}, {algorithm}, difficulty {}, seed {}] {}\n",
        exercise.spec.kind, exercise.spec.difficulty, exercise.spec.seed, exercise.question
    );
    out.push_str(&format!(
        "   {}×{} {}, start ({}, {}), goal ({}, {}), {} neighbours, weight {}\n",
        exercise.width,
        exercise.height,
        exercise.shape.name(),
        exercise.start.0,
        exercise.start.1,
        exercise.goal.0,
        exercise.goal.1,
        crate::grid::Topology::of(&exercise.grid()?, &s.movement).move_count(),
        decimal(s.weight),
    ));
    if !exercise.candidates.is_empty() {
        out.push_str(&format!(
            "   candidates: {}\n",
            exercise.candidates.join(", ")
        ));
    }
    out.push('\n');
    for row in picture(exercise)? {
        out.push_str("   ");
        out.push_str(&row);
        out.push('\n');
    }
    out.push_str("\n   Answer: ______________________________\n\n");
    Ok(out)
}

/// A lesson's worksheet: every exercise's question and picture, and with `answers` an answer
/// key after them (the engine's answer and the rule that decided).
pub fn worksheet(lesson: &Lesson, answers: bool) -> Result<String, LearnError> {
    let exercises = lesson
        .exercises
        .iter()
        .map(generate)
        .collect::<Result<Vec<_>, _>>()?;
    let mut out = format!(
        "{}\n{}\n\n{LEGEND}\n\n",
        lesson.title,
        "=".repeat(lesson.title.chars().count())
    );
    for (i, e) in exercises.iter().enumerate() {
        out.push_str(&question_text(i + 1, e)?);
    }
    if answers {
        out.push_str("Answer key\n----------\n\n");
        for (i, e) in exercises.iter().enumerate() {
            let ex = e.explanation();
            out.push_str(&format!(
                "{}. {}\n   {}\n",
                i + 1,
                answer_text(e.expected()),
                ex.rule
            ));
            if let Some(line) = &ex.line {
                out.push_str(&format!("   line {}: {}\n", line.number, line.text));
            }
            if let Some(path) = &ex.counter_example {
                out.push_str(&format!(
                    "   a cheaper path: {}\n",
                    answer_text(&Answer::Cells(path.clone()))
                ));
            }
            out.push('\n');
        }
    }
    Ok(out)
}
