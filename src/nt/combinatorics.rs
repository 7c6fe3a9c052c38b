//! Factorials, binomial coefficients, Fibonacci and Lucas numbers, primorials. Products of
//! many factors are formed by binary splitting (balanced product trees, so the large
//! multiplications are balanced and reach Karatsuba/Toom/NTT); Fibonacci by fast doubling.
//!
//! `n!` (GMP's `mpz_fac_ui` and `mpz_oddfac_1`, Marco Bodrato's design): a table up to
//! `34! < 2^128`; otherwise `n! = oddfac(n)·2^(n - popcount n)` with the odd part built from
//! one-limb factors. Below 256 those are the products of odd numbers up to `⌊n/2^k⌋`
//! (tables of odd factorials and double factorials up to 25 and 33, then pairs of consecutive
//! odd numbers), packed into limbs and multiplied one limb at a time on the stack. From
//! `thresholds::FACTORIAL_SWING` on it is Luschny's prime-swing algorithm ("Divide, swing and
//! conquer the factorial", 2008): `oddfac(n) = oddfac(⌊n/2⌋)²·oddswing(n)`, where the swing
//! `n!/⌊n/2⌋!²` is a product of prime powers read off `n` alone (above `√n` whole runs of
//! primes, `n/(q+1) < p ≤ n/q` for odd `q`, with no division), down to
//! `FACTORIAL_SWING/2`. O(M(n log n)): one square and one product per halving of `n` (from
//! `thresholds::FACTORIAL_TWO_PRODUCTS` limbs of `oddfac(⌊n/2⌋)`, two products instead:
//! `h·(h·swing)` costs less than `h²·swing` once both are NTT products), the
//! product of the swing's packed limbs by a tree whose leaves are runs of 16 one-limb
//! multiplications (GMP's `mpz_prodlimbs`).

use super::small_primes::SMALL_PRIMES;
use crate::int::limits::check_bits;
use crate::int::radix::both;
#[cfg(not(feature = "std"))]
use crate::int::FloatMath;
use crate::thresholds::{
    BINOMIAL_PRIMES, BINOMIAL_PRIMES_RATIO, FACTORIAL_SWING, FACTORIAL_TWO_PRODUCTS,
};
use crate::Int;
use alloc::{vec, vec::Vec};

/// Panics, naming `op`, when a result of at least `bits` bits (a lower bound, from the
/// arguments alone) exceeds [`Int::MAX_BITS`]: before any work.
fn check_at_least(bits: f64, op: &str) {
    if bits > 0.0 {
        check_bits(bits as u128, op);
    }
}

/// A lower bound on log2(n!): n! ≥ (n/e)^n.
fn log2_factorial(n: f64) -> f64 {
    n * (n.log2() - core::f64::consts::LOG2_E)
}

impl Int {
    /// `n!`.
    ///
    /// ```
    /// use carry::Int;
    /// assert_eq!(Int::factorial(0), 1);
    /// assert_eq!(Int::factorial(20), 2432902008176640000u64);
    /// ```
    pub fn factorial(n: u64) -> Int {
        if let Some(&f) = FACTORIALS.get(n as usize) {
            return Int::from(f);
        }
        let shift = n - u64::from(n.count_ones());
        if n < SMALL_FACTORIAL.min(FACTORIAL_SWING) {
            return small_factorial(n, shift);
        }
        check_at_least(log2_factorial(n as f64), "Int::factorial");
        if n < FACTORIAL_SWING {
            return product_of_limbs(&odd_factorial_leaves(n)) << shift;
        }
        let primes = primes_up_to(n);
        odd_factorial(n, &primes) << shift
    }

    /// `n!! = n·(n-2)·(n-4)···` down to 1 or 2 (`0!! = 1`).
    ///
    /// ```
    /// use carry::Int;
    /// assert_eq!(Int::double_factorial(9), 945);
    /// assert_eq!(Int::double_factorial(8), 384);
    /// ```
    pub fn double_factorial(n: u64) -> Int {
        if n == 0 {
            return Int::ONE;
        }
        // n!! ≥ (n − 1)!! ≥ ((n − 1)/e)^((n − 1)/2).
        let m = (n - 1) as f64;
        check_at_least(
            m / 2.0 * (m.log2() - core::f64::consts::LOG2_E),
            "Int::double_factorial",
        );
        product_range(2 - n % 2, n, 2)
    }

    /// The binomial coefficient `n choose k` for any integer `n`, as `mpz_bin_ui`: for
    /// negative `n` it is `(-1)^k·((-n + k - 1) choose k)`.
    ///
    /// ```
    /// use carry::Int;
    /// assert_eq!(Int::binomial(&Int::from(10), 3), 120);
    /// assert_eq!(Int::binomial(&Int::from(3), 5), 0);
    /// assert_eq!(Int::binomial(&Int::from(-3), 2), 6);
    /// ```
    pub fn binomial(n: &Int, k: u64) -> Int {
        if k == 0 {
            return Int::ONE;
        }
        if n.is_negative() {
            let m = -n + (k - 1);
            let b = Int::binomial(&m, k);
            return if k % 2 == 1 { -b } else { b };
        }
        if *n < k {
            return Int::ZERO;
        }
        let k = match u64::try_from(&(n - k)) {
            Ok(nk) if nk < k => nk,
            _ => k,
        };
        if k == 0 {
            return Int::ONE;
        }
        // (n choose k) ≥ (n/k)^k for k ≤ n/2.
        let kf = k as f64;
        check_at_least(kf * ((n.bits() - 1) as f64 - kf.log2()), "Int::binomial");
        if let Ok(n) = u64::try_from(n) {
            if k >= BINOMIAL_PRIMES && n < 1 << 32 && n / BINOMIAL_PRIMES_RATIO <= k {
                return binomial_by_primes(n, k);
            }
        }
        // n·(n-1)···(n-k+1) / k!, each product by binary splitting.
        let top = product_of(&mut (0..k).map(|i| n - i).collect::<Vec<Int>>());
        top / Int::factorial(k)
    }

    /// The Fibonacci number `F(n)` (`F(0) = 0`, `F(1) = 1`), by fast doubling with two
    /// squarings per bit of `n`.
    ///
    /// ```
    /// use carry::Int;
    /// assert_eq!(Int::fibonacci(10), 55);
    /// assert_eq!(Int::fibonacci(100), "354224848179261915075".parse::<Int>().unwrap());
    /// ```
    pub fn fibonacci(n: u64) -> Int {
        check_fibonacci(n, "Int::fibonacci");
        fibonacci_pair(n).0
    }

    /// The Lucas number `L(n)` (`L(0) = 2`, `L(1) = 1`), as `2F(n+1) - F(n)`.
    ///
    /// ```
    /// use carry::Int;
    /// assert_eq!(Int::lucas(0), 2);
    /// assert_eq!(Int::lucas(10), 123);
    /// ```
    pub fn lucas(n: u64) -> Int {
        check_fibonacci(n, "Int::lucas");
        let (f, f1) = fibonacci_pair(n);
        f1 * 2u32 - f
    }

    /// The product of the primes `≤ n` (`mpz_primorial_ui`).
    ///
    /// ```
    /// use carry::Int;
    /// assert_eq!(Int::primorial(10), 210);
    /// assert_eq!(Int::primorial(1), 1);
    /// ```
    pub fn primorial(n: u64) -> Int {
        // log(n#) = θ(n) ≥ n(1 − 1/ln n) for n ≥ 41 (Rosser and Schoenfeld, 1962, (3.16)).
        if n >= 41 {
            let x = n as f64;
            check_at_least(
                x * (1.0 - 1.0 / x.ln()) * core::f64::consts::LOG2_E,
                "Int::primorial",
            );
        }
        product_of_limbs(&packed(primes_up_to(n).into_iter()))
    }
}

/// Panics when F(n) (or L(n)) exceeds [`Int::MAX_BITS`]: F(n) ≥ φ^(n−2), 0.694 bits a step.
fn check_fibonacci(n: u64, op: &str) {
    check_at_least((n as f64 - 2.0) * 0.694, op);
}

/// `(F(n), F(n+1))`, by doubling `(F(k), F(k-1))` with two squarings per step (GMP's
/// `mpz_fib2_ui` formulas): `F(2k+1) = 4F(k)² - F(k-1)² + 2(-1)^k`,
/// `F(2k-1) = F(k)² + F(k-1)²`, `F(2k) = F(2k+1) - F(2k-1)`.
fn fibonacci_pair(n: u64) -> (Int, Int) {
    if n == 0 {
        return (Int::ZERO, Int::ONE);
    }
    // (F(k), F(k-1)) for k = 1, then the bits of n below its top one.
    let (mut f, mut g) = (Int::ONE, Int::ZERO);
    let mut k_odd = true;
    for i in (0..63 - n.leading_zeros()).rev() {
        let (f2, g2) = (&f * &f, &g * &g);
        let mut next = (&f2 << 2u32) - &g2;
        if k_odd {
            next -= 2u32;
        } else {
            next += 2u32;
        }
        let prev = f2 + g2;
        let even = &next - &prev;
        (f, g, k_odd) = if (n >> i) & 1 == 1 {
            (next, even, true)
        } else {
            (even, prev, false)
        };
    }
    let f1 = &f + &g;
    (f, f1)
}

/// The primes `≤ n`, by a sieve of Eratosthenes (the table of small primes for `n < 2^16`).
pub(crate) fn primes_up_to(n: u64) -> Vec<u64> {
    if n < 1 << 16 {
        return SMALL_PRIMES
            .iter()
            .map(|&p| u64::from(p))
            .take_while(|&p| p <= n)
            .collect();
    }
    primes_streamed(n).collect()
}

/// `n!` for `n ≤ 34` (`34! < 2^128`), evaluated by the compiler.
const FACTORIALS: [u128; 35] = {
    let mut t = [1u128; 35];
    let mut i = 2;
    while i < 35 {
        t[i] = t[i - 1] * i as u128;
        i += 1;
    }
    t
};

/// The odd part of `m!` for `m ≤ 25` (one limb each).
const ODD_FACTORIALS: [u64; 26] = {
    let mut t = [1u64; 26];
    let mut i = 2;
    while i < 26 {
        t[i] = t[i - 1] * ((i as u64) >> i.trailing_zeros());
        i += 1;
    }
    t
};

/// `m!!` for the odd `m ≤ 33`, at index `(m - 1)/2` (one limb each).
const ODD_DOUBLE_FACTORIALS: [u64; 17] = {
    let mut t = [1u64; 17];
    let mut i = 1;
    while i < 17 {
        t[i] = t[i - 1] * (2 * i as u64 + 1);
        i += 1;
    }
    t
};

/// Calls `emit` with factors whose product is the odd part of `n!`:
/// `oddfac(n) = Π_k (⌊n/2^k⌋)!!'`, where `m!!'` is the product of the odd numbers up to `m`,
/// from the tables up to 25 and 33 and, above, as products of two consecutive odd numbers.
fn odd_factorial_factors(n: u64, mut emit: impl FnMut(u64)) {
    let mut m = n;
    while m as usize >= ODD_FACTORIALS.len() {
        let idx = ((m - 1) / 2) as usize;
        match ODD_DOUBLE_FACTORIALS.get(idx) {
            Some(&f) => emit(f),
            None => {
                emit(ODD_DOUBLE_FACTORIALS[ODD_DOUBLE_FACTORIALS.len() - 1]);
                let top = 2 * idx as u64 + 1;
                let mut j = 2 * ODD_DOUBLE_FACTORIALS.len() as u64 + 1;
                while j < top {
                    emit(j * (j + 2));
                    j += 4;
                }
                if j == top {
                    emit(j);
                }
            }
        }
        m /= 2;
    }
    emit(ODD_FACTORIALS[m as usize]);
}

/// The odd part of `n!` as one-limb leaves.
fn odd_factorial_leaves(n: u64) -> Vec<u64> {
    let mut leaves = Packer::new();
    odd_factorial_factors(n, |f| leaves.push(f));
    leaves.finish()
}

/// Below this `n`, `n!` is formed on the stack (its odd part has at most 23 limbs).
const SMALL_FACTORIAL: u64 = 256;

/// `n! = oddfac(n)·2^shift` for `n < SMALL_FACTORIAL`: the factors of the odd part packed into
/// limbs and multiplied one limb at a time, on the stack, then shifted in place.
#[inline(never)]
fn small_factorial(n: u64, shift: u64) -> Int {
    debug_assert!(n < SMALL_FACTORIAL);
    // Two consecutive leaves have a product above 2^64, and the odd part has under 1430 bits,
    // so there are at most 45 leaves; the product has at most as many limbs.
    let mut leaves = [0u64; 48];
    let (mut len, mut acc) = (0, 1u64);
    odd_factorial_factors(n, |f| match acc.checked_mul(f) {
        Some(p) => acc = p,
        None => {
            leaves[len] = acc;
            len += 1;
            acc = f;
        }
    });
    leaves[len] = acc;
    len += 1;
    let words = (shift / 64) as usize;
    let mut r = [0u64; 56];
    let n_limbs = product_into(&mut r[words..], &leaves[..len]);
    let end = words + n_limbs;
    if !shift.is_multiple_of(64) {
        r[end] = crate::limbs::shl_assign(&mut r[words..end], (shift % 64) as u32);
    }
    Int::from_limbs(&r[..=end])
}

/// The odd part of `n!`, given the primes up to at least `n`: the swing recursion down to
/// `FACTORIAL_SWING/2` (the products below are cheaper than a square there, while a factorial
/// from `FACTORIAL_SWING` on gains from at least one halving).
fn odd_factorial(n: u64, primes: &[u64]) -> Int {
    if n < FACTORIAL_SWING / 2 {
        return product_of_limbs(&odd_factorial_leaves(n));
    }
    let limbs = (log2_factorial(n as f64) / 64.0) as usize;
    let (half, swing) = both(
        limbs,
        || odd_factorial(n / 2, primes),
        || odd_swing(n, primes),
    );
    if half.as_limbs().len() >= FACTORIAL_TWO_PRODUCTS {
        // Two products, the shorter first: cheaper than a square of `half` and a product of
        // that square by the swing, once the products are transforms.
        return &half * &(&half * &swing);
    }
    &half * &half * swing
}

/// The odd part of the swing `n!/⌊n/2⌋!²`: each odd prime `p ≤ n` to the power
/// `Σ_k (⌊n/p^k⌋ mod 2)` (Luschny). Above `√n` the power is `p` or 1 by the parity of `⌊n/p⌋`,
/// so those primes are read off in runs, `n/(q+1) < p ≤ n/q` for odd `q`, with no division
/// per prime.
fn odd_swing(n: u64, primes: &[u64]) -> Int {
    let end = primes.partition_point(|&p| p <= n);
    let primes = &primes[1.min(end)..end];
    let root = primes.partition_point(|&p| p * p <= n);
    let mut leaves = Packer::new();
    for &p in &primes[..root] {
        let mut power = 1u64;
        let mut q = n / p;
        while q > 0 {
            if q % 2 == 1 {
                power *= p;
            }
            q /= p;
        }
        leaves.push(power);
    }
    // Down from the top: the primes in (n/2, n], (n/4, n/3], (n/6, n/5], ... above √n.
    let mut i = primes.len();
    let mut q = 1;
    while i > root {
        let (upper, lower) = (n / q, n / (q + 1));
        while i > root && primes[i - 1] > upper {
            i -= 1;
        }
        while i > root && primes[i - 1] > lower {
            i -= 1;
            leaves.push(primes[i]);
        }
        q += 2;
    }
    product_of_limbs(&leaves.finish())
}

/// `n choose k` for `k ≤ n` as the product of its prime powers (prime-power splitting, as
/// GMP's `mpz_bin_uiui` for large arguments): by Kummer's theorem the exponent of `p` is the
/// number of borrows when `k` is subtracted from `n` in base `p`, and `p^e ≤ n`, so each power
/// is one word; one product tree of `π(n)` leaves at most, O(M(b) log b) for a result of `b`
/// bits, against the quotient of two trees of `k` factors each.
fn binomial_by_primes(n: u64, k: u64) -> Int {
    let powers = primes_streamed(n).map(|p| {
        let (mut a, mut b) = (n, k);
        let (mut power, mut borrow) = (1u64, 0u64);
        while a > 0 {
            // The digit of n − k at this place borrows when a's digit is below b's (and the
            // previous borrow).
            let (da, db) = (a % p, b % p + borrow);
            borrow = u64::from(da < db);
            if borrow == 1 {
                power *= p;
            }
            a /= p;
            b /= p;
        }
        power
    });
    product_of_limbs(&packed(powers.filter(|&q| q > 1)))
}

/// The primes `≤ n` in increasing order from a sieve of Eratosthenes over the odd numbers, one
/// bit each (`n/16` bytes: 6 MiB for `n = 10^8`, where a table of the primes would take 46 MiB).
pub(crate) fn primes_streamed(n: u64) -> impl Iterator<Item = u64> {
    // Bit i stands for 2i + 1, for the odd numbers up to n.
    let len = usize::try_from(n.div_ceil(2)).expect("primes_streamed: bound exceeds memory");
    let mut composite = vec![0u64; len.div_ceil(64)];
    if len > 0 {
        composite[0] = 1;
    }
    let mut i = 1;
    while (2 * i + 1) * (2 * i + 1) < 2 * len {
        if composite[i / 64] >> (i % 64) & 1 == 0 {
            let p = 2 * i + 1;
            let mut j = p * p / 2;
            while j < len {
                composite[j / 64] |= 1 << (j % 64);
                j += p;
            }
        }
        i += 1;
    }
    let two = (n >= 2).then_some(2);
    let odd = (1..len)
        .filter(move |&i| composite[i / 64] >> (i % 64) & 1 == 0)
        .map(|i| 2 * i as u64 + 1);
    two.into_iter().chain(odd)
}

/// Factors multiplied together while they fit one limb, as leaves of a product tree.
struct Packer {
    leaves: Vec<u64>,
    acc: u64,
}

impl Packer {
    fn new() -> Packer {
        Packer {
            leaves: Vec::new(),
            acc: 1,
        }
    }

    /// Multiplies `f ≥ 1` in.
    #[inline]
    fn push(&mut self, f: u64) {
        match self.acc.checked_mul(f) {
            Some(p) => self.acc = p,
            None => {
                self.leaves.push(self.acc);
                self.acc = f;
            }
        }
    }

    /// The leaves (`[1]` when nothing was pushed).
    fn finish(mut self) -> Vec<u64> {
        self.leaves.push(self.acc);
        self.leaves
    }
}

/// `factors` packed into one-limb leaves (`[1]` when there are none).
fn packed(factors: impl Iterator<Item = u64>) -> Vec<u64> {
    let mut p = Packer::new();
    for f in factors {
        p.push(f);
    }
    p.finish()
}

/// `lo·(lo+step)·(lo+2·step)··· ≤ hi` (1 when empty), as a product tree.
fn product_range(lo: u64, hi: u64, step: u64) -> Int {
    if lo > hi {
        return Int::ONE;
    }
    product_of_limbs(&packed((0..=(hi - lo) / step).map(|i| lo + i * step)))
}

/// Up to this many one-limb factors are multiplied one at a time into a buffer (each step a
/// one-limb product over the buffer); more are split into halves whose products are multiplied.
const PRODUCT_SEQUENTIAL: usize = 16;

/// The product of nonzero one-limb `factors` (1 when there are none): a balanced tree over
/// runs of [`PRODUCT_SEQUENTIAL`] factors multiplied one at a time (GMP's `mpz_prodlimbs`).
fn product_of_limbs(factors: &[u64]) -> Int {
    if factors.len() <= PRODUCT_SEQUENTIAL {
        let mut r = vec![0u64; factors.len() + 1];
        product_into(&mut r, factors);
        return Int::from_sign_vec(false, r);
    }
    let (left, right) = factors.split_at(factors.len() / 2);
    let (x, y) = both(
        factors.len(),
        || product_of_limbs(left),
        || product_of_limbs(right),
    );
    x * y
}

/// Writes the product of nonzero one-limb `factors` (1 when there are none) to the low limbs of
/// `r` (at least `factors.len()` limbs, all zero) and returns its length in limbs.
fn product_into(r: &mut [u64], factors: &[u64]) -> usize {
    r[0] = factors.first().copied().unwrap_or(1);
    let mut len = 1;
    for &f in factors.iter().skip(1) {
        let top = crate::limbs::mul_1_assign(&mut r[..len], f);
        if top != 0 {
            r[len] = top;
            len += 1;
        }
    }
    len
}

/// The product of `factors` by a balanced tree (the slice is used as scratch).
pub(crate) fn product_of(factors: &mut [Int]) -> Int {
    match factors.len() {
        0 => Int::ONE,
        1 => core::mem::take(&mut factors[0]),
        n => {
            let (left, right) = factors.split_at_mut(n / 2);
            product_of(left) * product_of(right)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn primes_streamed_agrees_with_the_sieve() {
        for n in (0..200).chain([65_535, 65_536, 65_537, 1 << 20]) {
            let streamed: Vec<u64> = primes_streamed(n).collect();
            assert_eq!(streamed, primes_up_to(n), "{n}");
        }
    }
}
