//! The search timeline: every state change a search makes, recorded compactly, so the page can
//! show the search as it stood after any number of expansions.
//!
//! # Recording
//!
//! Each engine owns a [`Recorder`], off by default (the CLI and benchmarks pay one branch per
//! state change). The [`crate::Planner`] switches it on, and after every call to `run` moves
//! what was recorded into its [`Timeline`]. An event is one `u32`:
//!
//! | bits | meaning |
//! |---|---|
//! | 0–23 | the cell `y * width + x` (a grid has at most 4096² = 2²⁴ cells) |
//! | 24–27 | its new [`crate::CellState`] byte, or 15 for "unchanged" |
//! | 28–31 | how its node changed: 0–7 its parent is the neighbour `cell − MOVES[d]` and its g is the parent's g plus the step cost; 8 unchanged; 9 a root (g = 0, no parent); 10 a far parent, with the parent and a 64-bit g in the next three words |
//!
//! The textbook algorithms only ever make neighbour parents, so a Dijkstra or A* event is 4
//! bytes; jump points, Theta*'s line-of-sight parents, mesh nodes, and the engines whose g
//! is not a step from the parent (LPA*, D* Lite) use the 16-byte far form.
//!
//! Step boundaries: before each expansion the engine calls [`Recorder::mark`], which ends
//! the previous step: its end offset in the event list and its [`Stats`] as a one-word delta
//! from the step before (an escape to a full copy when a counter jumps too far).
//!
//! # Seeking
//!
//! The timeline keeps keyframes — a copy of the state bytes and the stats — whenever at least
//! `width × height` events were recorded since the last one, so keyframes take at most a
//! quarter of the events' memory. Showing step k copies the keyframe at or before k and
//! applies at most `width × height` events: linear in the map's size, whatever the length of
//! the run. Moving forward from the step shown applies only the events between.
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

use crate::grid::Movement;
use crate::search::{step_units, Searcher, Stats, MOVES};

/// The most memory a timeline's events, step records and keyframes may take (128 MiB).
pub const MAX_TIMELINE_BYTES: usize = 128 << 20;

/// The most memory the searcher checkpoints of a timeline may take (64 MiB).
pub const MAX_CHECKPOINT_BYTES: usize = 64 << 20;

const CELL_MASK: u32 = (1 << 24) - 1;
/// State nibble: the cell's state byte does not change.
pub(crate) const SAME_STATE: u8 = 15;
/// Node code: g and parent do not change.
pub(crate) const SAME_NODE: u8 = 8;
/// Node code: a root node, g = 0 and no parent.
pub(crate) const ROOT: u8 = 9;
/// Node code: a far parent; the parent cell, then g's low and high words follow.
pub(crate) const FAR: u8 = 10;
/// The parent word of a far event whose node has no parent.
pub const NO_PARENT: u32 = u32::MAX;

/// The stats word's escape bit: the low bits index the full copies.
const ESCAPE: u32 = 1 << 31;

/// One engine's recording since the planner last collected it.
#[derive(Clone, Debug, Default)]
pub struct Recorder {
    on: bool,
    events: Vec<u32>,
    ends: Vec<u32>,
    deltas: Vec<u32>,
    full: Vec<Stats>,
    prev: Stats,
    marked: Option<u64>,
}

impl Recorder {
    /// Whether events are being recorded.
    #[inline(always)]
    pub fn is_on(&self) -> bool {
        self.on
    }

    /// Starts recording from a search whose counters are `stats` now (its step 0).
    pub fn start(&mut self, stats: &Stats) {
        *self = Recorder {
            on: true,
            prev: *stats,
            marked: Some(stats.expanded),
            ..Recorder::default()
        };
    }

    /// Stops recording and forgets what was not collected.
    pub fn stop(&mut self) {
        *self = Recorder::default();
    }

    /// Cell `cell` took state byte `state` (or [`SAME_STATE`]) and its node changed as
    /// `code` says (a move index 0–7, [`SAME_NODE`] or [`ROOT`]).
    #[inline(always)]
    pub(crate) fn event(&mut self, cell: u32, state: u8, code: u8) {
        if self.on {
            self.events.push(
                (cell & CELL_MASK) | (u32::from(state & 15) << 24) | (u32::from(code & 15) << 28),
            );
        }
    }

    /// Cell `cell` took state byte `state` (or [`SAME_STATE`]), parent `parent` (or
    /// [`NO_PARENT`]) and cost `g` in the engine's units.
    #[inline]
    pub(crate) fn far(&mut self, cell: u32, state: u8, parent: u32, g: u64) {
        if self.on {
            self.events.extend_from_slice(&[
                (cell & CELL_MASK) | (u32::from(state & 15) << 24) | (u32::from(FAR) << 28),
                parent,
                g as u32,
                (g >> 32) as u32,
            ]);
        }
    }

    /// Ends the step of `stats.expanded` expansions: called before each expansion (again
    /// for the same count is harmless).
    #[inline]
    pub(crate) fn mark(&mut self, stats: &Stats) {
        if !self.on || self.marked == Some(stats.expanded) {
            return;
        }
        self.marked = Some(stats.expanded);
        self.ends.push(self.events.len() as u32);
        let word = pack(&self.prev, stats).unwrap_or_else(|| {
            self.full.push(*stats);
            ESCAPE | (self.full.len() - 1) as u32
        });
        self.deltas.push(word);
        self.prev = *stats;
    }
}

/// The stats after a step as one word of deltas from `prev`, or `None` when a counter moved
/// too far (or went down) to fit.
fn pack(prev: &Stats, now: &Stats) -> Option<u32> {
    let d = |a: u64, b: u64, bits: u32| b.checked_sub(a).filter(|&v| v < (1 << bits));
    let expanded = d(prev.expanded, now.expanded, 1)?;
    let generated = d(prev.generated, now.generated, 6)?;
    let reopened = d(prev.reopened, now.reopened, 4)?;
    let updated = d(prev.updated, now.updated, 6)?;
    let max_open = d(prev.max_open, now.max_open, 6)?;
    let open = now.open_size as i64 - prev.open_size as i64;
    if !(-128..128).contains(&open) || now.path_cost != prev.path_cost {
        return None;
    }
    if now.path_moves != prev.path_moves {
        return None;
    }
    Some(
        (expanded as u32)
            | (generated as u32) << 1
            | (reopened as u32) << 7
            | (updated as u32) << 11
            | (max_open as u32) << 17
            | ((open + 128) as u32) << 23,
    )
}

/// The stats `word` (from [`pack`]) says follow `prev`.
fn unpack(prev: &Stats, word: u32, full: &[Stats]) -> Stats {
    if word & ESCAPE != 0 {
        return full
            .get((word & !ESCAPE) as usize)
            .copied()
            .unwrap_or(*prev);
    }
    let field = |shift: u32, bits: u32| u64::from((word >> shift) & ((1 << bits) - 1));
    Stats {
        expanded: prev.expanded + field(0, 1),
        generated: prev.generated + field(1, 6),
        reopened: prev.reopened + field(7, 4),
        updated: prev.updated + field(11, 6),
        max_open: prev.max_open + field(17, 6),
        open_size: (prev.open_size as i64 + field(23, 8) as i64 - 128).max(0) as u64,
        ..*prev
    }
}

/// A copy of the state bytes and stats after a step.
#[derive(Clone, Debug)]
struct Keyframe {
    step: usize,
    states: Vec<u8>,
    stats: Stats,
}

/// The recorded history of one search, from its step 0.
#[derive(Clone, Debug, Default)]
pub struct Timeline {
    cells: usize,
    events: Vec<u32>,
    /// Per recorded step: where its events end in `events`.
    ends: Vec<u32>,
    /// Per recorded step: its stats, packed (see [`pack`]); step 0's is the base stats.
    deltas: Vec<u32>,
    full: Vec<Stats>,
    keyframes: Vec<Keyframe>,
    /// The state bytes after the last recorded step, to take keyframes from.
    head: Vec<u8>,
    head_stats: Stats,
    /// Events applied to `head` since the last keyframe.
    since_key: usize,
    complete: bool,
    /// The step shown by [`Timeline::seek`], its state bytes and stats.
    shown_step: Option<usize>,
    shown: Vec<u8>,
    shown_stats: Stats,
    cap: usize,
    /// The last step applied to `head`.
    head_at: usize,
    /// Events recorded (a far event is one event of four words).
    event_count: usize,
}

/// What one event says: the cell, its new state byte (or [`SAME_STATE`]), its node code, and
/// for a far event its parent and g.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Event {
    /// The cell, `y * width + x`.
    pub cell: u32,
    /// Its new state byte, or 15 when unchanged.
    pub state: u8,
    /// Node code: 0–7 a neighbour parent, 8 unchanged, 9 root, 10 far.
    pub code: u8,
    /// A far event's parent cell (or `u32::MAX` for none).
    pub parent: u32,
    /// A far event's g, in the engine's fixed-point units.
    pub g: u64,
}

/// Decodes the event at `at` in `events`, and returns it with the offset of the next one.
fn decode(events: &[u32], at: usize) -> Option<(Event, usize)> {
    let word = *events.get(at)?;
    let code = (word >> 28) as u8;
    let mut event = Event {
        cell: word & CELL_MASK,
        state: ((word >> 24) & 15) as u8,
        code,
        parent: NO_PARENT,
        g: 0,
    };
    if code == FAR {
        let tail = events.get(at + 1..at + 4)?;
        event.parent = tail[0];
        event.g = u64::from(tail[1]) | u64::from(tail[2]) << 32;
        return Some((event, at + 4));
    }
    Some((event, at + 1))
}

impl Timeline {
    /// A timeline starting at step 0 = a search whose state bytes are `states` and counters
    /// `stats`, capped at `cap` bytes.
    pub fn new(states: &[u8], stats: &Stats, cap: usize) -> Timeline {
        Timeline {
            cells: states.len(),
            ends: vec![0],
            deltas: vec![ESCAPE],
            full: vec![*stats],
            keyframes: vec![Keyframe {
                step: 0,
                states: states.to_vec(),
                stats: *stats,
            }],
            head: states.to_vec(),
            head_stats: *stats,
            complete: true,
            cap,
            ..Timeline::default()
        }
    }

    /// Moves what `recorder` recorded into the timeline; stops it when the cap is reached.
    pub fn collect(&mut self, recorder: &mut Recorder) {
        if !self.complete || !recorder.on {
            return;
        }
        let base = self.events.len() as u32;
        let full_base = self.full.len() as u32;
        let mut at = 0;
        while let Some((_, next)) = decode(&recorder.events, at) {
            self.event_count += 1;
            at = next;
        }
        self.events.append(&mut recorder.events);
        self.ends.extend(recorder.ends.drain(..).map(|e| e + base));
        self.deltas.extend(recorder.deltas.drain(..).map(|w| {
            if w & ESCAPE != 0 {
                w + full_base
            } else {
                w
            }
        }));
        self.full.append(&mut recorder.full);
        self.advance_head();
        if self.bytes() > self.cap {
            // Keep the steps recorded so far and nothing after them.
            self.complete = false;
            let end = self.ends.last().copied().unwrap_or(0) as usize;
            let mut at = end;
            while let Some((_, next)) = decode(&self.events, at) {
                self.event_count -= 1;
                at = next;
            }
            self.events.truncate(end);
            self.events.shrink_to_fit();
            recorder.stop();
        }
    }

    /// Applies the recorded steps after the head to it, taking keyframes on the way.
    fn advance_head(&mut self) {
        let mut step = self.head_at;
        let mut at = self.ends.get(step).copied().unwrap_or(0) as usize;
        while step + 1 < self.ends.len() {
            step += 1;
            let end = self.ends[step] as usize;
            self.since_key += apply(&self.events, at, end, &mut self.head);
            at = end;
            self.head_stats = unpack(&self.head_stats, self.deltas[step], &self.full);
            // A keyframe once as many events as cells went by: keyframes then take at most
            // a quarter of the events' bytes, and a seek applies at most `cells` events.
            if self.since_key >= self.cells.max(4096) {
                self.keyframes.push(Keyframe {
                    step,
                    states: self.head.clone(),
                    stats: self.head_stats,
                });
                self.since_key = 0;
            }
        }
        self.head_at = step;
    }

    /// The last step recorded in full (0 when only the start is).
    pub fn recorded(&self) -> usize {
        self.ends.len().saturating_sub(1)
    }

    /// False once recording stopped at the memory cap.
    pub fn complete(&self) -> bool {
        self.complete
    }

    /// Events recorded.
    pub fn event_count(&self) -> usize {
        self.event_count
    }

    /// Event words recorded (a far event takes four).
    pub fn event_words(&self) -> usize {
        self.events.len()
    }

    /// Bytes held by the events and step records (allocated, so growth slack counts).
    pub fn event_bytes(&self) -> usize {
        4 * (self.events.capacity() + self.ends.capacity() + self.deltas.capacity())
            + self.full.capacity() * std::mem::size_of::<Stats>()
    }

    /// Bytes held by the keyframes.
    pub fn keyframe_bytes(&self) -> usize {
        self.keyframes.iter().map(|k| k.states.len()).sum::<usize>()
            + self.keyframes.len() * std::mem::size_of::<Keyframe>()
    }

    /// Bytes held by events, step records and keyframes (not the head and shown copies,
    /// one map's worth of bytes each).
    pub fn bytes(&self) -> usize {
        self.event_bytes() + self.keyframe_bytes()
    }

    /// Number of keyframes.
    pub fn keyframe_count(&self) -> usize {
        self.keyframes.len()
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
        // Going forward from the step shown beats copying a keyframe when it is nearer.
        let from = match self.shown_step {
            Some(s) if s <= k && s >= frame.step => s,
            _ => {
                self.shown.clear();
                self.shown.extend_from_slice(&frame.states);
                self.shown_stats = frame.stats;
                frame.step
            }
        };
        let start = self.ends[from] as usize;
        let end = self.ends[k] as usize;
        apply(&self.events, start, end, &mut self.shown);
        for step in from + 1..=k {
            self.shown_stats = unpack(&self.shown_stats, self.deltas[step], &self.full);
        }
        self.shown_step = Some(k);
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
    /// step, which every engine records as it closes the node.
    pub fn expanded_at(&self, k: usize) -> Option<u32> {
        if k == 0 || k > self.ends.len() {
            return None;
        }
        // The step after the last mark ends with the events recorded so far.
        let end = self.ends.get(k).map_or(self.events.len(), |&e| e as usize);
        let at = self.ends[k - 1] as usize;
        (at < end)
            .then(|| decode(&self.events, at).map(|(e, _)| e.cell))
            .flatten()
    }

    /// The events of steps 1..=k in order (step 0 is the base the timeline starts from).
    pub fn events_to(&self, k: usize) -> Vec<Event> {
        let end = self.ends.get(k.min(self.recorded())).copied().unwrap_or(0) as usize;
        let mut out = Vec::new();
        let mut at = 0;
        while at < end {
            let Some((e, next)) = decode(&self.events, at) else {
                break;
            };
            out.push(e);
            at = next;
        }
        out
    }
}

/// Applies the events in `events[from..to]` to the state bytes `states`; returns how many.
fn apply(events: &[u32], from: usize, to: usize, states: &mut [u8]) -> usize {
    let mut at = from;
    let mut n = 0;
    while at < to {
        let Some((e, next)) = decode(events, at) else {
            break;
        };
        if e.state != SAME_STATE {
            if let Some(s) = states.get_mut(e.cell as usize) {
                *s = e.state;
            }
        }
        n += 1;
        at = next;
    }
    n
}

/// g and parent of every cell after replaying events, per search side (forward, backward).
#[derive(Clone, Debug)]
pub struct NodeReplay {
    /// The state bytes.
    pub states: Vec<u8>,
    /// Per side, per cell: g in engine units and the parent cell, if the cell has a node.
    pub nodes: [Vec<Option<(u64, u32)>>; 2],
}

/// Replays `events` on top of a base (state bytes and the nodes the search starts with) to
/// recover every cell's g and parent: a neighbour parent's step costs `units[diagonal]
/// [terrain]` of the cell entered (the cell itself forwards, its parent on the backward
/// side, whose state bytes are 6 and 7) with `movement`'s costs; a far event carries its g.
pub fn replay_nodes(
    base: &NodeReplay,
    events: &[Event],
    width: u32,
    cells: &[u8],
    movement: &Movement,
) -> NodeReplay {
    let units = step_units(movement);
    let mut r = base.clone();
    let w = i64::from(width);
    for e in events {
        let c = e.cell as usize;
        if e.state != SAME_STATE {
            if let Some(s) = r.states.get_mut(c) {
                *s = e.state;
            }
        }
        let back = matches!(r.states.get(c), Some(6 | 7));
        let side = &mut r.nodes[usize::from(back)];
        let node = match e.code {
            0..=7 => {
                let (dx, dy) = MOVES[usize::from(e.code)];
                let p = (i64::from(e.cell) - dy * w - dx) as u32;
                let entered = if back { p } else { e.cell };
                let terrain = cells.get(entered as usize).copied().unwrap_or(0);
                let step = units[usize::from(e.code >= 4)][usize::from(terrain & 7)];
                side.get(p as usize)
                    .copied()
                    .flatten()
                    .map(|(g, _)| (g + step, p))
            }
            ROOT => Some((0, NO_PARENT)),
            FAR => Some((e.g, e.parent)),
            _ => continue,
        };
        if let Some(slot) = side.get_mut(c) {
            *slot = node;
        }
    }
    r
}

/// Searcher copies taken every `interval` steps, within [`MAX_CHECKPOINT_BYTES`], to rebuild
/// a search at any step by running a copy forward.
#[derive(Clone, Debug, Default)]
pub struct Checkpoints {
    saved: Vec<(usize, Box<dyn Searcher>)>,
    interval: usize,
    limit: usize,
    /// The search last rebuilt, and its step.
    built: Option<(usize, Box<dyn Searcher>)>,
}

impl Checkpoints {
    /// Starts with a copy of `search` at step 0, on a map of `cells` cells.
    pub fn new(search: &dyn Searcher, cells: usize) -> Checkpoints {
        // A searcher holds 21–43 bytes per cell (state, g, parent, expansion and heap slot;
        // twice for bidirectional search): budget 48. Step 0 and one more are always kept.
        let each = cells.max(1) * 48;
        let limit = (MAX_CHECKPOINT_BYTES / each).clamp(2, 64);
        let mut c = Checkpoints {
            saved: Vec::new(),
            interval: 256,
            limit,
            built: None,
        };
        c.save(0, search);
        c
    }

    fn save(&mut self, step: usize, search: &dyn Searcher) {
        let mut copy = search.clone_box();
        copy.recorder().stop();
        self.saved.push((step, copy));
    }

    /// How many steps the planner may run before offering the next checkpoint.
    pub fn interval(&self) -> usize {
        self.interval
    }

    /// Offers the live search at `step`; kept when it is an interval past the last one.
    pub fn offer(&mut self, step: usize, search: &dyn Searcher) {
        let last = self.saved.last().map_or(0, |s| s.0);
        if step < last + self.interval {
            return;
        }
        self.save(step, search);
        if self.saved.len() > self.limit {
            // Thin out: keep every other checkpoint (step 0 stays) and space new ones wider.
            let mut i = 0;
            self.saved.retain(|_| {
                i += 1;
                i % 2 == 1
            });
            self.interval *= 2;
        }
    }

    /// Checkpoints held.
    pub fn count(&self) -> usize {
        self.saved.len()
    }

    /// The search as it stood after `step` expansions, rebuilt from the nearest checkpoint
    /// (or the last one rebuilt, when nearer) by running it forward on `grid`.
    pub fn build(&mut self, step: usize, grid: &crate::Grid) -> Option<&dyn Searcher> {
        let reuse = self
            .built
            .as_ref()
            .is_some_and(|(s, _)| *s <= step && self.nearest(step).is_none_or(|n| n <= *s));
        if !reuse {
            let i = self
                .saved
                .partition_point(|(s, _)| *s <= step)
                .checked_sub(1)?;
            let (s, search) = &self.saved[i];
            self.built = Some((*s, search.clone_box()));
        }
        let (s, search) = self.built.as_mut()?;
        if step > *s {
            let todo = (step - *s) as u64;
            let _ = search.run(grid, crate::Budget::Expansions(todo), &|| 0.0);
            *s = step;
        }
        Some(self.built.as_ref()?.1.as_ref())
    }

    fn nearest(&self, step: usize) -> Option<usize> {
        let i = self
            .saved
            .partition_point(|(s, _)| *s <= step)
            .checked_sub(1)?;
        Some(self.saved[i].0)
    }
}

/// One entry of the open list, for the page's open-list panel.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct OpenEntry {
    /// The cell.
    pub x: u32,
    /// The cell.
    pub y: u32,
    /// Its cost so far (its side's, for bidirectional search).
    pub g: f64,
    /// Its heuristic estimate.
    pub h: f64,
    /// The value it is ranked by (g + w·h, g, h; for Breadth-First its g).
    pub f: f64,
    /// Bidirectional search: `forward` or `backward`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub direction: Option<&'static str>,
    /// LPA* and D* Lite: the two-part key.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub key: Option<[f64; 2]>,
}
