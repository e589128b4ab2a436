//! Browser tests of the `#[wasm_bindgen]` `Planner` (headless Chromium through
//! wasm-bindgen-test): stepping, editing, settings and stats as plain objects, reading wasm
//! memory, and errors crossing the boundary as JS `Error`s instead of panics.
//!
//! Run with `CHROMEDRIVER=/usr/bin/chromedriver cargo test --target wasm32-unknown-unknown --test web`.
#![cfg(target_arch = "wasm32")]

use js_sys::{Reflect, JSON};
use pathlab::wasm::Planner;
use serde::Serialize;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

#[path = "web/agents.rs"]
mod agents;

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
    assert!(p.new_map(5000, 5, None).is_err());
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
fn settings_are_read_field_by_field_like_serde() {
    let mut p = Planner::new(8, 8).unwrap();
    // Missing and undefined fields keep the defaults; unknown fields are ignored.
    p.set_settings(parse(r#"{"weight":2.5,"extra":1}"#))
        .unwrap();
    let s = p.settings().unwrap();
    assert_eq!(get(&s, "algorithm").as_string().unwrap(), "astar");
    assert_eq!(num(&s, "weight"), 2.5);
    assert!(get(&s, "heuristic").is_null() && get(&s, "nodeBudget").is_null());
    p.set_settings(parse(
        r#"{"algorithm":"dijkstra","heuristic":"manhattan","nodeBudget":7,"neighbourOrder":"goal-directed",
            "movement":{"connectivity":"4","diagonalRule":"always","diagonalCost":1.5}}"#,
    ))
    .unwrap();
    let s = p.settings().unwrap();
    assert_eq!(get(&s, "heuristic").as_string().unwrap(), "manhattan");
    assert_eq!(
        get(&s, "neighbourOrder").as_string().unwrap(),
        "goal-directed"
    );
    assert_eq!(num(&s, "nodeBudget"), 7.0);
    assert_eq!(num(&get(&s, "movement"), "diagonalCost"), 1.5);
    for (json, says) in [
        (
            r#""fast""#,
            "invalid type: string \"fast\", expected struct Settings",
        ),
        ("[1]", "expected struct Settings"),
        (
            r#"{"algorithm":"teleport"}"#,
            "unknown variant `teleport`, expected one of `bfs`",
        ),
        (
            r#"{"weight":"2"}"#,
            "invalid type: string \"2\", expected f64",
        ),
        (
            r#"{"movement":{"connectivity":"4"}}"#,
            "missing field `diagonalRule`",
        ),
        (r#"{"nodeBudget":1.5}"#, "invalid value: 1.5"),
        (r#"{"algorithm":null}"#, "invalid type: null"),
    ] {
        let err = p.set_settings(parse(json)).unwrap_err();
        let m = message(err);
        assert!(
            m.starts_with("bad settings: ") && m.contains(says),
            "{json}: {m}"
        );
    }
    assert_eq!(num(&p.settings().unwrap(), "nodeBudget"), 7.0);
}

/// The page's settings reader (`from_js`) spells every variant by hand: each one, as serde
/// writes it, must read back as itself, so a renamed or added variant cannot drift apart.
#[wasm_bindgen_test]
fn every_settings_variant_serde_writes_reads_back() {
    use pathlab::{Algorithm, Connectivity, DiagonalRule, Heuristic, NeighbourOrder, Settings};
    let mut all = Vec::new();
    for algorithm in Algorithm::ALL {
        all.push(Settings {
            algorithm,
            ..Settings::default()
        });
    }
    for heuristic in Heuristic::ALL {
        all.push(Settings {
            heuristic: Some(heuristic),
            node_budget: Some(12),
            weight: 1.25,
            ..Settings::default()
        });
    }
    for rule in DiagonalRule::ALL {
        for connectivity in [Connectivity::Four, Connectivity::Eight] {
            let mut s = Settings::default();
            s.movement.diagonal_rule = rule;
            s.movement.connectivity = connectivity;
            s.movement.diagonal_cost = 1.5;
            all.push(s);
        }
    }
    for order in [NeighbourOrder::Fixed, NeighbourOrder::GoalDirected] {
        all.push(Settings {
            neighbour_order: order,
            ..Settings::default()
        });
    }
    let mut squares = Planner::new(8, 8).unwrap();
    let mut hexes = Planner::new(8, 8).unwrap();
    hexes.new_map(8, 8, Some("hex-rows".into())).unwrap();
    for settings in all {
        let written = settings
            .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
            .unwrap();
        // The hex distance is taken on a map of hexagons only.
        let p = if settings.heuristic == Some(Heuristic::Hex) {
            &mut hexes
        } else {
            &mut squares
        };
        p.set_settings(written.clone())
            .unwrap_or_else(|e| panic!("{settings:?}: {}", message(e)));
        assert_eq!(
            JSON::stringify(&p.settings().unwrap()).unwrap(),
            JSON::stringify(&written).unwrap(),
            "{settings:?}"
        );
    }
}

#[wasm_bindgen_test]
fn link_tails_are_formatted_from_plain_objects() {
    let link = |json: &str| pathlab::wasm::format_link_tail(parse(json)).map_err(message);
    assert_eq!(
        link(
            r#"{"compare":[{"algorithm":"astar","weight":1.5},{"algorithm":"dijkstra","weight":null}],"step":3}"#
        ),
        Ok("compare=astar:1.5,dijkstra&step=3".into())
    );
    assert_eq!(
        link(r#"{"compare":[{"algorithm":"bfs"},{"algorithm":"jps","weight":0.1}]}"#),
        Ok("compare=bfs,jps:0.1".into())
    );
    assert_eq!(link(r#"{"compare":null,"step":12}"#), Ok("step=12".into()));
    assert_eq!(link(r#"{}"#), Ok(String::new()));
    let err = link(r#"{"compare":{"algorithm":"bfs"}}"#).unwrap_err();
    assert!(err.contains("must be an array"), "{err}");
    let err = link(r#"{"compare":[{"algorithm":"nope"},{"algorithm":"bfs"}]}"#).unwrap_err();
    assert!(err.contains("unknown variant `nope`"), "{err}");
    let err = link(r#"{"step":-1}"#).unwrap_err();
    assert!(err.contains("whole number"), "{err}");
}

#[wasm_bindgen_test]
fn embed_commands_are_checked_from_js_messages() {
    let check = |json: &str| {
        pathlab::wasm::check_command(parse(json), 11)
            .map(|v| JSON::stringify(&v).unwrap().as_string().unwrap())
            .map_err(message)
    };
    assert_eq!(
        check(r#"{"cmd":"step","n":25}"#),
        Ok(r#"{"cmd":"step","n":25}"#.into())
    );
    assert_eq!(
        check(r#"{"cmd":"step"}"#),
        Ok(r#"{"cmd":"step","n":1}"#.into())
    );
    assert_eq!(
        check(r#"{"cmd":"setSpeed","speed":"instant"}"#),
        Ok(r#"{"cmd":"setSpeed","speed":10}"#.into())
    );
    assert_eq!(
        check(r#"{"cmd":"seek","step":1e300}"#),
        Ok(r#"{"cmd":"seek","step":4294967295}"#.into())
    );
    assert_eq!(
        check(r#"{"cmd":"setStart","x":3,"y":4,"extra":[1]}"#),
        Ok(r#"{"cmd":"setStart","x":3,"y":4}"#.into())
    );
    assert!(check(r#"{"cmd":"loadMap","map":"maze-63"}"#).is_ok());
    assert!(check(r#"{"cmd":"setSettings","settings":{}}"#).is_ok());
    for (json, why) in [
        (r#"{"cmd":"explode"}"#, "Unknown command \"explode\""),
        (r#"{"cmd":["step"]}"#, "Unknown command an array"),
        (r#"{"cmd":"step","n":0}"#, "whole number of expansions"),
        (r#"{"cmd":"setSpeed","speed":"fast"}"#, "speed must be"),
        (
            r#"{"cmd":"setStart","x":4294967297,"y":1}"#,
            "outside every map",
        ),
        (r#"{"cmd":"setSettings","settings":[]}"#, "an object"),
        (r#"{"cmd":"loadMap","map":{}}"#, "loadMap command needs map"),
        ("42", "A message needs cmd"),
    ] {
        let e = check(json).unwrap_err();
        assert!(e.contains(why), "{json}: {e}");
    }
    // A long string is measured, not copied: a map's text over the limit is refused by length.
    let huge = JsValue::from_str(&"x".repeat(pathlab::command::MAX_MAP_TEXT + 1));
    let msg = js_sys::Object::new();
    Reflect::set(&msg, &"cmd".into(), &"loadMap".into()).unwrap();
    Reflect::set(&msg, &"map".into(), &huge).unwrap();
    let e = message(pathlab::wasm::check_command(msg.into(), 11).unwrap_err());
    assert!(e.contains("too large"), "{e}");
    let typed = js_sys::Object::new();
    Reflect::set(&typed, &"cmd".into(), &"setSettings".into()).unwrap();
    Reflect::set(
        &typed,
        &"settings".into(),
        &js_sys::Uint8Array::new_with_length(4),
    )
    .unwrap();
    assert!(
        pathlab::wasm::check_command(typed.into(), 11).is_err(),
        "a typed array is not settings"
    );
    let checked =
        pathlab::wasm::check_command(parse(r#"{"cmd":"setGoal","x":1,"y":2}"#), 11).unwrap();
    assert_shape(&checked, "CheckedCommand");
    // The field and range commands (issue 20).
    assert_eq!(
        check(r#"{"cmd":"setView","view":"field"}"#),
        Ok(r#"{"cmd":"setView","view":"field"}"#.into())
    );
    assert_eq!(
        check(r#"{"cmd":"setRange","x":3,"y":4,"budget":6.5}"#),
        Ok(r#"{"cmd":"setRange","x":3,"y":4,"budget":6.5}"#.into())
    );
    assert_eq!(
        check(r#"{"cmd":"releaseWalkers","count":50,"seed":7}"#),
        Ok(r#"{"cmd":"releaseWalkers","count":50,"seed":7}"#.into())
    );
    assert_eq!(
        check(r#"{"cmd":"releaseWalkers","count":50,"seed":null}"#),
        Ok(r#"{"cmd":"releaseWalkers","count":50}"#.into())
    );
    for (json, why) in [
        (r#"{"cmd":"setView","view":"heat"}"#, "needs view"),
        (r#"{"cmd":"setView"}"#, "needs view"),
        (r#"{"cmd":"setRange","x":3,"y":4}"#, "needs budget"),
        (
            r#"{"cmd":"setRange","x":3,"y":4,"budget":"5"}"#,
            "needs budget",
        ),
        (
            r#"{"cmd":"setRange","x":-3,"y":4,"budget":5}"#,
            "whole, non-negative x",
        ),
        (r#"{"cmd":"releaseWalkers","count":0}"#, "needs count"),
        (r#"{"cmd":"releaseWalkers"}"#, "needs count"),
        (
            r#"{"cmd":"releaseWalkers","count":3,"seed":"x"}"#,
            "takes seed",
        ),
    ] {
        let e = check(json).unwrap_err();
        assert!(e.contains(why), "{json}: {e}");
    }
    for json in [
        r#"{"cmd":"setView","view":"range"}"#,
        r#"{"cmd":"setRange","x":1,"y":2,"budget":3}"#,
        r#"{"cmd":"releaseWalkers","count":3,"seed":1}"#,
    ] {
        let checked = pathlab::wasm::check_command(parse(json), 11).unwrap();
        assert_shape(&checked, "CheckedCommand");
        let name = get(&checked, "cmd").as_string().unwrap();
        assert!(ts_union("CommandName").contains(&name));
    }
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
    let palette: Vec<u32> = (0..pathlab::frame::PALETTE_LEN as u32).collect();
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
        pathlab::STATE_COUNT as u32 + 2,
        "terrain 1, closed: palette[cell * STATE_COUNT + state]"
    );
    assert_eq!(frame[2], 0, "wall");
}

#[wasm_bindgen_test]
fn changes_come_as_tiles_the_search_touched_and_the_frame_repaints_only_those() {
    let mut p = Planner::new(200, 100).unwrap();
    p.set_palette(&(0..pathlab::frame::PALETTE_LEN as u32).collect::<Vec<_>>())
        .unwrap();
    assert_eq!(
        p.take_changes(),
        [0, 0, 200, 100],
        "a new planner: everything"
    );
    assert!(p.take_changes().is_empty(), "taken once");
    p.set_start(100, 50).unwrap();
    p.render();
    assert_eq!(
        p.dirty_rects(),
        [0, 0, 200, 100],
        "a first frame is painted whole"
    );
    p.step_once();
    let parts = p.take_changes();
    assert_eq!(
        parts,
        [96, 32, 32, 32],
        "one expansion: the tile around the start"
    );
    p.render();
    assert!(
        p.dirty_rects().is_empty(),
        "the changes were taken: nothing to repaint"
    );
    p.step_once();
    p.render();
    // The cells of both steps: the changes of the first were taken above, unpainted.
    assert_eq!(
        p.dirty_rects(),
        [99, 49, 4, 4],
        "only the cells the steps changed"
    );
    p.repaint_all();
    assert_eq!(p.take_changes(), [0, 0, 200, 100]);
    p.repaint_all();
    p.render();
    assert_eq!(
        p.dirty_rects(),
        [0, 0, 200, 100],
        "a forgotten frame repaints whole"
    );
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
    p.load_cells(3, 2, vec![1, 0, 2, 3, 4, 1], Some(vec![0, 0, 2, 1]), None)
        .unwrap();
    assert_eq!(p.cell(2, 0), 2);
    assert!(p.load_cells(3, 2, vec![9; 6], None, None).is_err());
    assert!(
        p.load_cells(3, 2, vec![0; 6], None, None).is_err(),
        "no open cell"
    );
    assert_eq!(p.cell(2, 0), 2);
}

#[wasm_bindgen_test]
fn images_load_as_grids() {
    let mut p = Planner::new(4, 4).unwrap();
    // 3×1: a white pixel, a black one and a white one (the start and the goal need two free
    // cells: issue 26).
    let rgba = [255, 255, 255, 255, 0, 0, 0, 255, 255, 255, 255, 255];
    p.load_image(3, 1, &rgba).unwrap();
    assert_eq!((p.width(), p.height()), (3, 1));
    assert_eq!(p.cell(0, 0), 1);
    assert_eq!(p.cell(1, 0), 0);
    assert!(p.load_image(3, 3, &rgba).is_err(), "wrong byte count");
    // One free cell: refused, the map kept.
    assert!(p.load_image(2, 1, &rgba[..8]).is_err(), "one free cell");
    assert_eq!((p.width(), p.height()), (3, 1));
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

/// Everything a share link must carry, as one comparable value.
fn snapshot(p: &mut Planner) -> (u32, u32, Vec<u8>, String, String, String) {
    let cells: Vec<u8> = (0..p.height())
        .flat_map(|y| (0..p.width()).map(move |x| (x, y)))
        .map(|(x, y)| p.cell(x, y))
        .collect();
    let show = |v: JsValue| JSON::stringify(&v).unwrap().as_string().unwrap();
    (
        p.width(),
        p.height(),
        cells,
        show(p.start().unwrap()),
        show(p.goal().unwrap()),
        show(p.settings().unwrap()),
    )
}

#[wasm_bindgen_test]
fn share_links_restore_the_whole_state() {
    let mut p = Planner::new(17, 9).unwrap();
    p.paint_line(3, 0, 3, 7, 1, 0).unwrap();
    p.paint_line(6, 2, 12, 2, 3, 4).unwrap();
    p.set_start(1, 4).unwrap();
    p.set_goal(15, 8).unwrap();
    p.set_settings(parse(
        r#"{"algorithm":"dijkstra","heuristic":"euclidean","weight":1.5,
            "movement":{"connectivity":"4","diagonalRule":"always","diagonalCost":1.25},
            "neighbourOrder":"goal-directed","nodeBudget":500}"#,
    ))
    .unwrap();
    let link = p.share_link();
    assert!(link.starts_with("v2."), "{link}");
    let before = snapshot(&mut p);
    let mut q = Planner::new(3, 3).unwrap();
    q.load_link(&format!("#{link}")).unwrap();
    assert_eq!(snapshot(&mut q), before);
    let mut r = Planner::new(3, 3).unwrap();
    r.load_link(&link).unwrap();
    assert_eq!(snapshot(&mut r), before);
}

#[wasm_bindgen_test]
fn bad_links_throw_and_leave_the_planner_unchanged() {
    let mut p = Planner::new(12, 6).unwrap();
    p.paint_line(5, 0, 5, 4, 1, 0).unwrap();
    let before = snapshot(&mut p);
    let good = p.share_link();
    let cases = [
        ("v4.AAAA".to_string(), "newer Pathlab (v4)"),
        ("hello".to_string(), "not a Pathlab link"),
        (good[..good.len() - 6].to_string(), "link"),
        (format!("{}!!", good), "base64"),
        (format!("v1.{}", "A".repeat(2_100_000)), "too long"),
    ];
    for (link, expected) in cases {
        let err = p.load_link(&link).expect_err("a bad link is refused");
        let msg = message(err);
        assert!(
            msg.contains(expected),
            "{msg:?} should mention {expected:?}"
        );
        assert_eq!(snapshot(&mut p), before, "unchanged after {msg}");
    }
}

#[wasm_bindgen_test]
fn short_links_name_the_map_and_carry_markers_and_settings() {
    let mut p = Planner::new(20, 20).unwrap();
    p.set_start(2, 3).unwrap();
    p.set_settings(parse(r#"{"algorithm":"bfs"}"#)).unwrap();
    let link = p.short_link("maze-63").unwrap();
    assert_eq!(link, "map=maze-63&start=2,3&goal=19,19&algo=bfs");
    assert_eq!(
        Planner::short_link_map(&format!("#{link}")).unwrap(),
        "maze-63"
    );
    assert!(message(Planner::short_link_map("start=1,1").unwrap_err()).contains("no map"));
    assert!(p.short_link("../x").is_err());
    let mut q = Planner::new(20, 20).unwrap();
    q.apply_short_link(&link).unwrap();
    assert_eq!(snapshot(&mut q), snapshot(&mut p));
    q.paint_line(9, 9, 9, 9, 1, 0).unwrap();
    let before = snapshot(&mut q);
    for bad in [
        "map=maze-63&start=9,9",
        "map=maze-63&goal=99,1",
        "map=maze-63&weight=-1",
        "map=maze-63&algo=teleport",
    ] {
        assert!(q.apply_short_link(bad).is_err(), "{bad}");
        assert_eq!(snapshot(&mut q), before, "unchanged after {bad}");
    }
}

#[wasm_bindgen_test]
fn generators_replace_the_map_with_connected_markers() {
    let table: js_sys::Array = Planner::generators().unwrap().dyn_into().unwrap();
    let kinds: Vec<String> = table
        .iter()
        .map(|row| get(&row, "id").as_string().unwrap())
        .collect();
    let uses: Vec<bool> = table
        .iter()
        .map(|row| get(&row, "usesDensity").as_bool().unwrap())
        .collect();
    assert_eq!(
        uses,
        [false, false, false, true, true],
        "only random and terrain read it"
    );
    assert_eq!(
        kinds,
        [
            "recursive-division",
            "dfs-maze",
            "rooms",
            "random",
            "terrain"
        ]
    );
    let mut p = Planner::new(5, 5).unwrap();
    for kind in &kinds {
        p.generate(kind, 41, 31, 12345.0, 0.25, None).unwrap();
        assert_eq!((p.width(), p.height()), (41, 31));
        assert_eq!(p.run_to_end(), "found", "{kind}");
    }
    let before = snapshot(&mut p);
    for (kind, seed, density) in [
        ("spiral", 1.0, 0.1),
        ("random", -1.0, 0.1),
        ("random", 0.5, 0.1),
        ("random", 9007199254740992.0, 0.1),
        ("random", 1.0, 0.95),
        ("dfs-maze", 1.0, f64::NAN),
    ] {
        assert!(
            p.generate(kind, 30, 30, seed, density, None).is_err(),
            "{kind}"
        );
        assert_eq!(snapshot(&mut p), before);
    }
    assert!(message(p.generate("spiral", 9, 9, 1.0, 0.0, None).unwrap_err()).contains("dfs-maze"));
}

#[wasm_bindgen_test]
fn image_export_reads_back_as_the_same_map() {
    let mut p = Planner::new(6, 4).unwrap();
    p.paint_line(0, 1, 5, 1, 1, 3).unwrap();
    p.paint_line(2, 0, 2, 3, 1, 0).unwrap();
    let rgba = p.export_image();
    assert_eq!(rgba.len(), 6 * 4 * 4);
    let grid = pathlab::formats::bitmap::grid_from_rgba(6, 4, &rgba).unwrap();
    let cells: Vec<u8> = (0..4)
        .flat_map(|y| (0..6).map(move |x| (x, y)))
        .map(|(x, y)| p.cell(x, y))
        .collect();
    assert_eq!(grid.bytes(), cells.as_slice());
}

const SCEN_MAP: &str = "type octile\nheight 3\nwidth 5\nmap\n.....\n.@@@.\n.....\n";

#[wasm_bindgen_test]
fn scenarios_load_check_and_apply() {
    let mut p = Planner::new(5, 3).unwrap();
    p.load_map_text(SCEN_MAP, None).unwrap();
    let list = p
        .load_scen("version 1\n0\tt.map\t5\t3\t0\t1\t4\t1\t6\n1\tt.map\t5\t3\t0\t0\t4\t0\t5\n")
        .unwrap();
    let list: js_sys::Array = list.dyn_into().unwrap();
    assert_eq!(list.length(), 2);
    let first = list.get(0);
    assert_eq!(num(&first, "index"), 0.0);
    assert_eq!(get(&first, "map").as_string().unwrap(), "t.map");
    assert_eq!(JSON::stringify(&get(&first, "start")).unwrap(), "[0,1]");
    assert_eq!(num(&first, "optimal"), 6.0);

    p.set_settings(parse(r#"{"algorithm":"bfs"}"#)).unwrap();
    p.use_scenario(1).unwrap();
    assert_eq!(num(&p.start().unwrap(), "y"), 0.0);
    assert_eq!(
        get(&p.settings().unwrap(), "algorithm")
            .as_string()
            .unwrap(),
        "astar"
    );
    assert!(message(p.use_scenario(2).unwrap_err()).contains("no scenario 2"));

    let before = snapshot(&mut p);
    let report = p.check_scenarios(0, 10).unwrap();
    assert_eq!(num(&report, "checked"), 2.0);
    assert_eq!(
        num(&report, "matched"),
        1.0,
        "the second length is wrong on purpose"
    );
    let failures: js_sys::Array = get(&report, "failures").dyn_into().unwrap();
    assert_eq!(num(&failures.get(0), "index"), 1.0);
    assert_eq!(num(&failures.get(0), "expected"), 5.0);
    assert_eq!(num(&failures.get(0), "got"), 4.0);
    assert_eq!(
        snapshot(&mut p),
        before,
        "checking leaves the user's state alone"
    );
    let chunk = p.check_scenarios(1, 5).unwrap();
    assert_eq!(num(&chunk, "checked"), 1.0);
    assert_eq!(num(&p.check_scenarios(7, 5).unwrap(), "checked"), 0.0);
}

#[wasm_bindgen_test]
fn scenarios_that_do_not_fit_the_map_name_the_line() {
    let mut p = Planner::new(5, 3).unwrap();
    p.load_map_text(SCEN_MAP, None).unwrap();
    let cases = [
        (
            "version 1\n0\tt.map\t5\t3\t0\t0\t1\t0\t1\n0\tt.map\t9\t3\t0\t0\t1\t0\t1\n",
            "line 3",
        ),
        (
            "version 1\n\n0\tt.map\t5\t3\t2\t1\t1\t0\t1\n",
            "line 3: the start (2, 1) is a wall",
        ),
        ("version 1\n0\tt.map\t5\t3\t0\t0\t1\n", "line 2"),
    ];
    for (text, expected) in cases {
        let msg = message(p.load_scen(text).unwrap_err());
        assert!(
            msg.contains(expected),
            "{msg:?} should contain {expected:?}"
        );
    }
}

#[wasm_bindgen_test]
fn a_million_cell_maze_link_round_trips_and_prints_its_timing() {
    // Figures, not assertions: what Copy link and opening a link cost on a 1024² maze.
    let mut p = Planner::new(10, 10).unwrap();
    let now = || js_sys::Date::now();
    let t0 = now();
    p.generate("dfs-maze", 1024, 1024, 1024.0, 0.0, None)
        .unwrap();
    let t1 = now();
    let link = p.share_link();
    let t2 = now();
    let mut q = Planner::new(3, 3).unwrap();
    q.load_link(&link).unwrap();
    let t3 = now();
    assert_eq!(q.share_link(), link);
    console_log!(
        "1024² dfs-maze: generate {} ms, shareLink {} ms ({} characters), loadLink {} ms",
        t1 - t0,
        t2 - t1,
        link.len(),
        t3 - t2
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
    let err = p.connect_mesh_nodes(a, b).expect_err("no line of sight");
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

// ---- Timeline (issue 8) ----

#[wasm_bindgen_test]
fn recording_switched_off_leaves_the_timeline_empty_and_the_answer_unchanged() {
    let mut p = Planner::new(30, 20).unwrap();
    assert!(p.recording());
    p.set_recording(false);
    assert!(!p.recording());
    assert_eq!(p.run_to_end(), "found");
    assert_eq!(p.timeline_length(), 0);
    assert_eq!(p.timeline_events(), 0.0);
    p.seek(3.0).unwrap();
    assert_eq!(
        p.status(),
        "found",
        "nothing to seek to: still the live search"
    );
    let expanded = num(&p.stats().unwrap(), "expanded");
    p.set_recording(true);
    p.reset_search();
    assert_eq!(p.run_to_end(), "found");
    assert_eq!(num(&p.stats().unwrap(), "expanded"), expanded);
    assert_eq!(p.timeline_length() as f64, expanded);
}

#[wasm_bindgen_test]
fn the_timeline_seeks_back_and_forward_and_clamps() {
    let mut p = Planner::new(30, 20).unwrap();
    p.set_settings(parse(r#"{"algorithm": "dijkstra"}"#))
        .unwrap();
    p.set_speed("expansions", 25.0).unwrap();
    p.step();
    p.step();
    assert_eq!(p.timeline_length(), 50);
    assert_eq!(p.timeline_position(), 50, "live: position is the length");
    assert!(p.timeline_complete());
    let version = p.version();
    p.seek(10.0).unwrap();
    assert!(p.version() != version, "a seek repaints");
    assert_eq!(p.timeline_position(), 10);
    assert_eq!(num(&p.stats().unwrap(), "expanded"), 10.0);
    assert_eq!(p.status(), "running");
    p.seek(-5.0).unwrap();
    assert_eq!(p.timeline_position(), 0);
    assert_eq!(num(&p.stats().unwrap(), "expanded"), 0.0);
    assert!(p.current().unwrap().is_undefined());
    p.seek(1e12).unwrap();
    assert_eq!(p.timeline_position(), 50, "clamped to the live end");
    p.seek(f64::NAN).unwrap();
    assert_eq!(p.timeline_position(), 0);
    // Stepping while scrubbed moves through the record, then goes live again.
    p.step();
    assert_eq!(p.timeline_position(), 25);
    p.step();
    p.step();
    assert_eq!(p.timeline_position(), p.timeline_length());
    assert!(p.timeline_events() >= 50.0);
    assert!(p.timeline_bytes() >= 4.0 * p.timeline_events());
}

#[wasm_bindgen_test]
fn open_top_lists_the_open_list_in_pop_order() {
    let mut p = Planner::new(20, 20).unwrap();
    p.set_settings(parse(r#"{"algorithm": "dijkstra"}"#))
        .unwrap();
    p.set_speed("expansions", 1.0).unwrap();
    for _ in 0..30 {
        p.step();
    }
    p.seek(12.0).unwrap();
    let top: js_sys::Array = p.open_top(5).unwrap().dyn_into().unwrap();
    assert_eq!(top.length(), 5);
    let gs: Vec<f64> = top.iter().map(|e| num(&e, "g")).collect();
    assert!(gs.windows(2).all(|w| w[0] <= w[1]), "pop order: {gs:?}");
    let first = top.get(0);
    assert!(!p.open_why().is_empty());
    p.seek(13.0).unwrap();
    let current = p.current().unwrap();
    assert_eq!(
        num(&current, "x"),
        num(&first, "x"),
        "entry 0 is expanded next"
    );
    assert_eq!(num(&current, "y"), num(&first, "y"));
    let node = p
        .node(num(&first, "x") as u32, num(&first, "y") as u32)
        .unwrap();
    assert_eq!(get(&node, "state").as_string().unwrap(), "closed");
    p.set_settings(parse(r#"{"algorithm": "bidirectional"}"#))
        .unwrap();
    p.step();
    let top: js_sys::Array = p.open_top(3).unwrap().dyn_into().unwrap();
    let direction = get(&top.get(0), "direction").as_string().unwrap();
    assert!(direction == "forward" || direction == "backward");
    p.set_settings(parse(r#"{"algorithm": "lpa"}"#)).unwrap();
    let top: js_sys::Array = p.open_top(1).unwrap().dyn_into().unwrap();
    let key: js_sys::Array = get(&top.get(0), "key").dyn_into().unwrap();
    assert_eq!(key.length(), 2);
}

#[wasm_bindgen_test]
fn an_empty_or_finished_planner_never_throws() {
    let mut p = Planner::new(1, 1).unwrap();
    assert_eq!(p.timeline_length(), 0);
    p.seek(3.0).unwrap();
    p.run_to_end();
    let top: js_sys::Array = p.open_top(10).unwrap().dyn_into().unwrap();
    assert_eq!(top.length(), 0);
    assert_eq!(p.open_why(), "");
    p.seek(0.0).unwrap();
    let _ = p.open_top(0).unwrap();
    let _ = p.node(0, 0).unwrap();
    assert!(p.node(5, 5).unwrap().is_undefined());
    // Editing while scrubbed back: the future is discarded, the position stays.
    let mut q = Planner::new(40, 30).unwrap();
    q.run_to_end();
    let len = q.timeline_length();
    q.seek(f64::from(len / 2)).unwrap();
    q.paint_line(20, 0, 20, 10, 1, 0).unwrap();
    assert_eq!(q.timeline_length(), len / 2);
    assert_eq!(q.timeline_position(), len / 2);
}

/// `performance.now()`: finer than `Date.now()`'s whole milliseconds.
fn performance_now() -> f64 {
    let performance = get(&js_sys::global(), "performance");
    let now: js_sys::Function = get(&performance, "now").dyn_into().unwrap();
    now.call0(&performance).unwrap().as_f64().unwrap()
}

#[wasm_bindgen_test]
fn seeking_a_million_cell_dijkstra_prints_its_timing() {
    // Figures, not assertions: recording and seeking on a 1024² maze in the browser.
    let mut p = Planner::new(10, 10).unwrap();
    p.generate("dfs-maze", 1024, 1024, 1024.0, 0.0, None)
        .unwrap();
    p.set_settings(parse(r#"{"algorithm": "dijkstra"}"#))
        .unwrap();
    let t0 = performance_now();
    p.run_to_end();
    let run = performance_now() - t0;
    p.render();
    let len = p.timeline_length();
    let (mut seeks, mut renders) = (Vec::new(), Vec::new());
    let mut seed = 12345u32;
    for _ in 0..100 {
        seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12345);
        let k = f64::from(seed % len.max(1));
        let t = performance_now();
        p.seek(k).unwrap();
        let t1 = performance_now();
        p.render();
        seeks.push(t1 - t);
        renders.push(performance_now() - t1);
    }
    seeks.sort_by(f64::total_cmp);
    renders.sort_by(f64::total_cmp);
    let t = performance_now();
    let top = p.open_top(10).unwrap();
    let open_ms = performance_now() - t;
    assert!(!top.is_undefined());
    console_log!(
        "1024² maze Dijkstra in wasm: run with recording {:.0} ms, {} steps, {} events, {} \
         bytes; seek median {:.2} ms, worst {:.2} ms; render after a seek median {:.2} ms, \
         worst {:.2} ms; openTop after a seek {:.1} ms",
        run,
        len,
        p.timeline_events(),
        p.timeline_bytes(),
        seeks[50],
        seeks[99],
        renders[50],
        renders[99],
        open_ms
    );
}

#[wasm_bindgen_test]
fn the_algorithm_table_reaches_js_in_menu_order_with_its_flags() {
    let table: js_sys::Array = Planner::algorithms().unwrap().dyn_into().unwrap();
    let ids: Vec<String> = table
        .iter()
        .map(|row| get(&row, "id").as_string().unwrap())
        .collect();
    let expected: Vec<&str> = pathlab::Algorithm::ALL.iter().map(|a| a.name()).collect();
    assert_eq!(ids, expected);
    let jps = table.get(4);
    assert_eq!(get(&jps, "label").as_string().unwrap(), "Jump Point Search");
    assert_eq!(
        get(&get(&jps, "needs"), "uniformCost").as_bool(),
        Some(true)
    );
    assert_eq!(get(&jps, "usesWeight").as_bool(), Some(true));
    let lpa = table.get(7);
    assert_eq!(get(&lpa, "repairs").as_bool(), Some(true));
    assert!(js_sys::Array::is_array(&get(&lpa, "paints")));
}

#[wasm_bindgen_test]
fn lanes_share_one_map_and_each_handle_reads_its_own_search() {
    let mut first = Planner::new(12, 7).unwrap();
    let mut second = first.add_lane().unwrap();
    assert_eq!(first.lane_count(), 2);
    second
        .set_settings(parse(r#"{"algorithm":"dijkstra"}"#))
        .unwrap();
    // A stroke through one handle walls the map both search; every reader of the other
    // handle (stats, links, cells, the frame) works while the first is borrowed no longer.
    first.begin_stroke();
    first.paint_line(5, 0, 5, 5, 1, 0).unwrap();
    first.end_stroke();
    assert_eq!(second.cell(5, 3), 0);
    assert_eq!(first.run_to_end(), "found");
    assert_eq!(second.run_to_end(), "found");
    let cost = |p: &Planner| num(&p.stats().unwrap(), "pathCost");
    assert!((cost(&first) - cost(&second)).abs() < 1e-9);
    assert_ne!(
        num(&first.stats().unwrap(), "expanded"),
        num(&second.stats().unwrap(), "expanded"),
        "A* and Dijkstra expand differently"
    );
    assert_eq!(first.export_map(), second.export_map(), "one map");
    assert!(
        second.undo(),
        "one edit history: undone through the other handle"
    );
    assert_eq!(first.cell(5, 3), 1);
    assert!(!first.can_undo());
    assert!(!first.mesh_blocked_edges().iter().any(|&b| b != 0));
    // Freeing a handle removes its lane; the other goes on.
    drop(second);
    assert_eq!(first.lane_count(), 1);
    first.reset_search();
    assert_eq!(first.run_to_end(), "found");
}

/// The TypeScript shapes the planner declares for JS (src/wasm/types.d.ts).
const TYPES: &str = include_str!("../src/wasm/types.d.ts");

/// The fields of `interface name` in [`TYPES`]: (name, optional).
fn ts_fields(name: &str) -> Vec<(String, bool)> {
    let head = format!("export interface {name} {{");
    let body = TYPES
        .split(&head)
        .nth(1)
        .expect("the interface is declared");
    let body = &body[..body.find("\n}").unwrap()];
    body.lines()
        .map(str::trim)
        .filter(|l| !l.starts_with("/*") && !l.starts_with('*') && l.contains(':'))
        .map(|l| {
            let name = &l[..l.find(':').unwrap()];
            match name.strip_suffix('?') {
                Some(n) => (n.to_string(), true),
                None => (name.to_string(), false),
            }
        })
        .collect()
}

/// The members of `type name = "a" | "b" …` in [`TYPES`].
fn ts_union(name: &str) -> Vec<String> {
    let head = format!("export type {name} =");
    let body = TYPES.split(&head).nth(1).expect("the type is declared");
    let body = &body[..body.find(';').unwrap()];
    body.split('|')
        .map(|m| m.trim().trim_matches('"').to_string())
        .collect()
}

/// Asserts that `value` has every required field of `interface`, and no field it lacks.
fn assert_shape(value: &JsValue, interface: &str) {
    let keys: Vec<String> = js_sys::Object::keys(value.unchecked_ref::<js_sys::Object>())
        .iter()
        .map(|k| k.as_string().unwrap())
        .collect();
    let fields = ts_fields(interface);
    for (name, optional) in &fields {
        assert!(
            *optional || keys.contains(name),
            "{interface}.{name} is declared but the object has only {keys:?}"
        );
    }
    for key in &keys {
        assert!(
            fields.iter().any(|(n, _)| n == key),
            "the object's `{key}` is missing from interface {interface}"
        );
    }
}

#[wasm_bindgen_test]
fn the_declared_typescript_shapes_are_the_objects_js_gets() {
    let mut p = Planner::new(12, 7).unwrap();
    p.set_speed("expansions", 5.0).unwrap();
    p.step();
    assert_shape(&p.stats().unwrap(), "Stats");
    assert_shape(&p.settings().unwrap(), "Settings");
    assert_shape(&get(&p.settings().unwrap(), "movement"), "Movement");
    assert_shape(&p.start().unwrap(), "Point");
    assert_shape(&p.current().unwrap(), "Point");
    assert_shape(&p.node(0, 0).unwrap(), "NodeInfo");
    let top: js_sys::Array = p.open_top(3).unwrap().dyn_into().unwrap();
    assert_shape(&top.get(0), "OpenEntry");
    let algorithms: js_sys::Array = Planner::algorithms().unwrap().dyn_into().unwrap();
    let states = ts_union("CellStateName");
    for a in algorithms.iter() {
        assert_shape(&a, "AlgorithmInfo");
        assert_shape(&get(&a, "needs"), "AlgorithmNeeds");
        for state in js_sys::Array::from(&get(&a, "paints")).iter() {
            assert!(states.contains(&state.as_string().unwrap()), "{state:?}");
        }
    }
    let generators: js_sys::Array = Planner::generators().unwrap().dyn_into().unwrap();
    assert_shape(&generators.get(0), "GeneratorInfo");
    let split = pathlab::wasm::split_link("map=a&compare=astar,dijkstra:1.5&step=3").unwrap();
    assert_shape(&split, "SplitLink");
    assert_shape(
        &js_sys::Array::from(&get(&split, "compare")).get(0),
        "ComparePlanner",
    );
    assert_shape(
        &pathlab::wasm::split_link("map=a&step=3").unwrap(),
        "SplitLink",
    );
    p.load_map_text(SCEN_MAP, None).unwrap();
    let scens: js_sys::Array = p
        .load_scen("version 1\n0\tt.map\t5\t3\t0\t1\t4\t1\t6\n")
        .unwrap()
        .dyn_into()
        .unwrap();
    assert_shape(&scens.get(0), "ScenarioInfo");
    assert_shape(&p.check_scenarios(0, 1).unwrap(), "ScenarioReport");
    // Every member of the declared unions is a value the planner takes or gives.
    let status = get(&p.stats().unwrap(), "status").as_string().unwrap();
    assert!(ts_union("SearchStatus").contains(&status));
    // Every heuristic is offered on some shape, and taken on a map of that shape.
    let mut offered = Vec::new();
    for shape in ts_union("ShapeName") {
        let mut q = Planner::new(6, 5).unwrap();
        q.new_map(6, 5, Some(shape.clone())).unwrap();
        let menu: js_sys::Array = Planner::heuristics(&shape).unwrap().dyn_into().unwrap();
        for option in menu.iter() {
            assert_shape(&option, "MenuOption");
            let id = get(&option, "id").as_string().unwrap();
            q.set_settings(parse(&format!(r#"{{"heuristic":"{id}"}}"#)))
                .unwrap_or_else(|e| panic!("{shape} {id}: {}", message(e)));
            offered.push(id);
        }
    }
    for member in ts_union("Heuristic") {
        assert!(offered.contains(&member), "{member} is on no shape's menu");
    }
    let shapes: js_sys::Array = Planner::shapes().unwrap().dyn_into().unwrap();
    assert_shape(&shapes.get(0), "MenuOption");
    let ids: Vec<String> = shapes
        .iter()
        .map(|s| get(&s, "id").as_string().unwrap())
        .collect();
    assert_eq!(ids, ts_union("ShapeName"));
    for (field, union) in [("neighbourOrder", "NeighbourOrder")] {
        for member in ts_union(union) {
            p.set_settings(parse(&format!(r#"{{"{field}":"{member}"}}"#)))
                .unwrap_or_else(|e| panic!("{field} {member}: {}", message(e)));
        }
    }
    for (field, union) in [
        ("connectivity", "Connectivity"),
        ("diagonalRule", "DiagonalRule"),
    ] {
        for member in ts_union(union) {
            // A movement is read whole: change one field of the current one.
            let movement = get(&p.settings().unwrap(), "movement");
            Reflect::set(&movement, &field.into(), &member.as_str().into()).unwrap();
            let settings = js_sys::Object::new();
            Reflect::set(&settings, &"movement".into(), &movement).unwrap();
            p.set_settings(settings.into())
                .unwrap_or_else(|e| panic!("{field} {member}: {}", message(e)));
        }
    }
}

#[wasm_bindgen_test]
fn pseudocode_and_the_step_trace_cross_as_declared() {
    let lines: js_sys::Array = Planner::pseudocode("astar").unwrap().dyn_into().unwrap();
    assert!(lines.length() >= 8);
    assert_shape(&lines.get(0), "PseudocodeLine");
    assert!(message(Planner::pseudocode("quicksort").err().unwrap()).contains("unknown algorithm"));
    let names = Planner::trace_names().unwrap();
    assert_shape(&names, "TraceNames");
    let vars = js_sys::Array::from(&get(&names, "vars"));
    let says = js_sys::Array::from(&get(&names, "says"));
    let mut p = Planner::new(12, 7).unwrap();
    p.step_once();
    p.step_once();
    let flat = p.step_trace();
    // [step, note, count], then [line, say, x, y, n] and n × [var, a, b] per sub-step.
    assert_eq!(&flat[..2], &[2.0, 0.0]);
    let mut at = 3;
    for _ in 0..flat[2] as usize {
        let (line, say, n) = (flat[at], flat[at + 1], flat[at + 4] as usize);
        assert!(line < f64::from(lines.length()) && say < f64::from(says.length()));
        for v in 0..n {
            assert!(flat[at + 5 + 3 * v] < f64::from(vars.length()));
        }
        at += 5 + 3 * n;
    }
    assert_eq!(at, flat.len(), "the numbers decode to the end");
    let first = says.get(flat[4] as u32).as_string().unwrap();
    assert_eq!(first, "pop-f", "A*'s step starts with the pop by f");
}

// ---- Hexagonal maps (issue 20) ----

#[wasm_bindgen_test]
fn hex_maps_are_made_generated_loaded_and_kept_with_their_shape() {
    let mut p = Planner::new(10, 8).unwrap();
    assert_eq!(p.shape(), "square");
    p.new_map(12, 9, Some("hex-rows".into())).unwrap();
    assert_eq!(
        (p.shape().as_str(), p.width(), p.height()),
        ("hex-rows", 12, 9)
    );
    let err = p.new_map(12, 9, Some("triangles".into())).unwrap_err();
    assert!(message(err).contains("hex-columns"));
    assert_eq!(p.shape(), "hex-rows", "a refused map keeps the old one");
    // Generated hex maps, over settings that do not fit hexes: they are fitted.
    p.new_map(12, 9, None).unwrap();
    p.set_settings(parse(r#"{"algorithm":"jps","heuristic":"octile"}"#))
        .unwrap();
    p.generate("dfs-maze", 21, 15, 7.0, 0.0, Some("hex-columns".into()))
        .unwrap();
    assert_eq!(p.shape(), "hex-columns");
    let settings = p.settings().unwrap();
    assert_eq!(get(&settings, "algorithm").as_string().unwrap(), "astar");
    assert!(get(&settings, "heuristic").is_null());
    assert_eq!(p.run_to_end(), "found");
    let why = p
        .algorithm_unavailable("jps")
        .expect("JPS is refused on hexes");
    assert!(why.contains("square cells"), "{why}");
    // Export and load keep the shape; so do saved cells and a planner's state taken over.
    let text = p.export_map();
    assert!(text.contains("type hex-columns"), "{text}");
    let mut q = Planner::new(5, 5).unwrap();
    q.load_map_text(&text, None).unwrap();
    assert_eq!(q.shape(), "hex-columns");
    q.load_cells(3, 2, vec![1; 6], None, Some("hex-rows".into()))
        .unwrap();
    assert_eq!(q.shape(), "hex-rows");
    assert!(q
        .load_cells(3, 2, vec![1; 6], None, Some("round".into()))
        .is_err());
    q.load_from(&p).unwrap();
    assert_eq!(q.shape(), "hex-columns");
    assert_eq!(q.export_map(), text);
    for key in ["x", "y"] {
        assert_eq!(num(&q.start().unwrap(), key), num(&p.start().unwrap(), key));
        assert_eq!(num(&q.goal().unwrap(), key), num(&p.goal().unwrap(), key));
    }
    // A handle taking over its own planner's state changes nothing.
    let lane = q.add_lane().unwrap();
    q.load_from(&lane).unwrap();
    assert_eq!(q.export_map(), text);
}

#[wasm_bindgen_test]
fn hex_brushes_and_strokes_paint_hex_discs_and_hex_lines() {
    let mut p = Planner::new(10, 8).unwrap();
    assert_eq!(p.brush_cells(4, 4, 3).len(), 18, "a 3 × 3 block");
    p.new_map(10, 8, Some("hex-rows".into())).unwrap();
    let disc = p.brush_cells(4, 3, 3);
    assert_eq!(disc.len(), 14, "a hex and its six neighbours");
    // Row 3 is odd: its NE and SE neighbours are one column to the right.
    for (x, y) in [(4, 3), (5, 3), (3, 3), (4, 2), (5, 2), (4, 4), (5, 4)] {
        assert!(
            disc.chunks(2).any(|c| c == [x, y]),
            "({x}, {y}) in {disc:?}"
        );
    }
    // On the map only: a corner's disc keeps its three hexes on the map.
    assert_eq!(p.brush_cells(0, 0, 3).len(), 6);
    // A stroke is a hex line: one hex per hex step.
    assert_eq!(p.paint_line(1, 1, 7, 5, 1, 0).unwrap(), 9);
}

// ---- Distance fields and movement ranges (issue 20) ----

fn memory_bytes(ptr: *const u8, len: u32) -> Vec<u8> {
    let memory: js_sys::WebAssembly::Memory = wasm_bindgen::memory().dyn_into().unwrap();
    js_sys::Uint8Array::new_with_byte_offset_and_length(&memory.buffer(), ptr as u32, len).to_vec()
}

fn memory_words(ptr: *const u32, len: u32) -> Vec<u32> {
    let memory: js_sys::WebAssembly::Memory = wasm_bindgen::memory().dyn_into().unwrap();
    js_sys::Uint32Array::new_with_byte_offset_and_length(&memory.buffer(), ptr as u32, len).to_vec()
}

#[wasm_bindgen_test]
fn field_heat_and_flow_bytes_are_read_from_memory() {
    // . . # . .      the goal is at (4, 1); the wall at (2, 0) turns the top row's arrows
    // . . . . G      down.
    let mut p = Planner::new(5, 2).unwrap();
    p.paint_line(2, 0, 2, 0, 1, 0).unwrap();
    assert!(p.field_info().unwrap().is_undefined());
    assert_eq!(p.view(), "path");
    let version = p.version();
    p.set_view("field").unwrap();
    assert_eq!(p.view(), "field");
    assert!(p.version() > version, "the page repaints");
    let info = p.field_info().unwrap();
    assert_shape(&info, "FieldInfo");
    assert_shape(&get(&info, "goal"), "Point");
    assert_eq!(get(&info, "update").as_string().unwrap(), "built");
    assert_eq!(num(&info, "reached"), 9.0);
    let max = num(&info, "maxCost");
    // Costs are kept in fixed point: close to, not exactly, 3 + √2.
    assert!(
        (max - (3.0 + std::f64::consts::SQRT_2)).abs() < 1e-6,
        "{max}"
    );
    let heat = memory_bytes(p.field_heat_ptr().unwrap(), 10);
    assert_eq!((heat[9], heat[2], heat[0]), (0, 255, 254));
    let flow = memory_bytes(p.field_flow_ptr().unwrap(), 10);
    let vectors = p.move_vectors();
    assert_eq!(vectors.len(), 16, "8 moves on squares");
    // From (3, 1) the arrow points right, at the goal; none on the goal or the wall.
    let d = usize::from(flow[8]);
    assert_eq!((vectors[2 * d], vectors[2 * d + 1]), (1.0, 0.0));
    assert_eq!((flow[9], flow[2]), (255, 255));
    // From (1, 0) the way round the wall goes straight down: the diagonal past the wall's
    // corner would cut it.
    let d = usize::from(flow[1]);
    assert_eq!((vectors[2 * d], vectors[2 * d + 1]), (0.0, 1.0));
    // The exact costs the inspector shows: none on the wall, the largest at (0, 0).
    assert_eq!(p.field_cost(4, 1), Some(0.0));
    assert_eq!(p.field_cost(2, 0), None);
    assert!((p.field_cost(0, 0).unwrap() - max).abs() < 1e-9);
}

#[wasm_bindgen_test]
fn a_small_stroke_on_a_big_open_map_repairs_the_field_and_bumps_its_version() {
    let mut p = Planner::new(512, 512).unwrap();
    p.set_view("field").unwrap();
    let built = p.field_info().unwrap();
    let before = num(&built, "version");
    p.begin_stroke();
    p.paint_line(200, 250, 210, 250, 1, 0).unwrap();
    p.end_stroke();
    let info = p.field_info().unwrap();
    assert_eq!(get(&info, "update").as_string().unwrap(), "repaired");
    assert!(num(&info, "version") > before);
    assert!(num(&info, "expanded") < num(&built, "expanded"));
    let heat = memory_bytes(p.field_heat_ptr().unwrap(), 512 * 512);
    assert_eq!(heat[250 * 512 + 205], 255, "the new wall has no heat");
    assert_eq!(heat[511 * 512 + 511], 0, "the goal");
    console_log!(
        "field on 512²: built in {:.1} ms, a 11-cell stroke repaired in {:.2} ms",
        num(&built, "ms"),
        num(&info, "ms")
    );
    // Undo is a change of the field too.
    assert!(p.undo());
    assert!(num(&p.field_info().unwrap(), "version") > num(&info, "version"));
}

#[wasm_bindgen_test]
fn walkers_are_released_stepped_and_arrive() {
    let mut p = Planner::new(40, 30).unwrap();
    let err = p.release_walkers(5.0, None).unwrap_err();
    assert!(message(err).contains("show the field first"));
    p.set_view("field").unwrap();
    for bad in [0.0, -3.0, f64::NAN] {
        let err = p.release_walkers(bad, None).unwrap_err();
        assert_eq!(message(err), "release at least one walker");
        assert_eq!(p.walker_count(), 0, "nothing released");
    }
    assert_eq!(p.release_walkers(1e12, Some(2.0)).unwrap(), 10_000);
    assert_eq!(p.release_walkers(20_000.0, Some(2.0)).unwrap(), 10_000);
    let release = get(&p.field_info().unwrap(), "release");
    assert_shape(&release, "WalkerRelease");
    assert_eq!(
        (num(&release, "requested"), num(&release, "placed")),
        (20_000.0, 10_000.0)
    );
    let reason = get(&release, "reason").as_string().unwrap();
    assert_eq!(reason, "at most 10000 walkers are placed in one release");
    assert_eq!(p.release_walkers(60.0, Some(5.0)).unwrap(), 60);
    let release = get(&p.field_info().unwrap(), "release");
    assert_eq!(
        (num(&release, "requested"), num(&release, "placed")),
        (60.0, 60.0)
    );
    assert!(get(&release, "reason").is_undefined(), "all were placed");
    assert_eq!(p.walker_count(), 60);
    let xy = memory_words(p.walkers_ptr(), 120);
    assert!(xy.chunks(2).all(|w| w[0] < 40 && w[1] < 30));
    let mut steps = 0;
    while p.step_walkers() > 0 {
        steps += 1;
        assert!(steps < 100, "every walker arrives");
    }
    assert_eq!(p.walkers_arrived(), 60);
    let xy = memory_words(p.walkers_ptr(), 120);
    assert!(xy.chunks(2).all(|w| w == [39, 29]), "all on the goal");
    p.clear_walkers();
    assert_eq!((p.walker_count(), p.walkers_arrived()), (0, 0));
}

#[wasm_bindgen_test]
fn range_masks_and_outlines_on_squares_and_hexes() {
    let mut p = Planner::new(5, 5).unwrap();
    p.set_settings(parse(
        r#"{"movement":{"connectivity":"4","diagonalRule":"never","diagonalCost":1}}"#,
    ))
    .unwrap();
    assert!(p.range_info().unwrap().is_undefined());
    assert!(p.range_outline().is_empty());
    p.set_range(2, 2, 1.0).unwrap();
    assert_eq!(p.view(), "range");
    let info = p.range_info().unwrap();
    assert_shape(&info, "RangeInfo");
    assert_shape(&get(&info, "from"), "Point");
    assert_eq!((num(&info, "cells"), num(&info, "maxCost")), (5.0, 1.0));
    let mask = memory_bytes(p.range_mask_ptr().unwrap(), 25);
    let inside: Vec<usize> = (0..25).filter(|&i| mask[i] == 1).collect();
    assert_eq!(inside, [7, 11, 12, 13, 17], "a plus");
    let outline = p.range_outline();
    assert_eq!(outline.len(), 12 * 3, "12 sides face out");
    assert!(
        outline.chunks(3).all(|t| t[2] < 4),
        "squares: orthogonal sides"
    );
    assert!(
        !outline.chunks(3).any(|t| t[..2] == [2, 2]),
        "the middle is inside"
    );
    assert_eq!(p.range_cost(2, 1), Some(1.0));
    assert_eq!(p.range_cost(0, 0), None);
    // A wall drawn into the range shrinks it, and its version moves.
    let version = num(&info, "version");
    p.paint_line(2, 1, 2, 1, 1, 0).unwrap();
    let info = p.range_info().unwrap();
    assert_eq!(num(&info, "cells"), 4.0);
    assert!(num(&info, "version") > version);
    // Hexes: a hexagon and its six neighbours, 18 sides out, move indices 0–5.
    p.new_map(7, 7, Some("hex-columns".into())).unwrap();
    assert_eq!(p.view(), "range", "a new map keeps the view");
    let from = get(&p.range_info().unwrap(), "from");
    assert_eq!(
        (num(&from, "x"), num(&from, "y")),
        (2.0, 2.0),
        "and the range"
    );
    p.set_range(3, 3, 1.0).unwrap();
    assert_eq!(num(&p.range_info().unwrap(), "cells"), 7.0);
    let outline = p.range_outline();
    assert_eq!(outline.len(), 18 * 3);
    assert!(outline.chunks(3).all(|t| t[2] < 6));
    assert_eq!(p.move_vectors().len(), 12, "6 moves on hexes");
}

#[wasm_bindgen_test]
fn bad_view_and_range_inputs_throw_and_leave_the_planner_unchanged() {
    let mut p = Planner::new(8, 6).unwrap();
    p.paint_line(3, 3, 3, 3, 1, 0).unwrap();
    let err = p.set_view("heat").unwrap_err();
    assert!(message(err).contains("\"path\", \"field\" or \"range\""));
    assert_eq!(p.view(), "path");
    assert!(p.field_heat_ptr().is_err() && p.field_flow_ptr().is_err());
    assert!(message(p.range_mask_ptr().unwrap_err()).contains("setRange"));
    p.set_range(1, 1, 2.0).unwrap();
    let before = JSON::stringify(&p.range_info().unwrap()).unwrap();
    let map = p.export_map();
    for (x, y, budget, words) in [
        (3, 3, 2.0, "the range start (3, 3) is on a wall"),
        (9, 0, 2.0, "outside"),
        (1, 1, -1.0, "movement budget"),
        (1, 1, f64::NAN, "movement budget"),
        (1, 1, f64::INFINITY, "movement budget"),
        (1, 1, 1.5e6, "movement budget"),
    ] {
        let err = message(p.set_range(x, y, budget).unwrap_err());
        assert!(err.contains(words), "{err}");
        assert_eq!(p.view(), "range");
        assert_eq!(JSON::stringify(&p.range_info().unwrap()).unwrap(), before);
        assert_eq!(p.export_map(), map);
    }
    assert!(ts_union("ViewName").iter().all(|v| p.set_view(v).is_ok()));
}

#[wasm_bindgen_test]
fn views_cross_links_as_tail_fields() {
    let link = |json: &str| pathlab::wasm::format_link_tail(parse(json)).map_err(message);
    assert_eq!(
        link(r#"{"compare":null,"view":"field","walkers":40,"range":null,"step":9}"#),
        Ok("view=field&walkers=40&step=9".into())
    );
    assert_eq!(
        link(r#"{"view":"range","range":{"x":3,"y":4,"budget":6.5}}"#),
        Ok("view=range&range=3,4,6.5".into())
    );
    assert_eq!(link(r#"{"view":"path","step":null}"#), Ok(String::new()));
    for (json, words) in [
        (r#"{"view":"heat"}"#, "unknown variant `heat`"),
        (r#"{"view":"field","walkers":0}"#, "from 1 to 10000"),
        (r#"{"view":"range","walkers":3}"#, "needs view=field"),
        (r#"{"walkers":3}"#, "need a view"),
        (
            r#"{"view":"range","range":{"x":1,"y":2}}"#,
            "missing field `budget`",
        ),
        (
            r#"{"view":"range","range":{"x":1,"y":2,"budget":-1}}"#,
            "range=X,Y,BUDGET",
        ),
        (
            r#"{"compare":[{"algorithm":"bfs"},{"algorithm":"astar"}],"view":"field"}"#,
            "compare mode",
        ),
    ] {
        let err = link(json).unwrap_err();
        assert!(err.contains(words), "{json}: {err}");
    }
    let split = pathlab::wasm::split_link("map=a&view=range&range=2,3,4.5&step=1").unwrap();
    assert_shape(&split, "SplitLink");
    assert_eq!(get(&split, "view").as_string().unwrap(), "range");
    assert_shape(&get(&split, "range"), "LinkRange");
    let old = pathlab::wasm::split_link("map=a&step=1").unwrap();
    assert!(get(&old, "view").is_null() && get(&old, "walkers").is_null());
    // A planner's view goes out as link fields and comes back through applyLinkView.
    let mut p = Planner::new(20, 12).unwrap();
    assert_shape(&p.link_view().unwrap(), "LinkViewFields");
    assert!(get(&p.link_view().unwrap(), "view").is_null());
    p.apply_link_view(split.clone()).unwrap();
    assert_eq!(p.view(), "range");
    assert_eq!(num(&p.range_info().unwrap(), "budget"), 4.5);
    let fields = p.link_view().unwrap();
    assert_shape(&fields, "LinkViewFields");
    assert_eq!(
        JSON::stringify(&get(&fields, "range")).unwrap(),
        JSON::stringify(&get(&split, "range")).unwrap()
    );
    p.apply_link_view(parse(r#"{"view":"field","walkers":25}"#))
        .unwrap();
    assert_eq!((p.view().as_str(), p.walker_count()), ("field", 25));
    // Refused, changing nothing: a range cell on a wall, fields that do not fit, no object.
    p.paint_line(5, 5, 5, 5, 1, 0).unwrap();
    for bad in [
        r#"{"view":"range","range":{"x":5,"y":5,"budget":3}}"#,
        r#"{"view":"path","walkers":3}"#,
        r#"{"view":"field","walkers":0}"#,
        r#"7"#,
    ] {
        assert!(p.apply_link_view(parse(bad)).is_err(), "{bad}");
        assert_eq!((p.view().as_str(), p.walker_count()), ("field", 25));
    }
    // No view: the path, as an older link shows.
    p.apply_link_view(old).unwrap();
    assert_eq!(p.view(), "path");
}

/// `apply` takes the embed's command messages: checked once, made by the planner's one entry,
/// refused with the check's or the planner's message and nothing changed.
#[wasm_bindgen_test]
fn apply_makes_a_command_message_or_refuses_it_unchanged() {
    let mut p = Planner::new(10, 6).unwrap();
    let apply = |p: &mut Planner, json: &str| {
        p.apply(parse(json), None)
            .map(|v| JSON::stringify(&v).unwrap().as_string().unwrap())
            .map_err(message)
    };
    assert_eq!(
        apply(&mut p, r#"{"cmd":"setGoal","x":9,"y":0}"#),
        Ok(r#"{"kind":"done"}"#.into())
    );
    assert_eq!(num(&p.goal().unwrap(), "x"), 9.0);
    let version = p.version();
    assert_eq!(
        apply(&mut p, r#"{"cmd":"step","n":1000}"#),
        Ok(r#"{"kind":"status","value":"found"}"#.into())
    );
    assert!(p.version() != version, "a step bumps the planner's version");
    // Part of the settings: the rest stay.
    apply(
        &mut p,
        r#"{"cmd":"setSettings","settings":{"algorithm":"dijkstra"}}"#,
    )
    .unwrap();
    apply(&mut p, r#"{"cmd":"setSettings","settings":{"weight":1.5}}"#).unwrap();
    let settings = p.settings().unwrap();
    assert_eq!(get(&settings, "algorithm").as_string().unwrap(), "dijkstra");
    assert_eq!(num(&settings, "weight"), 1.5);
    assert_eq!(
        apply(&mut p, r#"{"cmd":"run"}"#),
        Ok(r#"{"kind":"page"}"#.into()),
        "running is the page's"
    );
    // Refusals: the message check's, then the planner's; either way nothing changes.
    p.paint_line(4, 0, 4, 0, 1, 0).unwrap();
    let version = p.version();
    assert_eq!(
        apply(&mut p, r#"{"cmd":"step","n":0}"#),
        Err(
            "The step command takes n: a whole number of expansions from 1 to 1000000, not 0"
                .into()
        )
    );
    let e = apply(&mut p, r#"{"cmd":"setStart","x":4,"y":0}"#).unwrap_err();
    assert!(e.contains("wall"), "{e}");
    let e = apply(&mut p, r#"{"cmd":"setSettings","settings":{"weight":-2}}"#).unwrap_err();
    assert!(e.starts_with("bad settings") || e.contains("weight"), "{e}");
    assert_eq!(p.version(), version, "a refusal changes nothing");
    assert_eq!(num(&p.start().unwrap(), "x"), 0.0);
    // A map the planner reads alone, and a handle's own lane.
    apply(
        &mut p,
        r#"{"cmd":"loadMap","map":"type octile\nheight 2\nwidth 3\nmap\n...\n.@.\n"}"#,
    )
    .unwrap();
    assert_eq!((p.width(), p.height()), (3, 2));
    let mut lane = p.add_lane().unwrap();
    apply(
        &mut lane,
        r#"{"cmd":"setSettings","settings":{"algorithm":"bfs"}}"#,
    )
    .unwrap();
    assert_eq!(
        get(&p.settings().unwrap(), "algorithm")
            .as_string()
            .unwrap(),
        "dijkstra",
        "settings applied through one handle stay in its lane"
    );
}

#[wasm_bindgen_test]
fn learn_mode_makes_and_checks_exercises_across_the_boundary() {
    use pathlab::wasm::{
        exercise_check, exercise_kinds, exercise_new, lesson_link, lesson_read, ready_lessons,
    };
    let spec = parse(r#"{"kind":"next-expansion","difficulty":3,"seed":11}"#);
    let exercise = exercise_new(spec.clone()).unwrap();
    assert_shape(&exercise, "LearnExercise");
    assert_eq!(
        JSON::stringify(&exercise).unwrap(),
        JSON::stringify(&exercise_new(spec.clone()).unwrap()).unwrap(),
        "the same spec makes the same exercise"
    );
    assert_eq!(get(&exercise, "answerWith").as_string().unwrap(), "cell");
    let width = num(&exercise, "width") as usize;
    let height = num(&exercise, "height") as usize;
    let states: js_sys::Array = get(&exercise, "states").dyn_into().unwrap();
    assert_eq!(states.length() as usize, width * height);
    // The exercise's map loads into a planner as any share link does.
    let mut p = Planner::new(4, 4).unwrap();
    p.load_link(&get(&exercise, "link").as_string().unwrap())
        .unwrap();
    assert_eq!(p.width() as usize, width);

    // The engine's answer (from the CLI's documented example) is right; another cell is not.
    let right = exercise_check(spec.clone(), parse(r#"{"cell":[17,5]}"#)).unwrap();
    assert_shape(&right, "LearnVerdict");
    assert_eq!(get(&right, "correct"), JsValue::TRUE);
    let explanation = get(&right, "explanation");
    assert_shape(&explanation, "LearnExplanation");
    assert_shape(&get(&explanation, "line"), "LearnLine");
    assert!(get(&explanation, "rule")
        .as_string()
        .unwrap()
        .contains("larger g"));
    let wrong = exercise_check(spec.clone(), parse(r#"{"cell":[0,0]}"#)).unwrap();
    assert_eq!(get(&wrong, "correct"), JsValue::FALSE);
    assert_eq!(
        JSON::stringify(&get(&wrong, "expected")).unwrap(),
        r#"{"cell":[17,5]}"#
    );

    // Refusals are errors with the learn module's reason, never panics.
    let err = exercise_new(parse(r#"{"kind":"nonsense"}"#)).unwrap_err();
    assert!(message(err).contains("not an exercise spec"));
    let err = exercise_new(parse(r#"{"kind":"jump-points","algorithm":"astar"}"#)).unwrap_err();
    assert!(
        message(err).contains("cannot ask about"),
        "the kind's reason"
    );
    let err = exercise_check(spec, parse(r#"{"colour":"red"}"#)).unwrap_err();
    assert!(message(err).contains("not an answer"));

    // Lessons: the ready ones with their links, read back by name, link or JSON.
    assert_eq!(exercise_kinds().len(), 8);
    let ready: js_sys::Array = ready_lessons().unwrap().dyn_into().unwrap();
    assert_eq!(ready.length(), 7);
    let first = ready.get(0);
    assert_shape(&first, "LearnLesson");
    let link = get(&first, "link").as_string().unwrap();
    assert!(link.starts_with("l1."));
    let by_link = lesson_read(&format!("#{link}")).unwrap();
    let by_name = lesson_read("bfs").unwrap();
    assert_eq!(
        JSON::stringify(&by_link).unwrap(),
        JSON::stringify(&by_name).unwrap()
    );
    assert_eq!(lesson_link(first).unwrap(), link);
    let err = lesson_read("l1.not-a-lesson").unwrap_err();
    assert!(!message(err).is_empty());

    // The page writes a lesson's JSON with the browser's JSON (no serde_json in the module):
    // its links and the CLI's (serde_json) read each other, the weighted one's `2` included.
    for (i, native) in pathlab::learn::lesson::ready_lessons().iter().enumerate() {
        let page_link = get(&ready.get(i as u32), "link").as_string().unwrap();
        assert_eq!(
            &pathlab::learn::Lesson::from_link(&page_link).unwrap(),
            native
        );
        let read = lesson_read(&native.to_link()).unwrap();
        assert_eq!(get(&read, "link").as_string().unwrap(), page_link);
    }
}
