//! What the planner shows beside its search: the path search alone ([`ViewKind::Path`]), the
//! distance field to the goal with a crowd of walkers ([`ViewKind::Field`]), or a movement
//! range ([`ViewKind::Range`]). Kept up to date by the planner's edits, marker moves, setting
//! changes and map loads; switching views never touches the map, the markers or the searches.
//!
//! The field and the range follow the movement rules of the lane that last showed them or
//! changed its settings (the page has one lane): reading a lane never rebuilds them.
//!
//! ```
//! use pathlab::{Cell, Planner, ViewKind};
//! let mut planner = Planner::new(20, 10)?;
//! planner.only_mut().set_view(ViewKind::Field)?;
//! planner.paint_line((5, 0), (5, 6), 1, Cell::Wall);
//! let info = planner.field_info().unwrap();
//! assert_eq!(info.update.name(), "repaired");
//! planner.only_mut().set_range((0, 0), 3.0)?;
//! // Straight steps cost 1, diagonal ones √2: 11 cells of the corner are within 3 points.
//! assert_eq!(planner.range().unwrap().cells().len(), 11);
//! # Ok::<(), pathlab::PlannerError>(())
//! ```

use super::lanes::LaneMut;
use super::state::{Planner, PlannerError};
use super::view_state::DEFAULT_BUDGET;
use super::view_state::{build_field, FieldInfo, FieldUpdate, FieldView, ViewKind};
use crate::fields::{movement_range, Range};
use crate::fields::{Crowd, DistanceField, Release};
use crate::grid::Movement;
use crate::search::PlanError;

impl Planner {
    /// Which picture is shown beside the search.
    pub fn view(&self) -> ViewKind {
        self.views.kind
    }

    /// A counter that increases on every change of the field or the range, so painters know
    /// when to read their bytes again.
    pub fn view_version(&self) -> u32 {
        self.views.version
    }

    /// Shows `kind` with the movement rules `movement` ([`LaneMut::set_view`]).
    fn set_view_with(&mut self, kind: ViewKind, movement: Movement) -> Result<(), PlannerError> {
        if kind != ViewKind::Path {
            self.paths_only("setView")?;
        }
        match kind {
            ViewKind::Path => {
                self.views.field = None;
                self.views.range = None;
                self.views.kind = kind;
            }
            ViewKind::Field => {
                if self.views.kind != kind {
                    let view = self.new_field(movement, Crowd::default())?;
                    self.views.range = None;
                    self.views.movement = Some(movement);
                    self.views.field = Some(view);
                    self.views.kind = kind;
                    self.bump_view();
                }
            }
            ViewKind::Range => {
                let (from, budget) = self
                    .views
                    .range_spec
                    .unwrap_or((self.scene.start, DEFAULT_BUDGET));
                self.set_range_with(from, budget, movement)?;
            }
        }
        self.bump();
        Ok(())
    }

    /// Measures a range with the movement rules `movement` ([`LaneMut::set_range`]).
    fn set_range_with(
        &mut self,
        from: (u32, u32),
        budget: f64,
        movement: Movement,
    ) -> Result<(), PlannerError> {
        self.paths_only("setRange")?;
        let range = movement_range(&self.scene.grid, &movement, from, budget)?;
        self.views.field = None;
        self.views.range = Some(range);
        self.views.range_spec = Some((from, budget));
        self.views.movement = Some(movement);
        self.views.kind = ViewKind::Range;
        self.bump_view();
        self.bump();
        Ok(())
    }

    /// The distance field, in the field view.
    pub fn field(&self) -> Option<&DistanceField> {
        self.views.field.as_ref().map(|f| &f.field)
    }

    /// The field view's figures, or `None` outside it.
    pub fn field_info(&mut self) -> Option<FieldInfo> {
        let version = self.views.version;
        let view = self.views.field.as_mut()?;
        // Both are a pass over every cell: counted once per change of the field, not once
        // per frame of the page that asks.
        let field = &view.field;
        let (max_cost, reached) = *view
            .figures
            .get_or_insert_with(|| (field.max_cost(), field.reached()));
        let stats = view.field.last_stats();
        Some(FieldInfo {
            goal: view.field.goal(),
            max_cost,
            reached,
            expanded: stats.expanded,
            ms: view.ms,
            update: view.update,
            version,
            release: view.crowd.release_info().cloned(),
        })
    }

    /// The field's heat bytes ([`DistanceField::heat`]), made on first use after a change.
    pub fn field_heat(&mut self) -> Option<&[u8]> {
        let view = self.views.field.as_mut()?;
        Some(view.heat.get_or_insert_with(|| view.field.heat()))
    }

    /// The field's flow bytes ([`DistanceField::flow`]), made on first use after a change.
    pub fn field_flow(&mut self) -> Option<&[u8]> {
        let grid = &self.scene.grid;
        let view = self.views.field.as_mut()?;
        Some(view.flow.get_or_insert_with(|| view.field.flow(grid)))
    }

    /// Releases `count` walkers on random cells other than the goal that reach it, placed by
    /// `seed`, replacing any crowd ([`Crowd::release`]: walkers may share a cell, so all are
    /// placed, at most [`crate::fields::MAX_WALKERS`]; none when no cell but the goal reaches
    /// it). Returns what was asked for, what was placed and why fewer (also in
    /// [`FieldInfo::release`], so the release is a change of the view:
    /// [`Planner::view_version`] moves). Refused outside the field view, on a planner of
    /// several lanes and for a count of 0.
    pub fn release_walkers(&mut self, count: usize, seed: u64) -> Result<Release, PlannerError> {
        self.paths_only("releaseWalkers")?;
        if count == 0 {
            return Err(PlanError::BadSetting("release at least one walker".into()).into());
        }
        let view = self.views.field.as_mut().ok_or_else(|| {
            PlannerError::Other("walkers follow the distance field: show the field first".into())
        })?;
        let (crowd, release) = Crowd::release(&view.field, count, seed);
        view.crowd = crowd;
        view.sync_walkers();
        self.bump_view();
        self.bump();
        Ok(release)
    }

    /// Moves every walker one cell along the flow; returns how many moved (0 once all have
    /// arrived or are stuck, and outside the field view).
    pub fn step_walkers(&mut self) -> usize {
        let grid = &self.scene.grid;
        let Some(view) = self.views.field.as_mut() else {
            return 0;
        };
        let moved = view.crowd.step(grid, &view.field);
        view.sync_walkers();
        if moved > 0 {
            self.bump();
        }
        moved
    }

    /// Removes every walker.
    pub fn clear_walkers(&mut self) {
        if let Some(view) = self.views.field.as_mut() {
            view.crowd = Crowd::default();
            view.sync_walkers();
            self.bump_view();
        }
        self.bump();
    }

    /// The walkers as `x, y` pairs (empty outside the field view).
    pub fn walker_xy(&self) -> &[u32] {
        self.views.field.as_ref().map_or(&[], |v| &v.walker_xy)
    }

    /// How many walkers stand on the goal.
    pub fn walkers_arrived(&self) -> usize {
        self.views
            .field
            .as_ref()
            .map_or(0, |v| v.crowd.arrived(v.field.goal()))
    }

    /// The movement range, in the range view.
    pub fn range(&self) -> Option<&Range> {
        self.views.range.as_ref()
    }

    /// The range asked for last (kept while another view is shown), `(from, budget)`.
    pub fn range_spec(&self) -> Option<((u32, u32), f64)> {
        self.views.range_spec
    }

    /// Refuses the view change `what` on a planner of more than one lane: compare mode's
    /// columns share one map and show their paths only.
    fn paths_only(&self, what: &str) -> Result<(), PlannerError> {
        if self.lanes.len() > 1 {
            return Err(PlannerError::Other(format!(
                "{what}: compare mode shows the paths only (no distance field or movement range)"
            )));
        }
        Ok(())
    }

    fn new_field(&self, movement: Movement, crowd: Crowd) -> Result<FieldView, PlanError> {
        let scene = &self.scene;
        build_field(&scene.grid, scene.goal, &movement, scene.clock, crowd)
    }

    fn bump_view(&mut self) {
        self.views.version = self.views.version.wrapping_add(1);
    }

    /// After an edit of the cells `changed` (none when only markers moved): the field follows
    /// the goal (rebuilt when it moved, repaired or rebuilt after a stroke), walkers on new
    /// walls go, and the range is measured again.
    pub(super) fn views_after_edit(&mut self, changed: &[u32]) {
        let Some(view) = self.views.field.as_mut() else {
            if self.views.range.is_some() && !changed.is_empty() {
                self.remeasure_range();
            }
            return;
        };
        if view.field.goal() != self.scene.goal {
            self.views_rebuild();
            return;
        }
        if changed.is_empty() {
            return;
        }
        let (grid, clock) = (&self.scene.grid, self.scene.clock);
        let cells: Vec<(u32, u32)> = changed.iter().map(|&i| grid.coords(i as usize)).collect();
        let started = clock();
        view.field.edited(grid, &cells);
        view.ms = clock() - started;
        view.update = if view.field.repaired() {
            FieldUpdate::Repaired
        } else {
            FieldUpdate::Rebuilt
        };
        view.heat = None;
        view.figures = None;
        view.flow = None;
        view.crowd.remove_walled(grid);
        view.sync_walkers();
        self.bump_view();
    }

    /// After the movement rules may have changed to `movement` (a settings change):
    /// rebuilds the field or the range when they did.
    pub(super) fn views_after_settings(&mut self, movement: Movement) {
        if self.views.kind == ViewKind::Path || self.views.movement == Some(movement) {
            return;
        }
        self.views.movement = Some(movement);
        self.views_rebuild();
    }

    /// After a new map: the field is built afresh without walkers, and a range whose cell is
    /// now a wall or off the map moves to the nearest passable cell.
    pub(super) fn views_after_load(&mut self) {
        if let Some(view) = self.views.field.as_mut() {
            view.crowd = Crowd::default();
        }
        self.views_rebuild();
    }

    /// Builds the field afresh (keeping the walkers not on walls), or measures the range again.
    fn views_rebuild(&mut self) {
        let Some(old) = self.views.field.take() else {
            if self.views.range.is_some() {
                self.remeasure_range();
            }
            return;
        };
        let movement = self.views.movement.unwrap_or_default();
        match self.new_field(movement, old.crowd) {
            Ok(view) => self.views.field = Some(view),
            // The goal is kept on a passable cell by every edit and load, so a field can
            // always be built; were it refused, show the path rather than a stale field.
            Err(_) => self.views.kind = ViewKind::Path,
        }
        self.bump_view();
    }

    /// Measures the range again after the map or the movement changed. A wall drawn on its
    /// cell moves it to the nearest passable cell (as markers move on a new map), so an edit
    /// is never refused for the range's sake.
    fn remeasure_range(&mut self) {
        let Some((from, budget)) = self.views.range_spec else {
            return;
        };
        let grid = &self.scene.grid;
        let from = if grid.is_passable(i64::from(from.0), i64::from(from.1)) {
            from
        } else {
            grid.nearest_passable(from).unwrap_or(self.scene.start)
        };
        let movement = self.views.movement.unwrap_or_default();
        // `from` is passable and the budget was accepted before: this cannot fail, but if it
        // did the old range would stay, which is better than none.
        if let Ok(range) = movement_range(grid, &movement, from, budget) {
            self.views.range = Some(range);
            self.views.range_spec = Some((from, budget));
            self.bump_view();
        }
    }
}

impl LaneMut<'_> {
    /// Shows `kind` with this lane's movement rules: the field is built from the goal; the
    /// range view without a range set measures from the start marker with
    /// [`DEFAULT_BUDGET`].
    pub fn set_view(&mut self, kind: ViewKind) -> Result<(), PlannerError> {
        let movement = self.get().settings().movement;
        self.planner.set_view_with(kind, movement)
    }

    /// Measures the range of `budget` movement points from `from` with this lane's movement
    /// rules and shows it. Refused, changing nothing, when `from` is off the map or a wall
    /// or the budget is not a number from 0 to [`crate::fields::MAX_BUDGET`].
    pub fn set_range(&mut self, from: (u32, u32), budget: f64) -> Result<(), PlannerError> {
        let movement = self.get().settings().movement;
        self.planner.set_range_with(from, budget, movement)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fields::MAX_WALKERS;
    use crate::grid::{Cell, Connectivity, Grid, Shape};
    use crate::search::{Algorithm, Budget, Settings, Status};

    fn costs(planner: &Planner) -> Vec<Option<f64>> {
        let field = planner.field().unwrap();
        let grid = planner.grid();
        (0..grid.len())
            .map(|i| {
                let (x, y) = grid.coords(i);
                field.cost(x, y)
            })
            .collect()
    }

    fn fresh_costs(planner: &Planner) -> Vec<Option<f64>> {
        let grid = planner.grid();
        let field =
            DistanceField::new(grid, planner.goal(), &planner.only().settings().movement).unwrap();
        (0..grid.len())
            .map(|i| {
                let (x, y) = grid.coords(i);
                field.cost(x, y)
            })
            .collect()
    }

    #[test]
    fn the_field_view_is_built_then_repaired_by_a_small_stroke() {
        let mut p = Planner::new(200, 200).unwrap();
        assert_eq!(p.view(), ViewKind::Path);
        assert!(p.field_info().is_none());
        p.only_mut().set_view(ViewKind::Field).unwrap();
        let built = p.field_info().unwrap();
        assert_eq!(built.update, FieldUpdate::Built);
        assert_eq!(built.goal, (199, 199));
        assert_eq!(built.reached, 200 * 200);
        let heat = p.field_heat().unwrap();
        assert_eq!((heat.len(), heat[199 * 200 + 199]), (40_000, 0));
        p.paint_line((100, 90), (100, 110), 1, Cell::Wall);
        let repaired = p.field_info().unwrap();
        assert_eq!(repaired.update, FieldUpdate::Repaired);
        assert!(repaired.version > built.version);
        assert!(repaired.expanded < built.expanded);
        assert_eq!(costs(&p), fresh_costs(&p));
        assert_eq!(
            p.field_heat().unwrap()[100 * 200 + 100],
            crate::fields::UNREACHED
        );
        assert_eq!(
            p.field_flow().unwrap()[100 * 200 + 100],
            crate::fields::NO_FLOW
        );
        // Undo is an edit too.
        assert!(p.undo());
        assert_eq!(costs(&p), fresh_costs(&p));
        assert!(p.field_info().unwrap().version > repaired.version);
    }

    #[test]
    fn moving_the_goal_or_the_movement_builds_the_field_afresh() {
        let mut p = Planner::new(12, 8).unwrap();
        p.only_mut().set_view(ViewKind::Field).unwrap();
        p.paint_line((3, 0), (3, 5), 1, Cell::Wall);
        assert_ne!(p.field_info().unwrap().update, FieldUpdate::Built);
        p.set_goal(0, 7).unwrap();
        let info = p.field_info().unwrap();
        assert_eq!((info.update, info.goal), (FieldUpdate::Built, (0, 7)));
        assert_eq!(costs(&p), fresh_costs(&p));
        assert!(p.undo(), "undoing the goal move");
        assert_eq!(p.field_info().unwrap().goal, (11, 7));
        // A new algorithm leaves the field alone; new movement rules rebuild it.
        let version = p.view_version();
        let settings = Settings {
            algorithm: Algorithm::Dijkstra,
            ..*p.only().settings()
        };
        p.only_mut().set_settings(settings).unwrap();
        assert_eq!(p.view_version(), version);
        let mut four = *p.only().settings();
        four.movement.connectivity = Connectivity::Four;
        p.only_mut().set_settings(four).unwrap();
        assert!(p.view_version() > version);
        assert_eq!(
            p.field().unwrap().movement().connectivity,
            Connectivity::Four
        );
        assert_eq!(costs(&p), fresh_costs(&p));
    }

    #[test]
    fn walkers_are_released_stepped_and_arrive() {
        let mut p = Planner::new(30, 20).unwrap();
        assert!(p.release_walkers(5, 1).is_err(), "no field shown");
        p.only_mut().set_view(ViewKind::Field).unwrap();
        let err = p.release_walkers(0, 1).unwrap_err();
        assert_eq!(err.to_string(), "release at least one walker");
        assert!(p.walker_xy().is_empty());
        assert_eq!(p.release_walkers(40, 3).unwrap().placed, 40);
        assert_eq!(p.walker_xy().len(), 80);
        let mut steps = 0;
        while p.step_walkers() > 0 {
            steps += 1;
            assert!(steps < 100);
        }
        assert_eq!(p.walkers_arrived(), 40);
        p.clear_walkers();
        assert!(p.walker_xy().is_empty());
        // Walkers may share a cell, so even a small map takes the most walkers.
        assert_eq!(p.release_walkers(1_000_000, 3).unwrap().placed, MAX_WALKERS);
    }

    /// Issue 30's 7 × 6 hex map: only (0, 0), the goal, and (1, 0) beside it join up.
    fn two_cells_reach_the_goal() -> Planner {
        let mut grid = Grid::with_shape(7, 6, Shape::HexRows).unwrap();
        grid.set(2, 0, Cell::Wall);
        for x in 0..7 {
            grid.set(x, 1, Cell::Wall);
        }
        let settings = crate::search::Settings::default();
        let mut p = Planner::with_grid(grid, (3, 4), (0, 0), settings).unwrap();
        p.only_mut().set_view(ViewKind::Field).unwrap();
        p
    }

    #[test]
    fn every_walker_asked_for_is_placed_and_the_release_says_so() {
        let mut p = two_cells_reach_the_goal();
        assert_eq!(p.field_info().unwrap().reached, 2);
        assert_eq!(
            p.field_info().unwrap().release,
            None,
            "nothing released yet"
        );
        for seed in 0..50 {
            for count in [1, 10, 100, 9_999] {
                let release = p.release_walkers(count, seed).unwrap();
                assert_eq!(
                    (release.requested, release.placed),
                    (count, count),
                    "seed {seed}"
                );
                assert_eq!(release.reason, None);
                assert_eq!(p.walker_xy().len(), 2 * count);
                // On the one cell beside the goal, never on the goal itself.
                assert!(p.walker_xy().chunks(2).all(|w| w == [1, 0]));
                assert_eq!(p.field_info().unwrap().release, Some(release));
            }
        }
        assert_eq!(p.step_walkers(), 9_999);
        assert_eq!(p.walkers_arrived(), 9_999);
        let release = p.release_walkers(10_001, 1).unwrap();
        assert_eq!((release.requested, release.placed), (10_001, MAX_WALKERS));
        let reason = release.reason.unwrap();
        assert_eq!(reason, "at most 10000 walkers are placed in one release");
        p.clear_walkers();
        assert_eq!(p.field_info().unwrap().release, None);
        // The goal alone: none placed, and why.
        p.set_cell(1, 0, Cell::Wall);
        let release = p.release_walkers(10, 1).unwrap();
        assert_eq!((release.requested, release.placed), (10, 0));
        let reason = release.reason.unwrap();
        assert_eq!(reason, "no cell but the goal reaches (0, 0)");
        assert!(p.walker_xy().is_empty());
    }

    #[test]
    fn walkers_under_a_new_wall_are_removed() {
        let mut p = Planner::new(10, 1).unwrap();
        p.only_mut().set_view(ViewKind::Field).unwrap();
        let placed = p.release_walkers(5, 9).unwrap().placed;
        let (x, y) = (p.walker_xy()[0], p.walker_xy()[1]);
        let on = p.walker_xy().chunks(2).filter(|w| *w == [x, y]).count();
        assert!(p.set_cell(x, y, Cell::Wall));
        assert_eq!(p.walker_xy().len() / 2, placed - on);
        // A new map takes the crowd away.
        p.only_mut().load_grid(Grid::new(6, 6).unwrap()).unwrap();
        assert!(p.walker_xy().is_empty());
        assert_eq!(p.field_info().unwrap().update, FieldUpdate::Built);
        assert_eq!(p.field_info().unwrap().reached, 36);
    }

    #[test]
    fn the_range_follows_edits_and_refuses_bad_input_unchanged() {
        let mut p = Planner::new(9, 9).unwrap();
        for (from, budget, message) in [
            ((20, 0), 3.0, "outside"),
            ((0, 0), -1.0, "movement budget"),
            ((0, 0), f64::NAN, "movement budget"),
            ((0, 0), 2e6, "movement budget"),
        ] {
            let err = p
                .only_mut()
                .set_range(from, budget)
                .unwrap_err()
                .to_string();
            assert!(err.contains(message), "{err}");
            assert_eq!(p.view(), ViewKind::Path, "unchanged after {err}");
        }
        p.set_cell(4, 4, Cell::Wall);
        let err = p.only_mut().set_range((4, 4), 3.0).unwrap_err().to_string();
        assert_eq!(err, "the range start (4, 4) is on a wall");
        p.only_mut().set_view(ViewKind::Range).unwrap();
        assert_eq!(p.range_spec(), Some(((0, 0), DEFAULT_BUDGET)));
        p.only_mut().set_range((4, 3), 1.0).unwrap();
        let version = p.view_version();
        let before = p.range().unwrap().cells().len();
        p.set_cell(4, 2, Cell::Wall);
        assert!(p.view_version() > version);
        assert_eq!(p.range().unwrap().cells().len(), before - 1);
        // A wall on the range's own cell moves it to the nearest passable cell.
        p.set_cell(4, 3, Cell::Wall);
        let (from, budget) = p.range_spec().unwrap();
        assert!(p.grid().is_passable(i64::from(from.0), i64::from(from.1)));
        assert_eq!(budget, 1.0);
        // A bad range now leaves the good one in place.
        assert!(p.only_mut().set_range((0, 0), -3.0).is_err());
        assert_eq!(p.range_spec(), Some((from, 1.0)));
    }

    #[test]
    fn switching_views_keeps_the_map_markers_and_search() {
        let mut p = Planner::new(10, 6).unwrap();
        p.paint_line((4, 0), (4, 4), 1, Cell::Wall);
        assert_eq!(p.only_mut().step(Budget::Unlimited, || 0.0), Status::Found);
        let (bytes, start, goal) = (p.grid().bytes().to_vec(), p.start(), p.goal());
        let cost = p.only().search().stats().path_cost;
        for kind in [
            ViewKind::Field,
            ViewKind::Range,
            ViewKind::Path,
            ViewKind::Range,
        ] {
            p.only_mut().set_view(kind).unwrap();
            assert_eq!(p.view(), kind);
            assert_eq!(p.grid().bytes(), bytes);
            assert_eq!((p.start(), p.goal()), (start, goal));
            assert_eq!(p.only().search().stats().path_cost, cost);
        }
        assert!(p.field().is_none() && p.range().is_some());
        assert_eq!(ViewKind::from_name("field").unwrap(), ViewKind::Field);
        assert!(ViewKind::from_name("heat").is_err());
    }

    #[test]
    fn fields_and_ranges_work_on_hexes() {
        for shape in [Shape::HexRows, Shape::HexColumns] {
            let grid = Grid::with_shape(15, 11, shape).unwrap();
            let mut p = Planner::with_grid(grid, (0, 0), (14, 10), Settings::default()).unwrap();
            p.only_mut().set_view(ViewKind::Field).unwrap();
            p.paint_line((7, 2), (7, 8), 1, Cell::Wall);
            assert_eq!(costs(&p), fresh_costs(&p));
            assert!(p.field_flow().unwrap().iter().all(|&d| d < 6 || d == 255));
            p.only_mut().set_range((3, 3), 1.0).unwrap();
            assert_eq!(p.range().unwrap().cells().len(), 7, "{shape:?}");
        }
    }
}
