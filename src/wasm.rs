//! The `#[wasm_bindgen]` glue: the only module that knows about JavaScript.
//!
//! A thin binding layer over [`crate::Planner`], in the spirit of rapier.js over its core:
//! every decision about the grid and the search stays in Rust, JS only forwards the user's
//! actions and paints. The page reads the grid bytes, the search-state bytes and the RGBA frame
//! straight from wasm memory through the `*_ptr` getters (typed-array views over
//! `memory.buffer`, rebuilt when memory grows); settings, stats and inspector nodes go out as
//! plain objects through `serde-wasm-bindgen`, and settings and link tails come in as plain
//! objects read by `from_js`; every refusal comes back as a thrown JS `Error` with a
//! readable message, never as a panic.

use crate::command::{Command, Outcome};
use crate::formats::{bitmap, link, movingai};
use crate::frame::Frame;
use crate::generate::{self, Kind};
use crate::grid::{Cell, Grid};
use crate::planner::{LaneId, LaneMut, LaneRef};
use crate::scenarios;
use crate::search::{Budget, Status};
use crate::text::number::decimal;
use serde::Serialize;
use std::cell::{Ref, RefCell, RefMut};
use std::rc::Rc;
use wasm_bindgen::prelude::*;

mod command;
mod fields;
mod from_js;
mod learn;
mod links;
mod mapf;
mod maps;
mod mesh;
mod pseudocode;
mod shapes;
mod status;
mod timeline;

pub use command::check_command;
pub use learn::{
    exercise_check, exercise_kinds, exercise_new, lesson_link, lesson_read, ready_lessons,
};
pub use links::{format_link_tail, parse_compare_list, split_link};
pub use mapf::Agents;
use status::lane_status;
pub use status::SearchStatus;

/// The allocator: talc, smaller in the module than the default dlmalloc and faster.
#[global_allocator]
static ALLOCATOR: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();

#[wasm_bindgen]
extern "C" {
    /// `performance.now()`: the clock for time slices (`std::time::Instant` panics on wasm32).
    #[wasm_bindgen(js_namespace = performance, js_name = now)]
    fn performance_now() -> f64;
}

/// Installs `console_error_panic_hook`, so a bug we have not found yet reports its message in
/// the console instead of an opaque "unreachable". Runs once when the module is instantiated.
#[wasm_bindgen(start)]
pub fn start() {
    console_error_panic_hook::set_once();
}

/// The TypeScript shapes of the plain objects below (`Stats`, `Settings`, `NodeInfo`, …),
/// emitted into `pkg/pathlab.d.ts`; `tests/web.rs` checks them against the real objects.
#[wasm_bindgen(typescript_custom_section)]
const TYPES: &'static str = include_str!("wasm/types.d.ts");

/// A point `{x, y}` for JS.
#[derive(Serialize)]
struct Point {
    x: u32,
    y: u32,
}

/// Everything the statistics panel shows, as one plain object.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct StatsView {
    /// `running`, `found`, `no_path` or `partial`.
    status: &'static str,
    /// Whether nothing has been expanded yet.
    fresh: bool,
    /// Repairs the search has made since it started (LPA*, D* Lite): the path shown came
    /// from a repair when this is above 0.
    repairs: u64,
    /// The timeline step shown, and the steps recorded.
    step: usize,
    steps: usize,
    /// Whether every step is recorded (false once the timeline reached its memory cap), and
    /// the events and bytes the timeline holds.
    timeline_complete: bool,
    timeline_events: f64,
    timeline_bytes: f64,
    /// Why the search was refused after the last edit, or null.
    refused: Option<String>,
    /// The planner's version: the statistics describe the planner as of this version.
    version: u32,
    #[serde(flatten)]
    stats: crate::search::Stats,
}

fn js_error(e: impl std::fmt::Display) -> JsError {
    JsError::new(&e.to_string())
}

/// Serializes to a plain JS object (maps as objects, `None` as `null`), like `JSON.parse`.
fn to_js<T: serde::Serialize>(value: &T) -> Result<JsValue, JsError> {
    value
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .map_err(js_error)
}

fn status_name(status: Status) -> &'static str {
    status.name()
}

/// The planner the page drives: one lane of a [`crate::Planner`] (its grid, start, goal,
/// edit history, and this lane's settings, search and timeline), with an RGBA frame buffer
/// and the speed `step()` runs at. `addLane()` gives compare mode more handles on the same
/// planner: an edit through any of them changes the one map all of them search.
#[wasm_bindgen]
pub struct Planner {
    shared: Rc<RefCell<Shared>>,
    /// This handle's lane of the shared planner.
    lane: LaneId,
    /// How far `step()` goes per call.
    speed: Budget,
    /// The frame the page paints, with the palette it was given.
    frame: Frame,
}

/// What the handles of one planner share.
struct Shared {
    planner: crate::Planner,
    /// The Moving AI problems of the last `loadScen`, checked against the map then.
    scenarios: scenarios::ScenarioList,
}

impl Planner {
    fn wrap(mut inner: crate::Planner) -> Planner {
        inner.set_clock(performance_now);
        Planner {
            lane: inner.only().id(),
            shared: Rc::new(RefCell::new(Shared {
                planner: inner,
                scenarios: scenarios::ScenarioList::default(),
            })),
            speed: Budget::Expansions(1),
            frame: Frame::default(),
        }
    }

    /// The shared planner, to read what every lane shares (the map, markers, mesh, views).
    fn planner(&self) -> Ref<'_, crate::Planner> {
        Ref::map(self.shared.borrow(), |s| &s.planner)
    }

    /// The shared planner, to change what every lane shares.
    fn planner_mut(&self) -> RefMut<'_, crate::Planner> {
        RefMut::map(self.shared.borrow_mut(), |s| &mut s.planner)
    }

    /// `read` on this handle's lane. Refused only for a lane the planner no longer has,
    /// which a live handle never meets (its lane goes when it is freed).
    fn read<T>(&self, read: impl FnOnce(LaneRef<'_>) -> T) -> Result<T, JsError> {
        self.planner().lane(self.lane).map(read).map_err(js_error)
    }

    /// `change` on this handle's lane; refused as [`Planner::read`] is.
    fn change<T>(&self, change: impl FnOnce(LaneMut<'_>) -> T) -> Result<T, JsError> {
        let mut planner = self.planner_mut();
        planner.lane_mut(self.lane).map(change).map_err(js_error)
    }

    /// Makes the change `command` stands for on this handle's lane ([`crate::Planner::apply`]).
    fn run(&self, command: Command) -> Result<Outcome, JsError> {
        self.planner_mut()
            .apply(self.lane, command)
            .map_err(js_error)
    }

    /// Makes a change that replaces the map: the loaded scenarios belonged to the old one.
    fn run_load(&self, command: Command) -> Result<Outcome, JsError> {
        let outcome = self.run(command)?;
        self.shared.borrow_mut().scenarios.clear();
        Ok(outcome)
    }

    /// The parts of the map this lane may show differently since they were last taken.
    fn take_changes_parts(&mut self) -> Vec<[u32; 4]> {
        self.change(|mut l| l.take_changes()).unwrap_or_default()
    }

    /// Replaces the map ([`Command::Load`]); `markers` other than four numbers are none.
    fn replace(&mut self, grid: Grid, markers: Option<Vec<u32>>) -> Result<(), JsError> {
        let markers = markers.and_then(|m| <[u32; 4]>::try_from(m).ok());
        self.run_load(Command::Load { grid, markers })?;
        Ok(())
    }
}

impl Drop for Planner {
    /// A handle freed from JS (a compare column removed) takes its lane with it.
    fn drop(&mut self) {
        if let Ok(mut shared) = self.shared.try_borrow_mut() {
            shared.planner.remove_lane(self.lane);
        }
    }
}

#[wasm_bindgen]
impl Planner {
    /// An open `width` × `height` map with the start top-left and the goal bottom-right.
    /// Throws for sizes outside 1–4096.
    #[wasm_bindgen(constructor)]
    pub fn new(width: u32, height: u32) -> Result<Planner, JsError> {
        crate::Planner::new(width, height)
            .map(Planner::wrap)
            .map_err(js_error)
    }

    /// A new handle on this planner with a lane of its own: the same map, markers, node
    /// mesh and edit history (an edit through either handle changes both), this lane's
    /// settings to start with, and a search and timeline of its own. Compare mode makes one
    /// per column; `free()` on a handle removes its lane. Give it a palette before painting.
    #[wasm_bindgen(js_name = addLane)]
    pub fn add_lane(&mut self) -> Result<Planner, JsError> {
        let lane = self.planner_mut().add_lane(self.lane).map_err(js_error)?;
        Ok(Planner {
            shared: Rc::clone(&self.shared),
            lane,
            speed: self.speed,
            frame: Frame::default(),
        })
    }

    /// How many lanes (handles from `addLane`, and the first) share this planner's map.
    #[wasm_bindgen(js_name = laneCount)]
    pub fn lane_count(&self) -> u32 {
        self.shared.borrow().planner.lane_ids().len() as u32
    }

    /// Replaces the map with a Moving AI `.map` text; optional `markers` `[sx, sy, gx, gy]`
    /// place the start and goal (ignored unless both are open cells). Throws, keeping the
    /// current map, when the text is not a valid map or has no passable cell.
    #[wasm_bindgen(js_name = loadMapText)]
    pub fn load_map_text(&mut self, text: &str, markers: Option<Vec<u32>>) -> Result<(), JsError> {
        let grid = movingai::parse_map(text).map_err(js_error)?;
        self.replace(grid, markers)
    }

    /// Replaces the map with an image the browser decoded: `rgba` is `width × height × 4`
    /// bytes as from `getImageData`; the start and goal go where `bitmap::image_markers`
    /// says (apart, from opposite corners). Throws, keeping the current map, on a bad image
    /// or one with fewer than two free cells.
    #[wasm_bindgen(js_name = loadImage)]
    pub fn load_image(&mut self, width: u32, height: u32, rgba: &[u8]) -> Result<(), JsError> {
        let grid = bitmap::grid_from_rgba(width, height, rgba).map_err(js_error)?;
        let (start, goal) = bitmap::image_markers(&grid).map_err(js_error)?;
        self.replace(grid, Some(vec![start.0, start.1, goal.0, goal.1]))
    }

    /// Replaces the map with raw grid bytes (0 wall, 1–4 terrain) of cell `shape` (default
    /// `square`), as saved by the page; optional `markers` as for `loadMapText`. Throws,
    /// keeping the current map, on a bad size, byte or shape.
    #[wasm_bindgen(js_name = loadCells)]
    pub fn load_cells(
        &mut self,
        width: u32,
        height: u32,
        cells: Vec<u8>,
        markers: Option<Vec<u32>>,
        shape: Option<String>,
    ) -> Result<(), JsError> {
        let shape = shapes::shape_arg(shape)?;
        let grid = Grid::from_bytes(width, height, cells)
            .map_err(js_error)?
            .into_shape(shape);
        self.replace(grid, markers)
    }

    /// The map as Moving AI `.map` text (digits 2–4 mark terrain costs).
    #[wasm_bindgen(js_name = exportMap)]
    pub fn export_map(&self) -> String {
        movingai::write_map(self.planner().grid())
    }

    /// The map's width in cells.
    #[wasm_bindgen(getter)]
    pub fn width(&self) -> u32 {
        self.planner().grid().width()
    }

    /// The map's height in cells.
    #[wasm_bindgen(getter)]
    pub fn height(&self) -> u32 {
        self.planner().grid().height()
    }

    /// A counter that changes whenever the picture may have changed (edits, steps, loads).
    #[wasm_bindgen(getter)]
    pub fn version(&self) -> u32 {
        self.shared.borrow().planner.version()
    }

    /// Address in wasm memory of the grid bytes (`width × height`, `y * width + x`; 0 wall,
    /// 1–4 terrain). Valid until the next call that changes the map size.
    #[wasm_bindgen(js_name = cellsPtr)]
    pub fn cells_ptr(&self) -> *const u8 {
        self.planner().grid().bytes().as_ptr()
    }

    /// Address in wasm memory of the search-state bytes (`width × height`; `CellState` 0–9).
    /// Valid until the next call that changes the map size.
    #[wasm_bindgen(js_name = statesPtr)]
    pub fn states_ptr(&self) -> *const u8 {
        self.read(|l| l.shown_states().as_ptr())
            .unwrap_or(std::ptr::null())
    }

    /// Sets the 50 RGBA colours (`0xAABBGGRR`, index `cell * 10 + state`) the frame is painted
    /// with. Throws unless exactly 50 colours are given (`frame::PALETTE_LEN`).
    #[wasm_bindgen(js_name = setPalette)]
    pub fn set_palette(&mut self, colours: &[u32]) -> Result<(), JsError> {
        self.frame
            .set_palette(colours)
            .map_err(|e| JsError::new(&e))?;
        Ok(())
    }

    /// Paints the frame buffer (one RGBA pixel per cell, `palette[cell * 10 + state]`) and
    /// returns its address in wasm memory: `width × height × 4` bytes, ready for
    /// `new ImageData(...)`. Only the parts `takeChanges()` would give are looked at (it takes
    /// them), and only pixels whose cell or state changed since the last render are rewritten;
    /// `dirtyRects()` gives boxes around them, so the page uploads just those.
    pub fn render(&mut self) -> *const u32 {
        let parts = self.take_changes_parts();
        let shared = self.shared.borrow();
        let Ok(lane) = shared.planner.lane(self.lane) else {
            return std::ptr::null();
        };
        let grid = shared.planner.grid();
        let width = grid.width() as usize;
        self.frame
            .paint(width, grid.bytes(), lane.shown_states(), &parts)
            .as_ptr()
    }

    /// The pixels the last `render()` changed, as boxes `[x, y, width, height, x, y, …]`
    /// (empty: none).
    #[wasm_bindgen(js_name = dirtyRects)]
    pub fn dirty_rects(&self) -> Vec<u32> {
        self.frame.dirty().concat()
    }

    /// The parts of the map whose cell or state bytes may have changed since the last call
    /// (or `render()`), as rectangles `[x, y, width, height, x, y, …]` in cells (empty:
    /// none): what a WebGL painter uploads from `cellsPtr()` and `statesPtr()`. Runs of
    /// changed 32 × 32-cell tiles, known from the search's recorded events, seeks and
    /// restarts, not by comparing cells; a few tiles while a search runs slowly.
    #[wasm_bindgen(js_name = takeChanges)]
    pub fn take_changes(&mut self) -> Vec<u32> {
        self.take_changes_parts().concat()
    }

    /// Forgets what was painted: the next `render()` or `takeChanges()` covers the whole
    /// map. For a painter starting afresh (a new canvas, a lost WebGL context).
    #[wasm_bindgen(js_name = repaintAll)]
    pub fn repaint_all(&mut self) {
        self.frame.forget();
        let _ = self.change(|mut l| l.mark_all_changed());
    }

    /// The grid byte at (x, y): 0 wall, 1–4 terrain; 255 outside the map.
    pub fn cell(&self, x: u32, y: u32) -> u8 {
        self.planner()
            .grid()
            .get(i64::from(x), i64::from(y))
            .map_or(255, Cell::to_byte)
    }

    /// The search-state byte at (x, y) (`CellState` 0–9); 255 outside the map.
    pub fn state(&self, x: u32, y: u32) -> u8 {
        let (width, height) = (self.width(), self.height());
        if x >= width || y >= height {
            return 255;
        }
        self.read(|l| l.shown_states().get((y * width + x) as usize).copied())
            .ok()
            .flatten()
            .unwrap_or(255)
    }

    /// Sets how far [`Planner::step`] goes per call: `kind` is `"expansions"` (at least 1),
    /// `"millis"` (a time slice, > 0), `"instant"` (to the end), or seed 003's time slice
    /// `"slice"`, where −1 means one expansion per call and a positive number milliseconds.
    #[wasm_bindgen(js_name = setSpeed)]
    pub fn set_speed(&mut self, kind: &str, amount: f64) -> Result<(), JsError> {
        self.speed = Budget::from_speed(kind, amount).map_err(|e| JsError::new(&e))?;
        Ok(())
    }

    /// Advances the search by the current speed and returns its status: `running`, `found`,
    /// `no_path` or `partial`. Call it on every animation frame.
    pub fn step(&mut self) -> SearchStatus {
        self.advance(self.speed)
    }

    /// Advances the search by the current speed cut to a frame's share of `share_ms`
    /// milliseconds ([`Budget::within`]: an expansion count stops early once the share is
    /// spent, a time slice is no longer than it, *instant* still runs to the end); returns
    /// the status, as [`Planner::step`].
    #[wasm_bindgen(js_name = stepWithin)]
    pub fn step_within(&mut self, share_ms: f64) -> SearchStatus {
        self.advance(self.speed.within(share_ms))
    }

    /// Exactly one expansion, whatever the speed; returns the status.
    #[wasm_bindgen(js_name = stepOnce)]
    pub fn step_once(&mut self) -> SearchStatus {
        self.advance(Budget::Expansions(1))
    }

    /// Exactly `n` expansions (at least 1), whatever the speed; returns the status. While
    /// scrubbed back, moves `n` recorded steps forward instead.
    #[wasm_bindgen(js_name = stepMany)]
    pub fn step_many(&mut self, n: u32) -> SearchStatus {
        self.advance(Budget::Expansions(u64::from(n.max(1))))
    }

    /// Runs the search to the end at once; returns the status.
    #[wasm_bindgen(js_name = runToEnd)]
    pub fn run_to_end(&mut self) -> SearchStatus {
        self.advance(Budget::Unlimited)
    }

    fn advance(&mut self, budget: Budget) -> SearchStatus {
        let status = self.run(Command::Advance { budget }).ok();
        lane_status(status.and_then(Outcome::status))
    }

    /// The search status: `running`, `found`, `no_path` or `partial`.
    #[wasm_bindgen(getter)]
    pub fn status(&self) -> SearchStatus {
        lane_status(self.read(|l| l.shown_status()).ok())
    }

    /// The statistics as a plain object (`Stats` in `pathlab.d.ts`): `status`, `fresh`,
    /// `repairs`, `step` and `steps` (the timeline step shown and the steps recorded),
    /// `timelineComplete`, `timelineEvents` and `timelineBytes`, `refused` (why the search was
    /// refused, or null), `version`, `expanded`, `generated`, `reopened`, `updated`,
    /// `openSize`, `maxOpen`, `runCount`, `elapsedMs`, `pathCost` (null until found) and
    /// `pathMoves`. Everything the page's panels show comes from here, read once per change.
    #[wasm_bindgen(unchecked_return_type = "Stats")]
    pub fn stats(&self) -> Result<JsValue, JsError> {
        let version = self.version();
        let view = self.read(|lane| {
            let stats = lane.shown_stats();
            StatsView {
                status: status_name(lane.shown_status()),
                fresh: stats.expanded == 0,
                repairs: lane.search().repairs(),
                step: lane.position(),
                steps: lane.timeline_len(),
                timeline_complete: lane.timeline().complete(),
                timeline_events: lane.timeline().event_count() as f64,
                timeline_bytes: lane.timeline().bytes() as f64,
                refused: lane.refused().map(|e| e.to_string()),
                version,
                stats,
            }
        })?;
        to_js(&view)
    }

    /// The settings as a plain object: `algorithm`, `heuristic` (null = the movement's
    /// default), `weight`, `movement: {connectivity, diagonalRule, diagonalCost}`,
    /// `neighbourOrder` and `nodeBudget` (null = none).
    #[wasm_bindgen(unchecked_return_type = "Settings")]
    pub fn settings(&self) -> Result<JsValue, JsError> {
        to_js(&self.read(|l| *l.settings())?)
    }

    /// Replaces the settings (missing fields take their defaults) and restarts the search.
    /// Throws, changing nothing, for unknown names or out-of-range numbers.
    #[wasm_bindgen(js_name = setSettings)]
    pub fn set_settings(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "Partial<Settings>")] settings: JsValue,
    ) -> Result<(), JsError> {
        let settings = from_js::settings(&settings)
            .map_err(|e| JsError::new(&format!("bad settings: {e}")))?;
        self.run(Command::Configure { settings })?;
        Ok(())
    }

    /// The start cell as `{x, y}`.
    #[wasm_bindgen(unchecked_return_type = "Point")]
    pub fn start(&self) -> Result<JsValue, JsError> {
        let (x, y) = self.planner().start();
        to_js(&Point { x, y })
    }

    /// The goal cell as `{x, y}`.
    #[wasm_bindgen(unchecked_return_type = "Point")]
    pub fn goal(&self) -> Result<JsValue, JsError> {
        let (x, y) = self.planner().goal();
        to_js(&Point { x, y })
    }

    /// Moves the start (undoable; re-plans at once if the search had finished). Throws on a
    /// wall or outside the map.
    #[wasm_bindgen(js_name = setStart)]
    pub fn set_start(&mut self, x: u32, y: u32) -> Result<(), JsError> {
        self.run(Command::SetStart { x, y })?;
        Ok(())
    }

    /// Moves the goal (undoable; re-plans at once if the search had finished). Throws on a
    /// wall or outside the map.
    #[wasm_bindgen(js_name = setGoal)]
    pub fn set_goal(&mut self, x: u32, y: u32) -> Result<(), JsError> {
        self.run(Command::SetGoal { x, y })?;
        Ok(())
    }

    /// Opens an undo group: everything until `endStroke` undoes as one step.
    #[wasm_bindgen(js_name = beginStroke)]
    pub fn begin_stroke(&mut self) {
        let _ = self.run(Command::BeginStroke);
    }

    /// Closes the undo group opened by `beginStroke`.
    #[wasm_bindgen(js_name = endStroke)]
    pub fn end_stroke(&mut self) {
        let _ = self.run(Command::EndStroke);
    }

    /// Paints `cell` (0 wall, 1–4 terrain) with a square brush of side `brush` along the
    /// line from (x0, y0) to (x1, y1), every cell between included. The markers' cells are
    /// never walled. Returns how many cells changed; throws for a cell byte other than 0–4.
    #[wasm_bindgen(js_name = paintLine)]
    pub fn paint_line(
        &mut self,
        x0: u32,
        y0: u32,
        x1: u32,
        y1: u32,
        brush: u32,
        cell: u8,
    ) -> Result<u32, JsError> {
        let cell = crate::command::paint_cell(cell).map_err(|e| JsError::new(&e))?;
        let from = (x0, y0);
        let to = (x1, y1);
        let changed = self.run(Command::Paint {
            from,
            to,
            brush,
            cell,
        })?;
        Ok(clamp_u32(changed.count()))
    }

    /// Turns every cell into open ground of cost 1 (undoable). Returns how many changed.
    #[wasm_bindgen(js_name = clearWalls)]
    pub fn clear_walls(&mut self) -> u32 {
        clamp_u32(self.run(Command::ClearWalls).map_or(0, Outcome::count))
    }

    /// Undoes the last edit (stroke, marker move, clear); false when there is none.
    pub fn undo(&mut self) -> bool {
        matches!(self.run(Command::Undo), Ok(Outcome::Applied(true)))
    }

    /// Redoes the last undone edit; false when there is none.
    pub fn redo(&mut self) -> bool {
        matches!(self.run(Command::Redo), Ok(Outcome::Applied(true)))
    }

    /// Whether there is an edit to undo.
    #[wasm_bindgen(js_name = canUndo)]
    pub fn can_undo(&self) -> bool {
        self.planner().can_undo()
    }

    /// Whether there is an edit to redo.
    #[wasm_bindgen(js_name = canRedo)]
    pub fn can_redo(&self) -> bool {
        self.planner().can_redo()
    }

    /// Throws the search away and starts a new one with nothing expanded.
    #[wasm_bindgen(js_name = resetSearch)]
    pub fn reset_search(&mut self) {
        let _ = self.run(Command::Reset);
    }

    /// The path (found or partial) as a flat `[x0, y0, x1, y1, …]` array from the start;
    /// empty while there is none.
    pub fn path(&self) -> Vec<u32> {
        let width = self.width();
        self.read(|l| {
            l.shown_path()
                .iter()
                .flat_map(|&i| [i % width, i / width])
                .collect()
        })
        .unwrap_or_default()
    }

    /// The cell expanded last as `{x, y}`, or `undefined` before the first expansion.
    #[wasm_bindgen(unchecked_return_type = "Point | undefined")]
    pub fn current(&self) -> Result<JsValue, JsError> {
        match self.read(|l| l.shown_current())? {
            Some((x, y)) => to_js(&Point { x, y }),
            None => Ok(JsValue::UNDEFINED),
        }
    }

    /// What the search knows about (x, y) for the node inspector: `{x, y, state, g, h, f,
    /// parent: [x, y] | null, expansion}`, or `undefined` outside the map.
    #[wasm_bindgen(unchecked_return_type = "NodeInfo | undefined")]
    pub fn node(&mut self, x: u32, y: u32) -> Result<JsValue, JsError> {
        match self.change(|mut l| l.shown_node(x, y))? {
            Some(info) => to_js(&info),
            None => Ok(JsValue::UNDEFINED),
        }
    }

    /// Moves the start one step along the path (seed 002's walker; D* Lite repairs its search
    /// from there). Returns the new start as `[x, y]`, or an empty array when there is no
    /// path to walk or the walker has arrived.
    #[wasm_bindgen(js_name = advanceWalker)]
    pub fn advance_walker(&mut self) -> Vec<u32> {
        match self.run(Command::AdvanceWalker) {
            Ok(Outcome::Walked(Some((x, y)))) => vec![x, y],
            _ => Vec::new(),
        }
    }

    /// Why `algorithm` (a settings name such as `jps`) cannot run on this map with the current
    /// movement — the page disables the option and shows this — or `undefined` when it can.
    #[wasm_bindgen(js_name = algorithmUnavailable)]
    pub fn algorithm_unavailable(&self, algorithm: &str) -> Option<String> {
        let algorithm = algorithm.parse().ok()?;
        self.read(|l| l.unavailable(algorithm)).ok().flatten()
    }

    /// Why the search was refused after the last edit (say Jump Point Search once terrain
    /// was painted), or `undefined`.
    #[wasm_bindgen(js_name = refusedReason)]
    pub fn refused_reason(&self) -> Option<String> {
        self.read(|l| l.refused().map(|e| e.to_string()))
            .ok()
            .flatten()
    }

    /// Whether the path is a polyline of corners (Theta*, A* on a node mesh) rather than a
    /// chain of neighbouring cells.
    #[wasm_bindgen(js_name = isAnyAngle)]
    pub fn is_any_angle(&self) -> bool {
        self.read(|l| l.search().is_any_angle()).unwrap_or(false)
    }

    // ---- Timeline (issue 8): scrubbing through the recorded search ----
}

fn clamp_u32(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

// ---- compare-mode links (issue 8, page side) --------------------------------------------------
//
// Kept in a block of its own at the end of the file: free functions, no state, so they need
// nothing from the Planner above.
