//! Montgomery multiplication for two special moduli with MULX, ADCX and ADOX (BMI2 + ADX):
//! p = 2^255 − 19 and p = 2^256 − c with all-ones upper limbs (secp256k1's p), whose
//! reduction rounds take one MULX instead of four. Both end with the subtraction of p: results
//! below p. The portable twin is `mont::mul_cios`, compared against these in tests/field.rs.

use super::has_mulx_adx;

/// 19⁻¹ mod 2^128 = −p⁻¹ mod 2^128 for p = 2^255 − 19 (two limbs), then 19: the constants of
/// [`mont_mul_25519`], read through a pointer.
static K25519: [u64; 3] = {
    // Newton's iteration x ← x·(2 − 19x) doubles the correct low bits: 1, 2, 4, ..., 128.
    let mut x: u128 = 1;
    let mut i = 0;
    while i < 7 {
        x = x.wrapping_mul(2u128.wrapping_sub(19u128.wrapping_mul(x)));
        i += 1;
    }
    [x as u64, (x >> 64) as u64, 19]
};

/// a·b·R⁻¹ mod p for p = 2^255 − 19 and a, b < p. CIOS on two-limb digits with the reduction
/// specialised to this p: m = (t mod 2^128)·19⁻¹ mod 2^128 (m0 = lo(t0·q0), m1 = hi(t0·q0) +
/// lo(t0·q1) + lo(t1·q0)), and m·p = m·2^255 − 19·m, where 19·m agrees with t on its low 128
/// bits; so a round replaces t by ⌊t/2^128⌋ − s + m·2^127, with s = ⌊19·m/2^128⌋ = hi(19·m1)
/// plus the carry of the middle limb, which is [t1 < lo(19·m1)]: one MULX for the whole of
/// m·p. Two rounds, each after two rows of a; every sum stays below 2^384 and each round's
/// result below 2p; p is subtracted once at the end by adding 19 and testing bit 255. a's words
/// arrive in the registers the result leaves in, `a[2]` and `a[3]` stored to a scratch array first
/// (as in [`mont_mul_6_nc`]): a chain of products 11.65 → 11.43 ns in the harness.
/// `None` without BMI2/ADX.
#[inline(always)]
pub fn mont_mul_25519(a: &[u64; 4], b: &[u64; 4]) -> Option<[u64; 4]> {
    const { assert!(K25519[0] == 0x86bc_a1af_286b_ca1b) };
    if !has_mulx_adx() {
        return None;
    }
    let mut scratch = core::mem::MaybeUninit::<[u64; 4]>::uninit();
    let (r0, r1, r2, r3);
    // SAFETY: the CPU has BMI2 and ADX (checked above). The code writes scratch[2..4] (a local
    // array, through rsi) before it reads them, reads b[0..4] and K25519 through the pointer
    // registers, writes no other memory, and clobbers only the registers declared below; in
    // the ADCX/ADOX rows the xor sets the flags and only mulx and mov (which leave CF and OF
    // alone) run between them; add/sub/cmp start every other flag chain.
    unsafe {
        core::arch::asm!(
            "mov qword ptr [rsi + 16], r8",
            "mov qword ptr [rsi + 24], r9",
            // t = a0·b (r8..r12), then + a1·b·2^64 (r9..r13).
            "mulx r9, r8, qword ptr [rdi]",
            "mulx r10, rax, qword ptr [rdi + 8]",
            "add r9, rax",
            "mulx r11, rax, qword ptr [rdi + 16]",
            "adc r10, rax",
            "mulx r12, rax, qword ptr [rdi + 24]",
            "adc r11, rax",
            "adc r12, 0",
            "mov rdx, r13",
            "xor r13d, r13d",
            "mulx rcx, rax, qword ptr [rdi]",
            "adox r9, rax",
            "adcx r10, rcx",
            "mulx rcx, rax, qword ptr [rdi + 8]",
            "adox r10, rax",
            "adcx r11, rcx",
            "mulx rcx, rax, qword ptr [rdi + 16]",
            "adox r11, rax",
            "adcx r12, rcx",
            "mulx rcx, rax, qword ptr [rdi + 24]",
            "adox r12, rax",
            "adcx r13, rcx",
            "mov eax, 0",
            "adox r13, rax",
            // m = (rcx, r15) from t0 = r8, t1 = r9; s = hi(19·m1) + [t1 < lo(19·m1)] in rdx.
            "mov rdx, r8",
            "mulx r15, rcx, qword ptr [r14]",
            "imul rdx, qword ptr [r14 + 8]",
            "add r15, rdx",
            "mov rax, r9",
            "imul rax, qword ptr [r14]",
            "add r15, rax",
            "mov rdx, r15",
            "mulx rdx, rax, qword ptr [r14 + 16]",
            "cmp r9, rax",
            "adc rdx, 0",
            // t = t[2..6] − s + m·2^127 in r10..r13.
            "mov rax, rcx",
            "shl rax, 63",
            "shrd rcx, r15, 1",
            "shr r15, 1",
            "sub r10, rdx",
            "sbb r11, 0",
            "sbb r12, 0",
            "sbb r13, 0",
            "add r11, rax",
            "adc r12, rcx",
            "adc r13, r15",
            // t += a2·b (r10..r13, r8), then a3·b·2^64 (r11..r13, r8, r9).
            "mov rdx, qword ptr [rsi + 16]",
            "xor r8d, r8d",
            "mulx rcx, rax, qword ptr [rdi]",
            "adox r10, rax",
            "adcx r11, rcx",
            "mulx rcx, rax, qword ptr [rdi + 8]",
            "adox r11, rax",
            "adcx r12, rcx",
            "mulx rcx, rax, qword ptr [rdi + 16]",
            "adox r12, rax",
            "adcx r13, rcx",
            "mulx rcx, rax, qword ptr [rdi + 24]",
            "adox r13, rax",
            "adcx r8, rcx",
            "mov eax, 0",
            "adox r8, rax",
            "mov rdx, qword ptr [rsi + 24]",
            "xor r9d, r9d",
            "mulx rcx, rax, qword ptr [rdi]",
            "adox r11, rax",
            "adcx r12, rcx",
            "mulx rcx, rax, qword ptr [rdi + 8]",
            "adox r12, rax",
            "adcx r13, rcx",
            "mulx rcx, rax, qword ptr [rdi + 16]",
            "adox r13, rax",
            "adcx r8, rcx",
            "mulx rcx, rax, qword ptr [rdi + 24]",
            "adox r8, rax",
            "adcx r9, rcx",
            "mov eax, 0",
            "adox r9, rax",
            // The second round, from t0 = r10, t1 = r11, into r12, r13, r8, r9.
            "mov rdx, r10",
            "mulx r15, rcx, qword ptr [r14]",
            "imul rdx, qword ptr [r14 + 8]",
            "add r15, rdx",
            "mov rax, r11",
            "imul rax, qword ptr [r14]",
            "add r15, rax",
            "mov rdx, r15",
            "mulx rdx, rax, qword ptr [r14 + 16]",
            "cmp r11, rax",
            "adc rdx, 0",
            "mov rax, rcx",
            "shl rax, 63",
            "shrd rcx, r15, 1",
            "shr r15, 1",
            "sub r12, rdx",
            "sbb r13, 0",
            "sbb r8, 0",
            "sbb r9, 0",
            "add r13, rax",
            "adc r8, rcx",
            "adc r9, r15",
            // Subtract p if t ≥ p: t + 19 reaches 2^255 exactly then.
            "mov rax, r12",
            "mov rcx, r13",
            "mov rdx, r8",
            "mov rsi, r9",
            "add rax, 19",
            "adc rcx, 0",
            "adc rdx, 0",
            "adc rsi, 0",
            "btr rsi, 63",
            "cmovc r12, rax",
            "cmovc r13, rcx",
            "cmovc r8, rdx",
            "cmovc r9, rsi",
            inout("rdx") a[0] => _,
            inout("rsi") scratch.as_mut_ptr() as *mut u64 => _,
            in("rdi") b.as_ptr(),
            in("r14") K25519.as_ptr(),
            out("r12") r0,
            inout("r13") a[1] => r1,
            inout("r8") a[2] => r2,
            inout("r9") a[3] => r3,
            out("r10") _,
            out("r11") _,
            out("rax") _,
            out("rcx") _,
            out("r15") _,
            options(nostack),
        );
    }
    Some([r0, r1, r2, r3])
}

/// a·b·R⁻¹ mod p for p = 2^256 − c whose upper three limbs are all ones (secp256k1's
/// p = 2^256 − 2^32 − 977), a, b < p; `k` is −p⁻¹ mod 2^64 (= c⁻¹) and c. CIOS with the
/// reduction specialised as for 2^255 − 19: m·p = m·2^256 − m·c, where the low word of m·c
/// cancels t0 exactly, so a round adds m at limb 4 and subtracts the high word of m·c at limb
/// 1, one MULX instead of four. The borrow of that subtraction is not carried up at once: it
/// joins the next round's subtraction at the same place (hi + 1 ≤ c), and the last one runs up
/// the result before the final subtraction of p (adding c and testing the carry out of 2^256).
/// Each round's sum stays below 2^384 and the result below 2p. The first row takes b's limbs
/// from registers: squaring passes `b = a`, in a chain just computed, and loading all of it back
/// at once would make the first products wait on the stores (the later rows read through the
/// pointers, long after). `None` without BMI2/ADX.
#[inline(always)]
pub fn mont_mul_pm256(a: &[u64; 4], b: &[u64; 4], k: &[u64; 2]) -> Option<[u64; 4]> {
    if !has_mulx_adx() {
        return None;
    }
    let (r0, r1, r2, r3);
    // SAFETY: the CPU has BMI2 and ADX (checked above). The code reads a[1..4], b[0..4] and
    // k[0..2] through the pointer registers, writes no memory, and clobbers only the registers
    // declared below; b[0..4] also arrive in r12, rcx, r15 and r13, each read by the first row
    // before anything writes it. In the ADCX/ADOX rows the xor clears the flags and only mulx
    // and mov (which leave CF and OF alone) run between them; sub/add/neg start every other
    // chain.
    unsafe {
        core::arch::asm!(
            "mulx r9, r8, r12",
            "mulx r10, rax, rcx",
            "add r9, rax",
            "mulx r11, rax, r15",
            "adc r10, rax",
            "mulx r12, rax, r13",
            "adc r11, rax",
            "adc r12, 0",
            "xor r13d, r13d",
            "mov rdx, r8",
            "imul rdx, qword ptr [r14]",
            "mulx rcx, r8, qword ptr [r14 + 8]",
            "sub r9, rcx",
            "sbb r15, r15",
            "add r12, rdx",
            "adc r13, 0",
            "mov rdx, qword ptr [rsi + 8]",
            "xor r8d, r8d",
            "mulx rcx, rax, qword ptr [rdi + 0]",
            "adox r9, rax",
            "adcx r10, rcx",
            "mulx rcx, rax, qword ptr [rdi + 8]",
            "adox r10, rax",
            "adcx r11, rcx",
            "mulx rcx, rax, qword ptr [rdi + 16]",
            "adox r11, rax",
            "adcx r12, rcx",
            "mulx rcx, rax, qword ptr [rdi + 24]",
            "adox r12, rax",
            "adcx r13, rcx",
            "mov eax, 0",
            "adox r13, rax",
            "adcx r8, rax",
            "adox r8, rax",
            "mov rdx, r9",
            "imul rdx, qword ptr [r14]",
            "mulx rcx, r9, qword ptr [r14 + 8]",
            "sub rcx, r15",
            "sub r10, rcx",
            "sbb r15, r15",
            "add r13, rdx",
            "adc r8, 0",
            "mov rdx, qword ptr [rsi + 16]",
            "xor r9d, r9d",
            "mulx rcx, rax, qword ptr [rdi + 0]",
            "adox r10, rax",
            "adcx r11, rcx",
            "mulx rcx, rax, qword ptr [rdi + 8]",
            "adox r11, rax",
            "adcx r12, rcx",
            "mulx rcx, rax, qword ptr [rdi + 16]",
            "adox r12, rax",
            "adcx r13, rcx",
            "mulx rcx, rax, qword ptr [rdi + 24]",
            "adox r13, rax",
            "adcx r8, rcx",
            "mov eax, 0",
            "adox r8, rax",
            "adcx r9, rax",
            "adox r9, rax",
            "mov rdx, r10",
            "imul rdx, qword ptr [r14]",
            "mulx rcx, r10, qword ptr [r14 + 8]",
            "sub rcx, r15",
            "sub r11, rcx",
            "sbb r15, r15",
            "add r8, rdx",
            "adc r9, 0",
            "mov rdx, qword ptr [rsi + 24]",
            "xor r10d, r10d",
            "mulx rcx, rax, qword ptr [rdi + 0]",
            "adox r11, rax",
            "adcx r12, rcx",
            "mulx rcx, rax, qword ptr [rdi + 8]",
            "adox r12, rax",
            "adcx r13, rcx",
            "mulx rcx, rax, qword ptr [rdi + 16]",
            "adox r13, rax",
            "adcx r8, rcx",
            "mulx rcx, rax, qword ptr [rdi + 24]",
            "adox r8, rax",
            "adcx r9, rcx",
            "mov eax, 0",
            "adox r9, rax",
            "adcx r10, rax",
            "adox r10, rax",
            "mov rdx, r11",
            "imul rdx, qword ptr [r14]",
            "mulx rcx, r11, qword ptr [r14 + 8]",
            "sub rcx, r15",
            "sub r12, rcx",
            "sbb r15, r15",
            "add r9, rdx",
            "adc r10, 0",
            "neg r15",
            "sub r13, r15",
            "sbb r8, 0",
            "sbb r9, 0",
            "sbb r10, 0",
            "mov rax, r12",
            "add rax, qword ptr [r14 + 8]",
            "mov rcx, r13",
            "adc rcx, 0",
            "mov rdx, r8",
            "adc rdx, 0",
            "mov rsi, r9",
            "adc rsi, 0",
            "adc r10, 0",
            "cmovnz r12, rax",
            "cmovnz r13, rcx",
            "cmovnz r8, rdx",
            "cmovnz r9, rsi",
            inout("rdx") a[0] => _,
            inout("rsi") a.as_ptr() => _,
            in("rdi") b.as_ptr(),
            in("r14") k.as_ptr(),
            inout("r12") b[0] => r0,
            inout("r13") b[3] => r1,
            inout("rcx") b[1] => _,
            inout("r15") b[2] => _,
            out("r8") r2,
            out("r9") r3,
            out("r10") _,
            out("r11") _,
            out("rax") _,
            options(pure, readonly, nostack),
        );
    }
    Some([r0, r1, r2, r3])
}
