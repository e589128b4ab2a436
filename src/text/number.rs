//! Writing and reading an `f64` as text without core's float formatting and parsing.
//!
//! `format!("{}", x)` on an `f64` pulls core's `flt2dec` (Grisu and Dragon, shortest and
//! exact modes, with their bignum) into the wasm: about 19 KB of the page's module for a
//! handful of share-link numbers and error messages. `str::parse::<f64>` pulls `dec2flt`
//! (the Eisel–Lemire tables of 128-bit powers of five and a decimal fallback): another 14 KB
//! gzipped, for the few numbers of links and the lengths of a `.scen` file. [`decimal`] gives
//! the same text as `{}` for every ordinary value and [`parse_f64`] the same `f64` as
//! `str::parse` for every text, using only integer arithmetic on a small big integer;
//! `tests/number.rs` checks both against core's.

/// `v` as `{}` writes it: the fewest significant digits that parse back to `v`, in plain
/// positional notation (never an exponent), `-0` for negative zero, `NaN`, `inf` and `-inf`.
///
/// `parse_f64(&decimal(v))` is always `v` again (or NaN for NaN), which share links rely
/// on to reproduce settings exactly.
///
/// ```
/// use pathlab::text::number::decimal;
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
    let text = |p| {
        let (d, k) = round_digits(&digits, point, p);
        format!("{sign}{}", positional(&d, k))
    };
    // Rounding to more digits is never farther from `v` (the shorter rounding is one of the
    // longer candidates), so the digit counts that read back as `v` are all those from the
    // shortest up, and 17 always does: a binary search finds the shortest.
    let (mut shortest, mut enough) = (1, 17);
    while shortest < enough {
        let mid = (shortest + enough) / 2;
        if parse_f64(&text(mid)) == Some(v) {
            enough = mid;
        } else {
            shortest = mid + 1;
        }
    }
    text(shortest)
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
        mul_add(n, base.pow(k), 0);
        exp -= k;
    }
}

/// The decimal digits of the little-endian big integer `n > 0`, most significant first.
fn to_decimal(mut n: Vec<u32>) -> Vec<u8> {
    const CHUNK: u64 = 1_000_000_000;
    // Nine digits at a time, least significant first; the leading zeros go at the end.
    let mut out = Vec::new();
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
        for _ in 0..9 {
            out.push(b'0' + (rem % 10) as u8);
            rem /= 10;
        }
    }
    while out.last() == Some(&b'0') {
        out.pop();
    }
    out.reverse();
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
    if digits[p] >= b'5' {
        // Round up: trailing nines become zeros (dropped below), the digit before them grows.
        while head.last() == Some(&b'9') {
            head.pop();
        }
        match head.last_mut() {
            Some(d) => *d += 1,
            // All nines: 0.99… rounds up to 0.1 × 10.
            None => return (vec![b'1'], point + 1),
        }
    }
    while head.last() == Some(&b'0') {
        head.pop();
    }
    (head, point)
}

/// `0.DIGITS × 10^point` in positional notation: `0.00ddd`, `dd.ddd` or `ddd000`.
fn positional(digits: &[u8], point: i32) -> String {
    let mut out = String::new();
    if point <= 0 {
        out.push_str("0.");
        (point..0).for_each(|_| out.push('0'));
    }
    for (i, &d) in digits.iter().enumerate() {
        if i as i32 == point && point > 0 {
            out.push('.');
        }
        out.push(char::from(d));
    }
    (digits.len() as i32..point).for_each(|_| out.push('0'));
    out
}

/// The most significant digits [`parse_f64`] keeps. Deciding how a decimal rounds to an `f64`
/// never needs more than 767 of them; past that, only whether the rest are all zeros matters.
const MAX_DIGITS: usize = 800;

/// `text` as an `f64`, exactly as `text.parse::<f64>().ok()` reads it: an optional sign, then
/// `inf`, `infinity` or `nan` (any case), or digits with an optional `.` (at least one digit
/// on either side) and an optional exponent `e`/`E` with an optional sign. The result is the
/// nearest `f64` (ties to even), `inf` past the largest and `0` below the smallest.
///
/// ```
/// use pathlab::text::number::parse_f64;
/// assert_eq!(parse_f64("1.4142"), Some(1.4142));
/// assert_eq!(parse_f64("-.5e1"), Some(-5.0));
/// assert_eq!(parse_f64("1e400"), Some(f64::INFINITY));
/// assert_eq!(parse_f64("1,5"), None);
/// assert_eq!(parse_f64("."), None);
/// ```
pub fn parse_f64(text: &str) -> Option<f64> {
    let (negative, body) = match text.as_bytes().first() {
        // `get`, not `[1..]`: the panic path of a string slice brings core's Unicode tables.
        Some(b'-') => (true, text.get(1..).unwrap_or_default()),
        Some(b'+') => (false, text.get(1..).unwrap_or_default()),
        _ => (false, text),
    };
    let magnitude = if ["inf", "infinity"]
        .iter()
        .any(|w| body.eq_ignore_ascii_case(w))
    {
        f64::INFINITY
    } else if body.eq_ignore_ascii_case("nan") {
        f64::NAN
    } else {
        let (digits, exponent) = scientific(body)?;
        nearest(&digits, exponent)
    };
    Some(if negative { -magnitude } else { magnitude })
}

/// Splits decimal text into its significant digits (values 0–9, no leading or trailing
/// zeros, at most [`MAX_DIGITS`] + 1) and a power of ten: `text = DIGITS × 10^exponent`.
fn scientific(body: &str) -> Option<(Vec<u8>, i64)> {
    let (mantissa, exponent_text) = match body.split_once(['e', 'E']) {
        Some((m, e)) => (m, Some(e)),
        None => (body, None),
    };
    let (int, frac) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    let all_digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    if int.len() + frac.len() == 0 || !all_digits(int) || !all_digits(frac) {
        return None;
    }
    let mut exponent: i64 = 0;
    if let Some(e) = exponent_text {
        let (negative, digits) = match e.strip_prefix('-') {
            Some(d) => (true, d),
            None => (false, e.strip_prefix('+').unwrap_or(e)),
        };
        if digits.is_empty() || !all_digits(digits) {
            return None;
        }
        for b in digits.bytes() {
            // Far past any f64's range already; saturating keeps the arithmetic small.
            exponent = (exponent * 10 + i64::from(b - b'0')).min(1 << 40);
        }
        if negative {
            exponent = -exponent;
        }
    }
    exponent -= frac.len() as i64;
    let mut digits: Vec<u8> = Vec::with_capacity(int.len() + frac.len());
    for b in int.bytes().chain(frac.bytes()) {
        if b != b'0' || !digits.is_empty() {
            digits.push(b - b'0');
        }
    }
    let mut dropped_zeros = 0;
    while digits.last() == Some(&0) {
        digits.pop();
        dropped_zeros += 1;
    }
    exponent += dropped_zeros;
    if digits.len() > MAX_DIGITS {
        // The digits past MAX_DIGITS are not all zero (trailing zeros are gone): a 1 just
        // past the kept ones lies on the same side of every rounding boundary as they do.
        exponent += (digits.len() - MAX_DIGITS - 1) as i64;
        digits.truncate(MAX_DIGITS);
        digits.push(1);
    }
    Some((digits, exponent))
}

/// The `f64` nearest `DIGITS × 10^exponent` (ties to even), for [`scientific`]'s output.
fn nearest(digits: &[u8], exponent: i64) -> f64 {
    let Some(magnitude) = (digits.len() as i64).checked_add(exponent) else {
        return 0.0;
    };
    if digits.is_empty() || magnitude < -324 {
        // Below 10^-325, under half the smallest subnormal.
        return 0.0;
    }
    if magnitude > 309 {
        // At least 10^309, past f64::MAX.
        return f64::INFINITY;
    }
    let exponent = exponent as i32;
    if digits.len() <= 15 && (-22..=22).contains(&exponent) {
        // Both operands are exact f64s and IEEE division and multiplication round correctly.
        let n = digits.iter().fold(0.0, |n, &d| n * 10.0 + f64::from(d));
        let scale = (0..exponent.unsigned_abs()).fold(1.0, |p, _| p * 10.0);
        return if exponent < 0 { n / scale } else { n * scale };
    }
    // value = num / den × 2^binary, exactly.
    let mut num = vec![0u32];
    for chunk in digits.chunks(9) {
        let part = chunk.iter().fold(0u32, |n, &d| n * 10 + u32::from(d));
        mul_add(&mut num, 10u32.pow(chunk.len() as u32), part);
    }
    let mut den = vec![1u32];
    if exponent >= 0 {
        mul_pow(&mut num, 5, exponent as u32, 13);
    } else {
        mul_pow(&mut den, 5, exponent.unsigned_abs(), 13);
    }
    // Scale so the quotient has 65 or 66 bits: 12 or more below the 53 kept, for rounding.
    let shift = 65 - (bit_len(&num) as i32 - bit_len(&den) as i32);
    let binary = exponent - shift;
    if shift >= 0 {
        num = shl(&num, shift as u32);
    } else {
        den = shl(&den, shift.unsigned_abs());
    }
    let mut quotient: u128 = 0;
    for bit in (0..67).rev() {
        let part = shl(&den, bit);
        if !less(&num, &part) {
            sub(&mut num, &part);
            quotient |= 1 << bit;
        }
    }
    let inexact = num.iter().any(|&limb| limb != 0);
    round(quotient, inexact, binary)
}

/// `(q + a fraction, nonzero when inexact) × 2^binary` rounded to the nearest `f64`.
fn round(q: u128, inexact: bool, binary: i32) -> f64 {
    let bits = (128 - q.leading_zeros()) as i32;
    // Keep 53 bits, or fewer where the result is subnormal (its last bit is 2^-1074).
    let drop = (bits - 53).max(-1074 - binary);
    if drop > bits {
        // Under half the smallest subnormal.
        return 0.0;
    }
    let mut mantissa = (q >> drop) as u64;
    let rest = q & ((1 << drop) - 1);
    let half = 1 << (drop - 1);
    if rest > half || (rest == half && (inexact || mantissa & 1 == 1)) {
        mantissa += 1;
    }
    let mut exponent = binary + drop;
    if mantissa == 1 << 53 {
        mantissa >>= 1;
        exponent += 1;
    }
    if mantissa < 1 << 52 {
        // Subnormal (exponent is -1074 here), or zero.
        return f64::from_bits(mantissa);
    }
    let biased = exponent + 52 + 1023;
    if biased >= 0x7ff {
        return f64::INFINITY;
    }
    f64::from_bits((biased as u64) << 52 | (mantissa & ((1 << 52) - 1)))
}

/// `n = n × factor + add` on a little-endian big integer.
fn mul_add(n: &mut Vec<u32>, factor: u32, add: u32) {
    let mut carry = u64::from(add);
    for limb in n.iter_mut() {
        let x = u64::from(*limb) * u64::from(factor) + carry;
        *limb = x as u32;
        carry = x >> 32;
    }
    if carry > 0 {
        n.push(carry as u32);
    }
}

/// The number of significant bits of `n`.
fn bit_len(n: &[u32]) -> u32 {
    let top = n.iter().rposition(|&limb| limb != 0).unwrap_or(0);
    top as u32 * 32 + (32 - n.get(top).map_or(32, |l| l.leading_zeros()))
}

/// `n × 2^bits`.
fn shl(n: &[u32], bits: u32) -> Vec<u32> {
    let (limbs, bits) = ((bits / 32) as usize, bits % 32);
    let mut out = vec![0u32; limbs];
    let mut carry = 0u32;
    for &limb in n {
        out.push(limb << bits | carry);
        carry = if bits == 0 { 0 } else { limb >> (32 - bits) };
    }
    out.push(carry);
    out
}

/// Whether `a < b`.
fn less(a: &[u32], b: &[u32]) -> bool {
    let len = a.len().max(b.len());
    for i in (0..len).rev() {
        let (x, y) = (
            a.get(i).copied().unwrap_or(0),
            b.get(i).copied().unwrap_or(0),
        );
        if x != y {
            return x < y;
        }
    }
    false
}

/// `a -= b`, for `a ≥ b`.
fn sub(a: &mut [u32], b: &[u32]) {
    let mut borrow = 0i64;
    for (i, limb) in a.iter_mut().enumerate() {
        let x = i64::from(*limb) - i64::from(b.get(i).copied().unwrap_or(0)) - borrow;
        *limb = x as u32;
        borrow = i64::from(x < 0);
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
