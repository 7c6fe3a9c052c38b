//! Number-theoretic functions in the spirit of gmpy2, and `carry.Modulus`. Every function
//! accepts `int`, `Int`, `bool` or any object with `__index__`, and returns `Int` values.

use crate::guard::{check_bits, run};
use crate::int::{arg, new_int};
use carry::{Int, Modulus};
use pyo3::exceptions::{PyValueError, PyZeroDivisionError};
use pyo3::prelude::*;
use pyo3::types::PyTuple;

fn nonneg_u64(x: &Int, what: &str) -> PyResult<u64> {
    if x.is_negative() {
        return Err(PyValueError::new_err(format!("{what} must be >= 0")));
    }
    u64::try_from(x)
        .map_err(|_| pyo3::exceptions::PyOverflowError::new_err(format!("{what} too large")))
}

fn limbs(x: &Int) -> usize {
    x.as_limbs().len()
}

/// ``pow(x, y, m)``: ``x**y mod m`` with the sign of ``m``; a negative ``y`` raises the
/// inverse of ``x`` (``ValueError`` when it does not exist).
#[pyfunction]
pub fn powmod(
    py: Python<'_>,
    x: &Bound<'_, PyAny>,
    y: &Bound<'_, PyAny>,
    m: &Bound<'_, PyAny>,
) -> PyResult<Py<PyAny>> {
    new_int(py, crate::int::powmod(py, &*arg(x)?, &*arg(y)?, &*arg(m)?)?)
}

/// ``x**y mod m`` in constant time (no branch or memory access depends on ``x`` or ``y``),
/// for secret exponents: ``m`` odd and greater than 1, ``y > 0``.
#[pyfunction]
pub fn powmod_sec(
    py: Python<'_>,
    x: &Bound<'_, PyAny>,
    y: &Bound<'_, PyAny>,
    m: &Bound<'_, PyAny>,
) -> PyResult<Py<PyAny>> {
    let (x, y, m) = (arg(x)?, arg(y)?, arg(m)?);
    if y.is_negative() || y.is_zero() {
        return Err(PyValueError::new_err("powmod_sec() exponent must be > 0"));
    }
    let ctx = modulus(&m)?;
    let r = run(py, limbs(&m) * 4, || pow_ct(&ctx, &ctx.reduce(&x), &y));
    new_int(py, r)
}

/// `b^e mod m` in constant time (`e >= 0`, `b` reduced).
fn pow_ct(m: &Modulus, b: &Int, e: &Int) -> Int {
    m.pow(b, e)
}

/// `b^e mod m` in variable time; `None` when `e < 0` and `b` has no inverse.
fn pow_vartime(m: &Modulus, b: &Int, e: &Int) -> Option<Int> {
    m.checked_pow_vartime(b, e)
}

/// The Montgomery context of `m`, or `ValueError`.
fn modulus(m: &Int) -> PyResult<Modulus> {
    Modulus::new(m).map_err(|e| PyValueError::new_err(e.to_string()))
}

/// The inverse of ``x`` modulo ``m``, in ``[0, |m|)``; ``ZeroDivisionError`` when there is
/// none.
#[pyfunction]
pub fn invert(py: Python<'_>, x: &Bound<'_, PyAny>, m: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
    let (x, m) = (arg(x)?, arg(m)?);
    if m.is_zero() {
        return Err(PyZeroDivisionError::new_err("invert() division by 0"));
    }
    let r = run(py, limbs(&m), || x.modinv(&m))
        .ok_or_else(|| PyZeroDivisionError::new_err("invert() no inverse exists"))?;
    new_int(py, r)
}

/// The greatest common divisor of the arguments (``Int(0)`` for none).
#[pyfunction]
#[pyo3(signature = (*args))]
pub fn gcd(py: Python<'_>, args: &Bound<'_, PyTuple>) -> PyResult<Py<PyAny>> {
    let mut g = Int::ZERO;
    for a in args.iter() {
        let a = arg(&a)?;
        g = run(py, limbs(&a).max(limbs(&g)), || g.gcd(&a));
    }
    new_int(py, g)
}

/// The least common multiple of the arguments (``Int(1)`` for none), non-negative.
#[pyfunction]
#[pyo3(signature = (*args))]
pub fn lcm(py: Python<'_>, args: &Bound<'_, PyTuple>) -> PyResult<Py<PyAny>> {
    let mut l = Int::ONE;
    for a in args.iter() {
        let a = arg(&a)?;
        check_bits((l.bits() + a.bits()) as f64)?;
        l = run(py, limbs(&a).max(limbs(&l)), || l.lcm(&a));
    }
    new_int(py, l.abs())
}

/// ``(g, s, t)`` with ``g = gcd(a, b) = s*a + t*b`` (GMP's normalisation of ``s`` and ``t``).
#[pyfunction]
pub fn gcdext(
    py: Python<'_>,
    a: &Bound<'_, PyAny>,
    b: &Bound<'_, PyAny>,
) -> PyResult<(Py<PyAny>, Py<PyAny>, Py<PyAny>)> {
    let (a, b) = (arg(a)?, arg(b)?);
    let (g, s, t) = run(py, limbs(&a).max(limbs(&b)), || a.gcd_ext(&b));
    Ok((new_int(py, g)?, new_int(py, s)?, new_int(py, t)?))
}

fn nonneg<'a>(x: &'a Bound<'_, PyAny>, name: &str) -> PyResult<crate::int::Val<'a>> {
    let v = arg(x)?;
    if v.is_negative() {
        return Err(PyValueError::new_err(format!(
            "{name}() of negative number"
        )));
    }
    Ok(v)
}

/// The integer square root ``⌊√x⌋`` of ``x >= 0``.
#[pyfunction]
pub fn isqrt(py: Python<'_>, x: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
    let x = nonneg(x, "isqrt")?;
    new_int(py, run(py, limbs(&x), || x.sqrt()))
}

/// ``(s, r)`` with ``s = ⌊√x⌋`` and ``r = x - s*s``, for ``x >= 0``.
#[pyfunction]
pub fn isqrt_rem(py: Python<'_>, x: &Bound<'_, PyAny>) -> PyResult<(Py<PyAny>, Py<PyAny>)> {
    let x = nonneg(x, "isqrt_rem")?;
    let (s, r) = run(py, limbs(&x), || x.sqrt_rem());
    Ok((new_int(py, s)?, new_int(py, r)?))
}

fn root_degree(n: &Bound<'_, PyAny>) -> PyResult<u32> {
    let n = arg(n)?;
    match u32::try_from(&*n) {
        Ok(k) if k > 0 => Ok(k),
        _ if n.is_positive() => Ok(u32::MAX),
        _ => Err(PyValueError::new_err("n must be > 0")),
    }
}

/// ``(y, exact)``: ``y = ⌊x^(1/n)⌋`` for ``x >= 0``, ``n > 0``, and whether ``y**n == x``.
#[pyfunction]
pub fn iroot(
    py: Python<'_>,
    x: &Bound<'_, PyAny>,
    n: &Bound<'_, PyAny>,
) -> PyResult<(Py<PyAny>, bool)> {
    let (x, n) = (nonneg(x, "iroot")?, root_degree(n)?);
    let (y, r) = root_rem(py, &x, n);
    Ok((new_int(py, y)?, r.is_zero()))
}

/// ``(y, r)``: ``y = ⌊x^(1/n)⌋`` for ``x >= 0``, ``n > 0``, and ``r = x - y**n``.
#[pyfunction]
pub fn iroot_rem(
    py: Python<'_>,
    x: &Bound<'_, PyAny>,
    n: &Bound<'_, PyAny>,
) -> PyResult<(Py<PyAny>, Py<PyAny>)> {
    let (x, n) = (nonneg(x, "iroot_rem")?, root_degree(n)?);
    let (y, r) = root_rem(py, &x, n);
    Ok((new_int(py, y)?, new_int(py, r)?))
}

fn root_rem(py: Python<'_>, x: &Int, n: u32) -> (Int, Int) {
    if u64::from(n) >= x.bits() {
        // The root is 0 or 1.
        let y = if x.is_zero() { Int::ZERO } else { Int::ONE };
        let r = x - &y;
        return (y, r);
    }
    run(py, limbs(x), || {
        let y = x.nth_root(n);
        let r = x - &y.pow(n);
        (y, r)
    })
}

/// Whether ``x`` is probably prime: trial division, then Miller-Rabin with ``n`` bases and a
/// strong Lucas test (a composite passes with probability below ``4**-n``).
#[pyfunction]
#[pyo3(signature = (x, n=25))]
pub fn is_prime(py: Python<'_>, x: &Bound<'_, PyAny>, n: u32) -> PyResult<bool> {
    let x = arg(x)?;
    if x.is_negative() {
        return Ok(false);
    }
    Ok(run(py, limbs(&x) * 8, || {
        x.is_probable_prime_reps(n.max(1))
    }))
}

/// The smallest probable prime greater than ``x``.
#[pyfunction]
pub fn next_prime(py: Python<'_>, x: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
    let x = arg(x)?;
    check_bits(x.bits() as f64 + 1.0)?;
    new_int(py, run(py, limbs(&x) * 8, || x.next_prime()))
}

/// The largest probable prime smaller than ``x`` (``x >= 3``).
#[pyfunction]
pub fn prev_prime(py: Python<'_>, x: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
    let x = arg(x)?;
    if *x < 3 {
        return Err(PyValueError::new_err("x must be >= 3"));
    }
    let p = run(py, limbs(&x) * 8, || x.prev_prime());
    new_int(
        py,
        p.ok_or_else(|| PyValueError::new_err("x must be >= 3"))?,
    )
}

/// The Jacobi symbol ``(x / y)`` for odd ``y > 0``.
#[pyfunction]
pub fn jacobi(x: &Bound<'_, PyAny>, y: &Bound<'_, PyAny>) -> PyResult<i32> {
    let (x, y) = (arg(x)?, arg(y)?);
    if !y.is_positive() || y.is_even() {
        return Err(PyValueError::new_err("y must be odd and > 0"));
    }
    Ok(x.jacobi(&y))
}

/// The Legendre symbol ``(x / y)`` for an odd prime ``y`` (computed as the Jacobi symbol;
/// primality is not checked).
#[pyfunction]
pub fn legendre(x: &Bound<'_, PyAny>, y: &Bound<'_, PyAny>) -> PyResult<i32> {
    let (x, y) = (arg(x)?, arg(y)?);
    if !y.is_positive() || y.is_even() {
        return Err(PyValueError::new_err("y must be odd and > 0"));
    }
    Ok(x.legendre(&y))
}

/// The Kronecker symbol ``(x / y)`` for any ``y``.
#[pyfunction]
pub fn kronecker(x: &Bound<'_, PyAny>, y: &Bound<'_, PyAny>) -> PyResult<i32> {
    let (x, y) = (arg(x)?, arg(y)?);
    Ok(x.kronecker(&y))
}

/// ``n!`` for ``n >= 0``.
#[pyfunction]
pub fn fac(py: Python<'_>, n: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
    let n = nonneg_u64(&*arg(n)?, "n")?;
    let nf = n as f64;
    check_bits(nf * (nf.max(2.0)).log2())?;
    new_int(py, run(py, (n / 64) as usize, || Int::factorial(n)))
}

/// The binomial coefficient ``n`` choose ``k`` for ``k >= 0`` (any ``n``, as
/// ``mpz_bin_ui``: ``comb(-n, k) = (-1)**k * comb(n + k - 1, k)``).
#[pyfunction]
pub fn comb(py: Python<'_>, n: &Bound<'_, PyAny>, k: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
    let (n, k) = (arg(n)?, nonneg_u64(&*arg(k)?, "k")?);
    let kk = if !n.is_negative() && n.bits() < 64 {
        let nn = u64::try_from(&*n).unwrap_or(0);
        if k > nn {
            return new_int(py, Int::ZERO);
        }
        k.min(nn - k)
    } else {
        k
    };
    check_bits(kk as f64 * (n.bits() as f64 + (kk as f64).max(2.0).log2()))?;
    new_int(py, run(py, (kk / 64) as usize, || Int::binomial(&n, k)))
}

/// The Fibonacci number ``F(n)`` for ``n >= 0``.
#[pyfunction]
pub fn fib(py: Python<'_>, n: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
    let n = nonneg_u64(&*arg(n)?, "n")?;
    check_bits(n as f64 * 0.6943)?;
    new_int(py, run(py, (n / 64) as usize, || Int::fibonacci(n)))
}

/// The Lucas number ``L(n)`` for ``n >= 0``.
#[pyfunction]
pub fn lucas(py: Python<'_>, n: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
    let n = nonneg_u64(&*arg(n)?, "n")?;
    check_bits(n as f64 * 0.6943 + 2.0)?;
    new_int(py, run(py, (n / 64) as usize, || Int::lucas(n)))
}

/// The ``x`` in ``[0, lcm(moduli))`` with ``x ≡ r (mod m)`` for each pair; moduli positive
/// and not necessarily coprime. ``ValueError`` when the congruences contradict each other.
#[pyfunction]
pub fn crt(
    py: Python<'_>,
    residues: &Bound<'_, PyAny>,
    moduli: &Bound<'_, PyAny>,
) -> PyResult<Py<PyAny>> {
    let r: Vec<Bound<'_, PyAny>> = residues.try_iter()?.collect::<PyResult<_>>()?;
    let m: Vec<Bound<'_, PyAny>> = moduli.try_iter()?.collect::<PyResult<_>>()?;
    if r.len() != m.len() {
        return Err(PyValueError::new_err(
            "crt() needs as many residues as moduli",
        ));
    }
    let mut pairs = Vec::with_capacity(r.len());
    let mut bits = 0;
    for (a, b) in r.iter().zip(&m) {
        let b = arg(b)?.into_owned();
        bits += b.bits();
        pairs.push((arg(a)?.into_owned(), b));
    }
    check_bits(bits as f64)?;
    let x = run(py, (bits / 64) as usize, || Int::crt(&pairs))
        .map_err(|e| PyValueError::new_err(e.to_string()))?;
    new_int(py, x)
}

/// Whether ``x`` is a perfect square (0 and 1 are; negative values are not).
#[pyfunction]
pub fn is_square(py: Python<'_>, x: &Bound<'_, PyAny>) -> PyResult<bool> {
    let x = arg(x)?;
    Ok(run(py, limbs(&x), || x.is_perfect_square()))
}

/// Whether ``x = a**b`` for integers ``a`` and ``b > 1`` (0, 1 and -1 are; a negative value
/// is when it is an odd power).
#[pyfunction]
pub fn is_power(py: Python<'_>, x: &Bound<'_, PyAny>) -> PyResult<bool> {
    let x = arg(x)?;
    Ok(run(py, limbs(&x), || x.is_perfect_power()))
}

/// ``(y, k)``: ``x`` with every factor ``f`` removed (``x = y * f**k``, ``f`` not dividing
/// ``y``), for ``f > 1``; ``(0, 0)`` for ``x = 0``.
#[pyfunction]
pub fn remove(
    py: Python<'_>,
    x: &Bound<'_, PyAny>,
    f: &Bound<'_, PyAny>,
) -> PyResult<(Py<PyAny>, u64)> {
    let (x, f) = (arg(x)?, arg(f)?);
    if *f <= 1 {
        return Err(PyValueError::new_err("factor must be > 1"));
    }
    if x.is_zero() {
        return Ok((new_int(py, Int::ZERO)?, 0));
    }
    let (y, k) = run(py, limbs(&x), || {
        // Divide by f, f², f⁴, ... while they divide, then by the same powers downward.
        let mut y = x.clone().into_owned();
        let mut powers = vec![f.clone().into_owned()];
        let mut k = 0u64;
        while let Some(p) = powers.last() {
            let (q, r) = y.div_rem(p);
            if !r.is_zero() {
                break;
            }
            y = q;
            k += 1 << (powers.len() - 1);
            if p.bits() * 2 > y.bits() + 1 {
                break;
            }
            let sq = p * p;
            powers.push(sq);
        }
        while let Some(p) = powers.pop() {
            loop {
                let (q, r) = y.div_rem(&p);
                if !r.is_zero() {
                    break;
                }
                y = q;
                k += 1 << powers.len();
            }
        }
        (y, k)
    });
    Ok((new_int(py, y)?, k))
}

/// The number of one bits of ``x >= 0``; ``-1`` (infinitely many) for ``x < 0``.
#[pyfunction]
pub fn popcount(x: &Bound<'_, PyAny>) -> PyResult<i64> {
    let x = arg(x)?;
    if x.is_negative() {
        return Ok(-1);
    }
    Ok(x.as_limbs().iter().map(|l| i64::from(l.count_ones())).sum())
}

/// The number of bit positions where ``x`` and ``y`` differ (two's complement for negative
/// values); ``-1`` (infinitely many) when their signs differ.
#[pyfunction]
pub fn hamdist(x: &Bound<'_, PyAny>, y: &Bound<'_, PyAny>) -> PyResult<i64> {
    let (x, y) = (arg(x)?, arg(y)?);
    if x.is_negative() != y.is_negative() {
        return Ok(-1);
    }
    let z = &*x ^ &*y;
    Ok(z.as_limbs().iter().map(|l| i64::from(l.count_ones())).sum())
}

/// Sets the largest result, in bits, that an operation may produce (``OverflowError`` beyond
/// it, raised before any work). The default is ``2**32`` bits.
#[pyfunction]
pub fn set_max_bits(bits: &Bound<'_, PyAny>) -> PyResult<()> {
    let b = arg(bits)?;
    if !b.is_positive() {
        return Err(PyValueError::new_err("max_bits must be > 0"));
    }
    crate::guard::set_max_bits(u64::try_from(&*b).unwrap_or(u64::MAX));
    Ok(())
}

/// The largest result, in bits, that an operation may produce.
#[pyfunction]
pub fn get_max_bits() -> u64 {
    crate::guard::max_bits()
}

/// A Montgomery context for an odd modulus ``m > 1``, kept for repeated modular products
/// and powers.
///
/// >>> from carry import Modulus
/// >>> M = Modulus(1_000_000_007)
/// >>> M.pow(2, 10), M.pow(3, -1) * 3 % 1_000_000_007, M.pow_sec(5, 3)
/// (Int(1024), Int(1), Int(125))
#[pyclass(name = "Modulus", module = "carry", frozen)]
pub struct PyModulus(pub Modulus);

#[pymethods]
impl PyModulus {
    #[new]
    fn py_new(m: &Bound<'_, PyAny>) -> PyResult<Self> {
        Ok(PyModulus(modulus(&*arg(m)?)?))
    }
    /// The modulus.
    #[getter]
    fn modulus(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        new_int(py, self.0.modulus().clone())
    }
    /// ``x mod m`` in ``[0, m)``.
    fn reduce(&self, py: Python<'_>, x: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        new_int(py, self.0.reduce(&*arg(x)?))
    }
    /// ``a*b mod m``.
    fn mul(
        &self,
        py: Python<'_>,
        a: &Bound<'_, PyAny>,
        b: &Bound<'_, PyAny>,
    ) -> PyResult<Py<PyAny>> {
        let (a, b) = (arg(a)?, arg(b)?);
        new_int(py, run(py, limbs(self.0.modulus()), || self.0.mul(&a, &b)))
    }
    /// ``base**exp mod m`` in variable time (sliding windows); a negative exponent raises the
    /// inverse (``ValueError`` when there is none).
    fn pow(
        &self,
        py: Python<'_>,
        base: &Bound<'_, PyAny>,
        exp: &Bound<'_, PyAny>,
    ) -> PyResult<Py<PyAny>> {
        let (b, e) = (arg(base)?, arg(exp)?);
        let r = run(py, limbs(self.0.modulus()) * 4, || {
            pow_vartime(&self.0, &b, &e)
        })
        .ok_or_else(|| PyValueError::new_err("base is not invertible for the given modulus"))?;
        new_int(py, r)
    }
    /// ``base**exp mod m`` in constant time (fixed windows, masked table reads): for secret
    /// exponents, ``exp >= 0``.
    fn pow_sec(
        &self,
        py: Python<'_>,
        base: &Bound<'_, PyAny>,
        exp: &Bound<'_, PyAny>,
    ) -> PyResult<Py<PyAny>> {
        let (b, e) = (arg(base)?, arg(exp)?);
        if e.is_negative() {
            return Err(PyValueError::new_err("pow_sec() exponent must be >= 0"));
        }
        let b = self.0.reduce(&b);
        new_int(
            py,
            run(py, limbs(self.0.modulus()) * 4, || pow_ct(&self.0, &b, &e)),
        )
    }
    /// ``a**x * b**y mod m`` with one shared chain of squarings (variable time).
    fn pow2(
        &self,
        py: Python<'_>,
        a: &Bound<'_, PyAny>,
        x: &Bound<'_, PyAny>,
        b: &Bound<'_, PyAny>,
        y: &Bound<'_, PyAny>,
    ) -> PyResult<Py<PyAny>> {
        let (a, x, b, y) = (arg(a)?, arg(x)?, arg(b)?, arg(y)?);
        let m = &self.0;
        let ok = |v: &Int, e: &Int| !e.is_negative() || v.gcd(m.modulus()) == 1;
        if !ok(&a, &x) || !ok(&b, &y) {
            return Err(PyValueError::new_err(
                "base is not invertible for the given modulus",
            ));
        }
        new_int(
            py,
            run(py, limbs(m.modulus()) * 4, || {
                m.pow2_vartime(&a, &x, &b, &y)
            }),
        )
    }
    fn __repr__(&self) -> String {
        format!("Modulus({})", self.0.modulus())
    }
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Py<PyAny>, (Py<PyAny>,))> {
        Ok((
            slf.get_type().into_any().unbind(),
            (new_int(slf.py(), slf.get().0.modulus().clone())?,),
        ))
    }
}
