//! Greatest common divisor, Bézout cofactors with GMP's normalisation, least common multiple.
//! Lehmer's algorithm (Knuth, TAOCP vol. 2, 4.5.2, Algorithm L) with the double-digit matrix
//! step of `limbs::hgcd2`, about 62 bits per step, applied in place; `modinv` and `gcd_ext`
//! carry one row of the cofactor matrix (Algorithm X). O(n²). From `GCD_HGCD` limbs (`gcd`) and
//! `GCDEXT_HGCD` limbs (the others) they first shorten the pair by half-gcd reductions (hgcd.rs,
//! O(M(n)·log n)), the extended forms carrying the same row through them. Two-limb values finish
//! by Stein's binary algorithm, the cofactor tail on one limb by `limbs::euclid_matrix`; a `gcd`
//! pair whose third limb holds at most `LAST_STEP_BITS` (32) bits is taken below two limbs by
//! the short step of `limbs::lehmer_until` rather than a full `hgcd2` step.

use super::hgcd;
use crate::limbs;
use crate::thresholds::{GCDEXT_HGCD, GCD_HGCD};
use crate::Int;
use alloc::vec::Vec;

impl Int {
    /// The greatest common divisor of `|self|` and `|other|` (non-negative; `gcd(0, 0) = 0`).
    ///
    /// ```
    /// use carry::Int;
    /// assert_eq!(Int::from(-12).gcd(&Int::from(18)), 6);
    /// assert_eq!(Int::ZERO.gcd(&Int::from(-5)), 5);
    /// ```
    pub fn gcd(&self, other: &Int) -> Int {
        gcd_limbs(self.as_limbs(), other.as_limbs())
    }

    /// `(g, s, t)` with `g = gcd(self, other) = s·self + t·other`, normalised as GMP's
    /// `mpz_gcdext`: `|s| < |other|/(2g)` and `|t| < |self|/(2g)`, except that `s = 0` and
    /// `t = sgn(other)` when `|self| = |other|`; `s = sgn(self)` when `other = 0` or
    /// `|other| = 2g`; `t = sgn(other)` when `self = 0` or `|self| = 2g`.
    ///
    /// ```
    /// use carry::Int;
    /// let (a, b) = (Int::from(240), Int::from(46));
    /// let (g, s, t) = a.gcd_ext(&b);
    /// assert_eq!((g.clone(), s.clone(), t.clone()), (Int::from(2), Int::from(-9), Int::from(47)));
    /// assert_eq!(s * a + t * b, g);
    /// ```
    pub fn gcd_ext(&self, other: &Int) -> (Int, Int, Int) {
        let (a, b) = (self, other);
        if b.is_zero() {
            return (a.abs(), a.signum(), Int::ZERO);
        }
        if a.is_zero() || a.as_limbs() == b.as_limbs() {
            return (b.abs(), Int::ZERO, b.signum());
        }
        let (g, s_abs) = gcd_cofactor(&a.abs(), &b.abs());
        let s_signed = if a.is_negative() { -s_abs } else { s_abs };
        let b_over_g = b.abs() / &g;
        let s = if b_over_g == 2u32 {
            a.signum()
        } else if a.abs() == &g * 2u32 {
            let t = b.signum();
            let s = (&g - &t * b) / a;
            return (g, s, t);
        } else {
            symmetric_rem(&s_signed, &b_over_g)
        };
        let t = (&g - &s * a) / b;
        (g, s, t)
    }

    /// The least common multiple of `|self|` and `|other|` (0 when either is 0).
    ///
    /// ```
    /// use carry::Int;
    /// assert_eq!(Int::from(-4).lcm(&Int::from(6)), 12);
    /// assert_eq!(Int::from(4).lcm(&Int::ZERO), 0);
    /// ```
    pub fn lcm(&self, other: &Int) -> Int {
        if self.is_zero() || other.is_zero() {
            return Int::ZERO;
        }
        let g = self.gcd(other);
        let a = if g == 1u32 {
            self.abs()
        } else {
            self.abs().div_exact(&g)
        };
        a * other.abs()
    }
}

/// `(g, s)` with `g = gcd(a, b)` and `s·a ≡ g (mod b)`, `|s| ≤ b`, for `a, b > 0` (the
/// magnitudes are used).
pub(crate) fn gcd_cofactor(a: &Int, b: &Int) -> (Int, Int) {
    if a.as_limbs().len().min(b.as_limbs().len()) < GCDEXT_HGCD {
        return gcd_cofactor_lehmer(a, b);
    }
    let (a, b) = (a.abs(), b.abs());
    let (x, y, co) = hgcd::reduce_pair(&a, &b, true);
    let (cx, cy) = co.expect("cofactors were asked for");
    // g = s'·x + t'·y, with x ≡ cx·a and y ≡ cy·a (mod b).
    let (g, s) = if y.is_zero() {
        (x, cx)
    } else {
        let (g, s1) = gcd_cofactor_lehmer(&x, &y);
        let t1 = (&g - &s1 * &x) / &y;
        (g, s1 * cx + t1 * cy)
    };
    (g, s.rem_euclid(&b))
}

/// [`gcd_cofactor`] by Lehmer's algorithm alone.
fn gcd_cofactor_lehmer(a: &Int, b: &Int) -> (Int, Int) {
    let (a, b) = (a.as_limbs(), b.as_limbs());
    let n = a.len().max(b.len());
    let (mut stack, mut heap) = ([0u64; 4 * SCRATCH + 2], Vec::new());
    let buf = scratch(&mut stack, &mut heap, 4 * n + 2);
    let (pair, cs) = buf.split_at_mut(2 * n);
    let mut st = Lehmer::new(pair, b, a);
    let (c0, c1) = cs.split_at_mut(n + 1);
    let mut co = Cofactors {
        c0,
        c1,
        len: 1,
        det_negative: false,
    };
    co.c0[0] = 1;
    loop {
        if st.order() {
            co.swap();
        }
        if st.ny == 0 {
            // g = x = det·(p11·b - p01·a): the cofactor of `a` is -det·p01.
            let s = Int::from_sign_limbs(!co.det_negative, &co.c1[..co.len]);
            return (Int::from_limbs(&st.x[..st.nx]), s);
        }
        let m = if st.nx == 1 {
            Some(limbs::euclid_matrix(st.x[0], st.y[0])).filter(|m| *m != limbs::Matrix::IDENTITY)
        } else {
            st.matrix()
        };
        match m {
            Some(m) => {
                st.apply(&m);
                co.apply(&m);
            }
            None => {
                let q = st.divide();
                co.add_quotient(&q);
            }
        }
    }
}

/// The gcd of two magnitudes given as normalised limbs (least significant first, no high zero
/// limb; either may be empty): [`Int::gcd`] on slices, so that a front end whose values are
/// not `Int`s (the C library's `mpz_gcd`) need not copy them into some first.
///
/// ```
/// assert_eq!(carry::nt_limbs::gcd_limbs(&[12], &[18]), 6);
/// assert_eq!(carry::nt_limbs::gcd_limbs(&[], &[0, 5]), carry::Int::from(5u64) << 64u32);
/// ```
pub fn gcd_limbs(a: &[u64], b: &[u64]) -> Int {
    if a.is_empty() {
        return Int::from_limbs(b);
    }
    if b.is_empty() {
        return Int::from_limbs(a);
    }
    let (a, b) = if a.len() >= b.len() { (a, b) } else { (b, a) };
    if let [d] = *b {
        return Int::from(gcd_1(a, d));
    }
    if a.len() <= 2 {
        return Int::from(gcd_u128(to_u128(a), to_u128(b)));
    }
    if a.len() > b.len() {
        return gcd_unbalanced(a, b);
    }
    if b.len() >= GCD_HGCD {
        let (x, y, _) = hgcd::reduce_pair(&Int::from_limbs(a), &Int::from_limbs(b), false);
        if y.is_zero() {
            return x;
        }
        return gcd_magnitudes(x.as_limbs(), y.as_limbs());
    }
    gcd_magnitudes(a, b)
}

/// The gcd of a nonzero magnitude `a` and a limb `d != 0`: one remainder-only pass over `a`
/// (`limbs::mod_1`), then Stein's binary algorithm on the two limbs.
fn gcd_1(a: &[u64], d: u64) -> u64 {
    let r = if a.len() <= 2 {
        (to_u128(a) % u128::from(d)) as u64
    } else {
        limbs::mod_1(a, d)
    };
    gcd_u64(r, d)
}

/// The gcd of `a` and a shorter `b` (at least two limbs, both nonzero): `b` and `a mod b` (a
/// remainder-only division, the quotient not kept and `a` not copied), then the balanced
/// algorithms.
fn gcd_unbalanced(a: &[u64], b: &[u64]) -> Int {
    const STACK: usize = 32;
    let dn = b.len();
    let mut stack = [0u64; STACK];
    let mut heap = None;
    let r = if dn <= STACK {
        &mut stack[..dn]
    } else {
        &mut heap.insert(crate::int::pool_take(dn))[..dn]
    };
    crate::int::rem_into(r, a, b);
    let rn = limbs::normalized_len(r);
    let g = if rn == 0 {
        Int::from_limbs(b)
    } else if rn == 1 {
        Int::from(gcd_1(b, r[0]))
    } else if rn >= GCD_HGCD {
        Int::from_limbs(b).gcd(&Int::from_limbs(&r[..rn]))
    } else {
        gcd_magnitudes(b, &r[..rn])
    };
    if let Some(h) = heap {
        crate::int::pool_put(h);
    }
    g
}

/// A three-limb pair whose top limb holds at most this many bits is taken below two limbs by
/// [`limbs::lehmer_until`] rather than by a full [`limbs::hgcd2`] step (at most 63, so that
/// the leading bits are read from the top two limbs).
const LAST_STEP_BITS: u32 = 32;

/// Values of up to this many limbs keep the Lehmer pair (and cofactor rows) on the stack.
const SCRATCH: usize = 16;

/// `len` zeroed limbs: the front of `stack` when it is long enough, else `heap` grown to them.
fn scratch<'a>(stack: &'a mut [u64], heap: &'a mut Vec<u64>, len: usize) -> &'a mut [u64] {
    if len <= stack.len() {
        return &mut stack[..len];
    }
    heap.resize(len, 0);
    heap
}

/// The gcd of two nonzero magnitudes by Lehmer's algorithm with [`limbs::hgcd2`] steps, down to
/// two limbs, then Stein's binary algorithm.
fn gcd_magnitudes(a: &[u64], b: &[u64]) -> Int {
    let n = a.len().max(b.len());
    let (mut stack, mut heap) = ([0u64; 2 * SCRATCH], Vec::new());
    let buf = scratch(&mut stack, &mut heap, 2 * n);
    let mut st = Lehmer::new(buf, a, b);
    loop {
        st.order();
        if st.ny == 0 {
            return Int::from_limbs(&st.x[..st.nx]);
        }
        if st.nx <= 2 {
            return Int::from(gcd_u128(to_u128(&st.x[..st.nx]), to_u128(&st.y[..st.ny])));
        }
        let m = if st.nx == 3 {
            st.last_matrix().or_else(|| st.matrix())
        } else {
            st.matrix()
        };
        match m {
            Some(m) => st.apply(&m),
            None => st.reduce(),
        }
    }
}

/// The pair `(x, y)` of a Lehmer gcd: `nx` and `ny` limbs in use in buffers of equal length,
/// zero above.
struct Lehmer<'a> {
    x: &'a mut [u64],
    y: &'a mut [u64],
    nx: usize,
    ny: usize,
}

impl<'a> Lehmer<'a> {
    /// The pair `(a, b)` in `buf` (zeroed, twice the longer length).
    fn new(buf: &'a mut [u64], a: &[u64], b: &[u64]) -> Lehmer<'a> {
        let (x, y) = buf.split_at_mut(buf.len() / 2);
        x[..a.len()].copy_from_slice(a);
        y[..b.len()].copy_from_slice(b);
        Lehmer {
            x,
            y,
            nx: a.len(),
            ny: b.len(),
        }
    }

    /// Swaps the two so that `x ≥ y`; says whether it did.
    fn order(&mut self) -> bool {
        let swap = self.nx < self.ny
            || (self.nx == self.ny && limbs::cmp_n(&self.x[..self.nx], &self.y[..self.ny]).is_lt());
        if swap {
            core::mem::swap(&mut self.x, &mut self.y);
            core::mem::swap(&mut self.nx, &mut self.ny);
        }
        swap
    }

    /// The [`limbs::hgcd2`] matrix of the leading 192 bits of `x ≥ y > 0` (`x` of two limbs or
    /// more; shorter values are padded with zeros below, which keeps the step exact).
    fn matrix(&self) -> Option<limbs::Matrix> {
        let n = self.nx;
        let sh = self.x[n - 1].leading_zeros();
        let limb = |v: &[u64], i: usize| if i < n { v[n - 1 - i] } else { 0 };
        let top = |v: &[u64]| {
            let mut t = [0u64; 3];
            for (j, t) in t.iter_mut().rev().enumerate() {
                *t = if sh == 0 {
                    limb(v, j)
                } else {
                    (limb(v, j) << sh) | (limb(v, j + 1) >> (64 - sh))
                };
            }
            t
        };
        limbs::hgcd2(&top(self.x), &top(self.y))
    }

    /// For three-limb `x ≥ y` whose top limb holds at most `LAST_STEP_BITS` bits: the one-limb
    /// matrix that takes both values just below two limbs, where Stein's algorithm finishes
    /// (cheaper per bit there than a Lehmer step); `None` when `x`'s top limb is longer, or when
    /// no step is safe.
    fn last_matrix(&self) -> Option<limbs::Matrix> {
        let e = 64 - self.x[2].leading_zeros();
        if e > LAST_STEP_BITS {
            return None;
        }
        // 1 ≤ e ≤ 32: the leading 64 bits of both, from bit 64 + e, at `x`'s alignment.
        let sh = 64 - e;
        let top = |v: &[u64]| (v[2] << sh) | (v[1] >> e);
        // `x < 2^128` about when its leading bits are below 2^(64 - e); if the approximation
        // leaves a third limb, the loop takes one more (short) step.
        limbs::lehmer_until(top(self.x), top(self.y), 1 << sh)
    }

    /// `(x, y) = M⁻¹·(x, y)`.
    fn apply(&mut self, m: &limbs::Matrix) {
        let n = self.nx;
        limbs::matrix_apply(&mut self.x[..n], &mut self.y[..n], m);
        self.nx = limbs::normalized_len(&self.x[..n]);
        self.ny = limbs::normalized_len(&self.y[..n]);
    }

    /// `x = x mod y`, the quotient not formed (a remainder-only division).
    fn reduce(&mut self) {
        let (nx, ny) = (self.nx, self.ny);
        if ny == 1 {
            let r = limbs::mod_1(&self.x[..nx], self.y[0]);
            self.x[..nx].fill(0);
            self.x[0] = r;
            self.nx = usize::from(r != 0);
            return;
        }
        let mut r = crate::int::pool_take(ny);
        crate::int::rem_into(&mut r[..ny], &self.x[..nx], &self.y[..ny]);
        self.x[..nx].fill(0);
        self.x[..ny].copy_from_slice(&r[..ny]);
        self.nx = limbs::normalized_len(&self.x[..ny]);
        crate::int::pool_put(r);
    }

    /// `x = x mod y`, returning the quotient (the step taken when no matrix is safe: a quotient
    /// too large for one limb).
    fn divide(&mut self) -> Int {
        let (q, r) =
            Int::from_limbs(&self.x[..self.nx]).div_rem(&Int::from_limbs(&self.y[..self.ny]));
        let r = r.as_limbs();
        self.x[..self.nx].fill(0);
        self.x[..r.len()].copy_from_slice(r);
        self.nx = r.len();
        q
    }
}

/// The first row `(p00, p01)` of the matrix `P` with `(a0; b0) = P·(x; y)` for the original pair
/// and the current one (the entries stay at most `a0`), in buffers one limb longer than the
/// pair's: `len` limbs in use, zero above; and the sign of `det P` (each swap of `x` and `y`
/// negates it).
struct Cofactors<'a> {
    c0: &'a mut [u64],
    c1: &'a mut [u64],
    len: usize,
    det_negative: bool,
}

impl Cofactors<'_> {
    fn swap(&mut self) {
        core::mem::swap(&mut self.c0, &mut self.c1);
        self.det_negative = !self.det_negative;
    }

    /// `P = P·M`.
    fn apply(&mut self, m: &limbs::Matrix) {
        let n = self.len;
        let (k0, k1) = limbs::matrix_mul_row(&mut self.c0[..n], &mut self.c1[..n], m);
        self.c0[n] = k0;
        self.c1[n] = k1;
        if k0 | k1 != 0 {
            self.len += 1;
        }
    }

    /// `P = P·[[1, q], [0, 1]]`: `p01 += q·p00`.
    fn add_quotient(&mut self, q: &Int) {
        let n = self.len;
        let p01 = Int::from_limbs(&self.c1[..n]) + q * Int::from_limbs(&self.c0[..n]);
        let l = p01.as_limbs();
        self.c1[..l.len()].copy_from_slice(l);
        self.len = n.max(l.len());
    }
}

/// The value of at most two limbs.
fn to_u128(a: &[u64]) -> u128 {
    a.iter()
        .rev()
        .fold(0, |acc, &l| (acc << 64) | u128::from(l))
}

/// Stein's binary gcd on two-limb values, in one-limb arithmetic once both fit a limb.
fn gcd_u128(mut a: u128, mut b: u128) -> u128 {
    if a == 0 || b == 0 {
        return a | b;
    }
    let k = (a | b).trailing_zeros();
    a >>= a.trailing_zeros();
    b >>= b.trailing_zeros();
    // Both odd: |a - b| is even, and has the trailing zeros of a ^ b (see `stein_step`).
    while (a | b) >> 64 != 0 {
        if a == b {
            return a << k;
        }
        (a, b) = stein_step_u128(a, b);
    }
    u128::from(gcd_odd_u64(a as u64, b as u64)) << k
}

/// [`stein_step`] on distinct odd two-limb values, written on the limbs: both differences are
/// formed and the one without a borrow selected, and the shift is by 1 to 63 bits (a `shld`
/// and a `shr`) unless the low limbs are equal, a branch almost never taken. On `u128` values
/// the compiler negated the difference by its borrow mask and shifted by any count with a
/// select on the count, five operations more on the loop's chain (docs/design/division.md).
#[inline(always)]
fn stein_step_u128(a: u128, b: u128) -> (u128, u128) {
    let (a0, a1, b0, b1) = (a as u64, (a >> 64) as u64, b as u64, (b >> 64) as u64);
    let (d0, c) = a0.overflowing_sub(b0);
    let (d1, c1) = a1.overflowing_sub(b1);
    let (d1, c2) = d1.overflowing_sub(u64::from(c));
    let (e0, k) = b0.overflowing_sub(a0);
    let e1 = b1.wrapping_sub(a1).wrapping_sub(u64::from(k));
    let borrow = c1 | c2;
    let (r0, r1, m0, m1) = if borrow {
        (e0, e1, a0, a1)
    } else {
        (d0, d1, b0, b1)
    };
    let lo = a0 ^ b0;
    let (r0, r1) = if lo != 0 {
        let z = lo.trailing_zeros() & 63;
        // z ≥ 1: the two-limb shift without its case for 64 and more.
        ((r0 >> z) | (r1 << (64 - z)), r1 >> z)
    } else {
        // The low limbs agree: the difference is a multiple of 2^64.
        (r1 >> ((a1 ^ b1).trailing_zeros()), 0)
    };
    (
        (u128::from(r1) << 64) | u128::from(r0),
        (u128::from(m1) << 64) | u128::from(m0),
    )
}

/// Stein's binary gcd of two limbs.
pub(crate) fn gcd_u64(a: u64, b: u64) -> u64 {
    if a == 0 || b == 0 {
        return a | b;
    }
    let k = (a | b).trailing_zeros();
    gcd_odd_u64(a >> a.trailing_zeros(), b >> b.trailing_zeros()) << k
}

/// Stein's binary gcd of two odd limbs.
fn gcd_odd_u64(mut a: u64, mut b: u64) -> u64 {
    while a != b {
        (a, b) = stein_step(a, b);
    }
    a
}

/// One step of Stein's algorithm on distinct odd limbs: `(|a - b| / 2^z, min(a, b))`, with
/// `2^z` the power of two in `a - b`. That power is the lowest bit where `a` and `b` differ
/// (below it the subtraction has no borrow), so the shift count comes from `a ^ b`, beside
/// the subtraction rather than after it (from `a - b`, the compiler negates the difference
/// for the count). The loop's chain is then a subtraction, a select and the shift.
#[inline(always)]
pub(crate) fn stein_step(a: u64, b: u64) -> (u64, u64) {
    let z = (a ^ b).trailing_zeros();
    let (diff, min) = if a > b { (a - b, b) } else { (b - a, a) };
    (diff >> z, min)
}

/// The representative of `x mod m` in `(-m/2, m/2]` (`m > 0`).
fn symmetric_rem(x: &Int, m: &Int) -> Int {
    let r = x.rem_euclid(m);
    if &r * 2u32 > *m {
        r - m
    } else {
        r
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec;

    fn euclid(mut a: u128, mut b: u128) -> u128 {
        while b != 0 {
            (a, b) = (b, a % b);
        }
        a
    }

    /// Stein's word gcds against Euclid's on edge values (0, 1, powers of two and their
    /// neighbours, all ones, striped bits, common power-of-two factors), on each value times a
    /// common odd factor, and on pseudo-random words.
    #[test]
    fn word_gcds_agree_with_euclid() {
        let mut edges: Vec<u64> = vec![0, 1, 2, 3, u64::MAX, u64::MAX - 1, 0x5555_5555_5555_5555];
        edges.extend([
            0xaaaa_aaaa_aaaa_aaaa,
            0xffff_ffff,
            1 << 32,
            3 << 62,
            6 << 40,
        ]);
        for k in [1u32, 7, 31, 32, 33, 62, 63] {
            edges.extend([1 << k, (1 << k) - 1, (1 << k) + 1]);
        }
        let mut state = 0x1234_5678_9abc_def0u64; // xorshift64
        let mut words: Vec<u64> = edges.clone();
        for _ in 0..200 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let r = state;
            words.push(r >> (r % 64));
            words.push(r);
        }
        for &a in &words {
            for &b in &edges {
                for (a, b) in [(a, b), (b, a), (a, a)] {
                    let g = euclid(a.into(), b.into());
                    assert_eq!(u128::from(gcd_u64(a, b)), g, "gcd_u64({a:#x}, {b:#x})");
                    for f in [3u64, 0xffff_fffb] {
                        let (fa, fb) = (a.wrapping_mul(f), b.wrapping_mul(f));
                        let g = euclid(fa.into(), fb.into());
                        assert_eq!(u128::from(gcd_u64(fa, fb)), g, "gcd_u64({fa:#x}, {fb:#x})");
                    }
                    let (wa, wb) = ((u128::from(a) << 64) | u128::from(b), u128::from(a) * 3);
                    assert_eq!(
                        gcd_u128(wa, wb),
                        euclid(wa, wb),
                        "gcd_u128({wa:#x}, {wb:#x})"
                    );
                    // Equal low limbs: the difference is a multiple of 2^64.
                    let low = b | 1;
                    let (wa, wb) = (
                        (u128::from(a) << 64) | u128::from(low),
                        (u128::from(b) << 64) | u128::from(low),
                    );
                    assert_eq!(
                        gcd_u128(wa, wb),
                        euclid(wa, wb),
                        "gcd_u128({wa:#x}, {wb:#x})"
                    );
                }
            }
        }
    }
}
