//! The timeline's keyframes copied in pieces: each equals a whole copy at its position, every
//! step in and around one being copied seeks to the live search's state bytes, and the piece
//! being copied counts against the memory cap.

use super::*;
use crate::rng::SplitMix64;
use crate::search::{Algorithm, Budget};
use crate::{Cell, Grid, Search, Settings};

/// A `size`² map of terrain costs 1–4 with a fifth of the cells walls.
fn terrain(size: u32, seed: u64) -> Grid {
    let mut rng = SplitMix64::new(seed);
    let mut grid = Grid::new(size, size).expect("grid");
    for i in 0..grid.len() {
        let (x, y) = grid.coords(i);
        let r = rng.below(100);
        let cell = if r < 20 {
            Cell::Wall
        } else {
            Cell::Terrain(1 + (r % 4) as u8)
        };
        grid.set(i64::from(x), i64::from(y), cell);
    }
    // The corners and their neighbours open, so the search gets out of its corner.
    let far = i64::from(size - 1);
    for (x, y) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
        grid.set(x, y, Cell::OPEN);
        grid.set(far - x, far - y, Cell::OPEN);
    }
    grid
}

/// A search from corner to corner of `grid`, recording, and its timeline at step 0.
fn recorded(grid: &Grid, settings: &Settings) -> (Search, Timeline) {
    let far = grid.width() - 1;
    let mut s = Search::new(grid, (0, 0), (far, far), settings).expect("search");
    let stats = *s.stats();
    s.recorder().start(&stats);
    let mut t = Timeline::new(s.states(), &stats, usize::MAX);
    // A keyframe every half map of events rather than every map's worth: several a search.
    t.key_every = Some(grid.len() / 2);
    (s, t)
}

fn dijkstra() -> Settings {
    Settings {
        algorithm: Algorithm::Dijkstra,
        ..Settings::default()
    }
}

#[test]
fn a_keyframe_copied_in_pieces_equals_a_whole_copy_at_its_position() {
    let grid = terrain(96, 7);
    let (mut s, mut t) = recorded(&grid, &dijkstra());
    let mut built = 0;
    let mut calls_building = 0;
    while !s.status().is_done() {
        s.run(&grid, Budget::Expansions(2), || 0.0).expect("run");
        let before = t.keyframes.len();
        t.collect(&mut s);
        calls_building += usize::from(t.building.is_some());
        if t.keyframes.len() > before {
            let k = t.keyframes.last().expect("keyframe");
            // The pieces, with the events since the first applied, are the search as it
            // stands now, where the last piece was copied.
            let mut whole = k.states.clone();
            apply(&t.events, k.from, k.offset, &mut whole);
            assert!(
                whole == s.states(),
                "keyframe {} at step {}",
                built + 1,
                k.step
            );
            assert_eq!(k.offset, t.events.len());
            assert!(k.from < k.offset, "copied over several calls");
            built += 1;
        }
    }
    assert!(
        built >= 2,
        "{built} keyframes, {} events, {:?}",
        t.event_count(),
        s.stats()
    );
    // A sixteenth of the map a call: fifteen calls after the first piece, per keyframe.
    assert!(calls_building >= 15 * built, "{calls_building} calls");
}

#[test]
fn every_step_in_and_around_a_keyframe_being_copied_seeks_to_the_live_state() {
    let grid = terrain(64, 11);
    for settings in [
        dijkstra(),
        Settings {
            weight: 2.0,
            ..Settings::default()
        },
    ] {
        let (mut s, mut t) = recorded(&grid, &settings);
        let mut truth = vec![s.states().to_vec()];
        let mut seen_building = false;
        while !s.status().is_done() {
            s.run(&grid, Budget::Expansions(1), || 0.0).expect("run");
            truth.push(s.states().to_vec());
            t.collect(&mut s);
            if let Some(from) = t.building.as_ref().map(|b| b.from) {
                // While the pieces are being copied: the steps since the first piece and
                // a few before it, backwards, then forwards from one of them.
                seen_building = true;
                let first = (0..=t.recorded())
                    .find(|&k| t.end_of(k) >= from)
                    .unwrap_or(0);
                let around = first.saturating_sub(3)..=t.recorded();
                for k in around.clone().rev().chain(around) {
                    t.seek(k);
                    assert!(t.states() == truth[k].as_slice(), "step {k} while copying");
                }
            }
        }
        assert!(
            seen_building && t.keyframes.len() >= 2,
            "{}",
            t.keyframes.len()
        );
        let last = t.recorded();
        // Every step, forwards (from the step shown), backwards (from a keyframe each
        // time), and around each keyframe from a step far after it.
        for k in (0..=last).chain((0..=last).rev()) {
            t.seek(k);
            assert!(t.states() == truth[k].as_slice(), "step {k} of {last}");
        }
        let steps: Vec<usize> = t.keyframes.iter().map(|k| k.step).collect();
        for step in steps {
            let around = step.saturating_sub(40)..=(step + 40).min(last);
            for (k, states) in truth.iter().enumerate().take(last + 1) {
                if around.contains(&k) {
                    t.seek(last);
                    t.seek(k);
                    assert!(
                        t.states() == states.as_slice(),
                        "step {k} by keyframe {step}"
                    );
                }
            }
        }
    }
}

#[test]
fn a_keyframe_being_copied_counts_whole_and_goes_with_a_search_that_ends() {
    let grid = terrain(64, 11);
    let (mut s, mut t) = recorded(&grid, &dijkstra());
    while t.building.is_none() {
        s.run(&grid, Budget::Expansions(1), || 0.0).expect("run");
        t.collect(&mut s);
    }
    assert!(t.keyframe_building());
    // Its first piece alone is copied, yet all of it is counted against the cap.
    assert!(t.building.as_ref().map_or(0, |b| b.states.len()) < grid.len());
    assert!(
        t.keyframe_bytes() >= 2 * grid.len(),
        "{}",
        t.keyframe_bytes()
    );
    // The search ends before the last piece: no keyframe is left half copied.
    let keyframes = t.keyframe_count();
    s.run(&grid, Budget::Unlimited, || 0.0).expect("run");
    t.collect(&mut s);
    assert!(!t.keyframe_building());
    assert_eq!(t.keyframe_count(), keyframes);
    assert!(t.keyframe_bytes() < 2 * grid.len());
}

#[test]
fn a_keyframe_being_copied_is_dropped_when_the_live_state_is_shorter_than_its_pieces() {
    let mut t = Timeline::new(&[0; 64], &Stats::default(), usize::MAX);
    t.building = Some(Building {
        from: 0,
        states: vec![0; 32],
    });
    t.copy_piece(&[0; 16], 1);
    assert!(
        t.building.is_none(),
        "no keyframe goes on from another state"
    );
    assert_eq!(t.keyframes.len(), 1, "only step 0's");
}
