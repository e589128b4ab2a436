//! Writing an `f64` the way `{}` does, without core's float formatting.
//!
//! `format!("{}", x)` on an `f64` pulls core's `flt2dec` (Grisu and Dragon, shortest and
//! exact modes, with their bignum) into the wasm: about 19 KB of the page's module for a
//! handful of share-link numbers and error messages. [`decimal`] gives the same text for
//! every ordinary value and always parses back to the same `f64`, using only integer
//! arithmetic and `str::parse` (whose code the page needs anyway to read links).

/// `v` as `{}` writes it: the fewest significant digits that parse back to `v`, in plain
/// positional notation (never an exponent), `-0` for negative zero, `NaN`, `inf` and `-inf`.
///
/// `decimal(v).parse::<f64>()` is always `v` again (or NaN for NaN), which share links rely
/// on to reproduce settings exactly.
///
/// ```
/// use pathlab::formats::number::decimal;
/// assert_eq!(decimal(1.0), "1");
/// assert_eq!(decimal(1.4142), "1.4142");
/// assert_eq!(decimal(0.001), "0.001");
/// assert_eq!(decimal(1e6), "1000000");
/// assert_eq!(decimal(-2.5), "-2.5");
/// assert_eq!(decimal(0.1 + 0.2), "0.30000000000000004");
/// ```
pub fn decimal(v: f64) -> String {
    if v.is_nan() {
        return "NaN".into();
    }
    let sign = if v.is_sign_negative() { "-" } else { "" };
    if v.is_infinite() {
        return format!("{sign}inf");
    }
    if v == 0.0 {
        return format!("{sign}0");
    }
    let (digits, point) = exact_digits(v.abs());
    // 17 significant digits always single out an f64, so the loop returns by then. The
    // exact expansion after it is never reached; it keeps the function total without a panic.
    for p in 1..=17 {
        let (d, k) = round_digits(&digits, point, p);
        let text = format!("{sign}{}", positional(&d, k));
        if text.parse::<f64>() == Ok(v) {
            return text;
        }
    }
    format!("{sign}{}", positional(&digits, point))
}

/// The exact decimal expansion of a finite `v > 0`: its significant digits (ASCII, no leading
/// or trailing zeros) and the position of the decimal point counted from the first digit
/// (`v = 0.DIGITS × 10^point`).
fn exact_digits(v: f64) -> (Vec<u8>, i32) {
    let bits = v.to_bits();
    let exponent = ((bits >> 52) & 0x7ff) as i32;
    let fraction = bits & ((1 << 52) - 1);
    // v = mantissa × 2^shift exactly; subnormals have no implicit leading bit.
    let (mantissa, shift) = if exponent == 0 {
        (fraction, -1074)
    } else {
        (fraction | 1 << 52, exponent - 1075)
    };
    let mut n = vec![mantissa as u32, (mantissa >> 32) as u32];
    let mut scale = 0;
    if shift >= 0 {
        mul_pow(&mut n, 2, shift as u32, 31);
    } else {
        // m / 2^s = m × 5^s / 10^s: an integer times a power of ten.
        mul_pow(&mut n, 5, (-shift) as u32, 13);
        scale = shift;
    }
    let mut digits = to_decimal(n);
    let point = digits.len() as i32 + scale;
    while digits.last() == Some(&b'0') {
        digits.pop();
    }
    (digits, point)
}

/// `n *= base^exp`, `chunk` powers at a time (`base^chunk` must fit in a `u32`).
fn mul_pow(n: &mut Vec<u32>, base: u32, mut exp: u32, chunk: u32) {
    while exp > 0 {
        let k = exp.min(chunk);
        let factor = base.pow(k);
        let mut carry = 0u64;
        for limb in n.iter_mut() {
            let x = u64::from(*limb) * u64::from(factor) + carry;
            *limb = x as u32;
            carry = x >> 32;
        }
        if carry > 0 {
            n.push(carry as u32);
        }
        exp -= k;
    }
}

/// The decimal digits of the little-endian big integer `n > 0`, most significant first.
fn to_decimal(mut n: Vec<u32>) -> Vec<u8> {
    const CHUNK: u64 = 1_000_000_000;
    let mut chunks = Vec::new();
    while n.iter().any(|&limb| limb != 0) {
        let mut rem = 0u64;
        for limb in n.iter_mut().rev() {
            let x = rem << 32 | u64::from(*limb);
            *limb = (x / CHUNK) as u32;
            rem = x % CHUNK;
        }
        while n.last() == Some(&0) {
            n.pop();
        }
        chunks.push(rem as u32);
    }
    let mut out = Vec::with_capacity(chunks.len() * 9);
    for (i, &c) in chunks.iter().rev().enumerate() {
        // Every chunk but the leading one stands for exactly nine digits.
        let text = if i == 0 {
            c.to_string()
        } else {
            format!("{c:09}")
        };
        out.extend_from_slice(text.as_bytes());
    }
    out
}

/// `0.DIGITS × 10^point` rounded to `p` significant digits, with trailing zeros dropped; the
/// point moves up one when rounding carries out of the first digit. Halves round up (away
/// from zero), as `{}` does when two shortest candidates are equally near.
fn round_digits(digits: &[u8], point: i32, p: usize) -> (Vec<u8>, i32) {
    if digits.len() <= p {
        return (digits.to_vec(), point);
    }
    let mut head = digits[..p].to_vec();
    let mut point = point;
    if digits[p] >= b'5' {
        let mut i = p;
        loop {
            if i == 0 {
                // All nines: 0.99… rounds up to 0.1 × 10 (and the zeros go below).
                head.insert(0, b'1');
                point += 1;
                break;
            }
            i -= 1;
            if head[i] == b'9' {
                head[i] = b'0';
            } else {
                head[i] += 1;
                break;
            }
        }
    }
    while head.last() == Some(&b'0') {
        head.pop();
    }
    (head, point)
}

/// `0.DIGITS × 10^point` in positional notation: `0.00ddd`, `dd.ddd` or `ddd000`.
fn positional(digits: &[u8], point: i32) -> String {
    let digits = std::str::from_utf8(digits).unwrap_or_default();
    let len = digits.len() as i32;
    if point <= 0 {
        format!("0.{}{digits}", "0".repeat((-point) as usize))
    } else if point >= len {
        format!("{digits}{}", "0".repeat((point - len) as usize))
    } else {
        let (int, frac) = digits.split_at(point as usize);
        format!("{int}.{frac}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn matches_display_on_ordinary_values() {
        for v in [
            1.0,
            1.5,
            crate::grid::SEED_DIAGONAL_PENALTY,
            2.5,
            0.001,
            10.0,
            1e6,
            0.1,
            0.3,
            1.0 / 3.0,
            2.0 / 3.0,
            12.83,
            123456.789,
            1e-7,
            5e-324,
            1e300,
            f64::MAX,
            f64::MIN_POSITIVE,
            0.1 + 0.2,
            9.5,
            99.99,
            0.5,
            1e21,
            1e22,
            1e23,
            2f64.powi(60),
            9007199254740993.0,
            4.35,
            0.015625,
            // An exact tie between two 16-digit candidates: `{}` takes the upper one.
            f64::from_bits(4829391039540657322),
        ] {
            for x in [v, -v] {
                assert_eq!(decimal(x), format!("{x}"), "{x:?}");
            }
        }
    }

    #[test]
    fn special_values() {
        assert_eq!(decimal(0.0), "0");
        assert_eq!(decimal(-0.0), "-0");
        assert_eq!(decimal(f64::NAN), "NaN");
        assert_eq!(decimal(f64::INFINITY), "inf");
        assert_eq!(decimal(f64::NEG_INFINITY), "-inf");
    }

    #[test]
    fn rounding_carries_into_a_new_digit() {
        assert_eq!(round_digits(b"9996", 1, 3), (b"1".to_vec(), 2));
        assert_eq!(round_digits(b"125", 0, 2), (b"13".to_vec(), 0));
        assert_eq!(round_digits(b"1249", 0, 2), (b"12".to_vec(), 0));
        assert_eq!(round_digits(b"1201", 0, 3), (b"12".to_vec(), 0));
    }
}
