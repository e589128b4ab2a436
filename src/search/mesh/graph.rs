//! The waypoint graph A* on a node mesh searches: nodes at cells, undirected edges kept in
//! line of sight, edited by hand or generated as the map's visibility graph, and the edge cost
//! rule.

use crate::grid::{line_of_sight, Grid, Movement, Shape, Topology};
use crate::heuristic::COST_SCALE;
use crate::search::core::endpoint_index;
use crate::search::settings::PlanError;

/// The most nodes a mesh may hold (hand-made or generated): enough for every corner of the
/// shipped maps up to 1024² but the mazes and the 512² terrain, whose generated meshes keep
/// one corner a block ([`Mesh::generate`]).
pub const MAX_NODES: usize = 10_000;

/// The most cells [`Mesh::generate`] may walk checking lines of sight between corners (the sum
/// of |dx| + |dy| over every pair): about a second of work in the browser.
pub const MAX_SIGHT_WORK: u64 = 150_000_000;

/// A waypoint graph over a grid: nodes at cells, undirected edges between them.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Mesh {
    /// The nodes' cells (x, y), in the order they were added.
    nodes: Vec<(u32, u32)>,
    /// Edges as node index pairs `(a, b)` with `a < b`, no duplicates.
    edges: Vec<(u32, u32)>,
}

impl Mesh {
    /// An empty mesh.
    pub fn new() -> Mesh {
        Mesh::default()
    }

    /// The nodes' cells, by node index.
    pub fn nodes(&self) -> &[(u32, u32)] {
        &self.nodes
    }

    /// The edges as node index pairs `(a, b)`, `a < b`.
    pub fn edges(&self) -> &[(u32, u32)] {
        &self.edges
    }

    /// The node on cell (x, y), if any.
    pub fn node_at(&self, x: u32, y: u32) -> Option<u32> {
        self.nodes
            .iter()
            .position(|&n| n == (x, y))
            .map(|i| i as u32)
    }

    /// Adds a node on (x, y), or returns the one already there. Refused outside the grid, on
    /// a wall, or beyond [`MAX_NODES`].
    pub fn add_node(&mut self, grid: &Grid, x: u32, y: u32) -> Result<u32, PlanError> {
        if let Some(i) = self.node_at(x, y) {
            return Ok(i);
        }
        endpoint_index(grid, "mesh node", (x, y))?;
        if self.nodes.len() >= MAX_NODES {
            return Err(PlanError::BadSetting(format!(
                "a mesh may hold at most {MAX_NODES} nodes"
            )));
        }
        self.nodes.push((x, y));
        Ok(self.nodes.len() as u32 - 1)
    }

    /// Joins nodes `a` and `b`. Refused when either does not exist, they are the same node,
    /// or the segment between them crosses a wall or a blocked corner ([`line_of_sight`]).
    /// Joining two joined nodes again changes nothing.
    pub fn connect(&mut self, grid: &Grid, a: u32, b: u32) -> Result<(), PlanError> {
        let (Some(&pa), Some(&pb)) = (self.nodes.get(a as usize), self.nodes.get(b as usize))
        else {
            return Err(PlanError::BadSetting(format!(
                "there is no mesh node {}",
                a.max(b)
            )));
        };
        if a == b {
            return Err(PlanError::BadSetting(
                "a mesh node cannot be joined to itself".into(),
            ));
        }
        if !line_of_sight(grid, pa, pb) {
            return Err(PlanError::BadSetting(format!(
                "({}, {}) and ({}, {}) cannot see each other: the segment crosses a wall or cuts a blocked corner",
                pa.0, pa.1, pb.0, pb.1
            )));
        }
        let edge = (a.min(b), a.max(b));
        if !self.edges.contains(&edge) {
            self.edges.push(edge);
        }
        Ok(())
    }

    /// Removes the edge between `a` and `b`; returns whether there was one.
    pub fn disconnect(&mut self, a: u32, b: u32) -> bool {
        let edge = (a.min(b), a.max(b));
        let before = self.edges.len();
        self.edges.retain(|&e| e != edge);
        self.edges.len() != before
    }

    /// Removes node `i` and its edges; later nodes move down one index. Returns whether
    /// there was such a node.
    pub fn remove_node(&mut self, i: u32) -> bool {
        if i as usize >= self.nodes.len() {
            return false;
        }
        self.nodes.remove(i as usize);
        self.edges.retain(|&(a, b)| a != i && b != i);
        for (a, b) in &mut self.edges {
            if *a > i {
                *a -= 1;
            }
            if *b > i {
                *b -= 1;
            }
        }
        true
    }

    /// Removes every node and edge.
    pub fn clear(&mut self) {
        self.nodes.clear();
        self.edges.clear();
    }

    /// Edges whose segment the map now blocks (a wall was drawn across it): they stay in the
    /// mesh, but searches do not use them.
    pub fn blocked_edges(&self, grid: &Grid) -> Vec<bool> {
        self.edges
            .iter()
            .map(|&(a, b)| !self.edge_open(grid, a, b))
            .collect()
    }

    pub(super) fn edge_open(&self, grid: &Grid, a: u32, b: u32) -> bool {
        match (self.nodes.get(a as usize), self.nodes.get(b as usize)) {
            (Some(&pa), Some(&pb)) => line_of_sight(grid, pa, pb),
            _ => false,
        }
    }

    /// A visibility graph of `grid`: a node at every convex obstacle corner, an edge
    ///  between every two nodes in line of sight. On squares a corner is a passable
    /// cell diagonal to a wall with both cells between them passable; on hexes, a passable hex
    /// with exactly one wall among its six neighbours (the tip of an obstacle: along a
    /// straight wall a hex touches two).
    ///
    /// It scales to any map. When the map has more than [`MAX_NODES`] corners, one corner a
    /// block of the map is kept (the smallest square blocks that leave at most `MAX_NODES`),
    /// and when joining every pair would walk more than [`MAX_SIGHT_WORK`] cells, each node is
    /// joined to the nearest nodes it sees (up to [`NEAR`] of its [`NEAR_LOOKED`] nearest)
    /// instead: a sparser mesh, whose paths may be longer than the shortest any-angle path,
    /// built in a fraction of a second on a 1024² maze.
    pub fn generate(grid: &Grid) -> Result<Mesh, PlanError> {
        let all = corners(grid);
        let whole = all.len() <= MAX_NODES;
        let nodes = if whole { all } else { thin(all, MAX_NODES) };
        // Every pair costs a line-of-sight walk of up to |dx| + |dy| cells.
        let mut work: u64 = 0;
        for (i, &(ax, ay)) in nodes.iter().enumerate() {
            for &(bx, by) in &nodes[i + 1..] {
                work += u64::from(ax.abs_diff(bx)) + u64::from(ay.abs_diff(by));
            }
            if work > MAX_SIGHT_WORK {
                break;
            }
        }
        let edges = if whole && work <= MAX_SIGHT_WORK {
            let mut edges = Vec::new();
            for a in 0..nodes.len() {
                for b in a + 1..nodes.len() {
                    if line_of_sight(grid, nodes[a], nodes[b]) {
                        edges.push((a as u32, b as u32));
                    }
                }
            }
            edges
        } else {
            near_edges(grid, &nodes)
        };
        Ok(Mesh { nodes, edges })
    }
}

/// How many nodes each node of a mesh too large to join whole is joined to, at most.
pub const NEAR: usize = 16;

/// How many of its nearest nodes each node of such a mesh looks at for those [`NEAR`].
pub const NEAR_LOOKED: usize = 64;

/// The convex obstacle corners of `grid` (see [`Mesh::generate`]), row by row.
fn corners(grid: &Grid) -> Vec<(u32, u32)> {
    let free = |x: i64, y: i64| grid.is_passable(x, y);
    let wall = |x: i64, y: i64| grid.contains(x, y) && !grid.is_passable(x, y);
    let hexes = Topology::of(grid, &Movement::default());
    let mut out = Vec::new();
    for y in 0..i64::from(grid.height()) {
        for x in 0..i64::from(grid.width()) {
            if !free(x, y) {
                continue;
            }
            let corner = if grid.shape().is_hex() {
                (0..6)
                    .filter(|&d| {
                        let (dx, dy) = hexes.step(d, x, y);
                        wall(x + dx, y + dy)
                    })
                    .count()
                    == 1
            } else {
                [(1, 1), (1, -1), (-1, 1), (-1, -1)]
                    .iter()
                    .any(|&(dx, dy)| wall(x + dx, y + dy) && free(x + dx, y) && free(x, y + dy))
            };
            if corner {
                out.push((x as u32, y as u32));
            }
        }
    }
    out
}

/// At most `limit` of `corners`: the first of each block of `b` × `b` cells, for the smallest
/// `b` that leaves no more than `limit`.
fn thin(corners: Vec<(u32, u32)>, limit: usize) -> Vec<(u32, u32)> {
    let (Some(mx), Some(my)) = (
        corners.iter().map(|c| c.0).max(),
        corners.iter().map(|c| c.1).max(),
    ) else {
        return corners;
    };
    let keep = |b: u32| {
        let across = mx / b + 1;
        let mut seen = vec![false; (across * (my / b + 1)) as usize];
        corners
            .iter()
            .copied()
            .filter(|&(x, y)| {
                !std::mem::replace(&mut seen[((y / b) * across + x / b) as usize], true)
            })
            .collect::<Vec<_>>()
    };
    let mut b = 2;
    loop {
        let kept = keep(b);
        if kept.len() <= limit {
            return kept;
        }
        b += 1;
    }
}

/// Edges from each node to the nearest nodes it sees: of its [`NEAR_LOOKED`] nearest (found
/// through square buckets of about four nodes each, ring by ring), up to [`NEAR`], nearest
/// first. Work: about n × `NEAR_LOOKED` distances and short sight walks.
fn near_edges(grid: &Grid, nodes: &[(u32, u32)]) -> Vec<(u32, u32)> {
    let n = nodes.len();
    if n < 2 {
        return Vec::new();
    }
    let area = u64::from(grid.width()) * u64::from(grid.height());
    let side = ((4 * area / n as u64) as f64).sqrt().ceil().max(1.0) as u32;
    let (across, down) = (grid.width() / side + 1, grid.height() / side + 1);
    let mut buckets: Vec<Vec<u32>> = vec![Vec::new(); (across * down) as usize];
    for (i, &(x, y)) in nodes.iter().enumerate() {
        buckets[((y / side) * across + x / side) as usize].push(i as u32);
    }
    let mut edges = Vec::new();
    let mut order: Vec<(u64, u32)> = Vec::new();
    for (a, &(ax, ay)) in nodes.iter().enumerate() {
        order.clear();
        let (bx, by) = (i64::from(ax / side), i64::from(ay / side));
        let add = |order: &mut Vec<(u64, u32)>, cx: i64, cy: i64| {
            if cx < 0 || cy < 0 || cx >= i64::from(across) || cy >= i64::from(down) {
                return;
            }
            for &b in &buckets[(cy * i64::from(across) + cx) as usize] {
                if b as usize != a {
                    let (px, py) = nodes[b as usize];
                    let (dx, dy) = (u64::from(ax.abs_diff(px)), u64::from(ay.abs_diff(py)));
                    order.push((dx * dx + dy * dy, b));
                }
            }
        };
        // Rings of buckets round the node's, until NEAR_LOOKED are found and one ring more.
        let mut enough_at = None;
        for r in 0..=i64::from(across.max(down)) {
            if r == 0 {
                add(&mut order, bx, by);
            } else {
                for cx in bx - r..=bx + r {
                    add(&mut order, cx, by - r);
                    add(&mut order, cx, by + r);
                }
                for cy in by - r + 1..by + r {
                    add(&mut order, bx - r, cy);
                    add(&mut order, bx + r, cy);
                }
            }
            if enough_at.is_none() && order.len() >= NEAR_LOOKED {
                enough_at = Some(r);
            }
            if enough_at.is_some_and(|e| r > e) {
                break;
            }
        }
        // A few rings' worth of candidates: sorted whole.
        order.sort_unstable();
        let looked = NEAR_LOOKED.min(order.len());
        let mut joined = 0;
        for &(_, b) in &order[..looked] {
            if joined == NEAR {
                break;
            }
            if line_of_sight(grid, nodes[a], nodes[b as usize]) {
                edges.push(((a as u32).min(b), (a as u32).max(b)));
                joined += 1;
            }
        }
    }
    edges.sort_unstable();
    edges.dedup();
    edges
}

/// An edge's fixed-point cost between cells of `shape`: its length
/// ([`Shape::centre_distance`]) rounded up, so sums of edges never fall below the
/// straight-line distance the heuristic reports.
pub fn edge_units(shape: Shape, a: (u32, u32), b: (u32, u32)) -> u64 {
    (shape.centre_distance(a, b) * COST_SCALE as f64).ceil() as u64
}
