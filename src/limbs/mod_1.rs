//! Remainder by one limb, several limbs a step: with the residues `c_k = B^k mod d`
//! precomputed, a block of `K` limbs `a_0 … a_(K-1)` and the running residue `r = r_2·B² +
//! r_1·B + r_0` fold into `a_0 + Σ a_j·c_j + r_0·c_K + r_1·c_(K+1) + r_2·c_(K+2)`, a sum of
//! `K + 3` products that is congruent to `r·B^K + block` and below `(K + 3)·B²`, so it is again
//! a three-limb residue. The step's dependency chain is one multiplication and the additions
//! after it, for `K` limbs; the multiplications of the block's own limbs are independent of it.
//! This is the method of GMP's `mpn_mod_1s_4p` (Möller and Granlund, "Improved division by
//! invariant integers", IEEE Trans. Computers 60 (2011), §7, with the residues of powers of
//! `B` in place of a reciprocal), carried here in three limbs so that it serves every `d`, not
//! only `d < B/4`. O(n) with `K + 3` products per `K` limbs; the residues cost `K + 2`
//! 2/1 divisions by the normalised divisor's reciprocal, and the final residue three more.
//! [`mod_1`] takes it from `MOD_1_BLOCKS` limbs, where its longer setup pays; below, [`rem_1`](super::rem_1)
//! (one limb a step with one residue, `B² mod d`, which comes with the reciprocal).

use super::div::{div_2by1, Divisor1};
use crate::thresholds::MOD_1_BLOCKS;

/// Limbs per step of [`mod_1`]'s block method.
const K: usize = 4;

/// A one-limb divisor prepared for the block method: the normalised divisor with its
/// reciprocal, and `c[k] = B^k mod d` for `k = 0 ..= K + 2`.
#[derive(Clone, Copy, Debug)]
pub struct Mod1 {
    dv: Divisor1,
    c: [u64; K + 3],
}

impl Mod1 {
    /// The residues of the powers of `B` modulo `d` (`d != 0`).
    ///
    /// ```
    /// use carry::limbs::Mod1;
    /// let m = Mod1::new(1_000_000_007);
    /// assert_eq!(m.rem(&[5, 7, 0, 0, 0, 0, 0, 0, 3]), carry::limbs::rem_1(&[5, 7, 0, 0, 0, 0, 0, 0, 3], 1_000_000_007));
    /// ```
    pub fn new(d: u64) -> Mod1 {
        assert!(d != 0, "Mod1::new: zero divisor");
        let dv = Divisor1::new(d);
        let mut c = [0u64; K + 3];
        // x = c_k·2^s, below the normalised divisor; (x·B) mod (d·2^s) = 2^s·(c_(k+1)).
        let mut x = if d == 1 { 0 } else { 1 << dv.shift };
        for ck in c.iter_mut() {
            *ck = x >> dv.shift;
            x = div_2by1(x, 0, dv.d, dv.v).1;
        }
        Mod1 { dv, c }
    }

    /// `a mod d` (any `a.len()`).
    #[inline]
    pub fn rem(&self, a: &[u64]) -> u64 {
        let c = &self.c;
        let n = a.len();
        let (body, top) = a.split_at(n - n % K);
        // The top partial block, then the full blocks from the top down.
        let mut r = match *top {
            [] => [0; 3],
            [x] => [x, 0, 0],
            [.., x, y] => [x, y, 0],
        };
        for &x in top.iter().rev().skip(2) {
            r = fold::<1>(&[x], c, r);
        }
        for block in body.rchunks_exact(K) {
            r = fold::<K>(block.try_into().expect("a block of K limbs"), c, r);
        }
        reduce(r, self.dv)
    }
}

/// The residue `block + r·B^L` as a sum of products with the residues `c` (see the file's
/// comment).
#[inline(always)]
fn fold<const L: usize>(block: &[u64; L], c: &[u64; K + 3], r: [u64; 3]) -> [u64; 3] {
    let (mut acc, mut hi) = (block[0] as u128, 0u64);
    let mut add = |p: u128| {
        let (s, o) = acc.overflowing_add(p);
        acc = s;
        hi += o as u64;
    };
    for j in 1..L {
        add(block[j] as u128 * c[j] as u128);
    }
    // The running residue last: its products are the only ones on the loop's chain.
    add(r[0] as u128 * c[L] as u128);
    add(r[1] as u128 * c[L + 1] as u128);
    add(r[2] as u128 * c[L + 2] as u128);
    [acc as u64, (acc >> 64) as u64, hi]
}

/// `(r_2·B² + r_1·B + r_0) mod d` by three 2/1 divisions.
#[inline(always)]
fn reduce(r: [u64; 3], dv: Divisor1) -> u64 {
    let (d, s, v) = (dv.d, dv.shift, dv.v);
    // The value shifted by s has four limbs: r_2 < 2^61 keeps its top one below d.
    let w = [
        r[0] << s,
        shl_pair(r[1], r[0], s),
        shl_pair(r[2], r[1], s),
        r[2] >> 1 >> (63 - s),
    ];
    let mut x = w[3];
    for &wi in w[..3].iter().rev() {
        x = div_2by1(x, wi, d, v).1;
    }
    x >> s
}

/// The top limb of `(hi·B + lo) << s` for `s < 64`.
#[inline(always)]
fn shl_pair(hi: u64, lo: u64, s: u32) -> u64 {
    (hi << s) | (lo >> 1 >> (63 - s))
}

/// `a mod d` for a limb `d != 0`: the block method of this file from `MOD_1_BLOCKS` limbs,
/// [`rem_1`](super::rem_1) below.
///
/// ```
/// let a = [u64::MAX; 40];
/// assert_eq!(carry::limbs::mod_1(&a, 3), 0);
/// assert_eq!(carry::limbs::mod_1(&a, 1 << 63), (1 << 63) - 1);
/// ```
pub fn mod_1(a: &[u64], d: u64) -> u64 {
    assert!(d != 0, "mod_1: zero divisor");
    if a.len() < MOD_1_BLOCKS {
        return super::div::rem_1(a, d);
    }
    Mod1::new(d).rem(a)
}
