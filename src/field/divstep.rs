//! Constant-time Bernstein–Yang divsteps on two words ("Fast constant-time gcd computation
//! and modular inversion", TCHES 2019/3, §2 and the half-delta form of Wuille's safegcd), the
//! inner loop of the field inverse: `STEPS` steps, O(STEPS), no branch on the data.
//! On x86_64 each step is one block of CMOV selections (`field::x86_64::divstep`, about 3.5
//! cycles of latency a step); [`divsteps_portable`] is the masked twin that tests compare with.

/// `STEPS` divsteps on (zeta, f, g) with f odd, zeta = −(delta + 1/2): while g is odd,
/// g ← (g − f)/2 and f ← g if delta > 0 (then delta ← 1 − delta), else g ← (g + f)/2;
/// an even g is halved. Words are two's complement and every operation is exact as long
/// as the caller's values cannot overflow i64 (the field inverse packs a matrix row above
/// the low bits of f and g, and each halving halves the whole word) and |zeta| < 2^62.
///
/// ```
/// use carry::__private::divstep::divsteps;
/// // gcd(3, 5) in divsteps: after enough steps g reaches 0 and f = ±1.
/// let (_, f, g) = divsteps::<8>(-1, 3, 5);
/// assert_eq!((f.abs(), g), (1, 0));
/// ```
#[inline(always)]
pub fn divsteps<const STEPS: u32>(zeta: i64, f: i64, g: i64) -> (i64, i64, i64) {
    #[cfg(target_arch = "x86_64")]
    {
        super::x86_64::divsteps_x86::<STEPS>(zeta, f, g)
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        divsteps_portable::<STEPS>(zeta, f, g)
    }
}

/// [`divsteps`] with masks in plain Rust: c1 = (delta > 0), c2 = (g odd), g += ±f & c2,
/// and the swap under c1 & c2.
///
/// ```
/// use carry::__private::divstep::{divsteps, divsteps_portable};
/// assert_eq!(divsteps_portable::<19>(-1, 12345, 678), divsteps::<19>(-1, 12345, 678));
/// ```
#[inline(always)]
pub fn divsteps_portable<const STEPS: u32>(
    mut zeta: i64,
    mut f: i64,
    mut g: i64,
) -> (i64, i64, i64) {
    for _ in 0..STEPS {
        // Both masks through the optimization barrier, so that no build turns them into
        // branches.
        let c1 = crate::limbs::barrier((zeta >> 63) as u64) as i64;
        let c2 = crate::limbs::barrier((g & 1).wrapping_neg() as u64) as i64;
        let x = (f ^ c1).wrapping_sub(c1);
        g = g.wrapping_add(x & c2);
        let swap = c1 & c2;
        zeta = (zeta ^ swap).wrapping_sub(1);
        f = f.wrapping_add(g & swap);
        g >>= 1;
    }
    (zeta, f, g)
}
