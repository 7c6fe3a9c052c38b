//! Subquadratic multiplication and squaring: Karatsuba (Knuth, TAOCP vol. 2, 4.3.3.A;
//! O(n^1.585)) above `MUL_KARATSUBA` / `SQR_KARATSUBA`, and Toom-3 with Bodrato's evaluation at
//! 0, 1, -1, -2, ∞ and interpolation sequence ("Towards optimal Toom-Cook multiplication for
//! univariate and multivariate polynomials in characteristic 2 and 0", WAIFI 2007; O(n^1.465))
//! above `MUL_TOOM3` / `SQR_TOOM3`. Recursive products go back through [`mul`] / [`sqr`]. Two
//! 16-limb operands (products of 1024 bits, and the leaves of Karatsuba from 64 limbs) take
//! one Karatsuba step on the straight-line 8×8 MULX/ADX kernel, and two 32-limb operands one
//! step on that, with their temporaries in fixed arrays (`mul_16x16_adx` from
//! `mul_schoolbook`, `mul_32x32_adx` from `mul`, where the CPU has BMI2 and ADX).

use super::add::{
    add_1_assign, add_assign, add_n, add_n_assign, cmp_n, neg_assign, rsub_n_assign, sub,
    sub_1_assign, sub_assign, sub_n, sub_n_assign,
};
use super::bdiv::divexact_1;
use super::mul::{mul, sqr};
use super::normalized_len;
use super::shift::{shl_assign, shr_assign};
use core::cmp::Ordering;

/// `r = |x - y|` for `r.len() == x.len() >= y.len()`; returns whether `x < y`.
fn abs_diff(r: &mut [u64], x: &[u64], y: &[u64]) -> bool {
    let m = y.len();
    let x_less = x[m..].iter().all(|&l| l == 0) && cmp_n(&x[..m], y) == Ordering::Less;
    if x_less {
        r[m..].fill(0);
        sub_n(&mut r[..m], y, &x[..m]);
    } else {
        let borrow = sub(r, x, y);
        debug_assert_eq!(borrow, 0);
    }
    x_less
}

/// Adds `x` (whose limbs beyond `dst.len()` must be zero) into `dst`; the sum must fit.
fn add_into(dst: &mut [u64], x: &[u64]) {
    let x = &x[..normalized_len(x)];
    debug_assert!(x.len() <= dst.len());
    let carry = add_assign(dst, x);
    debug_assert_eq!(carry, 0);
}

/// Finishes a Karatsuba product: `r` holds `lo = L0 + L1·B^n` (limbs `..2n`) and
/// `hi = H0 + H1·B^n` (limbs `2n..`, at least `n` of them), `mid` the `2n`-limb
/// `|a0 − a1|·|b0 − b1|`; adds the middle term `lo + hi ∓ mid` at limb `n` (`+ mid` when
/// `negative`). Rather than forming `lo + hi` apart and adding it in (three passes over `2n`
/// limbs), it forms `T = L1 + H0` once in place of `H0`, then `L0 + T` in place of `L1` and
/// `T + H1` in place of `T`, and adds or subtracts `mid`: five passes over `n` limbs.
fn karatsuba_combine(r: &mut [u64], n: usize, mid: &[u64], negative: bool) {
    let (lo, hi) = r.split_at_mut(2 * n);
    let (l0, l1) = lo.split_at_mut(n);
    let (t, h1) = hi.split_at_mut(n);
    let c1 = add_n_assign(t, l1); // T = H0 + L1
    let c2 = c1 + add_n(l1, t, l0); // L0 + T, carry at limb 2n
    let h1n = h1.len().min(n);
    let c3 = c1 + add_assign(t, &h1[..h1n]); // T + H1, carry at limb 3n
    let mid_term = &mut r[n..3 * n];
    let (c4, b4) = if negative {
        (add_n_assign(mid_term, mid), 0)
    } else {
        (0, sub_n_assign(mid_term, mid))
    };
    // The carries at limb 3n net to at least −1, and a −1 leaves the result non-negative.
    let c5 = add_1_assign(&mut r[2 * n..3 * n], c2);
    let top = &mut r[3 * n..];
    if c3 + c4 + c5 >= b4 {
        let carry = add_1_assign(top, c3 + c4 + c5 - b4);
        debug_assert_eq!(carry, 0);
    } else {
        let borrow = sub_1_assign(top, 1);
        debug_assert_eq!(borrow, 0);
    }
}

/// Karatsuba product `r = a·b`: with `n = ceil(a.len()/2)` requires
/// `a.len() >= b.len() > n`, `r.len() == a.len() + b.len()` and
/// `scratch.len() >= mul_scratch_len(a.len(), b.len())`.
pub fn mul_karatsuba(r: &mut [u64], a: &[u64], b: &[u64], scratch: &mut [u64]) {
    let (an, bn) = (a.len(), b.len());
    let n = an.div_ceil(2);
    debug_assert!(an >= bn && bn > n);
    debug_assert_eq!(r.len(), an + bn);
    let (a0, a1) = a.split_at(n);
    let (b0, b1) = b.split_at(n);
    let (mid, rest) = scratch.split_at_mut(2 * n);
    let (lo, hi) = r.split_at_mut(2 * n);
    let negative = {
        let (da, db) = lo.split_at_mut(n);
        abs_diff(da, a0, a1) != abs_diff(db, b0, b1)
    };
    {
        let (da, db) = lo.split_at(n);
        mul(mid, da, db, rest);
    }
    mul(lo, a0, b0, rest);
    mul(hi, a1, b1, rest);
    // Middle term a0·b1 + a1·b0 = lo + hi - (a0 - a1)(b0 - b1).
    karatsuba_combine(r, n, mid, negative);
}

/// One Karatsuba step on `2·H`-limb operands (`H` = 8 or 16) with the product of `H`-limb
/// halves `leaf`, its temporaries in fixed arrays on the stack: `r[..4H] = a[..2H]·b[..2H]`.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn karatsuba_fixed<const H: usize>(
    r: &mut [u64],
    a: &[u64],
    b: &[u64],
    leaf: impl Fn(&mut [u64], &[u64], &[u64]),
) {
    let (r, a, b) = (&mut r[..4 * H], &a[..2 * H], &b[..2 * H]);
    let (a0, a1) = a.split_at(H);
    let (b0, b1) = b.split_at(H);
    let (mut da, mut db) = ([0; 16], [0; 16]);
    let negative = abs_diff(&mut da[..H], a0, a1) != abs_diff(&mut db[..H], b0, b1);
    let mut mid = [0; 32];
    leaf(&mut mid[..2 * H], &da[..H], &db[..H]);
    let (lo, hi) = r.split_at_mut(2 * H);
    leaf(lo, a0, b0);
    leaf(hi, a1, b1);
    combine_fixed::<H>(r, &mid[..2 * H], negative);
}

/// `r = a·b` for two 16-limb operands: one Karatsuba step on the straight-line 8×8 kernel
/// (three 8×8 products instead of the sixteen-row base case). Out of line, so that the short
/// products that inline [`mul_schoolbook`](super::mul::mul_schoolbook) stay small.
///
/// # Safety
/// The CPU must support BMI2 and ADX.
#[cfg(target_arch = "x86_64")]
#[inline(never)]
pub(crate) unsafe fn mul_16x16_adx(r: &mut [u64; 32], a: &[u64; 16], b: &[u64; 16]) {
    // SAFETY: the caller's guarantee.
    unsafe { karatsuba_16(r, a, b) }
}

/// The body of [`mul_16x16_adx`], inlined into [`mul_32x32_adx`].
///
/// # Safety
/// The CPU must support BMI2 and ADX.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
unsafe fn karatsuba_16(r: &mut [u64], a: &[u64], b: &[u64]) {
    karatsuba_fixed::<8>(r, a, b, |r, a, b| {
        let (r, a, b) = (
            r.try_into().unwrap(),
            a.try_into().unwrap(),
            b.try_into().unwrap(),
        );
        // SAFETY: the caller's guarantee of BMI2 and ADX.
        unsafe { super::x86::mul_8x8_adx(r, a, b) }
    });
}

/// `r = a·b` for two 32-limb operands: one Karatsuba step on the 16-limb one.
///
/// # Safety
/// The CPU must support BMI2 and ADX.
#[cfg(target_arch = "x86_64")]
#[inline(never)]
pub(crate) unsafe fn mul_32x32_adx(r: &mut [u64; 64], a: &[u64; 32], b: &[u64; 32]) {
    karatsuba_fixed::<16>(r, a, b, |r, a, b| {
        // SAFETY: the caller's guarantee of BMI2 and ADX.
        unsafe { karatsuba_16(r, a, b) }
    });
}

/// [`karatsuba_combine`] for `H`-limb halves with fixed bounds: `t = lo + hi ∓ mid` (`2H + 1`
/// limbs) in one pass, then `t` added at limb `H`.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn combine_fixed<const H: usize>(r: &mut [u64], mid: &[u64], negative: bool) {
    use core::arch::x86_64::{_addcarry_u64, _subborrow_u64};
    let (r, mid) = (&mut r[..4 * H], &mid[..2 * H]);
    let mut t = [0u64; 32];
    let (mut c, mut m) = (0u8, 0u8);
    for j in 0..2 * H {
        let mut s = 0;
        c = _addcarry_u64(c, r[j], r[2 * H + j], &mut s);
        m = if negative {
            _addcarry_u64(m, s, mid[j], &mut t[j])
        } else {
            _subborrow_u64(m, s, mid[j], &mut t[j])
        };
    }
    // The top limb of t: the carry of lo + hi, plus or minus that of the middle term.
    let top = if negative {
        c as u64 + m as u64
    } else {
        c as u64 - m as u64
    };
    let mut k = 0u8;
    for j in 0..2 * H {
        let x = r[H + j];
        k = _addcarry_u64(k, x, t[j], &mut r[H + j]);
    }
    let x = r[3 * H];
    k = _addcarry_u64(k, x, top, &mut r[3 * H]);
    if k != 0 {
        let carry = add_1_assign(&mut r[3 * H + 1..], 1);
        debug_assert_eq!(carry, 0);
    }
}

/// Karatsuba square `r = a²`: requires `a.len() >= 2`, `r.len() == 2·a.len()` and
/// `scratch.len() >= sqr_scratch_len(a.len())`.
pub fn sqr_karatsuba(r: &mut [u64], a: &[u64], scratch: &mut [u64]) {
    let an = a.len();
    let n = an.div_ceil(2);
    debug_assert!(an >= 2);
    debug_assert_eq!(r.len(), 2 * an);
    let (a0, a1) = a.split_at(n);
    let (mid, rest) = scratch.split_at_mut(2 * n);
    let (lo, hi) = r.split_at_mut(2 * n);
    abs_diff(&mut lo[..n], a0, a1);
    sqr(mid, &lo[..n], rest);
    sqr(lo, a0, rest);
    sqr(hi, a1, rest);
    karatsuba_combine(r, n, mid, false);
}

/// Arithmetic shift right by one of a two's complement value.
fn sar1(x: &mut [u64]) {
    let top = x.len() - 1;
    let sign = x[top] & (1 << 63);
    shr_assign(x, 1);
    x[top] |= sign;
}

/// Replaces a two's complement value by its magnitude; returns whether it was negative.
fn twos_abs(x: &mut [u64]) -> bool {
    let negative = x[x.len() - 1] >> 63 != 0;
    if negative {
        neg_assign(x);
    }
    negative
}

/// `e = x0 + x2` where `e.len() == x0.len() + 1 >= x2.len() + 1`.
fn toom3_eval_even(e: &mut [u64], x0: &[u64], x2: &[u64]) {
    e[..x0.len()].copy_from_slice(x0);
    e[x0.len()] = 0;
    let carry = add_assign(e, x2);
    debug_assert_eq!(carry, 0);
}

/// From `p = x0 + x2 - x1` (two's complement, `n + 1` limbs) computes
/// `e = x(-2) = 2·(p + x2) - x0` (two's complement).
fn toom3_eval_m2(e: &mut [u64], p: &[u64], x0: &[u64], x2: &[u64]) {
    e.copy_from_slice(p);
    add_assign(e, x2);
    shl_assign(e, 1);
    sub_assign(e, x0);
}

/// Bodrato's interpolation: `r[..2n]` holds `c0 = r(0)`, `r[4n..]` holds `c4 = r(∞)`,
/// `r1`, `rm1`, `rm2` (each `2n + 2` limbs) hold r(1), r(-1), r(-2) in two's complement.
/// Writes `c0 + c1·X + c2·X² + c3·X³ + c4·X⁴` (with `X = B^n`) into `r`.
fn toom3_interpolate(r: &mut [u64], n: usize, r1: &mut [u64], rm1: &mut [u64], rm2: &mut [u64]) {
    {
        let c0 = &r[..2 * n];
        let c4 = &r[4 * n..];
        sub_n_assign(rm2, r1);
        divexact_1(rm2, 3); // (r(-2) - r(1)) / 3
        sub_n_assign(r1, rm1);
        shr_assign(r1, 1); // (r(1) - r(-1)) / 2 = c1 + c3 >= 0
        sub_assign(rm1, c0); // r(-1) - c0
        rsub_n_assign(rm2, rm1);
        sar1(rm2);
        add_assign(rm2, c4);
        add_assign(rm2, c4); // c3
        add_n_assign(rm1, r1);
        sub_assign(rm1, c4); // c2
        sub_n_assign(r1, rm2); // c1
    }
    r[2 * n..4 * n].fill(0);
    add_into(&mut r[n..], r1);
    add_into(&mut r[2 * n..], rm1);
    add_into(&mut r[3 * n..], rm2);
}

/// Toom-3 product `r = a·b`: with `n = ceil(a.len()/3)` requires `a.len() >= b.len() > 2n`,
/// `r.len() == a.len() + b.len()` and `scratch.len() >= mul_scratch_len(a.len(), b.len())`.
pub fn mul_toom3(r: &mut [u64], a: &[u64], b: &[u64], scratch: &mut [u64]) {
    let (an, bn) = (a.len(), b.len());
    let n = an.div_ceil(3);
    debug_assert!(an >= bn && bn > 2 * n);
    debug_assert_eq!(r.len(), an + bn);
    let (a0, a1, a2) = (&a[..n], &a[n..2 * n], &a[2 * n..]);
    let (b0, b1, b2) = (&b[..n], &b[n..2 * n], &b[2 * n..]);
    let w = 2 * n + 2;
    let (r1, rest) = scratch.split_at_mut(w);
    let (rm1, rest) = rest.split_at_mut(w);
    let (rm2, rest) = rest.split_at_mut(w);
    {
        let (ea, eb) = r[..2 * n + 2].split_at_mut(n + 1);
        toom3_eval_even(ea, a0, a2);
        toom3_eval_even(eb, b0, b2);
        let (p, q) = rm2.split_at_mut(n + 1);
        p.copy_from_slice(ea);
        add_assign(p, a1);
        q.copy_from_slice(eb);
        add_assign(q, b1);
        mul(r1, p, q, rest);
        p.copy_from_slice(ea);
        sub_assign(p, a1);
        q.copy_from_slice(eb);
        sub_assign(q, b1);
        toom3_eval_m2(ea, p, a0, a2);
        toom3_eval_m2(eb, q, b0, b2);
        let negative = twos_abs(p) != twos_abs(q);
        mul(rm1, p, q, rest);
        if negative {
            neg_assign(rm1);
        }
        let negative = twos_abs(ea) != twos_abs(eb);
        mul(rm2, ea, eb, rest);
        if negative {
            neg_assign(rm2);
        }
    }
    mul(&mut r[..2 * n], a0, b0, rest);
    mul(&mut r[4 * n..], a2, b2, rest);
    toom3_interpolate(r, n, r1, rm1, rm2);
}

/// Toom-3 square `r = a²`: with `n = ceil(a.len()/3)` requires `a.len() > 2n`,
/// `r.len() == 2·a.len()` and `scratch.len() >= sqr_scratch_len(a.len())`.
pub fn sqr_toom3(r: &mut [u64], a: &[u64], scratch: &mut [u64]) {
    let an = a.len();
    let n = an.div_ceil(3);
    debug_assert!(an > 2 * n);
    debug_assert_eq!(r.len(), 2 * an);
    let (a0, a1, a2) = (&a[..n], &a[n..2 * n], &a[2 * n..]);
    let w = 2 * n + 2;
    let (r1, rest) = scratch.split_at_mut(w);
    let (rm1, rest) = rest.split_at_mut(w);
    let (rm2, rest) = rest.split_at_mut(w);
    {
        let ea = &mut r[..n + 1];
        toom3_eval_even(ea, a0, a2);
        let p = &mut rm2[..n + 1];
        p.copy_from_slice(ea);
        add_assign(p, a1);
        sqr(r1, p, rest);
        p.copy_from_slice(ea);
        sub_assign(p, a1);
        toom3_eval_m2(ea, p, a0, a2);
        twos_abs(p);
        sqr(rm1, p, rest);
        twos_abs(ea);
        sqr(rm2, ea, rest);
    }
    sqr(&mut r[..2 * n], a0, rest);
    sqr(&mut r[4 * n..], a2, rest);
    toom3_interpolate(r, n, r1, rm1, rm2);
}

#[cfg(all(test, target_arch = "x86_64"))]
mod tests {
    use super::{mul_16x16_adx, mul_32x32_adx};
    use crate::limbs::{mul_basecase_portable, x86::has_bmi2_adx};

    /// Eight-limb halves that exercise the Karatsuba step's edge cases: zero, one, all ones,
    /// a single top or bottom bit, striped words, a long run of ones, and random words.
    fn halves(seed: &mut u64) -> [[u64; 8]; 8] {
        let mut next = || {
            *seed ^= *seed << 13;
            *seed ^= *seed >> 7;
            *seed ^= *seed << 17;
            *seed
        };
        let random = core::array::from_fn(|_| next());
        let mut run = [u64::MAX; 8];
        run[0] = next() | 1;
        [
            [0; 8],
            [1, 0, 0, 0, 0, 0, 0, 0],
            [u64::MAX; 8],
            [0, 0, 0, 0, 0, 0, 0, 1 << 63],
            [0xaaaa_aaaa_aaaa_aaaa; 8],
            [0x5555_5555_5555_5555; 8],
            run,
            random,
        ]
    }

    /// `a·b` by the portable base case, the reference the kernels are compared with.
    fn portable(a: &[u64], b: &[u64]) -> Vec<u64> {
        let mut r = vec![0; a.len() + b.len()];
        mul_basecase_portable(&mut r, a, b);
        r
    }

    #[test]
    fn mul_16x16_matches_the_portable_base_case() {
        if !has_bmi2_adx() {
            return;
        }
        for seed0 in 1..=40u64 {
            let mut seed = seed0;
            let h = halves(&mut seed);
            // Every pair of halves for a (so a0 < a1, a0 == a1 and a0 > a1 all occur) against
            // a few b built the same way.
            for (i, j, k, l) in (0..64).map(|x| (x / 8, x % 8, (x + seed0 as usize) % 8, x % 3)) {
                let mut a = [0; 16];
                a[..8].copy_from_slice(&h[i]);
                a[8..].copy_from_slice(&h[j]);
                let mut b = [0; 16];
                b[..8].copy_from_slice(&h[k]);
                b[8..].copy_from_slice(&h[[k, j, 7][l]]);
                let mut got = [0; 32];
                // SAFETY: BMI2 and ADX are present (checked above).
                unsafe { mul_16x16_adx(&mut got, &a, &b) };
                assert_eq!(
                    got[..],
                    portable(&a, &b),
                    "seed {seed0} halves ({i}, {j}) × ({k}, {l})"
                );
            }
        }
    }

    #[test]
    fn mul_32x32_matches_the_portable_base_case() {
        if !has_bmi2_adx() {
            return;
        }
        for seed0 in 1..=40u64 {
            let mut seed = seed0;
            let h = halves(&mut seed);
            // Quarters from the same edge cases, so that both levels see equal, smaller and
            // larger halves, zeros and all-ones.
            for x in 0..64 {
                let pick = |q: usize| h[(x * (q + 1) + q * seed0 as usize) % 8];
                let (mut a, mut b) = ([0; 32], [0; 32]);
                for q in 0..4 {
                    a[8 * q..8 * q + 8].copy_from_slice(&pick(q));
                    b[8 * q..8 * q + 8].copy_from_slice(&pick(q + 4));
                }
                if x % 5 == 0 {
                    b = a;
                }
                let mut got = [0; 64];
                // SAFETY: BMI2 and ADX are present (checked above).
                unsafe { mul_32x32_adx(&mut got, &a, &b) };
                assert_eq!(got[..], portable(&a, &b), "seed {seed0} case {x}");
            }
        }
    }
}
