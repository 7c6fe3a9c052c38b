//! Shifts. `shl`/`shr` are constant-time in the value and in the amount (a barrel shifter: one
//! conditional shift by each power of two); the `_vartime` twins branch on the amount only.
//! Bits shifted past either end are lost; a shift by `BITS` or more gives zero.

use super::Uint;
use core::ops::{Shl, ShlAssign, Shr, ShrAssign};

impl<const LIMBS: usize> Uint<LIMBS> {
    /// `self << shift`, running time independent of the value (not of `shift`).
    ///
    /// ```
    /// use carry::U128;
    /// assert_eq!(U128::ONE.shl_vartime(100), U128::from_words([0, 1 << 36]));
    /// assert_eq!(U128::ONE.shl_vartime(128), U128::ZERO);
    /// ```
    pub const fn shl_vartime(&self, shift: u32) -> Self {
        let mut r = [0u64; LIMBS];
        if shift >= Self::BITS {
            return Self { limbs: r };
        }
        let words = (shift / 64) as usize;
        let bits = shift % 64;
        let mut i = LIMBS;
        while i > words {
            i -= 1;
            let src = i - words;
            let mut w = self.limbs[src] << bits;
            if bits > 0 && src > 0 {
                w |= self.limbs[src - 1] >> (64 - bits);
            }
            r[i] = w;
        }
        Self { limbs: r }
    }

    /// `self >> shift`, running time independent of the value (not of `shift`).
    ///
    /// ```
    /// use carry::U128;
    /// assert_eq!(U128::MAX.shr_vartime(127), U128::ONE);
    /// ```
    pub const fn shr_vartime(&self, shift: u32) -> Self {
        let mut r = [0u64; LIMBS];
        if shift >= Self::BITS {
            return Self { limbs: r };
        }
        let words = (shift / 64) as usize;
        let bits = shift % 64;
        let mut i = 0;
        while i + words < LIMBS {
            let src = i + words;
            let mut w = self.limbs[src] >> bits;
            if bits > 0 && src + 1 < LIMBS {
                w |= self.limbs[src + 1] << (64 - bits);
            }
            r[i] = w;
            i += 1;
        }
        Self { limbs: r }
    }

    /// `self << shift`, constant-time in both the value and `shift`.
    ///
    /// ```
    /// use carry::U256;
    /// assert_eq!(U256::ONE.shl(255), U256::ONE.shl_vartime(255));
    /// assert_eq!(U256::MAX.shl(256), U256::ZERO);
    /// ```
    #[allow(clippy::should_implement_trait)]
    pub const fn shl(&self, shift: u32) -> Self {
        let mut r = *self;
        let mut k = 0;
        while k < 32 && (1u64 << k) < Self::BITS as u64 {
            let moved = r.shl_vartime(1 << k);
            r = Self::select(&r, &moved, ((shift >> k) & 1) as u64);
            k += 1;
        }
        Self::select(&r, &Self::ZERO, Self::too_far(shift))
    }

    /// `self >> shift`, constant-time in both the value and `shift`.
    ///
    /// ```
    /// use carry::U256;
    /// assert_eq!(U256::MAX.shr(255), U256::ONE);
    /// ```
    #[allow(clippy::should_implement_trait)]
    pub const fn shr(&self, shift: u32) -> Self {
        let mut r = *self;
        let mut k = 0;
        while k < 32 && (1u64 << k) < Self::BITS as u64 {
            let moved = r.shr_vartime(1 << k);
            r = Self::select(&r, &moved, ((shift >> k) & 1) as u64);
            k += 1;
        }
        Self::select(&r, &Self::ZERO, Self::too_far(shift))
    }

    /// 1 if `shift ≥ BITS`, else 0, without a branch.
    const fn too_far(shift: u32) -> u64 {
        ((Self::BITS as u64)
            .wrapping_sub(1)
            .wrapping_sub(shift as u64))
            >> 63
    }
}

impl<const LIMBS: usize> Shl<u32> for Uint<LIMBS> {
    type Output = Self;

    /// `self << shift`, constant-time ([`Uint::shl`]).
    ///
    /// ```
    /// assert_eq!(carry::U128::ONE << 64, carry::U128::from_words([0, 1]));
    /// ```
    fn shl(self, shift: u32) -> Self {
        Uint::shl(&self, shift)
    }
}

impl<const LIMBS: usize> Shr<u32> for Uint<LIMBS> {
    type Output = Self;

    /// `self >> shift`, constant-time ([`Uint::shr`]).
    ///
    /// ```
    /// assert_eq!(carry::U128::from_words([0, 1]) >> 64, carry::U128::ONE);
    /// ```
    fn shr(self, shift: u32) -> Self {
        Uint::shr(&self, shift)
    }
}

impl<const LIMBS: usize> ShlAssign<u32> for Uint<LIMBS> {
    /// `self <<= shift`, constant-time.
    ///
    /// ```
    /// let mut x = carry::U128::ONE;
    /// x <<= 3;
    /// assert_eq!(x, carry::U128::from_u64(8));
    /// ```
    fn shl_assign(&mut self, shift: u32) {
        *self = Uint::shl(self, shift);
    }
}

impl<const LIMBS: usize> ShrAssign<u32> for Uint<LIMBS> {
    /// `self >>= shift`, constant-time.
    ///
    /// ```
    /// let mut x = carry::U128::from_u64(8);
    /// x >>= 3;
    /// assert_eq!(x, carry::U128::ONE);
    /// ```
    fn shr_assign(&mut self, shift: u32) {
        *self = Uint::shr(self, shift);
    }
}
