//! Addition and subtraction of limb vectors on one ADC/SBB chain (any x86_64), and on
//! AVX-512F lanes from `ADD_AVX512` limbs.

use super::has_avx512f;
use crate::thresholds::ADD_AVX512;
use core::arch::asm;

/// `r[i] = a[i] + b[i]` (ADC) or `a[i] - b[i]` (SBB) over `n` limbs, with the carry or borrow
/// rippling upward; returns the carry (borrow) out. Plain x86_64: no CPU feature needed.
macro_rules! carry_chain {
    ($op:literal, $r:expr, $a:expr, $b:expr, $n:expr) => {{
        let flag: u64;
        // SAFETY (for every expansion): the caller guarantees `r`, `a` and `b` are valid for
        // `n` limbs, `r` reads/writes and `a`, `b` reads, and that `r` either equals `a` or `b`
        // or overlaps neither. The first loop walks n % 4 limbs, the second n / 4 groups of
        // four, so every access is below index n. Each limb is read before `r` at the same
        // index is written, so `r == a` or `r == b` is fine. Between the ADC/SBB instructions
        // only mov, lea, dec and jrcxz run, none of which touches the carry flag.
        unsafe {
            asm!(
                "clc",
                "jrcxz 3f",
                "2:",
                "mov {t0}, qword ptr [{a}]",
                concat!($op, " {t0}, qword ptr [{b}]"),
                "mov qword ptr [{r}], {t0}",
                "lea {a}, [{a} + 8]",
                "lea {b}, [{b} + 8]",
                "lea {r}, [{r} + 8]",
                "dec rcx",
                "jnz 2b",
                "3:",
                "mov rcx, {groups}",
                "jrcxz 5f",
                "4:",
                "mov {t0}, qword ptr [{a}]",
                "mov {t1}, qword ptr [{a} + 8]",
                concat!($op, " {t0}, qword ptr [{b}]"),
                concat!($op, " {t1}, qword ptr [{b} + 8]"),
                "mov qword ptr [{r}], {t0}",
                "mov qword ptr [{r} + 8], {t1}",
                "mov {t0}, qword ptr [{a} + 16]",
                "mov {t1}, qword ptr [{a} + 24]",
                concat!($op, " {t0}, qword ptr [{b} + 16]"),
                concat!($op, " {t1}, qword ptr [{b} + 24]"),
                "mov qword ptr [{r} + 16], {t0}",
                "mov qword ptr [{r} + 24], {t1}",
                "lea {a}, [{a} + 32]",
                "lea {b}, [{b} + 32]",
                "lea {r}, [{r} + 32]",
                "dec rcx",
                "jnz 4b",
                "5:",
                "sbb {t0}, {t0}",
                r = inout(reg) $r => _,
                a = inout(reg) $a => _,
                b = inout(reg) $b => _,
                groups = in(reg) $n / 4,
                inout("rcx") $n % 4 => _,
                t0 = out(reg) flag,
                t1 = out(reg) _,
                options(nostack),
            );
        }
        flag.wrapping_neg()
    }};
}

/// `r = a + b` over `n` limbs; returns the carry out. The AVX-512F kernel from
/// `ADD_AVX512` limbs where the CPU has it (out of line, so that this stays small enough to
/// inline into the short additions of `Int`), the ADC chain otherwise.
///
/// # Safety
/// `a` and `b` must be valid for reading and `r` for writing `n` limbs; `r` may equal `a` or
/// `b` but must not otherwise overlap them.
#[inline]
pub unsafe fn add_n_asm(r: *mut u64, a: *const u64, b: *const u64, n: usize) -> u64 {
    // SAFETY: the caller's guarantees are the kernels'; AVX-512F is checked.
    unsafe {
        if n >= ADD_AVX512 && has_avx512f() {
            return add_sub_n_avx512::<false>(r, a, b, n);
        }
        add_n_adc(r, a, b, n)
    }
}

/// `r = a + b` over `n` limbs on one ADC chain; returns the carry out.
///
/// # Safety
/// As [`add_n_asm`].
#[inline]
pub unsafe fn add_n_adc(r: *mut u64, a: *const u64, b: *const u64, n: usize) -> u64 {
    carry_chain!("adc", r, a, b, n)
}

/// `r = a - b` over `n` limbs; returns the borrow out. The AVX-512F kernel from
/// `ADD_AVX512` limbs where the CPU has it, the SBB chain otherwise.
///
/// # Safety
/// `a` and `b` must be valid for reading and `r` for writing `n` limbs; `r` may equal `a` or
/// `b` but must not otherwise overlap them.
#[inline]
pub unsafe fn sub_n_asm(r: *mut u64, a: *const u64, b: *const u64, n: usize) -> u64 {
    // SAFETY: the caller's guarantees are the kernels'; AVX-512F is checked.
    unsafe {
        if n >= ADD_AVX512 && has_avx512f() {
            return add_sub_n_avx512::<true>(r, a, b, n);
        }
        sub_n_sbb(r, a, b, n)
    }
}

/// `r = a - b` over `n` limbs on one SBB chain; returns the borrow out.
///
/// # Safety
/// As [`sub_n_asm`].
#[inline]
pub unsafe fn sub_n_sbb(r: *mut u64, a: *const u64, b: *const u64, n: usize) -> u64 {
    carry_chain!("sbb", r, a, b, n)
}

/// `r = a + b` (or `a - b` when `SUB`) over `n` limbs: the lowest `n mod 8` on the ADC (SBB)
/// chain, the rest in blocks of eight AVX-512F lanes (`add_avx512`); returns the carry (borrow)
/// out.
///
/// # Safety
/// The CPU must support AVX-512F ([`has_avx512f`]); otherwise as [`add_n_asm`].
#[target_feature(enable = "avx512f")]
#[inline(never)]
pub unsafe fn add_sub_n_avx512<const SUB: bool>(
    r: *mut u64,
    a: *const u64,
    b: *const u64,
    n: usize,
) -> u64 {
    let head = n % 8;
    // SAFETY: the caller's guarantees; the limbs from `head` on are inside the slices and
    // n - head is a multiple of 8.
    unsafe {
        let carry = if SUB {
            sub_n_sbb(r, a, b, head)
        } else {
            add_n_adc(r, a, b, head)
        };
        super::super::add_avx512::add_sub_blocks::<SUB>(
            r.add(head),
            a.add(head),
            b.add(head),
            n - head,
            carry,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::limbs::test_limbs as limbs;
    use crate::limbs::{
        add_n, add_n_assign, add_n_portable, rsub_n_assign, sub_n, sub_n_assign, sub_n_portable,
    };

    #[test]
    fn carry_chains_match_portable_twins() {
        let mut seed = 7;
        for n in (0..=64).chain([100, 257]) {
            for offset in 0..3 {
                let a = limbs(n + offset, &mut seed);
                let b = limbs(n + offset, &mut seed);
                let (a, b) = (&a[offset..], &b[offset..]);
                let ctx = format!("n={n} offset={offset}");
                let (mut r1, mut r2) = (vec![0; n], vec![0; n]);
                let c1 = add_n(&mut r1, a, b);
                assert_eq!(
                    (c1, &r1),
                    (add_n_portable(&mut r2, a, b), &r2),
                    "add_n {ctx}"
                );
                let mut x = a.to_vec();
                assert_eq!(
                    (add_n_assign(&mut x, b), &x),
                    (c1, &r1),
                    "add_n_assign {ctx}"
                );
                let c1 = sub_n(&mut r1, a, b);
                assert_eq!(
                    (c1, &r1),
                    (sub_n_portable(&mut r2, a, b), &r2),
                    "sub_n {ctx}"
                );
                let mut x = a.to_vec();
                assert_eq!(
                    (sub_n_assign(&mut x, b), &x),
                    (c1, &r1),
                    "sub_n_assign {ctx}"
                );
                let mut x = b.to_vec();
                assert_eq!(
                    (rsub_n_assign(&mut x, a), &x),
                    (c1, &r1),
                    "rsub_n_assign {ctx}"
                );
            }
        }
    }

    /// The signature of the raw carry-chain kernels.
    type Kernel = unsafe fn(*mut u64, *const u64, *const u64, usize) -> u64;

    #[test]
    fn avx512_carry_chains_match_portable_twins() {
        if !has_avx512f() {
            return;
        }
        let mut seed = 5;
        for n in (0..=80).chain([127, 128, 129, 1000]) {
            // Random limbs (a quarter of them 0 or all ones), then carries and borrows that
            // ripple through every lane: all ones plus one, a plus its complement plus one,
            // zero minus one.
            let mut pairs: Vec<(Vec<u64>, Vec<u64>)> = (0..3)
                .map(|offset| (limbs(n + offset, &mut seed), limbs(n + offset, &mut seed)))
                .collect();
            let mut one = vec![0; n];
            if n > 0 {
                one[0] = 1;
            }
            let a = limbs(n, &mut seed);
            let mut not_a: Vec<u64> = a.iter().map(|x| !x).collect();
            if n > 0 {
                not_a[0] = not_a[0].wrapping_add(1);
            }
            pairs.push((vec![u64::MAX; n], one.clone()));
            pairs.push((a, not_a));
            pairs.push((vec![0; n], one));
            for (k, (a, b)) in pairs.iter().enumerate() {
                let offset = a.len() - n;
                let (a, b) = (&a[offset..], &b[offset..]);
                let ctx = format!("n={n} pair {k}");
                for sub in [false, true] {
                    let (mut r1, mut r2) = (vec![0; n], vec![0; n]);
                    let kernel: Kernel = if sub {
                        add_sub_n_avx512::<true>
                    } else {
                        add_sub_n_avx512::<false>
                    };
                    let twin = if sub { sub_n_portable } else { add_n_portable };
                    // SAFETY: AVX-512F is present (checked above); all three hold n limbs.
                    let c1 = unsafe { kernel(r1.as_mut_ptr(), a.as_ptr(), b.as_ptr(), n) };
                    assert_eq!((c1, &r1), (twin(&mut r2, a, b), &r2), "sub={sub} {ctx}");
                    // In place, r == a.
                    let mut x = a.to_vec();
                    // SAFETY: as above; r may equal a.
                    let c3 = unsafe { kernel(x.as_mut_ptr(), x.as_ptr(), b.as_ptr(), n) };
                    assert_eq!((c3, &x), (c1, &r1), "in place sub={sub} {ctx}");
                }
            }
        }
    }
}
