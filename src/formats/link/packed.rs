//! Packed text for other kinds of link: any bytes (a lesson's JSON, [`crate::learn`]) as a
//! prefix such as `l1.` and base64url of one zlib stream, the encoding of the full links
//! ([`super::encode`]), whose Adler-32 checksum refuses a damaged link.

use super::full::{inflate, strip_hash, LinkError, BASE64URL};
use base64::Engine;

/// `bytes` as `prefix` + base64url of their zlib stream (no padding, link-safe).
pub fn pack(prefix: &str, bytes: &[u8]) -> String {
    let packed = miniz_oxide::deflate::compress_to_vec_zlib(bytes, 9);
    format!("{prefix}{}", BASE64URL.encode(packed))
}

/// The bytes [`pack`] packed behind `prefix` (a leading `#` is skipped), refused when the
/// text does not start with `prefix`, is not base64url, is damaged or unpacks to more than
/// `limit` bytes.
pub fn unpack(text: &str, prefix: &str, limit: usize) -> Result<Vec<u8>, LinkError> {
    let text = strip_hash(text.trim());
    let Some(body) = text.strip_prefix(prefix) else {
        return Err(LinkError(format!(
            "this link does not start with '{prefix}'"
        )));
    };
    if body.len() > limit.saturating_mul(2).max(64) {
        return Err(LinkError("this link is too long".into()));
    }
    let packed = BASE64URL
        .decode(body)
        .map_err(|_| LinkError("this link is damaged: it is not base64url".into()))?;
    inflate(&packed, limit)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn packs_and_unpacks() {
        let text = pack("l1.", b"{\"title\":\"BFS\"}");
        assert!(text.starts_with("l1."));
        assert_eq!(unpack(&text, "l1.", 1000).unwrap(), b"{\"title\":\"BFS\"}");
        assert_eq!(unpack(&format!("#{text}"), "l1.", 1000).unwrap().len(), 15);
        assert!(unpack(&text, "l2.", 1000).is_err());
        assert!(unpack(&text, "l1.", 4).is_err());
        let mut damaged = text.clone();
        damaged.pop();
        damaged.push(if text.ends_with('A') { 'B' } else { 'A' });
        assert!(unpack(&damaged, "l1.", 1000).is_err());
    }
}
