//! A link's tail: the compare part `compare=astar,dijkstra:1.5` and the timeline step
//! `step=K`, each optional, appended to a full or short link; and the compare list the embed
//! page takes. One grammar for the single planner and for comparisons.

use super::full::*;
use crate::formats::number::{decimal, parse_f64};
use crate::formats::quote::quote;
use crate::search::Algorithm;

/// The fewest planners a compare view shows.
pub const MIN_COMPARE: usize = 2;
/// The most planners a compare view shows.
pub const MAX_COMPARE: usize = 4;

/// One planner of a compare view: its algorithm and, when given, its heuristic weight.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct ComparePlanner {
    /// The algorithm, by its link name (`astar`, `dijkstra`, …).
    pub algorithm: Algorithm,
    /// The heuristic weight; `None` keeps the weight of the linked settings.
    pub weight: Option<f64>,
}

/// What may follow a planner link: a compare part `compare=astar,dijkstra:1.5` and a
/// timeline step `step=K`, each optional, in that order (`…&compare=LIST&step=K`). A link with
/// a compare part opens as a comparison; `step` is the timeline step shown, for one planner
/// or for all of them.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct LinkTail {
    /// Two to four planners, left to right, or `None` for a single planner.
    pub compare: Option<Vec<ComparePlanner>>,
    /// The timeline step shown, when the link names one.
    pub step: Option<u64>,
}

/// Parses a compare list such as `astar,dijkstra:1.5` (what follows `compare=` in a link, and
/// the embed page's `compare` parameter): 2 to 4 algorithm names, each optionally followed by
/// `:WEIGHT`.
pub fn parse_compare_list(value: &str) -> Result<Vec<ComparePlanner>, LinkError> {
    if value.len() > 256 {
        return err("the compare list is too long (over 256 characters)");
    }
    let items: Vec<&str> = value.split(',').map(str::trim).collect();
    if items.len() < MIN_COMPARE || items.len() > MAX_COMPARE {
        return err(format!(
            "compare={value}: name {MIN_COMPARE} to {MAX_COMPARE} algorithms separated by commas, \
             such as compare=astar,dijkstra"
        ));
    }
    // A loop rather than `collect::<Result<Vec<_>, _>>()`, whose adapter is a kilobyte of
    // wasm of its own.
    let mut planners = Vec::with_capacity(items.len());
    for item in items {
        let (name, weight) = match item.split_once(':') {
            Some((name, w)) => (name, Some(w)),
            None => (item, None),
        };
        let algorithm = name
            .parse::<Algorithm>()
            .map_err(|m| LinkError(format!("compare={value}: {m}")))?;
        if algorithm == Algorithm::Mesh {
            // The compare view has no mesh editor, so a mesh planner would find nothing.
            return err(format!(
                "compare={value}: mesh needs a node mesh, which compare mode does not \
                 have; choose a grid algorithm"
            ));
        }
        let weight = match weight {
            None => None,
            Some(w) => Some(
                parse_f64(w)
                    .filter(|v| (0.0..=crate::search::MAX_WEIGHT).contains(v))
                    .ok_or_else(|| {
                        LinkError(format!(
                            "compare={value}: the weight {} of {name} must be a number \
                             from 0 to {}",
                            quote(w),
                            decimal(crate::search::MAX_WEIGHT)
                        ))
                    })?,
            ),
        };
        planners.push(ComparePlanner { algorithm, weight });
    }
    Ok(planners)
}

/// Formats a link's tail: `compare=NAME[:WEIGHT],…` when there is a compare part, then
/// `step=K` when there is a step, joined by `&` (no leading `&`; empty when there is
/// neither). Refuses fewer than 2 or more than 4 planners and weights out of range, like the
/// parser.
pub fn format_tail(tail: &LinkTail) -> Result<String, LinkError> {
    let mut out = String::new();
    if let Some(planners) = &tail.compare {
        let mut value = String::new();
        for p in planners {
            if !value.is_empty() {
                value.push(',');
            }
            value.push_str(p.algorithm.name());
            if let Some(w) = p.weight {
                value.push(':');
                value.push_str(&decimal(w));
            }
        }
        // Round-trip through the parser so a link we write is always one we read.
        parse_compare_list(&value)?;
        out.push_str("compare=");
        out.push_str(&value);
    }
    if let Some(step) = tail.step {
        if !out.is_empty() {
            out.push('&');
        }
        out.push_str(&format!("step={step}"));
    }
    Ok(out)
}

/// Splits a fragment into the planner link (a full `v2.` link or a short `map=` link, to give
/// to [`decode`] or [`parse_short`](super::parse_short)) and its [`LinkTail`]. A fragment
/// without `&compare=` or `&step=` comes back unchanged with an empty tail, so every older
/// link reads as before.
///
/// The tail must come last: `…&compare=LIST` and then `&step=K`, either one optional.
pub fn split_link(fragment: &str) -> Result<(&str, LinkTail), LinkError> {
    let fragment = strip_hash(fragment);
    // base64url never contains '&', and no short-link key starts with "compare" or "step",
    // so the first "&compare=" or "&step=" is where the tail starts.
    // (Searched byte-wise: `str::find` with a string pattern brings core's two-way string
    // searcher into the wasm for this one call.)
    let find = |key: &str| {
        fragment
            .as_bytes()
            .windows(key.len())
            .position(|w| w == key.as_bytes())
    };
    let at = ["&compare=", "&step="].into_iter().filter_map(find).min();
    let Some((base, rest)) = at.and_then(|at| fragment.split_at_checked(at)) else {
        return Ok((fragment, LinkTail::default()));
    };
    let mut tail = LinkTail::default();
    let mut parts = rest.strip_prefix('&').unwrap_or(rest).split('&').peekable();
    if let Some(list) = parts.peek().and_then(|p| p.strip_prefix("compare=")) {
        tail.compare = Some(parse_compare_list(list)?);
        parts.next();
    }
    if let Some(part) = parts.next() {
        let value = part.strip_prefix("step=").ok_or_else(|| {
            LinkError(format!(
                "{} after compare= in this link: only step=K may follow it",
                quote(part)
            ))
        })?;
        let step = value.parse::<u64>().map_err(|_| {
            LinkError(format!(
                "step={value} in this link: the step must be a whole number of at least 0"
            ))
        })?;
        tail.step = Some(step);
    }
    if let Some(extra) = parts.next() {
        return err(format!(
            "{} after step= in this link: the step comes last",
            quote(extra)
        ));
    }
    Ok((base, tail))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::link::parse_short;
    use crate::{Grid, Settings};

    #[test]
    fn old_links_split_unchanged() {
        let full = "v1.AAAAAA-_";
        assert_eq!(split_link(full).unwrap(), (full, LinkTail::default()));
        let short = "map=maze-63&start=1,1&goal=61,61&algo=dijkstra";
        assert_eq!(
            split_link(&format!("#{short}")).unwrap(),
            (short, LinkTail::default())
        );
    }

    #[test]
    fn compare_part_round_trips() {
        let tail = LinkTail {
            compare: Some(vec![
                ComparePlanner {
                    algorithm: Algorithm::AStar,
                    weight: None,
                },
                ComparePlanner {
                    algorithm: Algorithm::Dijkstra,
                    weight: Some(1.5),
                },
                ComparePlanner {
                    algorithm: Algorithm::BreadthFirst,
                    weight: Some(0.0),
                },
            ]),
            step: Some(42),
        };
        let part = format_tail(&tail).unwrap();
        assert_eq!(part, "compare=astar,dijkstra:1.5,bfs:0&step=42");
        let fragment = format!("map=rooms&start=1,1&goal=5,5&{part}");
        let (base, parsed) = split_link(&fragment).unwrap();
        assert_eq!(base, "map=rooms&start=1,1&goal=5,5");
        assert_eq!(parsed, tail);
        assert!(parse_short(base).is_ok());
    }

    #[test]
    fn a_single_planner_link_carries_a_step() {
        let tail = LinkTail {
            compare: None,
            step: Some(40),
        };
        assert_eq!(format_tail(&tail).unwrap(), "step=40");
        assert_eq!(format_tail(&LinkTail::default()).unwrap(), "");
        let (base, parsed) = split_link("#map=maze-63&start=1,1&step=40").unwrap();
        assert_eq!((base, parsed), ("map=maze-63&start=1,1", tail));
        let (base, parsed) = split_link("v2.AAAA&step=0").unwrap();
        assert_eq!(
            (base, parsed.compare, parsed.step),
            ("v2.AAAA", None, Some(0))
        );
    }

    #[test]
    fn full_link_keeps_its_state() {
        let state = LinkState {
            grid: Grid::new(12, 7).unwrap(),
            start: (0, 0),
            goal: (11, 6),
            settings: Settings::default(),
        };
        let fragment = format!("{}&compare=astar,dijkstra", encode(&state));
        let (base, parsed) = split_link(&fragment).unwrap();
        assert_eq!(decode(base).unwrap(), state);
        assert_eq!(parsed.compare.unwrap().len(), 2);
    }

    #[test]
    fn bad_tails_say_why() {
        let why = |f: &str| split_link(f).unwrap_err().to_string();
        assert!(why("map=a&compare=astar").contains("2 to 4 algorithms"));
        assert!(why("map=a&compare=astar,bfs,bfs,bfs,bfs").contains("2 to 4 algorithms"));
        assert!(why("map=a&compare=astar,zigzag").contains("zigzag"));
        assert!(why("map=a&compare=astar,mesh").contains("node mesh"));
        assert!(why("map=a&compare=astar,dijkstra:-1").contains("weight"));
        assert!(why("map=a&compare=astar,dijkstra:inf").contains("weight"));
        assert!(why("map=a&compare=astar,dijkstra:x").contains("weight"));
        assert!(why("map=a&compare=astar,dijkstra&step=-3").contains("step"));
        assert!(why("map=a&step=1.5").contains("whole number"));
        assert!(why("map=a&step=").contains("whole number"));
        assert!(why("map=a&compare=astar,dijkstra&algo=bfs").contains("only step"));
        assert!(why("map=a&step=3&compare=astar,bfs").contains("comes last"));
        assert!(why("map=a&step=3&step=4").contains("comes last"));
        let too_many = LinkTail {
            compare: Some(vec![ComparePlanner {
                algorithm: Algorithm::AStar,
                weight: None,
            }]),
            step: None,
        };
        assert!(format_tail(&too_many).is_err());
    }
}
