//! Measures the crossovers in `carry::thresholds`: times base case, Karatsuba, Toom-3 and Toom-4
//! multiplication and squaring at each size and prints where each algorithm starts to win,
//! schoolbook against divide-and-conquer division, and Montgomery products (a schoolbook
//! against a subquadratic product before the REDC),
//! then times the radix conversions and the division and radix kernels at a few reference sizes.
//!
//! Run with `cargo run --release --example tune` (without `tiny-thresholds`); `-- --ntt` measures
//! only the Toom-3 to NTT crossovers (`MUL_NTT`, `SQR_NTT`), `-- --redc` only the Montgomery
//! product crossovers, `-- --mu` only Burnikel–Ziegler against Newton division (`DIV_MU`),
//! `-- --add` only the ADC chain against the AVX-512F kernel (`ADD_AVX512`), `-- --toom4` only
//! Toom-3 against Toom-4 (`MUL_TOOM4`), `-- --reference` only the reference timings.

use carry::limbs;
use rug::integer::Order;
use rug::Integer;
use std::hint::black_box;
use std::time::Instant;

/// The fastest of 15 batches, in nanoseconds per call: on a machine shared with other
/// processes the minimum is steadier than the median (close variants, such as Montgomery
/// products by two methods, otherwise trade places from run to run).
fn time_ns(mut f: impl FnMut()) -> f64 {
    let mut iters = 1u64;
    loop {
        let t = Instant::now();
        for _ in 0..iters {
            f();
        }
        if t.elapsed().as_micros() > 1_000 {
            break;
        }
        iters *= 2;
    }
    (0..15)
        .map(|_| {
            let t = Instant::now();
            for _ in 0..iters {
                f();
            }
            t.elapsed().as_nanos() as f64 / iters as f64
        })
        .fold(f64::INFINITY, f64::min)
}

struct Lcg(u64);

impl Lcg {
    fn limbs(&mut self, n: usize) -> Vec<u64> {
        (0..n)
            .map(|_| {
                self.0 = self
                    .0
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1_442_695_040_888_963_407);
                self.0 ^ (self.0 >> 29)
            })
            .collect()
    }
}

/// The first size from which `fast` beats `slow` at this size and the next two sizes too.
fn crossover(sizes: &[usize], slow: &[f64], fast: &[f64]) -> Option<usize> {
    (0..sizes.len())
        .find(|&i| (i..(i + 3).min(sizes.len())).all(|j| fast[j] < slow[j]))
        .map(|i| sizes[i])
}

/// The first size from which `fast` is never more than 10% slower than `slow`, one outlier
/// allowed: for the NTT, whose time jumps at each power of two of the product length, so that it
/// loses to Toom-3 just past a jump long after it first wins.
fn robust_crossover(sizes: &[usize], slow: &[f64], fast: &[f64]) -> Option<usize> {
    (0..sizes.len())
        .find(|&i| {
            (i..sizes.len())
                .filter(|&j| fast[j] > 1.1 * slow[j])
                .count()
                <= 1
        })
        .map(|i| sizes[i])
}

/// The ADC chain against the AVX-512F carry-lookahead kernel for `add_n` (`ADD_AVX512`), on
/// CPUs with AVX-512F.
#[cfg(target_arch = "x86_64")]
fn tune_add(rng: &mut Lcg) {
    if !limbs::has_avx512f() {
        println!("ADD_AVX512: this CPU has no AVX-512F");
        return;
    }
    let sizes: Vec<usize> = (8..=128).step_by(8).chain([192, 256, 512, 1024]).collect();
    let (mut adc, mut avx) = (vec![], vec![]);
    println!("add: limbs adc_ns avx512_ns");
    for &n in &sizes {
        let a = rng.limbs(n);
        let b = rng.limbs(n);
        let mut r = vec![0u64; n];
        let (pa, pb, pr) = (a.as_ptr(), b.as_ptr(), r.as_mut_ptr());
        // SAFETY: all three hold n limbs; AVX-512F is present (checked above).
        let tc = time_ns(|| unsafe {
            black_box(limbs::add_n_adc(pr, black_box(pa), pb, n));
        });
        // SAFETY: as above.
        let tv = time_ns(|| unsafe {
            black_box(limbs::add_sub_n_avx512::<false>(pr, black_box(pa), pb, n));
        });
        println!("add {n:4} {tc:10.1} {tv:10.1}");
        adc.push(tc);
        avx.push(tv);
    }
    println!("ADD_AVX512 = {:?}", crossover(&sizes, &adc, &avx));
}

fn tune_mul(rng: &mut Lcg) {
    let sizes: Vec<usize> = (8..=200).step_by(4).collect();
    let scratch_len = 16 * 200 + 256;
    let mut scratch = vec![0u64; scratch_len];
    let (mut base, mut kara, mut toom) = (vec![], vec![], vec![]);
    println!("mul: limbs basecase_ns karatsuba_ns toom3_ns");
    for &n in &sizes {
        let a = rng.limbs(n);
        let b = rng.limbs(n);
        let mut r = vec![0u64; 2 * n];
        let tb = time_ns(|| limbs::mul_basecase(&mut r, black_box(&a), black_box(&b)));
        let tk =
            time_ns(|| limbs::mul_karatsuba(&mut r, black_box(&a), black_box(&b), &mut scratch));
        let tt = time_ns(|| limbs::mul_toom3(&mut r, black_box(&a), black_box(&b), &mut scratch));
        println!("mul {n:4} {tb:10.0} {tk:10.0} {tt:10.0}");
        base.push(tb);
        kara.push(tk);
        toom.push(tt);
    }
    println!("MUL_KARATSUBA = {:?}", crossover(&sizes, &base, &kara));
    println!("MUL_TOOM3 = {:?}", crossover(&sizes, &kara, &toom));
}

fn tune_sqr(rng: &mut Lcg) {
    let sizes: Vec<usize> = (8..=240).step_by(4).collect();
    let mut scratch = vec![0u64; 16 * 240 + 256];
    let (mut base, mut kara, mut toom) = (vec![], vec![], vec![]);
    println!("sqr: limbs basecase_ns karatsuba_ns toom3_ns");
    for &n in &sizes {
        let a = rng.limbs(n);
        let mut r = vec![0u64; 2 * n];
        let tb = time_ns(|| limbs::sqr_basecase(&mut r, black_box(&a)));
        let tk = time_ns(|| limbs::sqr_karatsuba(&mut r, black_box(&a), &mut scratch));
        let tt = time_ns(|| limbs::sqr_toom3(&mut r, black_box(&a), &mut scratch));
        println!("sqr {n:4} {tb:10.0} {tk:10.0} {tt:10.0}");
        base.push(tb);
        kara.push(tk);
        toom.push(tt);
    }
    println!("SQR_KARATSUBA = {:?}", crossover(&sizes, &base, &kara));
    println!("SQR_TOOM3 = {:?}", crossover(&sizes, &kara, &toom));
}

/// Toom-3 against Toom-4 products from 120 to 800 limbs (the NTT takes over from `MUL_NTT`).
fn tune_toom4(rng: &mut Lcg) {
    let sizes: Vec<usize> = (120..=800).step_by(40).collect();
    let mut scratch = vec![0u64; 16 * 800 + 256];
    let (mut t3s, mut t4s) = (vec![], vec![]);
    println!("toom: limbs toom3_ns toom4_ns");
    for &n in &sizes {
        let a = rng.limbs(n);
        let b = rng.limbs(n);
        let mut r = vec![0u64; 2 * n];
        let t3 = time_ns(|| limbs::mul_toom3(&mut r, black_box(&a), black_box(&b), &mut scratch));
        let t4 = time_ns(|| limbs::mul_toom4(&mut r, black_box(&a), black_box(&b), &mut scratch));
        println!("toom {n:4} {t3:10.0} {t4:10.0}");
        t3s.push(t3);
        t4s.push(t4);
    }
    println!("MUL_TOOM4 = {:?}", crossover(&sizes, &t3s, &t4s));
}

/// A normalized `n`-limb divisor and a `2n`-limb dividend whose top half is below it.
fn division_operands(rng: &mut Lcg, n: usize) -> (Vec<u64>, Vec<u64>) {
    let mut d = rng.limbs(n);
    d[n - 1] |= 1 << 63;
    let mut u = rng.limbs(2 * n);
    u[2 * n - 1] = d[n - 1] - 1;
    (d, u)
}

/// 2n-by-n division: schoolbook against divide and conquer (DIV_DC), on a normalized divisor.
fn tune_div(rng: &mut Lcg) {
    let sizes: Vec<usize> = (10..=200).step_by(10).collect();
    let (mut school, mut dc) = (vec![], vec![]);
    for &n in &sizes {
        let (d, u0) = division_operands(rng, n);
        let (mut u, mut q) = (u0.clone(), vec![0u64; n]);
        let mut scratch = vec![0u64; limbs::divrem_dc_scratch_len(n)];
        school.push(time_ns(|| {
            u.copy_from_slice(&u0);
            limbs::divrem_schoolbook(&mut q, &mut u, black_box(&d));
        }));
        dc.push(time_ns(|| {
            u.copy_from_slice(&u0);
            limbs::divrem_dc(&mut q, &mut u, black_box(&d), &mut scratch);
        }));
    }
    println!("DIV_DC = {:?}", crossover(&sizes, &school, &dc));
}

/// Burnikel–Ziegler against Newton-reciprocal division (`divrem_mu`, its reciprocal included)
/// for 2n-by-n divisions: `DIV_MU`, robustly, as the products' NTT lengths make the times jump.
fn tune_mu(rng: &mut Lcg) {
    let sizes = [
        1000, 1500, 2000, 2500, 3000, 3500, 4000, 5000, 6000, 8000, 12000, 16000,
    ];
    let (mut dc, mut mu) = (vec![], vec![]);
    for &n in &sizes {
        let (d, u0) = division_operands(rng, n);
        let (mut u, mut q) = (u0.clone(), vec![0u64; n]);
        let mut scratch = vec![0u64; limbs::divrem_mu_scratch_len(n)];
        dc.push(time_ns(|| {
            u.copy_from_slice(&u0);
            limbs::divrem_dc(&mut q, &mut u, black_box(&d), &mut scratch);
        }));
        mu.push(time_ns(|| {
            u.copy_from_slice(&u0);
            limbs::divrem_mu(&mut q, &mut u, black_box(&d), &mut scratch);
        }));
        println!(
            "{n:>6} limbs: dc {:>9.0} ns  mu {:>9.0} ns",
            dc.last().unwrap(),
            mu.last().unwrap()
        );
    }
    println!(
        "DIV_MU = {:?} (first win {:?})",
        robust_crossover(&sizes, &dc, &mu),
        crossover(&sizes, &dc, &mu)
    );
}

/// Montgomery products modulo an odd `n`-limb modulus as `Modulus` forms them above eight limbs
/// (below, fixed-width products on arrays): a schoolbook product or square followed by `redc`
/// against one level of Karatsuba (`mul_karatsuba` / `sqr_karatsuba`, halves by `limbs::mul` /
/// `limbs::sqr`), that is, whether MUL_KARATSUBA and SQR_KARATSUBA also hold with a REDC after
/// the product.
fn tune_redc(rng: &mut Lcg) {
    let sizes: Vec<usize> = (8..16).chain((16..=96).step_by(4)).collect();
    let (mut sep, mut sep_sq, mut sub, mut sub_sq) = (vec![], vec![], vec![], vec![]);
    println!("redc: limbs separate_mul karatsuba_mul separate_sqr karatsuba_sqr (ns)");
    for &n in &sizes {
        let mut m = rng.limbs(n);
        m[0] |= 1;
        m[n - 1] |= 1 << 63;
        let minv = limbs::neg_inv_limb(m[0]);
        let mut a = rng.limbs(n);
        let mut b = rng.limbs(n);
        a[n - 1] >>= 1;
        b[n - 1] >>= 1;
        let mut r = vec![0u64; n];
        let mut t = vec![0u64; 2 * n + 2];
        let mut prod = vec![0u64; 2 * n];
        let mut scratch = vec![0u64; 16 * n + 256];
        let ts = time_ns(|| {
            limbs::mont_mul_separate(&mut r, black_box(&a), black_box(&b), &m, minv, &mut t)
        });
        let tq = time_ns(|| {
            limbs::mul_karatsuba(&mut prod, black_box(&a), black_box(&b), &mut scratch);
            limbs::redc(&mut r, &mut prod, &m, minv);
        });
        let ts2 = time_ns(|| limbs::mont_sqr_separate(&mut r, black_box(&a), &m, minv, &mut t));
        let tq2 = time_ns(|| {
            limbs::sqr_karatsuba(&mut prod, black_box(&a), &mut scratch);
            limbs::redc(&mut r, &mut prod, &m, minv);
        });
        println!("redc {n:4} {ts:9.0} {tq:9.0} {ts2:9.0} {tq2:9.0}");
        sep.push(ts);
        sub.push(tq);
        sep_sq.push(ts2);
        sub_sq.push(tq2);
    }
    println!(
        "Karatsuba before REDC from {:?} limbs for products, {:?} for squares (MUL_KARATSUBA = {}, SQR_KARATSUBA = {})",
        crossover(&sizes, &sep, &sub),
        crossover(&sizes, &sep_sq, &sub_sq),
        carry::thresholds::MUL_KARATSUBA,
        carry::thresholds::SQR_KARATSUBA
    );
}

/// Radix conversion of decimal numbers, base case against divide and conquer, through `Int`
/// text conversions timed at sizes around the thresholds (they use the thresholds compiled in,
/// so this prints the times for a person to read rather than a crossover).
fn radix_timings() {
    for digits in [600, 1200, 2400, 4800] {
        let text: String = (0..digits)
            .map(|i| (b'1' + (i * 7 % 9) as u8) as char)
            .collect();
        let x: carry::Int = text.parse().unwrap();
        let tp = time_ns(|| drop(black_box(black_box(&text).parse::<carry::Int>())));
        let tf = time_ns(|| drop(black_box(black_box(&x).to_string())));
        println!(
            "{digits} digits ({} limbs): parse {tp:.0} ns, to_string {tf:.0} ns (FROM_RADIX_DC = {} digits, TO_RADIX_DC = {} limbs)",
            x.as_limbs().len(),
            carry::thresholds::FROM_RADIX_DC,
            carry::thresholds::TO_RADIX_DC
        );
    }
}

fn reference_timings(rng: &mut Lcg) {
    for n in [16, 32, 64, 128, 1024, 4096, 16384] {
        let a = rng.limbs(n);
        let b = rng.limbs(n);
        let mut r = vec![0u64; 2 * n];
        let t = time_ns(|| limbs::mul_basecase(&mut r, black_box(&a), black_box(&b)));
        let mut scratch = vec![0u64; limbs::mul_scratch_len(n, n)];
        let tm = time_ns(|| limbs::mul(&mut r, black_box(&a), black_box(&b), &mut scratch));
        let mut scratch = vec![0u64; limbs::sqr_scratch_len(n)];
        let ts = time_ns(|| limbs::sqr(&mut r, black_box(&a), &mut scratch));
        let ga = Integer::from_digits(&a, Order::Lsf);
        let gb = Integer::from_digits(&b, Order::Lsf);
        let tg = time_ns(|| {
            black_box(Integer::from(black_box(&ga) * black_box(&gb)));
        });
        println!(
            "mul_basecase {n}x{n}: {t:.0} ns, mul: {tm:.0} ns, sqr: {ts:.0} ns (GMP via rug: {tg:.0} ns)"
        );
    }
    for (an, dn) in [(8, 4), (32, 16), (128, 64)] {
        let a = rng.limbs(an);
        let d = rng.limbs(dn);
        let mut q = vec![0u64; an - dn + 1];
        let mut r = vec![0u64; dn];
        let mut scratch = vec![0u64; limbs::divrem_scratch_len(an, dn)];
        let t =
            time_ns(|| limbs::divrem(&mut q, &mut r, black_box(&a), black_box(&d), &mut scratch));
        let ga = Integer::from_digits(&a, Order::Lsf);
        let gd = Integer::from_digits(&d, Order::Lsf);
        let tg = time_ns(|| {
            black_box(<(Integer, Integer)>::from(
                black_box(&ga).div_rem_ref(black_box(&gd)),
            ));
        });
        println!("divrem {an}/{dn} limbs: {t:.0} ns (GMP via rug: {tg:.0} ns)");
    }
    let a = rng.limbs(100);
    let mut q = vec![0u64; 100];
    let t = time_ns(|| {
        black_box(limbs::divrem_1(
            &mut q,
            black_box(&a),
            black_box(1_000_000_007),
        ));
    });
    println!("divrem_1 100 limbs: {t:.0} ns");
    let digits: Vec<u8> = (0..1000).map(|i| ((i * 7 + 3) % 10) as u8).collect();
    let mut r = vec![0u64; limbs::from_radix_len(1000, 10)];
    let t = time_ns(|| {
        limbs::from_radix(&mut r, black_box(&digits), 10);
    });
    let text: String = digits.iter().map(|&d| (b'0' + d) as char).collect();
    let tg = time_ns(|| {
        black_box(Integer::from_str_radix(black_box(&text), 10).unwrap());
    });
    println!("from_radix 1000 decimal digits: {t:.0} ns (GMP via rug: {tg:.0} ns)");
    let n = limbs::from_radix(&mut r, &digits, 10);
    let x = r[..n].to_vec();
    let mut out = vec![0u8; limbs::to_radix_len(&x, 10)];
    let mut work = x.clone();
    let t = time_ns(|| {
        work.copy_from_slice(&x);
        limbs::to_radix(&mut out, &mut work, 10);
    });
    let g = Integer::from_digits(&x, Order::Lsf);
    let tg = time_ns(|| {
        black_box(black_box(&g).to_string_radix(10));
    });
    println!("to_radix 1000 decimal digits: {t:.0} ns (GMP via rug, with allocation: {tg:.0} ns)");
}

/// Toom-3 against the three-prime NTT for `mul` and `sqr` on balanced operands, at sizes
/// growing by 1/16 from 256 limbs.
fn tune_ntt(rng: &mut Lcg) {
    let mut sizes = vec![256usize];
    while *sizes.last().unwrap() < 3_000 {
        let n = *sizes.last().unwrap();
        sizes.push(n + n / 16);
    }
    let mut scratch = vec![0u64; 16 * 3_200 + 256];
    let (mut toom, mut ntt, mut toom_sqr, mut ntt_sqr) = (vec![], vec![], vec![], vec![]);
    println!("ntt: limbs toom3_mul_ns ntt_mul_ns toom3_sqr_ns ntt_sqr_ns");
    for &n in &sizes {
        let a = rng.limbs(n);
        let b = rng.limbs(n);
        let mut r = vec![0u64; 2 * n];
        let tt = time_ns(|| limbs::mul_toom3(&mut r, black_box(&a), black_box(&b), &mut scratch));
        let tn = time_ns(|| limbs::mul_ntt(&mut r, black_box(&a), black_box(&b)));
        let ts = time_ns(|| limbs::sqr_toom3(&mut r, black_box(&a), &mut scratch));
        let tq = time_ns(|| limbs::sqr_ntt(&mut r, black_box(&a)));
        println!("ntt {n:5} {tt:10.0} {tn:10.0} {ts:10.0} {tq:10.0}");
        toom.push(tt);
        ntt.push(tn);
        toom_sqr.push(ts);
        ntt_sqr.push(tq);
    }
    println!(
        "MUL_NTT = {:?} (first win {:?})",
        robust_crossover(&sizes, &toom, &ntt),
        crossover(&sizes, &toom, &ntt)
    );
    println!(
        "SQR_NTT = {:?} (first win {:?})",
        robust_crossover(&sizes, &toom_sqr, &ntt_sqr),
        crossover(&sizes, &toom_sqr, &ntt_sqr)
    );
}

fn main() {
    let mut rng = Lcg(0x2545_f491_4f6c_dd1d);
    let args: Vec<String> = std::env::args().collect();
    let only_ref = args.iter().any(|a| a == "--reference");
    if args.iter().any(|a| a == "--ntt") {
        tune_ntt(&mut rng);
        return;
    }
    if args.iter().any(|a| a == "--redc") {
        tune_redc(&mut rng);
        return;
    }
    #[cfg(target_arch = "x86_64")]
    if args.iter().any(|a| a == "--add") {
        tune_add(&mut rng);
        return;
    }
    if args.iter().any(|a| a == "--toom4") {
        tune_toom4(&mut rng);
        return;
    }
    if args.iter().any(|a| a == "--mu") {
        tune_mu(&mut rng);
        return;
    }
    if !only_ref {
        #[cfg(target_arch = "x86_64")]
        tune_add(&mut rng);
        tune_mul(&mut rng);
        tune_sqr(&mut rng);
        tune_toom4(&mut rng);
        tune_div(&mut rng);
        tune_redc(&mut rng);
        radix_timings();
    }
    reference_timings(&mut rng);
}
