//! Sums, differences and products: `mpz_add`, `mpz_sub`, `mpz_mul`, the `_ui`/`_si` forms,
//! `mpz_addmul`/`mpz_submul`, `mpz_mul_2exp` and powers.
//!
//! Outputs may be any of the inputs (GMP's rule); where a kernel cannot run in place the result
//! is built in a fresh block from the allocation function, which then replaces the output's.

use crate::mem::*;
use crate::mpz_set::*;
use carry_rs::limbs;
use core::ffi::{c_int, c_long, c_ulong};
use core::ptr;
use core::slice;

#[inline(always)]
unsafe fn sl<'a>(p: *const u64, n: usize) -> &'a [u64] {
    slice::from_raw_parts(p, n)
}

/// `{rp, N} = {ap, N} + {bp, N}` fully unrolled: one ADC chain, no loop, the sums of each
/// group of four limbs stored together after the group's additions (interleaving each store
/// with the next load was slower). Returns the carry. Each limb is read before the same limb
/// of `rp` is written, so `rp` may be `ap` or `bp`.
#[inline(always)]
unsafe fn add_fixed<const N: usize>(rp: *mut u64, ap: *const u64, bp: *const u64) -> u64 {
    let mut c = 0;
    let mut i = 0;
    while i < N {
        let k = if N - i >= 4 { 4 } else { N - i };
        let mut s = [0u64; 4];
        for (j, s) in s.iter_mut().enumerate().take(k) {
            (*s, c) = limbs::adc(*ap.add(i + j), *bp.add(i + j), c);
        }
        for (j, s) in s.iter().enumerate().take(k) {
            *rp.add(i + j) = *s;
        }
        i += k;
    }
    c
}

/// `{rp, N} = {ap, N} - {bp, N}` unrolled as [`add_fixed`]; returns the borrow.
#[inline(always)]
unsafe fn sub_fixed<const N: usize>(rp: *mut u64, ap: *const u64, bp: *const u64) -> u64 {
    let mut c = 0;
    let mut i = 0;
    while i < N {
        let k = if N - i >= 4 { 4 } else { N - i };
        let mut s = [0u64; 4];
        for (j, s) in s.iter_mut().enumerate().take(k) {
            (*s, c) = limbs::sbb(*ap.add(i + j), *bp.add(i + j), c);
        }
        for (j, s) in s.iter().enumerate().take(k) {
            *rp.add(i + j) = *s;
        }
        i += k;
    }
    c
}

/// [`add_fixed`] out of line: inlined into one `match`, the chains of 9 to 16 limbs share
/// their first eight limbs and the compiler breaks the carry chain where they part.
#[inline(never)]
unsafe fn add_fixed_ool<const N: usize>(rp: *mut u64, ap: *const u64, bp: *const u64) -> u64 {
    add_fixed::<N>(rp, ap, bp)
}

/// [`add_fixed`] for 9 to 16 limbs.
#[inline(always)]
unsafe fn add_9_16(rp: *mut u64, ap: *const u64, bp: *const u64, n: usize) -> u64 {
    match n {
        9 => add_fixed_ool::<9>(rp, ap, bp),
        10 => add_fixed_ool::<10>(rp, ap, bp),
        11 => add_fixed_ool::<11>(rp, ap, bp),
        12 => add_fixed_ool::<12>(rp, ap, bp),
        13 => add_fixed_ool::<13>(rp, ap, bp),
        14 => add_fixed_ool::<14>(rp, ap, bp),
        15 => add_fixed_ool::<15>(rp, ap, bp),
        16 => add_fixed_ool::<16>(rp, ap, bp),
        _ => unreachable!(),
    }
}

/// `{rp, n} = {ap, n} + {bp, n}`; returns the carry. `rp` may equal `ap` or `bp` (or both);
/// otherwise the three do not overlap. Up to 16 limbs an unrolled chain picked by a jump table
/// (a loop's set-up costs as much as the additions there), the kernel beyond.
#[inline(always)]
unsafe fn add_n(rp: *mut u64, ap: *const u64, bp: *const u64, n: usize) -> u64 {
    if n <= 8 {
        return match n {
            1 => add_fixed::<1>(rp, ap, bp),
            2 => add_fixed::<2>(rp, ap, bp),
            3 => add_fixed::<3>(rp, ap, bp),
            4 => add_fixed::<4>(rp, ap, bp),
            5 => add_fixed::<5>(rp, ap, bp),
            6 => add_fixed::<6>(rp, ap, bp),
            7 => add_fixed::<7>(rp, ap, bp),
            8 => add_fixed::<8>(rp, ap, bp),
            _ => 0,
        };
    }
    if n <= 16 {
        return add_9_16(rp, ap, bp, n);
    }
    #[cfg(target_arch = "x86_64")]
    return limbs::add_n_asm(rp, ap, bp, n);
    #[cfg(not(target_arch = "x86_64"))]
    {
        if ptr::eq(rp, ap) {
            limbs::add_n_assign(slice_mut(rp, n), sl(bp, n))
        } else if ptr::eq(rp, bp) {
            limbs::add_n_assign(slice_mut(rp, n), sl(ap, n))
        } else {
            limbs::add_n(slice_mut(rp, n), sl(ap, n), sl(bp, n))
        }
    }
}

/// [`sub_fixed`] out of line, as [`add_fixed_ool`].
#[inline(never)]
unsafe fn sub_fixed_ool<const N: usize>(rp: *mut u64, ap: *const u64, bp: *const u64) -> u64 {
    sub_fixed::<N>(rp, ap, bp)
}

/// [`sub_fixed`] for 9 to 16 limbs, as [`add_9_16`].
#[inline(always)]
unsafe fn sub_9_16(rp: *mut u64, ap: *const u64, bp: *const u64, n: usize) -> u64 {
    match n {
        9 => sub_fixed_ool::<9>(rp, ap, bp),
        10 => sub_fixed_ool::<10>(rp, ap, bp),
        11 => sub_fixed_ool::<11>(rp, ap, bp),
        12 => sub_fixed_ool::<12>(rp, ap, bp),
        13 => sub_fixed_ool::<13>(rp, ap, bp),
        14 => sub_fixed_ool::<14>(rp, ap, bp),
        15 => sub_fixed_ool::<15>(rp, ap, bp),
        16 => sub_fixed_ool::<16>(rp, ap, bp),
        _ => unreachable!(),
    }
}

/// `{rp, n} = {ap, n} - {bp, n}`; returns the borrow. Aliasing and shape as [`add_n`].
#[inline(always)]
unsafe fn sub_n(rp: *mut u64, ap: *const u64, bp: *const u64, n: usize) -> u64 {
    if n <= 8 {
        return match n {
            1 => sub_fixed::<1>(rp, ap, bp),
            2 => sub_fixed::<2>(rp, ap, bp),
            3 => sub_fixed::<3>(rp, ap, bp),
            4 => sub_fixed::<4>(rp, ap, bp),
            5 => sub_fixed::<5>(rp, ap, bp),
            6 => sub_fixed::<6>(rp, ap, bp),
            7 => sub_fixed::<7>(rp, ap, bp),
            8 => sub_fixed::<8>(rp, ap, bp),
            _ => 0,
        };
    }
    if n <= 16 {
        return sub_9_16(rp, ap, bp, n);
    }
    #[cfg(target_arch = "x86_64")]
    return limbs::sub_n_asm(rp, ap, bp, n);
    #[cfg(not(target_arch = "x86_64"))]
    {
        if ptr::eq(rp, ap) {
            limbs::sub_n_assign(slice_mut(rp, n), sl(bp, n))
        } else if ptr::eq(rp, bp) {
            limbs::rsub_n_assign(slice_mut(rp, n), sl(ap, n))
        } else {
            limbs::sub_n(slice_mut(rp, n), sl(ap, n), sl(bp, n))
        }
    }
}

/// `r = a ± b` (`sub`: minus): the signs decide between adding and subtracting magnitudes.
#[inline(always)]
pub(crate) unsafe fn aors(r: Ptr, a: Src, b: Src, sub: bool) {
    let asz = (*a).size;
    let bsz = if sub { -(*b).size } else { (*b).size };
    if (asz ^ bsz) >= 0 {
        if asz.unsigned_abs() >= bsz.unsigned_abs() {
            add_abs(r, a, b, asz < 0)
        } else {
            add_abs(r, b, a, asz < 0)
        }
    } else {
        sub_abs(r, a, b, asz < 0)
    }
}

/// `r = ±(|a| + |b|)` for `|a|` of at least as many limbs as `|b|`: the `add_n` kernel over
/// `b`'s limbs, the carry rippled through the rest inline, the output grown only when short.
#[inline(always)]
unsafe fn add_abs(r: Ptr, a: Src, b: Src, neg: bool) {
    let (an, bn) = (len(a), len(b));
    if an <= 1 {
        // Both at most one limb: in registers.
        let x = if an == 1 { *(*a).d } else { 0 };
        let y = if bn == 1 { *(*b).d } else { 0 };
        let (s, c) = x.overflowing_add(y);
        if c {
            let rp = ensure(r, 2);
            *rp = s;
            *rp.add(1) = 1;
            (*r).size = signed(2, neg);
        } else {
            *ensure(r, 1) = s;
            (*r).size = signed(usize::from(s != 0), neg);
        }
        return;
    }
    let rp = ensure(r, an + 1);
    // `r` may be `a` or `b`: their limbs are read after the output is sized.
    let (ap, bp) = ((*a).d as *const u64, (*b).d as *const u64);
    let mut c = add_n(rp, ap, bp, bn);
    let mut i = bn;
    while c != 0 && i < an {
        let s = (*ap.add(i)).wrapping_add(1);
        *rp.add(i) = s;
        c = u64::from(s == 0);
        i += 1;
    }
    if i < an && !ptr::eq(rp, ap) {
        ptr::copy_nonoverlapping(ap.add(i), rp.add(i), an - i);
    }
    *rp.add(an) = c;
    (*r).size = signed(an + c as usize, neg);
}

/// `r = ±(|a| - |b|)` where `aneg` is the sign of `a` (the result takes it when `|a| > |b|`,
/// the other one when `|a| < |b|`). For equal lengths only the limbs below the highest
/// differing one are subtracted.
#[inline(always)]
unsafe fn sub_abs(r: Ptr, a: Src, b: Src, aneg: bool) {
    let (mut a, mut b) = (a, b);
    let (mut an, mut bn) = (len(a), len(b));
    let mut neg = aneg;
    if an <= 1 && bn <= 1 {
        let x = if an == 1 { *(*a).d } else { 0 };
        let y = if bn == 1 { *(*b).d } else { 0 };
        let neg = if x >= y { aneg } else { !aneg };
        let d = x.abs_diff(y);
        *ensure(r, 1) = d;
        (*r).size = signed(usize::from(d != 0), neg);
        return;
    }
    if an == bn {
        let (ap, bp) = ((*a).d, (*b).d);
        let mut n = an;
        while n > 0 && *ap.add(n - 1) == *bp.add(n - 1) {
            n -= 1;
        }
        if n == 0 {
            (*r).size = 0;
            return;
        }
        if *ap.add(n - 1) < *bp.add(n - 1) {
            core::mem::swap(&mut a, &mut b);
            neg = !neg;
        }
        let rp = ensure(r, n);
        sub_n(rp, (*a).d, (*b).d, n);
        set_norm(r, n, neg);
        return;
    }
    if an < bn {
        core::mem::swap(&mut a, &mut b);
        core::mem::swap(&mut an, &mut bn);
        neg = !neg;
    }
    let rp = ensure(r, an);
    let (ap, bp) = ((*a).d as *const u64, (*b).d as *const u64);
    let mut c = sub_n(rp, ap, bp, bn);
    let mut i = bn;
    while c != 0 && i < an {
        let x = *ap.add(i);
        *rp.add(i) = x.wrapping_sub(1);
        c = u64::from(x == 0);
        i += 1;
    }
    if i < an && !ptr::eq(rp, ap) {
        ptr::copy_nonoverlapping(ap.add(i), rp.add(i), an - i);
    }
    set_norm(r, an, neg);
}

/// `r = a + b` where the signed sizes say `b`'s magnitude is as long as `a`'s and of its sign
/// (`bsz == (*a).size`), `r` has room for the carry and the kernel is the carry chain: the
/// chain straight into `r`, nothing else. Free of calls, so that the entries save no registers
/// on this path (that and the length dispatch of [`add_n`] cost about two cycles of the 16-limb
/// sum); returns whether it applied.
#[inline(always)]
unsafe fn add_same(r: Ptr, a: Src, b: Src, bsz: c_int) -> bool {
    let asz = (*a).size;
    let n = asz.unsigned_abs() as usize;
    #[cfg(target_arch = "x86_64")]
    if asz == bsz && (*r).alloc as usize > n && limbs::add_n_is_chain(n) {
        // `r` may be `a` or `b`: the chain reads each limb before writing it.
        let (c, top) = limbs::add_n_adc_end((*r).d, (*a).d, (*b).d, n);
        *top = c;
        // The size from `asz` alone (`n` and the limbs' address are not kept).
        (*r).size = if asz < 0 {
            asz - c as c_int
        } else {
            asz + c as c_int
        };
        return true;
    }
    #[cfg(not(target_arch = "x86_64"))]
    if asz == bsz && (*r).alloc as usize > n {
        let rp = (*r).d;
        let c = add_n(rp, (*a).d, (*b).d, n);
        *rp.add(n) = c;
        (*r).size = signed(n + c as usize, asz < 0);
        return true;
    }
    false
}

/// [`aors`] out of line, so that the entries' fast path is a leaf. `extern "C"` (it cannot
/// unwind, the abort on a panic is inside it), so that the entries reach it by a jump.
#[inline(never)]
unsafe extern "C" fn aors_ool(r: Ptr, a: Src, b: Src, sub: bool) {
    aors(r, a, b, sub)
}

#[no_mangle]
pub unsafe extern "C" fn mpz_add(r: Ptr, a: Src, b: Src) {
    if !add_same(r, a, b, (*b).size) {
        aors_ool(r, a, b, false)
    }
}

#[no_mangle]
pub unsafe extern "C" fn mpz_sub(r: Ptr, a: Src, b: Src) {
    if !add_same(r, a, b, (*b).size.wrapping_neg()) {
        aors_ool(r, a, b, true)
    }
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
        with_scratch(limbs::sqr_scratch_len(a.len()), |s| limbs::sqr(r, a, s));
    } else {
        let s = limbs::mul_scratch_len(a.len(), b.len());
        with_scratch(s, |s| limbs::mul(r, a, b, s));
    }
}

#[no_mangle]
pub unsafe extern "C" fn mpz_mul(r: Ptr, a: Src, b: Src) {
    if len(a) <= 1 && len(b) <= 1 {
        return mul_11(r, a, b);
    }
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

/// [`mpz_mul`] for operands of at most one limb, in registers.
#[inline(always)]
unsafe fn mul_11(r: Ptr, a: Src, b: Src) {
    let (asz, bsz) = ((*a).size, (*b).size);
    if asz == 0 || bsz == 0 {
        (*r).size = 0;
        return;
    }
    let neg = (asz ^ bsz) < 0;
    let p = u128::from(*(*a).d) * u128::from(*(*b).d);
    let (lo, hi) = (p as u64, (p >> 64) as u64);
    if hi != 0 {
        let rp = ensure(r, 2);
        *rp = lo;
        *rp.add(1) = hi;
        (*r).size = signed(2, neg);
    } else {
        *ensure(r, 1) = lo;
        (*r).size = signed(1, neg);
    }
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
