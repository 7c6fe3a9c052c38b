//! Every error type of the crate, in one place (each is re-exported at the crate root; the
//! BLIP errors also from [`crate::blip`]). Errors depend on nothing else in the crate, so any
//! layer may return them.

#[cfg(feature = "alloc")]
mod blip;
mod int;
mod modular;
#[cfg(feature = "alloc")]
mod rational;
mod uint;

#[cfg(feature = "alloc")]
pub use blip::{BlipError, BlipErrorKind};
pub use int::*;
pub use modular::{CrtError, ModulusError};
#[cfg(feature = "alloc")]
pub(crate) use rational::MAX_DECIMAL_EXPONENT;
#[cfg(feature = "alloc")]
pub use rational::{ParseRationalError, ParseRationalErrorKind};
pub use uint::ParseUintError;
