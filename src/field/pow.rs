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

/// x^e, running time depending on e.
pub fn pow_vartime<const N: usize>(x: &[u64; N], e: &[u64], p: &Params<N>) -> [u64; N] {
    let mut acc = p.r;
    let e = crate::limbs::normalized(e);
    let top = match e.last() {
        Some(w) => 64 * e.len() - w.leading_zeros() as usize,
        None => return acc,
    };
    for i in (0..top).rev() {
        acc = mont::sqr(&acc, p);
        if (e[i / 64] >> (i % 64)) & 1 == 1 {
            acc = mont::mul(&acc, x, p);
        }
    }
    acc
}
