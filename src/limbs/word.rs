//! One-word primitives as `const fn`, for the fixed-width code ([`Uint`](crate::Uint) and the
//! prime fields) that must also run at compile time. Each is branch-free.

/// `a + b + carry` as (sum, carry out); `carry` must be 0 or 1.
#[inline(always)]
pub const fn adc(a: u64, b: u64, carry: u64) -> (u64, u64) {
    let (s, c1) = a.overflowing_add(b);
    let (s, c2) = s.overflowing_add(carry);
    (s, (c1 | c2) as u64)
}

/// `a - b - borrow` as (difference, borrow out); `borrow` must be 0 or 1.
#[inline(always)]
pub const fn sbb(a: u64, b: u64, borrow: u64) -> (u64, u64) {
    let (d, b1) = a.overflowing_sub(b);
    let (d, b2) = d.overflowing_sub(borrow);
    (d, (b1 | b2) as u64)
}

/// `acc + a·b + carry` as (low, high); never overflows two words.
#[inline(always)]
pub const fn mac(acc: u64, a: u64, b: u64, carry: u64) -> (u64, u64) {
    let t = acc as u128 + (a as u128) * (b as u128) + carry as u128;
    (t as u64, (t >> 64) as u64)
}

/// All ones if `bit` is 1, zero if it is 0, computed without a branch.
#[inline(always)]
pub const fn mask(bit: u64) -> u64 {
    0u64.wrapping_sub(bit)
}
