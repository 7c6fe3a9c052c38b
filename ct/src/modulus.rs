//! `Modulus`'s constant-time functions in their `_into` forms (a result of the modulus's length,
//! not an `Int` whose normalisation would read it): the exponentiation (`pow_into`) at every
//! limb count that has code of its own (1 to 12 limbs, the fixed-width products) and at 13 to
//! 64 limbs (the slices), with a secret base and exponent, and with a base and an exponent
//! longer than the modulus; the reduction, products, squares and Montgomery conversions at the
//! same sizes, with operands shorter than, as long as and longer than the modulus.

use crate::{public, secret, Checks};
use carry::{Int, Modulus};
use std::hint::black_box;

/// `count` limbs of a fixed pseudo-random sequence.
fn limbs(seed: u64, count: usize) -> Vec<u64> {
    let mut x = seed;
    (0..count)
        .map(|_| {
            x = x
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            x ^ (x >> 29)
        })
        .collect()
}

/// `pow_into` modulo an odd `n`-limb modulus (public) with a secret base of `base_len`
/// limbs and a secret exponent of `exp_len` limbs. An exponent's bit length is public by
/// contract (the running time may depend on it), so its top limb stays defined; every other
/// limb of the exponent and all of the base are secret.
pub fn pow(n: usize, base_len: usize, exp_len: usize, ct: bool) {
    let mut m = limbs(1, n);
    m[0] |= 1;
    m[n - 1] |= 1 << 63;
    let modulus = Modulus::new(&Int::from_limbs(&m)).expect("odd modulus");
    let mut base = limbs(2, base_len);
    base[base_len - 1] |= 1 << 63;
    let base = Int::from_limbs(&base);
    let mut exp = limbs(3, exp_len);
    exp[exp_len - 1] |= 1 << 63;
    let exp = Int::from_limbs(&exp);
    secret(base.as_limbs());
    secret(&exp.as_limbs()[..exp_len - 1]);
    let mut out = vec![0u64; n];
    if ct {
        modulus.pow_into(black_box(&base), black_box(&exp), &mut out);
    } else {
        let r = modulus.pow_vartime(black_box(&base), black_box(&exp));
        out[..r.as_limbs().len()].copy_from_slice(r.as_limbs());
    }
    public(&out[..]);
    black_box(&out);
}

/// An odd `n`-limb modulus with its top bit set (public).
fn modulus(n: usize) -> Modulus {
    let mut m = limbs(1, n);
    m[0] |= 1;
    m[n - 1] |= 1 << 63;
    Modulus::new(&Int::from_limbs(&m)).expect("odd modulus")
}

/// A secret operand of `len` limbs (its length public, its limbs secret).
fn operand(seed: u64, len: usize) -> Int {
    let mut x = limbs(seed, len);
    x[len - 1] |= 1 << 62;
    let x = Int::from_limbs(&x);
    secret(x.as_limbs());
    x
}

/// One of the two-operand `_into` functions on secret operands of `la` and `lb` limbs.
fn binary(n: usize, la: usize, lb: usize, f: fn(&Modulus, &Int, &Int, &mut [u64])) {
    let m = modulus(n);
    let (a, b) = (operand(4, la), operand(5, lb));
    let mut out = vec![0u64; n];
    f(&m, black_box(&a), black_box(&b), &mut out);
    public(&out[..]);
    black_box(&out);
}

/// One of the one-operand `_into` functions on a secret operand of `la` limbs.
fn unary(n: usize, la: usize, f: fn(&Modulus, &Int, &mut [u64])) {
    let m = modulus(n);
    let a = operand(6, la);
    let mut out = vec![0u64; n];
    f(&m, black_box(&a), &mut out);
    public(&out[..]);
    black_box(&out);
}

/// The checks of `Modulus`'s `_into` functions.
pub fn checks(c: &mut Checks) {
    type Unary = fn(&Modulus, &Int, &mut [u64]);
    type Binary = fn(&Modulus, &Int, &Int, &mut [u64]);
    let unaries: [(&str, Unary); 4] = [
        ("reduce_into", Modulus::reduce_into),
        ("square_into", Modulus::square_into),
        ("to_montgomery_into", Modulus::to_montgomery_into),
        ("from_montgomery_into", Modulus::from_montgomery_into),
    ];
    let binaries: [(&str, Binary); 2] = [
        ("mul_into", Modulus::mul_into),
        ("montgomery_mul_into", Modulus::montgomery_mul_into),
    ];
    for n in (1..=16).chain([24, 32, 48, 64]) {
        for (name, f) in unaries {
            c.add(format!("Modulus::{name} {n} limbs"), move || {
                unary(n, n, f);
                unary(n, 1, f);
                unary(n, 2 * n + 1, f);
            });
        }
        for (name, f) in binaries {
            c.add(format!("Modulus::{name} {n} limbs"), move || {
                binary(n, n, n, f);
                binary(n, 1, 2 * n + 1, f);
            });
        }
    }
    for n in (1..=16).chain([24, 32, 48, 64]) {
        // Base below the modulus, exponent of the modulus's length (two limbs at least, so
        // that a one-limb modulus has a secret exponent limb too).
        c.add(format!("Modulus::pow_into {n} limbs"), move || {
            pow(n, n, n.max(2), true)
        });
    }
    for n in [1, 2, 4, 6, 12, 13, 32, 64] {
        c.add(
            format!("Modulus::pow_into {n} limbs, longer operands"),
            move || pow(n, 2 * n + 3, n + 2, true),
        );
    }
}
