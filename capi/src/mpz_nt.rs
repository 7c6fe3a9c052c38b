//! Number theory: gcd, lcm, inverse, powers modulo m, roots, primality, factorials and
//! binomials, and carry's additions (constant-time `carry_mpz_powm_sec`, BLIP encoding).
//!
//! These run carry's `Int` algorithms (Lehmer/half-gcd, Montgomery windows, Baillie-PSW,
//! Karatsuba square root, ...): each operand is copied into an `Int` and the result copied
//! back, a linear cost beside the superlinear work.

use crate::mem::*;
use crate::mpz_set::*;
use carry_rs::blip::BlipErrorKind;
use carry_rs::{limbs, Int, Modulus};
use core::ffi::{c_int, c_uchar, c_ulong};

#[no_mangle]
pub unsafe extern "C" fn mpz_gcd(g: Ptr, a: Src, b: Src) {
    if len(b) == 0 {
        return mpz_abs(g, a);
    }
    if len(a) == 0 {
        return mpz_abs(g, b);
    }
    if len(a) == 1 && len(b) == 1 {
        return mpz_set_ui(g, gcd_1(*(*a).d, *(*b).d));
    }
    // On the limbs where they are: no copy into `Int`s first.
    set_int(g, &carry_rs::nt_limbs::gcd_limbs(mag(a), mag(b)));
}

/// The gcd of two nonzero limbs: Stein's binary method, branch-free inside the loop. Each step
/// replaces the larger of the odd `u`, `v` by their difference with its trailing zeros shifted
/// out; the shift count is taken from `v - u` (which has the trailing zeros of `|u - v|`), formed
/// at the end of the previous step, so the count and the absolute value (`u - v` and a
/// conditional move on its borrow) are computed side by side and the loop test is that same
/// subtraction.
fn gcd_1(a: u64, b: u64) -> u64 {
    let s = (a | b).trailing_zeros();
    let mut u = a >> a.trailing_zeros();
    let mut v = b >> b.trailing_zeros();
    let mut d = v.wrapping_sub(u);
    while d != 0 {
        let z = d.trailing_zeros();
        let (t, lt) = u.overflowing_sub(v);
        let m = if lt { u } else { v };
        u = if lt { d } else { t };
        v = m;
        u >>= z;
        d = v.wrapping_sub(u);
    }
    v << s
}

/// `gcd(|a|, x)`, also stored in `g` when `g` is not null; the return value is 0 when the gcd
/// does not fit an `unsigned long` (`x = 0`, large `a`).
#[no_mangle]
pub unsafe extern "C" fn mpz_gcd_ui(g: Ptr, a: Src, x: c_ulong) -> c_ulong {
    let r = if x == 0 {
        if !g.is_null() {
            mpz_abs(g, a);
        }
        return if len(a) <= 1 { mpz_get_ui(a) } else { 0 };
    } else if len(a) == 0 {
        x
    } else {
        let m = limbs::mod_1(mag(a), x);
        if m == 0 {
            x
        } else {
            gcd_1(m, x)
        }
    };
    if !g.is_null() {
        mpz_set_ui(g, r);
    }
    r
}

/// `g = gcd(a, b) = s·a + t·b` with GMP's choice of cofactors; `s` or `t` may be null.
#[no_mangle]
pub unsafe extern "C" fn mpz_gcdext(g: Ptr, s: Ptr, t: Ptr, a: Src, b: Src) {
    let (gg, ss, tt) = to_int(a).gcd_ext(&to_int(b));
    if !s.is_null() {
        set_int(s, &ss);
    }
    if !t.is_null() {
        set_int(t, &tt);
    }
    set_int(g, &gg);
}

#[no_mangle]
pub unsafe extern "C" fn mpz_lcm(r: Ptr, a: Src, b: Src) {
    if len(a) == 0 || len(b) == 0 {
        (*r).size = 0;
        return;
    }
    set_int(r, &to_int(a).lcm(&to_int(b)).abs());
}

#[no_mangle]
pub unsafe extern "C" fn mpz_lcm_ui(r: Ptr, a: Src, x: c_ulong) {
    let l = [x];
    let v = view(&l, false);
    mpz_lcm(r, a, &v)
}

/// `r = a^-1 mod |m|` in `[0, |m|)`; returns 0 (leaving `r` unchanged) when there is none.
#[no_mangle]
pub unsafe extern "C" fn mpz_invert(r: Ptr, a: Src, m: Src) -> c_int {
    if limbs::cmp(mag(m), &[1]).is_le() {
        return 0;
    }
    let m = to_int(m).abs();
    match to_int(a).modinv(&m) {
        Some(x) => {
            set_int(r, &x);
            1
        }
        None => 0,
    }
}

/// `r = b^e mod |m|`; a negative `e` raises the inverse of `b` (division by zero without
/// one), as `mpz_powm` does.
#[no_mangle]
pub unsafe extern "C" fn mpz_powm(r: Ptr, b: Src, e: Src, m: Src) {
    if len(m) == 0 {
        divide_by_zero();
    }
    let m0 = *(*m).d;
    if len(m) == 1 && m0 & 1 == 1 && m0 > 1 && !is_neg(e) {
        let x = limbs::mod_1(mag(b), m0);
        let x = if is_neg(b) && x != 0 { m0 - x } else { x };
        return mpz_set_ui(r, powm_1(x, mag(e), m0));
    }
    if len(m) > POWM_DIVIDE && m0 & 1 == 0 && !is_neg(e) {
        let m = to_int(m).abs();
        return set_int(r, &powm_divide(&to_int(b).rem_euclid(&m), &to_int(e), &m));
    }
    match to_int(b).checked_modpow(&to_int(e), &to_int(m)) {
        Some(x) => set_int(r, &x),
        None => divide_by_zero(),
    }
}

/// `b^e mod m` for an odd one-limb `m > 1` and `b < m`: Montgomery products on `u128` over
/// 4-bit windows of `e` from a table of `b^0..b^15`, so no branch depends on the operands.
/// REDC in its subtractive form: with `q = t·m^-1 mod 2^64`, `q·m` and `t` agree in their low
/// limb, so `t·2^-64 mod m` is `hi(t) - hi(q·m)`, plus `m` when that borrows (masked). No
/// 128-bit addition and one selection sit on the chain from product to product.
fn powm_1(b: u64, e: &[u64], m: u64) -> u64 {
    let minv = limbs::neg_inv_limb(m).wrapping_neg();
    let redc = |t: u128| -> u64 {
        let q = (t as u64).wrapping_mul(minv);
        let h = ((u128::from(q) * u128::from(m)) >> 64) as u64;
        let (d, borrow) = ((t >> 64) as u64).overflowing_sub(h);
        d.wrapping_add(m & u64::from(borrow).wrapping_neg())
    };
    let mul = |x: u64, y: u64| redc(u128::from(x) * u128::from(y));
    // 2^64 mod m and 2^128 mod m by the hardware division (a 128-bit `%` is a library call):
    // 2^64 - m is congruent to 2^64, and r1² < m² has its high limb below m.
    let r1 = m.wrapping_neg() % m;
    let sq = u128::from(r1) * u128::from(r1);
    let r2 = limbs::div_2by1_hw((sq >> 64) as u64, sq as u64, m).1;
    let mut table = [r1; 16];
    table[1] = mul(b, r2);
    for k in 2..16 {
        table[k] = mul(table[k - 1], table[1]);
    }
    let bits = limbs::bit_len(e);
    let windows = bits.div_ceil(4);
    let mut x = r1;
    for w in (0..windows).rev() {
        let k = w * 4;
        let digit = (e[(k / 64) as usize] >> (k % 64)) & 15;
        if w + 1 < windows {
            for _ in 0..4 {
                x = mul(x, x);
            }
        }
        x = mul(x, table[digit as usize]);
    }
    redc(u128::from(x))
}

/// Even moduli above this many limbs take [`powm_divide`]: there the products and divisions
/// of the `Int` layer (Toom, NTT, division by a reciprocal) beat the binary powering modulo
/// the power of two that `Int::checked_modpow` pairs with the odd part. Odd moduli always
/// take `Modulus`, whose reduction is by multiplication at these sizes.
const POWM_DIVIDE: usize = 256;

/// `b^e mod m` (`0 <= b < m`, `e >= 0`) by left-to-right sliding windows of up to 6 bits over a
/// table of the odd powers `b, b^3, ..., b^63`, each product reduced by division.
fn powm_divide(b: &Int, e: &Int, m: &Int) -> Int {
    const K: u64 = 6;
    let b2 = (b * b) % m;
    let mut table = vec![b.clone()];
    for i in 1..(1usize << (K - 1)) {
        let next = (&table[i - 1] * &b2) % m;
        table.push(next);
    }
    let mut x = Int::ONE % m;
    let mut i = e.bits();
    while i > 0 {
        if !e.bit(i - 1) {
            x = (&x * &x) % m;
            i -= 1;
            continue;
        }
        // The window is bits [j, i) of e, ending in a set bit.
        let mut j = i.saturating_sub(K);
        while !e.bit(j) {
            j += 1;
        }
        let mut w = 0usize;
        for k in (j..i).rev() {
            x = (&x * &x) % m;
            w = 2 * w + usize::from(e.bit(k));
        }
        x = (&x * &table[w / 2]) % m;
        i = j;
    }
    x
}

#[no_mangle]
pub unsafe extern "C" fn mpz_powm_ui(r: Ptr, b: Src, e: c_ulong, m: Src) {
    let l = [e];
    let v = view(&l, false);
    mpz_powm(r, b, &v, m)
}

/// `r = b^e mod m` in time that depends only on the sizes of `b`, `e` and `m` (as GMP's
/// `mpz_powm_sec`): `m` odd and above 1, `e` positive.
#[no_mangle]
pub unsafe extern "C" fn carry_mpz_powm_sec(r: Ptr, b: Src, e: Src, m: Src) {
    if len(m) == 0 {
        divide_by_zero();
    }
    let mi = to_int(m);
    if is_neg(m) || mi.is_even() || is_neg(e) {
        die("carry_mpz_powm_sec: the modulus must be odd and positive, the exponent not negative");
    }
    if len(m) == 1 && *(*m).d == 1 {
        (*r).size = 0;
        return;
    }
    let mm = Modulus::new(&mi).expect("odd modulus above one");
    let base = to_int(b).rem_euclid(&mi);
    set_int(r, &mm.pow(&base, &to_int(e)));
}

#[no_mangle]
pub unsafe extern "C" fn mpz_sqrt(r: Ptr, a: Src) {
    if is_neg(a) {
        die("mpz_sqrt: negative argument");
    }
    set_int(r, &to_int(a).sqrt());
}

#[no_mangle]
pub unsafe extern "C" fn mpz_sqrtrem(r: Ptr, rem: Ptr, a: Src) {
    if is_neg(a) {
        die("mpz_sqrtrem: negative argument");
    }
    let (s, t) = to_int(a).sqrt_rem();
    if !rem.is_null() {
        set_int(rem, &t);
    }
    set_int(r, &s);
}

#[no_mangle]
pub unsafe extern "C" fn mpz_perfect_square_p(a: Src) -> c_int {
    c_int::from(!is_neg(a) && to_int(a).is_perfect_square())
}

/// The `k`-th root of `a` truncated toward zero, and `a - root^k`.
unsafe fn root(a: Src, k: c_ulong) -> (Int, Int) {
    if k == 0 {
        die("mpz_root: zeroth root");
    }
    if is_neg(a) && k.is_multiple_of(2) {
        die("mpz_root: even root of a negative number");
    }
    let x = to_int(a);
    let k = if k > u64::from(u32::MAX) {
        u32::MAX - ((k & 1) == 0) as u32
    } else {
        k as u32
    };
    let r = x.nth_root(k);
    let rem = &x - r.pow(k);
    (r, rem)
}

/// Sets `r` to the truncated `k`-th root; returns non-zero when it is exact.
#[no_mangle]
pub unsafe extern "C" fn mpz_root(r: Ptr, a: Src, k: c_ulong) -> c_int {
    let (x, rem) = root(a, k);
    set_int(r, &x);
    c_int::from(rem.is_zero())
}

#[no_mangle]
pub unsafe extern "C" fn mpz_rootrem(r: Ptr, rem: Ptr, a: Src, k: c_ulong) {
    let (x, t) = root(a, k);
    set_int(rem, &t);
    set_int(r, &x);
}

/// Primality of `|n|`: 2 (certainly prime), 1 (probably prime) or 0 (composite), with GMP's
/// boundaries: trial division up to 10^6, Baillie-PSW (certain below 35·2^46, as GMP counts
/// it), then `reps - 24` Miller-Rabin rounds.
#[no_mangle]
pub unsafe extern "C" fn mpz_probab_prime_p(n: Src, reps: c_int) -> c_int {
    let x = Int::from_limbs(mag(n));
    let rounds = (reps.max(0) as u32).saturating_sub(24);
    if !x.is_probable_prime_reps(rounds) {
        return 0;
    }
    let m = mag(n);
    if m.len() == 1 && m[0] < 35 << 46 {
        2
    } else {
        1
    }
}

#[no_mangle]
pub unsafe extern "C" fn mpz_fac_ui(r: Ptr, n: c_ulong) {
    set_int(r, &Int::factorial(n));
}

#[no_mangle]
pub unsafe extern "C" fn mpz_2fac_ui(r: Ptr, n: c_ulong) {
    set_int(r, &Int::double_factorial(n));
}

/// `n·(n-m)·(n-2m)···` down to the last term above 1 (`m = 0`: `n`), 1 for `n = 0`.
#[no_mangle]
pub unsafe extern "C" fn mpz_mfac_uiui(r: Ptr, n: c_ulong, m: c_ulong) {
    match m {
        1 => return mpz_fac_ui(r, n),
        2 => return mpz_2fac_ui(r, n),
        _ => {}
    }
    if m == 0 || m == u64::MAX || n <= m + 1 {
        return mpz_set_ui(r, n.max(1));
    }
    // Terms packed into limbs while they fit, then multiplied as a balanced tree.
    let mut words: Vec<Int> = Vec::new();
    let (mut acc, mut k) = (1u64, n);
    loop {
        match acc.checked_mul(k) {
            Some(p) => acc = p,
            None => {
                words.push(Int::from(acc));
                acc = k;
            }
        }
        if k <= m + 1 {
            break;
        }
        k -= m;
    }
    words.push(Int::from(acc));
    while words.len() > 1 {
        let mut next = Vec::with_capacity(words.len().div_ceil(2));
        for pair in words.chunks(2) {
            next.push(if pair.len() == 2 {
                &pair[0] * &pair[1]
            } else {
                pair[0].clone()
            });
        }
        words = next;
    }
    set_int(r, &words[0]);
}

#[no_mangle]
pub unsafe extern "C" fn mpz_bin_uiui(r: Ptr, n: c_ulong, k: c_ulong) {
    set_int(r, &Int::binomial(&Int::from(n), k));
}

#[no_mangle]
pub unsafe extern "C" fn mpz_bin_ui(r: Ptr, n: Src, k: c_ulong) {
    set_int(r, &Int::binomial(&to_int(n), k));
}

/// The error codes of `carry_mpz_from_blip` (see carry.h).
fn blip_code(kind: BlipErrorKind) -> c_int {
    match kind {
        BlipErrorKind::Truncated => -1,
        BlipErrorKind::UnneededVarint => -2,
        BlipErrorKind::NonMinimalVarint => -3,
        BlipErrorKind::LengthOverflow => -4,
        BlipErrorKind::Overlong => -5,
        BlipErrorKind::Sentinel(_) => -6,
        BlipErrorKind::Reserved => -7,
        BlipErrorKind::TooLarge => -8,
        _ => -9,
    }
}

/// The shortest signed BLIP encoding of `x` in a block from the allocation function (free it
/// with the free function and the length stored through `len`).
#[no_mangle]
pub unsafe extern "C" fn carry_mpz_to_blip(len: *mut usize, x: Src) -> *mut c_uchar {
    let v = to_int(x).to_blip();
    let p = alloc_bytes(v.len());
    core::ptr::copy_nonoverlapping(v.as_ptr(), p, v.len());
    *len = v.len();
    p
}

/// Decodes the signed BLIP integer at the start of `buf[0..n]` into `x`: 0 and the bytes it
/// took through `used`, or a negative error code and the offset of the error through `used`.
#[no_mangle]
pub unsafe extern "C" fn carry_mpz_from_blip(
    x: Ptr,
    buf: *const c_uchar,
    n: usize,
    used: *mut usize,
) -> c_int {
    let input = if n == 0 {
        &[][..]
    } else {
        core::slice::from_raw_parts(buf, n)
    };
    match Int::from_blip(input) {
        Ok((v, k)) => {
            set_int(x, &v);
            if !used.is_null() {
                *used = k;
            }
            0
        }
        Err(e) => {
            if !used.is_null() {
                *used = e.offset();
            }
            blip_code(e.kind())
        }
    }
}
