//! Modular inverse with GMP's `mpz_invert` semantics, from the extended gcd.

use crate::limbs;
use crate::Int;

impl Int {
    /// The inverse of `self` modulo `|m|`, in `[0, |m|)`: `None` when `gcd(self, m) ≠ 1` or
    /// `m = 0`, `Some(0)` when `|m| = 1` (as GMP's `mpz_invert`).
    ///
    /// ```
    /// use carry::Int;
    /// assert_eq!(Int::from(3).modinv(&Int::from(7)), Some(Int::from(5)));
    /// assert_eq!(Int::from(-3).modinv(&Int::from(-7)), Some(Int::from(2)));
    /// assert_eq!(Int::from(4).modinv(&Int::from(8)), None);
    /// assert_eq!(Int::from(4).modinv(&Int::ONE), Some(Int::ZERO));
    /// ```
    pub fn modinv(&self, m: &Int) -> Option<Int> {
        let ml = m.as_limbs();
        match ml {
            [] => return None,
            [1] => return Some(Int::ZERO),
            _ => {}
        }
        let reduced;
        let a = if self.is_negative() || limbs::cmp(self.as_limbs(), ml).is_ge() {
            reduced = self.rem_euclid(m);
            &reduced
        } else {
            self
        };
        if a.is_zero() {
            return None;
        }
        let (g, s) = super::gcd::gcd_cofactor(a, m);
        if g != 1u32 {
            return None;
        }
        // |s| ≤ |m|: one addition brings it into [0, |m|].
        let s = match (s.is_negative(), m.is_negative()) {
            (true, false) => s + m,
            (true, true) => s - m,
            _ => s,
        };
        Some(if limbs::cmp(s.as_limbs(), ml).is_ge() {
            s.rem_euclid(m)
        } else {
            s
        })
    }
}
