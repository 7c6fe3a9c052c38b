//! Conversions to and from byte strings: magnitudes (`to_bytes_be`, ...) and shortest two's
//! complement (`to_signed_bytes_be`, ...), with the semantics of num-bigint's functions of
//! the same names.

use super::Int;
use crate::error::WriteBytesError;
use alloc::vec::Vec;

/// Bytes in the magnitude `mag` without high zero bytes (0 for zero).
fn byte_len(mag: &[u64]) -> usize {
    match mag.last() {
        None => 0,
        Some(top) => mag.len() * 8 - top.leading_zeros() as usize / 8,
    }
}

/// The magnitude as little-endian bytes without high zeros; `[0]` for zero.
fn magnitude_le(mag: &[u64]) -> Vec<u8> {
    let mut out = Vec::with_capacity(mag.len() * 8 + 1);
    for limb in mag {
        out.extend_from_slice(&limb.to_le_bytes());
    }
    out.resize(byte_len(mag).max(1), 0);
    out
}

/// Limbs from little-endian bytes.
fn limbs_from_le(bytes: &[u8]) -> Vec<u64> {
    let limb = |chunk: &[u8]| {
        let mut b = [0u8; 8];
        b[..chunk.len()].copy_from_slice(chunk);
        u64::from_le_bytes(b)
    };
    bytes.chunks(8).map(limb).collect()
}

/// Limbs from big-endian bytes.
fn limbs_from_be(bytes: &[u8]) -> Vec<u64> {
    let limb = |chunk: &[u8]| {
        let mut b = [0u8; 8];
        b[8 - chunk.len()..].copy_from_slice(chunk);
        u64::from_be_bytes(b)
    };
    bytes.rchunks(8).map(limb).collect()
}

/// Replaces a two's complement number, given from its least significant byte up, by its
/// negation: `!x + 1`.
fn negate<'a>(bytes_from_low: impl Iterator<Item = &'a mut u8>) {
    let mut carry = true;
    for b in bytes_from_low {
        *b = !*b;
        if carry {
            *b = b.wrapping_add(1);
            carry = *b == 0;
        }
    }
}

impl Int {
    /// The magnitude as big-endian bytes, without leading zeros; `[0]` for zero.
    ///
    /// ```
    /// use carry::Int;
    /// assert_eq!(Int::from(-0x1234).to_bytes_be(), [0x12, 0x34]);
    /// assert_eq!(Int::from(0).to_bytes_be(), [0]);
    /// ```
    pub fn to_bytes_be(&self) -> Vec<u8> {
        let mut bytes = self.to_bytes_le();
        bytes.reverse();
        bytes
    }

    /// The magnitude as little-endian bytes, without trailing zeros; `[0]` for zero.
    ///
    /// ```
    /// use carry::Int;
    /// assert_eq!(Int::from(0x1234).to_bytes_le(), [0x34, 0x12]);
    /// ```
    pub fn to_bytes_le(&self) -> Vec<u8> {
        magnitude_le(self.as_limbs())
    }

    /// The non-negative integer with these big-endian bytes (zero for no bytes).
    ///
    /// ```
    /// use carry::Int;
    /// assert_eq!(Int::from_bytes_be(&[0, 0x12, 0x34]), Int::from(0x1234));
    /// assert_eq!(Int::from_bytes_be(&[]), Int::from(0));
    /// ```
    pub fn from_bytes_be(bytes: &[u8]) -> Int {
        Int::from_sign_vec(false, limbs_from_be(bytes))
    }

    /// The non-negative integer with these little-endian bytes (zero for no bytes).
    ///
    /// ```
    /// use carry::Int;
    /// assert_eq!(Int::from_bytes_le(&[0x34, 0x12, 0]), Int::from(0x1234));
    /// ```
    pub fn from_bytes_le(bytes: &[u8]) -> Int {
        Int::from_sign_vec(false, limbs_from_le(bytes))
    }

    /// The shortest big-endian two's complement bytes that read back as this value;
    /// `[0]` for zero.
    ///
    /// ```
    /// use carry::Int;
    /// assert_eq!(Int::from(127).to_signed_bytes_be(), [0x7f]);
    /// assert_eq!(Int::from(128).to_signed_bytes_be(), [0x00, 0x80]);
    /// assert_eq!(Int::from(-128).to_signed_bytes_be(), [0x80]);
    /// assert_eq!(Int::from(-129).to_signed_bytes_be(), [0xff, 0x7f]);
    /// ```
    pub fn to_signed_bytes_be(&self) -> Vec<u8> {
        let mut bytes = self.to_signed_bytes_le();
        bytes.reverse();
        bytes
    }

    /// The shortest little-endian two's complement bytes that read back as this value;
    /// `[0]` for zero.
    ///
    /// ```
    /// use carry::Int;
    /// assert_eq!(Int::from(-129).to_signed_bytes_le(), [0x7f, 0xff]);
    /// assert_eq!(Int::from(255).to_signed_bytes_le(), [0xff, 0x00]);
    /// ```
    pub fn to_signed_bytes_le(&self) -> Vec<u8> {
        let mut bytes = magnitude_le(self.as_limbs());
        if self.is_negative() {
            negate(bytes.iter_mut());
        }
        let top_is_negative = bytes.last().is_some_and(|&b| b >= 0x80);
        if top_is_negative != self.is_negative() {
            bytes.push(if self.is_negative() { 0xff } else { 0 });
        }
        bytes
    }

    /// The integer with these big-endian two's complement bytes (zero for no bytes).
    ///
    /// ```
    /// use carry::Int;
    /// assert_eq!(Int::from_signed_bytes_be(&[0xff, 0x7f]), Int::from(-129));
    /// assert_eq!(Int::from_signed_bytes_be(&[0x00, 0x80]), Int::from(128));
    /// ```
    pub fn from_signed_bytes_be(bytes: &[u8]) -> Int {
        match bytes.first() {
            Some(&top) if top >= 0x80 => {
                let mut mag = bytes.to_vec();
                negate(mag.iter_mut().rev());
                Int::from_sign_vec(true, limbs_from_be(&mag))
            }
            _ => Int::from_bytes_be(bytes),
        }
    }

    /// The integer with these little-endian two's complement bytes (zero for no bytes).
    ///
    /// ```
    /// use carry::Int;
    /// assert_eq!(Int::from_signed_bytes_le(&[0x7f, 0xff]), Int::from(-129));
    /// assert_eq!(Int::from_signed_bytes_le(&[0xff]), Int::from(-1));
    /// ```
    pub fn from_signed_bytes_le(bytes: &[u8]) -> Int {
        match bytes.last() {
            Some(&top) if top >= 0x80 => {
                let mut mag = bytes.to_vec();
                negate(mag.iter_mut());
                Int::from_sign_vec(true, limbs_from_le(&mag))
            }
            _ => Int::from_bytes_le(bytes),
        }
    }

    /// Writes the value into `out` as big-endian bytes, left-padded with zeros.
    ///
    /// # Errors
    ///
    /// [`WriteBytesError::Negative`] for a negative value, [`WriteBytesError::TooSmall`] when
    /// the magnitude needs more than `out.len()` bytes (zero fits any buffer, even an empty
    /// one). `out` is left unchanged on error.
    ///
    /// ```
    /// use carry::Int;
    /// let mut buf = [0xaa; 4];
    /// Int::from(0x1234).write_bytes_be(&mut buf).unwrap();
    /// assert_eq!(buf, [0, 0, 0x12, 0x34]);
    /// ```
    pub fn write_bytes_be(&self, out: &mut [u8]) -> Result<(), WriteBytesError> {
        if self.is_negative() {
            return Err(WriteBytesError::Negative);
        }
        let mag = self.as_limbs();
        let needed = byte_len(mag);
        if needed > out.len() {
            return Err(WriteBytesError::TooSmall {
                needed,
                available: out.len(),
            });
        }
        let (padding, value) = out.split_at_mut(out.len() - needed);
        padding.fill(0);
        for (chunk, limb) in value.rchunks_mut(8).zip(mag) {
            chunk.copy_from_slice(&limb.to_be_bytes()[8 - chunk.len()..]);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use num_bigint::{BigInt, Sign};

    /// 0 and ±(2^n - 1), ±2^n, ±(2^n + 1) for sizes around byte and limb boundaries, as pairs
    /// of our value and num-bigint's, built from the same limbs.
    fn samples() -> Vec<(Int, BigInt)> {
        let mut out = vec![(Int::ZERO, BigInt::from(0))];
        for n in [
            0usize, 1, 7, 8, 9, 15, 16, 17, 63, 64, 65, 127, 128, 129, 191, 192, 193, 200,
        ] {
            let p = BigInt::from(1) << n;
            for b in [&p - 1, p.clone(), &p + 1] {
                if b.sign() == Sign::NoSign {
                    continue;
                }
                out.push((int_of(&b), b.clone()));
                out.push((int_of(&-&b), -b));
            }
        }
        out
    }

    /// Our value for num-bigint's, through its limbs (independent of the code under test).
    fn int_of(b: &BigInt) -> Int {
        Int::from_sign_limbs(b.sign() == Sign::Minus, &b.magnitude().to_u64_digits())
    }

    #[test]
    fn magnitude_bytes_match_num_bigint_and_round_trip() {
        for (x, b) in samples() {
            let (be, le) = (x.to_bytes_be(), x.to_bytes_le());
            assert_eq!(be, b.to_bytes_be().1, "{b}");
            assert_eq!(le, b.to_bytes_le().1, "{b}");
            let mag = int_of(&b.magnitude().clone().into());
            assert_eq!(Int::from_bytes_be(&be), mag, "{b}");
            assert_eq!(Int::from_bytes_le(&le), mag, "{b}");
        }
    }

    #[test]
    fn signed_bytes_match_num_bigint_and_round_trip() {
        for (x, b) in samples() {
            let (be, le) = (x.to_signed_bytes_be(), x.to_signed_bytes_le());
            assert_eq!(be, b.to_signed_bytes_be(), "{b}");
            assert_eq!(le, b.to_signed_bytes_le(), "{b}");
            assert_eq!(Int::from_signed_bytes_be(&be), x, "{b}");
            assert_eq!(Int::from_signed_bytes_le(&le), x, "{b}");
        }
    }

    #[test]
    fn signed_bytes_of_the_byte_boundaries() {
        let cases: [(i128, &[u8]); 12] = [
            (0, &[0]),
            (1, &[1]),
            (-1, &[0xff]),
            (127, &[0x7f]),
            (128, &[0, 0x80]),
            (129, &[0, 0x81]),
            (-128, &[0x80]),
            (-129, &[0xff, 0x7f]),
            (255, &[0, 0xff]),
            (256, &[1, 0]),
            (-256, &[0xff, 0]),
            (-257, &[0xfe, 0xff]),
        ];
        for (v, be) in cases {
            assert_eq!(Int::from(v).to_signed_bytes_be(), be, "{v}");
            assert_eq!(Int::from_signed_bytes_be(be), Int::from(v), "{v}");
        }
        assert_eq!(
            Int::from(i64::MIN).to_signed_bytes_be(),
            [0x80, 0, 0, 0, 0, 0, 0, 0]
        );
        assert_eq!(
            Int::from(i128::MIN).to_signed_bytes_le(),
            i128::MIN.to_le_bytes()
        );
        assert_eq!(
            Int::from(i128::MAX).to_signed_bytes_be(),
            i128::MAX.to_be_bytes()
        );
    }

    #[test]
    fn readers_accept_empty_and_redundant_bytes() {
        for read in [
            Int::from_bytes_be,
            Int::from_bytes_le,
            Int::from_signed_bytes_be,
            Int::from_signed_bytes_le,
        ] {
            assert_eq!(read(&[]), Int::ZERO);
            assert_eq!(read(&[0; 20]), Int::ZERO);
        }
        assert_eq!(
            Int::from_bytes_be(&[0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2]),
            Int::from(0x102)
        );
        assert_eq!(Int::from_signed_bytes_be(&[0xff; 30]), Int::from(-1));
        assert_eq!(
            Int::from_signed_bytes_le(&[0x7f, 0xff, 0xff, 0xff]),
            Int::from(-129)
        );
        assert_eq!(
            Int::from_signed_bytes_be(&[0x80, 0, 0, 0, 0, 0, 0, 0, 0]),
            -(Int::from(1) << 71u32)
        );
    }

    #[test]
    fn write_bytes_be_pads_and_rejects() {
        let mut buf = [0xaa; 10];
        Int::from(u64::MAX).write_bytes_be(&mut buf).unwrap();
        assert_eq!(buf, [0, 0, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]);
        let mut exact = [0u8; 9];
        let x = Int::from_limbs(&[0x0102_0304_0506_0708, 0x09]);
        x.write_bytes_be(&mut exact).unwrap();
        assert_eq!(exact, [9, 1, 2, 3, 4, 5, 6, 7, 8]);
        assert_eq!(
            x.write_bytes_be(&mut [0u8; 8]),
            Err(WriteBytesError::TooSmall {
                needed: 9,
                available: 8
            })
        );
        let mut unchanged = [0xaa; 4];
        assert_eq!(
            Int::from(-1).write_bytes_be(&mut unchanged),
            Err(WriteBytesError::Negative)
        );
        assert_eq!(unchanged, [0xaa; 4]);
        assert_eq!(Int::ZERO.write_bytes_be(&mut []), Ok(()));
        let mut zeros = [0xaa; 3];
        Int::ZERO.write_bytes_be(&mut zeros).unwrap();
        assert_eq!(zeros, [0; 3]);
        let big = Int::from(1) << 200u32;
        let mut wide = [0xaa; 40];
        big.write_bytes_be(&mut wide).unwrap();
        assert_eq!(wide[..14], [0; 14]);
        assert_eq!(wide[14], 1);
        assert_eq!(wide[15..], [0; 25]);
    }
}
