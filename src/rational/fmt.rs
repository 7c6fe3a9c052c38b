//! Text output of [`Rational`] values: `n/d`, and decimal expansions exact or rounded.

use super::parse::power_of_ten;
use super::round::round_div;
use super::{Rational, Rounding};
#[cfg(not(feature = "std"))]
use crate::int::FloatMath;
use crate::Int;
use alloc::{format, string::String, string::ToString};
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

/// `5^k`, in pieces when `k` exceeds the `u32` exponent of [`Int::pow`].
fn power_of_five(mut k: u64) -> Int {
    let mut p = Int::ONE;
    while k > 0 {
        let step = k.min(u64::from(u32::MAX)) as u32;
        p *= Int::from(5u32).pow(step);
        k -= u64::from(step);
    }
    p
}

/// The `k` with `n = 5^k`, or `None` when `n` (positive) is not a power of five.
///
/// The bit length fixes `k` to within one; a residue modulo the prime `2^61 - 1` rejects a
/// wrong candidate in linear time, and one power (`O(M(n))`) confirms the survivor, so a
/// terminating expansion costs no more than the radix conversion that prints it.
fn five_exponent(n: &Int) -> Option<u64> {
    if *n == 1 {
        return Some(0);
    }
    const P: u64 = (1 << 61) - 1;
    let residue = u64::try_from(&(n % &Int::from(P))).ok()?;
    let estimate = ((n.bits() - 1) as f64 / 5f64.log2()).round() as u64;
    (estimate.saturating_sub(1)..=estimate + 1)
        .find(|&k| k > 0 && pow_mod(5, k, P) == residue && power_of_five(k) == *n)
}

/// `b^e mod m` for `m < 2^63`.
fn pow_mod(b: u64, mut e: u64, m: u64) -> u64 {
    let (mut r, mut b) = (1u128, u128::from(b % m));
    let m = u128::from(m);
    while e > 0 {
        if e & 1 == 1 {
            r = r * b % m;
        }
        b = b * b % m;
        e >>= 1;
    }
    r as u64
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
        // denom = 2^twos · 5^fives exactly, or the expansion does not terminate; then
        // numer/denom = numer · 2^(places - twos) · 5^(places - fives) / 10^places, one
        // power of five and one product before the radix conversion.
        let twos = self.denom.trailing_zeros().unwrap_or(0);
        let fives = five_exponent(&(&self.denom >> twos))?;
        let places = twos.max(fives);
        let scaled = (&self.numer * power_of_five(places - fives)) << (places - twos);
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

#[cfg(test)]
mod tests {
    use super::*;
    use rug::ops::Pow;
    use rug::Integer;

    /// The exact expansion through GMP's digits: `n·10^places / d` written with `places`
    /// decimals, trailing zeros removed.
    fn reference(n: &Integer, d: &Integer) -> Option<String> {
        let mut rest = d.clone();
        let (mut twos, mut fives) = (0u32, 0u32);
        while rest.is_divisible_u(2) {
            rest /= 2u32;
            twos += 1;
        }
        while rest.is_divisible_u(5) {
            rest /= 5u32;
            fives += 1;
        }
        if rest != 1 {
            return None;
        }
        let places = twos.max(fives);
        let scaled = (n * Integer::from(10).pow(places)) / d;
        let digits = format!("{:0>w$}", scaled.clone().abs(), w = places as usize + 1);
        let sign = if scaled < 0 { "-" } else { "" };
        Some(if places == 0 {
            format!("{sign}{digits}")
        } else {
            let (int, frac) = digits.split_at(digits.len() - places as usize);
            format!("{sign}{int}.{frac}")
        })
    }

    fn to_int(x: &Integer) -> Int {
        x.to_string().parse().unwrap()
    }

    /// Large powers of two and five, their neighbours and multiples: the bit-length
    /// estimate of the five's exponent and the residue filter must reject every near miss.
    #[test]
    fn terminating_expansions_of_large_powers() {
        for k in [1u32, 2, 26, 27, 28, 54, 100, 331, 1000, 4321] {
            let five = Integer::from(5).pow(k);
            let two = Integer::from(1) << (k / 3);
            for d in [
                five.clone(),
                Integer::from(&five * &two),
                Integer::from(&five * 3u32),
                Integer::from(&five + 2u32),
                Integer::from(&five - 4u32),
                Integer::from(&five * 5u32) + 0u32,
                Integer::from(&five / 5u32) * 7u32,
                Integer::from(&two * 5u32),
                two.clone(),
            ] {
                for n in [Integer::from(1), Integer::from(-7), Integer::from(3) << 200] {
                    let x = Rational::new(to_int(&n), to_int(&d));
                    let g = Integer::from(n.gcd_ref(&d));
                    let (rn, rd) = (Integer::from(&n / &g), Integer::from(&d / &g));
                    assert_eq!(x.to_decimal_string(), reference(&rn, &rd), "{n}/{d}");
                }
            }
        }
    }
}
