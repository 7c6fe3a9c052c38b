//! The calculator's real functions: each has an exact rule for the rational arguments whose
//! result is rational (`sqrt(9/4) = 3/2`, `log(8, 2) = 3`, `exp(0) = 1`), and otherwise an
//! approximation to any precision. For every other rational argument the result is
//! irrational (Lindemann–Weierstrass for `exp`, `log`, `sin`, `cos`, `tan`, `atan` at rational
//! points other than the trivial ones; Gelfond–Schneider for `log(x, b)`; roots by unique
//! factorisation), so it never lies exactly on a rounding boundary and its digits are always decided.

use super::{atan, consts, exp, guard, log, roots, trig, Real, RealError, Result};
use carry::{Int, Rational};

/// An argument: exact, or a ball.
#[derive(Clone, Debug)]
pub enum Arg {
    Exact(Rational),
    Approx(Real),
}

impl Arg {
    /// The argument as a ball of `prec` bits.
    pub fn ball(&self, prec: u64) -> Real {
        match self {
            Arg::Exact(q) => Real::from_rational(q, prec),
            Arg::Approx(x) => x.clone(),
        }
    }
}

/// A real function of the calculator.
pub struct RealFunction {
    pub name: &'static str,
    /// The exact result for these rational arguments, when it is rational (or an error for
    /// arguments outside the domain); `None` when it is irrational.
    pub exact: fn(&[Rational]) -> Option<std::result::Result<Rational, String>>,
    /// The value as a ball of about `prec` bits.
    pub approx: fn(&[Arg], u64) -> Result<Real>,
}

/// The real functions, in the order `--help` lists them.
pub const REAL_FUNCTIONS: &[RealFunction] = &[
    RealFunction {
        name: "pi",
        exact: |_| None,
        approx: |_, prec| Ok(consts::pi(prec)),
    },
    RealFunction {
        name: "e",
        exact: |_| None,
        approx: |_, prec| Ok(consts::e(prec)),
    },
    RealFunction {
        name: "sqrt",
        exact: |a| exact_root(&a[0], 2),
        approx: |a, prec| roots::sqrt(&a[0].ball(prec + 8), prec),
    },
    RealFunction {
        name: "cbrt",
        exact: |a| exact_root(&a[0], 3),
        approx: |a, prec| roots::root(&a[0].ball(prec + 8), 3, prec),
    },
    RealFunction {
        name: "root",
        exact: |a| match index(&a[1]) {
            Ok(k) => exact_root(&a[0], k),
            Err(e) => Some(Err(e)),
        },
        approx: |a, prec| {
            let k = match &a[1] {
                Arg::Exact(k) => index(k).map_err(RealError::Domain)?,
                Arg::Approx(_) => {
                    return Err(RealError::Domain("root needs an exact integer k".into()))
                }
            };
            roots::root(&a[0].ball(prec + 8), k, prec)
        },
    },
    RealFunction {
        name: "exp",
        exact: |a| a[0].is_zero().then(|| Ok(Rational::ONE)),
        approx: |a, prec| match &a[0] {
            Arg::Exact(q) => exp::exp_q(q, prec),
            Arg::Approx(x) => exp::exp(x, prec),
        },
    },
    RealFunction {
        name: "log",
        exact: |a| {
            if a.len() == 2 {
                exact_log_base(&a[0], &a[1])
            } else {
                exact_log(&a[0])
            }
        },
        approx: |a, prec| {
            if a.len() == 2 {
                log_base(&a[0], &a[1], prec)
            } else {
                ln(&a[0], prec)
            }
        },
    },
    RealFunction {
        name: "ln",
        exact: |a| exact_log(&a[0]),
        approx: |a, prec| ln(&a[0], prec),
    },
    RealFunction {
        name: "sin",
        exact: |a| a[0].is_zero().then(|| Ok(Rational::ZERO)),
        approx: |a, prec| trig::sin(&a[0].ball(prec + guard(prec)), prec),
    },
    RealFunction {
        name: "cos",
        exact: |a| a[0].is_zero().then(|| Ok(Rational::ONE)),
        approx: |a, prec| trig::cos(&a[0].ball(prec + guard(prec)), prec),
    },
    RealFunction {
        name: "tan",
        exact: |a| a[0].is_zero().then(|| Ok(Rational::ZERO)),
        approx: |a, prec| trig::tan(&a[0].ball(prec + guard(prec)), prec),
    },
    RealFunction {
        name: "atan",
        exact: |a| a[0].is_zero().then(|| Ok(Rational::ZERO)),
        approx: |a, prec| atan::atan(&a[0].ball(prec + guard(prec)), prec),
    },
    RealFunction {
        name: "atan2",
        exact: |a| (a[0].is_zero() && !a[1].is_negative()).then(|| Ok(Rational::ZERO)),
        approx: |a, prec| {
            let w = prec + guard(prec);
            atan::atan2(&a[0].ball(w), &a[1].ball(w), prec)
        },
    },
];

/// The real function called `name`.
pub fn real_function(name: &str) -> Option<&'static RealFunction> {
    REAL_FUNCTIONS.iter().find(|f| f.name == name)
}

/// `x^y` for a non-integer exponent: exact when `y = p/q` and `x` is a `q`-th power of a
/// rational (`None` otherwise, or an error outside the domain).
pub fn exact_power(x: &Rational, y: &Rational) -> Option<std::result::Result<Rational, String>> {
    let (p, q) = (y.numer(), y.denom());
    if x.is_zero() {
        return Some(if y.is_positive() {
            Ok(Rational::ZERO)
        } else {
            Err("zero to a negative power".into())
        });
    }
    if x.is_negative() {
        return Some(Err(format!(
            "a negative base ({x}) to a non-integer power ({y})"
        )));
    }
    let q = u32::try_from(q).ok()?;
    let r = match exact_root(x, q)? {
        Ok(r) => r,
        Err(e) => return Some(Err(e)),
    };
    let p = i32::try_from(p).ok()?;
    if (r.numer().bits() + r.denom().bits()) as f64 * f64::from(p).abs() > 1e9 {
        return None;
    }
    Some(Ok(r.pow(p)))
}

/// `x^y` for real or non-integer `y`, as a ball.
pub fn power(x: &Arg, y: &Arg, prec: u64) -> Result<Real> {
    let w = prec + guard(prec);
    roots::pow(&x.ball(w), &y.ball(w), prec)
}

/// The index `k ≥ 1` of a root.
fn index(k: &Rational) -> std::result::Result<u32, String> {
    if !k.is_integer() || !k.is_positive() {
        return Err(format!("root needs a positive integer index, not {k}"));
    }
    u32::try_from(k.numer()).map_err(|_| format!("root index {k} is too large"))
}

/// `x^(1/k)` when it is rational; the domain error for an even root of a negative number.
fn exact_root(x: &Rational, k: u32) -> Option<std::result::Result<Rational, String>> {
    if x.is_negative() && k.is_multiple_of(2) {
        return Some(Err(if k == 2 {
            format!("sqrt of a negative number ({x})")
        } else {
            format!("root of even index {k} of a negative number ({x})")
        }));
    }
    let root_of = |n: &Int| -> Option<Int> {
        if n.abs() <= 1u32 {
            return Some(n.clone());
        }
        // |n| ≥ 2 needs a root of at least 2, so at least k bits.
        if n.bits() <= u64::from(k) {
            return None;
        }
        let r = n.nth_root(k);
        (r.pow(k) == *n).then_some(r)
    };
    let (n, d) = (x.numer(), x.denom());
    let rn = root_of(n)?;
    let rd = root_of(d)?;
    Some(Ok(Rational::new(rn, rd)))
}

fn exact_log(x: &Rational) -> Option<std::result::Result<Rational, String>> {
    if !x.is_positive() {
        return Some(Err(if x.is_zero() {
            "log of zero".into()
        } else {
            format!("log of a negative number ({x})")
        }));
    }
    (x == &Rational::ONE).then(|| Ok(Rational::ZERO))
}

/// `log(x)/log(b)` when it is rational: `x^q = b^p` for a `p/q` among the continued
/// fraction's convergents of an approximation (with `q` small enough to check exactly).
fn exact_log_base(x: &Rational, b: &Rational) -> Option<std::result::Result<Rational, String>> {
    if let Some(Err(e)) = exact_log(x) {
        return Some(Err(e));
    }
    if !b.is_positive() || b == &Rational::ONE {
        return Some(Err(format!("log to base {b} is undefined")));
    }
    if x == &Rational::ONE {
        return Some(Ok(Rational::ZERO));
    }
    let lx = log::log_q(x, 80).ok()?;
    let lb = log::log_q(b, 80).ok()?;
    let ratio = lx.div(&lb, 80).ok()?.to_f64();
    let size = |r: &Rational| (r.numer().bits() + r.denom().bits()) as f64;
    // Convergents p/q of the ratio.
    let (mut p0, mut q0, mut p1, mut q1) = (0i64, 1i64, 1i64, 0i64);
    let mut t = ratio;
    for _ in 0..40 {
        if !t.is_finite() || t.abs() > 1e15 {
            break;
        }
        let a = t.floor();
        let (p2, q2) = (a as i64 * p1 + p0, a as i64 * q1 + q0);
        if q2.abs() > 10_000 || size(x) * q2.abs() as f64 > 1e7 || size(b) * p2.abs() as f64 > 1e7 {
            break;
        }
        (p0, q0, p1, q1) = (p1, q1, p2, q2);
        let (pp, qq) = if q1 < 0 { (-p1, -q1) } else { (p1, q1) };
        if qq > 0
            && i32::try_from(pp).is_ok()
            && i32::try_from(qq).is_ok()
            && x.pow(qq as i32) == b.pow(pp as i32)
        {
            return Some(Ok(Rational::new(Int::from(pp), Int::from(qq))));
        }
        let frac = t - a;
        if frac.abs() < 1e-12 {
            break;
        }
        t = 1.0 / frac;
    }
    None
}

fn ln(x: &Arg, prec: u64) -> Result<Real> {
    match x {
        Arg::Exact(q) => log::log_q(q, prec),
        Arg::Approx(x) => log::log(x, prec),
    }
}

fn log_base(x: &Arg, b: &Arg, prec: u64) -> Result<Real> {
    let w = prec + guard(prec);
    if let Arg::Exact(q) = b {
        if !q.is_positive() || q == &Rational::ONE {
            return Err(RealError::Domain(format!("log to base {q} is undefined")));
        }
    }
    let lx = ln(x, w)?;
    let lb = ln(b, w)?;
    lx.div(&lb, prec)
}
