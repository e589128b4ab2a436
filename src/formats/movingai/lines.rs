//! Text helpers shared by the `.map` and `.scen` readers: numbered lines, the byte-order mark,
//! and quoting a token for a message.

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

/// A piece of the input for an error message: quoted, escaped, and cut short if long, so a
/// megabyte of garbage on one line does not end up in the message.
pub(super) fn quote(s: &str) -> String {
    const MAX_CHARS: usize = 40;
    let mut short: String = s.chars().take(MAX_CHARS).collect();
    if short.len() < s.len() {
        short.push('…');
    }
    format!("{short:?}")
}
