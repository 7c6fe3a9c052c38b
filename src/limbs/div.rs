//! Interim bitwise long division (replaced by the limbs branch).

/// `q = a / d`, returns `a % d`.
pub fn divrem_1(q: &mut [u64], a: &[u64], d: u64) -> u64 {
    let mut r = 0u128;
    for i in (0..a.len()).rev() {
        let x = (r << 64) | a[i] as u128;
        q[i] = (x / d as u128) as u64;
        r = x % d as u128;
    }
    r as u64
}

/// Scratch needed by [`divrem`].
pub fn divrem_scratch_len(_an: usize, _dn: usize) -> usize {
    0
}

/// `q = a / d`, `r = a % d`.
pub fn divrem(q: &mut [u64], r: &mut [u64], a: &[u64], d: &[u64], _scratch: &mut [u64]) {
    q.fill(0);
    let mut rem = vec![0u64; d.len() + 1];
    for bit in (0..a.len() * 64).rev() {
        let top = super::shl_assign(&mut rem, 1);
        debug_assert_eq!(top, 0);
        rem[0] |= (a[bit / 64] >> (bit % 64)) & 1;
        if super::cmp(super::normalized(&rem), super::normalized(d)).is_ge() {
            let n = rem.len();
            let mut dd = d.to_vec();
            dd.resize(n, 0);
            super::sub_n_assign(&mut rem, &dd);
            if bit / 64 < q.len() {
                q[bit / 64] |= 1 << (bit % 64);
            }
        }
    }
    r.copy_from_slice(&rem[..d.len()]);
}
