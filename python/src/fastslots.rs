//! Direct slots for the commonest operations on small `Int` values.
//!
//! A call through PyO3's generated slot costs more than the arithmetic on a few limbs: the
//! trampoline's interpreter-state guard (two thread-local updates), the unwind guard, and the
//! forward/reflected dispatch of binary operators. For `Int` or `int` operands of at most
//! [`FAST_LIMBS`] limbs the functions here do the operation themselves; everything else goes to
//! the slot PyO3 installed, which they keep and call.
//!
//! They are installed by writing the type's `tp_as_number` table and `tp_richcompare` slot,
//! whose places in a heap type object are fixed in every CPython version the digit route of
//! `pylong` admits (3.9 to 3.14, 64-bit). Each place is checked against `PyType_GetSlot` before
//! anything is written; when one does not match, nothing is installed.

use crate::int::PyIntObj;
use carry::Int;
use pyo3::ffi;
use pyo3::prelude::*;
use pyo3::PyTypeInfo;
use std::borrow::Cow;
use std::cmp::Ordering;
use std::os::raw::c_int;
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};

/// Operands of at most this many limbs take the direct path.
const FAST_LIMBS: usize = 255;

/// Byte offsets in a 64-bit `PyTypeObject`.
const TP_DEALLOC: usize = 48;
const TP_AS_NUMBER: usize = 96;
const TP_RICHCOMPARE: usize = 200;
const TP_NEW: usize = 312;

type Binary = unsafe extern "C" fn(*mut ffi::PyObject, *mut ffi::PyObject) -> *mut ffi::PyObject;
type Unary = unsafe extern "C" fn(*mut ffi::PyObject) -> *mut ffi::PyObject;
type RichCmp =
    unsafe extern "C" fn(*mut ffi::PyObject, *mut ffi::PyObject, c_int) -> *mut ffi::PyObject;

/// The slots PyO3 installed, by slot id (index into this table: see `SLOTS`).
static ORIGINAL: [AtomicUsize; 13] = [const { AtomicUsize::new(0) }; 13];
static INT_TYPE: AtomicUsize = AtomicUsize::new(0);
/// The offset of the `PyIntObj` in an `Int` object, once the direct allocator is installed.
static VALUE_OFFSET: AtomicUsize = AtomicUsize::new(0);

/// Freed `Int` objects kept for reuse (their memory, with the GC header, as
/// `PyType_GenericAlloc` made it). Touched only with the GIL held: the module is built for
/// the GIL-enabled stable ABI.
struct FreeList {
    items: std::cell::UnsafeCell<[*mut ffi::PyObject; FREE_LIST]>,
    len: std::cell::Cell<usize>,
}
// SAFETY: every access happens with the GIL held (see above), which serialises them.
unsafe impl Sync for FreeList {}
const FREE_LIST: usize = 256;
static FREE: FreeList = FreeList {
    items: std::cell::UnsafeCell::new([std::ptr::null_mut(); FREE_LIST]),
    len: std::cell::Cell::new(0),
};

/// (slot id, index in `PyNumberMethods`, direct function) for the binary and unary slots.
fn slots() -> [(c_int, usize, usize); 12] {
    [
        (ffi::Py_nb_add, 0, add as Binary as usize),
        (ffi::Py_nb_subtract, 1, sub as Binary as usize),
        (ffi::Py_nb_multiply, 2, mul as Binary as usize),
        (ffi::Py_nb_remainder, 3, rem as Binary as usize),
        (ffi::Py_nb_negative, 6, neg as Unary as usize),
        (ffi::Py_nb_and, 13, and as Binary as usize),
        (ffi::Py_nb_xor, 14, xor as Binary as usize),
        (ffi::Py_nb_or, 15, or as Binary as usize),
        (ffi::Py_nb_floor_divide, 29, floordiv as Binary as usize),
        (ffi::Py_nb_absolute, 8, abs as Unary as usize),
        (ffi::Py_nb_lshift, 11, lshift as Binary as usize),
        (ffi::Py_nb_rshift, 12, rshift as Binary as usize),
    ]
}

/// Installs the direct slots on `carry.Int` (when the layout checks pass); returns whether it
/// did.
pub fn install(py: Python<'_>) -> bool {
    if !crate::pylong::digit_layout_known() {
        return false;
    }
    let t = PyIntObj::type_object_raw(py);
    // SAFETY: t is the live heap type of Int; the two places are read as pointers only after
    // the version check, and written only when every slot read through them equals the one
    // PyType_GetSlot reports (so they are the type's slot table and richcompare slot).
    unsafe {
        let base = t as *mut u8;
        let numbers = *(base.add(TP_AS_NUMBER) as *const *mut usize);
        if numbers.is_null() {
            return false;
        }
        let rich = base.add(TP_RICHCOMPARE) as *mut usize;
        for (id, index, _) in slots() {
            let s = ffi::PyType_GetSlot(t, id) as usize;
            if s == 0 || *numbers.add(index) != s {
                return false;
            }
        }
        let r = ffi::PyType_GetSlot(t, ffi::Py_tp_richcompare) as usize;
        if r == 0 || *rich != r {
            return false;
        }
        INT_TYPE.store(t as usize, Relaxed);
        for (k, (_, index, f)) in slots().into_iter().enumerate() {
            ORIGINAL[k].store(*numbers.add(index), Relaxed);
            *numbers.add(index) = f;
        }
        ORIGINAL[12].store(r, Relaxed);
        *rich = richcompare as RichCmp as usize;
        install_allocator(py, t);
        let place = base.add(TP_NEW) as *mut usize;
        let n = ffi::PyType_GetSlot(t, ffi::Py_tp_new) as usize;
        if n != 0 && *place == n {
            ORIGINAL_NEW.store(n, Relaxed);
            *place = new as NewFn as usize;
        }
    }
    true
}

type NewFn = unsafe extern "C" fn(
    *mut ffi::PyTypeObject,
    *mut ffi::PyObject,
    *mut ffi::PyObject,
) -> *mut ffi::PyObject;
static ORIGINAL_NEW: AtomicUsize = AtomicUsize::new(0);

/// `Int(x)` for one positional `int` argument, the conversion people time; every other call
/// goes to PyO3's constructor.
unsafe extern "C" fn new(
    t: *mut ffi::PyTypeObject,
    args: *mut ffi::PyObject,
    kwargs: *mut ffi::PyObject,
) -> *mut ffi::PyObject {
    // SAFETY: called by the interpreter with the GIL held, args a tuple, kwargs NULL or a dict.
    unsafe {
        if kwargs.is_null() && ffi::PyTuple_Size(args) == 1 {
            let x = ffi::PyTuple_GetItem(args, 0);
            if ffi::Py_TYPE(x) == &raw mut ffi::PyLong_Type {
                let py = Python::assume_attached();
                let b = Borrowed::from_ptr(py, x);
                return match crate::pylong::to_int(&b) {
                    Ok(v) => new_raw(py, v),
                    Err(e) => {
                        e.restore(py);
                        std::ptr::null_mut()
                    }
                };
            }
        }
        let g: NewFn = std::mem::transmute(ORIGINAL_NEW.load(Relaxed));
        g(t, args, kwargs)
    }
}

/// Replaces PyO3's allocation and deallocation of `Int` objects by a free list and a direct
/// write of the value, when the object is exactly an object header followed by the value.
unsafe fn install_allocator(py: Python<'_>, t: *mut ffi::PyTypeObject) {
    let Ok(sample) = Py::new(py, PyIntObj(Int::from(7))) else {
        return;
    };
    let obj = sample.as_ptr() as usize;
    let value = &sample.get().0 as *const Int as usize;
    let offset = value - obj;
    let basic: usize = PyIntObj::type_object(py)
        .getattr("__basicsize__")
        .and_then(|b| b.extract())
        .unwrap_or(0);
    // SAFETY: as in `install`: the dealloc place is checked against PyType_GetSlot first.
    unsafe {
        let place = (t as *mut u8).add(TP_DEALLOC) as *mut usize;
        let d = ffi::PyType_GetSlot(t, ffi::Py_tp_dealloc) as usize;
        if offset != std::mem::size_of::<ffi::PyObject>()
            || basic != offset + std::mem::size_of::<PyIntObj>()
            || d == 0
            || *place != d
        {
            return;
        }
        VALUE_OFFSET.store(offset, Relaxed);
        *place = dealloc as unsafe extern "C" fn(*mut ffi::PyObject) as usize;
    }
}

/// Freed objects on the free list keep their value, and with it its heap buffer, when the
/// buffer has at most this many limbs: `a + b` then computes into the buffer of the object it
/// reuses, without asking the allocator (or carry's buffer cache) for one.
const KEEP_LIMBS: usize = 2 * FAST_LIMBS + 2;

/// Frees an `Int` object: keeps its memory, and its value when that is small (see
/// [`KEEP_LIMBS`]), on the free list, or drops the value and returns the memory (a heap type's
/// instance also releases its reference to the type). Every object on the free list holds an
/// initialised value.
unsafe extern "C" fn dealloc(o: *mut ffi::PyObject) {
    // SAFETY: o is an Int object whose refcount reached zero (called by the interpreter with
    // the GIL held); its value sits at VALUE_OFFSET, initialised, and is either kept (the
    // object goes on the free list with it) or dropped exactly once here.
    unsafe {
        ffi::PyObject_GC_UnTrack(o.cast());
        let t = ffi::Py_TYPE(o);
        let v = (o as *mut u8).add(VALUE_OFFSET.load(Relaxed)) as *mut PyIntObj;
        let n = FREE.len.get();
        if n < FREE_LIST {
            if (*v).0.capacity_limbs() > KEEP_LIMBS {
                *v = PyIntObj(Int::ZERO);
            }
            (*FREE.items.get())[n] = o;
            FREE.len.set(n + 1);
        } else {
            std::ptr::drop_in_place(v);
            ffi::PyObject_GC_Del(o.cast());
        }
        ffi::Py_DecRef(t.cast());
    }
}

/// A new `Int` object whose value `f` sets, as a new reference (NULL with MemoryError set):
/// `f` is given the value the reused object kept (or zero), so a three-address form can
/// compute into its buffer. `None` when the direct allocator is not installed.
#[inline(always)]
fn new_assign(_py: Python<'_>, f: impl FnOnce(&mut Int)) -> Option<*mut ffi::PyObject> {
    let offset = VALUE_OFFSET.load(Relaxed);
    if offset == 0 {
        return None;
    }
    let t = INT_TYPE.load(Relaxed) as *mut ffi::PyTypeObject;
    // SAFETY: the GIL is held (a `Python` token exists); objects on the free list have the
    // size and GC header of an Int object and an initialised value; PyObject_Init sets the
    // type (taking a reference to it) and the refcount; a new object's value is written once
    // into its uninitialised place before `f` sees it.
    unsafe {
        let n = FREE.len.get();
        let o = if n > 0 {
            FREE.len.set(n - 1);
            let o = (*FREE.items.get())[n - 1];
            ffi::PyObject_Init(o, t);
            o
        } else {
            let o = ffi::PyType_GenericAlloc(t, 0);
            if o.is_null() {
                return Some(o);
            }
            std::ptr::write(
                (o as *mut u8).add(offset) as *mut PyIntObj,
                PyIntObj(Int::ZERO),
            );
            o
        };
        let v = (o as *mut u8).add(offset) as *mut PyIntObj;
        f(&mut (*v).0);
        Some(o)
    }
}

/// A new `Int` object holding `v`, as a new reference (NULL with MemoryError set).
#[inline(always)]
pub fn new_raw(py: Python<'_>, v: Int) -> *mut ffi::PyObject {
    let offset = VALUE_OFFSET.load(Relaxed);
    if offset == 0 {
        return match Py::new(py, PyIntObj(v)) {
            Ok(o) => o.into_ptr(),
            Err(e) => {
                e.restore(py);
                std::ptr::null_mut()
            }
        };
    }
    let t = INT_TYPE.load(Relaxed) as *mut ffi::PyTypeObject;
    // SAFETY: the GIL is held (a `Python` token exists); objects on the free list have the
    // size and GC header of an Int object and an initialised value (replaced here);
    // PyObject_Init sets the type (taking a reference to it) and the refcount; a new object's
    // value is written once into its uninitialised place.
    unsafe {
        let n = FREE.len.get();
        if n > 0 {
            FREE.len.set(n - 1);
            let o = (*FREE.items.get())[n - 1];
            ffi::PyObject_Init(o, t);
            // The value it kept is replaced (and dropped).
            *((o as *mut u8).add(offset) as *mut PyIntObj) = PyIntObj(v);
            o
        } else {
            let o = ffi::PyType_GenericAlloc(t, 0);
            if o.is_null() {
                return o;
            }
            std::ptr::write((o as *mut u8).add(offset) as *mut PyIntObj, PyIntObj(v));
            o
        }
    }
}

/// The value of a small `Int` or exact `int` operand; `None` sends the call to PyO3's slot.
#[inline(always)]
unsafe fn small<'a>(py: Python<'_>, o: *mut ffi::PyObject) -> Option<Cow<'a, Int>> {
    // SAFETY: o is a live object passed by the interpreter.
    let t = unsafe { ffi::Py_TYPE(o) } as usize;
    if t == INT_TYPE.load(Relaxed) {
        // SAFETY: the type is Int's, so the object is a PyIntObj, borrowed for the call.
        let x: &Int = unsafe {
            &*(&Borrowed::from_ptr(py, o)
                .cast_unchecked::<PyIntObj>()
                .get()
                .0 as *const Int)
        };
        return (x.as_limbs().len() <= FAST_LIMBS).then_some(Cow::Borrowed(x));
    }
    if t == (&raw mut ffi::PyLong_Type) as usize {
        let mut overflow = 0;
        // SAFETY: o is an int; no error is set on overflow.
        let v = unsafe { ffi::PyLong_AsLongLongAndOverflow(o, &mut overflow) };
        if overflow == 0 && !(v == -1 && unsafe { !ffi::PyErr_Occurred().is_null() }) {
            return Some(Cow::Owned(Int::from(v)));
        }
    }
    None
}

/// A new `Int` object as a raw new reference, or NULL with the exception set.
#[inline(always)]
fn out(py: Python<'_>, v: Int) -> *mut ffi::PyObject {
    new_raw(py, v)
}

/// One direct binary slot: `f` gives `None` to defer to PyO3's slot `k`.
#[inline(always)]
unsafe fn binary(
    k: usize,
    a: *mut ffi::PyObject,
    b: *mut ffi::PyObject,
    f: impl FnOnce(&Int, &Int) -> Option<Int>,
) -> *mut ffi::PyObject {
    // SAFETY: the interpreter calls slots with the GIL held.
    let py = unsafe { Python::assume_attached() };
    let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        // SAFETY: a and b are live objects.
        match unsafe { (small(py, a), small(py, b)) } {
            (Some(x), Some(y)) => f(&x, &y),
            _ => None,
        }
    }));
    match r {
        Ok(Some(v)) => out(py, v),
        _ => {
            // SAFETY: ORIGINAL[k] is PyO3's function for this slot, stored by `install`.
            let g: Binary = unsafe { std::mem::transmute(ORIGINAL[k].load(Relaxed)) };
            unsafe { g(a, b) }
        }
    }
}

unsafe extern "C" fn add(a: *mut ffi::PyObject, b: *mut ffi::PyObject) -> *mut ffi::PyObject {
    unsafe { binary_assign(0, a, b, Int::assign_add, |x, y| x + y) }
}
unsafe extern "C" fn sub(a: *mut ffi::PyObject, b: *mut ffi::PyObject) -> *mut ffi::PyObject {
    unsafe { binary_assign(1, a, b, Int::assign_sub, |x, y| x - y) }
}
unsafe extern "C" fn mul(a: *mut ffi::PyObject, b: *mut ffi::PyObject) -> *mut ffi::PyObject {
    unsafe { binary_assign(2, a, b, Int::assign_mul, |x, y| x * y) }
}
unsafe extern "C" fn rem(a: *mut ffi::PyObject, b: *mut ffi::PyObject) -> *mut ffi::PyObject {
    unsafe { binary(3, a, b, |x, y| (!y.is_zero()).then(|| x.div_rem_floor(y).1)) }
}
unsafe extern "C" fn and(a: *mut ffi::PyObject, b: *mut ffi::PyObject) -> *mut ffi::PyObject {
    unsafe { binary(5, a, b, |x, y| Some(x & y)) }
}
unsafe extern "C" fn xor(a: *mut ffi::PyObject, b: *mut ffi::PyObject) -> *mut ffi::PyObject {
    unsafe { binary(6, a, b, |x, y| Some(x ^ y)) }
}
unsafe extern "C" fn or(a: *mut ffi::PyObject, b: *mut ffi::PyObject) -> *mut ffi::PyObject {
    unsafe { binary(7, a, b, |x, y| Some(x | y)) }
}
unsafe extern "C" fn floordiv(a: *mut ffi::PyObject, b: *mut ffi::PyObject) -> *mut ffi::PyObject {
    unsafe { binary(8, a, b, |x, y| (!y.is_zero()).then(|| x.div_rem_floor(y).0)) }
}

unsafe extern "C" fn lshift(a: *mut ffi::PyObject, b: *mut ffi::PyObject) -> *mut ffi::PyObject {
    unsafe {
        binary(10, a, b, |x, k| {
            let k = u64::try_from(k).ok().filter(|&k| k <= 4096)?;
            Some(x << k)
        })
    }
}
unsafe extern "C" fn rshift(a: *mut ffi::PyObject, b: *mut ffi::PyObject) -> *mut ffi::PyObject {
    unsafe { binary(11, a, b, |x, k| Some(x >> u64::try_from(k).ok()?)) }
}

/// [`binary`] for an operation with a three-address form `g` (`r.g(x, y)`), which computes
/// into the value of the object reused from the free list; `f` where there is no free list.
#[inline(always)]
unsafe fn binary_assign(
    k: usize,
    a: *mut ffi::PyObject,
    b: *mut ffi::PyObject,
    g: fn(&mut Int, &Int, &Int),
    f: fn(&Int, &Int) -> Int,
) -> *mut ffi::PyObject {
    // SAFETY: the interpreter calls slots with the GIL held.
    let py = unsafe { Python::assume_attached() };
    let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        // SAFETY: a and b are live objects.
        match unsafe { (small(py, a), small(py, b)) } {
            (Some(x), Some(y)) => {
                Some(new_assign(py, |r| g(r, &x, &y)).unwrap_or_else(|| out(py, f(&x, &y))))
            }
            _ => None,
        }
    }));
    match r {
        Ok(Some(o)) => o,
        _ => {
            // SAFETY: ORIGINAL[k] is PyO3's function for this slot, stored by `install`.
            let g: Binary = unsafe { std::mem::transmute(ORIGINAL[k].load(Relaxed)) };
            unsafe { g(a, b) }
        }
    }
}

/// One direct unary slot.
#[inline(always)]
unsafe fn unary(
    k: usize,
    a: *mut ffi::PyObject,
    f: impl FnOnce(&Int) -> Int,
) -> *mut ffi::PyObject {
    // SAFETY: the interpreter calls slots with the GIL held.
    let py = unsafe { Python::assume_attached() };
    // SAFETY: a is a live Int (a unary slot of Int is called with an Int).
    if let Some(x) = unsafe { small(py, a) } {
        if let Ok(v) = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| f(&x))) {
            return out(py, v);
        }
    }
    // SAFETY: ORIGINAL[k] is PyO3's function for this slot.
    let g: Unary = unsafe { std::mem::transmute(ORIGINAL[k].load(Relaxed)) };
    unsafe { g(a) }
}

unsafe extern "C" fn neg(a: *mut ffi::PyObject) -> *mut ffi::PyObject {
    unsafe { unary(4, a, |x| -x) }
}
unsafe extern "C" fn abs(a: *mut ffi::PyObject) -> *mut ffi::PyObject {
    // A non-negative value is returned itself, as PyO3's slot does.
    // SAFETY: a is a live object; the reference returned is a new one.
    unsafe {
        let py = Python::assume_attached();
        if let Some(Cow::Borrowed(x)) = small(py, a) {
            if !x.is_negative() {
                ffi::Py_IncRef(a);
                return a;
            }
        }
        unary(9, a, |x| x.abs())
    }
}

unsafe extern "C" fn richcompare(
    a: *mut ffi::PyObject,
    b: *mut ffi::PyObject,
    op: c_int,
) -> *mut ffi::PyObject {
    // SAFETY: the interpreter calls slots with the GIL held; a and b are live.
    unsafe {
        let py = Python::assume_attached();
        if let (Some(x), Some(y)) = (small(py, a), small(py, b)) {
            let o = x.cmp(&y);
            let r = match op {
                ffi::Py_LT => o == Ordering::Less,
                ffi::Py_LE => o != Ordering::Greater,
                ffi::Py_EQ => o == Ordering::Equal,
                ffi::Py_NE => o != Ordering::Equal,
                ffi::Py_GT => o == Ordering::Greater,
                _ => o != Ordering::Less,
            };
            let v = if r { ffi::Py_True() } else { ffi::Py_False() };
            ffi::Py_IncRef(v);
            return v;
        }
        let g: RichCmp = std::mem::transmute(ORIGINAL[12].load(Relaxed));
        g(a, b, op)
    }
}
