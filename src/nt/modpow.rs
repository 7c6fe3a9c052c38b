//! Modular exponentiation on `Int` with GMP's `mpz_powm` semantics. Odd moduli go to a
//! [`Modulus`] (Montgomery, sliding windows); an even modulus `2^k·q` is split, the power
//! taken modulo `q` and modulo `2^k` (truncated products, the exponent reduced modulo `2^k` for
//! odd bases) and recombined by the Chinese remainder theorem (Koç, "Montgomery reduction with
//! even modulus", IEE Proc. 1994).

use crate::{Int, Modulus};

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
        let exp = exp.abs();
        let k = m.trailing_zeros().unwrap_or(0);
        if k == 0 {
            return Some(odd_modulus(&m).pow_vartime(&base, &exp));
        }
        let q = &m >> k;
        let low = pow_mod_2k(&base, &exp, k);
        if q == 1u32 {
            return Some(low);
        }
        let high = odd_modulus(&q).pow_vartime(&base, &exp);
        // x = high + q·t with q·t ≡ low - high (mod 2^k).
        let q_inv = q.modinv(&(Int::ONE << k)).expect("q is odd");
        let t = truncate(&((low - &high) * q_inv), k);
        Some(high + q * t)
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

/// The context of an odd modulus above one.
fn odd_modulus(m: &Int) -> Modulus {
    Modulus::new(m).expect("an odd modulus above one")
}

/// `x mod 2^k` for any `x` (two's complement low bits).
fn truncate(x: &Int, k: u64) -> Int {
    x & &((Int::ONE << k) - 1u32)
}

/// `base^exp mod 2^k` for `base ≥ 0`, `exp ≥ 0`, `k ≥ 1`.
fn pow_mod_2k(base: &Int, exp: &Int, k: u64) -> Int {
    let b = truncate(base, k);
    if exp.is_zero() {
        return Int::ONE;
    }
    if b.is_even() {
        // b^exp has at least exp factors of two.
        if *exp >= k {
            return Int::ZERO;
        }
    }
    // Odd residues mod 2^k form a group of order 2^(k-1), so exp may be reduced mod 2^k.
    let e = if b.is_odd() {
        truncate(exp, k)
    } else {
        exp.clone()
    };
    let mut r = Int::ONE;
    for i in (0..e.bits()).rev() {
        r = truncate(&(&r * &r), k);
        if e.bit(i) {
            r = truncate(&(&r * &b), k);
        }
    }
    r
}
