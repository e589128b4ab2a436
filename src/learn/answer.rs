//! Answers, verdicts and explanations: what a student gives, how it is compared with the
//! engine's answer, and the rule, pseudocode line and variables that decided it.

use crate::search::pseudocode;
use crate::search::trace::{SubStep, VARS};
use crate::search::Algorithm;

/// How far a number may be from the engine's and still count: half a unit in the second
/// decimal, so an answer right to the two decimals the open list's sentence shows
/// ("lowest f = 12.83") is right. Costs are exact sums of 1–4 and √2 steps; 12.8284 and
/// 12.83 are both accepted for 12.828427…, 12.84 is not.
pub const TOLERANCE: f64 = 0.005;

/// An answer, the student's or the engine's. As JSON: `{"cell":[3,4]}`,
/// `{"values":{"g":2,"h":5.24,"f":7.24}}`, `{"cells":[[1,2],[2,2]]}`, `{"cost":12.83}`,
/// `{"algorithm":"astar:2"}`, `{"optimal":false}`.
#[derive(Clone, Debug, PartialEq, Default, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Answer {
    /// No answer.
    #[default]
    None,
    /// One cell (x, y): the next expansion.
    Cell((u32, u32)),
    /// A node's cost so far, estimate and priority.
    Values {
        /// g.
        g: f64,
        /// h.
        h: f64,
        /// f, the value the algorithm ranks by.
        f: f64,
    },
    /// Cells: in order (the open list's top three, a path) or as a set (jump points, the
    /// cells a repair expands).
    Cells(Vec<(u32, u32)>),
    /// A path's cost.
    Cost(f64),
    /// An algorithm, by its id, with `:W` for a heuristic weight other than 1 (`astar:2`).
    Algorithm(String),
    /// Whether the search returns an optimal path here.
    Optimal(bool),
}

/// A cost in words, to the two decimals answers are checked to ("12.83").
pub fn cost_text(v: f64) -> String {
    crate::text::number::decimal((v * 100.0).round() / 100.0)
}

/// Two numbers the same to [`TOLERANCE`].
fn near(a: f64, b: f64) -> bool {
    (a - b).abs() <= TOLERANCE
}

/// An algorithm answer read as (algorithm, weight): `A*`, `astar` and `astar:1` are one.
fn algorithm_and_weight(text: &str) -> Option<(Algorithm, f64)> {
    let (name, weight) = match text.trim().split_once(':') {
        Some((n, w)) => (n, crate::text::number::parse_f64(w.trim())?),
        None => (text.trim(), 1.0),
    };
    Some((name.trim().parse().ok()?, weight))
}

impl Answer {
    /// Whether `self` (the given answer) is `expected`; cells compared as a set when
    /// `as_set`.
    pub(super) fn matches(&self, expected: &Answer, as_set: bool) -> bool {
        match (self, expected) {
            (Answer::Cell(a), Answer::Cell(b)) => a == b,
            (
                Answer::Values { g, h, f },
                Answer::Values {
                    g: eg,
                    h: eh,
                    f: ef,
                },
            ) => near(*g, *eg) && near(*h, *eh) && near(*f, *ef),
            (Answer::Cells(a), Answer::Cells(b)) if as_set => {
                let (mut a, mut b) = (a.clone(), b.clone());
                a.sort_unstable();
                a.dedup();
                b.sort_unstable();
                a == b
            }
            (Answer::Cells(a), Answer::Cells(b)) => a == b,
            (Answer::Cost(a), Answer::Cost(b)) => near(*a, *b),
            (Answer::Algorithm(a), Answer::Algorithm(b)) => {
                match (algorithm_and_weight(a), algorithm_and_weight(b)) {
                    (Some(x), Some(y)) => x == y,
                    _ => false,
                }
            }
            (Answer::Optimal(a), Answer::Optimal(b)) => a == b,
            _ => false,
        }
    }
}

/// A line of an algorithm's pseudocode ([`crate::search::pseudocode`]).
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct LineRef {
    /// Its number, from 1.
    pub number: usize,
    /// Its id (`pop`, `new`, …).
    pub id: &'static str,
    /// The line.
    pub text: &'static str,
}

impl LineRef {
    /// Line `index` (from 0) of `algorithm`'s pseudocode.
    pub fn at(algorithm: Algorithm, index: usize) -> Option<LineRef> {
        let line = pseudocode::lines(algorithm).get(index)?;
        Some(LineRef {
            number: index + 1,
            id: line.id,
            text: line.text,
        })
    }

    /// The line of `algorithm`'s pseudocode with id `id`.
    pub fn by_id(algorithm: Algorithm, id: &str) -> Option<LineRef> {
        LineRef::at(algorithm, pseudocode::line_index(algorithm, id)?)
    }
}

/// A variable beside the pseudocode, as the step trace names it (`cost:g(u)`, `cell:u`; see
/// [`crate::search::trace::VARS`]), with its two numbers (a cell's x and y; a cost and 0).
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Var {
    /// Its name, with the kind of value before the colon.
    pub name: String,
    /// Its numbers.
    pub value: [f64; 2],
}

impl Var {
    /// A cost named `name`.
    pub fn cost(name: &str, value: f64) -> Var {
        Var {
            name: format!("cost:{name}"),
            value: [value, 0.0],
        }
    }

    /// A cell named `name`.
    pub fn cell(name: &str, (x, y): (u32, u32)) -> Var {
        Var {
            name: format!("cell:{name}"),
            value: [f64::from(x), f64::from(y)],
        }
    }
}

/// Why the engine's answer is what it is.
#[derive(Clone, Debug, PartialEq, Default, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Explanation {
    /// The rule that decided, in a sentence (for the next expansion, the open list's own
    /// sentence: "tie on f = 7.24 with 1 other: ties go to the larger g").
    pub rule: String,
    /// The pseudocode line that decided, where the kind has one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line: Option<LineRef>,
    /// The variables at that line.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub vars: Vec<Var>,
    /// The heuristic exercise's counter-example: an optimal path, cheaper than the one
    /// returned.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub counter_example: Option<Vec<(u32, u32)>>,
}

impl Explanation {
    /// An explanation by `rule` at the step trace's sub-step `sub` of `algorithm`.
    pub(super) fn at_sub_step(rule: String, algorithm: Algorithm, sub: Option<&SubStep>) -> Self {
        let Some(sub) = sub else {
            return Explanation {
                rule,
                ..Explanation::default()
            };
        };
        Explanation {
            rule,
            line: LineRef::at(algorithm, sub.line),
            // NaN is the trace's "none" (Breadth-First's f): left out.
            vars: sub
                .vars
                .iter()
                .filter(|v| !v.1.is_nan())
                .map(|&(v, a, b)| Var {
                    name: VARS[v as usize].to_string(),
                    value: [a, b],
                })
                .collect(),
            counter_example: None,
        }
    }
}

/// The outcome of checking an answer.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Verdict {
    /// Whether the answer is the engine's.
    pub correct: bool,
    /// The engine's answer.
    pub expected: Answer,
    /// The answer given.
    pub given: Answer,
    /// Why the engine's answer is what it is.
    pub explanation: Explanation,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_match_to_two_decimals_and_algorithms_by_id_and_weight() {
        let exact = Answer::Cost(2.0 * 2f64.sqrt());
        assert!(Answer::Cost(2.83).matches(&exact, false));
        assert!(Answer::Cost(2.8284).matches(&exact, false));
        assert!(!Answer::Cost(2.84).matches(&exact, false));
        let astar = Answer::Algorithm("astar".into());
        assert!(Answer::Algorithm("A*".into()).matches(&astar, false));
        assert!(Answer::Algorithm("astar:1".into()).matches(&astar, false));
        assert!(!Answer::Algorithm("astar:2".into()).matches(&astar, false));
        assert!(!Answer::Algorithm("nonsense".into()).matches(&astar, false));
        let cells = Answer::Cells(vec![(1, 2), (3, 4)]);
        assert!(Answer::Cells(vec![(3, 4), (1, 2)]).matches(&cells, true));
        assert!(!Answer::Cells(vec![(3, 4), (1, 2)]).matches(&cells, false));
        assert!(!Answer::Cell((1, 2)).matches(&cells, true));
        let json = serde_json::to_string(&Answer::Cell((3, 4))).unwrap();
        assert_eq!(json, r#"{"cell":[3,4]}"#);
        let back: Answer = serde_json::from_str(r#"{"values":{"g":1,"h":2,"f":3}}"#).unwrap();
        assert_eq!(
            back,
            Answer::Values {
                g: 1.0,
                h: 2.0,
                f: 3.0
            }
        );
    }
}
