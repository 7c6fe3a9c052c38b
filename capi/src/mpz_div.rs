//! Division: `mpz_{c,f,t}div_{q,r,qr}` and their `_ui` and `_2exp` forms, `mpz_mod`,
//! `mpz_divexact`, `mpz_divisible_p`, `mpz_congruent_p`.
//!
//! The quotient rounds toward +infinity (`cdiv`), -infinity (`fdiv`) or zero (`tdiv`); the
//! remainder `n - q·d` then has the sign of `-d`, of `d` or of `n` respectively, as the GMP
//! manual specifies. Truncated division runs on the limbs; the other two adjust its result.

use crate::mem::*;
use crate::mpz_arith::aors;
use crate::mpz_set::*;
use carry_rs::limbs;
use core::ffi::{c_int, c_ulong};
use core::ptr;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Rnd {
    Trunc,
    Floor,
    Ceil,
}

/// Whether a nonzero truncated remainder moves the quotient one step away from zero.
#[inline(always)]
fn adjusts(rnd: Rnd, nneg: bool, dneg: bool) -> bool {
    match rnd {
        Rnd::Trunc => false,
        Rnd::Floor => nneg != dneg,
        Rnd::Ceil => nneg == dneg,
    }
}

#[inline(always)]
unsafe fn aliases(z: Ptr, a: Src, b: Src) -> bool {
    !z.is_null() && (core::ptr::eq(z, a) || core::ptr::eq(z, b))
}

/// `q = n / d` and `r = n - q·d` rounded as `rnd`; either output may be null.
#[inline(always)]
unsafe fn div_qr(q: Ptr, r: Ptr, n: Src, d: Src, rnd: Rnd) {
    let (nn, dn) = (len(n), len(d));
    if dn == 0 {
        divide_by_zero();
    }
    let (nneg, dneg) = (is_neg(n), is_neg(d));
    if nn < dn {
        let adj = nn > 0 && adjusts(rnd, nneg, dneg);
        if !r.is_null() {
            if adj {
                aors(r, n, d, rnd == Rnd::Ceil);
            } else {
                mpz_set(r, n);
            }
        }
        if !q.is_null() {
            if adj {
                *ensure(q, 1) = 1;
                (*q).size = if nneg != dneg { -1 } else { 1 };
            } else {
                (*q).size = 0;
            }
        }
        return;
    }
    if nn <= 2 && dn == 1 {
        return div_21(q, r, n, d, rnd);
    }
    let qn = nn - dn + 1;
    // Outputs that are inputs (or absent) get temporaries.
    let mut tq = Vec::new();
    let mut tr = Vec::new();
    let q_direct = !q.is_null() && !aliases(q, n, d);
    let r_direct = !r.is_null() && !aliases(r, n, d);
    let qp = if q_direct {
        ensure(q, qn + 1)
    } else {
        tq.resize(qn + 1, 0);
        tq.as_mut_ptr()
    };
    let rp = if r_direct {
        ensure(r, dn)
    } else {
        tr.resize(dn, 0);
        tr.as_mut_ptr()
    };
    let (nm, dm) = (mag(n), mag(d));
    if dn == 1 {
        *rp = limbs::divrem_1(slice_mut(qp, qn), nm, dm[0]);
    } else {
        let s = limbs::divrem_scratch_len(nn, dn);
        let (qs, rs) = (slice_mut(qp, qn), slice_mut(rp, dn));
        with_scratch(s, |s| limbs::divrem(qs, rs, nm, dm, s));
    }
    let rs = slice_mut(rp, dn);
    let rn = limbs::normalized_len(rs);
    let adj = rn > 0 && adjusts(rnd, nneg, dneg);
    *qp.add(qn) = 0;
    if adj {
        let c = limbs::add_1_assign(slice_mut(qp, qn), 1);
        *qp.add(qn) = c;
        limbs::rsub_n_assign(rs, dm);
    }
    let qneg = nneg != dneg;
    let rneg = nneg != adj;
    if !r.is_null() {
        if r_direct {
            set_norm(r, dn, rneg);
        } else {
            set_limbs(r, limbs::normalized(&tr), rneg);
        }
    }
    if !q.is_null() {
        if q_direct {
            set_norm(q, qn + 1, qneg);
        } else {
            set_limbs(q, limbs::normalized(&tq), qneg);
        }
    }
}

/// [`div_qr`] for a dividend of one or two limbs and a one-limb divisor, in registers: the
/// hardware division, once for the high limb's quotient and once for the low limb's.
#[inline(always)]
unsafe fn div_21(q: Ptr, r: Ptr, n: Src, d: Src, rnd: Rnd) {
    let (nneg, dneg) = (is_neg(n), is_neg(d));
    let dv = *(*d).d;
    let np = (*n).d;
    let (q1, q0, mut rem) = if len(n) == 2 {
        let n1 = *np.add(1);
        let (q0, rem) = limbs::div_2by1_hw(n1 % dv, *np, dv);
        (n1 / dv, q0, rem)
    } else {
        (0, *np / dv, *np % dv)
    };
    let mut qv = u128::from(q1) << 64 | u128::from(q0);
    let adj = rem != 0 && adjusts(rnd, nneg, dneg);
    if adj {
        qv += 1;
        rem = dv - rem;
    }
    if !r.is_null() {
        *ensure(r, 1) = rem;
        (*r).size = signed(usize::from(rem != 0), nneg != adj);
    }
    if !q.is_null() {
        let (lo, hi) = (qv as u64, (qv >> 64) as u64);
        let qneg = nneg != dneg;
        if hi != 0 {
            let qp = ensure(q, 2);
            *qp = lo;
            *qp.add(1) = hi;
            (*q).size = signed(2, qneg);
        } else {
            *ensure(q, 1) = lo;
            (*q).size = signed(usize::from(lo != 0), qneg);
        }
    }
}

macro_rules! div_fns {
    ($qr:ident, $q:ident, $r:ident, $rnd:expr) => {
        #[no_mangle]
        pub unsafe extern "C" fn $qr(q: Ptr, r: Ptr, n: Src, d: Src) {
            div_qr(q, r, n, d, $rnd)
        }
        #[no_mangle]
        pub unsafe extern "C" fn $q(q: Ptr, n: Src, d: Src) {
            div_qr(q, ptr::null_mut(), n, d, $rnd)
        }
        #[no_mangle]
        pub unsafe extern "C" fn $r(r: Ptr, n: Src, d: Src) {
            div_qr(ptr::null_mut(), r, n, d, $rnd)
        }
    };
}

div_fns!(mpz_tdiv_qr, mpz_tdiv_q, mpz_tdiv_r, Rnd::Trunc);
div_fns!(mpz_fdiv_qr, mpz_fdiv_q, mpz_fdiv_r, Rnd::Floor);
div_fns!(mpz_cdiv_qr, mpz_cdiv_q, mpz_cdiv_r, Rnd::Ceil);

/// `n mod |d|`, in `[0, |d|)`.
#[no_mangle]
pub unsafe extern "C" fn mpz_mod(r: Ptr, n: Src, d: Src) {
    let rnd = if is_neg(d) { Rnd::Ceil } else { Rnd::Floor };
    div_qr(ptr::null_mut(), r, n, d, rnd)
}

/// Division by a limb; returns `|remainder|`. Either output may be null.
#[inline(always)]
unsafe fn div_qr_ui(q: Ptr, r: Ptr, n: Src, x: u64, rnd: Rnd) -> u64 {
    if x == 0 {
        divide_by_zero();
    }
    let nn = len(n);
    let nneg = is_neg(n);
    if nn == 0 {
        if !q.is_null() {
            (*q).size = 0;
        }
        if !r.is_null() {
            (*r).size = 0;
        }
        return 0;
    }
    let mut rem;
    if q.is_null() {
        rem = limbs::mod_1(mag(n), x);
    } else {
        let qp = ensure(q, nn);
        let np = (*n).d;
        rem = if qp == np {
            limbs::divrem_1_assign(slice_mut(qp, nn), x)
        } else {
            limbs::divrem_1(slice_mut(qp, nn), mag(n), x)
        };
    }
    let adj = rem != 0 && adjusts(rnd, nneg, false);
    if adj {
        rem = x - rem;
    }
    if !q.is_null() {
        let qp = (*q).d;
        if adj {
            limbs::add_1_assign(slice_mut(qp, nn), 1);
        }
        set_norm(q, nn, nneg);
    }
    if !r.is_null() {
        mpz_set_ui(r, rem);
        if nneg != adj && rem != 0 {
            (*r).size = -1;
        }
    }
    rem
}

macro_rules! div_ui_fns {
    ($qr:ident, $q:ident, $r:ident, $ui:ident, $rnd:expr) => {
        #[no_mangle]
        pub unsafe extern "C" fn $qr(q: Ptr, r: Ptr, n: Src, x: c_ulong) -> c_ulong {
            div_qr_ui(q, r, n, x, $rnd)
        }
        #[no_mangle]
        pub unsafe extern "C" fn $q(q: Ptr, n: Src, x: c_ulong) -> c_ulong {
            div_qr_ui(q, ptr::null_mut(), n, x, $rnd)
        }
        #[no_mangle]
        pub unsafe extern "C" fn $r(r: Ptr, n: Src, x: c_ulong) -> c_ulong {
            div_qr_ui(ptr::null_mut(), r, n, x, $rnd)
        }
        #[no_mangle]
        pub unsafe extern "C" fn $ui(n: Src, x: c_ulong) -> c_ulong {
            div_qr_ui(ptr::null_mut(), ptr::null_mut(), n, x, $rnd)
        }
    };
}

div_ui_fns!(
    mpz_tdiv_qr_ui,
    mpz_tdiv_q_ui,
    mpz_tdiv_r_ui,
    mpz_tdiv_ui,
    Rnd::Trunc
);
div_ui_fns!(
    mpz_fdiv_qr_ui,
    mpz_fdiv_q_ui,
    mpz_fdiv_r_ui,
    mpz_fdiv_ui,
    Rnd::Floor
);
div_ui_fns!(
    mpz_cdiv_qr_ui,
    mpz_cdiv_q_ui,
    mpz_cdiv_r_ui,
    mpz_cdiv_ui,
    Rnd::Ceil
);

#[no_mangle]
pub unsafe extern "C" fn mpz_mod_ui(r: Ptr, n: Src, x: c_ulong) -> c_ulong {
    div_qr_ui(ptr::null_mut(), r, n, x, Rnd::Floor)
}

/// `q = n / d` for `d` dividing `n`.
#[no_mangle]
pub unsafe extern "C" fn mpz_divexact(q: Ptr, n: Src, d: Src) {
    div_qr(q, ptr::null_mut(), n, d, Rnd::Trunc)
}

#[no_mangle]
pub unsafe extern "C" fn mpz_divexact_ui(q: Ptr, n: Src, x: c_ulong) {
    div_qr_ui(q, ptr::null_mut(), n, x, Rnd::Trunc);
}

#[no_mangle]
pub unsafe extern "C" fn mpz_divisible_p(n: Src, d: Src) -> c_int {
    if len(d) == 0 {
        return c_int::from(len(n) == 0);
    }
    let mut t = Z::new();
    div_qr(ptr::null_mut(), t.p(), n, d, Rnd::Trunc);
    c_int::from(t.0.size == 0)
}

#[no_mangle]
pub unsafe extern "C" fn mpz_divisible_ui_p(n: Src, x: c_ulong) -> c_int {
    if x == 0 {
        return c_int::from(len(n) == 0);
    }
    c_int::from(limbs::mod_1(mag(n), x) == 0)
}

/// Whether `a ≡ c (mod d)` (for `d = 0`: whether `a = c`).
#[no_mangle]
pub unsafe extern "C" fn mpz_congruent_p(a: Src, c: Src, d: Src) -> c_int {
    let mut t = Z::new();
    aors(t.p(), a, c, true);
    mpz_divisible_p(&t.0, d)
}

/// `r = n >> k` rounded as `rnd`.
unsafe fn div_q_2exp(r: Ptr, n: Src, k: u64, rnd: Rnd) {
    let nn = len(n);
    let nneg = is_neg(n);
    let (w, s) = ((k / 64) as usize, (k % 64) as u32);
    let adj = adjusts(rnd, nneg, false) && low_bits_nonzero(mag(n), k);
    if w >= nn {
        if adj {
            *ensure(r, 1) = 1;
            (*r).size = if nneg { -1 } else { 1 };
        } else {
            (*r).size = 0;
        }
        return;
    }
    let m = nn - w;
    let rp = ensure(r, m + 1);
    let np = (*n).d;
    if s == 0 {
        ptr::copy(np.add(w), rp, m);
    } else if rp == np {
        ptr::copy(rp.add(w), rp, m);
        limbs::shr_assign(slice_mut(rp, m), s);
    } else {
        limbs::shr(
            slice_mut(rp, m),
            core::slice::from_raw_parts(np.add(w), m),
            s,
        );
    }
    *rp.add(m) = 0;
    if adj {
        let c = limbs::add_1_assign(slice_mut(rp, m), 1);
        *rp.add(m) = c;
    }
    set_norm(r, m + 1, nneg);
}

/// Whether any of the low `k` bits of `a` is set.
fn low_bits_nonzero(a: &[u64], k: u64) -> bool {
    let (w, s) = ((k / 64) as usize, (k % 64) as u32);
    if w >= a.len() {
        return !a.is_empty();
    }
    a[..w].iter().any(|&x| x != 0) || (s > 0 && a[w] << (64 - s) != 0)
}

/// `r = n - (n >> k << k)·…`: the remainder of [`div_q_2exp`] with the same rounding.
unsafe fn div_r_2exp(r: Ptr, n: Src, k: u64, rnd: Rnd) {
    let nn = len(n);
    let nneg = is_neg(n);
    if nn == 0 {
        (*r).size = 0;
        return;
    }
    let (w, s) = ((k / 64) as usize, (k % 64) as u32);
    let kn = w + usize::from(s > 0);
    if !low_bits_nonzero(mag(n), k) {
        (*r).size = 0;
        return;
    }
    if !adjusts(rnd, nneg, false) {
        // |r| = the low k bits of |n|.
        let m = kn.min(nn);
        let rp = ensure(r, m);
        let np = (*n).d;
        if rp != np {
            ptr::copy_nonoverlapping(np, rp, m);
        }
        if m == kn && s > 0 {
            *rp.add(m - 1) &= (1u64 << s) - 1;
        }
        set_norm(r, m, nneg);
        return;
    }
    // |r| = 2^k - (the low k bits of |n|), with the opposite sign.
    let rp = ensure(r, kn);
    let np = (*n).d;
    let m = kn.min(nn);
    if rp != np {
        ptr::copy_nonoverlapping(np, rp, m);
    }
    ptr::write_bytes(rp.add(m), 0, kn - m);
    limbs::neg_assign(slice_mut(rp, kn));
    if s > 0 {
        *rp.add(kn - 1) &= (1u64 << s) - 1;
    }
    set_norm(r, kn, !nneg);
}

macro_rules! div_2exp_fns {
    ($q:ident, $r:ident, $rnd:expr) => {
        #[no_mangle]
        pub unsafe extern "C" fn $q(r: Ptr, n: Src, k: c_ulong) {
            div_q_2exp(r, n, k, $rnd)
        }
        #[no_mangle]
        pub unsafe extern "C" fn $r(r: Ptr, n: Src, k: c_ulong) {
            div_r_2exp(r, n, k, $rnd)
        }
    };
}

div_2exp_fns!(mpz_tdiv_q_2exp, mpz_tdiv_r_2exp, Rnd::Trunc);
div_2exp_fns!(mpz_fdiv_q_2exp, mpz_fdiv_r_2exp, Rnd::Floor);
div_2exp_fns!(mpz_cdiv_q_2exp, mpz_cdiv_r_2exp, Rnd::Ceil);
