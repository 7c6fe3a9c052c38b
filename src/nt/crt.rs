//! The Chinese remainder theorem for any number of congruences with moduli that need not be
//! coprime (Knuth, TAOCP vol. 2, 4.3.2, combined pairwise by the extended gcd).

use crate::Int;
use core::fmt;

/// Why [`Int::crt`] has no answer.
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

impl std::error::Error for CrtError {}

impl Int {
    /// The `x` in `[0, lcm of the moduli)` with `x ≡ r (mod m)` for every `(r, m)` in
    /// `congruences` (residues of any sign; 0 for an empty list). Moduli must be positive
    /// and need not be coprime.
    ///
    /// ```
    /// use carry::Int;
    /// let x = Int::crt(&[(Int::from(2), Int::from(3)), (Int::from(3), Int::from(5)), (Int::from(2), Int::from(7))]);
    /// assert_eq!(x, Ok(Int::from(23)));
    /// assert_eq!(Int::crt(&[(Int::from(3), Int::from(4)), (Int::from(1), Int::from(6))]), Ok(Int::from(7)));
    /// ```
    pub fn crt(congruences: &[(Int, Int)]) -> Result<Int, CrtError> {
        let (mut x, mut m) = (Int::ZERO, Int::ONE);
        for (index, (r, mi)) in congruences.iter().enumerate() {
            if !mi.is_positive() {
                return Err(CrtError::NonPositiveModulus { index });
            }
            // x + m·k ≡ r (mod mi): m·k ≡ r - x (mod mi), solvable when g = gcd(m, mi) | r - x.
            let (g, s, _) = m.gcd_ext(mi);
            let diff = r - &x;
            let (q, rem) = diff.div_rem(&g);
            if !rem.is_zero() {
                return Err(CrtError::Inconsistent { index });
            }
            let mi_g = mi / &g;
            let k = (q * s).rem_euclid(&mi_g);
            x += &m * k;
            m *= mi_g;
            x = x.rem_euclid(&m);
        }
        Ok(x)
    }
}
