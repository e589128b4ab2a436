//! The start and goal markers (undoable moves, checked before anything changes) and the
//! walker that moves the start along the path.

use super::state::{Edit, Planner, PlannerError};
use crate::search::{endpoint_index, Settings, Status};

impl Planner {
    /// Moves the start marker (undoable). Refused on a wall or outside the map.
    pub fn set_start(&mut self, x: u32, y: u32) -> Result<(), PlannerError> {
        self.move_markers((x, y), self.goal)
    }

    /// Moves the goal marker (undoable). Refused on a wall or outside the map.
    pub fn set_goal(&mut self, x: u32, y: u32) -> Result<(), PlannerError> {
        self.move_markers(self.start, (x, y))
    }

    /// Moves both markers (one undo step) and replaces the settings, all or nothing: the
    /// markers are checked and the settings validated before anything changes. Used by short
    /// links and Moving AI scenarios.
    pub fn set_markers_and_settings(
        &mut self,
        start: (u32, u32),
        goal: (u32, u32),
        settings: Settings,
    ) -> Result<(), PlannerError> {
        settings.check_on(&self.grid)?;
        endpoint_index(&self.grid, "start", start)?;
        endpoint_index(&self.grid, "goal", goal)?;
        self.settings = settings;
        self.move_markers(start, goal)?;
        // move_markers restarts only when the markers moved; the settings may have changed.
        let was_done = self.search.status().is_done();
        self.restart_search(was_done);
        Ok(())
    }

    fn move_markers(&mut self, start: (u32, u32), goal: (u32, u32)) -> Result<(), PlannerError> {
        endpoint_index(&self.grid, "start", start)?;
        endpoint_index(&self.grid, "goal", goal)?;
        if (start, goal) == (self.start, self.goal) {
            return Ok(());
        }
        let before = [(self.start, self.goal), (start, goal)];
        self.start = start;
        self.goal = goal;
        self.record(Edit {
            cells: Vec::new(),
            markers: Some(before),
        });
        Ok(())
    }

    /// Moves the start one step along the path found (seed 002's walker), without an undo
    /// step. D* Lite repairs its search from the new start; other algorithms re-plan from
    /// scratch. Returns the new start, or `None` (and changes nothing) when there is no
    /// grid path to walk or the walker has arrived.
    pub fn advance_walker(&mut self) -> Option<(u32, u32)> {
        if self.refused.is_some()
            || self.search.status() != Status::Found
            || self.search.is_any_angle()
        {
            return None;
        }
        let next = *self.search.path_cells().get(1)?;
        self.start = next;
        self.position = None;
        self.held = None;
        if self.search.repair(&self.grid, self.start, self.goal, &[]) {
            self.run_repair(true);
        } else {
            self.restart_search(true);
        }
        Some(next)
    }
}
