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
//! decided by one product and comparison about once in 2^60 divisions.

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
    let k = d.len();
    assert!(k >= 2 && q.len() == k && u.len() == k + 2 && d[k - 1] >> 63 == 1);
    debug_assert!(cmp_n(&u[2..], d).is_lt());
    let (d1, d0) = (d[k - 1], d[k - 2]);
    let v = reciprocal_3by2(d1, d0);
    // Digit j divides the window u[lo..j + 3] (top limbs u[j + 2], u[j + 1] in n1, n0) by the
    // top limbs d[k - 2 - j + lo..] of the divisor; lo is 1 for the top digit, 0 below it.
    let mut top = k - 1;
    if u[k + 1] == 0 {
        // The top digit is 0 or 1: a comparison rather than a 3/2 step.
        let w = &mut u[1..k + 1];
        let ge = cmp_n(w, d).is_ge();
        if ge {
            sub_n_assign(w, d);
        }
        q[k - 1] = ge as u64;
        top = k - 2;
    }
    let (mut n1, mut n0) = (u[top + 2], u[top + 1]);
    for j in (0..=top).rev() {
        let lo = (j == k - 1) as usize;
        let dt = &d[k - 2 + lo - j..];
        if n1 >= d1 {
            // The digit is B - 1 or B - 2, or the window is above even (B - 1)·dt.
            u[j + 2] = n1;
            u[j + 1] = n0;
            let w = &mut u[lo..j + 2];
            let cy = submul_1_portable(w, dt, u64::MAX);
            q[j] = u64::MAX;
            if n1 < cy {
                q[j] -= 1;
                add_n_assign(w, dt);
            } else if n1 > cy {
                saturate(&mut q[..j]);
                return;
            }
            (n1, n0) = (u[j + 1], u[j]);
            continue;
        }
        let (mut qj, r1, r0) = div_3by2(n1, n0, u[j], d1, d0, v);
        let (low, dlow) = (&mut u[lo..j], &dt[..j - lo]);
        let cy = submul_1_portable(low, dlow, qj);
        let (r0, b0) = r0.overflowing_sub(cy);
        let (r1, b1) = r1.overflowing_sub(b0 as u64);
        (n1, n0) = (r1, r0);
        if b1 {
            // The digit was one too large: add the truncated divisor back.
            qj -= 1;
            let c = add_n_assign(low, dlow);
            let (s0, c0) = adc(n0, d0, c);
            (n1, n0) = (n1.wrapping_add(d1).wrapping_add(c0), s0);
        }
        q[j] = qj;
    }
}

/// The remaining digits once the running remainder is above `(B - 1)` times the truncated
/// divisor: all `B - 1` (the true ones are within a few units of the estimate's top digits).
#[cold]
#[inline(never)]
fn saturate(q: &mut [u64]) {
    q.fill(u64::MAX);
}
