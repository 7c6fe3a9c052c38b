//! Text: `Display` (decimal), `LowerHex`/`UpperHex`, `Debug`, and `FromStr` (decimal or `0x`
//! hex) with its error, [`ParseUintError`]. Formatting goes through [`Int`].

use super::Uint;
use crate::{Int, ParseUintError};
use core::fmt;
use core::str::FromStr;

impl<const LIMBS: usize> fmt::Display for Uint<LIMBS> {
    /// Decimal.
    ///
    /// ```
    /// assert_eq!(carry::U128::MAX.to_string(), u128::MAX.to_string());
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&Int::from(self), f)
    }
}

impl<const LIMBS: usize> fmt::LowerHex for Uint<LIMBS> {
    /// Lowercase hex without leading zeros (`{:#x}` adds `0x`).
    ///
    /// ```
    /// assert_eq!(format!("{:#x}", carry::U128::from_u64(255)), "0xff");
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::LowerHex::fmt(&Int::from(self), f)
    }
}

impl<const LIMBS: usize> fmt::UpperHex for Uint<LIMBS> {
    /// Uppercase hex without leading zeros (`{:#X}` adds `0x`).
    ///
    /// ```
    /// assert_eq!(format!("{:X}", carry::U128::from_u64(255)), "FF");
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::UpperHex::fmt(&Int::from(self), f)
    }
}

impl<const LIMBS: usize> fmt::Debug for Uint<LIMBS> {
    /// `Uint(0x…)`.
    ///
    /// ```
    /// assert_eq!(format!("{:?}", carry::U128::from_u64(16)), "Uint(0x10)");
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Uint({self:#x})")
    }
}

/// Parses decimal, or hex after `0x`, into an [`Int`] (shared with the field types).
pub(crate) fn parse_int(s: &str) -> Result<Int, ParseUintError> {
    match s.strip_prefix("0x") {
        Some(hex) => Int::from_str_radix(hex, 16),
        None => s.parse(),
    }
    .map_err(ParseUintError::Invalid)
}

impl<const LIMBS: usize> FromStr for Uint<LIMBS> {
    type Err = ParseUintError;

    /// Decimal, or hex after `0x`; a value that does not fit is [`ParseUintError::OutOfRange`].
    ///
    /// ```
    /// use carry::U128;
    /// assert_eq!("0xff".parse::<U128>(), Ok(U128::from_u64(255)));
    /// assert_eq!("-1".parse::<U128>(), Err(carry::ParseUintError::OutOfRange));
    /// ```
    fn from_str(s: &str) -> Result<Self, ParseUintError> {
        Self::try_from(&parse_int(s)?).map_err(|_| ParseUintError::OutOfRange)
    }
}
