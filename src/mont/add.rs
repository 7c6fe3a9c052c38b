//! Modular addition, subtraction and halving on `[u64; N]`, without branches: add and
//! sub run the plain and the corrected chain side by side and select by a mask.

use crate::limbs::{adc, mask, sbb};

/// (a + b) mod p: a + b and a + (b − p) as two independent carry chains (b − p does not wait
/// for a), the second's carry out is exactly [a + b ≥ p] for a, b < p, and selects it.
#[inline(always)]
pub const fn add_portable<const N: usize>(a: &[u64; N], b: &[u64; N], p: &[u64; N]) -> [u64; N] {
    let mut bp = [0u64; N];
    let mut borrow = 0;
    let mut i = 0;
    while i < N {
        (bp[i], borrow) = sbb(b[i], p[i], borrow);
        i += 1;
    }
    let mut s = [0u64; N];
    let mut carry = 0;
    i = 0;
    while i < N {
        (s[i], carry) = adc(a[i], b[i], carry);
        i += 1;
    }
    let mut t = [0u64; N];
    carry = 0;
    i = 0;
    while i < N {
        (t[i], carry) = adc(a[i], bp[i], carry);
        i += 1;
    }
    select(&s, &t, carry)
}

/// (a − b) mod p: a − b and a + (p − b) as two independent carry chains, the first's borrow
/// (a < b) selects the second.
#[inline(always)]
pub const fn sub<const N: usize>(a: &[u64; N], b: &[u64; N], p: &[u64; N]) -> [u64; N] {
    let mut pb = [0u64; N];
    let mut borrow = 0;
    let mut i = 0;
    while i < N {
        (pb[i], borrow) = sbb(p[i], b[i], borrow);
        i += 1;
    }
    let mut e = [0u64; N];
    let mut carry = 0;
    i = 0;
    while i < N {
        (e[i], carry) = adc(a[i], pb[i], carry);
        i += 1;
    }
    let mut d = [0u64; N];
    borrow = 0;
    i = 0;
    while i < N {
        (d[i], borrow) = sbb(a[i], b[i], borrow);
        i += 1;
    }
    select(&d, &e, borrow)
}

/// `x` if `bit` is 0, `y` if it is 1, by mask.
#[inline(always)]
const fn select<const N: usize>(x: &[u64; N], y: &[u64; N], bit: u64) -> [u64; N] {
    let m = mask(bit);
    let mut r = [0u64; N];
    let mut i = 0;
    while i < N {
        r[i] = x[i] ^ ((x[i] ^ y[i]) & m);
        i += 1;
    }
    r
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
