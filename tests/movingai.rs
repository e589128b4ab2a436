//! Checks against the Moving AI benchmark scenarios in `../shared/benchmarks/movingai/`
//! (8-connected, diagonal √2, no corner cutting): the optimal lengths printed in each `.scen`
//! file are the ground truth, within the file's printed precision.
//!
//! `cargo test` checks a spread sample of every file (the longest problems included) with A*
//! and a smaller one with Dijkstra; `cargo test --release --test movingai -- --ignored` checks
//! every problem of every file (A*, JPS2 and JPS2+).

use pathlab::formats::{load_map, movingai};
use pathlab::{new_search, restart_search, Algorithm, Budget, Grid, Settings, Status};
use std::path::PathBuf;

fn bench_dir() -> Option<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/benchmarks/movingai");
    if dir.is_dir() {
        Some(dir)
    } else {
        eprintln!(
            "note: {} is missing; Moving AI checks skipped",
            dir.display()
        );
        None
    }
}

/// Every (.scen file, its scenarios, its map) in the benchmark folder.
fn scenario_files() -> Vec<(String, Vec<movingai::Scenario>, Grid)> {
    let Some(dir) = bench_dir() else {
        return Vec::new();
    };
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "scen"))
        .collect();
    files.sort();
    assert!(files.len() >= 11, "expected the eleven shared .scen files");
    files
        .into_iter()
        .map(|path| {
            let text = std::fs::read_to_string(&path).unwrap();
            let scenarios = movingai::parse_scen(&text).unwrap();
            let map_name = &scenarios[0].map;
            let bytes = std::fs::read(dir.join(map_name)).unwrap();
            let grid = load_map(map_name, &bytes).unwrap();
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            (name, scenarios, grid)
        })
        .collect()
}

/// Checks `count` problems spread evenly over each file (all when `count` is `None`),
/// always including the last, longest ones; returns how many were checked.
fn check(algorithm: Algorithm, count: Option<usize>) -> usize {
    check_maps(algorithm, count, usize::MAX)
}

/// [`check`] on the files whose map has at most `max_cells` cells and on which `algorithm`
/// is available (goal bounding refuses maps beyond its limit).
fn check_maps(algorithm: Algorithm, count: Option<usize>, max_cells: usize) -> usize {
    let settings = Settings {
        algorithm,
        ..Settings::default()
    };
    let mut checked = 0;
    let mut failures = Vec::new();
    for (name, scenarios, grid) in scenario_files() {
        if grid.len() > max_cells || settings.unavailable_on(&grid).is_some() {
            continue;
        }
        let n = scenarios.len();
        let picks: Vec<usize> = match count {
            None => (0..n).collect(),
            Some(k) => (0..k.min(n))
                .map(|i| (n - 1) - i * (n - 1) / k.max(1))
                .collect(),
        };
        let first = &scenarios[0];
        let mut search = new_search(&grid, first.start, first.goal, &settings).unwrap();
        for i in picks {
            let s = &scenarios[i];
            assert_eq!(
                (grid.width(), grid.height()),
                (s.map_width, s.map_height),
                "{name}"
            );
            restart_search(&mut search, &grid, s.start, s.goal, &settings).unwrap();
            let status = search.run(&grid, Budget::Unlimited, &|| 0.0).unwrap();
            let cost = search.stats().path_cost.unwrap_or(f64::NAN);
            if status != Status::Found || (cost - s.optimal).abs() > s.tolerance {
                failures.push(format!(
                    "{name} line {}: {:?}→{:?} expected {} ± {:e}, got {status:?} {cost}",
                    i + 2,
                    s.start,
                    s.goal,
                    s.optimal,
                    s.tolerance
                ));
            }
            checked += 1;
        }
    }
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
    checked
}

#[test]
fn a_star_matches_a_sample_of_every_scenario_file() {
    let checked = check(Algorithm::AStar, Some(40));
    eprintln!("A*: {checked} Moving AI problems agree");
}

#[test]
fn dijkstra_matches_a_sample_of_every_scenario_file() {
    let checked = check(Algorithm::Dijkstra, Some(6));
    eprintln!("Dijkstra: {checked} Moving AI problems agree");
}

#[test]
fn jump_point_search_matches_a_sample_of_every_scenario_file() {
    let checked = check(Algorithm::Jps, Some(40));
    eprintln!("JPS: {checked} Moving AI problems agree");
}

#[test]
fn jps2_and_jps2_plus_match_a_sample_of_every_scenario_file() {
    let checked = check(Algorithm::Jps2, Some(40)) + check(Algorithm::Jps2Plus, Some(40));
    eprintln!("JPS2 and JPS2+: {checked} Moving AI problems agree");
}

#[test]
fn bidirectional_a_star_matches_a_sample_of_every_scenario_file() {
    let checked = check(Algorithm::Bidirectional, Some(20));
    eprintln!("Bidirectional A*: {checked} Moving AI problems agree");
}

#[test]
fn lpa_star_and_d_star_lite_match_a_sample_of_every_scenario_file() {
    let checked = check(Algorithm::Lpa, Some(4)) + check(Algorithm::DStarLite, Some(4));
    eprintln!("LPA* and D* Lite: {checked} Moving AI problems agree");
}

/// Goal bounding's boxes are built by a flood from every cell (slow in a debug build), so the
/// default run checks every problem of the maps up to 160 × 160 (arena, den312d, ht_chantry,
/// room-32-32-4); the ignored test below adds Berlin_0_256, the last map within its limit.
#[test]
fn jps_plus_with_goal_bounding_matches_every_scenario_of_the_small_maps() {
    let checked = check_maps(Algorithm::JpsPlusBounded, None, 160 * 160);
    eprintln!("JPS+ with goal bounding: all {checked} Moving AI problems of the small maps agree");
}

#[test]
#[ignore = "every problem of every map within goal bounding's limit: run with --release -- --ignored"]
fn jps_plus_with_goal_bounding_matches_every_scenario_within_its_limit() {
    let checked = check(Algorithm::JpsPlusBounded, None);
    eprintln!("JPS+ with goal bounding: all {checked} Moving AI problems within its limit agree");
}

#[test]
#[ignore = "every problem of every file: run with --release -- --ignored"]
fn a_star_matches_every_scenario_of_every_file() {
    let checked = check(Algorithm::AStar, None);
    eprintln!("A*: all {checked} Moving AI problems agree");
}

#[test]
#[ignore = "every problem of every file: run with --release -- --ignored"]
fn jps2_and_jps2_plus_match_every_scenario_of_every_file() {
    let checked = check(Algorithm::Jps2, None) + check(Algorithm::Jps2Plus, None);
    eprintln!("JPS2 and JPS2+: all {checked} Moving AI problems agree");
}
