//! Timeline figures: what recording a search costs and how fast a seek is.
//!
//! For Dijkstra and A* on a 1024² open map, `maps/big-1024.map` and `maps/maze-1024.map` it
//! prints: the search time with recording off (a plain `Search`, as the CLI runs it), the
//! same search with only the engine's recorder on, and the planner's full recording (events
//! collected, keyframes and searcher checkpoints taken); the events, bytes per event, event
//! and keyframe bytes; then the time of 100 seeks to random steps (median and worst; the
//! frame's render after each is timed apart, as any frame pays it), and of
//! rebuilding the node details and open list at a random step (from a checkpoint). Figures,
//! never asserted.
//!
//! ```text
//! cargo run --release --example timeline_bench
//! ```
//!
//! `--once off|engine|planner|planner-off|seek` runs one Dijkstra search on `maps/maze-1024.map`
//! in that mode (`planner-off`: the planner with recording off, what the page's timeline-off
//! figures run) and nothing else, for counting instructions under `valgrind --tool=callgrind`.

use pathlab::clock::monotonic_ms;
use pathlab::formats::movingai::parse_map;
use pathlab::frame::Frame;
use pathlab::timeline::Timeline;
use pathlab::{Algorithm, Budget, Grid, Planner, Search, Searcher, Settings};

/// A small deterministic generator for the seek positions.
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        ((self.0 >> 33) as usize) % n.max(1)
    }
}

fn load(file: &str) -> Grid {
    let path = format!("{}/maps/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    parse_map(&text).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The fastest of `runs` timings of `f`, in milliseconds.
fn best_of(runs: usize, mut f: impl FnMut()) -> f64 {
    (0..runs)
        .map(|_| {
            let t = monotonic_ms();
            f();
            monotonic_ms() - t
        })
        .fold(f64::INFINITY, f64::min)
}

fn percentile(times: &mut [f64], p: f64) -> f64 {
    times.sort_by(f64::total_cmp);
    times[((times.len() - 1) as f64 * p).round() as usize]
}

/// One Dijkstra run on the 1024² maze: recording off, on in the engine only, or the planner's.
fn once(mode: &str) {
    let grid = load("maze-1024.map");
    let settings = Settings {
        algorithm: Algorithm::Dijkstra,
        ..Settings::default()
    };
    let (start, goal) = ((1, 1), (1021, 1021));
    let expanded = match mode {
        "seek" => {
            let mut p = Planner::with_grid(grid, start, goal, settings).expect("planner");
            p.only_mut().step(Budget::Unlimited, || 0.0);
            let mut rng = Lcg(7);
            let len = p.only().timeline_len();
            for _ in 0..100 {
                p.only_mut().seek(rng.below(len));
            }
            p.only().search().stats().expanded
        }
        "planner" | "planner-off" => {
            let mut p = Planner::with_grid(grid, start, goal, settings).expect("planner");
            p.set_recording(mode == "planner");
            p.only_mut().step(Budget::Unlimited, || 0.0);
            p.only().search().stats().expanded
        }
        _ => {
            let mut s = Search::new(&grid, start, goal, &settings).expect("search");
            let stats = *s.stats();
            let mut t = Timeline::new(s.states(), &stats, usize::MAX);
            if mode == "engine" {
                s.recorder().start(&stats);
            }
            s.run(&grid, Budget::Unlimited, || 0.0).expect("run");
            t.collect(&mut s);
            s.stats().expanded
        }
    };
    println!("{mode}: {expanded} expansions");
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if let Some(i) = args.iter().position(|a| a == "--once") {
        once(args.get(i + 1).map_or("off", String::as_str));
        return;
    }
    let maps = [
        (
            "open 1024²",
            Grid::new(1024, 1024).expect("grid"),
            (4, 4),
            (1019, 1019),
        ),
        ("big-1024", load("big-1024.map"), (4, 4), (1019, 1019)),
        ("maze-1024", load("maze-1024.map"), (1, 1), (1021, 1021)),
    ];
    println!(
        "| map | algorithm | steps | off ms | engine rec. ms | planner rec. ms | events | \
         B/event (events only) | B/event (with steps) | event MB | keyframes | keyframe MB | \
         seek median ms | seek worst ms | render median ms | rebuild median ms | \
         rebuild worst ms |"
    );
    println!("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|");
    for (name, grid, start, goal) in &maps {
        for algorithm in [Algorithm::Dijkstra, Algorithm::AStar] {
            let settings = Settings {
                algorithm,
                ..Settings::default()
            };
            let off = best_of(3, || {
                let mut s = Search::new(grid, *start, *goal, &settings).expect("search");
                s.run(grid, Budget::Unlimited, || 0.0).expect("run");
            });
            let engine = best_of(3, || {
                let mut s = Search::new(grid, *start, *goal, &settings).expect("search");
                let stats = *s.stats();
                s.recorder().start(&stats);
                let mut t = Timeline::new(s.states(), &stats, usize::MAX);
                s.run(grid, Budget::Unlimited, || 0.0).expect("run");
                t.collect(&mut s);
            });
            let mut planner = None;
            let full = best_of(3, || {
                let mut p =
                    Planner::with_grid(grid.clone(), *start, *goal, settings).expect("planner");
                p.only_mut().step(Budget::Unlimited, || 0.0);
                planner = Some(p);
            });
            let Some(mut p) = planner else { return };
            let len = p.only().timeline_len();
            let t = p.only().timeline();
            let (events, words) = (t.event_count(), t.event_words());
            let (event_bytes, key_bytes, keys) =
                (t.event_bytes_used(), t.keyframe_bytes(), t.keyframe_count());
            let mut rng = Lcg(7);
            let mut renders = Vec::new();
            let mut frame = Frame::default();
            let mut seeks: Vec<f64> = (0..100)
                .map(|_| {
                    let k = rng.below(len);
                    let t0 = monotonic_ms();
                    p.only_mut().seek(k);
                    let t1 = monotonic_ms();
                    let parts = p.only_mut().take_changes();
                    let _ = frame.paint(
                        p.grid().width() as usize,
                        p.grid().bytes(),
                        p.only().shown_states(),
                        &parts,
                    );
                    renders.push(monotonic_ms() - t1);
                    t1 - t0
                })
                .collect();
            let mut rebuilds: Vec<f64> = (0..10)
                .map(|_| {
                    let k = rng.below(len);
                    p.only_mut().seek(k);
                    let t0 = monotonic_ms();
                    let _ = p.only_mut().open_top(10);
                    monotonic_ms() - t0
                })
                .collect();
            println!(
                "| {name} | {algorithm} | {len} | {off:.0} | {engine:.0} | {full:.0} | {events} | \
                 {:.2} | {:.2} | {:.1} | {keys} | {:.1} | {:.2} | {:.2} | {:.2} | {:.1} | \
                 {:.1} |",
                4.0 * words as f64 / events.max(1) as f64,
                event_bytes as f64 / events.max(1) as f64,
                event_bytes as f64 / 1048576.0,
                key_bytes as f64 / 1048576.0,
                percentile(&mut seeks, 0.5),
                percentile(&mut seeks, 1.0),
                percentile(&mut renders, 0.5),
                percentile(&mut rebuilds, 0.5),
                percentile(&mut rebuilds, 1.0),
            );
        }
    }
}
