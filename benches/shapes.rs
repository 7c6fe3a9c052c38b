//! carry against GMP (through `rug` and its raw `mpz`/`mpq` calls) on unbalanced shapes: short
//! quotients, remainders and exact quotients by one limb, gcd of a long value by a short one,
//! rationals, fused multiply-add, prime stepping and square roots.
//!
//! `cargo bench --bench shapes` runs each case under criterion, then times both implementations
//! again, interleaved (11 rounds of ~10 ms batches, median per operation), and prints a markdown
//! table with the ratio GMP time / carry time (above 1: carry faster). `CARRY_BENCH_QUICK=1`
//! skips criterion and takes 5 rounds of ~3 ms batches; `CARRY_BENCH_FILTER=a,b` keeps the
//! cases whose name contains `a` or `b`.
//!
//! GMP writes into destinations allocated once and reused, as a C caller would; carry's
//! results are new values (its operators), except where a case names an assigning form.
//! Operands are random (splitmix64 seeded by the case name) with their top bit set.

mod common;

use carry::{Int, Rational};
use common::{int, Rng, Routine};
use gmp_mpfr_sys::gmp;
use rug::{Assign, Integer};
use std::hint::black_box;
use std::time::Duration;

/// Exactly `limbs` limbs, top bit set.
fn exact(rng: &mut Rng, limbs: usize) -> (Int, Integer) {
    let w = rng.exact_words(64 * limbs as u32);
    (
        Int::from_limbs(&w),
        Integer::from_digits(&w, rug::integer::Order::Lsf),
    )
}

type Case = common::Case<2>;

const IMPLS: [&str; 2] = ["carry", "gmp"];

/// The name and operands of an `(n + k)`-limb by `n`-limb division (`tdiv_r` when `rem`, else
/// `tdiv_q`), as carry's and rug's values.
fn short_div_operands(n: usize, k: usize, rem: bool) -> (String, Int, Int, Integer, Integer) {
    let name = format!("{}_{}/{n}", if rem { "tdiv_r" } else { "tdiv_q" }, n + k);
    let mut rng = Rng::for_case(&name);
    let (a, ra) = exact(&mut rng, n + k);
    let (b, rb) = exact(&mut rng, n);
    (name, a, b, ra, rb)
}

/// GMP's side of a short-division case: `mpz_tdiv_r` or `mpz_tdiv_q` into a kept `Integer`.
fn gmp_short_div(ra: Integer, rb: Integer, rem: bool) -> Routine {
    let mut out = Integer::new();
    if rem {
        Box::new(move || {
            out.assign(black_box(&ra) % black_box(&rb));
            black_box(&out);
        })
    } else {
        Box::new(move || {
            out.assign(black_box(&ra) / black_box(&rb));
            black_box(&out);
        })
    }
}

/// An `(n + k)`-limb dividend by an `n`-limb divisor: the quotient (`/`, `mpz_tdiv_q`) or the
/// remainder (`%`, `mpz_tdiv_r`).
fn short_div_case(n: usize, k: usize, rem: bool) -> Case {
    let (name, a, b, ra, rb) = short_div_operands(n, k, rem);
    let carry: Routine = if rem {
        Box::new(move || drop(black_box(black_box(&a) % black_box(&b))))
    } else {
        Box::new(move || drop(black_box(black_box(&a) / black_box(&b))))
    };
    Case {
        name,
        ops: 1.0,
        routines: [carry, gmp_short_div(ra, rb, rem)],
    }
}

/// [`short_div_case`] (the same operands) with carry's result in a kept destination too
/// (`assign_div`, `assign_rem`), as GMP's: like with like.
fn kept_div_case(n: usize, k: usize, rem: bool) -> Case {
    let (_, a, b, ra, rb) = short_div_operands(n, k, rem);
    let name = format!(
        "{}_kept_{}/{n}",
        if rem { "tdiv_r" } else { "tdiv_q" },
        n + k
    );
    let mut kept = Int::ZERO;
    let carry: Routine = if rem {
        Box::new(move || {
            kept.assign_rem(black_box(&a), black_box(&b));
            black_box(&kept);
        })
    } else {
        Box::new(move || {
            kept.assign_div(black_box(&a), black_box(&b));
            black_box(&kept);
        })
    };
    Case {
        name,
        ops: 1.0,
        routines: [carry, gmp_short_div(ra, rb, rem)],
    }
}

/// An `n`-limb value modulo a one-limb `d` (`Int % u64`, `mpz_tdiv_r_ui`).
fn rem_1_case(n: usize) -> Case {
    let name = format!("tdiv_r_ui_{n}");
    let mut rng = Rng::for_case(&name);
    let (a, ra) = exact(&mut rng, n);
    let d = rng.next_u64() | 1;
    let mut out = Integer::new();
    Case {
        name,
        ops: 1.0,
        routines: [
            Box::new(move || drop(black_box(black_box(&a) % black_box(d)))),
            Box::new(move || {
                // SAFETY: both are initialised GMP integers.
                unsafe { gmp::mpz_tdiv_r_ui(out.as_raw_mut(), black_box(&ra).as_raw(), d) };
                black_box(&out);
            }),
        ],
    }
}

/// An `n`-limb multiple of a one-limb `d` (above 2^62) divided by it (`div_exact`,
/// `mpz_divexact_ui`).
fn divexact_1_case(n: usize) -> Case {
    let name = format!("divexact_ui_{n}");
    let mut rng = Rng::for_case(&name);
    let d = rng.next_u64() >> 1 | 1 << 62 | 1;
    let (q, rq) = exact(&mut rng, n - 1);
    let (a, ra) = (q * d, rq * d);
    let cd = Int::from(d);
    let mut out = Integer::new();
    Case {
        name,
        ops: 1.0,
        routines: [
            Box::new(move || drop(black_box(black_box(&a).div_exact(black_box(&cd))))),
            Box::new(move || {
                // SAFETY: both are initialised GMP integers, and d divides ra.
                unsafe { gmp::mpz_divexact_ui(out.as_raw_mut(), black_box(&ra).as_raw(), d) };
                black_box(&out);
            }),
        ],
    }
}

/// [`divexact_1_case`] (the same operands) with carry's quotient in a kept destination too
/// (`assign_div_exact`).
fn kept_divexact_1_case(n: usize) -> Case {
    let name = format!("divexact_ui_kept_{n}");
    let mut rng = Rng::for_case(&format!("divexact_ui_{n}"));
    let d = rng.next_u64() >> 1 | 1 << 62 | 1;
    let (q, rq) = exact(&mut rng, n - 1);
    let (a, ra) = (q * d, rq * d);
    let cd = Int::from(d);
    let (mut kept, mut out) = (Int::ZERO, Integer::new());
    Case {
        name,
        ops: 1.0,
        routines: [
            Box::new(move || {
                kept.assign_div_exact(black_box(&a), black_box(&cd));
                black_box(&kept);
            }),
            Box::new(move || {
                // SAFETY: both are initialised GMP integers, and d divides ra.
                unsafe { gmp::mpz_divexact_ui(out.as_raw_mut(), black_box(&ra).as_raw(), d) };
                black_box(&out);
            }),
        ],
    }
}

/// `gcd` of an `n`-limb value and an `m`-limb one.
fn gcd_case(n: usize, m: usize) -> Case {
    let name = format!("gcd_{n}x{m}");
    let mut rng = Rng::for_case(&name);
    let (a, ra) = exact(&mut rng, n);
    let (b, rb) = exact(&mut rng, m);
    let mut out = Integer::new();
    Case {
        name,
        ops: 1.0,
        routines: [
            Box::new(move || drop(black_box(black_box(&a).gcd(black_box(&b))))),
            Box::new(move || {
                out.assign(black_box(&ra).gcd_ref(black_box(&rb)));
                black_box(&out);
            }),
        ],
    }
}

/// `sqrt` (or `sqrt_rem`, against `mpz_sqrtrem`) of an `n`-limb value.
fn sqrt_case(n: usize, rem: bool) -> Case {
    let name = format!("{}_{n}", if rem { "sqrt_rem" } else { "sqrt" });
    let mut rng = Rng::for_case(&name);
    let (a, ra) = exact(&mut rng, n);
    let (mut out, mut out_rem) = (Integer::new(), Integer::new());
    Case {
        name,
        ops: 1.0,
        routines: [
            if rem {
                Box::new(move || drop(black_box(black_box(&a).sqrt_rem())))
            } else {
                Box::new(move || drop(black_box(black_box(&a).sqrt())))
            },
            Box::new(move || {
                // SAFETY: all are initialised GMP integers, and ra is not negative.
                unsafe {
                    if rem {
                        let (o, r) = (out.as_raw_mut(), out_rem.as_raw_mut());
                        gmp::mpz_sqrtrem(o, r, black_box(&ra).as_raw());
                    } else {
                        gmp::mpz_sqrt(out.as_raw_mut(), black_box(&ra).as_raw());
                    }
                }
                black_box((&out, &out_rem));
            }),
        ],
    }
}

/// A fraction in lowest terms with `n`-limb numerator and denominator.
fn fraction(rng: &mut Rng, n: usize) -> (Rational, rug::Rational) {
    let (p, rp) = exact(rng, n);
    let (q, rq) = exact(rng, n);
    let r = rug::Rational::from((rp, rq));
    (Rational::new(p, q), r)
}

/// `x + y` (`mpq_add`) or `x · y` (`mpq_mul`) with `n`-limb numerators and denominators.
fn rational_case(n: usize, mul: bool) -> Case {
    let name = format!("mpq_{}_{n}", if mul { "mul" } else { "add" });
    let mut rng = Rng::for_case(&name);
    let (x, rx) = fraction(&mut rng, n);
    let (y, ry) = fraction(&mut rng, n);
    assert_eq!(x.to_string(), rx.to_string());
    let mut out = rug::Rational::new();
    let routines: [Routine; 2] = if mul {
        [
            Box::new(move || drop(black_box(black_box(&x) * black_box(&y)))),
            Box::new(move || {
                out.assign(black_box(&rx) * black_box(&ry));
                black_box(&out);
            }),
        ]
    } else {
        [
            Box::new(move || drop(black_box(black_box(&x) + black_box(&y)))),
            Box::new(move || {
                out.assign(black_box(&rx) + black_box(&ry));
                black_box(&out);
            }),
        ]
    };
    Case {
        name,
        ops: 1.0,
        routines,
    }
}

/// A running sum `s += p/q` of 1000 fractions with `p, q` below 1000 (reported per addition).
fn rational_sum_case() -> Case {
    let name = "mpq_sum_small".to_string();
    let mut rng = Rng::for_case(&name);
    let terms: Vec<(i64, u64)> = (0..1000)
        .map(|_| {
            let p = (rng.next_u64() % 1999) as i64 - 999;
            let q = 1 + rng.next_u64() % 999;
            (p, q)
        })
        .collect();
    let ct: Vec<Rational> = terms
        .iter()
        .map(|&(p, q)| Rational::new(Int::from(p), Int::from(q)))
        .collect();
    let rt: Vec<rug::Rational> = terms
        .iter()
        .map(|&(p, q)| rug::Rational::from((p, q)))
        .collect();
    let mut acc = rug::Rational::new();
    Case {
        name,
        ops: 1000.0,
        routines: [
            Box::new(move || {
                let mut s = Rational::ZERO;
                for x in black_box(&ct) {
                    s += x;
                }
                black_box(s);
            }),
            Box::new(move || {
                acc.assign(0);
                for x in black_box(&rt) {
                    acc += x;
                }
                black_box(&acc);
            }),
        ],
    }
}

/// `acc += a·b` then `acc -= a·b` (`mpz_addmul`, `mpz_submul`) with `n`-limb `a` and `m`-limb
/// `b`, on a kept accumulator one limb longer than the product; two operations per call.
fn addmul_case(n: usize, m: usize) -> Case {
    let name = format!("addmul_{n}x{m}");
    let mut rng = Rng::for_case(&name);
    let (a, ra) = exact(&mut rng, n);
    let (b, rb) = exact(&mut rng, m);
    let (mut acc, mut racc) = exact(&mut rng, n + m + 1);
    Case {
        name,
        ops: 2.0,
        routines: [
            Box::new(move || {
                acc.add_mul(black_box(&a), black_box(&b));
                acc.sub_mul(black_box(&a), black_box(&b));
                black_box(&acc);
            }),
            Box::new(move || {
                // SAFETY: initialised GMP integers, the destination distinct from the operands.
                unsafe {
                    gmp::mpz_addmul(racc.as_raw_mut(), black_box(&ra).as_raw(), rb.as_raw());
                    gmp::mpz_submul(racc.as_raw_mut(), black_box(&ra).as_raw(), rb.as_raw());
                }
                black_box(&racc);
            }),
        ],
    }
}

/// `acc += a·k` then `acc -= a·k` for a one-limb `k` (`mpz_addmul_ui`, `mpz_submul_ui`), on an
/// accumulator one limb longer than the product.
fn addmul_ui_case(n: usize) -> Case {
    let name = format!("addmul_ui_{n}");
    let mut rng = Rng::for_case(&name);
    let (a, ra) = exact(&mut rng, n);
    let k = rng.next_u64();
    let (mut acc, mut racc) = exact(&mut rng, n + 2);
    Case {
        name,
        ops: 2.0,
        routines: [
            Box::new(move || {
                acc.add_mul_u64(black_box(&a), black_box(k));
                acc.sub_mul_u64(black_box(&a), black_box(k));
                black_box(&acc);
            }),
            Box::new(move || {
                // SAFETY: initialised GMP integers, the destination distinct from the operand.
                unsafe {
                    gmp::mpz_addmul_ui(racc.as_raw_mut(), black_box(&ra).as_raw(), k);
                    gmp::mpz_submul_ui(racc.as_raw_mut(), black_box(&ra).as_raw(), k);
                }
                black_box(&racc);
            }),
        ],
    }
}

/// The prime after a random `bits`-bit start (`mpz_nextprime`).
fn next_prime_case(bits: u32) -> Case {
    let name = format!("nextprime_{bits}");
    let mut rng = Rng::for_case(&name);
    let a = Integer::from_digits(&rng.exact_words(bits), rug::integer::Order::Lsf);
    let ca = int(&a);
    let mut out = Integer::new();
    Case {
        name,
        ops: 1.0,
        routines: [
            Box::new(move || drop(black_box(black_box(&ca).next_prime()))),
            Box::new(move || {
                out.assign(black_box(&a).next_prime_ref());
                black_box(&out);
            }),
        ],
    }
}

/// Whether a `bits`-bit prime is a probable prime: trial division, then Baillie–PSW on both
/// sides (`is_probable_prime`; `mpz_probab_prime_p` with one round, which is Baillie–PSW alone
/// in GMP 6.3).
fn is_prime_case(bits: u32) -> Case {
    let name = format!("isprime_{bits}");
    let mut rng = Rng::for_case(&name);
    let a = Integer::from_digits(&rng.exact_words(bits), rug::integer::Order::Lsf).next_prime();
    let ca = int(&a);
    Case {
        name,
        ops: 1.0,
        routines: [
            Box::new(move || assert!(black_box(&ca).is_probable_prime())),
            Box::new(move || {
                // SAFETY: an initialised GMP integer.
                let r = unsafe { gmp::mpz_probab_prime_p(black_box(&a).as_raw(), 1) };
                assert!(r > 0);
            }),
        ],
    }
}

fn cases() -> Vec<Case> {
    let mut cases = Vec::new();
    for rem in [false, true] {
        for n in [4, 16, 100, 1000, 8000] {
            for k in [1, 2, 8] {
                cases.push(short_div_case(n, k, rem));
            }
        }
    }
    for rem in [false, true] {
        for n in [4, 16, 100, 1000, 8000] {
            for k in [1, 2, 8] {
                cases.push(kept_div_case(n, k, rem));
            }
        }
    }
    for n in [2, 10, 100, 10_000] {
        cases.push(rem_1_case(n));
    }
    for n in [2, 10, 100, 10_000] {
        cases.push(divexact_1_case(n));
    }
    for n in [2, 10, 100, 10_000] {
        cases.push(kept_divexact_1_case(n));
    }
    cases.push(gcd_case(1000, 1));
    cases.push(gcd_case(1000, 10));
    for n in [2, 8, 32, 1000] {
        cases.push(sqrt_case(n, false));
    }
    cases.push(sqrt_case(8, true));
    for mul in [false, true] {
        for n in [1, 4, 32] {
            cases.push(rational_case(n, mul));
        }
    }
    cases.push(rational_sum_case());
    for (n, m) in [(1, 1), (4, 4), (16, 16), (100, 100), (100, 10)] {
        cases.push(addmul_case(n, m));
    }
    for n in [1, 4, 100] {
        cases.push(addmul_ui_case(n));
    }
    for bits in [256, 1024, 2048] {
        cases.push(next_prime_case(bits));
    }
    for bits in [128, 256, 512, 1024] {
        cases.push(is_prime_case(bits));
    }
    cases
}

fn main() {
    common::run(
        IMPLS,
        cases(),
        (11, Duration::from_millis(10)),
        (5, Duration::from_millis(3)),
        "",
    );
}
