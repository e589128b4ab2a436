//! Share links: the whole planner state (map, markers, settings) in a URL fragment, and short
//! links that name a shipped map plus markers and the settings that differ from the default.
//!
//! **Full links** (`v2.` + base64url): one zlib stream holding a fixed 41-byte header
//! (dimensions, markers, settings) and then the cells, run-length encoded; zlib's Adler-32
//! checksum covers the whole payload, so a link damaged anywhere — header included — is
//! refused. The older `v1.` links (the header in the clear, only the cells checksummed) still
//! open, with every header field range-checked and implausible values refused (`plausible`).
//! The format is described for users in `docs/formats.md`. The decoder is written for hostile
//! input: it refuses a fragment over [`MAX_LINK_CHARS`] before decoding anything, unpacks the
//! header alone first and checks it against the 4096 × 4096 limit before allocating, bounds
//! the decompressed size by what the header's map can need, checks the cell count, every cell
//! byte, every setting and both markers, and never panics.
//!
//! ```
//! use pathlab::formats::link::{decode, encode, LinkState};
//! use pathlab::{Grid, Settings};
//! let state = LinkState { grid: Grid::new(30, 20)?, start: (0, 0), goal: (29, 19),
//!                         settings: Settings::default() };
//! let fragment = encode(&state);
//! assert!(fragment.starts_with("v2."));
//! assert_eq!(decode(&fragment)?, state);
//! assert!(decode("v3.AAAA").unwrap_err().to_string().contains("newer Pathlab (v3)"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! **Short links** (`map=NAME&start=X,Y&goal=X,Y&algo=…`): see [`format_short`] and
//! [`parse_short`].

use crate::formats::number::decimal;
use crate::grid::{Connectivity, DiagonalRule, Grid, Movement, MAX_SIDE};
use crate::heuristic::Heuristic;
use crate::search::{endpoint_index, Algorithm, NeighbourOrder, Settings};
use base64::alphabet::URL_SAFE;
use base64::engine::{DecodePaddingMode, GeneralPurpose, GeneralPurposeConfig};
use base64::Engine;
use std::fmt;

/// The version this code writes. Links with a larger number get a "newer Pathlab" message;
/// version 1 links are still read.
pub const VERSION: u32 = 2;

/// The longest fragment [`decode`] looks at, in characters. Chromium accepts URLs up to
/// 2 MiB (2,097,152 characters); a 4096 × 4096 random map is the worst case and may not fit,
/// but every map a person draws or generates at 1024 × 1024 fits with room to spare.
pub const MAX_LINK_CHARS: usize = 2_000_000;

/// base64url without padding. Decoding tolerates stray bits in the last character, so a link
/// cut short reaches the zlib check and is reported as truncated rather than as bad base64.
const BASE64URL: GeneralPurpose = GeneralPurpose::new(
    &URL_SAFE,
    GeneralPurposeConfig::new()
        .with_encode_padding(false)
        .with_decode_allow_trailing_bits(true)
        .with_decode_padding_mode(DecodePaddingMode::RequireNone),
);

/// Bytes in the fixed header (in the clear in v1, inside the zlib stream in v2).
const HEADER_LEN: usize = 41;

/// The largest node budget a v1 link may carry per cell of its map: beyond it the number is
/// taken for damage, not for a setting anyone made (a search expands each cell a few times at
/// most, even with re-opening).
const V1_BUDGET_PER_CELL: u64 = 64;

/// Why a link was refused, in words meant for the user.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LinkError(pub String);

impl fmt::Display for LinkError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for LinkError {}

fn err<T>(message: impl Into<String>) -> Result<T, LinkError> {
    Err(LinkError(message.into()))
}

/// Everything a full link holds.
#[derive(Clone, Debug, PartialEq)]
pub struct LinkState {
    /// The map, terrain included.
    pub grid: Grid,
    /// The start cell (x, y).
    pub start: (u32, u32),
    /// The goal cell (x, y).
    pub goal: (u32, u32),
    /// Algorithm and every search setting.
    pub settings: Settings,
}

/// Drops one leading `#`, if any, and surrounding whitespace.
fn strip_hash(fragment: &str) -> &str {
    let f = fragment.trim();
    f.strip_prefix('#').unwrap_or(f)
}

/// The algorithm's byte in a link: its place in [`Algorithm::ALL`]. New algorithms are only
/// ever appended there, so old links keep their meaning.
fn algorithm_code(a: Algorithm) -> u8 {
    Algorithm::ALL
        .iter()
        .position(|&x| x == a)
        .and_then(|i| u8::try_from(i).ok())
        .unwrap_or(u8::MAX)
}

fn heuristic_code(h: Option<Heuristic>) -> u8 {
    match h {
        None => 0,
        Some(Heuristic::Octile) => 1,
        Some(Heuristic::Manhattan) => 2,
        Some(Heuristic::Euclidean) => 3,
        Some(Heuristic::Chebyshev) => 4,
        Some(Heuristic::Zero) => 5,
    }
}

fn rule_code(r: DiagonalRule) -> u8 {
    match r {
        DiagonalRule::Never => 0,
        DiagonalRule::NoCornerCutting => 1,
        DiagonalRule::OneSideFree => 2,
        DiagonalRule::Always => 3,
    }
}

/// Encodes the state as a fragment without the leading `#`: `v1.` then base64url.
pub fn encode(state: &LinkState) -> String {
    let s = &state.settings;
    let mut bytes = Vec::with_capacity(HEADER_LEN + 64);
    // Every coordinate and side is at most 4096, so u16 holds it.
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
    bytes.push(algorithm_code(s.algorithm));
    bytes.push(heuristic_code(s.heuristic));
    bytes.push(match s.movement.connectivity {
        Connectivity::Four => 4,
        Connectivity::Eight => 8,
    });
    bytes.push(rule_code(s.movement.diagonal_rule));
    bytes.push(match s.neighbour_order {
        NeighbourOrder::Fixed => 0,
        NeighbourOrder::GoalDirected => 1,
    });
    bytes.extend_from_slice(&s.weight.to_le_bytes());
    bytes.extend_from_slice(&s.movement.diagonal_cost.to_le_bytes());
    bytes.extend_from_slice(&s.node_budget.unwrap_or(0).to_le_bytes());
    bytes.extend_from_slice(&run_length_encode(state.grid.bytes()));
    // Header and cells in one zlib stream: its Adler-32 covers the whole payload.
    let packed = miniz_oxide::deflate::compress_to_vec_zlib(&bytes, 6);
    format!("v{VERSION}.{}", BASE64URL.encode(packed))
}

/// Runs of equal cells as (cell byte, run length as LEB128). At most 2 bytes per cell.
fn run_length_encode(cells: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    let mut i = 0;
    while let Some(&value) = cells.get(i) {
        let run = cells[i..].iter().take_while(|&&c| c == value).count();
        out.push(value);
        let mut n = run as u64;
        loop {
            let low = (n & 0x7f) as u8;
            n >>= 7;
            if n == 0 {
                out.push(low);
                break;
            }
            out.push(low | 0x80);
        }
        i += run;
    }
    out
}

/// Expands [`run_length_encode`]'s output into exactly `expected` cells, or says why not.
fn run_length_decode(rle: &[u8], expected: usize) -> Result<Vec<u8>, LinkError> {
    let mut cells = Vec::with_capacity(expected);
    let mut bytes = rle.iter();
    while let Some(&value) = bytes.next() {
        if value > 4 {
            return err(format!(
                "this link is damaged: it holds a cell of type {value} (cells are 0–4)"
            ));
        }
        let mut run: u64 = 0;
        let mut shift = 0;
        loop {
            let Some(&b) = bytes.next() else {
                return err("this link is truncated: the cells stop in the middle of a run");
            };
            if shift > 28 {
                return err("this link is damaged: a run of cells is impossibly long");
            }
            run |= u64::from(b & 0x7f) << shift;
            shift += 7;
            if b & 0x80 == 0 {
                break;
            }
        }
        let room = (expected - cells.len()) as u64;
        if run == 0 || run > room {
            return err(format!(
                "this link is damaged: its cells do not add up to the {expected} its map needs"
            ));
        }
        cells.resize(cells.len() + run as usize, value);
    }
    if cells.len() != expected {
        return err(format!(
            "this link is truncated: it holds {} of the {expected} cells its map needs",
            cells.len()
        ));
    }
    Ok(cells)
}

/// Reads the `vN` tag; `rest` is what follows the `.`.
fn split_version(fragment: &str) -> Result<(u32, &str), LinkError> {
    let not_ours = || {
        LinkError("this is not a Pathlab link: a link fragment starts with v2. or map=".to_string())
    };
    let tail = fragment.strip_prefix('v').ok_or_else(not_ours)?;
    let digits = tail.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 || digits > 6 {
        return Err(not_ours());
    }
    let version: u32 = tail[..digits].parse().map_err(|_| not_ours())?;
    let rest = &tail[digits..];
    if version > VERSION {
        return err(format!(
            "this link was made by a newer Pathlab (v{version}); this page reads v1 and \
             v{VERSION} links — reload the page to get the newest version"
        ));
    }
    if version == 0 {
        return err(format!("this link has an unknown version v{version}"));
    }
    let rest = rest.strip_prefix('.').ok_or_else(|| {
        LinkError(format!(
            "this link is damaged: a . should follow the version v{version}"
        ))
    })?;
    Ok((version, rest))
}

fn u16_at(bytes: &[u8], at: usize) -> u32 {
    u32::from(u16::from_le_bytes([bytes[at], bytes[at + 1]]))
}

fn f64_at(bytes: &[u8], at: usize) -> f64 {
    let mut b = [0u8; 8];
    b.copy_from_slice(&bytes[at..at + 8]);
    f64::from_le_bytes(b)
}

/// Decodes a full link (with or without a leading `#`) into a valid state: the map within
/// 4096 × 4096, both markers inside and passable, every setting valid.
pub fn decode(fragment: &str) -> Result<LinkState, LinkError> {
    let fragment = strip_hash(fragment);
    if fragment.len() > MAX_LINK_CHARS {
        return err(format!(
            "this link is too long: {} characters, and links over {MAX_LINK_CHARS} are refused",
            fragment.len()
        ));
    }
    let (version, body) = split_version(fragment)?;
    let bytes = BASE64URL.decode(body.as_bytes()).map_err(|e| match e {
        base64::DecodeError::InvalidLength(_) => {
            LinkError("this link is truncated: it stops in the middle of a character group".into())
        }
        e => LinkError(format!(
            "this link is damaged: it is not valid base64url ({e})"
        )),
    })?;
    let (header, rle) = if version == 1 {
        let header = bytes
            .get(..HEADER_LEN)
            .ok_or_else(|| short_header(bytes.len()))?;
        let expected = read_size(header)?;
        (
            header.to_vec(),
            inflate(&bytes[HEADER_LEN..], 2 * expected + 16)?,
        )
    } else {
        // The header first, alone, so nothing large is allocated before its size is known.
        let header = inflate_header(&bytes)?;
        // The page never writes an impossible size into a v2 link: such a header is damage
        // seen before the checksum at the end of the stream could tell.
        let expected = read_size(&header).map_err(|e| {
            LinkError(format!(
                "this link is damaged: {}",
                e.0.trim_start_matches("this link ")
            ))
        })?;
        let all = inflate(&bytes, HEADER_LEN + 2 * expected + 16)?;
        let rle = all.get(HEADER_LEN..).unwrap_or(&[]).to_vec();
        (header, rle)
    };
    let (width, height) = (u16_at(&header, 0), u16_at(&header, 2));
    let start = (u16_at(&header, 4), u16_at(&header, 6));
    let goal = (u16_at(&header, 8), u16_at(&header, 10));
    let settings = decode_settings(&header)?;
    let expected = width as usize * height as usize;
    if version == 1 {
        plausible(&settings, expected)?;
    }
    let cells = run_length_decode(&rle, expected)?;
    let grid = Grid::from_bytes(width, height, cells)
        .map_err(|e| LinkError(format!("this link is damaged: {e}")))?;
    endpoint_index(&grid, "start", start)
        .and_then(|_| endpoint_index(&grid, "goal", goal))
        .map_err(|e| LinkError(format!("this link is damaged: {e}")))?;
    Ok(LinkState {
        grid,
        start,
        goal,
        settings,
    })
}

fn short_header(len: usize) -> LinkError {
    LinkError(format!(
        "this link is truncated: its header needs {HEADER_LEN} bytes, it has {len}"
    ))
}

/// The map size a header gives, checked against the 4096 × 4096 limit: its cell count.
fn read_size(header: &[u8]) -> Result<usize, LinkError> {
    let (width, height) = (u16_at(header, 0), u16_at(header, 2));
    if width == 0 || height == 0 || width > MAX_SIDE || height > MAX_SIDE {
        return err(format!(
            "this link describes a {width}×{height} map; maps are 1×1 to \
             {MAX_SIDE}×{MAX_SIDE} cells"
        ));
    }
    Ok(width as usize * height as usize)
}

/// Unpacks a zlib stream of at most `limit` bytes; its checksum must match.
fn inflate(packed: &[u8], limit: usize) -> Result<Vec<u8>, LinkError> {
    miniz_oxide::inflate::decompress_to_vec_zlib_with_limit(packed, limit)
        .map_err(|e| inflate_error(e.status))
}

/// What a failed unpacking means for the user.
fn inflate_error(status: miniz_oxide::inflate::TINFLStatus) -> LinkError {
    use miniz_oxide::inflate::TINFLStatus;
    LinkError(
        match status {
            TINFLStatus::FailedCannotMakeProgress => {
                "this link is truncated: its compressed data stop early"
            }
            TINFLStatus::HasMoreOutput => {
                "this link is damaged: it unpacks to more than its map can hold"
            }
            TINFLStatus::Adler32Mismatch => {
                "this link is damaged: its checksum does not match (a character was changed or \
                 lost)"
            }
            _ => "this link is damaged: its data do not unpack",
        }
        .to_string(),
    )
}

/// The first [`HEADER_LEN`] bytes of a v2 link's zlib stream, unpacked without the rest.
fn inflate_header(packed: &[u8]) -> Result<Vec<u8>, LinkError> {
    use miniz_oxide::inflate::TINFLStatus;
    let mut head = match miniz_oxide::inflate::decompress_to_vec_zlib_with_limit(packed, HEADER_LEN)
    {
        Ok(all) => all,
        Err(e) if e.status == TINFLStatus::HasMoreOutput => e.output,
        Err(e) => return Err(inflate_error(e.status)),
    };
    if head.len() < HEADER_LEN {
        return Err(short_header(head.len()));
    }
    head.truncate(HEADER_LEN);
    Ok(head)
}

/// A v1 link's settings must look like something the page wrote, since nothing but the
/// ranges guards its header: numbers with a short decimal form (or exactly √2, the default
/// diagonal cost) and a node budget in proportion to the map. A damaged header almost always
/// fails this; a v2 link's checksum makes it unnecessary.
fn plausible(settings: &Settings, cells: usize) -> Result<(), LinkError> {
    let short = |v: f64| {
        let text = decimal(v);
        text.chars().filter(char::is_ascii_digit).count() <= 8 && !text.contains('e')
    };
    let weight = settings.weight;
    if !short(weight) || (weight != 0.0 && weight < 1e-3) {
        return err(format!(
            "this link is damaged: its heuristic weight {} is not one the page could have set",
            decimal(weight)
        ));
    }
    let d = settings.movement.diagonal_cost;
    if !(short(d) || d == std::f64::consts::SQRT_2) {
        return err(format!(
            "this link is damaged: its diagonal cost {} is not one the page could have set",
            decimal(d)
        ));
    }
    if let Some(budget) = settings.node_budget {
        if budget > V1_BUDGET_PER_CELL.saturating_mul(cells as u64).max(1 << 20) {
            return err(format!(
                "this link is damaged: a node budget of {budget} is far more than a \
                 {cells}-cell map could use"
            ));
        }
    }
    Ok(())
}

/// Reads and validates the settings part of a header (at least [`HEADER_LEN`] bytes).
fn decode_settings(bytes: &[u8]) -> Result<Settings, LinkError> {
    let bad = |what: &str, v: u8| LinkError(format!("this link is damaged: unknown {what} {v}"));
    let algorithm = match Algorithm::ALL.get(usize::from(bytes[12])) {
        Some(&a) => a,
        None => return Err(bad("algorithm", bytes[12])),
    };
    let heuristic = match bytes[13] {
        0 => None,
        v @ 1..=5 => Heuristic::ALL.get(usize::from(v - 1)).copied(),
        v => return Err(bad("heuristic", v)),
    };
    let connectivity = match bytes[14] {
        4 => Connectivity::Four,
        8 => Connectivity::Eight,
        v => return Err(bad("connectivity", v)),
    };
    let diagonal_rule = match bytes[15] {
        0 => DiagonalRule::Never,
        1 => DiagonalRule::NoCornerCutting,
        2 => DiagonalRule::OneSideFree,
        3 => DiagonalRule::Always,
        v => return Err(bad("diagonal rule", v)),
    };
    let neighbour_order = match bytes[16] {
        0 => NeighbourOrder::Fixed,
        1 => NeighbourOrder::GoalDirected,
        v => return Err(bad("neighbour order", v)),
    };
    let weight = f64_at(bytes, 17);
    let diagonal_cost = f64_at(bytes, 25);
    let mut budget = [0u8; 8];
    budget.copy_from_slice(&bytes[33..41]);
    let budget = u64::from_le_bytes(budget);
    let settings = Settings {
        algorithm,
        heuristic,
        weight,
        movement: Movement {
            connectivity,
            diagonal_rule,
            diagonal_cost,
        },
        neighbour_order,
        node_budget: (budget > 0).then_some(budget),
    };
    settings
        .validate()
        .map_err(|e| LinkError(format!("this link is damaged: {e}")))?;
    Ok(settings)
}

/// What a short link holds: a shipped map's name, optional markers and the settings (keys
/// left out take their defaults).
#[derive(Clone, Debug, PartialEq)]
pub struct ShortLink {
    /// The map name, as in `maps/index.json` without `.map` (letters, digits, `-`, `_`, `.`).
    pub map: String,
    /// The start, if the link gives one.
    pub start: Option<(u32, u32)>,
    /// The goal, if the link gives one.
    pub goal: Option<(u32, u32)>,
    /// The settings.
    pub settings: Settings,
}

/// The longest map name a short link accepts.
pub const MAX_MAP_NAME: usize = 64;

fn check_map_name(name: &str) -> Result<(), LinkError> {
    let ok_char = |c: char| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.');
    if name.is_empty() || name.len() > MAX_MAP_NAME || !name.chars().all(ok_char) {
        return err(format!(
            "the map name {name:?} in this link is not valid: use 1–{MAX_MAP_NAME} letters, \
             digits, - _ or ."
        ));
    }
    Ok(())
}

/// A short link: `map=NAME&start=X,Y&goal=X,Y` followed by each setting that differs from
/// [`Settings::default`], with these keys:
///
/// | key | value |
/// |---|---|
/// | `algo` | `bfs`, `best-first`, `dijkstra`, `astar` |
/// | `heuristic` | `octile`, `manhattan`, `euclidean`, `chebyshev`, `zero` |
/// | `weight` | a number 0–1000000 |
/// | `conn` | `4` or `8` |
/// | `diagonal` | `never`, `no-corner-cutting`, `one-side-free`, `always` |
/// | `dcost` | a number 1–2 |
/// | `order` | `fixed` or `goal-directed` |
/// | `budget` | a node budget ≥ 1 |
///
/// ```
/// use pathlab::formats::link::{format_short, parse_short};
/// use pathlab::{Algorithm, Settings};
/// let s = Settings { algorithm: Algorithm::Dijkstra, ..Settings::default() };
/// let link = format_short("maze-63", (1, 1), (61, 61), &s)?;
/// assert_eq!(link, "map=maze-63&start=1,1&goal=61,61&algo=dijkstra");
/// assert_eq!(parse_short(&link)?.settings, s);
/// # Ok::<(), pathlab::formats::link::LinkError>(())
/// ```
pub fn format_short(
    map: &str,
    start: (u32, u32),
    goal: (u32, u32),
    settings: &Settings,
) -> Result<String, LinkError> {
    check_map_name(map)?;
    let d = Settings::default();
    let mut out = format!(
        "map={map}&start={},{}&goal={},{}",
        start.0, start.1, goal.0, goal.1
    );
    let s = settings;
    if s.algorithm != d.algorithm {
        out += &format!("&algo={}", s.algorithm.name());
    }
    if let Some(h) = s.heuristic {
        out += &format!("&heuristic={}", h.name());
    }
    if s.weight != d.weight {
        out += &format!("&weight={}", decimal(s.weight));
    }
    if s.movement.connectivity != d.movement.connectivity {
        out += "&conn=4";
    }
    if s.movement.diagonal_rule != d.movement.diagonal_rule {
        out += &format!("&diagonal={}", s.movement.diagonal_rule.name());
    }
    if s.movement.diagonal_cost != d.movement.diagonal_cost {
        out += &format!("&dcost={}", decimal(s.movement.diagonal_cost));
    }
    if s.neighbour_order != d.neighbour_order {
        out += "&order=goal-directed";
    }
    if let Some(b) = s.node_budget {
        out += &format!("&budget={b}");
    }
    Ok(out)
}

fn parse_point(key: &str, value: &str) -> Result<(u32, u32), LinkError> {
    let bad = || {
        LinkError(format!(
            "{key}={value} in this link is not a cell like {key}=3,4"
        ))
    };
    let (x, y) = value.split_once(',').ok_or_else(bad)?;
    let coord = |s: &str| {
        if s.is_empty() || s.len() > 5 || !s.bytes().all(|b| b.is_ascii_digit()) {
            return Err(bad());
        }
        s.parse::<u32>().map_err(|_| bad())
    };
    Ok((coord(x)?, coord(y)?))
}

fn parse_number(key: &str, value: &str) -> Result<f64, LinkError> {
    value
        .parse::<f64>()
        .ok()
        .filter(|v| v.is_finite())
        .ok_or_else(|| LinkError(format!("{key}={value} in this link is not a number")))
}

/// Parses a short link (with or without a leading `#`). Unknown or repeated keys, a missing
/// or invalid `map`, and invalid settings are refused; markers are only checked to be
/// numbers here, since whether they are open depends on the map.
pub fn parse_short(fragment: &str) -> Result<ShortLink, LinkError> {
    let fragment = strip_hash(fragment);
    if fragment.len() > 4096 {
        return err("this short link is too long (over 4096 characters)");
    }
    let mut link = ShortLink {
        map: String::new(),
        start: None,
        goal: None,
        settings: Settings::default(),
    };
    let mut seen: Vec<&str> = Vec::new();
    let s = &mut link.settings;
    for pair in fragment.split('&').filter(|p| !p.is_empty()) {
        let (key, value) = pair
            .split_once('=')
            .ok_or_else(|| LinkError(format!("{pair:?} in this link should be key=value")))?;
        if seen.contains(&key) {
            return err(format!("this link gives {key} twice"));
        }
        seen.push(key);
        let wrap = |m: String| LinkError(format!("{key}={value} in this link: {m}"));
        match key {
            "map" => {
                check_map_name(value)?;
                link.map = value.to_string();
            }
            "start" => link.start = Some(parse_point(key, value)?),
            "goal" => link.goal = Some(parse_point(key, value)?),
            "algo" => s.algorithm = value.parse().map_err(wrap)?,
            "heuristic" => s.heuristic = Some(value.parse().map_err(wrap)?),
            "weight" => s.weight = parse_number(key, value)?,
            "conn" => {
                s.movement.connectivity = match value {
                    "4" => Connectivity::Four,
                    "8" => Connectivity::Eight,
                    _ => return err(format!("conn={value} in this link: use 4 or 8")),
                }
            }
            "diagonal" => {
                s.movement.diagonal_rule = DiagonalRule::ALL
                    .into_iter()
                    .find(|r| r.name() == value)
                    .ok_or_else(|| {
                        wrap("use never, no-corner-cutting, one-side-free or always".into())
                    })?
            }
            "dcost" => s.movement.diagonal_cost = parse_number(key, value)?,
            "order" => {
                s.neighbour_order = match value {
                    "fixed" => NeighbourOrder::Fixed,
                    "goal-directed" => NeighbourOrder::GoalDirected,
                    _ => {
                        return err(format!(
                            "order={value} in this link: use fixed or goal-directed"
                        ))
                    }
                }
            }
            "budget" => {
                let b = value
                    .parse::<u64>()
                    .ok()
                    .filter(|&b| b > 0)
                    .ok_or_else(|| wrap("the budget is a whole number ≥ 1".into()))?;
                s.node_budget = Some(b);
            }
            _ => return err(format!("this link has an unknown key {key:?}")),
        }
    }
    if link.map.is_empty() {
        return err("this short link names no map (map=NAME)");
    }
    link.settings
        .validate()
        .map_err(|e| LinkError(format!("this link has a bad setting: {e}")))?;
    Ok(link)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn run_length_round_trip() {
        let cells = [0u8, 0, 1, 1, 1, 4, 2, 2];
        let rle = run_length_encode(&cells);
        assert_eq!(run_length_decode(&rle, cells.len()).unwrap(), cells);
        assert!(run_length_decode(&rle, cells.len() + 1).is_err());
        assert!(run_length_decode(&rle, cells.len() - 1).is_err());
        let long = vec![3u8; 100_000];
        assert_eq!(run_length_encode(&long).len(), 4);
    }

    #[test]
    fn versions_are_told_apart() {
        assert!(decode("v7.AAAA")
            .unwrap_err()
            .0
            .contains("newer Pathlab (v7)"));
        assert!(decode("v0.AAAA").unwrap_err().0.contains("unknown version"));
        assert!(decode("hello")
            .unwrap_err()
            .0
            .contains("not a Pathlab link"));
        assert!(decode("v1.").unwrap_err().0.contains("truncated"));
    }

    #[test]
    fn short_links_refuse_bad_keys() {
        assert!(parse_short("map=a&map=b").is_err());
        assert!(parse_short("map=a&colour=red").is_err());
        assert!(parse_short("start=1,1").is_err());
        assert!(parse_short("map=../etc").is_err());
        assert!(parse_short("map=a&weight=-1").is_err());
        assert!(parse_short("map=a&dcost=3").is_err());
        assert!(parse_short("map=a&start=1").is_err());
        assert!(parse_short("map=a&budget=0").is_err());
        let l = parse_short("#map=a&start=1,2&conn=4&order=goal-directed&budget=9").unwrap();
        assert_eq!(l.start, Some((1, 2)));
        assert_eq!(l.settings.movement.connectivity, Connectivity::Four);
        assert_eq!(l.settings.node_budget, Some(9));
    }
}

// ---- compare links -------------------------------------------------------------------------

/// The fewest planners a compare view shows.
pub const MIN_COMPARE: usize = 2;
/// The most planners a compare view shows.
pub const MAX_COMPARE: usize = 4;

/// One planner of a compare view: its algorithm and, when given, its heuristic weight.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct ComparePlanner {
    /// The algorithm, by its link name (`astar`, `dijkstra`, …).
    pub algorithm: Algorithm,
    /// The heuristic weight; `None` keeps the weight of the linked settings.
    pub weight: Option<f64>,
}

/// The compare part of a link: `compare=astar,dijkstra:1.5` and optionally `step=K`.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct CompareLink {
    /// Two to four planners, left to right.
    pub planners: Vec<ComparePlanner>,
    /// The timeline step shown, when the link names one.
    pub step: Option<u64>,
}

/// Parses a compare list such as `astar,dijkstra:1.5` (what follows `compare=` in a link, and
/// the embed page's `compare` parameter): 2 to 4 algorithm names, each optionally followed by
/// `:WEIGHT`.
pub fn parse_compare_list(value: &str) -> Result<Vec<ComparePlanner>, LinkError> {
    if value.len() > 256 {
        return err("the compare list is too long (over 256 characters)");
    }
    let items: Vec<&str> = value.split(',').map(str::trim).collect();
    if items.len() < MIN_COMPARE || items.len() > MAX_COMPARE {
        return err(format!(
            "compare={value}: name {MIN_COMPARE} to {MAX_COMPARE} algorithms separated by commas, \
             such as compare=astar,dijkstra"
        ));
    }
    items
        .into_iter()
        .map(|item| {
            let (name, weight) = match item.split_once(':') {
                Some((name, w)) => (name, Some(w)),
                None => (item, None),
            };
            let algorithm = name
                .parse::<Algorithm>()
                .map_err(|m| LinkError(format!("compare={value}: {m}")))?;
            if algorithm == Algorithm::Mesh {
                // The compare view has no mesh editor, so a mesh planner would find nothing.
                return err(format!(
                    "compare={value}: mesh needs a node mesh, which compare mode does not \
                     have; choose a grid algorithm"
                ));
            }
            let weight = match weight {
                None => None,
                Some(w) => Some(
                    w.parse::<f64>()
                        .ok()
                        .filter(|v| (0.0..=crate::search::MAX_WEIGHT).contains(v))
                        .ok_or_else(|| {
                            LinkError(format!(
                                "compare={value}: the weight {w:?} of {name} must be a number \
                                 from 0 to {}",
                                decimal(crate::search::MAX_WEIGHT)
                            ))
                        })?,
                ),
            };
            Ok(ComparePlanner { algorithm, weight })
        })
        .collect()
}

/// Formats a compare part: `compare=NAME[:WEIGHT],…` then `&step=K` when there is a step.
/// Refuses fewer than 2 or more than 4 planners and weights out of range, like the parser.
pub fn format_compare(link: &CompareLink) -> Result<String, LinkError> {
    let list: Vec<String> = link
        .planners
        .iter()
        .map(|p| match p.weight {
            Some(w) => format!("{}:{}", p.algorithm.name(), decimal(w)),
            None => p.algorithm.name().to_string(),
        })
        .collect();
    let value = list.join(",");
    // Round-trip through the parser so a link we write is always one we read.
    parse_compare_list(&value)?;
    Ok(match link.step {
        Some(step) => format!("compare={value}&step={step}"),
        None => format!("compare={value}"),
    })
}

/// Splits a fragment into the planner link (a full `v1.` link or a short `map=` link, to give
/// to [`decode`] or [`parse_short`]) and its compare part, if any. A fragment without
/// `&compare=` comes back unchanged with `None`, so every older link reads as before.
///
/// The compare part must come last: `…&compare=LIST` optionally followed by `&step=K`.
pub fn split_compare(fragment: &str) -> Result<(&str, Option<CompareLink>), LinkError> {
    let fragment = strip_hash(fragment);
    // base64url never contains '&', and a short link's keys never start with "compare", so
    // the first "&compare=" is where the compare part starts.
    let Some(at) = fragment.find("&compare=") else {
        return Ok((fragment, None));
    };
    let base = &fragment[..at];
    let rest = &fragment[at + "&compare=".len()..];
    let (list, step) = match rest.split_once('&') {
        None => (rest, None),
        Some((list, tail)) => {
            let value = tail.strip_prefix("step=").ok_or_else(|| {
                LinkError(format!(
                    "{tail:?} after compare= in this link: only step=K may follow it"
                ))
            })?;
            let step = value.parse::<u64>().map_err(|_| {
                LinkError(format!(
                    "step={value} in this link: the step must be a whole number of at least 0"
                ))
            })?;
            (list, Some(step))
        }
    };
    let planners = parse_compare_list(list)?;
    Ok((base, Some(CompareLink { planners, step })))
}

#[cfg(test)]
mod compare_tests {
    use super::*;

    #[test]
    fn old_links_split_unchanged() {
        let full = "v1.AAAAAA-_";
        assert_eq!(split_compare(full).unwrap(), (full, None));
        let short = "map=maze-63&start=1,1&goal=61,61&algo=dijkstra";
        assert_eq!(split_compare(&format!("#{short}")).unwrap(), (short, None));
    }

    #[test]
    fn compare_part_round_trips() {
        let link = CompareLink {
            planners: vec![
                ComparePlanner {
                    algorithm: Algorithm::AStar,
                    weight: None,
                },
                ComparePlanner {
                    algorithm: Algorithm::Dijkstra,
                    weight: Some(1.5),
                },
                ComparePlanner {
                    algorithm: Algorithm::BreadthFirst,
                    weight: Some(0.0),
                },
            ],
            step: Some(42),
        };
        let part = format_compare(&link).unwrap();
        assert_eq!(part, "compare=astar,dijkstra:1.5,bfs:0&step=42");
        let fragment = format!("map=rooms&start=1,1&goal=5,5&{part}");
        let (base, parsed) = split_compare(&fragment).unwrap();
        assert_eq!(base, "map=rooms&start=1,1&goal=5,5");
        assert_eq!(parsed, Some(link));
        assert!(parse_short(base).is_ok());
    }

    #[test]
    fn full_link_keeps_its_state() {
        let state = LinkState {
            grid: Grid::new(12, 7).unwrap(),
            start: (0, 0),
            goal: (11, 6),
            settings: Settings::default(),
        };
        let fragment = format!("{}&compare=astar,dijkstra", encode(&state));
        let (base, parsed) = split_compare(&fragment).unwrap();
        assert_eq!(decode(base).unwrap(), state);
        assert_eq!(parsed.unwrap().planners.len(), 2);
    }

    #[test]
    fn bad_compare_parts_say_why() {
        let why = |f: &str| split_compare(f).unwrap_err().to_string();
        assert!(why("map=a&compare=astar").contains("2 to 4 algorithms"));
        assert!(why("map=a&compare=astar,bfs,bfs,bfs,bfs").contains("2 to 4 algorithms"));
        assert!(why("map=a&compare=astar,zigzag").contains("zigzag"));
        assert!(why("map=a&compare=astar,mesh").contains("node mesh"));
        assert!(why("map=a&compare=astar,dijkstra:-1").contains("weight"));
        assert!(why("map=a&compare=astar,dijkstra:inf").contains("weight"));
        assert!(why("map=a&compare=astar,dijkstra:x").contains("weight"));
        assert!(why("map=a&compare=astar,dijkstra&step=-3").contains("step"));
        assert!(why("map=a&compare=astar,dijkstra&algo=bfs").contains("only step"));
        let too_many = CompareLink {
            planners: vec![ComparePlanner {
                algorithm: Algorithm::AStar,
                weight: None,
            }],
            step: None,
        };
        assert!(format_compare(&too_many).is_err());
    }
}
