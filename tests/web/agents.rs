//! Browser tests of the `#[wasm_bindgen]` `Agents` (the page's Agents view): placing agents
//! on a planner's map, solving, the dense paths, a bad imported plan's first conflict, the
//! solution format both ways, `.scen` agents and the refusal on hexagons, all as JS sees them.

use super::{get, message, num};
use pathlab::wasm::{Agents, Planner};
use wasm_bindgen::JsValue;
use wasm_bindgen_test::*;

const MAP: &str = "type octile\nheight 3\nwidth 4\nmap\n....\n.@..\n....\n";

fn two_swapping(p: &Planner) -> Agents {
    let mut a = Agents::new();
    for (x, y) in [(0, 0), (3, 0), (3, 0), (0, 0)] {
        a.place(p, x, y).unwrap();
    }
    a
}

#[wasm_bindgen_test]
fn agents_are_placed_solved_and_read_as_dense_cells() {
    let mut p = Planner::new(4, 3).unwrap();
    p.load_map_text(MAP, None).unwrap();
    assert!(Agents::unavailable(&p).is_none());
    let mut a = Agents::new();
    assert_eq!(a.place(&p, 0, 0).unwrap(), 0);
    assert!(message(a.place(&p, 1, 1).unwrap_err()).contains("wall"));
    assert_eq!(a.ends(), vec![0, 0, u32::MAX, u32::MAX]);
    assert!(message(a.solve(&p, "cbs", 1000.0).unwrap_err()).contains("no goal"));
    let a = &mut two_swapping(&p);
    assert!(message(a.solve(&p, "astar", 1000.0).unwrap_err()).contains("lacam"));
    for solver in ["pp", "cbs", "pibt", "lacam", "lacam-star"] {
        let o = a.solve(&p, solver, 500.0).unwrap();
        assert_eq!(get(&o, "status").as_string().unwrap(), "solved", "{solver}");
        assert!(get(&o, "violation").is_null(), "{solver}");
        let h = num(&o, "horizon") as usize;
        let cells = a.paths();
        assert_eq!(cells.len(), 2 * (h + 1), "{solver}");
        assert_eq!(
            (cells[0], cells[h], cells[h + 1], cells[2 * h + 1]),
            (0, 3, 3, 0)
        );
        assert!(num(&o, "soc") >= num(&o, "socLb"));
        assert!(num(&o, "ms") >= 0.0 && num(&o, "nodes") >= 1.0);
    }
    let o = a.solve(&p, "cbs", 1000.0).unwrap();
    let tree: js_sys::Array = a.cbs_tree().unwrap().into();
    assert!(tree.length() >= 2, "the root and at least one child");
    assert!(get(&tree.get(0), "parent").is_null());
    assert!(!get(&tree.get(1), "constraint").is_null());
    let root = a.cbs_node_paths(0).unwrap();
    assert!(num(&root, "horizon") >= 3.0);
    assert!(a.cbs_node_paths(100_000).unwrap().is_undefined());
    // Round the wall: one agent goes straight (3), the other round the bottom row.
    assert_eq!((num(&o, "soc"), num(&o, "socLb")), (3.0 + 5.0, 6.0));
    let text = a.export_solution(&p, "t.map").unwrap();
    a.solve(&p, "lacam", 100.0).unwrap();
    assert!(a.cbs_tree().unwrap().is_undefined(), "only CBS has a tree");
    assert!(text.contains("solver=cbs") && text.contains("solution=\n0:(0,0),(3,0),"));
    let again = a.import_solution(&p, &text).unwrap();
    assert_eq!(num(&again, "soc"), 8.0);
    assert!(a.remove(0) && a.outcome().unwrap() == JsValue::UNDEFINED && a.paths().is_empty());
}

#[wasm_bindgen_test]
fn a_bad_plan_names_its_first_conflict_and_hexagons_are_refused() {
    let mut p = Planner::new(4, 3).unwrap();
    p.load_map_text(MAP, None).unwrap();
    let mut a = Agents::new();
    for (x, y) in [(0, 0), (2, 0), (2, 0), (0, 0)] {
        a.place(&p, x, y).unwrap();
    }
    let o = a
        .import_solution(&p, "0:(0,0),(2,0),\n1:(1,0),(1,0),\n2:(2,0),(0,0),\n")
        .unwrap();
    let v = get(&o, "violation");
    assert_eq!(get(&v, "kind").as_string().unwrap(), "vertex");
    assert_eq!(num(&v, "time"), 1.0);
    assert!(get(&o, "soc").is_null());
    assert!(get(&o, "violationText")
        .as_string()
        .unwrap()
        .starts_with("vertex at t=1"));
    assert!(message(a.import_solution(&p, "nonsense").unwrap_err()).len() > 3);
    let scen = "version 1\n0\tt.map\t4\t3\t0\t0\t3\t2\t5\n0\tt.map\t4\t3\t3\t2\t0\t0\t5\n";
    assert_eq!(a.load_scen(&p, scen, 2).unwrap(), 2);
    assert_eq!(a.ends(), vec![0, 0, 3, 2, 3, 2, 0, 0]);
    assert!(message(a.load_scen(&p, scen, 3).unwrap_err()).contains("fewer"));
    // A link's agents: read back as written, refused when they do not fit.
    assert_eq!(a.link_agents(), vec![0, 0, 3, 2, 3, 2, 0, 0]);
    let split = pathlab::wasm::split_link("map=x&agents=0,0,3,2;3,2,0,0&step=4").unwrap();
    assert_eq!(get(&split, "agents").as_string(), None);
    assert_eq!(num(&split, "step"), 4.0);
    assert_eq!(a.set_agents(&p, vec![1, 0, 2, 2]).unwrap(), 1);
    assert!(message(a.set_agents(&p, vec![1, 1, 2, 2]).unwrap_err()).contains("wall"));
    assert_eq!(a.ends(), vec![1, 0, 2, 2]);
    let tail = pathlab::wasm::format_link_tail(
        js_sys::JSON::parse(r#"{"compare":null,"agents":[1,0,2,2,0,0,3,2],"step":null}"#).unwrap(),
    )
    .unwrap();
    assert_eq!(tail, "agents=1,0,2,2;0,0,3,2");
    p.new_map(6, 5, Some("hex-rows".into())).unwrap();
    assert!(Agents::unavailable(&p).unwrap().contains("square"));
    assert!(a.place(&p, 0, 0).is_err());
}

#[wasm_bindgen_test]
fn a_live_solve_steps_reports_frames_and_ends_as_the_one_shot_solve() {
    let mut p = Planner::new(4, 3).unwrap();
    p.load_map_text(MAP, None).unwrap();
    let a = &mut two_swapping(&p);
    assert!(a.frame().unwrap().is_undefined(), "no live solve yet");
    assert!(a.step_live(1, f64::INFINITY).is_none());
    assert!(message(a.start_live(&p, "astar").unwrap_err()).contains("lacam"));
    a.start_live(&p, "cbs").unwrap();
    assert_eq!(a.step_live(1, f64::INFINITY).as_deref(), Some("running"));
    let f = a.frame().unwrap();
    assert_eq!(get(&f, "solver").as_string().unwrap(), "cbs");
    assert_eq!(num(&f, "steps"), 1.0);
    assert_eq!(
        get(&get(&f, "report"), "solver").as_string().unwrap(),
        "cbs"
    );
    assert!(get(&get(&f, "words"), "headline")
        .as_string()
        .unwrap()
        .starts_with("Expanded node #0"));
    assert_eq!(get(&f, "line").as_string().unwrap(), "push");
    let cells: js_sys::Array = get(&f, "cells").into();
    assert_eq!(cells.length() as f64, 2.0 * (num(&f, "horizon") + 1.0));
    assert!(js_sys::Array::from(&get(&f, "conflict")).length() >= 1);
    // The tree grows as it steps; a finished solve keeps its plan and outcome.
    assert!(js_sys::Array::from(&a.cbs_tree().unwrap()).length() >= 3);
    assert!(a.outcome().unwrap().is_undefined());
    let live = a.finish_live(1000.0).unwrap();
    let once = a.solve(&p, "cbs", 1000.0).unwrap();
    for key in ["status", "soc", "makespan", "nodes"] {
        assert_eq!(get(&live, key), get(&once, key), "{key}");
    }
    let code: js_sys::Array = Agents::pseudocode("pibt").unwrap().into();
    assert_eq!(get(&code.get(0), "id").as_string().unwrap(), "loop");
    a.reset_solve();
    assert!(a.frame().unwrap().is_undefined() && a.paths().is_empty());
}
