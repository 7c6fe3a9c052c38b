//! The exponential function.
//!
//! `exp(x)` reduces `x = k·log 2 + r` with `|r| < 0.35` (`exp(x) = 2^k exp(r)`), then sums
//! `exp(r)` by the bit-burst algorithm (Brent, "The complexity of multiple-precision
//! arithmetic", 1976; Brent & Zimmermann, Modern Computer Arithmetic, 4.9.2): `r` is cut into
//! pieces `r_j` of 16, 16, 32, 64, ... bits, piece `j` below `2^-(16·2^(j−1))`, and
//! `exp(r) = Π exp(r_j)`, each a series summed by binary splitting ([`super::series`]) in
//! about `prec/2^j` terms of `2^j`-bit numbers. In all `O(M(n) log² n)` for `n` bits.
//! A small rational argument `p/q` is one series ([`exp_rational`]), e = exp(1) among them.

use super::series::{self, Ratio};
use super::{consts, guard, Mag, Real, RealError, Result};
use carry::{Int, Rational};

/// The size of the first piece of the bit-burst, in bits after the point.
const FIRST_PIECE: u64 = 16;

/// `exp(x)` to `prec` bits.
pub fn exp(x: &Real, prec: u64) -> Result<Real> {
    if x.mid_sign().is_eq() {
        return Ok(exp_ball(&Real::zero().add_error(x.rad()), prec));
    }
    if !x.rad().le(Mag::pow2(0)) {
        return Err(RealError::Imprecise);
    }
    if x.top() > 48 {
        return Err(RealError::Range(
            "exp of an argument above 2^48 in magnitude".into(),
        ));
    }
    let w = prec + guard(prec);
    if x.top() <= 1 {
        return Ok(exp_ball(x, w).round(prec));
    }
    // k = round(x / log 2), r = x − k·log 2 (with log 2 to bits(k) more bits).
    let k = (x.to_f64() / std::f64::consts::LN_2).round() as i64;
    let kbits = 64 - k.unsigned_abs().leading_zeros() as u64;
    let ln2 = consts::ln2(w + kbits + 8);
    let r = x.sub(&ln2.mul_int(&Int::from(k), w + kbits + 8), w + kbits + 8);
    Ok(exp_ball(&r, w).mul_2exp(k).round(prec))
}

/// `exp(p/q)` for an exact rational: one series for small `p` and `q`, else [`exp`].
pub fn exp_q(x: &Rational, prec: u64) -> Result<Real> {
    let (p, q) = (x.numer(), x.denom());
    if p.bits() <= 64 && q.bits() <= 64 && p.bits() <= q.bits() + 1 {
        return Ok(exp_rational(p, q, prec));
    }
    let w = prec + guard(prec);
    exp(&Real::from_rational(x, w + 64), prec)
}

/// `exp(p/q)` for `|p/q| ≤ 2`: `Σ (p/q)^k/k!` by binary splitting, the ratio of consecutive
/// terms `p/(q·k)`; a negative argument is the reciprocal of the positive one's sum (no
/// cancellation).
pub fn exp_rational(p: &Int, q: &Int, prec: u64) -> Real {
    let w = prec + guard(prec);
    let a = p.abs();
    let log2_x = series::log2_upper(&a) - (series::log2_upper(q) - 2e-12);
    let n = series::terms_needed(&|k| log2_x - series::log2_lower(k), w + 2);
    let pk = |_| a.clone();
    let qk = |k| q * Int::from(k);
    let ratio = Ratio {
        p: &pk,
        q: &qk,
        shift: 0,
    };
    // The sum is at least 1, so the tail bound is relative too.
    let s = series::sum(&ratio, n, Mag::pow2(-(w as i64) - 2), w);
    if p.is_negative() {
        Real::from_int(1u32)
            .div(&s, w)
            .expect("the sum is at least 1")
            .round(prec)
    } else {
        s.round(prec)
    }
}

/// `exp(x)` for a ball with `|x| < 2`, to about `w` bits (a few units of error): the
/// midpoint cut to `w + 8` bits after the point and summed by the bit-burst; the radius `ρ`
/// adds `exp(mid)·(e^ρ − 1) ≤ exp(mid)·2ρ` (for `ρ ≤ 1`).
pub fn exp_ball(x: &Real, w: u64) -> Real {
    let f = w + 8;
    let x = x.cut_below(-(f as i64));
    let (man, e) = x.mid();
    // The midpoint as a fixed-point number `fixed·2^-f`.
    let fixed = if man.is_zero() {
        Int::ZERO
    } else {
        man << (e + f as i64) as u64
    };
    let neg = fixed.is_negative();
    let fixed = fixed.abs();
    let mut result = Real::from_int(1u32);
    let mut lo = 0;
    let mut hi = FIRST_PIECE.min(f);
    loop {
        // The bits lo+1..=hi after the point (and the integer part, first): `piece·2^-hi`.
        let mut piece = &fixed >> (f - hi);
        if lo > 0 {
            piece -= (&fixed >> (f - lo)) << (hi - lo);
        }
        if !piece.is_zero() {
            let piece = if neg { -piece } else { piece };
            result = result.mul(&exp_dyadic(&piece, hi, w + 4), w + 4);
        }
        if hi == f {
            break;
        }
        lo = hi;
        hi = (2 * hi).min(f);
    }
    let rho = x.rad();
    if !rho.is_zero() {
        // e^ρ − 1 ≤ 2ρ for ρ ≤ 1, and < 2^(1.45ρ) ≤ 2^(2^(t+1)) for ρ ≤ 2^t.
        let spread = if rho.le(Mag::pow2(0)) {
            rho.mul_2exp(1)
        } else {
            Mag::pow2(1i64 << (rho.ceil_log2() + 1).min(60))
        };
        let bound = result.mag().mul(spread);
        result = result.add_error(bound);
    }
    result.round(w)
}

/// `exp(a·2^-b)` for `|a·2^-b| < 2`, to about `w` bits: the series `Σ x^k/k!` with the term
/// ratio `a/(k·2^b)`; for `x < 0` its terms alternate, and `exp(x) ≥ e^-2` loses at most three
/// bits to cancellation, covered by the guard bits.
fn exp_dyadic(a: &Int, b: u64, w: u64) -> Real {
    let log2_x = series::log2_upper(a) - b as f64;
    let n = series::terms_needed(&|k| log2_x - series::log2_lower(k), w + 4);
    let pk = |_| a.clone();
    let qk = |k| Int::from(k);
    let ratio = Ratio {
        p: &pk,
        q: &qk,
        shift: b,
    };
    series::sum(&ratio, n, Mag::pow2(-(w as i64) - 4), w + 4)
}
