//! Bit queries and bitwise operators. `bits`, `leading_zeros`, `trailing_zeros` and `bit` scan
//! every limb (constant-time in the value); the `_vartime` twins stop early.

use super::Uint;
use core::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};
use subtle::Choice;

impl<const LIMBS: usize> Uint<LIMBS> {
    /// The number of significant bits (0 for zero), constant-time.
    ///
    /// ```
    /// use carry::U256;
    /// assert_eq!(U256::from_u64(255).bits(), 8);
    /// assert_eq!(U256::MAX.bits(), 256);
    /// assert_eq!(U256::ZERO.bits(), 0);
    /// ```
    pub const fn bits(&self) -> u32 {
        let mut bits = 0u64;
        let mut i = 0;
        while i < LIMBS {
            let w = self.limbs[i];
            let nonzero = (w | w.wrapping_neg()) >> 63;
            let here = (64 * i as u64 + 64).wrapping_sub(w.leading_zeros() as u64);
            bits ^= (bits ^ here) & crate::limbs::mask(nonzero);
            i += 1;
        }
        bits as u32
    }

    /// The number of significant bits, stopping at the top nonzero limb.
    ///
    /// ```
    /// assert_eq!(carry::U256::from_u64(256).bits_vartime(), 9);
    /// ```
    pub const fn bits_vartime(&self) -> u32 {
        let mut i = LIMBS;
        while i > 0 {
            i -= 1;
            if self.limbs[i] != 0 {
                return 64 * i as u32 + 64 - self.limbs[i].leading_zeros();
            }
        }
        0
    }

    /// The number of leading zero bits, constant-time.
    ///
    /// ```
    /// assert_eq!(carry::U128::ONE.leading_zeros(), 127);
    /// ```
    pub const fn leading_zeros(&self) -> u32 {
        Self::BITS - self.bits()
    }

    /// The number of trailing zero bits (`BITS` for zero), constant-time.
    ///
    /// ```
    /// use carry::U128;
    /// assert_eq!(U128::from_words([0, 8]).trailing_zeros(), 67);
    /// assert_eq!(U128::ZERO.trailing_zeros(), 128);
    /// ```
    pub const fn trailing_zeros(&self) -> u32 {
        let mut count = 0u64;
        let mut done = 0u64;
        let mut i = 0;
        while i < LIMBS {
            let w = self.limbs[i];
            let nonzero = (w | w.wrapping_neg()) >> 63;
            let take = !done;
            count += (w.trailing_zeros() as u64) & take;
            done |= crate::limbs::mask(nonzero);
            i += 1;
        }
        count as u32
    }

    /// Bit `index` (0 = least significant; 0 when `index ≥ BITS`), constant-time in the value.
    ///
    /// ```
    /// assert!(bool::from(carry::U128::from_words([0, 2]).bit(65)));
    /// ```
    pub fn bit(&self, index: u32) -> Choice {
        Choice::from(self.bit_word(index) as u8)
    }

    /// Bit `index` as a `bool` (for public values).
    ///
    /// ```
    /// assert!(carry::U128::from_u64(4).bit_vartime(2));
    /// ```
    pub const fn bit_vartime(&self, index: u32) -> bool {
        self.bit_word(index) == 1
    }

    /// Bit `index` as 0 or 1.
    pub(crate) const fn bit_word(&self, index: u32) -> u64 {
        if index >= Self::BITS {
            return 0;
        }
        (self.limbs[(index / 64) as usize] >> (index % 64)) & 1
    }
}

macro_rules! bitwise {
    ($Op:ident $op:ident $OpAssign:ident $op_assign:ident $sym:tt $doc:literal) => {
        impl<const LIMBS: usize> $Op for Uint<LIMBS> {
            type Output = Self;

            #[doc = $doc]
            ///
            /// ```
            /// use carry::U128;
            #[doc = concat!("let _ = U128::MAX ", stringify!($sym), " U128::ONE;")]
            /// ```
            fn $op(self, rhs: Self) -> Self {
                $Op::$op(&self, &rhs)
            }
        }

        impl<const LIMBS: usize> $Op<&Uint<LIMBS>> for &Uint<LIMBS> {
            type Output = Uint<LIMBS>;

            #[doc = $doc]
            fn $op(self, rhs: &Uint<LIMBS>) -> Uint<LIMBS> {
                let mut r = *self;
                for i in 0..LIMBS {
                    r.limbs[i] = self.limbs[i] $sym rhs.limbs[i];
                }
                r
            }
        }

        impl<const LIMBS: usize> $OpAssign for Uint<LIMBS> {
            #[doc = $doc]
            fn $op_assign(&mut self, rhs: Self) {
                *self = $Op::$op(&*self, &rhs);
            }
        }
    };
}

bitwise!(BitAnd bitand BitAndAssign bitand_assign & "Bitwise and.");
bitwise!(BitOr bitor BitOrAssign bitor_assign | "Bitwise or.");
bitwise!(BitXor bitxor BitXorAssign bitxor_assign ^ "Bitwise exclusive or.");

impl<const LIMBS: usize> Not for Uint<LIMBS> {
    type Output = Self;

    /// Bitwise complement.
    ///
    /// ```
    /// assert_eq!(!carry::U128::ZERO, carry::U128::MAX);
    /// ```
    fn not(self) -> Self {
        let mut r = self;
        for l in r.limbs.iter_mut() {
            *l = !*l;
        }
        r
    }
}
