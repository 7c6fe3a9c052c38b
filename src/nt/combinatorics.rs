//! Factorials, binomial coefficients, Fibonacci and Lucas numbers, primorials. Products of
//! many factors are formed by binary splitting (balanced product trees, so the large
//! multiplications are balanced and reach Karatsuba/Toom); Fibonacci by fast doubling.
//! `n!` from `thresholds::FACTORIAL_SWING` on is Luschny's prime-swing algorithm on the odd
//! part ("Divide, swing and conquer the factorial", 2008; GMP's `mpz_oddfac_1`):
//! `n! = oddfac(n)·2^(n - popcount n)`, `oddfac(n) = oddfac(⌊n/2⌋)²·oddswing(n)`, where the swing
//! `n!/⌊n/2⌋!²` is a product of prime powers read off `n` alone; O(M(n log n)) with one square
//! and one product per halving of `n`.

use super::small_primes::SMALL_PRIMES;
use crate::int::limits::check_bits;
#[cfg(not(feature = "std"))]
use crate::int::FloatMath;
use crate::thresholds::{BINOMIAL_PRIMES, BINOMIAL_PRIMES_RATIO, FACTORIAL_SWING};
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
        check_at_least(log2_factorial(n as f64), "Int::factorial");
        if n < FACTORIAL_SWING {
            return product_range(1, n, 1);
        }
        let primes = primes_up_to(n);
        odd_factorial(n, &primes) << (n - u64::from(n.count_ones()))
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
        let mut factors: Vec<Int> = primes_up_to(n).into_iter().map(Int::from).collect();
        product_of(&mut factors)
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
    let n = usize::try_from(n).expect("primes_up_to: bound exceeds memory");
    let mut composite = vec![
        false;
        n.checked_add(1)
            .expect("primes_up_to: bound exceeds memory")
    ];
    let mut primes = Vec::new();
    for i in 2..=n {
        if !composite[i] {
            primes.push(i as u64);
            let mut j = i.saturating_mul(i);
            while j <= n {
                composite[j] = true;
                j += i;
            }
        }
    }
    primes
}

/// The odd part of `n!`, given the primes up to at least `n`.
fn odd_factorial(n: u64, primes: &[u64]) -> Int {
    if n < FACTORIAL_SWING {
        return product_of(&mut packed((1..=n).map(|k| k >> k.trailing_zeros())));
    }
    let half = odd_factorial(n / 2, primes);
    &half * &half * odd_swing(n, primes)
}

/// The odd part of the swing `n!/⌊n/2⌋!²`: each odd prime `p ≤ n` to the power
/// `Σ_k (⌊n/p^k⌋ mod 2)` (Luschny).
fn odd_swing(n: u64, primes: &[u64]) -> Int {
    let powers = primes.iter().skip(1).take_while(|&&p| p <= n).map(|&p| {
        let mut power = 1u64;
        let mut q = n / p;
        while q > 0 {
            if q % 2 == 1 {
                power *= p;
            }
            q /= p;
        }
        power
    });
    product_of(&mut packed(powers))
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
    product_of(&mut packed(powers.filter(|&q| q > 1)))
}

/// The primes `≤ n` in increasing order from a sieve of Eratosthenes over the odd numbers, one
/// bit each (`n/16` bytes: 6 MiB for `n = 10^8`, where a table of the primes would take 46 MiB).
fn primes_streamed(n: u64) -> impl Iterator<Item = u64> {
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
fn packed(factors: impl Iterator<Item = u64>) -> Vec<Int> {
    let mut leaves = Vec::new();
    let mut acc = 1u64;
    for f in factors {
        match acc.checked_mul(f) {
            Some(p) => acc = p,
            None => {
                leaves.push(Int::from(acc));
                acc = f;
            }
        }
    }
    leaves.push(Int::from(acc));
    leaves
}

/// `lo·(lo+step)·(lo+2·step)··· ≤ hi` (1 when empty), as a product tree.
fn product_range(lo: u64, hi: u64, step: u64) -> Int {
    if lo > hi {
        return Int::ONE;
    }
    // Pack factors into limbs first, so the tree starts from full-limb leaves.
    let mut leaves = Vec::new();
    let mut acc: u64 = 1;
    let mut x = lo;
    loop {
        match acc.checked_mul(x) {
            Some(p) => acc = p,
            None => {
                leaves.push(Int::from(acc));
                acc = x;
            }
        }
        if hi - x < step {
            break;
        }
        x += step;
    }
    leaves.push(Int::from(acc));
    product_of(&mut leaves)
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
