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
