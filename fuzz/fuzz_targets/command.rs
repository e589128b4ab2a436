//! Fuzzes the embed's command checks (`pathlab::command`), the rules every message a host
//! page sends an embedded planner goes through: each input is read as a JSON message, its
//! fields handed over as the wasm glue hands over a JS object's. Nothing may panic; a command
//! that passes has every number in range and the argument it names of the type it needs; a
//! refusal is a short sentence, whatever the input (no echo of a huge string).
#![no_main]

use libfuzzer_sys::fuzz_target;
use pathlab::command::{
    parse_command, Arg, Command, Speed, COMMANDS, MAX_MAP_TEXT, MAX_STEP_COUNT, SHORT_TEXT,
};
use pathlab::grid::MAX_SIDE;
use pathlab::fields::MAX_BUDGET;
use serde_json::Value;

/// A JSON value as the checks see a JS value.
fn arg(v: Option<&Value>) -> Arg {
    match v {
        None => Arg::Absent,
        Some(Value::Null) => Arg::Null,
        Some(Value::Bool(b)) => Arg::Bool(*b),
        Some(Value::Number(n)) => Arg::Number(n.as_f64().unwrap_or(f64::NAN)),
        Some(Value::String(s)) => {
            // JS measures strings in UTF-16 units, as the glue does.
            let len = s.encode_utf16().count();
            if len <= SHORT_TEXT {
                Arg::Text(s.clone())
            } else {
                Arg::LongText(len)
            }
        }
        Some(Value::Array(_)) => Arg::Array,
        Some(Value::Object(_)) => Arg::Object,
    }
}

fuzz_target!(|text: &str| {
    let Ok(message) = serde_json::from_str::<Value>(text) else {
        return;
    };
    let field = |name: &str| arg(message.as_object().and_then(|o| o.get(name)));
    for stops in [11, 1 + (text.len() % 64) as u32] {
        let first = parse_command(field, stops);
        assert_eq!(first, parse_command(field, stops), "the checks are deterministic");
        match first {
            Ok(command) => {
                assert!(COMMANDS.contains(&command.name()));
                assert_eq!(field("cmd"), Arg::Text(command.name().into()));
                match command {
                    Command::Step { n } => assert!((1..=MAX_STEP_COUNT).contains(&n)),
                    Command::SetStart { x, y } | Command::SetGoal { x, y } => {
                        assert!(x < MAX_SIDE && y < MAX_SIDE)
                    }
                    Command::SetSpeed { speed: Speed::Stop(s) } => assert!(s < stops),
                    Command::LoadMap => match field("map") {
                        Arg::Text(s) => assert!(!s.is_empty()),
                        Arg::LongText(n) => assert!(n <= MAX_MAP_TEXT),
                        other => panic!("loadMap passed with map {other:?}"),
                    },
                    Command::SetSettings => assert_eq!(field("settings"), Arg::Object),
                    Command::SetRange { x, y, budget } => {
                        assert!(x < MAX_SIDE && y < MAX_SIDE);
                        assert!((0.0..=MAX_BUDGET).contains(&budget));
                    }
                    Command::ReleaseWalkers { count, .. } => assert!(count >= 1),
                    _ => {}
                }
            }
            Err(e) => {
                assert!(!e.is_empty());
                assert!(e.len() < 400, "a refusal stays short: {} bytes", e.len());
            }
        }
    }
});
