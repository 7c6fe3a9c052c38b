//! Quotient and remainder by one normalised limb `d` with the remainder's dependency chain cut
//! to one multiplication a limb. With `v` the 2/1 reciprocal of `d` (`B = 2^64`,
//! `v = floor((B² - 1)/d) - B`), `B² = (B + v)·d + B2` with `1 <= B2 <= d`. The running remainder
//! is kept unreduced in two limbs and a carry bit, `R = u2·B² + u1·B + u0 < B² + d·B`; shifting
//! in the next dividend limb `b` replaces the top limbs by residues,
//!
//! ```text
//! R·B + b = d·(u1·(B + v) + u2·(B + v)·B + c·B) + (u0 + u2·B2 - c·d)·B + b + u1·B2,
//! ```
//!
//! where `c` is the carry out of `u0 + u2·B2` (subtracting `d` then keeps that limb below `B`),
//! and the quotient limbs gather the multiples of `d` on the left, two limbs a step. The next
//! `u1` waits on the product `u1·B2` and one addition; `u1·v` (for the quotient) is independent
//! of it, and the carry bit selects between precomputed sums. A final 2/1 division reduces
//! `R` below `d`. This is the method of GMP's `mpn_div_qr_1n_pi1` (Möller and Granlund,
//! "Improved division by invariant integers", IEEE Trans. Computers 60 (2011), with the
//! residue `B2` of `mpn_mod_1_1p`); O(n) with two products a limb. [`divrem_1`](super::divrem_1)
//! takes it from `DIV_1_RESIDUE` limbs (one 2/1 division a limb below).

use super::div::{div_2by1, Divisor1};
use core::cell::Cell;

/// Where the quotient goes: its own slice, or the dividend's cells when it overwrites them.
/// The kernel reads a quotient limb again only to carry into it.
pub(super) trait Quotient {
    fn get(&self, i: usize) -> u64;
    fn set(&mut self, i: usize, x: u64);
}

impl Quotient for &mut [u64] {
    #[inline(always)]
    fn get(&self, i: usize) -> u64 {
        self[i]
    }
    #[inline(always)]
    fn set(&mut self, i: usize, x: u64) {
        self[i] = x;
    }
}

impl Quotient for &[Cell<u64>] {
    #[inline(always)]
    fn get(&self, i: usize) -> u64 {
        self[i].get()
    }
    #[inline(always)]
    fn set(&mut self, i: usize, x: u64) {
        self[i].set(x);
    }
}

/// No quotient: for a remainder alone, the quotient's limbs are dropped as they come (and the
/// compiler drops the products that only they need).
pub(super) struct Discard;

impl Quotient for Discard {
    #[inline(always)]
    fn get(&self, _: usize) -> u64 {
        1
    }
    #[inline(always)]
    fn set(&mut self, _: usize, _: u64) {}
}

/// Adds one to the quotient limbs from `i` up: a carry out of the limb below them, which the
/// loop has already stored. Rare on random operands; over a whole division these carries run
/// over at most as many limbs as they are (a limb they wrap to zero takes `B - 1` more).
#[cold]
#[inline(never)]
fn carry_into<Q: Quotient>(q: &mut Q, mut i: usize) {
    loop {
        let x = q.get(i).wrapping_add(1);
        q.set(i, x);
        if x != 0 {
            return;
        }
        i += 1;
    }
}

/// Divides `u1·B^m + b` by the normalised `dv.d` (`dv.shift` is ignored), where `u1 < d` and
/// `b`'s `m >= 1` limbs come from `next`, most significant first; writes the `m` quotient limbs
/// at positions `0..m` of `q` and returns the remainder.
#[inline(always)]
pub(super) fn divrem_1_residue<Q: Quotient>(
    mut q: Q,
    m: usize,
    u1: u64,
    mut next: impl FnMut() -> u64,
    dv: Divisor1,
) -> u64 {
    let (d, v) = (dv.d, dv.v);
    debug_assert!(d >> 63 == 1 && u1 < d && m >= 1);
    if m == 1 {
        let (t, r) = div_2by1(u1, next(), d, v);
        q.set(0, t);
        return r;
    }
    let b2 = d.wrapping_mul(v).wrapping_neg();
    let b2md = b2.wrapping_sub(d);
    // The first step: u1·B² = u1·(B + v)·d + u1·B2, with u1·(B + v) < B² the quotient's top
    // two limbs so far; x2 and x1 are the quotient limbs at the positions of R's u2 and u1.
    let pv = u1 as u128 * v as u128;
    let mut x2 = u1 + (pv >> 64) as u64;
    let mut x1 = pv as u64;
    let top = ((next() as u128) << 64) | next() as u128;
    let (s, c) = top.overflowing_add(u1 as u128 * b2 as u128);
    let (mut u2, mut u1, mut u0) = (c as u64, (s >> 64) as u64, s as u64);
    for j in (0..m - 2).rev() {
        let b = next();
        let mask = u2.wrapping_neg();
        let pv = u1 as u128 * v as u128;
        let pb = u1 as u128 * b2 as u128;
        // u0 + u2·B2 - c·d, c the carry of u0 + B2: both sums come from u0 alone, so u2
        // only selects.
        let (with_b2, c) = u0.overflowing_add(b2);
        let with_b2 = if c { u0.wrapping_add(b2md) } else { with_b2 };
        let u0n = u0 ^ ((u0 ^ with_b2) & mask);
        let c = c as u64 & u2;
        // The quotient limb at u1's position gains u2·v + c + u1 + hi(u1·v), the one above
        // it u2 and the carries; the one below, lo(u1·v).
        let acc = x1 as u128 + (v & mask) as u128 + (c + u1) as u128 + (pv >> 64);
        let (top, o) = x2.overflowing_add(u2 + (acc >> 64) as u64);
        if o {
            carry_into(&mut q, j + 3);
        }
        q.set(j + 2, top);
        x2 = acc as u64;
        x1 = pv as u64;
        let (s, c) = (((u0n as u128) << 64) | b as u128).overflowing_add(pb);
        (u2, u1, u0) = (c as u64, (s >> 64) as u64, s as u64);
    }
    // R < B² + d·B: subtract d·B when u2 is set, then at most one more d from u1, then one
    // 2/1 division; the quotient's last two limbs gain those.
    let mut u1 = u1.wrapping_sub(d & u2.wrapping_neg());
    let ge = (u1 >= d) as u64;
    u1 = u1.wrapping_sub(d & ge.wrapping_neg());
    let (t, r) = div_2by1(u1, u0, d, v);
    let (low, c) = x1.overflowing_add(t);
    let (top, o) = x2.overflowing_add(u2 + ge + c as u64);
    if o {
        carry_into(&mut q, 2);
    }
    q.set(1, top);
    q.set(0, low);
    r
}
