//! Full links: the whole planner state (map cells and their shape, markers, settings) as `v2.`
//! (square cells) or `v3.` (hexagons) + base64url of one zlib stream, and the older `v1.`
//! links; encoding, and decoding written for hostile input (see the module above).

use crate::grid::{Connectivity, DiagonalRule, Grid, Movement, Shape, MAX_SIDE};
use crate::heuristic::Heuristic;
use crate::search::{endpoint_index, Algorithm, NeighbourOrder, Settings};
use crate::text::number::decimal;
use base64::alphabet::URL_SAFE;
use base64::engine::{DecodePaddingMode, GeneralPurpose, GeneralPurposeConfig};
use base64::Engine;
use std::fmt;

/// The newest version this code reads and writes. Links with a larger number get a "newer
/// Pathlab" message; versions 1 and 2 are still read.
///
/// A link is written in the oldest version that holds it: `v2.` for square cells, `v3.` (the
/// v2 header and one byte for the cell shape) for hexagons. So a square map's link still opens
/// on a page from before hexagons, and a hex map's link is refused there as newer instead of
/// opening as squares.
pub const VERSION: u32 = 3;

/// The longest fragment [`decode`] looks at, in characters. Chromium accepts URLs up to
/// 2 MiB (2,097,152 characters); a 4096 × 4096 random map is the worst case and may not fit,
/// but every map a person draws or generates at 1024 × 1024 fits with room to spare.
pub const MAX_LINK_CHARS: usize = 2_000_000;

/// base64url without padding. Decoding tolerates stray bits in the last character, so a link
/// cut short reaches the zlib check and is reported as truncated rather than as bad base64.
pub(super) const BASE64URL: GeneralPurpose = GeneralPurpose::new(
    &URL_SAFE,
    GeneralPurposeConfig::new()
        .with_encode_padding(false)
        .with_decode_allow_trailing_bits(true)
        .with_decode_padding_mode(DecodePaddingMode::RequireNone),
);

/// Bytes in the fixed header of v1 and v2 links (in the clear in v1, inside the zlib stream in
/// v2); v3 adds the shape byte ([`header_len`]).
pub(super) const HEADER_LEN: usize = 41;

/// Bytes in the fixed header of a link of `version`.
pub(super) fn header_len(version: u32) -> usize {
    if version >= 3 {
        HEADER_LEN + 1
    } else {
        HEADER_LEN
    }
}

/// The shape's byte in a v3 header.
fn shape_code(shape: Shape) -> u8 {
    match shape {
        Shape::Square => 0,
        Shape::HexRows => 1,
        Shape::HexColumns => 2,
    }
}

/// The largest node budget a v1 link may carry per cell of its map: beyond it the number is
/// taken for damage, not for a setting anyone made (a search expands each cell a few times at
/// most, even with re-opening).
pub(super) const V1_BUDGET_PER_CELL: u64 = 64;

/// Why a link was refused, in words meant for the user.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LinkError(pub String);

impl fmt::Display for LinkError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for LinkError {}

pub(super) fn err<T>(message: impl Into<String>) -> Result<T, LinkError> {
    Err(LinkError(message.into()))
}

/// Everything a full link holds.
#[derive(Clone, Debug, PartialEq)]
pub struct LinkState {
    /// The map, terrain and cell shape included.
    pub grid: Grid,
    /// The start cell (x, y).
    pub start: (u32, u32),
    /// The goal cell (x, y).
    pub goal: (u32, u32),
    /// Algorithm and every search setting.
    pub settings: Settings,
}

/// Drops one leading `#`, if any, and surrounding whitespace.
pub(super) fn strip_hash(fragment: &str) -> &str {
    let f = fragment.trim();
    f.strip_prefix('#').unwrap_or(f)
}

/// The algorithm's byte in a link: its place in [`Algorithm::ALL`]. New algorithms are only
/// ever appended there, so old links keep their meaning.
pub(super) fn algorithm_code(a: Algorithm) -> u8 {
    Algorithm::ALL
        .iter()
        .position(|&x| x == a)
        .and_then(|i| u8::try_from(i).ok())
        .unwrap_or(u8::MAX)
}

pub(super) fn heuristic_code(h: Option<Heuristic>) -> u8 {
    match h {
        None => 0,
        Some(Heuristic::Octile) => 1,
        Some(Heuristic::Manhattan) => 2,
        Some(Heuristic::Euclidean) => 3,
        Some(Heuristic::Chebyshev) => 4,
        Some(Heuristic::Zero) => 5,
        Some(Heuristic::Hex) => 6,
    }
}

pub(super) fn rule_code(r: DiagonalRule) -> u8 {
    match r {
        DiagonalRule::Never => 0,
        DiagonalRule::NoCornerCutting => 1,
        DiagonalRule::OneSideFree => 2,
        DiagonalRule::Always => 3,
    }
}

/// Encodes the state as a fragment without the leading `#`: `v2.` (square cells) or `v3.`
/// (hexagons, see [`VERSION`]) then base64url.
pub fn encode(state: &LinkState) -> String {
    let s = &state.settings;
    let shape = state.grid.shape();
    let version = if shape == Shape::Square { 2 } else { 3 };
    let mut bytes = Vec::with_capacity(header_len(version) + 64);
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
    if version >= 3 {
        bytes.push(shape_code(shape));
    }
    bytes.extend_from_slice(&run_length_encode(state.grid.bytes()));
    // Header and cells in one zlib stream: its Adler-32 covers the whole payload.
    let packed = miniz_oxide::deflate::compress_to_vec_zlib(&bytes, 6);
    format!("v{version}.{}", BASE64URL.encode(packed))
}

/// Runs of equal cells as (cell byte, run length as LEB128). At most 2 bytes per cell.
pub(super) fn run_length_encode(cells: &[u8]) -> Vec<u8> {
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
pub(super) fn run_length_decode(rle: &[u8], expected: usize) -> Result<Vec<u8>, LinkError> {
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
pub(super) fn split_version(fragment: &str) -> Result<(u32, &str), LinkError> {
    let not_ours = || {
        LinkError("this is not a Pathlab link: a link fragment starts with v2. or map=".to_string())
    };
    let tail = fragment.strip_prefix('v').ok_or_else(not_ours)?;
    let digits = tail.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 || digits > 6 {
        return Err(not_ours());
    }
    // `split_at_checked`, not `[..digits]`: the panic path of a string slice brings core's
    // Unicode tables into the wasm.
    let (number, rest) = tail.split_at_checked(digits).ok_or_else(not_ours)?;
    let version: u32 = number.parse().map_err(|_| not_ours())?;
    if version > VERSION {
        return err(format!(
            "this link was made by a newer Pathlab (v{version}); this page reads v1 to \
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

pub(super) fn u16_at(bytes: &[u8], at: usize) -> u32 {
    u32::from(u16::from_le_bytes([bytes[at], bytes[at + 1]]))
}

pub(super) fn f64_at(bytes: &[u8], at: usize) -> f64 {
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
            .ok_or_else(|| short_header(bytes.len(), HEADER_LEN))?;
        let expected = read_size(header)?;
        (
            header.to_vec(),
            inflate(&bytes[HEADER_LEN..], 2 * expected + 16)?,
        )
    } else {
        // The header first, alone, so nothing large is allocated before its size is known.
        let header = inflate_header(&bytes, header_len(version))?;
        // The page never writes an impossible size into a v2 link: such a header is damage
        // seen before the checksum at the end of the stream could tell.
        let expected = read_size(&header).map_err(|e| {
            LinkError(format!(
                "this link is damaged: {}",
                e.0.strip_prefix("this link ").unwrap_or(&e.0)
            ))
        })?;
        let all = inflate(&bytes, header.len() + 2 * expected + 16)?;
        let rle = all.get(header.len()..).unwrap_or(&[]).to_vec();
        (header, rle)
    };
    let shape = match header.get(HEADER_LEN) {
        None | Some(0) => Shape::Square,
        Some(1) => Shape::HexRows,
        Some(2) => Shape::HexColumns,
        Some(v) => return err(format!("this link is damaged: unknown cell shape {v}")),
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
        .map_err(|e| LinkError(format!("this link is damaged: {e}")))?
        .into_shape(shape);
    fits_shape(&settings, &grid)?;
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

pub(super) fn short_header(len: usize, needed: usize) -> LinkError {
    LinkError(format!(
        "this link is truncated: its header needs {needed} bytes, it has {len}"
    ))
}

/// The map size a header gives, checked against the 4096 × 4096 limit: its cell count.
pub(super) fn read_size(header: &[u8]) -> Result<usize, LinkError> {
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
pub(super) fn inflate(packed: &[u8], limit: usize) -> Result<Vec<u8>, LinkError> {
    miniz_oxide::inflate::decompress_to_vec_zlib_with_limit(packed, limit)
        .map_err(|e| inflate_error(e.status))
}

/// What a failed unpacking means for the user.
pub(super) fn inflate_error(status: miniz_oxide::inflate::TINFLStatus) -> LinkError {
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

/// The first `len` bytes (the header) of a v2 or v3 link's zlib stream, unpacked without the
/// rest.
pub(super) fn inflate_header(packed: &[u8], len: usize) -> Result<Vec<u8>, LinkError> {
    use miniz_oxide::inflate::TINFLStatus;
    let mut head = match miniz_oxide::inflate::decompress_to_vec_zlib_with_limit(packed, len) {
        Ok(all) => all,
        Err(e) if e.status == TINFLStatus::HasMoreOutput => e.output,
        Err(e) => return Err(inflate_error(e.status)),
    };
    if head.len() < len {
        return Err(short_header(head.len(), len));
    }
    head.truncate(len);
    Ok(head)
}

/// A link's heuristic and algorithm must suit its cell shape: the page never writes the
/// octile distance or JPS beside hexagons, so such a header is damage (or a hand-made link).
/// Terrain the algorithm cannot use is not checked here: the page opens such a link and says
/// why the algorithm is unavailable, as it does for a map painted under it.
fn fits_shape(settings: &Settings, grid: &Grid) -> Result<(), LinkError> {
    let square_only = settings.algorithm.info().needs.square_cells && grid.shape().is_hex();
    let heuristic_misfits = settings.heuristic.is_some_and(|h| !h.fits(grid.shape()));
    if square_only || heuristic_misfits {
        if let Err(e) = settings.check_on(grid) {
            return err(format!("this link is damaged: {e}"));
        }
    }
    Ok(())
}

/// A v1 link's settings must look like something the page wrote, since nothing but the
/// ranges guards its header: numbers with a short decimal form (or exactly √2, the default
/// diagonal cost) and a node budget in proportion to the map. A damaged header almost always
/// fails this; a v2 link's checksum makes it unnecessary.
pub(super) fn plausible(settings: &Settings, cells: usize) -> Result<(), LinkError> {
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
pub(super) fn decode_settings(bytes: &[u8]) -> Result<Settings, LinkError> {
    let bad = |what: &str, v: u8| LinkError(format!("this link is damaged: unknown {what} {v}"));
    let algorithm = match Algorithm::ALL.get(usize::from(bytes[12])) {
        Some(&a) => a,
        None => return Err(bad("algorithm", bytes[12])),
    };
    let heuristic = match bytes[13] {
        0 => None,
        v @ 1..=6 => Heuristic::ALL.get(usize::from(v - 1)).copied(),
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
}
