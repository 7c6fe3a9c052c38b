//! Square roots, constant-time, by a method fixed per prime at compile time:
//! p ≡ 3 mod 4: x = a^((p+1)/4); p ≡ 5 mod 8: Atkin's formula (b = (2a)^((p−5)/8),
//! i = 2ab², x = ab(i − 1)); otherwise the constant-time Tonelli–Shanks of RFC 9380,
//! appendix I.4 (s(s−1)/2 squarings for 2-adicity s, every branch replaced by a select).
//! Each result is squared and compared with the input to decide whether a root exists. The
//! exponents are public constants, so the exponentiations take the sliding-window
//! `pow_vartime`, whose running time depends on the exponent only.

use super::{arith, mont, Params};
use crate::Uint;
use subtle::{Choice, ConditionallySelectable, ConstantTimeEq};

/// How square roots are taken in one field.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// p ≡ 3 mod 4.
    ThreeMod4,
    /// p ≡ 5 mod 8 (Atkin).
    FiveMod8,
    /// p ≡ 1 mod 8 (Tonelli–Shanks).
    TonelliShanks,
}

/// The square-root constants of one field.
#[derive(Clone, Copy, Debug)]
pub struct SqrtParams<const N: usize> {
    /// The method.
    pub method: Method,
    /// The exponent: (p+1)/4, (p−5)/8, or (t−1)/2 for p − 1 = 2^s·t.
    pub exp: [u64; N],
    /// Tonelli–Shanks only: z^t for a non-residue z, in Montgomery form (a 2^s-th root of 1).
    pub root: [u64; N],
}

impl<const N: usize> SqrtParams<N> {
    /// The constants for `p` (the non-residue search runs only for p ≡ 1 mod 8).
    pub const fn new(p: &Params<N>) -> Self {
        let m = Uint::from_words(p.modulus);
        match p.modulus[0] & 7 {
            3 | 7 => SqrtParams {
                method: Method::ThreeMod4,
                exp: m.shr_vartime(2).wrapping_add(&Uint::ONE).limbs,
                root: [0; N],
            },
            5 => SqrtParams {
                method: Method::FiveMod8,
                exp: m.shr_vartime(3).limbs,
                root: [0; N],
            },
            _ => {
                let t = m.shr_vartime(p.s);
                SqrtParams {
                    method: Method::TonelliShanks,
                    exp: t.shr_vartime(1).limbs,
                    root: p.pow_const(&p.least_nonresidue(), &t.limbs),
                }
            }
        }
    }
}

/// Whether a ≡ b mod p, for values as the field keeps them (below 2p when it is lazy).
fn ct_eq<const N: usize>(a: &[u64; N], b: &[u64; N], p: &Params<N>) -> Choice {
    Uint::from_words(p.canonical(a)).ct_eq(&Uint::from_words(p.canonical(b)))
}

fn select<const N: usize>(a: &[u64; N], b: &[u64; N], c: Choice) -> [u64; N] {
    Uint::conditional_select(&Uint::from_words(*a), &Uint::from_words(*b), c).limbs
}

/// A square root of the Montgomery-form `a` and whether it is one (`a` is a square).
pub fn sqrt<const N: usize>(a: &[u64; N], p: &Params<N>, q: &SqrtParams<N>) -> ([u64; N], Choice) {
    let x = match q.method {
        Method::ThreeMod4 => super::pow::pow_vartime(a, &q.exp, p),
        Method::FiveMod8 => {
            let a2 = arith::add(a, a, p);
            let b = super::pow::pow_vartime(&a2, &q.exp, p);
            let i = mont::mul(&a2, &mont::sqr(&b, p), p);
            let i1 = arith::sub(&i, &p.r, &p.bound);
            mont::mul(&mont::mul(a, &b, p), &i1, p)
        }
        Method::TonelliShanks => tonelli_shanks(a, p, q),
    };
    let ok = ct_eq(&mont::sqr(&x, p), a, p);
    (x, ok)
}

/// RFC 9380, appendix I.4, step by step.
fn tonelli_shanks<const N: usize>(a: &[u64; N], p: &Params<N>, q: &SqrtParams<N>) -> [u64; N] {
    let mut z = super::pow::pow_vartime(a, &q.exp, p);
    let mut t = mont::mul(&mont::sqr(&z, p), a, p);
    z = mont::mul(&z, a, p);
    let mut b = t;
    let mut c = q.root;
    for k in (2..=p.s).rev() {
        for _ in 1..k - 1 {
            b = mont::sqr(&b, p);
        }
        let e = ct_eq(&b, &p.r, p);
        z = select(&mont::mul(&z, &c, p), &z, e);
        c = mont::sqr(&c, p);
        t = select(&mont::mul(&t, &c, p), &t, e);
        b = t;
    }
    z
}
