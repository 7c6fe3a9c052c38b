//! Implementations of other crates' traits, each behind its cargo feature: num-traits and
//! num-integer (`num-traits`), serde (`serde`), random values on rand_core (`rand`).

#[cfg(feature = "num-traits")]
mod num {
    use crate::{Int, ParseIntError};
    use num_integer::Integer;
    use num_traits::{
        CheckedAdd, CheckedDiv, CheckedEuclid, CheckedMul, CheckedNeg, CheckedRem, CheckedSub,
        Euclid, FromPrimitive, Num, One, Pow, Signed, ToPrimitive, Zero,
    };

    /// ```
    /// use num_traits::Zero;
    /// assert!(<carry::Int as Zero>::zero().is_zero());
    /// ```
    impl Zero for Int {
        fn zero() -> Int {
            Int::ZERO
        }

        fn is_zero(&self) -> bool {
            Int::is_zero(self)
        }
    }

    /// ```
    /// use num_traits::One;
    /// assert_eq!(carry::Int::one(), 1);
    /// ```
    impl One for Int {
        fn one() -> Int {
            Int::ONE
        }
    }

    /// ```
    /// use num_traits::Num;
    /// assert_eq!(<carry::Int as Num>::from_str_radix("-z", 36).unwrap(), -35);
    /// ```
    impl Num for Int {
        type FromStrRadixErr = ParseIntError;

        fn from_str_radix(s: &str, radix: u32) -> Result<Int, ParseIntError> {
            Int::from_str_radix(s, radix)
        }
    }

    /// ```
    /// use carry::Int;
    /// use num_traits::Signed;
    /// assert_eq!(Signed::abs(&Int::from(-3)), 3);
    /// assert_eq!(Int::from(2).abs_sub(&Int::from(5)), 0);
    /// assert_eq!(Signed::signum(&Int::from(-9)), -1);
    /// ```
    impl Signed for Int {
        fn abs(&self) -> Int {
            Int::abs(self)
        }

        fn abs_sub(&self, other: &Int) -> Int {
            if self <= other {
                Int::ZERO
            } else {
                self - other
            }
        }

        fn signum(&self) -> Int {
            Int::signum(self)
        }

        fn is_positive(&self) -> bool {
            Int::is_positive(self)
        }

        fn is_negative(&self) -> bool {
            Int::is_negative(self)
        }
    }

    /// ```
    /// use num_traits::Pow;
    /// assert_eq!(Pow::pow(carry::Int::from(-2), 3u32), -8);
    /// ```
    impl Pow<u32> for Int {
        type Output = Int;

        fn pow(self, exp: u32) -> Int {
            Int::pow(&self, exp)
        }
    }

    /// ```
    /// use num_traits::Pow;
    /// assert_eq!(Pow::pow(&carry::Int::from(3), 4u32), 81);
    /// ```
    impl Pow<u32> for &Int {
        type Output = Int;

        fn pow(self, exp: u32) -> Int {
            Int::pow(self, exp)
        }
    }

    /// ```
    /// use num_traits::ToPrimitive;
    /// let x = carry::Int::from(300);
    /// assert_eq!((x.to_u8(), x.to_i64(), ToPrimitive::to_f64(&x)), (None, Some(300), Some(300.0)));
    /// ```
    impl ToPrimitive for Int {
        fn to_i64(&self) -> Option<i64> {
            i64::try_from(self).ok()
        }

        fn to_u64(&self) -> Option<u64> {
            u64::try_from(self).ok()
        }

        fn to_i128(&self) -> Option<i128> {
            i128::try_from(self).ok()
        }

        fn to_u128(&self) -> Option<u128> {
            u128::try_from(self).ok()
        }

        fn to_f32(&self) -> Option<f32> {
            Some(Int::to_f32(self))
        }

        fn to_f64(&self) -> Option<f64> {
            Some(Int::to_f64(self))
        }
    }

    /// ```
    /// use carry::Int;
    /// use num_traits::FromPrimitive;
    /// assert_eq!(Int::from_f64(-2.5), Some(Int::from(-2)));
    /// assert_eq!(Int::from_f64(f64::NAN), None);
    /// assert_eq!(Int::from_u128(u128::MAX), Some(Int::from(u128::MAX)));
    /// ```
    impl FromPrimitive for Int {
        fn from_i64(n: i64) -> Option<Int> {
            Some(Int::from(n))
        }

        fn from_u64(n: u64) -> Option<Int> {
            Some(Int::from(n))
        }

        fn from_i128(n: i128) -> Option<Int> {
            Some(Int::from(n))
        }

        fn from_u128(n: u128) -> Option<Int> {
            Some(Int::from(n))
        }

        fn from_f32(n: f32) -> Option<Int> {
            Int::try_from(n).ok()
        }

        fn from_f64(n: f64) -> Option<Int> {
            Int::try_from(n).ok()
        }
    }

    /// Never overflows.
    ///
    /// ```
    /// use num_traits::CheckedAdd;
    /// assert_eq!(carry::Int::from(2).checked_add(&carry::Int::from(3)), Some(5.into()));
    /// ```
    impl CheckedAdd for Int {
        fn checked_add(&self, v: &Int) -> Option<Int> {
            Some(self + v)
        }
    }

    /// Never overflows.
    ///
    /// ```
    /// use num_traits::CheckedSub;
    /// assert_eq!(carry::Int::from(2).checked_sub(&carry::Int::from(3)), Some((-1).into()));
    /// ```
    impl CheckedSub for Int {
        fn checked_sub(&self, v: &Int) -> Option<Int> {
            Some(self - v)
        }
    }

    /// Never overflows.
    ///
    /// ```
    /// use num_traits::CheckedMul;
    /// assert_eq!(carry::Int::from(-2).checked_mul(&carry::Int::from(3)), Some((-6).into()));
    /// ```
    impl CheckedMul for Int {
        fn checked_mul(&self, v: &Int) -> Option<Int> {
            Some(self * v)
        }
    }

    /// `None` only for division by zero.
    ///
    /// ```
    /// use carry::Int;
    /// use num_traits::CheckedDiv;
    /// assert_eq!(CheckedDiv::checked_div(&Int::from(-7), &Int::from(2)), Some(Int::from(-3)));
    /// assert_eq!(CheckedDiv::checked_div(&Int::from(1), &Int::ZERO), None);
    /// ```
    impl CheckedDiv for Int {
        fn checked_div(&self, v: &Int) -> Option<Int> {
            Int::checked_div(self, v)
        }
    }

    /// `None` only for division by zero.
    ///
    /// ```
    /// use carry::Int;
    /// use num_traits::CheckedRem;
    /// assert_eq!(CheckedRem::checked_rem(&Int::from(-7), &Int::from(2)), Some(Int::from(-1)));
    /// assert_eq!(CheckedRem::checked_rem(&Int::from(1), &Int::ZERO), None);
    /// ```
    impl CheckedRem for Int {
        fn checked_rem(&self, v: &Int) -> Option<Int> {
            Int::checked_rem(self, v)
        }
    }

    /// Never overflows.
    ///
    /// ```
    /// use num_traits::CheckedNeg;
    /// assert_eq!(carry::Int::from(5).checked_neg(), Some((-5).into()));
    /// ```
    impl CheckedNeg for Int {
        fn checked_neg(&self) -> Option<Int> {
            Some(-self)
        }
    }

    /// Panics on division by zero.
    ///
    /// ```
    /// use carry::Int;
    /// use num_traits::Euclid;
    /// let (a, b) = (Int::from(-7), Int::from(2));
    /// assert_eq!((Euclid::div_euclid(&a, &b), Euclid::rem_euclid(&a, &b)), (Int::from(-4), Int::from(1)));
    /// ```
    impl Euclid for Int {
        fn div_euclid(&self, v: &Int) -> Int {
            Int::div_euclid(self, v)
        }

        fn rem_euclid(&self, v: &Int) -> Int {
            Int::rem_euclid(self, v)
        }
    }

    /// `None` only for division by zero.
    ///
    /// ```
    /// use carry::Int;
    /// use num_traits::CheckedEuclid;
    /// assert_eq!(Int::from(-7).checked_rem_euclid(&Int::from(-2)), Some(Int::from(1)));
    /// assert_eq!(Int::from(-7).checked_div_euclid(&Int::ZERO), None);
    /// ```
    impl CheckedEuclid for Int {
        fn checked_div_euclid(&self, v: &Int) -> Option<Int> {
            (!v.is_zero()).then(|| Int::div_euclid(self, v))
        }

        fn checked_rem_euclid(&self, v: &Int) -> Option<Int> {
            (!v.is_zero()).then(|| Int::rem_euclid(self, v))
        }
    }

    /// Floor division as Python's `//` and `%`; `gcd` and `lcm` are [`Int::gcd`] and
    /// [`Int::lcm`] (always non-negative).
    ///
    /// ```
    /// use carry::Int;
    /// use num_integer::Integer;
    /// let (a, b) = (Int::from(-7), Int::from(2));
    /// assert_eq!((Integer::div_floor(&a, &b), a.mod_floor(&b)), (Int::from(-4), Int::from(1)));
    /// assert_eq!(Int::from(-12).gcd(&Int::from(18)), 6);
    /// assert_eq!(Int::from(-4).lcm(&Int::from(6)), 12);
    /// ```
    impl Integer for Int {
        fn div_floor(&self, other: &Int) -> Int {
            self.div_rem_floor(other).0
        }

        fn mod_floor(&self, other: &Int) -> Int {
            self.div_rem_floor(other).1
        }

        fn gcd(&self, other: &Int) -> Int {
            Int::gcd(self, other)
        }

        fn lcm(&self, other: &Int) -> Int {
            Int::lcm(self, other)
        }

        fn is_multiple_of(&self, other: &Int) -> bool {
            if other.is_zero() {
                return self.is_zero();
            }
            (self % other).is_zero()
        }

        fn is_even(&self) -> bool {
            Int::is_even(self)
        }

        fn is_odd(&self) -> bool {
            Int::is_odd(self)
        }

        fn div_rem(&self, other: &Int) -> (Int, Int) {
            Int::div_rem(self, other)
        }

        fn div_mod_floor(&self, other: &Int) -> (Int, Int) {
            self.div_rem_floor(other)
        }
    }

    #[cfg(test)]
    mod tests {
        use super::*;

        fn int(x: i128) -> Int {
            Int::from(x)
        }

        #[test]
        fn integer_floor_division_matches_i128() {
            for a in [-7i128, -6, -1, 0, 1, 6, 7] {
                for b in [-3i128, -2, -1, 1, 2, 3] {
                    let (x, y) = (int(a), int(b));
                    assert_eq!(x.div_floor(&y), Integer::div_floor(&a, &b), "{a} {b}");
                    assert_eq!(x.mod_floor(&y), a.mod_floor(&b), "{a} {b}");
                    assert_eq!(
                        x.div_mod_floor(&y),
                        (int(Integer::div_floor(&a, &b)), int(a.mod_floor(&b)))
                    );
                    assert_eq!(Integer::div_rem(&x, &y), (int(a / b), int(a % b)));
                    assert_eq!(x.gcd(&y), a.gcd(&b), "{a} {b}");
                    assert_eq!(x.lcm(&y), a.lcm(&b), "{a} {b}");
                    assert_eq!(x.is_multiple_of(&y), a.is_multiple_of(&b), "{a} {b}");
                    assert_eq!(Euclid::div_euclid(&x, &y), a.div_euclid(b));
                    assert_eq!(x.checked_rem_euclid(&y), Some(int(a.rem_euclid(b))));
                }
            }
        }

        #[test]
        fn gcd_and_lcm_edge_cases() {
            assert_eq!(Int::ZERO.gcd(&Int::ZERO), 0);
            assert_eq!(Int::ZERO.gcd(&int(-5)), 5);
            assert_eq!(int(-5).lcm(&Int::ZERO), 0);
            assert!(Int::ZERO.is_multiple_of(&Int::ZERO));
            assert!(!int(3).is_multiple_of(&Int::ZERO));
            let p = Int::from(2).pow(127) - 1u32;
            let q = Int::from(2).pow(89) - 1u32;
            let (a, b) = (&p * &q * 12u32, &p * 18u32);
            assert_eq!(a.gcd(&b), &p * 6u32);
            assert_eq!(a.lcm(&b), &p * &q * 36u32);
        }

        #[test]
        fn checked_operations_fail_only_on_zero_divisors() {
            let big = Int::from(u128::MAX);
            assert_eq!(big.checked_add(&big), Some(&big * 2u32));
            assert_eq!(big.checked_mul(&big), Some(&big * &big));
            assert_eq!(Int::ZERO.checked_neg(), Some(Int::ZERO));
            assert_eq!(CheckedDiv::checked_div(&big, &Int::ZERO), None);
            assert_eq!(CheckedRem::checked_rem(&big, &Int::ZERO), None);
            assert_eq!(big.checked_div_euclid(&Int::ZERO), None);
            assert_eq!(big.checked_rem_euclid(&Int::ZERO), None);
        }

        #[test]
        fn primitive_conversions_at_the_limits() {
            let above = Int::from(u64::MAX) + 1u32;
            assert_eq!(above.to_u64(), None);
            assert_eq!(above.to_i128(), Some(1 << 64));
            assert_eq!(Int::from(i64::MIN).to_i64(), Some(i64::MIN));
            assert_eq!((Int::from(i64::MIN) - 1u32).to_i64(), None);
            assert_eq!(int(-1).to_u128(), None);
            assert_eq!(Int::from_f32(f32::INFINITY), None);
            assert_eq!(Int::from_i64(-5), Some(int(-5)));
            assert_eq!(Signed::abs_sub(&int(5), &int(2)), 3);
            assert!(Signed::is_negative(&int(-1)) && !Signed::is_positive(&Int::ZERO));
        }
    }
}

#[cfg(feature = "serde")]
mod serde_impl {
    use crate::Int;
    use core::fmt;
    use serde::de::{self, Deserialize, Deserializer, SeqAccess, Visitor};
    use serde::ser::{Serialize, Serializer};

    /// A decimal string in human-readable formats (JSON, TOML, ...), the shortest
    /// two's complement little-endian bytes ([`Int::to_signed_bytes_le`]) otherwise.
    ///
    /// ```
    /// let x = carry::Int::from(-12345);
    /// assert_eq!(serde_json::to_string(&x).unwrap(), r#""-12345""#);
    /// ```
    impl Serialize for Int {
        fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            if serializer.is_human_readable() {
                serializer.collect_str(self)
            } else {
                serializer.serialize_bytes(&self.to_signed_bytes_le())
            }
        }
    }

    /// Reads what [`Serialize`] writes; human-readable formats may also give a plain integer.
    ///
    /// ```
    /// use carry::Int;
    /// assert_eq!(serde_json::from_str::<Int>(r#""-12_345""#).unwrap(), -12345);
    /// assert_eq!(serde_json::from_str::<Int>("42").unwrap(), 42);
    /// assert!(serde_json::from_str::<Int>(r#""4x""#).is_err());
    /// ```
    impl<'de> Deserialize<'de> for Int {
        fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Int, D::Error> {
            if deserializer.is_human_readable() {
                deserializer.deserialize_any(IntVisitor)
            } else {
                deserializer.deserialize_bytes(IntVisitor)
            }
        }
    }

    /// Builds an [`Int`] from a decimal string, a primitive integer, or signed bytes.
    struct IntVisitor;

    impl<'de> Visitor<'de> for IntVisitor {
        type Value = Int;

        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str("an integer as a decimal string or two's complement little-endian bytes")
        }

        fn visit_str<E: de::Error>(self, s: &str) -> Result<Int, E> {
            s.parse().map_err(E::custom)
        }

        fn visit_i64<E: de::Error>(self, v: i64) -> Result<Int, E> {
            Ok(Int::from(v))
        }

        fn visit_u64<E: de::Error>(self, v: u64) -> Result<Int, E> {
            Ok(Int::from(v))
        }

        fn visit_i128<E: de::Error>(self, v: i128) -> Result<Int, E> {
            Ok(Int::from(v))
        }

        fn visit_u128<E: de::Error>(self, v: u128) -> Result<Int, E> {
            Ok(Int::from(v))
        }

        fn visit_bytes<E: de::Error>(self, bytes: &[u8]) -> Result<Int, E> {
            Ok(Int::from_signed_bytes_le(bytes))
        }

        fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Int, A::Error> {
            let mut bytes = Vec::with_capacity(seq.size_hint().unwrap_or(0).min(4096));
            while let Some(b) = seq.next_element::<u8>()? {
                bytes.push(b);
            }
            Ok(Int::from_signed_bytes_le(&bytes))
        }
    }

    #[cfg(test)]
    mod tests {
        use super::*;

        fn samples() -> Vec<Int> {
            let big = Int::from(3).pow(200);
            vec![
                Int::ZERO,
                Int::from(1),
                Int::from(-1),
                Int::from(-128),
                Int::from(255),
                -&big,
                big,
            ]
        }

        #[test]
        fn json_is_a_decimal_string() {
            for x in samples() {
                let json = serde_json::to_string(&x).unwrap();
                assert_eq!(json, format!("\"{x}\""));
                assert_eq!(serde_json::from_str::<Int>(&json).unwrap(), x);
            }
            assert_eq!(
                serde_json::from_str::<Int>("-9223372036854775808").unwrap(),
                i64::MIN
            );
            let err = serde_json::from_str::<Int>("\"1 2\"").unwrap_err();
            assert!(
                err.to_string().contains("invalid digit ' ' at byte 1"),
                "{err}"
            );
            assert!(serde_json::from_str::<Int>("1.5").is_err());
        }

        #[test]
        fn binary_formats_get_signed_little_endian_bytes() {
            for x in samples() {
                let mut cbor = Vec::new();
                ciborium::into_writer(&x, &mut cbor).unwrap();
                let bytes = x.to_signed_bytes_le();
                let mut expected = Vec::new();
                ciborium::into_writer(&serde_bytes_of(&bytes), &mut expected).unwrap();
                assert_eq!(cbor, expected, "{x}");
                assert_eq!(ciborium::from_reader::<Int, _>(cbor.as_slice()).unwrap(), x);
            }
        }

        /// A CBOR byte string holding `bytes`, built without the code under test.
        fn serde_bytes_of(bytes: &[u8]) -> ciborium::Value {
            ciborium::Value::Bytes(bytes.to_vec())
        }
    }
}

#[cfg(feature = "rand")]
mod random {
    use crate::Int;
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
}
