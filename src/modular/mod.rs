//! [`Modulus`]: a Montgomery context for an odd modulus chosen at run time, with modular
//! multiplication, exponentiation (variable-time sliding windows, constant-time fixed windows,
//! simultaneous double exponentiation) and the conversions its users need.

pub(crate) mod arith;
mod pow;
mod pow2;
mod pow_ct;

use crate::{Int, ModulusError};
use alloc::{vec, vec::Vec};
use core::fmt;
use zeroize::Zeroize;

/// A Montgomery context for an odd modulus `m > 1` given at run time (`R = 2^(64·n)` for an
/// `n`-limb modulus): build it once with [`Modulus::new`], then multiply and exponentiate
/// modulo `m` with it. Its buffers are zeroized when it is dropped.
///
/// Timing follows the crate's rule: the plain names are constant-time, the variable-time ones
/// are named `*_vartime` ([`Modulus::pow_vartime`], [`Modulus::checked_pow_vartime`],
/// [`Modulus::pow2_vartime`]). A constant-time function's running time depends on `m` and on
/// the limb lengths of its arguments, never on their values; it returns an [`Int`], whose
/// length depends on the result, except [`Modulus::pow_into`], which writes a fixed number of
/// limbs. The modulus itself is public.
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
    /// `-m^(-1) mod 2^64`.
    minv: u64,
    /// In one buffer, `n` limbs each: m (the top limb nonzero), `R mod m` (one in Montgomery
    /// form) and `R² mod m` (which converts into Montgomery form).
    consts: Vec<u64>,
    /// `m^(-1) mod R` when the variable-time products reduce by multiplication (from
    /// `MODULUS_REDC_MUL` limbs), else empty.
    mi: Vec<u64>,
}

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
        let limbs = m.as_limbs();
        let n = limbs.len();
        let mut consts = vec![0u64; 3 * n];
        consts[..n].copy_from_slice(limbs);
        if n == 1 {
            // R mod m and R·(R mod m) mod m in words: through the Int shifts, divisions and
            // product below, `new` would cost a good part of a 64-bit `pow`.
            let one = limbs[0].wrapping_neg() % limbs[0];
            consts[1] = one;
            consts[2] = crate::limbs::rem_1(&[0, one], limbs[0]);
        } else {
            let r_mod = (Int::ONE << (64 * n as u64)) % m;
            let r2 = (&r_mod * &r_mod) % m;
            consts[n..][..r_mod.as_limbs().len()].copy_from_slice(r_mod.as_limbs());
            consts[2 * n..][..r2.as_limbs().len()].copy_from_slice(r2.as_limbs());
        }
        let mut mi = Vec::new();
        if n >= crate::thresholds::MODULUS_REDC_MUL {
            mi = vec![0u64; n];
            let mut s = vec![0u64; crate::limbs::binvert_scratch_len(n)];
            crate::limbs::binvert(&mut mi, limbs, &mut s);
        }
        Ok(Modulus {
            int: m.clone(),
            minv: crate::limbs::neg_inv_limb(limbs[0]),
            consts,
            mi,
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
        self.consts.len() / 3
    }

    /// Limbs of the modulus when the fixed-width products on arrays serve it (at most
    /// [`MODULUS_FIXED`](crate::thresholds::MODULUS_FIXED)), else 0: what the dispatches to
    /// those products match on.
    fn fixed_len(&self) -> usize {
        let n = self.len();
        if n <= crate::thresholds::MODULUS_FIXED {
            n
        } else {
            0
        }
    }

    /// The modulus's limbs.
    fn m(&self) -> &[u64] {
        &self.consts[..self.len()]
    }

    /// `R mod m`, `n` limbs.
    fn one(&self) -> &[u64] {
        &self.consts[self.len()..2 * self.len()]
    }

    /// `R² mod m`, `n` limbs.
    fn r2(&self) -> &[u64] {
        &self.consts[2 * self.len()..]
    }
}

impl Drop for Modulus {
    fn drop(&mut self) {
        self.consts.zeroize();
        self.mi.zeroize();
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
            minv: self.minv,
            consts: self.consts.clone(),
            mi: self.mi.clone(),
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
