//! Square roots of magnitudes on the `limbs::sqrtrem` kernel (Zimmermann's Karatsuba square
//! root, O(M(n)); see `src/limbs/sqrt.rs`), with the root and remainder written straight into
//! their result buffers, and the residue tests that reject most non-squares before any root.

use super::{pool, Int, INLINE};
use crate::limbs;
use alloc::boxed::Box;

/// Runs `f` on `len` limbs of scratch whose values are unspecified: a small array on the stack
/// (cheap to clear) in three sizes, else a cached buffer, which is not cleared.
#[inline(always)]
fn with_scratch<R>(len: usize, f: impl FnOnce(&mut [u64]) -> R) -> R {
    if len <= 16 {
        f(&mut [0; 16][..len])
    } else if len <= 48 {
        f(&mut [0; 48][..len])
    } else if len <= 128 {
        f(&mut [0; 128][..len])
    } else {
        let mut s = pool::take(len);
        let r = f(&mut s[..len]);
        pool::put(s);
        r
    }
}

/// Squares modulo 256, as a bit set.
const SQUARES_MOD_256: [u64; 4] = residues::<4>(256);
/// Squares modulo 63 = 9·7, 65 = 5·13, 11, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61
/// (as bit sets of up to 128 bits), tested on residues that one pass over the operand finds.
const SQUARES_MOD_63: [u64; 2] = residues::<2>(63);
const SQUARES_MOD_65: [u64; 2] = residues::<2>(65);
const SQUARES_MOD_97: [u64; 2] = residues::<2>(97);
const SQUARES_MOD_17: [u64; 2] = residues::<2>(17);
const SQUARES_MOD_241: [u64; 4] = residues::<4>(241);
const SQUARES_MOD_257: [u64; 5] = residues::<5>(257);
const SQUARES_MOD_673: [u64; 11] = residues::<11>(673);

/// The squares modulo `m` (at most `64·N`) as a bit set.
const fn residues<const N: usize>(m: u64) -> [u64; N] {
    let mut set = [0u64; N];
    let mut x = 0;
    while x < m {
        let q = x * x % m;
        set[(q / 64) as usize] |= 1 << (q % 64);
        x += 1;
    }
    set
}

#[inline(always)]
fn in_set(set: &[u64], x: u64) -> bool {
    (set[(x / 64) as usize] >> (x % 64)) & 1 != 0
}

/// A value below 2^49 congruent to `a` modulo 2^48 − 1: 2^64 is 2^16 modulo 2^48 − 1, so limbs
/// three apart carry the same weight and add up separately.
fn mod_2_48_minus_1(a: &[u64]) -> u64 {
    const M: u64 = (1 << 48) - 1;
    let (mut s0, mut s1, mut s2) = (0u128, 0u128, 0u128);
    let mut chunks = a.chunks_exact(3);
    for c in &mut chunks {
        s0 += u128::from(c[0]);
        s1 += u128::from(c[1]);
        s2 += u128::from(c[2]);
    }
    let rest = chunks.remainder();
    if let Some(&x) = rest.first() {
        s0 += u128::from(x);
    }
    if let Some(&x) = rest.get(1) {
        s1 += u128::from(x);
    }
    // Each sum is below 2^128 for operands below 2^64 limbs; fold to 48-bit pieces.
    let fold = |x: u128| -> u64 {
        let parts = (x & u128::from(M)) + ((x >> 48) & u128::from(M)) + (x >> 96);
        ((parts & u128::from(M)) + (parts >> 48)) as u64
    };
    // Weights 1, 2^16, 2^32: each product folds again.
    let t = u128::from(fold(s0)) + (u128::from(fold(s1)) << 16) + (u128::from(fold(s2)) << 32);
    let t = fold(t);
    (t & M) + (t >> 48)
}

/// Whether the magnitude `a` (nonempty, top limb nonzero) may be a square: its residues modulo
/// 256 and the factors of 2^48 − 1 (3²·5·7·13·17·97·241·257·673) are all squares. A
/// non-square passes with probability about 1/500.
fn may_be_square(a: &[u64]) -> bool {
    if !in_set(&SQUARES_MOD_256, a[0] & 255) {
        return false;
    }
    let r = mod_2_48_minus_1(a);
    in_set(&SQUARES_MOD_63, r % 63)
        && in_set(&SQUARES_MOD_65, r % 65)
        && in_set(&SQUARES_MOD_97, r % 97)
        && in_set(&SQUARES_MOD_17, r % 17)
        && in_set(&SQUARES_MOD_241, r % 241)
        && in_set(&SQUARES_MOD_257, r % 257)
        && in_set(&SQUARES_MOD_673, r % 673)
}

/// `(s, r)` with `s = ⌊√x⌋`, `r = x − s²` for `x = hi·2^64 + lo`, `hi > 0`.
#[inline(always)]
fn sqrtrem_2(hi: u64, lo: u64) -> (u64, u128) {
    let x = u128::from(hi) << 64 | u128::from(lo);
    let c = hi.leading_zeros() / 2;
    let y = x << (2 * c);
    let (s, _) = limbs::sqrtrem_2_normalized((y >> 64) as u64, y as u64);
    let s = s >> c;
    (s, x - u128::from(s) * u128::from(s))
}

/// The root of a magnitude of three limbs or more: written to `s` when it fits there, else
/// to the returned buffer (as [`Int::from_out`] takes them).
#[inline(never)]
fn sqrt_out(s: &mut [u64; INLINE], a: &[u64]) -> Option<Box<[u64]>> {
    let n = a.len();
    let h = n.div_ceil(2);
    with_scratch(limbs::sqrtrem_scratch_len(n), |scratch| {
        if h <= INLINE {
            limbs::sqrtrem(&mut s[..h], None, a, scratch);
            return None;
        }
        let mut buf = pool::take(h);
        limbs::sqrtrem(&mut buf[..h], None, a, scratch);
        Some(buf)
    })
}

/// [`sqrt_out`] with the remainder: to `r` when it fits there, else to `*rbuf`; returns the
/// root's buffer and the remainder's length.
#[inline(never)]
fn sqrt_rem_out(
    s: &mut [u64; INLINE],
    r: &mut [u64; INLINE],
    rbuf: &mut Option<Box<[u64]>>,
    a: &[u64],
) -> (Option<Box<[u64]>>, usize) {
    let n = a.len();
    let h = n.div_ceil(2);
    with_scratch(limbs::sqrtrem_scratch_len(n) + h + 1, |scratch| {
        let (rs, scratch) = scratch.split_at_mut(h + 1);
        let mut sbuf = (h > INLINE).then(|| pool::take(h));
        let root = match &mut sbuf {
            Some(b) => &mut b[..h],
            None => &mut s[..h],
        };
        let rn = limbs::sqrtrem(root, Some(rs), a, scratch);
        if rn <= INLINE {
            r[..rn].copy_from_slice(&rs[..rn]);
        } else {
            *rbuf = Some(pool::copy_of(&rs[..rn]));
        }
        (sbuf, rn)
    })
}

/// Whether the magnitude `a` (nonempty, top limb nonzero, passing the test modulo 256) is a
/// square.
#[inline(never)]
fn is_square_rest(a: &[u64]) -> bool {
    // One and two limbs: the root costs about as much as the residue tests.
    let n = a.len();
    if n == 1 {
        return limbs::sqrtrem_1(a[0]).1 == 0;
    }
    if n == 2 {
        return sqrtrem_2(a[1], a[0]).1 == 0;
    }
    if !may_be_square(a) {
        return false;
    }
    let h = n.div_ceil(2);
    with_scratch(limbs::sqrtrem_scratch_len(n) + 2 * h + 1, |scratch| {
        let (s, scratch) = scratch.split_at_mut(h);
        let (r, scratch) = scratch.split_at_mut(h + 1);
        limbs::sqrtrem(s, Some(r), a, scratch) == 0
    })
}

impl Int {
    /// `⌊√|self|⌋`.
    #[inline]
    pub(crate) fn sqrt_magnitude(&self) -> Int {
        let a = self.as_limbs();
        match a.len() {
            0 => Int::ZERO,
            1 => Int::from(limbs::sqrtrem_1(a[0]).0),
            2 => Int::from(sqrtrem_2(a[1], a[0]).0),
            n => {
                let mut s = [0; INLINE];
                let buf = sqrt_out(&mut s, a);
                Int::from_out(false, s, buf, n.div_ceil(2))
            }
        }
    }

    /// `⌊√|self|⌋` and `|self| − s²`.
    #[inline]
    pub(crate) fn sqrt_rem_magnitude(&self) -> (Int, Int) {
        let a = self.as_limbs();
        match a.len() {
            0 => (Int::ZERO, Int::ZERO),
            1 => {
                let (s, r) = limbs::sqrtrem_1(a[0]);
                (Int::from(s), Int::from(r))
            }
            2 => {
                let (s, r) = sqrtrem_2(a[1], a[0]);
                (Int::from(s), Int::from(r))
            }
            n => {
                let (mut s, mut r, mut rbuf) = ([0; INLINE], [0; INLINE], None);
                let (sbuf, rn) = sqrt_rem_out(&mut s, &mut r, &mut rbuf, a);
                (
                    Int::from_out(false, s, sbuf, n.div_ceil(2)),
                    Int::from_out(false, r, rbuf, rn),
                )
            }
        }
    }

    /// Whether the magnitude is a perfect square: the test modulo 256 here, the rest out of
    /// line.
    #[inline]
    pub(crate) fn magnitude_is_square(&self) -> bool {
        let a = self.as_limbs();
        match a.first() {
            None => true,
            Some(&x) => in_set(&SQUARES_MOD_256, x & 255) && is_square_rest(a),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mod_2_48_minus_1_agrees_with_rem_1() {
        let mut seed = 1;
        for n in 1..40 {
            for _ in 0..20 {
                let a = limbs::test_limbs(n, &mut seed);
                let want = limbs::rem_1(&a, (1 << 48) - 1);
                assert_eq!(mod_2_48_minus_1(&a) % ((1 << 48) - 1), want, "{a:x?}");
            }
        }
        let a = [u64::MAX; 30];
        assert_eq!(
            mod_2_48_minus_1(&a) % ((1 << 48) - 1),
            limbs::rem_1(&a, (1 << 48) - 1)
        );
    }

    #[test]
    fn the_residue_tests_pass_every_square() {
        for x in 0u64..5000 {
            let sq = Int::from(x) * Int::from(x);
            let big = &sq * &sq * 977u32 * 977u32;
            for v in [sq, big] {
                if !v.is_zero() {
                    assert!(may_be_square(v.as_limbs()), "{x}");
                }
            }
        }
    }
}
