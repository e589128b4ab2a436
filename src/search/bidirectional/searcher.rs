//! Bidirectional A* as a [`Searcher`]: restarting both sides, stepping, the node inspector
//! (a cell's g from either side), and the open lists in key order with why the first entry
//! goes first.

use super::*;

impl Searcher for Bidirectional {
    common_searcher_methods!(cells);

    fn restart(
        &mut self,
        grid: &Grid,
        start: (u32, u32),
        goal: (u32, u32),
        settings: &Settings,
    ) -> Result<(), PlanError> {
        let (start_index, goal_index) = checked_ends(grid, start, goal, settings)?;
        let movement = settings.movement;
        let topology = Topology::of(grid, &movement);
        self.topology = topology;
        self.width = grid.width();
        self.height = grid.height();
        self.start = start_index;
        self.goal = goal_index;
        self.settings = *settings;
        self.step_units = step_units(&movement);
        self.direction_count = topology.move_count();
        let heuristic = settings.heuristic_on(&topology);
        let cells = grid.len();
        let to_goal = Estimator::on(heuristic, &topology, goal);
        let to_start = Estimator::on(heuristic, &topology, start);
        self.sides[0].reset(cells, to_goal, to_start);
        self.sides[1].reset(cells, to_start, to_goal);
        self.state.clear();
        self.state.resize(cells, UNVISITED);
        self.marks.clear();
        self.marks.resize(cells, MARK_UNVISITED);
        // Node words are read only where a mark says the side reached the cell.
        self.nodes.resize(cells, 0);
        self.overlap.clear();
        self.best = None;
        self.next_seq = 0;
        self.status = Status::Running;
        self.stats = Stats::default();
        self.path.clear();
        self.current = None;
        for (s, cell) in [(0, start_index), (1, goal_index)] {
            self.set_node(s, cell as usize, LINK_ROOT);
            self.set_mark(s, cell as usize, MARK_OPEN);
            let mut view = SideCells {
                marks: &self.marks,
                nodes: &self.nodes,
                overlap: &self.overlap,
                side: s,
            };
            let side = &mut self.sides[s];
            let key = side.key(0, cell % self.width, cell / self.width);
            side.open
                .push(Entry::new(key, 0, s as u64, cell), &mut view);
            side.open_count = 1;
        }
        self.state[start_index as usize] = OPEN;
        self.state[goal_index as usize] = BACK_OPEN;
        self.stats.generated = 2;
        if start_index == goal_index {
            self.best = Some((0, start_index));
            self.stats.generated = 1;
        }
        self.stats.open_size = 2;
        self.stats.max_open = 2;
        Ok(())
    }

    fn run(
        &mut self,
        grid: &Grid,
        budget: Budget,
        now_ms: &dyn Fn() -> f64,
    ) -> Result<Status, PlanError> {
        run_engine(self, grid, budget, now_ms)
    }

    fn handles(&self, algorithm: Algorithm) -> bool {
        algorithm == Algorithm::Bidirectional
    }

    /// The forward side's view of (x, y) (g from the start, h to the goal), or the backward
    /// side's (g to the goal, h from the start) for a cell only the backward side reached.
    fn node(&self, x: u32, y: u32) -> Option<NodeInfo> {
        if x >= self.width || y >= self.height {
            return None;
        }
        let c = (y * self.width + x) as usize;
        let s = usize::from(self.mark(0, c) == MARK_UNVISITED);
        let known = self.mark(s, c) != MARK_UNVISITED;
        let g = known.then(|| self.g(s, c) as f64 / COST_SCALE as f64);
        let h = self.sides[s].estimator.cost(x, y);
        Some(NodeInfo {
            x,
            y,
            state: CellState::from_byte(self.state[c]).unwrap_or(CellState::Unvisited),
            g,
            h,
            f: g.map(|g| g + h),
            parent: known
                .then(|| self.parent(s, c))
                .flatten()
                .map(|p| self.coords(p)),
            expansion: (self.mark(s, c) == MARK_CLOSED)
                .then(|| self.sides[s].expansions.get(c))
                .flatten(),
        })
    }

    /// The side the cardinality rule grows next, its entries in pop order.
    fn keep_expansion_numbers(&mut self, on: bool) {
        for side in &mut self.sides {
            side.expansions.set_on(on, self.state.len());
        }
    }

    fn open_top(&self, n: usize) -> Vec<OpenEntry> {
        let s = self.next_side();
        let side = &self.sides[s];
        side.open
            .top(n, &self.side_cells(s))
            .iter()
            .map(|e| {
                let c = e.cell();
                let (x, y) = self.coords(c);
                let g = self.g(s, c as usize) as f64 / COST_SCALE as f64;
                let h = side.estimator.cost(x, y);
                OpenEntry {
                    x,
                    y,
                    g,
                    h,
                    f: g + h,
                    direction: Some(if s == 0 { "forward" } else { "backward" }),
                    key: None,
                }
            })
            .collect()
    }

    fn open_why(&self) -> String {
        let s = self.next_side();
        let open = &self.sides[s].open;
        let view = self.side_cells(s);
        let Some(top) = open.top(1, &view).first().copied() else {
            return String::new();
        };
        let (f, b) = (self.sides[0].open_count, self.sides[1].open_count);
        let side = if f == b {
            format!("frontiers equal ({f}), forward first")
        } else if s == 0 {
            format!("forward frontier smaller ({f} < {b})")
        } else {
            format!("backward frontier smaller ({b} < {f})")
        };
        // Keys are doubled and offset (see KEY_OFFSET), so the reason names no value.
        let reason = if open.ties(&top, &view).0 > 0 {
            "tie on f: ties go to the larger g"
        } else {
            "lowest f"
        };
        format!("{side} (cardinality rule); {reason} there")
    }
}
