//! Lehmer's gcd step with a double-digit matrix (Knuth, TAOCP vol. 2, 4.5.2, Algorithm L; the
//! matrix form and its validity bound after Möller, "On Schönhage's algorithm and subquadratic
//! integer gcd computation", Math. Comp. 77 (2008), §4, as in GMP's `hgcd2`): Euclid's algorithm
//! on the leading 192 bits of `a`, `b` gives a 2×2 matrix `M` of one-limb cofactors, and one
//! fused pass applying `M⁻¹` to the full values replaces about 62 bits' worth of quotient steps.
//! O(n) per step, so a gcd is O(n²); `Int::gcd`, `gcd_ext` and `modinv` use it at every size
//! (no threshold: below two limbs they finish by Stein's algorithm or [`euclid_matrix`]).
//! [`lehmer_until`] is the first half alone with a stop at a size, for `gcd`'s last step above
//! two limbs.
//!
//! The matrix is built in two one-limb halves because one-limb quotients are cheaper than any
//! scheme on 128-bit values (a hardware division against two-limb remainders, about three
//! times as fast): Euclid on the top limbs gives `M1`, `M1⁻¹` is
//! applied exactly to the three leading limbs, Euclid on the new top limb gives `M2`, and
//! `M = M1·M2`. Each one-limb quotient is one hardware division, with no branch on its size
//! (see docs/design/division.md for the conditional subtractions that lost). Both halves stop
//! at entries of 2^31, so `M`'s entries stay below 2^63 and each row of the application
//! `s·x + t·y` sums within 128 bits per limb: one carry per row (GMP's `addaddmul_1msb0`).
//!
//! Validity: with `A = 2^p·x + a_lo`, `B = 2^p·y + b_lo` (`0 ≤ a_lo, b_lo < 2^p`) and
//! `(x; y) = M·(α; β)`, the full `u11·A - u01·B = 2^p·α + (u11·a_lo - u01·b_lo) > 2^p·(α - u01)`,
//! so a step is kept only while the new remainder is at least the entry it is reduced by
//! (`α ≥ u01`, `β ≥ u10`); then both full results stay positive. For `M2` the three leading limbs
//! carry an error below `2^31` units of their last limb from `M1`, which costs one more unit.

/// A matrix `[[u00, u01], [u10, u11]]` of non-negative one-limb entries and determinant 1: a
/// product of the steps `a -= q·b` (`[[1, q], [0, 1]]`) and `b -= q·a` (`[[1, 0], [q, 1]]`), so
/// that `(a; b) = M·(a'; b')` for the reduced pair `a' = u11·a - u01·b`, `b' = u00·b - u10·a`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Matrix {
    /// Top left.
    pub u00: u64,
    /// Top right: the multiple of `b` taken from `a`.
    pub u01: u64,
    /// Bottom left: the multiple of `a` taken from `b`.
    pub u10: u64,
    /// Bottom right.
    pub u11: u64,
}

impl Matrix {
    /// The identity: no step.
    pub const IDENTITY: Matrix = Matrix {
        u00: 1,
        u01: 0,
        u10: 0,
        u11: 1,
    };

    /// The product `self·other`; the caller guarantees every entry fits one limb.
    #[inline]
    pub fn mul(&self, o: &Matrix) -> Matrix {
        Matrix {
            u00: self.u00 * o.u00 + self.u01 * o.u10,
            u01: self.u00 * o.u01 + self.u01 * o.u11,
            u10: self.u10 * o.u00 + self.u11 * o.u10,
            u11: self.u10 * o.u01 + self.u11 * o.u11,
        }
    }

    /// The matrix with its rows and columns swapped: that of the same steps on the pair
    /// `(b, a)` in place of `(a, b)`.
    ///
    /// ```
    /// use carry::limbs::Matrix;
    /// let m = Matrix { u00: 1, u01: 2, u10: 3, u11: 7 };
    /// let s = m.swapped();
    /// assert_eq!((s.u00, s.u01, s.u10, s.u11), (7, 3, 2, 1));
    /// ```
    #[inline]
    pub fn swapped(&self) -> Matrix {
        Matrix {
            u00: self.u11,
            u01: self.u10,
            u10: self.u01,
            u11: self.u00,
        }
    }
}

/// Euclid's algorithm on `(a, b)` with the matrix of its steps, stopping before the first step
/// that would divide by zero or that `keep(remainder, reducing entry, other entry of its
/// column)` refuses. The quotients are those of `(a, b)` exactly, so every entry is at most
/// `max(a, b)`.
#[inline(always)]
fn euclid(a: u64, b: u64, keep: impl Fn(u64, u64, u64) -> bool) -> Matrix {
    let more = |_, divisor| divisor != 0;
    if a >= b {
        euclid_ordered(a, b, more, keep)
    } else {
        // The same steps with the roles of `a` and `b` exchanged.
        euclid_ordered(b, a, more, keep).swapped()
    }
}

/// [`euclid`] for `a ≥ b`, where `more(dividend, divisor)`, asked before each division, also
/// ends the steps (it must refuse a zero divisor). A remainder is below its divisor, so the
/// steps alternate between `a -= q·b` and `b -= q·a`: the loop takes one of each per pass, with no comparison to choose.
/// Every quotient is one hardware division: on Zen 4 its latency is shorter than a
/// mispredicted branch between conditional subtractions for small quotients and a division for
/// the large ones.
#[inline(always)]
fn euclid_ordered(
    mut a: u64,
    mut b: u64,
    more: impl Fn(u64, u64) -> bool,
    keep: impl Fn(u64, u64, u64) -> bool,
) -> Matrix {
    let mut m = Matrix::IDENTITY;
    loop {
        if !more(a, b) {
            return m;
        }
        let (q, r) = super::div_2by1_hw(0, a, b);
        let (u01, u11) = (m.u01 + q * m.u00, m.u11 + q * m.u10);
        if !keep(r, u01, u11) {
            return m;
        }
        (a, m.u01, m.u11) = (r, u01, u11);
        if !more(b, a) {
            return m;
        }
        let (q, r) = super::div_2by1_hw(0, b, a);
        let (u10, u00) = (m.u10 + q * m.u11, m.u00 + q * m.u01);
        if !keep(r, u10, u00) {
            return m;
        }
        (b, m.u10, m.u00) = (r, u10, u00);
    }
}

/// The matrix of the Euclidean algorithm on the exact values `a`, `b`, run until one of the pair
/// is zero (the other is then the gcd) or an entry would reach 2^63 (the identity when the first
/// quotient is that large: divide instead).
pub fn euclid_matrix(a: u64, b: u64) -> Matrix {
    euclid(a, b, |_, u, v| u.max(v) < 1 << 63)
}

/// One-limb Lehmer matrix for the leading 64 bits `a ≥ b` of two values (`a`'s top bit set),
/// under the same validity rule as the first half of [`hgcd2`], that stops as soon as the
/// larger of the reduced pair is below `bound`: the step that only has to take the values under
/// a size (a gcd's last few bits above two limbs) costs the few quotients it needs, not the 60
/// bits' worth of a full [`hgcd2`]. `None` when not one step is safe, or when the pair is
/// already below `bound`.
pub fn lehmer_until(a: u64, b: u64, bound: u64) -> Option<Matrix> {
    debug_assert!(a >= b);
    // Each step's dividend is the larger of the pair it reduces: no step once that is below
    // `bound`.
    let more = |dividend, divisor| divisor != 0 && dividend >= bound;
    let m = euclid_ordered(a, b, more, |r, u, v| r >= u && u.max(v) < 1 << 31);
    Some(m).filter(|m| *m != Matrix::IDENTITY)
}

/// `s·a - t·b` on three limbs, for a result known to lie in `[0, 2^192)`.
#[inline(always)]
fn mul_sub_3(a: &[u64; 3], s: u64, b: &[u64; 3], t: u64) -> [u64; 3] {
    let mut r = [0u64; 3];
    let (mut cs, mut ct, mut borrow) = (0u64, 0u64, false);
    for i in 0..3 {
        let x = u128::from(a[i]) * u128::from(s) + u128::from(cs);
        let y = u128::from(b[i]) * u128::from(t) + u128::from(ct);
        let (d, b1) = (x as u64).overflowing_sub(y as u64);
        let (d, b2) = d.overflowing_sub(u64::from(borrow));
        (r[i], borrow) = (d, b1 | b2);
        (cs, ct) = ((x >> 64) as u64, (y >> 64) as u64);
    }
    r
}

/// The leading 64 bits of `v` at the shift `sh` (the leading zeros of the larger value's top
/// limb).
#[inline(always)]
fn top_bits(v: &[u64; 3], sh: u32) -> u64 {
    if sh == 0 {
        v[2]
    } else {
        (v[2] << sh) | (v[1] >> (64 - sh))
    }
}

/// The double-digit Lehmer matrix for the leading bits of `A` and `B`: `a` and `b` are their
/// 192 leading bits (three limbs, least significant first, aligned alike, `a[2]`'s top bit set).
/// Applying it with [`matrix_apply`] leaves both values positive; `None` when not one quotient
/// step is safe (a quotient too large for one limb: divide instead).
pub fn hgcd2(a: &[u64; 3], b: &[u64; 3]) -> Option<Matrix> {
    let m1 = euclid(a[2], b[2], |r, u, v| r >= u && u.max(v) < 1 << 31);
    if m1 == Matrix::IDENTITY {
        return None;
    }
    let a1 = mul_sub_3(a, m1.u11, b, m1.u01);
    let b1 = mul_sub_3(b, m1.u00, a, m1.u10);
    let top = a1[2].max(b1[2]);
    if top == 0 {
        return Some(m1);
    }
    let sh = top.leading_zeros();
    let m2 = euclid(top_bits(&a1, sh), top_bits(&b1, sh), |r, u, v| {
        r > u && u.max(v) < 1 << 31
    });
    Some(m1.mul(&m2))
}

/// One limb of a row `s·a + t·b` with `s, t < 2^63`: the two products sum within 128 bits
/// before the carry comes in, so the carry waits on one addition only.
#[inline(always)]
fn lincomb_limb(a: u64, s: u64, b: u64, t: u64, carry: &mut u64) -> u64 {
    let p = u128::from(a) * u128::from(s) + u128::from(b) * u128::from(t);
    let y = p + u128::from(*carry);
    *carry = (y >> 64) as u64;
    y as u64
}

/// `(a, b) = (u11·a - u01·b, u00·b - u10·a)` in place in one pass (the old values on the
/// right), for `a.len() == b.len()`, entries below 2^63 and results known to be non-negative:
/// each row is the sum `s·x + t·(!y) + t`, as `-y = !y + 1 - 2^(64n)`.
pub fn matrix_apply(a: &mut [u64], b: &mut [u64], m: &Matrix) {
    debug_assert!(m.u00.max(m.u01).max(m.u10).max(m.u11) < 1 << 63);
    let b = &mut b[..a.len()];
    let (mut ca, mut cb) = (m.u01, m.u10);
    for (x, y) in a.iter_mut().zip(b.iter_mut()) {
        let (xi, yi) = (*x, *y);
        *x = lincomb_limb(xi, m.u11, !yi, m.u01, &mut ca);
        *y = lincomb_limb(yi, m.u00, !xi, m.u10, &mut cb);
    }
    debug_assert_eq!((ca, cb), (m.u01, m.u10));
}

/// The cofactor row update `(c0, c1) = (u00·c0 + u10·c1, u01·c0 + u11·c1)` in place in one
/// pass, for `c0.len() == c1.len()` and entries below 2^63; returns the two limbs carried out.
pub fn matrix_mul_row(c0: &mut [u64], c1: &mut [u64], m: &Matrix) -> (u64, u64) {
    debug_assert!(m.u00.max(m.u01).max(m.u10).max(m.u11) < 1 << 63);
    let c1 = &mut c1[..c0.len()];
    let (mut k0, mut k1) = (0, 0);
    for (x, y) in c0.iter_mut().zip(c1.iter_mut()) {
        let (xi, yi) = (*x, *y);
        *x = lincomb_limb(xi, m.u00, yi, m.u10, &mut k0);
        *y = lincomb_limb(xi, m.u01, yi, m.u11, &mut k1);
    }
    (k0, k1)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rng(seed: &mut u64) -> u64 {
        *seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let x = *seed ^ (*seed >> 29);
        match *seed >> 60 {
            0 => 0,
            1 => u64::MAX,
            2 => x >> (x % 64),
            _ => x,
        }
    }

    fn det_is_one(m: &Matrix) -> bool {
        u128::from(m.u00) * u128::from(m.u11) == u128::from(m.u01) * u128::from(m.u10) + 1
    }

    /// `s·v` as `v.len() + 1` limbs.
    fn times(v: &[u64], s: u64) -> Vec<u64> {
        let mut r = vec![0; v.len() + 1];
        let n = v.len();
        r[n] = crate::limbs::mul_1(&mut r[..n], v, s);
        r
    }

    #[test]
    fn hgcd2_keeps_full_values_positive() {
        // Leading limbs that stress the bound: random, equal tops, tops one apart, Fibonacci-like
        // ratios; below them a limb of all zeros or all ones (the extremes of the unknown part).
        let mut seed = 11;
        let mut steps = 0;
        for k in 0..20_000 {
            let mut a = [rng(&mut seed), rng(&mut seed), rng(&mut seed) | 1 << 63];
            let mut b = [rng(&mut seed), rng(&mut seed), rng(&mut seed)];
            match k % 5 {
                0 => b[2] = a[2],
                1 => b[2] = a[2] - 1,
                2 => b[2] = (a[2] as f64 / 1.618_033_988_749_895) as u64,
                _ => {}
            }
            if (b[2], b[1], b[0]) > (a[2], a[1], a[0]) {
                core::mem::swap(&mut a, &mut b);
                a[2] |= 1 << 63;
            }
            let Some(m) = hgcd2(&a, &b) else { continue };
            assert!(det_is_one(&m), "{a:x?} {b:x?} {m:?}");
            assert!(m.u00.max(m.u01).max(m.u10).max(m.u11) < 1 << 63);
            for (la, lb) in [(0, u64::MAX), (u64::MAX, 0), (0, 0), (u64::MAX, u64::MAX)] {
                let full_a = [la, a[0], a[1], a[2]];
                let full_b = [lb, b[0], b[1], b[2]];
                // u11·A > u01·B and u00·B > u10·A: both results positive.
                let ctx = format!("{full_a:x?} {full_b:x?} {m:?}");
                let (pa, qa) = (times(&full_a, m.u11), times(&full_b, m.u01));
                assert!(crate::limbs::cmp_n(&pa, &qa).is_gt(), "a': {ctx}");
                let (pb, qb) = (times(&full_b, m.u00), times(&full_a, m.u10));
                assert!(crate::limbs::cmp_n(&pb, &qb).is_gt(), "b': {ctx}");
                let (mut x, mut y) = (full_a, full_b);
                matrix_apply(&mut x, &mut y, &m);
                let mut want = pa.clone();
                crate::limbs::sub_n_assign(&mut want, &qa);
                assert_eq!(&want[..4], &x, "a' value: {ctx}");
                let mut want = pb.clone();
                crate::limbs::sub_n_assign(&mut want, &qb);
                assert_eq!(&want[..4], &y, "b' value: {ctx}");
            }
            steps += 1;
        }
        assert!(steps > 15_000, "only {steps} matrices");
    }

    /// `lehmer_until` keeps both full values positive (the leading limbs with a limb of all
    /// zeros or all ones below), and stops at the bound unless a step was unsafe.
    #[test]
    fn lehmer_until_keeps_values_positive_and_stops_at_bound() {
        let mut seed = 17;
        let mut stopped = 0;
        for k in 0..20_000 {
            let a = rng(&mut seed) | 1 << 63;
            let mut b = match k % 4 {
                0 => a - (rng(&mut seed) >> 40),
                1 => (a as f64 / 1.618_033_988_749_895) as u64,
                _ => rng(&mut seed),
            };
            b = b.min(a);
            let bound = 1u64 << (32 + k % 32);
            let Some(m) = lehmer_until(a, b, bound) else {
                continue;
            };
            assert!(det_is_one(&m), "{a:x} {b:x} {m:?}");
            assert!(m.u00.max(m.u01).max(m.u10).max(m.u11) < 1 << 31);
            for (la, lb) in [(0, u64::MAX), (u64::MAX, 0), (0, 0), (u64::MAX, u64::MAX)] {
                let (x, y) = ([la, a], [lb, b]);
                let ctx = format!("{a:x} {b:x} {m:?}");
                let (pa, qa) = (times(&x, m.u11), times(&y, m.u01));
                assert!(crate::limbs::cmp_n(&pa, &qa).is_gt(), "a': {ctx}");
                let (pb, qb) = (times(&y, m.u00), times(&x, m.u10));
                assert!(crate::limbs::cmp_n(&pb, &qb).is_gt(), "b': {ctx}");
            }
            let w = |x: u64| i128::from(x);
            let a2 = w(m.u11) * w(a) - w(m.u01) * w(b);
            let b2 = w(m.u00) * w(b) - w(m.u10) * w(a);
            assert!(a2 >= 0 && b2 >= 0, "{a:x} {b:x} {m:?}");
            if a2.max(b2) < i128::from(bound) {
                stopped += 1;
            }
        }
        assert!(stopped > 5_000, "only {stopped} stopped at the bound");
    }

    #[test]
    fn matrix_mul_row_matches_products() {
        let mut seed = 5;
        for n in 1..=9 {
            for _ in 0..200 {
                let c0: Vec<u64> = (0..n).map(|_| rng(&mut seed)).collect();
                let c1: Vec<u64> = (0..n).map(|_| rng(&mut seed)).collect();
                let e = |s: &mut u64| rng(s) >> 1;
                let m = Matrix {
                    u00: e(&mut seed),
                    u01: e(&mut seed),
                    u10: e(&mut seed),
                    u11: e(&mut seed),
                };
                let (mut x, mut y) = (c0.clone(), c1.clone());
                let (k0, k1) = matrix_mul_row(&mut x, &mut y, &m);
                let mut want0 = times(&c0, m.u00);
                crate::limbs::add_n_assign(&mut want0, &times(&c1, m.u10));
                let mut want1 = times(&c0, m.u01);
                crate::limbs::add_n_assign(&mut want1, &times(&c1, m.u11));
                x.push(k0);
                y.push(k1);
                assert_eq!((x, y), (want0, want1), "n={n} {m:?}");
            }
        }
    }

    #[test]
    fn euclid_matrix_reaches_the_gcd() {
        let gcd = |mut g: u64, mut h: u64| {
            while h != 0 {
                (g, h) = (h, g % h);
            }
            g
        };
        let mut seed = 3;
        for _ in 0..10_000 {
            let (a, b) = (rng(&mut seed), rng(&mut seed));
            let m = euclid_matrix(a, b);
            assert!(det_is_one(&m));
            let (x, y) = (u128::from(a), u128::from(b));
            let a2 = u128::from(m.u11) * x - u128::from(m.u01) * y;
            let b2 = u128::from(m.u00) * y - u128::from(m.u10) * x;
            let (a2, b2) = (a2 as u64, b2 as u64);
            assert_eq!(gcd(a2, b2), gcd(a, b), "a={a} b={b}");
            // Finished, or the next step's entries would reach 2^63.
            let w = |x: u64| u128::from(x);
            let next = if a2 == 0 || b2 == 0 {
                0
            } else if a2 >= b2 {
                let q = w(a2 / b2);
                (w(m.u01) + q * w(m.u00)).max(w(m.u11) + q * w(m.u10))
            } else {
                let q = w(b2 / a2);
                (w(m.u10) + q * w(m.u11)).max(w(m.u00) + q * w(m.u01))
            };
            assert!(a2 == 0 || b2 == 0 || next >= 1 << 63, "a={a} b={b} {m:?}");
        }
    }
}
