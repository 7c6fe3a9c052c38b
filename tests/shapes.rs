//! Differential tests against GMP (through `rug`) of the unbalanced shapes: short quotients
//! and their correction edges, quotient-only and remainder-only division, division by one
//! limb, exact division, unbalanced gcd and its relatives, fused multiply-add, rationals and
//! prime stepping.
//!
//! Seeded by `CARRY_SEED` (printed at start), sized by `CARRY_SCALE`; every failure message
//! carries the seed and the operands.

mod common;

use carry::Int;
use common::*;
use rug::ops::RemRounding;
use rug::Integer;

/// The divisor lengths of the short-quotient tests: every small length, the crossovers of the
/// division algorithms, and long divisors up to 10,000 limbs (fewer cases there).
fn divisor_lengths() -> Vec<usize> {
    use carry::thresholds::{DIV_DC, DIV_MU, DIV_REGISTERS, MUL_KARATSUBA};
    let mut v: Vec<usize> = (1..=12).collect();
    for t in [DIV_DC, DIV_REGISTERS, MUL_KARATSUBA, DIV_MU] {
        v.extend([t.saturating_sub(1), t, t + 1, t + 2, t + 9]);
    }
    v.extend([63, 64, 65, 100, 257, 1000, 2049, 4000, 10_000]);
    v.retain(|&n| n > 0 && n <= 10_000);
    v.sort_unstable();
    v.dedup();
    v
}

/// A divisor of exactly `n` limbs: the generator's shapes, or a top limb of 1 (63 bits of
/// normalisation shift) or with its top bit set (none).
fn divisor(rng: &mut Rng, n: usize) -> Integer {
    let mut d = magnitude(rng, n);
    match rng.below(4) {
        0 => {
            d.keep_bits_mut(64 * (n as u32 - 1));
            d.set_bit(64 * (n as u32 - 1), true);
        }
        1 => {
            d.set_bit(64 * n as u32 - 1, true);
        }
        _ => {}
    }
    d
}

/// A quotient of at most `qn` limbs, often at the edges (1, all ones, a power of the base).
fn quotient(rng: &mut Rng, qn: usize) -> Integer {
    let bits = 64 * qn as u32;
    match rng.below(6) {
        0 => Integer::from(rng.range(1, 3)),
        1 => (Integer::from(1) << bits) - 1u32,
        2 => (Integer::from(1) << (bits - 1 - rng.below(64) as u32)) + rng.range(0, 2) - 1u32,
        _ => magnitude(rng, qn),
    }
}

/// A remainder for the divisor `d`, often where the top-limb estimate of the quotient is
/// exact only after its check or correction: 0, 1, a few limbs, `d - 1`, `d` less a few limbs.
fn remainder(rng: &mut Rng, d: &Integer) -> Integer {
    let short = |rng: &mut Rng| {
        let n = rng.range(1, 3) as usize;
        magnitude(rng, n)
    };
    let r = match rng.below(7) {
        0 => Integer::new(),
        1 => Integer::from(1),
        2 => short(rng),
        3 => Integer::from(d - 1u32),
        4 => d - short(rng),
        _ => magnitude(rng, d.significant_digits::<u64>()) % d,
    };
    if r < 0 || r >= *d {
        Integer::from(rng.below(2))
    } else {
        r
    }
}

/// Checks every quotient and remainder form of `a` by `d` (both nonzero or `a` zero).
fn check_division(a: &Integer, d: &Integer, n: &mut u64) {
    let (ca, cd) = (to_int(a), to_int(d));
    let what = |op: &str| format!("{} {op} {}", hx(a), hx(d));
    let (q, r) = a.clone().div_rem(d.clone());
    check(&(&ca / &cd), &q, || what("/"));
    check(&(&ca % &cd), &r, || what("%"));
    let (cq, cr) = ca.div_rem(&cd);
    check(&cq, &q, || what("div_rem.0"));
    check(&cr, &r, || what("div_rem.1"));
    let (mut x, mut y) = (Int::from(5), Int::ONE << 700u32);
    x.assign_div_rem(&mut y, &ca, &cd);
    check(&x, &q, || what("assign_div_rem.0"));
    check(&y, &r, || what("assign_div_rem.1"));
    let (fq, fr) = a.clone().div_rem_floor(d.clone());
    check(&ca.div_floor(&cd), &fq, || what("div_floor"));
    check(&ca.rem_floor(&cd), &fr, || what("rem_floor"));
    let (eq, er) = a.clone().div_rem_euc(d.clone());
    check(&ca.div_euclid(&cd), &eq, || what("div_euclid"));
    check(&ca.rem_euclid(&cd), &er, || what("rem_euclid"));
    check_eq(ca.divisible_by(&cd), r == 0, || what("divisible_by"));
    *n += 11;
}

#[test]
fn short_quotients() {
    let mut rng = Rng::for_test("short_quotients");
    let mut n = 0u64;
    for dn in divisor_lengths() {
        let reps = cases(if dn <= 100 { 300 } else { 6_000 / dn.min(2000) });
        for _ in 0..reps {
            // Every quotient length of the register-held, approximate and divide-and-conquer
            // top divisions, and their crossovers.
            let qn = if rng.chance(1, 3) {
                use carry::thresholds::DIV_APPR;
                let q = *rng.pick(&[DIV_APPR - 2, DIV_APPR - 1, DIV_APPR, DIV_APPR + 1]);
                q.min(dn.saturating_sub(2)).max(1)
            } else {
                rng.range(1, 12) as usize
            };
            let d = divisor(&mut rng, dn);
            let q = quotient(&mut rng, qn);
            let mut r = remainder(&mut rng, &d);
            if rng.chance(1, 4) {
                // One off the edge, either way (the dividend just above or below a multiple).
                r += if rng.bool() { 1 } else { -1 };
                if r < 0 || r >= d {
                    r = Integer::new();
                }
            }
            let a = Integer::from(&q * &d) + &r;
            let sa = if rng.bool() { -a } else { a };
            let sd = if rng.chance(1, 4) { -d } else { d };
            check_division(&sa, &sd, &mut n);
        }
    }
    report("short_quotients", n);
}

/// Every `(n + k)`-limb by `n`-limb shape for `k` from 1 to 9 and `n` up to 40 limbs (and 100,
/// 1000), at the quotient-digit corrections: divisors whose top limb is `2^63` (the rest random
/// or zero), all ones, or random with the top bit set or a top limb of 1; quotients of all-ones
/// limbs, a power of the base, or random; the dividend `q·d`, `q·d + d - 1` or `q·d - 1`; both
/// signs. Covers the register-held, approximate (with the dividend's limbs copied when the
/// divisor is normalised) and general short divisions, and `%`'s inlined short remainder.
#[test]
fn short_shapes_at_the_edges() {
    let mut rng = Rng::for_test("short_shapes_at_the_edges");
    let mut n = 0u64;
    let lengths: Vec<usize> = (1..=40).chain([100, 1000]).collect();
    for &dn in &lengths {
        let bits = 64 * dn as u32;
        let top = Integer::from(1) << (bits - 1);
        let divisors = [
            &top + magnitude(&mut rng, dn - 1),
            top.clone(),
            (Integer::from(1) << bits) - 1u32,
            magnitude(&mut rng, dn) | Integer::from(&top),
            (Integer::from(1) << (bits - 64)) + magnitude(&mut rng, dn - 1),
        ];
        for k in 1..=9usize {
            for d in &divisors {
                let d = Integer::from(d.keep_bits_ref(bits));
                if d == 0 {
                    continue;
                }
                let qbits = 64 * k as u32;
                let quotients = [
                    (Integer::from(1) << qbits) - 1u32,
                    Integer::from(1) << (qbits - 1),
                    magnitude(&mut rng, k) + 1u32,
                ];
                for q in &quotients {
                    let qd = Integer::from(q * &d);
                    for a in [qd.clone(), Integer::from(&qd + &d) - 1u32, qd - 1u32] {
                        let neg = rng.bool();
                        let sa = if neg { -a.clone() } else { a.clone() };
                        let sd = if rng.bool() { -d.clone() } else { d.clone() };
                        check_division(&sa, &sd, &mut n);
                    }
                }
            }
        }
    }
    report("short_shapes_at_the_edges", n);
}

/// `x` with limb `i` set to `v` (the other limbs kept).
fn with_limb(x: &Integer, i: usize, v: u64) -> Integer {
    let mut limbs = x.to_digits::<u64>(rug::integer::Order::Lsf);
    if limbs.len() <= i {
        limbs.resize(i + 1, 0);
    }
    limbs[i] = v;
    Integer::from_digits(&limbs, rug::integer::Order::Lsf)
}

/// Quotients of 1 to 10 limbs under divisors of 2 to 120 limbs where borrows and carries run
/// through many limbs: divisors of all ones, `2^k ± 1` and with runs of all-ones or zero limbs,
/// quotients of all ones or `2^k ± 1`, and remainders with runs of all-ones or zero limbs under
/// a limb of 0, 1, `B - 2` or `B - 1` placed just below the top parts of the short quotient's
/// estimate (the limbs that decide its check) or anywhere; the dividend `q·d + r` and one
/// either side; both signs.
#[test]
fn short_quotients_carry_runs() {
    let mut rng = Rng::for_test("short_quotients_carry_runs");
    let mut n = 0u64;
    for dn in 2..=120usize {
        let bits = 64 * dn as u32;
        for qn in 1..=10usize {
            for _ in 0..cases(3) {
                let one = || Integer::from(1);
                let d = match rng.below(6) {
                    0 => (one() << bits) - 1u32,
                    1 => (one() << (bits - 1)) + 1u32,
                    2 => (one() << (bits - 1)) - 1u32,
                    3 => (one() << (bits - 64)) + ((one() << rng.below(64) as u32) - 1u32),
                    4 => {
                        // A run of all-ones or zero limbs under a normalised top limb.
                        let run = if rng.bool() { u64::MAX } else { 0 };
                        let mut d = magnitude(&mut rng, dn) | (one() << (bits - 1));
                        let lo = rng.below(dn as u64) as usize;
                        for i in lo..dn - 1 {
                            d = with_limb(&d, i, run);
                        }
                        d
                    }
                    _ => magnitude(&mut rng, dn) | (one() << (bits - 1 - rng.below(64) as u32)),
                };
                let d = d.keep_bits(bits);
                if d < 2 {
                    continue;
                }
                let qbits = 64 * qn as u32;
                let q = match rng.below(4) {
                    0 => (one() << qbits) - 1u32,
                    1 => (one() << (qbits - 1 - rng.below(64) as u32)) + 1u32,
                    2 => (one() << (qbits - rng.below(64) as u32)) - 1u32,
                    _ => magnitude(&mut rng, qn) + 1u32,
                };
                // The remainder: a run of all-ones or zero limbs, then a chosen limb, below the
                // divisor's top limb (so below d).
                let run = if rng.bool() { u64::MAX } else { 0 };
                let mut r = magnitude(&mut rng, dn);
                let p = match rng.below(4) {
                    0 => dn.saturating_sub(qn + 3),
                    1 => dn.saturating_sub(qn + 2),
                    2 => dn.saturating_sub(qn + 1),
                    _ => rng.below(dn as u64) as usize,
                };
                for i in 0..p {
                    r = with_limb(&r, i, run);
                }
                r = with_limb(&r, p, *rng.pick(&[0, 1, u64::MAX - 1, u64::MAX]));
                let dtop = Integer::from(&d >> (bits - 64)).to_u64().unwrap_or(0);
                r = r.keep_bits(bits - 64);
                if dtop > 1 {
                    r |= Integer::from(rng.below(dtop)) << (bits - 64);
                }
                if r >= d {
                    r = Integer::from(&d - 1u32);
                }
                let qd = Integer::from(&q * &d);
                for a in [
                    Integer::from(&qd + &r),
                    Integer::from(&qd + &r) + 1u32,
                    Integer::from(&qd + &r) - 1u32,
                ] {
                    let sa = if rng.bool() { -a } else { a };
                    let sd = if rng.chance(1, 4) {
                        -d.clone()
                    } else {
                        d.clone()
                    };
                    check_division(&sa, &sd, &mut n);
                }
            }
        }
    }
    report("short_quotients_carry_runs", n);
}

/// Two-limb quotients under normalised divisors of 3 to 40 limbs (and 100, 1000), the case
/// whose second digit is a hardware division corrected only by the divisor's second limb and
/// whose remainder then takes up to two add-backs: divisors whose limbs below the top are all
/// ones, zero, or random, under a top limb of `2^63`, all ones or random (top bit set);
/// quotients `q1·B + q0` with `q1` 0 or 1 and `q0` 0, 1, `B - 2`, `B - 1` or random; the
/// remainder 0, 1, `d - 1`, `d` less a limb, or random; the dividend `q·d + r` and one either
/// side; both signs. Covers the window whose top limb equals the divisor's (the general path).
#[test]
fn two_digit_remainders_normalised() {
    let mut rng = Rng::for_test("two_digit_remainders_normalised");
    let mut n = 0u64;
    let lengths: Vec<usize> = (3..=40).chain([100, 1000]).collect();
    for &dn in &lengths {
        let bits = 64 * dn as u32;
        for _ in 0..cases(60) {
            let top = match rng.below(3) {
                0 => 1u64 << 63,
                1 => u64::MAX,
                _ => rng.next_u64() | 1 << 63,
            };
            let low = rng.below(3);
            let mut d = Integer::from(top) << (bits - 64);
            for i in 0..dn - 1 {
                let limb = match low {
                    0 => u64::MAX,
                    1 => 0,
                    _ => {
                        let x = rng.next_u64();
                        *rng.pick(&[x, u64::MAX, 0, 1])
                    }
                };
                d = with_limb(&d, i, limb);
            }
            let x = rng.next_u64();
            let q0 = *rng.pick(&[0, 1, u64::MAX - 1, u64::MAX, x]);
            let q = (Integer::from(rng.below(2)) << 64u32) + q0;
            let r = match rng.below(5) {
                0 => Integer::new(),
                1 => Integer::from(1),
                2 => Integer::from(&d - 1u32),
                3 => &d - magnitude(&mut rng, 1),
                _ => magnitude(&mut rng, dn) % &d,
            };
            let a = Integer::from(&q * &d) + r;
            for a in [
                a.clone(),
                Integer::from(&a + 1u32),
                Integer::from(&a - 1u32),
            ] {
                if a < 0 {
                    continue;
                }
                let sa = if rng.bool() { -a } else { a };
                let sd = if rng.bool() { -d.clone() } else { d.clone() };
                check_division(&sa, &sd, &mut n);
            }
        }
    }
    report("two_digit_remainders_normalised", n);
}

/// Random operands of every length pair up to 40 limbs, quotients short and long.
#[test]
fn division_all_lengths() {
    let mut rng = Rng::for_test("division_all_lengths");
    let mut n = 0u64;
    for _ in 0..cases(20_000) {
        let dn = rng.range(1, 40) as usize;
        let an = dn + rng.below(12) as usize;
        let d = divisor(&mut rng, dn);
        let a = magnitude(&mut rng, an);
        let sa = if rng.bool() { -a } else { a };
        let sd = if rng.bool() { -d } else { d };
        check_division(&sa, &sd, &mut n);
    }
    report("division_all_lengths", n);
}

/// One-limb divisors of every class: 1, powers of two, 2^k ± 1, values near 2^64, normalised
/// and small random values.
fn one_limb_divisor(rng: &mut Rng) -> u64 {
    let k = rng.below(64) as u32;
    match rng.below(9) {
        0 => rng.range(1, 10),
        1 => 1 << k,
        2 => (1u64 << k).wrapping_sub(1).max(1),
        3 => (1u64 << k) + 1,
        4 => u64::MAX - rng.below(4),
        5 => (1 << 63) + rng.below(4),
        6 => rng.next_u64() | 1 << 63,
        7 => rng.next_u64() >> rng.below(64),
        _ => rng.next_u64(),
    }
    .max(1)
}

#[test]
fn one_limb_divisors() {
    let mut rng = Rng::for_test("one_limb_divisors");
    let mut n = 0u64;
    for _ in 0..cases(60_000) {
        let d = one_limb_divisor(&mut rng);
        let an = match rng.below(10) {
            0 => rng.range(200, 1200) as usize,
            1..=4 => rng.range(0, 12) as usize,
            _ => rng.range(0, 60) as usize,
        };
        let a = magnitude(&mut rng, an);
        let sa = if rng.bool() { -a } else { a };
        let ca = to_int(&sa);
        let rd = Integer::from(d);
        check_division(&sa, &rd, &mut n);
        let what = |op: &str| format!("{} {op} {d:#x}", hx(&sa));
        check(&(&ca % d), &Integer::from(&sa % d), || what("% u64"));
        check(&(&ca / d), &Integer::from(&sa / d), || what("/ u64"));
        let m = sa.clone().rem_euc(rd.clone());
        check_eq(ca.mod_u64(d), m.to_u64().unwrap(), || what("mod_u64"));
        // Exact division by d, of a multiple of it.
        let prod = Integer::from(&sa * d);
        check(&to_int(&prod).div_exact(&Int::from(d)), &sa, || {
            what("div_exact")
        });
        // By -d, and checked on a multiple and on values just above it (inline and heap
        // dividends, quotients that shrink inline).
        check(
            &to_int(&prod).div_exact(&-Int::from(d)),
            &Integer::from(-&sa),
            || what("div_exact by -d"),
        );
        let e = rng.below(3);
        let b = Integer::from(&prod + e);
        let got = to_int(&b).checked_div_exact(&Int::from(d));
        let want = Integer::from(&b % d) == 0;
        check_eq(got.is_some(), want, || what("checked_div_exact exact"));
        if let Some(q) = got {
            check(&q, &Integer::from(&b / d), || what("checked_div_exact"));
        }
        n += 7;
    }
    report("one_limb_divisors", n);
}

/// The one-limb kernels on limb slices, their outputs filled with garbage first: `mod_1`,
/// `Mod1::rem` and `divexact_1_to` on every length to 100 and every divisor class.
#[test]
fn one_limb_kernels() {
    let mut rng = Rng::for_test("one_limb_kernels");
    let mut n = 0u64;
    for _ in 0..cases(20_000) {
        let d = one_limb_divisor(&mut rng);
        let len = rng.range(0, 100) as usize;
        let a = magnitude(&mut rng, len).to_digits::<u64>(rug::integer::Order::Lsf);
        let ra = from_limbs(&a);
        let what = || format!("{} by {d:#x}", hx(&ra));
        let want = Integer::from(&ra % d).to_u64().unwrap();
        check_eq(carry::limbs::mod_1(&a, d), want, || {
            format!("mod_1 {}", what())
        });
        check_eq(carry::limbs::Mod1::new(d).rem(&a), want, || {
            format!("Mod1 {}", what())
        });
        // a·d and a·d + e for a small e: exact, and not.
        let prod = Integer::from(&ra * d);
        let e = if rng.bool() { 0 } else { rng.range(1, 3) };
        let b = Integer::from(&prod + e);
        let bl = b.to_digits::<u64>(rug::integer::Order::Lsf);
        let mut q = vec![0xa5a5_a5a5_a5a5_a5a5u64; bl.len()];
        let exact = carry::limbs::divexact_1_to(&mut q, &bl, d);
        let divides = Integer::from(&b % d) == 0;
        check_eq(exact, divides, || {
            format!("divexact_1_to exact {} by {d:#x}", hx(&b))
        });
        if divides {
            check_eq(from_limbs(&q), Integer::from(&b / d), || {
                format!("divexact_1_to {} by {d:#x}", hx(&b))
            });
        }
        let mut q = bl.clone();
        check_eq(carry::limbs::divexact_1_assign(&mut q, d), divides, || {
            format!("divexact_1_assign exact {} by {d:#x}", hx(&b))
        });
        if divides {
            check_eq(from_limbs(&q), Integer::from(&b / d), || {
                format!("divexact_1_assign {} by {d:#x}", hx(&b))
            });
        }
        // Hensel's residue: c <= d with c·B^n ≡ -b (mod d), for the odd part of d.
        let od = d >> d.trailing_zeros();
        let c = carry::limbs::modexact_1_odd(&bl, od);
        let lhs = (Integer::from(c) << (64 * bl.len() as u32)) + &b;
        check_eq(
            c <= od && lhs.is_divisible(&Integer::from(od)),
            true,
            || format!("modexact_1_odd {} by {od:#x}: {c:#x}", hx(&b)),
        );
        n += 5;
    }
    report("one_limb_kernels", n);
}

/// `add_mul`, `sub_mul` and the one-limb forms on a kept accumulator, against
/// `mpz_addmul` and friends, with operands from 0 to 200 limbs of both signs.
#[test]
fn fused_multiply_add() {
    let mut rng = Rng::for_test("fused_multiply_add");
    let mut n = 0u64;
    let (mut acc, mut racc) = (Int::ZERO, Integer::new());
    for i in 0..cases(100_000) {
        if i % 50 == 0 {
            let (c, r) = pair(&mut rng, 60);
            (acc, racc) = (c, r);
        }
        let (la, lb) = (*rng.pick(&[12, 12, 12, 200]), *rng.pick(&[12, 12, 12, 200]));
        let (a, ra) = pair(&mut rng, la);
        let (b, rb) = pair(&mut rng, lb);
        let k = rng.next_u64() >> rng.below(64);
        let ki = k as i64;
        let before = racc.clone();
        let what = |op: &str| format!("{} {op} {} {} (k = {k:#x})", hx(&before), hx(&ra), hx(&rb));
        match rng.below(6) {
            0 => {
                acc.add_mul(&a, &b);
                racc += Integer::from(&ra * &rb);
                check(&acc, &racc, || what("add_mul"));
            }
            1 => {
                acc.sub_mul(&a, &b);
                racc -= Integer::from(&ra * &rb);
                check(&acc, &racc, || what("sub_mul"));
            }
            2 => {
                acc.add_mul_u64(&a, k);
                racc += Integer::from(&ra * k);
                check(&acc, &racc, || what("add_mul_u64"));
            }
            3 => {
                acc.sub_mul_u64(&a, k);
                racc -= Integer::from(&ra * k);
                check(&acc, &racc, || what("sub_mul_u64"));
            }
            4 => {
                acc.add_mul_i64(&a, ki);
                racc += Integer::from(&ra * ki);
                check(&acc, &racc, || what("add_mul_i64"));
            }
            _ => {
                acc.sub_mul_i64(&a, ki);
                racc -= Integer::from(&ra * ki);
                check(&acc, &racc, || what("sub_mul_i64"));
            }
        }
        n += 1;
        // Cancellation to zero and to a short value from a long one.
        if rng.chance(1, 20) {
            let p = Integer::from(&racc * 1u32);
            let c = to_int(&p);
            acc.sub_mul(&c, &Int::ONE);
            racc -= p;
            check(&acc, &racc, || what("sub_mul to zero"));
            n += 1;
        }
    }
    report("fused_multiply_add", n);
}

/// A signed value of exactly `n` limbs (zero for `n = 0`).
fn signed(rng: &mut Rng, n: usize) -> Integer {
    let x = if n == 0 {
        Integer::new()
    } else {
        magnitude(rng, n)
    };
    if rng.bool() {
        -x
    } else {
        x
    }
}

/// gcd, lcm and gcd_ext of operands whose lengths differ by 0 to 1000 limbs, the shorter of 1
/// to 40 limbs (sometimes a common factor, sometimes a divisor of the longer one), both signs
/// and both orders, against `mpz_gcd`, `mpz_lcm` and `mpz_gcdext`.
#[test]
fn unbalanced_gcd() {
    let mut rng = Rng::for_test("unbalanced_gcd");
    let mut n = 0u64;
    for _ in 0..cases(1_500) {
        let short = *rng.pick(&[1usize, 1, 2, 3, 5, 10, 40]);
        let extra = *rng.pick(&[0usize, 1, 2, 3, 8, 100, 1000]);
        let mut rb = signed(&mut rng, short);
        let mut ra = signed(&mut rng, short + extra);
        match rng.below(4) {
            0 => {
                let gl = rng.range(1, 3) as usize;
                let g = magnitude(&mut rng, gl);
                ra *= &g;
                rb *= &g;
            }
            1 => ra = Integer::from(&rb * &ra) + rng.below(2),
            _ => {}
        }
        if rng.bool() {
            std::mem::swap(&mut ra, &mut rb);
        }
        let (a, b) = (to_int(&ra), to_int(&rb));
        let what = |op: &str| format!("{op}({}, {})", hx(&ra), hx(&rb));
        check(&a.gcd(&b), &Integer::from(ra.gcd_ref(&rb)), || what("gcd"));
        check(&a.lcm(&b), &Integer::from(ra.lcm_ref(&rb)), || what("lcm"));
        n += 2;
        if extra <= 100 {
            let (g, s, t) = a.gcd_ext(&b);
            let (rg, rs, rt) = ra.clone().extended_gcd(rb.clone(), Integer::new());
            check(&g, &rg, || what("gcd_ext g"));
            check(&s, &rs, || what("gcd_ext s"));
            check(&t, &rt, || what("gcd_ext t"));
            n += 1;
        }
    }
    report("unbalanced_gcd", n);
}

/// A fraction with an `n`-limb numerator and an `m`-limb denominator before reduction, times
/// the shared `g` when given (so that sums meet the cross-gcd paths), sometimes zero or an
/// integer.
fn fraction(rng: &mut Rng, n: usize, m: usize, g: &Integer) -> rug::Rational {
    let num = match rng.below(10) {
        0 => Integer::new(),
        _ => signed(rng, n),
    };
    let den = match rng.below(10) {
        0 => Integer::from(1),
        1 => Integer::from(rng.range(1, 1000)),
        _ => magnitude(rng, m) * g,
    };
    rug::Rational::from((num, den))
}

/// carry's value of a rug rational.
fn rational(x: &rug::Rational) -> carry::Rational {
    carry::Rational::new(to_int(x.numer()), to_int(x.denom()))
}

/// Fails with `what()`, the result and the expected value unless `got` equals `want`.
fn same_rational(got: &carry::Rational, want: &rug::Rational, what: &dyn Fn() -> String) {
    if to_rug(got.numer()) != *want.numer() || to_rug(got.denom()) != *want.denom() {
        fail(&format!(
            "{}\n  got  {}/{}\n  want {want}",
            what(),
            got.numer(),
            got.denom()
        ));
    }
}

/// `x + y`, `x - y`, `x * y`, `x / y` (unless `y` is 0) and their assigning forms against
/// `mpq_add`, `mpq_sub`, `mpq_mul` and `mpq_div`; returns the number of comparisons.
fn check_rational_ops(rx: &rug::Rational, ry: &rug::Rational) -> u64 {
    use carry::Rational;
    type Op = fn(&Rational, &Rational) -> Rational;
    type OpAssign = fn(&mut Rational, &Rational);
    let ops: [(&str, Op, OpAssign); 4] = [
        ("+", |a, b| a + b, |a, b| *a += b),
        ("-", |a, b| a - b, |a, b| *a -= b),
        ("*", |a, b| a * b, |a, b| *a *= b),
        ("/", |a, b| a / b, |a, b| *a /= b),
    ];
    let (x, y) = (rational(rx), rational(ry));
    let what = |op: &str| format!("{rx} {op} {ry}");
    let mut n = 0;
    for (i, (op, f, fa)) in ops.iter().enumerate() {
        if i == 3 && *ry == 0 {
            continue;
        }
        let want = match i {
            0 => rug::Rational::from(rx + ry),
            1 => rug::Rational::from(rx - ry),
            2 => rug::Rational::from(rx * ry),
            _ => rug::Rational::from(rx / ry),
        };
        same_rational(&f(&x, &y), &want, &|| what(op));
        let mut acc = x.clone();
        fa(&mut acc, &y);
        same_rational(&acc, &want, &|| what(&format!("{op}=")));
        n += 2;
    }
    n
}

/// `+ - * /` and their assigning forms on rationals with 1- to 1000-limb parts (unbalanced
/// pairs, shared denominator factors, zero, integers, negative values), and with `Int` and
/// `i64` operands, against `mpq_add`, `mpq_sub`, `mpq_mul` and `mpq_div`.
#[test]
fn rational_shapes() {
    let mut rng = Rng::for_test("rational_shapes");
    let mut n = 0u64;
    for _ in 0..cases(1_500) {
        let len = |rng: &mut Rng| *rng.pick(&[1usize, 1, 2, 4, 8, 32, 1000]);
        let gl = rng.range(1, 3) as usize;
        let g = if rng.chance(1, 2) {
            magnitude(&mut rng, gl)
        } else {
            Integer::from(1)
        };
        let (l1, l2, l3, l4) = (len(&mut rng), len(&mut rng), len(&mut rng), len(&mut rng));
        let rx = fraction(&mut rng, l1, l2, &g);
        let ry = fraction(&mut rng, l3, l4, &g);
        n += check_rational_ops(&rx, &ry);
        let x = rational(&rx);
        // An integer operand: Int and i64, by operator and assigning form.
        let cl = len(&mut rng).min(40);
        let rc = signed(&mut rng, cl);
        let c = to_int(&rc);
        let k = rng.next_u64() as i64 >> rng.below(63);
        for (rk, ck) in [(rc.clone(), c.clone()), (Integer::from(k), Int::from(k))] {
            let rq = rug::Rational::from(&rk);
            let w = |op: &str| format!("{} {op} {}", rx, rk);
            same_rational(&(&x + &ck), &rug::Rational::from(&rx + &rq), &|| w("+"));
            same_rational(&(&x - &ck), &rug::Rational::from(&rx - &rq), &|| w("-"));
            same_rational(&(&x * &ck), &rug::Rational::from(&rx * &rq), &|| w("*"));
            let mut acc = x.clone();
            acc += &ck;
            same_rational(&acc, &rug::Rational::from(&rx + &rq), &|| w("+="));
            let mut acc = x.clone();
            acc *= ck.clone();
            same_rational(&acc, &rug::Rational::from(&rx * &rq), &|| w("*="));
            if rk != 0 {
                same_rational(&(&x / &ck), &rug::Rational::from(&rx / &rq), &|| w("/"));
                let mut acc = x.clone();
                acc /= &ck;
                same_rational(&acc, &rug::Rational::from(&rx / &rq), &|| w("/="));
            }
            n += 7;
        }
        let mut acc = x.clone();
        acc -= k;
        same_rational(&acc, &rug::Rational::from(&rx - k), &|| {
            format!("{rx} -= {k}")
        });
        n += 1;
    }
    report("rational_shapes", n);
}

/// A one-limb edge value: 0, 1, 2^k ± 1, all ones, values near 2^64, small values with
/// shared factors, random limbs.
fn edge_limb(rng: &mut Rng) -> u64 {
    let k = rng.range(1, 64) as u32;
    match rng.below(9) {
        0 => *rng.pick(&[0, 1, 2, 3, u64::MAX, u64::MAX - 1, 1 << 63, (1 << 63) + 1]),
        1 => (1u64 << k).wrapping_add(1),
        2 => (1u64 << k) - 1,
        3 => u64::MAX - rng.below(1000),
        4 => rng.range(1, 1000),
        5 => *rng.pick(&[6, 10, 12, 30, 210, 2310, 30030]) * rng.range(1, 1 << 40),
        6 => 3u64.pow(40) >> rng.below(40),
        _ => rng.next_u64() >> rng.below(64),
    }
}

/// A fraction whose numerator and denominator before reduction are one-limb edge values of
/// either sign, or (`long`) a numerator and denominator of 2 to 30 limbs.
fn limb_fraction(rng: &mut Rng, long: bool) -> rug::Rational {
    let (mut num, den) = if long {
        let (a, b) = (rng.range(1, 30) as usize, rng.range(2, 30) as usize);
        let f = Integer::from(*rng.pick(&[1u64, 6, 30030, u64::MAX]));
        (magnitude(rng, a) * &f, magnitude(rng, b) * f)
    } else {
        (
            Integer::from(edge_limb(rng)),
            Integer::from(edge_limb(rng).max(1)),
        )
    };
    if rng.bool() {
        num = -num;
    }
    rug::Rational::from((num, den))
}

/// `+ - * /` and their assigning forms when one or both operands have one-limb numerator and
/// denominator (the word and in-place paths), on edge values of both signs, with the same
/// value on both sides, and a running sum and product of many small fractions, against
/// `mpq_add`, `mpq_sub`, `mpq_mul` and `mpq_div`.
#[test]
fn rational_one_limb() {
    use carry::Rational;
    let mut rng = Rng::for_test("rational_one_limb");
    let mut n = 0u64;
    for _ in 0..cases(20_000) {
        let (lx, ly) = match rng.below(4) {
            0 => (true, false),
            1 => (false, true),
            _ => (false, false),
        };
        let rx = limb_fraction(&mut rng, lx);
        let ry = if rng.chance(1, 20) {
            rx.clone()
        } else {
            limb_fraction(&mut rng, ly)
        };
        n += check_rational_ops(&rx, &ry);
        let x = rational(&rx);
        let what = |op: &str| format!("{rx} {op} {ry}");
        // The same value on both sides.
        same_rational(&(&x + &x), &rug::Rational::from(&rx + &rx), &|| {
            what("x + x")
        });
        same_rational(&(&x - &x), &rug::Rational::new(), &|| what("x - x"));
        same_rational(&(&x * &x), &rug::Rational::from(&rx * &rx), &|| {
            what("x * x")
        });
        n += 3;
    }
    // Running sums and products of small fractions, the sum growing to many limbs.
    for _ in 0..cases(20) {
        let (mut s, mut rs) = (Rational::ZERO, rug::Rational::new());
        let (mut p, mut rp) = (Rational::ONE, rug::Rational::from(1));
        let big = rng.bool();
        for i in 0..500 {
            let q = if big {
                edge_limb(&mut rng).max(1)
            } else {
                rng.range(1, 1000)
            };
            let num = rng.below(1999) as i64 - 999;
            let rt = rug::Rational::from((Integer::from(num), Integer::from(q)));
            let t = rational(&rt);
            if rng.bool() {
                s += &t;
                rs += &rt;
            } else {
                s -= &t;
                rs -= &rt;
            }
            same_rational(&s, &rs, &|| format!("running sum, step {i}: {rt}"));
            if num != 0 && i < 100 {
                p *= &t;
                rp *= &rt;
                same_rational(&p, &rp, &|| format!("running product, step {i}: {rt}"));
            }
            n += 2;
        }
    }
    report("rational_one_limb", n);
}

/// `next_prime` and `prev_prime` from random 1024-bit starts and from starts just below and
/// above a prime (the sieve's window edges), against `mpz_nextprime` and `mpz_prevprime`.
#[test]
fn prime_stepping() {
    let mut rng = Rng::for_test("prime_stepping");
    let mut n = 0u64;
    for i in 0..cases(12) {
        let bits = [70u32, 128, 256, 1024][i % 4];
        let mut x = magnitude(&mut rng, (bits as usize).div_ceil(64));
        x.keep_bits_mut(bits);
        x.set_bit(bits - 1, true);
        if rng.bool() {
            // Just around a prime.
            x = Integer::from(x.next_prime_ref()) + rng.below(3) - 1u32;
        }
        let c = to_int(&x);
        check(&c.next_prime(), &Integer::from(x.next_prime_ref()), || {
            format!("next_prime({})", hx(&x))
        });
        check(
            &c.prev_prime().unwrap(),
            &Integer::from(x.prev_prime_ref()),
            || format!("prev_prime({})", hx(&x)),
        );
        n += 2;
    }
    report("prime_stepping", n);
}
