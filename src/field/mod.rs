//! Prime-field arithmetic on `[u64; N]` in Montgomery form, as generic functions: the engine
//! behind [`prime_field!`](crate::prime_field), whose generated methods are thin wrappers
//! around these (so the macro body stays small and everything here is compiled and tested
//! once, for every limb count).

pub mod arith;
pub mod divstep;
pub mod inv;
mod inv_lehmer;
mod macros;
pub mod mont;
mod params;
pub mod pow;
mod prime;
pub mod sqrt;
mod traits;
#[cfg(target_arch = "x86_64")]
#[allow(unsafe_code)]
mod x86_64;

pub use params::{limbs_of, Params};
pub use sqrt::SqrtParams;

#[cfg(feature = "alloc")]
use crate::Int;
use crate::Uint;
use subtle::{Choice, ConditionallySelectable, ConstantTimeEq};

/// `ceil(bits / 8)` of the modulus written `s`: the byte length of a field element.
pub const fn bytes_of(s: &str) -> usize {
    let w = params::parse_wide(s);
    let n = limbs_of(s);
    (64 * n - w[n - 1].leading_zeros() as usize).div_ceil(8)
}

/// The Montgomery form of `x` reduced mod p, for any [`Int`] (negative ones too): Horner's
/// rule over N-limb chunks from the top, each step one multiplication by R² mod p.
#[cfg(feature = "alloc")]
pub fn from_int<const N: usize>(x: &Int, p: &Params<N>) -> [u64; N] {
    let limbs = x.as_limbs();
    let mut acc = [0u64; N];
    let chunks = limbs.len().div_ceil(N);
    for c in (0..chunks).rev() {
        let part = &limbs[c * N..limbs.len().min(c * N + N)];
        let mut w = [0u64; N];
        w[..part.len()].copy_from_slice(part);
        // acc·R (the Montgomery form of acc·2^(64N)) plus the chunk.
        acc = mont::mul(&acc, &p.r2, p);
        acc = arith::add(&acc, &p.to_mont(&w), p);
    }
    if x.is_negative() {
        acc = arith::neg(&acc, &p.bound);
    }
    acc
}

/// The Montgomery form of the canonical value `x` and whether `x < p`, constant-time.
pub fn from_canonical<const N: usize>(x: &Uint<N>, p: &Params<N>) -> ([u64; N], Choice) {
    let ok = Choice::from(x.lt_word(&Uint::from_words(p.modulus)) as u8);
    let m = mont::mul_cios(&x.limbs, &p.r2, &p.modulus, p.inv);
    (m, ok)
}

/// The Montgomery form of a little-endian value of up to 16N bytes, reduced mod p:
/// lo + hi·2^(64N) becomes mont(lo, R²) + mont(hi, R³).
pub fn from_wide_le<const N: usize>(bytes: &[u8], p: &Params<N>) -> [u64; N] {
    let split = bytes.len().min(8 * N);
    let lo = Uint::<N>::from_le_slice(&bytes[..split]);
    let hi = Uint::<N>::from_le_slice(&bytes[split..]);
    let a = mont::mul_cios(&lo.limbs, &p.r2, &p.modulus, p.inv);
    let b = mont::mul_cios(&hi.limbs, &p.r3, &p.modulus, p.inv);
    arith::add(&a, &b, p)
}

/// The canonical value of `x` as little-endian bytes into `out` (`out.len() ≤ 8N`, holding
/// every significant byte).
pub fn to_le_bytes<const N: usize>(x: &[u64; N], p: &Params<N>, out: &mut [u8]) {
    let v = p.from_mont(x);
    for (i, b) in out.iter_mut().enumerate() {
        *b = (v[i / 8] >> (8 * (i % 8))) as u8;
    }
}

/// The Legendre symbol of the Montgomery-form `x`: 0, 1 or −1 (Euler's criterion, one
/// exponentiation by the public (p − 1)/2, constant-time in `x`).
pub fn legendre<const N: usize>(x: &[u64; N], p: &Params<N>) -> i8 {
    let e = Uint::from_words(p.modulus_minus(1)).shr_vartime(1);
    let l = Uint::from_words(p.canonical(&pow::pow_vartime(x, &e.limbs, p)));
    let one = l.ct_eq(&Uint::from_words(p.r));
    let zero = l.is_zero();
    let mut r = -1i8;
    r.conditional_assign(&1, one);
    r.conditional_assign(&0, zero);
    r
}

/// Replaces every element by its inverse with one inversion and 3(n − 1) multiplications
/// (Montgomery's trick); zeros stay zero. Constant-time in the values. Without the `alloc`
/// feature the prefix products live on the stack, and the trick runs on blocks of
/// 32 elements (one inversion per block).
pub fn batch_invert<T: Copy + ConditionallySelectable>(
    xs: &mut [T],
    one: T,
    is_zero: impl Fn(&T) -> Choice,
    mul: impl Fn(&T, &T) -> T,
    invert: impl Fn(&T) -> T,
) {
    #[cfg(feature = "alloc")]
    let mut prefix = alloc::vec![one; xs.len()];
    #[cfg(feature = "alloc")]
    let blocks = xs.chunks_mut(xs.len().max(1));
    #[cfg(not(feature = "alloc"))]
    let mut prefix = [one; BATCH_BLOCK];
    #[cfg(not(feature = "alloc"))]
    let blocks = xs.chunks_mut(BATCH_BLOCK);
    for xs in blocks {
        // prefix[i] = product of the nonzero xs[..i].
        let mut acc = one;
        for (x, before) in xs.iter().zip(prefix.iter_mut()) {
            *before = acc;
            acc = T::conditional_select(&mul(&acc, x), &acc, is_zero(x));
        }
        let mut inv = invert(&acc);
        for (x, before) in xs.iter_mut().zip(prefix.iter()).rev() {
            let zero = is_zero(x);
            let this = mul(&inv, before);
            inv = T::conditional_select(&mul(&inv, x), &inv, zero);
            *x = T::conditional_select(&this, x, zero);
        }
    }
}

/// The block of [`batch_invert`] without a heap.
#[cfg(not(feature = "alloc"))]
const BATCH_BLOCK: usize = 32;

/// Bytes of an array, for the `Repr` of `ff::PrimeField` (arrays longer than 32 have no
/// `Default`). Little-endian, as [`to_bytes_le`](crate::fields::bn254::Fq::to_bytes_le).
///
/// ```
/// let r = carry::FieldBytes([1u8, 2, 3]);
/// assert_eq!(r.as_ref(), &[1, 2, 3]);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FieldBytes<const B: usize>(pub [u8; B]);

impl<const B: usize> Default for FieldBytes<B> {
    fn default() -> Self {
        FieldBytes([0; B])
    }
}

impl<const B: usize> AsRef<[u8]> for FieldBytes<B> {
    fn as_ref(&self) -> &[u8] {
        &self.0
    }
}

impl<const B: usize> AsMut<[u8]> for FieldBytes<B> {
    fn as_mut(&mut self) -> &mut [u8] {
        &mut self.0
    }
}
