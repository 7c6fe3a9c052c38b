//! Exponentiation in Montgomery form. `pow` is fixed-window (4 bits): every window costs four
//! squarings and one multiplication by a table entry read with a masked scan of all 16
//! entries, so neither the time nor the memory accessed depends on the exponent's bits (only
//! on its length). `pow_vartime` is left-to-right square-and-multiply from the top set bit.

use super::{mont, Params};
use subtle::{ConditionallySelectable, ConstantTimeEq};

/// x^e, e given as little-endian limbs; constant-time in x and in the bits of e.
pub fn pow<const N: usize>(x: &[u64; N], e: &[u64], p: &Params<N>) -> [u64; N] {
    let mut table = [p.r; 16];
    for k in 1..16 {
        table[k] = mont::mul(&table[k - 1], x, p);
    }
    let mut acc = p.r;
    for i in (0..16 * e.len()).rev() {
        for _ in 0..4 {
            acc = mont::sqr(&acc, p);
        }
        let w = (e[i / 16] >> (4 * (i % 16))) & 15;
        let entry = select_entry(&table, w);
        acc = mont::mul(&acc, &entry, p);
    }
    acc
}

/// `table[w]`, reading every entry and keeping one through `subtle` (whose `Choice` the
/// optimizer cannot turn back into a branch).
#[inline(always)]
fn select_entry<const N: usize>(table: &[[u64; N]; 16], w: u64) -> [u64; N] {
    let mut r = [0u64; N];
    for (k, entry) in table.iter().enumerate() {
        let hit = (k as u64).ct_eq(&w);
        for j in 0..N {
            r[j].conditional_assign(&entry[j], hit);
        }
    }
    r
}

/// x^e, running time depending on e only (not on x): left-to-right sliding window of up to
/// 5 bits over the odd powers x, x³, …, x³¹ (HAC 14.85), about bits + bits/6 multiplications;
/// an exponent of a few long runs of ones (the square-root exponents of primes near a power of
/// two, such as secp256k1's and P-256's) goes to `pow_runs` instead.
/// Constant-time in x, so square roots and Legendre symbols use it with their public exponents.
pub fn pow_vartime<const N: usize>(x: &[u64; N], e: &[u64], p: &Params<N>) -> [u64; N] {
    const W: usize = 5;
    let e = crate::limbs::normalized(e);
    if let Some(runs) = Runs::of(e) {
        return pow_runs(x, &runs, p);
    }
    let Some(top_word) = e.last() else {
        return p.r;
    };
    let bit = |i: usize| (e[i / 64] >> (i % 64)) & 1;
    let x2 = mont::sqr(x, p);
    let mut odd = [*x; 1 << (W - 1)];
    for k in 1..odd.len() {
        odd[k] = mont::mul(&odd[k - 1], &x2, p);
    }
    let mut acc = p.r;
    let mut started = false;
    let mut i = 64 * e.len() - top_word.leading_zeros() as usize;
    while i > 0 {
        if bit(i - 1) == 0 {
            if started {
                acc = mont::sqr(&acc, p);
            }
            i -= 1;
            continue;
        }
        // The longest window of at most W bits from bit i − 1 down that ends in a one.
        let mut len = W.min(i);
        while bit(i - len) == 0 {
            len -= 1;
        }
        let mut w = 0;
        for j in (i - len..i).rev() {
            w = (w << 1) | bit(j) as usize;
        }
        if started {
            for _ in 0..len {
                acc = mont::sqr(&acc, p);
            }
            acc = mont::mul(&acc, &odd[w >> 1], p);
        } else {
            acc = odd[w >> 1];
            started = true;
        }
        i -= len;
    }
    acc
}

/// The runs of ones of an exponent, from the top: run `i` is bits `lo[i]..lo[i] + len[i]`.
struct Runs {
    count: usize,
    len: [usize; MAX_RUNS],
    lo: [usize; MAX_RUNS],
}

/// Exponents of at most this many runs of ones take [`pow_runs`].
const MAX_RUNS: usize = 6;

/// [`pow_runs`] pays for itself when the longest run is at least this long.
const MIN_TOP_RUN: usize = 32;

/// Chain entries kept by [`pow_runs`]: one, plus two per bit of the longest run's length (below
/// 2^15, far above any field's exponent).
const CHAIN: usize = 32;

impl Runs {
    /// The runs of `e` (normalised), or `None` when there are more than [`MAX_RUNS`] or the
    /// longest is shorter than [`MIN_TOP_RUN`] (the sliding window is then as fast or faster).
    fn of(e: &[u64]) -> Option<Runs> {
        let bit = |i: usize| (e[i / 64] >> (i % 64)) & 1 == 1;
        let mut runs = Runs {
            count: 0,
            len: [0; MAX_RUNS],
            lo: [0; MAX_RUNS],
        };
        let mut i = 64 * e.len();
        while i > 0 {
            if !bit(i - 1) {
                i -= 1;
                continue;
            }
            let hi = i;
            while i > 0 && bit(i - 1) {
                i -= 1;
            }
            if runs.count == MAX_RUNS {
                return None;
            }
            runs.len[runs.count] = hi - i;
            runs.lo[runs.count] = i;
            runs.count += 1;
        }
        let longest = runs.len[..runs.count].iter().copied().max()?;
        (MIN_TOP_RUN..1 << 15).contains(&longest).then_some(runs)
    }
}

/// `acc^(2^k)`.
fn sqr_times<const N: usize>(mut acc: [u64; N], k: usize, p: &Params<N>) -> [u64; N] {
    for _ in 0..k {
        acc = mont::sqr(&acc, p);
    }
    acc
}

/// x^e for an exponent of a few runs of ones, with few multiplications: `x_k = x^(2^k − 1)`
/// for the longest run's length by a doubling chain (`x_2k = x_k^(2^k)·x_k`,
/// `x_(k+1) = x_k²·x`), keeping each `x_k` it passes; the other runs' `x_k` from those, largest
/// first (`x_(a+b) = x_a^(2^b)·x_b`); then the runs joined from the top by squarings. For
/// secp256k1's (p+1)/4 (runs of 223, 22 and 2): 263 squarings and 18 products, against 254 and
/// about 67 for the sliding window. Running time depends on the exponent only.
fn pow_runs<const N: usize>(x: &[u64; N], runs: &Runs, p: &Params<N>) -> [u64; N] {
    let longest = runs.len[..runs.count].iter().copied().max().unwrap_or(1);
    let mut chain = [(1usize, *x); CHAIN];
    let mut have = 1;
    let (mut k, mut xk) = (1usize, *x);
    for b in (0..longest.ilog2()).rev() {
        xk = mont::mul(&sqr_times(xk, k, p), &xk, p);
        k *= 2;
        chain[have] = (k, xk);
        have += 1;
        if (longest >> b) & 1 == 1 {
            xk = mont::mul(&mont::sqr(&xk, p), x, p);
            k += 1;
            chain[have] = (k, xk);
            have += 1;
        }
    }
    let power = |len: usize| -> [u64; N] {
        let largest = |at_most: usize| {
            let j = (0..have)
                .rev()
                .find(|&j| chain[j].0 <= at_most)
                .unwrap_or(0);
            chain[j]
        };
        let (mut got, mut acc) = largest(len);
        while got < len {
            let (b, xb) = largest(len - got);
            acc = mont::mul(&sqr_times(acc, b, p), &xb, p);
            got += b;
        }
        acc
    };
    let mut acc = power(runs.len[0]);
    for i in 1..runs.count {
        let gap = runs.lo[i - 1] - (runs.lo[i] + runs.len[i]);
        acc = sqr_times(acc, gap + runs.len[i], p);
        acc = mont::mul(&acc, &power(runs.len[i]), p);
    }
    sqr_times(acc, runs.lo[runs.count - 1], p)
}
