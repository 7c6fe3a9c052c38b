//! Differential tests of the `carry::limbs` kernels against GMP (through `rug`).
//!
//! `CARRY_SEED=<u64>` replays a run (the seed is printed in every failure message);
//! `CARRY_SCALE=<n>` multiplies the number of random cases (default 30, about 20 s in release).

mod common;

use carry::limbs;
use carry::thresholds::{
    MUL_KARATSUBA, MUL_NTT, MUL_NTT_UNBALANCED, MUL_TOOM3, MUL_TOOM4, SQR_NTT,
};
use rug::integer::Order;
use rug::ops::Pow;
use rug::Integer;
use std::time::{SystemTime, UNIX_EPOCH};

/// splitmix64: a small, well-mixed generator; the whole run replays from one seed.
struct Rng {
    state: u64,
    seed: u64,
}

impl Rng {
    fn new(test: &str) -> Rng {
        let seed = match std::env::var("CARRY_SEED") {
            Ok(s) => s.parse().expect("CARRY_SEED must be a u64"),
            Err(_) => SystemTime::now()
                .duration_since(UNIX_EPOCH)
                .map(|d| d.as_nanos() as u64)
                .unwrap_or(0x1234_5678),
        };
        // Each test gets its own stream so that they replay independently.
        let salt = test.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
            (h ^ b as u64).wrapping_mul(0x100_0000_01b3)
        });
        Rng {
            state: seed ^ salt,
            seed,
        }
    }

    fn next(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    /// A limb of a random flavour: uniform, 0, all ones, a power of two ± 1, or small.
    fn limb(&mut self) -> u64 {
        match self.below(8) {
            0 => 0,
            1 => u64::MAX,
            2 => 1u64 << self.below(64),
            3 => (1u64 << self.below(64)).wrapping_sub(1),
            4 => (1u64 << self.below(64)).wrapping_add(1),
            5 => self.next() >> self.below(64),
            _ => self.next(),
        }
    }

    /// `n` limbs: uniform, striped (long runs of 0 and 1 bits), sparse, or mixed flavours.
    fn limbs(&mut self, n: usize) -> Vec<u64> {
        let mut v = vec![0u64; n];
        if n == 0 {
            return v;
        }
        match self.below(4) {
            0 => v.iter_mut().for_each(|x| *x = self.next()),
            1 => {
                let mut bit = self.next() & 1;
                let mut i = 0;
                while i < 64 * n {
                    let max = if self.below(2) == 0 { 8 } else { 200 };
                    let run = 1 + self.below(max);
                    for j in i..(i + run).min(64 * n) {
                        v[j / 64] |= bit << (j % 64);
                    }
                    i += run;
                    bit ^= 1;
                }
            }
            2 => {
                for _ in 0..1 + self.below(4) {
                    let j = self.below(64 * n);
                    v[j / 64] |= 1 << (j % 64);
                }
                if self.below(2) == 0 {
                    let neg = v.clone();
                    let mut one = vec![0u64; n];
                    one[0] = 1;
                    limbs::sub(&mut v, &neg, &one);
                }
            }
            _ => v.iter_mut().for_each(|x| *x = self.limb()),
        }
        v
    }

    /// Like `limbs` but with a nonzero top limb.
    fn limbs_top(&mut self, n: usize) -> Vec<u64> {
        let mut v = self.limbs(n);
        while v[n - 1] == 0 {
            v[n - 1] = self.limb();
        }
        v
    }
}

fn scale() -> usize {
    std::env::var("CARRY_SCALE")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(30)
}

fn int(a: &[u64]) -> Integer {
    Integer::from_digits(a, Order::Lsf)
}

/// `x` as exactly `n` limbs (panics if it does not fit).
fn to_limbs(x: &Integer, n: usize) -> Vec<u64> {
    let mut v = x.to_digits::<u64>(Order::Lsf);
    assert!(v.len() <= n, "value does not fit in {n} limbs");
    v.resize(n, 0);
    v
}

/// Sizes around every threshold, small sizes and a few large ones.
fn interesting_sizes() -> Vec<usize> {
    let mut s: Vec<usize> = (1..=12).collect();
    for t in common::PRODUCT_THRESHOLDS {
        for k in [1, 2, 3] {
            for d in [t * k - 1, t * k, t * k + 1] {
                if d >= 1 {
                    s.push(d);
                }
            }
        }
    }
    s.extend([17, 31, 33, 64, 100, 150, 200, 257, 400]);
    s.sort();
    s.dedup();
    s
}

#[test]
fn mul_1_family() {
    let mut rng = Rng::new("mul_1_family");
    let seed = rng.seed;
    for case in 0..2000 * scale() {
        let n = 1 + rng.below(40);
        let a = rng.limbs(n);
        let b = rng.limb();
        let r0 = rng.limbs(n);
        let ctx = format!("seed {seed} case {case} n {n} b {b:#x}");

        let mut r = vec![0; n];
        let hi = limbs::mul_1(&mut r, &a, b);
        let mut full = r.clone();
        full.push(hi);
        assert_eq!(int(&full), int(&a) * b, "mul_1 {ctx}");

        let mut r = a.clone();
        let hi2 = limbs::mul_1_assign(&mut r, b);
        assert_eq!((&r[..], hi2), (&full[..n], hi), "mul_1_assign {ctx}");

        let mut r = r0.clone();
        let c = limbs::addmul_1(&mut r, &a, b);
        let mut full = r.clone();
        full.push(c);
        assert_eq!(int(&full), int(&r0) + int(&a) * b, "addmul_1 {ctx}");

        let mut r = r0.clone();
        let bw = limbs::submul_1(&mut r, &a, b);
        let expect = int(&r0) - int(&a) * b + (Integer::from(bw) << (64 * n as u32));
        assert_eq!(int(&r), expect, "submul_1 {ctx} borrow {bw}");
    }
}

/// The signed multiply-accumulate of the field inverse against GMP, at the extremes of
/// each operand (wrapping of the double word included) and on striped random words.
#[test]
fn mac_signed_matches_gmp() {
    let mut rng = Rng::new("mac_signed_matches_gmp");
    let seed = rng.seed;
    let edges = [
        0i64,
        1,
        -1,
        2,
        i64::MAX,
        i64::MIN,
        i64::MIN + 1,
        1 << 57,
        -(1 << 57),
    ];
    let word = |rng: &mut Rng| {
        let w = rng.limb() >> rng.below(64);
        if rng.below(2) == 0 {
            w as i64
        } else {
            (w as i64).wrapping_neg()
        }
    };
    for case in 0..20000 * scale() {
        let pick = |rng: &mut Rng| {
            if rng.below(4) == 0 {
                edges[rng.below(edges.len())]
            } else {
                word(rng)
            }
        };
        let (a, x) = (pick(&mut rng), pick(&mut rng));
        let acc = ((pick(&mut rng) as i128) << 64) | rng.limb() as i128;
        let want = Integer::from(acc) + Integer::from(a) * x;
        // The kernel wraps modulo 2^128, as i128 arithmetic would.
        let want = want.keep_signed_bits(128).to_i128().unwrap();
        assert_eq!(
            limbs::mac_signed(acc, a, x),
            want,
            "seed {seed} case {case}: {acc} + {a}·{x}"
        );
    }
}

fn check_mul(rng: &mut Rng, an: usize, bn: usize, ctx: &str) {
    let a = rng.limbs(an);
    let b = rng.limbs(bn);
    let expect = int(&a) * int(&b);
    let mut r = vec![0xdead_beef; an + bn];
    if an >= bn {
        limbs::mul_basecase(&mut r, &a, &b);
        assert_eq!(int(&r), expect, "mul_basecase {ctx} an {an} bn {bn}");
        r.fill(0xdead_beef);
        limbs::mul_schoolbook(&mut r, &a, &b);
        assert_eq!(int(&r), expect, "mul_schoolbook {ctx} an {an} bn {bn}");
    }
    let (x, y) = if an >= bn { (&a, &b) } else { (&b, &a) };
    let mut scratch = vec![0x5555; limbs::mul_scratch_len(x.len(), y.len())];
    r.fill(0xdead_beef);
    limbs::mul(&mut r, x, y, &mut scratch);
    assert_eq!(int(&r), expect, "mul {ctx} an {an} bn {bn}");
}

fn check_sqr(rng: &mut Rng, n: usize, ctx: &str) {
    let a = rng.limbs(n);
    let expect = int(&a).square();
    let mut r = vec![0xdead_beef; 2 * n];
    limbs::sqr_basecase(&mut r, &a);
    assert_eq!(int(&r), expect, "sqr_basecase {ctx} n {n}");
    r.fill(0xdead_beef);
    limbs::sqr_schoolbook(&mut r, &a);
    assert_eq!(int(&r), expect, "sqr_schoolbook {ctx} n {n}");
    let mut scratch = vec![0x5555; limbs::sqr_scratch_len(n)];
    r.fill(0xdead_beef);
    limbs::sqr(&mut r, &a, &mut scratch);
    assert_eq!(int(&r), expect, "sqr {ctx} n {n}");
}

#[test]
fn mul_and_sqr_at_interesting_sizes() {
    let mut rng = Rng::new("mul_and_sqr_at_interesting_sizes");
    let seed = rng.seed;
    let sizes = interesting_sizes();
    for rep in 0..2 * scale() {
        for &n in &sizes {
            let ctx = format!("seed {seed} rep {rep}");
            check_mul(&mut rng, n, n, &ctx);
            check_sqr(&mut rng, n, &ctx);
            for &m in &sizes {
                if m < n && (m + n) * m < 40_000 {
                    check_mul(&mut rng, n, m, &ctx);
                }
            }
        }
    }
}

/// Operands of `n` limbs for the small squares: zero, all ones, `2^k` and `2^k ± 1` at the
/// limb edges, stripes, all-ones limbs between zeros, zero top limbs (which `Int` drops) and
/// random limbs of every flavour.
fn square_operands(rng: &mut Rng, n: usize) -> Vec<Vec<u64>> {
    let mut v = vec![vec![0; n], vec![u64::MAX; n]];
    for k in [0, 1, 63, 64 * n - 64, 64 * n - 1] {
        let mut x = vec![0u64; n];
        x[k / 64] = 1 << (k % 64);
        let mut minus = x.clone();
        limbs::sub_1_assign(&mut minus, 1);
        let mut plus = x.clone();
        limbs::add_1_assign(&mut plus, 1);
        v.extend([x, minus, plus]);
    }
    for stripe in [
        0x5555_5555_5555_5555,
        0xaaaa_aaaa_aaaa_aaaa,
        0xffff_0000_0000_ffff,
    ] {
        v.push(vec![stripe; n]);
    }
    v.push(
        (0..n)
            .map(|i| if i % 2 == 0 { u64::MAX } else { 0 })
            .collect(),
    );
    v.push(
        (0..n)
            .map(|i| if i % 2 == 1 { u64::MAX } else { 0 })
            .collect(),
    );
    let mut low = vec![u64::MAX; n];
    low[n - 1] = 0;
    v.push(low);
    let mut high = vec![u64::MAX; n];
    high[0] = 0;
    v.push(high);
    v.extend((0..20).map(|_| rng.limbs(n)));
    v
}

/// Every size from 1 to 20 limbs: `limbs::sqr` and its base cases, and the `Int` squares
/// (`assign_mul(&a, &a)` into each kind of destination, `&a * &a`, `pow(2)`), against GMP.
#[test]
fn small_squares_adversarial() {
    let mut rng = Rng::new("small_squares_adversarial");
    let seed = rng.seed;
    for n in 1..=20 {
        for (case, a) in square_operands(&mut rng, n).into_iter().enumerate() {
            let ctx = format!("seed {seed} n {n} case {case} a {a:x?}");
            let expect = int(&a).square();
            let mut r = vec![0xdead_beef; 2 * n];
            limbs::sqr_schoolbook(&mut r, &a);
            assert_eq!(int(&r), expect, "sqr_schoolbook {ctx}");
            r.fill(0xdead_beef);
            limbs::sqr_basecase(&mut r, &a);
            assert_eq!(int(&r), expect, "sqr_basecase {ctx}");
            r.fill(0xdead_beef);
            limbs::sqr_basecase_portable(&mut r, &a);
            assert_eq!(int(&r), expect, "sqr_basecase_portable {ctx}");
            let mut scratch = vec![0x5555; limbs::sqr_scratch_len(n)];
            r.fill(0xdead_beef);
            limbs::sqr(&mut r, &a, &mut scratch);
            assert_eq!(int(&r), expect, "sqr {ctx}");
            let want = carry::Int::from_limbs(&r);
            for neg in [false, true] {
                let mut x = carry::Int::from_limbs(&a);
                if neg {
                    x = -x;
                }
                assert_eq!(&x * &x, want, "&a * &a {ctx} neg {neg}");
                assert_eq!(x.pow(2), want, "pow(2) {ctx} neg {neg}");
                let big = carry::Int::from_limbs(&vec![3; 2 * n + 3]);
                let small = carry::Int::from_limbs(&[3; 6]);
                for mut kept in [
                    carry::Int::ZERO,
                    carry::Int::from(-7),
                    big,
                    small,
                    want.clone(),
                ] {
                    kept.assign_mul(&x, &x);
                    assert_eq!(kept, want, "assign_mul(&a, &a) {ctx} neg {neg}");
                    kept.assign_mul(&x, &x);
                    assert_eq!(kept, want, "assign_mul(&a, &a) again {ctx} neg {neg}");
                }
            }
        }
    }
}

#[test]
fn mul_random_shapes() {
    let mut rng = Rng::new("mul_random_shapes");
    let seed = rng.seed;
    for case in 0..1500 * scale() {
        let an = 1 + rng.below(if case % 10 == 0 { 700 } else { 120 });
        let bn = 1 + rng.below(an);
        let ctx = format!("seed {seed} case {case}");
        check_mul(&mut rng, an, bn, &ctx);
        check_sqr(&mut rng, an, &ctx);
    }
}

#[test]
fn mul_unbalanced() {
    let mut rng = Rng::new("mul_unbalanced");
    let seed = rng.seed;
    for case in 0..20 * scale() {
        let ntt = MUL_NTT_UNBALANCED;
        for bn in [
            1,
            2,
            3,
            5,
            MUL_KARATSUBA,
            MUL_TOOM3 + 1,
            MUL_TOOM4 + 1,
            ntt - 1,
            ntt,
            ntt + 1,
        ] {
            for an in [
                bn * 3 / 2 - 1,
                bn * 3 / 2,
                bn * 2 - 1,
                bn * 2,
                bn * 5 + 3,
                200,
                1000,
            ] {
                if an >= bn {
                    check_mul(&mut rng, an, bn, &format!("seed {seed} case {case}"));
                }
            }
        }
    }
}

#[test]
fn mul_extremes() {
    // All-ones operands maximise every carry; powers of two minimise them.
    for n in interesting_sizes() {
        for m in [1, n / 3 + 1, n / 2 + 1, n] {
            for (x, y) in [(u64::MAX, u64::MAX), (0, 0), (1, u64::MAX)] {
                let a = vec![x; n];
                let b = vec![y; m];
                let mut r = vec![7; n + m];
                let mut scratch = vec![0; limbs::mul_scratch_len(n, m)];
                limbs::mul(&mut r, &a, &b, &mut scratch);
                assert_eq!(int(&r), int(&a) * int(&b), "mul extremes n {n} m {m}");
            }
            let mut r = vec![7; 2 * n];
            let a = vec![u64::MAX; n];
            let mut scratch = vec![0; limbs::sqr_scratch_len(n)];
            limbs::sqr(&mut r, &a, &mut scratch);
            assert_eq!(int(&r), int(&a).square(), "sqr all ones n {n}");
        }
    }
}

#[test]
fn direct_algorithms() {
    // The subquadratic algorithms called directly on every size they accept.
    let mut rng = Rng::new("direct_algorithms");
    let seed = rng.seed;
    for _ in 0..scale() {
        for an in 2..80 {
            for bn in 1..=an {
                let ctx = format!("seed {seed} an {an} bn {bn}");
                let a = rng.limbs(an);
                let b = rng.limbs(bn);
                let expect = int(&a) * int(&b);
                let mut r = vec![0; an + bn];
                let mut scratch = vec![0; limbs::mul_scratch_len(an, bn).max(8 * an + 64)];
                if bn > an.div_ceil(2) {
                    limbs::mul_karatsuba(&mut r, &a, &b, &mut scratch);
                    assert_eq!(int(&r), expect, "mul_karatsuba {ctx}");
                }
                if an > 2 * an.div_ceil(3) && bn > 2 * an.div_ceil(3) {
                    limbs::mul_toom3(&mut r, &a, &b, &mut scratch);
                    assert_eq!(int(&r), expect, "mul_toom3 {ctx}");
                }
                if an > 3 * an.div_ceil(4) && bn > 3 * an.div_ceil(4) {
                    limbs::mul_toom4(&mut r, &a, &b, &mut scratch);
                    assert_eq!(int(&r), expect, "mul_toom4 {ctx}");
                }
                if bn == an {
                    let expect = int(&a).square();
                    let mut r = vec![0; 2 * an];
                    limbs::sqr_karatsuba(&mut r, &a, &mut scratch);
                    assert_eq!(int(&r), expect, "sqr_karatsuba {ctx}");
                    if an > 2 * an.div_ceil(3) {
                        limbs::sqr_toom3(&mut r, &a, &mut scratch);
                        assert_eq!(int(&r), expect, "sqr_toom3 {ctx}");
                    }
                }
            }
        }
    }
}

#[test]
fn toom4_extreme_operands() {
    // All-ones operands make every evaluation (up to 15·B^k) and every interpolated coefficient
    // as large as it gets; a single top bit and 1 make them as small.
    for an in 4usize..120 {
        let k = an.div_ceil(4);
        if an <= 3 * k {
            continue;
        }
        for bn in (3 * k + 1)..=an {
            for (x, y) in [(u64::MAX, u64::MAX), (0, u64::MAX), (u64::MAX, 0), (0, 0)] {
                let mut a = vec![x; an];
                let mut b = vec![y; bn];
                a[an - 1] |= 1 << 63;
                b[bn - 1] |= 1 << 63;
                a[0] |= 1;
                b[0] |= 1;
                let ctx = format!("an {an} bn {bn} fill {x:#x} {y:#x}");
                let mut r = vec![0; an + bn];
                let mut scratch = vec![0; limbs::mul_scratch_len(an, bn).max(8 * an + 64)];
                limbs::mul_toom4(&mut r, &a, &b, &mut scratch);
                assert_eq!(int(&r), int(&a) * int(&b), "mul_toom4 {ctx}");
            }
        }
    }
}

/// A normalized divisor limb of a random flavour, often at the edges.
fn normalized_limb(rng: &mut Rng) -> u64 {
    match rng.below(5) {
        0 => 1 << 63,
        1 => u64::MAX,
        2 => (1 << 63) | rng.below(4) as u64,
        3 => u64::MAX - rng.below(4) as u64,
        _ => rng.next() | 1 << 63,
    }
}

/// `reciprocal_3by2` at the divisors where its last corrections turn. With `r = (B² − 1) mod
/// d1` and `v0` the 2/1 reciprocal, the first correction takes `k` from `v0` (k = 1 for
/// r < d0 ≤ d1 + r, k = 2 above), and the second compares `p + ⌊(v0 − k)·d0 / B⌋` with B and
/// with B + d1, where `p` is `d0 − r − 1 − k·d1` mod B: `d0 + ⌊(v0 − k)·d0 / B⌋` against
/// `k·d1 + r + 1` and `(k + 1)·d1 + r + 1`, increasing in `d0`. Each crossing is found by
/// bisection and the divisors within two of it are checked; there the product `v·d0` must be
/// of the corrected `v` (random divisors land there about once in 2^64).
#[test]
fn reciprocal_3by2_at_its_corrections() {
    let mut rng = Rng::new("reciprocal_3by2_at_its_corrections");
    let seed = rng.seed;
    let b = Integer::from(1) << 64;
    let mut checked = 0;
    for case in 0..300 * scale() {
        let d1 = normalized_limb(&mut rng);
        let v0 = limbs::reciprocal_2by1(d1) as u128;
        let r = (u128::MAX % d1 as u128) as u64;
        for k in 1..=2u128 {
            // The divisors' low limbs of this k (r + 1 cannot overflow: r < d1).
            let (lo, hi) = if k == 1 {
                (r + 1, r.saturating_add(d1))
            } else {
                match (r + 1).checked_add(d1) {
                    Some(lo) => (lo, u64::MAX),
                    None => continue,
                }
            };
            let g = |d0: u64| d0 as u128 + (((v0 - k) * d0 as u128) >> 64);
            for target in [k, k + 1] {
                let t = target * d1 as u128 + r as u128 + 1;
                let (mut a, mut z) = (lo, hi);
                if g(z) < t {
                    continue;
                }
                while a < z {
                    let m = a + (z - a) / 2;
                    if g(m) >= t {
                        z = m;
                    } else {
                        a = m + 1;
                    }
                }
                for d0 in a.saturating_sub(2).max(lo)..=a.saturating_add(2).min(hi) {
                    let v = limbs::reciprocal_3by2(d1, d0);
                    let expect = (Integer::from(&b * &b) * &b - 1u32) / int(&[d0, d1]) - &b;
                    assert_eq!(
                        Integer::from(v),
                        expect,
                        "reciprocal_3by2 seed {seed} case {case} d {d1:#x}:{d0:#x}"
                    );
                    checked += 1;
                }
            }
        }
    }
    assert!(
        checked > 300 * scale(),
        "only {checked} divisors at the crossings"
    );
}

#[test]
fn reciprocals_and_small_divisions() {
    let mut rng = Rng::new("reciprocals_and_small_divisions");
    let seed = rng.seed;
    let b = Integer::from(1) << 64;
    for case in 0..3000 * scale() {
        let ctx = format!("seed {seed} case {case}");
        let d = normalized_limb(&mut rng);
        let v = limbs::reciprocal_2by1(d);
        let expect = (Integer::from(&b * &b) - 1u32) / d - &b;
        assert_eq!(Integer::from(v), expect, "reciprocal_2by1 {ctx} d {d:#x}");
        let portable = limbs::reciprocal_2by1_portable(d);
        assert_eq!(v, portable, "reciprocal_2by1 vs portable {ctx} d {d:#x}");
        let u1 = rng.limb() % d;
        let u0 = rng.limb();
        let (q, r) = limbs::div_2by1(u1, u0, d, v);
        let u = int(&[u0, u1]);
        assert_eq!(
            (Integer::from(q), Integer::from(r)),
            u.div_rem(Integer::from(d)),
            "div_2by1 {ctx} u {u1:#x}:{u0:#x} d {d:#x}"
        );

        let d1 = normalized_limb(&mut rng);
        let d0 = if rng.below(3) == 0 {
            rng.limb()
        } else {
            rng.next()
        };
        let v = limbs::reciprocal_3by2(d1, d0);
        let dd = int(&[d0, d1]);
        let expect = (Integer::from(&b * &b) * &b - 1u32) / &dd - &b;
        assert_eq!(
            Integer::from(v),
            expect,
            "reciprocal_3by2 {ctx} d {d1:#x}:{d0:#x}"
        );
        let (u2, u1) = match rng.below(3) {
            0 => (d1, d0.wrapping_sub(1).min(d0)),
            1 => (d1 - 1, rng.next()),
            _ => (rng.next() % d1, rng.next()),
        };
        if (u2, u1) >= (d1, d0) {
            continue;
        }
        let u0 = rng.limb();
        let (q, r1, r0) = limbs::div_3by2(u2, u1, u0, d1, d0, v);
        let (eq, er) = int(&[u0, u1, u2]).div_rem(dd);
        assert_eq!(
            (Integer::from(q), int(&[r0, r1])),
            (eq, er),
            "div_3by2 {ctx} u {u2:#x}:{u1:#x}:{u0:#x} d {d1:#x}:{d0:#x}"
        );
    }
}

#[test]
fn divrem_1_family() {
    let mut rng = Rng::new("divrem_1_family");
    let seed = rng.seed;
    for case in 0..3000 * scale() {
        let n = if rng.below(8) == 0 {
            30 + rng.below(300)
        } else {
            rng.below(30)
        };
        let a = rng.limbs(n);
        let d = match rng.below(6) {
            0 => 1,
            1 => normalized_limb(&mut rng),
            2 => 10_000_000_000_000_000_000,
            _ => rng.limb().max(1),
        };
        let ctx = format!("seed {seed} case {case} n {n} d {d:#x}");
        let (eq, er) = int(&a).div_rem(Integer::from(d));
        let mut q = vec![7; n];
        let r = limbs::divrem_1(&mut q, &a, d);
        assert_eq!(
            (int(&q), Integer::from(r)),
            (eq.clone(), er.clone()),
            "divrem_1 {ctx}"
        );
        let mut q = a.clone();
        let r = limbs::divrem_1_assign(&mut q, d);
        assert_eq!(
            (int(&q), Integer::from(r)),
            (eq, er.clone()),
            "divrem_1_assign {ctx}"
        );
        assert_eq!(Integer::from(limbs::rem_1(&a, d)), er, "rem_1 {ctx}");
    }
}

/// Hensel's one-limb exact division for odd divisors, the x86_64 loop against its portable twin
/// and GMP: exact multiples `q·d` (striped, all-ones and zero quotients, lengths 0 to 40, which
/// covers every length below `DIVEXACT_1_BIDIRECTIONAL`) and `q·d + e` for small and random
/// `e`, whose digits and verdict must agree too.
#[test]
fn hensel_1_odd_twins() {
    let mut rng = Rng::new("hensel_1_odd_twins");
    let seed = rng.seed;
    for case in 0..2000 * scale() {
        let n = rng.below(41);
        let d = match rng.below(6) {
            0 => 1,
            1 => 3,
            2 => u64::MAX,
            3 => normalized_limb(&mut rng) | 1,
            _ => rng.limb() | 1,
        };
        let q0 = rng.limbs(n);
        let prod = int(&q0) * d;
        let x = match rng.below(4) {
            0 => prod.clone() + (1 + rng.below(3)) as u32,
            1 => int(&rng.limbs(n)),
            _ => prod.clone(),
        };
        if x.significant_bits() as usize > 64 * n {
            continue;
        }
        let a = to_limbs(&x, n);
        let ctx = format!("seed {seed} case {case} n {n} d {d:#x} a {a:x?}");
        let (mut q1, mut q2) = (vec![0xa5; n], vec![0x5a; n]);
        let e1 = limbs::hensel_1_odd(&mut q1, &a, d);
        let e2 = limbs::hensel_1_odd_portable(&mut q2, &a, d);
        assert_eq!((e1, &q1), (e2, &q2), "hensel_1_odd vs portable {ctx}");
        let divides = Integer::from(&x % d) == 0;
        assert_eq!(e1, divides, "hensel_1_odd verdict {ctx}");
        if divides {
            assert_eq!(
                int(&q1),
                Integer::from(&x / d),
                "hensel_1_odd quotient {ctx}"
            );
        }
    }
}

/// Division by one limb with the quotient chosen: `a = q·d + r` for striped, all-ones and
/// all-zero quotients and remainders at both ends of `[0, d)`, around `DIV_1_RESIDUE` and
/// `MOD_1_BLOCKS` and long, so that every correction of the residue method and every carry into stored
/// quotient limbs runs.
#[test]
fn divrem_1_chosen_quotient() {
    use carry::thresholds::{DIV_1_RESIDUE, MOD_1_BLOCKS};
    let mut rng = Rng::new("divrem_1_chosen_quotient");
    let seed = rng.seed;
    let mut sizes: Vec<usize> = (1..=20).collect();
    sizes.extend([
        DIV_1_RESIDUE.saturating_sub(1).max(1),
        DIV_1_RESIDUE + 1,
        MOD_1_BLOCKS - 1,
        MOD_1_BLOCKS,
        64,
        257,
    ]);
    for case in 0..400 * scale() {
        let qn = sizes[rng.below(sizes.len())];
        let d = match rng.below(6) {
            0 => normalized_limb(&mut rng),
            1 => 1 << 63,
            2 => u64::MAX >> rng.below(64),
            3 => 3,
            _ => rng.limb().max(1),
        };
        let q = match rng.below(4) {
            0 => vec![u64::MAX; qn],
            1 => {
                let mut q = vec![u64::MAX; qn];
                q[rng.below(qn)] = rng.limb();
                q
            }
            _ => rng.limbs(qn),
        };
        let r = match rng.below(4) {
            0 => 0,
            1 => d - 1,
            _ => rng.next() % d,
        };
        let a = int(&q) * d + r;
        let n = qn.max(a.significant_digits::<u64>());
        let a = to_limbs(&a, n);
        let ctx = format!("seed {seed} case {case} n {n} d {d:#x}");
        let mut got = vec![0x5555; n];
        let rem = limbs::divrem_1(&mut got, &a, d);
        assert_eq!((int(&got), rem), (int(&q), r), "divrem_1 {ctx}");
        let mut got = a.clone();
        let rem = limbs::divrem_1_assign(&mut got, d);
        assert_eq!((int(&got), rem), (int(&q), r), "divrem_1_assign {ctx}");
        assert_eq!(limbs::rem_1(&a, d), r, "rem_1 {ctx}");
        assert_eq!(limbs::mod_1(&a, d), r, "mod_1 {ctx}");
    }
}

fn check_divrem(a: &[u64], d: &[u64], ctx: &str) {
    let (an, dn) = (a.len(), d.len());
    let mut q = vec![0xdead; an - dn + 1];
    let mut r = vec![0xbeef; dn];
    let mut scratch = vec![0x5555; limbs::divrem_scratch_len(an, dn)];
    limbs::divrem(&mut q, &mut r, a, d, &mut scratch);
    let (eq, er) = int(a).div_rem(int(d));
    assert_eq!(
        (int(&q), int(&r)),
        (eq.clone(), er.clone()),
        "divrem {ctx} an {an} dn {dn}"
    );
    if limbs::in_registers(an, dn) {
        // The register-held quotient-only form.
        limbs::div_q_in_registers(&mut q, a, d);
        assert_eq!(int(&q), eq, "div_q_in_registers {ctx} an {an} dn {dn}");
    }
    if limbs::is_short(an, dn) {
        // The short division's quotient-only and remainder-only forms.
        let mut scratch = vec![0x5555; limbs::rem_short_scratch_len(an, dn)];
        limbs::rem_short(&mut r, a, d, &mut scratch);
        assert_eq!(int(&r), er, "rem_short {ctx} an {an} dn {dn}");
        let mut scratch = vec![0x5555; limbs::div_q_short_scratch_len(an, dn)];
        limbs::div_q_short(&mut q, a, d, &mut scratch);
        assert_eq!(int(&q), eq, "div_q_short {ctx} an {an} dn {dn}");
    }
}

#[test]
fn divrem_random() {
    let mut rng = Rng::new("divrem_random");
    let seed = rng.seed;
    for case in 0..4000 * scale() {
        let dn = 2 + rng.below(if case % 8 == 0 { 150 } else { 20 });
        let an = dn + rng.below(if case % 8 == 1 { 200 } else { 20 });
        let d = rng.limbs_top(dn);
        let a = rng.limbs(an);
        check_divrem(&a, &d, &format!("seed {seed} case {case}"));
    }
}

#[test]
fn divrem_adversarial() {
    // Quotient-estimate edge cases: divisor tops at the normalization boundary, dividend tops
    // equal to the divisor tops, remainders just below the divisor.
    let mut rng = Rng::new("divrem_adversarial");
    let seed = rng.seed;
    for case in 0..1500 * scale() {
        let dn = 2 + rng.below(8);
        let an = dn + rng.below(8);
        let mut d = rng.limbs_top(dn);
        match rng.below(6) {
            0 => {
                d.fill(0);
                d[dn - 1] = 1 << 63;
            }
            1 => {
                d.fill(u64::MAX);
                d[dn - 1] = 1 << 63;
            }
            2 => d[dn - 1] = (1 << 63) - 1 - rng.below(2) as u64,
            3 => d[dn - 1] = (1 << 63) + rng.below(2) as u64,
            4 => d[dn - 1] = 1 + rng.below(3) as u64,
            _ => d.fill(u64::MAX),
        }
        let mut a = rng.limbs(an);
        match rng.below(4) {
            0 => {
                // Top limbs of a equal the divisor's (shifted so they line up).
                let k = rng.below(an - dn + 1);
                a[k..k + dn].copy_from_slice(&d);
            }
            1 => {
                // a = d·q + (d - 1) for a random q: maximal remainder.
                let qn = an - dn + 1;
                let q = rng.limbs(qn);
                let x = int(&d) * int(&q) + int(&d) - 1u32;
                a = to_limbs(&x, an + 1);
                a.truncate(limbs::normalized_len(&a).max(dn));
            }
            2 => a.fill(u64::MAX),
            _ => {}
        }
        check_divrem(&a, &d, &format!("seed {seed} case {case}"));
    }
}

#[test]
fn divrem_at_dc_threshold() {
    // Divisors of DIV_DC - 1, DIV_DC, DIV_DC + 1 limbs and twice that (blocks on both sides of
    // the crossover), quotients of one to three divisor lengths, all-ones and striped shapes.
    use carry::thresholds::DIV_DC;
    let mut rng = Rng::new("divrem_at_dc_threshold");
    let seed = rng.seed;
    let mut sizes = Vec::new();
    for t in [DIV_DC, 2 * DIV_DC] {
        sizes.extend([t.saturating_sub(1).max(2), t, t + 1]);
    }
    for case in 0..300 * scale() {
        let dn = sizes[rng.below(sizes.len())];
        let an = dn + rng.below(3 * dn);
        let mut d = rng.limbs_top(dn);
        let mut a = rng.limbs(an);
        match rng.below(4) {
            0 => d.fill(u64::MAX),
            1 => {
                d.iter_mut().for_each(|x| *x = 0xffff_0000_ffff_0000);
                a.iter_mut().for_each(|x| *x = u64::MAX);
            }
            2 => {
                let k = rng.below(an - dn + 1);
                a[k..k + dn].copy_from_slice(&d);
            }
            _ => {}
        }
        check_divrem(&a, &d, &format!("seed {seed} case {case}"));
    }
}

/// `limbs::reciprocal` of normalized divisors at and around the length where it first
/// recurses (`RECIPROCAL_EXACT`, at least 8), twice and four times that, random and extreme
/// shapes: `B^(2n)/d - 3 ≤ v ≤ B^(2n)/d`.
#[test]
fn reciprocal_bounds() {
    use carry::thresholds::RECIPROCAL_EXACT;
    let mut rng = Rng::new("reciprocal_bounds");
    let seed = rng.seed;
    let t = RECIPROCAL_EXACT.max(8);
    let mut sizes = vec![2, 3, 7, t - 1, t, t + 1, 2 * t + 3, 4 * t + 9];
    if t < 64 {
        sizes.extend([100, 257]);
    }
    for case in 0..cases_for(&sizes, 20) {
        let n = sizes[case % sizes.len()];
        let mut d = rng.limbs_top(n);
        match rng.below(5) {
            0 => {
                d.fill(0);
                d[n - 1] = 1 << 63;
            }
            1 => d.fill(u64::MAX),
            2 => d[n / 2..].fill(u64::MAX),
            _ => d[n - 1] |= 1 << 63,
        }
        let mut v = vec![0xdead; n + 1];
        let mut scratch = vec![0x5555; limbs::reciprocal_scratch_len(n)];
        limbs::reciprocal(&mut v, &d, &mut scratch);
        let exact = (Integer::from(1) << (128 * n as u32)) / int(&d);
        let v = int(&v);
        assert!(
            v <= exact && Integer::from(&exact - &v) <= 3,
            "reciprocal seed {seed} case {case} n {n}: off by {}",
            Integer::from(&exact - &v)
        );
    }
}

/// The number of cases: `per_size` for each size at the default scale.
fn cases_for(sizes: &[usize], per_size: usize) -> usize {
    sizes.len() * per_size * scale()
}

#[test]
fn divrem_at_mu_threshold() {
    // Divisors of DIV_MU - 1, DIV_MU, DIV_MU + 1 limbs and twice that; quotients from just
    // below one divisor length (Burnikel–Ziegler) to three (blocks of every length), with the
    // extreme divisors and dividends of the quotient estimates: B^n/2, all ones, maximal
    // remainders, dividend tops equal to the divisor.
    use carry::thresholds::DIV_MU;
    let mut rng = Rng::new("divrem_at_mu_threshold");
    let seed = rng.seed;
    use carry::thresholds::MUL_NTT;
    let t = DIV_MU;
    let mut sizes = vec![t - 1, t, t + 1, 2 * t + 1];
    if t < 64 {
        // Blocks long enough for the remainder modulo B^K - 1 (from MUL_NTT limbs).
        sizes.extend([MUL_NTT + 1, 2 * MUL_NTT + 5]);
    }
    let per = if t < 64 { 60 } else { 2 };
    for case in 0..cases_for(&sizes, per) {
        let dn = sizes[case % sizes.len()];
        let qns = [dn - 1, dn, dn + 1, 2 * dn, 2 * dn + 3, 3 * dn - 1];
        let qn = qns[rng.below(qns.len())];
        let an = dn + qn - 1;
        let mut d = rng.limbs_top(dn);
        match rng.below(4) {
            0 => {
                d.fill(0);
                d[dn - 1] = 1 << 63;
            }
            1 => d.fill(u64::MAX),
            _ => {}
        }
        let mut a = rng.limbs(an);
        match rng.below(4) {
            0 => a.fill(u64::MAX),
            1 => {
                let q = rng.limbs(an - dn + 1);
                let x = int(&d) * int(&q) + int(&d) - 1u32;
                a = to_limbs(&x, an + 1);
                a.truncate(limbs::normalized_len(&a).max(dn));
            }
            2 => {
                let k = rng.below(an - dn + 1);
                a[k..k + dn].copy_from_slice(&d);
            }
            _ => {}
        }
        check_divrem(&a, &d, &format!("seed {seed} case {case}"));
    }
}

/// Digit values of `x` in `radix`, most significant first, via GMP.
fn gmp_digits(x: &Integer, radix: u32) -> Vec<u8> {
    if *x == 0 {
        return Vec::new();
    }
    x.to_string_radix(radix as i32)
        .bytes()
        .map(|c| (c as char).to_digit(36).unwrap() as u8)
        .collect()
}

fn check_to_radix(a: &[u64], radix: u32, ctx: &str) {
    let expect = gmp_digits(&int(a), radix);
    let len = limbs::to_radix_len(a, radix);
    assert!(len >= expect.len(), "to_radix_len {ctx} radix {radix}");
    let mut out = vec![0xff; len];
    let mut work = a.to_vec();
    let k = limbs::to_radix(&mut out, &mut work, radix);
    assert_eq!(
        &out[..k],
        &expect[..],
        "to_radix {ctx} radix {radix} n {}",
        a.len()
    );
}

fn check_from_radix(digits: &[u8], radix: u32, ctx: &str) {
    let s: String = digits
        .iter()
        .map(|&d| char::from_digit(d as u32, 36).unwrap())
        .collect();
    let expect = if s.is_empty() {
        Integer::new()
    } else {
        Integer::from_str_radix(&s, radix as i32).unwrap()
    };
    let mut r = vec![0xdead_beef; limbs::from_radix_len(digits.len(), radix)];
    let n = limbs::from_radix(&mut r, digits, radix);
    assert_eq!(
        n,
        limbs::normalized_len(&r[..n]),
        "from_radix length {ctx} radix {radix}"
    );
    assert_eq!(
        int(&r[..n]),
        expect,
        "from_radix {ctx} radix {radix} digits {s}"
    );
}

/// The divide-and-conquer conversion from digits (`carry::radix::from_radix_dc`), which
/// splits a piece of `c` chunks at `big^ceil(c/2)`: digit counts just above `FROM_RADIX_DC`,
/// around multiples of the chunk and of powers of two chunks, and long; digits that are
/// random, all `radix - 1`, zero but for the ends, or with a run of zeros at the top (so a
/// high half converts to nothing).
#[test]
fn radix_from_digits_dc() {
    use carry::thresholds::FROM_RADIX_DC;
    let mut rng = Rng::new("radix_from_digits_dc");
    let seed = rng.seed;
    for case in 0..20 * scale() {
        let radix = [3, 7, 10, 10, 36, 2 + rng.below(35) as u32][rng.below(6)];
        if radix.is_power_of_two() {
            continue;
        }
        let (m, _) = limbs::radix_chunk(radix);
        let nd = match rng.below(4) {
            0 => FROM_RADIX_DC + 1 + rng.below(3),
            1 => m * ((FROM_RADIX_DC / m + 1) << rng.below(6)) + rng.below(3) - 1,
            2 => FROM_RADIX_DC + 1 + rng.below(20 * FROM_RADIX_DC),
            _ => FROM_RADIX_DC + 1 + rng.below(40_000),
        };
        let mut digits: Vec<u8> = match rng.below(4) {
            0 => vec![radix as u8 - 1; nd],
            1 => {
                let mut d = vec![0; nd];
                d[0] = 1;
                d[nd - 1] = radix as u8 - 1;
                d
            }
            _ => (0..nd).map(|_| rng.below(radix as usize) as u8).collect(),
        };
        if rng.below(4) == 0 {
            let zeros = rng.below(nd);
            digits[..zeros].fill(0);
        }
        let s: String = digits
            .iter()
            .map(|&d| char::from_digit(d as u32, 36).unwrap())
            .collect();
        let expect = Integer::from_str_radix(&s, radix as i32).unwrap();
        let got = carry::radix::from_radix_dc(&digits, radix);
        assert_eq!(
            got.len(),
            limbs::normalized_len(&got),
            "from_radix_dc length seed {seed} case {case} radix {radix} digits {nd}"
        );
        assert!(
            int(&got) == expect,
            "from_radix_dc seed {seed} case {case} radix {radix} digits {nd}"
        );
    }
}

#[test]
fn radix_random() {
    let mut rng = Rng::new("radix_random");
    let seed = rng.seed;
    for case in 0..300 * scale() {
        for radix in 2..=36u32 {
            let ctx = format!("seed {seed} case {case}");
            let n = rng.below(if case % 10 == 0 { 120 } else { 12 });
            let a = rng.limbs(n);
            check_to_radix(&a, radix, &ctx);
            let nd = rng.below(if case % 10 == 0 { 2000 } else { 60 });
            let digits: Vec<u8> = match rng.below(4) {
                0 => vec![radix as u8 - 1; nd],
                1 => {
                    let mut d = vec![0; nd];
                    if nd > 0 {
                        d[rng.below(nd)] = 1;
                    }
                    d
                }
                _ => (0..nd).map(|_| rng.below(radix as usize) as u8).collect(),
            };
            check_from_radix(&digits, radix, &ctx);
        }
    }
}

#[test]
fn radix_edges() {
    // 0, 1, powers of the radix ± 1, powers of two ± 1, all ones, at every length up to 40.
    for radix in 2..=36u32 {
        check_to_radix(&[], radix, "empty");
        check_from_radix(&[], radix, "empty");
        for n in 1..40usize {
            for v in [
                Integer::from(1),
                (Integer::from(1) << (64 * n as u32)) - 1u32,
                (Integer::from(1) << (64 * n as u32 - 1)) + 1u32,
                Integer::from(radix).pow(n as u32 * 12) - 1u32,
                Integer::from(radix).pow(n as u32 * 12),
                Integer::from(radix).pow(n as u32 * 12) + 1u32,
            ] {
                let limbs_v = v.to_digits::<u64>(Order::Lsf);
                let ctx = format!("value {v:x}");
                check_to_radix(&limbs_v, radix, &ctx);
                let mut padded = limbs_v.clone();
                padded.push(0);
                check_to_radix(&padded, radix, &ctx);
                let mut digits = gmp_digits(&v, radix);
                check_from_radix(&digits, radix, &ctx);
                digits.insert(0, 0);
                check_from_radix(&digits, radix, &ctx);
            }
        }
        for nd in 0..80 {
            check_from_radix(&vec![0; nd], radix, "zeros");
            check_from_radix(&vec![radix as u8 - 1; nd], radix, "max digits");
        }
    }
}

#[test]
fn ntt_direct() {
    // The NTT called directly on every small shape, whatever the thresholds, with the vector
    // and the portable code paths; then a few long ones through both.
    let mut rng = Rng::new("ntt_direct");
    let seed = rng.seed;
    for _ in 0..scale().div_ceil(10) {
        for an in 1..60 {
            for bn in 1..=an {
                let ctx = format!("seed {seed} an {an} bn {bn}");
                let a = rng.limbs(an);
                let b = rng.limbs(bn);
                let mut r = vec![0xdead; an + bn];
                limbs::mul_ntt(&mut r, &a, &b);
                assert_eq!(int(&r), int(&a) * int(&b), "mul_ntt {ctx}");
                let mut s = vec![0xbeef; an + bn];
                limbs::mul_ntt_portable(&mut s, &a, &b);
                assert_eq!(s, r, "mul_ntt_portable {ctx}");
                if an == bn {
                    limbs::sqr_ntt(&mut r, &a);
                    assert_eq!(int(&r), int(&a).square(), "sqr_ntt {ctx}");
                    limbs::sqr_ntt_portable(&mut s, &a);
                    assert_eq!(s, r, "sqr_ntt_portable {ctx}");
                }
            }
        }
    }
    for n in [255, 1000, 4097] {
        let ctx = format!("seed {seed} n {n}");
        let a = rng.limbs(n);
        let b = rng.limbs(n - 7);
        let mut r = vec![0; 2 * n - 7];
        limbs::mul_ntt_portable(&mut r, &a, &b);
        assert_eq!(int(&r), int(&a) * int(&b), "mul_ntt_portable {ctx}");
        let mut s = vec![0; 2 * n - 7];
        limbs::mul_ntt(&mut s, &a, &b);
        assert_eq!(s, r, "mul_ntt {ctx}");
        let mut r = vec![0; 2 * n];
        limbs::sqr_ntt_portable(&mut r, &a);
        assert_eq!(int(&r), int(&a).square(), "sqr_ntt_portable {ctx}");
        let mut s = vec![0; 2 * n];
        limbs::sqr_ntt(&mut s, &a);
        assert_eq!(s, r, "sqr_ntt {ctx}");
    }
}

#[test]
fn ntt_wrapped() {
    // mul_ntt_wrap, a·b mod (B^K - 1), on every K from 2 to 2048 with operands of one limb to
    // K (all ones too: (B^K - 1)² must come out as 0, not B^K - 1), vector and portable paths.
    let mut rng = Rng::new("ntt_wrapped");
    let seed = rng.seed;
    for round in 0..8 * scale() {
        for log in 1..=11 {
            let k = 1usize << log;
            let (an, bn) = (1 + rng.below(k), 1 + rng.below(k));
            let (a, b) = match round % 4 {
                0 => (vec![u64::MAX; k], vec![u64::MAX; bn]),
                _ => (rng.limbs(an), rng.limbs(bn)),
            };
            let ctx = format!("seed {seed} k {k} an {} bn {bn}", a.len());
            let modulus = (Integer::from(1) << (64 * k as u32)) - 1u32;
            let want = int(&a) * int(&b) % &modulus;
            let mut r = vec![0xdead; k];
            limbs::mul_ntt_wrap(&mut r, &a, &b);
            assert_eq!(int(&r), want, "mul_ntt_wrap {ctx}");
            let mut s = vec![0xbeef; k];
            limbs::mul_ntt_wrap_portable(&mut s, &a, &b);
            assert_eq!(s, r, "mul_ntt_wrap_portable {ctx}");
        }
    }
}

/// `a·b` by the dispatcher (either operand the longer) against GMP.
fn check_product(a: &[u64], b: &[u64], ctx: &str) {
    let (x, y) = if a.len() >= b.len() { (a, b) } else { (b, a) };
    let mut r = vec![0xdead_beef; x.len() + y.len()];
    let mut scratch = vec![0x5555; limbs::mul_scratch_len(x.len(), y.len())];
    limbs::mul(&mut r, x, y, &mut scratch);
    if int(&r) != int(a) * int(b) {
        panic!("mul {ctx} an {} bn {}", a.len(), b.len());
    }
}

/// `a²` by the dispatcher against GMP.
fn check_square(a: &[u64], ctx: &str) {
    let mut r = vec![0xdead_beef; 2 * a.len()];
    let mut scratch = vec![0x5555; limbs::sqr_scratch_len(a.len())];
    limbs::sqr(&mut r, a, &mut scratch);
    if int(&r) != int(a).square() {
        panic!("sqr {ctx} n {}", a.len());
    }
}

/// Operands of `n` limbs that stress the NTT: all ones (the largest convolution coefficients,
/// nearest the CRT bound), a lone limb at either end, the top bit alone, long runs of ones and
/// zeros.
fn ntt_extremes(n: usize) -> Vec<Vec<u64>> {
    let mut lone_low = vec![0; n];
    lone_low[0] = u64::MAX;
    let mut lone_high = vec![0; n];
    lone_high[n - 1] = 1 << 63;
    let stripes = (0..n)
        .map(|i| {
            if i % 3 == 0 {
                u64::MAX
            } else {
                0x00ff_ff00_0000_ffff
            }
        })
        .collect();
    vec![vec![u64::MAX; n], lone_low, lone_high, stripes]
}

#[test]
fn ntt_thresholds_and_shapes() {
    // Around MUL_NTT and SQR_NTT ± 1 limb, with the other operand from one limb up to the same
    // length (lopsided shapes take one transform of the whole product).
    let mut rng = Rng::new("ntt_thresholds_and_shapes");
    let seed = rng.seed;
    for rep in 0..scale().div_ceil(15) {
        for t in [MUL_NTT, SQR_NTT] {
            for n in [t - 1, t, t + 1, 2 * t + 1, 5 * t] {
                let ctx = format!("seed {seed} rep {rep} t {t}");
                let a = rng.limbs(n);
                check_square(&a, &ctx);
                let mut m = 1;
                while m < n {
                    check_product(&a, &rng.limbs(m), &ctx);
                    m = m * 3 / 2 + 1;
                }
                for m in [t - 1, t, t + 1, n - 1, n] {
                    if (1..=n).contains(&m) {
                        check_product(&a, &rng.limbs(m), &ctx);
                    }
                }
            }
        }
    }
}

#[test]
fn ntt_extreme_operands() {
    for t in [MUL_NTT, SQR_NTT] {
        for n in [t, t + 1, 3 * t] {
            let ops = ntt_extremes(n);
            for a in &ops {
                check_square(a, "extremes");
                for b in &ops {
                    check_product(a, b, "extremes");
                    check_product(a, &b[..t.min(n)], "extremes");
                }
            }
        }
    }
}

#[test]
fn ntt_large() {
    // A few products of 2^20 to 2^24 bits (more sizes with CARRY_SCALE above the default).
    let mut rng = Rng::new("ntt_large");
    let seed = rng.seed;
    let mut shapes = vec![
        (1 << 14, 1 << 14),
        (1 << 16, (1 << 16) - 1),
        (1 << 18, 1 << 14),
    ];
    if scale() > 30 {
        shapes.extend([
            (1 << 18, 1 << 18),
            ((1 << 18) + 1, 3 << 16),
            (1 << 17, 1 << 17),
        ]);
    }
    for (an, bn) in shapes {
        let ctx = format!("seed {seed} large");
        let a = rng.limbs(an);
        check_product(&a, &rng.limbs(bn), &ctx);
        check_square(&a, &ctx);
    }
    let ones = vec![u64::MAX; 1 << 16];
    check_square(&ones, "large all ones");
    check_product(&ones, &ones[..(1 << 16) - 3], "large all ones");
}

#[test]
fn ntt_at_its_limit() {
    // The longest product one transform takes (2^22 limbs), and one limb more, which splits.
    // Minutes of work: only with CARRY_SCALE above the default.
    if scale() <= 30 {
        return;
    }
    let n = 1 << 21;
    let a = vec![u64::MAX; n + 1];
    check_square(&a[..n], "limit");
    check_square(&a, "limit + 1");
    check_product(&a, &a[..n], "limit + 1");
}

/// Lengths for the kernels with a portable twin: every length up to 64 and a few random longer
/// ones.
fn twin_lengths(rng: &mut Rng) -> Vec<usize> {
    let mut v: Vec<usize> = (1..=64).collect();
    v.extend((0..4).map(|_| 65 + rng.below(200)));
    v
}

/// An operand of `n` limbs at `offset` limbs into a longer buffer (a misaligned sub-slice),
/// random, striped or sparse (`Rng::limbs`), or all ones.
fn twin_operand(rng: &mut Rng, n: usize, offset: usize) -> Vec<u64> {
    let mut v = if rng.below(5) == 0 {
        vec![u64::MAX; n + offset]
    } else {
        rng.limbs(n + offset)
    };
    v.rotate_left(offset);
    v
}

/// Both schoolbook squares (with MULX/ADX: the row-by-row kernel and the one eight rows at a
/// time, at every length to 64 limbs, so each remainder of its blocks) against the portable one.
#[test]
fn sqr_basecase_matches_portable_twin() {
    let mut rng = Rng::new("sqr_basecase_matches_portable_twin");
    let seed = rng.seed;
    for rep in 0..scale().div_ceil(10) {
        for n in twin_lengths(&mut rng) {
            for offset in 0..3 {
                let buf = twin_operand(&mut rng, n, offset);
                let a = &buf[offset..offset + n];
                let ctx = format!("seed {seed} rep {rep} n {n} offset {offset}");
                let mut out = vec![0x5555; 2 * n + offset];
                let r = &mut out[offset..];
                limbs::sqr_basecase(r, a);
                let mut want = vec![0xaaaa; 2 * n];
                limbs::sqr_basecase_portable(&mut want, a);
                assert_eq!(r, &want[..], "sqr_basecase {ctx}");
                r.fill(0x5555);
                limbs::sqr_schoolbook(r, a);
                assert_eq!(r, &want[..], "sqr_schoolbook {ctx}");
                assert_eq!(int(&want), int(a).square(), "sqr_basecase_portable {ctx}");
            }
        }
    }
}

#[test]
fn mul_1_matches_portable_twin() {
    // The MULX/ADX mul_1 kernel (rows of eight limbs or more, entered at each of its four
    // unrolled steps) against the portable loop, out of place and in place (mul_1_assign),
    // misaligned, with multipliers 0, 1, all ones and random.
    let mut rng = Rng::new("mul_1_matches_portable_twin");
    let seed = rng.seed;
    for rep in 0..scale().div_ceil(10) {
        for n in twin_lengths(&mut rng) {
            for b in [0, 1, u64::MAX, rng.limb(), rng.limb()] {
                let offset = rng.below(3);
                let buf = twin_operand(&mut rng, n, offset);
                let a = &buf[offset..offset + n];
                let ctx = format!("seed {seed} rep {rep} n {n} b {b:#x} offset {offset}");
                let mut out = vec![0x5555; n + 2 - offset];
                let r = &mut out[2 - offset..];
                let hi = limbs::mul_1(r, a, b);
                let mut want = vec![0xaaaa; n];
                let want_hi = limbs::mul_1_portable(&mut want, a, b);
                assert_eq!((&r[..], hi), (&want[..], want_hi), "mul_1 {ctx}");
                let mut full = want.clone();
                full.push(want_hi);
                assert_eq!(int(&full), int(a) * b, "mul_1_portable {ctx}");
                let mut inplace = buf.clone();
                let hi = limbs::mul_1_assign(&mut inplace[offset..offset + n], b);
                assert_eq!(
                    (&inplace[offset..offset + n], hi),
                    (&want[..], want_hi),
                    "mul_1_assign {ctx}"
                );
            }
        }
    }
}

#[test]
fn mul_basecase_matches_portable_twin() {
    // The base case (the fixed-size products of small shapes, the MULX/ADX 8×8 kernel, the
    // register-window rows of `mul_n8_adx` for the first eight limbs of b, the row loop after
    // them) and `mul_schoolbook` (from 16 limbs of b eight rows at a time: each number of
    // blocks and rows after them) against the portable rows, b of 1 to 33 limbs and a of every
    // length from b's up to 64 and a few longer, misaligned, eight pairs of operands for each
    // shape.
    let mut rng = Rng::new("mul_basecase_matches_portable_twin");
    let seed = rng.seed;
    for rep in 0..scale().div_ceil(10) {
        for an in twin_lengths(&mut rng) {
            for bn in [
                1, 2, 3, 4, 5, 6, 7, 8, 9, 12, 15, 16, 17, 23, 24, 25, 31, 32, 33,
            ] {
                if bn > an {
                    continue;
                }
                for sample in 0..8 {
                    let offset = rng.below(3);
                    let abuf = twin_operand(&mut rng, an, offset);
                    let bbuf = twin_operand(&mut rng, bn, 2 - offset);
                    let (a, b) = (
                        &abuf[offset..offset + an],
                        &bbuf[2 - offset..2 - offset + bn],
                    );
                    let ctx = format!("seed {seed} rep {rep} an {an} bn {bn} sample {sample}");
                    let mut out = vec![0x5555; an + bn + offset];
                    let r = &mut out[offset..];
                    limbs::mul_basecase(r, a, b);
                    let mut want = vec![0xaaaa; an + bn];
                    limbs::mul_basecase_portable(&mut want, a, b);
                    assert_eq!(r, &want[..], "mul_basecase {ctx} offset {offset}");
                    r.fill(0x5555);
                    limbs::mul_schoolbook(r, a, b);
                    assert_eq!(r, &want[..], "mul_schoolbook {ctx} offset {offset}");
                    assert_eq!(int(&want), int(a) * int(b), "mul_basecase_portable {ctx}");
                }
            }
        }
    }
}

/// `reduce_short_quotient` and `redc_wide` against GMP, with quotients up to 2^62 against
/// moduli whose top limb is 1, 2^63 − 1, 2^63, 2^64 − 1 or random, so that the estimated
/// quotient is exact and one short of the true one (both seen, or the test fails) and never
/// two short (the kernel's bound).
#[test]
fn short_quotient_reductions_match_gmp() {
    let mut rng = Rng::new("short_quotient_reductions_match_gmp");
    let seed = rng.seed;
    let mut short_by = [0usize; 3];
    for rep in 0..(scale() * 20).max(1000) {
        let n = 1 + rng.below(12);
        let mut m = rng.limbs(n);
        m[n - 1] = match rng.below(6) {
            0 if n > 1 => 1,
            0 => 3,
            1 => (1 << 63) - 1,
            2 => 1 << 63,
            3 => u64::MAX,
            _ => rng.limb() | 1,
        };
        if n > 1 && rng.below(3) == 0 {
            m[n - 2] = u64::MAX;
        }
        m[0] |= 1;
        let mi = int(&m);
        let ctx = format!("seed {seed} rep {rep} n {n}");
        let q = Integer::from(rng.limb() >> (2 + rng.below(62)));
        let rem = int(&rng.limbs(n)) % &mi;
        let v = Integer::from(&q * &mi) + &rem;
        let mut x = to_limbs(&v, n + 1);
        let top = x.pop().unwrap();
        // The estimate the kernel starts from (its documentation), to see both shortfalls.
        let sh = m[n - 1].leading_zeros();
        let mt = (mi.clone() << sh >> (64 * n as u32 - 64)).to_u64().unwrap();
        let vt = Integer::from(&v << sh) >> (64 * n as u32 - 64);
        let est = if mt == u64::MAX {
            vt >> 64u32
        } else {
            vt / (mt as u128 + 1)
        };
        short_by[(Integer::from(&q - &est)).to_usize().unwrap()] += 1;
        limbs::reduce_short_quotient(&mut x, top, &m);
        assert_eq!(int(&x), rem, "reduce_short_quotient {ctx}");
        // redc_wide: t = v·R + low, below 2^62·m·R.
        let low = rng.limbs(n);
        let mut t = low.clone();
        t.extend(to_limbs(&v, n + 1));
        let want = (int(&t)
            * Integer::from(Integer::u_pow_u(2, 64 * n as u32))
                .invert(&mi)
                .unwrap())
            % &mi;
        let mut r = vec![0x5555; n];
        limbs::redc_wide(&mut r, &mut t, &m, limbs::neg_inv_limb(m[0]));
        assert_eq!(int(&r), want, "redc_wide {ctx}");
    }
    assert!(
        short_by[1] > 0 && short_by[2] == 0,
        "seed {seed}: {short_by:?}"
    );
}

#[test]
fn redc_matches_portable_twin() {
    let mut rng = Rng::new("redc_matches_portable_twin");
    let seed = rng.seed;
    for rep in 0..scale().div_ceil(10) {
        for n in twin_lengths(&mut rng) {
            for offset in 0..3 {
                let mut m = twin_operand(&mut rng, n, 0);
                m[0] |= 1;
                if m[n - 1] == 0 {
                    m[n - 1] = rng.limb() | 1;
                }
                let minv = limbs::neg_inv_limb(m[0]);
                let ctx = format!("seed {seed} rep {rep} n {n} offset {offset}");
                // t < m·R: random low half, high half below m (at most m - 1).
                let mut buf = twin_operand(&mut rng, 2 * n, offset);
                let t = &mut buf[offset..offset + 2 * n];
                let hi = if rng.below(4) == 0 {
                    int(&m) - 1u32
                } else {
                    int(&t[n..]) % int(&m)
                };
                t[n..].copy_from_slice(&to_limbs(&hi, n));
                let t0 = t.to_vec();
                let mut out = vec![0x5555; n + offset];
                limbs::redc(&mut out[offset..], t, &m, minv);
                let mut t2 = t0.clone();
                let mut want = vec![0xaaaa; n];
                limbs::redc_portable(&mut want, &mut t2, &m, minv);
                assert_eq!(&out[offset..], &want[..], "redc {ctx}");
                let w = int(&want);
                assert!(w < int(&m), "redc_portable not reduced {ctx}");
                assert_eq!(
                    (w << (64 * n as u32)) % int(&m),
                    int(&t0) % int(&m),
                    "redc_portable {ctx}"
                );
            }
        }
    }
}

/// `divappr_schoolbook` against the exact quotient: never below it, at most 4 above, on random
/// and adversarial operands (all-ones and power-of-two divisors, dividends at a multiple of the
/// divisor or just below the next one, tops equal to the divisor's).
#[test]
fn divappr_within_a_few() {
    let mut rng = Rng::new("divappr_within_a_few");
    let seed = rng.seed;
    let mut worst = 0u32;
    for case in 0..3000 * scale() {
        let k = 2 + rng.below(if case % 4 == 0 { 40 } else { 10 });
        let mut d = rng.limbs_top(k);
        match rng.below(5) {
            0 => d.fill(u64::MAX),
            1 => {
                d.fill(0);
                d[k - 1] = 1 << 63;
            }
            2 => d[..k - 1].fill(u64::MAX),
            _ => {}
        }
        d[k - 1] |= 1 << 63;
        let mut u = rng.limbs(2 * k);
        let mut q = rng.limbs(k);
        match rng.below(5) {
            0 => u[k..].copy_from_slice(&d),
            1 => {
                // u = d·q + r, r at 0, 1, d - 1 or d - 2: the guard digit at its edges.
                let r = match rng.below(4) {
                    0 => Integer::new(),
                    1 => Integer::from(1),
                    2 => int(&d) - 1u32,
                    _ => int(&d) - 2u32,
                };
                if rng.below(2) == 0 {
                    q.fill(u64::MAX);
                }
                u = to_limbs(&(int(&d) * int(&q) + r), 2 * k + 1);
            }
            2 => u.fill(u64::MAX),
            _ => {}
        }
        u.resize(2 * k, 0);
        // The top k limbs must stay below d.
        if int(&u[k..]) >= int(&d) {
            u[2 * k - 1] = d[k - 1] - 1;
        }
        let want = int(&u) / int(&d);
        let mut got = vec![0xdead; k];
        let mut top = u[k - 2..].to_vec();
        limbs::divappr_schoolbook(&mut got, &mut top, &d);
        let over = int(&got) - &want;
        assert!(
            (0..=4).contains(&over),
            "divappr seed {seed} case {case} k {k}: {over} above, u {u:x?} d {d:x?}"
        );
        worst = worst.max(over.to_u32().unwrap());
    }
    eprintln!("divappr_within_a_few: at most {worst} above");
}

/// `inverse_limb` on every table entry (each odd low byte), with high bits of every kind, and
/// on random odd limbs: `d·d⁻¹ = 1` modulo 2^64.
#[test]
fn inverse_limb_inverts() {
    let mut rng = Rng::new("inverse_limb_inverts");
    let seed = rng.seed;
    for low in (1u64..256).step_by(2) {
        for high in [0, u64::MAX, 1 << 63, 0x5555_5555_5555_5555, rng.next()] {
            let d = high & !0xff | low;
            assert_eq!(
                d.wrapping_mul(limbs::inverse_limb(d)),
                1,
                "seed {seed} d {d:#x}"
            );
        }
    }
    for _ in 0..10_000 * scale() {
        let d = rng.next() | 1;
        assert_eq!(
            d.wrapping_mul(limbs::inverse_limb(d)),
            1,
            "seed {seed} d {d:#x}"
        );
    }
}

/// `shl`, `shr` and their in-place forms, dispatched (the AVX2 loop from `SHIFT_AVX2` limbs
/// where the CPU has it) and portable, against GMP at every length 0..=70 (each step length of
/// the loops and the single-limb tail) and every shift 1..=63.
#[test]
fn shifts_match_gmp() {
    let mut rng = Rng::new("shifts_match_gmp");
    let seed = rng.seed;
    for n in 0..=70usize {
        for s in 1..64u32 {
            let a = rng.limbs(n);
            let ctx = || format!("seed {seed}, n {n}, shift {s}, a {a:x?}");
            let mask = Integer::from(1) << (64 * n as u32);
            let left = (int(&a) << s) % &mask;
            let out_left = if n == 0 { 0 } else { a[n - 1] >> (64 - s) };
            let right = int(&a) >> s;
            let out_right = if n == 0 { 0 } else { a[0] << (64 - s) };
            let left = to_limbs(&left, n);
            let right = to_limbs(&right, n);
            type Shift = fn(&mut [u64], &[u64], u32) -> u64;
            type InPlace = fn(&mut [u64], u32) -> u64;
            let forms: [(&str, Shift, InPlace, &[u64], u64); 4] = [
                ("shl", limbs::shl, limbs::shl_assign, &left, out_left),
                (
                    "shl portable",
                    limbs::shl_portable,
                    limbs::shl_assign_portable,
                    &left,
                    out_left,
                ),
                ("shr", limbs::shr, limbs::shr_assign, &right, out_right),
                (
                    "shr portable",
                    limbs::shr_portable,
                    limbs::shr_assign_portable,
                    &right,
                    out_right,
                ),
            ];
            for (name, f, g, want, out) in forms {
                let mut r = vec![0u64; n];
                assert_eq!(f(&mut r, &a, s), out, "{name}: {}", ctx());
                assert_eq!(r, want, "{name}: {}", ctx());
                let mut x = a.clone();
                assert_eq!(g(&mut x, s), out, "{name} in place: {}", ctx());
                assert_eq!(x, want, "{name} in place: {}", ctx());
            }
        }
    }
}
