//! Moving AI scenarios against the map in hand: checking that a `.scen` file fits the map,
//! the list of its problems a page keeps ([`ScenarioList`]: loaded, listed, one picked as
//! the markers and settings of a search), and running its problems with A* under the Moving
//! AI movement rule in a search of their own, so the user's search is never touched.
//!
//! ```
//! use pathlab::formats::movingai::{parse_map, parse_scen};
//! use pathlab::scenarios::{check, fit};
//! let grid = parse_map("type octile\nheight 2\nwidth 3\nmap\n...\n...\n")?;
//! let scens = parse_scen("version 1\n0\tt.map\t3\t2\t0\t0\t2\t1\t2.41421\n")?;
//! fit(&scens, &grid)?;
//! let report = check(&grid, &scens, 0, 10);
//! assert_eq!((report.checked, report.matched), (1, 1));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::command::Command;
use crate::formats::movingai::{parse_scen, Scenario};
use crate::formats::FormatError;
use crate::grid::Grid;
use crate::search::{new_search, restart_search, Budget, Searcher, Settings, Status};
use serde::Serialize;

/// Checks every scenario was made for this map: a map of square cells (Moving AI lengths are
/// octile lengths), the size columns match it and both ends are open cells. The error names
/// the file's line.
pub fn fit(scenarios: &[Scenario], grid: &Grid) -> Result<(), FormatError> {
    if scenarios.is_empty() {
        return Err(FormatError::new("the scenario file holds no problems"));
    }
    if grid.shape().is_hex() {
        return Err(FormatError::new(
            "a Moving AI scenario file measures square cells, and the map loaded is made of \
             hexagons",
        ));
    }
    for s in scenarios {
        if (s.map_width, s.map_height) != (grid.width(), grid.height()) {
            return Err(FormatError::at_line(
                s.line,
                format!(
                    "the problem is for a {}×{} map ({}), but the map loaded is {}×{}",
                    s.map_width,
                    s.map_height,
                    s.map,
                    grid.width(),
                    grid.height()
                ),
            ));
        }
        for (what, (x, y)) in [("start", s.start), ("goal", s.goal)] {
            if !grid.is_passable(i64::from(x), i64::from(y)) {
                return Err(FormatError::at_line(
                    s.line,
                    format!("the {what} ({x}, {y}) is a wall on the map loaded"),
                ));
            }
        }
    }
    Ok(())
}

/// One problem whose A* cost did not match the file.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Mismatch {
    /// The problem's index in the file (0-based, blank lines and the version not counted).
    pub index: usize,
    /// The optimal length the file gives.
    pub expected: f64,
    /// The cost A* found, or `None` when it found no path.
    pub got: Option<f64>,
}

/// What [`check`] found.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Report {
    /// How many problems were run.
    pub checked: usize,
    /// How many agreed with the file within its tolerance.
    pub matched: usize,
    /// The ones that did not.
    pub failures: Vec<Mismatch>,
}

/// Runs scenario problems one after another with one searcher, restarted per problem so its
/// per-cell arrays are allocated once. What [`check`] and the CLI's `scen` share.
pub struct Runner {
    settings: Settings,
    search: Option<Box<dyn Searcher>>,
}

impl Runner {
    /// A runner for `settings` (the Moving AI movement is [`Settings::default`]'s).
    pub fn new(settings: Settings) -> Runner {
        Runner {
            settings,
            search: None,
        }
    }

    /// The cost of the path found for `scenario` on `grid`, or `None` when there is none
    /// (or the problem can't be started on this map). `now_ms` times the search.
    pub fn cost(
        &mut self,
        grid: &Grid,
        scenario: &Scenario,
        now_ms: &dyn Fn() -> f64,
    ) -> Option<f64> {
        let (start, goal, settings) = (scenario.start, scenario.goal, &self.settings);
        let search = match self.search.as_mut() {
            Some(search) => {
                restart_search(search, grid, start, goal, settings).ok()?;
                search
            }
            None => {
                let search = self
                    .search
                    .insert(new_search(grid, start, goal, settings).ok()?);
                // Only the cost is read: nothing paints the states.
                search.paint_path(false);
                search
            }
        };
        match search.run(grid, Budget::Unlimited, now_ms).ok()? {
            Status::Found => search.stats().path_cost,
            _ => None,
        }
    }
}

/// Runs A* with the Moving AI movement ([`Settings::default`]) on problems
/// `from .. from + count` (clipped to the list) and compares each cost with the file.
pub fn check(grid: &Grid, scenarios: &[Scenario], from: usize, count: usize) -> Report {
    let mut report = Report::default();
    let end = from.saturating_add(count).min(scenarios.len());
    let mut runner = Runner::new(Settings::default());
    for (index, s) in scenarios.iter().enumerate().take(end).skip(from) {
        let got = runner.cost(grid, s, &|| 0.0);
        report.checked += 1;
        if got.is_some_and(|cost| s.accepts(cost)) {
            report.matched += 1;
        } else {
            report.failures.push(Mismatch {
                index,
                expected: s.optimal,
                got,
            });
        }
    }
    report
}

/// The problems of one `.scen` file, checked against the map they were loaded for: what the
/// page lists, picks from and checks. A page forgets it when it replaces the map.
///
/// ```
/// use pathlab::formats::movingai::parse_map;
/// use pathlab::scenarios::ScenarioList;
/// let grid = parse_map("type octile\nheight 2\nwidth 3\nmap\n...\n...\n")?;
/// let list = ScenarioList::load("version 1\n0\tt.map\t3\t2\t0\t0\t2\t1\t2.41421\n", &grid)?;
/// assert_eq!(list.infos()[0].goal, [2, 1]);
/// assert!(list.command(1).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct ScenarioList {
    scenarios: Vec<Scenario>,
}

/// One problem as a list shows it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ScenarioInfo<'a> {
    /// The problem's index in the file (0-based).
    pub index: usize,
    /// The file's bucket.
    pub bucket: u32,
    /// The map's file name the problem was made for.
    pub map: &'a str,
    /// The start cell, `[x, y]`.
    pub start: [u32; 2],
    /// The goal cell, `[x, y]`.
    pub goal: [u32; 2],
    /// The optimal length the file gives.
    pub optimal: f64,
}

impl ScenarioList {
    /// Reads a Moving AI `.scen` text made for `grid` ([`fit`]); the error names the line.
    pub fn load(text: &str, grid: &Grid) -> Result<ScenarioList, FormatError> {
        let scenarios = parse_scen(text)?;
        fit(&scenarios, grid)?;
        Ok(ScenarioList { scenarios })
    }

    /// The problems, in file order, as a list shows them.
    pub fn infos(&self) -> Vec<ScenarioInfo<'_>> {
        self.scenarios
            .iter()
            .enumerate()
            .map(|(index, s)| ScenarioInfo {
                index,
                bucket: s.bucket,
                map: &s.map,
                start: [s.start.0, s.start.1],
                goal: [s.goal.0, s.goal.1],
                optimal: s.optimal,
            })
            .collect()
    }

    /// How many problems the list holds.
    pub fn len(&self) -> usize {
        self.scenarios.len()
    }

    /// Whether the list holds none (nothing loaded, or forgotten).
    pub fn is_empty(&self) -> bool {
        self.scenarios.is_empty()
    }

    /// Forgets the problems (the map they were made for was replaced).
    pub fn clear(&mut self) {
        self.scenarios.clear();
    }

    /// The change that makes problem `index` a lane's search: its start and goal, and the
    /// Moving AI rule ([`Settings::default`]: A*, octile, 8-connected, no corner cutting), so
    /// the path's cost compares with the file's. Refused for an index out of range.
    pub fn command(&self, index: usize) -> Result<Command, FormatError> {
        let s = self.scenarios.get(index).ok_or_else(|| {
            FormatError::new(format!(
                "there is no scenario {index}: {} are loaded",
                self.scenarios.len()
            ))
        })?;
        Ok(Command::Position {
            start: Some(s.start),
            goal: Some(s.goal),
            settings: Settings::default(),
        })
    }

    /// [`check`] on problems `from .. from + count` of the list.
    pub fn check(&self, grid: &Grid, from: usize, count: usize) -> Report {
        check(grid, &self.scenarios, from, count)
    }
}
