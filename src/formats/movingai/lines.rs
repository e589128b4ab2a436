//! Text helpers shared by the `.map` and `.scen` readers: numbered lines and the byte-order
//! mark.

/// The lines of a text, numbered from 1, with `\r` and other trailing whitespace removed.
/// A final newline does not start an extra empty line.
pub(super) fn numbered_lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    let body = text.strip_suffix('\n').unwrap_or(text);
    body.split('\n')
        .enumerate()
        .map(|(i, line)| (i + 1, line.trim_end_matches([' ', '\t', '\r'])))
}

/// Removes a UTF-8 byte-order mark, which some Windows editors put at the start of a file.
pub(super) fn strip_bom(text: &str) -> &str {
    text.strip_prefix('\u{feff}').unwrap_or(text)
}
