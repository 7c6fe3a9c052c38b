//! Short quotients: the division of an `(n + k)`-limb dividend by an `n`-limb divisor when the
//! quotient (`qn = k + 1` limbs, the top one possibly zero) is shorter than the divisor by at
//! least two limbs.
//!
//! The quotient is estimated from the top of the operands alone: with the divisor normalised
//! (`c` leading zero bits shifted out of its top limb), the top `qn + 1` limbs `D'` of `D·2^c`
//! and the top `2·qn + 1` limbs `N'` of `N·2^c` give `Q' = ⌊N'/D'⌋`, and the true quotient is
//! `Q'` or `Q' - 1`: the ignored low parts change the remainder by less than one divisor. When
//! the remainder `R' = N' - Q'·D'` is at least `B^qn` (all but about one division in 2^63 on
//! random operands) `Q'` is exact; otherwise the sign of the full remainder decides, found from
//! the low parts in O(qn·n) without a buffer. The remainder, where asked for, is
//! `N - Q'·D`, with `D` added back once if it came out negative: below `DIV_REGISTERS`
//! quotient limbs `Q'·D` is formed in the remainder's own limbs by rows (`mul_1`, then
//! `addmul_1`) and subtracted from `N` in one more pass, with no scratch; longer quotients
//! subtract `submul_1` rows or one product by [`mul`]. [`rem_short`] keeps the quotient of
//! the smaller shapes on the stack, and takes a two-limb quotient under a normalised divisor
//! in registers, its second digit possibly one too large (the remainder's sign corrects it). This is the idea of GMP's `mpn_div_q` (the
//! approximate quotient of Brent and Zimmermann, "Modern Computer Arithmetic", §1.4.3: a
//! quotient digit from the top limbs is off by at most a few units), reduced here to one
//! exact division of the top parts and one sign test.
//!
//! From `DIV_REGISTERS` to `DIV_APPR - 1` quotient limbs the top parts are divided
//! approximately instead ([`divappr_schoolbook`], half the limb products), with one more limb
//! of `N` and a guard digit below the quotient's: the estimate is exact whenever that digit is
//! not within a few units of zero, and otherwise one product and comparison decides. The
//! parts are formed on the stack and the quotient written in place: this path takes no scratch.
//!
//! Cost: a division of `2·qn + 1` by `qn + 1` limbs for the quotient (in registers up to
//! `DIV_REGISTERS - 1` quotient limbs, approximate schoolbook below `DIV_APPR`, else divide and
//! conquer or Newton's by length), independent of `n`; the remainder adds O(qn·n). [`divrem`]
//! and `Int`'s `%` take this path where [`remainder_is_short`] holds and the divisor does not
//! stay in registers; `Int`'s `/` takes [`div_q_short`], which forms no remainder, whenever
//! [`is_short`] holds.

use super::add::{add_n_assign, rsub_n_assign, sub_1_assign};
use super::div::{divide, divide_scratch_len, divrem_small, divrem_small_hw, reciprocal_3by2};
use super::div_appr::divappr_guard;
use super::mul::{addmul_1, mul, mul_1, mul_scratch_len, submul_1};
use crate::thresholds::{DIV_APPR, DIV_DC, DIV_REGISTERS};
use core::mem::MaybeUninit;

/// Whether the quotient of an `an`-limb dividend by a `dn`-limb divisor is short, the case of
/// this file: `an - dn + 1` quotient limbs, at least two fewer than the divisor's.
///
/// ```
/// use carry::limbs::is_short;
/// assert!(is_short(101, 100) && is_short(7, 5) && !is_short(8, 5) && !is_short(4, 3));
/// ```
#[inline(always)]
pub fn is_short(an: usize, dn: usize) -> bool {
    an >= dn && an - dn + 3 <= dn
}

/// Whether a division that forms the remainder takes the short path of this file: a short
/// quotient ([`is_short`]) of fewer than `DIV_REGISTERS` limbs (its top division held in
/// registers, the product `Q'·D` by rows with no scratch) or under a divisor of at least
/// `DIV_DC` limbs. Longer quotients under shorter divisors take the schoolbook division of the
/// whole operands, which forms the remainder in its digits' rows in fewer operations than the
/// approximate top division and the product `Q'·D` after it (24 by 16 limbs about 15% faster
/// through `Int`'s `%`; level by 31 to 40 divisor limbs). Shorter quotients were slower by
/// the general path of [`divrem`](super::divrem) (17 by 16 limbs 40 → 53 ns, 18 by 16
/// 61 → 66 ns through `Int`): its scratch and copies cost more than the rows save. (`Int`'s
/// `%` takes the schoolbook division on the stack from three quotient limbs:
/// [`rem_on_stack`](super::rem_on_stack).)
///
/// ```
/// use carry::limbs::{is_short, remainder_is_short};
/// use carry::thresholds::DIV_DC;
/// assert!(remainder_is_short(17, 16)); // a two-limb quotient
/// assert!(is_short(24, 16) && remainder_is_short(24, 16) == (16 >= DIV_DC)); // nine limbs
/// ```
#[inline(always)]
pub fn remainder_is_short(an: usize, dn: usize) -> bool {
    is_short(an, dn) && (an - dn + 1 < DIV_REGISTERS || dn >= DIV_DC)
}

/// Whether the top division of a `qn`-limb short quotient keeps its `qn + 1`-limb divisor in
/// registers (arrays on the stack, no scratch): from one to `DIV_REGISTERS - 1` quotient limbs,
/// below `DIV_DC` (so that the tiny-threshold build tests the general path on small inputs).
#[inline(always)]
fn top_in_registers(qn: usize) -> bool {
    qn < DIV_REGISTERS && qn + 1 < DIV_DC
}

/// Whether a `qn`-limb short quotient comes from the approximate division of the top parts
/// with a guard digit ([`appr_quotient`]): from the end of the register-held divisions to
/// `DIV_APPR - 1` limbs.
#[inline(always)]
fn use_appr(qn: usize) -> bool {
    !top_in_registers(qn) && (2..DIV_APPR).contains(&qn)
}

/// The guard digit below which [`appr_quotient`]'s quotient is checked by a product: the
/// estimate is at most a few units above `⌊N·B/D⌋` (the approximate division and the dropped
/// low limbs each add at most a few), so a guard digit at least this large carries no error
/// into the quotient. [`divappr_guard`] returns the digit only below this bound (and the bound
/// otherwise), so that the digit's 3/2 step is skipped in all but the rare case.
const GUARD: u64 = 32;

/// Whether the remainder of a short division multiplies the `ql`-limb quotient by the
/// `dn`-limb divisor in one product (`mul`, whose rows take two or more quotient limbs a pass)
/// before subtracting it, rather than subtracting one `submul_1` row per quotient limb: from
/// `DIV_REGISTERS` quotient limbs (shorter quotients take the rows of [`short_remainder`]), for
/// eight quotient limbs or more and under divisors of at least 16 limbs.
#[inline(always)]
fn remainder_by_product(ql: usize, dn: usize) -> bool {
    ql >= DIV_REGISTERS && (ql >= 8 || dn >= 16)
}

/// Scratch limbs [`div_q_short`] needs (none for quotients below `DIV_APPR` limbs).
#[inline]
pub fn div_q_short_scratch_len(an: usize, dn: usize) -> usize {
    let qn = an - dn + 1;
    rr_len(qn) + top_scratch_len(qn)
}

/// Scratch limbs [`divrem_short`] needs: the top remainder `R'` when it is not kept on the
/// stack, then the top division's scratch or the remainder's product, one after the other.
#[inline]
pub fn divrem_short_scratch_len(an: usize, dn: usize) -> usize {
    let qn = an - dn + 1;
    rr_len(qn) + top_scratch_len(qn).max(product_len(qn, dn))
}

/// Scratch limbs [`rem_short`] needs: [`divrem_short`]'s, and the quotient's own limbs from
/// `DIV_REGISTERS` quotient limbs (kept on the stack below).
///
/// ```
/// use carry::limbs::rem_short_scratch_len;
/// assert_eq!(rem_short_scratch_len(17, 16), 0); // a two-limb quotient: all on the stack
/// assert!(rem_short_scratch_len(116, 100) >= 17); // a 17-limb quotient's own limbs
/// ```
#[inline]
pub fn rem_short_scratch_len(an: usize, dn: usize) -> usize {
    let qn = an - dn + 1;
    let q = if qn < DIV_REGISTERS { 0 } else { qn };
    q + divrem_short_scratch_len(an, dn)
}

/// The scratch limbs of `R'` (`qn + 1`, on the stack below `DIV_REGISTERS` quotient limbs and
/// not formed by the approximate division).
#[inline(always)]
fn rr_len(qn: usize) -> usize {
    if qn < DIV_REGISTERS || use_appr(qn) {
        0
    } else {
        qn + 1
    }
}

/// The scratch limbs of [`top_quotient_general`] besides `R'`: the top parts and the
/// division's own (none for the register-held and approximate divisions).
#[inline(always)]
fn top_scratch_len(qn: usize) -> usize {
    if top_in_registers(qn) || use_appr(qn) {
        return 0;
    }
    let k = qn + 1;
    (qn + k) + k + divide_scratch_len(qn, k)
}

/// The scratch limbs of the remainder's product for a quotient of at most `qn` limbs.
#[inline(always)]
fn product_len(qn: usize, dn: usize) -> usize {
    if remainder_by_product(qn, dn) {
        dn + qn + mul_scratch_len(dn, qn)
    } else {
        0
    }
}

/// The top limb of `(hi·B + lo) << s` for `s < 64`.
#[inline(always)]
fn shl_pair(hi: u64, lo: u64, s: u32) -> u64 {
    (hi << s) | (lo >> 1 >> (63 - s))
}

/// Writes the top parts `N'` (`2·qn + 1` limbs) and `D'` (`qn + 1` limbs) of the file's comment.
#[inline(always)]
fn top_parts(nt: &mut [u64], dt: &mut [u64], a: &[u64], d: &[u64]) {
    let (an, dn, k) = (a.len(), d.len(), dt.len());
    let s = dn - k;
    debug_assert!(s >= 1 && nt.len() == 2 * k - 1 && an == dn + k - 2);
    let c = d[dn - 1].leading_zeros();
    // Limb j of N' is made of a[s + j] and a[s + j - 1]; the top one of a[an - 1] alone.
    let (nlow, ntop) = nt.split_at_mut(2 * k - 2);
    for (x, w) in nlow.iter_mut().zip(a[s - 1..].windows(2)) {
        *x = shl_pair(w[1], w[0], c);
    }
    ntop[0] = shl_pair(0, a[an - 1], c);
    for (x, w) in dt.iter_mut().zip(d[s - 1..].windows(2)) {
        *x = shl_pair(w[1], w[0], c);
    }
}

/// `Q'` into `q` (`qn` limbs) and `R'` into `rr` (`qn + 1` limbs) for the top parts described
/// in the file's comment, except where [`use_appr`] holds: then `q` is the approximate
/// division's, exact, and `rr` is not written. `scratch`: [`top_scratch_len`] limbs.
#[inline(always)]
fn top_quotient(q: &mut [u64], rr: &mut [u64], a: &[u64], d: &[u64], scratch: &mut [u64]) {
    let qn = q.len();
    match qn {
        _ if !top_in_registers(qn) => top_quotient_general(q, rr, a, d, scratch),
        1 => top_quotient_small::<2>(q, rr, a, d),
        2 => top_quotient_small::<3>(q, rr, a, d),
        3 => top_quotient_small::<4>(q, rr, a, d),
        4 => top_quotient_small::<5>(q, rr, a, d),
        _ => top_quotient_small::<6>(q, rr, a, d),
    }
}

/// [`top_quotient`] for `K = qn + 1` of 2 to 6 limbs: the parts in arrays, divided by the
/// register-held schoolbook division.
#[inline(always)]
fn top_quotient_small<const K: usize>(q: &mut [u64], rr: &mut [u64], a: &[u64], d: &[u64]) {
    const { assert!(K >= 2 && K <= 6 && DIV_REGISTERS <= 6) };
    let mut nt = [0u64; 11];
    let mut dt = [0u64; K];
    top_parts(&mut nt[..2 * K - 1], &mut dt, a, d);
    // When the normalising shift did not reach a new top limb (always so when the divisor is
    // normalised already), N' has 2·qn limbs, whose top quotient digit (0 or 1) is a
    // comparison, one 3/2 step fewer than the full N'.
    let n = if nt[2 * K - 2] == 0 {
        2 * K - 2
    } else {
        2 * K - 1
    };
    let nt = &nt[..n];
    // D' is normalised: n - K digits after the comparison. N' < 2^c·B^(2qn) and
    // D' ≥ 2^63·B^qn: the estimate has qn limbs, so the digits go straight to `q` (of one
    // limb fewer than the full N' gives; the division leaves out its top digit, zero). Through
    // an array copied to `q` afterwards, the copy's wide load waited on the digits' stores.
    if n - K <= 2 {
        divrem_small_hw::<K>(q, rr, nt, &dt);
    } else {
        let v = reciprocal_3by2(dt[K - 1], dt[K - 2]);
        divrem_small::<K>(q, rr, nt, &dt, v);
    }
}

/// [`top_quotient`] by the division of normalised operands (schoolbook, divide and conquer or
/// Newton's by length), with the parts in `scratch`: `D'` is normalised already and the top
/// `qn + 1` limbs of `N'` are below it, so the division starts at once on `N'` in place.
fn top_quotient_general(q: &mut [u64], rr: &mut [u64], a: &[u64], d: &[u64], scratch: &mut [u64]) {
    let qn = q.len();
    if use_appr(qn) {
        // R' is not formed (`rr` may be shorter here): only the remainder's sign is used.
        return div_q_appr(q, a, d);
    }
    let k = qn + 1;
    let (nt, rest) = scratch.split_at_mut(qn + k);
    let (dt, rest) = rest.split_at_mut(k);
    top_parts(nt, dt, a, d);
    debug_assert!(super::add::cmp_n(&nt[qn..], dt).is_lt());
    if nt[qn + k - 1] == 0 {
        // As in `top_quotient_small`: without the zero top limb, the top digit is 0 or 1.
        let nt = &mut nt[..qn + k - 1];
        let top = &mut nt[qn - 1..];
        let ge = super::add::cmp_n(top, dt).is_ge();
        if ge {
            super::add::sub_n_assign(top, dt);
        }
        q[qn - 1] = ge as u64;
        divide(&mut q[..qn - 1], nt, dt, rest);
    } else {
        divide(q, nt, dt, rest);
    }
    rr.copy_from_slice(&nt[..k]);
}

/// `q` within one unit above `⌊a / d⌋` (a short quotient of `qn = q.len()` limbs, [`use_appr`])
/// from the top parts with a guard digit; returns the guard digit, at least [`GUARD`] only when
/// `q` is exact. With `k = qn + 1`, `D'` the top `k` limbs of `D·2^c` and `N''` the top `2k`
/// limbs of `N·2^c` (its overflow limb the top one), `⌊N''/D'⌋` lies from `⌊N·B/D⌋` to a few
/// units above; [`divappr_guard`] finds it to within a few units more from the top `k + 2`
/// limbs of `N''`, and `q` is that estimate without its low (guard) digit. The parts are
/// formed on the stack (no scratch, nothing cleared first).
#[inline(always)]
fn appr_quotient(q: &mut [u64], a: &[u64], d: &[u64]) -> u64 {
    let (an, dn, qn) = (a.len(), d.len(), q.len());
    let k = qn + 1;
    assert!(k <= DIV_APPR && dn > k && an == dn + qn - 1);
    let s = dn - k;
    let c = d[dn - 1].leading_zeros();
    let mut ub = [MaybeUninit::<u64>::uninit(); DIV_APPR + 2];
    // Limb i of u is limb s + k - 3 + i of N·2^c (the top one, limb an, its overflow limb).
    if c == 0 {
        // A normalised divisor: its top limbs as they are, the dividend's copied.
        copy_limbs(&mut ub[..k + 1], &a[s + k - 3..]);
        ub[k + 1].write(0);
        // SAFETY: the first k + 2 limbs of ub (k + 2 <= DIV_APPR + 2) were written just above.
        let u = unsafe { init_prefix(&mut ub, k + 2) };
        return divappr_guard::<GUARD>(q, u, &d[s..]);
    }
    for (x, w) in ub[..k + 1].iter_mut().zip(a[s + k - 4..].windows(2)) {
        x.write(shl_pair(w[1], w[0], c));
    }
    ub[k + 1].write(shl_pair(0, a[an - 1], c));
    let mut db = [MaybeUninit::<u64>::uninit(); DIV_APPR];
    for (x, w) in db[..k].iter_mut().zip(d[s - 1..].windows(2)) {
        x.write(shl_pair(w[1], w[0], c));
    }
    // SAFETY: the first k + 2 limbs of ub and the first k of db (k <= DIV_APPR) were written
    // just above (the zips run over exactly that many windows: a and d are long enough).
    let (u, dt) = unsafe { (init_prefix(&mut ub, k + 2), init_prefix(&mut db, k)) };
    divappr_guard::<GUARD>(q, u, dt)
}

/// `dst = src` for at least four limbs, in blocks of four (the last one overlapping the one
/// before it), so every limb of `dst` is written: a loop of single limbs became a call to the
/// C library's `memcpy`, whose setup cost more than the copy of these few limbs.
#[inline(always)]
fn copy_limbs(dst: &mut [MaybeUninit<u64>], src: &[u64]) {
    let n = dst.len();
    assert!(n >= 4 && src.len() == n);
    let block = |dst: &mut [MaybeUninit<u64>], i: usize| {
        let x: [u64; 4] = src[i..i + 4].try_into().unwrap();
        for (d, y) in dst[i..i + 4].iter_mut().zip(x) {
            d.write(y);
        }
    };
    let mut i = 0;
    while i + 4 < n {
        block(dst, i);
        i += 4;
    }
    block(dst, n - 4);
}

/// The first `n` limbs of `b` as initialised limbs.
///
/// # Safety
/// `b[..n]` must have been written.
#[inline(always)]
unsafe fn init_prefix<const N: usize>(b: &mut [MaybeUninit<u64>; N], n: usize) -> &mut [u64] {
    assert!(n <= N);
    // SAFETY: n <= N limbs from the array's start, written (the caller's contract); a
    // MaybeUninit<u64> has the layout of a u64.
    unsafe { core::slice::from_raw_parts_mut(b.as_mut_ptr().cast::<u64>(), n) }
}

/// Whether `q·d > a` for `a` of `q.len() + d.len() - 1` limbs: the product formed column by
/// column and compared with `a` limb by limb from the bottom as its limbs come; nothing is
/// stored. O(qn·dn), the check of [`appr_quotient`]'s rare small guard digits.
#[cold]
#[inline(never)]
fn product_exceeds(q: &[u64], d: &[u64], a: &[u64]) -> bool {
    let (qn, dn) = (q.len(), d.len());
    debug_assert_eq!(a.len(), qn + dn - 1);
    let (mut acc, mut over, mut greater) = (0u128, 0u64, false);
    for (i, &ai) in a.iter().enumerate() {
        for (j, &qj) in q
            .iter()
            .enumerate()
            .take(qn.min(i + 1))
            .skip((i + 1).saturating_sub(dn))
        {
            let (x, o) = acc.overflowing_add(qj as u128 * d[i - j] as u128);
            acc = x;
            over += o as u64;
        }
        let x = acc as u64;
        if x != ai {
            // Compared from the bottom up: a higher limb that differs overrides.
            greater = x > ai;
        }
        acc = (acc >> 64) | (over as u128) << 64;
        over = 0;
    }
    greater || acc != 0
}

/// Limb `i` of `x·2^c` (`x[-1]` read as zero).
#[inline(always)]
fn shifted(x: &[u64], i: usize, c: u32) -> u64 {
    shl_pair(x[i], if i > 0 { x[i - 1] } else { 0 }, c)
}

/// Whether `N - Q'·D < 0` for the `qn`-limb `q = Q'` and the top remainder `rr = R'`: with `s = dn - qn - 1` low limbs `Nl`, `Dl` of `N·2^c` and `D·2^c`, the remainder is
/// `R'·B^s + Nl - Q'·Dl`, negative exactly when `⌊(Q'·Dl + (B^s - 1 - Nl)) / B^s⌋ > R'`. That
/// quotient is formed column by column (the products of each column summed in three limbs) and
/// compared limb by limb from the bottom as its limbs come; nothing is stored. O(qn·dn), taken about once in 2^63
/// random divisions and whenever the estimate's remainder is short.
#[cold]
#[inline(never)]
fn estimate_too_large(q: &[u64], rr: &[u64], a: &[u64], d: &[u64]) -> bool {
    let (qn, dn) = (q.len(), d.len());
    let s = dn - qn - 1;
    let c = d[dn - 1].leading_zeros();
    let (mut acc, mut over, mut greater) = (0u128, 0u64, false);
    for i in 0..s + qn {
        let lo = (i + 1).saturating_sub(s);
        for (j, &qj) in q.iter().enumerate().take(qn.min(i + 1)).skip(lo) {
            let (x, o) = acc.overflowing_add(qj as u128 * shifted(d, i - j, c) as u128);
            acc = x;
            over += o as u64;
        }
        if i < s {
            let (x, o) = acc.overflowing_add(!shifted(a, i, c) as u128);
            acc = x;
            over += o as u64;
        } else {
            // Compared from the bottom up: a higher limb that differs overrides.
            let (x, y) = (acc as u64, rr[i - s]);
            if x != y {
                greater = x > y;
            }
        }
        acc = (acc >> 64) | (over as u128) << 64;
        over = 0;
    }
    debug_assert_eq!(acc >> 64, 0);
    let (x, y) = (acc as u64, rr[qn]);
    if x != y {
        greater = x > y;
    }
    greater
}

/// `q = ⌊a / d⌋` for a short quotient ([`is_short`]): `d`'s top limb nonzero, `a` with
/// `q.len() + d.len() - 1` limbs (high zero limbs allowed) and
/// `scratch.len() >= div_q_short_scratch_len(a.len(), d.len())`. The remainder is not formed.
///
/// ```
/// use carry::limbs::{div_q_short, div_q_short_scratch_len};
/// let d = [0, 0, 0, 1]; // 2^192
/// let a = [1, 2, 3, 4, 5]; // five limbs: a two-limb quotient
/// let mut q = [0; 2];
/// div_q_short(&mut q, &a, &d, &mut vec![0; div_q_short_scratch_len(5, 4)]);
/// assert_eq!(q, [4, 5]);
/// ```
#[inline]
pub fn div_q_short(q: &mut [u64], a: &[u64], d: &[u64], scratch: &mut [u64]) {
    let (an, dn) = (a.len(), d.len());
    assert!(is_short(an, dn) && d[dn - 1] != 0);
    let qn = an - dn + 1;
    assert_eq!(q.len(), qn);
    if use_appr(qn) {
        return div_q_appr(q, a, d);
    }
    let mut rr = [0u64; DIV_REGISTERS];
    let (rr, rest) = if qn < DIV_REGISTERS {
        (&mut rr[..qn + 1], scratch)
    } else {
        scratch.split_at_mut(qn + 1)
    };
    top_quotient(q, rr, a, d, rest);
    if rr[qn] == 0 && estimate_too_large(q, rr, a, d) {
        sub_1_assign(q, 1);
    }
}

/// [`div_q_short`] where [`use_appr`] holds: [`appr_quotient`], checked by a product when its
/// guard digit is small.
#[inline(never)]
fn div_q_appr(q: &mut [u64], a: &[u64], d: &[u64]) {
    if appr_quotient(q, a, d) < GUARD && product_exceeds(q, d, a) {
        sub_1_assign(q, 1);
    }
}

/// `q = ⌊a / d⌋` and `r = a mod d` for a short quotient ([`is_short`]), with `r.len() ==
/// d.len()` and `scratch.len() >= divrem_short_scratch_len(a.len(), d.len())`; otherwise as
/// [`div_q_short`].
pub fn divrem_short(q: &mut [u64], r: &mut [u64], a: &[u64], d: &[u64], scratch: &mut [u64]) {
    let (an, dn) = (a.len(), d.len());
    assert!(is_short(an, dn) && d[dn - 1] != 0 && r.len() == dn);
    let qn = an - dn + 1;
    assert_eq!(q.len(), qn);
    let mut rr = [0u64; DIV_REGISTERS];
    let (rr, rest) = if rr_len(qn) == 0 {
        (&mut rr[..qn.min(DIV_REGISTERS - 1) + 1], scratch)
    } else {
        scratch.split_at_mut(qn + 1)
    };
    short_remainder(q, rr, r, a, d, rest);
}

/// `r = a mod d` for a short quotient ([`is_short`]), the quotient formed on the way and
/// dropped (on the stack below `DIV_REGISTERS` limbs); `r.len() == d.len()` and
/// `scratch.len() >= rem_short_scratch_len(a.len(), d.len())`, otherwise as [`div_q_short`].
///
/// ```
/// use carry::limbs::{rem_short, rem_short_scratch_len};
/// let d = [0, 0, 0, 1]; // 2^192
/// let a = [1, 2, 3, 4, 5];
/// let mut r = [0; 4];
/// rem_short(&mut r, &a, &d, &mut vec![0; rem_short_scratch_len(5, 4)]);
/// assert_eq!(r, [1, 2, 3, 0]);
/// ```
pub fn rem_short(r: &mut [u64], a: &[u64], d: &[u64], scratch: &mut [u64]) {
    rem_short_inline(r, a, d, scratch)
}

/// [`rem_short`] inlined into its caller, for `Int`'s `%`: through a call, a 17-by-16-limb
/// remainder took about 2 ns longer.
#[inline(always)]
pub(crate) fn rem_short_inline(r: &mut [u64], a: &[u64], d: &[u64], scratch: &mut [u64]) {
    let (an, dn) = (a.len(), d.len());
    assert!(is_short(an, dn) && d[dn - 1] != 0 && r.len() == dn);
    let qn = an - dn + 1;
    if qn == 2 && d[dn - 1] >> 63 == 1 && top_in_registers(2) {
        if let Some((q1, q0)) = two_digits_normalised(a, d) {
            return rem_two_digits(r, a, d, q1, q0);
        }
    }
    if qn < DIV_REGISTERS {
        let (mut q, mut rr) = ([0u64; DIV_REGISTERS], [0u64; DIV_REGISTERS]);
        return short_remainder(&mut q[..qn], &mut rr[..qn + 1], r, a, d, scratch);
    }
    let (q, rest) = scratch.split_at_mut(qn);
    divrem_short(q, r, a, d, rest)
}

/// The two quotient digits `(q1, q0)` of a short division by a normalised divisor (`a` of
/// `d.len() + 1` limbs, `d`'s top bit set, `d.len() >= 3`): `q1·B + q0` is `⌊a / d⌋` or one
/// more. `q1` (0 or 1) is the top three limbs of `a` against those of `d`; `q0` is the
/// hardware division of the window's top two limbs by `d`'s top limb, lowered by Knuth's step
/// D3 (TAOCP vol. 2, 4.3.1) with `d`'s second limb until `q0·D2 <= x`, for `x` the window's
/// top three limbs and `D2` the divisor's top two. The window is `x·B^(n-2)` less at most
/// `B^(n-2)` (the borrow of the limbs below, ignored when `q1` is 1), and `(q0 - 1)·D` is below
/// that because `q0 < D2`, so the digit is `q0` or `q0 - 1`. The window's remainder by the
/// top limbs is not formed: it would only find that last unit, which the remainder's sign finds
/// as well. `None` (rare) when the window's top limb equals `d`'s, where the digit is `B - 1`
/// or a little less.
#[inline(always)]
fn two_digits_normalised(a: &[u64], d: &[u64]) -> Option<(u64, u64)> {
    let dn = d.len();
    debug_assert!(dn >= 3 && a.len() == dn + 1 && d[dn - 1] >> 63 == 1);
    let (d2, d1, d0) = (d[dn - 1], d[dn - 2], d[dn - 3]);
    let (u3, u2, u1) = (a[dn], a[dn - 1], a[dn - 2]);
    // The top digit: the window's top three limbs against d's, less d when at least.
    let (x0, b0) = u1.overflowing_sub(d0);
    let (x1, b1) = super::word::sbb(u2, d1, b0 as u64);
    let (x2, b2) = super::word::sbb(u3, d2, b1);
    let q1 = (b2 == 0) as u64;
    let m = q1.wrapping_neg();
    let (n2, n1, n0) = (
        u3 ^ ((u3 ^ x2) & m),
        u2 ^ ((u2 ^ x1) & m),
        u1 ^ ((u1 ^ x0) & m),
    );
    if n2 >= d2 {
        return None;
    }
    let (mut q0, rh) = super::div::div_2by1_hw(n2, n1, d2);
    let p = q0 as u128 * d1 as u128;
    if p > ((rh as u128) << 64 | n0 as u128) {
        q0 -= 1;
        let (rh, over) = rh.overflowing_add(d2);
        if !over && p - d1 as u128 > ((rh as u128) << 64 | n0 as u128) {
            q0 -= 1;
        }
    }
    Some((q1, q0))
}

/// `r = a mod d` from [`two_digits_normalised`]'s digits: `r = N - (q1·B + q0)·D` by a
/// `mul_1` row for `q0`, an addition of `D` one limb up when `q1` is 1, and one reverse
/// subtraction (no scratch), then `D` added back if it came out negative.
#[inline(always)]
fn rem_two_digits(r: &mut [u64], a: &[u64], d: &[u64], q1: u64, q0: u64) {
    let dn = d.len();
    let mut p = mul_1(r, d, q0);
    if q1 != 0 {
        p = p
            .wrapping_add(add_n_assign(&mut r[1..], &d[..dn - 1]))
            .wrapping_add(d[dn - 1]);
    }
    let b = rsub_n_assign(r, &a[..dn]);
    if a[dn].wrapping_sub(p).wrapping_sub(b) != 0 {
        add_n_assign(r, d);
    }
}

/// The body of [`divrem_short`] with `R'` in `rr` (`qn + 1` limbs, unused by the approximate
/// division) and the rest of the scratch in `scratch` (the top division's, then the product's).
#[inline(always)]
fn short_remainder(
    q: &mut [u64],
    rr: &mut [u64],
    r: &mut [u64],
    a: &[u64],
    d: &[u64],
    scratch: &mut [u64],
) {
    let dn = d.len();
    top_quotient(q, rr, a, d, scratch);
    let ql = super::normalized_len(q);
    // r and `top` (the limb above it, modulo B) become N - Q'·D: the true remainder lies in
    // (-D, D), so `top` is 0 or all ones, and all ones means D is to be added back.
    let mut top = a.get(dn).copied().unwrap_or(0);
    if ql < DIV_REGISTERS {
        // r = Q'·D below limb dn, by rows (the first writes r, the others add to it), and
        // limb dn of the product modulo B in `p`; then r = N - r in one more pass.
        let mut p = mul_1(r, d, q[0]);
        for (j, &qj) in q[..ql].iter().enumerate().skip(1) {
            p = p
                .wrapping_add(addmul_1(&mut r[j..], &d[..dn - j], qj))
                .wrapping_add(qj.wrapping_mul(d[dn - j]));
        }
        let b = rsub_n_assign(r, &a[..dn]);
        top = top.wrapping_sub(p).wrapping_sub(b);
    } else if !remainder_by_product(ql, dn) {
        r.copy_from_slice(&a[..dn]);
        // Row j subtracts q[j]·d from limb j up: its part below limb dn by `submul_1`, whose
        // borrow and the low half of q[j]·d[dn - j] land in `top`; the rest is above it.
        for (j, &qj) in q[..ql].iter().enumerate() {
            top = top.wrapping_sub(submul_1(&mut r[j..], &d[..dn - j], qj));
            if j > 0 {
                top = top.wrapping_sub(qj.wrapping_mul(d[dn - j]));
            }
        }
    } else {
        let (p, ms) = scratch.split_at_mut(dn + ql);
        mul(p, d, &q[..ql], &mut ms[..mul_scratch_len(dn, ql)]);
        let b = super::add::sub_n(r, &a[..dn], &p[..dn]);
        top = top.wrapping_sub(p[dn]).wrapping_sub(b);
    }
    if top != 0 {
        add_n_assign(r, d);
        sub_1_assign(q, 1);
    }
}
