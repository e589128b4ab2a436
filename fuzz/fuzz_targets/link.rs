//! Fuzzes the share-link decoders, full (`#v1.…`) and short (`#map=…`): any text gives a
//! state or an error, never a panic or an allocation beyond the limits, and a state that
//! decoded encodes to a link that decodes to the same state.
#![no_main]

use libfuzzer_sys::fuzz_target;
use pathlab::formats::link::{decode, encode, parse_short};

fuzz_target!(|text: &str| {
    if let Ok(state) = decode(text) {
        let again = decode(&encode(&state)).expect("an encoded link decodes");
        assert_eq!(again.grid.bytes(), state.grid.bytes());
        assert_eq!((again.start, again.goal), (state.start, state.goal));
        assert_eq!(again.settings, state.settings);
    }
    let _ = parse_short(text);
});
