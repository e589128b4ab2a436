//! The timeline replays exactly: the state bytes, stats, g and parent of every cell at step
//! k equal a fresh search's stopped after k expansions, for every algorithm, and the open
//! list's first entry at step k is the cell expanded at step k + 1.

mod common;

use pathlab::formats::movingai::parse_map;
use pathlab::grid::Topology;
use pathlab::heuristic::COST_SCALE;
use pathlab::search::record::NO_PARENT;
use pathlab::timeline::{replay_nodes, NodeReplay};
use pathlab::{Algorithm, Budget, Grid, Planner, Searcher, Settings, Stats};
use proptest::prelude::*;

fn map(file: &str) -> Grid {
    let text = std::fs::read_to_string(format!("{}/maps/{file}", env!("CARGO_MANIFEST_DIR")))
        .expect("map file");
    parse_map(&text).expect("map")
}

/// A planner for `algorithm` on `grid` (A* on a mesh searches the map's visibility graph).
fn planner(grid: &Grid, start: (u32, u32), goal: (u32, u32), settings: Settings) -> Planner {
    let mut p = Planner::with_grid(grid.clone(), start, goal, settings).expect("planner");
    if settings.algorithm == Algorithm::Mesh {
        p.generate_mesh().expect("mesh");
    }
    p
}

/// Stats without the wall-clock fields, which no two runs share.
fn counters(s: Stats) -> Stats {
    Stats {
        run_count: 0,
        elapsed_ms: 0.0,
        // What a precomputed table cost is the live search's, not recorded per step (a
        // fresh search at step 0 has not built its boxes yet).
        precompute_bytes: 0,
        precompute_progress: 0.0,
        ..s
    }
}

/// The nodes a fresh planner starts with, as a replay base.
fn base_of(p: &Planner) -> NodeReplay {
    let states = p.only().search().states().to_vec();
    let cells = states.len();
    let mut base = NodeReplay {
        states: states.clone(),
        nodes: [vec![None; cells], vec![None; cells]],
    };
    let w = p.grid().width();
    for (c, &s) in states.iter().enumerate() {
        if s == 0 {
            continue;
        }
        let (x, y) = (c as u32 % w, c as u32 / w);
        if let Some(node) = p.only().search().node(x, y) {
            if let Some(g) = node.g {
                let parent = node.parent.map_or(NO_PARENT, |(px, py)| py * w + px);
                let side = usize::from(s == 6 || s == 7);
                base.nodes[side][c] = Some(((g * COST_SCALE as f64).round() as u64, parent));
            }
        }
    }
    base
}

/// Checks steps `ks` of a planner run to the end against fresh planners stopped there.
fn check(grid: &Grid, start: (u32, u32), goal: (u32, u32), settings: Settings, ks: &[usize]) {
    let name = format!(
        "{} on {}×{}",
        settings.algorithm,
        grid.width(),
        grid.height()
    );
    let mut p = planner(grid, start, goal, settings);
    let base = base_of(&p);
    p.only_mut().step(Budget::Unlimited, || 0.0);
    let len = p.only().timeline_len();
    assert_eq!(
        len as u64,
        p.only().search().stats().expanded,
        "{name}: every step recorded"
    );
    assert!(p.only().timeline().complete());
    let w = grid.width();
    for &k in ks.iter().filter(|&&k| k <= len) {
        let mut fresh = planner(grid, start, goal, settings);
        if k == len {
            // The end of the timeline is the finished search (path, final status), which
            // may take one more call than the last expansion.
            fresh.only_mut().step(Budget::Unlimited, || 0.0);
        } else if k > 0 {
            fresh.only_mut().step(Budget::Expansions(k as u64), || 0.0);
        }
        let live = fresh.only().search();
        assert_eq!(
            live.stats().expanded,
            k as u64,
            "{name}: fresh search reached {k}"
        );
        p.only_mut().seek(k);
        assert_eq!(p.only().position(), k, "{name}");
        assert_eq!(p.only().is_live(), k == len, "{name}");
        assert!(
            p.only().shown_states() == live.states(),
            "{name}: state bytes differ at step {k} of {len}"
        );
        assert_eq!(
            counters(p.only().shown_stats()),
            counters(*live.stats()),
            "{name}: stats at step {k} of {len}"
        );
        assert_eq!(
            p.only().shown_current(),
            live.current(),
            "{name}: current at {k}"
        );
        if k < len {
            assert!(p.only().shown_path().is_empty());
        }
        // g and parent of every cell, from the events alone.
        let events = p.only().timeline().events_to(k);
        let replay = if k == len && p.only().is_live() {
            None
        } else {
            Some(replay_nodes(
                &base,
                &events,
                &Topology::of(grid, &settings.movement),
                grid.bytes(),
            ))
        };
        if let Some(replay) = replay {
            assert!(
                replay.states == live.states(),
                "{name}: replayed states at {k}"
            );
            for c in 0..grid.len() {
                let (x, y) = (c as u32 % w, c as u32 / w);
                let Some(node) = live.node(x, y) else {
                    continue;
                };
                let side = usize::from(replay.nodes[0][c].is_none());
                let got = replay.nodes[side][c].filter(|&(g, _)| g != u64::MAX);
                let g = got.map(|(g, _)| g as f64 / COST_SCALE as f64);
                assert_eq!(g, node.g, "{name}: g of ({x}, {y}) at step {k}");
                if settings.algorithm.name() != "lpa" && settings.algorithm.name() != "dstar-lite" {
                    let parent = got
                        .map(|(_, p)| p)
                        .filter(|&p| p != NO_PARENT)
                        .map(|p| (p % w, p / w));
                    assert_eq!(parent, node.parent, "{name}: parent of ({x}, {y}) at {k}");
                }
            }
        }
        // Scrubbed node details are the fresh search's.
        if k < len {
            let probe = live.current().unwrap_or(start);
            assert_eq!(
                p.only_mut().shown_node(probe.0, probe.1),
                live.node(probe.0, probe.1)
            );
        }
    }
}

/// Checks that the first open entry at each step is the cell expanded next.
fn check_open(grid: &Grid, start: (u32, u32), goal: (u32, u32), settings: Settings) {
    let name = format!(
        "{} on {}×{}",
        settings.algorithm,
        grid.width(),
        grid.height()
    );
    let mut p = planner(grid, start, goal, settings);
    p.only_mut().step(Budget::Unlimited, || 0.0);
    let len = p.only().timeline_len();
    let stride = (len / 40).max(1);
    for k in (0..len).step_by(stride) {
        p.only_mut().seek(k);
        let top = p.only_mut().open_top(3);
        let next = p
            .only()
            .timeline()
            .expanded_at(k + 1)
            .expect("a step after k");
        let first = top.first().expect("an open entry when a step follows");
        assert_eq!(
            first.y * grid.width() + first.x,
            next,
            "{name}: open_top(1) at {k} is the next expansion"
        );
        assert!(
            !p.only_mut().open_why().is_empty(),
            "{name}: a reason at {k}"
        );
    }
}

fn settings(algorithm: Algorithm) -> Settings {
    Settings {
        algorithm,
        ..Settings::default()
    }
}

/// The table: algorithm × map (skipping the maps an algorithm refuses) × several steps.
#[test]
fn replay_to_any_step_equals_a_search_stopped_there() {
    let maps = [
        ("seed002-10.map", (2, 2), (6, 8)),
        ("u-trap-40.map", (5, 15), (34, 15)),
        ("maze-63.map", (1, 1), (61, 61)),
        ("reopen-40.map", (0, 0), (39, 29)),
        ("no-path-32.map", (2, 10), (24, 9)),
    ];
    for (file, start, goal) in maps {
        let grid = map(file);
        for algorithm in Algorithm::ALL {
            let s = settings(algorithm);
            if s.unavailable_on(&grid).is_some() {
                continue;
            }
            check(&grid, start, goal, s, &[0, 1, 2, 7, 50, 333, 100_000]);
            let mut p = planner(&grid, start, goal, s);
            p.only_mut().step(Budget::Unlimited, || 0.0);
            let len = p.only().timeline_len();
            check(
                &grid,
                start,
                goal,
                s,
                &[len / 2, len.saturating_sub(1), len],
            );
            check_open(&grid, start, goal, s);
        }
    }
}

#[test]
fn weighted_a_star_reopening_and_node_budgets_replay_exactly() {
    let grid = map("reopen-40.map");
    let weighted = Settings {
        weight: 2.0,
        ..Settings::default()
    };
    let mut p = planner(&grid, (0, 0), (39, 29), weighted);
    p.only_mut().step(Budget::Unlimited, || 0.0);
    assert!(
        p.only().search().stats().reopened > 0,
        "the map re-opens nodes"
    );
    let len = p.only().timeline_len();
    check(
        &grid,
        (0, 0),
        (39, 29),
        weighted,
        &[0, 1, len / 3, len / 2, len - 1, len],
    );
    check_open(&grid, (0, 0), (39, 29), weighted);
    for algorithm in Algorithm::ALL {
        let budget = Settings {
            node_budget: Some(40),
            ..settings(algorithm)
        };
        if budget.unavailable_on(&grid).is_some() {
            continue;
        }
        check(&grid, (0, 0), (39, 29), budget, &[0, 1, 20, 39, 40]);
    }
}

#[test]
fn editing_while_scrubbed_back_truncates_the_future() {
    let grid = map("u-trap-40.map");
    for algorithm in Algorithm::ALL {
        let mut p = planner(&grid, (5, 15), (34, 15), settings(algorithm));
        p.only_mut().step(Budget::Unlimited, || 0.0);
        let len = p.only().timeline_len();
        let k = len / 2;
        p.only_mut().seek(k);
        p.set_cell(20, 2, pathlab::Cell::Wall);
        assert_eq!(
            p.only().timeline_len(),
            k,
            "{algorithm}: the timeline now ends at k"
        );
        assert_eq!(
            p.only().position(),
            k,
            "{algorithm}: the user stays at step k"
        );
        assert!(p.only().is_live());
        assert_eq!(p.only().search().stats().expanded, k as u64);
        p.only_mut().step(Budget::Unlimited, || 0.0);
        assert!(p.only().search().status().is_done());
    }
}

#[test]
fn stepping_while_scrubbed_moves_through_the_record_first() {
    let grid = map("maze-63.map");
    let mut p = planner(&grid, (1, 1), (61, 61), settings(Algorithm::Dijkstra));
    p.only_mut().step(Budget::Expansions(100), || 0.0);
    p.only_mut().seek(10);
    let states = p.only().shown_states().to_vec();
    p.only_mut().step(Budget::Expansions(5), || 0.0);
    assert_eq!(p.only().position(), 15);
    assert!(p.only().shown_states() != states.as_slice());
    p.only_mut().step(Budget::Expansions(1000), || 0.0);
    assert!(p.only().is_live(), "past the end of the record: live again");
    assert_eq!(
        p.only().search().stats().expanded,
        100,
        "the live search did not move"
    );
    p.only_mut().step(Budget::Expansions(10), || 0.0);
    assert_eq!(p.only().timeline_len(), 110);
    p.only_mut().seek(usize::MAX);
    assert!(p.only().is_live(), "seeking past the end clamps to live");
}

#[test]
fn open_why_names_the_tie_break() {
    let grid = Grid::new(9, 9).unwrap();
    let four = Settings {
        movement: pathlab::Movement {
            connectivity: pathlab::Connectivity::Four,
            ..Default::default()
        },
        heuristic: Some(pathlab::Heuristic::Manhattan),
        ..Settings::default()
    };
    let mut p = planner(&grid, (0, 0), (3, 3), four);
    p.only_mut().step(Budget::Expansions(2), || 0.0);
    let why = p.only_mut().open_why();
    assert!(
        why.contains("tie on f = 6.00") && why.contains("larger g"),
        "{why}"
    );
    let mut d = planner(&grid, (4, 4), (8, 4), settings(Algorithm::Dijkstra));
    d.only_mut().step(Budget::Expansions(1), || 0.0);
    let why = d.only_mut().open_why();
    assert!(
        why.contains("on g with 3 others") && why.contains("oldest"),
        "{why}"
    );
    let mut bfs = planner(&grid, (0, 4), (8, 4), settings(Algorithm::BreadthFirst));
    bfs.only_mut().step(Budget::Expansions(3), || 0.0);
    assert!(bfs.only_mut().open_why().starts_with("FIFO"));
    let mut d = planner(&grid, (0, 4), (8, 4), settings(Algorithm::Dijkstra));
    d.only_mut().step(Budget::Unlimited, || 0.0);
    assert_eq!(d.only_mut().open_top(0).len(), 0);
    let lpa = planner(&grid, (0, 4), (8, 4), settings(Algorithm::Lpa));
    assert!(lpa.clone().only_mut().open_top(1)[0].key.is_some());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// On random small maps, every step of every algorithm replays exactly.
    #[test]
    fn random_maps_replay_exactly(
        w in 3u32..14,
        h in 3u32..14,
        walls in proptest::collection::vec(0u8..5, 196),
        alg in 0usize..Algorithm::ALL.len(),
        weight in prop_oneof![Just(1.0), Just(2.5)],
    ) {
        let bytes: Vec<u8> = (0..(w * h) as usize)
            .map(|i| if walls[i % walls.len()] == 0 && i % 7 != 0 { 0 } else { 1 + walls[i % walls.len()] % 2 })
            .collect();
        let mut grid = Grid::from_bytes(w, h, bytes).unwrap();
        let (start, goal) = ((0, 0), (w - 1, h - 1));
        grid.set(0, 0, pathlab::Cell::OPEN);
        grid.set(i64::from(w) - 1, i64::from(h) - 1, pathlab::Cell::OPEN);
        let s = Settings { algorithm: Algorithm::ALL[alg], weight, ..Settings::default() };
        prop_assume!(s.unavailable_on(&grid).is_none());
        let mut p = planner(&grid, start, goal, s);
        p.only_mut().step(Budget::Unlimited, || 0.0);
        let len = p.only().timeline_len();
        let ks: Vec<usize> = (0..=len).collect();
        check(&grid, start, goal, s, &ks);
        check_open(&grid, start, goal, s);
    }
}

#[test]
fn past_the_memory_cap_the_timeline_covers_the_first_steps_only() {
    let grid = map("maze-63.map");
    let mut p = planner(&grid, (1, 1), (61, 61), settings(Algorithm::Dijkstra));
    p.set_timeline_cap(20_000);
    p.only_mut().step(Budget::Unlimited, || 0.0);
    let expanded = p.only().search().stats().expanded as usize;
    let len = p.only().timeline_len();
    assert!(!p.only().timeline().complete());
    assert!(len > 0 && len < expanded, "{len} of {expanded} steps kept");
    assert!(
        p.only().timeline().bytes() < 40_000,
        "{}",
        p.only().timeline().bytes()
    );
    // The recorded steps still replay exactly; the end is the live search.
    let mut fresh = planner(&grid, (1, 1), (61, 61), settings(Algorithm::Dijkstra));
    fresh
        .only_mut()
        .step(Budget::Expansions(len as u64 - 1), || 0.0);
    p.only_mut().seek(len - 1);
    assert!(p.only().shown_states() == fresh.only().search().states());
    p.only_mut().seek(len);
    assert!(p.only().is_live());
    assert!(p.only().shown_states() == p.only().search().states());
}

#[test]
fn recording_is_off_for_a_plain_search() {
    let grid = map("maze-63.map");
    let mut s = pathlab::Search::new(&grid, (1, 1), (61, 61), &Settings::default()).unwrap();
    s.run(&grid, Budget::Unlimited, || 0.0).unwrap();
    assert!(!pathlab::Searcher::recorder(&mut s).is_on());
    let mut t = pathlab::timeline::Timeline::new(s.states(), s.stats(), usize::MAX);
    t.collect(&mut s);
    assert_eq!(t.event_count(), 0);
}

#[test]
fn resetting_while_scrubbed_back_starts_at_step_zero() {
    let grid = map("maze-63.map");
    let mut p = planner(&grid, (1, 1), (61, 61), settings(Algorithm::AStar));
    p.only_mut().step(Budget::Unlimited, || 0.0);
    p.only_mut().seek(20);
    p.only_mut().reset_search();
    assert!(p.only().is_live());
    assert_eq!(p.only().timeline_len(), 0);
    assert_eq!(p.only().search().stats().expanded, 0);
    // Settings changed while scrubbed: the new search is fast-forwarded to the same step.
    p.only_mut().step(Budget::Expansions(50), || 0.0);
    p.only_mut().seek(30);
    p.only_mut()
        .set_settings(settings(Algorithm::Dijkstra))
        .unwrap();
    assert_eq!((p.only().position(), p.only().timeline_len()), (30, 30));
    assert_eq!(p.only().search().settings().algorithm, Algorithm::Dijkstra);
    // And so are undo and redo.
    assert!(p.set_cell(1, 1, pathlab::Cell::Terrain(3)));
    p.only_mut().step(Budget::Expansions(20), || 0.0);
    p.only_mut().seek(15);
    assert!(p.undo());
    assert_eq!((p.only().position(), p.only().timeline_len()), (15, 15));
    assert_eq!(p.grid().get(1, 1), Some(pathlab::Cell::OPEN));
}

/// Runs `settings` on `grid` twice: one planner stepped `batch` expansions at a time (its
/// live search is the truth at every step it stops at, and its timeline is recorded in
/// small batches), one run to the end at once (batches of many steps). At every `stride`th
/// step (a multiple of `batch`) both timelines, sought back to it, show the live search's
/// state bytes, counters and current cell; then, sought backwards, the two agree.
fn lockstep(
    grid: &Grid,
    start: (u32, u32),
    goal: (u32, u32),
    settings: Settings,
    (batch, stride): (usize, usize),
) {
    let name = format!("{} (weight {})", settings.algorithm, settings.weight);
    let mut whole = planner(grid, start, goal, settings);
    whole.only_mut().step(Budget::Unlimited, || 0.0);
    let len = whole.only().timeline_len();
    let mut live = planner(grid, start, goal, settings);
    let mut seen = Vec::new();
    for k in (0..len).step_by(batch) {
        if k % stride == 0 {
            let search = live.only().search();
            let truth = (search.states().to_vec(), counters(*search.stats()));
            let current = search.current();
            for p in [&mut whole, &mut live] {
                p.only_mut().seek(k);
                assert!(
                    p.only().shown_states() == truth.0.as_slice(),
                    "{name}: state bytes at step {k} of {len}"
                );
                assert_eq!(
                    counters(p.only().shown_stats()),
                    truth.1,
                    "{name}: stats at {k}"
                );
                assert_eq!(p.only().shown_current(), current, "{name}: current at {k}");
                p.only_mut().seek(usize::MAX);
            }
            seen.push(k);
        }
        live.only_mut()
            .step(Budget::Expansions(batch as u64), || 0.0);
    }
    assert!(live.only().search().status().is_done(), "{name}");
    assert_eq!(live.only().timeline_len(), len, "{name}");
    // Back over the steps seen, in reverse, on the timeline recorded a step at a time.
    for &k in seen.iter().rev().take(200) {
        live.only_mut().seek(k);
        whole.only_mut().seek(k);
        assert!(
            live.only().shown_states() == whole.only().shown_states(),
            "{name}: backwards at {k}"
        );
    }
}

/// Every step of a search that re-opens closed nodes (weighted A*) and of one that does not,
/// on a map of terrain costs 2–4: the scrubbed states, counters and current cell are the live
/// search's, and g and parent of every cell (from the events) too, at each step.
#[test]
fn every_step_replays_what_the_live_search_showed_on_terrain_with_reopening() {
    let grid = map("reopen-40.map");
    let (start, goal) = ((0, 0), (39, 29));
    let weighted = Settings {
        weight: 2.0,
        ..Settings::default()
    };
    for s in [
        weighted,
        settings(Algorithm::AStar),
        settings(Algorithm::Dijkstra),
    ] {
        lockstep(&grid, start, goal, s, (1, 1));
    }
    let mut p = planner(&grid, start, goal, weighted);
    p.only_mut().step(Budget::Unlimited, || 0.0);
    assert!(p.only().search().stats().reopened > 0, "the map re-opens");
    let len = p.only().timeline_len();
    check(&grid, start, goal, weighted, &(0..=len).collect::<Vec<_>>());
}

/// The same on a 512² terrain map whose timeline spans many chunks of event words (64 Ki
/// words each), stepped 7 expansions at a time: every 693rd step, both ways.
#[test]
fn a_timeline_of_many_chunks_replays_what_the_live_search_showed() {
    let grid = map("terrain-512.map");
    let weighted = Settings {
        weight: 2.0,
        ..Settings::default()
    };
    let mut p = planner(&grid, (0, 0), (511, 511), weighted);
    p.only_mut().step(Budget::Unlimited, || 0.0);
    assert!(
        p.only().timeline().event_words() > 4 << 16,
        "{} event words",
        p.only().timeline().event_words()
    );
    lockstep(&grid, (0, 0), (511, 511), weighted, (7, 693));
}

/// The page restarts its search for every query, and the timeline started over keeps its
/// buffers (the recorder's chunks, the first chunk of words, keyframe 0's bytes): each
/// query's timeline, at every step, is still what a fresh planner's is. Long and short
/// searches alternate, so a reused buffer is both larger and smaller than what it holds next.
#[test]
fn a_timeline_started_over_for_every_query_replays_as_a_fresh_one() {
    let weighted = Settings {
        weight: 2.0,
        ..Settings::default()
    };
    started_over(
        &map("reopen-40.map"),
        &[
            ((0, 0), (39, 29), weighted),
            ((5, 5), (6, 6), settings(Algorithm::AStar)),
            ((0, 0), (39, 29), settings(Algorithm::Dijkstra)),
            ((2, 2), (2, 2), settings(Algorithm::AStar)),
            ((39, 29), (0, 0), weighted),
            ((0, 0), (39, 29), settings(Algorithm::BreadthFirst)),
            ((3, 3), (9, 4), settings(Algorithm::BestFirst)),
            ((39, 29), (1, 2), settings(Algorithm::Bidirectional)),
        ],
    );
    // Jump points (far events) on a map of uniform cost.
    started_over(
        &map("rooms-128.map"),
        &[
            ((1, 1), (126, 126), settings(Algorithm::Jps)),
            ((1, 1), (3, 2), settings(Algorithm::AStar)),
            ((126, 126), (1, 1), settings(Algorithm::JpsPlus)),
            ((1, 1), (126, 126), settings(Algorithm::Theta)),
        ],
    );
}

/// A query: start, goal and settings.
type Query = ((u32, u32), (u32, u32), Settings);

/// Runs `queries` one after the other on one planner, each twice,
/// and checks every step of each query's timeline against a fresh planner's.
fn started_over(grid: &Grid, queries: &[Query]) {
    let &(first_start, first_goal, first) = &queries[0];
    let mut reused = planner(grid, first_start, first_goal, first);
    for &(start, goal, s) in queries {
        let name = format!("{} from {start:?} to {goal:?}", s.algorithm);
        reused.only_mut().set_settings(s).expect("settings");
        reused.set_start(start.0, start.1).expect("start");
        reused.set_goal(goal.0, goal.1).expect("goal");
        for _ in 0..2 {
            reused.only_mut().reset_search();
            reused.only_mut().step(Budget::Unlimited, || 0.0);
        }
        let mut fresh = planner(grid, start, goal, s);
        fresh.only_mut().step(Budget::Unlimited, || 0.0);
        let len = fresh.only().timeline_len();
        assert_eq!(reused.only().timeline_len(), len, "{name}");
        assert_eq!(
            reused.only().timeline().event_words(),
            fresh.only().timeline().event_words(),
            "{name}"
        );
        for k in (0..=len).rev().chain(0..=len) {
            reused.only_mut().seek(k);
            fresh.only_mut().seek(k);
            assert!(
                reused.only().shown_states() == fresh.only().shown_states(),
                "{name}: state bytes at step {k} of {len}"
            );
            // The table's build time is the clock's (the reused search built it once).
            let timed = |s: Stats| Stats {
                precompute_ms: 0.0,
                ..counters(s)
            };
            assert_eq!(
                timed(reused.only().shown_stats()),
                timed(fresh.only().shown_stats()),
                "{name}: stats at {k}"
            );
            assert_eq!(
                reused.only().timeline().events_to(k),
                fresh.only().timeline().events_to(k),
                "{name}: events to {k}"
            );
        }
    }
}
