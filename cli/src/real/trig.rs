//! Sine, cosine and tangent.
//!
//! `x` is reduced modulo π/2 (`x = j·π/2 + r`, `|r| ≤ π/4`, π taken to as many more bits as
//! `x` has before the point), then `sin r` and `cos r` are summed together by the bit-burst
//! algorithm as for [`super::exp`]: `r` cut into pieces of 16, 16, 32, 64, ... bits, each
//! piece's sine and cosine two series summed by binary splitting, and the pieces combined by
//! the addition formulas (Brent & Zimmermann, Modern Computer Arithmetic, 4.9.2). `O(M(n)
//! log² n)` for `n` bits; `tan = sin/cos`.

use super::series::{self, Ratio};
use super::{consts, guard, Mag, Real, RealError, Result};
use carry::Int;

const FIRST_PIECE: u64 = 16;

/// Arguments beyond `2^MAX_TOP` are refused (their reduction needs π to that many bits).
const MAX_TOP: i64 = 1 << 24;

/// `(sin x, cos x)` to `prec` bits.
pub fn sin_cos(x: &Real, prec: u64) -> Result<(Real, Real)> {
    if x.mid_sign().is_eq() && x.is_exact() {
        return Ok((Real::zero(), Real::from_int(1u32)));
    }
    if !x.rad().le(Mag::pow2(0)) {
        // Both lie in [−1, 1] whatever x is.
        let unit = Real::zero().add_error(Mag::pow2(0));
        return Ok((unit.clone(), unit));
    }
    if x.top() > MAX_TOP {
        return Err(RealError::Range(format!(
            "sin/cos of an argument above 2^{MAX_TOP} in magnitude"
        )));
    }
    let w = prec + guard(prec);
    let mid = x.midpoint();
    let (r, quadrant) = if x.top() <= 0 {
        (mid, 0)
    } else {
        let top = x.top() as u64;
        let q = mid.div(&consts::pi(top + 64).mul_2exp(-1), top + 64)?;
        let j = round_mid(&q);
        let pw = w + top + 8;
        let half_pi = consts::pi(pw).mul_2exp(-1);
        let r = mid.sub(&half_pi.mul_int(&j, pw), pw);
        let quadrant = (&j & Int::from(3u32)).to_f64() as u8;
        (r, quadrant)
    };
    let (s, c) = sin_cos_ball(&r, w);
    let (s, c) = match quadrant {
        0 => (s, c),
        1 => (c, s.neg()),
        2 => (s.neg(), c.neg()),
        _ => (c.neg(), s),
    };
    let rho = x.rad();
    Ok((s.add_error(rho).round(prec), c.add_error(rho).round(prec)))
}

/// `sin x` to `prec` bits.
pub fn sin(x: &Real, prec: u64) -> Result<Real> {
    Ok(sin_cos(x, prec)?.0)
}

/// `cos x` to `prec` bits.
pub fn cos(x: &Real, prec: u64) -> Result<Real> {
    Ok(sin_cos(x, prec)?.1)
}

/// `tan x` to `prec` bits: an error when the cosine's ball contains 0.
pub fn tan(x: &Real, prec: u64) -> Result<Real> {
    let w = prec + 8;
    let (s, c) = sin_cos(x, w)?;
    s.div(&c, prec)
}

/// The integer nearest the midpoint of `q` (ties up).
pub fn round_mid(q: &Real) -> Int {
    let (man, e) = q.mid();
    if e >= 0 {
        man << e as u64
    } else {
        let s = (-e) as u64;
        (man + (Int::from(1u32) << (s - 1))) >> s
    }
}

/// `(sin r, cos r)` for a ball with `|r| ≤ 1`, to about `w` bits: the bit-burst on the
/// midpoint cut to `w + 8` bits after the point, then the radius added (both functions are
/// 1-Lipschitz).
fn sin_cos_ball(r: &Real, w: u64) -> (Real, Real) {
    let f = w + 8;
    let r = r.cut_below(-(f as i64));
    let (man, e) = r.mid();
    let fixed = if man.is_zero() {
        Int::ZERO
    } else {
        man << (e + f as i64) as u64
    };
    let neg = fixed.is_negative();
    let fixed = fixed.abs();
    let mut sc: Option<(Real, Real)> = None;
    let mut lo = 0;
    let mut hi = FIRST_PIECE.min(f);
    loop {
        let mut piece = &fixed >> (f - hi);
        if lo > 0 {
            piece -= (&fixed >> (f - lo)) << (hi - lo);
        }
        if !piece.is_zero() {
            let piece = if neg { -piece } else { piece };
            let (s1, c1) = sin_cos_dyadic(&piece, hi, w + 4);
            sc = Some(match sc {
                None => (s1, c1),
                Some((s, c)) => {
                    let v = w + 4;
                    (
                        s.mul(&c1, v).add(&c.mul(&s1, v), v),
                        c.mul(&c1, v).sub(&s.mul(&s1, v), v),
                    )
                }
            });
        }
        if hi == f {
            break;
        }
        lo = hi;
        hi = (2 * hi).min(f);
    }
    let (s, c) = sc.unwrap_or_else(|| (Real::zero(), Real::from_int(1u32)));
    let rho = r.rad();
    (s.add_error(rho).round(w), c.add_error(rho).round(w))
}

/// `(sin x, cos x)` for `x = a·2^-b`, `|x| ≤ 1`: `x·Σ (−x²)^k/(2k+1)!` and `Σ (−x²)^k/(2k)!`,
/// the term ratios `−a²/(2k(2k+1)·4^b)` and `−a²/((2k−1)2k·4^b)`.
fn sin_cos_dyadic(a: &Int, b: u64, w: u64) -> (Real, Real) {
    let a2 = a * a;
    let log2_x2 = series::log2_upper(&a2) - 2.0 * b as f64;
    let tail = Mag::pow2(-(w as i64) - 4);
    let pk = |_| -a2.clone();
    let q_sin = |k: u64| Int::from(2 * k) * Int::from(2 * k + 1);
    let n = series::terms_needed(
        &|k| log2_x2 - series::log2_lower(2 * k) - series::log2_lower(2 * k + 1),
        w + 4,
    );
    let sin_ratio = Ratio {
        p: &pk,
        q: &q_sin,
        shift: 2 * b,
    };
    let s =
        series::sum(&sin_ratio, n, tail, w + 4).mul(&Real::dyadic(a.clone(), -(b as i64)), w + 4);
    let q_cos = |k: u64| Int::from(2 * k - 1) * Int::from(2 * k);
    let n = series::terms_needed(
        &|k| log2_x2 - series::log2_lower(2 * k - 1) - series::log2_lower(2 * k),
        w + 4,
    );
    let cos_ratio = Ratio {
        p: &pk,
        q: &q_cos,
        shift: 2 * b,
    };
    let c = series::sum(&cos_ratio, n, tail, w + 4);
    (s, c)
}
