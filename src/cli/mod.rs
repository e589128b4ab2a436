//! The command line proper (native only): argument parsing with clap, and the `solve`, `scen`
//! `bench` and `generate` commands (`field` and `range` in `fields.rs`, `mapf` and
//! `mapf-check` in `mapf.rs`).

mod fields;
mod mapf;

use clap::{Args, Parser, Subcommand};
use pathlab::clock::monotonic_ms;
use pathlab::formats::{self, movingai};
use pathlab::generate::{generate_shaped, Kind};
use pathlab::grid::Shape;
use pathlab::scenarios::Runner;
use pathlab::solve::solve_with;
use pathlab::{
    new_search, restart_search, Algorithm, Budget, Connectivity, DiagonalRule, Grid, Heuristic,
    Movement, NeighbourOrder, Settings, Solution, Status,
};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Pathlab: exact BFS, Best-First, Dijkstra and A* on weighted grids.
#[derive(Parser, Debug)]
#[command(name = "pathlab", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Plan one path on a map (.map text or a PNG collision bitmap).
    Solve(SolveArgs),
    /// Check A* against every problem of a Moving AI .scen file.
    Scen(ScenArgs),
    /// Print expansions per second and ms per query for the Moving AI scenarios.
    Bench(BenchArgs),
    /// Generate a map: recursive-division, dfs-maze, rooms, random or terrain.
    Generate(GenerateArgs),
    /// Compare algorithms side by side on the Moving AI scenarios: expansions and ms per
    /// query, as a Markdown table (the one in docs/algorithms.md); exits 1 if their costs
    /// ever differ.
    Compare(CompareArgs),
    /// The distance field of a goal: every cell's cost to it and the way to go, optionally
    /// with a crowd of walkers following it.
    Field(fields::FieldArgs),
    /// The movement range of a cell: every cell reachable within a budget of points.
    Range(fields::RangeArgs),
    /// Multi-agent path finding: solve the first N agents of a Moving AI .scen on its map.
    Mapf(mapf::MapfArgs),
    /// Check a MAPF solution file (one line per time step) against a map and a .scen.
    MapfCheck(mapf::MapfCheckArgs),
}

/// Search settings shared by every subcommand.
#[derive(Args, Debug, Clone)]
struct SearchArgs {
    /// The algorithm: bfs, best-first, dijkstra, astar, jps, bidirectional, theta, lpa,
    /// dstar-lite or mesh (A* on the map's visibility graph).
    #[arg(long, default_value = "astar", value_parser = parse_algorithm)]
    algo: Algorithm,
    #[command(flatten)]
    movement: MovementArgs,
    /// octile, manhattan, euclidean, chebyshev or zero on squares; hex, euclidean or zero on
    /// hexagons (default: octile with diagonals, manhattan without, hex on hexagons).
    #[arg(long, value_parser = parse_heuristic)]
    heuristic: Option<Heuristic>,
    /// Heuristic weight w in g + w·h, ≥ 0.
    #[arg(long, default_value_t = 1.0, allow_negative_numbers = true)]
    weight: f64,
    /// Stop after this many expansions and return the path to the node nearest the goal.
    #[arg(long)]
    budget: Option<u64>,
    /// Create successors in order of direction toward the goal (seed 004).
    #[arg(long)]
    goal_directed: bool,
}

/// How an agent moves on squares (ignored on hexagons), for every subcommand that searches.
#[derive(Args, Debug, Clone)]
struct MovementArgs {
    /// 4 or 8 neighbours.
    #[arg(long, default_value = "8", value_parser = parse_connectivity)]
    connectivity: Connectivity,
    /// When diagonal steps are legal next to walls: never, no-corner-cutting, one-side-free, always.
    #[arg(long, default_value = "no-corner-cutting", value_parser = parse_rule)]
    diagonal: DiagonalRule,
    /// Cost of a diagonal step on terrain 1, from 1 to 2 (default √2; seed 003 uses 1.4142).
    #[arg(long, default_value_t = std::f64::consts::SQRT_2)]
    diagonal_cost: f64,
}

impl MovementArgs {
    fn movement(&self) -> Movement {
        Movement {
            connectivity: self.connectivity,
            diagonal_rule: self.diagonal,
            diagonal_cost: self.diagonal_cost,
        }
    }
}

impl SearchArgs {
    fn settings(&self) -> Settings {
        Settings {
            algorithm: self.algo,
            heuristic: self.heuristic,
            weight: self.weight,
            movement: self.movement.movement(),
            neighbour_order: if self.goal_directed {
                NeighbourOrder::GoalDirected
            } else {
                NeighbourOrder::Fixed
            },
            node_budget: self.budget,
        }
    }
}

#[derive(Args, Debug)]
struct SolveArgs {
    /// The map file.
    map: PathBuf,
    /// Start cell as X,Y.
    #[arg(long, value_parser = parse_point)]
    from: (u32, u32),
    /// Goal cell as X,Y.
    #[arg(long, value_parser = parse_point)]
    to: (u32, u32),
    #[command(flatten)]
    search: SearchArgs,
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
}

#[derive(Args, Debug)]
struct ScenArgs {
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
struct BenchArgs {
    /// Folder with .map and .scen files.
    #[arg(long, default_value = "../shared/benchmarks/movingai")]
    map_dir: PathBuf,
    /// Problems per scenario file, spread evenly over it (0 = all).
    #[arg(long, default_value_t = 200)]
    per_file: usize,
    /// The algorithm to time.
    #[arg(long, default_value = "astar", value_parser = parse_algorithm)]
    algo: Algorithm,
}

#[derive(Args, Debug)]
struct GenerateArgs {
    /// recursive-division, dfs-maze, rooms, random or terrain.
    #[arg(value_parser = parse_kind)]
    kind: Kind,
    /// Width in cells (1–4096; mazes at least 3).
    #[arg(long)]
    width: u32,
    /// Height in cells (1–4096; mazes at least 3).
    #[arg(long)]
    height: u32,
    /// The seed: the same kind, size, seed and density always give the same map.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Wall fraction 0–0.9 for random (default 0.3) and terrain (default 0).
    #[arg(long)]
    density: Option<f64>,
    /// The cells: square, hex-rows (pointy-top hexagons, odd rows shifted right) or
    /// hex-columns (flat-top hexagons, odd columns shifted down).
    #[arg(long, default_value = "square", value_parser = parse_shape)]
    shape: Shape,
    /// Write the .map here and print {"width", "height", "start", "goal"} as JSON on stdout;
    /// without it the .map goes to stdout.
    #[arg(short, long)]
    output: Option<PathBuf>,
}

fn parse_shape(s: &str) -> Result<Shape, String> {
    s.parse()
}

fn parse_kind(s: &str) -> Result<Kind, String> {
    s.parse().map_err(|e: pathlab::generate::GenerateError| e.0)
}

#[derive(Args, Debug)]
struct CompareArgs {
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

fn parse_algorithm(s: &str) -> Result<Algorithm, String> {
    s.parse()
}

fn parse_heuristic(s: &str) -> Result<Heuristic, String> {
    s.parse()
}

fn parse_connectivity(s: &str) -> Result<Connectivity, String> {
    match s {
        "4" => Ok(Connectivity::Four),
        "8" => Ok(Connectivity::Eight),
        _ => Err(format!("connectivity must be 4 or 8, not '{s}'")),
    }
}

fn parse_rule(s: &str) -> Result<DiagonalRule, String> {
    DiagonalRule::ALL
        .into_iter()
        .find(|r| r.name() == s)
        .ok_or_else(|| {
            format!(
                "unknown diagonal rule '{s}': use never, no-corner-cutting, one-side-free or always"
            )
        })
}

fn parse_point(s: &str) -> Result<(u32, u32), String> {
    let bad = || format!("'{s}' is not a cell: write X,Y with whole numbers ≥ 0, e.g. 3,7");
    let (x, y) = s.split_once(',').ok_or_else(bad)?;
    Ok((
        x.trim().parse().map_err(|_| bad())?,
        y.trim().parse().map_err(|_| bad())?,
    ))
}

/// A failure with its exit code and one-line message.
struct Failure {
    code: u8,
    message: String,
}

impl Failure {
    fn new(code: u8, message: impl Into<String>) -> Failure {
        Failure {
            code,
            message: message.into(),
        }
    }
}

/// Parses the command line, runs the command and maps the outcome to an exit code.
pub fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) if !e.use_stderr() => {
            // --help and --version.
            print!("{e}");
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            // clap spreads a message over several lines (the missing arguments, a tip, the
            // usage); keep the message itself, folded into one line.
            let text = e.to_string();
            let message: Vec<&str> = text
                .lines()
                .map(str::trim)
                .take_while(|l| !l.starts_with("Usage:") && !l.starts_with("tip:"))
                .filter(|l| !l.is_empty())
                .collect();
            eprintln!("{} (see pathlab --help)", message.join(" "));
            return ExitCode::from(2);
        }
    };
    let result = match cli.command {
        Command::Solve(args) => solve(&args),
        Command::Scen(args) => scen(&args),
        Command::Bench(args) => bench(&args),
        Command::Generate(args) => generate_map(&args),
        Command::Compare(args) => compare(&args),
        Command::Field(args) => fields::field(&args),
        Command::Range(args) => fields::range(&args),
        Command::Mapf(args) => mapf::mapf(&args),
        Command::MapfCheck(args) => mapf::mapf_check(&args),
    };
    match result {
        Ok(code) => ExitCode::from(code),
        Err(f) => {
            eprintln!("pathlab: {}", f.message);
            ExitCode::from(f.code)
        }
    }
}

fn generate_map(args: &GenerateArgs) -> Result<u8, Failure> {
    let density = args.density.unwrap_or(args.kind.info().default_density);
    let made = generate_shaped(
        args.kind,
        args.width,
        args.height,
        args.shape,
        args.seed,
        density,
    )
    .map_err(|e| Failure::new(2, e.to_string()))?;
    let text = movingai::write_map(&made.grid);
    match &args.output {
        None => print!("{text}"),
        Some(path) => {
            std::fs::write(path, text)
                .map_err(|e| Failure::new(3, format!("can't write {}: {e}", path.display())))?;
            let summary = serde_json::json!({
                "width": made.grid.width(),
                "height": made.grid.height(),
                "start": [made.start.0, made.start.1],
                "goal": [made.goal.0, made.goal.1],
            });
            println!("{summary}");
        }
    }
    Ok(0)
}

fn load_grid(path: &Path) -> Result<Grid, Failure> {
    let bytes = std::fs::read(path)
        .map_err(|e| Failure::new(3, format!("can't read {}: {e}", path.display())))?;
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
    formats::load_map(name, &bytes).map_err(|e| Failure::new(4, format!("{}: {e}", path.display())))
}

fn solve(args: &SolveArgs) -> Result<u8, Failure> {
    let grid = load_grid(&args.map)?;
    let settings = args.search.settings();
    let mut search = new_search(&grid, args.from, args.to, &settings)
        .map_err(|e| Failure::new(5, e.to_string()))?;
    let Solution {
        status,
        path,
        stats,
        ..
    } = solve_with(search.as_mut(), &grid, &monotonic_ms)
        .map_err(|e| Failure::new(5, e.to_string()))?;
    if args.json {
        let value = serde_json::json!({
            "status": status.name(),
            "cost": stats.path_cost,
            "moves": stats.path_moves,
            "path": path.iter().map(|&(x, y)| [x, y]).collect::<Vec<_>>(),
            "expanded": stats.expanded,
            "generated": stats.generated,
            "reopened": stats.reopened,
            "updated": stats.updated,
            "max_open": stats.max_open,
            "elapsed_ms": stats.elapsed_ms,
        });
        println!("{value}");
    } else {
        let verdict = match status {
            Status::Found => "found",
            Status::NoPath => "no path: the goal can't be reached",
            Status::Partial => "partial: the node budget ran out; path to the nearest node",
            Status::Running => "running",
        };
        println!("{verdict}");
        if let (Some(cost), Some(moves)) = (stats.path_cost, stats.path_moves) {
            println!("cost {cost:.6} in {moves} moves");
        }
        println!(
            "expanded {}, generated {}, reopened {}, updated {}, max open {}, {:.3} ms",
            stats.expanded,
            stats.generated,
            stats.reopened,
            stats.updated,
            stats.max_open,
            stats.elapsed_ms
        );
        if !path.is_empty() {
            let cells: Vec<String> = path.iter().map(|(x, y)| format!("{x},{y}")).collect();
            println!("path {}", cells.join(" "));
        }
    }
    Ok(0)
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

fn scen(args: &ScenArgs) -> Result<u8, Failure> {
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
    let (mut passed, mut failed) = (0usize, 0usize);
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
    println!("{passed} passed, {failed} failed");
    Ok(u8::from(failed > 0))
}

fn bench(args: &BenchArgs) -> Result<u8, Failure> {
    let files = scen_files(&args.map_dir)?;
    let settings = Settings {
        algorithm: args.algo,
        ..Settings::default()
    };
    let mut maps = MapCache::new(&args.map_dir);
    println!(
        "{:<28} {:>9} {:>7} {:>13} {:>11} {:>10} {:>13}",
        "scenario file", "size", "queries", "expansions", "ms/query", "M exp/s", "precompute ms"
    );
    let (mut all_queries, mut all_expanded, mut all_ms) = (0usize, 0u64, 0.0f64);
    let mut all_pre = 0.0f64;
    for file in &files {
        let Some((grid, picked)) = sample(file, args.per_file, &mut maps)? else {
            continue;
        };
        let first = &picked[0];
        let mut search = new_search(&grid, first.start, first.start, &settings)
            .map_err(|e| Failure::new(5, e.to_string()))?;
        let (mut queries, mut expanded, mut ms) = (0usize, 0u64, 0.0f64);
        // JPS+ builds its table for the map once, before the first query: timed apart.
        let mut pre = 0.0f64;
        if settings.algorithm.info().precomputes {
            let _ = search.run(&grid, Budget::Expansions(1), &monotonic_ms);
            pre = search.stats().precompute_ms;
        }
        for s in &picked {
            let started = monotonic_ms();
            if restart_search(&mut search, &grid, s.start, s.goal, &settings).is_err() {
                continue;
            }
            let _ = search.run(&grid, Budget::Unlimited, &|| 0.0);
            ms += monotonic_ms() - started;
            expanded += search.stats().expanded;
            queries += 1;
        }
        let name = file.file_name().and_then(|n| n.to_str()).unwrap_or("?");
        println!(
            "{:<28} {:>9} {:>7} {:>13} {:>11.3} {:>10.2} {:>13.1}",
            name,
            format!("{}x{}", grid.width(), grid.height()),
            queries,
            expanded,
            ms / queries.max(1) as f64,
            expanded as f64 / ms.max(1e-9) / 1000.0,
            pre
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

fn compare(args: &CompareArgs) -> Result<u8, Failure> {
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
            let mut these = Vec::with_capacity(picked.len());
            for s in &picked {
                let started = monotonic_ms();
                let cost = restart_search(&mut search, &grid, s.start, s.goal, &settings)
                    .ok()
                    .and_then(|()| search.run(&grid, Budget::Unlimited, &|| 0.0).ok())
                    .filter(|&status| status == Status::Found)
                    .and_then(|_| search.stats().path_cost);
                row[k].1 += monotonic_ms() - started;
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
