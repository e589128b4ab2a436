//! The one random generator of the crate: SplitMix64 (Steele, Lea and Flood 2014), one 64-bit
//! state, add the golden-ratio constant, mix.
//!
//! It is written out here rather than taken from a crate so that a seed gives the same numbers
//! in every future version of Pathlab: a generated map is shared as `kind + size + seed`
//! ([`crate::generate`]), and a crowd of walkers is placed from a seed
//! ([`crate::fields`]). It imports no other module of the crate.
//!
//! ```
//! use pathlab::rng::SplitMix64;
//! let mut a = SplitMix64::new(7);
//! let mut b = SplitMix64::new(7);
//! assert_eq!(a.next_u64(), b.next_u64());
//! assert!(a.below(10) < 10);
//! ```

/// SplitMix64: a tiny, well-mixed 64-bit generator with a stable output for every seed.
#[derive(Clone, Debug)]
pub struct SplitMix64(u64);

impl SplitMix64 {
    /// A generator starting from `seed`.
    pub fn new(seed: u64) -> SplitMix64 {
        SplitMix64(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (0 when n is 0), by Lemire's multiply-shift.
    // Not inlined: the generators call it from ten places, and a copy of the 128-bit product
    // at each cost the page's wasm half a kilobyte.
    #[inline(never)]
    pub fn below(&mut self, n: u64) -> u64 {
        ((u128::from(self.next_u64()) * u128::from(n)) >> 64) as u64
    }

    /// A number in [0, 1) with 53 random bits.
    pub fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }
}
