//! [`Int`]: signed arbitrary-precision integers, sign and magnitude over 64-bit limbs.
//!
//! Magnitudes below 2^320 (five limbs) live inline, with no heap allocation; larger ones in a
//! `Vec<u64>` whose buffer the `*Assign` operations reuse.

mod addmul;
mod arith;
mod bits;
mod bytes;
mod cmp;
mod convert;
mod div;
mod fmt;
pub(crate) mod limits;
mod ops;
mod parse;
mod pool;
pub(crate) mod radix;
mod sqrt;

/// The `f64` functions of `std` from `libm`, for `Rational`'s estimates without `std`.
#[cfg(not(feature = "std"))]
pub(crate) use crate::limbs::FloatMath;
pub(crate) use div::rem_into;
pub(crate) use pool::{put as pool_put, take as pool_take};

use alloc::{boxed::Box, vec::Vec};
use core::mem::ManuallyDrop;
#[cfg(any(feature = "num-traits", feature = "serde", feature = "rand"))]
mod traits;

/// A signed integer of any size, the counterpart of GMP's `mpz_t`, num-bigint's `BigInt` and
/// Python's `int`.
///
/// Values whose magnitude is below 2^320 (five limbs) are stored inline: creating, cloning,
/// adding or multiplying them allocates nothing. `size_of::<Int>()` is 48 bytes.
///
/// Division truncates toward zero, as Rust's primitive integers do; [`Int::div_rem_floor`] is
/// Python's `divmod`. Bitwise operations and `>>` act on the infinite two's complement form
/// (as GMP and Python do), so `-1 >> 5 == -1` and `-6 & 3 == 2`.
///
/// ```
/// use carry::Int;
/// let a = Int::from(-7);
/// let b = Int::from(2u64).pow(100);
/// assert_eq!((&a * &b) / &b, a);
/// assert_eq!(std::mem::size_of::<Int>(), 48);
/// ```
pub struct Int {
    repr: Repr,
}

impl Drop for Int {
    /// Gives a heap buffer to the per-thread cache that the next result of its size takes. With
    /// the `zeroize-int` feature the buffer is wiped and freed instead, and inline limbs are
    /// wiped too.
    #[inline]
    fn drop(&mut self) {
        match &mut self.repr {
            Repr::Heap { buf, .. } => give_back(buf),
            #[cfg(feature = "zeroize-int")]
            Repr::Inline { limbs, .. } => zeroize::Zeroize::zeroize(limbs),
            #[cfg(not(feature = "zeroize-int"))]
            Repr::Inline { .. } => {}
        }
    }
}

/// The out-of-line part of dropping a heap value, so that dropping an inline one stays a test
/// (`Repr` itself has no drop glue: its buffer is freed here and nowhere else). The value is
/// dead, so only the buffer is taken out: writing a whole zero `Repr` over it (one wide store)
/// would make the next value written there wait to be read back.
#[inline(never)]
fn give_back(buf: &mut Box<[u64]>) {
    pool::put(core::mem::take(buf));
}

impl Clone for Int {
    #[inline]
    fn clone(&self) -> Int {
        let repr = match &self.repr {
            Repr::Inline { neg, len, limbs } => Repr::Inline {
                neg: *neg,
                len: *len,
                limbs: *limbs,
            },
            Repr::Heap { neg, len, buf } => Repr::Heap {
                neg: *neg,
                len: *len,
                buf: ManuallyDrop::new(pool::copy_of(&buf[..*len])),
            },
        };
        Int { repr }
    }
}

/// Invariant: the magnitude is normalised (no high zero limbs) and zero is never negative.
/// Inline limbs at and above `len` are zero. A heap magnitude is the first `len` limbs of `buf`
/// (more than [`INLINE`]; the limbs after them are unspecified). Its buffer is released only by
/// `Int`'s `Drop`, so a `Repr` holding one must never be overwritten in place: assign the whole
/// `Int`.
#[repr(u8)]
enum Repr {
    Inline {
        neg: bool,
        len: u8,
        limbs: [u64; INLINE],
    },
    Heap {
        neg: bool,
        len: usize,
        buf: ManuallyDrop<Box<[u64]>>,
    },
}

/// A value computed out of line and handed back to an inlined fast path. Its shape differs from
/// [`Repr`] on purpose: the caller rebuilds the `Int` field by field, so the inline result and this
/// one merge in registers and reach the destination as plain stores. Returned as an `Int`, both
/// would share one stack slot whose copy into the destination waits on its narrower stores.
pub(crate) enum Parts {
    Small {
        neg: bool,
        len: usize,
        limbs: [u64; INLINE],
    },
    Big {
        neg: bool,
        len: usize,
        buf: Box<[u64]>,
    },
}

impl From<Int> for Parts {
    #[inline(always)]
    fn from(mut x: Int) -> Parts {
        match core::mem::replace(&mut x.repr, ZERO_REPR) {
            Repr::Inline { neg, len, limbs } => Parts::Small {
                neg,
                len: len as usize,
                limbs,
            },
            Repr::Heap { neg, len, buf } => Parts::Big {
                neg,
                len,
                buf: ManuallyDrop::into_inner(buf),
            },
        }
    }
}

impl Parts {
    /// A value from a sign and little-endian magnitude limbs (need not be normalised).
    #[inline(always)]
    pub(crate) fn from_sign_limbs(neg: bool, limbs: &[u64]) -> Parts {
        let limbs = crate::limbs::normalized(limbs);
        let n = limbs.len();
        if n <= INLINE {
            // Limb by limb: a copy of `n` limbs is a `memcpy` call whose stores the wide loads
            // reading the array back would wait for.
            let l: [u64; INLINE] = core::array::from_fn(|i| limbs.get(i).copied().unwrap_or(0));
            Parts::Small {
                neg: neg && n != 0,
                len: n,
                limbs: l,
            }
        } else {
            Parts::Big {
                neg,
                len: n,
                buf: pool::copy_of(limbs),
            }
        }
    }

    /// An inline value from a sign and [`INLINE`] limbs (need not be normalised).
    #[inline(always)]
    pub(crate) fn small(neg: bool, limbs: [u64; INLINE]) -> Parts {
        let len = inline_len(&limbs) as usize;
        Parts::Small {
            neg: neg && len != 0,
            len,
            limbs,
        }
    }

    /// A heap value from a sign and the first `n` limbs of `r`, normalised and more than
    /// [`INLINE`]. The limbs go from registers into a buffer of `K` limbs one by one: copying
    /// the array would read back memory just written in narrower pieces.
    #[inline(always)]
    pub(crate) fn from_sign_array<const K: usize>(neg: bool, r: &[u64; K], n: usize) -> Parts {
        debug_assert!(n > INLINE && n <= K && r[n - 1] != 0);
        let mut buf = pool::take(K);
        buf[..K].copy_from_slice(r);
        Parts::Big { neg, len: n, buf }
    }

    /// A value from a sign and the first `n` limbs of a buffer (need not be normalised); small
    /// results move inline and give the buffer back to the cache.
    #[inline(always)]
    pub(crate) fn from_sign_buf(neg: bool, buf: Box<[u64]>, n: usize) -> Parts {
        let n = crate::limbs::normalized_len(&buf[..n]);
        if n <= INLINE {
            let x = Parts::from_sign_limbs(neg, &buf[..n]);
            pool::put(buf);
            return x;
        }
        Parts::Big { neg, len: n, buf }
    }

    /// A value from a sign and a magnitude vector (need not be normalised); small results move
    /// inline and give the vector back to the buffer cache.
    #[inline(always)]
    pub(crate) fn from_sign_vec(neg: bool, mut limbs: Vec<u64>) -> Parts {
        let n = crate::limbs::normalized_len(&limbs);
        if n <= INLINE {
            let x = Parts::from_sign_limbs(neg, &limbs[..n]);
            pool::give(limbs);
            return x;
        }
        limbs.resize(limbs.capacity(), 0);
        Parts::Big {
            neg,
            len: n,
            buf: limbs.into_boxed_slice(),
        }
    }

    #[inline(always)]
    pub(crate) fn into_int(self) -> Int {
        let repr = match self {
            Parts::Small { neg, len, limbs } => Repr::Inline {
                neg,
                len: len as u8,
                limbs,
            },
            Parts::Big { neg, len, buf } => Repr::Heap {
                neg,
                len,
                buf: ManuallyDrop::new(buf),
            },
        };
        Int { repr }
    }
}

/// Limbs stored inline: values below 2^320, so that sums of two 256-bit values and products
/// of two 128-bit values (or 192 by 128 bits) never allocate. With the tag, sign and length
/// an `Int` is 48 bytes.
const INLINE: usize = 5;

/// The normalised length of an inline magnitude, without branches: whether a sum carried into
/// the next limb is a coin toss for random operands, and a mispredicted branch would cost more
/// than the whole addition.
#[inline(always)]
const fn inline_len(l: &[u64; INLINE]) -> u8 {
    let (mut len, mut seen, mut i) = (0, false, INLINE);
    while i > 0 {
        i -= 1;
        seen |= l[i] != 0;
        len += seen as u8;
    }
    len
}

/// The inline fields (sign, length, limbs) of a `u128` magnitude with a sign.
#[inline(always)]
const fn inline_u128(neg: bool, mag: u128) -> (bool, u8, [u64; INLINE]) {
    let mut limbs = [0; INLINE];
    limbs[0] = mag as u64;
    limbs[1] = (mag >> 64) as u64;
    let len = inline_len(&limbs);
    (neg && len != 0, len, limbs)
}

/// The representation of zero.
const ZERO_REPR: Repr = Repr::Inline {
    neg: false,
    len: 0,
    limbs: [0; INLINE],
};

impl Int {
    /// Zero.
    ///
    /// ```
    /// assert!(carry::Int::ZERO.is_zero());
    /// ```
    pub const ZERO: Int = Int {
        repr: Repr::Inline {
            neg: false,
            len: 0,
            limbs: [0; INLINE],
        },
    };

    /// One.
    ///
    /// ```
    /// assert_eq!(carry::Int::ONE, 1);
    /// ```
    pub const ONE: Int = Int {
        repr: Repr::Inline {
            neg: false,
            len: 1,
            limbs: [1, 0, 0, 0, 0],
        },
    };

    /// An inline value from a `u128` magnitude and a sign.
    #[inline]
    pub(crate) const fn from_sign_u128(neg: bool, mag: u128) -> Int {
        let (neg, len, limbs) = inline_u128(neg, mag);
        Int {
            repr: Repr::Inline { neg, len, limbs },
        }
    }

    /// A value from a sign and little-endian magnitude limbs (need not be normalised).
    #[inline]
    pub(crate) fn from_sign_limbs(neg: bool, limbs: &[u64]) -> Int {
        Parts::from_sign_limbs(neg, limbs).into_int()
    }

    /// A value from a sign and a magnitude vector (need not be normalised); small results move
    /// inline and give the vector back to the buffer cache.
    #[inline]
    pub(crate) fn from_sign_vec(neg: bool, limbs: Vec<u64>) -> Int {
        Parts::from_sign_vec(neg, limbs).into_int()
    }

    /// The value an out-of-line step handed back: `None` and the limbs in `small`, or a buffer
    /// whose first `n` limbs hold a magnitude of more than [`INLINE`] limbs (need not be
    /// normalised). Inlined into the caller, so the result is stored once, where it lands:
    /// returned from the out-of-line step as an `Int`, it would be copied out of the return slot
    /// by wide loads right after its narrower stores, and that copy waits for them.
    #[inline(always)]
    pub(crate) fn from_out(
        neg: bool,
        small: [u64; INLINE],
        buf: Option<Box<[u64]>>,
        n: usize,
    ) -> Int {
        let Some(buf) = buf else {
            return Parts::small(neg, small).into_int();
        };
        let len = crate::limbs::normalized_len(&buf[..n]);
        debug_assert!(len > INLINE);
        Int {
            repr: Repr::Heap {
                neg,
                len,
                buf: ManuallyDrop::new(buf),
            },
        }
    }

    /// The magnitude as little-endian limbs, without high zero limbs (empty for zero).
    ///
    /// ```
    /// use carry::Int;
    /// let x = -(Int::from(1u64) << 64u32) - 5u32;
    /// assert_eq!(x.as_limbs(), &[5, 1]);
    /// ```
    #[inline]
    pub fn as_limbs(&self) -> &[u64] {
        match &self.repr {
            Repr::Inline { len, limbs, .. } => &limbs[..*len as usize],
            Repr::Heap { len, buf, .. } => &buf[..*len],
        }
    }

    /// The sign, length and limbs of an inline value (`None` for a heap one).
    #[inline(always)]
    fn inline_parts(&self) -> Option<(bool, u8, &[u64; INLINE])> {
        match &self.repr {
            Repr::Inline { neg, len, limbs } => Some((*neg, *len, limbs)),
            Repr::Heap { .. } => None,
        }
    }

    /// The non-negative value with these little-endian limbs.
    ///
    /// ```
    /// use carry::Int;
    /// assert_eq!(Int::from_limbs(&[0, 1]), Int::from(1u128 << 64));
    /// ```
    pub fn from_limbs(limbs: &[u64]) -> Int {
        Int::from_sign_limbs(false, limbs)
    }

    /// Whether the value is below zero.
    ///
    /// ```
    /// assert!(carry::Int::from(-3).is_negative());
    /// ```
    #[inline]
    pub fn is_negative(&self) -> bool {
        match &self.repr {
            Repr::Inline { neg, .. } | Repr::Heap { neg, .. } => *neg,
        }
    }

    /// Whether the value is above zero.
    ///
    /// ```
    /// assert!(carry::Int::from(3).is_positive());
    /// ```
    #[inline]
    pub fn is_positive(&self) -> bool {
        !self.is_negative() && !self.is_zero()
    }

    /// Whether the value is zero.
    ///
    /// ```
    /// assert!(carry::Int::default().is_zero());
    /// ```
    #[inline]
    pub fn is_zero(&self) -> bool {
        self.as_limbs().is_empty()
    }

    /// Changes the sign (zero stays non-negative).
    #[inline]
    pub(crate) fn set_negative(&mut self, negative: bool) {
        let zero = self.is_zero();
        match &mut self.repr {
            Repr::Inline { neg, .. } | Repr::Heap { neg, .. } => *neg = negative && !zero,
        }
    }

    /// Replaces the value with the result of `f`, which writes a magnitude of at most `cap`
    /// limbs into the slice it is given (zeroed, of length `cap`) and returns nothing; the
    /// result is normalised afterwards. A heap buffer already held by `self` is reused.
    #[inline]
    pub(crate) fn set_with(&mut self, neg: bool, cap: usize, f: impl FnOnce(&mut [u64])) {
        if cap <= INLINE {
            let mut l = [0u64; INLINE];
            f(&mut l[..cap]);
            let n = crate::limbs::normalized_len(&l);
            *self = Int {
                repr: Repr::Inline {
                    neg: neg && n != 0,
                    len: n as u8,
                    limbs: l,
                },
            };
            return;
        }
        let mut buf = match self.take_heap() {
            Some((b, _)) if b.len() >= cap => b,
            old => {
                if let Some((b, _)) = old {
                    pool::put(b);
                }
                pool::take(cap)
            }
        };
        buf[..cap].fill(0);
        f(&mut buf[..cap]);
        *self = Parts::from_sign_buf(neg, buf, cap).into_int();
    }

    /// The number of limbs the value can hold without allocating: its heap buffer's length, or
    /// the five it holds inline. Front ends that keep values for reuse read it to let go of
    /// large buffers. Not a stable API.
    ///
    /// ```
    /// use carry::Int;
    /// assert_eq!(Int::from(7).capacity_limbs(), 5);
    /// assert!((Int::ONE << 1000u32).capacity_limbs() >= 16);
    /// ```
    #[doc(hidden)]
    #[inline]
    pub fn capacity_limbs(&self) -> usize {
        match &self.repr {
            Repr::Heap { buf, .. } => buf.len(),
            Repr::Inline { .. } => INLINE,
        }
    }

    /// Takes a heap buffer and the length of the magnitude in it out for in-place work (the
    /// value is left zero); an inline value is left as it is and gives `None`.
    #[inline]
    pub(crate) fn take_heap(&mut self) -> Option<(Box<[u64]>, usize)> {
        match &mut self.repr {
            Repr::Heap { len, buf, .. } => {
                let (b, n) = (core::mem::take(&mut **buf), *len);
                self.repr = ZERO_REPR;
                Some((b, n))
            }
            Repr::Inline { .. } => None,
        }
    }
}

impl Default for Int {
    /// Zero.
    #[inline]
    fn default() -> Int {
        Int::ZERO
    }
}
