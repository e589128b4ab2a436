//! Conflict-based search (Sharon, Stern, Felner and Sturtevant, AIJ 2015), optimal for the
//! sum of costs, with the improvements of ICBS (Boyarski et al., IJCAI 2015): conflicts
//! chosen cardinal first by MDDs ([`super::mdd`]), and bypassing.
//!
//! The high level is a best-first search over a binary *constraint tree*: each node holds one
//! path per agent, planned by space-time A* under the constraints on the way from the root,
//! and its cost (the paths' sum of costs). Expanding a node finds its conflicts; with none,
//! its paths are an optimal plan. Otherwise it picks one conflict (cardinal before
//! semi-cardinal before non-cardinal, then earliest) and splits: each child forbids one of
//! the two agents its part of the conflict (a cell at a time, or a move at a time) and
//! replans that agent. Bypass: a child that costs no more than its parent and has fewer
//! conflicts lends its path to the parent instead, which goes back to the open list.

use super::mdd::Mdd;
use super::plan::{path_cost, Plan};
use super::problem::Problem;
use super::solver::{MapfStatus, Solver};
use super::spacetime::{plan_path, Reservations};
use super::steps::StepReport;
pub use super::steps::{Cardinality, CbsChild, CbsStep, Conflict, Constraint};
use rustc_hash::{FxHashMap, FxHashSet};
use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::rc::Rc;

/// One node of the constraint tree.
#[derive(Clone, Debug)]
pub struct CtNode {
    /// The parent node's id (`None` for the root).
    pub parent: Option<u32>,
    /// The constraint this node adds to its parent's (`None` for the root).
    pub constraint: Option<Constraint>,
    /// The sum of costs of its paths.
    pub cost: u64,
    /// How many pairs of agents conflict in its paths.
    pub conflicts: u32,
    paths: Vec<Rc<[u32]>>,
    /// Each agent's MDD level widths, once needed (a child shares its parent's for every
    /// agent but the one it replanned: same constraints, same cost).
    widths: Vec<Option<Rc<[usize]>>>,
}

impl CtNode {
    /// The node's paths as a plan (possibly with conflicts).
    pub fn plan(&self) -> Plan {
        Plan {
            paths: self.paths.iter().map(|p| p.to_vec()).collect(),
        }
    }
}

/// An agent's constraints, as space-time A* asks them, with the other agents' paths to
/// avoid where that costs nothing (the conflict avoidance table).
#[derive(Default)]
struct Constraints {
    vertex: FxHashSet<(u32, u32)>,
    edge: FxHashSet<(u32, u32, u32)>,
    hold: u32,
    last: u32,
    /// Other agents' cells by time, their moves by arrival time, and their goals from the
    /// time they stay there.
    others_at: FxHashSet<(u32, u32)>,
    others_move: FxHashSet<(u32, u32, u32)>,
    others_parked: FxHashMap<u32, u32>,
}

impl Constraints {
    /// Fills the conflict avoidance table from every path but agent `agent`'s.
    fn avoid(&mut self, paths: &[Rc<[u32]>], agent: u32) {
        for (k, p) in paths.iter().enumerate() {
            if k as u32 == agent {
                continue;
            }
            for (t, &v) in p.iter().enumerate() {
                self.others_at.insert((v, t as u32));
                if t > 0 && p[t - 1] != v {
                    self.others_move.insert((p[t - 1], v, t as u32));
                }
            }
            if let Some(&last) = p.last() {
                self.others_parked.insert(last, p.len() as u32);
            }
        }
    }
}

impl Reservations for Constraints {
    fn blocked(&self, from: u32, to: u32, t: u32) -> bool {
        self.vertex.contains(&(to, t)) || self.edge.contains(&(from, to, t))
    }

    fn hold_from(&self, _goal: u32) -> u32 {
        self.hold
    }

    fn last_time(&self) -> u32 {
        self.last
    }

    fn conflicts(&self, from: u32, to: u32, t: u32) -> u32 {
        u32::from(self.others_at.contains(&(to, t)))
            + u32::from(self.others_parked.get(&to).is_some_and(|&s| t >= s))
            + u32::from(self.others_move.contains(&(to, from, t)))
    }
}

/// CBS as a solver: one [`Solver::step`] expands one node of the constraint tree.
#[derive(Clone, Debug)]
pub struct Cbs {
    problem: Rc<Problem>,
    nodes: Vec<CtNode>,
    open: BinaryHeap<Reverse<(u64, u32, u32)>>,
    status: MapfStatus,
    plan: Option<Plan>,
    expanded: u64,
    low_level: u64,
    last: Option<CbsStep>,
}

impl Cbs {
    /// CBS with its root planned (each agent's shortest path, ignoring the others).
    pub fn new(problem: Rc<Problem>) -> Cbs {
        let mut cbs = Cbs {
            nodes: Vec::new(),
            open: BinaryHeap::new(),
            status: MapfStatus::Running,
            plan: None,
            expanded: 0,
            low_level: 0,
            last: None,
            problem,
        };
        let none = Constraints::default();
        let mut paths = Vec::new();
        for i in 0..cbs.problem.agents().len() {
            let (path, expanded) = plan_path(&cbs.problem, i, &none);
            cbs.low_level += expanded;
            match path {
                Some(p) => paths.push(Rc::from(p)),
                None => {
                    cbs.status = MapfStatus::NoSolution;
                    return cbs;
                }
            }
        }
        let widths = vec![None; paths.len()];
        cbs.push(None, None, paths, widths);
        cbs
    }

    /// Node `id` of the constraint tree.
    pub fn node(&self, id: u32) -> &CtNode {
        &self.nodes[id as usize]
    }

    /// The nodes made so far.
    pub fn node_count(&self) -> usize {
        self.nodes.len()
    }

    /// A lower bound on the optimal sum of costs: the cheapest open node's cost.
    pub fn lower_bound(&self) -> Option<u64> {
        self.open.peek().map(|Reverse((cost, _, _))| *cost)
    }

    /// States expanded by the low-level searches.
    pub fn low_level_expanded(&self) -> u64 {
        self.low_level
    }

    fn push(
        &mut self,
        parent: Option<u32>,
        constraint: Option<Constraint>,
        paths: Vec<Rc<[u32]>>,
        widths: Vec<Option<Rc<[usize]>>>,
    ) -> u32 {
        let id = self.nodes.len() as u32;
        let cost = paths.iter().map(|p| path_cost(p) as u64).sum();
        let conflicts = conflicts(&paths).len() as u32;
        self.nodes.push(CtNode {
            parent,
            constraint,
            cost,
            conflicts,
            paths,
            widths,
        });
        self.open.push(Reverse((cost, conflicts, id)));
        id
    }

    /// The constraints on `agent` from the root to node `id`, plus `extra`.
    fn constraints(&self, id: u32, agent: u32, extra: Option<Constraint>) -> Constraints {
        let mut cs = Constraints::default();
        let goal = self.problem.agents()[agent as usize].goal;
        let mut add = |c: Constraint| match c {
            Constraint::Vertex {
                agent: a,
                cell,
                time,
            } if a == agent => {
                cs.vertex.insert((cell, time));
                cs.last = cs.last.max(time);
                if cell == goal {
                    cs.hold = cs.hold.max(time + 1);
                }
            }
            Constraint::Edge {
                agent: a,
                from,
                to,
                time,
            } if a == agent => {
                cs.edge.insert((from, to, time));
                cs.last = cs.last.max(time);
            }
            _ => {}
        };
        if let Some(c) = extra {
            add(c);
        }
        let mut k = Some(id);
        while let Some(n) = k {
            let node = &self.nodes[n as usize];
            if let Some(c) = node.constraint {
                add(c);
            }
            k = node.parent;
        }
        cs
    }

    /// The conflict to split on, and its class: cardinal first, then the earliest.
    fn choose(&mut self, id: u32, found: &[Conflict]) -> (Conflict, Cardinality) {
        let mut best: Option<(Conflict, Cardinality)> = None;
        for &c in found {
            let mut forced = |agent: u32| {
                let path = &self.nodes[id as usize].paths[agent as usize];
                let cost = path_cost(path);
                if c.time > cost {
                    return true;
                }
                let widths = match &self.nodes[id as usize].widths[agent as usize] {
                    Some(w) => w.clone(),
                    None => {
                        let cs = self.constraints(id, agent, None);
                        let mdd = Mdd::build(&self.problem, agent as usize, cost, &cs);
                        let w: Rc<[usize]> = (0..=cost as usize).map(|t| mdd.width(t)).collect();
                        self.nodes[id as usize].widths[agent as usize] = Some(w.clone());
                        w
                    }
                };
                let width = |t: usize| widths.get(t).copied().unwrap_or(1);
                let t = c.time as usize;
                width(t) == 1 && (c.to.is_none() || width(t - 1) == 1)
            };
            let class = match (forced(c.a), forced(c.b)) {
                (true, true) => Cardinality::Cardinal,
                (false, false) => Cardinality::NonCardinal,
                _ => Cardinality::SemiCardinal,
            };
            if best.is_none_or(|(b, k)| class > k || (class == k && c.time < b.time)) {
                best = Some((c, class));
            }
            if class == Cardinality::Cardinal {
                break;
            }
        }
        best.unwrap_or((found[0], Cardinality::NonCardinal))
    }
}

/// The first conflict of every pair of agents whose paths conflict.
pub fn conflicts(paths: &[Rc<[u32]>]) -> Vec<Conflict> {
    let at = |p: &[u32], t: usize| p[t.min(p.len() - 1)];
    let mut found = Vec::new();
    for a in 0..paths.len() {
        for b in a + 1..paths.len() {
            let (pa, pb) = (&paths[a], &paths[b]);
            let end = pa.len().max(pb.len());
            for t in 0..end {
                let (va, vb) = (at(pa, t), at(pb, t));
                let conflict = if va == vb {
                    Some(Conflict {
                        a: a as u32,
                        b: b as u32,
                        time: t as u32,
                        cell: va,
                        to: None,
                    })
                } else if t > 0 && at(pa, t - 1) == vb && at(pb, t - 1) == va {
                    Some(Conflict {
                        a: a as u32,
                        b: b as u32,
                        time: t as u32,
                        cell: vb,
                        to: Some(va),
                    })
                } else {
                    None
                };
                if let Some(c) = conflict {
                    found.push(c);
                    break;
                }
            }
        }
    }
    found
}

impl Solver for Cbs {
    fn step(&mut self) {
        if self.status != MapfStatus::Running {
            return;
        }
        let Some(Reverse((cost, _, id))) = self.open.pop() else {
            self.status = MapfStatus::NoSolution;
            return;
        };
        self.expanded += 1;
        let found = conflicts(&self.nodes[id as usize].paths);
        if found.is_empty() {
            self.plan = Some(self.nodes[id as usize].plan());
            self.status = MapfStatus::Solved;
            self.last = Some(CbsStep {
                node: id,
                cost,
                conflict: None,
                cardinality: None,
                children: vec![],
                bypass: false,
            });
            return;
        }
        let (conflict, cardinality) = self.choose(id, &found);
        let Conflict {
            a,
            b,
            time,
            cell,
            to,
        } = conflict;
        let split = match to {
            None => [
                Constraint::Vertex {
                    agent: a,
                    cell,
                    time,
                },
                Constraint::Vertex {
                    agent: b,
                    cell,
                    time,
                },
            ],
            Some(to) => [
                Constraint::Edge {
                    agent: a,
                    from: cell,
                    to,
                    time,
                },
                Constraint::Edge {
                    agent: b,
                    from: to,
                    to: cell,
                    time,
                },
            ],
        };
        let mut children = Vec::new();
        let mut bypass = false;
        let mut made = Vec::new();
        for constraint in split {
            let agent = constraint.agent();
            let mut cs = self.constraints(id, agent, Some(constraint));
            cs.avoid(&self.nodes[id as usize].paths, agent);
            let (path, expanded) = plan_path(&self.problem, agent as usize, &cs);
            self.low_level += expanded;
            let Some(path) = path else {
                children.push(CbsChild {
                    constraint,
                    node: None,
                    cost: None,
                });
                continue;
            };
            let parent = &self.nodes[id as usize];
            let mut paths = parent.paths.clone();
            paths[agent as usize] = Rc::from(path);
            let child_cost = paths.iter().map(|p| path_cost(p) as u64).sum::<u64>();
            let child_conflicts = conflicts(&paths).len() as u32;
            if child_cost == parent.cost && child_conflicts < parent.conflicts {
                let node = &mut self.nodes[id as usize];
                node.paths = paths;
                node.conflicts = child_conflicts;
                self.open.push(Reverse((cost, child_conflicts, id)));
                children.push(CbsChild {
                    constraint,
                    node: None,
                    cost: Some(child_cost),
                });
                bypass = true;
                break;
            }
            made.push((constraint, paths, child_cost));
        }
        if !bypass {
            for (constraint, paths, child_cost) in made {
                let mut widths = self.nodes[id as usize].widths.clone();
                widths[constraint.agent() as usize] = None;
                let node = self.push(Some(id), Some(constraint), paths, widths);
                children.push(CbsChild {
                    constraint,
                    node: Some(node),
                    cost: Some(child_cost),
                });
            }
        }
        self.last = Some(CbsStep {
            node: id,
            cost,
            conflict: Some(conflict),
            cardinality: Some(cardinality),
            children,
            bypass,
        });
    }

    fn status(&self) -> MapfStatus {
        self.status
    }

    fn plan(&self) -> Option<&Plan> {
        self.plan.as_ref()
    }

    fn nodes(&self) -> u64 {
        self.expanded
    }

    fn last_step(&self) -> StepReport {
        self.last.clone().map_or(StepReport::None, StepReport::Cbs)
    }

    fn looked_at(&self) -> Option<Plan> {
        let id = self.last.as_ref().map_or(0, |s| s.node);
        self.nodes.get(id as usize).map(CtNode::plan)
    }

    fn made(&self) -> u64 {
        self.nodes.len() as u64
    }

    fn failure(&self) -> Option<String> {
        (self.status == MapfStatus::NoSolution)
            .then(|| "the constraint tree ran out of nodes".to_string())
    }
}
