//! The `pathlab` binary: JSON output, exit codes and one-line messages for bad input, and
//! the `scen` checker's verdicts.

use std::path::PathBuf;
use std::process::{Command, Output};

fn pathlab(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_pathlab"))
        .args(args)
        .output()
        .expect("run pathlab")
}

/// Writes `text` to a fresh file in a per-test temporary folder and returns its path.
fn temp_file(test: &str, name: &str, text: &str) -> String {
    let dir = std::env::temp_dir().join(format!("pathlab-cli-{}-{test}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.to_string_lossy().into_owned()
}

const MAP: &str = "type octile\nheight 4\nwidth 5\nmap\n.....\n.@@@.\n..3..\n.....\n";

fn stderr_line(out: &Output) -> String {
    let text = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(
        text.trim_end().lines().count(),
        1,
        "one line on stderr: {text:?}"
    );
    text
}

#[test]
fn solve_prints_one_json_object() {
    let map = temp_file("json", "m.map", MAP);
    let out = pathlab(&["solve", &map, "--from", "0,0", "--to", "4,0", "--json"]);
    assert!(out.status.success(), "{out:?}");
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["status"], "found");
    assert_eq!(v["cost"], 4.0);
    assert_eq!(
        v["path"],
        serde_json::json!([[0, 0], [1, 0], [2, 0], [3, 0], [4, 0]])
    );
    assert_eq!(v["expanded"], 5);
    assert!(v["generated"].as_u64().unwrap() >= 5);
    assert_eq!(v["reopened"], 0);
}

#[test]
fn solve_reports_no_path_and_partial_as_statuses() {
    let walled = "type octile\nheight 1\nwidth 3\nmap\n.@.\n";
    let map = temp_file("statuses", "walled.map", walled);
    let out = pathlab(&["solve", &map, "--from", "0,0", "--to", "2,0", "--json"]);
    assert_eq!(out.status.code(), Some(0));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["status"], "no_path");
    assert_eq!(v["path"], serde_json::json!([]));

    let map = temp_file("statuses", "m.map", MAP);
    let out = pathlab(&[
        "solve", &map, "--from", "0,0", "--to", "4,3", "--budget", "2", "--algo", "bfs", "--json",
    ]);
    assert_eq!(out.status.code(), Some(0));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["status"], "partial");
    assert_eq!(v["expanded"], 2);
}

#[test]
fn every_setting_is_accepted() {
    let map = temp_file("settings", "m.map", MAP);
    for algo in ["bfs", "best-first", "dijkstra", "astar"] {
        for extra in [
            &["--connectivity", "4"][..],
            &["--diagonal", "one-side-free", "--diagonal-cost", "1.4142"],
            &[
                "--heuristic",
                "euclidean",
                "--weight",
                "1.1",
                "--goal-directed",
            ],
            &[
                "--diagonal",
                "always",
                "--heuristic",
                "chebyshev",
                "--diagonal-cost",
                "1",
            ],
        ] {
            let mut args = vec![
                "solve", &map, "--from", "0,3", "--to", "4,0", "--algo", algo,
            ];
            args.extend_from_slice(extra);
            let out = pathlab(&args);
            assert!(out.status.success(), "{args:?}: {out:?}");
            assert!(String::from_utf8_lossy(&out.stdout).starts_with("found"));
        }
    }
}

#[test]
fn bad_input_exits_below_100_with_one_line() {
    let map = temp_file("bad", "m.map", MAP);
    let broken = temp_file(
        "bad",
        "broken.map",
        "type octile\nheight 2\nwidth 3\nmap\n...\n..\n",
    );
    let cases: Vec<(Vec<&str>, i32, &str)> = vec![
        (
            vec!["solve", &map, "--from", "2,1", "--to", "0,0"],
            5,
            "on a wall",
        ),
        (
            vec!["solve", &map, "--from", "0,0", "--to", "9,9"],
            5,
            "outside",
        ),
        (vec!["solve", &map, "--from", "0,0"], 2, "--to"),
        (
            vec!["solve", &map, "--from", "a,b", "--to", "0,0"],
            2,
            "X,Y",
        ),
        (
            vec![
                "solve", &map, "--from", "0,0", "--to", "1,0", "--algo", "magic",
            ],
            2,
            "unknown algorithm",
        ),
        (
            vec![
                "solve", &map, "--from", "0,0", "--to", "1,0", "--weight", "-2",
            ],
            5,
            "weight",
        ),
        (
            vec![
                "solve",
                &map,
                "--from",
                "0,0",
                "--to",
                "1,0",
                "--diagonal-cost",
                "7",
            ],
            5,
            "diagonal cost",
        ),
        (
            vec![
                "solve",
                "/nonexistent/x.map",
                "--from",
                "0,0",
                "--to",
                "1,0",
            ],
            3,
            "can't read",
        ),
        (
            vec!["solve", &broken, "--from", "0,0", "--to", "1,0"],
            4,
            "line 6",
        ),
        (vec!["frobnicate"], 2, "frobnicate"),
    ];
    for (args, code, needle) in cases {
        let out = pathlab(&args);
        assert_eq!(out.status.code(), Some(code), "{args:?}: {out:?}");
        let line = stderr_line(&out);
        assert!(
            line.contains(needle),
            "{args:?}: {line:?} should mention {needle:?}"
        );
    }
}

#[test]
fn scen_counts_passes_and_failures() {
    let dir = PathBuf::from(temp_file("scen", "m.map", MAP))
        .parent()
        .unwrap()
        .to_owned();
    let good =
        "version 1\n0\tmaps/x/m.map\t5\t4\t0\t0\t4\t0\t4\n0\tm.map\t5\t4\t0\t0\t4\t3\t6.41421\n";
    let scen = temp_file("scen", "good.scen", good);
    let out = pathlab(&["scen", &scen, "--map-dir", dir.to_str().unwrap()]);
    assert!(out.status.success(), "{out:?}");
    assert!(String::from_utf8_lossy(&out.stdout).ends_with("2 passed, 0 failed\n"));

    let bad = "version 1\n0\tm.map\t5\t4\t0\t0\t4\t0\t4.5\n0\tm.map\t5\t4\t0\t0\t4\t0\t4\n";
    let scen = temp_file("scen", "bad.scen", bad);
    let out = pathlab(&["scen", &scen, "--map-dir", dir.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("line 2"), "{text}");
    assert!(text.ends_with("1 passed, 1 failed\n"), "{text}");

    let out = pathlab(&[
        "scen",
        &scen,
        "--map-dir",
        dir.to_str().unwrap(),
        "--limit",
        "1",
    ]);
    assert!(String::from_utf8_lossy(&out.stdout).ends_with("0 passed, 1 failed\n"));
}

#[test]
fn live_replanning_and_mesh_algorithms_solve_from_the_command_line() {
    // A wall with a gap at the bottom: (0,0) to (4,0) goes round it.
    let text = "type octile\nheight 4\nwidth 5\nmap\n..@..\n..@..\n..@..\n.....\n";
    let map = temp_file("replan-algos", "m.map", text);
    let solve = |algo: &str| {
        let out = pathlab(&[
            "solve", &map, "--from", "0,0", "--to", "4,0", "--algo", algo, "--json",
        ]);
        assert!(out.status.success(), "{algo}: {out:?}");
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(v["status"], "found", "{algo}");
        v["cost"].as_f64().unwrap()
    };
    let astar = solve("astar");
    for algo in ["lpa", "dstar-lite"] {
        assert!((solve(algo) - astar).abs() < 1e-9, "{algo} is optimal");
    }
    // The mesh is generated from the map: nodes at the wall's two lower corners.
    let mesh = solve("mesh");
    let want = 2.0 * 10f64.sqrt() + 2.0;
    assert!((mesh - want).abs() < 1e-9, "mesh cost {mesh}, want {want}");
}

#[test]
fn hex_maps_are_generated_and_solved_from_the_command_line() {
    let dir = std::env::temp_dir().join(format!("pathlab-cli-{}-hex", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let map = dir.join("rooms.map").to_string_lossy().into_owned();
    let out = pathlab(&[
        "generate",
        "rooms",
        "--width",
        "24",
        "--height",
        "14",
        "--shape",
        "hex-columns",
        "--seed",
        "9",
        "-o",
        &map,
    ]);
    assert!(out.status.success(), "{out:?}");
    let made: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert!(std::fs::read_to_string(&map)
        .unwrap()
        .starts_with("type hex-columns\n"));
    let (s, g) = (&made["start"], &made["goal"]);
    let from = format!("{},{}", s[0], s[1]);
    let to = format!("{},{}", g[0], g[1]);
    for algo in ["astar", "dijkstra", "bidirectional", "lpa"] {
        let out = pathlab(&[
            "solve", &map, "--from", &from, "--to", &to, "--algo", algo, "--json",
        ]);
        assert!(out.status.success(), "{algo}: {out:?}");
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(v["status"], "found", "{algo}");
    }
    let out = pathlab(&["solve", &map, "--from", &from, "--to", &to, "--algo", "jps"]);
    assert!(!out.status.success());
    assert!(stderr_line(&out).contains("needs square cells"));
    let out = pathlab(&[
        "generate", "random", "--width", "5", "--height", "5", "--shape", "hexes",
    ]);
    assert!(
        stderr_line(&out).contains("hex-rows or hex-columns"),
        "{out:?}"
    );
}

#[test]
fn field_and_range_answer_from_the_command_line() {
    let map = temp_file("field", "m.map", MAP);
    let out = pathlab(&["field", &map, "--goal", "4,0", "--walkers", "5", "--json"]);
    assert!(out.status.success(), "{out:?}");
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["width"], 5);
    let costs = v["costs"].as_array().unwrap();
    assert_eq!(costs.len(), 20);
    assert_eq!(costs[4], 0.0, "the goal");
    assert_eq!(costs[3], 1.0);
    assert!(costs[6].is_null(), "a wall reaches nothing");
    assert_eq!(v["arrived"], v["walkers"]);
    let out = pathlab(&["range", &map, "--from", "0,0", "--budget", "2", "--json"]);
    assert!(out.status.success(), "{out:?}");
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    // (0,0) itself, (1,0), (2,0), (0,1), (0,2): the diagonal (1,1) is a wall.
    assert_eq!(v["count"], 5, "{v}");
    let out = pathlab(&["range", &map, "--from", "0,0", "--budget", "-1"]);
    assert!(stderr_line(&out).contains("movement budget"));
    let out = pathlab(&["field", &map, "--goal", "1,1"]);
    assert!(stderr_line(&out).contains("wall"));
}

#[test]
fn field_and_range_take_hex_maps() {
    // An open 5 × 5 map of hexagons: each hexagon has six neighbours, not eight.
    for shape in ["hex-rows", "hex-columns"] {
        let text = format!(
            "type {shape}\nheight 5\nwidth 5\nmap\n{}",
            ".....\n".repeat(5)
        );
        let map = temp_file(&format!("hexfield-{shape}"), "h.map", &text);
        let out = pathlab(&["range", &map, "--from", "2,2", "--budget", "1", "--json"]);
        assert!(out.status.success(), "{out:?}");
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(
            v["count"], 7,
            "{shape}: a hexagon and its six neighbours: {v}"
        );
        let out = pathlab(&["field", &map, "--goal", "2,2", "--walkers", "9", "--json"]);
        assert!(out.status.success(), "{out:?}");
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(v["reached"], 25);
        let costs = v["costs"].as_array().unwrap();
        let ones = costs.iter().filter(|c| c.as_f64() == Some(1.0)).count();
        assert_eq!(ones, 6, "{shape}: six cells one step from the goal");
        // The farthest corner is two hex steps and more away: no diagonal shortcut.
        assert!(v["max"].as_f64().unwrap() >= 3.0, "{v}");
        assert_eq!(v["arrived"], v["walkers"]);
    }
}

#[test]
fn a_path_from_a_cell_to_itself_costs_zero_not_minus_zero() {
    let square = temp_file(
        "zero",
        "m.map",
        "type octile\nheight 3\nwidth 4\nmap\n....\n.@..\n....\n",
    );
    let hex = temp_file(
        "zero",
        "h.map",
        "type hex-rows\nheight 3\nwidth 4\nmap\n....\n.@..\n....\n",
    );
    let algorithms = [
        "bfs",
        "best-first",
        "dijkstra",
        "astar",
        "jps",
        "jps-plus",
        "bidirectional",
        "theta",
        "lpa",
        "dstar-lite",
        "mesh",
        "jps2",
        "jps2-plus",
    ];
    for (map, square) in [(&square, true), (&hex, false)] {
        for algo in algorithms {
            let args = ["solve", map, "--from", "0,0", "--to", "0,0", "--algo", algo];
            let out = pathlab(&args);
            if !square && ["jps", "jps-plus", "jps2", "jps2-plus", "theta", "mesh"].contains(&algo)
            {
                assert_eq!(out.status.code(), Some(5), "{algo} is refused on hexes");
                continue;
            }
            assert!(out.status.success(), "{algo}: {out:?}");
            let text = String::from_utf8_lossy(&out.stdout).into_owned();
            assert!(
                text.contains("cost 0.000000 in 0 moves"),
                "{algo} on {map}: {text}"
            );
            let out = pathlab(&[&args[..], &["--json"]].concat());
            let json = String::from_utf8_lossy(&out.stdout).into_owned();
            assert!(json.contains("\"cost\":0.0,"), "{algo} on {map}: {json}");
            let v: serde_json::Value = serde_json::from_str(&json).unwrap();
            assert!(v["cost"].as_f64().unwrap().is_sign_positive(), "{algo}");
        }
    }
}

/// The smallest hex map on which the generated node mesh missed a path (issue 30).
const HEX_MESH_MISS: &str = "type hex-rows\nheight 3\nwidth 6\nmap\n...@@.\n@.O...\n@.1.@.\n";

#[test]
fn the_node_mesh_is_refused_on_hex_maps_with_its_reason() {
    let map = temp_file("hexmesh", "h.map", HEX_MESH_MISS);
    let solve = |algo: &str| {
        pathlab(&[
            "solve", &map, "--from", "5,2", "--to", "2,2", "--algo", algo,
        ])
    };
    let out = solve("astar");
    assert!(out.status.success(), "{out:?}");
    assert!(String::from_utf8_lossy(&out.stdout).contains("cost 4.000000 in 4 moves"));
    let out = solve("mesh");
    assert_eq!(out.status.code(), Some(5), "{out:?}");
    let line = stderr_line(&out);
    assert!(line.contains("Node mesh A* needs square cells"), "{line}");
    assert!(line.contains("use A*"), "{line}");
}

/// The 7 × 6 hex map of issue 30: only (0, 1) and the goal (0, 0) join up.
const HEX_TWO_CELLS: &str =
    "type hex-rows\nheight 6\nwidth 7\nmap\n..@....\n@@@@@@@\n.......\n.......\n.......\n.......\n";

#[test]
fn field_places_exactly_the_walkers_asked_for() {
    let map = temp_file("walkers", "h.map", HEX_TWO_CELLS);
    let out = pathlab(&["field", &map, "--goal", "0,0", "--walkers", "10"]);
    assert!(out.status.success(), "{out:?}");
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(text.contains("2 of 42 cells reach (0, 0)"), "{text}");
    assert!(
        text.contains("10 of 10 walkers arrived in 1 steps"),
        "{text}"
    );
    let square = temp_file("walkers", "m.map", MAP);
    for seed in ["1", "2", "3", "17", "99"] {
        for (map, goal) in [(&map, "0,0"), (&square, "4,0")] {
            let args = [
                "field",
                map,
                "--goal",
                goal,
                "--walkers",
                "100",
                "--seed",
                seed,
                "--json",
            ];
            let out = pathlab(&args);
            let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
            assert_eq!(v["requested"], 100, "{v}");
            assert_eq!(v["walkers"], 100, "seed {seed} on {map}: {v}");
            assert_eq!(v["arrived"], 100);
            assert!(v["reason"].is_null(), "{v}");
        }
    }
    // No cell but the goal reaches it: none are placed, and the line says why.
    let alone = temp_file(
        "walkers",
        "alone.map",
        "type hex-rows\nheight 3\nwidth 3\nmap\n.@.\n@@@\n...\n",
    );
    let out = pathlab(&["field", &alone, "--goal", "0,0", "--walkers", "10"]);
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        text.contains("0 of 10 walkers placed: no cell but the goal reaches (0, 0)"),
        "{text}"
    );
    let out = pathlab(&[
        "field",
        &alone,
        "--goal",
        "0,0",
        "--walkers",
        "10",
        "--json",
    ]);
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        (v["requested"].clone(), v["walkers"].clone()),
        (10.into(), 0.into())
    );
    assert!(
        v["reason"]
            .as_str()
            .unwrap()
            .contains("no cell but the goal"),
        "{v}"
    );
    // Above the cap, the cap is placed and said.
    let out = pathlab(&[
        "field",
        &map,
        "--goal",
        "0,0",
        "--walkers",
        "20000",
        "--json",
    ]);
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["walkers"], 10_000, "{v}");
    assert!(
        v["reason"].as_str().unwrap().contains("at most 10000"),
        "{v}"
    );
}

#[test]
fn exercises_are_made_checked_and_printed_from_the_command_line() {
    use pathlab::learn::{generate, Kind, Spec};
    // `new --json` prints the question, not its answer.
    let out = pathlab(&[
        "exercise",
        "new",
        "--kind",
        "order",
        "--algo",
        "dijkstra",
        "--difficulty",
        "2",
        "--seed",
        "8",
        "--json",
    ]);
    assert!(out.status.success(), "{}", stderr_line(&out));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["spec"]["kind"], "order");
    assert_eq!(v["settings"]["algorithm"], "dijkstra");
    assert_eq!(v["answerWith"], "cells");
    assert!(v.get("expected").is_none() && v.get("key").is_none());
    assert!(v["link"].as_str().unwrap().starts_with("v2."));

    // `check` regenerates the exercise from its spec (or from the exercise JSON itself).
    let spec = Spec {
        algorithm: Some(pathlab::Algorithm::Dijkstra),
        difficulty: 2,
        ..Spec::new(Kind::Order, 8)
    };
    let expected = serde_json::to_string(generate(&spec).unwrap().expected()).unwrap();
    let exercise = String::from_utf8(out.stdout).unwrap();
    for spec_arg in [serde_json::to_string(&spec).unwrap(), exercise] {
        let out = pathlab(&["exercise", "check", &spec_arg, &expected]);
        assert!(out.status.success(), "{}", stderr_line(&out));
        let verdict: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(verdict["correct"], true);
        assert_eq!(verdict["explanation"]["line"]["id"], "pop");
    }
    let file = temp_file(
        "exercise",
        "answer.json",
        r#"{"cells":[[0,0],[1,1],[2,2]]}"#,
    );
    let out = pathlab(&[
        "exercise",
        "check",
        &serde_json::to_string(&spec).unwrap(),
        &file,
    ]);
    let verdict: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(verdict["correct"], false);
    assert_eq!(verdict["expected"].to_string(), expected);

    // A worksheet with its answer key, from a ready lesson's name and from its link.
    let out = pathlab(&["exercise", "sheet", "astar", "--answers"]);
    assert!(out.status.success(), "{}", stderr_line(&out));
    let sheet = String::from_utf8(out.stdout).unwrap();
    assert!(sheet.starts_with("A*: cost so far plus the guess"));
    assert!(sheet.contains("5. [which-algorithm, ?,") && sheet.contains("Answer key"));
    let lessons = String::from_utf8(pathlab(&["exercise", "lessons"]).stdout).unwrap();
    let link = lessons.lines().next().unwrap().rsplit('\t').next().unwrap();
    let out = pathlab(&["exercise", "sheet", link]);
    let sheet = String::from_utf8(out.stdout).unwrap();
    assert!(sheet.starts_with("Breadth-First") && !sheet.contains("Answer key"));

    // Bad input: one line, exit 2 (a refused spec, a bad kind) or 4 (not JSON).
    let out = pathlab(&[
        "exercise",
        "new",
        "--kind",
        "jump-points",
        "--algo",
        "astar",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr_line(&out).contains("cannot ask about A*"));
    let out = pathlab(&["exercise", "new", "--kind", "guess"]);
    assert_eq!(out.status.code(), Some(2));
    let out = pathlab(&["exercise", "check", "{nope", "{}"]);
    assert_eq!(out.status.code(), Some(4));
    assert!(stderr_line(&out).contains("not JSON"));
}
