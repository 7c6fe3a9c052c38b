//! The gcd of large operands by the half-gcd (Möller, "On Schönhage's algorithm and subquadratic
//! integer gcd computation", Math. Comp. 77 (2008); Brent and Zimmermann, MCA §1.6.3): a matrix
//! that reduces the leading half of a pair reduces the whole pair, so half-gcds of the leading
//! bits, found recursively and applied with fast products, replace Lehmer's 62 bits per pass.
//! O(M(n)·log n). `Int::gcd` uses it when both operands have at least `GCD_HGCD` limbs,
//! `gcd_ext` and `modinv` from `GCDEXT_HGCD`; the recursion bottoms out in Lehmer steps below
//! `HGCD_BASE` limbs.
//!
//! Every matrix here is a product of the steps `a -= q·b` and `b -= q·a`: non-negative entries and
//! determinant 1, so the reduced pair has the gcd of the original. The size bounds of Möller's
//! lemma decide how far each half reduces; whether a reduction is kept is decided by the exact
//! reduced values (both non-negative and at least `2^s`), so a bound off by a bit costs speed,
//! never a wrong gcd.

use crate::limbs::{self, Matrix};
use crate::thresholds::{GCDEXT_HGCD, GCD_HGCD, HGCD_BASE};
use crate::Int;
use alloc::{vec, vec::Vec};

/// `[[u00, u01], [u10, u11]]` with non-negative entries and determinant 1: `(a; b) = M·(α; β)`.
struct IntMatrix {
    u00: Int,
    u01: Int,
    u10: Int,
    u11: Int,
}

impl IntMatrix {
    fn identity() -> IntMatrix {
        IntMatrix {
            u00: Int::ONE,
            u01: Int::ZERO,
            u10: Int::ZERO,
            u11: Int::ONE,
        }
    }

    fn is_identity(&self) -> bool {
        self.u01.is_zero() && self.u10.is_zero()
    }

    /// `self·o`.
    fn mul(&self, o: &IntMatrix) -> IntMatrix {
        IntMatrix {
            u00: &self.u00 * &o.u00 + &self.u01 * &o.u10,
            u01: &self.u00 * &o.u01 + &self.u01 * &o.u11,
            u10: &self.u10 * &o.u00 + &self.u11 * &o.u10,
            u11: &self.u10 * &o.u01 + &self.u11 * &o.u11,
        }
    }

    /// `M⁻¹·(a; b) = (u11·a - u01·b, u00·b - u10·a)`, or `None` when either is negative, for
    /// `a = 2^p·a_hi + a_lo`, `b = 2^p·b_hi + b_lo` when
    /// `(α; β) = M⁻¹·(a_hi; b_hi)` is known: `2^p·α + u11·a_lo - u01·b_lo` and its twin, so the
    /// products take only the low `p` bits.
    fn reduce_split(
        &self,
        (alpha, beta): (&Int, &Int),
        a: &Int,
        b: &Int,
        p: u64,
    ) -> Option<(Int, Int)> {
        let (a_lo, b_lo) = (low_bits(a, p), low_bits(b, p));
        let x = (alpha << p) + &self.u11 * &a_lo - &self.u01 * &b_lo;
        let y = (beta << p) + &self.u00 * &b_lo - &self.u10 * &a_lo;
        (!x.is_negative() && !y.is_negative()).then_some((x, y))
    }
}

/// `v mod 2^p` for `v ≥ 0`.
fn low_bits(v: &Int, p: u64) -> Int {
    let l = v.as_limbs();
    let (w, b) = ((p / 64) as usize, (p % 64) as u32);
    if w >= l.len() {
        return v.clone();
    }
    let mut low = l[..w + 1].to_vec();
    low[w] &= (1u64 << b) - 1;
    Int::from_limbs(&low)
}

/// The leading 192 bits of `v` at the bit length `n` of the larger of a pair.
fn top_192(v: &[u64], n: u64) -> [u64; 3] {
    let bit = |i: i64| -> u64 {
        if i < 0 {
            // Below the value: its low limb moved up, zeros under it.
            return if i > -64 {
                v.first().copied().unwrap_or(0) << -i
            } else {
                0
            };
        }
        let (w, b) = ((i / 64) as usize, (i % 64) as u32);
        let lo = v.get(w).copied().unwrap_or(0) >> b;
        let hi = if b == 0 {
            0
        } else {
            v.get(w + 1).copied().unwrap_or(0) << (64 - b)
        };
        lo | hi
    };
    let start = n as i64 - 192;
    [bit(start), bit(start + 64), bit(start + 128)]
}

/// One row `(c0, c1)` of a matrix of `Int` entries kept as limb vectors of a common length.
struct Row {
    c0: Vec<u64>,
    c1: Vec<u64>,
}

impl Row {
    fn new(c0: u64, c1: u64) -> Row {
        Row {
            c0: vec![c0],
            c1: vec![c1],
        }
    }

    /// `(c0, c1) = (c0, c1)·m`.
    fn mul(&mut self, m: &Matrix) {
        let (k0, k1) = limbs::matrix_mul_row(&mut self.c0, &mut self.c1, m);
        if k0 | k1 != 0 {
            self.c0.push(k0);
            self.c1.push(k1);
        }
    }
}

/// Lehmer steps on `(x, y)` while both stay at least `2^s`: the reduced pair and the matrix.
/// The pair and the matrix rows are updated in place, one pass per 62-bit step; the step that
/// crosses `2^s` is undone (it is the last).
fn hgcd_lehmer(x: Int, y: Int, s: u64) -> (IntMatrix, Int, Int) {
    let n = x.as_limbs().len().max(y.as_limbs().len());
    let (mut a, mut b) = (vec![0u64; n], vec![0u64; n]);
    a[..x.as_limbs().len()].copy_from_slice(x.as_limbs());
    b[..y.as_limbs().len()].copy_from_slice(y.as_limbs());
    let (mut r0, mut r1) = (Row::new(1, 0), Row::new(0, 1));
    loop {
        let (na, nb) = (limbs::bit_len(&a), limbs::bit_len(&b));
        if na <= s || nb <= s {
            break;
        }
        let top = na.max(nb);
        let step = if na >= nb {
            limbs::hgcd2(&top_192(&a, top), &top_192(&b, top))
        } else {
            limbs::hgcd2(&top_192(&b, top), &top_192(&a, top)).map(|m| m.swapped())
        };
        let Some(m) = step else {
            break;
        };
        limbs::matrix_apply(&mut a, &mut b, &m);
        if limbs::bit_len(&a) <= s || limbs::bit_len(&b) <= s {
            // Undo: (a; b) = m·(a'; b'), the row update with m's transpose.
            let t = Matrix {
                u00: m.u00,
                u01: m.u10,
                u10: m.u01,
                u11: m.u11,
            };
            limbs::matrix_mul_row(&mut a, &mut b, &t);
            break;
        }
        r0.mul(&m);
        r1.mul(&m);
    }
    let m = IntMatrix {
        u00: Int::from_limbs(&r0.c0),
        u01: Int::from_limbs(&r0.c1),
        u10: Int::from_limbs(&r1.c0),
        u11: Int::from_limbs(&r1.c1),
    };
    (m, Int::from_limbs(&a), Int::from_limbs(&b))
}

/// The half-gcd of `(a, b)` of at most `n` bits: a matrix `M` and `(α; β) = M⁻¹·(a; b)` with
/// `α, β ≥ 2^s`, `s = n/2 + 1`, reduced to within a few limbs of that.
fn hgcd(a: &Int, b: &Int) -> (IntMatrix, Int, Int) {
    let n = a.bits().max(b.bits());
    let s = n / 2 + 1;
    if a.bits().min(b.bits()) <= s {
        return (IntMatrix::identity(), a.clone(), b.clone());
    }
    if n <= 64 * HGCD_BASE as u64 {
        return hgcd_lehmer(a.clone(), b.clone(), s);
    }
    let mut m = IntMatrix::identity();
    let (mut x, mut y) = (a.clone(), b.clone());
    loop {
        let n2 = x.bits().max(y.bits());
        // The half-gcd of the bits above p reduces them to about half their length, which the
        // lemma lifts to about p + (n2 - p)/2: just above s for p = 2s - n2, but at most n/2
        // bits go to one recursive call.
        let p = (2 * s + 2).saturating_sub(n2).max(n2 - n / 2);
        if n2 - p < 128 {
            break;
        }
        // A reduction that leaves the length alone is followed by a division step, so each
        // pass shortens the pair or divides; neither possible means the pair is done.
        let shorter = reduce_by_top(&mut m, &mut x, &mut y, p, s) && x.bits().max(y.bits()) < n2;
        if !shorter && !division_step(&mut m, &mut x, &mut y, s) {
            break;
        }
    }
    let (last, x, y) = hgcd_lehmer(x, y, s);
    (m.mul(&last), x, y)
}

/// Reduces `(x, y)` by the half-gcd of their bits from `p` up (`m = m·M`), when the reduced pair
/// is non-negative and stays above `2^s`; whether it did.
fn reduce_by_top(m: &mut IntMatrix, x: &mut Int, y: &mut Int, p: u64, s: u64) -> bool {
    let (top, alpha, beta) = hgcd(&(&*x >> p), &(&*y >> p));
    if top.is_identity() {
        return false;
    }
    match top.reduce_split((&alpha, &beta), x, y, p) {
        Some((nx, ny)) if nx.bits() > s && ny.bits() > s => {
            *m = m.mul(&top);
            (*x, *y) = (nx, ny);
            true
        }
        _ => false,
    }
}

/// One Euclidean step, the larger of `(x, y)` reduced modulo the smaller (`m = m·E`), when the
/// remainder stays above `2^s`; whether it did.
fn division_step(m: &mut IntMatrix, x: &mut Int, y: &mut Int, s: u64) -> bool {
    let x_larger = *x >= *y;
    let (big, small) = if x_larger { (&*x, &*y) } else { (&*y, &*x) };
    let (q, r) = big.div_rem(small);
    if r.bits() <= s {
        return false;
    }
    // (x; y) = E·(r; y) with E = [[1, q], [0, 1]], or the transpose when y is the larger.
    if x_larger {
        m.u01 += &q * &m.u00;
        m.u11 += &q * &m.u10;
        *x = r;
    } else {
        m.u00 += &q * &m.u01;
        m.u10 += &q * &m.u11;
        *y = r;
    }
    true
}

/// A pair `(x, y)`, `x ≥ y`, with the gcd of the non-negative `a` and `b`, `y` shorter than
/// [`GCD_HGCD`] limbs ([`GCDEXT_HGCD`] with `cofactors`), possibly zero: half-gcd reductions of
/// the leading two thirds while both are that long, one division when their lengths differ by
/// 64 bits or more. With `cofactors`, also `(cx, cy)` with `x ≡ cx·a` and `y ≡ cy·a (mod b)`:
/// the row of Algorithm X that `gcd_ext` and `modinv` need.
pub(super) fn reduce_pair(a: &Int, b: &Int, cofactors: bool) -> (Int, Int, Option<(Int, Int)>) {
    let (mut x, mut y, mut co) = if a >= b {
        (a.clone(), b.clone(), (Int::ONE, Int::ZERO))
    } else {
        (b.clone(), a.clone(), (Int::ZERO, Int::ONE))
    };
    let stop = if cofactors { GCDEXT_HGCD } else { GCD_HGCD };
    while y.as_limbs().len() >= stop {
        let n = x.bits();
        let mut reduced = None;
        if n - y.bits() < 64 {
            let p = n / 3;
            let (m, alpha, beta) = hgcd(&(&x >> p), &(&y >> p));
            if !m.is_identity() {
                reduced = m.reduce_split((&alpha, &beta), &x, &y, p).map(|r| (m, r));
            }
        }
        match reduced {
            Some((m, (nx, ny))) => {
                if cofactors {
                    let (cx, cy) = &co;
                    co = (&m.u11 * cx - &m.u01 * cy, &m.u00 * cy - &m.u10 * cx);
                }
                (x, y) = (nx, ny);
                if x < y {
                    core::mem::swap(&mut x, &mut y);
                    core::mem::swap(&mut co.0, &mut co.1);
                }
            }
            None => {
                // Lopsided, or no reduction of the leading part: one division step.
                let (q, r) = x.div_rem(&y);
                if cofactors {
                    co = (co.1.clone(), &co.0 - &q * &co.1);
                }
                (x, y) = (y, r);
            }
        }
    }
    (x, y, cofactors.then_some(co))
}
