//! Lehmer's gcd step (Knuth, TAOCP vol. 2, 4.5.2, Algorithm L): Euclid's algorithm on the
//! leading 64 bits of `a ≥ b`, continued while the cofactors provably keep the full values
//! non-negative, gives a 2×2 matrix of one-limb cofactors; applying it to the full values
//! replaces about 32 bits' worth of single-quotient steps with four `mul_1`-like passes.
//!
//! The stopping rule: with `x = ⌊a/2^p⌋`, `y = ⌊b/2^p⌋` and Euclid on `(x, y)` giving
//! `r_i = s_i·x + t_i·y` (cofactors of alternating signs), the full value `s_i·a + t_i·b`
//! differs from `2^p·r_i` by less than `2^p·max(|s_i|, |t_i|)`; so it stays positive while
//! `r_i ≥ max(|s_i|, |t_i|)`, and a unimodular matrix of two such rows keeps the gcd.

use super::mul::{mul_1, submul_1};

/// Cofactor magnitudes after `odd`-parity steps: the new pair is
/// `(±(s0·a - t0·b), ∓(s1·a - t1·b))`, the first row's sign `+` when `odd` is false.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LehmerMatrix {
    /// `|s_i|`, the cofactor of `a` in the first new value.
    pub s0: u64,
    /// `|t_i|`, the cofactor of `b` in the first new value.
    pub t0: u64,
    /// `|s_{i+1}|`.
    pub s1: u64,
    /// `|t_{i+1}|`.
    pub t1: u64,
    /// Whether `i` is odd (then the first new value is `t0·b - s0·a`).
    pub odd: bool,
}

/// The Lehmer matrix for the leading words `x ≥ y > 0`, or `None` when not even one
/// quotient is safe (the quotient is too large for the precision: divide instead).
pub fn lehmer_matrix(x: u64, y: u64) -> Option<LehmerMatrix> {
    debug_assert!(x >= y && y > 0);
    let (mut r0, mut r1) = (x, y);
    let (mut s0, mut t0, mut s1, mut t1) = (1u64, 0u64, 0u64, 1u64);
    let mut steps = 0u32;
    while r1 != 0 {
        let q = if r0 - r1 < r1 { 1 } else { r0 / r1 };
        let r2 = r0 - q * r1;
        let s2 = u128::from(s0) + u128::from(q) * u128::from(s1);
        let t2 = u128::from(t0) + u128::from(q) * u128::from(t1);
        if u128::from(r2) < s2.max(t2) {
            break;
        }
        (r0, r1) = (r1, r2);
        (s0, t0, s1, t1) = (s1, t1, s2 as u64, t2 as u64);
        steps += 1;
    }
    (steps > 0).then_some(LehmerMatrix {
        s0,
        t0,
        s1,
        t1,
        odd: steps % 2 == 1,
    })
}

/// `r = |s·a - t·b|` where the sign is known: `a_first` says `s·a ≥ t·b`. All slices have the
/// same length `n` (the result fits `n` limbs).
fn combine(r: &mut [u64], a: &[u64], s: u64, b: &[u64], t: u64, a_first: bool) {
    let (hi, borrow) = if a_first {
        (mul_1(r, a, s), submul_1(r, b, t))
    } else {
        (mul_1(r, b, t), submul_1(r, a, s))
    };
    debug_assert_eq!(hi, borrow);
}

/// Applies `m` to `(a, b)` (same length `n`): `a2`, `b2` receive the new pair.
pub fn lehmer_apply(a2: &mut [u64], b2: &mut [u64], a: &[u64], b: &[u64], m: &LehmerMatrix) {
    combine(a2, a, m.s0, b, m.t0, !m.odd);
    combine(b2, a, m.s1, b, m.t1, m.odd);
}
