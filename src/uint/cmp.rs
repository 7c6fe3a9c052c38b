//! Comparisons, constant-time: the [`subtle`] traits, `Eq`/`Ord` built on them, conditional
//! selection and zeroing.

use super::Uint;
use crate::limbs::sbb;
use core::cmp::Ordering;
use subtle::{
    Choice, ConditionallySelectable, ConstantTimeEq, ConstantTimeGreater, ConstantTimeLess,
};
use zeroize::Zeroize;

impl<const LIMBS: usize> Uint<LIMBS> {
    /// Whether `self` is zero.
    ///
    /// ```
    /// assert!(bool::from(carry::U256::ZERO.is_zero()));
    /// ```
    #[inline]
    pub fn is_zero(&self) -> Choice {
        self.ct_eq(&Self::ZERO)
    }

    /// Whether `self` is odd.
    ///
    /// ```
    /// assert!(bool::from(carry::U256::ONE.is_odd()));
    /// ```
    #[inline]
    pub fn is_odd(&self) -> Choice {
        Choice::from((self.limbs[0] & 1) as u8)
    }

    /// The borrow of `self − rhs`: 1 if `self < rhs`, else 0 (as a word, for `const` use).
    #[inline]
    pub(crate) const fn lt_word(&self, rhs: &Self) -> u64 {
        let mut borrow = 0;
        let mut i = 0;
        while i < LIMBS {
            (_, borrow) = sbb(self.limbs[i], rhs.limbs[i], borrow);
            i += 1;
        }
        borrow
    }

    /// `a` where `choice` is 0, `b` where it is 1, limb by limb through a mask (`const`).
    #[inline]
    pub(crate) const fn select(a: &Self, b: &Self, choice: u64) -> Self {
        let mask = crate::limbs::mask(choice);
        let mut r = [0u64; LIMBS];
        let mut i = 0;
        while i < LIMBS {
            r[i] = a.limbs[i] ^ ((a.limbs[i] ^ b.limbs[i]) & mask);
            i += 1;
        }
        Self { limbs: r }
    }
}

impl<const LIMBS: usize> ConstantTimeEq for Uint<LIMBS> {
    /// Equality, constant-time.
    ///
    /// ```
    /// use subtle::ConstantTimeEq;
    /// assert!(bool::from(carry::U128::ONE.ct_eq(&carry::U128::ONE)));
    /// ```
    fn ct_eq(&self, other: &Self) -> Choice {
        let mut diff = 0;
        for i in 0..LIMBS {
            diff |= self.limbs[i] ^ other.limbs[i];
        }
        diff.ct_eq(&0)
    }
}

impl<const LIMBS: usize> ConstantTimeLess for Uint<LIMBS> {}

impl<const LIMBS: usize> ConstantTimeGreater for Uint<LIMBS> {
    /// `self > other`, constant-time (the borrow of `other − self`).
    ///
    /// ```
    /// use subtle::{ConstantTimeGreater, ConstantTimeLess};
    /// let (a, b) = (carry::U128::ONE, carry::U128::MAX);
    /// assert!(bool::from(b.ct_gt(&a)));
    /// assert!(bool::from(a.ct_lt(&b)));
    /// ```
    fn ct_gt(&self, other: &Self) -> Choice {
        Choice::from(other.lt_word(self) as u8)
    }
}

impl<const LIMBS: usize> ConditionallySelectable for Uint<LIMBS> {
    /// `a` if `choice` is 0, `b` if it is 1, constant-time.
    ///
    /// ```
    /// use carry::U128;
    /// use subtle::{Choice, ConditionallySelectable};
    /// assert_eq!(U128::conditional_select(&U128::ZERO, &U128::MAX, Choice::from(1)), U128::MAX);
    /// ```
    fn conditional_select(a: &Self, b: &Self, choice: Choice) -> Self {
        let mut r = *a;
        for i in 0..LIMBS {
            r.limbs[i] = u64::conditional_select(&a.limbs[i], &b.limbs[i], choice);
        }
        r
    }
}

impl<const LIMBS: usize> PartialEq for Uint<LIMBS> {
    fn eq(&self, other: &Self) -> bool {
        self.ct_eq(other).into()
    }
}

impl<const LIMBS: usize> Eq for Uint<LIMBS> {}

impl<const LIMBS: usize> PartialOrd for Uint<LIMBS> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl<const LIMBS: usize> Ord for Uint<LIMBS> {
    /// The order of the values; the comparison itself is constant-time.
    ///
    /// ```
    /// assert!(carry::U128::MAX > carry::U128::ONE);
    /// ```
    fn cmp(&self, other: &Self) -> Ordering {
        let lt = self.lt_word(other) as i8;
        let gt = other.lt_word(self) as i8;
        (gt - lt).cmp(&0)
    }
}

impl<const LIMBS: usize> Zeroize for Uint<LIMBS> {
    /// Overwrites the value with zero, in a way the compiler does not remove.
    ///
    /// ```
    /// use zeroize::Zeroize;
    /// let mut x = carry::U128::MAX;
    /// x.zeroize();
    /// assert_eq!(x, carry::U128::ZERO);
    /// ```
    fn zeroize(&mut self) {
        self.limbs.zeroize();
    }
}
