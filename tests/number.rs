//! `formats::number::decimal` against `{}`: the same text for ordinary values (up to nine
//! significant digits over a wide range of magnitudes) and for arbitrary bit patterns, and a
//! string that parses back to the same `f64` every time.

use pathlab::formats::number::decimal;
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
