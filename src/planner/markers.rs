//! The start and goal markers (undoable moves, checked before anything changes) and the
//! walker that moves the start along the path.

use super::lanes::LaneMut;
use super::state::{Edit, Planner, PlannerError};
use crate::search::{endpoint_index, Settings, Status};

impl Planner {
    /// Moves the start marker (undoable). Refused on a wall or outside the map.
    pub fn set_start(&mut self, x: u32, y: u32) -> Result<(), PlannerError> {
        self.move_markers((x, y), self.scene.goal)?;
        self.bump();
        Ok(())
    }

    /// Moves the goal marker (undoable). Refused on a wall or outside the map.
    pub fn set_goal(&mut self, x: u32, y: u32) -> Result<(), PlannerError> {
        self.move_markers(self.scene.start, (x, y))?;
        self.bump();
        Ok(())
    }

    fn move_markers(&mut self, start: (u32, u32), goal: (u32, u32)) -> Result<(), PlannerError> {
        endpoint_index(&self.scene.grid, "start", start)?;
        endpoint_index(&self.scene.grid, "goal", goal)?;
        if (start, goal) == (self.scene.start, self.scene.goal) {
            return Ok(());
        }
        let before = [(self.scene.start, self.scene.goal), (start, goal)];
        self.scene.start = start;
        self.scene.goal = goal;
        self.record(Edit {
            cells: Vec::new(),
            markers: Some(before),
        });
        Ok(())
    }
}

impl LaneMut<'_> {
    /// Moves both markers (one undo step) and replaces this lane's settings, all or
    /// nothing: the markers are checked and the settings validated before anything changes.
    /// Used by short links and Moving AI scenarios.
    pub fn set_markers_and_settings(
        &mut self,
        start: (u32, u32),
        goal: (u32, u32),
        settings: Settings,
    ) -> Result<(), PlannerError> {
        let grid = &self.planner.scene.grid;
        settings.check_on(grid)?;
        endpoint_index(grid, "start", start)?;
        endpoint_index(grid, "goal", goal)?;
        self.parts().0.settings = settings;
        self.planner.move_markers(start, goal)?;
        // move_markers restarts only when the markers moved; the settings may have changed.
        let (lane, scene) = self.parts();
        let was_done = lane.search.status().is_done();
        lane.restart_search(scene, was_done);
        self.planner.views_after_settings(settings.movement);
        self.planner.bump();
        Ok(())
    }

    /// Moves the start one step along this lane's path (seed 002's walker), without an
    /// undo step; every lane follows. D* Lite repairs its search from the new start; other
    /// algorithms re-plan from scratch. Returns the new start, or `None` (and changes
    /// nothing) when there is no grid path to walk or the walker has arrived.
    pub fn advance_walker(&mut self) -> Option<(u32, u32)> {
        let lane = self.get().lane();
        if lane.refused.is_some()
            || lane.search.status() != Status::Found
            || lane.search.is_any_angle()
        {
            return None;
        }
        let next = *lane.search.path_cells().get(1)?;
        let planner = &mut *self.planner;
        planner.scene.start = next;
        planner.each_lane(|lane, scene| lane.after_walk(scene));
        planner.bump();
        Some(next)
    }
}
