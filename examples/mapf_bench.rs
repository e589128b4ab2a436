//! Multi-agent path finding speed on the shared Moving AI MAPF benchmark
//! (`../shared/benchmarks/mapf/`; `bash scripts/bench.sh` runs the `--quick` form): figures,
//! never asserted.
//!
//! - LaCAM on every map and scenario file, agents from 10 up to the file's size in steps:
//!   solved or not within the budget (1 s), time, configurations, sum of costs over its lower
//!   bound.
//! - PIBT's time per step with 1,000 agents on random-64-64-20.
//! - LaCAM* refining for 1 s on random-32-32-20 and room-32-32-4: sum of costs over its
//!   lower bound, LaCAM's first plan against LaCAM*'s after a second.
//! - CBS on room-32-32-4: agents 2, 4, 6… while it proves the optimal sum of costs within
//!   10 s (the curve stops at the first failure).
//!
//! ```text
//! cargo run --release --example mapf_bench [-- --quick] [-- --dir PATH]
//! ```
//!
//! `--quick`: the first scenario file of each map, agents 10, 100 and all; 20 PIBT steps;
//! CBS with 1 s per count. `--map NAME` runs LaCAM on that map only, `--agents 50,100,…`
//! with those agent counts only.

use pathlab::clock::monotonic_ms;
use pathlab::formats::movingai::parse_map;
use pathlab::mapf::pibt::PibtSolver;
use pathlab::mapf::text::scen_agents;
use pathlab::mapf::{new_solver, run, validate, MapfBudget, MapfStatus, Problem, Solver, SolverId};
use pathlab::Grid;
use std::path::{Path, PathBuf};
use std::rc::Rc;

fn load(dir: &Path, map: &str) -> Option<Grid> {
    parse_map(&std::fs::read_to_string(dir.join(format!("{map}.map"))).ok()?).ok()
}

fn scen(dir: &Path, map: &str, k: u32) -> Option<String> {
    std::fs::read_to_string(dir.join(format!("{map}-random-{k}.scen"))).ok()
}

fn problem(grid: &Grid, scen: &str, n: usize) -> Rc<Problem> {
    Rc::new(Problem::new(grid, &scen_agents(scen, Some(n)).expect("scen")).expect("problem"))
}

/// Runs `id` with a budget of `ms`; (solved, ms, steps, soc / lower bound).
fn solve(id: SolverId, p: &Rc<Problem>, ms: f64) -> (bool, f64, u64, f64) {
    let started = monotonic_ms();
    let mut solver = new_solver(id, p.clone(), 0);
    let status = run(
        solver.as_mut(),
        MapfBudget {
            steps: None,
            ms: Some(ms),
        },
        &monotonic_ms,
    );
    let took = monotonic_ms() - started;
    let ratio = match solver.plan() {
        Some(plan) => {
            let costs = validate(p, plan).expect("a valid plan");
            costs.soc as f64 / p.lower_bound().0.max(1) as f64
        }
        None => f64::NAN,
    };
    // LaCAM* still refining at the end of the budget has a plan: solved.
    let solved = status == MapfStatus::Solved || solver.plan().is_some();
    (solved, took, solver.nodes(), ratio)
}

fn counts(size: usize, quick: bool) -> Vec<usize> {
    let mut out: Vec<usize> = if quick {
        vec![10, 100]
    } else {
        (1..=10)
            .map(|k| k * 10)
            .chain((150..size).step_by(50))
            .collect()
    };
    out.retain(|&n| n < size);
    out.push(size);
    out
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let quick = args.iter().any(|a| a == "--quick");
    let dir = args
        .iter()
        .position(|a| a == "--dir")
        .and_then(|k| args.get(k + 1))
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/benchmarks/mapf"));
    if !dir.is_dir() {
        println!("note: {} is missing; nothing to measure", dir.display());
        return;
    }
    let value = |flag: &str| {
        args.iter()
            .position(|a| a == flag)
            .and_then(|k| args.get(k + 1))
    };
    let only: Option<&String> = value("--map");
    let agents: Option<Vec<usize>> =
        value("--agents").map(|l| l.split(',').filter_map(|n| n.parse().ok()).collect());
    let maps: Vec<&str> = [
        "empty-16-16",
        "random-32-32-20",
        "room-32-32-4",
        "random-64-64-20",
    ]
    .into_iter()
    .filter(|m| only.is_none_or(|o| o == m))
    .collect();
    let files: &[u32] = if quick { &[1] } else { &[1, 2] };

    println!("## LaCAM (budget 1 s per instance)\n");
    println!(
        "| map | scen | agents | solved | ms | configurations | SOC / lower bound | + distance tables ms |"
    );
    println!("|---|---|---|---|---|---|---|---|");
    for map in maps {
        let Some(grid) = load(&dir, map) else {
            continue;
        };
        for &k in files {
            let Some(text) = scen(&dir, map, k) else {
                continue;
            };
            let size = scen_agents(&text, None).map_or(0, |a| a.len());
            let list = agents.clone().unwrap_or_else(|| counts(size, quick));
            for n in list.into_iter().filter(|&n| n <= size) {
                let built = monotonic_ms();
                let p = problem(&grid, &text, n);
                let tables = monotonic_ms() - built;
                let (ok, ms, nodes, ratio) = solve(SolverId::Lacam, &p, 1000.0);
                println!(
                    "| {map} | {k} | {n} | {} | {ms:.2} | {nodes} | {ratio:.3} | {tables:.2} |",
                    if ok { "yes" } else { "no" }
                );
            }
        }
    }

    if only.is_some() {
        return;
    }
    println!("\n## PIBT, one time step of 1,000 agents on random-64-64-20\n");
    if let (Some(grid), Some(text)) = (
        load(&dir, "random-64-64-20"),
        scen(&dir, "random-64-64-20", 1),
    ) {
        let p = problem(&grid, &text, 1000);
        let mut pibt = PibtSolver::new(p.clone(), 0, PibtSolver::default_horizon(&p));
        let steps = if quick { 20 } else { 200 };
        let mut times = Vec::new();
        for _ in 0..steps {
            if pibt.status() != MapfStatus::Running {
                break;
            }
            let t = monotonic_ms();
            pibt.step();
            times.push(monotonic_ms() - t);
        }
        times.sort_by(f64::total_cmp);
        let mean = times.iter().sum::<f64>() / times.len().max(1) as f64;
        println!(
            "{} steps: mean {mean:.3} ms, median {:.3} ms, max {:.3} ms per step",
            times.len(),
            times[times.len() / 2],
            times[times.len() - 1]
        );
    }

    println!("\n## LaCAM* refining for 1 s (SOC / lower bound: LaCAM's first plan → after 1 s)\n");
    println!("| map | agents | LaCAM | LaCAM* | configurations |");
    println!("|---|---|---|---|---|");
    for map in ["random-32-32-20", "room-32-32-4"] {
        let (Some(grid), Some(text)) = (load(&dir, map), scen(&dir, map, 1)) else {
            continue;
        };
        let list: &[usize] = if quick {
            &[100, 300]
        } else {
            &[50, 100, 200, 300]
        };
        for &n in list {
            let p = problem(&grid, &text, n);
            let (_, _, _, first) = solve(SolverId::Lacam, &p, 1000.0);
            let (_, _, nodes, refined) = solve(SolverId::LacamStar, &p, 1000.0);
            println!("| {map} | {n} | {first:.3} | {refined:.3} | {nodes} |");
        }
    }

    let budget = if quick { 1000.0 } else { 10_000.0 };
    println!(
        "\n## CBS on room-32-32-4 (budget {} s per count): optimal SOC proven\n",
        budget / 1000.0
    );
    println!("| agents | solved | ms | CT nodes | SOC / lower bound |");
    println!("|---|---|---|---|---|");
    if let (Some(grid), Some(text)) = (load(&dir, "room-32-32-4"), scen(&dir, "room-32-32-4", 1)) {
        for n in (2..=60).step_by(2) {
            let p = problem(&grid, &text, n);
            let (ok, ms, nodes, ratio) = solve(SolverId::Cbs, &p, budget);
            println!(
                "| {n} | {} | {ms:.1} | {nodes} | {ratio:.3} |",
                if ok { "yes" } else { "no" }
            );
            if !ok {
                break;
            }
        }
    }
}
