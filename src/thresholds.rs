//! Algorithm crossover points, in limbs: an operation switches to the faster algorithm once
//! its (smaller) operand has at least this many limbs. Measured on the development machine
//! (AMD EPYC Zen 4, 2 cores shared with other builds, so the timings are noisy) with
//! `cargo run --release --example tune`, which prints each crossover it finds.
//!
//! With the `tiny-thresholds` feature every crossover is as small as its algorithm allows, so
//! that tests on small inputs reach every algorithm.

/// `mul`: Karatsuba from this many limbs of the smaller operand (base case below).
#[cfg(not(feature = "tiny-thresholds"))]
pub const MUL_KARATSUBA: usize = 32;
/// `mul`: Karatsuba from this many limbs of the smaller operand (base case below).
#[cfg(feature = "tiny-thresholds")]
pub const MUL_KARATSUBA: usize = 2;

/// `mul`: Toom-3 from this many limbs of the smaller operand (Karatsuba below).
#[cfg(not(feature = "tiny-thresholds"))]
pub const MUL_TOOM3: usize = 140;
/// `mul`: Toom-3 from this many limbs of the smaller operand (Karatsuba below).
#[cfg(feature = "tiny-thresholds")]
pub const MUL_TOOM3: usize = 3;

/// `sqr`: Karatsuba from this many limbs (base case below).
#[cfg(not(feature = "tiny-thresholds"))]
pub const SQR_KARATSUBA: usize = 56;
/// `sqr`: Karatsuba from this many limbs (base case below).
#[cfg(feature = "tiny-thresholds")]
pub const SQR_KARATSUBA: usize = 2;

/// `sqr`: Toom-3 from this many limbs (Karatsuba below).
#[cfg(not(feature = "tiny-thresholds"))]
pub const SQR_TOOM3: usize = 152;
/// `sqr`: Toom-3 from this many limbs (Karatsuba below).
#[cfg(feature = "tiny-thresholds")]
pub const SQR_TOOM3: usize = 3;

/// Montgomery products (`Modulus`): CIOS below this many limbs of the modulus, a full product
/// followed by a separate REDC from here on.
#[cfg(not(feature = "tiny-thresholds"))]
pub const REDC_SEPARATE: usize = 8;
/// Montgomery products (`Modulus`): CIOS below this many limbs of the modulus, a full product
/// followed by a separate REDC from here on.
#[cfg(feature = "tiny-thresholds")]
pub const REDC_SEPARATE: usize = 2;
