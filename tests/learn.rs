//! Learn mode's exercises against the engine, a thousand seeds a kind: the engine's answer is
//! accepted and a deliberately wrong one refused, the same seed makes the same exercise, and
//! no exercise is degenerate (one open cell to choose from, no path, fewer than three open
//! cells to order, a which-algorithm picture two candidates share, no jump point, an empty
//! repair). Lessons go through JSON and links and make every exercise.
//!
//! `SEEDS` is 1,000; each kind is its own test so they run side by side (about 30 s of one
//! core in a debug build, the which-algorithm test the longest: it runs all six candidates
//! again to prove the picture is the answer's alone).

use pathlab::grid::{Shape, Topology};
use pathlab::learn::{generate, lesson, sheet, Answer, Exercise, Kind, Lesson, Spec};
use pathlab::{solve, Algorithm, CellState, Settings, Status};

const SEEDS: u64 = 1000;

/// The specs a kind is tested on: every seed, difficulties and (where the kind fits them)
/// cell shapes in turn, and the algorithms the kind asks about in turn.
fn specs(kind: Kind, algorithms: &[Algorithm]) -> impl Iterator<Item = Spec> + '_ {
    (0..SEEDS).map(move |seed| {
        let shapes: &[Shape] = if kind.fits_hexes() {
            &[
                Shape::Square,
                Shape::Square,
                Shape::HexRows,
                Shape::HexColumns,
            ]
        } else {
            &[Shape::Square]
        };
        let mut algorithm = algorithms[(seed as usize / 3) % algorithms.len()];
        let shape = shapes[(seed as usize / 7) % shapes.len()];
        let square_only = algorithm.info().needs.square_cells;
        if shape.is_hex() && square_only {
            algorithm = Algorithm::AStar;
        }
        Spec {
            algorithm: (kind != Kind::WhichAlgorithm).then_some(algorithm),
            difficulty: 1 + (seed % 3) as u8,
            shape,
            ..Spec::new(kind, seed)
        }
    })
}

/// Makes the exercise (on every fourth seed twice: the same both times), checks the engine's answer is accepted
/// and `wrong`'s answer refused, and hands the exercise to `more`.
fn run_kind(
    kind: Kind,
    algorithms: &[Algorithm],
    wrong: impl Fn(&Exercise) -> Answer,
    mut more: impl FnMut(&Exercise),
) {
    for spec in specs(kind, algorithms) {
        let e = generate(&spec).unwrap_or_else(|err| panic!("{spec:?}: {err}"));
        if spec.seed % 4 == 0 {
            assert_eq!(generate(&spec).unwrap(), e, "not deterministic: {spec:?}");
        }
        assert_eq!(e.spec, spec);
        assert!((8..=20).contains(&e.width) && (8..=20).contains(&e.height));
        let right = e.check(&e.expected().clone());
        assert!(right.correct, "{spec:?}: the engine's answer refused");
        let bad = wrong(&e);
        assert!(
            !e.check(&bad).correct,
            "{spec:?}: {bad:?} accepted for {:?}",
            e.expected()
        );
        assert!(!e.check(&Answer::None).correct);
        more(&e);
    }
}

/// The cells whose state is open (or reopened) in the exercise's picture.
fn open_cells(e: &Exercise) -> Vec<(u32, u32)> {
    (0..e.states.len())
        .filter(|&i| {
            e.states[i] == CellState::Open as u8 || e.states[i] == CellState::Reopened as u8
        })
        .map(|i| ((i % e.width as usize) as u32, (i / e.width as usize) as u32))
        .collect()
}

fn cells(a: &Answer) -> Vec<(u32, u32)> {
    match a {
        Answer::Cells(c) => c.clone(),
        other => panic!("not cells: {other:?}"),
    }
}

const TEXTBOOK: [Algorithm; 4] = [
    Algorithm::BreadthFirst,
    Algorithm::BestFirst,
    Algorithm::Dijkstra,
    Algorithm::AStar,
];

#[test]
fn next_expansion() {
    let others = [
        Algorithm::Jps,
        Algorithm::JpsPlus,
        Algorithm::Theta,
        Algorithm::Lpa,
        Algorithm::DStarLite,
    ];
    let algorithms = [TEXTBOOK.as_slice(), &others].concat();
    let mut ties = 0;
    run_kind(
        Kind::NextExpansion,
        &algorithms,
        |e| {
            let Answer::Cell(c) = e.expected() else {
                panic!("not a cell")
            };
            let other = open_cells(e).into_iter().find(|o| o != c);
            Answer::Cell(other.expect("a second open cell"))
        },
        |e| {
            assert!(open_cells(e).len() >= 2, "one open cell: {:?}", e.spec);
            let Answer::Cell(c) = e.expected() else {
                panic!()
            };
            assert!(open_cells(e).contains(c), "{:?} not open", e.spec);
            let ex = e.explanation();
            assert!(!ex.rule.is_empty());
            assert_eq!(ex.line.as_ref().map(|l| l.id), Some("pop"), "{:?}", e.spec);
            if e.spec.difficulty == 3 {
                assert!(ex.rule.starts_with("tie") || ex.rule.starts_with("FIFO"));
            }
            ties += usize::from(ex.rule.starts_with("tie"));
        },
    );
    assert!(ties > 100, "only {ties} ties");
}

#[test]
fn values() {
    let algorithms = [Algorithm::AStar, Algorithm::Dijkstra, Algorithm::BestFirst];
    run_kind(
        Kind::Values,
        &algorithms,
        |e| match *e.expected() {
            Answer::Values { g, h, f } => Answer::Values { g: g + 0.01, h, f },
            ref other => panic!("not values: {other:?}"),
        },
        |e| {
            let Answer::Values { g, h, f } = *e.expected() else {
                panic!()
            };
            // Two decimals are enough, either way of rounding.
            let round = |v: f64| (v * 100.0).round() / 100.0;
            let given = Answer::Values {
                g: round(g),
                h: round(h),
                f: round(f),
            };
            assert!(e.check(&given).correct);
            assert_eq!(e.highlight.len(), 1);
            assert!(open_cells(e).contains(&e.highlight[0]));
            assert!(g > 0.0);
        },
    );
}

#[test]
fn order() {
    let algorithms = [TEXTBOOK.as_slice(), &[Algorithm::Jps, Algorithm::Lpa]].concat();
    run_kind(
        Kind::Order,
        &algorithms,
        |e| {
            let mut c = cells(e.expected());
            c.reverse();
            Answer::Cells(c)
        },
        |e| {
            let c = cells(e.expected());
            assert_eq!(c.len(), 3);
            assert!(
                open_cells(e).len() >= 4,
                "fewer than four open: {:?}",
                e.spec
            );
            assert!(c.iter().all(|x| open_cells(e).contains(x)));
        },
    );
}

#[test]
fn path() {
    let algorithms = [
        TEXTBOOK.as_slice(),
        &[Algorithm::Jps, Algorithm::Lpa, Algorithm::Bidirectional],
    ]
    .concat();
    run_kind(
        Kind::Path,
        &algorithms,
        |e| {
            let mut c = cells(e.expected());
            c.pop();
            Answer::Cells(c)
        },
        |e| {
            let c = cells(e.expected());
            assert_eq!(c.first(), Some(&e.start));
            assert_eq!(c.last(), Some(&e.goal));
            assert!(c.len() >= 4, "a path of {} cells: {:?}", c.len(), e.spec);
            let grid = e.grid().unwrap();
            let cost = Topology::of(&grid, &e.settings.movement)
                .path_cost(grid.bytes(), &c)
                .unwrap();
            assert!(e.check(&Answer::Cost(cost)).correct);
            assert!(!e.check(&Answer::Cost(cost + 0.01)).correct);
        },
    );
}

/// A finished search's picture: open, closed, path, scanned.
fn picture(states: &[u8]) -> Vec<u8> {
    states
        .iter()
        .map(|&s| match s {
            1 | 3 | 6 => 1,
            2 | 5 | 7 | 8 => 2,
            4 => 3,
            9 => 4,
            _ => 0,
        })
        .collect()
}

#[test]
fn which_algorithm() {
    let mut answers = std::collections::BTreeMap::new();
    run_kind(
        Kind::WhichAlgorithm,
        &[Algorithm::AStar],
        |e| {
            let Answer::Algorithm(a) = e.expected() else {
                panic!()
            };
            let other = e.candidates.iter().find(|c| *c != a).unwrap();
            Answer::Algorithm(other.clone())
        },
        |e| {
            let Answer::Algorithm(a) = e.expected() else {
                panic!()
            };
            *answers.entry(a.clone()).or_insert(0) += 1;
            assert_eq!(e.settings.algorithm, Algorithm::AStar);
            assert_eq!(e.settings.weight, 1.0);
            assert!(e.candidates.len() >= 5);
            // No other candidate makes the same picture on this map.
            let grid = e.grid().unwrap();
            for c in &e.candidates {
                let (name, weight) = c.split_once(':').unwrap_or((c, "1"));
                let settings = Settings {
                    algorithm: name.parse().unwrap(),
                    weight: weight.parse().unwrap(),
                    ..e.settings
                };
                let mut search = pathlab::new_search(&grid, e.start, e.goal, &settings).unwrap();
                search
                    .run(&grid, pathlab::Budget::Unlimited, &|| 0.0)
                    .unwrap();
                let same = picture(search.states()) == picture(&e.states);
                assert_eq!(same, c == a, "{c} vs {a}: {:?}", e.spec);
            }
        },
    );
    assert!(answers.len() >= 5, "{answers:?}");
}

#[test]
fn jump_points() {
    run_kind(
        Kind::JumpPoints,
        &[Algorithm::Jps, Algorithm::JpsPlus],
        |e| {
            let mut c = cells(e.expected());
            c.pop();
            c.push(e.start);
            Answer::Cells(c)
        },
        |e| {
            let c = cells(e.expected());
            assert!(!c.is_empty());
            if e.spec.difficulty >= 2 {
                assert!(c.len() >= 2);
            }
            let mut reversed = c.clone();
            reversed.reverse();
            assert!(
                e.check(&Answer::Cells(reversed)).correct,
                "a set, in any order"
            );
            assert_eq!(e.highlight.len(), 1);
        },
    );
}

#[test]
fn repair() {
    run_kind(
        Kind::Repair,
        &[Algorithm::Lpa, Algorithm::DStarLite],
        |e| {
            let mut c = cells(e.expected());
            c.pop();
            Answer::Cells(c)
        },
        |e| {
            let n = cells(e.expected()).len();
            let most = [8, 16, 30][usize::from(e.spec.difficulty) - 1];
            assert!((1..=most).contains(&n), "{n} cells to click: {:?}", e.spec);
            assert!(!e.highlight.is_empty(), "no wall drawn");
            assert!(!e.highlight.contains(&e.start) && !e.highlight.contains(&e.goal));
        },
    );
}

#[test]
fn heuristic() {
    let (mut yes, mut no) = (0, 0);
    run_kind(
        Kind::Heuristic,
        &[Algorithm::AStar, Algorithm::BestFirst],
        |e| match e.expected() {
            Answer::Optimal(b) => Answer::Optimal(!b),
            other => panic!("{other:?}"),
        },
        |e| {
            let Answer::Optimal(optimal) = *e.expected() else {
                panic!()
            };
            let grid = e.grid().unwrap();
            let returned = solve(&grid, e.start, e.goal, &e.settings).unwrap();
            let best = solve(
                &grid,
                e.start,
                e.goal,
                &Settings {
                    algorithm: Algorithm::Dijkstra,
                    ..e.settings
                },
            )
            .unwrap();
            assert_eq!(returned.status, Status::Found);
            let (c, b) = (
                returned.stats.path_cost.unwrap(),
                best.stats.path_cost.unwrap(),
            );
            assert_eq!(optimal, c - b < 1e-9, "{:?}", e.spec);
            let counter = e.explanation().counter_example.clone();
            assert_eq!(counter.is_some(), !optimal);
            if let Some(path) = counter {
                let cost = Topology::of(&grid, &e.settings.movement)
                    .path_cost(grid.bytes(), &path)
                    .unwrap();
                assert!((cost - b).abs() < 1e-9 && cost < c);
            }
            if optimal {
                yes += 1;
            } else {
                no += 1;
            }
        },
    );
    assert!(yes > 300 && no > 300, "yes {yes}, no {no}");
}

#[test]
fn refused_specs_say_why() {
    let bad = |spec: Spec| generate(&spec).unwrap_err().to_string();
    assert!(bad(Spec {
        difficulty: 4,
        ..Spec::new(Kind::Path, 1)
    })
    .contains("difficulty"));
    assert!(bad(Spec {
        algorithm: Some(Algorithm::AStar),
        ..Spec::new(Kind::JumpPoints, 1)
    })
    .contains("cannot ask"));
    assert!(bad(Spec {
        shape: Shape::HexRows,
        ..Spec::new(Kind::JumpPoints, 1)
    })
    .contains("square"));
    assert!(Kind::from_name("nope")
        .unwrap_err()
        .0
        .contains("next-expansion"));
}

#[test]
fn a_fixed_map_is_used_as_given() {
    let made = generate(&Spec::new(Kind::Path, 5)).unwrap();
    let fixed = Spec {
        map: Some(made.link.clone()),
        ..Spec::new(Kind::NextExpansion, 9)
    };
    let e = generate(&fixed).unwrap();
    assert_eq!(
        (e.start, e.goal, &e.link),
        (made.start, made.goal, &made.link)
    );
    assert!(e.check(&e.expected().clone()).correct);
    let big = pathlab::formats::link::encode(&pathlab::formats::link::LinkState {
        grid: pathlab::Grid::new(65, 10).unwrap(),
        start: (0, 0),
        goal: (64, 9),
        settings: Settings::default(),
    });
    let err = generate(&Spec {
        map: Some(big),
        ..Spec::new(Kind::Path, 1)
    })
    .unwrap_err();
    assert!(err.0.contains("at most 64×64"), "{err}");
}

#[test]
fn lessons_travel_as_json_and_links_and_every_exercise_is_made() {
    let ready = lesson::ready_lessons();
    assert!(ready.len() >= 7);
    for l in &ready {
        assert_eq!(Lesson::from_json(&l.to_json()).unwrap(), *l);
        let link = l.to_link();
        assert!(link.starts_with("l1.") && link.len() < 600, "{link}");
        assert!(link
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"-_.".contains(&b)));
        assert_eq!(Lesson::from_link(&link).unwrap(), *l);
        assert_eq!(Lesson::read(l.chapter.as_deref().unwrap()).unwrap(), *l);
        let text = sheet::worksheet(l, true).unwrap();
        assert!(text.contains("Answer key"));
        for spec in &l.exercises {
            generate(spec).unwrap();
        }
    }
    let kinds: std::collections::BTreeSet<&str> = ready
        .iter()
        .flat_map(|l| l.exercises.iter().map(|s| s.kind.name()))
        .collect();
    assert_eq!(kinds.len(), Kind::ALL.len(), "every kind in a ready lesson");
    let mut damaged = ready[0].to_link();
    damaged.truncate(damaged.len() - 3);
    assert!(Lesson::from_link(&damaged).is_err());
}
