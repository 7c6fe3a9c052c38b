//! The self-test: functions that leak on purpose, which memcheck must report in every build
//! (`scripts/ct.sh` runs each in its own process and requires valgrind's error exit). Two are
//! the harness's own (a branch and a table index on a secret, which no compiler can make
//! branch-free), four are carry's variable-time functions.

use crate::fields::inputs;
use crate::{on1, on2, Checks};
use carry::fields::bn254;
use std::hint::black_box;

/// A loop whose trip count is the secret: no build can remove the branch.
#[inline(never)]
fn leaky_branch(x: u64) -> u64 {
    let mut n = 0;
    let mut x = x & 0xff;
    while x != 0 {
        x = black_box(x >> 1);
        n += 1;
    }
    n
}

/// A table read at a secret index.
#[inline(never)]
fn leaky_index(x: u64) -> u8 {
    static TABLE: [u8; 256] = {
        let mut t = [0u8; 256];
        let mut i = 0;
        while i < 256 {
            t[i] = (i as u8).wrapping_mul(167);
            i += 1;
        }
        t
    };
    TABLE[(x & 0xff) as usize]
}

/// The leaking functions, by name.
pub fn leaks() -> Checks {
    let mut c = Checks::default();
    c.add("self-test: branch on a secret", || {
        on1(0x1234_5678_u64, leaky_branch)
    });
    c.add("self-test: table index by a secret", || {
        on1(0x1234_5678_u64, leaky_index)
    });
    c.add("bn254::Fq::pow_vartime", || {
        on2(
            inputs::<bn254::Fq>().0,
            [0x0123_4567_89ab_cdef_u64, 5],
            |a, e| a.pow_vartime(&e),
        )
    });
    c.add("bn254::Fq::invert_vartime", || {
        on1(inputs::<bn254::Fq>().0, |a| a.invert_vartime())
    });
    c.add("U256::div_rem_vartime", || {
        let a = carry::U256::from_words([1, 2, 3, 1 << 63]);
        let b = carry::U256::from_words([5, 6, 0, 0]);
        on2(a, b, |a, b| a.div_rem_vartime(&b))
    });
    c.add("Modulus::pow_vartime 2048 bits", || {
        crate::modulus::pow(32, 32, 32, false)
    });
    c
}
