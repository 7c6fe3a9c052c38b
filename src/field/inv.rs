//! Constant-time modular inversion by the Bernstein–Yang "safegcd" divsteps ("Fast
//! constant-time gcd computation and modular inversion", TCHES 2019/3), in the half-delta form
//! with the iteration bound ⌊(45907·b + 26313)/19929⌋ for b-bit moduli (Wuille,
//! safegcd-bounds): a fixed number of branch-free rounds of 19 divsteps on words that pack f
//! (or g) with its matrix row ([`limbs::divsteps`]), three rounds to a batch whose 2×2 matrix
//! is then applied to the full f, g and to the Bézout coefficients d, e (kept in (−2p, p) by
//! adding a multiple of p that clears the low bits): O(b) word operations per batch, O(b²) in
//! all. `invert_vartime` is Lehmer's extended gcd (`inv_lehmer.rs`).

use super::{mont, Params};
use crate::limbs;

pub use super::inv_lehmer::invert_vartime;

/// A signed value lo + hi·2^(64N), two's complement.
#[derive(Clone, Copy)]
struct Signed<const N: usize> {
    lo: [u64; N],
    hi: i64,
}

/// The 2×2 transition matrix of a batch of S steps: [f', g']·2^S = [[u, v], [q, r]]·[f, g].
#[derive(Clone, Copy)]
struct Matrix {
    u: i64,
    v: i64,
    q: i64,
    r: i64,
}

/// Rounds of SUB divsteps needed for a `bits`-bit modulus.
///
/// ```
/// // BN254's 254-bit p: ⌊(45907·254 + 26313)/19929⌋ = 586 steps, 31 rounds of 19.
/// assert_eq!(carry::__private::inv::rounds(254), 31);
/// ```
pub const fn rounds(bits: u32) -> u32 {
    let b = bits as u64;
    let steps = if b >= 46 {
        (45907 * b + 26313) / 19929
    } else {
        (49 * b + 80) / 17 + 62
    };
    steps.div_ceil(SUB as u64) as u32
}

/// Divsteps per packed round of `invert`; a batch is ROUNDS rounds (57 steps).
const SUB: u32 = 19;
const ROUNDS: u32 = 3;
/// Bit positions of the two matrix entries packed above the low bits of f (or g).
const A: u32 = 21;
const B: u32 = 42;

/// SUB divsteps on the low bits of f, g (f odd), without branches; zeta = −(delta + 1/2).
/// Following Bernstein–Yang §E, each of f, g carries its matrix row in the same word:
/// F = f' + u·2^A + v·2^B, where f' is f mod 2^(A−1) and the row starts at (2^SUB, 0), and
/// a step (g ± f)/2 halves the whole word. Rows stay within |u| + |v| ≤ 2^SUB and f', g'
/// within ±2^(A−1), so the fields do not collide and every step is exact.
#[inline(always)]
fn divsteps_round(zeta: i64, f0: u64, g0: u64) -> (i64, Matrix) {
    let low = (1u64 << (A - 1)) - 1;
    let f0 = ((f0 & low) + (1 << (SUB + A))) as i64;
    let g0 = ((g0 & low) + (1 << (SUB + B))) as i64;
    let (zeta, f, g) = limbs::divsteps::<SUB>(zeta, f0, g0);
    let (u, v) = unpack(f);
    let (q, r) = unpack(g);
    (zeta, Matrix { u, v, q, r })
}

/// The row (u, v) of a packed word f' + u·2^A + v·2^B: with 2^(A−1) added to f' and to u
/// (both then in [0, 2^A)), u and v are plain bit fields.
#[inline(always)]
fn unpack(x: i64) -> (i64, i64) {
    let y = x.wrapping_add((1 << (A - 1)) + (1 << (B - 1)));
    let u = ((y >> A) & ((1 << (B - A)) - 1)) - (1 << (B - A - 1));
    (u, y >> B)
}

/// The product of two transition matrices (`m2` after `m1`).
#[inline(always)]
fn compose(m2: &Matrix, m1: &Matrix) -> Matrix {
    Matrix {
        u: m2.u * m1.u + m2.v * m1.q,
        v: m2.u * m1.v + m2.v * m1.r,
        q: m2.q * m1.u + m2.r * m1.q,
        r: m2.q * m1.v + m2.r * m1.r,
    }
}

/// The low words of f, g after a round: the low 64 − SUB bits are exact.
#[inline(always)]
fn advance(m: &Matrix, f: u64, g: u64) -> (u64, u64) {
    let (f, g) = (f as i64, g as i64);
    let f1 = m.u.wrapping_mul(f).wrapping_add(m.v.wrapping_mul(g)) >> SUB;
    let g1 = m.q.wrapping_mul(f).wrapping_add(m.r.wrapping_mul(g)) >> SUB;
    (f1 as u64, g1 as u64)
}

/// `rounds`·SUB divsteps (1 ≤ `rounds` ≤ ROUNDS, public) on the low words f, g (f odd),
/// without branches on them; the matrix is scaled to a batch of ROUNDS·SUB steps.
#[inline(always)]
fn divsteps(zeta: i64, f: u64, g: u64, rounds: u32) -> (i64, Matrix) {
    let (mut zeta, mut last) = divsteps_round(zeta, f, g);
    let (mut f, mut g, mut m) = (f, g, last);
    for _ in 1..rounds {
        (f, g) = advance(&last, f, g);
        (zeta, last) = divsteps_round(zeta, f, g);
        m = compose(&last, &m);
    }
    // A missing round counts as SUB steps that only double f and g: [f, g]·2^SUB.
    let scale = SUB * (ROUNDS - rounds);
    let m = Matrix {
        u: m.u << scale,
        v: m.v << scale,
        q: m.q << scale,
        r: m.r << scale,
    };
    (zeta, m)
}

/// A signed coefficient for products with unsigned words: its two's complement bits and
/// its sign as a mask, so that a·x = bits·x − 2^64·(x & mask) takes one multiplication.
#[derive(Clone, Copy)]
struct Coef {
    bits: u128,
    mask: u64,
    value: i128,
}

impl Coef {
    #[inline(always)]
    fn new(a: i64) -> Self {
        Coef {
            bits: a as u64 as u128,
            // Behind black_box the mask stays a mask: the compiler may not split on its sign.
            mask: core::hint::black_box((a >> 63) as u64),
            value: a as i128,
        }
    }

    /// acc + a·x (the caller keeps the true sum within i128).
    #[inline(always)]
    fn mul_add(self, acc: i128, x: u64) -> i128 {
        let p = (self.bits * x as u128) as i128;
        acc.wrapping_add(p)
            .wrapping_sub((((x & self.mask) as u128) << 64) as i128)
    }
}

/// (a·f + b·g) / 2^S (exact: the matrix makes the low S bits zero).
#[inline(always)]
fn combine<const N: usize, const S: u32>(
    f: &Signed<N>,
    g: &Signed<N>,
    a: Coef,
    b: Coef,
) -> Signed<N> {
    let mut out = [0u64; N];
    let mut acc = b.mul_add(a.mul_add(0, f.lo[0]), g.lo[0]);
    let mut prev = acc as u64;
    acc >>= 64;
    for k in 1..N {
        acc = b.mul_add(a.mul_add(acc, f.lo[k]), g.lo[k]);
        let w = acc as u64;
        acc >>= 64;
        out[k - 1] = (prev >> S) | (w << (64 - S));
        prev = w;
    }
    acc += a.value * f.hi as i128 + b.value * g.hi as i128;
    out[N - 1] = (prev >> S) | ((acc as u64) << (64 - S));
    Signed {
        lo: out,
        hi: (acc >> S) as i64,
    }
}

/// (a·d + b·e + m·p) / 2^S with m chosen so that the low S bits vanish; `m0` is the
/// starting multiple (adding p for a negative coefficient keeps the result in (−2p, p)).
#[inline(always)]
fn combine_mod<const N: usize, const S: u32>(
    d: &Signed<N>,
    e: &Signed<N>,
    a: Coef,
    b: Coef,
    m0: i64,
    p: &[u64; N],
    pinv: u64,
) -> Signed<N> {
    // |a| + |b| ≤ 2^S and |m| < 2^(S+1): with S ≤ 60 a limb's sum stays within ±2^126.
    const { assert!(S <= 60) };
    let mut acc = b.mul_add(a.mul_add(0, d.lo[0]), e.lo[0]);
    let low = pinv.wrapping_mul(acc as u64).wrapping_add(m0 as u64) & (u64::MAX >> (64 - S));
    let m = Coef::new(m0.wrapping_sub(low as i64));
    acc = m.mul_add(acc, p[0]);
    let mut prev = acc as u64;
    acc >>= 64;
    let mut out = [0u64; N];
    for k in 1..N {
        acc = m.mul_add(b.mul_add(a.mul_add(acc, d.lo[k]), e.lo[k]), p[k]);
        let w = acc as u64;
        acc >>= 64;
        out[k - 1] = (prev >> S) | (w << (64 - S));
        prev = w;
    }
    acc += a.value * d.hi as i128 + b.value * e.hi as i128;
    out[N - 1] = (prev >> S) | ((acc as u64) << (64 - S));
    Signed {
        lo: out,
        hi: (acc >> S) as i64,
    }
}

/// Applies the matrix of a batch of S steps to f, g, d, e.
#[inline(always)]
fn apply<const N: usize, const S: u32>(
    s: &mut [Signed<N>; 4],
    t: &Matrix,
    p: &[u64; N],
    pinv: u64,
) {
    let [f, g, d, e] = *s;
    let sd = d.hi >> 63;
    let se = e.hi >> 63;
    let md = (t.u & sd).wrapping_add(t.v & se);
    let me = (t.q & sd).wrapping_add(t.r & se);
    let [u, v, q, r] = [t.u, t.v, t.q, t.r].map(Coef::new);
    *s = [
        combine::<N, S>(&f, &g, u, v),
        combine::<N, S>(&f, &g, q, r),
        combine_mod::<N, S>(&d, &e, u, v, md, p, pinv),
        combine_mod::<N, S>(&d, &e, q, r, me, p, pinv),
    ];
}

/// The last batch's half of [`apply`]: only f (for its sign) and d are read afterwards.
#[inline(always)]
fn apply_last<const N: usize, const S: u32>(
    s: &[Signed<N>; 4],
    t: &Matrix,
    p: &[u64; N],
    pinv: u64,
) -> (Signed<N>, Signed<N>) {
    let [f, g, d, e] = *s;
    let md = (t.u & (d.hi >> 63)).wrapping_add(t.v & (e.hi >> 63));
    let (u, v) = (Coef::new(t.u), Coef::new(t.v));
    (
        combine::<N, S>(&f, &g, u, v),
        combine_mod::<N, S>(&d, &e, u, v, md, p, pinv),
    )
}

/// `x + (p & mask)` with the sign word.
fn add_masked_p<const N: usize>(x: &Signed<N>, p: &[u64; N], mask: u64) -> Signed<N> {
    let mut r = *x;
    let mut carry = 0;
    for (r, &p) in r.lo.iter_mut().zip(p) {
        (*r, carry) = crate::limbs::adc(*r, p & mask, carry);
    }
    r.hi = x.hi.wrapping_add(carry as i64);
    r
}

/// d·sign(f) reduced into [0, p) from d in (−2p, p), without branches: add p if negative
/// (now in (−p, p)), negate if f is negative, add p if negative.
fn normalize<const N: usize>(d: &Signed<N>, f_negative: u64, p: &[u64; N]) -> [u64; N] {
    let x = add_masked_p(d, p, (d.hi >> 63) as u64);
    // Conditional negation: (x ^ m) + (m & 1) over the N + 1 words.
    let mut y = x;
    let mut carry = f_negative & 1;
    for i in 0..N {
        (y.lo[i], carry) = crate::limbs::adc(x.lo[i] ^ f_negative, 0, carry);
    }
    y.hi = (x.hi ^ f_negative as i64).wrapping_add(carry as i64);
    add_masked_p(&y, p, (y.hi >> 63) as u64).lo
}

fn start<const N: usize>(x: &[u64; N], p: &[u64; N]) -> [Signed<N>; 4] {
    let mut one = [0u64; N];
    one[0] = 1;
    [
        Signed { lo: *p, hi: 0 },
        Signed { lo: *x, hi: 0 },
        Signed { lo: [0; N], hi: 0 },
        Signed { lo: one, hi: 0 },
    ]
}

/// The inverse of the Montgomery-form `x` (0 for 0), constant-time.
pub fn invert<const N: usize>(x: &[u64; N], p: &Params<N>) -> [u64; N] {
    let pinv = p.inv.wrapping_neg();
    let mut s = start(x, &p.modulus);
    let mut zeta = -1i64;
    let mut left = rounds(p.bits);
    while left > ROUNDS {
        let t;
        (zeta, t) = divsteps(zeta, s[0].lo[0], s[1].lo[0], ROUNDS);
        apply::<N, { ROUNDS * SUB }>(&mut s, &t, &p.modulus, pinv);
        left -= ROUNDS;
    }
    let (_, t) = divsteps(zeta, s[0].lo[0], s[1].lo[0], left);
    let (f, d) = apply_last::<N, { ROUNDS * SUB }>(&s, &t, &p.modulus, pinv);
    let d = normalize(&d, (f.hi >> 63) as u64, &p.modulus);
    // d = (xR)⁻¹ = x⁻¹R⁻¹; the Montgomery form of x⁻¹ is d·R² = mont(d, R³).
    mont::mul(&d, &p.r3, p)
}
