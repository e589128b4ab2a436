//! Property tests against the deliberately simple reference in `common`: on random weighted
//! maps with random movement rules, every algorithm returns legal paths whose reported cost is
//! their exact cost; Dijkstra and A* (w = 1) are optimal with every heuristic; weighted A* is
//! within w × optimal; Breadth-First takes the fewest moves; all agree on reachability; and a
//! search stepped one expansion at a time ends exactly where an unlimited run does.

mod common;

use common::{check_path, reference_cost, reference_moves};
use pathlab::{
    Algorithm, Budget, Connectivity, DiagonalRule, Grid, Heuristic, Movement, NeighbourOrder,
    Search, Settings, Status,
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
        runs.extend(Heuristic::ALL.map(|h| (Algorithm::AStar, Some(h))));
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
        for heuristic in Heuristic::ALL {
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
        h in 0usize..Heuristic::ALL.len(),
        dstar in any::<bool>(),
        walk in any::<bool>(),
    ) {
        use pathlab::search::incremental::{Incremental, Mode};
        let mode = if dstar { Mode::DStarLite } else { Mode::Lpa };
        let settings = Settings {
            heuristic: Some(Heuristic::ALL[h]),
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
                    let cost = p.movement.path_cost(&grid, &path);
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
