//! What the page shows in words comes out in plain words: no reference to the source documents
//! ("seed 001", "the manual") in any open-list sentence, algorithm label or refusal message.
//! References belong in the docs and the code comments.

use pathlab::search::table::ALGORITHMS;
use pathlab::{new_search, Algorithm, Budget, Cell, Grid, Settings};

fn plain(text: &str, what: &str) {
    let lower = text.to_lowercase();
    for jargon in ["seed 0", "seed0", "manual", "auburn", "applet"] {
        assert!(
            !lower.contains(jargon),
            "{what}: {text:?} mentions {jargon:?}"
        );
    }
}

#[test]
fn every_open_list_sentence_is_in_plain_words() {
    // A map with ties everywhere (an open field) and a wall, so every kind of sentence
    // comes up: lowest key, ties on the key, ties on the key and g.
    let mut grid = Grid::new(16, 12).unwrap();
    for y in 2..10 {
        grid.set(7, y, Cell::Wall);
    }
    let mut seen = 0;
    for algorithm in Algorithm::ALL {
        let settings = Settings {
            algorithm,
            ..Settings::default()
        };
        let mut search = new_search(&grid, (1, 6), (14, 5), &settings).unwrap();
        for _ in 0..200 {
            let why = search.open_why();
            plain(&why, algorithm.name());
            seen += usize::from(!why.is_empty());
            if search
                .run(&grid, Budget::Expansions(1), &|| 0.0)
                .unwrap()
                .is_done()
            {
                break;
            }
        }
    }
    assert!(seen > 100, "the sentences were looked at ({seen})");
}

#[test]
fn labels_summaries_and_refusals_are_in_plain_words() {
    for row in &ALGORITHMS {
        plain(row.label, row.id);
        plain(row.menu_label, row.id);
        plain(row.summary, row.id);
    }
    let mut terrain = Grid::new(4, 4).unwrap();
    terrain.set(1, 1, Cell::Terrain(3));
    for algorithm in Algorithm::ALL {
        let settings = Settings {
            algorithm,
            ..Settings::default()
        };
        if let Some(why) = settings.unavailable_on(&terrain) {
            plain(&why, algorithm.name());
        }
    }
}
