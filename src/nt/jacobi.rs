//! Jacobi, Legendre and Kronecker symbols by the binary reciprocity algorithm (Cohen, A Course
//! in Computational Algebraic Number Theory, Algorithm 1.4.10): O(n²) bit operations.

use crate::Int;

impl Int {
    /// The Jacobi symbol `(self / n)`: -1, 0 or 1. Panics unless `n` is odd and positive.
    ///
    /// ```
    /// use carry::Int;
    /// assert_eq!(Int::from(2).jacobi(&Int::from(7)), 1);
    /// assert_eq!(Int::from(-1).jacobi(&Int::from(7)), -1);
    /// assert_eq!(Int::from(21).jacobi(&Int::from(15)), 0);
    /// ```
    pub fn jacobi(&self, n: &Int) -> i32 {
        assert!(
            n.is_positive() && n.is_odd(),
            "jacobi: n must be odd and positive, got {n}"
        );
        jacobi_odd(&self.rem_euclid(n), n)
    }

    /// The Legendre symbol `(self / p)` for an odd prime `p` (computed as the Jacobi symbol,
    /// which equals it for prime `p`; primality is not checked). Panics unless `p` is odd and
    /// positive.
    ///
    /// ```
    /// use carry::Int;
    /// assert_eq!(Int::from(3).legendre(&Int::from(11)), 1);
    /// assert_eq!(Int::from(2).legendre(&Int::from(11)), -1);
    /// ```
    pub fn legendre(&self, p: &Int) -> i32 {
        self.jacobi(p)
    }

    /// The Kronecker symbol `(self / n)` for every `n`, as GMP's `mpz_kronecker`: the Jacobi
    /// symbol extended by `(a/2) = 0` for even `a`, `1` for `a ≡ ±1 (mod 8)`, `-1` for
    /// `a ≡ ±3 (mod 8)`, `(a/-1) = sgn(a)` (1 for a = 0) and `(a/0) = [|a| = 1]`.
    ///
    /// ```
    /// use carry::Int;
    /// assert_eq!(Int::from(3).kronecker(&Int::from(8)), -1);
    /// assert_eq!(Int::from(-5).kronecker(&Int::from(-3)), -1);
    /// assert_eq!(Int::from(1).kronecker(&Int::ZERO), 1);
    /// ```
    pub fn kronecker(&self, n: &Int) -> i32 {
        let a = self;
        if n.is_zero() {
            return i32::from(a.as_limbs() == [1]);
        }
        let mut sign = 1;
        if n.is_negative() && a.is_negative() {
            sign = -1;
        }
        let k = n.trailing_zeros().unwrap_or(0);
        if k > 0 {
            if a.is_even() {
                return 0;
            }
            if k % 2 == 1 {
                let a8 = low_u64(a) & 7;
                let a8 = if a.is_negative() { (8 - a8) & 7 } else { a8 };
                if a8 == 3 || a8 == 5 {
                    sign = -sign;
                }
            }
        }
        let odd = n.abs() >> k;
        sign * jacobi_odd(&a.rem_euclid(&odd), &odd)
    }
}

/// The low limb of `|x|`.
fn low_u64(x: &Int) -> u64 {
    x.as_limbs().first().copied().unwrap_or(0)
}

/// `(a / n)` for `0 ≤ a < n`, `n` odd: big steps by division until both fit a limb.
fn jacobi_odd(a: &Int, n: &Int) -> i32 {
    let (mut a, mut n) = (a.clone(), n.clone());
    let mut sign = 1;
    while n.as_limbs().len() > 1 {
        if a.is_zero() {
            return 0;
        }
        let k = a.trailing_zeros().unwrap_or(0);
        a >>= k;
        let n8 = low_u64(&n) & 7;
        if k % 2 == 1 && (n8 == 3 || n8 == 5) {
            sign = -sign;
        }
        if low_u64(&a) & 3 == 3 && n8 & 3 == 3 {
            sign = -sign;
        }
        let r = &n % &a;
        n = core::mem::replace(&mut a, r);
    }
    sign * jacobi_u64(low_u64(&a), low_u64(&n))
}

/// `(a / n)` for `n` odd, on machine words.
fn jacobi_u64(mut a: u64, mut n: u64) -> i32 {
    debug_assert!(n & 1 == 1);
    a %= n;
    let mut sign = 1;
    while a != 0 {
        let k = a.trailing_zeros();
        a >>= k;
        if k % 2 == 1 && (n & 7 == 3 || n & 7 == 5) {
            sign = -sign;
        }
        if a & 3 == 3 && n & 3 == 3 {
            sign = -sign;
        }
        (a, n) = (n % a, a);
    }
    if n == 1 {
        sign
    } else {
        0
    }
}
