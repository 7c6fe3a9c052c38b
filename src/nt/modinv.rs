//! Modular inverse with GMP's `mpz_invert` semantics, from the extended gcd.

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
        if m.is_zero() {
            return None;
        }
        let m = m.abs();
        if m == 1u32 {
            return Some(Int::ZERO);
        }
        let a = self.rem_euclid(&m);
        if a.is_zero() {
            return None;
        }
        let (g, s) = super::gcd::gcd_cofactor(&a, &m);
        (g == 1u32).then(|| s.rem_euclid(&m))
    }
}
