//! The commands over the Moving AI benchmark files: `scen` (one scenario file checked against
//! its optimal lengths), `bench` (expansions per second and ms per query) and `compare`
//! (algorithms side by side, failing if their costs differ), with the map cache and the
//! sampling they share.

use super::{load_grid, parse_algorithm, Failure};
use clap::Args;
use pathlab::clock::monotonic_ms;
use pathlab::formats::movingai;
use pathlab::scenarios::Runner;
use pathlab::{new_search, restart_search, Algorithm, Budget, Grid, Settings, Status};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::time::Instant;

#[derive(Args, Debug)]
pub(super) struct ScenArgs {
    /// The .scen file.
    scen: PathBuf,
    /// Where the maps named in the file are (by base name).
    #[arg(long)]
    map_dir: PathBuf,
    /// Check only the first N problems.
    #[arg(long)]
    limit: Option<usize>,
    /// The algorithm to check (it must be optimal: dijkstra, astar, jps, bidirectional, lpa
    /// or dstar-lite).
    #[arg(long, default_value = "astar", value_parser = parse_algorithm)]
    algo: Algorithm,
}

#[derive(Args, Debug)]
pub(super) struct BenchArgs {
    /// Folder with .map and .scen files.
    #[arg(long, default_value = "../shared/benchmarks/movingai")]
    map_dir: PathBuf,
    /// Problems per scenario file, spread evenly over it (0 = all).
    #[arg(long, default_value_t = 200)]
    per_file: usize,
    /// The algorithm to time.
    #[arg(long, default_value = "astar", value_parser = parse_algorithm)]
    algo: Algorithm,
    /// Times every query this many times; a query's time is its fastest (the median column
    /// is the median of those over the file's queries).
    #[arg(long, default_value_t = 1)]
    repeats: usize,
    /// Passes over the file's queries (each query `repeats` times a pass); a query's time is
    /// its fastest over all of them. Passes time every query as cold as one pass finds it,
    /// as the research harness times warthog.
    #[arg(long, default_value_t = 1)]
    passes: usize,
    /// Marks every found path in the state bytes, as the page does (for setting these
    /// times beside the page's: `bench/browser.mjs --wasm-ratio`). Off by default: like the
    /// research code, a query then only returns its path.
    #[arg(long)]
    paint_path: bool,
}

#[derive(Args, Debug)]
pub(super) struct CompareArgs {
    /// Folder with .map and .scen files.
    #[arg(long, default_value = "../shared/benchmarks/movingai")]
    map_dir: PathBuf,
    /// Problems per scenario file, spread evenly over it (0 = all).
    #[arg(long, default_value_t = 200)]
    per_file: usize,
    /// The algorithms, comma-separated (all must be optimal to compare costs).
    #[arg(long, default_value = "astar,jps,bidirectional", value_delimiter = ',', value_parser = parse_algorithm)]
    algo: Vec<Algorithm>,
}

/// Maps loaded so far, by base name.
struct MapCache {
    dir: PathBuf,
    maps: HashMap<String, Grid>,
}

impl MapCache {
    fn new(dir: &Path) -> MapCache {
        MapCache {
            dir: dir.to_path_buf(),
            maps: HashMap::new(),
        }
    }

    fn get(&mut self, name: &str) -> Result<&Grid, Failure> {
        if !self.maps.contains_key(name) {
            let grid = load_grid(&self.dir.join(name))?;
            self.maps.insert(name.to_string(), grid);
        }
        self.maps
            .get(name)
            .ok_or_else(|| Failure::new(3, format!("map {name} vanished")))
    }
}

/// The `.scen` files in `dir`, sorted by name.
fn scen_files(dir: &Path) -> Result<Vec<PathBuf>, Failure> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(|e| Failure::new(3, format!("can't read {}: {e}", dir.display())))?
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "scen"))
        .collect();
    files.sort();
    Ok(files)
}

/// The problems of one scenario file spread evenly over it, at most `per_file` of them (0 =
/// all), and the map they are on; `None` for a file without problems. What `bench` and
/// `compare` time.
fn sample(
    file: &Path,
    per_file: usize,
    maps: &mut MapCache,
) -> Result<Option<(Grid, Vec<movingai::Scenario>)>, Failure> {
    let scenarios = read_scen(file)?;
    let Some(first) = scenarios.first() else {
        return Ok(None);
    };
    let grid = maps.get(&first.map)?.clone();
    let step = match per_file {
        0 => 1,
        n => scenarios.len().div_ceil(n).max(1),
    };
    Ok(Some((grid, scenarios.into_iter().step_by(step).collect())))
}

fn read_scen(path: &Path) -> Result<Vec<movingai::Scenario>, Failure> {
    let bytes = std::fs::read(path)
        .map_err(|e| Failure::new(3, format!("can't read {}: {e}", path.display())))?;
    let text = String::from_utf8(bytes)
        .map_err(|_| Failure::new(4, format!("{}: not a UTF-8 text file", path.display())))?;
    movingai::parse_scen(&text).map_err(|e| Failure::new(4, format!("{}: {e}", path.display())))
}

pub(super) fn scen(args: &ScenArgs) -> Result<u8, Failure> {
    // Scenario lengths are optimal grid paths: only algorithms that find those can match.
    let grid_optimal = |a: Algorithm| {
        let info = a.info();
        info.optimal && !info.any_angle && !info.needs.mesh
    };
    if !grid_optimal(args.algo) {
        let names: Vec<&str> = Algorithm::ALL
            .iter()
            .filter(|&&a| grid_optimal(a))
            .map(|a| a.name())
            .collect();
        return Err(Failure::new(
            2,
            format!(
                "scenario lengths are optimal: check them with {}",
                names.join(", ")
            ),
        ));
    }
    let scenarios = read_scen(&args.scen)?;
    let mut maps = MapCache::new(&args.map_dir);
    let mut runner = Runner::new(Settings {
        algorithm: args.algo,
        ..Settings::default()
    });
    let (mut passed, mut failed, mut skipped) = (0usize, 0usize, 0usize);
    let mut skip_note = None;
    for (i, s) in scenarios
        .iter()
        .enumerate()
        .take(args.limit.unwrap_or(usize::MAX))
    {
        let line = i + 2;
        let grid = maps.get(&s.map)?;
        if (grid.width(), grid.height()) != (s.map_width, s.map_height) {
            println!(
                "line {line}: {} is {}×{}, the scenario says {}×{}",
                s.map,
                grid.width(),
                grid.height(),
                s.map_width,
                s.map_height
            );
            failed += 1;
            continue;
        }
        // An algorithm with a limit (goal bounding's map size) skips the maps beyond it.
        let settings = Settings {
            algorithm: args.algo,
            ..Settings::default()
        };
        if let Some(why) = settings.unavailable_on(grid) {
            skip_note.get_or_insert(why);
            skipped += 1;
            continue;
        }
        match runner.cost(grid, s, &monotonic_ms) {
            Some(cost) if s.accepts(cost) => passed += 1,
            cost => {
                let got = cost.map_or("no path".to_string(), |c| format!("{c:.8}"));
                println!(
                    "line {line}: ({},{}) → ({},{}): expected {}, got {got}",
                    s.start.0, s.start.1, s.goal.0, s.goal.1, s.optimal
                );
                failed += 1;
            }
        }
    }
    match skip_note {
        Some(why) => println!("{passed} passed, {failed} failed, {skipped} skipped: {why}"),
        None => println!("{passed} passed, {failed} failed"),
    }
    Ok(u8::from(failed > 0))
}

pub(super) fn bench(args: &BenchArgs) -> Result<u8, Failure> {
    let files = scen_files(&args.map_dir)?;
    let settings = Settings {
        algorithm: args.algo,
        ..Settings::default()
    };
    let mut maps = MapCache::new(&args.map_dir);
    println!(
        "{:<28} {:>9} {:>7} {:>13} {:>11} {:>10} {:>13} {:>11}",
        "scenario file",
        "size",
        "queries",
        "expansions",
        "ms/query",
        "M exp/s",
        "precompute ms",
        "median µs"
    );
    let (mut all_queries, mut all_expanded, mut all_ms) = (0usize, 0u64, 0.0f64);
    let mut all_pre = 0.0f64;
    for file in &files {
        let Some((grid, picked)) = sample(file, args.per_file, &mut maps)? else {
            continue;
        };
        let first = &picked[0];
        let name = file.file_name().and_then(|n| n.to_str()).unwrap_or("?");
        // An algorithm with a limit (goal bounding's map size) skips the maps beyond it.
        if let Some(why) = settings.unavailable_on(&grid) {
            println!("{name:<28} skipped: {why}");
            continue;
        }
        let mut search = new_search(&grid, first.start, first.start, &settings)
            .map_err(|e| Failure::new(5, e.to_string()))?;
        // Only the path, its cost and the counters are read: the states are painted only
        // when asked for.
        search.paint_path(args.paint_path);
        let (mut queries, mut expanded, mut ms) = (0usize, 0u64, 0.0f64);
        // JPS+ builds its table for the map once, before the first query: timed apart.
        let mut pre = 0.0f64;
        if settings.algorithm.info().precomputes {
            // A run to the end builds the tables whole (a step may build them in pieces).
            let _ = search.run(&grid, Budget::Unlimited, &monotonic_ms);
            pre = search.stats().precompute_ms;
            let bytes = search.stats().precompute_bytes;
            eprintln!(
                "{name}: {} tables {:.1} MB, built in {pre:.0} ms",
                settings.algorithm,
                bytes as f64 / 1e6
            );
        }
        // Each query's fastest time over the passes and repeats, in ms. A repeat runs the same
        // query again at once, when its cells are still in the cache; a pass goes over the
        // whole file again, as warthog's runs do (bench-research.sh), so a query is never
        // timed warmer than a single pass finds it.
        let mut fastest = vec![f64::INFINITY; picked.len()];
        let mut expansions = vec![0u64; picked.len()];
        for _ in 0..args.passes.max(1) {
            for (k, s) in picked.iter().enumerate() {
                for _ in 0..args.repeats.max(1) {
                    // `Instant` read before and after, as warthog reads `steady_clock`: the
                    // subtraction comes after the second read. (`monotonic_ms` turned each read
                    // into milliseconds since the program began, inside the span: an empty span
                    // read 30 ns that way against 20 ns.)
                    let started = Instant::now();
                    if restart_search(&mut search, &grid, s.start, s.goal, &settings).is_err() {
                        break;
                    }
                    let _ = search.run(&grid, Budget::Unlimited, &|| 0.0);
                    let took = started.elapsed();
                    fastest[k] = fastest[k].min(took.as_secs_f64() * 1000.0);
                    expansions[k] = search.stats().expanded;
                }
            }
        }
        let mut times = Vec::with_capacity(picked.len());
        for (&t, &e) in fastest.iter().zip(&expansions) {
            if t.is_finite() {
                ms += t;
                times.push(t);
                expanded += e;
                queries += 1;
            }
        }
        times.sort_by(f64::total_cmp);
        let median_us = times.get(times.len() / 2).map_or(0.0, |t| t * 1000.0);
        println!(
            "{:<28} {:>9} {:>7} {:>13} {:>11.3} {:>10.2} {:>13.1} {:>11.2}",
            name,
            format!("{}x{}", grid.width(), grid.height()),
            queries,
            expanded,
            ms / queries.max(1) as f64,
            expanded as f64 / ms.max(1e-9) / 1000.0,
            pre,
            median_us
        );
        all_queries += queries;
        all_expanded += expanded;
        all_ms += ms;
        all_pre += pre;
    }
    println!(
        "{:<28} {:>9} {:>7} {:>13} {:>11.3} {:>10.2} {:>13.1}",
        "total",
        "",
        all_queries,
        all_expanded,
        all_ms / all_queries.max(1) as f64,
        all_expanded as f64 / all_ms.max(1e-9) / 1000.0,
        all_pre
    );
    Ok(0)
}

pub(super) fn compare(args: &CompareArgs) -> Result<u8, Failure> {
    let files = scen_files(&args.map_dir)?;
    let mut maps = MapCache::new(&args.map_dir);
    let algos = &args.algo;
    let mut header = String::from("| scenario file | size | queries |");
    let mut rule = String::from("|---|---|--:|");
    for a in algos {
        header.push_str(&format!(" {a} expanded | {a} ms/query |"));
        rule.push_str("--:|--:|");
    }
    println!("{header}\n{rule}");
    let mut totals = vec![(0u64, 0.0f64); algos.len()];
    let (mut all_queries, mut mismatches) = (0usize, 0usize);
    for file in &files {
        let Some((grid, picked)) = sample(file, args.per_file, &mut maps)? else {
            continue;
        };
        let first = &picked[0];
        let mut row = vec![(0u64, 0.0f64); algos.len()];
        let mut costs: Vec<Vec<Option<f64>>> = Vec::new();
        for (k, &algorithm) in algos.iter().enumerate() {
            let settings = Settings {
                algorithm,
                ..Settings::default()
            };
            let mut search = new_search(&grid, first.start, first.start, &settings)
                .map_err(|e| Failure::new(5, format!("{}: {e}", first.map)))?;
            // Every algorithm marks its path, as the page does: only the engine's searches
            // could leave it unmarked, and the table compares them with the others.
            let mut these = Vec::with_capacity(picked.len());
            for s in &picked {
                // Timed as `bench` times a query: `Instant` read before and after.
                let started = Instant::now();
                let cost = restart_search(&mut search, &grid, s.start, s.goal, &settings)
                    .ok()
                    .and_then(|()| search.run(&grid, Budget::Unlimited, &|| 0.0).ok())
                    .filter(|&status| status == Status::Found)
                    .and_then(|_| search.stats().path_cost);
                row[k].1 += started.elapsed().as_secs_f64() * 1000.0;
                row[k].0 += search.stats().expanded;
                these.push(cost);
            }
            costs.push(these);
        }
        for (q, s) in picked.iter().enumerate() {
            let agree = costs.iter().all(|c| match (c[q], costs[0][q]) {
                (Some(a), Some(b)) => (a - b).abs() <= 1e-6 * b.max(1.0),
                (a, b) => a.is_none() && b.is_none(),
            });
            if !agree {
                mismatches += 1;
                eprintln!(
                    "{}: ({},{}) → ({},{}): costs differ: {:?}",
                    s.map,
                    s.start.0,
                    s.start.1,
                    s.goal.0,
                    s.goal.1,
                    costs.iter().map(|c| c[q]).collect::<Vec<_>>()
                );
            }
        }
        let name = file.file_name().and_then(|n| n.to_str()).unwrap_or("?");
        let mut line = format!(
            "| {name} | {}×{} | {} |",
            grid.width(),
            grid.height(),
            picked.len()
        );
        for (k, &(expanded, ms)) in row.iter().enumerate() {
            line.push_str(&format!(
                " {expanded} | {:.3} |",
                ms / picked.len().max(1) as f64
            ));
            totals[k].0 += expanded;
            totals[k].1 += ms;
        }
        println!("{line}");
        all_queries += picked.len();
    }
    let mut line = format!("| **total** | | {all_queries} |");
    for &(expanded, ms) in &totals {
        line.push_str(&format!(
            " {expanded} | {:.3} |",
            ms / all_queries.max(1) as f64
        ));
    }
    println!("{line}");
    if mismatches > 0 {
        println!("{mismatches} queries where the costs differ");
    }
    Ok(u8::from(mismatches > 0))
}
