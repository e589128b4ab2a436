//! Multi-valued decision diagrams (Sharon et al. 2013), for CBS's choice of conflict: the
//! cells an agent can be on at each time step on *some* path of its current cost that obeys
//! its constraints. A level with one cell means every such path goes through it, so a
//! constraint there raises the agent's cost: a conflict at such levels for both agents is
//! *cardinal* (both children cost more), for one *semi-cardinal*, for none *non-cardinal*
//! (Boyarski et al. 2015, ICBS).

use super::problem::{Problem, NONE};
use super::spacetime::Reservations;

/// An agent's MDD: `levels[t]` holds the cells of time t, for t from 0 to its cost.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mdd {
    /// The cells at each time step.
    pub levels: Vec<Vec<u32>>,
}

impl Mdd {
    /// The MDD of agent `agent` for paths of exactly `cost` steps obeying `reservations`.
    pub fn build(
        problem: &Problem,
        agent: usize,
        cost: u32,
        reservations: &dyn Reservations,
    ) -> Mdd {
        let a = problem.agents()[agent];
        let mut mark = vec![NONE; problem.cell_count()];
        let mut levels: Vec<Vec<u32>> = vec![vec![a.start]];
        for t in 1..=cost {
            let mut next = Vec::new();
            for &u in &levels[t as usize - 1] {
                for &w in problem.neighbours(u).iter().chain(std::iter::once(&u)) {
                    if mark[w as usize] == t
                        || problem.dist(agent, w) > cost - t
                        || reservations.blocked(u, w, t)
                    {
                        continue;
                    }
                    mark[w as usize] = t;
                    next.push(w);
                }
            }
            levels.push(next);
        }
        let last = cost as usize;
        levels[last].retain(|&v| v == a.goal);
        let mut keep = vec![false; problem.cell_count()];
        for t in (0..last).rev() {
            for &w in &levels[t + 1] {
                keep[w as usize] = true;
            }
            let later = &keep;
            levels[t].retain(|&u| {
                problem
                    .neighbours(u)
                    .iter()
                    .chain(std::iter::once(&u))
                    .any(|&w| later[w as usize] && !reservations.blocked(u, w, t as u32 + 1))
            });
            for &w in &levels[t + 1] {
                keep[w as usize] = false;
            }
        }
        Mdd { levels }
    }

    /// How many cells the level of time `t` has (1 after the cost: the agent waits on its goal).
    pub fn width(&self, t: usize) -> usize {
        self.levels.get(t).map_or(1, Vec::len)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Grid;

    struct Free;

    impl Reservations for Free {
        fn blocked(&self, _: u32, _: u32, _: u32) -> bool {
            false
        }
        fn hold_from(&self, _: u32) -> u32 {
            0
        }
        fn last_time(&self) -> u32 {
            0
        }
    }

    #[test]
    fn levels_hold_the_cells_of_every_shortest_path() {
        // 3 × 2 open: from (0,0) to (2,1) in 3 moves by three routes.
        let grid = Grid::from_bytes(3, 2, vec![1; 6]).unwrap();
        let problem = Problem::new(&grid, &[((0, 0), (2, 1))]).unwrap();
        let mdd = Mdd::build(&problem, 0, 3, &Free);
        let mut levels = mdd.levels.clone();
        levels.iter_mut().for_each(|l| l.sort());
        assert_eq!(levels, vec![vec![0], vec![1, 3], vec![2, 4], vec![5]]);
        assert_eq!((mdd.width(0), mdd.width(1), mdd.width(9)), (1, 2, 1));
        // A corridor: every level is one cell, so any constraint on it is cardinal.
        let line = Grid::from_bytes(4, 1, vec![1; 4]).unwrap();
        let problem = Problem::new(&line, &[((0, 0), (3, 0))]).unwrap();
        assert!((0..=3).all(|t| Mdd::build(&problem, 0, 3, &Free).width(t) == 1));
    }
}
