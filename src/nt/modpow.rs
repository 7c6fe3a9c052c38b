//! Modular exponentiation on `Int` with GMP's `mpz_powm` semantics: left-to-right binary
//! powering with a reduction after every product.

use crate::Int;

impl Int {
    /// `self^exp mod |m|`, in `[0, |m|)`. A negative exponent raises the inverse of `self`;
    /// `None` when that inverse does not exist or `m = 0`.
    ///
    /// ```
    /// use carry::Int;
    /// let m = Int::from(1000);
    /// assert_eq!(Int::from(3).checked_modpow(&Int::from(5), &m), Some(Int::from(243)));
    /// assert_eq!(Int::from(3).checked_modpow(&Int::from(-1), &Int::from(7)), Some(Int::from(5)));
    /// assert_eq!(Int::from(2).checked_modpow(&Int::from(-1), &m), None);
    /// assert_eq!(Int::from(2).checked_modpow(&Int::from(3), &Int::ZERO), None);
    /// ```
    pub fn checked_modpow(&self, exp: &Int, m: &Int) -> Option<Int> {
        if m.is_zero() {
            return None;
        }
        let m = m.abs();
        if m == 1u32 {
            return Some(Int::ZERO);
        }
        let base = if exp.is_negative() {
            self.modinv(&m)?
        } else {
            self.rem_euclid(&m)
        };
        Some(pow_mod_plain(&base, &exp.abs(), &m))
    }

    /// `self^exp mod |m|`, in `[0, |m|)`, as [`Int::checked_modpow`].
    ///
    /// Panics when `m = 0`, or when `exp < 0` and `self` has no inverse modulo `m`.
    ///
    /// ```
    /// use carry::Int;
    /// let m = Int::from(1000);
    /// assert_eq!(Int::from(-3).modpow(&Int::from(3), &m), 973);
    /// assert_eq!(Int::from(7).modpow(&Int::ZERO, &Int::ONE), 0);
    /// ```
    pub fn modpow(&self, exp: &Int, m: &Int) -> Int {
        match self.checked_modpow(exp, m) {
            Some(r) => r,
            None if m.is_zero() => panic!("modpow: modulus is zero"),
            None => panic!("modpow: negative exponent and the base has no inverse modulo m"),
        }
    }
}

/// `base^exp mod m` for `0 ≤ base < m`, `exp ≥ 0`, `m > 1`.
fn pow_mod_plain(base: &Int, exp: &Int, m: &Int) -> Int {
    let mut r = Int::ONE;
    for i in (0..exp.bits()).rev() {
        r = (&r * &r) % m;
        if exp.bit(i) {
            r = (&r * base) % m;
        }
    }
    r
}
