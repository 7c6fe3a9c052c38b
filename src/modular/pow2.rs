//! Simultaneous double exponentiation `a^x·b^y mod m` (Straus's method with interleaved
//! sliding windows, HAC 14.88 and Möller, "Algorithms for multi-exponentiation", SAC 2001):
//! one shared chain of squarings, each exponent's windows multiplied in where they end.

use super::arith::Timing;
use super::pow::{sliding_windows, window_width};
use super::Modulus;
use crate::Int;
use alloc::{vec, vec::Vec};

/// Where each window of `e` ends: `(bit position, digit)` pairs, highest first.
fn window_ends(e: &Int, w: u32) -> Vec<(u64, u64)> {
    let (windows, _) = sliding_windows(e, w);
    let mut pos = e.bits();
    windows
        .into_iter()
        .map(|(shift, digit)| {
            pos -= shift;
            (pos, digit)
        })
        .collect()
}

impl Modulus {
    /// `a^x · b^y mod m` in `[0, m)` with one shared chain of squarings (variable time).
    /// Negative exponents raise inverses; panics when such an inverse does not exist.
    ///
    /// ```
    /// use carry::{Int, Modulus};
    /// let m = Modulus::new(&Int::from(1_000_003)).unwrap();
    /// let (a, x, b, y) = (Int::from(5), Int::from(123), Int::from(7), Int::from(-456));
    /// assert_eq!(m.pow2_vartime(&a, &x, &b, &y), m.mul(&m.pow_vartime(&a, &x), &m.pow_vartime(&b, &y)));
    /// ```
    pub fn pow2_vartime(&self, a: &Int, x: &Int, b: &Int, y: &Int) -> Int {
        let invert = |base: &Int, e: &Int| {
            if e.is_negative() {
                base.modinv(&self.int)
                    .expect("Modulus::pow2_vartime: negative exponent and the base has no inverse")
            } else {
                base.clone()
            }
        };
        let (a, b) = (invert(a, x), invert(b, y));
        let (x, y) = (x.abs(), y.abs());
        let n = self.len();
        let mut s = vec![0u64; self.scratch_len()];
        let (am, bm) = (self.to_mont(&a, &mut s), self.to_mont(&b, &mut s));
        let (wx, wy) = (window_width(x.bits()), window_width(y.bits()));
        let (tx, ty) = (
            self.odd_powers(&am, wx, &mut s),
            self.odd_powers(&bm, wy, &mut s),
        );
        let (ex, ey) = (window_ends(&x, wx), window_ends(&y, wy));
        let (mut ix, mut iy) = (ex.into_iter().peekable(), ey.into_iter().peekable());
        let mut acc = self.one().to_vec();
        let mut tmp = vec![0u64; n];
        let mut started = false;
        for pos in (0..x.bits().max(y.bits())).rev() {
            if started {
                self.mont_sqr(&mut tmp, &acc, &mut s, Timing::Vartime);
                acc.copy_from_slice(&tmp);
            }
            for (ends, table) in [(&mut ix, &tx), (&mut iy, &ty)] {
                if let Some(&(p, digit)) = ends.peek() {
                    if p == pos {
                        let entry = &table[(digit as usize / 2) * n..][..n];
                        if started {
                            self.mont_mul(&mut tmp, &acc, entry, &mut s, Timing::Vartime);
                            acc.copy_from_slice(&tmp);
                        } else {
                            acc.copy_from_slice(entry);
                            started = true;
                        }
                        ends.next();
                    }
                }
            }
        }
        let mut r = vec![0u64; n];
        self.mont_out(&mut r, &acc, &mut s);
        Int::from_limbs(&r)
    }
}
