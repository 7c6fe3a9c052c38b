//! Addition and subtraction: one carry (borrow) chain over every limb, constant-time.

use super::Uint;
use crate::limbs::{adc, sbb};
use subtle::{Choice, CtOption};

impl<const LIMBS: usize> Uint<LIMBS> {
    /// `self + rhs` and whether it overflowed (the carry out of the top limb).
    ///
    /// ```
    /// use carry::U128;
    /// assert_eq!(U128::MAX.overflowing_add(&U128::ONE), (U128::ZERO, true));
    /// ```
    #[inline]
    pub const fn overflowing_add(&self, rhs: &Self) -> (Self, bool) {
        let mut r = [0u64; LIMBS];
        let mut carry = 0;
        let mut i = 0;
        while i < LIMBS {
            (r[i], carry) = adc(self.limbs[i], rhs.limbs[i], carry);
            i += 1;
        }
        (Self { limbs: r }, carry != 0)
    }

    /// `self + rhs` modulo 2^BITS.
    ///
    /// ```
    /// use carry::U128;
    /// assert_eq!(U128::MAX.wrapping_add(&U128::from_u64(2)), U128::ONE);
    /// ```
    #[inline]
    pub const fn wrapping_add(&self, rhs: &Self) -> Self {
        self.overflowing_add(rhs).0
    }

    /// `self + rhs`, none if it overflows.
    ///
    /// ```
    /// use carry::U128;
    /// assert!(bool::from(U128::MAX.checked_add(&U128::ONE).is_none()));
    /// assert_eq!(U128::ONE.checked_add(&U128::ONE).unwrap(), U128::from_u64(2));
    /// ```
    pub fn checked_add(&self, rhs: &Self) -> CtOption<Self> {
        let (r, overflow) = self.overflowing_add(rhs);
        CtOption::new(r, !Choice::from(overflow as u8))
    }

    /// `self − rhs` and whether it borrowed (`rhs > self`).
    ///
    /// ```
    /// use carry::U128;
    /// assert_eq!(U128::ZERO.overflowing_sub(&U128::ONE), (U128::MAX, true));
    /// ```
    #[inline]
    pub const fn overflowing_sub(&self, rhs: &Self) -> (Self, bool) {
        let mut r = [0u64; LIMBS];
        let mut borrow = 0;
        let mut i = 0;
        while i < LIMBS {
            (r[i], borrow) = sbb(self.limbs[i], rhs.limbs[i], borrow);
            i += 1;
        }
        (Self { limbs: r }, borrow != 0)
    }

    /// `self − rhs` modulo 2^BITS.
    ///
    /// ```
    /// use carry::U128;
    /// assert_eq!(U128::ZERO.wrapping_sub(&U128::ONE), U128::MAX);
    /// ```
    #[inline]
    pub const fn wrapping_sub(&self, rhs: &Self) -> Self {
        self.overflowing_sub(rhs).0
    }

    /// `self − rhs`, none if `rhs > self`.
    ///
    /// ```
    /// use carry::U128;
    /// assert!(bool::from(U128::ZERO.checked_sub(&U128::ONE).is_none()));
    /// ```
    pub fn checked_sub(&self, rhs: &Self) -> CtOption<Self> {
        let (r, borrow) = self.overflowing_sub(rhs);
        CtOption::new(r, !Choice::from(borrow as u8))
    }

    /// `−self` modulo 2^BITS (the two's complement).
    ///
    /// ```
    /// use carry::U128;
    /// assert_eq!(U128::ONE.wrapping_neg(), U128::MAX);
    /// ```
    #[inline]
    pub const fn wrapping_neg(&self) -> Self {
        Self::ZERO.wrapping_sub(self)
    }
}
