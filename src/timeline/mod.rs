//! The search timeline: every state change a search makes, recorded compactly, so the page can
//! show the search as it stood after any number of expansions.
//!
//! # Recording
//!
//! Each engine owns a [`Recorder`](crate::search::record::Recorder) ([`crate::search::record`],
//! where the event format is described): off by default, so the CLI and benchmarks pay one branch
//! per state change. The [`crate::Planner`] switches it on, and after every call to `run` moves
//! what was recorded into its [`Timeline`] ([`Timeline::collect`]). Every 256th step the recorder
//! also notes where its events end and its full stats, so any step is located from fewer than 256
//! step words. Events and step words are kept in chunks that are never moved (`words.rs`), so
//! the timeline grows without copying what it holds.
//!
//! # Seeking
//!
//! The timeline keeps keyframes — a copy of the state bytes — whenever at least `width ×
//! height` events were recorded since the last one, so keyframes take at most a quarter of
//! the events' memory. A keyframe is copied from the live search a piece per collection (a
//! piece of the map, `grid::map_piece`, or 4 bytes per event collected when that is more), so
//! no step of the search pays for a whole copy (16 MB on a 4096² map); the pieces stand at
//! different events, and the keyframe is valid from the last piece on, replaying the events
//! from its first piece (each event sets a state byte outright, so applying again one that
//! a piece already holds changes nothing). Showing step k copies the keyframe at or before
//! k and applies about `1.25 × width × height` events at most in one pass: linear in the
//! map's size, whatever the length of the run. Moving forward from the step shown applies
//! only the events between.
//!
//! Node details and the open list at a step (which events do not hold: keys, insertion
//! numbers) come from a searcher restored from a checkpoint and run forward to the step
//! ([`Checkpoints`]); see `docs/timeline.md`.
//!
//! # Memory
//!
//! Events, step records and keyframes together stop growing at [`MAX_TIMELINE_BYTES`]: past it
//! recording stops, [`Timeline::complete`] turns false and the timeline covers the first steps
//! only, while the live search goes on.

mod replay;
mod words;

use crate::grid::map_piece;
use crate::search::record::{
    advance, decode, Event, FullStep, IndexEntry, CELL_MASK, ESCAPE, FAR, INDEX_EVERY, SAME_STATE,
};
use crate::search::{Searcher, Stats};
pub use replay::{replay_nodes, Checkpoints, NodeReplay, MAX_CHECKPOINT_BYTES};
use words::Words;

/// The most memory a timeline's events, step records and keyframes may take (128 MiB).
pub const MAX_TIMELINE_BYTES: usize = 128 << 20;

/// Bytes of a keyframe copied per event collected at least, so that the events a keyframe's
/// copy spans (which a seek from it replays) stay under a quarter of the map's cells.
const KEYFRAME_BYTES_PER_EVENT: usize = 4;

/// The state bytes after a step, copied in pieces: valid from `offset` on, by applying the
/// events from `from`.
#[derive(Clone, Debug)]
struct Keyframe {
    step: usize,
    /// Where the events stood when the first piece was copied: a seek from this keyframe
    /// applies the events from here.
    from: usize,
    /// Where the events stood when the last piece was copied (within or at the end of
    /// step `step`'s events): the keyframe serves the steps that end here or later.
    offset: usize,
    states: Vec<u8>,
}

/// A keyframe being copied from the live search, a piece per collection.
#[derive(Clone, Debug)]
struct Building {
    /// Where the events stood when its first piece was copied.
    from: usize,
    /// The pieces copied so far: the first `states.len()` state bytes.
    states: Vec<u8>,
}

/// The recorded history of one search, from its step 0.
#[derive(Clone, Debug, Default)]
pub struct Timeline {
    cells: usize,
    events: Words,
    /// One word per recorded step: its stats as deltas and its number of event words
    /// (`record::pack`); step 0 (the base) is an escape to its full stats.
    steps: Words,
    full: Vec<FullStep>,
    /// `index[i]`: where the events of step `INDEX_EVERY · i` end, and its stats, so
    /// locating any step takes fewer than `INDEX_EVERY` step words (the recorder makes the
    /// entries as it ends the steps).
    index: Vec<IndexEntry>,
    keyframes: Vec<Keyframe>,
    /// The next keyframe, while its pieces are being copied.
    building: Option<Building>,
    /// Where the events of the last recorded step end (those after it are the live search's
    /// latest step).
    head_offset: usize,
    /// Events collected since the last keyframe began.
    since_key: usize,
    /// Events between the starts of two keyframes when not as many as cells (4096 at least):
    /// set by tests only.
    key_every: Option<usize>,
    complete: bool,
    /// The step shown by [`Timeline::seek`], where its events start and end, its state
    /// bytes and stats.
    shown_step: Option<usize>,
    shown_span: (usize, usize),
    shown: Vec<u8>,
    shown_stats: Stats,
    cap: usize,
    /// Events of the recorded steps (a far event is one event of four words).
    event_count: usize,
    /// Keyframe 0's bytes of the timeline this one was started over from
    /// ([`Timeline::start_over`]), kept while it is pending for its own keyframe 0; and, when
    /// that step 0 was a search just started, the cells whose bytes may not be 0.
    spare: Vec<u8>,
    spare_set: Option<[u32; 2]>,
    /// The cells whose bytes in keyframe 0 may not be 0, when step 0 is a search just started.
    base_set: Option<[u32; 2]>,
}

/// What a timeline's step 0 is made from ([`Timeline::start_over`]).
#[derive(Clone, Copy, Debug)]
pub enum StepZero<'a> {
    /// Nothing yet: a pending timeline, which never seeks.
    Pending,
    /// The search's state bytes, copied.
    States(&'a [u8]),
    /// The state bytes of a search just started: 0 but for the cells `set` (its start and
    /// goal).
    Fresh {
        /// The state bytes.
        states: &'a [u8],
        /// The only cells whose bytes may not be 0.
        set: [u32; 2],
    },
}

impl Timeline {
    /// A timeline starting at step 0 = a search whose state bytes are `states` and counters
    /// `stats`, capped at `cap` bytes.
    pub fn new(states: &[u8], stats: &Stats, cap: usize) -> Timeline {
        let mut t = Timeline::default();
        t.start_over(StepZero::States(states), stats, cap);
        t
    }

    /// A timeline of step 0 alone, `stats` its counters, that holds no copy of the state
    /// bytes (it never seeks: step 0 is the live search itself).
    pub fn pending(stats: &Stats, cap: usize) -> Timeline {
        let mut t = Timeline::default();
        t.start_over(StepZero::Pending, stats, cap);
        t
    }

    /// Makes this timeline [`Timeline::new`]'s or [`Timeline::pending`]'s, as `step_zero`
    /// says, reusing its allocations: the first chunks of words, the step records, keyframe
    /// 0's bytes (kept aside while pending) and the shown copy. The page starts a timeline
    /// over for every query, where allocating and freeing them was a third of what recording
    /// cost a query on a small map; and when both this step 0 and the last are a search just
    /// started ([`StepZero::Fresh`]), keyframe 0 is the last one with a few bytes rewritten
    /// rather than a copy of the map's.
    pub fn start_over(&mut self, step_zero: StepZero<'_>, stats: &Stats, cap: usize) {
        let Timeline {
            mut events,
            mut steps,
            mut full,
            mut index,
            mut keyframes,
            mut shown,
            mut spare,
            mut spare_set,
            base_set,
            ..
        } = std::mem::take(self);
        if let Some(first) = keyframes.drain(..).next() {
            spare = first.states;
            spare_set = base_set;
        }
        events.clear();
        steps.clear();
        full.clear();
        index.clear();
        shown.clear();
        steps.push(ESCAPE);
        full.push(FullStep {
            stats: *stats,
            words: 0,
        });
        index.push(IndexEntry {
            offset: 0,
            stats: *stats,
        });
        let mut base_set = None;
        let copy = |bytes: &mut Vec<u8>, states: &[u8]| {
            bytes.clear();
            bytes.extend_from_slice(states);
        };
        let step_zero_bytes = match step_zero {
            StepZero::Pending => None,
            StepZero::States(states) => {
                let mut bytes = std::mem::take(&mut spare);
                copy(&mut bytes, states);
                spare_set = None;
                Some(bytes)
            }
            StepZero::Fresh { states, set } => {
                debug_assert!(
                    states
                        .iter()
                        .enumerate()
                        .all(|(c, &b)| b == 0 || set.contains(&(c as u32))),
                    "a search just started sets no state bytes but those of its start and goal"
                );
                let mut bytes = std::mem::take(&mut spare);
                match spare_set.take() {
                    Some(old) if bytes.len() == states.len() => {
                        for c in old {
                            if let Some(b) = bytes.get_mut(c as usize) {
                                *b = 0;
                            }
                        }
                        for c in set {
                            if let (Some(b), Some(&s)) =
                                (bytes.get_mut(c as usize), states.get(c as usize))
                            {
                                *b = s;
                            }
                        }
                    }
                    _ => copy(&mut bytes, states),
                }
                base_set = Some(set);
                Some(bytes)
            }
        };
        let cells = step_zero_bytes.as_ref().map_or(0, Vec::len);
        if let Some(bytes) = step_zero_bytes {
            keyframes.push(Keyframe {
                step: 0,
                from: 0,
                offset: 0,
                states: bytes,
            });
        }
        *self = Timeline {
            cells,
            events,
            steps,
            full,
            index,
            keyframes,
            shown,
            spare,
            spare_set,
            base_set,
            complete: true,
            cap,
            ..Timeline::default()
        };
    }

    /// Moves what `search`'s recorder recorded into the timeline; stops it when the cap is
    /// reached. When enough events went by since the last keyframe and the search may go on,
    /// its state bytes as they stand become the next keyframe, a piece per call (taken from
    /// the search itself rather than by replaying the events onto a copy; a search that
    /// ends before the last piece leaves no keyframe).
    pub fn collect(&mut self, search: &mut dyn Searcher) {
        let recorder = search.recorder();
        if !self.complete || !recorder.on {
            return;
        }
        recorder.collected += recorder.events.len();
        let events = recorder.events.len() - 3 * recorder.far_count;
        recorder.far_count = 0;
        self.event_count += events;
        self.since_key += events;
        self.events.append_batch(&mut recorder.events);
        self.steps.append_batch(&mut recorder.steps);
        // The recorder's escape words already count the full records collected before.
        recorder.full_collected += recorder.full.len();
        self.full.append(&mut recorder.full);
        self.index.append(&mut recorder.index);
        self.head_offset = recorder.last_end();
        if search.status().is_done() {
            self.building = None;
        } else {
            self.copy_piece(search.states(), events);
        }
        if self.bytes() > self.cap {
            // Keep the steps recorded so far and nothing after them.
            self.complete = false;
            self.events.truncate(self.head_offset);
            self.events.shrink_to_fit();
            self.keyframes.retain(|k| k.offset <= self.head_offset);
            self.building = None;
            search.recorder().stop();
        }
    }

    /// Starts a keyframe once as many events as cells went by since the last one began
    /// (keyframes then take at most a quarter of the events' bytes, and a seek applies about
    /// `cells` events at most), and copies the next piece of the one being built from the
    /// live search's state bytes `live`, which stand after every event collected; `events`
    /// were collected by this call.
    fn copy_piece(&mut self, live: &[u8], events: usize) {
        if self.building.is_none()
            && self.since_key >= self.key_every.unwrap_or(self.cells.max(4096))
        {
            self.building = Some(Building {
                from: self.events.len(),
                states: Vec::with_capacity(live.len()),
            });
            self.since_key = 0;
        }
        let Some(building) = self.building.as_mut() else {
            return;
        };
        // At least a piece of the map a collection.
        let piece = map_piece(live.len()).max(KEYFRAME_BYTES_PER_EVENT * events);
        let at = building.states.len();
        let to = at.saturating_add(piece).min(live.len());
        let Some(next) = live.get(at..to) else {
            // The live search's state is shorter than the pieces already copied (not the
            // search the keyframe began on): drop the keyframe rather than read past it.
            self.building = None;
            return;
        };
        building.states.extend_from_slice(next);
        if to < live.len() {
            return;
        }
        if let Some(Building { from, states }) = self.building.take() {
            // The live search stands after every event collected: after the last recorded
            // step, or after the next one when events of it came after the last mark.
            let step = self.recorded() + usize::from(self.events.len() > self.head_offset);
            self.keyframes.push(Keyframe {
                step,
                from,
                offset: self.events.len(),
                states,
            });
        }
    }

    /// The last step recorded in full (0 when only the start is).
    pub fn recorded(&self) -> usize {
        self.steps.len().saturating_sub(1)
    }

    /// False once recording stopped at the memory cap.
    pub fn complete(&self) -> bool {
        self.complete
    }

    /// Events recorded: those of the recorded steps, and of the live search's latest step
    /// (its path, once finished).
    pub fn event_count(&self) -> usize {
        self.event_count
    }

    /// Gives back the growth slack of the event and step vectors (once the search is over).
    pub fn shrink_to_fit(&mut self) {
        self.events.trim();
        self.steps.trim();
        self.index.shrink_to_fit();
        self.full.shrink_to_fit();
    }

    /// Event words recorded (a far event takes four).
    pub fn event_words(&self) -> usize {
        self.events.len()
    }

    /// Bytes the events and step records take (their length, not their allocation).
    pub fn event_bytes_used(&self) -> usize {
        4 * (self.events.len() + self.steps.len())
            + self.index.len() * std::mem::size_of::<IndexEntry>()
            + self.full.len() * std::mem::size_of::<FullStep>()
    }

    /// Bytes allocated for the events and step records (growth slack included).
    pub fn event_bytes(&self) -> usize {
        4 * (self.events.capacity() + self.steps.capacity())
            + self.index.capacity() * std::mem::size_of::<IndexEntry>()
            + self.full.capacity() * std::mem::size_of::<FullStep>()
    }

    /// Bytes held by the keyframes, the one being copied counted whole from its first piece.
    pub fn keyframe_bytes(&self) -> usize {
        self.keyframes.iter().map(|k| k.states.len()).sum::<usize>()
            + self.keyframes.len() * std::mem::size_of::<Keyframe>()
            + self
                .building
                .as_ref()
                .map_or(0, |b| b.states.capacity() + std::mem::size_of::<Building>())
    }

    /// Bytes allocated for events, step records and keyframes (not the shown copy, one map's
    /// worth of bytes): what the cap bounds.
    pub fn bytes(&self) -> usize {
        self.event_bytes() + self.keyframe_bytes()
    }

    /// Number of keyframes (not counting one whose pieces are still being copied).
    pub fn keyframe_count(&self) -> usize {
        self.keyframes.len()
    }

    /// Whether a keyframe's pieces are being copied.
    pub fn keyframe_building(&self) -> bool {
        self.building.is_some()
    }

    /// Step `k` (≤ recorded): where its events start and end, and its stats; from the
    /// index, fewer than `INDEX_EVERY` step words away.
    fn locate(&self, k: usize) -> (usize, usize, Stats) {
        let k = k.min(self.recorded());
        let Some(entry) = self.index.get(k / INDEX_EVERY) else {
            return (0, 0, Stats::default());
        };
        let (mut start, mut end, mut stats) = (entry.offset, entry.offset, entry.stats);
        for word in self.steps.iter((k / INDEX_EVERY) * INDEX_EVERY + 1, k + 1) {
            start = end;
            end += advance(&mut stats, word, &self.full);
        }
        if k % INDEX_EVERY == 0 {
            start = end - self.words_of(k).min(end);
        }
        (start, end, stats)
    }

    /// Where the events of step `k` (≤ recorded) end.
    fn end_of(&self, k: usize) -> usize {
        self.locate(k).1
    }

    /// The event words of step `k`.
    fn words_of(&self, k: usize) -> usize {
        match self.steps.get(k) {
            Some(w) if w & ESCAPE != 0 => self
                .full
                .get((w & !ESCAPE) as usize)
                .map_or(0, |f| f.words as usize),
            Some(w) => ((w >> 17) & 63) as usize,
            None => 0,
        }
    }

    /// Makes step `k` (clamped to the recorded steps) the one [`Timeline::states`] and
    /// [`Timeline::stats`] show.
    pub fn seek(&mut self, k: usize) {
        let k = k.min(self.recorded());
        let key = match self.keyframes.binary_search_by_key(&k, |f| f.step) {
            Ok(i) => i,
            Err(i) => i.saturating_sub(1),
        };
        let Some(frame) = self.keyframes.get(key) else {
            return;
        };
        let (start, end, stats) = self.locate(k);
        // Going forward from the step shown beats copying a keyframe when the events it
        // applies are fewer than the keyframe's, or not many more (a piece of the map:
        // stepping through a recording never copies a whole keyframe to cross one).
        let from = match self.shown_step {
            Some(s) if s <= k && self.shown_span.1 + map_piece(self.cells) >= frame.from => {
                self.shown_span.1
            }
            _ => {
                self.shown.clear();
                self.shown.extend_from_slice(&frame.states);
                frame.from
            }
        };
        apply(&self.events, from, end, &mut self.shown);
        self.shown_stats = stats;
        self.shown_step = Some(k);
        self.shown_span = (start, end);
    }

    /// Calls `f(cell)` for every cell whose state byte may differ between the states at step
    /// `a` and at step `b` (either order; `None` is the live end, every event collected): the
    /// cells the events between them set. Past `cells` event words it reads none and
    /// returns false (any cell may differ), as a seek that far copies a keyframe anyway.
    pub fn cells_set_between(
        &self,
        a: Option<usize>,
        b: Option<usize>,
        f: impl FnMut(u32),
    ) -> bool {
        let end = |k: Option<usize>| k.map_or(self.events.len(), |k| self.end_of(k));
        let (x, y) = (end(a), end(b));
        let (from, to) = (x.min(y), x.max(y).min(self.events.len()));
        if to.saturating_sub(from) > self.cells {
            return false;
        }
        let mut f = f;
        for piece in self.events.pieces(from, to) {
            each_cell_set(piece, &mut f);
        }
        true
    }

    /// The step last sought, if any.
    pub fn shown_step(&self) -> Option<usize> {
        self.shown_step
    }

    /// The state bytes at the step last sought.
    pub fn states(&self) -> &[u8] {
        &self.shown
    }

    /// The stats at the step last sought.
    pub fn stats(&self) -> Stats {
        self.shown_stats
    }

    /// The cell expanded at step `k` (1 for the first expansion): the first event of the
    /// step, which every engine records as it closes the node. The step after the last
    /// recorded one is the live search's latest, whose events are all collected.
    pub fn expanded_at(&self, k: usize) -> Option<u32> {
        let (start, end) = self.span(k)?;
        (start < end)
            .then(|| self.events.get(start).map(|word| word & CELL_MASK))
            .flatten()
    }

    /// Where the events of step `k` (1 ≤ k ≤ recorded + 1) start and end; the step after
    /// the last recorded one is the live search's latest.
    fn span(&self, k: usize) -> Option<(usize, usize)> {
        if k == 0 || k > self.steps.len() {
            return None;
        }
        Some(if self.shown_step == Some(k) {
            self.shown_span
        } else if k == self.steps.len() {
            (self.head_offset, self.events.len())
        } else {
            let start = self.end_of(k - 1);
            (start, start + self.words_of(k))
        })
    }

    /// The events of step `k` alone, in order (none for step 0), for the step trace
    /// ([`crate::search::trace`]).
    pub fn step_events(&self, k: usize) -> Vec<Event> {
        self.span(k)
            .map_or_else(Vec::new, |(start, end)| self.decode_range(start, end))
    }

    /// The events recorded after step `k` when it is the last recorded step: what the
    /// search did after its last expansion (a path read off, say). Empty otherwise.
    pub fn events_after(&self, k: usize) -> Vec<Event> {
        if k == 0 || k != self.recorded() {
            return Vec::new();
        }
        self.decode_range(self.head_offset, self.events.len())
    }

    /// The events in the words from `start` to `end` (both on event boundaries), decoded
    /// chunk by chunk: no event spans two.
    fn decode_range(&self, start: usize, end: usize) -> Vec<Event> {
        let mut out = Vec::new();
        for piece in self.events.pieces(start, end) {
            let mut at = 0;
            while let Some((e, next)) = decode(piece, at) {
                out.push(e);
                at = next;
            }
        }
        out
    }

    /// The events of steps 1..=k in order (step 0 is the base the timeline starts from).
    pub fn events_to(&self, k: usize) -> Vec<Event> {
        self.decode_range(0, self.end_of(k.min(self.recorded())))
    }
}

/// Calls `f(cell, state)` for every event in the event words `words` that sets a cell's
/// state byte: the one walk over event words. The hot loop of a seek (up to `cells` events), so it reads the
/// header words in place rather than decoding whole events.
#[inline]
fn each_state_change(words: &[u32], mut f: impl FnMut(u32, u8)) {
    let mut at = 0;
    while let Some(&word) = words.get(at) {
        let state = ((word >> 24) & 15) as u8;
        if state != SAME_STATE {
            f(word & CELL_MASK, state);
        }
        at += if (word >> 28) as u8 == FAR { 4 } else { 1 };
    }
}

/// Applies the events in the words from `from` to `to` to the state bytes `states`.
fn apply(events: &Words, from: usize, to: usize, states: &mut [u8]) {
    for piece in events.pieces(from, to) {
        each_state_change(piece, |cell, state| {
            if let Some(s) = states.get_mut(cell as usize) {
                *s = state;
            }
        });
    }
}

/// Calls `f(cell)` for every cell whose state byte the event words `words` set: all a
/// painter needs to know of a run's events.
pub fn each_cell_set(words: &[u32], mut f: impl FnMut(u32)) {
    each_state_change(words, |cell, _| f(cell));
}

#[cfg(test)]
mod tests;
