//! Multiplication by number-theoretic transform, the "three primes FFT": the operands are cut
//! into 32-bit coefficients, their cyclic convolution is computed modulo three primes
//! `p = c·2^k + 1 < 2^30` by transforms of power-of-two length, and the exact coefficients
//! (below `p0·p1·p2 ≈ 2^88`) are recovered by the Chinese remainder theorem (Garner) and summed
//! with carries into the limb product. References: Pollard, "The fast Fourier transform in a
//! finite field" (Math. Comp. 25, 1971); Crandall & Pomerance, "Prime Numbers", 2nd ed., 9.5
//! (Schönhage–Strassen there for comparison); Shoup's precomputed-quotient multiplication and
//! Harvey's lazy butterflies ("Faster arithmetic for number-theoretic transforms", J. Symbolic
//! Comput. 60, 2014). O(n log n) for `n`-limb operands; `mul` / `sqr` select it from `MUL_NTT`
//! / `SQR_NTT` limbs, for products of up to `2^22` limbs (Toom-3 splits larger ones); a lopsided
//! product takes one transform of its whole length. [`mul_ntt_wrap`] keeps the convolution
//! cyclic: the product modulo `B^K - 1` at half the transform length.
//!
//! Allocation, an exception to the `limbs` convention: the transforms work on `u32` residues
//! (so that the butterflies vectorise: 8 lanes of AVX2, 16 of AVX-512F in `ntt_avx512`), which
//! a caller's `u64` scratch cannot hold without reinterpreting memory, and the twiddle tables
//! are cached between calls (a longer table grows the cached one in place). The residue buffers
//! are allocated here for each product and freed after it (a thread keeps none: the only
//! per-thread cache is `Int`'s, under 80 KiB), and `mul_scratch_len` / `sqr_scratch_len` count
//! none for this algorithm.

use super::add::{add_1_assign, add_n_assign};
use alloc::vec::Vec;
use core::mem::{ManuallyDrop, MaybeUninit};
#[cfg(feature = "std")]
use std::sync::{Arc, Mutex};

/// The primes, `119·2^23 + 1`, `45·2^24 + 1` and `7·2^26 + 1`: each below `2^30`, so that the
/// lazy butterflies keep residues below `4p < 2^32`.
pub(super) const PRIMES: [u32; 3] = [998_244_353, 754_974_721, 469_762_049];

/// Base-2 logarithm of the longest transform: `2^23` divides every `p - 1`. A product
/// coefficient sums at most `2^22` products of two 32-bit coefficients, below `2^86 < p0·p1·p2`.
const MAX_LOG_LEN: u32 = 23;

/// Twiddle tables up to this length (products up to 2^19 limbs, 2^25 bits) stay cached between
/// calls: 48 bytes a point, 48 MiB at most, held from the first product that long for the life
/// of the process (rebuilding them costs more than the transforms of such a product). Longer
/// ones are rebuilt for each product.
#[cfg(feature = "std")]
const CACHED_LEN: usize = 1 << 20;

/// `b^e mod p`.
const fn pow_mod(b: u32, mut e: u64, p: u32) -> u32 {
    let (mut r, mut b) = (1u64, b as u64 % p as u64);
    while e > 0 {
        if e & 1 == 1 {
            r = r * b % p as u64;
        }
        b = b * b % p as u64;
        e >>= 1;
    }
    r as u32
}

/// A root of unity of order `2^MAX_LOG_LEN` mod `p`: `g^((p-1)/2^23)` for the least quadratic
/// non-residue `g`.
const fn root_of_unity(p: u32) -> u32 {
    let mut g = 2;
    while pow_mod(g, (p as u64 - 1) / 2, p) != p - 1 {
        g += 1;
    }
    pow_mod(g, (p as u64 - 1) >> MAX_LOG_LEN, p)
}

/// `-p^(-1) mod 2^32` (Newton's iteration), for Montgomery reduction.
const fn neg_inverse(p: u32) -> u32 {
    let mut x = p; // correct to 3 bits for odd p
    let mut i = 0;
    while i < 4 {
        x = x.wrapping_mul(2u32.wrapping_sub(p.wrapping_mul(x)));
        i += 1;
    }
    x.wrapping_neg()
}

/// Shoup's precomputed quotient `floor(w·2^32 / p)` of a constant `w < p`.
const fn shoup(w: u32, p: u32) -> u32 {
    (((w as u64) << 32) / p as u64) as u32
}

/// A constant multiplier with its Shoup quotient.
#[derive(Clone, Copy)]
struct Mulc {
    w: u32,
    q: u32,
}

impl Mulc {
    const fn new(w: u32, p: u32) -> Mulc {
        Mulc { w, q: shoup(w, p) }
    }
}

/// `x·w mod p` in `[0, 2p)` for any `x < 2^32` (Shoup).
#[inline(always)]
fn mul_shoup(x: u32, w: u32, wq: u32, p: u32) -> u32 {
    let q = ((x as u64 * wq as u64) >> 32) as u32;
    x.wrapping_mul(w).wrapping_sub(q.wrapping_mul(p))
}

/// `x - m` if `x >= m`, else `x`, for `x < 2m`.
#[inline(always)]
fn reduce(x: u32, m: u32) -> u32 {
    x.min(x.wrapping_sub(m))
}

/// `a·b·2^(-32) mod p` in `[0, 2p)` for `a·b < p·2^32` (Montgomery).
#[inline(always)]
fn mul_mont(a: u32, b: u32, p: u32, neg_inv: u32) -> u32 {
    let t = a as u64 * b as u64;
    let m = (t as u32).wrapping_mul(neg_inv);
    ((t + m as u64 * p as u64) >> 32) as u32
}

/// The twiddle factors of one prime for transforms up to `len` points: entry `m + i`
/// (`m` a power of two, `i < m`) of `fwd` is `ω_2m^rev(i)`, with `rev` the bit reversal on
/// `log2 m` bits and `ω_2m` a root of unity of order `2m`; `inv` holds the inverses. The
/// quotient arrays hold the Shoup quotients.
#[derive(Clone)]
pub(super) struct Twiddles {
    pub(super) fwd: Vec<u32>,
    pub(super) fwd_q: Vec<u32>,
    pub(super) inv: Vec<u32>,
    pub(super) inv_q: Vec<u32>,
}

/// `floor(w·2^32 / p)` for a variable `w < p` without a division: a Barrett estimate from
/// `v = floor(2^62 / p)`, one below the quotient at most, then corrected.
#[inline]
fn shoup_barrett(w: u32, p: u32, v: u64) -> u32 {
    let x = (w as u64) << 32;
    let mut q = ((x as u128 * v as u128) >> 62) as u64;
    if x - q * p as u64 >= p as u64 {
        q += 1;
    }
    q as u32
}

impl Twiddles {
    /// The table of `len` points for the prime `p`.
    fn new(p: u32, len: usize) -> Twiddles {
        let empty = Twiddles {
            fwd: Vec::new(),
            fwd_q: Vec::new(),
            inv: Vec::new(),
            inv_q: Vec::new(),
        };
        empty.grow(p, len)
    }

    /// This table (for the prime `p`) extended to `len` points, in place. Level `2m` of a table
    /// is level `m` followed by level `m` times `ω_4m` (as `rev_2m(i) = 2·rev_m(i)` and
    /// `rev_2m(m + i) = 2·rev_m(i) + 1`), so the table grows by sequential products, and a
    /// shorter table is a prefix of a longer one.
    fn grow(mut self, p: u32, len: usize) -> Twiddles {
        let len = len.max(2);
        let old = self.len();
        if old >= len {
            return self;
        }
        for v in [
            &mut self.fwd,
            &mut self.fwd_q,
            &mut self.inv,
            &mut self.inv_q,
        ] {
            v.resize(len, 0);
        }
        let mut m = old / 2;
        if old < 2 {
            (self.fwd[1], self.inv[1]) = (1, 1);
            (self.fwd_q[1], self.inv_q[1]) = (shoup(1, p), shoup(1, p));
            m = 1;
        }
        let root = root_of_unity(p);
        while 2 * m < len {
            let w = pow_mod(root, (1u64 << MAX_LOG_LEN) / (4 * m as u64), p);
            let (w, wi) = (Mulc::new(w, p), Mulc::new(inv_mod(w, p), p));
            for (table, quotients, w) in [
                (&mut self.fwd, &mut self.fwd_q, w),
                (&mut self.inv, &mut self.inv_q, wi),
            ] {
                let (lo, hi) = table[..4 * m].split_at_mut(2 * m);
                let (q_lo, q_hi) = quotients[..4 * m].split_at_mut(2 * m);
                let (same, times) = hi.split_at_mut(m);
                let (q_same, q_times) = q_hi.split_at_mut(m);
                same.copy_from_slice(&lo[m..]);
                q_same.copy_from_slice(&q_lo[m..]);
                next_level(times, q_times, &lo[m..], w, p);
            }
            m *= 2;
        }
        self
    }

    /// A copy of this table (for the prime `p`) extended to `len` points, allocated once at its
    /// final length.
    #[cfg(feature = "std")]
    fn grown_copy(&self, p: u32, len: usize) -> Twiddles {
        let copy = |v: &Vec<u32>| {
            let mut c = Vec::with_capacity(len);
            c.extend_from_slice(v);
            c
        };
        let t = Twiddles {
            fwd: copy(&self.fwd),
            fwd_q: copy(&self.fwd_q),
            inv: copy(&self.inv),
            inv_q: copy(&self.inv_q),
        };
        t.grow(p, len)
    }

    fn len(&self) -> usize {
        self.fwd.len()
    }
}

/// One level of a twiddle table: `times[i] = src[i]·w` and its Shoup quotient, for the next
/// level's second half. On several threads (feature `parallel`) for long levels.
fn next_level(times: &mut [u32], quotients: &mut [u32], src: &[u32], w: Mulc, p: u32) {
    let v = (1u64 << 62) / p as u64;
    let level = |(times, quotients, src): (&mut [u32], &mut [u32], &[u32])| {
        for ((t, q), &x) in times.iter_mut().zip(quotients.iter_mut()).zip(src) {
            let x = reduce(mul_shoup(x, w.w, w.q, p), p);
            *t = x;
            *q = shoup_barrett(x, p, v);
        }
    };
    #[cfg(feature = "parallel")]
    if times.len() > 1 << 14 {
        const CHUNK: usize = 1 << 14;
        use rayon::prelude::*;
        return times
            .par_chunks_mut(CHUNK)
            .zip(quotients.par_chunks_mut(CHUNK))
            .zip(src.par_chunks(CHUNK))
            .for_each(|((t, q), s)| level((t, q, s)));
    }
    level((times, quotients, src));
}

/// The twiddle tables of the three primes for transforms of `len` points: the cached ones if
/// they are long enough (tables for a length hold those of every shorter one as a prefix).
/// Longer tables continue the cached one rather than starting over, in place when nothing else
/// holds it.
#[cfg(feature = "std")]
fn twiddles(len: usize) -> Arc<[Twiddles; 3]> {
    static CACHE: Mutex<Option<Arc<[Twiddles; 3]>>> = Mutex::new(None);
    let mut cache = CACHE.lock().unwrap_or_else(|e| e.into_inner());
    let tables: [Twiddles; 3] = match cache.take() {
        Some(t) if t[0].len() >= len => {
            *cache = Some(t.clone());
            return t;
        }
        Some(t) if len <= CACHED_LEN => {
            let t = Arc::try_unwrap(t).unwrap_or_else(|shared| (*shared).clone());
            grow_all(t, len)
        }
        Some(t) => {
            // Too long to keep: grow a copy, leave the cache as it was.
            let [p0, p1, p2] = PRIMES;
            let longer = [
                t[0].grown_copy(p0, len),
                t[1].grown_copy(p1, len),
                t[2].grown_copy(p2, len),
            ];
            *cache = Some(t);
            return Arc::new(longer);
        }
        None => PRIMES.map(|p| Twiddles::new(p, len)),
    };
    let t = Arc::new(tables);
    if len <= CACHED_LEN {
        *cache = Some(t.clone());
    }
    t
}

/// The twiddle tables of the three primes for transforms of `len` points, built for this
/// product (without `std` there is no lock to share a cache between threads).
#[cfg(not(feature = "std"))]
fn twiddles(len: usize) -> alloc::boxed::Box<[Twiddles; 3]> {
    alloc::boxed::Box::new(PRIMES.map(|p| Twiddles::new(p, len)))
}

/// The three primes' tables, each grown to `len` points.
#[cfg(feature = "std")]
fn grow_all(tables: [Twiddles; 3], len: usize) -> [Twiddles; 3] {
    let [a, b, c] = tables;
    let [p0, p1, p2] = PRIMES;
    [a.grow(p0, len), b.grow(p1, len), c.grow(p2, len)]
}

/// Forward butterfly on `x, y < 4p` with twiddle `w`: `(x + w·y, x - w·y)`, both below `4p`.
#[inline(always)]
fn butterfly_fwd(x: &mut u32, y: &mut u32, w: u32, wq: u32, p: u32) {
    let a = reduce(*x, 2 * p);
    let t = mul_shoup(*y, w, wq, p);
    *x = a + t;
    *y = a + 2 * p - t;
}

/// Inverse butterfly on `x, y < 2p` with twiddle `w`: `(x + y, w·(x - y))`, both below `2p`.
#[inline(always)]
fn butterfly_inv(x: &mut u32, y: &mut u32, w: u32, wq: u32, p: u32) {
    let (a, b) = (*x, *y);
    *x = reduce(a + b, 2 * p);
    *y = mul_shoup(a + 2 * p - b, w, wq, p);
}

/// One forward stage on blocks of `2t` points, for any `t`: block `i` pairs its halves with
/// twiddle `m + i`.
#[inline(always)]
fn stage_fwd(a: &mut [u32], t: usize, m: usize, tw: &Twiddles, p: u32) {
    for (i, block) in a.chunks_exact_mut(2 * t).enumerate() {
        let (w, wq) = (tw.fwd[m + i], tw.fwd_q[m + i]);
        let (x, y) = block.split_at_mut(t);
        for (x, y) in x.iter_mut().zip(y) {
            butterfly_fwd(x, y, w, wq, p);
        }
    }
}

/// [`stage_fwd`] for a small constant `T`: the loop runs over the blocks, so it vectorises.
#[inline(always)]
fn stage_fwd_small<const T: usize>(a: &mut [u32], m: usize, tw: &Twiddles, p: u32) {
    let blocks = a.len() / (2 * T);
    let (w, wq) = (&tw.fwd[m..m + blocks], &tw.fwd_q[m..m + blocks]);
    for ((block, &w), &wq) in a.chunks_exact_mut(2 * T).zip(w).zip(wq) {
        let (x, y) = block.split_at_mut(T);
        for j in 0..T {
            butterfly_fwd(&mut x[j], &mut y[j], w, wq, p);
        }
    }
}

/// The kernels of a transform (the const parameter `V` of the stages): the portable loops
/// (which the compiler may still vectorise), the AVX2 ones of `ntt_avx2`, the AVX-512F ones of
/// `ntt_avx512`.
pub(super) const PORTABLE: u8 = 0;
/// See [`PORTABLE`].
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
pub(super) const AVX2: u8 = 1;
/// See [`PORTABLE`].
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
pub(super) const AVX512: u8 = 2;

/// Points that the transforms finish depth first, block by block, within the level-1 data cache
/// (16 KiB of residues), after the stages on longer blocks have gone over the whole array.
const CACHE_BLOCK: usize = 4096;

/// The forward transform of `a` (`2^k` residues below `4p`), in place: afterwards entry `i`
/// holds `a(ω^rev(i))` below `4p` (`ω` of order `a.len()`, `rev` on `k` bits).
#[inline(always)]
fn forward<const V: u8>(a: &mut [u32], tw: &Twiddles, p: u32) {
    forward_from::<V>(a, 1, tw, p);
}

/// [`forward`] on a block of a longer transform whose first stage takes twiddle `idx`: the
/// block at index `k` of a level of `m` blocks has `idx = m + k`, and its halves `2·idx` and
/// `2·idx + 1` (the whole transform is the block `idx = 1`).
#[inline(always)]
pub(super) fn forward_from<const V: u8>(a: &mut [u32], idx: usize, tw: &Twiddles, p: u32) {
    let n = a.len();
    let (mut t, mut m) = (n / 2, idx);
    while 2 * t > CACHE_BLOCK {
        stage_any::<V, false>(a, t, m, tw, p);
        t /= 2;
        m *= 2;
    }
    if t >= 1 {
        for (k, block) in a.chunks_exact_mut(2 * t).enumerate() {
            forward_block::<V>(block, m + k, tw, p);
        }
    }
}

/// The stages of [`forward`] within one block, whose first stage takes twiddle `m`.
#[inline(always)]
fn forward_block<const V: u8>(a: &mut [u32], mut m: usize, tw: &Twiddles, p: u32) {
    let mut t = a.len() / 2;
    while t >= 1 {
        match t {
            _ if V != PORTABLE => stage_any::<V, false>(a, t, m, tw, p),
            1 => stage_fwd_small::<1>(a, m, tw, p),
            2 => stage_fwd_small::<2>(a, m, tw, p),
            4 => stage_fwd_small::<4>(a, m, tw, p),
            _ => stage_any::<V, false>(a, t, m, tw, p),
        }
        t /= 2;
        m *= 2;
    }
}

/// One inverse stage on blocks of `2t` points (see [`stage_fwd`]).
#[inline(always)]
fn stage_inv(a: &mut [u32], t: usize, m: usize, tw: &Twiddles, p: u32) {
    for (i, block) in a.chunks_exact_mut(2 * t).enumerate() {
        let (w, wq) = (tw.inv[m + i], tw.inv_q[m + i]);
        let (x, y) = block.split_at_mut(t);
        for (x, y) in x.iter_mut().zip(y) {
            butterfly_inv(x, y, w, wq, p);
        }
    }
}

/// [`stage_inv`] for a small constant `T` (see [`stage_fwd_small`]).
#[inline(always)]
fn stage_inv_small<const T: usize>(a: &mut [u32], m: usize, tw: &Twiddles, p: u32) {
    let blocks = a.len() / (2 * T);
    let (w, wq) = (&tw.inv[m..m + blocks], &tw.inv_q[m..m + blocks]);
    for ((block, &w), &wq) in a.chunks_exact_mut(2 * T).zip(w).zip(wq) {
        let (x, y) = block.split_at_mut(T);
        for j in 0..T {
            butterfly_inv(&mut x[j], &mut y[j], w, wq, p);
        }
    }
}

/// The butterflies of `x[j]` and `y[j]` with the one twiddle `w` (quotient `wq`): forward
/// ones, or inverse ones with `INVERSE`; on the vector lanes of `V` (16 of AVX-512F, 8 of AVX2)
/// when the halves hold a multiple of that many residues.
#[cfg(feature = "parallel")]
#[inline(always)]
pub(super) fn halves<const V: u8, const INVERSE: bool>(
    x: &mut [u32],
    y: &mut [u32],
    w: u32,
    wq: u32,
    p: u32,
) {
    #[cfg(target_arch = "x86_64")]
    if V == AVX512 && x.len().is_multiple_of(16) {
        // SAFETY: `V` is `AVX512` only where the CPU was found to support AVX-512F.
        return unsafe { super::ntt_avx512::halves::<INVERSE>(x, y, w, wq, p) };
    }
    #[cfg(target_arch = "x86_64")]
    if V == AVX2 && x.len().is_multiple_of(8) {
        // SAFETY: `V` is `AVX2` only where the CPU was found to support AVX2.
        return unsafe { super::ntt_avx2::halves::<INVERSE>(x, y, w, wq, p) };
    }
    for (x, y) in x.iter_mut().zip(y) {
        if INVERSE {
            butterfly_inv(x, y, w, wq, p);
        } else {
            butterfly_fwd(x, y, w, wq, p);
        }
    }
}

/// One forward stage ([`stage_fwd`]) or, with `INVERSE`, one inverse stage ([`stage_inv`]);
/// on 16 lanes of AVX-512F when `V` is `AVX512`, where `t` is a multiple of 16 or the array
/// holds a multiple of 32 residues, and on 8 lanes of AVX2 when `V` is `AVX2`, where `t` is a
/// multiple of 8 or the array holds a multiple of 16 residues.
#[inline(always)]
fn stage_any<const V: u8, const INVERSE: bool>(
    a: &mut [u32],
    t: usize,
    m: usize,
    tw: &Twiddles,
    p: u32,
) {
    #[cfg(target_arch = "x86_64")]
    {
        let (w, wq) = if INVERSE {
            (&tw.inv, &tw.inv_q)
        } else {
            (&tw.fwd, &tw.fwd_q)
        };
        if V == AVX512 && (t.is_multiple_of(16) || a.len().is_multiple_of(32)) {
            // SAFETY: `V` is `AVX512` only under functions that run after the CPU was found to
            // support AVX-512F.
            unsafe {
                if t.is_multiple_of(16) {
                    super::ntt_avx512::stage::<INVERSE>(a, t, m, w, wq, p);
                } else {
                    super::ntt_avx512::stage_short::<INVERSE>(a, t, m, w, wq, p);
                }
            }
            return;
        }
        if V == AVX2 && (t.is_multiple_of(8) || (t < 8 && a.len().is_multiple_of(16))) {
            // SAFETY: `V` is `AVX2` only under functions that run after the CPU was found to
            // support AVX2.
            unsafe {
                if t.is_multiple_of(8) {
                    super::ntt_avx2::stage::<INVERSE>(a, t, m, w, wq, p);
                } else {
                    super::ntt_avx2::stage_short::<INVERSE>(a, t, m, w, wq, p);
                }
            }
            return;
        }
    }
    if INVERSE {
        stage_inv(a, t, m, tw, p);
    } else {
        stage_fwd(a, t, m, tw, p);
    }
}

/// The inverse of [`forward`] times `a.len()`: residues below `2p` in, below `2p` out.
#[inline(always)]
fn inverse<const V: u8>(a: &mut [u32], tw: &Twiddles, p: u32) {
    inverse_from::<V>(a, 1, tw, p);
}

/// [`inverse`] on a block of a longer transform whose last stage takes twiddle `idx` (see
/// [`forward_from`]).
#[inline(always)]
pub(super) fn inverse_from<const V: u8>(a: &mut [u32], idx: usize, tw: &Twiddles, p: u32) {
    let n = a.len();
    if n < 2 {
        return;
    }
    let block = n.min(CACHE_BLOCK);
    let mut m = idx * (n / block);
    for (k, b) in a.chunks_exact_mut(block).enumerate() {
        inverse_block::<V>(b, m + k, tw, p);
    }
    let mut t = block;
    while m > idx {
        m /= 2;
        stage_any::<V, true>(a, t, m, tw, p);
        t *= 2;
    }
}

/// The stages of [`inverse`] within one block, whose last stage takes twiddle `m`.
#[inline(always)]
fn inverse_block<const V: u8>(a: &mut [u32], m: usize, tw: &Twiddles, p: u32) {
    let (mut t, mut m) = (1, m * a.len() / 2);
    while m >= 1 && t < a.len() {
        match t {
            _ if V != PORTABLE => stage_any::<V, true>(a, t, m, tw, p),
            1 => stage_inv_small::<1>(a, m, tw, p),
            2 => stage_inv_small::<2>(a, m, tw, p),
            4 => stage_inv_small::<4>(a, m, tw, p),
            _ => stage_any::<V, true>(a, t, m, tw, p),
        }
        t *= 2;
        m /= 2;
    }
}

/// Writes the 32-bit coefficients of `x` reduced below `2p` into `a`, zeros after them, and
/// returns `a`, every word of it now written.
#[inline(always)]
pub(super) fn load<'a>(a: &'a mut [MaybeUninit<u32>], x: &[u64], p: u32) -> &'a mut [u32] {
    let one = Mulc::new(1, p);
    let (lo, hi) = a.split_at_mut(2 * x.len());
    for (pair, &limb) in lo.chunks_exact_mut(2).zip(x) {
        pair[0].write(mul_shoup(limb as u32, one.w, one.q, p));
        pair[1].write(mul_shoup((limb >> 32) as u32, one.w, one.q, p));
    }
    hi.fill(MaybeUninit::new(0));
    // SAFETY: the loop wrote the first `2·x.len()` words, `fill` the rest.
    unsafe { assume_init(a) }
}

/// [`load`] and [`forward`]: where the coefficients fill at most the first half of `a`, the
/// first stage pairs each of them with a zero (`x + w·0`, `x − w·0`), so the second half is a
/// copy of the first and the two halves go on as the blocks of the second level; this skips
/// zeroing half the array and a stage of butterflies. The residues may differ from those of
/// [`forward`] by multiples of `p` (both below `4p`).
#[inline(always)]
pub(super) fn load_forward<'a, const V: u8>(
    a: &'a mut [MaybeUninit<u32>],
    x: &[u64],
    tw: &Twiddles,
    p: u32,
) -> &'a mut [u32] {
    let n = a.len();
    if n < 4 || 4 * x.len() > n {
        let a = load(a, x, p);
        forward::<V>(a, tw, p);
        return a;
    }
    let (lo, hi) = a.split_at_mut(n / 2);
    let lo = load(lo, x, p);
    for (h, &l) in hi.iter_mut().zip(lo.iter()) {
        h.write(l);
    }
    // SAFETY: the loop wrote every word of `hi`, as long as `lo`.
    let hi = unsafe { assume_init(hi) };
    forward_from::<V>(lo, 2, tw, p);
    forward_from::<V>(hi, 3, tw, p);
    // SAFETY: `load` and the loop wrote both halves of `a`.
    unsafe { assume_init(a) }
}

/// Working space of `len` words that are not written yet: the transforms write every word
/// ([`load`]) before they read it, so the buffer is never zeroed (at 2^20-bit operands that
/// zeroing was 3% of a product, and 8% on two threads, where it ran before the tasks).
fn scratch(len: usize) -> Vec<MaybeUninit<u32>> {
    let mut v = Vec::with_capacity(len);
    v.resize(len, MaybeUninit::uninit());
    v
}

/// `a` read as the words written into it.
///
/// # Safety
/// Every word of `a` must have been written.
pub(super) unsafe fn assume_init(a: &mut [MaybeUninit<u32>]) -> &mut [u32] {
    // SAFETY: `MaybeUninit<u32>` has the layout of `u32`, and the caller guarantees that every
    // word is initialised; the new slice borrows `a`.
    unsafe { &mut *(a as *mut [MaybeUninit<u32>] as *mut [u32]) }
}

/// The first `len` words of `v` as a vector of words.
///
/// # Safety
/// The first `len` words of `v` must have been written.
unsafe fn into_words(mut v: Vec<MaybeUninit<u32>>, len: usize) -> Vec<u32> {
    v.truncate(len);
    let mut v = ManuallyDrop::new(v);
    // SAFETY: same allocation, length and capacity, and `MaybeUninit<u32>` has the layout of
    // `u32`; the caller guarantees the `len` words are initialised; `v` is not dropped.
    unsafe { Vec::from_raw_parts(v.as_mut_ptr().cast::<u32>(), v.len(), v.capacity()) }
}

/// `a = a·b·2^(-32)` pointwise, for transforms (below `4p`); results below `2p`.
#[inline(always)]
pub(super) fn pointwise_mul(a: &mut [u32], b: &[u32], p: u32) {
    let neg_inv = neg_inverse(p);
    for (x, &y) in a.iter_mut().zip(b) {
        *x = mul_mont(reduce(*x, 2 * p), reduce(y, 2 * p), p, neg_inv);
    }
}

/// `a = a²·2^(-32)` pointwise (see [`pointwise_mul`]).
#[inline(always)]
pub(super) fn pointwise_sqr(a: &mut [u32], p: u32) {
    let neg_inv = neg_inverse(p);
    for x in a.iter_mut() {
        let y = reduce(*x, 2 * p);
        *x = mul_mont(y, y, p, neg_inv);
    }
}

/// `x^(-1) mod p` for `x` not divisible by the prime `p`.
const fn inv_mod(x: u32, p: u32) -> u32 {
    pow_mod(x, p as u64 - 2, p)
}

/// [`pointwise_mul`] with the kernels `V`: on 8 lanes of AVX2 for `AVX2` and `AVX512` (the
/// compiler's own 16-lane vectorisation of the portable loop made whole products slower).
#[inline(always)]
pub(super) fn pointwise_mul_isa<const V: u8>(a: &mut [u32], b: &[u32], p: u32) {
    #[cfg(target_arch = "x86_64")]
    let done = if V != PORTABLE {
        // SAFETY: `V` is `AVX2` or `AVX512` only where the CPU was found to support AVX2.
        unsafe { super::ntt_avx2::pointwise_mul(a, &b[..a.len()], p, neg_inverse(p)) }
    } else {
        0
    };
    #[cfg(not(target_arch = "x86_64"))]
    let done = 0;
    pointwise_mul(&mut a[done..], &b[done..], p);
}

/// [`pointwise_sqr`] with the kernels `V` (see [`pointwise_mul_isa`]).
#[inline(always)]
pub(super) fn pointwise_sqr_isa<const V: u8>(a: &mut [u32], p: u32) {
    #[cfg(target_arch = "x86_64")]
    let done = if V != PORTABLE {
        // SAFETY: `V` is `AVX2` or `AVX512` only where the CPU was found to support AVX2.
        unsafe { super::ntt_avx2::pointwise_sqr(a, p, neg_inverse(p)) }
    } else {
        0
    };
    #[cfg(not(target_arch = "x86_64"))]
    let done = 0;
    pointwise_sqr(&mut a[done..], p);
}

/// [`garner_chunk`] with the kernels `V` (see [`pointwise_mul_isa`]).
#[inline(always)]
pub(super) fn garner_isa<const V: u8>(g: &Garner, r0: &mut [u32], r1: &mut [u32], r2: &mut [u32]) {
    #[cfg(target_arch = "x86_64")]
    let done = if V != PORTABLE {
        // SAFETY: `V` is `AVX2` or `AVX512` only where the CPU was found to support AVX2.
        unsafe { super::ntt_avx2::garner(g, r0, r1, r2) }
    } else {
        0
    };
    #[cfg(not(target_arch = "x86_64"))]
    let done = 0;
    garner_chunk(g, &mut r0[done..], &mut r1[done..], &mut r2[done..]);
}

/// The constants of Garner's mixed-radix digits ([`garner_chunk`]) for transforms of `len`
/// points.
#[derive(Clone, Copy)]
pub(super) struct Garner {
    s0: Mulc,
    a1: Mulc,
    b1: Mulc,
    a2: Mulc,
    b2: Mulc,
    c2: Mulc,
}

impl Garner {
    /// The multipliers `s0, a1, b1, a2, b2, c2` with their Shoup quotients, for the vector
    /// kernels.
    #[cfg(target_arch = "x86_64")]
    pub(super) fn constants(&self) -> [(u32, u32); 6] {
        [self.s0, self.a1, self.b1, self.a2, self.b2, self.c2].map(|c| (c.w, c.q))
    }

    /// The constants for transforms of `len` points (a power of two up to `2^MAX_LOG_LEN`),
    /// from a table made at compile time.
    #[inline]
    pub(super) fn for_len(len: usize) -> &'static Garner {
        debug_assert!(len.is_power_of_two() && len.ilog2() <= MAX_LOG_LEN);
        &GARNERS[len.trailing_zeros() as usize]
    }

    /// The constants for transforms of `2^log_len` points.
    const fn new(log_len: u32) -> Garner {
        let [p0, p1, p2] = PRIMES;
        let inv0 = inv_mod(p0 % p1, p1);
        let inv01 = inv_mod(((p0 as u64 * p1 as u64) % p2 as u64) as u32, p2);
        let (s0, s1, s2) = (scale(p0, log_len), scale(p1, log_len), scale(p2, log_len));
        Garner {
            s0: Mulc::new(s0, p0),
            a1: Mulc::new((s1 as u64 * inv0 as u64 % p1 as u64) as u32, p1),
            b1: Mulc::new(inv0, p1),
            a2: Mulc::new((s2 as u64 * inv01 as u64 % p2 as u64) as u32, p2),
            b2: Mulc::new(inv01, p2),
            c2: Mulc::new(((p0 % p2) as u64 * inv01 as u64 % p2 as u64) as u32, p2),
        }
    }
}

/// `2^32 / 2^log_len mod p`: undoes the Montgomery factor and the transform's scaling.
const fn scale(p: u32, log_len: u32) -> u32 {
    pow_mod(2, 32 + (p as u64 - 1) - log_len as u64, p)
}

/// [`Garner`] constants for every transform length, indexed by its base-2 logarithm.
static GARNERS: [Garner; MAX_LOG_LEN as usize + 1] = {
    let mut t = [Garner::new(0); MAX_LOG_LEN as usize + 1];
    let mut k = 1;
    while k <= MAX_LOG_LEN {
        t[k as usize] = Garner::new(k);
        k += 1;
    }
    t
};

/// Garner's mixed-radix digits of the coefficients, in place: from `r_i = 2^(-32)·len·c mod p_i`
/// (below `2p_i`, `len` the transform length of `g`) to `d0 + p0·d1 + p0·p1·d2 = c` with
/// `d_i < p_i`.
#[inline(always)]
pub(super) fn garner_chunk(g: &Garner, r0: &mut [u32], r1: &mut [u32], r2: &mut [u32]) {
    let [p0, p1, p2] = PRIMES;
    let Garner {
        s0,
        a1,
        b1,
        a2,
        b2,
        c2,
    } = *g;
    for ((x0, x1), x2) in r0.iter_mut().zip(r1.iter_mut()).zip(r2.iter_mut()) {
        let d0 = reduce(mul_shoup(*x0, s0.w, s0.q, p0), p0);
        // d1 = (c - d0) / p0 mod p1
        let t = mul_shoup(*x1, a1.w, a1.q, p1) + 2 * p1 - mul_shoup(d0, b1.w, b1.q, p1);
        let d1 = reduce(reduce(t, 2 * p1), p1);
        // d2 = (c - d0 - p0·d1) / (p0·p1) mod p2
        let u = reduce(
            mul_shoup(d0, b2.w, b2.q, p2) + mul_shoup(d1, c2.w, c2.q, p2),
            2 * p2,
        );
        let t = mul_shoup(*x2, a2.w, a2.q, p2) + 2 * p2 - u;
        let d2 = reduce(reduce(t, 2 * p2), p2);
        (*x0, *x1, *x2) = (d0, d1, d2);
    }
}

/// Adds the coefficients `d0 + p0·d1 + p0·p1·d2` (mixed-radix digits from [`garner_chunk`]) at bit
/// offsets `32·i` into `r`; returns what the sum carries out of `r`.
pub(super) fn recombine(r: &mut [u64], d0: &[u32], d1: &[u32], d2: &[u32]) -> u128 {
    let [p0, p1, _] = PRIMES;
    let p01 = p0 as u64 * p1 as u64;
    let coefficient = |i: usize| -> u128 {
        if i >= d0.len() {
            return 0;
        }
        (d0[i] as u64 + p0 as u64 * d1[i] as u64) as u128 + p01 as u128 * d2[i] as u128
    };
    let mut carry = 0u128;
    for (j, limb) in r.iter_mut().enumerate() {
        let acc = carry + coefficient(2 * j) + (coefficient(2 * j + 1) << 32);
        *limb = acc as u64;
        carry = acc >> 64;
    }
    carry
}

/// The transform length for a product of `limbs` limbs: the power of two holding its
/// `2·limbs - 1` coefficients.
pub(super) fn transform_len(limbs: usize) -> usize {
    (2 * limbs - 1).next_power_of_two()
}

/// Whether [`mul_ntt`] / [`sqr_ntt`] can compute a product of `limbs` limbs in one transform.
pub fn ntt_fits(limbs: usize) -> bool {
    limbs <= 1 << (MAX_LOG_LEN - 1)
}

/// `r = a·b` by three-prime NTT; requires `a.len() >= b.len() >= 1`,
/// `r.len() == a.len() + b.len()` and `ntt_fits(r.len())`. The transforms use AVX-512F or
/// AVX2 where the CPU has it.
pub fn mul_ntt(r: &mut [u64], a: &[u64], b: &[u64]) {
    debug_assert!(a.len() >= b.len() && !b.is_empty());
    product(r, a, Some(b), true);
}

/// The portable twin of [`mul_ntt`].
pub fn mul_ntt_portable(r: &mut [u64], a: &[u64], b: &[u64]) {
    debug_assert!(a.len() >= b.len() && !b.is_empty());
    product(r, a, Some(b), false);
}

/// `r = a²` by three-prime NTT, one forward transform per prime; requires `a.len() >= 1`,
/// `r.len() == 2·a.len()` and `ntt_fits(r.len())`. The transforms use AVX-512F or AVX2 where
/// the CPU has it.
pub fn sqr_ntt(r: &mut [u64], a: &[u64]) {
    debug_assert!(!a.is_empty() && r.len() == 2 * a.len());
    product(r, a, None, true);
}

/// The portable twin of [`sqr_ntt`].
pub fn sqr_ntt_portable(r: &mut [u64], a: &[u64]) {
    debug_assert!(!a.is_empty() && r.len() == 2 * a.len());
    product(r, a, None, false);
}

/// `r = a·b`, or `r = a²` without `b`, with the vector instruction set if `simd` and the CPU
/// has it.
fn product(r: &mut [u64], a: &[u64], b: Option<&[u64]>, simd: bool) {
    debug_assert!(ntt_fits(r.len()));
    let n = transform_len(r.len());
    let used = (2 * r.len()).min(n);
    let buf = digits(n, a, b, used, simd);
    let carry = recombine_all(r, &buf[..3 * n], used);
    debug_assert_eq!(carry, 0);
}

/// The coefficients of `a·b` (of `a²` without `b`) with the limbs read as pairs of 32-bit
/// coefficients (low first), as residues: calls `f(r0, r1, r2, g)` with the three primes'
/// residues of the `2·(a.len() + b.len())` product coefficients, which [`garner_digits`] with
/// `g` turns into the Garner digits (coefficient `i` being `d0[i] + p0·d1[i] + p0·p1·d2[i]`).
/// The caller runs that on pieces as it goes, so each piece's digits are still in the cache
/// when it reads them. A caller whose coefficients are not the halves of binary limbs (digits
/// in a radix power, `limbs::radix_base`) carries them itself. Requires
/// `ntt_fits(a.len() + b.len())`.
pub(super) fn convolution<R>(
    a: &[u64],
    b: Option<&[u64]>,
    f: impl FnOnce(&mut [u32], &mut [u32], &mut [u32], &Garner) -> R,
) -> R {
    let rn = a.len() + b.map_or(a.len(), <[u64]>::len);
    debug_assert!(ntt_fits(rn));
    let n = transform_len(rn);
    let used = (2 * rn).min(n);
    residues(&mut digits(n, a, b, 0, true), n, used, f)
}

/// Calls `f` with the first `used` residues of each prime's third of `buf` (`n` points each)
/// and the [`Garner`] constants of length `n`: the end of [`convolution`] and
/// [`convolution_by`].
fn residues<R>(
    buf: &mut [u32],
    n: usize,
    used: usize,
    f: impl FnOnce(&mut [u32], &mut [u32], &mut [u32], &Garner) -> R,
) -> R {
    let (r0, rest) = buf.split_at_mut(n);
    let (r1, r2) = rest.split_at_mut(n);
    f(
        &mut r0[..used],
        &mut r1[..used],
        &mut r2[..used],
        Garner::for_len(n),
    )
}

/// Garner's digits ([`garner_chunk`]) in place, on the vector lanes the CPU has.
pub(super) fn garner_digits(g: &Garner, r0: &mut [u32], r1: &mut [u32], r2: &mut [u32]) {
    #[cfg(target_arch = "x86_64")]
    if super::cpu::has_avx2() {
        return garner_isa::<AVX2>(g, r0, r1, r2);
    }
    garner_isa::<PORTABLE>(g, r0, r1, r2);
}

/// The forward transforms (three primes, `n` points each) of an operand that several products
/// share, for [`convolution_by`]: each product then transforms only its other operand.
pub(super) struct Transformed {
    res: Vec<u32>,
}

impl Transformed {
    /// The transforms of `b` (as [`convolution`] reads limbs) for products of transform length
    /// `n` (a power of two, `2·b.len() <= n`).
    pub(super) fn new(b: &[u64], n: usize) -> Transformed {
        assert!(n.is_power_of_two() && 2 * b.len() <= n && ntt_fits(n / 2));
        let tw = twiddles(n);
        let mut res = scratch(3 * n);
        forward_all_simd(&mut res, b, &tw);
        // SAFETY: `forward_all_simd` loaded each of the three thirds of `res`.
        let res = unsafe { into_words(res, 3 * n) };
        Transformed { res }
    }

    /// The transform length.
    pub(super) fn len(&self) -> usize {
        self.res.len() / 3
    }
}

/// [`forward_all`] with the vector instruction set the CPU has.
fn forward_all_simd(res: &mut [MaybeUninit<u32>], b: &[u64], tw: &[Twiddles; 3]) {
    #[cfg(target_arch = "x86_64")]
    if super::cpu::has_avx512f() {
        // SAFETY: the CPU supports AVX-512F (and so AVX2), checked just above.
        return unsafe { forward_all_avx512(res, b, tw) };
    }
    #[cfg(target_arch = "x86_64")]
    if super::cpu::has_avx2() {
        // SAFETY: the CPU supports AVX2, checked just above.
        return unsafe { forward_all_avx2(res, b, tw) };
    }
    forward_all::<PORTABLE>(res, b, tw);
}

/// The three primes' forward transforms of `b` into the thirds of `res`.
#[inline(always)]
fn forward_all<const V: u8>(res: &mut [MaybeUninit<u32>], b: &[u64], tw: &[Twiddles; 3]) {
    let n = res.len() / 3;
    for ((x, tw), p) in res.chunks_exact_mut(n).zip(tw.iter()).zip(PRIMES) {
        load_forward::<V>(x, b, tw, p);
    }
}

/// [`forward_all`] compiled for AVX2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn forward_all_avx2(res: &mut [MaybeUninit<u32>], b: &[u64], tw: &[Twiddles; 3]) {
    forward_all::<AVX2>(res, b, tw);
}

/// [`forward_all`] compiled for AVX-512F.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,avx512f")]
unsafe fn forward_all_avx512(res: &mut [MaybeUninit<u32>], b: &[u64], tw: &[Twiddles; 3]) {
    forward_all::<AVX512>(res, b, tw);
}

/// [`convolution`] of `a` with an operand whose transforms `b` holds: `f` gets the residues
/// of the first `2·(a.len() + b_len)` coefficients, `b_len` the limbs of that operand.
/// Requires `2·(a.len() + b_len) <= b.len()` points.
pub(super) fn convolution_by<R>(
    a: &[u64],
    b: &Transformed,
    b_len: usize,
    f: impl FnOnce(&mut [u32], &mut [u32], &mut [u32], &Garner) -> R,
) -> R {
    let n = b.len();
    let used = 2 * (a.len() + b_len);
    assert!(used <= n);
    let tw = twiddles(n);
    let mut buf = scratch(3 * n);
    transform(
        &mut buf,
        &mut [],
        a,
        Other::Transformed(&b.res),
        &tw,
        0,
        true,
    );
    // SAFETY: the convolution loaded each of the three thirds of `buf`.
    let mut buf = unsafe { into_words(buf, 3 * n) };
    residues(&mut buf, n, used, f)
}

/// The second operand of a convolution: `a` itself, limbs, or the transforms of limbs.
#[derive(Clone, Copy)]
enum Other<'a> {
    Square,
    Limbs(&'a [u64]),
    /// The three primes' forward transforms, one third each ([`Transformed`]).
    Transformed(&'a [u32]),
}

/// Whether a transform of `n` points runs on several threads (feature `parallel`).
#[cfg(feature = "parallel")]
#[inline]
fn on_all_threads(n: usize) -> bool {
    n >= super::ntt_par::PAR_MIN_LEN && rayon::current_num_threads() > 1
}

/// The Garner digits of the cyclic convolution of length `n` of `a` and `b` (or `a` and `a`):
/// a buffer whose first `3n` words are the three primes' thirds, the first `used` of each
/// holding digits.
fn digits(n: usize, a: &[u64], b: Option<&[u64]>, used: usize, simd: bool) -> Vec<u32> {
    let tw = twiddles(n);
    #[cfg(feature = "parallel")]
    if on_all_threads(n) {
        let mut buf = scratch(if b.is_some() { 6 * n } else { 3 * n });
        let (f, g) = buf.split_at_mut(3 * n);
        let isa = super::ntt_par::Isa::pick(simd);
        super::ntt_par::convolve_par(isa, f, g, a, b, &tw, used);
        // SAFETY: `convolve_par` loaded each of the three thirds of `f`.
        return unsafe { into_words(buf, 3 * n) };
    }
    let mut buf = scratch(4 * n);
    let (f, g) = buf.split_at_mut(3 * n);
    let b = b.map_or(Other::Square, Other::Limbs);
    transform(f, g, a, b, &tw, used, simd);
    // SAFETY: the convolution loaded each of the three thirds of `f`, the first `3n` words.
    unsafe { into_words(buf, 3 * n) }
}

/// [`recombine`] of the first `used` digits of each third of `f` (`3n` words) into `r`.
fn recombine_all(r: &mut [u64], f: &[u32], used: usize) -> u128 {
    let n = f.len() / 3;
    let (d0, d1, d2) = (&f[..used], &f[n..n + used], &f[2 * n..2 * n + used]);
    #[cfg(feature = "parallel")]
    if on_all_threads(n) {
        return super::ntt_par::recombine_par(r, d0, d1, d2);
    }
    recombine(r, d0, d1, d2)
}

/// [`convolve`] with the vector instruction set if `simd` and the CPU has it.
fn transform(
    f: &mut [MaybeUninit<u32>],
    g: &mut [MaybeUninit<u32>],
    a: &[u64],
    b: Other<'_>,
    tw: &[Twiddles; 3],
    used: usize,
    simd: bool,
) {
    #[cfg(target_arch = "x86_64")]
    if simd && super::cpu::has_avx512f() {
        // SAFETY: the CPU supports AVX-512F (and so AVX2), checked just above.
        return unsafe { convolve_avx512(f, g, a, b, tw, used) };
    }
    #[cfg(target_arch = "x86_64")]
    if simd && super::cpu::has_avx2() {
        // SAFETY: the CPU supports AVX2, checked just above.
        return unsafe { convolve_avx2(f, g, a, b, tw, used) };
    }
    let _ = simd;
    convolve::<PORTABLE>(f, g, a, b, tw, used);
}

/// [`convolve`] compiled for AVX2, the butterfly stages on 8 lanes (`ntt_avx2`).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn convolve_avx2(
    f: &mut [MaybeUninit<u32>],
    g: &mut [MaybeUninit<u32>],
    a: &[u64],
    b: Other<'_>,
    tw: &[Twiddles; 3],
    used: usize,
) {
    convolve::<AVX2>(f, g, a, b, tw, used);
}

/// [`convolve`] compiled for AVX-512F, the butterfly stages on 16 lanes (`ntt_avx512`).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,avx512f")]
unsafe fn convolve_avx512(
    f: &mut [MaybeUninit<u32>],
    g: &mut [MaybeUninit<u32>],
    a: &[u64],
    b: Other<'_>,
    tw: &[Twiddles; 3],
    used: usize,
) {
    convolve::<AVX512>(f, g, a, b, tw, used);
}

/// The transform work of a product: for each prime, `f` (the prime's third) gets the
/// coefficients of `a`, is transformed, multiplied pointwise by the transform of `b` (built in
/// `g`, or given) or squared, and transformed back; then the first `used` coefficients of the
/// three thirds become Garner digits. Inlined into each instruction-set variant.
#[inline(always)]
fn convolve<const V: u8>(
    f: &mut [MaybeUninit<u32>],
    g: &mut [MaybeUninit<u32>],
    a: &[u64],
    b: Other<'_>,
    tw: &[Twiddles; 3],
    used: usize,
) {
    let n = f.len() / 3;
    debug_assert_eq!(f.len(), 3 * n);
    for (i, ((x, tw), p)) in f.chunks_exact_mut(n).zip(tw.iter()).zip(PRIMES).enumerate() {
        let x = load_forward::<V>(x, a, tw, p);
        match b {
            Other::Limbs(b) => {
                let g = load_forward::<V>(&mut g[..], b, tw, p);
                pointwise_mul_isa::<V>(x, g, p);
            }
            Other::Transformed(t) => pointwise_mul_isa::<V>(x, &t[i * n..(i + 1) * n], p),
            Other::Square => pointwise_sqr_isa::<V>(x, p),
        }
        inverse::<V>(x, tw, p);
    }
    // SAFETY: the loop loaded each of the three thirds of `f` (`f.len() == 3n`).
    let f = unsafe { assume_init(f) };
    let (f0, rest) = f.split_at_mut(n);
    let (f1, f2) = rest.split_at_mut(n);
    garner_isa::<V>(
        Garner::for_len(n),
        &mut f0[..used],
        &mut f1[..used],
        &mut f2[..used],
    );
}

/// `r = a·b mod (B^K - 1)` for `K = r.len()`, a power of two from 2 on, with
/// `1 <= a.len(), b.len() <= K` and `ntt_fits(K)`: the cyclic convolution of one transform of
/// `2K` coefficients, half the length the whole product would take; `r` is reduced (below
/// `B^K - 1`). Division uses it where only the low limbs of a product are unknown. The
/// transforms use AVX-512F or AVX2 where the CPU has it.
///
/// ```
/// use carry::limbs;
/// // (B^2 - 1)·(B + 2) is a multiple of B^2 - 1: reduced, 0 (not B^2 - 1).
/// let mut r = [0; 2];
/// limbs::mul_ntt_wrap(&mut r, &[u64::MAX, u64::MAX], &[2, 1]);
/// assert_eq!(r, [0, 0]);
/// limbs::mul_ntt_wrap(&mut r, &[3, 0], &[5, 7]);
/// assert_eq!(r, [15, 21]);
/// limbs::mul_ntt_wrap(&mut r, &[0, 1], &[0, 1]); // B·B = B^2 ≡ 1
/// assert_eq!(r, [1, 0]);
/// ```
pub fn mul_ntt_wrap(r: &mut [u64], a: &[u64], b: &[u64]) {
    wrapped_product(r, a, b, true);
}

/// The portable twin of [`mul_ntt_wrap`].
pub fn mul_ntt_wrap_portable(r: &mut [u64], a: &[u64], b: &[u64]) {
    wrapped_product(r, a, b, false);
}

fn wrapped_product(r: &mut [u64], a: &[u64], b: &[u64], simd: bool) {
    let k = r.len();
    assert!(k >= 2 && k.is_power_of_two() && ntt_fits(k));
    assert!(!a.is_empty() && !b.is_empty() && a.len() <= k && b.len() <= k);
    let n = 2 * k;
    let buf = digits(n, a, Some(b), n, simd);
    finish_wrapped(r, &buf[..3 * n]);
}

/// The recombination of a cyclic product: `B^K ≡ 1`, so what the sum carries out of the top
/// comes back in at the bottom, and `B^K - 1` is zero.
fn finish_wrapped(r: &mut [u64], f: &[u32]) {
    let carry = recombine_all(r, f, f.len() / 3);
    let (lo, hi) = r.split_at_mut(2);
    let mut out = add_n_assign(lo, &[carry as u64, (carry >> 64) as u64]);
    out = add_1_assign(hi, out);
    while out != 0 {
        out = add_1_assign(r, 1);
    }
    if r.iter().all(|&x| x == u64::MAX) {
        r.fill(0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each level of a grown table against its definition: level `2m` is level `m` followed by
    /// level `m` times `ω_4m`, with `ω_4m` of order `4m`; quotients are Shoup's; the inverse
    /// table holds the inverses. Long enough for the levels built on several threads.
    fn check(t: &Twiddles, p: u32, len: usize) {
        assert_eq!(t.len(), len);
        let mulmod = |a: u32, b: u32| ((a as u64 * b as u64) % p as u64) as u32;
        assert_eq!((t.fwd[1], t.inv[1]), (1, 1));
        let mut m = 1;
        while 2 * m < len {
            let w = pow_mod(root_of_unity(p), (1u64 << MAX_LOG_LEN) / (4 * m as u64), p);
            assert_eq!(pow_mod(w, 2 * m as u64, p), p - 1, "p {p} m {m}");
            for i in 0..m {
                assert_eq!(t.fwd[2 * m + i], t.fwd[m + i], "p {p} m {m} i {i}");
                assert_eq!(
                    t.fwd[3 * m + i],
                    mulmod(t.fwd[m + i], w),
                    "p {p} m {m} i {i}"
                );
            }
            m *= 2;
        }
        for j in 1..len {
            assert_eq!(mulmod(t.fwd[j], t.inv[j]), 1, "p {p} j {j}");
            assert_eq!(t.fwd_q[j], shoup(t.fwd[j], p), "p {p} j {j}");
            assert_eq!(t.inv_q[j], shoup(t.inv[j], p), "p {p} j {j}");
        }
    }

    #[test]
    fn twiddles_grow_by_their_definition() {
        let len = 1 << 17;
        for p in PRIMES {
            check(&Twiddles::new(p, len), p, len);
            let short = Twiddles::new(p, 1 << 9);
            #[cfg(feature = "std")]
            check(&short.grown_copy(p, len), p, len);
            check(&short.grow(p, len), p, len);
        }
    }
}
