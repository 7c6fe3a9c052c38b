//! Multiplication: schoolbook product-scanning of every limb pair, constant-time; the
//! squaring computes each cross product once and doubles them.

use super::Uint;
use crate::limbs::{adc, mac};
use subtle::{ConstantTimeEq, CtOption};

impl<const LIMBS: usize> Uint<LIMBS> {
    /// The full double-width product `self · rhs` as a pair `(lo, hi)` of `Uint<LIMBS>`:
    /// the product is `lo + hi·2^BITS`.
    ///
    /// ```
    /// use carry::U128;
    /// let (lo, hi) = U128::MAX.widening_mul(&U128::MAX);
    /// assert_eq!(lo, U128::ONE);
    /// assert_eq!(hi, U128::MAX.wrapping_sub(&U128::ONE));
    /// ```
    pub const fn widening_mul(&self, rhs: &Self) -> (Self, Self) {
        let mut lo = [0u64; LIMBS];
        let mut hi = [0u64; LIMBS];
        let mut i = 0;
        while i < LIMBS {
            let mut carry = 0;
            let mut j = 0;
            while j < LIMBS {
                let k = i + j;
                if k < LIMBS {
                    (lo[k], carry) = mac(lo[k], self.limbs[j], rhs.limbs[i], carry);
                } else {
                    (hi[k - LIMBS], carry) = mac(hi[k - LIMBS], self.limbs[j], rhs.limbs[i], carry);
                }
                j += 1;
            }
            hi[i] = carry;
            i += 1;
        }
        (Self { limbs: lo }, Self { limbs: hi })
    }

    /// The full double-width square `self²` as a pair `(lo, hi)` of `Uint<LIMBS>`: the
    /// square is `lo + hi·2^BITS`. Each cross product is computed once and doubled.
    ///
    /// ```
    /// use carry::U128;
    /// let x = U128::from_be_hex("123456789abcdef0fedcba9876543210");
    /// assert_eq!(x.square_wide(), x.widening_mul(&x));
    /// ```
    pub const fn square_wide(&self) -> (Self, Self) {
        let a = &self.limbs;
        // Cross products a[i]·a[j], i < j, into w (2·LIMBS limbs split into lo and hi).
        let mut w = Wide::<LIMBS>::ZERO;
        let mut i = 0;
        while i < LIMBS {
            let mut carry = 0;
            let mut j = i + 1;
            while j < LIMBS {
                let (s, c) = mac(w.get(i + j), a[i], a[j], carry);
                w.set(i + j, s);
                carry = c;
                j += 1;
            }
            if i + 1 < LIMBS {
                w.set(i + LIMBS, carry);
            }
            i += 1;
        }
        // Double, then add the squares a[i]² on the diagonal.
        let mut top = 0;
        let mut k = 0;
        while k < 2 * LIMBS {
            let x = w.get(k);
            w.set(k, (x << 1) | top);
            top = x >> 63;
            k += 1;
        }
        let mut carry = 0;
        i = 0;
        while i < LIMBS {
            let sq = (a[i] as u128) * (a[i] as u128);
            let (s0, c0) = adc(w.get(2 * i), sq as u64, carry);
            let (s1, c1) = adc(w.get(2 * i + 1), (sq >> 64) as u64, c0);
            w.set(2 * i, s0);
            w.set(2 * i + 1, s1);
            carry = c1;
            i += 1;
        }
        (Self { limbs: w.lo }, Self { limbs: w.hi })
    }

    /// `self · rhs` modulo 2^BITS: only the limb products that reach the low half.
    ///
    /// ```
    /// use carry::U64;
    /// assert_eq!(U64::MAX.wrapping_mul(&U64::MAX), U64::ONE);
    /// ```
    pub const fn wrapping_mul(&self, rhs: &Self) -> Self {
        let mut lo = [0u64; LIMBS];
        let mut i = 0;
        while i < LIMBS {
            let mut carry = 0;
            let mut j = 0;
            while i + j < LIMBS {
                (lo[i + j], carry) = mac(lo[i + j], self.limbs[j], rhs.limbs[i], carry);
                j += 1;
            }
            i += 1;
        }
        Self { limbs: lo }
    }

    /// `self · rhs` modulo 2^BITS and whether the full product overflowed.
    ///
    /// ```
    /// use carry::U64;
    /// assert_eq!(U64::from_u64(1 << 32).overflowing_mul(&U64::from_u64(1 << 32)), (U64::ZERO, true));
    /// ```
    pub const fn overflowing_mul(&self, rhs: &Self) -> (Self, bool) {
        let (lo, hi) = self.widening_mul(rhs);
        let mut any = 0;
        let mut i = 0;
        while i < LIMBS {
            any |= hi.limbs[i];
            i += 1;
        }
        (lo, any != 0)
    }

    /// `self · rhs`, none if it overflows.
    ///
    /// ```
    /// use carry::U64;
    /// assert_eq!(U64::from_u64(6).checked_mul(&U64::from_u64(7)).unwrap(), U64::from_u64(42));
    /// assert!(bool::from(U64::MAX.checked_mul(&U64::from_u64(2)).is_none()));
    /// ```
    pub fn checked_mul(&self, rhs: &Self) -> CtOption<Self> {
        let (lo, hi) = self.widening_mul(rhs);
        CtOption::new(lo, hi.ct_eq(&Self::ZERO))
    }
}

/// A double-width value as two halves, indexed as one array of `2·LIMBS` limbs (the halves
/// keep the array lengths expressible with a generic `LIMBS`).
struct Wide<const LIMBS: usize> {
    lo: [u64; LIMBS],
    hi: [u64; LIMBS],
}

impl<const LIMBS: usize> Wide<LIMBS> {
    const ZERO: Self = Self {
        lo: [0; LIMBS],
        hi: [0; LIMBS],
    };

    #[inline(always)]
    const fn get(&self, k: usize) -> u64 {
        if k < LIMBS {
            self.lo[k]
        } else {
            self.hi[k - LIMBS]
        }
    }

    #[inline(always)]
    const fn set(&mut self, k: usize, v: u64) {
        if k < LIMBS {
            self.lo[k] = v;
        } else {
            self.hi[k - LIMBS] = v;
        }
    }
}
