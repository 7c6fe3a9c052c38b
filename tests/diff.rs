//! Differential tests of `carry::Int` against GMP (through `rug`).
//!
//! Seeded by `CARRY_SEED` (printed at start), sized by `CARRY_SCALE`; every failure message
//! carries the seed and the operands in hex. `cargo test --release --test diff -- --nocapture`
//! shows the case count of each test.

mod common;

use carry::Int;
use common::*;
use rug::integer::Order;
use rug::ops::Pow;
use rug::Integer;
use std::panic::{catch_unwind, AssertUnwindSafe};

/// Largest operand of the arithmetic tests, in limbs.
const MAX_LIMBS: usize = 200;

/// Checks `$a $op $b` in every operand form (owned and borrowed on each side, the
/// assigning form with an owned and a borrowed right side) against `$want`.
macro_rules! forms {
    ($a:expr, $b:expr, $op:tt, $opa:tt, $want:expr, $what:expr) => {{
        let (a, b, want, what): (&Int, &Int, &Integer, &dyn Fn() -> String) = ($a, $b, $want, $what);
        let tag = |form: &str| format!("{form}: {}", what());
        check(&(a $op b), want, || tag("&a op &b"));
        check(&(a.clone() $op b), want, || tag("a op &b"));
        check(&(a $op b.clone()), want, || tag("&a op b"));
        check(&(a.clone() $op b.clone()), want, || tag("a op b"));
        let mut x = a.clone();
        x $opa b;
        check(&x, want, || tag("a op= &b"));
        let mut x = a.clone();
        x $opa b.clone();
        check(&x, want, || tag("a op= b"));
    }};
}

/// Checks `$a $op $a` with both operands the same value: through one shared reference and
/// through the assigning form with a clone of the target.
macro_rules! aliased {
    ($a:expr, $op:tt, $opa:tt, $want:expr, $what:expr) => {{
        let (a, want, what): (&Int, &Integer, &dyn Fn() -> String) = ($a, $want, $what);
        check(&(a $op a), want, || format!("&a op &a: {}", what()));
        let mut x = a.clone();
        x $opa x.clone();
        check(&x, want, || format!("a op= a.clone(): {}", what()));
        let mut x = a.clone();
        x $opa &x.clone();
        check(&x, want, || format!("a op= &a.clone(): {}", what()));
    }};
}

fn binop_what(a: &Integer, op: &str, b: &Integer) -> String {
    format!("{} {op} {}", hx(a), hx(b))
}

#[test]
fn add_sub_mul_bitops() {
    let mut rng = Rng::for_test("add_sub_mul_bitops");
    let mut n = 0u64;
    for _ in 0..cases(200_000) {
        let (a, ra) = pair(&mut rng, MAX_LIMBS);
        let (b, rb) = if rng.chance(1, 8) {
            // Unbalanced: a one-limb value against anything.
            pair(&mut rng, 1)
        } else {
            pair(&mut rng, MAX_LIMBS)
        };
        let (a, b, ra, rb) = if rng.bool() {
            (b, a, rb, ra)
        } else {
            (a, b, ra, rb)
        };
        macro_rules! op {
            ($op:tt, $opa:tt) => {{
                let want = Integer::from(&ra $op &rb);
                forms!(&a, &b, $op, $opa, &want, &|| binop_what(&ra, stringify!($op), &rb));
                let want = Integer::from(&ra $op &ra);
                aliased!(&a, $op, $opa, &want, &|| binop_what(&ra, stringify!($op), &ra));
                n += 2;
            }};
        }
        op!(+, +=);
        op!(-, -=);
        op!(*, *=);
        op!(&, &=);
        op!(|, |=);
        op!(^, ^=);
    }
    report("add_sub_mul_bitops", n);
}

/// A dividend for `b`: random, or `b * q + r` with `r` small or near `b` (the cases where
/// quotient digit estimates go wrong), or smaller than `b`.
fn dividend(rng: &mut Rng, rb: &Integer) -> Integer {
    match rng.below(4) {
        0 | 1 => integer(rng, 2 * MAX_LIMBS),
        2 => {
            let q = integer(rng, MAX_LIMBS);
            let r = match rng.below(3) {
                0 => Integer::from(rng.below(3)),
                1 => Integer::from(rb.abs_ref()) - rng.range(1, 2),
                _ => Integer::from(rb.abs_ref()) % integer(rng, 4).max(Integer::from(1)),
            };
            let r = if rng.bool() { -r } else { r };
            Integer::from(rb * &q) + r
        }
        _ => {
            let bits = rb.significant_bits();
            let x = Integer::from(rng.next_u64()) << bits.saturating_sub(1 + rng.below(3) as u32);
            if rng.bool() {
                -x
            } else {
                x
            }
        }
    }
}

#[test]
fn division() {
    let mut rng = Rng::for_test("division");
    let mut n = 0u64;
    for _ in 0..cases(25_000) {
        let max = if rng.chance(1, 4) { 1 } else { MAX_LIMBS };
        let rb = nonzero(&mut rng, max);
        let ra = dividend(&mut rng, &rb);
        let (a, b) = (to_int(&ra), to_int(&rb));
        let what = || binop_what(&ra, "/", &rb);
        let (tq, tr) = ra.clone().div_rem(rb.clone());
        let (fq, fr) = ra.clone().div_rem_floor(rb.clone());
        let (eq, er) = ra.clone().div_rem_euc(rb.clone());
        forms!(&a, &b, /, /=, &tq, &what);
        forms!(&a, &b, %, %=, &tr, &what);
        let (q, r) = a.div_rem(&b);
        check(&q, &tq, || format!("div_rem quotient: {}", what()));
        check(&r, &tr, || format!("div_rem remainder: {}", what()));
        let (q, r) = a.div_rem_floor(&b);
        check(&q, &fq, || format!("div_rem_floor quotient: {}", what()));
        check(&r, &fr, || format!("div_rem_floor remainder: {}", what()));
        check(&a.div_euclid(&b), &eq, || format!("div_euclid: {}", what()));
        check(&a.rem_euclid(&b), &er, || format!("rem_euclid: {}", what()));
        match (a.checked_div(&b), a.checked_rem(&b)) {
            (Some(q), Some(r)) => {
                check(&q, &tq, || format!("checked_div: {}", what()));
                check(&r, &tr, || format!("checked_rem: {}", what()));
            }
            _ => fail(&format!("checked_div/checked_rem gave None: {}", what())),
        }
        if ra != 0 {
            aliased!(&a, /, /=, &Integer::from(1), &|| binop_what(&ra, "/", &ra));
            aliased!(&a, %, %=, &Integer::new(), &|| binop_what(&ra, "%", &ra));
        }
        n += 8;
    }
    let zero = Int::from(0u8);
    let (a, ra) = pair(&mut rng, 4);
    check_eq(a.checked_div(&zero).is_none(), true, || {
        format!("checked_div by 0: {}", hx(&ra))
    });
    check_eq(a.checked_rem(&zero).is_none(), true, || {
        format!("checked_rem by 0: {}", hx(&ra))
    });
    report("division", n);
}

/// Division by zero panics in every form.
#[test]
fn division_by_zero_panics() {
    let a = Int::from(12345u32) << 300u32;
    let z = Int::from(0u8);
    type Case<'a> = (&'a str, Box<dyn Fn() + 'a>);
    let cases: Vec<Case> = vec![
        ("&a / &z", Box::new(|| drop(&a / &z))),
        ("a / z", Box::new(|| drop(a.clone() / z.clone()))),
        ("&a % &z", Box::new(|| drop(&a % &z))),
        ("a % z", Box::new(|| drop(a.clone() % z.clone()))),
        (
            "a /= &z",
            Box::new(|| {
                drop({
                    let mut x = a.clone();
                    x /= &z;
                    x
                })
            }),
        ),
        (
            "a %= &z",
            Box::new(|| {
                drop({
                    let mut x = a.clone();
                    x %= &z;
                    x
                })
            }),
        ),
        ("div_rem", Box::new(|| drop(a.div_rem(&z)))),
        ("div_rem_floor", Box::new(|| drop(a.div_rem_floor(&z)))),
        ("div_euclid", Box::new(|| drop(a.div_euclid(&z)))),
        ("rem_euclid", Box::new(|| drop(a.rem_euclid(&z)))),
        ("&a / 0u64", Box::new(|| drop(&a / 0u64))),
        ("&a % 0i32", Box::new(|| drop(&a % 0i32))),
        ("7u8 / &z", Box::new(|| drop(7u8 / &z))),
        ("-7i128 % &z", Box::new(|| drop(-7i128 % &z))),
        ("small / z", Box::new(|| drop(Int::from(5) / &z))),
    ];
    for (name, f) in &cases {
        check_eq(catch_unwind(AssertUnwindSafe(f)).is_err(), true, || {
            format!("{name} did not panic")
        });
    }
}

/// A sequence of operations on one accumulator, so that buffers grown by one operation are
/// reused (with stale high limbs) by the next.
#[test]
fn accumulator_chains() {
    let mut rng = Rng::for_test("accumulator_chains");
    let mut n = 0u64;
    for _ in 0..cases(3_000) {
        let (mut acc, mut racc) = pair(&mut rng, MAX_LIMBS);
        let mut log = vec![format!("start {}", hx(&racc))];
        for _ in 0..50 {
            let (b, rb) = pair(
                &mut rng,
                if racc.significant_bits() > 64 * 300 {
                    4
                } else {
                    MAX_LIMBS / 2
                },
            );
            let op = rng.below(9);
            match op {
                0 => {
                    acc += &b;
                    racc += &rb;
                }
                1 => {
                    acc -= &b;
                    racc -= &rb;
                }
                2 => {
                    acc *= &b;
                    racc *= &rb;
                }
                3 if rb != 0 => {
                    acc /= &b;
                    racc /= &rb;
                }
                4 if rb != 0 => {
                    acc %= &b;
                    racc %= &rb;
                }
                5 => {
                    acc &= &b;
                    racc &= &rb;
                }
                6 => {
                    acc |= &b;
                    racc |= &rb;
                }
                7 => {
                    acc ^= &b;
                    racc ^= &rb;
                }
                _ => {
                    let s = rng.below(200) as u32;
                    if rng.bool() {
                        acc <<= s;
                        racc <<= s;
                    } else {
                        acc >>= s;
                        racc >>= s;
                    }
                }
            }
            if racc.significant_bits() > 64 * 2000 {
                acc = Int::from(1u8);
                racc = Integer::from(1);
            }
            log.push(format!("op {op} with {}", hx(&rb)));
            check(&acc, &racc, || log.join("\n    "));
            n += 1;
        }
    }
    report("accumulator_chains", n);
}

macro_rules! prim_ops {
    ($($name:ident: $t:ty),*) => {$(
        #[test]
        fn $name() {
            let mut rng = Rng::for_test(stringify!($name));
            let mut n = 0u64;
            for _ in 0..cases(40_000) {
                let max = if rng.bool() { 3 } else { 12 };
                let (a, ra) = pair(&mut rng, max);
                let p = <$t as Prim>::random(&mut rng);
                let rp = Integer::from(p);
                let what = |op: &str| format!("{} {op} {p}{}", hx(&ra), stringify!($t));
                let what_rev = |op: &str| format!("{p}{} {op} {}", stringify!($t), hx(&ra));
                macro_rules! op {
                    ($op:tt, $opa:tt, $cond:expr, $rcond:expr) => {{
                        if $cond {
                            let want = Integer::from(&ra $op &rp);
                            check(&(&a $op p), &want, || format!("&a op p: {}", what(stringify!($op))));
                            check(&(a.clone() $op p), &want, || format!("a op p: {}", what(stringify!($op))));
                            let mut x = a.clone();
                            x $opa p;
                            check(&x, &want, || format!("a op= p: {}", what(stringify!($op))));
                            n += 1;
                        }
                        if $rcond {
                            let want = Integer::from(&rp $op &ra);
                            check(&(p $op &a), &want, || format!("p op &a: {}", what_rev(stringify!($op))));
                            check(&(p $op a.clone()), &want, || format!("p op a: {}", what_rev(stringify!($op))));
                            n += 1;
                        }
                    }};
                }
                op!(+, +=, true, true);
                op!(-, -=, true, true);
                op!(*, *=, true, true);
                op!(/, /=, rp != 0, ra != 0);
                op!(%, %=, rp != 0, ra != 0);
                op!(&, &=, true, true);
                op!(|, |=, true, true);
                op!(^, ^=, true, true);

                check(&Int::from(p), &rp, || format!("Int::from({p}{})", stringify!($t)));
                check_eq(a == p, ra == rp, || what("=="));
                check_eq(p == a, rp == ra, || what_rev("=="));
                check_eq(a != p, ra != rp, || what("!="));
                check_eq(a.partial_cmp(&p), ra.partial_cmp(&rp), || what("cmp"));
                check_eq(p.partial_cmp(&a), rp.partial_cmp(&ra), || what_rev("cmp"));
                check_eq(a < p, ra < rp, || what("<"));
                check_eq(p <= a, rp <= ra, || what_rev("<="));
                n += 3;
            }
            report(stringify!($name), n);
        }
    )*};
}

prim_ops!(
    prim_u8: u8, prim_u16: u16, prim_u32: u32, prim_u64: u64, prim_u128: u128, prim_usize: usize,
    prim_i8: i8, prim_i16: i16, prim_i32: i32, prim_i64: i64, prim_i128: i128, prim_isize: isize
);

/// Comparisons with the extremes of the widest primitives, and with values just beyond them.
#[test]
fn compare_extremes() {
    let mut n = 0u64;
    let i128_min = Integer::from(i128::MIN);
    let u128_max = Integer::from(u128::MAX);
    let around = |x: &Integer| [Integer::from(x - 1), x.clone(), Integer::from(x + 1)];
    for v in around(&i128_min)
        .iter()
        .chain(&around(&u128_max))
        .chain(&around(&Integer::new()))
    {
        let a = to_int(v);
        let what = || hx(v);
        check_eq(a.partial_cmp(&i128::MIN), v.partial_cmp(&i128_min), what);
        check_eq(a.partial_cmp(&u128::MAX), v.partial_cmp(&u128_max), what);
        check_eq(i128::MIN.partial_cmp(&a), i128_min.partial_cmp(v), what);
        check_eq(u128::MAX.partial_cmp(&a), u128_max.partial_cmp(v), what);
        check_eq(a == i128::MIN, *v == i128_min, what);
        check_eq(u128::MAX == a, *v == u128_max, what);
        check_eq(a.partial_cmp(&i64::MIN), v.partial_cmp(&i64::MIN), what);
        check_eq(a.partial_cmp(&u64::MAX), v.partial_cmp(&u64::MAX), what);
        check_eq(a.partial_cmp(&0u8), v.partial_cmp(&0u8), what);
        check_eq(a.partial_cmp(&-1i8), v.partial_cmp(&-1i8), what);
        n += 10;
    }
    report("compare_extremes", n);
}

/// Ord, Eq and Hash between Ints, including equal values built in different ways.
#[test]
fn compare_and_hash() {
    use std::hash::{BuildHasher, RandomState};
    let hasher = RandomState::new();
    let mut rng = Rng::for_test("compare_and_hash");
    let mut n = 0u64;
    for _ in 0..cases(200_000) {
        let (a, ra) = pair(&mut rng, 12);
        let (b, rb) = if rng.chance(1, 4) {
            // Equal, or off by one: an equal value built through arithmetic and padded limbs.
            let delta = rng.range(0, 2) as i64 - 1;
            let rb = Integer::from(&ra + delta);
            let mut limbs = rb.as_abs().to_digits::<u64>(Order::Lsf);
            limbs.resize(limbs.len() + rng.below(3) as usize, 0);
            let m = Int::from_limbs(&limbs);
            let b = if rb < 0 { -m } else { m };
            (b, rb)
        } else {
            pair(&mut rng, 12)
        };
        let what = || binop_what(&ra, "cmp", &rb);
        check_eq(a.cmp(&b), ra.cmp(&rb), what);
        check_eq(a.partial_cmp(&b), Some(ra.cmp(&rb)), what);
        check_eq(a == b, ra == rb, what);
        check_eq(a < b, ra < rb, what);
        check_eq(a >= b, ra >= rb, what);
        check(&a.clone().max(b.clone()), &ra.clone().max(rb.clone()), what);
        if ra == rb {
            check_eq(hasher.hash_one(&a), hasher.hash_one(&b), || {
                format!("hash of equal values: {}", what())
            });
        }
        n += 1;
    }
    report("compare_and_hash", n);
}

#[test]
fn unary_and_predicates() {
    let mut rng = Rng::for_test("unary_and_predicates");
    let mut n = 0u64;
    for _ in 0..cases(300_000) {
        let max = if rng.chance(1, 10) { MAX_LIMBS } else { 6 };
        let (a, ra) = pair(&mut rng, max);
        let what = || hx(&ra);
        check(&-&a, &Integer::from(-&ra), || format!("-&a: {}", what()));
        check(&-a.clone(), &Integer::from(-&ra), || {
            format!("-a: {}", what())
        });
        check(&!&a, &Integer::from(!&ra), || format!("!&a: {}", what()));
        check(&!a.clone(), &Integer::from(!&ra), || {
            format!("!a: {}", what())
        });
        check(&a.abs(), &Integer::from(ra.abs_ref()), || {
            format!("abs: {}", what())
        });
        check(&a.signum(), &Integer::from(ra.signum_ref()), || {
            format!("signum: {}", what())
        });
        check_eq(a.is_zero(), ra == 0, || format!("is_zero: {}", what()));
        check_eq(a.is_negative(), ra < 0, || {
            format!("is_negative: {}", what())
        });
        check_eq(a.is_positive(), ra > 0, || {
            format!("is_positive: {}", what())
        });
        check_eq(a.is_even(), ra.is_even(), || format!("is_even: {}", what()));
        check_eq(a.is_odd(), ra.is_odd(), || format!("is_odd: {}", what()));
        check_eq(a.bits(), u64::from(ra.significant_bits()), || {
            format!("bits: {}", what())
        });
        check_eq(a.trailing_zeros(), ra.find_one(0).map(u64::from), || {
            format!("trailing_zeros: {}", what())
        });
        let len = u64::from(ra.significant_bits());
        for i in [
            0,
            rng.below(len + 2),
            len,
            len + 1,
            len + 64,
            u64::from(u32::MAX),
            u64::MAX,
        ] {
            let want = if i >= u64::from(u32::MAX) {
                ra < 0
            } else {
                ra.get_bit(i as u32)
            };
            check_eq(a.bit(i), want, || format!("bit({i}): {}", what()));
        }
        for i in [rng.below(len + 2), rng.below(len + 130)] {
            let v = rng.bool();
            let mut x = a.clone();
            x.set_bit(i, v);
            let mut want = ra.clone();
            want.set_bit(i as u32, v);
            check(&x, &want, || format!("set_bit({i}, {v}): {}", what()));
        }
        n += 20;
    }
    report("unary_and_predicates", n);
}

#[test]
fn pow() {
    let mut rng = Rng::for_test("pow");
    let mut n = 0u64;
    for _ in 0..cases(30_000) {
        let (a, ra) = if rng.chance(1, 5) {
            let v = Integer::from(rng.range(0, 4) as i64 - 2);
            (to_int(&v), v)
        } else {
            pair(&mut rng, 8)
        };
        let budget = 40_000 / u64::from(ra.significant_bits().max(1));
        let e = match rng.below(4) {
            0 => rng.below(4),
            1 => rng.below(budget.min(40) + 1),
            _ => rng.below(budget + 1),
        } as u32;
        let e = if ra.significant_bits() <= 1 && rng.chance(1, 4) {
            u32::MAX - rng.below(2) as u32
        } else {
            e
        };
        let want = Integer::from((&ra).pow(e));
        check(&a.pow(e), &want, || format!("{} ^ {e}", hx(&ra)));
        n += 1;
    }
    report("pow", n);
}

macro_rules! shift_tests {
    ($($name:ident: $t:ty),*) => {$(
        #[test]
        fn $name() {
            let mut rng = Rng::for_test(stringify!($name));
            let mut n = 0u64;
            for _ in 0..cases(40_000) {
                let (a, ra) = pair(&mut rng, 40);
                let s: u64 = match rng.below(4) {
                    0 => *rng.pick(&[0, 1, 63, 64, 65, 127, 128, 129, 191, 192, 193, 255]),
                    1 => rng.below(64 * 12),
                    2 => rng.below(5000),
                    _ => rng.below(64 * 50),
                };
                if u128::from(s) > <$t>::MAX as u128 {
                    continue;
                }
                let s = s as $t;
                let sh = u32::try_from(s).unwrap();
                let what = |op: &str| format!("{} {op} {s}", hx(&ra));
                let want = Integer::from(&ra << sh);
                check(&(&a << s), &want, || what("&a <<"));
                check(&(a.clone() << s), &want, || what("a <<"));
                let mut x = a.clone();
                x <<= s;
                check(&x, &want, || what("<<="));
                let want = Integer::from(&ra >> sh);
                check(&(&a >> s), &want, || what("&a >>"));
                check(&(a.clone() >> s), &want, || what("a >>"));
                let mut x = a.clone();
                x >>= s;
                check(&x, &want, || what(">>="));
                n += 2;
            }
            // Right shifts by the type's largest amounts: more than any value has bits, for the
            // wider types.
            for _ in 0..cases(200) {
                let (a, ra) = pair(&mut rng, 40);
                let s = <$t>::MAX - rng.below(3) as $t;
                let want = match u32::try_from(s) {
                    Ok(s) if s < u32::MAX => Integer::from(&ra >> s),
                    _ => Integer::from(if ra < 0 { -1 } else { 0 }),
                };
                check(&(&a >> s), &want, || format!("{} >> {s}", hx(&ra)));
                let mut x = a.clone();
                x >>= s;
                check(&x, &want, || format!("{} >>= {s}", hx(&ra)));
                n += 1;
            }
            report(stringify!($name), n);
        }
    )*};
}

shift_tests!(shift_u8: u8, shift_u16: u16, shift_u32: u32, shift_u64: u64, shift_u128: u128, shift_usize: usize);

#[test]
fn sum_product_default() {
    let mut rng = Rng::for_test("sum_product_default");
    let mut n = 0u64;
    check(&Int::default(), &Integer::new(), || "Int::default()".into());
    for _ in 0..cases(20_000) {
        let len = rng.below(12) as usize;
        let (xs, rs): (Vec<Int>, Vec<Integer>) = (0..len).map(|_| pair(&mut rng, 8)).unzip();
        let what = || format!("{:?}", rs.iter().map(hx).collect::<Vec<_>>());
        let sum = Integer::from(Integer::sum(rs.iter()));
        let product = Integer::from(Integer::product(rs.iter()));
        check(&xs.iter().sum::<Int>(), &sum, || {
            format!("sum of refs {}", what())
        });
        check(&xs.clone().into_iter().sum::<Int>(), &sum, || {
            format!("sum {}", what())
        });
        check(&xs.iter().product::<Int>(), &product, || {
            format!("product of refs {}", what())
        });
        check(&xs.into_iter().product::<Int>(), &product, || {
            format!("product {}", what())
        });
        n += 2;
    }
    report("sum_product_default", n);
}

#[test]
fn limbs_round_trip() {
    let mut rng = Rng::for_test("limbs_round_trip");
    let mut n = 0u64;
    for _ in 0..cases(100_000) {
        let len = limb_count(&mut rng, MAX_LIMBS);
        let mut limbs: Vec<u64> = magnitude(&mut rng, len).to_digits::<u64>(Order::Lsf);
        limbs.resize(limbs.len() + rng.below(3) as usize, 0);
        let want = from_limbs(&limbs);
        let x = Int::from_limbs(&limbs);
        check(&x, &want, || format!("from_limbs({limbs:x?})"));
        check_eq(
            x.as_limbs(),
            &limbs[..want.significant_bits().div_ceil(64) as usize],
            || format!("as_limbs of from_limbs({limbs:x?})"),
        );
        n += 1;
    }
    report("limbs_round_trip", n);
}

/// Products, squares and quotients of operands far past every multiplication threshold, in
/// balanced and unbalanced shapes.
#[test]
fn large_operands() {
    let mut rng = Rng::for_test("large_operands");
    let mut n = 0u64;
    for _ in 0..cases(150) {
        let la = rng.range(200, 1500) as usize;
        let lb = if rng.bool() {
            la - rng.below(3) as usize
        } else {
            rng.range(1, la as u64) as usize
        };
        let (ra, rb) = (magnitude(&mut rng, la), magnitude(&mut rng, lb));
        let ra = if rng.bool() { -ra } else { ra };
        let (a, b) = (to_int(&ra), to_int(&rb));
        let what = |op: &str| {
            format!(
                "{} limbs {op} {} limbs: {}",
                la,
                lb,
                binop_what(&ra, op, &rb)
            )
        };
        check(&(&a * &b), &Integer::from(&ra * &rb), || what("*"));
        check(&(&a * &a), &Integer::from(ra.square_ref()), || {
            what("square of the left")
        });
        let (q, r) = a.div_rem(&b);
        let (wq, wr) = ra.clone().div_rem(rb.clone());
        check(&q, &wq, || what("/"));
        check(&r, &wr, || what("%"));
        let product = Integer::from(&ra * &rb);
        let (q, r) = to_int(&product).div_rem(&b);
        check(&q, &ra, || what("(a * b) / b"));
        check(&r, &Integer::new(), || what("(a * b) % b"));
        n += 4;
    }
    report("large_operands", n);
}
