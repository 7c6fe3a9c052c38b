//! The code-size probe of `make size`: only constant-time DH-3072 modular exponentiation
//! (`FixedModulus::new` and `pow_in`, the caller's table and buffers), exported as a C
//! function; `.text` of this program less that of `size_empty` is the library's part.
#![no_std]
#![no_main]

use carry_arm as _;

use carry::{FixedModulus, Uint};

/// `out = base^exp mod m` for the 3072-bit odd modulus `m` (48 limbs each, little-endian),
/// with the caller's table of `2^w·48` limbs; 0 on success, −1 for an unusable modulus.
#[no_mangle]
pub extern "C" fn carry_dh3072_pow(
    out: &mut [u64; 48],
    base: &[u64; 48],
    exp: &[u64; 48],
    m: &[u64; 48],
    table: *mut u64,
    table_len: usize,
) -> i32 {
    let Some(m) = FixedModulus::new(&Uint::from_words(*m)) else {
        return -1;
    };
    // SAFETY: the caller passes a table of `table_len` limbs.
    let table = unsafe { core::slice::from_raw_parts_mut(table, table_len) };
    *out = *m
        .pow_in(
            &Uint::from_words(*base),
            &Uint::<48>::from_words(*exp),
            table,
        )
        .as_words();
    0
}

#[no_mangle]
extern "C" fn run() -> bool {
    let f: extern "C" fn(_, _, _, _, _, _) -> i32 = carry_dh3072_pow;
    core::hint::black_box(f);
    true
}
