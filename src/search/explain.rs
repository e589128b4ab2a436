//! The open-list sentences the page shows beside the open-list panel: why the entry at the top
//! goes first (its key, and how a tie on it was broken), in words.

use super::open::{Liveness, OpenList};
use super::settings::{Algorithm, Ranking};
use crate::heuristic::COST_SCALE;

/// "1 other", "3 others": the count of tied entries in an open-list sentence.
pub(crate) fn others(n: usize) -> String {
    format!("{n} other{}", if n == 1 { "" } else { "s" })
}

/// `v` with two decimals ("12.83"), without pulling float formatting into the wasm.
pub(crate) fn two_decimals(v: f64) -> String {
    let hundredths = (v * 100.0).round() as i64;
    let sign = if hundredths < 0 { "-" } else { "" };
    let h = hundredths.unsigned_abs();
    format!("{sign}{}.{:02}", h / 100, h % 100)
}

/// Why the first live entry of `open` goes first, for `algorithm` (`live` says which entries
/// still stand, [`OpenList`]).
pub(crate) fn open_reason(algorithm: Algorithm, open: &OpenList, live: &dyn Liveness) -> String {
    let Some(top) = open.top(1, live).first().copied() else {
        return String::new();
    };
    let (name, what) = match algorithm.ranking() {
        Ranking::Arrival => return "FIFO: oldest in the queue (breadth-first)".into(),
        Ranking::Estimate => ("h", " (best-first)"),
        Ranking::Cost => ("g", " (Dijkstra)"),
        Ranking::CostAndEstimate => ("f", ""),
    };
    let value = two_decimals(top.key as f64 / COST_SCALE as f64);
    let (on_key, on_g) = open.ties(&top, live);
    if on_key == 0 {
        format!("lowest {name} = {value}{what}")
    } else if on_g == 0 {
        format!(
            "tie on {name} = {value} with {}: ties go to the larger g",
            others(on_key)
        )
    } else if on_g == on_key {
        format!(
            "tie on {name} = {value} and on g with {}: ties go to the oldest entry",
            others(on_key)
        )
    } else {
        format!(
            "tie on {name} = {value} with {}: ties go to the larger g, then to the oldest \
             of the {} with that g",
            others(on_key),
            on_g + 1
        )
    }
}
