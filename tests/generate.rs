//! The map generators: deterministic from the seed, the sizes asked for, suggested markers
//! that are connected, perfect mazes, density honoured, and the `generate` CLI command.

use pathlab::formats::movingai;
use pathlab::generate::{generate, largest_region, Kind};
use pathlab::rng::SplitMix64;
use pathlab::{Budget, Movement, Search, Settings, Status};
use std::process::Command;

/// Whether `goal` is reachable from `start` with 4-connected moves (so under every rule).
fn connected(g: &pathlab::generate::Generated) -> bool {
    let settings = Settings {
        algorithm: pathlab::Algorithm::BreadthFirst,
        movement: Movement::four(),
        ..Settings::default()
    };
    let mut search = Search::new(&g.grid, g.start, g.goal, &settings).unwrap();
    search.run(&g.grid, Budget::Unlimited, || 0.0).unwrap() == Status::Found
}

#[test]
fn splitmix64_gives_the_published_sequence() {
    // The reference outputs for seed 0: a changed generator would change every old seed's map.
    let mut rng = SplitMix64::new(0);
    assert_eq!(rng.next_u64(), 0xE220_A839_7B1D_CDAF);
    assert_eq!(rng.next_u64(), 0x6E78_9E6A_A1B9_65F4);
    assert_eq!(rng.next_u64(), 0x06C4_5D18_8009_454F);
}

#[test]
fn the_same_seed_gives_the_same_map_and_another_seed_another() {
    for kind in Kind::ALL {
        let a = generate(kind, 61, 41, 99, 0.2).unwrap();
        assert_eq!(a, generate(kind, 61, 41, 99, 0.2).unwrap(), "{kind}");
        assert_ne!(
            a.grid,
            generate(kind, 61, 41, 100, 0.2).unwrap().grid,
            "{kind}"
        );
    }
}

#[test]
fn a_pinned_map_never_changes() {
    // A fingerprint of one map per kind; if this fails, old seeds no longer reproduce.
    let fingerprint = |kind| {
        let g = generate(kind, 33, 17, 2024, 0.25).unwrap();
        g.grid
            .bytes()
            .iter()
            .fold(0xcbf2_9ce4_8422_2325u64, |h, &b| {
                (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)
            })
    };
    let got: Vec<u64> = Kind::ALL.into_iter().map(fingerprint).collect();
    assert_eq!(got, PINNED, "{got:#x?}");
}

const PINNED: [u64; 5] = [
    0xc52c41678288ff92,
    0xbd6cea5796d08cca,
    0x61c779fe2c4059cb,
    0x9c4aa25e0eeb818e,
    0xd1dd175b1bef7556,
];

#[test]
fn sizes_are_honoured_including_tiny_wide_and_tall() {
    for kind in Kind::ALL {
        let min = if matches!(kind, Kind::DfsMaze | Kind::RecursiveDivision) {
            3
        } else {
            1
        };
        for (w, h) in [(min, min), (200, min), (min, 150), (64, 64), (65, 33)] {
            let g = generate(kind, w, h, 5, 0.3).unwrap();
            assert_eq!((g.grid.width(), g.grid.height()), (w, h), "{kind}");
            assert!(connected(&g), "{kind} {w}×{h}");
        }
        assert!(generate(kind, 0, 5, 1, 0.0).is_err());
        assert!(generate(kind, 4097, 5, 1, 0.0).is_err());
        assert!(generate(kind, 10, 10, 1, 0.95).is_err());
        assert!(generate(kind, 10, 10, 1, f64::NAN).is_err());
    }
    assert!(generate(Kind::DfsMaze, 2, 9, 1, 0.0).is_err());
}

#[test]
fn suggested_markers_are_connected_and_apart() {
    for kind in Kind::ALL {
        for seed in 0..20 {
            let g = generate(kind, 47, 31, seed, 0.45).unwrap();
            assert!(connected(&g), "{kind} seed {seed}");
            assert_ne!(g.start, g.goal, "{kind} seed {seed}");
        }
    }
}

/// Open cells, and 4-neighbour edges between open cells.
fn graph_size(grid: &pathlab::Grid) -> (usize, usize) {
    let (w, h) = (grid.width() as i64, grid.height() as i64);
    let (mut v, mut e) = (0, 0);
    for y in 0..h {
        for x in 0..w {
            if grid.is_passable(x, y) {
                v += 1;
                e += usize::from(grid.is_passable(x + 1, y));
                e += usize::from(grid.is_passable(x, y + 1));
            }
        }
    }
    (v, e)
}

#[test]
fn mazes_are_perfect() {
    for kind in [Kind::DfsMaze, Kind::RecursiveDivision] {
        for (w, h, seed) in [
            (21, 21, 1),
            (63, 31, 2),
            (4, 9, 3),
            (101, 100, 4),
            (3, 3, 5),
        ] {
            let g = generate(kind, w, h, seed, 0.0).unwrap();
            let (v, e) = graph_size(&g.grid);
            // Connected with exactly V − 1 edges: a tree, one path between any two cells.
            assert_eq!(largest_region(&g.grid).len(), v, "{kind} connected");
            assert_eq!(e, v - 1, "{kind} {w}×{h} has no loops");
        }
    }
}

#[test]
fn rooms_have_loops_and_reach_every_room() {
    let g = generate(Kind::Rooms, 120, 80, 8, 0.0).unwrap();
    let (v, e) = graph_size(&g.grid);
    assert_eq!(largest_region(&g.grid).len(), v, "every room is reachable");
    assert!(e > v, "open rooms are full of cycles");
    assert!(g.grid.wall_count() > 120 * 80 / 20, "there are walls");
}

#[test]
fn density_is_roughly_honoured() {
    for density in [0.0, 0.1, 0.3, 0.6, 0.9] {
        for kind in [Kind::Random, Kind::Terrain] {
            let g = generate(kind, 200, 200, 3, density).unwrap();
            let fraction = g.grid.wall_count() as f64 / 40_000.0;
            assert!(
                (fraction - density).abs() < 0.02,
                "{kind} density {density} gave {fraction}"
            );
        }
    }
    let g = generate(Kind::Terrain, 200, 200, 3, 0.0).unwrap();
    for cost in 1..=4u8 {
        let n = g.grid.bytes().iter().filter(|&&b| b == cost).count();
        assert!(n > 400, "terrain uses cost {cost} ({n} cells)");
    }
}

fn pathlab(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_pathlab"))
        .args(args)
        .output()
        .expect("run pathlab")
}

#[test]
fn cli_writes_the_same_map_as_the_library() {
    let out = pathlab(&[
        "generate", "dfs-maze", "--width", "31", "--height", "21", "--seed", "7",
    ]);
    assert!(out.status.success(), "{out:?}");
    let grid = movingai::parse_map(&String::from_utf8(out.stdout).unwrap()).unwrap();
    assert_eq!(grid, generate(Kind::DfsMaze, 31, 21, 7, 0.0).unwrap().grid);

    let dir = std::env::temp_dir().join(format!("pathlab-gen-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("r.map");
    let out = pathlab(&[
        "generate",
        "random",
        "--width",
        "40",
        "--height",
        "30",
        "--seed",
        "3",
        "--density",
        "0.2",
        "-o",
        file.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{out:?}");
    let summary: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let made = generate(Kind::Random, 40, 30, 3, 0.2).unwrap();
    assert_eq!(
        summary["start"],
        serde_json::json!([made.start.0, made.start.1])
    );
    assert_eq!(
        summary["goal"],
        serde_json::json!([made.goal.0, made.goal.1])
    );
    assert_eq!(summary["width"], 40);
    let text = std::fs::read_to_string(&file).unwrap();
    assert_eq!(movingai::parse_map(&text).unwrap(), made.grid);
}

#[test]
fn cli_refuses_bad_arguments_with_exit_2_and_one_line() {
    for args in [
        &["generate", "spiral", "--width", "9", "--height", "9"][..],
        &["generate", "random", "--width", "0", "--height", "9"],
        &["generate", "random", "--width", "5000", "--height", "9"],
        &[
            "generate",
            "random",
            "--width",
            "9",
            "--height",
            "9",
            "--density",
            "2",
        ],
        &["generate", "dfs-maze", "--width", "2", "--height", "9"],
        &["generate", "random", "--width", "9"],
        &[
            "generate", "random", "--width", "9", "--height", "9", "--seed", "-1",
        ],
    ] {
        let out = pathlab(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(err.trim_end().lines().count(), 1, "{err}");
    }
}
