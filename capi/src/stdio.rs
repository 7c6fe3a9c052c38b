//! The functions written in C (`src/stdio.c`: variable argument lists and `FILE *` streams),
//! exported under GMP's names. The C definitions are hidden; a cdylib exports only what the
//! Rust side defines, so each gets a definition here: a call for the fixed-argument functions,
//! a jump for the variadic ones (stable Rust cannot define a variadic function, and a jump
//! leaves the caller's arguments and registers as they are).

use crate::mpz_set::{Ptr, Src};
use core::ffi::{c_int, c_void};

extern "C" {
    fn carry_c_mpz_out_str(f: *mut c_void, base: c_int, x: Src) -> usize;
    fn carry_c_mpq_out_str(f: *mut c_void, base: c_int, x: *const c_void) -> usize;
    fn carry_c_mpz_inp_str(x: Ptr, f: *mut c_void, base: c_int) -> usize;
    fn carry_c_mpz_inits();
    fn carry_c_mpz_clears();
    fn carry_c_mpq_inits();
    fn carry_c_mpq_clears();
    fn carry_c_gmp_printf();
    fn carry_c_gmp_fprintf();
}

/// Writes `x` in `base` to the stream (standard output when null); returns the bytes written,
/// 0 on error.
#[no_mangle]
pub unsafe extern "C" fn mpz_out_str(f: *mut c_void, base: c_int, x: Src) -> usize {
    carry_c_mpz_out_str(f, base, x)
}

/// Writes `x` as `num/den` in `base` to the stream; returns the bytes written, 0 on error.
#[no_mangle]
pub unsafe extern "C" fn mpq_out_str(f: *mut c_void, base: c_int, x: *const c_void) -> usize {
    carry_c_mpq_out_str(f, base, x)
}

/// Reads white space and an integer in `base` (0: prefix) from the stream (standard input
/// when null); returns the bytes read, 0 on error.
#[no_mangle]
pub unsafe extern "C" fn mpz_inp_str(x: Ptr, f: *mut c_void, base: c_int) -> usize {
    carry_c_mpz_inp_str(x, f, base)
}

macro_rules! jump_to {
    ($name:ident, $target:ident) => {
        /// GMP's variadic function of this name (defined in `src/stdio.c`).
        #[unsafe(naked)]
        #[no_mangle]
        pub unsafe extern "C" fn $name() {
            #[cfg(target_arch = "x86_64")]
            core::arch::naked_asm!("jmp {}", sym $target);
            #[cfg(target_arch = "aarch64")]
            core::arch::naked_asm!("b {}", sym $target);
        }
    };
}

jump_to!(mpz_inits, carry_c_mpz_inits);
jump_to!(mpz_clears, carry_c_mpz_clears);
jump_to!(mpq_inits, carry_c_mpq_inits);
jump_to!(mpq_clears, carry_c_mpq_clears);
jump_to!(gmp_printf, carry_c_gmp_printf);
jump_to!(gmp_fprintf, carry_c_gmp_fprintf);
