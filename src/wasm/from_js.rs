//! Reading [`Settings`] and a [`LinkTail`] (and the view part of one) from plain JS objects,
//! by hand.
//!
//! `serde_wasm_bindgen::from_value` would do this in one line, but serde's deserialising
//! errors format their "unexpected" value with `{}`, floats included, and so keep core's
//! float formatting (about 19 KB) and serde's visitor machinery (another few KB) in the
//! page's wasm. The rules are the ones the serde attributes on these types give:
//! `Settings` fields are optional (missing, `undefined` → the default), `movement` needs all
//! three fields, `heuristic`, `nodeBudget`, a planner's `weight` and `step` may be `null`,
//! unknown fields are ignored, names are the serde names (`astar`, `no-corner-cutting`, …).
//! The messages follow serde's where serde had one (`unknown variant`, `missing field`).
//! Serialising back to JS still goes through `serde_wasm_bindgen` (`to_js`).

use crate::formats::link::{ComparePlanner, LinkRange, LinkTail, LinkView};
use crate::grid::{Connectivity, DiagonalRule, Movement};
use crate::heuristic::Heuristic;
use crate::planner::ViewKind;
use crate::search::{Algorithm, NeighbourOrder, Settings};
use crate::text::number::decimal;
use crate::text::quote::quote;
use wasm_bindgen::{JsCast, JsValue};

/// `value` as `Settings`; a field left out keeps [`Settings::default`]'s value.
pub(super) fn settings(value: &JsValue) -> Result<Settings, String> {
    settings_over(value, Settings::default())
}

/// `value` as `Settings`; a field left out keeps `base`'s value.
pub(super) fn settings_over(value: &JsValue, base: Settings) -> Result<Settings, String> {
    let obj = object(value, "struct Settings")?;
    let mut s = base;
    if let Some(v) = field(&obj, "algorithm")? {
        s.algorithm = algorithm(&v)?;
    }
    if let Some(v) = nullable(field(&obj, "heuristic")?) {
        s.heuristic = Some(Heuristic::ALL[variant(&v, &Heuristic::ALL.map(Heuristic::name))?]);
    }
    if let Some(v) = field(&obj, "weight")? {
        s.weight = number(&v, "f64")?;
    }
    if let Some(v) = field(&obj, "movement")? {
        s.movement = movement(&v)?;
    }
    if let Some(v) = field(&obj, "neighbourOrder")? {
        let orders = [NeighbourOrder::Fixed, NeighbourOrder::GoalDirected];
        s.neighbour_order = orders[variant(&v, &["fixed", "goal-directed"])?];
    }
    s.node_budget = nullable(field(&obj, "nodeBudget")?)
        .map(|v| whole(&v))
        .transpose()?;
    Ok(s)
}

/// `value` as a link tail `{compare: [{algorithm, weight}] | null, view?, walkers?, range?,
/// step: number | null}` (the view fields as [`link_view`] reads them).
pub(super) fn link_tail(value: &JsValue) -> Result<LinkTail, String> {
    let obj = object(value, "struct LinkTail")?;
    let compare = match nullable(field(&obj, "compare")?) {
        None => None,
        Some(list) => {
            if !js_sys::Array::is_array(&list) {
                return Err("invalid type: compare must be an array or null".to_string());
            }
            let mut planners = Vec::new();
            for p in js_sys::Array::from(&list).iter() {
                let p = object(&p, "struct ComparePlanner")?;
                let algorithm =
                    algorithm(&field(&p, "algorithm")?.ok_or("missing field `algorithm`")?)?;
                let weight = nullable(field(&p, "weight")?)
                    .map(|w| number(&w, "f64"))
                    .transpose()?;
                planners.push(ComparePlanner { algorithm, weight });
            }
            Some(planners)
        }
    };
    let step = nullable(field(&obj, "step")?)
        .map(|v| whole(&v))
        .transpose()?;
    let view = link_view(&obj)?;
    let agents = match nullable(field(&obj, "agents")?) {
        None => None,
        Some(list) => Some(link_agents(&list)?),
    };
    Ok(LinkTail {
        compare,
        view,
        agents,
        step,
    })
}

/// A link's agents from a flat array `[sx, sy, gx, gy, …]`.
fn link_agents(list: &JsValue) -> Result<Vec<[u32; 4]>, String> {
    if !js_sys::Array::is_array(list) {
        return Err("invalid type: agents must be an array of numbers or null".to_string());
    }
    let numbers = js_sys::Array::from(list)
        .iter()
        .map(|v| whole(&v).and_then(|n| u32::try_from(n).map_err(|e| e.to_string())))
        .collect::<Result<Vec<u32>, String>>()?;
    if numbers.len() % 4 != 0 {
        return Err("agents must hold four numbers an agent (sx, sy, gx, gy)".to_string());
    }
    Ok(numbers
        .chunks_exact(4)
        .map(|c| [c[0], c[1], c[2], c[3]])
        .collect())
}

/// `value` as the view fields of `applyLinkView` (see [`link_view`]).
pub(super) fn link_view_value(value: &JsValue) -> Result<Option<LinkView>, String> {
    link_view(&object(value, "struct LinkViewFields")?)
}

/// The view fields of a link tail or of `applyLinkView`'s argument: `view` (`path`, `field`,
/// `range` or null), `walkers` (a number or null) and `range` (`{x, y, budget}` or null).
/// Whether they fit together and are in range is the link grammar's to say.
fn link_view(obj: &js_sys::Object) -> Result<Option<LinkView>, String> {
    let walkers = nullable(field(obj, "walkers")?)
        .map(|v| whole(&v).map(|n| u32::try_from(n).unwrap_or(u32::MAX)))
        .transpose()?;
    let range = match nullable(field(obj, "range")?) {
        None => None,
        Some(v) => {
            let r = object(&v, "struct LinkRange")?;
            let need = |name: &str| field(&r, name)?.ok_or(format!("missing field `{name}`"));
            let cell = |name: &str| {
                need(name).and_then(|v| whole(&v).map(|n| u32::try_from(n).unwrap_or(u32::MAX)))
            };
            Some(LinkRange {
                x: cell("x")?,
                y: cell("y")?,
                budget: number(&need("budget")?, "f64")?,
            })
        }
    };
    let names = ViewKind::ALL.map(ViewKind::name);
    let view = match nullable(field(obj, "view")?) {
        Some(v) => ViewKind::ALL[variant(&v, &names)?],
        None => ViewKind::Path,
    };
    // The path is what no view says (links write nothing for it).
    if view == ViewKind::Path {
        if walkers.is_some() || range.is_some() {
            return Err("walkers and range need a view: field or range".into());
        }
        return Ok(None);
    }
    Ok(Some(LinkView {
        view,
        walkers,
        range,
    }))
}

fn algorithm(v: &JsValue) -> Result<Algorithm, String> {
    Ok(Algorithm::ALL[variant(v, &Algorithm::ALL.map(Algorithm::name))?])
}

/// `movement`: unlike `Settings`, it has no serde default, so every field must be there.
fn movement(v: &JsValue) -> Result<Movement, String> {
    let obj = object(v, "struct Movement")?;
    let need = |name: &str| field(&obj, name)?.ok_or(format!("missing field `{name}`"));
    let connectivities = [Connectivity::Four, Connectivity::Eight];
    let connectivity = connectivities[variant(&need("connectivity")?, &["4", "8"])?];
    let diagonal_rule = DiagonalRule::ALL[variant(
        &need("diagonalRule")?,
        &DiagonalRule::ALL.map(DiagonalRule::name),
    )?];
    let diagonal_cost = number(&need("diagonalCost")?, "f64")?;
    Ok(Movement {
        connectivity,
        diagonal_rule,
        diagonal_cost,
    })
}

/// `v` as a plain object (not an array, not `null`), or an error naming `what` was expected.
fn object(v: &JsValue, what: &str) -> Result<js_sys::Object, String> {
    if !v.is_object() || js_sys::Array::is_array(v) {
        return Err(format!("invalid type: {}, expected {what}", describe(v)));
    }
    Ok(v.clone().unchecked_into())
}

/// The field `name` of `obj`; `undefined` counts as missing, as it does for serde.
fn field(obj: &js_sys::Object, name: &str) -> Result<Option<JsValue>, String> {
    let v = js_sys::Reflect::get(obj, &JsValue::from_str(name))
        .map_err(|_| format!("the field `{name}` could not be read"))?;
    Ok(if v.is_undefined() { None } else { Some(v) })
}

/// A field of `Option` type: `null` is `None` too.
fn nullable(v: Option<JsValue>) -> Option<JsValue> {
    v.filter(|v| !v.is_null())
}

/// `v` as a variant given by its serde name: its index in `names`. One function for every
/// enum (no copy per type).
fn variant(v: &JsValue, names: &[&str]) -> Result<usize, String> {
    let Some(s) = v.as_string() else {
        return Err(format!("invalid type: {}, expected a name", describe(v)));
    };
    if let Some(i) = names.iter().position(|n| *n == s) {
        return Ok(i);
    }
    Err(format!(
        "unknown variant `{s}`, expected one of `{}`",
        names.join("`, `")
    ))
}

/// `v` as a number; `what` names the type expected in the error.
fn number(v: &JsValue, what: &str) -> Result<f64, String> {
    v.as_f64()
        .ok_or_else(|| format!("invalid type: {}, expected {what}", describe(v)))
}

/// `v` as a whole number from 0 to 2^53 − 1 (what a JS number holds exactly).
fn whole(v: &JsValue) -> Result<u64, String> {
    let x = number(v, "u64")?;
    whole_number(x).ok_or_else(|| {
        format!(
            "invalid value: {}, expected a whole number from 0 to 2^53 - 1",
            decimal(x)
        )
    })
}

/// `x` as a whole number from 0 to 2^53 − 1, or `None` (NaN, fractions, negatives and
/// numbers past 2^53, above which a JS number no longer holds every whole number).
pub(super) fn whole_number(x: f64) -> Option<u64> {
    (x.fract() == 0.0 && (0.0..=9_007_199_254_740_991.0).contains(&x)).then_some(x as u64)
}

/// What `v` is, in serde's words: `string "x"`, `floating point `1.5``, `null`, …
fn describe(v: &JsValue) -> String {
    if let Some(s) = v.as_string() {
        format!("string {}", quote(&s))
    } else if let Some(x) = v.as_f64() {
        format!("floating point `{}`", decimal(x))
    } else if let Some(b) = v.as_bool() {
        format!("boolean `{b}`")
    } else if v.is_null() {
        "null".into()
    } else if js_sys::Array::is_array(v) {
        "sequence".into()
    } else if v.is_object() {
        "map".into()
    } else {
        "a value of another kind".into()
    }
}
