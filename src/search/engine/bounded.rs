//! JPS+ with goal bounding, the engine's side: keeping the bounding table
//! ([`BoundingTable`]) in step with the map before a run, and what the statistics say it
//! cost. The pruning itself is one test in the jump loop (`jps.rs`,
//! [`Search::jump_successors`]); the boxes and their build are `search/bounding.rs`.
//!
//! An edit invalidates the boxes (one wall can change the shortest paths between any two
//! cells), so the first run after it rebuilds them: in pieces of at most `PIECE_MS` when the
//! run has a time slice ([`Budget::Millis`]) or a budget of expansions on a map of more than
//! `PIECE_CELLS` cells (the page's speeds and steps), the search staying at its first step
//! until the table is complete (`Stats::precompute_progress` says how far it is); whole for
//! a run to the end, or a budget of expansions on a small map, which is then kept exactly.

use super::Search;
use crate::grid::Grid;
use crate::heuristic::diagonal_units;
use crate::search::bounding::{BoundingTable, Rule, PIECE_CELLS};
use crate::search::core::Budget;
use crate::search::settings::Algorithm;
use std::sync::Arc;

/// The longest piece of a build one run makes when it goes in pieces, so the page stays
/// responsive and can show the build's progress.
const PIECE_MS: f64 = 40.0;

impl Search {
    /// The movement the bounding table must be built for.
    fn bounding_rule(&self) -> Rule {
        Rule {
            four: self.direction_count == 4,
            diagonal: diagonal_units(self.settings.movement.diagonal_cost),
        }
    }

    /// Brings the bounding table in step with `grid` for this search's movement, within
    /// `budget`'s time slice if it has one; returns whether it is complete.
    pub(super) fn sync_bounds(
        &mut self,
        grid: &Grid,
        budget: Budget,
        now_ms: &dyn Fn() -> f64,
    ) -> bool {
        let rule = self.bounding_rule();
        if self.bounds.matches(grid, rule) {
            return true;
        }
        let table = Arc::make_mut(&mut self.bounds);
        let done = match budget {
            // A time slice, or the page's frame share: the build keeps within it.
            Budget::Millis(ms) | Budget::Within { millis: ms, .. } => {
                table.build_some(grid, rule, ms.min(PIECE_MS), now_ms)
            }
            // The page's steps and speeds of so many expansions a frame: a build longer than
            // a frame goes in pieces too, so the page can say how far it is.
            Budget::Expansions(_) if grid.len() > PIECE_CELLS => {
                table.build_some(grid, rule, PIECE_MS, now_ms)
            }
            // A short build, or a run to the end: built whole first, so a budget of
            // expansions on a small map is kept exactly.
            Budget::Expansions(_) | Budget::Unlimited => {
                table.build(grid, rule, now_ms);
                true
            }
        };
        self.show_precompute(grid);
        done
    }

    /// Puts what the tables cost (time and bytes) in the statistics: JPS+'s jump table (JPS+,
    /// JPS2+), and with goal bounding its boxes too.
    pub(super) fn show_precompute(&mut self, grid: &Grid) {
        let rule = self.bounding_rule();
        let cells = (self.width as usize * self.height as usize) as u64;
        match self.settings.algorithm {
            Algorithm::JpsPlus | Algorithm::Jps2Plus => {
                self.stats.precompute_ms = self.table_ms;
                self.stats.precompute_bytes = cells * 16;
                self.stats.precompute_progress = 1.0;
            }
            Algorithm::JpsPlusBounded => {
                self.stats.precompute_ms = self.table_ms + self.bounds.build_ms();
                self.stats.precompute_bytes = cells * 16 + self.bounds.bytes() as u64;
                self.stats.precompute_progress = self.bounds.progress_for(grid, rule);
            }
            _ => {}
        }
    }

    /// Whether the goal can be reached by a shortest path leaving `cell` by the move `d` (its
    /// index in `MOVES`; always true without goal bounding).
    #[inline(always)]
    pub(super) fn bounded_allows(&self, cell: u32, d: usize) -> bool {
        if self.settings.algorithm != Algorithm::JpsPlusBounded {
            return true;
        }
        self.bounds.allows(cell as usize, d, self.goal_xy)
    }
}

/// The table a new search starts with: empty, built on its first run.
pub(super) fn empty_bounds() -> Arc<BoundingTable> {
    Arc::default()
}
