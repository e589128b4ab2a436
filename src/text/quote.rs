//! Quoting a piece of the user's input for an error message, in one place.
//!
//! As `{:?}` does, it puts the text in quotes and makes quotes, backslashes, control characters
//! and invisible characters visible as escapes (`\n`, `\u{200b}`), so a message shows exactly
//! what was read; and it cuts long input short, so a megabyte of garbage on one line does not
//! end up in the message. It is written out because `{:?}` on text brings core's Unicode
//! "printable" tables and its `escape_debug` into the page's wasm (with the panic message for
//! a bad string slice, which shows a character that way): about 2.5 KB gzipped. The invisible
//! characters it escapes are listed in `invisible` instead.

/// The most characters of the input a message shows.
const MAX_CHARS: usize = 40;

/// `s` in double quotes with escapes, cut to 40 characters and `…` if longer.
///
/// ```
/// use pathlab::text::quote::quote;
/// assert_eq!(quote("a\"b"), r#""a\"b""#);
/// assert_eq!(quote("tab\there\u{200b}"), r#""tab\there\u{200b}""#);
/// assert_eq!(quote(&"x".repeat(50)), format!("\"{}…\"", "x".repeat(40)));
/// ```
pub fn quote(s: &str) -> String {
    let mut out = String::from('"');
    let mut chars = s.chars();
    for c in chars.by_ref().take(MAX_CHARS) {
        escape(&mut out, c, '"');
    }
    if chars.next().is_some() {
        out.push('…');
    }
    out.push('"');
    out
}

/// `c` in single quotes with the same escapes, as `{:?}` writes a character.
///
/// ```
/// use pathlab::text::quote::quote_char;
/// assert_eq!(quote_char('x'), "'x'");
/// assert_eq!(quote_char('\''), r"'\''");
/// assert_eq!(quote_char('\u{0}'), r"'\0'");
/// ```
pub fn quote_char(c: char) -> String {
    let mut out = String::from('\'');
    escape(&mut out, c, '\'');
    out.push('\'');
    out
}

/// Appends `c`, escaped when it is the quote in use, a backslash, or invisible.
fn escape(out: &mut String, c: char, quote: char) {
    let escaped = match c {
        '\\' => '\\',
        '\n' => 'n',
        '\r' => 'r',
        '\t' => 't',
        '\0' => '0',
        c if c == quote => c,
        c if invisible(c) => {
            const HEX: &[u8; 16] = b"0123456789abcdef";
            out.push_str("\\u{");
            let code = c as u32;
            let digits = (32 - code.leading_zeros()).div_ceil(4).max(1);
            for i in (0..digits).rev() {
                out.push(char::from(HEX[(code >> (4 * i) & 15) as usize]));
            }
            out.push('}');
            return;
        }
        c => {
            out.push(c);
            return;
        }
    };
    out.push('\\');
    out.push(escaped);
}

/// Characters that show as nothing (or break the line of a message): C0 and C1 controls and
/// DEL, the soft hyphen, combining grapheme joiner and other invisible marks, zero-width
/// spaces and joiners, direction marks and overrides, line and paragraph separators, word
/// joiners and invisible operators, variation selectors, the byte-order mark, interlinear
/// annotation marks, surrogates' and private use's code points, noncharacters and tags.
fn invisible(c: char) -> bool {
    matches!(c as u32,
        0..=0x1f | 0x7f..=0x9f | 0xad | 0x34f | 0x61c | 0x115f | 0x1160 | 0x17b4 | 0x17b5
        | 0x180b..=0x180f | 0x200b..=0x200f | 0x2028..=0x202e | 0x2060..=0x206f | 0x3164
        | 0xe000..=0xf8ff | 0xfe00..=0xfe0f | 0xfeff | 0xffa0 | 0xfff0..=0xfffb | 0xfffe
        | 0xffff | 0xe0000..=0xe0fff | 0xf0000..)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn matches_debug_on_what_messages_meet() {
        for s in [
            "plain",
            "with \"quotes\"",
            "back\\slash",
            "new\nline",
            "tab\t",
            "nul\0",
            "bell\u{7}",
            "é ü 中文 😀",
            "'single'",
            "\u{feff}bom",
            "zero\u{200b}width",
            "rtl\u{202e}",
            "del\u{7f}",
            "c1\u{85}",
            "",
        ] {
            assert_eq!(quote(s), format!("{s:?}"), "{s:?}");
        }
        for c in [
            'a',
            '\'',
            '"',
            '\n',
            '\u{0}',
            'é',
            '\u{200b}',
            '\u{85}',
            '\u{e0001}',
        ] {
            assert_eq!(quote_char(c), format!("{c:?}"), "{c:?}");
        }
    }

    #[test]
    fn long_input_is_cut() {
        assert_eq!(quote(&"é".repeat(40)), format!("\"{}\"", "é".repeat(40)));
        assert_eq!(quote(&"é".repeat(41)), format!("\"{}…\"", "é".repeat(40)));
    }
}
