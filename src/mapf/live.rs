//! A solve stepped as a page watches it: [`Live`] holds one solver for one problem, steps it
//! by count or by a slice of time (timed by the caller's clock, only while it works), and
//! tells what its last step did as a [`Frame`] — the report, its words and pseudocode line
//! ([`super::words`]), and what to draw: the paths the step worked on, the time to show
//! them at, the agent it planned, the conflict it split, the pushes and constraints as
//! arrows. CBS is kept as a [`CbsTree`], so its constraint tree can be listed as it grows.

use super::cbs::Cbs;
use super::problem::Problem;
use super::solver::{MapfStatus, Solver};
use super::steps::{LacamStep, StepReport};
use super::table::{new_solver, SolverId};
use super::tree::{CbsTree, TreeNode};
use super::words::{counts, StepWords};
use super::Plan;
use std::rc::Rc;

/// The solver of a live solve: CBS with its tree, or any other.
enum Held {
    Tree(CbsTree),
    Other(Box<dyn Solver>),
}

/// One solve, stepped.
pub struct Live {
    id: SolverId,
    problem: Rc<Problem>,
    held: Held,
    ms: f64,
}

/// An arrow of a frame, between two cells (x, y): `push` (PIBT: the first agent wanted the
/// second's cell, so the second inherited its priority), `backtrack` (the second could not
/// move, the first tried its next cell) or `constraint` (LaCAM: an agent must go to a cell).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Arrow {
    /// Where it starts.
    pub from: (u32, u32),
    /// Where it points.
    pub to: (u32, u32),
    /// `push`, `backtrack` or `constraint`.
    pub kind: &'static str,
}

/// What the last step did and what to draw for it.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Frame {
    /// The solver's id.
    pub solver: &'static str,
    /// `running`, `solved`, `no-solution` or `failed`.
    pub status: &'static str,
    /// Steps done (CBS nodes expanded, PIBT time steps, LaCAM configurations explored,
    /// agents planned).
    pub steps: u64,
    /// What the steps made: CBS's nodes, LaCAM's configurations (otherwise the steps).
    pub made: u64,
    /// Milliseconds spent solving so far.
    pub ms: f64,
    /// The last step, in the solver's own terms.
    pub report: StepReport,
    /// The last step in words.
    pub words: StepWords,
    /// The counts in words.
    pub counts: String,
    /// The id of the pseudocode line the step lit.
    pub line: &'static str,
    /// The last time step of `cells`.
    pub horizon: u32,
    /// The paths the step worked on, dense: agent i at time t is
    /// `cells[i * (horizon + 1) + t]`.
    pub cells: Vec<u32>,
    /// The time step to show them at.
    pub t: u32,
    /// The agent the step planned (prioritized planning), if one.
    pub agent: Option<u32>,
    /// The conflict CBS split on: its cell, or a swap's two cells.
    pub conflict: Vec<(u32, u32)>,
    /// Pushes, backtracks and constraints.
    pub arrows: Vec<Arrow>,
}

impl Live {
    /// A new solve of `problem` by `id` (CBS's root, or LaCAM's start, made at once), timed
    /// by `now_ms`.
    pub fn start(id: SolverId, problem: Rc<Problem>, now_ms: &dyn Fn() -> f64) -> Live {
        let started = now_ms();
        let held = match id {
            SolverId::Cbs => Held::Tree(CbsTree::new(Cbs::new(problem.clone()))),
            _ => Held::Other(new_solver(id, problem.clone(), 0)),
        };
        Live {
            id,
            problem,
            held,
            ms: now_ms() - started,
        }
    }

    /// The solver.
    pub fn solver(&self) -> &dyn Solver {
        match &self.held {
            Held::Tree(t) => t,
            Held::Other(s) => s.as_ref(),
        }
    }

    fn solver_mut(&mut self) -> &mut dyn Solver {
        match &mut self.held {
            Held::Tree(t) => t,
            Held::Other(s) => s.as_mut(),
        }
    }

    /// Which solver.
    pub fn id(&self) -> SolverId {
        self.id
    }

    /// The problem solved.
    pub fn problem(&self) -> &Rc<Problem> {
        &self.problem
    }

    /// Milliseconds spent solving (making the solver and stepping it).
    pub fn ms(&self) -> f64 {
        self.ms
    }

    /// Where the solver stands.
    pub fn status(&self) -> MapfStatus {
        self.solver().status()
    }

    /// Up to `n` steps (fewer once the solver finishes), or until `budget_ms` more
    /// milliseconds have gone (checked after every step; at least one step is done).
    pub fn step(&mut self, n: u64, budget_ms: f64, now_ms: &dyn Fn() -> f64) -> MapfStatus {
        let started = now_ms();
        let mut done = 0;
        while done < n && self.status() == MapfStatus::Running {
            self.solver_mut().step();
            done += 1;
            if now_ms() - started >= budget_ms {
                break;
            }
        }
        self.ms += now_ms() - started;
        self.status()
    }

    /// CBS's constraint tree so far, node by node (`None` for another solver).
    pub fn tree_nodes(&self) -> Option<Vec<TreeNode>> {
        match &self.held {
            Held::Tree(t) => Some(t.nodes(&self.problem)),
            Held::Other(_) => None,
        }
    }

    /// Node `id` of CBS's tree as a plan, or `None`.
    pub fn tree_node_plan(&self, id: u32) -> Option<Plan> {
        match &self.held {
            Held::Tree(t) => t.node_plan(id),
            Held::Other(_) => None,
        }
    }

    /// What the last step did, and what to draw for it.
    pub fn frame(&self) -> Frame {
        let s = self.solver();
        let p = &*self.problem;
        let report = s.last_step();
        let status = s.status();
        let plan = s.looked_at().unwrap_or_default();
        let horizon = plan.horizon() as u32;
        let at = |i: u32, t: u32| p.coords(plan.at(i as usize, t as usize));
        let (mut t, mut agent, mut conflict, mut arrows) = (0, None, vec![], vec![]);
        match &report {
            StepReport::Cbs(step) => {
                if let Some(c) = &step.conflict {
                    t = c.time.min(horizon);
                    conflict = std::iter::once(c.cell)
                        .chain(c.to)
                        .map(|v| p.coords(v))
                        .collect();
                }
            }
            StepReport::Pibt(step) => {
                // The trail's last time step is the one reached; the arrows go between the
                // agents where they are drawn, after the step.
                t = horizon;
                let arrow = |kind| {
                    move |&(a, b): &(u32, u32)| Arrow {
                        from: at(a, t),
                        to: at(b, t),
                        kind,
                    }
                };
                arrows.extend(step.chains.iter().map(arrow("push")));
                arrows.extend(step.backtracks.iter().map(arrow("backtrack")));
            }
            StepReport::Lacam(LacamStep { constraints, .. }) => {
                arrows.extend(constraints.iter().map(|&(a, v)| Arrow {
                    from: at(a, 0),
                    to: p.coords(v),
                    kind: "constraint",
                }));
            }
            StepReport::Pp(step) => agent = Some(step.agent),
            StepReport::None => {}
        }
        Frame {
            solver: self.id.info().id,
            status: status.name(),
            steps: s.nodes(),
            made: s.made(),
            ms: self.ms,
            words: report.words(p),
            counts: counts(self.id, s.nodes(), s.made()),
            line: report.line(self.id, status),
            horizon,
            cells: plan.dense(),
            t,
            agent,
            conflict,
            arrows,
            report,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::scene::AgentScene;
    use super::super::table::SOLVERS;
    use super::*;
    use crate::formats::movingai::parse_map;
    use crate::grid::Grid;

    fn grid() -> Grid {
        parse_map("type octile\nheight 3\nwidth 5\nmap\n.....\n.@.@.\n.....\n").unwrap()
    }

    /// Four agents crossing a small map: each solver has conflicts to settle.
    fn scene(g: &Grid) -> AgentScene {
        let mut s = AgentScene::new();
        for (x, y) in [
            (0, 0),
            (4, 0),
            (4, 0),
            (0, 0),
            (0, 2),
            (4, 2),
            (4, 2),
            (0, 1),
        ] {
            s.place(g, x, y).unwrap();
        }
        s
    }

    #[test]
    fn cbs_stepped_node_by_node_grows_its_tree_and_ends_as_the_one_shot_solve() {
        let g = grid();
        let mut s = scene(&g);
        s.start(&g, SolverId::Cbs, &|| 0.0).unwrap();
        let f = s.frame().unwrap();
        assert_eq!((f.status, f.steps, f.line), ("running", 0, "root"));
        assert_eq!(s.tree_nodes().unwrap().len(), 1);
        assert_eq!(s.step(1, f64::INFINITY, &|| 0.0), Some(MapfStatus::Running));
        let f = s.frame().unwrap();
        let StepReport::Cbs(step) = &f.report else {
            panic!("not a CBS report")
        };
        assert_eq!((step.node, f.steps), (0, 1));
        assert!(f.words.headline.starts_with("Expanded node #0 (cost "));
        assert_eq!(f.words.details.len(), step.children.len());
        assert!(f.words.details[0].starts_with("child #1: agent "));
        assert_eq!(f.line, "push");
        assert!(!f.conflict.is_empty());
        assert_eq!(f.cells.len(), 4 * (f.horizon as usize + 1));
        let nodes = s.tree_nodes().unwrap();
        assert_eq!(nodes.len() as u64, f.made);
        assert_eq!(nodes[0].expanded, Some(0));
        assert!(s.outcome().is_none());
        while s.step(1, f64::INFINITY, &|| 0.0) == Some(MapfStatus::Running) {}
        let stepped = s.outcome().unwrap().clone();
        let f = s.frame().unwrap();
        assert_eq!((f.status, f.line), ("solved", "goal"));
        assert!(f.words.headline.ends_with("its paths are the plan."));
        let paths = s.dense_paths();
        let once = s
            .solve(&g, SolverId::Cbs, 10_000.0, &|| 0.0)
            .unwrap()
            .clone();
        assert_eq!(
            (stepped.soc, stepped.makespan, stepped.nodes),
            (once.soc, once.makespan, once.nodes)
        );
        assert_eq!(s.dense_paths(), paths);
    }

    #[test]
    fn pibt_frames_tell_the_priority_order_and_draw_each_push() {
        // A corridor: agent 0 must push agent 1 along it.
        let g = parse_map("type octile\nheight 1\nwidth 5\nmap\n.....\n").unwrap();
        let mut s = AgentScene::new();
        for (x, y) in [(0, 0), (3, 0), (1, 0), (4, 0)] {
            s.place(&g, x, y).unwrap();
        }
        s.start(&g, SolverId::Pibt, &|| 0.0).unwrap();
        s.step(1, f64::INFINITY, &|| 0.0);
        let f = s.frame().unwrap();
        let StepReport::Pibt(step) = &f.report else {
            panic!("not a PIBT report")
        };
        assert_eq!((step.time, f.t), (1, 1));
        // Only the last time steps are drawn, however long PIBT runs.
        let g = grid();
        let mut long = scene(&g);
        long.start(&g, SolverId::Pibt, &|| 0.0).unwrap();
        long.step(40, f64::INFINITY, &|| 0.0);
        let trail = long.frame().unwrap();
        assert_eq!(u64::from(trail.horizon), trail.steps.min(16));
        assert_eq!(trail.t, trail.horizon);
        assert_eq!(step.chains, vec![(0, 1)]);
        assert_eq!(f.line, "inherit");
        assert_eq!(
            f.words.details[0],
            format!(
                "priority order: {}",
                if step.order[0] == 0 { "0, 1" } else { "1, 0" }
            )
        );
        assert!(f.words.details[1].starts_with("agent 0 wants agent 1's cell"));
        assert_eq!(
            f.arrows,
            vec![Arrow {
                from: (1, 0),
                to: (2, 0),
                kind: "push"
            }]
        );
    }

    #[test]
    fn lacam_counts_its_configurations_as_it_explores() {
        let g = grid();
        let mut s = scene(&g);
        s.start(&g, SolverId::Lacam, &|| 0.0).unwrap();
        s.step(1, f64::INFINITY, &|| 0.0);
        let f = s.frame().unwrap();
        let StepReport::Lacam(step) = &f.report else {
            panic!("not a LaCAM report")
        };
        assert_eq!((step.node, f.made, f.line), (0, 2, "new"));
        assert_eq!(
            f.words.headline,
            "Configuration #0: PIBT with no constraint made configuration #1, new."
        );
        assert_eq!(f.counts, "2 configurations found, 1 explored");
        // The configuration explored and where PIBT took each agent: two time steps.
        assert_eq!(f.horizon, 1);
        s.step(5, f64::INFINITY, &|| 0.0);
        assert!(s.frame().unwrap().made > 2 || s.outcome().is_some());
    }

    #[test]
    fn every_step_of_every_solver_lights_a_line_of_its_own_pseudocode() {
        let g = grid();
        for info in SOLVERS {
            let mut s = scene(&g);
            s.start(&g, info.solver, &|| 0.0).unwrap();
            // Every frame up to and including the one the solver ends on.
            let mut running = true;
            for _ in 0..=200 {
                let f = s.frame().unwrap();
                assert!(
                    info.pseudocode.iter().any(|l| l.id == f.line),
                    "{} lit {}",
                    info.id,
                    f.line
                );
                assert!(!f.words.headline.is_empty());
                if !running {
                    break;
                }
                running = s.step(1, f64::INFINITY, &|| 0.0) == Some(MapfStatus::Running);
            }
        }
    }

    #[test]
    fn prioritized_planning_names_the_agent_it_planned() {
        let g = grid();
        let mut s = scene(&g);
        s.start(&g, SolverId::Pp, &|| 0.0).unwrap();
        s.step(2, f64::INFINITY, &|| 0.0);
        let f = s.frame().unwrap();
        assert_eq!((f.agent, f.line, f.steps), (Some(1), "reserve", 2));
        assert!(f
            .words
            .headline
            .starts_with("Agent 1 planned by space-time A*"));
        assert_eq!(f.counts, "2 agents planned");
        s.reset();
        assert!(s.frame().is_none() && s.outcome().is_none());
    }
}
