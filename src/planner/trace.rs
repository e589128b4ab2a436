//! The step trace of the step shown: what the current lane's timeline recorded for it, and
//! the search as it stood before it, handed to [`crate::search::trace`].

use super::lanes::LaneMut;
use crate::search::trace::{trace_step, untraced, Note, StepInput, StepTrace};

impl LaneMut<'_> {
    /// The step shown (the live search's latest step, or the timeline's position when
    /// scrubbed back), line by line against its algorithm's pseudocode. A step the timeline
    /// did not record (recording off, past the memory cap) comes back without lines and
    /// with a note saying why.
    pub fn step_trace(&mut self) -> StepTrace {
        let shown = self.get();
        let (k, after, status) = (shown.position(), shown.shown_stats(), shown.shown_status());
        let len = shown.timeline_len();
        let (lane, scene) = self.parts();
        let settings = lane.settings;
        if lane.refused.is_some() {
            return untraced(k, Note::Refused);
        }
        if !scene.recording {
            return untraced(k, Note::NotRecording);
        }
        if lane.position.is_none() && !lane.timeline.complete() {
            return untraced(k, Note::PastCap);
        }
        let events = lane.timeline.step_events(k);
        if k > 0 && events.is_empty() {
            return untraced(k, Note::NotRecorded);
        }
        let live = lane.position.is_none();
        let finish = if live {
            lane.timeline.events_after(k)
        } else {
            Vec::new()
        };
        let grid = &scene.grid;
        let next_cell = (k < len)
            .then(|| lane.timeline.expanded_at(k + 1))
            .flatten()
            .map(|c| grid.coords(c as usize));
        let next_entry = if live {
            lane.search.open_top(1).into_iter().next()
        } else {
            None
        };
        let (start, goal) = (lane.search.start(), lane.search.goal());
        let before = lane.search_at(scene, k.saturating_sub(1));
        trace_step(&StepInput {
            step: k,
            grid,
            settings: &settings,
            start,
            goal,
            events: &events,
            finish: &finish,
            before,
            after,
            status,
            next_cell,
            next_entry,
        })
    }
}
