//! `carry.Rational`: an exact fraction with the interface of `fractions.Fraction`.

use crate::guard::{check_bits, run};
use crate::int::{cmp_result, new_int, reduce_p, val};
use carry::{Int, Rational};
use pyo3::exceptions::{PyOverflowError, PyTypeError, PyValueError, PyZeroDivisionError};
use pyo3::prelude::*;
use pyo3::pyclass::CompareOp;
use pyo3::types::{PyComplex, PyFloat, PyString, PyTuple, PyType};
use std::cmp::Ordering;

/// An exact rational number with the interface of ``fractions.Fraction``.
///
/// ``Rational(3, 4)``, ``Rational('3/4')``, ``Rational('-1.5e-3')``, ``Rational(0.1)`` (the
/// float's exact value), ``Rational(Fraction(1, 3))``. Arithmetic mixes with ``int``, ``Int``,
/// ``Fraction`` (exact results) and ``float`` or ``complex`` (inexact results) as ``Fraction``
/// does, and ``hash`` equals that of the equal ``Fraction``.
///
/// >>> from carry import Rational
/// >>> Rational('3/4') + 1, Rational(1, 3).limit_denominator(2)
/// (Rational(7, 4), Rational(1, 2))
#[pyclass(name = "Rational", module = "carry", frozen)]
pub struct PyRationalObj(pub Rational);

fn new_rat(py: Python<'_>, r: Rational) -> PyResult<Py<PyAny>> {
    Ok(Py::new(py, PyRationalObj(r))?.into_any())
}

/// The exact rational value of an `Int`, `int`, `bool`, `Rational` or any `numbers.Rational`
/// (a `Fraction`); `None` for anything else.
fn rat(obj: &Bound<'_, PyAny>) -> PyResult<Option<Rational>> {
    if let Ok(r) = obj.cast::<PyRationalObj>() {
        return Ok(Some(r.get().0.clone()));
    }
    if let Some(v) = val(obj)? {
        return Ok(Some(Rational::from(v.into_owned())));
    }
    let py = obj.py();
    let numbers_rational = py.import("numbers")?.getattr("Rational")?;
    if obj.is_instance(&numbers_rational)? {
        let n = obj.getattr("numerator")?;
        let d = obj.getattr("denominator")?;
        if let (Some(n), Some(d)) = (val(&n)?, val(&d)?) {
            return Ok(Some(Rational::new(n.into_owned(), d.into_owned())));
        }
    }
    Ok(None)
}

/// The exact value of a finite float.
fn from_f64(f: f64) -> PyResult<Rational> {
    if f.is_nan() {
        return Err(PyValueError::new_err("cannot convert NaN to integer ratio"));
    }
    Rational::try_from(f)
        .map_err(|_| PyOverflowError::new_err("cannot convert Infinity to integer ratio"))
}

fn to_f64(r: &Rational) -> PyResult<f64> {
    let f = r.to_f64();
    if f.is_infinite() {
        return Err(PyOverflowError::new_err(
            "integer division result too large for a float",
        ));
    }
    Ok(f)
}

/// Digits with single underscores between them, as the `Fraction` syntax allows.
fn digits(s: &[u8], mut i: usize) -> usize {
    let start = i;
    while i < s.len() {
        let separator = s[i] == b'_' && i > start && i + 1 < s.len() && s[i + 1].is_ascii_digit();
        if s[i].is_ascii_digit() || separator {
            i += 1;
        } else {
            break;
        }
    }
    i
}

fn parse_digits(s: &[u8]) -> Int {
    // Only ASCII digits and underscores between them reach here.
    std::str::from_utf8(s)
        .ok()
        .and_then(|t| t.parse().ok())
        .unwrap_or_default()
}

/// Parses the `Fraction` string syntax: `[sign] n [/ d]` or `[sign] n[.f][e[sign]x]`, with
/// whitespace around and around the slash, underscores between digits.
fn parse(text: &str) -> PyResult<Option<Rational>> {
    let s = text.trim().as_bytes();
    let mut i = 0;
    let neg = match s.first() {
        Some(b'-') => {
            i = 1;
            true
        }
        Some(b'+') => {
            i = 1;
            false
        }
        _ => false,
    };
    let n_end = digits(s, i);
    let num = &s[i..n_end];
    i = n_end;
    let skip_ws = |mut j: usize| {
        while j < s.len() && s[j].is_ascii_whitespace() {
            j += 1;
        }
        j
    };
    let j = skip_ws(i);
    if j < s.len() && s[j] == b'/' {
        if num.is_empty() {
            return Ok(None);
        }
        let k = skip_ws(j + 1);
        let d_end = digits(s, k);
        if d_end == k || d_end != s.len() {
            return Ok(None);
        }
        let d = parse_digits(&s[k..d_end]);
        if d.is_zero() {
            let n = parse_digits(num);
            return Err(PyZeroDivisionError::new_err(format!(
                "Fraction({}{n}, 0)",
                if neg { "-" } else { "" }
            )));
        }
        let r = Rational::new(parse_digits(num), d);
        return Ok(Some(if neg { -r } else { r }));
    }
    let mut frac: &[u8] = &[];
    if i < s.len() && s[i] == b'.' {
        let f_end = digits(s, i + 1);
        frac = &s[i + 1..f_end];
        i = f_end;
    }
    if num.is_empty() && frac.is_empty() {
        return Ok(None);
    }
    let mut exp = Int::ZERO;
    if i < s.len() && (s[i] == b'e' || s[i] == b'E') {
        let mut k = i + 1;
        let eneg = match s.get(k) {
            Some(b'-') => {
                k += 1;
                true
            }
            Some(b'+') => {
                k += 1;
                false
            }
            _ => false,
        };
        let e_end = digits(s, k);
        if e_end == k {
            return Ok(None);
        }
        exp = parse_digits(&s[k..e_end]);
        if eneg {
            exp = -exp;
        }
        i = e_end;
    }
    if i != s.len() {
        return Ok(None);
    }
    let mut n = parse_digits(num);
    let fdigits: Vec<u8> = frac.iter().copied().filter(|&c| c != b'_').collect();
    if !fdigits.is_empty() {
        let f = parse_digits(&fdigits);
        n = n * Int::from(10).pow(fdigits.len() as u32) + f;
    }
    let e = exp - Int::from(fdigits.len() as u64);
    let k = i64::try_from(&e).map_err(|_| PyValueError::new_err("exponent too large"))?;
    check_bits(k.unsigned_abs() as f64 * std::f64::consts::LOG2_10)?;
    let p = Int::from(10).pow(k.unsigned_abs() as u32);
    let r = if k >= 0 {
        Rational::from(n * p)
    } else {
        Rational::new(n, p)
    };
    Ok(Some(if neg { -r } else { r }))
}

/// `Rational(numerator, denominator)` as `Fraction(numerator, denominator)` builds it.
fn construct(
    py: Python<'_>,
    n: Option<&Bound<'_, PyAny>>,
    d: Option<&Bound<'_, PyAny>>,
) -> PyResult<Rational> {
    let Some(n) = n else {
        return Ok(Rational::from(Int::ZERO));
    };
    let d = d.filter(|d| !d.is_none());
    if let Some(d) = d {
        let (Some(a), Some(b)) = (rat(n)?, rat(d)?) else {
            return Err(PyTypeError::new_err(
                "both arguments should be Rational instances",
            ));
        };
        if b.is_zero() {
            return Err(PyZeroDivisionError::new_err(format!("Fraction({a}, 0)")));
        }
        return Ok(a / b);
    }
    if let Some(r) = rat(n)? {
        return Ok(r);
    }
    if let Ok(f) = n.cast::<PyFloat>() {
        return from_f64(f.value());
    }
    if let Ok(s) = n.cast::<PyString>() {
        let text = s.to_cow()?;
        return parse(&text)?.ok_or_else(|| {
            let r = s.repr().map(|r| r.to_string()).unwrap_or_default();
            PyValueError::new_err(format!("Invalid literal for Fraction: {r}"))
        });
    }
    let decimal = py.import("decimal")?.getattr("Decimal")?;
    if n.is_instance(&decimal)? {
        let t = n.call_method0("as_integer_ratio")?;
        let (a, b): (Bound<'_, PyAny>, Bound<'_, PyAny>) = t.extract()?;
        let (Some(a), Some(b)) = (val(&a)?, val(&b)?) else {
            return Err(PyTypeError::new_err("bad integer ratio"));
        };
        return Ok(Rational::new(a.into_owned(), b.into_owned()));
    }
    Err(PyTypeError::new_err(
        "argument should be a string or a Rational instance",
    ))
}

/// The `Fraction` hash: `|n| · d^(-1) mod (2^61 - 1)` with the sign, the infinity hash when
/// `d` is a multiple of the modulus.
fn hash_rational(r: &Rational) -> isize {
    const P: u64 = (1 << 61) - 1;
    let modp = |x: &Int| {
        let mut h = 0u64;
        for &l in x.as_limbs().iter().rev() {
            h = reduce_p((u128::from(h) << 64) | u128::from(l));
        }
        h
    };
    let d = modp(r.denom());
    let h = if d == 0 {
        314_159
    } else {
        // d^(P-2) mod P.
        let (mut base, mut e, mut acc) = (d, P - 2, 1u64);
        while e > 0 {
            if e & 1 == 1 {
                acc = reduce_p(u128::from(acc) * u128::from(base));
            }
            base = reduce_p(u128::from(base) * u128::from(base));
            e >>= 1;
        }
        reduce_p(u128::from(modp(r.numer())) * u128::from(acc))
    };
    let v = if r.is_negative() {
        -(h as i64)
    } else {
        h as i64
    };
    if v == -1 {
        -2
    } else {
        v as isize
    }
}

/// The floor quotient and remainder of two rationals (`b` nonzero).
fn divmod(a: &Rational, b: &Rational) -> (Int, Rational) {
    let q = (a / b).floor();
    let r = a - &(b * &Rational::from(q.clone()));
    (q, r)
}

fn zero_div(a: &Rational) -> PyErr {
    PyZeroDivisionError::new_err(format!("Fraction({}, 0)", a.numer()))
}

/// `a ** e` for an integer exponent.
fn pow_int(a: &Rational, e: &Int) -> PyResult<Rational> {
    if e.is_zero() {
        return Ok(Rational::from(Int::ONE));
    }
    let (n, d) = (a.numer(), a.denom());
    if e.is_negative() && n.is_zero() {
        return Err(zero_div(&Rational::from(Int::ONE)));
    }
    let trivial = (n.abs() == 1 || n.is_zero()) && *d == 1;
    if trivial {
        let odd = e.is_odd();
        return Ok(if n.is_negative() && !odd {
            Rational::from(Int::ONE)
        } else {
            a.clone()
        });
    }
    let k = e.abs();
    let bits = k.to_f64() * (n.bits().max(d.bits()) as f64);
    check_bits(bits)?;
    let k = u32::try_from(&k).map_err(|_| PyOverflowError::new_err("exponent too large"))?;
    let (pn, pd) = (n.pow(k), d.pow(k));
    Ok(if e.is_negative() {
        Rational::new(pd, pn)
    } else {
        Rational::new(pn, pd)
    })
}

/// What a binary operation does with an operand that is not exactly rational.
fn inexact<'py>(
    py: Python<'py>,
    a: &Rational,
    other: &Bound<'py, PyAny>,
    op: &str,
    reflected: bool,
) -> PyResult<Py<PyAny>> {
    let x = if other.is_instance_of::<PyFloat>() {
        PyFloat::new(py, to_f64(a)?).into_any()
    } else if other.is_instance_of::<PyComplex>() {
        PyComplex::from_doubles(py, to_f64(a)?, 0.0).into_any()
    } else {
        return Ok(py.NotImplemented());
    };
    let f = if op == "divmod" {
        py.import("builtins")?.getattr("divmod")?
    } else {
        py.import("operator")?.getattr(op)?
    };
    let r = if reflected {
        f.call1((other, x))?
    } else {
        f.call1((x, other))?
    };
    Ok(r.unbind())
}

/// A binary operator's exact part: `a op b` for rational operands.
type RatOp = fn(Python<'_>, &Rational, &Rational) -> PyResult<Py<PyAny>>;

/// `x op other` (or `other op x` when `reflected`): exactly for rational operands, through
/// `float` or `complex` for those, `NotImplemented` for anything else.
fn binary(
    py: Python<'_>,
    x: &Rational,
    other: &Bound<'_, PyAny>,
    name: &str,
    reflected: bool,
    f: RatOp,
) -> PyResult<Py<PyAny>> {
    match rat(other)? {
        Some(b) if reflected => f(py, &b, x),
        Some(b) => f(py, x, &b),
        None => inexact(py, x, other, name, reflected),
    }
}

fn op_add(py: Python<'_>, a: &Rational, b: &Rational) -> PyResult<Py<PyAny>> {
    new_rat(py, run(py, size(a, b), || a + b))
}
fn op_sub(py: Python<'_>, a: &Rational, b: &Rational) -> PyResult<Py<PyAny>> {
    new_rat(py, run(py, size(a, b), || a - b))
}
fn op_mul(py: Python<'_>, a: &Rational, b: &Rational) -> PyResult<Py<PyAny>> {
    new_rat(py, run(py, size(a, b), || a * b))
}
fn op_truediv(py: Python<'_>, a: &Rational, b: &Rational) -> PyResult<Py<PyAny>> {
    if b.is_zero() {
        return Err(zero_div(a));
    }
    new_rat(py, run(py, size(a, b), || a / b))
}
fn op_floordiv(py: Python<'_>, a: &Rational, b: &Rational) -> PyResult<Py<PyAny>> {
    if b.is_zero() {
        return Err(zero_div(a));
    }
    new_int(py, divmod(a, b).0)
}
fn op_mod(py: Python<'_>, a: &Rational, b: &Rational) -> PyResult<Py<PyAny>> {
    if b.is_zero() {
        return Err(zero_div(a));
    }
    new_rat(py, divmod(a, b).1)
}
fn op_divmod(py: Python<'_>, a: &Rational, b: &Rational) -> PyResult<Py<PyAny>> {
    if b.is_zero() {
        return Err(zero_div(a));
    }
    let (q, r) = divmod(a, b);
    Ok(PyTuple::new(py, [new_int(py, q)?, new_rat(py, r)?])?
        .into_any()
        .unbind())
}

fn size(a: &Rational, b: &Rational) -> usize {
    a.numer().as_limbs().len()
        + a.denom().as_limbs().len()
        + b.numer().as_limbs().len()
        + b.denom().as_limbs().len()
}

#[pymethods]
impl PyRationalObj {
    #[new]
    #[pyo3(signature = (numerator=None, denominator=None))]
    fn py_new(
        py: Python<'_>,
        numerator: Option<&Bound<'_, PyAny>>,
        denominator: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        Ok(PyRationalObj(construct(py, numerator, denominator)?))
    }

    /// The rational equal to the float ``f`` exactly.
    #[classmethod]
    fn from_float(
        _cls: &Bound<'_, PyType>,
        py: Python<'_>,
        f: &Bound<'_, PyAny>,
    ) -> PyResult<Py<PyAny>> {
        if let Some(v) = val(f)? {
            return new_rat(py, Rational::from(v.into_owned()));
        }
        let f: f64 = f.extract()?;
        new_rat(py, from_f64(f)?)
    }
    /// The rational equal to the ``decimal.Decimal`` ``d`` exactly.
    #[classmethod]
    fn from_decimal(
        _cls: &Bound<'_, PyType>,
        py: Python<'_>,
        d: &Bound<'_, PyAny>,
    ) -> PyResult<Py<PyAny>> {
        new_rat(py, construct(py, Some(d), None)?)
    }

    /// The numerator in lowest terms (its sign is the value's).
    #[getter]
    fn numerator(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        new_int(py, self.0.numer().clone())
    }
    /// The denominator in lowest terms (positive).
    #[getter]
    fn denominator(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        new_int(py, self.0.denom().clone())
    }
    /// The value itself.
    #[getter]
    fn real(slf: &Bound<'_, Self>) -> Py<PyAny> {
        slf.clone().into_any().unbind()
    }
    /// Always ``Int(0)``.
    #[getter]
    fn imag(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        new_int(py, Int::ZERO)
    }
    /// The value itself.
    fn conjugate(slf: &Bound<'_, Self>) -> Py<PyAny> {
        slf.clone().into_any().unbind()
    }
    /// ``(numerator, denominator)``.
    fn as_integer_ratio(&self, py: Python<'_>) -> PyResult<(Py<PyAny>, Py<PyAny>)> {
        Ok((self.numerator(py)?, self.denominator(py)?))
    }
    /// Whether the value is an integer.
    fn is_integer(&self) -> bool {
        self.0.is_integer()
    }

    /// The closest rational with a denominator at most ``max_denominator``, as
    /// ``Fraction.limit_denominator``.
    #[pyo3(signature = (max_denominator=None))]
    fn limit_denominator(
        &self,
        py: Python<'_>,
        max_denominator: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Py<PyAny>> {
        let max = match max_denominator {
            Some(m) => crate::int::arg(m)?.into_owned(),
            None => Int::from(1_000_000),
        };
        if max < 1 {
            return Err(PyValueError::new_err(
                "max_denominator should be at least 1",
            ));
        }
        if *self.0.denom() <= max {
            return new_rat(py, self.0.clone());
        }
        let (mut p0, mut q0, mut p1, mut q1) = (Int::ZERO, Int::ONE, Int::ONE, Int::ZERO);
        let (mut n, mut d) = (self.0.numer().clone(), self.0.denom().clone());
        loop {
            let (a, r) = n.div_rem_floor(&d);
            let q2 = &q0 + &(&a * &q1);
            if q2 > max {
                break;
            }
            let p2 = &p0 + &(&a * &p1);
            (p0, q0, p1, q1) = (p1, q1, p2, q2);
            (n, d) = (d, r);
        }
        let k = (&max - &q0).div_rem_floor(&q1).0;
        let b1 = Rational::new(&p0 + &(&k * &p1), &q0 + &(&k * &q1));
        let b2 = Rational::new(p1, q1);
        let d1 = (&b1 - &self.0).abs();
        let d2 = (&b2 - &self.0).abs();
        new_rat(py, if d2 <= d1 { b2 } else { b1 })
    }

    fn __add__<'py>(&self, py: Python<'py>, other: &Bound<'py, PyAny>) -> PyResult<Py<PyAny>> {
        binary(py, &self.0, other, "add", false, op_add)
    }
    fn __radd__<'py>(&self, py: Python<'py>, other: &Bound<'py, PyAny>) -> PyResult<Py<PyAny>> {
        binary(py, &self.0, other, "add", true, op_add)
    }
    fn __sub__<'py>(&self, py: Python<'py>, other: &Bound<'py, PyAny>) -> PyResult<Py<PyAny>> {
        binary(py, &self.0, other, "sub", false, op_sub)
    }
    fn __rsub__<'py>(&self, py: Python<'py>, other: &Bound<'py, PyAny>) -> PyResult<Py<PyAny>> {
        binary(py, &self.0, other, "sub", true, op_sub)
    }
    fn __mul__<'py>(&self, py: Python<'py>, other: &Bound<'py, PyAny>) -> PyResult<Py<PyAny>> {
        binary(py, &self.0, other, "mul", false, op_mul)
    }
    fn __rmul__<'py>(&self, py: Python<'py>, other: &Bound<'py, PyAny>) -> PyResult<Py<PyAny>> {
        binary(py, &self.0, other, "mul", true, op_mul)
    }
    fn __truediv__<'py>(&self, py: Python<'py>, other: &Bound<'py, PyAny>) -> PyResult<Py<PyAny>> {
        binary(py, &self.0, other, "truediv", false, op_truediv)
    }
    fn __rtruediv__<'py>(&self, py: Python<'py>, other: &Bound<'py, PyAny>) -> PyResult<Py<PyAny>> {
        binary(py, &self.0, other, "truediv", true, op_truediv)
    }
    fn __floordiv__<'py>(&self, py: Python<'py>, other: &Bound<'py, PyAny>) -> PyResult<Py<PyAny>> {
        binary(py, &self.0, other, "floordiv", false, op_floordiv)
    }
    fn __rfloordiv__<'py>(
        &self,
        py: Python<'py>,
        other: &Bound<'py, PyAny>,
    ) -> PyResult<Py<PyAny>> {
        binary(py, &self.0, other, "floordiv", true, op_floordiv)
    }
    fn __mod__<'py>(&self, py: Python<'py>, other: &Bound<'py, PyAny>) -> PyResult<Py<PyAny>> {
        binary(py, &self.0, other, "mod", false, op_mod)
    }
    fn __rmod__<'py>(&self, py: Python<'py>, other: &Bound<'py, PyAny>) -> PyResult<Py<PyAny>> {
        binary(py, &self.0, other, "mod", true, op_mod)
    }
    fn __divmod__<'py>(&self, py: Python<'py>, other: &Bound<'py, PyAny>) -> PyResult<Py<PyAny>> {
        binary(py, &self.0, other, "divmod", false, op_divmod)
    }
    fn __rdivmod__<'py>(&self, py: Python<'py>, other: &Bound<'py, PyAny>) -> PyResult<Py<PyAny>> {
        binary(py, &self.0, other, "divmod", true, op_divmod)
    }

    fn __pow__<'py>(
        &self,
        py: Python<'py>,
        other: &Bound<'py, PyAny>,
        modulo: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Py<PyAny>> {
        if modulo.is_some_and(|m| !m.is_none()) {
            return Ok(py.NotImplemented());
        }
        match rat(other)? {
            Some(e) if e.is_integer() => new_rat(py, pow_int(&self.0, e.numer())?),
            Some(e) => {
                let f = PyFloat::new(py, to_f64(&self.0)?);
                Ok(f.pow(PyFloat::new(py, to_f64(&e)?), py.None())?.unbind())
            }
            None => inexact(py, &self.0, other, "pow", false),
        }
    }
    fn __rpow__<'py>(
        &self,
        py: Python<'py>,
        other: &Bound<'py, PyAny>,
        modulo: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Py<PyAny>> {
        if modulo.is_some_and(|m| !m.is_none()) {
            return Ok(py.NotImplemented());
        }
        let e = &self.0;
        if e.is_integer() {
            if let Some(b) = rat(other)? {
                if !e.is_negative() {
                    if let Some(i) = val(other)? {
                        return new_int(py, crate::int::pow(py, &i, e.numer())?);
                    }
                }
                return new_rat(py, pow_int(&b, e.numer())?);
            }
            let i = new_int(py, e.numer().clone())?;
            return Ok(other.pow(i, py.None())?.unbind());
        }
        let f = PyFloat::new(py, to_f64(e)?);
        Ok(other.pow(f, py.None())?.unbind())
    }

    fn __neg__(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        new_rat(py, -&self.0)
    }
    fn __pos__(slf: &Bound<'_, Self>) -> Py<PyAny> {
        slf.clone().into_any().unbind()
    }
    fn __abs__(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        new_rat(py, self.0.abs())
    }
    fn __bool__(&self) -> bool {
        !self.0.is_zero()
    }
    fn __trunc__(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        new_int(py, self.0.trunc())
    }
    fn __int__(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        crate::pylong::to_py(py, &self.0.trunc())
    }
    fn __floor__(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        new_int(py, self.0.floor())
    }
    fn __ceil__(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        new_int(py, self.0.ceil())
    }
    fn __float__(&self) -> PyResult<f64> {
        to_f64(&self.0)
    }
    /// Rounds half to even: to an ``Int`` without ``ndigits``, else to a ``Rational`` with
    /// ``ndigits`` decimal digits.
    #[pyo3(signature = (ndigits=None))]
    fn __round__(&self, py: Python<'_>, ndigits: Option<&Bound<'_, PyAny>>) -> PyResult<Py<PyAny>> {
        let half_even = |r: &Rational| -> Int {
            let f = r.floor();
            let diff = r - &Rational::from(f.clone());
            let half = Rational::new(Int::ONE, Int::from(2));
            match diff.cmp(&half) {
                Ordering::Less => f,
                Ordering::Greater => f + 1u32,
                Ordering::Equal if f.is_even() => f,
                Ordering::Equal => f + 1u32,
            }
        };
        let Some(n) = ndigits.filter(|n| !n.is_none()) else {
            return new_int(py, half_even(&self.0));
        };
        let n = crate::int::arg(n)?;
        let k = i64::try_from(&*n).map_err(|_| PyOverflowError::new_err("ndigits too large"))?;
        check_bits(k.unsigned_abs() as f64 * 3.33)?;
        let p = Rational::from(Int::from(10).pow(k.unsigned_abs() as u32));
        let r = if k >= 0 {
            Rational::from(half_even(&(&self.0 * &p))) / p
        } else {
            Rational::from(half_even(&(&self.0 / &p))) * p
        };
        new_rat(py, r)
    }
    fn __hash__(&self) -> isize {
        hash_rational(&self.0)
    }
    fn __richcmp__<'py>(
        &self,
        py: Python<'py>,
        other: &Bound<'py, PyAny>,
        op: CompareOp,
    ) -> PyResult<Py<PyAny>> {
        let ord = if let Some(b) = rat(other)? {
            Some(self.0.cmp(&b))
        } else if let Ok(f) = other.cast::<PyFloat>() {
            let f = f.value();
            if f.is_nan() {
                None
            } else if f.is_infinite() {
                Some(if f > 0.0 {
                    Ordering::Less
                } else {
                    Ordering::Greater
                })
            } else {
                Some(self.0.cmp(&from_f64(f)?))
            }
        } else if let Ok(c) = other.cast::<PyComplex>() {
            if !matches!(op, CompareOp::Eq | CompareOp::Ne) {
                return Ok(py.NotImplemented());
            }
            let eq = c.imag() == 0.0 && c.real().is_finite() && self.0 == from_f64(c.real())?;
            Some(if eq { Ordering::Equal } else { Ordering::Less })
        } else {
            return Ok(py.NotImplemented());
        };
        Ok(pyo3::types::PyBool::new(py, cmp_result(ord, op))
            .to_owned()
            .into_any()
            .unbind())
    }
    fn __repr__(&self) -> String {
        format!("Rational({}, {})", self.0.numer(), self.0.denom())
    }
    fn __str__(&self) -> String {
        if *self.0.denom() == 1 {
            self.0.numer().to_string()
        } else {
            format!("{}/{}", self.0.numer(), self.0.denom())
        }
    }
    fn __format__(&self, py: Python<'_>, spec: &str) -> PyResult<Py<PyAny>> {
        if spec.is_empty() {
            return Ok(PyString::new(py, &self.__str__()).into_any().unbind());
        }
        let fraction = py.import("fractions")?.getattr("Fraction")?;
        let n = crate::pylong::to_py(py, self.0.numer())?;
        let d = crate::pylong::to_py(py, self.0.denom())?;
        let f = fraction.call1((n, d))?;
        Ok(py
            .import("builtins")?
            .getattr("format")?
            .call1((f, spec))?
            .unbind())
    }
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Py<PyAny>, Py<PyTuple>)> {
        let py = slf.py();
        let r = &slf.get().0;
        Ok((
            slf.get_type().into_any().unbind(),
            PyTuple::new(
                py,
                [
                    new_int(py, r.numer().clone())?,
                    new_int(py, r.denom().clone())?,
                ],
            )?
            .unbind(),
        ))
    }
    fn __copy__(slf: &Bound<'_, Self>) -> Py<PyAny> {
        slf.clone().into_any().unbind()
    }
    fn __deepcopy__(slf: &Bound<'_, Self>, _memo: &Bound<'_, PyAny>) -> Py<PyAny> {
        slf.clone().into_any().unbind()
    }
}
