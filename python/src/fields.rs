//! Prime fields: the ready fields of `carry::fields` as `carry.fields.<curve>.<F>` classes, and
//! `carry.fields.PrimeField(p)` for any odd prime chosen at run time.
//!
//! An element is immutable. It mixes with `int` and `Int` operands (reduced modulo p), compares
//! equal to the `int` of its canonical value in `[0, p)` and hashes as that `int` does.

use crate::guard::check_bits;
use crate::int::{arg, cmp_result, hash_int, new_int, val};
use carry::{Int, Modulus};
use pyo3::exceptions::{PyTypeError, PyValueError, PyZeroDivisionError};
use pyo3::prelude::*;
use pyo3::pyclass::CompareOp;
use pyo3::types::{PyBytes, PyList, PyType};
use std::sync::Arc;

fn byteorder_little(byteorder: &str) -> PyResult<bool> {
    match byteorder {
        "little" => Ok(true),
        "big" => Ok(false),
        _ => Err(PyValueError::new_err(
            "byteorder must be either 'little' or 'big'",
        )),
    }
}

fn no_inverse() -> PyErr {
    PyZeroDivisionError::new_err("zero has no inverse in a field")
}

/// The exponent as little-endian limbs of its magnitude, and whether it is negative.
fn exponent(e: &Int) -> (Vec<u64>, bool) {
    (e.as_limbs().to_vec(), e.is_negative())
}

macro_rules! field_class {
    ($F:ty, $Py:ident, $name:literal, $module:literal, $doc:literal) => {
        #[doc = $doc]
        ///
        /// Elements take ``+ - * / **`` with each other and with ``int``/``Int`` operands
        /// (reduced modulo ``MODULUS``), and have ``sqrt``, ``inverse``, ``legendre``,
        /// ``to_bytes``/``from_bytes`` and the class method ``batch_invert``. Arithmetic is
        /// constant-time in the Rust core (the interpreter around it is not).
        #[pyclass(name = $name, module = $module, frozen)]
        pub struct $Py(pub $F);

        impl $Py {
            fn operand(obj: &Bound<'_, PyAny>) -> PyResult<Option<$F>> {
                if let Ok(x) = obj.cast::<$Py>() {
                    return Ok(Some(x.get().0));
                }
                Ok(val(obj)?.map(|v| <$F>::from_int(&v)))
            }
            fn new_obj(py: Python<'_>, x: $F) -> PyResult<Py<PyAny>> {
                Ok(Py::new(py, $Py(x))?.into_any())
            }
            fn pow_int(x: $F, e: &Int) -> PyResult<$F> {
                let (limbs, neg) = exponent(e);
                let base = if neg {
                    Option::<$F>::from(x.invert()).ok_or_else(no_inverse)?
                } else {
                    x
                };
                Ok(base.pow(&limbs))
            }
        }

        #[pymethods]
        impl $Py {
            /// The modulus ``p``.
            #[classattr]
            #[allow(non_snake_case)]
            fn MODULUS(py: Python<'_>) -> PyResult<Py<PyAny>> {
                new_int(py, Int::from_limbs(<$F>::MODULUS.as_words()))
            }
            /// The bit length of ``p``.
            #[classattr]
            #[allow(non_snake_case)]
            fn BITS() -> u32 {
                <$F>::NUM_BITS
            }
            /// The length of the byte encoding.
            #[classattr]
            #[allow(non_snake_case)]
            fn BYTES() -> usize {
                <$F>::BYTES
            }

            #[new]
            #[pyo3(signature = (x=None))]
            fn py_new(x: Option<&Bound<'_, PyAny>>) -> PyResult<Self> {
                let Some(x) = x else {
                    return Ok($Py(<$F>::ZERO));
                };
                Self::operand(x)?.map($Py).ok_or_else(|| {
                    PyTypeError::new_err(concat!($name, "() takes an integer or a ", $name))
                })
            }

            fn __add__(&self, py: Python<'_>, o: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
                match Self::operand(o)? {
                    Some(b) => Self::new_obj(py, self.0 + b),
                    None => Ok(py.NotImplemented()),
                }
            }
            fn __radd__(&self, py: Python<'_>, o: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
                self.__add__(py, o)
            }
            fn __sub__(&self, py: Python<'_>, o: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
                match Self::operand(o)? {
                    Some(b) => Self::new_obj(py, self.0 - b),
                    None => Ok(py.NotImplemented()),
                }
            }
            fn __rsub__(&self, py: Python<'_>, o: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
                match Self::operand(o)? {
                    Some(a) => Self::new_obj(py, a - self.0),
                    None => Ok(py.NotImplemented()),
                }
            }
            fn __mul__(&self, py: Python<'_>, o: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
                match Self::operand(o)? {
                    Some(b) => Self::new_obj(py, self.0 * b),
                    None => Ok(py.NotImplemented()),
                }
            }
            fn __rmul__(&self, py: Python<'_>, o: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
                self.__mul__(py, o)
            }
            fn __truediv__(&self, py: Python<'_>, o: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
                match Self::operand(o)? {
                    Some(b) => {
                        let inv = Option::<$F>::from(b.invert()).ok_or_else(no_inverse)?;
                        Self::new_obj(py, self.0 * inv)
                    }
                    None => Ok(py.NotImplemented()),
                }
            }
            fn __rtruediv__(&self, py: Python<'_>, o: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
                match Self::operand(o)? {
                    Some(a) => {
                        let inv = Option::<$F>::from(self.0.invert()).ok_or_else(no_inverse)?;
                        Self::new_obj(py, a * inv)
                    }
                    None => Ok(py.NotImplemented()),
                }
            }
            fn __pow__(
                &self,
                py: Python<'_>,
                e: &Bound<'_, PyAny>,
                modulo: Option<&Bound<'_, PyAny>>,
            ) -> PyResult<Py<PyAny>> {
                if modulo.is_some_and(|m| !m.is_none()) {
                    return Ok(py.NotImplemented());
                }
                match val(e)? {
                    Some(e) => Self::new_obj(py, Self::pow_int(self.0, &e)?),
                    None => Ok(py.NotImplemented()),
                }
            }
            fn __neg__(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
                Self::new_obj(py, -self.0)
            }
            fn __pos__(slf: &Bound<'_, Self>) -> Py<PyAny> {
                slf.clone().into_any().unbind()
            }
            fn __bool__(&self) -> bool {
                !bool::from(self.0.is_zero())
            }
            fn __int__(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
                crate::pylong::to_py(py, &self.0.to_int())
            }
            fn __hash__(&self) -> isize {
                hash_int(&self.0.to_int())
            }
            fn __richcmp__(
                &self,
                py: Python<'_>,
                o: &Bound<'_, PyAny>,
                op: CompareOp,
            ) -> PyResult<Py<PyAny>> {
                if !matches!(op, CompareOp::Eq | CompareOp::Ne) {
                    return Ok(py.NotImplemented());
                }
                let eq = if let Ok(x) = o.cast::<$Py>() {
                    x.get().0 == self.0
                } else if let Some(v) = val(o)? {
                    *v == self.0.to_int()
                } else {
                    return Ok(py.NotImplemented());
                };
                let ord = Some(if eq {
                    std::cmp::Ordering::Equal
                } else {
                    std::cmp::Ordering::Less
                });
                Ok(pyo3::types::PyBool::new(py, cmp_result(ord, op))
                    .to_owned()
                    .into_any()
                    .unbind())
            }
            fn __repr__(&self) -> String {
                format!(concat!($name, "({})"), self.0.to_int())
            }
            fn __str__(&self) -> String {
                self.0.to_int().to_string()
            }
            fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Py<PyAny>, (Py<PyAny>,))> {
                Ok((
                    slf.get_type().into_any().unbind(),
                    (new_int(slf.py(), slf.get().0.to_int())?,),
                ))
            }

            /// The canonical value in ``[0, p)`` as an ``Int``.
            fn to_int(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
                new_int(py, self.0.to_int())
            }
            /// ``self * self``.
            fn square(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
                Self::new_obj(py, self.0.square())
            }
            /// The inverse (``ZeroDivisionError`` for zero).
            fn inverse(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
                Self::new_obj(
                    py,
                    Option::<$F>::from(self.0.invert()).ok_or_else(no_inverse)?,
                )
            }
            /// A square root (``ValueError`` when the value is not a square).
            fn sqrt(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
                let r = Option::<$F>::from(self.0.sqrt())
                    .ok_or_else(|| PyValueError::new_err("not a square in this field"))?;
                Self::new_obj(py, r)
            }
            /// The Legendre symbol: 1 for a nonzero square, -1 for a non-square, 0 for zero.
            fn legendre(&self) -> i8 {
                self.0.legendre()
            }
            /// The canonical value as ``BYTES`` bytes.
            #[pyo3(signature = (byteorder="little"))]
            fn to_bytes(&self, py: Python<'_>, byteorder: &str) -> PyResult<Py<PyAny>> {
                let b = if byteorder_little(byteorder)? {
                    self.0.to_bytes_le()
                } else {
                    self.0.to_bytes_be()
                };
                Ok(PyBytes::new(py, &b).into_any().unbind())
            }
            /// The element encoded by ``BYTES`` bytes (``ValueError`` for a value ``>= p`` or a
            /// wrong length).
            #[classmethod]
            #[pyo3(signature = (data, byteorder="little"))]
            fn from_bytes(
                _cls: &Bound<'_, PyType>,
                py: Python<'_>,
                data: &[u8],
                byteorder: &str,
            ) -> PyResult<Py<PyAny>> {
                let little = byteorder_little(byteorder)?;
                let arr = data.try_into().map_err(|_| {
                    PyValueError::new_err(format!("expected {} bytes", <$F>::BYTES))
                })?;
                let x = if little {
                    <$F>::from_bytes_le(arr)
                } else {
                    <$F>::from_bytes_be(arr)
                };
                let x = Option::<$F>::from(x)
                    .ok_or_else(|| PyValueError::new_err("not a canonical field element"))?;
                Self::new_obj(py, x)
            }
            /// The inverses of a list of elements with one field inversion (Montgomery's
            /// trick); zeros stay zero.
            #[classmethod]
            fn batch_invert(
                _cls: &Bound<'_, PyType>,
                py: Python<'_>,
                xs: &Bound<'_, PyAny>,
            ) -> PyResult<Py<PyAny>> {
                let mut v: Vec<$F> = Vec::new();
                for x in xs.try_iter()? {
                    let x = x?;
                    v.push(Self::operand(&x)?.ok_or_else(|| {
                        PyTypeError::new_err(concat!("batch_invert() takes ", $name, " elements"))
                    })?);
                }
                <$F>::batch_invert(&mut v);
                let out: Vec<Py<PyAny>> = v
                    .into_iter()
                    .map(|x| Self::new_obj(py, x))
                    .collect::<PyResult<_>>()?;
                Ok(PyList::new(py, out)?.into_any().unbind())
            }
        }
    };
}

field_class!(
    carry::fields::bn254::Fq,
    Bn254Fq,
    "Fq",
    "carry.fields.bn254",
    "The BN254 base field."
);
field_class!(
    carry::fields::bn254::Fr,
    Bn254Fr,
    "Fr",
    "carry.fields.bn254",
    "The BN254 scalar field."
);
field_class!(
    carry::fields::bls12_381::Fq,
    Bls12381Fq,
    "Fq",
    "carry.fields.bls12_381",
    "The BLS12-381 base field."
);
field_class!(
    carry::fields::bls12_381::Fr,
    Bls12381Fr,
    "Fr",
    "carry.fields.bls12_381",
    "The BLS12-381 scalar field."
);
field_class!(
    carry::fields::secp256k1::Fp,
    Secp256k1Fp,
    "Fp",
    "carry.fields.secp256k1",
    "The secp256k1 base field, 2**256 - 2**32 - 977."
);
field_class!(
    carry::fields::secp256k1::Fn,
    Secp256k1Fn,
    "Fn",
    "carry.fields.secp256k1",
    "The secp256k1 scalar field (the group order)."
);
field_class!(
    carry::fields::p256::Fp,
    P256Fp,
    "Fp",
    "carry.fields.p256",
    "The NIST P-256 base field."
);
field_class!(
    carry::fields::p256::Fn,
    P256Fn,
    "Fn",
    "carry.fields.p256",
    "The NIST P-256 scalar field (the group order)."
);
field_class!(
    carry::fields::curve25519::Fp,
    Curve25519Fp,
    "Fp",
    "carry.fields.curve25519",
    "The field of 2**255 - 19."
);
field_class!(
    carry::fields::curve25519::Fn,
    Curve25519Fn,
    "Fn",
    "carry.fields.curve25519",
    "The Ed25519 scalar field (the group order)."
);

/// Registers the ready field classes in `m` under the names the Python package re-exports.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Bn254Fq>()?;
    m.setattr("bn254_Fq", m.getattr("Fq")?)?;
    m.add_class::<Bn254Fr>()?;
    m.setattr("bn254_Fr", m.getattr("Fr")?)?;
    m.add_class::<Bls12381Fq>()?;
    m.setattr("bls12_381_Fq", m.getattr("Fq")?)?;
    m.add_class::<Bls12381Fr>()?;
    m.setattr("bls12_381_Fr", m.getattr("Fr")?)?;
    m.add_class::<Secp256k1Fp>()?;
    m.setattr("secp256k1_Fp", m.getattr("Fp")?)?;
    m.add_class::<Secp256k1Fn>()?;
    m.setattr("secp256k1_Fn", m.getattr("Fn")?)?;
    m.add_class::<P256Fp>()?;
    m.setattr("p256_Fp", m.getattr("Fp")?)?;
    m.add_class::<P256Fn>()?;
    m.setattr("p256_Fn", m.getattr("Fn")?)?;
    m.add_class::<Curve25519Fp>()?;
    m.setattr("curve25519_Fp", m.getattr("Fp")?)?;
    m.add_class::<Curve25519Fn>()?;
    m.setattr("curve25519_Fn", m.getattr("Fn")?)?;
    for n in ["Fq", "Fr", "Fp", "Fn"] {
        m.delattr(n)?;
    }
    m.add_class::<PyPrimeField>()?;
    m.add_class::<PyFieldElement>()?;
    Ok(())
}

/// The context of a run-time field.
struct Ctx {
    m: Modulus,
    p: Int,
}

/// A prime field ``GF(p)`` for an odd prime ``p`` chosen at run time: calling it makes
/// elements.
///
/// Elements are kept in Montgomery form over a ``carry.Modulus`` (variable time: for public
/// values).
///
/// >>> from carry.fields import PrimeField
/// >>> F = PrimeField(101)
/// >>> F(3) / F(7) * 7, F(2) ** 100
/// (GF(101)(3), GF(101)(1))
#[pyclass(name = "PrimeField", module = "carry.fields", frozen)]
pub struct PyPrimeField(Arc<Ctx>);

/// An element of a ``PrimeField``.
#[pyclass(name = "PrimeFieldElement", module = "carry.fields", frozen)]
pub struct PyFieldElement {
    ctx: Arc<Ctx>,
    /// The Montgomery form, in `[0, p)`.
    mont: Int,
}

impl PyPrimeField {
    fn element(&self, x: &Int) -> PyFieldElement {
        PyFieldElement {
            ctx: self.0.clone(),
            mont: self.0.m.to_montgomery(x),
        }
    }
}

#[pymethods]
impl PyPrimeField {
    /// ``PrimeField(p)`` for an odd prime ``p`` (``ValueError`` otherwise: primality is
    /// checked with a probable-prime test).
    #[new]
    fn py_new(py: Python<'_>, p: &Bound<'_, PyAny>) -> PyResult<Self> {
        let p = arg(p)?.into_owned();
        check_bits(p.bits() as f64 * 2.0)?;
        if p < 3
            || p.is_even()
            || !crate::guard::run(py, p.as_limbs().len() * 8, || p.is_probable_prime())
        {
            return Err(PyValueError::new_err("PrimeField needs an odd prime"));
        }
        let m = Modulus::new(&p).map_err(|e| PyValueError::new_err(e.to_string()))?;
        Ok(PyPrimeField(Arc::new(Ctx { m, p })))
    }
    /// The element ``x mod p``.
    #[pyo3(signature = (x=None))]
    fn __call__(&self, x: Option<&Bound<'_, PyAny>>) -> PyResult<PyFieldElement> {
        let v = match x {
            None => Int::ZERO,
            Some(x) => {
                if let Ok(e) = x.cast::<PyFieldElement>() {
                    e.get().value()
                } else {
                    arg(x)?.into_owned()
                }
            }
        };
        Ok(self.element(&v))
    }
    /// The modulus ``p``.
    #[getter]
    fn modulus(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        new_int(py, self.0.p.clone())
    }
    /// The inverses of a list of elements with one inversion; zeros stay zero.
    fn batch_invert(&self, py: Python<'_>, xs: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let mut v: Vec<Int> = Vec::new();
        for x in xs.try_iter()? {
            let x = x?;
            let e = self.coerce(&x)?.ok_or_else(|| {
                PyTypeError::new_err("batch_invert() takes elements of this field")
            })?;
            v.push(e);
        }
        // Prefix products, one inversion, then back (Montgomery's trick) on plain values.
        let m = &self.0.m;
        let mut prefix = Vec::with_capacity(v.len());
        let mut acc = Int::ONE;
        for x in &v {
            prefix.push(acc.clone());
            if !x.is_zero() {
                acc = m.mul(&acc, x);
            }
        }
        let mut inv = acc.modinv(&self.0.p).unwrap_or_default();
        let mut out = vec![Int::ZERO; v.len()];
        for i in (0..v.len()).rev() {
            if v[i].is_zero() {
                continue;
            }
            out[i] = m.mul(&inv, &prefix[i]);
            inv = m.mul(&inv, &v[i]);
        }
        let objs: Vec<Py<PyAny>> = out
            .iter()
            .map(|x| Ok(Py::new(py, self.element(x))?.into_any()))
            .collect::<PyResult<_>>()?;
        Ok(PyList::new(py, objs)?.into_any().unbind())
    }
    fn __eq__(&self, o: &Bound<'_, PyAny>) -> bool {
        o.cast::<PyPrimeField>()
            .is_ok_and(|f| f.get().0.p == self.0.p)
    }
    fn __hash__(&self) -> isize {
        hash_int(&self.0.p)
    }
    fn __repr__(&self) -> String {
        format!("PrimeField({})", self.0.p)
    }
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Py<PyAny>, (Py<PyAny>,))> {
        Ok((
            slf.get_type().into_any().unbind(),
            (new_int(slf.py(), slf.get().0.p.clone())?,),
        ))
    }
}

impl PyPrimeField {
    /// The plain value of an element of this field or an integer.
    fn coerce(&self, x: &Bound<'_, PyAny>) -> PyResult<Option<Int>> {
        if let Ok(e) = x.cast::<PyFieldElement>() {
            return Ok(Some(e.get().value()));
        }
        Ok(val(x)?.map(|v| v.into_owned()))
    }
}

impl PyFieldElement {
    fn value(&self) -> Int {
        self.ctx.m.from_montgomery(&self.mont)
    }
    fn with(&self, mont: Int) -> PyFieldElement {
        PyFieldElement {
            ctx: self.ctx.clone(),
            mont,
        }
    }
    /// The Montgomery form of an operand: an element of the same field or an integer.
    fn operand(&self, o: &Bound<'_, PyAny>) -> PyResult<Option<Int>> {
        if let Ok(e) = o.cast::<PyFieldElement>() {
            let e = e.get();
            if !Arc::ptr_eq(&e.ctx, &self.ctx) && e.ctx.p != self.ctx.p {
                return Err(PyValueError::new_err("elements of different fields"));
            }
            return Ok(Some(e.mont.clone()));
        }
        Ok(val(o)?.map(|v| self.ctx.m.to_montgomery(&v)))
    }
    fn add_mod(&self, a: &Int, b: &Int) -> Int {
        let s = a + b;
        if s >= self.ctx.p {
            s - &self.ctx.p
        } else {
            s
        }
    }
    fn sub_mod(&self, a: &Int, b: &Int) -> Int {
        let s = a - b;
        if s.is_negative() {
            s + &self.ctx.p
        } else {
            s
        }
    }
    fn inv(&self) -> PyResult<Int> {
        // The Montgomery form of x^(-1) is (xR)^(-1)·R² = REDC(REDC((xR)^(-1)·R³)).
        let x = self.value();
        let i = x.modinv(&self.ctx.p).ok_or_else(no_inverse)?;
        Ok(self.ctx.m.to_montgomery(&i))
    }
}

#[pymethods]
impl PyFieldElement {
    fn __add__(&self, o: &Bound<'_, PyAny>) -> PyResult<Option<PyFieldElement>> {
        Ok(self
            .operand(o)?
            .map(|b| self.with(self.add_mod(&self.mont, &b))))
    }
    fn __radd__(&self, o: &Bound<'_, PyAny>) -> PyResult<Option<PyFieldElement>> {
        self.__add__(o)
    }
    fn __sub__(&self, o: &Bound<'_, PyAny>) -> PyResult<Option<PyFieldElement>> {
        Ok(self
            .operand(o)?
            .map(|b| self.with(self.sub_mod(&self.mont, &b))))
    }
    fn __rsub__(&self, o: &Bound<'_, PyAny>) -> PyResult<Option<PyFieldElement>> {
        Ok(self
            .operand(o)?
            .map(|a| self.with(self.sub_mod(&a, &self.mont))))
    }
    fn __mul__(&self, o: &Bound<'_, PyAny>) -> PyResult<Option<PyFieldElement>> {
        Ok(self
            .operand(o)?
            .map(|b| self.with(self.ctx.m.montgomery_mul(&self.mont, &b))))
    }
    fn __rmul__(&self, o: &Bound<'_, PyAny>) -> PyResult<Option<PyFieldElement>> {
        self.__mul__(o)
    }
    fn __truediv__(&self, o: &Bound<'_, PyAny>) -> PyResult<Option<PyFieldElement>> {
        let Some(b) = self.operand(o)? else {
            return Ok(None);
        };
        let b = self.with(b).inv()?;
        Ok(Some(self.with(self.ctx.m.montgomery_mul(&self.mont, &b))))
    }
    fn __rtruediv__(&self, o: &Bound<'_, PyAny>) -> PyResult<Option<PyFieldElement>> {
        let Some(a) = self.operand(o)? else {
            return Ok(None);
        };
        let i = self.inv()?;
        Ok(Some(self.with(self.ctx.m.montgomery_mul(&a, &i))))
    }
    fn __pow__(
        &self,
        e: &Bound<'_, PyAny>,
        modulo: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Option<PyFieldElement>> {
        if modulo.is_some_and(|m| !m.is_none()) {
            return Ok(None);
        }
        let Some(e) = val(e)? else {
            return Ok(None);
        };
        let x = self.value();
        let r = self
            .ctx
            .m
            .checked_pow_vartime(&x, &e)
            .ok_or_else(no_inverse)?;
        Ok(Some(self.with(self.ctx.m.to_montgomery(&r))))
    }
    fn __neg__(&self) -> PyFieldElement {
        self.with(self.sub_mod(&Int::ZERO, &self.mont))
    }
    fn __pos__(slf: &Bound<'_, Self>) -> Py<PyAny> {
        slf.clone().into_any().unbind()
    }
    fn __bool__(&self) -> bool {
        !self.mont.is_zero()
    }
    fn __int__(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        crate::pylong::to_py(py, &self.value())
    }
    fn __hash__(&self) -> isize {
        hash_int(&self.value())
    }
    fn __richcmp__(
        &self,
        py: Python<'_>,
        o: &Bound<'_, PyAny>,
        op: CompareOp,
    ) -> PyResult<Py<PyAny>> {
        if !matches!(op, CompareOp::Eq | CompareOp::Ne) {
            return Ok(py.NotImplemented());
        }
        let eq = if let Ok(x) = o.cast::<PyFieldElement>() {
            let x = x.get();
            x.ctx.p == self.ctx.p && x.mont == self.mont
        } else if let Some(v) = val(o)? {
            *v == self.value()
        } else {
            return Ok(py.NotImplemented());
        };
        Ok(
            pyo3::types::PyBool::new(py, eq == matches!(op, CompareOp::Eq))
                .to_owned()
                .into_any()
                .unbind(),
        )
    }
    fn __repr__(&self) -> String {
        format!("GF({})({})", self.ctx.p, self.value())
    }
    fn __str__(&self) -> String {
        self.value().to_string()
    }
    /// The field this element belongs to.
    #[getter]
    fn field(&self) -> PyPrimeField {
        PyPrimeField(self.ctx.clone())
    }
    /// The canonical value in ``[0, p)`` as an ``Int``.
    fn to_int(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        new_int(py, self.value())
    }
    /// The inverse (``ZeroDivisionError`` for zero).
    fn inverse(&self) -> PyResult<PyFieldElement> {
        Ok(self.with(self.inv()?))
    }
    /// ``self * self``.
    fn square(&self) -> PyFieldElement {
        self.with(self.ctx.m.montgomery_mul(&self.mont, &self.mont))
    }
    /// The Legendre symbol: 1 for a nonzero square, -1 for a non-square, 0 for zero.
    fn legendre(&self) -> i32 {
        self.value().legendre(&self.ctx.p)
    }
    /// A square root (``ValueError`` when the value is not a square): Tonelli-Shanks.
    fn sqrt(&self) -> PyResult<PyFieldElement> {
        let a = self.value();
        let r = sqrt_mod(&self.ctx, &a)
            .ok_or_else(|| PyValueError::new_err("not a square in this field"))?;
        Ok(self.with(self.ctx.m.to_montgomery(&r)))
    }
    /// The canonical value as ``(p.bit_length() + 7) // 8`` bytes.
    #[pyo3(signature = (byteorder="little"))]
    fn to_bytes(&self, py: Python<'_>, byteorder: &str) -> PyResult<Py<PyAny>> {
        let n = self.ctx.p.bits().div_ceil(8) as usize;
        let mut b = self.value().to_bytes_le();
        b.resize(n, 0);
        if !byteorder_little(byteorder)? {
            b.reverse();
        }
        Ok(PyBytes::new(py, &b).into_any().unbind())
    }
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Py<PyAny>, (Py<PyAny>,))> {
        let f = Py::new(py, PyPrimeField(self.ctx.clone()))?.into_any();
        Ok((f, (new_int(py, self.value())?,)))
    }
}

/// A square root of `a` modulo the odd prime `p` (Tonelli-Shanks), `None` for a non-square.
fn sqrt_mod(ctx: &Ctx, a: &Int) -> Option<Int> {
    let (m, p) = (&ctx.m, &ctx.p);
    if a.is_zero() {
        return Some(Int::ZERO);
    }
    if a.legendre(p) != 1 {
        return None;
    }
    let pm1 = p - 1u32;
    let s = pm1.trailing_zeros().unwrap_or(0);
    let q = &pm1 >> s;
    // A non-residue z.
    let mut z = Int::from(2);
    while z.legendre(p) != -1 {
        z += 1u32;
    }
    let pow = |b: &Int, e: &Int| m.checked_pow_vartime(b, e).unwrap_or_default();
    let mut c = pow(&z, &q);
    let mut x = pow(a, &((&q + 1u32) >> 1u32));
    let mut t = pow(a, &q);
    let mut k = s;
    while t != 1 {
        let mut i = 0;
        let mut t2 = t.clone();
        while t2 != 1 {
            t2 = m.mul(&t2, &t2);
            i += 1;
        }
        let mut b = c.clone();
        for _ in 0..k - i - 1 {
            b = m.mul(&b, &b);
        }
        x = m.mul(&x, &b);
        c = m.mul(&b, &b);
        t = m.mul(&t, &c);
        k = i;
    }
    Some(x)
}
