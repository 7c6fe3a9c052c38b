//! BLIP decoding of arbitrary bytes: never panics; an accepted integer has the value GMP
//! reads from its payload and re-encodes to exactly the bytes it was read from (or their
//! little-endian twin for a big-endian payload), in the signed and the unsigned reading; a
//! stream of values stops at its first error. And the other way: values from the input, up
//! to thousands of limbs, encode and decode back, alone and in a stream.
#![no_main]

use carry::blip::{Value, Values};
use carry::Int;
use carry_fuzz::{gmp, operand, Reader};
use libfuzzer_sys::fuzz_target;
use rug::integer::Order;
use rug::Integer;

/// GMP's reading of a payload: little-endian or big-endian, two's complement or magnitude.
fn payload_value(payload: &[u8], big_endian: bool, signed: bool) -> Integer {
    let order = if big_endian { Order::Msf } else { Order::Lsf };
    let mut x = Integer::from_digits(payload, order);
    let top = if big_endian {
        payload[0]
    } else {
        payload[payload.len() - 1]
    };
    if signed && top >= 0x80 {
        x -= Integer::from(1) << (8 * payload.len() as u32);
    }
    x
}

/// The payload of an item of `used` bytes (its header and length varint skipped) and its order.
fn payload(wire: &[u8]) -> (&[u8], bool) {
    let header_len = 1 + if wire[0] & 0x20 != 0 {
        1 + wire[1..].iter().take_while(|&&b| b >= 0x80).count()
    } else {
        0
    };
    (&wire[header_len..], wire[0] & 0x40 != 0)
}

/// `wire` with its payload turned little-endian: the E bit cleared and the payload reversed.
/// Checks a decoded value against GMP's reading of its item's payload (`wire` is the whole
/// item; a one-byte item has no payload to compare).
fn check_payload(x: &Int, wire: &[u8], signed: bool) {
    if wire.len() > 1 {
        let (bytes, big_endian) = payload(wire);
        assert_eq!(
            gmp(x),
            payload_value(bytes, big_endian, signed),
            "{:x?}",
            wire
        );
    }
}

fn little_endian(wire: &[u8]) -> Vec<u8> {
    let mut out = wire.to_vec();
    if out[0] & 0xc0 == 0xc0 {
        out[0] &= !0x40;
        let header_len = 1 + if out[0] & 0x20 != 0 {
            1 + out[1..].iter().take_while(|&&b| b >= 0x80).count()
        } else {
            0
        };
        out[header_len..].reverse();
    }
    out
}

fuzz_target!(|data: &[u8]| {
    if data.first().is_some_and(|&b| b == 0xff) {
        // Values to bytes and back.
        let mut r = Reader::new(&data[1..]);
        let mut wire = Vec::new();
        let mut values = Vec::new();
        while !r.is_empty() && values.len() < 8 {
            let x = operand(&mut r, 2000);
            let one = x.to_blip();
            assert_eq!(Int::from_blip(&one), Ok((x.clone(), one.len())), "{x:#x}");
            if let Some(u) = x.to_blip_unsigned() {
                assert_eq!(
                    Int::from_blip_unsigned(&u),
                    Ok((x.clone(), u.len())),
                    "{x:#x}"
                );
            }
            x.write_blip(&mut wire);
            values.push(Value::Int(x));
        }
        let back: Vec<Value> = Values::new(&wire).map(Result::unwrap).collect();
        assert_eq!(back, values);
        return;
    }
    if let Ok((x, used)) = Int::from_blip(data) {
        assert_eq!(x.to_blip(), little_endian(&data[..used]));
        check_payload(&x, &data[..used], true);
    }
    if let Ok((x, used)) = Int::from_blip_unsigned(data) {
        assert_eq!(x.to_blip_unsigned(), Some(little_endian(&data[..used])));
        check_payload(&x, &data[..used], false);
    }
    let mut end = 0;
    let mut failed = false;
    for item in Values::new(data) {
        assert!(!failed, "an item after an error");
        failed = item.is_err();
        end += 1;
    }
    assert!(end <= data.len());
});
