//! Fuzzes the `.map` reader: any bytes give a grid or an error, never a panic, and a grid
//! that was read writes back to text that reads as the same grid.
#![no_main]

use libfuzzer_sys::fuzz_target;
use pathlab::formats::{load_map, movingai};

fuzz_target!(|bytes: &[u8]| {
    if let Ok(grid) = load_map("fuzz.map", bytes) {
        let text = movingai::write_map(&grid);
        let again = movingai::parse_map(&text).expect("a written map reads back");
        assert_eq!(again.bytes(), grid.bytes());
        assert_eq!((again.width(), again.height()), (grid.width(), grid.height()));
    }
});
