//! Helpers shared by the integration tests: maps from ASCII art, a deliberately simple
//! reference Dijkstra and BFS, and a path checker.

#![allow(dead_code)]

use pathlab::grid::Topology;
use pathlab::{Grid, Movement, Searcher};
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
            if grid.contains(x, y)
                && Topology::of(grid, movement).can_step(grid.bytes(), cell, (x as u32, y as u32))
            {
                out.push((x as u32, y as u32));
            }
        }
    }
    out
}

/// The simplest correct Dijkstra there is, over nodes `0..n`: scan all of them for the
/// cheapest unsettled one, O(n²), in exact `f64` steps; `edges(u)` lists u's neighbours with
/// the lengths of the edges to them. The cost from `source` to `target`, `None` if unreachable.
pub fn plain_dijkstra(
    n: usize,
    source: usize,
    target: usize,
    mut edges: impl FnMut(usize) -> Vec<(usize, f64)>,
) -> Option<f64> {
    let mut dist = vec![f64::INFINITY; n];
    let mut done = vec![false; n];
    dist[source] = 0.0;
    loop {
        let best = (0..n)
            .filter(|&i| !done[i] && dist[i].is_finite())
            .min_by(|&a, &b| dist[a].total_cmp(&dist[b]))?;
        if best == target {
            return Some(dist[best]);
        }
        done[best] = true;
        for (next, length) in edges(best) {
            dist[next] = dist[next].min(dist[best] + length);
        }
    }
}

/// The fewest moves from `start` to `goal` over the cells of `grid` (plain queue BFS), with
/// `neighbours(cell)` the cells one move away. `None` if unreachable.
pub fn plain_bfs(
    grid: &Grid,
    start: (u32, u32),
    goal: (u32, u32),
    neighbours: impl Fn((u32, u32)) -> Vec<(u32, u32)>,
) -> Option<u64> {
    let index = |c: (u32, u32)| (c.1 * grid.width() + c.0) as usize;
    let mut depth = vec![u64::MAX; grid.len()];
    depth[index(start)] = 0;
    let mut queue = VecDeque::from([start]);
    while let Some(cell) = queue.pop_front() {
        if cell == goal {
            return Some(depth[index(cell)]);
        }
        for next in neighbours(cell) {
            if depth[index(next)] == u64::MAX {
                depth[index(next)] = depth[index(cell)] + 1;
                queue.push_back(next);
            }
        }
    }
    None
}

/// The optimal cost from `start` to `goal` by [`plain_dijkstra`] over the cells, each step
/// costed by the crate's movement rules. `None` if unreachable.
pub fn reference_cost(
    grid: &Grid,
    movement: &Movement,
    start: (u32, u32),
    goal: (u32, u32),
) -> Option<f64> {
    let index = |c: (u32, u32)| (c.1 * grid.width() + c.0) as usize;
    let topology = Topology::of(grid, movement);
    plain_dijkstra(grid.len(), index(start), index(goal), |best| {
        let cell = grid.coords(best);
        neighbours(grid, movement, cell)
            .into_iter()
            .map(|next| {
                let terrain = grid.bytes()[index(next)];
                (index(next), topology.step_cost(cell, next, terrain))
            })
            .collect()
    })
}

/// The fewest moves from `start` to `goal` (plain queue BFS). `None` if unreachable.
pub fn reference_moves(
    grid: &Grid,
    movement: &Movement,
    start: (u32, u32),
    goal: (u32, u32),
) -> Option<u64> {
    plain_bfs(grid, start, goal, |cell| neighbours(grid, movement, cell))
}

/// The optimal cost through a node mesh by [`plain_dijkstra`]: edges found by brute force
/// (every mesh edge in the crate's line of sight, the two markers joined to every node they
/// can see and to each other), `length(a, b)` the length of an edge.
pub fn mesh_reference(
    grid: &Grid,
    mesh: &pathlab::mesh::Mesh,
    start: (u32, u32),
    goal: (u32, u32),
    length: impl Fn((u32, u32), (u32, u32)) -> f64,
) -> Option<f64> {
    use pathlab::grid::line_of_sight;
    let mut points = mesh.nodes().to_vec();
    points.extend([start, goal]);
    let n = points.len();
    let mut joined = vec![vec![false; n]; n];
    for &(a, b) in mesh.edges() {
        let ok = line_of_sight(grid, points[a as usize], points[b as usize]);
        joined[a as usize][b as usize] = ok;
        joined[b as usize][a as usize] = ok;
    }
    for marker in [n - 2, n - 1] {
        for other in (0..n).filter(|&o| o != marker) {
            if line_of_sight(grid, points[marker], points[other]) {
                joined[marker][other] = true;
                joined[other][marker] = true;
            }
        }
    }
    plain_dijkstra(n, n - 2, n - 1, |best| {
        (0..n)
            .filter(|&m| joined[best][m])
            .map(|m| (m, length(points[best], points[m])))
            .collect()
    })
}

/// Checks the search's path runs from its start to `end` by legal steps, and that the
/// reported cost and move count are those of the path. Returns the path's cost.
pub fn check_path(grid: &Grid, search: &dyn Searcher, end: (u32, u32)) -> f64 {
    let path = search.path_cells();
    assert_eq!(
        path.first(),
        Some(&search.start()),
        "path starts at the start"
    );
    assert_eq!(path.last(), Some(&end), "path ends where it should");
    let movement = search.settings().movement;
    let cost = Topology::of(grid, &movement)
        .path_cost(grid.bytes(), &path)
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

/// Whether the segment between the centres of cells `a` and `b` touches no wall cell, not
/// even at a corner. Written independently of the library's grid walk: a wall's closed square
/// touches the segment unless its four corners lie strictly on one side of the segment's
/// line, or the square lies outside the segment's bounding box (exact integer arithmetic on
/// doubled coordinates).
pub fn clear_segment(grid: &Grid, a: (u32, u32), b: (u32, u32)) -> bool {
    let (ax, ay) = (2 * i64::from(a.0) + 1, 2 * i64::from(a.1) + 1);
    let (bx, by) = (2 * i64::from(b.0) + 1, 2 * i64::from(b.1) + 1);
    let side = |px: i64, py: i64| ((bx - ax) * (py - ay) - (by - ay) * (px - ax)).signum();
    for y in 0..grid.height() {
        for x in 0..grid.width() {
            if grid.is_passable(i64::from(x), i64::from(y)) {
                continue;
            }
            let (x0, y0, x1, y1) = (
                2 * i64::from(x),
                2 * i64::from(y),
                2 * i64::from(x) + 2,
                2 * i64::from(y) + 2,
            );
            if x1 < ax.min(bx) || x0 > ax.max(bx) || y1 < ay.min(by) || y0 > ay.max(by) {
                continue;
            }
            let s = [side(x0, y0), side(x1, y0), side(x0, y1), side(x1, y1)];
            if !(s.iter().all(|&v| v > 0) || s.iter().all(|&v| v < 0)) {
                return false;
            }
        }
    }
    true
}

/// Checks an any-angle (Theta*) path: it runs from the start to `end`, every segment is
/// clear ([`clear_segment`]), and the reported cost is the sum of the segment lengths.
/// Returns that cost.
pub fn check_any_angle_path(grid: &Grid, search: &dyn Searcher, end: (u32, u32)) -> f64 {
    assert!(search.is_any_angle());
    let path = search.path_cells();
    assert_eq!(
        path.first(),
        Some(&search.start()),
        "path starts at the start"
    );
    assert_eq!(path.last(), Some(&end), "path ends where it should");
    let mut cost = 0.0;
    for pair in path.windows(2) {
        assert!(
            clear_segment(grid, pair[0], pair[1]),
            "segment {pair:?} hits a wall"
        );
        let dx = f64::from(pair[0].0) - f64::from(pair[1].0);
        let dy = f64::from(pair[0].1) - f64::from(pair[1].1);
        cost += dx.hypot(dy);
    }
    let reported = search.stats().path_cost.expect("a path has a cost");
    assert!(
        (reported - cost).abs() <= 1e-9 * cost.max(1.0),
        "reported {reported}, segments sum to {cost}"
    );
    cost
}

/// The straight-line distance between two cell centres.
pub fn straight_line(a: (u32, u32), b: (u32, u32)) -> f64 {
    (f64::from(a.0) - f64::from(b.0)).hypot(f64::from(a.1) - f64::from(b.1))
}
