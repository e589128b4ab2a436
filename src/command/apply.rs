//! [`Planner::apply`]: the one entry for every change of a planner. A checked [`Command`]
//! becomes the planner calls it stands for, on the lane it names; what the change gave back
//! comes out as an [`Outcome`]. The page's buttons, keys and strokes, the JS API, the
//! embed's messages and the web component all end here, so each refusal is decided once.

use super::Command;
use crate::grid::Grid;
use crate::planner::{LaneId, LaneMut, Planner, PlannerError, WALKER_SEED};
use crate::search::{Budget, Settings, Status};

/// What a command gave back.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Outcome {
    /// Done (or there was nothing to do).
    Done,
    /// A step: the search's status after it.
    Status(Status),
    /// How many cells a stroke or a clear changed, walkers a release placed or a step of the
    /// crowd moved, nodes a generated mesh has.
    Count(usize),
    /// The mesh node added (or found) on the cell.
    Node(u32),
    /// Whether there was something to undo, redo or remove.
    Applied(bool),
    /// Where the walker stepped to, or `None` when it could not.
    Walked(Option<(u32, u32)>),
    /// The page's own business (run, pause, speed, reading the state, fetching a map, reading
    /// the settings of a message): the planner is unchanged.
    Page,
}

impl Outcome {
    /// The status of a step, or `None`.
    pub fn status(self) -> Option<Status> {
        match self {
            Outcome::Status(s) => Some(s),
            _ => None,
        }
    }

    /// The count, or 0.
    pub fn count(self) -> usize {
        match self {
            Outcome::Count(n) => n,
            _ => 0,
        }
    }

    /// Whether something was undone, redone or removed (true for other changes).
    pub fn applied(self) -> bool {
        !matches!(self, Outcome::Applied(false))
    }
}

impl Planner {
    /// Makes the change `command` stands for on lane `lane`, all or nothing: refused, with
    /// the planner unchanged, for a lane it does not have and for anything the change itself
    /// refuses (a marker on a wall, a setting the map does not take, a mesh edge through a
    /// wall…). Edits of the shared map, markers and mesh reach every lane; steps, seeks and
    /// settings only `lane`. Every change bumps [`Planner::version`].
    ///
    /// ```
    /// use pathlab::command::{Command, Outcome};
    /// use pathlab::{Cell, Planner, Status};
    /// let mut planner = Planner::new(10, 10)?;
    /// let lane = planner.lane_ids()[0];
    /// let wall = Command::Paint { from: (5, 0), to: (5, 8), brush: 1, cell: Cell::Wall };
    /// assert_eq!(planner.apply(lane, wall)?, Outcome::Count(9));
    /// let status = planner.apply(lane, Command::Step { n: 1_000_000 })?;
    /// assert_eq!(status, Outcome::Status(Status::Found));
    /// assert!(planner.apply(lane, Command::SetGoal { x: 5, y: 3 }).is_err(), "a wall");
    /// # Ok::<(), pathlab::PlannerError>(())
    /// ```
    pub fn apply(&mut self, lane: LaneId, command: Command) -> Result<Outcome, PlannerError> {
        let mut lane = self.lane_mut(lane)?;
        let done = |()| Outcome::Done;
        Ok(match command {
            Command::Step { n } => step(&mut lane, Budget::Expansions(u64::from(n.max(1)))),
            Command::Advance { budget } => step(&mut lane, budget),
            Command::Reset => {
                lane.reset_search();
                Outcome::Done
            }
            Command::Seek { step } => {
                lane.seek(usize::try_from(step).unwrap_or(usize::MAX));
                Outcome::Done
            }
            Command::SetStart { x, y } => lane.planner().set_start(x, y).map(done)?,
            Command::SetGoal { x, y } => lane.planner().set_goal(x, y).map(done)?,
            Command::Configure { settings } => lane.set_settings(settings).map(done)?,
            Command::SetView { view } => lane.set_view(view).map(done)?,
            Command::SetRange { x, y, budget } => lane.set_range((x, y), budget).map(done)?,
            Command::ReleaseWalkers { count, seed } => {
                let seed = seed.map_or(WALKER_SEED, u64::from);
                Outcome::Count(lane.planner().release_walkers(count as usize, seed)?.placed)
            }
            Command::StepWalkers => Outcome::Count(lane.planner().step_walkers()),
            Command::ClearWalkers => {
                lane.planner().clear_walkers();
                Outcome::Done
            }
            Command::AdvanceWalker => Outcome::Walked(lane.advance_walker()),
            Command::Paint {
                from,
                to,
                brush,
                cell,
            } => Outcome::Count(lane.planner().paint_line(from, to, brush, cell)),
            Command::BeginStroke => {
                lane.planner().begin_stroke();
                Outcome::Done
            }
            Command::EndStroke => {
                lane.planner().end_stroke();
                Outcome::Done
            }
            Command::ClearWalls => Outcome::Count(lane.planner().clear_walls()),
            Command::Undo => Outcome::Applied(lane.planner().undo()),
            Command::Redo => Outcome::Applied(lane.planner().redo()),
            Command::Load { grid, markers } => load(&mut lane, grid, markers).map(done)?,
            Command::Install {
                grid,
                start,
                goal,
                settings,
            } => {
                let settings = settings.unwrap_or_else(|| lane.get().settings().fitted_to(&grid));
                lane.load_map(grid, start, goal, settings).map(done)?
            }
            Command::Position {
                start,
                goal,
                settings,
            } => {
                let planner = lane.get().planner();
                let (start, goal) = (
                    start.unwrap_or(planner.start()),
                    goal.unwrap_or(planner.goal()),
                );
                lane.set_markers_and_settings(start, goal, settings)
                    .map(done)?
            }
            Command::AddMeshNode { x, y } => Outcome::Node(lane.planner().add_mesh_node(x, y)?),
            Command::ConnectMeshNodes { a, b } => {
                lane.planner().connect_mesh_nodes(a, b).map(done)?
            }
            Command::RemoveMeshNode { index } => {
                Outcome::Applied(lane.planner().remove_mesh_node(index))
            }
            Command::GenerateMesh => Outcome::Count(lane.planner().generate_mesh()?),
            Command::SetMesh { nodes, edges } => {
                lane.planner().set_mesh(&nodes, &edges).map(done)?
            }
            Command::SetRecording { on } => {
                lane.planner().set_recording(on);
                Outcome::Done
            }
            Command::Run
            | Command::Pause
            | Command::SetSpeed { .. }
            | Command::LoadMap
            | Command::SetSettings
            | Command::GetState
            | Command::SetAgents
            | Command::SolveAgents { .. }
            | Command::GetAgents => Outcome::Page,
        })
    }
}

/// Steps `lane` by `budget`, timed by the planner's clock.
fn step(lane: &mut LaneMut<'_>, budget: Budget) -> Outcome {
    let clock = lane.get().planner().clock();
    Outcome::Status(lane.step(budget, clock))
}

/// Replaces the map: `markers` place the start and goal when they are open cells of it (with
/// the lane's settings fitted to it); otherwise the markers move to the nearest open cells.
fn load(lane: &mut LaneMut<'_>, grid: Grid, markers: Option<[u32; 4]>) -> Result<(), PlannerError> {
    if let Some([sx, sy, gx, gy]) = markers {
        let settings: Settings = lane.get().settings().fitted_to(&grid);
        if lane
            .load_map(grid.clone(), (sx, sy), (gx, gy), settings)
            .is_ok()
        {
            return Ok(());
        }
    }
    lane.load_grid(grid)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Cell;
    use crate::planner::ViewKind;
    use crate::search::Algorithm;

    fn wall(x: u32) -> Command {
        Command::Paint {
            from: (x, 0),
            to: (x, 3),
            brush: 1,
            cell: Cell::Wall,
        }
    }

    #[test]
    fn edits_go_through_apply_and_undo_as_before() {
        let mut p = Planner::new(8, 5).unwrap();
        let lane = p.lane_ids()[0];
        assert_eq!(p.apply(lane, wall(3)).unwrap(), Outcome::Count(4));
        assert_eq!(p.grid().wall_count(), 4);
        assert_eq!(
            p.apply(lane, Command::Undo).unwrap(),
            Outcome::Applied(true)
        );
        assert_eq!(
            p.apply(lane, Command::Undo).unwrap(),
            Outcome::Applied(false)
        );
        assert_eq!(
            p.apply(lane, Command::Redo).unwrap(),
            Outcome::Applied(true)
        );
        let status = p.apply(lane, Command::Step { n: 1000 }).unwrap();
        assert_eq!(status, Outcome::Status(Status::Found));
        let walked = p.apply(lane, Command::AdvanceWalker).unwrap();
        assert_eq!(walked, Outcome::Walked(Some(p.start())));
        assert_eq!(
            p.apply(lane, Command::ClearWalls).unwrap(),
            Outcome::Count(4)
        );
    }

    #[test]
    fn a_refusal_is_decided_once_and_changes_nothing() {
        let mut p = Planner::new(8, 5).unwrap();
        let lane = p.lane_ids()[0];
        p.apply(lane, wall(3)).unwrap();
        let version = p.version();
        let err = p.apply(lane, Command::SetStart { x: 3, y: 1 }).unwrap_err();
        assert!(err.to_string().contains("wall"), "{err}");
        let err = p
            .apply(lane + 7, Command::Reset)
            .expect_err("a lane the planner does not have");
        assert_eq!(
            err.to_string(),
            format!("there is no lane {}: it was removed", lane + 7)
        );
        let bad = Command::SetRange {
            x: 3,
            y: 0,
            budget: 2.0,
        };
        assert!(p.apply(lane, bad).is_err(), "the range's cell is a wall");
        assert_eq!(p.version(), version, "refusals change nothing");
        assert_eq!(p.start(), (0, 0));
        for page in [
            Command::Run,
            Command::Pause,
            Command::GetState,
            Command::SetAgents,
            Command::GetAgents,
        ] {
            assert_eq!(p.apply(lane, page).unwrap(), Outcome::Page);
        }
        assert_eq!(
            p.version(),
            version,
            "the page's commands leave the planner alone"
        );
    }

    #[test]
    fn lane_commands_act_on_the_lane_they_name_only() {
        let mut p = Planner::new(8, 5).unwrap();
        let first = p.lane_ids()[0];
        let second = p.add_lane(first).unwrap();
        let settings = Settings {
            algorithm: Algorithm::Dijkstra,
            ..Settings::default()
        };
        p.apply(second, Command::Configure { settings }).unwrap();
        p.apply(second, Command::Step { n: 3 }).unwrap();
        let lane = |p: &Planner, id| {
            let l = p.lane(id).unwrap();
            (l.settings().algorithm, l.search().stats().expanded)
        };
        assert_eq!(lane(&p, first), (Algorithm::AStar, 0));
        assert_eq!(lane(&p, second), (Algorithm::Dijkstra, 3));
        // Compare mode's refusal, said once for every caller.
        let field = Command::SetView {
            view: ViewKind::Field,
        };
        let err = p.apply(second, field.clone()).unwrap_err();
        assert_eq!(
            err.to_string(),
            "setView: compare mode shows the paths only (no distance field or movement range)"
        );
        let walkers = Command::ReleaseWalkers {
            count: 3,
            seed: None,
        };
        assert!(p.apply(first, walkers).is_err());
        assert_eq!(p.view(), ViewKind::Path);
        assert!(p.remove_lane(second));
        p.apply(first, field).unwrap();
        assert_eq!(p.view(), ViewKind::Field);
    }

    #[test]
    fn a_load_places_markers_where_it_can_and_keeps_the_rest() {
        let mut p = Planner::new(8, 5).unwrap();
        let lane = p.lane_ids()[0];
        let mut grid = Grid::new(6, 4).unwrap();
        grid.set(1, 1, Cell::Wall);
        // A marker on a wall: the markers move to the nearest open cells instead.
        let load = Command::Load {
            grid: grid.clone(),
            markers: Some([1, 1, 5, 3]),
        };
        p.apply(lane, load).unwrap();
        assert_eq!((p.start(), p.goal()), ((0, 0), (5, 3)));
        let load = Command::Load {
            grid,
            markers: Some([2, 0, 4, 3]),
        };
        p.apply(lane, load).unwrap();
        assert_eq!((p.start(), p.goal()), ((2, 0), (4, 3)));
        let position = Command::Position {
            start: None,
            goal: Some((5, 0)),
            settings: Settings::default(),
        };
        p.apply(lane, position).unwrap();
        assert_eq!((p.start(), p.goal()), ((2, 0), (5, 0)));
    }
}
