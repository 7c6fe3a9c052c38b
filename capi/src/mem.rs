//! The memory functions (`mp_set_memory_functions`), the fatal errors GMP documents, and the
//! helpers that size an `mpz`'s limb array.

use crate::Mpz;
use core::cell::Cell;
use core::ffi::{c_int, c_void};

type AllocFn = unsafe extern "C" fn(usize) -> *mut c_void;
type ReallocFn = unsafe extern "C" fn(*mut c_void, usize, usize) -> *mut c_void;
type FreeFn = unsafe extern "C" fn(*mut c_void, usize);

extern "C" {
    fn malloc(n: usize) -> *mut c_void;
    fn realloc(p: *mut c_void, n: usize) -> *mut c_void;
    fn free(p: *mut c_void);
    fn abort() -> !;
}

unsafe extern "C" fn default_alloc(n: usize) -> *mut c_void {
    let p = malloc(n);
    if p.is_null() {
        out_of_memory(n);
    }
    p
}

unsafe extern "C" fn default_realloc(p: *mut c_void, _old: usize, n: usize) -> *mut c_void {
    let q = realloc(p, n);
    if q.is_null() {
        out_of_memory(n);
    }
    q
}

unsafe extern "C" fn default_free(p: *mut c_void, _n: usize) {
    free(p)
}

/// The current memory functions. GMP documents them as process-wide and not to be changed
/// while values allocated with others live; plain statics read per call, as GMP's are.
static mut ALLOC: AllocFn = default_alloc;
static mut REALLOC: ReallocFn = default_realloc;
static mut FREE: FreeFn = default_free;

/// Sets the functions every later allocation goes through; a null pointer restores the
/// default (`malloc`, `realloc`, `free`, aborting with a message when memory runs out).
#[no_mangle]
pub unsafe extern "C" fn mp_set_memory_functions(
    alloc: Option<AllocFn>,
    realloc: Option<ReallocFn>,
    free: Option<FreeFn>,
) {
    ALLOC = alloc.unwrap_or(default_alloc);
    REALLOC = realloc.unwrap_or(default_realloc);
    FREE = free.unwrap_or(default_free);
}

/// Stores the current memory functions through each non-null pointer.
#[no_mangle]
pub unsafe extern "C" fn mp_get_memory_functions(
    alloc: *mut AllocFn,
    realloc: *mut ReallocFn,
    free: *mut FreeFn,
) {
    if !alloc.is_null() {
        *alloc = ALLOC;
    }
    if !realloc.is_null() {
        *realloc = REALLOC;
    }
    if !free.is_null() {
        *free = FREE;
    }
}

/// Prints `carry: <msg>` on standard error and aborts (GMP's behaviour for division by zero
/// and exhausted memory).
#[cold]
pub(crate) fn die(msg: &str) -> ! {
    eprintln!("carry: {msg}");
    // SAFETY: abort takes no arguments and does not return.
    unsafe { abort() }
}

#[cold]
fn out_of_memory(n: usize) -> ! {
    die(&format!("cannot allocate memory (size={n})"))
}

#[cold]
pub(crate) fn divide_by_zero() -> ! {
    die("division by zero")
}

/// `n` bytes from the allocation function.
#[inline]
pub(crate) unsafe fn alloc_bytes(n: usize) -> *mut u8 {
    ALLOC(n).cast()
}

/// Resizes a block from the allocation functions from `old` to `new` bytes.
#[inline]
pub(crate) unsafe fn realloc_bytes(p: *mut u8, old: usize, new: usize) -> *mut u8 {
    REALLOC(p.cast(), old, new).cast()
}

/// Frees a block of `n` bytes from the allocation functions.
#[inline]
pub(crate) unsafe fn free_bytes(p: *mut u8, n: usize) {
    FREE(p.cast(), n)
}

/// `n` limbs from the allocation function.
#[inline]
pub(crate) unsafe fn alloc_limbs(n: usize) -> *mut u64 {
    alloc_bytes(limb_bytes(n)).cast()
}

fn limb_bytes(n: usize) -> usize {
    n.checked_mul(8)
        .unwrap_or_else(|| out_of_memory(usize::MAX))
}

/// The limb every value without storage points at (`mpz_init` allocates nothing; `mpz_odd_p`
/// reads `_mp_d[0]` of a zero).
pub(crate) static mut DUMMY_LIMB: u64 = 0;

/// Gives `z` room for exactly `max(n, 1)` limbs, keeping its value when it fits and setting it
/// to zero otherwise (GMP's `_mpz_realloc`). Returns the new limb pointer.
#[cold]
#[inline(never)]
pub(crate) unsafe fn realloc_z(z: *mut Mpz, n: usize) -> *mut u64 {
    let n = n.max(1);
    if n > c_int::MAX as usize {
        die("integer too large (more than 2^31 limbs)");
    }
    let d = if (*z).alloc > 0 {
        realloc_bytes(
            (*z).d.cast(),
            limb_bytes((*z).alloc as usize),
            limb_bytes(n),
        )
        .cast()
    } else {
        alloc_limbs(n)
    };
    (*z).d = d;
    (*z).alloc = n as c_int;
    if ((*z).size.unsigned_abs() as usize) > n {
        (*z).size = 0;
    }
    d
}

/// The limb pointer of `z` after making room for at least `n` limbs (keeping the value).
#[inline(always)]
pub(crate) unsafe fn ensure(z: *mut Mpz, n: usize) -> *mut u64 {
    if (*z).alloc as usize >= n {
        (*z).d
    } else {
        realloc_z(z, n)
    }
}

/// Makes a block of `n` limbs from [`alloc_limbs`] the storage of `z`, freeing the old one.
pub(crate) unsafe fn replace_storage(z: *mut Mpz, d: *mut u64, n: usize) {
    if (*z).alloc > 0 {
        free_bytes((*z).d.cast(), limb_bytes((*z).alloc as usize));
    }
    (*z).d = d;
    (*z).alloc = n as c_int;
}

/// Frees the storage of `z` (if any).
pub(crate) unsafe fn free_z(z: *mut Mpz) {
    if (*z).alloc > 0 {
        free_bytes((*z).d.cast(), limb_bytes((*z).alloc as usize));
    }
}

/// Scratch limbs that fit on the stack (below one page, so the frame needs no probe).
const STACK_SCRATCH: usize = 480;

/// The longest scratch buffer a thread keeps for its next call (512 KiB); longer ones are
/// allocated and freed each time, where the operation dwarfs that.
const KEEP_SCRATCH: usize = 1 << 16;

std::thread_local! {
    /// The scratch buffer of the last call that needed more than [`STACK_SCRATCH`] limbs.
    static SCRATCH: Cell<Option<Box<[u64]>>> = const { Cell::new(None) };
}

/// Runs `f` on `n` scratch limbs: zeroed ones on the stack when they fit (as GMP's
/// `TMP_ALLOC`, sparing a `malloc`/`free` pair on short operands); above that the buffer this
/// thread kept from an earlier call, not wiped (its limbs are whatever that call left), so
/// that a loop of 4096-bit divisions neither allocates nor clears 6 KiB a call.
#[inline(always)]
pub(crate) fn with_scratch<R>(n: usize, f: impl FnOnce(&mut [u64]) -> R) -> R {
    if n == 0 {
        return f(&mut []);
    }
    if n <= STACK_SCRATCH {
        let mut buf = [core::mem::MaybeUninit::<u64>::uninit(); STACK_SCRATCH];
        for x in &mut buf[..n] {
            x.write(0);
        }
        // SAFETY: the first `n` limbs were just written.
        let s = unsafe { core::slice::from_raw_parts_mut(buf.as_mut_ptr().cast::<u64>(), n) };
        return f(s);
    }
    with_kept_scratch(n, f)
}

/// [`with_scratch`] above [`STACK_SCRATCH`] limbs: the thread's kept buffer when it is long
/// enough (a call nested inside `f` finds none and allocates its own), a new one otherwise,
/// kept afterwards up to [`KEEP_SCRATCH`] limbs.
fn with_kept_scratch<R>(n: usize, f: impl FnOnce(&mut [u64]) -> R) -> R {
    let mut buf = match SCRATCH.try_with(Cell::take).ok().flatten() {
        Some(b) if b.len() >= n => b,
        _ => vec![0; n].into_boxed_slice(),
    };
    let r = f(&mut buf[..n]);
    if buf.len() <= KEEP_SCRATCH {
        // During the thread's exit the slot may be gone: the buffer is then freed here.
        let _ = SCRATCH.try_with(|s| s.set(Some(buf)));
    }
    r
}
