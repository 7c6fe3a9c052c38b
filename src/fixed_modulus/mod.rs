//! [`FixedModulus`]: modular arithmetic and exponentiation for an odd modulus of `N` limbs
//! (RSA and Diffie–Hellman sizes) with no heap: every value is a [`Uint<N>`] or a slice the
//! caller provides. Montgomery form (Montgomery, Math. Comp. 44 (1985)) with `R = 2^(64N)`;
//! products by CIOS in the result's own limbs (`limbs::mont_mul_cios`), or on x86_64 by the
//! schoolbook product and REDC of `Modulus`. The exponentiations are in [`pow`].
//!
//! The arithmetic itself runs on slices ([`Ctx`]), so one copy of the code serves every `N`
//! and a static library that needs one size stays small.

mod pow;

use crate::limbs;
use crate::Uint;
use zeroize::Zeroize;

/// An odd modulus `m > 1` of at most `N` limbs, with what Montgomery arithmetic modulo `m`
/// needs (`R mod m`, `R² mod m`, `−m⁻¹ mod 2^64`): modular products and constant-time
/// exponentiation without a heap, the fixed-width counterpart of
/// [`Modulus`](crate::Modulus) for `no_std` targets. The modulus is public: building it takes
/// time that depends on it; everything else runs in time independent of the values, except
/// the `*_vartime` functions.
///
/// ```
/// use carry::{FixedModulus, U256, U64};
/// let m = FixedModulus::new(&U256::from_u64(1009)).unwrap();
/// assert_eq!(m.pow(&U256::from_u64(3), &U64::from_u64(1008)), U256::ONE);
/// assert_eq!(m.mul(&U256::from_u64(100), &U256::from_u64(100)), U256::from_u64(10000 % 1009));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FixedModulus<const N: usize> {
    m: [u64; N],
    /// R mod m: one in Montgomery form.
    one: [u64; N],
    /// R² mod m: multiplying by it converts into Montgomery form.
    r2: [u64; N],
    minv: u64,
}

impl<const N: usize> FixedModulus<N> {
    /// The context for `m`; none unless `m` is odd and greater than 1. Takes `128·N` modular
    /// doublings (to find `R² mod m`).
    ///
    /// ```
    /// use carry::{FixedModulus, U128};
    /// assert!(FixedModulus::new(&U128::from_u64(15)).is_some());
    /// assert!(FixedModulus::new(&U128::from_u64(16)).is_none());
    /// assert!(FixedModulus::new(&U128::ONE).is_none());
    /// ```
    pub fn new(m: &Uint<N>) -> Option<Self> {
        let m = m.limbs;
        if N == 0 || m[0] & 1 == 0 || limbs::normalized_len(&m) == 1 && m[0] == 1 {
            return None;
        }
        // 1, doubled 64N times (R mod m), then 64N more (R² mod m).
        let mut x = [0u64; N];
        x[0] = 1;
        for _ in 0..64 * N {
            limbs::mod_double(&mut x, &m);
        }
        let one = x;
        for _ in 0..64 * N {
            limbs::mod_double(&mut x, &m);
        }
        Some(FixedModulus {
            m,
            one,
            r2: x,
            minv: limbs::neg_inv_limb(m[0]),
        })
    }

    /// The modulus.
    ///
    /// ```
    /// use carry::{FixedModulus, U128};
    /// let m = FixedModulus::new(&U128::from_u64(15)).unwrap();
    /// assert_eq!(m.modulus(), U128::from_u64(15));
    /// ```
    pub const fn modulus(&self) -> Uint<N> {
        Uint::from_words(self.m)
    }

    /// The slice view that the arithmetic runs on.
    fn ctx(&self) -> Ctx<'_> {
        Ctx {
            m: &self.m,
            one: &self.one,
            r2: &self.r2,
            minv: self.minv,
        }
    }

    /// `x mod m`, in constant time.
    ///
    /// ```
    /// use carry::{FixedModulus, U128};
    /// let m = FixedModulus::new(&U128::from_u64(15)).unwrap();
    /// assert_eq!(m.reduce(&U128::from_u64(100)), U128::from_u64(10));
    /// ```
    pub fn reduce(&self, x: &Uint<N>) -> Uint<N> {
        let (mut t, mut u, mut r) = ([0u64; N], [0u64; N], [0u64; N]);
        let c = self.ctx();
        c.mul(&mut t, &x.limbs, c.r2);
        c.out_of_mont(&mut r, &t, &mut u);
        t.zeroize();
        Uint::from_words(r)
    }

    /// `a·b mod m` for any `a`, `b` below `2^(64N)`, in constant time.
    ///
    /// ```
    /// use carry::{FixedModulus, U128};
    /// let m = FixedModulus::new(&U128::from_u64(1_000_003)).unwrap();
    /// let x = U128::from_u64(123_456_789);
    /// assert_eq!(m.mul(&x, &x), U128::from_u64(123_456_789u64.pow(2) % 1_000_003));
    /// ```
    pub fn mul(&self, a: &Uint<N>, b: &Uint<N>) -> Uint<N> {
        let c = self.ctx();
        let (mut am, mut r) = ([0u64; N], [0u64; N]);
        // a·R mod m (below m), times b, times R⁻¹: a·b mod m.
        c.mul(&mut am, &a.limbs, c.r2);
        c.mul(&mut r, &am, &b.limbs);
        am.zeroize();
        Uint::from_words(r)
    }
}

/// The arithmetic of a [`FixedModulus`] on slices of `n` limbs: values in Montgomery form
/// below `m` unless said otherwise.
#[derive(Clone, Copy)]
pub(crate) struct Ctx<'a> {
    m: &'a [u64],
    one: &'a [u64],
    r2: &'a [u64],
    minv: u64,
}

impl Ctx<'_> {
    /// The limb count.
    fn n(&self) -> usize {
        self.m.len()
    }

    /// `r = a·b·R⁻¹ mod m` for `a < R`, `b < m` or `a < m`, `b < R`; `r` distinct from both.
    #[inline]
    fn mul(&self, r: &mut [u64], a: &[u64], b: &[u64]) {
        #[cfg(target_arch = "x86_64")]
        if self.n() <= MAX_SEPARATE {
            let mut t = [0u64; 2 * MAX_SEPARATE];
            limbs::mont_mul_separate(r, a, b, self.m, self.minv, &mut t);
            t.zeroize();
            return;
        }
        limbs::mont_mul_cios(r, a, b, self.m, self.minv);
    }

    /// `r = a²·R⁻¹ mod m`; `r` distinct from `a`.
    #[inline]
    fn sqr(&self, r: &mut [u64], a: &[u64]) {
        #[cfg(target_arch = "x86_64")]
        if self.n() <= MAX_SEPARATE {
            let mut t = [0u64; 2 * MAX_SEPARATE];
            limbs::mont_sqr_separate(r, a, self.m, self.minv, &mut t);
            t.zeroize();
            return;
        }
        limbs::mont_mul_cios(r, a, a, self.m, self.minv);
    }

    /// `r = a·R⁻¹ mod m`: out of Montgomery form (`a < R`); `unit` is `n` limbs of scratch.
    fn out_of_mont(&self, r: &mut [u64], a: &[u64], unit: &mut [u64]) {
        unit.fill(0);
        unit[0] = 1;
        self.mul(r, a, unit);
    }
}

/// Moduli of at most this many limbs take the schoolbook product and REDC on x86_64 (the
/// MULX/ADX kernels), with a stack buffer of twice as many limbs.
#[cfg(target_arch = "x86_64")]
const MAX_SEPARATE: usize = 64;
