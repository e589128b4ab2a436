//! Jump Point Search's word scans and direct-path check against cell-by-cell walks.

use super::*;
use crate::grid::Grid;
use crate::rng::SplitMix64;
use crate::search::engine::test_maps::random_walls;

/// The scan a cell at a time, as the search did before it read words.
fn reference(
    grid: &Grid,
    axis: Axis,
    line: i64,
    from: i64,
    forward: bool,
    target: Option<i64>,
) -> Run {
    let free = |p: i64, l: i64| match axis {
        Axis::Rows => grid.is_passable(p, l),
        Axis::Columns => grid.is_passable(l, p),
    };
    let step = if forward { 1 } else { -1 };
    let mut p = from;
    loop {
        p += step;
        if !free(p, line) {
            return Run::Blocked(p);
        }
        if Some(p) == target
            || [-1, 1]
                .iter()
                .any(|&s| free(p, line + s) && !free(p - step, line + s))
        {
            return Run::Jump(p);
        }
    }
}

/// The direct path a cell at a time: diagonal steps (no corner cut), then straight ones.
fn direct_reference(grid: &Grid, (mut x, mut y): (i64, i64), (gx, gy): (i64, i64)) -> bool {
    let free = |x: i64, y: i64| grid.is_passable(x, y);
    while (x, y) != (gx, gy) {
        let (dx, dy) = ((gx - x).signum(), (gy - y).signum());
        if !(free(x + dx, y + dy) && free(x + dx, y) && free(x, y + dy)) {
            return false;
        }
        x += dx;
        y += dy;
    }
    true
}

#[test]
fn the_direct_path_check_reads_what_a_walk_reads() {
    use crate::search::core::Budget;
    use crate::search::settings::{Algorithm, Settings};
    let mut rng = SplitMix64::new(0x1234_5678_9abc_def1);
    for (w, h, density) in [(70, 40, 10), (130, 20, 25), (33, 67, 40)] {
        let (grid, free) = random_walls(w, h, density, &mut rng);
        for algorithm in [Algorithm::Jps, Algorithm::JpsPlus] {
            let settings = Settings {
                algorithm,
                ..Settings::default()
            };
            for _ in 0..20 {
                let goal = free[rng.below(free.len() as u64) as usize];
                let mut search = Search::new(&grid, free[0], goal, &settings).unwrap();
                search.run(&grid, Budget::Expansions(1), || 0.0).unwrap();
                for _ in 0..60 {
                    let (x, y) = free[rng.below(free.len() as u64) as usize];
                    let from = (i64::from(x), i64::from(y));
                    let to = (i64::from(goal.0), i64::from(goal.1));
                    assert_eq!(
                        search.direct_to_goal(x, y).is_some(),
                        direct_reference(&grid, from, to),
                        "{algorithm:?} from {from:?} to {to:?} on {w}×{h}"
                    );
                }
            }
        }
    }
}

#[test]
fn word_scans_stop_where_cell_by_cell_scans_stop() {
    // Sizes around the word boundaries, walls at several densities.
    let mut rng = SplitMix64::new(0x9e37_79b9_7f4a_7c15);
    for (w, h, density) in [
        (63, 5, 10),
        (64, 7, 30),
        (65, 3, 60),
        (130, 66, 20),
        (128, 3, 10),
        (1, 129, 30),
        (200, 1, 20),
    ] {
        let (grid, _) = random_walls(w, h, density, &mut rng);
        let mut bits = BitGrid::default();
        bits.sync(&grid);
        for axis in [Axis::Rows, Axis::Columns] {
            let (lines, len) = match axis {
                Axis::Rows => (i64::from(h), i64::from(w)),
                Axis::Columns => (i64::from(w), i64::from(h)),
            };
            for line in 0..lines {
                for from in 0..len {
                    let target = (rng.below(3) == 0).then(|| rng.below(len as u64) as i64);
                    for forward in [true, false] {
                        assert_eq!(
                            scan(&bits, axis, line, from, forward, target),
                            reference(&grid, axis, line, from, forward, target),
                            "{axis:?} {line} from {from} forward {forward} target {target:?} on {w}×{h}"
                        );
                    }
                }
            }
        }
    }
}

/// The successor step's move tables say what the (dx, dy) arithmetic they replace said: a
/// diagonal's parts are (dx, 0), (0, dy) and itself; a straight move's forced sides are
/// (|dy|·s, |dx|·s), the diagonal past it and the diagonal back past it, side +1 first.
#[test]
fn the_move_tables_match_the_arithmetic() {
    for (d, &(dx, dy)) in MOVES.iter().enumerate() {
        assert_eq!(move_index(dx, dy), d);
        let moves = |ds: &[u8]| {
            ds.iter()
                .map(|&m| MOVES[usize::from(m)])
                .collect::<Vec<_>>()
        };
        if dx != 0 && dy != 0 {
            assert_eq!(moves(&PARTS[d]), [(dx, 0), (0, dy), (dx, dy)]);
            continue;
        }
        for (k, side) in [1, -1].into_iter().enumerate() {
            let (ox, oy) = (dy.abs() * side, dx.abs() * side);
            assert_eq!(
                moves(&SIDES[d][k]),
                [(ox, oy), (dx + ox, dy + oy), (ox - dx, oy - dy)]
            );
        }
    }
}
