//! Addition, subtraction and comparison with carry chains: O(n), schoolbook.

use core::cmp::Ordering;

#[inline(always)]
fn adc(a: u64, b: u64, carry: u64) -> (u64, u64) {
    let (s, c1) = a.overflowing_add(b);
    let (s, c2) = s.overflowing_add(carry);
    (s, (c1 | c2) as u64)
}

#[inline(always)]
fn sbb(a: u64, b: u64, borrow: u64) -> (u64, u64) {
    let (d, b1) = a.overflowing_sub(b);
    let (d, b2) = d.overflowing_sub(borrow);
    (d, (b1 | b2) as u64)
}

/// `r = a + b` for slices of equal length; returns the carry out (0 or 1).
#[inline]
pub fn add_n(r: &mut [u64], a: &[u64], b: &[u64]) -> u64 {
    let n = r.len();
    assert!(a.len() >= n && b.len() >= n);
    #[cfg(target_arch = "x86_64")]
    // SAFETY: `a` and `b` hold at least n limbs; `r` is a distinct mutable borrow.
    return unsafe { super::x86::add_n_asm(r.as_mut_ptr(), a.as_ptr(), b.as_ptr(), n) };
    #[cfg(not(target_arch = "x86_64"))]
    add_n_portable(r, a, b)
}

/// `r[..n] = a + b` and `r[n] = ` the carry, for `a` and `b` of `n` limbs and `r` of `n + 1`,
/// when the ADC chain is [`add_n_top`]'s kernel for `n` limbs (always off x86_64, where the
/// portable loop runs); returns the carry, or `None` with nothing written when [`add_n_top`]
/// would take a lane kernel. Makes no call, so that a caller whose fast path is this saves no
/// registers; the other case goes to [`add_n_top`] out of line. Runs in time independent of
/// the values, but its `None` leads to [`add_n_top`], which does not: for variable-time
/// callers.
///
/// ```
/// let mut r = [0; 3];
/// if let Some(c) = carry::limbs::add_n_with_top(&mut r, &[u64::MAX, 1], &[1, 2]) {
///     assert_eq!((c, r), (0, [0, 4, 0]));
/// }
/// ```
#[inline(always)]
pub fn add_n_with_top(r: &mut [u64], a: &[u64], b: &[u64]) -> Option<u64> {
    let n = a.len();
    assert!(b.len() == n && r.len() == n + 1);
    #[cfg(target_arch = "x86_64")]
    {
        if !super::x86::add_n_top_is_chain(n) {
            return None;
        }
        // SAFETY: `a` and `b` hold n limbs, `r` n + 1 (the chain writes the first n and ends
        // on the last); `r` is a distinct mutable borrow.
        unsafe {
            let (c, top) = super::x86::add_n_adc_end(r.as_mut_ptr(), a.as_ptr(), b.as_ptr(), n);
            *top = c;
            Some(c)
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        let c = add_n_portable(&mut r[..n], a, b);
        r[n] = c;
        Some(c)
    }
}

/// `r[..n] = a + b` and `r[n] = ` the carry, for `a` and `b` of `n` limbs and `r` of `n + 1`;
/// returns `n` plus the carry (the length of the sum with its top limb when that is 1). For
/// callers that took [`add_n_with_top`]'s inline path for the short sums and take this for the
/// rest: the kernel checks inline, then one call into the lane kernel that also stores the
/// carry.
///
/// Variable time: without AVX-512F, from `ADD_AVX2_VARTIME` limbs, the AVX2 kernel's table
/// index depends on the carries. For `Int`'s sums; constant-time code takes [`add_n`].
///
/// ```
/// let mut r = [0; 3];
/// assert_eq!(carry::limbs::add_n_top(&mut r, &[u64::MAX, u64::MAX], &[1, 0]), 3);
/// assert_eq!(r, [0, 0, 1]);
/// ```
#[inline]
pub fn add_n_top(r: &mut [u64], a: &[u64], b: &[u64]) -> usize {
    let n = a.len();
    assert!(b.len() == n && r.len() == n + 1);
    #[cfg(target_arch = "x86_64")]
    // SAFETY: `a` and `b` hold n limbs, `r` n + 1; `r` is a distinct mutable borrow.
    return unsafe { super::x86::add_n_top_asm(r.as_mut_ptr(), a.as_ptr(), b.as_ptr(), n) };
    #[cfg(not(target_arch = "x86_64"))]
    {
        let carry = add_n_portable(&mut r[..n], a, b);
        r[n] = carry;
        n + carry as usize
    }
}

/// The portable twin of [`add_n`].
#[inline]
pub fn add_n_portable(r: &mut [u64], a: &[u64], b: &[u64]) -> u64 {
    let n = r.len();
    let (a, b) = (&a[..n], &b[..n]);
    let mut carry = 0;
    for i in 0..n {
        (r[i], carry) = adc(a[i], b[i], carry);
    }
    carry
}

/// `a += b` for slices of equal length; returns the carry out.
#[inline]
pub fn add_n_assign(a: &mut [u64], b: &[u64]) -> u64 {
    let n = a.len();
    assert!(b.len() >= n);
    #[cfg(target_arch = "x86_64")]
    // SAFETY: `b` holds at least n limbs; the result overwrites `a` in place (r == a).
    return unsafe {
        let p = a.as_mut_ptr();
        super::x86::add_n_asm(p, p, b.as_ptr(), n)
    };
    #[cfg(not(target_arch = "x86_64"))]
    {
        let b = &b[..n];
        let mut carry = 0;
        for i in 0..n {
            (a[i], carry) = adc(a[i], b[i], carry);
        }
        carry
    }
}

/// `a += c` (a single limb); returns the carry out.
#[inline]
pub fn add_1_assign(a: &mut [u64], c: u64) -> u64 {
    let mut carry = c;
    for x in a.iter_mut() {
        if carry == 0 {
            return 0;
        }
        let (s, o) = x.overflowing_add(carry);
        *x = s;
        carry = o as u64;
    }
    carry
}

/// `r = a + c` (a single limb), `r.len() == a.len()`; returns the carry out.
#[inline]
pub fn add_1(r: &mut [u64], a: &[u64], c: u64) -> u64 {
    if a.is_empty() && r.is_empty() {
        return c;
    }
    r.copy_from_slice(a);
    add_1_assign(r, c)
}

/// `r = a + b` with `a.len() >= b.len()` and `r.len() == a.len()`; returns the carry out.
#[inline(always)]
pub fn add(r: &mut [u64], a: &[u64], b: &[u64]) -> u64 {
    let m = b.len();
    let carry = add_n(&mut r[..m], &a[..m], b);
    add_1(&mut r[m..], &a[m..], carry)
}

/// `a += b` with `a.len() >= b.len()`; returns the carry out.
#[inline]
pub fn add_assign(a: &mut [u64], b: &[u64]) -> u64 {
    let m = b.len();
    let carry = add_n_assign(&mut a[..m], b);
    add_1_assign(&mut a[m..], carry)
}

/// `r = a - b` for slices of equal length; returns the borrow out (0 or 1).
#[inline]
pub fn sub_n(r: &mut [u64], a: &[u64], b: &[u64]) -> u64 {
    let n = r.len();
    assert!(a.len() >= n && b.len() >= n);
    #[cfg(target_arch = "x86_64")]
    // SAFETY: `a` and `b` hold at least n limbs; `r` is a distinct mutable borrow.
    return unsafe { super::x86::sub_n_asm(r.as_mut_ptr(), a.as_ptr(), b.as_ptr(), n) };
    #[cfg(not(target_arch = "x86_64"))]
    sub_n_portable(r, a, b)
}

/// The portable twin of [`sub_n`].
#[inline]
pub fn sub_n_portable(r: &mut [u64], a: &[u64], b: &[u64]) -> u64 {
    let n = r.len();
    let (a, b) = (&a[..n], &b[..n]);
    let mut borrow = 0;
    for i in 0..n {
        (r[i], borrow) = sbb(a[i], b[i], borrow);
    }
    borrow
}

/// `a -= b` for slices of equal length; returns the borrow out.
#[inline]
pub fn sub_n_assign(a: &mut [u64], b: &[u64]) -> u64 {
    let n = a.len();
    assert!(b.len() >= n);
    #[cfg(target_arch = "x86_64")]
    // SAFETY: `b` holds at least n limbs; the result overwrites `a` in place (r == a).
    return unsafe {
        let p = a.as_mut_ptr();
        super::x86::sub_n_asm(p, p, b.as_ptr(), n)
    };
    #[cfg(not(target_arch = "x86_64"))]
    {
        let b = &b[..n];
        let mut borrow = 0;
        for i in 0..n {
            (a[i], borrow) = sbb(a[i], b[i], borrow);
        }
        borrow
    }
}

/// `a = b - a` for slices of equal length; returns the borrow out.
#[inline]
pub fn rsub_n_assign(a: &mut [u64], b: &[u64]) -> u64 {
    let n = a.len();
    assert!(b.len() >= n);
    #[cfg(target_arch = "x86_64")]
    // SAFETY: `b` holds at least n limbs; the result overwrites `a` in place (r == the
    // subtrahend).
    return unsafe {
        let p = a.as_mut_ptr();
        super::x86::sub_n_asm(p, b.as_ptr(), p, n)
    };
    #[cfg(not(target_arch = "x86_64"))]
    {
        let b = &b[..n];
        let mut borrow = 0;
        for i in 0..n {
            (a[i], borrow) = sbb(b[i], a[i], borrow);
        }
        borrow
    }
}

/// `a -= c` (a single limb); returns the borrow out.
#[inline]
pub fn sub_1_assign(a: &mut [u64], c: u64) -> u64 {
    let mut borrow = c;
    for x in a.iter_mut() {
        if borrow == 0 {
            return 0;
        }
        let (d, o) = x.overflowing_sub(borrow);
        *x = d;
        borrow = o as u64;
    }
    borrow
}

/// `r = a - c` (a single limb), `r.len() == a.len()`; returns the borrow out.
#[inline]
pub fn sub_1(r: &mut [u64], a: &[u64], c: u64) -> u64 {
    if a.is_empty() && r.is_empty() {
        return c;
    }
    r.copy_from_slice(a);
    sub_1_assign(r, c)
}

/// `r = a - b` with `a.len() >= b.len()` and `r.len() == a.len()`; returns the borrow out.
#[inline]
pub fn sub(r: &mut [u64], a: &[u64], b: &[u64]) -> u64 {
    let m = b.len();
    let borrow = sub_n(&mut r[..m], &a[..m], b);
    sub_1(&mut r[m..], &a[m..], borrow)
}

/// `a + b` on fixed arrays of `N` limbs, with the carry out: one ADC chain, unrolled for the
/// short arrays `Int` stores inline. On x86_64 each step is the `_addcarry_u64` intrinsic,
/// which the compiler's vectorizer leaves alone (as `overflowing_add` or `carrying_add`
/// steps, a five-limb chain became lane-wise vector additions with the carries patched up one
/// lane at a time, almost twice as slow).
///
/// ```
/// let (r, carry) = carry::limbs::add_array(&[u64::MAX, 1], &[1, u64::MAX]);
/// assert_eq!((r, carry), ([0, 1], true));
/// ```
#[inline(always)]
pub fn add_array<const N: usize>(a: &[u64; N], b: &[u64; N]) -> ([u64; N], bool) {
    let (mut r, mut carry) = ([0; N], false);
    for i in 0..N {
        #[cfg(target_arch = "x86_64")]
        {
            carry = core::arch::x86_64::_addcarry_u64(carry as u8, a[i], b[i], &mut r[i]) != 0;
        }
        #[cfg(not(target_arch = "x86_64"))]
        {
            let (s, c) = adc(a[i], b[i], carry as u64);
            (r[i], carry) = (s, c != 0);
        }
    }
    (r, carry)
}

/// `a - b` on fixed arrays of `N` limbs, with the borrow out (see [`add_array`]).
///
/// ```
/// let (r, borrow) = carry::limbs::sub_array(&[0, 1], &[1, 0]);
/// assert_eq!((r, borrow), ([u64::MAX, 0], false));
/// ```
#[inline(always)]
pub fn sub_array<const N: usize>(a: &[u64; N], b: &[u64; N]) -> ([u64; N], bool) {
    let (mut r, mut borrow) = ([0; N], false);
    for i in 0..N {
        #[cfg(target_arch = "x86_64")]
        {
            borrow = core::arch::x86_64::_subborrow_u64(borrow as u8, a[i], b[i], &mut r[i]) != 0;
        }
        #[cfg(not(target_arch = "x86_64"))]
        {
            let (d, c) = sbb(a[i], b[i], borrow as u64);
            (r[i], borrow) = (d, c != 0);
        }
    }
    (r, borrow)
}

/// `a -= b` with `a.len() >= b.len()`; returns the borrow out.
#[inline]
pub fn sub_assign(a: &mut [u64], b: &[u64]) -> u64 {
    let m = b.len();
    let borrow = sub_n_assign(&mut a[..m], b);
    sub_1_assign(&mut a[m..], borrow)
}

/// `a = -a` in two's complement (`2^(64·n) - a`); returns 1 unless `a` was zero.
#[inline]
pub fn neg_assign(a: &mut [u64]) -> u64 {
    let mut i = 0;
    while i < a.len() && a[i] == 0 {
        i += 1;
    }
    if i == a.len() {
        return 0;
    }
    a[i] = a[i].wrapping_neg();
    for x in &mut a[i + 1..] {
        *x = !*x;
    }
    1
}

/// Compares two slices of equal length as numbers.
#[inline]
pub fn cmp_n(a: &[u64], b: &[u64]) -> Ordering {
    debug_assert_eq!(a.len(), b.len());
    for i in (0..a.len()).rev() {
        if a[i] != b[i] {
            return a[i].cmp(&b[i]);
        }
    }
    Ordering::Equal
}

/// Compares two normalised slices (no high zero limbs) as numbers.
#[inline]
pub fn cmp(a: &[u64], b: &[u64]) -> Ordering {
    match a.len().cmp(&b.len()) {
        Ordering::Equal => cmp_n(a, b),
        other => other,
    }
}
