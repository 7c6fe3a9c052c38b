//! Approximate quotients: schoolbook division that drops, digit by digit, the products that fall
//! below a fixed limb of the dividend, giving a quotient that is exact or a few units too large.
//!
//! What it computes: for a normalised `k`-limb divisor `D` and a `2k`-limb dividend `U` whose
//! top `k` limbs are below `D`, a `k`-digit `Q̃` with `⌊U/D⌋ ≤ Q̃ ≤ ⌊U/D⌋ + E` for a small `E`
//! (single digits). The first digit is found exactly; digit `j` below it (from `k - 2` down to
//! 0) divides by the top `j + 2` limbs of `D` only, and its products land no lower than limb
//! `k - 2` of `U`, so the limbs of `U` below that are never read. The running remainder so
//! formed is never below the true one (the dropped products are non-negative), so no digit is
//! too small; when it reaches the truncated divisor, the digit is `B - 1`, and once even that
//! leaves it above, every later digit is `B - 1` (the quotient is then only a few units off).
//!
//! Reference: the approximate ("short") division of Krandick and Johnson, "Efficient
//! multiprecision floating point multiplication with optimal directional rounding" (1993), as
//! described by Brent and Zimmermann, "Modern Computer Arithmetic", §1.4.3 and exercise 1.34;
//! GMP's `mpn_sbpi1_divappr_q` is the same scheme. The 3/2 digit steps are Möller and
//! Granlund's ("Improved division by invariant integers", 2011).
//!
//! Cost: `k` digit steps and `(k - 1)·k / 2` limb products, half the exact schoolbook's
//! `k·(k - 2)`. `div_q.rs` takes it for the top parts of short quotients of 2 to
//! `DIV_APPR - 1` limbs (above the register-held divisions), with one guard digit: the true
//! quotient is then the estimate's top digits, or one less when the guard digit is small,
//! decided by one product and comparison about once in 2^60 divisions. That caller only asks
//! whether the guard digit reaches `GUARD`, which is the remainder's top three limbs compared
//! with `GUARD` times the divisor's top two (formed off the chain): the digit itself, one more
//! 3/2 step at the end of the chain, is formed only below that. The digits are a chain
//! (each waits on the borrow out of the previous one's products), so the products of a digit
//! go through the ADX kernel where the CPU has one: its carry chain is shorter than the
//! portable loop's, and the chain is the division's whole time.

use super::add::{add_n_assign, cmp_n, sub_n_assign};
use super::div::{div_3by2, reciprocal_3by2};
use super::mul::submul_1_portable;
use super::word::adc;

/// `q ≈ ⌊u / d⌋` as in the file's comment: `d` of `k ≥ 2` limbs with its top bit set, `q` of
/// `k` limbs, and `u` the top `k + 2` limbs of the `2k`-limb dividend (its limbs from `k - 2`
/// up, the top `k` below `d`). `u` is overwritten.
///
/// ```
/// use carry::limbs::divappr_schoolbook;
/// let d = [1, 2, 1 << 63];
/// // u = the top 5 limbs of a 6-limb dividend; its low limb (0) is never read.
/// let mut u = [9, 8, 7, 6, 5];
/// let mut q = [0; 3];
/// divappr_schoolbook(&mut q, &mut u, &d);
/// assert_eq!(q, [u64::MAX - 26, 11, 10]); // ⌊[0, 9, 8, 7, 6, 5] / d⌋, exact here
/// ```
pub fn divappr_schoolbook(q: &mut [u64], u: &mut [u64], d: &[u64]) {
    assert!(q.len() == d.len());
    let (low, high) = q.split_at_mut(1);
    low[0] = divappr_guard::<{ u64::MAX }>(high, u, d);
}

/// [`divappr_schoolbook`] with the estimate's low (guard) digit returned rather than stored:
/// `q` takes the other `k - 1` digits. The digit is returned when it is below `FLOOR`, and
/// otherwise `FLOOR` itself: whether the digit reaches `FLOOR` is one comparison of the
/// remainder's top limbs with `FLOOR` times the divisor's, formed beside the digit loop, where
/// the digit itself would be one more 3/2 step at the end of the loop's chain.
#[inline(always)]
pub(super) fn divappr_guard<const FLOOR: u64>(q: &mut [u64], u: &mut [u64], d: &[u64]) -> u64 {
    let k = d.len();
    assert!(k >= 2 && q.len() == k - 1 && u.len() == k + 2 && d[k - 1] >> 63 == 1);
    debug_assert!(cmp_n(&u[2..], d).is_lt());
    #[cfg(target_arch = "x86_64")]
    if super::cpu::has_bmi2_adx() {
        // SAFETY: the CPU supports BMI2 and ADX, checked just above.
        return unsafe { divappr_adx::<FLOOR>(q, u, d) };
    }
    divappr_with::<FLOOR>(q, u, d, submul_1_portable)
}

/// [`divappr_guard`] with the digits' products by the ADX kernel, compiled with its target
/// features so that the kernel is inlined into the digit loop (no call, no feature test per
/// digit).
///
/// # Safety
/// The CPU must support BMI2 and ADX.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "bmi2,adx")]
unsafe fn divappr_adx<const FLOOR: u64>(q: &mut [u64], u: &mut [u64], d: &[u64]) -> u64 {
    divappr_with::<FLOOR>(q, u, d, |w: &mut [u64], d: &[u64], q: u64| {
        // SAFETY: the CPU supports BMI2 and ADX (this function's contract).
        unsafe { super::x86::submul_1_adx(w, d, q) }
    })
}

/// The digit loop of [`divappr_guard`], with the kernel `submul` (`w -= d·q`, returning the
/// borrow limb) for each digit's low limbs.
#[inline(always)]
fn divappr_with<const FLOOR: u64>(
    q: &mut [u64],
    u: &mut [u64],
    d: &[u64],
    submul: impl Fn(&mut [u64], &[u64], u64) -> u64 + Copy,
) -> u64 {
    let k = d.len();
    let (d1, d0) = (d[k - 1], d[k - 2]);
    let v = reciprocal_3by2(d1, d0);
    // Digit j divides the window u[lo..j + 3] (top limbs u[j + 2], u[j + 1] in n1, n0) by the
    // top limbs d[k - 2 - j + lo..] of the divisor; lo is 1 for the top digit, 0 below it.
    // Digit j goes to q[j - 1]; digit 0 is the guard digit, returned.
    let (mut n1, mut n0);
    if u[k + 1] == 0 {
        // The top digit is 0 or 1: a comparison rather than a 3/2 step.
        let w = &mut u[1..k + 1];
        let ge = cmp_n(w, d).is_ge();
        if ge {
            sub_n_assign(w, d);
        }
        q[k - 2] = ge as u64;
        (n1, n0) = (u[k], u[k - 1]);
    } else {
        // The top digit by the whole divisor, on u[1..k + 2].
        (n1, n0) = (u[k + 1], u[k]);
        let mut qt = 0;
        let (next, saturated) = digit(&mut qt, &mut u[1..], d, (n1, n0), (d1, d0, v), submul);
        debug_assert!(!saturated);
        q[k - 2] = qt;
        (n1, n0) = next;
    }
    for j in (1..k - 1).rev() {
        let mut qt = 0;
        let (next, saturated) = digit(
            &mut qt,
            &mut u[..j + 3],
            &d[k - 2 - j..],
            (n1, n0),
            (d1, d0, v),
            submul,
        );
        q[j - 1] = qt;
        if saturated {
            saturate(&mut q[..j - 1]);
            return u64::MAX;
        }
        (n1, n0) = next;
    }
    if FLOOR < u64::MAX {
        // The guard digit of (n1, n0, u[0]) by (d1, d0) reaches FLOOR exactly when the window
        // reaches FLOOR·(d1, d0) (which holds whenever n1 >= d1).
        let p = FLOOR as u128 * d0 as u128;
        let t = FLOOR as u128 * d1 as u128 + (p >> 64);
        if (n1, n0, u[0]) >= ((t >> 64) as u64, t as u64, p as u64) {
            return FLOOR;
        }
    }
    let mut guard = 0;
    let (_, saturated) = digit(
        &mut guard,
        &mut u[..3],
        &d[k - 2..],
        (n1, n0),
        (d1, d0, v),
        submul,
    );
    if saturated {
        return u64::MAX;
    }
    guard
}

/// One digit of [`divappr_schoolbook`]: the digit of the window `w` (`dt.len() + 1` limbs, its
/// top two in `n`) by `dt` (top limbs `d1`, `d0`, 3/2 reciprocal `v`) into `qj`, the window's
/// low limbs less the digit times `dt`'s, and the remainder's top two limbs returned with
/// whether the later digits are to be saturated.
#[inline(always)]
fn digit(
    qj: &mut u64,
    w: &mut [u64],
    dt: &[u64],
    (n1, n0): (u64, u64),
    (d1, d0, v): (u64, u64, u64),
    submul: impl Fn(&mut [u64], &[u64], u64) -> u64,
) -> ((u64, u64), bool) {
    let m = dt.len();
    if n1 >= d1 {
        return wide_digit(qj, w, dt, (n1, n0));
    }
    let (mut q, r1, r0) = div_3by2(n1, n0, w[m - 2], d1, d0, v);
    let (low, dlow) = (&mut w[..m - 2], &dt[..m - 2]);
    let cy = if m > 2 { submul(low, dlow, q) } else { 0 };
    let (r0, b0) = r0.overflowing_sub(cy);
    let (r1, b1) = r1.overflowing_sub(b0 as u64);
    let (mut n1, mut n0) = (r1, r0);
    if b1 {
        // The digit was one too large: add the truncated divisor back.
        q -= 1;
        let c = add_n_assign(low, dlow);
        let (s0, c0) = adc(n0, d0, c);
        (n1, n0) = (n1.wrapping_add(d1).wrapping_add(c0), s0);
    }
    *qj = q;
    ((n1, n0), false)
}

/// The digit of [`digit`] when the window's top limb reaches the divisor's: `B - 1` or `B - 2`
/// (one subtraction of `(B - 1)·dt` and at most one add back), or, when even `B - 1` leaves the
/// window above the truncated divisor, `B - 1` and the signal to saturate.
#[cold]
#[inline(never)]
fn wide_digit(qj: &mut u64, w: &mut [u64], dt: &[u64], (n1, n0): (u64, u64)) -> ((u64, u64), bool) {
    let m = dt.len();
    w[m] = n1;
    w[m - 1] = n0;
    let w = &mut w[..m];
    let cy = submul_1_portable(w, dt, u64::MAX);
    *qj = u64::MAX;
    if n1 < cy {
        *qj -= 1;
        add_n_assign(w, dt);
    } else if n1 > cy {
        return ((0, 0), true);
    }
    ((w[m - 1], w[m - 2]), false)
}

/// The remaining digits once the running remainder is above `(B - 1)` times the truncated
/// divisor: all `B - 1` (the true ones are within a few units of the estimate's top digits).
#[cold]
#[inline(never)]
fn saturate(q: &mut [u64]) {
    q.fill(u64::MAX);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::limbs::mul_basecase;

    /// `divappr_guard::<F>` against the exact guard digit (`F = B - 1`): the same quotient
    /// limbs, and the digit itself when it is below `F`, else `F`. The dividends are `q·d + r`
    /// with `q`'s low limb (the guard digit, to within the estimate's few units) within 40 of
    /// `F` and `r` of 0, 1, `d - 1` or random, under random, all-ones and power-of-two
    /// divisors; both sides of `F` are checked to be reached, and the portable loop agrees.
    #[test]
    fn guard_floor() {
        const F: u64 = 32;
        let mut x = 0x2545_f491_4f6c_dd1du64;
        let mut next = || {
            x = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let mut z = x;
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            z ^ (z >> 31)
        };
        let (mut below, mut at_or_above) = (0, 0);
        for case in 0..20_000u64 {
            let k = 2 + (case % 12) as usize;
            let mut d: Vec<u64> = (0..k).map(|_| next()).collect();
            match case % 4 {
                0 => d.fill(u64::MAX),
                1 => {
                    d.fill(0);
                    d[k - 1] = 1 << 63;
                }
                _ => {}
            }
            d[k - 1] |= 1 << 63;
            let mut q: Vec<u64> = (0..k).map(|_| next()).collect();
            q[0] = (F - 20).wrapping_add(next() % 40);
            q[k - 1] >>= 1;
            let mut a = vec![0u64; 2 * k];
            mul_basecase(&mut a, &q, &d);
            // Plus r below d: the low limbs (a stays below d·B^k since q's top bit is clear).
            let r: Vec<u64> = match (case / 4) % 4 {
                0 => vec![0; k],
                1 => [vec![1], vec![0; k - 1]].concat(),
                2 => d
                    .iter()
                    .enumerate()
                    .map(|(i, &l)| l - (i == 0) as u64)
                    .collect(),
                _ => {
                    let mut r: Vec<u64> = (0..k).map(|_| next()).collect();
                    r[k - 1] = d[k - 1] >> 1;
                    r
                }
            };
            let c = crate::limbs::add_n_assign(&mut a[..k], &r);
            crate::limbs::add_1_assign(&mut a[k..], c);
            let (mut u1, mut u2) = (a[k - 2..].to_vec(), a[k - 2..].to_vec());
            let (mut q1, mut q2) = (vec![0; k - 1], vec![0; k - 1]);
            let g = divappr_guard::<{ u64::MAX }>(&mut q1, &mut u1, &d);
            let h = divappr_guard::<F>(&mut q2, &mut u2, &d);
            assert_eq!(q1, q2, "case {case} d {d:x?} a {a:x?}");
            assert_eq!(h, g.min(F), "case {case} d {d:x?} a {a:x?}");
            // The portable loop (the ADX one's twin) gives the same.
            let (mut u3, mut q3) = (a[k - 2..].to_vec(), vec![0; k - 1]);
            let p = divappr_with::<F>(&mut q3, &mut u3, &d, submul_1_portable);
            assert_eq!((p, &q3), (h, &q2), "portable case {case} d {d:x?} a {a:x?}");
            if g < F {
                below += 1;
            } else {
                at_or_above += 1;
            }
        }
        assert!(
            below > 1000 && at_or_above > 1000,
            "{below} below, {at_or_above} above"
        );
    }
}
