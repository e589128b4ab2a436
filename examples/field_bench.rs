//! What a distance field costs on 1024² maps (`bash scripts/bench.sh` runs it): building the
//! field of a goal over the whole map, and repairing it after an edit — a wall cell drawn
//! across the field, the same cell cleared again, a stroke of 64 wall cells — against
//! building it afresh. Squares and hexes; figures, never asserted.
//!
//! ```text
//! cargo run --release --example field_bench [-- --json]
//! ```

use pathlab::clock::monotonic_ms;
use pathlab::fields::DistanceField;
use pathlab::formats::movingai::parse_map;
use pathlab::generate::{generate_shaped, Kind};
use pathlab::grid::Shape;
use pathlab::{Cell, Grid, Movement};

/// The map, its goal, and its name.
fn maps() -> Vec<(String, Grid, (u32, u32))> {
    let mut out = Vec::new();
    let path = format!("{}/maps/big-1024.map", env!("CARGO_MANIFEST_DIR"));
    if let Ok(text) = std::fs::read_to_string(&path) {
        if let Ok(grid) = parse_map(&text) {
            let goal = grid.nearest_passable((512, 512)).unwrap_or((0, 0));
            out.push(("big-1024".to_string(), grid, goal));
        }
    }
    for (kind, shape, density) in [
        (Kind::Random, Shape::Square, 0.2),
        (Kind::DfsMaze, Shape::Square, 0.0),
        (Kind::Random, Shape::HexRows, 0.2),
        (Kind::Rooms, Shape::HexColumns, 0.0),
    ] {
        if let Ok(made) = generate_shaped(kind, 1024, 1024, shape, 20_261_125, density) {
            let name = format!("{kind} 1024² {}", shape.name());
            out.push((name, made.grid, made.goal));
        }
    }
    out
}

/// Median and largest of some timings.
fn median_max(mut v: Vec<f64>) -> (f64, f64) {
    v.sort_by(f64::total_cmp);
    (
        v.get(v.len() / 2).copied().unwrap_or(0.0),
        v.last().copied().unwrap_or(0.0),
    )
}

fn main() {
    let json = std::env::args().any(|a| a == "--json");
    let movement = Movement::default();
    let mut rows = Vec::new();
    for (name, mut grid, goal) in maps() {
        let t = monotonic_ms();
        let Ok(mut field) = DistanceField::new(&grid, goal, &movement) else {
            continue;
        };
        let build_ms = monotonic_ms() - t;
        let build_expanded = field.last_stats().expanded;
        let (w, h) = (grid.width(), grid.height());
        // 50 single walls drawn on open cells spread over the map, each cleared again.
        let (mut edit_ms, mut edit_cells, mut rebuilds) = (Vec::new(), Vec::new(), 0);
        let mut rng = pathlab::rng::SplitMix64::new(7);
        while edit_ms.len() < 100 {
            let p = (
                rng.below(u64::from(w)) as u32,
                rng.below(u64::from(h)) as u32,
            );
            if p == goal || !grid.is_passable(i64::from(p.0), i64::from(p.1)) {
                continue;
            }
            for cell in [Cell::Wall, Cell::OPEN] {
                grid.set(i64::from(p.0), i64::from(p.1), cell);
                let t = monotonic_ms();
                field.edited(&grid, &[p]);
                edit_ms.push(monotonic_ms() - t);
                edit_cells.push(field.last_stats().expanded as f64);
                rebuilds += usize::from(!field.repaired());
            }
        }
        let (edit_median, edit_max) = median_max(edit_ms);
        let (cells_median, cells_max) = median_max(edit_cells);
        // A stroke of 64 wall cells down a column through the middle.
        let stroke: Vec<(u32, u32)> = (0..64)
            .map(|i| (w / 2, (h / 2 + i) % h))
            .filter(|&c| c != goal)
            .collect();
        for &(x, y) in &stroke {
            grid.set(i64::from(x), i64::from(y), Cell::Wall);
        }
        let t = monotonic_ms();
        field.edited(&grid, &stroke);
        let stroke_ms = monotonic_ms() - t;
        rows.push(serde_json::json!({
            "map": name,
            "cells": grid.len(),
            "buildMs": build_ms,
            "buildExpanded": build_expanded,
            "editMedianMs": edit_median,
            "editMaxMs": edit_max,
            "editMedianCells": cells_median,
            "editMaxCells": cells_max,
            "rebuilds": rebuilds,
            "strokeMs": stroke_ms,
            "strokeCells": field.last_stats().expanded,
        }));
    }
    if json {
        println!("{}", serde_json::Value::Array(rows));
        return;
    }
    println!("| map | build ms (cells) | one wall drawn or cleared: median / max ms | cells redone median / max | rebuilt of 100 | 64-cell stroke ms (cells) |");
    println!("|---|---|---|---|---|---|");
    for r in rows {
        let f = |k: &str| r[k].as_f64().unwrap_or(0.0);
        println!(
            "| {} | {:.1} ({}) | {:.3} / {:.1} | {} / {} | {} | {:.1} ({}) |",
            r["map"].as_str().unwrap_or(""),
            f("buildMs"),
            r["buildExpanded"],
            f("editMedianMs"),
            f("editMaxMs"),
            f("editMedianCells"),
            f("editMaxCells"),
            r["rebuilds"],
            f("strokeMs"),
            r["strokeCells"],
        );
    }
}
