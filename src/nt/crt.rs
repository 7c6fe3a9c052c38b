//! The Chinese remainder theorem for any number of congruences with moduli that need not be
//! coprime (Knuth, TAOCP vol. 2, 4.3.2, combined pairwise by the extended gcd).

use crate::{CrtError, Int};

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
