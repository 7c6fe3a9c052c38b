//! Tests of the BLIP wire form (`carry::blip`): the known encodings, every rejection with
//! its offset, round trips of generated integers in both byte orders (signed and unsigned),
//! and arbitrary bytes, which must never panic and, when accepted, be the canonical form.
//!
//! Seeded by `CARRY_SEED`, sized by `CARRY_SCALE` (see tests/common).

mod common;

use carry::blip::{BlipErrorKind, Value, Values};
use carry::Int;
use common::*;
use rug::Integer;
use std::panic::catch_unwind;

fn hex(bytes: &[u8]) -> String {
    bytes
        .iter()
        .map(|b| format!("{b:02X}"))
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn known_signed_encodings() {
    let cases: &[(Int, &[u8])] = &[
        (Int::from(0), &[0x00]),
        (Int::from(1), &[0x01]),
        (Int::from(127), &[0x7f]),
        (Int::from(128), &[0x82, 0x80, 0x00]),
        (Int::from(255), &[0x82, 0xff, 0x00]),
        (Int::from(256), &[0x82, 0x00, 0x01]),
        (Int::from(-1), &[0x81, 0xff]),
        (Int::from(-2), &[0x81, 0xfe]),
        (Int::from(-128), &[0x81, 0x80]),
        (Int::from(-129), &[0x82, 0x7f, 0xff]),
        (Int::from(32767), &[0x82, 0xff, 0x7f]),
        (Int::from(32768), &[0x83, 0x00, 0x80, 0x00]),
        (
            Int::from(i64::MAX),
            &[0x88, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f],
        ),
        (
            Int::from(i64::MIN),
            &[0x88, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x80],
        ),
    ];
    for (x, want) in cases {
        assert_eq!(x.to_blip(), *want, "encode {x}");
        assert_eq!(
            Int::from_blip(want),
            Ok((x.clone(), want.len())),
            "decode {}",
            hex(want)
        );
        let mut out = vec![0xaa];
        x.write_blip(&mut out);
        assert_eq!(out[1..], **want, "write_blip {x}");
    }
    // Big-endian payloads decode too.
    assert_eq!(Int::from_blip(&[0xc2, 0x01, 0x00]), Ok((Int::from(256), 3)));
    assert_eq!(
        Int::from_blip(&[0xc2, 0xff, 0x7f]),
        Ok((Int::from(-129), 3))
    );
    assert_eq!(Int::from_blip(&[0xc1, 0x80]), Ok((Int::from(-128), 2)));
    // Only the first value is read.
    assert_eq!(Int::from_blip(&[0x05, 0x81]), Ok((Int::from(5), 1)));
}

#[test]
fn length_varint_boundaries() {
    for len in [31usize, 32, 33, 63, 64, 4095, 4096, 4097, 300_000] {
        // The positive value whose shortest two's complement has exactly `len` bytes.
        let x = Int::ONE << (8 * len as u64 - 2);
        let wire = x.to_blip();
        let header = wire[0];
        if len < 32 {
            assert_eq!(header, 0x80 | len as u8);
            assert_eq!(wire.len(), 1 + len);
        } else {
            assert_eq!(header, 0xa0 | (len % 32) as u8, "len {len}");
            let mut v = len / 32;
            let mut varint = Vec::new();
            while v >= 0x80 {
                varint.push(0x80 | (v & 0x7f) as u8);
                v >>= 7;
            }
            varint.push(v as u8);
            assert_eq!(wire[1..1 + varint.len()], varint, "len {len}");
            assert_eq!(wire.len(), 1 + varint.len() + len);
        }
        assert_eq!(Int::from_blip(&wire), Ok((x.clone(), wire.len())));
    }
}

#[test]
fn rejections_name_the_offset() {
    use BlipErrorKind::*;
    let cases: &[(&[u8], BlipErrorKind, usize)] = &[
        (&[], Truncated, 0),
        (&[0x81], Truncated, 1),
        (&[0x82, 0x80], Truncated, 2),
        (&[0xa0], Truncated, 1),
        (&[0xa0, 0x81], Truncated, 2),
        (&[0xa0, 0x01], Truncated, 2),
        // A varint for a length below 32, and non-minimal varints.
        (&[0xa1, 0x00, 0xff], UnneededVarint, 1),
        (&[0xa0, 0x81, 0x00], NonMinimalVarint, 2),
        (&[0xa1, 0x80, 0x00, 0xff], NonMinimalVarint, 2),
        // Lengths beyond any address space.
        (
            &[
                0xa0, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01,
            ],
            LengthOverflow,
            10,
        ),
        (
            &[0xa0, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f],
            LengthOverflow,
            9,
        ),
        (
            &[
                0xa0, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x01,
            ],
            LengthOverflow,
            11,
        ),
        // A length that fits but exceeds Int::MAX_BITS: refused at the header.
        (
            &[0xa0, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f],
            TooLarge,
            0,
        ),
        // Overlong payloads: empty, in the one-byte range, or with a redundant sign byte.
        (&[0x80], Overlong, 0),
        (&[0xc0], Overlong, 0),
        (&[0xc1, 0x05], Overlong, 0),
        (&[0xc1, 0x7c], Overlong, 0),
        (&[0x82, 0x05, 0x00], Overlong, 0),
        (&[0x82, 0x7f, 0x00], Overlong, 0),
        (&[0x82, 0xff, 0xff], Overlong, 0),
        (&[0x82, 0x80, 0xff], Overlong, 0),
        (&[0xc2, 0x00, 0x05], Overlong, 0),
        (&[0xc2, 0xff, 0x80], Overlong, 0),
        (&[0x84, 0x00, 0x80, 0x00, 0x00], Overlong, 0),
        (&[0x89, 0, 0, 0, 0, 0, 0, 0, 0x80, 0xff], Overlong, 0),
        // Sentinels are not integers.
        (&[0x81, 0x7c], Sentinel(0x7c), 0),
        (&[0x81, 0x00], Sentinel(0x00), 0),
        (&[0x81, 0x7f], Sentinel(0x7f), 0),
    ];
    for &(bytes, kind, offset) in cases {
        match Int::from_blip(bytes) {
            Ok(v) => panic!("{} decoded as {v:?}", hex(bytes)),
            Err(e) => assert_eq!(
                (e.kind(), e.offset()),
                (kind, offset),
                "{}: {e}",
                hex(bytes)
            ),
        }
    }
}

#[test]
fn value_stream() {
    let wire = [
        0x00, 0x81, 0x7c, 0x81, 0x7d, 0x81, 0x7e, 0x81, 0x00, 0x81, 0x7b, 0x82, 0x80, 0x00, 0xc1,
        0xff, 0x7f,
    ];
    let values: Vec<Value> = Values::new(&wire).collect::<Result<_, _>>().unwrap();
    assert_eq!(
        values,
        [
            Value::Int(Int::ZERO),
            Value::True,
            Value::False,
            Value::Nil,
            Value::Sentinel(0),
            Value::Sentinel(0x7b),
            Value::Int(Int::from(128)),
            Value::Int(Int::from(-1)),
            Value::Int(Int::from(127)),
        ]
    );
    // Errors carry the offset in the whole input, and end the stream.
    let wire = [0x05, 0x81, 0x7f, 0x05];
    let mut items = Values::new(&wire);
    assert_eq!(items.next(), Some(Ok(Value::Int(Int::from(5)))));
    let e = items.next().unwrap().unwrap_err();
    assert_eq!((e.kind(), e.offset()), (BlipErrorKind::Reserved, 1));
    assert_eq!(items.next(), None);
    let wire = [0x05, 0x82, 0x01, 0x00];
    let e = Values::new(&wire).nth(1).unwrap().unwrap_err();
    assert_eq!((e.kind(), e.offset()), (BlipErrorKind::Overlong, 1));
    let e = Values::new(&[0x05, 0x05, 0xa0, 0x81, 0x00])
        .nth(2)
        .unwrap()
        .unwrap_err();
    assert_eq!((e.kind(), e.offset()), (BlipErrorKind::NonMinimalVarint, 4));
}

#[test]
fn unsigned_reading() {
    assert_eq!(Int::from(128).to_blip_unsigned().unwrap(), [0x81, 0x80]);
    assert_eq!(Int::from(255).to_blip_unsigned().unwrap(), [0x81, 0xff]);
    assert_eq!(
        Int::from(256).to_blip_unsigned().unwrap(),
        [0x82, 0x00, 0x01]
    );
    assert_eq!(Int::from(127).to_blip_unsigned().unwrap(), [0x7f]);
    assert_eq!(Int::from(-1).to_blip_unsigned(), None);
    assert_eq!(
        Int::from_blip_unsigned(&[0x81, 0xff]),
        Ok((Int::from(255), 2))
    );
    assert_eq!(
        Int::from_blip_unsigned(&[0xc2, 0x01, 0x00]),
        Ok((Int::from(256), 3))
    );
    for bad in [
        &[0x82, 0x80, 0x00][..],
        &[0xc2, 0x00, 0x80],
        &[0xc1, 0x05],
        &[0x80],
    ] {
        let e = Int::from_blip_unsigned(bad).unwrap_err();
        assert_eq!(
            (e.kind(), e.offset()),
            (BlipErrorKind::Overlong, 0),
            "{}",
            hex(bad)
        );
    }
    let e = Int::from_blip_unsigned(&[0x81, 0x7e]).unwrap_err();
    assert_eq!(e.kind(), BlipErrorKind::Sentinel(0x7e));
}

/// `wire` with a big-endian payload: the E bit set and the payload bytes reversed.
fn big_endian(wire: &[u8]) -> Vec<u8> {
    let mut out = wire.to_vec();
    if out[0] < 0x80 {
        return out;
    }
    out[0] |= 0x40;
    let payload_len = payload_len(wire);
    let n = out.len();
    out[n - payload_len..].reverse();
    out
}

fn payload_len(wire: &[u8]) -> usize {
    let mut len = usize::from(wire[0] & 0x1f);
    if wire[0] & 0x20 != 0 {
        let mut shift = 0;
        for &b in &wire[1..] {
            len += usize::from(b & 0x7f) << (shift + 5);
            shift += 7;
            if b < 0x80 {
                break;
            }
        }
    }
    len
}

#[test]
fn round_trips() {
    let mut rng = Rng::for_test("round_trips");
    let mut n = 0;
    for _ in 0..cases(50_000) {
        let (x, rx) = pair(&mut rng, 40);
        let wire = x.to_blip();
        // The payload is the shortest two's complement: bits(|x| or |x| - 1) / 8 + 1 bytes.
        let m = if rx < 0 {
            Integer::from(-&rx) - 1
        } else {
            rx.clone()
        };
        let want_len = if (0..=127).contains(&rx) {
            0
        } else {
            m.significant_bits() as usize / 8 + 1
        };
        let what = || format!("{} -> {}", hx(&rx), hex(&wire[..wire.len().min(12)]));
        check_eq(
            if wire[0] < 0x80 {
                0
            } else {
                payload_len(&wire)
            },
            want_len,
            what,
        );
        check_eq(Int::from_blip(&wire), Ok((x.clone(), wire.len())), what);
        check_eq(
            Int::from_blip(&big_endian(&wire)),
            Ok((x.clone(), wire.len())),
            what,
        );
        let mut stream = wire.clone();
        x.write_blip(&mut stream);
        let values: Vec<Value> = Values::new(&stream).map(Result::unwrap).collect();
        check_eq(values, vec![Value::Int(x.clone()); 2], what);
        let ux = x.abs();
        let uwire = ux.to_blip_unsigned().unwrap();
        check_eq(
            Int::from_blip_unsigned(&uwire),
            Ok((ux.clone(), uwire.len())),
            what,
        );
        check_eq(
            Int::from_blip_unsigned(&big_endian(&uwire)),
            Ok((ux.clone(), uwire.len())),
            what,
        );
        n += 6;
    }
    report("round_trips", n);
}

/// Bytes shaped like BLIP: headers with small lengths, varints, sign bytes, random bytes.
fn random_bytes(rng: &mut Rng) -> Vec<u8> {
    let max = if rng.chance(1, 4) { 64 } else { 12 };
    let len = rng.below(max) as usize;
    (0..len)
        .map(|_| match rng.below(6) {
            0 => 0x80 | rng.below(8) as u8,
            1 => 0xc0 | rng.below(8) as u8,
            2 => 0xa0 | rng.below(4) as u8,
            3 => *rng.pick(&[0x00, 0x7f, 0x80, 0xff, 0x7c, 0x7e]),
            _ => rng.next_u64() as u8,
        })
        .collect()
}

#[test]
fn arbitrary_bytes_never_panic_and_accept_only_canonical_forms() {
    let mut rng = Rng::for_test("arbitrary_bytes_never_panic_and_accept_only_canonical_forms");
    let (mut n, mut accepted) = (0u64, 0u64);
    for _ in 0..cases(200_000) {
        let bytes = random_bytes(&mut rng);
        let what = || hex(&bytes);
        let Ok((signed, unsigned, values)) = catch_unwind(|| {
            let values: Vec<_> = Values::new(&bytes).collect();
            (
                Int::from_blip(&bytes),
                Int::from_blip_unsigned(&bytes),
                values,
            )
        }) else {
            fail(&format!("panicked on {}", what()));
        };
        if let Ok((x, used)) = signed {
            accepted += 1;
            let canonical = x.to_blip();
            let item = &bytes[..used];
            let want = if item[0] & 0xc0 == 0xc0 {
                big_endian(&canonical)
            } else {
                canonical
            };
            check_eq(item, &want[..], what);
        }
        if let Ok((x, used)) = unsigned {
            let canonical = x.to_blip_unsigned().unwrap();
            let item = &bytes[..used];
            let want = if item[0] & 0xc0 == 0xc0 {
                big_endian(&canonical)
            } else {
                canonical
            };
            check_eq(item, &want[..], what);
        }
        // The stream ends at the first error, which is its last item.
        if let Some(i) = values.iter().position(Result::is_err) {
            check_eq(i + 1, values.len(), what);
        }
        n += 1;
    }
    assert!(accepted > n / 20, "only {accepted} of {n} inputs decoded");
    report(
        "arbitrary_bytes_never_panic_and_accept_only_canonical_forms",
        n,
    );
}
