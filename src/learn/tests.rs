//! Unit tests of the exercises: each kind made, checked right and wrong, on a few seeds
//! (`tests/learn.rs` runs a thousand seeds a kind).

use super::*;

#[test]
fn every_kind_is_made_and_checked_on_a_few_seeds() {
    for kind in Kind::ALL {
        for seed in 0..5 {
            let spec = Spec::new(kind, seed);
            let e = generate(&spec).unwrap_or_else(|err| panic!("{kind} {seed}: {err}"));
            assert!(e.check(&e.expected().clone()).correct, "{kind} {seed}");
            assert!(!e.check(&Answer::None).correct);
            assert_eq!(generate(&spec).unwrap(), e);
        }
    }
}
