//! PIBT, priority inheritance with backtracking (Okumura, Machida, Défago and Tamura, AIJ
//! 2022): every time step, agents in order of priority each take the free neighbour
//! nearest their goal; an agent that wants a cell another agent stands on lends that agent
//! its priority, and the other must move out of the way first (recursively). If it cannot,
//! the first agent backtracks and tries its next cell. Priorities grow by one for every step
//! an agent is away from its goal and drop back once it arrives, so every agent gets its
//! turn to be first. Fast (one step is linear in the agents) but incomplete.
//!
//! [`Pibt`] is the one-step configuration generator (LaCAM calls it with some agents' moves
//! fixed); [`PibtSolver`] steps it from the starts until every agent is on its goal.

use super::plan::Plan;
use super::problem::{Problem, NONE};
use super::solver::{MapfStatus, Solver};
pub use super::steps::PibtStep;
use super::steps::StepReport;
use crate::rng::SplitMix64;
use std::rc::Rc;

/// One configuration step by PIBT: scratch tables the size of the map, reused.
#[derive(Clone, Debug)]
pub struct Pibt {
    /// Which agent is on each cell now.
    occ_now: Vec<u32>,
    /// Which agent has claimed each cell for the next step.
    occ_next: Vec<u32>,
    rng: SplitMix64,
    /// Priority inheritance of the last call: (agent that asked, agent that had to move).
    pub chains: Vec<(u32, u32)>,
    /// Backtracking of the last call: (agent that pushed, agent that could not move).
    pub backtracks: Vec<(u32, u32)>,
}

impl Pibt {
    /// Scratch tables for `problem`, ties broken by random numbers from `seed`.
    pub fn new(problem: &Problem, seed: u64) -> Pibt {
        Pibt {
            occ_now: vec![NONE; problem.cell_count()],
            occ_next: vec![NONE; problem.cell_count()],
            rng: SplitMix64::new(seed),
            chains: Vec::new(),
            backtracks: Vec::new(),
        }
    }

    /// Fills `to` (the next configuration) from `from`: entries of `to` that are not
    /// [`NONE`] are fixed beforehand (LaCAM's constraints), the others are decided by PIBT
    /// for the agents in `order`. Returns false when the fixed moves conflict or an agent
    /// that must move cannot.
    pub fn generate(
        &mut self,
        problem: &Problem,
        from: &[u32],
        to: &mut [u32],
        order: &[u32],
    ) -> bool {
        self.chains.clear();
        self.backtracks.clear();
        for (i, &v) in from.iter().enumerate() {
            self.occ_now[v as usize] = i as u32;
        }
        let mut ok = true;
        for i in 0..to.len() {
            let v = to[i];
            if v == NONE {
                continue;
            }
            let j = self.occ_now[v as usize];
            if self.occ_next[v as usize] != NONE
                || (j != NONE && to[j as usize] == from[i] && j as usize != i)
            {
                ok = false;
                break;
            }
            self.occ_next[v as usize] = i as u32;
        }
        if ok {
            for &i in order {
                if to[i as usize] == NONE && !self.push(problem, i, from, to) {
                    ok = false;
                    break;
                }
            }
        }
        for i in 0..from.len() {
            self.occ_now[from[i] as usize] = NONE;
            if to[i] != NONE {
                self.occ_next[to[i] as usize] = NONE;
            }
        }
        ok
    }

    /// Moves agent `i`, pushing an agent in its way first; false if `i` had to stay put.
    fn push(&mut self, problem: &Problem, i: u32, from: &[u32], to: &mut [u32]) -> bool {
        let here = from[i as usize];
        let mut cands = [NONE; 5];
        let neighbours = problem.neighbours(here);
        cands[..neighbours.len()].copy_from_slice(neighbours);
        cands[neighbours.len()] = here;
        let n = neighbours.len() + 1;
        for k in (1..n).rev() {
            let r = self.rng.below(k as u64 + 1) as usize;
            cands.swap(k, r);
        }
        // Nearest the goal first; ties stay in the shuffled order. (Preferring cells nobody
        // stands on among ties, as some PIBT versions do, needed two to ten times more LaCAM
        // configurations on the dense shared instances.)
        cands[..n].sort_by_key(|&v| problem.dist(i as usize, v));
        let partner = self.swap_partner(problem, i, cands[0], from, to);
        if partner != NONE {
            cands[..n].reverse();
        }
        for &v in &cands[..n] {
            if self.occ_next[v as usize] != NONE {
                continue;
            }
            let j = self.occ_now[v as usize];
            if j != NONE && j != i && to[j as usize] == here {
                continue;
            }
            self.occ_next[v as usize] = i;
            to[i as usize] = v;
            if j != NONE && j != i && to[j as usize] == NONE {
                self.chains.push((i, j));
                if !self.push(problem, j, from, to) {
                    self.backtracks.push((i, j));
                    continue;
                }
            }
            if j == NONE
                && partner != NONE
                && to[partner as usize] == NONE
                && self.occ_next[here as usize] == NONE
            {
                // The swap: i stepped back out of the corridor's way and pulls its partner
                // into the cell it left.
                self.chains.push((i, partner));
                self.occ_next[here as usize] = partner;
                to[partner as usize] = here;
            }
            return true;
        }
        self.occ_next[here as usize] = i;
        to[i as usize] = here;
        false
    }

    /// The agent `i` should swap with (Okumura, IJCAI 2023): one head-on with it where
    /// pushing cannot work (the pushed agent would be driven down a dead end, away from its
    /// goal) while `i` can back up to a branch and let it pass; [`NONE`] if there is none.
    /// Either `i` wants `best`, the cell of such an agent, or a neighbour of `i` wants `i`'s
    /// cell in the same way.
    fn swap_partner(&self, problem: &Problem, i: u32, best: u32, from: &[u32], to: &[u32]) -> u32 {
        let here = from[i as usize];
        let j = self.occ_now[best as usize];
        if j != NONE
            && j != i
            && to[j as usize] == NONE
            && swap_required(problem, i, j, here, best)
            && swap_possible(problem, best, here)
        {
            return j;
        }
        for &u in problem.neighbours(here) {
            let k = self.occ_now[u as usize];
            if u != best
                && k != NONE
                && to[k as usize] == NONE
                && swap_required(problem, k, i, u, here)
                && swap_possible(problem, u, here)
            {
                return k;
            }
        }
        NONE
    }
}

/// Whether `pusher` (on `a`) pushing `pulled` (on `b`) back is hopeless: following the
/// corridor from `b` away from `a`, `pulled` wants to come past `pusher` the whole way and
/// the corridor ends without a branch for it to step aside.
fn swap_required(problem: &Problem, pusher: u32, pulled: u32, a: u32, b: u32) -> bool {
    let (pusher, pulled) = (pusher as usize, pulled as usize);
    let (mut a, mut b) = (a, b);
    for _ in 0..problem.cell_count() {
        // Pushing helps once the pusher gains nothing or the pulled one loses nothing.
        if problem.dist(pulled, a) >= problem.dist(pulled, b)
            || problem.dist(pusher, b) >= problem.dist(pusher, a)
        {
            return false;
        }
        match other_way(problem, a, b) {
            Way::DeadEnd => return true,
            Way::One(next) => (a, b) = (b, next),
            Way::Branch => return false,
        }
    }
    false
}

/// Where a corridor goes on from `b` when entered from `a`.
enum Way {
    DeadEnd,
    One(u32),
    Branch,
}

fn other_way(problem: &Problem, a: u32, b: u32) -> Way {
    let mut ways = problem.neighbours(b).iter().copied().filter(|&w| w != a);
    match (ways.next(), ways.next()) {
        (None, _) => Way::DeadEnd,
        (Some(next), None) => Way::One(next),
        _ => Way::Branch,
    }
}

/// Whether an agent on `b` can back away from `a` down the corridor to a branch (where the
/// other can get past it).
fn swap_possible(problem: &Problem, a: u32, b: u32) -> bool {
    let (mut a, mut b) = (a, b);
    for _ in 0..problem.cell_count() {
        match other_way(problem, a, b) {
            Way::DeadEnd => return false,
            Way::One(next) => (a, b) = (b, next),
            Way::Branch => return true,
        }
    }
    false
}

/// Priorities of PIBT: one more for each step away from the goal; on arrival, back to the
/// agent's own fraction in [0, 1) (its start's distance to the goal over the map's size).
pub fn update_priorities(problem: &Problem, config: &[u32], priority: &mut [f32]) {
    for (i, p) in priority.iter_mut().enumerate() {
        if config[i] == problem.agents()[i].goal {
            *p -= p.floor();
        } else {
            *p += 1.0;
        }
    }
}

/// Each agent's first priority: its distance over the map's size, in [0, 1).
pub fn initial_priorities(problem: &Problem) -> Vec<f32> {
    let cells = problem.cell_count() as f32 + 1.0;
    (0..problem.agents().len())
        .map(|i| problem.dist(i, problem.agents()[i].start) as f32 / cells)
        .collect()
}

/// The agents in order of decreasing priority (ties to the lower index).
pub fn order_by(priority: &[f32]) -> Vec<u32> {
    let mut order: Vec<u32> = (0..priority.len() as u32).collect();
    order.sort_by(|&a, &b| priority[b as usize].total_cmp(&priority[a as usize]));
    order
}

/// The time steps before the one reached that [`Solver::looked_at`] gives of PIBT.
pub const TRAIL: usize = 16;

/// PIBT as a solver: one [`Solver::step`] is one time step for every agent.
#[derive(Clone, Debug)]
pub struct PibtSolver {
    problem: Rc<Problem>,
    pibt: Pibt,
    configs: Vec<Vec<u32>>,
    priority: Vec<f32>,
    goals: Vec<u32>,
    horizon: usize,
    status: MapfStatus,
    plan: Option<Plan>,
    last: Option<PibtStep>,
}

impl PibtSolver {
    /// PIBT from the starts, giving up after `horizon` time steps.
    pub fn new(problem: Rc<Problem>, seed: u64, horizon: usize) -> PibtSolver {
        let starts = problem.starts();
        let goals = problem.goals();
        let mut solver = PibtSolver {
            pibt: Pibt::new(&problem, seed),
            priority: initial_priorities(&problem),
            configs: vec![starts],
            goals,
            horizon,
            status: MapfStatus::Running,
            plan: None,
            last: None,
            problem,
        };
        solver.check_goal();
        solver
    }

    /// The default horizon: the map's cell count plus 1,000 steps.
    pub fn default_horizon(problem: &Problem) -> usize {
        problem.cell_count() + 1000
    }

    fn check_goal(&mut self) {
        if self.configs.last() == Some(&self.goals) {
            self.status = MapfStatus::Solved;
            self.plan = Some(Plan::from_configs(&self.configs));
        } else if self.configs.len() > self.horizon {
            self.status = MapfStatus::Failed;
        }
    }

    /// The configuration reached (every agent's cell now).
    pub fn config(&self) -> &[u32] {
        self.configs.last().map_or(&[], Vec::as_slice)
    }
}

impl Solver for PibtSolver {
    fn step(&mut self) {
        if self.status != MapfStatus::Running {
            return;
        }
        let order = order_by(&self.priority);
        let from = self.config().to_vec();
        let mut to = vec![NONE; from.len()];
        self.pibt.generate(&self.problem, &from, &mut to, &order);
        update_priorities(&self.problem, &to, &mut self.priority);
        self.configs.push(to);
        self.last = Some(PibtStep {
            time: self.configs.len() as u32 - 1,
            order,
            chains: self.pibt.chains.clone(),
            backtracks: self.pibt.backtracks.clone(),
        });
        self.check_goal();
    }

    fn status(&self) -> MapfStatus {
        self.status
    }

    fn plan(&self) -> Option<&Plan> {
        self.plan.as_ref()
    }

    fn nodes(&self) -> u64 {
        self.configs.len() as u64 - 1
    }

    fn last_step(&self) -> StepReport {
        self.last.clone().map_or(StepReport::None, StepReport::Pibt)
    }

    /// The last [`TRAIL`] time steps (a page draws them after every step: all of them
    /// would grow with the run), up to the one reached.
    fn looked_at(&self) -> Option<Plan> {
        let from = self.configs.len().saturating_sub(TRAIL + 1);
        Some(Plan {
            paths: (0..self.goals.len())
                .map(|i| self.configs[from..].iter().map(|c| c[i]).collect())
                .collect(),
        })
    }

    fn failure(&self) -> Option<String> {
        (self.status == MapfStatus::Failed).then(|| {
            format!(
                "not every agent was on its goal after {} time steps",
                self.horizon
            )
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Grid;

    #[test]
    fn one_step_is_a_legal_move_for_everyone_and_pushes_are_recorded() {
        // A crowded corridor and room: agent 0 wants the cell agent 1 stands on, so agent 1
        // inherits its priority and moves on first.
        let grid = Grid::from_bytes(5, 2, vec![1; 10]).unwrap();
        let agents = [
            ((0, 0), (4, 0)),
            ((1, 0), (2, 0)),
            ((1, 1), (0, 1)),
            ((3, 0), (3, 1)),
        ];
        let problem = Problem::new(&grid, &agents).unwrap();
        let from = problem.starts();
        let mut to = vec![NONE; 4];
        let mut pibt = Pibt::new(&problem, 3);
        assert!(pibt.generate(&problem, &from, &mut to, &[0, 1, 2, 3]));
        for i in 0..4 {
            assert!(problem.is_step(from[i], to[i]));
            assert!((0..4)
                .all(|j| j == i || (to[i] != to[j] && !(to[i] == from[j] && to[j] == from[i]))));
        }
        assert_eq!((to[0], to[1]), (1, 2));
        assert_eq!(pibt.chains.first(), Some(&(0, 1)));
    }

    #[test]
    fn corridors_tell_when_a_swap_is_needed() {
        // A dead-end corridor 0-1-2 off a junction at 3 (with 4 and 5 beside it).
        let grid = Grid::from_bytes(5, 2, vec![1, 1, 1, 1, 1, 0, 0, 0, 1, 0]).unwrap();
        let problem = Problem::new(&grid, &[((0, 0), (4, 0)), ((1, 0), (0, 0))]).unwrap();
        // Agent 1 on cell 1 wants cell 0 behind agent 0: pushing agent 0 on is no use to it.
        assert!(swap_possible(&problem, 0, 1));
        assert!(!swap_possible(&problem, 1, 0));
        assert!(swap_required(&problem, 1, 0, 1, 0));
    }
}
