//! Maps for JS: generators, the algorithm and generator tables, image export, and Moving AI
//! scenarios checked against the loaded map.

use super::*;

#[wasm_bindgen]
impl Planner {
    /// Replaces the map with a generated one (like a load: the undo history starts afresh)
    /// and puts the markers on the generator's connected suggestions. `kind` is one of
    /// `generators()`; `seed` a whole number from 0 to 2^53 − 1; `density` the wall
    /// fraction 0–0.9 for `random` and `terrain`; `shape` the cells (default `square`).
    /// Throws, changing nothing, on bad input.
    pub fn generate(
        &mut self,
        kind: &str,
        width: u32,
        height: u32,
        seed: f64,
        density: f64,
        shape: Option<String>,
    ) -> Result<(), JsError> {
        let shape = shapes::shape_arg(shape)?;
        let kind: Kind = kind.parse().map_err(js_error)?;
        let seed = from_js::whole_number(seed).ok_or_else(|| {
            JsError::new(&format!(
                "the seed must be a whole number from 0 to 2^53 − 1, not {}",
                decimal(seed)
            ))
        })?;
        let made = generate::generate_shaped(kind, width, height, shape, seed, density)
            .map_err(js_error)?;
        self.run_load(Command::Install {
            grid: made.grid,
            start: made.start,
            goal: made.goal,
            settings: None,
        })?;
        Ok(())
    }

    /// The generators `generate` accepts, in menu order: `[{id, label, usesDensity,
    /// defaultDensity}]`.
    #[wasm_bindgen(unchecked_return_type = "GeneratorInfo[]")]
    pub fn generators() -> Result<JsValue, JsError> {
        let rows: Vec<generate::KindInfo> = Kind::ALL.iter().map(|k| k.info()).collect();
        to_js(&rows)
    }

    /// The algorithm table ([`crate::search::table`]), in menu order: `[{id, label,
    /// menuLabel, summary, optimal, usesHeuristic, usesWeight, usesNeighbourOrder,
    /// usesNodeBudget, needs: {uniformCost, movingAiMovement, mesh}, repairs, liveWalker,
    /// anyAngle, inCompare, paints}]`. Every menu of algorithms on the page is built from it.
    #[wasm_bindgen(unchecked_return_type = "AlgorithmInfo[]")]
    pub fn algorithms() -> Result<JsValue, JsError> {
        to_js(&crate::search::table::ALGORITHMS)
    }

    /// The map as opaque RGBA pixels in the collision-bitmap greys (0 wall; 255/204/153/102
    /// for costs 1–4), `width × height × 4` bytes. The page encodes them as PNG with
    /// `canvas.toBlob`, so no PNG encoder is shipped in the wasm.
    #[wasm_bindgen(js_name = exportImage)]
    pub fn export_image(&self) -> Vec<u8> {
        bitmap::grey_rgba(self.planner().grid())
    }

    /// Reads a Moving AI `.scen` text for the map loaded now and keeps its problems
    /// ([`scenarios::ScenarioList`]). Throws, naming the line, when a problem's map size
    /// differs from this map or an end is outside it or on a wall; the previous list is kept
    /// then. Returns `[{index, bucket, map, start: [x, y], goal: [x, y], optimal}]`.
    #[wasm_bindgen(js_name = loadScen, unchecked_return_type = "ScenarioInfo[]")]
    pub fn load_scen(&mut self, text: &str) -> Result<JsValue, JsError> {
        let list = scenarios::ScenarioList::load(text, self.planner().grid()).map_err(js_error)?;
        let out = to_js(&list.infos())?;
        self.shared.borrow_mut().scenarios = list;
        Ok(out)
    }

    /// Sets start and goal to scenario `index` and the settings to the Moving AI rule
    /// ([`scenarios::ScenarioList::command`]), so the path cost can be compared with its
    /// optimal length. Throws for an index out of range or an end that has since been walled.
    #[wasm_bindgen(js_name = useScenario)]
    pub fn use_scenario(&mut self, index: u32) -> Result<(), JsError> {
        let command = self
            .shared
            .borrow()
            .scenarios
            .command(index as usize)
            .map_err(js_error)?;
        self.run(command)?;
        Ok(())
    }

    /// Runs A* with the Moving AI movement on scenarios `from .. from + count` in a search of
    /// its own (the user's search and map are untouched) and returns `{checked, matched,
    /// failures: [{index, expected, got}]}` (`got` is null when no path was found). Call it
    /// in chunks to show progress.
    #[wasm_bindgen(js_name = checkScenarios, unchecked_return_type = "ScenarioReport")]
    pub fn check_scenarios(&self, from: u32, count: u32) -> Result<JsValue, JsError> {
        let shared = self.shared.borrow();
        let report = shared
            .scenarios
            .check(shared.planner.grid(), from as usize, count as usize);
        to_js(&report)
    }
}
