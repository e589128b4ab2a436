//! Lanes: more than one search on the same map, each with its own settings and timeline
//! (compare mode's columns). Edits reach every lane; stepping, seeking and settings act on
//! the lane a call names: there is no current lane. [`Planner::lane`] reads one lane
//! ([`LaneRef`]), [`Planner::lane_mut`] also changes it ([`LaneMut`]); a planner with one
//! lane hands it out as [`Planner::only`] and [`Planner::only_mut`].

use super::state::{Lane, LaneId, Planner, PlannerError, Scene};
use crate::grid::{Grid, Movement};
use crate::search::{Algorithm, PlanError, Searcher, Settings};

/// One lane of a planner, to read: its settings, its search and what it shows.
#[derive(Clone, Copy)]
pub struct LaneRef<'a> {
    pub(super) planner: &'a Planner,
    pub(super) index: usize,
}

/// One lane of a planner, to read and change: stepping, seeking, its settings, and the
/// planner changes that take this lane's settings (a new map, the field's movement).
pub struct LaneMut<'a> {
    pub(super) planner: &'a mut Planner,
    pub(super) index: usize,
}

impl<'a> LaneRef<'a> {
    /// The lane's id.
    pub fn id(&self) -> LaneId {
        self.lane().id
    }

    /// The lane's state.
    pub(super) fn lane(&self) -> &'a Lane {
        &self.planner.lanes[self.index]
    }

    /// The planner the lane belongs to.
    pub fn planner(&self) -> &'a Planner {
        self.planner
    }
}

impl<'a> LaneRef<'a> {
    /// The lane's search.
    pub fn search(&self) -> &'a dyn Searcher {
        self.lane().search.as_ref()
    }

    /// Why the lane's search could not be restarted after the last edit (for instance Jump
    /// Point Search once terrain costs other than 1 were painted), or `None`. While set, the
    /// search shows its last state and steps do nothing.
    pub fn refused(&self) -> Option<&'a PlanError> {
        self.lane().refused.as_ref()
    }

    /// The lane's settings.
    pub fn settings(&self) -> &'a Settings {
        &self.lane().settings
    }

    /// Why `algorithm` cannot run on the map with this lane's other settings (the page
    /// greys the option out and shows this), or `None` when it can.
    pub fn unavailable(&self, algorithm: Algorithm) -> Option<String> {
        let settings = Settings {
            algorithm,
            ..*self.settings()
        };
        settings.unavailable_on(self.planner.grid())
    }

    /// The movement rules the view's bytes follow: the field's own (its flow bytes count
    /// its moves), else this lane's.
    pub fn view_movement(&self) -> Movement {
        self.planner
            .field()
            .map_or(self.settings().movement, |f| *f.movement())
    }
}

impl LaneMut<'_> {
    /// Replaces the map. Markers that fall outside or on a wall move to the nearest passable
    /// cell; a map without any passable cell is refused. This lane's settings are kept where
    /// they fit the new map ([`Settings::fitted_to`]: a map of hexagons takes no octile
    /// heuristic, a map with terrain no Jump Point Search). Clears the undo history.
    pub fn load_grid(&mut self, grid: Grid) -> Result<(), PlannerError> {
        let scene = &self.planner.scene;
        let start = grid.nearest_passable(scene.start).ok_or_else(|| {
            PlannerError::Other("this map has no passable cell to start from".into())
        })?;
        let goal = grid.nearest_passable(scene.goal).unwrap_or(start);
        let settings = self.get().settings().fitted_to(&grid);
        self.load_map(grid, start, goal, settings)
    }

    /// Replaces the map, the markers and this lane's settings, all or nothing (a share
    /// link, a generated map). Every other lane keeps its settings where they apply to the
    /// new map and takes `settings` where they do not. Clears the undo history.
    pub fn load_map(
        &mut self,
        grid: Grid,
        start: (u32, u32),
        goal: (u32, u32),
        settings: Settings,
    ) -> Result<(), PlannerError> {
        self.planner
            .load_map_at(self.index, grid, start, goal, settings)
    }
}

impl LaneMut<'_> {
    /// The lane, to read.
    pub fn get(&self) -> LaneRef<'_> {
        LaneRef {
            planner: self.planner,
            index: self.index,
        }
    }

    /// The planner the lane belongs to.
    pub fn planner(&mut self) -> &mut Planner {
        self.planner
    }

    /// The lane with the scene it searches, borrowed apart.
    pub(super) fn parts(&mut self) -> (&mut Lane, &Scene) {
        (&mut self.planner.lanes[self.index], &self.planner.scene)
    }
}

impl Planner {
    /// Lane `id`, to read; refused for an id that names no lane (one removed, say).
    pub fn lane(&self, id: LaneId) -> Result<LaneRef<'_>, PlannerError> {
        let index = self.lane_index(id).ok_or_else(|| no_lane(id))?;
        Ok(LaneRef {
            planner: self,
            index,
        })
    }

    /// Lane `id`, to read and change; refused for an id that names no lane.
    pub fn lane_mut(&mut self, id: LaneId) -> Result<LaneMut<'_>, PlannerError> {
        let index = self.lane_index(id).ok_or_else(|| no_lane(id))?;
        Ok(LaneMut {
            planner: self,
            index,
        })
    }

    /// The planner's only lane, to read: for a planner with one lane (the single page, the
    /// CLI, tests).
    ///
    /// # Panics
    ///
    /// When the planner has more than one lane: name it with [`Planner::lane`].
    pub fn only(&self) -> LaneRef<'_> {
        assert_eq!(self.lanes.len(), 1, "{}", MANY_LANES);
        LaneRef {
            planner: self,
            index: 0,
        }
    }

    /// The planner's only lane, to read and change.
    ///
    /// # Panics
    ///
    /// When the planner has more than one lane: name it with [`Planner::lane_mut`].
    pub fn only_mut(&mut self) -> LaneMut<'_> {
        assert_eq!(self.lanes.len(), 1, "{}", MANY_LANES);
        LaneMut {
            planner: self,
            index: 0,
        }
    }

    /// Adds a lane with lane `like`'s settings and a fresh search, and returns its id.
    pub fn add_lane(&mut self, like: LaneId) -> Result<LaneId, PlannerError> {
        let settings = self.lane(like)?.lane().settings;
        let id = self.next_lane;
        let lane = Lane::new(id, &self.scene, settings)?;
        self.lanes.push(lane);
        self.next_lane = self.next_lane.wrapping_add(1);
        self.bump();
        Ok(id)
    }

    /// Removes lane `id`; returns false (and keeps it) when it is the last lane or unknown.
    pub fn remove_lane(&mut self, id: LaneId) -> bool {
        let Some(i) = self.lane_index(id) else {
            return false;
        };
        if self.lanes.len() == 1 {
            return false;
        }
        self.lanes.remove(i);
        self.bump();
        true
    }

    /// The lanes' ids, in the order they were added.
    pub fn lane_ids(&self) -> Vec<LaneId> {
        self.lanes.iter().map(|l| l.id).collect()
    }

    fn lane_index(&self, id: LaneId) -> Option<usize> {
        self.lanes.iter().position(|l| l.id == id)
    }
}

/// The refusal of a lane id that names no lane.
fn no_lane(id: LaneId) -> PlannerError {
    PlannerError::Other(format!("there is no lane {id}: it was removed"))
}

const MANY_LANES: &str = "this planner has more than one lane: name one with lane(id)";
