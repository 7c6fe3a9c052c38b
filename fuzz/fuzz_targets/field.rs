//! The ten ready fields against `Int` arithmetic modulo p: decoding (canonical and wide),
//! sums, differences, negation, doubling, halving, products, squares, inverses (one and
//! batched), powers, square roots and the Legendre symbol, on elements read from the input
//! or taken near 0 and p.
#![no_main]

use carry::fields::{bls12_381, bn254, curve25519, p256, secp256k1};
use carry::Int;
use carry_fuzz::Reader;
use libfuzzer_sys::fuzz_target;

macro_rules! check_field {
    ($F:ty, $r:expr) => {{
        type F = $F;
        let r: &mut Reader<'_> = $r;
        let p = Int::from(&F::MODULUS);
        const B: usize = F::BYTES;
        // An element: bytes from the input, or p - k, or k, for a small k.
        let element = |r: &mut Reader<'_>| -> (F, Int) {
            let tag = r.u8();
            let v = match tag % 4 {
                0 => Int::from(tag >> 2),
                1 => &p - Int::from(1 + (tag >> 2)),
                _ => {
                    let mut bytes = [0u8; B];
                    let got = r.bytes(B);
                    bytes[..got.len()].copy_from_slice(got);
                    let x = F::from_bytes_le(&bytes);
                    let v = Int::from_bytes_le(&bytes);
                    assert_eq!(bool::from(x.is_some()), v < p, "from_bytes_le of {v:#x}");
                    v.rem_euclid(&p)
                }
            };
            let mut bytes = [0u8; B];
            let le = v.to_bytes_le();
            bytes[..le.len()].copy_from_slice(&le);
            let x = F::from_bytes_le(&bytes).unwrap();
            assert_eq!(Int::from(&x.to_uint()), v);
            assert_eq!(x.to_bytes_le(), bytes);
            let mut be = bytes;
            be.reverse();
            assert_eq!(x.to_bytes_be(), be);
            assert_eq!(F::from_bytes_be(&be).unwrap(), x);
            (x, v)
        };
        let (x, a) = element(r);
        let (y, b) = element(r);
        let val = |z: &F| Int::from(&z.to_uint());
        let m = |z: Int| z.rem_euclid(&p);
        assert_eq!(val(&(x + y)), m(&a + &b), "{a:#x} + {b:#x}");
        assert_eq!(val(&(x - y)), m(&a - &b), "{a:#x} - {b:#x}");
        assert_eq!(val(&(x * y)), m(&a * &b), "{a:#x} * {b:#x}");
        assert_eq!(val(&(-x)), m(-&a), "-{a:#x}");
        assert_eq!(val(&x.square()), m(&a * &a), "{a:#x}^2");
        assert_eq!(val(&x.double()), m(&a * 2u8), "2 * {a:#x}");
        assert_eq!(val(&x.half().double()), a.clone(), "half of {a:#x}");
        let inv = x.invert();
        match a.modinv(&p) {
            Some(i) => assert_eq!(val(&inv.unwrap()), i, "1 / {a:#x}"),
            None => assert!(bool::from(inv.is_none()), "1 / 0"),
        }
        assert_eq!(x.invert_vartime().map(|z| val(&z)), a.modinv(&p));
        let e = [r.u64(), r.u64(), r.u64(), r.u64()];
        let ei = Int::from_limbs(&e);
        assert_eq!(val(&x.pow(&e)), a.modpow(&ei, &p), "{a:#x}^{ei:#x}");
        assert_eq!(val(&x.pow_vartime(&e)), a.modpow(&ei, &p), "{a:#x}^{ei:#x}");
        let symbol = a.jacobi(&p);
        assert_eq!(i32::from(x.legendre()), symbol, "legendre of {a:#x}");
        let root = x.sqrt();
        assert_eq!(bool::from(root.is_some()), symbol >= 0, "sqrt of {a:#x}");
        if let Some(s) = Option::<F>::from(root) {
            assert_eq!(s.square(), x, "sqrt of {a:#x}");
        }
        let mut wide = [0u8; 2 * B];
        let got = r.bytes(2 * B);
        wide[..got.len()].copy_from_slice(got);
        assert_eq!(
            val(&F::from_bytes_wide(&wide)),
            m(Int::from_bytes_le(&wide))
        );
        let mut batch = [x, y, x * y, F::ZERO];
        F::batch_invert(&mut batch);
        for (z, v) in batch
            .iter()
            .zip([a.clone(), b.clone(), m(&a * &b), Int::ZERO])
        {
            assert_eq!(
                Some(val(z)),
                v.modinv(&p).or(Some(Int::ZERO)),
                "batch inverse of {v:#x}"
            );
        }
    }};
}

fuzz_target!(|data: &[u8]| {
    let mut r = Reader::new(data);
    match r.u8() % 10 {
        0 => check_field!(bn254::Fq, &mut r),
        1 => check_field!(bn254::Fr, &mut r),
        2 => check_field!(bls12_381::Fq, &mut r),
        3 => check_field!(bls12_381::Fr, &mut r),
        4 => check_field!(secp256k1::Fp, &mut r),
        5 => check_field!(secp256k1::Fn, &mut r),
        6 => check_field!(p256::Fp, &mut r),
        7 => check_field!(p256::Fn, &mut r),
        8 => check_field!(curve25519::Fp, &mut r),
        _ => check_field!(curve25519::Fn, &mut r),
    }
});
