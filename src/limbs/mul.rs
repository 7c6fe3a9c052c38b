//! Interim schoolbook multiplication (replaced by the limbs branch).

/// `r = a·b`, `r.len() == a.len() + b.len()`.
pub fn mul_basecase(r: &mut [u64], a: &[u64], b: &[u64]) {
    r.fill(0);
    for (j, &y) in b.iter().enumerate() {
        let mut carry = 0u64;
        for (i, &x) in a.iter().enumerate() {
            let t = x as u128 * y as u128 + r[i + j] as u128 + carry as u128;
            r[i + j] = t as u64;
            carry = (t >> 64) as u64;
        }
        r[j + a.len()] = carry;
    }
}

/// Scratch needed by [`mul`].
pub fn mul_scratch_len(_an: usize, _bn: usize) -> usize {
    0
}

/// `r = a·b`.
pub fn mul(r: &mut [u64], a: &[u64], b: &[u64], _scratch: &mut [u64]) {
    mul_basecase(r, a, b)
}

/// Scratch needed by [`sqr`].
pub fn sqr_scratch_len(_n: usize) -> usize {
    0
}

/// `r = a²`.
pub fn sqr(r: &mut [u64], a: &[u64], _scratch: &mut [u64]) {
    mul_basecase(r, a, a)
}
