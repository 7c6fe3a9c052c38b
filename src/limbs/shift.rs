//! Shifts by fewer than 64 bits across a limb slice: `r = a << s` and `r = a >> s` (GMP's
//! `mpn_lshift`, `mpn_rshift`), O(n), with in-place forms.
//!
//! Each limb of the result is `a[i] << s | a[i - 1] >> (64 - s)` (or its mirror), independent of
//! the others, so the loops take [`W`] limbs a step: both inputs loaded into arrays before the
//! step's stores, which lets the compiler use vector shifts (two limbs a register with SSE2, four
//! with AVX2) and keeps the in-place forms correct (each step reads only limbs no earlier step
//! has written). The one-limb loop of the same expression takes what is left.

/// Limbs a step of the shift loops; then at most one step of [`H`] limbs, then single limbs.
const W: usize = 8;

/// Limbs of the loops' half step.
const H: usize = W / 2;

/// Limbs from which the shifts take their loops compiled for AVX2 when the crate is built for
/// a CPU without it (with it, the compiler vectorises the portable loop the same way).
#[cfg(target_arch = "x86_64")]
const SHIFT_AVX2: usize = 16;

/// `hi[k] << s | lo[k] >> t` for `k < K`, from arrays loaded before any store of the step.
#[inline(always)]
fn join<const K: usize>(hi: &[u64], lo: &[u64], s: u32, t: u32) -> [u64; K] {
    let hi: [u64; K] = hi.try_into().unwrap();
    let lo: [u64; K] = lo.try_into().unwrap();
    core::array::from_fn(|k| hi[k] << s | lo[k] >> t)
}

/// `r = a << shift` for `0 < shift < 64`, `r.len() == a.len()`; returns the bits shifted out
/// of the top limb (in the low `shift` bits of the result).
///
/// ```
/// let mut r = [0; 2];
/// assert_eq!(carry::limbs::shl(&mut r, &[1 << 63 | 1, 3 << 62], 1), 1);
/// assert_eq!(r, [2, 1 << 63 | 1]);
/// ```
#[inline]
pub fn shl(r: &mut [u64], a: &[u64], shift: u32) -> u64 {
    #[cfg(target_arch = "x86_64")]
    if a.len() >= SHIFT_AVX2 && super::cpu::has_avx2() {
        // SAFETY: the CPU has AVX2, checked just above.
        return unsafe { shl_avx2(r, a, shift) };
    }
    shl_loop(r, a, shift)
}

/// [`shl`] without the AVX2 loop: the portable twin the tests compare it with.
pub fn shl_portable(r: &mut [u64], a: &[u64], shift: u32) -> u64 {
    shl_loop(r, a, shift)
}

/// [`shl`]'s loop compiled for AVX2 (four limbs a vector shift).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn shl_avx2(r: &mut [u64], a: &[u64], shift: u32) -> u64 {
    shl_loop(r, a, shift)
}

/// `a <<= shift` in place for `0 < shift < 64`; returns the bits shifted out of the top.
///
/// ```
/// let mut a = [1 << 63 | 1, 3 << 62];
/// assert_eq!(carry::limbs::shl_assign(&mut a, 1), 1);
/// assert_eq!(a, [2, 1 << 63 | 1]);
/// ```
#[inline]
pub fn shl_assign(a: &mut [u64], shift: u32) -> u64 {
    #[cfg(target_arch = "x86_64")]
    if a.len() >= SHIFT_AVX2 && super::cpu::has_avx2() {
        // SAFETY: the CPU has AVX2, checked just above.
        return unsafe { shl_assign_avx2(a, shift) };
    }
    shl_assign_loop(a, shift)
}

/// [`shl_assign`] without the AVX2 loop: the portable twin the tests compare it with.
pub fn shl_assign_portable(a: &mut [u64], shift: u32) -> u64 {
    shl_assign_loop(a, shift)
}

/// [`shl_assign`]'s loop compiled for AVX2 (four limbs a vector shift).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn shl_assign_avx2(a: &mut [u64], shift: u32) -> u64 {
    shl_assign_loop(a, shift)
}

/// `r = a >> shift` for `0 < shift < 64`, `r.len() == a.len()`; returns the bits shifted out
/// of the bottom limb (in the high `shift` bits of the result).
///
/// ```
/// let mut r = [0; 2];
/// assert_eq!(carry::limbs::shr(&mut r, &[3, 1], 1), 1 << 63);
/// assert_eq!(r, [1 << 63 | 1, 0]);
/// ```
#[inline]
pub fn shr(r: &mut [u64], a: &[u64], shift: u32) -> u64 {
    #[cfg(target_arch = "x86_64")]
    if a.len() >= SHIFT_AVX2 && super::cpu::has_avx2() {
        // SAFETY: the CPU has AVX2, checked just above.
        return unsafe { shr_avx2(r, a, shift) };
    }
    shr_loop(r, a, shift)
}

/// [`shr`] without the AVX2 loop: the portable twin the tests compare it with.
pub fn shr_portable(r: &mut [u64], a: &[u64], shift: u32) -> u64 {
    shr_loop(r, a, shift)
}

/// [`shr`]'s loop compiled for AVX2 (four limbs a vector shift).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn shr_avx2(r: &mut [u64], a: &[u64], shift: u32) -> u64 {
    shr_loop(r, a, shift)
}

/// `a >>= shift` in place for `0 < shift < 64`; returns the bits shifted out of the bottom.
///
/// ```
/// let mut a = [3, 1];
/// assert_eq!(carry::limbs::shr_assign(&mut a, 1), 1 << 63);
/// assert_eq!(a, [1 << 63 | 1, 0]);
/// ```
#[inline]
pub fn shr_assign(a: &mut [u64], shift: u32) -> u64 {
    #[cfg(target_arch = "x86_64")]
    if a.len() >= SHIFT_AVX2 && super::cpu::has_avx2() {
        // SAFETY: the CPU has AVX2, checked just above.
        return unsafe { shr_assign_avx2(a, shift) };
    }
    shr_assign_loop(a, shift)
}

/// [`shr_assign`] without the AVX2 loop: the portable twin the tests compare it with.
pub fn shr_assign_portable(a: &mut [u64], shift: u32) -> u64 {
    shr_assign_loop(a, shift)
}

/// [`shr_assign`]'s loop compiled for AVX2 (four limbs a vector shift).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn shr_assign_avx2(a: &mut [u64], shift: u32) -> u64 {
    shr_assign_loop(a, shift)
}

/// The loop of [`shl`], compiled for the caller's target.
#[inline(always)]
fn shl_loop(r: &mut [u64], a: &[u64], shift: u32) -> u64 {
    debug_assert!(shift > 0 && shift < 64);
    let n = a.len();
    if n == 0 {
        return 0;
    }
    let r = &mut r[..n];
    let (s, t) = (shift, 64 - shift);
    let out = a[n - 1] >> t;
    // r[i] for i in 1..n, from the top down.
    let mut i = n;
    while i > W {
        r[i - W..i].copy_from_slice(&join::<W>(&a[i - W..i], &a[i - W - 1..i - 1], s, t));
        i -= W;
    }
    if i > H {
        r[i - H..i].copy_from_slice(&join::<H>(&a[i - H..i], &a[i - H - 1..i - 1], s, t));
        i -= H;
    }
    while i > 1 {
        i -= 1;
        r[i] = a[i] << s | a[i - 1] >> t;
    }
    r[0] = a[0] << s;
    out
}

/// The loop of [`shl_assign`], compiled for the caller's target.
#[inline(always)]
fn shl_assign_loop(a: &mut [u64], shift: u32) -> u64 {
    debug_assert!(shift > 0 && shift < 64);
    let n = a.len();
    if n == 0 {
        return 0;
    }
    let (s, t) = (shift, 64 - shift);
    let out = a[n - 1] >> t;
    // From the top down: each step reads only limbs below the ones earlier steps wrote.
    let mut i = n;
    while i > W {
        let v = join::<W>(&a[i - W..i], &a[i - W - 1..i - 1], s, t);
        a[i - W..i].copy_from_slice(&v);
        i -= W;
    }
    if i > H {
        let v = join::<H>(&a[i - H..i], &a[i - H - 1..i - 1], s, t);
        a[i - H..i].copy_from_slice(&v);
        i -= H;
    }
    while i > 1 {
        i -= 1;
        a[i] = a[i] << s | a[i - 1] >> t;
    }
    a[0] <<= s;
    out
}

/// The loop of [`shr`], compiled for the caller's target.
#[inline(always)]
fn shr_loop(r: &mut [u64], a: &[u64], shift: u32) -> u64 {
    debug_assert!(shift > 0 && shift < 64);
    let n = a.len();
    if n == 0 {
        return 0;
    }
    let r = &mut r[..n];
    let (s, t) = (shift, 64 - shift);
    let out = a[0] << t;
    // r[i] for i in 0..n - 1, from the bottom up: a[i + 1] << t | a[i] >> s.
    let mut i = 0;
    while i + W < n {
        r[i..i + W].copy_from_slice(&join::<W>(&a[i + 1..i + W + 1], &a[i..i + W], t, s));
        i += W;
    }
    if i + H < n {
        r[i..i + H].copy_from_slice(&join::<H>(&a[i + 1..i + H + 1], &a[i..i + H], t, s));
        i += H;
    }
    while i + 1 < n {
        r[i] = a[i] >> s | a[i + 1] << t;
        i += 1;
    }
    r[n - 1] = a[n - 1] >> s;
    out
}

/// The loop of [`shr_assign`], compiled for the caller's target.
#[inline(always)]
fn shr_assign_loop(a: &mut [u64], shift: u32) -> u64 {
    debug_assert!(shift > 0 && shift < 64);
    let n = a.len();
    if n == 0 {
        return 0;
    }
    let (s, t) = (shift, 64 - shift);
    let out = a[0] << t;
    // From the bottom up: each step reads only limbs above the ones earlier steps wrote.
    let mut i = 0;
    while i + W < n {
        let v = join::<W>(&a[i + 1..i + W + 1], &a[i..i + W], t, s);
        a[i..i + W].copy_from_slice(&v);
        i += W;
    }
    if i + H < n {
        let v = join::<H>(&a[i + 1..i + H + 1], &a[i..i + H], t, s);
        a[i..i + H].copy_from_slice(&v);
        i += H;
    }
    while i + 1 < n {
        a[i] = a[i] >> s | a[i + 1] << t;
        i += 1;
    }
    a[n - 1] >>= s;
    out
}
