//! Differential tests of `carry::Rational` against GMP's `mpq` (through `rug::Rational`):
//! arithmetic in every operator form, comparison, powers, rounding to integers and to decimal
//! places, exact `f64` conversion both ways, and parsing (values of generated strings against
//! a reference built on GMP integers; arbitrary strings never panic; accepted strings
//! round-trip).
//!
//! Seeded by `CARRY_SEED`, sized by `CARRY_SCALE` (see tests/common).

mod common;

use carry::{Int, ParseRationalErrorKind, Rational, Rounding};
use common::*;
use rug::ops::Pow;
use rug::Integer;
use std::panic::{catch_unwind, AssertUnwindSafe};

/// Largest numerator or denominator of the arithmetic tests, in limbs.
const MAX_LIMBS: usize = 12;

type Mpq = rug::Rational;

/// A random rational as a carry/GMP pair: numerator and denominator from the shared
/// generators, sometimes an integer, sometimes with a large common factor to cancel.
fn rational(rng: &mut Rng, max_limbs: usize) -> (Rational, Mpq) {
    let mut n = integer(rng, max_limbs);
    let mut d = match rng.below(5) {
        0 => Integer::from(1),
        1 => Integer::from(rng.range(1, 1000)) * if rng.bool() { 1 } else { -1 },
        _ => nonzero(rng, max_limbs),
    };
    if rng.chance(1, 4) {
        let g = nonzero(rng, 2);
        n *= &g;
        d *= &g;
    }
    let x = Rational::new(to_int(&n), to_int(&d));
    (x, Mpq::from((n, d)))
}

fn q(x: &Mpq) -> String {
    format!("{x}")
}

/// Checks that `got` equals `want` and is normalised.
#[track_caller]
fn check_q(got: &Rational, want: &Mpq, what: impl FnOnce() -> String) {
    let (n, d) = (to_rug(got.numer()), to_rug(got.denom()));
    let normal = d > 0 && Integer::from(n.gcd_ref(&d)) == 1;
    if !normal || n != *want.numer() || d != *want.denom() {
        fail(&format!(
            "{}\n  got  {n}/{d}{}\n  want {want}",
            what(),
            if normal { "" } else { " (not normalised)" }
        ));
    }
}

/// Checks `$a $op $b` for every form of the operands against `$want`.
macro_rules! forms {
    ($a:expr, $b:expr, $op:tt, $opa:tt, $want:expr, $what:expr) => {{
        let (a, b, want, what) = ($a, $b, $want, $what);
        let tag = |form: &str| format!("{form}: {}", what());
        check_q(&(a $op b), want, || tag("&a op &b"));
        check_q(&(a.clone() $op b), want, || tag("a op &b"));
        check_q(&(a $op b.clone()), want, || tag("&a op b"));
        check_q(&(a.clone() $op b.clone()), want, || tag("a op b"));
        let mut x = a.clone();
        x $opa b;
        check_q(&x, want, || tag("a op= &b"));
        let mut x = a.clone();
        x $opa b.clone();
        check_q(&x, want, || tag("a op= b"));
    }};
}

#[test]
fn construction_is_normalised() {
    let mut rng = Rng::for_test("construction_is_normalised");
    let mut n = 0;
    for _ in 0..cases(20_000) {
        let (x, rx) = rational(&mut rng, MAX_LIMBS);
        check_q(&x, &rx, || format!("new: {}", q(&rx)));
        let (num, den) = (to_int(rx.numer()), to_int(rx.denom()));
        check_q(&Rational::checked_new(num, den).unwrap(), &rx, || {
            format!("checked_new: {}", q(&rx))
        });
        n += 2;
    }
    assert!(Rational::checked_new(Int::from(5), Int::ZERO).is_none());
    assert!(catch_unwind(|| Rational::new(Int::from(5), Int::ZERO)).is_err());
    report("construction_is_normalised", n);
}

#[test]
fn arithmetic() {
    let mut rng = Rng::for_test("arithmetic");
    let mut n = 0;
    for _ in 0..cases(8_000) {
        let (a, ra) = rational(&mut rng, MAX_LIMBS);
        let (b, rb) = if rng.chance(1, 8) {
            (a.clone(), ra.clone())
        } else {
            rational(&mut rng, MAX_LIMBS)
        };
        let what = |op: &str| format!("{} {op} {}", q(&ra), q(&rb));
        forms!(&a, &b, +, +=, &Mpq::from(&ra + &rb), || what("+"));
        forms!(&a, &b, -, -=, &Mpq::from(&ra - &rb), || what("-"));
        forms!(&a, &b, *, *=, &Mpq::from(&ra * &rb), || what("*"));
        if rb != 0 {
            let want = Mpq::from(&ra / &rb);
            forms!(&a, &b, /, /=, &want, || what("/"));
            check_q(&a.checked_div(&b).unwrap(), &want, || what("checked_div"));
        } else {
            check_eq(a.checked_div(&b).is_none(), true, || what("checked_div"));
        }
        check_q(&-&a, &Mpq::from(-&ra), || format!("-{}", q(&ra)));
        check_q(&a.abs(), &Mpq::from(ra.abs_ref()), || {
            format!("abs {}", q(&ra))
        });
        if ra != 0 {
            check_q(&a.recip(), &Mpq::from(ra.recip_ref()), || {
                format!("recip {}", q(&ra))
            });
        }
        n += 7;
    }
    report("arithmetic", n);
}

#[test]
fn arithmetic_with_integers() {
    let mut rng = Rng::for_test("arithmetic_with_integers");
    let mut n = 0;
    for _ in 0..cases(8_000) {
        let (a, ra) = rational(&mut rng, MAX_LIMBS);
        let (b, rb) = pair(&mut rng, MAX_LIMBS);
        let p = i64::random(&mut rng);
        let (rp, rbq) = (Mpq::from(p), Mpq::from(&rb));
        let what = |op: &str, y: &dyn std::fmt::Display| format!("{} {op} {y}", q(&ra));
        forms!(&a, &b, +, +=, &Mpq::from(&ra + &rbq), || what("+", &rb));
        forms!(&a, &b, -, -=, &Mpq::from(&ra - &rbq), || what("-", &rb));
        forms!(&a, &b, *, *=, &Mpq::from(&ra * &rbq), || what("*", &rb));
        check_q(&(&b - &a), &Mpq::from(&rbq - &ra), || what("Int -", &rb));
        check_q(&(b.clone() * a.clone()), &Mpq::from(&rbq * &ra), || {
            what("Int *", &rb)
        });
        check_q(&(&a + p), &Mpq::from(&ra + &rp), || what("+", &p));
        check_q(&(p - &a), &Mpq::from(&rp - &ra), || what("prim -", &p));
        let mut x = a.clone();
        x *= p;
        check_q(&x, &Mpq::from(&ra * &rp), || what("*=", &p));
        if rb != 0 {
            forms!(&a, &b, /, /=, &Mpq::from(&ra / &rbq), || what("/", &rb));
        }
        if p != 0 {
            check_q(&(a.clone() / p), &Mpq::from(&ra / &rp), || what("/", &p));
        }
        if ra != 0 {
            check_q(&(&b / &a), &Mpq::from(&rbq / &ra), || what("Int /", &rb));
        }
        n += 11;
    }
    report("arithmetic_with_integers", n);
}

#[test]
fn division_by_zero_panics() {
    let a: Rational = "3/4".parse().unwrap();
    let z = Rational::ZERO;
    assert!(catch_unwind(|| &a / &z).is_err());
    assert!(catch_unwind(|| a.clone() / 0u8).is_err());
    assert!(catch_unwind(|| &a / Int::ZERO).is_err());
    assert!(catch_unwind(AssertUnwindSafe(|| {
        let mut x = a.clone();
        x /= &z;
    }))
    .is_err());
    assert!(catch_unwind(|| z.recip()).is_err());
    assert!(catch_unwind(|| z.pow(-1)).is_err());
    assert!(z.checked_recip().is_none());
    assert_eq!(z.pow(0), Rational::ONE);
}

#[test]
fn comparison_and_hash() {
    use std::collections::hash_map::DefaultHasher;
    use std::hash::{Hash, Hasher};
    let hash = |x: &Rational| {
        let mut h = DefaultHasher::new();
        x.hash(&mut h);
        h.finish()
    };
    let mut rng = Rng::for_test("comparison_and_hash");
    let mut n = 0;
    for _ in 0..cases(20_000) {
        let (a, ra) = rational(&mut rng, MAX_LIMBS);
        let (b, rb) = match rng.below(3) {
            0 => (-&a, Mpq::from(-&ra)),
            1 => {
                // The same value built from other parts.
                let k = nonzero(&mut rng, 2);
                let (num, den) = (
                    to_int(&(Integer::from(ra.numer() * &k))),
                    to_int(&(Integer::from(ra.denom() * &k))),
                );
                (Rational::new(num, den), ra.clone())
            }
            _ => rational(&mut rng, MAX_LIMBS),
        };
        let what = || format!("cmp {} {}", q(&ra), q(&rb));
        check_eq(a.cmp(&b), ra.cmp(&rb), what);
        check_eq(a == b, ra == rb, what);
        if a == b {
            check_eq(hash(&a), hash(&b), what);
        }
        let (i, ri) = pair(&mut rng, 2);
        check_eq(a.partial_cmp(&i), ra.partial_cmp(&ri), || {
            format!("cmp {} {ri}", q(&ra))
        });
        n += 3;
    }
    report("comparison_and_hash", n);
}

#[test]
fn powers() {
    let mut rng = Rng::for_test("powers");
    let mut n = 0;
    for _ in 0..cases(4_000) {
        let (a, ra) = rational(&mut rng, 3);
        let e = rng.range(0, 40) as i32 - 20;
        if ra == 0 && e < 0 {
            continue;
        }
        check_q(&a.pow(e), &Mpq::from((&ra).pow(e)), || {
            format!("({})^{e}", q(&ra))
        });
        n += 1;
    }
    report("powers", n);
}

/// GMP reference of rounding `n / d` (d > 0) by `mode`.
fn round_ref(n: &Integer, d: &Integer, mode: Rounding) -> Integer {
    let (fl, r) = n.clone().div_rem_floor(d.clone());
    if r == 0 {
        return fl;
    }
    let ce = Integer::from(&fl + 1);
    let twice = Integer::from(&r * 2);
    let negative = *n < 0;
    let (toward_zero, away) = if negative {
        (ce.clone(), fl.clone())
    } else {
        (fl.clone(), ce.clone())
    };
    match mode {
        Rounding::Floor => fl,
        Rounding::Ceiling => ce,
        Rounding::TowardZero => toward_zero,
        Rounding::AwayFromZero => away,
        _ => match twice.cmp(d) {
            std::cmp::Ordering::Less => fl,
            std::cmp::Ordering::Greater => ce,
            std::cmp::Ordering::Equal => match mode {
                Rounding::HalfUp => away,
                Rounding::HalfDown => toward_zero,
                _ => {
                    if fl.is_even() {
                        fl
                    } else {
                        ce
                    }
                }
            },
        },
    }
}

const MODES: [Rounding; 7] = [
    Rounding::TowardZero,
    Rounding::AwayFromZero,
    Rounding::Floor,
    Rounding::Ceiling,
    Rounding::HalfUp,
    Rounding::HalfDown,
    Rounding::HalfEven,
];

/// A rational that is often an exact half-integer, or a tie at some decimal place.
fn rounding_operand(rng: &mut Rng) -> (Rational, Mpq) {
    match rng.below(3) {
        0 => {
            let k = Integer::from(rng.range(0, 100)) - 50;
            let rx = Mpq::from((k * 2 + 1, 2 * Integer::from(10).pow(rng.below(4) as u32)));
            let x = Rational::new(to_int(rx.numer()), to_int(rx.denom()));
            (x, rx)
        }
        _ => rational(rng, 4),
    }
}

#[test]
fn rounding_to_integers() {
    let mut rng = Rng::for_test("rounding_to_integers");
    let mut n = 0;
    for _ in 0..cases(20_000) {
        let (x, rx) = rounding_operand(&mut rng);
        let (num, den) = (rx.numer(), rx.denom());
        let what = |f: &str| format!("{f}({})", q(&rx));
        check(&x.floor(), &round_ref(num, den, Rounding::Floor), || {
            what("floor")
        });
        check(&x.ceil(), &round_ref(num, den, Rounding::Ceiling), || {
            what("ceil")
        });
        check(
            &x.trunc(),
            &round_ref(num, den, Rounding::TowardZero),
            || what("trunc"),
        );
        check(&x.round(), &round_ref(num, den, Rounding::HalfEven), || {
            what("round")
        });
        for mode in MODES {
            check(&x.round_with(mode), &round_ref(num, den, mode), || {
                what(&format!("{mode:?}"))
            });
        }
        n += 11;
    }
    report("rounding_to_integers", n);
}

/// `q / 10^places` written with exactly `places` decimals, through GMP's decimal digits.
fn decimal_ref(q: &Integer, places: usize) -> String {
    let digits = format!("{:0>width$}", q.clone().abs(), width = places + 1);
    let sign = if *q < 0 { "-" } else { "" };
    if places == 0 {
        return format!("{sign}{digits}");
    }
    let (int, frac) = digits.split_at(digits.len() - places);
    format!("{sign}{int}.{frac}")
}

#[test]
fn decimal_strings() {
    let mut rng = Rng::for_test("decimal_strings");
    let mut n = 0;
    for _ in 0..cases(10_000) {
        let (x, rx) = if rng.bool() {
            // A terminating expansion: numerator over 2^a·5^b.
            let d = Integer::from(2).pow(rng.below(70) as u32)
                * Integer::from(5).pow(rng.below(40) as u32);
            let rx = Mpq::from((integer(&mut rng, 2), d));
            (Rational::new(to_int(rx.numer()), to_int(rx.denom())), rx)
        } else {
            rounding_operand(&mut rng)
        };
        let places = rng.below(30) as usize;
        let mode = *rng.pick(&MODES);
        let scaled = Mpq::from(&rx * Integer::from(10).pow(places as u32));
        let want = decimal_ref(&round_ref(scaled.numer(), scaled.denom(), mode), places);
        check_eq(x.to_decimal_string_rounded(places, mode), want, || {
            format!("{} to {places} places {mode:?}", q(&rx))
        });
        // Exact expansion: present exactly for denominators 2^a·5^b, equal in value, and
        // without trailing zeros.
        let mut rest = rx.denom().clone();
        for p in [2u32, 5] {
            while rest.is_divisible_u(p) {
                rest /= p;
            }
        }
        let exact = x.to_decimal_string();
        check_eq(exact.is_some(), rest == 1, || {
            format!("terminates? {}", q(&rx))
        });
        if let Some(s) = exact {
            let places = s.split_once('.').map_or(0, |(_, f)| f.len());
            let scaled = Mpq::from(&rx * Integer::from(10).pow(places as u32));
            check_eq(
                (
                    s.ends_with('0') && places > 0,
                    decimal_ref(scaled.numer(), places),
                ),
                (false, s.clone()),
                || format!("to_decimal_string {}", q(&rx)),
            );
        }
        n += 2;
    }
    report("decimal_strings", n);
}

/// Whether `f` is the f64 nearest to `x` (ties to even), `x` within the finite range.
fn is_nearest(f: f64, x: &Mpq) -> bool {
    let exact = Mpq::from_f64(f).expect("finite");
    let err = Mpq::from(&exact - x).abs();
    // The floats on either side of f: one step up and down in magnitude, with f's sign.
    let a = f.abs().to_bits();
    let sign = f.to_bits() & (1 << 63);
    let neighbours = [a + 1, a.saturating_sub(1)].map(|b| f64::from_bits(b | sign));
    neighbours.iter().all(|&g| {
        if !g.is_finite() {
            return true;
        }
        let other = Mpq::from(Mpq::from_f64(g).unwrap() - x).abs();
        err < other || (err == other && f.to_bits() & 1 == 0)
    })
}

#[test]
fn to_f64_is_correctly_rounded() {
    let mut rng = Rng::for_test("to_f64_is_correctly_rounded");
    let max = Mpq::from_f64(f64::MAX).unwrap();
    // Halfway between f64::MAX and 2^1024: the smallest magnitude that rounds to infinity.
    let overflow = Mpq::from(&max + Mpq::from_f64(f64::MAX).unwrap() / Integer::from(2).pow(54));
    let mut n = 0;
    for _ in 0..cases(30_000) {
        let (x, rx) = match rng.below(4) {
            0 => rational(&mut rng, 20),
            1 => {
                // Halfway between two floats, or a hair off it.
                let f = f64::from_bits(rng.next_u64() >> 1);
                let g = f64::from_bits(f.to_bits() + 1);
                if !g.is_finite() {
                    continue;
                }
                let mid = Mpq::from(Mpq::from_f64(f).unwrap() + Mpq::from_f64(g).unwrap()) / 2;
                let tweak = Mpq::from((Integer::from(rng.below(3)) - 1, Integer::from(1) << 1200));
                let rx = Mpq::from(mid + tweak);
                (Rational::new(to_int(rx.numer()), to_int(rx.denom())), rx)
            }
            _ => {
                // A small-exponent value: quotient of numbers of similar size near subnormals.
                let rx = Mpq::from((
                    integer(&mut rng, 2),
                    Integer::from(1) << rng.range(1000, 1140) as u32,
                ));
                (Rational::new(to_int(rx.numer()), to_int(rx.denom())), rx)
            }
        };
        let f = x.to_f64();
        let what = || format!("to_f64 {} = {f:e}", q(&rx));
        if rx.clone().abs() >= overflow {
            check_eq(f.is_infinite() && (f < 0.0) == (rx < 0), true, what);
        } else {
            check_eq(f.is_finite() && is_nearest(f, &rx), true, what);
        }
        n += 1;
    }
    report("to_f64_is_correctly_rounded", n);
}

#[test]
fn f64_round_trips() {
    let mut rng = Rng::for_test("f64_round_trips");
    let mut n = 0;
    for _ in 0..cases(50_000) {
        let f = f64::from_bits(match rng.below(4) {
            0 => rng.next_u64() & 0x800f_ffff_ffff_ffff,
            _ => rng.next_u64(),
        });
        match Rational::try_from(f) {
            Err(_) => check_eq(f.is_finite(), false, || format!("try_from {f:e}")),
            Ok(x) => {
                let rx = Mpq::from_f64(f).unwrap();
                check_q(&x, &rx, || format!("try_from {f:e}"));
                let back = x.to_f64();
                check_eq(back == f && (f != 0.0 || back.to_bits() == 0), true, || {
                    format!("round trip {f:e} -> {back:e}")
                });
            }
        }
        n += 1;
    }
    report("f64_round_trips", n);
}

/// A decimal literal and its value by a GMP reference: sign, integer digits, fraction
/// digits and an exponent, each optional where the grammar allows.
fn decimal_literal(rng: &mut Rng) -> (String, Mpq) {
    let digits = |rng: &mut Rng, max: u64| -> String {
        (0..rng.below(max))
            .map(|_| char::from(b'0' + rng.below(10) as u8))
            .collect()
    };
    let sign = *rng.pick(&["", "+", "-"]);
    let (int, frac, dot) = loop {
        let (int, frac) = (digits(rng, 30), digits(rng, 30));
        if !(int.is_empty() && frac.is_empty()) {
            break (int, frac.clone(), !frac.is_empty() || rng.bool());
        }
    };
    let exp: i64 = if rng.bool() {
        rng.range(0, 600) as i64 - 300
    } else {
        0
    };
    let mut s = format!("{sign}{int}");
    if dot {
        s.push('.');
        s.push_str(&frac);
    }
    let frac = if dot { frac } else { String::new() };
    if exp != 0 || rng.chance(1, 4) {
        let marker = *rng.pick(&["e", "E"]);
        let esign = if exp < 0 { "-" } else { *rng.pick(&["", "+"]) };
        s.push_str(&format!("{marker}{esign}{}", exp.abs()));
    }
    let mantissa = Integer::from_str_radix(&format!("0{int}{frac}"), 10).unwrap();
    let scale = exp - frac.len() as i64;
    let ten = Integer::from(10).pow(scale.unsigned_abs() as u32);
    let mut value = if scale >= 0 {
        Mpq::from(mantissa * ten)
    } else {
        Mpq::from((mantissa, ten))
    };
    if sign == "-" {
        value = -value;
    }
    (s, value)
}

#[test]
fn parse_values() {
    let mut rng = Rng::for_test("parse_values");
    let mut n = 0;
    for _ in 0..cases(20_000) {
        let (s, want) = if rng.bool() {
            decimal_literal(&mut rng)
        } else {
            let (num, den) = (integer(&mut rng, 4).abs(), nonzero(&mut rng, 4).abs());
            let sign = *rng.pick(&["", "+", "-"]);
            let s = format!("{sign}{num}/{den}");
            let v = Mpq::from((num, den));
            (s, if sign == "-" { -v } else { v })
        };
        match s.parse::<Rational>() {
            Ok(x) => check_q(&x, &want, || format!("parse {s:?}")),
            Err(e) => fail(&format!("parse {s:?}: {e}")),
        }
        n += 1;
    }
    report("parse_values", n);
}

#[test]
fn parse_errors() {
    use ParseRationalErrorKind::*;
    let cases: &[(&str, ParseRationalErrorKind, usize)] = &[
        ("", Empty, 0),
        ("+", NoDigits, 1),
        ("-", NoDigits, 1),
        (".", NoDigits, 0),
        ("-.", NoDigits, 1),
        ("e5", InvalidDigit('e'), 0),
        (".e5", NoDigits, 0),
        ("1e", NoDigits, 2),
        ("1e+", NoDigits, 3),
        ("1.5.", InvalidDigit('.'), 3),
        ("1/", NoDigits, 2),
        ("1/0", ZeroDenominator, 2),
        ("1/000", ZeroDenominator, 2),
        ("1/-2", InvalidDigit('-'), 2),
        ("/2", InvalidDigit('/'), 0),
        ("1/2/3", InvalidDigit('/'), 3),
        ("1/2e3", InvalidDigit('e'), 3),
        ("1.5/2", InvalidDigit('/'), 3),
        (" 1", InvalidDigit(' '), 0),
        ("1 ", InvalidDigit(' '), 1),
        ("1__000", MisplacedUnderscore, 1),
        ("--1", InvalidDigit('-'), 1),
        ("1é", InvalidDigit('é'), 1),
        ("1e1000001", ExponentTooLarge, 2),
        ("1e-999999999999", ExponentTooLarge, 3),
        ("1e999999999999999999999999999999", ExponentTooLarge, 2),
    ];
    for &(s, kind, position) in cases {
        match s.parse::<Rational>() {
            Ok(x) => fail(&format!("{s:?} parsed as {x}")),
            Err(e) => check_eq((e.kind(), e.position()), (kind, position), || {
                format!("{s:?}: {e}")
            }),
        }
    }
    assert_eq!(
        "1e1000000".parse::<Rational>().unwrap().numer().bits(),
        3_321_929
    );
}

/// Characters that make up most of the arbitrary strings: the grammar's own, and others.
const ALPHABET: &[char] = &[
    '0', '1', '5', '9', '0', '.', '.', '/', '/', 'e', 'E', '+', '-', ' ', '_', 'x', 'é', '٣',
];

#[test]
fn arbitrary_strings_never_panic_and_round_trip() {
    let mut rng = Rng::for_test("arbitrary_strings_never_panic_and_round_trip");
    let mut n = 0;
    let mut accepted = 0;
    for _ in 0..cases(100_000) {
        let max = if rng.chance(1, 8) { 40 } else { 10 };
        let len = rng.below(max);
        let s: String = (0..len)
            .map(|_| match rng.below(6) {
                0 => char::from_u32(rng.below(0x11_0000) as u32).unwrap_or('?'),
                _ => *rng.pick(ALPHABET),
            })
            .collect();
        let parsed = catch_unwind(|| s.parse::<Rational>());
        let Ok(parsed) = parsed else {
            fail(&format!("parse panicked on {s:?}"));
        };
        match parsed {
            Ok(x) => {
                accepted += 1;
                let back: Rational = x.to_string().parse().unwrap();
                check_eq(&back, &x, || format!("round trip of {s:?} through {x}"));
                if let Some(d) = x.to_decimal_string() {
                    check_eq(&d.parse::<Rational>().unwrap(), &x, || {
                        format!("decimal round trip of {s:?}")
                    });
                }
            }
            Err(e) => {
                check_eq(
                    e.position() <= s.len() && s.is_char_boundary(e.position()),
                    true,
                    || format!("error position of {s:?}: {e}"),
                );
            }
        }
        n += 1;
    }
    assert!(accepted > n / 50, "only {accepted} of {n} strings parsed");
    report("arbitrary_strings_never_panic_and_round_trip", n);
}

#[test]
fn display_round_trips() {
    let mut rng = Rng::for_test("display_round_trips");
    let mut n = 0;
    for _ in 0..cases(10_000) {
        let (x, rx) = rational(&mut rng, MAX_LIMBS);
        check_eq(x.to_string(), q(&rx), || format!("display {}", q(&rx)));
        check_q(&x.to_string().parse().unwrap(), &rx, || {
            format!("parse {}", q(&rx))
        });
        n += 2;
    }
    report("display_round_trips", n);
}

#[test]
fn parsing_accepts_underscores_between_digits_as_int_does() {
    use carry::ParseRationalErrorKind as Kind;
    let value = |s: &str| s.parse::<Rational>().map(|r| r.to_string());
    for (with, without) in [
        ("1_000", "1000"),
        ("-1_2/3_4", "-12/34"),
        ("1_0.2_5", "10.25"),
        (".5_5", ".55"),
        ("5_5.", "55."),
        ("1.5e1_0", "1.5e10"),
        ("2_5e-0_2", "25e-2"),
        ("+9_9_9", "+999"),
    ] {
        assert_eq!(value(with), value(without), "{with}");
    }
    // Where Int accepts underscores, Rational gives the same integer.
    for s in ["1_2", "-3_000_000_000_000_000_000_000", "0_0"] {
        let i: Int = s.parse().unwrap();
        assert_eq!(s.parse::<Rational>().unwrap(), Rational::from(i), "{s}");
    }
    for (s, at) in [
        ("_1", 0),
        ("1_", 1),
        ("1__0", 1),
        ("1_.5", 1),
        ("1._5", 2),
        ("1/_2", 2),
        ("1e_5", 2),
        ("-_1", 1),
        ("1_/2", 1),
    ] {
        let err = s.parse::<Rational>().unwrap_err();
        assert_eq!(
            (err.kind(), err.position()),
            (Kind::MisplacedUnderscore, at),
            "{s}"
        );
        assert!(s.parse::<Int>().is_err(), "{s}");
    }
}
