//! Division by a Newton reciprocal (Barrett's method, GMP's "mu" division): the reciprocal
//! `v ≈ B^(2n)/d` of the n-limb divisor from the reciprocal of its top half by one Newton step
//! (Brent and Zimmermann, "Modern Computer Arithmetic", §3.4.1 and Algorithm 3.5), then each
//! quotient block of up to n limbs as the top of `u·v`, corrected by a few subtractions of `d`;
//! the block's remainder is known to be below `B^(n+1)`, so in the NTT's range it is computed
//! modulo `B^K - 1` (a cyclic product of half the length). O(M(n)) per block, against
//! O(M(n)·log n) for Burnikel–Ziegler. `divrem` selects it from `DIV_MU` divisor limbs when the
//! quotient has at least as many limbs as the divisor; reciprocals below `RECIPROCAL_EXACT`
//! limbs are one exact division.
//!
//! Every reciprocal here is an underestimate, `B^(2n)/d - 3 ≤ v ≤ B^(2n)/d`: the half-size
//! reciprocal is taken of the top half plus one, and a Newton step from below stays below (with
//! `y = d·x/B^(2n)`, the new `y` is `1 - (1 - y)²`). So every quotient estimate is low by a few
//! units at most and the remainder it leaves is never negative.

use super::add::{add_1_assign, add_n_assign, cmp_n, neg_assign, sub_1_assign, sub_n_assign};
use super::div::divrem_schoolbook;
use super::div_dc::{divrem_dc, divrem_dc_scratch_len, quotient_blocks};
use super::mul::{mul, mul_scratch_len};
use super::ntt::{mul_ntt_wrap, ntt_fits, transform_len};
use crate::thresholds::{DIV_DC, MUL_NTT, RECIPROCAL_EXACT};

/// Scratch for `r = a·b` with the operands in either order.
fn mul_len(a: usize, b: usize) -> usize {
    mul_scratch_len(a.max(b), a.min(b))
}

/// `r = a·b` (`r.len() == a.len() + b.len()`) with the operands in either order.
fn mul_any(r: &mut [u64], a: &[u64], b: &[u64], scratch: &mut [u64]) {
    let (x, y) = if a.len() >= b.len() { (a, b) } else { (b, a) };
    mul(r, x, y, &mut scratch[..mul_len(x.len(), y.len())]);
}

/// The length of the top part whose reciprocal seeds the Newton step for `n` limbs.
fn half(n: usize) -> usize {
    n / 2 + 2
}

/// Whether the reciprocal of `n` limbs is computed exactly by one division (below
/// `RECIPROCAL_EXACT` limbs) rather than by a Newton step.
fn reciprocal_is_exact(n: usize) -> bool {
    n < RECIPROCAL_EXACT.max(8)
}

/// Scratch limbs [`reciprocal`] needs for an `n`-limb divisor.
pub fn reciprocal_scratch_len(n: usize) -> usize {
    if reciprocal_is_exact(n) {
        return 2 * n + 1 + divrem_dc_scratch_len(n);
    }
    let h = half(n);
    let step =
        (n + h + 1) + (n - h + 2) + (n + 3) + mul_len(n, h + 1).max(mul_len(n - h + 2, h + 1));
    2 * h + 1 + reciprocal_scratch_len(h).max(step)
}

/// `v` (`n + 1` limbs) with `B^(2n)/d - 3 ≤ v ≤ B^(2n)/d` for the normalized `n`-limb `d`
/// (top bit set). Requires `scratch.len() >= reciprocal_scratch_len(n)`.
pub fn reciprocal(v: &mut [u64], d: &[u64], scratch: &mut [u64]) {
    let n = d.len();
    assert!(n >= 2 && d[n - 1] >> 63 == 1 && v.len() == n + 1);
    if reciprocal_is_exact(n) {
        // ⌊B^(2n)/d⌋ by one division; the top n limbs of B^(2n) are below d.
        let (u, rest) = scratch.split_at_mut(2 * n + 1);
        u.fill(0);
        u[2 * n] = 1;
        if n >= DIV_DC {
            divrem_dc(v, u, d, rest);
        } else {
            divrem_schoolbook(v, u, d);
        }
        return;
    }
    // x = v_h·B^(n-h), v_h the reciprocal of d_h + 1 (d_h the top h limbs): below B^(2n)/d.
    let h = half(n);
    let (dh1, rest) = scratch.split_at_mut(h);
    let (vh, rest) = rest.split_at_mut(h + 1);
    dh1.copy_from_slice(&d[n - h..]);
    if add_1_assign(dh1, 1) != 0 {
        // d_h + 1 = B^h: its reciprocal is exactly B^h.
        vh.fill(0);
        vh[h] = 1;
    } else {
        reciprocal(vh, dh1, rest);
    }
    // e = B^(2n) - d·x = E·B^(n-h), E = B^(n+h) - d·v_h, and 0 ≤ E < 6·B^n: the low n + 1
    // limbs of d·v_h, negated, are E.
    let (p, rest) = rest.split_at_mut(n + h + 1);
    mul_any(p, d, vh, rest);
    let e = &mut p[..n + 1];
    neg_assign(e);
    // The Newton correction x·e/B^(2n) = v_h·E/B^(2h), from E without its low h - 1 limbs
    // (which moves it by less than one unit).
    let et = &e[h - 1..];
    let (c, rest) = rest.split_at_mut(n + 3);
    mul_any(c, vh, et, rest);
    // v = v_h·B^(n-h) + c/B^(h+1).
    let corr = &c[h + 1..];
    v.fill(0);
    v[n - h..].copy_from_slice(vh);
    let top = add_n_assign(&mut v[..corr.len()], corr);
    let carry = add_1_assign(&mut v[corr.len()..], top);
    debug_assert_eq!(carry, 0);
}

/// Scratch limbs [`divrem_mu`] needs for an `n`-limb divisor (the reciprocal included).
pub fn divrem_mu_scratch_len(n: usize) -> usize {
    (n + 1) + reciprocal_scratch_len(n).max(divrem_by_reciprocal_scratch_len(n))
}

/// Divides `u` (`q.len() + d.len()` limbs, its top `d.len()` limbs below `d`) by the normalized
/// `d` (top bit set, at least two limbs), as `divrem_dc`: the quotient goes to `q`, the
/// remainder to the low `d.len()` limbs of `u`, and the limbs above it are zeroed. Requires
/// `scratch.len() >= divrem_mu_scratch_len(d.len())`.
///
/// ```
/// use carry::limbs;
/// let d = [1, 1 << 63]; // 2^127 + 1
/// // u = 5·d + 2 = 2^129 + 2^127 + 7.
/// let mut u = [7, 1 << 63, 2, 0];
/// let mut q = [0; 2];
/// limbs::divrem_mu(&mut q, &mut u, &d, &mut vec![0; limbs::divrem_mu_scratch_len(2)]);
/// assert_eq!((q, &u[..2]), ([5, 0], &[2, 0][..]));
/// ```
pub fn divrem_mu(q: &mut [u64], u: &mut [u64], d: &[u64], scratch: &mut [u64]) {
    let n = d.len();
    let (v, rest) = scratch.split_at_mut(n + 1);
    reciprocal(v, d, rest);
    divrem_by_reciprocal(q, u, d, v, rest);
}

/// Scratch limbs [`divrem_by_reciprocal`] needs for an `n`-limb divisor.
pub fn divrem_by_reciprocal_scratch_len(n: usize) -> usize {
    let wrapped = 2 * (n + 2).next_power_of_two();
    (2 * n + 2) + wrapped + 3 * n + mul_len(n + 1, n + 1).max(divrem_dc_scratch_len(n))
}

/// [`divrem_mu`] with the divisor's reciprocal `v` from [`reciprocal`] given, for many
/// divisions by one divisor: each `n`-limb quotient block costs two products. Requires
/// `scratch.len() >= divrem_by_reciprocal_scratch_len(d.len())`.
///
/// ```
/// use carry::limbs;
/// let d = [5, 1 << 63]; // 2^127 + 5, normalized
/// let mut v = [0; 3];
/// limbs::reciprocal(&mut v, &d, &mut vec![0; limbs::reciprocal_scratch_len(2)]);
/// // u = 3·d + 7, as four limbs (two quotient limbs).
/// let mut u = [22, 1 << 63, 1, 0];
/// let mut q = [0; 2];
/// let mut scratch = vec![0; limbs::divrem_by_reciprocal_scratch_len(2)];
/// limbs::divrem_by_reciprocal(&mut q, &mut u, &d, &v, &mut scratch);
/// assert_eq!((q, &u[..2]), ([3, 0], &[7, 0][..]));
/// ```
pub fn divrem_by_reciprocal(
    q: &mut [u64],
    u: &mut [u64],
    d: &[u64],
    v: &[u64],
    scratch: &mut [u64],
) {
    let (qn, n) = (q.len(), d.len());
    assert!(n >= 2 && d[n - 1] >> 63 == 1 && u.len() == qn + n && v.len() == n + 1);
    for (j, m) in quotient_blocks(qn, n) {
        block(&mut q[j..j + m], &mut u[j..j + m + n], d, v, scratch);
    }
}

/// The `m`-limb quotient (`m ≤ n`) of the `(n + m)`-limb `w` (top `n` limbs below `d`) by
/// `d` with its reciprocal `v`: the estimate `⌊⌊w/B^(n-1)⌋·v / B^(n+1)⌋` is low by at most six,
/// so at most six subtractions of `d` finish the remainder.
fn block(q: &mut [u64], w: &mut [u64], d: &[u64], v: &[u64], scratch: &mut [u64]) {
    let (m, n) = (q.len(), d.len());
    let (p, rest) = scratch.split_at_mut(m + n + 2);
    mul_any(p, &w[n - 1..], v, rest);
    q.copy_from_slice(&p[n + 1..n + 1 + m]);
    debug_assert!(p[n + 1 + m] == 0);
    let k = wrap_len(m, n);
    let low = if k > 0 {
        remainder_wrapped(q, w, d, k, rest)
    } else {
        remainder(q, w, d, rest)
    };
    if !low {
        // Not reached when the reciprocal meets its bound (the estimate is never high).
        debug_assert!(false, "a mu-division estimate was high");
        divrem_dc(q, w, d, rest);
        return;
    }
    let mut fixes = 0;
    while w[n..].iter().any(|&x| x != 0) || cmp_n(&w[..n], d).is_ge() {
        fixes += 1;
        if fixes > 8 {
            // Not reached when the reciprocal meets its bound: recover by the exact division.
            debug_assert!(false, "a mu-division estimate was low by more than 8");
            let (qq, rest) = rest.split_at_mut(m);
            divrem_dc(qq, w, d, rest);
            add_n_assign(q, qq);
            return;
        }
        let (lo, hi) = w.split_at_mut(n);
        let b = sub_n_assign(lo, d);
        let b = sub_1_assign(hi, b);
        debug_assert_eq!(b, 0);
        add_1_assign(q, 1);
    }
}

/// `K` for computing a block's remainder modulo `B^K - 1` ([`mul_ntt_wrap`]), or 0 for the whole
/// product: a power of two above `n + 1`, when the products are in the NTT's range and the
/// cyclic transform is shorter than the whole product's.
fn wrap_len(m: usize, n: usize) -> usize {
    let k = (n + 2).next_power_of_two();
    if m.min(n) >= MUL_NTT && 2 * k < transform_len(m + n) && ntt_fits(k) {
        k
    } else {
        0
    }
}

/// `w -= q·d` by the whole product; false (and `w` left alone) when the estimate `q` was high.
fn remainder(q: &[u64], w: &mut [u64], d: &[u64], scratch: &mut [u64]) -> bool {
    let (qd, rest) = scratch.split_at_mut(q.len() + d.len());
    mul_any(qd, q, d, rest);
    if sub_n_assign(w, qd) != 0 {
        add_n_assign(w, qd);
        return false;
    }
    true
}

/// `w -= q·d` modulo `B^K - 1`, which holds the remainder (below `7d < B^(n+1)`) whole; false
/// (and `w` left alone) when the estimate `q` was high, which leaves the top limbs set.
fn remainder_wrapped(q: &[u64], w: &mut [u64], d: &[u64], k: usize, scratch: &mut [u64]) -> bool {
    let n = d.len();
    let (t, rest) = scratch.split_at_mut(k);
    let x = &mut rest[..k];
    mul_ntt_wrap(t, d, q);
    // x = w mod (B^K - 1), w being shorter than 2K limbs.
    let (w_lo, w_hi) = w.split_at(w.len().min(k));
    x.fill(0);
    x[..w_lo.len()].copy_from_slice(w_lo);
    let mut c = add_n_assign(&mut x[..w_hi.len()], w_hi);
    c = add_1_assign(&mut x[w_hi.len()..], c);
    if c != 0 {
        add_1_assign(x, 1);
    }
    // x - t, with B^K - 1 added back on a borrow.
    if sub_n_assign(x, t) != 0 {
        sub_1_assign(x, 1);
    }
    if x.iter().all(|&l| l == u64::MAX) {
        x.fill(0);
    }
    if x[n + 1..].iter().any(|&l| l != 0) {
        return false;
    }
    w.fill(0);
    w[..n + 1].copy_from_slice(&x[..n + 1]);
    true
}
