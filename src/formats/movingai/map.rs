//! Moving AI `.map` files: reading ([`parse_map`]) and writing ([`write_map`]).

use super::lines::{numbered_lines, strip_bom};
use crate::formats::{check_file_size, grid_error_message, FormatError};
use crate::grid::{Grid, Shape, MAX_SIDE};
use crate::text::quote::{quote, quote_char};

/// Reads a map side (`height` or `width`) from its header token.
fn parse_side(name: &str, token: &str, line: usize) -> Result<u32, FormatError> {
    if token.is_empty() || !token.bytes().all(|b| b.is_ascii_digit()) {
        return Err(FormatError::at_line(
            line,
            format!("{name} {} is not a whole number", quote(token)),
        ));
    }
    // All digits, so the only way parsing can fail is overflow: a number far too large.
    let value = token.parse::<u64>().unwrap_or(u64::MAX);
    if value == 0 {
        return Err(FormatError::at_line(
            line,
            format!("{name} is 0; a map needs at least one row and one column"),
        ));
    }
    if value > u64::from(MAX_SIDE) {
        return Err(FormatError::at_line(
            line,
            format!("{name} {token} is larger than the {MAX_SIDE} maximum"),
        ));
    }
    // value ≤ MAX_SIDE, so it fits.
    Ok(value as u32)
}

/// The terrain byte of a `.map` character, or `None` for a character the format lacks.
fn cell_byte(c: char) -> Option<u8> {
    match c {
        '.' | 'G' | 'S' | '1' => Some(1),
        '2' => Some(2),
        '3' => Some(3),
        '4' => Some(4),
        '@' | 'O' | 'T' | 'W' => Some(0),
        _ => None,
    }
}

/// Parses a Moving AI `.map` file (type octile), with digits `1`–`4` as terrain costs; or a
/// map of hexagons, which says `type hex-rows` (pointy-top hexes, odd rows half a hex to the
/// right) or `type hex-columns` (flat-top hexes, odd columns half a hex down) on its first
/// line and is otherwise the same (docs/formats.md).
///
/// The header's height and width are checked against the 4096 maximum before any memory is
/// allocated for the grid. Every error names the line and what is wrong with it, e.g.
/// `line 9: row 5 has 47 cells, expected 49`.
///
/// ```
/// use pathlab::{formats::movingai, Cell};
/// let grid = movingai::parse_map("type octile\r\nwidth 3\r\nheight 2\r\nmap\r\n.@T\r\nG34")?;
/// assert_eq!((grid.width(), grid.height()), (3, 2));
/// assert_eq!(grid.get(1, 0), Some(Cell::Wall));
/// assert_eq!(grid.get(2, 1), Some(Cell::Terrain(4)));
///
/// let err = movingai::parse_map("type octile\nheight 2\nwidth 3\nmap\n...\n.x.\n").unwrap_err();
/// assert_eq!(err.to_string(), "line 6: unknown character 'x' in column 2 of row 2 (cell x = 1, y = 1); \
///     a cell is one of . G S 1 2 3 4 (passable) or @ O T W (wall)");
/// # Ok::<(), pathlab::formats::FormatError>(())
/// ```
pub fn parse_map(text: &str) -> Result<Grid, FormatError> {
    check_file_size(text.len())?;
    let text = strip_bom(text);
    if text.trim().is_empty() {
        return Err(FormatError::new("the file is empty"));
    }
    let mut lines = numbered_lines(text);
    let mut last_line = 0;
    let mut next = |what: &str| -> Result<(usize, &str), FormatError> {
        match lines.next() {
            Some((n, line)) => {
                last_line = n;
                Ok((n, line))
            }
            None => Err(FormatError::new(format!(
                "the file ends after line {last_line}, before {what}"
            ))),
        }
    };

    let (n, line) = next("the \"type octile\" line")?;
    let tokens: Vec<&str> = line.split_ascii_whitespace().collect();
    let shape = match tokens.as_slice() {
        ["type", "octile"] => Shape::Square,
        ["type", kind] if Shape::from_name(kind).is_some_and(Shape::is_hex) => {
            Shape::from_name(kind).unwrap_or_default()
        }
        ["type", other] => {
            return Err(FormatError::at_line(
                n,
                format!(
                    "unknown map type {}; use \"type octile\" for squares, or \"type \
                     hex-rows\" or \"type hex-columns\" for hexagons",
                    quote(other)
                ),
            ))
        }
        _ => {
            return Err(FormatError::at_line(
                n,
                format!(
                    "expected \"type octile\" as the first line, found {}",
                    quote(line)
                ),
            ))
        }
    };

    // Height and width may come in either order; each exactly once.
    let mut height: Option<(u32, usize)> = None;
    let mut width: Option<(u32, usize)> = None;
    for _ in 0..2 {
        let (n, line) = next("the \"height\" and \"width\" lines")?;
        let tokens: Vec<&str> = line.split_ascii_whitespace().collect();
        let (slot, name, token) = match tokens.as_slice() {
            ["height", value] => (&mut height, "height", *value),
            ["width", value] => (&mut width, "width", *value),
            ["map"] => {
                let missing = if height.is_none() { "height" } else { "width" };
                return Err(FormatError::at_line(
                    n,
                    format!("the header has no \"{missing}\" line before \"map\""),
                ));
            }
            _ => {
                return Err(FormatError::at_line(
                    n,
                    format!(
                        "expected \"height H\" or \"width W\", found {}",
                        quote(line)
                    ),
                ))
            }
        };
        if let Some((_, first)) = slot {
            return Err(FormatError::at_line(
                n,
                format!("{name} is given twice (first on line {first})"),
            ));
        }
        *slot = Some((parse_side(name, token, n)?, n));
    }
    let (Some((height, _)), Some((width, _))) = (height, width) else {
        // Two lines were read and neither was repeated, so both are set; kept as an error
        // rather than an unwrap so no input can make this panic.
        return Err(FormatError::new("the header lacks a height or a width"));
    };

    let (n, line) = next("the \"map\" line")?;
    if line != "map" {
        return Err(FormatError::at_line(
            n,
            format!(
                "expected \"map\" after the height and width, found {}",
                quote(line)
            ),
        ));
    }

    // Safe to allocate: parse_side capped both sides at MAX_SIDE.
    let mut cells = Vec::with_capacity(width as usize * height as usize);
    for row in 1..=height {
        let (n, line) = match lines.next() {
            Some(pair) => pair,
            None => {
                return Err(FormatError::new(format!(
                    "the file ends after line {last_line} with {} of the {height} rows the \
                     header announces",
                    row - 1
                )))
            }
        };
        last_line = n;
        let count = line.chars().count();
        if count != width as usize {
            return Err(FormatError::at_line(
                n,
                format!("row {row} has {count} cells, expected {width}"),
            ));
        }
        for (column, c) in line.chars().enumerate() {
            let Some(byte) = cell_byte(c) else {
                return Err(FormatError::at_line(
                    n,
                    format!(
                        "unknown character {} in column {} of row {row} (cell x = {column}, \
                         y = {}); a cell is one of . G S 1 2 3 4 (passable) or @ O T W (wall)",
                        quote_char(c),
                        column + 1,
                        row - 1
                    ),
                ));
            };
            cells.push(byte);
        }
    }
    for (n, line) in lines {
        if !line.trim().is_empty() {
            return Err(FormatError::at_line(
                n,
                format!("extra non-empty row after the {height} rows the header announces"),
            ));
        }
    }
    Grid::from_bytes(width, height, cells)
        .map(|grid| grid.into_shape(shape))
        .map_err(|e| FormatError::new(grid_error_message(&e)))
}

/// Writes a grid as a Moving AI `.map` file that [`parse_map`] reads back to the same grid
/// (a map of hexagons as `type hex-rows` or `type hex-columns`).
///
/// Walls are written `@`, cost-1 ground `.`, and terrain costs 2–4 as the digits `2`–`4`
/// (our extension: other Moving AI tools will refuse those cells). Every row, the last one
/// included, ends with `\n`.
///
/// ```
/// use pathlab::{formats::movingai, Cell, Grid};
/// let mut grid = Grid::new(3, 2)?;
/// grid.set(1, 0, Cell::Wall);
/// grid.set(2, 1, Cell::Terrain(3));
/// let text = movingai::write_map(&grid);
/// assert_eq!(text, "type octile\nheight 2\nwidth 3\nmap\n.@.\n..3\n");
/// assert_eq!(movingai::parse_map(&text).unwrap(), grid);
/// # Ok::<(), pathlab::GridError>(())
/// ```
pub fn write_map(grid: &Grid) -> String {
    let width = grid.width() as usize;
    let kind = match grid.shape() {
        Shape::Square => "octile",
        hex => hex.name(),
    };
    let mut out = format!(
        "type {kind}\nheight {}\nwidth {}\nmap\n",
        grid.height(),
        grid.width()
    );
    out.reserve(grid.len() + grid.height() as usize);
    for row in grid.bytes().chunks(width.max(1)) {
        out.extend(row.iter().map(|&b| match b {
            1 => '.',
            2 => '2',
            3 => '3',
            4 => '4',
            // 0, and any byte a Grid cannot hold, is a wall.
            _ => '@',
        }));
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Cell;

    const HEADER: &str = "type octile\nheight 2\nwidth 3\nmap\n";

    fn map_err(text: &str) -> String {
        parse_map(text).unwrap_err().to_string()
    }

    #[test]
    fn reads_every_cell_character() {
        let g = parse_map("type octile\nheight 2\nwidth 7\nmap\n.GS1234\n@OTW...\n").unwrap();
        assert_eq!(g.bytes(), &[1, 1, 1, 1, 2, 3, 4, 0, 0, 0, 0, 1, 1, 1]);
    }

    #[test]
    fn tolerates_crlf_missing_newline_trailing_space_and_header_order() {
        let a = parse_map("type octile \r\nwidth 3\t\r\nheight 2\r\nmap  \r\n.@.\r\n..2").unwrap();
        let b = parse_map(&format!("{HEADER}.@. \n..2\n\n  \n")).unwrap();
        assert_eq!(a, b);
        assert_eq!(a.get(2, 1), Some(Cell::Terrain(2)));
        assert_eq!(parse_map(&format!("\u{feff}{HEADER}.@.\n..2")).unwrap(), a);
    }

    #[test]
    fn row_length_errors_name_line_row_and_counts() {
        assert_eq!(
            map_err(&format!("{HEADER}...\n..\n")),
            "line 6: row 2 has 2 cells, expected 3"
        );
        assert_eq!(
            map_err(&format!("{HEADER}....\n...\n")),
            "line 5: row 1 has 4 cells, expected 3"
        );
    }

    #[test]
    fn unknown_characters_are_named_with_their_column() {
        let e = map_err(&format!("{HEADER}...\n.5.\n"));
        assert!(
            e.starts_with("line 6: unknown character '5' in column 2 of row 2"),
            "{e}"
        );
        let e = map_err(&format!("{HEADER}..\u{0}\n...\n"));
        assert!(e.contains("'\\0' in column 3"), "{e}");
        let e = map_err(&format!("{HEADER}.é.\n...\n"));
        assert!(e.contains("'é' in column 2"), "{e}");
        // Lower case is not accepted: the format is upper case.
        assert!(map_err(&format!("{HEADER}.t.\n...\n")).contains("'t'"));
    }

    #[test]
    fn missing_and_extra_rows_are_reported() {
        let e = map_err(&format!("{HEADER}...\n"));
        assert_eq!(
            e,
            "the file ends after line 5 with 1 of the 2 rows the header announces"
        );
        let e = map_err(&format!("{HEADER}...\n...\n\n...\n"));
        assert_eq!(
            e,
            "line 8: extra non-empty row after the 2 rows the header announces"
        );
    }

    #[test]
    fn header_errors_name_the_line_and_field() {
        assert_eq!(map_err(""), "the file is empty");
        assert_eq!(map_err(" \n\r\n"), "the file is empty");
        assert_eq!(
            map_err("type octile-corner\nheight 1\nwidth 1\nmap\n.\n"),
            "line 1: unknown map type \"octile-corner\"; use \"type octile\" for squares, or \
             \"type hex-rows\" or \"type hex-columns\" for hexagons"
        );
        assert!(
            map_err("height 1\nwidth 1\nmap\n.\n").starts_with("line 1: expected \"type octile\"")
        );
        assert_eq!(
            map_err("type octile\nheight 5000\nwidth 1\nmap\n"),
            "line 2: height 5000 is larger than the 4096 maximum"
        );
        assert_eq!(
            map_err("type octile\nheight 2\nwidth 99999999999999999999999\nmap\n"),
            "line 3: width 99999999999999999999999 is larger than the 4096 maximum"
        );
        assert_eq!(
            map_err("type octile\nheight 0\nwidth 3\nmap\n"),
            "line 2: height is 0; a map needs at least one row and one column"
        );
        assert_eq!(
            map_err("type octile\nheight -3\nwidth 3\nmap\n"),
            "line 2: height \"-3\" is not a whole number"
        );
        assert_eq!(
            map_err("type octile\nheight 3\nheight 3\nmap\n"),
            "line 3: height is given twice (first on line 2)"
        );
        assert_eq!(
            map_err("type octile\nheight 3\nmap\n"),
            "line 3: the header has no \"width\" line before \"map\""
        );
        assert!(map_err("type octile\nheight 1\nwidth 1\nmaps\n.\n")
            .starts_with("line 4: expected \"map\""));
        assert_eq!(
            map_err("type octile\nheight 1"),
            "the file ends after line 2, before the \"height\" and \"width\" lines"
        );
        assert!(map_err("type octile\nheight 1\ndepth 2\n")
            .starts_with("line 3: expected \"height H\""));
    }

    #[test]
    fn long_garbage_is_cut_short_in_messages() {
        let garbage = "x".repeat(10_000);
        let e = map_err(&garbage);
        assert!(e.len() < 200, "{e}");
        assert!(e.contains('…'));
    }

    #[test]
    fn hex_maps_read_and_write_their_layout() {
        for shape in [Shape::HexRows, Shape::HexColumns] {
            let text = format!("type {}\nheight 2\nwidth 3\nmap\n.@2\n4..\n", shape.name());
            let grid = parse_map(&text).unwrap();
            assert_eq!(grid.shape(), shape);
            assert_eq!(grid.bytes(), [1, 0, 2, 4, 1, 1]);
            assert_eq!(write_map(&grid), text);
        }
        assert_eq!(parse_map(HEADER_SQUARE).unwrap().shape(), Shape::Square);
        assert!(map_err("type square\nheight 1\nwidth 1\nmap\n.\n").contains("hex-rows"));
    }

    const HEADER_SQUARE: &str = "type octile\nheight 1\nwidth 1\nmap\n.\n";

    #[test]
    fn write_map_round_trips_every_cell_kind() {
        let g = Grid::from_bytes(5, 2, vec![0, 1, 2, 3, 4, 4, 3, 2, 1, 0]).unwrap();
        let text = write_map(&g);
        assert_eq!(text, "type octile\nheight 2\nwidth 5\nmap\n@.234\n432.@\n");
        assert_eq!(parse_map(&text).unwrap(), g);
    }
}
