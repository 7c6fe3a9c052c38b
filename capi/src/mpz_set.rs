//! The `mpz` struct, its storage, assignment, conversion and comparison.

use crate::mem::*;
use carry_rs::{limbs, Int};
use core::cmp::Ordering;
use core::ffi::{c_double, c_int, c_long, c_ulong};
use core::slice;

/// GMP's `__mpz_struct`: `alloc` limbs at `d`, `|size|` of them in use, the sign in `size`'s.
#[repr(C)]
pub struct Mpz {
    pub(crate) alloc: c_int,
    pub(crate) size: c_int,
    pub(crate) d: *mut u64,
}

pub(crate) type Ptr = *mut Mpz;
pub(crate) type Src = *const Mpz;

/// The number of limbs of `|z|`.
#[inline(always)]
pub(crate) unsafe fn len(z: Src) -> usize {
    (*z).size.unsigned_abs() as usize
}

/// Whether `z < 0`.
#[inline(always)]
pub(crate) unsafe fn is_neg(z: Src) -> bool {
    (*z).size < 0
}

/// The magnitude of `z` as a slice (valid until `z` is next written).
#[inline(always)]
pub(crate) unsafe fn mag<'a>(z: Src) -> &'a [u64] {
    slice::from_raw_parts((*z).d, len(z))
}

/// `n` limbs at `p` as a mutable slice.
#[inline(always)]
pub(crate) unsafe fn slice_mut<'a>(p: *mut u64, n: usize) -> &'a mut [u64] {
    slice::from_raw_parts_mut(p, n)
}

/// The `_mp_size` of a value of `n` limbs and the given sign.
#[inline(always)]
pub(crate) fn signed(n: usize, neg: bool) -> c_int {
    if neg {
        -(n as c_int)
    } else {
        n as c_int
    }
}

/// Sets the size of `z` from its first `n` limbs, dropping high zero limbs.
#[inline(always)]
pub(crate) unsafe fn set_norm(z: Ptr, mut n: usize, neg: bool) {
    let d = (*z).d;
    while n > 0 && *d.add(n - 1) == 0 {
        n -= 1;
    }
    (*z).size = signed(n, neg);
}

/// `z = ±src` (`src` normalised; may be `z`'s own limbs).
pub(crate) unsafe fn set_limbs(z: Ptr, src: &[u64], neg: bool) {
    let n = src.len();
    if !core::ptr::eq(src.as_ptr(), (*z).d) {
        let d = ensure(z, n);
        core::ptr::copy_nonoverlapping(src.as_ptr(), d, n);
    }
    (*z).size = signed(n, neg && n > 0);
}

/// `z` as an `Int` (for the number-theoretic functions whose cost dwarfs the copy).
pub(crate) unsafe fn to_int(z: Src) -> Int {
    let x = Int::from_limbs(mag(z));
    if is_neg(z) {
        -x
    } else {
        x
    }
}

/// `z = x`.
pub(crate) unsafe fn set_int(z: Ptr, x: &Int) {
    set_limbs(z, x.as_limbs(), x.is_negative());
}

/// A read-only `mpz` over limbs owned elsewhere (alloc 0: never freed or grown).
pub(crate) fn view(d: &[u64], neg: bool) -> Mpz {
    Mpz {
        alloc: 0,
        size: signed(limbs::normalized_len(d), neg),
        d: d.as_ptr() as *mut u64,
    }
}

#[no_mangle]
pub unsafe extern "C" fn mpz_init(z: Ptr) {
    (*z).alloc = 0;
    (*z).size = 0;
    (*z).d = core::ptr::addr_of_mut!(DUMMY_LIMB);
}

#[no_mangle]
pub unsafe extern "C" fn mpz_init2(z: Ptr, bits: c_ulong) {
    mpz_init(z);
    realloc_z(z, (bits as usize).div_ceil(64));
}

#[no_mangle]
pub unsafe extern "C" fn mpz_clear(z: Ptr) {
    free_z(z);
}

#[no_mangle]
pub unsafe extern "C" fn mpz_realloc2(z: Ptr, bits: c_ulong) {
    realloc_z(z, (bits as usize).div_ceil(64));
}

/// GMP's `_mpz_realloc`, used by `MPZ_REALLOC`-style code: room for `n` limbs.
#[no_mangle]
pub unsafe extern "C" fn _mpz_realloc(z: Ptr, n: c_long) -> *mut u64 {
    realloc_z(z, n.max(1) as usize)
}

#[no_mangle]
pub unsafe extern "C" fn mpz_set(r: Ptr, a: Src) {
    if !core::ptr::eq(r, a) {
        set_limbs(r, mag(a), is_neg(a));
    }
}

#[no_mangle]
pub unsafe extern "C" fn mpz_set_ui(r: Ptr, x: c_ulong) {
    if x == 0 {
        (*r).size = 0;
    } else {
        *ensure(r, 1) = x;
        (*r).size = 1;
    }
}

#[no_mangle]
pub unsafe extern "C" fn mpz_set_si(r: Ptr, x: c_long) {
    mpz_set_ui(r, x.unsigned_abs());
    if x < 0 {
        (*r).size = -1;
    }
}

/// The magnitude of `x` truncated to an integer, as limbs (`x` finite).
fn f64_limbs(x: f64) -> Vec<u64> {
    let x = x.abs().trunc();
    if x < 18446744073709551616.0 {
        return vec![x as u64];
    }
    let bits = x.to_bits();
    let exp = ((bits >> 52) & 0x7ff) - 1075;
    let mant = (bits & ((1 << 52) - 1)) | (1 << 52);
    let mut r = vec![0u64; (exp / 64) as usize + 2];
    let (w, s) = ((exp / 64) as usize, (exp % 64) as u32);
    r[w] = mant << s;
    if s > 0 {
        r[w + 1] = mant >> (64 - s);
    }
    r
}

#[no_mangle]
pub unsafe extern "C" fn mpz_set_d(r: Ptr, x: c_double) {
    if !x.is_finite() {
        die("mpz_set_d: the value is not finite");
    }
    let l = f64_limbs(x);
    set_limbs(r, limbs::normalized(&l), x < 0.0);
}

#[no_mangle]
pub unsafe extern "C" fn mpz_init_set(r: Ptr, a: Src) {
    mpz_init(r);
    mpz_set(r, a);
}

#[no_mangle]
pub unsafe extern "C" fn mpz_init_set_ui(r: Ptr, x: c_ulong) {
    mpz_init(r);
    mpz_set_ui(r, x);
}

#[no_mangle]
pub unsafe extern "C" fn mpz_init_set_si(r: Ptr, x: c_long) {
    mpz_init(r);
    mpz_set_si(r, x);
}

#[no_mangle]
pub unsafe extern "C" fn mpz_init_set_d(r: Ptr, x: c_double) {
    mpz_init(r);
    mpz_set_d(r, x);
}

#[no_mangle]
pub unsafe extern "C" fn mpz_swap(a: Ptr, b: Ptr) {
    core::ptr::swap(a, b);
}

#[no_mangle]
pub unsafe extern "C" fn mpz_abs(r: Ptr, a: Src) {
    mpz_set(r, a);
    (*r).size = (*r).size.abs();
}

#[no_mangle]
pub unsafe extern "C" fn mpz_neg(r: Ptr, a: Src) {
    mpz_set(r, a);
    (*r).size = -(*r).size;
}

#[no_mangle]
pub unsafe extern "C" fn mpz_get_ui(a: Src) -> c_ulong {
    if (*a).size == 0 {
        0
    } else {
        *(*a).d
    }
}

/// The value if it fits a `long`; otherwise its low 63 bits with its sign (GMP's rule).
#[no_mangle]
pub unsafe extern "C" fn mpz_get_si(a: Src) -> c_long {
    let low = mpz_get_ui(a);
    if is_neg(a) {
        -1 - ((low - 1) & c_long::MAX as u64) as c_long
    } else {
        (low & c_long::MAX as u64) as c_long
    }
}

/// The value truncated toward zero to a double.
#[no_mangle]
pub unsafe extern "C" fn mpz_get_d(a: Src) -> c_double {
    let x = limbs_to_f64(mag(a));
    if is_neg(a) {
        -x
    } else {
        x
    }
}

/// `a` (normalised) truncated to a double.
pub(crate) fn limbs_to_f64(a: &[u64]) -> f64 {
    let bits = limbs::bit_len(a);
    if bits <= 53 {
        return a.first().copied().unwrap_or(0) as f64;
    }
    let m = top_bits(a, bits, 53);
    let e = bits - 53;
    if e > 1100 {
        return f64::INFINITY;
    }
    ldexp(m as f64, e as i32)
}

/// Bits `[bits - k, bits)` of `a` (`k <= 64 <= bits`... or `k <= bits`).
pub(crate) fn top_bits(a: &[u64], bits: u64, k: u32) -> u64 {
    let lo = bits - u64::from(k);
    let (w, s) = ((lo / 64) as usize, (lo % 64) as u32);
    let mut v = a[w] >> s;
    if s > 0 && w + 1 < a.len() {
        v |= a[w + 1] << (64 - s);
    }
    v & (u64::MAX >> (64 - k))
}

/// `x · 2^e`, exact while the result is a normal double.
pub(crate) fn ldexp(mut x: f64, mut e: i32) -> f64 {
    while e > 1000 {
        x *= f64::from_bits(((1023 + 1000) as u64) << 52);
        e -= 1000;
    }
    while e < -1000 {
        x *= f64::from_bits(((1023 - 1000) as u64) << 52);
        e += 1000;
    }
    x * f64::from_bits(((1023 + e) as u64) << 52)
}

#[no_mangle]
pub unsafe extern "C" fn mpz_size(a: Src) -> usize {
    len(a)
}

#[no_mangle]
pub unsafe extern "C" fn mpz_getlimbn(a: Src, n: c_long) -> u64 {
    if n >= 0 && (n as usize) < len(a) {
        *(*a).d.add(n as usize)
    } else {
        0
    }
}

#[no_mangle]
pub unsafe extern "C" fn mpz_sgn(a: Src) -> c_int {
    (*a).size.signum()
}

fn ord(o: Ordering) -> c_int {
    o as c_int
}

/// Compares two signed values given as sign and normalised magnitude.
pub(crate) fn cmp_signed(an: bool, a: &[u64], bn: bool, b: &[u64]) -> Ordering {
    match (an, bn) {
        (false, true) => Ordering::Greater,
        (true, false) => Ordering::Less,
        (false, false) => limbs::cmp(a, b),
        (true, true) => limbs::cmp(b, a),
    }
}

#[no_mangle]
pub unsafe extern "C" fn mpz_cmp(a: Src, b: Src) -> c_int {
    let (sa, sb) = ((*a).size, (*b).size);
    if sa != sb {
        return if sa > sb { 1 } else { -1 };
    }
    let c = limbs::cmp_n(mag(a), mag(b));
    ord(if sa < 0 { c.reverse() } else { c })
}

#[no_mangle]
pub unsafe extern "C" fn mpz_cmpabs(a: Src, b: Src) -> c_int {
    ord(limbs::cmp(mag(a), mag(b)))
}

#[no_mangle]
pub unsafe extern "C" fn mpz_cmp_ui(a: Src, x: c_ulong) -> c_int {
    if is_neg(a) {
        -1
    } else {
        mpz_cmpabs_ui(a, x)
    }
}

#[no_mangle]
pub unsafe extern "C" fn mpz_cmpabs_ui(a: Src, x: c_ulong) -> c_int {
    match len(a) {
        0 => -c_int::from(x != 0),
        1 => ord((*(*a).d).cmp(&x)),
        _ => 1,
    }
}

#[no_mangle]
pub unsafe extern "C" fn mpz_cmp_si(a: Src, x: c_long) -> c_int {
    let l = [x.unsigned_abs()];
    let b = if x == 0 { &l[..0] } else { &l[..] };
    ord(cmp_signed(is_neg(a), mag(a), x < 0, b))
}

/// Compares `a` with `x` (finite) exactly.
fn cmp_mag_f64(a: &[u64], x: f64) -> Ordering {
    let t = f64_limbs(x);
    match limbs::cmp(a, limbs::normalized(&t)) {
        Ordering::Equal if x.abs().fract() != 0.0 => Ordering::Less,
        o => o,
    }
}

#[no_mangle]
pub unsafe extern "C" fn mpz_cmpabs_d(a: Src, x: c_double) -> c_int {
    if x.is_nan() {
        die("mpz_cmpabs_d: NaN");
    }
    if x.is_infinite() {
        return -1;
    }
    ord(cmp_mag_f64(mag(a), x))
}

#[no_mangle]
pub unsafe extern "C" fn mpz_cmp_d(a: Src, x: c_double) -> c_int {
    if x.is_nan() {
        die("mpz_cmp_d: NaN");
    }
    if x.is_infinite() {
        return if x > 0.0 { -1 } else { 1 };
    }
    let (an, xn) = (is_neg(a), x < 0.0);
    if an != xn {
        return if an { -1 } else { 1 };
    }
    let c = cmp_mag_f64(mag(a), x);
    ord(if an { c.reverse() } else { c })
}

unsafe fn fits(a: Src, pos_max: u64, neg_max: u64) -> c_int {
    let n = len(a);
    c_int::from(n == 0 || (n == 1 && *(*a).d <= if is_neg(a) { neg_max } else { pos_max }))
}

#[no_mangle]
pub unsafe extern "C" fn mpz_fits_slong_p(a: Src) -> c_int {
    fits(a, i64::MAX as u64, 1 << 63)
}

#[no_mangle]
pub unsafe extern "C" fn mpz_fits_ulong_p(a: Src) -> c_int {
    fits(a, u64::MAX, 0)
}

#[no_mangle]
pub unsafe extern "C" fn mpz_fits_sint_p(a: Src) -> c_int {
    fits(a, i32::MAX as u64, 1 << 31)
}

#[no_mangle]
pub unsafe extern "C" fn mpz_fits_uint_p(a: Src) -> c_int {
    fits(a, u32::MAX as u64, 0)
}

#[no_mangle]
pub unsafe extern "C" fn mpz_fits_sshort_p(a: Src) -> c_int {
    fits(a, i16::MAX as u64, 1 << 15)
}

#[no_mangle]
pub unsafe extern "C" fn mpz_fits_ushort_p(a: Src) -> c_int {
    fits(a, u16::MAX as u64, 0)
}

#[no_mangle]
pub unsafe extern "C" fn mpz_limbs_read(a: Src) -> *const u64 {
    (*a).d
}

#[no_mangle]
pub unsafe extern "C" fn mpz_limbs_modify(a: Ptr, n: c_long) -> *mut u64 {
    ensure(a, n.max(0) as usize)
}

#[no_mangle]
pub unsafe extern "C" fn mpz_limbs_write(a: Ptr, n: c_long) -> *mut u64 {
    (*a).size = 0;
    ensure(a, n.max(0) as usize)
}

#[no_mangle]
pub unsafe extern "C" fn mpz_limbs_finish(a: Ptr, n: c_long) {
    set_norm(a, n.unsigned_abs() as usize, n < 0);
}

/// A read-only value over `n` limbs at `d` (negative `n`: negative value), normalised.
#[no_mangle]
pub unsafe extern "C" fn mpz_roinit_n(z: Ptr, d: *const u64, n: c_long) -> Src {
    let mut k = n.unsigned_abs() as usize;
    while k > 0 && *d.add(k - 1) == 0 {
        k -= 1;
    }
    (*z).alloc = 0;
    (*z).d = d as *mut u64;
    (*z).size = signed(k, n < 0);
    z
}

/// An `mpz` temporary, cleared when dropped.
pub(crate) struct Z(pub(crate) Mpz);

impl Z {
    pub(crate) fn new() -> Z {
        Z(Mpz {
            alloc: 0,
            size: 0,
            d: core::ptr::addr_of_mut!(DUMMY_LIMB),
        })
    }
    pub(crate) fn p(&mut self) -> Ptr {
        &mut self.0
    }
}

impl Drop for Z {
    fn drop(&mut self) {
        // SAFETY: the value was initialised by `Z::new` and owns its storage.
        unsafe { free_z(&mut self.0) }
    }
}
