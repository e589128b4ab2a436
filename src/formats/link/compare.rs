//! A link's tail: the compare part `compare=astar,dijkstra:1.5`, the view shown beside the
//! search (`view=field` with `walkers=N`, or `view=range` with `range=X,Y,BUDGET`) and the
//! timeline step `step=K`, each optional, appended to a full or short link in that order; and
//! the compare list the embed page takes. One grammar for the single planner and for
//! comparisons.

use super::agents::{format_agents, parse_agents, LinkAgent};
use super::full::*;
use crate::fields::MAX_BUDGET;
use crate::planner::{LaneMut, Planner, PlannerError, ViewKind, MAX_WALKERS, WALKER_SEED};
use crate::search::Algorithm;
use crate::text::number::{decimal, parse_f64};
use crate::text::quote::quote;

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

/// What may follow a planner link, each part optional, in this order: a compare part
/// `compare=astar,dijkstra:1.5`, the view `view=field|range` with `walkers=N` (field) or
/// `range=X,Y,BUDGET` (range), and a timeline step `step=K`
/// (`…&compare=LIST&step=K`, `…&view=field&walkers=50`). A link with a compare part opens as a
/// comparison (which shows paths only, so it takes no view); `step` is the timeline step
/// shown, for one planner or for all of them. A link without a view shows the path, as every
/// link did before views existed.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct LinkTail {
    /// Two to four planners, left to right, or `None` for a single planner.
    pub compare: Option<Vec<ComparePlanner>>,
    /// The view shown beside the search, when the link names one.
    #[serde(default)]
    pub view: Option<LinkView>,
    /// The Agents view's agents (`agents=SX,SY,GX,GY;…`), when the link carries them.
    #[serde(default)]
    pub agents: Option<Vec<LinkAgent>>,
    /// The timeline step shown, when the link names one.
    pub step: Option<u64>,
}

/// The view a link opens, with what it needs: how many walkers to release on the field, where
/// the range is measured from and its budget (`None`: the start marker and the default).
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct LinkView {
    /// Which view.
    pub view: ViewKind,
    /// `walkers=N` (field view only): 1 to [`MAX_WALKERS`].
    pub walkers: Option<u32>,
    /// `range=X,Y,BUDGET` (range view only): the cell and the budget, 0 to [`MAX_BUDGET`].
    pub range: Option<LinkRange>,
}

impl LinkView {
    /// The view `planner` shows, as a link writes it: `None` for the path; the field with
    /// its walkers, if any; the range with its cell and budget.
    pub fn of(planner: &Planner) -> Option<LinkView> {
        let walkers = planner.walker_xy().len() / 2;
        let range = planner
            .range_spec()
            .map(|((x, y), budget)| LinkRange { x, y, budget });
        match planner.view() {
            ViewKind::Path => None,
            ViewKind::Field => Some(LinkView {
                view: ViewKind::Field,
                walkers: (walkers > 0).then(|| walkers.min(MAX_WALKERS) as u32),
                range: None,
            }),
            ViewKind::Range => Some(LinkView {
                view: ViewKind::Range,
                walkers: None,
                range,
            }),
        }
    }

    /// Shows this view on `lane`'s planner, with that lane's movement rules (walkers placed
    /// by [`WALKER_SEED`]; a range without a cell measured from the start with the default
    /// budget). `None` shows the path, as an older link does. Refused, changing nothing, as
    /// [`LaneMut::set_range`] refuses, for a range cell off the map or on a wall: the range
    /// is the one step that can fail, and it comes first.
    pub fn apply(view: Option<&LinkView>, lane: &mut LaneMut<'_>) -> Result<(), PlannerError> {
        let Some(view) = view else {
            return lane.set_view(ViewKind::Path);
        };
        match (view.view, view.range) {
            (ViewKind::Range, Some(r)) => lane.set_range((r.x, r.y), r.budget)?,
            (kind, _) => lane.set_view(kind)?,
        }
        if let Some(n) = view.walkers {
            lane.planner().release_walkers(n as usize, WALKER_SEED)?;
        }
        Ok(())
    }
}

/// A range in a link: `range=X,Y,BUDGET`.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct LinkRange {
    /// The cell's column.
    pub x: u32,
    /// The cell's row.
    pub y: u32,
    /// The movement points.
    pub budget: f64,
}

/// The tail's keys in the order they must come; `walkers` and `range` share a place (each
/// belongs to its own view).
const TAIL_KEYS: [(&str, usize); 6] = [
    ("compare", 0),
    ("view", 1),
    ("walkers", 2),
    ("range", 2),
    ("agents", 3),
    ("step", 4),
];

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
/// `view=…` with `walkers=N` or `range=X,Y,BUDGET`, then `step=K`, joined by `&` (no leading
/// `&`; empty when there is none). Refuses what the parser refuses (fewer than 2 or more than
/// 4 planners, weights, walkers or budgets out of range, a view in a comparison): the text is
/// read back before it is returned, so a link we write is always one we read.
pub fn format_tail(tail: &LinkTail) -> Result<String, LinkError> {
    let mut parts = Vec::new();
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
        parts.push(format!("compare={value}"));
    }
    if let Some(view) = &tail.view {
        parts.push(format!("view={}", view.view.name()));
        if let Some(n) = view.walkers {
            parts.push(format!("walkers={n}"));
        }
        if let Some(r) = view.range {
            parts.push(format!("range={},{},{}", r.x, r.y, decimal(r.budget)));
        }
    }
    if let Some(agents) = &tail.agents {
        parts.push(format!("agents={}", format_agents(agents)));
    }
    if let Some(step) = tail.step {
        parts.push(format!("step={step}"));
    }
    // A loop rather than `join`, whose generic copy is a kilobyte of wasm of its own.
    let mut out = String::new();
    for part in parts {
        if !out.is_empty() {
            out.push('&');
        }
        out.push_str(&part);
    }
    if !out.is_empty() {
        let (_, read) = split_link(&format!("map=x&{out}"))?;
        if read != *tail {
            return err(format!("{out}: this tail does not read back as written"));
        }
    }
    Ok(out)
}

/// Splits a fragment into the planner link (a full `v2.` link or a short `map=` link, to give
/// to [`decode`] or [`parse_short`](super::parse_short)) and its [`LinkTail`]. A fragment
/// without a tail (`&compare=`, `&view=`, `&walkers=`, `&range=`, `&agents=` or `&step=`) comes back
/// unchanged with an empty tail, so every older link reads as before.
///
/// The tail comes last, its parts in the order of [`LinkTail`], each optional.
pub fn split_link(fragment: &str) -> Result<(&str, LinkTail), LinkError> {
    let fragment = strip_hash(fragment);
    // base64url never contains '&', and no short-link key is a tail key, so the first
    // "&KEY=" of a tail key is where the tail starts.
    // (Searched byte-wise: `str::find` with a string pattern brings core's two-way string
    // searcher into the wasm for this one call.)
    let find = |key: &str| {
        let key = format!("&{key}=");
        fragment
            .as_bytes()
            .windows(key.len())
            .position(|w| w == key.as_bytes())
    };
    let at = TAIL_KEYS.iter().filter_map(|(key, _)| find(key)).min();
    let Some((base, rest)) = at.and_then(|at| fragment.split_at_checked(at)) else {
        return Ok((fragment, LinkTail::default()));
    };
    let mut tail = LinkTail::default();
    let (mut view, mut walkers, mut range) = (None, None, None);
    let mut next_place = 0;
    let mut last: Option<&str> = None;
    for part in rest.strip_prefix('&').unwrap_or(rest).split('&') {
        let (key, value) = part.split_once('=').unwrap_or((part, ""));
        let place = TAIL_KEYS.iter().find(|(k, _)| *k == key).map(|&(_, p)| p);
        let Some(place) = place.filter(|&p| p >= next_place) else {
            return err(out_of_order(part, last));
        };
        next_place = place + 1;
        last = Some(key);
        match key {
            "compare" => tail.compare = Some(parse_compare_list(value)?),
            "view" => view = Some(parse_view(value)?),
            "walkers" => walkers = Some(parse_walkers(value)?),
            "range" => range = Some(parse_range(value)?),
            "agents" => tail.agents = Some(parse_agents(value)?),
            _ => tail.step = Some(parse_step(value)?),
        }
    }
    if tail.compare.is_some() && tail.agents.is_some() {
        return err("agents= in a compare link: compare mode races single searches");
    }
    tail.view = check_view(view, walkers, range, tail.compare.is_some())?;
    Ok((base, tail))
}

/// Why `part` cannot follow the tail key `last`.
fn out_of_order(part: &str, last: Option<&str>) -> String {
    let part = quote(part);
    match last {
        Some("step") => format!("{part} after step= in this link: the step comes last"),
        Some(key) => format!(
            "{part} after {key}= in this link: a link ends with compare=, view=, walkers= or \
             range=, agents=, step=, each at most once and in that order"
        ),
        // The tail starts at a tail key, so the first part is always in order.
        None => format!("{part} in this link is out of place"),
    }
}

fn parse_view(value: &str) -> Result<ViewKind, LinkError> {
    ViewKind::from_name(value).map_err(|_| {
        LinkError(format!(
            "view={} in this link: the view is path, field or range",
            quote(value)
        ))
    })
}

fn parse_walkers(value: &str) -> Result<u32, LinkError> {
    whole(value)
        .filter(|n| (1..=MAX_WALKERS as u64).contains(n))
        .map(|n| n as u32)
        .ok_or_else(|| {
            LinkError(format!(
                "walkers={} in this link: release a whole number of walkers from 1 to \
                 {MAX_WALKERS}",
                quote(value)
            ))
        })
}

fn parse_range(value: &str) -> Result<LinkRange, LinkError> {
    let mut parts = value.split(',');
    let (x, y, budget) = (parts.next(), parts.next(), parts.next());
    let cell = |v: Option<&str>| v.and_then(whole).and_then(|n| u32::try_from(n).ok());
    match (cell(x), cell(y), budget.and_then(parse_f64), parts.next()) {
        (Some(x), Some(y), Some(budget), None) if (0.0..=MAX_BUDGET).contains(&budget) => {
            Ok(LinkRange { x, y, budget })
        }
        _ => err(format!(
            "range={} in this link: write range=X,Y,BUDGET: a cell and a budget of movement \
             points from 0 to {}",
            quote(value),
            decimal(MAX_BUDGET)
        )),
    }
}

fn parse_step(value: &str) -> Result<u64, LinkError> {
    whole(value).ok_or_else(|| {
        LinkError(format!(
            "step={value} in this link: the step must be a whole number of at least 0"
        ))
    })
}

/// Plain digits as a whole number (no sign, no fraction, no exponent).
fn whole(value: &str) -> Option<u64> {
    let digits = !value.is_empty() && value.bytes().all(|b| b.is_ascii_digit());
    digits.then(|| value.parse().ok()).flatten()
}

/// The view of a tail from its parts: `walkers=` needs `view=field`, `range=` needs
/// `view=range`, and a comparison takes no view.
fn check_view(
    view: Option<ViewKind>,
    walkers: Option<u32>,
    range: Option<LinkRange>,
    compare: bool,
) -> Result<Option<LinkView>, LinkError> {
    let view = view.unwrap_or_default();
    if compare && view != ViewKind::Path {
        return err(format!(
            "view={} in a compare link: compare mode shows the paths only",
            view.name()
        ));
    }
    if walkers.is_some() && view != ViewKind::Field {
        return err("walkers= in this link needs view=field: walkers follow the distance field");
    }
    if range.is_some() && view != ViewKind::Range {
        return err("range= in this link needs view=range");
    }
    // `view=path` is what no view says: it reads as no view, so a tail reads back as written.
    Ok((view != ViewKind::Path).then_some(LinkView {
        view,
        walkers,
        range,
    }))
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
            agents: None,
            view: None,
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
            agents: None,
            compare: None,
            view: None,
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
        assert!(why("map=a&compare=astar,dijkstra&algo=bfs").contains("in that order"));
        assert!(why("map=a&step=3&compare=astar,bfs").contains("comes last"));
        assert!(why("map=a&step=3&step=4").contains("comes last"));
        let too_many = LinkTail {
            agents: None,
            compare: Some(vec![ComparePlanner {
                algorithm: Algorithm::AStar,
                weight: None,
            }]),
            view: None,
            step: None,
        };
        assert!(format_tail(&too_many).is_err());
    }

    #[test]
    fn views_round_trip_in_the_tail() {
        let field = LinkView {
            view: ViewKind::Field,
            walkers: Some(250),
            range: None,
        };
        let range = LinkView {
            view: ViewKind::Range,
            walkers: None,
            range: Some(LinkRange {
                x: 3,
                y: 40,
                budget: 12.5,
            }),
        };
        for (view, text) in [
            (field, "view=field&walkers=250&step=7"),
            (range, "view=range&range=3,40,12.5&step=7"),
        ] {
            let tail = LinkTail {
                agents: None,
                compare: None,
                view: Some(view),
                step: Some(7),
            };
            assert_eq!(format_tail(&tail).unwrap(), text);
            for base in ["map=maze-63&start=1,1", "v3.AAAA"] {
                let fragment = format!("{base}&{text}");
                let (b, parsed) = split_link(&fragment).unwrap();
                assert_eq!((b, parsed), (base, tail.clone()));
            }
        }
        // A view alone, and no step.
        let (_, tail) = split_link("map=a&view=range").unwrap();
        assert_eq!(tail.view.unwrap().range, None);
        let (_, tail) = split_link("map=a&view=field").unwrap();
        assert_eq!(tail.view.unwrap().walkers, None);
    }

    #[test]
    fn bad_view_tails_say_why() {
        let why = |f: &str| split_link(f).unwrap_err().to_string();
        assert!(why("map=a&view=heat").contains("path, field or range"));
        assert!(why("map=a&view=").contains("path, field or range"));
        for bad in ["0", "10001", "-1", "2.5", "x", ""] {
            let e = why(&format!("map=a&view=field&walkers={bad}"));
            assert!(e.contains("from 1 to 10000"), "{bad}: {e}");
        }
        for bad in [
            "1,2",
            "1,2,3,4",
            "1,2,-1",
            "1,2,1000001",
            "a,2,3",
            "1,,3",
            "1,2,NaN",
        ] {
            let e = why(&format!("map=a&view=range&range={bad}"));
            assert!(e.contains("range=X,Y,BUDGET"), "{bad}: {e}");
        }
        assert!(why("map=a&view=range&walkers=3").contains("needs view=field"));
        assert!(why("map=a&view=field&range=1,1,3").contains("needs view=range"));
        assert!(why("map=a&walkers=3").contains("needs view=field"));
        assert!(why("map=a&view=path&range=1,1,3").contains("needs view=range"));
        let (_, tail) = split_link("map=a&view=path&step=2").unwrap();
        assert_eq!(
            (tail.view, tail.step),
            (None, Some(2)),
            "view=path is no view"
        );
        assert!(why("map=a&view=field&view=range").contains("in that order"));
        assert!(why("map=a&step=3&view=field").contains("comes last"));
        assert!(why("map=a&compare=astar,bfs&view=field").contains("compare mode"));
        let bad = LinkTail {
            agents: None,
            view: Some(LinkView {
                view: ViewKind::Field,
                walkers: Some(0),
                range: None,
            }),
            ..LinkTail::default()
        };
        assert!(format_tail(&bad)
            .unwrap_err()
            .to_string()
            .contains("from 1 to 10000"));
    }
}
