//! What a query through the page's API costs beyond the search (issue 29, goal 4): the same
//! A* queries run natively twice, once as `pathlab bench` runs them (`restart_search` and
//! `run` on a bare search) and once the way the wasm glue runs them for the page's
//! `resetSearch()` + `runToEnd()` (`Planner::apply` with `Command::Reset`, then
//! `Command::Advance` to the end, the timeline off, timed by the planner's clock); `recorded`
//! runs them through the planner with the timeline on, as the page does by default.
//!
//! ```text
//! cargo run --release --example planner_call -- MAP SCEN [REPEATS] [bare|planner|recorded] [QUERIES]
//! ```
//!
//! Prints the mean µs a query of the mode asked for (bare and planner when none is named),
//! over the scenario's first QUERIES queries (all by default). For counting
//! instructions, run one mode under `valgrind --tool=callgrind` twice with different
//! repeats: the difference is the per-query cost, map loading cancelled out.

use pathlab::clock::monotonic_ms;
use pathlab::command::Command;
use pathlab::formats::movingai::{parse_map, parse_scen};
use pathlab::search::{new_search, restart_search};
use pathlab::{Algorithm, Budget, Grid, Planner, Settings};

/// A query: its start and goal cells.
type Query = ((u32, u32), (u32, u32));

/// Each query `repeats` times on a bare search, as `pathlab bench` runs it.
fn bare(grid: &Grid, queries: &[Query], repeats: usize, settings: &Settings) {
    let Some(&(s, g)) = queries.first() else {
        return;
    };
    let mut search = new_search(grid, s, g, settings).expect("search");
    for &(s, g) in queries {
        for _ in 0..repeats {
            restart_search(&mut search, grid, s, g, settings).expect("restart");
            let _ = search.run(grid, Budget::Unlimited, &|| 0.0);
        }
    }
}

/// Each query `repeats` times through the planner's command path, as the page's
/// `resetSearch()` + `runToEnd()` run it (markers placed once per query), the timeline off.
fn planner(grid: &Grid, queries: &[Query], repeats: usize, settings: &Settings) {
    through_planner(grid, queries, repeats, settings, false);
}

/// As [`planner`], the timeline on (every step recorded, as the page's default).
fn recorded(grid: &Grid, queries: &[Query], repeats: usize, settings: &Settings) {
    through_planner(grid, queries, repeats, settings, true);
}

fn through_planner(
    grid: &Grid,
    queries: &[Query],
    repeats: usize,
    settings: &Settings,
    recording: bool,
) {
    let Some(&(s, g)) = queries.first() else {
        return;
    };
    let mut p = Planner::with_grid(grid.clone(), s, g, *settings).expect("planner");
    p.set_clock(monotonic_ms);
    p.set_recording(recording);
    let lane = p.lane_ids()[0];
    for &(s, g) in queries {
        p.apply(lane, Command::Reset).expect("reset");
        p.apply(lane, Command::SetStart { x: s.0, y: s.1 })
            .expect("start");
        p.apply(lane, Command::SetGoal { x: g.0, y: g.1 })
            .expect("goal");
        for _ in 0..repeats {
            p.apply(lane, Command::Reset).expect("reset");
            let budget = Budget::Unlimited;
            p.apply(lane, Command::Advance { budget }).expect("advance");
        }
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [map, scen, ..] = args.as_slice() else {
        eprintln!("usage: planner_call MAP SCEN [REPEATS] [bare|planner|recorded] [QUERIES]");
        std::process::exit(2);
    };
    let repeats: usize = args.get(2).and_then(|r| r.parse().ok()).unwrap_or(100);
    let mode = args.get(3).map_or("both", String::as_str);
    let limit: usize = args
        .get(4)
        .and_then(|n| n.parse().ok())
        .unwrap_or(usize::MAX);
    let grid = parse_map(&std::fs::read_to_string(map).expect("map")).expect("map");
    let queries: Vec<_> = parse_scen(&std::fs::read_to_string(scen).expect("scen"))
        .expect("scen")
        .iter()
        .map(|s| (s.start, s.goal))
        .take(limit)
        .collect();
    let settings = Settings {
        algorithm: Algorithm::AStar,
        ..Settings::default()
    };
    let runs = (queries.len() * repeats).max(1) as f64;
    let modes = [
        ("bare", bare as fn(_, _, _, _)),
        ("planner", planner),
        ("recorded", recorded),
    ];
    for (name, f) in modes {
        if mode != name && (mode != "both" || name == "recorded") {
            continue;
        }
        let t = monotonic_ms();
        f(&grid, &queries, repeats, &settings);
        println!(
            "{name}: {:.3} µs a query",
            (monotonic_ms() - t) * 1000.0 / runs
        );
    }
}
