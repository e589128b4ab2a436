//! Fuzzes the share-link decoders, full (`#v1.…`) and short (`#map=…`), and the link tail
//! (`&compare=…&step=K`): any text gives a state or an error, never a panic or an allocation
//! beyond the limits; a state that decoded encodes to a link that decodes to the same state,
//! and a tail that parsed writes back to the same tail.
#![no_main]

use libfuzzer_sys::fuzz_target;
use pathlab::formats::link::{decode, encode, format_tail, parse_short, split_link};

fuzz_target!(|text: &str| {
    if let Ok(state) = decode(text) {
        let again = decode(&encode(&state)).expect("an encoded link decodes");
        assert_eq!(again.grid.bytes(), state.grid.bytes());
        assert_eq!((again.start, again.goal), (state.start, state.goal));
        assert_eq!(again.settings, state.settings);
    }
    let _ = parse_short(text);
    // A tail that parsed writes back to one that parses to the same.
    if let Ok((base, tail)) = split_link(text) {
        let written = format_tail(&tail).expect("a parsed tail formats");
        // A leading '#' is stripped again on the way in, so the base comes back as it was.
        let again = if written.is_empty() {
            format!("#{base}")
        } else {
            format!("#{base}&{written}")
        };
        assert_eq!(split_link(&again).expect("a written tail parses"), (base, tail));
    }
});
