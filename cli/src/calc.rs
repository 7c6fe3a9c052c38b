//! The arithmetic both syntaxes share: operators and functions on [`Value`]s, each refusing a
//! result estimated above the size limit or the memory budget before computing it, and
//! counting its step against the step budget.

use crate::error::Error;
use crate::limits;
use crate::real::functions::{self as reals, Arg};
use crate::real::{Real, RealError};
use crate::value::{self, Value};
use carry::{Int, Rational};
use std::cell::Cell;
use std::cmp::Ordering;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering as Atomic};
use std::sync::Arc;

/// A result costs one step more per this many bits, so that a loop whose values grow (a
/// word that doubles a number at each step) exhausts the step budget as quickly as the
/// work it does grows, not only its count of operations.
pub const BITS_PER_STEP: f64 = 1024.0;

/// What a running evaluation shares with the thread that watches it.
#[derive(Debug, Default)]
pub struct Shared {
    /// Set (by Ctrl-C or a timeout) to abandon the computation.
    pub cancel: AtomicBool,
    /// The byte offset, in the text being evaluated, of the operation under way.
    pub position: AtomicUsize,
}

/// What every evaluation needs to know.
#[derive(Clone, Debug)]
pub struct Context {
    /// `--digits N`: decimal places for non-integer results and for `sqrt` approximations.
    pub digits: Option<usize>,
    /// `--max-bits`: results estimated above this size are refused.
    pub max_bits: u64,
    /// `--max-memory`: a value that would take the memory in use above this is refused.
    pub max_memory: u64,
    /// `--max-steps`: steps allowed in one evaluation (one per operation, call or word, and
    /// one per [`BITS_PER_STEP`] bits of each result).
    pub max_steps: u64,
    /// The working precision, in bits, of approximations; raised when a statement is
    /// evaluated again because an approximation could not be decided.
    pub precision: Cell<u64>,
    /// A precision an undecided approximation asked for (the bits its radius lacked): the
    /// next evaluation runs at least at it.
    pub wanted_precision: Cell<u64>,
    steps: Cell<u64>,
    pub shared: Arc<Shared>,
}

impl Context {
    pub fn new(digits: Option<usize>, max_bits: u64, max_memory: u64, max_steps: u64) -> Context {
        let cx = Context {
            digits,
            max_bits,
            max_memory,
            max_steps,
            precision: Cell::new(0),
            wanted_precision: Cell::new(0),
            steps: Cell::new(0),
            shared: Arc::default(),
        };
        cx.precision.set(cx.initial_precision());
        cx
    }

    /// The working precision a statement starts at: the digits asked for and a margin.
    pub fn initial_precision(&self) -> u64 {
        crate::real::decimal::start_precision(
            self.digits.unwrap_or(crate::value::DEFAULT_DIGITS) as u64
        )
    }

    /// Starts a new evaluation: the step count goes back to zero.
    pub fn reset_steps(&self) {
        self.steps.set(0);
    }

    /// One step of evaluation at byte `offset`: counted against the budget, and an error
    /// once the computation has been interrupted.
    pub fn step(&self, offset: usize) -> Result<(), Error> {
        self.shared.position.store(offset, Atomic::Relaxed);
        self.charge(1)?;
        if self.shared.cancel.load(Atomic::Relaxed) {
            return Err(Error::at(offset, "interrupted"));
        }
        Ok(())
    }

    /// Counts `steps` against the budget.
    fn charge(&self, steps: u64) -> Result<(), Error> {
        let steps = self.steps.get().saturating_add(steps);
        self.steps.set(steps);
        if steps > self.max_steps {
            return Err(format!(
                "step budget exhausted: more than {} steps (see --max-steps)",
                self.max_steps
            )
            .into());
        }
        Ok(())
    }

    /// An error when a result of about `bits` bits exceeds the size limit or would take
    /// the memory in use past the budget; a step more per [`BITS_PER_STEP`] bits.
    pub fn guard(&self, bits: f64) -> Result<(), Error> {
        if bits > self.max_bits as f64 {
            return Err(format!(
                "result too large: about {} bits (the limit is {}; see --max-bits)",
                show_f64(bits),
                self.max_bits
            )
            .into());
        }
        self.reserve(bits)
    }

    /// An error when `bits` more bits (with room for the scratch space of the operation that
    /// makes them) would take the memory in use past `--max-memory`.
    pub fn reserve(&self, bits: f64) -> Result<(), Error> {
        self.charge((bits / BITS_PER_STEP) as u64)?;
        let need = 3.0 * bits / 8.0;
        let used = limits::in_use();
        if used as f64 + need > self.max_memory as f64 {
            return Err(format!(
                "memory budget exhausted: this needs about {} with {} in use (the limit is {}; see --max-memory)",
                limits::show_bytes(need as u64),
                limits::show_bytes(used),
                limits::show_bytes(self.max_memory)
            )
            .into());
        }
        Ok(())
    }
}

/// `x` without a fraction, in scientific notation when it is huge.
fn show_f64(x: f64) -> String {
    if x < 1e15 {
        format!("{x:.0}")
    } else {
        format!("{x:.2e}")
    }
}

/// The text of a value for an error message: in full when short, otherwise abbreviated to
/// its magnitude and size, so that a message never embeds millions of digits.
pub fn show(x: &Value) -> String {
    match x {
        Value::Exact(x) if x.is_integer() => show_int(x.numer()),
        Value::Exact(x) => format!("{}/{}", show_int(x.numer()), show_int(x.denom())),
        Value::Approx(_) => x.to_string(),
    }
}

/// An integer in full up to 200 bits; beyond, `~1.2346e3010299 (10000001 bits)`.
pub fn show_int(n: &Int) -> String {
    let bits = n.bits();
    if bits <= 200 {
        return n.to_string();
    }
    let top = (n.abs() >> (bits - 64)).to_f64();
    let log10 = top.log10() + (bits - 64) as f64 * std::f64::consts::LOG10_2;
    let exponent = log10.floor();
    let mantissa = 10f64.powf(log10 - exponent).clamp(1.0, 9.9999);
    let sign = if n.is_negative() { "-" } else { "" };
    format!("{sign}~{mantissa:.4}e{exponent} ({bits} bits)")
}

/// Bits of the numerator and denominator together.
pub fn size(x: &Value) -> f64 {
    x.bits()
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

/// The exact value, or an error naming what needed one.
pub fn rational<'a>(x: &'a Value, what: &str) -> Result<&'a Rational, Error> {
    x.exact()
        .ok_or_else(|| format!("{what} needs an exact value, not the approximation {x}").into())
}

/// The value as an integer, or an error naming what needed one.
pub fn integer<'a>(x: &'a Value, what: &str) -> Result<&'a Int, Error> {
    let q = rational(x, what)?;
    if q.is_integer() {
        Ok(q.numer())
    } else {
        Err(format!("{what} needs an integer, not {}", show(x)).into())
    }
}

/// The value as a `u64`, or an error.
pub fn small(x: &Value, what: &str) -> Result<u64, Error> {
    let n = integer(x, what)?;
    if n.is_negative() {
        return Err(format!("{what} needs a non-negative integer, not {}", show_int(n)).into());
    }
    u64::try_from(n).map_err(|_| format!("{what} of {} is far too large", show_int(n)).into())
}

/// Whether a value counts as true (any value but zero).
pub fn truth(x: &Value) -> Result<bool, Error> {
    Ok(!x.is_zero()?)
}

/// The binary operators.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Op {
    Add,
    Sub,
    Mul,
    Div,
    /// `%`: the remainder of truncating division, with the sign of the dividend.
    Rem,
    /// `//`: floor division.
    FloorDiv,
    /// `mod`: the remainder of floor division, with the sign of the divisor.
    Mod,
    Pow,
    Shl,
    Shr,
    BitAnd,
    BitOr,
    BitXor,
    Lt,
    Le,
    Gt,
    Ge,
    Eq,
    Ne,
    And,
    Or,
}

impl Op {
    /// How the operator is written (in infix; `--rpn` spells `And`/`Or` as words).
    pub fn symbol(self) -> &'static str {
        match self {
            Op::Add => "+",
            Op::Sub => "-",
            Op::Mul => "*",
            Op::Div => "/",
            Op::Rem => "%",
            Op::FloorDiv => "//",
            Op::Mod => "mod",
            Op::Pow => "^",
            Op::Shl => "<<",
            Op::Shr => ">>",
            Op::BitAnd => "&",
            Op::BitOr => "|",
            Op::BitXor => "xor",
            Op::Lt => "<",
            Op::Le => "<=",
            Op::Gt => ">",
            Op::Ge => ">=",
            Op::Eq => "==",
            Op::Ne => "!=",
            Op::And => "&&",
            Op::Or => "||",
        }
    }
}

/// The prefix operators.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unary {
    Neg,
    /// `!x`: 1 when x is zero, else 0.
    Not,
    /// `~x = -x - 1`, the bitwise complement in two's complement.
    BitNot,
}

/// A prefix operator.
pub fn unary(op: Unary, a: &Value, cx: &Context) -> Result<Value, Error> {
    Ok(match op {
        Unary::Neg => match a {
            Value::Exact(x) => Value::Exact(-x),
            Value::Approx(x) => Value::from(x.neg()),
        },
        Unary::Not => Value::from(!truth(a)?),
        Unary::BitNot => {
            let n = integer(a, "~")?;
            cx.guard(n.bits() as f64 + 1.0)?;
            Value::from(!n)
        }
    })
}

/// A binary operator (`&&` and `||` here evaluate both sides: the infix evaluator
/// short-circuits them itself).
pub fn binary(op: Op, a: &Value, b: &Value, cx: &Context) -> Result<Value, Error> {
    if let (Value::Exact(x), Value::Exact(y)) = (a, b) {
        return exact_binary(op, x, y, cx);
    }
    let precision = cx.precision.get();
    if op == Op::Pow {
        return approx_power(a, b, cx);
    }
    let (x, y) = (a.to_approx(precision), b.to_approx(precision));
    let ball = match op {
        Op::Add => x.add(&y, precision),
        Op::Sub => x.sub(&y, precision),
        Op::Mul => x.mul(&y, precision),
        Op::Div => x.div(&y, precision).map_err(|e| match e {
            RealError::Domain(m) => Error::from(m),
            _ => Error::undecided("cannot decide whether a divisor is zero"),
        })?,
        Op::Lt | Op::Le | Op::Gt | Op::Ge | Op::Eq | Op::Ne => {
            let ordering = x.sub(&y, precision).sign().ok_or_else(|| {
                Error::undecided(format!("cannot decide {a} {} {b}", op.symbol()))
            })?;
            return Ok(Value::from(compares(op, ordering)));
        }
        Op::And => return Ok(Value::from(truth(a)? && truth(b)?)),
        Op::Or => return Ok(Value::from(truth(a)? || truth(b)?)),
        _ => {
            return Err(format!(
                "{} needs exact values, not the approximation {}",
                op.symbol(),
                if a.exact().is_none() { a } else { b }
            )
            .into())
        }
    };
    approximation(ball, cx)
}

/// `a^b` where one side is an approximation, or the exponent is not an integer: an integer
/// exponent by repeated squaring, any other by `exp(b·log a)`.
fn approx_power(a: &Value, b: &Value, cx: &Context) -> Result<Value, Error> {
    let precision = cx.precision.get();
    if let Some(e) = b.exact().filter(|e| e.is_integer()) {
        let e =
            i64::try_from(e.numer()).map_err(|_| format!("exponent {} is too large", show(b)))?;
        cx.guard(size(a) * e.unsigned_abs() as f64)?;
        let x = a.to_approx(precision);
        let r = x.pow(e, precision).map_err(real_error)?;
        return approximation(r, cx);
    }
    if let (Value::Exact(x), Value::Exact(y)) = (a, b) {
        // An exact result has about |y| times the bits of x; when that is over the limit,
        // the approximation (its magnitude guarded below) is the only answer.
        if bits(x) * y.to_f64().abs() <= cx.max_bits as f64 {
            if let Some(exact) = reals::exact_power(x, y) {
                return exact.map(Value::Exact).map_err(Error::from);
            }
        }
    }
    // The result's size: |b·log2 a| bits.
    let estimate = a.to_approx(64).mag().log2().abs() * b.to_approx(64).mag().log2().exp2();
    if estimate.is_finite() {
        cx.guard(estimate)?;
    }
    let r = reals::power(&arg(a), &arg(b), precision).map_err(real_error)?;
    approximation(r, cx)
}

/// The argument of a real function.
fn arg(x: &Value) -> Arg {
    match x {
        Value::Exact(q) => Arg::Exact(q.clone()),
        Value::Approx(r) => Arg::Approx(r.clone()),
    }
}

/// An approximation as a value, refused when its magnitude exceeds the size limit.
fn approximation(x: Real, cx: &Context) -> Result<Value, Error> {
    if x.top() > 0 {
        cx.guard(x.top() as f64)?;
    }
    Ok(Value::Approx(x))
}

/// A real function's error as the calculator's.
fn real_error(e: RealError) -> Error {
    match e {
        RealError::Domain(m) | RealError::Range(m) => Error::from(m),
        RealError::Imprecise => {
            Error::undecided("cannot decide: the argument may lie where the function is undefined")
        }
    }
}

/// A real function (`exp`, `sin`, ...): exact when its rational arguments give a rational
/// result (`sqrt(9/4)`, `log(8, 2)`), else an approximation at the working precision.
fn real_call(name: &str, args: &[Value], cx: &Context) -> Result<Value, Error> {
    let f = reals::real_function(name).expect("a real function");
    let exact: Option<Vec<Rational>> = args.iter().map(|a| a.exact().cloned()).collect();
    if let Some(exact) = &exact {
        if let Some(result) = (f.exact)(exact) {
            return result.map(Value::Exact).map_err(Error::from);
        }
    }
    if name == "exp" {
        // exp(x) has about 1.4427·x bits before the point.
        let x = args[0].to_approx(64).to_f64();
        cx.guard(x * std::f64::consts::LOG2_E)?;
    }
    let args: Vec<Arg> = args.iter().map(arg).collect();
    let x = (f.approx)(&args, cx.precision.get()).map_err(real_error)?;
    approximation(x, cx)
}

/// Whether an `ordering` of `a` against `b` satisfies the comparison `op`.
fn compares(op: Op, ordering: Ordering) -> bool {
    match op {
        Op::Lt => ordering == Ordering::Less,
        Op::Le => ordering != Ordering::Greater,
        Op::Gt => ordering == Ordering::Greater,
        Op::Ge => ordering != Ordering::Less,
        Op::Eq => ordering == Ordering::Equal,
        _ => ordering != Ordering::Equal,
    }
}

fn exact_binary(op: Op, a: &Rational, b: &Rational, cx: &Context) -> Result<Value, Error> {
    let sizes = bits(a) + bits(b);
    let int = |x: &'_ Rational| -> Result<Int, Error> {
        if x.is_integer() {
            Ok(x.numer().clone())
        } else {
            Err(format!(
                "{} needs integers, not {}",
                op.symbol(),
                show(&x.clone().into())
            )
            .into())
        }
    };
    Ok(Value::Exact(match op {
        Op::Add | Op::Sub => {
            cx.guard(sizes + 1.0)?;
            if op == Op::Add {
                a + b
            } else {
                a - b
            }
        }
        Op::Mul => {
            cx.guard(sizes)?;
            a * b
        }
        Op::Div => {
            cx.guard(sizes)?;
            a.checked_div(b).ok_or("division by zero")?
        }
        Op::Rem | Op::FloorDiv | Op::Mod => {
            cx.guard(2.0 * sizes)?;
            let q = a.checked_div(b).ok_or("division by zero")?;
            match op {
                Op::Rem => a - b * Rational::from(q.trunc()),
                Op::FloorDiv => q.floor().into(),
                _ => a - b * Rational::from(q.floor()),
            }
        }
        Op::Pow if !b.is_integer() => {
            return approx_power(&Value::Exact(a.clone()), &Value::Exact(b.clone()), cx)
        }
        Op::Pow => return power(a, b, cx).map(Value::Exact),
        Op::Shl | Op::Shr => {
            let (x, n) = (int(a)?, int(b)?);
            if n.is_negative() {
                return Err(
                    format!("a shift count must not be negative, not {}", show_int(&n)).into(),
                );
            }
            let n = u64::try_from(&n);
            if op == Op::Shr {
                return Ok(match n {
                    Ok(n) => (x >> n).into(),
                    Err(_) => Int::from(-i32::from(x.is_negative())).into(),
                });
            }
            if x.is_zero() {
                return Ok(Value::from(Int::ZERO));
            }
            let n =
                n.map_err(|_| "result too large: the shift count is far too large".to_string())?;
            cx.guard(x.bits() as f64 + n as f64)?;
            (x << n).into()
        }
        Op::BitAnd | Op::BitOr | Op::BitXor => {
            let (x, y) = (int(a)?, int(b)?);
            cx.guard(sizes + 1.0)?;
            match op {
                Op::BitAnd => x & y,
                Op::BitOr => x | y,
                _ => x ^ y,
            }
            .into()
        }
        Op::Lt | Op::Le | Op::Gt | Op::Ge | Op::Eq | Op::Ne => {
            Rational::from(u32::from(compares(op, a.cmp(b))))
        }
        Op::And => Rational::from(u32::from(!a.is_zero() && !b.is_zero())),
        Op::Or => Rational::from(u32::from(!a.is_zero() || !b.is_zero())),
    }))
}

/// Bits of the numerator and denominator together.
fn bits(x: &Rational) -> f64 {
    (x.numer().bits() + x.denom().bits()) as f64
}

/// `a^b` for an integer exponent `b` (negative exponents give reciprocals).
pub fn power(a: &Rational, b: &Rational, cx: &Context) -> Result<Rational, Error> {
    if !b.is_integer() {
        return Err(format!(
            "an exponent needs an integer, not {}",
            show(&b.clone().into())
        )
        .into());
    }
    let e = b.numer();
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
    let e = i32::try_from(e).map_err(|_| format!("exponent {} is too large", show_int(e)))?;
    Ok(a.pow(e))
}

/// One function of the calculator (also a word of `--rpn`).
#[derive(Debug)]
pub struct Function {
    pub name: &'static str,
    /// The fewest and the most arguments it takes (`--rpn` takes the fewest).
    pub arity: (usize, usize),
    /// How it is called, for `--help`: `gcd(a, b)`.
    pub signature: &'static str,
    pub help: &'static str,
    pub run: fn(&[Value], &Context) -> Result<Value, Error>,
}

/// One named constant (a word of `--rpn` too).
#[derive(Debug)]
pub struct Constant {
    pub name: &'static str,
    pub help: &'static str,
    /// Its value at the context's working precision.
    pub value: fn(&Context) -> Result<Value, Error>,
}

/// Every named constant, in the order `--help` lists them.
pub const CONSTANTS: &[Constant] = &[
    Constant {
        name: "pi",
        help: "π = 3.14159… (to the working precision: see --digits)",
        value: |cx| real_call("pi", &[], cx),
    },
    Constant {
        name: "e",
        help: "e = 2.71828…",
        value: |cx| real_call("e", &[], cx),
    },
];

/// The constant called `name`.
pub fn constant(name: &str) -> Option<&'static Constant> {
    CONSTANTS.iter().find(|c| c.name == name)
}

/// Every function, in the order `--help` lists them.
pub const FUNCTIONS: &[Function] = &[
    Function {
        name: "sqrt",
        arity: (1, 1),
        signature: "sqrt(x)",
        help: "square root: exact for squares of rationals, else approximate",
        run: |a, cx| real_call("sqrt", a, cx),
    },
    Function {
        name: "cbrt",
        arity: (1, 1),
        signature: "cbrt(x)",
        help: "cube root (negative for negative x)",
        run: |a, cx| real_call("cbrt", a, cx),
    },
    Function {
        name: "root",
        arity: (2, 2),
        signature: "root(x, k)",
        help: "k-th root, k a positive integer (odd k: negative x too)",
        run: |a, cx| real_call("root", a, cx),
    },
    Function {
        name: "exp",
        arity: (1, 1),
        signature: "exp(x)",
        help: "e^x",
        run: |a, cx| real_call("exp", a, cx),
    },
    Function {
        name: "log",
        arity: (1, 2),
        signature: "log(x), log(x, b)",
        help: "natural logarithm; logarithm to base b",
        run: |a, cx| real_call("log", a, cx),
    },
    Function {
        name: "ln",
        arity: (1, 1),
        signature: "ln(x)",
        help: "natural logarithm",
        run: |a, cx| real_call("ln", a, cx),
    },
    Function {
        name: "sin",
        arity: (1, 1),
        signature: "sin(x)",
        help: "sine (radians)",
        run: |a, cx| real_call("sin", a, cx),
    },
    Function {
        name: "cos",
        arity: (1, 1),
        signature: "cos(x)",
        help: "cosine",
        run: |a, cx| real_call("cos", a, cx),
    },
    Function {
        name: "tan",
        arity: (1, 1),
        signature: "tan(x)",
        help: "tangent",
        run: |a, cx| real_call("tan", a, cx),
    },
    Function {
        name: "atan",
        arity: (1, 1),
        signature: "atan(x)",
        help: "arctangent, in (-pi/2, pi/2)",
        run: |a, cx| real_call("atan", a, cx),
    },
    Function {
        name: "atan2",
        arity: (2, 2),
        signature: "atan2(y, x)",
        help: "angle of the point (x, y), in (-pi, pi]; atan2(0, 0) = 0",
        run: |a, cx| real_call("atan2", a, cx),
    },
    Function {
        name: "isqrt",
        arity: (1, 1),
        signature: "isqrt(n)",
        help: "integer square root, rounded down",
        run: |a, _| {
            Ok(rational(&a[0], "isqrt")?
                .floor()
                .checked_sqrt()
                .ok_or("isqrt of a negative number")?
                .into())
        },
    },
    Function {
        name: "gcd",
        arity: (2, 2),
        signature: "gcd(a, b)",
        help: "greatest common divisor (non-negative)",
        run: |a, _| Ok(integer(&a[0], "gcd")?.gcd(integer(&a[1], "gcd")?).into()),
    },
    Function {
        name: "lcm",
        arity: (2, 2),
        signature: "lcm(a, b)",
        help: "least common multiple (non-negative)",
        run: |a, cx| {
            let (x, y) = (integer(&a[0], "lcm")?, integer(&a[1], "lcm")?);
            cx.guard((x.bits() + y.bits()) as f64)?;
            Ok(x.lcm(y).into())
        },
    },
    Function {
        name: "powmod",
        arity: (3, 3),
        signature: "powmod(b, e, m)",
        help: "b^e mod m, in [0, |m|); a negative e inverts b first",
        run: powmod,
    },
    Function {
        name: "invmod",
        arity: (2, 2),
        signature: "invmod(a, m)",
        help: "the inverse of a modulo m, in [0, |m|)",
        run: |a, _| {
            let (x, m) = (integer(&a[0], "invmod")?, integer(&a[1], "invmod")?);
            let inverse = x
                .modinv(m)
                .ok_or_else(|| format!("{} has no inverse modulo {}", show_int(x), show_int(m)))?;
            Ok(inverse.into())
        },
    },
    Function {
        name: "factorial",
        arity: (1, 1),
        signature: "factorial(n), n!",
        help: "n! = 1·2·…·n",
        run: factorial,
    },
    Function {
        name: "binomial",
        arity: (2, 2),
        signature: "binomial(n, k)",
        help: "n choose k (any integer n, k >= 0)",
        run: binomial,
    },
    Function {
        name: "fib",
        arity: (1, 1),
        signature: "fib(n)",
        help: "the Fibonacci number F(n): F(0) = 0, F(1) = 1",
        run: fibonacci,
    },
    Function {
        name: "isprime",
        arity: (1, 1),
        signature: "isprime(n)",
        help: "1 if n is a (probable) prime, else 0 (Baillie-PSW)",
        run: |a, _| Ok(integer(&a[0], "isprime")?.is_probable_prime().into()),
    },
    Function {
        name: "nextprime",
        arity: (1, 1),
        signature: "nextprime(n)",
        help: "the smallest prime above n",
        run: |a, cx| {
            let n = rational(&a[0], "nextprime")?.floor();
            cx.guard(n.bits() as f64 + 1.0)?;
            Ok(n.next_prime().into())
        },
    },
    Function {
        name: "abs",
        arity: (1, 1),
        signature: "abs(x)",
        help: "absolute value",
        run: |a, _| {
            Ok(match &a[0] {
                Value::Exact(x) => Value::Exact(x.abs()),
                Value::Approx(x) => match x.sign() {
                    Some(Ordering::Less) => Value::from(x.neg()),
                    Some(_) => a[0].clone(),
                    None => return Err(Error::undecided("cannot decide the sign for abs")),
                },
            })
        },
    },
    Function {
        name: "floor",
        arity: (1, 1),
        signature: "floor(x)",
        help: "the largest integer <= x",
        run: |a, _| round_with(&a[0], Rational::floor),
    },
    Function {
        name: "ceil",
        arity: (1, 1),
        signature: "ceil(x)",
        help: "the smallest integer >= x",
        run: |a, _| round_with(&a[0], Rational::ceil),
    },
    Function {
        name: "round",
        arity: (1, 1),
        signature: "round(x)",
        help: "the nearest integer, ties to even",
        run: |a, _| round_with(&a[0], Rational::round),
    },
    Function {
        name: "num",
        arity: (1, 1),
        signature: "num(x)",
        help: "numerator of x in lowest terms (carries the sign)",
        run: |a, _| Ok(rational(&a[0], "num")?.numer().clone().into()),
    },
    Function {
        name: "den",
        arity: (1, 1),
        signature: "den(x)",
        help: "denominator of x in lowest terms (positive)",
        run: |a, _| Ok(rational(&a[0], "den")?.denom().clone().into()),
    },
    Function {
        name: "xor",
        arity: (2, 2),
        signature: "xor(a, b)",
        help: "bitwise exclusive or of integers (two's complement)",
        run: |a, cx| binary(Op::BitXor, &a[0], &a[1], cx),
    },
    Function {
        name: "cond",
        arity: (3, 3),
        signature: "cond(c, a, b)",
        help: "a if c is not 0, else b (infix evaluates only the one chosen)",
        run: |a, _| {
            Ok(if truth(&a[0])? {
                a[1].clone()
            } else {
                a[2].clone()
            })
        },
    },
];

/// The function called `name` (`fibonacci` is another name of `fib`).
pub fn function(name: &str) -> Option<&'static Function> {
    let name = if name == "fibonacci" { "fib" } else { name };
    FUNCTIONS.iter().find(|f| f.name == name)
}

/// Applies `f` to `args`, checking their number.
pub fn call(f: &Function, args: &[Value], cx: &Context) -> Result<Value, Error> {
    let (least, most) = f.arity;
    if args.len() < least || args.len() > most {
        let count = if least == most {
            format!("{least} argument{}", if least == 1 { "" } else { "s" })
        } else {
            format!("{least} to {most} arguments")
        };
        return Err(format!("{} takes {count}, not {}", f.name, args.len()).into());
    }
    (f.run)(args, cx)
}

/// An integer rounding of `x` (decided on an approximation only when every point of the
/// ball rounds alike).
fn round_with(x: &Value, f: fn(&Rational) -> Int) -> Result<Value, Error> {
    match x {
        Value::Exact(x) => Ok(f(x).into()),
        Value::Approx(a) => {
            let (lo, hi) = value::bounds(a);
            let (lo, hi) = (f(&lo), f(&hi));
            if lo == hi {
                Ok(lo.into())
            } else {
                Err(Error::undecided(
                    "cannot decide the integer part of an approximation",
                ))
            }
        }
    }
}

fn powmod(a: &[Value], _: &Context) -> Result<Value, Error> {
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
        .ok_or_else(|| format!("{} has no inverse modulo {}", show_int(b), show_int(m)))?;
    Ok(r.into())
}

/// `log2(n!)` by Stirling's formula (1 for n < 2).
fn log2_factorial(n: f64) -> f64 {
    if n < 2.0 {
        1.0
    } else {
        n * (n.log2() - std::f64::consts::E.log2()) + 0.5 * (2.0 * std::f64::consts::PI * n).log2()
    }
}

fn factorial(a: &[Value], cx: &Context) -> Result<Value, Error> {
    let n = small(&a[0], "factorial")?;
    cx.guard(log2_factorial(n as f64))?;
    Ok(Int::factorial(n).into())
}

/// `n!! = n·(n-2)·(n-4)·…` down to 1 or 2 (`0!! = 1`).
pub fn double_factorial(a: &[Value], cx: &Context) -> Result<Value, Error> {
    let n = small(&a[0], "double factorial")?;
    // (2m)!! = 2^m·m!, and (2m+1)!! = (2m+1)!/(2m)!!.
    let m = (n / 2) as f64;
    let bits = if n % 2 == 0 {
        m + log2_factorial(m)
    } else {
        log2_factorial(n as f64) - m - log2_factorial(m) + 1.0
    };
    cx.guard(bits.max(1.0))?;
    Ok(Int::double_factorial(n).into())
}

fn binomial(a: &[Value], cx: &Context) -> Result<Value, Error> {
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

fn fibonacci(a: &[Value], cx: &Context) -> Result<Value, Error> {
    let n = small(&a[0], "fib")?;
    // F(n) ~ φ^n/√5, and log2 φ < 0.6943.
    cx.guard(0.6943 * n as f64)?;
    Ok(Int::fibonacci(n).into())
}
