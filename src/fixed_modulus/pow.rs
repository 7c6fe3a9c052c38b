//! Modular exponentiation for [`FixedModulus`], left to right in Montgomery form (HAC 14.82,
//! fixed windows). The constant-time ones read every table entry for every window (a masked
//! scan, after Brickell et al.'s countermeasure to cache-timing attacks) and run a number of
//! products that depends only on the widths: `pow` with windows of `w` bits
//! (`64M + 64M/w + 2^w` products for an `M`-limb exponent), `pow2` (a^x·b^y, Shamir's trick)
//! with joint windows of two bits of each exponent, `exp2` (2^x) with one squaring and one
//! modular doubling per bit. `pow_vartime` skips the leading zero windows and the products by
//! table entry 0. O(k·N²) for `k` exponent bits.

use super::{Ctx, FixedModulus};
use crate::limbs;
use crate::Uint;
use zeroize::Zeroize;

/// Fills `table` (entries of `n` limbs) with `x^i` in Montgomery form, `x` in Montgomery form
/// (`x < m`) at entry 1 already.
fn powers(c: &Ctx<'_>, table: &mut [u64]) {
    let n = c.n();
    table[..n].copy_from_slice(c.one);
    for i in 2..table.len() / n {
        let (done, rest) = table.split_at_mut(i * n);
        c.mul(&mut rest[..n], &done[(i - 1) * n..], &done[n..2 * n]);
    }
}

impl Ctx<'_> {
    /// `out = base^e mod m` in constant time, with windows of `log2(table.len() / n)` bits;
    /// `work` is `3n` limbs. Both are wiped afterwards.
    fn pow(&self, out: &mut [u64], base: &[u64], e: &[u64], table: &mut [u64], work: &mut [u64]) {
        let n = self.n();
        let entries = table.len() / n;
        let w = entries.trailing_zeros();
        table[n..2 * n].fill(0);
        self.mul(&mut table[n..2 * n], base, self.r2);
        powers(self, table);
        let windows = (64 * e.len()).div_ceil(w as usize);
        self.windowed(out, table, work, windows, w, |k| {
            limbs::bits_at(e, (k * w as usize) as u64, w)
        });
    }

    /// `out = base^e mod m` in variable time: windows of 4 bits, `table` 16 entries of `n` limbs,
    /// `work` `3n` limbs.
    fn pow_vartime(
        &self,
        out: &mut [u64],
        base: &[u64],
        e: &[u64],
        table: &mut [u64],
        work: &mut [u64],
    ) {
        let n = self.n();
        let bits = 64 * limbs::normalized_len(e);
        if bits == 0 {
            // x^0 = 1, and 1 mod m = 1 for m > 1.
            out.fill(0);
            out[0] = 1;
            return;
        }
        self.mul(&mut table[n..2 * n], base, self.r2);
        powers(self, table);
        let (acc, rest) = work.split_at_mut(n);
        let (tmp, unit) = rest.split_at_mut(n);
        let (mut acc, mut tmp) = (acc, tmp);
        let mut k = bits / 4;
        while k > 0 && limbs::bits_at(e, 4 * (k as u64 - 1), 4) == 0 {
            k -= 1;
        }
        // The top window is nonzero: start from its table entry.
        let top = limbs::bits_at(e, 4 * (k as u64 - 1), 4) as usize;
        acc.copy_from_slice(&table[top * n..(top + 1) * n]);
        for k in (0..k - 1).rev() {
            for _ in 0..4 {
                self.sqr(tmp, acc);
                core::mem::swap(&mut acc, &mut tmp);
            }
            let d = limbs::bits_at(e, 4 * k as u64, 4) as usize;
            if d != 0 {
                self.mul(tmp, acc, &table[d * n..(d + 1) * n]);
                core::mem::swap(&mut acc, &mut tmp);
            }
        }
        self.out_of_mont(out, acc, unit);
    }

    /// `out = a^x·b^y mod m` in constant time, windows of two bits of each exponent (`x`, `y` of
    /// one length); `table` is 16 entries of `n` limbs, `work` `3n` limbs. Both are wiped.
    #[allow(clippy::too_many_arguments)]
    fn pow2(
        &self,
        out: &mut [u64],
        a: &[u64],
        x: &[u64],
        b: &[u64],
        y: &[u64],
        table: &mut [u64],
        work: &mut [u64],
    ) {
        let n = self.n();
        // table[i + 4j] = a^i·b^j: the powers of a in entries 0..4, then each row of four is
        // the one above times b.
        self.mul(&mut table[n..2 * n], a, self.r2);
        powers(self, &mut table[..4 * n]);
        self.mul(&mut table[4 * n..5 * n], b, self.r2);
        for i in 4..16 {
            if i == 4 {
                continue;
            }
            let (done, rest) = table.split_at_mut(i * n);
            self.mul(
                &mut rest[..n],
                &done[(i - 4) * n..(i - 3) * n],
                &done[4 * n..5 * n],
            );
        }
        self.windowed(out, table, work, 32 * x.len(), 2, |k| {
            limbs::bits_at(x, 2 * k as u64, 2) | limbs::bits_at(y, 2 * k as u64, 2) << 2
        });
    }

    /// The constant-time window loop of `pow` and `pow2`: from the top window down, `w`
    /// squarings and a product by the table entry that `digit(k)` names, read by a masked scan
    /// of the whole table; then out of Montgomery form into `out`. `work` is `3n` limbs; `table`
    /// and `work` are wiped afterwards.
    fn windowed(
        &self,
        out: &mut [u64],
        table: &mut [u64],
        work: &mut [u64],
        windows: usize,
        w: u32,
        digit: impl Fn(usize) -> u64,
    ) {
        let n = self.n();
        let (acc, rest) = work.split_at_mut(n);
        let (tmp, entry) = rest.split_at_mut(n);
        let (mut acc, mut tmp) = (acc, tmp);
        acc.copy_from_slice(self.one);
        for k in (0..windows).rev() {
            for _ in 0..w {
                self.sqr(tmp, acc);
                core::mem::swap(&mut acc, &mut tmp);
            }
            let mut d = digit(k);
            limbs::tabselect(entry, table, d);
            d.zeroize();
            self.mul(tmp, acc, entry);
            core::mem::swap(&mut acc, &mut tmp);
        }
        self.out_of_mont(out, acc, entry);
        table.zeroize();
        work.zeroize();
    }

    /// `out = 2^e mod m` in constant time: per bit of `e`, a squaring and a masked modular
    /// doubling; `work` is `3n` limbs, wiped afterwards.
    fn exp2(&self, out: &mut [u64], e: &[u64], work: &mut [u64]) {
        let n = self.n();
        let (acc, rest) = work.split_at_mut(n);
        let (tmp, dbl) = rest.split_at_mut(n);
        let (mut acc, mut tmp) = (acc, tmp);
        acc.copy_from_slice(self.one);
        for k in (0..64 * e.len()).rev() {
            self.sqr(tmp, acc);
            core::mem::swap(&mut acc, &mut tmp);
            dbl.copy_from_slice(acc);
            limbs::mod_double(dbl, self.m);
            let mut bit = limbs::bits_at(e, k as u64, 1);
            limbs::select(acc, dbl, limbs::eq_mask(bit, 1));
            bit.zeroize();
        }
        self.out_of_mont(out, acc, dbl);
        work.zeroize();
    }
}

/// The window width of a table of `len` limbs in entries of `n`: panics unless it is `2^w`
/// entries with `1 ≤ w ≤ 6`.
fn table_width(len: usize, n: usize) -> u32 {
    let entries = len / n;
    assert!(
        len.is_multiple_of(n) && entries.is_power_of_two() && (2..=64).contains(&entries),
        "FixedModulus::pow_in: the table must hold 2, 4, ..., 64 entries of N limbs"
    );
    entries.trailing_zeros()
}

impl<const N: usize> FixedModulus<N> {
    /// `base^exp mod m` in constant time, for secret bases and exponents (see
    /// [`FixedModulus::pow_vartime`] for public ones): the running time and the memory
    /// accessed depend only on `N` and `M`. Fixed windows of 4 bits, with a table of 16 values
    /// on the stack (`128·N` bytes; [`FixedModulus::pow_in`] takes the caller's).
    /// Temporaries are wiped. `0^0 = 1`.
    ///
    /// ```
    /// use carry::{FixedModulus, U256, U64};
    /// let p = FixedModulus::new(&U256::from_u64(1_000_000_007)).unwrap();
    /// let x = U256::from_u64(5);
    /// assert_eq!(p.pow(&x, &U64::from_u64(1_000_000_006)), U256::ONE);
    /// assert_eq!(p.pow(&x, &U64::from_u64(3)), U256::from_u64(125));
    /// ```
    pub fn pow<const M: usize>(&self, base: &Uint<N>, exp: &Uint<M>) -> Uint<N> {
        let mut table = [[0u64; N]; 16];
        self.pow_in(base, exp, table.as_flattened_mut())
    }

    /// [`FixedModulus::pow`] with the caller's table: `table` holds `2^w` values of `N` limbs
    /// (`1 ≤ w ≤ 6`), which sets the window width — a 2-entry table is the smallest footprint
    /// (a square-and-multiply ladder), 32 entries the fastest for 2048 to 4096 bits. Beside the
    /// table the stack holds `4N` limbs. Panics on any other table length.
    ///
    /// ```
    /// use carry::{FixedModulus, U128, U64};
    /// let p = FixedModulus::new(&U128::from_u64(1009)).unwrap();
    /// let mut table = [0u64; 2 * 2];
    /// assert_eq!(p.pow_in(&U128::from_u64(3), &U64::from_u64(1008), &mut table), U128::ONE);
    /// ```
    pub fn pow_in<const M: usize>(
        &self,
        base: &Uint<N>,
        exp: &Uint<M>,
        table: &mut [u64],
    ) -> Uint<N> {
        table_width(table.len(), N);
        let mut work = [[0u64; N]; 3];
        let mut out = [0u64; N];
        self.ctx().pow(
            &mut out,
            &base.limbs,
            &exp.limbs,
            table,
            work.as_flattened_mut(),
        );
        Uint::from_words(out)
    }

    /// `base^exp mod m` in variable time, for public values: windows of 4 bits, from the top
    /// nonzero one, no product for zero windows.
    ///
    /// ```
    /// use carry::{FixedModulus, U128};
    /// let p = FixedModulus::new(&U128::from_u64(1009)).unwrap();
    /// assert_eq!(p.pow_vartime(&U128::from_u64(2), &U128::from_u64(10)), U128::from_u64(15));
    /// ```
    pub fn pow_vartime<const M: usize>(&self, base: &Uint<N>, exp: &Uint<M>) -> Uint<N> {
        let mut table = [[0u64; N]; 16];
        let mut work = [[0u64; N]; 3];
        let mut out = [0u64; N];
        self.ctx().pow_vartime(
            &mut out,
            &base.limbs,
            &exp.limbs,
            table.as_flattened_mut(),
            work.as_flattened_mut(),
        );
        Uint::from_words(out)
    }

    /// `a^x·b^y mod m` in constant time (Shamir's trick: one chain of squarings, joint windows
    /// of two bits of each exponent over a table of the 16 products `a^i·b^j`, on the stack):
    /// about the cost of one [`FixedModulus::pow`], where two would take twice as long, as in
    /// DSA-style verification or blinded exponentiation.
    ///
    /// ```
    /// use carry::{FixedModulus, U128};
    /// let p = FixedModulus::new(&U128::from_u64(1009)).unwrap();
    /// let (a, b) = (U128::from_u64(3), U128::from_u64(7));
    /// let (x, y) = (U128::from_u64(100), U128::from_u64(200));
    /// let want = p.mul(&p.pow(&a, &x), &p.pow(&b, &y));
    /// assert_eq!(p.pow2(&a, &x, &b, &y), want);
    /// ```
    pub fn pow2<const M: usize>(
        &self,
        a: &Uint<N>,
        x: &Uint<M>,
        b: &Uint<N>,
        y: &Uint<M>,
    ) -> Uint<N> {
        let mut table = [[0u64; N]; 16];
        let mut work = [[0u64; N]; 3];
        let mut out = [0u64; N];
        self.ctx().pow2(
            &mut out,
            &a.limbs,
            &x.limbs,
            &b.limbs,
            &y.limbs,
            table.as_flattened_mut(),
            work.as_flattened_mut(),
        );
        Uint::from_words(out)
    }

    /// `2^exp mod m` in constant time: a squaring and a masked modular doubling per exponent
    /// bit, no table (Diffie–Hellman with generator 2, as the MODP groups of RFC 3526 use).
    /// The stack holds `4N` limbs.
    ///
    /// ```
    /// use carry::{FixedModulus, U128, U64};
    /// let p = FixedModulus::new(&U128::from_u64(1_000_003)).unwrap();
    /// let e = U64::from_u64(1234);
    /// assert_eq!(p.exp2(&e), p.pow(&U128::from_u64(2), &e));
    /// ```
    pub fn exp2<const M: usize>(&self, exp: &Uint<M>) -> Uint<N> {
        let mut work = [[0u64; N]; 3];
        let mut out = [0u64; N];
        self.ctx()
            .exp2(&mut out, &exp.limbs, work.as_flattened_mut());
        Uint::from_words(out)
    }
}
