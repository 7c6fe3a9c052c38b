//! Square roots, k-th roots and real powers.
//!
//! `√x` and `x^(1/k)` for small `k` are carry's integer roots (`Int::sqrt`, Zimmermann's
//! Karatsuba square root, `O(M(n))`; `Int::nth_root`, Newton's iteration) of the midpoint
//! scaled to `k` times the working precision, exact to one unit; the radius `ρ` adds
//! `ρ·(m − ρ)^(1/k − 1)/k` (the derivative's bound over the ball). Larger `k`, and real
//! exponents, go through `exp(y·log x)`.

use super::{exp, guard, log, Mag, Real, RealError, Result};
use std::cmp::Ordering;

/// Roots of index above this go through `exp(log(x)/k)`.
const ROOT_BY_INTEGER: u32 = 8;

/// `√x` to `prec` bits.
pub fn sqrt(x: &Real, prec: u64) -> Result<Real> {
    root(x, 2, prec)
}

/// `x^(1/k)` to `prec` bits, for `k ≥ 1`: negative `x` has a (negative) root only for odd `k`.
pub fn root(x: &Real, k: u32, prec: u64) -> Result<Real> {
    if k == 0 {
        return Err(RealError::Domain("the 0th root is undefined".into()));
    }
    if k == 1 {
        return Ok(x.round(prec));
    }
    match x.sign() {
        Some(Ordering::Equal) => Ok(Real::zero()),
        Some(Ordering::Less) if k.is_multiple_of(2) => Err(RealError::Domain(format!(
            "{} of a negative number",
            if k == 2 {
                "sqrt".to_string()
            } else {
                format!("root of even index {k}")
            }
        ))),
        Some(Ordering::Less) => Ok(root_positive(&x.neg(), k, prec)?.neg()),
        Some(Ordering::Greater) => root_positive(x, k, prec),
        None => {
            // The ball holds 0: the root lies in [0, u^(1/k)] (or its odd reflection).
            let u = root_upper(x.mag(), k);
            let half = u.mul_2exp(-1);
            let (n, e) = half.to_dyadic();
            let lo = if !k.is_multiple_of(2) { u } else { half };
            let mid = if !k.is_multiple_of(2) {
                Real::zero()
            } else {
                Real::dyadic(n, e)
            };
            Ok(mid.add_error(lo))
        }
    }
}

/// `x^(1/k)` for a ball of positive numbers.
fn root_positive(x: &Real, k: u32, prec: u64) -> Result<Real> {
    let w = prec + 8;
    if k > ROOT_BY_INTEGER {
        let g = prec + guard(prec);
        let l = log::log(x, g)?;
        let y = l.div(&Real::from_int(k), g)?;
        return Ok(exp::exp(&y, g)?.round(prec));
    }
    let kw = u64::from(k) * (w + 2);
    let xr = x.round(kw + 8);
    let (man, e) = xr.mid();
    // man·2^s with (e − s) a multiple of k and at least k(w + 2) bits.
    let mut s = (kw as i64 - man.bits() as i64).max(0);
    s += (e - s).rem_euclid(i64::from(k));
    let scaled = man << s as u64;
    let r = if k == 2 {
        scaled.sqrt()
    } else {
        scaled.nth_root(k)
    };
    let exp = (e - s) / i64::from(k);
    let mut result = Real::dyadic(r, exp).add_error(Mag::pow2(exp));
    let rho = xr.rad();
    if !rho.is_zero() {
        // (m ± ρ)^(1/k) − m^(1/k) ≤ ρ·(m − ρ)^(1/k − 1)/k.
        let low = xr.mag_lower();
        if low.is_zero() {
            return Err(RealError::Imprecise);
        }
        let l = low.log2() - 1e-9 * (1.0 + low.log2().abs());
        let kf = f64::from(k);
        let factor = Mag::from_log2((1.0 / kf - 1.0) * l - kf.log2() + 1e-9);
        result = result.add_error(rho.mul(factor));
    }
    Ok(result.round(prec))
}

/// An upper bound of `u^(1/k)`.
fn root_upper(u: Mag, k: u32) -> Mag {
    if u.is_zero() {
        return Mag::ZERO;
    }
    let l = u.log2();
    Mag::from_log2(l / f64::from(k) + 1e-9 * (1.0 + l.abs()))
}

/// `x^y` for real `y`, `exp(y·log x)`: `x > 0`, or `x = 0` with `y > 0` (giving 0).
pub fn pow(x: &Real, y: &Real, prec: u64) -> Result<Real> {
    match x.sign() {
        Some(Ordering::Equal) => {
            return match y.sign() {
                Some(Ordering::Greater) => Ok(Real::zero()),
                Some(_) => Err(RealError::Domain(
                    "zero to a negative or zero real power".into(),
                )),
                None => Err(RealError::Imprecise),
            }
        }
        Some(Ordering::Less) => {
            return Err(RealError::Domain(
                "a negative number to a non-integer power".into(),
            ))
        }
        None => return Err(RealError::Imprecise),
        Some(Ordering::Greater) => {}
    }
    // y·log x needs as many more bits as it has before the point.
    let g = prec + guard(prec);
    let l = log::log(x, g + 16)?;
    let t = y.mul(&l, g + 16);
    let extra = t.top().max(0) as u64;
    let t = if extra > 0 {
        y.mul(&log::log(x, g + 16 + extra)?, g + 16 + extra)
    } else {
        t
    };
    Ok(exp::exp(&t, g)?.round(prec))
}
