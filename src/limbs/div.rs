//! Division: Möller–Granlund reciprocals and 2/1, 3/2 limb divisions ("Improved division by
//! invariant integers", IEEE Trans. Computers 2011), O(n) division by one limb, and schoolbook
//! long division (Knuth, TAOCP vol. 2, 4.3.1, Algorithm D) in O(n·m) with 3/2 quotient
//! estimates, for divisors below `DIV_DC` limbs (the divide-and-conquer division of `div_dc.rs`
//! above, which also ends in this one); divisors of at most `DIV_REGISTERS` limbs take a
//! variant that keeps the divisor and the running remainder in registers, and multiplies the
//! divisor's low limbs by the 3/2 step's first candidate digit before the step has corrected it
//! (a masked add of those limbs follows when it does), so a digit waits on one 3/2 step only.

use super::add::{add_n_assign, cmp_n, sub_n};
use super::div_dc::{divrem_dc, divrem_dc_scratch_len};
use super::div_mu::{divrem_mu, divrem_mu_scratch_len};
use super::mul::submul_1_portable;
use super::shift::{shl, shr};
use super::word::{adc, sbb};
use crate::thresholds::{DIV_DC, DIV_MU, DIV_REGISTERS};

/// The reciprocal `v = floor((B² - 1) / d) - B` of a normalized `d` (top bit set), `B = 2^64`.
#[inline]
pub fn reciprocal_2by1(d: u64) -> u64 {
    assert!(d >> 63 == 1, "reciprocal_2by1: divisor not normalized");
    #[cfg(target_arch = "x86_64")]
    {
        // (B² - 1 - B·d) / d = floor((B² - 1) / d) - B, by one hardware division.
        let v: u64;
        // SAFETY: the dividend's high word !d is below d (d has its top bit set, just asserted),
        // so the quotient fits in 64 bits and `div` cannot fault; no memory is touched.
        unsafe {
            core::arch::asm!(
                "div {d}",
                d = in(reg) d,
                inout("rax") u64::MAX => v,
                inout("rdx") !d => _,
                options(pure, nomem, nostack),
            );
        }
        v
    }
    #[cfg(not(target_arch = "x86_64"))]
    reciprocal_2by1_portable(d)
}

/// The portable twin of [`reciprocal_2by1`], through a 128-bit division.
pub fn reciprocal_2by1_portable(d: u64) -> u64 {
    debug_assert!(d >> 63 == 1);
    // (B² - 1) / d lies in [B, 2B), so the truncation drops exactly the B.
    (u128::MAX / d as u128) as u64
}

/// Divides `u1·B + u0` by a normalized `d` with `v = reciprocal_2by1(d)`; requires `u1 < d`.
/// Returns `(quotient, remainder)`.
#[inline(always)]
pub fn div_2by1(u1: u64, u0: u64, d: u64, v: u64) -> (u64, u64) {
    debug_assert!(u1 < d && d >> 63 == 1);
    let q = (v as u128) * (u1 as u128) + (((u1 as u128) << 64) | u0 as u128);
    let (mut q1, q0) = (((q >> 64) as u64).wrapping_add(1), q as u64);
    let mut r = u0.wrapping_sub(q1.wrapping_mul(d));
    // The first correction happens about half the time: do it with a mask, not a branch.
    let mask = ((r > q0) as u64).wrapping_neg();
    q1 = q1.wrapping_add(mask);
    r = r.wrapping_add(d & mask);
    if r >= d {
        q1 += 1;
        r -= d;
    }
    (q1, r)
}

/// The reciprocal `v = floor((B³ - 1) / (d1·B + d0)) - B` of a normalized two-limb divisor
/// (`d1` has its top bit set).
pub fn reciprocal_3by2(d1: u64, d0: u64) -> u64 {
    let mut v = reciprocal_2by1(d1);
    let mut p = d1.wrapping_mul(v).wrapping_add(d0);
    // v·d0 is formed beside p and corrected with v, off the path from the hardware division.
    let mut t = (v as u128) * (d0 as u128);
    if p < d0 {
        v = v.wrapping_sub(1);
        t = t.wrapping_sub(d0 as u128);
        if p >= d1 {
            v = v.wrapping_sub(1);
            t = t.wrapping_sub(d0 as u128);
            p = p.wrapping_sub(d1);
        }
        p = p.wrapping_sub(d1);
    }
    let (t1, t0) = ((t >> 64) as u64, t as u64);
    let p2 = p.wrapping_add(t1);
    if p2 < t1 {
        v = v.wrapping_sub(1);
        if p2 > d1 || (p2 == d1 && t0 >= d0) {
            v = v.wrapping_sub(1);
        }
    }
    v
}

/// Divides `u2·B² + u1·B + u0` by the normalized `d1·B + d0` with
/// `v = reciprocal_3by2(d1, d0)`; requires `u2·B + u1 < d1·B + d0`.
/// Returns `(quotient, remainder high, remainder low)`.
#[inline(always)]
pub fn div_3by2(u2: u64, u1: u64, u0: u64, d1: u64, d0: u64, v: u64) -> (u64, u64, u64) {
    let d = ((d1 as u128) << 64) | d0 as u128;
    let (q1, q0, r) = estimate_3by2(u2, u1, u0, d1, d0, v);
    // The first correction happens about half the time: do it with a mask, not a branch.
    let mask = (((r >> 64) as u64 >= q0) as u64).wrapping_neg();
    let mut q1 = q1.wrapping_add(1).wrapping_add(mask);
    let mut r = r.wrapping_add(d & ((mask as u128) << 64 | mask as u128));
    if r >= d {
        // Rare: a branch keeps this step off the path from one quotient digit to the next,
        // where a conditional move would lengthen it.
        (q1, r) = one_more(q1, r, d);
    }
    (q1, (r >> 64) as u64, r as u64)
}

/// The first half of [`div_3by2`]: `q1` and `q0` with the candidate quotient `q1 + 1`, and
/// the remainder for that candidate modulo B². The candidate is one too large exactly when the
/// remainder's high limb is at least `q0` (then `d` is to be added back), and after that
/// correction one too small when the remainder is still at least `d` (rare).
#[inline(always)]
fn estimate_3by2(u2: u64, u1: u64, u0: u64, d1: u64, d0: u64, v: u64) -> (u64, u64, u128) {
    debug_assert!(d1 >> 63 == 1 && (u2, u1) < (d1, d0));
    let d = ((d1 as u128) << 64) | d0 as u128;
    let q = (v as u128) * (u2 as u128) + (((u2 as u128) << 64) | u1 as u128);
    let (q1, q0) = ((q >> 64) as u64, q as u64);
    let r1 = u1.wrapping_sub(q1.wrapping_mul(d1));
    let t = (d0 as u128) * (q1 as u128);
    let r = (((r1 as u128) << 64) | u0 as u128)
        .wrapping_sub(t)
        .wrapping_sub(d);
    (q1, q0, r)
}

/// The second correction of [`div_3by2`]: `(q + 1, r - d)`.
#[cold]
#[inline(never)]
fn one_more(q: u64, r: u128, d: u128) -> (u64, u128) {
    (q + 1, r - d)
}

/// A limb divisor prepared for repeated division: normalized by `shift`, with its reciprocal.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Divisor1 {
    pub(crate) d: u64,
    pub(crate) shift: u32,
    pub(crate) v: u64,
}

impl Divisor1 {
    #[inline]
    pub(crate) fn new(d: u64) -> Divisor1 {
        debug_assert!(d != 0);
        let shift = d.leading_zeros();
        let d = d << shift;
        Divisor1 {
            d,
            shift,
            v: reciprocal_2by1(d),
        }
    }
}

/// `q = a / d` (any `d != 0`), `q.len() == a.len()`; returns `a mod d`. With `a` read through
/// `get`, so in-place and out-of-place division share this loop.
#[inline(always)]
fn divrem_1_with(
    n: usize,
    get: impl Fn(usize) -> u64,
    mut put: impl FnMut(usize, u64),
    dv: Divisor1,
) -> u64 {
    let (d, s, v) = (dv.d, dv.shift, dv.v);
    if n == 0 {
        return 0;
    }
    let mut r;
    let mut i = n - 1;
    if s == 0 {
        let top = get(i);
        let q = (top >= d) as u64;
        put(i, q);
        r = top - q * d;
        while i > 0 {
            i -= 1;
            let q;
            (q, r) = div_2by1(r, get(i), d, v);
            put(i, q);
        }
        r
    } else {
        let mut hi = get(i);
        r = hi >> (64 - s);
        while i > 0 {
            let lo = get(i - 1);
            let q;
            (q, r) = div_2by1(r, (hi << s) | (lo >> (64 - s)), d, v);
            put(i, q);
            hi = lo;
            i -= 1;
        }
        let q;
        (q, r) = div_2by1(r, hi << s, d, v);
        put(0, q);
        r >> s
    }
}

/// `q = a / d` for a limb `d != 0`, with `q.len() == a.len()`; returns the remainder
/// `a mod d`. Uses a precomputed 2/1 reciprocal, no hardware division in the loop.
pub fn divrem_1(q: &mut [u64], a: &[u64], d: u64) -> u64 {
    assert_eq!(q.len(), a.len());
    divrem_1_with(a.len(), |i| a[i], |i, x| q[i] = x, Divisor1::new(d))
}

/// `a = a / d` in place for a limb `d != 0`; returns the remainder `a mod d`.
pub fn divrem_1_assign(a: &mut [u64], d: u64) -> u64 {
    let n = a.len();
    let cell = core::cell::Cell::from_mut(a).as_slice_of_cells();
    divrem_1_with(
        n,
        |i| cell[i].get(),
        |i, x| cell[i].set(x),
        Divisor1::new(d),
    )
}

/// `a mod d` for a limb `d != 0` (any `a.len()`, possibly 0).
pub fn rem_1(a: &[u64], d: u64) -> u64 {
    divrem_1_with(a.len(), |i| a[i], |_, _| {}, Divisor1::new(d))
}

/// Scratch limbs [`divrem`] needs for an `an`-limb dividend and a `dn`-limb divisor.
#[inline(always)]
pub fn divrem_scratch_len(an: usize, dn: usize) -> usize {
    if in_registers(an, dn) {
        return 0;
    }
    let dc = if use_mu(an - dn + 1, dn) {
        divrem_mu_scratch_len(dn)
    } else if dn >= DIV_DC {
        divrem_dc_scratch_len(dn)
    } else {
        0
    };
    an + 1 + dn + dc
}

/// Whether a quotient of `qn` limbs (or one more) by a `dn`-limb divisor takes the Newton
/// reciprocal: from `DIV_MU` divisor limbs, with at least one full quotient block.
fn use_mu(qn: usize, dn: usize) -> bool {
    dn >= DIV_MU && qn >= dn
}

/// Whether [`divrem`] of an `an`-limb dividend by a `dn`-limb divisor keeps the divisor and
/// the running remainder in registers ([`divrem_in_registers`]; no scratch): for the divisors
/// of 2 to `DIV_REGISTERS` limbs that the schoolbook division would otherwise take.
///
/// ```
/// use carry::limbs::in_registers;
/// assert!(in_registers(8, 4) && !in_registers(8, 1));
/// ```
#[inline(always)]
pub fn in_registers(an: usize, dn: usize) -> bool {
    const {
        assert!(
            DIV_REGISTERS <= 6,
            "divrem_small is instantiated up to 6 limbs"
        )
    };
    (2..=DIV_REGISTERS).contains(&dn) && dn < DIV_DC && !use_mu(an - dn + 1, dn)
}

/// `q = a / d`, `r = a mod d` for `a.len() >= d.len() >= 2` with `d`'s top limb nonzero (`a`
/// may have high zero limbs); requires `q.len() == a.len() - d.len() + 1`,
/// `r.len() == d.len()` and `scratch.len() >= divrem_scratch_len(a.len(), d.len())`.
pub fn divrem(q: &mut [u64], r: &mut [u64], a: &[u64], d: &[u64], scratch: &mut [u64]) {
    let (an, dn) = (a.len(), d.len());
    assert!(an >= dn && dn >= 2 && d[dn - 1] != 0);
    assert_eq!(q.len(), an - dn + 1);
    assert_eq!(r.len(), dn);
    if in_registers(an, dn) {
        return divrem_in_registers(q, r, a, d, divisor_reciprocal(d));
    }
    let (dd, rest) = scratch.split_at_mut(dn);
    let (rest, dc_scratch) = rest.split_at_mut(an + 1);
    let s = d[dn - 1].leading_zeros();
    if s == 0 {
        // Already normalized: the top quotient digit is 0 or 1, found by one comparison.
        let u = &mut rest[..an];
        let (alo, ahi) = a.split_at(an - dn);
        let qh = cmp_n(ahi, d).is_ge();
        let (ulo, uhi) = u.split_at_mut(an - dn);
        copy(ulo, alo);
        if qh {
            sub_n(uhi, ahi, d);
        } else {
            copy(uhi, ahi);
        }
        q[an - dn] = qh as u64;
        divide(&mut q[..an - dn], u, d, dc_scratch);
        copy(r, &u[..dn]);
        return;
    }
    let u = &mut rest[..an + 1];
    shl(dd, d, s);
    u[an] = shl(&mut u[..an], a, s);
    divide(q, u, dd, dc_scratch);
    shr(r, &u[..dn], s);
}

/// The 3/2 reciprocal of a divisor's top two limbs once normalized (`d.len() >= 2`, top limb
/// nonzero): the `v` of [`divrem_in_registers`]. A caller that computes it before finding its
/// destination buffers lets its hardware division run meanwhile.
///
/// ```
/// use carry::limbs::{divisor_reciprocal, reciprocal_3by2};
/// assert_eq!(divisor_reciprocal(&[7, 1 << 63]), reciprocal_3by2(1 << 63, 7));
/// assert_eq!(divisor_reciprocal(&[0, 5, 1]), reciprocal_3by2(1 << 63 | 2, 1 << 63));
/// ```
#[inline(always)]
pub fn divisor_reciprocal(d: &[u64]) -> u64 {
    let n = d.len();
    assert!(n >= 2 && d[n - 1] != 0);
    let s = d[n - 1].leading_zeros();
    let lower = if n > 2 { d[n - 3] } else { 0 };
    reciprocal_3by2(
        shl_pair(d[n - 1], d[n - 2], s),
        shl_pair(d[n - 2], lower, s),
    )
}

/// [`divrem`] where [`in_registers`] holds, with `v = divisor_reciprocal(d)`: no scratch.
/// Panics for other divisor lengths.
///
/// ```
/// use carry::limbs::{divisor_reciprocal, divrem_in_registers};
/// let (a, d) = ([5, 0, 0, 1], [3, 1]); // 2^192 + 5 and 2^64 + 3
/// let (mut q, mut r) = ([0; 3], [0; 2]);
/// divrem_in_registers(&mut q, &mut r, &a, &d, divisor_reciprocal(&d));
/// let d128 = 3 + (1u128 << 64);
/// let (q128, r128) = (q[0] as u128 + ((q[1] as u128) << 64), r[0] as u128 + ((r[1] as u128) << 64));
/// assert_eq!(q[2], 0);
/// assert!(r128 < d128);
/// assert_eq!(q128.wrapping_mul(d128).wrapping_add(r128), 5); // a mod 2^128
/// ```
pub fn divrem_in_registers(q: &mut [u64], r: &mut [u64], a: &[u64], d: &[u64], v: u64) {
    match d.len() {
        2 => divrem_small::<2>(q, r, a, d, v),
        3 => divrem_small::<3>(q, r, a, d, v),
        4 => divrem_small::<4>(q, r, a, d, v),
        5 => divrem_small::<5>(q, r, a, d, v),
        6 => divrem_small::<6>(q, r, a, d, v),
        n => panic!("divrem_in_registers: a divisor of {n} limbs"),
    }
}

/// Schoolbook division by a divisor of `DN` limbs (2 to `DIV_REGISTERS`), as
/// [`divrem_schoolbook`] but with the divisor and the running remainder in registers: the
/// dividend is normalized limb by limb as each quotient digit reads it, and nothing is copied,
/// stored or reloaded on the way from one digit to the next. Same contract as [`divrem`], with
/// `v` the 3/2 reciprocal of `dd`'s top two limbs.
#[inline(always)]
fn divrem_small<const DN: usize>(q: &mut [u64], r: &mut [u64], a: &[u64], d: &[u64], v: u64) {
    let an = a.len();
    assert!(d.len() == DN && r.len() == DN && an >= DN && q.len() == an - DN + 1);
    let s = d[DN - 1].leading_zeros();
    let dd: [u64; DN] =
        core::array::from_fn(|i| shl_pair(d[i], if i > 0 { d[i - 1] } else { 0 }, s));
    let (d1, d0) = (dd[DN - 1], dd[DN - 2]);
    debug_assert_eq!(v, reciprocal_3by2(d1, d0));
    // The remainder so far, below `dd`, and the number of quotient digits still to find: digit
    // `j` divides the remainder's window on limb `j` of the normalized dividend `a << s`
    // (which has `an + 1` limbs), `shl_pair(a[j], a[j - 1], s)`.
    let (mut rem, top): ([u64; DN], usize);
    if s == 0 {
        // The top digit is 0 or 1: one comparison and subtraction instead of a 3/2 step.
        rem = core::array::from_fn(|i| a[an - DN + i]);
        let (diff, borrow) = sub_array(&rem, &dd);
        if !borrow {
            rem = diff;
        }
        q[an - DN] = !borrow as u64;
        top = an - DN;
    } else {
        rem = core::array::from_fn(|i| {
            let k = an - DN + 1 + i;
            shl_pair(if k < an { a[k] } else { 0 }, a[k - 1], s)
        });
        top = an - DN + 1;
    }
    if top > 0 {
        // Limb `j` of `a` is the high half of digit j's dividend limb and the low half of
        // digit j + 1's: each is loaded once, and the last digit's low half is 0.
        let mut hi = a[top - 1];
        for (qj, &lo) in q[1..top].iter_mut().rev().zip(a[..top - 1].iter().rev()) {
            *qj = next_digit(&mut rem, shl_pair(hi, lo, s), &dd, v);
            hi = lo;
        }
        q[0] = next_digit(&mut rem, shl_pair(hi, 0, s), &dd, v);
    }
    for i in 0..DN {
        let hi = if i + 1 < DN { rem[i + 1] } else { 0 };
        r[i] = shr_pair(rem[i], hi, s);
    }
}

/// The quotient digit of `rem·B + u` by `dd` (`rem` below `dd`), leaving the remainder in
/// `rem`.
#[inline(always)]
fn next_digit<const DN: usize>(rem: &mut [u64; DN], u: u64, dd: &[u64; DN], v: u64) -> u64 {
    // The window `rem·B + u`: its low `DN` limbs, then `rem`'s top limb.
    let mut w: [u64; DN] = core::array::from_fn(|i| if i == 0 { u } else { rem[i - 1] });
    let n1 = rem[DN - 1];
    if n1 == dd[DN - 1] && w[DN - 1] == dd[DN - 2] {
        *rem = top_digit(w, dd);
        return u64::MAX;
    }
    let (qt, r1, r0) = digit_step(&mut w, n1, dd, v);
    *rem = w;
    rem[DN - 2] = r0;
    rem[DN - 1] = r1;
    qt
}

/// The rare digit of [`next_digit`] whose 3/2 estimate would be B or more: the true digit is
/// B - 1, and subtracting (B - 1)·dd from the window `w` leaves a remainder below dd in its low
/// limbs. Out of line, so that the loop does not form the products (B - 1)·dd ahead of time.
#[cold]
#[inline(never)]
fn top_digit<const DN: usize>(mut w: [u64; DN], dd: &[u64; DN]) -> [u64; DN] {
    submul_array(&mut w, dd, u64::MAX, DN);
    w
}

/// One quotient digit of [`divrem_small`]: the digit `qt` of the window `n1·B^DN + w` by `dd`
/// and the remainder, left in `w[..DN - 2]` and returned as its top two limbs. The 3/2 step is
/// [`div_3by2`]'s, taken apart so that the low limbs are multiplied by its first candidate
/// `q1 + 1` as soon as `q1` is known, beside the step's own remainder, and only a masked add of
/// `dd`'s low limbs follows the one-in-two correction of that candidate: the path from one digit
/// to the next loses a multiplication and the carry chain after it.
#[inline(always)]
fn digit_step<const DN: usize>(
    w: &mut [u64; DN],
    n1: u64,
    dd: &[u64; DN],
    v: u64,
) -> (u64, u64, u64) {
    let (d1, d0) = (dd[DN - 1], dd[DN - 2]);
    let d = ((d1 as u128) << 64) | d0 as u128;
    let (q1, q0, mut r) = estimate_3by2(n1, w[DN - 1], w[DN - 2], d1, d0, v);
    let qh = q1.wrapping_add(1);
    let cyh = submul_array(w, dd, qh, DN - 2);
    let back = (r >> 64) as u64 >= q0;
    let mask = (back as u64).wrapping_neg();
    let mut qt = qh.wrapping_add(mask);
    let rd = r.wrapping_add(d);
    r = if back { rd } else { r };
    let mut cy = cyh.wrapping_sub(add_low(w, dd, mask));
    if qh == 0 || r >= d {
        (qt, r, *w, cy) = rare_digit(qt, r, *w, cy, dd, qh == 0);
    }
    let (mut r0, b0) = (r as u64).overflowing_sub(cy);
    let (mut r1, b1) = ((r >> 64) as u64).overflowing_sub(b0 as u64);
    if b1 {
        // The estimate was one too large: add the divisor back.
        qt -= 1;
        let c;
        (r0, c) = adc(r0, d0, add_low(w, dd, u64::MAX));
        r1 = r1.wrapping_add(d1).wrapping_add(c);
    }
    (qt, r1, r0)
}

/// `w[..DN - 2] += dd[..DN - 2] & mask` (all of `dd`'s low limbs or none); returns the carry.
#[inline(always)]
fn add_low<const DN: usize>(w: &mut [u64; DN], dd: &[u64; DN], mask: u64) -> u64 {
    let mut c = 0;
    for i in 0..DN - 2 {
        (w[i], c) = adc(w[i], dd[i] & mask, c);
    }
    c
}

/// `w[..DN - 2] -= dd[..DN - 2]`; returns the borrow.
#[inline(always)]
fn sub_low<const DN: usize>(w: &mut [u64; DN], dd: &[u64; DN]) -> u64 {
    let mut b = 0;
    for i in 0..DN - 2 {
        (w[i], b) = sbb(w[i], dd[i], b);
    }
    b
}

/// The rare ends of [`digit_step`], given its digit `qt`, the 3/2 remainder `r` and the low
/// limbs `w` less `qt` times `dd`'s with the borrow `cy`. When the candidate `B` wrapped to 0
/// (`wrapped`; the digit is then `B - 1`), its low limbs were never multiplied: they are
/// recovered (the masked add of `dd` was made) and redone. When `r >= d`, the 3/2 digit is one
/// more: `d` comes off `r` and `dd`'s low limbs off `w`.
#[cold]
#[inline(never)]
fn rare_digit<const DN: usize>(
    mut qt: u64,
    mut r: u128,
    mut w: [u64; DN],
    mut cy: u64,
    dd: &[u64; DN],
    wrapped: bool,
) -> (u64, u128, [u64; DN], u64) {
    if wrapped {
        // The candidate's correction fired (the digit is below B), so w holds window + dd.
        debug_assert_eq!(qt, u64::MAX);
        sub_low(&mut w, dd);
        cy = submul_array(&mut w, dd, qt, DN - 2);
    }
    let d = ((dd[DN - 1] as u128) << 64) | dd[DN - 2] as u128;
    if r >= d {
        (qt, r) = (qt + 1, r - d);
        cy += sub_low(&mut w, dd);
    }
    (qt, r, w, cy)
}

/// `w[..k] -= q·dd[..k]`, returning the limb borrowed out of `w[k - 1]`.
#[inline(always)]
fn submul_array<const N: usize>(w: &mut [u64; N], dd: &[u64; N], q: u64, k: usize) -> u64 {
    let mut cy = 0;
    for i in 0..k {
        let t = q as u128 * dd[i] as u128 + cy as u128;
        let (x, b) = w[i].overflowing_sub(t as u64);
        w[i] = x;
        cy = (t >> 64) as u64 + b as u64;
    }
    cy
}

/// `a - b` on arrays of limbs, with the borrow out.
#[inline(always)]
fn sub_array<const N: usize>(a: &[u64; N], b: &[u64; N]) -> ([u64; N], bool) {
    let (mut diff, mut borrow) = (*a, 0);
    for i in 0..N {
        (diff[i], borrow) = sbb(a[i], b[i], borrow);
    }
    (diff, borrow != 0)
}

/// The top limb of `(hi·B + lo) << s` for `s < 64`.
#[inline(always)]
fn shl_pair(hi: u64, lo: u64, s: u32) -> u64 {
    (hi << s) | (lo >> 1 >> (63 - s))
}

/// The low limb of `(hi·B + lo) >> s` for `s < 64`.
#[inline(always)]
fn shr_pair(lo: u64, hi: u64, s: u32) -> u64 {
    (lo >> s) | (hi << 1 << (63 - s))
}

/// `r = a` (equal lengths). The copies of the smallest divisions, a few limbs, are shorter
/// inline than a call to `memcpy`, which the compiler makes of any plain copy loop.
#[inline(always)]
fn copy(r: &mut [u64], a: &[u64]) {
    debug_assert_eq!(r.len(), a.len());
    if a.len() > 8 {
        return r.copy_from_slice(a);
    }
    for i in 0..a.len() {
        // SAFETY: i < a.len() == r.len(), and `read_volatile` is only a plain load here: it
        // keeps this loop from becoming a `memcpy` call.
        r[i] = unsafe { core::ptr::read_volatile(&a[i]) };
    }
}

/// The normalized division step of [`divrem`], by the algorithm the divisor's length selects.
#[inline]
fn divide(q: &mut [u64], u: &mut [u64], d: &[u64], dc_scratch: &mut [u64]) {
    if q.is_empty() {
        // `u` is below `d` already (a dividend as long as a normalised divisor, whose one
        // quotient digit `divrem` found by comparison): no reciprocal to compute.
        return;
    }
    if use_mu(q.len(), d.len()) {
        divrem_mu(q, u, d, dc_scratch);
    } else if d.len() >= DIV_DC {
        divrem_dc(q, u, d, dc_scratch);
    } else {
        divrem_schoolbook(q, u, d);
    }
}

/// Schoolbook division of `u` (`q.len() + d.len()` limbs) by the normalized `d`
/// (`d.len() >= 2`, top bit set), where the top `d.len()` limbs of `u` are below `d`: writes
/// the quotient into `q`, leaves the remainder in the low `d.len()` limbs of `u` and zeroes the
/// limbs above it.
///
/// The top two limbs of the running remainder stay in registers from one quotient digit to
/// the next, so no digit waits on a store of the previous one.
pub fn divrem_schoolbook(q: &mut [u64], u: &mut [u64], d: &[u64]) {
    let dn = d.len();
    assert!(dn >= 2 && d[dn - 1] >> 63 == 1 && u.len() == q.len() + dn);
    // The MULX/ADX kernel, chosen once for all the quotient digits.
    #[cfg(target_arch = "x86_64")]
    if dn >= 10 && super::x86::has_bmi2_adx() {
        let submul = |r: &mut [u64], a: &[u64], b: u64| {
            // SAFETY: the CPU supports BMI2 and ADX, checked just above.
            unsafe { super::x86::submul_1_adx(r, a, b) }
        };
        return schoolbook_with(q, u, d, submul);
    }
    schoolbook_with(q, u, d, submul_1_portable)
}

/// [`divrem_schoolbook`] with the `r -= a·b` kernel `submul` (returning the borrow limb).
#[inline(always)]
fn schoolbook_with(
    q: &mut [u64],
    u: &mut [u64],
    d: &[u64],
    submul: impl Fn(&mut [u64], &[u64], u64) -> u64,
) {
    let (qn, dn) = (q.len(), d.len());
    let (d1, d0) = (d[dn - 1], d[dn - 2]);
    let dlow = &d[..dn - 2];
    let v = reciprocal_3by2(d1, d0);
    let (mut n1, mut n0) = (u[qn + dn - 1], u[qn + dn - 2]);
    for j in (0..qn).rev() {
        let window = &mut u[j..j + dn];
        if n1 == d1 && n0 == d0 {
            // The 3/2 estimate would be B or more; the true quotient digit is B - 1.
            window[dn - 1] = n0;
            let borrow = submul(window, d, u64::MAX);
            debug_assert_eq!(borrow, n1);
            (n1, n0) = (window[dn - 1], window[dn - 2]);
            q[j] = u64::MAX;
            continue;
        }
        let (mut qt, r1, r0) = div_3by2(n1, n0, window[dn - 2], d1, d0, v);
        let low = &mut window[..dn - 2];
        let cy = submul(low, dlow, qt);
        let (r0, b0) = r0.overflowing_sub(cy);
        let (r1, b1) = r1.overflowing_sub(b0 as u64);
        (n1, n0) = (r1, r0);
        if b1 {
            // The estimate was one too large: add the divisor back.
            qt -= 1;
            let c = add_n_assign(low, dlow);
            let (s0, c0) = adc(n0, d0, c);
            (n1, n0) = (n1.wrapping_add(d1).wrapping_add(c0), s0);
        }
        q[j] = qt;
    }
    u[dn - 2] = n0;
    u[dn - 1] = n1;
    u[dn..].fill(0);
}
