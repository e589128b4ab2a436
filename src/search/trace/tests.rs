//! The step trace against the searches it describes: every step of every algorithm on
//! random maps is traced live and scrubbed back, every line it names is in the pseudocode,
//! the node taken is the one expanded, and the cases it reports add up to the counters.

use super::{Note, Say, StepTrace, V};
use crate::grid::{Cell, Connectivity, DiagonalRule, Grid, Movement, Shape, Topology};
use crate::rng::SplitMix64;
use crate::search::table::ALGORITHMS;
use crate::search::{Algorithm, Budget, Settings, Status};
use crate::Planner;

/// A random map (SplitMix64 from `seed`): walls at `density`, terrain 1–4 unless uniform.
fn map(seed: u64, w: u32, h: u32, density: f64, uniform: bool) -> Grid {
    let mut rng = SplitMix64::new(seed);
    let mut next = move || rng.unit();
    let mut grid = Grid::new(w, h).unwrap();
    for y in 0..h {
        for x in 0..w {
            let r = next();
            let cell = if r < density {
                Cell::Wall
            } else if uniform {
                Cell::OPEN
            } else {
                Cell::Terrain(1 + (next() * 4.0) as u8 % 4)
            };
            grid.set(i64::from(x), i64::from(y), cell);
        }
    }
    grid.set(0, 0, Cell::OPEN);
    grid.set(i64::from(w - 1), i64::from(h - 1), Cell::OPEN);
    grid
}

fn settings_for(algorithm: Algorithm, variant: u64) -> Settings {
    let info = algorithm.info();
    let mut s = Settings {
        algorithm,
        ..Settings::default()
    };
    if !info.needs.moving_ai_movement {
        s.movement = match variant % 3 {
            0 => Movement::default(),
            1 => Movement {
                diagonal_rule: DiagonalRule::Always,
                ..Movement::default()
            },
            _ => Movement::four(),
        };
    } else if variant % 3 == 2 {
        s.movement = Movement::four();
    }
    if info.uses_weight && variant % 2 == 1 {
        // A weight over 1 makes A* find cheaper paths to closed cells: case 2.
        s.weight = 2.5;
    }
    assert!(s.movement.connectivity == Connectivity::Four || s.movement.has_diagonals());
    s
}

fn planner_for(algorithm: Algorithm, seed: u64) -> Planner {
    let info = algorithm.info();
    let mut grid = map(seed, 14, 10, 0.22, info.needs.uniform_cost);
    let mut settings = settings_for(algorithm, seed);
    // Seeds 5 and 6 lay the map out in hexes, for every algorithm that runs on them.
    if seed >= 5 && !info.needs.square_cells {
        let shape = [Shape::HexRows, Shape::HexColumns][(seed % 2) as usize];
        grid = grid.into_shape(shape);
        settings = settings.fitted_to(&grid);
    }
    let mut p = Planner::with_grid(grid, (0, 0), (13, 9), settings).unwrap();
    if info.needs.mesh {
        let _ = p.generate_mesh();
    }
    p
}

/// The cells of the sub-steps with `id`.
fn cells_of(trace: &StepTrace, ids: &[&str]) -> Vec<(u32, u32)> {
    trace
        .sub_steps
        .iter()
        .filter(|s| ids.contains(&s.id))
        .filter_map(|s| s.cell)
        .collect()
}

#[test]
fn every_step_of_every_algorithm_is_traced_against_its_pseudocode() {
    for row in &ALGORITHMS {
        for seed in 1..=6 {
            let mut p = planner_for(row.algorithm, seed);
            let first = p.only_mut().step_trace();
            assert_eq!(first.step, 0);
            assert_eq!(first.sub_steps[0].id, "init", "{}", row.id);
            let mut live = vec![first];
            let mut counts = [0u64; 3];
            while p.only().search().status() == Status::Running {
                p.only_mut().step(Budget::Expansions(1), || 0.0);
                let trace = p.only_mut().step_trace();
                assert_eq!(trace.note, Note::None, "{}", row.id);
                let k = trace.step;
                if k + 1 == live.len() {
                    // The last call expanded nothing (the open list ran dry): the last step
                    // now ends the search.
                    assert_ne!(p.only().search().status(), Status::Running);
                    live[k] = trace;
                    continue;
                }
                assert_eq!(k, live.len(), "{}: one step at a time", row.id);
                let first = &trace.sub_steps[0];
                let pop = trace.sub_steps.iter().position(|s| s.id == "pop");
                let i = pop.unwrap_or_else(|| panic!("{} step {k}: no pop in {trace:?}", row.id));
                if let Some(current) = p.only().search().current() {
                    assert_eq!(
                        trace.sub_steps[i].cell,
                        Some(current),
                        "{} step {k}: the node taken is the one expanded",
                        row.id
                    );
                }
                assert!(
                    matches!(first.id, "pop" | "side"),
                    "{}: {}",
                    row.id,
                    first.id
                );
                let (x, y) = p.only().search().current().unwrap_or(p.start());
                if let (Some(g), Some(node)) =
                    (trace.sub_steps[i].var(V::GU), p.only().search().node(x, y))
                {
                    assert!((node.g.unwrap() - g).abs() < 1e-9, "{}: g(u)", row.id);
                }
                // Every node the step made or improved has the g the trace gave it.
                for s in &trace.sub_steps {
                    if !matches!(s.id, "new" | "better-open" | "better-closed") {
                        continue;
                    }
                    let (vx, vy) = s.cell.unwrap();
                    if let (Some(g), Some(node)) = (s.var(V::GNew), p.only().search().node(vx, vy))
                    {
                        if row.algorithm != Algorithm::Bidirectional {
                            assert!(
                                (node.g.unwrap_or(f64::NAN) - g).abs() < 1e-9,
                                "{} step {k}: g′ of ({vx}, {vy}) is its g",
                                row.id
                            );
                        }
                    }
                }
                counts[0] += cells_of(&trace, &["new"]).len() as u64;
                counts[1] += cells_of(&trace, &["better-open"]).len() as u64;
                counts[2] += cells_of(&trace, &["better-closed"]).len() as u64;
                live.push(trace);
            }
            let stats = *p.only().search().stats();
            if matches!(
                row.algorithm,
                Algorithm::BreadthFirst
                    | Algorithm::BestFirst
                    | Algorithm::Dijkstra
                    | Algorithm::AStar
            ) {
                // The start's node is made before step 1; every other one is a case 5.
                assert_eq!(
                    counts[0] + 1,
                    stats.generated,
                    "{} seed {seed}: case 5",
                    row.id
                );
                assert_eq!(counts[1], stats.updated, "{} seed {seed}: case 1", row.id);
                assert_eq!(counts[2], stats.reopened, "{} seed {seed}: case 2", row.id);
            }
            // Scrubbed back, every step tells the same story as it did live.
            for (k, told) in live.iter().enumerate() {
                p.only_mut().seek(k);
                let again = p.only_mut().step_trace();
                assert_eq!(again.step, k);
                let lines = |t: &StepTrace| {
                    t.sub_steps
                        .iter()
                        .map(|s| (s.id, s.cell))
                        .collect::<Vec<_>>()
                };
                assert_eq!(
                    lines(&again),
                    lines(told),
                    "{} seed {seed} step {k}",
                    row.id
                );
            }
        }
    }
}

#[test]
fn weighted_a_star_reopens_and_breadth_first_forgets() {
    let mut reopened = 0;
    let mut forgotten = 0;
    for seed in 1..=20 {
        let mut p = planner_for(Algorithm::AStar, 2 * seed + 1);
        while p.only_mut().step(Budget::Expansions(1), || 0.0) == Status::Running {
            let t = p.only_mut().step_trace();
            reopened += cells_of(&t, &["better-closed"]).len();
        }
        let mut p = planner_for(Algorithm::BreadthFirst, seed);
        while p.only_mut().step(Budget::Expansions(1), || 0.0) == Status::Running {
            let t = p.only_mut().step_trace();
            for s in t.sub_steps.iter().filter(|s| s.id == "worse") {
                assert_eq!(s.say, Say::Kept);
                assert_eq!(s.var(V::Case), None, "no case number for Breadth-First");
                forgotten += 1;
            }
        }
    }
    assert!(reopened > 0, "weighted A* re-opened no node on 20 maps");
    assert!(forgotten > 0);
}

#[test]
fn a_step_the_timeline_did_not_record_has_a_note() {
    let mut p = planner_for(Algorithm::AStar, 3);
    p.set_recording(false);
    p.only_mut().step(Budget::Expansions(3), || 0.0);
    let t = p.only_mut().step_trace();
    assert!(t.sub_steps.is_empty());
    assert_eq!(t.note, Note::NotRecording);
    assert_eq!(
        t.encode(),
        [0.0, 2.0, 0.0],
        "no recording: the timeline stays at step 0"
    );
}

#[test]
fn the_names_follow_the_enums() {
    assert_eq!(super::VARS[V::GNew as usize], "cost:g′");
    assert_eq!(super::SAYS[Say::Case3 as usize], "case-3");
    for name in super::VARS {
        let kind = name.split(':').next().unwrap();
        assert!(
            ["cell", "cost", "count", "dir", "dirs", "side", "key"].contains(&kind),
            "{name}"
        );
    }
}

#[test]
fn a_trace_encodes_as_numbers() {
    let mut p = planner_for(Algorithm::AStar, 2);
    p.only_mut().step(Budget::Expansions(4), || 0.0);
    let t = p.only_mut().step_trace();
    let flat = t.encode();
    assert_eq!(flat[..3], [4.0, 0.0, t.sub_steps.len() as f64]);
    let first = &t.sub_steps[0];
    let (x, y) = first.cell.unwrap();
    assert_eq!(
        flat[3..8],
        [
            first.line as f64,
            f64::from(first.say as u8),
            f64::from(x),
            f64::from(y),
            first.vars.len() as f64
        ]
    );
    let size = 3 + t
        .sub_steps
        .iter()
        .map(|s| 5 + 3 * s.vars.len())
        .sum::<usize>();
    assert_eq!(flat.len(), size);
}

#[test]
fn the_move_names_follow_the_moves() {
    for (d, &(dx, dy)) in crate::grid::MOVES.iter().enumerate() {
        let name = super::MOVE_NAMES[d];
        assert_eq!(name.contains('N'), dy < 0, "{name}");
        assert_eq!(name.contains('S'), dy > 0, "{name}");
        assert_eq!(name.contains('E'), dx > 0, "{name}");
        assert_eq!(name.contains('W'), dx < 0, "{name}");
        assert_eq!(super::direction(dx * 3, dy * 3), d as f64);
    }
}

#[test]
fn the_hex_move_names_follow_the_hex_moves() {
    for shape in [Shape::HexRows, Shape::HexColumns] {
        let grid = Grid::with_shape(4, 4, shape).unwrap();
        let topology = Topology::of(&grid, &Movement::default());
        for (d, &(dx, dy)) in topology.move_vectors()[..6].iter().enumerate() {
            let name = super::MOVE_NAMES[super::move_name(&topology, d) as usize];
            // On hexes a move is "north" or "south" only when it leaves its row, and a
            // column layout's N and S moves have no east or west part.
            assert_eq!(name.contains('N'), dy < -0.1, "{shape:?} {d} {name}");
            assert_eq!(name.contains('S'), dy > 0.1, "{shape:?} {d} {name}");
            assert_eq!(name.contains('E'), dx > 0.1, "{shape:?} {d} {name}");
            assert_eq!(name.contains('W'), dx < -0.1, "{shape:?} {d} {name}");
        }
    }
}
