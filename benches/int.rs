//! carry's `Int` against GMP (through `rug`) and num-bigint on the same inputs.
//!
//! `cargo bench --bench int` runs each case under criterion, then times the three
//! implementations again, interleaved (11 rounds of ~10 ms batches each, median per
//! iteration), and prints a markdown table. `CARRY_BENCH_QUICK=1` skips criterion and takes
//! 3 rounds of ~2 ms: a smoke run in seconds, numbers only indicative;
//! `CARRY_BENCH_FILTER=a,b` keeps only the cases whose name contains `a` or `b`.
//!
//! GMP is used as a C caller would use it: results go into destinations allocated once and
//! reused. carry and num-bigint produce new values, as their operators do. Case names and
//! inputs follow the shared peers harness (splitmix64 seeded with FNV-1a-64 of the case name,
//! `exact(n)` operands, the same 500 `ap_i64_accum` pairs and digit strings), so the numbers
//! line up with its table; `ap_i64_accum` is likewise reported per operation (1000 per call).
//! `ap_sub_*` (differences of two positive operands, by value and through `assign_sub`) is not
//! a harness case; its operands are made the same way.

mod common;

use carry::Int;
use common::{Rng, Routine};
use num_bigint::BigInt;
use num_integer::Integer as _;
use rug::{Assign, Integer};
use std::hint::black_box;
use std::time::Duration;

/// One operand in all three representations.
fn operand(rng: &mut Rng, bits: u32) -> (Int, Integer, BigInt) {
    let words = rng.exact_words(bits);
    let digits: Vec<u32> = words
        .iter()
        .flat_map(|&w| [w as u32, (w >> 32) as u32])
        .collect();
    (
        Int::from_limbs(&words),
        Integer::from_digits(&words, rug::integer::Order::Lsf),
        BigInt::from_slice(num_bigint::Sign::Plus, &digits),
    )
}

type Case = common::Case<3>;

const IMPLS: [&str; 3] = ["carry", "gmp", "num-bigint"];

/// `a + b`, `a - b` or `a · b` (`op` is "add", "sub" or "mul") on two `bits`-bit operands.
/// With `assign`, carry writes into one kept destination through its three-address forms
/// (`assign_add`, `assign_sub`, `assign_mul`), as GMP does here; otherwise each carry result is
/// a new value, as in the peers harness.
fn binary_case(bits: u32, op: &'static str, assign: bool) -> Case {
    let name = format!("ap_{op}_{bits}");
    let mut rng = Rng::for_case(&name);
    let (a, ra, na) = operand(&mut rng, bits);
    let (b, rb, nb) = operand(&mut rng, bits);
    let mut dest = Integer::new();
    let carry: Routine = match (op, assign) {
        ("add", false) => Box::new(move || drop(black_box(&a + black_box(&b)))),
        ("sub", false) => Box::new(move || drop(black_box(&a - black_box(&b)))),
        (_, false) => Box::new(move || drop(black_box(&a * black_box(&b)))),
        ("add", true) => {
            let mut r = Int::ZERO;
            Box::new(move || {
                r.assign_add(&a, black_box(&b));
                black_box(&r);
            })
        }
        ("sub", true) => {
            let mut r = Int::ZERO;
            Box::new(move || {
                r.assign_sub(&a, black_box(&b));
                black_box(&r);
            })
        }
        (_, true) => {
            let mut r = Int::ZERO;
            Box::new(move || {
                r.assign_mul(&a, black_box(&b));
                black_box(&r);
            })
        }
    };
    let (gmp, num): (Routine, Routine) = match op {
        "add" => (
            Box::new(move || {
                dest.assign(&ra + black_box(&rb));
                black_box(&dest);
            }),
            Box::new(move || drop(black_box(&na + black_box(&nb)))),
        ),
        "sub" => (
            Box::new(move || {
                dest.assign(&ra - black_box(&rb));
                black_box(&dest);
            }),
            Box::new(move || drop(black_box(&na - black_box(&nb)))),
        ),
        _ => (
            Box::new(move || {
                dest.assign(&ra * black_box(&rb));
                black_box(&dest);
            }),
            Box::new(move || drop(black_box(&na * black_box(&nb)))),
        ),
    };
    Case {
        name: if assign {
            format!("{name} assign_{op}")
        } else {
            name
        },
        ops: 1.0,
        routines: [carry, gmp, num],
    }
}

/// `a · a` on one `bits`-bit operand: carry's `&a * &a` (a new value, as in the peers
/// harness) against GMP's `mpz_mul(r, a, a)` into a kept destination.
fn sqr_case(bits: u32) -> Case {
    let name = format!("ap_sqr_{bits}");
    let mut rng = Rng::for_case(&name);
    let (a, ra, na) = operand(&mut rng, bits);
    let mut dest = Integer::new();
    Case {
        name,
        ops: 1.0,
        routines: [
            Box::new(move || {
                let a = black_box(&a);
                drop(black_box(a * a));
            }),
            Box::new(move || {
                dest.assign(black_box(&ra).square_ref());
                black_box(&dest);
            }),
            Box::new(move || {
                let na = black_box(&na);
                drop(black_box(na * na));
            }),
        ],
    }
}

/// `acc += x * y` over 500 pairs of i64 in [-2^26, 2^26).
fn accum_case() -> Case {
    let mut rng = Rng::for_case("ap_i64_accum");
    let pairs: Vec<(i64, i64)> = (0..500)
        .map(|_| {
            let x = (rng.next_u64() >> 37) as i64 - (1 << 26);
            let y = (rng.next_u64() >> 37) as i64 - (1 << 26);
            (x, y)
        })
        .collect();
    let (p1, p2, p3) = (pairs.clone(), pairs.clone(), pairs);
    let (mut acc, mut tmp) = (Integer::new(), Integer::new());
    Case {
        name: "ap_i64_accum".into(),
        ops: 1000.0,
        routines: [
            Box::new(move || {
                let mut acc = Int::ZERO;
                for &(x, y) in black_box(&p1) {
                    acc += Int::from(x) * y;
                }
                black_box(acc);
            }),
            Box::new(move || {
                acc.assign(0);
                for &(x, y) in black_box(&p2) {
                    tmp.assign(x);
                    tmp *= y;
                    acc += &tmp;
                }
                black_box(&acc);
            }),
            Box::new(move || {
                let mut acc = BigInt::ZERO;
                for &(x, y) in black_box(&p3) {
                    acc += BigInt::from(x) * y;
                }
                black_box(acc);
            }),
        ],
    }
}

/// `n`-bit by `n/2`-bit quotient and remainder. With `assign`, carry writes both into kept
/// destinations (`assign_div_rem`, GMP's `mpz_tdiv_qr`), as GMP does here.
fn divrem_case(bits: u32, assign: bool) -> Case {
    let name = format!("ap_divrem_{bits}");
    let mut rng = Rng::for_case(&name);
    let (a, ra, na) = operand(&mut rng, bits);
    let (b, rb, nb) = operand(&mut rng, bits / 2);
    let (mut q, mut r) = (Integer::new(), Integer::new());
    let carry: Routine = if assign {
        let (mut q, mut r) = (Int::ZERO, Int::ZERO);
        Box::new(move || {
            q.assign_div_rem(&mut r, black_box(&a), &b);
            black_box((&q, &r));
        })
    } else {
        Box::new(move || drop(black_box(black_box(&a).div_rem(&b))))
    };
    Case {
        name: if assign {
            format!("{name} assign_div_rem")
        } else {
            name
        },
        ops: 1.0,
        routines: [
            carry,
            Box::new(move || {
                (&mut q, &mut r).assign(black_box(&ra).div_rem_ref(&rb));
                black_box((&q, &r));
            }),
            Box::new(move || drop(black_box(black_box(&na).div_rem(&nb)))),
        ],
    }
}

/// Decimal text of a 1000-digit value: formatting (`ap_tostr_1000_digits`) and parsing
/// (`ap_fromstr_1000_digits`), each on its own digits as in the peers harness.
fn text_cases() -> [Case; 2] {
    let digits = |name: &str| -> String {
        let mut rng = Rng::for_case(name);
        (0..1000)
            .map(|i| {
                let d = if i == 0 {
                    1 + rng.next_u64() % 9
                } else {
                    rng.next_u64() % 10
                };
                char::from(b'0' + d as u8)
            })
            .collect()
    };
    let (printed, parsed) = (
        digits("ap_tostr_1000_digits"),
        digits("ap_fromstr_1000_digits"),
    );
    let a: Int = printed.parse().expect("decimal");
    let ra = Integer::from_str_radix(&printed, 10).expect("decimal");
    let na: BigInt = printed.parse().expect("decimal");
    let (s1, s2, s3) = (parsed.clone(), parsed.clone(), parsed);
    let mut dest = Integer::new();
    [
        Case {
            name: "ap_tostr_1000_digits".into(),
            ops: 1.0,
            routines: [
                Box::new(move || drop(black_box(black_box(&a).to_string()))),
                Box::new(move || drop(black_box(black_box(&ra).to_string_radix(10)))),
                Box::new(move || drop(black_box(black_box(&na).to_string()))),
            ],
        },
        Case {
            name: "ap_fromstr_1000_digits".into(),
            ops: 1.0,
            routines: [
                Box::new(move || drop(black_box(black_box(&s1).parse::<Int>()))),
                Box::new(move || {
                    dest.assign(Integer::parse(black_box(&s2)).expect("decimal"));
                    black_box(&dest);
                }),
                Box::new(move || drop(black_box(black_box(&s3).parse::<BigInt>()))),
            ],
        },
    ]
}

fn cases() -> Vec<Case> {
    let mut cases = vec![accum_case()];
    for bits in [64, 256, 1024, 4096] {
        cases.push(binary_case(bits, "add", false));
        cases.push(binary_case(bits, "add", true));
    }
    for bits in [256, 1024, 4096] {
        cases.push(binary_case(bits, "sub", false));
        cases.push(binary_case(bits, "sub", true));
    }
    for bits in [64, 128, 256, 512, 1024, 2048, 4096, 8192] {
        cases.push(binary_case(bits, "mul", false));
        cases.push(binary_case(bits, "mul", true));
    }
    for bits in [1024, 4096] {
        cases.push(sqr_case(bits));
    }
    for bits in [512, 2048, 8192] {
        cases.push(divrem_case(bits, false));
        cases.push(divrem_case(bits, true));
    }
    cases.extend(text_cases());
    cases
}

fn main() {
    common::run(
        IMPLS,
        cases(),
        (11, Duration::from_millis(10)),
        (3, Duration::from_millis(2)),
        "; ap_i64_accum: per multiply or add; ap_divrem_n divides n bits by n/2 bits",
    );
}
