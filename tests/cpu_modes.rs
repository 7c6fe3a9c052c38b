//! The kernels for every instruction set this CPU has give the same results: the differential
//! checks against GMP (`rug`) of products, squares, sums, divisions, radix conversions,
//! Montgomery powers and field products, repeated with AVX-512 off, with BMI2/ADX off, with
//! both and with every extension off (`limbs::set_cpu_disabled`, the function behind
//! `CARRY_CPU`). Sizes cross the thresholds where each kernel family takes over, including the
//! NTT's (its AVX-512, AVX2 and portable butterflies), and the NTT's vector kernels against
//! their portable twin.
//!
//! Its own test binary: the override is global to the process.

mod common;

use carry::{fields::bn254::Fq, limbs, Int, Modulus};
use common::*;
use rug::Integer;

/// The base field of BN254.
const BN254_P: &str = "30644e72e131a029b85045b68181585d97816a916871ca8d3c208c16d87cfd47";

/// The modes: the extensions each turns off.
const MODES: [(u32, &str); 5] = [
    (0, "all"),
    (limbs::CPU_AVX512, "noavx512"),
    (limbs::CPU_ADX, "noadx"),
    (limbs::CPU_AVX512 | limbs::CPU_ADX, "noavx512,noadx"),
    (limbs::CPU_ALL, "generic"),
];

/// Product sizes in limbs: the basecases, Karatsuba, Toom-3/4 and both sides of the NTT
/// threshold of the default build (tiny-thresholds builds meet every algorithm sooner).
fn product_sizes() -> Vec<usize> {
    let mut s: Vec<usize> = (1..=20).collect();
    s.extend([31, 47, 49, 64, 139, 141, 181, 399, 401]);
    let ntt = carry::thresholds::MUL_NTT.max(carry::thresholds::SQR_NTT);
    s.extend([ntt - 1, ntt + 1, 2 * ntt + 3, 4 * ntt]);
    s
}

fn run_mode(mask: u32, name: &str) -> u64 {
    limbs::set_cpu_disabled(mask);
    assert_eq!(
        limbs::cpu_features() & mask,
        0,
        "{name}: an extension stayed on"
    );
    let mut rng = Rng::for_test(&format!("cpu_modes {name}"));
    let mut checks = 0;
    let ctx = |what: String| format!("CARRY_CPU={name}: {what}");

    for n in product_sizes() {
        let (ra, rb) = (magnitude(&mut rng, n), magnitude(&mut rng, n));
        let rc = magnitude(&mut rng, 1 + n / 3);
        let (a, b, c) = (to_int(&ra), to_int(&rb), to_int(&rc));
        check(&(&a * &b), &Integer::from(&ra * &rb), || {
            ctx(format!("{} * {}", hx(&ra), hx(&rb)))
        });
        check(&(&a * &a), &Integer::from(ra.square_ref()), || {
            ctx(format!("{}^2", hx(&ra)))
        });
        check(&(&a * &c), &Integer::from(&ra * &rc), || {
            ctx(format!("{} * {}", hx(&ra), hx(&rc)))
        });
        checks += 3;
    }

    // Across the lane kernels' thresholds: the variable-time sum of `Int`
    // (`ADD_AVX2_VARTIME`) and the constant-time `add_n`/`sub_n` (`ADD_AVX2`, `ADD_AVX512`).
    let add = carry::thresholds::ADD_AVX2;
    for n in (1..=70).chain([200, add - 1, add, add + 1, 1000]) {
        let (ra, rb) = (magnitude(&mut rng, n), magnitude(&mut rng, n));
        let (a, b) = (to_int(&ra), to_int(&rb));
        check(&(&a + &b), &Integer::from(&ra + &rb), || {
            ctx(format!("{} + {}", hx(&ra), hx(&rb)))
        });
        check(&(&a - &b), &Integer::from(&ra - &rb), || {
            ctx(format!("{} - {}", hx(&ra), hx(&rb)))
        });
        // Into a destination with room (the in-place paths), both signs.
        let mut r = Int::from(1) << (64 * n as u32 + 64);
        r.assign_add(&a, &b);
        check(&r, &Integer::from(&ra + &rb), || {
            ctx(format!("assign_add {} + {}", hx(&ra), hx(&rb)))
        });
        let (na, nb) = (-&a, -&b);
        r.assign_add(&na, &nb);
        check(&r, &-Integer::from(&ra + &rb), || {
            ctx(format!("assign_add -{} + -{}", hx(&ra), hx(&rb)))
        });
        r.assign_sub(&a, &nb);
        check(&r, &Integer::from(&ra + &rb), || {
            ctx(format!("assign_sub {} - -{}", hx(&ra), hx(&rb)))
        });
        checks += 5;
    }

    for n in [1, 2, 5, 12, 40, 150, 600] {
        let (ra, rd) = (magnitude(&mut rng, 2 * n + 1), magnitude(&mut rng, n));
        let (q, r) = to_int(&ra).div_rem(&to_int(&rd));
        let (wq, wr) = ra.clone().div_rem(rd.clone());
        let what = || ctx(format!("{} / {}", hx(&ra), hx(&rd)));
        check(&q, &wq, what);
        check(&r, &wr, what);
        checks += 2;
    }

    for n in [1, 3, 30, 61, 300, 2000, 5000] {
        let ra = magnitude(&mut rng, n);
        let want = ra.to_string();
        let got = to_int(&ra).to_string();
        check_eq(&got, &want, || ctx(format!("to_string of {}", hx(&ra))));
        let back: Int = want.parse().expect("decimal digits");
        check(&back, &ra, || ctx(format!("parse of {}", hx(&ra))));
        checks += 2;
    }

    for n in [1, 4, 6, 13, 40] {
        let rm = magnitude(&mut rng, n) | Integer::from(1);
        if rm <= 1 {
            continue;
        }
        let m = Modulus::new(&to_int(&rm)).expect("odd modulus above 1");
        let rb = magnitude(&mut rng, n) % &rm;
        let re = magnitude(&mut rng, 1 + n / 2);
        let (b, e) = (to_int(&rb), to_int(&re));
        let want = rb.clone().pow_mod(&re, &rm).expect("odd modulus");
        let what = || ctx(format!("{}^{} mod {}", hx(&rb), hx(&re), hx(&rm)));
        check(&m.pow_vartime(&b, &e), &want, what);
        check(&m.pow(&b, &e), &want, what);
        checks += 2;
    }

    let p = Integer::from_str_radix(BN254_P, 16).expect("hex");
    for _ in 0..50 {
        let (ra, rb) = (magnitude(&mut rng, 4) % &p, magnitude(&mut rng, 4) % &p);
        let got = (Fq::from_int(&to_int(&ra)) * Fq::from_int(&to_int(&rb))).to_int();
        check(&got, &(Integer::from(&ra * &rb) % &p), || {
            ctx(format!("bn254 {} * {}", hx(&ra), hx(&rb)))
        });
        checks += 1;
    }
    checks
}

#[test]
fn every_cpu_mode_agrees_with_gmp() {
    let detected = limbs::cpu_detected();
    let mut checks = 0;
    for (mask, name) in MODES {
        checks += run_mode(mask, name);
    }
    limbs::set_cpu_disabled(0);
    assert_eq!(limbs::cpu_features(), detected);
    report("every_cpu_mode_agrees_with_gmp", checks);
}

/// Operand limbs for [`ntt_kernels_match_portable`]: random, all ones (the largest
/// coefficients), or striped.
fn ntt_operand(rng: &mut Rng, n: usize, kind: u64) -> Vec<u64> {
    (0..n)
        .map(|i| match kind {
            0 => rng.next_u64(),
            1 => u64::MAX,
            _ => {
                if (i / 3) % 2 == 0 {
                    u64::MAX
                } else {
                    0x0000_ffff_0000_0001
                }
            }
        })
        .collect()
}

/// The NTT with the vector kernels of each mode (AVX-512F, AVX2, none) against its portable
/// twin, limb for limb, on products, squares and cyclic products of every transform length from
/// 4 points to 2^16 (long enough for the parallel tasks with the `parallel` feature), balanced
/// and lopsided, with random, all-ones and striped operands.
#[test]
fn ntt_kernels_match_portable() {
    let mut rng = Rng::for_test("ntt_kernels_match_portable");
    let mut checks = 0;
    let mut sizes: Vec<(usize, usize)> = (1..=12).map(|n| (n, n)).collect();
    for k in 4..=14 {
        let n = 1usize << k;
        sizes.extend([
            (n, n),
            (n + 1, n - 1),
            (n - 3, n / 3 + 1),
            (3 * n / 2, n / 2),
        ]);
    }
    for (mask, name) in [(0, "all"), (limbs::CPU_AVX512, "noavx512")] {
        limbs::set_cpu_disabled(mask);
        for &(an, bn) in &sizes {
            for kind in 0..3 {
                let a = ntt_operand(&mut rng, an, kind);
                let kind_b = (kind + rng.below(2)) % 3;
                let b = ntt_operand(&mut rng, bn, kind_b);
                let (a, b) = if an >= bn { (a, b) } else { (b, a) };
                let (mut r, mut want) = (vec![0; an + bn], vec![0; an + bn]);
                limbs::mul_ntt(&mut r, &a, &b);
                limbs::mul_ntt_portable(&mut want, &a, &b);
                assert!(r == want, "CARRY_CPU={name}: mul_ntt {an}x{bn} kind {kind}");
                let (mut r, mut want) = (vec![0; 2 * an], vec![0; 2 * an]);
                limbs::sqr_ntt(&mut r, &a);
                limbs::sqr_ntt_portable(&mut want, &a);
                assert!(r == want, "CARRY_CPU={name}: sqr_ntt {an} kind {kind}");
                let k = an.max(2).next_power_of_two();
                let (mut r, mut want) = (vec![0; k], vec![0; k]);
                limbs::mul_ntt_wrap(&mut r, &a, &b);
                limbs::mul_ntt_wrap_portable(&mut want, &a, &b);
                assert!(
                    r == want,
                    "CARRY_CPU={name}: mul_ntt_wrap {an}x{bn} mod B^{k}-1"
                );
                checks += 3;
            }
        }
        // One product each against GMP, so that a fault shared by both twins shows too.
        let (a, b) = (
            ntt_operand(&mut rng, 3000, 0),
            ntt_operand(&mut rng, 2000, 1),
        );
        let mut r = vec![0; 5000];
        limbs::mul_ntt(&mut r, &a, &b);
        let want = Integer::from(&from_limbs(&a) * &from_limbs(&b));
        assert!(from_limbs(&r) == want, "CARRY_CPU={name}: mul_ntt vs GMP");
        checks += 1;
    }
    limbs::set_cpu_disabled(0);
    report("ntt_kernels_match_portable", checks);
}

#[test]
fn cpu_spec_words() {
    use limbs::{parse_cpu_spec, CPU_ADX, CPU_ALL, CPU_AVX2, CPU_AVX512, CPU_AVX512_IFMA};
    assert_eq!(parse_cpu_spec(""), Ok(0));
    assert_eq!(parse_cpu_spec("noadx"), Ok(CPU_ADX));
    assert_eq!(
        parse_cpu_spec(" NoAVX512 ,noadx,"),
        Ok(CPU_AVX512 | CPU_AVX512_IFMA | CPU_ADX)
    );
    assert_eq!(
        parse_cpu_spec("noavx2"),
        Ok(CPU_AVX2 | CPU_AVX512 | CPU_AVX512_IFMA)
    );
    assert_eq!(parse_cpu_spec("generic"), Ok(CPU_ALL));
    assert_eq!(parse_cpu_spec("noadx,turbo"), Err((CPU_ADX, "turbo")));
}
