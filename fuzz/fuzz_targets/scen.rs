//! Fuzzes the `.scen` reader: any text gives scenarios or an error naming a line, never a
//! panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use pathlab::formats::movingai::parse_scen;

fuzz_target!(|text: &str| {
    if let Ok(scenarios) = parse_scen(text) {
        for s in &scenarios {
            // Asking whether a cost is accepted must not panic for any parsed tolerance.
            let _ = s.accepts(s.optimal);
            let _ = s.accepts(f64::NAN);
        }
    }
});
