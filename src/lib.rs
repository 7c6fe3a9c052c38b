#![doc = include_str!("../README.md")]
#![forbid(unsafe_op_in_unsafe_fn)]
#![deny(missing_docs)]
#![deny(unsafe_code)]
#![cfg_attr(not(test), no_std)]

#[cfg(feature = "alloc")]
extern crate alloc;
#[cfg(all(feature = "std", not(test)))]
extern crate std;

#[doc(hidden)]
#[allow(unsafe_code)]
pub mod limbs;
#[doc(hidden)]
pub mod thresholds;
/// Number theory on limb slices, for the front ends (`capi/`); unstable, like [`limbs`].
#[cfg(feature = "alloc")]
#[doc(hidden)]
pub mod nt_limbs {
    pub use crate::nt::gcd_limbs;
}

/// The `Int` layer's divide-and-conquer radix conversions on limb slices, for the front ends
/// (`capi/`); unstable, like [`limbs`].
#[cfg(feature = "alloc")]
#[doc(hidden)]
pub mod radix {
    pub use crate::int::radix::{from_radix_dc, to_radix_dc};
}

#[cfg(feature = "alloc")]
pub mod blip;

mod error;
mod fixed_modulus;
#[cfg(feature = "alloc")]
mod int;
#[cfg(feature = "alloc")]
mod modular;
mod mont;
#[cfg(feature = "alloc")]
mod nt;
#[cfg(feature = "alloc")]
mod rational;

pub use error::*;
pub use fixed_modulus::FixedModulus;
#[cfg(feature = "alloc")]
pub use int::Int;
#[cfg(feature = "alloc")]
pub use modular::Modulus;
#[cfg(feature = "alloc")]
pub use rational::{Rational, Rounding};

mod uint;
/// The constant-time primitives of the fixed-width types (`Choice`, `CtOption`, ...).
pub use subtle;
pub use uint::{
    Uint, U1024, U128, U1536, U192, U2048, U256, U3072, U320, U384, U4096, U448, U512, U576, U64,
    U768,
};
/// Secure zeroing (`Zeroize`), implemented by the fixed-width types.
pub use zeroize;

mod field;
pub mod fields;
/// The zkcrypto field traits implemented by the types of [`prime_field!`] (feature `ff`).
#[cfg(feature = "ff")]
pub use ff;
pub use field::FieldBytes;

/// What [`prime_field!`] expands to refers to, through `$crate`; not a public API.
#[doc(hidden)]
pub mod __private {
    #[cfg(feature = "alloc")]
    pub use crate::field::from_int;
    pub use crate::field::{
        arith, batch_invert, bytes_of, divstep, from_canonical, from_wide_le, inv, legendre,
        limbs_of, mont, pow, sqrt, to_le_bytes, Params, SqrtParams,
    };
    #[cfg(feature = "ff")]
    pub use ff;
    #[cfg(feature = "rand")]
    pub use rand_core;
}
