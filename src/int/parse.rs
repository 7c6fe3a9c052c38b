//! Parsing: `FromStr` (decimal) and [`Int::from_str_radix`].
//!
//! The syntax is Python's `int(s, radix)` without whitespace or prefixes: an optional `+` or
//! `-`, then digits (either case), single underscores allowed between two digits.

use super::fmt::check_radix;
use super::Int;
use crate::error::{ParseIntError, ParseIntErrorKind};
use crate::limbs::{from_radix, from_radix_len, is_pow2_radix};
use crate::thresholds::FROM_RADIX_DC;
use alloc::{vec, vec::Vec};
use core::str::FromStr;

/// The value of each byte as a digit, 255 for bytes that are no digit in any radix.
const fn digit_table() -> [u8; 256] {
    let mut table = [255u8; 256];
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        table[b] = match c {
            b'0'..=b'9' => c - b'0',
            b'a'..=b'z' => c - b'a' + 10,
            b'A'..=b'Z' => c - b'A' + 10,
            _ => 255,
        };
        b += 1;
    }
    table
}

const DIGIT: [u8; 256] = digit_table();

impl FromStr for Int {
    type Err = ParseIntError;

    /// Parses a decimal integer: see [`Int::from_str_radix`].
    ///
    /// ```
    /// use carry::Int;
    /// let x: Int = "-1_000_000_000_000_000_000_000".parse().unwrap();
    /// assert_eq!(x, Int::from(-1_000_000_000_000_000_000_000i128));
    /// assert!("1 000".parse::<Int>().is_err());
    /// ```
    fn from_str(s: &str) -> Result<Int, ParseIntError> {
        Int::from_str_radix(s, 10)
    }
}

impl Int {
    /// Parses an integer in `radix`: an optional `+` or `-`, then one or more digits `0-9`,
    /// `a-z` or `A-Z` below the radix, with single underscores allowed between digits.
    /// Nothing else is accepted: no whitespace, no `0x` prefix.
    ///
    /// # Errors
    ///
    /// A [`ParseIntError`] naming the problem and its byte position.
    ///
    /// # Panics
    ///
    /// If `radix` is not in `2..=36`, as `u32::from_str_radix` does.
    ///
    /// ```
    /// use carry::{Int, ParseIntErrorKind};
    /// assert_eq!(Int::from_str_radix("-fF", 16).unwrap(), Int::from(-255));
    /// assert_eq!(Int::from_str_radix("1010_1010", 2).unwrap(), Int::from(170));
    /// let err = Int::from_str_radix("12_", 8).unwrap_err();
    /// assert_eq!((err.kind(), err.position()), (ParseIntErrorKind::MisplacedUnderscore, 2));
    /// ```
    pub fn from_str_radix(s: &str, radix: u32) -> Result<Int, ParseIntError> {
        check_radix(radix);
        let (neg, start) = match s.as_bytes().first() {
            Some(b'-') => (true, 1),
            Some(b'+') => (false, 1),
            _ => (false, 0),
        };
        if s.len() == start {
            return Err(missing_digits(start));
        }
        if s.len() - start <= fits_u128(radix) {
            return Ok(Int::from_sign_u128(neg, parse_u128(s, start, radix)?));
        }
        if !super::limits::count_fits(s.len() - start, radix) {
            return Err(ParseIntError::new(ParseIntErrorKind::TooLarge, start));
        }
        let digits = digit_values(s, start, radix)?;
        Ok(from_digit_values(neg, &digits, radix))
    }
}

/// The error for a string with no digits after byte `start`.
fn missing_digits(start: usize) -> ParseIntError {
    let kind = if start == 0 {
        ParseIntErrorKind::Empty
    } else {
        ParseIntErrorKind::NoDigits
    };
    ParseIntError::new(kind, start)
}

/// How many digits in `radix` always fit a `u128`: `radix^n <= 2^128`.
fn fits_u128(radix: u32) -> usize {
    let ceil_log2 = 32 - (radix - 1).leading_zeros();
    (128 / ceil_log2) as usize
}

/// Whether byte `i` of `s`, whose digits begin at `start`, is an underscore between two
/// digits. Only the byte before is checked to be no underscore: the byte after is checked
/// when its turn comes.
fn is_separator(s: &[u8], start: usize, i: usize) -> bool {
    s[i] == b'_' && i > start && i + 1 < s.len() && s[i - 1] != b'_'
}

/// The error for byte `i` of `s`, which is neither a digit nor a separator. Every byte
/// before it is ASCII, so `i` is a character boundary.
fn reject(s: &str, i: usize) -> ParseIntError {
    let kind = match s[i..].chars().next() {
        Some('_') => ParseIntErrorKind::MisplacedUnderscore,
        Some(c) => ParseIntErrorKind::InvalidDigit(c),
        None => unreachable!("a rejected byte is inside the string"),
    };
    ParseIntError::new(kind, i)
}

/// Parses the digits of `s` from byte `start` on, when there are at most
/// [`fits_u128`]`(radix)` bytes of them.
fn parse_u128(s: &str, start: usize, radix: u32) -> Result<u128, ParseIntError> {
    let bytes = s.as_bytes();
    let mut acc = 0u128;
    for (i, &b) in bytes.iter().enumerate().skip(start) {
        let d = u32::from(DIGIT[usize::from(b)]);
        if d < radix {
            acc = acc * u128::from(radix) + u128::from(d);
        } else if !is_separator(bytes, start, i) {
            return Err(reject(s, i));
        }
    }
    Ok(acc)
}

/// The digit values of `s` from byte `start` on, most significant first. One branch-free pass
/// for the common string with no separators; a second pass only when it has some.
fn digit_values(s: &str, start: usize, radix: u32) -> Result<Vec<u8>, ParseIntError> {
    let body = &s.as_bytes()[start..];
    let mut digits = vec![0u8; body.len()];
    let radix = radix as u8;
    let mut bad = false;
    if radix <= 10 {
        for (d, &b) in digits.iter_mut().zip(body) {
            *d = b.wrapping_sub(b'0');
            bad |= *d >= radix;
        }
    } else {
        for (d, &b) in digits.iter_mut().zip(body) {
            *d = DIGIT[usize::from(b)];
            bad |= *d >= radix;
        }
    }
    if bad {
        remove_separators(s, start, radix, &mut digits)?;
    }
    Ok(digits)
}

/// Rewrites `digits` as the values of the digits of `s` from byte `start` on, skipping
/// separators, or fails at the first byte that is neither.
fn remove_separators(
    s: &str,
    start: usize,
    radix: u8,
    digits: &mut Vec<u8>,
) -> Result<(), ParseIntError> {
    let bytes = s.as_bytes();
    let mut k = 0;
    for (i, &b) in bytes.iter().enumerate().skip(start) {
        let d = DIGIT[usize::from(b)];
        if d < radix {
            digits[k] = d;
            k += 1;
        } else if !is_separator(bytes, start, i) {
            return Err(reject(s, i));
        }
    }
    digits.truncate(k);
    Ok(())
}

/// The integer with these digit values (most significant first) and sign.
fn from_digit_values(neg: bool, digits: &[u8], radix: u32) -> Int {
    let Some(first) = digits.iter().position(|&d| d != 0) else {
        return Int::ZERO;
    };
    let digits = &digits[first..];
    if digits.len() > FROM_RADIX_DC && !is_pow2_radix(radix) {
        return Int::from_sign_vec(neg, super::radix::from_radix_dc(digits, radix));
    }
    let mut limbs = vec![0u64; from_radix_len(digits.len(), radix)];
    let len = from_radix(&mut limbs, digits, radix);
    limbs.truncate(len);
    Int::from_sign_vec(neg, limbs)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(s: &str, radix: u32) -> Result<Int, ParseIntError> {
        Int::from_str_radix(s, radix)
    }

    fn error(s: &str, radix: u32) -> (ParseIntErrorKind, usize) {
        let err = parse(s, radix).unwrap_err();
        (err.kind(), err.position())
    }

    #[test]
    fn small_values_match_i128() {
        for s in [
            "0",
            "-0",
            "+0",
            "7",
            "+7",
            "-7",
            "000123",
            "-000",
            "170141183460469231731687303715884105727",
        ] {
            assert_eq!(
                s.parse::<Int>().unwrap(),
                Int::from(s.parse::<i128>().unwrap()),
                "{s}"
            );
        }
        assert_eq!(
            i128::MIN.to_string().parse::<Int>().unwrap(),
            Int::from(i128::MIN)
        );
        assert_eq!(
            u128::MAX.to_string().parse::<Int>().unwrap(),
            Int::from(u128::MAX)
        );
        assert!(!"-0".parse::<Int>().unwrap().is_negative());
    }

    #[test]
    fn both_sides_of_the_u128_fast_path_agree_with_u128() {
        for radix in 2..=36 {
            let n = fits_u128(radix);
            let max_digit = char::from_digit(radix - 1, radix).unwrap();
            for len in [n - 1, n, n + 1] {
                let varied: String = (0..len)
                    .map(|i| char::from_digit((i as u32 * 7 + 3) % radix, radix).unwrap())
                    .collect();
                let top: String = (0..len).map(|_| max_digit).collect();
                for s in [varied, top] {
                    let ours = parse(&s, radix).unwrap();
                    match u128::from_str_radix(&s, radix) {
                        Ok(v) => assert_eq!(ours, Int::from(v), "{s} in radix {radix}"),
                        Err(_) => {
                            assert!(len > n, "{len} digits of radix {radix} must fit a u128");
                            assert_eq!(ours.to_str_radix(radix), s.trim_start_matches('0'));
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn case_and_radix_digits() {
        assert_eq!(parse("zZ", 36).unwrap(), Int::from(36 * 35 + 35));
        assert_eq!(parse("DeadBeef", 16).unwrap(), Int::from(0xdead_beefu32));
        assert_eq!(parse("-777", 8).unwrap(), Int::from(-0o777));
        assert_eq!(error("18", 8), (ParseIntErrorKind::InvalidDigit('8'), 1));
        assert_eq!(error("12", 2), (ParseIntErrorKind::InvalidDigit('2'), 1));
        assert_eq!(error("g", 16), (ParseIntErrorKind::InvalidDigit('g'), 0));
    }

    #[test]
    fn underscores_between_digits_only() {
        assert_eq!(parse("1_000", 10).unwrap(), Int::from(1000));
        assert_eq!(parse("-1_0", 10).unwrap(), Int::from(-10));
        assert_eq!(parse("f_f", 16).unwrap(), Int::from(255));
        assert_eq!(error("_1", 10), (ParseIntErrorKind::MisplacedUnderscore, 0));
        assert_eq!(error("1_", 10), (ParseIntErrorKind::MisplacedUnderscore, 1));
        assert_eq!(
            error("1__2", 10),
            (ParseIntErrorKind::MisplacedUnderscore, 2)
        );
        assert_eq!(
            error("-_1", 10),
            (ParseIntErrorKind::MisplacedUnderscore, 1)
        );
        assert_eq!(error("_", 10), (ParseIntErrorKind::MisplacedUnderscore, 0));
        assert_eq!(error("+_", 10), (ParseIntErrorKind::MisplacedUnderscore, 1));
    }

    #[test]
    fn everything_else_is_rejected_with_its_position() {
        assert_eq!(error("", 10), (ParseIntErrorKind::Empty, 0));
        assert_eq!(error("-", 10), (ParseIntErrorKind::NoDigits, 1));
        assert_eq!(error("+", 10), (ParseIntErrorKind::NoDigits, 1));
        assert_eq!(error(" 1", 10), (ParseIntErrorKind::InvalidDigit(' '), 0));
        assert_eq!(error("1 ", 10), (ParseIntErrorKind::InvalidDigit(' '), 1));
        assert_eq!(error("1\n", 10), (ParseIntErrorKind::InvalidDigit('\n'), 1));
        assert_eq!(error("0x10", 16), (ParseIntErrorKind::InvalidDigit('x'), 1));
        assert_eq!(error("--1", 10), (ParseIntErrorKind::InvalidDigit('-'), 1));
        assert_eq!(error("+-1", 10), (ParseIntErrorKind::InvalidDigit('-'), 1));
        assert_eq!(error("1-", 10), (ParseIntErrorKind::InvalidDigit('-'), 1));
        assert_eq!(error("12é", 10), (ParseIntErrorKind::InvalidDigit('é'), 2));
        assert_eq!(error("١", 10), (ParseIntErrorKind::InvalidDigit('١'), 0));
        assert_eq!(error("1.5", 10), (ParseIntErrorKind::InvalidDigit('.'), 1));
    }

    #[test]
    fn long_strings_report_errors_at_their_byte() {
        let digits = "9".repeat(100);
        assert_eq!(
            error(&format!("{digits}x"), 10),
            (ParseIntErrorKind::InvalidDigit('x'), 100)
        );
        assert_eq!(
            error(&format!("-{digits}__1"), 10),
            (ParseIntErrorKind::MisplacedUnderscore, 102)
        );
        assert_eq!(
            error(&format!("{digits}_"), 10),
            (ParseIntErrorKind::MisplacedUnderscore, 100)
        );
        assert_eq!(
            error(&format!("_{digits}"), 10),
            (ParseIntErrorKind::MisplacedUnderscore, 0)
        );
        assert_eq!(
            error(&format!("{digits}€{digits}"), 10),
            (ParseIntErrorKind::InvalidDigit('€'), 100)
        );
        assert_eq!(
            error(&format!("{digits}a"), 10),
            (ParseIntErrorKind::InvalidDigit('a'), 100)
        );
        assert_eq!(
            error(&format!("{digits}G"), 16),
            (ParseIntErrorKind::InvalidDigit('G'), 100)
        );
    }

    #[test]
    fn long_strings_with_and_without_separators_agree() {
        let plain = "1234567890".repeat(20);
        let grouped = plain
            .as_bytes()
            .chunks(3)
            .map(|c| core::str::from_utf8(c).unwrap())
            .collect::<Vec<_>>()
            .join("_");
        let x = parse(&plain, 10).unwrap();
        assert_eq!(parse(&grouped, 10).unwrap(), x);
        assert_eq!(parse(&format!("-{grouped}"), 10).unwrap(), -x.clone());
        assert_eq!(x.to_string(), plain);
        let hex = format!("1{}", "0".repeat(64));
        assert_eq!(parse(&hex, 16).unwrap(), Int::from(1) << 256u32);
        assert_eq!(
            parse(&hex.to_uppercase().replace('1', "A"), 16).unwrap(),
            Int::from(10) << 256u32
        );
    }

    #[test]
    fn long_runs_of_zeros() {
        let zeros = "0".repeat(1000);
        assert_eq!(parse(&zeros, 10).unwrap(), Int::ZERO);
        assert!(!parse(&format!("-{zeros}"), 10).unwrap().is_negative());
        assert_eq!(parse(&format!("-{zeros}42"), 10).unwrap(), Int::from(-42));
        assert_eq!(
            parse(&format!("{zeros}1{}", "0".repeat(40)), 2).unwrap(),
            Int::from(1u64 << 40)
        );
    }

    #[test]
    fn every_radix_round_trips_through_to_str_radix() {
        let x = Int::from_sign_limbs(true, &[u64::MAX, 0x1234_5678, 0, 0, 7]);
        for radix in 2..=36 {
            let s = x.to_str_radix(radix);
            assert_eq!(parse(&s, radix).unwrap(), x, "radix {radix}");
            assert_eq!(parse(&s.to_uppercase(), radix).unwrap(), x, "radix {radix}");
        }
    }

    #[test]
    #[should_panic(expected = "radix must be in 2..=36")]
    fn radix_out_of_range_panics() {
        let _ = parse("1", 37);
    }
}
