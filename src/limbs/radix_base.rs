//! Numbers written in a power of a radix, for the conversion to digits: limbs `x_i < D`,
//! value `Σ x_i·D^i`, with `D = h²` and `h = radix^k` the largest power of the radix below
//! `2^30` (radix 10: `h = 10^9`, `D = 10^18`, 18 digits a limb).
//!
//! The conversion of a long binary number to digits (`Int::to_str_radix`) builds its value in
//! this form by divide and conquer with products only, `a = hi·B^e + lo` evaluated in base `D`
//! with the powers `B^e` (`B = 2^64`) squared in base `D`: the method of FLINT 3's `radix`
//! module (Johansson), the product-only direction of Knuth, TAOCP vol. 2, 4.4, exercise 14,
//! with the arithmetic done in the target radix. O(M(n) log n), no divisions. The binary
//! pieces of at most `TO_RADIX_BASE_LEAF` limbs at the bottom become base-`D` limbs by the
//! fraction method of [`radix_base_from_binary_frac`] (a product by a cached inverse of `D^c`,
//! then one multiplication by `D` a limb), the shortest by division.
//!
//! Products: product scanning with 128-bit column sums below `RADIX_BASE_NTT` limbs of the
//! shorter operand; from there the three-prime NTT of `ntt` (its [`convolution`]) on the
//! base-`h` coefficients, two a limb (a product coefficient sums at most `2^23` products below
//! `h² < 2^60`, below `p0·p1·p2 ≈ 2^88`), carried into base `D` by one 2-by-1 division a limb.

use super::div::{div_2by1, reciprocal_2by1};
use super::ntt::{
    convolution, convolution_by, garner_digits, transform_len, Garner, Transformed, PRIMES,
};
use super::radix::{chunk_frac_len, divide_pass_any, eight_digits, frac_chunks};
use crate::thresholds::RADIX_BASE_NTT;
use alloc::vec::Vec;

/// The constants of base `D = radix^(2k)` (see the module documentation).
#[derive(Clone, Debug)]
pub struct RadixBase {
    radix: u32,
    /// Digits in a half limb: `h = radix^k`.
    k: usize,
    h: u64,
    d: u64,
    /// `D << shift` is normalized, with reciprocal `v`.
    shift: u32,
    v: u64,
    /// `⌊2^64 / h⌋`, for the halves of a limb ([`RadixBase::split`]).
    h_inv: u64,
}

impl RadixBase {
    /// The base for `radix` (2..=36).
    ///
    /// ```
    /// let b = carry::limbs::RadixBase::new(10);
    /// assert_eq!((b.limb(), b.digits()), (1_000_000_000_000_000_000, 18));
    /// ```
    pub fn new(radix: u32) -> RadixBase {
        assert!((2..=36).contains(&radix));
        let (mut h, mut k) = (1u64, 0);
        while h * (radix as u64) < 1 << 30 {
            h *= radix as u64;
            k += 1;
        }
        let d = h * h;
        let shift = d.leading_zeros();
        RadixBase {
            radix,
            k,
            h,
            d,
            shift,
            v: reciprocal_2by1(d << shift),
            h_inv: ((1u128 << 64) / h as u128) as u64,
        }
    }

    /// `(l / h, l % h)` for a limb `l < D`, by a product with `⌊2^64 / h⌋` and one correction
    /// (the estimate is short of the quotient by less than `l / 2^64 < 1`, so at most one): a
    /// hardware division a limb took about 3% of a conversion to text.
    #[inline(always)]
    fn split(&self, l: u64) -> (u64, u64) {
        debug_assert!(l < self.d);
        let q = ((l as u128 * self.h_inv as u128) >> 64) as u64;
        let r = l - q * self.h;
        let over = (r >= self.h) as u64;
        (q + over, r - over * self.h)
    }

    /// The radix.
    pub fn radix(&self) -> u32 {
        self.radix
    }

    /// `D`, the limb base.
    pub fn limb(&self) -> u64 {
        self.d
    }

    /// Digits a limb holds: `D = radix^digits`.
    pub fn digits(&self) -> usize {
        2 * self.k
    }

    /// `(x / D, x mod D)`.
    #[inline(always)]
    fn divmod(&self, x: u128) -> (u128, u64) {
        let (hi, lo) = ((x >> 64) as u64, x as u64);
        let (q1, hi) = if hi >= self.d {
            (hi / self.d, hi % self.d)
        } else {
            (0, hi)
        };
        // shift >= 4: D < 2^60.
        let s = self.shift;
        let (q0, r) = div_2by1((hi << s) | (lo >> (64 - s)), lo << s, self.d << s, self.v);
        (((q1 as u128) << 64) | q0 as u128, r >> s)
    }

    /// `(x / D, x mod D)` for `x < 2^(128 - shift)·D`, whose quotient fits a limb.
    #[inline(always)]
    fn divmod_below(&self, x: u128) -> (u64, u64) {
        let s = self.shift;
        debug_assert!(x >> (128 - s) == 0 && ((x << s) >> 64) < (self.d << s) as u128);
        let x = x << s;
        let (q, r) = div_2by1((x >> 64) as u64, x as u64, self.d << s, self.v);
        (q, r >> s)
    }
}

/// An upper bound on the base-`D` limbs of a number of `an` binary limbs.
///
/// ```
/// use carry::limbs::{radix_base_from_binary_len, RadixBase};
/// assert_eq!(radix_base_from_binary_len(3, &RadixBase::new(10)), 5);
/// ```
pub fn radix_base_from_binary_len(an: usize, base: &RadixBase) -> usize {
    let bits = 63 - base.d.leading_zeros() as usize; // D >= 2^bits
    (64 * an).div_ceil(bits) + 1
}

/// Writes the base-`D` limbs of the binary number `a` into `out` (least significant first)
/// and returns how many (normalized: 0 for zero), by repeated division by `D`, four divisions
/// pipelined per pass; quadratic, for short `a`. `a` is clobbered; `out` needs
/// [`radix_base_from_binary_len`]`(a.len(), base)` limbs.
///
/// ```
/// use carry::limbs::{radix_base_from_binary, RadixBase};
/// let mut out = [0; 4];
/// let n = radix_base_from_binary(&mut out, &mut [0, 1], &RadixBase::new(10)); // 2^64
/// assert_eq!(&out[..n], &[446_744_073_709_551_616, 18]);
/// ```
pub fn radix_base_from_binary(out: &mut [u64], a: &mut [u64], base: &RadixBase) -> usize {
    let (dn, shift, v) = (base.d << base.shift, base.shift, base.v);
    let mut n = super::normalized_len(a);
    let mut k = 0;
    while n > 4 {
        for r in divide_pass_any::<4>(&mut a[..n], dn, shift, v) {
            out[k] = r;
            k += 1;
        }
        n = super::normalized_len(&a[..n]);
    }
    while n > 1 {
        let [r] = divide_pass_any::<1>(&mut a[..n], dn, shift, v);
        out[k] = r;
        k += 1;
        n = super::normalized_len(&a[..n]);
    }
    let mut x = if n == 1 { a[0] } else { 0 };
    while x > 0 {
        out[k] = x % base.d;
        x /= base.d;
        k += 1;
    }
    super::normalized_len(&out[..k])
}

/// The limbs `L` of the fraction [`radix_base_from_binary_frac`] uses for `c` base-`D` limbs:
/// the least with `B^L >= 2^64·D^c` that the bound `D < 2^bits` proves.
///
/// ```
/// use carry::limbs::{radix_base_frac_len, RadixBase};
/// assert_eq!(radix_base_frac_len(&RadixBase::new(10), 16), 16); // 10^18 < 2^60
/// ```
pub fn radix_base_frac_len(base: &RadixBase, c: usize) -> usize {
    chunk_frac_len(base.d, c)
}

/// Writes the `out.len()` base-`D` limbs of `a < D^out.len()` into `out` (least significant
/// first, leading zeros included) without a division: the fraction method of
/// [`to_radix_frac`](super::to_radix_frac) with `D` as the chunk, one multiplication by `D` a
/// limb (Bouvier and Zimmermann, "Division-free binary-to-decimal conversion", IEEE Trans.
/// Computers 2014). O(n²) like [`radix_base_from_binary`], with a product a limb instead of a
/// division. Requires `inv = floor(B^(2L) / D^c) + 1` for `c = out.len()` and
/// `L = radix_base_frac_len(base, c)`, and `scratch.len() >= a.len() + inv.len() + L`.
///
/// ```
/// use carry::limbs::{self, radix_base_frac_len, radix_base_from_binary_frac, RadixBase};
/// let base = RadixBase::new(10);
/// let l = radix_base_frac_len(&base, 2);
/// // inv = floor(B^(2L) / D^2) + 1
/// let mut u = vec![0u64; 2 * l + 1];
/// u[2 * l] = 1;
/// let d2 = base.limb() as u128 * base.limb() as u128;
/// let d2 = [d2 as u64, (d2 >> 64) as u64];
/// let mut inv = vec![0u64; u.len() - 1];
/// let (mut r, mut s) = ([0; 2], vec![0; limbs::divrem_scratch_len(u.len(), 2)]);
/// limbs::divrem(&mut inv, &mut r, &u, &d2, &mut s);
/// limbs::add_1_assign(&mut inv, 1);
/// let inv = &inv[..limbs::normalized_len(&inv)];
/// let mut out = [0; 2];
/// let mut scratch = vec![0; 2 + inv.len() + l];
/// radix_base_from_binary_frac(&mut out, &[0, 1], inv, &base, &mut scratch); // 2^64
/// assert_eq!(out, [446_744_073_709_551_616, 18]);
/// ```
pub fn radix_base_from_binary_frac(
    out: &mut [u64],
    a: &[u64],
    inv: &[u64],
    base: &RadixBase,
    scratch: &mut [u64],
) {
    let c = out.len();
    let mut next = c;
    frac_chunks(a, inv, base.d, c, scratch, |limb| {
        next -= 1;
        out[next] = limb;
    });
}

/// `r = x·y` in base `D`; requires `x` and `y` nonempty with limbs below `D`,
/// `r.len() == x.len() + y.len()` and `ntt_fits(r.len())`.
///
/// ```
/// use carry::limbs::{radix_base_mul, RadixBase};
/// let b = RadixBase::new(10);
/// let mut r = [0; 3];
/// radix_base_mul(&mut r, &[999_999_999_999_999_999, 2], &[10], &b);
/// assert_eq!(r, [999_999_999_999_999_990, 29, 0]);
/// ```
pub fn radix_base_mul(r: &mut [u64], x: &[u64], y: &[u64], base: &RadixBase) {
    assert_eq!(r.len(), x.len() + y.len());
    if x.len().min(y.len()) < RADIX_BASE_NTT {
        radix_base_mul_basecase(r, x, y, base)
    } else {
        radix_base_mul_ntt(r, x, Some(y), base)
    }
}

/// `r = x²` in base `D`; requires `x` nonempty with limbs below `D` and
/// `r.len() == 2·x.len()`.
///
/// ```
/// use carry::limbs::{radix_base_sqr, RadixBase};
/// let mut r = [0; 2];
/// radix_base_sqr(&mut r, &[1_000_000_000], &RadixBase::new(10));
/// assert_eq!(r, [0, 1]);
/// ```
pub fn radix_base_sqr(r: &mut [u64], x: &[u64], base: &RadixBase) {
    assert_eq!(r.len(), 2 * x.len());
    if x.len() < RADIX_BASE_NTT {
        radix_base_mul_basecase(r, x, x, base)
    } else {
        radix_base_mul_ntt(r, x, None, base)
    }
}

/// [`radix_base_mul`] by product scanning: each column summed in 128 bits (in parts of 128
/// products, each below `2^120`), then divided by `D`. Any lengths.
pub fn radix_base_mul_basecase(r: &mut [u64], x: &[u64], y: &[u64], base: &RadixBase) {
    let (x, y) = if x.len() >= y.len() { (x, y) } else { (y, x) };
    let (xn, yn) = (x.len(), y.len());
    let mut carry = 0u128;
    for (k, limb) in r[..xn + yn - 1].iter_mut().enumerate() {
        let lo = (k + 1).saturating_sub(yn);
        let hi = k.min(xn - 1);
        let column = |from: usize, to: usize| -> u128 {
            let mut sum = 0u128;
            for j in from..=to {
                sum += x[j] as u128 * y[k - j] as u128;
            }
            sum
        };
        if hi - lo < 128 {
            (carry, *limb) = base.divmod(carry + column(lo, hi));
        } else {
            // Longer columns in parts of 128 products, each divided by D on its own.
            let (mut low, mut next) = (carry, 0u128);
            for from in (lo..=hi).step_by(128) {
                let (q, rem) = base.divmod(column(from, (from + 127).min(hi)));
                low += rem as u128;
                next += q;
            }
            let (q, rem) = base.divmod(low);
            (carry, *limb) = (next + q, rem);
        }
    }
    r[xn + yn - 1] = carry as u64;
    debug_assert!(carry < base.d as u128);
}

/// [`radix_base_mul`] (or the square without `y`) by the three-prime NTT on base-`h`
/// coefficients.
pub fn radix_base_mul_ntt(r: &mut [u64], x: &[u64], y: Option<&[u64]>, base: &RadixBase) {
    let xs = split_halves(x, base);
    let ys = y.map(|y| split_halves(y, base));
    convolution(&xs, ys.as_deref(), |r0, r1, r2, g| {
        carry_residues(r, r0, r1, r2, g, base)
    });
}

/// The limbs of `x` as the pairs of base-`h` coefficients the NTT reads (low in the low half).
fn split_halves(x: &[u64], base: &RadixBase) -> Vec<u64> {
    x.iter()
        .map(|&l| {
            let (hi, lo) = base.split(l);
            lo | hi << 32
        })
        .collect()
}

/// Coefficients a piece of [`carry_residues`]: its three primes' residues (12 KiB) stay in
/// the first-level cache between Garner's step and the carrying.
const PIECE: usize = 1024;

/// `r` = the product whose base-`h` coefficients have the residues `r0, r1, r2` (of the
/// convolution, see [`convolution`]): Garner's digits and [`carry_digits`] a piece at a time.
fn carry_residues(
    r: &mut [u64],
    r0: &mut [u32],
    r1: &mut [u32],
    r2: &mut [u32],
    g: &Garner,
    base: &RadixBase,
) {
    let used = r0.len();
    debug_assert!(used > 0, "a product has coefficients");
    let mut state = (0, 0);
    let mut limbs = r;
    for start in (0..used).step_by(PIECE) {
        let end = (start + PIECE).min(used);
        let (d0, d1, d2) = (
            &mut r0[start..end],
            &mut r1[start..end],
            &mut r2[start..end],
        );
        garner_digits(g, d0, d1, d2);
        let last = end == used;
        let take = if last { limbs.len() } else { PIECE / 2 };
        let (now, rest) = core::mem::take(&mut limbs).split_at_mut(take);
        state = carry_digits(now, d0, d1, d2, base, state);
        limbs = rest;
    }
    debug_assert_eq!(state, (0, 0));
}

/// `r` = the product whose base-`h` coefficients have the Garner digits `d0, d1, d2`, carried
/// into base `D`.
///
/// Limb `k` gathers coefficients `2k` and `2k + 1`: with `e_i = d_i[2k] + d_i[2k+1]·h` (below
/// `2^61`, one product each) it is `v = e0 + p0·e1 + p0·p1·e2`, below `2^122`, so two wide
/// products and one division by `D` a limb. `state` is the quotient and carry that the limbs before `r` pass on; the function returns
/// those of `r`'s last limb (zero at the end of the product).
fn carry_digits(
    r: &mut [u64],
    d0: &[u32],
    d1: &[u32],
    d2: &[u32],
    base: &RadixBase,
    state: (u64, u64),
) -> (u64, u64) {
    let [p0, p1, _] = PRIMES;
    let p01 = p0 as u64 * p1 as u64;
    let h = base.h;
    let used = d0.len();
    debug_assert!(d1.len() == used && d2.len() == used && used <= 2 * r.len());
    let pairs = used / 2;
    let pair = |x: &[u32], k: usize| x[2 * k] as u64 + x[2 * k + 1] as u64 * h;
    // Each limb's value is divided by D on its own, so that the divisions overlap; then limb k
    // is its remainder plus the quotient of limb k - 1 (below D: the values are below 2^122,
    // far below D^2) plus a carry of 0 or 1, less D when that reaches D.
    let (mut q_prev, mut carry) = state;
    let mut put = |limb: &mut u64, v: u128| {
        let (q, rem) = base.divmod_below(v);
        let t = rem + q_prev + carry;
        carry = (t >= base.d) as u64;
        *limb = t - carry * base.d;
        q_prev = q;
    };
    let (head, tail) = r.split_at_mut(pairs);
    for (k, limb) in head.iter_mut().enumerate() {
        let (e0, e1, e2) = (pair(d0, k), pair(d1, k), pair(d2, k));
        put(
            limb,
            e0 as u128 + p0 as u128 * e1 as u128 + p01 as u128 * e2 as u128,
        );
    }
    for (k, limb) in tail.iter_mut().enumerate() {
        let i = 2 * (pairs + k);
        let v = if i < used {
            d0[i] as u128 + p0 as u128 * d1[i] as u128 + p01 as u128 * d2[i] as u128
        } else {
            0
        };
        put(limb, v);
    }
    (q_prev, carry)
}

/// A base-`D` operand that several products share (a power, in the conversion to digits),
/// transformed once for the products of its own length (with an operand as long or a little
/// shorter).
pub struct RadixBaseTransform {
    t: Transformed,
}

impl RadixBaseTransform {
    /// The transforms of `x` (base-`D` limbs, at least `RADIX_BASE_NTT` of them).
    pub fn new(x: &[u64], base: &RadixBase) -> RadixBaseTransform {
        let n = transform_len(2 * x.len());
        RadixBaseTransform {
            t: Transformed::new(&split_halves(x, base), n),
        }
    }
}

/// `r = y·x` in base `D` with `t` the [`RadixBaseTransform`] of `x`: one transform fewer per
/// prime where the product has the length `t` was made for, [`radix_base_mul`] otherwise.
/// Requires `y` and `x` nonempty, `r.len() == y.len() + x.len()`.
pub fn radix_base_mul_by(
    r: &mut [u64],
    y: &[u64],
    x: &[u64],
    t: &RadixBaseTransform,
    base: &RadixBase,
) {
    assert_eq!(r.len(), x.len() + y.len());
    if y.len() < RADIX_BASE_NTT || transform_len(r.len()) != t.t.len() {
        return radix_base_mul(r, y, x, base);
    }
    let ys = split_halves(y, base);
    convolution_by(&ys, &t.t, x.len(), |r0, r1, r2, g| {
        carry_residues(r, r0, r1, r2, g, base)
    });
}

/// `r += x` in base `D` (`r.len() >= x.len()`); returns the carry out of `r` (0 or 1).
///
/// ```
/// use carry::limbs::{radix_base_add_assign, RadixBase};
/// let mut r = [999_999_999_999_999_999, 0];
/// assert_eq!(radix_base_add_assign(&mut r, &[1], &RadixBase::new(10)), 0);
/// assert_eq!(r, [0, 1]);
/// ```
pub fn radix_base_add_assign(r: &mut [u64], x: &[u64], base: &RadixBase) -> u64 {
    let mut carry = 0;
    for (i, limb) in r.iter_mut().enumerate() {
        if i >= x.len() && carry == 0 {
            return 0;
        }
        let s = *limb + x.get(i).copied().unwrap_or(0) + carry;
        (*limb, carry) = if s >= base.d { (s - base.d, 1) } else { (s, 0) };
    }
    carry
}

/// `x = x / B` (`B = 2^64`) in base `D`, for `x` a multiple of `B`.
///
/// ```
/// use carry::limbs::{radix_base_divexact_b, RadixBase};
/// let mut x = [446_744_073_709_551_616, 18]; // 2^64 in base 10^18
/// radix_base_divexact_b(&mut x, &RadixBase::new(10));
/// assert_eq!(x, [1, 0]);
/// ```
pub fn radix_base_divexact_b(x: &mut [u64], base: &RadixBase) {
    let mut rem = 0u64;
    for limb in x.iter_mut().rev() {
        let cur = rem as u128 * base.d as u128 + *limb as u128;
        *limb = (cur >> 64) as u64;
        rem = cur as u64;
    }
    debug_assert_eq!(rem, 0);
}

/// Writes the digit values of `x` (base-`D` limbs) into `out`, `digits()` per limb with
/// leading zeros, most significant first; `out.len() == x.len()·digits()`.
///
/// ```
/// use carry::limbs::{radix_base_write, RadixBase};
/// let mut out = [9; 36];
/// radix_base_write(&mut out, &[12, 3], &RadixBase::new(10));
/// assert_eq!(out[17], 3);
/// assert_eq!(&out[34..], &[1, 2]);
/// ```
pub fn radix_base_write(out: &mut [u8], x: &[u64], base: &RadixBase) {
    let per = 2 * base.k;
    assert_eq!(out.len(), x.len() * per);
    for (o, &limb) in out.chunks_exact_mut(per).zip(x.iter().rev()) {
        let (hi, lo) = base.split(limb);
        let (ho, lo_out) = o.split_at_mut(base.k);
        if base.radix == 10 {
            write_9(ho, hi);
            write_9(lo_out, lo);
        } else {
            write_half(ho, hi, base);
            write_half(lo_out, lo, base);
        }
    }
}

/// The nine decimal digits of `x < 10^9` into `out[..9]`.
#[inline(always)]
fn write_9(out: &mut [u8], x: u64) {
    out[0] = (x / 100_000_000) as u8;
    out[1..9].copy_from_slice(&eight_digits(x % 100_000_000).to_le_bytes());
}

/// The `k` digits of `x < h` into `out[..k]`.
fn write_half(out: &mut [u8], mut x: u64, base: &RadixBase) {
    let r = base.radix as u64;
    for o in out.iter_mut().rev() {
        *o = (x % r) as u8;
        x /= r;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A value in base `D` from a simple generator: every limb below `D`, some extreme.
    fn limbs(n: usize, seed: u64, base: &RadixBase) -> Vec<u64> {
        let mut s = seed;
        (0..n)
            .map(|i| {
                s = s
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                match i % 5 {
                    0 => base.d - 1,
                    1 => 0,
                    _ => (s >> 3) % base.d,
                }
            })
            .collect()
    }

    #[test]
    fn split_matches_division() {
        for radix in 2..=36 {
            let base = RadixBase::new(radix);
            let (h, d) = (base.h, base.d);
            let mut values = vec![0, 1, h - 1, h, h + 1, d - h, d - h - 1, d - 1, d / 2];
            values.extend((1..h).step_by((h / 97) as usize).map(|k| k * h - 1));
            values.extend(limbs(200, radix as u64, &base));
            for l in values {
                assert_eq!(base.split(l), (l / h, l % h), "radix {radix}, limb {l}");
            }
        }
    }

    #[test]
    fn ntt_and_basecase_products_agree() {
        for radix in [3, 10, 36] {
            let base = RadixBase::new(radix);
            for (xn, yn) in [(1, 1), (5, 3), (40, 40), (130, 129), (300, 7), (200, 200)] {
                let x = limbs(xn, xn as u64, &base);
                let y = limbs(yn, 7 * yn as u64, &base);
                let mut r1 = vec![0; xn + yn];
                let mut r2 = vec![0; xn + yn];
                radix_base_mul_basecase(&mut r1, &x, &y, &base);
                radix_base_mul_ntt(&mut r2, &x, Some(&y), &base);
                assert_eq!(r1, r2, "radix {radix}, {xn}x{yn}");
                if yn >= RADIX_BASE_NTT {
                    let t = RadixBaseTransform::new(&y, &base);
                    for xn in [xn, yn, yn - 1, yn / 2] {
                        let x = &x[..xn.min(x.len()).max(1)];
                        let mut r3 = vec![0; x.len() + yn];
                        let mut r4 = vec![0; x.len() + yn];
                        radix_base_mul_basecase(&mut r3, x, &y, &base);
                        radix_base_mul_by(&mut r4, x, &y, &t, &base);
                        assert_eq!(r3, r4, "radix {radix}, {} by transformed {yn}", x.len());
                    }
                }
                let mut s1 = vec![0; 2 * xn];
                let mut s2 = vec![0; 2 * xn];
                radix_base_mul_basecase(&mut s1, &x, &x, &base);
                radix_base_mul_ntt(&mut s2, &x, None, &base);
                assert_eq!(s1, s2, "radix {radix}, {xn} squared");
                assert!(r1.iter().chain(&s1).all(|&l| l < base.d));
            }
        }
    }

    /// `floor(B^(2L) / D^c) + 1`, by long division.
    fn frac_inverse(base: &RadixBase, c: usize) -> Vec<u64> {
        let mut n = vec![1u64];
        for _ in 0..c {
            let carry = crate::limbs::mul_1_assign(&mut n, base.d);
            if carry != 0 {
                n.push(carry);
            }
        }
        let l = radix_base_frac_len(base, c);
        let mut u = vec![0u64; 2 * l + 1];
        u[2 * l] = 1;
        let mut q = vec![0u64; u.len() - n.len() + 1];
        let mut r = vec![0; n.len()];
        if n.len() == 1 {
            crate::limbs::divrem_1(&mut q, &u, n[0]);
        } else {
            let mut s = vec![0; crate::limbs::divrem_scratch_len(u.len(), n.len())];
            crate::limbs::divrem(&mut q, &mut r, &u, &n, &mut s);
        }
        crate::limbs::add_1_assign(&mut q, 1);
        q.truncate(super::super::normalized_len(&q));
        q
    }

    #[test]
    fn fraction_and_division_give_the_same_limbs() {
        let mut s = 0x2545_f491_4f6c_dd1du64;
        let mut next = || {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            s
        };
        for radix in [3, 7, 10, 31, 36] {
            let base = RadixBase::new(radix);
            for n in 1..=40 {
                let c = radix_base_from_binary_len(n, &base);
                let inv = frac_inverse(&base, c);
                let l = radix_base_frac_len(&base, c);
                // D^k - 1 and D^k (the runs of top digits and of zeros), all ones, striped,
                // a single top bit, random.
                let mut cases: Vec<Vec<u64>> = vec![
                    vec![u64::MAX; n],
                    (0..n)
                        .map(|i| if i % 2 == 0 { 0x5555_5555_5555_5555 } else { 0 })
                        .collect(),
                    (0..n)
                        .map(|i| if i + 1 == n { 1 << 63 } else { 0 })
                        .collect(),
                    (0..n).map(|_| next()).collect(),
                ];
                let mut p = vec![1u64];
                while p.len() <= n {
                    let mut below = p.clone();
                    crate::limbs::sub_1_assign(&mut below, 1);
                    cases.push(below);
                    cases.push(p.clone());
                    let carry = crate::limbs::mul_1_assign(&mut p, base.d);
                    if carry != 0 {
                        p.push(carry);
                    }
                }
                for a in cases {
                    let a = &a[..super::super::normalized_len(&a).max(1)];
                    let mut want = vec![0; radix_base_from_binary_len(a.len(), &base)];
                    radix_base_from_binary(&mut want, &mut a.to_vec(), &base);
                    want.resize(c, 0);
                    let mut got = vec![0; c];
                    let mut scratch = vec![0; a.len() + inv.len() + l];
                    radix_base_from_binary_frac(&mut got, a, &inv, &base, &mut scratch);
                    assert_eq!(got, want, "radix {radix}, {n} limbs, a = {a:x?}");
                }
            }
        }
    }

    #[test]
    fn all_top_limbs_square_to_the_largest_product() {
        let base = RadixBase::new(10);
        let x = vec![base.d - 1; 150];
        let mut r = vec![0; 300];
        radix_base_mul_ntt(&mut r, &x, None, &base);
        // (D^150 - 1)² = D^300 - 2·D^150 + 1
        assert_eq!(r[0], 1);
        assert!(r[1..150].iter().all(|&l| l == 0));
        assert_eq!(r[150], base.d - 2);
        assert!(r[151..].iter().all(|&l| l == base.d - 1));
    }
}
