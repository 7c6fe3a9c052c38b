//! The calculator's values: exact rationals, and approximations of real numbers.
//!
//! Every operator and function works on [`Value`]. Exact inputs give exact results; an
//! approximation (a function such as `exp` evaluated to a working precision) is a ball
//! [`Real`] (see `real`): a midpoint and a radius that bounds the error. Arithmetic on balls
//! widens the radius by the rounding it does, so the true value always lies inside. When a
//! ball is too wide to decide what is asked of it (a comparison, a floor, the printed
//! digits), the operation fails with [`Error::undecided`] and the statement is evaluated
//! again at a higher working precision (`Context::precision`, see `eval`).

use crate::error::Error;
use crate::real::{decimal, Real};
use carry::{Int, Rational};
use std::cmp::Ordering;
use std::fmt;

/// Decimal places of an approximation printed without `--digits` (as `bc -l`).
pub const DEFAULT_DIGITS: usize = 20;

/// A value: exact, or an approximation of a real number.
#[derive(Clone, Debug)]
pub enum Value {
    Exact(Rational),
    Approx(Real),
}

impl Value {
    /// The exact value, when it is one.
    pub fn exact(&self) -> Option<&Rational> {
        match self {
            Value::Exact(x) => Some(x),
            Value::Approx(_) => None,
        }
    }

    /// The value as a ball of `prec` bits (exact when it is a dyadic rational).
    pub fn to_approx(&self, prec: u64) -> Real {
        match self {
            Value::Exact(x) => Real::from_rational(x, prec),
            Value::Approx(a) => a.clone(),
        }
    }

    /// Bits of the numerator and denominator together (of the midpoint, for a ball).
    pub fn bits(&self) -> f64 {
        match self {
            Value::Exact(x) => (x.numer().bits() + x.denom().bits()) as f64,
            Value::Approx(a) => a.mid().0.bits() as f64 + 1.0,
        }
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

impl From<Real> for Value {
    fn from(x: Real) -> Value {
        Value::Approx(x)
    }
}

impl From<bool> for Value {
    fn from(b: bool) -> Value {
        Value::Exact(Rational::from(u32::from(b)))
    }
}

impl fmt::Display for Value {
    /// An exact value as `n/d`; an approximation as its midpoint to 20 places, marked with a
    /// leading `~`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Exact(x) => write!(f, "{x}"),
            Value::Approx(a) => {
                let digits =
                    decimal::to_decimal(&a.midpoint(), DEFAULT_DIGITS as u64).unwrap_or_default();
                write!(f, "~{digits}")
            }
        }
    }
}

/// The ends of the ball `[mid − rad, mid + rad]`, exactly.
pub fn bounds(x: &Real) -> (Rational, Rational) {
    let dyadic = |n: &Int, e: i64| -> Rational {
        let p = Int::ONE << e.unsigned_abs();
        if e >= 0 {
            Rational::from(n * p)
        } else {
            Rational::new(n.clone(), p)
        }
    };
    let (man, e) = x.mid();
    let mid = dyadic(man, e);
    let (rn, re) = x.rad().to_dyadic();
    let rad = dyadic(&rn, re);
    (&mid - &rad, &mid + &rad)
}
