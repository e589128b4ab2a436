//! Unit tests of the embed's message checks.

use super::*;

/// A message from `(name, value)` pairs.
fn message<'a>(fields: &'a [(&'a str, Arg)]) -> impl Fn(&str) -> Arg + 'a {
    move |name| {
        fields
            .iter()
            .find(|(n, _)| *n == name)
            .map_or(Arg::Absent, |(_, v)| v.clone())
    }
}

fn run(fields: &[(&str, Arg)]) -> Result<Command, String> {
    parse_command(message(fields), 11)
}

fn cmd(name: &str) -> (&'static str, Arg) {
    ("cmd", Arg::Text(name.into()))
}

#[test]
fn every_command_parses_with_good_arguments() {
    let n = |x: f64| Arg::Number(x);
    assert_eq!(run(&[cmd("step")]), Ok(Command::Step { n: 1 }));
    assert_eq!(
        run(&[cmd("step"), ("n", n(5.0))]),
        Ok(Command::Step { n: 5 })
    );
    assert_eq!(
        run(&[cmd("seek"), ("step", n(0.0))]),
        Ok(Command::Seek { step: 0 })
    );
    assert_eq!(
        run(&[cmd("seek"), ("step", n(1e300))]),
        Ok(Command::Seek { step: u32::MAX }),
        "huge steps clamp: seeking clamps to the recording anyway"
    );
    assert_eq!(
        run(&[cmd("setSpeed"), ("speed", Arg::Text("instant".into()))]),
        Ok(Command::SetSpeed {
            speed: Speed::Instant
        })
    );
    assert_eq!(
        run(&[cmd("setSpeed"), ("speed", Arg::Text("7".into()))]),
        Ok(Command::SetSpeed {
            speed: Speed::Stop(7)
        })
    );
    assert_eq!(
        run(&[cmd("loadMap"), ("map", Arg::Text("maze-63".into()))]),
        Ok(Command::LoadMap)
    );
    assert_eq!(
        run(&[cmd("loadMap"), ("map", Arg::LongText(100_000))]),
        Ok(Command::LoadMap)
    );
    assert_eq!(
        run(&[cmd("setGoal"), ("x", n(4095.0)), ("y", n(0.0))]),
        Ok(Command::SetGoal { x: 4095, y: 0 })
    );
    assert_eq!(
        run(&[cmd("setSettings"), ("settings", Arg::Object)]),
        Ok(Command::SetSettings)
    );
    assert_eq!(
        run(&[cmd("setView"), ("view", Arg::Text("field".into()))]),
        Ok(Command::SetView {
            view: ViewKind::Field
        })
    );
    assert_eq!(
        run(&[
            cmd("setRange"),
            ("x", n(3.0)),
            ("y", n(4.0)),
            ("budget", n(6.5))
        ]),
        Ok(Command::SetRange {
            x: 3,
            y: 4,
            budget: 6.5
        })
    );
    assert_eq!(
        run(&[cmd("releaseWalkers"), ("count", n(1e9))]),
        Ok(Command::ReleaseWalkers {
            count: 1_000_000_000,
            seed: None
        }),
        "large counts pass: the planner places at most its limit"
    );
    assert_eq!(
        run(&[cmd("releaseWalkers"), ("count", n(5.0)), ("seed", n(9.0))]),
        Ok(Command::ReleaseWalkers {
            count: 5,
            seed: Some(9)
        })
    );
    for name in COMMANDS {
        let fields = [
            cmd(name),
            ("view", Arg::Text("range".into())),
            ("budget", n(3.0)),
            ("count", n(3.0)),
            ("n", n(2.0)),
            ("step", n(3.0)),
            ("speed", n(4.0)),
            ("map", Arg::Text("x".into())),
            ("x", n(1.0)),
            ("y", n(1.0)),
            ("settings", Arg::Object),
            ("agents", Arg::Text("1,1,2,2".into())),
            ("solver", Arg::Text("lacam".into())),
        ];
        assert_eq!(run(&fields).map(|c| c.name()), Ok(name), "{name}");
    }
}

#[test]
fn agents_commands_take_their_text_a_solver_and_a_budget() {
    let n = |x: f64| Arg::Number(x);
    let text = |s: &str| Arg::Text(s.into());
    assert_eq!(
        run(&[cmd("setAgents"), ("agents", text("1,1,5,1;3,3,3,0"))]),
        Ok(Command::SetAgents)
    );
    assert_eq!(
        run(&[cmd("setAgents"), ("agents", Arg::Array)]),
        Ok(Command::SetAgents)
    );
    assert_eq!(
        run(&[cmd("setAgents"), ("agents", Arg::LongText(MAX_AGENTS_TEXT))]),
        Ok(Command::SetAgents),
        "a thousand agents' text is measured, not copied"
    );
    for bad in [
        Arg::Absent,
        text(""),
        n(3.0),
        Arg::Object,
        Arg::LongText(MAX_AGENTS_TEXT + 1),
    ] {
        let why = run(&[cmd("setAgents"), ("agents", bad.clone())]).unwrap_err();
        assert!(
            why.starts_with("The setAgents command needs agents"),
            "{bad:?}: {why}"
        );
    }
    assert_eq!(
        run(&[cmd("solveAgents"), ("solver", text("cbs"))]),
        Ok(Command::SolveAgents {
            solver: "cbs".into(),
            budget_ms: DEFAULT_SOLVE_MS
        })
    );
    assert_eq!(
        run(&[
            cmd("solveAgents"),
            ("solver", text("pibt")),
            ("budgetMs", n(250.5))
        ]),
        Ok(Command::SolveAgents {
            solver: "pibt".into(),
            budget_ms: 250.5
        })
    );
    for bad in [Arg::Absent, text(""), n(1.0), text(&"x".repeat(41))] {
        let why = run(&[cmd("solveAgents"), ("solver", bad.clone())]).unwrap_err();
        assert!(
            why.starts_with("The solveAgents command needs solver"),
            "{bad:?}: {why}"
        );
    }
    for bad in [0.0, -5.0, MAX_SOLVE_MS + 1.0, f64::NAN, f64::INFINITY] {
        let why = run(&[
            cmd("solveAgents"),
            ("solver", text("lacam")),
            ("budgetMs", n(bad)),
        ])
        .unwrap_err();
        assert!(why.contains("takes budgetMs"), "{bad}: {why}");
    }
    assert_eq!(run(&[cmd("getAgents")]), Ok(Command::GetAgents));
}

#[test]
fn bad_messages_say_what_is_wrong() {
    let why = |fields: &[(&str, Arg)]| run(fields).unwrap_err();
    assert!(why(&[cmd("explode")]).starts_with("Unknown command \"explode\": use step, run"));
    assert!(why(&[]).starts_with("A message needs cmd"));
    assert!(why(&[("cmd", Arg::Number(3.0))]).starts_with("Unknown command 3:"));
    assert!(why(&[("cmd", Arg::LongText(100_000))]).contains("100000-character string"));
    assert!(why(&[cmd("toString")]).starts_with("Unknown command"));
    for bad in [0.0, -1.0, 2.5, 1e6 + 1.0, f64::NAN, f64::INFINITY] {
        assert!(
            why(&[cmd("step"), ("n", Arg::Number(bad))]).contains("whole number of expansions"),
            "{bad}"
        );
    }
    assert!(why(&[cmd("step"), ("n", Arg::Text("5".into()))]).contains("not \"5\""));
    assert!(why(&[cmd("seek"), ("step", Arg::Number(-1.0))]).contains("whole number"));
    assert!(why(&[cmd("seek")]).contains("seek command needs step"));
    for bad in [
        Arg::Number(11.0),
        Arg::Text("fast".into()),
        Arg::Number(-0.5),
        Arg::Null,
    ] {
        assert!(
            why(&[cmd("setSpeed"), ("speed", bad.clone())]).contains("speed must be"),
            "{bad:?}"
        );
    }
    assert!(why(&[cmd("loadMap"), ("map", Arg::Number(42.0))]).contains("loadMap command needs"));
    assert!(
        why(&[cmd("loadMap"), ("map", Arg::Text(String::new()))]).contains("loadMap command needs")
    );
    assert!(why(&[cmd("loadMap"), ("map", Arg::LongText(MAX_MAP_TEXT + 1))]).contains("too large"));
    let e = why(&[
        cmd("setStart"),
        ("x", Arg::Number(-1.0)),
        ("y", Arg::Number(2.0)),
    ]);
    assert!(
        e.contains("The setStart command needs whole, non-negative x and y (got x -1, y 2)"),
        "{e}"
    );
    let e = why(&[
        cmd("setStart"),
        ("x", Arg::Number(4_294_967_297.0)),
        ("y", Arg::Number(1.0)),
    ]);
    assert!(
        e.contains("outside every map"),
        "2^32 + 1 must not wrap to 1: {e}"
    );
    assert!(why(&[cmd("setSettings"), ("settings", Arg::Array)]).contains("an object"));
    for bad in [Arg::Absent, Arg::Text("heat".into()), Arg::Number(1.0)] {
        let e = why(&[cmd("setView"), ("view", bad.clone())]);
        assert!(
            e.contains("\"path\", \"field\" or \"range\""),
            "{bad:?}: {e}"
        );
    }
    let xy = [("x", Arg::Number(1.0)), ("y", Arg::Number(2.0))];
    for bad in [
        Arg::Absent,
        Arg::Number(-1.0),
        Arg::Number(f64::NAN),
        Arg::Number(f64::INFINITY),
        Arg::Number(1e6 + 1.0),
        Arg::Text("5".into()),
    ] {
        let e = why(&[
            cmd("setRange"),
            xy[0].clone(),
            xy[1].clone(),
            ("budget", bad.clone()),
        ]);
        assert!(
            e.contains("needs budget: movement points from 0 to 1000000"),
            "{bad:?}: {e}"
        );
    }
    let e = why(&[
        cmd("setRange"),
        ("x", Arg::Number(0.5)),
        ("budget", Arg::Number(2.0)),
    ]);
    assert!(e.contains("The setRange command needs whole"), "{e}");
    for bad in [
        Arg::Absent,
        Arg::Number(0.0),
        Arg::Number(2.5),
        Arg::Number(f64::NAN),
    ] {
        let e = why(&[cmd("releaseWalkers"), ("count", bad.clone())]);
        assert!(
            e.contains("needs count: a whole number of walkers"),
            "{bad:?}: {e}"
        );
    }
    let e = why(&[
        cmd("releaseWalkers"),
        ("count", Arg::Number(3.0)),
        ("seed", Arg::Number(-2.0)),
    ]);
    assert!(e.contains("takes seed"), "{e}");
    assert!(
        why(&[cmd("setSettings"), ("settings", Arg::Text("fast".into()))]).contains("an object")
    );
}

#[test]
fn errors_stay_short_whatever_the_input() {
    let long = Arg::Text("x".repeat(SHORT_TEXT));
    for fields in [
        vec![("cmd", long.clone())],
        vec![cmd("step"), ("n", long.clone())],
        vec![cmd("setSpeed"), ("speed", Arg::Number(f64::MAX))],
        // Found by the fuzzer: a tiny number was written out in full, 300 zeros.
        vec![("cmd", Arg::Number(1.414_991_25e-306))],
        vec![cmd("seek"), ("step", Arg::Number(-5e-324))],
        vec![cmd("setStart"), ("x", long), ("y", Arg::Number(1e300))],
    ] {
        let e = run(&fields).unwrap_err();
        assert!(e.len() < 300, "{e}");
    }
}
