//! Known answers on a Cortex-M core under qemu-system-arm, with no heap: a Diffie–Hellman-3072
//! exponentiation (the MODP group of RFC 3526) by `FixedModulus` (`exp2`, `pow_in`, `pow`,
//! `pow_vartime`, `pow2`) and a P-256 field inverse, against Python's results (vectors.py). It
//! prints the stack each exponentiation takes beyond its caller's buffers.
#![no_std]
#![no_main]

use carry::fields::p256::Fp;
use carry::{FixedModulus, U256, U3072};
use carry_arm::{paint_stack, print, print_u32, stack_pointer, vectors::*};
use core::hint::black_box;

fn check(name: &str, ok: bool) -> bool {
    print(if ok { "ok   " } else { "FAIL " });
    print(name);
    print("\n");
    ok
}

/// Runs `f`, printing the stack it takes below the caller's frame.
fn measured<R>(name: &str, f: impl FnOnce() -> R) -> R {
    const LEN: usize = 32 * 1024;
    let sp = stack_pointer();
    paint_stack(sp, LEN);
    let r = call(f);
    print(name);
    print(": stack ");
    print_u32(carry_arm::stack_used(sp, LEN) as u32);
    print(" bytes\n");
    r
}

/// `f()` in a frame of its own, below the caller's.
#[inline(never)]
fn call<R>(f: impl FnOnce() -> R) -> R {
    f()
}

#[no_mangle]
extern "C" fn run() -> bool {
    let p = U3072::from_be_hex(black_box(P3072));
    let (x, y) = (U256::from_be_hex(X), U256::from_be_hex(Y));
    let g = U3072::from_be_hex(G);
    let m = measured("FixedModulus::new", || FixedModulus::new(&p)).unwrap();
    let mut ok = true;
    let r = measured("exp2", || m.exp2(&x));
    ok &= check("DH-3072 2^x (exp2)", r == U3072::from_be_hex(EXP2_X));
    let mut table = [0u64; 2 * 48];
    let r = measured("pow_in, 2-entry table", || m.pow_in(&g, &x, &mut table));
    ok &= check("DH-3072 g^x (pow_in, w = 1)", r == U3072::from_be_hex(G_X));
    let mut table = [0u64; 16 * 48];
    let r = measured("pow_in, 16-entry table", || m.pow_in(&g, &x, &mut table));
    ok &= check("DH-3072 g^x (pow_in, w = 4)", r == U3072::from_be_hex(G_X));
    let r = m.pow_vartime(&g, &x);
    ok &= check("DH-3072 g^x (pow_vartime)", r == U3072::from_be_hex(G_X));
    let two = U3072::from_u64(2);
    let r = m.pow2(&g, &x, &two, &y);
    ok &= check("DH-3072 g^x 2^y (pow2)", r == U3072::from_be_hex(G_X_2_Y));
    let a = Fp::from_uint(&U256::from_be_hex(A256));
    let inv = measured("P-256 invert", || a.invert().unwrap());
    ok &= check(
        "P-256 inverse",
        inv.to_uint() == U256::from_be_hex(INV_A256),
    );
    ok &= check("P-256 a * a^-1 = 1", a * inv == Fp::ONE);
    let sq = a.square();
    ok &= check("P-256 sqrt(a^2) = ±a", {
        let s = sq.sqrt().unwrap();
        s == a || s == -a
    });
    ok
}
