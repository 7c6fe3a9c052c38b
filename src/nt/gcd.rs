//! Greatest common divisor, Bézout cofactors with GMP's normalisation, least common multiple.
//! Euclid's algorithm (Knuth, TAOCP vol. 2, 4.5.2, Algorithm X for the cofactors): O(n²).

use crate::Int;

impl Int {
    /// The greatest common divisor of `|self|` and `|other|` (non-negative; `gcd(0, 0) = 0`).
    ///
    /// ```
    /// use carry::Int;
    /// assert_eq!(Int::from(-12).gcd(&Int::from(18)), 6);
    /// assert_eq!(Int::ZERO.gcd(&Int::from(-5)), 5);
    /// ```
    pub fn gcd(&self, other: &Int) -> Int {
        let (mut a, mut b) = (self.abs(), other.abs());
        while !b.is_zero() {
            let r = &a % &b;
            a = core::mem::replace(&mut b, r);
        }
        a
    }

    /// `(g, s, t)` with `g = gcd(self, other) = s·self + t·other`, normalised as GMP's
    /// `mpz_gcdext`: `|s| < |other|/(2g)` and `|t| < |self|/(2g)`, except that `s = 0` and
    /// `t = sgn(other)` when `|self| = |other|`; `s = sgn(self)` when `other = 0` or
    /// `|other| = 2g`; `t = sgn(other)` when `self = 0` or `|self| = 2g`.
    ///
    /// ```
    /// use carry::Int;
    /// let (a, b) = (Int::from(240), Int::from(46));
    /// let (g, s, t) = a.gcd_ext(&b);
    /// assert_eq!((g.clone(), s.clone(), t.clone()), (Int::from(2), Int::from(-9), Int::from(47)));
    /// assert_eq!(s * a + t * b, g);
    /// ```
    pub fn gcd_ext(&self, other: &Int) -> (Int, Int, Int) {
        let (a, b) = (self, other);
        if b.is_zero() {
            return (a.abs(), a.signum(), Int::ZERO);
        }
        if a.is_zero() || a.as_limbs() == b.as_limbs() {
            return (b.abs(), Int::ZERO, b.signum());
        }
        let (g, s_abs) = gcd_cofactor(&a.abs(), &b.abs());
        let s_signed = if a.is_negative() { -s_abs } else { s_abs };
        let b_over_g = b.abs() / &g;
        let s = if b_over_g == 2u32 {
            a.signum()
        } else if a.abs() == &g * 2u32 {
            let t = b.signum();
            let s = (&g - &t * b) / a;
            return (g, s, t);
        } else {
            symmetric_rem(&s_signed, &b_over_g)
        };
        let t = (&g - &s * a) / b;
        (g, s, t)
    }

    /// The least common multiple of `|self|` and `|other|` (0 when either is 0).
    ///
    /// ```
    /// use carry::Int;
    /// assert_eq!(Int::from(-4).lcm(&Int::from(6)), 12);
    /// assert_eq!(Int::from(4).lcm(&Int::ZERO), 0);
    /// ```
    pub fn lcm(&self, other: &Int) -> Int {
        if self.is_zero() || other.is_zero() {
            return Int::ZERO;
        }
        (self.abs() / self.gcd(other)) * other.abs()
    }
}

/// `(g, s)` with `g = gcd(a, b)` and `s·a ≡ g (mod b)`, for `a, b > 0`: Euclid's algorithm
/// carrying only the cofactor of `a`.
pub(crate) fn gcd_cofactor(a: &Int, b: &Int) -> (Int, Int) {
    let (mut r0, mut r1) = (a.clone(), b.clone());
    let (mut s0, mut s1) = (Int::ONE, Int::ZERO);
    while !r1.is_zero() {
        let (q, r) = r0.div_rem(&r1);
        r0 = core::mem::replace(&mut r1, r);
        let s = &s0 - &q * &s1;
        s0 = core::mem::replace(&mut s1, s);
    }
    (r0, s0)
}

/// The representative of `x mod m` in `(-m/2, m/2]` (`m > 0`).
fn symmetric_rem(x: &Int, m: &Int) -> Int {
    let r = x.rem_euclid(m);
    if &r * 2u32 > *m {
        r - m
    } else {
        r
    }
}
