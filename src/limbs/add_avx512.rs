//! Addition and subtraction of limb vectors on the eight 64-bit lanes of AVX-512F. A block of
//! eight limbs is added (subtracted) lane by lane; the carries between the lanes are then
//! resolved at once from the generate and propagate signals of a carry-lookahead adder
//! (Weinberger and Smith, 1958), the lanes that make a carry and the lanes that pass one on,
//! whose prefix is one integer addition of two 8-bit masks. O(n); the serial path from one
//! block's carry to the next is three scalar instructions, against eight ADCs. Chosen from
//! `ADD_AVX512` limbs (thresholds.rs), after the ADC chain of `x86` has added the lowest
//! `n mod 8` limbs; below that the ADC chain wins.

use core::arch::x86_64::*;

/// `r = a + b + carry` (or `a - b - carry` when `SUB`) over `n` limbs, `n` a multiple of 8, in
/// blocks of eight lanes; returns the carry (borrow) out.
///
/// # Safety
/// The CPU must support AVX-512F. `a` and `b` must be valid for reading and `r` for writing
/// `n` limbs; `r` may equal `a` or `b` but must not otherwise overlap them.
#[target_feature(enable = "avx512f")]
pub unsafe fn add_sub_blocks<const SUB: bool>(
    r: *mut u64,
    a: *const u64,
    b: *const u64,
    n: usize,
    carry: u64,
) -> u64 {
    debug_assert!(n.is_multiple_of(8) && carry <= 1);
    let mut t = (carry as u32) << 8;
    let mut i = 0;
    // Two blocks a pass (measured faster than one: the loads of the second overlap the
    // carry resolution of the first).
    while i + 16 <= n {
        // SAFETY: as in `step`.
        unsafe {
            t = step::<SUB>(r, a, b, i, t >> 8);
            t = step::<SUB>(r, a, b, i + 8, t >> 8);
        }
        i += 16;
    }
    if i < n {
        // SAFETY: as in `step`.
        t = unsafe { step::<SUB>(r, a, b, i, t >> 8) };
    }
    (t >> 8) as u64
}

/// [`block`] on limbs `i..i + 8`: loads them from `a` and `b`, stores the result to `r` and
/// returns the carries (bit 8: out of the block).
///
/// # Safety
/// AVX-512F; limbs `i..i + 8` inside `a` and `b` (read) and `r` (written), which may equal `a`
/// or `b`: both loads come before the store.
#[inline]
#[target_feature(enable = "avx512f")]
unsafe fn step<const SUB: bool>(
    r: *mut u64,
    a: *const u64,
    b: *const u64,
    i: usize,
    carry: u32,
) -> u32 {
    // SAFETY: the caller's guarantees.
    unsafe {
        let (x, y) = (
            _mm512_loadu_si512(a.add(i).cast()),
            _mm512_loadu_si512(b.add(i).cast()),
        );
        let (out, t) = block::<SUB>(x, y, carry);
        _mm512_storeu_si512(r.add(i).cast(), out);
        t
    }
}

/// One block of eight lanes: the lanes of `x ± y` with the carry (borrow) `carry` in at lane 0,
/// and the carries between them as a word whose bit `k` is the carry out of lane `k - 1` (bit 8
/// out of the block).
#[inline]
#[target_feature(enable = "avx512f")]
fn block<const SUB: bool>(x: __m512i, y: __m512i, carry: u32) -> (__m512i, u32) {
    let ones = _mm512_set1_epi64(-1);
    // Per lane: the result without carry-in, whether the lane carries out by itself
    // (generate) and whether a carry-in would pass through it (propagate: all ones for a sum,
    // zero for a difference). The two never hold together.
    let (s, generate, propagate) = if SUB {
        let s = _mm512_sub_epi64(x, y);
        let zero = _mm512_setzero_si512();
        (
            s,
            _mm512_cmplt_epu64_mask(x, y),
            _mm512_cmpeq_epi64_mask(s, zero),
        )
    } else {
        let s = _mm512_add_epi64(x, y);
        (
            s,
            _mm512_cmplt_epu64_mask(s, x),
            _mm512_cmpeq_epi64_mask(s, ones),
        )
    };
    let (receives, t) = lookahead(generate as u32, propagate as u32, carry);
    let receives = receives as u8;
    let one = _mm512_set1_epi64(1);
    let out = if SUB {
        _mm512_mask_sub_epi64(s, receives, s, one)
    } else {
        _mm512_mask_add_epi64(s, receives, s, one)
    };
    (out, t)
}

/// The carries between eight lanes from their generate and propagate masks (bit `j`: lane
/// `j`) and the carry into lane 0: the lanes that receive a carry, and a word whose bit 8 is
/// the carry out of the eight. A carry entering lane `j` sets bit `j` of
/// `generate << 1 | carry`; adding `propagate` ripples it through the run of propagating
/// lanes above, so the lanes whose bit changed are exactly those that receive a carry.
#[inline(always)]
pub(super) fn lookahead(generate: u32, propagate: u32, carry: u32) -> (u32, u32) {
    let t = (generate << 1 | carry) + propagate;
    (t ^ propagate, t)
}
