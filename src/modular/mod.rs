//! [`Modulus`]: a Montgomery context for an odd modulus chosen at run time, with modular
//! multiplication, exponentiation (variable-time sliding windows, constant-time fixed windows,
//! simultaneous double exponentiation) and the conversions its users need.

pub(crate) mod arith;
mod pow;
mod pow2;
mod pow_ct;

use crate::Int;
use core::fmt;
use zeroize::Zeroize;

/// A Montgomery context for an odd modulus `m > 1` given at run time (`R = 2^(64·n)` for an
/// `n`-limb modulus): build it once with [`Modulus::new`], then multiply and exponentiate
/// modulo `m` with it. Its buffers are zeroized when it is dropped.
///
/// ```
/// use carry::{Int, Modulus};
/// let m = Modulus::new(&Int::from(1_000_000_007)).unwrap();
/// assert_eq!(m.pow(&Int::from(2), &Int::from(10)), 1024);
/// assert_eq!(m.mul(&Int::from(123_456_789), &Int::from(987_654_321)), 259_106_859);
/// ```
pub struct Modulus {
    /// The modulus as an `Int`.
    int: Int,
    /// Its `n` limbs (the top one nonzero).
    m: Vec<u64>,
    /// `-m^(-1) mod 2^64`.
    minv: u64,
    /// `R mod m`: one in Montgomery form.
    one: Vec<u64>,
    /// `R² mod m`: converts into Montgomery form.
    r2: Vec<u64>,
}

/// Why a value cannot be the modulus of a [`Modulus`].
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

impl std::error::Error for ModulusError {}

impl Modulus {
    /// A context for the odd modulus `m > 1`; a [`ModulusError`] says why any other value is
    /// refused.
    ///
    /// ```
    /// use carry::{Int, Modulus, ModulusError};
    /// assert!(Modulus::new(&Int::from(65537)).is_ok());
    /// assert_eq!(Modulus::new(&Int::ZERO).err(), Some(ModulusError::Zero));
    /// assert_eq!(Modulus::new(&Int::ONE).err(), Some(ModulusError::One));
    /// assert_eq!(Modulus::new(&Int::from(-7)).err(), Some(ModulusError::Negative));
    /// ```
    pub fn new(m: &Int) -> Result<Modulus, ModulusError> {
        if m.is_zero() {
            return Err(ModulusError::Zero);
        }
        if m.is_negative() {
            return Err(ModulusError::Negative);
        }
        if *m == 1u32 {
            return Err(ModulusError::One);
        }
        if m.is_even() {
            return Err(ModulusError::Even);
        }
        let limbs = m.as_limbs().to_vec();
        let n = limbs.len();
        let r_mod = (Int::ONE << (64 * n as u64)) % m;
        let r2 = (&r_mod * &r_mod) % m;
        Ok(Modulus {
            int: m.clone(),
            minv: crate::limbs::neg_inv_limb(limbs[0]),
            one: padded(&r_mod, n),
            r2: padded(&r2, n),
            m: limbs,
        })
    }

    /// The modulus.
    ///
    /// ```
    /// use carry::{Int, Modulus};
    /// assert_eq!(Modulus::new(&Int::from(15)).unwrap().modulus(), &Int::from(15));
    /// ```
    pub fn modulus(&self) -> &Int {
        &self.int
    }

    /// Limbs of the modulus.
    pub(crate) fn len(&self) -> usize {
        self.m.len()
    }
}

impl Drop for Modulus {
    fn drop(&mut self) {
        self.m.zeroize();
        self.one.zeroize();
        self.r2.zeroize();
        self.minv.zeroize();
        if let Some((mut buf, _)) = self.int.take_heap() {
            buf.zeroize();
        }
    }
}

impl fmt::Debug for Modulus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Modulus").field("m", &self.int).finish()
    }
}

impl Clone for Modulus {
    fn clone(&self) -> Modulus {
        Modulus {
            int: self.int.clone(),
            m: self.m.clone(),
            minv: self.minv,
            one: self.one.clone(),
            r2: self.r2.clone(),
        }
    }
}

/// The magnitude of `x` (`0 ≤ x < 2^(64n)`) as exactly `n` limbs.
fn padded(x: &Int, n: usize) -> Vec<u64> {
    let mut v = vec![0; n];
    let l = x.as_limbs();
    v[..l.len()].copy_from_slice(l);
    v
}
