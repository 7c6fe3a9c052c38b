//! Four-limb modular addition on the two carry chains, and the final subtraction of p that
//! the no-carry kernels leave out, for four and six limbs.

use super::has_mulx_adx;

/// (a + b) mod p for 4-limb p and a, b < p, given `bd` = b followed by b − p mod 2^256 (which a
/// caller adding the same b again and again computes once). a + b runs on the CF chain (ADCX)
/// and a + (b − p) on the OF chain (ADOX) side by side; the second carries out exactly when
/// a + b ≥ p, and CMOVO takes it: the chain from a to the sum is five instructions long.
/// `None` without ADX.
#[inline(always)]
pub fn mod_add_4(a: &[u64; 4], bd: &[u64; 8]) -> Option<[u64; 4]> {
    if !has_mulx_adx() {
        return None;
    }
    let [mut s0, mut s1, mut s2, mut s3] = *a;
    // SAFETY: the CPU has ADX (checked above). The code reads bd[0..8] through `bd`, writes no
    // memory, and clobbers only its operands; xor clears CF and OF before the two chains, and
    // between them only mov, ADCX and ADOX run.
    unsafe {
        core::arch::asm!(
            "xor {t0:e}, {t0:e}",
            "mov {t0}, {s0}",
            "mov {t1}, {s1}",
            "mov {t2}, {s2}",
            "mov {t3}, {s3}",
            "adcx {s0}, qword ptr [{bd}]",
            "adox {t0}, qword ptr [{bd} + 32]",
            "adcx {s1}, qword ptr [{bd} + 8]",
            "adox {t1}, qword ptr [{bd} + 40]",
            "adcx {s2}, qword ptr [{bd} + 16]",
            "adox {t2}, qword ptr [{bd} + 48]",
            "adcx {s3}, qword ptr [{bd} + 24]",
            "adox {t3}, qword ptr [{bd} + 56]",
            "cmovo {s0}, {t0}",
            "cmovo {s1}, {t1}",
            "cmovo {s2}, {t2}",
            "cmovo {s3}, {t3}",
            s0 = inout(reg) s0,
            s1 = inout(reg) s1,
            s2 = inout(reg) s2,
            s3 = inout(reg) s3,
            t0 = out(reg) _,
            t1 = out(reg) _,
            t2 = out(reg) _,
            t3 = out(reg) _,
            bd = in(reg) bd.as_ptr(),
            options(pure, readonly, nostack),
        );
    }
    Some([s0, s1, s2, s3])
}

/// x − p if x ≥ p, else x, for 4-limb x < 2p: the final subtraction the no-carry product and
/// square kernels leave out, for the fields that are not lazy (sub/sbb into copies, then cmov
/// on the borrow, as the kernels had it; Rust's masked select measured 14.8 against 12.0 ns a
/// BLS12-381 Fr product). Needs nothing beyond x86_64. The portable twin is
/// `field::mont::sub_p_if_ge`.
#[inline(always)]
pub fn reduce_once_4(x: [u64; 4], p: &[u64; 4]) -> [u64; 4] {
    let [mut r0, mut r1, mut r2, mut r3] = x;
    // SAFETY: reads p[0..4] through its pointer, writes no memory and only the registers
    // declared; the sub/sbb chain sets the borrow the cmovs read, nothing between touches it.
    unsafe {
        core::arch::asm!(
            "mov {t0}, {r0}",
            "sub {t0}, qword ptr [{p}]",
            "mov {t1}, {r1}",
            "sbb {t1}, qword ptr [{p} + 8]",
            "mov {t2}, {r2}",
            "sbb {t2}, qword ptr [{p} + 16]",
            "mov {t3}, {r3}",
            "sbb {t3}, qword ptr [{p} + 24]",
            "cmovnc {r0}, {t0}",
            "cmovnc {r1}, {t1}",
            "cmovnc {r2}, {t2}",
            "cmovnc {r3}, {t3}",
            r0 = inout(reg) r0,
            r1 = inout(reg) r1,
            r2 = inout(reg) r2,
            r3 = inout(reg) r3,
            t0 = out(reg) _,
            t1 = out(reg) _,
            t2 = out(reg) _,
            t3 = out(reg) _,
            p = in(reg) p.as_ptr(),
            options(pure, readonly, nostack),
        );
    }
    [r0, r1, r2, r3]
}

/// x − p if x ≥ p, else x, for 6-limb x < 2p: [`reduce_once_4`] for six limbs.
#[inline(always)]
pub fn reduce_once_6(x: [u64; 6], p: &[u64; 6]) -> [u64; 6] {
    let [mut r0, mut r1, mut r2, mut r3, mut r4, mut r5] = x;
    // SAFETY: as in `reduce_once_4`.
    unsafe {
        core::arch::asm!(
            "mov {t0}, {r0}",
            "sub {t0}, qword ptr [{p}]",
            "mov {t1}, {r1}",
            "sbb {t1}, qword ptr [{p} + 8]",
            "mov {t2}, {r2}",
            "sbb {t2}, qword ptr [{p} + 16]",
            "mov {t3}, {r3}",
            "sbb {t3}, qword ptr [{p} + 24]",
            "mov {t4}, {r4}",
            "sbb {t4}, qword ptr [{p} + 32]",
            "mov {t5}, {r5}",
            "sbb {t5}, qword ptr [{p} + 40]",
            "cmovnc {r0}, {t0}",
            "cmovnc {r1}, {t1}",
            "cmovnc {r2}, {t2}",
            "cmovnc {r3}, {t3}",
            "cmovnc {r4}, {t4}",
            "cmovnc {r5}, {t5}",
            r0 = inout(reg) r0,
            r1 = inout(reg) r1,
            r2 = inout(reg) r2,
            r3 = inout(reg) r3,
            r4 = inout(reg) r4,
            r5 = inout(reg) r5,
            t0 = out(reg) _,
            t1 = out(reg) _,
            t2 = out(reg) _,
            t3 = out(reg) _,
            t4 = out(reg) _,
            t5 = out(reg) _,
            p = in(reg) p.as_ptr(),
            options(pure, readonly, nostack),
        );
    }
    [r0, r1, r2, r3, r4, r5]
}
