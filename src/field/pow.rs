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
/// 5 bits over the odd powers x, x³, …, x³¹ (HAC 14.85), about bits + bits/6 multiplications.
/// Constant-time in x, so square roots and Legendre symbols use it with their public exponents.
pub fn pow_vartime<const N: usize>(x: &[u64; N], e: &[u64], p: &Params<N>) -> [u64; N] {
    const W: usize = 5;
    let e = crate::limbs::normalized(e);
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
