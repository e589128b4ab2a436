//! The state behind the planner's views ([`super::view`]): which view is shown, the field
//! with its crowd and painting bytes, the range, and the figures the page reads of them.

use crate::fields::Range;
use crate::fields::{Crowd, DistanceField, Release};
use crate::grid::{Grid, Movement};
use crate::search::PlanError;

/// The budget the range view starts with when no range was set.
pub const DEFAULT_BUDGET: f64 = 10.0;

pub use crate::fields::MAX_WALKERS;

/// The seed walkers are placed by when none is given (a link's `walkers=N`, the JS API).
pub const WALKER_SEED: u64 = 1;

/// Which picture the planner shows beside its search.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ViewKind {
    /// The search and its path (the page as it always was).
    #[default]
    Path,
    /// The distance field to the goal: heat, flow arrows, walkers.
    Field,
    /// The cells within a movement budget of one cell.
    Range,
}

impl ViewKind {
    /// Every view, in menu order.
    pub const ALL: [ViewKind; 3] = [ViewKind::Path, ViewKind::Field, ViewKind::Range];

    /// The name used by JS, links and commands: `path`, `field` or `range`.
    pub fn name(self) -> &'static str {
        match self {
            ViewKind::Path => "path",
            ViewKind::Field => "field",
            ViewKind::Range => "range",
        }
    }

    /// The view named `name`, or a message listing the names.
    pub fn from_name(name: &str) -> Result<ViewKind, PlanError> {
        ViewKind::ALL
            .into_iter()
            .find(|v| v.name() == name)
            .ok_or_else(|| {
                PlanError::BadSetting(format!(
                    "unknown view {name:?}: use \"path\", \"field\" or \"range\""
                ))
            })
    }
}

/// How the field met the last change.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FieldUpdate {
    /// Built afresh: the view was entered, or the goal, the movement or the map changed.
    Built,
    /// An edit was repaired in place (only the costs it changed were recomputed).
    Repaired,
    /// An edit would have cost more to repair than to build, so the field was rebuilt.
    Rebuilt,
}

impl FieldUpdate {
    /// `built`, `repaired` or `rebuilt`.
    pub fn name(self) -> &'static str {
        match self {
            FieldUpdate::Built => "built",
            FieldUpdate::Repaired => "repaired",
            FieldUpdate::Rebuilt => "rebuilt",
        }
    }
}

/// The figures of the field view, for the status line and the statistics.
#[derive(Clone, Debug, PartialEq)]
pub struct FieldInfo {
    /// The goal the field measures to.
    pub goal: (u32, u32),
    /// The largest cost of any cell that reaches the goal.
    pub max_cost: f64,
    /// How many cells reach the goal.
    pub reached: usize,
    /// Cells expanded by the last build or repair.
    pub expanded: u64,
    /// Milliseconds the last build or repair took (by the planner's clock).
    pub ms: f64,
    /// How the last change was met.
    pub update: FieldUpdate,
    /// Increases on every change of the field or the range
    /// ([`Planner::view_version`](crate::Planner::view_version)).
    pub version: u32,
    /// The last release of walkers: asked for, placed, why fewer ([`Crowd::release`]); none
    /// since the field was shown or the walkers were cleared.
    pub release: Option<Release>,
}

/// The field view: the field, the crowd on it, and the painting bytes made from it on demand.
#[derive(Clone, Debug)]
pub(super) struct FieldView {
    pub(super) field: DistanceField,
    pub(super) crowd: Crowd,
    pub(super) update: FieldUpdate,
    pub(super) ms: f64,
    /// Heat bytes ([`DistanceField::heat`]) and flow bytes ([`DistanceField::flow`]), made when
    /// first asked for after a change: a stroke changes the field many times between frames.
    pub(super) heat: Option<Vec<u8>>,
    /// [`FieldInfo::max_cost`] and [`FieldInfo::reached`], counted on first use after a change.
    pub(super) figures: Option<(f64, usize)>,
    pub(super) flow: Option<Vec<u8>>,
    /// The walkers as `x, y` pairs, for JS to read from memory.
    pub(super) walker_xy: Vec<u32>,
}

/// The view state a planner keeps beside its lanes.
#[derive(Clone, Debug, Default)]
pub(super) struct Views {
    pub(super) kind: ViewKind,
    pub(super) field: Option<FieldView>,
    /// The range asked for (kept when the view switches away, so it comes back).
    pub(super) range_spec: Option<((u32, u32), f64)>,
    pub(super) range: Option<Range>,
    /// The movement the field and range follow.
    pub(super) movement: Option<Movement>,
    pub(super) version: u32,
}

/// A field view of `goal` on `grid`, timed by `clock`, with `crowd` on it (less the walkers
/// standing on walls).
pub(super) fn build_field(
    grid: &Grid,
    goal: (u32, u32),
    movement: &Movement,
    clock: fn() -> f64,
    crowd: Crowd,
) -> Result<FieldView, PlanError> {
    let started = clock();
    let field = DistanceField::new(grid, goal, movement)?;
    let ms = clock() - started;
    let mut view = FieldView {
        field,
        crowd,
        update: FieldUpdate::Built,
        ms,
        heat: None,
        figures: None,
        flow: None,
        walker_xy: Vec::new(),
    };
    view.crowd.remove_walled(grid);
    view.sync_walkers();
    Ok(view)
}

impl FieldView {
    /// Copies the walkers into the flat `x, y` list JS reads.
    pub(super) fn sync_walkers(&mut self) {
        self.walker_xy.clear();
        self.walker_xy
            .extend(self.crowd.walkers().iter().flat_map(|&(x, y)| [x, y]));
    }
}
