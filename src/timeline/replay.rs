//! What the events of a timeline do not hold, rebuilt: every cell's g and parent at a step by
//! replaying the events over a base ([`replay_nodes`]), and whole searches at any step from
//! searcher copies taken as the search ran ([`Checkpoints`]), for the node inspector, the open
//! list and the step trace of a step scrubbed back to.

use crate::grid::Topology;
use crate::search::record::{Event, FAR, NO_PARENT, ROOT, SAME_STATE};
use crate::search::{step_units, Searcher};

/// The most memory the searcher checkpoints of a timeline may take (64 MiB).
pub const MAX_CHECKPOINT_BYTES: usize = 64 << 20;

/// g and parent of every cell after replaying events, per search side (forward, backward).
#[derive(Clone, Debug)]
pub struct NodeReplay {
    /// The state bytes.
    pub states: Vec<u8>,
    /// Per side, per cell: g in engine units and the parent cell, if the cell has a node.
    pub nodes: [Vec<Option<(u64, u32)>>; 2],
}

/// Replays `events` on top of a base (state bytes and the nodes the search starts with) to
/// recover every cell's g and parent on a map of `topology`: a neighbour parent's step costs
/// `units[diagonal][terrain]` of the cell entered (the cell itself forwards, its parent on the
/// backward side, whose state bytes are 6 and 7) with the movement's costs; a far event
/// carries its g.
pub fn replay_nodes(
    base: &NodeReplay,
    events: &[Event],
    topology: &Topology,
    cells: &[u8],
) -> NodeReplay {
    let units = step_units(&topology.movement);
    let mut r = base.clone();
    let w = topology.width.max(1);
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
                let d = usize::from(e.code);
                let (px, py) = topology.back(d, e.cell % w, e.cell / w);
                let p = (py * i64::from(w) + px) as u32;
                let entered = if back { p } else { e.cell };
                let terrain = cells.get(entered as usize).copied().unwrap_or(0);
                let step = units[usize::from(topology.is_diagonal(d))][usize::from(terrain & 7)];
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
/// a search at any step by running a copy forward (on a map too large for two copies, from
/// step 0: a fresh search, or the one copy of it).
#[derive(Clone, Debug, Default)]
pub struct Checkpoints {
    saved: Vec<(usize, Box<dyn Searcher>)>,
    interval: usize,
    limit: usize,
    /// The search last rebuilt, and its step.
    built: Option<(usize, Box<dyn Searcher>)>,
}

impl Checkpoints {
    /// Starts with a copy of `search` at step 0, on a map of `cells` cells; or, when
    /// `fresh`, with none: step 0 is then a search just started, which
    /// [`Checkpoints::build`] makes anew when it needs it. That spares every restart (each
    /// marker move re-plans) a copy of the whole search, 21 MB on a 1024² map.
    pub fn new(search: &dyn Searcher, cells: usize, fresh: bool) -> Checkpoints {
        // A searcher holds 21–43 bytes per cell (state, g, parent, expansion and heap slot;
        // twice for bidirectional search): budget 48. Copies over the budget are not taken
        // at all: a copy of a 4096² search is some 150 MB, which took 135–148 ms inside one
        // step of the page (and step 0, when it is not a fresh search, is the one copy kept
        // whatever its size: nothing else can rebuild it).
        let each = cells.max(1) * 48;
        let limit = (MAX_CHECKPOINT_BYTES / each).min(64);
        // A copy costs about as much as writing the searcher's bytes, some 30 a cell, while
        // an expansion costs about what copying 20–40 bytes does: one copy per two
        // expansions a cell keeps the copies to a fraction of the run (every sixteenth of a
        // cell cost a query with the timeline on up to three times the search's own time,
        // as most searches end before the first copy now). A rebuild then runs forward at
        // most that far: no longer than the search itself took to get there.
        let mut c = Checkpoints {
            saved: Vec::new(),
            interval: cells.saturating_mul(2).max(256),
            limit,
            built: None,
        };
        if !fresh {
            c.save(0, search);
        }
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

    /// Offers the live search at `step`; kept when it is an interval past the last one and
    /// two copies of it fit in [`MAX_CHECKPOINT_BYTES`] (step 0's and this one's).
    pub fn offer(&mut self, step: usize, search: &dyn Searcher) {
        let last = self.saved.last().map_or(0, |s| s.0);
        if step < last + self.interval || self.limit < 2 {
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
    /// (or the last one rebuilt, when nearer) by running it forward on `grid`. Before the
    /// first checkpoint it starts from `fresh()`, a search at step 0.
    pub fn build(
        &mut self,
        step: usize,
        grid: &crate::Grid,
        fresh: impl FnOnce() -> Option<Box<dyn Searcher>>,
    ) -> Option<&dyn Searcher> {
        let reuse = self
            .built
            .as_ref()
            .is_some_and(|(s, _)| *s <= step && self.nearest(step).is_none_or(|n| n <= *s));
        if !reuse {
            let found = self
                .saved
                .partition_point(|(s, _)| *s <= step)
                .checked_sub(1);
            self.built = match found.and_then(|i| self.saved.get(i)) {
                Some((s, search)) => Some((*s, search.clone_box())),
                None => Some((0, fresh()?)),
            };
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Grid, Search, Settings};

    #[test]
    fn no_copy_is_taken_when_two_do_not_fit_in_the_budget() {
        let grid = Grid::new(16, 16).expect("grid");
        let search = Search::new(&grid, (0, 0), (15, 15), &Settings::default()).expect("search");
        // Offered as if on a 4096² map: a copy is over the budget, none is taken.
        let big = 4096 * 4096;
        let mut c = Checkpoints::new(&search, big, true);
        c.offer(c.interval(), &search);
        c.offer(4 * c.interval(), &search);
        assert_eq!(c.count(), 0);
        // Step 0 of a search that is not fresh is kept whatever its size, and nothing more.
        let mut c = Checkpoints::new(&search, big, false);
        c.offer(c.interval(), &search);
        assert_eq!(c.count(), 1);
        // On a map where copies fit, one is taken every interval.
        let mut c = Checkpoints::new(&search, grid.len(), true);
        c.offer(c.interval(), &search);
        c.offer(2 * c.interval(), &search);
        assert_eq!(c.count(), 2);
    }
}
