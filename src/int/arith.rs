//! Addition, subtraction, multiplication and powers of [`Int`] values: sign handling and
//! allocation around the `limbs` kernels, with allocation-free paths for inline values.

use super::{pool, Int, Parts, Repr};
use crate::limbs;
use crate::thresholds::MUL_KARATSUBA;
use core::cmp::Ordering;
use core::mem::ManuallyDrop;

/// Limb counts of operand pairs whose product [`Int::assign_mul`] leaves to the by-value path:
/// such products are inline or nearly so, and a heap buffer would not pay.
const INLINE_PRODUCT: usize = 2;

/// Products of at most this many limbs are formed on the stack, then copied into an exactly
/// sized allocation (or kept inline).
const SMALL_PRODUCT: usize = 8;

/// `a + b` (or `a - b` in magnitude when the signs differ) on three-limb inline magnitudes.
#[inline(always)]
fn add3(a: &[u64; 3], b: &[u64; 3]) -> ([u64; 3], u64) {
    let (r0, c0) = a[0].overflowing_add(b[0]);
    let (r1, c1a) = a[1].overflowing_add(b[1]);
    let (r1, c1b) = r1.overflowing_add(c0 as u64);
    let (r2, c2a) = a[2].overflowing_add(b[2]);
    let (r2, c2b) = r2.overflowing_add((c1a | c1b) as u64);
    ([r0, r1, r2], (c2a | c2b) as u64)
}

#[inline(always)]
fn sub3(a: &[u64; 3], b: &[u64; 3]) -> ([u64; 3], bool) {
    let (r0, b0) = a[0].overflowing_sub(b[0]);
    let (r1, b1a) = a[1].overflowing_sub(b[1]);
    let (r1, b1b) = r1.overflowing_sub(b0 as u64);
    let (r2, b2a) = a[2].overflowing_sub(b[2]);
    let (r2, b2b) = r2.overflowing_sub((b1a | b1b) as u64);
    ([r0, r1, r2], b2a | b2b)
}

/// Two's complement negation of a three-limb magnitude.
#[inline(always)]
fn neg3(a: &[u64; 3]) -> [u64; 3] {
    sub3(&[0; 3], a).0
}

#[inline(always)]
fn len3(l: &[u64; 3]) -> u8 {
    if l[2] != 0 {
        3
    } else if l[1] != 0 {
        2
    } else {
        (l[0] != 0) as u8
    }
}

/// The signed sum of two inline values `(an, a) + (bn, b)`, as an inline sign, length and
/// limbs, or `None` when it carries out of three limbs.
#[inline(always)]
fn add_inline(an: bool, a: &[u64; 3], bn: bool, b: &[u64; 3]) -> Option<(bool, u8, [u64; 3])> {
    if an == bn {
        let (r, carry) = add3(a, b);
        if carry != 0 {
            return None;
        }
        Some((an, len3(&r), r))
    } else {
        let (mut r, borrow) = sub3(a, b);
        let mut neg = an;
        if borrow {
            r = neg3(&r);
            neg = bn;
        }
        let len = len3(&r);
        Some((neg && len != 0, len, r))
    }
}

/// The four-limb sum of two three-limb magnitudes that carried out.
///
/// This and the other out-of-line paths of the operators return a vector, not an `Int`: an
/// `Int` would come back through memory shared with the inline result, and the copy of that
/// memory into the destination would then wait on its narrower stores.
#[cold]
fn add_inline_overflow(a: &[u64; 3], b: &[u64; 3]) -> Vec<u64> {
    let (r, _) = add3(a, b);
    pool::copy_of(&[r[0], r[1], r[2], 1])
}

/// `|a| + |b|` into a new vector, `a.len() >= b.len()`; normalised when `a` is.
#[inline(always)]
fn mag_add(a: &[u64], b: &[u64]) -> Vec<u64> {
    let n = a.len();
    let mut v = pool::buffer(n + 1);
    let carry = limbs::add(&mut v[..n], a, b);
    v[n] = carry;
    v.truncate(n + carry as usize);
    v
}

/// `|a| - |b|` into a new vector, `|a| >= |b|`.
#[inline(always)]
fn mag_sub(a: &[u64], b: &[u64]) -> Vec<u64> {
    let mut v = pool::buffer(a.len());
    limbs::sub(&mut v, a, b);
    v
}

/// `a + (-1)^bn·|b|` as a sign and a magnitude (not normalised).
#[inline(always)]
fn add_general(an: bool, a: &[u64], bn: bool, b: &[u64]) -> (bool, Vec<u64>) {
    if an == bn {
        let v = if a.len() >= b.len() {
            mag_add(a, b)
        } else {
            mag_add(b, a)
        };
        return (an, v);
    }
    match limbs::cmp(a, b) {
        Ordering::Equal => (false, Vec::new()),
        Ordering::Greater => (an, mag_sub(a, b)),
        Ordering::Less => (bn, mag_sub(b, a)),
    }
}

impl Int {
    /// `self + (-1)^negate · b`.
    #[inline(always)]
    pub(crate) fn add_signed(&self, b: &Int, negate: bool) -> Int {
        if let (
            Repr::Inline {
                neg: an, limbs: al, ..
            },
            Repr::Inline { neg, limbs: bl, .. },
        ) = (&self.repr, &b.repr)
        {
            let bn = *neg ^ negate;
            return match add_inline(*an, al, bn, bl) {
                Some((neg, len, limbs)) => Int {
                    repr: Repr::Inline { neg, len, limbs },
                },
                None => Int {
                    repr: Repr::Heap {
                        neg: bn,
                        limbs: ManuallyDrop::new(add_inline_overflow(al, bl)),
                    },
                },
            };
        }
        self.add_signed_general(b, negate).into_int()
    }

    /// The sum when an operand is on the heap: a sum of like signs then has at least four
    /// limbs, so it is built as a heap value directly.
    #[inline(never)]
    fn add_signed_general(&self, b: &Int, negate: bool) -> Parts {
        let (an, bn) = (self.is_negative(), b.is_negative() ^ negate);
        let (a, b) = (self.as_limbs(), b.as_limbs());
        if an == bn {
            let (x, y) = if a.len() >= b.len() { (a, b) } else { (b, a) };
            debug_assert!(x.len() > 3);
            return Parts::Big {
                neg: an,
                limbs: mag_add(x, y),
            };
        }
        let (neg, v) = add_general(an, a, bn, b);
        Parts::from_sign_vec(neg, v)
    }

    /// `self += (-1)^negate · b`, in place for inline values, reusing the heap buffer of `self`
    /// otherwise.
    #[inline(always)]
    pub(crate) fn add_signed_assign(&mut self, b: &Int, negate: bool) {
        if let (
            Repr::Inline {
                neg: an,
                len,
                limbs: al,
            },
            Repr::Inline { neg, limbs: bl, .. },
        ) = (&mut self.repr, &b.repr)
        {
            let bn = *neg ^ negate;
            match add_inline(*an, al, bn, bl) {
                Some(r) => (*an, *len, *al) = r,
                None => {
                    *self = Int {
                        repr: Repr::Heap {
                            neg: bn,
                            limbs: ManuallyDrop::new(add_inline_overflow(al, bl)),
                        },
                    }
                }
            }
            return;
        }
        self.add_signed_assign_general(b, negate)
    }

    #[inline(never)]
    fn add_signed_assign_general(&mut self, b: &Int, negate: bool) {
        let bn = b.is_negative() ^ negate;
        let an = self.is_negative();
        let Some(mut v) = self.take_heap_vec() else {
            let (neg, v) = add_general(an, self.as_limbs(), bn, b.as_limbs());
            *self = Int::from_sign_vec(neg, v);
            return;
        };
        let b = b.as_limbs();
        let neg = if an == bn {
            if v.len() < b.len() {
                v.resize(b.len(), 0);
            }
            let carry = limbs::add_assign(&mut v, b);
            if carry != 0 {
                v.push(carry);
            }
            an
        } else {
            match limbs::cmp(&v, b) {
                Ordering::Less => {
                    v.resize(b.len(), 0);
                    limbs::rsub_n_assign(&mut v, b);
                    bn
                }
                _ => {
                    limbs::sub_assign(&mut v, b);
                    an
                }
            }
        };
        *self = Int::from_sign_vec(neg, v);
    }

    /// `self · b` (a squaring when `b` is `self` itself).
    #[inline(always)]
    pub(crate) fn mul_ref(&self, b: &Int) -> Int {
        if let (
            Repr::Inline {
                neg: an,
                len: al,
                limbs: a,
            },
            Repr::Inline {
                neg: bn,
                len: bl,
                limbs: b,
            },
        ) = (&self.repr, &b.repr)
        {
            if *al <= 1 && *bl <= 1 {
                return Int::from_sign_u128(an ^ bn, a[0] as u128 * b[0] as u128);
            }
        }
        self.mul_general(b).into_int()
    }

    #[inline(never)]
    fn mul_general(&self, b: &Int) -> Parts {
        let neg = self.is_negative() ^ b.is_negative();
        if let (Repr::Inline { limbs: x, .. }, Repr::Inline { limbs: y, .. }) =
            (&self.repr, &b.repr)
        {
            return mul_inline(neg, x, y);
        }
        let (a, bl) = (self.as_limbs(), b.as_limbs());
        if a.is_empty() || bl.is_empty() {
            return Parts::from(Int::ZERO);
        }
        let (x, y) = if a.len() >= bl.len() {
            (a, bl)
        } else {
            (bl, a)
        };
        let n = x.len() + y.len();
        if n <= SMALL_PRODUCT {
            let mut r = [0u64; SMALL_PRODUCT];
            limbs::mul_basecase(&mut r[..n], x, y);
            return Parts::from_sign_limbs(neg, &r[..n]);
        }
        let mut v = pool::buffer(n);
        if core::ptr::eq(self, b) {
            sqr_into(&mut v, a);
        } else {
            mul_into(&mut v, x, y);
        }
        Parts::from_sign_vec(neg, v)
    }

    /// `self = a + b`, reusing `self`'s heap buffer: the three-address form of `+`, as GMP's
    /// `mpz_add` or Go's `z.Add(x, y)`. In a loop that keeps one destination it allocates only
    /// when the result outgrows the buffer.
    ///
    /// ```
    /// use carry::Int;
    /// let (a, b) = (Int::from(u128::MAX), Int::from(1u64));
    /// let mut r = Int::ZERO;
    /// r.assign_add(&a, &b);
    /// assert_eq!(r, Int::from(1u64) << 128u32);
    /// ```
    pub fn assign_add(&mut self, a: &Int, b: &Int) {
        self.assign_add_signed(a, b, false);
    }

    /// `self = a - b`, reusing `self`'s heap buffer (see [`Int::assign_add`]).
    ///
    /// ```
    /// use carry::Int;
    /// let mut r = Int::ZERO;
    /// r.assign_sub(&Int::from(2), &Int::from(5));
    /// assert_eq!(r, -3);
    /// ```
    pub fn assign_sub(&mut self, a: &Int, b: &Int) {
        self.assign_add_signed(a, b, true);
    }

    fn assign_add_signed(&mut self, a: &Int, b: &Int, negate: bool) {
        let Some(mut v) = self.take_heap_vec() else {
            *self = a.add_signed(b, negate);
            return;
        };
        let (an, bn) = (a.is_negative(), b.is_negative() ^ negate);
        let (x, y) = (a.as_limbs(), b.as_limbs());
        let (x, y, xn, yn) = if limbs::cmp(x, y).is_ge() {
            (x, y, an, bn)
        } else {
            (y, x, bn, an)
        };
        v.clear();
        v.resize(x.len() + 1, 0);
        if xn == yn {
            v[x.len()] = limbs::add(&mut v[..x.len()], x, y);
        } else {
            limbs::sub(&mut v[..x.len()], x, y);
        }
        *self = Int::from_sign_vec(xn, v);
    }

    /// `self = a · b`, reusing `self`'s heap buffer: the three-address form of `*`, as GMP's
    /// `mpz_mul` or Go's `z.Mul(x, y)` (a squaring when `a` and `b` are the same value).
    ///
    /// ```
    /// use carry::Int;
    /// let a = Int::from(u64::MAX);
    /// let mut r = Int::ZERO;
    /// r.assign_mul(&a, &a);
    /// assert_eq!(r, Int::from(u64::MAX as u128 * u64::MAX as u128));
    /// ```
    pub fn assign_mul(&mut self, a: &Int, b: &Int) {
        let (x, y) = (a.as_limbs(), b.as_limbs());
        if x.is_empty() || y.is_empty() {
            *self = Int::ZERO;
            return;
        }
        let n = x.len() + y.len();
        let Some(mut v) = self.take_heap_vec().filter(|_| n > INLINE_PRODUCT) else {
            *self = a.mul_ref(b);
            return;
        };
        let (x, y) = if x.len() >= y.len() { (x, y) } else { (y, x) };
        // Every limb is overwritten: keep the old ones rather than zero them first.
        v.resize(n, 0);
        v.truncate(n);
        if core::ptr::eq(a, b) {
            sqr_into(&mut v, x);
        } else if y.len() < MUL_KARATSUBA {
            limbs::mul_basecase(&mut v, x, y);
        } else {
            mul_into(&mut v, x, y);
        }
        *self = Int::from_sign_vec(a.is_negative() ^ b.is_negative(), v);
    }

    /// `self` raised to the power `exp` (`0^0 = 1`).
    ///
    /// ```
    /// use carry::Int;
    /// assert_eq!(Int::from(-3).pow(3), -27);
    /// assert_eq!(Int::from(2).pow(100).bits(), 101);
    /// ```
    pub fn pow(&self, exp: u32) -> Int {
        if exp == 0 {
            return Int::ONE;
        }
        let a = self.as_limbs();
        let neg = self.is_negative() && exp % 2 == 1;
        if a.len() == 1 && a[0].is_power_of_two() {
            let mut r = Int::ONE << (a[0].trailing_zeros() as u64 * exp as u64);
            r.set_negative(neg);
            return r;
        }
        let mut result = self.abs();
        for i in (0..31 - exp.leading_zeros()).rev() {
            result = result.mul_ref(&result);
            if (exp >> i) & 1 == 1 {
                result = result.mul_ref(self);
            }
        }
        result.set_negative(neg);
        result
    }
}

/// The product of two inline magnitudes (limbs above their lengths are zero): two-limb
/// operands take the four-product kernel, and a four-limb result gets a buffer of exactly
/// four limbs.
#[inline(always)]
fn mul_inline(neg: bool, a: &[u64; 3], b: &[u64; 3]) -> Parts {
    let r = if a[2] == 0 && b[2] == 0 {
        let [r0, r1, r2, r3] = limbs::mul_2x2([a[0], a[1]], [b[0], b[1]]);
        [r0, r1, r2, r3, 0, 0]
    } else {
        limbs::mul_3x3(*a, *b)
    };
    Parts::from_sign_limbs(neg, &r)
}

/// `r = a · b` by the best algorithm for the sizes, `a.len() >= b.len() >= 1`.
pub(crate) fn mul_into(r: &mut [u64], a: &[u64], b: &[u64]) {
    let s = limbs::mul_scratch_len(a.len(), b.len());
    if s == 0 {
        limbs::mul(r, a, b, &mut []);
    } else {
        let mut scratch = pool::zeroed(s);
        limbs::mul(r, a, b, &mut scratch);
        pool::give(scratch);
    }
}

/// `r = a²`.
pub(crate) fn sqr_into(r: &mut [u64], a: &[u64]) {
    let s = limbs::sqr_scratch_len(a.len());
    if s == 0 {
        limbs::sqr(r, a, &mut []);
    } else {
        let mut scratch = pool::zeroed(s);
        limbs::sqr(r, a, &mut scratch);
        pool::give(scratch);
    }
}
