//! Compare links: the compare part `compare=astar,dijkstra:1.5` (and optionally `step=K`)
//! appended to a full or short link, and the compare list the embed page takes.

use super::full::*;
use crate::formats::number::decimal;
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

/// The compare part of a link: `compare=astar,dijkstra:1.5` and optionally `step=K`.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct CompareLink {
    /// Two to four planners, left to right.
    pub planners: Vec<ComparePlanner>,
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
    items
        .into_iter()
        .map(|item| {
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
                    w.parse::<f64>()
                        .ok()
                        .filter(|v| (0.0..=crate::search::MAX_WEIGHT).contains(v))
                        .ok_or_else(|| {
                            LinkError(format!(
                                "compare={value}: the weight {w:?} of {name} must be a number \
                                 from 0 to {}",
                                decimal(crate::search::MAX_WEIGHT)
                            ))
                        })?,
                ),
            };
            Ok(ComparePlanner { algorithm, weight })
        })
        .collect()
}

/// Formats a compare part: `compare=NAME[:WEIGHT],…` then `&step=K` when there is a step.
/// Refuses fewer than 2 or more than 4 planners and weights out of range, like the parser.
pub fn format_compare(link: &CompareLink) -> Result<String, LinkError> {
    let list: Vec<String> = link
        .planners
        .iter()
        .map(|p| match p.weight {
            Some(w) => format!("{}:{}", p.algorithm.name(), decimal(w)),
            None => p.algorithm.name().to_string(),
        })
        .collect();
    let value = list.join(",");
    // Round-trip through the parser so a link we write is always one we read.
    parse_compare_list(&value)?;
    Ok(match link.step {
        Some(step) => format!("compare={value}&step={step}"),
        None => format!("compare={value}"),
    })
}

/// Splits a fragment into the planner link (a full `v1.` link or a short `map=` link, to give
/// to [`decode`] or [`parse_short`](super::parse_short)) and its compare part, if any. A fragment without
/// `&compare=` comes back unchanged with `None`, so every older link reads as before.
///
/// The compare part must come last: `…&compare=LIST` optionally followed by `&step=K`.
pub fn split_compare(fragment: &str) -> Result<(&str, Option<CompareLink>), LinkError> {
    let fragment = strip_hash(fragment);
    // base64url never contains '&', and a short link's keys never start with "compare", so
    // the first "&compare=" is where the compare part starts.
    let Some(at) = fragment.find("&compare=") else {
        return Ok((fragment, None));
    };
    let base = &fragment[..at];
    let rest = &fragment[at + "&compare=".len()..];
    let (list, step) = match rest.split_once('&') {
        None => (rest, None),
        Some((list, tail)) => {
            let value = tail.strip_prefix("step=").ok_or_else(|| {
                LinkError(format!(
                    "{tail:?} after compare= in this link: only step=K may follow it"
                ))
            })?;
            let step = value.parse::<u64>().map_err(|_| {
                LinkError(format!(
                    "step={value} in this link: the step must be a whole number of at least 0"
                ))
            })?;
            (list, Some(step))
        }
    };
    let planners = parse_compare_list(list)?;
    Ok((base, Some(CompareLink { planners, step })))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::link::parse_short;
    use crate::{Grid, Settings};

    #[test]
    fn old_links_split_unchanged() {
        let full = "v1.AAAAAA-_";
        assert_eq!(split_compare(full).unwrap(), (full, None));
        let short = "map=maze-63&start=1,1&goal=61,61&algo=dijkstra";
        assert_eq!(split_compare(&format!("#{short}")).unwrap(), (short, None));
    }

    #[test]
    fn compare_part_round_trips() {
        let link = CompareLink {
            planners: vec![
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
            ],
            step: Some(42),
        };
        let part = format_compare(&link).unwrap();
        assert_eq!(part, "compare=astar,dijkstra:1.5,bfs:0&step=42");
        let fragment = format!("map=rooms&start=1,1&goal=5,5&{part}");
        let (base, parsed) = split_compare(&fragment).unwrap();
        assert_eq!(base, "map=rooms&start=1,1&goal=5,5");
        assert_eq!(parsed, Some(link));
        assert!(parse_short(base).is_ok());
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
        let (base, parsed) = split_compare(&fragment).unwrap();
        assert_eq!(decode(base).unwrap(), state);
        assert_eq!(parsed.unwrap().planners.len(), 2);
    }

    #[test]
    fn bad_compare_parts_say_why() {
        let why = |f: &str| split_compare(f).unwrap_err().to_string();
        assert!(why("map=a&compare=astar").contains("2 to 4 algorithms"));
        assert!(why("map=a&compare=astar,bfs,bfs,bfs,bfs").contains("2 to 4 algorithms"));
        assert!(why("map=a&compare=astar,zigzag").contains("zigzag"));
        assert!(why("map=a&compare=astar,mesh").contains("node mesh"));
        assert!(why("map=a&compare=astar,dijkstra:-1").contains("weight"));
        assert!(why("map=a&compare=astar,dijkstra:inf").contains("weight"));
        assert!(why("map=a&compare=astar,dijkstra:x").contains("weight"));
        assert!(why("map=a&compare=astar,dijkstra&step=-3").contains("step"));
        assert!(why("map=a&compare=astar,dijkstra&algo=bfs").contains("only step"));
        let too_many = CompareLink {
            planners: vec![ComparePlanner {
                algorithm: Algorithm::AStar,
                weight: None,
            }],
            step: None,
        };
        assert!(format_compare(&too_many).is_err());
    }
}
