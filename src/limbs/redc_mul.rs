//! Montgomery reduction by multiplication, for large moduli: `r = t·B^(-n) mod m` for an odd
//! `n`-limb `m` and `t < m·B^n`, with the quotient `q = t·m^(-1) mod B^n` formed by one
//! truncated product and the high half of `q·m` by another, so that the reduction costs two
//! products instead of the `n²` limb operations of row-by-row REDC ([`redc`](super::redc)).
//! Where the products take the NTT, the high half of `q·m` comes from `q·m mod (B^K - 1)`
//! ([`mul_ntt_wrap`], `K ≥ n` a power of two), half the transform of the whole product: its
//! low `n` limbs are known to equal those of `t`. References: Montgomery, "Modular
//! multiplication without trial division" (Math. Comp. 44, 1985); Brent & Zimmermann, "Modern
//! Computer Arithmetic" §2.4.2 (the subquadratic form) and §2.4.3 (the wrap-around trick).
//! O(M(n)). `Modulus` selects it from `MODULUS_REDC_MUL` limbs, in variable time (the
//! products branch on sizes only, but the final correction on values).

use super::add::{add_n_assign, sub_n};
use super::mul::{mul, mul_scratch_len};
use super::ntt::{mul_ntt_wrap, ntt_fits};
use crate::thresholds::MUL_NTT;

/// Scratch limbs [`binvert`] needs for an `n`-limb operand.
pub fn binvert_scratch_len(n: usize) -> usize {
    3 * n + mul_scratch_len(n, n)
}

/// `x = a^(-1) mod B^n` for odd `a` (`a.len() >= n = x.len()`) by Newton's iteration
/// `x ← x + x·(1 - a·x)`, each step doubling the correct limbs (Hensel lifting).
/// `scratch` holds [`binvert_scratch_len`]`(n)` limbs.
pub fn binvert(x: &mut [u64], a: &[u64], scratch: &mut [u64]) {
    let n = x.len();
    debug_assert!(a.len() >= n && a[0] & 1 == 1);
    if n == 1 {
        x[0] = super::neg_inv_limb(a[0]).wrapping_neg();
        return;
    }
    let lo = n.div_ceil(2);
    binvert(&mut x[..lo], a, scratch);
    let (e, rest) = scratch.split_at_mut(2 * n);
    let (h, rest) = rest.split_at_mut(n);
    // e = a·x mod B^n = 1 + B^lo·h.
    mul(&mut e[..n + lo], &a[..n], &x[..lo], rest);
    let d = n - lo;
    h[..d].copy_from_slice(&e[lo..n]);
    // x[lo..n] = -(x·h mod B^d).
    mul(&mut e[..2 * d], &x[..d], &h[..d], rest);
    let mut borrow = false;
    for (y, &z) in x[lo..].iter_mut().zip(&e[..d]) {
        let (v, b1) = 0u64.overflowing_sub(z);
        let (v, b2) = v.overflowing_sub(u64::from(borrow));
        *y = v;
        borrow = b1 | b2;
    }
}

/// The `K` of the wrapped product for an `n`-limb modulus, or 0 when the whole product of
/// `q·m` is cheaper (below the NTT).
#[inline]
fn wrap_len(n: usize) -> usize {
    if n < MUL_NTT {
        return 0;
    }
    let k = n.next_power_of_two().max(2);
    if ntt_fits(k) {
        k
    } else {
        0
    }
}

/// Scratch limbs [`redc_mul`] needs for an `n`-limb modulus.
pub fn redc_mul_scratch_len(n: usize) -> usize {
    2 * n + n.next_power_of_two().max(2 * n) + mul_scratch_len(n, n)
}

/// `r = t·B^(-n) mod m` for odd `m` of `n` limbs (top limb nonzero), `t < m·B^n` (`2n` limbs,
/// left intact) and `mi = m^(-1) mod B^n` ([`binvert`]): `q = t·mi mod B^n` makes `t - q·m`
/// divisible by `B^n`, and the quotient `t_hi - hi(q·m)` lies in `(-m, m)`. `scratch` holds
/// [`redc_mul_scratch_len`]`(n)` limbs.
pub fn redc_mul(r: &mut [u64], t: &[u64], m: &[u64], mi: &[u64], scratch: &mut [u64]) {
    let n = m.len();
    debug_assert!(t.len() == 2 * n && mi.len() == n && r.len() == n);
    let (qx, rest) = scratch.split_at_mut(2 * n);
    let (u, rest) = rest.split_at_mut(n.next_power_of_two().max(2 * n));
    // q = t_lo·mi mod B^n, in qx[..n]; x = hi(q·m) goes to qx[n..] (lo(q·m) = t_lo).
    mul(qx, &t[..n], mi, rest);
    let (q, x) = qx.split_at_mut(n);
    let k = wrap_len(n);
    if k == 0 {
        mul(&mut u[..2 * n], q, m, rest);
        x.copy_from_slice(&u[n..2 * n]);
    } else {
        let w = &mut u[..k];
        mul_ntt_wrap(w, q, m);
        // w = x·B^n + t_lo mod (B^K - 1): y = w - t_lo, then x = y·B^(K-n), a rotation.
        if sub_from(w, &t[..n]) {
            sub_one(w);
        }
        if w.iter().all(|&v| v == u64::MAX) {
            x.fill(0);
        } else {
            for (j, xj) in x.iter_mut().enumerate() {
                *xj = w[(j + n) % k];
            }
            debug_assert!((n..k).all(|j| w[(j + n) % k] == 0));
        }
    }
    if sub_n(r, &t[n..], x) != 0 {
        add_n_assign(r, m);
    }
}

/// `w -= v` (`v.len() <= w.len()`); returns whether it borrowed out of `w`.
fn sub_from(w: &mut [u64], v: &[u64]) -> bool {
    let mut borrow = false;
    for (i, y) in w.iter_mut().enumerate() {
        let z = v.get(i).copied().unwrap_or(0);
        if i >= v.len() && !borrow {
            break;
        }
        let (a, b1) = y.overflowing_sub(z);
        let (a, b2) = a.overflowing_sub(u64::from(borrow));
        *y = a;
        borrow = b1 | b2;
    }
    borrow
}

/// `w -= 1` for `w > 0`.
fn sub_one(w: &mut [u64]) {
    for y in w.iter_mut() {
        let (a, b) = y.overflowing_sub(1);
        *y = a;
        if !b {
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::limbs::test_limbs as limbs;
    use crate::Int;

    #[test]
    fn binvert_inverts() {
        let mut seed = 11;
        for n in 1..=40 {
            let mut a = limbs(n, &mut seed);
            a[0] |= 1;
            let mut x = vec![0; n];
            let mut s = vec![0; binvert_scratch_len(n)];
            binvert(&mut x, &a, &mut s);
            let p = (Int::from_limbs(&a) * Int::from_limbs(&x)) % (Int::ONE << (64 * n as u32));
            assert_eq!(p, 1, "n={n} a={a:x?}");
        }
    }

    #[test]
    fn redc_mul_reduces() {
        let mut seed = 3;
        for n in (1..=40).chain([MUL_NTT - 1, MUL_NTT, 1000, 1024, 1025]) {
            let mut m = limbs(n, &mut seed);
            m[0] |= 1;
            if m[n - 1] == 0 {
                m[n - 1] = 1;
            }
            let mi_int = Int::from_limbs(&m);
            let mut mi = vec![0; n];
            let mut s = vec![0; binvert_scratch_len(n).max(redc_mul_scratch_len(n))];
            binvert(&mut mi, &m, &mut s);
            // t < m·B^n: t_hi = m - 1 at the extreme, random below.
            for case in 0..4 {
                let mut t = limbs(2 * n, &mut seed);
                let hi = Int::from_limbs(&t[n..]) % &mi_int;
                let hi = if case == 0 { &mi_int - 1u32 } else { hi };
                if case == 1 {
                    t[..n].fill(0);
                }
                if case == 2 {
                    t[..n].fill(u64::MAX);
                }
                t[n..].fill(0);
                t[n..n + hi.as_limbs().len()].copy_from_slice(hi.as_limbs());
                let mut r = vec![0; n];
                redc_mul(&mut r, &t, &m, &mi, &mut s);
                let r = Int::from_limbs(&r);
                assert!(r < mi_int, "n={n}");
                let back = (&r << (64 * n as u32)) % &mi_int;
                assert_eq!(back, Int::from_limbs(&t) % &mi_int, "n={n} case={case}");
            }
        }
    }
}
