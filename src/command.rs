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
//! A [`Command`] is also every change the page makes on its own (a stroke, undo, a mesh
//! edit, a loaded map…), and [`Planner::apply`](crate::Planner::apply) (`command/apply.rs`)
//! is the one entry that makes any of them: the glue builds the command, the planner says
//! yes or why not, once.
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
use crate::formats::{link, movingai};
use crate::grid::{Cell, Grid, MAX_SIDE};
use crate::planner::{ViewKind, MAX_WALKERS};
use crate::search::{Budget, Settings};
use crate::text::number::decimal;

mod apply;

pub use apply::Outcome;

/// Every command, in the order the documentation lists them.
pub const COMMANDS: [&str; 17] = [
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
    "setAgents",
    "solveAgents",
    "getAgents",
];

/// The longest `agents` text `setAgents` takes, in JS string units: [`link::MAX_LINK_AGENTS`]
/// agents of four numbers a side of the largest map, with their separators.
pub const MAX_AGENTS_TEXT: usize = link::MAX_LINK_AGENTS * 24;

/// The longest solve `solveAgents` may ask for, in milliseconds (a minute).
pub const MAX_SOLVE_MS: f64 = 60_000.0;

/// The solve budget of a `solveAgents` message without one, in milliseconds.
pub const DEFAULT_SOLVE_MS: f64 = 1000.0;

/// The most expansions one `step` command may ask for.
pub const MAX_STEP_COUNT: u32 = 1_000_000;

/// The longest map text `loadMap` takes, in JS string units (checked before any parsing).
pub const MAX_MAP_TEXT: usize = 40 * 1024 * 1024;

/// Strings longer than this reach the checks as [`Arg::LongText`]: only their length.
pub const SHORT_TEXT: usize = 256;

/// The stops of the page's speed table (`SPEEDS` in `www/ui.js`, `0`–`10` in
/// docs/embedding.md): what a `setSpeed` message is checked against when the caller names
/// no other table.
pub const SPEED_STOPS: u32 = 11;

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

/// A checked command: the embed's messages (the first seventeen, [`COMMANDS`]) and the page's
/// own changes, each made by [`Planner::apply`](crate::Planner::apply).
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
        seed: Option<u64>,
    },
    /// Read the state.
    GetState,
    /// Place the Agents view's agents (multi-agent path finding): the message's `agents` is
    /// their text, `SX,SY,GX,GY;…` as in a link, or an array of `[sx, sy, gx, gy]`; whether
    /// they fit the map is the MAPF problem's to say when they are placed.
    SetAgents,
    /// Solve the agents placed with a MAPF solver.
    SolveAgents {
        /// The solver's id (`lacam`, `cbs`…; which ones there are is the MAPF table's to say).
        solver: String,
        /// The time budget, in milliseconds: more than 0, at most [`MAX_SOLVE_MS`].
        budget_ms: f64,
    },
    /// Read the agents and their last solve.
    GetAgents,
    /// Advance the search by `budget`, whatever the page's speed (a frame, a single step,
    /// to the end at once).
    Advance {
        /// How far.
        budget: Budget,
    },
    /// Replace the lane's settings (a `setSettings` message once its object is read).
    Configure {
        /// The new settings.
        settings: Settings,
    },
    /// Paint `cell` with a brush of side `brush` along the line from `from` to `to`: one
    /// pointer move of a stroke (the markers' cells are never walled).
    Paint {
        /// Where the line starts.
        from: (u32, u32),
        /// Where it ends.
        to: (u32, u32),
        /// The brush's side, 1–9.
        brush: u32,
        /// What is painted.
        cell: Cell,
    },
    /// Open an undo group: the edits until [`Command::EndStroke`] undo as one.
    BeginStroke,
    /// Close the undo group.
    EndStroke,
    /// Turn every cell into open ground of cost 1.
    ClearWalls,
    /// Undo the last edit.
    Undo,
    /// Redo the last undone edit.
    Redo,
    /// Replace the map; `markers` (`[sx, sy, gx, gy]`) place the start and goal when both
    /// are open cells of it, otherwise the markers move to the nearest open cells.
    Load {
        /// The new map.
        grid: Grid,
        /// Where the markers go, if there.
        markers: Option<[u32; 4]>,
    },
    /// Replace the map, the markers and the lane's settings, all or nothing (a link, a
    /// generated map, a planner checked first).
    Install {
        /// The new map.
        grid: Grid,
        /// The start.
        start: (u32, u32),
        /// The goal.
        goal: (u32, u32),
        /// The settings; `None`: the lane's, fitted to the new map.
        settings: Option<Settings>,
    },
    /// Move the markers (the ones given) and replace the lane's settings, all or nothing (a
    /// short link, a Moving AI scenario).
    Position {
        /// The new start, or `None` to keep it.
        start: Option<(u32, u32)>,
        /// The new goal, or `None` to keep it.
        goal: Option<(u32, u32)>,
        /// The settings.
        settings: Settings,
    },
    /// Add a mesh node on a cell (or find the one there).
    AddMeshNode {
        /// The cell's column.
        x: u32,
        /// The cell's row.
        y: u32,
    },
    /// Join two mesh nodes.
    ConnectMeshNodes {
        /// One node's index.
        a: u32,
        /// The other's.
        b: u32,
    },
    /// Remove a mesh node and its edges.
    RemoveMeshNode {
        /// The node's index.
        index: u32,
    },
    /// Replace the mesh by the map's visibility graph.
    GenerateMesh,
    /// Replace the mesh (an empty one clears it).
    SetMesh {
        /// The nodes' cells.
        nodes: Vec<(u32, u32)>,
        /// The edges, as pairs of node indices.
        edges: Vec<(u32, u32)>,
    },
    /// Move the start one step along the lane's path (the walker).
    AdvanceWalker,
    /// Move every walker of the crowd one cell along the flow.
    StepWalkers,
    /// Remove every walker.
    ClearWalkers,
    /// Switch recording for the timeline on or off.
    SetRecording {
        /// On or off.
        on: bool,
    },
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
            Command::SetAgents => "setAgents",
            Command::SolveAgents { .. } => "solveAgents",
            Command::GetAgents => "getAgents",
            Command::Advance { .. } => "advance",
            Command::Configure { .. } => "configure",
            Command::Paint { .. } => "paint",
            Command::BeginStroke => "beginStroke",
            Command::EndStroke => "endStroke",
            Command::ClearWalls => "clearWalls",
            Command::Undo => "undo",
            Command::Redo => "redo",
            Command::Load { .. } => "load",
            Command::Install { .. } => "install",
            Command::Position { .. } => "position",
            Command::AddMeshNode { .. } => "addMeshNode",
            Command::ConnectMeshNodes { .. } => "connectMeshNodes",
            Command::RemoveMeshNode { .. } => "removeMeshNode",
            Command::GenerateMesh => "generateMesh",
            Command::SetMesh { .. } => "setMesh",
            Command::AdvanceWalker => "advanceWalker",
            Command::StepWalkers => "stepWalkers",
            Command::ClearWalkers => "clearWalkers",
            Command::SetRecording { .. } => "setRecording",
        }
    }
}

/// The cell a paint byte names: 0 wall, 1–4 terrain.
pub fn paint_cell(byte: u8) -> Result<Cell, String> {
    Cell::from_byte(byte)
        .ok_or_else(|| format!("cell {byte} is not 0 (wall) or a terrain cost 1–4"))
}

/// Flat `[x0, y0, x1, y1, …]` mesh nodes and `[a0, b0, …]` edges as pairs.
pub fn mesh_pairs(nodes: &[u32], edges: &[u32]) -> Result<Command, String> {
    if nodes.len() % 2 != 0 || edges.len() % 2 != 0 {
        return Err("mesh nodes and edges must be flat arrays of pairs".into());
    }
    let pairs = |flat: &[u32]| flat.chunks_exact(2).map(|p| (p[0], p[1])).collect();
    Ok(Command::SetMesh {
        nodes: pairs(nodes),
        edges: pairs(edges),
    })
}

/// A timeline step from JS: NaN counts as 0, and it is clamped to `0..=u32::MAX`.
pub fn seek_step(step: f64) -> u32 {
    let step = if step.is_nan() { 0.0 } else { step };
    step.clamp(0.0, f64::from(u32::MAX)) as u32
}

/// A walker count from JS: NaN and negatives become 0 (which the planner refuses with its
/// message), and anything past the largest count the most (which it clamps).
pub fn walker_count(count: f64) -> u32 {
    count as u32
}

/// The change a `loadMap` message's `map` makes when the planner can read it alone: `.map`
/// text, or a full share link (`v2.…`, with or without `#`). A shipped map's name and a
/// short link (`map=…`) need the page, which fetches the map.
pub fn load_map_command(map: &str) -> Result<Command, String> {
    if map.trim_start().starts_with("type") {
        let grid = movingai::parse_map(map).map_err(|e| e.to_string())?;
        return Ok(Command::Load {
            grid,
            markers: None,
        });
    }
    let fragment = map.strip_prefix('#').unwrap_or(map);
    if fragment.starts_with('v') {
        let state = link::decode(fragment).map_err(|e| e.to_string())?;
        return Ok(Command::Install {
            grid: state.grid,
            start: state.start,
            goal: state.goal,
            settings: Some(state.settings),
        });
    }
    Err(
        "the planner loads .map text or a full share link; the page fetches a shipped map \
         or a short link's map"
            .into(),
    )
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
                other => Some(other.whole().map(u64::from).ok_or_else(|| {
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
        "setAgents" => match field("agents") {
            Arg::Text(s) if !s.is_empty() => Command::SetAgents,
            Arg::LongText(n) if n <= MAX_AGENTS_TEXT => Command::SetAgents,
            Arg::Array => Command::SetAgents,
            other => {
                return Err(format!(
                    "The setAgents command needs agents: \"SX,SY,GX,GY;…\" (each agent's start \
                     and goal cells, 1 to {} agents) or an array of [sx, sy, gx, gy], not {}",
                    link::MAX_LINK_AGENTS,
                    other.describe()
                ))
            }
        },
        "solveAgents" => solve_agents(&field)?,
        "getAgents" => Command::GetAgents,
        _ => Command::GetState,
    })
}

/// A `solveAgents` message: `solver` a name of at most 40 characters, `budgetMs` (absent:
/// [`DEFAULT_SOLVE_MS`]) more than 0 and at most [`MAX_SOLVE_MS`].
fn solve_agents(field: &impl Fn(&str) -> Arg) -> Result<Command, String> {
    let solver = match field("solver") {
        Arg::Text(s) if !s.is_empty() && s.chars().count() <= 40 => s,
        other => {
            return Err(format!(
                "The solveAgents command needs solver: a MAPF solver's id such as \"lacam\" \
                 or \"cbs\", not {}",
                other.describe()
            ))
        }
    };
    let budget_ms = match field("budgetMs") {
        Arg::Absent | Arg::Null => DEFAULT_SOLVE_MS,
        Arg::Number(ms) if ms > 0.0 && ms <= MAX_SOLVE_MS => ms,
        other => {
            return Err(format!(
                "The solveAgents command takes budgetMs: milliseconds, more than 0 and at most \
                 {}, not {}",
                decimal(MAX_SOLVE_MS),
                other.describe()
            ))
        }
    };
    Ok(Command::SolveAgents { solver, budget_ms })
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
mod tests;
