//! Run control: stepping the search by a budget while recording it, the timeline and seeking
//! (what is shown at a past step), settings changes, and what happens after an edit — a
//! repair where the search can repair itself, otherwise a restart, re-planned to the end when
//! the last search had finished, or to the shown step when scrubbed back.
//!
//! Each of these is a method of a [`Lane`] given the [`Scene`] it searches; [`LaneMut`] and
//! [`LaneRef`] apply them to the lane they name, and the planner an edit to every lane.

use super::lanes::{LaneMut, LaneRef};
use super::state::{searcher_for, Lane, Planner, PlannerError, Scene};
use crate::grid::map_piece;
use crate::search::record::OpenEntry;
use crate::search::{
    restart_search, Algorithm, Budget, NodeInfo, Searcher, Settings, Stats, Status,
};
use crate::timeline::{each_cell_set, Checkpoints, StepZero, Timeline};

/// The fewest expansions a recorded run goes between two collections of its events into the
/// timeline; it goes a piece of the map ([`map_piece`], a sixteenth of its cells) when that is
/// more. The piece makes the timeline's keyframes (taken at a collection once a map's worth of
/// events went by) come within a piece of a map's expansions of when they are due; the floor
/// is there because a collection has a cost of its own (a call of the search, the timeline's
/// step index walked, a checkpoint offered, tiles marked): under 64 × 64 cells a piece is
/// fewer than 256 expansions (37 on a 30 × 20 map), and 256, the checkpoints' own floor
/// (`Checkpoints`), keeps that cost a small part of the run.
const COLLECT_EVERY_MIN: usize = 256;

/// The fewest events one collection must hold for the whole map to be marked changed instead
/// of the tiles its events name; it takes a piece of the map ([`map_piece`]) when that is more.
/// The piece is where marking events' tiles one by one costs more than the page repainting
/// every cell once (a byte a cell uploaded, or compared). The floor is there because the
/// sixteenth was measured on large maps: under 128 × 128 cells (16 tiles) marking a thousand
/// events costs about a microsecond, so the floor keeps a small map's repaint to the tiles its
/// events touched rather than the whole map every few expansions. It is a different rule from
/// [`COLLECT_EVERY_MIN`] (events, not expansions; the repaint, not the timeline).
const MARK_ALL_MIN_EVENTS: usize = 1024;

impl Lane {
    fn step(&mut self, scene: &Scene, budget: Budget, now_ms: &dyn Fn() -> f64) -> Status {
        if self.refused.is_some() {
            return Status::NoPath;
        }
        self.held = None;
        // A step is a count of expansions, *instant* as many as it takes: a search that
        // prepares in pieces by such a count (goal bounding's boxes on a large map) then
        // gives the call back after a piece, so the page can say how far it is.
        let budget = match budget {
            Budget::Unlimited => Budget::Expansions(u64::MAX),
            _ => budget,
        };
        if let Some(at) = self.position {
            // Replaying is faster than searching: a time budget moves as many steps as the
            // live search expanded in that time.
            let in_time = |ms: f64| {
                let live = self.search.stats();
                let rate = live.expanded as f64 / live.elapsed_ms.max(1e-3);
                (rate * ms).clamp(1.0, 1e12) as u64
            };
            let steps = match budget {
                Budget::Expansions(n) => n.max(1),
                Budget::Unlimited => u64::MAX,
                Budget::Millis(ms) => in_time(ms),
                Budget::Within { expansions, millis } => expansions.max(1).min(in_time(millis)),
            };
            let to = (at as u64).saturating_add(steps);
            self.seek(scene, usize::try_from(to).unwrap_or(usize::MAX));
            return self.shown_status();
        }
        self.run_recorded(scene, budget, now_ms)
    }

    /// Runs the live search by `budget`, collecting its events into the timeline and
    /// offering checkpoints between chunks of expansions.
    fn run_recorded(&mut self, scene: &Scene, budget: Budget, now_ms: &dyn Fn() -> f64) -> Status {
        if self.timeline_pending {
            self.start_recording(scene);
        }
        let grid = &scene.grid;
        if !self.search.recorder().is_on() {
            // Unrecorded, nothing says which cells the run changed.
            if !self.search.status().is_done() {
                self.changed.add_all();
            }
            // The search always matches the grid (every edit restarts it), so this cannot
            // fail; should it ever, report the search as it stands rather than panic.
            return self
                .search
                .run(grid, budget, now_ms)
                .unwrap_or(self.search.status());
        }
        let mut left = match budget {
            Budget::Expansions(n) => Some(n.max(1)),
            Budget::Unlimited => None,
            Budget::Millis(_) | Budget::Within { .. } => {
                let status = self
                    .search
                    .run(grid, budget, now_ms)
                    .unwrap_or(self.search.status());
                self.collect(scene);
                return status;
            }
        };
        // Run in chunks no longer than the checkpoint interval, so checkpoints come at
        // regular steps however large the budget, nor than a piece of the map, so the
        // timeline's keyframes (taken as events are collected) come about every map's worth
        // of events.
        let collect_every = map_piece(scene.grid.len()).max(COLLECT_EVERY_MIN);
        loop {
            let chunk = self.checkpoints.interval().clamp(1, collect_every) as u64;
            let n = left.map_or(chunk, |l| l.min(chunk));
            let before = self.search.stats().expanded;
            let status = self
                .search
                .run(grid, Budget::Expansions(n), now_ms)
                .unwrap_or(self.search.status());
            self.collect(scene);
            left = left.map(|l| l - n);
            // A count of expansions ends at a chunk that expanded none: the search is
            // preparing in pieces, one a call (a run to the end goes on).
            let idle = left.is_some() && self.search.stats().expanded == before;
            if status.is_done() || left == Some(0) || idle {
                return status;
            }
        }
    }

    /// Moves the live search's events into the timeline and offers it as a checkpoint; the
    /// cells they name are the ones the run changed.
    fn collect(&mut self, scene: &Scene) {
        let (width, height) = (scene.grid.width(), scene.grid.height());
        let recorder = self.search.recorder();
        let changed = &mut self.changed;
        if changed.is_all() {
            // Every cell is marked already (a restart began this timeline): the events
            // would add nothing.
        } else if recorder.events.len() >= map_piece(scene.grid.len()).max(MARK_ALL_MIN_EVENTS) {
            changed.add_all();
        } else {
            for piece in recorder.events.pieces() {
                each_cell_set(piece, |cell| changed.add_cell(cell, width, height));
            }
        }
        self.timeline.collect(self.search.as_mut());
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

    /// Starts a new timeline at the live search as it stands (its step 0). The copies a
    /// timeline starts with (the state bytes, maybe the search) wait for the first step, so
    /// a restart that is followed by another before any step (a marker dragged, the start
    /// and then the goal set) copies nothing.
    pub(super) fn begin_timeline(&mut self, scene: &Scene) {
        // A restart or a repair (after an edit, a marker move, new settings, a new map) may
        // have changed any cell, and does so outside any recording.
        self.changed.add_all();
        self.position = None;
        self.base_expanded = self.search.stats().expanded;
        // The inspector's expansion numbers come with the timeline: a planner that only wants
        // answers spares their 4 bytes a cell.
        self.search.keep_expansion_numbers(scene.recording);
        if !scene.recording {
            // No recorder, no timeline, no checkpoint copies: the search runs as the CLI's.
            // A search's recorder is off from its start, and only `start_recording` turns it
            // on, so after one unrecorded start there is nothing left to drop.
            if !self.unrecorded {
                self.search.recorder().stop();
                self.checkpoints = Checkpoints::default();
                self.timeline = Timeline::default();
                self.timeline_pending = false;
                self.unrecorded = true;
            }
            return;
        }
        self.unrecorded = false;
        self.search.recorder().stop();
        self.checkpoints = Checkpoints::default();
        let stats = *self.search.stats();
        self.timeline
            .start_over(StepZero::Pending, &stats, scene.timeline_cap);
        self.timeline_pending = true;
    }

    /// Makes the timeline begun last ready to record: its step 0 is the search as it stands,
    /// which nothing changed since [`Lane::begin_timeline`] (every change begins another).
    fn start_recording(&mut self, scene: &Scene) {
        self.timeline_pending = false;
        self.unrecorded = false;
        let stats = *self.search.stats();
        self.search.recorder().start(&stats);
        // A search that has just started is what a new one would be: no copy of it needed.
        // (Not so for LPA* and D* Lite, whose repairs leave work queued before any step.)
        let fresh = stats.expanded == 0
            && !matches!(
                self.settings.algorithm,
                Algorithm::Lpa | Algorithm::DStarLite
            )
            && self.search.start() == scene.start
            && self.search.goal() == scene.goal
            && self.search.settings() == &self.settings;
        let states = self.search.states();
        let width = scene.grid.width();
        let step_zero = if fresh {
            // Its state bytes are 0 but at its start (and the goal, searched from both
            // ends): keyframe 0 is the last query's with those bytes rewritten.
            let cell = |(x, y): (u32, u32)| y * width + x;
            StepZero::Fresh {
                states,
                set: [cell(scene.start), cell(scene.goal)],
            }
        } else {
            StepZero::States(states)
        };
        self.timeline
            .start_over(step_zero, &stats, scene.timeline_cap);
        self.checkpoints = Checkpoints::new(self.search.as_ref(), scene.grid.len(), fresh);
    }

    fn timeline_len(&self) -> usize {
        if self.timeline.complete() {
            self.live_step()
        } else {
            self.timeline.recorded()
        }
    }

    fn seek(&mut self, scene: &Scene, step: usize) {
        self.held = None;
        let before = self.position;
        let len = self.timeline_len();
        if step >= len || self.refused.is_some() {
            self.position = None;
        } else {
            self.timeline.seek(step);
            self.position = Some(step);
        }
        if before == self.position {
            return;
        }
        // The states at two steps differ in the cells the events between them set; the
        // live search runs on past a timeline stopped at its cap, unrecorded.
        let (width, height) = (scene.grid.width(), scene.grid.height());
        let recorded = (before.is_some() && self.position.is_some()) || self.timeline.complete();
        let changed = &mut self.changed;
        let listed = recorded
            && self
                .timeline
                .cells_set_between(before, self.position, |cell| {
                    changed.add_cell(cell, width, height)
                });
        if !listed {
            self.changed.add_all();
        }
    }

    fn shown_status(&self) -> Status {
        match self.position {
            Some(_) => Status::Running,
            None => self.search.status(),
        }
    }

    /// The search as it stood at the step shown: rebuilt from a checkpoint when scrubbed.
    fn shown_search(&mut self, scene: &Scene) -> &dyn Searcher {
        match self.position {
            Some(k) => self.search_at(scene, k),
            None => self.search.as_ref(),
        }
    }

    /// The search as it stood after `k` expansions of the timeline: rebuilt from a
    /// checkpoint, or the live search from its own step on.
    pub(super) fn search_at(&mut self, scene: &Scene, k: usize) -> &dyn Searcher {
        if k < self.live_step() {
            let settings = &self.settings;
            let fresh = || {
                let mut search =
                    searcher_for(&scene.grid, scene.start, scene.goal, settings, &scene.mesh)
                        .ok()?;
                search.keep_expansion_numbers(scene.recording);
                Some(search)
            };
            if let Some(search) = self.checkpoints.build(k, &scene.grid, fresh) {
                return search;
            }
        }
        self.search.as_ref()
    }

    fn reset_search(&mut self, scene: &Scene) {
        // Not an edit: even when scrubbed back, the new search starts at step 0.
        self.position = None;
        self.held = None;
        self.restart_search(scene, false);
    }

    fn set_settings(&mut self, scene: &Scene, settings: Settings) -> Result<(), PlannerError> {
        settings.check_on(&scene.grid)?;
        let was_done = self.search.status().is_done();
        self.settings = settings;
        self.restart_search(scene, was_done);
        Ok(())
    }

    /// After an edit of the cells `changed` (none when only a marker moved): let the search
    /// repair itself if it can (live replanning); otherwise restart, and re-plan to the end
    /// at once if the last search was done.
    pub(super) fn after_edit(&mut self, scene: &Scene, changed: &[u32]) {
        // Scrubbed back, the future is discarded: restart and fast-forward (below).
        let was_done = self.refused.is_some() || self.search.status().is_done();
        if self.refused.is_none()
            && self.position.is_none()
            && self
                .search
                .repair(&scene.grid, scene.start, scene.goal, changed)
        {
            self.run_repair(scene, was_done);
            return;
        }
        self.restart_search(scene, was_done);
    }

    /// After the walker moved the start: repair or re-plan to the end at once, whatever
    /// step was shown.
    pub(super) fn after_walk(&mut self, scene: &Scene) {
        self.position = None;
        self.held = None;
        if self.refused.is_none()
            && self
                .search
                .repair(&scene.grid, scene.start, scene.goal, &[])
        {
            self.run_repair(scene, true);
        } else {
            self.restart_search(scene, true);
        }
    }

    /// After the node mesh changed: an A*-on-mesh search starts over on it.
    pub(super) fn after_mesh_edit(&mut self, scene: &Scene) {
        if self.settings.algorithm == Algorithm::Mesh {
            let was_done = self.refused.is_some() || self.search.status().is_done();
            self.restart_search(scene, was_done);
        }
    }

    /// Runs a repair the search has just queued as a recorded run of its own: the timeline
    /// starts at the state right after the edit, and a search that had finished runs the
    /// repair to the end at once (an unfinished one goes on at the page's pace).
    fn run_repair(&mut self, scene: &Scene, was_done: bool) {
        self.begin_timeline(scene);
        if was_done {
            self.run_recorded(scene, Budget::Unlimited, &scene.clock);
        }
    }

    pub(super) fn restart_search(&mut self, scene: &Scene, run_to_end: bool) {
        let (grid, start, goal) = (&scene.grid, scene.start, scene.goal);
        // Markers are kept passable by every edit, so only an algorithm that does not apply
        // to the edited map can refuse; keep the old search on screen and say why.
        let restarted = if self.settings.algorithm == Algorithm::Mesh {
            // The search keeps its own copy of the mesh: hand it the planner's current one.
            searcher_for(grid, start, goal, &self.settings, &scene.mesh)
                .map(|search| self.search = search)
        } else {
            restart_search(&mut self.search, grid, start, goal, &self.settings)
        };
        // Scrubbed back (or held there by an earlier edit of the same kind): re-plan to the
        // step the user is looking at.
        let scrubbed = self.position.take().or(self.held);
        match restarted {
            Ok(()) => {
                self.refused = None;
                self.begin_timeline(scene);
                match scrubbed {
                    // Edited while scrubbed back at step k: stay at step k of the new search,
                    // whose timeline now ends there.
                    Some(k) if k > 0 => {
                        self.held = Some(k);
                        self.run_recorded(scene, Budget::Expansions(k as u64), &scene.clock);
                    }
                    Some(_) => {}
                    None if run_to_end => {
                        self.run_recorded(scene, Budget::Unlimited, &scene.clock);
                    }
                    None => {}
                }
            }
            Err(e) => {
                // The old search stays on screen for the old map: its past is not
                // rebuildable on the edited one, so its timeline starts over, empty.
                self.refused = Some(e);
                self.begin_timeline(scene);
            }
        }
    }
}

impl Planner {
    /// Applies `f` to every lane (after an edit of the map they share).
    pub(super) fn each_lane(&mut self, mut f: impl FnMut(&mut Lane, &Scene)) {
        for lane in &mut self.lanes {
            f(lane, &self.scene);
        }
    }

    /// Starts every lane's timeline over at its search as it stands.
    fn begin_timelines(&mut self) {
        self.each_lane(|lane, scene| lane.begin_timeline(scene));
        self.bump();
    }

    /// Caps every timeline at `bytes` (events, step records and keyframes) and starts them
    /// over at the searches as they stand. Past the cap recording stops; the live search
    /// goes on.
    pub fn set_timeline_cap(&mut self, bytes: usize) {
        self.scene.timeline_cap = bytes;
        self.begin_timelines();
    }

    /// Switches recording for the timeline on or off, and starts the timelines over at the
    /// searches as they stand. Off, searches run at full speed (no events, keyframes or
    /// searcher copies) and the timelines stay empty: for an app that only wants answers.
    pub fn set_recording(&mut self, on: bool) {
        self.scene.recording = on;
        self.begin_timelines();
    }

    /// Whether searches are recorded for the timeline.
    pub fn recording(&self) -> bool {
        self.scene.recording
    }

    /// After an edit of the cells `changed`, every lane repairs or restarts its search.
    pub(super) fn after_edit(&mut self, changed: &[u32]) {
        self.each_lane(|lane, scene| lane.after_edit(scene, changed));
        self.views_after_edit(changed);
    }
}

impl<'a> LaneRef<'a> {
    /// Steps on the lane's timeline: the live search's step while every step is recorded,
    /// the steps recorded once recording stopped at the memory cap.
    pub fn timeline_len(&self) -> usize {
        self.lane().timeline_len()
    }

    /// The step shown: [`LaneRef::timeline_len`] while live.
    pub fn position(&self) -> usize {
        self.lane()
            .position
            .unwrap_or_else(|| self.lane().timeline_len())
    }

    /// Whether the live search is shown (not scrubbed back).
    pub fn is_live(&self) -> bool {
        self.lane().position.is_none()
    }

    /// The lane's timeline, for its figures.
    pub fn timeline(&self) -> &'a Timeline {
        &self.lane().timeline
    }

    /// The state bytes shown: the live search's, or the timeline's at the position.
    pub fn shown_states(&self) -> &'a [u8] {
        let lane = self.lane();
        match lane.position {
            Some(_) => lane.timeline.states(),
            None => lane.search.states(),
        }
    }

    /// The counters shown. Scrubbed back, `run_count`, `elapsed_ms` and `precompute_ms` are
    /// the live search's (time is not recorded per step).
    pub fn shown_stats(&self) -> Stats {
        let lane = self.lane();
        let live = *lane.search.stats();
        match lane.position {
            Some(_) => Stats {
                run_count: live.run_count,
                elapsed_ms: live.elapsed_ms,
                precompute_ms: live.precompute_ms,
                precompute_bytes: live.precompute_bytes,
                precompute_progress: live.precompute_progress,
                ..lane.timeline.stats()
            },
            None => live,
        }
    }

    /// The status shown: running at any step before the end of the timeline.
    pub fn shown_status(&self) -> Status {
        self.lane().shown_status()
    }

    /// The cell expanded at the step shown.
    pub fn shown_current(&self) -> Option<(u32, u32)> {
        let lane = self.lane();
        match lane.position {
            Some(k) => lane
                .timeline
                .expanded_at(k)
                .map(|c| self.planner.scene.grid.coords(c as usize)),
            None => lane.search.current(),
        }
    }

    /// The path shown: none before the end of the timeline (a search stopped earlier had
    /// not found one yet).
    pub fn shown_path(&self) -> &'a [u32] {
        let lane = self.lane();
        match lane.position {
            Some(_) => &[],
            None => lane.search.path(),
        }
    }

    /// The path shown as (x, y) cells.
    pub fn shown_path_cells(&self) -> Vec<(u32, u32)> {
        let lane = self.lane();
        match lane.position {
            Some(_) => Vec::new(),
            None => lane.search.path_cells(),
        }
    }
}

impl LaneMut<'_> {
    /// Advances the lane's search by `budget` and returns its status. While scrubbed back,
    /// moves the position through the recorded steps first (a time budget at the live
    /// search's pace) and becomes live again at the end of the timeline.
    pub fn step(&mut self, budget: Budget, now_ms: impl Fn() -> f64) -> Status {
        // A table built in pieces (goal bounding) moves the search on too: the page shows it.
        let progress = |l: LaneRef<'_>| {
            let stats = l.search().stats();
            (
                stats.expanded,
                l.position(),
                stats.precompute_progress.to_bits(),
            )
        };
        let before = progress(self.get());
        let (lane, scene) = self.parts();
        let status = lane.step(scene, budget, &now_ms);
        if progress(self.get()) != before {
            self.planner.bump();
        }
        status
    }

    /// Shows the lane's search as it stood after `step` expansions (clamped to the
    /// timeline); the end of the timeline is the live search.
    pub fn seek(&mut self, step: usize) {
        let (lane, scene) = self.parts();
        lane.seek(scene, step);
        self.planner.bump();
    }

    /// The parts of the map the lane may show differently (cells or states) since the last
    /// call, as rectangles `[x, y, width, height]` in cells — runs of changed
    /// [`TILE`](super::TILE)-cell tiles — or none: what the page must upload or repaint.
    /// Derived from the runs' recorded events, the seeks and the restarts, never by
    /// comparing cells.
    pub fn take_changes(&mut self) -> Vec<[u32; 4]> {
        let (lane, scene) = self.parts();
        lane.changed.take(scene.grid.width(), scene.grid.height())
    }

    /// Marks the whole map changed for the lane: for a painter that lost what it had
    /// painted (a new canvas, a lost WebGL context).
    pub fn mark_all_changed(&mut self) {
        self.parts().0.changed.add_all();
    }

    /// What the search knew about (x, y) at the step shown.
    pub fn shown_node(&mut self, x: u32, y: u32) -> Option<NodeInfo> {
        let (lane, scene) = self.parts();
        lane.shown_search(scene).node(x, y)
    }

    /// The first `n` open-list entries at the step shown, in the order they will be taken.
    pub fn open_top(&mut self, n: usize) -> Vec<OpenEntry> {
        let (lane, scene) = self.parts();
        lane.shown_search(scene).open_top(n)
    }

    /// Why the first open-list entry at the step shown goes first ('' when none).
    pub fn open_why(&mut self) -> String {
        let (lane, scene) = self.parts();
        lane.shown_search(scene).open_why()
    }

    /// Throws the lane's search away and starts a new one (nothing expanded yet).
    pub fn reset_search(&mut self) {
        let (lane, scene) = self.parts();
        lane.reset_search(scene);
        self.planner.bump();
    }

    /// Changes the lane's settings and restarts its search. Refused settings change nothing.
    pub fn set_settings(&mut self, settings: Settings) -> Result<(), PlannerError> {
        let (lane, scene) = self.parts();
        lane.set_settings(scene, settings)?;
        self.planner.views_after_settings(settings.movement);
        self.planner.bump();
        Ok(())
    }
}
