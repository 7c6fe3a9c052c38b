//! Exact division by Hensel's 2-adic method: quotient digits from the low end,
//! `q_i = w_i · d⁻¹ mod 2^64`, with no estimate to correct (Jebelean, "An algorithm for exact
//! division", J. Symbolic Computation 15, 1993; Brent & Zimmermann, MCA 1.4.8).
//! O(qn·dn); `Int::div_exact` uses it for divisors below `DIV_DC` limbs. By one limb
//! ([`divexact_1_to`]) the quotient's low two thirds come from Hensel's method and its top third
//! from an ordinary division from the top, the two dependency chains interleaved in one loop
//! (Krandick and Jebelean, "Bidirectional exact integer division", J. Symbolic Computation 21,
//! 1996); from `DIVEXACT_1_BIDIRECTIONAL` limbs, Hensel's method alone below.

use super::add::sub_1_assign;
use super::div::{div_2by1, reciprocal_2by1};
use super::mul::submul_1;
use crate::thresholds::DIVEXACT_1_BIDIRECTIONAL;

/// `INVERSE_8[i]` is the inverse of `2i + 1` modulo 2^8: the seed of [`inverse_limb`].
const INVERSE_8: [u8; 128] = {
    let mut t = [0u8; 128];
    let mut i = 0;
    while i < 128 {
        let d = 2 * i as u64 + 1;
        // d is its own inverse mod 8; three Newton steps give 24 bits.
        let mut x = d;
        let mut k = 0;
        while k < 3 {
            x = x.wrapping_mul(2u64.wrapping_sub(d.wrapping_mul(x)));
            k += 1;
        }
        t[i] = x as u8;
        i += 1;
    }
    t
};

/// `d⁻¹ mod 2^64` for odd `d`: eight bits `x` from a table, then with `e = 1 - d·x` (a
/// multiple of 2^8) the product `x·(1 + e)·(1 + e²)·(1 + e⁴) = x·(1 - e⁸)/(1 - e)`, which is
/// `1/d` modulo 2^64. The same precision as three steps of Newton's iteration, in a shorter
/// dependency chain (four multiplications deep rather than six): `e²` and `e⁴` are formed
/// while the product grows.
///
/// ```
/// let d = 0x1234_5678_9abc_def1u64;
/// assert_eq!(d.wrapping_mul(carry::limbs::inverse_limb(d)), 1);
/// ```
pub const fn inverse_limb(d: u64) -> u64 {
    assert!(d & 1 == 1, "inverse_limb: even limb");
    let x = INVERSE_8[(d as usize >> 1) & 127] as u64;
    let e = 1u64.wrapping_sub(d.wrapping_mul(x));
    let e2 = e.wrapping_mul(e);
    let e4 = e2.wrapping_mul(e2);
    x.wrapping_mul(e.wrapping_add(1))
        .wrapping_mul(e2.wrapping_add(1))
        .wrapping_mul(e4.wrapping_add(1))
}

/// [`divexact_1_to`] for a value held in an array (limbs above its length zero), by Hensel's
/// method on every limb: the quotient comes back in registers, and is `None` when `d` does not
/// divide `a`.
///
/// ```
/// assert_eq!(carry::limbs::divexact_1_array(&[0, 6], 12), Some([1 << 63, 0]));
/// assert_eq!(carry::limbs::divexact_1_array(&[1, 6], 12), None);
/// ```
#[inline(always)]
pub fn divexact_1_array<const N: usize>(a: &[u64; N], d: u64) -> Option<[u64; N]> {
    assert!(d != 0);
    let t = d.trailing_zeros();
    let dd = d >> t;
    let inv = inverse_limb(dd | 1);
    let mut q = [0u64; N];
    let mut c = 0u64;
    for i in 0..N {
        let hi = if i + 1 < N { a[i + 1] } else { 0 };
        let x = (a[i] >> t) | (hi << 1 << (63 - t));
        let (y, b) = x.overflowing_sub(c);
        q[i] = y.wrapping_mul(inv);
        c = ((q[i] as u128 * dd as u128) >> 64) as u64 + b as u64;
    }
    (c == 0 && a[0] & ((1 << t) - 1) == 0).then_some(q)
}

/// `q = a / d` for a limb `d != 0` that divides `a` (`q.len() == a.len()`); returns whether
/// it does (when not, `q` is unspecified). For an even `d`, `a` is first shifted into `q` by
/// `d`'s trailing zeros and divided there by the odd part. The quotient's low two thirds are
/// Hensel's (digits `q_i = (a_i - c)·d⁻¹`, the borrow `c` the high half of `q_i·d`), its top
/// third the ordinary division of the top limbs by the normalised divisor, both in one loop;
/// the division is exact when the borrow out of the low part equals the remainder of the top.
///
/// ```
/// use carry::limbs::divexact_1_to;
/// let a = [0, 0, 12]; // 12·2^128
/// let mut q = [0; 3];
/// assert!(divexact_1_to(&mut q, &a, 24));
/// assert_eq!(q, [0, 1 << 63, 0]);
/// assert!(!divexact_1_to(&mut q[..2], &[7, 1], 3)); // 2^64 + 7 is 2 mod 3
/// ```
#[inline(always)]
pub fn divexact_1_to(q: &mut [u64], a: &[u64], d: u64) -> bool {
    let n = a.len();
    assert!(q.len() == n && d != 0);
    if d & 1 == 1 && d != 1 && n < DIVEXACT_1_BIDIRECTIONAL {
        // The common short case inline in the caller: Hensel's method alone.
        return hensel_1_odd(q, a, d);
    }
    divexact_1_general(q, a, d)
}

/// `q = a / d` by Hensel's method alone for an odd `d` (`q.len() == a.len()`); returns whether
/// `d` divides `a` (when not, `q` holds the digits of `a·d⁻¹ mod B^n`, `B = 2^64`, as in
/// [`hensel_1_odd_portable`]). One x86_64 loop of eight instructions a limb: the borrow bit
/// rides the carry flag into an `sbb` with the high half of the previous digit's product,
/// saved across the two products by `sbb`/`neg` rather than tested and added. Its
/// dependency chain is that of the portable loop (a subtraction, the digit's product with
/// `d⁻¹`, the high half of its product with `d`); the instructions around it are fewer, so more
/// of a division overlaps with the work before and after it. Elsewhere, the portable twin.
///
/// ```
/// let mut q = [0; 2];
/// assert!(carry::limbs::hensel_1_odd(&mut q, &[0, 21], 7));
/// assert_eq!(q, [0, 3]);
/// assert!(!carry::limbs::hensel_1_odd(&mut q, &[1, 21], 7));
/// ```
#[inline(always)]
pub fn hensel_1_odd(q: &mut [u64], a: &[u64], d: u64) -> bool {
    #[cfg(not(target_arch = "x86_64"))]
    return hensel_1_odd_portable(q, a, d);
    #[cfg(target_arch = "x86_64")]
    hensel_1_odd_x86(q, a, d)
}

/// [`hensel_1_odd`] on x86_64.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn hensel_1_odd_x86(q: &mut [u64], a: &[u64], d: u64) -> bool {
    let n = a.len();
    assert!(q.len() == n && d & 1 == 1);
    let inv = inverse_limb(d);
    if n == 0 {
        return true;
    }
    let (h, b): (u64, u64);
    // SAFETY: q and a both hold n >= 1 limbs (asserted). The index runs from -n up to -1 off
    // pointers one past their ends, so the loop reads a[0..n] and writes q[0..n] only, each
    // limb of a before the same limb of q (q and a do not overlap anyway: one is `&mut`).
    // No memory is touched otherwise; the flags carry nothing from one pass to the next.
    unsafe {
        // Generated by scripts/asm/gen.py (hensel_1_odd): edit the generator, not this call.
        core::arch::asm!(
            "2:",
            "mov rax, qword ptr [{a} + 8*{i}]",
            "neg {b}",
            "sbb rax, rdx",
            "sbb {b}, {b}",
            "imul rax, {inv}",
            "mov qword ptr [{q} + 8*{i}], rax",
            "mul {d}",
            "inc {i}",
            "jnz 2b",
            a = in(reg) a.as_ptr().wrapping_add(n),
            q = in(reg) q.as_mut_ptr().wrapping_add(n),
            i = inout(reg) n.wrapping_neg() => _,
            inv = in(reg) inv,
            d = in(reg) d,
            b = inout(reg) 0u64 => b,
            inout("rdx") 0u64 => h,
            out("rax") _,
            options(nostack),
        );
    }
    h == 0 && b == 0
}

/// The portable twin of [`hensel_1_odd`]: digits `q_i = (a_i - c_i)·d⁻¹ mod 2^64`, the borrow
/// `c_{i+1}` the high half of `q_i·d` plus the bit borrowed by the subtraction.
///
/// ```
/// let mut q = [0; 2];
/// assert!(carry::limbs::hensel_1_odd_portable(&mut q, &[0, 21], 7));
/// assert_eq!(q, [0, 3]);
/// ```
#[inline(always)]
pub fn hensel_1_odd_portable(q: &mut [u64], a: &[u64], d: u64) -> bool {
    assert!(q.len() == a.len() && d & 1 == 1);
    let inv = inverse_limb(d);
    let (mut h, mut b) = (0u64, 0u64);
    for (qi, &x) in q.iter_mut().zip(a) {
        // As in `divexact_odd`: the borrow bit off the dividend limb first, off the chain.
        let (x, b1) = x.overflowing_sub(b);
        let (y, b2) = x.overflowing_sub(h);
        *qi = y.wrapping_mul(inv);
        h = ((*qi as u128 * d as u128) >> 64) as u64;
        b = b1 as u64 + b2 as u64;
    }
    h == 0 && b == 0
}

/// [`divexact_1_to`] out of line: every length and divisor.
#[inline(never)]
fn divexact_1_general(q: &mut [u64], a: &[u64], d: u64) -> bool {
    let n = a.len();
    if n == 0 {
        return true;
    }
    let t = d.trailing_zeros();
    if d == 1 {
        q.copy_from_slice(a);
        return true;
    }
    if t == 0 {
        return divexact_odd(n, |i| a[i], |i, x| q[i] = x, d);
    }
    if a[0] & ((1 << t) - 1) != 0 {
        return false;
    }
    super::shift::shr(q, a, t);
    let cells = core::cell::Cell::from_mut(q).as_slice_of_cells();
    divexact_odd(n, |i| cells[i].get(), |i, x| cells[i].set(x), d >> t)
}

/// `a = a / d` in place for a limb `d != 0` that divides `a`; returns whether it does (when
/// not, `a` is unspecified). The method of [`divexact_1_to`].
///
/// ```
/// let mut a = [0, 12]; // 12·2^64
/// assert!(carry::limbs::divexact_1_assign(&mut a, 24));
/// assert_eq!(a, [1 << 63, 0]);
/// assert!(!carry::limbs::divexact_1_assign(&mut [7, 1], 3));
/// ```
pub fn divexact_1_assign(a: &mut [u64], d: u64) -> bool {
    let n = a.len();
    assert!(d != 0);
    if n == 0 || d == 1 {
        return true;
    }
    let t = d.trailing_zeros();
    if t > 0 {
        if a[0] & ((1 << t) - 1) != 0 {
            return false;
        }
        super::shift::shr_assign(a, t);
    }
    let cells = core::cell::Cell::from_mut(a).as_slice_of_cells();
    divexact_odd(n, |i| cells[i].get(), |i, x| cells[i].set(x), d >> t)
}

/// A residue `c <= d` of `a` by the odd limb `d` with `a ≡ -c·B^n (mod d)` (`B = 2^64`,
/// `n = a.len()`): the borrow out of Hensel's division, one multiplication chain and no
/// reciprocal to prepare (GMP's `mpn_modexact_1_odd`). Since `B` is invertible modulo `d`,
/// `d` divides `a` exactly when it divides `c`, and `gcd(a, d) = gcd(c, d)`.
///
/// ```
/// use carry::limbs::modexact_1_odd;
/// assert_eq!(modexact_1_odd(&[21, 7], 7) % 7, 0);
/// assert_ne!(modexact_1_odd(&[22, 7], 7) % 7, 0);
/// ```
pub fn modexact_1_odd(a: &[u64], d: u64) -> u64 {
    assert!(d & 1 == 1, "modexact_1_odd: even divisor");
    let inv = inverse_limb(d);
    let mut c = 0u64;
    for &x in a {
        let (s, b) = x.overflowing_sub(c);
        let q = s.wrapping_mul(inv);
        c = ((q as u128 * d as u128) >> 64) as u64 + b as u64;
    }
    c
}

/// [`divexact_1_to`] for an odd `d`, on `n` limbs read through `get` and written through
/// `put`. Reading and writing the same limbs is allowed: limb `i` is written after the last
/// read of it (each step of the high half reads the limb below its own, so that step comes
/// before the low half's step in each round).
#[inline(always)]
fn divexact_odd(
    n: usize,
    get: impl Fn(usize) -> u64,
    mut put: impl FnMut(usize, u64),
    d: u64,
) -> bool {
    debug_assert!(d & 1 == 1 && n > 0);
    if d == 1 {
        // In place (an even divisor's power of two, already shifted out).
        return true;
    }
    let inv = inverse_limb(d);
    // The borrow into a digit is the high half `h` of the previous digit times d plus a bit
    // `b`; the bit is taken off the dividend limb first, off the chain from h to the next h.
    let hensel = |x: u64, (h, b): (u64, u64)| {
        let (x, b1) = x.overflowing_sub(b);
        let (y, b2) = x.overflowing_sub(h);
        let qi = y.wrapping_mul(inv);
        (
            qi,
            (
                ((qi as u128 * d as u128) >> 64) as u64,
                b1 as u64 + b2 as u64,
            ),
        )
    };
    let mut c = (0, 0);
    if n < DIVEXACT_1_BIDIRECTIONAL {
        for i in 0..n {
            let qi;
            (qi, c) = hensel(get(i), c);
            put(i, qi);
        }
        return c == (0, 0);
    }
    // The top third divides a·2^s by the normalised d·2^s, s = clz d: a 2/1 division step
    // takes about twice as long as a Hensel step, so each round takes one of it and two of
    // these. The last step of the top (limb m) reads limb m - 1, so it comes before the low
    // part's step there: with k = ⌊n/3⌋ top steps the round of that one is the k-th or later.
    let s = d.leading_zeros();
    let dn = d << s;
    let v = reciprocal_2by1(dn);
    let shifted = |j: usize| ((((get(j) as u128) << 64) | get(j - 1) as u128) << s >> 64) as u64;
    let k = n / 3;
    let m = n - k;
    let mut r = ((get(n - 1) as u128) << s >> 64) as u64;
    for i in 0..k {
        let j = n - 1 - i;
        let (qj, q0, q1);
        (qj, r) = div_2by1(r, shifted(j), dn, v);
        put(j, qj);
        (q0, c) = hensel(get(2 * i), c);
        put(2 * i, q0);
        (q1, c) = hensel(get(2 * i + 1), c);
        put(2 * i + 1, q1);
    }
    for i in 2 * k..m {
        let qi;
        (qi, c) = hensel(get(i), c);
        put(i, qi);
    }
    // r is the remainder of a's limbs from m up by d, shifted left by s, plus the top s bits
    // of the limbs below m: exact when c is that remainder.
    c.0 + c.1 == r >> s
}

/// `x = x / d` in place for odd `d` when `d` divides `x` modulo `2^(64·x.len())`: the quotient
/// digits from the low end (Hensel), so a two's complement negative multiple of `d` gives the
/// two's complement quotient. The Toom interpolations divide by 3 and 45 with it.
///
/// ```
/// let mut x = [90, 0];
/// carry::limbs::divexact_1(&mut x, 45);
/// assert_eq!(x, [2, 0]);
/// let mut y = [u64::MAX - 5, u64::MAX]; // −6
/// carry::limbs::divexact_1(&mut y, 3);
/// assert_eq!(y, [u64::MAX - 1, u64::MAX]); // −2
/// ```
pub fn divexact_1(x: &mut [u64], d: u64) {
    let dinv = inverse_limb(d);
    let mut borrow = 0u64;
    for xi in x.iter_mut() {
        let (s, b) = xi.overflowing_sub(borrow);
        let q = s.wrapping_mul(dinv);
        *xi = q;
        borrow = ((q as u128 * d as u128) >> 64) as u64 + b as u64;
    }
}

/// Hensel division of `w` (the dividend, overwritten) by the odd `d`, `w.len() >= d.len() >= 1`:
/// writes `q` (`w.len() - d.len() + 1` limbs) with `q·d ≡ w mod 2^(64·q.len())` and returns
/// whether `d` divides `w` exactly, in which case `q` is the quotient.
///
/// ```
/// use carry::limbs::divexact_hensel;
/// let mut w = [35, 0];
/// let mut q = [0; 2];
/// assert!(divexact_hensel(&mut q, &mut w, &[7]));
/// assert_eq!(q, [5, 0]);
/// let mut w = [36, 0];
/// assert!(!divexact_hensel(&mut q, &mut w, &[7]));
/// ```
pub fn divexact_hensel(q: &mut [u64], w: &mut [u64], d: &[u64]) -> bool {
    let (wn, dn) = (w.len(), d.len());
    assert!(wn >= dn && dn >= 1 && d[0] & 1 == 1);
    let qn = wn - dn + 1;
    assert_eq!(q.len(), qn);
    let dinv = inverse_limb(d[0]);
    for i in 0..qn {
        let qi = w[i].wrapping_mul(dinv);
        q[i] = qi;
        let borrow = submul_1(&mut w[i..i + dn], d, qi);
        debug_assert_eq!(w[i], 0);
        if borrow != 0 && sub_1_assign(&mut w[i + dn..], borrow) != 0 {
            // w − q·d went below zero: the quotient would exceed w / d.
            return false;
        }
    }
    w[qn..].iter().all(|&x| x == 0)
}
