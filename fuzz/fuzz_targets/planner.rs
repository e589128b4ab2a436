//! Fuzzes the `Planner` the page drives through wasm: random sequences of every call, with
//! coordinates out of range, sizes at the limits and every setting at its extremes, mixed
//! with steps of a running search, walker steps and node-mesh edits. Nothing may panic, and the planner's invariants hold
//! after every call: the markers are on passable cells inside the map, and a finished
//! search that found a path reports a cost.
#![no_main]

use arbitrary::Arbitrary;
use libfuzzer_sys::fuzz_target;
use pathlab::grid::{Cell, Connectivity, DiagonalRule, Grid, Movement};
use pathlab::search::{Algorithm, Budget, NeighbourOrder, Settings, Status};
use pathlab::frame::Frame;
use pathlab::{Heuristic, Planner};

#[derive(Arbitrary, Debug)]
enum Op {
    Step(u16),
    StepMillis(f32),
    Run,
    Reset,
    SetStart(u32, u32),
    SetGoal(u32, u32),
    Paint { x0: u32, y0: u32, x1: u32, y1: u32, brush: u32, cell: u8 },
    BeginStroke,
    EndStroke,
    ClearWalls,
    Undo,
    Redo,
    Settings { algorithm: u8, heuristic: u8, weight: f64, connectivity: bool, rule: u8, diagonal: f64, order: bool, budget: Option<u64> },
    Load { width: u8, height: u8, cells: Vec<u8> },
    New { width: u16, height: u16 },
    Render,
    Palette(Vec<u32>),
    Node(u32, u32),
    Walk,
    MeshNode(u32, u32),
    MeshConnect(u32, u32),
    MeshRemove(u32),
    MeshGenerate,
    MeshSet(Vec<(u32, u32)>, Vec<(u32, u32)>),
    Seek(u32),
    SeekBack(u16),
    OpenTop(u8),
    ShownNode(u32, u32),
}

fn settings(algorithm: u8, heuristic: u8, weight: f64, four: bool, rule: u8, diagonal: f64, goal_directed: bool, budget: Option<u64>) -> Settings {
    Settings {
        algorithm: Algorithm::ALL[usize::from(algorithm) % Algorithm::ALL.len()],
        heuristic: match heuristic % 6 {
            0 => None,
            1 => Some(Heuristic::Octile),
            2 => Some(Heuristic::Manhattan),
            3 => Some(Heuristic::Euclidean),
            4 => Some(Heuristic::Chebyshev),
            _ => Some(Heuristic::Zero),
        },
        weight,
        movement: Movement {
            connectivity: if four { Connectivity::Four } else { Connectivity::Eight },
            diagonal_rule: match rule % 4 {
                0 => DiagonalRule::Never,
                1 => DiagonalRule::NoCornerCutting,
                2 => DiagonalRule::OneSideFree,
                _ => DiagonalRule::Always,
            },
            diagonal_cost: diagonal,
        },
        neighbour_order: if goal_directed { NeighbourOrder::GoalDirected } else { NeighbourOrder::Fixed },
        node_budget: budget,
    }
}

fn check(planner: &Planner) {
    let grid = planner.grid();
    for (x, y) in [planner.start(), planner.goal()] {
        assert!(grid.is_passable(i64::from(x), i64::from(y)), "marker ({x}, {y}) not passable");
    }
    assert!(planner.only().position() <= planner.only().timeline_len(), "position past the timeline");
    assert_eq!(planner.only().shown_states().len(), grid.len(), "shown states do not cover the map");
    let search = planner.only().search();
    if search.status() == Status::Found {
        assert!(search.stats().path_cost.is_some());
        assert!(!search.path().is_empty());
    }
}

fuzz_target!(|input: (u8, u8, Vec<Op>)| {
    let (w, h, ops) = input;
    // Generating a visibility graph is bounded (mesh::MAX_SIGHT_WORK) but takes up to a few
    // tenths of a second on a 256² map: two per input keep the fuzzer fast without missing
    // what a generation can do.
    let mut generations = 0;
    let mut frame = Frame::default();
    let Ok(mut planner) = Planner::new(u32::from(w % 64) + 1, u32::from(h % 64) + 1) else {
        return;
    };
    for op in ops.into_iter().take(64) {
        match op {
            Op::Step(n) => {
                planner.only_mut().step(Budget::Expansions(u64::from(n)), || 0.0);
            }
            Op::StepMillis(ms) => {
                planner.only_mut().step(Budget::Millis(f64::from(ms)), || 0.0);
            }
            Op::Run => {
                planner.only_mut().step(Budget::Unlimited, || 0.0);
            }
            Op::Reset => planner.only_mut().reset_search(),
            Op::SetStart(x, y) => {
                let _ = planner.set_start(x, y);
            }
            Op::SetGoal(x, y) => {
                let _ = planner.set_goal(x, y);
            }
            Op::Paint { x0, y0, x1, y1, brush, cell } => {
                if let Some(cell) = Cell::from_byte(cell) {
                    planner.paint_line((x0, y0), (x1, y1), brush, cell);
                }
            }
            Op::BeginStroke => planner.begin_stroke(),
            Op::EndStroke => planner.end_stroke(),
            Op::ClearWalls => {
                planner.clear_walls();
            }
            Op::Undo => {
                planner.undo();
            }
            Op::Redo => {
                planner.redo();
            }
            Op::Settings { algorithm, heuristic, weight, connectivity, rule, diagonal, order, budget } => {
                let _ = planner.only_mut().set_settings(settings(algorithm, heuristic, weight, connectivity, rule, diagonal, order, budget));
            }
            Op::Load { width, height, cells } => {
                let (width, height) = (u32::from(width) + 1, u32::from(height) + 1);
                let mut bytes: Vec<u8> = cells.iter().map(|b| b % 6).collect();
                bytes.resize((width * height) as usize, 1);
                if let Ok(grid) = Grid::from_bytes(width, height, bytes) {
                    let _ = planner.only_mut().load_grid(grid);
                }
            }
            Op::New { width, height } => {
                // Sizes up to and past the 4096 × 4096 limit must be refused cheaply or built;
                // keep built maps small enough for the fuzzer's speed.
                if u32::from(width) * u32::from(height) <= 1 << 16 || width > 4096 || height > 4096 {
                    if let Ok(p) = Planner::new(u32::from(width), u32::from(height)) {
                        planner = p;
                    }
                }
            }
            Op::Render => {
                // What the page does each frame: take the changed tiles, paint them.
                let changes = planner.only_mut().take_changes();
                let (w, h) = (planner.grid().width(), planner.grid().height());
                for &[x, y, cw, ch] in &changes {
                    assert!(x + cw <= w && y + ch <= h, "a changed tile outside the map");
                }
                let (cells, states) = (planner.grid().bytes().to_vec(), planner.only().shown_states().to_vec());
                frame.paint(w as usize, &cells, &states, &changes);
            }
            Op::Palette(colours) => {
                let _ = frame.set_palette(&colours);
                planner.only_mut().mark_all_changed();
            }
            Op::Node(x, y) => {
                let _ = planner.only().search().node(x, y);
            }
            Op::Walk => {
                planner.only_mut().advance_walker();
            }
            Op::MeshNode(x, y) => {
                let _ = planner.add_mesh_node(x, y);
            }
            Op::MeshConnect(a, b) => {
                let _ = planner.connect_mesh_nodes(a, b);
            }
            Op::MeshRemove(i) => {
                planner.remove_mesh_node(i);
            }
            Op::MeshGenerate => {
                if generations < 2 {
                    generations += 1;
                    let _ = planner.generate_mesh();
                }
            }
            Op::Seek(step) => planner.only_mut().seek(step as usize),
            Op::SeekBack(by) => {
                let at = planner.only().position();
                planner.only_mut().seek(at.saturating_sub(usize::from(by)))
            }
            Op::OpenTop(n) => {
                let top = planner.only_mut().open_top(usize::from(n));
                assert!(top.len() <= usize::from(n));
                let _ = planner.only_mut().open_why();
            }
            Op::ShownNode(x, y) => {
                let _ = planner.only_mut().shown_node(x, y);
                let _ = planner.only().shown_stats();
                let _ = planner.only().shown_path_cells();
            }
            Op::MeshSet(nodes, edges) => {
                let _ = planner.set_mesh(&nodes, &edges);
            }
        }
        check(&planner);
    }
});
