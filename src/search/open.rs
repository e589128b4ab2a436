//! The open list: a binary min-heap, and in front of it a stack for the entries known to
//! leave before everything in the heap.
//!
//! Entries are totally ordered — key, then larger tie value, then insertion number — so the
//! order in which cells leave is fixed by the entries alone, whatever the heap's shape.
//!
//! **Finding an entry again.** Dijkstra and A* move a cell's entry up when a cheaper path to
//! it turns up (decrease-key). The list keeps no position array of its own: it tells its
//! [`Slots`] where each entry is whenever it moves it (the textbook engine keeps the slot in
//! the node word of the open cell, where g lives once the cell is closed), so finding an
//! entry costs no memory per cell. Searches whose memory layout makes that awkward
//! (bidirectional A*, the node mesh) use lazy deletion instead ([`Liveness::tracked`] false): a
//! cheaper path pushes a second entry and the first goes stale, skipped when it reaches the
//! front. Either way the live entries leave in the same total order.
//!
//! **The tie stack.** Call `P` the entry popped last: every entry still in the list comes
//! after it. A new entry with `P`'s key and a larger tie (for A*: a successor on the same f
//! with a larger g, the typical step towards the goal across open ground) therefore comes
//! before every entry already in the list, and goes on a stack instead of into the heap, in
//! order among the entries pushed since `P`. The stack stays sorted (best last), and a pop
//! takes the better of its last entry and the heap's root: the same total order, with many
//! pushes and pops costing O(1) instead of a sift through the heap. An entry improved while
//! on the stack is left there, stale (its cell's slot moves to the new entry), and dropped
//! when it reaches the top.

/// One open cell and its priority.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Entry {
    /// The algorithm's key, smaller first.
    pub key: u64,
    /// The tie-breaker, larger first: g for every algorithm but Breadth-First (0: pure FIFO).
    pub tie: u64,
    /// Insertion number in the high 36 bits, smaller first, so entries equal on key and tie
    /// leave in insertion order; then 4 bits the owner may use (the textbook engine keeps the
    /// move an open cell was reached by there, [`Entry::with_link`]); the cell
    /// `y * width + x` in the low 24 bits (a grid has at most 4096² = 2²⁴ cells). Packed so an
    /// entry is 24 bytes, not 32; insertion numbers are unique, so the bits below them never
    /// decide an order.
    pub seq_cell: u64,
}

const CELL_BITS: u32 = 24;
const LINK_SHIFT: u32 = CELL_BITS;
const SEQ_SHIFT: u32 = CELL_BITS + 4;

/// Slots at or above this are stack positions (`STACK_SLOT + index`); below, heap positions.
pub(crate) const STACK_SLOT: u64 = 1 << 40;

impl Entry {
    /// An entry for `cell` with insertion number `seq`.
    #[inline(always)]
    pub fn new(key: u64, tie: u64, seq: u64, cell: u32) -> Entry {
        Entry::linked(key, tie, seq, cell, 0)
    }

    /// An entry for `cell` with insertion number `seq` and owner bits `link` (below 16): what
    /// `Entry::new(..).with_link(link)` gives, built in one go.
    #[inline(always)]
    pub fn linked(key: u64, tie: u64, seq: u64, cell: u32, link: u64) -> Entry {
        Entry {
            key,
            tie,
            seq_cell: (seq << SEQ_SHIFT) | (link << LINK_SHIFT) | u64::from(cell),
        }
    }

    /// The entry with its four owner bits set to `link`.
    #[inline(always)]
    pub fn with_link(self, link: u64) -> Entry {
        Entry {
            seq_cell: (self.seq_cell & !(15 << LINK_SHIFT)) | ((link & 15) << LINK_SHIFT),
            ..self
        }
    }

    /// The four owner bits.
    #[inline(always)]
    pub fn link(&self) -> u64 {
        (self.seq_cell >> LINK_SHIFT) & 15
    }

    /// The cell, `y * width + x`.
    #[inline(always)]
    pub fn cell(&self) -> u32 {
        (self.seq_cell & ((1 << CELL_BITS) - 1)) as u32
    }

    /// Whether `self` leaves the open list before `other`.
    #[inline(always)]
    fn before(&self, other: &Entry) -> bool {
        if self.key != other.key {
            return self.key < other.key;
        }
        if self.tie != other.tie {
            return self.tie > other.tie;
        }
        self.seq_cell < other.seq_cell
    }
}

/// Which of the open list's entries still stand, as its owner knows.
pub(crate) trait Liveness {
    /// Whether each cell's slot is kept up to date ([`Slots`]), so [`OpenList::improve`] can
    /// move its entry up in place and heap entries never go stale. When false, a better
    /// entry is pushed beside the old one, and [`Liveness::live`] tells them apart. (A method
    /// rather than a constant, so the panels' readers can take any list as `&dyn Liveness`;
    /// in the generic hot paths it folds to a constant all the same.)
    fn tracked(&self) -> bool;
    /// Whether `entry`, found at `slot`, is its cell's current entry (tracked: whether the
    /// cell is open with that slot; untracked: whether the entry is its cell's newest).
    fn live(&self, entry: &Entry, slot: u64) -> bool;
}

/// Where the open list's entries are, as its owner keeps it (unused when untracked).
pub(crate) trait Slots: Liveness {
    /// Notes that `cell`'s entry is now at `slot`.
    fn set(&mut self, cell: u32, slot: u64);
    /// The slot of `cell`'s entry.
    fn get(&self, cell: u32) -> u64;
}

/// The heap, the tie stack, and the key and tie of the entry popped last.
#[derive(Clone, Debug)]
pub(crate) struct OpenList {
    heap: Vec<Entry>,
    /// Entries that leave before every heap entry, sorted so the first to leave is last;
    /// it may hold stale entries, the heap only when untracked.
    stack: Vec<Entry>,
    /// The key and tie of the entry popped last since the last reset, or [`NONE_POPPED`]:
    /// a plain pair, so a push tests it with two comparisons and no tag.
    last: (u64, u64),
}

/// `last` before the first pop: no tie exceeds `u64::MAX`, so no entry goes on the stack.
const NONE_POPPED: (u64, u64) = (0, u64::MAX);

impl Default for OpenList {
    fn default() -> OpenList {
        OpenList {
            heap: Vec::new(),
            stack: Vec::new(),
            last: NONE_POPPED,
        }
    }
}

impl OpenList {
    /// Empties the list.
    pub fn reset(&mut self) {
        self.heap.clear();
        self.stack.clear();
        self.last = NONE_POPPED;
    }

    /// The entry at `slot` (tracked lists: where [`Slots::get`] says a cell's entry is).
    #[inline(always)]
    pub fn at(&self, slot: u64) -> Option<&Entry> {
        if slot >= STACK_SLOT {
            self.stack.get((slot - STACK_SLOT) as usize)
        } else {
            self.heap.get(slot as usize)
        }
    }

    /// Adds an entry for a cell that has none (or, untracked, a better one beside its old
    /// one). (Always inline, like `improve`: the page's size-optimised wasm otherwise calls
    /// it out of line for every successor, 16 % of an arena query in V8.)
    #[inline(always)]
    pub fn push<S: Slots>(&mut self, entry: Entry, slots: &mut S) {
        if entry.key == self.last.0 && entry.tie > self.last.1 {
            // Before everything pushed before the last pop; among the entries pushed since,
            // in order.
            let mut at = self.stack.len();
            self.stack.push(entry);
            while at > 0 && self.stack[at - 1].before(&entry) {
                let moved = self.stack[at - 1];
                self.stack[at] = moved;
                let was = STACK_SLOT + (at - 1) as u64;
                if slots.tracked() && slots.live(&moved, was) {
                    slots.set(moved.cell(), STACK_SLOT + at as u64);
                }
                at -= 1;
            }
            self.stack[at] = entry;
            if slots.tracked() {
                slots.set(entry.cell(), STACK_SLOT + at as u64);
            }
            return;
        }
        self.heap.push(entry);
        self.sift_up(self.heap.len() - 1, entry, slots);
    }

    /// Replaces the entry of a cell that is in the list by one that leaves sooner (a cheaper
    /// path). Tracked, a heap entry moves up in place and a stack entry is left behind,
    /// stale; untracked, the new entry is simply pushed.
    #[inline(always)]
    pub fn improve<S: Slots>(&mut self, entry: Entry, slots: &mut S) {
        if slots.tracked() {
            let at = slots.get(entry.cell());
            if at < STACK_SLOT && (at as usize) < self.heap.len() {
                self.sift_up(at as usize, entry, slots);
                return;
            }
        }
        self.push(entry, slots);
    }

    /// Removes and returns the first live entry, dropping stale ones before it.
    #[inline]
    pub fn pop<S: Slots>(&mut self, slots: &mut S) -> Option<Entry> {
        loop {
            let (entry, slot) = self.pop_first(slots)?;
            // Tracked heap entries are never stale.
            if (slots.tracked() && slot < STACK_SLOT) || slots.live(&entry, slot) {
                return Some(entry);
            }
        }
    }

    /// Removes the first entry, live or stale, and returns it with the slot it was in.
    #[inline(always)]
    fn pop_first<S: Slots>(&mut self, slots: &mut S) -> Option<(Entry, u64)> {
        let popped = match self.stack.last() {
            Some(s) if self.heap.first().is_none_or(|h| s.before(h)) => {
                let slot = STACK_SLOT + (self.stack.len() - 1) as u64;
                (self.stack.pop()?, slot)
            }
            _ => (self.pop_heap(slots)?, 0),
        };
        // Every entry left comes after this one, live or stale: what a push compares with.
        self.last = (popped.0.key, popped.0.tie);
        Some(popped)
    }

    /// Drops stale entries from the front, so [`OpenList::peek`] shows a live one.
    pub fn settle<S: Slots>(&mut self, slots: &mut S) {
        while let Some((first, slot)) = self.peek_slot() {
            if (slots.tracked() && slot < STACK_SLOT) || slots.live(&first, slot) {
                return;
            }
            let _ = self.pop_first(slots);
        }
    }

    /// The entry that leaves first, live or stale, left in place.
    pub fn peek(&self) -> Option<Entry> {
        self.peek_slot().map(|(e, _)| e)
    }

    fn peek_slot(&self) -> Option<(Entry, u64)> {
        let stack = self
            .stack
            .last()
            .map(|s| (*s, STACK_SLOT + (self.stack.len() - 1) as u64));
        let heap = self.heap.first().map(|h| (*h, 0));
        match (stack, heap) {
            (Some(s), Some(h)) => Some(if s.0.before(&h.0) { s } else { h }),
            (s, h) => s.or(h),
        }
    }

    /// The first `n` live entries in the order they will leave, the list untouched: the stack
    /// from its end, merged with a best-first walk down the heap (an entry never leaves
    /// before its parent in the heap), with at most `n + 1` candidates at each step.
    pub fn top(&self, n: usize, slots: &dyn Liveness) -> Vec<Entry> {
        let mut out = Vec::with_capacity(n.min(self.heap.len() + self.stack.len()));
        let mut stack = (0..self.stack.len()).rev().peekable();
        let mut candidates: Vec<usize> = Vec::new();
        if !self.heap.is_empty() {
            candidates.push(0);
        }
        while out.len() < n {
            let best = (0..candidates.len()).reduce(|a, b| {
                if self.heap[candidates[b]].before(&self.heap[candidates[a]]) {
                    b
                } else {
                    a
                }
            });
            let from_stack = match (stack.peek(), best) {
                (Some(&s), Some(b)) => self.stack[s].before(&self.heap[candidates[b]]),
                (Some(_), None) => true,
                (None, Some(_)) => false,
                (None, None) => break,
            };
            let found = if from_stack {
                stack.next().map(|s| (self.stack[s], STACK_SLOT + s as u64))
            } else {
                best.map(|b| {
                    let i = candidates.swap_remove(b);
                    candidates.extend((2 * i + 1..=2 * i + 2).filter(|&c| c < self.heap.len()));
                    (self.heap[i], i as u64)
                })
            };
            if let Some((entry, slot)) = found {
                if (slots.tracked() && slot < STACK_SLOT) || slots.live(&entry, slot) {
                    out.push(entry);
                }
            }
        }
        out
    }

    /// How many other live entries tie with `top` on the key, and how many on the key and
    /// the tie value both.
    pub fn ties(&self, top: &Entry, slots: &dyn Liveness) -> (usize, usize) {
        let stack = self
            .stack
            .iter()
            .enumerate()
            .map(|(i, e)| (e, STACK_SLOT + i as u64));
        let heap = self.heap.iter().enumerate().map(|(i, e)| (e, i as u64));
        stack
            .chain(heap)
            .filter(|&(e, slot)| {
                e.seq_cell != top.seq_cell
                    && ((slots.tracked() && slot < STACK_SLOT) || slots.live(e, slot))
            })
            .fold((0, 0), |(key, both), (e, _)| {
                let same_key = e.key == top.key;
                (
                    key + usize::from(same_key),
                    both + usize::from(same_key && e.tie == top.tie),
                )
            })
    }

    /// Removes the heap's root.
    #[inline]
    fn pop_heap<S: Slots>(&mut self, slots: &mut S) -> Option<Entry> {
        let last = self.heap.pop()?;
        if self.heap.is_empty() {
            return Some(last);
        }
        let top = self.heap[0];
        self.sift_down(last, slots);
        Some(top)
    }

    /// Moves `entry` from slot `at` towards the root until its parent leaves before it.
    #[inline(always)]
    fn sift_up<S: Slots>(&mut self, mut at: usize, entry: Entry, slots: &mut S) {
        while at > 0 {
            let parent = (at - 1) / 2;
            let p = self.heap[parent];
            if !entry.before(&p) {
                break;
            }
            self.heap[at] = p;
            if slots.tracked() {
                slots.set(p.cell(), at as u64);
            }
            at = parent;
        }
        self.heap[at] = entry;
        if slots.tracked() {
            slots.set(entry.cell(), at as u64);
        }
    }

    /// Fills the hole at the root with `entry`. The hole first moves all the way down along
    /// the children that leave first (one comparison per level), then `entry` — the heap's
    /// old last entry, usually a late leaver — moves up from there, typically a level or two.
    /// That costs about half the comparisons of sifting `entry` down directly. (A 4-ary heap,
    /// half as deep, measured 2 % more instructions per expansion with callgrind.)
    #[inline(always)]
    fn sift_down<S: Slots>(&mut self, entry: Entry, slots: &mut S) {
        let len = self.heap.len();
        let mut at = 0;
        let mut left = 1;
        while left < len {
            let right = left + 1;
            let child = if right < len && self.heap[right].before(&self.heap[left]) {
                right
            } else {
                left
            };
            let c = self.heap[child];
            self.heap[at] = c;
            if slots.tracked() {
                slots.set(c.cell(), at as u64);
            }
            at = child;
            left = 2 * at + 1;
        }
        self.sift_up(at, entry, slots);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Slots of a test: each cell's slot and whether it is open, and its newest key.
    struct TestSlots {
        slot: Vec<u64>,
        open: Vec<bool>,
        key: Vec<u64>,
    }

    impl TestSlots {
        fn new(n: usize) -> TestSlots {
            TestSlots {
                slot: vec![0; n],
                open: vec![false; n],
                key: vec![u64::MAX; n],
            }
        }
    }

    impl Liveness for TestSlots {
        fn tracked(&self) -> bool {
            true
        }
        fn live(&self, e: &Entry, slot: u64) -> bool {
            let c = e.cell() as usize;
            self.open[c] && self.slot[c] == slot
        }
    }

    impl Slots for TestSlots {
        fn set(&mut self, cell: u32, slot: u64) {
            self.slot[cell as usize] = slot;
        }
        fn get(&self, cell: u32) -> u64 {
            self.slot[cell as usize]
        }
    }

    /// The same, untracked: an entry is live when its key is its cell's newest.
    struct Lazy(TestSlots);

    impl Liveness for Lazy {
        fn tracked(&self) -> bool {
            false
        }
        fn live(&self, e: &Entry, _: u64) -> bool {
            let c = e.cell() as usize;
            self.0.open[c] && self.0.key[c] == e.key
        }
    }

    impl Slots for Lazy {
        fn set(&mut self, _: u32, _: u64) {}
        fn get(&self, _: u32) -> u64 {
            0
        }
    }

    #[test]
    fn pops_in_key_then_larger_tie_then_insertion_order() {
        let mut open = OpenList::default();
        let mut slots = TestSlots::new(8);
        let entries = [
            (5, 0, 0),
            (3, 1, 1),
            (3, 4, 2),
            (3, 4, 3),
            (1, 0, 4),
            (9, 9, 5),
        ];
        for (i, &(key, tie, seq)) in entries.iter().enumerate() {
            slots.open[i] = true;
            open.push(Entry::new(key, tie, seq, i as u32), &mut slots);
        }
        open.improve(Entry::new(0, 0, 6, 5), &mut slots);
        assert_eq!(open.ties(&Entry::new(3, 4, 2, 2), &slots), (2, 1));
        let order: Vec<u32> = std::iter::from_fn(|| {
            let e = open.pop(&mut slots)?;
            slots.open[e.cell() as usize] = false;
            Some(e.cell())
        })
        .collect();
        assert_eq!(order, [5, 4, 2, 3, 1, 0]);
    }

    #[test]
    fn the_stack_takes_entries_that_beat_the_heap_and_keeps_the_order() {
        let mut open = OpenList::default();
        let mut slots = TestSlots::new(9);
        let push = |open: &mut OpenList, slots: &mut TestSlots, key, tie, seq, cell: u32| {
            slots.open[cell as usize] = true;
            open.push(Entry::new(key, tie, seq, cell), slots);
        };
        push(&mut open, &mut slots, 10, 5, 1, 1);
        push(&mut open, &mut slots, 10, 3, 2, 2);
        push(&mut open, &mut slots, 12, 9, 3, 3);
        let first = open.pop(&mut slots).unwrap();
        slots.open[first.cell() as usize] = false;
        assert_eq!(first.cell(), 1);
        // Key 10 with ties above 5: before everything left, so they go on the stack, sorted.
        push(&mut open, &mut slots, 10, 6, 4, 4);
        push(&mut open, &mut slots, 10, 8, 5, 5);
        push(&mut open, &mut slots, 10, 6, 6, 6);
        push(&mut open, &mut slots, 11, 7, 7, 7);
        assert_eq!(open.stack.len(), 3);
        // Cell 6 improves while on the stack: its old entry goes stale there.
        open.improve(Entry::new(10, 7, 8, 6), &mut slots);
        let top = open.top(10, &slots);
        let order: Vec<u32> = std::iter::from_fn(|| {
            let e = open.pop(&mut slots)?;
            slots.open[e.cell() as usize] = false;
            Some(e.cell())
        })
        .collect();
        assert_eq!(order, [5, 6, 4, 2, 7, 3]);
        assert_eq!(top.iter().map(|e| e.cell()).collect::<Vec<_>>(), order);
    }

    /// A random workload of pushes, improvements and pops, tracked and untracked, against
    /// the total order: every pop is the smallest live entry.
    fn random_workload<S: Slots>(slots: &mut S, state: impl Fn(&mut S) -> &mut TestSlots) {
        let mut open = OpenList::default();
        let mut rng = crate::rng::SplitMix64::new(0x9E37_79B9_7F4A_7C15);
        let mut closed = vec![false; 1000];
        let mut seq = 0;
        for round in 0..3000u64 {
            let cell = rng.below(1000) as usize;
            let key = rng.below(500);
            let t = state(slots);
            if !closed[cell] && key < t.key[cell] {
                let known = t.open[cell];
                t.key[cell] = key;
                t.open[cell] = true;
                seq += 1;
                let e = Entry::new(key, key % 7, seq, cell as u32);
                if known {
                    open.improve(e, slots);
                } else {
                    open.push(e, slots);
                }
            }
            if round % 5 == 0 {
                let best = {
                    let t = state(slots);
                    (0..1000)
                        .filter(|&c| t.open[c])
                        .min_by_key(|&c| (t.key[c], 7 - t.key[c] % 7))
                        .map(|c| t.key[c])
                };
                if let Some(e) = open.pop(slots) {
                    assert_eq!(Some(e.key), best, "the smallest key leaves first");
                    let t = state(slots);
                    assert_eq!(t.key[e.cell() as usize], e.key, "a live entry");
                    t.open[e.cell() as usize] = false;
                    closed[e.cell() as usize] = true;
                }
            }
        }
        // `top` lists, without popping, exactly what the pops will give.
        let top = open.top(700, slots);
        let mut popped = Vec::new();
        while let Some(e) = open.pop(slots) {
            state(slots).open[e.cell() as usize] = false;
            popped.push(e);
        }
        assert_eq!(top, popped[..top.len()]);
        for pair in popped.windows(2) {
            assert!(pair[0].before(&pair[1]), "{:?} then {:?}", pair[0], pair[1]);
        }
    }

    #[test]
    fn random_workloads_pop_in_order_tracked_and_untracked() {
        random_workload(&mut TestSlots::new(1000), |s| s);
        random_workload(&mut Lazy(TestSlots::new(1000)), |s| &mut s.0);
    }
}
