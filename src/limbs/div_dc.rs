//! Divide-and-conquer division: Burnikel and Ziegler, "Fast Recursive Division" (MPI-I-98-1-022,
//! 1998), algorithms 2n/1n and 3n/2n, here on quotient blocks of any length up to the divisor's.
//! O(M(n) log n) for a 2n-by-n division. Selected by `divrem` when the divisor has at least
//! `DIV_DC` limbs; blocks shorter than that fall back to the schoolbook division.

use super::add::{add_n_assign, cmp_n, sub_1_assign, sub_n_assign};
use super::div::divrem_schoolbook;
use super::mul::{mul, mul_scratch_len};
use crate::thresholds::DIV_DC;

/// Scratch limbs [`divrem_dc`] needs for an `n`-limb divisor.
pub fn divrem_dc_scratch_len(n: usize) -> usize {
    3 * n + mul_scratch_len(n, n)
}

/// Divides `u` (`q.len() + d.len()` limbs, its top `d.len()` limbs below `d`) by the normalized
/// `d` (top bit set, at least two limbs): the quotient goes to `q`, the remainder to the low
/// `d.len()` limbs of `u`, and the limbs above it are zeroed, as [`divrem_schoolbook`].
/// Requires `scratch.len() >= divrem_dc_scratch_len(d.len())`.
pub fn divrem_dc(q: &mut [u64], u: &mut [u64], d: &[u64], scratch: &mut [u64]) {
    let (qn, n) = (q.len(), d.len());
    assert!(n >= 2 && d[n - 1] >> 63 == 1 && u.len() == qn + n);
    for (j, m) in quotient_blocks(qn, n) {
        let (qb, w) = (&mut q[j..j + m], &mut u[j..j + m + n]);
        if m == n {
            div_2n_1n(qb, w, d, scratch);
        } else {
            div_block(qb, w, d, scratch);
        }
    }
}

/// The quotient blocks `(start, length)` of a `qn`-limb quotient by an `n`-limb divisor, from
/// the top: blocks of `n` limbs, the first one shorter if `n` does not divide `qn`.
pub(super) fn quotient_blocks(qn: usize, n: usize) -> impl Iterator<Item = (usize, usize)> {
    let mut j = qn;
    core::iter::from_fn(move || {
        if j == 0 {
            return None;
        }
        let m = match j % n {
            0 => n,
            r => r,
        };
        j -= m;
        Some((j, m))
    })
}

/// The n-limb quotient of the `2n`-limb `w` (top half below `d`) by the `n`-limb `d`: the top
/// half of the quotient, then the bottom half, each one 3n/2n step.
fn div_2n_1n(q: &mut [u64], w: &mut [u64], d: &[u64], scratch: &mut [u64]) {
    let n = d.len();
    if n < DIV_DC {
        divrem_schoolbook(q, w, d);
        return;
    }
    let k = n / 2;
    div_block(&mut q[k..], &mut w[k..], d, scratch);
    div_block(&mut q[..k], &mut w[..n + k], d, scratch);
}

/// The `m`-limb quotient (`m < d.len()`) of the `(n + m)`-limb `w` (top `n` limbs below `d`):
/// estimate it from the top `m` limbs of `d` (one 2m/m division), then correct it by the
/// product with the low `n - m` limbs, adding `d` back at most twice.
fn div_block(q: &mut [u64], w: &mut [u64], d: &[u64], scratch: &mut [u64]) {
    let (m, n) = (q.len(), d.len());
    debug_assert!(m < n && w.len() == n + m);
    if m < DIV_DC {
        divrem_schoolbook(q, w, d);
        return;
    }
    let (d0, d1) = d.split_at(n - m);
    let top = &mut w[n - m..];
    let mut carry = 0;
    if cmp_n(&top[m..], d1).is_lt() {
        div_2n_1n(q, top, d1, scratch);
    } else {
        // The top m limbs equal d1: the estimate is B^m - 1, with remainder A2 + d1.
        q.fill(u64::MAX);
        carry = add_n_assign(&mut top[..m], d1);
        top[m..].fill(0);
    }
    let (prod, rest) = scratch.split_at_mut(n);
    let (x, y) = if m >= n - m { (&*q, d0) } else { (d0, &*q) };
    let s = mul_scratch_len(x.len(), y.len());
    mul(prod, x, y, &mut rest[..s]);
    // The remainder estimate carry·B^n + w[..n] - prod: its top "limb" is carry - borrow.
    let mut hi = carry as i64 - sub_n_assign(&mut w[..n], prod) as i64;
    while hi < 0 {
        sub_1_assign(q, 1);
        hi += add_n_assign(&mut w[..n], d) as i64;
    }
    debug_assert_eq!(hi, 0);
}
