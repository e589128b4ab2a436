//! The `pathlab` command line: solve one query, check Moving AI scenario files, benchmark,
//! generate maps, compare algorithms, show a distance field or a movement range, and make and
//! check exercises.
//!
//! Exit codes: 0 for a search that ran (found, no path or partial); 1 when `scen` found a
//! disagreement; 2 for a bad command line; 3 for a file that can't be read; 4 for a file that
//! can't be parsed; 5 for a query the map refuses (start or goal outside or on a wall).
//! Errors are one line on stderr.
//!
//! The CLI reads files and a native clock, so it is compiled only for native targets; on
//! wasm32 (built when `cargo test --target wasm32-unknown-unknown` builds every target) the
//! binary is an empty stub.

#[cfg(not(target_arch = "wasm32"))]
mod cli;

#[cfg(not(target_arch = "wasm32"))]
fn main() -> std::process::ExitCode {
    cli::main()
}

#[cfg(target_arch = "wasm32")]
fn main() {}
