//! Parsing [`Rational`] values: integers, fractions `n/d`, and decimals with an optional
//! exponent.

use super::Rational;
use crate::error::{ParseRationalError, ParseRationalErrorKind, MAX_DECIMAL_EXPONENT};
use crate::Int;
use alloc::string::String;
use core::str::FromStr;

/// A cursor over the bytes of the string being parsed.
struct Scanner<'a> {
    text: &'a str,
    at: usize,
}

impl<'a> Scanner<'a> {
    fn peek(&self) -> Option<u8> {
        self.text.as_bytes().get(self.at).copied()
    }

    /// Consumes `c` if it is next.
    fn eat(&mut self, set: &[u8]) -> bool {
        match self.peek() {
            Some(c) if set.contains(&c) => {
                self.at += 1;
                true
            }
            _ => false,
        }
    }

    /// Consumes a run of ASCII digits (possibly empty), with single underscores between two
    /// digits as `Int` accepts them, and returns it.
    fn digits(&mut self) -> &'a str {
        let start = self.at;
        let bytes = self.text.as_bytes();
        let digit = |i: usize| bytes.get(i).is_some_and(u8::is_ascii_digit);
        while let Some(c) = self.peek() {
            let between = c == b'_' && self.at > start && digit(self.at - 1) && digit(self.at + 1);
            if !(c.is_ascii_digit() || between) {
                break;
            }
            self.at += 1;
        }
        &self.text[start..self.at]
    }

    fn error<T>(&self, kind: ParseRationalErrorKind) -> Result<T, ParseRationalError> {
        Err(ParseRationalError::new(kind, self.at))
    }

    /// An error for the character at the cursor, or for missing digits at the end.
    fn unexpected<T>(&self) -> Result<T, ParseRationalError> {
        match self.text[self.at..].chars().next() {
            Some('_') => self.error(ParseRationalErrorKind::MisplacedUnderscore),
            Some(c) => self.error(ParseRationalErrorKind::InvalidDigit(c)),
            None => self.error(ParseRationalErrorKind::NoDigits),
        }
    }

    /// Nonempty digits, or an error where they should start.
    fn required_digits(&mut self) -> Result<&'a str, ParseRationalError> {
        if !self.peek().is_some_and(|c| c.is_ascii_digit()) {
            return self.unexpected();
        }
        Ok(self.digits())
    }
}

/// 10^`k`, in `u32`-sized steps (a fraction can have more than `u32::MAX` digits).
pub(crate) fn power_of_ten(mut k: u64) -> Int {
    let mut p = Int::ONE;
    while k > 0 {
        let step = k.min(u64::from(u32::MAX)) as u32;
        p *= Int::from(10u32).pow(step);
        k -= u64::from(step);
    }
    p
}

/// ASCII decimal digits (nonempty, already checked; underscores between them) as an `Int`.
fn digits_value(digits: &str) -> Int {
    Int::from_str_radix(digits, 10).expect("checked decimal digits")
}

impl Rational {
    /// The largest exponent magnitude that parsing accepts (`1e1000000` parses,
    /// `1e1000001` is [`ParseRationalErrorKind::ExponentTooLarge`]), so that a short string
    /// cannot demand a number of millions of digits.
    ///
    /// ```
    /// use carry::Rational;
    /// assert!("1e-1000000".parse::<Rational>().is_ok());
    /// assert!("1e999999999999999999999".parse::<Rational>().is_err());
    /// ```
    pub const MAX_EXPONENT: u64 = MAX_DECIMAL_EXPONENT;

    /// The value of a decimal with `integer` and `fraction` digits times 10^`exponent`.
    fn from_decimal(integer: &str, fraction: &str, exponent: i64) -> Rational {
        let mut digits = String::with_capacity(integer.len() + fraction.len());
        digits.push_str(integer);
        digits.push_str(fraction);
        let mantissa = digits_value(&digits);
        let places = fraction.bytes().filter(u8::is_ascii_digit).count();
        let scale = exponent - places as i64;
        if scale >= 0 {
            Rational::from(mantissa * power_of_ten(scale as u64))
        } else {
            Rational::reduce(mantissa, power_of_ten(scale.unsigned_abs()))
        }
    }
}

impl FromStr for Rational {
    type Err = ParseRationalError;

    /// Parses an optional sign followed by an integer (`-42`), a fraction with an unsigned
    /// nonzero denominator (`3/4`), or a decimal (`-0.125`, `.5`, `5.`) with an optional
    /// exponent (`1.5e-3`, `2E+10`; at most [`Rational::MAX_EXPONENT`] in magnitude).
    /// No whitespace; single underscores may separate two digits, as in [`Int`]'s parsing.
    ///
    /// ```
    /// use carry::Rational;
    /// let r = |s: &str| s.parse::<Rational>().unwrap().to_string();
    /// assert_eq!(r("1_000/3"), "1000/3");
    /// assert_eq!(r("0.000_001e1_0"), "10000");
    /// assert_eq!(r("-6/8"), "-3/4");
    /// assert_eq!(r("-0.125"), "-1/8");
    /// assert_eq!(r(".5"), "1/2");
    /// assert_eq!(r("5."), "5");
    /// assert_eq!(r("1.5e-3"), "3/2000");
    /// assert_eq!(r("2E+10"), "20000000000");
    /// ```
    fn from_str(text: &str) -> Result<Rational, ParseRationalError> {
        let mut s = Scanner { text, at: 0 };
        if text.is_empty() {
            return s.error(ParseRationalErrorKind::Empty);
        }
        if !crate::int::limits::count_fits(text.len(), 10) {
            return s.error(ParseRationalErrorKind::TooLarge);
        }
        let negative = s.peek() == Some(b'-');
        s.eat(b"+-");
        let digits_at = s.at;
        let integer = s.digits();
        let value = if !integer.is_empty() && s.eat(b"/") {
            let numer = digits_value(integer);
            let denom_at = s.at;
            let denom = digits_value(s.required_digits()?);
            if denom.is_zero() {
                return Err(ParseRationalError::new(
                    ParseRationalErrorKind::ZeroDenominator,
                    denom_at,
                ));
            }
            Rational::reduce(numer, denom)
        } else {
            let fraction = if s.eat(b".") { s.digits() } else { "" };
            if integer.is_empty() && fraction.is_empty() {
                if s.at == digits_at {
                    return s.unexpected();
                }
                return Err(ParseRationalError::new(
                    ParseRationalErrorKind::NoDigits,
                    digits_at,
                ));
            }
            let exponent = if s.eat(b"eE") { exponent(&mut s)? } else { 0 };
            Rational::from_decimal(integer, fraction, exponent)
        };
        if s.at < text.len() {
            return s.unexpected();
        }
        Ok(if negative { -value } else { value })
    }
}

/// The signed exponent after `e`, at most [`Rational::MAX_EXPONENT`] in magnitude.
fn exponent(s: &mut Scanner<'_>) -> Result<i64, ParseRationalError> {
    let negative = s.peek() == Some(b'-');
    s.eat(b"+-");
    let at = s.at;
    let digits = s.required_digits()?;
    let magnitude = digits
        .bytes()
        .filter(u8::is_ascii_digit)
        .try_fold(0u64, |m, d| {
            let m = m * 10 + u64::from(d - b'0');
            (m <= Rational::MAX_EXPONENT).then_some(m)
        })
        .ok_or(ParseRationalError::new(
            ParseRationalErrorKind::ExponentTooLarge,
            at,
        ))? as i64;
    Ok(if negative { -magnitude } else { magnitude })
}
