//! Fused multiply-add on [`Int`]: `self ± a·b` in place (GMP's `mpz_addmul`, `mpz_submul` and
//! their `_ui` forms). A one-limb multiplier is one `addmul_1` or `submul_1` pass over the
//! destination's own buffer (a negation pass after it when a difference changes sign); a longer
//! one forms the product on the stack (up to [`STACK_PRODUCT`] limbs) or in a cached buffer
//! and adds it in place, so no temporary `Int` is built.

use super::{inline_len, pool, Int, Parts, Repr, INLINE};
use crate::limbs;
use alloc::boxed::Box;

/// Products of up to this many limbs are formed on the stack.
const STACK_PRODUCT: usize = 64;

/// Products of up to this many limbs are formed in a smaller stack array, whose zeroing is a
/// few vector stores rather than a call to `memset`.
const SMALL_PRODUCT: usize = 16;

impl Int {
    /// `self += a·b` (GMP's `mpz_addmul`), in place: the product is added to `self`'s buffer
    /// without a temporary `Int`.
    ///
    /// ```
    /// use carry::Int;
    /// let mut acc = Int::from(10);
    /// acc.add_mul(&Int::from(-3), &Int::from(4));
    /// assert_eq!(acc, -2);
    /// ```
    pub fn add_mul(&mut self, a: &Int, b: &Int) {
        self.add_mul_signed(a, b, false);
    }

    /// `self -= a·b` (GMP's `mpz_submul`), in place.
    ///
    /// ```
    /// use carry::Int;
    /// let mut acc = Int::from(10);
    /// acc.sub_mul(&Int::from(-3), &Int::from(4));
    /// assert_eq!(acc, 22);
    /// ```
    pub fn sub_mul(&mut self, a: &Int, b: &Int) {
        self.add_mul_signed(a, b, true);
    }

    /// `self += a·k` (GMP's `mpz_addmul_ui`): one multiply-accumulate pass over `self`'s
    /// buffer.
    ///
    /// ```
    /// use carry::Int;
    /// let mut acc = Int::ONE << 64u32;
    /// acc.add_mul_u64(&Int::from(-1), u64::MAX);
    /// assert_eq!(acc, 1);
    /// ```
    pub fn add_mul_u64(&mut self, a: &Int, k: u64) {
        self.add_mul_limb(a, k, false);
    }

    /// `self -= a·k` (GMP's `mpz_submul_ui`).
    ///
    /// ```
    /// use carry::Int;
    /// let mut acc = Int::from(5);
    /// acc.sub_mul_u64(&Int::from(2), 3);
    /// assert_eq!(acc, -1);
    /// ```
    pub fn sub_mul_u64(&mut self, a: &Int, k: u64) {
        self.add_mul_limb(a, k, true);
    }

    /// `self += a·k` for a signed `k`.
    ///
    /// ```
    /// use carry::Int;
    /// let mut acc = Int::from(5);
    /// acc.add_mul_i64(&Int::from(2), -3);
    /// assert_eq!(acc, -1);
    /// ```
    pub fn add_mul_i64(&mut self, a: &Int, k: i64) {
        self.add_mul_limb(a, k.unsigned_abs(), k < 0);
    }

    /// `self -= a·k` for a signed `k`.
    ///
    /// ```
    /// use carry::Int;
    /// let mut acc = Int::from(5);
    /// acc.sub_mul_i64(&Int::from(2), -3);
    /// assert_eq!(acc, 11);
    /// ```
    pub fn sub_mul_i64(&mut self, a: &Int, k: i64) {
        self.add_mul_limb(a, k.unsigned_abs(), k >= 0);
    }

    /// `self *= k` in `self`'s own buffer (one `mul_1` pass; grown by a limb when short).
    pub(crate) fn mul_limb_assign(&mut self, k: u64) {
        let n = self.as_limbs().len();
        if n == 0 || k == 1 {
            return;
        }
        if k == 0 {
            *self = Int::ZERO;
            return;
        }
        if let Repr::Inline { len, limbs, .. } = &mut self.repr {
            if n < INLINE {
                let c = limbs::mul_1_assign(&mut limbs[..n], k);
                limbs[n] = c;
                *len += u8::from(c != 0);
                return;
            }
        }
        let neg = self.is_negative();
        let (mut buf, _) = self.take_magnitude(n + 1);
        buf[n] = limbs::mul_1_assign(&mut buf[..n], k);
        *self = Parts::from_sign_buf(neg, buf, n + 1).into_int();
    }

    /// `self /= d` in `self`'s own buffer for a limb `d` that divides `self` (Hensel's exact
    /// division, `limbs::divexact_1_assign`).
    pub(crate) fn div_exact_limb_assign(&mut self, d: u64) {
        if d == 1 || self.is_zero() {
            return;
        }
        let neg = self.is_negative();
        let exact = match &mut self.repr {
            Repr::Inline { len, limbs, .. } => {
                let exact = limbs::divexact_1_assign(&mut limbs[..*len as usize], d);
                *len = inline_len(limbs);
                exact
            }
            Repr::Heap { .. } => {
                let (mut buf, n) = self.take_magnitude(0);
                let exact = limbs::divexact_1_assign(&mut buf[..n], d);
                *self = Parts::from_sign_buf(neg, buf, n).into_int();
                exact
            }
        };
        assert!(
            exact,
            "Int::div_exact: the divisor does not divide the value"
        );
    }

    /// `self += (-1)^negate · a·b`.
    fn add_mul_signed(&mut self, a: &Int, b: &Int, negate: bool) {
        let (x, y) = (a.as_limbs(), b.as_limbs());
        let pneg = a.is_negative() ^ b.is_negative() ^ negate;
        match (x.len(), y.len()) {
            (0, _) | (_, 0) => {}
            (_, 1) => self.add_mul_limb(a, y[0], pneg ^ a.is_negative()),
            (1, _) => self.add_mul_limb(b, x[0], pneg ^ b.is_negative()),
            _ => self.add_product(pneg, x, y),
        }
    }

    /// `self += (-1)^pneg · |x|·|y|` for operands of two limbs or more.
    #[inline(never)]
    fn add_product(&mut self, pneg: bool, x: &[u64], y: &[u64]) {
        let (x, y) = if x.len() >= y.len() { (x, y) } else { (y, x) };
        let n = x.len() + y.len();
        if n <= SMALL_PRODUCT {
            let mut p = [0u64; SMALL_PRODUCT];
            product(&mut p[..n], x, y);
            self.add_magnitude(pneg, limbs::normalized(&p[..n]));
        } else if n <= STACK_PRODUCT {
            let mut p = [0u64; STACK_PRODUCT];
            product(&mut p[..n], x, y);
            self.add_magnitude(pneg, limbs::normalized(&p[..n]));
        } else {
            let mut p = pool::take(n);
            product(&mut p[..n], x, y);
            self.add_magnitude(pneg, limbs::normalized(&p[..n]));
            pool::put(p);
        }
    }

    /// `self += (-1)^negate · a·k`.
    fn add_mul_limb(&mut self, a: &Int, k: u64, negate: bool) {
        let x = a.as_limbs();
        if k == 0 || x.is_empty() {
            return;
        }
        let pneg = a.is_negative() ^ negate;
        if self.add_mul_limb_in_place(x, k, pneg) {
            return;
        }
        if x.len() < INLINE {
            // The product fits inline: add it as a small value.
            let mut p = [0u64; INLINE];
            let n = x.len();
            p[n] = limbs::mul_1(&mut p[..n], x, k);
            if let Some((neg, len, limbs)) = self.inline_sum(pneg, &p) {
                *self = Int {
                    repr: Repr::Inline { neg, len, limbs },
                };
                return;
            }
            return self.add_magnitude(pneg, limbs::normalized(&p));
        }
        self.add_mul_limb_general(x, k, pneg);
    }

    /// [`Int::add_mul_limb`] straight in the heap buffer of a `self` at least as long as `x`
    /// with a spare limb, without taking the buffer out: one `addmul_1` or `submul_1` pass
    /// and the carry or borrow through the limbs above. Returns false, having done nothing,
    /// for the other shapes and for a difference that changes sign.
    #[inline]
    fn add_mul_limb_in_place(&mut self, x: &[u64], k: u64, pneg: bool) -> bool {
        let Repr::Heap { neg, len, buf } = &mut self.repr else {
            return false;
        };
        let (sn, xn, sneg) = (*len, x.len(), *neg);
        if sn < xn || buf.len() <= sn {
            return false;
        }
        if sneg == pneg {
            let c = limbs::addmul_1(&mut buf[..xn], x, k);
            let c = limbs::add_1_assign(&mut buf[xn..sn], c);
            buf[sn] = c;
            *len = sn + (c != 0) as usize;
            return true;
        }
        // |x·k| < B^(xn + 1): below |self| when self has two limbs more, so the difference
        // keeps self's sign.
        if xn + 2 > sn {
            return false;
        }
        let b = limbs::submul_1(&mut buf[..xn], x, k);
        let b = limbs::sub_1_assign(&mut buf[xn..sn], b);
        debug_assert_eq!(b, 0);
        self.renormalize_heap(sn);
        true
    }

    /// After a subtraction in the heap buffer of a value of `sn` limbs: its new length, or the
    /// value moved inline when it fits there now.
    #[inline]
    fn renormalize_heap(&mut self, sn: usize) {
        let Repr::Heap { neg, len, buf } = &mut self.repr else {
            unreachable!()
        };
        let (n, sneg) = (limbs::normalized_len(&buf[..sn]), *neg);
        if n > INLINE {
            *len = n;
        } else {
            let (buf, _) = self.take_heap().expect("heap value");
            *self = Parts::from_sign_buf(sneg, buf, n).into_int();
        }
    }

    /// [`Int::add_magnitude`] straight in the heap buffer of a `self` at least as long as `p`
    /// with a spare limb, when the sum cannot change `self`'s sign; false (nothing done) for
    /// the other shapes.
    #[inline]
    fn add_magnitude_in_place(&mut self, pneg: bool, p: &[u64]) -> bool {
        let Repr::Heap { neg, len, buf } = &mut self.repr else {
            return false;
        };
        let (sn, pn, sneg) = (*len, p.len(), *neg);
        if sn < pn || buf.len() <= sn {
            return false;
        }
        if sneg == pneg {
            let c = limbs::add_assign(&mut buf[..sn], p);
            buf[sn] = c;
            *len = sn + (c != 0) as usize;
            return true;
        }
        // Normalised and longer: |self| > |p|, the difference keeps self's sign.
        if sn == pn {
            return false;
        }
        let b = limbs::sub_assign(&mut buf[..sn], p);
        debug_assert_eq!(b, 0);
        self.renormalize_heap(sn);
        true
    }

    /// [`Int::add_mul_limb`] in `self`'s buffer (grown when short): `addmul_1` when the signs
    /// agree, else `submul_1` and, when the difference went below zero, its negation.
    #[inline(never)]
    fn add_mul_limb_general(&mut self, x: &[u64], k: u64, pneg: bool) {
        let sneg = self.is_negative();
        let xn = x.len();
        let m = self.as_limbs().len().max(xn) + 1;
        let (mut buf, sn) = self.take_magnitude(m);
        buf[sn..m].fill(0);
        let (neg, len) = if sneg == pneg || sn == 0 {
            let c = limbs::addmul_1(&mut buf[..xn], x, k);
            limbs::add_1_assign(&mut buf[xn..m], c);
            (pneg, m)
        } else {
            let b = limbs::submul_1(&mut buf[..xn], x, k);
            if limbs::sub_1_assign(&mut buf[xn..m], b) != 0 {
                limbs::neg_assign(&mut buf[..m]);
                (pneg, m)
            } else {
                (sneg, m)
            }
        };
        *self = Parts::from_sign_buf(neg, buf, len).into_int();
    }

    /// The inline sum `self + (-1)^pneg · p` when `self` is inline and the sum fits.
    #[inline(always)]
    fn inline_sum(&self, pneg: bool, p: &[u64; INLINE]) -> Option<(bool, u8, [u64; INLINE])> {
        let Repr::Inline { neg, limbs: s, .. } = &self.repr else {
            return None;
        };
        if *neg == pneg {
            let (r, carry) = limbs::add_array(s, p);
            return (!carry).then(|| (pneg, inline_len(&r), r));
        }
        let (mut r, borrow) = limbs::sub_array(s, p);
        let mut sign = *neg;
        if borrow {
            r = limbs::sub_array(&[0; INLINE], &r).0;
            sign = pneg;
        }
        let len = inline_len(&r);
        Some((sign && len != 0, len, r))
    }

    /// `self += (-1)^pneg · |p|` for a normalised magnitude `p`, in `self`'s buffer (grown
    /// when short).
    fn add_magnitude(&mut self, pneg: bool, p: &[u64]) {
        if p.is_empty() || self.add_magnitude_in_place(pneg, p) {
            return;
        }
        let sneg = self.is_negative();
        let pn = p.len();
        let m = self.as_limbs().len().max(pn) + 1;
        let (mut buf, sn) = self.take_magnitude(m);
        buf[sn..m].fill(0);
        let (neg, len) = if sneg == pneg || sn == 0 {
            let c = limbs::add_assign(&mut buf[..m - 1], p);
            buf[m - 1] = c;
            (pneg, m)
        } else if limbs::cmp(&buf[..sn], p).is_lt() {
            limbs::rsub_n_assign(&mut buf[..pn], p);
            (pneg, pn)
        } else {
            limbs::sub_assign(&mut buf[..sn], p);
            (sneg, sn)
        };
        *self = Parts::from_sign_buf(neg, buf, len).into_int();
    }

    /// `self`'s magnitude in a heap buffer of at least `cap` limbs (its own when it has room),
    /// with its length; `self` is left zero.
    fn take_magnitude(&mut self, cap: usize) -> (Box<[u64]>, usize) {
        match self.take_heap() {
            Some((b, n)) if b.len() >= cap => (b, n),
            Some((b, n)) => {
                let mut g = pool::take(cap);
                g[..n].copy_from_slice(&b[..n]);
                pool::put(b);
                (g, n)
            }
            None => {
                let s = self.as_limbs();
                let n = s.len();
                let mut g = pool::take(cap);
                g[..n].copy_from_slice(s);
                *self = Int::ZERO;
                (g, n)
            }
        }
    }
}

/// `r = x·y`, `x.len() >= y.len() >= 1`.
#[inline(always)]
fn product(r: &mut [u64], x: &[u64], y: &[u64]) {
    if let (Ok(a), Ok(b), Ok(r)) = (
        <&[u64; 4]>::try_from(x),
        <&[u64; 4]>::try_from(y),
        <&mut [u64; 8]>::try_from(&mut *r),
    ) {
        return limbs::mul_4x4_into(r, a, b);
    }
    if y.len() < crate::thresholds::MUL_KARATSUBA {
        limbs::mul_schoolbook(r, x, y);
    } else {
        super::arith::mul_into(r, x, y);
    }
}
