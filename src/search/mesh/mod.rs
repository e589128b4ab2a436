//! A* on a node mesh (seed 003's "A* on node mesh"): a waypoint graph laid over the grid.
//!
//! A [`Mesh`] is a list of nodes at cell positions and undirected edges between them. An edge
//! may only join two nodes whose straight segment, drawn between the two cell centres, stays
//! in passable cells *and never passes a blocked corner*: where the segment goes exactly
//! through a lattice corner, both cells beside it must be passable too
//! ([`crate::grid::line_of_sight`], the same rule as Theta*'s).
//! That is the grid's no-corner-cutting rule carried over to any angle.
//!
//! An edge costs its Euclidean length in cells; terrain is ignored (a waypoint graph says
//! where one may go, not how rough it is). The costs are fixed-point integers rounded *up*
//! ([`edge_units`]), so the Euclidean heuristic, rounded down, never overestimates a path and
//! A* stays optimal on the graph.
//!
//! The user builds a mesh by hand, or [`Mesh::generate`] makes a visibility graph from the
//! map: a node at every convex corner of the obstacles (a passable cell diagonal to a wall
//! whose two cells beside that diagonal are passable) and an edge between every two nodes in
//! line of sight. On a visibility graph the shortest path between two nodes is the shortest
//! any-angle path that keeps clear of blocked corners.
//!
//! [`MeshSearch`] runs A* on the mesh from the start to the goal. The two markers are not
//! part of the mesh: each search links them to every mesh node (and to each other) in line of
//! sight. It steps by [`Budget`], counts [`Stats`] and paints the node cells with the usual
//! [`CellState`] bytes, like every other [`Searcher`].
//!
//! ```
//! use pathlab::mesh::{Mesh, MeshSearch};
//! use pathlab::{Budget, Cell, Grid, Settings, Status};
//! let mut grid = Grid::new(9, 9)?;
//! for y in 0..7 {
//!     grid.set(4, y, Cell::Wall);
//! }
//! let mesh = Mesh::generate(&grid)?;
//! let mut search = MeshSearch::new(&grid, (0, 0), (8, 0), &Settings::default(), mesh)?;
//! assert_eq!(search.run(&grid, Budget::Unlimited, &|| 0.0)?, Status::Found);
//! assert_eq!(search.path_nodes(), vec![(0, 0), (3, 7), (5, 7), (8, 0)]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use super::core::{
    checked_ends, engine_fields, run_engine, Budget, CellState, Engine, NodeInfo, Stats, Status,
};
use super::explain::open_reason;
use super::open::{Entry, Liveness, OpenList, Slots};
use super::record::{OpenEntry, Recorder, NO_PARENT, SAME_NODE};
use super::searcher::{common_searcher_methods, Searcher};
use super::settings::{Algorithm, PlanError, Settings};
use crate::grid::{line_of_sight, total, Grid, Shape};
use crate::heuristic::COST_SCALE;

mod graph;

pub use graph::{edge_units, Mesh, MAX_NODES, MAX_SIGHT_WORK, NEAR, NEAR_LOOKED};

/// The heuristic: the straight-line distance between the centres of cells of `shape`,
/// rounded down.
fn estimate_units(shape: Shape, a: (u32, u32), b: (u32, u32)) -> u64 {
    (shape.centre_distance(a, b) * COST_SCALE as f64 * (1.0 - 1e-12)).floor() as u64
}

const UNVISITED: u8 = CellState::Unvisited as u8;
const OPEN: u8 = CellState::Open as u8;
const CLOSED: u8 = CellState::Closed as u8;
const REOPENED: u8 = CellState::Reopened as u8;
const PATH: u8 = CellState::Path as u8;
/// The mesh search's open list as its nodes say (lazy deletion: an entry stands while its
/// node is open with that g).
struct MeshNodes<'a> {
    node_state: &'a [u8],
    g: &'a [u64],
}

impl Liveness for MeshNodes<'_> {
    fn tracked(&self) -> bool {
        false
    }

    fn live(&self, e: &Entry, _: u64) -> bool {
        let i = e.cell() as usize;
        matches!(self.node_state[i], OPEN | REOPENED) && e.tie == self.g[i]
    }
}

impl Slots for MeshNodes<'_> {
    fn set(&mut self, _: u32, _: u64) {}

    fn get(&self, _: u32) -> u64 {
        0
    }
}

/// A* from the start to the goal over a [`Mesh`] plus the two markers.
#[derive(Clone, Debug)]
pub struct MeshSearch {
    mesh: Mesh,
    settings: Settings,
    /// The map's cell shape: distances are between cell centres of this shape.
    shape: Shape,
    width: u32,
    height: u32,
    /// The graph's nodes: the mesh's, then the start, then the goal.
    points: Vec<(u32, u32)>,
    /// Neighbours and fixed-point edge costs, by graph node.
    adjacency: Vec<Vec<(u32, u64)>>,
    g: Vec<u64>,
    parent: Vec<u32>,
    node_state: Vec<u8>,
    /// The grid engine's open list, over graph nodes instead of cells.
    open: OpenList,
    seq: u64,
    /// Per-cell state bytes for the painter: node cells take their node's state.
    cells: Vec<u8>,
    path: Vec<u32>,
    current: Option<u32>,
    status: Status,
    stats: Stats,
    /// The timeline's event log, off unless a planner switches it on.
    rec: Recorder,
}

impl MeshSearch {
    /// A search from `start` to `goal` over `mesh` on `grid`; nothing expanded yet. Mesh
    /// edges the grid now blocks are left out.
    pub fn new(
        grid: &Grid,
        start: (u32, u32),
        goal: (u32, u32),
        settings: &Settings,
        mesh: Mesh,
    ) -> Result<MeshSearch, PlanError> {
        let mut search = MeshSearch {
            mesh,
            shape: grid.shape(),
            settings: *settings,
            width: 0,
            height: 0,
            points: Vec::new(),
            adjacency: Vec::new(),
            g: Vec::new(),
            parent: Vec::new(),
            node_state: Vec::new(),
            open: OpenList::default(),
            seq: 0,
            cells: Vec::new(),
            path: Vec::new(),
            current: None,
            status: Status::Running,
            stats: Stats::default(),
            rec: Recorder::default(),
        };
        search.restart_on(grid, start, goal, settings)?;
        Ok(search)
    }

    /// The mesh searched.
    pub fn mesh(&self) -> &Mesh {
        &self.mesh
    }

    fn restart_on(
        &mut self,
        grid: &Grid,
        start: (u32, u32),
        goal: (u32, u32),
        settings: &Settings,
    ) -> Result<(), PlanError> {
        checked_ends(grid, start, goal, settings)?;
        let mesh_len = self.mesh.nodes().len();
        let mut points = self.mesh.nodes().to_vec();
        points.push(start);
        points.push(goal);
        let mut adjacency = vec![Vec::new(); points.len()];
        let shape = grid.shape();
        self.shape = shape;
        let link = |adjacency: &mut Vec<Vec<(u32, u64)>>, a: usize, b: usize| {
            let cost = edge_units(shape, points[a], points[b]);
            adjacency[a].push((b as u32, cost));
            adjacency[b].push((a as u32, cost));
        };
        for &(a, b) in self.mesh.edges() {
            if self.mesh.edge_open(grid, a, b) {
                link(&mut adjacency, a as usize, b as usize);
            }
        }
        // The markers join the mesh wherever they can see it (and each other).
        for marker in [mesh_len, mesh_len + 1] {
            let from = points[marker];
            for (node, &to) in points.iter().enumerate().take(marker) {
                if line_of_sight(grid, from, to) {
                    link(&mut adjacency, marker, node);
                }
            }
        }
        let n = points.len();
        self.settings = *settings;
        self.width = grid.width();
        self.height = grid.height();
        self.points = points;
        self.adjacency = adjacency;
        self.g = vec![u64::MAX; n];
        self.parent = vec![NO_PARENT; n];
        self.node_state = vec![UNVISITED; n];
        self.open.reset();
        self.seq = 0;
        self.cells.clear();
        self.cells.resize(grid.len(), UNVISITED);
        self.path.clear();
        self.current = None;
        self.status = Status::Running;
        self.stats = Stats::default();
        let s = n - 2;
        self.g[s] = 0;
        self.push(s as u32, UNVISITED);
        self.stats.generated = 1;
        Ok(())
    }

    fn goal_node(&self) -> u32 {
        self.points.len() as u32 - 1
    }

    /// Puts `node` in the open list with its new g; an entry it already has goes stale (`was`
    /// is its state before: unvisited, closed, or open/re-opened).
    fn push(&mut self, node: u32, was: u8) {
        let i = node as usize;
        let g = self.g[i];
        let f = g.saturating_add(estimate_units(
            self.shape,
            self.points[i],
            self.points[self.goal_node() as usize],
        ));
        self.seq += 1;
        // Ties on f go to the larger g, then to the first pushed: as in the grid engine.
        let entry = Entry::new(f, g, self.seq, node);
        let state = match was {
            UNVISITED => OPEN,
            CLOSED => REOPENED,
            other => other,
        };
        self.open.push(
            entry,
            &mut MeshNodes {
                node_state: &self.node_state,
                g: &self.g,
            },
        );
        if was == UNVISITED || was == CLOSED {
            self.stats.open_size += 1;
        }
        self.node_state[i] = state;
        self.paint(node, state);
        if self.rec.is_on() {
            // Mesh parents are far away: the far form carries the parent cell and g.
            let cell_of = |p: (u32, u32)| p.1 * self.width + p.0;
            let parent = match self.parent[i] {
                NO_PARENT => NO_PARENT,
                p => cell_of(self.points[p as usize]),
            };
            let cell = cell_of(self.points[i]);
            // Several graph nodes may share a cell (a marker on a mesh node): the inspector
            // shows the last one, so only its g and parent are recorded for the cell.
            if self.points[i + 1..].contains(&self.points[i]) {
                self.rec.event(cell, state, SAME_NODE);
            } else {
                self.rec.far(cell, state, parent, g);
            }
        }
        self.stats.max_open = self.stats.max_open.max(self.stats.open_size);
    }

    /// The open list's view of the nodes.
    fn view(&self) -> MeshNodes<'_> {
        MeshNodes {
            node_state: &self.node_state,
            g: &self.g,
        }
    }

    fn paint(&mut self, node: u32, state: u8) {
        let (x, y) = self.points[node as usize];
        if let Some(c) = self.cells.get_mut((y * self.width + x) as usize) {
            *c = state;
        }
    }

    /// Paints `node` and records it for the timeline, its g and parent unchanged.
    fn paint_recorded(&mut self, node: u32, state: u8) {
        self.paint(node, state);
        let (x, y) = self.points[node as usize];
        self.rec.event(y * self.width + x, state, SAME_NODE);
    }

    /// Runs until the budget is spent or the search finishes.
    pub fn run(
        &mut self,
        grid: &Grid,
        budget: Budget,
        now_ms: &dyn Fn() -> f64,
    ) -> Result<Status, PlanError> {
        run_engine(self, grid, budget, now_ms)
    }

    fn expand_one(&mut self) -> bool {
        self.rec.mark(&self.stats);
        let mut view = MeshNodes {
            node_state: &self.node_state,
            g: &self.g,
        };
        let Some(node) = self.open.pop(&mut view).map(|e| e.cell()) else {
            self.status = Status::NoPath;
            self.current = None;
            return true;
        };
        let i = node as usize;
        self.node_state[i] = CLOSED;
        self.paint_recorded(node, CLOSED);
        self.stats.expanded += 1;
        self.stats.open_size -= 1;
        self.current = Some(node);
        if node == self.goal_node() {
            self.finish(node);
            return true;
        }
        let g = self.g[i];
        for k in 0..self.adjacency[i].len() {
            let (next, cost) = self.adjacency[i][k];
            let n = next as usize;
            let new_g = g.saturating_add(cost);
            if new_g >= self.g[n] {
                continue;
            }
            let was = self.node_state[n];
            match was {
                UNVISITED => self.stats.generated += 1,
                CLOSED => self.stats.reopened += 1,
                _ => self.stats.updated += 1,
            }
            self.g[n] = new_g;
            self.parent[n] = node;
            self.push(next, was);
        }
        false
    }

    fn finish(&mut self, goal: u32) {
        let mut path = vec![goal];
        let mut node = goal;
        while self.parent[node as usize] != NO_PARENT && path.len() <= self.points.len() {
            node = self.parent[node as usize];
            path.push(node);
        }
        path.reverse();
        let cost = total(path.windows(2).map(|w| {
            self.shape
                .centre_distance(self.points[w[0] as usize], self.points[w[1] as usize])
        }));
        for &p in &path {
            self.paint_recorded(p, PATH);
        }
        let mut cells: Vec<u32> = path
            .iter()
            .map(|&p| {
                let (x, y) = self.points[p as usize];
                y * self.width + x
            })
            .collect();
        // A marker on a mesh node (or the start on the goal) adds a zero-length hop: drop it.
        cells.dedup();
        self.stats.path_cost = Some(cost);
        self.stats.path_moves = Some(cells.len() as u64 - 1);
        self.path = cells;
        self.status = Status::Found;
    }

    /// The path's corners: the start, the mesh nodes passed, the goal.
    pub fn path_nodes(&self) -> Vec<(u32, u32)> {
        self.path
            .iter()
            .map(|&c| (c % self.width, c / self.width))
            .collect()
    }
}

impl Engine for MeshSearch {
    engine_fields!();

    #[inline(always)]
    fn step_once(&mut self, _cells: &[u8]) -> bool {
        self.expand_one()
    }
}

impl Searcher for MeshSearch {
    common_searcher_methods!();

    fn restart(
        &mut self,
        grid: &Grid,
        start: (u32, u32),
        goal: (u32, u32),
        settings: &Settings,
    ) -> Result<(), PlanError> {
        self.restart_on(grid, start, goal, settings)
    }

    fn run(
        &mut self,
        grid: &Grid,
        budget: Budget,
        now_ms: &dyn Fn() -> f64,
    ) -> Result<Status, PlanError> {
        MeshSearch::run(self, grid, budget, now_ms)
    }

    fn handles(&self, algorithm: Algorithm) -> bool {
        algorithm == Algorithm::Mesh
    }

    fn start(&self) -> (u32, u32) {
        self.points[self.points.len() - 2]
    }

    fn goal(&self) -> (u32, u32) {
        self.points[self.points.len() - 1]
    }

    fn states(&self) -> &[u8] {
        &self.cells
    }

    fn path_cells(&self) -> Vec<(u32, u32)> {
        self.path_nodes()
    }

    fn is_any_angle(&self) -> bool {
        true
    }

    fn current(&self) -> Option<(u32, u32)> {
        self.current.map(|n| self.points[n as usize])
    }

    fn node(&self, x: u32, y: u32) -> Option<NodeInfo> {
        if x >= self.width || y >= self.height {
            return None;
        }
        let goal = self.points[self.points.len() - 1];
        let h = self.shape.centre_distance((x, y), goal);
        // The last graph node on this cell (a marker wins over a mesh node under it).
        let Some(i) = self.points.iter().rposition(|&p| p == (x, y)) else {
            return Some(NodeInfo {
                x,
                y,
                state: CellState::Unvisited,
                g: None,
                h,
                f: None,
                parent: None,
                expansion: None,
            });
        };
        let state = CellState::from_byte(self.node_state[i]).unwrap_or(CellState::Unvisited);
        let g = (self.g[i] != u64::MAX).then(|| self.g[i] as f64 / COST_SCALE as f64);
        Some(NodeInfo {
            x,
            y,
            state,
            g,
            h,
            f: g.map(|g| g + h),
            parent: (self.parent[i] != NO_PARENT).then(|| self.points[self.parent[i] as usize]),
            expansion: None,
        })
    }

    fn open_top(&self, n: usize) -> Vec<OpenEntry> {
        let goal = self.points[self.points.len() - 1];
        self.open
            .top(n, &self.view())
            .iter()
            .map(|e| {
                let i = e.cell() as usize;
                let (x, y) = self.points[i];
                let g = self.g[i] as f64 / COST_SCALE as f64;
                let h = self.shape.centre_distance((x, y), goal);
                OpenEntry {
                    x,
                    y,
                    g,
                    h,
                    f: e.key as f64 / COST_SCALE as f64,
                    direction: None,
                    key: None,
                }
            })
            .collect()
    }

    fn open_why(&self) -> String {
        open_reason(Algorithm::Mesh, &self.open, &self.view())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::{distance, Cell};

    #[test]
    fn a_visibility_graph_too_costly_to_build_whole_joins_each_node_to_its_nearest() {
        // Found by the `planner` fuzz target: 1,600 corners spread over a 1024² map would
        // need about 9 × 10⁸ cell checks to join every pair. Each node is joined to the
        // nearest it sees instead, and the mesh still leads from corner to corner.
        let mut grid = Grid::new(1024, 1024).unwrap();
        for y in (25..1024).step_by(50) {
            for x in (25..1024).step_by(50) {
                grid.set(x, y, Cell::Wall);
            }
        }
        let mesh = Mesh::generate(&grid).unwrap();
        assert_eq!(mesh.nodes().len(), 1600);
        assert!(mesh.edges().len() <= 1600 * NEAR);
        assert!(
            mesh.edges().len() >= 1600 * 2,
            "{} edges",
            mesh.edges().len()
        );
        let (start, goal) = ((0, 0), (1023, 1023));
        let mut search = MeshSearch::new(&grid, start, goal, &Settings::default(), mesh).unwrap();
        assert_eq!(
            search.run(&grid, Budget::Unlimited, &|| 0.0).unwrap(),
            Status::Found
        );
        let small = Grid::from_bytes(3, 3, vec![1, 1, 1, 1, 0, 1, 1, 1, 1]).unwrap();
        assert_eq!(Mesh::generate(&small).unwrap().nodes().len(), 4);
    }

    #[test]
    fn a_map_with_more_corners_than_a_mesh_holds_keeps_one_a_block() {
        // A checkerboard of single walls: a corner beside almost every cell.
        let mut grid = Grid::new(200, 200).unwrap();
        for y in (1..200).step_by(3) {
            for x in (1..200).step_by(3) {
                grid.set(x, y, Cell::Wall);
            }
        }
        let mesh = Mesh::generate(&grid).unwrap();
        assert!(mesh.nodes().len() <= MAX_NODES && mesh.nodes().len() > MAX_NODES / 4);
        for &(a, b) in mesh.edges() {
            assert!(line_of_sight(
                &grid,
                mesh.nodes()[a as usize],
                mesh.nodes()[b as usize]
            ));
        }
    }

    #[test]
    fn nodes_and_edges_are_edited_and_checked() {
        let mut grid = Grid::new(8, 8).unwrap();
        grid.set(4, 4, Cell::Wall);
        let mut mesh = Mesh::new();
        let a = mesh.add_node(&grid, 1, 1).unwrap();
        let b = mesh.add_node(&grid, 6, 6).unwrap();
        let c = mesh.add_node(&grid, 6, 1).unwrap();
        assert_eq!(mesh.add_node(&grid, 1, 1).unwrap(), a);
        assert!(mesh.add_node(&grid, 4, 4).is_err(), "on a wall");
        assert!(mesh.add_node(&grid, 9, 0).is_err(), "outside");
        assert!(mesh.connect(&grid, a, b).is_err(), "blocked by the wall");
        mesh.connect(&grid, a, c).unwrap();
        mesh.connect(&grid, c, b).unwrap();
        mesh.connect(&grid, b, c).unwrap();
        assert_eq!(mesh.edges(), &[(0, 2), (1, 2)]);
        assert!(mesh.remove_node(a));
        assert_eq!(mesh.nodes(), &[(6, 6), (6, 1)]);
        assert_eq!(mesh.edges(), &[(0, 1)]);
        grid.set(6, 3, Cell::Wall);
        assert_eq!(mesh.blocked_edges(&grid), vec![true]);
    }

    #[test]
    fn a_star_takes_the_shortest_way_round() {
        let mut grid = Grid::new(10, 10).unwrap();
        for y in 0..8 {
            grid.set(5, y, Cell::Wall);
        }
        let mesh = Mesh::generate(&grid).unwrap();
        assert!(mesh.nodes().contains(&(4, 8)) && mesh.nodes().contains(&(6, 8)));
        let mut s = MeshSearch::new(&grid, (0, 0), (9, 0), &Settings::default(), mesh).unwrap();
        assert_eq!(
            s.run(&grid, Budget::Expansions(1), &|| 0.0).unwrap(),
            Status::Running
        );
        assert_eq!(
            s.run(&grid, Budget::Unlimited, &|| 0.0).unwrap(),
            Status::Found
        );
        let want = distance((0, 0), (4, 8)) + 2.0 + distance((6, 8), (9, 0));
        assert!((s.stats().path_cost.unwrap() - want).abs() < 1e-9);
        assert_eq!(s.states()[8 * 10 + 4], PATH);
        // A marker on a mesh node, or on the other marker, adds no zero-length hop.
        let on_node = Mesh::generate(&grid).unwrap();
        let mut s2 = MeshSearch::new(&grid, (4, 8), (4, 8), &Settings::default(), on_node).unwrap();
        assert_eq!(
            s2.run(&grid, Budget::Unlimited, &|| 0.0).unwrap(),
            Status::Found
        );
        assert_eq!(s2.path_nodes(), vec![(4, 8)]);
        assert_eq!(s2.stats().path_moves, Some(0));
        assert_eq!(s2.stats().path_cost, Some(0.0));
        // Walled off entirely: no path.
        grid.set(5, 8, Cell::Wall);
        grid.set(5, 9, Cell::Wall);
        s.restart(&grid, (0, 0), (9, 0), &Settings::default())
            .unwrap();
        assert_eq!(
            s.run(&grid, Budget::Unlimited, &|| 0.0).unwrap(),
            Status::NoPath
        );
    }
}
