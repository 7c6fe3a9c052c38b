//! The constants π, log 2 and e to any precision, each kept once computed (a later request
//! for fewer bits rounds the kept value).
//!
//! - π by the Chudnovskys' series (D. V. and G. V. Chudnovsky, "Approximations and complex
//!   multiplication according to Ramanujan", 1988), 1/π = 12 Σ (−1)^k (6k)! (13591409 +
//!   545140134k) / ((3k)! (k!)^3 640320^(3k+3/2)), summed by binary splitting: about 14.18
//!   digits a term, `O(M(n) log² n)` for `n` digits.
//! - log 2 = 18 atanh(1/26) − 2 atanh(1/4801) + 8 atanh(1/8749), a Machin-like formula, each
//!   atanh summed by binary splitting in Euler's form ([`super::log::atanh_rational`]).
//! - e = Σ 1/k!, by binary splitting ([`super::exp::exp_rational`]).

use super::{guard, Mag, Real};
use carry::Int;
use std::cell::RefCell;

thread_local! {
    static PI: RefCell<Option<(u64, Real)>> = const { RefCell::new(None) };
    static LN2: RefCell<Option<(u64, Real)>> = const { RefCell::new(None) };
    static E: RefCell<Option<(u64, Real)>> = const { RefCell::new(None) };
}

/// The kept value of `cell` if it has at least `prec` bits, else `compute(prec)`, kept.
fn cached(
    cell: &'static std::thread::LocalKey<RefCell<Option<(u64, Real)>>>,
    prec: u64,
    compute: fn(u64) -> Real,
) -> Real {
    if let Some(x) = cell.with(|c| {
        c.borrow()
            .as_ref()
            .filter(|(p, _)| *p >= prec)
            .map(|(_, x)| x.round(prec))
    }) {
        return x;
    }
    let x = compute(prec);
    cell.with(|c| *c.borrow_mut() = Some((prec, x.clone())));
    x
}

/// π to `prec` bits.
pub fn pi(prec: u64) -> Real {
    cached(&PI, prec, chudnovsky)
}

/// log 2 to `prec` bits.
pub fn ln2(prec: u64) -> Real {
    cached(&LN2, prec, ln2_machin)
}

/// e to `prec` bits.
pub fn e(prec: u64) -> Real {
    cached(&E, prec, |prec| {
        super::exp::exp_rational(&Int::from(1u32), &Int::from(1u32), prec)
    })
}

/// 640320³/24 = 2^15 · 333833583375: the power of two is kept apart, as a shift.
const C3_OVER_24_ODD: u128 = 333_833_583_375;
const C3_OVER_24_TWOS: u64 = 15;

/// `(P, Q, T)` of the Chudnovsky series over the terms `1 ≤ a ≤ k < b`: with
/// `p(k) = −(6k−5)(2k−1)(6k−1)` and `q(k) = k³·640320³/24`, the ratio of term `k` to term
/// `k − 1` (without the linear factor), `P = Π p(k)`, `Q = Π q(k)/2^15` and
/// `T/(Q·2^(15(b−a)))` the sum over `k` of `(13591409 + 545140134k)·Π_{j=a}^{k} p(j)/q(j)`.
fn chudnovsky_split(a: u64, b: u64, need_p: bool) -> (Int, Int, Int) {
    if b - a == 1 {
        let k = i128::from(a);
        let p = -(6 * k - 5) * (2 * k - 1) * (6 * k - 1);
        let q = (k * k * k) as u128 * C3_OVER_24_ODD;
        let t = p * (13_591_409 + 545_140_134 * k);
        return (Int::from(p), Int::from(q), Int::from(t));
    }
    let m = a + (b - a) / 2;
    let (p1, q1, t1) = chudnovsky_split(a, m, true);
    let (p2, q2, t2) = chudnovsky_split(m, b, need_p);
    let t = ((&t1 * &q2) << (C3_OVER_24_TWOS * (b - m))) + &p1 * &t2;
    let p = if need_p { p1 * p2 } else { Int::ZERO };
    (p, q1 * q2, t)
}

/// π = 426880 √10005 · Q̂/(13591409 Q̂ + T), with `Q̂ = Q·2^(15(n−1))` and `(Q, T)` from
/// [`chudnovsky_split`] over the terms `1 ≤ k < n` (term 0 is 13591409).
///
/// Each term's ratio to the one before is below 1728/640320³ < 2^-47.11 in absolute value
/// (the ratio of the factorials is 8(6k+1)(6k+3)(6k+5)/(k+1)³ < 1728), and the linear factor
/// grows by at most `(n+1)` over `13591409`, so the tail after `n` terms is below
/// `2^(-47.11n + 6.3 + log2(n+1))` of the sum; π's relative error is at most twice that.
fn chudnovsky(prec: u64) -> Real {
    let w = prec + guard(prec);
    let n = ((w + 40) as f64 / 47.11).ceil() as u64 + 1;
    let (q, t) = if n > 1 {
        let (_, q, t) = chudnovsky_split(1, n, false);
        (q << (C3_OVER_24_TWOS * (n - 1)), t)
    } else {
        (Int::from(1u32), Int::ZERO)
    };
    let den = &q * Int::from(13_591_409u32) + t;
    let sqrt = Real::dyadic((Int::from(10005u32) << (2 * w)).sqrt(), -(w as i64))
        .add_error(Mag::pow2(-(w as i64)));
    let num = Real::from_int(q * Int::from(426_880u32)).mul(&sqrt, w);
    let pi = num
        .div(&Real::from_int(den), w)
        .expect("the series' sum is positive");
    let tail = -47.11 * n as f64 + 6.3 + ((n + 1) as f64).log2() + 1.0 + 2.0;
    pi.add_error(Mag::from_log2(tail)).round(prec)
}

/// `atanh(1/x)` to `w` bits.
fn atanh_recip(x: u32, w: u64) -> Real {
    super::log::atanh_rational(&Int::from(1u32), &Int::from(x), w)
}

/// log 2 by the Machin-like formula above.
fn ln2_machin(prec: u64) -> Real {
    let w = prec + 8;
    let a = atanh_recip(26, w).mul_int(&Int::from(18u32), w);
    let b = atanh_recip(4801, w).mul_int(&Int::from(2u32), w);
    let c = atanh_recip(8749, w).mul_int(&Int::from(8u32), w);
    a.sub(&b, w).add(&c, w).round(prec)
}
