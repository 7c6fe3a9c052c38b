//! The row phase of Montgomery reduction on the ADX row kernel.

use super::mul::addmul_row;

/// The row phase of Montgomery reduction ([`redc`](super::super::redc::redc)) for
/// `t.len() == 2·m.len()`, `minv = -m^(-1) mod 2^64`: row `i` adds `q·m` at limb `i` with
/// `q = t[i]·minv`, which clears that limb, and leaves the row's carry there. The ADX row kernel
/// is inlined, so a row is one multiply for its quotient limb and one pass over `m`. Its time
/// depends on the lengths only.
///
/// # Safety
/// The CPU must support BMI2 and ADX ([`has_bmi2_adx`](super::has_bmi2_adx)).
#[target_feature(enable = "bmi2,adx")]
pub unsafe fn redc_rows_adx(t: &mut [u64], m: &[u64], minv: u64) {
    let n = m.len();
    assert_eq!(t.len(), 2 * n);
    for i in 0..n {
        let q = t[i].wrapping_mul(minv);
        let row = &mut t[i..i + n];
        // SAFETY: `row` and `m` hold `n` limbs each and do not overlap (`t` is borrowed
        // mutably); the caller guarantees BMI2 and ADX.
        t[i] = unsafe { addmul_row(row.as_mut_ptr(), m.as_ptr(), n, q) };
    }
}
