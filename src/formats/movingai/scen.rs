//! Moving AI `.scen` scenario lists: problems on a map with their optimal lengths, and the
//! tolerance each file's printing allows ([`Scenario::accepts`]).

use super::lines::{numbered_lines, strip_bom};
use crate::formats::{check_file_size, FormatError};
use crate::grid::MAX_SIDE;
use crate::text::number::parse_f64;
use crate::text::quote::quote;

/// The names of the nine `.scen` fields, in file order, for error messages.
const SCEN_FIELDS: [&str; 9] = [
    "bucket",
    "map",
    "map-width",
    "map-height",
    "start-x",
    "start-y",
    "goal-x",
    "goal-y",
    "optimal-length",
];

/// Part of the diagonal-constant allowance: the generator's √2 was off by at most 2.4e-8 per
/// diagonal step, and a path has at most `length / √2` diagonal steps, so 2.5e-8 × length
/// covers it with room to spare.
const DIAGONAL_SLACK_PER_UNIT: f64 = 2.5e-8;

/// One problem of a Moving AI `.scen` file: find a shortest path from `start` to `goal` on
/// the map `map`, whose length is `optimal` (within `tolerance`).
///
/// Lengths assume 8-connected movement, diagonal steps of √2, and no corner cutting
/// (`Movement::default()`).
#[derive(Clone, Debug, PartialEq)]
pub struct Scenario {
    /// The file's bucket: problems grouped by length (usually ⌊optimal / 4⌋).
    pub bucket: u32,
    /// The base file name of the map (`arena.map`), without the directory the file named
    /// (`maps/dao/arena.map`).
    pub map: String,
    /// The map width the problem was made for.
    pub map_width: u32,
    /// The map height the problem was made for.
    pub map_height: u32,
    /// The start cell (x, y), inside `map_width` × `map_height`.
    pub start: (u32, u32),
    /// The goal cell (x, y), inside `map_width` × `map_height`.
    pub goal: (u32, u32),
    /// The optimal path length as printed in the file.
    pub optimal: f64,
    /// How far a correct shortest-path cost may be from `optimal`: half a unit in the last
    /// digit the file prints, plus 2.5e-8 × `optimal` for the generator's diagonal constant
    /// (slightly below √2). See [`parse_scen`] for how the printed precision is found.
    pub tolerance: f64,
    /// The 1-based line of the file the problem is on, so later checks can name it.
    pub line: usize,
}

impl Scenario {
    /// Whether a computed path cost agrees with the file: |cost − optimal| ≤ tolerance.
    ///
    /// ```
    /// use pathlab::formats::movingai::parse_scen;
    /// let scen = &parse_scen("version 1\n0\tarena.map\t49\t49\t1\t11\t2\t12\t1.41421\n")?[0];
    /// assert!(scen.accepts(std::f64::consts::SQRT_2));
    /// assert!(!scen.accepts(1.4143));
    /// # Ok::<(), pathlab::formats::FormatError>(())
    /// ```
    pub fn accepts(&self, cost: f64) -> bool {
        (cost - self.optimal).abs() <= self.tolerance
    }
}

/// How an `optimal-length` field was printed.
struct Printed {
    /// Digits after the decimal point, or `None` when there is no point or an exponent.
    decimals: Option<usize>,
    /// The power of ten of the first significant digit (`1006.02` → 3, `0.5` → −1), or
    /// `None` when the value is zero.
    leading_exponent: Option<i32>,
}

/// Checks an `optimal-length` field is a plain non-negative decimal (`7`, `3.41421`,
/// `446.00`, or `%g`'s `1.23457e+06`) and reads how it was printed.
fn parse_length_text(token: &str) -> Option<Printed> {
    let (mantissa, exponent) = match token.split_once(['e', 'E']) {
        Some((m, e)) => (m, Some(e)),
        None => (token, None),
    };
    let (int_part, frac_part) = match mantissa.split_once('.') {
        Some((int_part, frac_part)) => (int_part, Some(frac_part)),
        None => (mantissa, None),
    };
    let all_digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    if !all_digits(int_part) || frac_part.is_some_and(|f| !all_digits(f)) {
        return None;
    }
    let exponent: i32 = match exponent {
        None => 0,
        Some(e) => {
            let digits = e.strip_prefix(['+', '-']).unwrap_or(e);
            if !all_digits(digits) || digits.len() > 4 {
                return None;
            }
            e.parse().ok()?
        }
    };
    let significant_int = int_part.trim_start_matches('0');
    let frac = frac_part.unwrap_or("");
    let leading_exponent = if !significant_int.is_empty() {
        Some(significant_int.len() as i32 - 1 + exponent)
    } else {
        let zeros = frac.len() - frac.trim_start_matches('0').len();
        (zeros < frac.len()).then(|| -(zeros as i32) - 1 + exponent)
    };
    Some(Printed {
        decimals: match (exponent_is_absent(token), frac_part) {
            (true, Some(f)) => Some(f.len()),
            _ => None,
        },
        leading_exponent,
    })
}

/// Whether a length field has no exponent part.
fn exponent_is_absent(token: &str) -> bool {
    !token.contains(['e', 'E'])
}

/// Reads a whole-number `.scen` field.
fn parse_uint(token: &str, index: usize, line: usize) -> Result<u32, FormatError> {
    let name = SCEN_FIELDS.get(index).copied().unwrap_or("field");
    let field = index + 1;
    if token.is_empty() || !token.bytes().all(|b| b.is_ascii_digit()) {
        return Err(FormatError::at_line(
            line,
            format!(
                "field {field} ({name}) {} is not a whole number",
                quote(token)
            ),
        ));
    }
    token.parse::<u32>().map_err(|_| {
        FormatError::at_line(
            line,
            format!("field {field} ({name}) {} is too large", quote(token)),
        )
    })
}

/// Parses a Moving AI `.scen` scenario file (version 1 or 1.0).
///
/// * The first line is `version 1` or `version 1.0`. A file without a version line, whose
///   first line is already a problem, is read as version 1 (some tools strip it); any other
///   version is refused.
/// * Each further non-blank line holds 9 fields separated by tabs or spaces: bucket, map,
///   map-width, map-height, start-x, start-y, goal-x, goal-y, optimal-length. Blank lines
///   are skipped. The map field keeps only its base name (`maps/dao/arena.map` →
///   `arena.map`). Sizes must be 1–4096 and start and goal must lie inside them.
/// * Errors name the line and the field, e.g. `line 3: field 6 (start-y) "x" is not a whole
///   number`.
///
/// **Tolerance.** The files print `optimal-length` in one of two ways, detected per file:
/// if every length has the same number of decimals, and that number is above zero, the file
/// prints fixed decimals (`AR0011SR.map.scen`: `446.00`; `Berlin_0_256.map.scen` and the MAPF
/// files: `2.00000000`) and a length is good to half a unit in its last decimal. Otherwise
/// the file prints with C's `%g`, 6 significant digits with trailing zeros dropped, so `7`
/// stands for 7.00000 (±5e-6), `3.41421` for ±5e-6 and `1006.02` for ±0.005. To that is
/// added 2.5e-8 × length, because the generator's diagonal constant was slightly below √2.
/// (A `%g` file whose lengths happen to share their decimals gets the same tolerance either
/// way, since then they all have the same magnitude.)
///
/// ```
/// use pathlab::formats::movingai::parse_scen;
/// let text = "version 1\n\
///     0\tmaps/dao/arena.map\t49\t49\t1\t11\t1\t12\t1\n\
///     1\tmaps/dao/arena.map\t49\t49\t1\t11\t5\t12\t4.41421\n";
/// let scens = parse_scen(text)?;
/// assert_eq!(scens[0].map, "arena.map");
/// assert_eq!((scens[1].start, scens[1].goal), ((1, 11), (5, 12)));
/// assert!((scens[0].tolerance - (5e-6 + 2.5e-8)).abs() < 1e-15);
///
/// let fixed = parse_scen("version 1.0\n61 maps/bgmaps/AR0011SR.map 512 512 210 395 87 201 446.00\n")?;
/// assert!((fixed[0].tolerance - (0.005 + 2.5e-8 * 446.0)).abs() < 1e-12);
///
/// let err = parse_scen("version 1\n0\ta.map\t10\t10\t1\t1\t1\t12\t3\n").unwrap_err();
/// assert_eq!(err.to_string(), "line 2: field 8 (goal-y) 12 is outside the map (map-height 10)");
/// # Ok::<(), pathlab::formats::FormatError>(())
/// ```
pub fn parse_scen(text: &str) -> Result<Vec<Scenario>, FormatError> {
    check_file_size(text.len())?;
    let text = strip_bom(text);
    if text.trim().is_empty() {
        return Err(FormatError::new("the file is empty"));
    }
    let mut problems: Vec<(Scenario, Printed)> = Vec::new();
    let mut first = true;
    for (n, line) in numbered_lines(text) {
        let tokens: Vec<&str> = line.split_ascii_whitespace().collect();
        if tokens.is_empty() {
            continue;
        }
        if std::mem::take(&mut first) && tokens.first() == Some(&"version") {
            match tokens.as_slice() {
                ["version", "1" | "1.0"] => continue,
                ["version", other] => {
                    return Err(FormatError::at_line(
                        n,
                        format!(
                            "unsupported scenario version {}; only version 1 (or 1.0) is \
                             supported",
                            quote(other)
                        ),
                    ))
                }
                _ => {
                    return Err(FormatError::at_line(
                        n,
                        format!("expected \"version 1\", found {}", quote(line)),
                    ))
                }
            }
        }
        problems.push(parse_scen_line(&tokens, n)?);
    }

    let first_decimals = problems.first().and_then(|(_, p)| p.decimals);
    let fixed = match first_decimals {
        Some(d) if d > 0 => problems.iter().all(|(_, p)| p.decimals == Some(d)),
        _ => false,
    };
    Ok(problems
        .into_iter()
        .map(|(mut scen, printed)| {
            let half_unit = match (fixed, first_decimals, printed.leading_exponent) {
                (true, Some(d), _) => 0.5 * 10f64.powi(-(d as i32)),
                // %g: the sixth significant digit is five places below the first.
                (_, _, Some(e)) => 0.5 * 10f64.powi(e - 5),
                // A printed zero is exact.
                (_, _, None) => 0.0,
            };
            scen.tolerance = half_unit + DIAGONAL_SLACK_PER_UNIT * scen.optimal;
            scen
        })
        .collect())
}

/// Reads the nine fields of one `.scen` problem line; the tolerance is set later, once the
/// whole file's precision is known.
fn parse_scen_line(tokens: &[&str], n: usize) -> Result<(Scenario, Printed), FormatError> {
    let [bucket, map, width, height, sx, sy, gx, gy, length] = tokens else {
        return Err(FormatError::at_line(
            n,
            format!(
                "expected 9 fields ({}), found {}",
                SCEN_FIELDS.join(", "),
                tokens.len()
            ),
        ));
    };
    let bucket = parse_uint(bucket, 0, n)?;
    // The text after the last separator (`rfind`, not `rsplit`: one string iterator less in
    // the page's wasm).
    let map_name = match map.rfind(['/', '\\']) {
        Some(i) => map.get(i + 1..).unwrap_or_default(),
        None => map,
    };
    if map_name.is_empty() {
        return Err(FormatError::at_line(
            n,
            format!("field 2 (map) {} has no file name", quote(map)),
        ));
    }
    let side = |token: &str, index: usize| -> Result<u32, FormatError> {
        let value = parse_uint(token, index, n)?;
        let name = SCEN_FIELDS.get(index).copied().unwrap_or("field");
        if value == 0 {
            return Err(FormatError::at_line(
                n,
                format!(
                    "field {} ({name}) is 0; a map has at least one cell",
                    index + 1
                ),
            ));
        }
        if value > MAX_SIDE {
            return Err(FormatError::at_line(
                n,
                format!(
                    "field {} ({name}) {value} is larger than the {MAX_SIDE} maximum",
                    index + 1
                ),
            ));
        }
        Ok(value)
    };
    let map_width = side(width, 2)?;
    let map_height = side(height, 3)?;
    let coordinate = |token: &str, index: usize, limit: u32, limit_name: &str| {
        let value = parse_uint(token, index, n)?;
        if value >= limit {
            let name = SCEN_FIELDS.get(index).copied().unwrap_or("field");
            return Err(FormatError::at_line(
                n,
                format!(
                    "field {} ({name}) {value} is outside the map ({limit_name} {limit})",
                    index + 1
                ),
            ));
        }
        Ok(value)
    };
    let start = (
        coordinate(sx, 4, map_width, "map-width")?,
        coordinate(sy, 5, map_height, "map-height")?,
    );
    let goal = (
        coordinate(gx, 6, map_width, "map-width")?,
        coordinate(gy, 7, map_height, "map-height")?,
    );
    let bad_length = || {
        FormatError::at_line(
            n,
            format!(
                "field 9 (optimal-length) {} is not a non-negative decimal number",
                quote(length)
            ),
        )
    };
    let printed = parse_length_text(length).ok_or_else(bad_length)?;
    let optimal = parse_f64(length).ok_or_else(bad_length)?;
    if !optimal.is_finite() {
        return Err(bad_length());
    }
    Ok((
        Scenario {
            bucket,
            map: map_name.to_string(),
            map_width,
            map_height,
            start,
            goal,
            optimal,
            tolerance: 0.0,
            line: n,
        },
        printed,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scen_line(length: &str) -> String {
        format!("1\tmaps/dao/arena.map\t49\t49\t1\t2\t3\t4\t{length}\n")
    }

    #[test]
    fn scen_fields_are_read_and_map_keeps_its_base_name() {
        let s = parse_scen(&format!("version 1\n{}", scen_line("3.41421"))).unwrap();
        assert_eq!(
            s,
            vec![Scenario {
                bucket: 1,
                map: "arena.map".into(),
                map_width: 49,
                map_height: 49,
                start: (1, 2),
                goal: (3, 4),
                optimal: 3.41421,
                tolerance: s[0].tolerance,
                line: 2,
            }]
        );
        let s = parse_scen("version 1.0\n0 a\\b\\c.map 5 6 0 0 4 5 0\n").unwrap();
        assert_eq!(s[0].map, "c.map");
        assert_eq!(s[0].tolerance, 0.0);
    }

    #[test]
    fn scen_without_version_line_is_version_one() {
        let with = parse_scen(&format!("version 1\n{}", scen_line("7"))).unwrap();
        let mut without = parse_scen(&scen_line("7")).unwrap();
        assert_eq!(without[0].line, 1);
        without[0].line = 2;
        assert_eq!(with, without);
        assert!(parse_scen("version 1\n").unwrap().is_empty());
    }

    #[test]
    fn scen_errors_name_line_and_field() {
        let err = |t: &str| parse_scen(t).unwrap_err().to_string();
        assert_eq!(err(""), "the file is empty");
        assert_eq!(
            err("version 2\n"),
            "line 1: unsupported scenario version \"2\"; only version 1 (or 1.0) is supported"
        );
        assert!(err("version 1\n1 a.map 4 4 1 1 1\n").starts_with("line 2: expected 9 fields"));
        assert_eq!(
            err("version 1\n\n1 a.map 4 4 1 x 1 1 1\n"),
            "line 3: field 6 (start-y) \"x\" is not a whole number"
        );
        assert_eq!(
            err("version 1\n1 a.map 5000 4 1 1 1 1 1\n"),
            "line 2: field 3 (map-width) 5000 is larger than the 4096 maximum"
        );
        assert_eq!(
            err("version 1\n1 a.map 4 4 4 1 1 1 1\n"),
            "line 2: field 5 (start-x) 4 is outside the map (map-width 4)"
        );
        assert_eq!(
            err("version 1\n1 maps/ 4 4 1 1 1 1 1\n"),
            "line 2: field 2 (map) \"maps/\" has no file name"
        );
        assert_eq!(
            err("version 1\n99999999999 a.map 4 4 1 1 1 1 1\n"),
            "line 2: field 1 (bucket) \"99999999999\" is too large"
        );
        for bad in ["-1", "nan", "inf", "1.", ".5", "1e", "0x10", "1,5"] {
            assert_eq!(
                err(&format!("version 1\n1 a.map 4 4 1 1 1 1 {bad}\n")),
                format!(
                    "line 2: field 9 (optimal-length) \"{bad}\" is not a non-negative decimal number"
                )
            );
        }
        assert!(err("version 1\nversion 1\n").starts_with("line 2: expected 9 fields"));
    }

    fn tolerances(lengths: &[&str]) -> Vec<f64> {
        let text: String = lengths.iter().map(|l| scen_line(l)).collect();
        parse_scen(&format!("version 1\n{text}"))
            .unwrap()
            .iter()
            .map(|s| s.tolerance)
            .collect()
    }

    fn assert_close(actual: &[f64], expected: &[f64]) {
        assert_eq!(actual.len(), expected.len());
        for (a, e) in actual.iter().zip(expected) {
            assert!(
                (a - e).abs() <= 1e-12 * e.max(1e-9),
                "{actual:?} != {expected:?}"
            );
        }
    }

    #[test]
    fn tolerance_follows_g_format_significant_digits() {
        let slack = DIAGONAL_SLACK_PER_UNIT;
        assert_close(
            &tolerances(&["7", "3.41421", "1006.02", "0.5", "12.4853", "1.23457e+06"]),
            &[
                5e-6 + slack * 7.0,
                5e-6 + slack * 3.41421,
                5e-3 + slack * 1006.02,
                5e-7 + slack * 0.5,
                5e-5 + slack * 12.4853,
                5.0 + slack * 1.23457e6,
            ],
        );
    }

    #[test]
    fn tolerance_follows_fixed_decimals_when_all_lines_share_them() {
        let slack = DIAGONAL_SLACK_PER_UNIT;
        assert_close(
            &tolerances(&["446.00", "244.95", "1.00"]),
            &[5e-3 + slack * 446.0, 5e-3 + slack * 244.95, 5e-3 + slack],
        );
        assert_close(
            &tolerances(&["2.00000000", "23.65685425"]),
            &[5e-9 + slack * 2.0, 5e-9 + slack * 23.65685425],
        );
        // One line printed differently: the file is %g, and 446.00 has 5 significant digits
        // shown of the 6, i.e. it means 446.000.
        assert_close(
            &tolerances(&["446.00", "7"]),
            &[5e-4 + slack * 446.0, 5e-6 + slack * 7.0],
        );
    }

    #[test]
    fn accepts_compares_within_tolerance() {
        let s = &parse_scen(&scen_line("446.00")).unwrap()[0];
        assert!(s.accepts(446.004));
        assert!(!s.accepts(446.006));
    }
}
