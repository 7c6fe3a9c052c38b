//! Binary splitting: the sum `1 + Σ_{k=1}^{n} Π_{j=1}^{k} p(j)/(q(j)·2^s)` of a series whose
//! term ratios are small integers `p(j)/q(j)` (and a power of two `2^-s`), computed exactly as
//! one fraction `T/Q` by splitting the range of `k` in halves and combining the halves'
//! products (Haible & Papanikolaou, "Fast multiprecision evaluation of series of rational
//! numbers", 1998; Brent & Zimmermann, Modern Computer Arithmetic, 4.9.1). With `n` terms of
//! `O(log n)` bits each this is `O(M(n log n) log n)`, the products being carry's Toom and
//! NTT multiplications, where a term-by-term sum would be `O(n²)`.

use super::{Mag, Real};
use carry::Int;

/// The ratio of consecutive terms, `p(k)/(q(k)·2^shift)`.
pub struct Ratio<'a> {
    pub p: &'a dyn Fn(u64) -> Int,
    pub q: &'a dyn Fn(u64) -> Int,
    pub shift: u64,
}

/// `(P, Q, T)` for the terms `a ≤ k < b` (`a ≥ 1`): `P = Π p(k)`, `Q = Π q(k)` and
/// `T/(Q·2^(shift·(b−a)))` the sum `Σ_{k=a}^{b−1} Π_{j=a}^{k} p(j)/(q(j)·2^shift)`.
/// `P` is not computed (left 0) when `need_p` is false.
pub fn split(a: u64, b: u64, r: &Ratio, need_p: bool) -> (Int, Int, Int) {
    if b - a == 1 {
        let p = (r.p)(a);
        return (p.clone(), (r.q)(a), p);
    }
    let m = a + (b - a) / 2;
    let (p1, q1, t1) = split(a, m, r, true);
    let (p2, q2, t2) = split(m, b, r, need_p);
    let t = ((&t1 * &q2) << (r.shift * (b - m))) + &p1 * &t2;
    let p = if need_p { p1 * p2 } else { Int::ZERO };
    (p, q1 * q2, t)
}

/// The number of terms `n` such that the first term left out, `t_{n+1}`, is at most
/// `2^-(target + 1)`, and so the tail at most `2^-target`, given upper bounds of
/// `log2 |t_k / t_{k−1}|` that do not increase with `k` and are at most −1 from `n + 1` on
/// (so the tail is below twice its first term).
pub fn terms_needed(log2_ratio: &dyn Fn(u64) -> f64, target: u64) -> u64 {
    let goal = -(target as f64) - 1.0;
    let mut log2_term = 0.0;
    let mut k = 1;
    loop {
        let r = log2_ratio(k);
        log2_term += r;
        if log2_term <= goal && r <= -1.0 {
            return k - 1;
        }
        k += 1;
    }
}

/// `1 + Σ_{k=1}^{n} Π_{j=1}^{k} p(j)/(q(j)·2^shift)` as a ball at `prec` bits, its radius
/// including `tail`, a bound of the terms left out.
pub fn sum(r: &Ratio, n: u64, tail: Mag, prec: u64) -> Real {
    if n == 0 {
        return Real::from_int(1u32).add_error(tail);
    }
    let (_, q, t) = split(1, n + 1, r, false);
    let quotient = Real::from_int(t)
        .div(&Real::from_int(q), prec)
        .expect("a positive denominator")
        .mul_2exp(-((r.shift * n) as i64));
    quotient.add(&Real::from_int(1u32), prec).add_error(tail)
}

/// An upper bound of `log2 |x|` for an integer `x ≠ 0` (within 2^-40 of it, for small `x`).
pub fn log2_upper(x: &Int) -> f64 {
    let bits = x.bits();
    if bits <= 52 {
        x.to_f64().abs().log2() + 1e-12
    } else {
        let (top, shift, _) = super::mag::top_bits(x);
        ((top as f64) + 1.0).log2() + shift as f64 + 1e-12
    }
}

/// `log2 k`, rounded down a little (a lower bound).
pub fn log2_lower(k: u64) -> f64 {
    (k as f64).log2() - 1e-12
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn e_by_splitting() {
        // e = Σ 1/k!: 60 terms give more than 256 bits.
        let one = |_| Int::from(1u32);
        let k = |k| Int::from(k);
        let r = Ratio {
            p: &one,
            q: &k,
            shift: 0,
        };
        let n = terms_needed(&|k| -log2_lower(k), 256);
        assert!((50..70).contains(&n), "{n}");
        let e = sum(&r, n, Mag::pow2(-256), 256);
        assert!((e.to_f64() - std::f64::consts::E).abs() < 1e-15);
        assert!(e.rad().log2() < -250.0);
    }
}
