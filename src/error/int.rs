//! The errors of parsing and converting [`Int`](crate::Int)s.

use core::fmt;

/// Why a string is not an integer, and where: returned by `str::parse::<Int>()` and
/// [`Int::from_str_radix`](crate::Int::from_str_radix).
///
/// ```
/// use carry::{Int, ParseIntErrorKind};
/// let err = "12x4".parse::<Int>().unwrap_err();
/// assert_eq!(err.kind(), ParseIntErrorKind::InvalidDigit('x'));
/// assert_eq!(err.position(), 2);
/// assert_eq!(err.to_string(), "invalid digit 'x' at byte 2");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseIntError {
    kind: ParseIntErrorKind,
    position: usize,
}

/// What is wrong with a string that [`ParseIntError`] rejects.
///
/// ```
/// use carry::{Int, ParseIntErrorKind};
/// assert_eq!("".parse::<Int>().unwrap_err().kind(), ParseIntErrorKind::Empty);
/// assert_eq!("-".parse::<Int>().unwrap_err().kind(), ParseIntErrorKind::NoDigits);
/// assert_eq!("1__0".parse::<Int>().unwrap_err().kind(), ParseIntErrorKind::MisplacedUnderscore);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ParseIntErrorKind {
    /// The string is empty.
    Empty,
    /// A sign with no digits after it.
    NoDigits,
    /// A character that is not a digit of the radix (nor a well-placed sign or underscore).
    InvalidDigit(char),
    /// An underscore that is not between two digits: leading, trailing, doubled or right
    /// after the sign.
    MisplacedUnderscore,
    /// More digits (underscores counted too) than a value within
    /// [`Int::MAX_BITS`](crate::Int::MAX_BITS) can have: refused from the string's length,
    /// before it is read (the position is the first digit's).
    TooLarge,
}

impl ParseIntError {
    pub(crate) fn new(kind: ParseIntErrorKind, position: usize) -> ParseIntError {
        ParseIntError { kind, position }
    }

    /// What is wrong.
    ///
    /// ```
    /// use carry::{Int, ParseIntErrorKind};
    /// let err = Int::from_str_radix("1g", 16).unwrap_err();
    /// assert_eq!(err.kind(), ParseIntErrorKind::InvalidDigit('g'));
    /// ```
    pub fn kind(&self) -> ParseIntErrorKind {
        self.kind
    }

    /// The byte offset in the string where the problem is: the offending character or
    /// underscore, or the end of the string when digits are missing.
    ///
    /// ```
    /// use carry::Int;
    /// assert_eq!("+".parse::<Int>().unwrap_err().position(), 1);
    /// assert_eq!("1_000_".parse::<Int>().unwrap_err().position(), 5);
    /// ```
    pub fn position(&self) -> usize {
        self.position
    }
}

impl fmt::Display for ParseIntError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let at = self.position;
        match self.kind {
            ParseIntErrorKind::Empty => f.write_str("cannot parse integer from empty string"),
            ParseIntErrorKind::NoDigits => write!(f, "no digits after the sign at byte {at}"),
            ParseIntErrorKind::InvalidDigit(c) => write!(f, "invalid digit {c:?} at byte {at}"),
            ParseIntErrorKind::MisplacedUnderscore => {
                write!(f, "misplaced underscore at byte {at}")
            }
            ParseIntErrorKind::TooLarge => {
                write!(f, "the number at byte {at} exceeds Int::MAX_BITS")
            }
        }
    }
}

impl core::error::Error for ParseIntError {}

/// An [`Int`](crate::Int) out of the range of the primitive integer it was converted to.
///
/// ```
/// use carry::{Int, TryFromIntError};
/// let err: TryFromIntError = u8::try_from(Int::from(256)).unwrap_err();
/// assert_eq!(err.to_string(), "out of range integral type conversion attempted");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TryFromIntError(());

impl TryFromIntError {
    #[cfg_attr(not(feature = "alloc"), allow(dead_code))]
    pub(crate) const fn new() -> TryFromIntError {
        TryFromIntError(())
    }
}

impl fmt::Display for TryFromIntError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("out of range integral type conversion attempted")
    }
}

impl core::error::Error for TryFromIntError {}

/// A float that has no integer value: NaN or an infinity. Finite floats always convert (their
/// fraction is truncated), so this error is kept apart from [`TryFromIntError`].
///
/// ```
/// use carry::{Int, TryFromFloatError};
/// let err: TryFromFloatError = Int::try_from(f64::NAN).unwrap_err();
/// assert_eq!(err.to_string(), "cannot convert NaN to an integer");
/// assert!(Int::try_from(f64::INFINITY).is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TryFromFloatError {
    nan: bool,
}

impl TryFromFloatError {
    #[cfg_attr(not(feature = "alloc"), allow(dead_code))]
    pub(crate) const fn new(nan: bool) -> TryFromFloatError {
        TryFromFloatError { nan }
    }
}

impl fmt::Display for TryFromFloatError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let what = if self.nan { "NaN" } else { "infinity" };
        write!(f, "cannot convert {what} to an integer")
    }
}

impl core::error::Error for TryFromFloatError {}

/// Why [`Int::write_bytes_be`](crate::Int::write_bytes_be) could not write a value: it is
/// negative, or its magnitude needs more bytes than the buffer has.
///
/// ```
/// use carry::{Int, WriteBytesError};
/// let mut buf = [0u8; 1];
/// assert_eq!(Int::from(-1).write_bytes_be(&mut buf), Err(WriteBytesError::Negative));
/// assert_eq!(
///     Int::from(256).write_bytes_be(&mut buf),
///     Err(WriteBytesError::TooSmall { needed: 2, available: 1 })
/// );
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum WriteBytesError {
    /// The value is below zero.
    Negative,
    /// The magnitude needs `needed` bytes; the buffer has `available`.
    TooSmall {
        /// Bytes the magnitude needs.
        needed: usize,
        /// Bytes in the buffer.
        available: usize,
    },
}

impl fmt::Display for WriteBytesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WriteBytesError::Negative => {
                f.write_str("cannot write a negative value as unsigned bytes")
            }
            WriteBytesError::TooSmall { needed, available } => {
                write!(
                    f,
                    "value needs {needed} bytes but the buffer has {available}"
                )
            }
        }
    }
}

impl core::error::Error for WriteBytesError {}
