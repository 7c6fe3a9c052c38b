//! The size limit of [`Int`] results ([`Int::MAX_BITS`]), the guards that enforce it before
//! any work or allocation, and the `checked_*` forms that return `None` instead of panicking.

use super::Int;
#[cfg(not(feature = "std"))]
use crate::limbs::FloatMath;

impl Int {
    /// The largest result, in bits, that an operation may produce: 2^37 bits (16 GiB of limbs,
    /// GMP's own limit on 64-bit machines). Every operation whose result size is known in
    /// advance — `<<`, [`Int::set_bit`], [`Int::pow`], products, [`Int::factorial`],
    /// [`Int::primorial`], [`Int::binomial`] — checks it first and panics with a message
    /// containing `exceeds Int::MAX_BITS`, before allocating; parsing and BLIP decoding return
    /// a `TooLarge` error instead ([`ParseIntErrorKind`](crate::ParseIntErrorKind),
    /// [`ParseRationalErrorKind`](crate::ParseRationalErrorKind),
    /// [`BlipErrorKind`](crate::blip::BlipErrorKind)), judged from the length of the text or
    /// the BLIP header alone. The
    /// `checked_*` forms ([`Int::checked_shl`], [`Int::checked_pow`], [`Int::checked_mul`])
    /// return `None` instead. (Products and powers are checked on an upper bound of the
    /// result's length from the operands' lengths, so a result within a few bits of the
    /// limit may be refused too.)
    ///
    /// Below the limit, a request the allocator cannot serve panics ("Int: cannot allocate")
    /// rather than aborting, so that `std::panic::catch_unwind` can turn either into an error.
    ///
    /// ```
    /// use carry::Int;
    /// assert_eq!(Int::MAX_BITS, 1 << 37);
    /// assert!(Int::ONE.checked_shl(Int::MAX_BITS).is_none());
    /// let too_big = std::panic::catch_unwind(|| Int::ONE << (1u64 << 40));
    /// assert!(too_big.is_err());
    /// ```
    pub const MAX_BITS: u64 = 1 << 37;

    /// `self << k` (multiplication by 2^k), `None` if the result would exceed
    /// [`Int::MAX_BITS`].
    ///
    /// ```
    /// use carry::Int;
    /// assert_eq!(Int::from(3).checked_shl(4), Some(Int::from(48)));
    /// assert_eq!(Int::ZERO.checked_shl(u64::MAX), Some(Int::ZERO));
    /// assert_eq!(Int::ONE.checked_shl(1 << 40), None);
    /// ```
    pub fn checked_shl(&self, k: u64) -> Option<Int> {
        if self.is_zero() {
            return Some(Int::ZERO);
        }
        fits(u128::from(self.bits()) + u128::from(k)).then(|| self.shl_bits(k))
    }

    /// `self^exp`, `None` if the result would exceed [`Int::MAX_BITS`].
    ///
    /// ```
    /// use carry::Int;
    /// assert_eq!(Int::from(-3).checked_pow(3), Some(Int::from(-27)));
    /// assert_eq!(Int::from(u64::MAX).checked_pow(u32::MAX), None);
    /// ```
    pub fn checked_pow(&self, exp: u32) -> Option<Int> {
        fits(pow_bits(self, exp)).then(|| self.pow(exp))
    }

    /// `self · b`, `None` if the result would exceed [`Int::MAX_BITS`].
    ///
    /// ```
    /// use carry::Int;
    /// assert_eq!(Int::from(6).checked_mul(&Int::from(-7)), Some(Int::from(-42)));
    /// ```
    pub fn checked_mul(&self, b: &Int) -> Option<Int> {
        fits(product_bits(self.as_limbs().len(), b.as_limbs().len())).then(|| self.mul_ref(b))
    }
}

/// Whether a result of `bits` bits is within [`Int::MAX_BITS`].
#[inline]
pub(crate) fn fits(bits: u128) -> bool {
    bits <= u128::from(Int::MAX_BITS)
}

/// Panics, naming `op`, unless a result of `bits` bits is within [`Int::MAX_BITS`].
#[inline]
#[track_caller]
pub(crate) fn check_bits(bits: u128, op: &str) {
    if !fits(bits) {
        too_big(bits, op);
    }
}

#[cold]
#[inline(never)]
#[track_caller]
fn too_big(bits: u128, op: &str) -> ! {
    panic!("{op}: a result of {bits} bits exceeds Int::MAX_BITS (2^37 bits)");
}

/// Whether `n` digits in `radix` make a value within [`Int::MAX_BITS`]: at most
/// ⌈n·log2(radix)⌉ bits. Parsing asks it of the text's length, underscores included, so that
/// it refuses a numeral without reading it.
pub(crate) fn count_fits(n: usize, radix: u32) -> bool {
    let bits = n as f64 * f64::from(radix).log2();
    let floor = bits as u128;
    fits(if (floor as f64) < bits {
        floor + 1
    } else {
        floor
    })
}

/// The bit length bound of a product of magnitudes of `a` and `b` limbs (the limbs it is
/// allocated).
#[inline]
pub(crate) fn product_bits(a: usize, b: usize) -> u128 {
    64 * (a as u128 + b as u128)
}

/// An upper bound on the bit length of `x^exp`: exp·log2|x| + 1, with log2|x| rounded up from
/// its top 64 bits (so that 3^e is not refused as if it were 4^e), 0 for 0 and ±1.
pub(crate) fn pow_bits(x: &Int, exp: u32) -> u128 {
    let bits = x.bits();
    if bits <= 1 || exp == 0 {
        return 1;
    }
    // |x| < (top + 1)·2^(bits − 64) for the top 64 bits `top` (all of |x| when shorter).
    let limbs = x.as_limbs();
    let shift = bits.saturating_sub(64);
    let top = if shift == 0 {
        limbs[0]
    } else {
        let (w, s) = ((shift / 64) as usize, shift % 64);
        let lo = limbs[w] >> s;
        let hi = if s == 0 { 0 } else { limbs[w + 1] << (64 - s) };
        lo | hi
    };
    // log2|x| ≤ log2(top) when |x| is `top` itself, log2(top + 1) + shift otherwise; rounded
    // up a little, against f64 rounding.
    let top = if shift == 0 {
        top as f64
    } else {
        top as f64 + 1.0
    };
    let log2 = top.log2() * (1.0 + 1e-12) + shift as f64;
    (f64::from(exp) * log2).floor() as u128 + 1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digit_counts_at_the_limit() {
        // 2^37 bits are 2^37 binary digits and 2^35 hexadecimal ones; one more is refused.
        assert!(count_fits(1 << 37, 2) && !count_fits((1 << 37) + 1, 2));
        assert!(count_fits(1 << 35, 16) && !count_fits((1 << 35) + 1, 16));
        // Decimal: ⌊2^37 / log2(10)⌋ digits fit, one more does not.
        let n = (Int::MAX_BITS as f64 / 10f64.log2()) as usize;
        assert!(count_fits(n, 10) && !count_fits(n + 1, 10));
    }

    #[test]
    fn pow_bits_bounds_the_length() {
        for (x, e) in [(3u64, 1000u32), (5, 77), (u64::MAX, 3), (7, 1)] {
            let x = Int::from(x);
            let exact = x.pow(e).bits() as u128;
            let bound = pow_bits(&x, e);
            assert!(
                bound >= exact && bound <= exact + 1,
                "{x}^{e}: {bound} vs {exact}"
            );
        }
        let big = (Int::ONE << 300u32) - 1u32;
        assert_eq!(pow_bits(&big, 10), 3001);
        assert_eq!(pow_bits(&Int::from(-1), u32::MAX), 1);
    }
}
