//! Short links: a shipped map's name, optional markers and the settings that differ from the
//! default, as `map=NAME&start=X,Y&goal=X,Y&algo=…` — readable, and stable while the map
//! file is.

use super::full::*;
use crate::grid::{Connectivity, DiagonalRule};
use crate::search::{NeighbourOrder, Settings};
use crate::text::number::{decimal, parse_f64};
use crate::text::quote::quote;

/// What a short link holds: a shipped map's name, optional markers and the settings (keys
/// left out take their defaults).
#[derive(Clone, Debug, PartialEq)]
pub struct ShortLink {
    /// The map name, as in `maps/index.json` without `.map` (letters, digits, `-`, `_`, `.`).
    pub map: String,
    /// The start, if the link gives one.
    pub start: Option<(u32, u32)>,
    /// The goal, if the link gives one.
    pub goal: Option<(u32, u32)>,
    /// The settings.
    pub settings: Settings,
}

/// The longest map name a short link accepts.
pub const MAX_MAP_NAME: usize = 64;

fn check_map_name(name: &str) -> Result<(), LinkError> {
    let ok_char = |c: char| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.');
    if name.is_empty() || name.len() > MAX_MAP_NAME || !name.chars().all(ok_char) {
        return err(format!(
            "the map name {} in this link is not valid: use 1–{MAX_MAP_NAME} letters, \
             digits, - _ or .",
            quote(name)
        ));
    }
    Ok(())
}

/// A short link: `map=NAME&start=X,Y&goal=X,Y` followed by each setting that differs from
/// [`Settings::default`], with these keys:
///
/// | key | value |
/// |---|---|
/// | `algo` | `bfs`, `best-first`, `dijkstra`, `astar` |
/// | `heuristic` | `octile`, `manhattan`, `euclidean`, `chebyshev`, `zero` |
/// | `weight` | a number 0–1000000 |
/// | `conn` | `4` or `8` |
/// | `diagonal` | `never`, `no-corner-cutting`, `one-side-free`, `always` |
/// | `dcost` | a number 1–2 |
/// | `order` | `fixed` or `goal-directed` |
/// | `budget` | a node budget ≥ 1 |
///
/// ```
/// use pathlab::formats::link::{format_short, parse_short};
/// use pathlab::{Algorithm, Settings};
/// let s = Settings { algorithm: Algorithm::Dijkstra, ..Settings::default() };
/// let link = format_short("maze-63", (1, 1), (61, 61), &s)?;
/// assert_eq!(link, "map=maze-63&start=1,1&goal=61,61&algo=dijkstra");
/// assert_eq!(parse_short(&link)?.settings, s);
/// # Ok::<(), pathlab::formats::link::LinkError>(())
/// ```
pub fn format_short(
    map: &str,
    start: (u32, u32),
    goal: (u32, u32),
    settings: &Settings,
) -> Result<String, LinkError> {
    check_map_name(map)?;
    let d = Settings::default();
    let mut out = format!(
        "map={map}&start={},{}&goal={},{}",
        start.0, start.1, goal.0, goal.1
    );
    let s = settings;
    if s.algorithm != d.algorithm {
        out += &format!("&algo={}", s.algorithm.name());
    }
    if let Some(h) = s.heuristic {
        out += &format!("&heuristic={}", h.name());
    }
    if s.weight != d.weight {
        out += &format!("&weight={}", decimal(s.weight));
    }
    if s.movement.connectivity != d.movement.connectivity {
        out += "&conn=4";
    }
    if s.movement.diagonal_rule != d.movement.diagonal_rule {
        out += &format!("&diagonal={}", s.movement.diagonal_rule.name());
    }
    if s.movement.diagonal_cost != d.movement.diagonal_cost {
        out += &format!("&dcost={}", decimal(s.movement.diagonal_cost));
    }
    if s.neighbour_order != d.neighbour_order {
        out += "&order=goal-directed";
    }
    if let Some(b) = s.node_budget {
        out += &format!("&budget={b}");
    }
    Ok(out)
}

fn parse_point(key: &str, value: &str) -> Result<(u32, u32), LinkError> {
    let bad = || {
        LinkError(format!(
            "{key}={value} in this link is not a cell like {key}=3,4"
        ))
    };
    let (x, y) = value.split_once(',').ok_or_else(bad)?;
    let coord = |s: &str| {
        if s.is_empty() || s.len() > 5 || !s.bytes().all(|b| b.is_ascii_digit()) {
            return Err(bad());
        }
        s.parse::<u32>().map_err(|_| bad())
    };
    Ok((coord(x)?, coord(y)?))
}

fn parse_number(key: &str, value: &str) -> Result<f64, LinkError> {
    parse_f64(value)
        .filter(|v| v.is_finite())
        .ok_or_else(|| LinkError(format!("{key}={value} in this link is not a number")))
}

/// Parses a short link (with or without a leading `#`). Unknown or repeated keys, a missing
/// or invalid `map`, and invalid settings are refused; markers are only checked to be
/// numbers here, since whether they are open depends on the map.
pub fn parse_short(fragment: &str) -> Result<ShortLink, LinkError> {
    let fragment = strip_hash(fragment);
    if fragment.len() > 4096 {
        return err("this short link is too long (over 4096 characters)");
    }
    let mut link = ShortLink {
        map: String::new(),
        start: None,
        goal: None,
        settings: Settings::default(),
    };
    let mut seen: Vec<&str> = Vec::new();
    let s = &mut link.settings;
    for pair in fragment.split('&').filter(|p| !p.is_empty()) {
        let (key, value) = pair.split_once('=').ok_or_else(|| {
            LinkError(format!("{} in this link should be key=value", quote(pair)))
        })?;
        if seen.contains(&key) {
            return err(format!("this link gives {key} twice"));
        }
        seen.push(key);
        let wrap = |m: String| LinkError(format!("{key}={value} in this link: {m}"));
        match key {
            "map" => {
                check_map_name(value)?;
                link.map = value.to_string();
            }
            "start" => link.start = Some(parse_point(key, value)?),
            "goal" => link.goal = Some(parse_point(key, value)?),
            "algo" => s.algorithm = value.parse().map_err(wrap)?,
            "heuristic" => s.heuristic = Some(value.parse().map_err(wrap)?),
            "weight" => s.weight = parse_number(key, value)?,
            "conn" => {
                s.movement.connectivity = match value {
                    "4" => Connectivity::Four,
                    "8" => Connectivity::Eight,
                    _ => return err(format!("conn={value} in this link: use 4 or 8")),
                }
            }
            "diagonal" => {
                s.movement.diagonal_rule = DiagonalRule::ALL
                    .into_iter()
                    .find(|r| r.name() == value)
                    .ok_or_else(|| {
                        wrap("use never, no-corner-cutting, one-side-free or always".into())
                    })?
            }
            "dcost" => s.movement.diagonal_cost = parse_number(key, value)?,
            "order" => {
                s.neighbour_order = match value {
                    "fixed" => NeighbourOrder::Fixed,
                    "goal-directed" => NeighbourOrder::GoalDirected,
                    _ => {
                        return err(format!(
                            "order={value} in this link: use fixed or goal-directed"
                        ))
                    }
                }
            }
            "budget" => {
                let b = value
                    .parse::<u64>()
                    .ok()
                    .filter(|&b| b > 0)
                    .ok_or_else(|| wrap("the budget is a whole number ≥ 1".into()))?;
                s.node_budget = Some(b);
            }
            _ => return err(format!("this link has an unknown key {}", quote(key))),
        }
    }
    if link.map.is_empty() {
        return err("this short link names no map (map=NAME)");
    }
    link.settings
        .validate()
        .map_err(|e| LinkError(format!("this link has a bad setting: {e}")))?;
    Ok(link)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_links_refuse_bad_keys() {
        assert!(parse_short("map=a&map=b").is_err());
        assert!(parse_short("map=a&colour=red").is_err());
        assert!(parse_short("start=1,1").is_err());
        assert!(parse_short("map=../etc").is_err());
        assert!(parse_short("map=a&weight=-1").is_err());
        assert!(parse_short("map=a&dcost=3").is_err());
        assert!(parse_short("map=a&start=1").is_err());
        assert!(parse_short("map=a&budget=0").is_err());
        let l = parse_short("#map=a&start=1,2&conn=4&order=goal-directed&budget=9").unwrap();
        assert_eq!(l.start, Some((1, 2)));
        assert_eq!(l.settings.movement.connectivity, Connectivity::Four);
        assert_eq!(l.settings.node_budget, Some(9));
    }
}
