//! The arithmetic both syntaxes share: operators and functions on exact rationals, each
//! refusing a result estimated above the size limit before computing it, and checking for
//! an interrupt between steps.

use carry::{Int, Rational};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// What every evaluation needs to know.
#[derive(Clone, Debug)]
pub struct Context {
    /// `--digits N`: decimal places for non-integer results and for `sqrt` approximations.
    pub digits: Option<usize>,
    /// `--max-bits`: results estimated above this size are refused.
    pub max_bits: u64,
    /// Set (by Ctrl-C) to abandon the computation.
    pub cancel: Arc<AtomicBool>,
}

impl Context {
    pub fn new(digits: Option<usize>, max_bits: u64) -> Context {
        Context {
            digits,
            max_bits,
            cancel: Arc::new(AtomicBool::new(false)),
        }
    }

    /// An error once the computation has been interrupted.
    pub fn check_cancel(&self) -> Result<(), String> {
        if self.cancel.load(Ordering::Relaxed) {
            Err("interrupted".into())
        } else {
            Ok(())
        }
    }

    /// An error when a result of about `bits` bits exceeds the limit.
    pub fn guard(&self, bits: f64) -> Result<(), String> {
        if bits > self.max_bits as f64 {
            let shown = if bits < 1e15 {
                format!("{bits:.0}")
            } else {
                format!("{bits:.2e}")
            };
            return Err(format!(
                "result too large: about {shown} bits (the limit is {}; see --max-bits)",
                self.max_bits
            ));
        }
        Ok(())
    }
}

/// Bits of the numerator and denominator together.
pub fn size(x: &Rational) -> f64 {
    (x.numer().bits() + x.denom().bits()) as f64
}

/// `log2 |x|`, close enough for size estimates (`x != 0`).
fn log2(x: &Int) -> f64 {
    let bits = x.bits();
    if bits < 1000 {
        x.to_f64().abs().log2()
    } else {
        bits as f64
    }
}

/// The value as an integer, or an error naming what needed one.
pub fn integer<'a>(x: &'a Rational, what: &str) -> Result<&'a Int, String> {
    if x.is_integer() {
        Ok(x.numer())
    } else {
        Err(format!("{what} needs an integer, not {x}"))
    }
}

/// The value as a `u64`, or an error.
fn small(x: &Rational, what: &str) -> Result<u64, String> {
    let n = integer(x, what)?;
    if n.is_negative() {
        return Err(format!("{what} needs a non-negative integer, not {n}"));
    }
    u64::try_from(n).map_err(|_| format!("{what} of {n} is far too large"))
}

/// A binary operator: `+ - * / % ^`.
pub fn binary(op: char, a: &Rational, b: &Rational, cx: &Context) -> Result<Rational, String> {
    cx.check_cancel()?;
    match op {
        '+' | '-' => {
            cx.guard(size(a) + size(b) + 1.0)?;
            Ok(if op == '+' { a + b } else { a - b })
        }
        '*' => {
            cx.guard(size(a) + size(b))?;
            Ok(a * b)
        }
        '/' => {
            cx.guard(size(a) + size(b))?;
            a.checked_div(b)
                .ok_or_else(|| "division by zero".to_string())
        }
        '%' => remainder(a, b, cx),
        '^' => power(a, b, cx),
        _ => unreachable!("not an operator: {op}"),
    }
}

/// `a - b·trunc(a/b)`: the remainder with the sign of `a`, as Rust's `%` on integers.
fn remainder(a: &Rational, b: &Rational, cx: &Context) -> Result<Rational, String> {
    cx.guard(2.0 * (size(a) + size(b)))?;
    let q = a.checked_div(b).ok_or("division by zero")?;
    Ok(a - b * q.trunc())
}

/// `a^b` for an integer exponent `b` (negative exponents give reciprocals).
pub fn power(a: &Rational, b: &Rational, cx: &Context) -> Result<Rational, String> {
    let e = integer(b, "an exponent")?;
    if a.is_zero() && e.is_negative() {
        return Err("zero to a negative power".into());
    }
    // 0, 1 and -1 stay small for any exponent.
    if a.is_zero() || a.numer().abs() == 1 && a.is_integer() {
        return Ok(if e.is_zero() || (a.is_negative() && e.is_even()) {
            Rational::ONE
        } else {
            a.clone()
        });
    }
    let estimate = (log2(a.numer()) + log2(a.denom())) * e.to_f64().abs();
    cx.guard(estimate)?;
    let e = i32::try_from(e).map_err(|_| format!("exponent {e} is too large"))?;
    Ok(a.pow(e))
}

/// One function of the calculator (also a word of `--rpn`).
#[derive(Debug)]
pub struct Function {
    pub name: &'static str,
    pub arity: usize,
    /// How it is called, for `--help`: `gcd(a, b)`.
    pub signature: &'static str,
    pub help: &'static str,
    pub run: fn(&[Rational], &Context) -> Result<Rational, String>,
}

/// Every function, in the order `--help` lists them.
pub const FUNCTIONS: &[Function] = &[
    Function {
        name: "sqrt",
        arity: 1,
        signature: "sqrt(x)",
        help: "exact square root of a square rational; else needs --digits N",
        run: sqrt,
    },
    Function {
        name: "isqrt",
        arity: 1,
        signature: "isqrt(n)",
        help: "integer square root, rounded down",
        run: |a, _| {
            Ok(a[0]
                .floor()
                .checked_sqrt()
                .ok_or("isqrt of a negative number")?
                .into())
        },
    },
    Function {
        name: "gcd",
        arity: 2,
        signature: "gcd(a, b)",
        help: "greatest common divisor (non-negative)",
        run: |a, _| Ok(integer(&a[0], "gcd")?.gcd(integer(&a[1], "gcd")?).into()),
    },
    Function {
        name: "lcm",
        arity: 2,
        signature: "lcm(a, b)",
        help: "least common multiple (non-negative)",
        run: |a, _| Ok(integer(&a[0], "lcm")?.lcm(integer(&a[1], "lcm")?).into()),
    },
    Function {
        name: "powmod",
        arity: 3,
        signature: "powmod(b, e, m)",
        help: "b^e mod m, in [0, |m|); a negative e inverts b first",
        run: powmod,
    },
    Function {
        name: "invmod",
        arity: 2,
        signature: "invmod(a, m)",
        help: "the inverse of a modulo m, in [0, |m|)",
        run: |a, _| {
            let (x, m) = (integer(&a[0], "invmod")?, integer(&a[1], "invmod")?);
            let inverse = x
                .modinv(m)
                .ok_or_else(|| format!("{x} has no inverse modulo {m}"))?;
            Ok(inverse.into())
        },
    },
    Function {
        name: "factorial",
        arity: 1,
        signature: "factorial(n), n!",
        help: "n! = 1·2·…·n",
        run: factorial,
    },
    Function {
        name: "binomial",
        arity: 2,
        signature: "binomial(n, k)",
        help: "n choose k (any integer n, k >= 0)",
        run: binomial,
    },
    Function {
        name: "fib",
        arity: 1,
        signature: "fib(n)",
        help: "the Fibonacci number F(n): F(0) = 0, F(1) = 1",
        run: fibonacci,
    },
    Function {
        name: "isprime",
        arity: 1,
        signature: "isprime(n)",
        help: "1 if n is a (probable) prime, else 0 (Baillie-PSW)",
        run: |a, _| Ok(integer(&a[0], "isprime")?.is_probable_prime().into()),
    },
    Function {
        name: "nextprime",
        arity: 1,
        signature: "nextprime(n)",
        help: "the smallest prime above n",
        run: |a, cx| {
            let n = a[0].floor();
            cx.guard(n.bits() as f64 + 1.0)?;
            Ok(n.next_prime().into())
        },
    },
    Function {
        name: "abs",
        arity: 1,
        signature: "abs(x)",
        help: "absolute value",
        run: |a, _| Ok(a[0].abs()),
    },
    Function {
        name: "floor",
        arity: 1,
        signature: "floor(x)",
        help: "the largest integer <= x",
        run: |a, _| Ok(a[0].floor().into()),
    },
    Function {
        name: "ceil",
        arity: 1,
        signature: "ceil(x)",
        help: "the smallest integer >= x",
        run: |a, _| Ok(a[0].ceil().into()),
    },
    Function {
        name: "round",
        arity: 1,
        signature: "round(x)",
        help: "the nearest integer, ties to even",
        run: |a, _| Ok(a[0].round().into()),
    },
    Function {
        name: "num",
        arity: 1,
        signature: "num(x)",
        help: "numerator of x in lowest terms (carries the sign)",
        run: |a, _| Ok(a[0].numer().into()),
    },
    Function {
        name: "den",
        arity: 1,
        signature: "den(x)",
        help: "denominator of x in lowest terms (positive)",
        run: |a, _| Ok(a[0].denom().into()),
    },
];

/// The function called `name` (`fibonacci` is another name of `fib`).
pub fn function(name: &str) -> Option<&'static Function> {
    let name = if name == "fibonacci" { "fib" } else { name };
    FUNCTIONS.iter().find(|f| f.name == name)
}

/// Applies `f` to `args`, checking their number.
pub fn call(f: &Function, args: &[Rational], cx: &Context) -> Result<Rational, String> {
    cx.check_cancel()?;
    if args.len() != f.arity {
        let s = if f.arity == 1 { "" } else { "s" };
        return Err(format!(
            "{} takes {} argument{s}, not {}",
            f.name,
            f.arity,
            args.len()
        ));
    }
    (f.run)(args, cx)
}

/// `√x`: exact when `x` is the square of a rational; otherwise rounded to `--digits` places
/// (to nearest: the root of a non-square is irrational, so there are no ties).
fn sqrt(a: &[Rational], cx: &Context) -> Result<Rational, String> {
    let x = &a[0];
    if x.is_negative() {
        return Err(format!("sqrt of a negative number ({x})"));
    }
    let (n, d) = (x.numer(), x.denom());
    let (rn, rd) = (n.sqrt(), d.sqrt());
    if &(&rn * &rn) == n && &(&rd * &rd) == d {
        return Ok(Rational::new(rn, rd));
    }
    let Some(digits) = cx.digits else {
        return Err(format!(
            "sqrt({x}) is irrational; use --digits N for N decimal places"
        ));
    };
    cx.guard(size(x) + 6.7 * digits as f64)?;
    // t = ⌊2·√x·10^digits⌋, then halve rounding up: the nearest multiple of 10^-digits.
    let scale = Int::from(10u32).pow(u32::try_from(digits).map_err(|_| "too many digits")?);
    let t = (Int::from(4u32) * n * &scale * &scale / d).sqrt();
    Ok(Rational::new((t + 1u32) >> 1u32, scale))
}

fn powmod(a: &[Rational], _: &Context) -> Result<Rational, String> {
    let (b, e, m) = (
        integer(&a[0], "powmod")?,
        integer(&a[1], "powmod")?,
        integer(&a[2], "powmod")?,
    );
    if m.is_zero() {
        return Err("powmod modulo zero".into());
    }
    let r = b
        .checked_modpow(e, m)
        .ok_or_else(|| format!("{b} has no inverse modulo {m}"))?;
    Ok(r.into())
}

fn factorial(a: &[Rational], cx: &Context) -> Result<Rational, String> {
    let n = small(&a[0], "factorial")?;
    // log2(n!) by Stirling's formula.
    let x = n as f64;
    let bits = if n < 2 {
        1.0
    } else {
        x * (x.log2() - std::f64::consts::E.log2()) + 0.5 * (2.0 * std::f64::consts::PI * x).log2()
    };
    cx.guard(bits)?;
    Ok(Int::factorial(n).into())
}

fn binomial(a: &[Rational], cx: &Context) -> Result<Rational, String> {
    let n = integer(&a[0], "binomial")?;
    let k = small(&a[1], "binomial (as k)")?;
    // C(n, k) <= n^k, and also <= 2^n for n >= 0; for n < 0 it is ±C(-n + k - 1, k).
    let top = (n.abs().to_f64() + k as f64).max(2.0);
    let mut bits = (k as f64) * top.log2();
    if !n.is_negative() {
        let n = n.to_f64();
        bits = bits.min(n).min((n - k as f64).max(0.0) * top.log2());
    }
    cx.guard(bits)?;
    Ok(Int::binomial(n, k).into())
}

fn fibonacci(a: &[Rational], cx: &Context) -> Result<Rational, String> {
    let n = small(&a[0], "fib")?;
    // F(n) ~ φ^n/√5, and log2 φ < 0.6943.
    cx.guard(0.6943 * n as f64)?;
    Ok(Int::fibonacci(n).into())
}
