//! The `#[wasm_bindgen]` glue: the only module that knows about JavaScript.
//!
//! A thin binding layer over [`crate::Planner`], in the spirit of rapier.js over its core:
//! every decision about the grid and the search stays in Rust, JS only forwards the user's
//! actions and paints. The page reads the grid bytes, the search-state bytes and the RGBA frame
//! straight from wasm memory through the `*_ptr` getters (typed-array views over
//! `memory.buffer`, rebuilt when memory grows); settings, stats and inspector nodes go out as
//! plain objects through `serde-wasm-bindgen`, and settings and compare links come in as plain
//! objects read by `from_js`; every refusal comes back as a thrown JS `Error` with a
//! readable message, never as a panic.

use crate::formats::number::decimal;
use crate::formats::{bitmap, link, movingai};
use crate::frame::Frame;
use crate::generate::{self, Kind};
use crate::grid::{Cell, Grid};
use crate::scenarios;
use crate::search::{Budget, Settings, Status};
use serde::Serialize;
use wasm_bindgen::prelude::*;

mod from_js;

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

/// The planner the page drives: grid, start, goal, settings, the current search, the edit
/// history and an RGBA frame buffer, plus the speed `step()` runs at.
#[wasm_bindgen]
pub struct Planner {
    inner: crate::Planner,
    /// How far `step()` goes per call.
    speed: Budget,
    /// The frame the page paints, with the palette it was given.
    frame: Frame,
    /// Bumped on every change that can alter what is painted, so the page repaints only when
    /// it moved.
    version: u32,
    /// The Moving AI problems of the last `loadScen`, checked against the map then.
    scenarios: Vec<movingai::Scenario>,
}

/// One scenario as the page lists it.
#[derive(Serialize)]
struct ScenarioView<'a> {
    index: usize,
    bucket: u32,
    map: &'a str,
    start: [u32; 2],
    goal: [u32; 2],
    optimal: f64,
}

impl Planner {
    fn wrap(inner: crate::Planner) -> Planner {
        Planner {
            inner,
            speed: Budget::Expansions(1),
            frame: Frame::default(),
            version: 1,
            scenarios: Vec::new(),
        }
    }

    /// Puts a ready planner in place of the current one, keeping the palette; the loaded
    /// scenarios belong to the old map and are dropped.
    fn install(&mut self, fresh: crate::Planner) {
        self.inner = fresh;
        self.scenarios.clear();
        self.touched();
    }

    fn touched(&mut self) {
        self.version = self.version.wrapping_add(1);
    }

    /// Replaces the map. `markers` (`[sx, sy, gx, gy]`) place the start and goal when they
    /// are open cells of the new map; otherwise the current markers move to the nearest open
    /// cells. The undo history starts afresh; on error nothing changes.
    fn replace(&mut self, grid: Grid, markers: Option<Vec<u32>>) -> Result<(), JsError> {
        if let Some(&[sx, sy, gx, gy]) = markers.as_deref() {
            let settings = *self.inner.settings();
            if let Ok(fresh) = crate::Planner::with_grid(grid.clone(), (sx, sy), (gx, gy), settings)
            {
                self.install(fresh);
                return Ok(());
            }
        }
        self.inner.load_grid(grid).map_err(js_error)?;
        self.scenarios.clear();
        self.touched();
        Ok(())
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

    /// Replaces the map with a new open one of the given size (markers move to the nearest
    /// open cell). Throws, keeping the current map, for sizes outside 1–4096.
    #[wasm_bindgen(js_name = newMap)]
    pub fn new_map(&mut self, width: u32, height: u32) -> Result<(), JsError> {
        let grid = Grid::new(width, height).map_err(js_error)?;
        self.replace(grid, None)
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
    /// bytes as from `getImageData`. Throws, keeping the current map, on a bad image.
    #[wasm_bindgen(js_name = loadImage)]
    pub fn load_image(&mut self, width: u32, height: u32, rgba: &[u8]) -> Result<(), JsError> {
        let grid = bitmap::grid_from_rgba(width, height, rgba).map_err(js_error)?;
        self.replace(grid, None)
    }

    /// Replaces the map with raw grid bytes (0 wall, 1–4 terrain), as saved by the page;
    /// optional `markers` as for `loadMapText`. Throws, keeping the current map, on a bad size
    /// or byte.
    #[wasm_bindgen(js_name = loadCells)]
    pub fn load_cells(
        &mut self,
        width: u32,
        height: u32,
        cells: Vec<u8>,
        markers: Option<Vec<u32>>,
    ) -> Result<(), JsError> {
        let grid = Grid::from_bytes(width, height, cells).map_err(js_error)?;
        self.replace(grid, markers)
    }

    /// The map as Moving AI `.map` text (digits 2–4 mark terrain costs).
    #[wasm_bindgen(js_name = exportMap)]
    pub fn export_map(&self) -> String {
        movingai::write_map(self.inner.grid())
    }

    /// The map's width in cells.
    #[wasm_bindgen(getter)]
    pub fn width(&self) -> u32 {
        self.inner.grid().width()
    }

    /// The map's height in cells.
    #[wasm_bindgen(getter)]
    pub fn height(&self) -> u32 {
        self.inner.grid().height()
    }

    /// A counter that changes whenever the picture may have changed (edits, steps, loads).
    #[wasm_bindgen(getter)]
    pub fn version(&self) -> u32 {
        self.version
    }

    /// Address in wasm memory of the grid bytes (`width × height`, `y * width + x`; 0 wall,
    /// 1–4 terrain). Valid until the next call that changes the map size.
    #[wasm_bindgen(js_name = cellsPtr)]
    pub fn cells_ptr(&self) -> *const u8 {
        self.inner.grid().bytes().as_ptr()
    }

    /// Address in wasm memory of the search-state bytes (`width × height`; `CellState` 0–8).
    /// Valid until the next call that changes the map size.
    #[wasm_bindgen(js_name = statesPtr)]
    pub fn states_ptr(&self) -> *const u8 {
        self.inner.shown_states().as_ptr()
    }

    /// Sets the 50 RGBA colours (`0xAABBGGRR`, index `cell * 10 + state`) the frame is painted
    /// with. Throws unless exactly 50 colours are given (`frame::PALETTE_LEN`).
    #[wasm_bindgen(js_name = setPalette)]
    pub fn set_palette(&mut self, colours: &[u32]) -> Result<(), JsError> {
        self.frame
            .set_palette(colours)
            .map_err(|e| JsError::new(&e))?;
        self.touched();
        Ok(())
    }

    /// Paints the frame buffer (one RGBA pixel per cell, `palette[cell * 10 + state]`) and
    /// returns its address in wasm memory: `width × height × 4` bytes, ready for
    /// `new ImageData(...)`. Only pixels whose cell or state changed since the last render are
    /// rewritten; `dirtyRect()` gives their bounding box, so the page uploads just that part.
    pub fn render(&mut self) -> *const u32 {
        let grid = self.inner.grid();
        let width = grid.width() as usize;
        self.frame
            .paint(width, grid.bytes(), self.inner.shown_states())
            .as_ptr()
    }

    /// The pixels the last `render()` changed, as `[x, y, width, height]` (width 0: none).
    #[wasm_bindgen(js_name = dirtyRect)]
    pub fn dirty_rect(&self) -> Vec<u32> {
        self.frame.dirty().to_vec()
    }

    /// The grid byte at (x, y): 0 wall, 1–4 terrain; 255 outside the map.
    pub fn cell(&self, x: u32, y: u32) -> u8 {
        self.inner
            .grid()
            .get(i64::from(x), i64::from(y))
            .map_or(255, Cell::to_byte)
    }

    /// The search-state byte at (x, y) (`CellState` 0–8); 255 outside the map.
    pub fn state(&self, x: u32, y: u32) -> u8 {
        let g = self.inner.grid();
        if x >= g.width() || y >= g.height() {
            return 255;
        }
        self.inner
            .shown_states()
            .get((y * g.width() + x) as usize)
            .copied()
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
    pub fn step(&mut self) -> String {
        self.advance(self.speed)
    }

    /// Exactly one expansion, whatever the speed; returns the status.
    #[wasm_bindgen(js_name = stepOnce)]
    pub fn step_once(&mut self) -> String {
        self.advance(Budget::Expansions(1))
    }

    /// Runs the search to the end at once; returns the status.
    #[wasm_bindgen(js_name = runToEnd)]
    pub fn run_to_end(&mut self) -> String {
        self.advance(Budget::Unlimited)
    }

    fn advance(&mut self, budget: Budget) -> String {
        let before = (self.inner.search().stats().expanded, self.inner.position());
        let status = self.inner.step(budget, performance_now);
        if (self.inner.search().stats().expanded, self.inner.position()) != before {
            self.touched();
        }
        status_name(status).to_string()
    }

    /// The search status: `running`, `found`, `no_path` or `partial`.
    #[wasm_bindgen(getter)]
    pub fn status(&self) -> String {
        status_name(self.inner.shown_status()).to_string()
    }

    /// The statistics as a plain object: `status`, `fresh`, `repairs`, `step` and `steps`
    /// (the timeline step shown and the steps recorded), `refused` (why the search was
    /// refused, or null), `version`, `expanded`, `generated`, `reopened`, `updated`,
    /// `openSize`, `maxOpen`, `runCount`, `elapsedMs`, `pathCost` (null until found) and
    /// `pathMoves`. Everything the page's status line and statistics show comes from here.
    pub fn stats(&self) -> Result<JsValue, JsError> {
        let stats = self.inner.shown_stats();
        let view = StatsView {
            status: status_name(self.inner.shown_status()),
            fresh: stats.expanded == 0,
            repairs: self.inner.search().repairs(),
            step: self.inner.position(),
            steps: self.inner.timeline_len(),
            refused: self.inner.refused().map(|e| e.to_string()),
            version: self.version,
            stats,
        };
        to_js(&view)
    }

    /// The settings as a plain object: `algorithm`, `heuristic` (null = the movement's
    /// default), `weight`, `movement: {connectivity, diagonalRule, diagonalCost}`,
    /// `neighbourOrder` and `nodeBudget` (null = none).
    pub fn settings(&self) -> Result<JsValue, JsError> {
        to_js(self.inner.settings())
    }

    /// Replaces the settings (missing fields take their defaults) and restarts the search.
    /// Throws, changing nothing, for unknown names or out-of-range numbers.
    #[wasm_bindgen(js_name = setSettings)]
    pub fn set_settings(&mut self, settings: JsValue) -> Result<(), JsError> {
        let settings = from_js::settings(&settings)
            .map_err(|e| JsError::new(&format!("bad settings: {e}")))?;
        self.inner.set_settings(settings).map_err(js_error)?;
        self.touched();
        Ok(())
    }

    /// The start cell as `{x, y}`.
    pub fn start(&self) -> Result<JsValue, JsError> {
        let (x, y) = self.inner.start();
        to_js(&Point { x, y })
    }

    /// The goal cell as `{x, y}`.
    pub fn goal(&self) -> Result<JsValue, JsError> {
        let (x, y) = self.inner.goal();
        to_js(&Point { x, y })
    }

    /// Moves the start (undoable; re-plans at once if the search had finished). Throws on a
    /// wall or outside the map.
    #[wasm_bindgen(js_name = setStart)]
    pub fn set_start(&mut self, x: u32, y: u32) -> Result<(), JsError> {
        self.inner.set_start(x, y).map_err(js_error)?;
        self.touched();
        Ok(())
    }

    /// Moves the goal (undoable; re-plans at once if the search had finished). Throws on a
    /// wall or outside the map.
    #[wasm_bindgen(js_name = setGoal)]
    pub fn set_goal(&mut self, x: u32, y: u32) -> Result<(), JsError> {
        self.inner.set_goal(x, y).map_err(js_error)?;
        self.touched();
        Ok(())
    }

    /// Opens an undo group: everything until `endStroke` undoes as one step.
    #[wasm_bindgen(js_name = beginStroke)]
    pub fn begin_stroke(&mut self) {
        self.inner.begin_stroke();
    }

    /// Closes the undo group opened by `beginStroke`.
    #[wasm_bindgen(js_name = endStroke)]
    pub fn end_stroke(&mut self) {
        self.inner.end_stroke();
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
        let cell = Cell::from_byte(cell).ok_or_else(|| {
            JsError::new(&format!(
                "cell {cell} is not 0 (wall) or a terrain cost 1–4"
            ))
        })?;
        let changed = self.inner.paint_line((x0, y0), (x1, y1), brush, cell);
        if changed > 0 {
            self.touched();
        }
        Ok(u32::try_from(changed).unwrap_or(u32::MAX))
    }

    /// Turns every cell into open ground of cost 1 (undoable). Returns how many changed.
    #[wasm_bindgen(js_name = clearWalls)]
    pub fn clear_walls(&mut self) -> u32 {
        let changed = self.inner.clear_walls();
        self.touched();
        u32::try_from(changed).unwrap_or(u32::MAX)
    }

    /// Undoes the last edit (stroke, marker move, clear); false when there is none.
    pub fn undo(&mut self) -> bool {
        let done = self.inner.undo();
        self.touched();
        done
    }

    /// Redoes the last undone edit; false when there is none.
    pub fn redo(&mut self) -> bool {
        let done = self.inner.redo();
        self.touched();
        done
    }

    /// Whether there is an edit to undo.
    #[wasm_bindgen(js_name = canUndo)]
    pub fn can_undo(&self) -> bool {
        self.inner.can_undo()
    }

    /// Whether there is an edit to redo.
    #[wasm_bindgen(js_name = canRedo)]
    pub fn can_redo(&self) -> bool {
        self.inner.can_redo()
    }

    /// Throws the search away and starts a new one with nothing expanded.
    #[wasm_bindgen(js_name = resetSearch)]
    pub fn reset_search(&mut self) {
        self.inner.reset_search();
        self.touched();
    }

    /// The path (found or partial) as a flat `[x0, y0, x1, y1, …]` array from the start;
    /// empty while there is none.
    pub fn path(&self) -> Vec<u32> {
        let width = self.inner.grid().width();
        self.inner
            .shown_path()
            .iter()
            .flat_map(|&i| [i % width, i / width])
            .collect()
    }

    /// The cell expanded last as `{x, y}`, or `undefined` before the first expansion.
    pub fn current(&self) -> Result<JsValue, JsError> {
        match self.inner.shown_current() {
            Some((x, y)) => to_js(&Point { x, y }),
            None => Ok(JsValue::UNDEFINED),
        }
    }

    /// What the search knows about (x, y) for the node inspector: `{x, y, state, g, h, f,
    /// parent: [x, y] | null, expansion}`, or `undefined` outside the map.
    pub fn node(&mut self, x: u32, y: u32) -> Result<JsValue, JsError> {
        match self.inner.shown_node(x, y) {
            Some(info) => to_js(&info),
            None => Ok(JsValue::UNDEFINED),
        }
    }

    /// The whole state (map cells with terrain, start, goal, algorithm and every setting) as
    /// a URL fragment without the `#`: `v1.` then base64url (see `docs/formats.md`).
    #[wasm_bindgen(js_name = shareLink)]
    pub fn share_link(&self) -> String {
        link::encode(&link::LinkState {
            grid: self.inner.grid().clone(),
            start: self.inner.start(),
            goal: self.inner.goal(),
            settings: *self.inner.settings(),
        })
    }

    /// Restores exactly the state of a `shareLink` fragment (with or without `#`). Throws a
    /// clear message for a damaged, truncated, oversized or future-version link, and then
    /// nothing has changed.
    #[wasm_bindgen(js_name = loadLink)]
    pub fn load_link(&mut self, fragment: &str) -> Result<(), JsError> {
        let state = link::decode(fragment).map_err(js_error)?;
        let fresh = crate::Planner::with_grid(state.grid, state.start, state.goal, state.settings)
            .map_err(js_error)?;
        self.install(fresh);
        Ok(())
    }

    /// A short link for a shipped map: `map=NAME&start=X,Y&goal=X,Y` plus each setting that
    /// differs from the default. Throws for a name that is not 1–64 letters, digits, `-_.`.
    #[wasm_bindgen(js_name = shortLink)]
    pub fn short_link(&self, map_name: &str) -> Result<String, JsError> {
        link::format_short(
            map_name,
            self.inner.start(),
            self.inner.goal(),
            self.inner.settings(),
        )
        .map_err(js_error)
    }

    /// The map name in a short link (with or without `#`); throws on a malformed link.
    #[wasm_bindgen(js_name = shortLinkMap)]
    pub fn short_link_map(fragment: &str) -> Result<String, JsError> {
        link::parse_short(fragment).map(|l| l.map).map_err(js_error)
    }

    /// Applies a short link's markers and settings to the map already loaded (settings it
    /// leaves out take their defaults; markers it leaves out stay). Throws, changing
    /// nothing, on a malformed link or a marker outside the map or on a wall.
    #[wasm_bindgen(js_name = applyShortLink)]
    pub fn apply_short_link(&mut self, fragment: &str) -> Result<(), JsError> {
        let parsed = link::parse_short(fragment).map_err(js_error)?;
        let start = parsed.start.unwrap_or(self.inner.start());
        let goal = parsed.goal.unwrap_or(self.inner.goal());
        self.inner
            .set_markers_and_settings(start, goal, parsed.settings)
            .map_err(js_error)?;
        self.touched();
        Ok(())
    }

    /// Replaces the map with a generated one (like a load: the undo history starts afresh)
    /// and puts the markers on the generator's connected suggestions. `kind` is one of
    /// `generators()`; `seed` a whole number from 0 to 2^53 − 1; `density` the wall
    /// fraction 0–0.9 for `random` and `terrain`. Throws, changing nothing, on bad input.
    pub fn generate(
        &mut self,
        kind: &str,
        width: u32,
        height: u32,
        seed: f64,
        density: f64,
    ) -> Result<(), JsError> {
        let kind: Kind = kind.parse().map_err(js_error)?;
        let seed = from_js::whole_number(seed).ok_or_else(|| {
            JsError::new(&format!(
                "the seed must be a whole number from 0 to 2^53 − 1, not {}",
                decimal(seed)
            ))
        })?;
        let made = generate::generate(kind, width, height, seed, density).map_err(js_error)?;
        let fresh =
            crate::Planner::with_grid(made.grid, made.start, made.goal, *self.inner.settings())
                .map_err(js_error)?;
        self.install(fresh);
        Ok(())
    }

    /// The generators `generate` accepts, in menu order: `[{id, label, usesDensity,
    /// defaultDensity}]`.
    pub fn generators() -> Result<JsValue, JsError> {
        let rows: Vec<generate::KindInfo> = Kind::ALL.iter().map(|k| k.info()).collect();
        to_js(&rows)
    }

    /// The algorithm table ([`crate::search::table`]), in menu order: `[{id, label,
    /// menuLabel, summary, optimal, usesHeuristic, usesWeight, usesNeighbourOrder,
    /// usesNodeBudget, needs: {uniformCost, movingAiMovement, mesh}, repairs, liveWalker,
    /// anyAngle, inCompare, paints}]`. Every menu of algorithms on the page is built from it.
    pub fn algorithms() -> Result<JsValue, JsError> {
        to_js(&crate::search::table::ALGORITHMS)
    }

    /// The map as opaque RGBA pixels in the collision-bitmap greys (0 wall; 255/204/153/102
    /// for costs 1–4), `width × height × 4` bytes. The page encodes them as PNG with
    /// `canvas.toBlob`, so no PNG encoder is shipped in the wasm.
    #[wasm_bindgen(js_name = exportImage)]
    pub fn export_image(&self) -> Vec<u8> {
        bitmap::grey_rgba(self.inner.grid())
    }

    /// Reads a Moving AI `.scen` text for the map loaded now and keeps its problems.
    /// Throws, naming the line, when a problem's map size differs from this map or an end
    /// is outside it or on a wall; the previous list is kept then. Returns
    /// `[{index, bucket, map, start: [x, y], goal: [x, y], optimal}]`.
    #[wasm_bindgen(js_name = loadScen)]
    pub fn load_scen(&mut self, text: &str) -> Result<JsValue, JsError> {
        let scens = movingai::parse_scen(text).map_err(js_error)?;
        scenarios::fit(&scens, self.inner.grid()).map_err(js_error)?;
        let views: Vec<ScenarioView> = scens
            .iter()
            .enumerate()
            .map(|(index, s)| ScenarioView {
                index,
                bucket: s.bucket,
                map: &s.map,
                start: [s.start.0, s.start.1],
                goal: [s.goal.0, s.goal.1],
                optimal: s.optimal,
            })
            .collect();
        let out = to_js(&views)?;
        self.scenarios = scens;
        Ok(out)
    }

    /// Sets start and goal to scenario `index` and the settings to the Moving AI rule (A*,
    /// octile, 8-connected, no corner cutting, diagonal √2), so the path cost can be compared
    /// with its optimal length. Throws for an index out of range or an end that has since
    /// been walled.
    #[wasm_bindgen(js_name = useScenario)]
    pub fn use_scenario(&mut self, index: u32) -> Result<(), JsError> {
        let s = self.scenarios.get(index as usize).ok_or_else(|| {
            JsError::new(&format!(
                "there is no scenario {index}: {} are loaded",
                self.scenarios.len()
            ))
        })?;
        let (start, goal) = (s.start, s.goal);
        self.inner
            .set_markers_and_settings(start, goal, Settings::default())
            .map_err(js_error)?;
        self.touched();
        Ok(())
    }

    /// Moves the start one step along the path (seed 002's walker; D* Lite repairs its search
    /// from there). Returns the new start as `[x, y]`, or an empty array when there is no
    /// path to walk or the walker has arrived.
    #[wasm_bindgen(js_name = advanceWalker)]
    pub fn advance_walker(&mut self) -> Vec<u32> {
        match self.inner.advance_walker() {
            Some((x, y)) => {
                self.touched();
                vec![x, y]
            }
            None => Vec::new(),
        }
    }

    /// Why `algorithm` (a settings name such as `jps`) cannot run on this map with the current
    /// movement — the page disables the option and shows this — or `undefined` when it can.
    #[wasm_bindgen(js_name = algorithmUnavailable)]
    pub fn algorithm_unavailable(&self, algorithm: &str) -> Option<String> {
        let algorithm = algorithm.parse().ok()?;
        let settings = Settings {
            algorithm,
            ..*self.inner.settings()
        };
        settings.unavailable_on(self.inner.grid())
    }

    /// Why the search was refused after the last edit (say Jump Point Search once terrain
    /// was painted), or `undefined`.
    #[wasm_bindgen(js_name = refusedReason)]
    pub fn refused_reason(&self) -> Option<String> {
        self.inner.refused().map(|e| e.to_string())
    }

    /// Whether the path is a polyline of corners (Theta*, A* on a node mesh) rather than a
    /// chain of neighbouring cells.
    #[wasm_bindgen(js_name = isAnyAngle)]
    pub fn is_any_angle(&self) -> bool {
        self.inner.search().is_any_angle()
    }

    /// The mesh nodes as a flat `[x0, y0, x1, y1, …]` array; node `i` is at `2i`.
    #[wasm_bindgen(js_name = meshNodes)]
    pub fn mesh_nodes(&self) -> Vec<u32> {
        self.inner
            .mesh()
            .nodes()
            .iter()
            .flat_map(|&(x, y)| [x, y])
            .collect()
    }

    /// The mesh edges as a flat `[a0, b0, a1, b1, …]` array of node indices.
    #[wasm_bindgen(js_name = meshEdges)]
    pub fn mesh_edges(&self) -> Vec<u32> {
        self.inner
            .mesh()
            .edges()
            .iter()
            .flat_map(|&(a, b)| [a, b])
            .collect()
    }

    /// One byte per mesh edge: 1 where the map now blocks it (a wall drawn across it), so
    /// the search skips it.
    #[wasm_bindgen(js_name = meshBlockedEdges)]
    pub fn mesh_blocked_edges(&self) -> Vec<u8> {
        self.inner
            .mesh()
            .blocked_edges(self.inner.grid())
            .into_iter()
            .map(u8::from)
            .collect()
    }

    /// The index of the mesh node on (x, y), or -1.
    #[wasm_bindgen(js_name = meshNodeAt)]
    pub fn mesh_node_at(&self, x: u32, y: u32) -> i32 {
        self.inner
            .mesh()
            .node_at(x, y)
            .map_or(-1, |i| i32::try_from(i).unwrap_or(-1))
    }

    /// Adds a mesh node on (x, y), or finds the one there; returns its index. Throws on a
    /// wall or outside the map.
    #[wasm_bindgen(js_name = addMeshNode)]
    pub fn add_mesh_node(&mut self, x: u32, y: u32) -> Result<u32, JsError> {
        let i = self.inner.add_mesh_node(x, y).map_err(js_error)?;
        self.touched();
        Ok(i)
    }

    /// Joins mesh nodes `a` and `b`. Throws when the segment crosses a wall or cuts a
    /// blocked corner.
    #[wasm_bindgen(js_name = connectMeshNodes)]
    pub fn connect_mesh_nodes(&mut self, a: u32, b: u32) -> Result<(), JsError> {
        self.inner.connect_mesh_nodes(a, b).map_err(js_error)?;
        self.touched();
        Ok(())
    }

    /// Removes mesh node `i` and its edges (later nodes move down one index); returns
    /// whether it existed.
    #[wasm_bindgen(js_name = removeMeshNode)]
    pub fn remove_mesh_node(&mut self, i: u32) -> bool {
        let removed = self.inner.remove_mesh_node(i);
        if removed {
            self.touched();
        }
        removed
    }

    /// Replaces the mesh by the map's visibility graph (nodes at convex obstacle corners,
    /// edges in line of sight); returns the node count. Throws on maps with too many corners.
    #[wasm_bindgen(js_name = generateMesh)]
    pub fn generate_mesh(&mut self) -> Result<u32, JsError> {
        let n = self.inner.generate_mesh().map_err(js_error)?;
        self.touched();
        Ok(n as u32)
    }

    /// Replaces the mesh (say, one restored from storage) from flat `[x0, y0, …]` nodes and
    /// `[a0, b0, …]` edges. Throws, changing nothing, when a node is on a wall or outside the
    /// map, or an edge joins missing nodes or nodes out of sight.
    #[wasm_bindgen(js_name = setMesh)]
    pub fn set_mesh(&mut self, nodes: &[u32], edges: &[u32]) -> Result<(), JsError> {
        if nodes.len() % 2 != 0 || edges.len() % 2 != 0 {
            return Err(JsError::new(
                "mesh nodes and edges must be flat arrays of pairs",
            ));
        }
        let pairs = |flat: &[u32]| -> Vec<(u32, u32)> {
            flat.chunks_exact(2).map(|p| (p[0], p[1])).collect()
        };
        self.inner
            .set_mesh(&pairs(nodes), &pairs(edges))
            .map_err(js_error)?;
        self.touched();
        Ok(())
    }

    /// Runs A* with the Moving AI movement on scenarios `from .. from + count` in a search of
    /// its own (the user's search and map are untouched) and returns `{checked, matched,
    /// failures: [{index, expected, got}]}` (`got` is null when no path was found). Call it
    /// in chunks to show progress.
    #[wasm_bindgen(js_name = checkScenarios)]
    pub fn check_scenarios(&self, from: u32, count: u32) -> Result<JsValue, JsError> {
        let report = scenarios::check(
            self.inner.grid(),
            &self.scenarios,
            from as usize,
            count as usize,
        );
        to_js(&report)
    }

    /// Removes every mesh node and edge.
    #[wasm_bindgen(js_name = clearMesh)]
    pub fn clear_mesh(&mut self) -> Result<(), JsError> {
        self.inner.set_mesh(&[], &[]).map_err(js_error)?;
        self.touched();
        Ok(())
    }

    // ---- Timeline (issue 8): scrubbing through the recorded search ----

    /// Steps on the timeline: expansions recorded so far (see `docs/timeline.md`).
    #[wasm_bindgen(js_name = timelineLength)]
    pub fn timeline_length(&self) -> u32 {
        clamp_u32(self.inner.timeline_len())
    }

    /// The step shown; equals `timelineLength()` while the live search is shown.
    #[wasm_bindgen(js_name = timelinePosition)]
    pub fn timeline_position(&self) -> u32 {
        clamp_u32(self.inner.position())
    }

    /// False once recording stopped at the memory cap: the timeline then covers the first
    /// `timelineLength()` steps and its last position shows the live search.
    #[wasm_bindgen(js_name = timelineComplete)]
    pub fn timeline_complete(&self) -> bool {
        self.inner.timeline().complete()
    }

    /// Switches recording for the timeline on (the default) or off. Off, searches run at
    /// full speed and the timeline stays empty (`timelineLength()` is 0).
    #[wasm_bindgen(js_name = setRecording)]
    pub fn set_recording(&mut self, on: bool) {
        self.inner.set_recording(on);
    }

    /// Whether searches are recorded for the timeline.
    pub fn recording(&self) -> bool {
        self.inner.recording()
    }

    /// Shows the search as it stood after `step` expansions, clamped to
    /// `[0, timelineLength()]` (NaN counts as 0); the end is the live search. Bumps
    /// `version`. While the search is refused after an edit (`refusedReason()`) the
    /// timeline is empty and a seek stays live. Never throws today; the `Result` is the
    /// contract's room for a broken planner.
    pub fn seek(&mut self, step: f64) -> Result<(), JsError> {
        let step = if step.is_nan() { 0.0 } else { step };
        self.inner.seek(step.clamp(0.0, u32::MAX as f64) as usize);
        self.touched();
        Ok(())
    }

    /// The first `n` entries of the open list at the step shown, in the order they will be
    /// taken (entry 0 is expanded next): `[{x, y, g, h, f, direction?, key?}]`.
    #[wasm_bindgen(js_name = openTop)]
    pub fn open_top(&mut self, n: u32) -> Result<JsValue, JsError> {
        let top = self.inner.open_top(n.min(10_000) as usize);
        to_js(&top)
    }

    /// Why entry 0 of `openTop` goes first, as a sentence ('' when the open list is empty).
    #[wasm_bindgen(js_name = openWhy)]
    pub fn open_why(&mut self) -> String {
        self.inner.open_why()
    }

    /// Bytes held by the timeline's events, step records and keyframes.
    #[wasm_bindgen(js_name = timelineBytes)]
    pub fn timeline_bytes(&self) -> f64 {
        self.inner.timeline().bytes() as f64
    }

    /// Events recorded on the timeline.
    #[wasm_bindgen(js_name = timelineEvents)]
    pub fn timeline_events(&self) -> f64 {
        self.inner.timeline().event_count() as f64
    }
}

fn clamp_u32(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

// ---- compare-mode links (issue 8, page side) --------------------------------------------------
//
// Kept in a block of its own at the end of the file: free functions, no state, so they need
// nothing from the Planner above.

/// Splits a link fragment into `{base, compare}`: `base` is the planner link (`v1.…` or
/// `map=…`) for `loadLink`/`applyShortLink`, and `compare` is `null` or `{planners:
/// [{algorithm, weight}], step}`. A fragment without `&compare=` comes back unchanged with
/// `compare: null`. Throws a readable message for a bad compare part.
#[wasm_bindgen(js_name = splitCompareLink)]
pub fn split_compare_link(fragment: &str) -> Result<JsValue, JsError> {
    #[derive(Serialize)]
    struct Split<'a> {
        base: &'a str,
        compare: Option<link::CompareLink>,
    }
    let (base, compare) = link::split_compare(fragment).map_err(js_error)?;
    to_js(&Split { base, compare })
}

/// Parses a compare list such as `astar,dijkstra:1.5` (2–4 algorithm names, optional
/// `:WEIGHT`) into `[{algorithm, weight}]`; throws a readable message when it is bad.
#[wasm_bindgen(js_name = parseCompareList)]
pub fn parse_compare_list(value: &str) -> Result<JsValue, JsError> {
    to_js(&link::parse_compare_list(value).map_err(js_error)?)
}

/// Formats the compare part of a link (`compare=astar,dijkstra:1.5&step=K`, without a
/// leading `&`) from `{planners: [{algorithm, weight}], step}`; throws for 0–1 or over 4
/// planners, unknown algorithms or weights out of range.
#[wasm_bindgen(js_name = formatCompareLink)]
pub fn format_compare_link(compare: JsValue) -> Result<String, JsError> {
    let compare = from_js::compare_link(&compare)
        .map_err(|e| JsError::new(&format!("a compare link needs {{planners, step}}: {e}")))?;
    link::format_compare(&compare).map_err(js_error)
}
