//! The embed's commands for JS: a host page's message (or a `<pathlab-grid>` method call)
//! read field by field into [`Arg`]s and checked by [`crate::command`], the one place that
//! knows what each command takes; `apply` hands a checked message to
//! [`crate::Planner::apply`], the one entry for every change.

use super::*;
use crate::command::{self, Arg, Speed};

/// The field `name` of `message` (`undefined` when it has none or its getter throws).
fn field(message: &JsValue, name: &str) -> JsValue {
    js_sys::Reflect::get(message, &JsValue::from_str(name)).unwrap_or(JsValue::UNDEFINED)
}

/// Sets `out[key] = value`.
fn set(out: &js_sys::Object, key: &str, value: &JsValue) -> Result<(), JsError> {
    js_sys::Reflect::set(out, &JsValue::from_str(key), value)
        .map(|_| ())
        .map_err(|_| JsError::new("the answer could not be built"))
}

/// Reads the field `name` of `message` as the checks see it. A string longer than
/// [`command::SHORT_TEXT`] is measured, not copied (a map's text may be 40 MiB).
fn arg(message: &JsValue, name: &str) -> Arg {
    if !message.is_object() {
        return Arg::Absent;
    }
    // A getter that throws (a host's odd object) reads as a value of another kind.
    let Ok(v) = js_sys::Reflect::get(message, &JsValue::from_str(name)) else {
        return Arg::Other;
    };
    if v.is_undefined() {
        Arg::Absent
    } else if v.is_null() {
        Arg::Null
    } else if let Some(b) = v.as_bool() {
        Arg::Bool(b)
    } else if let Some(x) = v.as_f64() {
        Arg::Number(x)
    } else if v.is_string() {
        let len = v.unchecked_ref::<js_sys::JsString>().length() as usize;
        match v.as_string() {
            Some(s) if len <= command::SHORT_TEXT => Arg::Text(s),
            _ => Arg::LongText(len),
        }
    } else if js_sys::Array::is_array(&v) || js_sys::ArrayBuffer::is_view(&v) {
        Arg::Array
    } else if v.is_object() && !v.is_function() {
        Arg::Object
    } else {
        Arg::Other
    }
}

/// Checks a command message `{cmd, …arguments}` (see `docs/embedding.md`): `cmd` is one of
/// the commands and each argument has the type and range it needs. Returns `{cmd, n?, step?,
/// speed?, x?, y?, view?, budget?, count?, seed?, solver?, budgetMs?}` with the values checked (`speed` as a stop of the page's table of
/// `speedStops` stops, `"instant"` being the last); `map` and `settings` stay in the message
/// (checked to be a string and an object), and so do `setAgents`' `agents`. Throws a readable
/// message otherwise.
#[wasm_bindgen(js_name = checkCommand, unchecked_return_type = "CheckedCommand")]
pub fn check_command(
    #[wasm_bindgen(unchecked_param_type = "unknown")] message: JsValue,
    speed_stops: u32,
) -> Result<JsValue, JsError> {
    let command = command::parse_command(|name| arg(&message, name), speed_stops)
        .map_err(|e| JsError::new(&e))?;
    // Built by hand: a serde struct for six fields would cost the wasm more than this.
    let out = js_sys::Object::new();
    let set = |key: &str, value: JsValue| set(&out, key, &value);
    set("cmd", JsValue::from_str(command.name()))?;
    let number = |v: u32| JsValue::from_f64(f64::from(v));
    match command {
        Command::Step { n } => set("n", number(n))?,
        Command::Seek { step } => set("step", number(step))?,
        Command::SetSpeed { speed } => set(
            "speed",
            number(match speed {
                Speed::Stop(s) => s,
                Speed::Instant => speed_stops.saturating_sub(1),
            }),
        )?,
        Command::SetStart { x, y } | Command::SetGoal { x, y } => {
            set("x", number(x))?;
            set("y", number(y))?;
        }
        Command::SetView { view } => set("view", JsValue::from_str(view.name()))?,
        Command::SetRange { x, y, budget } => {
            set("x", number(x))?;
            set("y", number(y))?;
            set("budget", JsValue::from_f64(budget))?;
        }
        Command::SolveAgents { solver, budget_ms } => {
            set("solver", JsValue::from_str(&solver))?;
            set("budgetMs", JsValue::from_f64(budget_ms))?;
        }
        Command::ReleaseWalkers { count, seed } => {
            set("count", number(count))?;
            if let Some(seed) = seed {
                set("seed", JsValue::from_f64(seed as f64))?;
            }
        }
        _ => {}
    }
    Ok(out.into())
}

#[wasm_bindgen]
impl Planner {
    /// Makes the change a command message describes on this handle's lane: `{cmd,
    /// …arguments}` as in `docs/embedding.md`, checked as `checkCommand` checks it (against
    /// `speedStops` speed stops, 11 when not given). `setSettings` takes part of the settings
    /// object (the rest stay; a `movement` needs its three fields), `loadMap` `.map` text or
    /// a full share link. Returns what the change gave back (`ApplyOutcome`); `{kind:
    /// "page"}` for what the page does itself (`run`, `pause`, `setSpeed`, `getState`).
    /// Throws, changing nothing, with the check's or the planner's message.
    #[wasm_bindgen(unchecked_return_type = "ApplyOutcome")]
    pub fn apply(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "unknown")] message: JsValue,
        speed_stops: Option<u32>,
    ) -> Result<JsValue, JsError> {
        let stops = speed_stops.unwrap_or(command::SPEED_STOPS);
        let checked = command::parse_command(|name| arg(&message, name), stops)
            .map_err(|e| JsError::new(&e))?;
        let outcome = match checked {
            Command::SetSettings => {
                let base = self.read(|l| *l.settings())?;
                let settings = from_js::settings_over(&field(&message, "settings"), base)
                    .map_err(|e| JsError::new(&format!("bad settings: {e}")))?;
                self.run(Command::Configure { settings })?
            }
            Command::LoadMap => {
                let map = field(&message, "map").as_string().unwrap_or_default();
                let load = command::load_map_command(&map).map_err(|e| JsError::new(&e))?;
                self.run_load(load)?
            }
            other => self.run(other)?,
        };
        outcome_to_js(outcome)
    }
}

/// An [`Outcome`] as `{kind, value?}` (`ApplyOutcome` in `pathlab.d.ts`).
fn outcome_to_js(outcome: Outcome) -> Result<JsValue, JsError> {
    let number = |n: f64| Some(JsValue::from_f64(n));
    let (kind, value) = match outcome {
        Outcome::Done => ("done", None),
        Outcome::Page => ("page", None),
        Outcome::Status(s) => ("status", Some(JsValue::from_str(status_name(s)))),
        Outcome::Count(n) => ("count", number(n as f64)),
        Outcome::Node(i) => ("node", number(f64::from(i))),
        Outcome::Applied(done) => ("applied", Some(JsValue::from_bool(done))),
        Outcome::Walked(at) => (
            "walked",
            Some(at.map_or(JsValue::NULL, |(x, y)| {
                js_sys::Array::of2(&x.into(), &y.into()).into()
            })),
        ),
    };
    let out = js_sys::Object::new();
    set(&out, "kind", &JsValue::from_str(kind))?;
    if let Some(value) = value {
        set(&out, "value", &value)?;
    }
    Ok(out.into())
}
