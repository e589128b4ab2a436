//! File-format tests on real files: every Moving AI `.map` and `.scen` in
//! `../shared/benchmarks/movingai/` (read in place, never copied; skipped with a note when the
//! folder is missing), the maps we ship in `maps/`, and a no-panic sweep that feeds random
//! bytes and damaged copies of valid files to every parser.

use pathlab::formats::{bitmap, load_map, movingai, FormatError};
use pathlab::Grid;
use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

/// The benchmark folder, or `None` (with a printed note) when it is not there.
fn bench_dir() -> Option<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/benchmarks/movingai");
    if dir.is_dir() {
        Some(dir)
    } else {
        eprintln!(
            "note: {} is missing; Moving AI file checks skipped",
            dir.display()
        );
        None
    }
}

/// The files in `dir` whose names end with `suffix`, sorted.
fn files_ending(dir: &Path, suffix: &str) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.to_string_lossy().ends_with(suffix))
        .collect();
    files.sort();
    files
}

fn name_of(path: &Path) -> String {
    path.file_name().unwrap().to_string_lossy().into_owned()
}

/// Problem lines per file, from the benchmark README's table.
const SCEN_LINES: [(&str, usize); 11] = [
    ("8room_000.map.scen", 1940),
    ("AR0011SR.map.scen", 1280),
    ("Aurora.map.scen", 2990),
    ("Berlin_0_256.map.scen", 930),
    ("arena.map.scen", 160),
    ("brc202d.map.scen", 2519),
    ("den312d.map.scen", 320),
    ("ht_chantry.map.scen", 470),
    ("maze512-1-0.map.scen", 11960),
    ("random512-10-0.map.scen", 1670),
    ("room-32-32-4-random-1.scen", 341),
];

#[test]
fn every_benchmark_map_parses_with_the_right_walls_and_round_trips() {
    let Some(dir) = bench_dir() else { return };
    let maps = files_ending(&dir, ".map");
    assert_eq!(maps.len(), 11, "{maps:?}");
    for path in maps {
        let bytes = fs::read(&path).unwrap();
        let grid = load_map(&name_of(&path), &bytes).unwrap_or_else(|e| panic!("{path:?}: {e}"));
        // Count walls independently of the parser: blocked characters in the grid rows.
        let text = String::from_utf8(bytes).unwrap();
        let walls: usize = text
            .lines()
            .skip(4)
            .map(|l| l.chars().filter(|c| "@OTW".contains(*c)).count())
            .sum();
        assert_eq!(grid.wall_count(), walls, "{path:?}");
        assert!(grid.wall_count() < grid.len(), "{path:?} has no open cell");

        let text = movingai::write_map(&grid);
        assert_eq!(movingai::parse_map(&text).unwrap(), grid, "{path:?} .map");
        let png = bitmap::write_png(&grid);
        assert_eq!(bitmap::grid_from_png(&png).unwrap(), grid, "{path:?} png");
    }
}

#[test]
fn every_benchmark_scen_parses_and_fits_its_map() {
    let Some(dir) = bench_dir() else { return };
    let expected: BTreeMap<&str, usize> = SCEN_LINES.into_iter().collect();
    let scens = files_ending(&dir, ".scen");
    assert_eq!(scens.len(), expected.len(), "{scens:?}");
    let mut maps: BTreeMap<String, Grid> = BTreeMap::new();
    for path in scens {
        let name = name_of(&path);
        let text = fs::read_to_string(&path).unwrap();
        let scenarios = movingai::parse_scen(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(
            Some(&scenarios.len()),
            expected.get(name.as_str()),
            "{name}"
        );
        for (i, s) in scenarios.iter().enumerate() {
            assert!(!s.map.contains('/'), "{name}: {}", s.map);
            let grid = maps.entry(s.map.clone()).or_insert_with(|| {
                let bytes = fs::read(dir.join(&s.map)).unwrap();
                load_map(&s.map, &bytes).unwrap()
            });
            assert_eq!(
                (s.map_width, s.map_height),
                (grid.width(), grid.height()),
                "{name} problem {i}"
            );
            for (x, y) in [s.start, s.goal] {
                assert!(
                    grid.is_passable(x.into(), y.into()),
                    "{name} problem {i}: ({x}, {y}) is not passable"
                );
            }
            assert!(s.optimal >= 0.0 && s.tolerance > 0.0, "{name} problem {i}");
        }
    }
}

/// The tolerance of one problem line of a benchmark file.
fn tolerance_of(dir: &Path, file: &str, line: usize) -> (f64, f64) {
    let text = fs::read_to_string(dir.join(file)).unwrap();
    let scenarios = movingai::parse_scen(&text).unwrap();
    let s = &scenarios[line];
    (s.optimal, s.tolerance)
}

fn assert_tolerance(actual: (f64, f64), optimal: f64, half_unit: f64) {
    let expected = half_unit + 2.5e-8 * optimal;
    assert_eq!(actual.0, optimal);
    assert!(
        (actual.1 - expected).abs() <= 1e-12 * expected,
        "tolerance {} for {optimal}, expected {expected}",
        actual.1
    );
}

#[test]
fn tolerance_follows_each_files_printed_precision() {
    let Some(dir) = bench_dir() else { return };
    // %g files: "1" is 1.00000, "7" is 7.00000, "2.82843" has 5 decimals.
    assert_tolerance(tolerance_of(&dir, "arena.map.scen", 0), 1.0, 5e-6);
    assert_tolerance(tolerance_of(&dir, "Aurora.map.scen", 0), 7.0, 5e-6);
    assert_tolerance(tolerance_of(&dir, "brc202d.map.scen", 0), 2.82843, 5e-6);
    // AR0011SR prints two decimals everywhere: "244.95", "446.00".
    assert_tolerance(tolerance_of(&dir, "AR0011SR.map.scen", 0), 244.95, 5e-3);
    // Berlin and the MAPF file print eight decimals: "2.00000000".
    assert_tolerance(tolerance_of(&dir, "Berlin_0_256.map.scen", 0), 2.0, 5e-9);
    assert_tolerance(
        tolerance_of(&dir, "room-32-32-4-random-1.scen", 0),
        23.65685425,
        5e-9,
    );

    // Find printed forms by text, so the check uses what the files really contain.
    let find = |file: &str, printed: &str| -> (f64, f64) {
        let text = fs::read_to_string(dir.join(file)).unwrap();
        let index = text
            .lines()
            .skip(1)
            .position(|l| l.split_whitespace().last() == Some(printed))
            .unwrap_or_else(|| panic!("{file} has no length printed {printed}"));
        tolerance_of(&dir, file, index)
    };
    assert_tolerance(find("AR0011SR.map.scen", "446.00"), 446.0, 5e-3);
    assert_tolerance(find("brc202d.map.scen", "1006.02"), 1006.02, 5e-3);
    // In a %g file a value of 100 or more shows fewer decimals and a coarser tolerance.
    let text = fs::read_to_string(dir.join("brc202d.map.scen")).unwrap();
    for s in movingai::parse_scen(&text).unwrap() {
        let half_unit = match s.optimal {
            l if l < 10.0 => 5e-6,
            l if l < 100.0 => 5e-5,
            l if l < 1000.0 => 5e-4,
            _ => 5e-3,
        };
        assert_tolerance((s.optimal, s.tolerance), s.optimal, half_unit);
    }
}

/// The crate's generator, enough to vary inputs.
struct Dice(pathlab::rng::SplitMix64);

impl Dice {
    fn next(&mut self) -> u64 {
        self.0.next_u64()
    }

    fn below(&mut self, n: usize) -> usize {
        self.0.below(n.max(1) as u64) as usize
    }
}

/// CRC-32 as PNG chunks use it, so a damaged chunk can get a valid checksum and reach the
/// decoder's deeper layers instead of failing the checksum test.
fn crc32(data: &[u8]) -> u32 {
    let mut crc = !0u32;
    for &byte in data {
        crc ^= u32::from(byte);
        for _ in 0..8 {
            crc = if crc & 1 == 1 {
                (crc >> 1) ^ 0xEDB8_8320
            } else {
                crc >> 1
            };
        }
    }
    !crc
}

/// Recomputes every chunk checksum of a (possibly damaged) PNG, as far as its structure goes.
fn fix_crcs(png: &mut [u8]) {
    let mut at = 8;
    while at + 12 <= png.len() {
        let len = u32::from_be_bytes([png[at], png[at + 1], png[at + 2], png[at + 3]]) as usize;
        let end = at + 8 + len;
        if end + 4 > png.len() {
            return;
        }
        let crc = crc32(&png[at + 4..end]);
        png[end..end + 4].copy_from_slice(&crc.to_be_bytes());
        at = end + 4;
    }
}

/// Feeds one input to every parser; each must return, Ok or Err, without panicking.
fn feed_everything(bytes: &[u8], rng: &mut Dice) -> usize {
    let text = String::from_utf8_lossy(bytes);
    let results = [
        load_map("input.map", bytes).err(),
        load_map("input.png", bytes).err(),
        bitmap::grid_from_png(bytes).err(),
        movingai::parse_map(&text).err(),
        movingai::parse_scen(&text).map(|_| ()).err(),
        bitmap::grid_from_rgba(
            rng.below(6) as u32,
            rng.below(6) as u32,
            &bytes[..bytes.len().min(100)],
        )
        .err(),
    ];
    // Every message must say something.
    for e in results.iter().flatten() {
        assert!(!e.message.is_empty(), "{e:?}");
    }
    results.iter().filter(|r| r.is_none()).count()
}

fn sample_inputs() -> Vec<Vec<u8>> {
    let mut grid = movingai::parse_map(
        "type octile\nheight 5\nwidth 6\nmap\n..@.2.\n.TT.3.\n....4.\n@@@...\n.1GS..\n",
    )
    .unwrap();
    let map = movingai::write_map(&grid).into_bytes();
    let crlf = String::from_utf8(map.clone())
        .unwrap()
        .replace('\n', "\r\n")
        .into_bytes();
    let scen = b"version 1\n0\tmaps/x.map\t6\t5\t0\t0\t5\t4\t7.24264\n\
        1 maps/x.map 6 5 1 0 5 0 446.00\n"
        .to_vec();
    let png = bitmap::write_png(&grid);
    grid.fill(pathlab::Cell::Terrain(3));
    let png2 = bitmap::write_png(&grid);
    vec![map, crlf, scen, png, png2]
}

#[test]
fn no_parser_panics_on_random_or_damaged_input() {
    let mut rng = Dice(pathlab::rng::SplitMix64::new(0x9E37_79B9_7F4A_7C15));
    let samples = sample_inputs();
    let mut accepted = 0;
    // FORMATS_FUZZ_ROUNDS=1000000 runs a longer sweep by hand.
    let rounds = std::env::var("FORMATS_FUZZ_ROUNDS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(3000);
    for round in 0..rounds {
        let mut input = samples[round % samples.len()].clone();
        match round % 5 {
            // Pure noise, of any length up to 300 bytes.
            0 => {
                let len = rng.below(300);
                input = (0..len).map(|_| rng.next() as u8).collect();
            }
            // A truncation.
            1 => {
                let cut = rng.below(input.len() + 1);
                input.truncate(cut);
            }
            // A few bytes changed; PNG checksums recomputed so the damage reaches the
            // decoder's inflate and filter stages.
            2 | 3 => {
                for _ in 0..=rng.below(4) {
                    let at = rng.below(input.len());
                    input[at] = match rng.below(3) {
                        0 => rng.next() as u8,
                        1 => input[at] ^ (1 << rng.below(8)),
                        _ => {
                            let interesting = b"0123456789 \t\r\n.@-";
                            interesting[rng.below(interesting.len())]
                        }
                    };
                }
                if input.starts_with(b"\x89PNG") {
                    fix_crcs(&mut input);
                }
            }
            // A random slice spliced into a random place.
            _ => {
                let from = rng.below(input.len());
                let to = from + rng.below(input.len() - from);
                let piece = input[from..to].to_vec();
                let at = rng.below(input.len());
                input.splice(at..at, piece);
            }
        }
        accepted += feed_everything(&input, &mut rng);
    }
    // The damage must not have been so heavy that nothing ever parsed.
    assert!(accepted > 100, "only {accepted} inputs were accepted");
}

#[test]
fn png_headers_claiming_huge_sizes_are_refused_cleanly() {
    let grid = Grid::new(2, 2).unwrap();
    for (width, height) in [
        (0u32, 2u32),
        (2, 0),
        (4097, 1),
        (1, 1 << 31),
        (u32::MAX, u32::MAX),
    ] {
        let mut png = bitmap::write_png(&grid);
        png[16..20].copy_from_slice(&width.to_be_bytes());
        png[20..24].copy_from_slice(&height.to_be_bytes());
        fix_crcs(&mut png);
        let err: FormatError = bitmap::grid_from_png(&png).unwrap_err();
        assert!(err.line.is_none());
        assert!(!err.message.is_empty());
    }
}

/// One entry of `maps/index.json`.
#[derive(serde::Deserialize)]
struct IndexEntry {
    file: String,
    name: String,
    description: String,
}

#[test]
fn our_maps_parse_and_are_canonical() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("maps");
    let index: Vec<IndexEntry> =
        serde_json::from_str(&fs::read_to_string(dir.join("index.json")).unwrap()).unwrap();
    assert!(index.len() >= 15, "{} maps", index.len());
    let mut listed: Vec<&str> = index.iter().map(|e| e.file.as_str()).collect();
    listed.sort_unstable();
    let on_disk: Vec<String> = files_ending(&dir, ".map")
        .iter()
        .map(|p| name_of(p))
        .collect();
    assert_eq!(listed, on_disk, "index.json and maps/*.map disagree");
    for entry in &index {
        assert!(!entry.name.is_empty() && !entry.description.is_empty());
        let bytes = fs::read(dir.join(&entry.file)).unwrap();
        assert!(bytes.len() <= 1_100_000, "{} is too big", entry.file);
        let grid = load_map(&entry.file, &bytes).unwrap_or_else(|e| panic!("{}: {e}", entry.file));
        assert_eq!(
            movingai::write_map(&grid).as_bytes(),
            bytes,
            "{} is not canonical",
            entry.file
        );
    }
}
