//! Division of [`Int`] values: truncating, floor and Euclidean forms around the `limbs`
//! division kernels.

use super::{pool, Int, Parts, Repr, INLINE};
use crate::limbs;
use crate::thresholds::{DIV_DC, DIV_REGISTERS};
use alloc::{boxed::Box, vec::Vec};

/// `(|a| / |b|, |a| % |b|)` with the signs `qneg` and `rneg` (zero stays non-negative); `b`
/// must not be empty.
fn div_rem_parts(a: &[u64], b: &[u64], qneg: bool, rneg: bool) -> (Parts, Parts) {
    if a.len() < b.len() || (a.len() == b.len() && limbs::cmp_n(a, b).is_lt()) {
        return (Parts::from(Int::ZERO), Parts::from_sign_limbs(rneg, a));
    }
    if b.len() == 1 {
        if a.len() <= 2 {
            let x = a[0] as u128 | (a.get(1).copied().unwrap_or(0) as u128) << 64;
            let d = b[0] as u128;
            let q = x / d;
            return (
                Parts::from(Int::from_sign_u128(qneg, q)),
                Parts::from(Int::from_sign_u128(rneg, x - q * d)),
            );
        }
        let n = a.len();
        let mut q = pool::take(n);
        let r = limbs::divrem_1(&mut q[..n], a, b[0]);
        return (
            Parts::from_sign_buf(qneg, q, n),
            Parts::from(Int::from_sign_u128(rneg, r as u128)),
        );
    }
    let (qn, dn) = (a.len() - b.len() + 1, b.len());
    let v = reciprocal_first(a, b);
    if dn <= INLINE {
        // A remainder that an `Int` holds inline goes straight there; so does a short quotient.
        let mut r = [0; INLINE];
        if qn <= INLINE {
            let mut q = [0; INLINE];
            divrem_into(&mut q[..qn], &mut r[..dn], a, b, v);
            return (Parts::small(qneg, q), Parts::small(rneg, r));
        }
        let mut q = pool::take(qn);
        divrem_into(&mut q[..qn], &mut r[..dn], a, b, v);
        return (Parts::from_sign_buf(qneg, q, qn), Parts::small(rneg, r));
    }
    let mut r = pool::take(dn);
    if qn <= INLINE {
        // A quotient that an `Int` holds inline goes straight there, with no buffer.
        let mut q = [0; INLINE];
        divrem_into(&mut q[..qn], &mut r[..dn], a, b, v);
        return (Parts::small(qneg, q), Parts::from_sign_buf(rneg, r, dn));
    }
    let mut q = pool::take(qn);
    divrem_into(&mut q[..qn], &mut r[..dn], a, b, v);
    (
        Parts::from_sign_buf(qneg, q, qn),
        Parts::from_sign_buf(rneg, r, dn),
    )
}

/// For a division that [`limbs::in_registers`] keeps in registers, the divisor's reciprocal,
/// computed before the destinations' buffers are found so that its hardware division runs
/// meanwhile (a scratch loop: 512 by 256 and 640 by 320 bits about 2 ns faster).
#[inline(always)]
fn reciprocal_first(a: &[u64], b: &[u64]) -> Option<u64> {
    let (an, dn) = (a.len(), b.len());
    (limbs::in_registers(an, dn) && !limbs::few_digits(an, dn))
        .then(|| limbs::divisor_reciprocal(b))
}

/// `q = a / b`, `r = a % b` for `a.len() >= b.len() >= 2`, with `r.len() == b.len()` and one
/// more limb of `q` than `a` has over `b`: by [`limbs::divrem_in_registers`] when `v` (from
/// [`reciprocal_first`]) is given, else by [`limbs::divrem`] with scratch from the stack when it
/// is small.
#[inline(always)]
fn divrem_into(q: &mut [u64], r: &mut [u64], a: &[u64], b: &[u64], v: Option<u64>) {
    if let Some(v) = v {
        return limbs::divrem_in_registers(q, r, a, b, v);
    }
    if limbs::in_registers(a.len(), b.len()) {
        // One or two quotient digits: by the hardware divider, no reciprocal.
        return limbs::divrem_in_registers_hw(q, r, a, b);
    }
    divrem_scratch(q, r, a, b)
}

/// [`divrem_into`] by [`limbs::divrem`], out of line.
#[inline(never)]
fn divrem_scratch(q: &mut [u64], r: &mut [u64], a: &[u64], b: &[u64]) {
    let s = limbs::divrem_scratch_len(a.len(), b.len());
    with_scratch(s, |s| limbs::divrem(q, r, a, b, s));
}

/// The quotient of an inline magnitude (`n` limbs, zero above) by a limb `d` that divides it.
#[inline(always)]
fn divexact_1_inline(a: &[u64; INLINE], n: u8, d: u64) -> Option<[u64; INLINE]> {
    if n <= 2 {
        // A top limb below `d` (always so for one limb) is the remainder: no division for it.
        let (q1, r1) = if a[1] < d {
            (0, a[1])
        } else {
            (a[1] / d, a[1] % d)
        };
        let (q0, r0) = limbs::div_2by1_hw(r1, a[0], d);
        return (r0 == 0).then_some([q0, q1, 0, 0, 0]);
    }
    limbs::divexact_1_array(a, d)
}

/// `x / d` for an inline `x` and a one-limb `d`: `Some` with the quotient's parts, or with
/// `None` when `d` does not divide `x`; `None` for every other shape.
#[inline(always)]
fn div_exact_inline(x: &Int, d: &Int) -> Option<Option<Parts>> {
    let ([dl], Some((xneg, n, a))) = (d.as_limbs(), x.inline_parts()) else {
        return None;
    };
    let neg = xneg != d.is_negative();
    Some(divexact_1_inline(a, n, *dl).map(|q| Parts::small(neg, q)))
}

/// `|a| / d` with the sign `neg` for a heap dividend `a` (more than [`INLINE`] limbs) and a limb
/// `d` that divides it, else `None`. The quotient of `n` limbs by one has `n` or `n - 1` (`a` is
/// normalised and `d < 2^64`), so only its top limb is tested, and it is on the heap unless
/// `a` has `INLINE + 1` limbs.
#[inline(never)]
fn div_exact_limb(a: &[u64], d: u64, neg: bool) -> Option<Parts> {
    let n = a.len();
    debug_assert!(n > INLINE && a[n - 1] != 0);
    let mut q = pool::take(n);
    if !limbs::divexact_1_to(&mut q[..n], a, d) {
        pool::put(q);
        return None;
    }
    let len = n - (q[n - 1] == 0) as usize;
    if len <= INLINE {
        let mut small = [0; INLINE];
        small.copy_from_slice(&q[..INLINE]);
        pool::put(q);
        return Some(Parts::small(neg, small));
    }
    Some(Parts::Big { neg, len, buf: q })
}

/// The panic of [`Int::div_exact`].
#[cold]
#[inline(never)]
fn div_exact_failed(zero: bool) -> ! {
    if zero {
        panic!("attempt to divide by zero");
    }
    panic!("div_exact: the divisor does not divide the dividend");
}

/// Runs `f` on `len` limbs of scratch whose values are unspecified: a small array on the stack
/// (cheap to clear), else a cached buffer, which is not cleared.
#[inline(always)]
fn with_scratch<R>(len: usize, f: impl FnOnce(&mut [u64]) -> R) -> R {
    if len == 0 {
        f(&mut [])
    } else if len <= SMALL_SCRATCH {
        f(&mut [0; SMALL_SCRATCH][..len])
    } else if len <= MID_SCRATCH {
        f(&mut [0; MID_SCRATCH][..len])
    } else if len <= STACK_SCRATCH {
        f(&mut [0; STACK_SCRATCH][..len])
    } else {
        let mut s = pool::take(len);
        let r = f(&mut s[..len]);
        pool::put(s);
        r
    }
}

/// Whether `|a| < |b|` for magnitudes.
#[inline(always)]
fn below(a: &[u64], b: &[u64]) -> bool {
    a.len() < b.len() || (a.len() == b.len() && limbs::cmp_n(a, b).is_lt())
}

/// `|x| / |d|` for [`Int::div_exact`] and [`Int::checked_div_exact`] when `d` (zero or of two
/// limbs or more: one limb takes [`div_exact_limb`]) divides `x`. Sets `qn` to the quotient's
/// length in limbs, or to 0 when `d` is zero or does not divide `x`; a quotient of at most
/// [`INLINE`] limbs goes to `q` (zero on entry) and gives `None`, a larger one comes back in
/// the first `qn` limbs of a buffer, for [`Int::from_out`]. (Returned
/// as an `Int`, the quotient would be copied out of the return slot by wide loads right after
/// its narrower stores, and that copy waits for them.)
#[inline(never)]
fn div_exact_out(q: &mut [u64; INLINE], qn: &mut usize, x: &Int, d: &Int) -> Option<Box<[u64]>> {
    let (a, b) = (x.as_limbs(), d.as_limbs());
    *qn = 0;
    if b.is_empty() {
        return None;
    }
    if a.is_empty() {
        *qn = 1;
        return None;
    }
    let an = a.len();
    debug_assert!(b.len() >= 2, "one-limb divisors take `div_exact_limb`");
    if b.len() >= DIV_DC || an < b.len() {
        let (quo, r) = x.div_rem(d);
        if !r.is_zero() {
            return None;
        }
        return match Parts::from(quo) {
            Parts::Small { len, limbs, .. } => {
                *q = limbs;
                *qn = len.max(1);
                None
            }
            Parts::Big { len, buf, .. } => {
                *qn = len;
                Some(buf)
            }
        };
    }
    // Hensel's division needs an odd divisor: remove the divisor's factors of two from both.
    let tz = d.trailing_zeros().unwrap_or(0);
    if x.trailing_zeros().unwrap_or(0) < tz {
        return None;
    }
    let mut w = shifted_right(a, tz);
    let b = shifted_right(b, tz);
    let (wn, bn) = (limbs::normalized_len(&w), limbs::normalized_len(&b));
    let mut out = None;
    if wn >= bn {
        let n = wn - bn + 1;
        let mut buf = pool::take(n);
        if limbs::divexact_hensel(&mut buf[..n], &mut w[..wn], &b[..bn]) {
            *qn = n;
            out = hand_back(q, buf, n);
        } else {
            pool::put(buf);
        }
    }
    pool::give(w);
    pool::give(b);
    out
}

/// The value of at most two limbs.
#[inline(always)]
fn to_u128(a: &[u64]) -> u128 {
    a[0] as u128 | (a.get(1).copied().unwrap_or(0) as u128) << 64
}

/// `|a| / |b|` with the sign `qneg`, the remainder not formed, for [`Int::assign_div`]; `b`
/// must not be empty. Short quotients come from the top limbs alone ([`limbs::div_q_short`]).
/// A quotient of more than [`INLINE`] limbs (or any quotient by one limb of a dividend above
/// two) goes in `buffer(n)`, a buffer of at least `n` limbs.
#[inline(always)]
fn div_parts_with(
    a: &[u64],
    b: &[u64],
    qneg: bool,
    buffer: impl FnOnce(usize) -> Box<[u64]>,
) -> Parts {
    if below(a, b) {
        return Parts::from(Int::ZERO);
    }
    let (an, dn) = (a.len(), b.len());
    if dn == 1 {
        if an <= 2 {
            return Parts::from(Int::from_sign_u128(qneg, to_u128(a) / b[0] as u128));
        }
        let mut q = buffer(an);
        limbs::divrem_1(&mut q[..an], a, b[0]);
        return Parts::from_sign_buf(qneg, q, an);
    }
    let qn = an - dn + 1;
    if qn <= INLINE {
        let mut q = [0; INLINE];
        div_into(&mut q[..qn], a, b);
        return Parts::small(qneg, q);
    }
    let mut q = buffer(qn);
    div_into(&mut q[..qn], a, b);
    Parts::from_sign_buf(qneg, q, qn)
}

/// `q = a / b` for magnitudes with `a.len() >= b.len() >= 2` and `|a| >= |b|`, the remainder
/// not kept. A function rather than a closure: a closure's captured slices were stored in
/// eight-byte pieces and read back in sixteen, a stalled load on every division.
#[inline(always)]
fn div_into(q: &mut [u64], a: &[u64], b: &[u64]) {
    let (an, dn) = (a.len(), b.len());
    if limbs::in_registers(an, dn) {
        if limbs::few_digits(an, dn) {
            let r = &mut [0; DIV_REGISTERS][..dn];
            limbs::divrem_in_registers_hw(q, r, a, b);
        } else {
            limbs::div_q_in_registers(q, a, b);
        }
    } else if limbs::is_short(an, dn) {
        let s = limbs::div_q_short_scratch_len(an, dn);
        // `with_scratch` tests for no scratch as well, but through its closure 17-by-16 limbs
        // took 2 to 5 ns longer.
        if s == 0 {
            limbs::div_q_short(q, a, b, &mut []);
        } else {
            with_scratch(s, |s| limbs::div_q_short(q, a, b, s));
        }
    } else {
        let s = limbs::divrem_scratch_len(an, dn) + dn;
        with_scratch(s, |s| {
            let (r, s) = s.split_at_mut(dn);
            limbs::divrem(q, r, a, b, s)
        });
    }
}

/// `|a| / |b|` for [`Int::div_trunc`]; `b` is not empty. A quotient of at most [`INLINE`]
/// limbs goes to `q` (zero on entry) and gives `None`, a larger one comes back in the first
/// `n` limbs of a buffer.
#[inline(never)]
fn div_out(q: &mut [u64; INLINE], n: &mut usize, a: &[u64], b: &[u64]) -> Option<Box<[u64]>> {
    if below(a, b) {
        return None;
    }
    let (an, dn) = (a.len(), b.len());
    if dn == 1 {
        if an <= 2 {
            let x = to_u128(a) / b[0] as u128;
            (q[0], q[1]) = (x as u64, (x >> 64) as u64);
            return None;
        }
        let mut buf = pool::take(an);
        limbs::divrem_1(&mut buf[..an], a, b[0]);
        *n = an;
        return hand_back(q, buf, an);
    }
    let qn = an - dn + 1;
    if qn <= INLINE {
        div_into(&mut q[..qn], a, b);
        return None;
    }
    let mut buf = pool::take(qn);
    div_into(&mut buf[..qn], a, b);
    *n = qn;
    hand_back(q, buf, qn)
}

/// `|a| mod d` for a limb `d != 0`, for [`Int::rem_trunc`]: the remainder comes back in a
/// register.
#[inline(never)]
fn rem_1_out(a: &[u64], d: u64) -> u64 {
    match a.len() {
        0 => 0,
        1 => a[0] % d,
        2 => {
            // Hardware divisions rather than the 128-bit `%`'s library call; a top limb below
            // `d` is its own remainder.
            let r1 = if a[1] < d { a[1] } else { a[1] % d };
            limbs::div_2by1_hw(r1, a[0], d).1
        }
        _ => limbs::mod_1(a, d),
    }
}

/// `|a| % |b|` for [`Int::rem_trunc`], the quotient not kept; `b` has at least two limbs. A
/// remainder of at most [`INLINE`] limbs goes to `r` (zero on entry) and gives `None`, a larger
/// one comes back in a buffer of at least `b.len()` limbs (not normalised).
#[inline(never)]
fn rem_out(r: &mut [u64; INLINE], a: &[u64], b: &[u64]) -> Option<Box<[u64]>> {
    let (an, dn) = (a.len(), b.len());
    if below(a, b) {
        if an <= INLINE {
            r[..an].copy_from_slice(a);
            return None;
        }
        let mut buf = pool::take(dn);
        buf[..an].copy_from_slice(a);
        buf[an..dn].fill(0);
        return Some(buf);
    }
    if dn <= INLINE {
        rem_into(&mut r[..dn], a, b);
        return None;
    }
    let mut buf = pool::take(dn);
    if !limbs::in_registers(an, dn)
        && !limbs::rem_on_stack(an, dn)
        && limbs::remainder_is_short(an, dn)
        && limbs::rem_short_scratch_len(an, dn) == 0
    {
        // As `rem_into` would, with the kernel inlined here.
        limbs::rem_short_inline(&mut buf[..dn], a, b, &mut []);
    } else {
        rem_into(&mut buf[..dn], a, b);
    }
    hand_back(r, buf, dn)
}

/// A result in the first `n` limbs of `buf` (not normalised) handed back to
/// [`Int::from_out`]: moved to `small` (zero on entry), and the buffer given back, when it fits
/// there.
#[inline(always)]
fn hand_back(small: &mut [u64; INLINE], buf: Box<[u64]>, n: usize) -> Option<Box<[u64]>> {
    let n = limbs::normalized_len(&buf[..n]);
    if n <= INLINE {
        small[..n].copy_from_slice(&buf[..n]);
        pool::put(buf);
        return None;
    }
    Some(buf)
}

/// `r = a mod b` for magnitudes with `a.len() >= b.len() >= 2`, `|a| >= |b|` and
/// `r.len() == b.len()`; the quotient goes to scratch and is dropped.
#[inline(always)]
pub(crate) fn rem_into(r: &mut [u64], a: &[u64], b: &[u64]) {
    let (an, dn) = (a.len(), b.len());
    let qn = an - dn + 1;
    if limbs::in_registers(an, dn) {
        if limbs::few_digits(an, dn) {
            // One or two quotient digits: by the hardware divider, no reciprocal. The quotient
            // on the stack here, not through `with_scratch` (5 by 4 limbs 2 ns faster).
            let q = &mut [0; DIV_REGISTERS][..qn];
            limbs::divrem_in_registers_hw(q, r, a, b);
        } else {
            with_scratch(qn, |q| {
                limbs::divrem_in_registers(q, r, a, b, limbs::divisor_reciprocal(b))
            });
        }
    } else if limbs::rem_on_stack(an, dn) {
        limbs::rem_schoolbook_stack(r, a, b);
    } else if limbs::remainder_is_short(an, dn) {
        let s = limbs::rem_short_scratch_len(an, dn);
        if s == 0 {
            limbs::rem_short(r, a, b, &mut []);
        } else {
            with_scratch(s, |s| limbs::rem_short(r, a, b, s));
        }
    } else {
        with_scratch(qn + limbs::divrem_scratch_len(an, dn), |s| {
            let (q, s) = s.split_at_mut(qn);
            limbs::divrem(q, r, a, b, s)
        });
    }
}

/// A buffer of at least `n` limbs: a destination's own, when it has room (else it goes back to
/// the cache and the cache gives one).
fn reuse(own: Option<(Box<[u64]>, usize)>, n: usize) -> Box<[u64]> {
    match own {
        Some((b, _)) if b.len() >= n => b,
        other => {
            if let Some((b, _)) = other {
                pool::put(b);
            }
            pool::take(n)
        }
    }
}

/// `a >> bits` in a buffer of `a.len() - bits / 64` limbs (not normalised).
fn shifted_right(a: &[u64], bits: u64) -> Vec<u64> {
    let (words, bits) = ((bits / 64) as usize, (bits % 64) as u32);
    let mut v = pool::buffer(a.len() - words);
    if bits == 0 {
        v.copy_from_slice(&a[words..]);
    } else {
        limbs::shr(&mut v, &a[words..], bits);
    }
    v
}

/// Scratch space, in limbs, that division takes from the stack (zeroed: a small array is
/// cheap to clear) rather than from the buffer cache.
const STACK_SCRATCH: usize = 64;

/// The stack scratch of the smallest divisions that need one (up to an 8-limb dividend by a
/// 7-limb divisor), whose whole time is a few dozen nanoseconds: clearing all of
/// [`STACK_SCRATCH`] would be a sixth of it.
const SMALL_SCRATCH: usize = 16;

/// The stack scratch of short quotients of up to ten limbs (`3·(qn + 1) + 2` limbs).
const MID_SCRATCH: usize = 32;

impl Int {
    /// Quotient and remainder of truncating division (the quotient rounds toward zero, the
    /// remainder has the sign of `self`), as Rust's `/` and `%` on primitives.
    ///
    /// Panics when `d` is zero.
    ///
    /// ```
    /// use carry::Int;
    /// let (q, r) = Int::from(-7).div_rem(&Int::from(2));
    /// assert_eq!((q, r), (Int::from(-3), Int::from(-1)));
    /// ```
    pub fn div_rem(&self, d: &Int) -> (Int, Int) {
        assert!(!d.is_zero(), "attempt to divide by zero");
        self.div_rem_nonzero(d)
    }

    /// [`Int::div_rem`], or `None` when `d` is zero.
    ///
    /// ```
    /// use carry::Int;
    /// assert!(Int::from(1).checked_div_rem(&Int::ZERO).is_none());
    /// ```
    pub fn checked_div_rem(&self, d: &Int) -> Option<(Int, Int)> {
        (!d.is_zero()).then(|| self.div_rem_nonzero(d))
    }

    /// [`Int::div_rem`] for a nonzero `d`. Out of line, so that `div_rem` passes its own result
    /// slot down: an `Option` coming back through memory would be copied out of it right after
    /// being written in narrower pieces, and that copy waits for them.
    #[inline(never)]
    fn div_rem_nonzero(&self, d: &Int) -> (Int, Int) {
        let (an, dn) = (self.is_negative(), d.is_negative());
        let (q, r) = div_rem_parts(self.as_limbs(), d.as_limbs(), an != dn, an);
        (q.into_int(), r.into_int())
    }

    /// `self = a / d` and `rem = a % d`, truncating as [`Int::div_rem`], reusing the heap
    /// buffers of both destinations: the three-address form of `div_rem`, as GMP's
    /// `mpz_tdiv_qr`. In a loop that keeps its destinations it allocates only when a result
    /// outgrows its buffer.
    ///
    /// Panics when `d` is zero.
    ///
    /// ```
    /// use carry::Int;
    /// let (mut q, mut r) = (Int::ZERO, Int::ZERO);
    /// q.assign_div_rem(&mut r, &-(Int::from(1u32) << 200u32), &Int::from(u128::MAX));
    /// assert_eq!(&q * Int::from(u128::MAX) + &r, -(Int::from(1u32) << 200u32));
    /// assert!(r.is_negative());
    /// ```
    pub fn assign_div_rem(&mut self, rem: &mut Int, a: &Int, d: &Int) {
        assert!(!d.is_zero(), "attempt to divide by zero");
        let (x, y) = (a.as_limbs(), d.as_limbs());
        if y.len() < 2 || x.len() < y.len() {
            (*self, *rem) = a.div_rem_nonzero(d);
            return;
        }
        let (qn, dn) = (x.len() - y.len() + 1, y.len());
        let (an, dneg) = (a.is_negative(), d.is_negative());
        let v = reciprocal_first(x, y);
        if dn <= INLINE {
            // A remainder that fits inline goes there with no buffer; so does a short quotient.
            let mut r = [0; INLINE];
            if qn <= INLINE {
                let mut q = [0; INLINE];
                divrem_into(&mut q[..qn], &mut r[..dn], x, y, v);
                *self = Parts::small(an != dneg, q).into_int();
            } else {
                let mut q = reuse(self.take_heap(), qn);
                divrem_into(&mut q[..qn], &mut r[..dn], x, y, v);
                *self = Parts::from_sign_buf(an != dneg, q, qn).into_int();
            }
            *rem = Parts::small(an, r).into_int();
            return;
        }
        if qn <= INLINE {
            // A quotient that fits inline goes there with no buffer (self's, if any, is freed).
            let (mut q, mut r) = ([0; INLINE], reuse(rem.take_heap(), dn));
            divrem_into(&mut q[..qn], &mut r[..dn], x, y, v);
            *self = Parts::small(an != dneg, q).into_int();
            *rem = Parts::from_sign_buf(an, r, dn).into_int();
            return;
        }
        let (mut q, mut r) = (reuse(self.take_heap(), qn), reuse(rem.take_heap(), dn));
        divrem_into(&mut q[..qn], &mut r[..dn], x, y, v);
        *self = Parts::from_sign_buf(an != dneg, q, qn).into_int();
        *rem = Parts::from_sign_buf(an, r, dn).into_int();
    }

    /// `self = a / d`, truncating as `/`, reusing `self`'s heap buffer: the three-address form
    /// of `/`, as GMP's `mpz_tdiv_q`. In a loop that keeps its destination it allocates only
    /// when the quotient outgrows its buffer.
    ///
    /// Panics when `d` is zero.
    ///
    /// ```
    /// use carry::Int;
    /// let (a, d) = (-(Int::ONE << 500u32), Int::from(u128::MAX));
    /// let mut q = Int::ZERO;
    /// q.assign_div(&a, &d);
    /// assert_eq!(q, &a / &d);
    /// ```
    pub fn assign_div(&mut self, a: &Int, d: &Int) {
        let (x, y) = (a.as_limbs(), d.as_limbs());
        assert!(!y.is_empty(), "attempt to divide by zero");
        let neg = a.is_negative() != d.is_negative();
        let q = div_parts_with(x, y, neg, |n| reuse(self.take_heap(), n));
        *self = q.into_int();
    }

    /// `self = a % d`, with the sign of `a` as `%`, reusing `self`'s heap buffer: the
    /// three-address form of `%`, as GMP's `mpz_tdiv_r`.
    ///
    /// Panics when `d` is zero.
    ///
    /// ```
    /// use carry::Int;
    /// let (a, d) = (-(Int::ONE << 900u32) - 1u32, (Int::ONE << 500u32) + 7u32);
    /// let mut r = Int::ZERO;
    /// r.assign_rem(&a, &d);
    /// assert_eq!(r, &a % &d);
    /// ```
    pub fn assign_rem(&mut self, a: &Int, d: &Int) {
        let (x, y) = (a.as_limbs(), d.as_limbs());
        assert!(
            !y.is_empty(),
            "attempt to calculate the remainder with a divisor of zero"
        );
        let dn = y.len();
        if dn <= INLINE || below(x, y) {
            // A remainder of at most INLINE limbs, or `a` itself.
            *self = a.rem_trunc(d);
            return;
        }
        let mut r = reuse(self.take_heap(), dn);
        rem_into(&mut r[..dn], x, y);
        *self = Parts::from_sign_buf(a.is_negative(), r, dn).into_int();
    }

    /// `self = a / d` for a `d` that divides `a`, reusing `self`'s heap buffer: the
    /// three-address form of [`Int::div_exact`], as GMP's `mpz_divexact` (but checked).
    ///
    /// Panics when `d` is zero or does not divide `a`.
    ///
    /// ```
    /// use carry::Int;
    /// let a = Int::from(3).pow(200) * Int::from(-14);
    /// let mut q = Int::ZERO;
    /// q.assign_div_exact(&a, &Int::from(42));
    /// assert_eq!(q, -Int::from(3).pow(199));
    /// ```
    pub fn assign_div_exact(&mut self, a: &Int, d: &Int) {
        // Only the shape is tested here, before any register is saved: each path is a tail
        // call (a heap dividend has more than `INLINE` limbs).
        if let (Repr::Heap { .. }, Repr::Inline { len: 1, .. }) = (&a.repr, &d.repr) {
            return self.assign_div_exact_limb(a, d);
        }
        self.assign_div_exact_rest(a, d)
    }

    /// [`Int::assign_div_exact`] for a heap dividend and a one-limb divisor.
    #[inline(never)]
    fn assign_div_exact_limb(&mut self, a: &Int, d: &Int) {
        let (x, d0) = (a.as_limbs(), d.as_limbs()[0]);
        let an = x.len();
        let neg = a.is_negative() != d.is_negative();
        if let Repr::Heap { neg: sn, len, buf } = &mut self.repr {
            if buf.len() >= an {
                // The quotient straight into `self`'s buffer: it has `an` or `an - 1` limbs.
                if !limbs::divexact_1_to(&mut buf[..an], x, d0) {
                    *self = Int::ZERO;
                    div_exact_failed(false);
                }
                let n = an - (buf[an - 1] == 0) as usize;
                if n > INLINE {
                    (*sn, *len) = (neg, n);
                    return;
                }
                let mut small = [0; INLINE];
                small.copy_from_slice(&buf[..INLINE]);
                *self = Parts::small(neg, small).into_int();
                return;
            }
        }
        let mut q = reuse(self.take_heap(), an);
        if !limbs::divexact_1_to(&mut q[..an], x, d0) {
            pool::put(q);
            div_exact_failed(false);
        }
        *self = Parts::from_sign_buf(neg, q, an).into_int();
    }

    /// The shapes of [`Int::assign_div_exact`] other than a heap dividend by one limb: an
    /// inline dividend by one limb has its quotient written into `self` field by field, not
    /// moved from a returned value (whose copy would wait on its narrower stores). Out of line:
    /// inside the heap path's function it made the 10-limb division 1.2 ns slower.
    #[inline(never)]
    fn assign_div_exact_rest(&mut self, a: &Int, d: &Int) {
        match div_exact_inline(a, d) {
            Some(Some(q)) => *self = q.into_int(),
            Some(None) => div_exact_failed(false),
            None => *self = a.div_exact(d),
        }
    }

    /// Quotient and remainder of floor division (the quotient rounds toward negative
    /// infinity, the remainder has the sign of `d`): Python's `divmod`.
    ///
    /// Panics when `d` is zero.
    ///
    /// ```
    /// use carry::Int;
    /// let (q, r) = Int::from(-7).div_rem_floor(&Int::from(2));
    /// assert_eq!((q, r), (Int::from(-4), Int::from(1)));
    /// ```
    pub fn div_rem_floor(&self, d: &Int) -> (Int, Int) {
        let (mut q, mut r) = self.div_rem(d);
        if !r.is_zero() && r.is_negative() != d.is_negative() {
            q -= 1u32;
            r += d;
        }
        (q, r)
    }

    /// Quotient and remainder of Euclidean division (the remainder is never negative).
    fn div_rem_euclid(&self, d: &Int) -> (Int, Int) {
        let (mut q, mut r) = self.div_rem(d);
        if r.is_negative() {
            if d.is_negative() {
                q += 1u32;
                r -= d;
            } else {
                q -= 1u32;
                r += d;
            }
        }
        (q, r)
    }

    /// `self / d` for a `d` that divides `self` (GMP's `mpz_divexact`, but checked). Below
    /// `DIV_DC` divisor limbs it is Hensel's exact division, which takes the quotient digits
    /// from the low end with one multiplication each and faster than `/`; larger divisors
    /// divide as `/` does.
    ///
    /// Panics when `d` is zero or does not divide `self` ([`Int::checked_div_exact`] returns
    /// `None` instead).
    ///
    /// ```
    /// use carry::Int;
    /// let a = Int::from(3).pow(80) * Int::from(-14);
    /// assert_eq!(a.div_exact(&Int::from(42)), -Int::from(3).pow(79));
    /// ```
    #[inline]
    pub fn div_exact(&self, d: &Int) -> Int {
        if let Some(q) = div_exact_inline(self, d) {
            // An inline dividend by one limb: the quotient is built in the return slot.
            let Some(q) = q else { div_exact_failed(false) };
            return q.into_int();
        }
        if let [dl] = *d.as_limbs() {
            // A heap dividend by one limb: no general dispatch, and one test of the top limb.
            let neg = self.is_negative() != d.is_negative();
            return match div_exact_limb(self.as_limbs(), dl, neg) {
                Some(q) => q.into_int(),
                None => div_exact_failed(false),
            };
        }
        let (mut q, mut qn) = ([0; INLINE], 0);
        let buf = div_exact_out(&mut q, &mut qn, self, d);
        if qn == 0 {
            div_exact_failed(d.is_zero());
        }
        Int::from_out(self.is_negative() != d.is_negative(), q, buf, qn)
    }

    /// [`Int::div_exact`], or `None` when `d` is zero or does not divide `self`.
    ///
    /// ```
    /// use carry::Int;
    /// assert_eq!(Int::from(91).checked_div_exact(&Int::from(7)), Some(Int::from(13)));
    /// assert_eq!(Int::from(92).checked_div_exact(&Int::from(7)), None);
    /// assert_eq!(Int::from(92).checked_div_exact(&Int::ZERO), None);
    /// ```
    #[inline]
    pub fn checked_div_exact(&self, d: &Int) -> Option<Int> {
        if let Some(q) = div_exact_inline(self, d) {
            return q.map(Parts::into_int);
        }
        if let [dl] = *d.as_limbs() {
            let neg = self.is_negative() != d.is_negative();
            return div_exact_limb(self.as_limbs(), dl, neg).map(Parts::into_int);
        }
        let (mut q, mut qn) = ([0; INLINE], 0);
        let buf = div_exact_out(&mut q, &mut qn, self, d);
        let neg = self.is_negative() != d.is_negative();
        (qn != 0).then(|| Int::from_out(neg, q, buf, qn))
    }

    /// The Euclidean quotient: `self = q·d + r` with `0 <= r < |d|`, as `i64::div_euclid`.
    ///
    /// Panics when `d` is zero.
    ///
    /// ```
    /// use carry::Int;
    /// assert_eq!(Int::from(-7).div_euclid(&Int::from(-2)), 4);
    /// ```
    pub fn div_euclid(&self, d: &Int) -> Int {
        if self.is_negative() {
            return self.div_rem_euclid(d).0;
        }
        // A non-negative dividend leaves a non-negative truncated remainder.
        self.div_trunc(d)
    }

    /// The Euclidean remainder, in `[0, |d|)`, as `i64::rem_euclid`.
    ///
    /// Panics when `d` is zero.
    ///
    /// ```
    /// use carry::Int;
    /// assert_eq!(Int::from(-7).rem_euclid(&Int::from(-2)), 1);
    /// ```
    pub fn rem_euclid(&self, d: &Int) -> Int {
        let r = self.rem_trunc(d);
        if r.is_negative() {
            if d.is_negative() {
                r - d
            } else {
                r + d
            }
        } else {
            r
        }
    }

    /// The quotient rounded toward negative infinity (Python's `//`, GMP's `mpz_fdiv_q`).
    ///
    /// Panics when `d` is zero.
    ///
    /// ```
    /// use carry::Int;
    /// assert_eq!(Int::from(-7).div_floor(&Int::from(2)), -4);
    /// assert_eq!(Int::from(7).div_floor(&Int::from(2)), 3);
    /// ```
    pub fn div_floor(&self, d: &Int) -> Int {
        if self.is_negative() == d.is_negative() {
            // Same signs: the quotient is not negative and truncation is the floor.
            return self.div_trunc(d);
        }
        self.div_rem_floor(d).0
    }

    /// The remainder of [`Int::div_floor`], with the sign of `d` (Python's `%`, GMP's
    /// `mpz_fdiv_r`).
    ///
    /// Panics when `d` is zero.
    ///
    /// ```
    /// use carry::Int;
    /// assert_eq!(Int::from(-7).rem_floor(&Int::from(2)), 1);
    /// assert_eq!(Int::from(7).rem_floor(&Int::from(-2)), -1);
    /// ```
    pub fn rem_floor(&self, d: &Int) -> Int {
        let r = self.rem_trunc(d);
        if !r.is_zero() && r.is_negative() != d.is_negative() {
            r + d
        } else {
            r
        }
    }

    /// Whether `d` divides `self` (GMP's `mpz_divisible_p`): `0` is divisible only by `0`.
    /// Only the remainder is computed.
    ///
    /// ```
    /// use carry::Int;
    /// assert!(Int::from(-91).divisible_by(&Int::from(7)));
    /// assert!(!Int::from(92).divisible_by(&Int::from(7)));
    /// assert!(Int::ZERO.divisible_by(&Int::ZERO) && !Int::ONE.divisible_by(&Int::ZERO));
    /// ```
    pub fn divisible_by(&self, d: &Int) -> bool {
        if d.is_zero() {
            return self.is_zero();
        }
        self.rem_trunc(d).is_zero()
    }

    /// `self mod d` in `[0, d)` for a one-limb `d` (GMP's `mpz_fdiv_ui` for positive values):
    /// the remainder alone, with no `Int` formed.
    ///
    /// Panics when `d` is zero.
    ///
    /// ```
    /// use carry::Int;
    /// assert_eq!(Int::from(-7).mod_u64(3), 2);
    /// assert_eq!((Int::ONE << 100u32).mod_u64(1_000_000_007), 976371285);
    /// ```
    pub fn mod_u64(&self, d: u64) -> u64 {
        assert!(
            d != 0,
            "attempt to calculate the remainder with a divisor of zero"
        );
        let a = self.as_limbs();
        let r = match a.len() {
            0 => 0,
            1 | 2 => (to_u128(a) % d as u128) as u64,
            _ => limbs::mod_1(a, d),
        };
        if self.is_negative() && r != 0 {
            d - r
        } else {
            r
        }
    }

    /// `self / d` truncated toward zero, the remainder not formed. Panics when `d` is zero. The
    /// quotient is built here, in the caller, from what [`div_out`] hands back: see
    /// [`Int::from_out`].
    #[inline(always)]
    pub(crate) fn div_trunc(&self, d: &Int) -> Int {
        let (a, b) = (self.as_limbs(), d.as_limbs());
        assert!(!b.is_empty(), "attempt to divide by zero");
        let (mut q, mut n) = ([0; INLINE], 0);
        let buf = div_out(&mut q, &mut n, a, b);
        Int::from_out(self.is_negative() != d.is_negative(), q, buf, n)
    }

    /// `self % d` with the sign of `self`, the quotient not kept. Panics when `d` is zero. The
    /// remainder is built here, in the caller, from what [`rem_1_out`] or [`rem_out`] hands
    /// back in registers or in the caller's array: see [`Int::from_out`].
    #[inline(always)]
    pub(crate) fn rem_trunc(&self, d: &Int) -> Int {
        let (a, b) = (self.as_limbs(), d.as_limbs());
        let neg = self.is_negative();
        if let [d] = *b {
            return Int::from_sign_u128(neg, rem_1_out(a, d) as u128);
        }
        assert!(
            !b.is_empty(),
            "attempt to calculate the remainder with a divisor of zero"
        );
        let mut r = [0; INLINE];
        let buf = rem_out(&mut r, a, b);
        Int::from_out(neg, r, buf, b.len())
    }

    /// `self / d` truncated toward zero, or `None` when `d` is zero.
    ///
    /// ```
    /// use carry::Int;
    /// assert_eq!(Int::from(-7).checked_div(&Int::from(2)), Some(Int::from(-3)));
    /// assert_eq!(Int::from(7).checked_div(&Int::ZERO), None);
    /// ```
    pub fn checked_div(&self, d: &Int) -> Option<Int> {
        (!d.is_zero()).then(|| self.div_trunc(d))
    }

    /// `self % d` with the sign of `self`, or `None` when `d` is zero.
    ///
    /// ```
    /// use carry::Int;
    /// assert_eq!(Int::from(-7).checked_rem(&Int::from(2)), Some(Int::from(-1)));
    /// assert_eq!(Int::from(7).checked_rem(&Int::ZERO), None);
    /// ```
    pub fn checked_rem(&self, d: &Int) -> Option<Int> {
        (!d.is_zero()).then(|| self.rem_trunc(d))
    }
}
