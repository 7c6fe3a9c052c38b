//! The divstep kernel of the constant-time inverse as CMOV selections; the masked twin is
//! `field::divstep::divsteps_portable`.

/// [`divsteps`](super::super::divstep::divsteps) as CMOV selections on y = zeta + 1, whose
/// update is one negation or one decrement (y ← −y on a swap, else y − 1; zeta < 0 is y ≤ 0),
/// and c = [y ≤ 0] kept beside it, so that the swap condition "g odd and y ≤ 0" is one TEST of
/// g against c: x = ±f by the sign of y (the flags of y's negation); f ← g and y negated on a
/// swap; g ← (g odd ? g + x : g)/2, one shift after the selection. Thirteen ALU operations a step, six of them on the two
/// ports that take CMOV and shifts, and 3.5 cycles of latency a step (g to g two steps on).
#[inline(always)]
pub fn divsteps_x86<const STEPS: u32>(zeta: i64, mut f: i64, mut g: i64) -> (i64, i64, i64) {
    let mut y = zeta.wrapping_add(1);
    let mut c = ((zeta as u64) >> 63) as i64;
    for _ in 0..STEPS {
        // SAFETY: register-only arithmetic (no memory, no stack); every selection is a CMOV,
        // so the data never reaches a branch or an address.
        unsafe {
            core::arch::asm!(
                "mov {x}, {f}",
                "neg {x}",
                "lea {z}, [{y} - 1]",
                "neg {y}",
                "cmovs {x}, {f}",
                "lea {t}, [{g} + {x}]",
                "test {g}, {c}",
                "cmovz {y}, {z}",
                "cmovnz {f}, {g}",
                "test {g}, 1",
                "cmovnz {g}, {t}",
                "sar {g}, 1",
                "lea {c}, [{y} - 1]",
                "shr {c}, 63",
                f = inout(reg) f,
                g = inout(reg) g,
                y = inout(reg) y,
                c = inout(reg) c,
                x = out(reg) _,
                t = out(reg) _,
                z = out(reg) _,
                options(pure, nomem, nostack),
            );
        }
    }
    (y.wrapping_sub(1), f, g)
}
