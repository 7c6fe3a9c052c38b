//! The NTT product's stand-in without a heap (feature `alloc` off): the transforms allocate
//! their residue buffers and twiddle tables, so here [`ntt_fits`] is false and `mul`, `sqr` and
//! the division never select them; the products stay with Karatsuba and Toom-3.

/// The transform length for a product of `limbs` limbs (as with a heap).
pub(super) fn transform_len(limbs: usize) -> usize {
    (2 * limbs - 1).next_power_of_two()
}

/// No product fits a transform without a heap.
pub fn ntt_fits(_limbs: usize) -> bool {
    false
}

/// Never called: [`ntt_fits`] is false.
pub fn mul_ntt(_r: &mut [u64], _a: &[u64], _b: &[u64]) {
    unreachable!("the NTT product needs the alloc feature")
}

/// Never called: [`ntt_fits`] is false.
pub fn sqr_ntt(_r: &mut [u64], _a: &[u64]) {
    unreachable!("the NTT product needs the alloc feature")
}

/// Never called: [`ntt_fits`] is false.
pub fn mul_ntt_wrap(_r: &mut [u64], _a: &[u64], _b: &[u64]) {
    unreachable!("the NTT product needs the alloc feature")
}
