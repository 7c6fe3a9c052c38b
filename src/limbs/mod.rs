//! Kernels on little-endian `u64` limb slices, in the manner of GMP's `mpn` layer.
//!
//! Nothing here knows about signs, types or allocation: callers pass output slices of the
//! documented length (and scratch space where an algorithm needs it). Unless a function says
//! otherwise, inputs need not be normalised (top limbs may be zero).

mod add;
#[cfg(target_arch = "x86_64")]
mod add_avx512;
mod bdiv;
mod cpu;
mod div;
mod div_1;
mod div_appr;
mod div_dc;
mod div_mu;
mod div_q;
#[cfg(all(feature = "alloc", not(feature = "std")))]
mod float;
mod lehmer;
mod mod_1;
mod mul;
#[cfg(feature = "alloc")]
mod ntt;
#[cfg(not(feature = "alloc"))]
#[path = "ntt_none.rs"]
mod ntt;
#[cfg(all(target_arch = "x86_64", feature = "alloc"))]
mod ntt_avx2;
#[cfg(all(target_arch = "x86_64", feature = "alloc"))]
mod ntt_avx512;
#[cfg(feature = "parallel")]
mod ntt_par;
#[cfg(feature = "alloc")]
mod radix;
#[cfg(feature = "alloc")]
mod radix_base;
mod redc;
mod redc_mul;
mod shift;
mod sqrt;
mod tabselect;
mod toom;
mod toom4;
mod word;
#[cfg(target_arch = "x86_64")]
mod x86;

pub use add::*;
pub use bdiv::*;
pub use cpu::*;
pub use div::*;
pub use div_appr::*;
pub use div_dc::*;
pub use div_mu::*;
pub use div_q::*;
#[cfg(all(feature = "alloc", not(feature = "std")))]
pub(crate) use float::FloatMath;
pub use lehmer::*;
pub use mod_1::*;
pub use mul::*;
pub use ntt::*;
#[cfg(feature = "alloc")]
pub use radix::*;
#[cfg(feature = "alloc")]
pub use radix_base::*;
pub use redc::*;
pub use redc_mul::*;
pub use shift::*;
pub use sqrt::*;
pub use tabselect::*;
pub use toom::*;
pub use toom4::*;
pub use word::*;
#[cfg(target_arch = "x86_64")]
pub use x86::*;

/// A limb: one 64-bit digit of a multi-precision number.
pub type Limb = u64;

/// Bits in a limb.
pub const LIMB_BITS: u32 = 64;

/// The length of `a` without its high zero limbs.
#[inline]
pub fn normalized_len(a: &[u64]) -> usize {
    let mut n = a.len();
    while n > 0 && a[n - 1] == 0 {
        n -= 1;
    }
    n
}

/// `a` without its high zero limbs.
#[inline]
pub fn normalized(a: &[u64]) -> &[u64] {
    &a[..normalized_len(a)]
}

/// Test operands for the kernels' unit tests: `n` limbs from an LCG, one in eight zero and one
/// in eight all ones, so carry chains run long.
#[cfg(test)]
pub(crate) fn test_limbs(n: usize, seed: &mut u64) -> Vec<u64> {
    (0..n)
        .map(|_| {
            *seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            match *seed >> 61 {
                0 => 0,
                1 => u64::MAX,
                _ => *seed ^ (*seed >> 29),
            }
        })
        .collect()
}
