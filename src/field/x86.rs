//! The x86_64 fast path: 4- and 6-limb Montgomery multiplication and squaring on the
//! MULX/ADCX/ADOX kernels of `limbs::x86_mont` (when the CPU has BMI2 and ADX), which end with
//! the final subtraction of p. Other sizes, and 6-limb moduli with a full top limb, return
//! `None` and take the portable path.

use super::Params;
use crate::limbs;

/// `x` as an array of `M` limbs (`M == N`; a no-op after monomorphization).
#[inline(always)]
fn resize<const N: usize, const M: usize>(x: &[u64; N]) -> [u64; M] {
    let mut r = [0u64; M];
    r.copy_from_slice(x);
    r
}

/// p followed by −p⁻¹ mod 2^64, as the kernels take them.
#[inline(always)]
fn pk<const N: usize, const K: usize>(p: &Params<N>) -> [u64; K] {
    let mut r = [0u64; K];
    r[..N].copy_from_slice(&p.modulus);
    r[N] = p.inv;
    r
}

/// a·b·R⁻¹ mod p on the MULX/ADX kernels, if there is one for this size and CPU.
#[inline(always)]
pub fn mul<const N: usize>(a: &[u64; N], b: &[u64; N], p: &Params<N>) -> Option<[u64; N]> {
    match N {
        4 if p.no_carry => Some(resize(&limbs::mont_mul_4_nc(
            &resize(a),
            &resize(b),
            &pk(p),
        )?)),
        4 => Some(resize(&limbs::mont_mul_4(&resize(a), &resize(b), &pk(p))?)),
        6 if p.no_carry => Some(resize(&limbs::mont_mul_6_nc(
            &resize(a),
            &resize(b),
            &pk(p),
        )?)),
        _ => None,
    }
}

/// a²·R⁻¹ mod p on the MULX/ADX kernels, if there is one for this size and CPU.
#[inline(always)]
pub fn sqr<const N: usize>(a: &[u64; N], p: &Params<N>) -> Option<[u64; N]> {
    match N {
        4 => Some(resize(&limbs::mont_sqr_4(&resize(a), &pk(p))?)),
        6 if p.no_carry => Some(resize(&limbs::mont_sqr_6_nc(&resize(a), &pk(p))?)),
        _ => None,
    }
}
