//! The butterfly stages, pointwise products and Garner digits of `ntt` on 8 lanes of AVX2, for
//! CPUs without AVX-512 (or with it turned off by `CARRY_CPU=noavx512`): the same lazy
//! butterflies (Harvey, J. Symbolic Comput. 60, 2014) with Shoup's precomputed-quotient
//! products as `ntt_avx512`, the high halves of the 32×32-bit products from `vpmuludq` on the
//! even and the odd lanes. Stages whose half-blocks hold a multiple of 8 residues load them
//! directly; half-blocks of 1, 2 or 4 residues regroup each 16 residues into a vector of first
//! halves and one of second halves by in-lane shuffles. The compiler's own vectorisation of the
//! portable loops stays near 4 lanes (it widens the 32-bit products to 64 bits), which left
//! these paths 1.6 times slower than the 16-lane ones. `ntt` selects these at run time when the
//! CPU has AVX2 and AVX-512F is absent or off; the portable stages stay built and tested beside
//! them.

use super::ntt::Garner;
use core::arch::x86_64::*;

/// The constants of 8 butterflies: twiddles `w`, their Shoup quotients `q` (and in `q_odd`
/// the odd lanes' quotients moved to the even lanes), `p` and `2p`.
#[derive(Clone, Copy)]
struct Consts {
    w: __m256i,
    q: __m256i,
    q_odd: __m256i,
    p: __m256i,
    p2: __m256i,
}

/// `x·w mod p` in `[0, 2p)` in every lane (Shoup), for `x < 2^32`.
#[inline]
#[target_feature(enable = "avx2")]
fn mul_shoup(x: __m256i, w: __m256i, q: __m256i, q_odd: __m256i, p: __m256i) -> __m256i {
    // The high half of x·q: the even lanes from one 32×32→64 product, the odd ones from
    // another on the shifted operands (already in the high halves).
    let even = _mm256_srli_epi64::<32>(_mm256_mul_epu32(x, q));
    let odd = _mm256_mul_epu32(_mm256_srli_epi64::<32>(x), q_odd);
    let h = _mm256_blend_epi32::<0xAA>(even, odd);
    _mm256_sub_epi32(_mm256_mullo_epi32(x, w), _mm256_mullo_epi32(h, p))
}

/// `x - m` where that is not negative, else `x`, for `x < 2m`.
#[inline]
#[target_feature(enable = "avx2")]
fn reduce(x: __m256i, m: __m256i) -> __m256i {
    _mm256_min_epu32(x, _mm256_sub_epi32(x, m))
}

/// The forward butterfly `(x + w·y, x − w·y)` on residues below `4p` (below `4p` out), or with
/// `INVERSE` the inverse one `(x + y, w·(x − y))` on residues below `2p` (below `2p` out).
#[inline]
#[target_feature(enable = "avx2")]
fn butterfly<const INVERSE: bool>(x: __m256i, y: __m256i, c: &Consts) -> (__m256i, __m256i) {
    if INVERSE {
        let d = _mm256_sub_epi32(_mm256_add_epi32(x, c.p2), y);
        (
            reduce(_mm256_add_epi32(x, y), c.p2),
            mul_shoup(d, c.w, c.q, c.q_odd, c.p),
        )
    } else {
        let x = reduce(x, c.p2);
        let yw = mul_shoup(y, c.w, c.q, c.q_odd, c.p);
        (
            _mm256_add_epi32(x, yw),
            _mm256_sub_epi32(_mm256_add_epi32(x, c.p2), yw),
        )
    }
}

/// 8 residues from `x` (at least 8 long); unaligned.
#[inline]
#[target_feature(enable = "avx2")]
fn load8(x: &[u32]) -> __m256i {
    assert!(x.len() >= 8);
    // SAFETY: 8 residues, 32 bytes, just checked; unaligned load.
    unsafe { _mm256_loadu_si256(x.as_ptr().cast()) }
}

/// Stores `v` into the first 8 residues of `x`; unaligned.
#[inline]
#[target_feature(enable = "avx2")]
fn store8(x: &mut [u32], v: __m256i) {
    assert!(x.len() >= 8);
    // SAFETY: 8 residues, 32 bytes, just checked; unaligned store.
    unsafe { _mm256_storeu_si256(x.as_mut_ptr().cast(), v) }
}

/// One stage of butterflies ([`butterfly`]) on blocks of `2t` points, `t` a multiple of 8:
/// block `i` pairs its halves with twiddle `m + i` of `w` (quotients `wq`), as
/// `ntt::stage_fwd` and `ntt::stage_inv` do.
///
/// # Safety
/// The CPU must support AVX2.
#[target_feature(enable = "avx2")]
pub(super) unsafe fn stage<const INVERSE: bool>(
    a: &mut [u32],
    t: usize,
    m: usize,
    w: &[u32],
    wq: &[u32],
    p: u32,
) {
    assert!(t.is_multiple_of(8) && a.len().is_multiple_of(2 * t));
    for (i, block) in a.chunks_exact_mut(2 * t).enumerate() {
        let (x, y) = block.split_at_mut(t);
        // SAFETY: the caller's guarantee is `halves`'s.
        unsafe { halves::<INVERSE>(x, y, w[m + i], wq[m + i], p) };
    }
}

/// The butterflies ([`butterfly`]) of `x[j]` and `y[j]` with one twiddle `w` (quotient `wq`),
/// for `x.len() == y.len()` a multiple of 8: one block of [`stage`], or part of one.
///
/// # Safety
/// The CPU must support AVX2.
#[inline]
#[target_feature(enable = "avx2")]
pub(super) unsafe fn halves<const INVERSE: bool>(
    x: &mut [u32],
    y: &mut [u32],
    w: u32,
    wq: u32,
    p: u32,
) {
    assert!(x.len() == y.len() && x.len().is_multiple_of(8));
    let q = _mm256_set1_epi32(wq as i32);
    let c = Consts {
        w: _mm256_set1_epi32(w as i32),
        q,
        q_odd: q,
        p: _mm256_set1_epi32(p as i32),
        p2: _mm256_set1_epi32(2 * p as i32),
    };
    for (x, y) in x.chunks_exact_mut(8).zip(y.chunks_exact_mut(8)) {
        let (xv, yv) = butterfly::<INVERSE>(load8(x), load8(y), &c);
        store8(x, xv);
        store8(y, yv);
    }
}

/// [`stage`] for half-blocks of `t` = 1, 2 or 4 residues; `a.len()` a multiple of 16.
///
/// # Safety
/// The CPU must support AVX2.
#[target_feature(enable = "avx2")]
pub(super) unsafe fn stage_short<const INVERSE: bool>(
    a: &mut [u32],
    t: usize,
    m: usize,
    w: &[u32],
    wq: &[u32],
    p: u32,
) {
    match t {
        1 => stage_t::<INVERSE, 1>(a, m, w, wq, p),
        2 => stage_t::<INVERSE, 2>(a, m, w, wq, p),
        4 => stage_t::<INVERSE, 4>(a, m, w, wq, p),
        _ => unreachable!("half-blocks of 1, 2 or 4 residues"),
    }
}

/// The `8 / T` twiddles of the blocks of half `T` in 16 residues, from `w`, in the low lanes
/// (the others unspecified).
#[inline]
#[target_feature(enable = "avx2")]
fn load_twiddles<const T: usize>(w: &[u32]) -> __m256i {
    assert!(w.len() >= 8 / T);
    // SAFETY: each load reads `8 / T` words of `w`, just checked; unaligned loads.
    unsafe {
        match T {
            1 => _mm256_loadu_si256(w.as_ptr().cast()),
            2 => _mm256_castsi128_si256(_mm_loadu_si128(w.as_ptr().cast())),
            _ => _mm256_castsi128_si256(_mm_loadl_epi64(w.as_ptr().cast())),
        }
    }
}

/// [`stage_short`] for `T`. Each 16 residues `a ‖ b` (two vectors) regroup into the first
/// halves `x` and the second halves `y` of their `8 / T` blocks, lane `j` of both in the same
/// block; `ORDER` lists that block for each lane, and the twiddles are permuted into that order.
#[inline]
#[target_feature(enable = "avx2")]
fn stage_t<const INVERSE: bool, const T: usize>(
    a: &mut [u32],
    m: usize,
    w: &[u32],
    wq: &[u32],
    p: u32,
) {
    assert!(matches!(T, 1 | 2 | 4) && a.len().is_multiple_of(16));
    // Block of each lane of `x` and `y`, as the shuffles below group them.
    const ORDER: [[i32; 8]; 3] = [
        [0, 1, 4, 5, 2, 3, 6, 7],
        [0, 0, 2, 2, 1, 1, 3, 3],
        [0, 0, 0, 0, 1, 1, 1, 1],
    ];
    // SAFETY: each row is 8 lanes, 32 bytes; unaligned load.
    let order = unsafe { _mm256_loadu_si256(ORDER[T.trailing_zeros() as usize].as_ptr().cast()) };
    let (pv, p2) = (_mm256_set1_epi32(p as i32), _mm256_set1_epi32(2 * p as i32));
    let blocks = 8 / T;
    let (w, wq) = (&w[m..m + a.len() / (2 * T)], &wq[m..m + a.len() / (2 * T)]);
    let chunks = a
        .chunks_exact_mut(16)
        .zip(w.chunks_exact(blocks))
        .zip(wq.chunks_exact(blocks));
    for ((chunk, w), wq) in chunks {
        let q = _mm256_permutevar8x32_epi32(load_twiddles::<T>(wq), order);
        let c = Consts {
            w: _mm256_permutevar8x32_epi32(load_twiddles::<T>(w), order),
            q,
            q_odd: _mm256_srli_epi64::<32>(q),
            p: pv,
            p2,
        };
        let (lo, hi) = chunk.split_at_mut(8);
        let (va, vb) = (load8(lo), load8(hi));
        let (x, y) = match T {
            1 => {
                let (fa, fb) = (_mm256_castsi256_ps(va), _mm256_castsi256_ps(vb));
                (
                    _mm256_castps_si256(_mm256_shuffle_ps::<0b10_00_10_00>(fa, fb)),
                    _mm256_castps_si256(_mm256_shuffle_ps::<0b11_01_11_01>(fa, fb)),
                )
            }
            2 => (_mm256_unpacklo_epi64(va, vb), _mm256_unpackhi_epi64(va, vb)),
            _ => (
                _mm256_permute2x128_si256::<0x20>(va, vb),
                _mm256_permute2x128_si256::<0x31>(va, vb),
            ),
        };
        let (x, y) = butterfly::<INVERSE>(x, y, &c);
        let (va, vb) = match T {
            1 => (_mm256_unpacklo_epi32(x, y), _mm256_unpackhi_epi32(x, y)),
            2 => (_mm256_unpacklo_epi64(x, y), _mm256_unpackhi_epi64(x, y)),
            _ => (
                _mm256_permute2x128_si256::<0x20>(x, y),
                _mm256_permute2x128_si256::<0x31>(x, y),
            ),
        };
        store8(lo, va);
        store8(hi, vb);
    }
}

/// `a·b·2^(-32) mod p` in `[0, 2p)` in every lane (Montgomery), for `a·b < p·2^32`.
#[inline]
#[target_feature(enable = "avx2")]
fn mul_mont(a: __m256i, b: __m256i, p: __m256i, neg_inv: __m256i) -> __m256i {
    let te = _mm256_mul_epu32(a, b);
    let to = _mm256_mul_epu32(_mm256_srli_epi64::<32>(a), _mm256_srli_epi64::<32>(b));
    // t + (t·(-1/p) mod 2^32)·p is a multiple of 2^32 below 2^64: its high half is the result.
    let re = _mm256_add_epi64(te, _mm256_mul_epu32(_mm256_mul_epu32(te, neg_inv), p));
    let ro = _mm256_add_epi64(to, _mm256_mul_epu32(_mm256_mul_epu32(to, neg_inv), p));
    _mm256_blend_epi32::<0xAA>(_mm256_srli_epi64::<32>(re), ro)
}

/// `ntt::pointwise_mul` on 8 lanes (`y` as long as `x`, `neg_inv = -p^(-1) mod 2^32`);
/// returns how many residues it multiplied (a multiple of 8), the caller's portable loop does
/// the rest.
///
/// # Safety
/// The CPU must support AVX2.
#[target_feature(enable = "avx2")]
pub(super) unsafe fn pointwise_mul(x: &mut [u32], y: &[u32], p: u32, neg_inv: u32) -> usize {
    assert_eq!(x.len(), y.len());
    let (pv, p2) = (_mm256_set1_epi32(p as i32), _mm256_set1_epi32(2 * p as i32));
    let ni = _mm256_set1_epi32(neg_inv as i32);
    for (x, y) in x.chunks_exact_mut(8).zip(y.chunks_exact(8)) {
        let (a, b) = (reduce(load8(x), p2), reduce(load8(y), p2));
        store8(x, mul_mont(a, b, pv, ni));
    }
    x.len() / 8 * 8
}

/// `ntt::pointwise_sqr` on 8 lanes; returns how many residues it squared (a multiple of 8),
/// the caller's portable loop does the rest.
///
/// # Safety
/// The CPU must support AVX2.
#[target_feature(enable = "avx2")]
pub(super) unsafe fn pointwise_sqr(x: &mut [u32], p: u32, neg_inv: u32) -> usize {
    let (pv, p2) = (_mm256_set1_epi32(p as i32), _mm256_set1_epi32(2 * p as i32));
    let ni = _mm256_set1_epi32(neg_inv as i32);
    for x in x.chunks_exact_mut(8) {
        let a = reduce(load8(x), p2);
        store8(x, mul_mont(a, a, pv, ni));
    }
    x.len() / 8 * 8
}

/// A constant multiplier in every lane with its Shoup quotient.
#[derive(Clone, Copy)]
struct Splat {
    w: __m256i,
    q: __m256i,
}

impl Splat {
    #[inline]
    #[target_feature(enable = "avx2")]
    fn new((w, q): (u32, u32)) -> Splat {
        Splat {
            w: _mm256_set1_epi32(w as i32),
            q: _mm256_set1_epi32(q as i32),
        }
    }

    /// `x·w mod p` in `[0, 2p)`.
    #[inline]
    #[target_feature(enable = "avx2")]
    fn mul(self, x: __m256i, p: __m256i) -> __m256i {
        mul_shoup(x, self.w, self.q, self.q, p)
    }
}

/// `ntt::garner_chunk` on 8 lanes; returns how many coefficients it converted (a multiple
/// of 8), the caller's portable loop does the rest.
///
/// # Safety
/// The CPU must support AVX2.
#[target_feature(enable = "avx2")]
pub(super) unsafe fn garner(g: &Garner, r0: &mut [u32], r1: &mut [u32], r2: &mut [u32]) -> usize {
    assert!(r0.len() == r1.len() && r1.len() == r2.len());
    let [p0, p1, p2] = super::ntt::PRIMES.map(|p| _mm256_set1_epi32(p as i32));
    let (p1x2, p2x2) = (_mm256_add_epi32(p1, p1), _mm256_add_epi32(p2, p2));
    let [s0, a1, b1, a2, b2, c2] = g.constants().map(|c| Splat::new(c));
    let chunks = r0
        .chunks_exact_mut(8)
        .zip(r1.chunks_exact_mut(8))
        .zip(r2.chunks_exact_mut(8));
    for ((x0, x1), x2) in chunks {
        let d0 = reduce(s0.mul(load8(x0), p0), p0);
        // d1 = (c - d0) / p0 mod p1
        let t = _mm256_sub_epi32(
            _mm256_add_epi32(a1.mul(load8(x1), p1), p1x2),
            b1.mul(d0, p1),
        );
        let d1 = reduce(reduce(t, p1x2), p1);
        // d2 = (c - d0 - p0·d1) / (p0·p1) mod p2
        let u = reduce(_mm256_add_epi32(b2.mul(d0, p2), c2.mul(d1, p2)), p2x2);
        let t = _mm256_sub_epi32(_mm256_add_epi32(a2.mul(load8(x2), p2), p2x2), u);
        let d2 = reduce(reduce(t, p2x2), p2);
        store8(x0, d0);
        store8(x1, d1);
        store8(x2, d2);
    }
    r0.len() / 8 * 8
}
