//! The butterfly stages of `ntt` on 16 lanes of AVX-512F: the same lazy butterflies (Harvey,
//! J. Symbolic Comput. 60, 2014) with Shoup's precomputed-quotient products, written with
//! intrinsics because compilers tuned for Intel's AVX-512 cores vectorise the portable loops at
//! 8 lanes only. Stages whose half-blocks hold a multiple of 16 residues load them directly;
//! shorter half-blocks (1 to 8 residues) regroup each 32 residues into a vector of first halves
//! and one of second halves by two-source permutes. `ntt` selects these at run time when the
//! CPU has AVX-512F; the portable stages stay built and tested beside them.

use core::arch::x86_64::*;

/// The constants of 16 butterflies: twiddles `w`, their Shoup quotients `q` (and in `q_odd`
/// the odd lanes' quotients moved to the even lanes), `p` and `2p`.
#[derive(Clone, Copy)]
struct Consts {
    w: __m512i,
    q: __m512i,
    q_odd: __m512i,
    p: __m512i,
    p2: __m512i,
}

/// `x·w mod p` in `[0, 2p)` in every lane (Shoup), for `x < 2^32`.
#[inline]
#[target_feature(enable = "avx512f")]
fn mul_shoup(x: __m512i, c: &Consts) -> __m512i {
    // q = high half of x·wq: the even lanes from one 32×32→64 product, the odd ones from
    // another on the shifted operands.
    let even = _mm512_srli_epi64::<32>(_mm512_mul_epu32(x, c.q));
    let odd = _mm512_mul_epu32(_mm512_srli_epi64::<32>(x), c.q_odd);
    let q = _mm512_mask_blend_epi32(0xAAAA, even, odd);
    _mm512_sub_epi32(_mm512_mullo_epi32(x, c.w), _mm512_mullo_epi32(q, c.p))
}

/// `x - 2p` where that is not negative, else `x`, for `x < 4p`.
#[inline]
#[target_feature(enable = "avx512f")]
fn reduce(x: __m512i, p2: __m512i) -> __m512i {
    _mm512_min_epu32(x, _mm512_sub_epi32(x, p2))
}

/// The forward butterfly `(x + w·y, x − w·y)` on residues below `4p` (below `4p` out), or with
/// `INVERSE` the inverse one `(x + y, w·(x − y))` on residues below `2p` (below `2p` out).
#[inline]
#[target_feature(enable = "avx512f")]
fn butterfly<const INVERSE: bool>(x: __m512i, y: __m512i, c: &Consts) -> (__m512i, __m512i) {
    if INVERSE {
        let d = _mm512_sub_epi32(_mm512_add_epi32(x, c.p2), y);
        (reduce(_mm512_add_epi32(x, y), c.p2), mul_shoup(d, c))
    } else {
        let x = reduce(x, c.p2);
        let yw = mul_shoup(y, c);
        (
            _mm512_add_epi32(x, yw),
            _mm512_sub_epi32(_mm512_add_epi32(x, c.p2), yw),
        )
    }
}

/// One stage of butterflies ([`butterfly`]) on blocks of `2t` points, `t` a multiple of 16:
/// block `i` pairs its halves with twiddle `m + i` of `w` (quotients `wq`), as
/// `ntt::stage_fwd` and `ntt::stage_inv` do.
///
/// # Safety
/// The CPU must support AVX-512F.
#[target_feature(enable = "avx512f")]
pub(super) unsafe fn stage<const INVERSE: bool>(
    a: &mut [u32],
    t: usize,
    m: usize,
    w: &[u32],
    wq: &[u32],
    p: u32,
) {
    assert!(t.is_multiple_of(16) && a.len().is_multiple_of(2 * t));
    for (i, block) in a.chunks_exact_mut(2 * t).enumerate() {
        let (x, y) = block.split_at_mut(t);
        // SAFETY: the caller's guarantee is `halves`'s.
        unsafe { halves::<INVERSE>(x, y, w[m + i], wq[m + i], p) };
    }
}

/// The butterflies ([`butterfly`]) of `x[j]` and `y[j]` with one twiddle `w` (quotient `wq`),
/// for `x.len() == y.len()` a multiple of 16: one block of [`stage`], or part of one.
///
/// # Safety
/// The CPU must support AVX-512F.
#[inline]
#[target_feature(enable = "avx512f")]
pub(super) unsafe fn halves<const INVERSE: bool>(
    x: &mut [u32],
    y: &mut [u32],
    w: u32,
    wq: u32,
    p: u32,
) {
    assert!(x.len() == y.len() && x.len().is_multiple_of(16));
    let q = _mm512_set1_epi32(wq as i32);
    let c = Consts {
        w: _mm512_set1_epi32(w as i32),
        q,
        q_odd: q,
        p: _mm512_set1_epi32(p as i32),
        p2: _mm512_set1_epi32(2 * p as i32),
    };
    for (x, y) in x.chunks_exact_mut(16).zip(y.chunks_exact_mut(16)) {
        let (xp, yp) = (
            x.as_mut_ptr().cast::<__m512i>(),
            y.as_mut_ptr().cast::<__m512i>(),
        );
        // SAFETY: `x` and `y` are 16 residues each (64 bytes); unaligned loads and stores.
        unsafe {
            let (xv, yv) = (_mm512_loadu_si512(xp), _mm512_loadu_si512(yp));
            let (xv, yv) = butterfly::<INVERSE>(xv, yv, &c);
            _mm512_storeu_si512(xp, xv);
            _mm512_storeu_si512(yp, yv);
        }
    }
}

/// The index vectors of the stages on half-blocks of `t < 16` residues, for 32 residues in two
/// vectors `a ‖ b`: rows 0 and 1 gather the first and second halves of the blocks, rows 2 and 3
/// return them (from `x ‖ y`) to their places in `a` and `b`, and row 4 repeats each of the
/// `16 / t` twiddles `t` times.
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

/// [`stage`] for half-blocks of `t` = 1, 2, 4 or 8 residues; `a.len()` a multiple of 32.
///
/// # Safety
/// The CPU must support AVX-512F.
#[target_feature(enable = "avx512f")]
pub(super) unsafe fn stage_short<const INVERSE: bool>(
    a: &mut [u32],
    t: usize,
    m: usize,
    w: &[u32],
    wq: &[u32],
    p: u32,
) {
    assert!(t < 16 && t.is_power_of_two() && a.len().is_multiple_of(32));
    let table = &LANE_TABLES[t.trailing_zeros() as usize];
    // SAFETY: each row is 64 bytes; unaligned loads.
    let row = |i: usize| unsafe { _mm512_loadu_si512(table[i].as_ptr().cast()) };
    let (xs, ys, back_a, back_b, repeat) = (row(0), row(1), row(2), row(3), row(4));
    let (p, p2) = (_mm512_set1_epi32(p as i32), _mm512_set1_epi32(2 * p as i32));
    let blocks = 16 / t;
    let mask = ((1u32 << blocks) - 1) as u16;
    for (k, chunk) in a.chunks_exact_mut(32).enumerate() {
        let (w, wq) = (
            &w[m + k * blocks..][..blocks],
            &wq[m + k * blocks..][..blocks],
        );
        // SAFETY: the masked loads read only the `blocks` twiddles just bounds-checked.
        let (w, q) = unsafe {
            (
                _mm512_maskz_loadu_epi32(mask, w.as_ptr().cast()),
                _mm512_maskz_loadu_epi32(mask, wq.as_ptr().cast()),
            )
        };
        let q = _mm512_permutexvar_epi32(repeat, q);
        let c = Consts {
            w: _mm512_permutexvar_epi32(repeat, w),
            q,
            q_odd: _mm512_srli_epi64::<32>(q),
            p,
            p2,
        };
        let (ap, bp) = (
            chunk.as_mut_ptr().cast::<__m512i>(),
            chunk[16..].as_mut_ptr().cast(),
        );
        // SAFETY: `chunk` is 32 residues, two vectors of 64 bytes; unaligned loads and stores.
        unsafe {
            let (va, vb) = (_mm512_loadu_si512(ap), _mm512_loadu_si512(bp));
            let x = _mm512_permutex2var_epi32(va, xs, vb);
            let y = _mm512_permutex2var_epi32(va, ys, vb);
            let (x, y) = butterfly::<INVERSE>(x, y, &c);
            _mm512_storeu_si512(ap, _mm512_permutex2var_epi32(x, back_a, y));
            _mm512_storeu_si512(bp, _mm512_permutex2var_epi32(x, back_b, y));
        }
    }
}
