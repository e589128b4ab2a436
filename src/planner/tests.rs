//! Unit tests of the planner: edits and undo, markers, live re-planning, the walker, the
//! mesh and recording.

use super::edits::trim_history;
use super::state::Edit;
use super::*;
use crate::grid::{Cell, Grid};
use crate::search::{new_search, Budget, Settings, Status};
use crate::search::{Algorithm, CellState};

fn planner() -> Planner {
    Planner::new(8, 5).unwrap()
}

#[test]
fn undoing_under_a_walker_never_walls_a_marker() {
    // Found by the `planner` fuzz target: clear the walls, walk the start onto a cleared
    // cell, undo the clear. The undo must not put a wall under the walker.
    let grid = Grid::from_bytes(5, 3, vec![1, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]).unwrap();
    let mut p = Planner::with_grid(grid, (0, 0), (4, 0), Settings::default()).unwrap();
    p.only_mut().step(Budget::Unlimited, || 0.0);
    assert!(p.clear_walls() > 0);
    p.only_mut().step(Budget::Unlimited, || 0.0);
    let walked = p.only_mut().advance_walker().unwrap();
    assert_eq!(walked, (1, 0), "the walker takes the cleared cell");
    assert!(p.undo());
    assert!(p.grid().is_passable(1, 0), "no wall under the walker");
    assert_eq!(
        p.grid().get(2, 0),
        Some(Cell::Wall),
        "the rest of the edit is undone"
    );
    assert!(p.redo() && p.undo());
    assert!(p.grid().is_passable(1, 0));
}

#[test]
fn the_undo_history_is_bounded_by_edits_and_by_cells() {
    let edit = |n: usize| Edit {
        cells: vec![(0, 1, 0); n],
        markers: None,
    };
    let mut history: Vec<Edit> = (1..=5).map(edit).collect();
    trim_history(&mut history, 4, 100);
    assert_eq!(
        history.iter().map(|e| e.cells.len()).collect::<Vec<_>>(),
        [2, 3, 4, 5]
    );
    trim_history(&mut history, 4, 9);
    assert_eq!(
        history.iter().map(|e| e.cells.len()).collect::<Vec<_>>(),
        [4, 5]
    );
    history.push(edit(50));
    trim_history(&mut history, 4, 9);
    assert_eq!(
        history.len(),
        1,
        "the newest edit stays even when it alone is over"
    );
}

#[test]
fn lines_far_outside_the_map_are_clipped_not_walked() {
    let mut p = planner();
    // From JS, -1 arrives as u32::MAX: this must neither allocate 4 billion cells nor hang.
    assert_eq!(p.paint_line((0, 2), (u32::MAX, 2), 1, Cell::Wall), 8);
    assert_eq!(
        p.paint_line((u32::MAX, u32::MAX), (u32::MAX, 0), 3, Cell::Wall),
        0
    );
    let mut q = planner();
    q.paint_line((3, 0), (3, u32::MAX), 1, Cell::Wall);
    assert_eq!(q.grid().wall_count(), 5);
}

#[test]
fn a_fast_drag_leaves_no_gaps() {
    let mut p = planner();
    assert_eq!(p.paint_line((1, 1), (6, 3), 1, Cell::Wall), 6);
    let cells = line_cells((1, 1), (6, 3));
    for w in cells.windows(2) {
        assert!((w[0].0 - w[1].0).abs() <= 1 && (w[0].1 - w[1].1).abs() <= 1);
    }
    assert_eq!(cells.first(), Some(&(1, 1)));
    assert_eq!(cells.last(), Some(&(6, 3)));
}

#[test]
fn walls_never_cover_the_markers() {
    let mut p = planner();
    p.paint_line((0, 0), (7, 0), 1, Cell::Wall);
    assert_eq!(p.grid().get(0, 0), Some(Cell::OPEN));
    assert!(p.set_start(3, 0).is_err(), "start on a wall is refused");
    assert_eq!(p.start(), (0, 0));
}

#[test]
fn brush_paints_a_square() {
    let mut p = planner();
    assert_eq!(p.paint_line((3, 2), (3, 2), 3, Cell::Terrain(4)), 9);
    assert_eq!(p.grid().get(2, 1), Some(Cell::Terrain(4)));
    assert_eq!(p.grid().get(4, 3), Some(Cell::Terrain(4)));
}

#[test]
fn undo_and_redo_restore_cells_and_markers() {
    let mut p = planner();
    p.begin_stroke();
    p.paint_line((2, 0), (2, 3), 1, Cell::Wall);
    p.paint_line((2, 3), (4, 3), 1, Cell::Wall);
    p.end_stroke();
    p.set_goal(5, 1).unwrap();
    let walled = p.grid().clone();
    assert!(p.undo());
    assert_eq!(p.goal(), (7, 4));
    assert_eq!(p.grid(), &walled);
    assert!(p.undo());
    assert_eq!(p.grid().wall_count(), 0);
    assert!(!p.undo());
    assert!(p.redo());
    assert_eq!(p.grid(), &walled);
    assert!(p.redo());
    assert_eq!(p.goal(), (5, 1));
    assert!(!p.redo());
}

#[test]
fn a_finished_search_replans_after_an_edit() {
    let mut p = planner();
    assert_eq!(p.only_mut().step(Budget::Unlimited, || 0.0), Status::Found);
    p.set_cell(3, 3, Cell::Wall);
    assert_eq!(
        p.only().search().status(),
        Status::Found,
        "re-planned at once"
    );
    p.only_mut().reset_search();
    p.set_cell(4, 3, Cell::Wall);
    assert_eq!(
        p.only().search().status(),
        Status::Running,
        "unfinished searches just restart"
    );
    assert_eq!(p.only().search().stats().expanded, 0);
}

#[test]
fn settings_are_validated_and_restart_the_search() {
    let mut p = planner();
    let bad = Settings {
        weight: -1.0,
        ..Settings::default()
    };
    assert!(p.only_mut().set_settings(bad).is_err());
    let bfs = Settings {
        algorithm: Algorithm::BreadthFirst,
        ..Settings::default()
    };
    p.only_mut().set_settings(bfs).unwrap();
    assert_eq!(
        p.only().search().settings().algorithm,
        Algorithm::BreadthFirst
    );
}

#[test]
fn loading_a_map_moves_markers_off_walls() {
    let mut p = planner();
    let mut g = Grid::new(4, 4).unwrap();
    g.set(0, 0, Cell::Wall);
    p.only_mut().load_grid(g).unwrap();
    assert_eq!(p.start(), (1, 0));
    assert_eq!(p.goal(), (3, 3));
    let all_walls = Grid::from_bytes(2, 1, vec![0, 0]).unwrap();
    assert!(p.only_mut().load_grid(all_walls).is_err());
    assert_eq!(p.grid().width(), 4, "a refused map leaves the old one");
}

fn with_algorithm(algorithm: Algorithm, width: u32, height: u32) -> Planner {
    let mut p = Planner::new(width, height).unwrap();
    p.only_mut()
        .set_settings(Settings {
            algorithm,
            ..Settings::default()
        })
        .unwrap();
    p
}

/// Asserts the planner's path cost is a fresh A*'s on its map (to rounding: two paths
/// of equal cost may sum their steps in another order).
fn assert_fresh_astar_cost(p: &Planner) {
    let mut a = new_search(p.grid(), p.start(), p.goal(), &Settings::default()).unwrap();
    a.run(p.grid(), Budget::Unlimited, &|| 0.0).unwrap();
    let (got, want) = (p.only().search().stats().path_cost, a.stats().path_cost);
    assert!(
        got.zip(want)
            .map_or(got == want, |(g, w)| (g - w).abs() < 1e-9),
        "{got:?} vs a fresh A*'s {want:?}"
    );
}

#[test]
fn live_replanning_repairs_instead_of_restarting() {
    for algorithm in [Algorithm::Lpa, Algorithm::DStarLite] {
        let mut p = with_algorithm(algorithm, 30, 20);
        assert_eq!(p.only_mut().step(Budget::Unlimited, || 0.0), Status::Found);
        let first = p.only().search().stats().expanded;
        p.paint_line((10, 5), (10, 19), 1, Cell::Wall);
        assert_eq!(
            p.only().search().status(),
            Status::Found,
            "repaired at once"
        );
        assert!(p.only().search().stats().expanded < first);
        assert!(p
            .only()
            .search()
            .states()
            .contains(&(CellState::Repaired as u8)));
        assert_fresh_astar_cost(&p);
        assert!(p.undo());
        assert_fresh_astar_cost(&p);
    }
}

#[test]
fn with_recording_off_the_search_is_the_same_and_the_timeline_stays_empty() {
    let mut on = with_algorithm(Algorithm::AStar, 30, 20);
    let mut off = with_algorithm(Algorithm::AStar, 30, 20);
    off.set_recording(false);
    assert!(on.recording() && !off.recording());
    for p in [&mut on, &mut off] {
        p.paint_line((10, 0), (10, 15), 1, Cell::Wall);
        assert_eq!(p.only_mut().step(Budget::Unlimited, || 0.0), Status::Found);
    }
    assert_eq!(on.only().search().path(), off.only().search().path());
    assert_eq!(
        on.only().search().stats().expanded,
        off.only().search().stats().expanded
    );
    assert!(on.only().timeline_len() > 0);
    assert_eq!(off.only().timeline_len(), 0);
    off.only_mut().seek(3);
    assert!(off.only().is_live(), "nothing to seek to");
    assert_eq!(off.only().shown_states(), off.only().search().states());
    off.set_recording(true);
    off.only_mut().reset_search();
    off.only_mut().step(Budget::Expansions(5), || 0.0);
    assert_eq!(
        off.only().timeline_len(),
        5,
        "recording again after switching it back on"
    );
}

#[test]
fn switching_recording_off_after_a_recorded_search_empties_its_timeline_for_good() {
    let mut p = with_algorithm(Algorithm::AStar, 30, 20);
    assert_eq!(p.only_mut().step(Budget::Unlimited, || 0.0), Status::Found);
    assert!(p.only().timeline().event_count() > 0);
    p.set_recording(false);
    for _ in 0..3 {
        assert_eq!(p.only().timeline_len(), 0);
        assert_eq!(p.only().timeline().event_count(), 0);
        p.only_mut().reset_search();
        assert_eq!(p.only_mut().step(Budget::Unlimited, || 0.0), Status::Found);
        assert_eq!(
            p.only().timeline_len(),
            0,
            "a query after a query records nothing"
        );
    }
    p.set_recording(true);
    p.only_mut().reset_search();
    p.only_mut().step(Budget::Expansions(4), || 0.0);
    assert_eq!(p.only().timeline_len(), 4);
}

#[test]
fn the_walker_walks_round_a_new_wall_to_the_goal() {
    let mut p = with_algorithm(Algorithm::DStarLite, 20, 9);
    p.set_start(0, 4).unwrap();
    p.set_goal(19, 4).unwrap();
    p.only_mut().step(Budget::Unlimited, || 0.0);
    let mut steps = 0;
    while let Some(at) = p.only_mut().advance_walker() {
        steps += 1;
        if steps == 3 {
            p.paint_line((8, 0), (8, 7), 1, Cell::Wall);
        }
        assert_eq!(p.start(), at);
        assert_fresh_astar_cost(&p);
        assert!(steps < 60);
    }
    assert_eq!(p.start(), (19, 4));
}

#[test]
fn mesh_edits_restart_an_a_star_on_the_mesh() {
    let mut p = with_algorithm(Algorithm::Mesh, 10, 10);
    p.set_goal(9, 0).unwrap();
    p.only_mut().step(Budget::Unlimited, || 0.0);
    assert_eq!(p.only().search().status(), Status::Found, "start sees goal");
    assert!(p.only().search().is_any_angle());
    p.paint_line((5, 0), (5, 8), 1, Cell::Wall);
    assert_eq!(
        p.only().search().status(),
        Status::NoPath,
        "no mesh node to go round by"
    );
    let a = p.add_mesh_node(4, 9).unwrap();
    let b = p.add_mesh_node(6, 9).unwrap();
    assert_eq!(p.only().search().status(), Status::NoPath);
    p.connect_mesh_nodes(a, b).unwrap();
    assert_eq!(p.only().search().status(), Status::Found);
    assert_eq!(
        p.only().search().path_cells(),
        vec![(0, 0), (4, 9), (6, 9), (9, 0)]
    );
    assert!(p.connect_mesh_nodes(a, 7).is_err());
    assert!(p.remove_mesh_node(a));
    assert_eq!(p.only().search().status(), Status::NoPath);
    assert!(p.generate_mesh().unwrap() >= 2);
    assert_eq!(p.only().search().status(), Status::Found);
}

#[test]
fn a_repair_is_a_recorded_run_of_its_own_that_can_be_scrubbed() {
    for algorithm in [Algorithm::Lpa, Algorithm::DStarLite] {
        let mut p = with_algorithm(algorithm, 30, 20);
        assert_eq!(p.only_mut().step(Budget::Unlimited, || 0.0), Status::Found);
        p.paint_line((10, 5), (10, 19), 1, Cell::Wall);
        let live = *p.only().search().stats();
        let n = p.only().timeline_len();
        assert!(
            live.expanded > 0,
            "{algorithm}: the repair's own expansions are counted"
        );
        assert_eq!(
            n as u64, live.expanded,
            "{algorithm}: every repair step is on the timeline"
        );
        assert!(p.only().search().repairs() > 0);
        let repaired = |p: &Planner| {
            p.only()
                .shown_states()
                .iter()
                .filter(|&&s| s == CellState::Repaired as u8)
                .count()
        };
        let end_states = p.only().shown_states().to_vec();
        let at_end = repaired(&p);
        p.only_mut().seek(n / 2);
        assert_eq!(p.only().shown_stats().expanded as usize, n / 2);
        assert!(
            repaired(&p) <= at_end,
            "{algorithm}: the repair grows as it runs"
        );
        p.only_mut().seek(0);
        assert_eq!(
            p.only().shown_stats().expanded,
            0,
            "{algorithm}: step 0 is the edit"
        );
        p.only_mut().seek(n);
        assert!(p.only().is_live());
        assert_eq!(p.only().shown_states(), &end_states[..]);
    }
}

#[test]
fn every_edit_of_a_stroke_made_while_scrubbed_back_re_plans_to_the_shown_step() {
    let mut p = Planner::new(30, 20).unwrap();
    assert_eq!(p.only_mut().step(Budget::Unlimited, || 0.0), Status::Found);
    let n = p.only().timeline_len();
    let k = n / 3;
    p.only_mut().seek(k);
    p.begin_stroke();
    for y in 2..8 {
        p.paint_line((20, y), (20, y + 1), 1, Cell::Wall);
        assert_eq!(
            p.only().timeline_len(),
            k,
            "after the edit at y = {y} the timeline ends at k"
        );
        assert_eq!(p.only().search().stats().expanded as usize, k);
        assert!(p.only().is_live());
    }
    p.end_stroke();
    p.only_mut().step(Budget::Expansions(1), || 0.0);
    assert_eq!(
        p.only().search().stats().expanded as usize,
        k + 1,
        "Step goes on from there"
    );
    p.paint_line((21, 2), (21, 3), 1, Cell::Wall);
    assert_eq!(
        p.only().search().stats().expanded,
        0,
        "once stepped, an edit restarts as usual"
    );
}

/// Two lanes on one 8 × 5 planner: A* (the first) and Dijkstra, both run to the end.
fn two_lanes() -> (Planner, LaneId, LaneId) {
    let mut p = planner();
    let first = p.lane_ids()[0];
    let second = p.add_lane(first).unwrap();
    p.lane_mut(second)
        .unwrap()
        .set_settings(Settings {
            algorithm: Algorithm::Dijkstra,
            ..Settings::default()
        })
        .unwrap();
    for id in [first, second] {
        let status = p.lane_mut(id).unwrap().step(Budget::Unlimited, || 0.0);
        assert_eq!(status, Status::Found);
    }
    (p, first, second)
}

#[test]
fn lanes_share_the_map_and_keep_their_own_settings() {
    let (mut p, first, second) = two_lanes();
    let algorithm = |p: &Planner, id| p.lane(id).unwrap().settings().algorithm;
    assert_eq!(algorithm(&p, first), Algorithm::AStar);
    assert_eq!(algorithm(&p, second), Algorithm::Dijkstra);
    let dijkstra = p.lane(second).unwrap().search().stats().expanded;
    // An edit of the one map re-plans both lanes, to the same cost.
    p.paint_line((3, 0), (3, 3), 1, Cell::Wall);
    assert_eq!(p.grid().wall_count(), 4);
    let mut costs = Vec::new();
    for id in [first, second] {
        let search = p.lane(id).unwrap().search();
        assert_eq!(search.status(), Status::Found, "re-planned at once");
        costs.push(search.stats().path_cost.unwrap());
    }
    assert!((costs[0] - costs[1]).abs() < 1e-9, "{costs:?}");
    assert_ne!(
        p.lane(second).unwrap().search().stats().expanded,
        dijkstra,
        "Dijkstra searched the new map"
    );
    // One undo history: undone once, the wall is gone for both.
    assert!(p.undo());
    assert_eq!(p.grid().wall_count(), 0);
    assert!(!p.can_undo());
}

#[test]
fn lanes_step_and_seek_apart_and_the_last_cannot_be_removed() {
    let (mut p, first, second) = two_lanes();
    p.lane_mut(second).unwrap().seek(3);
    assert_eq!(p.lane(second).unwrap().position(), 3);
    assert!(
        p.lane(first).unwrap().is_live(),
        "seeking one lane leaves the other live"
    );
    assert!(p.remove_lane(second));
    let err = p.lane_mut(second).err().unwrap();
    assert_eq!(
        err.to_string(),
        format!("there is no lane {second}: it was removed")
    );
    assert!(
        p.add_lane(second).is_err(),
        "a new lane copies a lane that exists"
    );
    assert!(!p.remove_lane(first), "the last lane stays");
    assert_eq!(p.lane_ids(), vec![first]);
    assert_eq!(p.only().id(), first);
}

#[test]
#[should_panic(expected = "more than one lane")]
fn only_refuses_a_planner_of_many_lanes() {
    let (p, _, _) = two_lanes();
    p.only();
}

#[test]
fn a_new_map_keeps_each_lanes_settings_where_they_apply() {
    let (mut p, first, second) = two_lanes();
    let jps = p.add_lane(first).unwrap();
    p.lane_mut(jps)
        .unwrap()
        .set_settings(Settings {
            algorithm: Algorithm::Jps,
            ..Settings::default()
        })
        .unwrap();
    // A map with terrain: JPS does not apply, so that lane takes the loading lane's settings.
    let mut bytes = vec![1; 40];
    bytes[10] = 3;
    let grid = Grid::from_bytes(8, 5, bytes).unwrap();
    let settings = *p.lane(second).unwrap().settings();
    let mut lane = p.lane_mut(second).unwrap();
    lane.load_map(grid, (0, 0), (7, 4), settings).unwrap();
    let algorithm = |id| p.lane(id).unwrap().settings().algorithm;
    assert_eq!(algorithm(first), Algorithm::AStar);
    assert_eq!(algorithm(jps), Algorithm::Dijkstra);
    assert_eq!(p.grid().get(2, 1), Some(Cell::Terrain(3)));
}

#[test]
fn the_walker_moves_the_start_of_every_lane() {
    let (mut p, first, second) = two_lanes();
    let next = p.lane_mut(first).unwrap().advance_walker().unwrap();
    assert_eq!(p.start(), next);
    let search = p.lane(second).unwrap().search();
    assert_eq!(search.start(), next);
    assert_eq!(search.status(), Status::Found);
}

#[test]
fn hex_strokes_paint_a_hex_line_with_hex_discs() {
    let grid = crate::grid::Grid::with_shape(12, 10, crate::grid::Shape::HexRows).unwrap();
    let mut p = Planner::with_grid(grid, (0, 0), (11, 9), Settings::default()).unwrap();
    // One hex step per cell of the line, nothing else.
    assert_eq!(p.paint_line((1, 2), (8, 6), 1, Cell::Wall), 10);
    let line = crate::planner::hex_line(crate::grid::Shape::HexRows, (1, 2), (8, 6));
    for (x, y) in line {
        assert_eq!(p.grid().get(x, y), Some(Cell::Wall));
    }
    // A size-3 brush paints the hex and its six neighbours.
    assert_eq!(p.paint_line((5, 1), (5, 1), 3, Cell::Terrain(3)), 7);
}

#[test]
fn a_lane_says_which_algorithms_fit_and_which_movement_its_view_follows() {
    let mut p = planner();
    p.set_cell(2, 2, Cell::Terrain(3));
    let lane = p.only();
    assert!(
        lane.unavailable(Algorithm::Jps).is_some(),
        "JPS needs uniform cost"
    );
    assert_eq!(lane.unavailable(Algorithm::Dijkstra), None);
    assert_eq!(lane.view_movement(), lane.settings().movement);
    let mut four = *p.only().settings();
    four.movement.connectivity = crate::grid::Connectivity::Four;
    p.only_mut().set_view(ViewKind::Field).unwrap();
    p.only_mut().set_settings(four).unwrap();
    assert_eq!(p.only().view_movement(), four.movement);
}

#[test]
fn goal_bounding_on_a_large_map_builds_a_piece_a_step_at_instant_and_whole_on_a_replan() {
    use std::cell::Cell as Clock;
    // 65 × 65 cells: more than goal bounding's PIECE_CELLS, so a step builds its boxes in
    // pieces; a clock that moves 5 ms a read ends each piece after a few floods.
    let mut p = Planner::new(65, 65).unwrap();
    let bounded = Settings {
        algorithm: Algorithm::JpsPlusBounded,
        ..Settings::default()
    };
    p.only_mut().set_settings(bounded).unwrap();
    let t = Clock::new(0.0);
    let clock = || {
        t.set(t.get() + 5.0);
        t.get()
    };
    assert_eq!(p.only_mut().step(Budget::Unlimited, clock), Status::Running);
    let stats = p.only().search().stats();
    assert_eq!(stats.expanded, 0, "no step before the boxes are complete");
    assert!(stats.precompute_progress > 0.0 && stats.precompute_progress < 1.0);
    let mut steps = 1;
    while p.only_mut().step(Budget::Unlimited, clock) == Status::Running {
        steps += 1;
        assert!(steps < 10_000, "the build ends");
    }
    assert!(steps > 2, "built over {steps} steps");
    assert_eq!(p.only().search().status(), Status::Found);
    assert_eq!(p.only().search().stats().precompute_progress, 1.0);
    // An edit of a finished search re-plans it to the end at once, boxes rebuilt whole.
    p.set_cell(35, 35, Cell::Wall);
    assert_eq!(p.only().search().status(), Status::Found);
    assert_eq!(p.only().search().stats().precompute_progress, 1.0);
}
