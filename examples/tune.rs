//! Measures the crossovers in `carry::thresholds`: times base case, Karatsuba, Toom-3 and Toom-4
//! multiplication and squaring at each size and prints where each algorithm starts to win,
//! schoolbook against divide-and-conquer division, and Montgomery products (a schoolbook
//! against a subquadratic product before the REDC),
//! then times the radix conversions and the division and radix kernels at a few reference sizes.
//!
//! Run with `make tune` (`cargo run --release --example tune`, without `tiny-thresholds`): a full
//! run measures everything and writes the record `docs/calibration.md` (the CPU, the date, the
//! crossovers found beside the values compiled in, and every timing printed). Partial runs print
//! only: `-- --ntt` measures only the Toom-3 to NTT crossovers (`MUL_NTT`, `SQR_NTT`), `-- --redc`
//! only the Montgomery product crossovers, `-- --mu` only Burnikel–Ziegler against Newton
//! division (`DIV_MU`), `-- --add` only the ADC chain against the AVX2 and AVX-512F kernels (`ADD_AVX2`, `ADD_AVX512`),
//! `-- --toom4` only Toom-3 against Toom-4 (`MUL_TOOM4`), `-- --mul` and `-- --sqr` only the
//! products' and the squares' crossovers (`MUL_KARATSUBA`, `MUL_TOOM3`; `SQR_*`), `-- --reference` only the reference
//! timings. `-- --out PATH` writes the record elsewhere.

use carry::limbs;
use carry::thresholds as th;
use rug::integer::Order;
use rug::Integer;
use std::fmt::Write as _;
use std::hint::black_box;
use std::sync::Mutex;
use std::time::Instant;

/// Everything printed, for the record.
static LOG: Mutex<String> = Mutex::new(String::new());

/// `println!` that also keeps the line for the record.
macro_rules! out {
    ($($arg:tt)*) => {{
        let line = format!($($arg)*);
        println!("{line}");
        let mut log = LOG.lock().unwrap();
        log.push_str(&line);
        log.push('\n');
    }};
}

/// One crossover found: the constant, its value in `carry::thresholds`, what the tuner measured
/// (`None`: the faster algorithm never won in the sizes timed) and what was timed.
struct Found {
    name: &'static str,
    compiled: usize,
    measured: Option<usize>,
    what: &'static str,
}

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

/// The ADC chain against the AVX-512F and the AVX2 carry-lookahead kernels for `add_n`
/// (`ADD_AVX512`, `ADD_AVX2`), on CPUs with those features.
#[cfg(target_arch = "x86_64")]
fn tune_add(rng: &mut Lcg) -> Vec<Found> {
    let (avx2, avx512) = (limbs::has_avx2(), limbs::has_avx512f());
    if !avx2 {
        out!("ADD_AVX2, ADD_AVX512: this CPU has no AVX2");
        return vec![];
    }
    let sizes: Vec<usize> = (8..=128).step_by(8).chain([192, 256, 512, 1024]).collect();
    let (mut adc, mut t2, mut t512) = (vec![], vec![], vec![]);
    out!("add: limbs adc_ns avx2_ns avx512_ns");
    for &n in &sizes {
        let a = rng.limbs(n);
        let b = rng.limbs(n);
        let mut r = vec![0u64; n];
        let (pa, pb, pr) = (a.as_ptr(), b.as_ptr(), r.as_mut_ptr());
        // SAFETY: all three hold n limbs.
        let tc = time_ns(|| unsafe {
            black_box(limbs::add_n_adc(pr, black_box(pa), pb, n));
        });
        // SAFETY: as above; AVX2 is present (checked above).
        let tv = time_ns(|| unsafe {
            black_box(limbs::add_sub_n_avx2::<false>(pr, black_box(pa), pb, n));
        });
        let tw = if avx512 {
            // SAFETY: as above; AVX-512F is present.
            time_ns(|| unsafe {
                black_box(limbs::add_sub_n_avx512::<false>(pr, black_box(pa), pb, n));
            })
        } else {
            f64::NAN
        };
        out!("add {n:4} {tc:10.1} {tv:10.1} {tw:10.1}");
        adc.push(tc);
        t2.push(tv);
        t512.push(tw);
    }
    let found2 = crossover(&sizes, &adc, &t2);
    out!("ADD_AVX2 = {found2:?}");
    let mut found = vec![Found {
        name: "ADD_AVX2",
        compiled: th::ADD_AVX2,
        measured: found2,
        what: "`add_n` without AVX-512F: ADC chain against the AVX2 kernel",
    }];
    if avx512 {
        let found512 = crossover(&sizes, &adc, &t512);
        out!("ADD_AVX512 = {found512:?}");
        found.push(Found {
            name: "ADD_AVX512",
            compiled: th::ADD_AVX512,
            measured: found512,
            what: "`add_n`: ADC chain against the AVX-512F kernel",
        });
    } else {
        out!("ADD_AVX512: this CPU has no AVX-512F");
    }
    found
}

fn tune_mul(rng: &mut Lcg) -> Vec<Found> {
    let sizes: Vec<usize> = (8..=200).step_by(4).collect();
    let scratch_len = 16 * 200 + 256;
    let mut scratch = vec![0u64; scratch_len];
    let (mut base, mut kara, mut toom) = (vec![], vec![], vec![]);
    out!("mul: limbs basecase_ns karatsuba_ns toom3_ns");
    for &n in &sizes {
        let a = rng.limbs(n);
        let b = rng.limbs(n);
        let mut r = vec![0u64; 2 * n];
        let tb = time_ns(|| limbs::mul_schoolbook(&mut r, black_box(&a), black_box(&b)));
        let tk =
            time_ns(|| limbs::mul_karatsuba(&mut r, black_box(&a), black_box(&b), &mut scratch));
        let tt = time_ns(|| limbs::mul_toom3(&mut r, black_box(&a), black_box(&b), &mut scratch));
        out!("mul {n:4} {tb:10.0} {tk:10.0} {tt:10.0}");
        base.push(tb);
        kara.push(tk);
        toom.push(tt);
    }
    let (k, t) = (
        crossover(&sizes, &base, &kara),
        crossover(&sizes, &kara, &toom),
    );
    out!("MUL_KARATSUBA = {k:?}");
    out!("MUL_TOOM3 = {t:?}");
    vec![
        Found {
            name: "MUL_KARATSUBA",
            compiled: th::MUL_KARATSUBA,
            measured: k,
            what: "products: base case against Karatsuba",
        },
        Found {
            name: "MUL_TOOM3",
            compiled: th::MUL_TOOM3,
            measured: t,
            what: "products: Karatsuba against Toom-3",
        },
    ]
}

fn tune_sqr(rng: &mut Lcg) -> Vec<Found> {
    let sizes: Vec<usize> = (8..=360).step_by(4).collect();
    let mut scratch = vec![0u64; 16 * 360 + 256];
    let (mut base, mut kara, mut toom) = (vec![], vec![], vec![]);
    out!("sqr: limbs basecase_ns karatsuba_ns toom3_ns");
    for &n in &sizes {
        let a = rng.limbs(n);
        let mut r = vec![0u64; 2 * n];
        let tb = time_ns(|| limbs::sqr_schoolbook(&mut r, black_box(&a)));
        let tk = time_ns(|| limbs::sqr_karatsuba(&mut r, black_box(&a), &mut scratch));
        let tt = time_ns(|| limbs::sqr_toom3(&mut r, black_box(&a), &mut scratch));
        out!("sqr {n:4} {tb:10.0} {tk:10.0} {tt:10.0}");
        base.push(tb);
        kara.push(tk);
        toom.push(tt);
    }
    let (k, t) = (
        crossover(&sizes, &base, &kara),
        crossover(&sizes, &kara, &toom),
    );
    out!("SQR_KARATSUBA = {k:?}");
    out!("SQR_TOOM3 = {t:?}");
    vec![
        Found {
            name: "SQR_KARATSUBA",
            compiled: th::SQR_KARATSUBA,
            measured: k,
            what: "squares: base case against Karatsuba",
        },
        Found {
            name: "SQR_TOOM3",
            compiled: th::SQR_TOOM3,
            measured: t,
            what: "squares: Karatsuba against Toom-3",
        },
    ]
}

/// Toom-3 against Toom-4 products from 120 to 800 limbs (the NTT takes over from `MUL_NTT`).
fn tune_toom4(rng: &mut Lcg) -> Vec<Found> {
    let sizes: Vec<usize> = (120..=800).step_by(40).collect();
    let mut scratch = vec![0u64; 16 * 800 + 256];
    let (mut t3s, mut t4s) = (vec![], vec![]);
    out!("toom: limbs toom3_ns toom4_ns");
    for &n in &sizes {
        let a = rng.limbs(n);
        let b = rng.limbs(n);
        let mut r = vec![0u64; 2 * n];
        let t3 = time_ns(|| limbs::mul_toom3(&mut r, black_box(&a), black_box(&b), &mut scratch));
        let t4 = time_ns(|| limbs::mul_toom4(&mut r, black_box(&a), black_box(&b), &mut scratch));
        out!("toom {n:4} {t3:10.0} {t4:10.0}");
        t3s.push(t3);
        t4s.push(t4);
    }
    let found = crossover(&sizes, &t3s, &t4s);
    out!("MUL_TOOM4 = {found:?}");
    vec![Found {
        name: "MUL_TOOM4",
        compiled: th::MUL_TOOM4,
        measured: found,
        what: "products: Toom-3 against Toom-4",
    }]
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
fn tune_div(rng: &mut Lcg) -> Vec<Found> {
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
    let found = crossover(&sizes, &school, &dc);
    out!("DIV_DC = {found:?}");
    vec![Found {
        name: "DIV_DC",
        compiled: th::DIV_DC,
        measured: found,
        what: "2n-by-n division: schoolbook against Burnikel–Ziegler",
    }]
}

/// Burnikel–Ziegler against Newton-reciprocal division (`divrem_mu`, its reciprocal included)
/// for 2n-by-n divisions: `DIV_MU`, robustly, as the products' NTT lengths make the times jump.
fn tune_mu(rng: &mut Lcg) -> Vec<Found> {
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
        out!(
            "{n:>6} limbs: dc {:>9.0} ns  mu {:>9.0} ns",
            dc.last().unwrap(),
            mu.last().unwrap()
        );
    }
    let found = robust_crossover(&sizes, &dc, &mu);
    out!(
        "DIV_MU = {found:?} (first win {:?})",
        crossover(&sizes, &dc, &mu)
    );
    vec![Found {
        name: "DIV_MU",
        compiled: th::DIV_MU,
        measured: found,
        what: "2n-by-n division: Burnikel–Ziegler against Newton (robust crossover)",
    }]
}

/// Montgomery products modulo an odd `n`-limb modulus as `Modulus` forms them above eight limbs
/// (below, fixed-width products on arrays): a schoolbook product or square followed by `redc`
/// against one level of Karatsuba (`mul_karatsuba` / `sqr_karatsuba`, halves by `limbs::mul` /
/// `limbs::sqr`), that is, whether MUL_KARATSUBA and SQR_KARATSUBA also hold with a REDC after
/// the product.
fn tune_redc(rng: &mut Lcg) -> Vec<Found> {
    let sizes: Vec<usize> = (8..16).chain((16..=96).step_by(4)).collect();
    let (mut sep, mut sep_sq, mut sub, mut sub_sq) = (vec![], vec![], vec![], vec![]);
    out!("redc: limbs separate_mul karatsuba_mul separate_sqr karatsuba_sqr (ns)");
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
        out!("redc {n:4} {ts:9.0} {tq:9.0} {ts2:9.0} {tq2:9.0}");
        sep.push(ts);
        sub.push(tq);
        sep_sq.push(ts2);
        sub_sq.push(tq2);
    }
    out!(
        "Karatsuba before REDC from {:?} limbs for products, {:?} for squares (MUL_KARATSUBA = {}, SQR_KARATSUBA = {})",
        crossover(&sizes, &sep, &sub),
        crossover(&sizes, &sep_sq, &sub_sq),
        carry::thresholds::MUL_KARATSUBA,
        carry::thresholds::SQR_KARATSUBA
    );
    vec![
        Found {
            name: "MUL_KARATSUBA",
            compiled: th::MUL_KARATSUBA,
            measured: crossover(&sizes, &sep, &sub),
            what: "Montgomery products: schoolbook against Karatsuba before REDC",
        },
        Found {
            name: "SQR_KARATSUBA",
            compiled: th::SQR_KARATSUBA,
            measured: crossover(&sizes, &sep_sq, &sub_sq),
            what: "Montgomery squares: schoolbook against Karatsuba before REDC",
        },
    ]
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
        out!(
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
        out!(
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
        out!("divrem {an}/{dn} limbs: {t:.0} ns (GMP via rug: {tg:.0} ns)");
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
    out!("divrem_1 100 limbs: {t:.0} ns");
    let digits: Vec<u8> = (0..1000).map(|i| ((i * 7 + 3) % 10) as u8).collect();
    let mut r = vec![0u64; limbs::from_radix_len(1000, 10)];
    let t = time_ns(|| {
        limbs::from_radix(&mut r, black_box(&digits), 10);
    });
    let text: String = digits.iter().map(|&d| (b'0' + d) as char).collect();
    let tg = time_ns(|| {
        black_box(Integer::from_str_radix(black_box(&text), 10).unwrap());
    });
    out!("from_radix 1000 decimal digits: {t:.0} ns (GMP via rug: {tg:.0} ns)");
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
    out!("to_radix 1000 decimal digits: {t:.0} ns (GMP via rug, with allocation: {tg:.0} ns)");
}

/// Toom-3 against the three-prime NTT for `mul` and `sqr` on balanced operands, at sizes
/// growing by 1/16 from 256 limbs.
fn tune_ntt(rng: &mut Lcg) -> Vec<Found> {
    let mut sizes = vec![256usize];
    while *sizes.last().unwrap() < 3_000 {
        let n = *sizes.last().unwrap();
        sizes.push(n + n / 16);
    }
    let mut scratch = vec![0u64; 16 * 3_200 + 256];
    let (mut toom, mut ntt, mut toom_sqr, mut ntt_sqr) = (vec![], vec![], vec![], vec![]);
    out!("ntt: limbs toom3_mul_ns ntt_mul_ns toom3_sqr_ns ntt_sqr_ns");
    for &n in &sizes {
        let a = rng.limbs(n);
        let b = rng.limbs(n);
        let mut r = vec![0u64; 2 * n];
        let tt = time_ns(|| limbs::mul_toom3(&mut r, black_box(&a), black_box(&b), &mut scratch));
        let tn = time_ns(|| limbs::mul_ntt(&mut r, black_box(&a), black_box(&b)));
        let ts = time_ns(|| limbs::sqr_toom3(&mut r, black_box(&a), &mut scratch));
        let tq = time_ns(|| limbs::sqr_ntt(&mut r, black_box(&a)));
        out!("ntt {n:5} {tt:10.0} {tn:10.0} {ts:10.0} {tq:10.0}");
        toom.push(tt);
        ntt.push(tn);
        toom_sqr.push(ts);
        ntt_sqr.push(tq);
    }
    let (m, q) = (
        robust_crossover(&sizes, &toom, &ntt),
        robust_crossover(&sizes, &toom_sqr, &ntt_sqr),
    );
    out!(
        "MUL_NTT = {m:?} (first win {:?})",
        crossover(&sizes, &toom, &ntt)
    );
    out!(
        "SQR_NTT = {q:?} (first win {:?})",
        crossover(&sizes, &toom_sqr, &ntt_sqr)
    );
    vec![
        Found {
            name: "MUL_NTT",
            compiled: th::MUL_NTT,
            measured: m,
            what: "products: Toom-3 against the NTT (robust crossover)",
        },
        Found {
            name: "SQR_NTT",
            compiled: th::SQR_NTT,
            measured: q,
            what: "squares: Toom-3 against the NTT (robust crossover)",
        },
    ]
}

/// The CPU as `/proc/cpuinfo` names it: model name, family and model, and whether it has the
/// features the kernels dispatch on.
fn cpu() -> String {
    let info = std::fs::read_to_string("/proc/cpuinfo").unwrap_or_default();
    let field = |key: &str| {
        info.lines()
            .find(|l| l.split(':').next().is_some_and(|k| k.trim() == key))
            .and_then(|l| l.split_once(':'))
            .map(|(_, v)| v.trim().to_string())
    };
    let Some(model) = field("model name") else {
        return std::env::consts::ARCH.to_string();
    };
    let flags = field("flags").unwrap_or_default();
    let has: Vec<&str> = ["bmi2", "adx", "avx2", "avx512f"]
        .into_iter()
        .filter(|f| flags.split(' ').any(|x| x == *f))
        .collect();
    let used = limbs::cpu_features();
    let kernels: Vec<&str> = [
        (limbs::CPU_ADX, "adx"),
        (limbs::CPU_AVX2, "avx2"),
        (limbs::CPU_AVX512, "avx512f"),
    ]
    .into_iter()
    .filter(|(bit, _)| used & bit != 0)
    .map(|(_, name)| name)
    .collect();
    format!(
        "{model} (family {}, model {}; {}); kernels in use: {} (CARRY_CPU={})",
        field("cpu family").unwrap_or_default(),
        field("model").unwrap_or_default(),
        has.join(", "),
        if kernels.is_empty() {
            "none".to_string()
        } else {
            kernels.join(", ")
        },
        std::env::var("CARRY_CPU").unwrap_or_default(),
    )
}

/// Today's date (UTC) as `YYYY-MM-DD` (days to a civil date, after Howard Hinnant's
/// `civil_from_days`).
fn today() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let z = (secs / 86_400) as i64 + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!("{y:04}-{m:02}-{d:02}")
}

/// A short fact about the run from a file of `/proc` (its first line, trimmed), or "unknown".
fn proc_line(path: &str, key: Option<&str>) -> String {
    let text = std::fs::read_to_string(path).unwrap_or_default();
    let line = match key {
        Some(k) => text
            .lines()
            .find_map(|l| l.strip_prefix(k).map(|v| v.trim().to_string())),
        None => text.lines().next().map(|l| l.trim().to_string()),
    };
    line.unwrap_or_else(|| "unknown".into())
}

/// The record of a full run, in Markdown.
fn record(found: &[Found], load: &str) -> String {
    let mut md = String::new();
    let commit = std::process::Command::new("git")
        .args(["describe", "--always", "--dirty", "--abbrev=7"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .ok()
        .filter(|o| o.status.success())
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
        .unwrap_or_else(|| "unknown".into());
    let _ = writeln!(md, "# Calibration record\n");
    for line in [
        "Written by `make tune` (`examples/tune.rs`); rerun it rather than editing this file. Each",
        "crossover is the first size from which the faster algorithm wins there and at the next",
        "two sizes timed (\"robust\": from which it never loses by more than 10%, one outlier",
        "allowed), in limbs of the smaller operand; `none` means it never won in the sizes timed.",
        "Where a constant in `src/thresholds.rs` departs from the value found,",
        "`docs/design/thresholds.md` says why.",
        "",
    ] {
        let _ = writeln!(md, "{line}");
    }
    let _ = writeln!(md, "- CPU: {}", cpu());
    let _ = writeln!(md, "- Date: {}", today());
    let _ = writeln!(md, "- Commit: {commit}");
    let _ = writeln!(
        md,
        "- Command: `make tune`, on CPUs {} (load average at the start: {load})\n",
        proc_line("/proc/self/status", Some("Cpus_allowed_list:"))
    );
    let _ = writeln!(md, "| constant | compiled | found | timed |");
    let _ = writeln!(md, "|---|---:|---:|---|");
    for f in found {
        let measured = f.measured.map_or("none".to_string(), |m| m.to_string());
        let _ = writeln!(
            md,
            "| `{}` | {} | {measured} | {} |",
            f.name, f.compiled, f.what
        );
    }
    let _ = writeln!(md, "\n## Timings\n\n```text");
    md.push_str(&LOG.lock().unwrap());
    let _ = writeln!(md, "```");
    md
}

fn main() {
    let mut rng = Lcg(0x2545_f491_4f6c_dd1d);
    let args: Vec<String> = std::env::args().collect();
    if args.iter().any(|a| a == "--reference") {
        reference_timings(&mut rng);
        return;
    }
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
    if args.iter().any(|a| a == "--mul") {
        tune_mul(&mut rng);
        return;
    }
    if args.iter().any(|a| a == "--sqr") {
        tune_sqr(&mut rng);
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
    let out = args
        .iter()
        .position(|a| a == "--out")
        .and_then(|i| args.get(i + 1).cloned())
        .unwrap_or_else(|| concat!(env!("CARGO_MANIFEST_DIR"), "/docs/calibration.md").into());
    let load = proc_line("/proc/loadavg", None)
        .split(' ')
        .take(3)
        .collect::<Vec<_>>()
        .join(" ");
    let mut found = Vec::new();
    #[cfg(target_arch = "x86_64")]
    found.extend(tune_add(&mut rng));
    found.extend(tune_mul(&mut rng));
    found.extend(tune_sqr(&mut rng));
    found.extend(tune_toom4(&mut rng));
    found.extend(tune_ntt(&mut rng));
    found.extend(tune_div(&mut rng));
    found.extend(tune_mu(&mut rng));
    found.extend(tune_redc(&mut rng));
    radix_timings();
    reference_timings(&mut rng);
    std::fs::write(&out, record(&found, &load)).unwrap_or_else(|e| panic!("{out}: {e}"));
    println!("wrote {out}");
}
