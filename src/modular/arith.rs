//! Montgomery multiplication and squaring on limb slices for a [`Modulus`], and the public
//! helpers built on them (`mul`, `square`, `reduce`, Montgomery-form conversions, all
//! constant-time). Moduli of one to `MODULUS_FIXED` (12) limbs take fixed-width Montgomery
//! products on arrays ([`Fixed`]: the prime fields' unrolled CIOS, their MULX/ADX kernels at
//! four limbs; from `MODULUS_SQR_SLICES` limbs squares by the schoolbook square and REDC rows),
//! and the powers keep their running value in an array too, allocating nothing but the result. Larger moduli take a full product (by `limbs::mul`/`sqr`, so Karatsuba and
//! Toom-3 where they pay) followed by `redc` (or, from `MODULUS_REDC_MUL` limbs, by
//! `redc_mul`'s two products), or the schoolbook products with their REDC in constant time.
//! All of these but the subquadratic products run in time independent of the values.

use super::{padded, Modulus};
use crate::limbs;
use crate::Int;
use alloc::{vec, vec::Vec};
use zeroize::Zeroize;

/// Which kernels a product may use: `Vartime` allows the subquadratic products (whose
/// branches depend on the operands), `ConstTime` keeps to the schoolbook ones.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Timing {
    Vartime,
    ConstTime,
}

/// `x` as an array of `N` limbs (`x.len() == N`).
#[inline(always)]
pub(super) fn array<const N: usize>(x: &[u64]) -> [u64; N] {
    x.try_into().expect("N limbs")
}

/// Montgomery products for an `N`-limb modulus on arrays, as the prime fields compute them:
/// the MULX/ADX kernels at four limbs where the CPU has them, else the unrolled CIOS. Both run
/// in time independent of the values.
pub(super) struct Fixed<const N: usize> {
    pub(super) m: [u64; N],
    minv: u64,
    /// m followed by −m⁻¹ mod 2^64, as the 4-limb kernels take them (zeros unless N = 4).
    #[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
    kernel: [u64; 5],
}

impl<const N: usize> Fixed<N> {
    /// The constants of `m` (`N` limbs), `minv = −m⁻¹ mod 2^64`.
    pub(super) fn new(m: &[u64], minv: u64) -> Fixed<N> {
        let mut kernel = [0u64; 5];
        if N == 4 {
            kernel[..4].copy_from_slice(m);
            kernel[4] = minv;
        }
        Fixed {
            m: array(m),
            minv,
            kernel,
        }
    }

    /// a·b·R⁻¹ mod m for `a, b < m`.
    #[inline(always)]
    pub(super) fn mul(&self, a: &[u64; N], b: &[u64; N]) -> [u64; N] {
        if N == 1 {
            let mut r = [0u64; N];
            r[0] = mul_word(a[0], b[0], self.m[0], self.minv);
            return r;
        }
        #[cfg(target_arch = "x86_64")]
        if N == 4 {
            if let Some(x) = limbs::mont_mul_4(&array(a), &array(b), &self.kernel) {
                return array(&x);
            }
        }
        crate::mont::mul_cios(a, b, &self.m, self.minv)
    }

    /// a²·R⁻¹ mod m for `a < m`: from `MODULUS_SQR_SLICES` limbs the schoolbook square (each
    /// cross product once) and the REDC rows, below the product.
    #[inline(always)]
    pub(super) fn sqr(&self, a: &[u64; N]) -> [u64; N] {
        #[cfg(target_arch = "x86_64")]
        if N == 4 {
            if let Some(x) = limbs::mont_sqr_4(&array(a), &self.kernel) {
                return array(&x);
            }
        }
        if N >= crate::thresholds::MODULUS_SQR_SLICES {
            let mut t = [0u64; 2 * crate::thresholds::MODULUS_FIXED];
            let mut r = [0u64; N];
            limbs::mont_sqr_separate(&mut r, a, &self.m, self.minv, &mut t);
            return r;
        }
        self.mul(a, a)
    }
}

/// a·b·R⁻¹ mod m for a one-limb m and `a, b < m`, `minv = −m⁻¹ mod 2^64`, in time
/// independent of the values. With q = t·m⁻¹ mod 2^64 for t = a·b, the low words of t and q·m
/// agree, so the result is hi(t) − hi(q·m), in (−m, m), plus m where that borrows: no carry
/// out of the low words and no final comparison on the chain (Montgomery's reduction in its
/// subtractive form). Both candidates are formed as soon as hi(q·m) is known and a CMOV picks
/// one (`select_unpredictable`; `make ct` checks that no branch appears). Faster than the
/// one-limb CIOS by about a tenth.
#[inline(always)]
fn mul_word(a: u64, b: u64, m: u64, minv: u64) -> u64 {
    let t = u128::from(a) * u128::from(b);
    let q = (t as u64).wrapping_mul(minv.wrapping_neg());
    let qm = ((u128::from(q) * u128::from(m)) >> 64) as u64;
    let hi = (t >> 64) as u64;
    let (u, borrow) = hi.overflowing_sub(qm);
    core::hint::select_unpredictable(borrow, hi.wrapping_add(m).wrapping_sub(qm), u)
}

/// `r = a·b·R^(-1) mod m` (or `a²·R^(-1)` when `b` is `None`) through [`Fixed`].
#[inline(always)]
fn fixed_into<const N: usize>(r: &mut [u64], a: &[u64], b: Option<&[u64]>, m: &Modulus) {
    let f = Fixed::<N>::new(m.m(), m.minv);
    let a = array(a);
    let x = match b {
        Some(b) => f.mul(&a, &array(b)),
        None => f.sqr(&a),
    };
    r.copy_from_slice(&x);
}

impl Modulus {
    /// `r = a·b·R^(-1)` (or `a²·R^(-1)` when `b` is `None`) mod m through [`Fixed`] when m has
    /// one to `MODULUS_FIXED` limbs; returns whether it did.
    fn fixed_product(&self, r: &mut [u64], a: &[u64], b: Option<&[u64]>) -> bool {
        match self.fixed_len() {
            1 => fixed_into::<1>(r, a, b, self),
            2 => fixed_into::<2>(r, a, b, self),
            3 => fixed_into::<3>(r, a, b, self),
            4 => fixed_into::<4>(r, a, b, self),
            5 => fixed_into::<5>(r, a, b, self),
            6 => fixed_into::<6>(r, a, b, self),
            7 => fixed_into::<7>(r, a, b, self),
            8 => fixed_into::<8>(r, a, b, self),
            9 => fixed_into::<9>(r, a, b, self),
            10 => fixed_into::<10>(r, a, b, self),
            11 => fixed_into::<11>(r, a, b, self),
            12 => fixed_into::<12>(r, a, b, self),
            _ => return false,
        }
        true
    }

    /// Scratch limbs the slice kernels need.
    pub(crate) fn scratch_len(&self) -> usize {
        let n = self.len();
        let redc = if self.mi.is_empty() {
            0
        } else {
            limbs::redc_mul_scratch_len(n)
        };
        2 * n
            + 2
            + limbs::mul_scratch_len(n, n)
                .max(limbs::sqr_scratch_len(n))
                .max(redc)
    }

    /// `r = a·b·R^(-1) mod m` for `a, b < m` (all `n` limbs).
    pub(crate) fn mont_mul(&self, r: &mut [u64], a: &[u64], b: &[u64], s: &mut [u64], t: Timing) {
        let n = self.len();
        if self.fixed_product(r, a, Some(b)) {
            return;
        }
        if t == Timing::ConstTime || n < crate::thresholds::MUL_KARATSUBA {
            limbs::mont_mul_separate(r, a, b, self.m(), self.minv, s);
        } else {
            let (prod, rest) = s.split_at_mut(2 * n);
            limbs::mul(prod, a, b, rest);
            self.reduce_product(r, prod, rest);
        }
    }

    /// `r = a²·R^(-1) mod m` for `a < m`.
    pub(crate) fn mont_sqr(&self, r: &mut [u64], a: &[u64], s: &mut [u64], t: Timing) {
        let n = self.len();
        if self.fixed_product(r, a, None) {
            return;
        }
        if t == Timing::ConstTime || n < crate::thresholds::SQR_KARATSUBA {
            limbs::mont_sqr_separate(r, a, self.m(), self.minv, s);
        } else {
            let (prod, rest) = s.split_at_mut(2 * n);
            limbs::sqr(prod, a, rest);
            self.reduce_product(r, prod, rest);
        }
    }

    /// `r = t·R^(-1) mod m` for a `2n`-limb `t < m·R` (destroyed), in variable time: by two
    /// products from `MODULUS_REDC_MUL` limbs (`limbs::redc_mul`), row by row below.
    fn reduce_product(&self, r: &mut [u64], t: &mut [u64], s: &mut [u64]) {
        if self.mi.is_empty() {
            limbs::redc(r, t, self.m(), self.minv);
        } else {
            limbs::redc_mul(r, t, self.m(), &self.mi, s);
        }
    }

    /// `r = a·R^(-1) mod m` for `a < m`: out of Montgomery form.
    pub(super) fn mont_out(&self, r: &mut [u64], a: &[u64], s: &mut [u64]) {
        let n = self.len();
        let t = &mut s[..2 * n];
        t[..n].copy_from_slice(a);
        t[n..].fill(0);
        limbs::redc(r, t, self.m(), self.minv);
    }

    /// The modulus's limbs and `−m⁻¹ mod 2^64`, for code that forms its own sums of products and
    /// reduces them once (`limbs::redc_wide`).
    pub(crate) fn limbs_and_inverse(&self) -> (&[u64], u64) {
        (self.m(), self.minv)
    }

    /// `r = (a + b) mod m` for `a, b < m`, in constant time.
    pub(crate) fn add_mod(&self, r: &mut [u64], a: &[u64], b: &[u64], s: &mut [u64]) {
        let carry = limbs::add_n(r, a, b);
        limbs::sub_if_ge(r, carry, self.m(), s);
    }

    /// `r = (a - b) mod m` for `a, b < m` (variable time).
    pub(crate) fn sub_mod(&self, r: &mut [u64], a: &[u64], b: &[u64]) {
        if limbs::sub_n(r, a, b) != 0 {
            limbs::add_n_assign(r, self.m());
        }
    }

    /// `r = a·k mod m` for `a < m` and a limb `k` (variable time): the `n + 1`-limb product
    /// has a one-limb quotient, found by one schoolbook division step against the normalized
    /// modulus. Multiplying a Montgomery form by a plain `k` gives the Montgomery form of the
    /// product. `s` holds `2n + 2` limbs.
    pub(crate) fn mul_limb_mod(&self, r: &mut [u64], a: &[u64], k: u64, s: &mut [u64]) {
        let n = self.len();
        if n == 1 {
            r[0] = ((a[0] as u128 * k as u128) % self.m()[0] as u128) as u64;
            return;
        }
        let (d, rest) = s.split_at_mut(n);
        let (u, rest) = rest.split_at_mut(n + 1);
        let shift = self.m()[n - 1].leading_zeros();
        u[n] = limbs::mul_1(&mut u[..n], a, k);
        if shift == 0 {
            d.copy_from_slice(self.m());
        } else {
            limbs::shl(d, self.m(), shift);
            // a·k < m·2^64, so the shifted product still fits in n + 1 limbs.
            limbs::shl_assign(u, shift);
        }
        limbs::divrem_schoolbook(&mut rest[..1], u, d);
        if shift == 0 {
            r.copy_from_slice(&u[..n]);
        } else {
            limbs::shr(r, &u[..n], shift);
        }
    }

    /// The Montgomery form `x·R mod m` of any `x`, as `n` limbs, in time that depends only on
    /// the lengths of `x` and `m`: Horner's rule over `n`-limb chunks from the top,
    /// `acc = acc·R + chunk·R`, each step a Montgomery product with `R² mod m` (the products stay
    /// below `m·R`, so one REDC each suffices), and a masked negation for negative `x`.
    pub(super) fn to_mont_ct(&self, x: &Int, s: &mut [u64]) -> Vec<u64> {
        let n = self.len();
        let mut acc = vec![0u64; n];
        let mut chunk = vec![0u64; n];
        let mut tmp = vec![0u64; n];
        for part in x.as_limbs().chunks(n).rev() {
            // acc·R² R^(-1) = acc·R.
            self.mont_mul(&mut tmp, &acc, self.r2(), s, Timing::ConstTime);
            chunk[..part.len()].copy_from_slice(part);
            chunk[part.len()..].fill(0);
            self.mont_mul(&mut acc, &chunk, self.r2(), s, Timing::ConstTime);
            let t = acc.clone();
            self.add_mod(&mut acc, &tmp, &t, s);
        }
        if x.is_negative() {
            // m - acc, then reduced again (m - 0 = m).
            limbs::sub_n(&mut tmp, self.m(), &acc);
            limbs::sub_if_ge(&mut tmp, 0, self.m(), s);
            acc.copy_from_slice(&tmp);
        }
        chunk.zeroize();
        tmp.zeroize();
        acc
    }

    /// Whether `0 <= x < m`.
    fn is_reduced(&self, x: &Int) -> bool {
        !x.is_negative() && (x.as_limbs().len() < self.len() || *x < self.int)
    }

    /// `x mod m` as `n` limbs in `[0, m)` (variable time).
    pub(super) fn reduce_limbs(&self, x: &Int) -> Vec<u64> {
        if self.is_reduced(x) {
            return padded(x, self.len());
        }
        padded(&x.rem_euclid(&self.int), self.len())
    }

    /// `x mod m` as an array of `N = n` limbs (variable time).
    pub(super) fn reduced<const N: usize>(&self, x: &Int) -> [u64; N] {
        let copy = |l: &[u64]| {
            let mut r = [0u64; N];
            r[..l.len()].copy_from_slice(l);
            r
        };
        if self.is_reduced(x) {
            return copy(x.as_limbs());
        }
        copy(x.rem_euclid(&self.int).as_limbs())
    }

    /// The Montgomery form of `x mod m` (variable time).
    pub(crate) fn to_mont(&self, x: &Int, s: &mut [u64]) -> Vec<u64> {
        let a = self.reduce_limbs(x);
        let mut r = vec![0u64; self.len()];
        self.mont_mul(&mut r, &a, self.r2(), s, Timing::Vartime);
        r
    }

    /// `x mod m` as `n` limbs in `[0, m)`, in constant time (two Montgomery products per `n`
    /// limbs of `x`).
    fn reduce_ct(&self, x: &Int, s: &mut [u64]) -> Vec<u64> {
        let mut a = self.to_mont_ct(x, s);
        let mut r = vec![0u64; self.len()];
        self.mont_out(&mut r, &a, s);
        a.zeroize();
        r
    }

    /// Checks that `out` has the modulus's length, naming `op`.
    #[track_caller]
    fn check_out(&self, out: &[u64], op: &str) {
        assert_eq!(
            out.len(),
            self.len(),
            "Modulus::{op}: out must have the modulus's length"
        );
    }

    /// The `n`-limb result that `into` writes, as an `Int`, the limbs zeroized.
    fn to_int(&self, into: impl FnOnce(&mut [u64])) -> Int {
        let mut r = vec![0u64; self.len()];
        into(&mut r);
        let result = Int::from_limbs(&r);
        r.zeroize();
        result
    }

    /// `x mod m` in `[0, m)` for any `x` (negative values too), in constant time: the running
    /// time depends on `m` and on the limb length of `x` only.
    ///
    /// ```
    /// use carry::{Int, Modulus};
    /// let m = Modulus::new(&Int::from(7)).unwrap();
    /// assert_eq!(m.reduce(&Int::from(-1)), 6);
    /// assert_eq!(m.reduce(&Int::from(100)), 2);
    /// ```
    pub fn reduce(&self, x: &Int) -> Int {
        self.to_int(|r| self.reduce_into(x, r))
    }

    /// [`Modulus::reduce`] into `out`, exactly as many limbs as the modulus has
    /// (little-endian, zero-padded): unlike an [`Int`], whose length depends on the value,
    /// nothing whose address or control flow depends on the result is touched. Panics when
    /// `out` has the wrong length.
    ///
    /// ```
    /// use carry::{Int, Modulus};
    /// let m = Modulus::new(&((Int::ONE << 127u32) - 1u32)).unwrap();
    /// let mut out = [0u64; 2];
    /// m.reduce_into(&(Int::ONE << 130u32), &mut out);
    /// assert_eq!(out, [8, 0]);
    /// ```
    pub fn reduce_into(&self, x: &Int, out: &mut [u64]) {
        self.check_out(out, "reduce_into");
        let mut s = vec![0u64; self.scratch_len()];
        let mut a = self.to_mont_ct(x, &mut s);
        self.mont_out(out, &a, &mut s);
        a.zeroize();
        s.zeroize();
    }

    /// `a·b mod m` in `[0, m)` for any `a`, `b` (reduced first), in constant time: the running
    /// time depends on `m` and on the limb lengths of `a` and `b` only.
    ///
    /// ```
    /// use carry::{Int, Modulus};
    /// let m = Modulus::new(&Int::from(101)).unwrap();
    /// assert_eq!(m.mul(&Int::from(50), &Int::from(-3)), 52);
    /// ```
    pub fn mul(&self, a: &Int, b: &Int) -> Int {
        self.to_int(|r| self.mul_into(a, b, r))
    }

    /// [`Modulus::mul`] into `out` of the modulus's length, as [`Modulus::reduce_into`].
    ///
    /// ```
    /// use carry::{Int, Modulus};
    /// let m = Modulus::new(&Int::from(101)).unwrap();
    /// let mut out = [0u64; 1];
    /// m.mul_into(&Int::from(50), &Int::from(-3), &mut out);
    /// assert_eq!(out, [52]);
    /// ```
    pub fn mul_into(&self, a: &Int, b: &Int, out: &mut [u64]) {
        self.check_out(out, "mul_into");
        let mut s = vec![0u64; self.scratch_len()];
        let mut am = self.to_mont_ct(a, &mut s);
        let mut b = self.reduce_ct(b, &mut s);
        self.mont_mul(out, &am, &b, &mut s, Timing::ConstTime);
        for v in [&mut am, &mut b, &mut s] {
            v.zeroize();
        }
    }

    /// `a² mod m` in `[0, m)` for any `a`, in constant time.
    ///
    /// ```
    /// use carry::{Int, Modulus};
    /// let m = Modulus::new(&Int::from(101)).unwrap();
    /// assert_eq!(m.square(&Int::from(-10)), 100);
    /// ```
    pub fn square(&self, a: &Int) -> Int {
        self.mul(a, a)
    }

    /// [`Modulus::square`] into `out` of the modulus's length, as [`Modulus::reduce_into`].
    ///
    /// ```
    /// use carry::{Int, Modulus};
    /// let m = Modulus::new(&Int::from(101)).unwrap();
    /// let mut out = [0u64; 1];
    /// m.square_into(&Int::from(-10), &mut out);
    /// assert_eq!(out, [100]);
    /// ```
    pub fn square_into(&self, a: &Int, out: &mut [u64]) {
        self.mul_into(a, a, out);
    }

    /// The Montgomery form `a·R mod m` of `a` (any value, reduced first), where
    /// `R = 2^(64·n)` for an `n`-limb modulus; constant-time.
    ///
    /// ```
    /// use carry::{Int, Modulus};
    /// let m = Modulus::new(&Int::from(101)).unwrap();
    /// let r = Int::ONE << 64u32;
    /// assert_eq!(m.to_montgomery(&Int::from(5)), (Int::from(5) * r) % 101);
    /// ```
    pub fn to_montgomery(&self, a: &Int) -> Int {
        self.to_int(|r| self.to_montgomery_into(a, r))
    }

    /// [`Modulus::to_montgomery`] into `out` of the modulus's length, as
    /// [`Modulus::reduce_into`].
    ///
    /// ```
    /// use carry::{Int, Modulus};
    /// let m = Modulus::new(&Int::from(101)).unwrap();
    /// let mut out = [0u64; 1];
    /// m.to_montgomery_into(&Int::from(5), &mut out);
    /// assert_eq!(Int::from(out[0]), (Int::from(5) << 64u32) % 101);
    /// ```
    pub fn to_montgomery_into(&self, a: &Int, out: &mut [u64]) {
        self.check_out(out, "to_montgomery_into");
        let mut s = vec![0u64; self.scratch_len()];
        let mut r = self.to_mont_ct(a, &mut s);
        out.copy_from_slice(&r);
        r.zeroize();
        s.zeroize();
    }

    /// The value `a·R^(-1) mod m` whose Montgomery form is `a` (any value, reduced first);
    /// constant-time.
    ///
    /// ```
    /// use carry::{Int, Modulus};
    /// let m = Modulus::new(&Int::from(101)).unwrap();
    /// assert_eq!(m.from_montgomery(&m.to_montgomery(&Int::from(42))), 42);
    /// ```
    pub fn from_montgomery(&self, a: &Int) -> Int {
        self.to_int(|r| self.from_montgomery_into(a, r))
    }

    /// [`Modulus::from_montgomery`] into `out` of the modulus's length, as
    /// [`Modulus::reduce_into`].
    ///
    /// ```
    /// use carry::{Int, Modulus};
    /// let m = Modulus::new(&Int::from(101)).unwrap();
    /// let mut out = [0u64; 1];
    /// m.from_montgomery_into(&m.to_montgomery(&Int::from(42)), &mut out);
    /// assert_eq!(out, [42]);
    /// ```
    pub fn from_montgomery_into(&self, a: &Int, out: &mut [u64]) {
        self.check_out(out, "from_montgomery_into");
        let mut s = vec![0u64; self.scratch_len()];
        let mut a = self.reduce_ct(a, &mut s);
        self.mont_out(out, &a, &mut s);
        a.zeroize();
        s.zeroize();
    }

    /// The Montgomery product `a·b·R^(-1) mod m` (any `a`, `b`, reduced first): for values
    /// kept in Montgomery form, the product's Montgomery form. Constant-time.
    ///
    /// ```
    /// use carry::{Int, Modulus};
    /// let m = Modulus::new(&Int::from(101)).unwrap();
    /// let (a, b) = (m.to_montgomery(&Int::from(7)), m.to_montgomery(&Int::from(9)));
    /// assert_eq!(m.from_montgomery(&m.montgomery_mul(&a, &b)), 63);
    /// ```
    pub fn montgomery_mul(&self, a: &Int, b: &Int) -> Int {
        self.to_int(|r| self.montgomery_mul_into(a, b, r))
    }

    /// [`Modulus::montgomery_mul`] into `out` of the modulus's length, as
    /// [`Modulus::reduce_into`].
    ///
    /// ```
    /// use carry::{Int, Modulus};
    /// let m = Modulus::new(&Int::from(101)).unwrap();
    /// let (a, b) = (m.to_montgomery(&Int::from(7)), m.to_montgomery(&Int::from(9)));
    /// let mut out = [0u64; 1];
    /// m.montgomery_mul_into(&a, &b, &mut out);
    /// assert_eq!(m.from_montgomery(&Int::from(out[0])), 63);
    /// ```
    pub fn montgomery_mul_into(&self, a: &Int, b: &Int, out: &mut [u64]) {
        self.check_out(out, "montgomery_mul_into");
        let mut s = vec![0u64; self.scratch_len()];
        let (mut a, mut b) = (self.reduce_ct(a, &mut s), self.reduce_ct(b, &mut s));
        self.mont_mul(out, &a, &b, &mut s, Timing::ConstTime);
        for v in [&mut a, &mut b, &mut s] {
            v.zeroize();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::limbs::test_limbs;

    #[test]
    fn mul_limb_mod_matches_int() {
        let mut seed = 11;
        for n in (1..=20).chain([33, 80]) {
            for case in 0..30 {
                let mut m = test_limbs(n, &mut seed);
                m[0] |= 1;
                // Top limbs from 1 (the widest normalizing shift) to all ones (none).
                m[n - 1] = match case % 3 {
                    0 => 1,
                    1 => u64::MAX,
                    _ => m[n - 1] | 1 << (seed % 64),
                };
                if n == 1 && m[0] == 1 {
                    m[0] = 3;
                }
                let modulus = Modulus::new(&Int::from_limbs(&m)).unwrap();
                let a = modulus.reduce_limbs(&Int::from_limbs(&test_limbs(n, &mut seed)));
                let mut s = vec![0u64; modulus.scratch_len()];
                for k in [0, 1, 2, u64::MAX, test_limbs(1, &mut seed)[0]] {
                    let mut r = vec![0u64; n];
                    modulus.mul_limb_mod(&mut r, &a, k, &mut s);
                    let want = (Int::from_limbs(&a) * Int::from(k)) % Int::from_limbs(&m);
                    assert_eq!(Int::from_limbs(&r), want, "n={n} m={m:x?} a={a:x?} k={k:x}");
                }
            }
        }
    }
}
