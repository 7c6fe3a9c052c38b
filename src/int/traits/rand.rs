//! Random [`Int`] values on rand_core (feature `rand`).

use crate::Int;
use alloc::vec::Vec;
use rand_core::Rng;

impl Int {
    /// A uniformly random integer in `[0, 2^bits)`.
    ///
    /// ```
    /// use carry::Int;
    /// # struct Counter(u64);
    /// # impl rand_core::TryRng for Counter {
    /// #     type Error = core::convert::Infallible;
    /// #     fn try_next_u32(&mut self) -> Result<u32, Self::Error> { Ok(self.try_next_u64()? as u32) }
    /// #     fn try_next_u64(&mut self) -> Result<u64, Self::Error> { self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1); Ok(self.0) }
    /// #     fn try_fill_bytes(&mut self, dst: &mut [u8]) -> Result<(), Self::Error> { dst.fill(7); Ok(()) }
    /// # }
    /// let mut rng = Counter(1); // any `rand_core::Rng`
    /// let x = Int::random_bits(100, &mut rng);
    /// assert!(!x.is_negative() && x.bits() <= 100);
    /// ```
    pub fn random_bits<R: Rng + ?Sized>(bits: u64, rng: &mut R) -> Int {
        let n = bits.div_ceil(64) as usize;
        let mut limbs: Vec<u64> = (0..n).map(|_| rng.next_u64()).collect();
        let spare = (n as u64 * 64 - bits) as u32;
        if let Some(top) = limbs.last_mut() {
            *top >>= spare;
        }
        Int::from_sign_vec(false, limbs)
    }

    /// A uniformly random integer in `[0, bound)`, by rejection sampling on
    /// [`Int::random_bits`] (on average fewer than two draws).
    ///
    /// # Panics
    ///
    /// If `bound` is not positive.
    ///
    /// ```
    /// use carry::Int;
    /// # struct Counter(u64);
    /// # impl rand_core::TryRng for Counter {
    /// #     type Error = core::convert::Infallible;
    /// #     fn try_next_u32(&mut self) -> Result<u32, Self::Error> { Ok(self.try_next_u64()? as u32) }
    /// #     fn try_next_u64(&mut self) -> Result<u64, Self::Error> { self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1); Ok(self.0) }
    /// #     fn try_fill_bytes(&mut self, dst: &mut [u8]) -> Result<(), Self::Error> { dst.fill(7); Ok(()) }
    /// # }
    /// let mut rng = Counter(1); // any `rand_core::Rng`
    /// let die = Int::random_below(&Int::from(6), &mut rng);
    /// assert!(die >= 0 && die < 6);
    /// ```
    pub fn random_below<R: Rng + ?Sized>(bound: &Int, rng: &mut R) -> Int {
        assert!(
            bound.is_positive(),
            "random_below needs a positive bound, got {bound}"
        );
        loop {
            let x = Int::random_bits(bound.bits(), rng);
            if &x < bound {
                return x;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use core::convert::Infallible;

    /// SplitMix64.
    struct TestRng(u64);

    impl rand_core::TryRng for TestRng {
        type Error = Infallible;

        fn try_next_u32(&mut self) -> Result<u32, Infallible> {
            Ok((self.try_next_u64()? >> 32) as u32)
        }

        fn try_next_u64(&mut self) -> Result<u64, Infallible> {
            self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let mut z = self.0;
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            Ok(z ^ (z >> 31))
        }

        fn try_fill_bytes(&mut self, dst: &mut [u8]) -> Result<(), Infallible> {
            for chunk in dst.chunks_mut(8) {
                chunk.copy_from_slice(&self.try_next_u64()?.to_le_bytes()[..chunk.len()]);
            }
            Ok(())
        }
    }

    #[test]
    fn random_bits_fills_exactly_the_requested_width() {
        let mut rng = TestRng(1);
        assert_eq!(Int::random_bits(0, &mut rng), 0);
        for bits in [1, 2, 63, 64, 65, 127, 128, 129, 1000] {
            let mut widest = 0;
            for _ in 0..64 {
                let x = Int::random_bits(bits, &mut rng);
                assert!(!x.is_negative() && x.bits() <= bits, "{bits}");
                widest = widest.max(x.bits());
            }
            assert_eq!(widest, bits, "the top bit is set in some draw");
        }
    }

    #[test]
    fn random_below_is_in_range_and_hits_every_value() {
        let mut rng = TestRng(2);
        for bound in [1u32, 2, 3, 5, 7, 8, 9] {
            let mut seen = vec![false; bound as usize];
            for _ in 0..400 {
                let x = Int::random_below(&Int::from(bound), &mut rng);
                seen[usize::try_from(&x).unwrap()] = true;
            }
            assert!(seen.iter().all(|&s| s), "{bound}");
        }
        let big = Int::from(1) << 200u32;
        let bound = &big + 1u32;
        for _ in 0..100 {
            let x = Int::random_below(&bound, &mut rng);
            assert!(!x.is_negative() && x <= big);
        }
    }

    #[test]
    #[should_panic(expected = "random_below needs a positive bound")]
    fn random_below_zero_panics() {
        Int::random_below(&Int::ZERO, &mut TestRng(3));
    }

    #[test]
    #[should_panic(expected = "random_below needs a positive bound")]
    fn random_below_negative_panics() {
        Int::random_below(&Int::from(-5), &mut TestRng(3));
    }
}
