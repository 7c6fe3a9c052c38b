//! The calculator's values: exact rationals, and approximations of real numbers.
//!
//! Every operator and function works on [`Value`]. Exact inputs give exact results; an
//! approximation (a function such as `exp` evaluated to a working precision) is a ball
//! [`Approx`]: a midpoint and a radius that bounds the error. Arithmetic on balls widens
//! the radius by the rounding it does, so the true value always lies inside. When a ball is
//! too wide to decide what is asked of it (a comparison, a floor, the printed digits), the
//! operation fails with [`Error::undecided`] and the statement is evaluated again at a higher
//! working precision (`Context::precision`, see `eval`).

use crate::error::Error;
use carry::{Int, Rational, Rounding};
use std::cmp::Ordering;
use std::fmt;

/// Decimal places of an approximation printed without `--digits`.
pub const DEFAULT_DIGITS: usize = 20;

/// A value: exact, or an approximation of a real number.
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    Exact(Rational),
    /// Boxed: a value stays the size of a `Rational` (the evaluator's recursion holds many).
    Approx(Box<Approx>),
}

impl Value {
    /// The exact value, when it is one.
    pub fn exact(&self) -> Option<&Rational> {
        match self {
            Value::Exact(x) => Some(x),
            Value::Approx(_) => None,
        }
    }

    /// The value as a ball (an exact value has radius 0).
    pub fn to_approx(&self) -> Approx {
        match self {
            Value::Exact(x) => Approx::exact(x.clone()),
            Value::Approx(a) => (**a).clone(),
        }
    }

    /// Bits of the numerator and denominator together (of the midpoint, for a ball).
    pub fn bits(&self) -> f64 {
        let x = match self {
            Value::Exact(x) => x,
            Value::Approx(a) => &a.mid,
        };
        (x.numer().bits() + x.denom().bits()) as f64
    }

    /// Whether the value is zero, when that can be decided.
    pub fn is_zero(&self) -> Result<bool, Error> {
        match self {
            Value::Exact(x) => Ok(x.is_zero()),
            Value::Approx(a) => match a.sign() {
                Some(Ordering::Equal) => Ok(true),
                Some(_) => Ok(false),
                None => Err(Error::undecided("cannot decide whether a value is zero")),
            },
        }
    }
}

impl From<Rational> for Value {
    fn from(x: Rational) -> Value {
        Value::Exact(x)
    }
}

impl From<Int> for Value {
    fn from(x: Int) -> Value {
        Value::Exact(x.into())
    }
}

impl From<Approx> for Value {
    fn from(x: Approx) -> Value {
        Value::Approx(Box::new(x))
    }
}

impl From<bool> for Value {
    fn from(b: bool) -> Value {
        Value::Exact(Rational::from(u32::from(b)))
    }
}

impl fmt::Display for Value {
    /// An exact value as `n/d`; an approximation as its midpoint to 20 significant digits,
    /// marked with a leading `~`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Exact(x) => write!(f, "{x}"),
            Value::Approx(a) => write!(
                f,
                "~{}",
                a.mid.to_decimal_string_rounded(20, Rounding::HalfEven)
            ),
        }
    }
}

/// A real number known to lie in `[mid - rad, mid + rad]`.
#[derive(Clone, Debug, PartialEq)]
pub struct Approx {
    pub mid: Rational,
    /// Non-negative.
    pub rad: Rational,
}

impl Approx {
    /// The ball `mid ± rad` (`rad` is taken in absolute value).
    pub fn new(mid: Rational, rad: Rational) -> Approx {
        Approx {
            mid,
            rad: rad.abs(),
        }
    }

    /// The exact `x` as a ball of radius 0.
    pub fn exact(x: Rational) -> Approx {
        Approx::new(x, Rational::ZERO)
    }

    pub fn lo(&self) -> Rational {
        &self.mid - &self.rad
    }

    pub fn hi(&self) -> Rational {
        &self.mid + &self.rad
    }

    /// The sign of every point of the ball, or `None` when the ball holds points of both
    /// signs (or zero and others).
    pub fn sign(&self) -> Option<Ordering> {
        if self.rad.is_zero() {
            return Some(self.mid.cmp(&Rational::ZERO));
        }
        if self.lo().is_positive() {
            Some(Ordering::Greater)
        } else if self.hi().is_negative() {
            Some(Ordering::Less)
        } else {
            None
        }
    }

    pub fn neg(&self) -> Approx {
        Approx::new(-&self.mid, self.rad.clone())
    }

    pub fn add(&self, o: &Approx) -> Approx {
        Approx::new(&self.mid + &o.mid, &self.rad + &o.rad)
    }

    pub fn sub(&self, o: &Approx) -> Approx {
        Approx::new(&self.mid - &o.mid, &self.rad + &o.rad)
    }

    pub fn mul(&self, o: &Approx) -> Approx {
        let rad = self.mid.abs() * &o.rad + o.mid.abs() * &self.rad + &self.rad * &o.rad;
        Approx::new(&self.mid * &o.mid, rad)
    }

    /// `1/x`, or `None` when the ball holds zero.
    pub fn recip(&self) -> Option<Approx> {
        self.sign().filter(|s| *s != Ordering::Equal)?;
        // |1/y - 1/m| <= r / (|m| (|m| - r)) for |y - m| <= r < |m|.
        let m = self.mid.abs();
        let rad = &self.rad / (&m * (&m - &self.rad));
        Some(Approx::new(self.mid.recip(), rad))
    }

    /// The ball with its midpoint rounded to about `bits` significant bits and its radius
    /// widened by the rounding and rounded up, so that its numbers stay short.
    pub fn round(&self, bits: u64) -> Approx {
        let magnitude = if self.mid.is_zero() {
            0
        } else {
            self.mid.numer().bits() as i64 - self.mid.denom().bits() as i64
        };
        let scale = bits as i64 - magnitude;
        let grid = |x: &Rational, mode: Rounding| -> Rational {
            let shifted = shift(x, scale);
            shift(&Rational::from(shifted.round_with(mode)), -scale)
        };
        let mid = grid(&self.mid, Rounding::HalfEven);
        let error = (&mid - &self.mid).abs();
        let rad = grid(&(&self.rad + error), Rounding::Ceiling);
        Approx::new(mid, rad)
    }

    /// The ball's value rounded half to even to `places` decimal places, when every point of
    /// the ball rounds to the same digits.
    pub fn decimal(&self, places: usize) -> Option<String> {
        let lo = self
            .lo()
            .to_decimal_string_rounded(places, Rounding::HalfEven);
        let hi = self
            .hi()
            .to_decimal_string_rounded(places, Rounding::HalfEven);
        (lo == hi).then_some(lo)
    }
}

/// `x · 2^k`.
fn shift(x: &Rational, k: i64) -> Rational {
    let p = Int::ONE << k.unsigned_abs();
    if k >= 0 {
        x * Rational::from(p)
    } else {
        x / Rational::from(p)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn q(s: &str) -> Rational {
        s.parse().unwrap()
    }

    #[test]
    fn balls_keep_the_true_value() {
        let third = Approx::new(q("0.3333"), q("0.0001"));
        let x = third.mul(&Approx::exact(q("3"))).round(30);
        assert!(x.lo() <= q("1") && q("1") <= x.hi(), "{x:?}");
        assert_eq!(third.sign(), Some(Ordering::Greater));
        assert_eq!(Approx::new(q("0"), q("1/10")).sign(), None);
        assert_eq!(Approx::new(q("0"), q("1/10")).recip(), None);
        let inv = third.recip().unwrap();
        assert!(inv.lo() <= q("3") && q("3") <= inv.hi());
        assert_eq!(third.decimal(2).as_deref(), Some("0.33"));
        assert_eq!(third.decimal(4), None);
        let r = Approx::new(q("1/3"), q("0")).round(10);
        assert!(r.lo() <= q("1/3") && q("1/3") <= r.hi() && r.mid.denom().bits() <= 12);
    }
}
