//! `carry.Int`: an immutable integer that behaves as Python's `int` does.
//!
//! Every binary operator takes `Int`, `int` or `bool` on either side natively. With any other
//! operand (`float`, `complex`, `Fraction`, `Decimal`, a sequence to repeat, ...) the operation
//! is the one `int` would perform: the value is converted to `int` and the operator applied
//! through the interpreter, so mixed arithmetic gives exactly `int`'s results and errors.

use crate::guard::{check_bits, run};
use crate::{fmt, pylong};
use carry::{Int, Rational};
use pyo3::exceptions::{PyOverflowError, PyTypeError, PyValueError, PyZeroDivisionError};
use pyo3::prelude::*;
use pyo3::pyclass::CompareOp;
use pyo3::types::{PyBytes, PyFloat, PyString, PyTuple, PyType};
use std::borrow::Cow;
use std::cmp::Ordering;

/// An integer of any size that can stand in for Python's ``int``.
///
/// ``Int`` accepts everything ``int()`` accepts (an ``int``, a ``float`` truncated toward zero,
/// a string in any base from 2 to 36 with underscores and prefixes, ``bytes``, any object with
/// ``__index__`` or ``__int__``), mixes with ``int`` and ``bool`` in every operator, hashes
/// equal to the ``int`` of the same value and formats with every spec ``int`` takes. Decimal
/// strings of any length are accepted and produced: the interpreter's 4300-digit limit does
/// not apply.
///
/// >>> from carry import Int
/// >>> x = Int(2) ** 127 - 1
/// >>> x % 1000, hash(x) == hash(int(x)), f"{x:_x}"[:9]
/// (Int(727), True, '7fff_ffff')
#[pyclass(name = "Int", module = "carry", frozen)]
pub struct PyIntObj(pub Int);

/// An operand: borrowed from an `Int` object or converted from an `int`.
pub type Val<'a> = Cow<'a, Int>;

/// The integer value of `obj` when it is an `Int`, `int` or `bool`; `None` for anything else.
#[inline]
pub fn val<'a>(obj: &'a Bound<'_, PyAny>) -> PyResult<Option<Val<'a>>> {
    if let Ok(i) = obj.cast::<PyIntObj>() {
        return Ok(Some(Cow::Borrowed(&i.get().0)));
    }
    if obj.is_instance_of::<pyo3::types::PyInt>() {
        return Ok(Some(Cow::Owned(pylong::to_int(obj)?)));
    }
    Ok(None)
}

/// The integer value of a function argument: an `Int`, `int`, `bool` or any object with
/// `__index__`; `TypeError` otherwise.
pub fn arg<'a>(obj: &'a Bound<'_, PyAny>) -> PyResult<Val<'a>> {
    if let Some(v) = val(obj)? {
        return Ok(v);
    }
    if obj.hasattr(pyo3::intern!(obj.py(), "__index__"))? {
        let i = obj.call_method0(pyo3::intern!(obj.py(), "__index__"))?;
        if let Some(v) = val(&i)? {
            return Ok(Cow::Owned(v.into_owned()));
        }
    }
    Err(PyTypeError::new_err(format!(
        "expected an integer, got {}",
        obj.get_type().name()?
    )))
}

/// A new `Int` object.
#[inline]
pub fn new_int(py: Python<'_>, v: Int) -> PyResult<Py<PyAny>> {
    let p = crate::fastslots::new_raw(py, v);
    if p.is_null() {
        return Err(PyErr::fetch(py));
    }
    // SAFETY: p is a new reference to an Int object.
    Ok(unsafe { Bound::from_owned_ptr(py, p) }.unbind())
}

fn zero_division() -> PyErr {
    PyZeroDivisionError::new_err("integer division or modulo by zero")
}

/// The limbs of the larger operand, which decides whether the GIL is released.
#[inline]
fn size(a: &Int, b: &Int) -> usize {
    a.as_limbs().len().max(b.as_limbs().len())
}

/// `op(int(x), other)` (or `op(other, int(x))`) through the interpreter; `NotImplemented` when
/// `int` does not support the operand either, so that the message names `Int`.
fn fallback(
    py: Python<'_>,
    x: &Int,
    other: &Bound<'_, PyAny>,
    op: &str,
    reflected: bool,
) -> PyResult<Py<PyAny>> {
    static OPERATOR: pyo3::sync::PyOnceLock<Py<PyModule>> = pyo3::sync::PyOnceLock::new();
    static BUILTINS: pyo3::sync::PyOnceLock<Py<PyModule>> = pyo3::sync::PyOnceLock::new();
    let i = pylong::to_py(py, x)?.into_bound(py);
    let module = |cell: &'static pyo3::sync::PyOnceLock<Py<PyModule>>, name: &str| {
        cell.get_or_try_init(py, || PyResult::Ok(py.import(name)?.unbind()))
            .map(|m| m.bind(py).clone())
    };
    let f = if op == "divmod" {
        module(&BUILTINS, "builtins")?.getattr("divmod")?
    } else {
        module(&OPERATOR, "operator")?.getattr(op)?
    };
    let r = if reflected {
        f.call1((other, i))
    } else {
        f.call1((i, other))
    };
    match r {
        Ok(v) => Ok(v.unbind()),
        Err(e) if e.is_instance_of::<PyTypeError>(py) => Ok(py.NotImplemented()),
        Err(e) => Err(e),
    }
}

/// `a·b`, refused before the work when too large.
pub fn mul(py: Python<'_>, a: &Int, b: &Int) -> PyResult<Int> {
    let bits = a.bits() + b.bits();
    if bits > 1 << 20 {
        check_bits(bits as f64)?;
    }
    Ok(run(py, size(a, b), || a * b))
}

/// `a // b` and `a % b` with Python's floor semantics.
pub fn divmod(py: Python<'_>, a: &Int, b: &Int) -> PyResult<(Int, Int)> {
    if b.is_zero() {
        return Err(zero_division());
    }
    Ok(run(py, size(a, b), || a.div_rem_floor(b)))
}

/// The shift count of `a << k` or `a >> k`.
fn shift_count(k: &Int) -> PyResult<u64> {
    if k.is_negative() {
        return Err(PyValueError::new_err("negative shift count"));
    }
    u64::try_from(k).map_err(|_| PyOverflowError::new_err("too many digits in integer"))
}

pub fn shl(py: Python<'_>, a: &Int, k: &Int) -> PyResult<Int> {
    let k = shift_count(k)?;
    if a.is_zero() {
        return Ok(Int::ZERO);
    }
    check_bits(a.bits() as f64 + k as f64)?;
    Ok(run(
        py,
        (a.as_limbs().len() + (k / 64) as usize) / 64,
        || a << k,
    ))
}

pub fn shr(a: &Int, k: &Int) -> PyResult<Int> {
    let k = shift_count(k)?;
    Ok(a >> k)
}

/// `a ** e` for `e >= 0`, refused before the work when too large.
pub fn pow(py: Python<'_>, a: &Int, e: &Int) -> PyResult<Int> {
    if e.is_zero() {
        return Ok(Int::ONE);
    }
    if a.is_zero() || *a == 1 {
        return Ok(a.clone());
    }
    if *a == -1 {
        return Ok(if e.is_even() { Int::ONE } else { a.clone() });
    }
    let bits = e.to_f64() * (a.bits() as f64 - 1.0).max(1.0);
    check_bits(bits)?;
    let e = u32::try_from(e).map_err(|_| PyOverflowError::new_err("exponent too large"))?;
    Ok(run(py, (bits / 64.0) as usize, || a.pow(e)))
}

/// `base ** e % m` with Python's semantics: the result has the sign of `m`, a negative
/// exponent raises the inverse.
pub fn powmod(py: Python<'_>, base: &Int, e: &Int, m: &Int) -> PyResult<Int> {
    if m.is_zero() {
        return Err(PyValueError::new_err("pow() 3rd argument cannot be 0"));
    }
    let am = m.abs();
    if am == 1 {
        return Ok(Int::ZERO);
    }
    let r = run(py, size(base, m).max(e.as_limbs().len()), || {
        base.checked_modpow(e, &am)
    })
    .ok_or_else(|| PyValueError::new_err("base is not invertible for the given modulus"))?;
    Ok(if m.is_negative() && !r.is_zero() {
        r + m
    } else {
        r
    })
}

/// `a / b` as the nearest `float` (ties to even), as `int.__truediv__` computes it.
pub fn truediv(a: &Int, b: &Int) -> PyResult<f64> {
    if b.is_zero() {
        return Err(PyZeroDivisionError::new_err("division by zero"));
    }
    let (abits, bbits) = (a.bits(), b.bits());
    if abits <= 53 && bbits <= 53 {
        return Ok(a.to_f64() / b.to_f64());
    }
    let diff = abits as i64 - bbits as i64;
    let q = if (-1000..1000).contains(&diff) {
        // A quotient of 55 or 56 bits with a sticky bit for the remainder rounds once to 53
        // bits; the scaling by a power of two is exact in the normal range.
        let s = 55 - diff;
        let (n, d) = if s >= 0 {
            (a.abs() << s as u64, b.abs())
        } else {
            (a.abs(), b.abs() << (-s) as u64)
        };
        let (q, r) = n.div_rem(&d);
        let q = u64::try_from(&q).unwrap_or(u64::MAX) | u64::from(!r.is_zero());
        let m = ldexp(q as f64, -s);
        if a.is_negative() != b.is_negative() {
            -m
        } else {
            m
        }
    } else {
        Rational::new(a.clone(), b.clone()).to_f64()
    };
    if q.is_infinite() {
        return Err(PyOverflowError::new_err(
            "integer division result too large for a float",
        ));
    }
    Ok(q)
}

/// `m·2^k` for a result in the normal range, in two exact steps.
fn ldexp(m: f64, k: i64) -> f64 {
    let pow2 = |e: i64| f64::from_bits(((e + 1023) as u64) << 52);
    let k1 = k / 2;
    m * pow2(k1) * pow2(k - k1)
}

/// The value as the nearest `float`, `OverflowError` beyond its range.
pub fn to_f64(x: &Int) -> PyResult<f64> {
    let f = x.to_f64();
    if f.is_infinite() {
        return Err(PyOverflowError::new_err(
            "int too large to convert to float",
        ));
    }
    Ok(f)
}

/// The exact comparison of `a` with a float (`None` for NaN).
pub fn cmp_f64(a: &Int, f: f64) -> Option<Ordering> {
    if f.is_nan() {
        return None;
    }
    if f.is_infinite() {
        return Some(if f > 0.0 {
            Ordering::Less
        } else {
            Ordering::Greater
        });
    }
    let t = f.trunc();
    let ti = Int::try_from(t).ok()?;
    Some(match a.cmp(&ti) {
        Ordering::Equal if f > t => Ordering::Less,
        Ordering::Equal if f < t => Ordering::Greater,
        c => c,
    })
}

/// Whether `ord` satisfies `op`.
pub fn cmp_result(ord: Option<Ordering>, op: CompareOp) -> bool {
    match ord {
        None => matches!(op, CompareOp::Ne),
        Some(o) => op.matches(o),
    }
}

/// `hash(int(x))`: the value modulo the Mersenne prime 2^61 - 1, with the sign, -1 made -2.
pub fn hash_int(x: &Int) -> isize {
    let mut h: u64 = 0;
    for &l in x.as_limbs().iter().rev() {
        // h·2^64 + l mod P, with 2^64 ≡ 2^3 (mod P).
        let t = (u128::from(h) << 64) | u128::from(l);
        h = reduce_p(t);
    }
    let v = if x.is_negative() {
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

/// `t mod (2^61 - 1)` for any `u128`.
pub fn reduce_p(t: u128) -> u64 {
    const P: u128 = (1 << 61) - 1;
    let t = (t & P) + (t >> 61);
    let t = (t & P) + (t >> 61);
    let t = t as u64;
    if u128::from(t) >= P {
        t - P as u64
    } else {
        t
    }
}

/// Parses text as `int(text, base)` does, without the digit limit. `base` 0 reads a prefix.
pub fn parse(text: &str, base: u32) -> Option<Int> {
    let s = text.trim_matches(|c: char| c.is_ascii_whitespace() || ('\x1c'..='\x1f').contains(&c));
    let (neg, s) = match s.as_bytes().first() {
        Some(b'-') => (true, &s[1..]),
        Some(b'+') => (false, &s[1..]),
        _ => (false, s),
    };
    let lower = s.get(..2).map(|p| p.to_ascii_lowercase());
    let prefixed = |p: &str| lower.as_deref() == Some(p);
    let (radix, body, had_prefix) = match base {
        0 | 16 if prefixed("0x") => (16, &s[2..], true),
        0 | 8 if prefixed("0o") => (8, &s[2..], true),
        0 | 2 if prefixed("0b") => (2, &s[2..], true),
        0 => (10, s, false),
        b => (b, s, false),
    };
    let body = if had_prefix {
        body.strip_prefix('_').unwrap_or(body)
    } else {
        body
    };
    if matches!(body.as_bytes().first(), None | Some(b'+' | b'-' | b'_')) {
        return None;
    }
    let v = Int::from_str_radix(body, radix).ok()?;
    // Base 0 takes no leading zero before a nonzero decimal value ("010" is an error).
    if base == 0 && !had_prefix && body.starts_with('0') && !v.is_zero() {
        return None;
    }
    Some(if neg { -v } else { v })
}

/// The text of a `str` for `int()`: non-ASCII whitespace made spaces and non-ASCII decimal
/// digits made ASCII ones, as the interpreter does before parsing.
fn ascii_text(s: &Bound<'_, PyString>) -> PyResult<String> {
    let text = s.to_cow()?;
    if text.is_ascii() {
        return Ok(text.into_owned());
    }
    let py = s.py();
    let unicodedata = py.import("unicodedata")?;
    let mut out = String::with_capacity(text.len());
    for ch in text.chars() {
        if ch.is_ascii() {
            out.push(ch);
            continue;
        }
        let one = PyString::new(py, ch.encode_utf8(&mut [0; 4]));
        if one.call_method0("isspace")?.extract::<bool>()? {
            out.push(' ');
        } else if one.call_method0("isdecimal")?.extract::<bool>()? {
            let d: u32 = unicodedata.call_method1("decimal", (one,))?.extract()?;
            out.push(char::from_digit(d, 10).unwrap_or('?'));
        } else {
            out.push('?');
        }
    }
    Ok(out)
}

/// `int(x)` and `int(x, base)` as an `Int`.
pub fn construct(x: Option<&Bound<'_, PyAny>>, base: Option<&Bound<'_, PyAny>>) -> PyResult<Int> {
    let Some(x) = x else {
        if base.is_some() {
            return Err(PyTypeError::new_err("int() missing string argument"));
        }
        return Ok(Int::ZERO);
    };
    let py = x.py();
    let base = match base {
        None => None,
        Some(b) => {
            let b = arg(b)?;
            match u32::try_from(&*b) {
                Ok(v) if v == 0 || (2..=36).contains(&v) => Some(v),
                _ => {
                    return Err(PyValueError::new_err(
                        "int() base must be >= 2 and <= 36, or 0",
                    ))
                }
            }
        }
    };
    let text = if let Ok(s) = x.cast::<PyString>() {
        Some(ascii_text(s)?)
    } else if x.is_instance_of::<PyBytes>() || x.is_instance_of::<pyo3::types::PyByteArray>() {
        let b: Vec<u8> = x.extract()?;
        Some(String::from_utf8(b).unwrap_or_else(|_| "?".into()))
    } else {
        None
    };
    if let Some(text) = text {
        let b = base.unwrap_or(10);
        return parse(&text, b).ok_or_else(|| {
            let r = x.repr().map(|r| r.to_string()).unwrap_or_default();
            let r: String = r.chars().take(200).collect();
            PyValueError::new_err(format!("invalid literal for int() with base {b}: {r}"))
        });
    }
    if base.is_some() {
        return Err(PyTypeError::new_err(
            "int() can't convert non-string with explicit base",
        ));
    }
    if let Some(v) = val(x)? {
        return Ok(v.into_owned());
    }
    if let Ok(f) = x.cast::<PyFloat>() {
        let f = f.value();
        if f.is_nan() {
            return Err(PyValueError::new_err("cannot convert float NaN to integer"));
        }
        return Int::try_from(f)
            .map_err(|_| PyOverflowError::new_err("cannot convert float infinity to integer"));
    }
    if let Ok(r) = x.cast::<crate::rational::PyRationalObj>() {
        return Ok(r.get().0.trunc());
    }
    let i = py.get_type::<pyo3::types::PyInt>().call1((x,))?;
    Ok(val(&i)?.map(Cow::into_owned).unwrap_or_default())
}

/// A binary operator's native part: `a op b` for integer operands.
type IntOp = fn(Python<'_>, &Int, &Int) -> PyResult<Py<PyAny>>;

/// `x op other` (or `other op x` when `reflected`): natively for `Int`/`int` operands,
/// through `int` for anything else.
#[inline]
fn binary(
    py: Python<'_>,
    x: &Int,
    other: &Bound<'_, PyAny>,
    name: &str,
    reflected: bool,
    f: IntOp,
) -> PyResult<Py<PyAny>> {
    match val(other)? {
        Some(b) if reflected => f(py, &b, x),
        Some(b) => f(py, x, &b),
        None => {
            if let Ok(g) = other.cast::<PyFloat>() {
                if let Some(r) = float_op(x, g.value(), name, reflected)? {
                    return Ok(PyFloat::new(py, r).into_any().unbind());
                }
            }
            fallback(py, x, other, name, reflected)
        }
    }
}

/// `x op g` (or `g op x`) for a float operand, as `float` computes it with an `int`: `x` is
/// converted to the nearest float first. `None` for the operators left to the interpreter.
fn float_op(x: &Int, g: f64, name: &str, reflected: bool) -> PyResult<Option<f64>> {
    if !matches!(name, "add" | "sub" | "mul" | "truediv") {
        return Ok(None);
    }
    let f = to_f64(x)?;
    let (a, b) = if reflected { (g, f) } else { (f, g) };
    Ok(Some(match name {
        "add" => a + b,
        "sub" => a - b,
        "mul" => a * b,
        _ => {
            if b == 0.0 {
                return Err(PyZeroDivisionError::new_err("float division by zero"));
            }
            a / b
        }
    }))
}

fn op_add(py: Python<'_>, a: &Int, b: &Int) -> PyResult<Py<PyAny>> {
    new_int(py, run(py, size(a, b) / 64, || a + b))
}
fn op_sub(py: Python<'_>, a: &Int, b: &Int) -> PyResult<Py<PyAny>> {
    new_int(py, run(py, size(a, b) / 64, || a - b))
}
fn op_mul(py: Python<'_>, a: &Int, b: &Int) -> PyResult<Py<PyAny>> {
    new_int(py, mul(py, a, b)?)
}
fn op_floordiv(py: Python<'_>, a: &Int, b: &Int) -> PyResult<Py<PyAny>> {
    new_int(py, divmod(py, a, b)?.0)
}
fn op_mod(py: Python<'_>, a: &Int, b: &Int) -> PyResult<Py<PyAny>> {
    new_int(py, divmod(py, a, b)?.1)
}
fn op_divmod(py: Python<'_>, a: &Int, b: &Int) -> PyResult<Py<PyAny>> {
    let (q, r) = divmod(py, a, b)?;
    Ok(PyTuple::new(py, [new_int(py, q)?, new_int(py, r)?])?
        .into_any()
        .unbind())
}
fn op_truediv(py: Python<'_>, a: &Int, b: &Int) -> PyResult<Py<PyAny>> {
    Ok(PyFloat::new(py, truediv(a, b)?).into_any().unbind())
}
fn op_lshift(py: Python<'_>, a: &Int, b: &Int) -> PyResult<Py<PyAny>> {
    new_int(py, shl(py, a, b)?)
}
fn op_rshift(py: Python<'_>, a: &Int, b: &Int) -> PyResult<Py<PyAny>> {
    new_int(py, shr(a, b)?)
}
fn op_and(py: Python<'_>, a: &Int, b: &Int) -> PyResult<Py<PyAny>> {
    new_int(py, a & b)
}
fn op_or(py: Python<'_>, a: &Int, b: &Int) -> PyResult<Py<PyAny>> {
    new_int(py, a | b)
}
fn op_xor(py: Python<'_>, a: &Int, b: &Int) -> PyResult<Py<PyAny>> {
    new_int(py, a ^ b)
}

#[pymethods]
impl PyIntObj {
    #[new]
    #[pyo3(signature = (*args, base=None))]
    fn py_new(args: &Bound<'_, PyTuple>, base: Option<&Bound<'_, PyAny>>) -> PyResult<Self> {
        let x = match args.len() {
            0 => None,
            1 => Some(args.get_item(0)?),
            2 if base.is_none() => {
                let (x, b) = (args.get_item(0)?, args.get_item(1)?);
                return Ok(PyIntObj(construct(Some(&x), Some(&b))?));
            }
            n => {
                return Err(PyTypeError::new_err(format!(
                    "Int() takes at most 2 arguments ({n} given)"
                )))
            }
        };
        let x = x.as_ref();
        if let (Some(x), None) = (x, base) {
            if let Ok(i) = x.cast::<PyIntObj>() {
                return Ok(PyIntObj(i.get().0.clone()));
            }
        }
        Ok(PyIntObj(construct(x, base)?))
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
    fn __truediv__<'py>(&self, py: Python<'py>, other: &Bound<'py, PyAny>) -> PyResult<Py<PyAny>> {
        binary(py, &self.0, other, "truediv", false, op_truediv)
    }
    fn __rtruediv__<'py>(&self, py: Python<'py>, other: &Bound<'py, PyAny>) -> PyResult<Py<PyAny>> {
        binary(py, &self.0, other, "truediv", true, op_truediv)
    }
    fn __lshift__<'py>(&self, py: Python<'py>, other: &Bound<'py, PyAny>) -> PyResult<Py<PyAny>> {
        binary(py, &self.0, other, "lshift", false, op_lshift)
    }
    fn __rlshift__<'py>(&self, py: Python<'py>, other: &Bound<'py, PyAny>) -> PyResult<Py<PyAny>> {
        binary(py, &self.0, other, "lshift", true, op_lshift)
    }
    fn __rshift__<'py>(&self, py: Python<'py>, other: &Bound<'py, PyAny>) -> PyResult<Py<PyAny>> {
        binary(py, &self.0, other, "rshift", false, op_rshift)
    }
    fn __rrshift__<'py>(&self, py: Python<'py>, other: &Bound<'py, PyAny>) -> PyResult<Py<PyAny>> {
        binary(py, &self.0, other, "rshift", true, op_rshift)
    }
    fn __and__<'py>(&self, py: Python<'py>, other: &Bound<'py, PyAny>) -> PyResult<Py<PyAny>> {
        binary(py, &self.0, other, "and_", false, op_and)
    }
    fn __rand__<'py>(&self, py: Python<'py>, other: &Bound<'py, PyAny>) -> PyResult<Py<PyAny>> {
        binary(py, &self.0, other, "and_", true, op_and)
    }
    fn __or__<'py>(&self, py: Python<'py>, other: &Bound<'py, PyAny>) -> PyResult<Py<PyAny>> {
        binary(py, &self.0, other, "or_", false, op_or)
    }
    fn __ror__<'py>(&self, py: Python<'py>, other: &Bound<'py, PyAny>) -> PyResult<Py<PyAny>> {
        binary(py, &self.0, other, "or_", true, op_or)
    }
    fn __xor__<'py>(&self, py: Python<'py>, other: &Bound<'py, PyAny>) -> PyResult<Py<PyAny>> {
        binary(py, &self.0, other, "xor", false, op_xor)
    }
    fn __rxor__<'py>(&self, py: Python<'py>, other: &Bound<'py, PyAny>) -> PyResult<Py<PyAny>> {
        binary(py, &self.0, other, "xor", true, op_xor)
    }

    fn __pow__<'py>(
        &self,
        py: Python<'py>,
        other: &Bound<'py, PyAny>,
        modulo: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Py<PyAny>> {
        pow3(py, &self.0, None, other, modulo)
    }
    fn __rpow__<'py>(
        &self,
        py: Python<'py>,
        other: &Bound<'py, PyAny>,
        modulo: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Py<PyAny>> {
        pow3(py, &self.0, Some(other), other, modulo)
    }

    fn __neg__(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        new_int(py, -&self.0)
    }
    fn __pos__(slf: &Bound<'_, Self>) -> Py<PyAny> {
        slf.clone().into_any().unbind()
    }
    fn __abs__(slf: &Bound<'_, Self>) -> PyResult<Py<PyAny>> {
        if slf.get().0.is_negative() {
            new_int(slf.py(), slf.get().0.abs())
        } else {
            Ok(slf.clone().into_any().unbind())
        }
    }
    fn __invert__(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        new_int(py, !&self.0)
    }
    fn __bool__(&self) -> bool {
        !self.0.is_zero()
    }
    fn __index__(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        pylong::to_py(py, &self.0)
    }
    fn __int__(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        pylong::to_py(py, &self.0)
    }
    fn __float__(&self) -> PyResult<f64> {
        to_f64(&self.0)
    }
    fn __hash__(&self) -> isize {
        hash_int(&self.0)
    }

    fn __richcmp__<'py>(
        &self,
        py: Python<'py>,
        other: &Bound<'py, PyAny>,
        op: CompareOp,
    ) -> PyResult<Py<PyAny>> {
        let ord = if let Some(b) = val(other)? {
            Some(self.0.cmp(&b))
        } else if let Ok(f) = other.cast::<PyFloat>() {
            cmp_f64(&self.0, f.value())
        } else {
            let i = pylong::to_py(py, &self.0)?.into_bound(py);
            return Ok(i.rich_compare(other, op)?.unbind());
        };
        Ok(pyo3::types::PyBool::new(py, cmp_result(ord, op))
            .to_owned()
            .into_any()
            .unbind())
    }

    fn __repr__(&self, py: Python<'_>) -> String {
        let s = run(py, self.0.as_limbs().len() / 8, || self.0.to_string());
        format!("Int({s})")
    }
    fn __str__(&self, py: Python<'_>) -> String {
        run(py, self.0.as_limbs().len() / 8, || self.0.to_string())
    }

    fn __format__(&self, py: Python<'_>, spec: &str) -> PyResult<Py<PyAny>> {
        match fmt::plan(spec) {
            fmt::Plan::Native(s) => {
                let out = run(py, self.0.as_limbs().len() / 8, || fmt::render(&self.0, &s));
                Ok(PyString::new(py, &out).into_any().unbind())
            }
            fmt::Plan::Float => {
                let f = PyFloat::new(py, to_f64(&self.0)?);
                Ok(f.call_method1("__format__", (spec,))?.unbind())
            }
            fmt::Plan::Delegate => {
                let i = pylong::to_py(py, &self.0)?.into_bound(py);
                Ok(i.call_method1("__format__", (spec,))?.unbind())
            }
        }
    }

    /// Rounds to ``ndigits`` decimal digits (ties to even), as ``int.__round__``.
    #[pyo3(signature = (ndigits=None))]
    fn __round__<'py>(
        slf: &Bound<'py, Self>,
        ndigits: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Py<PyAny>> {
        let py = slf.py();
        let Some(n) = ndigits else {
            return Ok(slf.clone().into_any().unbind());
        };
        let n = arg(n)?;
        if !n.is_negative() {
            return Ok(slf.clone().into_any().unbind());
        }
        let x = &slf.get().0;
        // 10^k with k = -n: beyond the size of x the result is 0.
        let k = u64::try_from(&-&*n).unwrap_or(u64::MAX);
        if (k as f64) * std::f64::consts::LOG2_10 > x.bits() as f64 + 2.0 {
            return new_int(py, Int::ZERO);
        }
        let p = Int::from(10).pow(k as u32);
        let (q, r) = x.div_rem_floor(&p);
        let twice = &r << 1u32;
        let up = match twice.cmp(&p) {
            Ordering::Greater => true,
            Ordering::Less => false,
            Ordering::Equal => q.is_odd(),
        };
        let q = if up { q + 1u32 } else { q };
        new_int(py, q * p)
    }
    fn __trunc__(slf: &Bound<'_, Self>) -> Py<PyAny> {
        slf.clone().into_any().unbind()
    }
    fn __floor__(slf: &Bound<'_, Self>) -> Py<PyAny> {
        slf.clone().into_any().unbind()
    }
    fn __ceil__(slf: &Bound<'_, Self>) -> Py<PyAny> {
        slf.clone().into_any().unbind()
    }

    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Reduced> {
        static FROM_PICKLE: pyo3::sync::PyOnceLock<Py<PyAny>> = pyo3::sync::PyOnceLock::new();
        let f = FROM_PICKLE
            .get_or_try_init(py, || {
                PyResult::Ok(
                    py.import("carry._carry")?
                        .getattr("_int_from_pickle")?
                        .unbind(),
                )
            })?
            .clone_ref(py);
        let limbs = self.0.as_limbs();
        let b = PyBytes::new_with(py, limbs.len() * 8, |out| {
            for (chunk, l) in out.chunks_exact_mut(8).zip(limbs) {
                chunk.copy_from_slice(&l.to_le_bytes());
            }
            Ok(())
        })?;
        Ok((f, (b.into_any().unbind(), self.0.is_negative())))
    }
    fn __copy__(slf: &Bound<'_, Self>) -> Py<PyAny> {
        slf.clone().into_any().unbind()
    }
    fn __deepcopy__(slf: &Bound<'_, Self>, _memo: &Bound<'_, PyAny>) -> Py<PyAny> {
        slf.clone().into_any().unbind()
    }
    fn __sizeof__(&self) -> usize {
        let l = self.0.as_limbs().len();
        std::mem::size_of::<Self>() + 16 + if l > 5 { 8 * l } else { 0 }
    }

    /// Number of bits needed to represent ``abs(self)``.
    fn bit_length(&self) -> u64 {
        self.0.bits()
    }
    /// Number of ones in the binary representation of ``abs(self)``.
    fn bit_count(&self) -> u64 {
        self.0
            .as_limbs()
            .iter()
            .map(|l| u64::from(l.count_ones()))
            .sum()
    }
    /// The value as ``length`` bytes, as ``int.to_bytes`` (``OverflowError`` when it does not
    /// fit).
    #[pyo3(signature = (length=None, byteorder="big", *, signed=false))]
    fn to_bytes<'py>(
        &self,
        py: Python<'py>,
        length: Option<&Bound<'py, PyAny>>,
        byteorder: &str,
        signed: bool,
    ) -> PyResult<Py<PyAny>> {
        let length = match length {
            Some(l) => arg(l)?.into_owned(),
            None => Int::ONE,
        };
        if length.is_negative() {
            return Err(PyValueError::new_err(
                "length argument must be non-negative",
            ));
        }
        let little = match byteorder {
            "little" => true,
            "big" => false,
            _ => {
                return Err(PyValueError::new_err(
                    "byteorder must be either 'little' or 'big'",
                ))
            }
        };
        let x = &self.0;
        if x.is_negative() && !signed {
            return Err(PyOverflowError::new_err(
                "can't convert negative int to unsigned",
            ));
        }
        let len =
            usize::try_from(&length).map_err(|_| PyOverflowError::new_err("length too large"))?;
        let mut b = if signed {
            x.to_signed_bytes_le()
        } else {
            x.to_bytes_le()
        };
        if x.is_zero() || (len == 0 && *x == -1) {
            // int gives b'' for 0, and for -1 in zero signed bytes.
            b.clear();
        }
        if b.len() > len {
            return Err(PyOverflowError::new_err("int too big to convert"));
        }
        check_bits(len as f64 * 8.0)?;
        b.resize(len, if x.is_negative() { 0xff } else { 0 });
        if !little {
            b.reverse();
        }
        Ok(PyBytes::new(py, &b).into_any().unbind())
    }
    /// The integer that ``bytes`` represents, as ``int.from_bytes``.
    #[classmethod]
    #[pyo3(signature = (bytes, byteorder="big", *, signed=false))]
    fn from_bytes<'py>(
        _cls: &Bound<'py, PyType>,
        py: Python<'py>,
        bytes: &Bound<'py, PyAny>,
        byteorder: &str,
        signed: bool,
    ) -> PyResult<Py<PyAny>> {
        let b: Vec<u8> = if let Ok(b) = bytes.cast::<PyBytes>() {
            b.as_bytes().to_vec()
        } else {
            py.get_type::<PyBytes>().call1((bytes,))?.extract()?
        };
        let v = match (byteorder, signed) {
            ("little", false) => Int::from_bytes_le(&b),
            ("little", true) => Int::from_signed_bytes_le(&b),
            ("big", false) => Int::from_bytes_be(&b),
            ("big", true) => Int::from_signed_bytes_be(&b),
            _ => {
                return Err(PyValueError::new_err(
                    "byteorder must be either 'little' or 'big'",
                ))
            }
        };
        new_int(py, v)
    }
    /// ``(self, 1)``.
    fn as_integer_ratio(slf: &Bound<'_, Self>) -> PyResult<(Py<PyAny>, Py<PyAny>)> {
        Ok((
            slf.clone().into_any().unbind(),
            new_int(slf.py(), Int::ONE)?,
        ))
    }
    /// Always ``True``.
    fn is_integer(&self) -> bool {
        true
    }
    /// The value itself.
    fn conjugate(slf: &Bound<'_, Self>) -> Py<PyAny> {
        slf.clone().into_any().unbind()
    }
    /// The value itself.
    #[getter]
    fn numerator(slf: &Bound<'_, Self>) -> Py<PyAny> {
        slf.clone().into_any().unbind()
    }
    /// Always ``Int(1)``.
    #[getter]
    fn denominator(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        new_int(py, Int::ONE)
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
}

/// What `__reduce__` gives pickle: the constructor and its arguments (limb bytes, sign).
type Reduced = (Py<PyAny>, (Py<PyAny>, bool));

/// `x ** other [% modulo]`, or with `rbase` given, `rbase ** x [% modulo]`.
fn pow3(
    py: Python<'_>,
    x: &Int,
    rbase: Option<&Bound<'_, PyAny>>,
    other: &Bound<'_, PyAny>,
    modulo: Option<&Bound<'_, PyAny>>,
) -> PyResult<Py<PyAny>> {
    let modulo = modulo.filter(|m| !m.is_none());
    let Some(o) = val(other)? else {
        return pow_fallback(py, x, rbase.is_some(), other, modulo);
    };
    let (base, e): (&Int, &Int) = if rbase.is_some() { (&o, x) } else { (x, &o) };
    match modulo {
        None => {
            if e.is_negative() {
                return pow_fallback(py, x, rbase.is_some(), other, None);
            }
            new_int(py, pow(py, base, e)?)
        }
        Some(m) => match val(m)? {
            Some(m) => new_int(py, powmod(py, base, e, &m)?),
            None => pow_fallback(py, x, rbase.is_some(), other, Some(m)),
        },
    }
}

fn pow_fallback(
    py: Python<'_>,
    x: &Int,
    reflected: bool,
    other: &Bound<'_, PyAny>,
    modulo: Option<&Bound<'_, PyAny>>,
) -> PyResult<Py<PyAny>> {
    let i = pylong::to_py(py, x)?.into_bound(py);
    let f = py.import("builtins")?.getattr("pow")?;
    let m = match modulo {
        Some(m) => m.clone(),
        None => py.None().into_bound(py),
    };
    let r = if reflected {
        f.call1((other, i, m))
    } else {
        f.call1((i, other, m))
    };
    match r {
        Ok(v) => Ok(v.unbind()),
        Err(e) if e.is_instance_of::<PyTypeError>(py) && modulo.is_none() => {
            Ok(py.NotImplemented())
        }
        Err(e) => Err(e),
    }
}

/// `Int` from what `__reduce__` stores: the magnitude's little-endian 64-bit limbs as bytes,
/// and the sign.
#[pyfunction]
#[pyo3(signature = (b, negative=false))]
pub fn _int_from_pickle(
    py: Python<'_>,
    b: &Bound<'_, PyBytes>,
    negative: bool,
) -> PyResult<Py<PyAny>> {
    let bytes = b.as_bytes();
    let mut limbs = vec![0u64; bytes.len().div_ceil(8)];
    for (l, chunk) in limbs.iter_mut().zip(bytes.chunks(8)) {
        let mut w = [0u8; 8];
        w[..chunk.len()].copy_from_slice(chunk);
        *l = u64::from_le_bytes(w);
    }
    let m = Int::from_limbs(&limbs);
    new_int(py, if negative { -m } else { m })
}
