//! num-traits (`Zero`, `One`, `Num`, `Signed`, `Pow`, `ToPrimitive`, `FromPrimitive`,
//! `Checked*`, `Euclid`) and num-integer's `Integer` for [`Int`] (feature `num-traits`).

use crate::{Int, ParseIntError};
use num_integer::Integer;
use num_traits::{
    CheckedAdd, CheckedDiv, CheckedEuclid, CheckedMul, CheckedNeg, CheckedRem, CheckedSub, Euclid,
    FromPrimitive, Num, One, Pow, Signed, ToPrimitive, Zero,
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

/// `None` only when the product would exceed [`Int::MAX_BITS`].
///
/// ```
/// use num_traits::CheckedMul;
/// let x = CheckedMul::checked_mul(&carry::Int::from(-2), &carry::Int::from(3));
/// assert_eq!(x, Some((-6).into()));
/// ```
impl CheckedMul for Int {
    fn checked_mul(&self, v: &Int) -> Option<Int> {
        Int::checked_mul(self, v)
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
