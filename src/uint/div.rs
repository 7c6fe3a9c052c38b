//! Division with remainder. `div_rem` is restoring binary long division (Knuth, TAOCP 4.3.1,
//! one quotient bit per step: BITS steps of a shift, a subtraction and a masked select), so its
//! running time does not depend on the values; `div_rem_vartime` runs Knuth D (the schoolbook
//! division of `limbs`) on the significant limbs only, in buffers on the stack.

use super::Uint;
use subtle::CtOption;

impl<const LIMBS: usize> Uint<LIMBS> {
    /// `(self / rhs, self % rhs)`, constant-time in both operands.
    ///
    /// # Panics
    /// If `rhs` is zero (the only branch on the values; [`Uint::checked_div_rem`] has none).
    ///
    /// ```
    /// use carry::U256;
    /// let (q, r) = U256::from_u64(100).div_rem(&U256::from_u64(7));
    /// assert_eq!((q, r), (U256::from_u64(14), U256::from_u64(2)));
    /// ```
    pub fn div_rem(&self, rhs: &Self) -> (Self, Self) {
        assert!(!bool::from(rhs.is_zero()), "division by zero");
        self.div_rem_unchecked(rhs)
    }

    /// `(self / rhs, self % rhs)`, none if `rhs` is zero; constant-time in both operands.
    ///
    /// ```
    /// use carry::U128;
    /// let qr = U128::from_u64(9).checked_div_rem(&U128::from_u64(4));
    /// assert_eq!(qr.unwrap(), (U128::from_u64(2), U128::ONE));
    /// assert!(bool::from(U128::ONE.checked_div_rem(&U128::ZERO).is_none()));
    /// ```
    pub fn checked_div_rem(&self, rhs: &Self) -> CtOption<(Self, Self)> {
        CtOption::new(self.div_rem_unchecked(rhs), !rhs.is_zero())
    }

    /// Restoring division; a zero divisor gives an all-ones quotient.
    fn div_rem_unchecked(&self, rhs: &Self) -> (Self, Self) {
        let mut q = Self::ZERO;
        let mut r = Self::ZERO;
        for i in (0..Self::BITS).rev() {
            let top = r.limbs[LIMBS - 1] >> 63;
            r = r.shl_vartime(1);
            r.limbs[0] |= self.bit_word(i);
            let (diff, borrow) = r.overflowing_sub(rhs);
            let take = top | (1 ^ borrow as u64);
            r = Self::select(&r, &diff, take);
            q.limbs[(i / 64) as usize] |= take << (i % 64);
        }
        (q, r)
    }

    /// `(self / rhs, self % rhs)`, with a running time that depends on the operands' sizes.
    ///
    /// # Panics
    /// If `rhs` is zero.
    ///
    /// ```
    /// use carry::U256;
    /// let a = U256::from_be_hex("ffffffffffffffffffffffffffffffffffff");
    /// let (q, r) = a.div_rem_vartime(&U256::from_u64(1 << 40));
    /// assert_eq!(q, U256::from_be_hex("ffffffffffffffffffffffffff"));
    /// assert_eq!(r, U256::from_u64((1 << 40) - 1));
    /// ```
    pub fn div_rem_vartime(&self, rhs: &Self) -> (Self, Self) {
        use crate::limbs::{
            divisor_reciprocal, divrem_1, divrem_in_registers, divrem_schoolbook, in_registers,
            normalized_len, shl, shr,
        };
        let dn = normalized_len(&rhs.limbs);
        assert!(dn > 0, "division by zero");
        let an = normalized_len(&self.limbs);
        let (mut q, mut r) = (Self::ZERO, Self::ZERO);
        if an < dn {
            return (q, *self);
        }
        let (a, d) = (&self.limbs[..an], &rhs.limbs[..dn]);
        if dn == 1 {
            r.limbs[0] = divrem_1(&mut q.limbs[..an], a, d[0]);
            return (q, r);
        }
        let q = &mut q.limbs[..an - dn + 1];
        if in_registers(an, dn) {
            divrem_in_registers(q, &mut r.limbs[..dn], a, d, divisor_reciprocal(d));
            return (Self { limbs: pad(q) }, r);
        }
        // Knuth D on the normalized operands, in stack buffers: the divisor shifted left until
        // its top bit is set, the dividend by as much into an + 1 limbs.
        let s = d[dn - 1].leading_zeros();
        let mut dd = [0u64; LIMBS];
        let mut u = [[0u64; LIMBS]; 2];
        let u = &mut u.as_flattened_mut()[..an + 1];
        if s == 0 {
            dd[..dn].copy_from_slice(d);
            u[..an].copy_from_slice(a);
        } else {
            shl(&mut dd[..dn], d, s);
            u[an] = shl(&mut u[..an], a, s);
        }
        divrem_schoolbook(q, u, &dd[..dn]);
        if s == 0 {
            r.limbs[..dn].copy_from_slice(&u[..dn]);
        } else {
            shr(&mut r.limbs[..dn], &u[..dn], s);
        }
        (Self { limbs: pad(q) }, r)
    }
}

/// The limbs of `q` zero-padded to `LIMBS`.
fn pad<const LIMBS: usize>(q: &[u64]) -> [u64; LIMBS] {
    let mut limbs = [0; LIMBS];
    limbs[..q.len()].copy_from_slice(q);
    limbs
}
