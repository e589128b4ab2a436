//! The textbook engine's open cells and nodes: taking and putting entries on the open list
//! through the node words ([`super::slots`]), and reading a cell's g and parent back.

use super::slots::{node_word, NodeSlots, OpenCells, LINK_BITS, LINK_FAR, LINK_MASK, LINK_ROOT};
use super::Search;
use crate::search::core::{OPEN, REOPENED};
use crate::search::explain;
use crate::search::open::{Entry, OpenList};
use crate::search::record::NO_PARENT;

/// The cost so far of a cell whose node word is `word`: when `in_list` (the cell is open
/// under an algorithm that improves paths), the word is the slot of its open-list entry,
/// which holds g as its tie value; otherwise the word holds g above its link. The one
/// decoding of a node word's g, for [`Search::g`] and `relax`.
#[inline(always)]
pub(super) fn node_g(open: &OpenList, word: u64, in_list: bool) -> u64 {
    if in_list {
        if let Some(entry) = open.at(word) {
            return entry.tie;
        }
    }
    word >> LINK_BITS
}

impl Search {
    /// Takes the first live entry off the open list: its cell and g. The cell's node word
    /// then holds g again (it held the entry's slot while the cell was open).
    #[inline(always)]
    pub(super) fn pop_open(&mut self) -> Option<(u32, u64)> {
        let popped = if self.settings.algorithm.improves_paths() {
            let entry = self.open.pop(&mut NodeSlots {
                state: &self.state,
                nodes: &mut self.nodes[..],
            })?;
            let c = entry.cell();
            self.nodes[c as usize] = node_word(entry.tie, entry.link());
            (c, entry.tie)
        } else {
            let c = self.open.pop(&mut OpenCells { state: &self.state })?.cell();
            (c, self.nodes[c as usize] >> LINK_BITS)
        };
        self.stats.open_size -= 1;
        Some(popped)
    }

    /// Puts a cell's entry on the open list: a new one (`new`), or a better one for a cell
    /// already open there. The entry carries the cell's link; when the algorithm does not
    /// improve paths, the node word must hold g and the link already.
    #[inline(always)]
    pub(super) fn push_open(&mut self, entry: Entry, new: bool) {
        if self.settings.algorithm.improves_paths() {
            let mut slots = NodeSlots {
                state: &self.state,
                nodes: &mut self.nodes[..],
            };
            if new {
                self.open.push(entry, &mut slots);
            } else {
                self.open.improve(entry, &mut slots);
            }
        } else {
            self.open.push(entry, &mut OpenCells { state: &self.state });
        }
    }

    /// The first `n` live entries of the open list, for the open-list panel.
    pub(super) fn open_entries(&self, n: usize) -> Vec<Entry> {
        if self.settings.algorithm.improves_paths() {
            self.open.top(
                n,
                &NodeSlots {
                    state: &self.state,
                    nodes: &self.nodes[..],
                },
            )
        } else {
            self.open.top(n, &OpenCells { state: &self.state })
        }
    }

    /// The cost so far of a cell that has a node: in its node word, or, while it is open
    /// under an algorithm that improves paths, in its open-list entry.
    #[inline(always)]
    pub(super) fn g(&self, cell: u32) -> u64 {
        let c = cell as usize;
        node_g(&self.open, self.nodes[c], self.in_list(c))
    }

    /// Whether cell `c`'s node word holds the slot of its open-list entry: the cell is open
    /// under an algorithm that improves paths.
    #[inline(always)]
    fn in_list(&self, c: usize) -> bool {
        self.settings.algorithm.improves_paths() && matches!(self.state[c], OPEN | REOPENED)
    }

    /// The open-list entry of an open cell whose node word holds its slot (algorithms that
    /// improve paths); `None` when the node word holds g.
    #[inline(always)]
    fn open_entry(&self, cell: u32) -> Option<&Entry> {
        let c = cell as usize;
        if self.in_list(c) {
            return self.open.at(self.nodes[c]);
        }
        None
    }

    /// The cell a cell that has a node was reached from (`None` for the start).
    pub(super) fn parent(&self, cell: u32) -> Option<u32> {
        let c = cell as usize;
        let link = match self.open_entry(cell) {
            Some(entry) => entry.link(),
            None => self.nodes[c] & LINK_MASK,
        };
        match link {
            LINK_ROOT => None,
            LINK_FAR => self.far_parents.get(c).copied().filter(|&p| p != NO_PARENT),
            // On squares every cell's moves have the one offset table: the parent is the cell
            // less move d's offset (what `back` gives, without working out (x, y) and the
            // index again: build_path asks this of every path cell).
            d if self.parity_mask == (0, 0) => {
                u32::try_from(i64::from(cell) - self.offsets[0][d as usize & 7] as i64).ok()
            }
            d => {
                let (x, y) = self.coords(cell);
                let (px, py) = self.topology.back(d as usize & 7, x, y);
                u32::try_from(py * i64::from(self.width) + px).ok()
            }
        }
    }

    /// Why the first live entry of the open list goes first, in words.
    pub(super) fn open_reason(&self) -> String {
        if self.settings.algorithm.improves_paths() {
            let slots = NodeSlots {
                state: &self.state,
                nodes: &self.nodes[..],
            };
            explain::open_reason(self.settings.algorithm, &self.open, &slots)
        } else {
            explain::open_reason(
                self.settings.algorithm,
                &self.open,
                &OpenCells { state: &self.state },
            )
        }
    }
}
