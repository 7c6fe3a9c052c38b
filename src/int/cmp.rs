//! Equality, ordering and hashing of [`Int`] values, and conversion from primitive integers.

use super::Int;
use crate::limbs;
use core::cmp::Ordering;
use core::hash::{Hash, Hasher};

impl PartialEq for Int {
    #[inline]
    fn eq(&self, other: &Int) -> bool {
        self.is_negative() == other.is_negative() && self.as_limbs() == other.as_limbs()
    }
}

impl Eq for Int {}

impl Ord for Int {
    #[inline]
    fn cmp(&self, other: &Int) -> Ordering {
        match (self.is_negative(), other.is_negative()) {
            (false, true) => Ordering::Greater,
            (true, false) => Ordering::Less,
            (false, false) => limbs::cmp(self.as_limbs(), other.as_limbs()),
            (true, true) => limbs::cmp(other.as_limbs(), self.as_limbs()),
        }
    }
}

impl PartialOrd for Int {
    #[inline]
    fn partial_cmp(&self, other: &Int) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Hash for Int {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.is_negative().hash(state);
        self.as_limbs().hash(state);
    }
}

impl From<bool> for Int {
    /// 1 for `true`, 0 for `false`.
    #[inline]
    fn from(b: bool) -> Int {
        Int::from_sign_u128(false, b as u128)
    }
}

/// `From` for signed primitive integers.
macro_rules! from_signed {
    ($($t:ty),*) => {$(
        impl From<$t> for Int {
            #[inline]
            fn from(x: $t) -> Int {
                Int::from_sign_u128(x < 0, (x as i128).unsigned_abs())
            }
        }
    )*};
}

/// `From` for unsigned primitive integers.
macro_rules! from_unsigned {
    ($($t:ty),*) => {$(
        impl From<$t> for Int {
            #[inline]
            fn from(x: $t) -> Int {
                Int::from_sign_u128(false, x as u128)
            }
        }
    )*};
}

from_signed!(i8, i16, i32, i64, i128, isize);
from_unsigned!(u8, u16, u32, u64, u128, usize);

/// Comparison with each primitive integer type, in both directions. `Int::from` a primitive is
/// an inline value, so the comparisons allocate nothing (hence the `cmp_owned` allowance).
macro_rules! compare_primitive {
    ($($t:ty),*) => {$(
        impl PartialEq<$t> for Int {
            #[inline]
            #[allow(clippy::cmp_owned)]
            fn eq(&self, other: &$t) -> bool {
                *self == Int::from(*other)
            }
        }
        impl PartialEq<Int> for $t {
            #[inline]
            #[allow(clippy::cmp_owned)]
            fn eq(&self, other: &Int) -> bool {
                Int::from(*self) == *other
            }
        }
        impl PartialOrd<$t> for Int {
            #[inline]
            fn partial_cmp(&self, other: &$t) -> Option<Ordering> {
                Some(self.cmp(&Int::from(*other)))
            }
        }
        impl PartialOrd<Int> for $t {
            #[inline]
            fn partial_cmp(&self, other: &Int) -> Option<Ordering> {
                Some(Int::from(*self).cmp(other))
            }
        }
    )*};
}

compare_primitive!(i8, i16, i32, i64, i128, isize, u8, u16, u32, u64, u128, usize);
