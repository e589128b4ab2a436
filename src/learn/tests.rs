//! Unit tests of the exercises: each kind made, checked right and wrong, on a few seeds
//! (`tests/learn.rs` runs a thousand seeds a kind).

use super::*;
use crate::grid::Shape;

#[test]
fn every_kind_is_made_and_checked_on_a_few_seeds() {
    for kind in Kind::ALL {
        for seed in 0..5 {
            let spec = Spec::new(kind, seed);
            let e = generate(&spec).unwrap_or_else(|err| panic!("{kind} {seed}: {err}"));
            assert!(e.check(&e.expected().clone()).correct, "{kind} {seed}");
            assert!(!e.check(&Answer::None).correct);
            assert_eq!(generate(&spec).unwrap(), e);
        }
    }
}

#[test]
fn a_picture_marks_the_markers_the_question_and_the_search() {
    let e = generate(&Spec::new(Kind::Values, 3)).unwrap();
    let rows = sheet::picture(&e).unwrap();
    assert_eq!(rows.len(), e.height as usize);
    let at = |(x, y): (u32, u32)| rows[y as usize].as_bytes()[x as usize];
    assert_eq!(at(e.start), b'S');
    assert_eq!(at(e.goal), b'G');
    assert_eq!(at(e.highlight[0]), b'?');
    assert!(rows.iter().any(|r| r.contains('x')) && rows.iter().any(|r| r.contains('o')));
    // Hexagons in rows: odd rows shifted half a cell, a space between cells.
    let hex = generate(&Spec {
        shape: Shape::HexRows,
        ..Spec::new(Kind::Path, 3)
    })
    .unwrap();
    let rows = sheet::picture(&hex).unwrap();
    assert!(rows[1].starts_with(' ') && !rows[0].starts_with(' '));
}

#[test]
fn a_lesson_reads_from_its_name_link_and_json() {
    let ready = lesson::ready_lessons();
    let first = &ready[0];
    assert_eq!(Lesson::read("bfs").unwrap(), *first);
    assert_eq!(
        Lesson::read(&format!("#{}", first.to_link())).unwrap(),
        *first
    );
    assert_eq!(Lesson::read(&first.to_json()).unwrap(), *first);
    assert!(Lesson::read("l1.AAAA").is_err());
    assert!(Lesson::read("{\"title\":1}")
        .unwrap_err()
        .0
        .contains("not a lesson"));
    // A spec's defaults stay out of its JSON.
    let json = serde_json::to_string(&Spec::new(Kind::Path, 4)).unwrap();
    assert_eq!(json, r#"{"kind":"path","difficulty":1,"seed":4}"#);
    let back: Spec = serde_json::from_str(r#"{"kind":"path","seed":4}"#).unwrap();
    assert_eq!(back, Spec::new(Kind::Path, 4));
}
