//! carry: multi-precision and finite-field arithmetic.
//!
//! The crate is built in layers: [`limbs`] holds the kernels on `&[u64]` slices, [`Int`]
//! is the signed arbitrary-precision integer built on them.
#![forbid(unsafe_op_in_unsafe_fn)]

#[doc(hidden)]
pub mod limbs;
#[doc(hidden)]
pub mod thresholds;

pub mod blip;

mod error;
mod int;
mod modular;
mod nt;
mod rational;

pub use error::*;
pub use int::Int;
pub use modular::{Modulus, ModulusError};
pub use nt::CrtError;
pub use rational::{ParseRationalError, ParseRationalErrorKind, Rational, Rounding};
