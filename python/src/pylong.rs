//! Conversion between Python's `int` and carry's `Int`.
//!
//! Values of up to 64 bits go through `PyLong_AsLongLongAndOverflow` and
//! `PyLong_From(Unsigned)LongLong`. Larger ones take one of two routes:
//!
//! * the digit route: on CPython 3.9 to 3.14 with 30-bit digits (checked once, when the module
//!   is loaded), the magnitude is read from the `int` object's digit array, whose place and
//!   sign encoding those versions fix (`ob_size` before 3.12, `lv_tag` from 3.12), and written
//!   into a fresh `int` made by `_PyLong_New` (looked up with `dlsym`, so a build without it
//!   just takes the other route). This is how gmpy2 converts, through the non-limited API;
//! * the portable route, everywhere else: `int.to_bytes` / `int.from_bytes`, little-endian
//!   two's complement, called through the stable API.
//!
//! `docs/python.md` compares the two with gmpy2; the tests run both.

use carry::Int;
use pyo3::ffi;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyInt};
use std::sync::atomic::{AtomicU8, Ordering};

/// Which layout of `int` objects the digit route may rely on.
#[derive(Clone, Copy, PartialEq, Eq)]
#[repr(u8)]
enum Layout {
    /// Unknown: the portable route.
    Portable = 0,
    /// 3.9 to 3.11: `ob_size` holds the signed digit count.
    Sized = 1,
    /// 3.12 to 3.14: `lv_tag` holds `count << 3 | sign` (0 positive, 1 zero, 2 negative).
    Tagged = 2,
}

static LAYOUT: AtomicU8 = AtomicU8::new(Layout::Portable as u8);
/// `_PyLong_New`, when the interpreter exports it (0 otherwise).
static NEW_LONG: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
/// The layout detected at load time, kept so tests can switch routes and back.
static DETECTED: AtomicU8 = AtomicU8::new(Layout::Portable as u8);

fn layout() -> Layout {
    match LAYOUT.load(Ordering::Relaxed) {
        1 => Layout::Sized,
        2 => Layout::Tagged,
        _ => Layout::Portable,
    }
}

/// Bits per digit of the interpreter's `int` (CPython's 64-bit builds: 30, in `u32` digits).
const DIGIT_BITS: u32 = 30;
const DIGIT_MASK: u64 = (1 << DIGIT_BITS) - 1;
/// Offsets in a 64-bit `PyLongObject`: refcount and type (16 bytes), then the size word.
const SIZE_OFFSET: usize = 16;
const DIGITS_OFFSET: usize = 24;

/// Chooses the route for this interpreter: called once when the module is loaded.
pub fn detect(py: Python<'_>) -> PyResult<()> {
    let v = py.version_info();
    let info = py.import("sys")?.getattr("int_info")?;
    let bits: u32 = info.getattr("bits_per_digit")?.extract()?;
    let size: u32 = info.getattr("sizeof_digit")?.extract()?;
    let implementation: String = py
        .import("sys")?
        .getattr("implementation")?
        .getattr("name")?
        .extract()?;
    let ok = cfg!(target_pointer_width = "64")
        && implementation == "cpython"
        && bits == DIGIT_BITS
        && size == 4
        && v.major == 3;
    let l = match (ok, v.minor) {
        (true, 9..=11) => Layout::Sized,
        (true, 12..=14) => Layout::Tagged,
        _ => Layout::Portable,
    };
    if l != Layout::Portable {
        NEW_LONG.store(lookup_new_long(), Ordering::Relaxed);
    }
    DETECTED.store(l as u8, Ordering::Relaxed);
    LAYOUT.store(l as u8, Ordering::Relaxed);
    Ok(())
}

#[cfg(unix)]
fn lookup_new_long() -> usize {
    // SAFETY: dlsym with RTLD_DEFAULT and a NUL-terminated name only reads the symbol tables.
    unsafe { libc::dlsym(libc::RTLD_DEFAULT, c"_PyLong_New".as_ptr()) as usize }
}

#[cfg(not(unix))]
fn lookup_new_long() -> usize {
    0
}

/// Whether this interpreter's object layout is one of the known ones (CPython 3.9 to 3.14,
/// 64-bit, 30-bit digits).
pub fn digit_layout_known() -> bool {
    DETECTED.load(Ordering::Relaxed) != Layout::Portable as u8
}

/// Turns the digit route off (`false`) or back to what was detected (`true`); returns whether
/// it is now on. For the tests, which compare both routes.
pub fn set_digit_route(on: bool) -> bool {
    let l = if on {
        DETECTED.load(Ordering::Relaxed)
    } else {
        Layout::Portable as u8
    };
    LAYOUT.store(l, Ordering::Relaxed);
    l != Layout::Portable as u8
}

/// Packs little-endian 30-bit digits into 64-bit limbs.
fn digits_to_limbs(d: &[u32]) -> Vec<u64> {
    let mut out = Vec::with_capacity((d.len() * 30).div_ceil(64) + 1);
    let (mut acc, mut n) = (0u64, 0u32);
    for &x in d {
        let x = u64::from(x);
        acc |= x << n;
        n += DIGIT_BITS;
        if n >= 64 {
            out.push(acc);
            n -= 64;
            acc = x >> (DIGIT_BITS - n);
        }
    }
    if n > 0 {
        out.push(acc);
    }
    out
}

/// Converts a Python `int` (or `bool`, or a subclass) to an `Int`.
pub fn to_int(obj: &Bound<'_, PyAny>) -> PyResult<Int> {
    let p = obj.as_ptr();
    let mut overflow = 0;
    // SAFETY: p is a live int object (the caller checked); the call sets no error on overflow.
    let v = unsafe { ffi::PyLong_AsLongLongAndOverflow(p, &mut overflow) };
    if overflow == 0 {
        if v == -1 && PyErr::occurred(obj.py()) {
            return Err(PyErr::fetch(obj.py()));
        }
        return Ok(Int::from(v));
    }
    match layout() {
        Layout::Portable => to_int_portable(obj),
        l => {
            // SAFETY: the layout was checked against this interpreter's version when the
            // module loaded; p is an int object, whose size word and digits are read only.
            let (neg, digits) = unsafe {
                let base = p as *const u8;
                let word = *(base.add(SIZE_OFFSET) as *const isize);
                let (neg, count) = if l == Layout::Sized {
                    (word < 0, word.unsigned_abs())
                } else {
                    ((word & 3) == 2, (word as usize) >> 3)
                };
                let digits =
                    std::slice::from_raw_parts(base.add(DIGITS_OFFSET) as *const u32, count);
                (neg, digits)
            };
            let mag = Int::from_limbs(&digits_to_limbs(digits));
            Ok(if neg { -mag } else { mag })
        }
    }
}

/// `int.to_bytes` through the stable API.
fn to_int_portable(obj: &Bound<'_, PyAny>) -> PyResult<Int> {
    let py = obj.py();
    let bits: u64 = obj
        .call_method0(pyo3::intern!(py, "bit_length"))?
        .extract()?;
    let kw = pyo3::types::PyDict::new(py);
    kw.set_item(pyo3::intern!(py, "signed"), true)?;
    let b = obj.call_method(
        pyo3::intern!(py, "to_bytes"),
        (bits / 8 + 1, pyo3::intern!(py, "little")),
        Some(&kw),
    )?;
    let b = b.cast::<PyBytes>()?;
    Ok(Int::from_signed_bytes_le(b.as_bytes()))
}

/// Converts an `Int` to a Python `int`.
pub fn to_py(py: Python<'_>, x: &Int) -> PyResult<Py<PyAny>> {
    let limbs = x.as_limbs();
    if limbs.len() <= 1 {
        let m = limbs.first().copied().unwrap_or(0);
        // SAFETY: plain constructors of int objects from machine integers.
        let p = unsafe {
            if !x.is_negative() {
                ffi::PyLong_FromUnsignedLongLong(m)
            } else if m <= 1 << 63 {
                ffi::PyLong_FromLongLong((m as i64).wrapping_neg())
            } else {
                std::ptr::null_mut()
            }
        };
        if !p.is_null() {
            // SAFETY: p is a new reference to an int.
            return Ok(unsafe { Bound::from_owned_ptr(py, p) }.unbind());
        }
        if PyErr::occurred(py) {
            return Err(PyErr::fetch(py));
        }
    }
    let new_long = NEW_LONG.load(Ordering::Relaxed);
    match layout() {
        Layout::Portable => to_py_portable(py, x),
        _ if new_long == 0 => to_py_portable(py, x),
        l => {
            let bits = x.bits();
            let count = bits.div_ceil(u64::from(DIGIT_BITS)) as usize;
            // SAFETY: _PyLong_New(count) returns a new int of `count` digits (uninitialised) or
            // NULL with MemoryError set; it is the function of that name in every CPython
            // version the layout check admits.
            let new: unsafe extern "C" fn(isize) -> *mut ffi::PyObject =
                unsafe { std::mem::transmute(new_long) };
            let p = unsafe { new(count as isize) };
            if p.is_null() {
                return Err(PyErr::fetch(py));
            }
            // SAFETY: p has room for `count` digits after the header; the layout is the one
            // the version check admitted; the size word gets the sign as that version
            // encodes it, and every digit (the top one nonzero) is written before use.
            unsafe {
                let base = p as *mut u8;
                let digits =
                    std::slice::from_raw_parts_mut(base.add(DIGITS_OFFSET) as *mut u32, count);
                let mut i = 0;
                let (mut acc, mut n) = (0u128, 0u32);
                for &l in limbs {
                    acc |= u128::from(l) << n;
                    n += 64;
                    while n >= DIGIT_BITS && i < count {
                        digits[i] = (acc as u64 & DIGIT_MASK) as u32;
                        acc >>= DIGIT_BITS;
                        n -= DIGIT_BITS;
                        i += 1;
                    }
                }
                while i < count {
                    digits[i] = (acc as u64 & DIGIT_MASK) as u32;
                    acc >>= DIGIT_BITS;
                    i += 1;
                }
                if x.is_negative() {
                    let word = base.add(SIZE_OFFSET) as *mut isize;
                    if l == Layout::Sized {
                        *word = -(count as isize);
                    } else {
                        *word = ((count as isize) << 3) | 2;
                    }
                }
                Ok(Bound::from_owned_ptr(py, p).unbind())
            }
        }
    }
}

/// `int.from_bytes` through the stable API.
fn to_py_portable(py: Python<'_>, x: &Int) -> PyResult<Py<PyAny>> {
    let bytes = PyBytes::new(py, &x.to_signed_bytes_le());
    let kw = pyo3::types::PyDict::new(py);
    kw.set_item(pyo3::intern!(py, "signed"), true)?;
    let r = py.get_type::<PyInt>().call_method(
        pyo3::intern!(py, "from_bytes"),
        (bytes, pyo3::intern!(py, "little")),
        Some(&kw),
    )?;
    Ok(r.unbind())
}
