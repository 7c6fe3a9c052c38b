//! Primality: trial division, then the Baillie–PSW test (a strong base-2 Fermat test and a
//! strong Lucas test with Selfridge's parameters; Baillie & Wagstaff, Math. Comp. 35 (1980),
//! and Baillie, Fiori & Wagstaff, Math. Comp. 90 (2021)), which has no counterexample below
//! 2^64; Miller–Rabin rounds on request. The base-2 step is O(b·M(b)) for `b` bits, squarings
//! in Montgomery form with a doubling (not a product) per set exponent bit.
//!
//! Next/previous prime (as GMP 6.3's `mpz_nextprime`): from two limbs on, a window of `2·b`
//! odd candidates is sieved by the odd primes up to `2·b^2.5/124` (GMP's bound, doubled since
//! the remainders are formed three or four primes per pass; capped at 2^25), then the
//! Baillie–PSW test runs on the survivors in order. One-limb starts step by two through
//! `is_probable_prime`.

use super::small_primes::SMALL_PRIMES;
use crate::modular::arith::Timing;
use crate::{limbs, Int, Modulus};
use alloc::{vec, vec::Vec};
use core::cmp::Ordering;

/// Trial division covers the primes below this bound.
const TRIAL_LIMIT: u64 = 1000;

/// How many primes lie below [`TRIAL_LIMIT`].
const TRIAL_PRIMES: usize = 168;

impl Int {
    /// Whether `self` is a probable prime by the Baillie–PSW test: false below 2 (negative
    /// values included), exact (no false answer) below 2^64, and with no known counterexample
    /// above.
    ///
    /// ```
    /// use carry::Int;
    /// assert!(Int::from(1_000_000_007).is_probable_prime());
    /// assert!(!Int::from(561).is_probable_prime()); // a Carmichael number
    /// assert!(((Int::ONE << 127u32) - 1u32).is_probable_prime());
    /// ```
    pub fn is_probable_prime(&self) -> bool {
        match trial_division(self) {
            Some(answer) => answer,
            None => strong_probable_prime_base2(self) && strong_lucas_probable_prime(self),
        }
    }

    /// [`Int::is_probable_prime`] followed by `reps` Miller–Rabin rounds with pseudo-random
    /// bases derived from `self` (deterministic, like GMP's fixed-seed bases).
    ///
    /// ```
    /// use carry::Int;
    /// assert!(Int::from(65537).is_probable_prime_reps(10));
    /// assert!(!Int::from(3215031751u64).is_probable_prime_reps(10));
    /// ```
    pub fn is_probable_prime_reps(&self, reps: u32) -> bool {
        if !self.is_probable_prime() {
            return false;
        }
        if self.bits() <= 64 {
            return true;
        }
        let mut state = self.as_limbs()[0] ^ 0x9e37_79b9_7f4a_7c15;
        let span = self - 3u32;
        (0..reps).all(|_| {
            let mut limbs = vec![0u64; self.as_limbs().len()];
            for l in limbs.iter_mut() {
                *l = splitmix64(&mut state);
            }
            let base = Int::from_limbs(&limbs) % &span + 2u32;
            strong_probable_prime(self, &base)
        })
    }

    /// The smallest prime above `self` (2 for every value below 2), as `mpz_nextprime`.
    ///
    /// ```
    /// use carry::Int;
    /// assert_eq!(Int::from(-7).next_prime(), 2);
    /// assert_eq!(Int::from(13).next_prime(), 17);
    /// ```
    pub fn next_prime(&self) -> Int {
        if *self < 2u32 {
            return Int::from(2);
        }
        let mut c = if self.is_even() {
            self + 1u32
        } else {
            self + 2u32
        };
        if c.as_limbs().len() > 1 {
            return sieved_search(&c, true);
        }
        while !c.is_probable_prime() {
            c += 2u32;
        }
        c
    }

    /// The largest prime below `self`, or `None` when `self ≤ 2`.
    ///
    /// ```
    /// use carry::Int;
    /// assert_eq!(Int::from(17).prev_prime(), Some(Int::from(13)));
    /// assert_eq!(Int::from(3).prev_prime(), Some(Int::from(2)));
    /// assert_eq!(Int::from(2).prev_prime(), None);
    /// ```
    pub fn prev_prime(&self) -> Option<Int> {
        if *self <= 2u32 {
            return None;
        }
        if *self == 3u32 {
            return Some(Int::from(2));
        }
        let mut c = if self.is_even() {
            self - 1u32
        } else {
            self - 2u32
        };
        if c.as_limbs().len() > 1 && c.bits() > 65 {
            return Some(sieved_search(&c, false));
        }
        while !c.is_probable_prime() {
            c -= 2u32;
        }
        Some(c)
    }
}

#[cfg(feature = "rand")]
impl Int {
    /// A random probable prime of exactly `bits` bits (top bit set). Panics when `bits < 2`.
    ///
    /// ```
    /// use carry::Int;
    /// # struct Counter(u64);
    /// # impl rand_core::TryRng for Counter {
    /// #     type Error = core::convert::Infallible;
    /// #     fn try_next_u32(&mut self) -> Result<u32, Self::Error> { Ok(self.try_next_u64()? as u32) }
    /// #     fn try_next_u64(&mut self) -> Result<u64, Self::Error> {
    /// #         self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
    /// #         Ok(self.0 ^ (self.0 >> 29))
    /// #     }
    /// #     fn try_fill_bytes(&mut self, dst: &mut [u8]) -> Result<(), Self::Error> {
    /// #         for b in dst { *b = self.try_next_u64()? as u8; }
    /// #         Ok(())
    /// #     }
    /// # }
    /// let mut rng = Counter(7); // any `rand_core::Rng`
    /// let p = Int::random_prime(256, &mut rng);
    /// assert_eq!(p.bits(), 256);
    /// assert!(p.is_probable_prime());
    /// ```
    pub fn random_prime<R: rand_core::Rng + ?Sized>(bits: u64, rng: &mut R) -> Int {
        assert!(bits >= 2, "random_prime: needs at least 2 bits, got {bits}");
        let top = Int::ONE << (bits - 1);
        loop {
            let candidate = (Int::random_bits(bits - 1, rng) | &top).next_prime();
            if candidate.bits() == bits {
                return candidate;
            }
        }
    }
}

/// The next output of splitmix64.
fn splitmix64(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The answer when trial division by the primes below [`TRIAL_LIMIT`] settles it: the
/// parity, then one remainder pass over `n` for each group of odd primes whose product fits a
/// limb (the first group is the primes 3 to 47) and a divisibility test by each prime of the
/// group on the word remainder.
fn trial_division(n: &Int) -> Option<bool> {
    if *n < 2u32 {
        return Some(false);
    }
    let limbs = n.as_limbs();
    let small = (limbs.len() == 1).then(|| limbs[0]);
    if limbs[0] & 1 == 0 {
        return Some(small == Some(2));
    }
    for (group, r) in group_residues(limbs, &TRIAL, |t| t.p) {
        if let Some(t) = group.iter().find(|t| t.divides(r)) {
            return Some(small == Some(t.p));
        }
    }
    match small {
        Some(x) if x < TRIAL_LIMIT * TRIAL_LIMIT => Some(true),
        _ => None,
    }
}

/// An odd prime with what tests a word for divisibility by it without a division: `p`
/// divides `r` exactly when `r·p⁻¹ mod 2^64 ≤ ⌊(2^64 − 1)/p⌋` (multiplication by `p⁻¹` maps the
/// multiples of `p` onto `0 ..= ⌊(2^64 − 1)/p⌋` and the other words above it; Granlund and
/// Montgomery, "Division by invariant integers using multiplication", PLDI 1994, §9).
#[derive(Clone, Copy)]
struct OddPrime {
    p: u64,
    inv: u64,
    bound: u64,
}

impl OddPrime {
    #[inline(always)]
    fn divides(&self, r: u64) -> bool {
        r.wrapping_mul(self.inv) <= self.bound
    }
}

/// The odd primes below [`TRIAL_LIMIT`], by a sieve the compiler runs.
const TRIAL: [OddPrime; TRIAL_PRIMES - 1] = {
    const L: usize = TRIAL_LIMIT as usize;
    let mut composite = [false; L];
    let mut t = [OddPrime {
        p: 0,
        inv: 0,
        bound: 0,
    }; TRIAL_PRIMES - 1];
    let (mut k, mut i) = (0, 3);
    while i < L {
        if !composite[i] {
            let p = i as u64;
            t[k] = OddPrime {
                p,
                inv: crate::limbs::inverse_limb(p),
                bound: u64::MAX / p,
            };
            k += 1;
            let mut j = i * i;
            while j < L {
                composite[j] = true;
                j += 2 * i;
            }
        }
        i += 2;
    }
    assert!(k == TRIAL_PRIMES - 1);
    t
};

/// The sieving bound for a search among `bits`-bit numbers: GMP 6.3's estimate of where one
/// more prime's remainder costs what it saves in primality tests, `bits^2.5/124` (Mertens'
/// third theorem against the O(bits^2.6) cost of a test), capped at 2^25 (2 million primes,
/// 8 MiB). carry forms the remainders three or four primes at a time, so it sieves to twice
/// that.
fn sieve_bound(bits: u64) -> u64 {
    let b = u128::from(bits).pow(5) / (124 * 124);
    (2 * b.isqrt() as u64).clamp(1000, 1 << 25)
}

/// The odd primes up to `bound` (from the table below 2^16).
fn odd_primes_to(bound: u64) -> Vec<u32> {
    if bound < 1 << 16 {
        SMALL_PRIMES[1..]
            .iter()
            .take_while(|&&p| u64::from(p) <= bound)
            .map(|&p| u32::from(p))
            .collect()
    } else {
        super::combinatorics::primes_streamed(bound)
            .skip(1)
            .map(|p| p as u32)
            .collect()
    }
}

/// `x mod p` for every prime `p` of `primes`: one remainder pass over `x` for each group of
/// primes whose product fits a limb.
fn residues(x: &Int, primes: &[u32]) -> Vec<u32> {
    let mut out = Vec::with_capacity(primes.len());
    for (group, r) in group_residues(x.as_limbs(), primes, |&p| u64::from(p)) {
        out.extend(group.iter().map(|&p| (r % u64::from(p)) as u32));
    }
    out
}

/// The runs of `primes` (in order) whose product fits a limb, each with `x` modulo that
/// product: one remainder pass over `x` a run, taken as the iterator reaches it.
fn group_residues<'a, T>(
    x: &'a [u64],
    primes: &'a [T],
    prime: impl Fn(&T) -> u64 + 'a,
) -> impl Iterator<Item = (&'a [T], u64)> + 'a {
    let mut rest = primes;
    core::iter::from_fn(move || {
        if rest.is_empty() {
            return None;
        }
        let (mut product, mut j) = (1u64, 0);
        while let Some(m) = rest.get(j).and_then(|p| product.checked_mul(prime(p))) {
            product = m;
            j += 1;
        }
        let (group, tail) = rest.split_at(j);
        rest = tail;
        Some((group, crate::limbs::mod_1(x, product)))
    })
}

/// The first probable prime among the odd numbers `c, c + 2, c + 4, ...` (`up`) or
/// `c, c - 2, ...` (not `up`), for an odd `c` of two limbs or more (when going down, of more
/// than 65 bits, so that the search stays far above the sieving primes).
///
/// As GMP 6.3's `mpz_nextprime`: a window of odd candidates is sieved by the primes up to
/// [`sieve_bound`] before the Baillie–PSW test runs on the survivors, whose first, strong
/// base-2 step rejects nearly every composite. The residues of the window's start come from
/// one remainder pass per group of primes whose product fits a limb; a window without a prime
/// (`2·bits` odd numbers, about six average gaps) moves on with the residues updated in place.
fn sieved_search(c: &Int, up: bool) -> Int {
    let bits = c.bits();
    let window = (2 * bits as usize).clamp(128, 1 << 16);
    let primes = odd_primes_to(sieve_bound(bits));
    let mut res = residues(c, &primes);
    let mut composite = vec![false; window];
    let mut start = c.clone();
    loop {
        composite.fill(false);
        for (&p, &r) in primes.iter().zip(&res) {
            let (p, r) = (p as usize, r as usize);
            // The first k with start ± 2k ≡ 0 (mod p), that is 2k ≡ ∓r, with no division.
            let mut k = match (up, r % 2 == 1) {
                _ if r == 0 => 0,
                (true, true) => (p - r) / 2,
                (true, false) => p - r / 2,
                (false, true) => (r + p) / 2,
                (false, false) => r / 2,
            };
            while k < window {
                composite[k] = true;
                k += p;
            }
        }
        for (k, &struck) in composite.iter().enumerate() {
            if struck {
                continue;
            }
            let step = 2 * k as u64;
            let n = if up { &start + step } else { &start - step };
            if strong_probable_prime_base2(&n) && strong_lucas_probable_prime(&n) {
                return n;
            }
        }
        let step = 2 * window as u64;
        start = if up { start + step } else { start - step };
        for (r, &p) in res.iter_mut().zip(&primes) {
            let (p, s) = (u64::from(p), step % u64::from(p));
            let r0 = u64::from(*r);
            *r = (if up { (r0 + s) % p } else { (r0 + p - s) % p }) as u32;
        }
    }
}

/// `n` odd, `n > 2`: `n - 1 = d·2^s` with `d` odd.
fn split_pow2(n_minus_1: &Int) -> (Int, u64) {
    let s = n_minus_1.trailing_zeros().unwrap_or(0);
    (n_minus_1 >> s, s)
}

/// The strong probable-prime test to base 2 for odd `n > 3`: `2^d` by squarings in Montgomery
/// form, each set bit of `d` a doubling (an addition) instead of a product.
fn strong_probable_prime_base2(n: &Int) -> bool {
    let m = Modulus::new(n).expect("n is odd and above one");
    let len = m.len();
    let mut s = vec![0u64; m.scratch_len()];
    let (d, r) = split_pow2(&(n - 1u32));
    let one = m.to_mont(&Int::ONE, &mut s);
    let mut minus_one = vec![0u64; len];
    m.sub_mod(&mut minus_one, &vec![0u64; len], &one);
    let vt = Timing::Vartime;
    // x = 2^(top bits of d) directly, then square-and-double for the rest.
    let top = d.bits();
    let k = top.min(6);
    let mut x = m.to_mont(&(Int::ONE << (&d >> (top - k)).as_limbs()[0]), &mut s);
    let mut t = vec![0u64; len];
    for i in (0..top - k).rev() {
        m.mont_sqr(&mut t, &x, &mut s, vt);
        if d.bit(i) {
            m.add_mod(&mut x, &t, &t, &mut s);
        } else {
            core::mem::swap(&mut x, &mut t);
        }
    }
    if x == one || x == minus_one {
        return true;
    }
    for _ in 1..r {
        m.mont_sqr(&mut t, &x, &mut s, vt);
        core::mem::swap(&mut x, &mut t);
        if x == minus_one {
            return true;
        }
        if x == one {
            return false;
        }
    }
    false
}

/// The strong probable-prime (Miller–Rabin) test to `base`, `1 < base < n - 1`, `n` odd.
fn strong_probable_prime(n: &Int, base: &Int) -> bool {
    let n_minus_1 = n - 1u32;
    let (d, s) = split_pow2(&n_minus_1);
    let mut x = base.modpow(&d, n);
    if x == 1u32 || x == n_minus_1 {
        return true;
    }
    for _ in 1..s {
        x = (&x * &x) % n;
        if x == n_minus_1 {
            return true;
        }
        if x == 1u32 {
            return false;
        }
    }
    false
}

/// Selfridge's method A: the first `D` of 5, -7, 9, -11, ... with `(D/n) = -1`, or `None`
/// when `n` is found composite on the way (a factor, or a square).
fn selfridge_d(n: &Int) -> Option<i64> {
    let mut d: i64 = 5;
    for i in 0.. {
        let dn = Int::from(d).jacobi(n);
        if dn == -1 {
            return Some(d);
        }
        if dn == 0 && *n != d.unsigned_abs() {
            return None;
        }
        if i == 8 && n.is_perfect_square() {
            return None;
        }
        d = if d > 0 { -(d + 2) } else { -d + 2 };
    }
    unreachable!("the loop over D only ends by returning")
}

/// The strong Lucas probable-prime test with Selfridge's parameters `P = 1`, `Q = (1 - D)/4`
/// for odd `n` with no small factor: `n + 1 = d·2^s`, prime when `U_d ≡ 0` or
/// `V_{d·2^r} ≡ 0 (mod n)` for some `r < s`. The binary ladder carries `(U_k, U_{k+1})` by
/// squares alone (the scalar formulas of Hackman's "Elementary Number Theory", as in GMP's
/// `mpz_lucas_mod`): `U_{2k} = U_{k+1}² − (U_{k+1} − U_k)²`, `U_{2k+1} = U_{k+1}² − Q·U_k²` and
/// `U_{2k+2} = U_{2k+1} − Q·U_{2k}`. A bit costs three plain squares and two reductions: the two
/// sums are formed in `2n + 1` limbs with the small factor `Q` (plus multiples of `n²` that keep
/// them positive) and reduced once each (`limbs::redc_wide`), all in Montgomery form. Then
/// `V_d = 2·U_{d+1} − U_d`, and `Q^d = (V_d² − D·U_d²)/4` starts the squarings
/// `V_{2k} = V_k² − 2·Q^k`.
fn strong_lucas_probable_prime(n: &Int) -> bool {
    let Some(d_param) = selfridge_d(n) else {
        return false;
    };
    let m = Modulus::new(n).expect("n is odd and above one");
    let len = m.len();
    let (ml, minv) = m.limbs_and_inverse();
    let mut s = vec![0u64; m.scratch_len()];
    let mut sc = vec![0u64; limbs::sqr_scratch_len(len)];
    let q = (1 - d_param) / 4;
    let qa = q.unsigned_abs();
    let (d, r) = split_pow2(&(n + 1u32));
    let mut nsq = vec![0u64; 2 * len];
    limbs::sqr(&mut nsq, ml, &mut sc);
    // (U_1, U_2) = (1, P) in Montgomery form.
    let one = m.to_mont(&Int::ONE, &mut s);
    let (mut u0, mut u1) = (one.clone(), one);
    let mut diff = vec![0u64; len];
    let (mut s0, mut s1, mut s2, mut tmp) = (
        vec![0u64; 2 * len],
        vec![0u64; 2 * len],
        vec![0u64; 2 * len],
        vec![0u64; 2 * len],
    );
    let (mut a, mut b, mut c) = (
        vec![0u64; 2 * len + 1],
        vec![0u64; 2 * len + 1],
        vec![0u64; 2 * len + 1],
    );
    // x += Q'·y for the `2n`-limb y, where Q'·y ≡ −Q·y (mod n²) and Q'·y ≥ 0: |Q|·y when Q < 0,
    // Q·(n² − y) when Q > 0 (y < n²).
    let add_minus_q = |x: &mut [u64], y: &[u64], tmp: &mut [u64]| {
        let top = if q < 0 {
            limbs::addmul_1(&mut x[..2 * len], y, qa)
        } else {
            limbs::sub_n(tmp, &nsq, y);
            limbs::addmul_1(&mut x[..2 * len], tmp, qa)
        };
        x[2 * len] += top;
    };
    for i in (0..d.bits() - 1).rev() {
        limbs::sqr(&mut s1, &u1, &mut sc);
        if limbs::cmp_n(&u1, &u0) == Ordering::Less {
            limbs::sub_n(&mut diff, &u0, &u1);
        } else {
            limbs::sub_n(&mut diff, &u1, &u0);
        }
        limbs::sqr(&mut s2, &diff, &mut sc);
        limbs::sqr(&mut s0, &u0, &mut sc);
        // U_{2k}: s1 − s2, plus n² when negative.
        a[2 * len] = 0;
        if limbs::sub_n(&mut a[..2 * len], &s1, &s2) != 0 {
            limbs::add_n_assign(&mut a[..2 * len], &nsq);
        }
        // U_{2k+1}: s1 − Q·s0.
        b[..2 * len].copy_from_slice(&s1);
        b[2 * len] = 0;
        add_minus_q(&mut b, &s0, &mut tmp);
        if d.bit(i) {
            // U_{2k+2} = U_{2k+1} − Q·U_{2k}.
            c.copy_from_slice(&b);
            add_minus_q(&mut c, &a[..2 * len], &mut tmp);
            limbs::redc_wide(&mut u0, &mut b, ml, minv);
            limbs::redc_wide(&mut u1, &mut c, ml, minv);
        } else {
            limbs::redc_wide(&mut u0, &mut a, ml, minv);
            limbs::redc_wide(&mut u1, &mut b, ml, minv);
        }
    }
    let is_zero = |x: &[u64]| x.iter().all(|&l| l == 0);
    if is_zero(&u0) {
        return true;
    }
    // V_d = 2·U_{d+1} − P·U_d.
    let (mut t, mut v) = (vec![0u64; len], vec![0u64; len]);
    m.add_mod(&mut t, &u1, &u1, &mut s);
    m.sub_mod(&mut v, &t, &u0);
    if is_zero(&v) {
        return true;
    }
    if r == 1 {
        return false;
    }
    // Q^d = (V_d² − D·U_d²)/4.
    let vt = Timing::Vartime;
    let (mut w, mut x, mut qk) = (vec![0u64; len], vec![0u64; len], vec![0u64; len]);
    m.mont_sqr(&mut t, &v, &mut s, vt);
    m.mont_sqr(&mut w, &u0, &mut s, vt);
    m.mul_limb_mod(&mut x, &w, d_param.unsigned_abs(), &mut s);
    if d_param > 0 {
        m.sub_mod(&mut qk, &t, &x);
    } else {
        m.add_mod(&mut qk, &t, &x, &mut s);
    }
    for _ in 0..2 {
        let carry = if qk[0] & 1 == 1 {
            limbs::add_n_assign(&mut qk, ml)
        } else {
            0
        };
        limbs::shr_assign(&mut qk, 1);
        qk[len - 1] |= carry << 63;
    }
    for _ in 1..r {
        m.add_mod(&mut x, &qk, &qk, &mut s);
        m.mont_sqr(&mut t, &v, &mut s, vt);
        m.sub_mod(&mut v, &t, &x);
        if is_zero(&v) {
            return true;
        }
        m.mont_sqr(&mut t, &qk, &mut s, vt);
        qk.copy_from_slice(&t);
    }
    false
}

/// The strong Lucas test of [`strong_lucas_probable_prime`] by the `V` sequence and `Q^k`, a
/// different ladder kept as the tests' oracle (its final squarings are written out again so
/// that the two share no code). Selfridge's parameters `P = 1`, `Q = (1 - D)/4` for odd `n`
/// with no small factor: `n + 1 = d·2^s`, prime when `U_d ≡ 0` or
/// `V_{d·2^r} ≡ 0 (mod n)` for some `r < s`. Only `V` and `Q^k` are carried up the binary
/// ladder (`V_{2k} = V_k² - 2Q^k`, `V_{2k+1} = V_k·V_{k+1} - P·Q^k`), one product and two
/// squares per bit: the factors `Q` are small, multiplied in by one division step each;
/// `U_d ≡ 0` is checked as `2·V_{d+1} ≡ P·V_d`, which is `D·U_d` and `D` is invertible mod `n`.
#[cfg(test)]
fn strong_lucas_by_v(n: &Int) -> bool {
    let Some(d_param) = selfridge_d(n) else {
        return false;
    };
    let m = Modulus::new(n).expect("n is odd and above one");
    let len = m.len();
    let mut s = vec![0u64; m.scratch_len()];
    let q = (1 - d_param) / 4;
    let (d, r) = split_pow2(&(n + 1u32));
    // (V_k, V_{k+1}, Q^k) from k = 0: (2, P, 1), all in Montgomery form.
    let one = m.to_mont(&Int::ONE, &mut s);
    let mut v0 = m.to_mont(&Int::from(2), &mut s);
    let mut v1 = one.clone();
    let mut qk = one;
    let (mut t, mut u, mut w) = (vec![0u64; len], vec![0u64; len], vec![0u64; len]);
    let zero = vec![0u64; len];
    // r = x·Q mod n.
    let mul_q = |r: &mut [u64], x: &[u64], w: &mut [u64], s: &mut [u64]| {
        if q < 0 {
            m.mul_limb_mod(w, x, q.unsigned_abs(), s);
            m.sub_mod(r, &zero, w);
        } else {
            m.mul_limb_mod(r, x, q.unsigned_abs(), s);
        }
    };
    let vt = Timing::Vartime;
    for i in (0..d.bits()).rev() {
        if d.bit(i) {
            // V_{2k+1} = V_k·V_{k+1} - Q^k, V_{2k+2} = V_{k+1}² - 2·Q^(k+1).
            m.mont_mul(&mut t, &v0, &v1, &mut s, vt);
            m.sub_mod(&mut v0, &t, &qk);
            mul_q(&mut t, &qk, &mut w, &mut s);
            m.add_mod(&mut u, &t, &t, &mut s);
            m.mont_sqr(&mut t, &v1, &mut s, vt);
            m.sub_mod(&mut v1, &t, &u);
            m.mont_sqr(&mut t, &qk, &mut s, vt);
            mul_q(&mut qk, &t, &mut w, &mut s);
        } else {
            // V_{2k+1} = V_k·V_{k+1} - Q^k, V_{2k} = V_k² - 2·Q^k.
            m.mont_mul(&mut t, &v0, &v1, &mut s, vt);
            m.sub_mod(&mut v1, &t, &qk);
            m.add_mod(&mut u, &qk, &qk, &mut s);
            m.mont_sqr(&mut t, &v0, &mut s, vt);
            m.sub_mod(&mut v0, &t, &u);
            m.mont_sqr(&mut t, &qk, &mut s, vt);
            qk.copy_from_slice(&t);
        }
    }
    let is_zero = |x: &[u64]| x.iter().all(|&l| l == 0);
    // U_d ≡ 0 exactly when D·U_d = 2·V_{d+1} - P·V_d ≡ 0.
    m.add_mod(&mut u, &v1, &v1, &mut s);
    m.sub_mod(&mut t, &u, &v0);
    if is_zero(&t) || is_zero(&v0) {
        return true;
    }
    for _ in 1..r {
        m.add_mod(&mut u, &qk, &qk, &mut s);
        m.mont_sqr(&mut t, &v0, &mut s, vt);
        m.sub_mod(&mut v0, &t, &u);
        if is_zero(&v0) {
            return true;
        }
        m.mont_sqr(&mut t, &qk, &mut s, vt);
        qk.copy_from_slice(&t);
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The `U`-ladder test against the `V`-ladder one: every odd `n` below 30 000, the strong
    /// Lucas pseudoprimes (A217255, which both must pass), and odd values of 1 to 40 limbs
    /// (primes up to 8):
    /// random, primes, products of two nearby primes, `2^k ± 1` (`n + 1` a power of two gives
    /// an empty ladder) and all-ones limbs, with `Q` of both signs.
    #[test]
    fn lucas_by_u_agrees_with_lucas_by_v() {
        let check = |n: &Int| {
            let (got, want) = (strong_lucas_probable_prime(n), strong_lucas_by_v(n));
            assert_eq!(got, want, "strong Lucas test of {n:#x}");
            got
        };
        let mut passed = 0;
        for n in (3u32..30_000).step_by(2) {
            passed += check(&Int::from(n)) as u32;
        }
        assert!(passed > 3000, "{passed}");
        for n in [
            5459u64, 5777, 10877, 16109, 18971, 22499, 24569, 25199, 40309, 58519,
        ] {
            assert!(check(&Int::from(n)), "{n}");
        }
        let mut state = 0x5eed_1ca5;
        let mut signs = [0u32; 2];
        for len in (1..=12usize).chain([16, 23, 40]) {
            for k in 0..6 {
                if k == 1 && len > 8 {
                    continue;
                }
                let limbs: Vec<u64> = (0..len).map(|_| splitmix64(&mut state)).collect();
                let x = Int::from_limbs(&limbs) | Int::ONE;
                let n = match k {
                    0 => x,
                    1 => x.next_prime(),
                    2 => {
                        let p = (&x >> 32u32).next_prime();
                        &p * &(&p + 2u32).next_prime()
                    }
                    3 => (Int::ONE << (64 * len as u32)) - 1u32,
                    4 => (Int::ONE << (64 * len as u32 - 1)) + 1u32,
                    _ => (Int::ONE << (64 * len as u32)) - 3u32,
                };
                if n <= 2u32 || n.is_even() {
                    continue;
                }
                if let Some(d) = selfridge_d(&n) {
                    signs[(d > 0) as usize] += 1;
                }
                let prime = check(&n);
                assert!(k != 1 || prime, "prime {n:#x} failed");
            }
        }
        assert!(signs[0] > 10 && signs[1] > 10, "{signs:?}");
    }

    #[test]
    fn trial_primes_are_the_odd_primes_below_the_limit() {
        let odd: Vec<u64> = TRIAL.iter().map(|t| t.p).collect();
        let want: Vec<u64> = SMALL_PRIMES[1..]
            .iter()
            .map(|&p| u64::from(p))
            .take_while(|&p| p < TRIAL_LIMIT)
            .collect();
        assert_eq!(odd, want);
    }

    #[test]
    fn divisibility_by_inverse_agrees_with_remainders() {
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        for t in TRIAL {
            for r in [
                0,
                1,
                t.p - 1,
                t.p,
                t.p + 1,
                2 * t.p,
                u64::MAX,
                u64::MAX - u64::MAX % t.p,
            ] {
                assert_eq!(t.divides(r), r % t.p == 0, "{r} by {}", t.p);
            }
            for _ in 0..1000 {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                for r in [x, x - x % t.p] {
                    assert_eq!(t.divides(r), r % t.p == 0, "{r} by {}", t.p);
                }
            }
        }
    }
}
