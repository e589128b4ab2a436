//! Share links for JS: full and short links of the planner's state, and a link's tail (a
//! compare part and a timeline step).

use super::*;

#[wasm_bindgen]
impl Planner {
    /// The whole state (map cells with terrain, start, goal, algorithm and every setting) as
    /// a URL fragment without the `#`: a version, a dot, then base64url (see `docs/formats.md`).
    #[wasm_bindgen(js_name = shareLink)]
    pub fn share_link(&self) -> String {
        let settings = self.read(|l| *l.settings()).unwrap_or_default();
        let inner = self.planner();
        link::encode(&link::LinkState {
            grid: inner.grid().clone(),
            start: inner.start(),
            goal: inner.goal(),
            settings,
        })
    }

    /// Restores exactly the state of a `shareLink` fragment (with or without `#`). Throws a
    /// clear message for a damaged, truncated, oversized or future-version link, and then
    /// nothing has changed.
    #[wasm_bindgen(js_name = loadLink)]
    pub fn load_link(&mut self, fragment: &str) -> Result<(), JsError> {
        let state = link::decode(fragment).map_err(js_error)?;
        self.run_load(Command::Install {
            grid: state.grid,
            start: state.start,
            goal: state.goal,
            settings: Some(state.settings),
        })?;
        Ok(())
    }

    /// A short link for a shipped map: `map=NAME&start=X,Y&goal=X,Y` plus each setting that
    /// differs from the default. Throws for a name that is not 1–64 letters, digits, `-_.`.
    #[wasm_bindgen(js_name = shortLink)]
    pub fn short_link(&self, map_name: &str) -> Result<String, JsError> {
        let settings = self.read(|l| *l.settings())?;
        let inner = self.planner();
        link::format_short(map_name, inner.start(), inner.goal(), &settings).map_err(js_error)
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
        self.run(Command::Position {
            start: parsed.start,
            goal: parsed.goal,
            settings: parsed.settings,
        })?;
        Ok(())
    }
}

/// Splits a link fragment into `{base, compare, view, walkers, range, agents, step}`: `base`
/// is the planner link (`v2.…` or `map=…`) for `loadLink`/`applyShortLink`, `compare` is
/// `null` or the planners `[{algorithm, weight}]` of a comparison, `view`, `walkers` and
/// `range` the view it opens (`null` when it names none: the path; give them to
/// `applyLinkView`), `agents` is `null` or the Agents view's agents, `[sx, sy, gx, gy, …]`
/// (give them to `Agents.setAgents`), and `step` is `null` or the timeline step to show. A
/// fragment without a tail comes back unchanged with all `null`. Throws a readable message for a bad tail.
#[wasm_bindgen(js_name = splitLink, unchecked_return_type = "SplitLink")]
pub fn split_link(fragment: &str) -> Result<JsValue, JsError> {
    #[derive(Serialize)]
    struct Split<'a> {
        base: &'a str,
        compare: Option<Vec<link::ComparePlanner>>,
        view: Option<&'static str>,
        walkers: Option<u32>,
        range: Option<link::LinkRange>,
        agents: Option<Vec<u32>>,
        step: Option<u64>,
    }
    let (base, tail) = link::split_link(fragment).map_err(js_error)?;
    let view = tail.view.as_ref();
    to_js(&Split {
        base,
        compare: tail.compare,
        view: view.map(|v| v.view.name()),
        walkers: view.and_then(|v| v.walkers),
        range: view.and_then(|v| v.range),
        agents: tail.agents.map(|a| a.concat()),
        step: tail.step,
    })
}

/// Parses a compare list such as `astar,dijkstra:1.5` (2–4 algorithm names, optional
/// `:WEIGHT`) into `[{algorithm, weight}]`; throws a readable message when it is bad.
#[wasm_bindgen(js_name = parseCompareList, unchecked_return_type = "ComparePlanner[]")]
pub fn parse_compare_list(value: &str) -> Result<JsValue, JsError> {
    to_js(&link::parse_compare_list(value).map_err(js_error)?)
}

/// Formats a link's tail (`compare=astar,dijkstra:1.5&step=K`, `view=field&walkers=50`,
/// `step=K` or `""`, without a leading `&`) from `{compare: [{algorithm, weight}] | null,
/// view?, walkers?, range?, step: number | null}` (the view fields as `linkView()` gives
/// them); throws for 0–1 or over 4 planners, unknown algorithms, weights, walkers or budgets
/// out of range, or a view in a comparison.
#[wasm_bindgen(js_name = formatLinkTail)]
pub fn format_link_tail(
    #[wasm_bindgen(unchecked_param_type = "LinkTail")] tail: JsValue,
) -> Result<String, JsError> {
    let tail = from_js::link_tail(&tail)
        .map_err(|e| JsError::new(&format!("a link tail needs {{compare, step}}: {e}")))?;
    link::format_tail(&tail).map_err(js_error)
}

/// The agents of an `agents=` text (`SX,SY,GX,GY;…`, as a link's tail and the embed's
/// `agents` parameter and command carry them) as `[sx, sy, gx, gy, …]`; throws the link's
/// sentence for anything but 1 to 1000 groups of four whole numbers. Whether they fit a map
/// is `Agents.setAgents`' to say.
#[wasm_bindgen(js_name = parseAgents)]
pub fn parse_agents(text: &str) -> Result<Vec<u32>, JsError> {
    link::parse_agents(text)
        .map(|agents| agents.concat())
        .map_err(js_error)
}
