//! Shifts and bitwise operations of [`Int`] values. Negative values act as their infinite
//! two's complement form, as in GMP and Python.

use super::{pool, Int, Parts, Repr, INLINE};
use crate::limbs;
use alloc::{vec, vec::Vec};

/// The low `n` limbs of the two's complement form of a signed magnitude.
fn twos_complement(neg: bool, mag: &[u64], n: usize) -> Vec<u64> {
    let mut v = vec![0; n];
    v[..mag.len()].copy_from_slice(mag);
    if neg {
        limbs::neg_assign(&mut v);
    }
    v
}

/// The value whose `n`-limb two's complement form is `v` (the top bit is the sign).
fn from_twos_complement(mut v: Vec<u64>) -> Int {
    let neg = v.last().is_some_and(|&top| top >> 63 == 1);
    if neg {
        limbs::neg_assign(&mut v);
    }
    Int::from_sign_vec(neg, v)
}

/// Which bitwise operation to apply limb by limb.
#[derive(Clone, Copy)]
pub(crate) enum Logic {
    And,
    Or,
    Xor,
}

impl Int {
    /// `self op b` on the infinite two's complement forms.
    pub(crate) fn logic(&self, b: &Int, op: Logic) -> Int {
        let (a, bm) = (self.as_limbs(), b.as_limbs());
        let (an, bn) = (self.is_negative(), b.is_negative());
        if !an && !bn {
            return logic_nonneg(a, bm, op);
        }
        let n = a.len().max(bm.len()) + 1;
        let mut x = twos_complement(an, a, n);
        let y = twos_complement(bn, bm, n);
        for (x, y) in x.iter_mut().zip(&y) {
            *x = match op {
                Logic::And => *x & y,
                Logic::Or => *x | y,
                Logic::Xor => *x ^ y,
            };
        }
        from_twos_complement(x)
    }

    /// `self << k`: multiplication by 2^k. The result is built where it is returned: an
    /// inline one from a local array, a heap one in a cached buffer whose limbs below the
    /// shifted value alone are cleared.
    pub(crate) fn shl_bits(&self, k: u64) -> Int {
        let a = self.as_limbs();
        if a.is_empty() {
            return Int::ZERO;
        }
        super::limits::check_bits(u128::from(self.bits()) + u128::from(k), "Int::shl");
        // Within Int::MAX_BITS, so the lengths below fit a usize.
        let words = (k / 64) as usize;
        let bits = (k % 64) as u32;
        let neg = self.is_negative();
        let n = a.len() + words + (bits != 0) as usize;
        if n <= INLINE {
            let mut l = [0u64; INLINE];
            shl_into(&mut l[words..n], a, bits);
            return Parts::small(neg, l).into_int();
        }
        let mut buf = pool::take(n);
        buf[..words].fill(0);
        shl_into(&mut buf[words..n], a, bits);
        // `a` is normalised: only the limb the bits moved into can be zero.
        let len = n - (buf[n - 1] == 0) as usize;
        if len <= INLINE {
            let mut l = [0u64; INLINE];
            l.copy_from_slice(&buf[..INLINE]);
            pool::put(buf);
            return Parts::small(neg, l).into_int();
        }
        Parts::Big { neg, len, buf }.into_int()
    }

    /// `self >> k`: floor division by 2^k (toward negative infinity for negative values). The
    /// magnitude's shift is built where it is returned (as in [`Int::shl_bits`]); a negative
    /// value that lost nonzero bits is then one further from zero.
    pub(crate) fn shr_bits(&self, k: u64) -> Int {
        let a = self.as_limbs();
        let words = usize::try_from(k / 64).unwrap_or(usize::MAX);
        let neg = self.is_negative();
        if words >= a.len() {
            return if neg { Int::from(-1) } else { Int::ZERO };
        }
        let bits = (k % 64) as u32;
        let lost = neg && drops_ones(a, words, bits);
        let n = a.len() - words;
        let r = if n <= INLINE {
            let mut l = [0u64; INLINE];
            shr_into(&mut l[..n], &a[words..], bits);
            Parts::small(neg, l).into_int()
        } else {
            let mut buf = pool::take(n);
            shr_into(&mut buf[..n], &a[words..], bits);
            Parts::from_sign_buf(neg, buf, n).into_int()
        };
        if lost {
            return shr_lost(r);
        }
        r
    }

    /// `self <<= k` in place when `self`'s heap buffer has room for the result (no new buffer,
    /// as `mpz_mul_2exp` with the same destination), else as [`Int::shl_bits`].
    pub(crate) fn shl_assign_bits(&mut self, k: u64) {
        let words = usize::try_from(k / 64).unwrap_or(usize::MAX);
        let room = match &self.repr {
            Repr::Heap { len, buf, .. } => words < buf.len() && *len < buf.len() - words,
            Repr::Inline { .. } => false,
        };
        if !room {
            *self = self.shl_bits(k);
            return;
        }
        super::limits::check_bits(u128::from(self.bits()) + u128::from(k), "Int::shl");
        let bits = (k % 64) as u32;
        if let Repr::Heap { len, buf, .. } = &mut self.repr {
            let n = *len;
            buf.copy_within(..n, words);
            buf[..words].fill(0);
            let mut top = words + n;
            if bits != 0 {
                let out = limbs::shl_assign(&mut buf[words..top], bits);
                if out != 0 {
                    buf[top] = out;
                    top += 1;
                }
            }
            *len = top;
        }
    }

    /// `self >>= k` in place for a heap `self` (its buffer kept), else as [`Int::shr_bits`].
    pub(crate) fn shr_assign_bits(&mut self, k: u64) {
        let words = usize::try_from(k / 64).unwrap_or(usize::MAX);
        let (neg, n) = match &self.repr {
            Repr::Heap { neg, len, .. } if words < *len => (*neg, *len),
            _ => {
                *self = self.shr_bits(k);
                return;
            }
        };
        let bits = (k % 64) as u32;
        let Some((mut buf, _)) = self.take_heap() else {
            unreachable!("a heap value")
        };
        let lost = neg && drops_ones(&buf, words, bits);
        buf.copy_within(words..n, 0);
        if bits != 0 {
            limbs::shr_assign(&mut buf[..n - words], bits);
        }
        *self = Parts::from_sign_buf(neg, buf, n - words).into_int();
        if lost {
            *self = shr_lost(core::mem::take(self));
        }
    }

    /// The number of bits of `|self|` (0 for zero).
    ///
    /// ```
    /// use carry::Int;
    /// assert_eq!(Int::from(255).bits(), 8);
    /// assert_eq!(Int::from(-256).bits(), 9);
    /// assert_eq!(Int::ZERO.bits(), 0);
    /// ```
    pub fn bits(&self) -> u64 {
        let a = self.as_limbs();
        match a.last() {
            None => 0,
            Some(top) => a.len() as u64 * 64 - top.leading_zeros() as u64,
        }
    }

    /// The number of trailing zero bits (the same for `x` and `-x`), `None` for zero.
    ///
    /// ```
    /// use carry::Int;
    /// assert_eq!(Int::from(-24).trailing_zeros(), Some(3));
    /// assert_eq!(Int::ZERO.trailing_zeros(), None);
    /// ```
    pub fn trailing_zeros(&self) -> Option<u64> {
        let a = self.as_limbs();
        let i = a.iter().position(|&x| x != 0)?;
        Some(i as u64 * 64 + a[i].trailing_zeros() as u64)
    }

    /// Bit `k` of the two's complement form (negative values have infinitely many ones).
    ///
    /// ```
    /// use carry::Int;
    /// assert!(Int::from(5).bit(2));
    /// assert!(!Int::from(-2).bit(0));
    /// assert!(Int::from(-2).bit(1000));
    /// ```
    pub fn bit(&self, k: u64) -> bool {
        let a = self.as_limbs();
        let mag_bit = |k: u64| {
            usize::try_from(k / 64)
                .ok()
                .and_then(|i| a.get(i))
                .is_some_and(|x| (x >> (k % 64)) & 1 == 1)
        };
        if !self.is_negative() {
            return mag_bit(k);
        }
        let tz = self.trailing_zeros().unwrap_or(0);
        match k.cmp(&tz) {
            core::cmp::Ordering::Less => false,
            core::cmp::Ordering::Equal => true,
            core::cmp::Ordering::Greater => !mag_bit(k),
        }
    }

    /// Sets bit `k` of the two's complement form to `value`.
    ///
    /// ```
    /// use carry::Int;
    /// let mut x = Int::from(-1);
    /// x.set_bit(0, false);
    /// assert_eq!(x, -2);
    /// x.set_bit(100, true);
    /// assert_eq!(x, -2);
    /// ```
    ///
    /// # Panics
    /// If the result would exceed [`Int::MAX_BITS`] (bit `k` of a non-negative value set, or
    /// cleared in a negative one, beyond that length).
    pub fn set_bit(&mut self, k: u64, value: bool) {
        if self.bit(k) == value {
            return;
        }
        super::limits::check_bits(u128::from(k) + 1, "Int::set_bit");
        let power = Int::ONE << k;
        if value {
            *self += power;
        } else {
            *self -= power;
        }
    }

    /// The absolute value.
    ///
    /// ```
    /// assert_eq!(carry::Int::from(-5).abs(), 5);
    /// ```
    pub fn abs(&self) -> Int {
        let mut r = self.clone();
        r.set_negative(false);
        r
    }

    /// -1, 0 or 1 as the value is negative, zero or positive.
    ///
    /// ```
    /// assert_eq!(carry::Int::from(-5).signum(), -1);
    /// ```
    pub fn signum(&self) -> Int {
        if self.is_negative() {
            Int::from(-1)
        } else if self.is_zero() {
            Int::ZERO
        } else {
            Int::ONE
        }
    }

    /// Whether the value is divisible by two.
    ///
    /// ```
    /// assert!(carry::Int::from(-4).is_even());
    /// ```
    pub fn is_even(&self) -> bool {
        self.as_limbs().first().is_none_or(|x| x & 1 == 0)
    }

    /// Whether the value is not divisible by two.
    ///
    /// ```
    /// assert!(carry::Int::from(-3).is_odd());
    /// ```
    pub fn is_odd(&self) -> bool {
        !self.is_even()
    }
}

/// `a op b` for non-negative values.
fn logic_nonneg(a: &[u64], b: &[u64], op: Logic) -> Int {
    let (long, short) = if a.len() >= b.len() { (a, b) } else { (b, a) };
    let n = match op {
        Logic::And => short.len(),
        Logic::Or | Logic::Xor => long.len(),
    };
    let mut r = Int::ZERO;
    r.set_with(false, n, |v| {
        for (i, x) in v.iter_mut().enumerate() {
            let s = short.get(i).copied().unwrap_or(0);
            *x = match op {
                Logic::And => long[i] & s,
                Logic::Or => long[i] | s,
                Logic::Xor => long[i] ^ s,
            };
        }
    });
    r
}

/// `r = a << bits` for `bits < 64` with `r.len() == a.len() + (bits != 0)`: the limbs of a
/// shift by whole limbs plus `bits`, placed by the caller.
#[inline(always)]
fn shl_into(r: &mut [u64], a: &[u64], bits: u32) {
    if bits == 0 {
        r.copy_from_slice(a);
    } else {
        let n = a.len();
        r[n] = limbs::shl(&mut r[..n], a, bits);
    }
}

/// `r = a >> bits` for `bits < 64` and `r.len() == a.len()`.
#[inline(always)]
fn shr_into(r: &mut [u64], a: &[u64], bits: u32) {
    if bits == 0 {
        r.copy_from_slice(a);
    } else {
        limbs::shr(r, a, bits);
    }
}

/// Whether a shift right by `words` limbs and `bits` bits drops a nonzero bit of `a`
/// (`words < a.len()`).
#[inline(always)]
fn drops_ones(a: &[u64], words: usize, bits: u32) -> bool {
    a[..words].iter().any(|&x| x != 0) || (bits != 0 && a[words] & ((1u64 << bits) - 1) != 0)
}

/// A floor shift of a negative value that lost nonzero bits: one further from zero.
#[cold]
#[inline(never)]
fn shr_lost(mut r: Int) -> Int {
    r -= 1u32;
    r
}
