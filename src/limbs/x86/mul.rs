//! Products on MULX, ADCX and ADOX (BMI2 + ADX): the rows `r ± a·b` (`addmul_1`, `mul_1`,
//! `submul_1`), the straight-line fixed-size products, and the schoolbook product and square.

use core::arch::asm;

/// `r += a·b` with `r.len() == a.len()`; returns the carry limb out of the top.
///
/// # Safety
/// The CPU must support BMI2 and ADX ([`has_bmi2_adx`](super::has_bmi2_adx)).
#[target_feature(enable = "bmi2,adx")]
pub unsafe fn addmul_1_adx(r: &mut [u64], a: &[u64], b: u64) -> u64 {
    let n = a.len();
    assert_eq!(r.len(), n);
    // SAFETY: both slices hold n limbs; the caller guarantees BMI2 and ADX.
    unsafe { addmul_row(r.as_mut_ptr(), a.as_ptr(), n, b) }
}

/// Where a row of `n > 0` limbs enters a loop unrolled by four: the steps to skip on the first
/// pass (`n = 4g + k` with `0 < k < 4` enters at step `4 - k`) and the number of passes, so that
/// every length runs the same loop without a tail.
#[inline(always)]
fn unrolled_entry(n: usize) -> (usize, usize) {
    ((4 - n % 4) % 4, n.div_ceil(4))
}

/// `r[..n] += a[..n]·b` on raw pointers; returns the carry limb out of the top. Inlined into
/// the kernels that run one row after another (REDC, squaring), so a row costs no call. The
/// loop is unrolled by four and entered where [`unrolled_entry`] says.
///
/// # Safety
/// The CPU must support BMI2 and ADX; `a` must be valid for reading and `r` for reading and
/// writing `n` limbs (`n` may be 0), and they must not overlap.
#[inline(always)]
pub(super) unsafe fn addmul_row(r: *mut u64, a: *const u64, n: usize, b: u64) -> u64 {
    if n == 0 {
        return 0;
    }
    let (skip, passes) = unrolled_entry(n);
    let carry: u64;
    // SAFETY: the pointers start `skip` limbs before `a` and `r` and are never dereferenced
    // there: entering at step `skip`, the first pass touches offsets skip..4 only, i.e. a[0]
    // and r[0] onward; each later pass touches the next four limbs, and the `passes` passes
    // end exactly at limb n - 1. Only mov, lea, jrcxz and jmp sit between the ADCX/ADOX
    // chains (the cmp/je dispatch runs before the xor that clears both flags), so neither
    // carry flag is disturbed; the final `mov` of zero leaves the flags alone too.
    unsafe {
        asm!(
            "cmp {k}, 1",
            "je 61f",
            "cmp {k}, 2",
            "je 62f",
            "cmp {k}, 3",
            "je 63f",
            "xor {h0:e}, {h0:e}",
            "jmp 60f",
            "61:",
            "xor {h1:e}, {h1:e}",
            "jmp 71f",
            "62:",
            "xor {h0:e}, {h0:e}",
            "jmp 72f",
            "63:",
            "xor {h1:e}, {h1:e}",
            "jmp 73f",
            "60:",
            "mulx {h1}, {lo}, qword ptr [{a}]",
            "adcx {lo}, {h0}",
            "adox {lo}, qword ptr [{r}]",
            "mov qword ptr [{r}], {lo}",
            "71:",
            "mulx {h0}, {lo}, qword ptr [{a} + 8]",
            "adcx {lo}, {h1}",
            "adox {lo}, qword ptr [{r} + 8]",
            "mov qword ptr [{r} + 8], {lo}",
            "72:",
            "mulx {h1}, {lo}, qword ptr [{a} + 16]",
            "adcx {lo}, {h0}",
            "adox {lo}, qword ptr [{r} + 16]",
            "mov qword ptr [{r} + 16], {lo}",
            "73:",
            "mulx {h0}, {lo}, qword ptr [{a} + 24]",
            "adcx {lo}, {h1}",
            "adox {lo}, qword ptr [{r} + 24]",
            "mov qword ptr [{r} + 24], {lo}",
            "lea {a}, [{a} + 32]",
            "lea {r}, [{r} + 32]",
            "lea rcx, [rcx + 1]",
            "jrcxz 3f",
            "jmp 60b",
            "3:",
            "mov {lo:e}, 0",
            "adcx {h0}, {lo}",
            "adox {h0}, {lo}",
            a = inout(reg) a.wrapping_sub(skip) => _,
            r = inout(reg) r.wrapping_sub(skip) => _,
            k = in(reg) skip,
            inout("rcx") -(passes as isize) => _,
            in("rdx") b,
            h0 = out(reg) carry,
            h1 = out(reg) _,
            lo = out(reg) _,
            options(nostack),
        );
    }
    carry
}

/// `r[..n] = a[..n]·b + c`; returns the high limb. One ADCX chain adds each product's low
/// limb to the high limb of the one before, a cycle a limb where the portable loop's carry
/// takes two (an ADD and an ADC). Unrolled by four, entered as `addmul_row`'s loop is.
///
/// # Safety
/// The CPU must support BMI2 and ADX ([`has_bmi2_adx`](super::has_bmi2_adx)); `a` must be
/// valid for reading and `r` for writing `n` limbs, and `r` must equal `a` or not overlap it.
#[target_feature(enable = "bmi2,adx")]
pub unsafe fn mul_1c_adx(r: *mut u64, a: *const u64, n: usize, b: u64, c: u64) -> u64 {
    if n == 0 {
        return c;
    }
    let (skip, passes) = unrolled_entry(n);
    let high: u64;
    // SAFETY: as in `addmul_row`, the pointers start `skip` limbs early and each pass touches
    // only limbs 0..n; limb i of `a` is read before limb i of `r` is written and never after,
    // so `r == a` is fine. The high limb entering a step is in the register that step adds:
    // h0 for steps 0 and 2, h1 for steps 1 and 3. CLC clears CF after the dispatch's CMPs;
    // between the ADCXs only mov, lea, jrcxz and jmp run, which leave CF alone.
    unsafe {
        asm!(
            "cmp {k}, 1",
            "je 61f",
            "cmp {k}, 2",
            "je 62f",
            "cmp {k}, 3",
            "je 63f",
            "clc",
            "jmp 60f",
            "61:",
            "mov {h1}, {h0}",
            "clc",
            "jmp 71f",
            "62:",
            "clc",
            "jmp 72f",
            "63:",
            "mov {h1}, {h0}",
            "clc",
            "jmp 73f",
            "60:",
            "mulx {h1}, {lo}, qword ptr [{a}]",
            "adcx {lo}, {h0}",
            "mov qword ptr [{r}], {lo}",
            "71:",
            "mulx {h0}, {lo}, qword ptr [{a} + 8]",
            "adcx {lo}, {h1}",
            "mov qword ptr [{r} + 8], {lo}",
            "72:",
            "mulx {h1}, {lo}, qword ptr [{a} + 16]",
            "adcx {lo}, {h0}",
            "mov qword ptr [{r} + 16], {lo}",
            "73:",
            "mulx {h0}, {lo}, qword ptr [{a} + 24]",
            "adcx {lo}, {h1}",
            "mov qword ptr [{r} + 24], {lo}",
            "lea {a}, [{a} + 32]",
            "lea {r}, [{r} + 32]",
            "lea rcx, [rcx + 1]",
            "jrcxz 3f",
            "jmp 60b",
            "3:",
            "mov {lo:e}, 0",
            "adcx {h0}, {lo}",
            a = inout(reg) a.wrapping_sub(skip) => _,
            r = inout(reg) r.wrapping_sub(skip) => _,
            k = in(reg) skip,
            inout("rcx") -(passes as isize) => _,
            in("rdx") b,
            h0 = inout(reg) c => high,
            h1 = out(reg) _,
            lo = out(reg) _,
            options(nostack),
        );
    }
    high
}

/// `r -= a·b` with `r.len() == a.len()`; returns the borrow limb out of the top. Computed as
/// `r - x = !(!r + x)`, so the subtraction rides the same ADOX chain as an addition.
///
/// # Safety
/// The CPU must support BMI2 and ADX ([`has_bmi2_adx`](super::has_bmi2_adx)).
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

/// `r = a·b` for four-limb `a` and `b`, straight-line: row 0 on one ADD/ADC chain, rows 1 to 3
/// on the ADCX (low halves) and ADOX (high halves) chains, with the five-limb window of the
/// running sum in registers; each row stores the one limb that becomes final.
///
/// # Safety
/// The CPU must support BMI2 and ADX ([`has_bmi2_adx`](super::has_bmi2_adx)).
#[target_feature(enable = "bmi2,adx")]
pub unsafe fn mul_4x4_adx(r: &mut [u64; 8], a: &[u64; 4], b: &[u64; 4]) {
    // SAFETY: `a` and `b` are read at offsets 0..32 and `r` written at 0..64, all inside the
    // arrays. Each row clears both flags (`xor`) before its chains, and only `mov` (which
    // leaves the flags alone) sits between an ADCX/ADOX and the next flag consumer. After row
    // k the window and the stored limbs hold (a_0..a_k)·b, below 2^(64·(k+5)), so the top limb
    // of the window never carries out.
    unsafe {
        asm!(
            "mov rdx, qword ptr [{a}]",
            "mulx {w1}, {w0}, qword ptr [{b}]",
            "mulx {w2}, {lo}, qword ptr [{b} + 8]",
            "add {w1}, {lo}",
            "mulx {w3}, {lo}, qword ptr [{b} + 16]",
            "adc {w2}, {lo}",
            "mulx {w4}, {lo}, qword ptr [{b} + 24]",
            "adc {w3}, {lo}",
            "adc {w4}, 0",
            "mov qword ptr [{r}], {w0}",
            "mov rdx, qword ptr [{a} + 8]",
            "xor {w0:e}, {w0:e}",
            "mulx {hi}, {lo}, qword ptr [{b}]",
            "adcx {w1}, {lo}",
            "adox {w2}, {hi}",
            "mulx {hi}, {lo}, qword ptr [{b} + 8]",
            "adcx {w2}, {lo}",
            "adox {w3}, {hi}",
            "mulx {hi}, {lo}, qword ptr [{b} + 16]",
            "adcx {w3}, {lo}",
            "adox {w4}, {hi}",
            "mulx {hi}, {lo}, qword ptr [{b} + 24]",
            "adcx {w4}, {lo}",
            "adox {w0}, {hi}",
            "mov {lo:e}, 0",
            "adcx {w0}, {lo}",
            "mov qword ptr [{r} + 8], {w1}",
            "mov rdx, qword ptr [{a} + 16]",
            "xor {w1:e}, {w1:e}",
            "mulx {hi}, {lo}, qword ptr [{b}]",
            "adcx {w2}, {lo}",
            "adox {w3}, {hi}",
            "mulx {hi}, {lo}, qword ptr [{b} + 8]",
            "adcx {w3}, {lo}",
            "adox {w4}, {hi}",
            "mulx {hi}, {lo}, qword ptr [{b} + 16]",
            "adcx {w4}, {lo}",
            "adox {w0}, {hi}",
            "mulx {hi}, {lo}, qword ptr [{b} + 24]",
            "adcx {w0}, {lo}",
            "adox {w1}, {hi}",
            "mov {lo:e}, 0",
            "adcx {w1}, {lo}",
            "mov qword ptr [{r} + 16], {w2}",
            "mov rdx, qword ptr [{a} + 24]",
            "xor {w2:e}, {w2:e}",
            "mulx {hi}, {lo}, qword ptr [{b}]",
            "adcx {w3}, {lo}",
            "adox {w4}, {hi}",
            "mulx {hi}, {lo}, qword ptr [{b} + 8]",
            "adcx {w4}, {lo}",
            "adox {w0}, {hi}",
            "mulx {hi}, {lo}, qword ptr [{b} + 16]",
            "adcx {w0}, {lo}",
            "adox {w1}, {hi}",
            "mulx {hi}, {lo}, qword ptr [{b} + 24]",
            "adcx {w1}, {lo}",
            "adox {w2}, {hi}",
            "mov {lo:e}, 0",
            "adcx {w2}, {lo}",
            "mov qword ptr [{r} + 24], {w3}",
            "mov qword ptr [{r} + 32], {w4}",
            "mov qword ptr [{r} + 40], {w0}",
            "mov qword ptr [{r} + 48], {w1}",
            "mov qword ptr [{r} + 56], {w2}",
            a = in(reg) a.as_ptr(),
            b = in(reg) b.as_ptr(),
            r = in(reg) r.as_mut_ptr(),
            out("rdx") _,
            w0 = out(reg) _,
            w1 = out(reg) _,
            w2 = out(reg) _,
            w3 = out(reg) _,
            w4 = out(reg) _,
            lo = out(reg) _,
            hi = out(reg) _,
            options(nostack),
        );
    }
}

/// `r = a·b` for eight-limb `a` and `b`, straight-line as [`mul_4x4_adx`]: row 0 on one
/// ADD/ADC chain, rows 1 to 7 on the ADCX (low halves) and ADOX (high halves) chains, the
/// nine-limb window of the running sum in registers; each row stores the limb that becomes
/// final. The window needs rbx and rbp, which inline asm may not name: they are kept in XMM
/// registers meanwhile. Against the row-by-row loop, which loads and stores the sum once per
/// row, a 512-bit product on the AMD Zen 5 host: 32.6 → 20.9 ns (GMP's `mpz_mul` 36.4 ns).
///
/// # Safety
/// The CPU must support BMI2 and ADX ([`has_bmi2_adx`](super::has_bmi2_adx)).
#[target_feature(enable = "bmi2,adx")]
pub unsafe fn mul_8x8_adx(r: &mut [u64; 16], a: &[u64; 8], b: &[u64; 8]) {
    // SAFETY: `a` and `b` are read at offsets 0..64 and `r` written at 0..128, all inside the
    // arrays. rbx and rbp are saved in xmm14 and xmm15 first and restored last. Each row clears
    // both flags (`xor`, which also zeroes the register that takes the window's new top limb)
    // before its chains, and only `mov` (which leaves the flags alone) sits between an
    // ADCX/ADOX and the next flag consumer. After row k the window and the stored limbs hold
    // (a_0..a_k)·b, below 2^(64·(k+9)), so the top limb of the window never carries out.
    unsafe {
        asm!(
            "vmovq xmm14, rbx",
            "vmovq xmm15, rbp",
            "mov rdx, qword ptr [rsi + 0]",
            "mulx r9, r8, qword ptr [r15 + 0]",
            "mulx r10, rax, qword ptr [r15 + 8]",
            "add r9, rax",
            "mulx r11, rax, qword ptr [r15 + 16]",
            "adc r10, rax",
            "mulx r12, rax, qword ptr [r15 + 24]",
            "adc r11, rax",
            "mulx r13, rax, qword ptr [r15 + 32]",
            "adc r12, rax",
            "mulx r14, rax, qword ptr [r15 + 40]",
            "adc r13, rax",
            "mulx rbx, rax, qword ptr [r15 + 48]",
            "adc r14, rax",
            "mulx rbp, rax, qword ptr [r15 + 56]",
            "adc rbx, rax",
            "adc rbp, 0",
            "mov qword ptr [rdi], r8",
            "mov rdx, qword ptr [rsi + 8]",
            "xor r8d, r8d",
            "mulx rcx, rax, qword ptr [r15 + 0]",
            "adcx r9, rax",
            "adox r10, rcx",
            "mulx rcx, rax, qword ptr [r15 + 8]",
            "adcx r10, rax",
            "adox r11, rcx",
            "mulx rcx, rax, qword ptr [r15 + 16]",
            "adcx r11, rax",
            "adox r12, rcx",
            "mulx rcx, rax, qword ptr [r15 + 24]",
            "adcx r12, rax",
            "adox r13, rcx",
            "mulx rcx, rax, qword ptr [r15 + 32]",
            "adcx r13, rax",
            "adox r14, rcx",
            "mulx rcx, rax, qword ptr [r15 + 40]",
            "adcx r14, rax",
            "adox rbx, rcx",
            "mulx rcx, rax, qword ptr [r15 + 48]",
            "adcx rbx, rax",
            "adox rbp, rcx",
            "mulx rcx, rax, qword ptr [r15 + 56]",
            "adcx rbp, rax",
            "adox r8, rcx",
            "mov eax, 0",
            "adcx r8, rax",
            "mov qword ptr [rdi + 8], r9",
            "mov rdx, qword ptr [rsi + 16]",
            "xor r9d, r9d",
            "mulx rcx, rax, qword ptr [r15 + 0]",
            "adcx r10, rax",
            "adox r11, rcx",
            "mulx rcx, rax, qword ptr [r15 + 8]",
            "adcx r11, rax",
            "adox r12, rcx",
            "mulx rcx, rax, qword ptr [r15 + 16]",
            "adcx r12, rax",
            "adox r13, rcx",
            "mulx rcx, rax, qword ptr [r15 + 24]",
            "adcx r13, rax",
            "adox r14, rcx",
            "mulx rcx, rax, qword ptr [r15 + 32]",
            "adcx r14, rax",
            "adox rbx, rcx",
            "mulx rcx, rax, qword ptr [r15 + 40]",
            "adcx rbx, rax",
            "adox rbp, rcx",
            "mulx rcx, rax, qword ptr [r15 + 48]",
            "adcx rbp, rax",
            "adox r8, rcx",
            "mulx rcx, rax, qword ptr [r15 + 56]",
            "adcx r8, rax",
            "adox r9, rcx",
            "mov eax, 0",
            "adcx r9, rax",
            "mov qword ptr [rdi + 16], r10",
            "mov rdx, qword ptr [rsi + 24]",
            "xor r10d, r10d",
            "mulx rcx, rax, qword ptr [r15 + 0]",
            "adcx r11, rax",
            "adox r12, rcx",
            "mulx rcx, rax, qword ptr [r15 + 8]",
            "adcx r12, rax",
            "adox r13, rcx",
            "mulx rcx, rax, qword ptr [r15 + 16]",
            "adcx r13, rax",
            "adox r14, rcx",
            "mulx rcx, rax, qword ptr [r15 + 24]",
            "adcx r14, rax",
            "adox rbx, rcx",
            "mulx rcx, rax, qword ptr [r15 + 32]",
            "adcx rbx, rax",
            "adox rbp, rcx",
            "mulx rcx, rax, qword ptr [r15 + 40]",
            "adcx rbp, rax",
            "adox r8, rcx",
            "mulx rcx, rax, qword ptr [r15 + 48]",
            "adcx r8, rax",
            "adox r9, rcx",
            "mulx rcx, rax, qword ptr [r15 + 56]",
            "adcx r9, rax",
            "adox r10, rcx",
            "mov eax, 0",
            "adcx r10, rax",
            "mov qword ptr [rdi + 24], r11",
            "mov rdx, qword ptr [rsi + 32]",
            "xor r11d, r11d",
            "mulx rcx, rax, qword ptr [r15 + 0]",
            "adcx r12, rax",
            "adox r13, rcx",
            "mulx rcx, rax, qword ptr [r15 + 8]",
            "adcx r13, rax",
            "adox r14, rcx",
            "mulx rcx, rax, qword ptr [r15 + 16]",
            "adcx r14, rax",
            "adox rbx, rcx",
            "mulx rcx, rax, qword ptr [r15 + 24]",
            "adcx rbx, rax",
            "adox rbp, rcx",
            "mulx rcx, rax, qword ptr [r15 + 32]",
            "adcx rbp, rax",
            "adox r8, rcx",
            "mulx rcx, rax, qword ptr [r15 + 40]",
            "adcx r8, rax",
            "adox r9, rcx",
            "mulx rcx, rax, qword ptr [r15 + 48]",
            "adcx r9, rax",
            "adox r10, rcx",
            "mulx rcx, rax, qword ptr [r15 + 56]",
            "adcx r10, rax",
            "adox r11, rcx",
            "mov eax, 0",
            "adcx r11, rax",
            "mov qword ptr [rdi + 32], r12",
            "mov rdx, qword ptr [rsi + 40]",
            "xor r12d, r12d",
            "mulx rcx, rax, qword ptr [r15 + 0]",
            "adcx r13, rax",
            "adox r14, rcx",
            "mulx rcx, rax, qword ptr [r15 + 8]",
            "adcx r14, rax",
            "adox rbx, rcx",
            "mulx rcx, rax, qword ptr [r15 + 16]",
            "adcx rbx, rax",
            "adox rbp, rcx",
            "mulx rcx, rax, qword ptr [r15 + 24]",
            "adcx rbp, rax",
            "adox r8, rcx",
            "mulx rcx, rax, qword ptr [r15 + 32]",
            "adcx r8, rax",
            "adox r9, rcx",
            "mulx rcx, rax, qword ptr [r15 + 40]",
            "adcx r9, rax",
            "adox r10, rcx",
            "mulx rcx, rax, qword ptr [r15 + 48]",
            "adcx r10, rax",
            "adox r11, rcx",
            "mulx rcx, rax, qword ptr [r15 + 56]",
            "adcx r11, rax",
            "adox r12, rcx",
            "mov eax, 0",
            "adcx r12, rax",
            "mov qword ptr [rdi + 40], r13",
            "mov rdx, qword ptr [rsi + 48]",
            "xor r13d, r13d",
            "mulx rcx, rax, qword ptr [r15 + 0]",
            "adcx r14, rax",
            "adox rbx, rcx",
            "mulx rcx, rax, qword ptr [r15 + 8]",
            "adcx rbx, rax",
            "adox rbp, rcx",
            "mulx rcx, rax, qword ptr [r15 + 16]",
            "adcx rbp, rax",
            "adox r8, rcx",
            "mulx rcx, rax, qword ptr [r15 + 24]",
            "adcx r8, rax",
            "adox r9, rcx",
            "mulx rcx, rax, qword ptr [r15 + 32]",
            "adcx r9, rax",
            "adox r10, rcx",
            "mulx rcx, rax, qword ptr [r15 + 40]",
            "adcx r10, rax",
            "adox r11, rcx",
            "mulx rcx, rax, qword ptr [r15 + 48]",
            "adcx r11, rax",
            "adox r12, rcx",
            "mulx rcx, rax, qword ptr [r15 + 56]",
            "adcx r12, rax",
            "adox r13, rcx",
            "mov eax, 0",
            "adcx r13, rax",
            "mov qword ptr [rdi + 48], r14",
            "mov rdx, qword ptr [rsi + 56]",
            "xor r14d, r14d",
            "mulx rcx, rax, qword ptr [r15 + 0]",
            "adcx rbx, rax",
            "adox rbp, rcx",
            "mulx rcx, rax, qword ptr [r15 + 8]",
            "adcx rbp, rax",
            "adox r8, rcx",
            "mulx rcx, rax, qword ptr [r15 + 16]",
            "adcx r8, rax",
            "adox r9, rcx",
            "mulx rcx, rax, qword ptr [r15 + 24]",
            "adcx r9, rax",
            "adox r10, rcx",
            "mulx rcx, rax, qword ptr [r15 + 32]",
            "adcx r10, rax",
            "adox r11, rcx",
            "mulx rcx, rax, qword ptr [r15 + 40]",
            "adcx r11, rax",
            "adox r12, rcx",
            "mulx rcx, rax, qword ptr [r15 + 48]",
            "adcx r12, rax",
            "adox r13, rcx",
            "mulx rcx, rax, qword ptr [r15 + 56]",
            "adcx r13, rax",
            "adox r14, rcx",
            "mov eax, 0",
            "adcx r14, rax",
            "mov qword ptr [rdi + 56], rbx",
            "mov qword ptr [rdi + 64], rbp",
            "mov qword ptr [rdi + 72], r8",
            "mov qword ptr [rdi + 80], r9",
            "mov qword ptr [rdi + 88], r10",
            "mov qword ptr [rdi + 96], r11",
            "mov qword ptr [rdi + 104], r12",
            "mov qword ptr [rdi + 112], r13",
            "mov qword ptr [rdi + 120], r14",
            "vmovq rbx, xmm14",
            "vmovq rbp, xmm15",
            in("rsi") a.as_ptr(),
            in("r15") b.as_ptr(),
            in("rdi") r.as_mut_ptr(),
            out("rdx") _,
            out("rax") _,
            out("rcx") _,
            out("r8") _,
            out("r9") _,
            out("r10") _,
            out("r11") _,
            out("r12") _,
            out("r13") _,
            out("r14") _,
            out("xmm14") _,
            out("xmm15") _,
            options(nostack),
        );
    }
}

/// `r[..n + 8] = a·b` for `n = a.len() >= 1` and eight-limb `b`: the rows of a's limbs run
/// over b as in [`mul_8x8_adx`], with the eight-limb window of the running sum in registers
/// (each row stores the limb that becomes final and takes its register, zeroed, for the new
/// top limb), so the sum is stored once instead of loaded and stored eight times. The loop is
/// unrolled by eight, a full turn of the window's registers, and a length of `8g + k` limbs
/// enters it at step `(8 - k) mod 8` with the window all zeros, so every length runs one loop.
///
/// # Safety
/// The CPU must support BMI2 and ADX ([`has_bmi2_adx`](super::has_bmi2_adx));
/// `r.len() == a.len() + 8`.
#[target_feature(enable = "bmi2,adx")]
pub unsafe fn mul_n8_adx(r: &mut [u64], a: &[u64], b: &[u64; 8]) {
    let n = a.len();
    assert!(n >= 1 && r.len() == n + 8);
    let skip = (8 - n % 8) % 8;
    let passes = (n + skip) / 8;
    // SAFETY: rsi and rdi start `skip` limbs before `a` and `r` and are never dereferenced
    // there: the first pass enters at step `skip` and touches offsets skip..8 only, a[0] and
    // r[0] onward; each later pass the next eight limbs; the `passes` passes end at limb n − 1,
    // and the final stores write r[n..n + 8]. b is read at offsets 0..64 through rbx. rbx and
    // rbp are saved in xmm14 and xmm15 first and restored last. Each row clears both flags
    // (`xor`) before its chains, and only `mov`, `lea`, `jrcxz` and `jmp` sit between an
    // ADCX/ADOX and the next flag consumer (the `test`/`cmp`/`je` dispatch runs before the
    // first row). After row i the window and the stored limbs hold (a_0..a_i)·b, below
    // 2^(64·(i+9)), so the window's top limb never carries out.
    unsafe {
        asm!(
            "vmovq xmm14, rbx",
            "vmovq xmm15, rbp",
            "mov rbx, rdx",
            "xor r8d, r8d",
            "xor r9d, r9d",
            "xor r10d, r10d",
            "xor r11d, r11d",
            "xor r12d, r12d",
            "xor r13d, r13d",
            "xor r14d, r14d",
            "xor ebp, ebp",
            "test rax, rax",
            "je 20f",
            "cmp rax, 1",
            "je 21f",
            "cmp rax, 2",
            "je 22f",
            "cmp rax, 3",
            "je 23f",
            "cmp rax, 4",
            "je 24f",
            "cmp rax, 5",
            "je 25f",
            "cmp rax, 6",
            "je 26f",
            "cmp rax, 7",
            "je 27f",
            "jmp 20f",
            "20:",
            "mov rdx, qword ptr [rsi + 0]",
            "xor eax, eax",
            "mulx r15, rax, qword ptr [rbx]",
            "adcx r8, rax",
            "adox r9, r15",
            "mov qword ptr [rdi + 0], r8",
            "mov r8d, 0",
            "mulx r15, rax, qword ptr [rbx + 8]",
            "adcx r9, rax",
            "adox r10, r15",
            "mulx r15, rax, qword ptr [rbx + 16]",
            "adcx r10, rax",
            "adox r11, r15",
            "mulx r15, rax, qword ptr [rbx + 24]",
            "adcx r11, rax",
            "adox r12, r15",
            "mulx r15, rax, qword ptr [rbx + 32]",
            "adcx r12, rax",
            "adox r13, r15",
            "mulx r15, rax, qword ptr [rbx + 40]",
            "adcx r13, rax",
            "adox r14, r15",
            "mulx r15, rax, qword ptr [rbx + 48]",
            "adcx r14, rax",
            "adox rbp, r15",
            "mulx r15, rax, qword ptr [rbx + 56]",
            "adcx rbp, rax",
            "adox r8, r15",
            "mov eax, 0",
            "adcx r8, rax",
            "21:",
            "mov rdx, qword ptr [rsi + 8]",
            "xor eax, eax",
            "mulx r15, rax, qword ptr [rbx]",
            "adcx r9, rax",
            "adox r10, r15",
            "mov qword ptr [rdi + 8], r9",
            "mov r9d, 0",
            "mulx r15, rax, qword ptr [rbx + 8]",
            "adcx r10, rax",
            "adox r11, r15",
            "mulx r15, rax, qword ptr [rbx + 16]",
            "adcx r11, rax",
            "adox r12, r15",
            "mulx r15, rax, qword ptr [rbx + 24]",
            "adcx r12, rax",
            "adox r13, r15",
            "mulx r15, rax, qword ptr [rbx + 32]",
            "adcx r13, rax",
            "adox r14, r15",
            "mulx r15, rax, qword ptr [rbx + 40]",
            "adcx r14, rax",
            "adox rbp, r15",
            "mulx r15, rax, qword ptr [rbx + 48]",
            "adcx rbp, rax",
            "adox r8, r15",
            "mulx r15, rax, qword ptr [rbx + 56]",
            "adcx r8, rax",
            "adox r9, r15",
            "mov eax, 0",
            "adcx r9, rax",
            "22:",
            "mov rdx, qword ptr [rsi + 16]",
            "xor eax, eax",
            "mulx r15, rax, qword ptr [rbx]",
            "adcx r10, rax",
            "adox r11, r15",
            "mov qword ptr [rdi + 16], r10",
            "mov r10d, 0",
            "mulx r15, rax, qword ptr [rbx + 8]",
            "adcx r11, rax",
            "adox r12, r15",
            "mulx r15, rax, qword ptr [rbx + 16]",
            "adcx r12, rax",
            "adox r13, r15",
            "mulx r15, rax, qword ptr [rbx + 24]",
            "adcx r13, rax",
            "adox r14, r15",
            "mulx r15, rax, qword ptr [rbx + 32]",
            "adcx r14, rax",
            "adox rbp, r15",
            "mulx r15, rax, qword ptr [rbx + 40]",
            "adcx rbp, rax",
            "adox r8, r15",
            "mulx r15, rax, qword ptr [rbx + 48]",
            "adcx r8, rax",
            "adox r9, r15",
            "mulx r15, rax, qword ptr [rbx + 56]",
            "adcx r9, rax",
            "adox r10, r15",
            "mov eax, 0",
            "adcx r10, rax",
            "23:",
            "mov rdx, qword ptr [rsi + 24]",
            "xor eax, eax",
            "mulx r15, rax, qword ptr [rbx]",
            "adcx r11, rax",
            "adox r12, r15",
            "mov qword ptr [rdi + 24], r11",
            "mov r11d, 0",
            "mulx r15, rax, qword ptr [rbx + 8]",
            "adcx r12, rax",
            "adox r13, r15",
            "mulx r15, rax, qword ptr [rbx + 16]",
            "adcx r13, rax",
            "adox r14, r15",
            "mulx r15, rax, qword ptr [rbx + 24]",
            "adcx r14, rax",
            "adox rbp, r15",
            "mulx r15, rax, qword ptr [rbx + 32]",
            "adcx rbp, rax",
            "adox r8, r15",
            "mulx r15, rax, qword ptr [rbx + 40]",
            "adcx r8, rax",
            "adox r9, r15",
            "mulx r15, rax, qword ptr [rbx + 48]",
            "adcx r9, rax",
            "adox r10, r15",
            "mulx r15, rax, qword ptr [rbx + 56]",
            "adcx r10, rax",
            "adox r11, r15",
            "mov eax, 0",
            "adcx r11, rax",
            "24:",
            "mov rdx, qword ptr [rsi + 32]",
            "xor eax, eax",
            "mulx r15, rax, qword ptr [rbx]",
            "adcx r12, rax",
            "adox r13, r15",
            "mov qword ptr [rdi + 32], r12",
            "mov r12d, 0",
            "mulx r15, rax, qword ptr [rbx + 8]",
            "adcx r13, rax",
            "adox r14, r15",
            "mulx r15, rax, qword ptr [rbx + 16]",
            "adcx r14, rax",
            "adox rbp, r15",
            "mulx r15, rax, qword ptr [rbx + 24]",
            "adcx rbp, rax",
            "adox r8, r15",
            "mulx r15, rax, qword ptr [rbx + 32]",
            "adcx r8, rax",
            "adox r9, r15",
            "mulx r15, rax, qword ptr [rbx + 40]",
            "adcx r9, rax",
            "adox r10, r15",
            "mulx r15, rax, qword ptr [rbx + 48]",
            "adcx r10, rax",
            "adox r11, r15",
            "mulx r15, rax, qword ptr [rbx + 56]",
            "adcx r11, rax",
            "adox r12, r15",
            "mov eax, 0",
            "adcx r12, rax",
            "25:",
            "mov rdx, qword ptr [rsi + 40]",
            "xor eax, eax",
            "mulx r15, rax, qword ptr [rbx]",
            "adcx r13, rax",
            "adox r14, r15",
            "mov qword ptr [rdi + 40], r13",
            "mov r13d, 0",
            "mulx r15, rax, qword ptr [rbx + 8]",
            "adcx r14, rax",
            "adox rbp, r15",
            "mulx r15, rax, qword ptr [rbx + 16]",
            "adcx rbp, rax",
            "adox r8, r15",
            "mulx r15, rax, qword ptr [rbx + 24]",
            "adcx r8, rax",
            "adox r9, r15",
            "mulx r15, rax, qword ptr [rbx + 32]",
            "adcx r9, rax",
            "adox r10, r15",
            "mulx r15, rax, qword ptr [rbx + 40]",
            "adcx r10, rax",
            "adox r11, r15",
            "mulx r15, rax, qword ptr [rbx + 48]",
            "adcx r11, rax",
            "adox r12, r15",
            "mulx r15, rax, qword ptr [rbx + 56]",
            "adcx r12, rax",
            "adox r13, r15",
            "mov eax, 0",
            "adcx r13, rax",
            "26:",
            "mov rdx, qword ptr [rsi + 48]",
            "xor eax, eax",
            "mulx r15, rax, qword ptr [rbx]",
            "adcx r14, rax",
            "adox rbp, r15",
            "mov qword ptr [rdi + 48], r14",
            "mov r14d, 0",
            "mulx r15, rax, qword ptr [rbx + 8]",
            "adcx rbp, rax",
            "adox r8, r15",
            "mulx r15, rax, qword ptr [rbx + 16]",
            "adcx r8, rax",
            "adox r9, r15",
            "mulx r15, rax, qword ptr [rbx + 24]",
            "adcx r9, rax",
            "adox r10, r15",
            "mulx r15, rax, qword ptr [rbx + 32]",
            "adcx r10, rax",
            "adox r11, r15",
            "mulx r15, rax, qword ptr [rbx + 40]",
            "adcx r11, rax",
            "adox r12, r15",
            "mulx r15, rax, qword ptr [rbx + 48]",
            "adcx r12, rax",
            "adox r13, r15",
            "mulx r15, rax, qword ptr [rbx + 56]",
            "adcx r13, rax",
            "adox r14, r15",
            "mov eax, 0",
            "adcx r14, rax",
            "27:",
            "mov rdx, qword ptr [rsi + 56]",
            "xor eax, eax",
            "mulx r15, rax, qword ptr [rbx]",
            "adcx rbp, rax",
            "adox r8, r15",
            "mov qword ptr [rdi + 56], rbp",
            "mov ebp, 0",
            "mulx r15, rax, qword ptr [rbx + 8]",
            "adcx r8, rax",
            "adox r9, r15",
            "mulx r15, rax, qword ptr [rbx + 16]",
            "adcx r9, rax",
            "adox r10, r15",
            "mulx r15, rax, qword ptr [rbx + 24]",
            "adcx r10, rax",
            "adox r11, r15",
            "mulx r15, rax, qword ptr [rbx + 32]",
            "adcx r11, rax",
            "adox r12, r15",
            "mulx r15, rax, qword ptr [rbx + 40]",
            "adcx r12, rax",
            "adox r13, r15",
            "mulx r15, rax, qword ptr [rbx + 48]",
            "adcx r13, rax",
            "adox r14, r15",
            "mulx r15, rax, qword ptr [rbx + 56]",
            "adcx r14, rax",
            "adox rbp, r15",
            "mov eax, 0",
            "adcx rbp, rax",
            "lea rsi, [rsi + 64]",
            "lea rdi, [rdi + 64]",
            "lea rcx, [rcx + 1]",
            "jrcxz 3f",
            "jmp 20b",
            "3:",
            "mov qword ptr [rdi + 0], r8",
            "mov qword ptr [rdi + 8], r9",
            "mov qword ptr [rdi + 16], r10",
            "mov qword ptr [rdi + 24], r11",
            "mov qword ptr [rdi + 32], r12",
            "mov qword ptr [rdi + 40], r13",
            "mov qword ptr [rdi + 48], r14",
            "mov qword ptr [rdi + 56], rbp",
            "vmovq rbx, xmm14",
            "vmovq rbp, xmm15",
            inout("rax") skip => _,
            inout("rdx") b.as_ptr() => _,
            inout("rsi") a.as_ptr().wrapping_sub(skip) => _,
            inout("rdi") r.as_mut_ptr().wrapping_sub(skip) => _,
            inout("rcx") -(passes as isize) => _,
            out("r8") _,
            out("r9") _,
            out("r10") _,
            out("r11") _,
            out("r12") _,
            out("r13") _,
            out("r14") _,
            out("r15") _,
            out("xmm14") _,
            out("xmm15") _,
            options(nostack),
        );
    }
}

/// Schoolbook product `r = a·b` row by row with [`addmul_1_adx`]; requires
/// `a.len() >= b.len() >= 1` and `r.len() == a.len() + b.len()`.
///
/// # Safety
/// The CPU must support BMI2 and ADX ([`has_bmi2_adx`](super::has_bmi2_adx)).
#[target_feature(enable = "bmi2,adx")]
pub unsafe fn mul_basecase_adx(r: &mut [u64], a: &[u64], b: &[u64]) {
    let an = a.len();
    let mut first = 0;
    if let Some(b8) = b.first_chunk::<8>() {
        // SAFETY: the caller guarantees BMI2 and ADX; `r` holds an + bn >= an + 8 limbs.
        unsafe { mul_n8_adx(&mut r[..an + 8], a, b8) };
        first = 8;
    } else {
        r[..an].fill(0);
    }
    for (j, &bj) in b.iter().enumerate().skip(first) {
        let row = &mut r[j..j + an];
        // SAFETY: `row` and `a` hold `an` limbs each and do not overlap (`r` is borrowed
        // mutably); the caller guarantees BMI2 and ADX.
        r[j + an] = unsafe { addmul_row(row.as_mut_ptr(), a.as_ptr(), an, bj) };
    }
}

/// Schoolbook square `r = a²` (`a.len() >= 1`, `r.len() == 2·a.len()`): the off-diagonal
/// products `a_i·a_j`, `i < j`, row by row with the ADX row kernel, then the doubling and the
/// diagonal squares in one pass on the two carry chains.
///
/// # Safety
/// The CPU must support BMI2 and ADX ([`has_bmi2_adx`](super::has_bmi2_adx)).
#[target_feature(enable = "bmi2,adx")]
pub unsafe fn sqr_basecase_adx(r: &mut [u64], a: &[u64]) {
    let n = a.len();
    assert!(n >= 1 && r.len() == 2 * n);
    // Row 0 adds into r[1..n]; row i stores its carry into r[i + n] before any later row
    // reads it, so only the low half and the top limb need clearing. (Writing row 0 with the
    // portable mul_1 instead measured slower: the ADX row on cleared limbs is faster.)
    r[..n].fill(0);
    r[2 * n - 1] = 0;
    for i in 0..n - 1 {
        let len = n - 1 - i;
        let row = &mut r[2 * i + 1..2 * i + 1 + len];
        let src = &a[i + 1..];
        // SAFETY: `row` and `src` hold `len` limbs each and do not overlap (`r` is borrowed
        // mutably); the caller guarantees BMI2 and ADX.
        r[i + n] = unsafe { addmul_row(row.as_mut_ptr(), src.as_ptr(), len, a[i]) };
    }
    // SAFETY: `r` holds 2n limbs and `a` n; the caller guarantees BMI2 and ADX.
    unsafe { double_add_diagonal(r.as_mut_ptr(), a.as_ptr(), n) };
}

/// `r[..2n] = 2·r[..2n] + Σ a_i²·B^(2i)`, the last step of a schoolbook square (the result
/// must fit in 2n limbs): the doubling rides the ADCX chain (`x + x + CF`), the squares the
/// ADOX chain.
///
/// # Safety
/// The CPU must support BMI2 and ADX; `a` must be valid for reading `n >= 1` limbs and `r` for
/// reading and writing `2n` limbs, not overlapping `a`.
#[inline(always)]
unsafe fn double_add_diagonal(r: *mut u64, a: *const u64, n: usize) {
    // SAFETY: step i reads a[i] and reads and writes r[2i] and r[2i + 1] for i < n, counted
    // by rcx from -n up to 0. Only mov, lea, mulx, jrcxz and jmp sit between the ADCX/ADOX
    // instructions after the xor that clears both flags.
    unsafe {
        asm!(
            "xor {lo:e}, {lo:e}",
            "2:",
            "mov rdx, qword ptr [{a}]",
            "mulx {hi}, {lo}, rdx",
            "mov {x0}, qword ptr [{r}]",
            "mov {x1}, qword ptr [{r} + 8]",
            "adcx {x0}, {x0}",
            "adcx {x1}, {x1}",
            "adox {x0}, {lo}",
            "adox {x1}, {hi}",
            "mov qword ptr [{r}], {x0}",
            "mov qword ptr [{r} + 8], {x1}",
            "lea {a}, [{a} + 8]",
            "lea {r}, [{r} + 16]",
            "lea rcx, [rcx + 1]",
            "jrcxz 3f",
            "jmp 2b",
            "3:",
            a = inout(reg) a => _,
            r = inout(reg) r => _,
            inout("rcx") -(n as isize) => _,
            out("rdx") _,
            lo = out(reg) _,
            hi = out(reg) _,
            x0 = out(reg) _,
            x1 = out(reg) _,
            options(nostack),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::super::has_bmi2_adx;
    use super::*;
    use crate::limbs::test_limbs as limbs;
    use crate::limbs::{addmul_1_portable, mul_basecase_portable, submul_1_portable};

    #[test]
    fn mul_4x4_adx_matches_portable_twin() {
        if !has_bmi2_adx() {
            return;
        }
        let mut seed = 3;
        let mut operands: Vec<[u64; 4]> = vec![[0; 4], [u64::MAX; 4], [1, 0, 0, 0], [0, 0, 0, 1]];
        operands.extend((0..200).map(|_| <[u64; 4]>::try_from(limbs(4, &mut seed)).unwrap()));
        for a in &operands {
            for b in &operands {
                let mut r = [7; 8];
                // SAFETY: BMI2 and ADX are present (checked above).
                unsafe { mul_4x4_adx(&mut r, a, b) };
                let expect: [u64; 8] = crate::limbs::mul_4x4(a, b);
                assert_eq!(r, expect, "mul_4x4 {a:x?} {b:x?}");
            }
        }
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
