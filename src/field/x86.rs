//! The x86_64 fast path: 4- and 6-limb Montgomery multiplication (and 4-limb squaring) on the
//! MULX/ADCX/ADOX kernels of `limbs::x86_mont` (when the CPU has BMI2 and ADX), followed by the same
//! branch-free final subtraction as the portable code. Other sizes, and 6-limb moduli with a
//! full top limb, return `None` and take the portable path.

use super::{mont::sub_p_if_ge, Params};
use crate::limbs;

/// `x` as an array of `M` limbs (`M == N`; a no-op after monomorphization).
#[inline(always)]
fn resize<const N: usize, const M: usize>(x: &[u64; N]) -> [u64; M] {
    let mut r = [0u64; M];
    r.copy_from_slice(x);
    r
}

/// a·b·R⁻¹ mod p on the MULX/ADX kernels, if there is one for this size and CPU.
#[inline(always)]
pub fn mul<const N: usize>(a: &[u64; N], b: &[u64; N], p: &Params<N>) -> Option<[u64; N]> {
    match N {
        4 => {
            let m: [u64; 4] = resize(&p.modulus);
            let pk = [m[0], m[1], m[2], m[3], p.inv];
            let (a, b) = (resize(a), resize(b));
            let r = if p.no_carry {
                sub_p_if_ge(limbs::mont_mul_4_nc(&a, &b, &pk)?, 0, &m)
            } else {
                let t = limbs::mont_mul_4(&a, &b, &pk)?;
                sub_p_if_ge([t[0], t[1], t[2], t[3]], t[4], &m)
            };
            Some(resize(&r))
        }
        6 if p.no_carry => {
            let m: [u64; 6] = resize(&p.modulus);
            let pk = [m[0], m[1], m[2], m[3], m[4], m[5], p.inv];
            let r = limbs::mont_mul_6_nc(&resize(a), &resize(b), &pk)?;
            Some(resize(&sub_p_if_ge(r, 0, &m)))
        }
        _ => None,
    }
}

/// a²·R⁻¹ mod p on the MULX/ADX squaring kernel, if there is one for this size and CPU (4
/// limbs; other sizes square through [`mul`]).
#[inline(always)]
pub fn sqr<const N: usize>(a: &[u64; N], p: &Params<N>) -> Option<[u64; N]> {
    if N != 4 {
        return mul(a, a, p);
    }
    let m: [u64; 4] = resize(&p.modulus);
    let pk = [m[0], m[1], m[2], m[3], p.inv];
    let t = limbs::mont_sqr_4(&resize(a), &pk)?;
    Some(resize(&sub_p_if_ge([t[0], t[1], t[2], t[3]], t[4], &m)))
}
