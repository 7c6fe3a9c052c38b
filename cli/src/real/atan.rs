//! The arctangent, `atan(x)` and `atan2(y, x)`.
//!
//! `|x| > 1` is reduced by `atan x = ±π/2 − atan(1/x)`, then `|x| > 1/4` by
//! `atan x = 2 atan(x/(1 + √(1 + x²)))` (at most twice). The rest is the bit-burst algorithm
//! (Brent, "The complexity of multiple-precision arithmetic", 1976; Brent & Zimmermann,
//! Modern Computer Arithmetic, 4.9.2): with `c` the first 16, 32, 64, ... bits of `x`,
//! `atan x = atan c + atan((x − c)/(1 + xc))`, the second argument below `2^-bits`; `atan c` is
//! a series summed by binary splitting in Euler's form
//! `atan c = c/(1+c²) Σ (2k)!!/(2k+1)!! (c²/(1+c²))^k`, and once the argument `t` is below
//! `2^-(n/3)` its arctangent is `t` within `|t|³/3`. `O(M(n) log² n)` for `n` bits.

use super::series::{self, Ratio};
use super::{consts, guard, roots, Mag, Real, RealError, Result};
use carry::Int;
use std::cmp::Ordering;

const FIRST_PIECE: u64 = 16;

/// `atan x` to `prec` bits.
pub fn atan(x: &Real, prec: u64) -> Result<Real> {
    if x.mid_sign().is_eq() {
        // atan is 1-Lipschitz and odd: [−ρ, ρ] maps into itself.
        return Ok(x.clone());
    }
    let w = prec + guard(prec);
    let mid = x.midpoint();
    let one = Real::from_int(1u32);
    let result = if mid.abs_mid().sub(&one, w).mid_sign() == Ordering::Greater {
        let inv = one.div(&mid, w)?;
        let a = atan_small(&inv, w)?;
        let half_pi = consts::pi(w).mul_2exp(-1);
        if mid.mid_sign() == Ordering::Greater {
            half_pi.sub(&a, w)
        } else {
            half_pi.neg().sub(&a, w)
        }
    } else {
        atan_small(&mid, w)?
    };
    Ok(result.add_error(x.rad()).round(prec))
}

/// `atan2(y, x)`: the angle of the point `(x, y)`, in `(−π, π]`; `atan2(0, 0) = 0` (as C,
/// MPFR and Python). An error when the balls cannot tell on which side of the cut the
/// point lies.
pub fn atan2(y: &Real, x: &Real, prec: u64) -> Result<Real> {
    let w = prec + guard(prec);
    let (ys, xs) = (y.sign(), x.sign());
    if ys == Some(Ordering::Equal) {
        return match xs {
            Some(Ordering::Equal) | Some(Ordering::Greater) => Ok(Real::zero()),
            Some(Ordering::Less) => Ok(consts::pi(prec)),
            None => Err(RealError::Imprecise),
        };
    }
    let x_larger = y.mag().le(x.mag());
    match (xs, ys) {
        (Some(Ordering::Greater), _) if x_larger || ys.is_none() => atan(&y.div(x, w)?, prec),
        (Some(Ordering::Less), Some(s)) if x_larger => {
            let a = atan(&y.div(x, w)?, w)?;
            let pi = consts::pi(w);
            Ok(if s == Ordering::Greater {
                a.add(&pi, prec)
            } else {
                a.sub(&pi, prec)
            })
        }
        (_, Some(s)) => {
            let a = atan(&x.div(y, w)?, w)?;
            let half_pi = consts::pi(w).mul_2exp(-1);
            Ok(if s == Ordering::Greater {
                half_pi.sub(&a, prec)
            } else {
                half_pi.neg().sub(&a, prec)
            })
        }
        _ => Err(RealError::Imprecise),
    }
}

/// `atan z` for a ball with `|z| ≤ 1` (or a little more), to about `w` bits.
fn atan_small(z: &Real, w: u64) -> Result<Real> {
    let f = w + 8;
    let one = Real::from_int(1u32);
    let mut z = z.clone();
    let mut doublings = 0;
    while !z.mag().le(Mag::pow2(-2)) {
        let s = roots::sqrt(&z.mul(&z, f).add(&one, f), f)?;
        z = z.div(&s.add(&one, f), f)?;
        doublings += 1;
    }
    let mut total = Real::zero();
    let mut hi = FIRST_PIECE;
    loop {
        let m = z.mag();
        if m.le(Mag::pow2(-((f / 3) as i64) - 1)) {
            // atan t = t + θ, |θ| ≤ |t|³/3.
            total = total.add(&z, f).add_error(m.mul(m).mul(m));
            break;
        }
        // c: the midpoint cut (towards zero) to hi bits after the point.
        let (man, e) = z.mid();
        let a = if e >= -(hi as i64) {
            man << (e + hi as i64) as u64
        } else {
            let s = (-e) as u64 - hi;
            let t = man.abs() >> s;
            if man.is_negative() {
                -t
            } else {
                t
            }
        };
        if !a.is_zero() {
            let c = Real::dyadic(a.clone(), -(hi as i64));
            total = total.add(&atan_dyadic(&a, hi, f), f);
            let den = z.mul(&c, f).add(&one, f);
            z = z.sub(&c, f).div(&den, f)?;
        }
        hi *= 2;
    }
    Ok(total.mul_2exp(doublings).round(w))
}

/// `atan(a·2^-b)` for `|a·2^-b| ≤ 1/2`, to about `w` bits, in Euler's form: the ratio of
/// consecutive terms `2k·a²/((2k+1)(a² + 4^b))`, below `x²/(1+x²)`.
fn atan_dyadic(a: &Int, b: u64, w: u64) -> Real {
    let w = w + 4;
    let a2 = a * a;
    let d = &a2 + (Int::from(1u32) << (2 * b));
    let log2_ratio = series::log2_upper(&a2) - (series::log2_upper(&d) - 2e-12);
    let n = series::terms_needed(&|_| log2_ratio, w);
    let p = |k: u64| Int::from(2 * k) * &a2;
    let q = |k: u64| Int::from(2 * k + 1) * &d;
    let ratio = Ratio {
        p: &p,
        q: &q,
        shift: 0,
    };
    let s = series::sum(&ratio, n, Mag::pow2(-(w as i64)), w);
    let factor = Real::from_int(a << b)
        .div(&Real::from_int(d.clone()), w)
        .expect("a² + 4^b > 0");
    s.mul(&factor, w)
}
