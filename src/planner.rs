//! The planner behind the page: a grid, a start and goal, settings, the current search, an
//! edit history — all pure Rust, tested natively; `wasm.rs` only wraps it.
//!
//! The page calls [`Planner::step`] on every animation frame; it advances the search by the
//! current [`Budget`]. Edits (painting walls or terrain, moving the markers, undo and redo)
//! restart the search, and when the previous search had already finished the new one is run
//! to the end at once, so a finished path follows the user's edits live (Red Blob Games'
//! "instant re-plan").
//!
//! ```
//! use pathlab::{Budget, Cell, Planner, Status};
//! let mut planner = Planner::new(10, 10)?;
//! planner.set_start(0, 0)?;
//! planner.set_goal(9, 0)?;
//! planner.paint_line((5, 0), (5, 8), 1, Cell::Wall);
//! let status = planner.step(Budget::Unlimited, || 0.0);
//! assert_eq!(status, Status::Found);
//! assert!(planner.search().stats().path_cost.unwrap() > 9.0);
//! # Ok::<(), pathlab::PlannerError>(())
//! ```

use crate::grid::{Cell, Grid, GridError};
use crate::search::mesh::{Mesh, MeshSearch};
use crate::search::record::OpenEntry;
use crate::search::{
    endpoint_index, new_search, restart_search, Algorithm, Budget, NodeInfo, PlanError, Searcher,
    Settings, Stats, Status,
};
use crate::timeline::{Checkpoints, Timeline, MAX_TIMELINE_BYTES};
use std::fmt;

/// Why a planner action was refused. The planner is unchanged after any error.
#[derive(Clone, Debug, PartialEq)]
pub enum PlannerError {
    /// A bad start, goal or setting.
    Plan(PlanError),
    /// A bad map size or content.
    Grid(GridError),
    /// Anything else, said in words.
    Other(String),
}

impl fmt::Display for PlannerError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlannerError::Plan(e) => e.fmt(f),
            PlannerError::Grid(e) => e.fmt(f),
            PlannerError::Other(m) => f.write_str(m),
        }
    }
}

impl std::error::Error for PlannerError {}

impl From<PlanError> for PlannerError {
    fn from(e: PlanError) -> Self {
        PlannerError::Plan(e)
    }
}

impl From<GridError> for PlannerError {
    fn from(e: GridError) -> Self {
        PlannerError::Grid(e)
    }
}

/// Where the start and goal markers are: `(start, goal)`.
type Markers = ((u32, u32), (u32, u32));

/// One undoable change: a stroke of cell changes and marker moves.
#[derive(Clone, Debug, Default, PartialEq)]
struct Edit {
    /// (cell index, byte before, byte after), in the order they happened.
    cells: Vec<(u32, u8, u8)>,
    /// The markers before and after, when they moved.
    markers: Option<[Markers; 2]>,
}

impl Edit {
    fn is_empty(&self) -> bool {
        self.cells.is_empty() && self.markers.is_none()
    }
}

/// The most strokes kept for undo.
pub const UNDO_LIMIT: usize = 200;

/// The most cell changes the undo history keeps in all (8 bytes each, so 64 MiB): beyond
/// it the oldest edits are forgotten, whatever [`UNDO_LIMIT`] says, so clearing a
/// 4096 × 4096 map over and over cannot exhaust memory.
pub const UNDO_CELL_LIMIT: usize = 8 << 20;

/// A grid, start, goal, settings and the search on them.
#[derive(Clone, Debug)]
pub struct Planner {
    grid: Grid,
    start: (u32, u32),
    goal: (u32, u32),
    settings: Settings,
    search: Box<dyn Searcher>,
    /// Why the last restart was refused (say Jump Point Search after terrain was painted);
    /// the search then stays finished with no path until the cause goes away.
    refused: Option<PlanError>,
    undo: Vec<Edit>,
    redo: Vec<Edit>,
    /// The stroke being drawn, between `begin_stroke` and `end_stroke`.
    stroke: Option<Edit>,
    /// The waypoint graph A* on a node mesh searches (edited in the page's Mesh mode).
    mesh: Mesh,
    /// The current search's recorded history ([`crate::timeline`]).
    timeline: Timeline,
    /// Searcher copies to rebuild node details and the open list at a past step.
    checkpoints: Checkpoints,
    /// The step shown when scrubbed back; `None` while the live search is shown.
    position: Option<usize>,
    /// The live search's expansion count when the timeline began (its step 0).
    base_expanded: u64,
    /// The most bytes a timeline may take ([`MAX_TIMELINE_BYTES`] unless set).
    timeline_cap: usize,
    /// Whether searches are recorded for the timeline (on unless switched off).
    recording: bool,
}

impl Planner {
    /// An open width × height map with the start at the top-left and the goal at the
    /// bottom-right corner, and default settings (A*, octile, Moving AI movement).
    pub fn new(width: u32, height: u32) -> Result<Planner, PlannerError> {
        let grid = Grid::new(width, height)?;
        Self::with_grid(grid, (0, 0), (width - 1, height - 1), Settings::default())
    }

    /// A planner on `grid`. The markers must be on passable cells.
    pub fn with_grid(
        grid: Grid,
        start: (u32, u32),
        goal: (u32, u32),
        settings: Settings,
    ) -> Result<Planner, PlannerError> {
        let mesh = Mesh::new();
        let search = searcher_for(&grid, start, goal, &settings, &mesh)?;
        let mut planner = Planner {
            timeline: Timeline::default(),
            checkpoints: Checkpoints::default(),
            position: None,
            base_expanded: 0,
            timeline_cap: MAX_TIMELINE_BYTES,
            recording: true,
            mesh,
            grid,
            start,
            goal,
            settings,
            search,
            refused: None,
            undo: Vec::new(),
            redo: Vec::new(),
            stroke: None,
        };
        planner.begin_timeline();
        Ok(planner)
    }

    /// Replaces the map. Markers that fall outside or on a wall move to the nearest passable
    /// cell; a map without any passable cell is refused. Clears the undo history.
    pub fn load_grid(&mut self, grid: Grid) -> Result<(), PlannerError> {
        let start = nearest_passable(&grid, self.start).ok_or_else(|| {
            PlannerError::Other("this map has no passable cell to start from".into())
        })?;
        let goal = nearest_passable(&grid, self.goal).unwrap_or(start);
        // The old mesh's nodes may sit on the new map's walls: a new map starts without one.
        let mesh = Mesh::new();
        let search = searcher_for(&grid, start, goal, &self.settings, &mesh)?;
        self.mesh = mesh;
        self.grid = grid;
        self.start = start;
        self.goal = goal;
        self.search = search;
        self.begin_timeline();
        self.refused = None;
        self.undo.clear();
        self.redo.clear();
        self.stroke = None;
        Ok(())
    }

    /// The map.
    pub fn grid(&self) -> &Grid {
        &self.grid
    }

    /// The current search.
    pub fn search(&self) -> &dyn Searcher {
        self.search.as_ref()
    }

    /// Why the search could not be restarted after the last edit (for instance Jump Point
    /// Search once terrain costs other than 1 were painted), or `None`. While set, the search
    /// shows its last state and steps do nothing.
    pub fn refused(&self) -> Option<&PlanError> {
        self.refused.as_ref()
    }

    /// The settings.
    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// The start cell.
    pub fn start(&self) -> (u32, u32) {
        self.start
    }

    /// The goal cell.
    pub fn goal(&self) -> (u32, u32) {
        self.goal
    }

    /// Advances the search by `budget` and returns its status. While scrubbed back, moves the
    /// position through the recorded steps first (a time budget at the live search's pace)
    /// and becomes live again at the end of the timeline.
    pub fn step(&mut self, budget: Budget, now_ms: impl Fn() -> f64) -> Status {
        if self.refused.is_some() {
            return Status::NoPath;
        }
        if let Some(at) = self.position {
            let steps = match budget {
                Budget::Expansions(n) => n.max(1),
                Budget::Unlimited => u64::MAX,
                Budget::Millis(ms) => {
                    let live = self.search.stats();
                    let rate = live.expanded as f64 / live.elapsed_ms.max(1e-3);
                    (rate * ms).clamp(1.0, 1e12) as u64
                }
            };
            let to = (at as u64).saturating_add(steps);
            self.seek(usize::try_from(to).unwrap_or(usize::MAX));
            return self.shown_status();
        }
        self.run_recorded(budget, &now_ms)
    }

    /// Runs the live search by `budget`, collecting its events into the timeline and
    /// offering checkpoints between chunks of expansions.
    fn run_recorded(&mut self, budget: Budget, now_ms: &dyn Fn() -> f64) -> Status {
        if !self.search.recorder().is_on() {
            // The search always matches the grid (every edit restarts it), so this cannot
            // fail; should it ever, report the search as it stands rather than panic.
            return self
                .search
                .run(&self.grid, budget, now_ms)
                .unwrap_or(self.search.status());
        }
        let mut left = match budget {
            Budget::Expansions(n) => Some(n.max(1)),
            Budget::Unlimited => None,
            Budget::Millis(_) => {
                let status = self
                    .search
                    .run(&self.grid, budget, now_ms)
                    .unwrap_or(self.search.status());
                self.collect();
                return status;
            }
        };
        // Run in chunks no longer than the checkpoint interval, so checkpoints come at
        // regular steps however large the budget.
        loop {
            let chunk = self.checkpoints.interval().max(1) as u64;
            let n = left.map_or(chunk, |l| l.min(chunk));
            let status = self
                .search
                .run(&self.grid, Budget::Expansions(n), now_ms)
                .unwrap_or(self.search.status());
            self.collect();
            left = left.map(|l| l - n);
            if status.is_done() || left == Some(0) {
                return status;
            }
        }
    }

    /// Moves the live search's events into the timeline and offers it as a checkpoint.
    fn collect(&mut self) {
        self.timeline.collect(self.search.recorder());
        if self.search.status().is_done() {
            self.timeline.shrink_to_fit();
        }
        let step = self.live_step();
        self.checkpoints.offer(step, self.search.as_ref());
    }

    /// The live search's step on the timeline.
    fn live_step(&self) -> usize {
        self.search
            .stats()
            .expanded
            .saturating_sub(self.base_expanded) as usize
    }

    /// Starts a new timeline at the live search as it stands (its step 0).
    fn begin_timeline(&mut self) {
        let stats = *self.search.stats();
        self.position = None;
        self.base_expanded = stats.expanded;
        if !self.recording {
            // No recorder, no timeline, no checkpoint copies: the search runs as the CLI's.
            self.search.recorder().stop();
            self.timeline = Timeline::default();
            self.checkpoints = Checkpoints::default();
            return;
        }
        self.search.recorder().start(&stats);
        self.timeline = Timeline::new(self.search.states(), &stats, self.timeline_cap);
        // A search that has just started is what a new one would be: no copy of it needed.
        // (Not so for LPA* and D* Lite, whose repairs leave work queued before any step.)
        let fresh = stats.expanded == 0
            && !matches!(
                self.settings.algorithm,
                Algorithm::Lpa | Algorithm::DStarLite
            )
            && self.search.start() == self.start
            && self.search.goal() == self.goal
            && self.search.settings() == &self.settings;
        self.checkpoints = Checkpoints::new(self.search.as_ref(), self.grid.len(), fresh);
    }

    /// Steps on the timeline: the live search's step while every step is recorded, the
    /// steps recorded once recording stopped at the memory cap.
    pub fn timeline_len(&self) -> usize {
        if self.timeline.complete() {
            self.live_step()
        } else {
            self.timeline.recorded()
        }
    }

    /// The step shown: [`Planner::timeline_len`] while live.
    pub fn position(&self) -> usize {
        self.position.unwrap_or_else(|| self.timeline_len())
    }

    /// Whether the live search is shown (not scrubbed back).
    pub fn is_live(&self) -> bool {
        self.position.is_none()
    }

    /// Caps the timeline at `bytes` (events, step records and keyframes) and starts it over
    /// at the search as it stands. Past the cap recording stops; the live search goes on.
    pub fn set_timeline_cap(&mut self, bytes: usize) {
        self.timeline_cap = bytes;
        self.begin_timeline();
    }

    /// Switches recording for the timeline on or off, and starts the timeline over at the
    /// search as it stands. Off, searches run at full speed (no events, keyframes or searcher
    /// copies) and the timeline stays empty: for an app that only wants answers.
    pub fn set_recording(&mut self, on: bool) {
        self.recording = on;
        self.begin_timeline();
    }

    /// Whether searches are recorded for the timeline.
    pub fn recording(&self) -> bool {
        self.recording
    }

    /// The timeline, for its figures.
    pub fn timeline(&self) -> &Timeline {
        &self.timeline
    }

    /// Shows the search as it stood after `step` expansions (clamped to the timeline);
    /// the end of the timeline is the live search.
    pub fn seek(&mut self, step: usize) {
        let len = self.timeline_len();
        if step >= len || self.refused.is_some() {
            self.position = None;
            return;
        }
        self.timeline.seek(step);
        self.position = Some(step);
    }

    /// The state bytes shown: the live search's, or the timeline's at the position.
    pub fn shown_states(&self) -> &[u8] {
        match self.position {
            Some(_) => self.timeline.states(),
            None => self.search.states(),
        }
    }

    /// The counters shown. Scrubbed back, `run_count` and `elapsed_ms` are the live
    /// search's (time is not recorded per step).
    pub fn shown_stats(&self) -> Stats {
        let live = *self.search.stats();
        match self.position {
            Some(_) => Stats {
                run_count: live.run_count,
                elapsed_ms: live.elapsed_ms,
                ..self.timeline.stats()
            },
            None => live,
        }
    }

    /// The status shown: running at any step before the end of the timeline.
    pub fn shown_status(&self) -> Status {
        match self.position {
            Some(_) => Status::Running,
            None => self.search.status(),
        }
    }

    /// The cell expanded at the step shown.
    pub fn shown_current(&self) -> Option<(u32, u32)> {
        match self.position {
            Some(k) => self
                .timeline
                .expanded_at(k)
                .map(|c| self.grid.coords(c as usize)),
            None => self.search.current(),
        }
    }

    /// The path shown: none before the end of the timeline (a search stopped earlier had
    /// not found one yet).
    pub fn shown_path(&self) -> &[u32] {
        match self.position {
            Some(_) => &[],
            None => self.search.path(),
        }
    }

    /// The path shown as (x, y) cells.
    pub fn shown_path_cells(&self) -> Vec<(u32, u32)> {
        match self.position {
            Some(_) => Vec::new(),
            None => self.search.path_cells(),
        }
    }

    /// The search as it stood at the step shown: rebuilt from a checkpoint when scrubbed.
    fn shown_search(&mut self) -> &dyn Searcher {
        if let Some(k) = self.position {
            let (grid, mesh, settings) = (&self.grid, &self.mesh, &self.settings);
            let (start, goal) = (self.start, self.goal);
            let fresh = || searcher_for(grid, start, goal, settings, mesh).ok();
            if let Some(search) = self.checkpoints.build(k, grid, fresh) {
                return search;
            }
        }
        self.search.as_ref()
    }

    /// What the search knew about (x, y) at the step shown.
    pub fn shown_node(&mut self, x: u32, y: u32) -> Option<NodeInfo> {
        self.shown_search().node(x, y)
    }

    /// The first `n` open-list entries at the step shown, in the order they will be taken.
    pub fn open_top(&mut self, n: usize) -> Vec<OpenEntry> {
        self.shown_search().open_top(n)
    }

    /// Why the first open-list entry at the step shown goes first ('' when none).
    pub fn open_why(&mut self) -> String {
        self.shown_search().open_why()
    }

    /// Throws the search away and starts a new one (nothing expanded yet).
    pub fn reset_search(&mut self) {
        // Not an edit: even when scrubbed back, the new search starts at step 0.
        self.position = None;
        self.restart_search(false);
    }

    /// Changes the settings and restarts the search. Refused settings change nothing.
    pub fn set_settings(&mut self, settings: Settings) -> Result<(), PlannerError> {
        settings.check_on(&self.grid)?;
        let was_done = self.search.status().is_done();
        self.settings = settings;
        self.restart_search(was_done);
        Ok(())
    }

    /// Moves the start marker (undoable). Refused on a wall or outside the map.
    pub fn set_start(&mut self, x: u32, y: u32) -> Result<(), PlannerError> {
        self.move_markers((x, y), self.goal)
    }

    /// Moves the goal marker (undoable). Refused on a wall or outside the map.
    pub fn set_goal(&mut self, x: u32, y: u32) -> Result<(), PlannerError> {
        self.move_markers(self.start, (x, y))
    }

    /// Moves both markers (one undo step) and replaces the settings, all or nothing: the
    /// markers are checked and the settings validated before anything changes. Used by short
    /// links and Moving AI scenarios.
    pub fn set_markers_and_settings(
        &mut self,
        start: (u32, u32),
        goal: (u32, u32),
        settings: Settings,
    ) -> Result<(), PlannerError> {
        settings.check_on(&self.grid)?;
        endpoint_index(&self.grid, "start", start)?;
        endpoint_index(&self.grid, "goal", goal)?;
        self.settings = settings;
        self.move_markers(start, goal)?;
        // move_markers restarts only when the markers moved; the settings may have changed.
        let was_done = self.search.status().is_done();
        self.restart_search(was_done);
        Ok(())
    }

    fn move_markers(&mut self, start: (u32, u32), goal: (u32, u32)) -> Result<(), PlannerError> {
        endpoint_index(&self.grid, "start", start)?;
        endpoint_index(&self.grid, "goal", goal)?;
        if (start, goal) == (self.start, self.goal) {
            return Ok(());
        }
        let before = [(self.start, self.goal), (start, goal)];
        self.start = start;
        self.goal = goal;
        self.record(Edit {
            cells: Vec::new(),
            markers: Some(before),
        });
        Ok(())
    }

    /// Opens an undo group: every edit until [`Planner::end_stroke`] undoes as one.
    pub fn begin_stroke(&mut self) {
        self.end_stroke();
        self.stroke = Some(Edit::default());
    }

    /// Closes the undo group opened by [`Planner::begin_stroke`].
    pub fn end_stroke(&mut self) {
        if let Some(edit) = self.stroke.take() {
            if !edit.is_empty() {
                self.push_undo(edit);
            }
        }
    }

    /// Sets one cell (undoable). The start and goal cells can't be walled. Returns whether
    /// anything changed.
    pub fn set_cell(&mut self, x: u32, y: u32, cell: Cell) -> bool {
        self.paint_line((x, y), (x, y), 1, cell) > 0
    }

    /// Paints `cell` with a square brush of side `brush` (1–9) along the straight line from
    /// `from` to `to`, every cell between the two ends included, so a fast drag leaves no
    /// gaps. Cells outside the map are skipped; so are the markers' cells when painting a
    /// wall. Returns the number of cells changed; the search restarts if any did.
    pub fn paint_line(
        &mut self,
        from: (u32, u32),
        to: (u32, u32),
        brush: u32,
        cell: Cell,
    ) -> usize {
        let byte = cell.to_byte();
        if byte > 4 {
            return 0;
        }
        let brush = i64::from(brush.clamp(1, 9));
        let (lo, hi) = (-(brush - 1) / 2, brush / 2);
        // Coordinates come from callers we don't control (a u32 from JS can be 4 billion):
        // walk only the part of the line whose brush can touch the map.
        let (w, h) = (i64::from(self.grid.width()), i64::from(self.grid.height()));
        let area = (-hi, -hi, w - 1 - lo, h - 1 - lo);
        let Some((a, b)) = clip_segment(from, to, area) else {
            return 0;
        };
        let mut changes = Vec::new();
        for (cx, cy) in bresenham(a, b) {
            for dy in lo..=hi {
                for dx in lo..=hi {
                    let (x, y) = (cx + dx, cy + dy);
                    let Some(i) = self.grid.index(x, y) else {
                        continue;
                    };
                    let at = (x as u32, y as u32);
                    let old = self.grid.bytes()[i];
                    if old == byte || (byte == 0 && (at == self.start || at == self.goal)) {
                        continue;
                    }
                    self.grid.set(x, y, cell);
                    changes.push((i as u32, old, byte));
                }
            }
        }
        let count = changes.len();
        if count > 0 {
            self.record(Edit {
                cells: changes,
                markers: None,
            });
        }
        count
    }

    /// Sets every cell to open ground of cost 1 (undoable).
    pub fn clear_walls(&mut self) -> usize {
        let changes: Vec<(u32, u8, u8)> = self
            .grid
            .bytes()
            .iter()
            .enumerate()
            .filter(|&(_, &b)| b != 1)
            .map(|(i, &b)| (i as u32, b, 1))
            .collect();
        let count = changes.len();
        if count > 0 {
            self.grid.fill(Cell::OPEN);
            self.record(Edit {
                cells: changes,
                markers: None,
            });
        }
        count
    }

    /// Undoes the last edit; returns false when there is none.
    pub fn undo(&mut self) -> bool {
        self.end_stroke();
        let Some(edit) = self.undo.pop() else {
            return false;
        };
        self.apply(&edit, true);
        self.redo.push(edit);
        true
    }

    /// Redoes the last undone edit; returns false when there is none.
    pub fn redo(&mut self) -> bool {
        self.end_stroke();
        let Some(edit) = self.redo.pop() else {
            return false;
        };
        self.apply(&edit, false);
        self.undo.push(edit);
        true
    }

    /// Whether there is an edit to undo.
    pub fn can_undo(&self) -> bool {
        !self.undo.is_empty() || self.stroke.as_ref().is_some_and(|s| !s.is_empty())
    }

    /// Whether there is an edit to redo.
    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    fn apply(&mut self, edit: &Edit, backwards: bool) {
        if let Some([before, after]) = edit.markers {
            (self.start, self.goal) = if backwards { before } else { after };
        }
        // The walker moves the start without an undo step, so an undone edit may want a wall
        // where a marker now stands: markers win, as when painting.
        let markers = [self.start, self.goal];
        let mut set = |&(i, before, after): &(u32, u8, u8)| {
            let (x, y) = self.grid.coords(i as usize);
            let byte = if backwards { before } else { after };
            if byte == 0 && markers.contains(&(x, y)) {
                return;
            }
            if let Some(cell) = Cell::from_byte(byte) {
                self.grid.set(i64::from(x), i64::from(y), cell);
            }
        };
        // A stroke may touch a cell twice; undo replays it backwards so the first "before"
        // wins, redo forwards so the last "after" does.
        if backwards {
            edit.cells.iter().rev().for_each(&mut set);
        } else {
            edit.cells.iter().for_each(&mut set);
        }
        let changed: Vec<u32> = edit.cells.iter().map(|&(i, _, _)| i).collect();
        self.after_edit(&changed);
    }

    /// Files an edit under the open stroke or as an undo step of its own, then restarts.
    fn record(&mut self, edit: Edit) {
        let changed: Vec<u32> = edit.cells.iter().map(|&(i, _, _)| i).collect();
        match &mut self.stroke {
            Some(stroke) => {
                stroke.cells.extend(edit.cells);
                if let Some([before, after]) = edit.markers {
                    let first = stroke.markers.map_or(before, |[first, _]| first);
                    stroke.markers = Some([first, after]);
                }
            }
            None => self.push_undo(edit),
        }
        self.after_edit(&changed);
    }

    fn push_undo(&mut self, edit: Edit) {
        self.undo.push(edit);
        trim_history(&mut self.undo, UNDO_LIMIT, UNDO_CELL_LIMIT);
        self.redo.clear();
    }

    /// After an edit of the cells `changed`: let the search repair itself if it can (live
    /// replanning); otherwise restart, and re-plan to the end at once if the last search was
    /// done.
    fn after_edit(&mut self, changed: &[u32]) {
        // Scrubbed back, the future is discarded: restart and fast-forward (below).
        if self.refused.is_none()
            && self.position.is_none()
            && self
                .search
                .repair(&self.grid, self.start, self.goal, changed)
        {
            // A repair starts a new timeline at the repaired search.
            self.begin_timeline();
            return;
        }
        let was_done = self.refused.is_some() || self.search.status().is_done();
        self.restart_search(was_done);
    }

    fn restart_search(&mut self, run_to_end: bool) {
        // Markers are kept passable by every edit, so only an algorithm that does not apply
        // to the edited map can refuse; keep the old search on screen and say why.
        let restarted = if self.settings.algorithm == Algorithm::Mesh {
            // The search keeps its own copy of the mesh: hand it the planner's current one.
            searcher_for(
                &self.grid,
                self.start,
                self.goal,
                &self.settings,
                &self.mesh,
            )
            .map(|search| self.search = search)
        } else {
            restart_search(
                &mut self.search,
                &self.grid,
                self.start,
                self.goal,
                &self.settings,
            )
        };
        let scrubbed = self.position.take();
        match restarted {
            Ok(()) => {
                self.refused = None;
                self.begin_timeline();
                match scrubbed {
                    // Edited while scrubbed back at step k: stay at step k of the new search,
                    // whose timeline now ends there.
                    Some(k) if k > 0 => {
                        self.run_recorded(Budget::Expansions(k as u64), &|| 0.0);
                    }
                    Some(_) => {}
                    None if run_to_end => {
                        self.run_recorded(Budget::Unlimited, &|| 0.0);
                    }
                    None => {}
                }
            }
            Err(e) => {
                // The old search stays on screen for the old map: its past is not
                // rebuildable on the edited one, so its timeline starts over, empty.
                self.refused = Some(e);
                self.begin_timeline();
            }
        }
    }

    /// Moves the start one step along the path found (seed 002's walker), without an undo
    /// step. D* Lite repairs its search from the new start; other algorithms re-plan from
    /// scratch. Returns the new start, or `None` (and changes nothing) when there is no
    /// grid path to walk or the walker has arrived.
    pub fn advance_walker(&mut self) -> Option<(u32, u32)> {
        if self.refused.is_some()
            || self.search.status() != Status::Found
            || self.search.is_any_angle()
        {
            return None;
        }
        let next = *self.search.path_cells().get(1)?;
        self.start = next;
        self.position = None;
        if self.search.repair(&self.grid, self.start, self.goal, &[]) {
            self.begin_timeline();
        } else {
            self.restart_search(true);
        }
        Some(next)
    }

    /// The waypoint graph for A* on a node mesh.
    pub fn mesh(&self) -> &Mesh {
        &self.mesh
    }

    /// Adds a mesh node on (x, y) (or finds the one there) and returns its index.
    pub fn add_mesh_node(&mut self, x: u32, y: u32) -> Result<u32, PlannerError> {
        let before = self.mesh.nodes().len();
        let i = self.mesh.add_node(&self.grid, x, y)?;
        if self.mesh.nodes().len() != before {
            self.after_mesh_edit();
        }
        Ok(i)
    }

    /// Joins mesh nodes `a` and `b`; refused where the segment crosses a wall or a blocked
    /// corner.
    pub fn connect_mesh_nodes(&mut self, a: u32, b: u32) -> Result<(), PlannerError> {
        self.mesh.connect(&self.grid, a, b)?;
        self.after_mesh_edit();
        Ok(())
    }

    /// Removes mesh node `i` and its edges; returns whether it existed.
    pub fn remove_mesh_node(&mut self, i: u32) -> bool {
        let removed = self.mesh.remove_node(i);
        if removed {
            self.after_mesh_edit();
        }
        removed
    }

    /// Replaces the mesh by the map's visibility graph ([`Mesh::generate`]); returns the
    /// number of nodes.
    pub fn generate_mesh(&mut self) -> Result<usize, PlannerError> {
        self.mesh = Mesh::generate(&self.grid)?;
        self.after_mesh_edit();
        Ok(self.mesh.nodes().len())
    }

    /// Replaces the mesh (say, one restored from storage). Nodes must be on passable cells
    /// and edges in line of sight; otherwise nothing changes.
    pub fn set_mesh(
        &mut self,
        nodes: &[(u32, u32)],
        edges: &[(u32, u32)],
    ) -> Result<(), PlannerError> {
        let mut mesh = Mesh::new();
        for &(x, y) in nodes {
            mesh.add_node(&self.grid, x, y)?;
        }
        for &(a, b) in edges {
            mesh.connect(&self.grid, a, b)?;
        }
        self.mesh = mesh;
        self.after_mesh_edit();
        Ok(())
    }

    /// After the mesh changed: an A*-on-mesh search starts over on it.
    fn after_mesh_edit(&mut self) {
        if self.settings.algorithm == Algorithm::Mesh {
            let was_done = self.refused.is_some() || self.search.status().is_done();
            self.restart_search(was_done);
        }
    }
}

/// A new search for `settings`; A* on a node mesh searches `mesh` (the generic
/// [`new_search`] would generate one from the map).
fn searcher_for(
    grid: &Grid,
    start: (u32, u32),
    goal: (u32, u32),
    settings: &Settings,
    mesh: &Mesh,
) -> Result<Box<dyn Searcher>, PlanError> {
    if settings.algorithm == Algorithm::Mesh {
        settings.check_on(grid)?;
        Ok(Box::new(MeshSearch::new(
            grid,
            start,
            goal,
            settings,
            mesh.clone(),
        )?))
    } else {
        new_search(grid, start, goal, settings)
    }
}

/// The passable cell nearest to `at` (clamped into the map first), searching outwards ring by
/// ring; `None` if the map has no passable cell.
pub fn nearest_passable(grid: &Grid, at: (u32, u32)) -> Option<(u32, u32)> {
    let x0 = i64::from(at.0.min(grid.width() - 1));
    let y0 = i64::from(at.1.min(grid.height() - 1));
    let max_r = i64::from(grid.width().max(grid.height()));
    for r in 0..=max_r {
        for dy in -r..=r {
            for dx in -r..=r {
                if dx.abs() != r && dy.abs() != r {
                    continue;
                }
                if grid.is_passable(x0 + dx, y0 + dy) {
                    return Some(((x0 + dx) as u32, (y0 + dy) as u32));
                }
            }
        }
    }
    None
}

/// Forgets the oldest edits until at most `edits` remain holding at most `cells` changes
/// in all; the newest edit is always kept, however large, so it can be undone.
fn trim_history(history: &mut Vec<Edit>, edits: usize, cells: usize) {
    let mut kept: usize = history.iter().map(|e| e.cells.len()).sum();
    let mut drop = 0;
    while history.len() - drop > 1 && (history.len() - drop > edits || kept > cells) {
        kept -= history[drop].cells.len();
        drop += 1;
    }
    history.drain(..drop);
}

/// The cells of a straight line from `a` to `b`, both ends included, with no diagonal gaps
/// larger than a corner (Bresenham).
pub fn line_cells(a: (u32, u32), b: (u32, u32)) -> Vec<(i64, i64)> {
    bresenham(
        (i64::from(a.0), i64::from(a.1)),
        (i64::from(b.0), i64::from(b.1)),
    )
}

/// The part of the segment from `a` to `b` inside the rectangle `(x0, y0, x1, y1)`
/// (inclusive), its ends rounded to cells; `None` if the segment misses it. A segment that
/// lies inside comes back unchanged, so the cells painted are exactly [`line_cells`]'.
fn clip_segment(
    a: (u32, u32),
    b: (u32, u32),
    (x0, y0, x1, y1): (i64, i64, i64, i64),
) -> Option<((i64, i64), (i64, i64))> {
    let inside =
        |p: (u32, u32)| (x0..=x1).contains(&i64::from(p.0)) && (y0..=y1).contains(&i64::from(p.1));
    let whole = |p: (u32, u32)| (i64::from(p.0), i64::from(p.1));
    if inside(a) && inside(b) {
        return Some((whole(a), whole(b)));
    }
    // Liang–Barsky: the parameter range t in [t0, t1] of a + t·(b − a) inside the box.
    let (ax, ay) = (f64::from(a.0), f64::from(a.1));
    let (dx, dy) = (f64::from(b.0) - ax, f64::from(b.1) - ay);
    let (mut t0, mut t1) = (0.0f64, 1.0f64);
    for (p, q) in [
        (-dx, ax - x0 as f64),
        (dx, x1 as f64 - ax),
        (-dy, ay - y0 as f64),
        (dy, y1 as f64 - ay),
    ] {
        if p == 0.0 {
            if q < 0.0 {
                return None;
            }
        } else {
            let r = q / p;
            if p < 0.0 {
                t0 = t0.max(r);
            } else {
                t1 = t1.min(r);
            }
        }
    }
    if t0 > t1 {
        return None;
    }
    let at = |t: f64| {
        let x = (ax + t * dx).round() as i64;
        let y = (ay + t * dy).round() as i64;
        (x.clamp(x0, x1), y.clamp(y0, y1))
    };
    Some((at(t0), at(t1)))
}

/// Bresenham's line between two cells, both ends included.
fn bresenham(a: (i64, i64), b: (i64, i64)) -> Vec<(i64, i64)> {
    let (mut x, mut y) = a;
    let (x1, y1) = b;
    let (dx, dy) = ((x1 - x).abs(), -(y1 - y).abs());
    let (sx, sy) = (if x < x1 { 1 } else { -1 }, if y < y1 { 1 } else { -1 });
    let mut err = dx + dy;
    let mut cells = Vec::with_capacity((dx - dy + 1) as usize);
    loop {
        cells.push((x, y));
        if x == x1 && y == y1 {
            return cells;
        }
        let e2 = 2 * err;
        if e2 >= dy {
            err += dy;
            x += sx;
        }
        if e2 <= dx {
            err += dx;
            y += sy;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::{Algorithm, CellState};

    fn planner() -> Planner {
        Planner::new(8, 5).unwrap()
    }

    #[test]
    fn undoing_under_a_walker_never_walls_a_marker() {
        // Found by the `planner` fuzz target: clear the walls, walk the start onto a cleared
        // cell, undo the clear. The undo must not put a wall under the walker.
        let grid =
            Grid::from_bytes(5, 3, vec![1, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]).unwrap();
        let mut p = Planner::with_grid(grid, (0, 0), (4, 0), Settings::default()).unwrap();
        p.step(Budget::Unlimited, || 0.0);
        assert!(p.clear_walls() > 0);
        p.step(Budget::Unlimited, || 0.0);
        let walked = p.advance_walker().unwrap();
        assert_eq!(walked, (1, 0), "the walker takes the cleared cell");
        assert!(p.undo());
        assert!(p.grid().is_passable(1, 0), "no wall under the walker");
        assert_eq!(
            p.grid().get(2, 0),
            Some(Cell::Wall),
            "the rest of the edit is undone"
        );
        assert!(p.redo() && p.undo());
        assert!(p.grid().is_passable(1, 0));
    }

    #[test]
    fn the_undo_history_is_bounded_by_edits_and_by_cells() {
        let edit = |n: usize| Edit {
            cells: vec![(0, 1, 0); n],
            markers: None,
        };
        let mut history: Vec<Edit> = (1..=5).map(edit).collect();
        trim_history(&mut history, 4, 100);
        assert_eq!(
            history.iter().map(|e| e.cells.len()).collect::<Vec<_>>(),
            [2, 3, 4, 5]
        );
        trim_history(&mut history, 4, 9);
        assert_eq!(
            history.iter().map(|e| e.cells.len()).collect::<Vec<_>>(),
            [4, 5]
        );
        history.push(edit(50));
        trim_history(&mut history, 4, 9);
        assert_eq!(
            history.len(),
            1,
            "the newest edit stays even when it alone is over"
        );
    }

    #[test]
    fn lines_far_outside_the_map_are_clipped_not_walked() {
        let mut p = planner();
        // From JS, -1 arrives as u32::MAX: this must neither allocate 4 billion cells nor hang.
        assert_eq!(p.paint_line((0, 2), (u32::MAX, 2), 1, Cell::Wall), 8);
        assert_eq!(
            p.paint_line((u32::MAX, u32::MAX), (u32::MAX, 0), 3, Cell::Wall),
            0
        );
        let mut q = planner();
        q.paint_line((3, 0), (3, u32::MAX), 1, Cell::Wall);
        assert_eq!(q.grid().wall_count(), 5);
    }

    #[test]
    fn a_fast_drag_leaves_no_gaps() {
        let mut p = planner();
        assert_eq!(p.paint_line((1, 1), (6, 3), 1, Cell::Wall), 6);
        let cells = line_cells((1, 1), (6, 3));
        for w in cells.windows(2) {
            assert!((w[0].0 - w[1].0).abs() <= 1 && (w[0].1 - w[1].1).abs() <= 1);
        }
        assert_eq!(cells.first(), Some(&(1, 1)));
        assert_eq!(cells.last(), Some(&(6, 3)));
    }

    #[test]
    fn walls_never_cover_the_markers() {
        let mut p = planner();
        p.paint_line((0, 0), (7, 0), 1, Cell::Wall);
        assert_eq!(p.grid().get(0, 0), Some(Cell::OPEN));
        assert!(p.set_start(3, 0).is_err(), "start on a wall is refused");
        assert_eq!(p.start(), (0, 0));
    }

    #[test]
    fn brush_paints_a_square() {
        let mut p = planner();
        assert_eq!(p.paint_line((3, 2), (3, 2), 3, Cell::Terrain(4)), 9);
        assert_eq!(p.grid().get(2, 1), Some(Cell::Terrain(4)));
        assert_eq!(p.grid().get(4, 3), Some(Cell::Terrain(4)));
    }

    #[test]
    fn undo_and_redo_restore_cells_and_markers() {
        let mut p = planner();
        p.begin_stroke();
        p.paint_line((2, 0), (2, 3), 1, Cell::Wall);
        p.paint_line((2, 3), (4, 3), 1, Cell::Wall);
        p.end_stroke();
        p.set_goal(5, 1).unwrap();
        let walled = p.grid().clone();
        assert!(p.undo());
        assert_eq!(p.goal(), (7, 4));
        assert_eq!(p.grid(), &walled);
        assert!(p.undo());
        assert_eq!(p.grid().wall_count(), 0);
        assert!(!p.undo());
        assert!(p.redo());
        assert_eq!(p.grid(), &walled);
        assert!(p.redo());
        assert_eq!(p.goal(), (5, 1));
        assert!(!p.redo());
    }

    #[test]
    fn a_finished_search_replans_after_an_edit() {
        let mut p = planner();
        assert_eq!(p.step(Budget::Unlimited, || 0.0), Status::Found);
        p.set_cell(3, 3, Cell::Wall);
        assert_eq!(p.search().status(), Status::Found, "re-planned at once");
        p.reset_search();
        p.set_cell(4, 3, Cell::Wall);
        assert_eq!(
            p.search().status(),
            Status::Running,
            "unfinished searches just restart"
        );
        assert_eq!(p.search().stats().expanded, 0);
    }

    #[test]
    fn settings_are_validated_and_restart_the_search() {
        let mut p = planner();
        let bad = Settings {
            weight: -1.0,
            ..Settings::default()
        };
        assert!(p.set_settings(bad).is_err());
        let bfs = Settings {
            algorithm: Algorithm::BreadthFirst,
            ..Settings::default()
        };
        p.set_settings(bfs).unwrap();
        assert_eq!(p.search().settings().algorithm, Algorithm::BreadthFirst);
    }

    #[test]
    fn loading_a_map_moves_markers_off_walls() {
        let mut p = planner();
        let mut g = Grid::new(4, 4).unwrap();
        g.set(0, 0, Cell::Wall);
        p.load_grid(g).unwrap();
        assert_eq!(p.start(), (1, 0));
        assert_eq!(p.goal(), (3, 3));
        let all_walls = Grid::from_bytes(2, 1, vec![0, 0]).unwrap();
        assert!(p.load_grid(all_walls).is_err());
        assert_eq!(p.grid().width(), 4, "a refused map leaves the old one");
    }

    fn with_algorithm(algorithm: Algorithm, width: u32, height: u32) -> Planner {
        let mut p = Planner::new(width, height).unwrap();
        p.set_settings(Settings {
            algorithm,
            ..Settings::default()
        })
        .unwrap();
        p
    }

    /// Asserts the planner's path cost is a fresh A*'s on its map (to rounding: two paths
    /// of equal cost may sum their steps in another order).
    fn assert_fresh_astar_cost(p: &Planner) {
        let mut a = new_search(p.grid(), p.start(), p.goal(), &Settings::default()).unwrap();
        a.run(p.grid(), Budget::Unlimited, &|| 0.0).unwrap();
        let (got, want) = (p.search().stats().path_cost, a.stats().path_cost);
        assert!(
            got.zip(want)
                .map_or(got == want, |(g, w)| (g - w).abs() < 1e-9),
            "{got:?} vs a fresh A*'s {want:?}"
        );
    }

    #[test]
    fn live_replanning_repairs_instead_of_restarting() {
        for algorithm in [Algorithm::Lpa, Algorithm::DStarLite] {
            let mut p = with_algorithm(algorithm, 30, 20);
            assert_eq!(p.step(Budget::Unlimited, || 0.0), Status::Found);
            let first = p.search().stats().expanded;
            p.paint_line((10, 5), (10, 19), 1, Cell::Wall);
            assert_eq!(p.search().status(), Status::Found, "repaired at once");
            assert!(p.search().stats().expanded < first);
            assert!(p.search().states().contains(&(CellState::Repaired as u8)));
            assert_fresh_astar_cost(&p);
            assert!(p.undo());
            assert_fresh_astar_cost(&p);
        }
    }

    #[test]
    fn with_recording_off_the_search_is_the_same_and_the_timeline_stays_empty() {
        let mut on = with_algorithm(Algorithm::AStar, 30, 20);
        let mut off = with_algorithm(Algorithm::AStar, 30, 20);
        off.set_recording(false);
        assert!(on.recording() && !off.recording());
        for p in [&mut on, &mut off] {
            p.paint_line((10, 0), (10, 15), 1, Cell::Wall);
            assert_eq!(p.step(Budget::Unlimited, || 0.0), Status::Found);
        }
        assert_eq!(on.search().path(), off.search().path());
        assert_eq!(on.search().stats().expanded, off.search().stats().expanded);
        assert!(on.timeline_len() > 0);
        assert_eq!(off.timeline_len(), 0);
        off.seek(3);
        assert!(off.is_live(), "nothing to seek to");
        assert_eq!(off.shown_states(), off.search().states());
        off.set_recording(true);
        off.reset_search();
        off.step(Budget::Expansions(5), || 0.0);
        assert_eq!(
            off.timeline_len(),
            5,
            "recording again after switching it back on"
        );
    }

    #[test]
    fn the_walker_walks_round_a_new_wall_to_the_goal() {
        let mut p = with_algorithm(Algorithm::DStarLite, 20, 9);
        p.set_start(0, 4).unwrap();
        p.set_goal(19, 4).unwrap();
        p.step(Budget::Unlimited, || 0.0);
        let mut steps = 0;
        while let Some(at) = p.advance_walker() {
            steps += 1;
            if steps == 3 {
                p.paint_line((8, 0), (8, 7), 1, Cell::Wall);
            }
            assert_eq!(p.start(), at);
            assert_fresh_astar_cost(&p);
            assert!(steps < 60);
        }
        assert_eq!(p.start(), (19, 4));
    }

    #[test]
    fn mesh_edits_restart_an_a_star_on_the_mesh() {
        let mut p = with_algorithm(Algorithm::Mesh, 10, 10);
        p.set_goal(9, 0).unwrap();
        p.step(Budget::Unlimited, || 0.0);
        assert_eq!(p.search().status(), Status::Found, "start sees goal");
        assert!(p.search().is_any_angle());
        p.paint_line((5, 0), (5, 8), 1, Cell::Wall);
        assert_eq!(
            p.search().status(),
            Status::NoPath,
            "no mesh node to go round by"
        );
        let a = p.add_mesh_node(4, 9).unwrap();
        let b = p.add_mesh_node(6, 9).unwrap();
        assert_eq!(p.search().status(), Status::NoPath);
        p.connect_mesh_nodes(a, b).unwrap();
        assert_eq!(p.search().status(), Status::Found);
        assert_eq!(
            p.search().path_cells(),
            vec![(0, 0), (4, 9), (6, 9), (9, 0)]
        );
        assert!(p.connect_mesh_nodes(a, 7).is_err());
        assert!(p.remove_mesh_node(a));
        assert_eq!(p.search().status(), Status::NoPath);
        assert!(p.generate_mesh().unwrap() >= 2);
        assert_eq!(p.search().status(), Status::Found);
    }
}
