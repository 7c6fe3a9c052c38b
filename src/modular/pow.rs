//! Variable-time modular exponentiation: left-to-right sliding windows over the odd powers
//! (Menezes, van Oorschot & Vanstone, Handbook of Applied Cryptography, Algorithm 14.85), the
//! window width growing with the exponent length; for base 2 a square-and-double ladder.

use super::arith::{array, Fixed, Timing};
use super::Modulus;
use crate::mont::add_portable;
use crate::Int;
use alloc::{vec, vec::Vec};

/// The sliding-window width for an exponent of `bits` bits (the width that minimises
/// `2^(w-1)` table products plus `bits/(w+1)` window products).
pub(super) fn window_width(bits: u64) -> u32 {
    match bits {
        0..=7 => 1,
        8..=24 => 2,
        25..=80 => 3,
        81..=240 => 4,
        241..=672 => 5,
        673..=1792 => 6,
        _ => 7,
    }
}

/// The windows of `e > 0` (its normalised limbs) from the top: calls `visit(shift, digit)`,
/// meaning "square `shift` times, then multiply by `base^digit`" (`digit` odd), for each, and
/// returns the squarings left after the last one.
fn for_each_window(e: &[u64], w: u32, mut visit: impl FnMut(u64, u64)) -> u64 {
    let bit = |k: i64| (e[(k / 64) as usize] >> (k % 64)) & 1 == 1;
    let mut i = crate::limbs::bit_len(e) as i64 - 1;
    let mut pending = 0u64;
    while i >= 0 {
        if !bit(i) {
            pending += 1;
            i -= 1;
            continue;
        }
        let mut j = (i - i64::from(w) + 1).max(0);
        while !bit(j) {
            j += 1;
        }
        let mut digit = 0u64;
        for k in (j..=i).rev() {
            digit = (digit << 1) | u64::from(bit(k));
        }
        visit(pending + (i - j + 1) as u64, digit);
        pending = 0;
        i = j - 1;
    }
    pending
}

/// [`for_each_window`] as a list of `(shift, digit)` pairs and the squarings left.
pub(super) fn sliding_windows(e: &Int, w: u32) -> (Vec<(u64, u64)>, u64) {
    let mut windows = Vec::new();
    let tail = for_each_window(e.as_limbs(), w, |shift, digit| windows.push((shift, digit)));
    (windows, tail)
}

impl Modulus {
    /// `base^exp mod m` in `[0, m)`, in variable time (sliding windows; see [`Modulus::pow`]
    /// for secret bases and exponents). Any base is accepted (reduced first); a negative exponent
    /// raises the inverse of the base. Panics when the exponent is negative and the base has
    /// no inverse ([`Modulus::checked_pow_vartime`] returns `None` instead).
    ///
    /// ```
    /// use carry::{Int, Modulus};
    /// let m = Modulus::new(&Int::from(1009)).unwrap();
    /// assert_eq!(m.pow_vartime(&Int::from(3), &Int::from(1008)), 1); // Fermat
    /// assert_eq!(m.pow_vartime(&Int::from(3), &Int::from(-1)), 673);   // 3·673 = 2019 ≡ 1
    /// assert_eq!(m.pow_vartime(&Int::from(-2), &Int::ZERO), 1);
    /// ```
    pub fn pow_vartime(&self, base: &Int, exp: &Int) -> Int {
        self.checked_pow_vartime(base, exp)
            .expect("Modulus::pow_vartime: negative exponent and the base has no inverse")
    }

    /// [`Modulus::pow_vartime`], or `None` when the exponent is negative and the base has no inverse
    /// modulo `m`.
    ///
    /// ```
    /// use carry::{Int, Modulus};
    /// let m = Modulus::new(&Int::from(15)).unwrap();
    /// assert_eq!(m.checked_pow_vartime(&Int::from(2), &Int::from(-1)), Some(Int::from(8)));
    /// assert_eq!(m.checked_pow_vartime(&Int::from(3), &Int::from(-1)), None);
    /// ```
    pub fn checked_pow_vartime(&self, base: &Int, exp: &Int) -> Option<Int> {
        if exp.is_negative() {
            let inv = base.modinv(&self.int)?;
            return Some(self.pow_nonneg(&inv, &exp.abs()));
        }
        Some(self.pow_nonneg(base, exp))
    }

    /// `base^exp mod m` for `exp ≥ 0`.
    fn pow_nonneg(&self, base: &Int, exp: &Int) -> Int {
        let n = self.len();
        if exp.is_zero() {
            return Int::ONE;
        }
        match self.fixed_len() {
            1 => return self.pow_fixed::<1>(base, exp),
            2 => return self.pow_fixed::<2>(base, exp),
            3 => return self.pow_fixed::<3>(base, exp),
            4 => return self.pow_fixed::<4>(base, exp),
            5 => return self.pow_fixed::<5>(base, exp),
            6 => return self.pow_fixed::<6>(base, exp),
            7 => return self.pow_fixed::<7>(base, exp),
            8 => return self.pow_fixed::<8>(base, exp),
            9 => return self.pow_fixed::<9>(base, exp),
            10 => return self.pow_fixed::<10>(base, exp),
            11 => return self.pow_fixed::<11>(base, exp),
            12 => return self.pow_fixed::<12>(base, exp),
            _ => {}
        }
        let mut s = vec![0u64; self.scratch_len()];
        let a = self.reduce_limbs(base);
        let mut acc = vec![0u64; n];
        if a[0] == 2 && a[1..].iter().all(|&x| x == 0) {
            self.pow_of_two(&mut acc, exp, &mut s);
        } else {
            let mut am = vec![0u64; n];
            self.mont_mul(&mut am, &a, self.r2(), &mut s, Timing::Vartime);
            self.pow_mont(&mut acc, &am, exp, &mut s);
        }
        let mut r = vec![0u64; n];
        self.mont_out(&mut r, &acc, &mut s);
        Int::from_limbs(&r)
    }

    /// `acc = a^e` in Montgomery form for `a` in Montgomery form and `e > 0`.
    fn pow_mont(&self, acc: &mut [u64], a: &[u64], e: &Int, s: &mut [u64]) {
        let n = self.len();
        let w = window_width(e.bits());
        let table = self.odd_powers(a, w, s);
        let (windows, tail) = sliding_windows(e, w);
        let mut tmp = vec![0u64; n];
        let mut started = false;
        for (shift, digit) in windows {
            let entry = &table[(digit as usize / 2) * n..][..n];
            if !started {
                acc.copy_from_slice(entry);
                started = true;
                continue;
            }
            for _ in 0..shift {
                self.mont_sqr(&mut tmp, acc, s, Timing::Vartime);
                acc.copy_from_slice(&tmp);
            }
            self.mont_mul(&mut tmp, acc, entry, s, Timing::Vartime);
            acc.copy_from_slice(&tmp);
        }
        for _ in 0..tail {
            self.mont_sqr(&mut tmp, acc, s, Timing::Vartime);
            acc.copy_from_slice(&tmp);
        }
    }

    /// `base^e mod m` for `e > 0` and a modulus of `N` limbs, on arrays from start to end:
    /// the running power stays in registers, the odd powers on the stack, and nothing is
    /// allocated but the result (at one limb the buffers of the slice path cost as much as
    /// the products). Base 2 takes the square-and-double ladder, as [`Modulus::pow_of_two`].
    fn pow_fixed<const N: usize>(&self, base: &Int, e: &Int) -> Int {
        let f = Fixed::<N>::new(self.m(), self.minv);
        let a = self.reduced::<N>(base);
        let word = |x: u64| {
            let mut r = [0u64; N];
            r[0] = x;
            r
        };
        let y = if a == word(2) {
            let one = array(self.one());
            let mut y = add_portable(&one, &one, &f.m);
            for i in (0..e.bits() - 1).rev() {
                y = f.sqr(&y);
                if e.bit(i) {
                    y = add_portable(&y, &y, &f.m);
                }
            }
            y
        } else {
            let am = f.mul(&a, &array(self.r2()));
            let w = window_width(e.bits());
            // Room for the widest window, 2^(7 - 1) odd powers.
            let mut table = [[0u64; N]; 64];
            table[0] = am;
            if w > 1 {
                let a2 = f.sqr(&am);
                for i in 1..1usize << (w - 1) {
                    table[i] = f.mul(&table[i - 1], &a2);
                }
            }
            let mut x: Option<[u64; N]> = None;
            let tail = for_each_window(e.as_limbs(), w, |shift, digit| {
                let entry = &table[digit as usize / 2];
                x = Some(match x {
                    None => *entry,
                    Some(mut y) => {
                        for _ in 0..shift {
                            y = f.sqr(&y);
                        }
                        f.mul(&y, entry)
                    }
                });
            });
            let mut y = x.expect("e > 0 has a window");
            for _ in 0..tail {
                y = f.sqr(&y);
            }
            y
        };
        Int::from_limbs(&f.mul(&y, &word(1)))
    }

    /// `a, a³, a⁵, …, a^(2^w - 1)` in Montgomery form, `n` limbs each, one after another.
    pub(super) fn odd_powers(&self, a: &[u64], w: u32, s: &mut [u64]) -> Vec<u64> {
        let n = self.len();
        let count = 1usize << (w - 1);
        let mut table = vec![0u64; count * n];
        table[..n].copy_from_slice(a);
        if count > 1 {
            let mut a2 = vec![0u64; n];
            self.mont_sqr(&mut a2, a, s, Timing::Vartime);
            for i in 1..count {
                let (done, rest) = table.split_at_mut(i * n);
                self.mont_mul(
                    &mut rest[..n],
                    &done[(i - 1) * n..],
                    &a2,
                    s,
                    Timing::Vartime,
                );
            }
        }
        table
    }

    /// `acc = 2^e` in Montgomery form for `e > 0`: square, and double where the exponent has
    /// a one (a doubling is an addition, far cheaper than a product).
    fn pow_of_two(&self, acc: &mut [u64], e: &Int, s: &mut [u64]) {
        let n = self.len();
        let mut tmp = vec![0u64; n];
        let one = self.one().to_vec();
        self.add_mod(acc, &one, &one, s);
        for i in (0..e.bits() - 1).rev() {
            self.mont_sqr(&mut tmp, acc, s, Timing::Vartime);
            if e.bit(i) {
                self.add_mod(acc, &tmp, &tmp, s);
            } else {
                acc.copy_from_slice(&tmp);
            }
        }
    }
}
