//! Arithmetic identities on two values decoded from the input as two's complement bytes.
#![no_main]

use carry::Int;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&split, rest)) = data.split_first() else {
        return;
    };
    let (x, y) = rest.split_at(usize::from(split).min(rest.len()));
    let a = Int::from_signed_bytes_le(x);
    let b = Int::from_signed_bytes_le(y);
    let shift = u32::from(split % 200);

    // Encodings round-trip.
    assert_eq!(Int::from_signed_bytes_le(&a.to_signed_bytes_le()), a);
    assert_eq!(Int::from_signed_bytes_be(&a.to_signed_bytes_be()), a);
    assert_eq!(Int::from_str_radix(&a.to_str_radix(36), 36).unwrap(), a);
    assert_eq!(a.to_string().parse::<Int>().unwrap(), a);
    let neg = if a.is_negative() {
        -Int::from_limbs(a.as_limbs())
    } else {
        Int::from_limbs(a.as_limbs())
    };
    assert_eq!(neg, a);

    // Ring identities.
    assert_eq!(&(&a + &b) - &b, a);
    assert_eq!(&a - &a.clone(), Int::ZERO);
    assert_eq!((&a + &b).pow(2), &(&a * &a + &(&a * &b) * 2u8) + &(&b * &b));
    assert_eq!(a.pow(3), &(&a * &a) * &a);
    assert_eq!(-(-&a), a);

    // Division: truncating, floor and Euclidean.
    if !b.is_zero() {
        let (q, r) = a.div_rem(&b);
        assert_eq!(&(&q * &b) + &r, a);
        assert!(r.abs() < b.abs());
        assert!(r.is_zero() || r.is_negative() == a.is_negative());
        assert_eq!((&a / &b, &a % &b), (q, r));
        let (q, r) = a.div_rem_floor(&b);
        assert_eq!(&(&q * &b) + &r, a);
        assert!(r.is_zero() || r.is_negative() == b.is_negative());
        let r = a.rem_euclid(&b);
        assert!(!r.is_negative() && r < b.abs());
        assert_eq!(&(&a.div_euclid(&b) * &b) + &r, a);
        assert_eq!(&(&a * &b) / &b, a);
    }

    // Two's complement bit operations and shifts.
    assert_eq!(!&a, -&a - 1u8);
    assert_eq!(&(&a ^ &b) ^ &b, a);
    assert_eq!(&(&a & &b) + &(&a | &b), &a + &b);
    assert_eq!(&(&a << shift) >> shift, a);
    let pow2 = Int::from(1u8) << shift;
    assert_eq!(&a >> shift, a.div_rem_floor(&pow2).0);
    assert_eq!(&a << shift, &a * &pow2);
    let k = u64::from(shift);
    assert_eq!(a.bit(k), !(&(&a >> shift) & 1u8).is_zero());
    let mut c = a.clone();
    c.set_bit(k, !a.bit(k));
    assert_eq!(c, &a ^ &pow2);

    // Size and conversions.
    assert_eq!(
        a.bits(),
        a.abs().to_str_radix(2).trim_start_matches('0').len() as u64
    );
    if let Ok(v) = i128::try_from(&a) {
        assert_eq!(Int::from(v), a);
        assert_eq!(a.to_f64(), v as f64);
    }
});
