//! The planner's state and its accessors: the scene every lane searches (the grid, the
//! markers, the mesh, the edit history), the lanes (each a search with its settings and
//! timeline), and the errors a planner action can refuse with.

use super::changed::Changed;
use super::view_state::Views;
use crate::grid::{Grid, GridError};
use crate::search::mesh::{Mesh, MeshSearch};
use crate::search::{new_search, Algorithm, PlanError, Searcher, Settings};
use crate::timeline::{Checkpoints, Timeline, MAX_TIMELINE_BYTES};
use std::fmt;

/// Why a planner action was refused. The planner is unchanged after any error.
#[derive(Clone, Debug, PartialEq)]
pub enum PlannerError {
    /// A bad start, goal or setting.
    Plan(PlanError),
    /// A bad map size or content.
    Grid(GridError),
    /// Anything else, said in words.
    Other(String),
}

impl fmt::Display for PlannerError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlannerError::Plan(e) => e.fmt(f),
            PlannerError::Grid(e) => e.fmt(f),
            PlannerError::Other(m) => f.write_str(m),
        }
    }
}

impl std::error::Error for PlannerError {}

impl From<PlanError> for PlannerError {
    fn from(e: PlanError) -> Self {
        PlannerError::Plan(e)
    }
}

impl From<GridError> for PlannerError {
    fn from(e: GridError) -> Self {
        PlannerError::Grid(e)
    }
}

/// Where the start and goal markers are: `(start, goal)`.
pub(super) type Markers = ((u32, u32), (u32, u32));

/// One undoable change: a stroke of cell changes and marker moves.
#[derive(Clone, Debug, Default, PartialEq)]
pub(super) struct Edit {
    /// (cell index, byte before, byte after), in the order they happened.
    pub(super) cells: Vec<(u32, u8, u8)>,
    /// The markers before and after, when they moved.
    pub(super) markers: Option<[Markers; 2]>,
}

impl Edit {
    pub(super) fn is_empty(&self) -> bool {
        self.cells.is_empty() && self.markers.is_none()
    }
}

/// What every lane of a planner searches: the map, the markers and the node mesh, and how
/// searches are recorded.
#[derive(Clone, Debug)]
pub(super) struct Scene {
    pub(super) grid: Grid,
    pub(super) start: (u32, u32),
    pub(super) goal: (u32, u32),
    /// The waypoint graph A* on a node mesh searches (edited in the page's Mesh mode).
    pub(super) mesh: Mesh,
    /// The most bytes a timeline may take ([`MAX_TIMELINE_BYTES`] unless set).
    pub(super) timeline_cap: usize,
    /// Whether searches are recorded for the timeline (on unless switched off).
    pub(super) recording: bool,
    /// The clock for the runs the planner makes on its own (re-planning after an edit), in
    /// milliseconds: the native monotonic clock, or none (0) until the wasm glue gives it
    /// `performance.now()` ([`Planner::set_clock`]).
    pub(super) clock: fn() -> f64,
}

/// A name for one lane of a planner, stable while other lanes come and go.
pub type LaneId = u32;

/// One search on the planner's scene, with its own settings and timeline: the page has one
/// lane, compare mode one per column.
#[derive(Clone, Debug)]
pub(super) struct Lane {
    pub(super) id: LaneId,
    pub(super) settings: Settings,
    pub(super) search: Box<dyn Searcher>,
    /// Why the last restart was refused (say Jump Point Search after terrain was painted);
    /// the search then stays finished with no path until the cause goes away.
    pub(super) refused: Option<PlanError>,
    /// The current search's recorded history ([`crate::timeline`]).
    pub(super) timeline: Timeline,
    /// The timeline is begun but not started: its copies wait for the first step.
    pub(super) timeline_pending: bool,
    /// The timeline, checkpoints and recorder are empty and off, as a start with recording
    /// off leaves them, and nothing was recorded since: the next such start has nothing to
    /// drop (a query after a query, as an app that only wants answers makes them).
    pub(super) unrecorded: bool,
    /// Searcher copies to rebuild node details and the open list at a past step.
    pub(super) checkpoints: Checkpoints,
    /// The step shown when scrubbed back; `None` while the live search is shown.
    pub(super) position: Option<usize>,
    /// The step an edit made while scrubbed back re-planned to: the next edits re-plan to it
    /// again (a stroke is many edits), until the user steps, runs, seeks or resets.
    pub(super) held: Option<usize>,
    /// The live search's expansion count when the timeline began (its step 0).
    pub(super) base_expanded: u64,
    /// The cells this lane may show differently since the page last took the changed rows.
    pub(super) changed: Changed,
}

impl Lane {
    /// A lane searching `scene` with `settings`, its timeline begun.
    pub(super) fn new(id: LaneId, scene: &Scene, settings: Settings) -> Result<Lane, PlanError> {
        let search = searcher_for(&scene.grid, scene.start, scene.goal, &settings, &scene.mesh)?;
        let mut lane = Lane {
            id,
            settings,
            search,
            refused: None,
            timeline: Timeline::default(),
            timeline_pending: false,
            unrecorded: false,
            checkpoints: Checkpoints::default(),
            position: None,
            held: None,
            base_expanded: 0,
            changed: Changed::all(),
        };
        lane.begin_timeline(scene);
        Ok(lane)
    }
}

/// A grid, start, goal and node mesh with an edit history, and one or more lanes, each a
/// search with its own settings and timeline on that same map.
///
/// Edits (strokes, markers, undo, the mesh, a new map) change the one map every lane
/// searches, and each lane then repairs or restarts its search. Stepping, seeking and
/// settings act on the lane a call names ([`Planner::lane_mut`]); a planner starts with
/// one lane, which is all the single page uses ([`Planner::only_mut`]). Compare mode adds
/// a lane per column ([`Planner::add_lane`]), so its columns cannot drift apart.
/// [`Planner::apply`] makes any change from a checked [`crate::command::Command`].
#[derive(Clone, Debug)]
pub struct Planner {
    pub(super) scene: Scene,
    /// Never empty.
    pub(super) lanes: Vec<Lane>,
    pub(super) next_lane: LaneId,
    pub(super) undo: Vec<Edit>,
    pub(super) redo: Vec<Edit>,
    /// The stroke being drawn, between `begin_stroke` and `end_stroke`.
    pub(super) stroke: Option<Edit>,
    /// The view beside the search: the distance field or the movement range, if shown.
    pub(super) views: Views,
    /// Bumped by every method that can change what a picture of any lane shows.
    pub(super) version: u32,
}

impl Planner {
    /// An open width × height map with the start at the top-left and the goal at the
    /// bottom-right corner, and default settings (A*, octile, Moving AI movement).
    pub fn new(width: u32, height: u32) -> Result<Planner, PlannerError> {
        let grid = Grid::new(width, height)?;
        Self::with_grid(grid, (0, 0), (width - 1, height - 1), Settings::default())
    }

    /// A planner on `grid`. The markers must be on passable cells.
    pub fn with_grid(
        grid: Grid,
        start: (u32, u32),
        goal: (u32, u32),
        settings: Settings,
    ) -> Result<Planner, PlannerError> {
        let scene = Scene {
            grid,
            start,
            goal,
            mesh: Mesh::new(),
            timeline_cap: MAX_TIMELINE_BYTES,
            recording: true,
            clock: default_clock,
        };
        let lane = Lane::new(0, &scene, settings)?;
        Ok(Planner {
            scene,
            lanes: vec![lane],
            next_lane: 1,
            undo: Vec::new(),
            redo: Vec::new(),
            stroke: None,
            views: Views::default(),
            version: 1,
        })
    }

    /// A counter that changes whenever what a picture of any lane shows may have changed
    /// (edits, steps, seeks, loads, settings, markers, the mesh, the views); never by a read.
    /// Painters repaint, and panels read the state again, only when it moved.
    pub fn version(&self) -> u32 {
        self.version
    }

    /// Marks a change for [`Planner::version`]: every mutator of the planner calls it.
    pub(super) fn bump(&mut self) {
        self.version = self.version.wrapping_add(1);
    }

    /// The map.
    pub fn grid(&self) -> &Grid {
        &self.scene.grid
    }

    /// Sets the clock (milliseconds, monotonic) for the runs the planner makes on its own,
    /// such as re-planning after an edit, so their time counts in the statistics.
    pub fn set_clock(&mut self, clock: fn() -> f64) {
        self.scene.clock = clock;
    }

    /// The clock of the runs the planner makes ([`Planner::set_clock`]).
    pub fn clock(&self) -> fn() -> f64 {
        self.scene.clock
    }

    /// The start cell.
    pub fn start(&self) -> (u32, u32) {
        self.scene.start
    }

    /// The goal cell.
    pub fn goal(&self) -> (u32, u32) {
        self.scene.goal
    }

    /// Replaces the map, the markers and lane `index`'s settings, all or nothing. Every
    /// other lane keeps its settings where they apply to the new map and takes `settings`
    /// where they do not. Clears the undo history.
    pub(super) fn load_map_at(
        &mut self,
        index: usize,
        grid: Grid,
        start: (u32, u32),
        goal: (u32, u32),
        settings: Settings,
    ) -> Result<(), PlannerError> {
        let scene = Scene {
            grid,
            start,
            goal,
            // The old mesh's nodes may sit on the new map's walls: a new map starts without one.
            mesh: Mesh::new(),
            ..self.scene
        };
        let mut lanes = Vec::with_capacity(self.lanes.len());
        for (i, old) in self.lanes.iter().enumerate() {
            let lane = if i == index {
                Lane::new(old.id, &scene, settings)?
            } else {
                Lane::new(old.id, &scene, old.settings)
                    .or_else(|_| Lane::new(old.id, &scene, settings.fitted_to(&scene.grid)))?
            };
            lanes.push(lane);
        }
        self.scene = scene;
        self.lanes = lanes;
        self.undo.clear();
        self.redo.clear();
        self.stroke = None;
        self.views_after_load();
        self.bump();
        Ok(())
    }
}

/// The clock a planner starts with: monotonic natively; none in wasm, where `Instant` panics.
fn default_clock() -> f64 {
    #[cfg(not(target_arch = "wasm32"))]
    return crate::clock::monotonic_ms();
    #[cfg(target_arch = "wasm32")]
    return 0.0;
}

/// A new search for `settings`; A* on a node mesh searches `mesh` (the generic
/// [`new_search`] would generate one from the map).
pub(super) fn searcher_for(
    grid: &Grid,
    start: (u32, u32),
    goal: (u32, u32),
    settings: &Settings,
    mesh: &Mesh,
) -> Result<Box<dyn Searcher>, PlanError> {
    if settings.algorithm == Algorithm::Mesh {
        settings.check_on(grid)?;
        Ok(Box::new(MeshSearch::new(
            grid,
            start,
            goal,
            settings,
            mesh.clone(),
        )?))
    } else {
        new_search(grid, start, goal, settings)
    }
}
