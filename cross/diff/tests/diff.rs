//! carry against num-bigint on the architecture it runs on: `Int` arithmetic (sums, products
//! at every algorithm size up to the NTT, division, square roots, gcd, decimal text), `Modulus`
//! powers, `Uint` products and division, `FixedModulus` powers and the P-256 field. Operands in
//! the adversarial shapes (all-ones limbs, powers of two ± 1, striped bits, random), both
//! signs. Seeded by `CARRY_SEED` (printed on failure), sized by `CARRY_SCALE`.

use carry::fields::p256::Fp;
use carry::{FixedModulus, Int, Modulus, Uint};
use num_bigint::{BigInt, BigUint, Sign};
use num_integer::Integer;
use num_traits::{One, Zero};

/// xorshift64*: the operands of one run, from `CARRY_SEED`.
struct Rng(u64);

impl Rng {
    fn new() -> Rng {
        let seed = std::env::var("CARRY_SEED")
            .ok()
            .and_then(|s| s.parse().ok())
            .unwrap_or(0x5eed_cafe_f00d_0001);
        Rng(seed | 1)
    }
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

fn cases(n: usize) -> usize {
    let scale: f64 = std::env::var("CARRY_SCALE")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1.0);
    ((n as f64 * scale) as usize).max(1)
}

/// `n` limbs in one of the adversarial shapes.
fn limbs(rng: &mut Rng, n: usize) -> Vec<u64> {
    let mut v: Vec<u64> = match rng.below(5) {
        0 => vec![u64::MAX; n],
        1 => (0..n).map(|_| rng.next()).collect(),
        2 => {
            // Striped: runs of ones and zeros.
            let mut v = vec![0u64; n];
            let mut bit = 0;
            while bit < 64 * n {
                let run = 1 + rng.below(100) as usize;
                if rng.below(2) == 0 {
                    for b in bit..(bit + run).min(64 * n) {
                        v[b / 64] |= 1 << (b % 64);
                    }
                }
                bit += run;
            }
            v
        }
        3 => {
            // 2^k ± 1.
            let mut v = vec![0u64; n];
            if n > 0 {
                let k = rng.below(64 * n as u64) as usize;
                v[k / 64] = 1 << (k % 64);
                if rng.below(2) == 0 {
                    v[0] |= 1;
                } else {
                    for x in v.iter_mut() {
                        *x = x.wrapping_sub(1);
                        if *x != u64::MAX {
                            break;
                        }
                    }
                }
            }
            v
        }
        _ => (0..n).map(|_| rng.next() & rng.next()).collect(),
    };
    v.truncate(n);
    v
}

fn big(l: &[u64]) -> BigUint {
    let bytes: Vec<u8> = l.iter().flat_map(|w| w.to_le_bytes()).collect();
    BigUint::from_bytes_le(&bytes)
}

/// The same signed value in both libraries.
fn pair(rng: &mut Rng, n: usize) -> (Int, BigInt) {
    let l = limbs(rng, n);
    let (i, b) = (Int::from_limbs(&l), BigInt::from(big(&l)));
    if rng.below(2) == 0 {
        (-i, -b)
    } else {
        (i, b)
    }
}

fn same(got: &Int, want: &BigInt, what: &str) {
    assert_eq!(got.to_string(), want.to_string(), "{what}");
}

/// Sizes that reach every product algorithm at the measured thresholds.
const SIZES: &[usize] = &[
    0, 1, 2, 3, 5, 8, 13, 21, 34, 60, 100, 180, 300, 700, 1500, 4000,
];

#[test]
fn int_arithmetic() {
    let mut rng = Rng::new();
    for _ in 0..cases(3) {
        for &n in SIZES {
            let m = SIZES[rng.below(SIZES.len() as u64) as usize];
            let (a, ab) = pair(&mut rng, n);
            let (b, bb) = pair(&mut rng, m);
            let what = format!("n={n} m={m}");
            same(&(&a + &b), &(&ab + &bb), &format!("add {what}"));
            same(&(&a - &b), &(&ab - &bb), &format!("sub {what}"));
            same(&(&a * &b), &(&ab * &bb), &format!("mul {what}"));
            same(&(&a * &a), &(&ab * &ab), &format!("sqr {what}"));
            if !bb.is_zero() {
                let (q, r) = a.div_rem(&b);
                // Truncating division, as num-bigint's / and %.
                same(&q, &(&ab / &bb), &format!("div {what}"));
                same(&r, &(&ab % &bb), &format!("rem {what}"));
            }
            same(&a.gcd(&b), &ab.gcd(&bb), &format!("gcd {what}"));
            let s: Int = a.to_string().parse().unwrap();
            assert_eq!(s, a, "parse(to_string) {what}");
            if n <= 300 {
                let abs = ab.magnitude();
                same(
                    &a.abs().sqrt(),
                    &BigInt::from(abs.sqrt()),
                    &format!("sqrt {what}"),
                );
            }
        }
    }
}

#[test]
fn modulus_powers() {
    let mut rng = Rng::new();
    for _ in 0..cases(20) {
        for n in [1usize, 2, 4, 8, 16, 48] {
            let mut ml = limbs(&mut rng, n);
            ml[0] |= 1;
            let mb = big(&ml);
            if mb <= BigUint::one() {
                continue;
            }
            let (b, e) = (limbs(&mut rng, n), limbs(&mut rng, 1 + n / 4));
            let want = big(&b).modpow(&big(&e), &mb);
            let m = Modulus::new(&Int::from_limbs(&ml)).unwrap();
            let got = m.pow(&Int::from_limbs(&b), &Int::from_limbs(&e));
            same(
                &got,
                &BigInt::from(want.clone()),
                &format!("Modulus::pow n={n}"),
            );
            let got = m.pow_vartime(&Int::from_limbs(&b), &Int::from_limbs(&e));
            same(
                &got,
                &BigInt::from(want),
                &format!("Modulus::pow_vartime n={n}"),
            );
        }
    }
}

fn uint<const L: usize>(l: &[u64]) -> Uint<L> {
    let mut w = [0u64; L];
    w[..l.len()].copy_from_slice(l);
    Uint::from_words(w)
}

fn ubig<const L: usize>(x: &Uint<L>) -> BigUint {
    big(x.as_words())
}

fn fixed<const L: usize>(rng: &mut Rng) {
    let mut ml = limbs(rng, L);
    ml[0] |= 1;
    let mb = big(&ml);
    let Some(m) = FixedModulus::new(&uint::<L>(&ml)) else {
        assert!(mb <= BigUint::one());
        return;
    };
    let (a, b) = (uint::<L>(&limbs(rng, L)), uint::<L>(&limbs(rng, L)));
    let (x, y) = (uint::<4>(&limbs(rng, 4)), uint::<4>(&limbs(rng, 4)));
    let what = format!("L={L} m={ml:x?}");
    let (ab, bb, xb, yb) = (ubig(&a), ubig(&b), ubig(&x), ubig(&y));
    assert_eq!(ubig(&m.mul(&a, &b)), (&ab * &bb) % &mb, "mul {what}");
    let ax = ab.modpow(&xb, &mb);
    assert_eq!(ubig(&m.pow(&a, &x)), ax, "pow {what}");
    assert_eq!(ubig(&m.pow_vartime(&a, &x)), ax, "pow_vartime {what}");
    let mut table = vec![0u64; 4 * L];
    assert_eq!(ubig(&m.pow_in(&a, &x, &mut table)), ax, "pow_in {what}");
    let by = bb.modpow(&yb, &mb);
    assert_eq!(
        ubig(&m.pow2(&a, &x, &b, &y)),
        (&ax * &by) % &mb,
        "pow2 {what}"
    );
    let two = BigUint::from(2u32).modpow(&xb, &mb);
    assert_eq!(ubig(&m.exp2(&x)), two, "exp2 {what}");
    // Uint's own products and division.
    let (lo, hi) = a.widening_mul(&b);
    let prod = &ab * &bb;
    assert_eq!(
        ubig(&lo) + (ubig(&hi) << (64 * L)),
        prod,
        "widening_mul {what}"
    );
    if !bb.is_zero() {
        let (q, r) = a.div_rem_vartime(&b);
        assert_eq!(
            (ubig(&q), ubig(&r)),
            ab.div_rem(&bb),
            "div_rem_vartime {what}"
        );
    }
}

#[test]
fn fixed_width() {
    let mut rng = Rng::new();
    for _ in 0..cases(20) {
        fixed::<1>(&mut rng);
        fixed::<2>(&mut rng);
        fixed::<3>(&mut rng);
        fixed::<4>(&mut rng);
        fixed::<6>(&mut rng);
        fixed::<8>(&mut rng);
        fixed::<16>(&mut rng);
    }
    for _ in 0..cases(2) {
        fixed::<48>(&mut rng);
    }
}

#[test]
fn p256_field() {
    let p = big(Fp::MODULUS.as_words());
    let mut rng = Rng::new();
    for _ in 0..cases(300) {
        let (a, b) = (limbs(&mut rng, 4), limbs(&mut rng, 4));
        let (ab, bb) = (big(&a) % &p, big(&b) % &p);
        let (x, y) = (Fp::from_uint(&uint::<4>(&a)), Fp::from_uint(&uint::<4>(&b)));
        assert_eq!(
            ubig(&(x * y).to_uint()),
            (&ab * &bb) % &p,
            "mul {a:x?} {b:x?}"
        );
        assert_eq!(
            ubig(&(x + y).to_uint()),
            (&ab + &bb) % &p,
            "add {a:x?} {b:x?}"
        );
        if !ab.is_zero() {
            let inv = ab.modpow(&(&p - 2u32), &p);
            assert_eq!(ubig(&x.invert().unwrap().to_uint()), inv, "invert {a:x?}");
        }
        let s = x.square().sqrt().unwrap();
        assert!(s == x || s == -x, "sqrt {a:x?}");
    }
    let _ = Sign::Plus;
}
