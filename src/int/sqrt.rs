//! Square roots of magnitudes on the `limbs::sqrtrem` kernel (Zimmermann's Karatsuba square
//! root, O(M(n)); see `src/limbs/sqrt.rs`), with the root and remainder written straight into
//! their result buffers, and the residue tests that reject most non-squares before any root.

use super::{pool, Int, Parts, INLINE};
use crate::limbs;

/// Scratch that a root takes from the stack (zeroed: a small array is cheap to clear) rather
/// than from the buffer cache.
const STACK_SCRATCH: usize = 96;

/// Runs `f` on `len` limbs of scratch whose values are unspecified.
#[inline(always)]
fn with_scratch<R>(len: usize, f: impl FnOnce(&mut [u64]) -> R) -> R {
    if len <= STACK_SCRATCH {
        f(&mut [0; STACK_SCRATCH][..len])
    } else {
        let mut s = pool::take(len);
        let r = f(&mut s[..len]);
        pool::put(s);
        r
    }
}

/// A result buffer of `n` limbs: inline when it fits, else from the cache.
enum Out {
    Small([u64; INLINE]),
    Big(alloc::boxed::Box<[u64]>),
}

impl Out {
    #[inline(always)]
    fn new(n: usize) -> Out {
        if n <= INLINE {
            Out::Small([0; INLINE])
        } else {
            Out::Big(pool::take(n))
        }
    }

    #[inline(always)]
    fn limbs(&mut self, n: usize) -> &mut [u64] {
        match self {
            Out::Small(l) => &mut l[..n],
            Out::Big(b) => &mut b[..n],
        }
    }

    #[inline(always)]
    fn into_int(self, n: usize) -> Int {
        match self {
            Out::Small(l) => Parts::small(false, l).into_int(),
            Out::Big(b) => Parts::from_sign_buf(false, b, n).into_int(),
        }
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

impl Int {
    /// `⌊√|self|⌋` and, when `rem`, `|self| − s²`.
    pub(crate) fn sqrt_rem_magnitude(&self, rem: bool) -> (Int, Int) {
        let a = self.as_limbs();
        let n = a.len();
        if n <= 2 {
            let x = match n {
                0 => return (Int::ZERO, Int::ZERO),
                1 => {
                    let (s, r) = limbs::sqrtrem_1(a[0]);
                    return (Int::from(s), Int::from(r));
                }
                _ => u128::from(a[1]) << 64 | u128::from(a[0]),
            };
            let c = a[1].leading_zeros() / 2;
            let y = x << (2 * c);
            let (s, _) = limbs::sqrtrem_2_normalized((y >> 64) as u64, y as u64);
            let s = s >> c;
            return (Int::from(s), Int::from(x - u128::from(s) * u128::from(s)));
        }
        let h = n.div_ceil(2);
        let mut s = Out::new(h);
        let r = with_scratch(limbs::sqrtrem_scratch_len(n), |scratch| {
            if !rem {
                limbs::sqrtrem(s.limbs(h), None, a, scratch);
                return Int::ZERO;
            }
            let mut r = Out::new(h + 1);
            let rn = limbs::sqrtrem(s.limbs(h), Some(r.limbs(h + 1)), a, scratch);
            r.into_int(rn)
        });
        (s.into_int(h), r)
    }

    /// Whether the magnitude is a perfect square.
    pub(crate) fn magnitude_is_square(&self) -> bool {
        let a = self.as_limbs();
        let n = a.len();
        if n == 0 {
            return true;
        }
        if !may_be_square(a) {
            return false;
        }
        if n <= 2 {
            return self.sqrt_rem_magnitude(true).1.is_zero();
        }
        let h = n.div_ceil(2);
        with_scratch(limbs::sqrtrem_scratch_len(n) + h, |scratch| {
            let (s, scratch) = scratch.split_at_mut(h);
            limbs::sqrtrem(s, None, a, scratch) == 0
        })
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
