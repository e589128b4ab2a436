//! Starting a search: [`Search::new`] and [`Search::restart`], which reuse the last query's
//! memory, the configuration that follows from the settings and the map's shape alone
//! (worked out again only when they change), and putting the state bytes back.

use super::order::successor_orders;
use super::slots::{node_word, LINK_ROOT};
use super::{bounded, row_magic, touched_read, Search};
use crate::grid::{BitGrid, Grid, Topology};
use crate::heuristic::{diagonal_units, Estimator, Heuristic, COST_SCALE};
use crate::search::core::{
    checked_ends, endpoint_index, step_units, ExpansionNumbers, Stats, Status, OPEN, UNVISITED,
};
use crate::search::open::{Entry, OpenList};
use crate::search::record::{Recorder, NO_PARENT};
use crate::search::settings::{Algorithm, PlanError, Settings};
use std::sync::Arc;

impl Search {
    /// Starts a search from `start` to `goal` on `grid`: the start node is in the open list,
    /// nothing is expanded yet.
    pub fn new(
        grid: &Grid,
        start: (u32, u32),
        goal: (u32, u32),
        settings: &Settings,
    ) -> Result<Search, PlanError> {
        let mut search = Search {
            width: 0,
            height: 0,
            row_magic: 0,
            start: 0,
            goal: 0,
            goal_xy: goal,
            settings: *settings,
            configured: false,
            estimator: Estimator::new(Heuristic::Zero, &settings.movement, goal),
            nearness: Estimator::new(Heuristic::Zero, &settings.movement, goal),
            step_units: [[0; 8]; 2],
            direction_count: 8,
            orders: [[0, 1, 2, 3, 4, 5, 6, 7]; 9],
            topology: Topology::of(grid, &settings.movement),
            offsets: [[0; 8]; 2],
            steps: [[(0, 0); 8]; 2],
            parity_mask: (0, 0),
            diagonal_moves: 0,
            state: Vec::new(),
            touched: Vec::new(),
            nodes: Vec::new(),
            far_parents: Vec::new(),
            expansions: ExpansionNumbers::default(),
            moves: Arc::default(),
            open: OpenList::default(),
            next_seq: 0,
            status: Status::Running,
            stats: Stats::default(),
            path: Vec::new(),
            paints: true,
            path_painted: false,
            waypoints: Vec::new(),
            nodeless_path: Vec::new(),
            current: None,
            nearest: None,
            rec: Recorder::default(),
            bits: BitGrid::default(),
            jump_table: Arc::default(),
            table_ms: 0.0,
            bounds: bounded::empty_bounds(),
            direct_goal: false,
        };
        search.restart(grid, start, goal, settings)?;
        Ok(search)
    }

    /// Starts over, reusing this search's memory: the per-cell arrays are not reallocated
    /// when the grid size is unchanged, and of the state bytes only those the last search
    /// touched are put back when it touched few (`clear_states`), so a restart costs what the
    /// last query did, not a byte per cell. What follows from the settings and the map's
    /// shape alone (the step costs, moves, successor orders, the heuristic's kind) is worked
    /// out again only when they changed (`configure`). On error the search is left as it was.
    pub fn restart(
        &mut self,
        grid: &Grid,
        start: (u32, u32),
        goal: (u32, u32),
        settings: &Settings,
    ) -> Result<(), PlanError> {
        let topology = Topology::of(grid, &settings.movement);
        let same = self.configured && self.settings == *settings && self.topology == topology;
        let (start_index, goal_index) = if same {
            // The settings were validated when they were configured.
            (
                endpoint_index(grid, "start", start)?,
                endpoint_index(grid, "goal", goal)?,
            )
        } else {
            let ends = checked_ends(grid, start, goal, settings)?;
            self.configure(settings, topology);
            ends
        };
        if self.width != grid.width() {
            // A division: made only when the width changes (a new search starts at width 0).
            self.width = grid.width();
            self.row_magic = row_magic(self.width);
        }
        self.height = grid.height();
        self.start = start_index;
        self.goal = goal_index;
        self.goal_xy = goal;
        self.estimator = self.estimator.aimed_at(goal);
        self.nearness = self.nearness.aimed_at(goal);
        let cells = grid.len();
        match settings.algorithm {
            a if a.jumps() => self.bits.sync(grid),
            Algorithm::BreadthFirst
            | Algorithm::BestFirst
            | Algorithm::Dijkstra
            | Algorithm::AStar => Arc::make_mut(&mut self.moves).sync(grid, &topology),
            _ => {}
        }
        if settings.algorithm.jumps() || settings.algorithm == Algorithm::Theta {
            self.far_parents.resize(cells, NO_PARENT);
        } else {
            self.far_parents = Vec::new();
        }
        self.clear_states(cells);
        // Nodes are only read where state says one exists, so they need no clearing; they
        // only need to be long enough.
        self.nodes.resize(cells, 0);
        self.expansions.reset(cells);
        self.open.reset();
        self.next_seq = 0;
        self.status = Status::Running;
        self.stats = Stats::default();
        // The tables outlive the search: show what they cost when they were last made.
        self.show_precompute(grid);
        self.path.clear();
        self.current = None;
        self.nearest = None;

        self.nodes[start_index as usize] = node_word(0, LINK_ROOT);
        self.state[start_index as usize] = OPEN;
        self.touched.push(start_index);
        self.stats.generated = 1;
        self.push_open(Entry::new(0, 0, 0, start_index).with_link(LINK_ROOT), true);
        self.stats.open_size = 1;
        self.stats.max_open = 1;
        Ok(())
    }

    /// Works out what follows from `settings` on a map of `topology` alone, for every query
    /// until they change: the step costs, moves and their offsets, successor orders, the
    /// heuristic's kind and whether the direct path to the goal may end a search.
    fn configure(&mut self, settings: &Settings, topology: Topology) {
        let movement = settings.movement;
        self.settings = *settings;
        self.topology = topology;
        let heuristic = match settings.algorithm {
            // Theta*'s paths are Euclidean, so only the straight-line distance is admissible.
            Algorithm::Theta => Heuristic::Euclidean,
            _ => settings.heuristic_on(&topology),
        };
        self.estimator = Estimator::on(heuristic, &topology, self.goal_xy);
        let near_kind = if heuristic == Heuristic::Zero {
            Heuristic::default_on(&topology)
        } else {
            heuristic
        };
        self.nearness = Estimator::on(near_kind, &topology, self.goal_xy);
        self.step_units = step_units(&movement);
        self.offsets = topology.offsets();
        self.steps = topology.steps();
        self.parity_mask = (topology.parity(1, 0) as u32, topology.parity(0, 1) as u32);
        self.diagonal_moves = (0..8)
            .filter(|&d| topology.is_diagonal(d))
            .fold(0, |bits, d| bits | 1 << d);
        self.direction_count = topology.move_count();
        self.direct_goal = settings.algorithm.jumps()
            && self.direction_count == 8
            && settings.weight == 1.0
            && heuristic == Heuristic::Octile
            && diagonal_units(movement.diagonal_cost) <= 2 * COST_SCALE;
        self.orders = successor_orders(&topology, settings.neighbour_order);
        self.configured = true;
    }

    /// Sets every cell's state byte to [`UNVISITED`] for a map of `cells` cells. When the
    /// size is unchanged and the last search touched few cells, only those are put back
    /// (`touched`, and the cells of `path` when they were painted, which `build_path` marks
    /// without listing them); otherwise the whole array is filled, which is cheaper per cell
    /// than scattered writes once a search has touched more than a sixteenth of the map.
    fn clear_states(&mut self, cells: usize) {
        let painted: &[u32] = if self.path_painted { &self.path } else { &[] };
        self.path_painted = false;
        if self.state.len() == cells && self.touched.len() + painted.len() <= touched_read(cells) {
            for list in [&self.touched[..], painted] {
                for &c in list {
                    if let Some(s) = self.state.get_mut(c as usize) {
                        *s = UNVISITED;
                    }
                }
            }
        } else {
            self.state.clear();
            self.state.resize(cells, UNVISITED);
        }
        self.touched.clear();
        self.touched.reserve(2 * touched_read(cells));
    }
}
