//! The errors of modular arithmetic: a refused [`Modulus`](crate::Modulus) and an unsolvable
//! Chinese remainder problem.

use core::fmt;

/// Why a value cannot be the modulus of a [`Modulus`](crate::Modulus).
///
/// ```
/// use carry::{Int, Modulus, ModulusError};
/// assert_eq!(Modulus::new(&Int::from(10)).err(), Some(ModulusError::Even));
/// assert_eq!(ModulusError::Even.to_string(), "a Montgomery modulus must be odd");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ModulusError {
    /// The modulus is zero.
    Zero,
    /// The modulus is one (every residue is zero).
    One,
    /// The modulus is even (Montgomery arithmetic needs it odd).
    Even,
    /// The modulus is negative.
    Negative,
}

impl fmt::Display for ModulusError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ModulusError::Zero => "a Montgomery modulus cannot be zero",
            ModulusError::One => "a Montgomery modulus must be greater than one",
            ModulusError::Even => "a Montgomery modulus must be odd",
            ModulusError::Negative => "a Montgomery modulus cannot be negative",
        })
    }
}

impl core::error::Error for ModulusError {}

/// Why [`Int::crt`](crate::Int::crt) has no answer.
///
/// ```
/// use carry::{CrtError, Int};
/// let err = Int::crt(&[(Int::from(1), Int::from(4)), (Int::from(2), Int::from(6))]).unwrap_err();
/// assert_eq!(err, CrtError::Inconsistent { index: 1 });
/// assert_eq!(err.to_string(), "congruence 1 contradicts the ones before it");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum CrtError {
    /// The modulus of congruence `index` is zero or negative.
    NonPositiveModulus {
        /// The position of the congruence in the input.
        index: usize,
    },
    /// Congruence `index` cannot hold together with the ones before it (their moduli share a
    /// factor on which the residues disagree).
    Inconsistent {
        /// The position of the congruence in the input.
        index: usize,
    },
}

impl fmt::Display for CrtError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CrtError::NonPositiveModulus { index } => {
                write!(f, "the modulus of congruence {index} is not positive")
            }
            CrtError::Inconsistent { index } => {
                write!(f, "congruence {index} contradicts the ones before it")
            }
        }
    }
}

impl core::error::Error for CrtError {}
