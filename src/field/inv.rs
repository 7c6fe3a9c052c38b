//! Constant-time modular inversion by the Bernstein–Yang "safegcd" divsteps ("Fast
//! constant-time gcd computation and modular inversion", TCHES 2019/3), in the half-delta form
//! with the iteration bound ⌊(45907·b + 26313)/19929⌋ for b-bit moduli (Wuille,
//! safegcd-bounds): a fixed number of branch-free rounds of 19 divsteps on words that pack f
//! (or g) with its matrix row ([`divstep::divsteps`]), three rounds to a batch whose 2×2 matrix
//! is then applied to the full f, g and to the Bézout coefficients d, e (kept in (−2p, p) by
//! adding a multiple of p that clears the low bits): O(b) word operations per batch, O(b²) in
//! all. f, g, d, e are held in signed limbs of 57 bits, the steps of a batch (as in
//! libsecp256k1's 62-bit limbs for its 62-step batches), so that dividing by 2^57 drops a limb
//! and each product is one signed multiplication. `invert_vartime` is Lehmer's extended gcd
//! (`inv_lehmer.rs`).

use super::divstep;
use super::Params;
use crate::limbs::mac_signed as mac;

pub use super::inv_lehmer::invert_vartime;

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
    let (zeta, f, g) = divstep::divsteps::<SUB>(zeta, f0, g0);
    let (u, v) = unpack(f);
    let (q, r) = unpack(g);
    (zeta, Matrix { u, v, q, r })
}

/// The row (u, v) of a packed word f' + u·2^A + v·2^B: with 2^(A−1) added, f' no longer
/// borrows from u, which the shifts then read as a signed field; with 2^(B−1) added too, u no
/// longer borrows from v.
#[inline(always)]
fn unpack(x: i64) -> (i64, i64) {
    let y = x.wrapping_add(1 << (A - 1));
    let u = (y << (64 - B)) >> (64 - B + A);
    (u, y.wrapping_add(1 << (B - 1)) >> B)
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

/// Bits per limb of the signed form of f, g, d, e: a batch of S steps divides by 2^S, which
/// drops the low limb. Three rounds read exactly the low S bits of f and g: each round
/// consumes SUB of the bits that [`advance`] keeps exact, and SUB suffice for the last.
const S: u32 = ROUNDS * SUB;
const MASK: u64 = (1 << S) - 1;

/// Limbs of S bits for values of N words, a sign and a spare bit (d, e lie in (−2p, p)).
///
/// ```
/// assert_eq!(carry::__private::inv::width(4), 5);
/// ```
pub const fn width(n: usize) -> usize {
    (64 * n + 2).div_ceil(S as usize)
}

/// The signed form Σ x[i]·2^(S·i) of the non-negative words x: limbs in [0, 2^S), the top
/// one signed.
fn to_limbs<const N: usize, const L: usize>(x: &[u64; N]) -> [i64; L] {
    let mut out = [0i64; L];
    for (i, limb) in out.iter_mut().enumerate() {
        let bit = S as usize * i;
        let (w, s) = (bit / 64, bit % 64);
        let mut v = if w < N { x[w] >> s } else { 0 };
        if s + S as usize > 64 && w + 1 < N {
            v |= x[w + 1] << (64 - s);
        }
        *limb = (v & MASK) as i64;
    }
    out
}

/// Two's complement words and a sign word of the signed form x, which must fit in them.
fn to_words<const N: usize, const L: usize>(x: &[i64; L]) -> Wide<N> {
    let mut lo = [0u64; N];
    let (mut acc, mut bits, mut j) = (0i128, 0, 0);
    for &limb in x {
        acc |= (limb as i128) << bits;
        bits += S;
        if bits >= 64 && j < N {
            lo[j] = acc as u64;
            acc >>= 64;
            bits -= 64;
            j += 1;
        }
    }
    while j < N {
        lo[j] = acc as u64;
        acc >>= 64;
        j += 1;
    }
    Wide { lo, hi: acc as i64 }
}

/// (a·f + b·g) / 2^S (exact: the matrix makes the low S bits zero). Every product is one
/// signed 64×64-bit multiplication: limbs below 2^S and |a| + |b| ≤ 2^S keep a limb's sum
/// within ±2^(2S+1).
#[inline(always)]
fn combine<const L: usize>(f: &[i64; L], g: &[i64; L], a: i64, b: i64) -> [i64; L] {
    let mut out = [0i64; L];
    let mut acc = mac(mac(0, a, f[0]), b, g[0]) >> S;
    for i in 1..L {
        acc = mac(mac(acc, a, f[i]), b, g[i]);
        out[i - 1] = (acc as u64 & MASK) as i64;
        acc >>= S;
    }
    out[L - 1] = acc as i64;
    out
}

/// (a·d + b·e + m·p) / 2^S with m chosen so that the low S bits vanish, starting from the
/// coefficients of the negative ones among d, e (adding p for each keeps the result in
/// (−2p, p)).
#[inline(always)]
fn combine_mod<const L: usize>(
    d: &[i64; L],
    e: &[i64; L],
    a: i64,
    b: i64,
    p: &[i64; L],
    pinv: u64,
) -> [i64; L] {
    let m0 = (a & sign(d[L - 1])).wrapping_add(b & sign(e[L - 1]));
    let mut acc = mac(mac(0, a, d[0]), b, e[0]);
    let low = pinv.wrapping_mul(acc as u64).wrapping_add(m0 as u64) & MASK;
    // |m| < 2^(S+1): a limb's sum stays within ±2^(2S+2).
    let m = m0.wrapping_sub(low as i64);
    acc = mac(acc, m, p[0]) >> S;
    let mut out = [0i64; L];
    for i in 1..L {
        acc = mac(mac(mac(acc, a, d[i]), b, e[i]), m, p[i]);
        out[i - 1] = (acc as u64 & MASK) as i64;
        acc >>= S;
    }
    out[L - 1] = acc as i64;
    out
}

/// Applies the matrix of a batch of S steps to f, g, d, e.
#[inline(always)]
fn apply<const L: usize>(s: &mut [[i64; L]; 4], t: &Matrix, p: &[i64; L], pinv: u64) {
    let [f, g, d, e] = &*s;
    *s = [
        combine(f, g, t.u, t.v),
        combine(f, g, t.q, t.r),
        combine_mod(d, e, t.u, t.v, p, pinv),
        combine_mod(d, e, t.q, t.r, p, pinv),
    ];
}

/// Two's complement words with a sign word, for the final reduction.
#[derive(Clone, Copy)]
struct Wide<const N: usize> {
    lo: [u64; N],
    hi: i64,
}

/// `x + (p & mask)` with the sign word.
fn add_masked_p<const N: usize>(x: &Wide<N>, p: &[u64; N], mask: u64) -> Wide<N> {
    let mut r = *x;
    let mut carry = 0;
    for (r, &p) in r.lo.iter_mut().zip(p) {
        (*r, carry) = crate::limbs::adc(*r, p & mask, carry);
    }
    r.hi = x.hi.wrapping_add(carry as i64);
    r
}

/// All ones if `x` is negative, else zero, opaque to the optimizer: a mask on a secret's sign
/// that the compiler must not turn into a branch (see [`crate::limbs::barrier`]).
#[inline(always)]
fn sign(x: i64) -> i64 {
    crate::limbs::barrier((x >> 63) as u64) as i64
}

/// d·sign(f) reduced into [0, p) from d in (−2p, p), without branches: add p if negative
/// (now in (−p, p)), negate if f is negative, add p if negative. `f_negative` is a mask.
fn normalize<const N: usize>(d: &Wide<N>, f_negative: u64, p: &[u64; N]) -> [u64; N] {
    let x = add_masked_p(d, p, sign(d.hi) as u64);
    // Conditional negation: (x ^ m) + (m & 1) over the N + 1 words.
    let mut y = x;
    let mut carry = f_negative & 1;
    for i in 0..N {
        (y.lo[i], carry) = crate::limbs::adc(x.lo[i] ^ f_negative, 0, carry);
    }
    y.hi = (x.hi ^ f_negative as i64).wrapping_add(carry as i64);
    add_masked_p(&y, p, sign(y.hi) as u64).lo
}

/// The inverse of the Montgomery-form `x` (0 for 0), constant-time; `L` is [`width`]`(N)`.
pub fn invert<const N: usize, const L: usize>(x: &[u64; N], p: &Params<N>) -> [u64; N] {
    const { assert!(L == width(N)) };
    let x = &p.canonical(x);
    let pinv = p.inv.wrapping_neg();
    let modulus = to_limbs::<N, L>(&p.modulus);
    // The coefficient of x starts at R² instead of 1, so that d ends as R²·(xR)⁻¹ = x⁻¹R,
    // the Montgomery form of x⁻¹: the Bézout coefficients are linear in their start.
    let mut s = [modulus, to_limbs(x), [0; L], to_limbs(&p.r2)];
    let mut zeta = -1i64;
    let mut left = rounds(p.bits);
    while left > ROUNDS {
        let t;
        (zeta, t) = divsteps(zeta, s[0][0] as u64, s[1][0] as u64, ROUNDS);
        apply(&mut s, &t, &modulus, pinv);
        left -= ROUNDS;
    }
    // The last batch: only f (for its sign) and d are read afterwards.
    let (_, t) = divsteps(zeta, s[0][0] as u64, s[1][0] as u64, left);
    let [f, g, d, e] = &s;
    let f = combine(f, g, t.u, t.v);
    let d = combine_mod(d, e, t.u, t.v, &modulus, pinv);
    normalize(&to_words(&d), sign(f[L - 1]) as u64, &p.modulus)
}
