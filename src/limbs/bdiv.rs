//! Exact division by Hensel's 2-adic method: quotient digits from the low end,
//! `q_i = w_i · d⁻¹ mod 2^64`, with no estimate to correct (Jebelean, "An algorithm for exact
//! division", J. Symbolic Computation 15, 1993; Brent & Zimmermann, MCA 1.4.8).
//! O(qn·dn); `Int::div_exact` uses it for divisors below `DIV_DC` limbs.

use super::add::sub_1_assign;
use super::mul::submul_1;

/// `d⁻¹ mod 2^64` for odd `d`, by Newton's iteration (each step doubles the correct low bits;
/// `d` is its own inverse mod 8).
///
/// ```
/// let d = 0x1234_5678_9abc_def1u64;
/// assert_eq!(d.wrapping_mul(carry::limbs::inverse_limb(d)), 1);
/// ```
pub const fn inverse_limb(d: u64) -> u64 {
    assert!(d & 1 == 1, "inverse_limb: even limb");
    let mut x = d;
    let mut i = 0;
    while i < 5 {
        x = x.wrapping_mul(2u64.wrapping_sub(d.wrapping_mul(x)));
        i += 1;
    }
    x
}

/// `x = x / d` in place for odd `d` when `d` divides `x` modulo `2^(64·x.len())`: the quotient
/// digits from the low end (Hensel), so a two's complement negative multiple of `d` gives the
/// two's complement quotient. The Toom interpolations divide by 3 and 45 with it.
///
/// ```
/// let mut x = [90, 0];
/// carry::limbs::divexact_1(&mut x, 45);
/// assert_eq!(x, [2, 0]);
/// let mut y = [u64::MAX - 5, u64::MAX]; // −6
/// carry::limbs::divexact_1(&mut y, 3);
/// assert_eq!(y, [u64::MAX - 1, u64::MAX]); // −2
/// ```
pub fn divexact_1(x: &mut [u64], d: u64) {
    let dinv = inverse_limb(d);
    let mut borrow = 0u64;
    for xi in x.iter_mut() {
        let (s, b) = xi.overflowing_sub(borrow);
        let q = s.wrapping_mul(dinv);
        *xi = q;
        borrow = ((q as u128 * d as u128) >> 64) as u64 + b as u64;
    }
}

/// Hensel division of `w` (the dividend, overwritten) by the odd `d`, `w.len() >= d.len() >= 1`:
/// writes `q` (`w.len() - d.len() + 1` limbs) with `q·d ≡ w mod 2^(64·q.len())` and returns
/// whether `d` divides `w` exactly, in which case `q` is the quotient.
///
/// ```
/// use carry::limbs::divexact_hensel;
/// let mut w = [35, 0];
/// let mut q = [0; 2];
/// assert!(divexact_hensel(&mut q, &mut w, &[7]));
/// assert_eq!(q, [5, 0]);
/// let mut w = [36, 0];
/// assert!(!divexact_hensel(&mut q, &mut w, &[7]));
/// ```
pub fn divexact_hensel(q: &mut [u64], w: &mut [u64], d: &[u64]) -> bool {
    let (wn, dn) = (w.len(), d.len());
    assert!(wn >= dn && dn >= 1 && d[0] & 1 == 1);
    let qn = wn - dn + 1;
    assert_eq!(q.len(), qn);
    let dinv = inverse_limb(d[0]);
    for i in 0..qn {
        let qi = w[i].wrapping_mul(dinv);
        q[i] = qi;
        let borrow = submul_1(&mut w[i..i + dn], d, qi);
        debug_assert_eq!(w[i], 0);
        if borrow != 0 && sub_1_assign(&mut w[i + dn..], borrow) != 0 {
            // w − q·d went below zero: the quotient would exceed w / d.
            return false;
        }
    }
    w[qn..].iter().all(|&x| x == 0)
}
