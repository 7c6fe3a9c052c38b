//! Real numbers to any precision, with rigorous error bounds: a [`Real`] is a ball, a dyadic
//! midpoint `man·2^exp` and a radius bounding its distance to the true value (ball arithmetic,
//! as in Arb: van der Hoeven, "Ball arithmetic", 2009; Johansson, "Arb: efficient
//! arbitrary-precision midpoint-radius interval arithmetic", IEEE Trans. Comput. 2017).
//!
//! Each operation takes a working precision in bits and returns a ball that contains the exact
//! result for every point of its arguments' balls; rounding the midpoint to that precision
//! only widens the radius. So a value evaluated at any precision is an enclosure of the truth,
//! and [`Real::to_decimal`] prints its digits only when every point of the ball rounds to the
//! same ones: otherwise the caller evaluates again at a higher precision (Ziv's strategy), and
//! the printed digits are always the true value correctly rounded.
//!
//! The functions live one family a file: constants ([`consts`]: π by Chudnovsky's series,
//! log 2, e), [`exp`], [`log`], [`trig`] (sin, cos, tan), [`atan`] (atan, atan2), [`roots`]
//! (square and k-th roots, powers); the series behind them are summed by binary splitting
//! ([`series`]) on carry's subquadratic products and divisions.

pub mod atan;
pub mod consts;
pub mod decimal;
pub mod exp;
pub mod functions;
pub mod log;
mod mag;
pub mod roots;
pub mod series;
pub mod trig;

#[cfg(test)]
mod tests;

use carry::{Int, Rational};
use std::cmp::Ordering;
use std::fmt;

pub use mag::Mag;

/// A real number known to lie within `rad` of `man·2^exp`.
#[derive(Clone, Debug)]
pub struct Real {
    man: Int,
    exp: i64,
    rad: Mag,
}

/// Why a value could not be computed.
#[derive(Clone, Debug, PartialEq)]
pub enum RealError {
    /// The argument is outside the function's domain (the message names the function).
    Domain(String),
    /// The argument is too large to compute with (`exp(10^30)`).
    Range(String),
    /// The ball is too wide to decide something the result depends on (a divisor that may
    /// be zero, a logarithm of a value that may be negative): more precision may decide it.
    Imprecise,
}

impl fmt::Display for RealError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RealError::Domain(m) | RealError::Range(m) => f.write_str(m),
            RealError::Imprecise => f.write_str("cannot decide at the working precision"),
        }
    }
}

pub type Result<T> = std::result::Result<T, RealError>;

impl Real {
    /// Exactly `0`.
    pub fn zero() -> Real {
        Real::dyadic(Int::ZERO, 0)
    }

    /// Exactly `man·2^exp`.
    pub fn dyadic(man: Int, exp: i64) -> Real {
        let exp = if man.is_zero() { 0 } else { exp };
        Real {
            man,
            exp,
            rad: Mag::ZERO,
        }
    }

    /// Exactly `n`.
    pub fn from_int(n: impl Into<Int>) -> Real {
        Real::dyadic(n.into(), 0)
    }

    /// `q` to `prec` bits (exact when its denominator is a power of two).
    pub fn from_rational(q: &Rational, prec: u64) -> Real {
        let (n, d) = (q.numer(), q.denom());
        if let Some(k) = d.trailing_zeros().filter(|&k| d.bits() == k + 1) {
            return Real::dyadic(n.clone(), -(k as i64));
        }
        Real::from_int(n.clone())
            .div(&Real::from_int(d.clone()), prec)
            .expect("a rational's denominator is positive")
    }

    /// The midpoint `(man, exp)`: `man·2^exp`.
    pub fn mid(&self) -> (&Int, i64) {
        (&self.man, self.exp)
    }

    /// The radius.
    pub fn rad(&self) -> Mag {
        self.rad
    }

    /// Whether the ball is a single point.
    pub fn is_exact(&self) -> bool {
        self.rad.is_zero()
    }

    /// `t` with `|mid| < 2^t` (`i64::MIN` for a zero midpoint).
    pub fn top(&self) -> i64 {
        if self.man.is_zero() {
            i64::MIN
        } else {
            self.exp + self.man.bits() as i64
        }
    }

    /// An upper bound of `|x|` over the ball.
    pub fn mag(&self) -> Mag {
        Mag::from_int(&self.man, self.exp).add(self.rad)
    }

    /// A lower bound of `|x|` over the ball (zero when the ball may contain 0).
    pub fn mag_lower(&self) -> Mag {
        Mag::from_int_lower(&self.man, self.exp).sub_lower(self.rad)
    }

    /// Whether the ball contains (or, at the resolution of its radius, may contain) zero.
    pub fn contains_zero(&self) -> bool {
        self.mag_lower().is_zero()
    }

    /// The sign when the ball decides it (`Equal` only for an exact zero).
    pub fn sign(&self) -> Option<Ordering> {
        if self.man.is_zero() && self.is_exact() {
            return Some(Ordering::Equal);
        }
        if self.contains_zero() {
            return None;
        }
        Some(if self.man.is_negative() {
            Ordering::Less
        } else {
            Ordering::Greater
        })
    }

    /// The midpoint's sign (`Equal` for a zero midpoint).
    pub fn mid_sign(&self) -> Ordering {
        if self.man.is_zero() {
            Ordering::Equal
        } else if self.man.is_negative() {
            Ordering::Less
        } else {
            Ordering::Greater
        }
    }

    /// The same ball widened by `e`.
    pub fn add_error(mut self, e: Mag) -> Real {
        self.rad = self.rad.add(e);
        self
    }

    /// The midpoint alone, as an exact ball.
    pub fn midpoint(&self) -> Real {
        Real::dyadic(self.man.clone(), self.exp)
    }

    /// The midpoint as an `f64` (for estimates).
    pub fn to_f64(&self) -> f64 {
        if self.man.is_zero() {
            return 0.0;
        }
        let bits = self.man.bits() as i64;
        let shift = (bits - 60).max(0);
        let top = (&self.man >> shift as u64).to_f64();
        let e = self.exp + shift;
        if e > 2000 {
            top.signum() * f64::INFINITY
        } else if e < -2000 {
            0.0
        } else {
            top * 2f64.powi(e as i32)
        }
    }

    /// The midpoint cut to `bits` significant bits (towards −∞), the cut added to the radius.
    pub fn round(&self, bits: u64) -> Real {
        let have = self.man.bits();
        if have <= bits {
            return self.clone();
        }
        let s = have - bits;
        let exp = self.exp + s as i64;
        Real {
            man: &self.man >> s,
            exp,
            rad: self.rad.add(Mag::pow2(exp)),
        }
    }

    /// The midpoint cut to the multiples of `2^lo` (towards −∞), the cut added to the radius.
    fn cut_below(&self, lo: i64) -> Real {
        if self.exp >= lo || self.man.is_zero() {
            return self.clone();
        }
        let s = (lo - self.exp) as u64;
        Real {
            man: &self.man >> s,
            exp: lo,
            rad: self.rad.add(Mag::pow2(lo)),
        }
    }

    /// `-x` (exact).
    pub fn neg(&self) -> Real {
        Real {
            man: -&self.man,
            exp: self.exp,
            rad: self.rad,
        }
    }

    /// `|x|`, as a ball around `|mid|` (exact).
    pub fn abs_mid(&self) -> Real {
        Real {
            man: self.man.abs(),
            exp: self.exp,
            rad: self.rad,
        }
    }

    /// `x·2^k` (exact).
    pub fn mul_2exp(&self, k: i64) -> Real {
        Real {
            man: self.man.clone(),
            exp: if self.man.is_zero() { 0 } else { self.exp + k },
            rad: self.rad.mul_2exp(k),
        }
    }

    /// `x + y` to `prec` bits.
    pub fn add(&self, y: &Real, prec: u64) -> Real {
        if y.man.is_zero() {
            return self.round(prec).add_error(y.rad);
        }
        if self.man.is_zero() {
            return y.round(prec).add_error(self.rad);
        }
        // Bits below 2^lo cannot reach the result's `prec` bits: cut them first.
        let lo = self.top().max(y.top()) - prec as i64 - 4;
        let (a, b) = (self.cut_below(lo), y.cut_below(lo));
        let e = a.exp.min(b.exp);
        let man = (&a.man << (a.exp - e) as u64) + (&b.man << (b.exp - e) as u64);
        Real {
            man,
            exp: e,
            rad: a.rad.add(b.rad),
        }
        .normalized()
        .round(prec)
    }

    /// `x - y` to `prec` bits.
    pub fn sub(&self, y: &Real, prec: u64) -> Real {
        self.add(&y.neg(), prec)
    }

    /// `x·y` to `prec` bits.
    pub fn mul(&self, y: &Real, prec: u64) -> Real {
        let (a, b) = (self.round(prec + 8), y.round(prec + 8));
        let rad = Mag::from_int(&a.man, a.exp)
            .mul(b.rad)
            .add(Mag::from_int(&b.man, b.exp).mul(a.rad))
            .add(a.rad.mul(b.rad));
        let man = if std::ptr::eq(self, y) {
            a.man.pow(2)
        } else {
            &a.man * &b.man
        };
        Real {
            man,
            exp: a.exp + b.exp,
            rad,
        }
        .normalized()
        .round(prec)
    }

    /// `x·n` for an exact integer `n`, to `prec` bits.
    pub fn mul_int(&self, n: &Int, prec: u64) -> Real {
        self.mul(&Real::from_int(n.clone()), prec)
    }

    /// `x/y` to `prec` bits; an error when `y` is zero or may be.
    pub fn div(&self, y: &Real, prec: u64) -> Result<Real> {
        if y.man.is_zero() && y.is_exact() {
            return Err(RealError::Domain("division by zero".into()));
        }
        let low = y.mag_lower();
        if low.is_zero() {
            return Err(RealError::Imprecise);
        }
        let (a, b) = (self.round(prec + 16), y.round(prec + 16));
        let prop = Mag::from_int(&a.man, a.exp)
            .mul(b.rad)
            .add(Mag::from_int(&b.man, b.exp).mul(a.rad));
        let prop = if prop.is_zero() {
            Mag::ZERO
        } else {
            let den = Mag::from_int_lower(&b.man, b.exp).mul_lower(low);
            prop.div(den).ok_or(RealError::Imprecise)?
        };
        if a.man.is_zero() {
            return Ok(Real {
                man: Int::ZERO,
                exp: 0,
                rad: prop,
            });
        }
        // q = ⌊a·2^s / b⌋ (towards zero) has about prec + 2 bits; its error is below one unit.
        let s = prec as i64 + 2 + b.man.bits() as i64 - a.man.bits() as i64;
        let q = if s >= 0 {
            (&a.man << s as u64) / &b.man
        } else {
            &a.man / (&b.man << (-s) as u64)
        };
        let exp = a.exp - b.exp - s;
        Ok(Real {
            man: q,
            exp,
            rad: prop.add(Mag::pow2(exp)),
        }
        .normalized()
        .round(prec))
    }

    /// `x^n` for an integer `n` (`x^0 = 1`), to `prec` bits; an error for a negative `n`
    /// when `x` is or may be zero.
    pub fn pow(&self, n: i64, prec: u64) -> Result<Real> {
        let k = n.unsigned_abs();
        let w = prec + 2 * (64 - k.leading_zeros() as u64) + 8;
        let mut result = Real::from_int(1u32);
        let mut base = self.clone();
        let mut e = k;
        while e > 0 {
            if e & 1 == 1 {
                result = result.mul(&base, w);
            }
            e >>= 1;
            if e > 0 {
                base = base.mul(&base, w);
            }
        }
        if n < 0 {
            Real::from_int(1u32).div(&result, prec)
        } else {
            Ok(result.round(prec))
        }
    }

    /// Trailing zero bits of the midpoint moved into the exponent (keeps numbers short).
    fn normalized(mut self) -> Real {
        if self.man.is_zero() {
            self.exp = 0;
            return self;
        }
        let z = self.man.trailing_zeros().unwrap_or(0);
        if z > 64 {
            self.man >>= z;
            self.exp += z as i64;
        }
        self
    }

    /// `log2` of the radius relative to `2^-bits`-absolute accuracy: how many bits of
    /// absolute accuracy the ball has (`i64::MAX` when exact).
    pub fn accuracy(&self) -> i64 {
        if self.rad.is_zero() {
            i64::MAX
        } else {
            -self.rad.ceil_log2()
        }
    }
}

/// `⌈log2 n⌉` for `n ≥ 1`, as a working-precision margin.
pub fn clog2(n: u64) -> u64 {
    64 - n.saturating_sub(1).leading_zeros() as u64
}

/// The guard bits a function adds to the requested precision.
pub fn guard(prec: u64) -> u64 {
    16 + 2 * clog2(prec.max(2))
}
