//! Text: `Display` (decimal), `LowerHex`/`UpperHex`, `Debug`, and `FromStr` (decimal or `0x`
//! hex) with its error, [`ParseUintError`]. Digits are built in a buffer on the stack (no heap):
//! decimal by repeated division by 10^19, one limb's remainder giving 19 digits.

use super::Uint;
use crate::limbs::{divrem_1_assign, mac, normalized_len};
use crate::{ParseIntError, ParseIntErrorKind, ParseUintError};
use core::fmt;
use core::str::FromStr;

/// 10^19, the largest power of ten below 2^64.
const TEN_19: u64 = 10_000_000_000_000_000_000;

impl<const LIMBS: usize> fmt::Display for Uint<LIMBS> {
    /// Decimal; width, fill, alignment, `+` and `0` as for the primitive integers.
    ///
    /// ```
    /// assert_eq!(carry::U128::MAX.to_string(), u128::MAX.to_string());
    /// assert_eq!(format!("{:>5}", carry::U64::from_u64(42)), "   42");
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // At most 19.27·LIMBS + 1 digits: 24·LIMBS bytes hold them.
        let mut buf = [[[0u8; 8]; LIMBS]; 3];
        let buf = buf.as_flattened_mut().as_flattened_mut();
        let mut x = self.limbs;
        let mut n = normalized_len(&x);
        let mut start = buf.len();
        loop {
            let mut r = divrem_1_assign(&mut x[..n], TEN_19);
            n = normalized_len(&x[..n]);
            let last = n == 0;
            // 19 digits of this chunk, fewer (without leading zeros) for the top one.
            for _ in 0..19 {
                start -= 1;
                buf[start] = b'0' + (r % 10) as u8;
                r /= 10;
                if last && r == 0 {
                    break;
                }
            }
            if last {
                break;
            }
        }
        f.pad_integral(true, "", ascii(&buf[start..]))
    }
}

/// The digits written as ASCII, as a `str`.
fn ascii(digits: &[u8]) -> &str {
    core::str::from_utf8(digits).expect("digits are ASCII")
}

/// Hex digits of `x` without leading zeros (one "0" for zero), in `table`'s case.
fn fmt_hex<const LIMBS: usize>(
    x: &Uint<LIMBS>,
    f: &mut fmt::Formatter<'_>,
    upper: bool,
) -> fmt::Result {
    let table: &[u8; 16] = if upper {
        b"0123456789ABCDEF"
    } else {
        b"0123456789abcdef"
    };
    let mut buf = [[[0u8; 8]; LIMBS]; 2];
    let buf = buf.as_flattened_mut().as_flattened_mut();
    let mut start = buf.len();
    let n = normalized_len(&x.limbs).max(1);
    for (i, &limb) in x.limbs[..n].iter().enumerate() {
        let top = i + 1 == n;
        let mut w = limb;
        for _ in 0..16 {
            start -= 1;
            buf[start] = table[(w & 15) as usize];
            w >>= 4;
            if top && w == 0 {
                break;
            }
        }
    }
    f.pad_integral(true, "0x", ascii(&buf[start..]))
}

impl<const LIMBS: usize> fmt::LowerHex for Uint<LIMBS> {
    /// Lowercase hex without leading zeros (`{:#x}` adds `0x`).
    ///
    /// ```
    /// assert_eq!(format!("{:#x}", carry::U128::from_u64(255)), "0xff");
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt_hex(self, f, false)
    }
}

impl<const LIMBS: usize> fmt::UpperHex for Uint<LIMBS> {
    /// Uppercase hex without leading zeros (`{:#X}` adds `0x`).
    ///
    /// ```
    /// assert_eq!(format!("{:X}", carry::U128::from_u64(255)), "FF");
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt_hex(self, f, true)
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

/// The value of the integer `s` in `radix` (10 or 16) with `Int`'s syntax: an optional sign,
/// digits with single underscores between them. A value that is negative (and not zero) or
/// does not fit is [`ParseUintError::OutOfRange`]; bad syntax is reported, at its byte, before
/// the range.
pub(crate) fn parse_radix<const LIMBS: usize>(
    s: &str,
    radix: u32,
) -> Result<Uint<LIMBS>, ParseUintError> {
    let bytes = s.as_bytes();
    let (negative, start) = match bytes.first() {
        Some(b'-') => (true, 1),
        Some(b'+') => (false, 1),
        _ => (false, 0),
    };
    if bytes.len() == start {
        let kind = if start == 0 {
            ParseIntErrorKind::Empty
        } else {
            ParseIntErrorKind::NoDigits
        };
        return Err(ParseUintError::Invalid(ParseIntError::new(kind, start)));
    }
    let mut limbs = [0u64; LIMBS];
    let mut overflow = 0;
    for (i, &b) in bytes.iter().enumerate().skip(start) {
        let d = match b {
            b'0'..=b'9' => u32::from(b - b'0'),
            b'a'..=b'z' => u32::from(b - b'a') + 10,
            b'A'..=b'Z' => u32::from(b - b'A') + 10,
            _ => u32::MAX,
        };
        if d < radix {
            let mut carry = u64::from(d);
            for l in limbs.iter_mut() {
                (*l, carry) = mac(carry, *l, u64::from(radix), 0);
            }
            overflow |= carry;
        } else if !(b == b'_' && i > start && i + 1 < bytes.len() && bytes[i - 1] != b'_') {
            let kind = match s[i..].chars().next() {
                Some('_') => ParseIntErrorKind::MisplacedUnderscore,
                Some(c) => ParseIntErrorKind::InvalidDigit(c),
                None => unreachable!("a rejected byte is inside the string"),
            };
            return Err(ParseUintError::Invalid(ParseIntError::new(kind, i)));
        }
    }
    let x = Uint { limbs };
    if overflow != 0 || (negative && !bool::from(x.is_zero())) {
        return Err(ParseUintError::OutOfRange);
    }
    Ok(x)
}

impl<const LIMBS: usize> FromStr for Uint<LIMBS> {
    type Err = ParseUintError;

    /// Decimal, or hex after `0x` (the syntax of [`Int`](crate::Int)'s parser: a sign, single
    /// underscores between digits); a value that does not fit is
    /// [`ParseUintError::OutOfRange`].
    ///
    /// ```
    /// use carry::U128;
    /// assert_eq!("0xff".parse::<U128>(), Ok(U128::from_u64(255)));
    /// assert_eq!("1_000".parse::<U128>(), Ok(U128::from_u64(1000)));
    /// assert_eq!("-1".parse::<U128>(), Err(carry::ParseUintError::OutOfRange));
    /// ```
    fn from_str(s: &str) -> Result<Self, ParseUintError> {
        match s.strip_prefix("0x") {
            Some(hex) => parse_radix(hex, 16),
            None => parse_radix(s, 10),
        }
    }
}
