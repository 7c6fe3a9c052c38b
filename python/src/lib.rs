//! carry for Python: the `carry._carry` extension module behind the `carry` package.
//!
//! `carry.Int` stands in for `int`, `carry.Rational` for `fractions.Fraction`; the functions
//! follow gmpy2's; `carry.fields` holds the prime fields. Every binding checks its arguments
//! before calling into carry (so a panic is a bug, which PyO3 turns into an exception rather
//! than an abort), refuses results above `carry.set_max_bits` with `OverflowError` before any
//! work, and releases the GIL around long operations.

mod fastslots;
mod fields;
mod fmt;
mod funcs;
mod guard;
mod int;
mod pylong;
mod rational;

use pyo3::prelude::*;

/// Turns the digit route of `int` conversion off or back on; for the tests.
#[pyfunction]
fn _set_digit_route(on: bool) -> bool {
    pylong::set_digit_route(on)
}

#[pymodule]
fn _carry(m: &Bound<'_, PyModule>) -> PyResult<()> {
    pylong::detect(m.py())?;
    m.add_class::<int::PyIntObj>()?;
    m.add_class::<rational::PyRationalObj>()?;
    m.add_class::<funcs::PyModulus>()?;
    m.add_function(wrap_pyfunction!(int::_int_from_pickle, m)?)?;
    m.add_function(wrap_pyfunction!(_set_digit_route, m)?)?;
    m.add_function(wrap_pyfunction!(funcs::powmod, m)?)?;
    m.add_function(wrap_pyfunction!(funcs::powmod_sec, m)?)?;
    m.add_function(wrap_pyfunction!(funcs::invert, m)?)?;
    m.add_function(wrap_pyfunction!(funcs::gcd, m)?)?;
    m.add_function(wrap_pyfunction!(funcs::lcm, m)?)?;
    m.add_function(wrap_pyfunction!(funcs::gcdext, m)?)?;
    m.add_function(wrap_pyfunction!(funcs::isqrt, m)?)?;
    m.add_function(wrap_pyfunction!(funcs::isqrt_rem, m)?)?;
    m.add_function(wrap_pyfunction!(funcs::iroot, m)?)?;
    m.add_function(wrap_pyfunction!(funcs::iroot_rem, m)?)?;
    m.add_function(wrap_pyfunction!(funcs::is_prime, m)?)?;
    m.add_function(wrap_pyfunction!(funcs::next_prime, m)?)?;
    m.add_function(wrap_pyfunction!(funcs::prev_prime, m)?)?;
    m.add_function(wrap_pyfunction!(funcs::jacobi, m)?)?;
    m.add_function(wrap_pyfunction!(funcs::kronecker, m)?)?;
    m.add_function(wrap_pyfunction!(funcs::legendre, m)?)?;
    m.add_function(wrap_pyfunction!(funcs::fac, m)?)?;
    m.add_function(wrap_pyfunction!(funcs::comb, m)?)?;
    m.add_function(wrap_pyfunction!(funcs::fib, m)?)?;
    m.add_function(wrap_pyfunction!(funcs::lucas, m)?)?;
    m.add_function(wrap_pyfunction!(funcs::crt, m)?)?;
    m.add_function(wrap_pyfunction!(funcs::is_square, m)?)?;
    m.add_function(wrap_pyfunction!(funcs::is_power, m)?)?;
    m.add_function(wrap_pyfunction!(funcs::remove, m)?)?;
    m.add_function(wrap_pyfunction!(funcs::popcount, m)?)?;
    m.add_function(wrap_pyfunction!(funcs::hamdist, m)?)?;
    m.add_function(wrap_pyfunction!(funcs::set_max_bits, m)?)?;
    m.add_function(wrap_pyfunction!(funcs::get_max_bits, m)?)?;
    fields::register(m)?;
    fastslots::install(m.py());
    Ok(())
}
