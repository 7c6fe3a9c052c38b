//! Toom-4 multiplication: both operands cut into four pieces of `k` limbs, evaluated at 0, 1,
//! −1, 2, −2, 1/2 and ∞, seven products of about `k` limbs, and the degree-6 product polynomial
//! interpolated back (Toom 1963, Cook 1966; the points as in Bodrato and Zanoni, "Integer and
//! polynomial multiplication: towards optimal Toom-Cook matrices", ISSAC 2007). O(n^1.404);
//! chosen from `MUL_TOOM4` limbs, below the NTT. Squares stay with Toom-3 up to the NTT: a
//! dedicated Toom-4 square (five squares at the inner points, one operand to evaluate) was
//! 4–18% slower than Toom-3's from 120 to 440 limbs and level (within 4%) from 480 to 800.

use super::add::{add, add_1_assign, add_assign, cmp_n, rsub_n_assign, sub_assign, sub_n_assign};
use super::bdiv::divexact_1;
use super::mul::{addmul_1, mul, mul_1, submul_1};
use super::normalized_len;
use super::shift::{shl_assign, shr_assign};
#[cfg(feature = "alloc")]
use alloc::{vec, vec::Vec};
use core::cmp::Ordering;

/// `x -= y·m`; the difference must not be negative (`x.len() >= y.len()`).
fn sub_mul(x: &mut [u64], y: &[u64], m: u64) {
    let y = &y[..normalized_len(y)];
    let (lo, hi) = x.split_at_mut(y.len());
    let borrow = submul_1(lo, y, m);
    let borrow = sub_assign(hi, &[borrow]);
    debug_assert_eq!(borrow, 0);
}

/// `x = |x − y|` for slices of equal length; returns whether `x < y`.
fn abs_sub(x: &mut [u64], y: &[u64]) -> bool {
    if cmp_n(x, y) == Ordering::Less {
        rsub_n_assign(x, y);
        true
    } else {
        sub_n_assign(x, y);
        false
    }
}

/// `x += y·m` into `x` of `k + 1` limbs, `y` of at most `k`; the sum must fit.
fn add_mul(x: &mut [u64], y: &[u64], m: u64) {
    let (lo, hi) = x.split_at_mut(y.len());
    let carry = add_1_assign(hi, addmul_1(lo, y, m));
    debug_assert_eq!(carry, 0);
}

/// x(1) into `p` and |x(−1)| into `e` (`o` is scratch; all `k + 1` limbs); returns whether
/// x(−1) is negative. x(±1) = (x0 + x2) ± (x1 + x3).
fn eval_pm1(p: &mut [u64], e: &mut [u64], o: &mut [u64], x: [&[u64]; 4]) -> bool {
    let k = x[0].len();
    e[k] = add(&mut e[..k], x[0], x[2]);
    o[k] = add(&mut o[..k], x[1], x[3]);
    let carry = add(p, e, o);
    debug_assert_eq!(carry, 0);
    abs_sub(e, o)
}

/// x(2) into `p` and |x(−2)| into `e` (`o` is scratch; all `k + 1` limbs); returns whether
/// x(−2) is negative. x(±2) = (x0 + 4·x2) ± (2·x1 + 8·x3).
fn eval_pm2(p: &mut [u64], e: &mut [u64], o: &mut [u64], x: [&[u64]; 4]) -> bool {
    let k = x[0].len();
    e[..k].copy_from_slice(x[0]);
    e[k] = 0;
    add_mul(e, x[2], 4);
    o[k] = mul_1(&mut o[..k], x[1], 2);
    add_mul(o, x[3], 8);
    let carry = add(p, e, o);
    debug_assert_eq!(carry, 0);
    abs_sub(e, o)
}

/// `h = 8·x0 + 4·x1 + 2·x2 + x3 = 8·x(1/2)` (`h` of `k + 1` limbs).
fn eval_half(h: &mut [u64], x: [&[u64]; 4]) {
    let k = x[0].len();
    h[k] = mul_1(&mut h[..k], x[0], 8);
    add_mul(h, x[1], 4);
    add_mul(h, x[2], 2);
    let carry = add_assign(h, x[3]);
    debug_assert_eq!(carry, 0);
}

/// The four pieces of `x`, each `k` limbs but the last.
fn pieces(x: &[u64], k: usize) -> [&[u64]; 4] {
    [&x[..k], &x[k..2 * k], &x[2 * k..3 * k], &x[3 * k..]]
}

/// The products at 1, −1, 2, −2 and 1/2, each `2k + 2` limbs: the four of the points ±1 and
/// ±2, and the one at 1/2, whose space first holds the operands at the other points.
#[cfg(feature = "alloc")]
fn point_products(k: usize) -> Vec<u64> {
    vec![0; 5 * (2 * k + 2)]
}

/// Without a heap `mul` does not select Toom-4 (see `mul_subquadratic`).
#[cfg(not(feature = "alloc"))]
fn point_products(_k: usize) -> [u64; 0] {
    unreachable!("Toom-4 needs the alloc feature")
}

/// Writes c0 + c1·X + … + c6·X^6 (X = B^k) into `r`, where `r[..2k]` holds c0 and `r[6k..]`
/// holds c6 and `pts` the products of [`point_products`] (r(−1) and r(−2) as magnitudes, with
/// `neg1`, `neg2` their signs). Every intermediate value is a sum of the cᵢ with nonnegative
/// coefficients, so no step goes below zero:
/// E1 = c0+c2+c4+c6 and O1 = c1+c3+c5 from r(±1); E2 = c0+4c2+16c4+64c6 and
/// O2 = c1+4c3+16c5 from r(±2); c4 = ((E2−c0−64c6)/4 − (E1−c0−c6))/3, c2 = E1−c0−c6−c4;
/// H = (64·r(1/2) − 64c0 − 16c2 − 4c4 − c6)/2 = 16c1+4c3+c5; U = (O2−O1)/3 = c3+5c5;
/// c5 = (H + 12U − 16·O1)/45, c3 = U − 5c5, c1 = O1 − c3 − c5.
fn interpolate(r: &mut [u64], k: usize, pts: &mut [u64], neg1: bool, neg2: bool) {
    let w = 2 * k + 2;
    let (p1, rest) = pts.split_at_mut(w);
    let (pm1, rest) = rest.split_at_mut(w);
    let (p2, rest) = rest.split_at_mut(w);
    let (pm2, ph) = rest.split_at_mut(w);
    let (c0, c6) = (&r[..2 * k], &r[6 * k..]);
    let (e1, o1) = sum_and_difference(p1, pm1, neg1);
    shr_assign(e1, 1);
    shr_assign(o1, 1);
    let (e2, o2) = sum_and_difference(p2, pm2, neg2);
    shr_assign(e2, 1);
    shr_assign(o2, 2);
    // e1 := c2 + c4 and e2 := c2 + 4c4, then e2 := c4 and e1 := c2.
    sub_assign(e1, c0);
    sub_assign(e1, c6);
    sub_assign(e2, c0);
    sub_mul(e2, c6, 64);
    shr_assign(e2, 2);
    sub_n_assign(e2, e1);
    divexact_1(e2, 3);
    sub_n_assign(e1, e2);
    let (c2, c4) = (e1, e2);
    // ph := H.
    sub_mul(ph, c0, 64);
    sub_mul(ph, c2, 16);
    sub_mul(ph, c4, 4);
    sub_assign(ph, c6);
    shr_assign(ph, 1);
    // o2 := U; ph := H + 12U − 16·O1 = 45·c5, then c5; o2 := c3; o1 := c1.
    sub_n_assign(o2, o1);
    divexact_1(o2, 3);
    let carry = addmul_1(ph, o2, 12);
    debug_assert_eq!(carry, 0);
    sub_mul(ph, o1, 16);
    divexact_1(ph, 45);
    sub_mul(o2, ph, 5);
    sub_n_assign(o1, o2);
    sub_n_assign(o1, ph);
    add_middle(r, k, [o1, c2, o2, c4, ph]);
}

/// From `p = r(x)` and `m = |r(−x)|` (with `negative` its sign) returns the two buffers holding
/// `r(x) + r(−x)` (twice the even part) and `r(x) − r(−x)` (twice the odd part), in that order;
/// both are nonnegative.
fn sum_and_difference<'a>(
    p: &'a mut [u64],
    m: &'a mut [u64],
    negative: bool,
) -> (&'a mut [u64], &'a mut [u64]) {
    rsub_n_assign(m, p); // m := p − |r(−x)|
    let out = shl_assign(p, 1);
    debug_assert_eq!(out, 0);
    sub_n_assign(p, m); // p := p + |r(−x)|
    if negative {
        (m, p)
    } else {
        (p, m)
    }
}

/// Puts c1…c5 at limbs k, 2k, …, 5k of `r`, between c0 (`r[..2k]`) and c6 (`r[6k..]`): the low
/// `2k` limbs of c2 and c4 are copied in, the rest added.
fn add_middle(r: &mut [u64], k: usize, [c1, c2, c3, c4, c5]: [&mut [u64]; 5]) {
    r[2 * k..4 * k].copy_from_slice(&c2[..2 * k]);
    r[4 * k..6 * k].copy_from_slice(&c4[..2 * k]);
    for (offset, c) in [
        (4 * k, &c2[2 * k..]),
        (6 * k, &c4[2 * k..]),
        (k, &*c1),
        (3 * k, &*c3),
        (5 * k, &*c5),
    ] {
        let c = &c[..normalized_len(c)];
        let carry = add_assign(&mut r[offset..], c);
        debug_assert_eq!(carry, 0);
    }
}

/// Toom-4 product `r = a·b`: with `k = ceil(a.len()/4)` requires `a.len() >= b.len() > 3k`,
/// `r.len() == a.len() + b.len()` and `scratch.len() >= mul_scratch_len(k + 1, k + 1)`. The
/// five products at the inner points take a buffer of their own (`10k + 10` limbs).
pub fn mul_toom4(r: &mut [u64], a: &[u64], b: &[u64], scratch: &mut [u64]) {
    let (an, bn) = (a.len(), b.len());
    let k = an.div_ceil(4);
    debug_assert!(an >= bn && bn > 3 * k);
    debug_assert_eq!(r.len(), an + bn);
    let (xa, xb) = (pieces(a, k), pieces(b, k));
    let w = 2 * k + 2;
    let mut pts = point_products(k);
    let (neg1, neg2) = {
        let (ea, rest) = r.split_at_mut(k + 1);
        let (oa, rest) = rest.split_at_mut(k + 1);
        let (eb, rest) = rest.split_at_mut(k + 1);
        let ob = &mut rest[..k + 1];
        let (products, half) = pts.split_at_mut(4 * w);
        let (pa, pb) = half.split_at_mut(k + 1);
        let (at1, rest) = products.split_at_mut(w);
        let (atm1, rest) = rest.split_at_mut(w);
        let (at2, atm2) = rest.split_at_mut(w);
        let neg1 = eval_pm1(pa, ea, oa, xa) != eval_pm1(pb, eb, ob, xb);
        mul(at1, pa, pb, scratch);
        mul(atm1, ea, eb, scratch);
        let neg2 = eval_pm2(pa, ea, oa, xa) != eval_pm2(pb, eb, ob, xb);
        mul(at2, pa, pb, scratch);
        mul(atm2, ea, eb, scratch);
        eval_half(ea, xa);
        eval_half(eb, xb);
        mul(half, ea, eb, scratch);
        (neg1, neg2)
    };
    mul(&mut r[..2 * k], xa[0], xb[0], scratch);
    mul(&mut r[6 * k..], xa[3], xb[3], scratch);
    interpolate(r, k, &mut pts, neg1, neg2);
}
