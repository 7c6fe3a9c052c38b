//! Square root with remainder: `s = ⌊√a⌋` and `r = a − s²` (GMP's `mpn_sqrtrem`).
//!
//! Zimmermann's Karatsuba square root (Brent & Zimmermann, Modern Computer Arithmetic, 1.5.2,
//! Algorithm 1.12 "SqrtRem"; P. Zimmermann, "Karatsuba Square Root", INRIA RR-3805, 1999) on
//! limb boundaries. The operand is scaled by an even power of two so that it has an even
//! number `2n` of limbs and its top limb is at least 2^62. Then, with `l = ⌊n/2⌋`, `h = n − l`
//! and the operand cut as `A = a_hi·B^2l + a1·B^l + a0` (`a_hi` of `2h` limbs):
//! `(s', r') = SqrtRem(a_hi)`; `(q, u) = DivRem(r'·B^l + a1, 2s')`; `s = s'·B^l + q`,
//! `r = u·B^l + a0 − q²`; if `r < 0`, `r += 2s − 1` and `s −= 1` (once is enough). The division
//! is by `s'` (a normalised divisor of `h` limbs) and the quotient is halved afterwards.
//! Everything happens in place in the scaled copy of the operand, with caller-provided scratch.
//!
//! The base case is a root of two limbs (one 64-bit root): the 32-bit root of the top limb
//! from a floating-point estimate corrected exactly, then one step of the same recursion on
//! 32-bit digits, with one hardware division. A single limb takes the corrected
//! floating-point root alone.
//!
//! Cost: `T(n) = T(n/2) + D(n/2) + S(n/2)` with `D` a division of `n` by `n/2` limbs and `S`
//! a square, which is `O(M(n))`: about the cost of a division of `2n` by `n` limbs. There is
//! no threshold: the recursion runs down to the one-limb root at every size (a Newton
//! iteration on the reciprocal square root would pay only far beyond the sizes measured).
//! Without the remainder, the top level skips the square of the root's low half: the sign of
//! the remainder, which decides the last correction, comes from its top limbs except rarely.

use super::div::copy;
use super::{
    add_1_assign, addmul_1, div_2by1_hw, divrem, divrem_scratch_len, normalized_len, shl, shr,
    shr_assign, sqr, sqr_scratch_len, sub_1_assign, sub_n_assign,
};

/// `√a` within one of `⌊√a⌋`: the floating-point root.
#[cfg(feature = "std")]
#[inline(always)]
fn root_estimate(a: u64) -> u64 {
    (a as f64).sqrt() as u64
}

/// `⌊√a⌋` without `std`, which has no `f64::sqrt`: Newton's iteration on integers from
/// `2^⌈bits/2⌉`, above the root, until it stops decreasing.
#[cfg(not(feature = "std"))]
fn root_estimate(a: u64) -> u64 {
    if a < 2 {
        return a;
    }
    let mut s = 1u64 << (64 - a.leading_zeros()).div_ceil(2);
    loop {
        let t = (s + a / s) / 2;
        if t >= s {
            return s;
        }
        s = t;
    }
}

/// `(s, r)` with `s = ⌊√a⌋`, `r = a − s²` for one limb: the floating-point root (within one of
/// the true root: the conversion and the root each lose at most half an ulp of 53 bits),
/// corrected exactly.
///
/// ```
/// use carry::limbs::sqrtrem_1;
/// assert_eq!(sqrtrem_1(99), (9, 18));
/// assert_eq!(sqrtrem_1(u64::MAX), (u32::MAX as u64, 2 * u32::MAX as u64));
/// ```
#[inline]
pub fn sqrtrem_1(a: u64) -> (u64, u64) {
    let mut s = root_estimate(a).min(u32::MAX as u64);
    if s * s > a {
        s -= 1;
    }
    let mut r = a - s * s;
    if r > 2 * s {
        // (s + 1)² ≤ a, that is a − s² ≥ 2s + 1.
        r -= 2 * s + 1;
        s += 1;
    }
    (s, r)
}

/// `(s, r)` with `s = ⌊√x⌋` and `r = x − s²` (at most `2s`, so 65 bits) for a two-limb
/// `x = hi·2^64 + lo` with `hi ≥ 2^62`: the Karatsuba step on 32-bit digits over
/// [`sqrtrem_1`] of `hi`.
#[inline]
pub fn sqrtrem_2_normalized(hi: u64, lo: u64) -> (u64, u128) {
    debug_assert!(hi >= 1 << 62);
    let (s1, r1) = sqrtrem_1(hi);
    // (r1·2^32 + lo_hi)/(2·s1) with lo_hi the top 32 bits of lo: both halved, so that the
    // dividend r1·2^31 + ⌊lo_hi/2⌋ fits a limb (r1 ≤ 2·s1 < 2^33). The halved bit goes back
    // into the remainder.
    let num = (r1 << 31) | (lo >> 33);
    let (q, u) = (num / s1, num % s1);
    let u = 2 * u + ((lo >> 32) & 1);
    // q ≤ 2^32, so s may be 2^64 before the correction.
    let mut s = (u128::from(s1) << 32) + u128::from(q);
    let mut r = ((i128::from(u) << 32) | i128::from(lo & 0xffff_ffff)) - i128::from(q).pow(2);
    if r < 0 {
        r += 2 * s as i128 - 1;
        s -= 1;
    }
    (s as u64, r as u128)
}

/// Scratch limbs [`sqrtrem_dc`] needs for an `n`-limb root.
fn dc_scratch_len(n: usize) -> usize {
    if n == 1 {
        return 0;
    }
    let (l, h) = (n / 2, n - n / 2);
    let div = n + l + 1 + if h >= 2 { divrem_scratch_len(n, h) } else { 0 };
    let square = 2 * l + sqr_scratch_len(l);
    dc_scratch_len(h).max(div).max(square)
}

/// The Karatsuba square root in place: `a` of `2n` limbs with top limb at least 2^62, `s` of
/// `n` limbs. Writes `s = ⌊√a⌋` and the remainder's low `n` limbs to `a[..n]` (the limbs
/// above are clobbered), and returns its top bit (the remainder is at most `2s`).
fn sqrtrem_dc(s: &mut [u64], a: &mut [u64], scratch: &mut [u64], root_only: bool) -> u64 {
    let n = s.len();
    debug_assert_eq!(a.len(), 2 * n);
    if n == 1 {
        let (root, r) = sqrtrem_2_normalized(a[1], a[0]);
        s[0] = root;
        a[0] = r as u64;
        return (r >> 64) as u64;
    }
    let (l, h) = (n / 2, n - n / 2);
    let (sl, sh) = s.split_at_mut(l);
    // (s', r') of the top 2h limbs: s' in sh, r' in a[2l..2l + h] and rh.
    let rh = sqrtrem_dc(sh, &mut a[2 * l..], scratch, false);
    // The numerator N = r'·B^l + a1 is a[l..l + n] plus rh·B^n. With rh set, N − s'·B^l fits
    // n limbs (r' ≤ 2s'), and the quotient by s' gains B^l.
    if rh != 0 {
        let borrow = sub_n_assign(&mut a[2 * l..2 * l + h], sh);
        debug_assert_eq!(borrow, 1);
    }
    let (num, rest) = scratch.split_at_mut(n);
    let (quot, rest) = rest.split_at_mut(l + 1);
    copy(num, &a[l..l + n]);
    if h == 1 {
        // Two limbs by a normalised one: a top quotient digit of 0 or 1, then one 2/1 step.
        let d = sh[0];
        quot[1] = (num[1] >= d) as u64;
        (quot[0], a[l]) = div_2by1_hw(num[1] - quot[1] * d, num[0], d);
    } else {
        divrem(quot, &mut a[l..l + h], num, sh, rest);
    }
    // Q = N / s' (l limbs and a top of at most 2); q = Q / 2, and the halved bit adds s' to
    // the remainder: N = q·2s' + (U + (Q mod 2)·s').
    let qtop = quot[l] + rh;
    let odd = quot[0] & 1;
    shr(sl, &quot[..l], 1);
    sl[l - 1] |= qtop << 63;
    let qh = qtop >> 1;
    let uh = if odd != 0 {
        super::add_n_assign(&mut a[l..l + h], sh)
    } else {
        0
    };
    if root_only {
        // The sign of r = u·B^l + a0 − q² alone decides the correction.
        let negative = match remainder_sign(a, sl, l, h, uh, qh) {
            Some(negative) => negative,
            None => {
                let (square, rest) = scratch.split_at_mut(2 * l);
                sqr(square, sl, rest);
                let borrow = sub_n_assign(&mut a[..2 * l], square) + qh;
                sub_1_assign(&mut a[2 * l..n], borrow) > uh
            }
        };
        add_1_assign(sh, qh);
        if negative {
            sub_1_assign(s, 1);
        }
        return 0;
    }
    // r = u·B^l + a0 − q², with q = B^l exactly when qh is set (its low limbs then zero).
    let (square, rest) = scratch.split_at_mut(2 * l);
    sqr(square, sl, rest);
    let borrow = sub_n_assign(&mut a[..2 * l], square) + qh;
    let borrow = sub_1_assign(&mut a[2 * l..n], borrow);
    let mut rtop = uh as i64 - borrow as i64;
    // s'·B^l + q carries out of s only when s' = B^(h−l) − 1 and q = B^l: then s = B^h is above
    // the root, r is negative, and the correction below takes s back to B^h − 1.
    add_1_assign(sh, qh);
    if rtop < 0 {
        // r + 2s − 1 with s − 1: r + 2(s − 1) + 1.
        sub_1_assign(s, 1);
        rtop += addmul_1(&mut a[..n], s, 2) as i64;
        rtop += add_1_assign(&mut a[..n], 1) as i64;
    }
    debug_assert!(rtop == 0 || rtop == 1);
    rtop as u64
}

/// Whether `r = u·B^l + a0 − q² < 0` (`u` in `a[l..l + h]` with `uh` above, `a0` in `a[..l]`,
/// `q` in `sl` with `qh·B^l` above), from the top limbs alone; `None` when they cannot tell,
/// which is rare (the top two limbs of `u·B^l + a0` within about `2·q_top` of `q_top²`).
#[inline]
fn remainder_sign(a: &[u64], sl: &[u64], l: usize, h: usize, uh: u64, qh: u64) -> Option<bool> {
    // q² ≤ B^2l, so u ≥ B^l makes r non-negative; q = B^l with u < B^l makes it negative.
    if uh != 0 || a[2 * l..l + h].iter().any(|&x| x != 0) {
        return Some(false);
    }
    if qh != 0 {
        return Some(true);
    }
    // With x = u·B^l + a0 below B^2l and t its top two limbs: t·B^(2l−2) ≤ x < (t + 1)·B^(2l−2)
    // and top²·B^(2l−2) ≤ q² < (top + 1)²·B^(2l−2) for q's top limb `top`.
    let t = u128::from(a[2 * l - 1]) << 64 | u128::from(a[2 * l - 2]);
    let top = u128::from(sl[l - 1]);
    let (lo, hi) = (top * top, (top + 1).checked_mul(top + 1));
    if t < lo {
        return Some(true);
    }
    if l == 1 || hi.is_some_and(|hi| t >= hi) {
        // (With one limb, x = t and q² = top² exactly.)
        return Some(false);
    }
    None
}

/// Scratch limbs [`sqrtrem`] needs for an `n`-limb operand.
pub fn sqrtrem_scratch_len(n: usize) -> usize {
    let h = n.div_ceil(2);
    if n <= 2 {
        return 0;
    }
    3 * h + dc_scratch_len(h).max(2 * h + 3)
}

/// `s = ⌊√a⌋` and, when `r` is given, `r = a − s²`; returns the remainder's length without
/// high zero limbs (0 for a perfect square). Without `r` the top level computes the root
/// alone (the sign of the remainder's top limbs decides the last correction, the square of
/// the low half of the root is skipped) and returns 0. Requires `a` nonempty with its top limb nonzero,
/// `s.len() == ⌈a.len()/2⌉`, `r.len() == s.len() + 1` (the limbs from the returned length on
/// are zero) and `scratch.len() >= sqrtrem_scratch_len(a.len())`.
///
/// ```
/// use carry::limbs::{sqrtrem, sqrtrem_scratch_len};
/// let a = [5, 0, 1]; // 2^128 + 5
/// let (mut s, mut r) = ([0; 2], [0; 3]);
/// let mut scratch = vec![0; sqrtrem_scratch_len(3)];
/// assert_eq!(sqrtrem(&mut s, Some(&mut r), &a, &mut scratch), 1);
/// assert_eq!((s, r), ([0, 1], [5, 0, 0])); // the root is 2^64
/// ```
pub fn sqrtrem(s: &mut [u64], r: Option<&mut [u64]>, a: &[u64], scratch: &mut [u64]) -> usize {
    let n = a.len();
    let h = n.div_ceil(2);
    assert!(n >= 1 && a[n - 1] != 0);
    assert_eq!(s.len(), h);
    if let Some(r) = &r {
        assert_eq!(r.len(), h + 1);
    }
    if n == 1 {
        let (root, rem) = sqrtrem_1(a[0]);
        s[0] = root;
        return finish_small(r, rem as u128);
    }
    if n == 2 {
        let x = u128::from(a[1]) << 64 | u128::from(a[0]);
        let c = a[1].leading_zeros() / 2;
        let y = x << (2 * c);
        let (root, _) = sqrtrem_2_normalized((y >> 64) as u64, y as u64);
        let root = root >> c;
        s[0] = root;
        return finish_small(r, x - u128::from(root) * u128::from(root));
    }
    // Scale by 2^(2k): 2c bits so that the top limb is at least 2^62, and a low zero limb
    // (32 bits of the root) when n is odd.
    let c = a[n - 1].leading_zeros() / 2;
    let odd = n & 1;
    let k = c + 32 * odd as u32;
    let (big, rest) = scratch.split_at_mut(2 * h);
    big[0] = 0;
    if c == 0 {
        copy(&mut big[odd..], a);
    } else {
        let out = shl(&mut big[odd..], a, 2 * c);
        debug_assert_eq!(out, 0);
    }
    let rtop;
    if k == 0 {
        rtop = sqrtrem_dc(s, big, rest, r.is_none());
        let Some(r) = r else {
            return 0;
        };
        copy(&mut r[..h], &big[..h]);
        r[h] = rtop;
        return normalized_len(r);
    }
    let (root, rest) = rest.split_at_mut(h);
    rtop = sqrtrem_dc(root, big, rest, r.is_none());
    shr(s, root, k);
    let Some(r) = r else {
        return 0;
    };
    // root = s·2^k + s0 and big = root² + R: a − s² = (R + s0·(2·root − s0)) / 4^k.
    let s0 = root[0] & ((1 << k) - 1);
    let (t, rest) = rest.split_at_mut(h + 1);
    let full = &mut rest[..h + 2];
    t[h] = shl(&mut t[..h], root, 1);
    sub_1_assign(t, s0);
    copy(&mut full[..h], &big[..h]);
    full[h] = rtop;
    full[h + 1] = addmul_1(&mut full[..h + 1], t, s0);
    let (words, bits) = ((2 * k / 64) as usize, 2 * k % 64);
    let src = &mut full[words..];
    if bits != 0 {
        shr_assign(src, bits);
    }
    // The remainder is at most 2s: h limbs and a bit.
    debug_assert!(src[h + 1..].iter().all(|&x| x == 0));
    copy(r, &src[..h + 1]);
    normalized_len(r)
}

/// The remainder of a root of one limb, into `r` (or whether it is nonzero).
#[inline]
fn finish_small(r: Option<&mut [u64]>, rem: u128) -> usize {
    let Some(r) = r else {
        return (rem != 0) as usize;
    };
    r[0] = rem as u64;
    r[1] = (rem >> 64) as u64;
    normalized_len(r)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sqrtrem_1_near_squares() {
        let mut roots: alloc::vec::Vec<u64> = (0..5000).collect();
        roots.extend((0..5000).map(|i| u32::MAX as u64 - i));
        roots.extend((0..32).map(|i| 1 << i));
        roots.extend((1..32).map(|i| (1 << i) - 1));
        for s in roots {
            let sq = s * s;
            assert_eq!(sqrtrem_1(sq), (s, 0), "{s}");
            if s > 0 {
                assert_eq!(sqrtrem_1(sq - 1), (s - 1, 2 * (s - 1)), "{s}");
            }
            if sq.checked_add(2 * s).is_some() {
                assert_eq!(sqrtrem_1(sq + 2 * s), (s, 2 * s), "{s}");
            }
        }
    }

    #[test]
    fn sqrtrem_2_near_squares() {
        let mut seed = 7u64;
        let mut roots = alloc::vec![u64::MAX, u64::MAX - 1, 1 << 63, (1 << 63) + 1];
        for _ in 0..20000 {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            roots.push(seed | 1 << 63);
            roots.push((seed | 1 << 63) & !0xffff_ffff);
            roots.push((seed | 1 << 63) | 0xffff_ffff);
        }
        for s in roots {
            let sq = u128::from(s) * u128::from(s);
            let check = |x: u128, want: (u64, u128)| {
                if x >> 126 == 0 {
                    return; // below the normalised range
                }
                let got = sqrtrem_2_normalized((x >> 64) as u64, x as u64);
                assert_eq!(got, want, "{x:#x}");
            };
            check(sq, (s, 0));
            check(sq - 1, (s - 1, 2 * u128::from(s - 1)));
            if let Some(top) = sq.checked_add(2 * u128::from(s)) {
                check(top, (s, 2 * u128::from(s)));
            }
        }
    }
}
