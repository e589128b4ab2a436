//! One scenario table, run against every algorithm (as PathFinding.js does): each case gives
//! a map, a movement, a query and the answers worked out by hand — the optimal cost, the
//! fewest moves, or that there is no path.

mod common;

use common::{check_any_angle_path, check_path, grid, straight_line};
use pathlab::grid::{SEED_DIAGONAL_PENALTY, SQRT_2};
use pathlab::{
    new_search, Algorithm, Budget, CellState, Connectivity, DiagonalRule, Heuristic, Movement,
    NeighbourOrder, PlanError, Search, Searcher, Settings, Status,
};

struct Case {
    name: &'static str,
    map: &'static [&'static str],
    movement: Movement,
    start: (u32, u32),
    goal: (u32, u32),
    /// The optimal cost and the fewest moves, or `None` when the goal is unreachable.
    answer: Option<(f64, u64)>,
}

fn eight(rule: DiagonalRule, diagonal_cost: f64) -> Movement {
    Movement {
        connectivity: Connectivity::Eight,
        diagonal_rule: rule,
        diagonal_cost,
    }
}

fn moving_ai() -> Movement {
    Movement::default()
}

fn cases() -> Vec<Case> {
    use DiagonalRule::*;
    vec![
        Case {
            name: "a corridor",
            map: &["....."],
            movement: moving_ai(),
            start: (0, 0),
            goal: (4, 0),
            answer: Some((4.0, 4)),
        },
        Case {
            name: "start is the goal",
            map: &["."],
            movement: moving_ai(),
            start: (0, 0),
            goal: (0, 0),
            answer: Some((0.0, 0)),
        },
        Case {
            name: "a wall across a corridor",
            map: &["..#.."],
            movement: moving_ai(),
            start: (0, 0),
            goal: (4, 0),
            answer: None,
        },
        Case {
            name: "an open field, diagonals √2",
            map: &[".....", ".....", ".....", ".....", "....."],
            movement: moving_ai(),
            start: (0, 0),
            goal: (4, 2),
            answer: Some((2.0 + 2.0 * SQRT_2, 4)),
        },
        Case {
            name: "seed 003's diagonal penalty 1.4142",
            map: &["....", "....", "....", "...."],
            movement: eight(NoCornerCutting, SEED_DIAGONAL_PENALTY),
            start: (0, 0),
            goal: (3, 3),
            answer: Some((3.0 * SEED_DIAGONAL_PENALTY, 3)),
        },
        Case {
            name: "diagonal penalty off: Chebyshev distance (seed 004)",
            map: &[".....", ".....", "....."],
            movement: eight(NoCornerCutting, 1.0),
            start: (0, 0),
            goal: (4, 2),
            answer: Some((4.0, 4)),
        },
        Case {
            name: "no corner cutting goes round the corner",
            map: &[".#", ".."],
            movement: moving_ai(),
            start: (0, 0),
            goal: (1, 1),
            answer: Some((2.0, 2)),
        },
        Case {
            name: "one side free may cut the corner",
            map: &[".#", ".."],
            movement: eight(OneSideFree, SQRT_2),
            start: (0, 0),
            goal: (1, 1),
            answer: Some((SQRT_2, 1)),
        },
        Case {
            name: "no squeezing between diagonal walls",
            map: &[".#", "#."],
            movement: eight(OneSideFree, SQRT_2),
            start: (0, 0),
            goal: (1, 1),
            answer: None,
        },
        Case {
            name: "always squeezes between diagonal walls",
            map: &[".#", "#."],
            movement: eight(Always, SQRT_2),
            start: (0, 0),
            goal: (1, 1),
            answer: Some((SQRT_2, 1)),
        },
        Case {
            name: "diagonal rule never is 4-connected",
            map: &["...", "...", "..."],
            movement: eight(Never, SQRT_2),
            start: (0, 0),
            goal: (2, 2),
            answer: Some((4.0, 4)),
        },
        Case {
            name: "seed 002's wall, no corner clipping (costs 10/14 scaled to 1/1.4)",
            map: &[".....", "..#..", "..#..", "..#..", "....."],
            movement: eight(NoCornerCutting, 1.4),
            start: (1, 2),
            goal: (3, 2),
            answer: Some((6.0, 6)),
        },
        Case {
            name: "seed 002's wall when corners may be clipped",
            map: &[".....", "..#..", "..#..", "..#..", "....."],
            movement: eight(OneSideFree, 1.4),
            start: (1, 2),
            goal: (3, 2),
            answer: Some((4.8, 4)),
        },
        Case {
            name: "seed 001's 4-connected detour",
            map: &[".....", ".###.", "....."],
            movement: Movement::four(),
            start: (0, 1),
            goal: (4, 1),
            answer: Some((6.0, 6)),
        },
        Case {
            name: "expensive terrain is walked round",
            map: &[".....", ".444.", "....."],
            movement: moving_ai(),
            start: (0, 1),
            goal: (4, 1),
            answer: Some((2.0 + 2.0 * SQRT_2, 4)),
        },
        Case {
            name: "terrain cost is paid on entering a cell",
            map: &["232"],
            movement: moving_ai(),
            start: (0, 0),
            goal: (2, 0),
            answer: Some((5.0, 2)),
        },
        Case {
            name: "cheap terrain is worth a longer walk (4-connected)",
            map: &["...", "44.", "44.", "44.", "..."],
            movement: Movement::four(),
            start: (0, 0),
            goal: (0, 4),
            answer: Some((8.0, 4)),
        },
        Case {
            name: "an enclosed goal",
            map: &[".....", ".###.", ".#.#.", ".###.", "....."],
            movement: moving_ai(),
            start: (0, 0),
            goal: (2, 2),
            answer: None,
        },
    ]
}

fn run(case: &Case, settings: Settings) -> (Box<dyn Searcher>, Status) {
    let g = grid(case.map);
    let mut search = new_search(&g, case.start, case.goal, &settings)
        .unwrap_or_else(|e| panic!("{}: {e}", case.name));
    let status = search.run(&g, Budget::Unlimited, &|| 0.0).unwrap();
    (search, status)
}

#[test]
fn every_algorithm_on_every_case() {
    for case in cases() {
        let g = grid(case.map);
        for algorithm in Algorithm::ALL {
            if algorithm == Algorithm::Mesh {
                // Any-angle paths on a waypoint graph: see `a_star_on_a_mesh_on_every_case`.
                continue;
            }
            for order in [NeighbourOrder::Fixed, NeighbourOrder::GoalDirected] {
                let settings = Settings {
                    algorithm,
                    movement: case.movement,
                    neighbour_order: order,
                    ..Settings::default()
                };
                let what = format!("{} / {algorithm} / {order:?}", case.name);
                if let Some(why) = settings.unavailable_on(&g) {
                    // JPS, JPS+ and Theta* refuse weighted maps and other diagonal rules, in
                    // words: the algorithms whose table row says they need something.
                    let needs = algorithm.info().needs;
                    assert!(needs.uniform_cost || needs.moving_ai_movement, "{what}");
                    let err = new_search(&g, case.start, case.goal, &settings).unwrap_err();
                    assert_eq!(err.to_string(), why, "{what}");
                    continue;
                }
                let (search, status) = run(&case, settings);
                let Some((optimal, fewest_moves)) = case.answer else {
                    assert_eq!(status, Status::NoPath, "{what}");
                    assert!(search.path().is_empty(), "{what}");
                    continue;
                };
                assert_eq!(status, Status::Found, "{what}");
                if algorithm == Algorithm::Theta {
                    // Any-angle: clear segments, no shorter than the straight line, and no
                    // longer than the grid optimum when a diagonal step costs its length.
                    let cost = check_any_angle_path(&g, search.as_ref(), case.goal);
                    assert!(
                        cost >= straight_line(case.start, case.goal) - 1e-9,
                        "{what}"
                    );
                    if !case.movement.has_diagonals() || case.movement.diagonal_cost == SQRT_2 {
                        assert!(cost <= optimal + 1e-6, "{what}: {cost} > {optimal}");
                    }
                    continue;
                }
                let cost = check_path(&g, search.as_ref(), case.goal);
                let moves = search.stats().path_moves.unwrap();
                match algorithm {
                    Algorithm::Dijkstra
                    | Algorithm::AStar
                    | Algorithm::Jps
                    | Algorithm::JpsPlus
                    | Algorithm::JpsPlusBounded
                    | Algorithm::Jps2
                    | Algorithm::Jps2Plus
                    | Algorithm::Bidirectional
                    | Algorithm::Lpa
                    | Algorithm::DStarLite => {
                        assert!(
                            (cost - optimal).abs() < 1e-9,
                            "{what}: cost {cost}, optimal {optimal}"
                        )
                    }
                    Algorithm::BreadthFirst => assert_eq!(moves, fewest_moves, "{what}"),
                    Algorithm::BestFirst => assert!(cost >= optimal - 1e-9, "{what}"),
                    Algorithm::Mesh | Algorithm::Theta => unreachable!("checked above"),
                }
            }
        }
    }
}

#[test]
fn a_star_is_optimal_with_every_heuristic() {
    for case in cases() {
        let Some((optimal, _)) = case.answer else {
            continue;
        };
        for heuristic in Heuristic::ON_SQUARES {
            let settings = Settings {
                heuristic: Some(heuristic),
                movement: case.movement,
                ..Settings::default()
            };
            let (search, _) = run(&case, settings);
            let cost = search.stats().path_cost.unwrap();
            assert!(
                (cost - optimal).abs() < 1e-9,
                "{} / {heuristic}: {cost} vs {optimal}",
                case.name
            );
        }
    }
}

#[test]
fn start_and_goal_on_walls_or_outside_are_errors_with_messages() {
    let g = grid(&["..#", "..."]);
    let s = Settings::default();
    let err = Search::new(&g, (2, 0), (0, 0), &s).unwrap_err();
    assert_eq!(
        err,
        PlanError::OnWall {
            what: "start",
            at: (2, 0)
        }
    );
    assert_eq!(err.to_string(), "the start (2, 0) is on a wall");
    let err = Search::new(&g, (0, 0), (3, 1), &s).unwrap_err();
    assert_eq!(err.to_string(), "the goal (3, 1) is outside the 3×2 map");
    let bad = Settings {
        weight: f64::NAN,
        ..s
    };
    assert!(Search::new(&g, (0, 0), (1, 1), &bad).is_err());
}

#[test]
fn one_expansion_per_call_like_seed_003s_time_slice_minus_one() {
    let g = grid(&["....", "....", "...."]);
    let mut search = Search::new(&g, (0, 0), (3, 2), &Settings::default()).unwrap();
    for n in 1..=3 {
        assert_eq!(
            search.run(&g, Budget::Expansions(1), || 0.0).unwrap(),
            Status::Running
        );
        assert_eq!(search.stats().expanded, n);
        assert_eq!(search.stats().run_count, n);
        let closed = search
            .states()
            .iter()
            .filter(|&&s| s == CellState::Closed as u8)
            .count();
        assert_eq!(closed as u64, n);
    }
    assert_eq!(
        search.run(&g, Budget::Unlimited, || 0.0).unwrap(),
        Status::Found
    );
    let done = *search.stats();
    assert_eq!(
        search.run(&g, Budget::Expansions(1), || 0.0).unwrap(),
        Status::Found
    );
    assert_eq!(
        search.stats().run_count,
        done.run_count,
        "a finished search does no work"
    );
}

#[test]
fn a_time_slice_returns_and_the_search_resumes() {
    let g = pathlab::Grid::new(300, 300).unwrap();
    let mut search = Search::new(
        &g,
        (0, 0),
        (299, 299),
        &Settings {
            algorithm: Algorithm::Dijkstra,
            ..Settings::default()
        },
    )
    .unwrap();
    // A fake clock that advances 1 ms per reading: each call returns after one check.
    let t = std::cell::Cell::new(0.0);
    let clock = || {
        t.set(t.get() + 1.0);
        t.get()
    };
    let status = search.run(&g, Budget::Millis(1.0), clock).unwrap();
    assert_eq!(status, Status::Running);
    assert_eq!(
        search.stats().expanded,
        32,
        "one clock check per 32 expansions"
    );
    while search.run(&g, Budget::Millis(1.0), clock).unwrap() == Status::Running {}
    assert!(search.stats().run_count > 100);
    assert!((search.stats().path_cost.unwrap() - 299.0 * SQRT_2).abs() < 1e-9);
}

#[test]
fn the_node_budget_returns_a_partial_path_to_the_nearest_node() {
    let g = grid(&["..........", "..........", ".........."]);
    let settings = Settings {
        algorithm: Algorithm::BreadthFirst,
        node_budget: Some(5),
        ..Settings::default()
    };
    let mut search = Search::new(&g, (0, 1), (9, 1), &settings).unwrap();
    assert_eq!(
        search.run(&g, Budget::Unlimited, || 0.0).unwrap(),
        Status::Partial
    );
    assert_eq!(search.stats().expanded, 5);
    let end = *search.path_cells().last().unwrap();
    check_path(&g, &search, end);
    // BFS expands (0,1), then its successors N, E, S, NE: (1,1) is the nearest to the goal.
    assert_eq!(end, (1, 1));
}

#[test]
fn ties_prefer_larger_g_then_insertion_order() {
    // On an open field with A* and octile, every node on the straight line has the same f;
    // preferring larger g walks straight to the goal expanding only the line.
    let g = grid(&["..........", "..........", ".........."]);
    let mut search = Search::new(&g, (0, 1), (9, 1), &Settings::default()).unwrap();
    search.run(&g, Budget::Unlimited, || 0.0).unwrap();
    assert_eq!(search.stats().expanded, 10);
    // Breadth-First is a plain queue: the start's successors come out N, E, S first.
    let bfs = Settings {
        algorithm: Algorithm::BreadthFirst,
        ..Settings::default()
    };
    let mut search = Search::new(&g, (5, 1), (9, 1), &bfs).unwrap();
    search.keep_expansion_numbers(true);
    search.run(&g, Budget::Expansions(4), || 0.0).unwrap();
    let order: Vec<_> = [(5, 0), (6, 1), (5, 2)]
        .iter()
        .map(|&(x, y)| search.node(x, y).unwrap().expansion)
        .collect();
    assert_eq!(order, [Some(2), Some(3), Some(4)]);
}

#[test]
fn goal_directed_order_tries_the_goal_direction_first() {
    let g = grid(&[".....", ".....", "....."]);
    let settings = Settings {
        algorithm: Algorithm::BreadthFirst,
        neighbour_order: NeighbourOrder::GoalDirected,
        ..Settings::default()
    };
    // Goal straight below-right: BFS's second expansion is the first successor created.
    let mut search = Search::new(&g, (2, 1), (4, 2), &settings).unwrap();
    search.run(&g, Budget::Expansions(2), || 0.0).unwrap();
    assert_eq!(search.current(), Some((3, 2)), "SE first");
    let mut search = Search::new(&g, (2, 1), (0, 1), &settings).unwrap();
    search.run(&g, Budget::Expansions(2), || 0.0).unwrap();
    assert_eq!(search.current(), Some((1, 1)), "W first");
}

#[test]
fn node_inspector_reports_g_h_f_parent_and_order() {
    let g = grid(&["....", "...."]);
    let mut search = Search::new(&g, (0, 0), (3, 0), &Settings::default()).unwrap();
    search.keep_expansion_numbers(true);
    search.run(&g, Budget::Expansions(2), || 0.0).unwrap();
    let start = search.node(0, 0).unwrap();
    assert_eq!(start.g, Some(0.0));
    assert_eq!(start.parent, None);
    assert_eq!(start.expansion, Some(1));
    assert!((start.h - 3.0).abs() < 1e-6);
    let next = search.node(1, 0).unwrap();
    assert_eq!(next.parent, Some((0, 0)));
    assert_eq!(next.expansion, Some(2));
    assert!((next.f.unwrap() - 3.0).abs() < 1e-6);
    assert_eq!(search.node(3, 1).unwrap().state, CellState::Unvisited);
    assert!(search.node(4, 0).is_none());
    // Not asked for, expansion numbers are not kept (4 bytes a cell spared).
    let mut plain = Search::new(&g, (0, 0), (3, 0), &Settings::default()).unwrap();
    plain.run(&g, Budget::Expansions(2), || 0.0).unwrap();
    assert_eq!(plain.node(0, 0).unwrap().expansion, None);
    assert_eq!(plain.node(1, 0).unwrap().parent, Some((0, 0)));
}

#[test]
fn weighted_a_star_reopens_closed_nodes_and_stays_within_its_bound() {
    // A wall with a gap far from the straight line makes weighted A* close cells along a
    // poor route first and then find cheaper ways to them: seed 003's case 2.
    let map = [
        "....................",
        "....................",
        "..#################.",
        "..#...............#.",
        "..#.#############.#.",
        "..#.#...........#.#.",
        "..#.#.#########.#.#.",
        "....#.#.......#.#...",
        "......#.......#.....",
        "....................",
    ];
    let g = grid(&map);
    let (start, goal) = ((0, 0), (10, 8));
    let optimal = common::reference_cost(&g, &Movement::default(), start, goal).unwrap();
    let mut total_reopened = 0;
    for weight in [1.5, 2.0, 3.0, 5.0] {
        for heuristic in [
            Heuristic::Octile,
            Heuristic::Euclidean,
            Heuristic::Chebyshev,
        ] {
            let settings = Settings {
                weight,
                heuristic: Some(heuristic),
                ..Settings::default()
            };
            let mut search = Search::new(&g, start, goal, &settings).unwrap();
            assert_eq!(
                search.run(&g, Budget::Unlimited, || 0.0).unwrap(),
                Status::Found
            );
            let cost = check_path(&g, &search, goal);
            assert!(
                cost <= weight * optimal + 1e-9,
                "w={weight}: {cost} > w×{optimal}"
            );
            total_reopened += search.stats().reopened;
        }
    }
    assert!(total_reopened > 0, "weighted A* never re-opened a node");
}

#[test]
fn a_star_on_a_mesh_on_every_case() {
    use pathlab::grid::{distance, line_of_sight};
    for case in cases() {
        let g = grid(case.map);
        let settings = Settings {
            algorithm: Algorithm::Mesh,
            movement: case.movement,
            ..Settings::default()
        };
        let (search, status) = run(&case, settings);
        let what = format!("{} / mesh", case.name);
        if case.answer.is_none() {
            assert_eq!(status, Status::NoPath, "{what}");
            continue;
        }
        if status != Status::Found {
            // A visibility graph keeps off blocked corners, so it can miss grid paths that
            // squeeze diagonally (the cut-corner and always-diagonal cases).
            assert_ne!(
                case.movement.diagonal_rule,
                DiagonalRule::NoCornerCutting,
                "{what}"
            );
            continue;
        }
        let path = search.path_cells();
        assert_eq!(path.first(), Some(&case.start), "{what}");
        assert_eq!(path.last(), Some(&case.goal), "{what}");
        let mut length = 0.0;
        for pair in path.windows(2) {
            assert!(line_of_sight(&g, pair[0], pair[1]), "{what}: {pair:?}");
            length += distance(pair[0], pair[1]);
        }
        let cost = search.stats().path_cost.unwrap();
        assert!((cost - length).abs() < 1e-9, "{what}: {cost} vs {length}");
        assert!(cost >= distance(case.start, case.goal) - 1e-9, "{what}");
    }
}

#[test]
fn jps_is_refused_with_a_reason_once_terrain_is_painted_and_recovers_after_undo() {
    use pathlab::{Cell, Planner};
    let jps = Settings {
        algorithm: Algorithm::Jps,
        ..Settings::default()
    };
    let mut p = Planner::with_grid(grid(&["......", "......"]), (0, 0), (5, 1), jps).unwrap();
    assert_eq!(p.only_mut().step(Budget::Unlimited, || 0.0), Status::Found);
    p.set_cell(2, 0, Cell::Terrain(3));
    let why = p
        .only()
        .refused()
        .expect("JPS refused on a weighted map")
        .to_string();
    assert!(why.contains("uniform cost"), "{why}");
    assert_eq!(p.only_mut().step(Budget::Unlimited, || 0.0), Status::NoPath);
    assert!(p.undo());
    assert!(p.only().refused().is_none(), "uniform again: JPS runs");
    assert_eq!(
        p.only().search().status(),
        Status::Found,
        "re-planned at once"
    );
    let theta = Settings {
        algorithm: Algorithm::Theta,
        movement: Movement {
            diagonal_rule: DiagonalRule::Always,
            ..Movement::default()
        },
        ..Settings::default()
    };
    let err = p.only_mut().set_settings(theta).unwrap_err().to_string();
    assert!(err.contains("'always' diagonal rule"), "{err}");
}

#[test]
fn a_path_from_a_cell_to_itself_costs_zero_for_every_algorithm() {
    for shape in pathlab::grid::Shape::ALL {
        let g = pathlab::Grid::with_shape(5, 4, shape).unwrap();
        let mut ran = 0;
        for algorithm in Algorithm::ALL {
            let settings = Settings {
                algorithm,
                ..Settings::default()
            };
            if settings.unavailable_on(&g).is_some() {
                continue;
            }
            let mut search = new_search(&g, (2, 1), (2, 1), &settings).unwrap();
            let status = search.run(&g, Budget::Unlimited, &|| 0.0).unwrap();
            assert_eq!(status, Status::Found, "{algorithm} on {shape:?}");
            let cost = search.stats().path_cost.unwrap();
            // Not -0.0 (an empty f64 sum): it would print as "-0.000000" and "-0.0".
            assert!(
                cost == 0.0 && cost.is_sign_positive(),
                "{algorithm} on {shape:?}: {cost:?}"
            );
            assert_eq!(search.stats().path_moves, Some(0), "{algorithm}");
            let solved = pathlab::solve(&g, (2, 1), (2, 1), &settings).unwrap();
            assert!(solved.cost().unwrap().is_sign_positive(), "{algorithm}");
            ran += 1;
        }
        assert!(ran >= 7, "{shape:?}: {ran} algorithms ran");
    }
}
