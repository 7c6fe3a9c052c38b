//! The ready-made prime fields under criterion: latency of dependent chains `x = f(x, y)`, as
//! the peers harness measures them (`fp_*` cases), for multiplication, squaring, addition,
//! the constant-time and variable-time inverses and the square root; and the divstep kernel
//! of the constant-time inverse.
//!
//! `cargo bench --bench field` (add `-- bn254` to filter). Compiled without
//! `-C target-cpu=native`, the MULX/ADX kernels are chosen at run time; the peers harness
//! builds with `target-cpu=native` and fat LTO, so its figures are the ones to quote.

use carry::fields::{bls12_381, bn254, curve25519, secp256k1};
use criterion::{criterion_group, criterion_main, Criterion};
use std::hint::black_box;

/// Chains of every operation on one field, from two fixed elements.
macro_rules! field {
    ($c:expr, $name:literal, $F:ty) => {{
        let c: &mut Criterion = $c;
        let x0 = <$F>::from_u64(0x1234_5678_9abc_def0).square().square() + <$F>::from_u64(3);
        let y = <$F>::from_u64(0x0fed_cba9_8765_4321)
            .square()
            .square()
            .square()
            - x0;
        let mut g = c.benchmark_group($name);
        g.bench_function("mul", |b| {
            let mut x = x0;
            b.iter(|| {
                x = black_box(x) * y;
                x
            })
        });
        g.bench_function("sqr", |b| {
            let mut x = x0;
            b.iter(|| {
                x = black_box(x).square();
                x
            })
        });
        g.bench_function("mul_self", |b| {
            let mut x = x0;
            b.iter(|| {
                x = black_box(x) * x;
                x
            })
        });
        g.bench_function("add", |b| {
            let mut x = x0;
            b.iter(|| {
                x = black_box(x) + y;
                x
            })
        });
        g.bench_function("inv_ct", |b| {
            let mut x = x0;
            b.iter(|| {
                x = black_box(x).invert().unwrap();
                x
            })
        });
        g.bench_function("inv", |b| {
            let mut x = x0;
            b.iter(|| {
                x = black_box(x).invert_vartime().unwrap();
                x
            })
        });
        let sq = x0.square();
        g.bench_function("sqrt", |b| b.iter(|| black_box(sq).sqrt().unwrap()));
        g.finish();
    }};
}

fn fields(c: &mut Criterion) {
    field!(c, "bn254_fq", bn254::Fq);
    field!(c, "bls12_381_fq", bls12_381::Fq);
    field!(c, "secp256k1_fp", secp256k1::Fp);
    field!(c, "curve25519_fp", curve25519::Fp);
}

/// The divstep kernel of the constant-time inverse (19 steps, as one round of `invert`) as a
/// dependent chain, against its portable twin.
fn divstep_kernel(c: &mut Criterion) {
    use carry::__private::divstep::{divsteps, divsteps_portable};
    let mut g = c.benchmark_group("divsteps_19");
    let start = (-1i64, 0x1234_5678_9abc_def1i64, 0x0fed_cba9_8765_4321i64);
    g.bench_function("kernel", |b| {
        let mut s = start;
        b.iter(|| {
            let (z, f, x) = divsteps::<19>(black_box(s.0), s.1, s.2);
            s = (z.clamp(-40, 40), f | 1, x ^ start.2);
            s
        })
    });
    g.bench_function("portable", |b| {
        let mut s = start;
        b.iter(|| {
            let (z, f, x) = divsteps_portable::<19>(black_box(s.0), s.1, s.2);
            s = (z.clamp(-40, 40), f | 1, x ^ start.2);
            s
        })
    });
    g.finish();
}

criterion_group!(benches, fields, divstep_kernel);
criterion_main!(benches);
