//! One call from a map to a path, for crate users who want an answer rather than a search to
//! step: [`solve`] runs any [`Algorithm`](crate::Algorithm) to the end and hands back a
//! [`Solution`].
//!
//! The page, the CLI's `scen`/`bench` loops and the timeline keep a [`Searcher`] instead, to
//! step it, reuse its memory between queries or record it; `solve` is that same searcher run
//! once.

use crate::grid::Grid;
use crate::search::{new_search, Budget, PlanError, Searcher, Stats, Status};

/// The outcome of [`solve`].
#[derive(Clone, Debug, PartialEq)]
pub struct Solution {
    /// [`Status::Found`], [`Status::NoPath`], or [`Status::Partial`] when a node budget ran
    /// out (the path then leads to the expanded node nearest the goal).
    pub status: Status,
    /// The path's cells from the start, empty when there is none. Consecutive cells are
    /// neighbours, except on an any-angle path ([`Solution::any_angle`]), where they are the
    /// corners of a polyline.
    pub path: Vec<(u32, u32)>,
    /// Whether [`Solution::path`] lists polyline corners (Theta*).
    pub any_angle: bool,
    /// The counters: expansions, path cost and moves, time spent.
    pub stats: Stats,
}

impl Solution {
    /// The exact cost of the path, when there is one.
    pub fn cost(&self) -> Option<f64> {
        self.stats.path_cost
    }
}

/// Plans from `start` to `goal` on `grid` with `settings` and runs the search to the end.
///
/// Errors are the ones [`new_search`] gives: an end outside the map or on a wall, a setting
/// out of range, or an algorithm that does not apply to this map (JPS on terrain, say).
///
/// ```
/// use pathlab::{formats::movingai, solve, Settings, Status};
/// let grid = movingai::parse_map("type octile\nheight 3\nwidth 4\nmap\n....\n.@@.\n....\n")?;
/// let solution = solve(&grid, (0, 1), (3, 1), &Settings::default())?;
/// assert_eq!(solution.status, Status::Found);
/// // No corner cutting: the path goes round both ends of the wall.
/// assert_eq!(solution.path.len(), 6);
/// assert_eq!(solution.cost(), Some(5.0));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn solve(
    grid: &Grid,
    start: (u32, u32),
    goal: (u32, u32),
    settings: &crate::search::Settings,
) -> Result<Solution, PlanError> {
    let mut search = new_search(grid, start, goal, settings)?;
    solve_with(search.as_mut(), grid, &clock)
}

/// Runs an already started `search` to the end on `grid` and collects its [`Solution`];
/// `now_ms` is the clock its statistics are timed with.
pub fn solve_with(
    search: &mut dyn Searcher,
    grid: &Grid,
    now_ms: &dyn Fn() -> f64,
) -> Result<Solution, PlanError> {
    let status = search.run(grid, Budget::Unlimited, now_ms)?;
    Ok(Solution {
        status,
        path: search.path_cells(),
        any_angle: search.is_any_angle(),
        stats: *search.stats(),
    })
}

/// Milliseconds for the statistics: the monotonic clock natively; in wasm the core has no
/// clock of its own (the page passes one to the searchers it steps), so 0.
fn clock() -> f64 {
    #[cfg(not(target_arch = "wasm32"))]
    {
        crate::clock::monotonic_ms()
    }
    #[cfg(target_arch = "wasm32")]
    {
        0.0
    }
}
