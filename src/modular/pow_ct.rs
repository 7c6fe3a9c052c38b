//! Constant-time modular exponentiation: fixed windows of `w` bits over
//! `max(bits(m), bits(e))` bits, every table read a masked scan of all `2^w` entries
//! (HAC 14.82 with the table access of Brickell et al.'s countermeasure to cache-timing
//! attacks), schoolbook products only. O(k·n²) for a `k`-bit exponent and an `n`-limb modulus.

use super::arith::{array, Fixed, Timing};
use super::Modulus;
use crate::{limbs, Int};
use alloc::vec;
use zeroize::Zeroize;

/// The fixed window width for `bits` exponent bits.
fn fixed_width(bits: u64) -> u32 {
    match bits {
        0..=128 => 3,
        129..=512 => 4,
        513..=3072 => 5,
        _ => 6,
    }
}

impl Modulus {
    /// `base^exp mod m` in `[0, m)` in constant time, for secret bases and exponents (see
    /// [`Modulus::pow_vartime`] for public ones): no branch and no memory index depends
    /// on the bits of `base` or `exp`; the running time depends only on `m` and on
    /// `max(m.bits(), exp.bits())` (and on the limb length of `base`). Fixed windows, a
    /// masked scan of the whole table for every window, schoolbook products, and temporaries
    /// zeroized before returning. Panics when `exp` is negative (as `mpz_powm_sec`, which needs
    /// `exp > 0`; `exp = 0` gives 1).
    ///
    /// ```
    /// use carry::{Int, Modulus};
    /// let m = Modulus::new(&Int::from(1009)).unwrap();
    /// assert_eq!(m.pow(&Int::from(3), &Int::from(1008)), 1);
    /// assert_eq!(m.pow(&Int::from(5), &Int::from(3)), 125);
    /// ```
    pub fn pow(&self, base: &Int, exp: &Int) -> Int {
        let mut r = vec![0u64; self.len()];
        self.pow_into(base, exp, &mut r);
        let result = Int::from_limbs(&r);
        r.zeroize();
        result
    }

    /// [`Modulus::pow`] into `out`, exactly as many limbs as the modulus has (little-endian,
    /// high limbs zero-padded): unlike an [`Int`], whose length depends on the value, this
    /// form touches nothing whose address or control flow depends on the result either.
    /// Panics when `exp` is negative or `out` has the wrong length.
    ///
    /// ```
    /// use carry::{Int, Modulus};
    /// let m = Modulus::new(&((Int::ONE << 127u32) - 1u32)).unwrap();
    /// let mut out = [0u64; 2];
    /// m.pow_into(&Int::from(3), &Int::from(5), &mut out);
    /// assert_eq!(out, [243, 0]);
    /// ```
    pub fn pow_into(&self, base: &Int, exp: &Int, out: &mut [u64]) {
        assert!(!exp.is_negative(), "Modulus::pow: negative exponent");
        let n = self.len();
        assert_eq!(
            out.len(),
            n,
            "Modulus::pow_into: out must have the modulus's length"
        );
        let mut s = vec![0u64; self.scratch_len()];
        let bits = self.int.bits().max(exp.bits());
        let w = fixed_width(bits);
        let count = 1usize << w;
        // table[i] = base^i in Montgomery form.
        let mut table = vec![0u64; count * n];
        table[..n].copy_from_slice(self.one());
        let mut a = self.to_mont_ct(base, &mut s);
        table[n..2 * n].copy_from_slice(&a);
        for i in 2..count {
            let (done, rest) = table.split_at_mut(i * n);
            self.mont_mul(
                &mut rest[..n],
                &done[(i - 1) * n..],
                &a,
                &mut s,
                Timing::ConstTime,
            );
        }
        let mut acc = self.one().to_vec();
        let e = exp.as_limbs();
        let windows = bits.div_ceil(u64::from(w));
        match self.fixed_len() {
            1 => self.windows_fixed::<1>(&mut acc, &table, e, windows, w),
            2 => self.windows_fixed::<2>(&mut acc, &table, e, windows, w),
            3 => self.windows_fixed::<3>(&mut acc, &table, e, windows, w),
            4 => self.windows_fixed::<4>(&mut acc, &table, e, windows, w),
            5 => self.windows_fixed::<5>(&mut acc, &table, e, windows, w),
            6 => self.windows_fixed::<6>(&mut acc, &table, e, windows, w),
            7 => self.windows_fixed::<7>(&mut acc, &table, e, windows, w),
            8 => self.windows_fixed::<8>(&mut acc, &table, e, windows, w),
            9 => self.windows_fixed::<9>(&mut acc, &table, e, windows, w),
            10 => self.windows_fixed::<10>(&mut acc, &table, e, windows, w),
            11 => self.windows_fixed::<11>(&mut acc, &table, e, windows, w),
            12 => self.windows_fixed::<12>(&mut acc, &table, e, windows, w),
            _ => self.windows_slices(&mut acc, &table, e, windows, w, &mut s),
        }
        self.mont_out(out, &acc, &mut s);
        for v in [&mut table, &mut acc, &mut s, &mut a] {
            v.zeroize();
        }
    }
}

impl Modulus {
    /// The window loop of [`Modulus::pow_into`] above `MODULUS_FIXED` limbs, on slices: `acc`
    /// (one in Montgomery form on entry) becomes the power; `s` is the products' scratch. Its
    /// two vectors are allocated here, not for the array loop, which needs neither. Runs in
    /// time independent of the values.
    fn windows_slices(
        &self,
        acc: &mut [u64],
        table: &[u64],
        e: &[u64],
        windows: u64,
        w: u32,
        s: &mut [u64],
    ) {
        let n = acc.len();
        let (mut tmp, mut entry) = (vec![0u64; n], vec![0u64; n]);
        for k in (0..windows).rev() {
            for _ in 0..w {
                self.mont_sqr(&mut tmp, acc, s, Timing::ConstTime);
                acc.copy_from_slice(&tmp);
            }
            let mut digit = limbs::bits_at(e, k * u64::from(w), w);
            limbs::tabselect(&mut entry, table, digit);
            digit.zeroize();
            self.mont_mul(&mut tmp, acc, &entry, s, Timing::ConstTime);
            acc.copy_from_slice(&tmp);
        }
        tmp.zeroize();
        entry.zeroize();
    }

    /// The window loop of [`Modulus::pow_into`] for a modulus of `N` limbs, on arrays
    /// ([`Fixed`]): `acc` (one in Montgomery form on entry) becomes the power. Each window's
    /// table entry is gathered into a local array, which stays in registers (gathered into a
    /// vector, every entry's masked OR would wait for the previous one's store to be read
    /// back). Runs in time
    /// independent of the values.
    fn windows_fixed<const N: usize>(
        &self,
        acc: &mut [u64],
        table: &[u64],
        e: &[u64],
        windows: u64,
        w: u32,
    ) {
        let f = Fixed::<N>::new(self.m(), self.minv);
        let mut x: [u64; N] = array(acc);
        for k in (0..windows).rev() {
            for _ in 0..w {
                x = f.sqr(&x);
            }
            let mut digit = limbs::bits_at(e, k * u64::from(w), w);
            let mut y = [0u64; N];
            limbs::tabselect(&mut y, table, digit);
            digit.zeroize();
            x = f.mul(&x, &y);
            y.zeroize();
        }
        acc.copy_from_slice(&x);
        x.zeroize();
    }
}
