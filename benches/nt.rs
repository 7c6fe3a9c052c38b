//! carry's number theory and `Modulus` against GMP (through `rug`) on the same inputs.
//!
//! `cargo bench --bench nt` runs each case under criterion, then times both implementations
//! again, interleaved (11 rounds of ~20 ms batches, median per iteration), and prints a
//! markdown table. `CARRY_BENCH_QUICK=1` skips criterion and takes 3 short rounds;
//! `CARRY_BENCH_FILTER=a,b` keeps only the cases whose name contains `a` or `b`.
//!
//! Inputs follow the shared peers harness (splitmix64 seeded with FNV-1a-64 of the case name,
//! `exact(n)` operands; the DH cases use a random 3072-bit odd modulus rather than the RFC 3526
//! prime). GMP writes into destinations allocated once; `Modulus::new` is inside carry's timed
//! operation, as `mpz_powm` includes its own setup. `ap_prime_1024` compares
//! `is_probable_prime` (Baillie–PSW) with `mpz_probab_prime_p(n, 25)` on a 1024-bit prime.

mod common;

use carry::{Int, Modulus};
use common::{exact, int, Rng};
use rug::{Assign, Integer};
use std::hint::black_box;
use std::time::Duration;

type Case = common::Case<2>;

const IMPLS: [&str; 2] = ["carry", "gmp"];

/// `a^e mod m` with `m = exact(bits) | 1`, `a = exact(bits) mod m`, `e = exact(ebits)`
/// (`a = 2` when `two`); `secure` compares the constant-time `pow` with `mpz_powm_sec`.
fn powm_case(name: &str, bits: u32, ebits: u32, two: bool, secure: bool) -> Case {
    let mut rng = Rng::for_case(name);
    let m = exact(&mut rng, bits) | Integer::from(1);
    let a = if two {
        Integer::from(2)
    } else {
        exact(&mut rng, bits) % &m
    };
    let e = exact(&mut rng, ebits);
    let (ca, ce, cm) = (int(&a), int(&e), int(&m));
    let mut out = Integer::new();
    Case {
        name: name.into(),
        ops: 1.0,
        routines: [
            Box::new(move || {
                let md = Modulus::new(black_box(&cm)).unwrap();
                let r = if secure {
                    md.pow(black_box(&ca), black_box(&ce))
                } else {
                    md.pow_vartime(black_box(&ca), black_box(&ce))
                };
                black_box(r);
            }),
            Box::new(move || {
                if secure {
                    out.assign(black_box(&a).secure_pow_mod_ref(black_box(&e), black_box(&m)));
                } else {
                    out.assign(
                        black_box(&a)
                            .pow_mod_ref(black_box(&e), black_box(&m))
                            .unwrap(),
                    );
                }
                black_box(&out);
            }),
        ],
    }
}

fn invmod_case(bits: u32) -> Case {
    let name = format!("ap_invmod_{bits}");
    let mut rng = Rng::for_case(&name);
    let m = exact(&mut rng, bits) | Integer::from(1);
    let mut a = exact(&mut rng, bits) % &m;
    while Integer::from(a.gcd_ref(&m)) != 1 {
        a = exact(&mut rng, bits) % &m;
    }
    let (ca, cm) = (int(&a), int(&m));
    let mut out = Integer::new();
    Case {
        name,
        ops: 1.0,
        routines: [
            Box::new(move || {
                black_box(black_box(&ca).modinv(black_box(&cm)));
            }),
            Box::new(move || {
                out.assign(black_box(&a).invert_ref(black_box(&m)).unwrap());
                black_box(&out);
            }),
        ],
    }
}

fn gcd_case(bits: u32) -> Case {
    let name = format!("ap_gcd_{bits}");
    let mut rng = Rng::for_case(&name);
    let (a, b) = (exact(&mut rng, bits), exact(&mut rng, bits));
    let (ca, cb) = (int(&a), int(&b));
    let mut out = Integer::new();
    Case {
        name,
        ops: 1.0,
        routines: [
            Box::new(move || {
                black_box(black_box(&ca).gcd(black_box(&cb)));
            }),
            Box::new(move || {
                out.assign(black_box(&a).gcd_ref(black_box(&b)));
                black_box(&out);
            }),
        ],
    }
}

fn factorial_case(n: u32) -> Case {
    let mut out = Integer::new();
    Case {
        name: format!("ap_fact_{n}"),
        ops: 1.0,
        routines: [
            Box::new(move || {
                black_box(Int::factorial(black_box(u64::from(n))));
            }),
            Box::new(move || {
                out.assign(Integer::factorial(black_box(n)));
                black_box(&out);
            }),
        ],
    }
}

fn sqrt_case(bits: u32) -> Case {
    let name = format!("ap_sqrtrem_{bits}");
    let mut rng = Rng::for_case(&name);
    let a = exact(&mut rng, bits);
    let ca = int(&a);
    let (mut s, mut r) = (Integer::new(), Integer::new());
    Case {
        name,
        ops: 1.0,
        routines: [
            Box::new(move || {
                black_box(black_box(&ca).sqrt_rem());
            }),
            Box::new(move || {
                (&mut s, &mut r).assign(black_box(&a).sqrt_rem_ref());
                black_box((&s, &r));
            }),
        ],
    }
}

fn divexact_case(bits: u32) -> Case {
    let name = format!("ap_divexact_{bits}");
    let mut rng = Rng::for_case(&name);
    let d = exact(&mut rng, bits / 2);
    let a = Integer::from(&d * &exact(&mut rng, bits / 2));
    let (ca, cd) = (int(&a), int(&d));
    let mut out = Integer::new();
    Case {
        name,
        ops: 1.0,
        routines: [
            Box::new(move || {
                black_box(black_box(&ca).div_exact(black_box(&cd)));
            }),
            Box::new(move || {
                out.assign(black_box(&a).div_exact_ref(black_box(&d)));
                black_box(&out);
            }),
        ],
    }
}

fn prime_case(bits: u32) -> Case {
    let name = format!("ap_prime_{bits}");
    let mut rng = Rng::for_case(&name);
    let p = exact(&mut rng, bits).next_prime();
    let cp = int(&p);
    Case {
        name,
        ops: 1.0,
        routines: [
            Box::new(move || {
                assert!(black_box(&cp).is_probable_prime());
            }),
            Box::new(move || {
                assert!(black_box(&p).is_probably_prime(25) != rug::integer::IsPrime::No);
            }),
        ],
    }
}

fn cases() -> Vec<Case> {
    let mut cases = Vec::new();
    for bits in [64, 128, 256, 512, 768, 1024, 2048, 3072, 4096] {
        cases.push(powm_case(
            &format!("ap_powm_{bits}"),
            bits,
            bits,
            false,
            false,
        ));
    }
    cases.push(powm_case("ap_dh3072_e256", 3072, 256, false, false));
    cases.push(powm_case("ap_dh3072_e256_g2", 3072, 256, true, false));
    for bits in [128, 256, 2048] {
        cases.push(powm_case(
            &format!("ap_powm_sec_{bits}"),
            bits,
            bits,
            false,
            true,
        ));
    }
    cases.push(invmod_case(256));
    cases.push(invmod_case(2048));
    cases.push(gcd_case(256));
    cases.push(gcd_case(2048));
    cases.push(factorial_case(100_000));
    cases.push(prime_case(1024));
    for bits in [1024, 2048, 4096, 16384, 131072, 1 << 20] {
        cases.push(sqrt_case(bits));
    }
    for bits in [512, 2048, 8192] {
        cases.push(divexact_case(bits));
    }
    cases
}

fn main() {
    common::run(
        IMPLS,
        cases(),
        (11, Duration::from_millis(20)),
        (5, Duration::from_millis(5)),
        "",
    );
}
