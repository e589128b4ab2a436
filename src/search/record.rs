//! The search recorder: every state change a search makes, as compact event words, so the
//! timeline ([`crate::timeline`]) can show the search as it stood after any number of
//! expansions. This is the engines' side (recording hooks); the timeline reads what they
//! wrote.
//!
//! # Events
//!
//! An event is one `u32`:
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
//! # Steps
//!
//! Before each expansion the engine calls `Recorder::mark`, which ends the previous step in
//! one word: its [`Stats`] as deltas from the step before and its number of event words (an
//! escape to a full record when something does not fit, `pack`).

use super::core::Stats;

pub(crate) const CELL_MASK: u32 = (1 << 24) - 1;
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

/// The step word's escape bit: the low bits index the full step records.
pub(crate) const ESCAPE: u32 = 1 << 31;

/// A step that does not fit in one word: its stats in full and its event words.
#[derive(Clone, Copy, Debug)]
pub(crate) struct FullStep {
    pub(crate) stats: Stats,
    pub(crate) words: u32,
}

/// Steps between two entries of the timeline's index of steps.
pub(crate) const INDEX_EVERY: usize = 256;

/// An entry of the timeline's index of steps: where the events of step `INDEX_EVERY · i`
/// end, and its stats as the step words give them back ([`advance`]).
#[derive(Clone, Copy, Debug)]
pub(crate) struct IndexEntry {
    pub(crate) offset: usize,
    pub(crate) stats: Stats,
}

/// Words of a recorder's largest chunks (256 KiB); its first holds [`FIRST_CHUNK`], and
/// each next one twice the last, up to this.
pub(crate) const RECORD_CHUNK: usize = 1 << 16;

/// Words of a recorder's first chunk (4 KiB): a short search allocates no more than it
/// needs.
pub(crate) const FIRST_CHUNK: usize = 1 << 10;

/// Words recorded since the last collection, in chunks that are never grown: a full one is
/// set aside whole and the next written, so recording copies nothing as it grows (a
/// doubling vector copied all it held, 15 times before reaching 64 Ki words), and the
/// timeline takes the full chunks as they are. An event's words always lie in one chunk.
#[derive(Clone, Debug, Default)]
pub(crate) struct Batch {
    /// Full chunks, oldest first.
    pub(crate) filled: Vec<Vec<u32>>,
    /// The chunk being written.
    pub(crate) open: Vec<u32>,
    /// Words in `filled`.
    filled_len: usize,
}

impl Batch {
    /// Appends `word`.
    #[inline(always)]
    pub(crate) fn push(&mut self, word: u32) {
        if self.open.len() == self.open.capacity() {
            self.next_chunk();
        }
        self.open.push(word);
    }

    /// Appends `words`, all in one chunk.
    #[inline(always)]
    pub(crate) fn extend(&mut self, words: &[u32]) {
        if self.open.capacity() - self.open.len() < words.len() {
            self.next_chunk();
        }
        self.open.extend_from_slice(words);
    }

    #[cold]
    #[inline(never)]
    fn next_chunk(&mut self) {
        let capacity = (self.open.capacity() * 2).clamp(FIRST_CHUNK, RECORD_CHUNK);
        let full = std::mem::replace(&mut self.open, Vec::with_capacity(capacity));
        if !full.is_empty() {
            self.filled_len += full.len();
            self.filled.push(full);
        }
    }

    /// Words held.
    #[inline(always)]
    pub(crate) fn len(&self) -> usize {
        self.filled_len + self.open.len()
    }

    /// The words held, chunk by chunk in order.
    pub(crate) fn pieces(&self) -> impl Iterator<Item = &[u32]> {
        self.filled
            .iter()
            .map(Vec::as_slice)
            .chain(std::iter::once(self.open.as_slice()))
    }

    /// Empties the batch, keeping the open chunk's allocation (the full ones are dropped:
    /// the timeline takes them as they fill, so a batch holds them only between two
    /// collections).
    pub(crate) fn clear(&mut self) {
        self.filled.clear();
        self.filled_len = 0;
        self.open.clear();
    }

    /// Gives up the full chunks, oldest first (the open one stays).
    pub(crate) fn take_filled(&mut self) -> Vec<Vec<u32>> {
        self.filled_len = 0;
        std::mem::take(&mut self.filled)
    }
}

/// One engine's recording since the planner last collected it.
#[derive(Clone, Debug, Default)]
pub struct Recorder {
    pub(crate) on: bool,
    pub(crate) events: Batch,
    /// One word per ended step (see [`pack`]).
    pub(crate) steps: Batch,
    pub(crate) full: Vec<FullStep>,
    /// Index entries of the steps ended since the last collection (every
    /// [`INDEX_EVERY`]th step), so the timeline never walks the step words to index them.
    pub(crate) index: Vec<IndexEntry>,
    /// The stats of the step before as the step words give them back: a full copy at an
    /// escape, else only the fields `pack` reads are brought up to date (so its `expanded`
    /// is the count at the last mark).
    prev: Stats,
    /// Steps ended since recording started.
    ended: usize,
    /// Event words already collected, and the total (collected or not) at the last mark.
    pub(crate) collected: usize,
    last_end: usize,
    /// Full step records already collected: escapes made now index past them.
    pub(crate) full_collected: usize,
    /// Far events (four words each) recorded since the last collection: the events are the
    /// words less three per far event.
    pub(crate) far_count: usize,
}

impl Recorder {
    /// Whether events are being recorded.
    #[inline(always)]
    pub fn is_on(&self) -> bool {
        self.on
    }

    /// Starts recording from a search whose counters are `stats` now (its step 0, whose
    /// full record is the timeline's first). The buffers of the last recording are kept,
    /// emptied: the page restarts a recorded search for every query, and allocating and
    /// freeing them each time was a third of what recording cost a query on a small map.
    pub fn start(&mut self, stats: &Stats) {
        self.clear();
        self.on = true;
        self.prev = *stats;
        self.full_collected = 1;
    }

    /// Stops recording and forgets what was not collected (its buffers are kept, empty, for
    /// the next [`Recorder::start`]).
    pub fn stop(&mut self) {
        self.clear();
    }

    /// Off, nothing held, the buffers' allocations kept. Every field is named (no `..`), so
    /// a field added later must be reset here too.
    fn clear(&mut self) {
        let Recorder {
            on,
            events,
            steps,
            full,
            index,
            prev,
            ended,
            collected,
            last_end,
            full_collected,
            far_count,
        } = self;
        *on = false;
        events.clear();
        steps.clear();
        full.clear();
        index.clear();
        *prev = Stats::default();
        *ended = 0;
        *collected = 0;
        *last_end = 0;
        *full_collected = 0;
        *far_count = 0;
    }

    /// Cell `cell` took state byte `state` (or [`SAME_STATE`]) and its node changed as
    /// `code` says (a move index 0–7, [`SAME_NODE`] or [`ROOT`]). The push is inline (its
    /// next chunk is not): the page records every search, and an out-of-line push was a
    /// third of what recording cost a wasm query (Chromium's profiler), for 0.3 KB of wasm.
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
    #[inline(always)]
    pub(crate) fn far(&mut self, cell: u32, state: u8, parent: u32, g: u64) {
        if self.on {
            self.push_far(cell, state, parent, g);
        }
    }

    #[inline(never)]
    fn push_far(&mut self, cell: u32, state: u8, parent: u32, g: u64) {
        self.far_count += 1;
        self.events.extend(&[
            (cell & CELL_MASK) | (u32::from(state & 15) << 24) | (u32::from(FAR) << 28),
            parent,
            g as u32,
            (g >> 32) as u32,
        ]);
    }

    /// Where the events of the last ended step end, counting collected words.
    pub(crate) fn last_end(&self) -> usize {
        self.last_end
    }

    /// Ends the step of `stats.expanded` expansions: called before each expansion (again
    /// for the same count is harmless).
    #[inline(always)]
    pub(crate) fn mark(&mut self, stats: &Stats) {
        if self.on {
            self.mark_step(stats);
        }
    }

    /// The recording half of [`Recorder::mark`]: one step word, and the index entry every
    /// [`INDEX_EVERY`]th step. Inline behind the flag (out of line it cost 20 more
    /// instructions an expansion, callgrind, with none saved when recording is off); escapes
    /// and index entries are out of line, as rare.
    #[inline(always)]
    fn mark_step(&mut self, stats: &Stats) {
        if self.prev.expanded == stats.expanded {
            return;
        }
        let end = self.collected + self.events.len();
        let words = end - self.last_end;
        self.last_end = end;
        let word = match pack(&self.prev, stats, words) {
            Some(word) => {
                // Only the fields `pack` reads, one by one: copying the whole `Stats` (104
                // bytes) made the page's optimised-for-size wasm call `memory.copy` once per
                // expansion, a third of this function's time in V8.
                let prev = &mut self.prev;
                prev.expanded = stats.expanded;
                prev.generated = stats.generated;
                prev.reopened = stats.reopened;
                prev.updated = stats.updated;
                prev.open_size = stats.open_size;
                prev.max_open = stats.max_open;
                word
            }
            None => self.escape(stats, words),
        };
        self.steps.push(word);
        self.ended += 1;
        if self.ended % INDEX_EVERY == 0 {
            self.index_entry(end);
        }
    }

    /// A step that does not fit in a word: its full record, and the escape word to it.
    #[cold]
    #[inline(never)]
    fn escape(&mut self, stats: &Stats, words: usize) -> u32 {
        self.prev = *stats;
        self.full.push(FullStep {
            stats: *stats,
            words: words as u32,
        });
        ESCAPE | (self.full_collected + self.full.len() - 1) as u32
    }

    #[cold]
    #[inline(never)]
    fn index_entry(&mut self, offset: usize) {
        self.index.push(IndexEntry {
            offset,
            stats: self.prev,
        });
    }
}

/// A step as one word: the deltas of its stats from `prev` and its `words` of events, or
/// `None` when something does not fit (a counter jumped or went down, a path was found: the
/// path fields are then unchanged in a packed step, so `prev` needs no update of them).
/// `max_open` is not stored: it must be `max(prev.max_open, open_size)`, true whenever the
/// open list only shrinks by the one pop at the start of a step.
#[inline]
fn pack(prev: &Stats, now: &Stats, words: usize) -> Option<u32> {
    // Wrapping differences: a counter that went down wraps to a huge value, so one test of
    // the bits above each field's width catches both "too far" and "went down".
    let expanded = now.expanded.wrapping_sub(prev.expanded);
    let generated = now.generated.wrapping_sub(prev.generated);
    let reopened = now.reopened.wrapping_sub(prev.reopened);
    let updated = now.updated.wrapping_sub(prev.updated);
    let open = now.open_size.wrapping_sub(prev.open_size).wrapping_add(128);
    let overflow =
        (expanded >> 1) | (generated >> 6) | (reopened >> 4) | (updated >> 6) | (open >> 8);
    let fits = overflow == 0
        && words < 64
        && now.max_open == prev.max_open.max(now.open_size)
        && now.path_moves == prev.path_moves
        && now.path_cost.map(f64::to_bits) == prev.path_cost.map(f64::to_bits);
    fits.then_some(
        (expanded as u32)
            | (generated as u32) << 1
            | (reopened as u32) << 7
            | (updated as u32) << 11
            | (words as u32) << 17
            | (open as u32) << 23,
    )
}

/// Moves `stats` from a step's to the next one's by that step's `word` (from [`pack`]), in
/// place, and returns the step's event words.
#[inline]
pub(crate) fn advance(stats: &mut Stats, word: u32, full: &[FullStep]) -> usize {
    if word & ESCAPE != 0 {
        return full.get((word & !ESCAPE) as usize).map_or(0, |f| {
            *stats = f.stats;
            f.words as usize
        });
    }
    let field = |shift: u32, bits: u32| u64::from((word >> shift) & ((1 << bits) - 1));
    stats.open_size = (stats.open_size as i64 + field(23, 8) as i64 - 128).max(0) as u64;
    stats.expanded += field(0, 1);
    stats.generated += field(1, 6);
    stats.reopened += field(7, 4);
    stats.updated += field(11, 6);
    stats.max_open = stats.max_open.max(stats.open_size);
    field(17, 6) as usize
}

/// What one event says: the cell, its new state byte (or 15, unchanged), its node code, and
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
#[inline]
pub(crate) fn decode(events: &[u32], at: usize) -> Option<(Event, usize)> {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_batch_fills_chunks_without_growing_them_and_never_splits_an_event() {
        let mut b = Batch::default();
        let mut n = 0u32;
        while b.filled.len() < 8 {
            b.push(n);
            n += 1;
        }
        let capacities: Vec<usize> = b.filled.iter().map(Vec::capacity).collect();
        let lens: Vec<usize> = b.filled.iter().map(Vec::len).collect();
        assert_eq!(capacities, lens, "full chunks, never grown");
        assert_eq!(capacities[0], FIRST_CHUNK);
        assert_eq!(capacities[7], RECORD_CHUNK);
        let words: Vec<u32> = b.pieces().flatten().copied().collect();
        assert_eq!(words, (0..n).collect::<Vec<_>>());
        // A far event's four words do not fit in the two left: they start the next chunk.
        while b.open.capacity() - b.open.len() > 2 {
            b.push(0);
        }
        let before = b.filled.len();
        b.extend(&[1, 2, 3, 4]);
        assert_eq!(b.filled.len(), before + 1);
        assert_eq!(b.open, [1, 2, 3, 4]);
        let total = b.len();
        assert_eq!(b.take_filled().len(), before + 1);
        assert_eq!((b.len(), total > 4), (4, true));
    }
}
