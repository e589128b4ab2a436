//! The MAPF problem: a square grid of walls and open cells (4-connected, unit time), agents
//! each with a start and a goal, and the single-agent distances every solver steers by.
//!
//! Cells are numbered `y * width + x`, as in [`Grid`]. Terrain costs are ignored: every
//! open cell costs one time step to enter, and waiting costs one time step too.

use crate::grid::{Grid, Shape};
use std::collections::VecDeque;
use std::fmt;

/// A cell index no cell has: "none" in the solvers' dense tables.
pub const NONE: u32 = u32::MAX;

/// An agent's start and goal as (x, y) cells.
pub type Ends = ((u32, u32), (u32, u32));

/// One agent: where it starts and where it must end.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Agent {
    /// The start cell's index (`y * width + x`).
    pub start: u32,
    /// The goal cell's index.
    pub goal: u32,
}

/// Why a set of agents does not make a problem on a map.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ProblemError {
    /// The map's cells are not squares.
    NotSquare,
    /// An agent's start or goal is outside the map.
    OffMap {
        /// The agent.
        agent: usize,
        /// The cell (x, y).
        cell: (u32, u32),
    },
    /// An agent's start or goal is a wall.
    Wall {
        /// The agent.
        agent: usize,
        /// The cell (x, y).
        cell: (u32, u32),
    },
    /// Two agents start on one cell.
    SameStart {
        /// The first agent.
        first: usize,
        /// The second agent.
        second: usize,
    },
    /// Two agents share a goal.
    SameGoal {
        /// The first agent.
        first: usize,
        /// The second agent.
        second: usize,
    },
    /// No way joins an agent's start to its goal.
    Unreachable {
        /// The agent.
        agent: usize,
    },
}

impl fmt::Display for ProblemError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ProblemError::NotSquare => write!(f, "multi-agent path finding needs square cells"),
            ProblemError::OffMap { agent, cell } => {
                write!(
                    f,
                    "agent {agent}: cell ({}, {}) is off the map",
                    cell.0, cell.1
                )
            }
            ProblemError::Wall { agent, cell } => {
                write!(f, "agent {agent}: cell ({}, {}) is a wall", cell.0, cell.1)
            }
            ProblemError::SameStart { first, second } => {
                write!(f, "agents {first} and {second} start on the same cell")
            }
            ProblemError::SameGoal { first, second } => {
                write!(f, "agents {first} and {second} have the same goal")
            }
            ProblemError::Unreachable { agent } => {
                write!(f, "agent {agent}: no way joins its start to its goal")
            }
        }
    }
}

impl std::error::Error for ProblemError {}

/// A MAPF instance: the open cells and their 4-connected neighbours, the agents, and each
/// agent's distance table (BFS from its goal).
#[derive(Clone, Debug)]
pub struct Problem {
    width: u32,
    height: u32,
    passable: Vec<bool>,
    /// Neighbours of cell `v` are `adjacent[first[v]..first[v + 1]]`.
    first: Vec<u32>,
    adjacent: Vec<u32>,
    agents: Vec<Agent>,
    /// `distances[i][v]`: moves from `v` to agent i's goal, [`NONE`] where unreachable.
    distances: Vec<Vec<u32>>,
}

impl Problem {
    /// The problem of moving each agent from its start `(x, y)` to its goal `(x, y)` on
    /// `grid` (walls block, every other cell is open).
    ///
    /// ```
    /// use pathlab::{formats::movingai, mapf::Problem};
    /// let grid = movingai::parse_map("type octile\nheight 1\nwidth 3\nmap\n...\n")?;
    /// let problem = Problem::new(&grid, &[((0, 0), (2, 0))])?;
    /// assert_eq!(problem.lower_bound(), (2, 2));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(grid: &Grid, agents: &[Ends]) -> Result<Problem, ProblemError> {
        if grid.shape() != Shape::Square {
            return Err(ProblemError::NotSquare);
        }
        let (width, height) = (grid.width(), grid.height());
        let passable: Vec<bool> = grid.bytes().iter().map(|&b| b != 0).collect();
        let mut first = Vec::with_capacity(passable.len() + 1);
        let mut adjacent = Vec::new();
        for y in 0..height as i64 {
            for x in 0..width as i64 {
                first.push(adjacent.len() as u32);
                if !grid.is_passable(x, y) {
                    continue;
                }
                for (dx, dy) in [(0, -1), (1, 0), (0, 1), (-1, 0)] {
                    if grid.is_passable(x + dx, y + dy) {
                        adjacent.push(((y + dy) * width as i64 + x + dx) as u32);
                    }
                }
            }
        }
        first.push(adjacent.len() as u32);
        let mut problem = Problem {
            width,
            height,
            passable,
            first,
            adjacent,
            agents: Vec::with_capacity(agents.len()),
            distances: Vec::new(),
        };
        let mut start_of = vec![NONE; problem.passable.len()];
        let mut goal_of = vec![NONE; problem.passable.len()];
        for (i, &(s, g)) in agents.iter().enumerate() {
            let start = problem.open_cell(i, s)?;
            let goal = problem.open_cell(i, g)?;
            if start_of[start as usize] != NONE {
                let first = start_of[start as usize] as usize;
                return Err(ProblemError::SameStart { first, second: i });
            }
            if goal_of[goal as usize] != NONE {
                let first = goal_of[goal as usize] as usize;
                return Err(ProblemError::SameGoal { first, second: i });
            }
            start_of[start as usize] = i as u32;
            goal_of[goal as usize] = i as u32;
            problem.agents.push(Agent { start, goal });
        }
        let distances: Vec<Vec<u32>> = problem.agents.iter().map(|a| problem.bfs(a.goal)).collect();
        for (i, agent) in problem.agents.iter().enumerate() {
            if distances[i][agent.start as usize] == NONE {
                return Err(ProblemError::Unreachable { agent: i });
            }
        }
        problem.distances = distances;
        Ok(problem)
    }

    fn open_cell(&self, agent: usize, (x, y): (u32, u32)) -> Result<u32, ProblemError> {
        if x >= self.width || y >= self.height {
            return Err(ProblemError::OffMap {
                agent,
                cell: (x, y),
            });
        }
        let v = y * self.width + x;
        if !self.passable[v as usize] {
            return Err(ProblemError::Wall {
                agent,
                cell: (x, y),
            });
        }
        Ok(v)
    }

    /// Moves from every cell to `target` (breadth-first), [`NONE`] where no way leads.
    pub fn bfs(&self, target: u32) -> Vec<u32> {
        let mut dist = vec![NONE; self.passable.len()];
        let mut queue = VecDeque::new();
        dist[target as usize] = 0;
        queue.push_back(target);
        while let Some(u) = queue.pop_front() {
            let d = dist[u as usize] + 1;
            for &v in self.neighbours(u) {
                if dist[v as usize] == NONE {
                    dist[v as usize] = d;
                    queue.push_back(v);
                }
            }
        }
        dist
    }

    /// The map's width in cells.
    pub fn width(&self) -> u32 {
        self.width
    }

    /// The map's height in cells.
    pub fn height(&self) -> u32 {
        self.height
    }

    /// The number of cells (open or not).
    pub fn cell_count(&self) -> usize {
        self.passable.len()
    }

    /// Whether `v` is an open cell of the map.
    pub fn is_open(&self, v: u32) -> bool {
        self.passable.get(v as usize).copied().unwrap_or(false)
    }

    /// The open cells next to `v` (up, right, down, left).
    pub fn neighbours(&self, v: u32) -> &[u32] {
        let v = v as usize;
        &self.adjacent[self.first[v] as usize..self.first[v + 1] as usize]
    }

    /// Whether an agent may go from `u` to `v` in one step (a move to a neighbour or a wait).
    pub fn is_step(&self, u: u32, v: u32) -> bool {
        u == v || (self.is_open(u) && self.neighbours(u).contains(&v))
    }

    /// Cell `v` as (x, y).
    pub fn coords(&self, v: u32) -> (u32, u32) {
        (v % self.width, v / self.width)
    }

    /// The cell at (x, y), if it is on the map.
    pub fn cell(&self, x: u32, y: u32) -> Option<u32> {
        (x < self.width && y < self.height).then_some(y * self.width + x)
    }

    /// The agents.
    pub fn agents(&self) -> &[Agent] {
        &self.agents
    }

    /// Moves from `v` to agent `i`'s goal ignoring the other agents; [`NONE`] if none lead.
    pub fn dist(&self, i: usize, v: u32) -> u32 {
        self.distances[i][v as usize]
    }

    /// Every agent's start, as a configuration.
    pub fn starts(&self) -> Vec<u32> {
        self.agents.iter().map(|a| a.start).collect()
    }

    /// Every agent's goal, as a configuration.
    pub fn goals(&self) -> Vec<u32> {
        self.agents.iter().map(|a| a.goal).collect()
    }

    /// The lower bounds (sum of costs, makespan): each agent's own shortest distance,
    /// summed and the largest.
    pub fn lower_bound(&self) -> (u64, u32) {
        let each = (0..self.agents.len()).map(|i| self.dist(i, self.agents[i].start));
        each.fold((0, 0), |(sum, max), d| (sum + d as u64, max.max(d)))
    }
}
