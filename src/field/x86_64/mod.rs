//! The x86_64 fast path: 4- and 6-limb Montgomery multiplication and squaring on MULX/ADCX/ADOX
//! kernels (when the CPU has BMI2 and ADX): `limbs::mont_mul_4`/`mont_sqr_4` for any 4-limb p,
//! the kernels of this folder for the no-carry and special moduli. The no-carry
//! kernels return values below 2p, kept so by lazy fields ([`Params::lazy`]) and reduced here
//! for the others; the rest end with the final subtraction of p. Other sizes, and 6-limb
//! moduli with a full top limb, return `None` and take the portable path. p = 2^255 − 19 and
//! p = 2^256 − c (secp256k1) have their own multiplication kernels. 4-limb addition and
//! subtraction have ADX kernels too ([`mod_add_4`], [`mod_sub_4`]).

mod add;
mod divstep;
mod mont_nc;
mod mont_special;

pub use add::*;
pub use divstep::*;
pub use mont_nc::*;
pub use mont_special::*;

use super::Params;
use crate::limbs;

/// Whether the kernels may run: a constant when the target features are enabled at compile time.
#[inline(always)]
fn has_mulx_adx() -> bool {
    cfg!(all(target_feature = "bmi2", target_feature = "adx")) || limbs::has_bmi2_adx()
}

/// `x` as an array of `M` limbs (`M == N`): the kernels' results back in the field's type.
#[inline(always)]
fn resize<const N: usize, const M: usize>(x: &[u64; N]) -> [u64; M] {
    let mut r = [0u64; M];
    r.copy_from_slice(x);
    r
}

/// `x` itself as an array of `M` limbs (`M == N`), without the copy of [`resize`]: the kernel
/// then reads the caller's value where it is, and a square passes one array for both factors
/// (two copies made a chain of squarings store its value twice and reload it piecemeal).
#[inline(always)]
fn same<const N: usize, const M: usize>(x: &[u64; N]) -> &[u64; M] {
    x.as_slice().try_into().expect("same size")
}

/// p followed by −p⁻¹ mod 2^64 (and by the high limb of −p⁻¹ mod 2^128 when `K` has room), as
/// the kernels take them: a reference into the field's constant, not a copy.
#[inline(always)]
fn pk<const N: usize, const K: usize>(p: &Params<N>) -> &[u64; K] {
    p.kernel[..K].try_into().expect("kernel constants")
}

/// Whether p is 2^255 − 19 (limbs 2^64 − 19, 2^64 − 1, 2^64 − 1, 2^63 − 1), which has its own
/// multiplication kernel. `p` is a field's constant, so this folds at compile time.
#[inline(always)]
const fn is_p25519<const N: usize>(p: &Params<N>) -> bool {
    N == 4
        && p.modulus[0] == u64::MAX - 18
        && p.modulus[1] == u64::MAX
        && p.modulus[2] == u64::MAX
        && p.modulus[N - 1] == u64::MAX >> 1
}

/// Whether p = 2^256 − c with its upper three limbs all ones (secp256k1's p), which has its own
/// multiplication kernel. Folds at compile time, as [`is_p25519`].
#[inline(always)]
const fn is_pm256<const N: usize>(p: &Params<N>) -> bool {
    N == 4 && p.modulus[1] == u64::MAX && p.modulus[2] == u64::MAX && p.modulus[N - 1] == u64::MAX
}

/// −p⁻¹ mod 2^64 and c = 2^64 − p[0], as `mont_mul_pm256` takes them.
#[inline(always)]
fn pm256_constants<const N: usize>(p: &Params<N>) -> [u64; 2] {
    [p.inv, p.modulus[0].wrapping_neg()]
}

/// A kernel's result (below 2p) in the field's representation: as it is for a lazy field,
/// else reduced below p.
#[inline(always)]
fn represented<const N: usize>(x: [u64; N], p: &Params<N>) -> [u64; N] {
    match N {
        _ if p.lazy => x,
        4 => resize(&reduce_once_4(resize(&x), same(&p.modulus))),
        _ => resize(&reduce_once_6(resize(&x), same(&p.modulus))),
    }
}

/// a·b·R⁻¹ mod p on the MULX/ADX kernels, if there is one for this size and CPU.
#[inline(always)]
pub fn mul<const N: usize>(a: &[u64; N], b: &[u64; N], p: &Params<N>) -> Option<[u64; N]> {
    match N {
        4 if is_p25519(p) => Some(resize(&mont_mul_25519(same(a), same(b))?)),
        4 if is_pm256(p) => Some(resize(&mont_mul_pm256(
            same(a),
            same(b),
            &pm256_constants(p),
        )?)),
        4 if p.no_carry => Some(represented(
            resize(&mont_mul_4_nc(same(a), same(b), pk(p))?),
            p,
        )),
        4 => Some(resize(&limbs::mont_mul_4(same(a), same(b), pk(p))?)),
        6 if p.no_carry => Some(represented(
            resize(&mont_mul_6_nc(same(a), same(b), pk(p))?),
            p,
        )),
        _ => None,
    }
}

/// a²·R⁻¹ mod p on the MULX/ADX kernels, if there is one for this size and CPU.
#[inline(always)]
pub fn sqr<const N: usize>(a: &[u64; N], p: &Params<N>) -> Option<[u64; N]> {
    match N {
        4 if is_pm256(p) => Some(resize(&mont_mul_pm256(
            same(a),
            same(a),
            &pm256_constants(p),
        )?)),
        4 if p.no_carry => Some(represented(resize(&mont_sqr_4_nc(same(a), pk(p))?), p)),
        4 => Some(resize(&limbs::mont_sqr_4(same(a), pk(p))?)),
        6 if p.no_carry => Some(represented(resize(&mont_sqr_6_nc(same(a), pk(p))?), p)),
        _ => None,
    }
}

/// x − y mod 2^(64N) as `M` = N limbs: b − p for the sum kernel's second chain, p − b for the
/// difference kernel's.
#[inline(always)]
fn difference<const N: usize, const M: usize>(x: &[u64; N], y: &[u64; N]) -> [u64; M] {
    let mut r = [0u64; M];
    let mut borrow = 0;
    for i in 0..N {
        (r[i], borrow) = limbs::sbb(x[i], y[i], borrow);
    }
    r
}

/// a − b modulo the bound: for four limbs on the ADX kernel, on a CPU that has it, with
/// bound − b formed here (a loop subtracting the same b hoists it); for six limbs on
/// `mod_sub_6`; `None` otherwise and without ADX.
#[inline(always)]
pub fn sub<const N: usize>(a: &[u64; N], b: &[u64; N], bound: &[u64; N]) -> Option<[u64; N]> {
    match N {
        4 => Some(resize(&mod_sub_4(
            same(a),
            same(b),
            &difference::<N, 4>(bound, b),
        )?)),
        6 => Some(resize(&mod_sub_6(same(a), same(b), same(bound))?)),
        _ => None,
    }
}

/// The plain sum a + b of six limbs, without the carry out (callers know there is none).
#[inline(always)]
fn sum_6(a: &[u64; 6], b: &[u64; 6]) -> [u64; 6] {
    let mut s = [0u64; 6];
    let mut carry = 0;
    for i in 0..6 {
        (s[i], carry) = limbs::adc(a[i], b[i], carry);
    }
    s
}

/// a + b modulo the field's bound (p, or 2p for a lazy field): for 4-limb bounds on the ADX
/// kernel, on a CPU that has it, with b − bound formed here (a loop adding the same b hoists
/// it); for 6-limb bounds below 2^383 (so a + b fits in six limbs) the plain sum, then
/// `reduce_once_6`, on any x86_64. (A 6-limb twin of the 4-limb kernel was slower than that in a
/// chain `x = x + y`: with b read from memory and b − bound in six registers, thirteen in all,
/// the compiler copied b to the stack and formed b − bound again at every addition. The
/// portable code's masked select, when the addition is not inlined, is stored as vector words
/// that the caller reloads as single words, which stalls store forwarding; the sum and
/// `reduce_once_6` stay in general registers, and the inline assembly keeps the addition small
/// enough for the compiler to inline where it would not inline the portable code.)
#[inline(always)]
pub fn add<const N: usize>(a: &[u64; N], b: &[u64; N], p: &Params<N>) -> Option<[u64; N]> {
    match N {
        4 => Some(resize(&mod_add_4(
            same(a),
            same(b),
            &difference::<N, 4>(b, &p.bound),
        )?)),
        6 if p.bound[N - 1] < 1 << 63 => Some(resize(&reduce_once_6(
            sum_6(same(a), same(b)),
            same(&p.bound),
        ))),
        _ => None,
    }
}
