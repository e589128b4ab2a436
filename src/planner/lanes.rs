//! Lanes: more than one search on the same map, each with its own settings and timeline
//! (compare mode's columns). Edits reach every lane; stepping, seeking and settings act on
//! the current one.

use super::state::{Lane, LaneId, Planner, PlannerError};

impl Planner {
    /// Adds a lane with the current lane's settings and a fresh search, and returns its id.
    /// The current lane stays current.
    pub fn add_lane(&mut self) -> Result<LaneId, PlannerError> {
        let id = self.next_lane;
        let lane = Lane::new(id, &self.scene, self.lane().settings)?;
        self.lanes.push(lane);
        self.next_lane = self.next_lane.wrapping_add(1);
        self.bump();
        Ok(id)
    }

    /// Removes lane `id`; returns false (and keeps it) when it is the last lane or unknown.
    /// When it was current, the first lane becomes current.
    pub fn remove_lane(&mut self, id: LaneId) -> bool {
        let Some(i) = self.lane_index(id) else {
            return false;
        };
        if self.lanes.len() == 1 {
            return false;
        }
        let current = self.lanes[self.current].id;
        self.lanes.remove(i);
        self.current = self.lane_index(current).unwrap_or(0);
        self.bump();
        true
    }

    /// Makes lane `id` current; returns false (and changes nothing) for an unknown id.
    pub fn select_lane(&mut self, id: LaneId) -> bool {
        match self.lane_index(id) {
            Some(i) => {
                self.current = i;
                true
            }
            None => false,
        }
    }

    /// The current lane's id.
    pub fn current_lane(&self) -> LaneId {
        self.lane().id
    }

    /// The lanes' ids, in the order they were added.
    pub fn lane_ids(&self) -> Vec<LaneId> {
        self.lanes.iter().map(|l| l.id).collect()
    }

    fn lane_index(&self, id: LaneId) -> Option<usize> {
        self.lanes.iter().position(|l| l.id == id)
    }
}
