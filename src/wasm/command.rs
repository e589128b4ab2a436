//! The embed's commands for JS: a host page's message (or a `<pathlab-grid>` method call)
//! read field by field into [`Arg`]s and checked by [`crate::command`], the one place that
//! knows what each command takes.

use super::*;
use crate::command::{self, Arg, Command, Speed};

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
/// speed?, x?, y?, view?, budget?, count?, seed?}` with the values checked (`speed` as a stop of the page's table of
/// `speedStops` stops, `"instant"` being the last); `map` and `settings` stay in the message
/// (checked to be a string and an object). Throws a readable message otherwise.
#[wasm_bindgen(js_name = checkCommand, unchecked_return_type = "CheckedCommand")]
pub fn check_command(
    #[wasm_bindgen(unchecked_param_type = "unknown")] message: JsValue,
    speed_stops: u32,
) -> Result<JsValue, JsError> {
    let command = command::parse_command(|name| arg(&message, name), speed_stops)
        .map_err(|e| JsError::new(&e))?;
    // Built by hand: a serde struct for six fields would cost the wasm more than this.
    let out = js_sys::Object::new();
    let set = |key: &str, value: JsValue| {
        js_sys::Reflect::set(&out, &JsValue::from_str(key), &value)
            .map(|_| ())
            .map_err(|_| JsError::new("the checked command could not be built"))
    };
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
