//! The natural logarithm.
//!
//! `log x` for `x = 2^k·y`, `3/4 ≤ y < 3/2`, is `k·log 2 + log y`, and `log y` comes from an
//! approximation `z` with a third of the bits (computed the same way, down to an `f64`):
//! with `t = y·e^-z − 1`, `|t| ≈ 2^-(w/3)`, `log y = z + log(1 + t) = z + t − t²/2 + θ`,
//! `|θ| ≤ |t|³` (Newton's iteration on `exp` with a second-order correction: Brent &
//! Zimmermann, Modern Computer Arithmetic, 4.2.5). One `exp` at full precision plus the
//! same at a third: about 1.2 times the cost of [`super::exp`], `O(M(n) log² n)`.
//!
//! The logarithm of a small rational is one series instead ([`log_q`]): `log(p/q) =
//! k·log 2 + 2 atanh(u/v)` with `u/v = (p' − q')/(p' + q')` for `p'/q' = 2^-k·p/q` in
//! `[3/4, 3/2)`, so `|u/v| ≤ 1/5`, summed by binary splitting in Euler's form
//! ([`atanh_rational`]).

use super::exp::exp_ball;
use super::series::{self, Ratio};
use super::{consts, guard, Mag, Real, RealError, Result};
use carry::{Int, Rational};
use std::cmp::Ordering;

/// `log x` to `prec` bits: an error for `x ≤ 0`, or when the ball contains 0.
pub fn log(x: &Real, prec: u64) -> Result<Real> {
    match x.sign() {
        Some(Ordering::Equal) => return Err(RealError::Domain("log of zero".into())),
        Some(Ordering::Less) => return Err(RealError::Domain("log of a negative number".into())),
        None => return Err(RealError::Imprecise),
        Some(Ordering::Greater) => {}
    }
    let w = prec + guard(prec);
    let (man, e) = x.mid();
    let mut k = x.top();
    // y = man·2^(e−k) is in [1/2, 1); its second bit tells whether it is below 3/4.
    if man.bits() < 2 || !man.bit(man.bits() - 2) {
        k -= 1;
    }
    let y = Real::dyadic(man.clone(), e - k);
    let mut result = log_near_one(&y, w + 8);
    if k != 0 {
        let kbits = 64 - k.unsigned_abs().leading_zeros() as u64;
        let l = consts::ln2(w + kbits).mul_int(&Int::from(k), w + kbits);
        result = result.add(&l, w);
    }
    // |log(m ± ρ) − log m| ≤ ρ/(m − ρ).
    if !x.is_exact() {
        let spread = x.rad().div(x.mag_lower()).ok_or(RealError::Imprecise)?;
        result = result.add_error(spread);
    }
    Ok(result.round(prec))
}

/// `log(p/q)` for an exact rational: one series for small `p` and `q`, else [`log`].
pub fn log_q(x: &Rational, prec: u64) -> Result<Real> {
    if !x.is_positive() {
        return log(&Real::from_rational(x, 64), prec);
    }
    let (p, q) = (x.numer(), x.denom());
    let mut k = p.bits() as i64 - q.bits() as i64;
    // p'/q' = p/(q·2^k), first in (1/2, 2), then moved into [3/4, 3/2).
    let scaled = |k: i64| -> (Int, Int) {
        if k >= 0 {
            (p.clone(), q << k as u64)
        } else {
            (p << (-k) as u64, q.clone())
        }
    };
    let (mut a, mut b) = scaled(k);
    if Int::from(4u32) * &a < Int::from(3u32) * &b {
        k -= 1;
        (a, b) = scaled(k);
    } else if Int::from(2u32) * &a >= Int::from(3u32) * &b {
        k += 1;
        (a, b) = scaled(k);
    }
    if a.bits() > 96 || b.bits() > 96 {
        let w = prec + guard(prec);
        return log(&Real::from_rational(x, w + 64), prec);
    }
    let w = prec + guard(prec);
    let (u, v) = (&a - &b, &a + &b);
    let mut result = if u.is_zero() {
        Real::zero()
    } else {
        atanh_rational(&u, &v, w).mul_2exp(1)
    };
    if k != 0 {
        let kbits = 64 - k.unsigned_abs().leading_zeros() as u64;
        let l = consts::ln2(w + kbits).mul_int(&Int::from(k), w + kbits);
        result = result.add(&l, w);
    }
    Ok(result.round(prec))
}

/// `atanh(u/v)` for integers `0 < |u| < v`, `|u/v| ≤ 1/3`, to `w` bits, in Euler's form
/// `atanh(x) = x/(1−x²) · Σ_k (2k)!!/(2k+1)!! · (−x²/(1−x²))^k`: the ratio of consecutive
/// terms `−2k·u²/((2k+1)(v²−u²))`, below `u²/(v²−u²) ≤ 1/8` in absolute value.
pub fn atanh_rational(u: &Int, v: &Int, w: u64) -> Real {
    let w = w + 8;
    let u2 = u * u;
    let d = v * v - &u2;
    let log2_ratio = series::log2_upper(&u2) - (series::log2_upper(&d) - 2e-12);
    let n = series::terms_needed(&|_| log2_ratio, w);
    let p = |k: u64| -Int::from(2 * k) * &u2;
    let q = |k: u64| Int::from(2 * k + 1) * &d;
    let ratio = Ratio {
        p: &p,
        q: &q,
        shift: 0,
    };
    let s = series::sum(&ratio, n, Mag::pow2(-(w as i64)), w);
    let factor = Real::from_int(u * v)
        .div(&Real::from_int(d.clone()), w)
        .expect("v² − u² > 0");
    s.mul(&factor, w)
}

/// `log y` for an exact `y` in `[3/4, 3/2)`, to about `w` bits.
fn log_near_one(y: &Real, w: u64) -> Real {
    let z = if w <= 120 {
        from_f64(y.to_f64().ln())
    } else {
        log_near_one(y, w / 3 + 16).midpoint().round(w / 3 + 32)
    };
    let w = w + 8;
    let t = y
        .mul(&exp_ball(&z.neg(), w + 8), w)
        .sub(&Real::from_int(1u32), w);
    let m = t.mag();
    if !m.le(Mag::pow2(-2)) {
        // Not for a correct z; rigorous regardless, as |log y| < 0.41 on [3/4, 3/2).
        return Real::zero().add_error(Mag::pow2(-1));
    }
    // log(1 + t) = t − t²/2 + θ, |θ| ≤ |t|³/(3(1 − |t|)) ≤ |t|³.
    let t2 = t.mul(&t, w).mul_2exp(-1);
    let correction = t.sub(&t2, w).add_error(m.mul(m).mul(m));
    z.add(&correction, w)
}

/// The exact value of a finite `f64` as a ball.
pub fn from_f64(v: f64) -> Real {
    if v == 0.0 || !v.is_finite() {
        return Real::zero();
    }
    let bits = v.to_bits();
    let exponent = ((bits >> 52) & 0x7ff) as i64;
    let fraction = bits & ((1u64 << 52) - 1);
    let (mantissa, e) = if exponent == 0 {
        (fraction, -1074)
    } else {
        (fraction | (1u64 << 52), exponent - 1075)
    };
    let m = Int::from(mantissa);
    Real::dyadic(if v < 0.0 { -m } else { m }, e)
}
