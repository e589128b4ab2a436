//! Unit tests of LPA* and D* Lite: repairs against fresh searches, keys, the walker.

use super::*;
use crate::grid::{Cell, Movement};
use crate::search::{Algorithm, Search};

fn astar_cost(grid: &Grid, start: (u32, u32), goal: (u32, u32), s: &Settings) -> Option<f64> {
    let mut a = Search::new(grid, start, goal, s).unwrap();
    a.run(grid, Budget::Unlimited, || 0.0).unwrap();
    a.stats().path_cost
}

fn solve(inc: &mut Incremental, grid: &Grid) -> Option<f64> {
    inc.run(grid, Budget::Unlimited, || 0.0).unwrap();
    inc.stats()
        .path_cost
        .filter(|_| inc.status() == Status::Found)
}

fn close(a: Option<f64>, b: Option<f64>) -> bool {
    match (a, b) {
        (Some(a), Some(b)) => (a - b).abs() < 1e-9,
        (None, None) => true,
        _ => false,
    }
}

#[test]
fn repairs_match_fresh_astar_after_every_edit() {
    for mode in [Mode::Lpa, Mode::DStarLite] {
        for movement in [Movement::default(), Movement::four()] {
            let settings = Settings {
                algorithm: Algorithm::AStar,
                movement,
                ..Settings::default()
            };
            let mut grid = Grid::new(12, 9).unwrap();
            let (s, g) = ((0, 4), (11, 4));
            let mut inc = Incremental::new(mode, &grid, s, g, &settings).unwrap();
            assert!(close(
                solve(&mut inc, &grid),
                astar_cost(&grid, s, g, &settings)
            ));
            let edits = [
                ((5, 0), (5, 7), Cell::Wall),
                ((3, 2), (3, 8), Cell::Terrain(3)),
                ((5, 8), (5, 8), Cell::Wall),
                ((5, 3), (5, 5), Cell::OPEN),
                ((8, 1), (8, 8), Cell::Wall),
            ];
            for (a, b, cell) in edits {
                let mut changed = Vec::new();
                for (x, y) in crate::planner::line_cells(a, b) {
                    grid.set(x, y, cell);
                    changed.push((x as u32, y as u32));
                }
                inc.cells_changed(&grid, &changed);
                let got = solve(&mut inc, &grid);
                let want = astar_cost(&grid, s, g, &settings);
                assert!(
                    close(got, want),
                    "{mode:?} {movement:?}: {got:?} vs {want:?}"
                );
                if got.is_some() {
                    let path = inc.path_cells();
                    assert_eq!(path.first(), Some(&s));
                    assert_eq!(path.last(), Some(&g));
                    assert!(close(
                        crate::grid::Topology::of(&grid, &movement).path_cost(grid.bytes(), &path),
                        got
                    ));
                }
            }
        }
    }
}

#[test]
fn a_repair_expands_fewer_cells_and_marks_them() {
    let mut grid = Grid::new(40, 40).unwrap();
    for y in 0..36 {
        grid.set(20, y, Cell::Wall);
    }
    let settings = Settings::default();
    let mut lpa = Incremental::new(Mode::Lpa, &grid, (0, 0), (39, 0), &settings).unwrap();
    solve(&mut lpa, &grid);
    let first = lpa.stats().expanded;
    let on_path = lpa.path_cells()[lpa.path().len() - 4];
    grid.set(i64::from(on_path.0), i64::from(on_path.1), Cell::Wall);
    lpa.cells_changed(&grid, &[on_path]);
    solve(&mut lpa, &grid);
    assert!(
        lpa.stats().expanded < first,
        "{} vs {first}",
        lpa.stats().expanded
    );
    assert_eq!(lpa.repair_info().repairs, 1);
    assert!(lpa.states().contains(&UPDATED));
}

#[test]
fn dstar_lite_follows_a_moving_start() {
    let mut grid = Grid::new(15, 7).unwrap();
    let settings = Settings::default();
    let goal = (14, 3);
    let mut d = Incremental::new(Mode::DStarLite, &grid, (0, 3), goal, &settings).unwrap();
    solve(&mut d, &grid);
    let mut steps = 0;
    while d.start() != goal && steps < 100 {
        let next = d.path_cells()[1];
        d.move_start(&grid, next).unwrap();
        if steps == 3 {
            // A wall right in front of the walker.
            let mut changed = Vec::new();
            for y in 0..6u32 {
                grid.set(7, i64::from(y), Cell::Wall);
                changed.push((7, y));
            }
            d.cells_changed(&grid, &changed);
        }
        let got = solve(&mut d, &grid);
        let want = astar_cost(&grid, d.start(), goal, &settings);
        assert!(close(got, want), "at {:?}: {got:?} vs {want:?}", d.start());
        steps += 1;
    }
    assert_eq!(d.start(), goal);
}

#[test]
fn walled_in_goal_has_no_path() {
    let mut grid = Grid::new(5, 5).unwrap();
    let settings = Settings::default();
    let mut lpa = Incremental::new(Mode::Lpa, &grid, (0, 0), (4, 4), &settings).unwrap();
    assert!(solve(&mut lpa, &grid).is_some());
    grid.set(3, 4, Cell::Wall);
    grid.set(4, 3, Cell::Wall);
    lpa.cells_changed(&grid, &[(3, 4), (4, 3)]);
    assert_eq!(solve(&mut lpa, &grid), None);
    assert_eq!(lpa.status(), Status::NoPath);
    grid.set(4, 3, Cell::OPEN);
    lpa.cells_changed(&grid, &[(4, 3)]);
    let want = astar_cost(&grid, (0, 0), (4, 4), &settings);
    assert!(close(solve(&mut lpa, &grid), want));
}
