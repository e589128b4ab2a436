//! The textbook engine's exact expansion order against a deliberately naive reference.
//!
//! The reference keeps its open list as a plain vector and takes the smallest entry by a
//! linear scan, with the rules the engine documents: key (insertion order for Breadth-First,
//! h for Best-First, g for Dijkstra, g + w·h for A*), then the larger g, then the earlier
//! insertion; seed 003's five cases, re-opening included; the fixed or goal-directed successor
//! order. The engine, stepped one expansion at a time, must expand the same cells in the same
//! order and end with the same counters. Any change to the open list, the per-cell state or
//! the successor loop that changes what is expanded when fails here, however fast it is.

use pathlab::grid::Topology;
use pathlab::heuristic::{diagonal_units, Estimator, COST_SCALE};
use pathlab::{
    Algorithm, Budget, Connectivity, DiagonalRule, Grid, Heuristic, Movement, NeighbourOrder,
    Search, Searcher, Settings, Status,
};
use proptest::prelude::*;

/// The eight moves in the engine's fixed order: N, E, S, W, NE, SE, SW, NW.
const MOVES: [(i64, i64); 8] = [
    (0, -1),
    (1, 0),
    (0, 1),
    (-1, 0),
    (1, -1),
    (1, 1),
    (-1, 1),
    (-1, -1),
];

#[derive(Clone, Copy, PartialEq)]
enum Mark {
    Unvisited,
    Open,
    Closed,
}

/// What the reference ends with: the cells in expansion order and the counters.
#[derive(Debug, PartialEq)]
struct Run {
    expanded: Vec<(u32, u32)>,
    status: Status,
    generated: u64,
    reopened: u64,
    updated: u64,
}

/// The moves to try from (x, y), in order: fixed, or sorted by how far they turn away from
/// the goal's direction in whole eighths of a turn (stable, so ties keep the fixed order).
fn move_order(settings: &Settings, from: (u32, u32), goal: (u32, u32)) -> Vec<usize> {
    let count = if settings.movement.has_diagonals() {
        8
    } else {
        4
    };
    let mut order: Vec<usize> = (0..count).collect();
    let sx = (i64::from(goal.0) - i64::from(from.0)).signum();
    let sy = (i64::from(goal.1) - i64::from(from.1)).signum();
    if settings.neighbour_order == NeighbourOrder::GoalDirected && (sx, sy) != (0, 0) {
        let eighth = |(dx, dy): (i64, i64)| {
            // The eight directions counted clockwise from north, y growing downwards.
            let ring = [
                (0, -1),
                (1, -1),
                (1, 0),
                (1, 1),
                (0, 1),
                (-1, 1),
                (-1, 0),
                (-1, -1),
            ];
            ring.iter().position(|&r| r == (dx, dy)).unwrap() as i64
        };
        let goal_at = eighth((sx, sy));
        order.sort_by_key(|&d| {
            let turn = (eighth(MOVES[d]) - goal_at).rem_euclid(8);
            turn.min(8 - turn)
        });
    }
    order
}

fn reference(grid: &Grid, start: (u32, u32), goal: (u32, u32), settings: &Settings) -> Run {
    let (w, h) = (grid.width(), grid.height());
    let cells = grid.bytes();
    let index = |(x, y): (u32, u32)| (y * w + x) as usize;
    let estimator = Estimator::new(settings.resolved_heuristic(), &settings.movement, goal);
    let diagonal = diagonal_units(settings.movement.diagonal_cost);
    let improves = matches!(settings.algorithm, Algorithm::Dijkstra | Algorithm::AStar);
    let key = |(x, y): (u32, u32), g: u64| -> u64 {
        let h = estimator.units(x, y);
        match settings.algorithm {
            Algorithm::BreadthFirst => 0,
            Algorithm::BestFirst => h,
            Algorithm::Dijkstra => g,
            _ if settings.weight == 1.0 => g + h,
            _ => g.saturating_add((h as f64 * settings.weight) as u64),
        }
    };
    let tie = |g: u64| {
        if settings.algorithm == Algorithm::BreadthFirst {
            0
        } else {
            g
        }
    };
    let mut mark = vec![Mark::Unvisited; cells.len()];
    let mut g = vec![0u64; cells.len()];
    // (key, tie, insertion number, cell)
    let mut open: Vec<(u64, u64, u64, (u32, u32))> = vec![(key(start, 0), 0, 0, start)];
    mark[index(start)] = Mark::Open;
    let mut seq = 0;
    let mut run = Run {
        expanded: Vec::new(),
        status: Status::NoPath,
        generated: 1,
        reopened: 0,
        updated: 0,
    };
    while !open.is_empty() {
        let best = (0..open.len())
            .min_by(|&a, &b| {
                let (ka, ta, sa, _) = open[a];
                let (kb, tb, sb, _) = open[b];
                ka.cmp(&kb).then(tb.cmp(&ta)).then(sa.cmp(&sb))
            })
            .unwrap();
        let (_, _, _, cell) = open.swap_remove(best);
        mark[index(cell)] = Mark::Closed;
        run.expanded.push(cell);
        if cell == goal {
            run.status = Status::Found;
            break;
        }
        for d in move_order(settings, cell, goal) {
            let (dx, dy) = MOVES[d];
            let (nx, ny) = (i64::from(cell.0) + dx, i64::from(cell.1) + dy);
            if nx < 0 || ny < 0 || nx >= i64::from(w) || ny >= i64::from(h) {
                continue;
            }
            let next = (nx as u32, ny as u32);
            if !Topology::of(grid, &settings.movement).can_step(grid.bytes(), cell, next) {
                continue;
            }
            let terrain = u64::from(cells[index(next)]);
            let step = if d >= 4 { diagonal } else { COST_SCALE };
            let new_g = g[index(cell)] + terrain * step;
            let n = index(next);
            match mark[n] {
                Mark::Unvisited => run.generated += 1,
                Mark::Closed if improves && new_g < g[n] => run.reopened += 1,
                Mark::Open if improves && new_g < g[n] => {
                    run.updated += 1;
                    open.retain(|e| e.3 != next);
                }
                _ => continue,
            }
            mark[n] = Mark::Open;
            g[n] = new_g;
            seq += 1;
            open.push((key(next, new_g), tie(new_g), seq, next));
        }
    }
    run
}

/// The engine stepped one expansion at a time, read back as a [`Run`].
fn engine(grid: &Grid, start: (u32, u32), goal: (u32, u32), settings: &Settings) -> Run {
    let mut search = Search::new(grid, start, goal, settings).unwrap();
    let mut expanded = Vec::new();
    while !search.status().is_done() {
        let before = search.stats().expanded;
        search.run(grid, Budget::Expansions(1), || 0.0).unwrap();
        if search.stats().expanded > before {
            expanded.push(search.current().unwrap());
        }
    }
    let stats = search.stats();
    Run {
        expanded,
        status: search.status(),
        generated: stats.generated,
        reopened: stats.reopened,
        updated: stats.updated,
    }
}

fn algorithms() -> impl Strategy<Value = (Algorithm, f64)> {
    prop_oneof![
        Just((Algorithm::BreadthFirst, 1.0)),
        Just((Algorithm::BestFirst, 1.0)),
        Just((Algorithm::Dijkstra, 1.0)),
        Just((Algorithm::AStar, 1.0)),
        // Weighted keys are inconsistent: closed cells get re-opened (case 2).
        Just((Algorithm::AStar, 1.1)),
        Just((Algorithm::AStar, 3.0)),
        (0.0f64..5.0).prop_map(|w| (Algorithm::AStar, w)),
    ]
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
        Just(1.0),
        Just(2.0),
        1.0f64..2.0
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
    fn map()(width in 1u32..=20, height in 1u32..=20, walls in 0u32..40, rough in 0u32..30)
        (cells in proptest::collection::vec(
            prop_oneof![walls => Just(0u8), 60 => Just(1u8), rough => 2u8..=4],
            (width * height) as usize),
         s in 0..(width * height), t in 0..(width * height),
         width in Just(width), height in Just(height))
        -> (Grid, (u32, u32), (u32, u32))
    {
        let mut cells = cells;
        cells[s as usize] = cells[s as usize].max(1);
        cells[t as usize] = cells[t as usize].max(1);
        let grid = Grid::from_bytes(width, height, cells).unwrap();
        (grid.clone(), grid.coords(s as usize), grid.coords(t as usize))
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(600))]

    #[test]
    fn the_engine_expands_what_the_reference_expands_in_the_same_order(
        (grid, start, goal) in map(),
        (algorithm, weight) in algorithms(),
        movement in movement(),
        heuristic in proptest::option::of(proptest::sample::select(Heuristic::ON_SQUARES.to_vec())),
        goal_directed in any::<bool>(),
    ) {
        let settings = Settings {
            algorithm,
            weight,
            heuristic,
            movement,
            neighbour_order: if goal_directed { NeighbourOrder::GoalDirected } else { NeighbourOrder::Fixed },
            ..Settings::default()
        };
        let want = reference(&grid, start, goal, &settings);
        let got = engine(&grid, start, goal, &settings);
        prop_assert_eq!(got, want);
    }
}

/// Bigger maps than the property test reaches: open ground (long runs of equal keys, so the
/// ties decide nearly everything), a room map and a random map, with every algorithm.
#[test]
fn large_maps_expand_in_the_reference_order() {
    let side = 64u32;
    let mut rng = 0x2545_F491_4F6C_DD1Du64;
    let mut next = move || {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        rng
    };
    let open = Grid::new(side, side).unwrap();
    let random = Grid::from_bytes(
        side,
        side,
        (0..side * side)
            .map(|_| match next() % 10 {
                0..=2 => 0,
                3 => (next() % 4 + 1) as u8,
                _ => 1,
            })
            .collect(),
    )
    .unwrap();
    let rooms = Grid::from_bytes(
        side,
        side,
        (0..side * side)
            .map(|i| {
                let (x, y) = (i % side, i / side);
                let wall = (x % 16 == 0 && y % 16 != 8) || (y % 16 == 0 && x % 16 != 4);
                u8::from(!wall)
            })
            .collect(),
    )
    .unwrap();
    for grid in [open, random, rooms] {
        let start = grid.nearest_passable((3, 5)).unwrap();
        let goal = grid.nearest_passable((side - 2, side - 9)).unwrap();
        for (algorithm, weight) in [
            (Algorithm::BreadthFirst, 1.0),
            (Algorithm::BestFirst, 1.0),
            (Algorithm::Dijkstra, 1.0),
            (Algorithm::AStar, 1.0),
            (Algorithm::AStar, 1.7),
        ] {
            for movement in [Movement::default(), Movement::four()] {
                let settings = Settings {
                    algorithm,
                    weight,
                    movement,
                    ..Settings::default()
                };
                let want = reference(&grid, start, goal, &settings);
                let got = engine(&grid, start, goal, &settings);
                assert_eq!(
                    got.expanded.len(),
                    want.expanded.len(),
                    "{algorithm:?} w={weight}"
                );
                assert_eq!(got, want, "{algorithm:?} w={weight} {movement:?}");
            }
        }
    }
}
