//! A monotonic millisecond clock for native builds.
//!
//! The search takes its clock as a plain function so that the core never touches a platform
//! API: natively it is [`monotonic_ms`]; in the browser the wasm glue passes
//! `performance.now()`. (`std::time::Instant` panics on `wasm32-unknown-unknown`, which is
//! why this module is compiled for native targets only.)

use std::sync::OnceLock;
use std::time::Instant;

/// Milliseconds since the first call, from a monotonic clock.
pub fn monotonic_ms() -> f64 {
    static START: OnceLock<Instant> = OnceLock::new();
    START.get_or_init(Instant::now).elapsed().as_secs_f64() * 1000.0
}
