//! Montgomery multiplication, squaring and reduction on `[u64; N]` (values below the modulus
//! p, in Montgomery form x·R mod p with R = 2^(64N)).
//!
//! Multiplication is CIOS (Koç, Acar, Kaliski, "Analyzing and comparing Montgomery
//! multiplication algorithms", IEEE Micro 1996), N² + N word products; when the top limb of p
//! is at most 2^63 − 2 the "no-carry" variant (Botrel and El Housni, "Faster Montgomery
//! multiplication and multi-scalar-multiplication for SNARKs", TCHES 2023/3) drops the two
//! extra carry words. Squaring computes the double-width square (each cross product once) and
//! then reduces it word by word (REDC). The final subtraction of p is a masked select. These are
//! the portable twins of the MULX/ADCX/ADOX kernels (`limbs::mont_mul_4`, the field's
//! `x86_64` folder), compared against them in the tests.

use crate::limbs::{adc, mac, mask, sbb};

/// `t + hi·2^(64N) − p` if that is not negative, else `t` (input below 2p), without a branch.
#[inline(always)]
pub const fn sub_p_if_ge<const N: usize>(t: [u64; N], hi: u64, p: &[u64; N]) -> [u64; N] {
    let mut d = [0u64; N];
    let mut borrow = 0;
    let mut i = 0;
    while i < N {
        (d[i], borrow) = sbb(t[i], p[i], borrow);
        i += 1;
    }
    let keep = mask(borrow & (hi ^ 1));
    let mut r = [0u64; N];
    i = 0;
    while i < N {
        r[i] = d[i] ^ ((d[i] ^ t[i]) & keep);
        i += 1;
    }
    r
}

/// a·b·R⁻¹ mod p by CIOS, for any odd p: `a·b < p·R` gives a result below p.
#[inline(always)]
pub const fn mul_cios<const N: usize>(
    a: &[u64; N],
    b: &[u64; N],
    p: &[u64; N],
    inv: u64,
) -> [u64; N] {
    let mut t = [0u64; N];
    let mut t_hi = 0u64;
    let mut i = 0;
    while i < N {
        let mut c = 0;
        let mut j = 0;
        while j < N {
            (t[j], c) = mac(t[j], a[j], b[i], c);
            j += 1;
        }
        let (s, top) = adc(t_hi, c, 0);
        let m = t[0].wrapping_mul(inv);
        let (_, mut c) = mac(t[0], m, p[0], 0);
        j = 1;
        while j < N {
            (t[j - 1], c) = mac(t[j], m, p[j], c);
            j += 1;
        }
        let (s2, c2) = adc(s, c, 0);
        t[N - 1] = s2;
        t_hi = top + c2;
        i += 1;
    }
    sub_p_if_ge(t, t_hi, p)
}

/// a·b·R⁻¹ mod p by the no-carry CIOS: requires the top limb of p ≤ 2^63 − 2 and a, b < p.
#[inline(always)]
pub const fn mul_nocarry<const N: usize>(
    a: &[u64; N],
    b: &[u64; N],
    p: &[u64; N],
    inv: u64,
) -> [u64; N] {
    let mut t = [0u64; N];
    let mut i = 0;
    while i < N {
        let (t0, mut ca) = mac(t[0], a[0], b[i], 0);
        let m = t0.wrapping_mul(inv);
        let (_, mut cm) = mac(t0, m, p[0], 0);
        let mut j = 1;
        while j < N {
            let x;
            (x, ca) = mac(t[j], a[j], b[i], ca);
            (t[j - 1], cm) = mac(x, m, p[j], cm);
            j += 1;
        }
        t[N - 1] = ca + cm;
        i += 1;
    }
    sub_p_if_ge(t, 0, p)
}

/// (lo + hi·R)·R⁻¹ mod p for lo + hi·R < p·R: N word-by-word reduction rounds, then the high
/// half is added.
#[inline(always)]
pub const fn redc<const N: usize>(
    lo: &[u64; N],
    hi: &[u64; N],
    p: &[u64; N],
    inv: u64,
) -> [u64; N] {
    let mut t = *lo;
    let mut i = 0;
    while i < N {
        let m = t[0].wrapping_mul(inv);
        let (_, mut c) = mac(t[0], m, p[0], 0);
        let mut j = 1;
        while j < N {
            (t[j - 1], c) = mac(t[j], m, p[j], c);
            j += 1;
        }
        t[N - 1] = c;
        i += 1;
    }
    let mut carry = 0;
    i = 0;
    while i < N {
        (t[i], carry) = adc(t[i], hi[i], carry);
        i += 1;
    }
    sub_p_if_ge(t, carry, p)
}

/// a²·R⁻¹ mod p: the double-width square, then [`redc`].
#[inline(always)]
pub const fn sqr_portable<const N: usize>(a: &[u64; N], p: &[u64; N], inv: u64) -> [u64; N] {
    let (lo, hi) = crate::Uint::from_words(*a).square_wide();
    redc(&lo.limbs, &hi.limbs, p, inv)
}
