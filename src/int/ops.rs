//! The `std::ops` operators for [`Int`]: every form of `Int`/`&Int` on both sides, every
//! primitive integer on either side, and the `*Assign` forms (which reuse heap buffers).

use super::bits::Logic;
use super::Int;
use core::iter::{Product, Sum};
use core::ops::*;

/// The by-reference kernels that every other operator form forwards to.
impl Int {
    #[inline]
    fn add_ref(&self, b: &Int) -> Int {
        self.add_signed(b, false)
    }
    #[inline]
    fn sub_ref(&self, b: &Int) -> Int {
        self.add_signed(b, true)
    }
    #[inline]
    fn div_ref(&self, b: &Int) -> Int {
        self.div_trunc(b)
    }
    #[inline]
    fn rem_ref(&self, b: &Int) -> Int {
        self.rem_trunc(b)
    }
    #[inline]
    fn and_ref(&self, b: &Int) -> Int {
        self.logic(b, Logic::And)
    }
    #[inline]
    fn or_ref(&self, b: &Int) -> Int {
        self.logic(b, Logic::Or)
    }
    #[inline]
    fn xor_ref(&self, b: &Int) -> Int {
        self.logic(b, Logic::Xor)
    }
    #[inline]
    fn add_assign_ref(&mut self, b: &Int) {
        self.add_signed_assign(b, false)
    }
    #[inline]
    fn sub_assign_ref(&mut self, b: &Int) {
        self.add_signed_assign(b, true)
    }
}

/// One binary operator: the `Int`/`&Int` forms, the assigning forms and the primitive forms.
/// `$assign_ref` updates `&mut Int` from `&Int`.
macro_rules! binary_op {
    ($Op:ident $op:ident $OpAssign:ident $op_assign:ident, $by_ref:ident, $assign_ref:expr) => {
        impl $Op<&Int> for &Int {
            type Output = Int;
            #[inline]
            fn $op(self, b: &Int) -> Int {
                self.$by_ref(b)
            }
        }
        impl $Op<&Int> for Int {
            type Output = Int;
            #[inline]
            fn $op(mut self, b: &Int) -> Int {
                $assign_ref(&mut self, b);
                self
            }
        }
        impl $Op<Int> for Int {
            type Output = Int;
            #[inline]
            fn $op(mut self, b: Int) -> Int {
                $assign_ref(&mut self, &b);
                self
            }
        }
        impl $Op<Int> for &Int {
            type Output = Int;
            #[inline]
            fn $op(self, b: Int) -> Int {
                self.$by_ref(&b)
            }
        }
        impl $OpAssign<&Int> for Int {
            #[inline]
            fn $op_assign(&mut self, b: &Int) {
                $assign_ref(self, b)
            }
        }
        impl $OpAssign<Int> for Int {
            #[inline]
            fn $op_assign(&mut self, b: Int) {
                $assign_ref(self, &b)
            }
        }
        binary_op!(@prim $Op $op $OpAssign $op_assign, $by_ref, $assign_ref,
            i8, i16, i32, i64, i128, isize, u8, u16, u32, u64, u128, usize);
    };
    (@prim $Op:ident $op:ident $OpAssign:ident $op_assign:ident, $by_ref:ident, $assign_ref:expr, $($t:ty),*) => {$(
        impl $Op<$t> for &Int {
            type Output = Int;
            #[inline]
            fn $op(self, b: $t) -> Int {
                self.$by_ref(&Int::from(b))
            }
        }
        impl $Op<$t> for Int {
            type Output = Int;
            #[inline]
            fn $op(mut self, b: $t) -> Int {
                $assign_ref(&mut self, &Int::from(b));
                self
            }
        }
        impl $Op<&Int> for $t {
            type Output = Int;
            #[inline]
            fn $op(self, b: &Int) -> Int {
                Int::from(self).$by_ref(b)
            }
        }
        impl $Op<Int> for $t {
            type Output = Int;
            #[inline]
            fn $op(self, b: Int) -> Int {
                Int::from(self).$by_ref(&b)
            }
        }
        impl $OpAssign<$t> for Int {
            #[inline]
            fn $op_assign(&mut self, b: $t) {
                $assign_ref(self, &Int::from(b))
            }
        }
    )*};
}

binary_op!(Add add AddAssign add_assign, add_ref, Int::add_assign_ref);
binary_op!(Sub sub SubAssign sub_assign, sub_ref, Int::sub_assign_ref);
binary_op!(Mul mul MulAssign mul_assign, mul_ref, |a: &mut Int, b: &Int| *a = a.mul_ref(b));
binary_op!(Div div DivAssign div_assign, div_ref, |a: &mut Int, b: &Int| *a = a.div_ref(b));
binary_op!(Rem rem RemAssign rem_assign, rem_ref, |a: &mut Int, b: &Int| *a = a.rem_ref(b));
binary_op!(BitAnd bitand BitAndAssign bitand_assign, and_ref, |a: &mut Int, b: &Int| *a = a.and_ref(b));
binary_op!(BitOr bitor BitOrAssign bitor_assign, or_ref, |a: &mut Int, b: &Int| *a = a.or_ref(b));
binary_op!(BitXor bitxor BitXorAssign bitxor_assign, xor_ref, |a: &mut Int, b: &Int| *a = a.xor_ref(b));

/// Shifts by each unsigned primitive type: `<<` multiplies by 2^k, `>>` floors.
macro_rules! shift_op {
    ($($t:ty),*) => {$(
        impl Shl<$t> for &Int {
            type Output = Int;
            #[inline]
            fn shl(self, k: $t) -> Int {
                self.shl_bits(u64::try_from(k).unwrap_or(u64::MAX))
            }
        }
        impl Shl<$t> for Int {
            type Output = Int;
            #[inline]
            fn shl(self, k: $t) -> Int {
                &self << k
            }
        }
        impl ShlAssign<$t> for Int {
            #[inline]
            fn shl_assign(&mut self, k: $t) {
                self.shl_assign_bits(u64::try_from(k).unwrap_or(u64::MAX));
            }
        }
        impl Shr<$t> for &Int {
            type Output = Int;
            #[inline]
            fn shr(self, k: $t) -> Int {
                self.shr_bits(u64::try_from(k).unwrap_or(u64::MAX))
            }
        }
        impl Shr<$t> for Int {
            type Output = Int;
            #[inline]
            fn shr(self, k: $t) -> Int {
                &self >> k
            }
        }
        impl ShrAssign<$t> for Int {
            #[inline]
            fn shr_assign(&mut self, k: $t) {
                self.shr_assign_bits(u64::try_from(k).unwrap_or(u64::MAX));
            }
        }
    )*};
}

shift_op!(u8, u16, u32, u64, u128, usize);

impl Neg for Int {
    type Output = Int;
    #[inline]
    fn neg(mut self) -> Int {
        let neg = !self.is_negative();
        self.set_negative(neg);
        self
    }
}

impl Neg for &Int {
    type Output = Int;
    #[inline]
    fn neg(self) -> Int {
        -self.clone()
    }
}

impl Not for Int {
    type Output = Int;
    /// `-x - 1`, the bitwise complement of the two's complement form.
    #[inline]
    fn not(self) -> Int {
        -(self + 1u32)
    }
}

impl Not for &Int {
    type Output = Int;
    #[inline]
    fn not(self) -> Int {
        -(self + 1u32)
    }
}

impl Sum for Int {
    fn sum<I: Iterator<Item = Int>>(iter: I) -> Int {
        iter.fold(Int::ZERO, |acc, x| acc + x)
    }
}

impl<'a> Sum<&'a Int> for Int {
    fn sum<I: Iterator<Item = &'a Int>>(iter: I) -> Int {
        iter.fold(Int::ZERO, |acc, x| acc + x)
    }
}

impl Product for Int {
    fn product<I: Iterator<Item = Int>>(iter: I) -> Int {
        iter.fold(Int::ONE, |acc, x| acc * x)
    }
}

impl<'a> Product<&'a Int> for Int {
    fn product<I: Iterator<Item = &'a Int>>(iter: I) -> Int {
        iter.fold(Int::ONE, |acc, x| acc * x)
    }
}
