//! "Generate from map" on every shipped map of square cells (`maps/`, issue 26 point 10: it
//! used to refuse Obstacles 128 for its 5,344 corners): the node mesh is made, holds at most
//! `MAX_NODES` nodes, its edges are in line of sight, and on the maps up to 128² A* on it
//! finds a path between the map's own start and goal wherever A* on the grid does.

use pathlab::formats::load_map;
use pathlab::grid::line_of_sight;
use pathlab::mesh::{Mesh, MeshSearch, MAX_NODES};
use pathlab::{solve, Budget, Settings, Status};
use std::fs;
use std::path::Path;
use std::time::Instant;

/// A shipped map's file, start and goal.
type Shipped = (String, (u32, u32), (u32, u32));

/// The shipped maps' index.
fn index() -> Vec<Shipped> {
    let text =
        fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/index.json")).unwrap();
    let rows: Vec<serde_json::Value> = serde_json::from_str(&text).unwrap();
    let at = |v: &serde_json::Value| (v[0].as_u64().unwrap() as u32, v[1].as_u64().unwrap() as u32);
    rows.iter()
        .map(|r| {
            (
                r["file"].as_str().unwrap().to_string(),
                at(&r["start"]),
                at(&r["goal"]),
            )
        })
        .collect()
}

#[test]
fn a_node_mesh_is_generated_on_every_shipped_square_map() {
    let maps = index();
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("maps");
    let mut square = 0;
    for entry in fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        if !name.ends_with(".map") {
            continue;
        }
        let grid = load_map(&name, &fs::read(&path).unwrap()).unwrap();
        if grid.shape().is_hex() {
            continue;
        }
        square += 1;
        let t0 = Instant::now();
        let mesh = Mesh::generate(&grid).unwrap_or_else(|e| panic!("{name}: {e}"));
        let ms = t0.elapsed().as_secs_f64() * 1000.0;
        println!(
            "{name}: {} nodes, {} edges, {ms:.0} ms",
            mesh.nodes().len(),
            mesh.edges().len()
        );
        assert!(mesh.nodes().len() <= MAX_NODES, "{name}");
        for &(a, b) in mesh.edges().iter().step_by(1 + mesh.edges().len() / 5000) {
            let (pa, pb) = (mesh.nodes()[a as usize], mesh.nodes()[b as usize]);
            assert!(line_of_sight(&grid, pa, pb), "{name}: {pa:?}–{pb:?}");
        }
        let Some((_, start, goal)) = maps.iter().find(|m| m.0 == name) else {
            continue;
        };
        if grid.width() * grid.height() > 128 * 128 {
            continue;
        }
        let on_grid = solve(&grid, *start, *goal, &Settings::default())
            .unwrap()
            .status;
        let mut search = MeshSearch::new(&grid, *start, *goal, &Settings::default(), mesh).unwrap();
        let on_mesh = search.run(&grid, Budget::Unlimited, &|| 0.0).unwrap();
        assert_eq!(
            on_mesh == Status::Found,
            on_grid == Status::Found,
            "{name}: mesh {on_mesh:?}, grid {on_grid:?}"
        );
    }
    assert!(square >= 15, "{square} square maps");
}
