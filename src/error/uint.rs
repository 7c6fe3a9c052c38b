//! The error of parsing a fixed-width value ([`Uint`](crate::Uint) or a field element).

use super::ParseIntError;
use core::fmt;

/// Why a string is not a value of a fixed-width type ([`Uint`](crate::Uint) or a `prime_field!`
/// element): not an integer, negative, or out of range.
///
/// ```
/// use carry::{ParseUintError, U64};
/// assert_eq!("18446744073709551616".parse::<U64>(), Err(ParseUintError::OutOfRange));
/// assert!(matches!("12z".parse::<U64>(), Err(ParseUintError::Invalid(_))));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ParseUintError {
    /// The text is not an integer.
    Invalid(ParseIntError),
    /// The integer is negative, or too large for the type (for a field: not below the
    /// modulus).
    OutOfRange,
}

impl fmt::Display for ParseUintError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseUintError::Invalid(e) => e.fmt(f),
            ParseUintError::OutOfRange => f.write_str("number out of range for the type"),
        }
    }
}

impl core::error::Error for ParseUintError {}
