//! Every error type of the crate, in one place (each is re-exported at the crate root; the
//! BLIP errors also from [`crate::blip`]). Errors depend on nothing else in the crate, so any
//! layer may return them.

mod blip;
mod int;
mod modular;
mod rational;
mod uint;

pub use blip::{BlipError, BlipErrorKind};
pub use int::*;
pub use modular::{CrtError, ModulusError};
pub(crate) use rational::MAX_DECIMAL_EXPONENT;
pub use rational::{ParseRationalError, ParseRationalErrorKind};
pub use uint::ParseUintError;
