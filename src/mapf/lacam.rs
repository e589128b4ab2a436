//! LaCAM, lazy constraints addition search (Okumura, AAAI 2023): a depth-first search over
//! configurations (every agent's cell at once) whose successors are not enumerated (there
//! are up to 5ⁿ) but generated one at a time by PIBT. Each configuration keeps a queue of
//! *constraints* ("agent i goes to cell v", chained agent by agent in the configuration's
//! priority order); each visit takes the next constraint, adds its children for the next
//! agent in the order, and asks PIBT for a successor that obeys it. A configuration is
//! dropped only when its constraints are exhausted, so the search is complete: it finds a
//! plan when one exists and otherwise reports that none does (on small instances).

use super::pibt::{initial_priorities, order_by, update_priorities, Pibt};
use super::plan::Plan;
use super::problem::{Problem, NONE};
use super::solver::{MapfStatus, Solver};
use super::steps::StepReport;
pub use super::steps::{LacamOutcome, LacamStep};
use crate::rng::SplitMix64;
use rustc_hash::FxHashMap;
use std::collections::VecDeque;
use std::rc::Rc;

/// A configuration in LaCAM's search.
#[derive(Clone, Debug)]
struct Node {
    config: Rc<[u32]>,
    parent: u32,
    priority: Vec<f32>,
    order: Vec<u32>,
    /// Constraints still to try (indices into the constraint arena).
    constraints: VecDeque<u32>,
    /// LaCAM*: the cost from the start (sum of loss) and its estimate to the goal.
    g: u64,
    h: u64,
    /// LaCAM*: the configurations PIBT has made from this one.
    next: Vec<u32>,
}

/// One constraint: agent `who` goes to `cell`, on top of its parent's constraints.
#[derive(Clone, Copy, Debug)]
struct Constraint {
    parent: u32,
    who: u32,
    cell: u32,
    depth: u32,
}

/// LaCAM as a solver: one [`Solver::step`] explores one configuration once.
#[derive(Clone, Debug)]
pub struct Lacam {
    problem: Rc<Problem>,
    pibt: Pibt,
    rng: SplitMix64,
    nodes: Vec<Node>,
    constraints: Vec<Constraint>,
    explored: FxHashMap<Rc<[u32]>, u32>,
    open: Vec<u32>,
    goals: Vec<u32>,
    status: MapfStatus,
    plan: Option<Plan>,
    steps: u64,
    last: Option<LacamStep>,
    /// LaCAM*: go on after the first plan, improving it until the search is exhausted.
    star: bool,
    /// The goal configuration's node, once found.
    goal: Option<u32>,
}

impl Lacam {
    /// LaCAM from the starts; `seed` breaks ties.
    pub fn new(problem: Rc<Problem>, seed: u64) -> Lacam {
        Lacam::with_refinement(problem, seed, false)
    }

    /// LaCAM* (Okumura, IJCAI 2023) when `star`: after the first plan the search goes on,
    /// keeping every configuration's cheapest known way from the start (sum of loss: one
    /// per agent and step except waits on the goal) up to date as new links between known
    /// configurations turn up, pruning configurations that cannot beat the plan, and
    /// improving the plan until nothing is left to search: then it is optimal for the sum
    /// of loss. [`Solver::plan`] is the best plan so far.
    pub fn with_refinement(problem: Rc<Problem>, seed: u64, star: bool) -> Lacam {
        let mut lacam = Lacam {
            star,
            goal: None,
            pibt: Pibt::new(&problem, seed),
            rng: SplitMix64::new(seed ^ 0x5EED),
            nodes: Vec::new(),
            constraints: Vec::new(),
            explored: FxHashMap::default(),
            open: Vec::new(),
            goals: problem.goals(),
            status: MapfStatus::Running,
            plan: None,
            steps: 0,
            last: None,
            problem,
        };
        let priority = initial_priorities(&lacam.problem);
        let starts: Rc<[u32]> = lacam.problem.starts().into();
        lacam.add_node(starts, NONE, priority);
        lacam
    }

    /// The cells of configuration `node` (agent by agent).
    pub fn config(&self, node: u32) -> &[u32] {
        &self.nodes[node as usize].config
    }

    /// The configurations found so far.
    pub fn node_count(&self) -> usize {
        self.nodes.len()
    }

    fn add_node(&mut self, config: Rc<[u32]>, parent: u32, priority: Vec<f32>) -> u32 {
        let id = self.nodes.len() as u32;
        let root = self.constraints.len() as u32;
        self.constraints.push(Constraint {
            parent: NONE,
            who: NONE,
            cell: NONE,
            depth: 0,
        });
        let order = order_by(&priority);
        self.explored.insert(config.clone(), id);
        let solved = *config == *self.goals;
        let (g, h) = match parent {
            NONE => (0, 0),
            p => (self.nodes[p as usize].g + self.loss(p, &config), 0),
        };
        let h = h
            + (0..config.len())
                .map(|i| self.problem.dist(i, config[i]) as u64)
                .sum::<u64>();
        self.nodes.push(Node {
            config,
            parent,
            priority,
            order,
            constraints: VecDeque::from([root]),
            g,
            h,
            next: Vec::new(),
        });
        if parent != NONE {
            self.nodes[parent as usize].next.push(id);
        }
        if solved {
            self.improve(id);
        } else {
            self.open.push(id);
        }
        id
    }

    /// The cost of the step from node `from` to `config`: the agents not waiting on their goal.
    fn loss(&self, from: u32, config: &[u32]) -> u64 {
        let before = &self.nodes[from as usize].config;
        (0..config.len())
            .filter(|&i| !(before[i] == self.goals[i] && config[i] == self.goals[i]))
            .count() as u64
    }

    /// A (cheaper) way to the goal configuration `id`: the plan becomes the way back from it.
    fn improve(&mut self, id: u32) {
        if self
            .goal
            .is_some_and(|best| self.nodes[best as usize].g <= self.nodes[id as usize].g)
            && self.plan.is_some()
        {
            return;
        }
        self.goal = Some(id);
        self.finish(id);
        if self.star {
            self.status = MapfStatus::Running;
        }
    }

    /// LaCAM*: `from` has a link to `to`; lowers the cost of every configuration reachable
    /// from `from` where the link makes a cheaper way (Dijkstra over the known links).
    fn rewrite(&mut self, from: u32, to: u32) {
        if !self.nodes[from as usize].next.contains(&to) {
            self.nodes[from as usize].next.push(to);
        }
        let mut queue = std::collections::BinaryHeap::new();
        queue.push(std::cmp::Reverse((self.nodes[from as usize].g, from)));
        let mut goal_improved = false;
        while let Some(std::cmp::Reverse((g, u))) = queue.pop() {
            if g > self.nodes[u as usize].g {
                continue;
            }
            for k in 0..self.nodes[u as usize].next.len() {
                let w = self.nodes[u as usize].next[k];
                let config = self.nodes[w as usize].config.clone();
                let g2 = g + self.loss(u, &config);
                if g2 < self.nodes[w as usize].g {
                    let node = &mut self.nodes[w as usize];
                    node.g = g2;
                    node.parent = u;
                    queue.push(std::cmp::Reverse((g2, w)));
                    goal_improved |= Some(w) == self.goal;
                }
            }
        }
        if let (true, Some(goal)) = (goal_improved, self.goal) {
            self.finish(goal);
            self.status = MapfStatus::Running;
        }
    }

    /// The sum of loss of the best plan so far (LaCAM*'s cost), once there is one.
    pub fn best_cost(&self) -> Option<u64> {
        self.goal.map(|g| self.nodes[g as usize].g)
    }

    fn finish(&mut self, mut id: u32) {
        let mut configs = Vec::new();
        while id != NONE {
            let node = &self.nodes[id as usize];
            configs.push(node.config.to_vec());
            id = node.parent;
        }
        configs.reverse();
        self.plan = Some(Plan::from_configs(&configs));
        self.status = MapfStatus::Solved;
    }

    /// Adds the children of constraint `c` of node `id`: the next agent in the node's order
    /// to each of its cells (a neighbour or staying), in random order.
    fn branch(&mut self, id: u32, c: u32) {
        let depth = self.constraints[c as usize].depth;
        let node = &self.nodes[id as usize];
        if depth as usize >= node.order.len() {
            return;
        }
        let who = node.order[depth as usize];
        let here = node.config[who as usize];
        let mut cells: Vec<u32> = self.problem.neighbours(here).to_vec();
        cells.push(here);
        for k in (1..cells.len()).rev() {
            let r = self.rng.below(k as u64 + 1) as usize;
            cells.swap(k, r);
        }
        for cell in cells {
            let index = self.constraints.len() as u32;
            self.constraints.push(Constraint {
                parent: c,
                who,
                cell,
                depth: depth + 1,
            });
            self.nodes[id as usize].constraints.push_back(index);
        }
    }
}

impl Solver for Lacam {
    fn step(&mut self) {
        if self.status != MapfStatus::Running {
            return;
        }
        let Some(&id) = self.open.last() else {
            self.status = if self.plan.is_some() {
                MapfStatus::Solved
            } else {
                MapfStatus::NoSolution
            };
            return;
        };
        self.steps += 1;
        if let Some(best) = self.best_cost() {
            let node = &self.nodes[id as usize];
            if node.g + node.h >= best {
                self.open.pop();
                self.last = Some(LacamStep {
                    node: id,
                    constraints: vec![],
                    outcome: LacamOutcome::Pruned,
                    successor: None,
                });
                return;
            }
        }
        let Some(c) = self.nodes[id as usize].constraints.pop_front() else {
            self.open.pop();
            self.last = Some(LacamStep {
                node: id,
                constraints: vec![],
                outcome: LacamOutcome::Exhausted,
                successor: None,
            });
            return;
        };
        self.branch(id, c);
        let node = &self.nodes[id as usize];
        let mut to = vec![NONE; node.config.len()];
        let mut fixed = Vec::new();
        let mut k = c;
        while self.constraints[k as usize].who != NONE {
            let Constraint {
                parent, who, cell, ..
            } = self.constraints[k as usize];
            to[who as usize] = cell;
            fixed.push((who, cell));
            k = parent;
        }
        fixed.reverse();
        let from = node.config.clone();
        let ok = self
            .pibt
            .generate(&self.problem, &from, &mut to, &node.order);
        let (outcome, successor) = if !ok {
            (LacamOutcome::Failed, None)
        } else if let Some(&known) = self.explored.get(to.as_slice()) {
            // As in the AAAI 2023 paper, a known configuration is not visited again from here
            // (re-inserting it before the first plan solved fewer of the dense
            // random-32-32-20 instances within a second). LaCAM* records the link, lowers
            // the costs it improves and, once it has a plan, visits the configuration again.
            if self.star {
                self.rewrite(id, known);
                if self.goal.is_some() && Some(known) != self.goal {
                    self.open.push(known);
                }
            }
            (LacamOutcome::Known, Some(known))
        } else {
            let mut priority = self.nodes[id as usize].priority.clone();
            update_priorities(&self.problem, &to, &mut priority);
            (
                LacamOutcome::New,
                Some(self.add_node(to.into(), id, priority)),
            )
        };
        self.last = Some(LacamStep {
            node: id,
            constraints: fixed,
            outcome,
            successor,
        });
    }

    fn status(&self) -> MapfStatus {
        self.status
    }

    fn plan(&self) -> Option<&Plan> {
        self.plan.as_ref()
    }

    fn nodes(&self) -> u64 {
        self.steps
    }

    fn last_step(&self) -> StepReport {
        self.last
            .clone()
            .map_or(StepReport::None, StepReport::Lacam)
    }

    fn looked_at(&self) -> Option<Plan> {
        let (node, successor) = self
            .last
            .as_ref()
            .map_or((0, None), |s| (s.node, s.successor));
        let mut configs = vec![self.config(node).to_vec()];
        if let Some(next) = successor {
            configs.push(self.config(next).to_vec());
        }
        // Not trimmed: the configuration's cells, and where PIBT took each agent.
        Some(Plan {
            paths: (0..configs[0].len())
                .map(|i| configs.iter().map(|c| c[i]).collect())
                .collect(),
        })
    }

    fn made(&self) -> u64 {
        self.nodes.len() as u64
    }

    fn failure(&self) -> Option<String> {
        (self.status == MapfStatus::NoSolution)
            .then(|| "every configuration reachable from the starts was explored".to_string())
    }
}
