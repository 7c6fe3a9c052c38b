//! BLIP: the self-describing variable-length integer encoding of blip_mp, as a wire form for
//! [`Int`].
//!
//! A value in `0..=127` is one byte `0xxxxxxx`. Any other value is a header byte
//! `1 E C LLLLL`, then (when `C = 1`) a LEB128 varint `v`, then a payload of
//! `L = LLLLL + 32·v` bytes: the shortest two's complement of the value, little-endian when
//! `E = 0` and big-endian when `E = 1`. Encoders write the shortest little-endian form, with
//! the varint only when `L >= 32`; decoders accept both byte orders and reject anything that
//! is not the shortest form. A one-byte little-endian payload below `0x80` is not an integer
//! but a sentinel: `0x7C` true, `0x7D` false, `0x7E` nil, `0x7F` reserved, and `0x00..=0x7B`
//! defined by the application.
//!
//! The unsigned reading ([`Int::to_blip_unsigned`], [`Int::from_blip_unsigned`]) takes the
//! payload as a magnitude instead, so `128` is `81 80` rather than `82 80 00`.
//!
//! ```
//! use carry::Int;
//! use carry::blip::{Value, Values};
//! let mut wire = Int::from(-129).to_blip();
//! assert_eq!(wire, [0x82, 0x7f, 0xff]);
//! Int::from(5).write_blip(&mut wire);
//! wire.extend([0x81, 0x7e]);
//! let values: Vec<_> = Values::new(&wire).collect::<Result<_, _>>().unwrap();
//! assert_eq!(values, [Value::Int(Int::from(-129)), Value::Int(Int::from(5)), Value::Nil]);
//! ```

pub use crate::error::{BlipError, BlipErrorKind};
use crate::Int;
use alloc::{vec, vec::Vec};

/// One decoded BLIP item: an integer or a sentinel.
///
/// ```
/// use carry::blip::{Value, Values};
/// let items: Vec<_> = Values::new(&[0x81, 0x7c, 0x81, 0x7d, 0x81, 0x07]).map(Result::unwrap).collect();
/// assert_eq!(items, [Value::True, Value::False, Value::Sentinel(7)]);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Value {
    /// An integer.
    Int(Int),
    /// The sentinel `81 7C`.
    True,
    /// The sentinel `81 7D`.
    False,
    /// The sentinel `81 7E`.
    Nil,
    /// An application-defined sentinel `81 00` to `81 7B`.
    Sentinel(u8),
}

/// One item before its payload is interpreted.
enum Raw<'a> {
    /// The one-byte form, `0..=127`.
    Small(u8),
    /// A payload of at least one byte in the given byte order, not a sentinel.
    Payload { bytes: &'a [u8], big_endian: bool },
    /// A one-byte little-endian payload below `0x80`.
    Sentinel(u8),
}

/// The longest payload of an unsigned value within [`Int::MAX_BITS`] (a signed one may have a
/// sign byte more).
const MAX_PAYLOAD: usize = (Int::MAX_BITS / 8) as usize;

/// Reads the item starting at `start`, returning it and the offset just past it.
fn read_raw(input: &[u8], start: usize) -> Result<(Raw<'_>, usize), BlipError> {
    let Some(&header) = input.get(start) else {
        return Err(BlipError::new(BlipErrorKind::Truncated, input.len()));
    };
    if header < 0x80 {
        return Ok((Raw::Small(header), start + 1));
    }
    let big_endian = header & 0x40 != 0;
    let mut len = usize::from(header & 0x1f);
    let mut at = start + 1;
    if header & 0x20 != 0 {
        let (v, end) = read_varint(input, at)?;
        let overflow = BlipError::new(BlipErrorKind::LengthOverflow, end - 1);
        let extra = usize::try_from(v).map_err(|_| overflow)?;
        len = extra
            .checked_mul(32)
            .and_then(|x| x.checked_add(len))
            .ok_or(overflow)?;
        at = end;
    }
    if len > MAX_PAYLOAD + 1 {
        return Err(BlipError::new(BlipErrorKind::TooLarge, start));
    }
    let end = at
        .checked_add(len)
        .filter(|&end| end <= input.len())
        .ok_or(BlipError::new(BlipErrorKind::Truncated, input.len()))?;
    let bytes = &input[at..end];
    match *bytes {
        [] => Err(BlipError::new(BlipErrorKind::Overlong, start)),
        [b] if b < 0x80 && big_endian => Err(BlipError::new(BlipErrorKind::Overlong, start)),
        [b] if b < 0x80 => Ok((Raw::Sentinel(b), end)),
        _ => Ok((Raw::Payload { bytes, big_endian }, end)),
    }
}

/// A LEB128 varint at `start` that is minimal and nonzero; its value and the offset past it.
fn read_varint(input: &[u8], start: usize) -> Result<(u64, usize), BlipError> {
    let mut value = 0u64;
    let mut at = start;
    loop {
        let Some(&byte) = input.get(at) else {
            return Err(BlipError::new(BlipErrorKind::Truncated, input.len()));
        };
        let shift = 7 * (at - start) as u32;
        let bits = u64::from(byte & 0x7f);
        if shift >= 64 || (bits << shift) >> shift != bits {
            return Err(BlipError::new(BlipErrorKind::LengthOverflow, at));
        }
        value |= bits << shift;
        if byte < 0x80 {
            return match (byte, at - start) {
                (0, 0) => Err(BlipError::new(BlipErrorKind::UnneededVarint, at)),
                (0, _) => Err(BlipError::new(BlipErrorKind::NonMinimalVarint, at)),
                _ => Ok((value, at + 1)),
            };
        }
        at += 1;
    }
}

/// A payload's bytes from most to least significant.
fn most_significant_first(bytes: &[u8], big_endian: bool) -> impl Iterator<Item = u8> + '_ {
    let mut i = 0;
    core::iter::from_fn(move || {
        let b = if big_endian {
            *bytes.get(i)?
        } else {
            *bytes.get(bytes.len().checked_sub(i + 1)?)?
        };
        i += 1;
        Some(b)
    })
}

/// Whether a signed payload of two or more bytes is the shortest two's complement form: its
/// top byte is not just the sign extension of the next.
fn signed_is_minimal(bytes: &[u8], big_endian: bool) -> bool {
    let mut top = most_significant_first(bytes, big_endian);
    match (top.next(), top.next()) {
        (Some(0x00), Some(next)) => next >= 0x80,
        (Some(0xff), Some(next)) => next < 0x80,
        _ => true,
    }
}

fn signed_value(bytes: &[u8], big_endian: bool) -> Int {
    if big_endian {
        Int::from_signed_bytes_be(bytes)
    } else {
        Int::from_signed_bytes_le(bytes)
    }
}

/// The signed integer of a payload item at `start`, or the error for a non-minimal one.
fn signed_payload(bytes: &[u8], big_endian: bool, start: usize) -> Result<Int, BlipError> {
    if !signed_is_minimal(bytes, big_endian) {
        return Err(BlipError::new(BlipErrorKind::Overlong, start));
    }
    Ok(signed_value(bytes, big_endian))
}

/// Appends a header for a payload of `len` bytes (little-endian) to `out`.
fn write_header(len: usize, out: &mut Vec<u8>) {
    if len < 32 {
        out.push(0x80 | len as u8);
        return;
    }
    out.push(0xa0 | (len & 0x1f) as u8);
    let mut v = len >> 5;
    while v >= 0x80 {
        out.push(0x80 | (v & 0x7f) as u8);
        v >>= 7;
    }
    out.push(v as u8);
}

/// The value if it is in the one-byte range `0..=127`.
fn small(x: &Int) -> Option<u8> {
    u8::try_from(x).ok().filter(|&b| b < 0x80)
}

impl Int {
    /// The shortest signed BLIP encoding.
    ///
    /// ```
    /// use carry::Int;
    /// assert_eq!(Int::from(127).to_blip(), [0x7f]);
    /// assert_eq!(Int::from(128).to_blip(), [0x82, 0x80, 0x00]);
    /// assert_eq!(Int::from(-1).to_blip(), [0x81, 0xff]);
    /// ```
    pub fn to_blip(&self) -> Vec<u8> {
        let mut out = Vec::new();
        self.write_blip(&mut out);
        out
    }

    /// Appends the shortest signed BLIP encoding to `out`.
    ///
    /// ```
    /// use carry::Int;
    /// let mut out = vec![0x00];
    /// Int::from(256).write_blip(&mut out);
    /// assert_eq!(out, [0x00, 0x82, 0x00, 0x01]);
    /// ```
    pub fn write_blip(&self, out: &mut Vec<u8>) {
        if let Some(b) = small(self) {
            out.push(b);
            return;
        }
        let payload = self.to_signed_bytes_le();
        write_header(payload.len(), out);
        out.extend_from_slice(&payload);
    }

    /// Decodes one signed BLIP integer at the start of `input`: the value and the number of
    /// bytes it took. A sentinel, a non-minimal form or a truncated input is an error.
    ///
    /// ```
    /// use carry::Int;
    /// use carry::blip::BlipErrorKind;
    /// assert_eq!(Int::from_blip(&[0x81, 0x80, 0x99]), Ok((Int::from(-128), 2)));
    /// assert_eq!(Int::from_blip(&[0xc2, 0x01, 0x00]), Ok((Int::from(256), 3)));
    /// assert_eq!(Int::from_blip(&[0x81, 0x7c]).unwrap_err().kind(), BlipErrorKind::Sentinel(0x7c));
    /// ```
    pub fn from_blip(input: &[u8]) -> Result<(Int, usize), BlipError> {
        match read_raw(input, 0)? {
            (Raw::Small(b), end) => Ok((Int::from(b), end)),
            (Raw::Payload { bytes, big_endian }, end) => {
                Ok((signed_payload(bytes, big_endian, 0)?, end))
            }
            (Raw::Sentinel(s), _) => Err(BlipError::new(BlipErrorKind::Sentinel(s), 0)),
        }
    }

    /// The shortest unsigned BLIP encoding (the payload is the magnitude), or `None` for a
    /// negative value.
    ///
    /// ```
    /// use carry::Int;
    /// assert_eq!(Int::from(128).to_blip_unsigned(), Some(vec![0x81, 0x80]));
    /// assert_eq!(Int::from(5).to_blip_unsigned(), Some(vec![0x05]));
    /// assert_eq!(Int::from(-5).to_blip_unsigned(), None);
    /// ```
    pub fn to_blip_unsigned(&self) -> Option<Vec<u8>> {
        if self.is_negative() {
            return None;
        }
        if let Some(b) = small(self) {
            return Some(vec![b]);
        }
        let payload = self.to_bytes_le();
        let mut out = Vec::with_capacity(payload.len() + 4);
        write_header(payload.len(), &mut out);
        out.extend_from_slice(&payload);
        Some(out)
    }

    /// Decodes one unsigned BLIP integer at the start of `input`: the value and the number of
    /// bytes it took. Its payload must have no high zero byte.
    ///
    /// ```
    /// use carry::Int;
    /// assert_eq!(Int::from_blip_unsigned(&[0x81, 0x80]), Ok((Int::from(128), 2)));
    /// assert_eq!(Int::from_blip_unsigned(&[0xc2, 0x01, 0x00]), Ok((Int::from(256), 3)));
    /// assert!(Int::from_blip_unsigned(&[0x82, 0x80, 0x00]).is_err());
    /// ```
    pub fn from_blip_unsigned(input: &[u8]) -> Result<(Int, usize), BlipError> {
        match read_raw(input, 0)? {
            (Raw::Small(b), end) => Ok((Int::from(b), end)),
            (Raw::Payload { bytes, big_endian }, end) => {
                if most_significant_first(bytes, big_endian).next() == Some(0) {
                    return Err(BlipError::new(BlipErrorKind::Overlong, 0));
                }
                if bytes.len() > MAX_PAYLOAD {
                    return Err(BlipError::new(BlipErrorKind::TooLarge, 0));
                }
                let value = if big_endian {
                    Int::from_bytes_be(bytes)
                } else {
                    Int::from_bytes_le(bytes)
                };
                Ok((value, end))
            }
            (Raw::Sentinel(s), _) => Err(BlipError::new(BlipErrorKind::Sentinel(s), 0)),
        }
    }
}

/// The signed BLIP items of a byte string, one after another: an iterator of
/// `Result<Value, BlipError>` that stops after the first error.
///
/// ```
/// use carry::Int;
/// use carry::blip::{BlipErrorKind, Value, Values};
/// let mut items = Values::new(&[0x07, 0x81, 0x7c, 0x83, 0x00]);
/// assert_eq!(items.next(), Some(Ok(Value::Int(Int::from(7)))));
/// assert_eq!(items.next(), Some(Ok(Value::True)));
/// assert_eq!(items.next().unwrap().unwrap_err().kind(), BlipErrorKind::Truncated);
/// assert_eq!(items.next(), None);
/// ```
#[derive(Clone, Debug)]
pub struct Values<'a> {
    input: &'a [u8],
    at: usize,
    failed: bool,
}

impl<'a> Values<'a> {
    /// An iterator over the items of `input`.
    ///
    /// ```
    /// assert_eq!(carry::blip::Values::new(&[]).count(), 0);
    /// ```
    pub fn new(input: &'a [u8]) -> Values<'a> {
        Values {
            input,
            at: 0,
            failed: false,
        }
    }

    /// The offset of the next item (the input's length once all are read).
    ///
    /// ```
    /// let mut items = carry::blip::Values::new(&[0x01, 0x81, 0xff]);
    /// items.next();
    /// assert_eq!(items.offset(), 1);
    /// ```
    pub fn offset(&self) -> usize {
        self.at
    }

    fn read(&mut self) -> Result<Value, BlipError> {
        let start = self.at;
        let (raw, end) = read_raw(self.input, start)?;
        let value = match raw {
            Raw::Small(b) => Value::Int(Int::from(b)),
            Raw::Payload { bytes, big_endian } => {
                Value::Int(signed_payload(bytes, big_endian, start)?)
            }
            Raw::Sentinel(0x7c) => Value::True,
            Raw::Sentinel(0x7d) => Value::False,
            Raw::Sentinel(0x7e) => Value::Nil,
            Raw::Sentinel(0x7f) => return Err(BlipError::new(BlipErrorKind::Reserved, start)),
            Raw::Sentinel(s) => Value::Sentinel(s),
        };
        self.at = end;
        Ok(value)
    }
}

impl Iterator for Values<'_> {
    type Item = Result<Value, BlipError>;

    fn next(&mut self) -> Option<Result<Value, BlipError>> {
        if self.failed || self.at == self.input.len() {
            return None;
        }
        let item = self.read();
        self.failed = item.is_err();
        Some(item)
    }
}
