//! The `field` and `range` subcommands: a goal's distance field (and a crowd following it)
//! and a cell's movement range, as text or one JSON object.

use super::{load_grid, parse_point, Failure, MovementArgs};
use clap::Args;
use pathlab::clock::monotonic_ms;
use pathlab::fields::movement_range;
use pathlab::fields::{Crowd, DistanceField};
use std::path::PathBuf;

#[derive(Args, Debug)]
pub(super) struct FieldArgs {
    /// The map file.
    map: PathBuf,
    /// The goal cell as X,Y.
    #[arg(long, value_parser = parse_point)]
    goal: (u32, u32),
    #[command(flatten)]
    movement: MovementArgs,
    /// Release this many walkers on random cells other than the goal that reach it (any
    /// number may share a cell; at most 10000) and report how many steps they take to arrive.
    /// All are placed unless no cell but the goal reaches it: then none are, and it says why.
    #[arg(long, default_value_t = 0)]
    walkers: usize,
    /// The seed that places the walkers.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Print one JSON object (every cell's cost, row by row; null where no way joins the
    /// goal) instead of a summary.
    #[arg(long)]
    json: bool,
}

#[derive(Args, Debug)]
pub(super) struct RangeArgs {
    /// The map file.
    map: PathBuf,
    /// The unit's cell as X,Y.
    #[arg(long, value_parser = parse_point)]
    from: (u32, u32),
    /// The movement points to spend: a step into a cell costs its terrain (times the diagonal
    /// cost for a diagonal step on squares).
    #[arg(long, allow_negative_numbers = true)]
    budget: f64,
    #[command(flatten)]
    movement: MovementArgs,
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
}

pub(super) fn field(args: &FieldArgs) -> Result<u8, Failure> {
    let grid = load_grid(&args.map)?;
    let started = monotonic_ms();
    let field = DistanceField::new(&grid, args.goal, &args.movement.movement())
        .map_err(|e| Failure::new(5, e.to_string()))?;
    let ms = monotonic_ms() - started;
    let (w, h) = (grid.width(), grid.height());
    let reached = (0..h)
        .flat_map(|y| (0..w).map(move |x| (x, y)))
        .filter(|&(x, y)| field.cost(x, y).is_some())
        .count();
    let (mut crowd, release) = Crowd::release(&field, args.walkers, args.seed);
    let released = release.placed;
    let mut steps = 0u64;
    while crowd.step(&grid, &field) > 0 {
        steps += 1;
    }
    if args.json {
        let costs: Vec<Option<f64>> = (0..h)
            .flat_map(|y| (0..w).map(move |x| (x, y)))
            .map(|(x, y)| field.cost(x, y))
            .collect();
        let value = serde_json::json!({
            "goal": [args.goal.0, args.goal.1],
            "width": w,
            "height": h,
            "reached": reached,
            "max": field.max_cost(),
            "expanded": field.last_stats().expanded,
            "ms": ms,
            "requested": release.requested,
            "walkers": released,
            "reason": release.reason,
            "arrived": crowd.arrived(args.goal),
            "steps": steps,
            "costs": costs,
        });
        println!("{value}");
    } else {
        println!(
            "{reached} of {} cells reach ({}, {}); the farthest costs {:.6}",
            grid.len(),
            args.goal.0,
            args.goal.1,
            field.max_cost()
        );
        println!("expanded {} in {ms:.3} ms", field.last_stats().expanded);
        if let Some(why) = &release.reason {
            println!("{released} of {} walkers placed: {why}", release.requested);
        }
        if released > 0 {
            println!(
                "{} of {released} walkers arrived in {steps} steps",
                crowd.arrived(args.goal)
            );
        }
    }
    Ok(0)
}

pub(super) fn range(args: &RangeArgs) -> Result<u8, Failure> {
    let grid = load_grid(&args.map)?;
    let range = movement_range(&grid, &args.movement.movement(), args.from, args.budget)
        .map_err(|e| Failure::new(5, e.to_string()))?;
    let cells: Vec<((u32, u32), f64)> = range.costs().collect();
    if args.json {
        let listed: Vec<serde_json::Value> = cells
            .iter()
            .map(|&((x, y), cost)| serde_json::json!([x, y, cost]))
            .collect();
        let value = serde_json::json!({
            "from": [args.from.0, args.from.1],
            "budget": args.budget,
            "count": cells.len(),
            "cells": listed,
        });
        println!("{value}");
    } else {
        println!(
            "{} cells within {} of ({}, {})",
            cells.len(),
            args.budget,
            args.from.0,
            args.from.1
        );
        let listed: Vec<String> = cells
            .iter()
            .map(|&((x, y), cost)| format!("{x},{y}:{cost:.3}"))
            .collect();
        println!("{}", listed.join(" "));
    }
    Ok(0)
}
