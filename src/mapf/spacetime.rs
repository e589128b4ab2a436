//! Space-time A*: one agent's shortest path through (cell, time) states around what others
//! have reserved or forbidden, the low level of prioritized planning and of CBS.
//!
//! States are (cell, t); a step moves to a neighbour or waits, unit cost; the heuristic is
//! the agent's BFS distance to its goal (consistent, so the first goal state taken is
//! optimal). The goal counts only from [`Reservations::hold_from`] on, so the agent can stay
//! there for ever. After [`Reservations::last_time`] nothing changes with time, so states
//! later than that are merged per cell and the search is finite: no path means none exists.

use super::problem::{Problem, NONE};
use rustc_hash::FxHashSet;
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// What an agent must avoid, as space-time A* asks it.
pub trait Reservations {
    /// Whether the move from `from` to `to` (or a wait when equal), arriving at time `t`, is
    /// forbidden: `to` is taken at `t`, or the move swaps with another agent's.
    fn blocked(&self, from: u32, to: u32, t: u32) -> bool;
    /// The earliest time from which the agent may stay on `goal` for ever.
    fn hold_from(&self, goal: u32) -> u32;
    /// The last time step any reservation concerns.
    fn last_time(&self) -> u32;
    /// How many conflicts with other agents' paths the move makes, for breaking ties
    /// between equally short paths (CBS's conflict avoidance table); none by default.
    fn conflicts(&self, _from: u32, _to: u32, _t: u32) -> u32 {
        0
    }
}

/// The shortest path of agent `agent` from its start to its goal avoiding `reservations`
/// (cut after its last arrival), and the number of states expanded; `None` if no path
/// exists.
pub fn plan_path(
    problem: &Problem,
    agent: usize,
    reservations: &dyn Reservations,
) -> (Option<Vec<u32>>, u64) {
    let a = problem.agents()[agent];
    let hold = reservations.hold_from(a.goal);
    let merge_after = reservations.last_time().max(hold) + 1;
    // Arena of states: (cell, t, parent, conflicts on the way).
    let mut states: Vec<(u32, u32, u32, u32)> = vec![(a.start, 0, NONE, 0)];
    let mut open = BinaryHeap::new();
    let mut closed: FxHashSet<(u32, u32)> = FxHashSet::default();
    let h = |v: u32| problem.dist(agent, v);
    // Least f first; among equal f, fewest conflicts, then the larger g.
    open.push(Reverse((h(a.start), 0u32, Reverse(0u32), 0u32)));
    let mut expanded = 0;
    while let Some(Reverse((_, _, Reverse(g), index))) = open.pop() {
        let (v, t, _, c) = states[index as usize];
        if !closed.insert((v, t.min(merge_after))) {
            continue;
        }
        expanded += 1;
        if v == a.goal && t >= hold {
            let mut path = Vec::with_capacity(t as usize + 1);
            let mut k = index;
            while k != NONE {
                path.push(states[k as usize].0);
                k = states[k as usize].2;
            }
            path.reverse();
            super::plan::trim_waits(&mut path);
            return (Some(path), expanded);
        }
        let next = t + 1;
        for &w in problem.neighbours(v).iter().chain(std::iter::once(&v)) {
            if reservations.blocked(v, w, next) || closed.contains(&(w, next.min(merge_after))) {
                continue;
            }
            let hw = h(w);
            if hw == NONE {
                continue;
            }
            let cw = c + reservations.conflicts(v, w, next);
            states.push((w, next, index, cw));
            open.push(Reverse((
                g + 1 + hw,
                cw,
                Reverse(g + 1),
                states.len() as u32 - 1,
            )));
        }
    }
    (None, expanded)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Grid;

    /// A vertex forbidden at one time.
    struct Forbid(u32, u32);

    impl Reservations for Forbid {
        fn blocked(&self, _: u32, to: u32, t: u32) -> bool {
            (to, t) == (self.0, self.1)
        }
        fn hold_from(&self, goal: u32) -> u32 {
            if goal == self.0 {
                self.1 + 1
            } else {
                0
            }
        }
        fn last_time(&self) -> u32 {
            self.1
        }
    }

    #[test]
    fn the_path_waits_out_a_constraint_and_arrives_after_one_on_its_goal() {
        let line = Grid::from_bytes(3, 1, vec![1; 3]).unwrap();
        let problem = Problem::new(&line, &[((0, 0), (2, 0))]).unwrap();
        assert_eq!(
            plan_path(&problem, 0, &Forbid(1, 1)).0,
            Some(vec![0, 0, 1, 2])
        );
        let late = plan_path(&problem, 0, &Forbid(2, 4)).0.unwrap();
        assert_eq!((late.len(), late[4], late[5]), (6, 1, 2));
        assert_eq!(
            plan_path(&problem, 0, &Forbid(0, 0)).0.map(|p| p.len()),
            Some(3)
        );
    }
}
