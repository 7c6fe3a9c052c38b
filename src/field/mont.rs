//! Montgomery multiplication and squaring for a field's [`Params`]: the MULX/ADX kernels where
//! the CPU has them, else the portable code of `crate::mont`.

use super::Params;
pub use crate::mont::{mul_cios, mul_nocarry, redc, sqr_portable, sub_p_if_ge};

/// a·b·R⁻¹ mod p with the portable code, the variant the modulus allows (`const`).
#[inline(always)]
pub const fn mul_portable<const N: usize>(a: &[u64; N], b: &[u64; N], p: &Params<N>) -> [u64; N] {
    if p.no_carry {
        mul_nocarry(a, b, &p.modulus, p.inv)
    } else {
        mul_cios(a, b, &p.modulus, p.inv)
    }
}

/// a·b·R⁻¹ mod p, on the fastest code this CPU has.
#[inline(always)]
pub fn mul<const N: usize>(a: &[u64; N], b: &[u64; N], p: &Params<N>) -> [u64; N] {
    #[cfg(target_arch = "x86_64")]
    if let Some(r) = super::x86_64::mul(a, b, p) {
        return r;
    }
    mul_portable(a, b, p)
}

/// a²·R⁻¹ mod p, on the fastest code this CPU has.
#[inline(always)]
pub fn sqr<const N: usize>(a: &[u64; N], p: &Params<N>) -> [u64; N] {
    #[cfg(target_arch = "x86_64")]
    if let Some(r) = super::x86_64::sqr(a, p) {
        return r;
    }
    sqr_portable(a, &p.modulus, p.inv)
}
