//! Helpers shared by the integration tests: maps from ASCII art, a deliberately simple
//! reference Dijkstra and BFS, and a path checker.

#![allow(dead_code)]

use pathlab::{Grid, Movement, Search};
use std::collections::VecDeque;

/// A grid from rows of `.` (cost 1), `1`–`4` (terrain cost), `#` or `@` (wall).
pub fn grid(rows: &[&str]) -> Grid {
    let width = rows[0].len() as u32;
    let bytes = rows
        .iter()
        .flat_map(|row| {
            assert_eq!(row.len() as u32, width, "ragged test map");
            row.bytes().map(|c| match c {
                b'.' => 1,
                b'1'..=b'4' => c - b'0',
                b'#' | b'@' => 0,
                _ => panic!("bad test map character {}", c as char),
            })
        })
        .collect();
    Grid::from_bytes(width, rows.len() as u32, bytes).expect("test map")
}

fn neighbours(grid: &Grid, movement: &Movement, cell: (u32, u32)) -> Vec<(u32, u32)> {
    let mut out = Vec::new();
    for dy in -1i64..=1 {
        for dx in -1i64..=1 {
            let (x, y) = (i64::from(cell.0) + dx, i64::from(cell.1) + dy);
            if grid.contains(x, y) && movement.can_step(grid, cell, (x as u32, y as u32)) {
                out.push((x as u32, y as u32));
            }
        }
    }
    out
}

/// The optimal cost from `start` to `goal` by the simplest correct Dijkstra there is: scan all
/// cells for the cheapest unsettled one, O(n²), in exact `f64` steps. `None` if unreachable.
pub fn reference_cost(
    grid: &Grid,
    movement: &Movement,
    start: (u32, u32),
    goal: (u32, u32),
) -> Option<f64> {
    let n = grid.len();
    let index = |c: (u32, u32)| (c.1 * grid.width() + c.0) as usize;
    let mut dist = vec![f64::INFINITY; n];
    let mut done = vec![false; n];
    dist[index(start)] = 0.0;
    loop {
        let best = (0..n)
            .filter(|&i| !done[i] && dist[i].is_finite())
            .min_by(|&a, &b| dist[a].total_cmp(&dist[b]))?;
        let cell = grid.coords(best);
        if cell == goal {
            return Some(dist[best]);
        }
        done[best] = true;
        for next in neighbours(grid, movement, cell) {
            let terrain = grid.bytes()[index(next)];
            let d = dist[best] + movement.step_cost(cell, next, terrain);
            if d < dist[index(next)] {
                dist[index(next)] = d;
            }
        }
    }
}

/// The fewest moves from `start` to `goal` (plain queue BFS). `None` if unreachable.
pub fn reference_moves(
    grid: &Grid,
    movement: &Movement,
    start: (u32, u32),
    goal: (u32, u32),
) -> Option<u64> {
    let index = |c: (u32, u32)| (c.1 * grid.width() + c.0) as usize;
    let mut depth = vec![u64::MAX; grid.len()];
    depth[index(start)] = 0;
    let mut queue = VecDeque::from([start]);
    while let Some(cell) = queue.pop_front() {
        if cell == goal {
            return Some(depth[index(cell)]);
        }
        for next in neighbours(grid, movement, cell) {
            if depth[index(next)] == u64::MAX {
                depth[index(next)] = depth[index(cell)] + 1;
                queue.push_back(next);
            }
        }
    }
    None
}

/// Checks the search's path runs from its start to `end` by legal steps, and that the
/// reported cost and move count are those of the path. Returns the path's cost.
pub fn check_path(grid: &Grid, search: &Search, end: (u32, u32)) -> f64 {
    let path = search.path_cells();
    assert_eq!(
        path.first(),
        Some(&search.start()),
        "path starts at the start"
    );
    assert_eq!(path.last(), Some(&end), "path ends where it should");
    let movement = search.settings().movement;
    let cost = movement
        .path_cost(grid, &path)
        .unwrap_or_else(|| panic!("illegal step in {path:?}"));
    let stats = search.stats();
    let reported = stats.path_cost.expect("a path has a cost");
    assert!(
        (reported - cost).abs() <= 1e-9 * cost.max(1.0),
        "reported {reported}, path sums to {cost}"
    );
    assert_eq!(stats.path_moves, Some(path.len() as u64 - 1));
    cost
}
