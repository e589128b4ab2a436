//! Run control: stepping the search by a budget while recording it, the timeline and seeking
//! (what is shown at a past step), settings changes, and what happens after an edit — a
//! repair where the search can repair itself, otherwise a restart, re-planned to the end when
//! the last search had finished, or to the shown step when scrubbed back.

use super::state::{searcher_for, Planner, PlannerError};
use crate::search::record::OpenEntry;
use crate::search::{
    restart_search, Algorithm, Budget, NodeInfo, Searcher, Settings, Stats, Status,
};
use crate::timeline::{Checkpoints, Timeline};

impl Planner {
    /// Advances the search by `budget` and returns its status. While scrubbed back, moves the
    /// position through the recorded steps first (a time budget at the live search's pace)
    /// and becomes live again at the end of the timeline.
    pub fn step(&mut self, budget: Budget, now_ms: impl Fn() -> f64) -> Status {
        if self.refused.is_some() {
            return Status::NoPath;
        }
        self.held = None;
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
    pub(super) fn run_recorded(&mut self, budget: Budget, now_ms: &dyn Fn() -> f64) -> Status {
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
    pub(super) fn begin_timeline(&mut self) {
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
        self.held = None;
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
        self.held = None;
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

    /// After an edit of the cells `changed`: let the search repair itself if it can (live
    /// replanning); otherwise restart, and re-plan to the end at once if the last search was
    /// done.
    pub(super) fn after_edit(&mut self, changed: &[u32]) {
        // Scrubbed back, the future is discarded: restart and fast-forward (below).
        let was_done = self.refused.is_some() || self.search.status().is_done();
        if self.refused.is_none()
            && self.position.is_none()
            && self
                .search
                .repair(&self.grid, self.start, self.goal, changed)
        {
            self.run_repair(was_done);
            return;
        }
        self.restart_search(was_done);
    }

    /// Runs a repair the search has just queued as a recorded run of its own: the timeline
    /// starts at the state right after the edit, and a search that had finished runs the
    /// repair to the end at once (an unfinished one goes on at the page's pace).
    pub(super) fn run_repair(&mut self, was_done: bool) {
        self.begin_timeline();
        if was_done {
            self.run_recorded(Budget::Unlimited, &|| 0.0);
        }
    }

    pub(super) fn restart_search(&mut self, run_to_end: bool) {
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
        // Scrubbed back (or held there by an earlier edit of the same kind): re-plan to the
        // step the user is looking at.
        let scrubbed = self.position.take().or(self.held);
        match restarted {
            Ok(()) => {
                self.refused = None;
                self.begin_timeline();
                match scrubbed {
                    // Edited while scrubbed back at step k: stay at step k of the new search,
                    // whose timeline now ends there.
                    Some(k) if k > 0 => {
                        self.held = Some(k);
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
}
