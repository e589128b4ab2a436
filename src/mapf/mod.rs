//! Multi-agent path finding (MAPF): many agents on one square grid, each from its start to
//! its goal, all moving at once in unit time steps.
//!
//! - [`problem`]: the map (walls only, 4-connected, every step one time unit) and the agents;
//!   single-agent distances by BFS from each goal; the lower bounds.
//! - [`plan`]: one time-indexed path per agent; sum of costs and makespan.
//! - [`validate()`]: **the one validator**, naming the first rule a plan breaks (vertex and
//!   swap conflicts, an agent entering a finished agent's goal, jumps, walls, wrong ends).
//! - [`solver`]: the [`Solver`] stepper every solver is, and [`run`]; [`table`]: the
//!   solvers' table (id, label, pseudocode) and [`new_solver`].
//! - The solvers: [`pp`] (prioritized planning on [`spacetime`] A*), [`cbs`] (with [`mdd`]),
//!   [`pibt`] and [`lacam`].
//! - [`text`]: `.scen` agents and the plain solution format of the LaCAM/PIBT family.
//! - [`scene`]: the agents a page places, its last solve or import, and the plan as dense cells.
//! - [`tree`]: CBS's constraint tree as a page shows it (a solve with its steps recorded).
//! - [`live`]: a solve stepped as a page watches it, each step a [`live::Frame`] to draw;
//!   [`words`]: what a step did in words, and the pseudocode line it lit.
//!
//! ```
//! use pathlab::{formats::movingai, mapf};
//! use std::rc::Rc;
//! let grid = movingai::parse_map("type octile\nheight 2\nwidth 3\nmap\n...\n...\n")?;
//! // Two agents trade ends of the top row: one goes straight, the other round the bottom.
//! let problem = Rc::new(mapf::Problem::new(&grid, &[((0, 0), (2, 0)), ((2, 0), (0, 0))])?);
//! let mut solver = mapf::new_solver(mapf::SolverId::Cbs, problem.clone(), 1);
//! let status = mapf::run(solver.as_mut(), mapf::MapfBudget::default(), &|| 0.0);
//! assert_eq!(status, mapf::MapfStatus::Solved);
//! let costs = mapf::validate(&problem, solver.plan().unwrap())?;
//! assert_eq!(costs.soc, 2 + 4);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod cbs;
pub mod lacam;
pub mod live;
pub mod mdd;
pub mod pibt;
pub mod plan;
pub mod pp;
pub mod problem;
pub mod scene;
pub mod solver;
pub mod spacetime;
pub mod steps;
pub mod table;
pub mod text;
pub mod tree;
pub mod validate;
pub mod words;

pub use plan::{Costs, Plan};
pub use problem::{Agent, Ends, Problem, ProblemError};
pub use solver::{run, MapfBudget, MapfStatus, Solver, StepReport};
pub use table::{new_solver, SolverId, SolverInfo, SOLVERS};
pub use validate::{validate, Violation, ViolationKind};
