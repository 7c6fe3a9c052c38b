//! libcarry: GMP's integer and rational interface (the `mpz`, `mpq` and `mpn` functions of
//! mini-gmp, GMP 6.3) on carry's kernels, for C programs.
//!
//! Values live in C-owned structs with GMP's layout (`_mp_alloc`, `_mp_size` carrying the sign,
//! `_mp_d`) and 64-bit limbs; carry's `limbs` kernels work on them in place. Every limb array
//! and every string handed to the caller is allocated through the functions set with
//! `mp_set_memory_functions` (by default `malloc`, `realloc` and `free`), with the exact sizes
//! GMP documents; scratch space that never leaves a call comes from Rust's allocator.
//!
//! Division by zero and a failed allocation print a message on standard error and abort, as
//! GMP does. A Rust panic cannot unwind through these `extern "C"` functions: the panic message
//! is printed and the process aborts.
//!
//! Safety: every function takes raw pointers from C and trusts them as GMP does (initialised
//! values, buffers of the documented sizes); none checks more than GMP would.
#![allow(clippy::missing_safety_doc)]
#![allow(non_camel_case_types)]

mod mem;
mod mpn;
mod mpq;
mod mpz_arith;
mod mpz_bits;
mod mpz_div;
mod mpz_io;
mod mpz_nt;
mod mpz_set;
mod stdio;

pub use mem::*;
pub use mpz_set::Mpz;

/// `mp_bits_per_limb`: 64.
#[no_mangle]
pub static mp_bits_per_limb: core::ffi::c_int = 64;

/// The version string returned by `carry_version`.
static VERSION: &[u8] = concat!(env!("CARGO_PKG_VERSION"), "\0").as_bytes();

/// The library's version, as a NUL-terminated string ("0.1.0").
#[no_mangle]
pub extern "C" fn carry_version() -> *const core::ffi::c_char {
    VERSION.as_ptr().cast()
}
