//! The pseudocode panel's calls: each algorithm's pseudocode, and the step shown told line by
//! line against it ([`crate::search::trace`]).

use super::*;
use crate::search::trace::{MOVE_NAMES, SAYS, VARS};
use crate::search::{pseudocode, Algorithm};

/// The names a step trace's numbers refer to.
#[derive(Serialize)]
struct TraceNames {
    vars: &'static [&'static str],
    says: &'static [&'static str],
    moves: &'static [&'static str],
}

#[wasm_bindgen]
impl Planner {
    /// The pseudocode of the algorithm `algorithm` (an id of `Planner.algorithms()`), line by
    /// line: `[{id, depth, text}]`. Throws for an unknown id.
    #[wasm_bindgen(unchecked_return_type = "PseudocodeLine[]")]
    pub fn pseudocode(algorithm: &str) -> Result<JsValue, JsError> {
        let algorithm: Algorithm = algorithm.parse().map_err(js_error)?;
        to_js(&pseudocode::lines(algorithm))
    }

    /// What the numbers of `stepTrace()` name: `vars[i]` is `"kind:name"` of variable `i`
    /// (kind `cell`, `cost`, `count`, `dir`, `dirs`, `side` or `key`), `says[i]` the key of
    /// what sub-step kind `i` says happened, `moves[d]` the compass name of move `d`.
    #[wasm_bindgen(js_name = traceNames, unchecked_return_type = "TraceNames")]
    pub fn trace_names() -> Result<JsValue, JsError> {
        to_js(&TraceNames {
            vars: &VARS,
            says: &SAYS,
            moves: &MOVE_NAMES,
        })
    }

    /// The step shown, as the lines of pseudocode it ran, in numbers: `[step, note, count]`,
    /// then per sub-step `[line, say, x, y, n]` (x, y = −1 without a cell) and `n` variables
    /// `[var, a, b]` (`traceNames()` names them; note 0 = traced, 1 the algorithm does not
    /// apply, 2 recording off, 3 past the memory cap, 4 not recorded). Costs a rebuild of
    /// the search before the step (as `openTop` does when scrubbed back), so the page asks
    /// only while its panel is shown.
    #[wasm_bindgen(js_name = stepTrace)]
    pub fn step_trace(&mut self) -> Vec<f64> {
        self.change(|mut l| l.step_trace().encode())
            .unwrap_or_default()
    }
}
