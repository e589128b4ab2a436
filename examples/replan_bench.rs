//! Live replanning benchmark: how much a repair costs next to a fresh A* on the edited map.
//!
//! For every map in a Moving AI folder (default `../shared/benchmarks/movingai`) and up to
//! `--queries` of its scenarios (spread over the buckets), it solves the query with LPA*,
//! walls off a 3×3 block on the middle of the path, repairs, and times a fresh A* on the
//! edited map; then it does the same with D* Lite after walking a third of the path first
//! (the walker), repairing from the walker's cell. It prints mean expansions and milliseconds
//! per query (figures, never asserted) and fails if any repaired cost differs from the fresh
//! A*'s.
//!
//! ```text
//! cargo run --release --example replan_bench -- [FOLDER] [--queries N]
//! ```

use pathlab::clock::monotonic_ms;
use pathlab::formats::movingai::{parse_map, parse_scen};
use pathlab::search::incremental::{Incremental, Mode};
use pathlab::{new_search, Budget, Cell, Grid, Searcher, Settings, Status};
use std::path::PathBuf;

/// Sums over the queries of one map.
#[derive(Default)]
struct Tally {
    queries: u64,
    first_expanded: u64,
    repair_expanded: u64,
    fresh_expanded: u64,
    repair_ms: f64,
    fresh_ms: f64,
    mismatches: u64,
}

impl Tally {
    fn row(&self, map: &str, what: &str) {
        let n = self.queries.max(1) as f64;
        println!(
            "| {map} | {what} | {} | {:.0} | {:.0} | {:.0} | {:.3} | {:.3} | {} |",
            self.queries,
            self.first_expanded as f64 / n,
            self.repair_expanded as f64 / n,
            self.fresh_expanded as f64 / n,
            self.repair_ms / n,
            self.fresh_ms / n,
            self.mismatches
        );
    }
}

/// Walls the 3×3 block around `at`, sparing the start and goal; returns the changed cells.
fn wall_block(grid: &mut Grid, at: (u32, u32), spare: [(u32, u32); 2]) -> Vec<(u32, u32)> {
    let mut changed = Vec::new();
    for dy in -1i64..=1 {
        for dx in -1i64..=1 {
            let (x, y) = (i64::from(at.0) + dx, i64::from(at.1) + dy);
            if !grid.is_passable(x, y) || spare.contains(&(x as u32, y as u32)) {
                continue;
            }
            grid.set(x, y, Cell::Wall);
            changed.push((x as u32, y as u32));
        }
    }
    changed
}

/// A fresh A* from `start` to `goal`: (cost, expansions, ms).
fn fresh_astar(grid: &Grid, start: (u32, u32), goal: (u32, u32)) -> (Option<f64>, u64, f64) {
    let t0 = monotonic_ms();
    let Ok(mut search) = new_search(grid, start, goal, &Settings::default()) else {
        return (None, 0, 0.0);
    };
    let status = search.run(grid, Budget::Unlimited, &|| 0.0);
    let ms = monotonic_ms() - t0;
    let cost = (status == Ok(Status::Found))
        .then(|| search.stats().path_cost)
        .flatten();
    (cost, search.stats().expanded, ms)
}

fn same(a: Option<f64>, b: Option<f64>) -> bool {
    match (a, b) {
        (Some(a), Some(b)) => (a - b).abs() < 1e-6,
        (None, None) => true,
        _ => false,
    }
}

fn solved(search: &mut Incremental, grid: &Grid) -> Option<f64> {
    let status = search.run(grid, Budget::Unlimited, || 0.0).ok()?;
    (status == Status::Found)
        .then(|| search.stats().path_cost)
        .flatten()
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut folder = PathBuf::from("../shared/benchmarks/movingai");
    let mut queries = 20usize;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        if arg == "--queries" {
            queries = args.next().ok_or("--queries needs a number")?.parse()?;
        } else {
            folder = PathBuf::from(arg);
        }
    }
    let mut maps: Vec<PathBuf> = std::fs::read_dir(&folder)?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "map"))
        .collect();
    maps.sort();
    let mut mismatches = 0;
    println!("| map | algorithm | queries | first search exp. | repair exp. | fresh A* exp. | repair ms | fresh A* ms | cost mismatches |");
    println!("|---|---|---|---|---|---|---|---|---|");
    for map in maps {
        let scen = PathBuf::from(format!("{}.scen", map.display()));
        let (Ok(map_text), Ok(scen_text)) = (
            std::fs::read_to_string(&map),
            std::fs::read_to_string(&scen),
        ) else {
            continue;
        };
        let grid = parse_map(&map_text)?;
        let scenarios = parse_scen(&scen_text)?;
        let step = scenarios.len().div_ceil(queries.max(1)).max(1);
        let name = map
            .file_name()
            .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
        let (mut lpa, mut dstar) = (Tally::default(), Tally::default());
        for s in scenarios.iter().step_by(step) {
            let spare = [s.start, s.goal];
            // LPA*: wall off the middle of the path and repair.
            let mut g = grid.clone();
            let settings = Settings::default();
            let mut search = Incremental::new(Mode::Lpa, &g, s.start, s.goal, &settings)?;
            if solved(&mut search, &g).is_none() {
                continue;
            }
            let first = search.stats().expanded;
            let path = search.path_cells();
            let changed = wall_block(&mut g, path[path.len() / 2], spare);
            let t0 = monotonic_ms();
            search.cells_changed(&g, &changed);
            let repaired = solved(&mut search, &g);
            lpa.repair_ms += monotonic_ms() - t0;
            let (fresh, fresh_expanded, fresh_ms) = fresh_astar(&g, s.start, s.goal);
            lpa.queries += 1;
            lpa.first_expanded += first;
            lpa.repair_expanded += search.stats().expanded;
            lpa.fresh_expanded += fresh_expanded;
            lpa.fresh_ms += fresh_ms;
            lpa.mismatches += u64::from(!same(repaired, fresh));

            // D* Lite: walk a third of the way, wall off the path ahead, repair from there.
            let mut g = grid.clone();
            let mut search = Incremental::new(Mode::DStarLite, &g, s.start, s.goal, &settings)?;
            if solved(&mut search, &g).is_none() {
                continue;
            }
            let first = search.stats().expanded;
            let path = search.path_cells();
            let walker = path[path.len() / 3];
            let ahead = path[(path.len() / 3 + 5).min(path.len() - 1)];
            let changed = wall_block(&mut g, ahead, [walker, s.goal]);
            let t0 = monotonic_ms();
            search.move_start(&g, walker)?;
            search.cells_changed(&g, &changed);
            let repaired = solved(&mut search, &g);
            dstar.repair_ms += monotonic_ms() - t0;
            let (fresh, fresh_expanded, fresh_ms) = fresh_astar(&g, walker, s.goal);
            dstar.queries += 1;
            dstar.first_expanded += first;
            dstar.repair_expanded += search.stats().expanded;
            dstar.fresh_expanded += fresh_expanded;
            dstar.fresh_ms += fresh_ms;
            dstar.mismatches += u64::from(!same(repaired, fresh));
        }
        mismatches += lpa.mismatches + dstar.mismatches;
        lpa.row(&name, "LPA*");
        dstar.row(&name, "D* Lite (walker)");
    }
    if mismatches > 0 {
        return Err(format!("{mismatches} repaired costs differ from a fresh A*'s").into());
    }
    Ok(())
}
