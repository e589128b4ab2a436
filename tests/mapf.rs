//! Multi-agent path finding: the validator on deliberately broken plans, every solver's
//! plans through the validator (random instances and the shared Moving AI MAPF scenarios in
//! `../shared/benchmarks/mapf/`, read in place and skipped with a note when missing), CBS's
//! sum of costs against a plain joint-state search on tiny instances, LaCAM's completeness,
//! and the solution format.

mod common;

use common::grid;
use pathlab::formats::movingai;
use pathlab::mapf::text::{parse_solution, scen_agents, write_solution, SolutionInfo};
use pathlab::mapf::{
    new_solver, run, validate, Ends, MapfBudget, MapfStatus, Plan, Problem, SolverId, ViolationKind,
};
use pathlab::rng::SplitMix64;
use pathlab::Grid;
use proptest::prelude::*;
use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap};
use std::path::Path;
use std::rc::Rc;

const ALL: [SolverId; 5] = [
    SolverId::Pp,
    SolverId::Cbs,
    SolverId::Pibt,
    SolverId::Lacam,
    SolverId::LacamStar,
];

/// LaCAM*'s cost: per agent and step one, except a wait on the goal.
fn sum_of_loss(p: &Problem, plan: &Plan) -> u64 {
    let configs = plan.configs();
    let goals = p.goals();
    (1..configs.len())
        .map(|t| {
            (0..goals.len())
                .filter(|&i| !(configs[t - 1][i] == goals[i] && configs[t][i] == goals[i]))
                .count() as u64
        })
        .sum()
}

fn problem(rows: &[&str], agents: &[Ends]) -> Rc<Problem> {
    Rc::new(Problem::new(&grid(rows), agents).expect("test problem"))
}

/// Runs `id` on `problem` for at most `steps` steps.
fn solve(id: SolverId, problem: &Rc<Problem>, steps: u64) -> (MapfStatus, Option<Plan>) {
    let mut solver = new_solver(id, problem.clone(), 7);
    let budget = MapfBudget {
        steps: Some(steps),
        ms: None,
    };
    let status = run(solver.as_mut(), budget, &|| 0.0);
    (status, solver.plan().cloned())
}

/// The least sum of costs by A* over joint states (every agent's cell, and which agents have
/// finished for good), or `None` when no plan exists. A step costs one per agent not
/// finished; an agent on its goal may finish at no cost and then never moves again.
fn joint_optimal(problem: &Problem) -> Option<u64> {
    let agents = problem.agents();
    let n = agents.len();
    let moves = |v: u32| -> Vec<u32> {
        let mut m = problem.neighbours(v).to_vec();
        m.push(v);
        m
    };
    let h = |config: &[u32], done: u32| -> u64 {
        (0..n)
            .filter(|i| done & (1 << i) == 0)
            .map(|i| problem.dist(i, config[i]) as u64)
            .sum()
    };
    let start: (Vec<u32>, u32) = (problem.starts(), 0);
    let mut best: HashMap<(Vec<u32>, u32), u64> = HashMap::new();
    let mut open = BinaryHeap::new();
    best.insert(start.clone(), 0);
    open.push(Reverse((h(&start.0, 0), 0u64, start)));
    while let Some(Reverse((_, g, (config, done)))) = open.pop() {
        if best.get(&(config.clone(), done)).is_some_and(|&b| b < g) {
            continue;
        }
        if done == (1 << n) - 1 {
            return Some(g);
        }
        let mut next: Vec<((Vec<u32>, u32), u64)> = Vec::new();
        for i in 0..n {
            if done & (1 << i) == 0 && config[i] == agents[i].goal {
                next.push(((config.clone(), done | (1 << i)), g));
            }
        }
        let options: Vec<Vec<u32>> = (0..n)
            .map(|i| {
                if done & (1 << i) != 0 {
                    vec![config[i]]
                } else {
                    moves(config[i])
                }
            })
            .collect();
        let cost = g + (0..n).filter(|i| done & (1 << i) == 0).count() as u64;
        let mut pick = vec![0usize; n];
        'combos: loop {
            let to: Vec<u32> = (0..n).map(|i| options[i][pick[i]]).collect();
            let legal = (0..n).all(|i| {
                (i + 1..n).all(|j| to[i] != to[j] && !(to[i] == config[j] && to[j] == config[i]))
            });
            if legal {
                next.push(((to, done), cost));
            }
            for i in 0..n {
                pick[i] += 1;
                if pick[i] < options[i].len() {
                    continue 'combos;
                }
                pick[i] = 0;
            }
            break;
        }
        for (state, g2) in next {
            if best.get(&state).is_none_or(|&b| g2 < b) {
                best.insert(state.clone(), g2);
                open.push(Reverse((g2 + h(&state.0, state.1), g2, state)));
            }
        }
    }
    None
}

/// A random instance: a map up to `side` × `side` with about a fifth walls and `agents`
/// agents on distinct open cells whose goals they can reach.
fn random_problem(seed: u64, side: u32, agents: usize) -> Rc<Problem> {
    let mut rng = SplitMix64::new(seed);
    loop {
        let (w, h) = (
            2 + rng.below(side as u64 - 1) as u32,
            2 + rng.below(side as u64 - 1) as u32,
        );
        let bytes: Vec<u8> = (0..w * h).map(|_| u8::from(rng.below(5) != 0)).collect();
        let open: Vec<(u32, u32)> = (0..w * h)
            .filter(|&i| bytes[i as usize] == 1)
            .map(|i| (i % w, i / w))
            .collect();
        if open.len() < agents + 1 {
            continue;
        }
        let pick = |rng: &mut SplitMix64| {
            let mut cells = open.clone();
            for k in (1..cells.len()).rev() {
                cells.swap(k, rng.below(k as u64 + 1) as usize);
            }
            cells
        };
        let (starts, goals) = (pick(&mut rng), pick(&mut rng));
        let list: Vec<_> = (0..agents).map(|i| (starts[i], goals[i])).collect();
        let grid = Grid::from_bytes(w, h, bytes.clone()).expect("grid");
        if let Ok(p) = Problem::new(&grid, &list) {
            return Rc::new(p);
        }
    }
}

#[test]
fn validator_names_the_first_violation() {
    // A 3 × 2 room: (0,0) (1,0) (2,0) over (0,1) (1,1) (2,1).
    let rows = ["...", "..."];
    let p = problem(&rows, &[((0, 0), (2, 0)), ((2, 0), (0, 0))]);
    let kind = |paths: Vec<Vec<u32>>| validate(&p, &Plan { paths }).unwrap_err();
    let v = kind(vec![vec![0, 1, 2], vec![2, 1, 0]]);
    assert_eq!(
        (v.kind, v.agents.clone(), v.time, v.cells.clone()),
        (ViolationKind::Vertex, vec![0, 1], 1, vec![(1, 0)])
    );
    let v = kind(vec![vec![0, 1, 2], vec![2, 2, 1, 0]]);
    assert_eq!(
        (v.kind, v.agents.clone(), v.time),
        (ViolationKind::Swap, vec![0, 1], 2)
    );
    assert_eq!(v.cells, vec![(1, 0), (2, 0)]);
    // Agent 0 arrives at t = 2 and stays; agent 1 passes over its goal at t = 3.
    let v = kind(vec![vec![0, 1, 2], vec![2, 5, 4, 3, 4, 1, 2, 1, 0]]);
    assert_eq!(
        (v.kind, v.agents.clone(), v.time),
        (ViolationKind::Parked, vec![1, 0], 6)
    );
    assert_eq!(
        kind(vec![vec![0, 2], vec![2, 1, 0]]).kind,
        ViolationKind::Jump
    );
    assert_eq!(
        kind(vec![vec![1, 2], vec![2, 1, 0]]).kind,
        ViolationKind::WrongStart
    );
    assert_eq!(
        kind(vec![vec![0, 1], vec![2, 1, 0]]).kind,
        ViolationKind::NotAtGoal
    );
    assert_eq!(kind(vec![vec![0, 1, 2]]).kind, ViolationKind::AgentCount);
    assert_eq!(kind(vec![vec![], vec![2]]).kind, ViolationKind::EmptyPath);
    // Walls: a path through (1,1) on a map where it is a wall.
    let walled = problem(&["...", ".#."], &[((0, 1), (2, 1))]);
    let v = validate(
        &walled,
        &Plan {
            paths: vec![vec![3, 4, 5]],
        },
    )
    .unwrap_err();
    assert_eq!(
        (v.kind, v.cells.clone()),
        (ViolationKind::Blocked, vec![(1, 1)])
    );
    // A correct plan: agent 1 steps down to let agent 0 pass, then follows.
    let costs = validate(
        &p,
        &Plan {
            paths: vec![vec![0, 1, 2], vec![2, 5, 4, 3, 0]],
        },
    )
    .unwrap();
    assert_eq!((costs.soc, costs.makespan), (6, 4));
    // Following into a cell being left, and a rotation, are allowed.
    let square = problem(
        &["..", ".."],
        &[
            ((0, 0), (1, 0)),
            ((1, 0), (1, 1)),
            ((1, 1), (0, 1)),
            ((0, 1), (0, 0)),
        ],
    );
    assert!(validate(
        &square,
        &Plan {
            paths: vec![vec![0, 1], vec![1, 3], vec![3, 2], vec![2, 0]]
        }
    )
    .is_ok());
}

#[test]
fn a_corridor_with_a_siding_defeats_prioritized_planning() {
    let rows = ["......", "##.###"];
    let p = problem(&rows, &[((0, 0), (5, 0)), ((5, 0), (0, 0))]);
    let joint = joint_optimal(&p);
    // Agent 0 goes first and straight; agent 1 cannot reach the siding before it.
    assert_eq!(solve(SolverId::Pp, &p, 10).0, MapfStatus::Failed);
    // PIBT alone pushes agent 1 back and forth in the corridor for ever; with the swap,
    // agent 0 backs up to the siding's branch and pulls agent 1 past.
    for id in [SolverId::Cbs, SolverId::Pibt, SolverId::Lacam] {
        let (status, plan) = solve(id, &p, 10_000);
        assert_eq!(status, MapfStatus::Solved, "{id:?}");
        let costs = validate(&p, &plan.expect("plan")).unwrap_or_else(|v| panic!("{id:?}: {v}"));
        if id == SolverId::Cbs {
            assert_eq!(Some(costs.soc), joint);
        }
    }
}

#[test]
fn lacam_proves_an_impossible_swap_and_pp_reports_failure() {
    let p = problem(&["..."], &[((0, 0), (2, 0)), ((2, 0), (0, 0))]);
    assert_eq!(joint_optimal(&p), None);
    assert_eq!(
        solve(SolverId::Lacam, &p, 100_000).0,
        MapfStatus::NoSolution
    );
    assert_eq!(solve(SolverId::Pp, &p, 10).0, MapfStatus::Failed);
    assert_eq!(solve(SolverId::Cbs, &p, 200).0, MapfStatus::Running);
}

#[test]
fn solvers_pass_the_validator_on_random_instances() {
    for seed in 0..40u64 {
        let p = random_problem(seed, 8, 2 + (seed % 6) as usize);
        for id in ALL {
            let (status, plan) = solve(id, &p, 300);
            if status == MapfStatus::Solved {
                if let Err(v) = validate(&p, plan.as_ref().expect("plan")) {
                    panic!("{id:?} on seed {seed}: {v}");
                }
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn cbs_is_optimal_and_lacam_complete_on_tiny_instances(seed in any::<u64>(), agents in 2usize..=3) {
        let p = random_problem(seed, 5, agents);
        let joint = joint_optimal(&p);
        let (status, plan) = solve(SolverId::Lacam, &p, 1_000_000);
        match joint {
            Some(soc) => {
                prop_assert_eq!(status, MapfStatus::Solved);
                prop_assert!(validate(&p, plan.as_ref().unwrap()).is_ok());
                // CBS splits corridor conflicts one time step at a time, so an instance
                // whose optimum is far above its root's cost can outlast the budget; when it
                // finishes, its cost is the optimum.
                let (status, plan) = solve(SolverId::Cbs, &p, 3_000);
                if status == MapfStatus::Solved {
                    let costs = validate(&p, plan.as_ref().unwrap()).map_err(|v| TestCaseError::fail(v.to_string()))?;
                    prop_assert_eq!(costs.soc, soc);
                } else {
                    prop_assert_eq!(status, MapfStatus::Running);
                }
            }
            None => prop_assert_eq!(status, MapfStatus::NoSolution),
        }
        // LaCAM* searches on to the end: its plan's sum of loss is at most LaCAM's and at
        // most the optimal sum of costs (loss never exceeds cost).
        let (star, star_plan) = solve(SolverId::LacamStar, &p, 1_000_000);
        match (joint, plan) {
            (Some(soc), Some(plan)) => {
                prop_assert_eq!(star, MapfStatus::Solved);
                let star_plan = star_plan.unwrap();
                prop_assert!(validate(&p, &star_plan).is_ok());
                let loss = sum_of_loss(&p, &star_plan);
                prop_assert!(loss <= sum_of_loss(&p, &plan) && loss <= soc, "loss {} soc {}", loss, soc);
            }
            _ => prop_assert_eq!(star, MapfStatus::NoSolution),
        }
    }
}

#[test]
fn cbs_is_optimal_with_four_agents() {
    let mut checked = 0;
    for seed in 0..8u64 {
        let p = random_problem(1000 + seed, 4, 4);
        let Some(soc) = joint_optimal(&p) else {
            continue;
        };
        // As in the property test: CBS may outlast its budget on corridor conflicts.
        let (status, plan) = solve(SolverId::Cbs, &p, 2_000);
        if status != MapfStatus::Solved {
            continue;
        }
        assert_eq!(
            validate(&p, plan.as_ref().unwrap()).unwrap().soc,
            soc,
            "seed {seed}"
        );
        checked += 1;
    }
    assert!(checked >= 3, "only {checked} solvable four-agent instances");
}

#[test]
fn solutions_round_trip_through_the_text_format() {
    let p = problem(&["......", "##.###"], &[((0, 0), (5, 0)), ((5, 0), (0, 0))]);
    let (_, plan) = solve(SolverId::Cbs, &p, 1000);
    let plan = plan.unwrap();
    let info = SolutionInfo {
        map_file: "siding.map".into(),
        solver: "cbs".into(),
        comp_time_ms: 0.5,
    };
    let text = write_solution(&p, &plan, &info);
    assert!(text.contains("\nsolution=\n0:(0,0),(5,0),\n"), "{text}");
    assert_eq!(parse_solution(&text, &p).unwrap(), plan);
    // Spaces, no final comma, CRLF and no header are accepted.
    let loose = "0: (0,0), (5,0)\r\n1:(1,0),(4,0)\r\n";
    assert_eq!(
        parse_solution(loose, &p).unwrap().paths,
        vec![vec![0, 1], vec![5, 4]]
    );
    let err = parse_solution("solution=\n0:(0,0),(5,0),\n2:(1,0),(4,0),\n", &p).unwrap_err();
    assert_eq!(err.line, Some(3));
    let err = parse_solution("solution=\n0:(0,0),(9,0),\n", &p).unwrap_err();
    assert!(err.message.contains("off the"), "{}", err.message);
    // A plan that reads fine but breaks a rule is refused by the validator.
    let swap = "0:(0,0),(5,0)\n1:(1,0),(4,0)\n2:(2,0),(3,0)\n3:(3,0),(2,0)\n4:(4,0),(1,0)\n5:(5,0),(0,0)\n";
    let swap = parse_solution(swap, &p).unwrap();
    assert_eq!(validate(&p, &swap).unwrap_err().kind, ViolationKind::Swap);
}

/// The shared MAPF benchmark folder, or `None` (with a note) when it is missing.
fn shared() -> Option<std::path::PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/benchmarks/mapf");
    if dir.is_dir() {
        Some(dir)
    } else {
        eprintln!(
            "note: {} is missing; the shared MAPF scenarios are skipped",
            dir.display()
        );
        None
    }
}

#[test]
fn solvers_pass_the_validator_on_the_shared_scenarios() {
    let Some(dir) = shared() else { return };
    let maps = [
        "empty-16-16",
        "random-32-32-20",
        "room-32-32-4",
        "random-64-64-20",
    ];
    for map in maps {
        let grid =
            movingai::parse_map(&std::fs::read_to_string(dir.join(format!("{map}.map"))).unwrap())
                .unwrap();
        let scen = std::fs::read_to_string(dir.join(format!("{map}-random-1.scen"))).unwrap();
        for (id, n, steps) in [
            (SolverId::Cbs, 4, 2_000),
            (SolverId::Pp, 20, 100),
            (SolverId::Pibt, 60, 2_000),
            (SolverId::Lacam, 60, 20_000),
        ] {
            let p = Rc::new(Problem::new(&grid, &scen_agents(&scen, Some(n)).unwrap()).unwrap());
            let (status, plan) = solve(id, &p, steps);
            if id == SolverId::Lacam || id == SolverId::Cbs {
                assert_eq!(
                    status,
                    MapfStatus::Solved,
                    "{id:?} on {map} with {n} agents"
                );
            }
            if let Some(plan) = plan {
                let costs = validate(&p, &plan).unwrap_or_else(|v| panic!("{id:?} on {map}: {v}"));
                assert!(costs.soc >= p.lower_bound().0);
            }
        }
    }
}

#[test]
fn lower_bounds_match_the_shared_readme() {
    let Some(dir) = shared() else { return };
    let grid = movingai::parse_map(&std::fs::read_to_string(dir.join("room-32-32-4.map")).unwrap())
        .unwrap();
    let scen = std::fs::read_to_string(dir.join("room-32-32-4-random-1.scen")).unwrap();
    let p = Problem::new(&grid, &scen_agents(&scen, Some(50)).unwrap()).unwrap();
    assert_eq!(p.lower_bound(), (1320, 48));
    let all = Problem::new(&grid, &scen_agents(&scen, None).unwrap()).unwrap();
    assert_eq!(all.lower_bound(), (8602, 58));
}

fn temp_file(name: &str, text: &str) -> String {
    let dir = std::env::temp_dir().join(format!("pathlab-mapf-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.to_string_lossy().into_owned()
}

fn pathlab(args: &[&str]) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_pathlab"))
        .args(args)
        .output()
        .expect("run pathlab")
}

#[test]
fn the_cli_solves_writes_and_checks_solutions() {
    let map = temp_file(
        "siding.map",
        "type octile\nheight 2\nwidth 6\nmap\n......\n@@.@@@\n",
    );
    let scen = temp_file(
        "siding.scen",
        "version 1\n0\tsiding.map\t6\t2\t0\t0\t5\t0\t5\n0\tsiding.map\t6\t2\t5\t0\t0\t0\t5\n",
    );
    let sol = temp_file("siding.txt", "");
    let out = pathlab(&[
        "mapf", &map, &scen, "--agents", "2", "--algo", "cbs", "--json", "--out", &sol,
    ]);
    assert!(out.status.success(), "{out:?}");
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let p = problem(&["......", "##.###"], &[((0, 0), (5, 0)), ((5, 0), (0, 0))]);
    let (_, plan) = solve(SolverId::Cbs, &p, 1000);
    let costs = validate(&p, plan.as_ref().unwrap()).unwrap();
    assert_eq!(v["status"], "solved");
    assert_eq!(v["soc"], costs.soc);
    assert_eq!(
        (v["soc_lb"].as_u64(), v["makespan_lb"].as_u64()),
        (Some(10), Some(5))
    );
    let paths: Vec<Vec<[u32; 2]>> = serde_json::from_value(v["paths"].clone()).unwrap();
    let library: Vec<Vec<[u32; 2]>> = plan
        .unwrap()
        .paths
        .iter()
        .map(|q| q.iter().map(|&c| [c % 6, c / 6]).collect())
        .collect();
    assert_eq!(paths, library);
    let out = pathlab(&["mapf-check", &map, &scen, &sol]);
    assert!(out.status.success(), "{out:?}");
    assert!(String::from_utf8_lossy(&out.stdout).starts_with("valid: 2 agents"));
    let bad = temp_file("swap.txt", "solution=\n0:(0,0),(5,0),\n1:(1,0),(4,0),\n2:(2,0),(3,0),\n3:(3,0),(2,0),\n4:(4,0),(1,0),\n5:(5,0),(0,0),\n");
    let out = pathlab(&["mapf-check", &map, &scen, &bad]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        String::from_utf8_lossy(&out.stdout).trim(),
        "invalid: swap at t=3: agents 0 and 1, cells (2,0) → (3,0)"
    );
    // PP fails here, honestly, with exit code 1.
    let out = pathlab(&["mapf", &map, &scen, "--algo", "pp"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        String::from_utf8_lossy(&out.stdout).contains("agent 1 found no path"),
        "{out:?}"
    );
}
