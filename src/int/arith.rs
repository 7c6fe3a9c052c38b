//! Addition, subtraction, multiplication and powers of [`Int`] values: sign handling and
//! allocation around the `limbs` kernels, with allocation-free paths for inline values.

use super::{inline_len, inline_u128, pool, Int, Parts, Repr, INLINE};
use crate::limbs;
use crate::thresholds::MUL_KARATSUBA;
use alloc::boxed::Box;
use core::cmp::Ordering;
use core::mem::ManuallyDrop;

/// Products of at most this many limbs are formed in a buffer of this size, so that they all
/// share one class of the buffer cache.
const SMALL_PRODUCT: usize = 8;

/// The signed sum of two inline values `(an, a) + (bn, b)`, as an inline sign, length and
/// limbs, or `None` when it carries out of [`INLINE`] limbs. Every limb is added, with no test
/// on the lengths: for operands of random lengths a branch would mispredict more often than it
/// saved.
#[inline(always)]
fn add_inline(
    an: bool,
    a: &[u64; INLINE],
    bn: bool,
    b: &[u64; INLINE],
) -> Option<(bool, u8, [u64; INLINE])> {
    if an == bn {
        let (r, carry) = limbs::add_array(a, b);
        if carry {
            return None;
        }
        Some((an, inline_len(&r), r))
    } else {
        let (mut r, borrow) = limbs::sub_array(a, b);
        let mut neg = an;
        if borrow {
            r = limbs::sub_array(&[0; INLINE], &r).0;
            neg = bn;
        }
        let len = inline_len(&r);
        Some((neg && len != 0, len, r))
    }
}

/// The sum of two inline magnitudes that carried out of them, in a buffer of one limb more.
///
/// This and the other out-of-line paths of the operators return their result in pieces
/// (a buffer, [`Parts`]), not as an `Int`: an `Int` would come back through memory shared with
/// the inline result, and the copy of that memory into the destination would then wait on its
/// narrower stores.
#[cold]
fn add_inline_overflow(a: &[u64; INLINE], b: &[u64; INLINE]) -> Box<[u64]> {
    let (r, _) = limbs::add_array(a, b);
    let mut buf = pool::take(INLINE + 1);
    buf[..INLINE].copy_from_slice(&r);
    buf[INLINE] = 1;
    buf
}

/// `|a| + |b|` into a new buffer and its length, `a.len() >= b.len()`; normalised when `a` is.
#[inline(always)]
fn mag_add(a: &[u64], b: &[u64]) -> (Box<[u64]>, usize) {
    let mut buf = pool::take(a.len() + 1);
    let n = mag_add_into(&mut buf, a, b);
    (buf, n)
}

/// `|a| + |b|` into `r` (more limbs than `a`), `a.len() >= b.len()`; returns the sum's length
/// (normalised when `a` is).
#[inline(always)]
fn mag_add_into(r: &mut [u64], a: &[u64], b: &[u64]) -> usize {
    let n = a.len();
    let carry = limbs::add(&mut r[..n], a, b);
    r[n] = carry;
    n + carry as usize
}

/// `r = |x| + |y|` with sign `sign` written into a heap value's fields, `r` longer than both.
#[inline(never)]
fn add_like_into(neg: &mut bool, len: &mut usize, r: &mut [u64], x: &[u64], y: &[u64], sign: bool) {
    let (x, y) = if x.len() >= y.len() { (x, y) } else { (y, x) };
    (*neg, *len) = (sign, mag_add_into(r, x, y));
}

/// `|x - y|` for `x` and `y` of equal lengths into `r`, with whether `y` is the larger and
/// the difference's normalised length (0 when they are equal). The limbs above the highest
/// that differs cancel, so only those up to it are subtracted. The two operand orders are two
/// calls rather than one call on selected operands, so that the subtraction's loads need not
/// wait for the comparison.
#[inline(always)]
fn sub_top_down(r: &mut [u64], x: &[u64], y: &[u64]) -> (bool, usize) {
    let mut m = x.len();
    while x[m - 1] == y[m - 1] {
        m -= 1;
        if m == 0 {
            return (false, 0);
        }
    }
    let swap = x[m - 1] < y[m - 1];
    if swap {
        limbs::sub_n(&mut r[..m], &y[..m], &x[..m]);
    } else {
        limbs::sub_n(&mut r[..m], &x[..m], &y[..m]);
    }
    (swap, limbs::normalized_len(&r[..m]))
}

/// `|a| - |b|` into a new buffer and its length, `|a| >= |b|`.
#[inline(always)]
fn mag_sub(a: &[u64], b: &[u64]) -> (Box<[u64]>, usize) {
    let n = a.len();
    let mut buf = pool::take(n);
    limbs::sub(&mut buf[..n], a, b);
    (buf, n)
}

/// `a + (-1)^bn·|b|` as a sign and a magnitude (not normalised) in a buffer.
#[inline(always)]
fn add_general(an: bool, a: &[u64], bn: bool, b: &[u64]) -> Parts {
    let (neg, (buf, n)) = if an == bn {
        if a.len() >= b.len() {
            (an, mag_add(a, b))
        } else {
            (an, mag_add(b, a))
        }
    } else {
        match limbs::cmp(a, b) {
            Ordering::Equal => return Parts::from(Int::ZERO),
            Ordering::Greater => (an, mag_sub(a, b)),
            Ordering::Less => (bn, mag_sub(b, a)),
        }
    };
    Parts::from_sign_buf(neg, buf, n)
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
                        len: INLINE + 1,
                        buf: ManuallyDrop::new(add_inline_overflow(al, bl)),
                    },
                },
            };
        }
        self.add_signed_general(b, negate).into_int()
    }

    /// The sum when an operand is on the heap: a sum of like signs then has more than
    /// [`INLINE`] limbs, so it is built as a heap value directly.
    #[inline(never)]
    fn add_signed_general(&self, b: &Int, negate: bool) -> Parts {
        let (an, bn) = (self.is_negative(), b.is_negative() ^ negate);
        let (a, b) = (self.as_limbs(), b.as_limbs());
        if an == bn {
            if a.len() == b.len() {
                // Straight to `add_n`: no top to copy or carry into.
                let n = a.len();
                let mut buf = pool::take(n + 1);
                let carry = limbs::add_n(&mut buf[..n], a, b);
                buf[n] = carry;
                let len = n + carry as usize;
                return Parts::Big { neg: an, len, buf };
            }
            let (x, y) = if a.len() >= b.len() { (a, b) } else { (b, a) };
            debug_assert!(x.len() > INLINE);
            let (buf, len) = mag_add(x, y);
            return Parts::Big { neg: an, len, buf };
        }
        add_general(an, a, bn, b)
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
                            len: INLINE + 1,
                            buf: ManuallyDrop::new(add_inline_overflow(al, bl)),
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
        let Some((mut buf, n)) = self.take_heap() else {
            *self = add_general(an, self.as_limbs(), bn, b.as_limbs()).into_int();
            return;
        };
        let b = b.as_limbs();
        let m = n.max(b.len());
        if buf.len() <= m {
            buf = grown(buf, n, m + 1);
        }
        buf[n..m].fill(0);
        let (neg, len) = if an == bn {
            buf[m] = limbs::add_assign(&mut buf[..m], b);
            (an, m + 1)
        } else if limbs::cmp(&buf[..n], b).is_lt() {
            limbs::rsub_n_assign(&mut buf[..m], b);
            (bn, m)
        } else {
            limbs::sub_assign(&mut buf[..n], b);
            (an, n)
        };
        *self = Parts::from_sign_buf(neg, buf, len).into_int();
    }

    /// `self · b` (a squaring when `b` is `self` itself).
    #[inline(always)]
    pub(crate) fn mul_ref(&self, b: &Int) -> Int {
        let square = core::ptr::eq(self, b);
        if let (Some((an, al, a)), Some((bn, bl, b))) = (self.inline_parts(), b.inline_parts()) {
            if al <= 1 && bl <= 1 {
                return Int::from_sign_u128(an ^ bn, a[0] as u128 * b[0] as u128);
            }
            if al <= 2 && bl <= 2 {
                // Here rather than out of line: a five-limb result handed back through memory
                // is copied with vector loads that wait on its word stores.
                let [r0, r1, r2, r3] = if square {
                    limbs::sqr_2x2([a[0], a[1]])
                } else {
                    limbs::mul_2x2([a[0], a[1]], [b[0], b[1]])
                };
                return Parts::small(an ^ bn, [r0, r1, r2, r3, 0]).into_int();
            }
        }
        self.mul_general(b).into_int()
    }

    #[inline(never)]
    fn mul_general(&self, b: &Int) -> Parts {
        let neg = self.is_negative() ^ b.is_negative();
        if let (
            Repr::Inline {
                len: xn, limbs: x, ..
            },
            Repr::Inline {
                len: yn, limbs: y, ..
            },
        ) = (&self.repr, &b.repr)
        {
            if *xn <= 3 && *yn <= 3 {
                let r = if core::ptr::eq(self, b) {
                    limbs::sqr_3x3([x[0], x[1], x[2]])
                } else {
                    limbs::mul_3x3([x[0], x[1], x[2]], [y[0], y[1], y[2]])
                };
                return product_inline(neg, r);
            }
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
        super::limits::check_bits(super::limits::product_bits(x.len(), y.len()), "Int::mul");
        let mut buf = pool::take(n.max(SMALL_PRODUCT));
        product_into(&mut buf[..n], x, y, core::ptr::eq(self, b));
        Parts::from_sign_buf(neg, buf, n)
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
    #[inline]
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
    #[inline]
    pub fn assign_sub(&mut self, a: &Int, b: &Int) {
        self.assign_add_signed(a, b, true);
    }

    /// `self = a + (-1)^negate · b`: inline operands with an inline sum into an inline `self`
    /// here, the rest out of line (so that this path saves no registers).
    #[inline(always)]
    fn assign_add_signed(&mut self, a: &Int, b: &Int, negate: bool) {
        if let (
            Repr::Inline { neg, len, limbs },
            Repr::Inline {
                neg: an, limbs: x, ..
            },
            Repr::Inline {
                neg: bn, limbs: y, ..
            },
        ) = (&mut self.repr, &a.repr, &b.repr)
        {
            if let Some(r) = add_inline(*an, x, *bn ^ negate, y) {
                (*neg, *len, *limbs) = r;
                return;
            }
        }
        self.assign_add_signed_heap(a, b, negate);
    }

    /// Heap operands of like signs and equal lengths, the everyday case, into a heap `self`
    /// whose buffer holds the sum: the ADC chain in place, as `mpz_add` does, in a function
    /// that makes no call and so saves no registers (about five cycles of a 16-limb sum).
    /// The rest in [`Int::assign_add_signed_heap_rest`].
    #[inline(never)]
    fn assign_add_signed_heap(&mut self, a: &Int, b: &Int, negate: bool) {
        if let (
            Repr::Heap { neg, len, buf },
            Repr::Heap {
                neg: an,
                len: al,
                buf: x,
            },
            Repr::Heap {
                neg: bn,
                len: bl,
                buf: y,
            },
        ) = (&mut self.repr, &a.repr, &b.repr)
        {
            let n = *al;
            if *an == *bn ^ negate && n == *bl && buf.len() > n {
                if let Some(carry) = limbs::add_n_with_top(&mut buf[..=n], &x[..n], &y[..n]) {
                    (*neg, *len) = (*an, n + carry as usize);
                    return;
                }
                // A lane kernel's length: straight to it, not through the checks below.
                return self.add_lanes_into(&x[..n], &y[..n], *an);
            }
        }
        self.assign_add_signed_heap_rest(a, b, negate);
    }

    /// `self = x + y` with sign `sign`, for magnitudes `x` and `y` of equal lengths that a lane
    /// kernel adds (`limbs::add_n_top`) and a heap `self` whose buffer holds the sum. Out of
    /// line, so that [`Int::assign_add_signed_heap`] stays a leaf on its ADC-chain path, and
    /// with its operands in six registers.
    #[inline(never)]
    fn add_lanes_into(&mut self, x: &[u64], y: &[u64], sign: bool) {
        if let Repr::Heap { neg, len, buf } = &mut self.repr {
            let n = x.len();
            *neg = sign;
            *len = limbs::add_n_top(&mut buf[..=n], x, &y[..n]);
        }
    }

    /// Heap operands of like signs into a heap `self` whose buffer holds the sum, written in
    /// place as `mpz_add` does; the rest in [`Int::assign_add_signed_general`]. Equal lengths
    /// go straight to `limbs::add_n`; unequal ones to [`add_like_into`], whose carry
    /// propagation and copy of the longer operand's top would otherwise sit here too. Unlike
    /// signs of equal lengths subtract here too, from the highest limb that differs
    /// ([`sub_top_down`]), saving the second call into [`Int::assign_sub_heap`].
    #[inline(never)]
    fn assign_add_signed_heap_rest(&mut self, a: &Int, b: &Int, negate: bool) {
        if let (
            Repr::Heap { neg, len, buf },
            Repr::Heap {
                neg: an,
                len: al,
                buf: x,
            },
            Repr::Heap {
                neg: bn,
                len: bl,
                buf: y,
            },
        ) = (&mut self.repr, &a.repr, &b.repr)
        {
            if *an == *bn ^ negate && buf.len() > (*al).max(*bl) {
                if *al != *bl {
                    return add_like_into(neg, len, buf, &x[..*al], &y[..*bl], *an);
                }
                let n = *al;
                let carry = limbs::add_n(&mut buf[..n], &x[..n], &y[..n]);
                buf[n] = carry;
                (*neg, *len) = (*an, n + carry as usize);
                return;
            }
            if *an != *bn ^ negate {
                if *al == *bl && buf.len() >= *al {
                    let (swap, m) = sub_top_down(buf, &x[..*al], &y[..*al]);
                    return self.settle_difference(*an ^ swap, m);
                }
                return self.assign_sub_heap(a, b, negate);
            }
        }
        self.assign_add_signed_general(a, b, negate);
    }

    /// Heap operands of unlike signs (a difference of magnitudes; the caller takes those of
    /// equal lengths when `self` has room) into a heap `self` with room for it, written in
    /// place; a difference of at most [`INLINE`] limbs moves inline (zero too), and too small
    /// a buffer goes to [`Int::assign_add_signed_general`], which rebuilds the value and is
    /// slower.
    #[inline(never)]
    fn assign_sub_heap(&mut self, a: &Int, b: &Int, negate: bool) {
        let (x, y) = (a.as_limbs(), b.as_limbs());
        let (big, small, sign) = match limbs::cmp(x, y) {
            Ordering::Less => (y, x, b.is_negative() ^ negate),
            _ => (x, y, a.is_negative()),
        };
        let n = big.len();
        if let Repr::Heap { buf, .. } = &mut self.repr {
            if buf.len() >= n {
                limbs::sub(&mut buf[..n], big, small);
                let m = limbs::normalized_len(&buf[..n]);
                return self.settle_difference(sign, m);
            }
        }
        self.assign_add_signed_general(a, b, negate);
    }

    /// Makes a heap `self`, whose buffer holds a difference of `m` normalised limbs, that
    /// difference with sign `sign`: in place above [`INLINE`] limbs, moved inline otherwise
    /// (zero when `m` is 0).
    #[inline(always)]
    fn settle_difference(&mut self, sign: bool, m: usize) {
        if let Repr::Heap { neg, len, buf } = &mut self.repr {
            if m > INLINE {
                (*neg, *len) = (sign, m);
                return;
            }
            *self = Int::from_sign_limbs(sign, &buf[..m]);
        }
    }

    #[inline(never)]
    fn assign_add_signed_general(&mut self, a: &Int, b: &Int, negate: bool) {
        let Some((mut buf, _)) = self.take_heap() else {
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
        let n = x.len();
        if buf.len() <= n {
            pool::put(buf);
            buf = pool::take(n + 1);
        }
        buf[n] = if xn == yn {
            limbs::add(&mut buf[..n], x, y)
        } else {
            limbs::sub(&mut buf[..n], x, y);
            0
        };
        *self = Parts::from_sign_buf(xn, buf, n + 1).into_int();
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
    #[inline]
    pub fn assign_mul(&mut self, a: &Int, b: &Int) {
        if let (Repr::Inline { neg, len, limbs }, Some((an, al, x)), Some((bn, bl, y))) =
            (&mut self.repr, a.inline_parts(), b.inline_parts())
        {
            if al <= 1 && bl <= 1 {
                (*neg, *len, *limbs) = inline_u128(an ^ bn, x[0] as u128 * y[0] as u128);
                return;
            }
        }
        if core::ptr::eq(a, b) {
            self.assign_square(a);
        } else {
            self.assign_mul_heap(a, b);
        }
    }

    /// [`Int::assign_mul`] of `a` by itself past the one-limb case: a square that fits
    /// `self`'s heap buffer by the squaring algorithms straight into it, out of line and
    /// ahead of the products' cases (whose frame it would otherwise pay for); the rest in
    /// [`Int::assign_square_general`].
    #[inline(never)]
    fn assign_square(&mut self, a: &Int) {
        if let Repr::Heap { neg, len, buf } = &mut self.repr {
            let x = a.as_limbs();
            let n = 2 * x.len();
            if n > INLINE && buf.len() >= n {
                let r = &mut buf[..n];
                if !limbs::sqr_small(r, x) {
                    sqr_into_outlined(r, x);
                }
                // The square of a normalised magnitude has n or n − 1 limbs.
                let rn = n - (r[n - 1] == 0) as usize;
                if rn > INLINE {
                    (*neg, *len) = (false, rn);
                    return;
                }
                let mut small = [0; INLINE];
                small[..rn].copy_from_slice(&r[..rn]);
                *self = Int::from_sign_limbs(false, &small);
                return;
            }
        }
        self.assign_square_general(a);
    }

    /// [`Int::assign_square`] where the square does not go into `self`'s heap buffer: a
    /// two-limb value into an inline `self` by the three-product square, written into its
    /// fields; the rest as products.
    #[inline(never)]
    fn assign_square_general(&mut self, a: &Int) {
        if let (
            Repr::Inline { neg, len, limbs },
            Repr::Inline {
                len: al, limbs: x, ..
            },
        ) = (&mut self.repr, &a.repr)
        {
            if *al <= 2 {
                let [r0, r1, r2, r3] = limbs::sqr_2x2([x[0], x[1]]);
                *limbs = [r0, r1, r2, r3, 0];
                *len = inline_len(limbs);
                *neg = false;
                return;
            }
        }
        self.assign_mul_heap(a, a);
    }

    /// [`Int::assign_mul`] past its one-limb case, out of line so that the case saves no
    /// registers: a product of two-limb values into an inline `self` is written into its
    /// fields (through a whole new `Int`, the copy would wait on the narrower stores that built
    /// it), so is one of three-limb values that fits, a product that fits `self`'s
    /// heap buffer is written there; the rest in [`Int::assign_mul_general`].
    #[inline(never)]
    fn assign_mul_heap(&mut self, a: &Int, b: &Int) {
        if let (
            Repr::Inline { neg, len, limbs },
            Repr::Inline {
                neg: an,
                len: al,
                limbs: x,
            },
            Repr::Inline {
                neg: bn,
                len: bl,
                limbs: y,
            },
        ) = (&mut self.repr, &a.repr, &b.repr)
        {
            if *al <= 2 && *bl <= 2 {
                let [r0, r1, r2, r3] = limbs::mul_2x2([x[0], x[1]], [y[0], y[1]]);
                *limbs = [r0, r1, r2, r3, 0];
                *len = inline_len(limbs);
                *neg = (*an ^ *bn) && *len != 0;
                return;
            }
            if *al <= 3 && *bl <= 3 {
                let r = if core::ptr::eq(a, b) {
                    limbs::sqr_3x3([x[0], x[1], x[2]])
                } else {
                    limbs::mul_3x3([x[0], x[1], x[2]], [y[0], y[1], y[2]])
                };
                let sign = *an ^ *bn;
                if r[5] == 0 {
                    *limbs = [r[0], r[1], r[2], r[3], r[4]];
                    *len = inline_len(limbs);
                    *neg = sign && *len != 0;
                } else {
                    *self = Parts::from_sign_array(sign, &r, 6).into_int();
                }
                return;
            }
        }
        if let Repr::Heap { neg, len, buf } = &mut self.repr {
            let (x, y) = (a.as_limbs(), b.as_limbs());
            let n = x.len() + y.len();
            if x.len().min(y.len()) >= 1 && n > INLINE && buf.len() >= n {
                let (x, y) = if x.len() >= y.len() { (x, y) } else { (y, x) };
                let r = &mut buf[..n];
                product_into(r, x, y, core::ptr::eq(a, b));
                // A product of normalised magnitudes has n or n − 1 limbs.
                let rn = n - (r[n - 1] == 0) as usize;
                let sign = a.is_negative() ^ b.is_negative();
                if rn > INLINE {
                    (*neg, *len) = (sign, rn);
                } else {
                    let mut small = [0; INLINE];
                    small[..rn].copy_from_slice(&r[..rn]);
                    *self = Int::from_sign_limbs(sign, &small);
                }
                return;
            }
        }
        self.assign_mul_general(a, b);
    }

    /// [`Int::assign_mul`] where `self` has no room for the product or it may be inline: the
    /// by-value product replaces `self` (whose buffer goes to the cache the product's came from).
    #[inline(never)]
    fn assign_mul_general(&mut self, a: &Int, b: &Int) {
        *self = a.mul_ref(b);
    }

    /// `self` raised to the power `exp` (`0^0 = 1`).
    ///
    /// ```
    /// use carry::Int;
    /// assert_eq!(Int::from(-3).pow(3), -27);
    /// assert_eq!(Int::from(2).pow(100).bits(), 101);
    /// ```
    ///
    /// # Panics
    /// If the result would exceed [`Int::MAX_BITS`] ([`Int::checked_pow`] returns `None`),
    /// before any work.
    pub fn pow(&self, exp: u32) -> Int {
        if exp == 0 {
            return Int::ONE;
        }
        super::limits::check_bits(super::limits::pow_bits(self, exp), "Int::pow");
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

/// The product `r` of two magnitudes of at most three limbs, one of them three limbs long
/// ([`Int::mul_ref`] forms smaller products itself): inline up to [`INLINE`] limbs, a
/// six-limb result in a buffer of exactly six.
#[inline(always)]
fn product_inline(neg: bool, r: [u64; 6]) -> Parts {
    let n = top_len(&r);
    if n <= INLINE {
        return Parts::small(neg, [r[0], r[1], r[2], r[3], r[4]]);
    }
    Parts::from_sign_array(neg, &r, n)
}

/// The normalised length of a fixed-size magnitude, by constant indices only, so that the
/// array can stay in registers.
#[inline(always)]
fn top_len<const K: usize>(r: &[u64; K]) -> usize {
    let mut n = 0;
    for (i, &x) in r.iter().enumerate() {
        if x != 0 {
            n = i + 1;
        }
    }
    n
}

/// `buf` (holding a magnitude of `n` limbs) exchanged for a buffer of at least `cap` limbs
/// with the same first `n` limbs.
#[cold]
fn grown(buf: Box<[u64]>, n: usize, cap: usize) -> Box<[u64]> {
    let mut b = pool::take(cap);
    b[..n].copy_from_slice(&buf[..n]);
    pool::put(buf);
    b
}

/// `r = a · b`, `a.len() >= b.len() >= 1`, by the squaring algorithms when `square` says that
/// `a` and `b` are one value; products below the Karatsuba threshold go straight to the base
/// case.
#[inline(always)]
fn product_into(r: &mut [u64], a: &[u64], b: &[u64], square: bool) {
    if square {
        sqr_into(r, a);
    } else if b.len() < MUL_KARATSUBA {
        limbs::mul_schoolbook(r, a, b);
    } else {
        mul_into(r, a, b);
    }
}

/// `r = a · b` by the best algorithm for the sizes, `a.len() >= b.len() >= 1`. The scratch is
/// a cached buffer as it comes (the algorithms write before they read it): clearing it cost a
/// fifth of a 1024-bit product.
pub(crate) fn mul_into(r: &mut [u64], a: &[u64], b: &[u64]) {
    let s = limbs::mul_scratch_len(a.len(), b.len());
    if s == 0 {
        limbs::mul(r, a, b, &mut []);
    } else {
        let mut scratch = pool::take(s);
        limbs::mul(r, a, b, &mut scratch[..s]);
        pool::put(scratch);
    }
}

/// `r = a²` (scratch as in [`mul_into`]). The base case is inlined, the squares that take
/// scratch are out of line: small squares then save no registers for the scratch's buffer.
#[inline(always)]
pub(crate) fn sqr_into(r: &mut [u64], a: &[u64]) {
    let s = limbs::sqr_scratch_len(a.len());
    if s == 0 {
        limbs::sqr(r, a, &mut []);
    } else {
        sqr_into_scratch(r, a, s);
    }
}

/// [`sqr_into`] out of line, for callers that form the small squares themselves.
#[inline(never)]
fn sqr_into_outlined(r: &mut [u64], a: &[u64]) {
    sqr_into(r, a);
}

/// [`sqr_into`] with `s` limbs of scratch.
#[inline(never)]
fn sqr_into_scratch(r: &mut [u64], a: &[u64], s: usize) {
    let mut scratch = pool::take(s);
    limbs::sqr(r, a, &mut scratch[..s]);
    pool::put(scratch);
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whether `x` keeps `Repr`'s invariant: a normalised magnitude, no negative zero, zero
    /// inline limbs above the length, and heap storage only for more than [`INLINE`] limbs.
    fn well_formed(x: &Int) -> bool {
        let canonical = |neg: bool, l: &[u64]| l.last() != Some(&0) && !(neg && l.is_empty());
        match &x.repr {
            Repr::Inline { neg, len, limbs } => {
                let n = *len as usize;
                n <= INLINE && canonical(*neg, &limbs[..n]) && limbs[n..].iter().all(|&w| w == 0)
            }
            Repr::Heap { neg, len, buf } => {
                *len > INLINE && *len <= buf.len() && canonical(*neg, &buf[..*len])
            }
        }
    }

    /// The three-address forms on every pair of values around the inline boundary, into
    /// destinations inline, on the heap with room and on the heap without: results of at most
    /// [`INLINE`] limbs must come out inline (a heap destination gives its buffer up).
    #[test]
    fn assigning_forms_keep_the_representation() {
        let mut values = vec![Int::ZERO];
        for k in 1..=8u32 {
            let p = Int::ONE << (64 * k);
            for v in [&p - Int::ONE, p.clone(), &p + Int::ONE, &p + (&p >> 1u32)] {
                values.push(-v.clone());
                values.push(v);
            }
        }
        let dests = [Int::from(5), Int::ONE << 400u32, Int::ONE << 4000u32];
        for a in &values {
            for b in &values {
                for d in &dests {
                    let (mut s, mut t, mut u) = (d.clone(), d.clone(), d.clone());
                    s.assign_add(a, b);
                    t.assign_sub(a, b);
                    u.assign_mul(a, b);
                    assert!(well_formed(&s) && s == a + b, "{a} + {b} into {d}");
                    assert!(well_formed(&t) && t == a - b, "{a} - {b} into {d}");
                    assert!(well_formed(&u) && u == a * b, "{a} * {b} into {d}");
                }
            }
        }
    }
}
