//! Bounds on magnitudes: `Mag` is a non-negative number `m·2^e` with a 53-bit mantissa
//! `1 ≤ m < 2` (an `f64`) and an unbounded exponent (an `i64`), as Arb's `mag_t`. Every
//! operation rounds its result up (or, where named `lower`, down) by a relative 2^-50 after
//! the `f64` operation, whose own rounding is at most 2^-53: so an upper bound stays an upper
//! bound. Radii of balls are `Mag`s; their precision does not matter, only that they bound.

use carry::Int;

/// `1 + 2^-50` and `1 - 2^-50`: enough to cover one rounding of an `f64` product or sum.
const UP: f64 = 1.0 + 1.0 / (1u64 << 50) as f64;
const DOWN: f64 = 1.0 - 1.0 / (1u64 << 50) as f64;

/// A non-negative number `m·2^e`, `m = 0` or `1 ≤ m < 2`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Mag {
    m: f64,
    e: i64,
}

impl Mag {
    pub const ZERO: Mag = Mag { m: 0.0, e: 0 };

    /// `2^e`.
    pub fn pow2(e: i64) -> Mag {
        Mag { m: 1.0, e }
    }

    pub fn is_zero(self) -> bool {
        self.m == 0.0
    }

    /// `m·2^e` for a finite `m ≥ 0` of any size, normalised (exact).
    fn from_parts(m: f64, e: i64) -> Mag {
        debug_assert!(m >= 0.0 && m.is_finite());
        if m == 0.0 {
            return Mag::ZERO;
        }
        let bits = m.to_bits();
        let biased = ((bits >> 52) & 0x7ff) as i64;
        if biased == 0 {
            // Subnormal: scale into the normal range first (exact).
            return Mag::from_parts(m * 2f64.powi(64), e - 64);
        }
        let mantissa = f64::from_bits((bits & !(0x7ff << 52)) | (1023 << 52));
        Mag {
            m: mantissa,
            e: e + biased - 1023,
        }
    }

    /// An upper bound of `|x|·2^exp`.
    pub fn from_int(x: &Int, exp: i64) -> Mag {
        let (top, shift, exact) = top_bits(x);
        let m = top as f64 * UP + if exact { 0.0 } else { 1.0 };
        Mag::from_parts(m * UP, exp + shift)
    }

    /// A lower bound of `|x|·2^exp`.
    pub fn from_int_lower(x: &Int, exp: i64) -> Mag {
        let (top, shift, _) = top_bits(x);
        Mag::from_parts(top as f64 * DOWN, exp + shift)
    }

    /// An upper bound of `self + o`.
    pub fn add(self, o: Mag) -> Mag {
        let (big, small) = if self.e >= o.e { (self, o) } else { (o, self) };
        if small.is_zero() {
            return big;
        }
        if big.is_zero() {
            return small;
        }
        let d = big.e - small.e;
        let s = if d > 60 {
            2f64.powi(-60)
        } else {
            small.m * 2f64.powi(-(d as i32))
        };
        Mag::from_parts((big.m + s) * UP, big.e)
    }

    /// An upper bound of `self·o`.
    pub fn mul(self, o: Mag) -> Mag {
        if self.is_zero() || o.is_zero() {
            return Mag::ZERO;
        }
        Mag::from_parts(self.m * o.m * UP, self.e + o.e)
    }

    /// A lower bound of `self·o`, for lower bounds `self` and `o`.
    pub fn mul_lower(self, o: Mag) -> Mag {
        if self.is_zero() || o.is_zero() {
            return Mag::ZERO;
        }
        Mag::from_parts(self.m * o.m * DOWN, self.e + o.e)
    }

    /// An upper bound of `self / lower`, where `lower > 0` is a lower bound of the divisor;
    /// `None` when `lower` is zero.
    pub fn div(self, lower: Mag) -> Option<Mag> {
        if lower.is_zero() {
            return None;
        }
        if self.is_zero() {
            return Some(Mag::ZERO);
        }
        Some(Mag::from_parts(self.m / lower.m * UP, self.e - lower.e))
    }

    /// A lower bound of `self - upper`, for a lower bound `self` and an upper bound
    /// `upper`: zero when the difference may be zero or negative.
    pub fn sub_lower(self, upper: Mag) -> Mag {
        if upper.is_zero() {
            return self;
        }
        if self.is_zero() || upper.e > self.e || (upper.e == self.e && upper.m >= self.m) {
            return Mag::ZERO;
        }
        let d = self.e - upper.e;
        let s = if d > 1000 {
            0.0
        } else {
            upper.m * 2f64.powi(-(d as i32)) * UP
        };
        let x = (self.m - s) * DOWN;
        if x <= 0.0 {
            Mag::ZERO
        } else {
            Mag::from_parts(x, self.e)
        }
    }

    /// `self·2^k` (exact).
    pub fn mul_2exp(self, k: i64) -> Mag {
        if self.is_zero() {
            self
        } else {
            Mag {
                m: self.m,
                e: self.e + k,
            }
        }
    }

    /// `log2(self)`, close (within 2^-40 relatively): for estimates, not for bounds.
    /// Minus infinity for zero.
    pub fn log2(self) -> f64 {
        if self.is_zero() {
            f64::NEG_INFINITY
        } else {
            self.e as f64 + self.m.log2()
        }
    }

    /// `⌈log2(self)⌉`-like integer: `2^k ≥ self` (`i64::MIN` for zero).
    pub fn ceil_log2(self) -> i64 {
        if self.is_zero() {
            i64::MIN
        } else if self.m == 1.0 {
            self.e
        } else {
            self.e + 1
        }
    }

    /// An upper bound of `2^l` for an `l` given as a float (whose own error the caller has
    /// covered): the result exceeds `2^l` by a relative 2^-30 at most.
    pub fn from_log2(l: f64) -> Mag {
        let e = l.floor();
        let frac = l - e;
        Mag::from_parts(frac.exp2() * (1.0 + 2f64.powi(-30)), e as i64)
    }

    /// `self ≤ o`.
    pub fn le(self, o: Mag) -> bool {
        if self.is_zero() {
            return true;
        }
        if o.is_zero() {
            return false;
        }
        self.e < o.e || (self.e == o.e && self.m <= o.m)
    }

    /// The exact value as `(n, k)` with value `n·2^k`.
    pub fn to_dyadic(self) -> (Int, i64) {
        if self.is_zero() {
            return (Int::ZERO, 0);
        }
        let n = (self.m * (1u64 << 52) as f64) as u64;
        (Int::from(n), self.e - 52)
    }
}

/// The top 64 bits of `|x|` as `(top, shift, exact)`: `|x| = top·2^shift` when `exact`,
/// else `top·2^shift < |x| < (top + 1)·2^shift`.
pub fn top_bits(x: &Int) -> (u64, i64, bool) {
    let limbs = x.as_limbs();
    let bits = x.bits();
    if bits <= 64 {
        return (limbs.first().copied().unwrap_or(0), 0, true);
    }
    let shift = bits - 64;
    let (word, bit) = ((shift / 64) as usize, shift % 64);
    let top = if bit == 0 {
        limbs[word]
    } else {
        (limbs[word] >> bit) | (limbs[word + 1] << (64 - bit))
    };
    let low_mask = if bit == 0 { 0 } else { (1u64 << bit) - 1 };
    let exact = limbs[word] & low_mask == 0 && limbs[..word].iter().all(|&w| w == 0);
    (top, shift as i64, exact)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounds_hold() {
        let x = (Int::from(3u32) << 200u32) + 1u32;
        let up = Mag::from_int(&x, -10);
        let down = Mag::from_int_lower(&x, -10);
        assert!(down.le(up));
        let (n, k) = up.to_dyadic();
        assert!((n << (k + 10) as u64) >= x && k < 200);
        let a = Mag::pow2(-3);
        let b = Mag::pow2(-100);
        assert!(a.le(a.add(b)));
        assert!(Mag::pow2(-103).le(a.mul(b)));
        assert_eq!(a.sub_lower(Mag::pow2(-2)), Mag::ZERO);
        assert!(a.sub_lower(b).le(a));
        assert!(Mag::from_log2(-3.5).log2() >= -3.5);
    }
}
