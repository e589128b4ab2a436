//! The command line proper (native only): argument parsing with clap, and the `solve` and
//! `generate` commands; `scen`, `bench` and `compare` over the Moving AI files are in
//! `benchmarks.rs`, `field` and `range` in `fields.rs`, `exercise` in `learn.rs`, `mapf` and
//! `mapf-check` in `mapf.rs`.

mod benchmarks;
mod fields;
mod learn;
mod mapf;

use clap::{Args, Parser, Subcommand};
use pathlab::clock::monotonic_ms;
use pathlab::formats::{self, movingai};
use pathlab::generate::{generate_shaped, Kind};
use pathlab::grid::Shape;
use pathlab::solve::solve_with;
use pathlab::{
    new_search, Algorithm, Connectivity, DiagonalRule, Grid, Heuristic, Movement, NeighbourOrder,
    Settings, Solution, Status,
};
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
    Scen(benchmarks::ScenArgs),
    /// Print expansions per second and ms per query for the Moving AI scenarios.
    Bench(benchmarks::BenchArgs),
    /// Generate a map: recursive-division, dfs-maze, rooms, random or terrain.
    Generate(GenerateArgs),
    /// Compare algorithms side by side on the Moving AI scenarios: expansions and ms per
    /// query, as a Markdown table (the one in docs/algorithms.md); exits 1 if their costs
    /// ever differ.
    Compare(benchmarks::CompareArgs),
    /// The distance field of a goal: every cell's cost to it and the way to go, optionally
    /// with a crowd of walkers following it.
    Field(fields::FieldArgs),
    /// The movement range of a cell: every cell reachable within a budget of points.
    Range(fields::RangeArgs),
    /// Exercises checked by the engine: make one, check an answer, print a lesson's
    /// worksheet with its answer key.
    Exercise(learn::ExerciseArgs),
    /// Multi-agent path finding: solve the first N agents of a Moving AI .scen on its map.
    Mapf(mapf::MapfArgs),
    /// Check a MAPF solution file (one line per time step) against a map and a .scen.
    MapfCheck(mapf::MapfCheckArgs),
}

/// Search settings shared by every subcommand.
#[derive(Args, Debug, Clone)]
struct SearchArgs {
    /// The algorithm: bfs, best-first, dijkstra, astar, jps, jps-plus, jps2, jps2-plus,
    /// bidirectional, theta, lpa, dstar-lite or mesh (A* on the map's visibility graph). The
    /// four jump point searches, theta and mesh need square cells: on a map of hexagons they
    /// are refused with the reason.
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
        Command::Scen(args) => benchmarks::scen(&args),
        Command::Bench(args) => benchmarks::bench(&args),
        Command::Generate(args) => generate_map(&args),
        Command::Compare(args) => benchmarks::compare(&args),
        Command::Field(args) => fields::field(&args),
        Command::Range(args) => fields::range(&args),
        Command::Exercise(args) => learn::exercise(&args),
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
