//! The commands a host page sends an embedded planner — a `postMessage` to `embed.html`, or a
//! method of the `<pathlab-grid>` element — and the arguments each takes, checked in one
//! place. A message's fields come in as [`Arg`]s (what JS handed over, reduced to what the
//! checks need), so the same rules serve the wasm glue (`wasm/command.rs`) and the fuzzer
//! (`fuzz/fuzz_targets/command.rs`).
//!
//! The checks are about the message itself: a known command, numbers that are whole and in
//! range, strings and objects where they belong. Whether a cell is open, a map name is
//! shipped or a setting is valid is the planner's to say when the command runs.
//!
//! ```
//! use pathlab::command::{parse_command, Arg, Command};
//! let message = |name: &str| match name {
//!     "cmd" => Arg::Text("step".into()),
//!     "n" => Arg::Number(25.0),
//!     _ => Arg::Absent,
//! };
//! assert_eq!(parse_command(message, 11), Ok(Command::Step { n: 25 }));
//! let bad = |name: &str| if name == "cmd" { Arg::Text("explode".into()) } else { Arg::Absent };
//! assert!(parse_command(bad, 11).unwrap_err().starts_with("Unknown command \"explode\""));
//! ```

use crate::fields::MAX_BUDGET;
use crate::grid::MAX_SIDE;
use crate::planner::{ViewKind, MAX_WALKERS};
use crate::text::number::decimal;

/// Every command, in the order the documentation lists them.
pub const COMMANDS: [&str; 14] = [
    "step",
    "run",
    "pause",
    "reset",
    "seek",
    "setSpeed",
    "loadMap",
    "setStart",
    "setGoal",
    "setSettings",
    "setView",
    "setRange",
    "releaseWalkers",
    "getState",
];

/// The most expansions one `step` command may ask for.
pub const MAX_STEP_COUNT: u32 = 1_000_000;

/// The longest map text `loadMap` takes, in JS string units (checked before any parsing).
pub const MAX_MAP_TEXT: usize = 40 * 1024 * 1024;

/// Strings longer than this reach the checks as [`Arg::LongText`]: only their length.
pub const SHORT_TEXT: usize = 256;

/// One field of a message, as the checks see it.
#[derive(Clone, Debug, PartialEq)]
pub enum Arg {
    /// The field is not there (or `undefined`).
    Absent,
    /// `null`.
    Null,
    /// `true` or `false`.
    Bool(bool),
    /// A number, NaN and the infinities included.
    Number(f64),
    /// A string of at most [`SHORT_TEXT`] units.
    Text(String),
    /// A longer string: its length only (a map's text need not be copied to be checked).
    LongText(usize),
    /// A plain object (not an array, not `null`).
    Object,
    /// An array or typed array.
    Array,
    /// Anything else (a function, a symbol, a big integer).
    Other,
}

impl Arg {
    /// What the value is, for an error message; never more than about 60 characters.
    fn describe(&self) -> String {
        match self {
            Arg::Absent => "nothing".into(),
            Arg::Null => "null".into(),
            Arg::Bool(b) => if *b { "true" } else { "false" }.into(),
            // Plain digits only where they stay short: 1e-300 would be 300 zeros.
            Arg::Number(x) if *x == 0.0 || (1e-6..1e15).contains(&x.abs()) => decimal(*x),
            Arg::Number(x) if x.is_nan() => "NaN".into(),
            Arg::Number(x) if x.abs() < 1.0 => "a number that small".into(),
            Arg::Number(_) => "a number that large".into(),
            Arg::Text(s) if s.chars().count() <= 40 => format!("{s:?}"),
            Arg::Text(s) => format!("a {}-character string", s.chars().count()),
            Arg::LongText(n) => format!("a {n}-character string"),
            Arg::Object => "an object".into(),
            Arg::Array => "an array".into(),
            Arg::Other => "a value of another kind".into(),
        }
    }

    /// The value as a whole number ≥ 0, or `None` (fractions, negatives, NaN, ±∞, not a
    /// number). Numbers past `u32::MAX` come back as `u32::MAX`.
    fn whole(&self) -> Option<u32> {
        match *self {
            Arg::Number(x) if x.is_finite() && x >= 0.0 && x.fract() == 0.0 => {
                Some(if x > f64::from(u32::MAX) {
                    u32::MAX
                } else {
                    x as u32
                })
            }
            _ => None,
        }
    }
}

/// A speed: a stop of the page's speed table, or to the end at once.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Speed {
    /// The stop, from 0 (slowest) to the table's last.
    Stop(u32),
    /// The search runs to its end in one frame.
    Instant,
}

/// A checked command.
#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    /// `n` expansions at once (1 to [`MAX_STEP_COUNT`]).
    Step {
        /// How many.
        n: u32,
    },
    /// Run animated.
    Run,
    /// Stop an animated run.
    Pause,
    /// Start the search over.
    Reset,
    /// Show a timeline step (clamped to the recording when run).
    Seek {
        /// The step.
        step: u32,
    },
    /// Change the animation speed.
    SetSpeed {
        /// The new speed.
        speed: Speed,
    },
    /// Load a map: the message's `map` is a string of at most [`MAX_MAP_TEXT`] units.
    LoadMap,
    /// Move the start marker.
    SetStart {
        /// The cell's column.
        x: u32,
        /// The cell's row.
        y: u32,
    },
    /// Move the goal marker.
    SetGoal {
        /// The cell's column.
        x: u32,
        /// The cell's row.
        y: u32,
    },
    /// Change some settings: the message's `settings` is an object.
    SetSettings,
    /// Show a view beside the search.
    SetView {
        /// Which.
        view: ViewKind,
    },
    /// Measure a movement range and show it.
    SetRange {
        /// The cell's column.
        x: u32,
        /// The cell's row.
        y: u32,
        /// The movement points, 0 to [`MAX_BUDGET`].
        budget: f64,
    },
    /// Release walkers on the distance field.
    ReleaseWalkers {
        /// How many, 1 or more (the planner places at most [`MAX_WALKERS`]).
        count: u32,
        /// What places them, when given.
        seed: Option<u32>,
    },
    /// Read the state.
    GetState,
}

impl Command {
    /// The command's name, as in [`COMMANDS`].
    pub fn name(&self) -> &'static str {
        match self {
            Command::Step { .. } => "step",
            Command::Run => "run",
            Command::Pause => "pause",
            Command::Reset => "reset",
            Command::Seek { .. } => "seek",
            Command::SetSpeed { .. } => "setSpeed",
            Command::LoadMap => "loadMap",
            Command::SetStart { .. } => "setStart",
            Command::SetGoal { .. } => "setGoal",
            Command::SetSettings => "setSettings",
            Command::SetView { .. } => "setView",
            Command::SetRange { .. } => "setRange",
            Command::ReleaseWalkers { .. } => "releaseWalkers",
            Command::GetState => "getState",
        }
    }
}

/// Checks a message whose field `name` is `field(name)`: `cmd` must name one of [`COMMANDS`]
/// and the command's arguments must be what it takes. `speed_stops` is the number of stops
/// in the page's speed table. The error is a sentence for the host page's author.
pub fn parse_command(field: impl Fn(&str) -> Arg, speed_stops: u32) -> Result<Command, String> {
    let cmd = field("cmd");
    let name = match &cmd {
        Arg::Text(s) => COMMANDS.iter().find(|c| **c == s.as_str()),
        _ => None,
    };
    let Some(&name) = name else {
        let what = match cmd {
            Arg::Absent => "A message needs cmd".to_string(),
            other => format!("Unknown command {}", other.describe()),
        };
        return Err(format!("{what}: use {}.", COMMANDS.join(", ")));
    };
    Ok(match name {
        "step" => Command::Step {
            n: step_count(&field("n"))?,
        },
        "run" => Command::Run,
        "pause" => Command::Pause,
        "reset" => Command::Reset,
        "seek" => Command::Seek {
            step: field("step")
                .whole()
                .ok_or("The seek command needs step: a whole number of at least 0")?,
        },
        "setSpeed" => Command::SetSpeed {
            speed: parse_speed(&field("speed"), speed_stops)?,
        },
        "loadMap" => {
            match field("map") {
                Arg::Text(s) if !s.is_empty() => Command::LoadMap,
                Arg::LongText(n) if n <= MAX_MAP_TEXT => Command::LoadMap,
                Arg::LongText(_) => return Err("the map text is too large".into()),
                _ => return Err(
                    "The loadMap command needs map: a shipped map name, .map text or a share link"
                        .into(),
                ),
            }
        }
        "setStart" | "setGoal" => {
            let (x, y) = cell(name, &field)?;
            if name == "setStart" {
                Command::SetStart { x, y }
            } else {
                Command::SetGoal { x, y }
            }
        }
        "setView" => {
            let view = field("view");
            let kind = match &view {
                Arg::Text(s) => ViewKind::from_name(s).ok(),
                _ => None,
            };
            Command::SetView {
                view: kind.ok_or_else(|| {
                    format!(
                        "The setView command needs view: \"path\", \"field\" or \"range\" \
                         (not {})",
                        view.describe()
                    )
                })?,
            }
        }
        "setRange" => {
            let (x, y) = cell(name, &field)?;
            let budget = field("budget");
            match budget {
                Arg::Number(b) if (0.0..=MAX_BUDGET).contains(&b) => {
                    Command::SetRange { x, y, budget: b }
                }
                _ => {
                    return Err(format!(
                        "The setRange command needs budget: movement points from 0 to {} \
                         (not {})",
                        decimal(MAX_BUDGET),
                        budget.describe()
                    ))
                }
            }
        }
        "releaseWalkers" => {
            let (count, seed) = (field("count"), field("seed"));
            let Some(n) = count.whole().filter(|&n| n >= 1) else {
                return Err(format!(
                    "The releaseWalkers command needs count: a whole number of walkers from 1 \
                     (at most {MAX_WALKERS} are placed), not {}",
                    count.describe()
                ));
            };
            let seed = match seed {
                Arg::Absent | Arg::Null => None,
                other => Some(other.whole().ok_or_else(|| {
                    format!(
                        "The releaseWalkers command takes seed: a whole number of at least 0, \
                         not {}",
                        other.describe()
                    )
                })?),
            };
            Command::ReleaseWalkers { count: n, seed }
        }
        "setSettings" => match field("settings") {
            Arg::Object => Command::SetSettings,
            _ => {
                return Err(
                    "The setSettings command needs settings: an object such as {weight: 1.5}"
                        .into(),
                )
            }
        },
        _ => Command::GetState,
    })
}

/// The whole cell `(x, y)` of command `name`'s message, inside the largest map.
fn cell(name: &str, field: &impl Fn(&str) -> Arg) -> Result<(u32, u32), String> {
    let (x, y) = (field("x"), field("y"));
    let (Some(cx), Some(cy)) = (x.whole(), y.whole()) else {
        return Err(format!(
            "The {name} command needs whole, non-negative x and y (got x {}, y {})",
            x.describe(),
            y.describe()
        ));
    };
    if cx >= MAX_SIDE || cy >= MAX_SIDE {
        return Err(format!(
            "The {name} command's cell ({}, {}) is outside every map (at most {MAX_SIDE} \
             cells a side)",
            x.describe(),
            y.describe()
        ));
    }
    Ok((cx, cy))
}

/// A step count: absent or `null` is 1; otherwise a whole number from 1 to
/// [`MAX_STEP_COUNT`].
pub fn step_count(n: &Arg) -> Result<u32, String> {
    match n {
        Arg::Absent | Arg::Null => Ok(1),
        _ => n
            .whole()
            .filter(|n| (1..=MAX_STEP_COUNT).contains(n))
            .ok_or_else(|| {
                format!(
                    "The step command takes n: a whole number of expansions from 1 to \
                     {MAX_STEP_COUNT}, not {}",
                    n.describe()
                )
            }),
    }
}

/// A speed: a stop number from 0 to `stops - 1` (a number, or the same digits as text, as
/// a URL parameter or an attribute gives it) or `"instant"`.
pub fn parse_speed(speed: &Arg, stops: u32) -> Result<Speed, String> {
    let stop = match speed {
        Arg::Text(s) if s == "instant" => return Ok(Speed::Instant),
        Arg::Text(s) if !s.is_empty() && s.len() <= 3 && s.bytes().all(|b| b.is_ascii_digit()) => {
            s.parse::<u32>().ok()
        }
        other => other.whole(),
    };
    stop.filter(|&s| s < stops).map(Speed::Stop).ok_or_else(|| {
        format!(
            "speed must be a whole number from 0 to {}, or \"instant\" (not {})",
            stops.saturating_sub(1),
            speed.describe()
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A message from `(name, value)` pairs.
    fn message<'a>(fields: &'a [(&'a str, Arg)]) -> impl Fn(&str) -> Arg + 'a {
        move |name| {
            fields
                .iter()
                .find(|(n, _)| *n == name)
                .map_or(Arg::Absent, |(_, v)| v.clone())
        }
    }

    fn run(fields: &[(&str, Arg)]) -> Result<Command, String> {
        parse_command(message(fields), 11)
    }

    fn cmd(name: &str) -> (&'static str, Arg) {
        ("cmd", Arg::Text(name.into()))
    }

    #[test]
    fn every_command_parses_with_good_arguments() {
        let n = |x: f64| Arg::Number(x);
        assert_eq!(run(&[cmd("step")]), Ok(Command::Step { n: 1 }));
        assert_eq!(
            run(&[cmd("step"), ("n", n(5.0))]),
            Ok(Command::Step { n: 5 })
        );
        assert_eq!(
            run(&[cmd("seek"), ("step", n(0.0))]),
            Ok(Command::Seek { step: 0 })
        );
        assert_eq!(
            run(&[cmd("seek"), ("step", n(1e300))]),
            Ok(Command::Seek { step: u32::MAX }),
            "huge steps clamp: seeking clamps to the recording anyway"
        );
        assert_eq!(
            run(&[cmd("setSpeed"), ("speed", Arg::Text("instant".into()))]),
            Ok(Command::SetSpeed {
                speed: Speed::Instant
            })
        );
        assert_eq!(
            run(&[cmd("setSpeed"), ("speed", Arg::Text("7".into()))]),
            Ok(Command::SetSpeed {
                speed: Speed::Stop(7)
            })
        );
        assert_eq!(
            run(&[cmd("loadMap"), ("map", Arg::Text("maze-63".into()))]),
            Ok(Command::LoadMap)
        );
        assert_eq!(
            run(&[cmd("loadMap"), ("map", Arg::LongText(100_000))]),
            Ok(Command::LoadMap)
        );
        assert_eq!(
            run(&[cmd("setGoal"), ("x", n(4095.0)), ("y", n(0.0))]),
            Ok(Command::SetGoal { x: 4095, y: 0 })
        );
        assert_eq!(
            run(&[cmd("setSettings"), ("settings", Arg::Object)]),
            Ok(Command::SetSettings)
        );
        assert_eq!(
            run(&[cmd("setView"), ("view", Arg::Text("field".into()))]),
            Ok(Command::SetView {
                view: ViewKind::Field
            })
        );
        assert_eq!(
            run(&[
                cmd("setRange"),
                ("x", n(3.0)),
                ("y", n(4.0)),
                ("budget", n(6.5))
            ]),
            Ok(Command::SetRange {
                x: 3,
                y: 4,
                budget: 6.5
            })
        );
        assert_eq!(
            run(&[cmd("releaseWalkers"), ("count", n(1e9))]),
            Ok(Command::ReleaseWalkers {
                count: 1_000_000_000,
                seed: None
            }),
            "large counts pass: the planner places at most its limit"
        );
        assert_eq!(
            run(&[cmd("releaseWalkers"), ("count", n(5.0)), ("seed", n(9.0))]),
            Ok(Command::ReleaseWalkers {
                count: 5,
                seed: Some(9)
            })
        );
        for name in COMMANDS {
            let fields = [
                cmd(name),
                ("view", Arg::Text("range".into())),
                ("budget", n(3.0)),
                ("count", n(3.0)),
                ("n", n(2.0)),
                ("step", n(3.0)),
                ("speed", n(4.0)),
                ("map", Arg::Text("x".into())),
                ("x", n(1.0)),
                ("y", n(1.0)),
                ("settings", Arg::Object),
            ];
            assert_eq!(run(&fields).map(|c| c.name()), Ok(name), "{name}");
        }
    }

    #[test]
    fn bad_messages_say_what_is_wrong() {
        let why = |fields: &[(&str, Arg)]| run(fields).unwrap_err();
        assert!(why(&[cmd("explode")]).starts_with("Unknown command \"explode\": use step, run"));
        assert!(why(&[]).starts_with("A message needs cmd"));
        assert!(why(&[("cmd", Arg::Number(3.0))]).starts_with("Unknown command 3:"));
        assert!(why(&[("cmd", Arg::LongText(100_000))]).contains("100000-character string"));
        assert!(why(&[cmd("toString")]).starts_with("Unknown command"));
        for bad in [0.0, -1.0, 2.5, 1e6 + 1.0, f64::NAN, f64::INFINITY] {
            assert!(
                why(&[cmd("step"), ("n", Arg::Number(bad))]).contains("whole number of expansions"),
                "{bad}"
            );
        }
        assert!(why(&[cmd("step"), ("n", Arg::Text("5".into()))]).contains("not \"5\""));
        assert!(why(&[cmd("seek"), ("step", Arg::Number(-1.0))]).contains("whole number"));
        assert!(why(&[cmd("seek")]).contains("seek command needs step"));
        for bad in [
            Arg::Number(11.0),
            Arg::Text("fast".into()),
            Arg::Number(-0.5),
            Arg::Null,
        ] {
            assert!(
                why(&[cmd("setSpeed"), ("speed", bad.clone())]).contains("speed must be"),
                "{bad:?}"
            );
        }
        assert!(
            why(&[cmd("loadMap"), ("map", Arg::Number(42.0))]).contains("loadMap command needs")
        );
        assert!(why(&[cmd("loadMap"), ("map", Arg::Text(String::new()))])
            .contains("loadMap command needs"));
        assert!(
            why(&[cmd("loadMap"), ("map", Arg::LongText(MAX_MAP_TEXT + 1))]).contains("too large")
        );
        let e = why(&[
            cmd("setStart"),
            ("x", Arg::Number(-1.0)),
            ("y", Arg::Number(2.0)),
        ]);
        assert!(
            e.contains("The setStart command needs whole, non-negative x and y (got x -1, y 2)"),
            "{e}"
        );
        let e = why(&[
            cmd("setStart"),
            ("x", Arg::Number(4_294_967_297.0)),
            ("y", Arg::Number(1.0)),
        ]);
        assert!(
            e.contains("outside every map"),
            "2^32 + 1 must not wrap to 1: {e}"
        );
        assert!(why(&[cmd("setSettings"), ("settings", Arg::Array)]).contains("an object"));
        for bad in [Arg::Absent, Arg::Text("heat".into()), Arg::Number(1.0)] {
            let e = why(&[cmd("setView"), ("view", bad.clone())]);
            assert!(
                e.contains("\"path\", \"field\" or \"range\""),
                "{bad:?}: {e}"
            );
        }
        let xy = [("x", Arg::Number(1.0)), ("y", Arg::Number(2.0))];
        for bad in [
            Arg::Absent,
            Arg::Number(-1.0),
            Arg::Number(f64::NAN),
            Arg::Number(f64::INFINITY),
            Arg::Number(1e6 + 1.0),
            Arg::Text("5".into()),
        ] {
            let e = why(&[
                cmd("setRange"),
                xy[0].clone(),
                xy[1].clone(),
                ("budget", bad.clone()),
            ]);
            assert!(
                e.contains("needs budget: movement points from 0 to 1000000"),
                "{bad:?}: {e}"
            );
        }
        let e = why(&[
            cmd("setRange"),
            ("x", Arg::Number(0.5)),
            ("budget", Arg::Number(2.0)),
        ]);
        assert!(e.contains("The setRange command needs whole"), "{e}");
        for bad in [
            Arg::Absent,
            Arg::Number(0.0),
            Arg::Number(2.5),
            Arg::Number(f64::NAN),
        ] {
            let e = why(&[cmd("releaseWalkers"), ("count", bad.clone())]);
            assert!(
                e.contains("needs count: a whole number of walkers"),
                "{bad:?}: {e}"
            );
        }
        let e = why(&[
            cmd("releaseWalkers"),
            ("count", Arg::Number(3.0)),
            ("seed", Arg::Number(-2.0)),
        ]);
        assert!(e.contains("takes seed"), "{e}");
        assert!(
            why(&[cmd("setSettings"), ("settings", Arg::Text("fast".into()))])
                .contains("an object")
        );
    }

    #[test]
    fn errors_stay_short_whatever_the_input() {
        let long = Arg::Text("x".repeat(SHORT_TEXT));
        for fields in [
            vec![("cmd", long.clone())],
            vec![cmd("step"), ("n", long.clone())],
            vec![cmd("setSpeed"), ("speed", Arg::Number(f64::MAX))],
            // Found by the fuzzer: a tiny number was written out in full, 300 zeros.
            vec![("cmd", Arg::Number(1.414_991_25e-306))],
            vec![cmd("seek"), ("step", Arg::Number(-5e-324))],
            vec![cmd("setStart"), ("x", long), ("y", Arg::Number(1e300))],
        ] {
            let e = run(&fields).unwrap_err();
            assert!(e.len() < 300, "{e}");
        }
    }
}
