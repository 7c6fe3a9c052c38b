//! The error of parsing a [`Rational`](crate::Rational).

use core::fmt;

/// The largest magnitude of a decimal exponent the parser accepts: `Rational::MAX_EXPONENT`.
pub(crate) const MAX_DECIMAL_EXPONENT: u64 = 1_000_000;

/// Why a string is not a rational number, and where: returned by `str::parse::<Rational>()`.
///
/// ```
/// use carry::{ParseRationalErrorKind, Rational};
/// let err = "1/0".parse::<Rational>().unwrap_err();
/// assert_eq!(err.kind(), ParseRationalErrorKind::ZeroDenominator);
/// assert_eq!(err.position(), 2);
/// assert_eq!(err.to_string(), "zero denominator at byte 2");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseRationalError {
    kind: ParseRationalErrorKind,
    position: usize,
}

/// What is wrong with a string that [`ParseRationalError`] rejects.
///
/// ```
/// use carry::{ParseRationalErrorKind as Kind, Rational};
/// let kind = |s: &str| s.parse::<Rational>().unwrap_err().kind();
/// assert_eq!(kind(""), Kind::Empty);
/// assert_eq!(kind("-."), Kind::NoDigits);
/// assert_eq!(kind("1.5x"), Kind::InvalidDigit('x'));
/// assert_eq!(kind("1e9999999"), Kind::ExponentTooLarge);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ParseRationalErrorKind {
    /// The string is empty.
    Empty,
    /// Digits are missing: after a sign, a `/`, an exponent marker, or around a lone `.`.
    NoDigits,
    /// A character that cannot stand where it is.
    InvalidDigit(char),
    /// The denominator of `n/d` is zero.
    ZeroDenominator,
    /// The exponent's magnitude exceeds [`Rational::MAX_EXPONENT`](crate::Rational::MAX_EXPONENT).
    ExponentTooLarge,
    /// An underscore that is not between two digits (`1__0`, `_1`, `1_`, `1_.5`).
    MisplacedUnderscore,
    /// A string longer than the digits of a numerator within
    /// [`Int::MAX_BITS`](crate::Int::MAX_BITS): refused from its length, before it is read.
    TooLarge,
}

impl ParseRationalError {
    pub(crate) fn new(kind: ParseRationalErrorKind, position: usize) -> ParseRationalError {
        ParseRationalError { kind, position }
    }

    /// What is wrong.
    ///
    /// ```
    /// use carry::{ParseRationalErrorKind, Rational};
    /// let err = "3/-4".parse::<Rational>().unwrap_err();
    /// assert_eq!(err.kind(), ParseRationalErrorKind::InvalidDigit('-'));
    /// ```
    pub fn kind(&self) -> ParseRationalErrorKind {
        self.kind
    }

    /// The byte offset of the problem: the offending character, the start of a zero
    /// denominator or oversized exponent, or where missing digits should be.
    ///
    /// ```
    /// use carry::Rational;
    /// assert_eq!("2e+".parse::<Rational>().unwrap_err().position(), 3);
    /// ```
    pub fn position(&self) -> usize {
        self.position
    }
}

impl fmt::Display for ParseRationalError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let at = self.position;
        match self.kind {
            ParseRationalErrorKind::Empty => f.write_str("cannot parse a number from empty string"),
            ParseRationalErrorKind::NoDigits => write!(f, "missing digits at byte {at}"),
            ParseRationalErrorKind::InvalidDigit(c) => {
                write!(f, "invalid character {c:?} at byte {at}")
            }
            ParseRationalErrorKind::ZeroDenominator => write!(f, "zero denominator at byte {at}"),
            ParseRationalErrorKind::ExponentTooLarge => write!(
                f,
                "exponent at byte {at} is beyond ±{}",
                MAX_DECIMAL_EXPONENT
            ),
            ParseRationalErrorKind::MisplacedUnderscore => {
                write!(f, "underscore not between two digits at byte {at}")
            }
            ParseRationalErrorKind::TooLarge => {
                write!(f, "the number at byte {at} exceeds Int::MAX_BITS")
            }
        }
    }
}

impl core::error::Error for ParseRationalError {}
