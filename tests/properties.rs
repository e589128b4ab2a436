//! Property tests against the deliberately simple reference in `common`: on random weighted
//! maps with random movement rules, every algorithm returns legal paths whose reported cost is
//! their exact cost; Dijkstra and A* (w = 1) are optimal with every heuristic; weighted A* is
//! within w × optimal; Breadth-First takes the fewest moves; all agree on reachability; and a
//! search stepped one expansion at a time ends exactly where an unlimited run does.

mod common;

use common::{
    check_any_angle_path, check_path, mesh_reference, reference_cost, reference_moves,
    straight_line,
};
use pathlab::{
    new_search, Algorithm, Budget, Connectivity, DiagonalRule, Grid, Heuristic, Movement,
    NeighbourOrder, Search, Searcher, Settings, Status,
};
use proptest::prelude::*;

#[derive(Debug, Clone)]
struct Problem {
    grid: Grid,
    start: (u32, u32),
    goal: (u32, u32),
    movement: Movement,
}

fn movement() -> impl Strategy<Value = Movement> {
    let rule = prop_oneof![
        Just(DiagonalRule::Never),
        Just(DiagonalRule::NoCornerCutting),
        Just(DiagonalRule::OneSideFree),
        Just(DiagonalRule::Always),
    ];
    let cost = prop_oneof![
        Just(std::f64::consts::SQRT_2),
        Just(pathlab::grid::SEED_DIAGONAL_PENALTY),
        Just(1.0),
        Just(1.5),
        Just(2.0),
        1.0f64..2.0,
    ];
    (any::<bool>(), rule, cost).prop_map(|(eight, diagonal_rule, diagonal_cost)| Movement {
        connectivity: if eight {
            Connectivity::Eight
        } else {
            Connectivity::Four
        },
        diagonal_rule,
        diagonal_cost,
    })
}

prop_compose! {
    fn problem()(width in 1u32..=12, height in 1u32..=12, walls in 0u32..45)
        (cells in proptest::collection::vec(
            prop_oneof![walls => Just(0u8), 60 => Just(1u8), 15 => 2u8..=4],
            (width * height) as usize),
         s in 0..(width * height), t in 0..(width * height),
         width in Just(width), height in Just(height), movement in movement())
        -> Problem
    {
        let mut cells = cells;
        cells[s as usize] = 1;
        cells[t as usize] = cells[t as usize].max(1);
        let grid = Grid::from_bytes(width, height, cells).unwrap();
        Problem { start: grid.coords(s as usize), goal: grid.coords(t as usize), grid, movement }
    }
}

fn solve(p: &Problem, settings: Settings) -> Search {
    let mut search = Search::new(&p.grid, p.start, p.goal, &settings).unwrap();
    search.run(&p.grid, Budget::Unlimited, || 0.0).unwrap();
    search
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn optimal_algorithms_match_the_reference(p in problem(), goal_directed in any::<bool>()) {
        let optimal = reference_cost(&p.grid, &p.movement, p.start, p.goal);
        let order = if goal_directed { NeighbourOrder::GoalDirected } else { NeighbourOrder::Fixed };
        let mut runs = vec![(Algorithm::Dijkstra, None)];
        runs.extend(Heuristic::ON_SQUARES.map(|h| (Algorithm::AStar, Some(h))));
        for (algorithm, heuristic) in runs {
            let search = solve(&p, Settings {
                algorithm, heuristic, movement: p.movement, neighbour_order: order,
                ..Settings::default()
            });
            match optimal {
                None => prop_assert_eq!(search.status(), Status::NoPath),
                Some(optimal) => {
                    prop_assert_eq!(search.status(), Status::Found);
                    let cost = check_path(&p.grid, &search, p.goal);
                    prop_assert!((cost - optimal).abs() <= 1e-6 * optimal.max(1.0),
                        "{:?} {:?}: {} vs optimal {}", algorithm, heuristic, cost, optimal);
                }
            }
        }
    }

    #[test]
    fn weighted_a_star_stays_within_w_times_optimal(
        p in problem(), weight in prop_oneof![Just(1.1), Just(1.5), Just(2.0), Just(5.0), 1.0f64..10.0],
    ) {
        let Some(optimal) = reference_cost(&p.grid, &p.movement, p.start, p.goal) else {
            return Ok(());
        };
        for heuristic in Heuristic::ON_SQUARES {
            let search = solve(&p, Settings {
                weight, heuristic: Some(heuristic), movement: p.movement, ..Settings::default()
            });
            prop_assert_eq!(search.status(), Status::Found);
            let cost = check_path(&p.grid, &search, p.goal);
            prop_assert!(cost <= weight * optimal * (1.0 + 1e-6) + 1e-9,
                "w={} {}: {} > w × {}", weight, heuristic, cost, optimal);
        }
    }

    #[test]
    fn breadth_first_takes_the_fewest_moves(p in problem()) {
        let fewest = reference_moves(&p.grid, &p.movement, p.start, p.goal);
        let search = solve(&p, Settings {
            algorithm: Algorithm::BreadthFirst, movement: p.movement, ..Settings::default()
        });
        match fewest {
            None => prop_assert_eq!(search.status(), Status::NoPath),
            Some(moves) => {
                prop_assert_eq!(search.status(), Status::Found);
                check_path(&p.grid, &search, p.goal);
                prop_assert_eq!(search.stats().path_moves, Some(moves));
            }
        }
    }

    #[test]
    fn best_first_finds_a_legal_path_whenever_one_exists(p in problem(), weight in 0.0f64..4.0) {
        let reachable = reference_moves(&p.grid, &p.movement, p.start, p.goal).is_some();
        let search = solve(&p, Settings {
            algorithm: Algorithm::BestFirst, weight, movement: p.movement, ..Settings::default()
        });
        prop_assert_eq!(search.status() == Status::Found, reachable);
        if reachable {
            check_path(&p.grid, &search, p.goal);
        }
    }

    #[test]
    fn stepping_one_at_a_time_ends_where_an_unlimited_run_does(
        p in problem(), algorithm in prop_oneof![
            Just(Algorithm::BreadthFirst), Just(Algorithm::BestFirst),
            Just(Algorithm::Dijkstra), Just(Algorithm::AStar)],
        weight in prop_oneof![Just(1.0), Just(3.0)],
    ) {
        let settings = Settings { algorithm, weight, movement: p.movement, ..Settings::default() };
        let whole = solve(&p, settings);
        let mut stepped = Search::new(&p.grid, p.start, p.goal, &settings).unwrap();
        let mut calls = 0;
        while stepped.run(&p.grid, Budget::Expansions(1), || 0.0).unwrap() == Status::Running {
            calls += 1;
            prop_assert_eq!(stepped.stats().expanded, calls);
        }
        prop_assert_eq!(stepped.status(), whole.status());
        prop_assert_eq!(stepped.states(), whole.states());
        prop_assert_eq!(stepped.path(), whole.path());
        prop_assert_eq!(stepped.stats().expanded, whole.stats().expanded);
        prop_assert_eq!(stepped.stats().generated, whole.stats().generated);
    }

    #[test]
    fn a_node_budget_gives_a_legal_partial_path(p in problem(), budget in 1u64..20) {
        let settings = Settings { node_budget: Some(budget), movement: p.movement, ..Settings::default() };
        let search = solve(&p, settings);
        prop_assert!(search.stats().expanded <= budget);
        match search.status() {
            Status::Found => { check_path(&p.grid, &search, p.goal); }
            Status::Partial => {
                let end = *search.path_cells().last().unwrap();
                check_path(&p.grid, &search, end);
                prop_assert_eq!(search.stats().expanded, budget);
            }
            Status::NoPath => prop_assert!(search.path().is_empty()),
            Status::Running => prop_assert!(false, "an unlimited run finished"),
        }
    }
}

/// One edit of a live-replanning sequence: set a cell (its index modulo the map size) to a
/// byte, then give the search a few expansions (0 = run to the end) before the next edit.
type LiveEdit = (u32, u8, u8);

fn live_edits() -> impl Strategy<Value = Vec<LiveEdit>> {
    proptest::collection::vec(
        (
            any::<u32>(),
            prop_oneof![3 => Just(0u8), 2 => Just(1u8), 1 => 2u8..=4],
            0u8..6,
        ),
        1..10,
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// LPA* and D* Lite repair after every edit (also mid-search) to the reference's cost on
    /// the edited map, and D* Lite keeps it while its start walks the path.
    #[test]
    fn live_replanning_matches_the_reference_after_every_edit(
        p in problem(),
        edits in live_edits(),
        h in 0usize..Heuristic::ON_SQUARES.len(),
        dstar in any::<bool>(),
        walk in any::<bool>(),
    ) {
        use pathlab::search::incremental::{Incremental, Mode};
        let mode = if dstar { Mode::DStarLite } else { Mode::Lpa };
        let settings = Settings {
            heuristic: Some(Heuristic::ON_SQUARES[h]),
            movement: p.movement,
            ..Settings::default()
        };
        let mut grid = p.grid.clone();
        let mut inc = Incremental::new(mode, &grid, p.start, p.goal, &settings).unwrap();
        for (i, (at, byte, budget)) in edits.into_iter().enumerate() {
            if budget > 0 {
                inc.run(&grid, Budget::Expansions(u64::from(budget)), || 0.0).unwrap();
            }
            let cell = grid.coords((at as usize) % grid.len());
            if cell == inc.start() || cell == p.goal {
                continue;
            }
            grid.set(i64::from(cell.0), i64::from(cell.1), pathlab::Cell::from_byte(byte).unwrap());
            inc.cells_changed(&grid, &[cell]);
            let status = inc.run(&grid, Budget::Unlimited, || 0.0).unwrap();
            let want = reference_cost(&grid, &p.movement, inc.start(), p.goal);
            match want {
                None => prop_assert_eq!(status, Status::NoPath),
                Some(want) => {
                    prop_assert_eq!(status, Status::Found);
                    let path = inc.path_cells();
                    prop_assert_eq!(path.first(), Some(&inc.start()));
                    prop_assert_eq!(path.last(), Some(&p.goal));
                    let cost = pathlab::grid::Topology::of(&grid, &p.movement).path_cost(grid.bytes(), &path);
                    prop_assert!(cost.is_some_and(|c| (c - want).abs() < 1e-6), "{:?} vs {}", cost, want);
                    let got = inc.stats().path_cost.unwrap();
                    prop_assert!((got - want).abs() < 1e-6, "{:?} edit {}: {} vs {}", mode, i, got, want);
                    if walk && dstar && path.len() > 1 {
                        inc.move_start(&grid, path[1]).unwrap();
                    }
                }
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// A* on a node mesh: on the map's visibility graph, with a random hand-made mesh added,
    /// it finds the reference Dijkstra's cost over the same graph, its path's segments are all
    /// in line of sight, and it is never shorter than the straight line.
    #[test]
    fn mesh_a_star_matches_a_plain_dijkstra_on_the_same_graph(
        p in problem(),
        extra in proptest::collection::vec((any::<u32>(), any::<u32>()), 0..6),
        generate in any::<bool>(),
    ) {
        use pathlab::grid::{distance, line_of_sight};
        use pathlab::mesh::{Mesh, MeshSearch};
        use pathlab::Searcher;
        let mut mesh = if generate { Mesh::generate(&p.grid).unwrap() } else { Mesh::new() };
        for (a, b) in extra {
            let cells = p.grid.len();
            let ca = p.grid.coords(a as usize % cells);
            let cb = p.grid.coords(b as usize % cells);
            if let (Ok(i), Ok(j)) = (mesh.add_node(&p.grid, ca.0, ca.1), mesh.add_node(&p.grid, cb.0, cb.1)) {
                let _ = mesh.connect(&p.grid, i, j);
            }
        }
        for &(a, b) in mesh.edges() {
            prop_assert!(line_of_sight(&p.grid, mesh.nodes()[a as usize], mesh.nodes()[b as usize]));
        }
        let want = mesh_reference(&p.grid, &mesh, p.start, p.goal, pathlab::grid::distance);
        let settings = Settings { algorithm: Algorithm::Mesh, ..Settings::default() };
        let mut search = MeshSearch::new(&p.grid, p.start, p.goal, &settings, mesh).unwrap();
        let status = search.run(&p.grid, Budget::Expansions(3), &|| 0.0).unwrap();
        let status = if status == Status::Running {
            search.run(&p.grid, Budget::Unlimited, &|| 0.0).unwrap()
        } else {
            status
        };
        match want {
            None => prop_assert_eq!(status, Status::NoPath),
            Some(want) => {
                prop_assert_eq!(status, Status::Found);
                let cost = search.stats().path_cost.unwrap();
                prop_assert!((cost - want).abs() < 1e-6, "{} vs {}", cost, want);
                prop_assert!(cost >= distance(p.start, p.goal) - 1e-9);
                let path = search.path_nodes();
                for pair in path.windows(2) {
                    prop_assert!(line_of_sight(&p.grid, pair[0], pair[1]));
                }
            }
        }
    }
}

/// A uniform-cost map (walls and cost-1 cells only) with Moving AI movement (any diagonal
/// cost) or 4-connected movement: where Jump Point Search and Theta* apply.
fn uniform_problem(max_side: u32) -> impl Strategy<Value = Problem> {
    (
        1u32..=max_side,
        1u32..=max_side,
        0u32..45,
        any::<bool>(),
        1.0f64..=2.0,
    )
        .prop_flat_map(move |(width, height, walls, eight, diagonal_cost)| {
            let n = width * height;
            (
                proptest::collection::vec(
                    prop_oneof![walls => Just(0u8), 60 => Just(1u8)],
                    n as usize,
                ),
                0..n,
                0..n,
                prop_oneof![Just(std::f64::consts::SQRT_2), Just(diagonal_cost)],
            )
                .prop_map(move |(mut cells, s, t, diagonal_cost)| {
                    cells[s as usize] = 1;
                    cells[t as usize] = 1;
                    let grid = Grid::from_bytes(width, height, cells).unwrap();
                    let movement = if eight {
                        Movement {
                            diagonal_cost,
                            ..Movement::default()
                        }
                    } else {
                        Movement::four()
                    };
                    Problem {
                        start: grid.coords(s as usize),
                        goal: grid.coords(t as usize),
                        grid,
                        movement,
                    }
                })
        })
}

fn solve_any(p: &Problem, settings: Settings) -> Box<dyn Searcher> {
    let mut search = new_search(&p.grid, p.start, p.goal, &settings).unwrap();
    search.run(&p.grid, Budget::Unlimited, &|| 0.0).unwrap();
    search
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    #[test]
    fn jump_point_search_and_jps_plus_are_optimal(p in uniform_problem(24), goal_directed in any::<bool>()) {
        let optimal = reference_cost(&p.grid, &p.movement, p.start, p.goal);
        let order = if goal_directed { NeighbourOrder::GoalDirected } else { NeighbourOrder::Fixed };
        for algorithm in [
            Algorithm::Jps,
            Algorithm::JpsPlus,
            Algorithm::JpsPlusBounded,
            Algorithm::Jps2,
            Algorithm::Jps2Plus,
        ] {
            let search = solve_any(&p, Settings {
                algorithm, movement: p.movement, neighbour_order: order,
                ..Settings::default()
            });
            match optimal {
                None => prop_assert_eq!(search.status(), Status::NoPath),
                Some(optimal) => {
                    prop_assert_eq!(search.status(), Status::Found);
                    let cost = check_path(&p.grid, search.as_ref(), p.goal);
                    prop_assert!((cost - optimal).abs() <= 1e-6 * optimal.max(1.0),
                        "{:?} {} vs optimal {}", algorithm, cost, optimal);
                }
            }
        }
    }

    #[test]
    fn bidirectional_a_star_is_optimal(p in problem()) {
        let optimal = reference_cost(&p.grid, &p.movement, p.start, p.goal);
        for heuristic in Heuristic::ON_SQUARES {
            let search = solve_any(&p, Settings {
                algorithm: Algorithm::Bidirectional, heuristic: Some(heuristic),
                movement: p.movement, ..Settings::default()
            });
            match optimal {
                None => prop_assert_eq!(search.status(), Status::NoPath),
                Some(optimal) => {
                    prop_assert_eq!(search.status(), Status::Found);
                    let cost = check_path(&p.grid, search.as_ref(), p.goal);
                    prop_assert!((cost - optimal).abs() <= 1e-6 * optimal.max(1.0),
                        "{}: {} vs optimal {}", heuristic, cost, optimal);
                }
            }
        }
    }

    #[test]
    fn theta_star_paths_are_clear_and_no_longer_than_the_grid_optimum(p in uniform_problem(20)) {
        let optimal = reference_cost(&p.grid, &p.movement, p.start, p.goal);
        let search = solve_any(&p, Settings {
            algorithm: Algorithm::Theta, movement: p.movement, ..Settings::default()
        });
        match optimal {
            None => prop_assert_eq!(search.status(), Status::NoPath),
            Some(optimal) => {
                prop_assert_eq!(search.status(), Status::Found);
                let cost = check_any_angle_path(&p.grid, search.as_ref(), p.goal);
                prop_assert!(cost >= straight_line(p.start, p.goal) - 1e-9);
                if !p.movement.has_diagonals() || p.movement.diagonal_cost >= std::f64::consts::SQRT_2 {
                    prop_assert!(cost <= optimal + 1e-6, "Theta* {} > grid optimum {}", cost, optimal);
                }
            }
        }
    }

    #[test]
    fn new_algorithms_stepped_one_expansion_at_a_time_end_like_a_full_run(p in uniform_problem(16)) {
        for algorithm in [Algorithm::Jps, Algorithm::Bidirectional, Algorithm::Theta] {
            let settings = Settings { algorithm, movement: p.movement, ..Settings::default() };
            let full = solve_any(&p, settings);
            let mut stepped = new_search(&p.grid, p.start, p.goal, &settings).unwrap();
            let mut calls = 0;
            while !stepped.run(&p.grid, Budget::Expansions(1), &|| 0.0).unwrap().is_done() {
                calls += 1;
                prop_assert!(calls <= 10 * p.grid.len() + 10);
            }
            prop_assert_eq!(stepped.status(), full.status());
            prop_assert_eq!(stepped.path(), full.path());
            prop_assert_eq!(stepped.stats().expanded, full.stats().expanded);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Compare mode's lanes: after random edits, undos and redos made through random lanes
    /// (some mid-search, some while scrubbed back), every lane shows the same map and markers,
    /// and its search, run to the end, costs what the reference says on that map.
    #[test]
    fn every_lane_plans_on_the_one_edited_map(
        p in problem(),
        edits in live_edits(),
        algorithms in proptest::collection::vec(
            prop_oneof![
                Just(Algorithm::AStar),
                Just(Algorithm::Dijkstra),
                Just(Algorithm::Bidirectional),
                Just(Algorithm::Lpa),
                Just(Algorithm::DStarLite),
            ],
            2..=4,
        ),
        undos in proptest::collection::vec(any::<bool>(), 10),
    ) {
        let settings = |algorithm| Settings { algorithm, movement: p.movement, ..Settings::default() };
        let mut planner =
            pathlab::Planner::with_grid(p.grid.clone(), p.start, p.goal, settings(algorithms[0])).unwrap();
        let mut lanes = planner.lane_ids();
        for &a in &algorithms[1..] {
            let lane = planner.add_lane(lanes[0]).unwrap();
            planner.lane_mut(lane).unwrap().set_settings(settings(a)).unwrap();
            lanes.push(lane);
        }
        for (i, (at, byte, budget)) in edits.into_iter().enumerate() {
            let mut lane = planner.lane_mut(lanes[i % lanes.len()]).unwrap();
            if budget > 0 {
                lane.step(Budget::Expansions(u64::from(budget)), || 0.0);
            }
            if budget == 5 {
                lane.seek(usize::from(budget) / 2);
            }
            let (x, y) = planner.grid().coords((at as usize) % planner.grid().len());
            planner.paint_line((x, y), (x, y), 1, pathlab::Cell::from_byte(byte).unwrap());
            if undos[i] {
                planner.undo();
                if i % 3 == 0 {
                    planner.redo();
                }
            }
        }
        let grid = planner.grid().clone();
        let want = reference_cost(&grid, &p.movement, planner.start(), planner.goal());
        for &lane in &lanes {
            prop_assert_eq!(planner.grid(), &grid);
            let start = planner.start();
            let mut lane = planner.lane_mut(lane).unwrap();
            prop_assert_eq!(lane.get().search().start(), start);
            // A lane scrubbed back first returns to its live search, then runs it.
            lane.seek(usize::MAX);
            let status = lane.step(Budget::Unlimited, || 0.0);
            match want {
                None => prop_assert_eq!(status, Status::NoPath),
                Some(want) => {
                    let algorithm = lane.get().settings().algorithm;
                    prop_assert_eq!(status, Status::Found, "{:?}", algorithm);
                    let got = lane.get().search().stats().path_cost.unwrap();
                    prop_assert!((got - want).abs() < 1e-6, "{:?}: {} vs {}", algorithm, got, want);
                }
            }
        }
    }
}

/// A restart puts back only the cells the last search touched (when it touched few): the
/// state bytes after a restart, and after the search that follows, must be a fresh search's,
/// recorded (scanned cells painted) or not, long searches and short ones in turn.
#[test]
fn a_restarted_search_paints_what_a_fresh_one_paints() {
    let (w, h) = (96u32, 80u32);
    let mut rng = pathlab::rng::SplitMix64::new(0x2545_f491_4f6c_dd1d);
    let mut next = move || rng.next_u64();
    let cells: Vec<u8> = (0..w * h).map(|_| u8::from(next() % 100 >= 22)).collect();
    let grid = Grid::from_bytes(w, h, cells).unwrap();
    let free: Vec<(u32, u32)> = (0..grid.len())
        .filter(|&i| grid.bytes()[i] != 0)
        .map(|i| grid.coords(i))
        .collect();
    for algorithm in [
        Algorithm::AStar,
        Algorithm::Dijkstra,
        Algorithm::Jps,
        Algorithm::JpsPlus,
        Algorithm::Jps2,
        Algorithm::Jps2Plus,
        Algorithm::Theta,
    ] {
        for recorded in [false, true] {
            let settings = Settings {
                algorithm,
                ..Settings::default()
            };
            let mut reused = new_search(&grid, free[0], free[0], &settings).unwrap();
            for q in 0..40 {
                let start = free[(next() % free.len() as u64) as usize];
                // Every other query is short: a goal a few cells away.
                let goal = if q % 2 == 0 {
                    free[(next() % free.len() as u64) as usize]
                } else {
                    let near: Vec<_> = free
                        .iter()
                        .filter(|&&(x, y)| x.abs_diff(start.0) + y.abs_diff(start.1) <= 4)
                        .collect();
                    *near[(next() % near.len() as u64) as usize]
                };
                pathlab::restart_search(&mut reused, &grid, start, goal, &settings).unwrap();
                let mut fresh = new_search(&grid, start, goal, &settings).unwrap();
                if recorded {
                    let stats = *reused.stats();
                    reused.recorder().start(&stats);
                    let stats = *fresh.stats();
                    fresh.recorder().start(&stats);
                }
                assert!(
                    reused.states() == fresh.states(),
                    "{algorithm:?} query {q}: restart"
                );
                reused.run(&grid, Budget::Unlimited, &|| 0.0).unwrap();
                fresh.run(&grid, Budget::Unlimited, &|| 0.0).unwrap();
                assert!(
                    reused.states() == fresh.states(),
                    "{algorithm:?} query {q}: run"
                );
                assert_eq!(reused.path(), fresh.path());
            }
        }
    }
}

/// A search stepped a few expansions at a time past a sixteenth of the map (where its list
/// of touched cells stops growing) and restarted for a short query paints what a fresh
/// search paints, at the restart and after the run.
#[test]
fn a_restart_after_a_search_stepped_over_much_of_the_map_paints_what_a_fresh_one_paints() {
    let grid = Grid::new(64, 64).unwrap();
    for algorithm in [Algorithm::Dijkstra, Algorithm::AStar, Algorithm::Jps] {
        let settings = Settings {
            algorithm,
            ..Settings::default()
        };
        let mut reused = new_search(&grid, (0, 0), (63, 63), &settings).unwrap();
        while !reused.status().is_done() {
            reused.run(&grid, Budget::Expansions(37), &|| 0.0).unwrap();
        }
        pathlab::restart_search(&mut reused, &grid, (5, 5), (7, 6), &settings).unwrap();
        let mut fresh = new_search(&grid, (5, 5), (7, 6), &settings).unwrap();
        assert!(reused.states() == fresh.states(), "{algorithm:?}: restart");
        reused.run(&grid, Budget::Unlimited, &|| 0.0).unwrap();
        fresh.run(&grid, Budget::Unlimited, &|| 0.0).unwrap();
        assert!(reused.states() == fresh.states(), "{algorithm:?}: run");
        assert_eq!(reused.path(), fresh.path());
    }
}

/// JPS and JPS+ end a query from the start when the direct path to the goal (diagonal steps,
/// then straight ones) is clear: the start and the goal are the only expansions, and the path
/// is that direct path, filled cell by cell, at the octile cost.
#[test]
fn a_clear_direct_path_ends_jump_point_search_at_once() {
    let grid = Grid::new(20, 12).unwrap();
    for algorithm in [
        Algorithm::Jps,
        Algorithm::JpsPlus,
        Algorithm::JpsPlusBounded,
        Algorithm::Jps2,
        Algorithm::Jps2Plus,
    ] {
        let settings = Settings {
            algorithm,
            ..Settings::default()
        };
        let mut search = new_search(&grid, (1, 2), (15, 7), &settings).unwrap();
        search.run(&grid, Budget::Unlimited, &|| 0.0).unwrap();
        assert_eq!(search.status(), Status::Found);
        assert_eq!(search.stats().expanded, 2, "{algorithm:?}");
        assert_eq!(search.path().len(), 15, "{algorithm:?}: one cell a step");
        let cost = 5.0 * std::f64::consts::SQRT_2 + 9.0;
        assert!((search.stats().path_cost.unwrap() - cost).abs() < 1e-6);
    }
}

/// JPS+ with goal bounding after edits: every edit (walls drawn and erased, an undo) makes
/// its boxes stale, and the planner's next search rebuilds them, so the cost it finds is
/// always A*'s on the edited map, never one the old boxes would give.
#[test]
fn goal_bounding_never_answers_from_boxes_an_edit_made_stale() {
    let mut seed = 0x5eed_b0c5_u64;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let (w, h) = (26, 18);
    let mut bytes = vec![1u8; (w * h) as usize];
    for b in bytes.iter_mut() {
        if next() % 100 < 22 {
            *b = 0;
        }
    }
    let (start, goal) = ((0, 0), (w - 1, h - 1));
    bytes[0] = 1;
    bytes[(w * h - 1) as usize] = 1;
    let grid = Grid::from_bytes(w, h, bytes).unwrap();
    let settings = Settings {
        algorithm: Algorithm::JpsPlusBounded,
        ..Settings::default()
    };
    let mut planner = pathlab::Planner::with_grid(grid, start, goal, settings).unwrap();
    let astar = Settings::default();
    for round in 0..60 {
        planner.only_mut().step(Budget::Unlimited, || 0.0);
        let grid = planner.grid().clone();
        let mut reference = new_search(&grid, start, goal, &astar).unwrap();
        reference.run(&grid, Budget::Unlimited, &|| 0.0).unwrap();
        let lane = planner.only();
        let search = lane.search();
        assert_eq!(search.status(), reference.status(), "round {round}");
        let (got, want) = (search.stats().path_cost, reference.stats().path_cost);
        assert!(
            got.zip(want).is_none_or(|(a, b)| (a - b).abs() < 1e-9)
                && got.is_some() == want.is_some(),
            "round {round}: {got:?} against A*'s {want:?}"
        );
        // A stroke of walls or of floor across the map, or now and then an undo.
        let (x0, y0, x1, y1) = (
            next() % w as u64,
            next() % h as u64,
            next() % w as u64,
            next() % h as u64,
        );
        if round % 7 == 6 {
            planner.undo();
        } else {
            let cell = if next() % 3 == 0 {
                pathlab::Cell::OPEN
            } else {
                pathlab::Cell::Wall
            };
            planner.paint_line((x0 as u32, y0 as u32), (x1 as u32, y1 as u32), 1, cell);
        }
    }
}

/// JPS2 and JPS2+ prune the diagonal jump points whose only job is to turn into a straight
/// jump: on a room with pillars, where JPS's diagonals stop beside every pillar, they expand
/// fewer jump points than JPS and JPS+ for the same optimal path.
#[test]
fn jps2_expands_fewer_jump_points_than_jps() {
    let g = common::grid(&[
        "........................",
        "........................",
        "...#.....#.....#.....#..",
        "........................",
        "........................",
        "......#.....#.....#.....",
        "........................",
        "........................",
        "...#.....#.....#.....#..",
        "........................",
        "........................",
        "......#.....#.....#.....",
        "........................",
        "###################.####",
        "........................",
    ]);
    let (start, goal) = ((0, 0), (23, 14));
    let optimal = reference_cost(&g, &Movement::default(), start, goal).unwrap();
    let mut expanded = Vec::new();
    for algorithm in [
        Algorithm::Jps,
        Algorithm::Jps2,
        Algorithm::JpsPlus,
        Algorithm::Jps2Plus,
    ] {
        let settings = Settings {
            algorithm,
            ..Settings::default()
        };
        let mut search = new_search(&g, start, goal, &settings).unwrap();
        assert_eq!(
            search.run(&g, Budget::Unlimited, &|| 0.0).unwrap(),
            Status::Found
        );
        let cost = check_path(&g, search.as_ref(), goal);
        assert!((cost - optimal).abs() < 1e-9, "{algorithm:?}: {cost}");
        expanded.push(search.stats().expanded);
    }
    eprintln!("expanded: JPS, JPS2, JPS+, JPS2+ = {expanded:?}");
    assert!(expanded[1] < expanded[0], "JPS2 {expanded:?}");
    assert!(expanded[3] < expanded[2], "JPS2+ {expanded:?}");
}
