//! `Modulus`'s constant-time exponentiation (`pow_into`) at every limb count that has code of
//! its own (1 to 12 limbs, the fixed-width products) and at 13 to 64 limbs (the slices), with a
//! secret base and exponent; and with a base and an exponent longer than the modulus.

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

/// The checks of `Modulus::pow_into`.
pub fn checks(c: &mut Checks) {
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
