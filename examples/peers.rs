//! The native half of the peer benchmark (`bash scripts/bench.sh` runs it): Pathlab's A* and
//! Jump Point Search against the `pathfinding` crate's `astar`, on the maps and queries of
//! `bench/work/queries.json` (written by `bench/gen.mjs`).
//!
//! ```text
//! cargo run --release --example peers -- QUERIES.json OUT.json [REPEATS]
//! ```
//!
//! For generated maps, whose queries carry no optimum, the reference cost is Pathlab's
//! Dijkstra (a different priority order from A*, so not the same run checked against itself).
//! Every query is timed on its own, with the search memory reused between queries as the
//! `pathlab bench` command and the page do. Output: per implementation and map, the per-query
//! milliseconds and expansions of every repeat, and the returned costs.

use pathfinding::prelude::astar;
use pathlab::formats::movingai::{parse_map, parse_scen};
use pathlab::heuristic::{diagonal_units, COST_SCALE};
use pathlab::{Algorithm, Budget, Grid, Search, Searcher, Settings, Status};
use serde_json::{json, Value};
use std::cell::Cell;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

#[derive(serde::Deserialize)]
struct Queries {
    maps: Vec<MapQueries>,
}

#[derive(serde::Deserialize)]
struct MapQueries {
    name: String,
    file: PathBuf,
    /// The Moving AI scenario file the queries come from, if any.
    scen: Option<PathBuf>,
    queries: Vec<Query>,
}

#[derive(serde::Deserialize)]
struct Query {
    sx: u32,
    sy: u32,
    gx: u32,
    gy: u32,
    optimal: Option<f64>,
    /// The problem's index among the scenario file's problems.
    index: Option<usize>,
}

/// Per-query figures of one implementation on one map.
#[derive(Default)]
struct Runs {
    repeats: Vec<Value>,
    costs: Vec<Option<f64>>,
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(input), Some(output)) = (args.first(), args.get(1)) else {
        eprintln!("usage: peers QUERIES.json OUT.json [REPEATS]");
        return ExitCode::from(2);
    };
    let repeats: usize = args.get(2).and_then(|r| r.parse().ok()).unwrap_or(3).max(1);
    match run(Path::new(input), Path::new(output), repeats) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("peers: {e}");
            ExitCode::FAILURE
        }
    }
}

fn run(input: &Path, output: &Path, repeats: usize) -> Result<(), String> {
    let text = std::fs::read_to_string(input).map_err(|e| format!("{}: {e}", input.display()))?;
    let queries: Queries = serde_json::from_str(&text).map_err(|e| format!("{e}"))?;
    let base = input.parent().unwrap_or(Path::new("."));
    let mut maps = serde_json::Map::new();
    for m in &queries.maps {
        let path = base.join(&m.file);
        let text =
            std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        let grid = parse_map(&text).map_err(|e| format!("{}: {e}", path.display()))?;
        let reference = reference_costs(&grid, &m.queries)?;
        let tolerance = tolerances(m)?;
        let mut pathlab = Runs::default();
        let mut jps = Runs::default();
        let mut jps_plus = Runs::default();
        let mut precompute_ms = Vec::new();
        let mut crate_astar = Runs::default();
        let jps_settings = Settings {
            algorithm: Algorithm::Jps,
            ..Settings::default()
        };
        let jps_allowed = jps_settings.unavailable_on(&grid).is_none();
        let plus_settings = Settings {
            algorithm: Algorithm::JpsPlus,
            ..Settings::default()
        };
        for _ in 0..repeats {
            pathlab.costs.clear();
            jps.costs.clear();
            jps_plus.costs.clear();
            crate_astar.costs.clear();
            let (ms, expanded, _) =
                time_pathlab(&grid, &m.queries, &mut pathlab.costs, &Settings::default())?;
            pathlab
                .repeats
                .push(json!({ "ms": ms, "expanded": expanded }));
            if jps_allowed {
                let (ms, expanded, _) =
                    time_pathlab(&grid, &m.queries, &mut jps.costs, &jps_settings)?;
                jps.repeats.push(json!({ "ms": ms, "expanded": expanded }));
                let (ms, expanded, table_ms) =
                    time_pathlab(&grid, &m.queries, &mut jps_plus.costs, &plus_settings)?;
                jps_plus
                    .repeats
                    .push(json!({ "ms": ms, "expanded": expanded }));
                precompute_ms.extend(table_ms);
            }
            let (ms, expanded) = time_crate(&grid, &m.queries, &mut crate_astar.costs);
            crate_astar
                .repeats
                .push(json!({ "ms": ms, "expanded": expanded }));
        }
        eprintln!("peers: {} done", m.name);
        let mut impls = json!({
            "pathlab-native": { "repeats": pathlab.repeats, "costs": pathlab.costs },
            "pathfinding-crate": { "repeats": crate_astar.repeats, "costs": crate_astar.costs },
        });
        if jps_allowed {
            impls["pathlab-native-jps"] = json!({ "repeats": jps.repeats, "costs": jps.costs });
            impls["pathlab-native-jps-plus"] =
                json!({ "repeats": jps_plus.repeats, "costs": jps_plus.costs });
        }
        maps.insert(
            m.name.clone(),
            json!({
                "reference": reference,
                "tolerance": tolerance,
                "impls": impls,
                "jpsPlusPrecomputeMs": precompute_ms,
            }),
        );
    }
    let out = json!({ "repeats": repeats, "maps": maps });
    std::fs::write(output, out.to_string()).map_err(|e| format!("{}: {e}", output.display()))
}

/// The optimum of every query: from the scenario file when it has one, else Pathlab's
/// Dijkstra.
fn reference_costs(grid: &Grid, queries: &[Query]) -> Result<Vec<Option<f64>>, String> {
    let settings = Settings {
        algorithm: Algorithm::Dijkstra,
        ..Settings::default()
    };
    let mut search: Option<Search> = None;
    let mut out = Vec::with_capacity(queries.len());
    for q in queries {
        if q.optimal.is_some() {
            out.push(q.optimal);
            continue;
        }
        let s = solve(&mut search, grid, q, &settings)?;
        out.push(s.stats().path_cost);
    }
    Ok(out)
}

/// Each query's tolerance: from Pathlab's reading of its scenario file (half a unit in the
/// last printed digit, plus slack for the file's rounded √2), or 1e-6 relative for queries
/// checked against Pathlab's Dijkstra.
fn tolerances(m: &MapQueries) -> Result<Vec<f64>, String> {
    let problems = match &m.scen {
        Some(path) => {
            let text =
                std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
            parse_scen(&text).map_err(|e| format!("{}: {e}", path.display()))?
        }
        None => Vec::new(),
    };
    Ok(m.queries
        .iter()
        .map(|q| match q.index.and_then(|i| problems.get(i)) {
            Some(p) => p.tolerance,
            None => 1e-6 * q.optimal.unwrap_or(1.0).max(1.0),
        })
        .collect())
}

/// Restarts (or makes) the search for `q` and runs it to the end.
fn solve<'a>(
    search: &'a mut Option<Search>,
    grid: &Grid,
    q: &Query,
    settings: &Settings,
) -> Result<&'a Search, String> {
    let (start, goal) = ((q.sx, q.sy), (q.gx, q.gy));
    let s = match search {
        Some(s) => {
            s.restart(grid, start, goal, settings)
                .map_err(|e| e.to_string())?;
            s
        }
        None => search.insert(Search::new(grid, start, goal, settings).map_err(|e| e.to_string())?),
    };
    s.run(grid, Budget::Unlimited, pathlab::clock::monotonic_ms)
        .map_err(|e| e.to_string())?;
    Ok(s)
}

/// Per-query milliseconds and expansions, and the build time of the map's table (JPS+).
type Timings = (Vec<f64>, Vec<u64>, Option<f64>);

/// Pathlab with `settings` (A*, JPS or JPS+, octile, Moving AI movement), one timing per
/// query, and for an algorithm that builds a table for the map (JPS+) that table's build
/// time: the first query of the map builds it untimed, then every query is timed.
fn time_pathlab(
    grid: &Grid,
    queries: &[Query],
    costs: &mut Vec<Option<f64>>,
    settings: &Settings,
) -> Result<Timings, String> {
    let mut search: Option<Search> = None;
    let mut table_ms = None;
    if let (true, Some(first)) = (settings.algorithm.info().precomputes, queries.first()) {
        table_ms = Some(
            solve(&mut search, grid, first, settings)?
                .stats()
                .precompute_ms,
        );
    }
    let (mut ms, mut expanded) = (Vec::new(), Vec::new());
    for q in queries {
        let started = Instant::now();
        let s = solve(&mut search, grid, q, settings)?;
        ms.push(started.elapsed().as_secs_f64() * 1000.0);
        expanded.push(s.stats().expanded);
        costs.push(
            (s.status() == Status::Found)
                .then_some(s.stats().path_cost)
                .flatten(),
        );
    }
    Ok((ms, expanded, table_ms))
}

/// The `pathfinding` crate's `astar` under the same rule: 8-connected, no corner cutting,
/// terrain × 1 or × √2 per step in the same fixed-point units as Pathlab, octile heuristic.
/// Successors come from a fixed array, so the closure allocates nothing; expansions are
/// counted as calls of the successor function.
fn time_crate(
    grid: &Grid,
    queries: &[Query],
    costs: &mut Vec<Option<f64>>,
) -> (Vec<f64>, Vec<u64>) {
    let (w, h) = (grid.width() as i64, grid.height() as i64);
    let cells = grid.bytes();
    let diag = diagonal_units(std::f64::consts::SQRT_2);
    let open =
        |x: i64, y: i64| x >= 0 && y >= 0 && x < w && y < h && cells[(y * w + x) as usize] != 0;
    let (mut ms, mut expanded) = (Vec::new(), Vec::new());
    for q in queries {
        let count = Cell::new(0u64);
        let goal = (i64::from(q.gx), i64::from(q.gy));
        let started = Instant::now();
        let result = astar(
            &(i64::from(q.sx), i64::from(q.sy)),
            |&(x, y)| {
                count.set(count.get() + 1);
                let mut out = [((0i64, 0i64), 0u64); 8];
                let mut n = 0;
                for (dx, dy) in pathlab::grid::MOVES {
                    let (nx, ny) = (x + dx, y + dy);
                    if !open(nx, ny) {
                        continue;
                    }
                    let diagonal = dx != 0 && dy != 0;
                    if diagonal && !(open(x + dx, y) && open(x, y + dy)) {
                        continue;
                    }
                    let terrain = u64::from(cells[(ny * w + nx) as usize]);
                    out[n] = ((nx, ny), terrain * if diagonal { diag } else { COST_SCALE });
                    n += 1;
                }
                out.into_iter().take(n)
            },
            |&(x, y)| {
                let (dx, dy) = ((x - goal.0).unsigned_abs(), (y - goal.1).unsigned_abs());
                let (big, small) = (dx.max(dy), dx.min(dy));
                (big - small) * COST_SCALE + small * diag
            },
            |&p| p == goal,
        );
        ms.push(started.elapsed().as_secs_f64() * 1000.0);
        expanded.push(count.get());
        costs.push(result.map(|(path, _)| {
            path.windows(2)
                .map(|p| {
                    let diagonal = p[0].0 != p[1].0 && p[0].1 != p[1].1;
                    let terrain = f64::from(cells[(p[1].1 * w + p[1].0) as usize]);
                    terrain
                        * if diagonal {
                            std::f64::consts::SQRT_2
                        } else {
                            1.0
                        }
                })
                .sum()
        }));
    }
    (ms, expanded)
}
