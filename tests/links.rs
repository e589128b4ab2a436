//! Share links: every shipped map survives link, `.map` and PNG round trips exactly; random
//! states survive encode/decode (proptest); random, mutated and truncated links never panic and
//! give either an error or a valid state; oversized headers and zip bombs are refused without
//! allocating what they claim. Run with `--nocapture` to see each shipped map's link length.

use pathlab::formats::link::{
    decode, encode, format_short, format_tail, parse_short, split_link, LinkRange, LinkState,
    LinkTail, LinkView, MAX_LINK_CHARS,
};
use pathlab::formats::{bitmap, load_map, movingai};
use pathlab::grid::Shape;
use pathlab::heuristic::Heuristic;
use pathlab::rng::SplitMix64;
use pathlab::{
    Algorithm, Connectivity, DiagonalRule, Grid, Movement, NeighbourOrder, Planner, Settings,
    ViewKind,
};
use proptest::prelude::*;
use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::path::Path;

/// Counts the bytes this thread asks the allocator for, so a test can bound what a decode
/// allocates.
struct Counting;

thread_local! {
    static ALLOCATED: Cell<usize> = const { Cell::new(0) };
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let _ = ALLOCATED.try_with(|a| a.set(a.get() + layout.size()));
        System.alloc(layout)
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        System.dealloc(ptr, layout)
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let _ = ALLOCATED.try_with(|a| a.set(a.get() + new_size));
        System.realloc(ptr, layout, new_size)
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// Bytes allocated on this thread while `f` runs.
fn allocated_by<T>(f: impl FnOnce() -> T) -> (T, usize) {
    let before = ALLOCATED.with(Cell::get);
    let out = f();
    (out, ALLOCATED.with(Cell::get) - before)
}

#[derive(serde::Deserialize)]
struct Entry {
    file: String,
    start: (u32, u32),
    goal: (u32, u32),
}

/// Whether a decoded state is one the planner can take as it is.
fn assert_valid(state: &LinkState) {
    let g = &state.grid;
    for (x, y) in [state.start, state.goal] {
        assert!(
            g.is_passable(i64::from(x), i64::from(y)),
            "marker on a wall or outside"
        );
    }
    state.settings.validate().expect("valid settings");
}

#[test]
fn every_shipped_map_round_trips_through_link_map_and_png() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("maps");
    let index: Vec<Entry> =
        serde_json::from_str(&std::fs::read_to_string(dir.join("index.json")).unwrap()).unwrap();
    let settings = [
        Settings::default(),
        Settings {
            algorithm: Algorithm::BestFirst,
            heuristic: Some(Heuristic::Euclidean),
            weight: 2.5,
            movement: Movement {
                connectivity: Connectivity::Four,
                diagonal_rule: DiagonalRule::OneSideFree,
                diagonal_cost: pathlab::grid::SEED_DIAGONAL_PENALTY,
            },
            neighbour_order: NeighbourOrder::GoalDirected,
            node_budget: Some(1234),
        },
    ];
    println!("| map | cells | link characters |");
    for e in &index {
        let grid = load_map(&e.file, &std::fs::read(dir.join(&e.file)).unwrap()).unwrap();
        for s in settings {
            let s = s.fitted_to(&grid);
            let state = LinkState {
                grid: grid.clone(),
                start: e.start,
                goal: e.goal,
                settings: s,
            };
            let link = encode(&state);
            assert!(
                link.len() < MAX_LINK_CHARS / 4,
                "{}: {} characters",
                e.file,
                link.len()
            );
            let version = if grid.shape().is_hex() { "v3." } else { "v2." };
            assert!(link.starts_with(version), "{}: {link}", e.file);
            assert_eq!(decode(&link).unwrap(), state, "{}", e.file);
            let hashed = decode(&format!("#{link}")).unwrap();
            assert_eq!(hashed, state, "{}", e.file);
            if s == Settings::default() {
                println!("| {} | {} | {} |", e.file, grid.len(), link.len());
            }
            let name = e.file.trim_end_matches(".map");
            let short = parse_short(&format_short(name, e.start, e.goal, &s).unwrap()).unwrap();
            assert_eq!(
                (short.map.as_str(), short.start, short.goal),
                (name, Some(e.start), Some(e.goal))
            );
            assert_eq!(short.settings, s);
        }
        let text = movingai::write_map(&grid);
        assert_eq!(
            movingai::parse_map(&text).unwrap(),
            grid,
            "{} as .map",
            e.file
        );
        let png = bitmap::write_png(&grid);
        // A bitmap has pixels, not hexagons: its cells are compared.
        assert_eq!(
            bitmap::grid_from_png(&png)
                .unwrap()
                .into_shape(grid.shape()),
            grid,
            "{} as PNG",
            e.file
        );
    }
}

/// A grid of runs of random cells, from a seed (cheap at any size).
fn random_grid(width: u32, height: u32, seed: u64, change: f64) -> Grid {
    let mut rng = SplitMix64::new(seed);
    let mut cell = 1u8;
    let cells = (0..width as usize * height as usize)
        .map(|_| {
            if rng.unit() < change {
                cell = rng.below(5) as u8;
            }
            cell
        })
        .collect();
    Grid::from_bytes(width, height, cells).unwrap()
}

fn side() -> impl Strategy<Value = u32> {
    prop_oneof![Just(1u32), 1..40u32, 40..700u32, Just(4096u32)]
}

fn settings() -> impl Strategy<Value = Settings> {
    (
        0..Algorithm::ALL.len(),
        0..6usize,
        prop_oneof![
            Just(1.0),
            0.0..=1_000_000.0f64,
            Just(0.0),
            Just(1_000_000.0)
        ],
        any::<bool>(),
        0..4usize,
        prop_oneof![
            Just(std::f64::consts::SQRT_2),
            1.0..=2.0f64,
            Just(1.0),
            Just(2.0)
        ],
        any::<bool>(),
        prop_oneof![Just(None), (1..u64::MAX).prop_map(Some)],
    )
        .prop_map(
            |(a, h, weight, four, rule, cost, goal_directed, budget)| Settings {
                algorithm: Algorithm::ALL[a],
                heuristic: if h == 0 {
                    None
                } else {
                    Some(Heuristic::ALL[h - 1])
                },
                weight,
                movement: Movement {
                    connectivity: if four {
                        Connectivity::Four
                    } else {
                        Connectivity::Eight
                    },
                    diagonal_rule: [
                        DiagonalRule::Never,
                        DiagonalRule::NoCornerCutting,
                        DiagonalRule::OneSideFree,
                        DiagonalRule::Always,
                    ][rule],
                    diagonal_cost: cost,
                },
                neighbour_order: if goal_directed {
                    NeighbourOrder::GoalDirected
                } else {
                    NeighbourOrder::Fixed
                },
                node_budget: budget,
            },
        )
}

fn state() -> impl Strategy<Value = LinkState> {
    (
        side(),
        side(),
        any::<u64>(),
        0.0..1.0f64,
        any::<(u32, u32, u32, u32)>(),
        settings(),
        0..Shape::ALL.len(),
    )
        .prop_filter("keep the huge ones thin", |(w, h, ..)| {
            u64::from(*w) * u64::from(*h) <= 1 << 20
        })
        .prop_map(|(w, h, seed, change, (sx, sy, gx, gy), settings, shape)| {
            let mut grid = random_grid(w, h, seed, change).into_shape(Shape::ALL[shape]);
            // The page writes only settings that suit the map's shape.
            let settings = settings.fitted_to(&grid);
            let start = (sx % w, sy % h);
            let goal = (gx % w, gy % h);
            for (x, y) in [start, goal] {
                grid.set(
                    i64::from(x),
                    i64::from(y),
                    pathlab::Cell::Terrain(1 + (x % 4) as u8),
                );
            }
            LinkState {
                grid,
                start,
                goal,
                settings,
            }
        })
}

/// A view a link may carry: none (the path), the field with or without walkers, the range
/// with or without its cell and budget (budgets in hundredths, as a user types them).
fn link_view() -> impl Strategy<Value = Option<LinkView>> {
    prop_oneof![
        Just(None),
        proptest::option::of(1..=10_000u32).prop_map(|walkers| Some(LinkView {
            view: ViewKind::Field,
            walkers,
            range: None,
        })),
        proptest::option::of((any::<u32>(), any::<u32>(), 0..=100_000_000u32)).prop_map(|r| {
            Some(LinkView {
                view: ViewKind::Range,
                walkers: None,
                range: r.map(|(x, y, b)| LinkRange {
                    x,
                    y,
                    budget: f64::from(b) / 100.0,
                }),
            })
        }),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn states_with_views_round_trip_in_full_and_short_links(
        s in state(),
        view in link_view(),
        step in proptest::option::of(any::<u32>()),
    ) {
        let tail = LinkTail { compare: None, view, agents: None, step: step.map(u64::from) };
        let text = format_tail(&tail).unwrap();
        let short = format_short("maze-63", s.start, s.goal, &s.settings).unwrap();
        for base in [encode(&s), short] {
            let fragment = if text.is_empty() { base.clone() } else { format!("{base}&{text}") };
            let (read_base, read_tail) = split_link(&fragment).unwrap();
            prop_assert_eq!(read_base, base.as_str());
            prop_assert_eq!(&read_tail, &tail);
        }
        let fragment = [encode(&s), text].join("&");
        let (base, _) = split_link(fragment.trim_end_matches('&')).unwrap();
        prop_assert_eq!(decode(base).unwrap(), s);
    }

    #[test]
    fn random_states_survive_encode_and_decode(s in state()) {
        let link = encode(&s);
        let version = if s.grid.shape().is_hex() { "v3." } else { "v2." };
        prop_assert!(link.starts_with(version), "{}", link);
        prop_assert!(link.bytes().skip(3).all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_'));
        prop_assert_eq!(decode(&link).unwrap(), s);
    }

    #[test]
    fn random_strings_never_panic(text in ".{0,200}", tail in "[A-Za-z0-9_-]{0,300}") {
        for candidate in [text.clone(), format!("v1.{tail}"), format!("v3.{tail}"), format!("#v1.{text}"), format!("map={text}")] {
            match decode(&candidate) {
                Ok(state) => assert_valid(&state),
                Err(e) => prop_assert!(!e.to_string().is_empty()),
            }
            let _ = parse_short(&candidate);
        }
    }

    #[test]
    fn mutated_and_truncated_links_never_panic(
        s in state(),
        edits in proptest::collection::vec((any::<prop::sample::Index>(), 0..64u8, 0..3u8), 1..6),
        cut in any::<prop::sample::Index>(),
    ) {
        let link = encode(&s);
        let alphabet = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
        let mut bytes = link.clone().into_bytes();
        for (at, c, op) in edits {
            let i = 3 + at.index(bytes.len() - 3);
            match op {
                0 => bytes[i] = alphabet[usize::from(c)],
                1 => bytes.insert(i, alphabet[usize::from(c)]),
                _ if bytes.len() > 4 => { bytes.remove(i.min(bytes.len() - 1)); }
                _ => {}
            }
        }
        let mutated = String::from_utf8(bytes).unwrap();
        let truncated = &link[..cut.index(link.len())];
        for candidate in [mutated.as_str(), truncated] {
            match decode(candidate) {
                Ok(state) => assert_valid(&state),
                Err(e) => prop_assert!(!e.to_string().is_empty()),
            }
        }
    }
}

/// A 41-byte header: a `width` × `height` map, both markers at (0, 0), A* with weight
/// `weight`, 8-connected without corner cutting, diagonal cost √2, node budget `budget`.
fn header(width: u16, height: u16, weight: f64, budget: u64) -> Vec<u8> {
    let mut bytes = Vec::new();
    for v in [width, height, 0, 0, 0, 0] {
        bytes.extend_from_slice(&v.to_le_bytes());
    }
    bytes.extend_from_slice(&[3, 0, 8, 1, 0]);
    bytes.extend_from_slice(&weight.to_le_bytes());
    bytes.extend_from_slice(&std::f64::consts::SQRT_2.to_le_bytes());
    bytes.extend_from_slice(&budget.to_le_bytes());
    bytes
}

fn base64url(bytes: &[u8]) -> String {
    use base64::Engine;
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(bytes)
}

/// Run-length cells as links store them: (byte, LEB128 run length) pairs.
fn rle(cells: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < cells.len() {
        let run = cells[i..].iter().take_while(|&&c| c == cells[i]).count();
        out.push(cells[i]);
        let mut n = run;
        loop {
            let low = (n & 0x7f) as u8;
            n >>= 7;
            out.push(if n == 0 { low } else { low | 0x80 });
            if n == 0 {
                break;
            }
        }
        i += run;
    }
    out
}

/// A v1 link (the header in the clear, then the compressed cells) with a hand-made header and
/// `body` as the compressed cells.
fn forged(width: u16, height: u16, body: &[u8]) -> String {
    let mut bytes = header(width, height, 1.0, 0);
    bytes.extend_from_slice(body);
    format!("v1.{}", base64url(&bytes))
}

/// A v2 link (header and cells in one zlib stream) of a hand-made header and `payload`.
fn forged_v2(width: u16, height: u16, payload: &[u8]) -> String {
    let mut bytes = header(width, height, 1.0, 0);
    bytes.extend_from_slice(payload);
    format!(
        "v2.{}",
        base64url(&miniz_oxide::deflate::compress_to_vec_zlib(&bytes, 6))
    )
}

#[test]
fn oversized_headers_are_refused_before_allocating() {
    let body = miniz_oxide::deflate::compress_to_vec_zlib(&rle(&[1, 1, 1, 1]), 6);
    for (w, h) in [(65535, 65535), (5000, 3), (3, 4097), (0, 10), (10, 0)] {
        for link in [forged(w, h, &body), forged_v2(w, h, &rle(&[1, 1, 1, 1]))] {
            let (result, bytes) = allocated_by(|| decode(&link));
            let message = result.unwrap_err().to_string();
            assert!(message.contains("4096×4096"), "{message}");
            assert!(
                bytes < 4 * link.len() + 64 * 1024,
                "{w}×{h}: allocated {bytes} bytes"
            );
        }
    }
}

#[test]
fn a_zip_bomb_is_cut_off_at_the_map_size() {
    // 64 MB of zeros compress to ~64 KB; the header claims a 100×100 map (20 kB of RLE at most).
    let bomb = miniz_oxide::deflate::compress_to_vec_zlib(&vec![0u8; 64 << 20], 10);
    let link = forged(100, 100, &bomb);
    let (result, bytes) = allocated_by(|| decode(&link));
    let message = result.unwrap_err().to_string();
    assert!(message.contains("more than its map can hold"), "{message}");
    assert!(bytes < 2 << 20, "allocated {bytes} bytes");
    // The same inside a v2 stream: the header is unpacked alone first.
    let link = forged_v2(100, 100, &vec![0u8; 64 << 20]);
    let (result, bytes) = allocated_by(|| decode(&link));
    let message = result.unwrap_err().to_string();
    assert!(message.contains("more than its map can hold"), "{message}");
    assert!(bytes < 2 << 20, "v2: allocated {bytes} bytes");
}

#[test]
fn overlong_and_damaged_links_get_clear_messages() {
    let too_long = format!("v1.{}", "A".repeat(MAX_LINK_CHARS));
    let (result, bytes) = allocated_by(|| decode(&too_long));
    assert!(result.unwrap_err().to_string().contains("too long"));
    assert!(bytes < 1024, "refused before decoding ({bytes} bytes)");

    let good = encode(&LinkState {
        grid: random_grid(50, 40, 3, 0.2),
        start: (0, 0),
        goal: (0, 0),
        settings: Settings::default(),
    });
    let messages = [
        (format!("v4.{}", &good[3..]), "newer Pathlab (v4)"),
        // A v2 link relabelled v3 reads its first cell as the shape byte.
        (format!("v3.{}", &good[3..]), "damaged"),
        (format!("v99{}", &good[2..]), "newer Pathlab (v99)"),
        (good[..20].to_string(), "truncated"),
        (good[..good.len() - 10].to_string(), "truncated"),
        (format!("{good}*"), "base64"),
        ("https://example.com".to_string(), "not a Pathlab link"),
    ];
    for (link, expected) in messages {
        let err = decode(&link).map(|_| ()).unwrap_err().to_string();
        assert!(err.contains(expected), "{err:?} should say {expected:?}");
    }
}

#[test]
fn a_1024_maze_link_fits_a_browser() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("maps");
    let grid = load_map(
        "maze-1024.map",
        &std::fs::read(dir.join("maze-1024.map")).unwrap(),
    )
    .unwrap();
    let state = LinkState {
        grid,
        start: (1, 1),
        goal: (1021, 1021),
        settings: Settings::default(),
    };
    // Figures, not assertions: how long a million-cell link takes to make and to open.
    let clock = std::time::Instant::now();
    let link = encode(&state);
    let encoded = clock.elapsed();
    assert_eq!(decode(&link).unwrap(), state);
    println!(
        "maze-1024 link: encode {:.1} ms, decode {:.1} ms",
        encoded.as_secs_f64() * 1e3,
        (clock.elapsed() - encoded).as_secs_f64() * 1e3
    );
    // Chromium's limit is 2 MiB for the whole URL.
    assert!(link.len() < 500_000, "{}", link.len());
    println!("maze-1024 link: {} characters", link.len());
}

/// The state behind [`GOLDEN`]: seed 002's map, Dijkstra, 4-connected.
fn golden_state() -> LinkState {
    let text =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/seed002-10.map"))
            .unwrap();
    LinkState {
        grid: movingai::parse_map(&text).unwrap(),
        start: (2, 2),
        goal: (6, 8),
        settings: Settings {
            algorithm: Algorithm::Dijkstra,
            movement: Movement::four(),
            ..Settings::default()
        },
    }
}

/// A v1 link as written today. It must open the same state in every later version.
const GOLDEN: &str = "v1.CgAKAAIAAgAGAAgAAgAEAQAAAAAAAADwP807f2aeoPY_AAAAAAAAAAB42m2JMQoAAAiEshqC-_9_g2irQRQ0EeYL5OOaTjhPDQ4gAHQ";

#[test]
fn an_old_v1_link_still_opens() {
    assert_eq!(decode(GOLDEN).unwrap(), golden_state());
}

/// The sample link of the damage test: a drawn 40×25 map, A* with weight 1.5, a node budget.
fn sample_state() -> LinkState {
    let mut grid = random_grid(40, 25, 9, 0.25);
    grid.set(1, 1, pathlab::Cell::Terrain(1));
    grid.set(38, 23, pathlab::Cell::Terrain(1));
    LinkState {
        grid,
        start: (1, 1),
        goal: (38, 23),
        settings: Settings {
            weight: 1.5,
            node_budget: Some(5000),
            ..Settings::default()
        },
    }
}

/// The same state as a v1 link, written as version 1 wrote them.
fn v1_link(state: &LinkState) -> String {
    let mut bytes = Vec::new();
    for v in [
        state.grid.width(),
        state.grid.height(),
        state.start.0,
        state.start.1,
        state.goal.0,
        state.goal.1,
    ] {
        bytes.extend_from_slice(&(v as u16).to_le_bytes());
    }
    let s = &state.settings;
    bytes.extend_from_slice(&[3, 0, 8, 1, 0]);
    bytes.extend_from_slice(&s.weight.to_le_bytes());
    bytes.extend_from_slice(&s.movement.diagonal_cost.to_le_bytes());
    bytes.extend_from_slice(&s.node_budget.unwrap_or(0).to_le_bytes());
    bytes.extend_from_slice(&miniz_oxide::deflate::compress_to_vec_zlib(
        &rle(state.grid.bytes()),
        6,
    ));
    format!("v1.{}", base64url(&bytes))
}

#[test]
fn every_single_character_change_in_a_v2_or_v3_link_is_refused_or_changes_nothing() {
    let square = sample_state();
    let hexes = LinkState {
        grid: square.grid.clone().into_shape(Shape::HexColumns),
        ..square.clone()
    };
    for (state, version) in [(square, "v2"), (hexes, "v3")] {
        let link = encode(&state);
        assert!(link.starts_with(version), "{link}");
        let (refused, same) = damage(&state, &link);
        println!("{version} damage: {refused} refused, {same} identical");
        assert!(refused > 3000, "{version}: {refused}");
    }
}

/// Changes each of the first 60 characters of `link` to every other link character (and
/// `.`, `v`, `2`, `3`): each change must be refused or open exactly `state`. Counts both.
fn damage(state: &LinkState, link: &str) -> (u32, u32) {
    const ALPHABET: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    assert_eq!(&decode(link).unwrap(), state);
    let (mut refused, mut same) = (0, 0);
    for at in 0..60.min(link.len()) {
        for &c in ALPHABET.iter().chain(b".v23") {
            if link.as_bytes()[at] == c {
                continue;
            }
            let mut damaged = link.as_bytes().to_vec();
            damaged[at] = c;
            let damaged = String::from_utf8(damaged).unwrap();
            match decode(&damaged) {
                Err(e) => {
                    assert!(!e.to_string().is_empty());
                    refused += 1;
                }
                Ok(opened) => {
                    assert_eq!(&opened, state, "{damaged} opened as another state");
                    same += 1;
                }
            }
        }
    }
    (refused, same)
}

/// A v3 link of a hand-made header: a 3 × 2 map of open cells, markers at (0, 0), A* with
/// `heuristic` (its link byte), and `shape` as the shape byte.
fn forged_v3(algorithm: u8, heuristic: u8, shape: u8) -> String {
    let mut bytes = header(3, 2, 1.0, 0);
    bytes[12] = algorithm;
    bytes[13] = heuristic;
    bytes.push(shape);
    bytes.extend_from_slice(&rle(&[1; 6]));
    format!(
        "v3.{}",
        base64url(&miniz_oxide::deflate::compress_to_vec_zlib(&bytes, 6))
    )
}

#[test]
fn hex_maps_keep_their_shape_and_v3_headers_are_checked() {
    // A*, the map's default heuristic: each shape byte opens as its shape.
    for (byte, shape) in [
        (0, Shape::Square),
        (1, Shape::HexRows),
        (2, Shape::HexColumns),
    ] {
        let state = decode(&forged_v3(3, 0, byte)).unwrap();
        assert_eq!(state.grid.shape(), shape);
    }
    let refused = |link: &str| decode(link).unwrap_err().to_string();
    assert!(refused(&forged_v3(3, 0, 3)).contains("unknown cell shape 3"));
    // JPS (4) and the octile distance (1) are never written beside hexagons.
    let jps = refused(&forged_v3(4, 0, 1));
    assert!(
        jps.contains("damaged") && jps.contains("square cells"),
        "{jps}"
    );
    let octile = refused(&forged_v3(3, 1, 2));
    assert!(
        octile.contains("damaged") && octile.contains("heuristic"),
        "{octile}"
    );
    // The hex distance beside squares is refused the same way; on hexes it opens.
    assert!(refused(&forged_v3(3, 6, 0)).contains("hex distance"));
    assert_eq!(
        decode(&forged_v3(3, 6, 1)).unwrap().settings.heuristic,
        Some(Heuristic::Hex)
    );
    // A v3 link cut inside its 42-byte header says so.
    let mut head = header(3, 2, 1.0, 0);
    head.truncate(41);
    let cut = format!(
        "v3.{}",
        base64url(&miniz_oxide::deflate::compress_to_vec_zlib(&head, 6))
    );
    assert!(
        refused(&cut).contains("header needs 42 bytes"),
        "{}",
        refused(&cut)
    );
}

#[test]
fn a_damaged_v1_header_is_refused_when_its_values_are_implausible() {
    let state = sample_state();
    let link = v1_link(&state);
    assert_eq!(decode(&link).unwrap(), state, "v1 links still open");
    // The two values of the issue report: what header damage did to a v1 link.
    let weird = |weight: f64, budget: u64| {
        let mut bytes = header(40, 25, weight, budget);
        bytes[4..8].copy_from_slice(&[1, 0, 1, 0]);
        bytes[8..12].copy_from_slice(&[38, 0, 23, 0]);
        bytes.extend_from_slice(&miniz_oxide::deflate::compress_to_vec_zlib(
            &rle(state.grid.bytes()),
            6,
        ));
        decode(&format!("v1.{}", base64url(&bytes)))
    };
    let e = weird(2.3e-10, 0).unwrap_err().to_string();
    assert!(e.contains("heuristic weight"), "{e}");
    let e = weird(1.0000000000000142, 0).unwrap_err().to_string();
    assert!(e.contains("heuristic weight"), "{e}");
    let e = weird(1.5, 1_074_791_561).unwrap_err().to_string();
    assert!(e.contains("node budget"), "{e}");
    assert!(weird(1.5, 5000).is_ok());
    // And every single-character change in its first 60 characters: refused, identical, or
    // a state whose settings still pass the range checks.
    const ALPHABET: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    let mut refused = 0;
    for at in 3..60 {
        for &c in ALPHABET {
            let mut damaged = link.clone().into_bytes();
            if damaged[at] == c {
                continue;
            }
            damaged[at] = c;
            match decode(std::str::from_utf8(&damaged).unwrap()) {
                Err(_) => refused += 1,
                Ok(opened) => assert!(opened.settings.validate().is_ok()),
            }
        }
    }
    assert!(refused > 1000, "{refused}");
}

#[test]
fn a_planner_view_round_trips_through_a_link_and_old_links_show_the_path() {
    let state = sample_state();
    let mut p =
        Planner::with_grid(state.grid.clone(), state.start, state.goal, state.settings).unwrap();
    assert_eq!(LinkView::of(&p), None, "the path view writes no view");
    let free = (0..state.grid.len())
        .map(|i| state.grid.coords(i))
        .find(|&(x, y)| state.grid.is_passable(i64::from(x), i64::from(y)))
        .unwrap();
    p.only_mut().set_range(free, 7.25).unwrap();
    let range = LinkView::of(&p).unwrap();
    assert_eq!(
        range.range,
        Some(LinkRange {
            x: free.0,
            y: free.1,
            budget: 7.25
        })
    );
    p.only_mut().set_view(ViewKind::Field).unwrap();
    p.release_walkers(12, 1).unwrap();
    let field = LinkView::of(&p).unwrap();
    assert_eq!((field.view, field.walkers), (ViewKind::Field, Some(12)));
    for view in [range, field] {
        let tail = LinkTail {
            view: Some(view.clone()),
            ..LinkTail::default()
        };
        let link = format!("{}&{}", encode(&state), format_tail(&tail).unwrap());
        let (base, read) = split_link(&link).unwrap();
        let decoded = decode(base).unwrap();
        let mut q = Planner::with_grid(decoded.grid, decoded.start, decoded.goal, decoded.settings)
            .unwrap();
        LinkView::apply(read.view.as_ref(), &mut q.only_mut()).unwrap();
        assert_eq!(LinkView::of(&q), Some(view));
        // A link without a view (every older link) shows the path again.
        let (_, old) = split_link(&encode(&state)).unwrap();
        LinkView::apply(old.view.as_ref(), &mut q.only_mut()).unwrap();
        assert_eq!(q.view(), ViewKind::Path);
    }
}

#[test]
fn damaged_view_tails_get_clear_messages() {
    let full = encode(&sample_state());
    let short = format_short("maze-63", (1, 1), (5, 5), &Settings::default()).unwrap();
    let cases = [
        ("view=heatmap", "the view is path, field or range"),
        ("view=field&walkers=0", "from 1 to 10000"),
        ("view=field&walkers=many", "from 1 to 10000"),
        ("view=range&range=3,4", "range=X,Y,BUDGET"),
        ("view=range&range=3,4,-2", "range=X,Y,BUDGET"),
        ("view=range&range=3,4,1e9", "range=X,Y,BUDGET"),
        ("view=range&walkers=5", "needs view=field"),
        ("walkers=5", "needs view=field"),
        ("range=1,1,4", "needs view=range"),
        ("step=4&view=field", "the step comes last"),
        ("view=field&step=4&walkers=3", "the step comes last"),
        (
            "compare=astar,bfs&view=range",
            "compare mode shows the paths only",
        ),
    ];
    for base in [&full, &short] {
        for (tail, expected) in cases {
            let err = split_link(&format!("{base}&{tail}"))
                .unwrap_err()
                .to_string();
            assert!(
                err.contains(expected),
                "{tail}: {err:?} should say {expected:?}"
            );
        }
    }
    // A range off the map is the planner's to refuse, when the link is applied.
    let (_, tail) = split_link(&format!("{full}&view=range&range=4000,1,3")).unwrap();
    let s = sample_state();
    let mut p = Planner::with_grid(s.grid, s.start, s.goal, s.settings).unwrap();
    let err = LinkView::apply(tail.view.as_ref(), &mut p.only_mut()).unwrap_err();
    assert!(err.to_string().contains("outside"), "{err}");
    assert_eq!(p.view(), ViewKind::Path, "nothing changed");
}
