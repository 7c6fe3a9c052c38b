//! Divide-and-conquer radix conversion for long numbers (radixes that are not powers of two):
//! split at a power of `big = radix^m` (`m` digits a limb-sized chunk), convert both halves,
//! combine by one multiplication (from digits) or one division (to digits). From digits splits
//! a piece of `c` chunks at `big^ceil(c/2)` (the halving powers of GMP's `mpn_set_str`), to
//! digits at `big^(2^i)`. Knuth, TAOCP vol. 2, 4.4, exercise 14; Brent and
//! Zimmermann, "Modern Computer Arithmetic", 1.7.2. O(M(n) log n) from digits; to digits costs
//! the divisions, O(M(n) log² n) with divide-and-conquer division, O(M(n) log n) where the
//! powers' reciprocals serve every division of a level (from `TO_RADIX_MU` limbs, or
//! `TO_RADIX_MU_DEEP` where a level has four divisions or more). Selected
//! above `FROM_RADIX_DC` digits and `TO_RADIX_DC` limbs; the `limbs::radix` base cases run
//! below, and to digits splits down to `TO_RADIX_LEAF` limbs, converted by
//! `limbs::to_radix_frac`.
//!
//! From `TO_RADIX_BASE` limbs, to digits runs the other way round, by products only: the
//! number is evaluated in a power of the radix (`limbs::radix_base`, 18 digits a limb for
//! radix 10), `a = hi·B^e + lo` with `B = 2^64`, halves first, the powers `B^e` squared in that
//! base; binary pieces of `TO_RADIX_BASE_LEAF` limbs become base-`D` limbs by the fraction
//! method of the digit leaves. O(M(n) log n), the
//! method of FLINT 3's `radix_set_mpn`. The powers of the last length converted (up to 2^17
//! limbs) stay with the thread, in both directions (from digits, for the next number of as
//! many chunks in the same radix).

use super::arith::{mul_into, sqr_into};
use crate::limbs;
use crate::limbs::{RadixBase, RadixBaseTransform};
use crate::thresholds::{
    FROM_RADIX_DC, RADIX_BASE_NTT, TO_RADIX_BASE, TO_RADIX_BASE_LEAF, TO_RADIX_FRAC, TO_RADIX_LEAF,
    TO_RADIX_MU, TO_RADIX_MU_DEEP,
};
use alloc::{vec, vec::Vec};
#[cfg(feature = "std")]
use core::cell::RefCell;
#[cfg(feature = "std")]
use std::collections::HashMap;

#[cfg(feature = "std")]
std::thread_local! {
    /// The inverses `floor(B^(2L) / big^c) + 1` of the leaf conversions (`limbs::to_radix_frac`
    /// with `big = radix^m`, `limbs::radix_base_from_binary_frac` with `big = D`), by
    /// `(big, c)`: a few dozen short numbers per radix, kept for the life of the thread.
    static LEAF_INVERSES: RefCell<HashMap<(u64, usize), Vec<u64>>> = RefCell::new(HashMap::new());
}

/// `floor(B^(2L) / big^c) + 1` with `L = limbs::chunk_frac_len(big, c)`.
fn leaf_inverse(big: u64, c: usize) -> Vec<u64> {
    let l = limbs::chunk_frac_len(big, c);
    let mut n = vec![1u64];
    for _ in 0..c {
        let carry = limbs::mul_1_assign(&mut n, big);
        if carry != 0 {
            n.push(carry);
        }
    }
    let mut u = vec![0u64; 2 * l + 1];
    u[2 * l] = 1;
    let mut q = vec![0u64; u.len() - n.len() + 1];
    if let [d] = *n {
        limbs::divrem_1(&mut q, &u, d);
    } else {
        let mut r = vec![0; n.len()];
        let mut scratch = vec![0; limbs::divrem_scratch_len(u.len(), n.len())];
        limbs::divrem(&mut q, &mut r, &u, &n, &mut scratch);
    }
    let carry = limbs::add_1_assign(&mut q, 1);
    debug_assert_eq!(carry, 0);
    let len = limbs::normalized_len(&q);
    q.truncate(len);
    q
}

/// Calls `f` with [`leaf_inverse`]`(big, c)`, from this thread's cache.
#[cfg(feature = "std")]
fn with_leaf_inverse(big: u64, c: usize, f: impl FnOnce(&[u64])) {
    LEAF_INVERSES.with(|cache| {
        let mut cache = cache.borrow_mut();
        let inv = cache
            .entry((big, c))
            .or_insert_with(|| leaf_inverse(big, c));
        f(inv)
    })
}

/// Calls `f` with [`leaf_inverse`]`(big, c)`, computed anew (no per-thread cache without
/// `std`).
#[cfg(not(feature = "std"))]
fn with_leaf_inverse(big: u64, c: usize, f: impl FnOnce(&[u64])) {
    f(&leaf_inverse(big, c))
}

/// A leaf of [`to_digits`]: exactly `out.len()` digits of the short `a` (normalized).
fn leaf_digits(out: &mut [u8], a: &[u64], radix: u32) {
    let (m, _) = limbs::radix_chunk(radix);
    if a.len() >= TO_RADIX_FRAC {
        // Digits above a's own length are zeros: convert only the chunks a can fill.
        let take = out.len().min(limbs::to_radix_len(a, radix).div_ceil(m) * m);
        let (zeros, tail) = out.split_at_mut(out.len() - take);
        zeros.fill(0);
        let c = take.div_ceil(m);
        with_leaf_inverse(limbs::radix_chunk(radix).1, c, |inv| {
            let s = limbs::to_radix_frac_scratch_len(a.len(), inv.len(), radix, c);
            let mut scratch = vec![0; s];
            limbs::to_radix_frac(tail, a, inv, radix, &mut scratch);
        });
        return;
    }
    let mut work = a.to_vec();
    let mut digits = vec![0; limbs::to_radix_len(a, radix)];
    let k = limbs::to_radix(&mut digits, &mut work, radix);
    let (zeros, tail) = out.split_at_mut(out.len() - k);
    zeros.fill(0);
    tail.copy_from_slice(&digits[..k]);
}

/// The powers `big^(2^i)`, `big = radix^m`, squared one by one as a conversion needs them.
/// Each is kept as `(odd, zeros)`: the power is `odd·B^zeros` with the low zero limbs dropped
/// (radix powers carry a power of two: about 30% of the limbs of `10^k` are zero), so that
/// divisions and products by it run on the shorter part.
struct Powers {
    /// The radix, which the per-thread cache (with `std`) checks before reusing a table.
    #[cfg_attr(not(feature = "std"), allow(dead_code))]
    radix: u32,
    m: usize,
    table: Vec<(Vec<u64>, usize)>,
    /// For the powers of `TO_RADIX_MU` limbs and more, computed when first divided by.
    inverses: Vec<Option<Inverse>>,
    /// The index of the power of the top split of a conversion to digits: its one division
    /// would not repay a reciprocal.
    top: usize,
}

/// A power `p` (its odd part) ready for division by its reciprocal: `d = p·2^shift` with the
/// top bit set and `v = limbs::reciprocal(d)`, computed once for all the divisions of a level.
struct Inverse {
    shift: u32,
    d: Vec<u64>,
    v: Vec<u64>,
}

impl Inverse {
    fn new(p: &[u64]) -> Inverse {
        let n = p.len();
        let shift = p[n - 1].leading_zeros();
        let mut d = p.to_vec();
        if shift > 0 {
            limbs::shl(&mut d, p, shift);
        }
        let mut v = vec![0; n + 1];
        let mut scratch = vec![0; limbs::reciprocal_scratch_len(n)];
        limbs::reciprocal(&mut v, &d, &mut scratch);
        Inverse { shift, d, v }
    }

    /// `q = a / p`, `r = a mod p` (`q.len() == a.len() - p.len() + 1`, `r.len() == p.len()`).
    fn divrem(&self, q: &mut [u64], r: &mut [u64], a: &[u64]) {
        let n = self.d.len();
        let mut u = vec![0; a.len() + 1];
        if self.shift > 0 {
            u[a.len()] = limbs::shl(&mut u[..a.len()], a, self.shift);
        } else {
            u[..a.len()].copy_from_slice(a);
        }
        let mut scratch = vec![0; limbs::divrem_by_reciprocal_scratch_len(n)];
        limbs::divrem_by_reciprocal(q, &mut u, &self.d, &self.v, &mut scratch);
        if self.shift > 0 {
            limbs::shr(r, &u[..n], self.shift);
        } else {
            r.copy_from_slice(&u[..n]);
        }
    }
}

impl Powers {
    fn new(radix: u32) -> Powers {
        let (m, big) = limbs::radix_chunk(radix);
        Powers {
            radix,
            m,
            table: vec![(vec![big], 0)],
            inverses: Vec::new(),
            top: 0,
        }
    }

    /// Whether the divisions by power `i` (odd part of `pn` limbs) go through its reciprocal:
    /// below the top split from `TO_RADIX_MU` limbs, from `TO_RADIX_MU_DEEP` where the level
    /// has four divisions or more.
    fn divides_by_inverse(&self, i: usize, pn: usize) -> bool {
        (pn >= TO_RADIX_MU && i < self.top) || (pn >= TO_RADIX_MU_DEEP && i + 1 < self.top)
    }

    /// The [`Inverse`] of power `i`, computed by [`Powers::prepare`].
    fn inverse(&self, i: usize) -> &Inverse {
        self.inverses[i]
            .as_ref()
            .expect("prepare computes the inverses divided by")
    }

    /// Computes the powers up to `radix^(m·2^top)` and the reciprocals that
    /// [`Powers::divides_by_inverse`] asks for, so that the conversion to digits can share the
    /// table (between threads with the `parallel` feature).
    fn prepare(&mut self, top: usize) {
        self.compute(top);
        self.top = top;
        if self.inverses.len() <= top {
            self.inverses.resize_with(top + 1, || None);
        }
        for i in 0..=top {
            if self.inverses[i].is_none() && self.divides_by_inverse(i, self.table[i].0.len()) {
                self.inverses[i] = Some(Inverse::new(&self.table[i].0));
            }
        }
    }

    /// The limbs of the table and its reciprocals.
    #[cfg(feature = "std")]
    fn limbs(&self) -> usize {
        let table: usize = self.table.iter().map(|(p, _)| p.len()).sum();
        let inverses: usize = (self.inverses.iter().flatten())
            .map(|v| v.d.len() + v.v.len())
            .sum();
        table + inverses
    }

    /// `radix^(m·2^i)` as `(p, z)` with the value `p·B^z`, `p` normalized; computed by
    /// [`Powers::prepare`].
    fn get(&self, i: usize) -> (&[u64], usize) {
        let (p, z) = &self.table[i];
        (p, *z)
    }

    /// Squares the table up to power `i`.
    fn compute(&mut self, i: usize) {
        while self.table.len() <= i {
            let (p, z) = self.table.last().expect("the table starts with one entry");
            let mut sq = vec![0; 2 * p.len()];
            sqr_into(&mut sq, p);
            let n = limbs::normalized_len(&sq);
            let low = sq.iter().take_while(|&&x| x == 0).count();
            let z = 2 * z + low;
            sq.truncate(n);
            sq.drain(..low);
            self.table.push((sq, z));
        }
    }

    /// Digits in the low part when `len` digits are split: `m·2^i`, the largest below `len`.
    fn split(&self, len: usize) -> (usize, usize) {
        let mut i = 0;
        while self.m << (i + 1) < len {
            i += 1;
        }
        (i, self.m << i)
    }
}

/// A [`Powers`] table of at most this many limbs (with its reciprocals), or the splitting powers
/// of a conversion from digits, is kept by its thread for the next conversion (1 MiB).
#[cfg(feature = "std")]
const CACHED_TABLE_LIMBS: usize = 1 << 17;

#[cfg(feature = "std")]
std::thread_local! {
    /// The power table of the last conversion to digits by division: converting again in
    /// that radix skips the squarings (a tenth of a 4096-bit conversion) up to the powers
    /// the table already holds.
    static LAST_TABLE: RefCell<Option<Powers>> = const { RefCell::new(None) };
}

/// Calls `f` with the [`Powers`] of `radix` prepared for `len` digits: this thread's table
/// when it is of that radix (taken out while `f` runs, so a nested conversion builds its
/// own), kept afterwards up to [`CACHED_TABLE_LIMBS`].
#[cfg(feature = "std")]
fn with_powers<R>(radix: u32, len: usize, f: impl FnOnce(&Powers) -> R) -> R {
    let mut powers = match take_kept(&LAST_TABLE) {
        Some(p) if p.radix == radix => p,
        _ => Powers::new(radix),
    };
    powers.prepare(powers.split(len).0);
    let r = f(&powers);
    keep(&LAST_TABLE, powers.limbs(), powers);
    r
}

/// This thread's kept value in `cell`, taken out (so that a nested conversion builds its own).
#[cfg(feature = "std")]
fn take_kept<T>(cell: &'static std::thread::LocalKey<RefCell<Option<T>>>) -> Option<T> {
    cell.try_with(|c| c.borrow_mut().take()).ok().flatten()
}

/// Keeps `value`, of `limbs` limbs, in this thread's `cell` when it is at most
/// [`CACHED_TABLE_LIMBS`].
#[cfg(feature = "std")]
fn keep<T>(cell: &'static std::thread::LocalKey<RefCell<Option<T>>>, limbs: usize, value: T) {
    if limbs <= CACHED_TABLE_LIMBS {
        let _ = cell.try_with(|c| *c.borrow_mut() = Some(value));
    }
}

/// Calls `f` with the [`Powers`] of `radix` prepared for `len` digits (computed anew without
/// `std`).
#[cfg(not(feature = "std"))]
fn with_powers<R>(radix: u32, len: usize, f: impl FnOnce(&Powers) -> R) -> R {
    let mut powers = Powers::new(radix);
    powers.prepare(powers.split(len).0);
    f(&powers)
}

/// The value of `digits` (digit values below `radix`, most significant first) as normalized
/// limbs, for `digits.len() > FROM_RADIX_DC`.
pub fn from_radix_dc(digits: &[u8], radix: u32) -> Vec<u64> {
    with_halving_powers(digits.len(), radix, |powers| {
        from_digits(digits, radix, powers, 0)
    })
}

#[cfg(feature = "std")]
std::thread_local! {
    /// The splitting powers of the last conversion from digits, with its radix and number of
    /// chunks (which fix them): parsing another number of as many chunks in that radix skips
    /// their squarings, about a tenth of the conversion.
    static LAST_HALVING: RefCell<Option<(u32, usize, HalvingPowers)>> = const { RefCell::new(None) };
}

/// Calls `f` with the [`HalvingPowers`] for `len` digits of `radix`: this thread's last ones
/// when they are for as many chunks of that radix (taken out while `f` runs, so a nested
/// conversion builds its own), kept afterwards up to [`CACHED_TABLE_LIMBS`].
#[cfg(feature = "std")]
fn with_halving_powers<R>(len: usize, radix: u32, f: impl FnOnce(&HalvingPowers) -> R) -> R {
    let chunks = len.div_ceil(limbs::radix_chunk(radix).0);
    let powers = match take_kept(&LAST_HALVING) {
        Some((r, c, p)) if r == radix && c == chunks => p,
        _ => HalvingPowers::new(len, radix),
    };
    let r = f(&powers);
    keep(&LAST_HALVING, powers.limbs(), (radix, chunks, powers));
    r
}

/// Calls `f` with the [`HalvingPowers`] for `len` digits of `radix` (computed anew without
/// `std`).
#[cfg(not(feature = "std"))]
fn with_halving_powers<R>(len: usize, radix: u32, f: impl FnOnce(&HalvingPowers) -> R) -> R {
    f(&HalvingPowers::new(len, radix))
}

/// The powers that split a conversion from `c` chunks of digits (`big = radix^m`, `m` digits
/// a chunk) into halves: `big^e_j` with `e_0 = ceil(c/2)` and `e_(j+1) = ceil(e_j/2)`, down
/// to the pieces of at most `FROM_RADIX_DC` digits. The smallest is built by `mul_1`, each
/// other from the next by one square and, when `e_j` is odd, one exact division by `big`. A
/// piece of `c'` chunks splits at the largest `e_j <= ceil(c'/2)`, so every product of the
/// conversion is balanced and no power is computed beyond the one the top split uses. Each
/// power is kept as `(odd, zeros)`, the power being `odd·B^zeros` (as in [`Powers`]).
struct HalvingPowers {
    m: usize,
    exps: Vec<usize>,
    pows: Vec<(Vec<u64>, usize)>,
}

impl HalvingPowers {
    /// The limbs of the powers.
    #[cfg(feature = "std")]
    fn limbs(&self) -> usize {
        self.pows.iter().map(|(p, _)| p.len()).sum()
    }

    fn new(digits: usize, radix: u32) -> HalvingPowers {
        let (m, big) = limbs::radix_chunk(radix);
        let leaf = (FROM_RADIX_DC / (2 * m)).max(1);
        let mut exps = vec![digits.div_ceil(m).div_ceil(2)];
        let mut e = exps[0];
        while e > leaf {
            e = e.div_ceil(2);
            exps.push(e);
        }
        let mut p = vec![1u64];
        for _ in 0..e {
            let carry = limbs::mul_1_assign(&mut p, big);
            if carry != 0 {
                p.push(carry);
            }
        }
        let mut pows = vec![strip_zeros(p, 0)];
        for j in (0..exps.len() - 1).rev() {
            let (p, z) = &pows[pows.len() - 1];
            // One spare low limb: dividing by big may need one more limb of the square's
            // trailing zeros than its odd part has.
            let mut sq = vec![0; 2 * p.len() + 1];
            sqr_into(&mut sq[1..], p);
            let mut z = 2 * z;
            if exps[j] < 2 * exps[j + 1] {
                let from = if z > 0 {
                    z -= 1;
                    0
                } else {
                    1
                };
                let exact = limbs::divexact_1_assign(&mut sq[from..], big);
                debug_assert!(exact);
                sq.drain(..from);
            } else {
                sq.remove(0);
            }
            pows.push(strip_zeros(sq, z));
        }
        pows.reverse();
        HalvingPowers { m, exps, pows }
    }
}

/// `(a', z')` with `a·B^z = a'·B^z'`, `a'` normalized and odd in its lowest limb's place
/// (its low zero limbs moved into `z'`).
fn strip_zeros(mut a: Vec<u64>, z: usize) -> (Vec<u64>, usize) {
    let n = limbs::normalized_len(&a);
    a.truncate(n);
    let low = a.iter().take_while(|&&x| x == 0).count();
    a.drain(..low);
    (a, z + low)
}

/// Conversions of at least this many limbs convert their halves on two threads (feature
/// `parallel`).
#[cfg(feature = "parallel")]
const PAR_LIMBS: usize = 2000;

/// `(x(), y())`, on two threads when `parallel` and `limbs` (the size of the work, in limbs of
/// the results) is long enough to repay it.
#[inline]
pub(crate) fn both<X: Send, Y: Send>(
    limbs: usize,
    x: impl FnOnce() -> X + Send,
    y: impl FnOnce() -> Y + Send,
) -> (X, Y) {
    #[cfg(feature = "parallel")]
    if limbs >= PAR_LIMBS && rayon::current_num_threads() > 1 {
        return rayon::join(x, y);
    }
    let _ = limbs;
    (x(), y())
}

/// [`from_radix_dc`] of a piece of the digits, `j` the index of the largest power its
/// enclosing piece split at.
fn from_digits(digits: &[u8], radix: u32, powers: &HalvingPowers, mut j: usize) -> Vec<u64> {
    if digits.len() <= FROM_RADIX_DC {
        let mut r = vec![0; limbs::from_radix_len(digits.len(), radix)];
        let n = limbs::from_radix(&mut r, digits, radix);
        r.truncate(n);
        return r;
    }
    let half = digits.len().div_ceil(powers.m).div_ceil(2);
    while powers.exps[j] > half {
        j += 1;
    }
    let (hi, lo) = digits.split_at(digits.len() - powers.exps[j] * powers.m);
    let size = limbs::from_radix_len(digits.len(), radix);
    let (hi, lo) = both(
        size,
        || from_digits(hi, radix, powers, j),
        || from_digits(lo, radix, powers, j),
    );
    if hi.is_empty() {
        return lo;
    }
    let (p, z) = (&powers.pows[j].0, powers.pows[j].1);
    let mut r = vec![0; z + hi.len() + p.len() + 1];
    let prod = &mut r[z..z + hi.len() + p.len()];
    if hi.len() >= p.len() {
        mul_into(prod, &hi, p);
    } else {
        mul_into(prod, p, &hi);
    }
    let carry = limbs::add_assign(&mut r[..], &lo);
    debug_assert_eq!(carry, 0);
    let n = limbs::normalized_len(&r);
    r.truncate(n);
    r
}

/// Writes the digit values of `a` (normalized, more than `TO_RADIX_DC` limbs) into `out`,
/// most significant first and without leading zeros; returns how many. `out` must hold
/// `limbs::to_radix_len(a, radix)` digits.
pub fn to_radix_dc(out: &mut [u8], a: &[u64], radix: u32) -> usize {
    let base = RadixBase::new(radix);
    if a.len() >= TO_RADIX_BASE
        && limbs::ntt_fits(2 * limbs::radix_base_from_binary_len(a.len(), &base))
    {
        return to_radix_by_products(out, a, base);
    }
    let len = limbs::to_radix_len(a, radix);
    let out = &mut out[..len];
    with_powers(radix, len, |powers| to_digits(out, a, radix, powers));
    let lead = out.iter().position(|&d| d != 0).unwrap_or(len);
    out.copy_within(lead.., 0);
    len - lead
}

/// Writes exactly `out.len()` digits of `a` (with leading zeros); `a < radix^out.len()`.
fn to_digits(out: &mut [u8], a: &[u64], radix: u32, powers: &Powers) {
    let a = &a[..limbs::normalized_len(a)];
    if a.len() <= TO_RADIX_LEAF {
        return leaf_digits(out, a, radix);
    }
    let (i, low) = powers.split(out.len());
    let (pn, z) = {
        let (p, z) = powers.get(i);
        (p.len(), z)
    };
    let (hi_out, lo_out) = out.split_at_mut(out.len() - low);
    if a.len() < z + pn {
        hi_out.fill(0);
        return to_digits(lo_out, a, radix, powers);
    }
    // a = (q·p + r)·B^z + a_low: divide the limbs above B^z, keep the low ones as they are.
    let (a_low, a_high) = a.split_at(z);
    let mut q = vec![0; a_high.len() - pn + 1];
    let mut r = vec![0; z + pn];
    r[..z].copy_from_slice(a_low);
    if powers.divides_by_inverse(i, pn) {
        powers.inverse(i).divrem(&mut q, &mut r[z..], a_high);
    } else {
        let (p, _) = powers.get(i);
        if let [d] = *p {
            r[z] = limbs::divrem_1(&mut q, a_high, d);
        } else {
            let mut scratch = vec![0; limbs::divrem_scratch_len(a_high.len(), p.len())];
            limbs::divrem(&mut q, &mut r[z..], a_high, p, &mut scratch);
        }
    }
    both(
        a.len(),
        || to_digits(hi_out, &q, radix, powers),
        || to_digits(lo_out, &r, radix, powers),
    );
}

/// The powers `B^e_j` (`B = 2^64`) in a radix base for the conversion by products of an
/// `n`-limb number: `e_0 = ceil(n/2)`, `e_(j+1) = ceil(e_j / 2)`, down to half a leaf. A
/// piece of `m` limbs splits at the largest `e_j <= ceil(m/2)`.
struct BinaryPowers {
    /// The limbs of the numbers these powers convert (the key of the per-thread cache).
    #[cfg_attr(not(feature = "std"), allow(dead_code))]
    n: usize,
    base: RadixBase,
    exps: Vec<usize>,
    pows: Vec<Vec<u64>>,
}

impl BinaryPowers {
    fn new(n: usize, base: RadixBase) -> BinaryPowers {
        let mut exps = vec![n.div_ceil(2).max(1)];
        loop {
            let e = exps[exps.len() - 1];
            if 2 * e <= TO_RADIX_BASE_LEAF.max(2) {
                break;
            }
            exps.push(e.div_ceil(2));
        }
        let last = exps[exps.len() - 1];
        let mut b = vec![0; last + 1];
        b[last] = 1;
        let mut p = vec![0; limbs::radix_base_from_binary_len(b.len(), &base)];
        let k = limbs::radix_base_from_binary(&mut p, &mut b, &base);
        p.truncate(k);
        let mut pows = vec![p];
        for j in (0..exps.len() - 1).rev() {
            let prev = &pows[pows.len() - 1];
            let mut sq = vec![0; 2 * prev.len()];
            limbs::radix_base_sqr(&mut sq, prev, &base);
            if exps[j] < 2 * exps[j + 1] {
                limbs::radix_base_divexact_b(&mut sq, &base);
            }
            let k = limbs::normalized_len(&sq);
            sq.truncate(k);
            pows.push(sq);
        }
        pows.reverse();
        BinaryPowers {
            n,
            base,
            exps,
            pows,
        }
    }
}

/// Conversions by products of numbers of at most this many limbs keep their powers (about as
/// many limbs as the number: 1.2 MiB at most) for the next conversion of that length.
#[cfg(feature = "std")]
const CACHED_POWERS_LIMBS: usize = 1 << 17;

#[cfg(feature = "std")]
std::thread_local! {
    /// The powers of the last conversion by products (radix and length): converting numbers
    /// of one length again (printing a table, a benchmark) skips their squarings.
    static LAST_POWERS: RefCell<Option<std::rc::Rc<BinaryPowers>>> = const { RefCell::new(None) };
}

/// Calls `f` with the [`BinaryPowers`] for `n` limbs in `base`, from this thread's cache.
#[cfg(feature = "std")]
fn with_binary_powers<R>(n: usize, base: RadixBase, f: impl FnOnce(&BinaryPowers) -> R) -> R {
    let cached = LAST_POWERS.with(|c| match &*c.borrow() {
        Some(p) if p.n == n && p.base.radix() == base.radix() => Some(p.clone()),
        _ => None,
    });
    let powers = cached.unwrap_or_else(|| {
        let p = std::rc::Rc::new(BinaryPowers::new(n, base));
        if n <= CACHED_POWERS_LIMBS {
            LAST_POWERS.with(|c| *c.borrow_mut() = Some(p.clone()));
        }
        p
    });
    f(&powers)
}

/// Calls `f` with the [`BinaryPowers`] for `n` limbs in `base` (computed anew without `std`).
#[cfg(not(feature = "std"))]
fn with_binary_powers<R>(n: usize, base: RadixBase, f: impl FnOnce(&BinaryPowers) -> R) -> R {
    f(&BinaryPowers::new(n, base))
}

/// [`to_radix_dc`] by products: `a` in base `D` ([`to_base`]), then its limbs written out.
fn to_radix_by_products(out: &mut [u8], a: &[u64], base: RadixBase) -> usize {
    let a = &a[..limbs::normalized_len(a)];
    let per = base.digits();
    let x = with_binary_powers(a.len(), base.clone(), |powers| {
        // The powers below the top split multiply two pieces or more: transformed once.
        let transforms: Vec<Option<RadixBaseTransform>> = (powers.pows.iter().enumerate())
            .map(|(j, p)| {
                (j > 0 && p.len() >= RADIX_BASE_NTT).then(|| RadixBaseTransform::new(p, &base))
            })
            .collect();
        to_base(a, powers, &transforms, 0)
    });
    let (top, rest) = x.split_last().expect("a is not zero");
    let mut first = vec![0u8; per];
    limbs::radix_base_write(&mut first, &[*top], &base);
    let zeros = first.iter().take_while(|&&d| d == 0).count();
    let lead = per - zeros;
    out[..lead].copy_from_slice(&first[zeros..]);
    let len = lead + rest.len() * per;
    limbs::radix_base_write(&mut out[lead..len], rest, &base);
    len
}

/// A leaf of [`to_base`]: the base-`D` limbs of the short `a` (normalized), by the fraction
/// method from `TO_RADIX_FRAC` limbs, else by divisions.
fn base_leaf(a: &[u64], base: &RadixBase) -> Vec<u64> {
    let n = a.len();
    let mut r = vec![0; limbs::radix_base_from_binary_len(n, base)];
    if n >= TO_RADIX_FRAC {
        let c = r.len();
        let l = limbs::radix_base_frac_len(base, c);
        with_leaf_inverse(base.limb(), c, |inv| {
            let mut scratch = vec![0; n + inv.len() + l];
            limbs::radix_base_from_binary_frac(&mut r, a, inv, base, &mut scratch);
        });
    } else {
        let mut work = a.to_vec();
        limbs::radix_base_from_binary(&mut r, &mut work, base);
    }
    let k = limbs::normalized_len(&r);
    r.truncate(k);
    r
}

/// The normalized base-`D` limbs of `a` (binary, any length): split at `B^e_j`, the halves
/// converted (on two threads with `parallel`), combined as `hi·B^e_j + lo` in base `D`.
fn to_base(
    a: &[u64],
    powers: &BinaryPowers,
    transforms: &[Option<RadixBaseTransform>],
    mut depth: usize,
) -> Vec<u64> {
    let a = &a[..limbs::normalized_len(a)];
    let n = a.len();
    let base = &powers.base;
    if n <= TO_RADIX_BASE_LEAF.max(1) {
        return base_leaf(a, base);
    }
    while powers.exps[depth] > n.div_ceil(2) {
        depth += 1;
    }
    let e = powers.exps[depth];
    let (lo, hi) = both(
        n,
        || to_base(&a[..e], powers, transforms, depth),
        || to_base(&a[e..], powers, transforms, depth),
    );
    if hi.is_empty() {
        return lo;
    }
    let p = &powers.pows[depth];
    let mut r = vec![0; hi.len() + p.len()];
    match &transforms[depth] {
        Some(t) => limbs::radix_base_mul_by(&mut r, &hi, p, t, base),
        None => limbs::radix_base_mul(&mut r, &hi, p, base),
    }
    let carry = limbs::radix_base_add_assign(&mut r, &lo, base);
    debug_assert_eq!(carry, 0);
    let k = limbs::normalized_len(&r);
    r.truncate(k);
    r
}
