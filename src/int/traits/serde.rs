//! serde for [`Int`] (feature `serde`).

use crate::Int;
use alloc::vec::Vec;
use core::fmt;
use serde::de::{self, Deserialize, Deserializer, SeqAccess, Visitor};
use serde::ser::{Serialize, Serializer};

/// A decimal string in human-readable formats (JSON, TOML, ...), the shortest
/// two's complement little-endian bytes ([`Int::to_signed_bytes_le`]) otherwise.
///
/// ```
/// let x = carry::Int::from(-12345);
/// assert_eq!(serde_json::to_string(&x).unwrap(), r#""-12345""#);
/// ```
impl Serialize for Int {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        if serializer.is_human_readable() {
            serializer.collect_str(self)
        } else {
            serializer.serialize_bytes(&self.to_signed_bytes_le())
        }
    }
}

/// Reads what [`Serialize`] writes; human-readable formats may also give a plain integer.
///
/// ```
/// use carry::Int;
/// assert_eq!(serde_json::from_str::<Int>(r#""-12_345""#).unwrap(), -12345);
/// assert_eq!(serde_json::from_str::<Int>("42").unwrap(), 42);
/// assert!(serde_json::from_str::<Int>(r#""4x""#).is_err());
/// ```
impl<'de> Deserialize<'de> for Int {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Int, D::Error> {
        if deserializer.is_human_readable() {
            deserializer.deserialize_any(IntVisitor)
        } else {
            deserializer.deserialize_bytes(IntVisitor)
        }
    }
}

/// Builds an [`Int`] from a decimal string, a primitive integer, or signed bytes.
struct IntVisitor;

impl<'de> Visitor<'de> for IntVisitor {
    type Value = Int;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("an integer as a decimal string or two's complement little-endian bytes")
    }

    fn visit_str<E: de::Error>(self, s: &str) -> Result<Int, E> {
        s.parse().map_err(E::custom)
    }

    fn visit_i64<E: de::Error>(self, v: i64) -> Result<Int, E> {
        Ok(Int::from(v))
    }

    fn visit_u64<E: de::Error>(self, v: u64) -> Result<Int, E> {
        Ok(Int::from(v))
    }

    fn visit_i128<E: de::Error>(self, v: i128) -> Result<Int, E> {
        Ok(Int::from(v))
    }

    fn visit_u128<E: de::Error>(self, v: u128) -> Result<Int, E> {
        Ok(Int::from(v))
    }

    fn visit_bytes<E: de::Error>(self, bytes: &[u8]) -> Result<Int, E> {
        Ok(Int::from_signed_bytes_le(bytes))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Int, A::Error> {
        let mut bytes = Vec::with_capacity(seq.size_hint().unwrap_or(0).min(4096));
        while let Some(b) = seq.next_element::<u8>()? {
            bytes.push(b);
        }
        Ok(Int::from_signed_bytes_le(&bytes))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn samples() -> Vec<Int> {
        let big = Int::from(3).pow(200);
        vec![
            Int::ZERO,
            Int::from(1),
            Int::from(-1),
            Int::from(-128),
            Int::from(255),
            -&big,
            big,
        ]
    }

    #[test]
    fn json_is_a_decimal_string() {
        for x in samples() {
            let json = serde_json::to_string(&x).unwrap();
            assert_eq!(json, format!("\"{x}\""));
            assert_eq!(serde_json::from_str::<Int>(&json).unwrap(), x);
        }
        assert_eq!(
            serde_json::from_str::<Int>("-9223372036854775808").unwrap(),
            i64::MIN
        );
        let err = serde_json::from_str::<Int>("\"1 2\"").unwrap_err();
        assert!(
            err.to_string().contains("invalid digit ' ' at byte 1"),
            "{err}"
        );
        assert!(serde_json::from_str::<Int>("1.5").is_err());
    }

    #[test]
    fn binary_formats_get_signed_little_endian_bytes() {
        for x in samples() {
            let mut cbor = Vec::new();
            ciborium::into_writer(&x, &mut cbor).unwrap();
            let bytes = x.to_signed_bytes_le();
            let mut expected = Vec::new();
            ciborium::into_writer(&serde_bytes_of(&bytes), &mut expected).unwrap();
            assert_eq!(cbor, expected, "{x}");
            assert_eq!(ciborium::from_reader::<Int, _>(cbor.as_slice()).unwrap(), x);
        }
    }

    /// A CBOR byte string holding `bytes`, built without the code under test.
    fn serde_bytes_of(bytes: &[u8]) -> ciborium::Value {
        ciborium::Value::Bytes(bytes.to_vec())
    }
}
