//! Hexagonal maps against an independent reference: the reference below knows hexes only from
//! Red Blob Games' offset-coordinate neighbour tables (odd-r rows, odd-q columns) and plain
//! Dijkstra and BFS in `f64`, sharing no code with the engines' `Topology`. Every algorithm
//! that runs on hexes must find a legal path of the reference's optimal cost (Breadth-First:
//! of its fewest moves), agree on reachability, and keep doing so across edits (LPA*, D* Lite).

use pathlab::grid::{Cell, Grid, Shape};
use pathlab::{new_search, Algorithm, Budget, Heuristic, Planner, Searcher, Settings, Status};
use proptest::prelude::*;

mod common;

use common::{mesh_reference, plain_bfs, plain_dijkstra};

/// The six neighbours of (x, y) in offset coordinates, by the published tables.
fn reference_neighbours(shape: Shape, x: i64, y: i64) -> [(i64, i64); 6] {
    const ODD_R: [[(i64, i64); 6]; 2] = [
        [(1, 0), (0, -1), (-1, -1), (-1, 0), (-1, 1), (0, 1)],
        [(1, 0), (1, -1), (0, -1), (-1, 0), (0, 1), (1, 1)],
    ];
    const ODD_Q: [[(i64, i64); 6]; 2] = [
        [(1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (0, 1)],
        [(1, 1), (1, 0), (0, -1), (-1, 0), (-1, 1), (0, 1)],
    ];
    let table = match shape {
        Shape::HexRows => ODD_R[(y & 1) as usize],
        Shape::HexColumns => ODD_Q[(x & 1) as usize],
        Shape::Square => unreachable!("hex only"),
    };
    table.map(|(dx, dy)| (x + dx, y + dy))
}

/// The passable neighbours of a cell on the map.
fn open_neighbours(grid: &Grid, (x, y): (u32, u32)) -> Vec<(u32, u32)> {
    reference_neighbours(grid.shape(), i64::from(x), i64::from(y))
        .into_iter()
        .filter(|&(nx, ny)| grid.is_passable(nx, ny))
        .map(|(nx, ny)| (nx as u32, ny as u32))
        .collect()
}

fn terrain(grid: &Grid, (x, y): (u32, u32)) -> f64 {
    f64::from(grid.bytes()[(y * grid.width() + x) as usize])
}

/// The cheapest cost from `start` to `goal`, each step costing the terrain entered.
fn reference_cost(grid: &Grid, start: (u32, u32), goal: (u32, u32)) -> Option<f64> {
    let index = |c: (u32, u32)| (c.1 * grid.width() + c.0) as usize;
    plain_dijkstra(grid.len(), index(start), index(goal), |best| {
        open_neighbours(grid, grid.coords(best))
            .into_iter()
            .map(|next| (index(next), terrain(grid, next)))
            .collect()
    })
}

/// The fewest moves from `start` to `goal`.
fn reference_moves(grid: &Grid, start: (u32, u32), goal: (u32, u32)) -> Option<u64> {
    plain_bfs(grid, start, goal, |cell| open_neighbours(grid, cell))
}

/// Checks the path steps between reference neighbours from `start` to `goal` and that the
/// reported cost and moves are the path's; returns its cost.
fn check_path(grid: &Grid, search: &dyn Searcher, start: (u32, u32), goal: (u32, u32)) -> f64 {
    let path = search.path_cells();
    assert_eq!(path.first(), Some(&start));
    assert_eq!(path.last(), Some(&goal));
    let mut cost = 0.0;
    for pair in path.windows(2) {
        assert!(
            open_neighbours(grid, pair[0]).contains(&pair[1]),
            "{:?} → {:?} is not a step between hexes",
            pair[0],
            pair[1]
        );
        cost += terrain(grid, pair[1]);
    }
    let stats = search.stats();
    assert!((stats.path_cost.expect("a cost") - cost).abs() < 1e-9);
    assert_eq!(stats.path_moves, Some(path.len() as u64 - 1));
    cost
}

prop_compose! {
    fn hex_map()(width in 1u32..=14, height in 1u32..=14, walls in 0u32..45, rough in 0u32..30,
                 columns in any::<bool>())
        (cells in proptest::collection::vec(
            prop_oneof![walls => Just(0u8), 60 => Just(1u8), rough => 2u8..=4],
            (width * height) as usize),
         s in 0..(width * height), t in 0..(width * height),
         width in Just(width), height in Just(height), columns in Just(columns))
        -> (Grid, (u32, u32), (u32, u32))
    {
        let mut cells = cells;
        cells[s as usize] = cells[s as usize].max(1);
        cells[t as usize] = cells[t as usize].max(1);
        let shape = if columns { Shape::HexColumns } else { Shape::HexRows };
        let grid = Grid::from_bytes(width, height, cells).unwrap().into_shape(shape);
        let (start, goal) = (grid.coords(s as usize), grid.coords(t as usize));
        (grid, start, goal)
    }
}

/// Every algorithm the table lets run on hexes and that steps from hex to hex (the node mesh is
/// refused on hexes; its graph search is still held to its graph below).
fn hex_algorithms() -> Vec<Algorithm> {
    let hexes = Grid::with_shape(3, 3, Shape::HexRows).unwrap();
    Algorithm::ALL
        .into_iter()
        .filter(|&a| {
            Settings {
                algorithm: a,
                ..Settings::default()
            }
            .unavailable_on(&hexes)
            .is_none()
                && !a.info().any_angle
        })
        .collect()
}

/// The straight-line distance between hex centres, one step between neighbours, from axial
/// coordinates worked out here (not by the crate).
fn centre_distance(shape: Shape, a: (u32, u32), b: (u32, u32)) -> f64 {
    let axial = |(x, y): (u32, u32)| {
        let (x, y) = (i64::from(x), i64::from(y));
        match shape {
            Shape::HexRows => (x - (y - (y & 1)) / 2, y),
            _ => (x, y - (x - (x & 1)) / 2),
        }
    };
    let ((aq, ar), (bq, br)) = (axial(a), axial(b));
    let (dq, dr) = ((aq - bq) as f64, (ar - br) as f64);
    (dq * dq + dq * dr + dr * dr).sqrt()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn every_hex_algorithm_matches_the_reference((grid, start, goal) in hex_map()) {
        let optimal = reference_cost(&grid, start, goal);
        for algorithm in hex_algorithms() {
            for heuristic in [None, Some(Heuristic::Euclidean), Some(Heuristic::Zero)] {
                let settings = Settings { algorithm, heuristic, ..Settings::default() };
                let mut search = new_search(&grid, start, goal, &settings).unwrap();
                let status = search.run(&grid, Budget::Unlimited, &|| 0.0).unwrap();
                match optimal {
                    None => prop_assert_eq!(status, Status::NoPath, "{:?}", algorithm),
                    Some(optimal) => {
                        prop_assert_eq!(status, Status::Found, "{:?}", algorithm);
                        let cost = check_path(&grid, search.as_ref(), start, goal);
                        if algorithm == Algorithm::BreadthFirst {
                            let moves = reference_moves(&grid, start, goal).unwrap();
                            prop_assert_eq!(search.stats().path_moves, Some(moves));
                        } else if algorithm.info().optimal {
                            prop_assert!((cost - optimal).abs() < 1e-9,
                                "{:?} {:?}: {} vs {}", algorithm, heuristic, cost, optimal);
                        }
                    }
                }
            }
        }
    }

    /// `MeshSearch` is A* on whatever graph it is given, hexes included; the algorithm is
    /// refused on hexes because the generated graph can miss a way the hexes have
    /// (`the_node_mesh_is_refused_on_hexagons_where_its_graph_can_miss_a_way`).
    #[test]
    fn the_node_mesh_on_hexes_matches_a_plain_dijkstra_on_its_graph((grid, start, goal) in hex_map()) {
        use pathlab::mesh::{Mesh, MeshSearch};
        let mesh = Mesh::generate(&grid).unwrap();
        let want = mesh_reference(&grid, &mesh, start, goal, |a, b| centre_distance(grid.shape(), a, b));
        let settings = Settings { algorithm: Algorithm::Mesh, ..Settings::default() };
        let mut search = MeshSearch::new(&grid, start, goal, &settings, mesh).unwrap();
        let status = search.run(&grid, Budget::Unlimited, &|| 0.0).unwrap();
        match want {
            None => prop_assert_eq!(status, Status::NoPath),
            Some(want) => {
                prop_assert_eq!(status, Status::Found);
                let cost = search.stats().path_cost.unwrap();
                prop_assert!((cost - want).abs() < 1e-6, "{} vs {}", cost, want);
                prop_assert!(cost >= centre_distance(grid.shape(), start, goal) - 1e-9);
                // Where the mesh finds a way, the hexes join too.
                prop_assert!(reference_moves(&grid, start, goal).is_some());
            }
        }
    }

    #[test]
    fn live_replanning_on_hexes_matches_the_reference(
        (grid, start, goal) in hex_map(),
        edits in proptest::collection::vec((0u32..14, 0u32..14, 0u8..5), 1..6),
        algorithm in prop_oneof![Just(Algorithm::Lpa), Just(Algorithm::DStarLite), Just(Algorithm::AStar)],
    ) {
        let settings = Settings { algorithm, ..Settings::default() };
        let mut p = Planner::with_grid(grid, start, goal, settings).unwrap();
        p.only_mut().step(Budget::Unlimited, || 0.0);
        for (x, y, byte) in edits {
            let cell = Cell::from_byte(byte).unwrap();
            if (x, y) == start || (x, y) == goal {
                continue;
            }
            p.begin_stroke();
            p.paint_line((x, y), (x, y), 1, cell);
            p.end_stroke();
            p.only_mut().step(Budget::Unlimited, || 0.0);
            let grid = p.grid().clone();
            let want = reference_cost(&grid, start, goal);
            let search = p.only().search();
            match want {
                None => prop_assert_eq!(search.status(), Status::NoPath),
                Some(want) => {
                    prop_assert_eq!(search.status(), Status::Found);
                    let cost = check_path(&grid, search, start, goal);
                    prop_assert!((cost - want).abs() < 1e-9, "{:?}: {} vs {}", algorithm, cost, want);
                }
            }
        }
    }
}

#[test]
fn square_only_algorithms_and_heuristics_are_refused_with_reasons() {
    let hexes = Grid::with_shape(5, 5, Shape::HexColumns).unwrap();
    for algorithm in [
        Algorithm::Jps,
        Algorithm::JpsPlus,
        Algorithm::Jps2,
        Algorithm::Jps2Plus,
        Algorithm::Theta,
    ] {
        let why = Settings {
            algorithm,
            ..Settings::default()
        }
        .unavailable_on(&hexes)
        .expect("refused on hexes");
        assert!(why.contains("square cells"), "{why}");
    }
    let octile = Settings {
        heuristic: Some(Heuristic::Octile),
        ..Settings::default()
    };
    let err = octile.check_on(&hexes).unwrap_err().to_string();
    assert!(err.contains("hex distance"), "{err}");
    let hex_on_squares = Settings {
        heuristic: Some(Heuristic::Hex),
        ..Settings::default()
    };
    assert!(hex_on_squares.check_on(&Grid::new(5, 5).unwrap()).is_err());
    // A map of another shape loaded over such settings makes them fit.
    let fitted = Settings {
        algorithm: Algorithm::Jps,
        heuristic: Some(Heuristic::Octile),
        ..Settings::default()
    }
    .fitted_to(&hexes);
    assert_eq!(
        (fitted.algorithm, fitted.heuristic),
        (Algorithm::AStar, None)
    );
}

#[test]
fn a_star_on_an_open_hex_map_walks_the_hex_distance() {
    for shape in [Shape::HexRows, Shape::HexColumns] {
        let grid = Grid::with_shape(20, 15, shape).unwrap();
        let (start, goal) = ((1, 2), (17, 11));
        let mut search = new_search(&grid, start, goal, &Settings::default()).unwrap();
        assert_eq!(
            search.run(&grid, Budget::Unlimited, &|| 0.0).unwrap(),
            Status::Found
        );
        let moves = shape.hex_distance(start, goal);
        assert_eq!(search.stats().path_moves, Some(moves));
        assert_eq!(search.stats().path_cost, Some(moves as f64));
        // An exact heuristic and ties to the larger g: only the cells of one path expand.
        assert_eq!(search.stats().expanded, moves + 1, "{shape:?}");
    }
}

#[test]
fn every_generator_makes_hex_maps_with_joined_markers() {
    use pathlab::generate::{generate_shaped, Kind};
    for shape in [Shape::HexRows, Shape::HexColumns] {
        for kind in Kind::ALL {
            let density = kind.info().default_density;
            let made = generate_shaped(kind, 41, 27, shape, 11, density).unwrap();
            assert_eq!(made.grid.shape(), shape);
            assert_eq!(
                made,
                generate_shaped(kind, 41, 27, shape, 11, density).unwrap()
            );
            assert!(
                reference_moves(&made.grid, made.start, made.goal).is_some(),
                "{kind} on {shape:?}: start and goal joined"
            );
            if matches!(kind, Kind::DfsMaze | Kind::RecursiveDivision | Kind::Rooms) {
                assert!(made.grid.wall_count() > 41 * 27 / 10, "{kind} draws walls");
            }
        }
    }
}

#[test]
fn moving_ai_scenarios_are_refused_on_hexagons() {
    use pathlab::formats::movingai::parse_scen;
    let scen = parse_scen("version 1\n0\tm.map\t4\t4\t0\t0\t3\t3\t4.24264069\n").unwrap();
    let hexes = Grid::with_shape(4, 4, Shape::HexRows).unwrap();
    let err = pathlab::scenarios::fit(&scen, &hexes)
        .unwrap_err()
        .to_string();
    assert!(err.contains("hexagons"), "{err}");
    assert!(pathlab::scenarios::fit(&scen, &Grid::new(4, 4).unwrap()).is_ok());
}

#[test]
fn the_node_mesh_is_refused_on_hexagons_where_its_graph_can_miss_a_way() {
    // Issue 30's smallest case: A* finds cost 4 from (5, 2) to (2, 2); the mesh generated
    // from this map has no way, so A* on a node mesh would say "no path".
    let grid = pathlab::formats::movingai::parse_map(
        "type hex-rows\nheight 3\nwidth 6\nmap\n...@@.\n@.O...\n@.1.@.\n",
    )
    .unwrap();
    let (start, goal) = ((5, 2), (2, 2));
    let solved = pathlab::solve(&grid, start, goal, &Settings::default()).unwrap();
    assert_eq!(solved.cost(), Some(4.0));
    let mesh = Settings {
        algorithm: Algorithm::Mesh,
        ..Settings::default()
    };
    let why = mesh.unavailable_on(&grid).expect("refused on hexagons");
    assert!(why.starts_with("Node mesh A* needs square cells"), "{why}");
    let Err(err) = new_search(&grid, start, goal, &mesh) else {
        panic!("refused")
    };
    assert_eq!(err.to_string(), why);
    assert!(pathlab::solve(&grid, start, goal, &mesh).is_err());
    // The planner (the page, the JS API, embeds): no mesh algorithm, no mesh edits.
    let mut p = Planner::with_grid(grid, start, goal, Settings::default()).unwrap();
    assert_eq!(
        p.only_mut().set_settings(mesh).unwrap_err().to_string(),
        why
    );
    assert_eq!(p.generate_mesh().unwrap_err().to_string(), why);
    assert_eq!(p.add_mesh_node(1, 0).unwrap_err().to_string(), why);
    assert_eq!(p.set_mesh(&[(1, 0)], &[]).unwrap_err().to_string(), why);
    assert!(p.mesh().nodes().is_empty());
    p.set_mesh(&[], &[]).expect("clearing is always allowed");
    // Squares keep it.
    let squares = Grid::new(6, 3).unwrap();
    assert_eq!(mesh.unavailable_on(&squares), None);
}
