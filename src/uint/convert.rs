//! Conversions between [`Uint`] and [`Int`] (exact, failing when the value does not fit; with
//! the `alloc` feature) and from primitive integers.

use super::Uint;
#[cfg(feature = "alloc")]
use crate::{Int, TryFromIntError};

#[cfg(feature = "alloc")]
impl<const LIMBS: usize> From<&Uint<LIMBS>> for Int {
    /// The same value as an [`Int`].
    ///
    /// ```
    /// use carry::{Int, U256};
    /// assert_eq!(Int::from(&U256::MAX), (Int::from(1) << 256u32) - 1);
    /// ```
    fn from(x: &Uint<LIMBS>) -> Int {
        Int::from_limbs(&x.limbs)
    }
}

#[cfg(feature = "alloc")]
impl<const LIMBS: usize> From<Uint<LIMBS>> for Int {
    /// The same value as an [`Int`].
    ///
    /// ```
    /// assert_eq!(carry::Int::from(carry::U64::from_u64(9)), 9);
    /// ```
    fn from(x: Uint<LIMBS>) -> Int {
        Int::from(&x)
    }
}

#[cfg(feature = "alloc")]
impl<const LIMBS: usize> TryFrom<&Int> for Uint<LIMBS> {
    type Error = TryFromIntError;

    /// The same value as a `Uint`; an error if it is negative or needs more than `BITS` bits.
    ///
    /// ```
    /// use carry::{Int, U128};
    /// assert_eq!(U128::try_from(&Int::from(5)), Ok(U128::from_u64(5)));
    /// assert!(U128::try_from(&Int::from(-5)).is_err());
    /// assert!(U128::try_from(&(Int::from(1) << 128u32)).is_err());
    /// ```
    fn try_from(x: &Int) -> Result<Self, TryFromIntError> {
        let limbs = x.as_limbs();
        if x.is_negative() || limbs.len() > LIMBS {
            return Err(TryFromIntError::new());
        }
        let mut r = Self::ZERO;
        r.limbs[..limbs.len()].copy_from_slice(limbs);
        Ok(r)
    }
}

#[cfg(feature = "alloc")]
impl<const LIMBS: usize> TryFrom<Int> for Uint<LIMBS> {
    type Error = TryFromIntError;

    /// The same value as a `Uint`; an error if it is negative or needs more than `BITS` bits.
    ///
    /// ```
    /// assert!(carry::U64::try_from(carry::Int::from(1u128 << 64)).is_err());
    /// ```
    fn try_from(x: Int) -> Result<Self, TryFromIntError> {
        Self::try_from(&x)
    }
}

impl<const LIMBS: usize> From<u64> for Uint<LIMBS> {
    /// The value `x`.
    ///
    /// ```
    /// assert_eq!(carry::U128::from(3u64), carry::U128::from_u64(3));
    /// ```
    fn from(x: u64) -> Self {
        Self::from_u64(x)
    }
}
