//! Addition and subtraction of limb vectors on AVX2: two blocks of four 64-bit lanes at a time.
//! Each lane is added (subtracted) on its own; the carries between the eight lanes are then
//! resolved at once from the generate and propagate signals of a carry-lookahead adder
//! (Weinberger and Smith, 1958), as in `add_avx512`: the lanes that make a carry and the lanes
//! that pass one on, whose prefix is one integer addition of two 8-bit masks. AVX2 has neither
//! unsigned comparisons nor mask registers, so the carry out of a lane comes from a signed
//! comparison with the sign bits flipped, and the receiving lanes' ±1 from a table of 16
//! four-lane masks. O(n); the serial path from one group's carry to the next is three scalar
//! instructions, against eight ADCs. Chosen from `ADD_AVX2` limbs (thresholds.rs) where the
//! AVX-512F kernel is not, after the ADC chain of `x86` has added the lowest `n mod 8` limbs.

use super::add_avx512::lookahead;
use core::arch::x86_64::*;

/// Row `k` has all ones in the lanes whose bit is set in `k`.
#[repr(align(32))]
struct LaneMasks([[u64; 4]; 16]);

static LANE_MASKS: LaneMasks = {
    let mut m = [[0; 4]; 16];
    let mut k = 0;
    while k < 16 {
        let mut lane = 0;
        while lane < 4 {
            if k >> lane & 1 == 1 {
                m[k][lane] = u64::MAX;
            }
            lane += 1;
        }
        k += 1;
    }
    LaneMasks(m)
};

/// `r = a + b + carry` (or `a - b - carry` when `SUB`) over `n` limbs, `n` a multiple of 8,
/// eight lanes a pass; returns the carry (borrow) out.
///
/// # Safety
/// The CPU must support AVX2. `a` and `b` must be valid for reading and `r` for writing `n`
/// limbs; `r` may equal `a` or `b` but must not otherwise overlap them.
#[target_feature(enable = "avx2")]
pub unsafe fn add_sub_blocks<const SUB: bool>(
    r: *mut u64,
    a: *const u64,
    b: *const u64,
    n: usize,
    carry: u64,
) -> u64 {
    debug_assert!(n.is_multiple_of(8) && carry <= 1);
    let mut carry = carry as u32;
    let mut i = 0;
    while i < n {
        // SAFETY: limbs i..i + 8 are inside the slices (i < n, n a multiple of 8); both
        // halves are loaded before either is stored, so `r` may equal `a` or `b`.
        unsafe {
            let (s0, g0, p0) = lanes::<SUB>(a.add(i), b.add(i));
            let (s1, g1, p1) = lanes::<SUB>(a.add(i + 4), b.add(i + 4));
            let (receives, t) = lookahead(g0 | g1 << 4, p0 | p1 << 4, carry);
            let receives = receives as usize;
            carry = t >> 8;
            _mm256_storeu_si256(r.add(i).cast(), settle::<SUB>(s0, receives & 15));
            _mm256_storeu_si256(r.add(i + 4).cast(), settle::<SUB>(s1, receives >> 4 & 15));
        }
        i += 8;
    }
    carry as u64
}

/// Four lanes of `a ± b` without carries between them, with the lanes that carry (borrow) out
/// by themselves (generate) and those that would pass a carry (borrow) on (propagate: all ones
/// for a sum, zero for a difference) as 4-bit masks. The two never hold together.
///
/// # Safety
/// AVX2; four limbs readable at `a` and at `b`.
#[inline]
#[target_feature(enable = "avx2")]
unsafe fn lanes<const SUB: bool>(a: *const u64, b: *const u64) -> (__m256i, u32, u32) {
    // SAFETY: the caller's guarantees.
    let (x, y) = unsafe { (_mm256_loadu_si256(a.cast()), _mm256_loadu_si256(b.cast())) };
    let sign = _mm256_set1_epi64x(i64::MIN);
    // With the sign bits flipped, signed order is unsigned order, and flipping `x`'s sign bit
    // flips the sum's (difference's) too: `xs ± y` is the result with its sign bit flipped.
    let xs = _mm256_xor_si256(x, sign);
    let (s, generate, propagate) = if SUB {
        let ds = _mm256_sub_epi64(xs, y);
        // A borrow out of the lane: x - y wrapped, the difference above x.
        let borrow = _mm256_cmpgt_epi64(ds, xs);
        (_mm256_sub_epi64(x, y), borrow, _mm256_cmpeq_epi64(ds, sign))
    } else {
        let ss = _mm256_add_epi64(xs, y);
        // A carry out of the lane: x + y wrapped, the sum below x.
        let carry = _mm256_cmpgt_epi64(xs, ss);
        (
            _mm256_add_epi64(x, y),
            carry,
            _mm256_cmpeq_epi64(ss, _mm256_set1_epi64x(i64::MAX)),
        )
    };
    (s, mask_bits(generate), mask_bits(propagate))
}

/// The lanes of a comparison result (all ones or zero) as four bits.
#[inline]
#[target_feature(enable = "avx2")]
fn mask_bits(m: __m256i) -> u32 {
    _mm256_movemask_pd(_mm256_castsi256_pd(m)) as u32
}

/// `s` with one added (subtracted when `SUB`) in the lanes set in `receives` (below 16).
#[inline]
#[target_feature(enable = "avx2")]
fn settle<const SUB: bool>(s: __m256i, receives: usize) -> __m256i {
    // SAFETY: `receives` < 16 indexes the table; its rows are 32 bytes and 32-byte aligned.
    let m = unsafe { _mm256_load_si256(LANE_MASKS.0[receives].as_ptr().cast()) };
    // The mask is -1 in the receiving lanes.
    if SUB {
        _mm256_add_epi64(s, m)
    } else {
        _mm256_sub_epi64(s, m)
    }
}
