//! Variable-time field inverse by Lehmer's extended gcd (Knuth, TAOCP vol. 2, 4.5.2, Algorithm
//! L) with the double-digit matrices of [`limbs::hgcd2`], on fixed-size limb arrays: each step
//! reduces the pair (p, x) by about 62 bits and updates one row of cofactors, O(n²) word
//! operations for n limbs, with a division for the rare quotient wider than a limb.

use super::{mont, Params};
use crate::{limbs, Uint};

/// The pair (x, y) of the gcd with x ≥ y after [`Pair::order`], `nx`, `ny` limbs in use, and
/// the first row (c0, c1) of the matrix P with (p; a) = P·(x; y) for the original pair, `nc`
/// limbs in use (entries stay at most p), with the sign of det P.
struct Pair<const N: usize> {
    x: [u64; N],
    y: [u64; N],
    nx: usize,
    ny: usize,
    c0: [u64; N],
    c1: [u64; N],
    nc: usize,
    det_negative: bool,
}

impl<const N: usize> Pair<N> {
    /// Swaps x and y (and c0, c1) so that x ≥ y.
    fn order(&mut self) {
        let swap = self.nx < self.ny
            || (self.nx == self.ny && limbs::cmp_n(&self.x[..self.nx], &self.y[..self.ny]).is_lt());
        if swap {
            core::mem::swap(&mut self.x, &mut self.y);
            core::mem::swap(&mut self.nx, &mut self.ny);
            core::mem::swap(&mut self.c0, &mut self.c1);
            self.det_negative = !self.det_negative;
        }
    }

    /// The matrix of the next step for x ≥ y > 0 (None: divide instead).
    fn matrix(&self) -> Option<limbs::Matrix> {
        let n = self.nx;
        if n == 1 {
            let m = limbs::euclid_matrix(self.x[0], self.y[0]);
            return Some(m).filter(|m| *m != limbs::Matrix::IDENTITY);
        }
        let sh = self.x[n - 1].leading_zeros();
        let limb = |v: &[u64; N], i: usize| if i < n { v[n - 1 - i] } else { 0 };
        let top = |v: &[u64; N]| {
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
        limbs::hgcd2(&top(&self.x), &top(&self.y))
    }

    /// (x, y) = M⁻¹·(x, y) and P = P·M.
    fn apply(&mut self, m: &limbs::Matrix) {
        let n = self.nx;
        limbs::matrix_apply(&mut self.x[..n], &mut self.y[..n], m);
        self.nx = limbs::normalized_len(&self.x[..n]);
        self.ny = limbs::normalized_len(&self.y[..n]);
        let k = self.nc;
        let (k0, k1) = limbs::matrix_mul_row(&mut self.c0[..k], &mut self.c1[..k], m);
        if k0 | k1 != 0 {
            // Entries stay at most p < 2^(64N), so a carry out of k < N limbs fits.
            self.c0[k] = k0;
            self.c1[k] = k1;
            self.nc += 1;
        }
    }

    /// x = x mod y with P = P·[[1, q], [0, 1]] (c1 += q·c0), for a quotient q of any size.
    fn divide(&mut self) {
        let (q, r) = Uint::from_words(self.x).div_rem_vartime(&Uint::from_words(self.y));
        self.x = r.limbs;
        self.nx = limbs::normalized_len(&self.x);
        // c1 + q·c0 stays at most p, so the N-limb wrapping product is exact.
        let c1 =
            Uint::from_words(self.c1).wrapping_add(&q.wrapping_mul(&Uint::from_words(self.c0)));
        self.c1 = c1.limbs;
        self.nc = self.nc.max(limbs::normalized_len(&self.c1));
    }
}

/// The inverse of the Montgomery-form `x`, or `None` for 0; variable-time.
pub fn invert_vartime<const N: usize>(x: &[u64; N], p: &Params<N>) -> Option<[u64; N]> {
    let x = &p.canonical(x);
    let ny = limbs::normalized_len(x);
    if ny == 0 {
        return None;
    }
    let mut s = Pair {
        x: p.modulus,
        y: *x,
        nx: limbs::normalized_len(&p.modulus),
        ny,
        c0: [0; N],
        c1: [0; N],
        nc: 1,
        det_negative: false,
    };
    s.c0[0] = 1;
    loop {
        s.order();
        if s.ny == 0 {
            break;
        }
        match s.matrix() {
            Some(m) => s.apply(&m),
            None => s.divide(),
        }
    }
    // gcd = 1 = det·(p11·p − p01·x): x⁻¹ = −det·p01 = ±c1 mod p.
    let mut d = s.c1;
    if !s.det_negative {
        limbs::sub_n(&mut d, &p.modulus, &s.c1);
    }
    // d = (xR)⁻¹ = x⁻¹R⁻¹; the Montgomery form of x⁻¹ is d·R² = mont(d, R³).
    Some(mont::mul(&d, &p.r3, p))
}
