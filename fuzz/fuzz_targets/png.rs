//! Fuzzes the PNG collision-bitmap reader and the RGBA path the page uses: any bytes give a
//! grid or an error, never a panic or an allocation beyond the size limit, and a grid that
//! was read writes back to a PNG that reads as the same grid.
#![no_main]

use libfuzzer_sys::fuzz_target;
use pathlab::formats::bitmap::{grid_from_png, grid_from_rgba, write_png};

fuzz_target!(|input: (u16, u16, &[u8])| {
    let (width, height, bytes) = input;
    if let Ok(grid) = grid_from_png(bytes) {
        let again = grid_from_png(&write_png(&grid)).expect("a written PNG reads back");
        assert_eq!(again.bytes(), grid.bytes());
    }
    let _ = grid_from_rgba(u32::from(width), u32::from(height), bytes);
});
