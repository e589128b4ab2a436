//! The memory side of the benchmark (`bash scripts/bench.sh` runs it): the peak resident
//! memory of one search, run to the end on a generated map, by algorithm.
//!
//! ```text
//! cargo run --release --example memory -- ALGORITHM [SIDE]
//! ```
//!
//! One algorithm per process, since the peak (`VmHWM` in `/proc/self/status`, Linux) only
//! grows: the script calls it once per algorithm. The map is a 20 % random map of SIDE²
//! cells (4096 by default) from the generator, the start and goal its generator's
//! suggestions; the timeline is off (a search as the CLI and `solve` run it). Prints one JSON
//! line: the algorithm, the side, the peak and the baseline before the search (the map
//! itself and the process), and the search's bytes per cell between the two.

use pathlab::generate::{generate, Kind};
use pathlab::{new_search, Algorithm, Budget, Settings};
use std::process::ExitCode;

/// `VmHWM` (peak resident set) in bytes, or 0 where /proc is not there.
fn peak_bytes() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<u64>().ok())
        .map_or(0, |kb| kb * 1024)
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(algorithm) = args.first().and_then(|a| a.parse::<Algorithm>().ok()) else {
        eprintln!("usage: memory ALGORITHM [SIDE]");
        return ExitCode::from(2);
    };
    let side: u32 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(4096);
    let made = match generate(Kind::Random, side, side, 20_261_124, 0.2) {
        Ok(made) => made,
        Err(e) => {
            eprintln!("memory: {e}");
            return ExitCode::FAILURE;
        }
    };
    let baseline = peak_bytes();
    let settings = Settings {
        algorithm,
        ..Settings::default()
    };
    let mut search = match new_search(&made.grid, made.start, made.goal, &settings) {
        Ok(search) => search,
        Err(e) => {
            eprintln!("memory: {e}");
            return ExitCode::FAILURE;
        }
    };
    let status = search.run(&made.grid, Budget::Unlimited, &|| 0.0);
    let peak = peak_bytes();
    let cells = f64::from(side) * f64::from(side);
    println!(
        "{{\"algorithm\":\"{algorithm}\",\"side\":{side},\"status\":\"{}\",\"expanded\":{},\"peakBytes\":{peak},\"baselineBytes\":{baseline},\"bytesPerCell\":{:.2}}}",
        status.map_or("error", |s| s.name()),
        search.stats().expanded,
        peak.saturating_sub(baseline) as f64 / cells
    );
    ExitCode::SUCCESS
}
