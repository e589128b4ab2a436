//! Browser tests of the `#[wasm_bindgen]` `Planner` (headless Chromium through
//! wasm-bindgen-test): stepping, editing, settings and stats as plain objects, reading wasm
//! memory, and errors crossing the boundary as JS `Error`s instead of panics.
//!
//! Run with `CHROMEDRIVER=/usr/bin/chromedriver cargo test --target wasm32-unknown-unknown --test web`.
#![cfg(target_arch = "wasm32")]

use js_sys::{Reflect, JSON};
use pathlab::wasm::Planner;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

fn get(obj: &JsValue, key: &str) -> JsValue {
    Reflect::get(obj, &JsValue::from_str(key)).unwrap()
}

fn num(obj: &JsValue, key: &str) -> f64 {
    get(obj, key).as_f64().unwrap()
}

/// The message of a JsError, as JS would see it on the thrown Error.
fn message(err: wasm_bindgen::JsError) -> String {
    let value: JsValue = err.into();
    let error: js_sys::Error = value.dyn_into().expect("a JS Error");
    error.message().into()
}

fn parse(json: &str) -> JsValue {
    JSON::parse(json).unwrap()
}

#[wasm_bindgen_test]
fn new_planner_has_markers_in_corners() {
    let p = Planner::new(12, 7).unwrap();
    assert_eq!((p.width(), p.height()), (12, 7));
    assert_eq!(num(&p.start().unwrap(), "x"), 0.0);
    assert_eq!(num(&p.goal().unwrap(), "x"), 11.0);
    assert_eq!(num(&p.goal().unwrap(), "y"), 6.0);
    assert_eq!(p.status(), "running");
}

#[wasm_bindgen_test]
fn bad_sizes_throw_errors_with_a_message() {
    let err = Planner::new(0, 5).err().expect("0 wide is refused");
    assert!(message(err).contains("between 1×1"));
    let mut p = Planner::new(5, 5).unwrap();
    assert!(p.new_map(5000, 5).is_err());
    assert_eq!(p.width(), 5, "a refused map keeps the old one");
}

#[wasm_bindgen_test]
fn step_once_expands_exactly_one_node() {
    let mut p = Planner::new(10, 10).unwrap();
    p.set_speed("expansions", 50.0).unwrap();
    assert_eq!(p.step_once(), "running");
    let stats = p.stats().unwrap();
    assert_eq!(num(&stats, "expanded"), 1.0);
    assert_eq!(get(&stats, "status").as_string().unwrap(), "running");
    assert!(get(&stats, "pathCost").is_null());
}

#[wasm_bindgen_test]
fn speeds_and_run_to_end() {
    let mut p = Planner::new(30, 30).unwrap();
    p.set_speed("slice", -1.0).unwrap();
    p.step();
    assert_eq!(num(&p.stats().unwrap(), "expanded"), 1.0);
    p.set_speed("expansions", 5.0).unwrap();
    p.step();
    assert_eq!(num(&p.stats().unwrap(), "expanded"), 6.0);
    p.set_speed("instant", 0.0).unwrap();
    assert_eq!(p.step(), "found");
    let stats = p.stats().unwrap();
    assert!((num(&stats, "pathCost") - 29.0 * std::f64::consts::SQRT_2).abs() < 1e-9);
    assert_eq!(num(&stats, "pathMoves"), 29.0);
    assert_eq!(p.path().len(), 60, "30 cells as x, y pairs");
    assert!(p.set_speed("expansions", 0.0).is_err());
    assert!(message(p.set_speed("warp", 1.0).unwrap_err()).contains("unknown speed"));
}

#[wasm_bindgen_test]
fn settings_round_trip_as_plain_objects() {
    let mut p = Planner::new(8, 8).unwrap();
    let s = p.settings().unwrap();
    assert_eq!(get(&s, "algorithm").as_string().unwrap(), "astar");
    assert!(get(&s, "heuristic").is_null());
    let movement = get(&s, "movement");
    assert_eq!(get(&movement, "connectivity").as_string().unwrap(), "8");
    p.set_settings(parse(
        r#"{"algorithm":"dijkstra","weight":1,"movement":{"connectivity":"4","diagonalRule":"never","diagonalCost":1},"neighbourOrder":"goal-directed","nodeBudget":3}"#,
    ))
    .unwrap();
    let s = p.settings().unwrap();
    assert_eq!(get(&s, "algorithm").as_string().unwrap(), "dijkstra");
    assert_eq!(num(&s, "nodeBudget"), 3.0);
    assert_eq!(p.run_to_end(), "partial");
}

#[wasm_bindgen_test]
fn bad_settings_throw_and_change_nothing() {
    let mut p = Planner::new(8, 8).unwrap();
    let err = p
        .set_settings(parse(r#"{"algorithm":"astar","weight":-2}"#))
        .unwrap_err();
    assert!(message(err).contains("weight"));
    let err = p
        .set_settings(parse(r#"{"algorithm":"teleport"}"#))
        .unwrap_err();
    assert!(message(err).starts_with("bad settings"));
    let err = p
        .set_settings(parse(
            r#"{"movement":{"connectivity":"8","diagonalRule":"always","diagonalCost":3}}"#,
        ))
        .unwrap_err();
    assert!(message(err).contains("diagonal cost"));
    assert_eq!(
        num(&get(&p.settings().unwrap(), "movement"), "diagonalCost"),
        std::f64::consts::SQRT_2
    );
}

#[wasm_bindgen_test]
fn markers_on_walls_are_refused() {
    let mut p = Planner::new(6, 6).unwrap();
    assert_eq!(p.paint_line(3, 0, 3, 5, 1, 0).unwrap(), 6);
    let err = p.set_start(3, 2).unwrap_err();
    assert!(message(err).contains("on a wall"));
    let err = p.set_goal(9, 9).unwrap_err();
    assert!(message(err).contains("outside"));
    assert!(
        p.paint_line(0, 0, 1, 1, 1, 7).is_err(),
        "cell byte 7 is refused"
    );
}

#[wasm_bindgen_test]
fn memory_views_show_cells_states_and_frame() {
    let mut p = Planner::new(5, 4).unwrap();
    p.paint_line(2, 0, 2, 2, 1, 0).unwrap();
    p.step_once();
    let palette: Vec<u32> = (0..45).collect();
    p.set_palette(&palette).unwrap();
    assert!(p.set_palette(&palette[..4]).is_err());
    let memory: js_sys::WebAssembly::Memory = wasm_bindgen::memory().dyn_into().unwrap();
    let buffer = memory.buffer();
    let cells =
        js_sys::Uint8Array::new_with_byte_offset_and_length(&buffer, p.cells_ptr() as u32, 20)
            .to_vec();
    assert_eq!(cells[2], 0);
    assert_eq!(cells[7], 0);
    assert_eq!(cells[0], 1);
    let states =
        js_sys::Uint8Array::new_with_byte_offset_and_length(&buffer, p.states_ptr() as u32, 20)
            .to_vec();
    assert_eq!(states[0], 2, "the start is closed after one expansion");
    assert_eq!(p.state(0, 0), 2);
    assert_eq!(p.cell(2, 1), 0);
    assert_eq!(p.cell(9, 9), 255);
    let frame_ptr = p.render() as u32;
    let frame =
        js_sys::Uint32Array::new_with_byte_offset_and_length(&buffer, frame_ptr, 20).to_vec();
    assert_eq!(
        frame[0],
        9 + 2,
        "terrain 1, closed: palette[cell * 9 + state]"
    );
    assert_eq!(frame[2], 0, "wall");
}

#[wasm_bindgen_test]
fn strokes_undo_as_one_and_finished_searches_replan() {
    let mut p = Planner::new(10, 3).unwrap();
    assert_eq!(p.run_to_end(), "found");
    p.begin_stroke();
    p.paint_line(5, 0, 5, 1, 1, 0).unwrap();
    p.paint_line(5, 1, 5, 2, 1, 0).unwrap();
    p.end_stroke();
    assert_eq!(p.status(), "no_path", "re-planned live after the edit");
    assert!(p.can_undo());
    assert!(p.undo());
    assert_eq!(p.cell(5, 0), 1);
    assert_eq!(p.cell(5, 2), 1);
    assert_eq!(p.status(), "found");
    assert!(p.redo());
    assert_eq!(p.cell(5, 1), 0);
}

#[wasm_bindgen_test]
fn maps_load_from_text_and_cells_and_export() {
    let mut p = Planner::new(4, 4).unwrap();
    p.load_map_text(
        "type octile\nheight 3\nwidth 4\nmap\n....\n.@@.\n....\n",
        Some(vec![0, 1, 3, 1]),
    )
    .unwrap();
    assert_eq!((p.width(), p.height()), (4, 3));
    assert_eq!(num(&p.start().unwrap(), "y"), 1.0);
    assert_eq!(p.cell(1, 1), 0);
    let text = p.export_map();
    assert!(text.contains(".@@."), "{text}");
    let err = p.load_map_text("this is not a map", None).unwrap_err();
    assert!(!message(err).is_empty());
    assert_eq!(p.width(), 4, "a bad file keeps the current map");
    p.load_cells(3, 2, vec![1, 0, 2, 3, 4, 1], Some(vec![0, 0, 2, 1]))
        .unwrap();
    assert_eq!(p.cell(2, 0), 2);
    assert!(p.load_cells(3, 2, vec![9; 6], None).is_err());
    assert!(
        p.load_cells(3, 2, vec![0; 6], None).is_err(),
        "no open cell"
    );
    assert_eq!(p.cell(2, 0), 2);
}

#[wasm_bindgen_test]
fn images_load_as_grids() {
    let mut p = Planner::new(4, 4).unwrap();
    // 2×1: a white pixel and a black one.
    let rgba = [255, 255, 255, 255, 0, 0, 0, 255];
    p.load_image(2, 1, &rgba).unwrap();
    assert_eq!((p.width(), p.height()), (2, 1));
    assert_eq!(p.cell(0, 0), 1);
    assert_eq!(p.cell(1, 0), 0);
    assert!(p.load_image(3, 3, &rgba).is_err(), "wrong byte count");
}

#[wasm_bindgen_test]
fn node_inspector_reports_g_h_f_and_parent() {
    let mut p = Planner::new(5, 5).unwrap();
    p.step_once();
    let n = p.node(1, 1).unwrap();
    assert_eq!(get(&n, "state").as_string().unwrap(), "open");
    assert!((num(&n, "g") - std::f64::consts::SQRT_2).abs() < 1e-6);
    let parent: js_sys::Array = get(&n, "parent").dyn_into().unwrap();
    assert_eq!(parent.get(0).as_f64(), Some(0.0));
    assert!(p.node(7, 7).unwrap().is_undefined());
    assert_eq!(
        get(&p.current().unwrap(), "x").as_f64(),
        Some(0.0),
        "the start was expanded"
    );
}

#[wasm_bindgen_test]
fn lpa_repairs_across_the_boundary_and_paints_repaired_cells() {
    let mut p = Planner::new(20, 12).unwrap();
    p.set_settings(parse(r#"{"algorithm":"lpa"}"#)).unwrap();
    assert_eq!(p.run_to_end(), "found");
    let before = num(&p.stats().unwrap(), "pathCost");
    p.paint_line(10, 0, 10, 9, 1, 0).unwrap();
    assert_eq!(p.status(), "found");
    assert!(num(&p.stats().unwrap(), "pathCost") > before);
    let repaired = (0..12)
        .flat_map(|y| (0..20).map(move |x| (x, y)))
        .filter(|&(x, y)| p.state(x, y) == 8)
        .count();
    assert!(repaired > 0, "state 8 marks the repaired cells");
}

#[wasm_bindgen_test]
fn the_walker_advances_along_a_dstar_lite_path_until_it_arrives() {
    let mut p = Planner::new(8, 3).unwrap();
    p.set_settings(parse(r#"{"algorithm":"dstar-lite"}"#))
        .unwrap();
    assert_eq!(p.run_to_end(), "found");
    let mut steps = 0;
    while let [x, y] = p.advance_walker()[..] {
        steps += 1;
        assert_eq!(num(&p.start().unwrap(), "x"), f64::from(x));
        assert_eq!(num(&p.start().unwrap(), "y"), f64::from(y));
        assert!(steps <= 10);
    }
    assert_eq!(steps, 7, "one cell a step on an open 8×3 map");
    assert_eq!(num(&p.start().unwrap(), "x"), 7.0);
}

#[wasm_bindgen_test]
fn the_mesh_is_edited_and_read_as_flat_arrays() {
    let mut p = Planner::new(10, 10).unwrap();
    p.set_settings(parse(r#"{"algorithm":"mesh"}"#)).unwrap();
    let a = p.add_mesh_node(2, 2).unwrap();
    let b = p.add_mesh_node(7, 3).unwrap();
    assert!(p.add_mesh_node(10, 0).is_err(), "outside the map");
    p.connect_mesh_nodes(a, b).unwrap();
    assert_eq!(p.mesh_nodes(), vec![2, 2, 7, 3]);
    assert_eq!(p.mesh_edges(), vec![0, 1]);
    assert_eq!(p.mesh_node_at(7, 3), 1);
    assert_eq!(p.mesh_node_at(0, 0), -1);
    p.paint_line(5, 0, 5, 5, 1, 0).unwrap();
    assert_eq!(p.mesh_blocked_edges(), vec![1], "the wall cuts the edge");
    let err = p.connect_mesh_nodes(a, b).err().expect("no line of sight");
    assert!(message(err).contains("cannot see each other"));
    assert!(p.is_any_angle());
    assert!(p.generate_mesh().unwrap() >= 2);
    assert_eq!(p.run_to_end(), "found");
    assert!(p.remove_mesh_node(0));
    p.clear_mesh().unwrap();
    assert!(p.mesh_nodes().is_empty());
}

#[wasm_bindgen_test]
fn jps_and_theta_say_why_they_are_unavailable_and_theta_paths_are_polylines() {
    let mut p = Planner::new(12, 6).unwrap();
    assert_eq!(p.algorithm_unavailable("jps"), None);
    p.set_settings(parse(r#"{"algorithm":"theta"}"#)).unwrap();
    assert_eq!(p.run_to_end(), "found");
    assert!(p.is_any_angle());
    assert_eq!(
        p.path(),
        vec![0, 0, 11, 5],
        "one straight segment on an open map"
    );
    p.set_settings(parse(r#"{"algorithm":"jps"}"#)).unwrap();
    assert_eq!(p.run_to_end(), "found");
    assert!(!p.is_any_angle());
    // Terrain 3 painted while JPS is chosen: the search is refused, with the reason.
    p.paint_line(4, 0, 4, 5, 1, 3).unwrap();
    let why = p.refused_reason().expect("refused on a weighted map");
    assert!(why.contains("uniform cost"), "{why}");
    assert_eq!(
        p.algorithm_unavailable("theta"),
        Some(why.replace("Jump Point Search", "Theta*"))
    );
    assert_eq!(p.algorithm_unavailable("bidirectional"), None);
    assert!(p.set_settings(parse(r#"{"algorithm":"theta"}"#)).is_err());
    p.set_settings(parse(r#"{"algorithm":"bidirectional"}"#))
        .unwrap();
    assert_eq!(p.refused_reason(), None);
    assert_eq!(p.run_to_end(), "found");
}
