//! The error of decoding BLIP ([`crate::blip`]).

use alloc::{format, string::ToString};
use core::fmt;

/// Why bytes are not a BLIP value, and the byte offset (from the start of the input) where
/// the problem lies.
///
/// ```
/// use carry::Int;
/// use carry::blip::BlipErrorKind;
/// let err = Int::from_blip(&[0x82, 0x05, 0x00]).unwrap_err();
/// assert_eq!((err.kind(), err.offset()), (BlipErrorKind::Overlong, 0));
/// assert_eq!(err.to_string(), "BLIP payload longer than the value needs at byte 0");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BlipError {
    kind: BlipErrorKind,
    offset: usize,
}

/// What is wrong with bytes that [`BlipError`] rejects.
///
/// ```
/// use carry::Int;
/// use carry::blip::BlipErrorKind;
/// let kind = |bytes: &[u8]| Int::from_blip(bytes).unwrap_err().kind();
/// assert_eq!(kind(&[0x82, 0x01]), BlipErrorKind::Truncated);
/// assert_eq!(kind(&[0xa1, 0x00, 0x01]), BlipErrorKind::UnneededVarint);
/// assert_eq!(kind(&[0xc1, 0x05]), BlipErrorKind::Overlong);
/// assert_eq!(kind(&[0x81, 0x7e]), BlipErrorKind::Sentinel(0x7e));
/// // A header announcing 2^34 + 2 bytes: more than Int::MAX_BITS, refused before reading on.
/// assert_eq!(kind(&[0xa2, 0x80, 0x80, 0x80, 0x80, 0x02]), BlipErrorKind::TooLarge);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum BlipErrorKind {
    /// The input ends before the value does (the offset is the input's length).
    Truncated,
    /// A length varint is present although the length is below 32 (the offset is the
    /// varint's).
    UnneededVarint,
    /// A length varint has a superfluous zero last byte (the offset is that byte's).
    NonMinimalVarint,
    /// The length does not fit in memory addresses (the offset is the varint byte where it
    /// overflows).
    LengthOverflow,
    /// The payload is longer than the value needs, or the value fits in the one-byte form, or
    /// a big-endian one-byte payload is below `0x80` (the offset is the header's).
    Overlong,
    /// A sentinel where an integer was required: [`Int::from_blip`](crate::Int::from_blip)
    /// met `81 xx` (the offset is the header's).
    Sentinel(u8),
    /// The reserved sentinel `81 7F` (the offset is the header's).
    Reserved,
    /// The payload is longer than an [`Int`](crate::Int) may be: more than
    /// [`Int::MAX_BITS`](crate::Int::MAX_BITS) / 8 bytes (and a sign byte, in the signed
    /// reading). Refused from the header alone, before the payload is read (the offset is the
    /// header's).
    TooLarge,
}

impl BlipError {
    pub(crate) fn new(kind: BlipErrorKind, offset: usize) -> BlipError {
        BlipError { kind, offset }
    }

    /// What is wrong.
    ///
    /// ```
    /// use carry::Int;
    /// use carry::blip::BlipErrorKind;
    /// assert_eq!(Int::from_blip(&[0x83, 0x01]).unwrap_err().kind(), BlipErrorKind::Truncated);
    /// ```
    pub fn kind(&self) -> BlipErrorKind {
        self.kind
    }

    /// The byte offset of the problem in the input.
    ///
    /// ```
    /// use carry::Int;
    /// // A varint (here 0x80 0x00 for 0) must be minimal.
    /// assert_eq!(Int::from_blip(&[0xa1, 0x80, 0x00]).unwrap_err().offset(), 2);
    /// ```
    pub fn offset(&self) -> usize {
        self.offset
    }
}

impl fmt::Display for BlipError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let problem = match self.kind {
            BlipErrorKind::Truncated => "BLIP value truncated".to_string(),
            BlipErrorKind::UnneededVarint => {
                "BLIP length varint present for a length below 32".into()
            }
            BlipErrorKind::NonMinimalVarint => "BLIP length varint not minimal".into(),
            BlipErrorKind::LengthOverflow => "BLIP length overflows".into(),
            BlipErrorKind::Overlong => "BLIP payload longer than the value needs".into(),
            BlipErrorKind::Sentinel(s) => {
                format!("BLIP sentinel {s:#04x} where an integer was expected")
            }
            BlipErrorKind::Reserved => "reserved BLIP sentinel 0x7f".into(),
            BlipErrorKind::TooLarge => "BLIP payload exceeds Int::MAX_BITS".into(),
        };
        write!(f, "{problem} at byte {}", self.offset)
    }
}

impl core::error::Error for BlipError {}
