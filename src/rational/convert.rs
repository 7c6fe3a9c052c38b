//! Exact conversion from `f64` and correctly rounded conversion to `f64`.
//!
//! `to_f64` divides with integers only: it forms `q = ⌊|n|·2^s / d⌋` with 55 or 56 bits and a
//! sticky bit for the remainder, then rounds `q` to the precision the result's exponent
//! allows (53 bits, fewer for subnormals) to nearest, ties to even — the scheme of
//! Goldberg's "What every computer scientist should know about floating-point arithmetic".

use super::Rational;
use crate::{Int, TryFromFloatError};

impl TryFrom<f64> for Rational {
    type Error = TryFromFloatError;

    /// The exact value of a finite `f64` (every finite float is a fraction with a power of
    /// two below); an error for NaN and the infinities.
    ///
    /// ```
    /// use carry::Rational;
    /// assert_eq!(Rational::try_from(0.1).unwrap().to_string(), "3602879701896397/36028797018963968");
    /// assert_eq!(Rational::try_from(-2.5).unwrap().to_string(), "-5/2");
    /// assert!(Rational::try_from(f64::NAN).is_err());
    /// ```
    fn try_from(x: f64) -> Result<Rational, TryFromFloatError> {
        if !x.is_finite() {
            return Err(TryFromFloatError::new(x.is_nan()));
        }
        let bits = x.to_bits();
        let biased = ((bits >> 52) & 0x7ff) as i64;
        let fraction = bits & ((1 << 52) - 1);
        let (mut significand, mut exponent) = if biased == 0 {
            (fraction, -1074)
        } else {
            (fraction | 1 << 52, biased - 1075)
        };
        if significand == 0 {
            return Ok(Rational::ZERO);
        }
        let zeros = significand.trailing_zeros();
        significand >>= zeros;
        exponent += i64::from(zeros);
        let mut numer = Int::from(significand);
        if x < 0.0 {
            numer = -numer;
        }
        Ok(if exponent >= 0 {
            Rational::from(numer << exponent as u64)
        } else {
            Rational::from_reduced(numer, Int::ONE << exponent.unsigned_abs())
        })
    }
}

impl Rational {
    /// The nearest `f64`, ties to even; `±∞` beyond the `f64` range, and `0.0` (with the
    /// value's sign) below half the smallest subnormal.
    ///
    /// ```
    /// use carry::Rational;
    /// let third: Rational = "1/3".parse().unwrap();
    /// assert_eq!(third.to_f64(), 1.0 / 3.0);
    /// let big: Rational = "1e400".parse().unwrap();
    /// assert_eq!(big.to_f64(), f64::INFINITY);
    /// assert_eq!("-1e-400".parse::<Rational>().unwrap().to_f64().to_bits(), (-0.0f64).to_bits());
    /// ```
    pub fn to_f64(&self) -> f64 {
        let magnitude = f64::from_bits(magnitude_bits(&self.numer.abs(), &self.denom));
        if self.is_negative() {
            -magnitude
        } else {
            magnitude
        }
    }
}

/// The bits of the `f64` nearest to `n / d` (`n >= 0`, `d > 0`).
fn magnitude_bits(n: &Int, d: &Int) -> u64 {
    const INFINITY: u64 = 0x7ff0_0000_0000_0000;
    if n.is_zero() {
        return 0;
    }
    // n/d lies in [2^(e-1), 2^(e+1)) with e = bits(n) - bits(d).
    let e = n.bits() as i64 - d.bits() as i64;
    if e > 1025 {
        return INFINITY;
    }
    if e < -1077 {
        return 0;
    }
    // q = ⌊n·2^s/d⌋ in [2^54, 2^56), and sticky records whether the division was inexact.
    let s = 55 - e;
    let (q, r) = if s >= 0 {
        (n << s as u64).div_rem(d)
    } else {
        n.div_rem(&(d << s.unsigned_abs()))
    };
    let q = u64::try_from(&q).expect("the quotient has at most 56 bits");
    let sticky = !r.is_zero();
    // The value's top bit has weight 2^top; the last kept bit 2^lowest, 53 bits below or at
    // the subnormal floor 2^-1074. `drop` low bits of q are rounded off: at least 2, and at
    // most 58 since e >= -1077.
    let top = 63 - i64::from(q.leading_zeros()) - s;
    let lowest = (top - 52).max(-1074);
    let drop = (lowest + s) as u32;
    let q = u128::from(q);
    let mut kept = q >> drop;
    let rest = q & ((1u128 << drop) - 1);
    let half = 1u128 << (drop - 1);
    if rest > half || (rest == half && (sticky || kept & 1 == 1)) {
        kept += 1;
    }
    // A normal float's bits are ((exponent + 1074) << 52) + significand with the implicit bit
    // included, which also covers subnormals (lowest = -1074) and a carry into the exponent.
    let bits = (((lowest + 1074) as u128) << 52) + kept;
    if bits >= u128::from(INFINITY) {
        INFINITY
    } else {
        bits as u64
    }
}
