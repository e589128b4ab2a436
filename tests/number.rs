//! `text::number::decimal` against `{}`: the same text for ordinary values (up to nine
//! significant digits over a wide range of magnitudes) and for arbitrary bit patterns, and a
//! string that parses back to the same `f64` every time; and `parse_f64` against `str::parse`:
//! the same `f64` (or the same refusal) for any text, ties and subnormals included.

use pathlab::text::number::{decimal, parse_f64};
use proptest::prelude::*;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4096))]

    #[test]
    fn ordinary_values_print_like_display(m in 0u64..1_000_000_000, e in -12i32..12, neg: bool) {
        let v: f64 = format!("{}{m}e{e}", if neg { "-" } else { "" }).parse().unwrap();
        prop_assert_eq!(decimal(v), format!("{v}"));
    }

    #[test]
    fn any_bits_round_trip(bits: u64) {
        let v = f64::from_bits(bits);
        let text = decimal(v);
        if v.is_nan() {
            prop_assert_eq!(text, "NaN");
        } else {
            prop_assert_eq!(text.parse::<f64>().unwrap().to_bits(), bits);
            prop_assert_eq!(text, format!("{v}"));
        }
    }

    #[test]
    fn weights_and_diagonal_costs_round_trip(v in 0.0f64..=1_000_000.0) {
        let text = decimal(v);
        prop_assert_eq!(text.parse::<f64>().unwrap(), v);
        prop_assert_eq!(text, format!("{v}"));
    }
}

/// `text` read by `parse_f64` and by core's `str::parse`, as bits (NaN's sign included), or
/// `None` for both when both refuse it.
fn both(text: &str) -> (Option<u64>, Option<u64>) {
    (
        parse_f64(text).map(f64::to_bits),
        text.parse::<f64>().ok().map(f64::to_bits),
    )
}

/// The decimal digits (most significant first) of `odd × 2^twos × 5^fives`.
fn exact_digits(odd: u64, twos: u32, fives: u32) -> String {
    // Little-endian decimal digits, multiplied in place.
    let mut digits: Vec<u32> = odd
        .to_string()
        .bytes()
        .rev()
        .map(|b| u32::from(b - b'0'))
        .collect();
    let times = |digits: &mut Vec<u32>, k: u32| {
        let mut carry = 0;
        for d in digits.iter_mut() {
            let x = *d * k + carry;
            *d = x % 10;
            carry = x / 10;
        }
        while carry > 0 {
            digits.push(carry % 10);
            carry /= 10;
        }
    };
    (0..twos).for_each(|_| times(&mut digits, 2));
    (0..fives).for_each(|_| times(&mut digits, 5));
    digits
        .iter()
        .rev()
        .map(|d| char::from(b'0' + *d as u8))
        .collect()
}

/// The exact decimal text of the point halfway between the positive finite `v` and the next
/// `f64` up: where rounding to nearest must break a tie.
fn halfway_above(v: f64) -> String {
    let bits = v.to_bits();
    let (biased, fraction) = ((bits >> 52) as i32, bits & ((1 << 52) - 1));
    let (m, e) = if biased == 0 {
        (fraction, -1074)
    } else {
        (fraction | 1 << 52, biased - 1075)
    };
    // v = m × 2^e; the midpoint is (2m + 1) × 2^(e − 1).
    let odd = 2 * m + 1;
    if e >= 1 {
        exact_digits(odd, (e - 1) as u32, 0)
    } else {
        let places = (1 - e) as u32;
        format!("{}e-{places}", exact_digits(odd, 0, places))
    }
}

#[test]
fn parse_agrees_with_core_on_hard_cases() {
    for text in [
        "0",
        "-0",
        "+0",
        "0.0",
        ".0",
        "0.",
        "00012.5000",
        "1e0",
        "1E+2",
        "1e-2",
        "1.e5",
        ".5e-1",
        "inf",
        "-inf",
        "+Infinity",
        "INF",
        "nan",
        "-NaN",
        "infinit",
        "nan1",
        "",
        "+",
        "-",
        ".",
        "e5",
        "1e",
        "1e+",
        "1.2.3",
        "1 ",
        " 1",
        "1_0",
        "0x10",
        "1,5",
        "١",
        "1e99999999999999999999",
        "1e-99999999999999999999",
        "2.2250738585072011e-308",
        "2.2250738585072014e-308",
        "4.9406564584124654e-324",
        "2.4703282292062327e-324",
        "2.4703282292062328e-324",
        "1.7976931348623157e308",
        "1.7976931348623158e308",
        "1.7976931348623159e308",
        "9007199254740993",
        "9007199254740993.0000000000000000000000000000001",
        "9007199254740995",
        "1.4142135623730951",
        "0.30000000000000004",
        "123456789012345678901234567890",
        "1e22",
        "1e23",
        "8.98846567431158e307",
        "1448997445238699",
        "3.0540316e-23",
    ] {
        let (ours, core) = both(text);
        assert_eq!(ours, core, "{text:?}");
    }
    // More digits than `parse_f64` keeps: a tie decided by a 1 far beyond them.
    let tie = format!("9007199254740993{}", "0".repeat(900));
    assert_eq!(both(&tie).0, both(&tie).1);
    assert_eq!(both(&format!("{tie}1")).0, both(&format!("{tie}1")).1);
    assert_eq!(
        both(&format!("0.{tie}1e17")).0,
        both(&format!("0.{tie}1e17")).1
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4096))]

    #[test]
    fn parse_reads_any_printed_f64_like_core(bits: u64, precision in 0usize..40) {
        let v = f64::from_bits(bits);
        for text in [format!("{v}"), format!("{v:e}"), format!("{v:.precision$e}"), format!("{v:.precision$}")] {
            let (ours, core) = both(&text);
            prop_assert_eq!(ours, core, "{}", text);
        }
    }

    #[test]
    fn parse_breaks_ties_like_core(bits in 0u64..0x7fef_ffff_ffff_ffff) {
        let half = halfway_above(f64::from_bits(bits));
        // The tie itself and a hair above it.
        let above = match half.split_once('e') {
            Some((digits, exp)) => format!("{digits}00001e{exp}"),
            None => format!("{half}.00001"),
        };
        for text in [half.clone(), above] {
            let (ours, core) = both(&text);
            prop_assert_eq!(ours, core, "{}", text);
        }
    }

    #[test]
    fn parse_agrees_with_core_on_decimal_text(
        sign in "[+-]?", int in "[0-9]{0,25}", point: bool, frac in "[0-9]{0,25}",
        exp in proptest::option::of("[eE][+-]?[0-9]{1,4}"),
    ) {
        let text = format!("{sign}{int}{}{frac}{}", if point { "." } else { "" }, exp.unwrap_or_default());
        let (ours, core) = both(&text);
        prop_assert_eq!(ours, core, "{}", text);
    }

    #[test]
    fn parse_refuses_what_core_refuses(text in "[-+0-9.eEinfatyINF ]{0,10}") {
        let (ours, core) = both(&text);
        prop_assert_eq!(ours, core, "{}", text);
    }
}
