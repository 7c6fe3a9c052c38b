//! The code-size probe of `make size` for a prime field: P-256's multiplication, squaring,
//! inversion and square root, exported as C functions on 4-limb little-endian values.
#![no_std]
#![no_main]

use carry_arm as _;

use carry::fields::p256::Fp;
use carry::Uint;

fn fp(x: &[u64; 4]) -> Fp {
    Fp::from_uint(&Uint::from_words(*x))
}

#[no_mangle]
pub extern "C" fn carry_p256_mul(r: &mut [u64; 4], a: &[u64; 4], b: &[u64; 4]) {
    *r = *(fp(a) * fp(b)).to_uint().as_words();
}

#[no_mangle]
pub extern "C" fn carry_p256_square(r: &mut [u64; 4], a: &[u64; 4]) {
    *r = *fp(a).square().to_uint().as_words();
}

#[no_mangle]
pub extern "C" fn carry_p256_invert(r: &mut [u64; 4], a: &[u64; 4]) {
    *r = *fp(a).invert().unwrap_or(Fp::ZERO).to_uint().as_words();
}

#[no_mangle]
pub extern "C" fn carry_p256_sqrt(r: &mut [u64; 4], a: &[u64; 4]) -> bool {
    let s = fp(a).sqrt();
    *r = *s.unwrap_or(Fp::ZERO).to_uint().as_words();
    s.is_some().into()
}

#[no_mangle]
extern "C" fn run() -> bool {
    core::hint::black_box(carry_p256_mul as extern "C" fn(_, _, _));
    core::hint::black_box(carry_p256_square as extern "C" fn(_, _));
    core::hint::black_box(carry_p256_invert as extern "C" fn(_, _));
    core::hint::black_box(carry_p256_sqrt as extern "C" fn(_, _) -> bool);
    true
}
