//! Offering a cell a path from a node that is not its neighbour — a jump point's (JPS, JPS+,
//! JPS2, JPS2+) or a line-of-sight parent's (Theta*) — and putting its entry on the open list.
//!
//! This runs once or twice an expansion of a jump search, so it reads no more than each case
//! needs: the cell's state byte first (most cells offered have no node yet, and their g is
//! never read), the cell's (x, y) from the caller (who has them; working them out again is a
//! division), the largest size of the open list kept once a step by the loop, not at
//! every push, and, for the usual jump search (octile, weight 1), the key as g plus the
//! octile estimate without the general `key`'s questions about the ranking, the weight, the
//! cells' shape and the estimate's kind.

use super::nodes::node_g;
use super::slots::{NodeSlots, LINK_FAR};
use super::{key, Search};
use crate::search::core::{OPEN, REOPENED};
use crate::search::open::Entry;
use crate::search::record::SAME_STATE;

impl Search {
    /// Offers `cell`, at `(x, y)`, a path through `from` costing `new_g`, with seed 003's cases
    /// as in `expand_successors`: a cell without a node gets one, a cheaper path to an open
    /// cell moves its entry up, a cheaper path to a cell in state `closed` re-opens it,
    /// anything else is forgotten. Only the algorithms that improve paths call it (JPS and its
    /// variants, Theta*), so an open cell's node word holds the slot of its entry.
    #[inline]
    pub(super) fn relax(
        &mut self,
        from: u32,
        cell: u32,
        (x, y): (u32, u32),
        new_g: u64,
        closed: u8,
    ) {
        debug_assert!(self.settings.algorithm.improves_paths());
        debug_assert_eq!(self.coords(cell), (x, y));
        let n = cell as usize;
        let byte = match self.state[n] {
            OPEN | REOPENED => {
                if new_g >= node_g(&self.open, self.nodes[n], true) {
                    return;
                }
                self.stats.updated += 1;
                SAME_STATE
            }
            s if s == closed => {
                if new_g >= node_g(&self.open, self.nodes[n], false) {
                    return;
                }
                self.stats.reopened += 1;
                self.state[n] = REOPENED;
                REOPENED
            }
            _ => {
                self.stats.generated += 1;
                self.state[n] = OPEN;
                self.touched.push(cell);
                OPEN
            }
        };
        self.far_parents[n] = from;
        // Jump points and line-of-sight parents are not neighbours: record g as it is.
        self.rec.far(cell, byte, from, new_g);
        let key = self.offer_key(x, y, new_g);
        self.next_seq += 1;
        let entry = Entry::linked(key, new_g, self.next_seq, cell, LINK_FAR);
        let mut slots = NodeSlots {
            state: &self.state,
            nodes: &mut self.nodes[..],
        };
        if byte == SAME_STATE {
            self.open.improve(entry, &mut slots);
        } else {
            self.open.push(entry, &mut slots);
            self.stats.open_size += 1;
        }
    }

    /// The key of a cell at `(x, y)` offered cost `g` (a jump point, or a line-of-sight
    /// parent's offer). When the direct-to-goal rule is on (`direct_goal`: a jump search,
    /// 8-connected, weight 1, the octile estimate) that is g plus the octile estimate
    /// ([`Estimator::octile_at`](crate::heuristic::Estimator::octile_at)), without asking the algorithm's ranking, the weight, the
    /// cells' shape and the estimate's kind at every offer; otherwise the engine's `key`.
    #[inline(always)]
    fn offer_key(&self, x: u32, y: u32, g: u64) -> u64 {
        let general = || {
            key(
                self.settings.algorithm,
                &self.estimator,
                self.settings.weight,
                x,
                y,
                g,
            )
        };
        if !self.direct_goal {
            return general();
        }
        let key = g + self.estimator.octile_at(x, y);
        debug_assert_eq!(key, general());
        key
    }
}
