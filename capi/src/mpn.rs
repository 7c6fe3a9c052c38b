//! The `mpn` functions of mini-gmp: carry's limb kernels under GMP's names and argument order.
//!
//! GMP's overlap rules hold: a result may coincide exactly with the first operand (and with the
//! second for the commutative operations); other overlaps are undefined.

use crate::mpz_set::slice_mut;
use carry_rs::limbs;
use core::ffi::{c_int, c_long, c_uint, c_ulong};
use core::ptr;
use core::slice;

type MpSize = c_long;

#[inline(always)]
unsafe fn sl<'a>(p: *const u64, n: MpSize) -> &'a [u64] {
    slice::from_raw_parts(p, n as usize)
}

#[inline(always)]
unsafe fn sm<'a>(p: *mut u64, n: MpSize) -> &'a mut [u64] {
    slice_mut(p, n as usize)
}

#[no_mangle]
pub unsafe extern "C" fn mpn_copyi(r: *mut u64, a: *const u64, n: MpSize) {
    for i in 0..n as usize {
        *r.add(i) = *a.add(i);
    }
}

#[no_mangle]
pub unsafe extern "C" fn mpn_copyd(r: *mut u64, a: *const u64, n: MpSize) {
    for i in (0..n as usize).rev() {
        *r.add(i) = *a.add(i);
    }
}

#[no_mangle]
pub unsafe extern "C" fn mpn_zero(r: *mut u64, n: MpSize) {
    ptr::write_bytes(r, 0, n as usize);
}

#[no_mangle]
pub unsafe extern "C" fn mpn_zero_p(a: *const u64, n: MpSize) -> c_int {
    c_int::from(sl(a, n).iter().all(|&x| x == 0))
}

#[no_mangle]
pub unsafe extern "C" fn mpn_cmp(a: *const u64, b: *const u64, n: MpSize) -> c_int {
    limbs::cmp_n(sl(a, n), sl(b, n)) as c_int
}

#[no_mangle]
pub unsafe extern "C" fn mpn_add_n(r: *mut u64, a: *const u64, b: *const u64, n: MpSize) -> u64 {
    if n == 0 {
        return 0;
    }
    if core::ptr::eq(r, a) {
        if a == b {
            return limbs::shl_assign(sm(r, n), 1);
        }
        return limbs::add_n_assign(sm(r, n), sl(b, n));
    }
    if core::ptr::eq(r, b) {
        return limbs::add_n_assign(sm(r, n), sl(a, n));
    }
    limbs::add_n(sm(r, n), sl(a, n), sl(b, n))
}

#[no_mangle]
pub unsafe extern "C" fn mpn_sub_n(r: *mut u64, a: *const u64, b: *const u64, n: MpSize) -> u64 {
    if n == 0 {
        return 0;
    }
    if core::ptr::eq(r, a) {
        if a == b {
            mpn_zero(r, n);
            return 0;
        }
        return limbs::sub_n_assign(sm(r, n), sl(b, n));
    }
    if core::ptr::eq(r, b) {
        return limbs::rsub_n_assign(sm(r, n), sl(a, n));
    }
    limbs::sub_n(sm(r, n), sl(a, n), sl(b, n))
}

#[no_mangle]
pub unsafe extern "C" fn mpn_add_1(r: *mut u64, a: *const u64, n: MpSize, x: u64) -> u64 {
    if core::ptr::eq(r, a) {
        return limbs::add_1_assign(sm(r, n), x);
    }
    limbs::add_1(sm(r, n), sl(a, n), x)
}

#[no_mangle]
pub unsafe extern "C" fn mpn_sub_1(r: *mut u64, a: *const u64, n: MpSize, x: u64) -> u64 {
    if core::ptr::eq(r, a) {
        return limbs::sub_1_assign(sm(r, n), x);
    }
    limbs::sub_1(sm(r, n), sl(a, n), x)
}

#[no_mangle]
pub unsafe extern "C" fn mpn_add(
    r: *mut u64,
    a: *const u64,
    an: MpSize,
    b: *const u64,
    bn: MpSize,
) -> u64 {
    let c = mpn_add_n(r, a, b, bn);
    mpn_add_1(r.add(bn as usize), a.add(bn as usize), an - bn, c)
}

#[no_mangle]
pub unsafe extern "C" fn mpn_sub(
    r: *mut u64,
    a: *const u64,
    an: MpSize,
    b: *const u64,
    bn: MpSize,
) -> u64 {
    let c = mpn_sub_n(r, a, b, bn);
    mpn_sub_1(r.add(bn as usize), a.add(bn as usize), an - bn, c)
}

#[no_mangle]
pub unsafe extern "C" fn mpn_mul_1(r: *mut u64, a: *const u64, n: MpSize, x: u64) -> u64 {
    if core::ptr::eq(r, a) {
        return limbs::mul_1_assign(sm(r, n), x);
    }
    limbs::mul_1(sm(r, n), sl(a, n), x)
}

#[no_mangle]
pub unsafe extern "C" fn mpn_addmul_1(r: *mut u64, a: *const u64, n: MpSize, x: u64) -> u64 {
    if core::ptr::eq(r, a) {
        let t = sl(a, n).to_vec();
        return limbs::addmul_1(sm(r, n), &t, x);
    }
    limbs::addmul_1(sm(r, n), sl(a, n), x)
}

#[no_mangle]
pub unsafe extern "C" fn mpn_submul_1(r: *mut u64, a: *const u64, n: MpSize, x: u64) -> u64 {
    if core::ptr::eq(r, a) {
        let t = sl(a, n).to_vec();
        return limbs::submul_1(sm(r, n), &t, x);
    }
    limbs::submul_1(sm(r, n), sl(a, n), x)
}

/// `{r, an + bn} = a·b` (`an >= bn >= 1`, `r` overlapping neither); returns the top limb.
#[no_mangle]
pub unsafe extern "C" fn mpn_mul(
    r: *mut u64,
    a: *const u64,
    an: MpSize,
    b: *const u64,
    bn: MpSize,
) -> u64 {
    let n = an + bn;
    crate::mpz_arith::mul_into(sm(r, n), sl(a, an), sl(b, bn));
    *r.add(n as usize - 1)
}

#[no_mangle]
pub unsafe extern "C" fn mpn_mul_n(r: *mut u64, a: *const u64, b: *const u64, n: MpSize) {
    crate::mpz_arith::mul_into(sm(r, 2 * n), sl(a, n), sl(b, n));
}

#[no_mangle]
pub unsafe extern "C" fn mpn_sqr(r: *mut u64, a: *const u64, n: MpSize) {
    let a = sl(a, n);
    crate::mpz_arith::mul_into(sm(r, 2 * n), a, a);
}

#[no_mangle]
pub unsafe extern "C" fn mpn_lshift(r: *mut u64, a: *const u64, n: MpSize, s: c_uint) -> u64 {
    if core::ptr::eq(r, a) {
        return limbs::shl_assign(sm(r, n), s);
    }
    if (r as *const u64) > a {
        // GMP allows r above a: shift from the top down.
        let n = n as usize;
        let out = *a.add(n - 1) >> (64 - s);
        for i in (1..n).rev() {
            *r.add(i) = (*a.add(i) << s) | (*a.add(i - 1) >> (64 - s));
        }
        *r = *a << s;
        return out;
    }
    limbs::shl(sm(r, n), sl(a, n), s)
}

#[no_mangle]
pub unsafe extern "C" fn mpn_rshift(r: *mut u64, a: *const u64, n: MpSize, s: c_uint) -> u64 {
    if core::ptr::eq(r, a) {
        return limbs::shr_assign(sm(r, n), s);
    }
    if (r as *const u64) < a {
        // GMP allows r below a: shift from the bottom up.
        let n = n as usize;
        let out = *a << (64 - s);
        for i in 0..n - 1 {
            *r.add(i) = (*a.add(i) >> s) | (*a.add(i + 1) << (64 - s));
        }
        *r.add(n - 1) = *a.add(n - 1) >> s;
        return out;
    }
    limbs::shr(sm(r, n), sl(a, n), s)
}

#[no_mangle]
pub unsafe extern "C" fn mpn_com(r: *mut u64, a: *const u64, n: MpSize) {
    for i in 0..n as usize {
        *r.add(i) = !*a.add(i);
    }
}

/// `r = -a` (mod B^n); returns 1 unless `a` is zero.
#[no_mangle]
pub unsafe extern "C" fn mpn_neg(r: *mut u64, a: *const u64, n: MpSize) -> u64 {
    if !core::ptr::eq(r, a) {
        ptr::copy_nonoverlapping(a, r, n as usize);
    }
    limbs::neg_assign(sm(r, n))
}

#[no_mangle]
pub unsafe extern "C" fn mpn_popcount(a: *const u64, n: MpSize) -> c_ulong {
    sl(a, n).iter().map(|x| u64::from(x.count_ones())).sum()
}

/// The first set bit at or above `bit` (one must exist).
#[no_mangle]
pub unsafe extern "C" fn mpn_scan1(a: *const u64, bit: c_ulong) -> c_ulong {
    let mut i = (bit / 64) as usize;
    let mut x = *a.add(i) & (u64::MAX << (bit % 64));
    while x == 0 {
        i += 1;
        x = *a.add(i);
    }
    i as u64 * 64 + u64::from(x.trailing_zeros())
}

/// The first clear bit at or above `bit` (one must exist).
#[no_mangle]
pub unsafe extern "C" fn mpn_scan0(a: *const u64, bit: c_ulong) -> c_ulong {
    let mut i = (bit / 64) as usize;
    let mut x = !*a.add(i) & (u64::MAX << (bit % 64));
    while x == 0 {
        i += 1;
        x = !*a.add(i);
    }
    i as u64 * 64 + u64::from(x.trailing_zeros())
}

/// The reciprocal `floor((B^3 - 1) / (u1·B + u0)) - B` of a normalised two-limb divisor.
#[no_mangle]
pub unsafe extern "C" fn mpn_invert_3by2(u1: u64, u0: u64) -> u64 {
    limbs::reciprocal_3by2(u1, u0)
}

/// `s = floor(sqrt(a))` (`ceil(n/2)` limbs) and `r = a - s²` (if `r` is not null); returns
/// the limb count of `r` (0: `a` is a perfect square). `a[n-1]` must be nonzero.
#[no_mangle]
pub unsafe extern "C" fn mpn_sqrtrem(s: *mut u64, r: *mut u64, a: *const u64, n: MpSize) -> MpSize {
    let (x, y) = carry_rs::Int::from_limbs(sl(a, n)).sqrt_rem();
    let sn = (n as usize).div_ceil(2);
    let xs = x.as_limbs();
    ptr::write_bytes(s, 0, sn);
    ptr::copy_nonoverlapping(xs.as_ptr(), s, xs.len());
    let ys = y.as_limbs();
    if !r.is_null() {
        ptr::copy_nonoverlapping(ys.as_ptr(), r, ys.len());
    }
    ys.len() as MpSize
}

#[no_mangle]
pub unsafe extern "C" fn mpn_perfect_square_p(a: *const u64, n: MpSize) -> c_int {
    c_int::from(carry_rs::Int::from_limbs(sl(a, n)).is_perfect_square())
}
