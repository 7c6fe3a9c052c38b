//! Factorials, binomial coefficients, Fibonacci and Lucas numbers, primorials. Products of
//! many factors are formed by binary splitting (balanced product trees, so the large
//! multiplications are balanced and reach Karatsuba/Toom); Fibonacci by fast doubling.
//! `n!` from `thresholds::FACTORIAL_SWING` on is Luschny's prime-swing algorithm on the odd
//! part ("Divide, swing and conquer the factorial", 2008; GMP's `mpz_oddfac_1`):
//! `n! = oddfac(n)·2^(n - popcount n)`, `oddfac(n) = oddfac(⌊n/2⌋)²·oddswing(n)`, where the swing
//! `n!/⌊n/2⌋!²` is a product of prime powers read off `n` alone; O(M(n log n)) with one square
//! and one product per halving of `n`.

use super::small_primes::SMALL_PRIMES;
use crate::thresholds::FACTORIAL_SWING;
use crate::Int;
use alloc::{vec, vec::Vec};

impl Int {
    /// `n!`.
    ///
    /// ```
    /// use carry::Int;
    /// assert_eq!(Int::factorial(0), 1);
    /// assert_eq!(Int::factorial(20), 2432902008176640000u64);
    /// ```
    pub fn factorial(n: u64) -> Int {
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
        let mut factors: Vec<Int> = primes_up_to(n).into_iter().map(Int::from).collect();
        product_of(&mut factors)
    }
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
    let mut composite = vec![false; n + 1];
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
