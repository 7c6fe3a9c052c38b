//! The butterfly stages of `ntt` on 16 lanes of AVX-512F, for stages whose half-blocks hold a
//! multiple of 16 residues: the same lazy butterflies (Harvey, J. Symbolic Comput. 60, 2014)
//! with Shoup's precomputed-quotient products, written with intrinsics because compilers tuned
//! for Intel's AVX-512 cores vectorise the portable loops at 8 lanes only. Stages on shorter
//! half-blocks (1 to 8 residues) regroup each 32 residues into a vector of their first halves
//! and one of their second halves by two-source permutes. `ntt` selects these at run time when the CPU has AVX-512F; the portable stages stay built and tested beside them.

use core::arch::x86_64::*;

/// `x·w mod p` in `[0, 2p)` in every lane (Shoup), for `x < 2^32`, the twiddles `w` and their
/// quotients `wq = floor(w·2^32 / p)`; `wq_odd` holds the odd lanes' quotients in the even
/// lanes (`wq` itself when all lanes hold the same twiddle).
#[inline]
#[target_feature(enable = "avx512f")]
fn mul_shoup(x: __m512i, w: __m512i, wq: __m512i, wq_odd: __m512i, p: __m512i) -> __m512i {
    // q = high half of x·wq: the even lanes from one 32×32→64 product, the odd ones from
    // another on the shifted operands.
    let even = _mm512_srli_epi64::<32>(_mm512_mul_epu32(x, wq));
    let odd = _mm512_mul_epu32(_mm512_srli_epi64::<32>(x), wq_odd);
    let q = _mm512_mask_blend_epi32(0xAAAA, even, odd);
    _mm512_sub_epi32(_mm512_mullo_epi32(x, w), _mm512_mullo_epi32(q, p))
}

/// `x - 2p` where that is not negative, else `x`, for `x < 4p`.
#[inline]
#[target_feature(enable = "avx512f")]
fn reduce(x: __m512i, p2: __m512i) -> __m512i {
    _mm512_min_epu32(x, _mm512_sub_epi32(x, p2))
}

/// `ntt::stage_fwd` (forward butterflies on blocks of `2t` points, block `i` with twiddle
/// `m + i` of `w`, `wq`) for `t` a multiple of 16: residues below `4p` in and out.
///
/// # Safety
/// The CPU must support AVX-512F.
#[target_feature(enable = "avx512f")]
pub(super) unsafe fn stage_fwd(a: &mut [u32], t: usize, m: usize, w: &[u32], wq: &[u32], p: u32) {
    assert!(t.is_multiple_of(16) && a.len().is_multiple_of(2 * t));
    let pv = _mm512_set1_epi32(p as i32);
    let p2 = _mm512_set1_epi32(2 * p as i32);
    for (i, block) in a.chunks_exact_mut(2 * t).enumerate() {
        let wv = _mm512_set1_epi32(w[m + i] as i32);
        let qv = _mm512_set1_epi32(wq[m + i] as i32);
        let (x, y) = block.split_at_mut(t);
        for (x, y) in x.chunks_exact_mut(16).zip(y.chunks_exact_mut(16)) {
            let (xp, yp) = (
                x.as_mut_ptr().cast::<__m512i>(),
                y.as_mut_ptr().cast::<__m512i>(),
            );
            // SAFETY: `x` and `y` are 16 residues each (64 bytes); unaligned loads and stores.
            unsafe {
                let xa = reduce(_mm512_loadu_si512(xp), p2);
                let yw = mul_shoup(_mm512_loadu_si512(yp), wv, qv, qv, pv);
                _mm512_storeu_si512(xp, _mm512_add_epi32(xa, yw));
                _mm512_storeu_si512(yp, _mm512_sub_epi32(_mm512_add_epi32(xa, p2), yw));
            }
        }
    }
}

/// `ntt::stage_inv` (inverse butterflies, see [`stage_fwd`]) for `t` a multiple of 16:
/// residues below `2p` in and out.
///
/// # Safety
/// The CPU must support AVX-512F.
#[target_feature(enable = "avx512f")]
pub(super) unsafe fn stage_inv(a: &mut [u32], t: usize, m: usize, w: &[u32], wq: &[u32], p: u32) {
    assert!(t.is_multiple_of(16) && a.len().is_multiple_of(2 * t));
    let pv = _mm512_set1_epi32(p as i32);
    let p2 = _mm512_set1_epi32(2 * p as i32);
    for (i, block) in a.chunks_exact_mut(2 * t).enumerate() {
        let wv = _mm512_set1_epi32(w[m + i] as i32);
        let qv = _mm512_set1_epi32(wq[m + i] as i32);
        let (x, y) = block.split_at_mut(t);
        for (x, y) in x.chunks_exact_mut(16).zip(y.chunks_exact_mut(16)) {
            let (xp, yp) = (
                x.as_mut_ptr().cast::<__m512i>(),
                y.as_mut_ptr().cast::<__m512i>(),
            );
            // SAFETY: as in `stage_fwd`.
            unsafe {
                let (xa, yb) = (_mm512_loadu_si512(xp), _mm512_loadu_si512(yp));
                let d = _mm512_sub_epi32(_mm512_add_epi32(xa, p2), yb);
                _mm512_storeu_si512(xp, reduce(_mm512_add_epi32(xa, yb), p2));
                _mm512_storeu_si512(yp, mul_shoup(d, wv, qv, qv, pv));
            }
        }
    }
}

/// Lane permutations of the stages on half-blocks of `t < 16` residues, for 32 residues in two
/// vectors `a ‖ b`: `xs` and `ys` gather the first and second halves of the blocks, `back_a`
/// and `back_b` return them (from `x ‖ y`) to their places, and `tw` repeats each of the
/// `16 / t` twiddles `t` times.
struct Lanes {
    xs: __m512i,
    ys: __m512i,
    back_a: __m512i,
    back_b: __m512i,
    tw: __m512i,
}

/// The index vectors of [`Lanes`] for `t = 2^k`: gather first halves, gather second halves,
/// scatter back (32 entries), repeat twiddles.
const fn lane_tables(t: usize) -> [[i32; 16]; 5] {
    let mut r = [[0i32; 16]; 5];
    let mut j = 0;
    while j < 16 {
        let (block, k) = (j / t, j % t);
        let x = block * 2 * t + k;
        r[0][j] = x as i32;
        r[1][j] = (x + t) as i32;
        r[2 + x / 16][x % 16] = j as i32;
        r[2 + (x + t) / 16][(x + t) % 16] = j as i32 + 16;
        r[4][j] = block as i32;
        j += 1;
    }
    r
}

/// [`lane_tables`] for `t` = 1, 2, 4, 8.
static LANE_TABLES: [[[i32; 16]; 5]; 4] = [
    lane_tables(1),
    lane_tables(2),
    lane_tables(4),
    lane_tables(8),
];

impl Lanes {
    #[inline]
    #[target_feature(enable = "avx512f")]
    fn new(t: usize) -> Lanes {
        let table = &LANE_TABLES[t.trailing_zeros() as usize];
        // SAFETY: each row is 64 bytes; unaligned loads.
        let v = |i: usize| unsafe { _mm512_loadu_si512(table[i].as_ptr().cast()) };
        Lanes {
            xs: v(0),
            ys: v(1),
            back_a: v(2),
            back_b: v(3),
            tw: v(4),
        }
    }

    /// The `16 / t` twiddles (and quotients) of 32 residues from `w[i..]`, `wq[i..]`, each
    /// repeated over the lanes of its block.
    #[inline]
    #[target_feature(enable = "avx512f")]
    fn twiddles(&self, w: &[u32], wq: &[u32], blocks: usize) -> (__m512i, __m512i) {
        let (w, wq) = (&w[..blocks], &wq[..blocks]);
        let mask = ((1u32 << blocks) - 1) as u16;
        // SAFETY: the masked loads read only the `blocks` elements just bounds-checked.
        let (w, wq) = unsafe {
            (
                _mm512_maskz_loadu_epi32(mask, w.as_ptr().cast()),
                _mm512_maskz_loadu_epi32(mask, wq.as_ptr().cast()),
            )
        };
        (
            _mm512_permutexvar_epi32(self.tw, w),
            _mm512_permutexvar_epi32(self.tw, wq),
        )
    }
}

/// [`stage_fwd`] for half-blocks of `t` = 1, 2, 4 or 8 residues; `a.len()` a multiple of 32.
///
/// # Safety
/// The CPU must support AVX-512F.
#[target_feature(enable = "avx512f")]
pub(super) unsafe fn stage_fwd_short(
    a: &mut [u32],
    t: usize,
    m: usize,
    w: &[u32],
    wq: &[u32],
    p: u32,
) {
    assert!(t < 16 && t.is_power_of_two() && a.len().is_multiple_of(32));
    let pv = _mm512_set1_epi32(p as i32);
    let p2 = _mm512_set1_epi32(2 * p as i32);
    let lanes = Lanes::new(t);
    let blocks = 16 / t;
    for (k, chunk) in a.chunks_exact_mut(32).enumerate() {
        let (wv, qv) = lanes.twiddles(&w[m + k * blocks..], &wq[m + k * blocks..], blocks);
        let (ap, bp) = (
            chunk.as_mut_ptr().cast::<__m512i>(),
            chunk[16..].as_mut_ptr().cast(),
        );
        // SAFETY: `chunk` is 32 residues, two vectors of 64 bytes; unaligned loads and stores.
        unsafe {
            let (va, vb) = (_mm512_loadu_si512(ap), _mm512_loadu_si512(bp));
            let x = reduce(_mm512_permutex2var_epi32(va, lanes.xs, vb), p2);
            let y = _mm512_permutex2var_epi32(va, lanes.ys, vb);
            let yw = mul_shoup(y, wv, qv, _mm512_srli_epi64::<32>(qv), pv);
            let (x, y) = (
                _mm512_add_epi32(x, yw),
                _mm512_sub_epi32(_mm512_add_epi32(x, p2), yw),
            );
            _mm512_storeu_si512(ap, _mm512_permutex2var_epi32(x, lanes.back_a, y));
            _mm512_storeu_si512(bp, _mm512_permutex2var_epi32(x, lanes.back_b, y));
        }
    }
}

/// [`stage_inv`] for half-blocks of `t` = 1, 2, 4 or 8 residues; `a.len()` a multiple of 32.
///
/// # Safety
/// The CPU must support AVX-512F.
#[target_feature(enable = "avx512f")]
pub(super) unsafe fn stage_inv_short(
    a: &mut [u32],
    t: usize,
    m: usize,
    w: &[u32],
    wq: &[u32],
    p: u32,
) {
    assert!(t < 16 && t.is_power_of_two() && a.len().is_multiple_of(32));
    let pv = _mm512_set1_epi32(p as i32);
    let p2 = _mm512_set1_epi32(2 * p as i32);
    let lanes = Lanes::new(t);
    let blocks = 16 / t;
    for (k, chunk) in a.chunks_exact_mut(32).enumerate() {
        let (wv, qv) = lanes.twiddles(&w[m + k * blocks..], &wq[m + k * blocks..], blocks);
        let (ap, bp) = (
            chunk.as_mut_ptr().cast::<__m512i>(),
            chunk[16..].as_mut_ptr().cast(),
        );
        // SAFETY: as in `stage_fwd_short`.
        unsafe {
            let (va, vb) = (_mm512_loadu_si512(ap), _mm512_loadu_si512(bp));
            let x = _mm512_permutex2var_epi32(va, lanes.xs, vb);
            let y = _mm512_permutex2var_epi32(va, lanes.ys, vb);
            let d = _mm512_sub_epi32(_mm512_add_epi32(x, p2), y);
            let (x, y) = (
                reduce(_mm512_add_epi32(x, y), p2),
                mul_shoup(d, wv, qv, _mm512_srli_epi64::<32>(qv), pv),
            );
            _mm512_storeu_si512(ap, _mm512_permutex2var_epi32(x, lanes.back_a, y));
            _mm512_storeu_si512(bp, _mm512_permutex2var_epi32(x, lanes.back_b, y));
        }
    }
}
