//! The timeline for JS: its length and position, seeking, recording, and the open list at the
//! step shown.

use super::*;

#[wasm_bindgen]
impl Planner {
    /// Steps on the timeline: expansions recorded so far (see `docs/timeline.md`).
    #[wasm_bindgen(js_name = timelineLength)]
    pub fn timeline_length(&self) -> u32 {
        clamp_u32(self.read(|l| l.timeline_len()).unwrap_or(0))
    }

    /// The step shown; equals `timelineLength()` while the live search is shown.
    #[wasm_bindgen(js_name = timelinePosition)]
    pub fn timeline_position(&self) -> u32 {
        clamp_u32(self.read(|l| l.position()).unwrap_or(0))
    }

    /// False once recording stopped at the memory cap: the timeline then covers the first
    /// `timelineLength()` steps and its last position shows the live search.
    #[wasm_bindgen(js_name = timelineComplete)]
    pub fn timeline_complete(&self) -> bool {
        self.read(|l| l.timeline().complete()).unwrap_or(true)
    }

    /// Switches recording for the timeline on (the default) or off. Off, searches run at
    /// full speed and the timeline stays empty (`timelineLength()` is 0).
    #[wasm_bindgen(js_name = setRecording)]
    pub fn set_recording(&mut self, on: bool) {
        let _ = self.run(Command::SetRecording { on });
    }

    /// Whether searches are recorded for the timeline.
    pub fn recording(&self) -> bool {
        self.planner().recording()
    }

    /// Shows the search as it stood after `step` expansions, clamped to
    /// `[0, timelineLength()]` (NaN counts as 0); the end is the live search. Bumps
    /// `version`. While the search is refused after an edit (`refusedReason()`) the
    /// timeline is empty and a seek stays live. Never throws today; the `Result` is the
    /// contract's room for a broken planner.
    pub fn seek(&mut self, step: f64) -> Result<(), JsError> {
        let step = crate::command::seek_step(step);
        self.run(Command::Seek { step })?;
        Ok(())
    }

    /// The first `n` entries of the open list at the step shown, in the order they will be
    /// taken (entry 0 is expanded next): `[{x, y, g, h, f, direction?, key?}]`.
    #[wasm_bindgen(js_name = openTop, unchecked_return_type = "OpenEntry[]")]
    pub fn open_top(&mut self, n: u32) -> Result<JsValue, JsError> {
        let top = self.change(|mut l| l.open_top(n.min(10_000) as usize))?;
        to_js(&top)
    }

    /// Why entry 0 of `openTop` goes first, as a sentence ('' when the open list is empty).
    #[wasm_bindgen(js_name = openWhy)]
    pub fn open_why(&mut self) -> String {
        self.change(|mut l| l.open_why()).unwrap_or_default()
    }

    /// Bytes held by the timeline's events, step records and keyframes.
    #[wasm_bindgen(js_name = timelineBytes)]
    pub fn timeline_bytes(&self) -> f64 {
        self.read(|l| l.timeline().bytes() as f64).unwrap_or(0.0)
    }

    /// Events recorded on the timeline.
    #[wasm_bindgen(js_name = timelineEvents)]
    pub fn timeline_events(&self) -> f64 {
        self.read(|l| l.timeline().event_count() as f64)
            .unwrap_or(0.0)
    }
}
