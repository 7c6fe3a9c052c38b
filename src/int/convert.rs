//! Conversions between [`Int`] and the primitive numbers: `TryFrom<Int>` for every primitive
//! integer, [`Int::to_f64`], [`Int::to_f32`] and `TryFrom<f64>`/`TryFrom<f32>` for `Int`.

use super::Int;
use crate::error::{TryFromFloatError, TryFromIntError};
#[cfg(not(feature = "std"))]
use crate::limbs::FloatMath;
use alloc::{vec, vec::Vec};

impl Int {
    /// The magnitude, if below 2^128.
    fn magnitude_u128(&self) -> Option<u128> {
        match *self.as_limbs() {
            [] => Some(0),
            [lo] => Some(u128::from(lo)),
            [lo, hi] => Some(u128::from(hi) << 64 | u128::from(lo)),
            _ => None,
        }
    }

    /// The value as a `u128`, if it is one.
    fn to_u128_exact(&self) -> Option<u128> {
        self.magnitude_u128().filter(|_| !self.is_negative())
    }

    /// The value as an `i128`, if it is one.
    fn to_i128_exact(&self) -> Option<i128> {
        let mag = self.magnitude_u128()?;
        if self.is_negative() {
            0i128.checked_sub_unsigned(mag)
        } else {
            i128::try_from(mag).ok()
        }
    }
}

macro_rules! try_from_int {
    ($via:ident: $($t:ty)*) => {$(
        impl TryFrom<&Int> for $t {
            type Error = TryFromIntError;

            #[doc = concat!("The value as a `", stringify!($t), "`, or an error when out of its range.")]
            ///
            /// ```
            /// use carry::Int;
            #[doc = concat!("let max = Int::from(", stringify!($t), "::MAX);")]
            #[doc = concat!("assert_eq!(", stringify!($t), "::try_from(&max), Ok(", stringify!($t), "::MAX));")]
            #[doc = concat!("assert!(", stringify!($t), "::try_from(&(max << 1u32)).is_err());")]
            /// ```
            fn try_from(x: &Int) -> Result<$t, TryFromIntError> {
                x.$via().and_then(|v| <$t>::try_from(v).ok()).ok_or(TryFromIntError::new())
            }
        }

        impl TryFrom<Int> for $t {
            type Error = TryFromIntError;

            #[doc = concat!("The value as a `", stringify!($t), "`, or an error when out of its range.")]
            ///
            /// ```
            /// use carry::Int;
            #[doc = concat!("assert_eq!(", stringify!($t), "::try_from(Int::from(7)), Ok(7));")]
            /// ```
            fn try_from(x: Int) -> Result<$t, TryFromIntError> {
                <$t>::try_from(&x)
            }
        }
    )*};
}

try_from_int!(to_u128_exact: u8 u16 u32 u64 u128 usize);
try_from_int!(to_i128_exact: i8 i16 i32 i64 i128 isize);

/// The top 64 bits of a magnitude of at least two limbs (the first one set), whether any bit
/// below them is set, and the bit length of the magnitude.
fn top_bits(mag: &[u64]) -> (u64, bool, u64) {
    let n = mag.len();
    let (hi, lo) = (mag[n - 1], mag[n - 2]);
    let shift = hi.leading_zeros();
    let (top, dropped) = if shift == 0 {
        (hi, lo)
    } else {
        (hi << shift | lo >> (64 - shift), lo << shift)
    };
    let sticky = dropped != 0 || mag[..n - 2].iter().any(|&l| l != 0);
    (top, sticky, n as u64 * 64 - u64::from(shift))
}

/// The nearest `f64` to the magnitude `mag`. Beyond two limbs, the top 64 bits with a sticky
/// bit ORed into bit 0 round exactly as the whole magnitude does: bit 0 lies below the rounding
/// position (bit 10), so the sticky bit only decides ties; scaling by a power of two is exact.
fn magnitude_to_f64(mag: &[u64]) -> f64 {
    match *mag {
        [] => 0.0,
        [lo] => lo as f64,
        [lo, hi] => (u128::from(hi) << 64 | u128::from(lo)) as f64,
        _ => {
            let (top, sticky, bits) = top_bits(mag);
            if bits > 1024 {
                return f64::INFINITY;
            }
            let rounded = (top | u64::from(sticky)) as f64;
            rounded * f64::from_bits((bits - 64 + 1023) << 52)
        }
    }
}

/// As [`magnitude_to_f64`], for `f32`.
fn magnitude_to_f32(mag: &[u64]) -> f32 {
    match *mag {
        [] => 0.0,
        [lo] => lo as f32,
        [lo, hi] => (u128::from(hi) << 64 | u128::from(lo)) as f32,
        _ => {
            let (top, sticky, bits) = top_bits(mag);
            if bits > 128 {
                return f32::INFINITY;
            }
            let rounded = (top | u64::from(sticky)) as f32;
            rounded * f32::from_bits(((bits - 64 + 127) as u32) << 23)
        }
    }
}

impl Int {
    /// The nearest `f64` (ties to even), `±∞` beyond the range of `f64`.
    ///
    /// ```
    /// use carry::Int;
    /// assert_eq!(Int::from(-3).to_f64(), -3.0);
    /// let tie = (Int::from(1) << 53u32) + 1u32;
    /// assert_eq!(tie.to_f64(), 9007199254740992.0);
    /// assert_eq!((Int::from(1) << 1024u32).to_f64(), f64::INFINITY);
    /// ```
    pub fn to_f64(&self) -> f64 {
        let m = magnitude_to_f64(self.as_limbs());
        if self.is_negative() {
            -m
        } else {
            m
        }
    }

    /// The nearest `f32` (ties to even), `±∞` beyond the range of `f32`.
    ///
    /// ```
    /// use carry::Int;
    /// assert_eq!(Int::from(16_777_217).to_f32(), 16_777_216.0);
    /// assert_eq!((-(Int::from(1) << 128u32)).to_f32(), f32::NEG_INFINITY);
    /// ```
    pub fn to_f32(&self) -> f32 {
        let m = magnitude_to_f32(self.as_limbs());
        if self.is_negative() {
            -m
        } else {
            m
        }
    }
}

/// The magnitude of a finite `x` with `|x| >= 2^128`, an integer: its 53-bit significand
/// shifted left by its exponent.
fn large_float_magnitude(x: f64) -> Vec<u64> {
    let bits = x.to_bits();
    let significand = bits & ((1 << 52) - 1) | 1 << 52;
    let shift = ((bits >> 52) & 0x7ff) as usize - 1075;
    let mut limbs = vec![0u64; shift / 64 + 2];
    let (index, offset) = (shift / 64, shift % 64);
    limbs[index] = significand << offset;
    if offset != 0 {
        limbs[index + 1] = significand >> (64 - offset);
    }
    limbs
}

impl TryFrom<f64> for Int {
    type Error = TryFromFloatError;

    /// The integer part of `x` (rounded toward zero), or an error for NaN and infinities.
    ///
    /// ```
    /// use carry::Int;
    /// assert_eq!(Int::try_from(-2.9), Ok(Int::from(-2)));
    /// assert_eq!(Int::try_from(1e20), Ok(Int::from(100_000_000_000_000_000_000u128)));
    /// assert!(Int::try_from(f64::NEG_INFINITY).is_err());
    /// ```
    fn try_from(x: f64) -> Result<Int, TryFromFloatError> {
        if !x.is_finite() {
            return Err(TryFromFloatError::new(x.is_nan()));
        }
        let neg = x < 0.0;
        let mag = x.abs();
        if mag < 2f64.powi(128) {
            return Ok(Int::from_sign_u128(neg, mag as u128));
        }
        Ok(Int::from_sign_vec(neg, large_float_magnitude(mag)))
    }
}

impl TryFrom<f32> for Int {
    type Error = TryFromFloatError;

    /// The integer part of `x` (rounded toward zero), or an error for NaN and infinities.
    ///
    /// ```
    /// use carry::Int;
    /// assert_eq!(Int::try_from(-2.5f32), Ok(Int::from(-2)));
    /// assert!(Int::try_from(f32::NAN).is_err());
    /// ```
    fn try_from(x: f32) -> Result<Int, TryFromFloatError> {
        Int::try_from(f64::from(x))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A deterministic stream of test numbers (SplitMix64).
    struct Numbers(u64);

    impl Numbers {
        fn next(&mut self) -> u64 {
            self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let mut z = self.0;
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            z ^ (z >> 31)
        }

        /// A `u128` of random bit length, so every size is exercised.
        fn next_u128(&mut self) -> u128 {
            let x = u128::from(self.next()) << 64 | u128::from(self.next());
            x >> (self.next() % 128)
        }
    }

    fn pow2(n: u32) -> Int {
        Int::from(1) << n
    }

    macro_rules! check_range {
        ($($t:ty)*) => {$(
            let (min, max) = (Int::from(<$t>::MIN), Int::from(<$t>::MAX));
            assert_eq!(<$t>::try_from(&min), Ok(<$t>::MIN));
            assert_eq!(<$t>::try_from(max.clone()), Ok(<$t>::MAX));
            assert_eq!(<$t>::try_from(Int::ZERO), Ok(0));
            assert_eq!(<$t>::try_from(min - 1u32), Err(TryFromIntError::new()));
            assert_eq!(<$t>::try_from(&(max + 1u32)), Err(TryFromIntError::new()));
            assert_eq!(<$t>::try_from(pow2(200)), Err(TryFromIntError::new()));
            assert_eq!(<$t>::try_from(-pow2(200)), Err(TryFromIntError::new()));
        )*};
    }

    #[test]
    fn try_from_accepts_exactly_the_range() {
        check_range!(u8 u16 u32 u64 u128 usize i8 i16 i32 i64 i128 isize);
    }

    #[test]
    fn to_f64_matches_casts_below_2_128() {
        let mut numbers = Numbers(1);
        for _ in 0..10_000 {
            let x = numbers.next_u128();
            assert_eq!(Int::from(x).to_f64(), x as f64, "{x}");
            assert_eq!(Int::from(x).to_f32(), x as f32, "{x}");
            let signed = x as i128;
            assert_eq!(Int::from(signed).to_f64(), signed as f64, "{signed}");
            assert_eq!(Int::from(signed).to_f32(), signed as f32, "{signed}");
        }
    }

    /// Three-limb values `m · 2^64 + low` with `m` of 65 to 128 bits: bit 0 of `m` is below the
    /// rounding position, so `low` only acts as a sticky bit on it, and `m` rounds by a cast.
    #[test]
    fn to_f64_rounds_three_limb_values_like_their_top_bits_with_sticky() {
        let mut numbers = Numbers(2);
        for _ in 0..10_000 {
            let m = numbers.next_u128() | 1 << 64;
            let low = numbers.next() >> (numbers.next() % 65).min(63)
                & if numbers.next().is_multiple_of(4) {
                    0
                } else {
                    u64::MAX
                };
            let x = Int::from_limbs(&[low, m as u64, (m >> 64) as u64]);
            let sticky = u128::from(low != 0);
            assert_eq!(x.to_f64(), (m | sticky) as f64 * 2f64.powi(64), "{m} {low}");
            assert_eq!(x.to_f32(), (m | sticky) as f32 * 2f32.powi(64), "{m} {low}");
            assert_eq!((-x).to_f64(), -((m | sticky) as f64) * 2f64.powi(64));
        }
    }

    #[test]
    fn to_f64_halfway_cases_above_2_64() {
        let ulp_150 = 2f64.powi(150 - 52);
        let cases = [
            (pow2(70) + pow2(17), 2f64.powi(70)),
            (pow2(70) + pow2(17) + 1u32, 2f64.powi(70) + 2f64.powi(18)),
            (
                pow2(70) + pow2(18) + pow2(17),
                2f64.powi(70) + 2f64.powi(19),
            ),
            (pow2(150) + pow2(97), 2f64.powi(150)),
            (pow2(150) + pow2(97) + 1u32, 2f64.powi(150) + ulp_150),
            (pow2(150) + pow2(97) * 3, 2f64.powi(150) + 2.0 * ulp_150),
            (pow2(150) + pow2(97) - 1u32, 2f64.powi(150)),
            (pow2(150) - 1u32, 2f64.powi(150)),
            (pow2(1024) - pow2(971), f64::MAX),
            (pow2(1024) - pow2(971) + pow2(970) - 1u32, f64::MAX),
            (pow2(1024) - pow2(971) + pow2(970), f64::INFINITY),
            (pow2(1024) - 1u32, f64::INFINITY),
            (pow2(1024), f64::INFINITY),
            (pow2(100_000), f64::INFINITY),
        ];
        for (x, expected) in cases {
            assert_eq!(x.to_f64(), expected, "{x}");
            assert_eq!((-x).to_f64(), -expected);
        }
    }

    #[test]
    fn to_f32_boundaries() {
        let max = pow2(128) - pow2(104);
        assert_eq!(max.to_f32(), f32::MAX);
        assert_eq!((&max + pow2(103) - Int::ONE).to_f32(), f32::MAX);
        assert_eq!((max + pow2(103)).to_f32(), f32::INFINITY);
        assert_eq!((pow2(130) + 1u32).to_f32(), f32::INFINITY);
        assert_eq!(
            (pow2(100) + pow2(76) + 1u32).to_f32(),
            2f32.powi(100) + 2f32.powi(77)
        );
    }

    #[test]
    fn floats_truncate_toward_zero() {
        let cases = [
            (0.0, 0),
            (-0.0, 0),
            (0.5, 0),
            (-0.5, 0),
            (1.9, 1),
            (-1.9, -1),
            (-1e-300, 0),
        ];
        for (x, expected) in cases {
            let int = Int::try_from(x).unwrap();
            assert_eq!(int, Int::from(expected), "{x}");
            assert!(!int.is_negative() || expected < 0);
        }
        assert_eq!(Int::try_from(2f64.powi(200)), Ok(pow2(200)));
        assert_eq!(Int::try_from(-2f64.powi(128)), Ok(-pow2(128)));
        assert_eq!(Int::try_from(-2f64.powi(127)), Ok(Int::from(i128::MIN)));
        let max = Int::try_from(f64::MAX).unwrap();
        assert_eq!(
            max.to_str_radix(16),
            format!("fffffffffffff8{}", "0".repeat(242))
        );
        assert_eq!(Int::try_from(f64::MIN).unwrap(), -max);
    }

    #[test]
    fn floats_round_trip_through_to_f64() {
        let mut numbers = Numbers(3);
        for _ in 0..10_000 {
            let x = f64::from_bits(numbers.next());
            let Ok(int) = Int::try_from(x) else {
                assert!(!x.is_finite());
                continue;
            };
            assert_eq!(int.to_f64(), x.trunc(), "{x}");
            if x.abs() < 2f64.powi(127) {
                assert_eq!(int, Int::from(x as i128), "{x}");
            }
        }
    }

    #[test]
    fn nan_and_infinities_are_errors() {
        assert_eq!(Int::try_from(f64::NAN), Err(TryFromFloatError::new(true)));
        assert_eq!(
            Int::try_from(f64::INFINITY),
            Err(TryFromFloatError::new(false))
        );
        assert_eq!(
            Int::try_from(f32::NEG_INFINITY),
            Err(TryFromFloatError::new(false))
        );
        assert_eq!(
            TryFromFloatError::new(false).to_string(),
            "cannot convert infinity to an integer"
        );
    }
}
