//! Construction from words, hex and decimal text (`const fn`, so usable for constants: bad
//! input is a compile-time error there) and big- and little-endian bytes.

use super::Uint;
#[cfg(feature = "alloc")]
use alloc::{vec, vec::Vec};

/// The value of one hex digit; panics (at compile time in a `const`) on anything else.
const fn hex_digit(c: u8) -> u64 {
    match c {
        b'0'..=b'9' => (c - b'0') as u64,
        b'a'..=b'f' => (c - b'a' + 10) as u64,
        b'A'..=b'F' => (c - b'A' + 10) as u64,
        _ => panic!("invalid hex digit"),
    }
}

impl<const LIMBS: usize> Uint<LIMBS> {
    /// The value `x`.
    ///
    /// ```
    /// assert_eq!(carry::U128::from_u64(7).as_words(), &[7, 0]);
    /// ```
    pub const fn from_u64(x: u64) -> Self {
        let mut limbs = [0u64; LIMBS];
        limbs[0] = x;
        Self { limbs }
    }

    /// The value of big-endian hex digits (no `0x`, at most `2·BYTES` digits, at least one).
    ///
    /// # Panics
    /// On an invalid digit or too many digits: a compile error when used in a `const`.
    ///
    /// ```
    /// const P: carry::U256 = carry::U256::from_be_hex("7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffed");
    /// assert_eq!(P.as_words()[0], 0xffffffffffffffed);
    /// ```
    pub const fn from_be_hex(hex: &str) -> Self {
        let b = hex.as_bytes();
        assert!(
            !b.is_empty() && b.len() <= 16 * LIMBS,
            "hex string empty or too long for this Uint"
        );
        let mut limbs = [0u64; LIMBS];
        let mut i = 0;
        while i < b.len() {
            limbs[i / 16] |= hex_digit(b[b.len() - 1 - i]) << (4 * (i % 16));
            i += 1;
        }
        Self { limbs }
    }

    /// The value of little-endian hex bytes: two digits per byte, least significant byte
    /// first (an even number of digits, at most `2·BYTES`).
    ///
    /// # Panics
    /// On an invalid digit, an odd count or too many digits.
    ///
    /// ```
    /// assert_eq!(carry::U128::from_le_hex("3412"), carry::U128::from_u64(0x1234));
    /// ```
    pub const fn from_le_hex(hex: &str) -> Self {
        let b = hex.as_bytes();
        assert!(
            !b.is_empty() && b.len().is_multiple_of(2) && b.len() <= 16 * LIMBS,
            "hex string empty, of odd length or too long for this Uint"
        );
        let mut limbs = [0u64; LIMBS];
        let mut k = 0;
        while k < b.len() / 2 {
            let byte = (hex_digit(b[2 * k]) << 4) | hex_digit(b[2 * k + 1]);
            limbs[k / 8] |= byte << (8 * (k % 8));
            k += 1;
        }
        Self { limbs }
    }

    /// The value of a decimal string (digits only), for constants.
    ///
    /// # Panics
    /// On an empty string, a non-digit or a value of more than `BITS` bits. Use
    /// [`str::parse`] for input that may be bad.
    ///
    /// ```
    /// const X: carry::U128 = carry::U128::from_str_vartime("18446744073709551616");
    /// assert_eq!(X, carry::U128::from_words([0, 1]));
    /// ```
    pub const fn from_str_vartime(dec: &str) -> Self {
        let b = dec.as_bytes();
        assert!(!b.is_empty(), "empty decimal string");
        let mut limbs = [0u64; LIMBS];
        let mut i = 0;
        while i < b.len() {
            assert!(b[i].is_ascii_digit(), "invalid decimal digit");
            let mut carry = (b[i] - b'0') as u64;
            let mut j = 0;
            while j < LIMBS {
                (limbs[j], carry) = crate::limbs::mac(carry, limbs[j], 10, 0);
                j += 1;
            }
            assert!(carry == 0, "decimal value too large for this Uint");
            i += 1;
        }
        Self { limbs }
    }

    /// The value of big-endian bytes (at most `BYTES` of them; fewer are zero-extended).
    ///
    /// # Panics
    /// If `bytes` is longer than `BYTES`.
    ///
    /// ```
    /// assert_eq!(carry::U128::from_be_slice(&[1, 0]), carry::U128::from_u64(256));
    /// ```
    pub const fn from_be_slice(bytes: &[u8]) -> Self {
        assert!(bytes.len() <= 8 * LIMBS, "too many bytes for this Uint");
        let mut limbs = [0u64; LIMBS];
        let mut k = 0;
        while k < bytes.len() {
            limbs[k / 8] |= (bytes[bytes.len() - 1 - k] as u64) << (8 * (k % 8));
            k += 1;
        }
        Self { limbs }
    }

    /// The value of little-endian bytes (at most `BYTES` of them; fewer are zero-extended).
    ///
    /// # Panics
    /// If `bytes` is longer than `BYTES`.
    ///
    /// ```
    /// assert_eq!(carry::U128::from_le_slice(&[0, 1]), carry::U128::from_u64(256));
    /// ```
    pub const fn from_le_slice(bytes: &[u8]) -> Self {
        assert!(bytes.len() <= 8 * LIMBS, "too many bytes for this Uint");
        let mut limbs = [0u64; LIMBS];
        let mut k = 0;
        while k < bytes.len() {
            limbs[k / 8] |= (bytes[k] as u64) << (8 * (k % 8));
            k += 1;
        }
        Self { limbs }
    }

    /// Writes the value big-endian into `out`, which must hold exactly `BYTES` bytes.
    ///
    /// # Panics
    /// If `out.len() != BYTES`.
    ///
    /// ```
    /// let mut out = [0u8; 16];
    /// carry::U128::from_u64(258).write_be_bytes(&mut out);
    /// assert_eq!(out[14..], [1, 2]);
    /// ```
    pub fn write_be_bytes(&self, out: &mut [u8]) {
        assert_eq!(
            out.len(),
            Self::BYTES,
            "output must hold exactly BYTES bytes"
        );
        for (chunk, limb) in out.rchunks_exact_mut(8).zip(&self.limbs) {
            chunk.copy_from_slice(&limb.to_be_bytes());
        }
    }

    /// Writes the value little-endian into `out`, which must hold exactly `BYTES` bytes.
    ///
    /// # Panics
    /// If `out.len() != BYTES`.
    ///
    /// ```
    /// let mut out = [0u8; 16];
    /// carry::U128::from_u64(258).write_le_bytes(&mut out);
    /// assert_eq!(out[..2], [2, 1]);
    /// ```
    pub fn write_le_bytes(&self, out: &mut [u8]) {
        assert_eq!(
            out.len(),
            Self::BYTES,
            "output must hold exactly BYTES bytes"
        );
        for (chunk, limb) in out.chunks_exact_mut(8).zip(&self.limbs) {
            chunk.copy_from_slice(&limb.to_le_bytes());
        }
    }

    /// The `BYTES` big-endian bytes of the value (feature `alloc`; without a heap,
    /// [`Uint::write_be_bytes`]).
    ///
    /// ```
    /// assert_eq!(carry::U64::from_u64(1).to_be_bytes(), [0, 0, 0, 0, 0, 0, 0, 1]);
    /// ```
    #[cfg(feature = "alloc")]
    pub fn to_be_bytes(&self) -> Vec<u8> {
        let mut out = vec![0; Self::BYTES];
        self.write_be_bytes(&mut out);
        out
    }

    /// The `BYTES` little-endian bytes of the value (feature `alloc`; without a heap,
    /// [`Uint::write_le_bytes`]).
    ///
    /// ```
    /// assert_eq!(carry::U64::from_u64(1).to_le_bytes(), [1, 0, 0, 0, 0, 0, 0, 0]);
    /// ```
    #[cfg(feature = "alloc")]
    pub fn to_le_bytes(&self) -> Vec<u8> {
        let mut out = vec![0; Self::BYTES];
        self.write_le_bytes(&mut out);
        out
    }
}
