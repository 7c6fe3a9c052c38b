//! [`Rational`]: exact fractions of two [`Int`]s, always in lowest terms with a positive
//! denominator (the counterpart of GMP's `mpq_t`).

mod cmp;
mod convert;
mod fmt;
mod ops;
mod parse;
mod round;
mod small;

pub use round::Rounding;

use crate::Int;

/// An exact rational number `numer / denom`, kept normalised: the numerator and denominator
/// have no common factor and the denominator is positive (zero is `0/1`).
///
/// Arithmetic is exact: `0.1 + 0.2 == 0.3`. Division by zero panics, as for integers, and
/// [`Rational::checked_div`] returns `None` instead.
///
/// ```
/// use carry::{Int, Rational};
/// let a: Rational = "0.1".parse().unwrap();
/// let b: Rational = "0.2".parse().unwrap();
/// assert_eq!(a + b, "3/10".parse::<Rational>().unwrap());
/// assert_eq!(Rational::new(Int::from(6), Int::from(-4)).to_string(), "-3/2");
/// ```
#[derive(Clone, PartialEq, Eq, Hash, Default)]
pub struct Rational {
    numer: Int,
    denom: Int,
}

impl Rational {
    /// Zero (`0/1`).
    ///
    /// ```
    /// assert_eq!(carry::Rational::ZERO.to_string(), "0");
    /// ```
    pub const ZERO: Rational = Rational {
        numer: Int::ZERO,
        denom: Int::ONE,
    };

    /// One (`1/1`).
    ///
    /// ```
    /// assert_eq!(carry::Rational::ONE.to_string(), "1");
    /// ```
    pub const ONE: Rational = Rational {
        numer: Int::ONE,
        denom: Int::ONE,
    };

    /// `numer / denom` in lowest terms.
    ///
    /// # Panics
    /// When `denom` is zero; [`Rational::checked_new`] returns `None` instead.
    ///
    /// ```
    /// use carry::{Int, Rational};
    /// let x = Rational::new(Int::from(10), Int::from(-4));
    /// assert_eq!((x.numer(), x.denom()), (&Int::from(-5), &Int::from(2)));
    /// ```
    pub fn new(numer: Int, denom: Int) -> Rational {
        Rational::checked_new(numer, denom).expect("Rational::new: zero denominator")
    }

    /// `numer / denom` in lowest terms, or `None` when `denom` is zero.
    ///
    /// ```
    /// use carry::{Int, Rational};
    /// assert!(Rational::checked_new(Int::ONE, Int::ZERO).is_none());
    /// assert_eq!(Rational::checked_new(Int::from(3), Int::from(9)).unwrap().to_string(), "1/3");
    /// ```
    pub fn checked_new(numer: Int, denom: Int) -> Option<Rational> {
        if denom.is_zero() {
            return None;
        }
        Some(Rational::reduce(numer, denom))
    }

    /// `numer / denom` divided by their gcd, the sign moved to the numerator (`denom != 0`).
    pub(crate) fn reduce(numer: Int, denom: Int) -> Rational {
        let g = numer.gcd(&denom);
        let (mut numer, mut denom) = if g == 1 {
            (numer, denom)
        } else {
            (numer.div_exact(&g), denom.div_exact(&g))
        };
        if denom.is_negative() {
            numer = -numer;
            denom = -denom;
        }
        Rational { numer, denom }
    }

    /// A value from parts already in lowest terms with `denom > 0`.
    pub(crate) fn from_reduced(numer: Int, denom: Int) -> Rational {
        debug_assert!(denom.is_positive() && numer.gcd(&denom) == 1);
        Rational { numer, denom }
    }

    /// The numerator: carries the sign, coprime to the denominator.
    ///
    /// ```
    /// use carry::Rational;
    /// let x: Rational = "-0.75".parse().unwrap();
    /// assert_eq!(*x.numer(), -3);
    /// ```
    pub fn numer(&self) -> &Int {
        &self.numer
    }

    /// The denominator: always positive, 1 for integers.
    ///
    /// ```
    /// use carry::Rational;
    /// let x: Rational = "-0.75".parse().unwrap();
    /// assert_eq!(*x.denom(), 4);
    /// ```
    pub fn denom(&self) -> &Int {
        &self.denom
    }

    /// The numerator and denominator, consuming the value.
    ///
    /// ```
    /// use carry::{Int, Rational};
    /// let (n, d) = Rational::new(Int::from(4), Int::from(6)).into_parts();
    /// assert_eq!((n, d), (Int::from(2), Int::from(3)));
    /// ```
    pub fn into_parts(self) -> (Int, Int) {
        (self.numer, self.denom)
    }

    /// Whether the value is zero.
    ///
    /// ```
    /// assert!(carry::Rational::ZERO.is_zero());
    /// ```
    pub fn is_zero(&self) -> bool {
        self.numer.is_zero()
    }

    /// Whether the value is below zero.
    ///
    /// ```
    /// let x: carry::Rational = "-1/2".parse().unwrap();
    /// assert!(x.is_negative());
    /// ```
    pub fn is_negative(&self) -> bool {
        self.numer.is_negative()
    }

    /// Whether the value is above zero.
    ///
    /// ```
    /// let x: carry::Rational = "1/2".parse().unwrap();
    /// assert!(x.is_positive());
    /// ```
    pub fn is_positive(&self) -> bool {
        self.numer.is_positive()
    }

    /// Whether the value is an integer (its denominator is 1).
    ///
    /// ```
    /// let x: carry::Rational = "2.50e1".parse().unwrap();
    /// assert!(x.is_integer());
    /// ```
    pub fn is_integer(&self) -> bool {
        self.denom == 1
    }

    /// The absolute value.
    ///
    /// ```
    /// let x: carry::Rational = "-2/3".parse().unwrap();
    /// assert_eq!(x.abs().to_string(), "2/3");
    /// ```
    pub fn abs(&self) -> Rational {
        Rational {
            numer: self.numer.abs(),
            denom: self.denom.clone(),
        }
    }

    /// `1 / self`.
    ///
    /// # Panics
    /// When `self` is zero; [`Rational::checked_recip`] returns `None` instead.
    ///
    /// ```
    /// let x: carry::Rational = "-2/3".parse().unwrap();
    /// assert_eq!(x.recip().to_string(), "-3/2");
    /// ```
    pub fn recip(&self) -> Rational {
        self.checked_recip()
            .expect("Rational::recip: zero has no reciprocal")
    }

    /// `1 / self`, or `None` for zero.
    ///
    /// ```
    /// assert!(carry::Rational::ZERO.checked_recip().is_none());
    /// ```
    pub fn checked_recip(&self) -> Option<Rational> {
        if self.is_zero() {
            return None;
        }
        let (mut numer, mut denom) = (self.denom.clone(), self.numer.clone());
        if denom.is_negative() {
            numer = -numer;
            denom = -denom;
        }
        Some(Rational { numer, denom })
    }

    /// `self` raised to the power `exp`; `0^0 = 1`.
    ///
    /// # Panics
    /// When `self` is zero and `exp` is negative.
    ///
    /// ```
    /// let x: carry::Rational = "-2/3".parse().unwrap();
    /// assert_eq!(x.pow(3).to_string(), "-8/27");
    /// assert_eq!(x.pow(-2).to_string(), "9/4");
    /// ```
    pub fn pow(&self, exp: i32) -> Rational {
        let e = exp.unsigned_abs();
        let powered = Rational {
            numer: self.numer.pow(e),
            denom: self.denom.pow(e),
        };
        if exp < 0 {
            powered.recip()
        } else {
            powered
        }
    }
}
