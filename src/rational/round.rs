//! Rounding a [`Rational`] to an integer or to a number of decimal places.

use super::Rational;
use crate::Int;
use core::cmp::Ordering;

/// How to round a value that lies between two candidates.
///
/// The "half" modes pick the nearer candidate and differ only on exact ties.
///
/// ```
/// use carry::{Rational, Rounding};
/// let x: Rational = "-2.5".parse().unwrap();
/// let at = |mode| x.to_decimal_string_rounded(0, mode);
/// assert_eq!(at(Rounding::TowardZero), "-2");
/// assert_eq!(at(Rounding::AwayFromZero), "-3");
/// assert_eq!(at(Rounding::Floor), "-3");
/// assert_eq!(at(Rounding::Ceiling), "-2");
/// assert_eq!(at(Rounding::HalfUp), "-3");
/// assert_eq!(at(Rounding::HalfDown), "-2");
/// assert_eq!(at(Rounding::HalfEven), "-2");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Rounding {
    /// Toward zero (truncation).
    TowardZero,
    /// Away from zero.
    AwayFromZero,
    /// Toward negative infinity.
    Floor,
    /// Toward positive infinity.
    Ceiling,
    /// To the nearest; ties away from zero.
    HalfUp,
    /// To the nearest; ties toward zero.
    HalfDown,
    /// To the nearest; ties to the even candidate (banker's rounding, IEEE 754's default).
    HalfEven,
}

/// `n / d` rounded by `mode`, for `d > 0`.
pub(crate) fn round_div(n: &Int, d: &Int, mode: Rounding) -> Int {
    let (q, r) = n.div_rem(d);
    if r.is_zero() {
        return q;
    }
    let negative = n.is_negative();
    let away = match mode {
        Rounding::TowardZero => false,
        Rounding::AwayFromZero => true,
        Rounding::Floor => negative,
        Rounding::Ceiling => !negative,
        Rounding::HalfUp | Rounding::HalfDown | Rounding::HalfEven => {
            match (r.abs() << 1u32).cmp(d) {
                Ordering::Less => false,
                Ordering::Greater => true,
                Ordering::Equal => match mode {
                    Rounding::HalfUp => true,
                    Rounding::HalfDown => false,
                    _ => q.is_odd(),
                },
            }
        }
    };
    match (away, negative) {
        (false, _) => q,
        (true, false) => q + 1u32,
        (true, true) => q - 1u32,
    }
}

impl Rational {
    /// The value rounded to an integer by `mode`.
    ///
    /// ```
    /// use carry::{Int, Rational, Rounding};
    /// let x: Rational = "7/2".parse().unwrap();
    /// assert_eq!(x.round_with(Rounding::HalfDown), Int::from(3));
    /// ```
    pub fn round_with(&self, mode: Rounding) -> Int {
        round_div(&self.numer, &self.denom, mode)
    }

    /// The largest integer not above the value.
    ///
    /// ```
    /// let x: carry::Rational = "-7/2".parse().unwrap();
    /// assert_eq!(x.floor(), -4);
    /// ```
    pub fn floor(&self) -> Int {
        self.round_with(Rounding::Floor)
    }

    /// The smallest integer not below the value.
    ///
    /// ```
    /// let x: carry::Rational = "-7/2".parse().unwrap();
    /// assert_eq!(x.ceil(), -3);
    /// ```
    pub fn ceil(&self) -> Int {
        self.round_with(Rounding::Ceiling)
    }

    /// The nearest integer, ties to even.
    ///
    /// ```
    /// let r = |s: &str| s.parse::<carry::Rational>().unwrap().round();
    /// assert_eq!((r("5/2"), r("7/2"), r("-5/2"), r("2.6")), (2.into(), 4.into(), (-2).into(), 3.into()));
    /// ```
    pub fn round(&self) -> Int {
        self.round_with(Rounding::HalfEven)
    }

    /// The integer part, rounding toward zero.
    ///
    /// ```
    /// let x: carry::Rational = "-7/2".parse().unwrap();
    /// assert_eq!(x.trunc(), -3);
    /// ```
    pub fn trunc(&self) -> Int {
        self.round_with(Rounding::TowardZero)
    }
}
