//! Differential tests of `carry::Int` against GMP (through `rug`).
//!
//! Seeded by `CARRY_SEED` (printed at start), sized by `CARRY_SCALE`; every failure message
//! carries the seed and the operands in hex. `cargo test --release --test diff -- --nocapture`
//! shows how many checks (one operation on one set of operands) each test made.

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
    for _ in 0..cases(4_000_000) {
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

/// `assign_add`, `assign_sub` and `assign_mul` into one destination kept across operations, so
/// they meet every buffer state: inline, heap with room, heap too small.
#[test]
fn three_address_forms() {
    let mut rng = Rng::for_test("three_address_forms");
    let mut n = 0u64;
    let mut r = Int::ZERO;
    for _ in 0..cases(400_000) {
        let (a, ra) = pair(&mut rng, MAX_LIMBS);
        let (b, rb) = if rng.chance(1, 8) {
            pair(&mut rng, 1)
        } else {
            pair(&mut rng, MAX_LIMBS)
        };
        let what = |op: &str| binop_what(&ra, op, &rb);
        r.assign_add(&a, &b);
        check(&r, &Integer::from(&ra + &rb), || what("assign_add"));
        r.assign_sub(&a, &b);
        check(&r, &Integer::from(&ra - &rb), || what("assign_sub"));
        r.assign_mul(&a, &b);
        check(&r, &Integer::from(&ra * &rb), || what("assign_mul"));
        r.assign_mul(&a, &a);
        check(&r, &Integer::from(&ra * &ra), || {
            binop_what(&ra, "assign_mul", &ra)
        });
        r.assign_sub(&a, &a);
        check(&r, &Integer::new(), || binop_what(&ra, "assign_sub", &ra));
        n += 5;
    }
    report("three_address_forms", n);
}

/// `r.assign_op(a, b)`.
type ThreeAddress = fn(&mut Int, &Int, &Int);

/// The three-address forms on the edges of their in-place paths: every destination state
/// (zero, inline, heap of exactly the result's size or one limb short, a large heap) against
/// operands of 0 to 7 limbs at 2^(64k) − 1, 2^(64k) and 2^(64k) + 1 with both signs, so that
/// sums carry into a new limb or cancel to nothing, around the five limbs an `Int` holds inline,
/// and products fall to five limbs or fewer (which must move inline out of a heap destination).
#[test]
fn three_address_edges() {
    let mut values = vec![Integer::new()];
    for k in 0..=7u32 {
        let p = Integer::from(1) << (64 * k);
        for v in [Integer::from(&p - 1u32), p.clone(), p + 1u32] {
            if v != 0 {
                values.push(-v.clone());
                values.push(v);
            }
        }
    }
    let dests = |want: &Integer| {
        let n = want.significant_digits::<u64>();
        [
            Integer::new(),
            Integer::from(-7),
            (Integer::from(1) << (64 * n as u32)) - 1u32,
            (Integer::from(1) << (64 * n.saturating_sub(1) as u32)) + 3u32,
            Integer::from(1) << (64 * 40),
        ]
    };
    let mut n = 0u64;
    for ra in &values {
        for rb in &values {
            let (a, b) = (to_int(ra), to_int(rb));
            let what = |op: &str, d: &Integer| format!("dest {} {}", hx(d), binop_what(ra, op, rb));
            let cases: [(&str, Integer, ThreeAddress); 3] = [
                ("assign_add", Integer::from(ra + rb), Int::assign_add),
                ("assign_sub", Integer::from(ra - rb), Int::assign_sub),
                ("assign_mul", Integer::from(ra * rb), Int::assign_mul),
            ];
            for (op, want, f) in cases {
                for d in dests(&want) {
                    let mut r = to_int(&d);
                    f(&mut r, &a, &b);
                    check(&r, &want, || what(op, &d));
                    n += 1;
                }
            }
        }
    }
    report("three_address_edges", n);
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
    // Destinations of `assign_div_rem`, kept across divisions so that they meet every buffer
    // state (inline, heap with room, heap too small).
    let (mut kq, mut kr) = (Int::ZERO, Int::ZERO);
    // Kept destinations of `assign_div` and `assign_rem`, likewise.
    let (mut kd, mut km) = (Int::ZERO, Int::ZERO);
    for _ in 0..cases(1_000_000) {
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
        kq.assign_div_rem(&mut kr, &a, &b);
        check(&kq, &tq, || format!("assign_div_rem quotient: {}", what()));
        check(&kr, &tr, || format!("assign_div_rem remainder: {}", what()));
        kd.assign_div(&a, &b);
        check(&kd, &tq, || format!("assign_div: {}", what()));
        km.assign_rem(&a, &b);
        check(&km, &tr, || format!("assign_rem: {}", what()));
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
        n += 11;
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

/// Exact division: products `q·d` (divisors with factors of two, around `DIV_DC`, of both
/// signs) give back `q`, and GMP's `divexact` agrees; a product plus a remainder `0 < |r| < |d|`
/// is refused, and `div_exact` panics on it.
#[test]
fn exact_division() {
    let mut rng = Rng::for_test("exact_division");
    let dc = carry::thresholds::DIV_DC;
    let mut n = 0;
    // The kept destination of `assign_div_exact`, meeting every buffer state.
    let mut kept = Int::ZERO;
    for _ in 0..cases(20_000) {
        // One-limb divisors (odd, even, powers of two, near 2^64) under 1 to 40 limbs.
        let d = match rng.below(4) {
            0 => Integer::from(rng.next_u64() | 1),
            1 => Integer::from(rng.next_u64().max(1) << rng.below(64)) & Integer::from(u64::MAX),
            2 => Integer::from(1u64 << rng.below(64)),
            _ => Integer::from(u64::MAX - rng.below(4)),
        };
        let d = if d == 0 { Integer::from(3) } else { d };
        let d = if rng.bool() { -d } else { d };
        let ql = 1 + rng.below(40) as usize;
        let q = integer(&mut rng, ql);
        let a = Integer::from(&q * &d);
        let (ca, cd) = (to_int(&a), to_int(&d));
        kept.assign_div_exact(&ca, &cd);
        check(&kept, &q, || {
            format!("assign_div_exact({}, {})", hx(&a), hx(&d))
        });
        check(&ca.div_exact(&cd), &q, || {
            format!("div_exact({}, {})", hx(&a), hx(&d))
        });
        n += 2;
    }
    for _ in 0..cases(20_000) {
        let mut d = nonzero(&mut rng, 16);
        if rng.chance(1, 4) {
            let dn = *rng.pick(&[dc.saturating_sub(1).max(1), dc, dc + 1]);
            d = magnitude(&mut rng, dn);
        }
        if rng.chance(1, 4) {
            d <<= rng.below(200) as u32;
        }
        let ql = *rng.pick(&[2, 12, 40, 90]);
        let q = integer(&mut rng, ql);
        let a = Integer::from(&q * &d);
        let (ca, cd) = (to_int(&a), to_int(&d));
        let what = || format!("div_exact({}, {})", hx(&a), hx(&d));
        check(&ca.div_exact(&cd), &q, what);
        kept.assign_div_exact(&ca, &cd);
        check(&kept, &q, || {
            format!("assign_div_exact({}, {})", hx(&a), hx(&d))
        });
        check(
            &ca.div_exact(&cd),
            &Integer::from(a.div_exact_ref(&d)),
            what,
        );
        let r = Integer::from(rng.next_u64()) % Integer::from(d.abs_ref());
        if r != 0 {
            let b = Integer::from(&a + &r);
            let cb = to_int(&b);
            check_eq(cb.checked_div_exact(&cd), None, || {
                format!("checked_div_exact({}, {})", hx(&b), hx(&d))
            });
            if rng.chance(1, 500) {
                check_eq(
                    catch_unwind(AssertUnwindSafe(|| cb.div_exact(&cd))).is_err(),
                    true,
                    || format!("div_exact({}, {}) did not panic", hx(&b), hx(&d)),
                );
            }
            n += 1;
        }
        check_eq(ca.checked_div_exact(&Int::ZERO), None, || "by zero".into());
        n += 3;
    }
    report("exact_division", n);
}

/// Exact division by one limb: quotients of 0 to 40 limbs and longer (inline, heap, and heap
/// dividends whose quotient moves inline) by odd, even, 2^k and near-2^64 divisors of both
/// signs, into kept destinations of every size class; non-multiples are refused by
/// `checked_div_exact` and panic in `div_exact` and `assign_div_exact`, which leaves its
/// destination a valid value.
#[test]
fn exact_division_by_one_limb() {
    let mut rng = Rng::for_test("exact_division_by_one_limb");
    let mut n = 0;
    for _ in 0..cases(20_000) {
        let d = match rng.below(5) {
            0 => rng.next_u64() | 1,
            1 => (rng.next_u64() | 1) << rng.below(64),
            2 => 1u64 << rng.below(64),
            3 => u64::MAX - rng.below(4),
            _ => 1 + rng.below(20),
        };
        let rd = if rng.bool() {
            -Integer::from(d)
        } else {
            Integer::from(d)
        };
        let ql = match rng.below(8) {
            0 => rng.range(41, 300) as usize,
            _ => rng.below(41) as usize,
        };
        let q = magnitude(&mut rng, ql);
        let q = with_sign_of(&mut rng, q);
        let a = Integer::from(&q * &rd);
        let (ca, cd) = (to_int(&a), to_int(&rd));
        let what = |op: &str| format!("{op}({}, {})", hx(&a), hx(&rd));
        check(&ca.div_exact(&cd), &q, || what("div_exact"));
        let got = ca.checked_div_exact(&cd);
        check_eq(got.as_ref().map(to_rug), Some(q.clone()), || {
            what("checked_div_exact")
        });
        // A destination of any size class, heap or inline.
        let kn = 1 + rng.below(45) as usize;
        let mut kept = to_int(&integer(&mut rng, kn));
        kept.assign_div_exact(&ca, &cd);
        check(&kept, &q, || what("assign_div_exact"));
        n += 3;
        // a + r for 0 < r < |d|: not a multiple.
        if d > 1 {
            let r = 1 + rng.below(d - 1);
            let b = if a < 0 {
                Integer::from(&a - r)
            } else {
                Integer::from(&a + r)
            };
            let cb = to_int(&b);
            let what = |op: &str| format!("{op}({}, {})", hx(&b), hx(&rd));
            check_eq(cb.checked_div_exact(&cd), None, || {
                what("checked_div_exact")
            });
            if rng.chance(1, 20) {
                let res = catch_unwind(AssertUnwindSafe(|| cb.div_exact(&cd)));
                check_eq(res.is_err(), true, || what("no panic: div_exact"));
                let res = catch_unwind(AssertUnwindSafe(|| kept.assign_div_exact(&cb, &cd)));
                check_eq(res.is_err(), true, || what("no panic: assign_div_exact"));
                // Still a valid value, and reusable.
                check(&kept, &to_rug(&kept), || what("after the panic"));
                kept.assign_div_exact(&ca, &cd);
                check(&kept, &q, || what("assign_div_exact after the panic"));
                n += 3;
            }
            n += 1;
        }
    }
    report("exact_division_by_one_limb", n);
}

fn with_sign_of(rng: &mut Rng, x: Integer) -> Integer {
    if rng.bool() {
        -x
    } else {
        x
    }
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
        (
            "assign_div_rem",
            Box::new(|| {
                let (mut q, mut r) = (Int::ZERO, Int::ZERO);
                q.assign_div_rem(&mut r, &a, &z);
            }),
        ),
        ("div_rem_floor", Box::new(|| drop(a.div_rem_floor(&z)))),
        ("div_euclid", Box::new(|| drop(a.div_euclid(&z)))),
        ("rem_euclid", Box::new(|| drop(a.rem_euclid(&z)))),
        ("&a / 0u64", Box::new(|| drop(&a / 0u64))),
        ("&a % 0i32", Box::new(|| drop(&a % 0i32))),
        ("7u8 / &z", Box::new(|| drop(7u8 / &z))),
        ("-7i128 % &z", Box::new(|| drop(-7i128 % &z))),
        ("small / z", Box::new(|| drop(Int::from(5) / &z))),
        ("div_exact", Box::new(|| drop(a.div_exact(&z)))),
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
    for _ in 0..cases(80_000) {
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
            for _ in 0..cases(500_000) {
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
    for _ in 0..cases(1_500_000) {
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
    for _ in 0..cases(2_000_000) {
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
    for _ in 0..cases(200_000) {
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
            for _ in 0..cases(400_000) {
                let (a, ra) = pair(&mut rng, 40);
                let s: u64 = match rng.below(4) {
                    0 => *rng.pick(&[0, 1, 63, 64, 65, 127, 128, 129, 191, 192, 193, 255, 319, 320, 321]),
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
            for _ in 0..cases(2_000) {
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

/// `<<=` and `>>=` on one value kept across shifts, so that they meet heap buffers with and
/// without room for the result (shifted in place or replaced), against GMP.
#[test]
fn shifts_in_place() {
    let mut rng = Rng::for_test("shifts_in_place");
    let mut n = 0u64;
    for _ in 0..cases(20_000) {
        let (a, ra) = pair(&mut rng, 40);
        let (mut x, mut rx) = (a, ra);
        for _ in 0..8 {
            let s = match rng.below(3) {
                0 => *rng.pick(&[1, 63, 64, 65, 128, 640]),
                1 => rng.below(64 * 4),
                _ => rng.below(64 * 40),
            } as u32;
            let before = hx(&rx);
            if rng.bool() {
                x <<= s;
                rx <<= s;
                check(&x, &rx, || format!("{before} <<= {s}"));
            } else {
                x >>= s;
                rx >>= s;
                check(&x, &rx, || format!("{before} >>= {s}"));
            }
            n += 1;
        }
    }
    report("shifts_in_place", n);
}

#[test]
fn sum_product_default() {
    let mut rng = Rng::for_test("sum_product_default");
    let mut n = 0u64;
    check(&Int::default(), &Integer::new(), || "Int::default()".into());
    check(&Int::from(false), &Integer::new(), || {
        "Int::from(false)".into()
    });
    check(&Int::from(true), &Integer::from(1), || {
        "Int::from(true)".into()
    });
    for _ in 0..cases(150_000) {
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
    for _ in 0..cases(500_000) {
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

/// Products, squares and quotients of operands at every threshold size and far past them,
/// in balanced and unbalanced shapes.
#[test]
fn large_operands() {
    let mut rng = Rng::for_test("large_operands");
    let mut n = 0u64;
    for _ in 0..cases(6_000) {
        let la = if rng.bool() {
            *rng.pick(sizes())
        } else {
            rng.range(200, 1500) as usize
        };
        let lb = if rng.bool() {
            la.saturating_sub(rng.below(3) as usize).max(1)
        } else {
            *rng.pick(sizes())
        };
        let (la, lb) = (la.max(lb), la.min(lb));
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

/// Division and decimal conversion far past every threshold, up to 2^24 bits: Newton division
/// with many quotient blocks and with one, lopsided and balanced; conversions whose upper
/// levels divide through cached reciprocals. A few cases, at the default scale and above, at
/// the measured thresholds only (the tiny build would take minutes on them).
#[test]
fn huge_operands() {
    if scale() < 1.0 || carry::thresholds::MUL_NTT < 100 {
        return;
    }
    let mut rng = Rng::for_test("huge_operands");
    let mut n = 0u64;
    for (la, lb) in [
        (1 << 18, 1 << 17),
        (1 << 18, (1 << 12) + 3),
        (1 << 16, (1 << 16) - 5),
    ] {
        let (ra, rb) = (magnitude(&mut rng, la), magnitude(&mut rng, lb));
        let (a, b) = (to_int(&ra), to_int(&rb));
        let what = |op: &str| format!("{la} limbs {op} {lb} limbs (seeded operands)");
        let (q, r) = a.div_rem(&b);
        let (wq, wr) = ra.clone().div_rem(rb.clone());
        check(&q, &wq, || what("/"));
        check(&r, &wr, || what("%"));
        n += 2;
    }
    for bits in [1u32 << 22, (1 << 24) - 7] {
        let ra = magnitude(&mut rng, bits.div_ceil(64) as usize) >> (63 - (bits - 1) % 64);
        round_trip(&to_int(&ra), &ra, 10, || {
            format!("{bits} bits (seeded operand)")
        });
        n += 2;
    }
    report("huge_operands", n);
}

// Conversions to and from primitives, floats, text and bytes.

macro_rules! prim_conversions {
    ($($name:ident: $t:ty),*) => {$(
        #[test]
        fn $name() {
            let mut rng = Rng::for_test(stringify!($name));
            let mut n = 0u64;
            for _ in 0..cases(500_000) {
                let max = if rng.bool() { 3 } else { 12 };
                let (a, ra) = pair(&mut rng, max);
                check_eq(<$t>::try_from(&a).ok(), <$t>::try_from(&ra).ok(), || {
                    format!("{}::try_from({})", stringify!($t), hx(&ra))
                });
                n += 1;
            }
            // Conversions at the type's boundaries.
            let (min, max) = (Integer::from(<$t>::MIN), Integer::from(<$t>::MAX));
            for (v, ok) in [
                (Integer::from(&min - 1), false),
                (min.clone(), true),
                (Integer::from(&min + 1), true),
                (Integer::new(), true),
                (Integer::from(&max - 1), true),
                (max.clone(), true),
                (Integer::from(&max + 1), false),
                (Integer::from(&max << 1), false),
                (Integer::from(&min << 70), <$t>::MIN == 0),
            ] {
                let got = <$t>::try_from(&to_int(&v));
                check_eq(got.is_ok(), ok, || format!("{}::try_from({}) success", stringify!($t), hx(&v)));
                if let Ok(x) = got {
                    check_eq(Integer::from(x), v.clone(), || format!("{}::try_from({})", stringify!($t), hx(&v)));
                }
                n += 1;
            }
            report(stringify!($name), n);
        }
    )*};
}

prim_conversions!(
    try_from_u8: u8, try_from_u16: u16, try_from_u32: u32, try_from_u64: u64, try_from_u128: u128,
    try_from_usize: usize, try_from_i8: i8, try_from_i16: i16, try_from_i32: i32, try_from_i64: i64,
    try_from_i128: i128, try_from_isize: isize
);

/// `x` rounded to the nearest f64, ties to even, ±inf beyond range: the top 64 bits with a
/// sticky bit for everything below them, which the (correctly rounding) `u64 as f64` then
/// rounds, scaled by an exact power of two.
fn f64_nearest(x: &Integer) -> f64 {
    let bits = x.significant_bits();
    let mag = if bits <= 128 {
        x.as_abs().to_u128().expect("fits") as f64
    } else if bits > 1024 {
        f64::INFINITY
    } else {
        let shift = bits - 64;
        let top = (Integer::from(x.abs_ref()) >> shift)
            .to_u64()
            .expect("64 bits");
        let sticky = x.find_one(0).expect("nonzero") < shift;
        let scale = f64::from_bits(u64::from(1023 + shift) << 52);
        (top | u64::from(sticky)) as f64 * scale
    };
    if *x < 0 {
        -mag
    } else {
        mag
    }
}

/// Values that probe f64 rounding: 53 to 55 significant bits (exact, halfway, just off
/// halfway), with or without a far sticky bit, at every exponent up to past the range.
fn f64_probe(rng: &mut Rng) -> Integer {
    if rng.chance(1, 3) {
        return integer(rng, 17);
    }
    let mant_bits = rng.range(52, 56) as u32;
    let mant = Integer::from(rng.next_u64() | (1 << 63)) >> (64 - mant_bits);
    let mant = match rng.below(3) {
        0 => mant | 1u32,
        1 => (mant >> 1u32 << 1u32) | 1u32,
        _ => mant,
    };
    let exp = match rng.below(3) {
        0 => rng.below(80) as u32,
        1 => 1024 - mant_bits - rng.below(3) as u32 + rng.below(3) as u32,
        _ => rng.below(1100) as u32,
    };
    let mut x = mant << exp;
    if exp > 0 && rng.bool() {
        x.set_bit(rng.below(u64::from(exp)) as u32, true);
    }
    if rng.bool() {
        -x
    } else {
        x
    }
}

#[test]
fn f64_conversions() {
    let mut rng = Rng::for_test("f64_conversions");
    let mut n = 0u64;
    for _ in 0..cases(1_000_000) {
        let rx = f64_probe(&mut rng);
        let x = to_int(&rx);
        let want = f64_nearest(&rx);
        // The reference against GMP's truncating conversion: equal, or one ulp further from 0.
        let trunc = rx.to_f64();
        let next = f64::from_bits(trunc.abs().to_bits() + 1).copysign(trunc);
        let exact = rx.significant_bits() <= 53;
        if want != trunc && (exact || want != next) {
            fail(&format!(
                "reference f64 of {} is {want:e}, GMP truncates to {trunc:e}",
                hx(&rx)
            ));
        }
        check_eq(x.to_f64().to_bits(), want.to_bits(), || {
            format!("to_f64({}) (want {want:e})", hx(&rx))
        });
        // f32: below 2^128 the (correctly rounding) `u128 as f32`, above it infinite.
        let want32 = match rx.as_abs().to_u128() {
            Some(m) if rx < 0 => -(m as f32),
            Some(m) => m as f32,
            None => f32::INFINITY.copysign(if rx < 0 { -1.0 } else { 1.0 }),
        };
        check_eq(x.to_f32().to_bits(), want32.to_bits(), || {
            format!("to_f32({}) (want {want32:e})", hx(&rx))
        });
        n += 2;
    }
    let specials = [
        0.0,
        -0.0,
        0.5,
        -0.5,
        0.999,
        1.0,
        -1.0,
        1.5,
        -2.5,
        1e19,
        -1e19,
        1.8446744073709552e19,
        9.223372036854776e18,
        3.402823669209385e38,
        -3.402823669209385e38,
        1e300,
        f64::MAX,
        f64::MIN,
        f64::MIN_POSITIVE,
        f64::EPSILON,
        f64::NAN,
        -f64::NAN,
        f64::INFINITY,
        f64::NEG_INFINITY,
    ];
    for i in 0..cases(1_000_000) {
        let f = match specials.get(i) {
            Some(&f) => f,
            None => match rng.below(3) {
                0 => f64::from_bits(rng.next_u64()),
                1 => {
                    f64_nearest(&f64_probe(&mut rng))
                        * *rng.pick(&[1.0, 0.5, 0.25, 1.0 + f64::EPSILON])
                }
                _ => (rng.below(1 << 20) as f64 - (1 << 19) as f64) / 8.0,
            },
        };
        let want = Integer::from_f64(f);
        match (Int::try_from(f), want) {
            (Ok(x), Some(w)) => check(&x, &w, || format!("Int::try_from({f:e})")),
            (Err(_), None) => {}
            (got, _) => fail(&format!("Int::try_from({f:e}) success was {}", got.is_ok())),
        }
        let f32 = f as f32;
        match (Int::try_from(f32), Integer::from_f32(f32)) {
            (Ok(x), Some(w)) => check(&x, &w, || format!("Int::try_from({f32:e}f32)")),
            (Err(_), None) => {}
            (got, _) => fail(&format!(
                "Int::try_from({f32:e}f32) success was {}",
                got.is_ok()
            )),
        }
        n += 2;
    }
    report("f64_conversions", n);
}

#[test]
fn strings() {
    let mut rng = Rng::for_test("strings");
    let mut n = 0u64;
    for _ in 0..cases(400_000) {
        let max = if rng.chance(1, 20) { MAX_LIMBS } else { 8 };
        let (a, ra) = pair(&mut rng, max);
        let radix = rng.range(2, 36) as u32;
        let want = ra.to_string_radix(radix as i32);
        let what = || format!("{} in radix {radix}", hx(&ra));
        let s = a.to_str_radix(radix);
        check_eq(&s, &want, || format!("to_str_radix: {}", what()));
        match Int::from_str_radix(&s, radix) {
            Ok(b) => check(&b, &ra, || {
                format!("from_str_radix(to_str_radix): {}", what())
            }),
            Err(e) => fail(&format!("from_str_radix({s:?}, {radix}) failed: {e}")),
        }
        let upper = s.to_uppercase();
        match Int::from_str_radix(&upper, radix) {
            Ok(b) => check(&b, &ra, || format!("from_str_radix(uppercase): {}", what())),
            Err(e) => fail(&format!("from_str_radix({upper:?}, {radix}) failed: {e}")),
        }
        check_eq(a.to_string(), ra.to_string(), || {
            format!("to_string: {}", hx(&ra))
        });
        match ra.to_string().parse::<Int>() {
            Ok(b) => check(&b, &ra, || format!("parse(to_string): {}", hx(&ra))),
            Err(e) => fail(&format!("parse of {} failed: {e}", ra)),
        }
        n += 3;
    }
    report("strings", n);
}

/// Long numbers through the divide-and-conquer conversions in every radix: random and striped
/// values, and `radix^k - 1`, `radix^k`, `radix^k + 1` (runs of the top digit, of zeros).
#[test]
fn strings_long() {
    let mut rng = Rng::for_test("strings_long");
    let mut n = 0u64;
    for _ in 0..cases(120) {
        let radix = rng.range(2, 36) as u32;
        let limbs = [40, 100, 700, 3000][rng.below(4) as usize];
        let ra = match rng.below(3) {
            0 => pair(&mut rng, limbs).1,
            _ => {
                let k = (limbs as f64 * 64.0 / (radix as f64).log2()) as u32;
                let p = Integer::from(radix).pow(k);
                p + (rng.below(3) as i32 - 1)
            }
        };
        let ra = if rng.bool() { -ra } else { ra };
        let a = Int::from_str_radix(&ra.to_string_radix(16), 16).expect("hex");
        round_trip(&a, &ra, radix, || {
            format!("{} bits in radix {radix}", ra.significant_bits())
        });
        n += 2;
    }
    report("strings_long", n);
}

/// Several numbers of the same length parsed in a row, in one radix and then another (a thread
/// keeps the splitting powers of its last conversion from digits for the next one of as many
/// chunks in that radix): each against GMP's value of the same digits.
#[test]
fn strings_same_length_in_a_row() {
    use carry::thresholds::FROM_RADIX_DC;
    let mut rng = Rng::for_test("strings_same_length_in_a_row");
    let mut n = 0u64;
    for _ in 0..cases(40) {
        // As many chunks (`limbs::radix_chunk` digits each) in every radix.
        let chunks = [
            FROM_RADIX_DC / 19 + 1,
            FROM_RADIX_DC / 8 + 3,
            FROM_RADIX_DC / 2,
        ][rng.below(3) as usize];
        for radix in [10, 10, 7, 10, rng.range(2, 36) as u32] {
            let m = carry::limbs::radix_chunk(radix).0;
            for _ in 0..3 {
                let len = chunks * m - rng.below(m as u64) as usize;
                let digits: String = (0..len)
                    .map(|i| {
                        let d = if i == 0 {
                            rng.range(1, radix as u64 - 1)
                        } else {
                            rng.below(radix as u64)
                        };
                        char::from_digit(d as u32, radix).expect("digit")
                    })
                    .collect();
                let ra = Integer::from_str_radix(&digits, radix as i32).expect("rug parses");
                match Int::from_str_radix(&digits, radix) {
                    Ok(b) => check(&b, &ra, || format!("{len} digits in radix {radix}")),
                    Err(e) => fail(&format!(
                        "from_str_radix failed: {e}: {len} digits in radix {radix}"
                    )),
                }
                n += 1;
            }
        }
    }
    report("strings_same_length_in_a_row", n);
}

/// `a` (equal to `ra`) to digits in `radix` as GMP writes them, and those digits back to `ra`.
fn round_trip(a: &Int, ra: &Integer, radix: u32, what: impl Fn() -> String) {
    let want = ra.to_string_radix(radix as i32);
    check_eq(&a.to_str_radix(radix), &want, || {
        format!("to_str_radix: {}", what())
    });
    match Int::from_str_radix(&want, radix) {
        Ok(b) => check(&b, ra, || format!("from_str_radix: {}", what())),
        Err(e) => fail(&format!("from_str_radix failed: {e}: {}", what())),
    }
}

/// Conversions to and from digits at the radix thresholds (the fraction leaves from
/// `TO_RADIX_FRAC` limbs, the leaf size `TO_RADIX_LEAF`, the divide and conquer above
/// `TO_RADIX_DC`, and twice each; numbers long enough that the level below the top divides by
/// a power of `TO_RADIX_MU` limbs or more through its reciprocal): every operand shape of
/// `magnitude`, and `radix^k - 1`, `radix^k`, `radix^k + 1` with `k` near those sizes.
#[test]
fn strings_at_thresholds() {
    use carry::thresholds::{TO_RADIX_DC, TO_RADIX_FRAC, TO_RADIX_LEAF, TO_RADIX_MU};
    let mut rng = Rng::for_test("strings_at_thresholds");
    let mut n = 0u64;
    let mut sizes = Vec::new();
    for t in [TO_RADIX_FRAC, TO_RADIX_LEAF, TO_RADIX_DC, 2 * TO_RADIX_LEAF] {
        sizes.extend([t.saturating_sub(1).max(1), t, t + 1]);
    }
    // The odd parts of the powers are about 70% of their length: a power of TO_RADIX_MU limbs
    // below the top split takes about six times that many limbs.
    sizes.extend([6 * TO_RADIX_MU, 6 * TO_RADIX_MU + 1]);
    for _ in 0..cases(600) {
        let limbs = *rng.pick(&sizes);
        let radix = if rng.bool() {
            10
        } else {
            rng.range(2, 36) as u32
        };
        let ra = if rng.chance(1, 3) {
            let k = (limbs as f64 * 64.0 / (radix as f64).log2()) as u32;
            Integer::from(radix).pow(k - rng.below(2) as u32) + (rng.below(3) as i32 - 1)
        } else {
            magnitude(&mut rng, limbs)
        };
        round_trip(&to_int(&ra), &ra, radix, || {
            format!("{} in radix {radix}", hx(&ra))
        });
        n += 2;
    }
    report("strings_at_thresholds", n);
}

/// Display, LowerHex, UpperHex, Octal and Binary with width, fill, alignment, sign, `#` and
/// `0` flags, against rug's implementation (which pads as the primitives do).
#[test]
fn formatting_flags() {
    let mut rng = Rng::for_test("formatting_flags");
    let mut n = 0u64;
    for i in 0..cases(60_000) {
        let (a, ra) = pair(&mut rng, if i % 10 == 0 { 4 } else { 2 });
        macro_rules! fmts {
            ($($f:literal)*) => {$(
                check_eq(format!($f, a), format!($f, ra), || format!("format!({:?}) of {}", $f, hx(&ra)));
                n += 1;
            )*};
        }
        fmts!(
            "{}" "{:+}" "{:5}" "{:<40}" "{:^41}" "{:>40}" "{:*^45}" "{:045}" "{:+045}" "{:+}"
            "{:x}" "{:#x}" "{:+#x}" "{:#045x}" "{:08x}" "{:-<50x}" "{:X}" "{:#X}" "{:#050X}" "{:^50X}"
            "{:o}" "{:#o}" "{:+#o}" "{:0>60o}" "{:060o}" "{:b}" "{:#b}" "{:+b}" "{:#0300b}" "{:_>300b}"
            "{:?}"
        );
        let w = rng.below(80) as usize;
        check_eq(format!("{a:>w$}"), format!("{ra:>w$}"), || {
            format!("width {w} of {}", hx(&ra))
        });
        check_eq(format!("{a:#0w$x}"), format!("{ra:#0w$x}"), || {
            format!("#0 width {w} of {}", hx(&ra))
        });
        n += 2;
    }
    // On values that fit, the same as i128 (whose hex, octal and binary forms of negative
    // values differ, being two's complement).
    for _ in 0..cases(60_000) {
        let v = (rng.next_u128() >> rng.below(128)) as i128;
        let a = Int::from(v);
        macro_rules! like_i128 {
            ($a:expr, $v:expr; $($f:literal)*) => {$(
                check_eq(format!($f, $a), format!($f, $v), || format!("format!({:?}) of {}", $f, $v));
                n += 1;
            )*};
        }
        like_i128!(a, v; "{}" "{:+}" "{:<45}" "{:^45}" "{:>45}" "{:#^45}" "{:045}" "{:+045}" "{:?}");
        let u = v.unsigned_abs();
        let a = Int::from(u);
        like_i128!(a, u; "{:x}" "{:#x}" "{:#045x}" "{:X}" "{:#X}" "{:o}" "{:#o}" "{:b}" "{:#b}" "{:#0200b}" "{:>200b}");
    }
    report("formatting_flags", n);
}

/// Two's complement of `x` in the fewest bytes, little-endian.
fn signed_bytes_le(x: &Integer) -> Vec<u8> {
    let mut len = 1u32;
    loop {
        let half = Integer::from(1) << (8 * len - 1);
        if Integer::from(-&half) <= *x && *x < half {
            break;
        }
        len += 1;
    }
    let modulus = Integer::from(1) << (8 * len);
    let v = if *x < 0 {
        Integer::from(x + &modulus)
    } else {
        x.clone()
    };
    let mut bytes = v.to_digits::<u8>(Order::Lsf);
    bytes.resize(len as usize, 0);
    bytes
}

/// The value of little-endian two's complement bytes (empty is zero).
fn from_signed_le(bytes: &[u8]) -> Integer {
    let v = Integer::from_digits(bytes, Order::Lsf);
    match bytes.last() {
        Some(&top) if top >= 0x80 => v - (Integer::from(1) << (8 * bytes.len() as u32)),
        _ => v,
    }
}

fn reversed(bytes: &[u8]) -> Vec<u8> {
    bytes.iter().rev().copied().collect()
}

#[test]
fn bytes() {
    let mut rng = Rng::for_test("bytes");
    let mut n = 0u64;
    for _ in 0..cases(300_000) {
        let max = if rng.chance(1, 10) { MAX_LIMBS } else { 5 };
        let (a, ra) = pair(&mut rng, max);
        let what = || hx(&ra);
        // Magnitude bytes; zero is [0].
        let mut mag_le = ra.to_digits::<u8>(Order::Lsf);
        if mag_le.is_empty() {
            mag_le.push(0);
        }
        check_eq(a.to_bytes_le(), mag_le.clone(), || {
            format!("to_bytes_le: {}", what())
        });
        check_eq(a.to_bytes_be(), reversed(&mag_le), || {
            format!("to_bytes_be: {}", what())
        });
        let abs = Integer::from(ra.abs_ref());
        check(&Int::from_bytes_le(&mag_le), &abs, || {
            format!("from_bytes_le(to_bytes_le): {}", what())
        });
        check(&Int::from_bytes_be(&reversed(&mag_le)), &abs, || {
            format!("from_bytes_be(to_bytes_be): {}", what())
        });
        // Two's complement.
        let signed_le = signed_bytes_le(&ra);
        check_eq(a.to_signed_bytes_le(), signed_le.clone(), || {
            format!("to_signed_bytes_le: {}", what())
        });
        check_eq(a.to_signed_bytes_be(), reversed(&signed_le), || {
            format!("to_signed_bytes_be: {}", what())
        });
        check(&Int::from_signed_bytes_le(&signed_le), &ra, || {
            format!("from_signed_bytes_le(to_): {}", what())
        });
        check(
            &Int::from_signed_bytes_be(&reversed(&signed_le)),
            &ra,
            || format!("from_signed_bytes_be(to_): {}", what()),
        );
        // write_bytes_be: the value right-aligned in the buffer; an error, leaving the buffer
        // as it was, if it does not fit or is negative.
        let need = if ra == 0 { 0 } else { mag_le.len() };
        let size = (need + rng.below(4) as usize).saturating_sub(rng.below(2) as usize);
        let mut buf = vec![0xa5u8; size];
        let got = a.write_bytes_be(&mut buf);
        let fits = size >= need && ra >= 0;
        check_eq(got.is_ok(), fits, || {
            format!("write_bytes_be into {size} bytes: {}", what())
        });
        let mut want = vec![0xa5u8; size];
        if fits {
            want = vec![0u8; size - need];
            want.extend(reversed(&mag_le[..need]));
        }
        check_eq(buf, want, || {
            format!("write_bytes_be into {size} bytes: {}", what())
        });
        // Arbitrary byte strings, with redundant leading zero or sign bytes, and empty.
        let max = if rng.bool() { 6 } else { 40 };
        let len = rng.below(max) as usize;
        let mut raw: Vec<u8> = (0..len).map(|_| rng.next_u64() as u8).collect();
        if rng.bool() {
            let pad = *rng.pick(&[0u8, 0xff]);
            raw.extend(std::iter::repeat_n(pad, rng.range(1, 9) as usize));
        }
        let what = || format!("bytes {raw:02x?}");
        check(
            &Int::from_bytes_le(&raw),
            &Integer::from_digits(&raw, Order::Lsf),
            || format!("from_bytes_le: {}", what()),
        );
        check(
            &Int::from_bytes_be(&raw),
            &Integer::from_digits(&raw, Order::Msf),
            || format!("from_bytes_be: {}", what()),
        );
        check(
            &Int::from_signed_bytes_le(&raw),
            &from_signed_le(&raw),
            || format!("from_signed_bytes_le: {}", what()),
        );
        check(
            &Int::from_signed_bytes_be(&raw),
            &from_signed_le(&reversed(&raw)),
            || format!("from_signed_bytes_be: {}", what()),
        );
        n += 8;
    }
    report("bytes", n);
}

// The optional features' trait implementations (`make test` turns the features on).

#[cfg(feature = "num-traits")]
#[test]
fn num_traits_impls() {
    use num_integer::Integer as _;
    use num_traits::{
        CheckedAdd, CheckedDiv, CheckedEuclid, CheckedMul, CheckedNeg, CheckedRem, CheckedSub,
        Euclid, FromPrimitive, Num, One, Signed, ToPrimitive, Zero,
    };
    let mut rng = Rng::for_test("num_traits_impls");
    let mut n = 0u64;
    check(&Int::zero(), &Integer::new(), || "Zero::zero".into());
    check(&Int::one(), &Integer::from(1), || "One::one".into());
    for _ in 0..cases(100_000) {
        let (a, ra) = pair(&mut rng, 6);
        let (b, rb) = pair(&mut rng, 6);
        let what = |op: &str| binop_what(&ra, op, &rb);
        check_eq(Zero::is_zero(&a), ra == 0, || what("Zero::is_zero"));
        check(&Signed::abs(&a), &Integer::from(ra.abs_ref()), || {
            what("Signed::abs")
        });
        check(&Signed::signum(&a), &Integer::from(ra.signum_ref()), || {
            what("Signed::signum")
        });
        check(
            &a.abs_sub(&b),
            &Integer::from(&ra - &rb).max(Integer::new()),
            || what("abs_sub"),
        );
        check_eq(Signed::is_negative(&a), ra < 0, || {
            what("Signed::is_negative")
        });
        let e = rng.below(6) as u32;
        check(
            &num_traits::Pow::pow(a.clone(), e),
            &Integer::from((&ra).pow(e)),
            || what("Pow"),
        );
        check_eq(a.to_i64(), ra.to_i64(), || what("to_i64"));
        check_eq(a.to_u64(), ra.to_u64(), || what("to_u64"));
        check_eq(a.to_i128(), ra.to_i128(), || what("to_i128"));
        check_eq(a.to_u128(), ra.to_u128(), || what("to_u128"));
        check_eq(
            ToPrimitive::to_f64(&a).map(f64::to_bits),
            Some(f64_nearest(&ra).to_bits()),
            || what("ToPrimitive::to_f64"),
        );
        let p = rng.next_u64() as i64 >> rng.below(64);
        check_eq(
            Int::from_i64(p).map(|x| to_rug(&x)),
            Some(Integer::from(p)),
            || format!("from_i64({p})"),
        );
        let f = f64_nearest(&ra) * 0.75;
        check_eq(
            Int::from_f64(f).map(|x| to_rug(&x)),
            Integer::from_f64(f),
            || format!("from_f64({f:e})"),
        );
        let text = ra.to_string_radix(7);
        check_eq(
            <Int as Num>::from_str_radix(&text, 7)
                .ok()
                .map(|x| to_rug(&x)),
            Some(ra.clone()),
            || what("Num::from_str_radix"),
        );
        check_eq(
            a.checked_add(&b).map(|x| to_rug(&x)),
            Some(Integer::from(&ra + &rb)),
            || what("checked_add"),
        );
        check_eq(
            a.checked_sub(&b).map(|x| to_rug(&x)),
            Some(Integer::from(&ra - &rb)),
            || what("checked_sub"),
        );
        check_eq(
            CheckedMul::checked_mul(&a, &b).map(|x| to_rug(&x)),
            Some(Integer::from(&ra * &rb)),
            || what("checked_mul"),
        );
        check_eq(
            a.checked_neg().map(|x| to_rug(&x)),
            Some(Integer::from(-&ra)),
            || what("checked_neg"),
        );
        let some_if = |ok: bool, v: &dyn Fn() -> Integer| ok.then(v);
        let nz = rb != 0;
        check_eq(
            CheckedDiv::checked_div(&a, &b).map(|x| to_rug(&x)),
            some_if(nz, &|| ra.clone().div_rem(rb.clone()).0),
            || what("CheckedDiv"),
        );
        check_eq(
            CheckedRem::checked_rem(&a, &b).map(|x| to_rug(&x)),
            some_if(nz, &|| ra.clone().div_rem(rb.clone()).1),
            || what("CheckedRem"),
        );
        check_eq(
            a.checked_div_euclid(&b).map(|x| to_rug(&x)),
            some_if(nz, &|| ra.clone().div_rem_euc(rb.clone()).0),
            || what("checked_div_euclid"),
        );
        check_eq(
            a.checked_rem_euclid(&b).map(|x| to_rug(&x)),
            some_if(nz, &|| ra.clone().div_rem_euc(rb.clone()).1),
            || what("checked_rem_euclid"),
        );
        if nz {
            let (fq, fr) = ra.clone().div_rem_floor(rb.clone());
            let (eq, er) = ra.clone().div_rem_euc(rb.clone());
            check(&Euclid::div_euclid(&a, &b), &eq, || {
                what("Euclid::div_euclid")
            });
            check(&Euclid::rem_euclid(&a, &b), &er, || {
                what("Euclid::rem_euclid")
            });
            check(&a.div_floor(&b), &fq, || what("div_floor"));
            check(&a.mod_floor(&b), &fr, || what("mod_floor"));
            let (q, r) = a.div_mod_floor(&b);
            check(&q, &fq, || what("div_mod_floor quotient"));
            check(&r, &fr, || what("div_mod_floor remainder"));
            let (q, r) = num_integer::Integer::div_rem(&a, &b);
            let (tq, tr) = ra.clone().div_rem(rb.clone());
            check(&q, &tq, || what("Integer::div_rem quotient"));
            check(&r, &tr, || what("Integer::div_rem remainder"));
            check_eq(a.is_multiple_of(&b), ra.is_divisible(&rb), || {
                what("is_multiple_of")
            });
        }
        check(&a.gcd(&b), &Integer::from(ra.gcd_ref(&rb)), || what("gcd"));
        check(&a.lcm(&b), &Integer::from(ra.lcm_ref(&rb)), || what("lcm"));
        n += 30;
    }
    report("num_traits_impls", n);
}

#[cfg(feature = "serde")]
#[test]
fn serde_round_trips() {
    let mut rng = Rng::for_test("serde_round_trips");
    let mut n = 0u64;
    for _ in 0..cases(50_000) {
        let max = if rng.chance(1, 20) { MAX_LIMBS } else { 4 };
        let (a, ra) = pair(&mut rng, max);
        let json = serde_json::to_string(&a)
            .unwrap_or_else(|e| fail(&format!("serializing {}: {e}", hx(&ra))));
        check_eq(&json, &format!("\"{ra}\""), || {
            format!("JSON of {}", hx(&ra))
        });
        match serde_json::from_str::<Int>(&json) {
            Ok(b) => check(&b, &ra, || format!("JSON round trip of {}", hx(&ra))),
            Err(e) => fail(&format!("deserializing {json}: {e}")),
        }
        let mut cbor = Vec::new();
        ciborium::into_writer(&a, &mut cbor)
            .unwrap_or_else(|e| fail(&format!("CBOR of {}: {e}", hx(&ra))));
        let bytes: ciborium::Value =
            ciborium::from_reader(&cbor[..]).unwrap_or_else(|e| fail(&format!("{e}")));
        check_eq(bytes, ciborium::Value::Bytes(signed_bytes_le(&ra)), || {
            format!("CBOR of {}", hx(&ra))
        });
        match ciborium::from_reader::<Int, _>(&cbor[..]) {
            Ok(b) => check(&b, &ra, || format!("CBOR round trip of {}", hx(&ra))),
            Err(e) => fail(&format!("deserializing the CBOR of {}: {e}", hx(&ra))),
        }
        n += 4;
    }
    for bad in ["\"\"", "\"1 2\"", "\"0x10\"", "\"_1\"", "1.5", "null", "{}"] {
        check_eq(serde_json::from_str::<Int>(bad).is_err(), true, || {
            format!("JSON {bad} accepted")
        });
        n += 1;
    }
    report("serde_round_trips", n);
}

/// The test PRNG as a rand_core generator.
#[cfg(feature = "rand")]
struct CoreRng(Rng);

#[cfg(feature = "rand")]
impl rand_core::TryRng for CoreRng {
    type Error = std::convert::Infallible;

    fn try_next_u32(&mut self) -> Result<u32, Self::Error> {
        Ok(self.0.next_u64() as u32)
    }

    fn try_next_u64(&mut self) -> Result<u64, Self::Error> {
        Ok(self.0.next_u64())
    }

    fn try_fill_bytes(&mut self, dst: &mut [u8]) -> Result<(), Self::Error> {
        for chunk in dst.chunks_mut(8) {
            chunk.copy_from_slice(&self.0.next_u64().to_le_bytes()[..chunk.len()]);
        }
        Ok(())
    }
}

#[cfg(feature = "rand")]
#[test]
fn random_values() {
    let mut rng = CoreRng(Rng::for_test("random_values"));
    let mut n = 0u64;
    let mut top_bit_set = 0u64;
    let draws = cases(50_000);
    for _ in 0..draws {
        let bits = rng.0.below(64 * 12);
        let x = Int::random_bits(bits, &mut rng);
        let rx = to_rug(&x);
        check_eq(
            rx >= 0 && u64::from(rx.significant_bits()) <= bits,
            true,
            || format!("random_bits({bits}) gave {}", hx(&rx)),
        );
        top_bit_set += u64::from(bits > 0 && u64::from(rx.significant_bits()) == bits);
        let bound = nonzero(&mut rng.0, 6).abs();
        let y = Int::random_below(&to_int(&bound), &mut rng);
        let ry = to_rug(&y);
        check_eq(ry >= 0 && ry < bound, true, || {
            format!("random_below({}) gave {}", hx(&bound), hx(&ry))
        });
        n += 2;
    }
    // The top bit of random_bits is set about half the time.
    let share = top_bit_set as f64 / draws as f64;
    check_eq((0.3..0.7).contains(&share) || draws < 1000, true, || {
        format!("top bit set in {share} of draws")
    });
    for bound in [Int::from(0u8), Int::from(-5)] {
        let panicked =
            catch_unwind(AssertUnwindSafe(|| Int::random_below(&bound, &mut rng))).is_err();
        check_eq(panicked, true, || {
            format!("random_below({}) did not panic", to_rug(&bound))
        });
    }
    report("random_values", n);
}
