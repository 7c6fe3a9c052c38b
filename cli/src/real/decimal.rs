//! Correctly rounded decimal output, and the precision to evaluate at (Ziv's strategy: Ziv,
//! "Fast evaluation of elementary mathematical functions with correctly rounded last bit",
//! ACM TOMS 1991).
//!
//! A ball's digits at `N` places are those of both its ends rounded half to even; when the
//! ends round differently the ball straddles a rounding boundary and [`to_decimal`] declines,
//! and the caller evaluates again at the precision [`next_precision`] suggests. The cost is
//! one product by `5^N` and the conversion of an integer of `N` digits to text (carry's
//! subquadratic radix conversion).

use super::Real;
use carry::Int;

/// log2(10), a little above.
const LOG2_10: f64 = 3.321_928_094_887_363;

/// The precision to evaluate a value at first, for `places` digits after the point.
pub fn start_precision(places: u64) -> u64 {
    (places as f64 * LOG2_10).ceil() as u64 + 64
}

/// The precision to try after `x`, evaluated at `prec` bits, could not be rounded to
/// `places` digits: more by the bits its radius lacks, or twice as much when it was narrow
/// enough and only straddled a boundary.
pub fn next_precision(x: &Real, places: u64, prec: u64) -> u64 {
    let target = (places as f64 * LOG2_10).ceil() as i64 + 8;
    let accuracy = x.accuracy();
    if accuracy < target {
        let lacking = (target - accuracy) as u64;
        prec + lacking.min(1 << 40) + 32
    } else {
        2 * prec
    }
}

/// The digits of `x` rounded half to even to `places` places after the point, as
/// [`carry::Rational::to_decimal_string_rounded`] writes them (no point for 0 places, no
/// sign on a zero), when every point of the ball rounds to them; `None` otherwise.
pub fn to_decimal(x: &Real, places: u64) -> Option<String> {
    let (man, e) = x.mid();
    let n = places as i64;
    let (rn, re) = x.rad().to_dyadic();
    // value·10^N = man·5^N·2^(e+N), radius·10^N = rn·5^N·2^(re+N), both as multiples of
    // 2^common.
    let five = Int::from(5u32).pow(u32::try_from(places).ok()?);
    let common = if rn.is_zero() { e } else { e.min(re) } + n;
    let a = (man * &five) << (e + n - common) as u64;
    let b = if rn.is_zero() {
        Int::ZERO
    } else {
        (rn * &five) << (re + n - common) as u64
    };
    let lo = round_half_even(&(&a - &b), common);
    if !b.is_zero() {
        let hi = round_half_even(&(&a + &b), common);
        if hi != lo {
            return None;
        }
    }
    Some(digits(&lo, places as usize))
}

/// `v·2^k` rounded half to even to an integer.
fn round_half_even(v: &Int, k: i64) -> Int {
    if k >= 0 {
        return v << k as u64;
    }
    let s = (-k) as u64;
    let q = v >> s;
    let rem = v - (&q << s);
    let half = Int::from(1u32) << (s - 1);
    match rem.cmp(&half) {
        std::cmp::Ordering::Greater => q + 1u32,
        std::cmp::Ordering::Equal if q.is_odd() => q + 1u32,
        _ => q,
    }
}

/// `q·10^-places` in decimal, all `places` digits written.
fn digits(q: &Int, places: usize) -> String {
    let mut text = q.abs().to_string();
    if text.len() <= places {
        text.insert_str(0, &"0".repeat(places + 1 - text.len()));
    }
    if places > 0 {
        text.insert(text.len() - places, '.');
    }
    if q.is_negative() {
        text.insert(0, '-');
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::real::Mag;

    #[test]
    fn rounds_half_to_even_and_declines_straddles() {
        // 2.5 → 2, 3.5 → 4, -0.125 at 2 places → -0.12, 0.001 at 2 places → 0.00.
        let x = |m: i64, e: i64| Real::dyadic(Int::from(m), e);
        assert_eq!(to_decimal(&x(5, -1), 0).unwrap(), "2");
        assert_eq!(to_decimal(&x(7, -1), 0).unwrap(), "4");
        assert_eq!(to_decimal(&x(-1, -3), 2).unwrap(), "-0.12");
        assert_eq!(to_decimal(&x(-1, -10), 2).unwrap(), "0.00");
        assert_eq!(to_decimal(&x(3, 0), 3).unwrap(), "3.000");
        // 0.5 ± 2^-20 at 0 places: the ends round to 0 and 1.
        let wide = x(1, -1).add_error(Mag::pow2(-20));
        assert_eq!(to_decimal(&wide, 0), None);
        assert_eq!(to_decimal(&wide, 3).unwrap(), "0.500");
        assert!(next_precision(&wide, 10, 64) > 64);
    }
}
