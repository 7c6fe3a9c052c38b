//! Modular inversion by the Bernstein–Yang "safegcd" divsteps ("Fast constant-time gcd
//! computation and modular inversion", TCHES 2019/3), in the half-delta form with the
//! iteration bound ⌊(45907·b + 26313)/19929⌋ for b-bit moduli (Wuille, safegcd-bounds).
//! Divsteps run in batches of 62 on the low words of f and g, giving a 2×2 matrix that is then
//! applied to the full f, g and to the Bézout coefficients d, e (kept in (−2p, p) by adding a
//! multiple of p that clears the 62 low bits). `invert` runs every batch with branch-free
//! steps; `invert_vartime` eliminates several low bits at once and stops when g reaches 0.

use super::{mont, Params};

/// Divsteps per batch: the matrix entries stay within ±2^62.
const BATCH: u32 = 62;
const M62: u64 = (1 << 62) - 1;

/// A signed value lo + hi·2^(64N), two's complement.
#[derive(Clone, Copy)]
struct Signed<const N: usize> {
    lo: [u64; N],
    hi: i64,
}

/// The 2×2 transition matrix of a batch, scaled by 2^62: [f', g']·2^62 = [[u, v], [q, r]]·[f, g].
#[derive(Clone, Copy)]
struct Matrix {
    u: i64,
    v: i64,
    q: i64,
    r: i64,
}

/// Batches needed for a `bits`-bit modulus.
pub const fn batches(bits: u32) -> u32 {
    let b = bits as u64;
    let steps = if b >= 46 {
        (45907 * b + 26313) / 19929
    } else {
        (49 * b + 80) / 17 + BATCH as u64
    };
    steps.div_ceil(BATCH as u64) as u32
}

/// 62 divsteps on the low words f, g (f odd), without branches; zeta = −(delta + 1/2).
#[inline(always)]
fn divsteps(mut zeta: i64, f0: u64, g0: u64) -> (i64, Matrix) {
    let (mut f, mut g) = (f0, g0);
    let (mut u, mut v, mut q, mut r) = (1u64, 0u64, 0u64, 1u64);
    for _ in 0..BATCH {
        // c1: delta > 0; c2: g odd. If g is odd, g += ±f (−f when delta > 0); if both, swap.
        let c1 = (zeta >> 63) as u64;
        let c2 = (g & 1).wrapping_neg();
        let x = (f ^ c1).wrapping_sub(c1);
        let y = (u ^ c1).wrapping_sub(c1);
        let z = (v ^ c1).wrapping_sub(c1);
        g = g.wrapping_add(x & c2);
        q = q.wrapping_add(y & c2);
        r = r.wrapping_add(z & c2);
        let swap = c1 & c2;
        zeta = (zeta ^ swap as i64).wrapping_sub(1);
        f = f.wrapping_add(g & swap);
        u = u.wrapping_add(q & swap);
        v = v.wrapping_add(r & swap);
        g >>= 1;
        u <<= 1;
        v <<= 1;
    }
    let m = Matrix {
        u: u as i64,
        v: v as i64,
        q: q as i64,
        r: r as i64,
    };
    (zeta, m)
}

/// The same 62 divsteps with branches: runs of zeros of g are shifted out at once, and when g
/// is odd up to 6 low bits are cleared by adding a multiple of f (eta = −delta).
fn divsteps_vartime(mut eta: i64, f0: u64, g0: u64) -> (i64, Matrix) {
    let (mut f, mut g) = (f0, g0);
    let (mut u, mut v, mut q, mut r) = (1u64, 0u64, 0u64, 1u64);
    let mut left = BATCH;
    loop {
        let zeros = (g | (u64::MAX << left)).trailing_zeros();
        g >>= zeros;
        u <<= zeros;
        v <<= zeros;
        eta -= zeros as i64;
        left -= zeros;
        if left == 0 {
            break;
        }
        if eta < 0 {
            eta = -eta;
            (f, g) = (g, f.wrapping_neg());
            (u, q) = (q, u.wrapping_neg());
            (v, r) = (r, v.wrapping_neg());
        }
        // Clear the low k bits of g with g += w·f, w = −g/f mod 2^k.
        let k = (eta as u32 + 1).min(left).min(6);
        let finv = f.wrapping_mul(2u64.wrapping_sub(f.wrapping_mul(f)));
        let w = g.wrapping_mul(finv).wrapping_neg() & (u64::MAX >> (64 - k));
        g = g.wrapping_add(f.wrapping_mul(w));
        q = q.wrapping_add(u.wrapping_mul(w));
        r = r.wrapping_add(v.wrapping_mul(w));
    }
    let m = Matrix {
        u: u as i64,
        v: v as i64,
        q: q as i64,
        r: r as i64,
    };
    (eta, m)
}

/// (a·f + b·g) / 2^62 (exact: the matrix makes the low 62 bits zero).
#[inline(always)]
fn combine<const N: usize>(f: &Signed<N>, g: &Signed<N>, a: i64, b: i64) -> Signed<N> {
    let (a, b) = (a as i128, b as i128);
    let mut out = [0u64; N];
    let mut acc = a * f.lo[0] as i128 + b * g.lo[0] as i128;
    let mut prev = acc as u64;
    acc >>= 64;
    for k in 1..N {
        acc += a * f.lo[k] as i128 + b * g.lo[k] as i128;
        let w = acc as u64;
        acc >>= 64;
        out[k - 1] = (prev >> 62) | (w << 2);
        prev = w;
    }
    acc += a * f.hi as i128 + b * g.hi as i128;
    out[N - 1] = (prev >> 62) | ((acc as u64) << 2);
    Signed {
        lo: out,
        hi: (acc >> 62) as i64,
    }
}

/// (a·d + b·e + m·p) / 2^62 with m chosen so that the low 62 bits vanish; `m0` is the
/// starting multiple (adding p for a negative coefficient keeps the result in (−2p, p)).
#[inline(always)]
fn combine_mod<const N: usize>(
    d: &Signed<N>,
    e: &Signed<N>,
    a: i64,
    b: i64,
    m0: i64,
    p: &[u64; N],
    pinv: u64,
) -> Signed<N> {
    let (a, b) = (a as i128, b as i128);
    let mut acc = a * d.lo[0] as i128 + b * e.lo[0] as i128;
    let m = m0.wrapping_sub((pinv.wrapping_mul(acc as u64).wrapping_add(m0 as u64) & M62) as i64);
    let m = m as i128;
    // Two accumulators: a·d + b·e and m·p each fit an i128, their sum might not.
    let mut acc_p = m * p[0] as i128;
    let (w, c) = (acc as u64).overflowing_add(acc_p as u64);
    let mut prev = w;
    acc = (acc >> 64) + c as i128;
    acc_p >>= 64;
    let mut out = [0u64; N];
    for k in 1..N {
        acc += a * d.lo[k] as i128 + b * e.lo[k] as i128;
        acc_p += m * p[k] as i128;
        let (w, c) = (acc as u64).overflowing_add(acc_p as u64);
        acc = (acc >> 64) + c as i128;
        acc_p >>= 64;
        out[k - 1] = (prev >> 62) | (w << 2);
        prev = w;
    }
    acc += a * d.hi as i128 + b * e.hi as i128 + acc_p;
    out[N - 1] = (prev >> 62) | ((acc as u64) << 2);
    Signed {
        lo: out,
        hi: (acc >> 62) as i64,
    }
}

/// Applies a batch's matrix to f, g, d, e.
#[inline(always)]
fn apply<const N: usize>(s: &mut [Signed<N>; 4], t: &Matrix, p: &[u64; N], pinv: u64) {
    let [f, g, d, e] = *s;
    let sd = d.hi >> 63;
    let se = e.hi >> 63;
    let md = (t.u & sd).wrapping_add(t.v & se);
    let me = (t.q & sd).wrapping_add(t.r & se);
    *s = [
        combine(&f, &g, t.u, t.v),
        combine(&f, &g, t.q, t.r),
        combine_mod(&d, &e, t.u, t.v, md, p, pinv),
        combine_mod(&d, &e, t.q, t.r, me, p, pinv),
    ];
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
    for _ in 0..batches(p.bits) {
        let t;
        (zeta, t) = divsteps(zeta, s[0].lo[0], s[1].lo[0]);
        apply(&mut s, &t, &p.modulus, pinv);
    }
    let d = normalize(&s[2], (s[0].hi >> 63) as u64, &p.modulus);
    // d = (xR)⁻¹ = x⁻¹R⁻¹; the Montgomery form of x⁻¹ is d·R² = mont(d, R³).
    mont::mul(&d, &p.r3, p)
}

/// The inverse of the Montgomery-form `x`, or `None` for 0; variable-time.
pub fn invert_vartime<const N: usize>(x: &[u64; N], p: &Params<N>) -> Option<[u64; N]> {
    if x.iter().all(|&w| w == 0) {
        return None;
    }
    let pinv = p.inv.wrapping_neg();
    let mut s = start(x, &p.modulus);
    let mut eta = -1i64;
    while s[1].hi != 0 || s[1].lo.iter().any(|&w| w != 0) {
        let t;
        (eta, t) = divsteps_vartime(eta, s[0].lo[0], s[1].lo[0]);
        apply(&mut s, &t, &p.modulus, pinv);
    }
    let d = normalize(&s[2], (s[0].hi >> 63) as u64, &p.modulus);
    Some(mont::mul(&d, &p.r3, p))
}
