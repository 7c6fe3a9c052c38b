//! Conversion between limbs and digit values in radix 2..=36 (most significant digit first).
//! Power-of-two radixes pack bits in O(n). Other radixes are quadratic (Knuth, TAOCP vol. 2,
//! 4.4, methods 1a and 1b on limb-sized chunks): repeated division by the largest radix power
//! that fits a limb, several divisions pipelined per pass, or Horner steps with `mul_1`.
//! [`to_radix_frac`] replaces the divisions by multiplications of a fixed-point fraction
//! (Knuth 4.4 method 2a; Bouvier and Zimmermann, "Division-free binary-to-decimal conversion",
//! IEEE Trans. Computers 2014), also O(n²); it converts the `TO_RADIX_FRAC`-limb and longer
//! leaves of the divide-and-conquer conversion.

use super::add::add_1_assign;
use super::div::div_2by1;
use super::mul::{addmul_1, mul_1_assign, mul_1c_assign};
use super::normalized_len;
#[cfg(not(feature = "std"))]
use super::FloatMath;

/// Per-radix constants for the chunked (non-power-of-two) conversions.
#[derive(Clone, Copy)]
struct Chunking {
    radix: u64,
    /// Digits per chunk: the largest `m` with `radix^m < 2^64`.
    m: usize,
    /// `radix^m`.
    big: u64,
    /// Digits in the low half of a chunk and `radix^half`.
    half: usize,
    half_pow: u64,
    /// `x / radix == mulhi(x, magic)` for every `x < 2^64 / radix`.
    magic: u64,
    /// `big` normalized (`big << shift`) and its 2/1 reciprocal.
    shift: u32,
    dn: u64,
    v: u64,
}

/// [`Chunking`] of every radix from 2 to 36 (index = radix), computed at compile time: a
/// short conversion does not pay for the powers and the division.
static CHUNKINGS: [Chunking; 37] = {
    let mut t = [Chunking::new(2); 37];
    let mut radix = 3;
    while radix <= 36 {
        t[radix] = Chunking::new(radix as u32);
        radix += 1;
    }
    t
};

impl Chunking {
    const fn new(radix: u32) -> Chunking {
        let radix = radix as u64;
        let mut m = 0;
        let mut big = 1u64;
        while let Some(next) = big.checked_mul(radix) {
            big = next;
            m += 1;
        }
        let half = m / 2;
        let shift = big.leading_zeros();
        let dn = big << shift;
        Chunking {
            radix,
            m,
            big,
            half,
            half_pow: radix.pow(half as u32),
            magic: u64::MAX / radix + 1,
            shift,
            dn,
            // reciprocal_2by1(dn), as a constant.
            v: (u128::MAX / dn as u128) as u64,
        }
    }

    /// The constants of `radix` (2 to 36).
    #[inline(always)]
    fn of(radix: u32) -> &'static Chunking {
        &CHUNKINGS[radix as usize]
    }

    /// Splits `x < 2^64 / radix` into `(x / radix, x % radix)` by one multiplication.
    #[inline(always)]
    fn divmod(&self, x: u64) -> (u64, u8) {
        let q = ((x as u128 * self.magic as u128) >> 64) as u64;
        (q, (x - q * self.radix) as u8)
    }

    /// Writes the `m` digits of a chunk `c < big` (with leading zeros) into `out[..m]`.
    #[inline]
    fn write_chunk(&self, out: &mut [u8], c: u64) {
        if self.radix == 10 {
            return write_chunk_10(out, c);
        }
        let (hi_out, lo_out) = out[..self.m].split_at_mut(self.m - self.half);
        let (mut x, mut y) = (c / self.half_pow, c % self.half_pow);
        // Two independent digit chains, interleaved.
        let extra = hi_out.len() - lo_out.len();
        for (ho, lo) in hi_out[extra..].iter_mut().zip(lo_out.iter_mut()).rev() {
            let (qx, dx) = self.divmod(x);
            let (qy, dy) = self.divmod(y);
            *ho = dx;
            *lo = dy;
            x = qx;
            y = qy;
        }
        for ho in hi_out[..extra].iter_mut().rev() {
            let (qx, dx) = self.divmod(x);
            *ho = dx;
            x = qx;
        }
    }

    /// Horner evaluation of at most `m` digit values, as two interleaved halves (a whole
    /// decimal chunk by [`read_chunk_10`]).
    #[inline]
    fn read_chunk(&self, digits: &[u8]) -> u64 {
        if self.radix == 10 {
            if let Ok(d) = <&[u8; 19]>::try_from(digits) {
                return read_chunk_10(d);
            }
        }
        let lo_len = digits.len() / 2;
        let (hi, lo) = digits.split_at(digits.len() - lo_len);
        let mut x = 0u64;
        let mut y = 0u64;
        let extra = hi.len() - lo.len();
        for &d in &hi[..extra] {
            x = x * self.radix + d as u64;
        }
        for (&dh, &dl) in hi[extra..].iter().zip(lo) {
            x = x * self.radix + dh as u64;
            y = y * self.radix + dl as u64;
        }
        let scale = if lo_len == self.half {
            self.half_pow
        } else {
            self.radix.pow(lo_len as u32)
        };
        x * scale + y
    }
}

/// The value of 19 decimal digit values (most significant first): three by Horner's rule and
/// two groups of eight by [`eight_digit_value`].
#[inline]
fn read_chunk_10(d: &[u8; 19]) -> u64 {
    let hi = eight_digit_value(d[..8].try_into().unwrap());
    let mid = eight_digit_value(d[8..16].try_into().unwrap());
    let lo = d[16] as u64 * 100 + d[17] as u64 * 10 + d[18] as u64;
    hi * 100_000_000_000 + mid * 1000 + lo
}

/// The value of eight decimal digit values (most significant first), combined in parallel
/// lanes of one word (SWAR), the inverse of [`eight_digits`]: pairs of digits in 16-bit lanes,
/// then groups of four in 32-bit lanes, then the eight; no lane overflows, every value staying
/// below 10^(lane digits).
#[inline(always)]
fn eight_digit_value(d: &[u8; 8]) -> u64 {
    let v = u64::from_le_bytes(*d);
    let v = (v * 10 + (v >> 8)) & 0x00ff_00ff_00ff_00ff;
    let v = (v * 100 + (v >> 16)) & 0x0000_ffff_0000_ffff;
    (v * 10_000 + (v >> 32)) & 0xffff_ffff
}

/// The 19 decimal digits of `c < 10^19` (with leading zeros) into `out[..19]`: three, then
/// two groups of eight written by [`eight_digits`].
#[inline]
fn write_chunk_10(out: &mut [u8], c: u64) {
    const E16: u64 = 10_000_000_000_000_000;
    let (top, rest) = ((c / E16) as u32, c % E16);
    out[0] = (top / 100) as u8;
    out[1] = (top / 10 % 10) as u8;
    out[2] = (top % 10) as u8;
    out[3..11].copy_from_slice(&eight_digits(rest / 100_000_000).to_le_bytes());
    out[11..19].copy_from_slice(&eight_digits(rest % 100_000_000).to_le_bytes());
}

/// The eight decimal digit values of `x < 10^8`, most significant in the low byte, computed
/// in parallel lanes of one word (SWAR): halves of four digits, quarters of two, then digits.
#[inline(always)]
pub(super) fn eight_digits(x: u64) -> u64 {
    debug_assert!(x < 100_000_000);
    // Two 32-bit lanes of values below 10^4; n / 100 == (n·5243) >> 19 for n < 10^4.
    let v = (x / 10_000) | ((x % 10_000) << 32);
    let hi = ((v * 5243) >> 19) & 0x0000_007f_0000_007f;
    let v = hi | ((v - hi * 100) << 16);
    // Four 16-bit lanes of values below 100; n / 10 == (n·103) >> 10 for n < 100.
    let hi = ((v * 103) >> 10) & 0x000f_000f_000f_000f;
    hi | ((v - hi * 10) << 8)
}

/// For a radix that is not a power of two: `(m, radix^m)` with `m` the most digits whose value
/// always fits one limb. Divide-and-conquer conversions split numbers at powers of `radix^m`.
pub fn radix_chunk(radix: u32) -> (usize, u64) {
    let ch = Chunking::of(radix);
    (ch.m, ch.big)
}

/// Whether radix conversion packs bits directly (`radix` a power of two), in O(n).
pub fn is_pow2_radix(radix: u32) -> bool {
    radix.is_power_of_two()
}

fn pow2_bits(radix: u32) -> Option<u32> {
    radix.is_power_of_two().then(|| radix.trailing_zeros())
}

/// The bit length of the number `a` (little-endian limbs, high zero limbs allowed): 0 for zero.
///
/// ```
/// use carry::limbs;
/// assert_eq!(limbs::bit_len(&[0, 1, 0]), 65);
/// assert_eq!(limbs::bit_len(&[0, 0]), 0);
/// ```
pub fn bit_len(a: &[u64]) -> u64 {
    let n = normalized_len(a);
    if n == 0 {
        0
    } else {
        64 * n as u64 - a[n - 1].leading_zeros() as u64
    }
}

/// An upper bound on the number of digits of `a` in `radix` (2..=36): the length `out` must
/// have for [`to_radix`]. `a` need not be normalized.
pub fn to_radix_len(a: &[u64], radix: u32) -> usize {
    assert!((2..=36).contains(&radix));
    let bits = bit_len(a);
    match pow2_bits(radix) {
        Some(k) => bits.div_ceil(k as u64) as usize,
        None => (bits as f64 / (radix as f64).log2()) as usize + 2,
    }
}

/// Writes the digit values (0..radix, most significant first, no leading zeros) of `a` into
/// `out[..k]` and returns `k`; `a == 0` writes nothing. Requires `2 <= radix <= 36` and
/// `out.len() >= to_radix_len(a, radix)`. `a` (any length, need not be normalized) is used
/// as work space and left clobbered.
pub fn to_radix(out: &mut [u8], a: &mut [u64], radix: u32) -> usize {
    assert!((2..=36).contains(&radix));
    let n = normalized_len(a);
    if n == 0 {
        return 0;
    }
    if let Some(k) = pow2_bits(radix) {
        return to_radix_pow2(out, &a[..n], k);
    }
    to_radix_basecase(out, &mut a[..n], radix)
}

fn to_radix_pow2(out: &mut [u8], a: &[u64], k: u32) -> usize {
    let bits = bit_len(a);
    let ndig = bits.div_ceil(k as u64) as usize;
    let mask = (1u64 << k) - 1;
    for (i, o) in out[..ndig].iter_mut().rev().enumerate() {
        let pos = i as u64 * k as u64;
        let (limb, off) = ((pos / 64) as usize, (pos % 64) as u32);
        let mut x = a[limb] >> off;
        if off + k > 64 && limb + 1 < a.len() {
            x |= a[limb + 1] << (64 - off);
        }
        *o = (x & mask) as u8;
    }
    ndig
}

/// Divides `a` (normalized, `a.len() > K`) by `big` `K` times in one pass, the divisions
/// pipelined limb by limb; the quotient replaces `a`, the `K` remainders (least significant
/// first) are returned. `big << shift` is normalized with reciprocal `v`.
/// `SHIFTED` is `shift != 0`, so that normalized powers (like 10^19) skip the shifting.
#[inline(always)]
fn divide_pass<const K: usize, const SHIFTED: bool>(
    a: &mut [u64],
    dn: u64,
    shift: u32,
    v: u64,
) -> [u64; K] {
    // Remainders are kept shifted left by `shift`, so the inputs need no limb-crossing shift.
    let mut rem = [0u64; K];
    for x in a.iter_mut().rev() {
        let mut y = *x;
        for r in rem.iter_mut() {
            let (q, nr) = if SHIFTED {
                div_2by1(*r | (y >> (64 - shift)), y << shift, dn, v)
            } else {
                div_2by1(*r, y, dn, v)
            };
            *r = nr;
            y = q;
        }
        *x = y;
    }
    if SHIFTED {
        rem.map(|r| r >> shift)
    } else {
        rem
    }
}

/// [`divide_pass`] choosing the shifting variant at run time.
#[inline(always)]
pub(super) fn divide_pass_any<const K: usize>(
    a: &mut [u64],
    dn: u64,
    shift: u32,
    v: u64,
) -> [u64; K] {
    if shift == 0 {
        divide_pass::<K, false>(a, dn, shift, v)
    } else {
        divide_pass::<K, true>(a, dn, shift, v)
    }
}

fn to_radix_basecase(out: &mut [u8], a: &mut [u64], radix: u32) -> usize {
    const STAGES: usize = 4;
    let ch = Chunking::of(radix);
    let (shift, dn, v) = (ch.shift, ch.dn, ch.v);
    let mut n = a.len();
    let mut pos = out.len();
    // While more than STAGES limbs remain every quotient is nonzero, so every chunk is full.
    while n > STAGES {
        let rems = divide_pass_any::<STAGES>(&mut a[..n], dn, shift, v);
        for r in rems {
            ch.write_chunk(&mut out[pos - ch.m..pos], r);
            pos -= ch.m;
        }
        n = normalized_len(&a[..n]);
    }
    while n > 1 {
        let [r] = divide_pass_any::<1>(&mut a[..n], dn, shift, v);
        ch.write_chunk(&mut out[pos - ch.m..pos], r);
        pos -= ch.m;
        n = normalized_len(&a[..n]);
    }
    let x = a[0];
    let m = ch.m;
    if x >= ch.big {
        // x / big < 2^64 / big <= radix: one digit above a full chunk.
        let hi = if ch.shift == 0 {
            0
        } else {
            x >> (64 - ch.shift)
        };
        let (q, r) = div_2by1(hi, x << ch.shift, ch.dn, ch.v);
        ch.write_chunk(&mut out[pos - m..pos], r >> ch.shift);
        pos -= m + 1;
        out[pos] = q as u8;
    } else if pos >= m {
        ch.write_chunk(&mut out[pos - m..pos], x);
        let zeros = out[pos - m..pos].iter().take_while(|&&d| d == 0).count();
        pos -= m - zeros;
    } else {
        // No room for a whole chunk (only a short number in a short `out`).
        let mut x = x;
        while x > 0 {
            pos -= 1;
            out[pos] = (x % ch.radix) as u8;
            x /= ch.radix;
        }
    }
    let k = out.len() - pos;
    out.copy_within(pos.., 0);
    k
}

/// The limbs `L` of the fraction [`to_radix_frac`] uses for `c` chunks (`m`-digit groups, see
/// [`radix_chunk`]) in `radix`: the least with `B^L >= 2^64·radix^(m·c)` that the bound
/// `radix^m < 2^bits` (`bits` of `radix^m`) proves.
///
/// ```
/// assert_eq!(carry::limbs::radix_frac_len(10, 4), 5);
/// ```
pub fn radix_frac_len(radix: u32, c: usize) -> usize {
    chunk_frac_len(radix_chunk(radix).1, c)
}

/// The limbs `L` of the fraction that writes `c` chunks of base `big` (the fraction method of
/// [`to_radix_frac`]): the least with `B^L >= 2^64·big^c` that the bound `big < 2^bits`
/// (`bits` of `big`) proves.
///
/// ```
/// assert_eq!(carry::limbs::chunk_frac_len(10_000_000_000_000_000_000, 4), 5);
/// ```
pub fn chunk_frac_len(big: u64, c: usize) -> usize {
    frac_len(64 - big.leading_zeros() as usize, c)
}

/// [`chunk_frac_len`] for a chunk value of `bits` bits: `big^c < 2^(bits·c)`.
fn frac_len(bits: usize, c: usize) -> usize {
    (bits * c).div_ceil(64) + 1
}

/// Scratch limbs [`to_radix_frac`] needs for an `an`-limb number and an `inv_len`-limb inverse
/// when it writes `c` chunks.
///
/// ```
/// assert_eq!(carry::limbs::to_radix_frac_scratch_len(3, 5, 10, 2), 3 + 5 + 3);
/// ```
pub fn to_radix_frac_scratch_len(an: usize, inv_len: usize, radix: u32, c: usize) -> usize {
    an + inv_len + radix_frac_len(radix, c)
}

/// Writes exactly `out.len()` digit values of `a < radix^out.len()` (leading zeros included),
/// most significant first, without a division: with `N = radix^(m·c)`,
/// `c = ceil(out.len() / m)`, a fraction `x ≥ a / N` within `1 / N` is multiplied by
/// `radix^m` once per chunk, whose integer part is the next `m` digits. Requires
/// `inv = floor(B^(2L) / N) + 1` (normalized), `L = radix_frac_len(radix, c)`, and
/// `scratch.len() >= to_radix_frac_scratch_len(a.len(), inv.len(), radix, c)`.
///
/// The fraction stays above `a / N` (each truncation rounds up), so no digit comes out one
/// too small at a run of zeros, and its error times `N` stays below 1/2: no digit comes out
/// one too large. It loses a limb as each chunk leaves, keeping `radix_frac_len` limbs for
/// the chunks still to come.
///
/// ```
/// use carry::limbs;
/// // One chunk (19 digits) in radix 10: L = 2 limbs, inv = floor(B^4 / 10^19) + 1.
/// let l = limbs::radix_frac_len(10, 1);
/// let mut b4 = vec![0u64; 2 * l + 1];
/// b4[2 * l] = 1;
/// let mut inv = vec![0u64; b4.len()];
/// limbs::divrem_1(&mut inv, &b4, 10_000_000_000_000_000_000);
/// limbs::add_1_assign(&mut inv, 1);
/// inv.truncate(limbs::normalized_len(&inv));
/// let mut out = [0u8; 7];
/// let mut scratch = vec![0; limbs::to_radix_frac_scratch_len(1, inv.len(), 10, 1)];
/// limbs::to_radix_frac(&mut out, &[120034], &inv, 10, &mut scratch);
/// assert_eq!(out, [0, 1, 2, 0, 0, 3, 4]);
/// ```
pub fn to_radix_frac(out: &mut [u8], a: &[u64], inv: &[u64], radix: u32, scratch: &mut [u64]) {
    let ch = Chunking::of(radix);
    let c = out.len().div_ceil(ch.m);
    // The first chunk may stand above out[0]: its top digits are zeros of the padding.
    let lead = c * ch.m - out.len();
    let mut pos = 0;
    frac_chunks(a, inv, ch.big, c, scratch, |chunk| {
        if pos == 0 && lead > 0 {
            let mut first = [0u8; 64];
            ch.write_chunk(&mut first, chunk);
            out[..ch.m - lead].copy_from_slice(&first[lead..ch.m]);
            pos = ch.m - lead;
        } else {
            ch.write_chunk(&mut out[pos..pos + ch.m], chunk);
            pos += ch.m;
        }
    });
}

/// The `c` chunks of `a < N = big^c` in base `big`, most significant first, to `emit`, by the
/// fraction method of [`to_radix_frac`]: requires `inv = floor(B^(2L) / N) + 1` with
/// `L = chunk_frac_len(big, c)` and `scratch.len() >= a.len() + inv.len() + L`.
pub(super) fn frac_chunks(
    a: &[u64],
    inv: &[u64],
    big: u64,
    c: usize,
    scratch: &mut [u64],
    mut emit: impl FnMut(u64),
) {
    let bits = 64 - big.leading_zeros() as usize;
    let l = frac_len(bits, c);
    let a = &a[..normalized_len(a)];
    let (p, f) = scratch.split_at_mut(a.len() + inv.len());
    let f = &mut f[..l];
    f.fill(0);
    p.fill(0);
    // The product a·inv without its partial products below B^(L-1): they add up to less
    // than L·B^L, so floor(a·inv / B^L) is at most L above the high part of what remains.
    for (i, &ai) in a.iter().enumerate() {
        let j0 = (l - 1).saturating_sub(i).min(inv.len());
        let end = i + inv.len();
        p[end] = addmul_1(&mut p[i + j0..end], &inv[j0..], ai);
    }
    // x = (floor(a·inv / B^L) + 1) / B^L, below 1 (a·inv < B^(2L) - 2^64·B^L): the high part
    // plus L + 1 is that or a few units above.
    let high = &p[l.min(p.len())..];
    debug_assert!(normalized_len(high) <= l);
    let n = high.len().min(l);
    f[..n].copy_from_slice(&high[..n]);
    let carry = add_1_assign(f, l as u64 + 1);
    debug_assert_eq!(carry, 0);
    let mut low = 0;
    for rest in (0..c).rev() {
        emit(mul_1_assign(&mut f[low..], big));
        let keep = frac_len(bits, rest);
        if rest > 0 && l - low > keep {
            low = l - keep;
            let carry = add_1_assign(&mut f[low..], 1);
            debug_assert_eq!(carry, 0);
        }
    }
}

/// An upper bound on the limbs of a number of `ndigits` digits in `radix` (2..=36): the length
/// `r` must have for [`from_radix`].
pub fn from_radix_len(ndigits: usize, radix: u32) -> usize {
    assert!((2..=36).contains(&radix));
    match pow2_bits(radix) {
        Some(k) => (ndigits as u64 * k as u64).div_ceil(64) as usize,
        None => (ndigits as f64 * (radix as f64).log2() / 64.0) as usize + 2,
    }
}

/// Sets `r` to the number whose digit values (each below `radix`, most significant first,
/// leading zeros allowed, possibly none) are `digits`; returns its normalized limb count.
/// Requires `2 <= radix <= 36` and `r.len() >= from_radix_len(digits.len(), radix)`; `r` need
/// not be zeroed and its limbs beyond the returned count are left unspecified.
pub fn from_radix(r: &mut [u64], digits: &[u8], radix: u32) -> usize {
    assert!((2..=36).contains(&radix));
    if let Some(k) = pow2_bits(radix) {
        return from_radix_pow2(r, digits, k);
    }
    from_radix_basecase(r, digits, radix)
}

fn from_radix_pow2(r: &mut [u64], digits: &[u8], k: u32) -> usize {
    let nlimbs = (digits.len() as u64 * k as u64).div_ceil(64) as usize;
    let r = &mut r[..nlimbs];
    r.fill(0);
    for (i, &d) in digits.iter().rev().enumerate() {
        let pos = i as u64 * k as u64;
        let (limb, off) = ((pos / 64) as usize, (pos % 64) as u32);
        r[limb] |= (d as u64) << off;
        if off + k > 64 {
            r[limb + 1] |= (d as u64) >> (64 - off);
        }
    }
    normalized_len(r)
}

fn from_radix_basecase(r: &mut [u64], digits: &[u8], radix: u32) -> usize {
    let ch = Chunking::of(radix);
    let lead = digits.len() % ch.m;
    let (first, rest) = digits.split_at(lead);
    let mut n = 0;
    let x = ch.read_chunk(first);
    if x != 0 {
        r[0] = x;
        n = 1;
    }
    for chunk in rest.chunks_exact(ch.m) {
        let c = ch.read_chunk(chunk);
        let carry = mul_1c_assign(&mut r[..n], ch.big, c);
        if carry != 0 {
            r[n] = carry;
            n += 1;
        }
    }
    n
}
