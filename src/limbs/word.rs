//! One-word primitives for the fixed-width code ([`Uint`](crate::Uint) and the prime fields),
//! `const fn` where that code must also run at compile time. Each is branch-free.

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

/// `acc + a·x` on a signed double word: one IMUL added straight into the accumulator on
/// x86_64 (plain `i128` arithmetic compiles a product whose operand the compiler knows to be
/// non-negative into MUL, IMUL and an add, and shuffles registers around each). The sum
/// wraps modulo 2^128.
///
/// ```
/// use carry::limbs::mac_signed;
/// assert_eq!(mac_signed(5, -3, 1 << 62), 5 - 3 * (1i128 << 62));
/// ```
#[inline(always)]
pub fn mac_signed(acc: i128, a: i64, x: i64) -> i128 {
    #[cfg(target_arch = "x86_64")]
    {
        let (mut lo, mut hi) = (acc as u64, (acc >> 64) as u64);
        // SAFETY: register-only arithmetic (rdx:rax = rax·x, then added into hi:lo); no
        // memory, no stack.
        unsafe {
            core::arch::asm!(
                "imul {x}",
                "add {lo}, rax",
                "adc {hi}, rdx",
                x = in(reg) x,
                lo = inout(reg) lo,
                hi = inout(reg) hi,
                inout("rax") a => _,
                out("rdx") _,
                options(pure, nomem, nostack),
            );
        }
        (((hi as u128) << 64) | lo as u128) as i128
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        acc.wrapping_add(a as i128 * x as i128)
    }
}
