//! BLIP decoding of arbitrary bytes: never panics; an accepted integer re-encodes to exactly
//! the bytes it was read from (or their little-endian twin for a big-endian payload), in the
//! signed and the unsigned reading; a stream of values stops at its first error.
#![no_main]

use carry::blip::Values;
use carry::Int;
use libfuzzer_sys::fuzz_target;

/// `wire` with its payload turned little-endian: the E bit cleared and the payload reversed.
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
    if let Ok((x, used)) = Int::from_blip(data) {
        assert_eq!(x.to_blip(), little_endian(&data[..used]));
    }
    if let Ok((x, used)) = Int::from_blip_unsigned(data) {
        assert_eq!(x.to_blip_unsigned(), Some(little_endian(&data[..used])));
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
