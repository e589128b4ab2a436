//! The planner's version: every mutator bumps it, no read does.

use super::{Planner, ViewKind};
use crate::grid::{Cell, Grid};
use crate::search::{Algorithm, Budget, Settings};

/// A 12 × 8 planner with a wall, a finished search, the field view and two mesh nodes.
fn planner() -> Planner {
    let mut p = Planner::new(12, 8).unwrap();
    p.paint_line((5, 0), (5, 5), 1, Cell::Wall);
    p.only_mut().step(Budget::Unlimited, || 0.0);
    p.add_mesh_node(1, 1).unwrap();
    p.add_mesh_node(3, 1).unwrap();
    p
}

type Op = (&'static str, fn(&mut Planner));

/// Every mutator, each on a planner where it changes something.
const MUTATORS: &[Op] = &[
    ("paint_line", |p| {
        p.paint_line((8, 0), (8, 3), 1, Cell::Wall);
    }),
    ("set_cell", |p| {
        p.set_cell(9, 7, Cell::Terrain(3));
    }),
    ("clear_walls", |p| {
        p.clear_walls();
    }),
    ("undo", |p| {
        p.undo();
    }),
    ("redo", |p| {
        p.undo();
        let v = p.version();
        p.redo();
        assert_ne!(p.version(), v);
    }),
    ("set_start", |p| p.set_start(1, 1).unwrap()),
    ("set_goal", |p| p.set_goal(10, 1).unwrap()),
    ("set_markers_and_settings", |p| {
        p.only_mut()
            .set_markers_and_settings((0, 1), (11, 1), Settings::default())
            .unwrap()
    }),
    ("advance_walker", |p| {
        p.only_mut().advance_walker().unwrap();
    }),
    ("step", |p| {
        p.only_mut().reset_search();
        let v = p.version();
        p.only_mut().step(Budget::Expansions(1), || 0.0);
        assert_ne!(p.version(), v);
    }),
    ("seek", |p| p.only_mut().seek(1)),
    ("reset_search", |p| p.only_mut().reset_search()),
    ("set_settings", |p| {
        let settings = Settings {
            algorithm: Algorithm::Dijkstra,
            ..*p.only().settings()
        };
        p.only_mut().set_settings(settings).unwrap();
    }),
    ("set_recording", |p| p.set_recording(false)),
    ("set_timeline_cap", |p| p.set_timeline_cap(1 << 20)),
    ("load_grid", |p| {
        p.only_mut().load_grid(Grid::new(6, 6).unwrap()).unwrap()
    }),
    ("load_map", |p| {
        let settings = *p.only().settings();
        p.only_mut()
            .load_map(Grid::new(6, 6).unwrap(), (0, 0), (5, 5), settings)
            .unwrap()
    }),
    ("add_mesh_node", |p| {
        p.add_mesh_node(7, 7).unwrap();
    }),
    ("connect_mesh_nodes", |p| {
        p.connect_mesh_nodes(0, 1).unwrap()
    }),
    ("remove_mesh_node", |p| {
        p.remove_mesh_node(0);
    }),
    ("generate_mesh", |p| {
        p.generate_mesh().unwrap();
    }),
    ("set_mesh", |p| p.set_mesh(&[(0, 0)], &[]).unwrap()),
    ("set_view", |p| {
        p.only_mut().set_view(ViewKind::Field).unwrap()
    }),
    ("set_range", |p| {
        p.only_mut().set_range((0, 0), 3.0).unwrap()
    }),
    ("release_walkers", |p| {
        p.only_mut().set_view(ViewKind::Field).unwrap();
        let v = p.version();
        p.release_walkers(5, 1).unwrap();
        assert_ne!(p.version(), v);
    }),
    ("step_walkers", |p| {
        p.only_mut().set_view(ViewKind::Field).unwrap();
        p.release_walkers(5, 1).unwrap();
        let v = p.version();
        p.step_walkers();
        assert_ne!(p.version(), v);
    }),
    ("clear_walkers", |p| p.clear_walkers()),
    ("add_lane", |p| {
        p.add_lane(0).unwrap();
    }),
    ("remove_lane", |p| {
        let lane = p.add_lane(0).unwrap();
        let v = p.version();
        assert!(p.remove_lane(lane));
        assert_ne!(p.version(), v);
    }),
];

/// Reads, some of them `&mut self` for their caches.
const READS: &[Op] = &[
    ("reads", |p| {
        let _ = (
            p.grid(),
            p.start(),
            p.goal(),
            p.only().settings(),
            p.only().search(),
            p.mesh(),
        );
        let _ = (
            p.only().shown_states(),
            p.only().shown_stats(),
            p.only().shown_status(),
            p.only().shown_path(),
        );
        let _ = (
            p.only().shown_current(),
            p.only().timeline_len(),
            p.only().position(),
            p.only().refused(),
        );
        let _ = (
            p.can_undo(),
            p.can_redo(),
            p.view(),
            p.walker_xy(),
            p.range(),
        );
    }),
    ("shown_node", |p| {
        p.only_mut().shown_node(3, 3);
    }),
    ("open_top", |p| {
        p.only_mut().open_top(5);
        p.only_mut().open_why();
    }),
    ("step_trace", |p| {
        p.only_mut().step_trace();
    }),
    ("take_changes", |p| {
        p.only_mut().take_changes();
        p.only_mut().mark_all_changed();
    }),
    ("field_bytes", |p| {
        p.field_info();
        p.field_heat();
        p.field_flow();
    }),
    ("strokes", |p| {
        p.begin_stroke();
        p.end_stroke();
    }),
];

#[test]
fn every_mutator_bumps_the_version() {
    for (name, op) in MUTATORS {
        let mut p = planner();
        let before = p.version();
        op(&mut p);
        assert_ne!(p.version(), before, "{name} must bump the version");
    }
}

#[test]
fn no_read_bumps_the_version() {
    for (name, op) in READS {
        let mut p = planner();
        p.only_mut().set_view(ViewKind::Field).unwrap();
        let before = p.version();
        op(&mut p);
        assert_eq!(p.version(), before, "{name} must not bump the version");
    }
}

#[test]
fn a_step_that_moves_nothing_keeps_the_version() {
    let mut p = planner();
    let before = p.version();
    p.only_mut().step(Budget::Unlimited, || 0.0);
    assert_eq!(p.version(), before, "a finished search steps no further");
}
