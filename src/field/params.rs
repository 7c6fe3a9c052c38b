//! The constants of a prime field, computed by `const fn` from the modulus text: limb count,
//! Montgomery constants (−p⁻¹ mod 2^64 by Newton iteration, R, R², R³ mod p by doubling),
//! the bit length, the 2-adicity of p − 1 and the square-root method.

use super::mont;
use crate::limbs::{adc, mac, sbb};

/// The largest modulus accepted, in limbs (4096 bits).
const MAX_LIMBS: usize = 64;

/// Parses decimal, or hex after `0x` (underscores allowed between digits), into
/// `MAX_LIMBS` limbs; panics (a compile error in a `const`) on bad text or a larger value.
pub(crate) const fn parse_wide(s: &str) -> [u64; MAX_LIMBS] {
    let b = s.as_bytes();
    let (radix, start) = if b.len() > 2 && b[0] == b'0' && (b[1] == b'x' || b[1] == b'X') {
        (16u64, 2)
    } else {
        (10u64, 0)
    };
    assert!(b.len() > start, "prime_field!: the modulus has no digits");
    let mut limbs = [0u64; MAX_LIMBS];
    let mut i = start;
    while i < b.len() {
        let c = b[i];
        i += 1;
        if c == b'_' {
            continue;
        }
        let d = match c {
            b'0'..=b'9' => (c - b'0') as u64,
            b'a'..=b'f' => (c - b'a' + 10) as u64,
            b'A'..=b'F' => (c - b'A' + 10) as u64,
            _ => panic!("prime_field!: the modulus is not a decimal or 0x-hex number"),
        };
        assert!(
            d < radix,
            "prime_field!: the modulus is not a decimal or 0x-hex number"
        );
        let mut carry = d;
        let mut j = 0;
        while j < MAX_LIMBS {
            (limbs[j], carry) = mac(carry, limbs[j], radix, 0);
            j += 1;
        }
        assert!(
            carry == 0,
            "prime_field!: the modulus has more than 4096 bits"
        );
    }
    limbs
}

/// The number of limbs of the modulus written `s`.
pub const fn limbs_of(s: &str) -> usize {
    let w = parse_wide(s);
    let mut n = MAX_LIMBS;
    while n > 0 && w[n - 1] == 0 {
        n -= 1;
    }
    assert!(n > 0, "prime_field!: the modulus must be at least 3");
    n
}

/// The modulus written `s`, in exactly `N` limbs.
pub const fn parse<const N: usize>(s: &str) -> [u64; N] {
    let w = parse_wide(s);
    assert!(
        limbs_of(s) == N,
        "prime_field!: wrong limb count for the modulus"
    );
    let mut r = [0u64; N];
    let mut i = 0;
    while i < N {
        r[i] = w[i];
        i += 1;
    }
    r
}

/// The constants of arithmetic modulo one odd prime p of `N` limbs.
#[derive(Clone, Copy, Debug)]
pub struct Params<const N: usize> {
    /// p, least significant limb first.
    pub modulus: [u64; N],
    /// −p⁻¹ mod 2^64.
    pub inv: u64,
    /// For p of at most six limbs, the constants as the x86_64 kernels read them: p, then
    /// `inv`, then the high limb of −p⁻¹ mod 2^128 (for the kernels that reduce two limbs per
    /// round); zeros for larger p. A kernel takes a reference into this constant instead of a
    /// copy assembled on the stack at every call.
    pub kernel: [u64; 8],
    /// R mod p, the Montgomery form of 1 (R = 2^(64N)).
    pub r: [u64; N],
    /// R² mod p: multiplying by it converts into Montgomery form.
    pub r2: [u64; N],
    /// R³ mod p.
    pub r3: [u64; N],
    /// The top limb of p is at most 2^63 − 2: the no-carry multiplication applies.
    pub no_carry: bool,
    /// Elements are kept in [0, 2p) instead of [0, p) ("lazy" reduction): four-limb p below
    /// 2^254 and six-limb p below 2^381, whose x86_64 no-carry product and square kernels then
    /// skip their final subtraction (REDC of a product of two values below 2p is below 2p when
    /// 4p < R; the six-limb bound keeps one bit more, which its tests pin). Sums and differences
    /// are taken modulo 2p; [`Params::canonical`] reduces wherever a value is compared, encoded
    /// or inverted.
    pub lazy: bool,
    /// The bound of the representation: 2p when `lazy`, else p.
    pub bound: [u64; N],
    /// The bit length of p.
    pub bits: u32,
    /// The 2-adicity of p − 1: p − 1 = 2^s·t with t odd.
    pub s: u32,
}

/// p, −p⁻¹ mod 2^64 and the high limb of −p⁻¹ mod 2^128 in one array when p has at most six
/// limbs (see [`Params::kernel`]).
const fn kernel_constants<const N: usize>(p: &[u64; N], inv: u64, inv_hi: u64) -> [u64; 8] {
    let mut k = [0u64; 8];
    if N <= 6 {
        let mut i = 0;
        while i < N {
            k[i] = p[i];
            i += 1;
        }
        k[N] = inv;
        k[N + 1] = inv_hi;
    }
    k
}

impl<const N: usize> Params<N> {
    /// The constants for the modulus written `s` (decimal, or hex after `0x`). Panics (a
    /// compile error in a `const`) when the text is bad, the modulus is below 3 or even.
    pub const fn new(s: &str) -> Self {
        let p = parse::<N>(s);
        assert!(p[0] & 1 == 1, "prime_field!: the modulus must be odd");
        assert!(
            N > 1 || p[0] >= 3,
            "prime_field!: the modulus must be at least 3"
        );
        // p⁻¹ mod 2^64: p·p ≡ 1 mod 8, and each Newton step doubles the correct bits.
        let mut x = p[0];
        let mut k = 0;
        while k < 5 {
            x = x.wrapping_mul(2u64.wrapping_sub(p[0].wrapping_mul(x)));
            k += 1;
        }
        let mut r = [0u64; N];
        r[0] = 1;
        let mut i = 0;
        while i < 64 * N {
            r = double_mod(&r, &p);
            i += 1;
        }
        let mut r2 = r;
        i = 0;
        while i < 64 * N {
            r2 = double_mod(&r2, &p);
            i += 1;
        }
        let inv = x.wrapping_neg();
        // p⁻¹ mod 2^128 by one more Newton step from p⁻¹ mod 2^64, then negated.
        let p128 = p[0] as u128 | if N > 1 { (p[1] as u128) << 64 } else { 0 };
        let x128 = (x as u128).wrapping_mul(2u128.wrapping_sub(p128.wrapping_mul(x as u128)));
        let inv_hi = (x128.wrapping_neg() >> 64) as u64;
        let r3 = mont::mul_cios(&r2, &r2, &p, inv);
        let top = p[N - 1];
        let bits = 64 * N as u32 - top.leading_zeros();
        let mut pm1 = p;
        pm1[0] -= 1;
        let s = crate::Uint::from_words(pm1).trailing_zeros();
        let lazy = (N == 4 && top < 1 << 62) || (N == 6 && top < 1 << 61);
        Params {
            modulus: p,
            inv,
            kernel: kernel_constants(&p, inv, inv_hi),
            r,
            r2,
            r3,
            no_carry: top < (1 << 63) - 1,
            lazy,
            bound: if lazy { twice(&p) } else { p },
            bits,
            s,
        }
    }

    /// p − k for a small `k < p`.
    pub const fn modulus_minus(&self, k: u64) -> [u64; N] {
        let mut r = self.modulus;
        let mut borrow = k;
        let mut i = 0;
        while i < N {
            (r[i], borrow) = sbb(r[i], borrow, 0);
            i += 1;
        }
        r
    }

    /// The Montgomery form of `x < 2^(64N)` (reduced mod p).
    pub const fn to_mont(&self, x: &[u64; N]) -> [u64; N] {
        mont::mul_cios(x, &self.r2, &self.modulus, self.inv)
    }

    /// `x` reduced into [0, p): one conditional subtraction of p when the field is `lazy` (x
    /// below 2p), `x` itself otherwise. Constant-time.
    pub const fn canonical(&self, x: &[u64; N]) -> [u64; N] {
        if self.lazy {
            mont::sub_p_if_ge(*x, 0, &self.modulus)
        } else {
            *x
        }
    }

    /// The canonical value of the Montgomery form `x`.
    pub const fn from_mont(&self, x: &[u64; N]) -> [u64; N] {
        mont::redc(x, &[0; N], &self.modulus, self.inv)
    }

    /// The least quadratic non-residue 2, 3, 5, … in Montgomery form, found with the
    /// Jacobi symbol (quadratic reciprocity reduces p modulo the small candidate).
    pub const fn least_nonresidue(&self) -> [u64; N] {
        let mut z = 2u64;
        while jacobi_small(z, &self.modulus) != -1 {
            z += 1;
        }
        let mut w = [0u64; N];
        w[0] = z;
        self.to_mont(&w)
    }

    /// `x^e` for a Montgomery-form `x`, left-to-right with a 4-bit window (for constants).
    pub const fn pow_const(&self, x: &[u64; N], e: &[u64; N]) -> [u64; N] {
        let (p, inv) = (&self.modulus, self.inv);
        let mut table = [self.r; 16];
        let mut k = 1;
        while k < 16 {
            table[k] = mont::mul_cios(&table[k - 1], x, p, inv);
            k += 1;
        }
        let mut acc = self.r;
        let mut i = 16 * N;
        while i > 0 {
            i -= 1;
            let mut j = 0;
            while j < 4 {
                acc = mont::mul_cios(&acc, &acc, p, inv);
                j += 1;
            }
            let w = ((e[i / 16] >> (4 * (i % 16))) & 15) as usize;
            if w != 0 {
                acc = mont::mul_cios(&acc, &table[w], p, inv);
            }
        }
        acc
    }

    /// `x^(2^k)` for a Montgomery-form `x`.
    pub const fn square_times(&self, x: &[u64; N], k: u32) -> [u64; N] {
        let mut acc = *x;
        let mut i = 0;
        while i < k {
            acc = mont::mul_cios(&acc, &acc, &self.modulus, self.inv);
            i += 1;
        }
        acc
    }

    /// The Montgomery-form product `a·b` (for constants).
    pub const fn mul_const(&self, a: &[u64; N], b: &[u64; N]) -> [u64; N] {
        mont::mul_cios(a, b, &self.modulus, self.inv)
    }
}

/// The Jacobi symbol (z / p) for a small z ≥ 1 and an odd p: the factors 2 of z by the
/// second supplement, then reciprocity turns (z / p) into (p mod z / z) on single words.
pub(super) const fn jacobi_small<const N: usize>(z: u64, p: &[u64; N]) -> i32 {
    let mut sign = 1;
    let mut a = z;
    let p8 = p[0] & 7;
    while a.is_multiple_of(2) {
        a /= 2;
        if p8 == 3 || p8 == 5 {
            sign = -sign;
        }
    }
    if a == 1 {
        return sign;
    }
    // (a / p) = (p / a)·(−1)^((a−1)/2·(p−1)/2) for odd a.
    if a % 4 == 3 && p[0] % 4 == 3 {
        sign = -sign;
    }
    let mut rem = 0u128;
    let mut i = N;
    while i > 0 {
        i -= 1;
        rem = ((rem << 64) | p[i] as u128) % a as u128;
    }
    let (mut x, mut n) = (rem as u64, a);
    while x != 0 {
        while x % 2 == 0 {
            x /= 2;
            if n % 8 == 3 || n % 8 == 5 {
                sign = -sign;
            }
        }
        (x, n) = (n, x);
        if x % 4 == 3 && n % 4 == 3 {
            sign = -sign;
        }
        x %= n;
    }
    if n == 1 {
        sign
    } else {
        0
    }
}

/// 2x for x below 2^(64N − 1).
const fn twice<const N: usize>(x: &[u64; N]) -> [u64; N] {
    let mut d = [0u64; N];
    let mut i = N;
    while i > 0 {
        i -= 1;
        d[i] = x[i] << 1 | if i > 0 { x[i - 1] >> 63 } else { 0 };
    }
    d
}

/// 2x mod p for x < p.
const fn double_mod<const N: usize>(x: &[u64; N], p: &[u64; N]) -> [u64; N] {
    let mut d = [0u64; N];
    let mut carry = 0;
    let mut i = 0;
    while i < N {
        (d[i], carry) = adc(x[i], x[i], carry);
        i += 1;
    }
    mont::sub_p_if_ge(d, carry, p)
}
