//! Montgomery reduction (REDC) and multiplication modulo an odd `m` of `n` limbs with
//! `R = 2^(64n)`: `redc` reduces a `2n`-limb product one limb per row (Montgomery, Math. Comp. 44
//! (1985); GMP's `redc_1`), after a schoolbook product or square (`mont_mul_separate`,
//! `mont_sqr_separate`); O(n²). `Modulus` takes these above `MODULUS_FIXED` (12) limbs (below,
//! the prime fields' fixed-width products). Everything here runs in time independent of the
//! values (lengths only; the final subtraction is a masked select) except `redc_wide` and
//! `reduce_short_quotient`, variable-time helpers for a reduction of a `2n + 1`-limb sum (the
//! Lucas sequences of the primality test). `mont_mul_cios` interleaves
//! the product and the reduction row by row (CIOS: Koç, Acar and Kaliski, IEEE Micro 1996) in
//! the result's own `n` limbs, with no scratch: the small-footprint product of `FixedModulus`.

use super::add::{add_n, add_n_assign, cmp_n, sub_n, sub_n_assign};
use super::mul::{addmul_1, addmul_1_portable, mul_basecase, sqr_basecase};
use super::word::{adc, mac, mask};
use core::cmp::Ordering;

/// `-m0^(-1) mod 2^64` for odd `m0` (Newton's iteration: each step doubles the correct bits).
pub const fn neg_inv_limb(m0: u64) -> u64 {
    // x = m0 is correct to 3 bits for odd m0 (m0·m0 ≡ 1 mod 8).
    let mut x = m0;
    let mut i = 0;
    while i < 5 {
        x = x.wrapping_mul(2u64.wrapping_sub(m0.wrapping_mul(x)));
        i += 1;
    }
    x.wrapping_neg()
}

/// `r = r - m` when `carry = 1` or `r ≥ m`, in constant time: for a value `carry·R + r < 2m`
/// leaves it reduced to `[0, m)`. `scratch` holds `n` limbs.
#[inline]
pub fn sub_if_ge(r: &mut [u64], carry: u64, m: &[u64], scratch: &mut [u64]) {
    let n = m.len();
    let d = &mut scratch[..n];
    let borrow = sub_n(d, r, m);
    // Take the difference unless it borrowed without a carry to pay for it.
    let take = mask(carry | (borrow ^ 1));
    select(r, d, take);
}

/// `r = if mask == !0 { a } else { r }` limb by limb, without branching on `mask`.
#[inline]
pub fn select(r: &mut [u64], a: &[u64], mask: u64) {
    for (x, &y) in r.iter_mut().zip(a) {
        *x ^= (*x ^ y) & mask;
    }
}

/// `r = t·R^(-1) mod m` for `t < m·R` (`t.len() == 2n`, destroyed; `r.len() == n`),
/// `minv = -m^(-1) mod 2^64`. Row `i` clears limb `i` of `t` and leaves its carry there; the
/// carries are added to the top half at the end. The rows run in one MULX/ADX kernel where
/// the CPU has it.
pub fn redc(r: &mut [u64], t: &mut [u64], m: &[u64], minv: u64) {
    redc_rows(t, m, minv);
    redc_finish(r, t, m);
}

/// The row phase of [`redc`] on `t.len() == 2n` limbs: the ADX row kernel where the CPU has
/// it, else [`redc_rows_portable`].
#[inline]
fn redc_rows(t: &mut [u64], m: &[u64], minv: u64) {
    #[cfg(target_arch = "x86_64")]
    if super::x86::has_bmi2_adx() {
        // SAFETY: the CPU supports BMI2 and ADX, checked just above.
        unsafe { super::x86::redc_rows_adx(t, m, minv) };
        return;
    }
    redc_rows_portable(t, m, minv);
}

/// `r = t·R^(-1) mod m` for a `2n + 1`-limb `t` below `2^62·m·R` (`t` destroyed,
/// `r.len() == n`, `R = 2^(64n)`): the rows of [`redc`] on the low `2n` limbs leave a value
/// below `(⌊t/(m·R)⌋ + 2)·m`, which [`reduce_short_quotient`] brings under `m`. A sum of a few
/// products with small factors is reduced once this way instead of once per product.
pub fn redc_wide(r: &mut [u64], t: &mut [u64], m: &[u64], minv: u64) {
    let n = m.len();
    assert_eq!(t.len(), 2 * n + 1);
    let top = t[2 * n];
    let rows = &mut t[..2 * n];
    redc_rows(rows, m, minv);
    let (lo, hi) = rows.split_at_mut(n);
    let carry = add_n(r, hi, lo);
    reduce_short_quotient(r, top + carry, m);
}

/// The row phase of [`redc_portable`]: row `i` clears limb `i` of `t` and leaves its carry there.
fn redc_rows_portable(t: &mut [u64], m: &[u64], minv: u64) {
    let n = m.len();
    for i in 0..n {
        let q = t[i].wrapping_mul(minv);
        let c = addmul_1_portable(&mut t[i..i + n], m, q);
        t[i] = c;
    }
}

/// `r = (top·2^(64n) + r) mod m` for `n = m.len()` limbs and a top limb of `m` that is not zero,
/// when the quotient is below 2^62: the quotient is estimated from the top 128 bits of the
/// value against the top 64 bits of `m` plus one, one `submul_1` row takes it off, and at most
/// one subtraction of `m` finishes. (With `V` the value and `M` the modulus scaled by the same
/// power of two so that the top 64 bits of `m` are `⌊M⌋`, the estimate is above
/// `(V − 1)/(⌊M⌋ + 1) − 1`, which is within `1 + q/2^63 < 1.5` of `q ≤ V/M`.)
pub fn reduce_short_quotient(r: &mut [u64], mut top: u64, m: &[u64]) {
    let n = m.len();
    assert!(r.len() == n && m[n - 1] != 0);
    let below = |x: &[u64], i: usize| if i == 0 { 0 } else { x[i - 1] };
    let sh = m[n - 1].leading_zeros();
    let (mt, hi, lo) = if sh == 0 {
        (m[n - 1], top, r[n - 1])
    } else {
        (
            m[n - 1] << sh | below(m, n - 1) >> (64 - sh),
            top << sh | r[n - 1] >> (64 - sh),
            r[n - 1] << sh | below(r, n - 1) >> (64 - sh),
        )
    };
    // The value is below 2^62·m, so `hi < 2^62 < mt + 1`.
    let q = if mt == u64::MAX {
        hi
    } else {
        super::div::div_2by1_hw(hi, lo, mt + 1).0
    };
    top -= super::mul::submul_1(r, m, q);
    if top != 0 || cmp_n(r, m) != Ordering::Less {
        top -= sub_n_assign(r, m);
    }
    debug_assert!(top == 0 && cmp_n(r, m) == Ordering::Less);
}

/// The portable twin of [`redc`].
pub fn redc_portable(r: &mut [u64], t: &mut [u64], m: &[u64], minv: u64) {
    assert_eq!(t.len(), 2 * m.len());
    redc_rows_portable(t, m, minv);
    redc_finish(r, t, m);
}

/// The end of [`redc`]: the row carries left in the low half of `t` added to its high half,
/// then one conditional subtraction of `m`.
#[inline]
fn redc_finish(r: &mut [u64], t: &mut [u64], m: &[u64]) {
    let (lo, hi) = t.split_at_mut(m.len());
    let carry = add_n(r, hi, lo);
    sub_if_ge(r, carry, m, lo);
}

/// `r = a·b·R^(-1) mod m` for `a, b < m` by schoolbook product and [`redc`]
/// (`t` holds `2n` scratch limbs).
pub fn mont_mul_separate(r: &mut [u64], a: &[u64], b: &[u64], m: &[u64], minv: u64, t: &mut [u64]) {
    let n = m.len();
    let t = &mut t[..2 * n];
    mul_basecase(t, a, b);
    redc(r, t, m, minv);
}

/// `r = a²·R^(-1) mod m` for `a < m` by schoolbook squaring and [`redc`] (`t` holds `2n`
/// scratch limbs).
pub fn mont_sqr_separate(r: &mut [u64], a: &[u64], m: &[u64], minv: u64, t: &mut [u64]) {
    let n = m.len();
    let t = &mut t[..2 * n];
    sqr_basecase(t, a);
    redc(r, t, m, minv);
}

/// `r = a·b·R^(-1) mod m` by CIOS for `a < R`, `b < m` (or `a < m`, `b < R`), all of
/// `n = m.len()` limbs, `r` distinct from `a` and `b`; `minv = -m^(-1) mod 2^64`. Each row adds
/// `a·b[i]`, then `q·m` for the `q` that clears the low limb, and shifts down one limb; the
/// value stays below `2m`, so one masked subtraction (done in place, then undone with a masked
/// addition when it borrowed) ends it. Time independent of the values; no scratch.
pub fn mont_mul_cios(r: &mut [u64], a: &[u64], b: &[u64], m: &[u64], minv: u64) {
    let n = m.len();
    let (r, a) = (&mut r[..n], &a[..n]);
    r.fill(0);
    let mut hi = 0u64;
    for &bi in &b[..n] {
        let c = addmul_1(r, a, bi);
        let (s, top) = adc(hi, c, 0);
        let q = r[0].wrapping_mul(minv);
        let (_, mut c) = mac(r[0], q, m[0], 0);
        for j in 1..n {
            (r[j - 1], c) = mac(r[j], q, m[j], c);
        }
        let (s, c2) = adc(s, c, 0);
        r[n - 1] = s;
        hi = top + c2;
    }
    let borrow = sub_n_assign(r, m);
    // Add m back when the subtraction borrowed and no carry word paid for it.
    let back = mask((hi ^ 1) & borrow);
    let mut c = 0;
    for (x, &y) in r.iter_mut().zip(m) {
        (*x, c) = adc(*x, y & back, c);
    }
}

/// `r = 2r mod m` for `r < m`, in constant time.
pub fn mod_double(r: &mut [u64], m: &[u64]) {
    let mut c = 0;
    for x in r.iter_mut() {
        let top = *x >> 63;
        *x = (*x << 1) | c;
        c = top;
    }
    let borrow = sub_n_assign(r, m);
    let back = mask((c ^ 1) & borrow);
    let mut c = 0;
    for (x, &y) in r.iter_mut().zip(m) {
        (*x, c) = adc(*x, y & back, c);
    }
}

/// `r = r + a mod m` for `r, a < m`, in constant time.
pub fn mod_add(r: &mut [u64], a: &[u64], m: &[u64]) {
    let c = add_n_assign(r, a);
    let borrow = sub_n_assign(r, m);
    let back = mask((c ^ 1) & borrow);
    let mut c = 0;
    for (x, &y) in r.iter_mut().zip(m) {
        (*x, c) = adc(*x, y & back, c);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::limbs::test_limbs as limbs;

    #[test]
    fn neg_inv_limb_inverts() {
        for m0 in [1u64, 3, 0xffff_ffff_ffff_ffff, 0x1234_5678_9abc_def1] {
            assert_eq!(m0.wrapping_mul(neg_inv_limb(m0)), u64::MAX);
        }
    }

    #[test]
    fn separate_products_are_montgomery_products() {
        // r·R ≡ a·b (mod m), r < m, checked with `Int`.
        use crate::Int;
        let mut seed = 5;
        for n in 1..=20 {
            for _ in 0..20 {
                let mut m = limbs(n, &mut seed);
                m[0] |= 1;
                m[n - 1] |= 1 << (seed % 64);
                let minv = neg_inv_limb(m[0]);
                // a, b < m: clear the top limb's bits above m's top bit.
                let below = |mut x: Vec<u64>| {
                    x[n - 1] >>= m[n - 1].leading_zeros() + 1;
                    x
                };
                let (a, b) = (below(limbs(n, &mut seed)), below(limbs(n, &mut seed)));
                let mut r = vec![0; n];
                let mut t = vec![0; 2 * n + 2];
                let (mi, ai, bi) = (
                    Int::from_limbs(&m),
                    Int::from_limbs(&a),
                    Int::from_limbs(&b),
                );
                let shifted = |r: &[u64]| (Int::from_limbs(r) << (64 * n as u32)) % &mi;
                mont_mul_separate(&mut r, &a, &b, &m, minv, &mut t);
                assert!(Int::from_limbs(&r) < mi, "n={n}");
                assert_eq!(
                    shifted(&r),
                    (&ai * &bi) % &mi,
                    "n={n} m={m:x?} a={a:x?} b={b:x?}"
                );
                mont_sqr_separate(&mut r, &a, &m, minv, &mut t);
                assert_eq!(shifted(&r), (&ai * &ai) % &mi, "square n={n}");
                mont_mul_cios(&mut r, &a, &b, &m, minv);
                assert!(Int::from_limbs(&r) < mi, "cios n={n}");
                assert_eq!(shifted(&r), (&ai * &bi) % &mi, "cios n={n}");
                // a up to R − 1 (b < m) stays in range.
                let big = vec![u64::MAX; n];
                mont_mul_cios(&mut r, &big, &b, &m, minv);
                let want = (Int::from_limbs(&big) * &bi) % &mi;
                assert_eq!(shifted(&r), want, "cios a = R - 1, n={n}");
                let mut d = a.clone();
                mod_double(&mut d, &m);
                assert_eq!(Int::from_limbs(&d), (&ai * 2u32) % &mi, "double n={n}");
                mod_add(&mut d, &b, &m);
                assert_eq!(Int::from_limbs(&d), (&ai * 2u32 + &bi) % &mi, "add n={n}");
            }
        }
    }
}
