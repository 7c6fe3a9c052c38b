//! Whether a `prime_field!` modulus is prime, decided at compile time: trial division by the
//! odd primes below 64, then the Baillie–PSW test as Baillie, Fiori and Wagstaff recommend it
//! ("Strengthening the Baillie–PSW primality test", Math. Comp. 90 (2021)): a strong
//! probable-prime test to base 2 and an extra strong Lucas test with Q = 1 and the first
//! P = 3, 4, 5, … for which (P² − 4 | n) = −1. No composite is known to pass it, and none below
//! 2^64 does. O(k) Montgomery products for a k-bit modulus (three per bit), all `const fn`:
//! the products are written out without calls, which the compile-time evaluator is slow at.
//! Variable-time: the modulus is public.

use super::Params;
use crate::limbs::{adc, mac, sbb};

/// The odd primes below 64: trial division by them decides every n below 67² on its own.
const SMALL_PRIMES: [u64; 17] = [
    3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61,
];

const fn eq<const N: usize>(a: &[u64; N], b: &[u64; N]) -> bool {
    let mut i = 0;
    while i < N {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

const fn is_zero<const N: usize>(a: &[u64; N]) -> bool {
    eq(a, &[0; N])
}

/// `a < b`.
const fn less<const N: usize>(a: &[u64; N], b: &[u64; N]) -> bool {
    let mut i = N;
    while i > 0 {
        i -= 1;
        if a[i] != b[i] {
            return a[i] < b[i];
        }
    }
    false
}

/// `a + b mod p` for `a, b < p`.
const fn add_mod<const N: usize>(a: &[u64; N], b: &[u64; N], p: &[u64; N]) -> [u64; N] {
    let mut r = [0u64; N];
    let mut carry = 0;
    let mut i = 0;
    while i < N {
        (r[i], carry) = adc(a[i], b[i], carry);
        i += 1;
    }
    if carry == 1 || !less(&r, p) {
        r = sub(&r, p);
    }
    r
}

/// `a − b` modulo 2^(64N).
const fn sub<const N: usize>(a: &[u64; N], b: &[u64; N]) -> [u64; N] {
    let mut r = [0u64; N];
    let mut borrow = 0;
    let mut i = 0;
    while i < N {
        (r[i], borrow) = sbb(a[i], b[i], borrow);
        i += 1;
    }
    r
}

/// `a − b mod p` for `a, b < p`.
const fn sub_mod<const N: usize>(a: &[u64; N], b: &[u64; N], p: &[u64; N]) -> [u64; N] {
    let r = sub(a, b);
    if less(a, b) {
        let mut s = [0u64; N];
        let mut carry = 0;
        let mut i = 0;
        while i < N {
            (s[i], carry) = adc(r[i], p[i], carry);
            i += 1;
        }
        return s;
    }
    r
}

/// `x >> k` for `k < 64N`.
const fn shr<const N: usize>(x: &[u64; N], k: u32) -> [u64; N] {
    let (words, bits) = ((k / 64) as usize, k % 64);
    let mut r = [0u64; N];
    let mut i = 0;
    while i + words < N {
        r[i] = x[i + words] >> bits;
        if bits > 0 && i + words + 1 < N {
            r[i] |= x[i + words + 1] << (64 - bits);
        }
        i += 1;
    }
    r
}

const fn trailing_zeros<const N: usize>(x: &[u64; N]) -> u32 {
    let mut i = 0;
    while i < N && x[i] == 0 {
        i += 1;
    }
    if i == N {
        64 * N as u32
    } else {
        64 * i as u32 + x[i].trailing_zeros()
    }
}

const fn bit_len<const N: usize>(x: &[u64; N]) -> u32 {
    let mut i = N;
    while i > 0 {
        i -= 1;
        if x[i] != 0 {
            return 64 * i as u32 + 64 - x[i].leading_zeros();
        }
    }
    0
}

const fn small<const N: usize>(x: u64) -> [u64; N] {
    let mut r = [0u64; N];
    r[0] = x;
    r
}

/// `n mod q` for a small `q`.
const fn rem_small<const N: usize>(n: &[u64; N], q: u64) -> u64 {
    let mut rem = 0u128;
    let mut i = N;
    while i > 0 {
        i -= 1;
        rem = ((rem << 64) | n[i] as u128) % q as u128;
    }
    rem as u64
}

/// `y²` for `y < 2^(32N)` (so that the square fits in N limbs).
const fn square_half<const N: usize>(y: &[u64; N]) -> [u64; N] {
    let mut r = [0u64; N];
    let mut i = 0;
    while i < N {
        let mut carry = 0;
        let mut j = 0;
        while i + j < N {
            (r[i + j], carry) = mac(r[i + j], y[i], y[j], carry);
            j += 1;
        }
        i += 1;
    }
    r
}

/// Whether `n` is a perfect square: its integer square root found bit by bit from the top.
const fn is_square<const N: usize>(n: &[u64; N]) -> bool {
    let mut y = [0u64; N];
    let mut b = bit_len(n).div_ceil(2);
    while b > 0 {
        b -= 1;
        y[(b / 64) as usize] |= 1 << (b % 64);
        if less(n, &square_half(&y)) {
            y[(b / 64) as usize] &= !(1 << (b % 64));
        }
    }
    eq(&square_half(&y), n)
}

/// `a·b·R⁻¹ mod p` for `a, b < p` (CIOS, `inv = −p⁻¹ mod 2^64`), every step inline.
const fn mont_mul<const N: usize>(a: &[u64; N], b: &[u64; N], p: &[u64; N], inv: u64) -> [u64; N] {
    let mut t = [0u64; N];
    let mut top = 0u64;
    let mut i = 0;
    while i < N {
        let bi = b[i] as u128;
        let mut c = 0u128;
        let mut j = 0;
        while j < N {
            let x = t[j] as u128 + a[j] as u128 * bi + c;
            t[j] = x as u64;
            c = x >> 64;
            j += 1;
        }
        let x = top as u128 + c;
        let (t_n, t_n1) = (x as u64, (x >> 64) as u64);
        let m = t[0].wrapping_mul(inv) as u128;
        let mut c = (t[0] as u128 + m * p[0] as u128) >> 64;
        j = 1;
        while j < N {
            let x = t[j] as u128 + m * p[j] as u128 + c;
            t[j - 1] = x as u64;
            c = x >> 64;
            j += 1;
        }
        let x = t_n as u128 + c;
        t[N - 1] = x as u64;
        top = t_n1 + (x >> 64) as u64;
        i += 1;
    }
    if top != 0 || !less(&t, p) {
        t = sub(&t, p);
    }
    t
}

impl<const N: usize> Params<N> {
    /// Whether the modulus is a probable prime by trial division and Baillie–PSW (see the
    /// module documentation); `prime_field!` refuses a modulus for which this is false.
    pub const fn is_probable_prime(&self) -> bool {
        let n = &self.modulus;
        let mut i = 0;
        while i < SMALL_PRIMES.len() {
            let q = SMALL_PRIMES[i];
            if eq(n, &small(q)) {
                return true;
            }
            if rem_small(n, q) == 0 {
                return false;
            }
            i += 1;
        }
        if less(n, &small(67 * 67)) {
            return n[0] > 1;
        }
        self.strong_base_2() && self.extra_strong_lucas()
    }

    /// The strong probable-prime test to base 2: with n − 1 = d·2^s, d odd, 2^d ≡ 1 or
    /// 2^(d·2^r) ≡ −1 for some r < s.
    pub const fn strong_base_2(&self) -> bool {
        let (n, one, inv) = (&self.modulus, &self.r, self.inv);
        let minus_one = sub(n, one);
        let d = shr(&sub(n, &small(1)), self.s);
        // 2^d left to right: a square per bit, and a doubling (an addition) per one bit.
        let mut x = *one;
        let mut b = bit_len(&d);
        while b > 0 {
            b -= 1;
            x = mont_mul(&x, &x, n, inv);
            if (d[(b / 64) as usize] >> (b % 64)) & 1 == 1 {
                x = add_mod(&x, &x, n);
            }
        }
        if eq(&x, one) || eq(&x, &minus_one) {
            return true;
        }
        let mut r = 1;
        while r < self.s {
            x = mont_mul(&x, &x, n, inv);
            if eq(&x, &minus_one) {
                return true;
            }
            if eq(&x, one) {
                return false;
            }
            r += 1;
        }
        false
    }

    /// The extra strong Lucas test: Q = 1 and the least P ≥ 3 with (D | n) = −1 for
    /// D = P² − 4; with n + 1 = d·2^s, d odd, either U_d ≡ 0 and V_d ≡ ±2, or V_(d·2^r) ≡ 0 for
    /// some r < s − 1. U_d ≡ 0 is tested as 2·V_(d+1) ≡ P·V_d (D·U_k = 2·V_(k+1) − P·V_k).
    /// Requires n odd, above every D tried and not divisible by 3.
    pub const fn extra_strong_lucas(&self) -> bool {
        let n = &self.modulus;
        let mut p = 3u64;
        loop {
            let d = p * p - 4;
            match super::params::jacobi_small(d, n) {
                -1 => break,
                // A common factor with D < n.
                0 if N > 1 || n[0] > d => return false,
                _ => {}
            }
            // A square n has (D | n) ≠ −1 for every D.
            if p == 40 && is_square(n) {
                return false;
            }
            p += 1;
        }
        // n + 1 = d·2^s; n + 1 does not wrap, as 2^(64N) − 1 is a multiple of 3.
        let mut np1 = [0u64; N];
        let mut carry = 1;
        let mut i = 0;
        while i < N {
            (np1[i], carry) = adc(n[i], 0, carry);
            i += 1;
        }
        let s = trailing_zeros(&np1);
        let d = shr(&np1, s);
        let inv = self.inv;
        let two = add_mod(&self.r, &self.r, n);
        let pm = mont_mul(&small(p), &self.r2, n, inv);
        // (V_k, V_(k+1)) from (V_0, V_1) = (2, P), along the bits of d from the top:
        // V_2k = V_k² − 2, V_(2k+1) = V_k·V_(k+1) − P.
        let (mut v, mut w) = (two, pm);
        let mut b = bit_len(&d);
        while b > 0 {
            b -= 1;
            let vw = sub_mod(&mont_mul(&v, &w, n, inv), &pm, n);
            if (d[(b / 64) as usize] >> (b % 64)) & 1 == 1 {
                w = sub_mod(&mont_mul(&w, &w, n, inv), &two, n);
                v = vw;
            } else {
                v = sub_mod(&mont_mul(&v, &v, n, inv), &two, n);
                w = vw;
            }
        }
        let u_zero = eq(&add_mod(&w, &w, n), &mont_mul(&pm, &v, n, inv));
        if u_zero && (eq(&v, &two) || eq(&v, &sub(n, &two))) {
            return true;
        }
        let mut r = 0;
        while r + 1 < s {
            if is_zero(&v) {
                return true;
            }
            v = sub_mod(&mont_mul(&v, &v, n, inv), &two, n);
            r += 1;
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Int;

    fn params<const N: usize>(n: &Int) -> Params<N> {
        Params::<N>::new(&format!("{n:#x}"))
    }

    /// Every odd n from 3 to 20 000 and a stretch above 2^64 and 2^128 against
    /// `Int::is_probable_prime` (exact below 2^64).
    #[test]
    fn agrees_with_int() {
        for k in (3u64..20_000).step_by(2) {
            let n = Int::from(k);
            assert_eq!(
                params::<1>(&n).is_probable_prime(),
                n.is_probable_prime(),
                "{k}"
            );
        }
        for base in [Int::ONE << 64u32, Int::ONE << 128u32] {
            for k in (1u64..4000).step_by(2) {
                let n = &base + k;
                let want = n.is_probable_prime();
                let got = if base.bits() > 100 {
                    params::<3>(&n).is_probable_prime()
                } else {
                    params::<2>(&n).is_probable_prime()
                };
                assert_eq!(got, want, "{n}");
            }
        }
    }

    /// Each half alone on numbers that fool it: strong pseudoprimes to base 2 pass the first
    /// and fail the Lucas test; extra strong Lucas pseudoprimes the other way round; squares
    /// of the Wieferich primes pass base 2 and must not loop looking for D.
    #[test]
    fn each_half_is_needed() {
        for k in [
            2047u64,
            3277,
            4033,
            4681,
            8321,
            15841,
            29341,
            42799,
            3_215_031_751,
        ] {
            let p = params::<1>(&Int::from(k));
            assert!(p.strong_base_2(), "{k} is a strong pseudoprime to base 2");
            assert!(!p.extra_strong_lucas(), "{k}: Lucas");
            assert!(!p.is_probable_prime(), "{k}");
        }
        for k in [989u64, 3239, 5777, 10877, 27971, 29681, 30739, 31631, 39059] {
            let p = params::<1>(&Int::from(k));
            assert!(
                p.extra_strong_lucas(),
                "{k} is an extra strong Lucas pseudoprime"
            );
            assert!(!p.is_probable_prime(), "{k}");
        }
        for q in [1093u64, 3511] {
            let p = params::<1>(&Int::from(q * q));
            assert!(p.strong_base_2(), "{q}² passes base 2");
            assert!(!p.is_probable_prime(), "{q}²");
        }
        // Products of two primes near 2^64 and 2^192: no small factor.
        let (a, b) = (
            Int::from(18_446_744_073_709_551_557u64),
            Int::from(18_446_744_073_709_551_533u64),
        );
        assert!(!params::<2>(&(&a * &b)).is_probable_prime());
        let big = (Int::ONE << 192u32) - 237u32; // prime
        assert!(params::<3>(&big).is_probable_prime());
        assert!(!params::<6>(&(&big * &big)).is_probable_prime());
    }
}
