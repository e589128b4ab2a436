//! The textbook engine's node words — g and the link a cell was reached by, packed in one
//! word per cell — and the open list's two views of its cells ([`NodeSlots`], [`OpenCells`]).

use crate::search::core::{OPEN, REOPENED};
use crate::search::open::{Entry, Liveness, Slots};

/// How a node was reached, in the low [`LINK_BITS`] bits of its word in [`Search::nodes`]:
/// 0–7 by move d of [`MOVES`] from the neighbour one move back, [`LINK_ROOT`] not at all (the
/// start), [`LINK_FAR`] from the cell in [`Search::far_parents`] (a jump point's or a
/// line-of-sight parent).
pub(super) const LINK_BITS: u32 = 4;
pub(super) const LINK_MASK: u64 = (1 << LINK_BITS) - 1;
pub(super) const LINK_ROOT: u64 = 8;
pub(super) const LINK_FAR: u64 = 9;

/// A node word: the cell's cost so far `g` (fixed-point units, below 2⁵² on the largest map)
/// above its link — or, while the cell is open under an algorithm that improves paths, the
/// slot of its open-list entry, which holds g as its tie value and the link in its owner bits
/// ([`NodeSlots`]). One 8-byte word a cell instead of g, a parent index, an expansion number
/// and a heap position (20 bytes): relaxing a neighbour touches one word, and A* holds 10
/// bytes a cell in all.
#[inline(always)]
pub(super) fn node_word(g: u64, link: u64) -> u64 {
    (g << LINK_BITS) | link
}

/// The open list's view of the textbook engine's cells when the algorithm improves paths
/// (Dijkstra, A*, JPS, JPS+, Theta*): an open cell's node word is its entry's slot, so a
/// cheaper path finds the entry and moves it up in place, with no position array (and moving
/// an entry is one plain store).
pub(super) struct NodeSlots<'a, N> {
    pub(super) state: &'a [u8],
    pub(super) nodes: N,
}

impl<N: AsRef<[u64]>> Liveness for NodeSlots<'_, N> {
    fn tracked(&self) -> bool {
        true
    }

    #[inline(always)]
    fn live(&self, entry: &Entry, slot: u64) -> bool {
        let c = entry.cell() as usize;
        matches!(self.state[c], OPEN | REOPENED) && self.nodes.as_ref()[c] == slot
    }
}

impl Slots for NodeSlots<'_, &mut [u64]> {
    #[inline(always)]
    fn set(&mut self, cell: u32, slot: u64) {
        self.nodes[cell as usize] = slot;
    }

    #[inline(always)]
    fn get(&self, cell: u32) -> u64 {
        self.nodes[cell as usize]
    }
}

/// The open list's view when the algorithm never improves a path (Breadth-First,
/// Best-First): a cell gets one entry, live while the cell is open, and its node word keeps g.
pub(super) struct OpenCells<'a> {
    pub(super) state: &'a [u8],
}

impl Liveness for OpenCells<'_> {
    fn tracked(&self) -> bool {
        false
    }

    #[inline(always)]
    fn live(&self, entry: &Entry, _: u64) -> bool {
        matches!(self.state[entry.cell() as usize], OPEN | REOPENED)
    }
}

impl Slots for OpenCells<'_> {
    fn set(&mut self, _: u32, _: u64) {}

    fn get(&self, _: u32) -> u64 {
        0
    }
}
