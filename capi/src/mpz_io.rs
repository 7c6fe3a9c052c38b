//! Strings (`mpz_get_str`, `mpz_set_str`, `mpz_sizeinbase`, `mpn_get_str`, `mpn_set_str`) and
//! words (`mpz_import`, `mpz_export`).
//!
//! Bases 2 to 36 use carry's radix conversion (the divide and conquer for long values, through
//! `Int`); bases 37 to 62 (and up to 256 for `mpn_*_str`) a plain limb-at-a-time loop.

use crate::mem::*;
use crate::mpz_set::*;
use carry_rs::limbs;
use core::ffi::{c_char, c_int, c_void};
use core::slice;

const LOWER: &[u8; 62] = b"0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
const UPPER: &[u8; 62] = b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

use carry_rs::thresholds::{FROM_RADIX_DC, TO_RADIX_DC};

/// Digits of a nonzero `a` in `base` (an upper bound, exact for powers of two).
pub(crate) fn size_in_base(a: &[u64], base: u32) -> usize {
    let bits = limbs::bit_len(a);
    if bits == 0 {
        return 1;
    }
    if base.is_power_of_two() {
        let k = u64::from(base.trailing_zeros());
        return bits.div_ceil(k) as usize;
    }
    (bits as f64 / f64::from(base).log2()) as usize + 1
}

#[no_mangle]
pub unsafe extern "C" fn mpz_sizeinbase(a: Src, base: c_int) -> usize {
    size_in_base(mag(a), base as u32)
}

/// The most digits of `base` whose value fits a limb, and `base` to that power.
fn chunk(base: u64) -> (usize, u64) {
    let (mut m, mut big) = (0, 1u64);
    while let Some(b) = big.checked_mul(base) {
        big = b;
        m += 1;
    }
    (m, big)
}

/// Digit values of nonzero `a` (normalised, clobbered), most significant first, into `out`
/// (at least `size_in_base` long); returns how many. Any base from 2 to 256.
fn digit_values(out: &mut [u8], a: &mut [u64], base: u32) -> usize {
    if base <= 36 {
        return limbs::to_radix(out, a, base);
    }
    let (m, big) = chunk(u64::from(base));
    let mut n = a.len();
    let mut k = out.len();
    while n > 0 {
        let mut r = limbs::divrem_1_assign(&mut a[..n], big);
        n = limbs::normalized_len(&a[..n]);
        for _ in 0..m {
            if n == 0 && r == 0 {
                break;
            }
            k -= 1;
            out[k] = (r % u64::from(base)) as u8;
            r /= u64::from(base);
        }
    }
    let len = out.len() - k;
    out.copy_within(k.., 0);
    len
}

/// Writes the digits of nonzero `a` (normalised) as ASCII from `table`; returns how many.
fn write_digits(out: &mut [u8], a: &[u64], base: u32, table: &[u8; 62]) -> usize {
    let k = if base <= 36 && a.len() > TO_RADIX_DC && !base.is_power_of_two() {
        carry_rs::radix::to_radix_dc(out, a, base)
    } else if a.len() <= 16 {
        let mut t = [0u64; 16];
        t[..a.len()].copy_from_slice(a);
        digit_values(out, &mut t[..a.len()], base)
    } else {
        digit_values(out, &mut a.to_vec(), base)
    };
    if base <= 10 {
        for c in &mut out[..k] {
            *c += b'0';
        }
    } else {
        for c in &mut out[..k] {
            *c = table[*c as usize];
        }
    }
    k
}

/// Nonzero values of up to this many limbs are converted on the stack first, so that the
/// string is allocated at its exact length and no size is estimated (the estimates take a
/// floating-point logarithm, a sizeable part of a one-limb conversion).
const SMALL_GET: usize = 4;

/// [`mpz_get_str`] for a nonzero `m` of at most [`SMALL_GET`] limbs.
#[inline]
unsafe fn get_str_small(
    buf: *mut c_char,
    m: &[u64],
    neg: usize,
    base: u32,
    table: &[u8; 62],
) -> *mut c_char {
    // The most digits: 256 bits in base 2, and the room the converters ask beyond it.
    let mut t = [0u8; 64 * SMALL_GET + 8];
    let k = write_digits(&mut t, m, base, table);
    let out = if buf.is_null() {
        alloc_bytes(neg + k + 1)
    } else {
        buf.cast::<u8>()
    };
    if neg == 1 {
        *out = b'-';
    }
    core::ptr::copy_nonoverlapping(t.as_ptr(), out.add(neg), k);
    *out.add(neg + k) = 0;
    out.cast()
}

/// The two-digit strings "00" to "99".
const PAIRS: &[u8; 200] = b"\
    0001020304050607080910111213141516171819202122232425262728293031323334353637383940414243444546474849\
    5051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899";

/// The eight decimal digits of `x < 10^8` (with leading zeros) into `out[..8]`, by pairs.
#[inline(always)]
fn eight_digits(out: &mut [u8], x: u64) {
    let (hi, lo) = ((x / 10_000) as usize, (x % 10_000) as usize);
    for (k, v) in [hi / 100, hi % 100, lo / 100, lo % 100]
        .into_iter()
        .enumerate()
    {
        out[2 * k..2 * k + 2].copy_from_slice(&PAIRS[2 * v..2 * v + 2]);
    }
}

/// [`mpz_get_str`] in base 10 for a one-limb `x != 0`: the 20 digits of `x` with leading
/// zeros as three independent groups (below 10^4, 10^8, 10^8), then the significant ones
/// (`ilog10`) copied out.
#[inline]
unsafe fn get_str_decimal_1(buf: *mut c_char, x: u64, neg: usize) -> *mut c_char {
    const E8: u64 = 100_000_000;
    // The 20 digits are t[4..]: `top` < 1845 fills t[..8] with four leading zeros.
    let mut t = [0u8; 24];
    let (top, rest) = (x / (E8 * E8), x % (E8 * E8));
    eight_digits(&mut t[..8], top);
    eight_digits(&mut t[8..16], rest / E8);
    eight_digits(&mut t[16..], rest % E8);
    let k = x.ilog10() as usize + 1;
    let out = if buf.is_null() {
        alloc_bytes(neg + k + 1)
    } else {
        buf.cast::<u8>()
    };
    if neg == 1 {
        *out = b'-';
    }
    core::ptr::copy_nonoverlapping(t.as_ptr().add(24 - k), out.add(neg), k);
    *out.add(neg + k) = 0;
    out.cast()
}

#[no_mangle]
pub unsafe extern "C" fn mpz_get_str(buf: *mut c_char, base: c_int, a: Src) -> *mut c_char {
    let (base, table) = match base {
        2..=36 => (base as u32, LOWER),
        37..=62 => (base as u32, UPPER),
        -36..=-2 => ((-base) as u32, UPPER),
        -1..=1 => (10, LOWER),
        _ => return core::ptr::null_mut(),
    };
    let m = mag(a);
    let neg = usize::from(is_neg(a));
    if m.len() == 1 && base == 10 {
        return get_str_decimal_1(buf, m[0], neg);
    }
    if !m.is_empty() && m.len() <= SMALL_GET {
        return get_str_small(buf, m, neg, base, table);
    }
    // The converters want room for an upper bound of the digits, which can exceed by one the
    // mpz_sizeinbase a caller's buffer is sized from.
    let digits = size_in_base(m, base);
    let work = if base <= 36 {
        limbs::to_radix_len(m, base).max(digits)
    } else {
        digits
    };
    let cap = neg + work + 1;
    let out = if buf.is_null() {
        alloc_bytes(cap)
    } else {
        buf.cast::<u8>()
    };
    if neg == 1 {
        *out = b'-';
    }
    let k = if m.is_empty() {
        *out.add(neg) = b'0';
        1
    } else if buf.is_null() || work == digits {
        write_digits(
            slice::from_raw_parts_mut(out.add(neg), work),
            m,
            base,
            table,
        )
    } else {
        let mut t = vec![0u8; work];
        let k = write_digits(&mut t, m, base, table);
        core::ptr::copy_nonoverlapping(t.as_ptr(), out.add(neg), k);
        k
    };
    *out.add(neg + k) = 0;
    if buf.is_null() && neg + k + 1 != cap {
        return realloc_bytes(out, cap, neg + k + 1).cast();
    }
    out.cast()
}

/// Limbs of the number with these digit values (any base 2..=256), normalised.
fn from_digit_values(digits: &[u8], base: u32) -> Vec<u64> {
    let first = digits.iter().position(|&d| d != 0).unwrap_or(digits.len());
    let digits = &digits[first..];
    if digits.is_empty() {
        return Vec::new();
    }
    if base <= 36 {
        if digits.len() > FROM_RADIX_DC && !base.is_power_of_two() {
            return carry_rs::radix::from_radix_dc(digits, base);
        }
        let mut r = vec![0u64; limbs::from_radix_len(digits.len(), base)];
        let n = limbs::from_radix(&mut r, digits, base);
        r.truncate(n);
        return r;
    }
    let (m, _) = chunk(u64::from(base));
    let mut r = vec![0u64; digits.len() / m + 2];
    let mut n = 0;
    for c in digits.chunks(m) {
        let (mut v, mut p) = (0u64, 1u64);
        for &d in c {
            v = v * u64::from(base) + u64::from(d);
            p *= u64::from(base);
        }
        let hi = limbs::mul_1_assign(&mut r[..n], p);
        r[n] = hi;
        n += 1;
        let c = limbs::add_1_assign(&mut r[..n], v);
        debug_assert_eq!(c, 0);
        n = limbs::normalized_len(&r[..n]);
    }
    r.truncate(n);
    r
}

/// Digit values of ASCII bytes: case-insensitive (bases up to 36) and case-sensitive (above),
/// [`SPACE`] for white space, [`BAD`] otherwise.
const SPACE: u8 = 0xfe;
const BAD: u8 = 0xff;

const fn digit_table(upper_first: bool) -> [u8; 256] {
    let mut t = [BAD; 256];
    let mut c = 0;
    while c < 256 {
        let b = c as u8;
        t[c] = match b {
            b'0'..=b'9' => b - b'0',
            b'A'..=b'Z' => b - b'A' + 10,
            b'a'..=b'z' if upper_first => b - b'a' + 36,
            b'a'..=b'z' => b - b'a' + 10,
            b' ' | b'\t' | b'\n' | 0x0b | 0x0c | b'\r' => SPACE,
            _ => BAD,
        };
        c += 1;
    }
    t
}

static DIGITS_36: [u8; 256] = digit_table(false);
static DIGITS_62: [u8; 256] = digit_table(true);

/// The digit values of `body` in `base` into `digits` (as long as `body`), white space
/// skipped; how many, or `None` for a byte that is neither a digit nor white space. Blocks of
/// [`BLOCK`] digits take a branch-free pass (vectorised for bases up to 10); a block with
/// anything else, and the tail, go byte by byte.
fn digit_values_of(body: &[u8], base: u32, table: &[u8; 256], digits: &mut [u8]) -> Option<usize> {
    const BLOCK: usize = 32;
    let mut n = 0;
    let mut blocks = body.chunks_exact(BLOCK);
    for block in blocks.by_ref() {
        let out: &mut [u8; BLOCK] = (&mut digits[n..n + BLOCK]).try_into().ok()?;
        let mut top = 0u8;
        if base <= 10 {
            for (o, &c) in out.iter_mut().zip(block) {
                *o = c.wrapping_sub(b'0');
                top = top.max(*o);
            }
        } else {
            for (o, &c) in out.iter_mut().zip(block) {
                *o = table[c as usize];
                top = top.max(*o);
            }
        }
        if u32::from(top) >= base {
            // White space or a bad byte: this block again, byte by byte.
            n = digit_values_slow(block, base, table, digits, n)?;
        } else {
            n += BLOCK;
        }
    }
    digit_values_slow(blocks.remainder(), base, table, digits, n)
}

/// [`digit_values_of`] byte by byte, appending at `digits[n..]`; the new count.
fn digit_values_slow(
    body: &[u8],
    base: u32,
    table: &[u8; 256],
    digits: &mut [u8],
    mut n: usize,
) -> Option<usize> {
    for &c in body {
        let v = table[c as usize];
        if u32::from(v) < base {
            digits[n] = v;
            n += 1;
        } else if v != SPACE {
            return None;
        }
    }
    Some(n)
}

/// Parses GMP's string form into `r`: white space anywhere, an optional `-`, digits in `base`
/// (0: a `0x`, `0b` or `0` prefix selects 16, 2 or 8, otherwise 10). False (and `r`
/// untouched) for a malformed string.
pub(crate) unsafe fn parse_into(r: Ptr, s: &[u8], base: c_int) -> bool {
    if !(base == 0 || (2..=62).contains(&base)) {
        return false;
    }
    let mut i = 0;
    while i < s.len() && DIGITS_36[s[i] as usize] == SPACE {
        i += 1;
    }
    let neg = s.get(i) == Some(&b'-');
    i += usize::from(neg);
    let mut base = base as u32;
    if base == 0 {
        base = 10;
        if s.get(i) == Some(&b'0') {
            match s.get(i + 1) {
                Some(b'x' | b'X') => (base, i) = (16, i + 2),
                Some(b'b' | b'B') => (base, i) = (2, i + 2),
                _ => base = 8,
            }
        }
    }
    let table = if base <= 36 { &DIGITS_36 } else { &DIGITS_62 };
    let body = &s[i..];
    if base == 10 && (1..=20).contains(&body.len()) && body.iter().all(u8::is_ascii_digit) {
        // At most 20 plain decimal digits: one limb unless the value reaches 2^64 (19 digits
        // always fit; the 20th is checked).
        let (head, last) = body.split_at(body.len().min(19));
        let x = head.iter().fold(0u64, |x, &c| x * 10 + u64::from(c - b'0'));
        let x = match last {
            [] => Some(x),
            [c] => x
                .checked_mul(10)
                .and_then(|x| x.checked_add(u64::from(c - b'0'))),
            _ => None,
        };
        if let Some(x) = x {
            *ensure(r, 1) = x;
            (*r).size = signed(usize::from(x != 0), neg);
            return true;
        }
    }
    let mut stack = [0u8; 256];
    let mut heap = Vec::new();
    let digits: &mut [u8] = if body.len() <= stack.len() {
        &mut stack[..body.len()]
    } else {
        heap.resize(body.len(), 0);
        &mut heap
    };
    let Some(n) = digit_values_of(body, base, table, digits) else {
        return false;
    };
    if n == 0 {
        return false;
    }
    let first = digits[..n].iter().position(|&d| d != 0).unwrap_or(n);
    let digits = &digits[first..n];
    if digits.is_empty() {
        (*r).size = 0;
    } else if base <= 36 && (digits.len() <= FROM_RADIX_DC || base.is_power_of_two()) {
        // An upper bound on limbs::from_radix_len without its floating-point logarithm:
        // each digit takes at most ceil(log2(base)) bits.
        let bits = u64::from(32 - (base - 1).leading_zeros());
        let cap = (digits.len() as u64 * bits).div_ceil(64) as usize + 2;
        let rp = ensure(r, cap);
        let k = limbs::from_radix(slice_mut(rp, cap), digits, base);
        (*r).size = signed(k, neg);
    } else {
        let l = from_digit_values(digits, base);
        set_limbs(r, &l, neg);
    }
    true
}

#[no_mangle]
pub unsafe extern "C" fn mpz_set_str(r: Ptr, s: *const c_char, base: c_int) -> c_int {
    let s = core::ffi::CStr::from_ptr(s).to_bytes();
    if parse_into(r, s, base) {
        0
    } else {
        (*r).size = 0;
        -1
    }
}

#[no_mangle]
pub unsafe extern "C" fn mpz_init_set_str(r: Ptr, s: *const c_char, base: c_int) -> c_int {
    mpz_init(r);
    mpz_set_str(r, s, base)
}

/// Digit values of `{up, n}` (nonzero top limb; clobbered) into `out`; returns how many.
#[no_mangle]
pub unsafe extern "C" fn mpn_get_str(out: *mut u8, base: c_int, up: *mut u64, n: c_long) -> usize {
    let k = limbs::normalized_len(slice::from_raw_parts(up, n as usize));
    let a = slice_mut(up, k);
    if a.is_empty() {
        *out = 0;
        return 1;
    }
    let base = base as u32;
    let cap = size_in_base(a, base);
    let work = if base <= 36 {
        limbs::to_radix_len(a, base)
    } else {
        cap
    };
    if work <= cap {
        return digit_values(slice::from_raw_parts_mut(out, cap), a, base);
    }
    let mut t = vec![0u8; work];
    let k = digit_values(&mut t, a, base);
    core::ptr::copy_nonoverlapping(t.as_ptr(), out, k);
    k
}

/// `{rp, return value}` = the number with digit values `s[..len]`.
#[no_mangle]
pub unsafe extern "C" fn mpn_set_str(
    rp: *mut u64,
    s: *const u8,
    len: usize,
    base: c_int,
) -> c_long {
    let l = from_digit_values(slice::from_raw_parts(s, len), base as u32);
    core::ptr::copy_nonoverlapping(l.as_ptr(), rp, l.len());
    l.len() as c_long
}

use core::ffi::c_long;

/// Reads byte `j` (0 = least significant) of word `w` (0 = least significant) of the array.
#[inline]
unsafe fn word_byte(
    p: *const u8,
    count: usize,
    order: c_int,
    size: usize,
    endian: c_int,
    w: usize,
    j: usize,
) -> *const u8 {
    let wi = if order < 0 { w } else { count - 1 - w };
    let bi = if endian_little(endian) {
        j
    } else {
        size - 1 - j
    };
    p.add(wi * size + bi)
}

fn endian_little(endian: c_int) -> bool {
    endian < 0 || (endian == 0 && cfg!(target_endian = "little"))
}

/// `r` = the `count` words of `size` bytes at `p` (`order` 1: most significant word first,
/// -1: least; `endian` 1 big, -1 little, 0 native; `nails` must be 0).
#[no_mangle]
pub unsafe extern "C" fn mpz_import(
    r: Ptr,
    count: usize,
    order: c_int,
    size: usize,
    endian: c_int,
    nails: usize,
    p: *const c_void,
) {
    if nails != 0 {
        die("mpz_import: nails are not supported");
    }
    let bytes = count * size;
    let n = bytes.div_ceil(8);
    let p = p.cast::<u8>();
    let mut l = vec![0u64; n];
    if order < 0 && endian_little(endian) && cfg!(target_endian = "little") {
        core::ptr::copy_nonoverlapping(p, l.as_mut_ptr().cast::<u8>(), bytes);
    } else {
        let mut k = 0;
        for w in 0..count {
            for j in 0..size {
                let b = *word_byte(p, count, order, size, endian, w, j);
                l[k / 8] |= u64::from(b) << (8 * (k % 8));
                k += 1;
            }
        }
    }
    let n = limbs::normalized_len(&l);
    set_limbs(r, &l[..n], false);
}

/// Writes `|a|` as words (see [`mpz_import`]) to `p`, or to a block from the allocation
/// function when `p` is null; stores the word count through `countp` (if not null).
#[no_mangle]
pub unsafe extern "C" fn mpz_export(
    p: *mut c_void,
    countp: *mut usize,
    order: c_int,
    size: usize,
    endian: c_int,
    nails: usize,
    a: Src,
) -> *mut c_void {
    if nails != 0 {
        die("mpz_export: nails are not supported");
    }
    let m = mag(a);
    let count = if m.is_empty() {
        0
    } else {
        (limbs::bit_len(m).div_ceil(8) as usize).div_ceil(size)
    };
    if !countp.is_null() {
        *countp = count;
    }
    if count == 0 {
        return p;
    }
    let p = if p.is_null() {
        alloc_bytes(count * size).cast()
    } else {
        p
    };
    let out = p.cast::<u8>();
    let byte = |k: usize| -> u8 {
        if k / 8 < m.len() {
            (m[k / 8] >> (8 * (k % 8))) as u8
        } else {
            0
        }
    };
    if order < 0 && endian_little(endian) && cfg!(target_endian = "little") {
        for k in 0..count * size {
            *out.add(k) = byte(k);
        }
    } else {
        let mut k = 0;
        for w in 0..count {
            for j in 0..size {
                *(word_byte(out, count, order, size, endian, w, j) as *mut u8) = byte(k);
                k += 1;
            }
        }
    }
    p
}
