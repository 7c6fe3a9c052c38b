//! Constant-time table access for windowed exponentiation: one entry of a table read by
//! scanning every entry under a mask (GMP's `mpn_sec_tabselect`; Brickell et al.'s
//! countermeasure to cache-timing attacks), and the window of exponent bits that indexes it.
//! O(table length); used by every constant-time `pow` on limb slices.

use super::barrier;

/// All ones when `a == b`, else zero, without a branch and opaque to the optimizer.
///
/// ```
/// assert_eq!(carry::limbs::eq_mask(3, 3), u64::MAX);
/// assert_eq!(carry::limbs::eq_mask(3, 4), 0);
/// ```
#[inline(always)]
pub fn eq_mask(a: u64, b: u64) -> u64 {
    let x = a ^ b;
    // (x | -x) has its top bit set exactly when x ≠ 0.
    let nonzero = (x | x.wrapping_neg()) >> 63;
    barrier(nonzero ^ 1).wrapping_neg()
}

/// `out = table[index]`, the table's entries being `out.len()` limbs each; every entry is read,
/// so neither the branches taken nor the addresses read depend on `index`.
///
/// ```
/// let table = [1, 2, 3, 4, 5, 6];
/// let mut out = [0; 2];
/// carry::limbs::tabselect(&mut out, &table, 1);
/// assert_eq!(out, [3, 4]);
/// ```
#[inline(always)]
pub fn tabselect(out: &mut [u64], table: &[u64], index: u64) {
    let n = out.len();
    out.fill(0);
    for (i, entry) in table.chunks_exact(n).enumerate() {
        let mask = eq_mask(i as u64, index);
        for (o, &t) in out.iter_mut().zip(entry) {
            *o |= t & mask;
        }
    }
}

/// Bits `[pos, pos + w)` of the little-endian limbs `e` (zero beyond its end), `1 ≤ w < 64`;
/// the limbs read depend only on `pos` and `w`.
///
/// ```
/// assert_eq!(carry::limbs::bits_at(&[0xf0, 0b101], 62, 4), 0b0100);
/// ```
#[inline]
pub fn bits_at(e: &[u64], pos: u64, w: u32) -> u64 {
    let i = (pos / 64) as usize;
    let sh = pos % 64;
    let lo = e.get(i).copied().unwrap_or(0) >> sh;
    let hi = if sh == 0 {
        0
    } else {
        e.get(i + 1).copied().unwrap_or(0) << (64 - sh)
    };
    (lo | hi) & ((1 << w) - 1)
}
