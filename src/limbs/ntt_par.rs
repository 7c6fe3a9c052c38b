//! The three-prime NTT of `ntt` on every core (feature `parallel`, rayon): the three primes'
//! convolutions run as three tasks, and each transform splits by divide and conquer. A forward
//! transform of `2^k` points is one stage of butterflies between its halves (itself cut in two
//! at the middle) followed by the transforms of the two halves, which are independent; the
//! inverse transform mirrors it. Below `PAR_POINTS` points a block runs as one task, with the
//! sequential kernels of `ntt` for the instruction set in use. The Garner digits and the carry
//! propagation of the recombination run in chunks. Same residues, same digits, same product as
//! the sequential path: only the order of independent operations changes.
//!
//! Selected by `ntt` for transforms of `PAR_MIN_LEN` points and more when rayon has more than one
//! thread (`RAYON_NUM_THREADS=1` or a one-thread pool keeps the sequential path).

use super::add::add_1_assign;
use super::ntt::{
    assume_init, forward_from, garner_chunk, inverse_from, load, pointwise_mul, pointwise_sqr,
    recombine, Garner, Twiddles, PORTABLE, PRIMES,
};
use alloc::vec::Vec;
use core::mem::MaybeUninit;
use rayon::prelude::*;

/// Transforms of at least this many points split across threads.
pub(super) const PAR_MIN_LEN: usize = 1 << 12;

/// Blocks of at most this many points are one task.
const PAR_POINTS: usize = 1 << 12;

/// Garner digits and limbs of the recombination: chunks of this many.
const CHUNK: usize = 1 << 13;

/// The instruction set of the sequential kernels the tasks call.
#[derive(Clone, Copy)]
pub(super) enum Isa {
    Portable,
    #[cfg(target_arch = "x86_64")]
    Avx2,
    #[cfg(target_arch = "x86_64")]
    Avx512,
}

impl Isa {
    /// The widest the CPU allows, or the portable kernels unless `simd`.
    pub(super) fn pick(simd: bool) -> Isa {
        #[cfg(target_arch = "x86_64")]
        if simd && super::cpu::has_avx512f() {
            return Isa::Avx512;
        }
        #[cfg(target_arch = "x86_64")]
        if simd && super::cpu::has_avx2() {
            return Isa::Avx2;
        }
        let _ = simd;
        Isa::Portable
    }

    fn forward(self, a: &mut [u32], idx: usize, tw: &Twiddles, p: u32) {
        match self {
            Isa::Portable => forward_from::<PORTABLE>(a, idx, tw, p),
            // SAFETY: `pick` chose these after checking the CPU.
            #[cfg(target_arch = "x86_64")]
            Isa::Avx2 => unsafe { x86::forward_avx2(a, idx, tw, p) },
            #[cfg(target_arch = "x86_64")]
            Isa::Avx512 => unsafe { x86::forward_avx512(a, idx, tw, p) },
        }
    }

    fn inverse(self, a: &mut [u32], idx: usize, tw: &Twiddles, p: u32) {
        match self {
            Isa::Portable => inverse_from::<PORTABLE>(a, idx, tw, p),
            // SAFETY: `pick` chose these after checking the CPU.
            #[cfg(target_arch = "x86_64")]
            Isa::Avx2 => unsafe { x86::inverse_avx2(a, idx, tw, p) },
            #[cfg(target_arch = "x86_64")]
            Isa::Avx512 => unsafe { x86::inverse_avx512(a, idx, tw, p) },
        }
    }

    fn load<'a>(self, x: &'a mut [MaybeUninit<u32>], a: &[u64], p: u32) -> &'a mut [u32] {
        match self {
            Isa::Portable => load(x, a, p),
            // SAFETY: `pick` chose these after checking the CPU.
            #[cfg(target_arch = "x86_64")]
            Isa::Avx2 => unsafe { x86::load_avx2(x, a, p) },
            #[cfg(target_arch = "x86_64")]
            Isa::Avx512 => unsafe { x86::load_avx512(x, a, p) },
        }
    }

    fn pointwise_mul(self, x: &mut [u32], y: &[u32], p: u32) {
        match self {
            Isa::Portable => pointwise_mul(x, y, p),
            // SAFETY: `pick` chose these after checking the CPU.
            #[cfg(target_arch = "x86_64")]
            Isa::Avx2 => unsafe { x86::pointwise_mul_avx2(x, y, p) },
            #[cfg(target_arch = "x86_64")]
            Isa::Avx512 => unsafe { x86::pointwise_mul_avx512(x, y, p) },
        }
    }

    fn pointwise_sqr(self, x: &mut [u32], p: u32) {
        match self {
            Isa::Portable => pointwise_sqr(x, p),
            // SAFETY: `pick` chose these after checking the CPU.
            #[cfg(target_arch = "x86_64")]
            Isa::Avx2 => unsafe { x86::pointwise_sqr_avx2(x, p) },
            #[cfg(target_arch = "x86_64")]
            Isa::Avx512 => unsafe { x86::pointwise_sqr_avx512(x, p) },
        }
    }

    fn garner(self, g: &Garner, x0: &mut [u32], x1: &mut [u32], x2: &mut [u32]) {
        match self {
            Isa::Portable => garner_chunk(g, x0, x1, x2),
            // SAFETY: `pick` chose these after checking the CPU.
            #[cfg(target_arch = "x86_64")]
            Isa::Avx2 => unsafe { x86::garner_avx2(g, x0, x1, x2) },
            #[cfg(target_arch = "x86_64")]
            Isa::Avx512 => unsafe { x86::garner_avx512(g, x0, x1, x2) },
        }
    }

    /// The butterflies between `x` and `y` with twiddle `w` (quotient `wq`).
    fn halves<const INVERSE: bool>(self, x: &mut [u32], y: &mut [u32], w: u32, wq: u32, p: u32) {
        match self {
            Isa::Portable => super::ntt::halves::<PORTABLE, INVERSE>(x, y, w, wq, p),
            // SAFETY: `pick` chose these after checking the CPU.
            #[cfg(target_arch = "x86_64")]
            Isa::Avx2 => unsafe { x86::halves_avx2::<INVERSE>(x, y, w, wq, p) },
            #[cfg(target_arch = "x86_64")]
            Isa::Avx512 => unsafe { x86::halves_avx512::<INVERSE>(x, y, w, wq, p) },
        }
    }
}

/// The sequential kernels compiled for AVX2 and AVX-512F.
#[cfg(target_arch = "x86_64")]
mod x86 {
    use crate::limbs::ntt::{
        forward_from, garner_isa, halves, inverse_from, load, pointwise_mul_isa, pointwise_sqr_isa,
        Garner, Twiddles, AVX2, AVX512,
    };
    use core::mem::MaybeUninit;

    /// # Safety
    /// The CPU must support AVX2.
    #[target_feature(enable = "avx2")]
    pub(super) unsafe fn load_avx2<'a>(
        x: &'a mut [MaybeUninit<u32>],
        a: &[u64],
        p: u32,
    ) -> &'a mut [u32] {
        load(x, a, p)
    }

    /// # Safety
    /// The CPU must support AVX-512F.
    #[target_feature(enable = "avx2,avx512f")]
    pub(super) unsafe fn load_avx512<'a>(
        x: &'a mut [MaybeUninit<u32>],
        a: &[u64],
        p: u32,
    ) -> &'a mut [u32] {
        load(x, a, p)
    }

    /// # Safety
    /// The CPU must support AVX2.
    #[target_feature(enable = "avx2")]
    pub(super) unsafe fn pointwise_mul_avx2(x: &mut [u32], y: &[u32], p: u32) {
        pointwise_mul_isa::<AVX2>(x, y, p);
    }

    /// # Safety
    /// The CPU must support AVX-512F.
    #[target_feature(enable = "avx2,avx512f")]
    pub(super) unsafe fn pointwise_mul_avx512(x: &mut [u32], y: &[u32], p: u32) {
        pointwise_mul_isa::<AVX512>(x, y, p);
    }

    /// # Safety
    /// The CPU must support AVX2.
    #[target_feature(enable = "avx2")]
    pub(super) unsafe fn pointwise_sqr_avx2(x: &mut [u32], p: u32) {
        pointwise_sqr_isa::<AVX2>(x, p);
    }

    /// # Safety
    /// The CPU must support AVX-512F.
    #[target_feature(enable = "avx2,avx512f")]
    pub(super) unsafe fn pointwise_sqr_avx512(x: &mut [u32], p: u32) {
        pointwise_sqr_isa::<AVX512>(x, p);
    }

    /// # Safety
    /// The CPU must support AVX2.
    #[target_feature(enable = "avx2")]
    pub(super) unsafe fn garner_avx2(g: &Garner, x0: &mut [u32], x1: &mut [u32], x2: &mut [u32]) {
        garner_isa::<AVX2>(g, x0, x1, x2);
    }

    /// # Safety
    /// The CPU must support AVX-512F.
    #[target_feature(enable = "avx2,avx512f")]
    pub(super) unsafe fn garner_avx512(g: &Garner, x0: &mut [u32], x1: &mut [u32], x2: &mut [u32]) {
        garner_isa::<AVX512>(g, x0, x1, x2);
    }

    /// # Safety
    /// The CPU must support AVX2.
    #[target_feature(enable = "avx2")]
    pub(super) unsafe fn forward_avx2(a: &mut [u32], idx: usize, tw: &Twiddles, p: u32) {
        forward_from::<AVX2>(a, idx, tw, p);
    }

    /// # Safety
    /// The CPU must support AVX-512F.
    #[target_feature(enable = "avx2,avx512f")]
    pub(super) unsafe fn forward_avx512(a: &mut [u32], idx: usize, tw: &Twiddles, p: u32) {
        forward_from::<AVX512>(a, idx, tw, p);
    }

    /// # Safety
    /// The CPU must support AVX2.
    #[target_feature(enable = "avx2")]
    pub(super) unsafe fn inverse_avx2(a: &mut [u32], idx: usize, tw: &Twiddles, p: u32) {
        inverse_from::<AVX2>(a, idx, tw, p);
    }

    /// # Safety
    /// The CPU must support AVX-512F.
    #[target_feature(enable = "avx2,avx512f")]
    pub(super) unsafe fn inverse_avx512(a: &mut [u32], idx: usize, tw: &Twiddles, p: u32) {
        inverse_from::<AVX512>(a, idx, tw, p);
    }

    /// # Safety
    /// The CPU must support AVX2.
    #[target_feature(enable = "avx2")]
    pub(super) unsafe fn halves_avx2<const INVERSE: bool>(
        x: &mut [u32],
        y: &mut [u32],
        w: u32,
        wq: u32,
        p: u32,
    ) {
        halves::<AVX2, INVERSE>(x, y, w, wq, p);
    }

    /// # Safety
    /// The CPU must support AVX-512F.
    #[target_feature(enable = "avx2,avx512f")]
    pub(super) unsafe fn halves_avx512<const INVERSE: bool>(
        x: &mut [u32],
        y: &mut [u32],
        w: u32,
        wq: u32,
        p: u32,
    ) {
        halves::<AVX512, INVERSE>(x, y, w, wq, p);
    }
}

/// The butterflies between `x` and `y` in two tasks (four, eight, ... while long).
fn halves_par<const INVERSE: bool>(
    isa: Isa,
    x: &mut [u32],
    y: &mut [u32],
    w: u32,
    wq: u32,
    p: u32,
) {
    if x.len() <= PAR_POINTS {
        return isa.halves::<INVERSE>(x, y, w, wq, p);
    }
    let h = x.len() / 2;
    let (x0, x1) = x.split_at_mut(h);
    let (y0, y1) = y.split_at_mut(h);
    rayon::join(
        || halves_par::<INVERSE>(isa, x0, y0, w, wq, p),
        || halves_par::<INVERSE>(isa, x1, y1, w, wq, p),
    );
}

/// `ntt::forward_from` on all threads.
fn forward_par(isa: Isa, a: &mut [u32], idx: usize, tw: &Twiddles, p: u32) {
    if a.len() <= PAR_POINTS {
        return isa.forward(a, idx, tw, p);
    }
    let (x, y) = a.split_at_mut(a.len() / 2);
    halves_par::<false>(isa, x, y, tw.fwd[idx], tw.fwd_q[idx], p);
    rayon::join(
        || forward_par(isa, x, 2 * idx, tw, p),
        || forward_par(isa, y, 2 * idx + 1, tw, p),
    );
}

/// `ntt::inverse_from` on all threads.
fn inverse_par(isa: Isa, a: &mut [u32], idx: usize, tw: &Twiddles, p: u32) {
    if a.len() <= PAR_POINTS {
        return isa.inverse(a, idx, tw, p);
    }
    let (x, y) = a.split_at_mut(a.len() / 2);
    rayon::join(
        || inverse_par(isa, x, 2 * idx, tw, p),
        || inverse_par(isa, y, 2 * idx + 1, tw, p),
    );
    halves_par::<true>(isa, x, y, tw.inv[idx], tw.inv_q[idx], p);
}

/// One prime's convolution: its third of `f`, of `g` (none for a square), twiddles and prime.
type Task<'a> = (
    &'a mut [MaybeUninit<u32>],
    Option<&'a mut [MaybeUninit<u32>]>,
    &'a Twiddles,
    u32,
);

/// `ntt::convolve` on all threads: `f` holds the three primes' thirds, `g` as many for the
/// transforms of `b` (empty for a square); the tasks write every word of `f` and `g` before
/// they read it.
pub(super) fn convolve_par(
    isa: Isa,
    f: &mut [MaybeUninit<u32>],
    g: &mut [MaybeUninit<u32>],
    a: &[u64],
    b: Option<&[u64]>,
    tw: &[Twiddles; 3],
    used: usize,
) {
    let n = f.len() / 3;
    debug_assert_eq!(f.len(), 3 * n);
    let gs: Vec<&mut [MaybeUninit<u32>]> = if b.is_some() {
        g.chunks_exact_mut(n).collect()
    } else {
        Vec::new()
    };
    let mut gs = gs.into_iter();
    let tasks: Vec<Task<'_>> = f
        .chunks_exact_mut(n)
        .zip(tw.iter())
        .zip(PRIMES)
        .map(|((x, tw), p)| (x, gs.next(), tw, p))
        .collect();
    tasks.into_par_iter().for_each(|(x, g, tw, p)| {
        let fwd = |x: &mut [MaybeUninit<u32>], a: &[u64]| {
            let x = isa.load(x, a, p);
            forward_par(isa, x, 1, tw, p);
        };
        match (b, g) {
            (Some(b), Some(g)) => {
                rayon::join(|| fwd(&mut x[..], a), || fwd(&mut g[..], b));
                // SAFETY: both transforms above loaded every word of `x` and `g`.
                let (x, g) = unsafe { (assume_init(x), assume_init(g)) };
                x.par_chunks_mut(CHUNK)
                    .zip(g.par_chunks(CHUNK))
                    .for_each(|(x, g)| isa.pointwise_mul(x, g, p));
                inverse_par(isa, x, 1, tw, p);
            }
            _ => {
                let x = isa.load(x, a, p);
                forward_par(isa, x, 1, tw, p);
                x.par_chunks_mut(CHUNK)
                    .for_each(|x| isa.pointwise_sqr(x, p));
                inverse_par(isa, x, 1, tw, p);
            }
        }
    });
    // SAFETY: each task loaded its third of `f`.
    let f = unsafe { assume_init(f) };
    let (f0, rest) = f.split_at_mut(n);
    let (f1, f2) = rest.split_at_mut(n);
    let garner_consts = Garner::for_len(n);
    f0[..used]
        .par_chunks_mut(CHUNK)
        .zip(f1[..used].par_chunks_mut(CHUNK))
        .zip(f2[..used].par_chunks_mut(CHUNK))
        .for_each(|((x0, x1), x2)| isa.garner(garner_consts, x0, x1, x2));
}

/// `ntt::recombine` in chunks of `CHUNK` limbs: each chunk sums its coefficients alone, then
/// the carries out of the chunks are added in, lowest first. Returns the carry out of `r`.
pub(super) fn recombine_par(r: &mut [u64], d0: &[u32], d1: &[u32], d2: &[u32]) -> u128 {
    let carries: Vec<u128> = r
        .par_chunks_mut(CHUNK)
        .enumerate()
        .map(|(j, chunk)| {
            let start = (2 * j * CHUNK).min(d0.len());
            let end = (2 * (j * CHUNK + chunk.len())).min(d0.len());
            recombine(chunk, &d0[start..end], &d1[start..end], &d2[start..end])
        })
        .collect();
    let mut carry = 0u128;
    for (j, chunk) in r.chunks_mut(CHUNK).enumerate() {
        // The carry into this chunk: at most about 2^90, two limbs.
        let (lo, hi) = (carry as u64, (carry >> 64) as u64);
        let mut out = add_1_assign(chunk, lo) as u128;
        if chunk.len() > 1 {
            out += add_1_assign(&mut chunk[1..], hi) as u128;
        } else {
            out += hi as u128;
        }
        carry = carries[j] + out;
    }
    carry
}
