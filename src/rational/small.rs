//! One-limb fast paths of `Rational`'s `+ - * /`, by the same formulas as ops.rs (Henrici;
//! Knuth, TAOCP vol. 2, §4.5.1). When every numerator and denominator fits a limb, the whole
//! operation runs in `u64`/`u128` words: gcds by Stein's binary algorithm on words, products in
//! `u128`, a sum of two products carried in a 129th bit when the denominators are coprime, and the result built inline with no
//! allocation. When only the other operand fits a limb (`s += p/q` on a long running sum), the
//! sum updates the long value's parts in place by one-limb passes: a remainder (`limbs::mod_1`)
//! for each gcd, a product (`mul_1`), a fused `addmul_1`/`submul_1` and Hensel's exact division
//! by the common factor. O(1) and O(n) for an n-limb value, against the general path's gcds and
//! divisions of `Int`s; taken whenever the operands fit, no threshold.

use super::Rational;
use crate::limbs;
use crate::nt::{gcd_u64, stein_step};
use crate::Int;

/// The sign and magnitude of a value of at most one limb.
#[inline(always)]
pub(super) fn limb(x: &Int) -> Option<(bool, u64)> {
    match *x.as_limbs() {
        [] => Some((false, 0)),
        [m] => Some((x.is_negative(), m)),
        _ => None,
    }
}

/// The parts of a fraction whose numerator and denominator both fit a limb.
#[inline(always)]
pub(super) fn limbs_of(x: &Rational) -> Option<(bool, u64, u64)> {
    let (s, a) = limb(&x.numer)?;
    let (_, b) = limb(&x.denom)?;
    Some((s, a, b))
}

/// `(-1)^sa·a/b + (-1)^sc·c/d` for fractions of one-limb parts in lowest terms (`b, d > 0`).
pub(super) fn add(sa: bool, a: u64, b: u64, sc: bool, c: u64, d: u64) -> Rational {
    let g = gcd_u64(b, d);
    let (b1, d1) = if g == 1 { (b, d) } else { (b / g, d / g) };
    let p = u128::from(a) * u128::from(d1);
    let q = u128::from(c) * u128::from(b1);
    // t = ±p ± q as a sign, its low 128 bits and a carry bit.
    let (neg, lo, hi) = if sa == sc {
        let (s, carry) = p.overflowing_add(q);
        (sa, s, carry)
    } else if p >= q {
        (sa, p - q, false)
    } else {
        (sc, q - p, false)
    };
    if g == 1 {
        // gcd(t, b·d) = 1 when b and d are coprime.
        return Rational::from_reduced(
            numer_129(neg, lo, hi),
            Int::from(u128::from(b) * u128::from(d)),
        );
    }
    // Only gcd(t, g) can remain. Here d1, b1 <= 2^63 so t < 2^128: no carry bit.
    debug_assert!(!hi);
    let g2 = gcd_u64((lo % u128::from(g)) as u64, g);
    let numer = Int::from_sign_u128(neg, if g2 == 1 { lo } else { lo / u128::from(g2) });
    Rational::from_reduced(numer, Int::from(u128::from(b1) * u128::from(d / g2)))
}

/// The value `(-1)^neg · (hi·2^128 + lo)`.
#[inline(always)]
fn numer_129(neg: bool, lo: u128, hi: bool) -> Int {
    if hi {
        Int::from_sign_limbs(neg, &[lo as u64, (lo >> 64) as u64, 1])
    } else {
        Int::from_sign_u128(neg, lo)
    }
}

/// `(-1)^sa·a/b · (-1)^sc·c/d` for fractions of one-limb parts in lowest terms (`b, d > 0`):
/// `(a/g1)·(c/g2) / ((b/g2)·(d/g1))` with `g1 = gcd(a, d)`, `g2 = gcd(c, b)`.
pub(super) fn mul(sa: bool, a: u64, b: u64, sc: bool, c: u64, d: u64) -> Rational {
    if a == 0 || c == 0 {
        return Rational::ZERO;
    }
    let (g1, g2) = gcd_u64_pair(a, d, c, b);
    let (a, d) = if g1 == 1 { (a, d) } else { (a / g1, d / g1) };
    let (c, b) = if g2 == 1 { (c, b) } else { (c / g2, b / g2) };
    Rational::from_reduced(
        Int::from_sign_u128(sa != sc, u128::from(a) * u128::from(c)),
        Int::from(u128::from(b) * u128::from(d)),
    )
}

/// `x += (-1)^sc · c/d` in place, for a one-limb fraction `c/d` in lowest terms with `d > 1`
/// and any `x`: with `g = gcd(B, d)` for `x = A/B`, `A·(d/g) ± c·(B/g)` over `(B/g)·d`, then
/// divided by `gcd(that, g)`, every step a one-limb pass over `x`'s own buffers.
pub(super) fn add_assign(x: &mut Rational, sc: bool, c: u64, d: u64) {
    debug_assert!(d > 1);
    let g = gcd_limb(x.denom.as_limbs(), d);
    if g != 1 {
        x.denom.div_exact_limb_assign(g);
    }
    x.numer.mul_limb_assign(d / g);
    if sc {
        x.numer.sub_mul_u64(&x.denom, c);
    } else {
        x.numer.add_mul_u64(&x.denom, c);
    }
    let g2 = if g == 1 {
        1
    } else {
        gcd_limb(x.numer.as_limbs(), g)
    };
    if g2 != 1 {
        x.numer.div_exact_limb_assign(g2);
    }
    x.denom.mul_limb_assign(d / g2);
    if x.numer.is_zero() {
        x.denom = Int::ONE;
    }
}

/// `gcd(a, d)` for a magnitude `a` and a limb `d > 0`: the odd part of `d` against Hensel's
/// residue of `a` ([`limbs::modexact_1_odd`], no reciprocal to prepare), then the common
/// power of two.
fn gcd_limb(a: &[u64], d: u64) -> u64 {
    let Some(&a0) = a.first() else {
        return d;
    };
    let t = d.trailing_zeros();
    let od = d >> t;
    let g = if od == 1 {
        1
    } else {
        gcd_u64(limbs::modexact_1_odd(a, od), od)
    };
    // a's trailing zeros reach t unless its low limb has fewer.
    let t = if a0 == 0 {
        t
    } else {
        t.min(a0.trailing_zeros())
    };
    g << t
}

/// `(gcd(a1, b1), gcd(a2, b2))` of nonzero limbs: Stein's loop on both pairs at once, two
/// independent dependency chains that the processor runs side by side, until one pair meets;
/// the other finishes alone.
fn gcd_u64_pair(a1: u64, b1: u64, a2: u64, b2: u64) -> (u64, u64) {
    debug_assert!(a1 != 0 && b1 != 0 && a2 != 0 && b2 != 0);
    let k1 = (a1 | b1).trailing_zeros();
    let k2 = (a2 | b2).trailing_zeros();
    let (mut a1, mut b1) = (a1 >> a1.trailing_zeros(), b1 >> b1.trailing_zeros());
    let (mut a2, mut b2) = (a2 >> a2.trailing_zeros(), b2 >> b2.trailing_zeros());
    while a1 != b1 && a2 != b2 {
        (a1, b1) = stein_step(a1, b1);
        (a2, b2) = stein_step(a2, b2);
    }
    (gcd_u64(a1, b1) << k1, gcd_u64(a2, b2) << k2)
}
