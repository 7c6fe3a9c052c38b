//! Modular addition, subtraction, negation and halving for values below p, each one carry
//! chain and a masked correction by p (no branch).

use super::mont::sub_p_if_ge;
use crate::limbs::{adc, mask, sbb};

/// (a + b) mod p.
#[inline(always)]
pub const fn add<const N: usize>(a: &[u64; N], b: &[u64; N], p: &[u64; N]) -> [u64; N] {
    let mut s = [0u64; N];
    let mut carry = 0;
    let mut i = 0;
    while i < N {
        (s[i], carry) = adc(a[i], b[i], carry);
        i += 1;
    }
    sub_p_if_ge(s, carry, p)
}

/// (a − b) mod p.
#[inline(always)]
pub const fn sub<const N: usize>(a: &[u64; N], b: &[u64; N], p: &[u64; N]) -> [u64; N] {
    let mut d = [0u64; N];
    let mut borrow = 0;
    let mut i = 0;
    while i < N {
        (d[i], borrow) = sbb(a[i], b[i], borrow);
        i += 1;
    }
    let m = mask(borrow);
    let mut carry = 0;
    i = 0;
    while i < N {
        (d[i], carry) = adc(d[i], p[i] & m, carry);
        i += 1;
    }
    d
}

/// (−a) mod p, as 0 − a (the borrow adds p back unless a is 0).
#[inline(always)]
pub const fn neg<const N: usize>(a: &[u64; N], p: &[u64; N]) -> [u64; N] {
    sub(&[0; N], a, p)
}

/// a/2 mod p: a + p if a is odd (even then), shifted right by one with the carry.
#[inline(always)]
pub const fn half<const N: usize>(a: &[u64; N], p: &[u64; N]) -> [u64; N] {
    let m = mask(a[0] & 1);
    let mut s = [0u64; N];
    let mut carry = 0;
    let mut i = 0;
    while i < N {
        (s[i], carry) = adc(a[i], p[i] & m, carry);
        i += 1;
    }
    i = 0;
    while i < N {
        let next = if i + 1 < N { s[i + 1] } else { carry };
        s[i] = (s[i] >> 1) | (next << 63);
        i += 1;
    }
    s
}
