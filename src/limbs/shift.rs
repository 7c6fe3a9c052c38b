//! Shifts by fewer than 64 bits across a limb slice: O(n).

/// `r = a << shift` for `0 < shift < 64`, `r.len() == a.len()`; returns the bits shifted out
/// of the top limb (in the low `shift` bits of the result).
#[inline]
pub fn shl(r: &mut [u64], a: &[u64], shift: u32) -> u64 {
    debug_assert!(shift > 0 && shift < 64);
    let n = a.len();
    if n == 0 {
        return 0;
    }
    let out = a[n - 1] >> (64 - shift);
    for i in (1..n).rev() {
        r[i] = (a[i] << shift) | (a[i - 1] >> (64 - shift));
    }
    r[0] = a[0] << shift;
    out
}

/// `a <<= shift` in place for `0 < shift < 64`; returns the bits shifted out of the top.
#[inline]
pub fn shl_assign(a: &mut [u64], shift: u32) -> u64 {
    debug_assert!(shift > 0 && shift < 64);
    let n = a.len();
    if n == 0 {
        return 0;
    }
    let out = a[n - 1] >> (64 - shift);
    for i in (1..n).rev() {
        a[i] = (a[i] << shift) | (a[i - 1] >> (64 - shift));
    }
    a[0] <<= shift;
    out
}

/// `r = a >> shift` for `0 < shift < 64`, `r.len() == a.len()`; returns the bits shifted out
/// of the bottom limb (in the high `shift` bits of the result).
#[inline]
pub fn shr(r: &mut [u64], a: &[u64], shift: u32) -> u64 {
    debug_assert!(shift > 0 && shift < 64);
    let n = a.len();
    if n == 0 {
        return 0;
    }
    let out = a[0] << (64 - shift);
    for i in 0..n - 1 {
        r[i] = (a[i] >> shift) | (a[i + 1] << (64 - shift));
    }
    r[n - 1] = a[n - 1] >> shift;
    out
}

/// `a >>= shift` in place for `0 < shift < 64`; returns the bits shifted out of the bottom.
#[inline]
pub fn shr_assign(a: &mut [u64], shift: u32) -> u64 {
    debug_assert!(shift > 0 && shift < 64);
    let n = a.len();
    if n == 0 {
        return 0;
    }
    let out = a[0] << (64 - shift);
    for i in 0..n - 1 {
        a[i] = (a[i] >> shift) | (a[i + 1] << (64 - shift));
    }
    a[n - 1] >>= shift;
    out
}
