//! The maps we ship: `maps/index.json` describes every file (size, markers), each map is
//! checked with `pathlab solve` to behave as its description says (found or no path, Best-First
//! fooled by the cup, A* re-opening nodes, Dijkstra and Breadth-First disagreeing on terrain),
//! and the procedural ones are exactly what the generator makes from their recorded seed.

use pathlab::formats::load_map;
use pathlab::generate::{generate_shaped, Kind};
use pathlab::grid::Shape;
use std::path::{Path, PathBuf};
use std::process::Command;

#[derive(serde::Deserialize)]
struct Generator {
    kind: String,
    seed: u64,
    density: f64,
    /// `hex-rows` or `hex-columns` for maps of hexagons; squares when absent.
    shape: Option<String>,
}

#[derive(serde::Deserialize)]
struct Entry {
    file: String,
    name: String,
    width: u32,
    height: u32,
    description: String,
    start: (u32, u32),
    goal: (u32, u32),
    generator: Option<Generator>,
}

fn maps_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("maps")
}

fn index() -> Vec<Entry> {
    let text = std::fs::read_to_string(maps_dir().join("index.json")).unwrap();
    serde_json::from_str(&text).unwrap()
}

fn entry(file: &str) -> Entry {
    index()
        .into_iter()
        .find(|e| e.file == file)
        .unwrap_or_else(|| panic!("{file} is not in index.json"))
}

/// `pathlab solve` on a shipped map from its index markers with extra flags, as JSON.
fn solve(file: &str, flags: &[&str]) -> serde_json::Value {
    let e = entry(file);
    let map = maps_dir().join(file);
    let from = format!("{},{}", e.start.0, e.start.1);
    let to = format!("{},{}", e.goal.0, e.goal.1);
    let mut args = vec![
        "solve",
        map.to_str().unwrap(),
        "--from",
        &from,
        "--to",
        &to,
        "--json",
    ];
    args.extend_from_slice(flags);
    let out = Command::new(env!("CARGO_BIN_EXE_pathlab"))
        .args(&args)
        .output()
        .unwrap();
    assert!(out.status.success(), "{file}: {out:?}");
    serde_json::from_slice(&out.stdout).unwrap()
}

fn cost(v: &serde_json::Value) -> f64 {
    v["cost"].as_f64().expect("a cost")
}

#[test]
fn the_index_lists_at_least_15_maps_with_true_sizes() {
    let index = index();
    assert!(index.len() >= 15, "{} maps", index.len());
    for e in &index {
        assert!(
            !e.name.is_empty() && !e.description.is_empty(),
            "{}",
            e.file
        );
        assert!(!e.description.contains('\n'), "{}: one line", e.file);
        let bytes = std::fs::read(maps_dir().join(&e.file)).unwrap();
        let grid = load_map(&e.file, &bytes).unwrap();
        assert_eq!(
            (grid.width(), grid.height()),
            (e.width, e.height),
            "{}",
            e.file
        );
    }
    let sides: Vec<u32> = index.iter().map(|e| e.width).collect();
    assert!(
        sides.contains(&512) && sides.contains(&1024),
        "512² and 1024² maps"
    );
}

#[test]
fn every_map_solves_as_described() {
    for e in index() {
        let expected = if e.file == "no-path-32.map" {
            "no_path"
        } else {
            "found"
        };
        assert_eq!(solve(&e.file, &[])["status"], expected, "{}", e.file);
    }
    for algo in ["bfs", "best-first", "dijkstra", "astar"] {
        let v = solve("no-path-32.map", &["--algo", algo]);
        assert_eq!(v["status"], "no_path", "{algo}");
    }
}

#[test]
fn the_cup_fools_best_first() {
    let astar = cost(&solve("u-trap-40.map", &[]));
    let best_first = cost(&solve("u-trap-40.map", &["--algo", "best-first"]));
    assert!(best_first > 1.2 * astar, "{best_first} vs {astar}");
}

#[test]
fn weighted_a_star_reopens_nodes() {
    for file in ["reopen-40.map", "bop-like-100.map"] {
        assert_eq!(
            solve(file, &[])["reopened"],
            0,
            "{file}: w = 1 is consistent"
        );
        let v = solve(file, &["--weight", "2"]);
        assert!(v["reopened"].as_u64().unwrap() > 0, "{file}: {v}");
    }
}

#[test]
fn dijkstra_and_bfs_disagree_on_terrain() {
    for file in ["marsh-24.map", "terrain-valley-96.map", "terrain-128.map"] {
        let bfs = cost(&solve(file, &["--algo", "bfs"]));
        let dijkstra = cost(&solve(file, &["--algo", "dijkstra"]));
        assert!(
            bfs > dijkstra + 1.0,
            "{file}: bfs {bfs}, dijkstra {dijkstra}"
        );
    }
    assert_eq!(cost(&solve("marsh-24.map", &["--algo", "bfs"])), 37.0);
}

#[test]
fn mazes_have_one_route() {
    for file in ["maze-63.map", "division-maze-63.map"] {
        let bfs = cost(&solve(file, &["--algo", "bfs"]));
        let astar = cost(&solve(file, &[]));
        assert_eq!(bfs, astar, "{file}");
    }
}

#[test]
fn seed_002s_example_is_recreated() {
    let e = entry("seed002-10.map");
    assert_eq!(
        (e.width, e.height, e.start, e.goal),
        (10, 10, (2, 2), (6, 8))
    );
    let v = solve("seed002-10.map", &[]);
    assert_eq!(v["status"], "found");
    let f = entry("seed001-field-80x40.map");
    let bytes = std::fs::read(maps_dir().join(&f.file)).unwrap();
    assert_eq!(load_map(&f.file, &bytes).unwrap().wall_count(), 0);
}

#[test]
fn procedural_maps_are_what_their_seed_makes() {
    let mut count = 0;
    for e in index() {
        let Some(g) = &e.generator else { continue };
        let kind: Kind = g.kind.parse().unwrap();
        let shape: Shape = g.shape.as_deref().unwrap_or("square").parse().unwrap();
        let made = generate_shaped(kind, e.width, e.height, shape, g.seed, g.density).unwrap();
        let bytes = std::fs::read(maps_dir().join(&e.file)).unwrap();
        assert_eq!(load_map(&e.file, &bytes).unwrap(), made.grid, "{}", e.file);
        count += 1;
    }
    assert!(count >= 6, "{count} procedural maps");
}

#[test]
fn some_shipped_maps_are_hexagons_of_both_layouts() {
    let mut shapes = Vec::new();
    for e in index() {
        let bytes = std::fs::read(maps_dir().join(&e.file)).unwrap();
        let shape = load_map(&e.file, &bytes).unwrap().shape();
        if shape.is_hex() {
            // The hex distance is the heuristic the CLI picks, and a path is found.
            assert_eq!(solve(&e.file, &[])["status"], "found", "{}", e.file);
            shapes.push(shape);
        }
    }
    assert!(shapes.contains(&Shape::HexRows) && shapes.contains(&Shape::HexColumns));
}
