//! Distance fields and movement ranges for JS: the view shown beside the search, the field's
//! heat and flow bytes and its walkers, the range's mask, outline and costs. Every decision
//! (what a field is, which cells are in range, which refusals and their words) is the
//! planner's (`planner/view.rs`); this file only hands bytes and plain objects across.

use super::*;
use crate::fields::Release;
use crate::formats::link::LinkView;
use crate::grid::Topology;
use crate::planner::{ViewKind, WALKER_SEED};

/// The field view's figures as the page reads them (`FieldInfo` in `pathlab.d.ts`).
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct FieldInfoView {
    goal: Point,
    max_cost: f64,
    reached: usize,
    expanded: u64,
    ms: f64,
    update: &'static str,
    version: u32,
    /// The last release of walkers (`WalkerRelease`), absent when none since the field was
    /// shown or the walkers were cleared.
    #[serde(skip_serializing_if = "Option::is_none")]
    release: Option<Release>,
}

/// The range view's figures (`RangeInfo` in `pathlab.d.ts`).
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct RangeInfoView {
    from: Point,
    budget: f64,
    cells: usize,
    max_cost: f64,
    version: u32,
}

#[wasm_bindgen]
impl Planner {
    /// The picture shown beside the search: `path`, `field` or `range`.
    #[wasm_bindgen(getter, unchecked_return_type = "ViewName")]
    pub fn view(&self) -> String {
        self.planner().view().name().to_string()
    }

    /// Shows `kind` (`path`, `field` or `range`): the field is built from the goal; the range
    /// view without a range set measures 10 points from the start. Throws, changing nothing,
    /// on an unknown name, and for a field or range on a planner of several lanes (compare
    /// mode shows the paths only).
    #[wasm_bindgen(js_name = setView)]
    pub fn set_view(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "ViewName")] kind: &str,
    ) -> Result<(), JsError> {
        let kind = ViewKind::from_name(kind).map_err(js_error)?;
        self.run(Command::SetView { view: kind })?;
        Ok(())
    }

    /// Measures the cells reachable from (x, y) for at most `budget` movement points and
    /// shows them. Throws, changing nothing, when (x, y) is a wall or off the map, the
    /// budget is not a number from 0 to 1000000, or the planner has several lanes.
    #[wasm_bindgen(js_name = setRange)]
    pub fn set_range(&mut self, x: u32, y: u32, budget: f64) -> Result<(), JsError> {
        self.run(Command::SetRange { x, y, budget })?;
        Ok(())
    }

    /// The field view's figures (`FieldInfo`), or `undefined` outside it: `goal`, `maxCost`,
    /// `reached` (cells that reach the goal), `expanded` and `ms` (the last build or
    /// repair), `update` (`built`, `repaired` or `rebuilt`) and `version` (increases on every
    /// change of the field: read the bytes again when it moved), and `release` (the last
    /// release of walkers: `requested`, `placed`, and `reason` when fewer were placed).
    #[wasm_bindgen(js_name = fieldInfo, unchecked_return_type = "FieldInfo | undefined")]
    pub fn field_info(&self) -> Result<JsValue, JsError> {
        let Some(info) = self.planner_mut().field_info() else {
            return Ok(JsValue::UNDEFINED);
        };
        let (x, y) = info.goal;
        to_js(&FieldInfoView {
            goal: Point { x, y },
            max_cost: info.max_cost,
            reached: info.reached,
            expanded: info.expanded,
            ms: info.ms,
            update: info.update.name(),
            version: info.version,
            release: info.release,
        })
    }

    /// Address in wasm memory of the heat bytes (`width × height`, `y * width + x`): the cost
    /// to the goal scaled to 0–254 by `maxCost`, 255 on walls and unreached cells. Valid until
    /// the next call that changes the field. Throws outside the field view.
    #[wasm_bindgen(js_name = fieldHeatPtr)]
    pub fn field_heat_ptr(&mut self) -> Result<*const u8, JsError> {
        self.planner_mut()
            .field_heat()
            .map(<[u8]>::as_ptr)
            .ok_or_else(|| JsError::new(NO_FIELD))
    }

    /// Address in wasm memory of the flow bytes (`width × height`): the move index of each
    /// cell's arrow towards the goal (in `moveVectors()` order), 255 where there is none
    /// (the goal, walls, unreached cells). Valid until the next call that changes the field.
    /// Throws outside the field view.
    #[wasm_bindgen(js_name = fieldFlowPtr)]
    pub fn field_flow_ptr(&mut self) -> Result<*const u8, JsError> {
        self.planner_mut()
            .field_flow()
            .map(<[u8]>::as_ptr)
            .ok_or_else(|| JsError::new(NO_FIELD))
    }

    /// The moves as screen vectors (x right, y down; one step long), `[x0, y0, x1, y1, …]`
    /// for each move of the map's shape under the current movement: flow byte `d` points
    /// along `(v[2d], v[2d + 1])`. The one move table: JS draws arrows with it.
    #[wasm_bindgen(js_name = moveVectors)]
    pub fn move_vectors(&self) -> Vec<f64> {
        let movement = self.read(|l| l.view_movement()).unwrap_or_default();
        let topology = Topology::of(self.planner().grid(), &movement);
        topology.move_vectors()[..topology.move_count()]
            .iter()
            .flat_map(|&(x, y)| [x, y])
            .collect()
    }

    /// Releases `count` walkers on random cells other than the goal that reach it, placed by
    /// `seed` (default 1), replacing any crowd; returns how many were placed: all of them (any
    /// number may share a cell) up to 10000, or none when no cell but the goal reaches it —
    /// `fieldInfo().release` says how many were asked for and why fewer. Throws outside the
    /// field view (and on a planner of several lanes) and for a count below 1 (or NaN).
    #[wasm_bindgen(js_name = releaseWalkers)]
    pub fn release_walkers(&mut self, count: f64, seed: Option<f64>) -> Result<u32, JsError> {
        let placed = self.run(Command::ReleaseWalkers {
            count: crate::command::walker_count(count),
            seed: Some(seed.map_or(WALKER_SEED, |s| s as u64)),
        })?;
        Ok(clamp_u32(placed.count()))
    }

    /// Moves every walker one cell along the flow; returns how many moved (0 once all have
    /// arrived or are stuck).
    #[wasm_bindgen(js_name = stepWalkers)]
    pub fn step_walkers(&mut self) -> u32 {
        clamp_u32(self.run(Command::StepWalkers).map_or(0, Outcome::count))
    }

    /// Address in wasm memory of the walkers: `walkerCount` pairs of u32 `x, y`. Valid until
    /// the next call that moves, releases or clears walkers or changes the map.
    #[wasm_bindgen(js_name = walkersPtr)]
    pub fn walkers_ptr(&self) -> *const u32 {
        self.planner().walker_xy().as_ptr()
    }

    /// How many walkers there are.
    #[wasm_bindgen(getter, js_name = walkerCount)]
    pub fn walker_count(&self) -> u32 {
        clamp_u32(self.planner().walker_xy().len() / 2)
    }

    /// How many walkers stand on the goal.
    #[wasm_bindgen(getter, js_name = walkersArrived)]
    pub fn walkers_arrived(&self) -> u32 {
        clamp_u32(self.planner().walkers_arrived())
    }

    /// Removes every walker.
    #[wasm_bindgen(js_name = clearWalkers)]
    pub fn clear_walkers(&mut self) {
        let _ = self.run(Command::ClearWalkers);
    }

    /// The range view's figures (`RangeInfo`), or `undefined` outside it: `from`, `budget`,
    /// `cells` (how many are in range), `maxCost` (the dearest of them) and `version`.
    #[wasm_bindgen(js_name = rangeInfo, unchecked_return_type = "RangeInfo | undefined")]
    pub fn range_info(&self) -> Result<JsValue, JsError> {
        let inner = self.planner();
        let Some(range) = inner.range() else {
            return Ok(JsValue::UNDEFINED);
        };
        let (x, y) = range.from();
        to_js(&RangeInfoView {
            from: Point { x, y },
            budget: range.budget(),
            cells: range.count(),
            max_cost: range.max_cost(),
            version: inner.view_version(),
        })
    }

    /// Address in wasm memory of the range mask (`width × height`): 1 in range, 0 not. Valid
    /// until the next call that changes the range. Throws outside the range view.
    #[wasm_bindgen(js_name = rangeMaskPtr)]
    pub fn range_mask_ptr(&self) -> Result<*const u8, JsError> {
        self.planner()
            .range()
            .map(|r| r.mask().as_ptr())
            .ok_or_else(|| JsError::new(NO_RANGE))
    }

    /// The range's outline as triples `[x, y, side, …]`: each side of a cell in range that
    /// borders a cell out of range or the map's edge; `side` is the move across it (squares:
    /// the four orthogonal moves 0–3; hexagons: 0–5). Empty outside the range view.
    #[wasm_bindgen(js_name = rangeOutline)]
    pub fn range_outline(&self) -> Vec<u32> {
        let inner = self.planner();
        inner.range().map_or_else(Vec::new, |range| {
            range
                .outline(inner.grid())
                .into_iter()
                .flat_map(|(x, y, side)| [x, y, u32::from(side)])
                .collect()
        })
    }

    /// The view as a link's tail carries it: `{view, walkers, range}` (all `null` in the path
    /// view), to spread into `formatLinkTail`'s argument.
    #[wasm_bindgen(js_name = linkView, unchecked_return_type = "LinkViewFields")]
    pub fn link_view(&self) -> Result<JsValue, JsError> {
        #[derive(Serialize)]
        struct Fields {
            view: Option<&'static str>,
            walkers: Option<u32>,
            range: Option<link::LinkRange>,
        }
        let view = LinkView::of(&self.planner());
        to_js(&Fields {
            view: view.as_ref().map(|v| v.view.name()),
            walkers: view.as_ref().and_then(|v| v.walkers),
            range: view.and_then(|v| v.range),
        })
    }

    /// Shows the view a link names: `{view, walkers, range}` as `splitLink` gives them (no
    /// view: the path). Throws, changing nothing, for fields that do not fit together or a
    /// range cell off the map or on a wall.
    #[wasm_bindgen(js_name = applyLinkView)]
    pub fn apply_link_view(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "Partial<LinkViewFields>")] fields: JsValue,
    ) -> Result<(), JsError> {
        let view = from_js::link_view_value(&fields).map_err(|e| {
            JsError::new(&format!(
                "applyLinkView needs {{view, walkers, range}}: {e}"
            ))
        })?;
        // The link grammar decides what fits together (walkers only on the field…).
        let tail = link::LinkTail {
            view,
            ..link::LinkTail::default()
        };
        link::format_tail(&tail).map_err(js_error)?;
        self.change(|mut l| LinkView::apply(tail.view.as_ref(), &mut l))?
            .map_err(js_error)?;
        Ok(())
    }

    /// The cost from (x, y) to the field's goal, or `undefined` where no way joins them (a
    /// wall, a cell cut off, off the map) or no field is shown.
    #[wasm_bindgen(js_name = fieldCost)]
    pub fn field_cost(&self, x: u32, y: u32) -> Option<f64> {
        self.planner().field()?.cost(x, y)
    }

    /// What reaching (x, y) costs from the range's cell, or `undefined` when it is out of
    /// range (or no range is shown).
    #[wasm_bindgen(js_name = rangeCost)]
    pub fn range_cost(&self, x: u32, y: u32) -> Option<f64> {
        self.planner().range()?.cost(x, y)
    }
}

/// The refusal of the field's bytes outside the field view.
const NO_FIELD: &str = "no distance field is shown: call setView(\"field\") first";

/// The refusal of the range's bytes outside the range view.
const NO_RANGE: &str = "no movement range is shown: call setRange(x, y, budget) first";
