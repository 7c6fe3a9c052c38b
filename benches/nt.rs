//! carry's number theory and `Modulus` against GMP (through `rug`) on the same inputs.
//!
//! `cargo bench --bench nt` runs each case under criterion, then times both implementations
//! again, interleaved (11 rounds of ~20 ms batches, median per iteration), and prints a
//! markdown table. `CARRY_BENCH_QUICK=1` skips criterion and takes 3 short rounds;
//! `CARRY_BENCH_FILTER=text` keeps only the cases whose name contains `text`.
//!
//! Inputs follow the shared peers harness (splitmix64 seeded with FNV-1a-64 of the case name,
//! `exact(n)` operands; the DH cases use a random 3072-bit odd modulus rather than the RFC 3526
//! prime). GMP writes into destinations allocated once; `Modulus::new` is inside carry's timed
//! operation, as `mpz_powm` includes its own setup. `ap_prime_1024` compares
//! `is_probable_prime` (Baillie–PSW) with `mpz_probab_prime_p(n, 25)` on a 1024-bit prime.

use carry::{Int, Modulus};
use criterion::Criterion;
use rug::{Assign, Integer};
use std::hint::black_box;
use std::time::{Duration, Instant};

/// splitmix64, seeded with FNV-1a-64 of the case name.
struct Rng(u64);

impl Rng {
    fn for_case(name: &str) -> Rng {
        Rng(name.bytes().fold(0xcbf2_9ce4_8422_2325, |h, c| {
            (h ^ u64::from(c)).wrapping_mul(0x0100_0000_01b3)
        }))
    }

    fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// Exactly `bits` bits (top bit set).
    fn exact(&mut self, bits: u32) -> Integer {
        let k = bits.div_ceil(64) as usize;
        let mut words: Vec<u64> = (0..k).map(|_| self.next_u64()).collect();
        if bits % 64 != 0 {
            words[k - 1] &= (1 << (bits % 64)) - 1;
        }
        words[k - 1] |= 1 << ((bits - 1) % 64);
        Integer::from_digits(&words, rug::integer::Order::Lsf)
    }
}

fn int(x: &Integer) -> Int {
    Int::from_str_radix(&x.to_string_radix(16), 16).unwrap()
}

/// One iteration of one implementation.
type Routine = Box<dyn FnMut()>;

/// The same work done by carry and GMP.
struct Case {
    name: String,
    routines: [Routine; 2],
}

const IMPLS: [&str; 2] = ["carry", "gmp"];

/// `a^e mod m` with `m = exact(bits) | 1`, `a = exact(bits) mod m`, `e = exact(ebits)`
/// (`a = 2` when `two`); `secure` compares `pow_ct` with `mpz_powm_sec`.
fn powm_case(name: &str, bits: u32, ebits: u32, two: bool, secure: bool) -> Case {
    let mut rng = Rng::for_case(name);
    let m = rng.exact(bits) | Integer::from(1);
    let a = if two {
        Integer::from(2)
    } else {
        rng.exact(bits) % &m
    };
    let e = rng.exact(ebits);
    let (ca, ce, cm) = (int(&a), int(&e), int(&m));
    let mut out = Integer::new();
    Case {
        name: name.into(),
        routines: [
            Box::new(move || {
                let md = Modulus::new(black_box(&cm)).unwrap();
                let r = if secure {
                    md.pow_ct(black_box(&ca), black_box(&ce))
                } else {
                    md.pow(black_box(&ca), black_box(&ce))
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
    let m = rng.exact(bits) | Integer::from(1);
    let mut a = rng.exact(bits) % &m;
    while Integer::from(a.gcd_ref(&m)) != 1 {
        a = rng.exact(bits) % &m;
    }
    let (ca, cm) = (int(&a), int(&m));
    let mut out = Integer::new();
    Case {
        name,
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
    let (a, b) = (rng.exact(bits), rng.exact(bits));
    let (ca, cb) = (int(&a), int(&b));
    let mut out = Integer::new();
    Case {
        name,
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

fn prime_case(bits: u32) -> Case {
    let name = format!("ap_prime_{bits}");
    let mut rng = Rng::for_case(&name);
    let p = rng.exact(bits).next_prime();
    let cp = int(&p);
    Case {
        name,
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
    for bits in [1024, 2048, 3072, 4096] {
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
    cases.push(powm_case("ap_powm_sec_2048", 2048, 2048, false, true));
    cases.push(invmod_case(256));
    cases.push(invmod_case(2048));
    cases.push(gcd_case(256));
    cases.push(gcd_case(2048));
    cases.push(factorial_case(100_000));
    cases.push(prime_case(1024));
    let filter = std::env::var("CARRY_BENCH_FILTER").unwrap_or_default();
    cases.retain(|c| c.name.contains(&filter));
    cases
}

/// Nanoseconds per iteration of `f` over one batch of `iters`.
fn time_batch(f: &mut Routine, iters: u64) -> f64 {
    let start = Instant::now();
    for _ in 0..iters {
        f();
    }
    start.elapsed().as_nanos() as f64 / iters as f64
}

/// Median nanoseconds per iteration of each implementation over interleaved rounds.
fn medians(case: &mut Case, rounds: usize, batch: Duration) -> [f64; 2] {
    let iters: Vec<u64> = case
        .routines
        .iter_mut()
        .map(|f| {
            let per = time_batch(f, 1).max(time_batch(f, 3)).max(1.0);
            ((batch.as_nanos() as f64 / per) as u64).max(1)
        })
        .collect();
    let mut samples = [vec![], vec![]];
    for _ in 0..rounds {
        for (i, f) in case.routines.iter_mut().enumerate() {
            samples[i].push(time_batch(f, iters[i]));
        }
    }
    samples.map(|mut s| {
        s.sort_by(f64::total_cmp);
        s[s.len() / 2]
    })
}

fn human(ns: f64) -> String {
    match ns {
        ns if ns < 1e3 => format!("{ns:.1} ns"),
        ns if ns < 1e6 => format!("{:.2} µs", ns / 1e3),
        ns => format!("{:.2} ms", ns / 1e6),
    }
}

fn main() {
    let quick = std::env::var_os("CARRY_BENCH_QUICK").is_some_and(|v| v != "0");
    let mut cases = cases();
    if !quick {
        let mut c = Criterion::default()
            .warm_up_time(Duration::from_millis(500))
            .measurement_time(Duration::from_secs(2))
            .configure_from_args();
        for case in &mut cases {
            let mut group = c.benchmark_group(&case.name);
            for (name, f) in IMPLS.iter().zip(case.routines.iter_mut()) {
                group.bench_function(*name, |b| b.iter(&mut *f));
            }
            group.finish();
        }
        c.final_summary();
    }
    let (rounds, batch) = if quick {
        (5, Duration::from_millis(5))
    } else {
        (11, Duration::from_millis(20))
    };
    println!();
    println!("Median time per operation ({rounds} interleaved rounds of ~{batch:?} batches); speedup = GMP's time / carry's time (above 1: carry faster).");
    println!();
    println!("| case | carry | gmp | carry/gmp speedup |");
    println!("|---|---:|---:|---:|");
    for case in &mut cases {
        let [carry, gmp] = medians(case, rounds, batch);
        println!(
            "| {} | {} | {} | {:.2}x |",
            case.name,
            human(carry),
            human(gmp),
            gmp / carry
        );
    }
}
