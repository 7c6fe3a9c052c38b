//! Rationals (`mpq`): a numerator and a positive denominator with no common factor, on the
//! `mpz` functions. Functions that take a rational expect it canonical and leave it so, except
//! the setters GMP documents as not canonicalising (`mpq_set_num`, `mpq_set_den`,
//! `mpq_set_ui`, `mpq_set_si`, `mpq_set_str`).

use crate::mem::*;
use crate::mpz_arith::*;
use crate::mpz_div::*;
use crate::mpz_io::*;
use crate::mpz_nt::mpz_gcd;
use crate::mpz_set::*;
use carry_rs::limbs;
use core::ffi::{c_char, c_double, c_int, c_long, c_ulong};

/// GMP's `__mpq_struct`.
#[repr(C)]
pub struct Mpq {
    num: Mpz,
    den: Mpz,
}

type QPtr = *mut Mpq;
type QSrc = *const Mpq;

#[inline(always)]
unsafe fn num(q: QSrc) -> Ptr {
    core::ptr::addr_of!((*q).num) as Ptr
}

#[inline(always)]
unsafe fn den(q: QSrc) -> Ptr {
    core::ptr::addr_of!((*q).den) as Ptr
}

#[no_mangle]
pub unsafe extern "C" fn mpq_init(q: QPtr) {
    mpz_init(num(q));
    mpz_init_set_ui(den(q), 1);
}

#[no_mangle]
pub unsafe extern "C" fn mpq_clear(q: QPtr) {
    mpz_clear(num(q));
    mpz_clear(den(q));
}

#[no_mangle]
pub unsafe extern "C" fn mpq_canonicalize(q: QPtr) {
    if (*den(q)).size == 0 {
        divide_by_zero();
    }
    let mut g = Z::new();
    mpz_gcd(g.p(), num(q), den(q));
    if !(g.0.size == 1 && *g.0.d == 1) {
        mpz_divexact(num(q), num(q), &g.0);
        mpz_divexact(den(q), den(q), &g.0);
    }
    if (*den(q)).size < 0 {
        (*num(q)).size = -(*num(q)).size;
        (*den(q)).size = -(*den(q)).size;
    }
}

#[no_mangle]
pub unsafe extern "C" fn mpq_set(r: QPtr, a: QSrc) {
    mpz_set(num(r), num(a));
    mpz_set(den(r), den(a));
}

#[no_mangle]
pub unsafe extern "C" fn mpq_set_ui(r: QPtr, n: c_ulong, d: c_ulong) {
    mpz_set_ui(num(r), n);
    mpz_set_ui(den(r), d);
}

#[no_mangle]
pub unsafe extern "C" fn mpq_set_si(r: QPtr, n: c_long, d: c_ulong) {
    mpz_set_si(num(r), n);
    mpz_set_ui(den(r), d);
}

#[no_mangle]
pub unsafe extern "C" fn mpq_set_z(r: QPtr, a: Src) {
    mpz_set(num(r), a);
    mpz_set_ui(den(r), 1);
}

#[no_mangle]
pub unsafe extern "C" fn mpq_set_num(r: QPtr, a: Src) {
    mpz_set(num(r), a);
}

#[no_mangle]
pub unsafe extern "C" fn mpq_set_den(r: QPtr, a: Src) {
    mpz_set(den(r), a);
}

#[no_mangle]
pub unsafe extern "C" fn mpq_get_num(r: Ptr, q: QSrc) {
    mpz_set(r, num(q));
}

#[no_mangle]
pub unsafe extern "C" fn mpq_get_den(r: Ptr, q: QSrc) {
    mpz_set(r, den(q));
}

#[no_mangle]
pub unsafe extern "C" fn mpq_swap(a: QPtr, b: QPtr) {
    core::ptr::swap(a, b);
}

#[no_mangle]
pub unsafe extern "C" fn mpq_neg(r: QPtr, a: QSrc) {
    mpq_set(r, a);
    (*num(r)).size = -(*num(r)).size;
}

#[no_mangle]
pub unsafe extern "C" fn mpq_abs(r: QPtr, a: QSrc) {
    mpq_set(r, a);
    (*num(r)).size = (*num(r)).size.abs();
}

#[no_mangle]
pub unsafe extern "C" fn mpq_sgn(a: QSrc) -> c_int {
    (*num(a)).size.signum()
}

/// `r = (n, d)` from temporaries, canonicalised.
unsafe fn set_parts(r: QPtr, n: &mut Z, d: &mut Z) {
    mpz_swap(num(r), n.p());
    mpz_swap(den(r), d.p());
    mpq_canonicalize(r);
}

unsafe fn aors(r: QPtr, a: QSrc, b: QSrc, sub: bool) {
    let (mut n, mut d, mut t) = (Z::new(), Z::new(), Z::new());
    mpz_mul(n.p(), num(a), den(b));
    mpz_mul(t.p(), num(b), den(a));
    if sub {
        mpz_sub(n.p(), &n.0, &t.0);
    } else {
        mpz_add(n.p(), &n.0, &t.0);
    }
    mpz_mul(d.p(), den(a), den(b));
    set_parts(r, &mut n, &mut d);
}

#[no_mangle]
pub unsafe extern "C" fn mpq_add(r: QPtr, a: QSrc, b: QSrc) {
    aors(r, a, b, false)
}

#[no_mangle]
pub unsafe extern "C" fn mpq_sub(r: QPtr, a: QSrc, b: QSrc) {
    aors(r, a, b, true)
}

#[no_mangle]
pub unsafe extern "C" fn mpq_mul(r: QPtr, a: QSrc, b: QSrc) {
    let (mut n, mut d) = (Z::new(), Z::new());
    mpz_mul(n.p(), num(a), num(b));
    mpz_mul(d.p(), den(a), den(b));
    set_parts(r, &mut n, &mut d);
}

#[no_mangle]
pub unsafe extern "C" fn mpq_div(r: QPtr, a: QSrc, b: QSrc) {
    if (*num(b)).size == 0 {
        divide_by_zero();
    }
    let (mut n, mut d) = (Z::new(), Z::new());
    mpz_mul(n.p(), num(a), den(b));
    mpz_mul(d.p(), den(a), num(b));
    set_parts(r, &mut n, &mut d);
}

#[no_mangle]
pub unsafe extern "C" fn mpq_inv(r: QPtr, a: QSrc) {
    if (*num(a)).size == 0 {
        divide_by_zero();
    }
    mpq_set(r, a);
    mpz_swap(num(r), den(r));
    if (*den(r)).size < 0 {
        (*num(r)).size = -(*num(r)).size;
        (*den(r)).size = -(*den(r)).size;
    }
}

/// `r = a · 2^k` (`up`) or `a / 2^k`: powers of two cancel against the other part first.
unsafe fn shift(r: QPtr, a: QSrc, k: c_ulong, up: bool) {
    mpq_set(r, a);
    let (grow, shrink) = if up {
        (num(r), den(r))
    } else {
        (den(r), num(r))
    };
    if (*num(r)).size == 0 {
        return;
    }
    let tz = mpz_scan1(shrink, 0).min(k);
    mpz_tdiv_q_2exp(shrink, shrink, tz);
    mpz_mul_2exp(grow, grow, k - tz);
}

#[no_mangle]
pub unsafe extern "C" fn mpq_mul_2exp(r: QPtr, a: QSrc, k: c_ulong) {
    shift(r, a, k, true)
}

#[no_mangle]
pub unsafe extern "C" fn mpq_div_2exp(r: QPtr, a: QSrc, k: c_ulong) {
    shift(r, a, k, false)
}

use crate::mpz_bits::mpz_scan1;

#[no_mangle]
pub unsafe extern "C" fn mpq_cmp(a: QSrc, b: QSrc) -> c_int {
    let (sa, sb) = (mpq_sgn(a), mpq_sgn(b));
    if sa != sb {
        return if sa < sb { -1 } else { 1 };
    }
    let (mut x, mut y) = (Z::new(), Z::new());
    mpz_mul(x.p(), num(a), den(b));
    mpz_mul(y.p(), num(b), den(a));
    mpz_cmp(&x.0, &y.0)
}

#[no_mangle]
pub unsafe extern "C" fn mpq_cmp_z(a: QSrc, b: Src) -> c_int {
    let mut y = Z::new();
    mpz_mul(y.p(), b, den(a));
    mpz_cmp(num(a), &y.0)
}

#[no_mangle]
pub unsafe extern "C" fn mpq_cmp_ui(a: QSrc, n: c_ulong, d: c_ulong) -> c_int {
    if d == 0 {
        divide_by_zero();
    }
    let (mut x, mut y) = (Z::new(), Z::new());
    mpz_mul_ui(x.p(), num(a), d);
    mpz_mul_ui(y.p(), den(a), n);
    mpz_cmp(&x.0, &y.0)
}

#[no_mangle]
pub unsafe extern "C" fn mpq_cmp_si(a: QSrc, n: c_long, d: c_ulong) -> c_int {
    if d == 0 {
        divide_by_zero();
    }
    let (mut x, mut y) = (Z::new(), Z::new());
    mpz_mul_ui(x.p(), num(a), d);
    mpz_mul_si(y.p(), den(a), n);
    mpz_cmp(&x.0, &y.0)
}

#[no_mangle]
pub unsafe extern "C" fn mpq_equal(a: QSrc, b: QSrc) -> c_int {
    c_int::from(mpz_cmp(num(a), num(b)) == 0 && mpz_cmp(den(a), den(b)) == 0)
}

/// The value truncated toward zero to a double.
#[no_mangle]
pub unsafe extern "C" fn mpq_get_d(a: QSrc) -> c_double {
    let (n, d) = (mag(num(a)), mag(den(a)));
    if n.is_empty() {
        return 0.0;
    }
    let (nb, db) = (limbs::bit_len(n) as i64, limbs::bit_len(d) as i64);
    // q = floor(|n|·2^s / d) has 54 or 55 bits; the value is q·2^-s truncated.
    let s = 55 + db - nb;
    let (mut x, mut y, mut q) = (Z::new(), Z::new(), Z::new());
    let nv = view(n, false);
    let dv = view(d, false);
    if s >= 0 {
        mpz_mul_2exp(x.p(), &nv, s as u64);
        mpz_tdiv_q(q.p(), &x.0, &dv);
    } else {
        mpz_mul_2exp(y.p(), &dv, (-s) as u64);
        mpz_tdiv_q(q.p(), &nv, &y.0);
    }
    let qm = mag(&q.0);
    let bits = limbs::bit_len(qm);
    let top = crate::mpz_set::top_bits(qm, bits, 53);
    let e = bits as i64 - 53 - s;
    let v = if e < -1074 + 53 {
        // Below the normal range: truncate to the subnormal grid explicitly.
        let shift = (-1074 - e).min(64) as u32;
        let t = if shift >= 64 { 0 } else { top >> shift };
        crate::mpz_set::ldexp(t as f64, -1074)
    } else if e > 1023 {
        f64::INFINITY
    } else {
        crate::mpz_set::ldexp(top as f64, e as i32)
    };
    if is_neg(num(a)) {
        -v
    } else {
        v
    }
}

/// `r = x` exactly (`x` finite).
#[no_mangle]
pub unsafe extern "C" fn mpq_set_d(r: QPtr, x: c_double) {
    if !x.is_finite() {
        die("mpq_set_d: the value is not finite");
    }
    if x == 0.0 {
        mpz_set_ui(num(r), 0);
        mpz_set_ui(den(r), 1);
        return;
    }
    let bits = x.abs().to_bits();
    let (be, frac) = ((bits >> 52) as i64, bits & ((1 << 52) - 1));
    let (m, e) = if be == 0 {
        (frac, -1074)
    } else {
        (frac | (1 << 52), be - 1075)
    };
    let tz = i64::from(m.trailing_zeros());
    let (m, e) = (m >> tz, e + tz);
    mpz_set_ui(num(r), m);
    if x < 0.0 {
        (*num(r)).size = -1;
    }
    mpz_set_ui(den(r), 1);
    if e >= 0 {
        mpz_mul_2exp(num(r), num(r), e as u64);
    } else {
        mpz_mul_2exp(den(r), den(r), (-e) as u64);
    }
}

#[no_mangle]
pub unsafe extern "C" fn mpz_set_q(r: Ptr, a: QSrc) {
    mpz_tdiv_q(r, num(a), den(a));
}

/// `num/den` (or `num` when the denominator is 1) in `base`, as `mpz_get_str`.
#[no_mangle]
pub unsafe extern "C" fn mpq_get_str(buf: *mut c_char, base: c_int, q: QSrc) -> *mut c_char {
    let one = (*den(q)).size == 1 && *(*den(q)).d == 1;
    if buf.is_null() {
        let n = mpz_get_str(core::ptr::null_mut(), base, num(q));
        if n.is_null() || one {
            return n;
        }
        let nl = core::ffi::CStr::from_ptr(n).to_bytes().len();
        let d = mpz_get_str(core::ptr::null_mut(), base, den(q));
        let dl = core::ffi::CStr::from_ptr(d).to_bytes().len();
        let out = realloc_bytes(n.cast(), nl + 1, nl + dl + 2);
        *out.add(nl) = b'/';
        core::ptr::copy_nonoverlapping(d.cast::<u8>(), out.add(nl + 1), dl + 1);
        free_bytes(d.cast(), dl + 1);
        return out.cast();
    }
    if mpz_get_str(buf, base, num(q)).is_null() {
        return core::ptr::null_mut();
    }
    if !one {
        let nl = core::ffi::CStr::from_ptr(buf).to_bytes().len();
        *buf.add(nl) = b'/' as c_char;
        mpz_get_str(buf.add(nl + 1), base, den(q));
    }
    buf
}

/// Parses `num` or `num/den` in `base` (not canonicalised); 0 on success, -1 otherwise.
#[no_mangle]
pub unsafe extern "C" fn mpq_set_str(q: QPtr, s: *const c_char, base: c_int) -> c_int {
    let bytes = core::ffi::CStr::from_ptr(s).to_bytes();
    let (ns, ds) = match bytes.iter().position(|&c| c == b'/') {
        Some(i) => (&bytes[..i], Some(&bytes[i + 1..])),
        None => (bytes, None),
    };
    if !parse_into(num(q), ns, base) {
        return -1;
    }
    match ds {
        None => mpz_set_ui(den(q), 1),
        Some(ds) if !parse_into(den(q), ds, base) => return -1,
        Some(_) => {}
    }
    0
}
