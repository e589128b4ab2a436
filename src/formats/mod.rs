//! Map file formats: Moving AI `.map` and `.scen` text files ([`movingai`]) and greyscale PNG
//! collision bitmaps ([`bitmap`]); and share links, the planner's state in a URL ([`link`]).
//!
//! Every parser returns `Result<_, FormatError>`. A [`FormatError`] names the line (when the
//! input has lines) and the field or cell that is wrong, and says what was expected, so the
//! page can show it to the user as it is. No parser panics, whatever bytes it is given.
//!
//! [`load_map`] is the single entry point for a file the user dropped on the page: it tells a
//! PNG from a text map by its first bytes and refuses anything over [`MAX_FILE_BYTES`].
//!
//! The formats are described for users in `docs/formats.md`.

pub mod bitmap;
pub mod link;
pub mod movingai;

use crate::grid::{Grid, GridError, MAX_SIDE};
use std::fmt;

/// The largest file [`load_map`] and the parsers accept, in bytes (64 MiB). A 4096 × 4096
/// `.map` file with CRLF line endings is about 16.8 MB, so this only refuses files that cannot
/// be a map before any time is spent on them.
pub const MAX_FILE_BYTES: usize = 64 * 1024 * 1024;

/// The eight bytes every PNG file starts with.
pub(crate) const PNG_SIGNATURE: [u8; 8] = [0x89, b'P', b'N', b'G', 0x0D, 0x0A, 0x1A, 0x0A];

/// Why a file could not be read: the line it happened on (1-based, when the format has lines)
/// and a message naming the field and what is wrong with it.
///
/// ```
/// use pathlab::formats::FormatError;
/// let e = FormatError::at_line(7, "height \"x\" is not a whole number");
/// assert_eq!(e.to_string(), "line 7: height \"x\" is not a whole number");
/// assert_eq!(FormatError::new("the file is empty").to_string(), "the file is empty");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FormatError {
    /// The 1-based line the problem was found on, or `None` when it concerns the whole file
    /// (e.g. an empty file or a corrupt PNG).
    pub line: Option<usize>,
    /// What is wrong, in words meant for the user.
    pub message: String,
}

impl FormatError {
    /// An error about the file as a whole.
    pub fn new(message: impl Into<String>) -> FormatError {
        FormatError {
            line: None,
            message: message.into(),
        }
    }

    /// An error found on the 1-based line `line`.
    pub fn at_line(line: usize, message: impl Into<String>) -> FormatError {
        FormatError {
            line: Some(line),
            message: message.into(),
        }
    }
}

impl fmt::Display for FormatError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.line {
            Some(line) => write!(f, "line {line}: {}", self.message),
            None => f.write_str(&self.message),
        }
    }
}

impl std::error::Error for FormatError {}

/// Words for a [`GridError`] met while building a grid from a file.
pub(crate) fn grid_error_message(error: &GridError) -> String {
    match error {
        GridError::BadSize { width, height } => size_message(*width, *height),
        other => other.to_string(),
    }
}

/// Names the side that is out of range, e.g. "height 5000 is larger than the 4096 maximum".
pub(crate) fn size_message(width: u64, height: u64) -> String {
    let max = u64::from(MAX_SIDE);
    let mut problems = String::new();
    for (name, value) in [("width", width), ("height", height)] {
        let problem = if value == 0 {
            format!("{name} is 0; a map needs at least one cell")
        } else if value > max {
            format!("{name} {value} is larger than the {max} maximum")
        } else {
            continue;
        };
        if !problems.is_empty() {
            problems.push_str(", and ");
        }
        problems.push_str(&problem);
    }
    if problems.is_empty() {
        format!("a map of {width}×{height} cells is not allowed")
    } else {
        problems
    }
}

/// Refuses inputs larger than [`MAX_FILE_BYTES`] before any parsing.
pub(crate) fn check_file_size(len: usize) -> Result<(), FormatError> {
    if len > MAX_FILE_BYTES {
        return Err(FormatError::new(format!(
            "the file is {len} bytes; files over {MAX_FILE_BYTES} bytes (64 MiB) are refused"
        )));
    }
    Ok(())
}

/// Reads a map file of either kind: a PNG collision bitmap (recognised by its signature, not
/// by its name) or else a Moving AI `.map` text file, which must be UTF-8.
///
/// `file_name` is only used to make errors more helpful (e.g. a `.scen` file given as a map,
/// or a `.png` name on a file that is not a PNG); it never decides the format. Files over [`MAX_FILE_BYTES`] are refused
/// before anything is parsed.
///
/// ```
/// use pathlab::formats::{bitmap, load_map};
/// let grid = load_map("tiny.map", b"type octile\nheight 1\nwidth 3\nmap\n.@2\n")?;
/// assert_eq!(grid.bytes(), &[1, 0, 2]);
/// let png = bitmap::write_png(&grid);
/// assert_eq!(load_map("tiny.png", &png)?, grid);
/// assert!(load_map("x.map", &[0xff, 0xfe, 0x00]).is_err());
/// # Ok::<(), pathlab::formats::FormatError>(())
/// ```
pub fn load_map(file_name: &str, bytes: &[u8]) -> Result<Grid, FormatError> {
    check_file_size(bytes.len())?;
    if bytes.starts_with(&PNG_SIGNATURE) {
        return bitmap::grid_from_png(bytes);
    }
    let named_png = file_name.to_ascii_lowercase().ends_with(".png");
    let text = std::str::from_utf8(bytes).map_err(|e| {
        if named_png {
            return FormatError::new(format!(
                "{file_name} is named like a PNG but does not start with the PNG signature"
            ));
        }
        let offset = e.valid_up_to();
        // `valid_up_to` is at most `bytes.len()`, so the slice is in range.
        let line = 1 + bytes[..offset].iter().filter(|&&b| b == b'\n').count();
        FormatError::at_line(
            line,
            format!(
                "byte {offset} is not valid UTF-8 text: this is neither a PNG nor a .map text file"
            ),
        )
    })?;
    movingai::parse_map(text).map_err(|e| {
        // A scenario list dropped where a map was expected fails on its first line; say what
        // it is rather than only that "version 1" is not "type octile".
        if text.trim_start().starts_with("version") {
            FormatError::new(format!(
                "{file_name} is a scenario list (.scen), not a map; load the .map file it names"
            ))
        } else {
            e
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn display_prefixes_the_line() {
        assert_eq!(FormatError::at_line(3, "bad").to_string(), "line 3: bad");
        assert_eq!(FormatError::new("bad").to_string(), "bad");
    }

    #[test]
    fn size_messages_name_the_side() {
        assert_eq!(
            size_message(10, 5000),
            "height 5000 is larger than the 4096 maximum"
        );
        assert!(size_message(0, 3).contains("width is 0"));
    }

    #[test]
    fn load_map_dispatches_on_content_not_name() {
        let grid = load_map("weird.txt", b"type octile\nheight 1\nwidth 2\nmap\n.@").unwrap();
        let png = bitmap::write_png(&grid);
        assert_eq!(load_map("named.map", &png).unwrap(), grid);
        let err = load_map("fake.png", b"\xff\xd8\xff\xe0 a JPEG").unwrap_err();
        assert!(err.message.contains("PNG signature"), "{err}");
        let err = load_map("a.map", b"version 1\n").unwrap_err();
        assert!(err.message.contains("scenario"), "{err}");
    }

    #[test]
    fn invalid_utf8_names_line_and_byte() {
        let err = load_map("x.map", b"type octile\nheight 1\n\xff").unwrap_err();
        assert_eq!(err.line, Some(3));
        assert!(err.message.contains("byte 21"), "{err}");
    }

    #[test]
    fn oversized_input_is_refused_before_parsing() {
        let err = check_file_size(MAX_FILE_BYTES + 1).unwrap_err();
        assert!(err.message.contains("64 MiB"), "{err}");
        assert!(check_file_size(MAX_FILE_BYTES).is_ok());
    }
}
