//! Modular addition, subtraction, negation and halving for a field's [`Params`]. The fields
//! call add, sub and neg with the bound of their representation (`Params::bound`: p, or 2p for a
//! lazy field) as the modulus, so sums and differences of values in [0, 2p) stay there; `half`
//! takes p (for a below 2p its result is below 2p too).

use super::Params;
pub use crate::mont::{add_portable, half};

/// a + b reduced below the field's bound (`p.bound`) for a, b below it, on the fastest code
/// this CPU has.
#[inline(always)]
pub fn add<const N: usize>(a: &[u64; N], b: &[u64; N], p: &Params<N>) -> [u64; N] {
    #[cfg(target_arch = "x86_64")]
    if let Some(r) = super::x86_64::add(a, b, p) {
        return r;
    }
    add_portable(a, b, &p.bound)
}

/// a − b modulo `bound` for a, b below it, on the fastest code this CPU has.
#[inline(always)]
pub fn sub<const N: usize>(a: &[u64; N], b: &[u64; N], bound: &[u64; N]) -> [u64; N] {
    #[cfg(target_arch = "x86_64")]
    if let Some(r) = super::x86_64::sub(a, b, bound) {
        return r;
    }
    crate::mont::sub(a, b, bound)
}

/// (−a) modulo `bound` for a below it, as 0 − a on [`sub`].
#[inline(always)]
pub fn neg<const N: usize>(a: &[u64; N], bound: &[u64; N]) -> [u64; N] {
    sub(&[0; N], a, bound)
}
