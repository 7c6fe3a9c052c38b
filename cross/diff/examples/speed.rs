//! What a 32-bit host pays: a few operations timed on whatever target this is built for,
//! to compare i686 (64×64→128-bit products emulated from 32-bit multiplies) with x86_64.
//! `make speed32` runs it on both; docs/embedded.md has the table.

use carry::fields::p256::Fp;
use carry::{Int, Modulus};
use std::hint::black_box;
use std::time::Instant;

/// Nanoseconds per call of `f`, the best of five batches of `n` calls.
fn time(n: u32, mut f: impl FnMut()) -> f64 {
    let mut best = f64::MAX;
    for _ in 0..5 {
        let t = Instant::now();
        for _ in 0..n {
            f();
        }
        best = best.min(t.elapsed().as_nanos() as f64 / f64::from(n));
    }
    best
}

/// A value of `bits` bits with a fixed pattern (the same on every target).
fn value(bits: u32, seed: u64) -> Int {
    let mut x = Int::from(seed | 1);
    while x.bits() < u64::from(bits) {
        x = &x * &x + Int::from(seed);
    }
    let excess = x.bits() - u64::from(bits);
    (x >> excess) | (Int::ONE << (bits - 1))
}

fn main() {
    let a = value(1024, 0x9e37_79b9_7f4a_7c15);
    let b = value(1024, 0xc2b2_ae3d_27d4_eb4f);
    println!(
        "int mul 1024x1024 bits      {:>12.0} ns",
        time(20_000, || {
            black_box(black_box(&a) * black_box(&b));
        })
    );
    let c = value(16384, 0x1656_67b1_9e37_79f9);
    let d = value(16384, 0x27d4_eb2f_1656_67c5);
    println!(
        "int mul 16384x16384 bits    {:>12.0} ns",
        time(200, || {
            black_box(black_box(&c) * black_box(&d));
        })
    );
    let m = Modulus::new(&(value(2048, 0x85eb_ca6b_c2b2_ae35) | Int::ONE)).unwrap();
    let e = value(2048, 0x9e37_79b9_85eb_ca6b);
    println!(
        "modulus pow_vartime 2048    {:>12.0} ns",
        time(5, || {
            black_box(m.pow_vartime(black_box(&a), black_box(&e)));
        })
    );
    let x = Fp::from_u64(0x1234_5678_9abc_def1);
    println!(
        "p256 field mul              {:>12.0} ns",
        time(1_000_000, || {
            black_box(black_box(x) * black_box(x));
        })
    );
    println!(
        "p256 field invert           {:>12.0} ns",
        time(2_000, || {
            black_box(black_box(x).invert());
        })
    );
}
