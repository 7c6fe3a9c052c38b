//! Integer k-th roots by Newton's iteration from above (Brent & Zimmermann, Modern Computer
//! Arithmetic, 1.5.1), started from a 53-bit floating-point estimate so that the number of
//! iterations is O(log n); perfect-square and perfect-power tests. Square roots are
//! Zimmermann's Karatsuba square root on limbs (MCA 1.5.2, Algorithm 1.12 "SqrtRem";
//! `src/limbs/sqrt.rs`, O(M(n)), no threshold), through `src/int/sqrt.rs`, which also holds
//! the residue tests of `is_perfect_square`.

#[cfg(not(feature = "std"))]
use crate::limbs::FloatMath;
use crate::Int;
use alloc::vec::Vec;

impl Int {
    /// `⌊√self⌋`. Panics when `self` is negative ([`Int::checked_sqrt`] returns `None`).
    ///
    /// ```
    /// use carry::Int;
    /// assert_eq!(Int::from(99).sqrt(), 9);
    /// assert_eq!((Int::ONE << 200u32).sqrt(), Int::ONE << 100u32);
    /// ```
    #[inline]
    pub fn sqrt(&self) -> Int {
        assert!(!self.is_negative(), "sqrt of a negative number");
        self.sqrt_magnitude()
    }

    /// `⌊√self⌋`, or `None` when `self` is negative.
    ///
    /// ```
    /// use carry::Int;
    /// assert_eq!(Int::from(16).checked_sqrt(), Some(Int::from(4)));
    /// assert_eq!(Int::from(-16).checked_sqrt(), None);
    /// ```
    #[inline]
    pub fn checked_sqrt(&self) -> Option<Int> {
        if self.is_negative() {
            return None;
        }
        Some(self.sqrt_magnitude())
    }

    /// `(s, r)` with `s = ⌊√self⌋` and `r = self - s²` (as `mpz_sqrtrem`). Panics when `self`
    /// is negative.
    ///
    /// ```
    /// use carry::Int;
    /// assert_eq!(Int::from(99).sqrt_rem(), (Int::from(9), Int::from(18)));
    /// ```
    #[inline]
    pub fn sqrt_rem(&self) -> (Int, Int) {
        assert!(!self.is_negative(), "sqrt of a negative number");
        self.sqrt_rem_magnitude()
    }

    /// The `k`-th root rounded toward zero (as `mpz_root`): negative values have negative odd
    /// roots. Panics when `k = 0`, or when `k` is even and `self` negative.
    ///
    /// ```
    /// use carry::Int;
    /// assert_eq!(Int::from(1000).nth_root(3), 10);
    /// assert_eq!(Int::from(-1001).nth_root(3), -10);
    /// assert_eq!(Int::from(31).nth_root(5), 1);
    /// ```
    pub fn nth_root(&self, k: u32) -> Int {
        assert!(k != 0, "nth_root: the 0th root is undefined");
        assert!(
            !(self.is_negative() && k.is_multiple_of(2)),
            "nth_root: even root of a negative number"
        );
        let r = root_abs(&self.abs(), k);
        if self.is_negative() {
            -r
        } else {
            r
        }
    }

    /// Whether `self` is the square of an integer (0 and 1 are; negative values are not).
    ///
    /// ```
    /// use carry::Int;
    /// assert!(Int::from(144).is_perfect_square());
    /// assert!(!Int::from(145).is_perfect_square());
    /// assert!(!Int::from(-4).is_perfect_square());
    /// ```
    #[inline]
    pub fn is_perfect_square(&self) -> bool {
        if self.is_negative() {
            return false;
        }
        self.magnitude_is_square()
    }

    /// Whether `self = a^b` for integers `a` and `b > 1`, with GMP's definition
    /// (`mpz_perfect_power_p`): 0 and 1 are perfect powers, and a negative value is one when
    /// it is an odd power (so -1 and -8 are, -4 is not).
    ///
    /// ```
    /// use carry::Int;
    /// assert!(Int::from(243).is_perfect_power());
    /// assert!(Int::from(-8).is_perfect_power());
    /// assert!(!Int::from(-4).is_perfect_power());
    /// assert!(!Int::from(12).is_perfect_power());
    /// ```
    ///
    /// Only prime exponents `p < bits` are tried (a `b`-th power is a `p`-th power for each
    /// prime `p | b`, and a root of at least 2 needs `p` below the bit length), each odd one
    /// after a residue test modulo a prime `q ≡ 1 (mod p)`, which a non-power passes with
    /// probability about 1/p; exponents above 2^32 − 1 (values of more than 2^32 bits) are
    /// not tried.
    pub fn is_perfect_power(&self) -> bool {
        let n = self.abs();
        if n <= 1u32 {
            return true;
        }
        let neg = self.is_negative();
        let bits = n.bits();
        let twos = n.trailing_zeros().unwrap_or(0);
        // An odd n is a power of an odd root, at least 3: p < bits/log2(3).
        let limit = if twos == 0 {
            bits * 631 / 1000 + 1
        } else {
            bits
        };
        let small = super::small_primes::SMALL_PRIMES
            .iter()
            .map(|&p| u64::from(p));
        let large = if limit > 1 << 16 {
            super::combinatorics::primes_up_to((limit - 1).min(u64::from(u32::MAX)))
        } else {
            Vec::new()
        };
        let large = large.into_iter().skip_while(|&p| p < 1 << 16);
        for p in small.chain(large).take_while(|&p| p < limit) {
            if (neg && p == 2) || (twos > 0 && !twos.is_multiple_of(p)) {
                continue;
            }
            if p == 2 {
                if n.magnitude_is_square() {
                    return true;
                }
                continue;
            }
            if !may_be_pth_power(&n, p) {
                continue;
            }
            if is_pth_power(&n, p as u32) {
                return true;
            }
        }
        false
    }
}

/// Whether `n > 1` is a `p`-th power: the exact root's low limb is checked first (one
/// wrapping power), the full power only when that matches.
fn is_pth_power(n: &Int, p: u32) -> bool {
    let r = root_abs(n, p);
    let low = r.as_limbs().first().map_or(0, |&c| c.wrapping_pow(p));
    low == n.as_limbs()[0] && r.pow(p) == *n
}

/// Whether `n` passes the residue test for an odd prime `p < 2^32`: for the least prime
/// `q = 2jp + 1`, a `p`-th power is 0 mod q or has `n^((q−1)/p) ≡ 1 (mod q)` (the `p`-th powers
/// are the subgroup of index `p` of the units mod q).
fn may_be_pth_power(n: &Int, p: u64) -> bool {
    let mut q = 1;
    loop {
        q += 2 * p;
        if is_prime_u64(q) {
            break;
        }
    }
    let r = crate::limbs::rem_1(n.as_limbs(), q);
    r == 0 || pow_mod_u64(r, (q - 1) / p, q) == 1
}

/// Whether the odd `q < 2^64` is prime: trial division by the primes below 64, then the
/// Miller–Rabin test to the seven bases of Jim Sinclair's set, deterministic below 2^64.
fn is_prime_u64(q: u64) -> bool {
    const SMALL: [u64; 18] = [
        2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61,
    ];
    for p in SMALL {
        if q.is_multiple_of(p) {
            return q == p;
        }
    }
    if q < 64 * 64 {
        return q > 1;
    }
    let s = (q - 1).trailing_zeros();
    let d = (q - 1) >> s;
    let mul = |x: u64, y: u64| (u128::from(x) * u128::from(y) % u128::from(q)) as u64;
    [2u64, 325, 9375, 28178, 450775, 9780504, 1795265022]
        .iter()
        .all(|&a| {
            let a = a % q;
            if a == 0 {
                return true;
            }
            let mut x = pow_mod_u64(a, d, q);
            if x == 1 || x == q - 1 {
                return true;
            }
            for _ in 1..s {
                x = mul(x, x);
                if x == q - 1 {
                    return true;
                }
            }
            false
        })
}

/// `b^e mod m` for `m < 2^64`, by square and multiply on `u128` products.
fn pow_mod_u64(b: u64, mut e: u64, m: u64) -> u64 {
    let mul = |x: u64, y: u64| (u128::from(x) * u128::from(y) % u128::from(m)) as u64;
    let (mut acc, mut b) = (1 % m, b % m);
    while e > 0 {
        if e & 1 == 1 {
            acc = mul(acc, b);
        }
        b = mul(b, b);
        e >>= 1;
    }
    acc
}

/// `n^(1/k)` in floating point from the top 64 bits of `n` (`n > 0`).
fn estimate_root(n: &Int, k: u32) -> f64 {
    let bits = n.bits();
    let shift = bits.saturating_sub(64);
    let top = (n >> shift).as_limbs()[0] as f64;
    ((top.log2() + shift as f64) / f64::from(k)).exp2()
}

/// `⌊n^(1/k)⌋` for `n ≥ 0`, `k ≥ 1`.
fn root_abs(n: &Int, k: u32) -> Int {
    if k == 1 || n <= &Int::ONE {
        return n.clone();
    }
    if k == 2 {
        return n.sqrt_magnitude();
    }
    let bits = n.bits();
    if u64::from(k) >= bits {
        // 1 ≤ n < 2^k: the root is 1 (and the candidate 2^k would take k bits).
        return Int::ONE;
    }
    if bits <= 64 * u64::from(k) && k > 1 && bits / u64::from(k) < 50 {
        return small_root(n, k);
    }
    let k_int = Int::from(k);
    let mut x = start_above(n, k);
    loop {
        // y = ((k-1)·x + n / x^(k-1)) / k; stop as soon as it no longer decreases.
        let y = (&x * (k - 1) + n / x.pow(k - 1)) / &k_int;
        if y >= x {
            return x;
        }
        x = y;
    }
}

/// A value above `n^(1/k)` within a relative 2^-40 of it, for roots of 50 bits or more.
fn start_above(n: &Int, k: u32) -> Int {
    let bits = n.bits();
    // The root has about bits/k bits; take 52 of them from the estimate and pad the rest.
    let root_bits = bits / u64::from(k) + 1;
    let pad = root_bits.saturating_sub(52);
    let top_shift = pad * u64::from(k);
    let top = n >> top_shift;
    let est = estimate_root(&top, k) * (1.0 + 2f64.powi(-40)) + 2.0;
    let x = (Int::try_from(est).expect("finite estimate") + 1u32) << pad;
    if x.pow(k) > *n {
        x
    } else {
        Int::ONE << (bits.div_ceil(u64::from(k)))
    }
}

/// `⌊n^(1/k)⌋` when the root is below 2^50: the floating-point estimate, corrected exactly.
fn small_root(n: &Int, k: u32) -> Int {
    let mut r = estimate_root(n, k).floor() as u64;
    let fits = |r: u64| Int::from(r).pow(k) <= *n;
    while r > 0 && !fits(r) {
        r -= 1;
    }
    while fits(r + 1) {
        r += 1;
    }
    Int::from(r)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn is_prime_u64_agrees_with_the_table_and_known_primes() {
        let table = &super::super::small_primes::SMALL_PRIMES;
        let mut next = table.iter().map(|&p| u64::from(p)).peekable();
        for q in 0..1u64 << 16 {
            let prime = next.peek() == Some(&q);
            if prime {
                next.next();
            }
            assert_eq!(is_prime_u64(q), prime, "{q}");
        }
        // The largest primes below 2^64 and 2^32, a Carmichael number, a strong pseudoprime
        // to bases 2, 3, 5, 7 (3215031751) and squares of primes.
        for (q, prime) in [
            (u64::MAX - 58, true),
            (u64::MAX - 56, false),
            (4_294_967_291, true),
            (561, false),
            (3_215_031_751, false),
            (4_294_967_291 * 4_294_967_291, false),
            (65_521 * 65_521, false),
        ] {
            assert_eq!(is_prime_u64(q), prime, "{q}");
        }
    }

    #[test]
    fn the_residue_test_passes_every_power() {
        for p in [3u64, 5, 7, 65537, 100_003] {
            for r in [3u64, 10, 12345, u64::MAX] {
                let x = Int::from(r).pow(p as u32);
                assert!(may_be_pth_power(&x, p), "{r}^{p}");
            }
        }
    }
}
