//! Text output of [`Rational`] values: `n/d`, and decimal expansions exact or rounded.

use super::parse::power_of_ten;
use super::round::round_div;
use super::{Rational, Rounding};
use crate::Int;
use core::fmt;

impl fmt::Display for Rational {
    /// `n/d`, or just `n` when the denominator is 1; width and alignment flags apply to the
    /// whole.
    ///
    /// ```
    /// use carry::Rational;
    /// let x: Rational = "-0.75".parse().unwrap();
    /// assert_eq!(x.to_string(), "-3/4");
    /// assert_eq!(format!("[{x:>6}]"), "[  -3/4]");
    /// assert_eq!(Rational::from(12).to_string(), "12");
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = if self.is_integer() {
            self.numer.to_string()
        } else {
            format!("{}/{}", self.numer, self.denom)
        };
        f.pad(&text)
    }
}

impl fmt::Debug for Rational {
    /// The same as `Display`.
    ///
    /// ```
    /// let x: carry::Rational = "1/3".parse().unwrap();
    /// assert_eq!(format!("{x:?}"), "1/3");
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// `|q| / 10^places` written out with exactly `places` decimals, with a leading `-` when
/// `negative`.
fn decimal_text(q: &Int, places: usize, negative: bool) -> String {
    let digits = q.abs().to_string();
    let mut text = String::with_capacity(digits.len() + places + 3);
    if negative {
        text.push('-');
    }
    if places == 0 {
        text.push_str(&digits);
        return text;
    }
    if digits.len() <= places {
        text.push_str("0.");
        text.extend(core::iter::repeat_n('0', places - digits.len()));
        text.push_str(&digits);
    } else {
        let (int, frac) = digits.split_at(digits.len() - places);
        text.push_str(int);
        text.push('.');
        text.push_str(frac);
    }
    text
}

impl Rational {
    /// The exact decimal expansion when it terminates (the denominator has no prime factor
    /// but 2 and 5), with no trailing zeros; `None` otherwise.
    ///
    /// ```
    /// use carry::Rational;
    /// let r = |s: &str| s.parse::<Rational>().unwrap().to_decimal_string();
    /// assert_eq!(r("-1/8").as_deref(), Some("-0.125"));
    /// assert_eq!(r("3").as_deref(), Some("3"));
    /// assert_eq!(r("22/7"), None);
    /// ```
    pub fn to_decimal_string(&self) -> Option<String> {
        let twos = self.denom.trailing_zeros().unwrap_or(0);
        let mut rest = &self.denom >> twos;
        let mut fives = 0u64;
        // Divide out 5^27 (the largest power of five below 2^63) while it divides, then 5.
        for (power, count) in [(7_450_580_596_923_828_125u64, 27), (5, 1)] {
            loop {
                let (q, r) = rest.div_rem(&Int::from(power));
                if !r.is_zero() {
                    break;
                }
                rest = q;
                fives += count;
            }
        }
        if rest != 1 {
            return None;
        }
        let places = twos.max(fives);
        let scaled = &self.numer * power_of_ten(places) / &self.denom;
        Some(decimal_text(&scaled, places as usize, self.is_negative()))
    }

    /// The value rounded by `mode` to `digits` decimal places, with all `digits` places
    /// written (no decimal point when `digits` is 0). A result that rounds to zero has no
    /// minus sign.
    ///
    /// ```
    /// use carry::{Rational, Rounding};
    /// let x: Rational = "2/3".parse().unwrap();
    /// assert_eq!(x.to_decimal_string_rounded(4, Rounding::HalfEven), "0.6667");
    /// assert_eq!(x.to_decimal_string_rounded(4, Rounding::TowardZero), "0.6666");
    /// assert_eq!((-x).to_decimal_string_rounded(0, Rounding::HalfEven), "-1");
    /// let tiny: Rational = "-0.001".parse().unwrap();
    /// assert_eq!(tiny.to_decimal_string_rounded(2, Rounding::HalfEven), "0.00");
    /// ```
    pub fn to_decimal_string_rounded(&self, digits: usize, mode: Rounding) -> String {
        let scaled = &self.numer * power_of_ten(digits as u64);
        let q = round_div(&scaled, &self.denom, mode);
        decimal_text(&q, digits, q.is_negative())
    }
}
