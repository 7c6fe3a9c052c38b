//! The engine against MPFR (through rug): constants and functions at 10 to 10,000 digits,
//! and random arguments at 200 digits, every printed digit compared.
//!
//! The reference is MPFR's value at `P` bits (correctly rounded to `P` bits), converted
//! exactly to a rational and rounded half to even to the places asked, at two precisions
//! `P` and `P + 64` with `P` at least 128 bits beyond the last place: the two agree unless
//! the true value lies within about `2^-128` (relatively) of a rounding boundary, which the
//! test reports rather than trusting either.

use super::functions::{exact_power, power, real_function, Arg};
use super::{decimal, Real, RealError, Result as RealResult};
use carry::Rational;
use rug::float::Constant;
use rug::ops::Pow;
use rug::{Float, Integer};
use std::cmp::Ordering;

/// Evaluates `f` at increasing precisions until its value rounds to `places` digits after
/// the point (Ziv's strategy). A ball too wide for the places asked is evaluated again with
/// the bits it lacks; one narrow enough that only straddles a rounding boundary, or an
/// [`RealError::Imprecise`] from `f`, with twice the precision, a few times: then
/// [`RealError::Imprecise`] (the value may lie exactly on the boundary, or at a point where
/// a function is undefined). The precision never passes `max_prec`.
fn approximate(
    f: &mut dyn FnMut(u64) -> RealResult<Real>,
    places: u64,
    max_prec: u64,
) -> RealResult<(Real, String)> {
    let mut prec = decimal::start_precision(places).min(max_prec);
    let mut doublings = 0;
    loop {
        let next = match f(prec) {
            Ok(x) => match decimal::to_decimal(&x, places) {
                Some(text) => return Ok((x, text)),
                None => {
                    let next = decimal::next_precision(&x, places, prec);
                    if next == 2 * prec {
                        doublings += 1;
                    }
                    next
                }
            },
            Err(RealError::Imprecise) => {
                doublings += 1;
                2 * prec
            }
            Err(e) => return Err(e),
        };
        if doublings > MAX_DOUBLINGS || prec >= max_prec {
            return Err(RealError::Imprecise);
        }
        prec = next.min(max_prec);
    }
}

/// How many times [`approximate`] doubles the precision for a value it cannot decide.
const MAX_DOUBLINGS: u32 = 5;

/// The evaluation of one function, for the reference.
type Mpfr = dyn Fn(&[Float], u32) -> Float;

/// `value` (exact) rounded half to even to `places` places, written as carry writes it.
fn rounded(value: &Float, places: u64) -> String {
    let q = value.to_rational().expect("finite");
    let scaled = q * Integer::from(Integer::u_pow_u(10, places as u32));
    let (num, den) = scaled.into_numer_denom();
    let (quot, rem) = num.div_rem_floor(den.clone());
    let q = match (rem * 2u32).cmp(&den) {
        Ordering::Greater => quot + 1u32,
        Ordering::Equal if quot.is_odd() => quot + 1u32,
        _ => quot,
    };
    let mut text = q.clone().abs().to_string();
    let places = places as usize;
    if text.len() <= places {
        text.insert_str(0, &"0".repeat(places + 1 - text.len()));
    }
    if places > 0 {
        text.insert(text.len() - places, '.');
    }
    if q < 0 {
        text.insert(0, '-');
    }
    text
}

/// MPFR's digits of `f(args)` at `places`, or `None` when two precisions disagree.
fn reference(f: &Mpfr, args: &[Rational], places: u64) -> Option<String> {
    let to_float = |bits: u32| -> Vec<Float> {
        args.iter()
            .map(|q| {
                let r: rug::Rational = q.to_string().parse().expect("a rational");
                Float::with_val(bits, r)
            })
            .collect()
    };
    let args_bits: u32 = args
        .iter()
        .map(|q| (q.numer().bits() + q.denom().bits()) as u32)
        .max()
        .unwrap_or(0);
    let rough = f(&to_float(64 + args_bits), 64 + args_bits);
    let magnitude = rough.get_exp().unwrap_or(0).max(0) as u32;
    let bits = (places as f64 * 3.33).ceil() as u32 + magnitude + args_bits + 128;
    let a = rounded(&f(&to_float(bits), bits), places);
    let b = rounded(&f(&to_float(bits + 64), bits + 64), places);
    (a == b).then_some(a)
}

/// carry's digits of the function called `name` at `args` (exact where the function says
/// so, else through Ziv's loop).
fn carry(name: &str, args: &[Rational], places: u64) -> Result<String, RealError> {
    let f = real_function(name).expect("a real function");
    if let Some(exact) = (f.exact)(args) {
        let q = exact.map_err(RealError::Domain)?;
        return Ok(q.to_decimal_string_rounded(places as usize, carry::Rounding::HalfEven));
    }
    let args: Vec<Arg> = args.iter().cloned().map(Arg::Exact).collect();
    approximate(&mut |prec| (f.approx)(&args, prec), places, 1 << 24).map(|(_, text)| text)
}

fn q(text: &str) -> Rational {
    text.parse().expect("a rational")
}

fn mpfr(name: &str) -> Box<Mpfr> {
    match name {
        "pi" => Box::new(|_, bits| Float::with_val(bits, Constant::Pi)),
        "e" => Box::new(|_, bits| Float::with_val(bits, 1).exp()),
        "sqrt" => Box::new(|a, _| a[0].clone().sqrt()),
        "cbrt" => Box::new(|a, _| a[0].clone().cbrt()),
        "root" => Box::new(|a, _| {
            let k = a[1].to_u32_saturating().expect("an index");
            a[0].clone().root(k)
        }),
        "exp" => Box::new(|a, _| a[0].clone().exp()),
        "log" | "ln" => Box::new(|a, _| {
            if a.len() == 2 {
                a[0].clone().ln() / a[1].clone().ln()
            } else {
                a[0].clone().ln()
            }
        }),
        "sin" => Box::new(|a, _| a[0].clone().sin()),
        "cos" => Box::new(|a, _| a[0].clone().cos()),
        "tan" => Box::new(|a, _| a[0].clone().tan()),
        "atan" => Box::new(|a, _| a[0].clone().atan()),
        "atan2" => Box::new(|a, _| a[0].clone().atan2(&a[1])),
        "pow" => Box::new(|a, _| a[0].clone().pow(&a[1])),
        _ => unreachable!("no reference for {name}"),
    }
}

/// carry against MPFR for one call; a message on a difference.
fn check(name: &str, args: &[Rational], places: u64) -> Result<(), String> {
    let ours = if name == "pow" {
        match exact_power(&args[0], &args[1]) {
            Some(r) => {
                r.map(|r| r.to_decimal_string_rounded(places as usize, carry::Rounding::HalfEven))
            }
            None => {
                let a = [Arg::Exact(args[0].clone()), Arg::Exact(args[1].clone())];
                approximate(&mut |prec| power(&a[0], &a[1], prec), places, 1 << 20)
                    .map(|(_, t)| t)
                    .map_err(|e| e.to_string())
            }
        }
    } else {
        carry(name, args, places).map_err(|e| e.to_string())
    };
    let theirs = reference(&*mpfr(name), args, places);
    let shown: Vec<String> = args.iter().map(|a| a.to_string()).collect();
    match (ours, theirs) {
        (Ok(a), Some(b)) if a == b => Ok(()),
        (_, None) => Err(format!(
            "{name}({}) at {places}: the reference is undecided",
            shown.join(", ")
        )),
        (a, Some(b)) => Err(format!(
            "{name}({}) at {places} places:\n carry {a:?}\n mpfr  {b}",
            shown.join(", ")
        )),
    }
}

#[test]
fn constants_and_functions_to_ten_thousand_digits() {
    let cases: &[(&str, &[&str])] = &[
        ("pi", &[]),
        ("e", &[]),
        ("sqrt", &["2"]),
        ("log", &["2"]),
        ("exp", &["1"]),
        ("sin", &["1"]),
    ];
    for places in [10, 100, 1000, 10_000] {
        for (name, args) in cases {
            let args: Vec<Rational> = args.iter().map(|a| q(a)).collect();
            check(name, &args, places).unwrap();
        }
    }
}

#[test]
fn exact_results_stay_exact() {
    let exact = |name: &str, args: &[&str]| {
        let args: Vec<Rational> = args.iter().map(|a| q(a)).collect();
        (real_function(name).unwrap().exact)(&args).map(|r| r.map(|r| r.to_string()))
    };
    assert_eq!(exact("sqrt", &["9/4"]), Some(Ok("3/2".into())));
    assert_eq!(exact("sqrt", &["2"]), None);
    assert_eq!(exact("cbrt", &["-27/8"]), Some(Ok("-3/2".into())));
    assert_eq!(exact("root", &["32", "5"]), Some(Ok("2".into())));
    assert_eq!(exact("root", &["1", "1000000"]), Some(Ok("1".into())));
    assert_eq!(exact("root", &["3", "1000000"]), None);
    assert_eq!(exact("exp", &["0"]), Some(Ok("1".into())));
    assert_eq!(exact("log", &["1"]), Some(Ok("0".into())));
    assert_eq!(exact("log", &["8", "2"]), Some(Ok("3".into())));
    assert_eq!(exact("log", &["4", "8"]), Some(Ok("2/3".into())));
    assert_eq!(exact("log", &["1/9", "27"]), Some(Ok("-2/3".into())));
    assert_eq!(exact("log", &["10", "2"]), None);
    assert_eq!(exact("sin", &["0"]), Some(Ok("0".into())));
    assert_eq!(exact("cos", &["0"]), Some(Ok("1".into())));
    assert_eq!(exact("atan2", &["0", "0"]), Some(Ok("0".into())));
    assert_eq!(exact("atan2", &["0", "-1"]), None);
    assert!(matches!(exact("log", &["0"]), Some(Err(_))));
    assert!(matches!(exact("log", &["-2"]), Some(Err(_))));
    assert!(matches!(exact("log", &["2", "1"]), Some(Err(_))));
    assert!(matches!(exact("sqrt", &["-2"]), Some(Err(_))));
    assert!(matches!(exact("root", &["-16", "4"]), Some(Err(_))));
    assert!(matches!(exact("root", &["2", "0"]), Some(Err(_))));
    assert_eq!(
        exact_power(&q("8"), &q("2/3")).map(|r| r.map(|r| r.to_string())),
        Some(Ok("4".into()))
    );
    assert_eq!(exact_power(&q("2"), &q("1/2")), None);
}

#[test]
fn domain_errors_are_typed() {
    let err = |name: &str, args: &[&str]| {
        let args: Vec<Arg> = args.iter().map(|a| Arg::Exact(q(a))).collect();
        (real_function(name).unwrap().approx)(&args, 100).unwrap_err()
    };
    assert!(matches!(err("log", &["-1"]), RealError::Domain(_)));
    assert!(matches!(err("sqrt", &["-1"]), RealError::Domain(_)));
    assert!(matches!(err("root", &["-1", "2"]), RealError::Domain(_)));
    assert!(matches!(err("log", &["2", "1"]), RealError::Domain(_)));
    assert!(matches!(err("exp", &["1e30"]), RealError::Range(_)));
}

#[test]
fn a_value_on_a_boundary_is_reported_not_guessed() {
    // sqrt(2)²/4 is exactly 1/2: at 0 places no precision decides between 0 and 1.
    let mut f = |prec: u64| {
        let s = super::roots::sqrt(&Real::from_int(2u32), prec)?;
        Ok(s.mul(&s, prec).mul_2exp(-2))
    };
    assert_eq!(
        approximate(&mut f, 0, 1 << 20).unwrap_err(),
        RealError::Imprecise
    );
    // At 5 places it is 0.50000 (every point of the ball rounds so).
    assert_eq!(approximate(&mut f, 5, 1 << 20).unwrap().1, "0.50000");
}

/// Arguments where the functions are hard: near the multiples of π/2, near 1 for `log`,
/// near the reduction boundaries, near squares, at the edges of the domains.
#[test]
fn hard_arguments() {
    let cases: &[(&str, &[&str])] = &[
        ("sin", &["355/113"]),
        ("cos", &["355/226"]),
        ("tan", &["355/226"]),
        ("sin", &["103993/33102"]),
        ("cos", &["1.5707963267948966"]),
        ("sin", &["3.141592653589793"]),
        ("sin", &["1e22"]),
        ("cos", &["1e22"]),
        ("sin", &["1267650600228229401496703205376"]),
        ("cos", &["-1152921504606846976"]),
        ("tan", &["1e300"]),
        ("sin", &["1e-40"]),
        ("cos", &["1e-40"]),
        ("log", &["1.0000000000000000000000000000000000000001"]),
        ("log", &["0.9999999999999999999999999999999999999999"]),
        ("log", &["3/4"]),
        ("log", &["3/2"]),
        ("log", &["1e-300"]),
        ("log", &["1e300"]),
        ("ln", &["2"]),
        ("log", &["1000000000000000000000000000001", "10"]),
        ("log", &["2", "4"]),
        ("log", &["3", "1/3"]),
        ("log", &["7", "0.5"]),
        ("exp", &["1e-40"]),
        ("exp", &["-1e-40"]),
        ("exp", &["0.693147180559945309417232121458"]),
        ("exp", &["1.386294361119890618834464242916"]),
        ("exp", &["2"]),
        ("exp", &["-2"]),
        ("exp", &["2.5"]),
        ("exp", &["700"]),
        ("exp", &["-700"]),
        ("exp", &["1/1024"]),
        ("atan", &["1"]),
        ("atan", &["-1"]),
        ("atan", &["0.999999999999999999999"]),
        ("atan", &["1.000000000000000000001"]),
        ("atan", &["1e30"]),
        ("atan", &["-1e-30"]),
        ("atan", &["1/4"]),
        ("atan2", &["1", "-1"]),
        ("atan2", &["-1", "-1"]),
        ("atan2", &["0", "-5"]),
        ("atan2", &["1e-30", "-1"]),
        ("atan2", &["-1e-30", "-1"]),
        ("atan2", &["5", "0"]),
        ("atan2", &["-5", "0"]),
        ("atan2", &["3", "3"]),
        ("sqrt", &["10000000000000000000000000000000000000001"]),
        ("sqrt", &["99999999999999999999999999999999999999999"]),
        ("sqrt", &["1e-601"]),
        ("cbrt", &["-2"]),
        ("cbrt", &["1e-31"]),
        ("root", &["2", "9"]),
        ("root", &["1e100", "12"]),
        ("root", &["-3", "11"]),
        ("pow", &["2", "0.5"]),
        ("pow", &["1e-30", "1/3"]),
        ("pow", &["10", "-2.5"]),
        ("pow", &["0.5", "100.5"]),
    ];
    for places in [0, 1, 30, 200] {
        for (name, args) in cases {
            let args: Vec<Rational> = args.iter().map(|a| q(a)).collect();
            check(name, &args, places).unwrap();
        }
    }
}

/// A small deterministic generator (SplitMix64), seeded from `CARRY_SEED` when set.
struct Rng(u64);

impl Rng {
    fn new() -> Rng {
        let seed = std::env::var("CARRY_SEED")
            .ok()
            .and_then(|s| s.parse().ok())
            .unwrap_or(0x5eed_1234_u64);
        eprintln!("random arguments from seed {seed} (CARRY_SEED to repeat)");
        Rng(seed)
    }

    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    /// A positive rational of one of several shapes, about 10^lo to 10^hi.
    fn positive(&mut self, lo: i32, hi: i32) -> Rational {
        match self.below(4) {
            // A short decimal: m·10^k.
            0 => {
                let m = 1 + self.below(1_000_000);
                let k = lo + self.below((hi - lo + 1) as u64) as i32 - 6;
                q(&format!("{m}e{k}"))
            }
            // A fraction of two random integers.
            1 => {
                let a = 1 + self.below(1 << 40);
                let b = 1 + self.below(1 << 40);
                let k = lo + self.below((hi - lo + 1) as u64) as i32;
                q(&format!("{a}/{b}")) * q(&format!("1e{k}"))
            }
            // A long decimal (30 digits).
            2 => {
                let m = format!(
                    "{}{:015}",
                    1 + self.below(999_999_999_999_999),
                    self.below(1 << 49)
                );
                let k = lo + self.below((hi - lo + 1) as u64) as i32 - 30;
                q(&format!("{m}e{k}"))
            }
            // A small integer or simple fraction.
            _ => {
                let a = 1 + self.below(100);
                let b = 1 + self.below(12);
                let x = q(&format!("{a}/{b}"));
                let k = lo.max(-2) + self.below((hi.min(2) - lo.max(-2) + 1) as u64) as i32;
                x * q(&format!("1e{k}"))
            }
        }
    }

    fn signed(&mut self, lo: i32, hi: i32) -> Rational {
        let x = self.positive(lo, hi);
        if self.below(2) == 0 {
            -x
        } else {
            x
        }
    }
}

/// A thousand random arguments per function, each result to 200 places against MPFR.
#[test]
fn random_arguments_at_200_digits() {
    let mut rng = Rng::new();
    let count: usize = std::env::var("CARRY_REAL_CASES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1000);
    let mut failures = Vec::new();
    let mut counts = Vec::new();
    let functions = [
        "sqrt", "cbrt", "root", "exp", "log", "ln", "sin", "cos", "tan", "atan", "atan2", "pow",
    ];
    for name in functions {
        for _ in 0..count {
            let args = match name {
                "sqrt" => vec![rng.positive(-30, 30)],
                "cbrt" => vec![rng.signed(-30, 30)],
                "root" => {
                    let k = 2 + rng.below(11);
                    let x = if k % 2 == 1 {
                        rng.signed(-30, 30)
                    } else {
                        rng.positive(-30, 30)
                    };
                    vec![x, Rational::from(carry::Int::from(k))]
                }
                "exp" => vec![rng.signed(-6, 2)],
                "log" if rng.below(2) == 0 => {
                    let mut b = rng.positive(-5, 5);
                    if b == Rational::ONE {
                        b = q("7");
                    }
                    vec![rng.positive(-30, 30), b]
                }
                "log" | "ln" => vec![rng.positive(-30, 30)],
                "sin" | "cos" | "tan" => {
                    let hi = if rng.below(10) == 0 { 30 } else { 6 };
                    vec![rng.signed(-6, hi)]
                }
                "atan" => vec![rng.signed(-20, 20)],
                "atan2" => {
                    let mut pair = vec![rng.signed(-10, 10), rng.signed(-10, 10)];
                    if rng.below(10) == 0 {
                        pair[rng.below(2) as usize] = Rational::ZERO;
                    }
                    pair
                }
                "pow" => {
                    let y = rng.signed(-3, 1);
                    vec![rng.positive(-5, 5), y]
                }
                _ => unreachable!(),
            };
            if let Err(message) = check(name, &args, 200) {
                failures.push(message);
            }
        }
        counts.push(format!("{name}: {count}"));
    }
    eprintln!("compared at 200 places: {}", counts.join(", "));
    assert!(
        failures.is_empty(),
        "{} differences:\n{}",
        failures.len(),
        failures[..failures.len().min(10)].join("\n")
    );
}

/// Timings of the speed table's computations in this process (`cargo test --release -p
/// carry-cli timings -- --ignored --nocapture`); the table itself times whole commands.
#[test]
#[ignore]
fn timings() {
    use std::time::Instant;
    let cases: &[(&str, &[&str], u64)] = &[
        ("pi", &[], 100_000),
        ("pi", &[], 1_000_000),
        ("exp", &["1"], 100_000),
        ("sqrt", &["2"], 100_000),
        ("log", &["2"], 100_000),
        ("sin", &["1"], 100_000),
        ("atan", &["1/3"], 100_000),
        ("exp", &["1/3"], 100_000),
    ];
    for (name, args, places) in cases {
        let f = real_function(name).unwrap();
        let args: Vec<Arg> = args.iter().map(|a| Arg::Exact(q(a))).collect();
        let start = Instant::now();
        let x = (f.approx)(&args, decimal::start_precision(*places)).unwrap();
        let computed = start.elapsed();
        let text = decimal::to_decimal(&x, *places).unwrap();
        eprintln!(
            "{name}({}) to {places} places: {:.3} s computing, {:.3} s printing ({}...)",
            args.len(),
            computed.as_secs_f64(),
            (start.elapsed() - computed).as_secs_f64(),
            &text[..12]
        );
    }
}
