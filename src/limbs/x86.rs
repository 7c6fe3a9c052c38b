//! x86_64 kernels using MULX, ADCX and ADOX (BMI2 + ADX): two independent carry chains let one
//! pass over the product row add both the low and the high halves. Selected at run time by
//! [`has_bmi2_adx`]; the portable twins in `mul.rs` are always built and tests compare the two.

use core::arch::asm;

/// Whether this CPU has BMI2 (MULX) and ADX (ADCX/ADOX). Cached by `std` after the first call.
#[inline]
pub fn has_bmi2_adx() -> bool {
    std::is_x86_feature_detected!("bmi2") && std::is_x86_feature_detected!("adx")
}

/// `r += a·b` with `r.len() == a.len()`; returns the carry limb out of the top.
///
/// # Safety
/// The CPU must support BMI2 and ADX ([`has_bmi2_adx`]).
#[target_feature(enable = "bmi2,adx")]
pub unsafe fn addmul_1_adx(r: &mut [u64], a: &[u64], b: u64) -> u64 {
    let n = a.len();
    assert_eq!(r.len(), n);
    if n == 0 {
        return 0;
    }
    let carry: u64;
    // SAFETY: both slices hold n >= 1 limbs. The pointers walk forward from their starts: the
    // first loop covers n % 4 limbs one at a time, the second n / 4 groups of four, so every
    // access is inside a[..n] or r[..n]. Only lea, mov and jrcxz sit between the ADCX/ADOX
    // chains, so neither carry flag is disturbed.
    unsafe {
        asm!(
            "xor {t:e}, {t:e}",
            "jrcxz 4f",
            "5:",
            "mulx {h1}, {lo}, qword ptr [{a}]",
            "adcx {lo}, {h0}",
            "adox {lo}, qword ptr [{r}]",
            "mov qword ptr [{r}], {lo}",
            "mov {h0}, {h1}",
            "lea {a}, [{a} + 8]",
            "lea {r}, [{r} + 8]",
            "lea rcx, [rcx + 1]",
            "jrcxz 4f",
            "jmp 5b",
            "4:",
            "mov rcx, {g}",
            "jrcxz 3f",
            "2:",
            "mulx {h1}, {lo}, qword ptr [{a}]",
            "adcx {lo}, {h0}",
            "adox {lo}, qword ptr [{r}]",
            "mov qword ptr [{r}], {lo}",
            "mulx {h0}, {lo}, qword ptr [{a} + 8]",
            "adcx {lo}, {h1}",
            "adox {lo}, qword ptr [{r} + 8]",
            "mov qword ptr [{r} + 8], {lo}",
            "mulx {h1}, {lo}, qword ptr [{a} + 16]",
            "adcx {lo}, {h0}",
            "adox {lo}, qword ptr [{r} + 16]",
            "mov qword ptr [{r} + 16], {lo}",
            "mulx {h0}, {lo}, qword ptr [{a} + 24]",
            "adcx {lo}, {h1}",
            "adox {lo}, qword ptr [{r} + 24]",
            "mov qword ptr [{r} + 24], {lo}",
            "lea {a}, [{a} + 32]",
            "lea {r}, [{r} + 32]",
            "lea rcx, [rcx + 1]",
            "jrcxz 3f",
            "jmp 2b",
            "3:",
            "adcx {h0}, {t}",
            "adox {h0}, {t}",
            a = inout(reg) a.as_ptr() => _,
            r = inout(reg) r.as_mut_ptr() => _,
            inout("rcx") -((n % 4) as isize) => _,
            g = in(reg) -((n / 4) as isize),
            in("rdx") b,
            h0 = inout(reg) 0u64 => carry,
            h1 = out(reg) _,
            lo = out(reg) _,
            t = out(reg) _,
            options(nostack),
        );
    }
    carry
}

/// `r -= a·b` with `r.len() == a.len()`; returns the borrow limb out of the top. Computed as
/// `r - x = !(!r + x)`, so the subtraction rides the same ADOX chain as an addition.
///
/// # Safety
/// The CPU must support BMI2 and ADX ([`has_bmi2_adx`]).
#[target_feature(enable = "bmi2,adx")]
pub unsafe fn submul_1_adx(r: &mut [u64], a: &[u64], b: u64) -> u64 {
    let n = a.len();
    assert_eq!(r.len(), n);
    if n == 0 {
        return 0;
    }
    let carry: u64;
    // SAFETY: both slices hold n >= 1 limbs. The pointers walk forward from their starts: the
    // first loop covers n % 4 limbs one at a time, the second n / 4 groups of four, so every
    // access is inside a[..n] or r[..n]. Only lea, mov, not and jrcxz sit between the ADCX/ADOX
    // chains, so neither carry flag is disturbed.
    unsafe {
        asm!(
            "xor {t:e}, {t:e}",
            "jrcxz 4f",
            "5:",
            "mulx {h1}, {lo}, qword ptr [{a}]",
            "adcx {lo}, {h0}",
            "mov {w}, qword ptr [{r}]",
            "not {w}",
            "adox {w}, {lo}",
            "not {w}",
            "mov qword ptr [{r}], {w}",
            "mov {h0}, {h1}",
            "lea {a}, [{a} + 8]",
            "lea {r}, [{r} + 8]",
            "lea rcx, [rcx + 1]",
            "jrcxz 4f",
            "jmp 5b",
            "4:",
            "mov rcx, {g}",
            "jrcxz 6f",
            "jmp 2f",
            "6:",
            "jmp 3f",
            "2:",
            "mulx {h1}, {lo}, qword ptr [{a}]",
            "adcx {lo}, {h0}",
            "mov {w}, qword ptr [{r}]",
            "not {w}",
            "adox {w}, {lo}",
            "not {w}",
            "mov qword ptr [{r}], {w}",
            "mulx {h0}, {lo}, qword ptr [{a} + 8]",
            "adcx {lo}, {h1}",
            "mov {w}, qword ptr [{r} + 8]",
            "not {w}",
            "adox {w}, {lo}",
            "not {w}",
            "mov qword ptr [{r} + 8], {w}",
            "mulx {h1}, {lo}, qword ptr [{a} + 16]",
            "adcx {lo}, {h0}",
            "mov {w}, qword ptr [{r} + 16]",
            "not {w}",
            "adox {w}, {lo}",
            "not {w}",
            "mov qword ptr [{r} + 16], {w}",
            "mulx {h0}, {lo}, qword ptr [{a} + 24]",
            "adcx {lo}, {h1}",
            "mov {w}, qword ptr [{r} + 24]",
            "not {w}",
            "adox {w}, {lo}",
            "not {w}",
            "mov qword ptr [{r} + 24], {w}",
            "lea {a}, [{a} + 32]",
            "lea {r}, [{r} + 32]",
            "lea rcx, [rcx + 1]",
            "jrcxz 3f",
            "jmp 2b",
            "3:",
            "adcx {h0}, {t}",
            "adox {h0}, {t}",
            a = inout(reg) a.as_ptr() => _,
            r = inout(reg) r.as_mut_ptr() => _,
            inout("rcx") -((n % 4) as isize) => _,
            g = in(reg) -((n / 4) as isize),
            in("rdx") b,
            h0 = inout(reg) 0u64 => carry,
            h1 = out(reg) _,
            lo = out(reg) _,
            t = out(reg) _,
            w = out(reg) _,
            options(nostack),
        );
    }
    carry
}

/// Schoolbook product `r = a·b` row by row with [`addmul_1_adx`]; requires
/// `a.len() >= b.len() >= 1` and `r.len() == a.len() + b.len()`.
///
/// # Safety
/// The CPU must support BMI2 and ADX ([`has_bmi2_adx`]).
#[target_feature(enable = "bmi2,adx")]
pub unsafe fn mul_basecase_adx(r: &mut [u64], a: &[u64], b: &[u64]) {
    let an = a.len();
    r[..an].fill(0);
    for (j, &bj) in b.iter().enumerate() {
        // SAFETY: the caller guarantees BMI2 and ADX.
        r[j + an] = unsafe { addmul_1_adx(&mut r[j..j + an], a, bj) };
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::limbs::{addmul_1_portable, mul_basecase_portable, submul_1_portable};

    fn limbs(n: usize, seed: &mut u64) -> Vec<u64> {
        (0..n)
            .map(|_| {
                *seed = seed
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                match *seed >> 61 {
                    0 => 0,
                    1 => u64::MAX,
                    _ => *seed ^ (*seed >> 29),
                }
            })
            .collect()
    }

    #[test]
    fn adx_kernels_match_portable_twins() {
        if !has_bmi2_adx() {
            return;
        }
        let mut seed = 1;
        for n in (0..=64).chain([100, 257]) {
            for offset in 0..3 {
                let a = limbs(n + offset, &mut seed);
                let r0 = limbs(n + offset, &mut seed);
                for b in [0, 1, u64::MAX, limbs(1, &mut seed)[0]] {
                    let (mut r1, mut r2) = (r0.clone(), r0.clone());
                    // SAFETY: BMI2 and ADX are present (checked above).
                    let c1 = unsafe { addmul_1_adx(&mut r1[offset..], &a[offset..], b) };
                    let c2 = addmul_1_portable(&mut r2[offset..], &a[offset..], b);
                    assert_eq!(
                        (c1, &r1),
                        (c2, &r2),
                        "addmul_1 n={n} offset={offset} b={b:x}"
                    );
                    let (mut r1, mut r2) = (r0.clone(), r0.clone());
                    // SAFETY: BMI2 and ADX are present (checked above).
                    let c1 = unsafe { submul_1_adx(&mut r1[offset..], &a[offset..], b) };
                    let c2 = submul_1_portable(&mut r2[offset..], &a[offset..], b);
                    assert_eq!(
                        (c1, &r1),
                        (c2, &r2),
                        "submul_1 n={n} offset={offset} b={b:x}"
                    );
                }
                for m in [1, n / 2, n].into_iter().filter(|&m| m >= 1 && m <= n) {
                    let b = limbs(m, &mut seed);
                    let (mut r1, mut r2) = (vec![7; n + m], vec![9; n + m]);
                    // SAFETY: BMI2 and ADX are present (checked above).
                    unsafe { mul_basecase_adx(&mut r1, &a[offset..], &b) };
                    mul_basecase_portable(&mut r2, &a[offset..], &b);
                    assert_eq!(r1, r2, "mul_basecase {n}x{m} offset={offset}");
                }
            }
        }
    }
}
