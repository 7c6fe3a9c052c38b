//! Greatest common divisor, Bézout cofactors with GMP's normalisation, least common multiple.
//! Lehmer's algorithm (Knuth, TAOCP vol. 2, 4.5.2, Algorithm L, with the matrix step of
//! `limbs::lehmer_matrix`), carrying one cofactor for inverses and `gcd_ext` (Algorithm X):
//! O(n²) with about one matrix application per 32 bits. Two-limb values finish by Stein's
//! binary algorithm.

use crate::limbs;
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
        let (a, b) = (self.as_limbs(), other.as_limbs());
        if a.is_empty() {
            return other.abs();
        }
        if b.is_empty() {
            return self.abs();
        }
        if a.len() <= 2 && b.len() <= 2 {
            return Int::from(gcd_u128(to_u128(a), to_u128(b)));
        }
        Int::from_limbs(&lehmer(a.to_vec(), b.to_vec(), false).0)
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

/// `(g, s)` with `g = gcd(a, b)` and `s·a ≡ g (mod b)`, for `a, b > 0`.
pub(crate) fn gcd_cofactor(a: &Int, b: &Int) -> (Int, Int) {
    let (g, s) = lehmer(b.as_limbs().to_vec(), a.as_limbs().to_vec(), true);
    (Int::from_limbs(&g), s)
}

/// The value of at most two limbs.
fn to_u128(a: &[u64]) -> u128 {
    a.iter()
        .rev()
        .fold(0, |acc, &l| (acc << 64) | u128::from(l))
}

/// Stein's binary gcd on two-limb values.
fn gcd_u128(mut a: u128, mut b: u128) -> u128 {
    if a == 0 || b == 0 {
        return a | b;
    }
    let k = (a | b).trailing_zeros();
    a >>= a.trailing_zeros();
    loop {
        b >>= b.trailing_zeros();
        if a > b {
            core::mem::swap(&mut a, &mut b);
        }
        b -= a;
        if b == 0 {
            return a << k;
        }
    }
}

/// A signed cofactor: sign and magnitude in a buffer with room for every cofactor of the
/// run; `len` limbs in use, the rest zero.
struct Cofactor {
    neg: bool,
    mag: Vec<u64>,
    len: usize,
}

impl Cofactor {
    fn new(value: u64, room: usize) -> Cofactor {
        let mut mag = vec![0u64; room];
        mag[0] = value;
        Cofactor {
            neg: false,
            mag,
            len: usize::from(value != 0),
        }
    }

    fn to_int(&self) -> Int {
        Int::from_sign_limbs(self.neg, &self.mag[..self.len])
    }

    fn set(&mut self, x: &Int) {
        let l = x.as_limbs();
        self.mag[..self.len].fill(0);
        self.mag[..l.len()].copy_from_slice(l);
        self.len = l.len();
        self.neg = x.is_negative();
    }
}

/// `out = ±s·x ± t·y` (the signs `sx`, `sy` on top of those of `x` and `y`); `tmp` is scratch
/// as long as the buffers.
#[allow(clippy::too_many_arguments)]
fn combine(
    out: &mut Cofactor,
    x: &Cofactor,
    s: u64,
    sx: bool,
    y: &Cofactor,
    t: u64,
    sy: bool,
    tmp: &mut [u64],
) {
    let (nx, ny) = (x.neg ^ sx, y.neg ^ sy);
    let len = x.len.max(y.len);
    let old = out.len;
    let o = &mut out.mag;
    o[len] = limbs::mul_1(&mut o[..len], &x.mag[..len], s);
    o[len + 1] = 0;
    out.neg = if nx == ny {
        let c = limbs::addmul_1(&mut o[..len], &y.mag[..len], t);
        let (v, carry) = o[len].overflowing_add(c);
        o[len] = v;
        o[len + 1] = u64::from(carry);
        nx
    } else {
        let tmp = &mut tmp[..len + 2];
        tmp[len] = limbs::mul_1(&mut tmp[..len], &y.mag[..len], t);
        tmp[len + 1] = 0;
        if limbs::cmp_n(&o[..len + 2], tmp).is_ge() {
            limbs::sub_n_assign(&mut o[..len + 2], tmp);
            nx
        } else {
            limbs::rsub_n_assign(&mut o[..len + 2], tmp);
            ny
        }
    };
    out.len = limbs::normalized_len(&o[..len + 2]);
    if old > len + 2 {
        o[len + 2..old].fill(0);
    }
}

/// Lehmer's gcd of `r0`, `r1 > 0`; with `track`, also the cofactor `u` of the original `r1`
/// with `u·r1 ≡ g (mod r0)` (zero when not tracked).
fn lehmer(mut r0: Vec<u64>, mut r1: Vec<u64>, track: bool) -> (Vec<u64>, Int) {
    let room = if track { r0.len().max(r1.len()) + 3 } else { 3 };
    let (mut u0, mut u1) = (Cofactor::new(0, room), Cofactor::new(1, room));
    let (mut w0, mut w1) = (Cofactor::new(0, room), Cofactor::new(0, room));
    let mut tmp = vec![0u64; room];
    let (mut a2, mut b2) = (Vec::new(), Vec::new());
    loop {
        r0.truncate(limbs::normalized_len(&r0));
        r1.truncate(limbs::normalized_len(&r1));
        if limbs::cmp(&r0, &r1).is_lt() {
            core::mem::swap(&mut r0, &mut r1);
            core::mem::swap(&mut u0, &mut u1);
        }
        if r1.is_empty() {
            return (r0, if track { u0.to_int() } else { Int::ZERO });
        }
        if !track && r0.len() <= 2 {
            let g = Int::from(gcd_u128(to_u128(&r0), to_u128(&r1)));
            return (g.as_limbs().to_vec(), Int::ZERO);
        }
        let n = r0.len();
        let (x, y) = leading_words(&r0, &r1);
        match if y == 0 {
            None
        } else {
            limbs::lehmer_matrix(x, y)
        } {
            Some(m) => {
                r1.resize(n, 0);
                a2.clear();
                a2.resize(n, 0);
                b2.clear();
                b2.resize(n, 0);
                limbs::lehmer_apply(&mut a2, &mut b2, &r0, &r1, &m);
                core::mem::swap(&mut r0, &mut a2);
                core::mem::swap(&mut r1, &mut b2);
                if track {
                    // Rows (+s0, -t0) and (-s1, +t1), negated when the matrix is odd.
                    combine(&mut w0, &u0, m.s0, m.odd, &u1, m.t0, !m.odd, &mut tmp);
                    combine(&mut w1, &u0, m.s1, !m.odd, &u1, m.t1, m.odd, &mut tmp);
                    core::mem::swap(&mut u0, &mut w0);
                    core::mem::swap(&mut u1, &mut w1);
                }
            }
            None => {
                let (q, r) = Int::from_limbs(&r0).div_rem(&Int::from_limbs(&r1));
                r0 = core::mem::replace(&mut r1, r.as_limbs().to_vec());
                if track {
                    let u = u0.to_int() - q * u1.to_int();
                    core::mem::swap(&mut u0, &mut u1);
                    u1.set(&u);
                }
            }
        }
    }
}

/// The leading 64 bits of `a` (normalised, at least 2 limbs... or 1) and the bits of `b` at
/// the same positions.
fn leading_words(a: &[u64], b: &[u64]) -> (u64, u64) {
    let n = a.len();
    let at = |v: &[u64], i: usize| v.get(i).copied().unwrap_or(0);
    let lz = a[n - 1].leading_zeros();
    if n == 1 || lz == 0 {
        return (a[n - 1], at(b, n - 1));
    }
    let top = |v: &[u64]| (at(v, n - 1) << lz) | (at(v, n - 2) >> (64 - lz));
    (top(a), top(b))
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
