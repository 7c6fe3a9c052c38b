//! Multiplication and squaring: the single-limb kernels, schoolbook (O(n·m)) base cases and the
//! dispatcher [`mul`] / [`sqr`] that picks base case, Karatsuba, Toom-3 (see [`super::toom`]),
//! Toom-4 for products (see [`super::toom4`]) or the three-prime NTT (see [`super::ntt`]) by
//! the crossovers in [`crate::thresholds`], splitting very unbalanced operands into pieces
//! below the NTT.

use super::add::add_assign;
use super::ntt::{mul_ntt, ntt_fits, sqr_ntt};
use super::toom::{mul_karatsuba, mul_toom3, sqr_karatsuba, sqr_toom3};
use super::toom4::mul_toom4;
use super::word::adc;
use crate::thresholds::{
    MUL_KARATSUBA, MUL_NTT, MUL_NTT_UNBALANCED, MUL_TOOM3, MUL_TOOM4, SQR_KARATSUBA, SQR_NTT,
    SQR_TOOM3,
};

#[inline(always)]
fn mac(a: u64, b: u64, c: u64, d: u64) -> (u64, u64) {
    // a·b + c + d never overflows 128 bits.
    let p = (a as u128) * (b as u128) + (c as u128) + (d as u128);
    (p as u64, (p >> 64) as u64)
}

/// Rows of at least this many limbs take the MULX/ADX `mul_1` kernel where the CPU has it.
#[cfg(target_arch = "x86_64")]
const MUL_1_ADX: usize = 8;

/// `r = a·b + carry_in` with `r.len() == a.len()`; returns the high limb.
#[inline]
fn mul_1c(r: &mut [u64], a: &[u64], b: u64, carry_in: u64) -> u64 {
    let r = &mut r[..a.len()];
    #[cfg(target_arch = "x86_64")]
    if a.len() >= MUL_1_ADX && super::x86::has_bmi2_adx() {
        // SAFETY: the CPU supports BMI2 and ADX, checked just above; `r` and `a` hold
        // `a.len()` limbs each and, as distinct borrows, do not overlap.
        return unsafe { super::x86::mul_1c_adx(r.as_mut_ptr(), a.as_ptr(), a.len(), b, carry_in) };
    }
    mul_1c_portable(r, a, b, carry_in)
}

/// The portable twin of the `mul_1` kernels: `r = a·b + carry_in`, returning the high limb.
#[inline]
fn mul_1c_portable(r: &mut [u64], a: &[u64], b: u64, carry_in: u64) -> u64 {
    let r = &mut r[..a.len()];
    let mut carry = carry_in;
    for (ri, &ai) in r.iter_mut().zip(a) {
        (*ri, carry) = mac(ai, b, carry, 0);
    }
    carry
}

/// `r = a·b` with `r.len() == a.len()`; returns the high limb of the product. Rows of eight
/// limbs or more use the MULX/ADX kernel where the CPU has it.
///
/// ```
/// let mut r = [0; 2];
/// assert_eq!(carry::limbs::mul_1(&mut r, &[u64::MAX, 1], 3), 0);
/// assert_eq!(r, [u64::MAX - 2, 5]);
/// ```
#[inline]
pub fn mul_1(r: &mut [u64], a: &[u64], b: u64) -> u64 {
    debug_assert_eq!(r.len(), a.len());
    mul_1c(r, a, b, 0)
}

/// The portable twin of [`mul_1`].
///
/// ```
/// let mut r = [0; 2];
/// assert_eq!(carry::limbs::mul_1_portable(&mut r, &[u64::MAX, 1], 3), 0);
/// assert_eq!(r, [u64::MAX - 2, 5]);
/// ```
pub fn mul_1_portable(r: &mut [u64], a: &[u64], b: u64) -> u64 {
    mul_1c_portable(r, a, b, 0)
}

/// `a = a·b + carry_in` in place; returns the high limb.
#[inline]
pub(crate) fn mul_1c_assign(a: &mut [u64], b: u64, carry_in: u64) -> u64 {
    #[cfg(target_arch = "x86_64")]
    if a.len() >= MUL_1_ADX && super::x86::has_bmi2_adx() {
        let p = a.as_mut_ptr();
        // SAFETY: the CPU supports BMI2 and ADX, checked just above; the kernel allows its
        // destination to be its source, and `a` holds `a.len()` limbs.
        return unsafe { super::x86::mul_1c_adx(p, p, a.len(), b, carry_in) };
    }
    let mut carry = carry_in;
    for ai in a.iter_mut() {
        (*ai, carry) = mac(*ai, b, carry, 0);
    }
    carry
}

/// `a = a·b` in place (any length); returns the high limb of the product.
#[inline]
pub fn mul_1_assign(a: &mut [u64], b: u64) -> u64 {
    mul_1c_assign(a, b, 0)
}

/// `(a0 + a1·B)·b` as a two-limb low part and a high limb.
#[inline(always)]
fn mul_pair(a0: u64, a1: u64, b: u64) -> (u128, u64) {
    let p0 = (a0 as u128) * (b as u128);
    let p1 = (a1 as u128) * (b as u128);
    let (mid, c) = ((p0 >> 64) as u64).overflowing_add(p1 as u64);
    let t2 = ((p1 >> 64) as u64) + c as u64;
    ((p0 as u64 as u128) | ((mid as u128) << 64), t2)
}

/// `r += a·b` with `r.len() == a.len()`; returns the carry limb out of the top. Rows of eight
/// limbs or more use the MULX/ADX kernel where the CPU has it.
#[inline]
pub fn addmul_1(r: &mut [u64], a: &[u64], b: u64) -> u64 {
    #[cfg(target_arch = "x86_64")]
    if a.len() >= 8 && super::x86::has_bmi2_adx() {
        // SAFETY: the CPU supports BMI2 and ADX, checked just above.
        return unsafe { super::x86::addmul_1_adx(r, a, b) };
    }
    addmul_1_portable(r, a, b)
}

/// The portable twin of [`addmul_1`].
#[inline]
pub fn addmul_1_portable(r: &mut [u64], a: &[u64], b: u64) -> u64 {
    debug_assert_eq!(r.len(), a.len());
    let r = &mut r[..a.len()];
    let mut carry = 0;
    // Limb pairs: the two-limb sums are formed off the carry chain, which then costs one
    // two-limb addition per pair.
    let mut rc = r.chunks_exact_mut(2);
    let mut ac = a.chunks_exact(2);
    for (rp, ap) in (&mut rc).zip(&mut ac) {
        let (t, t2) = mul_pair(ap[0], ap[1], b);
        let x = (rp[0] as u128) | ((rp[1] as u128) << 64);
        let (s, c1) = x.overflowing_add(t);
        let (s, c2) = s.overflowing_add(carry as u128);
        rp[0] = s as u64;
        rp[1] = (s >> 64) as u64;
        carry = t2 + c1 as u64 + c2 as u64;
    }
    for (ri, &ai) in rc.into_remainder().iter_mut().zip(ac.remainder()) {
        (*ri, carry) = mac(ai, b, *ri, carry);
    }
    carry
}

/// `r -= a·b` with `r.len() == a.len()`; returns the borrow limb out of the top (the limb that
/// must be subtracted from the next position up). Rows of eight limbs or more use the
/// MULX/ADX kernel where the CPU has it.
#[inline]
pub fn submul_1(r: &mut [u64], a: &[u64], b: u64) -> u64 {
    #[cfg(target_arch = "x86_64")]
    if a.len() >= 8 && super::x86::has_bmi2_adx() {
        // SAFETY: the CPU supports BMI2 and ADX, checked just above.
        return unsafe { super::x86::submul_1_adx(r, a, b) };
    }
    submul_1_portable(r, a, b)
}

/// The portable twin of [`submul_1`].
#[inline]
pub fn submul_1_portable(r: &mut [u64], a: &[u64], b: u64) -> u64 {
    debug_assert_eq!(r.len(), a.len());
    let r = &mut r[..a.len()];
    let mut borrow = 0;
    let mut rc = r.chunks_exact_mut(2);
    let mut ac = a.chunks_exact(2);
    for (rp, ap) in (&mut rc).zip(&mut ac) {
        let (t, t2) = mul_pair(ap[0], ap[1], b);
        let x = (rp[0] as u128) | ((rp[1] as u128) << 64);
        let (s, b1) = x.overflowing_sub(t);
        let (s, b2) = s.overflowing_sub(borrow as u128);
        rp[0] = s as u64;
        rp[1] = (s >> 64) as u64;
        borrow = t2 + b1 as u64 + b2 as u64;
    }
    for (ri, &ai) in rc.into_remainder().iter_mut().zip(ac.remainder()) {
        let (lo, hi) = mac(ai, b, borrow, 0);
        let (d, o) = ri.overflowing_sub(lo);
        *ri = d;
        borrow = hi + o as u64;
    }
    borrow
}

/// Two schoolbook rows at once: with `n == a.len()` and `r.len() == n + 1`, sets
/// `r[..=n] = r[..n] + a·(b0 + b1·2^64) + carry_in` (the old `r[n]` is ignored) and returns the
/// limb above `r[n]`. One pass over `r` per two limbs of the multiplier.
#[inline]
fn addmul_2(r: &mut [u64], a: &[u64], b0: u64, b1: u64, carry_in: u64) -> u64 {
    let n = a.len();
    let (r, top) = r.split_at_mut(n);
    let mut lo = carry_in;
    let mut hi = 0;
    for (ri, &ai) in r.iter_mut().zip(a) {
        let (x, c) = mac(ai, b0, *ri, lo);
        *ri = x;
        (lo, hi) = mac(ai, b1, c, hi);
    }
    top[0] = lo;
    hi
}

/// Schoolbook product `r = a·b`; requires `a.len() >= b.len() >= 1` and
/// `r.len() == a.len() + b.len()`. O(a.len()·b.len()), no scratch. A one-limb b is one
/// `mul_1` pass, a two-limb b under a longer a a `mul_1` and an `addmul_1` pass (faster than
/// the ADX rows, which clear r and add a row per limb). Small shapes (a
/// of up to eight limbs against b of up to four, equal lengths up to seven) take fixed-size
/// schoolbook products unrolled by the compiler (`mul_fixed`, `mul_halves`). Uses the
/// MULX/ADX kernels where the CPU has it: the straight-line 4×4 and 8×8 products at those
/// shapes, otherwise the register-window rows of `mul_n8_adx` for the first eight limbs of b
/// and one row per limb after them.
#[inline]
pub fn mul_basecase(r: &mut [u64], a: &[u64], b: &[u64]) {
    if let ([a0, a1], [b0, b1]) = (a, b) {
        r[..4].copy_from_slice(&mul_2x2([*a0, *a1], [*b0, *b1]));
        return;
    }
    if let (Ok(a), Ok(b), Ok(r)) = (
        <&[u64; 4]>::try_from(a),
        <&[u64; 4]>::try_from(b),
        <&mut [u64; 8]>::try_from(&mut *r),
    ) {
        return mul_4x4_into(r, a, b);
    }
    match (a.len(), b.len()) {
        (an, 1) => {
            r[an] = mul_1(&mut r[..an], a, b[0]);
            return;
        }
        (an, 2) if an > 8 => {
            r[an] = mul_1(&mut r[..an], a, b[0]);
            r[an + 1] = addmul_1(&mut r[1..an + 1], a, b[1]);
            return;
        }
        (3, 3) => return mul_fixed::<3, 3>(r, a.try_into().unwrap(), b.try_into().unwrap()),
        (5, 5) => return mul_fixed::<5, 5>(r, a.try_into().unwrap(), b.try_into().unwrap()),
        (6, 6) => return mul_halves::<3, 3>(r, a, b),
        (7, 7) => return mul_halves::<4, 3>(r, a, b),
        (an, bn) if an <= 8 && (2..=4).contains(&bn) && mul_fixed_unbalanced(r, a, b) => return,
        _ => {}
    }
    #[cfg(target_arch = "x86_64")]
    if a.len() >= 2 && super::x86::has_bmi2_adx() {
        if let (Ok(a), Ok(b), Ok(r)) = (
            <&[u64; 8]>::try_from(a),
            <&[u64; 8]>::try_from(b),
            <&mut [u64; 16]>::try_from(&mut *r),
        ) {
            // SAFETY: the CPU supports BMI2 and ADX, checked just above.
            return unsafe { super::x86::mul_8x8_adx(r, a, b) };
        }
        // SAFETY: the CPU supports BMI2 and ADX, checked just above.
        return unsafe { super::x86::mul_basecase_adx(r, a, b) };
    }
    mul_basecase_portable(r, a, b)
}

/// `r = a·b` by [`mul_fixed`] for a of three to eight limbs and b of two to four (fewer than
/// a's); returns whether it did. The ADX rows load and store the running sum once a row and
/// cost a few ns each in setting up, which dominates at these shapes; unrolled, such products
/// take about half the time. Out of line, so that the equal shapes before it stay a jump
/// away.
#[inline(never)]
fn mul_fixed_unbalanced(r: &mut [u64], a: &[u64], b: &[u64]) -> bool {
    fn fixed<const M: usize, const N: usize>(r: &mut [u64], a: &[u64], b: &[u64]) {
        mul_fixed::<M, N>(r, a.try_into().unwrap(), b.try_into().unwrap());
    }
    match (a.len(), b.len()) {
        (3, 2) => fixed::<3, 2>(r, a, b),
        (4, 2) => fixed::<4, 2>(r, a, b),
        (5, 2) => fixed::<5, 2>(r, a, b),
        (6, 2) => fixed::<6, 2>(r, a, b),
        (7, 2) => fixed::<7, 2>(r, a, b),
        (8, 2) => fixed::<8, 2>(r, a, b),
        (4, 3) => fixed::<4, 3>(r, a, b),
        (5, 3) => fixed::<5, 3>(r, a, b),
        (6, 3) => fixed::<6, 3>(r, a, b),
        (7, 3) => fixed::<7, 3>(r, a, b),
        (8, 3) => fixed::<8, 3>(r, a, b),
        (5, 4) => fixed::<5, 4>(r, a, b),
        (6, 4) => fixed::<6, 4>(r, a, b),
        (7, 4) => fixed::<7, 4>(r, a, b),
        (8, 4) => fixed::<8, 4>(r, a, b),
        _ => return false,
    }
    true
}

/// `r[..M + N] = a·b` for small fixed shapes (M + N ≤ 16), schoolbook on fixed arrays: the
/// compiler unrolls it with the running sum in registers (five-limb products take about two
/// thirds of the ADX rows' time this way); for six limbs and more on both sides the sum no
/// longer fits in registers, and [`mul_halves`] splits the operands.
#[inline(always)]
fn mul_fixed<const M: usize, const N: usize>(r: &mut [u64], a: &[u64; M], b: &[u64; N]) {
    let mut t = [0u64; 16];
    for i in 0..M {
        let mut carry = 0;
        for j in 0..N {
            (t[i + j], carry) = mac(a[i], b[j], t[i + j], carry);
        }
        t[i + N] = carry;
    }
    r[..M + N].copy_from_slice(&t[..M + N]);
}

/// `r = a·b` for a and b of `H + L` limbs (six or seven) as four [`mul_fixed`] products of
/// their halves, a = a0 + a1·B^H and b likewise: a0·b0 + (a0·b1 + a1·b0)·B^H + a1·b1·B^(2H),
/// faster than the ADX rows at these sizes.
#[inline(always)]
fn mul_halves<const H: usize, const L: usize>(r: &mut [u64], a: &[u64], b: &[u64]) {
    let (a0, a1) = a.split_at(H);
    let (b0, b1) = b.split_at(H);
    let (a0, a1): (&[u64; H], &[u64; L]) = (a0.try_into().unwrap(), a1.try_into().unwrap());
    let (b0, b1): (&[u64; H], &[u64; L]) = (b0.try_into().unwrap(), b1.try_into().unwrap());
    let (mut m0, mut m1) = ([0u64; 8], [0u64; 8]);
    mul_fixed(&mut m0, a0, b1);
    mul_fixed(&mut m1, a1, b0);
    mul_fixed(&mut r[..2 * H], a0, b0);
    mul_fixed(&mut r[2 * H..], a1, b1);
    let mut carry = 0;
    for i in 0..H + L {
        (m0[i], carry) = adc(m0[i], m1[i], carry);
    }
    m0[H + L] = carry;
    let mut carry = 0;
    for i in 0..=H + L {
        (r[H + i], carry) = adc(r[H + i], m0[i], carry);
    }
    for x in &mut r[2 * H + L + 1..2 * (H + L)] {
        (*x, carry) = adc(*x, 0, carry);
    }
}

/// `a·b` for two-limb `a` and `b`, straight-line: the 128×128-bit products of everyday
/// values skip the loops of the general base case.
///
/// ```
/// let r = carry::limbs::mul_2x2([u64::MAX; 2], [u64::MAX; 2]);
/// assert_eq!(r, [1, 0, u64::MAX - 1, u64::MAX]);
/// ```
#[inline]
pub fn mul_2x2(a: [u64; 2], b: [u64; 2]) -> [u64; 4] {
    let (p00, p01) = (a[0] as u128 * b[0] as u128, a[0] as u128 * b[1] as u128);
    let (p10, p11) = (a[1] as u128 * b[0] as u128, a[1] as u128 * b[1] as u128);
    let mid = (p00 >> 64) + (p01 as u64 as u128) + (p10 as u64 as u128);
    let high = p11 + (p01 >> 64) + (p10 >> 64) + (mid >> 64);
    [p00 as u64, mid as u64, high as u64, (high >> 64) as u64]
}

/// `a²` for two-limb `a`: three word products, `a0·a1` doubled (its top bit carried
/// separately) between the squares `a0²` and `a1²`.
#[inline]
pub(crate) fn sqr_2x2(a: [u64; 2]) -> [u64; 4] {
    let (p00, p11) = (a[0] as u128 * a[0] as u128, a[1] as u128 * a[1] as u128);
    let p01 = a[0] as u128 * a[1] as u128;
    let d = p01 << 1;
    let mid = (p00 >> 64) + (d as u64 as u128);
    let high = p11 + (d >> 64) + ((p01 >> 127) << 64) + (mid >> 64);
    [p00 as u64, mid as u64, high as u64, (high >> 64) as u64]
}

/// `a²` for three-limb `a`: the straight-line MULX/ADX square where the CPU has it, else
/// [`mul_3x3`].
#[cfg(feature = "alloc")]
#[inline]
pub(crate) fn sqr_3x3(a: [u64; 3]) -> [u64; 6] {
    let mut r = [0u64; 6];
    #[cfg(target_arch = "x86_64")]
    if super::x86::has_bmi2_adx() {
        // SAFETY: the CPU supports BMI2 and ADX, checked just above.
        unsafe { super::x86::sqr_3_adx(&mut r, &a) };
        return r;
    }
    mul_fixed(&mut r, &a, &a);
    r
}

/// `a·b` for three-limb `a` and `b`, schoolbook on fixed arrays (unrolled by the compiler).
///
/// ```
/// let r = carry::limbs::mul_3x3([u64::MAX; 3], [2, 0, 0]);
/// assert_eq!(r, [u64::MAX - 1, u64::MAX, u64::MAX, 1, 0, 0]);
/// ```
#[inline]
pub fn mul_3x3(a: [u64; 3], b: [u64; 3]) -> [u64; 6] {
    let mut r = [0u64; 6];
    mul_fixed(&mut r, &a, &b);
    r
}

/// `a·b` for four-limb `a` and `b` (256-bit operands), schoolbook on fixed arrays, unrolled by
/// the compiler into straight-line code with no loop or zeroing.
///
/// ```
/// let r = carry::limbs::mul_4x4(&[u64::MAX; 4], &[u64::MAX; 4]);
/// assert_eq!(r, [1, 0, 0, 0, u64::MAX - 1, u64::MAX, u64::MAX, u64::MAX]);
/// ```
#[inline]
pub fn mul_4x4(a: &[u64; 4], b: &[u64; 4]) -> [u64; 8] {
    let mut r = [0u64; 8];
    mul_fixed(&mut r, a, b);
    r
}

/// `r = a·b` for four-limb `a` and `b`: the MULX/ADX kernel where the CPU has it, else
/// [`mul_4x4`]. For callers that know the shape, without [`mul_basecase`]'s dispatch in front
/// (whose stack frame, for the larger shapes, costs a nanosecond or two at this size).
///
/// ```
/// let mut r = [0; 8];
/// carry::limbs::mul_4x4_into(&mut r, &[u64::MAX; 4], &[u64::MAX; 4]);
/// assert_eq!(r, [1, 0, 0, 0, u64::MAX - 1, u64::MAX, u64::MAX, u64::MAX]);
/// ```
#[inline]
pub fn mul_4x4_into(r: &mut [u64; 8], a: &[u64; 4], b: &[u64; 4]) {
    #[cfg(target_arch = "x86_64")]
    if super::x86::has_bmi2_adx() {
        // SAFETY: the CPU supports BMI2 and ADX, checked just above.
        return unsafe { super::x86::mul_4x4_adx(r, a, b) };
    }
    mul_4x4_portable(r, a, b)
}

/// [`mul_4x4`] out of line, so that [`mul_4x4_into`] stays a test and a jump (inlined, the
/// unrolled product made every caller save six registers first).
#[inline(never)]
fn mul_4x4_portable(r: &mut [u64; 8], a: &[u64; 4], b: &[u64; 4]) {
    *r = mul_4x4(a, b);
}

/// The portable twin of [`mul_basecase`] and [`mul_schoolbook`].
pub fn mul_basecase_portable(r: &mut [u64], a: &[u64], b: &[u64]) {
    let (an, bn) = (a.len(), b.len());
    debug_assert!(an >= bn && bn >= 1);
    debug_assert_eq!(r.len(), an + bn);
    let r = &mut r[..an + bn];
    r[an] = mul_1(&mut r[..an], a, b[0]);
    let mut j = 1;
    while j + 1 < bn {
        r[j + an + 1] = addmul_2(&mut r[j..j + an + 1], a, b[j], b[j + 1], 0);
        j += 2;
    }
    if j < bn {
        r[j + an] = addmul_1(&mut r[j..j + an], a, b[j]);
    }
}

/// Schoolbook square `r = a²`; requires `a.len() >= 1` and `r.len() == 2·a.len()`.
/// Each off-diagonal product is computed once, the sum doubled by a shift, then the squares
/// of the limbs added on the diagonal. Uses the MULX/ADX kernel where the CPU has it; at
/// exactly eight limbs the straight-line 8×8 product, all 64 word products, is faster than
/// the square's rows, and so are the products of [`mul_basecase`] for three to seven limbs.
#[inline]
pub fn sqr_basecase(r: &mut [u64], a: &[u64]) {
    if (3..=7).contains(&a.len()) {
        return mul_basecase(r, a, a);
    }
    #[cfg(target_arch = "x86_64")]
    if a.len() >= 2 && super::x86::has_bmi2_adx() {
        if let (Ok(a), Ok(r)) = (
            <&[u64; 8]>::try_from(a),
            <&mut [u64; 16]>::try_from(&mut *r),
        ) {
            // SAFETY: the CPU supports BMI2 and ADX, checked just above.
            return unsafe { super::x86::mul_8x8_adx(r, a, a) };
        }
        // SAFETY: the CPU supports BMI2 and ADX, checked just above.
        return unsafe { super::x86::sqr_basecase_adx(r, a) };
    }
    sqr_basecase_portable(r, a)
}

/// Schoolbook product `r = a·b`, the base case of [`mul`] (and so of Karatsuba and Toom
/// products); requires `a.len() >= b.len() >= 1` and `r.len() == a.len() + b.len()`. From
/// sixteen limbs of b where the CPU has MULX/ADX, eight rows at a time with their running
/// sum in registers (`mul_basecase_rows8_adx`: at 16×16 limbs about 0.87 of the time of
/// [`mul_basecase`]'s rows); two eight-limb operands go to the straight-line 8×8 kernel
/// directly; the rest to [`mul_basecase`]. ([`mul_basecase`] stays the product of
/// the constant-time Montgomery products.)
///
/// ```
/// let (a, b) = ([u64::MAX; 17], [u64::MAX; 16]);
/// let mut r = [0; 33];
/// carry::limbs::mul_schoolbook(&mut r, &a, &b);
/// let mut want = [0; 33];
/// carry::limbs::mul_basecase_portable(&mut want, &a, &b);
/// assert_eq!(r, want);
/// ```
#[inline]
pub fn mul_schoolbook(r: &mut [u64], a: &[u64], b: &[u64]) {
    #[cfg(target_arch = "x86_64")]
    if b.len() >= 8 && super::x86::has_bmi2_adx() {
        if b.len() >= 16 {
            if let (Ok(a), Ok(b), Ok(r)) = (
                <&[u64; 16]>::try_from(a),
                <&[u64; 16]>::try_from(b),
                <&mut [u64; 32]>::try_from(&mut *r),
            ) {
                // SAFETY: the CPU supports BMI2 and ADX, checked just above.
                return unsafe { super::toom::mul_16x16_adx(r, a, b) };
            }
            // SAFETY: the CPU supports BMI2 and ADX, checked just above.
            return unsafe { super::x86::mul_basecase_rows8_adx(r, a, b) };
        }
        // The 8×8 product before the checks of the smaller shapes: as the leaves of Karatsuba
        // products those checks cost a sixth of its time.
        if let (Ok(a), Ok(b), Ok(r)) = (
            <&[u64; 8]>::try_from(a),
            <&[u64; 8]>::try_from(b),
            <&mut [u64; 16]>::try_from(&mut *r),
        ) {
            // SAFETY: the CPU supports BMI2 and ADX, checked just above.
            return unsafe { super::x86::mul_8x8_adx(r, a, b) };
        }
    }
    mul_basecase(r, a, b)
}

/// Schoolbook square `r = a²`, the base case of [`sqr`] (and so of Karatsuba and Toom-3
/// squares); requires `a.len() >= 1` and `r.len() == 2·a.len()`. As [`sqr_basecase`] it
/// computes each off-diagonal product once, doubles the sum and adds the diagonal squares.
/// Two limbs take three word products inline; where the CPU has MULX/ADX, three to nine
/// limbs the straight-line squares (`sqr_small_adx`: at eight limbs about 0.8 of the time
/// of the straight-line 8×8 product), checked first so that
/// Karatsuba's leaves and small `Int` squares pay for no other test, and from ten limbs
/// eight rows of the off-diagonal triangle at a time with their running sum in registers
/// (`sqr_basecase_rows8_adx`, at 16 limbs about 0.7 of the row-by-row kernel's time).
/// Without MULX/ADX, three to five limbs take the unrolled products of [`mul_basecase`].
/// ([`sqr_basecase`], row by row, stays the square of the constant-time Montgomery
/// products.)
///
/// ```
/// let a = [u64::MAX; 9];
/// let mut r = [0; 18];
/// carry::limbs::sqr_schoolbook(&mut r, &a);
/// let mut want = [0; 18];
/// carry::limbs::sqr_basecase_portable(&mut want, &a);
/// assert_eq!(r, want);
/// ```
#[inline(always)]
pub fn sqr_schoolbook(r: &mut [u64], a: &[u64]) {
    if let [a0, a1] = *a {
        r[..4].copy_from_slice(&sqr_2x2([a0, a1]));
        return;
    }
    #[cfg(target_arch = "x86_64")]
    if a.len() >= 3 && super::x86::has_bmi2_adx() {
        // SAFETY: the CPU supports BMI2 and ADX, checked just above.
        if a.len() <= 9 && unsafe { super::x86::sqr_small_adx(r, a) } {
            return;
        }
        // Karatsuba's leaves go straight to the eight-row kernel.
        // SAFETY: the CPU supports BMI2 and ADX, checked above.
        return unsafe { super::x86::sqr_basecase_rows8_adx(r, a) };
    }
    sqr_schoolbook_rows(r, a);
}

/// `r = a²` by the straight-line squares (three to nine limbs, MULX/ADX) and `true`, or
/// `false` with `r` untouched: for callers that take other sizes elsewhere, without the
/// rest of [`sqr_schoolbook`] inlined into them.
#[cfg(feature = "alloc")]
#[inline(always)]
pub(crate) fn sqr_small(r: &mut [u64], a: &[u64]) -> bool {
    #[cfg(target_arch = "x86_64")]
    if (3..=9).contains(&a.len()) && super::x86::has_bmi2_adx() {
        // SAFETY: the CPU supports BMI2 and ADX, checked just above.
        return unsafe { super::x86::sqr_small_adx(r, a) };
    }
    let _ = (r, a);
    false
}

/// [`sqr_schoolbook`] without MULX/ADX (and of one limb), out of line so that the callers
/// of the straight-line squares (`Int` squares, Karatsuba's leaves) save no registers for it.
#[inline(never)]
fn sqr_schoolbook_rows(r: &mut [u64], a: &[u64]) {
    if (2..=5).contains(&a.len()) {
        return mul_basecase(r, a, a);
    }
    #[cfg(target_arch = "x86_64")]
    if a.len() >= 2 && super::x86::has_bmi2_adx() {
        // SAFETY: the CPU supports BMI2 and ADX, checked just above.
        return unsafe { super::x86::sqr_basecase_rows8_adx(r, a) };
    }
    sqr_basecase_portable(r, a)
}

/// The portable twin of [`sqr_basecase`] and [`sqr_schoolbook`].
pub fn sqr_basecase_portable(r: &mut [u64], a: &[u64]) {
    let n = a.len();
    debug_assert!(n >= 1);
    debug_assert_eq!(r.len(), 2 * n);
    let r = &mut r[..2 * n];
    if n == 1 {
        let p = (a[0] as u128) * (a[0] as u128);
        r[0] = p as u64;
        r[1] = (p >> 64) as u64;
        return;
    }
    // Off-diagonal sum Σ_{i<j} a_i·a_j·B^(i+j) into r[1..2n-1].
    r[n] = mul_1(&mut r[1..n], &a[1..], a[0]);
    let mut i = 1;
    while i + 2 < n {
        // Rows i and i+1 together: a[i+2..]·(a_i + a_{i+1}·B) at 2i+2, after the one product
        // a_i·a_{i+1} of row i that has no partner in row i+1.
        let (lo, hi) = mac(a[i], a[i + 1], r[2 * i + 1], 0);
        r[2 * i + 1] = lo;
        let end = i + n + 1;
        r[end] = addmul_2(&mut r[2 * i + 2..end], &a[i + 2..], a[i], a[i + 1], hi);
        i += 2;
    }
    if i + 1 < n {
        let end = i + n;
        r[end] = addmul_1_portable(&mut r[2 * i + 1..end], &a[i + 1..], a[i]);
    }
    r[0] = 0;
    r[2 * n - 1] = 0;
    sqr_double_add_diagonal(r, a);
}

/// `r = 2·r + Σ a_i²·B^(2i)` for `r.len() == 2·a.len()` holding the off-diagonal sum of a
/// square (`r[0] = r[2n-1] = 0`): the last step of the schoolbook squares.
fn sqr_double_add_diagonal(r: &mut [u64], a: &[u64]) {
    let mut shift_in = 0u64;
    let mut carry = 0u64;
    for (pair, &ai) in r.chunks_exact_mut(2).zip(a) {
        let (d0, d1) = (pair[0], pair[1]);
        let s0 = (d0 << 1) | shift_in;
        let s1 = (d1 << 1) | (d0 >> 63);
        shift_in = d1 >> 63;
        let sq = (ai as u128) * (ai as u128);
        let v = (s0 as u128) | ((s1 as u128) << 64);
        let (v, o1) = v.overflowing_add(sq);
        let (v, o2) = v.overflowing_add(carry as u128);
        pair[0] = v as u64;
        pair[1] = (v >> 64) as u64;
        carry = (o1 | o2) as u64;
    }
    debug_assert!(carry == 0 && shift_in == 0);
}

/// Scratch limbs that every algorithm chosen by [`mul`] / [`sqr`] for a balanced operand of
/// `n` limbs stays within: Karatsuba uses `4·ceil(n/2)` limbs at its level, Toom-3
/// `6·ceil(n/3) + 6`, Toom-4 none (its five products at the inner points take a buffer of their
/// own), and the recursion shrinks the size by half, a third or a quarter each level.
#[inline]
fn balanced_scratch_len(n: usize) -> usize {
    4 * n + 16 * (usize::BITS - n.leading_zeros()) as usize + 32
}

/// Whether `a.len() = an` against `b.len() = bn` is too unbalanced to feed to Karatsuba or
/// Toom-3 directly; [`mul`] then cuts `a` into `bn`-limb pieces.
#[inline]
fn is_unbalanced(an: usize, bn: usize) -> bool {
    2 * an >= 3 * bn
}

/// Whether [`mul`] takes the NTT for `an`-limb times `bn`-limb operands (`an >= bn`): one
/// transform for any shape once the smaller operand reaches `MUL_NTT` limbs, and from
/// `MUL_NTT_UNBALANCED` limbs when `a` is long enough to be cut into pieces (one transform of
/// the whole then costs less than a Toom product per piece).
#[inline]
fn use_mul_ntt(an: usize, bn: usize) -> bool {
    (bn >= MUL_NTT || (bn >= MUL_NTT_UNBALANCED && is_unbalanced(an, bn))) && ntt_fits(an + bn)
}

/// Whether [`sqr`] takes the NTT for an `n`-limb operand.
#[inline]
fn use_sqr_ntt(n: usize) -> bool {
    n >= SQR_NTT && ntt_fits(2 * n)
}

/// Scratch limbs [`mul`] needs for `an`-limb times `bn`-limb operands (`an >= bn >= 1`):
/// 0 whenever the base case is used. Also enough for every smaller shape (divide-and-conquer
/// division relies on that), so it counts Toom-3's needs even where the NTT, which allocates
/// its own buffers, takes the product.
#[inline]
pub fn mul_scratch_len(an: usize, bn: usize) -> usize {
    if bn < MUL_KARATSUBA {
        0
    } else if is_unbalanced(an, bn) {
        2 * bn + balanced_scratch_len(bn)
    } else {
        balanced_scratch_len(an)
    }
}

/// Scratch limbs [`sqr`] needs for an `n`-limb operand: 0 whenever the base case is used.
/// Also enough for every smaller operand (see [`mul_scratch_len`]).
pub fn sqr_scratch_len(n: usize) -> usize {
    if n < SQR_KARATSUBA {
        0
    } else {
        balanced_scratch_len(n)
    }
}

/// Whether Toom-3 can split `an` × `bn` limbs (`an >= bn`) into thirds with nonempty tops.
#[inline]
pub(crate) fn toom3_fits(an: usize, bn: usize) -> bool {
    let n = an.div_ceil(3);
    an > 2 * n && bn > 2 * n
}

/// Whether Toom-4 can split `an` × `bn` limbs (`an >= bn`) into quarters with nonempty tops.
#[inline]
fn toom4_fits(an: usize, bn: usize) -> bool {
    let k = an.div_ceil(4);
    an > 3 * k && bn > 3 * k
}

/// `r = a·b`; requires `a.len() >= b.len() >= 1`, `r.len() == a.len() + b.len()` and
/// `scratch.len() >= mul_scratch_len(a.len(), b.len())`. Picks the algorithm by size; the base
/// case is inlined into the caller (at a few limbs the calls around it would cost a tenth of
/// the product), the subquadratic algorithms are not.
#[inline]
pub fn mul(r: &mut [u64], a: &[u64], b: &[u64], scratch: &mut [u64]) {
    debug_assert!(a.len() >= b.len() && !b.is_empty());
    debug_assert_eq!(r.len(), a.len() + b.len());
    if b.len() < MUL_KARATSUBA {
        mul_schoolbook(r, a, b);
    } else {
        mul_subquadratic(r, a, b, scratch);
    }
}

/// [`mul`] from `MUL_KARATSUBA` limbs of the smaller operand.
fn mul_subquadratic(r: &mut [u64], a: &[u64], b: &[u64], scratch: &mut [u64]) {
    let (an, bn) = (a.len(), b.len());
    #[cfg(target_arch = "x86_64")]
    if let (Ok(a), Ok(b), Ok(r)) = (
        <&[u64; 32]>::try_from(a),
        <&[u64; 32]>::try_from(b),
        <&mut [u64; 64]>::try_from(&mut *r),
    ) {
        if super::x86::has_bmi2_adx() {
            // SAFETY: the CPU supports BMI2 and ADX, checked just above.
            return unsafe { super::toom::mul_32x32_adx(r, a, b) };
        }
    }
    if use_mul_ntt(an, bn) {
        mul_ntt(r, a, b);
    } else if is_unbalanced(an, bn) {
        mul_unbalanced(r, a, b, scratch);
    } else if cfg!(feature = "alloc") && bn >= MUL_TOOM4 && toom4_fits(an, bn) {
        mul_toom4(r, a, b, scratch);
    } else if bn >= MUL_TOOM3 && toom3_fits(an, bn) {
        mul_toom3(r, a, b, scratch);
    } else {
        mul_karatsuba(r, a, b, scratch);
    }
}

/// `r = a·b` for `a.len() >= 1.5·b.len()`: `a` is cut into `b.len()`-limb pieces whose products
/// with `b` are accumulated into `r`. Same requirements as [`mul`].
fn mul_unbalanced(r: &mut [u64], a: &[u64], b: &[u64], scratch: &mut [u64]) {
    let (an, bn) = (a.len(), b.len());
    let (tmp, rest) = scratch.split_at_mut(2 * bn);
    mul(&mut r[..2 * bn], &a[..bn], b, rest);
    let mut off = bn;
    while off < an {
        let m = bn.min(an - off);
        let piece = &a[off..off + m];
        let t = &mut tmp[..m + bn];
        if m == bn {
            mul(t, piece, b, rest);
        } else {
            mul(t, b, piece, rest);
        }
        r[off + bn..off + bn + m].copy_from_slice(&t[bn..]);
        let carry = add_assign(&mut r[off..off + bn + m], &t[..bn]);
        debug_assert_eq!(carry, 0);
        off += m;
    }
}

/// `r = a²`; requires `a.len() >= 1`, `r.len() == 2·a.len()` and
/// `scratch.len() >= sqr_scratch_len(a.len())`. Picks the algorithm by size; the base case
/// is inlined into the caller, the subquadratic algorithms are not.
#[inline]
pub fn sqr(r: &mut [u64], a: &[u64], scratch: &mut [u64]) {
    let n = a.len();
    debug_assert!(n >= 1);
    debug_assert_eq!(r.len(), 2 * n);
    if n < SQR_KARATSUBA {
        sqr_schoolbook(r, a);
    } else {
        sqr_subquadratic(r, a, scratch);
    }
}

/// [`sqr`] from `SQR_KARATSUBA` limbs.
#[inline(never)]
fn sqr_subquadratic(r: &mut [u64], a: &[u64], scratch: &mut [u64]) {
    let n = a.len();
    if use_sqr_ntt(n) {
        sqr_ntt(r, a);
    } else if n >= SQR_TOOM3 && toom3_fits(n, n) {
        sqr_toom3(r, a, scratch);
    } else {
        sqr_karatsuba(r, a, scratch);
    }
}
