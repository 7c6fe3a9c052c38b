//! Differential tests of carry's number theory (`carry::nt` methods on `Int`, `Modulus`)
//! against GMP through `rug`, and primality on lists where a false answer is known to be easy
//! to give (Carmichael numbers, strong pseudoprimes, Arnault's composite, Mersenne numbers).
//!
//! Seeded by `CARRY_SEED` (printed at start), sized by `CARRY_SCALE`; failures print the seed
//! and operands. Operands reach 8192 bits (128 limbs).

mod common;

use carry::Int;
use common::*;
use rug::integer::IsPrime;
use rug::ops::RemRounding;
use rug::Integer;

/// Largest operand, in limbs (8192 bits).
const MAX_LIMBS: usize = 128;

/// An operand of up to `max_limbs` limbs, sometimes a special value.
fn operand(rng: &mut Rng, max_limbs: usize) -> (Int, Integer) {
    pair(rng, max_limbs)
}

/// A limb budget: mostly small, sometimes up to [`MAX_LIMBS`].
fn budget(rng: &mut Rng) -> usize {
    match rng.below(8) {
        0..=4 => 4,
        5 | 6 => 24,
        _ => MAX_LIMBS,
    }
}

fn what2(op: &str, a: &Integer, b: &Integer) -> String {
    format!("{op}({}, {})", hx(a), hx(b))
}

#[test]
fn gcd_gcd_ext_lcm() {
    let mut rng = Rng::for_test("gcd_gcd_ext_lcm");
    let mut n = 0;
    for _ in 0..cases(3000) {
        let lim = budget(&mut rng);
        let (a, ra) = operand(&mut rng, lim);
        let (mut b, mut rb) = operand(&mut rng, lim);
        if rng.chance(1, 8) {
            // Shared factors and equal magnitudes.
            let (c, rc) = operand(&mut rng, 2);
            b = &a * &c;
            rb = Integer::from(&ra * &rc);
        } else if rng.chance(1, 16) {
            b = if rng.bool() { a.clone() } else { -&a };
            rb = to_rug(&b);
        } else if rng.chance(1, 16) {
            let g = to_int(&Integer::from(ra.gcd_ref(&Integer::new())));
            b = &g * 2u32;
            rb = to_rug(&b);
        }
        check(&a.gcd(&b), &Integer::from(ra.gcd_ref(&rb)), || {
            what2("gcd", &ra, &rb)
        });
        check(&a.lcm(&b), &Integer::from(ra.lcm_ref(&rb)), || {
            what2("lcm", &ra, &rb)
        });
        let (g, s, t) = a.gcd_ext(&b);
        let (rg, rs, rt) = ra.clone().extended_gcd(rb.clone(), Integer::new());
        check(&g, &rg, || what2("gcd_ext g", &ra, &rb));
        check(&s, &rs, || what2("gcd_ext s", &ra, &rb));
        check(&t, &rt, || what2("gcd_ext t", &ra, &rb));
        n += 4;
    }
    report("gcd_gcd_ext_lcm", n);
}

/// Pairs that steer Lehmer's algorithm onto its edges: consecutive Fibonacci numbers (every
/// quotient 1, the longest runs of matrix steps), values sharing their leading limbs, one huge
/// quotient (no safe matrix step: a division), one-limb tails near 2^64 whose cofactors reach
/// 2^63, and all of these times a common factor; gcd, gcd_ext and modinv against GMP.
#[test]
fn gcd_lehmer_edges() {
    let mut rng = Rng::for_test("gcd_lehmer_edges");
    let mut n = 0;
    for _ in 0..cases(4000) {
        let lim = budget(&mut rng);
        let (mut ra, mut rb) = match rng.below(7) {
            0 => {
                let k = rng.range(2, 64 * lim as u64 * 3 / 2) as u32;
                (
                    Integer::from(Integer::fibonacci(k + 1)),
                    Integer::from(Integer::fibonacci(k)),
                )
            }
            1 => {
                // Equal leading limbs, different tails.
                let len = rng.range(1, lim as u64) as usize;
                let top = magnitude(&mut rng, len);
                let shift = 64 * rng.range(1, 4) as u32 - rng.below(3) as u32;
                let (x, y) = (integer(&mut rng, 1).abs(), integer(&mut rng, 1).abs());
                (
                    Integer::from(&top << shift) + x,
                    Integer::from(&top << shift) + y,
                )
            }
            2 => {
                // b much shorter than a, or a = q·b + small with a huge q.
                let b = nonzero(&mut rng, lim.div_ceil(2)).abs();
                let len = rng.range(1, 3) as usize;
                let q = magnitude(&mut rng, len);
                (Integer::from(&b * &q) + integer(&mut rng, 1).abs(), b)
            }
            3 => {
                // One limb each, near 2^64, with small or huge quotients.
                let x = u64::MAX - rng.below(1 << 20);
                let r = rng.next_u64() >> rng.below(64);
                let y = *rng.pick(&[1u64, 2, 3, x - 1, x >> 1, r]);
                (Integer::from(x), Integer::from(y.max(1)))
            }
            4 => {
                // All-ones limbs against their neighbours.
                let k = rng.range(1, lim as u64) as u32 * 64;
                let a = (Integer::from(1) << k) - 1u32;
                let d = Integer::from(rng.range(1, 5));
                (a.clone(), a - d)
            }
            5 => {
                // Values of 2 limbs plus 1 to 34 bits (the gcd's short last Lehmer step takes
                // a third limb of up to 32 bits), with equal or random leading bits.
                let e = rng.range(1, 35) as u32;
                let x = (integer(&mut rng, 3).abs() % (Integer::from(1) << (128 + e)))
                    | (Integer::from(1) << (127 + e));
                let y = match rng.below(3) {
                    0 => (&x - integer(&mut rng, 2).abs()).abs(),
                    1 => integer(&mut rng, 3).abs() % (Integer::from(1) << (128 + e)),
                    _ => integer(&mut rng, 2).abs(),
                };
                (x, y)
            }
            _ => (integer(&mut rng, lim).abs(), integer(&mut rng, lim).abs()),
        };
        if rng.chance(1, 4) {
            let c = nonzero(&mut rng, 2).abs();
            ra *= &c;
            rb *= &c;
        }
        if rng.bool() {
            core::mem::swap(&mut ra, &mut rb);
        }
        if rng.chance(1, 4) {
            ra = -ra;
        }
        let (a, b) = (to_int(&ra), to_int(&rb));
        check(&a.gcd(&b), &Integer::from(ra.gcd_ref(&rb)), || {
            what2("gcd", &ra, &rb)
        });
        let (g, s, t) = a.gcd_ext(&b);
        let (rg, rs, rt) = ra.clone().extended_gcd(rb.clone(), Integer::new());
        check(&g, &rg, || what2("gcd_ext g", &ra, &rb));
        check(&s, &rs, || what2("gcd_ext s", &ra, &rb));
        check(&t, &rt, || what2("gcd_ext t", &ra, &rb));
        if rb != 0 {
            let got = a.modinv(&b);
            match ra.invert_ref(&rb).map(Integer::from) {
                Some(want) => match got {
                    Some(g) => check(&g, &want, || what2("modinv", &ra, &rb)),
                    None => fail(&format!("{}: got None", what2("modinv", &ra, &rb))),
                },
                None => check_eq(got, None, || what2("modinv", &ra, &rb)),
            }
        }
        n += 5;
    }
    report("gcd_lehmer_edges", n);
}

/// A pair of about `len` limbs for the half-gcd tests, in shape `shape` (0..8): random or
/// striped magnitudes, Fibonacci neighbours (every quotient 1), a common factor of half the
/// length, equal values, one a multiple of the other, a lopsided pair, and 2^i − 1 against
/// 2^j − 1 (whose gcd is 2^gcd(i, j) − 1).
fn hgcd_pair(rng: &mut Rng, len: usize, shape: u64) -> (Integer, Integer) {
    let half = (len / 2).max(1);
    match shape {
        0 | 1 => {
            let shorter = len - rng.below(2) as usize;
            (magnitude(rng, len), magnitude(rng, shorter))
        }
        2 => {
            let k = (len as u64 * 64 * 1000 / 694) as u32 + rng.below(64) as u32;
            let fib = |k| Integer::from(Integer::fibonacci(k));
            (fib(k + 1), fib(k))
        }
        3 => {
            let g = magnitude(rng, half);
            let (x, y) = (magnitude(rng, half), magnitude(rng, half));
            (Integer::from(&g * &x), g * y)
        }
        4 => {
            let a = magnitude(rng, len);
            (a.clone(), a)
        }
        5 => {
            let (b, q) = (magnitude(rng, half), magnitude(rng, half));
            (Integer::from(&b * &q), b)
        }
        6 => {
            let longer = len + rng.range(1, len as u64) as usize;
            (magnitude(rng, longer), magnitude(rng, len))
        }
        _ => {
            let i = 64 * len as u32 - rng.below(64) as u32;
            let j = i - rng.range(1, u64::from(i).min(200)) as u32;
            (
                (Integer::from(1) << i) - 1u32,
                (Integer::from(1) << j) - 1u32,
            )
        }
    }
}

/// `Int::gcd`, `gcd_ext` and `modinv` through the half-gcd (from `GCD_HGCD` and `GCDEXT_HGCD`
/// limbs; its recursion ends in Lehmer steps at `HGCD_BASE`) against GMP: every shape of
/// [`hgcd_pair`] at both thresholds ±1 limb and at longer lengths, both signs, and (at the
/// default scale) a few pairs of 2^18, 2^20 and 2^22 bits (2^24 in the soak runs). The tiny-threshold build runs the
/// recursion on operands of a few limbs.
#[test]
fn gcd_half_gcd() {
    use carry::thresholds::{GCDEXT_HGCD, GCD_HGCD, HGCD_BASE};
    let mut rng = Rng::for_test("gcd_half_gcd");
    let (t, te) = (GCD_HGCD, GCDEXT_HGCD);
    let mut lengths = vec![
        t - 1,
        t,
        t + 1,
        te - 1,
        te,
        te + 1,
        t + HGCD_BASE + 1,
        2 * t - 1,
    ];
    lengths.push(3 * t + 1);
    for _ in 0..cases(if t < 64 { 300 } else { 1 }) {
        lengths.push(rng.range(t as u64, 8 * t as u64 + 64) as usize);
    }
    let mut n = 0;
    let mut run = |ra: Integer, rb: Integer, rng: &mut Rng| {
        let ra = if rng.chance(1, 4) { -ra } else { ra };
        let rb = if rng.chance(1, 4) { -rb } else { rb };
        let (a, b) = (to_int(&ra), to_int(&rb));
        let sizes = format!(
            "{} and {} bits",
            ra.significant_bits(),
            rb.significant_bits()
        );
        let want = Integer::from(ra.gcd_ref(&rb));
        check(&a.gcd(&b), &want, || {
            format!("gcd of {sizes}: {}", what2("gcd", &ra, &rb))
        });
        check(&b.gcd(&a), &want, || {
            format!("gcd reversed: {}", what2("gcd", &rb, &ra))
        });
        let (g, s, t) = a.gcd_ext(&b);
        let (rg, rs, rt) = ra.clone().extended_gcd(rb.clone(), Integer::new());
        check(&g, &rg, || {
            format!("gcd_ext g of {sizes}: {}", what2("", &ra, &rb))
        });
        check(&s, &rs, || {
            format!("gcd_ext s of {sizes}: {}", what2("", &ra, &rb))
        });
        check(&t, &rt, || {
            format!("gcd_ext t of {sizes}: {}", what2("", &ra, &rb))
        });
        let got = a.modinv(&b);
        let what = || format!("modinv of {sizes}: {}", what2("", &ra, &rb));
        match (ra.invert_ref(&rb).map(Integer::from), got) {
            (Some(want), Some(got)) => check(&got, &want, what),
            (want, got) => check_eq(got.is_some(), want.is_some(), what),
        }
        n += 6;
    };
    for &len in &lengths {
        for shape in 0..8 {
            let (ra, rb) = hgcd_pair(&mut rng, len, shape);
            run(ra, rb, &mut rng);
        }
    }
    if scale() >= 1.0 && t >= 64 {
        for bits in [1u32 << 18, 1 << 20] {
            let len = bits as usize / 64;
            for shape in [0, 3] {
                let (ra, rb) = hgcd_pair(&mut rng, len, shape);
                run(ra, rb, &mut rng);
            }
        }
        let (ra, rb) = hgcd_pair(&mut rng, 1 << 16, 3);
        run(ra, rb, &mut rng);
        if scale() >= 10.0 {
            // 2^24 bits: seconds per operation, so only in the soak runs.
            let (ra, rb) = hgcd_pair(&mut rng, 1 << 18, 0);
            run(ra, rb, &mut rng);
        }
    }
    report("gcd_half_gcd", n);
}

#[test]
fn modinv() {
    let mut rng = Rng::for_test("modinv");
    let mut n = 0;
    for _ in 0..cases(3000) {
        let lim = budget(&mut rng);
        let (a, ra) = operand(&mut rng, lim);
        let (m, rm) = match rng.below(6) {
            0 => {
                let v = Integer::from(rng.range(0, 3)) * if rng.bool() { 1 } else { -1 };
                (to_int(&v), v)
            }
            _ => operand(&mut rng, lim),
        };
        let got = a.modinv(&m);
        if rm == 0 {
            check_eq(got, None, || what2("modinv", &ra, &rm));
        } else {
            match ra.invert_ref(&rm).map(Integer::from) {
                Some(want) => match got {
                    Some(g) => check(&g, &want, || what2("modinv", &ra, &rm)),
                    None => fail(&format!("{}: got None", what2("modinv", &ra, &rm))),
                },
                None => check_eq(got, None, || what2("modinv", &ra, &rm)),
            }
        }
        n += 1;
    }
    report("modinv", n);
}

/// A modular-power case: base, exponent and modulus, with bases at and above the modulus,
/// exponents 0 and 1, moduli ±1 and even moduli sometimes.
fn powm_case(rng: &mut Rng) -> (Integer, Integer, Integer) {
    let lim = budget(rng);
    let mut m = integer(rng, lim);
    match rng.below(10) {
        0 => m = Integer::from(rng.range(1, 3)),
        1 => {
            m.set_bit(0, true);
        }
        2 => {
            m.set_bit(0, false);
        }
        _ => {}
    }
    if m == 0 {
        m = Integer::from(7);
    }
    let mut e = if lim == MAX_LIMBS || rng.chance(1, 2) {
        integer(rng, 1)
    } else {
        integer(rng, lim)
    };
    match rng.below(10) {
        0 => e = Integer::from(rng.below(3)),
        1 => e.abs_mut(),
        _ => {}
    }
    let b = match rng.below(10) {
        0 => Integer::from(0),
        1 => m.clone().abs() + rng.range(0, 2),
        2 => Integer::from(&m * rng.range(2, 5)) - 1,
        _ => integer(rng, lim + 1),
    };
    (b, e, m)
}

#[test]
fn modpow() {
    let mut rng = Rng::for_test("modpow");
    let mut n = 0;
    for _ in 0..cases(2000) {
        let (rb, re, rm) = powm_case(&mut rng);
        let (b, e, m) = (to_int(&rb), to_int(&re), to_int(&rm));
        let what = || format!("modpow({}, {}, {})", hx(&rb), hx(&re), hx(&rm));
        let got = b.checked_modpow(&e, &m);
        match rb.clone().pow_mod(&re, &rm) {
            Ok(want) => match got {
                Some(g) => check(&g, &want, what),
                None => fail(&format!("{}: got None", what())),
            },
            Err(_) => check_eq(got, None, what),
        }
        n += 1;
    }
    check_eq(
        Int::from(3).checked_modpow(&Int::ONE, &Int::ZERO),
        None,
        || "modulus 0".into(),
    );
    report("modpow", n + 1);
}

#[test]
fn sqrt_root_perfect_powers() {
    // A root just below 2^50 that a floating-point estimate misses by two: (33·2^44)^7.
    let x = Int::from(33u32 << 12).pow(7) << 224u32;
    assert!(x.is_perfect_power(), "(33·2^44)^7 is a perfect power");
    let mut rng = Rng::for_test("sqrt_root_perfect_powers");
    let mut n = 0;
    for _ in 0..cases(3000) {
        let lim = budget(&mut rng);
        let (mut a, mut ra) = operand(&mut rng, lim);
        if rng.chance(1, 4) {
            // Powers and their neighbours.
            let k = *rng.pick(&[2u32, 3, 5, 7, 9, 13, 64]);
            let base = integer(&mut rng, (lim / k as usize).max(1));
            ra = Integer::from(rug::ops::Pow::pow(&base, k)) + Integer::from(rng.range(0, 2)) - 1;
            a = to_int(&ra);
        }
        let abs = Integer::from(ra.abs_ref());
        let x = to_int(&abs);
        let (s, r) = x.sqrt_rem();
        let (rs, rr) = abs.clone().sqrt_rem(Integer::new());
        check(&s, &rs, || format!("sqrt_rem({})", hx(&abs)));
        check(&r, &rr, || format!("sqrt_rem rem({})", hx(&abs)));
        check_eq(a.checked_sqrt().is_some(), ra >= 0, || {
            format!("checked_sqrt({})", hx(&ra))
        });
        for k in [1, 2, 3, 4, 5, 7, 11, 64, 65, rng.range(1, 3000) as u32] {
            if ra < 0 && k % 2 == 0 {
                continue;
            }
            let want = Integer::from(ra.root_ref(k));
            check(&a.nth_root(k), &want, || {
                format!("nth_root({}, {k})", hx(&ra))
            });
            n += 1;
        }
        check_eq(a.is_perfect_square(), ra.is_perfect_square(), || {
            format!("is_perfect_square({})", hx(&ra))
        });
        if lim <= 24 || rng.chance(1, 4) {
            check_eq(a.is_perfect_power(), ra.is_perfect_power(), || {
                format!("is_perfect_power({})", hx(&ra))
            });
        }
        n += 4;
    }
    report("sqrt_root_perfect_powers", n);
}

/// The Karatsuba square root on every bit length across its one- and two-limb base cases and
/// its first levels, and on a few long operands: random and striped magnitudes cut to the
/// length, squares and their neighbours, 2^n − 1 and 2^n.
#[test]
fn sqrt_rem_dc_sizes() {
    let mut rng = Rng::for_test("sqrt_rem_dc_sizes");
    let mut lengths: Vec<u32> = (1..200).collect();
    lengths.extend([255, 256, 257, 511, 512, 513, 2047, 2048, 2049, 100_003]);
    if scale() >= 1.0 {
        lengths.extend([1 << 20, (1 << 20) + 5]);
    }
    let mut n = 0;
    for &bits in &lengths {
        let limbs = (bits as usize).div_ceil(64);
        let mut cases = vec![
            (Integer::from(1) << bits) - 1u32,
            Integer::from(1) << (bits - 1),
        ];
        for _ in 0..if bits < 100_000 { 4 } else { 1 } {
            let m = magnitude(&mut rng, limbs) >> (64 * limbs as u32 - bits);
            let m = m | (Integer::from(1) << (bits - 1));
            let root = Integer::from(m.sqrt_ref());
            let sq = Integer::from(root.square_ref());
            cases.extend([m, sq.clone(), sq.clone() - 1u32, sq + 1u32]);
        }
        for x in cases {
            let (s, r) = to_int(&x).sqrt_rem();
            let (rs, rr) = x.clone().sqrt_rem(Integer::new());
            check(&s, &rs, || format!("sqrt_rem({}) [{bits} bits]", hx(&x)));
            check(&r, &rr, || {
                format!("sqrt_rem rem({}) [{bits} bits]", hx(&x))
            });
            check(&to_int(&x).sqrt(), &rs, || format!("sqrt({})", hx(&x)));
            n += 3;
        }
    }
    report("sqrt_rem_dc_sizes", n);
}

/// Values around the normalisations of the limb square root for an `n`-limb length: random
/// limbs under each top limb that sets a different even shift (1, 2, 3, 2^62, 2^63, 2^64 − 1),
/// all-ones limbs, 2^k ± 1, and the squares s², s² − 1 and s² + 2s (the largest with root s) of
/// roots taken from those.
fn sqrt_cases(rng: &mut Rng, n: usize) -> Vec<Integer> {
    if n == 0 {
        return vec![Integer::new()];
    }
    let bits = 64 * n as u32;
    let mut base = vec![
        (Integer::from(1) << bits) - 1u32,
        (Integer::from(1) << (bits - 1)) + 1u32,
        (Integer::from(1) << (bits - 1)) - 1u32,
        Integer::from(1) << (bits - 64),
        magnitude(rng, n),
    ];
    for top in [1, 2, 3, 1 << 62, 1 << 63, u64::MAX] {
        let mut limbs: Vec<u64> = (0..n).map(|_| rng.next_u64()).collect();
        limbs[n - 1] = top;
        base.push(from_limbs(&limbs));
    }
    let mut out = base.clone();
    for x in base {
        let s = Integer::from(x.sqrt_ref());
        let sq = Integer::from(s.square_ref());
        out.push(sq.clone() + 2u32 * &s);
        out.push(sq.clone() - 1u32);
        out.push(sq);
    }
    out.retain(|x| *x >= 0);
    out
}

/// `sqrt`, `sqrt_rem`, `checked_sqrt` and `is_perfect_square` against GMP at every length up
/// to 40 limbs and at 100, 1000 and 5000 limbs, on [`sqrt_cases`].
#[test]
fn sqrt_every_limb_count() {
    let mut rng = Rng::for_test("sqrt_every_limb_count");
    let mut lengths: Vec<usize> = (0..=40).collect();
    lengths.extend([100, 1000]);
    if scale() >= 0.5 {
        lengths.push(5000);
    }
    let mut n = 0;
    for &len in &lengths {
        let reps = if len <= 40 { 3 } else { 1 };
        for _ in 0..reps {
            for x in sqrt_cases(&mut rng, len) {
                let a = to_int(&x);
                let (rs, rr) = x.clone().sqrt_rem(Integer::new());
                let what = |op: &str| format!("{op}({}) [{len} limbs]", hx(&x));
                let (s, r) = a.sqrt_rem();
                check(&s, &rs, || what("sqrt_rem root"));
                check(&r, &rr, || what("sqrt_rem remainder"));
                check(&a.sqrt(), &rs, || what("sqrt"));
                check(&a.checked_sqrt().unwrap(), &rs, || what("checked_sqrt"));
                check_eq(a.is_perfect_square(), rr == 0, || what("is_perfect_square"));
                n += 5;
            }
        }
    }
    report("sqrt_every_limb_count", n);
}

/// The residue tests of `is_perfect_square` on values that pass modulo 256 but not modulo the
/// factors of 2^48 − 1, and on squares times small non-squares.
#[test]
fn is_perfect_square_residues() {
    let mut rng = Rng::for_test("is_perfect_square_residues");
    let mut n = 0;
    for _ in 0..cases(4000) {
        let len = 1 + rng.below(12) as usize;
        let s = magnitude(&mut rng, len);
        let sq = Integer::from(s.square_ref());
        for m in [1u32, 2, 3, 5, 7, 13, 17, 97, 241, 257, 673, 256, 4] {
            let x = sq.clone() * m;
            check_eq(
                to_int(&x).is_perfect_square(),
                x.is_perfect_square(),
                || format!("is_perfect_square({})", hx(&x)),
            );
            n += 1;
        }
    }
    for x in -5i64..100_000 {
        let r = Integer::from(x);
        check_eq(
            Int::from(x).is_perfect_square(),
            r.is_perfect_square(),
            || format!("is_perfect_square({x})"),
        );
        n += 1;
    }
    report("is_perfect_square_residues", n);
}

#[test]
fn jacobi_legendre_kronecker() {
    let mut rng = Rng::for_test("jacobi_legendre_kronecker");
    let mut n = 0;
    for _ in 0..cases(5000) {
        let lim = budget(&mut rng);
        let (a, ra) = operand(&mut rng, lim);
        let (b, rb) = operand(&mut rng, lim);
        check_eq(a.kronecker(&b), ra.kronecker(&rb), || {
            what2("kronecker", &ra, &rb)
        });
        let mut odd = Integer::from(rb.abs_ref());
        odd.set_bit(0, true);
        let o = to_int(&odd);
        check_eq(a.jacobi(&o), ra.jacobi(&odd), || what2("jacobi", &ra, &odd));
        n += 2;
    }
    for p in [3u32, 5, 7, 65537] {
        for a in -20i32..20 {
            let (x, rp) = (Int::from(a), Integer::from(p));
            check_eq(
                x.legendre(&Int::from(p)),
                Integer::from(a).legendre(&rp),
                || format!("legendre({a}, {p})"),
            );
            n += 1;
        }
    }
    report("jacobi_legendre_kronecker", n);
}

#[test]
#[should_panic(expected = "odd and positive")]
fn jacobi_of_even_n_panics() {
    Int::from(3).jacobi(&Int::from(8));
}

#[test]
#[should_panic(expected = "even root of a negative")]
fn even_root_of_negative_panics() {
    Int::from(-8).nth_root(2);
}

#[test]
fn probable_primes_match_gmp() {
    let mut rng = Rng::for_test("probable_primes_match_gmp");
    let mut n = 0;
    for _ in 0..cases(600) {
        let bits = *rng.pick(&[8u32, 32, 63, 64, 65, 100, 128, 200, 512, 1024]);
        let mut x = Integer::from(rng.next_u64()) << bits.saturating_sub(64);
        x ^= integer(&mut rng, (bits as usize).div_ceil(64));
        x.abs_mut();
        x.keep_bits_mut(bits);
        if rng.chance(1, 2) {
            x = x.next_prime();
        }
        let c = to_int(&x);
        let want = x.is_probably_prime(30) != IsPrime::No;
        check_eq(c.is_probable_prime(), want, || {
            format!("is_probable_prime({})", hx(&x))
        });
        check_eq(c.is_probable_prime_reps(3), want, || {
            format!("is_probable_prime_reps({})", hx(&x))
        });
        if bits <= 512 {
            check(&c.next_prime(), &Integer::from(x.next_prime_ref()), || {
                format!("next_prime({})", hx(&x))
            });
            if x > 2 {
                match c.prev_prime() {
                    Some(p) => check(&p, &Integer::from(x.prev_prime_ref()), || {
                        format!("prev_prime({})", hx(&x))
                    }),
                    None => fail(&format!("prev_prime({}) = None", hx(&x))),
                }
            }
        }
        n += 4;
    }
    for v in -5i32..=2 {
        check_eq(Int::from(v).is_probable_prime(), v == 2, || format!("{v}"));
        check_eq(Int::from(v).prev_prime(), None, || {
            format!("prev_prime({v})")
        });
        check(
            &Int::from(v).next_prime(),
            &Integer::from(if v < 2 { 2 } else { 3 }),
            || format!("next_prime({v})"),
        );
    }
    report("probable_primes_match_gmp", n);
}

/// Every n below 10^6 against a sieve.
#[test]
fn primality_exact_below_one_million() {
    const N: usize = 1_000_000;
    let mut composite = vec![false; N];
    composite[0] = true;
    composite[1] = true;
    for i in 2..N {
        if !composite[i] {
            let mut j = i * i;
            while j < N {
                composite[j] = true;
                j += i;
            }
        }
    }
    for (i, &c) in composite.iter().enumerate() {
        if Int::from(i).is_probable_prime() == c {
            fail(&format!("is_probable_prime({i}) = {c}"));
        }
    }
    report("primality_exact_below_one_million", N as u64);
}

/// Carmichael numbers, base-2 strong pseudoprimes and strong Lucas pseudoprimes, each
/// composite, none may pass.
#[test]
fn pseudoprimes_are_composite() {
    let mut n = 0;
    let mut composites: Vec<Integer> = Vec::new();
    // Carmichael numbers (A002997), some of them strong pseudoprimes to many bases.
    for c in [
        561u64,
        1105,
        1729,
        2465,
        2821,
        6601,
        8911,
        10585,
        15841,
        29341,
        41041,
        46657,
        52633,
        62745,
        63973,
        75361,
        101101,
        115921,
        126217,
        162401,
        172081,
        188461,
        252601,
        278545,
        294409,
        314821,
        334153,
        340561,
        399001,
        410041,
        449065,
        488881,
        512461,
        3215031751,
        2152302898747,
        3474749660383,
        341550071728321,
        3825123056546413051,
    ] {
        composites.push(Integer::from(c));
    }
    // Strong Lucas pseudoprimes (A217255).
    for c in [
        5459u64, 5777, 10877, 16109, 18971, 22499, 24569, 25199, 40309, 58519, 75077, 97439,
        100127, 113573, 115639, 130139, 155819, 158399, 161027, 162133, 176399, 176471, 189419,
        192509, 197801, 224369, 230691, 231703, 243629, 253259, 268349, 288919, 313499, 324899,
    ] {
        composites.push(Integer::from(c));
    }
    // Base-2 strong pseudoprimes (A001262) below 2^64 taken from the first terms and from
    // products (2k+1)(4k+1) with both factors prime, which are base-2 strong pseudoprimes when
    // they pass (kept only those GMP's base-2 test passes, found here by brute force).
    for c in [
        2047u64, 3277, 4033, 4681, 8321, 15841, 29341, 42799, 49141, 52633, 65281, 74665, 80581,
        85489, 88357, 90751, 104653, 130561, 196093, 220729, 233017, 252601, 253241, 256999,
        271951, 280601, 314821, 357761, 390937, 458989, 476971, 486737,
    ] {
        composites.push(Integer::from(c));
    }
    let two = Integer::from(2);
    let mut k = 1u64;
    let mut found = 0;
    while found < 200 && k < 5_000_000 {
        let (p, q) = (2 * k + 1, 4 * k + 1);
        let c = Integer::from(p) * q;
        if Integer::from(p).is_probably_prime(20) != IsPrime::No
            && Integer::from(q).is_probably_prime(20) != IsPrime::No
            && is_strong_probable_prime(&c, &two)
        {
            composites.push(c);
            found += 1;
        }
        k += 1;
    }
    check_eq(found, 200, || {
        "base-2 strong pseudoprimes (2k+1)(4k+1) found".into()
    });
    for c in &composites {
        check_eq(c.is_probably_prime(30), IsPrime::No, || {
            format!("{c} is composite")
        });
        check_eq(to_int(c).is_probable_prime(), false, || {
            format!("is_probable_prime({c})")
        });
        n += 1;
    }
    // Arnault's 397-digit composite, a strong pseudoprime to every prime base below 307
    // (F. Arnault, J. Symbolic Computation 20 (1995)).
    let arnault = arnault_composite();
    let text = arnault.to_string();
    check_eq(text.len(), 397, || "Arnault's number has 397 digits".into());
    check_eq(&text[..20], "28871482380507712126", || {
        "Arnault's number".into()
    });
    check_eq(&text[380..], "22297802059565867", || {
        "Arnault's number".into()
    });
    for base in [2u32, 3, 5, 7, 197, 199] {
        check_eq(
            is_strong_probable_prime(&arnault, &Integer::from(base)),
            true,
            || format!("Arnault's number should fool base {base}"),
        );
    }
    check_eq(to_int(&arnault).is_probable_prime(), false, || {
        "Arnault's number".into()
    });
    report("pseudoprimes_are_composite", n + 1);
}

/// The strong probable-prime test to `base` with rug, as the oracle for the lists above.
fn is_strong_probable_prime(n: &Integer, base: &Integer) -> bool {
    let n1 = Integer::from(n - 1);
    let s = n1.find_one(0).unwrap();
    let d = Integer::from(&n1 >> s);
    let mut x = base.clone().pow_mod(&d, n).unwrap();
    if x == 1 || x == n1 {
        return true;
    }
    for _ in 1..s {
        x = x.pow_mod(&Integer::from(2), n).unwrap();
        if x == n1 {
            return true;
        }
    }
    false
}

/// Arnault's composite: `p1·p2·p3` with `p2 = 313·(p1 - 1) + 1`, `p3 = 353·(p1 - 1) + 1`, and
/// `p1` the 131-digit prime of his paper.
fn arnault_composite() -> Integer {
    let p1: Integer = "29674495668685510550154174642905332730771991799853043350995075531276838753171770199594238596428121188033664754218345562493168782883"
        .parse()
        .unwrap();
    let p2 = Integer::from(&p1 - 1) * 313 + 1;
    let p3 = Integer::from(&p1 - 1) * 353 + 1;
    p1 * p2 * p3
}

#[test]
fn mersenne_numbers() {
    let exponents = [
        2u32, 3, 5, 7, 13, 17, 19, 31, 61, 89, 107, 127, 521, 607, 1279, 2203, 2281, 3217, 4253,
        4423,
    ];
    let mut n = 0;
    for &p in &exponents {
        let m = (Int::ONE << p) - 1u32;
        check_eq(m.is_probable_prime(), true, || {
            format!("2^{p} - 1 is prime")
        });
        n += 1;
    }
    let scale_heavy = scale() > 1.0;
    for p in [
        11u32, 23, 29, 37, 41, 43, 47, 53, 59, 67, 71, 73, 79, 83, 97, 101, 103, 109, 113, 131,
        1277, 2207, 4219,
    ] {
        if p > 200 && !scale_heavy && p != 1277 {
            continue;
        }
        let m = (Int::ONE << p) - 1u32;
        check_eq(m.is_probable_prime(), false, || {
            format!("2^{p} - 1 is composite")
        });
        n += 1;
    }
    report("mersenne_numbers", n);
}

/// `factorial`, `double_factorial` and `primorial` at the edges of every path (the tables up to
/// 20 and 34, the one-limb odd tables up to 25 and 33, the stack path below 256, the prime-swing
/// threshold and its halvings, the sieve from 2^16) and at random sizes, against GMP.
#[test]
fn factorial_edges() {
    use carry::thresholds::FACTORIAL_SWING;
    let mut rng = Rng::for_test("factorial_edges");
    let mut ns: Vec<u64> = vec![65_535, 65_536, 65_537, 100_000];
    for k in [20, 25, 33, 34, 35, 64, 128, 256, 512, 1024] {
        ns.extend([k - 1, k, k + 1]);
    }
    // n − popcount(n) a multiple of 64: the shift moves whole limbs.
    ns.extend((35..4096u64).filter(|k| (k - u64::from(k.count_ones())) % 64 == 0));
    for k in [
        FACTORIAL_SWING / 2,
        FACTORIAL_SWING,
        2 * FACTORIAL_SWING,
        4 * FACTORIAL_SWING,
    ] {
        ns.extend([k.saturating_sub(1), k, k + 1]);
    }
    for _ in 0..cases(40) {
        let max = *rng.pick(&[300u64, 3000, 30_000]);
        ns.push(rng.below(max));
    }
    let mut n = 0;
    for k in ns {
        let k32 = u32::try_from(k).unwrap();
        check(
            &Int::factorial(k),
            &Integer::from(Integer::factorial(k32)),
            || format!("factorial({k})"),
        );
        if k <= 30_000 {
            check(
                &Int::double_factorial(k),
                &Integer::from(Integer::factorial_2(k32)),
                || format!("double_factorial({k})"),
            );
        }
        check(
            &Int::primorial(k),
            &Integer::from(Integer::primorial(k32)),
            || format!("primorial({k})"),
        );
        n += 3;
    }
    report("factorial_edges", n);
}

#[test]
fn combinatorics() {
    let mut n = 0;
    let mut rng = Rng::for_test("combinatorics");
    for k in (0..300u32).chain([1000, 4321, 10_000, 25_000]) {
        check(
            &Int::factorial(k.into()),
            &Integer::from(Integer::factorial(k)),
            || format!("factorial({k})"),
        );
        check(
            &Int::double_factorial(k.into()),
            &Integer::from(Integer::factorial_2(k)),
            || format!("double_factorial({k})"),
        );
        check(
            &Int::fibonacci(k.into()),
            &Integer::from(Integer::fibonacci(k)),
            || format!("fibonacci({k})"),
        );
        check(
            &Int::lucas(k.into()),
            &Integer::from(Integer::lucas(k)),
            || format!("lucas({k})"),
        );
        check(
            &Int::primorial(k.into()),
            &Integer::from(Integer::primorial(k)),
            || format!("primorial({k})"),
        );
        n += 5;
    }
    for _ in 0..cases(1000) {
        let lim = *rng.pick(&[1, 2, 8]);
        let (a, ra) = operand(&mut rng, lim);
        let any = rng.range(0, 700) as u32;
        let k = *rng.pick(&[0u32, 1, 2, 3, 7, 40, 100, any]);
        check(
            &Int::binomial(&a, k.into()),
            &ra.clone().binomial(k),
            || format!("binomial({}, {k})", hx(&ra)),
        );
        n += 1;
    }
    for (a, k) in [
        (0i64, 0u32),
        (0, 1),
        (-1, 0),
        (-1, 5),
        (5, 5),
        (5, 6),
        (1000, 500),
    ] {
        check(
            &Int::binomial(&Int::from(a), k.into()),
            &Integer::from(a).binomial(k),
            || format!("binomial({a}, {k})"),
        );
        n += 1;
    }
    report("combinatorics", n);
}

#[test]
fn crt() {
    let mut rng = Rng::for_test("crt");
    let mut n = 0;
    for _ in 0..cases(1000) {
        let count = rng.range(0, 5) as usize;
        let mut congruences = Vec::new();
        let x = Integer::from(rng.next_u128());
        for _ in 0..count {
            let width = rng.range(1, 40);
            let m = Integer::from(rng.range(1, 1 << width));
            let r = Integer::from(&x % &m) + Integer::from(&m * (rng.range(0, 4) as i64 - 2));
            congruences.push((to_int(&r), to_int(&m)));
        }
        let lcm = congruences
            .iter()
            .fold(Integer::from(1), |l, (_, m)| l.lcm(&to_rug(m)));
        let got = Int::crt(&congruences).unwrap_or_else(|e| fail(&format!("crt error {e}")));
        check(&got, &Integer::from(&x % &lcm), || {
            format!("crt {congruences:?}")
        });
        if count > 0 {
            // Break one residue: inconsistent exactly when the moduli before share a factor.
            let i = rng.below(count as u64) as usize;
            congruences[i].0 += 1u32;
            let consistent = congruences.iter().all(|(r, m)| {
                let y = Integer::from(&x % &to_rug(m));
                (to_rug(r) - y).is_divisible(&to_rug(m))
            });
            if let Ok(y) = Int::crt(&congruences) {
                let ok = congruences
                    .iter()
                    .all(|(r, m)| (to_rug(&y) - to_rug(r)).is_divisible(&to_rug(m)));
                check_eq(ok, true, || format!("crt {congruences:?}"));
            }
            let _ = consistent;
        }
        n += 1;
    }
    check_eq(
        Int::crt(&[(Int::ONE, Int::ZERO)]),
        Err(carry::CrtError::NonPositiveModulus { index: 0 }),
        || "zero modulus".into(),
    );
    report("crt", n);
}

/// An odd modulus above one of up to `lim` limbs, sometimes 3, 2^k ± 1 or all ones.
fn odd_modulus(rng: &mut Rng, lim: usize) -> Integer {
    loop {
        let mut m = Integer::from(integer(rng, lim).abs_ref());
        match rng.below(12) {
            0 => m = Integer::from(3),
            1 => m = (Integer::from(1) << (64 * rng.range(1, lim as u64) as u32)) - 1,
            2 => m = (Integer::from(1) << rng.range(2, 64 * lim as u64) as u32) + 1,
            _ => {
                m.set_bit(0, true);
            }
        }
        if m > 1 {
            return m;
        }
    }
}

#[test]
fn modulus_pow_vartime_pow_pow2() {
    let mut rng = Rng::for_test("modulus_pow_vartime_pow_pow2");
    let mut n = 0;
    for _ in 0..cases(1500) {
        let lim = budget(&mut rng);
        let rm = odd_modulus(&mut rng, lim);
        let m = carry::Modulus::new(&to_int(&rm)).unwrap();
        let (_, mut rb, _) = powm_case(&mut rng);
        if rng.chance(1, 8) {
            rb = Integer::from(2);
        }
        let re = if lim == MAX_LIMBS && rng.chance(3, 4) {
            Integer::from(integer(&mut rng, 2).abs_ref())
        } else {
            Integer::from(integer(&mut rng, lim).abs_ref())
        };
        let re = match rng.below(10) {
            0 => Integer::from(rng.below(3)),
            _ => re,
        };
        let (b, e) = (to_int(&rb), to_int(&re));
        let what = |op: &str| format!("{op}({}, {}, {})", hx(&rb), hx(&re), hx(&rm));
        let want = rb.clone().pow_mod(&re, &rm).unwrap();
        check(&m.pow_vartime(&b, &e), &want, || what("pow_vartime"));
        check(&m.pow(&b, &e), &want, || what("pow"));
        let mut out = vec![u64::MAX; rm.significant_digits::<u64>()];
        m.pow_into(&b, &e, &mut out);
        check(&Int::from_limbs(&out), &want, || what("pow_into"));
        if re > 0 {
            let sec = rb.clone().secure_pow_mod(&re, &rm);
            check(&m.pow(&b, &e), &sec, || what("pow vs secure_pow_mod"));
        }
        // Negative exponents through the inverse.
        let neg = Integer::from(-&re);
        match rb.clone().pow_mod(&neg, &rm) {
            Ok(w) => check(&m.pow_vartime(&b, &to_int(&neg)), &w, || {
                what("pow_vartime(-e)")
            }),
            Err(_) => check_eq(m.checked_pow_vartime(&b, &to_int(&neg)), None, || {
                what("checked_pow_vartime(-e)")
            }),
        }
        // a^x·b^y.
        let (ra2, _, _) = powm_case(&mut rng);
        let ry = Integer::from(integer(&mut rng, lim.min(4)).abs_ref());
        let w2 = Integer::from(&want * &ra2.clone().pow_mod(&ry, &rm).unwrap()) % &rm;
        check(
            &m.pow2_vartime(&b, &e, &to_int(&ra2), &to_int(&ry)),
            &w2,
            || format!("pow2_vartime {} ^ {}", what("a^x"), hx(&ry)),
        );
        // The helpers.
        let r_pow = Integer::from(1) << (64 * rm.significant_digits::<u64>() as u32);
        let mont = Integer::from(&rb * &r_pow).rem_euc(&rm);
        check(&m.to_montgomery(&b), &mont, || what("to_montgomery"));
        check(
            &m.from_montgomery(&to_int(&mont)),
            &rb.clone().rem_euc(&rm),
            || what("from_montgomery"),
        );
        check(&m.reduce(&b), &rb.clone().rem_euc(&rm), || what("reduce"));
        let prod = Integer::from(&rb * &ra2).rem_euc(&rm);
        check(&m.mul(&b, &to_int(&ra2)), &prod, || what("mul"));
        check(
            &m.square(&b),
            &Integer::from(rb.square_ref()).rem_euc(&rm),
            || what("square"),
        );
        n += 9;
    }
    report("modulus_pow_vartime_pow_pow2", n);
}

/// `Modulus` at every length from one limb to two past `MODULUS_FIXED` of the default build
/// (fixed-width products on arrays up to it, slices above; the tiny-thresholds build has
/// `MODULUS_FIXED = 1`, so there the slices meet every length from two): `pow_vartime`, `pow`, `mul`
/// and `square` against GMP, with moduli of all-ones limbs, just above 2^(64·len − 1) and
/// random, bases 0, 1, m − 1, 2 and random, and exponents of every length up to the modulus's.
#[test]
fn modulus_every_length() {
    let mut rng = Rng::for_test("modulus_every_length");
    let mut n = 0;
    for len in 1..=carry::thresholds::MODULUS_FIXED.max(12) + 2 {
        let bits = 64 * len as u32;
        for _ in 0..cases(12) {
            let rm = match rng.below(3) {
                0 => (Integer::from(1) << bits) - 1,
                1 => (Integer::from(1) << (bits - 1)) + 1 + 2 * rng.below(1000),
                _ => Integer::from(integer(&mut rng, len).abs_ref()) | 1,
            };
            if rm <= 1 {
                continue;
            }
            let m = carry::Modulus::new(&to_int(&rm)).unwrap();
            let rb = match rng.below(6) {
                0 => Integer::new(),
                1 => Integer::from(1),
                2 => Integer::from(&rm - 1),
                3 => Integer::from(2),
                _ => Integer::from(integer(&mut rng, len + 1).abs_ref()),
            };
            let elen = 1 + rng.below(len as u64) as usize;
            let re = Integer::from(integer(&mut rng, elen).abs_ref());
            let ra = Integer::from(integer(&mut rng, len).abs_ref());
            let (b, e) = (to_int(&rb), to_int(&re));
            let what = |op: &str| format!("{op}({}, {}, {})", hx(&rb), hx(&re), hx(&rm));
            let want = rb.clone().pow_mod(&re, &rm).unwrap();
            check(&m.pow_vartime(&b, &e), &want, || what("pow_vartime"));
            check(&m.pow(&b, &e), &want, || what("pow"));
            let prod = Integer::from(&rb * &ra).rem_euc(&rm);
            check(&m.mul(&b, &to_int(&ra)), &prod, || what("mul"));
            let sq = Integer::from(rb.square_ref()).rem_euc(&rm);
            check(&m.square(&b), &sq, || what("square"));
            n += 4;
        }
    }
    report("modulus_every_length", n);
}

/// `Modulus::pow_vartime` where the products reduce by multiplication: moduli of one limb
/// either side of `MODULUS_REDC_MUL` and of `MUL_NTT` (where the high half of `q·m` comes from
/// a product modulo `B^K - 1`), of a power-of-two length and one past it; all-ones limbs, just
/// above `2^(64·len − 1)` and random; bases 0, 1, m − 1, 2 and random; short exponents.
#[test]
fn modulus_reduction_by_products() {
    use carry::thresholds::{MODULUS_REDC_MUL, MUL_NTT};
    let mut rng = Rng::for_test("modulus_reduction_by_products");
    let mut n = 0;
    let mut lens = vec![
        MODULUS_REDC_MUL - 1,
        MODULUS_REDC_MUL,
        MODULUS_REDC_MUL + 1,
        MUL_NTT - 1,
        MUL_NTT,
        MUL_NTT + 1,
        1024,
        1025,
    ];
    lens.retain(|&l| l >= 2);
    for len in lens {
        let bits = 64 * len as u32;
        for case in 0..cases(4) {
            let rm = match case % 3 {
                0 => (Integer::from(1) << bits) - 1,
                1 => (Integer::from(1) << (bits - 1)) + 1 + 2 * rng.below(1000),
                _ => Integer::from(integer(&mut rng, len).abs_ref()) | 1,
            };
            if rm <= 1 {
                continue;
            }
            let m = carry::Modulus::new(&to_int(&rm)).unwrap();
            let rb = match rng.below(6) {
                0 => Integer::new(),
                1 => Integer::from(1),
                2 => Integer::from(&rm - 1),
                3 => Integer::from(2),
                _ => Integer::from(integer(&mut rng, len + 1).abs_ref()),
            };
            let elen = 1 + rng.below(2) as usize;
            let re = Integer::from(integer(&mut rng, elen).abs_ref());
            let (b, e) = (to_int(&rb), to_int(&re));
            let what = |op: &str| format!("{op}({}, {}, {})", hx(&rb), hx(&re), hx(&rm));
            let want = rb.clone().pow_mod(&re, &rm).unwrap();
            check(&m.pow_vartime(&b, &e), &want, || what("pow_vartime"));
            check(&b.modpow(&e, &to_int(&rm)), &want, || what("Int::modpow"));
            n += 2;
        }
    }
    report("modulus_reduction_by_products", n);
}

#[test]
fn modulus_errors() {
    use carry::{Modulus, ModulusError};
    for (v, e) in [
        (0, ModulusError::Zero),
        (1, ModulusError::One),
        (-1, ModulusError::Negative),
        (-7, ModulusError::Negative),
        (2, ModulusError::Even),
        (1i64 << 40, ModulusError::Even),
    ] {
        check_eq(Modulus::new(&Int::from(v)).err(), Some(e), || {
            format!("Modulus::new({v})")
        });
    }
}

#[test]
fn roots_and_powers_with_large_exponents() {
    // Exponents at and beyond the bit length, where the root is ±1 (or 0), against GMP.
    let mut n = 0;
    for x in [1i64, 2, 7, 8, 255, 256, -1, -7, -8, i64::MAX, i64::MIN] {
        let (a, ra) = (Int::from(x), Integer::from(x));
        for k in [2u32, 3, 62, 63, 64, 65, 1 << 20, u32::MAX - 1, u32::MAX] {
            if x < 0 && k % 2 == 0 {
                continue;
            }
            let want = Integer::from(ra.root_ref(k));
            check(&a.nth_root(k), &want, || format!("nth_root({x}, {k})"));
            n += 1;
        }
    }
    // Prime exponents above 2^16: 3^p and its neighbours, both signs.
    for p in [65537u32, 65539, 100003] {
        let x = Int::from(3).pow(p);
        for d in [-2i32, -1, 0, 1, 2] {
            for v in [&x + d, -(&x + d)] {
                let rv = to_rug(&v);
                check_eq(v.is_perfect_power(), rv.is_perfect_power(), || {
                    format!("is_perfect_power(±3^{p} + {d})")
                });
                n += 1;
            }
        }
    }
    report("roots_and_powers_with_large_exponents", n);
}

#[test]
fn binomial_with_k_zero_and_negative_n() {
    // (n choose 0) = 1 for every n, negative ones included (k − 1 must not be formed).
    for n in [-5i64, -1, 0, 1, 5, i64::MIN] {
        assert_eq!(Int::binomial(&Int::from(n), 0), 1, "({n} choose 0)");
    }
    let mut checks = 6;
    for n in -12i64..12 {
        for k in 0u64..10 {
            let want = Integer::from(n).binomial(k as u32);
            check(&Int::binomial(&Int::from(n), k), &want, || {
                format!("({n} choose {k})")
            });
            checks += 1;
        }
    }
    report("binomial_with_k_zero_and_negative_n", checks);
}

#[test]
fn binomial_by_prime_powers_against_gmp() {
    // k at and around the prime-power threshold, n from just above k to 64·k and beyond (the
    // product trees again), both halves of the symmetry, and prime and composite n.
    let mut checks = 0;
    for k in [255u64, 256, 257, 300, 1000, 4099] {
        for n in [
            k,
            k + 1,
            2 * k - 1,
            2 * k,
            2 * k + 1,
            3 * k + 7,
            64 * k,
            64 * k + 64,
            65 * k,
        ] {
            for kk in [k, n - k] {
                let want = Integer::from(n).binomial(kk as u32);
                check(&Int::binomial(&Int::from(n), kk), &want, || {
                    format!("({n} choose {kk})")
                });
                checks += 1;
            }
        }
    }
    for n in [65_521u64, 65_536, 100_003] {
        let k = n / 2;
        let want = Integer::from(n).binomial(k as u32);
        check(&Int::binomial(&Int::from(n), k), &want, || {
            format!("({n} choose {k})")
        });
        checks += 1;
    }
    report("binomial_by_prime_powers_against_gmp", checks);
}
