//! Sums, differences and products: `mpz_add`, `mpz_sub`, `mpz_mul`, the `_ui`/`_si` forms,
//! `mpz_addmul`/`mpz_submul`, `mpz_mul_2exp` and powers.
//!
//! Outputs may be any of the inputs (GMP's rule); where a kernel cannot run in place the result
//! is built in a fresh block from the allocation function, which then replaces the output's.

use crate::mem::*;
use crate::mpz_set::*;
use carry_rs::limbs;
use core::ffi::{c_long, c_ulong};
use core::ptr;
use core::slice;

#[inline(always)]
unsafe fn sl<'a>(p: *const u64, n: usize) -> &'a [u64] {
    slice::from_raw_parts(p, n)
}

/// `{rp, an} = {ap, an} + {bp, bn}` (`an >= bn`); returns the carry. `rp` may be `ap` or `bp`.
#[inline(always)]
unsafe fn add_mag(rp: *mut u64, ap: *const u64, an: usize, bp: *const u64, bn: usize) -> u64 {
    if core::ptr::eq(rp, ap) {
        if ap == bp {
            return limbs::shl_assign(slice_mut(rp, an), 1);
        }
        return limbs::add_assign(slice_mut(rp, an), sl(bp, bn));
    }
    if core::ptr::eq(rp, bp) {
        let c = limbs::add_n_assign(slice_mut(rp, bn), sl(ap, bn));
        return limbs::add_1(slice_mut(rp.add(bn), an - bn), sl(ap.add(bn), an - bn), c);
    }
    if bn == 0 {
        ptr::copy_nonoverlapping(ap, rp, an);
        return 0;
    }
    limbs::add(slice_mut(rp, an), sl(ap, an), sl(bp, bn))
}

/// `{rp, an} = {ap, an} - {bp, bn}` for `|a| > |b|`. `rp` may be `ap` or `bp`.
#[inline(always)]
unsafe fn sub_mag(rp: *mut u64, ap: *const u64, an: usize, bp: *const u64, bn: usize) {
    if core::ptr::eq(rp, ap) {
        limbs::sub_assign(slice_mut(rp, an), sl(bp, bn));
    } else if core::ptr::eq(rp, bp) {
        let b = limbs::rsub_n_assign(slice_mut(rp, bn), sl(ap, bn));
        limbs::sub_1(slice_mut(rp.add(bn), an - bn), sl(ap.add(bn), an - bn), b);
    } else if bn == 0 {
        ptr::copy_nonoverlapping(ap, rp, an);
    } else {
        limbs::sub(slice_mut(rp, an), sl(ap, an), sl(bp, bn));
    }
}

/// `r = a ± b` (`sub`: minus).
#[inline(always)]
pub(crate) unsafe fn aors(r: Ptr, a: Src, b: Src, sub: bool) {
    if len(a) <= 1 && len(b) <= 1 {
        return aors_1(r, a, b, sub);
    }
    let (mut a, mut b) = (a, b);
    let (mut an, mut bn) = (len(a), len(b));
    let (mut asg, mut bsg) = (is_neg(a), is_neg(b) ^ sub);
    if an < bn || (an == bn && asg != bsg && limbs::cmp_n(mag(a), mag(b)).is_lt()) {
        core::mem::swap(&mut a, &mut b);
        core::mem::swap(&mut an, &mut bn);
        core::mem::swap(&mut asg, &mut bsg);
    }
    if asg == bsg {
        let rp = ensure(r, an + 1);
        let c = add_mag(rp, (*a).d, an, (*b).d, bn);
        *rp.add(an) = c;
        (*r).size = signed(an + c as usize, asg);
    } else {
        if an == bn && limbs::cmp_n(mag(a), mag(b)).is_eq() {
            (*r).size = 0;
            return;
        }
        let rp = ensure(r, an);
        sub_mag(rp, (*a).d, an, (*b).d, bn);
        set_norm(r, an, asg);
    }
}

/// [`aors`] for operands of at most one limb, in registers.
#[inline(always)]
unsafe fn aors_1(r: Ptr, a: Src, b: Src, sub: bool) {
    let x = if len(a) == 1 { *(*a).d } else { 0 };
    let y = if len(b) == 1 { *(*b).d } else { 0 };
    let (xn, yn) = (is_neg(a), is_neg(b) != sub);
    let rp = ensure(r, 2);
    if xn == yn {
        let (lo, c) = x.overflowing_add(y);
        *rp = lo;
        *rp.add(1) = 1;
        let n = if c { 2 } else { usize::from(lo != 0) };
        (*r).size = signed(n, xn);
    } else {
        let (d, neg) = if x >= y { (x - y, xn) } else { (y - x, yn) };
        *rp = d;
        (*r).size = signed(usize::from(d != 0), neg);
    }
}

#[no_mangle]
pub unsafe extern "C" fn mpz_add(r: Ptr, a: Src, b: Src) {
    aors(r, a, b, false)
}

#[no_mangle]
pub unsafe extern "C" fn mpz_sub(r: Ptr, a: Src, b: Src) {
    aors(r, a, b, true)
}

#[no_mangle]
pub unsafe extern "C" fn mpz_add_ui(r: Ptr, a: Src, x: c_ulong) {
    let l = [x];
    let v = view(&l, false);
    aors(r, a, &v, false)
}

#[no_mangle]
pub unsafe extern "C" fn mpz_sub_ui(r: Ptr, a: Src, x: c_ulong) {
    let l = [x];
    let v = view(&l, false);
    aors(r, a, &v, true)
}

#[no_mangle]
pub unsafe extern "C" fn mpz_ui_sub(r: Ptr, x: c_ulong, a: Src) {
    let l = [x];
    let v = view(&l, false);
    aors(r, &v, a, true)
}

/// `{rp, an + bn} = a · b` (`an >= bn >= 1`, `rp` distinct from both).
#[inline(always)]
pub(crate) fn mul_into(r: &mut [u64], a: &[u64], b: &[u64]) {
    if ptr::eq(a, b) {
        let s = limbs::sqr_scratch_len(a.len());
        if s == 0 {
            limbs::sqr(r, a, &mut []);
        } else {
            limbs::sqr(r, a, &mut vec![0; s]);
        }
    } else {
        let s = limbs::mul_scratch_len(a.len(), b.len());
        if s == 0 {
            limbs::mul(r, a, b, &mut []);
        } else {
            limbs::mul(r, a, b, &mut vec![0; s]);
        }
    }
}

#[no_mangle]
pub unsafe extern "C" fn mpz_mul(r: Ptr, a: Src, b: Src) {
    let (mut a, mut b) = (a, b);
    if len(a) < len(b) {
        core::mem::swap(&mut a, &mut b);
    }
    let (an, bn) = (len(a), len(b));
    if bn == 0 {
        (*r).size = 0;
        return;
    }
    let neg = is_neg(a) != is_neg(b);
    let n = an + bn;
    if bn == 1 && !core::ptr::eq(r, b) {
        let x = *(*b).d;
        return mul_1(r, a, x, neg);
    }
    let alias = core::ptr::eq(r, a) || core::ptr::eq(r, b);
    let rp = if alias { alloc_limbs(n) } else { ensure(r, n) };
    let (am, bm) = (mag(a), mag(b));
    let bm = if (*a).d == (*b).d { am } else { bm };
    mul_into(slice_mut(rp, n), am, bm);
    if alias {
        replace_storage(r, rp, n);
    }
    (*r).size = signed(n - usize::from(*rp.add(n - 1) == 0), neg);
}

/// `r = ±|a|·x`.
#[inline(always)]
unsafe fn mul_1(r: Ptr, a: Src, x: u64, neg: bool) {
    let an = len(a);
    if an == 0 || x == 0 {
        (*r).size = 0;
        return;
    }
    let rp = ensure(r, an + 1);
    let ap = (*a).d;
    let c = if rp == ap {
        limbs::mul_1_assign(slice_mut(rp, an), x)
    } else {
        limbs::mul_1(slice_mut(rp, an), sl(ap, an), x)
    };
    *rp.add(an) = c;
    (*r).size = signed(an + usize::from(c != 0), neg);
}

#[no_mangle]
pub unsafe extern "C" fn mpz_mul_ui(r: Ptr, a: Src, x: c_ulong) {
    mul_1(r, a, x, is_neg(a))
}

#[no_mangle]
pub unsafe extern "C" fn mpz_mul_si(r: Ptr, a: Src, x: c_long) {
    mul_1(r, a, x.unsigned_abs(), is_neg(a) != (x < 0))
}

/// `r += s·a·x` where `s` is `-1` for `sub`: the magnitude kernel when the product's sign
/// matches `r`'s (or `r` is zero) and `r` is not `a`, else a temporary product.
unsafe fn aorsmul_1(r: Ptr, a: Src, x: u64, sub: bool) {
    let an = len(a);
    if an == 0 || x == 0 {
        return;
    }
    let pneg = is_neg(a) ^ sub;
    let rn = len(r);
    if !core::ptr::eq(r, a) && (rn == 0 || is_neg(r) == pneg) {
        let n = rn.max(an) + 1;
        let rp = ensure(r, n);
        let ap = (*a).d;
        if rn < an {
            ptr::write_bytes(rp.add(rn), 0, an - rn);
        }
        let m = rn.max(an);
        let mut c = limbs::addmul_1(slice_mut(rp, an), sl(ap, an), x);
        if m > an {
            c = limbs::add_1_assign(slice_mut(rp.add(an), m - an), c);
        }
        *rp.add(m) = c;
        (*r).size = signed(m + usize::from(c != 0), pneg);
        return;
    }
    let mut t = vec![0u64; an + 1];
    t[an] = limbs::mul_1(&mut t[..an], mag(a), x);
    let v = view(&t, pneg);
    aors(r, r, &v, false);
}

#[no_mangle]
pub unsafe extern "C" fn mpz_addmul_ui(r: Ptr, a: Src, x: c_ulong) {
    aorsmul_1(r, a, x, false)
}

#[no_mangle]
pub unsafe extern "C" fn mpz_submul_ui(r: Ptr, a: Src, x: c_ulong) {
    aorsmul_1(r, a, x, true)
}

/// `r += s·a·b` through a temporary product.
unsafe fn aorsmul(r: Ptr, a: Src, b: Src, sub: bool) {
    let (mut a, mut b) = (a, b);
    if len(a) < len(b) {
        core::mem::swap(&mut a, &mut b);
    }
    let (an, bn) = (len(a), len(b));
    if bn == 0 {
        return;
    }
    let mut t = vec![0u64; an + bn];
    let bm = if (*a).d == (*b).d { mag(a) } else { mag(b) };
    mul_into(&mut t, mag(a), bm);
    let v = view(&t, is_neg(a) != is_neg(b));
    aors(r, r, &v, sub);
}

#[no_mangle]
pub unsafe extern "C" fn mpz_addmul(r: Ptr, a: Src, b: Src) {
    aorsmul(r, a, b, false)
}

#[no_mangle]
pub unsafe extern "C" fn mpz_submul(r: Ptr, a: Src, b: Src) {
    aorsmul(r, a, b, true)
}

#[no_mangle]
pub unsafe extern "C" fn mpz_mul_2exp(r: Ptr, a: Src, k: c_ulong) {
    let an = len(a);
    if an == 0 {
        (*r).size = 0;
        return;
    }
    let (w, s) = ((k / 64) as usize, (k % 64) as u32);
    let neg = is_neg(a);
    let n = an + w + 1;
    let rp = ensure(r, n);
    let ap = (*a).d;
    let c = if s == 0 {
        ptr::copy(ap, rp.add(w), an);
        0
    } else if rp == ap {
        let c = limbs::shl_assign(slice_mut(rp, an), s);
        ptr::copy(rp, rp.add(w), an);
        c
    } else {
        limbs::shl(slice_mut(rp.add(w), an), sl(ap, an), s)
    };
    ptr::write_bytes(rp, 0, w);
    *rp.add(an + w) = c;
    (*r).size = signed(n - usize::from(c == 0), neg);
}

#[no_mangle]
pub unsafe extern "C" fn mpz_pow_ui(r: Ptr, a: Src, e: c_ulong) {
    let x = to_int(a);
    let e = u32::try_from(e).unwrap_or_else(|_| {
        if limbs::cmp(x.as_limbs(), &[1]).is_gt() {
            die("mpz_pow_ui: result too large")
        }
        u32::MAX - 1 + (e & 1) as u32
    });
    set_int(r, &x.pow(e));
}

#[no_mangle]
pub unsafe extern "C" fn mpz_ui_pow_ui(r: Ptr, b: c_ulong, e: c_ulong) {
    let l = [b];
    let v = view(&l, false);
    mpz_pow_ui(r, &v, e)
}
