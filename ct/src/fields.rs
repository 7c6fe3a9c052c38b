//! Every constant-time function of the ten ready fields: the inherent methods of
//! `prime_field!`, the operators and `core`/`subtle`/`zeroize` traits, and the methods of
//! `ff::Field` and `ff::PrimeField` (the trait's default methods included), each on secret
//! operands.

use crate::{on1, on2, public, secret, Checks};
use carry::fields::{bls12_381, bn254, curve25519, p256, secp256k1};
use ff::{Field, PrimeField};
use std::hint::black_box;
use subtle::{ConditionallySelectable, ConstantTimeEq};
use zeroize::Zeroize;

/// Two fixed, distinct, nonzero values of F: a square and whatever comes.
pub fn inputs<F: PrimeField>() -> (F, F) {
    let a = F::from(0x1234_5678_9abc_def0).square() + F::from(7);
    let b = F::from(0x0fed_cba9_8765_4321) * a + F::from(3);
    (a, b)
}

/// A secret exponent of two limbs.
const EXP: [u64; 2] = [0x0123_4567_89ab_cdef, 0xfedc_ba98_7654_3210];

/// The checks of one field type `$F` named `$name`.
macro_rules! field {
    ($c:ident, $name:literal, $F:ty) => {{
        type F = $F;
        let n = |f: &str| format!("{}::{f}", $name);
        // Inherent methods.
        $c.add(n("from_u64"), || on1(0x8765_4321_u64, F::from_u64));
        $c.add(n("from_uint"), || {
            on1(inputs::<F>().0.to_uint(), |u| F::from_uint(&u))
        });
        $c.add(n("to_uint"), || on1(inputs::<F>().0, |a| a.to_uint()));
        $c.add(n("from_bytes_le"), || {
            on1(inputs::<F>().0.to_bytes_le(), |x| F::from_bytes_le(&x))
        });
        $c.add(n("from_bytes_be"), || {
            on1(inputs::<F>().0.to_bytes_be(), |x| F::from_bytes_be(&x))
        });
        $c.add(n("from_bytes_wide"), || {
            let (a, b) = inputs::<F>();
            let wide: [u8; 2 * F::BYTES] = [a.to_bytes_le(), b.to_bytes_be()]
                .concat()
                .try_into()
                .unwrap();
            on1(wide, |x| F::from_bytes_wide(&x))
        });
        $c.add(n("to_bytes_le"), || {
            on1(inputs::<F>().0, |a| a.to_bytes_le())
        });
        $c.add(n("to_bytes_be"), || {
            on1(inputs::<F>().0, |a| a.to_bytes_be())
        });
        $c.add(n("double"), || on1(inputs::<F>().0, |a| F::double(&a)));
        $c.add(n("half"), || {
            // An odd and an even canonical value.
            on1(inputs::<F>().0, |a| a.half());
            on1(F::from_u64(6), |a| a.half());
        });
        $c.add(n("square"), || on1(inputs::<F>().0, |a| F::square(&a)));
        $c.add(n("invert"), || on1(inputs::<F>().0, |a| F::invert(&a)));
        $c.add(n("pow"), || {
            on2(inputs::<F>().0, EXP, |a, e| F::pow(&a, &e))
        });
        $c.add(n("sqrt"), || {
            let (a, b) = inputs::<F>();
            on1(a, |a| F::sqrt(&a));
            on1(a * b.square() * F::MULTIPLICATIVE_GENERATOR, |x| {
                F::sqrt(&x)
            });
        });
        $c.add(n("legendre"), || {
            let (a, b) = inputs::<F>();
            on1(a, |a| a.legendre());
            on1(a * b.square() * F::MULTIPLICATIVE_GENERATOR, |x| {
                x.legendre()
            });
        });
        $c.add(n("is_zero"), || on1(inputs::<F>().0, |a| F::is_zero(&a)));
        $c.add(n("batch_invert"), || {
            let (a, b) = inputs::<F>();
            let mut xs = [a, b, F::ZERO, a * b];
            secret(&xs);
            F::batch_invert(black_box(&mut xs));
            public(&xs);
            black_box(&xs);
        });
        // Operators and traits.
        $c.add(n("add"), || {
            on2(inputs::<F>().0, inputs::<F>().1, |a, b| a + b)
        });
        $c.add(n("sub"), || {
            on2(inputs::<F>().0, inputs::<F>().1, |a, b| a - b)
        });
        $c.add(n("mul"), || {
            on2(inputs::<F>().0, inputs::<F>().1, |a, b| a * b)
        });
        $c.add(n("neg"), || on1(inputs::<F>().0, |a| -a));
        $c.add(n("add_assign"), || {
            on2(inputs::<F>().0, inputs::<F>().1, |mut a, b| {
                a += &b;
                a
            })
        });
        $c.add(n("sub_assign"), || {
            on2(inputs::<F>().0, inputs::<F>().1, |mut a, b| {
                a -= &b;
                a
            })
        });
        $c.add(n("mul_assign"), || {
            on2(inputs::<F>().0, inputs::<F>().1, |mut a, b| {
                a *= &b;
                a
            })
        });
        $c.add(n("sum"), || {
            on2(inputs::<F>().0, inputs::<F>().1, |a, b| {
                [a, b, a].iter().sum::<F>()
            })
        });
        $c.add(n("product"), || {
            on2(inputs::<F>().0, inputs::<F>().1, |a, b| {
                [a, b, a].into_iter().product::<F>()
            })
        });
        $c.add(n("ct_eq"), || {
            on2(inputs::<F>().0, inputs::<F>().1, |a, b| {
                (a.ct_eq(&b), a.ct_eq(&a))
            })
        });
        $c.add(n("conditional_select"), || {
            on2(inputs::<F>().0, inputs::<F>().1, |a, b| {
                F::conditional_select(&a, &b, a.ct_eq(&b))
            })
        });
        $c.add(n("eq"), || {
            on2(inputs::<F>().0, inputs::<F>().1, |a, b| a == b)
        });
        $c.add(n("zeroize"), || {
            on1(inputs::<F>().0, |mut a| {
                a.zeroize();
                a
            })
        });
        $c.add(n("From<u64>"), || on1(0x8765_4321_u64, F::from));
        // ff::Field.
        $c.add(n("Field::is_zero"), || {
            on1(inputs::<F>().0, |a| Field::is_zero(&a))
        });
        $c.add(n("Field::square"), || {
            on1(inputs::<F>().0, |a| Field::square(&a))
        });
        $c.add(n("Field::cube"), || {
            on1(inputs::<F>().0, |a| Field::cube(&a))
        });
        $c.add(n("Field::double"), || {
            on1(inputs::<F>().0, |a| Field::double(&a))
        });
        $c.add(n("Field::invert"), || {
            on1(inputs::<F>().0, |a| Field::invert(&a))
        });
        $c.add(n("Field::sqrt_ratio"), || {
            on2(inputs::<F>().0, inputs::<F>().1, |a, b| {
                F::sqrt_ratio(&a, &b)
            })
        });
        $c.add(n("Field::sqrt_alt"), || {
            on1(inputs::<F>().0, |a| Field::sqrt_alt(&a))
        });
        $c.add(n("Field::sqrt"), || {
            on1(inputs::<F>().0, |a| Field::sqrt(&a))
        });
        $c.add(n("Field::pow"), || {
            on2(inputs::<F>().0, EXP, |a, e| Field::pow(&a, e))
        });
        // ff::PrimeField.
        $c.add(n("PrimeField::from_repr"), || {
            on1(inputs::<F>().0.to_repr(), F::from_repr)
        });
        $c.add(n("PrimeField::to_repr"), || {
            on1(inputs::<F>().0, |a| a.to_repr())
        });
        $c.add(n("PrimeField::is_odd"), || {
            on1(inputs::<F>().0, |a| a.is_odd())
        });
        $c.add(n("PrimeField::is_even"), || {
            on1(inputs::<F>().0, |a| a.is_even())
        });
        $c.add(n("PrimeField::from_u128"), || {
            on1(0x0123_4567_89ab_cdef_fedc_ba98_7654_3210_u128, F::from_u128)
        });
    }};
}

/// The checks of all ten ready fields.
pub fn checks(c: &mut Checks) {
    field!(c, "bn254::Fq", bn254::Fq);
    field!(c, "bn254::Fr", bn254::Fr);
    field!(c, "bls12_381::Fq", bls12_381::Fq);
    field!(c, "bls12_381::Fr", bls12_381::Fr);
    field!(c, "secp256k1::Fp", secp256k1::Fp);
    field!(c, "secp256k1::Fn", secp256k1::Fn);
    field!(c, "p256::Fp", p256::Fp);
    field!(c, "p256::Fn", p256::Fn);
    field!(c, "curve25519::Fp", curve25519::Fp);
    field!(c, "curve25519::Fn", curve25519::Fn);
    // The divstep kernel of `invert` on its own (CMOV on x86_64).
    c.add("field::divstep::divsteps", || {
        let words = (-1i64, 0x1234_5678_9abc_def1i64, 0x0fed_cba9_8765_4321i64);
        on1(words, |(z, f, g)| {
            carry::__private::divstep::divsteps::<19>(z, f, g)
        });
        on1(words, |(z, f, g)| {
            carry::__private::divstep::divsteps_portable::<62>(z, f, g)
        });
    });
}
