//! The `mapf` and `mapf-check` subcommands: solve a Moving AI MAPF instance (a map and the
//! first N agents of a `.scen`) with one of the MAPF solvers, and check a solution file.

use super::{load_grid, Failure};
use clap::Args;
use pathlab::clock::monotonic_ms;
use pathlab::mapf::text::{parse_solution, scen_agents, write_solution, SolutionInfo};
use pathlab::mapf::{new_solver, run, validate, MapfBudget, MapfStatus, Plan, Problem, SolverId};
use std::path::{Path, PathBuf};
use std::rc::Rc;

#[derive(Args, Debug)]
pub(super) struct MapfArgs {
    /// The map (.map).
    map: PathBuf,
    /// The scenario (.scen): its first N lines are the agents.
    scen: PathBuf,
    /// How many agents (the first N of the scenario; default all).
    #[arg(long)]
    agents: Option<usize>,
    /// The solver: pp, cbs, pibt, lacam or lacam-star (which refines its plan until the
    /// budget ends or it is optimal for the sum of loss).
    #[arg(long, default_value = "lacam", value_parser = parse_solver)]
    algo: SolverId,
    /// Give up after this many milliseconds.
    #[arg(long, default_value_t = 60_000.0)]
    budget_ms: f64,
    /// Give up after this many steps (CBS nodes, PIBT time steps, LaCAM configurations).
    #[arg(long)]
    budget_steps: Option<u64>,
    /// The seed of PIBT's and LaCAM's tie-breaking.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Print one JSON object (with every agent's path) instead of text.
    #[arg(long)]
    json: bool,
    /// Write the solution here, in the LaCAM/PIBT plain format (docs/formats.md).
    #[arg(long)]
    out: Option<PathBuf>,
}

#[derive(Args, Debug)]
pub(super) struct MapfCheckArgs {
    /// The map (.map).
    map: PathBuf,
    /// The scenario (.scen).
    scen: PathBuf,
    /// The solution file (one line per time step, `t:(x,y),(x,y),…`).
    solution: PathBuf,
    /// How many agents (default: as many as the solution has).
    #[arg(long)]
    agents: Option<usize>,
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
}

fn parse_solver(s: &str) -> Result<SolverId, String> {
    s.parse()
}

fn read(path: &Path) -> Result<String, Failure> {
    std::fs::read_to_string(path)
        .map_err(|e| Failure::new(3, format!("can't read {}: {e}", path.display())))
}

fn load_problem(map: &Path, scen: &Path, agents: Option<usize>) -> Result<Problem, Failure> {
    let grid = load_grid(map)?;
    let ends = scen_agents(&read(scen)?, agents)
        .map_err(|e| Failure::new(4, format!("{}: {e}", scen.display())))?;
    Problem::new(&grid, &ends).map_err(|e| Failure::new(5, e.to_string()))
}

fn paths_json(problem: &Problem, plan: &Plan) -> serde_json::Value {
    let paths: Vec<Vec<[u32; 2]>> = plan
        .paths
        .iter()
        .map(|p| {
            p.iter()
                .map(|&v| problem.coords(v))
                .map(|(x, y)| [x, y])
                .collect()
        })
        .collect();
    serde_json::json!(paths)
}

pub(super) fn mapf(args: &MapfArgs) -> Result<u8, Failure> {
    let problem = Rc::new(load_problem(&args.map, &args.scen, args.agents)?);
    let (soc_lb, makespan_lb) = problem.lower_bound();
    let started = monotonic_ms();
    let mut solver = new_solver(args.algo, problem.clone(), args.seed);
    let budget = MapfBudget {
        steps: args.budget_steps,
        ms: Some(args.budget_ms),
    };
    let status = run(solver.as_mut(), budget, &monotonic_ms);
    let ms = monotonic_ms() - started;
    let plan = solver.plan();
    let costs = match plan {
        Some(plan) => Some(
            validate(&problem, plan)
                .map_err(|v| Failure::new(1, format!("the plan is invalid: {v}")))?,
        ),
        None => None,
    };
    // LaCAM* has a plan while it refines it: the budget ended the refinement, not the search.
    let refined = status == MapfStatus::Running && plan.is_some();
    let status = if refined { MapfStatus::Solved } else { status };
    let failure = match status {
        MapfStatus::Running => Some("budget exhausted".to_string()),
        MapfStatus::Solved => None,
        _ => solver.failure(),
    };
    if let (Some(out), Some(plan)) = (&args.out, plan) {
        let info = SolutionInfo {
            map_file: args
                .map
                .file_name()
                .and_then(|n| n.to_str())
                .unwrap_or("")
                .to_string(),
            solver: args.algo.info().id.to_string(),
            comp_time_ms: ms,
        };
        std::fs::write(out, write_solution(&problem, plan, &info))
            .map_err(|e| Failure::new(3, format!("can't write {}: {e}", out.display())))?;
    }
    let status_name = if status == MapfStatus::Running {
        "budget-exhausted"
    } else {
        status.name()
    };
    if args.json {
        let value = serde_json::json!({
            "status": status_name,
            "algo": args.algo.info().id,
            "agents": problem.agents().len(),
            "soc": costs.as_ref().map(|c| c.soc),
            "makespan": costs.as_ref().map(|c| c.makespan),
            "soc_lb": soc_lb,
            "makespan_lb": makespan_lb,
            "time_ms": ms,
            "nodes": solver.nodes(),
            "failure": failure,
            "refining": refined,
            "paths": plan.map(|p| paths_json(&problem, p)),
        });
        println!("{value}");
    } else {
        println!(
            "{status_name}: {} with {} agents",
            args.algo.info().label,
            problem.agents().len()
        );
        if let Some(c) = &costs {
            println!(
                "soc {} (lower bound {soc_lb}), makespan {} (lower bound {makespan_lb})",
                c.soc, c.makespan
            );
        } else {
            println!("lower bounds: soc {soc_lb}, makespan {makespan_lb}");
        }
        if let Some(why) = &failure {
            println!("{why}");
        }
        if refined {
            println!("the best plan when the budget ended its refinement");
        }
        println!("{ms:.3} ms, {} nodes", solver.nodes());
    }
    Ok(if status == MapfStatus::Solved { 0 } else { 1 })
}

pub(super) fn mapf_check(args: &MapfCheckArgs) -> Result<u8, Failure> {
    let text = read(&args.solution)?;
    let count = match args.agents {
        Some(n) => Some(n),
        None => solution_agents(&text),
    };
    let problem = load_problem(&args.map, &args.scen, count)?;
    let plan = parse_solution(&text, &problem)
        .map_err(|e| Failure::new(4, format!("{}: {e}", args.solution.display())))?;
    let verdict = validate(&problem, &plan);
    if args.json {
        let value = match &verdict {
            Ok(c) => serde_json::json!({"valid": true, "soc": c.soc, "makespan": c.makespan}),
            Err(v) => serde_json::json!({"valid": false, "violation": v, "message": v.to_string()}),
        };
        println!("{value}");
    } else {
        match &verdict {
            Ok(c) => println!(
                "valid: {} agents, soc {}, makespan {}",
                problem.agents().len(),
                c.soc,
                c.makespan
            ),
            Err(v) => println!("invalid: {v}"),
        }
    }
    Ok(if verdict.is_ok() { 0 } else { 1 })
}

/// How many agents the first time step of a solution names.
fn solution_agents(text: &str) -> Option<usize> {
    let after = text.split_once("solution=").map_or(text, |(_, rest)| rest);
    let line = after.lines().map(str::trim).find(|l| l.starts_with("0:"))?;
    Some(line.matches('(').count())
}
