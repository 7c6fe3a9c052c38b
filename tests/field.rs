//! Differential tests of the prime fields (`carry::fields` and `prime_field!` types of 1 to 12
//! limbs, with a spare top bit and full-width) against `rug` arithmetic mod p.
//!
//! Seeded by `CARRY_SEED` (printed), sized by `CARRY_SCALE`. Every field runs the same checks
//! (`check_field`) through the `TestField` trait, which forwards to the inherent methods.

mod common;

use carry::Int;
use common::*;
use ff::PrimeField;
use rug::integer::Order;
use rug::Integer;
use subtle::Choice;

/// The inherent API of a `prime_field!` type, for generic tests.
trait TestField: PrimeField + std::fmt::Display + std::str::FromStr {
    const MOD: &'static str;
    const NBITS: u32;
    const NBYTES: usize;
    fn from_int_(x: &Int) -> Self;
    fn to_int_(&self) -> Int;
    fn from_uint_words(w: &[u64]) -> Self;
    fn to_uint_words(&self) -> Vec<u64>;
    fn from_le(b: &[u8]) -> subtle::CtOption<Self>;
    fn from_be(b: &[u8]) -> subtle::CtOption<Self>;
    fn from_wide(b: &[u8]) -> Self;
    fn to_le(&self) -> Vec<u8>;
    fn to_be(&self) -> Vec<u8>;
    fn inv_vartime(&self) -> Option<Self>;
    fn pow_ct(&self, e: &[u64]) -> Self;
    fn pow_vt(&self, e: &[u64]) -> Self;
    fn legendre_(&self) -> i8;
    fn batch_invert_(xs: &mut [Self]);
    fn from_u64_(x: u64) -> Self;
}

macro_rules! test_field {
    ($F:ty) => {
        impl TestField for $F {
            const MOD: &'static str = <$F as PrimeField>::MODULUS;
            const NBITS: u32 = <$F>::NUM_BITS;
            const NBYTES: usize = <$F>::BYTES;
            fn from_int_(x: &Int) -> Self {
                <$F>::from_int(x)
            }
            fn to_int_(&self) -> Int {
                self.to_int()
            }
            fn from_uint_words(w: &[u64]) -> Self {
                <$F>::from_uint(&carry::Uint::from_words(w.try_into().unwrap()))
            }
            fn to_uint_words(&self) -> Vec<u64> {
                self.to_uint().as_words().to_vec()
            }
            fn from_le(b: &[u8]) -> subtle::CtOption<Self> {
                <$F>::from_bytes_le(b.try_into().unwrap())
            }
            fn from_be(b: &[u8]) -> subtle::CtOption<Self> {
                <$F>::from_bytes_be(b.try_into().unwrap())
            }
            fn from_wide(b: &[u8]) -> Self {
                <$F>::from_bytes_wide(b.try_into().unwrap())
            }
            fn to_le(&self) -> Vec<u8> {
                self.to_bytes_le().to_vec()
            }
            fn to_be(&self) -> Vec<u8> {
                self.to_bytes_be().to_vec()
            }
            fn inv_vartime(&self) -> Option<Self> {
                self.invert_vartime()
            }
            fn pow_ct(&self, e: &[u64]) -> Self {
                <$F>::pow(self, e)
            }
            fn pow_vt(&self, e: &[u64]) -> Self {
                <$F>::pow_vartime(self, e)
            }
            fn legendre_(&self) -> i8 {
                self.legendre()
            }
            fn batch_invert_(xs: &mut [Self]) {
                <$F>::batch_invert(xs)
            }
            fn from_u64_(x: u64) -> Self {
                <$F>::from_u64(x)
            }
        }
    };
}

mod made {
    carry::prime_field! {
        /// The smallest field.
        pub struct P3;
        modulus = "3";
    }
    carry::prime_field! {
        /// 13 ≡ 5 mod 8 (Atkin).
        pub struct P13;
        modulus = "13";
    }
    carry::prime_field! {
        /// 2^61 − 1: one limb, spare bits, 3 mod 4.
        pub struct M61;
        modulus = "2305843009213693951";
    }
    carry::prime_field! {
        /// 2^64 − 59: one full-width limb, 5 mod 8.
        pub struct P64;
        modulus = "0xffffffffffffffc5";
    }
    carry::prime_field! {
        /// 2^64 − 2^32 + 1 (Goldilocks): full width, 2-adicity 32 (Tonelli–Shanks).
        pub struct Goldilocks;
        modulus = "0xffffffff00000001";
        generator = 7;
    }
    carry::prime_field! {
        /// 2^127 − 1: two limbs, spare bit.
        pub struct M127;
        modulus = "0x7fffffffffffffffffffffffffffffff";
    }
    carry::prime_field! {
        /// 2^128 − 159: two full-width limbs, 1 mod 8.
        pub struct P128;
        modulus = "0xffffffffffffffffffffffffffffff61";
    }
    carry::prime_field! {
        /// The P-192 prime: three full-width limbs.
        pub struct P192;
        modulus = "0xfffffffffffffffffffffffffffffffeffffffffffffffff";
    }
    carry::prime_field! {
        /// Five limbs, spare bits, 5 mod 8.
        pub struct P317;
        modulus = "0x1ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe85";
    }
    carry::prime_field! {
        /// 2^381 − 313: the largest six-limb prime whose elements are kept in [0, 2p) (lazy).
        pub struct P381;
        modulus = "0x1ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffec7";
    }
    carry::prime_field! {
        /// 2^381 + 507: the smallest six-limb prime above it, reduced below p after every
        /// product.
        pub struct P381b;
        modulus = "0x2000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000001fb";
    }
    carry::prime_field! {
        /// Seven limbs, spare bits, 1 mod 8.
        pub struct P445;
        modulus = "0x1ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffbb9";
    }
    carry::prime_field! {
        /// 2^512 − 569: eight full-width limbs, given in decimal.
        pub struct P512;
        modulus = "13407807929942597099574024998205846127479365820592393377723561443721764030073546976801874298166903427690031858186486050853753882811946569946433649006083527";
    }
    carry::prime_field! {
        /// 2^521 − 1: nine limbs, spare bits.
        pub struct M521;
        modulus = "0x1ff_ffffffffffffffff_ffffffffffffffff_ffffffffffffffff_ffffffffffffffff_ffffffffffffffff_ffffffffffffffff_ffffffffffffffff_ffffffffffffffff";
    }
    carry::prime_field! {
        /// Eleven full-width limbs, 3 mod 4.
        pub struct P704;
        modulus = "0xffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff0b";
    }
    carry::prime_field! {
        /// Twelve full-width limbs, 1 mod 8.
        pub struct P768;
        modulus = "0xfffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff8e9";
    }
}

use carry::fields::{bls12_381, bn254, curve25519, p256, secp256k1};
use made::*;

test_field!(bn254::Fq);
test_field!(bn254::Fr);
test_field!(bls12_381::Fq);
test_field!(bls12_381::Fr);
test_field!(secp256k1::Fp);
test_field!(secp256k1::Fn);
test_field!(p256::Fp);
test_field!(p256::Fn);
test_field!(curve25519::Fp);
test_field!(curve25519::Fn);
test_field!(P3);
test_field!(P13);
test_field!(M61);
test_field!(P64);
test_field!(Goldilocks);
test_field!(M127);
test_field!(P128);
test_field!(P192);
test_field!(P317);
test_field!(P381);
test_field!(P381b);
test_field!(P445);
test_field!(P512);
test_field!(M521);
test_field!(P704);
test_field!(P768);

fn modulus<F: TestField>() -> Integer {
    let s = F::MOD;
    let s: String = s.chars().filter(|&c| c != '_').collect();
    match s.strip_prefix("0x") {
        Some(h) => Integer::from_str_radix(h, 16).unwrap(),
        None => s.parse().unwrap(),
    }
}

fn limbs_of<F: TestField>() -> usize {
    F::ZERO.to_uint_words().len()
}

/// Interesting values below p: 0, 1, 2, p − 1, p − 2, (p ± 1)/2, 2^k mod p, values whose
/// Montgomery form has all-ones (or zero) limbs, and random and striped ones.
fn values<F: TestField>(rng: &mut Rng, p: &Integer, count: usize) -> Vec<Integer> {
    let n = limbs_of::<F>();
    let r = Integer::from(1) << (64 * n as u32);
    let r_inv = r.clone().invert(p).unwrap();
    let mut v: Vec<Integer> = vec![
        Integer::ZERO,
        Integer::from(1),
        Integer::from(2) % p,
        Integer::from(p - 1u32),
        (Integer::from(p - 2u32) + p) % p,
        Integer::from(p >> 1),
        (Integer::from(p >> 1) + 1u32) % p,
    ];
    for _ in 0..count {
        let x = match rng.below(6) {
            0 => (Integer::from(1) << rng.below(2 * 64 * n as u64 + 2) as u32) % p,
            1 => {
                // A Montgomery form m with all-ones or zero limbs: the value m·R⁻¹.
                let mut limbs = vec![0u64; n];
                for l in limbs.iter_mut() {
                    let r = rng.next_u64();
                    *l = *rng.pick(&[u64::MAX, u64::MAX, 0, r]);
                }
                let m = from_limbs(&limbs) % p;
                m * &r_inv % p
            }
            2 => magnitude(rng, n) % p,
            _ => from_limbs(&(0..n).map(|_| rng.next_u64()).collect::<Vec<_>>()) % p,
        };
        v.push(x);
    }
    v
}

/// The element x (below p). Every other call makes it as −(p − x), which a lazy field keeps as
/// its Montgomery form plus p (in [p, 2p)), so that every operation sees both forms.
fn el<F: TestField>(x: &Integer) -> F {
    thread_local!(static FLIP: std::cell::Cell<bool> = const { std::cell::Cell::new(false) });
    if FLIP.with(|f| f.replace(!f.get())) {
        -F::from_int_(&to_int(&(modulus::<F>() - x.clone())))
    } else {
        F::from_int_(&to_int(x))
    }
}

#[track_caller]
fn expect<F: TestField>(name: &str, got: &F, want: &Integer, what: impl FnOnce() -> String) {
    let g = to_rug(&got.to_int_());
    if g != *want {
        fail(&format!(
            "{name}: {}\n  got  {}\n  want {}",
            what(),
            hx(&g),
            hx(want)
        ));
    }
}

fn check_field<F: TestField>(name: &str) -> u64 {
    let mut rng = Rng::for_test(name);
    let p = modulus::<F>();
    let n = limbs_of::<F>();
    let mut checks = 0u64;
    check_eq(
        p.is_probably_prime(30) != rug::integer::IsPrime::No,
        true,
        || format!("{name}: the modulus must be prime"),
    );
    check_eq(F::NBITS, p.significant_bits(), || {
        format!("{name}: NUM_BITS")
    });
    check_eq(
        F::NBYTES,
        (p.significant_bits() as usize).div_ceil(8),
        || format!("{name}: BYTES"),
    );
    let vals = values::<F>(&mut rng, &p, cases(60));
    let m = |x: &Integer| -> Integer { (Integer::from(x % &p) + &p) % &p };
    // Every pair of edge values (0, 1, 2, p − 1, p − 2, (p ± 1)/2): a + b = p, a + b = p − 1,
    // a − b = 0 and a < b by one are where add's and sub's selected chain flips.
    for a in &vals[..7] {
        for b in &vals[..7] {
            let (fa, fb) = (el::<F>(a), el::<F>(b));
            let what = || format!("a = {}, b = {}", hx(a), hx(b));
            expect(name, &(fa + fb), &m(&(a.clone() + b)), || {
                format!("add {}", what())
            });
            expect(name, &(fa - fb), &m(&(a.clone() - b)), || {
                format!("sub {}", what())
            });
            expect(name, &(-fa), &m(&(-a.clone())), || {
                format!("neg {}", what())
            });
            checks += 3;
        }
    }
    for (i, a) in vals.iter().enumerate() {
        let fa = el::<F>(a);
        let b = &vals[(i * 7 + 3) % vals.len()];
        let fb = el::<F>(b);
        let what = || format!("a = {}, b = {}", hx(a), hx(b));
        expect(name, &fa, a, || format!("from_int/to_int {}", what()));
        expect(name, &(fa + fb), &m(&(a.clone() + b)), || {
            format!("add {}", what())
        });
        expect(name, &(fa - fb), &m(&(a.clone() - b)), || {
            format!("sub {}", what())
        });
        expect(name, &(fa * fb), &m(&(a.clone() * b)), || {
            format!("mul {}", what())
        });
        expect(name, &(fa * fa), &m(&(a.clone() * a)), || {
            format!("mul aliased {}", what())
        });
        expect(name, &(-fa), &m(&(-a.clone())), || {
            format!("neg {}", what())
        });
        expect(name, &fa.square(), &m(&(a.clone() * a)), || {
            format!("square {}", what())
        });
        expect(name, &fa.double(), &m(&(a.clone() * 2u32)), || {
            format!("double {}", what())
        });
        // Operator forms.
        let mut x = fa;
        x += &fb;
        x -= fb;
        x *= fb;
        x *= &fb;
        expect(name, &x, &m(&(a.clone() * b * b)), || {
            format!("assign forms {}", what())
        });
        #[allow(clippy::op_ref)]
        let mixed = fa * &fb - &fa + fb;
        expect(name, &mixed, &m(&(a.clone() * b - a + b)), || {
            format!("ref forms {}", what())
        });
        // Inversion.
        let inv = fa.invert();
        let inv_vt = fa.inv_vartime();
        if *a == 0 {
            check_eq(bool::from(inv.is_none()), true, || {
                format!("{name}: invert(0)")
            });
            check_eq(inv_vt.is_none(), true, || {
                format!("{name}: invert_vartime(0)")
            });
        } else {
            let want = a.clone().invert(&p).unwrap();
            expect(name, &inv.unwrap(), &want, || format!("invert {}", what()));
            expect(name, &inv_vt.unwrap(), &want, || {
                format!("invert_vartime {}", what())
            });
        }
        // Powers.
        let e: Vec<u64> = (0..rng.range(0, 3))
            .map(|_| rng.next_u64() >> rng.below(64))
            .collect();
        let want = a.clone().pow_mod(&from_limbs(&e), &p).unwrap();
        expect(name, &fa.pow_ct(&e), &want, || {
            format!("pow {} ^ {e:x?}", what())
        });
        expect(name, &fa.pow_vt(&e), &want, || {
            format!("pow_vartime {} ^ {e:x?}", what())
        });
        // An exponent of a few long runs of ones (the square-root exponents' shape).
        let mut bits = Integer::new();
        let mut top = rng.range(32, 400) as u32;
        for _ in 0..rng.range(1, 8) {
            let len = rng.range(1, top as u64) as u32;
            bits += ((Integer::from(1) << len) - 1u32) << (top - len);
            top = (top - len).saturating_sub(rng.range(1, 40) as u32);
            if top == 0 {
                break;
            }
        }
        let e = bits.to_digits::<u64>(rug::integer::Order::Lsf);
        let want = a.clone().pow_mod(&bits, &p).unwrap();
        expect(name, &fa.pow_vt(&e), &want, || {
            format!("pow_vartime {} ^ runs {e:x?}", what())
        });
        // Square roots and the Legendre symbol.
        let leg = if *a == 0 { 0 } else { a.legendre(&p) as i8 };
        check_eq(fa.legendre_(), leg, || {
            format!("{name}: legendre {}", what())
        });
        let s = fa.sqrt();
        check_eq(bool::from(s.is_some()), leg >= 0, || {
            format!("{name}: sqrt is_some {}", what())
        });
        if leg >= 0 {
            expect(name, &s.unwrap().square(), a, || format!("sqrt {}", what()));
        }
        let sq = fa.square();
        let r = sq.sqrt();
        check_eq(bool::from(r.is_some()), true, || {
            format!("{name}: sqrt of a square {}", what())
        });
        let r = r.unwrap();
        check_eq(r == fa || r == -fa, true, || {
            format!("{name}: sqrt(a²) = ±a {}", what())
        });
        // Bytes and text.
        let le = fa.to_le();
        let be = fa.to_be();
        let mut want_le = a.to_digits::<u8>(Order::Lsf);
        want_le.resize(F::NBYTES, 0);
        check_eq(&le, &want_le, || format!("{name}: to_bytes_le {}", what()));
        let mut want_be = want_le.clone();
        want_be.reverse();
        check_eq(&be, &want_be, || format!("{name}: to_bytes_be {}", what()));
        check_eq(F::from_le(&le).unwrap() == fa, true, || {
            format!("{name}: from_bytes_le {}", what())
        });
        check_eq(F::from_be(&be).unwrap() == fa, true, || {
            format!("{name}: from_bytes_be {}", what())
        });
        check_eq(F::from_repr(fa.to_repr()).unwrap() == fa, true, || {
            format!("{name}: repr")
        });
        check_eq(fa.to_string(), a.to_string(), || {
            format!("{name}: Display {}", what())
        });
        let parsed: Result<F, _> = a.to_string().parse();
        check_eq(parsed.ok() == Some(fa), true, || {
            format!("{name}: FromStr {}", what())
        });
        let parsed: Result<F, _> = format!("{a:#x}").parse();
        check_eq(parsed.ok() == Some(fa), true, || {
            format!("{name}: FromStr hex {}", what())
        });
        let words = fa.to_uint_words();
        check_eq(from_limbs(&words), a.clone(), || {
            format!("{name}: to_uint {}", what())
        });
        // ct_eq, select, is_zero, is_odd.
        check_eq(bool::from(fa.ct_eq(&fb)), a == b, || {
            format!("{name}: ct_eq {}", what())
        });
        let sel = F::conditional_select(&fa, &fb, Choice::from(1));
        check_eq(sel == fb, true, || format!("{name}: select {}", what()));
        check_eq(bool::from(fa.is_zero()), *a == 0, || {
            format!("{name}: is_zero {}", what())
        });
        check_eq(bool::from(fa.is_odd()), a.is_odd(), || {
            format!("{name}: is_odd {}", what())
        });
        checks += 30;
    }
    // from_int of large and negative integers, from_uint of unreduced values, from_u64.
    for _ in 0..cases(100) {
        let x = integer(&mut rng, 3 * n + 2);
        expect(name, &el::<F>(&x), &m(&x), || {
            format!("from_int {}", hx(&x))
        });
        let w: Vec<u64> = (0..n).map(|_| rng.next_u64()).collect();
        expect(name, &F::from_uint_words(&w), &m(&from_limbs(&w)), || {
            format!("from_uint {w:x?}")
        });
        let k = rng.next_u64();
        expect(name, &F::from_u64_(k), &m(&Integer::from(k)), || {
            format!("from_u64 {k}")
        });
        checks += 3;
    }
    // Byte decoding rejects values ≥ p; wide decoding reduces.
    let over = [
        p.clone(),
        p.clone() + 1u32,
        (Integer::from(1) << (8 * F::NBYTES as u32)) - 1u32,
    ];
    for v in over {
        if v.significant_bits() as usize > 8 * F::NBYTES {
            continue;
        }
        let mut b = v.to_digits::<u8>(Order::Lsf);
        b.resize(F::NBYTES, 0);
        check_eq(bool::from(F::from_le(&b).is_none()), true, || {
            format!("{name}: from_bytes_le({})", hx(&v))
        });
        b.reverse();
        check_eq(bool::from(F::from_be(&b).is_none()), true, || {
            format!("{name}: from_bytes_be({})", hx(&v))
        });
        let parsed: Result<F, _> = v.to_string().parse();
        check_eq(parsed.is_err(), true, || {
            format!("{name}: FromStr({}) must fail", hx(&v))
        });
    }
    for _ in 0..cases(50) {
        let mut b: Vec<u8> = (0..2 * F::NBYTES).map(|_| rng.next_u64() as u8).collect();
        if rng.chance(1, 4) {
            b.iter_mut().for_each(|x| *x = 0xff);
        }
        let v = Integer::from_digits(&b, Order::Lsf);
        expect(name, &F::from_wide(&b), &m(&v), || {
            format!("from_bytes_wide {}", hx(&v))
        });
        checks += 1;
    }
    // Batch inversion with zeros, Sum and Product.
    let xs: Vec<Integer> = vals.iter().take(12).cloned().collect();
    let mut fs: Vec<F> = xs.iter().map(el::<F>).collect();
    F::batch_invert_(&mut fs);
    for (x, f) in xs.iter().zip(&fs) {
        let want = if *x == 0 {
            Integer::ZERO
        } else {
            x.clone().invert(&p).unwrap()
        };
        expect(name, f, &want, || format!("batch_invert {}", hx(x)));
    }
    let sum: F = xs.iter().map(el::<F>).sum();
    expect(name, &sum, &m(&xs.iter().sum::<Integer>()), || "sum".into());
    let prod: F = xs.iter().skip(1).map(el::<F>).product();
    let want = xs
        .iter()
        .skip(1)
        .fold(Integer::from(1), |acc, x| acc * x % &p);
    expect(name, &prod, &want, || "product".into());
    // The ff constants.
    let two_inv = F::TWO_INV;
    check_eq(two_inv.double() == F::ONE, true, || {
        format!("{name}: TWO_INV")
    });
    let g = F::MULTIPLICATIVE_GENERATOR;
    check_eq(g.legendre_(), -1, || {
        format!("{name}: generator must be a non-residue")
    });
    let s = F::S;
    check_eq(
        from_limbs(&(p.clone() - 1u32).to_digits::<u64>(Order::Lsf)).find_one(0),
        Some(s),
        || format!("{name}: S"),
    );
    let t = Integer::from(&p - 1u32) >> s;
    let root = F::ROOT_OF_UNITY;
    expect(
        name,
        &root,
        &to_rug(&g.to_int_()).pow_mod(&t, &p).unwrap(),
        || "ROOT_OF_UNITY".into(),
    );
    check_eq(root * F::ROOT_OF_UNITY_INV == F::ONE, true, || {
        format!("{name}: ROOT_OF_UNITY_INV")
    });
    let two_s = Integer::from(1) << s;
    expect(
        name,
        &F::DELTA,
        &to_rug(&g.to_int_()).pow_mod(&two_s, &p).unwrap(),
        || "DELTA".into(),
    );
    check_eq(
        root.pow_vt(&[1u64 << (s - 1).min(63)]) == F::ONE,
        s > 64,
        || format!("{name}: ROOT_OF_UNITY order"),
    );
    // ff::Field::sqrt_ratio (written without branches) against ff's generic helper, on a
    // square and a non-square ratio and with zeros.
    let (x, y) = (el::<F>(&vals[8]), el::<F>(&vals[9]));
    let pairs = [
        (x.square(), y),
        (x, y),
        (x * g, y.square()),
        (F::ZERO, y),
        (x, F::ZERO),
        (F::ZERO, F::ZERO),
    ];
    for (num, div) in pairs {
        let (ok, r) = F::sqrt_ratio(&num, &div);
        let (want_ok, want) = ff::helpers::sqrt_ratio_generic(&num, &div);
        check_eq(
            (bool::from(ok), r == want),
            (bool::from(want_ok), true),
            || format!("{name}: sqrt_ratio({}, {})", num.to_int_(), div.to_int_()),
        );
    }
    checks + 46
}

macro_rules! field_test {
    ($($test:ident: $F:ty,)*) => {$(
        #[test]
        fn $test() {
            let checks = check_field::<$F>(stringify!($test));
            report(stringify!($test), checks);
        }
    )*};
}

field_test! {
    bn254_fq: bn254::Fq,
    bn254_fr: bn254::Fr,
    bls12_381_fq: bls12_381::Fq,
    bls12_381_fr: bls12_381::Fr,
    secp256k1_fp: secp256k1::Fp,
    secp256k1_fn: secp256k1::Fn,
    p256_fp: p256::Fp,
    p256_fn: p256::Fn,
    curve25519_fp: curve25519::Fp,
    curve25519_fn: curve25519::Fn,
    made_p3: P3,
    made_p13: P13,
    made_m61: M61,
    made_p64: P64,
    made_goldilocks: Goldilocks,
    made_m127: M127,
    made_p128: P128,
    made_p192: P192,
    made_p317: P317,
    made_p381: P381,
    made_p381b: P381b,
    made_p445: P445,
    made_p512: P512,
    made_m521: M521,
    made_p704: P704,
    made_p768: P768,
}

/// The x86_64 MULX/ADX kernels (taken by `mont::mul`/`mont::sqr`/`arith::add` when the CPU has
/// them) against the portable CIOS, no-carry, REDC and addition code, for 4- and 6-limb moduli
/// of each shape: every pair of edge values (also against rug), then random operands. For a lazy
/// modulus (`Params::lazy`) the operands range over [0, 2p) (the edges also shifted up by p, and
/// 2p − 1), and each result must be below 2p and congruent to the wanted one.
#[test]
fn fast_path_matches_portable() {
    use carry::__private::{arith, mont, Params};
    fn words<const N: usize>(x: &Integer) -> [u64; N] {
        let mut w = x.to_digits::<u64>(Order::Lsf);
        w.resize(N, 0);
        w.try_into().unwrap()
    }
    /// 0, 1, 2, p − 1, p − 2, p − 3, (p ± 1)/2, (R − 1) mod p, 2^(64k) − 1, the top bit of
    /// every limb set (mod p), and all-ones limbs below the top one.
    fn edges(pm: &Integer, n: usize) -> Vec<Integer> {
        let r = Integer::from(1) << (64 * n as u32);
        let mut v: Vec<Integer> = vec![0.into(), 1.into(), 2.into()];
        v.extend((1..4u32).map(|k| Integer::from(pm - k)));
        v.push(Integer::from(pm >> 1));
        v.push(Integer::from(pm >> 1) + 1);
        v.push(Integer::from(&r - 1) % pm);
        let mut top_bits = Integer::new();
        for k in 0..n as u32 {
            top_bits += Integer::from(1) << (64 * k + 63);
            v.push(((Integer::from(1) << (64 * (k + 1))) - 1u32) % pm);
        }
        v.push(top_bits % pm);
        v
    }
    fn run<const N: usize>(rng: &mut Rng, modulus: &str) -> u64 {
        let p = Params::<N>::new(modulus);
        let pm = from_limbs(&p.modulus);
        let bound = from_limbs(&p.bound);
        let r_inv = (Integer::from(1) << (64 * N as u32)).invert(&pm).unwrap();
        let mut checks = 0;
        // A result as the field keeps it: below the bound; then its canonical form.
        let kept = |x: [u64; N], what: &dyn Fn() -> String| -> [u64; N] {
            check_eq(from_limbs(&x) < bound, true, || {
                format!("{} above the bound", what())
            });
            p.canonical(&x)
        };
        let mut edge = edges(&pm, N);
        if p.lazy {
            edge.extend(edges(&pm, N).into_iter().map(|x| x + &pm));
            edge.push(Integer::from(&bound - 1u32));
        }
        for x in &edge {
            let a = words::<N>(x);
            let want = Integer::from(x * x) * &r_inv % &pm;
            let what = || format!("{modulus}: sqr edge {a:x?} vs rug");
            check_eq(kept(mont::sqr(&a, &p), &what), words(&want), what);
            for y in &edge {
                let b = words::<N>(y);
                let want = Integer::from(x * y) * &r_inv % &pm;
                let what = || format!("{modulus}: mul edge {a:x?} {b:x?} vs rug");
                check_eq(kept(mont::mul(&a, &b, &p), &what), words(&want), what);
                let what = || format!("{modulus}: portable edge {a:x?} {b:x?} vs rug");
                check_eq(
                    kept(mont::mul_portable(&a, &b, &p), &what),
                    words(&want),
                    what,
                );
                let sum = Integer::from(x + y) % &pm;
                let what = || format!("{modulus}: add edge {a:x?} {b:x?} vs rug");
                check_eq(kept(arith::add(&a, &b, &p), &what), words(&sum), what);
                checks += 3;
            }
            checks += 1;
        }
        for k in 0..cases(2000) {
            let mut pick = || -> Integer {
                match k % 4 {
                    0 => Integer::from(&bound - 1u32) - rng.below(3),
                    _ => from_limbs(&(0..N).map(|_| rng.next_u64()).collect::<Vec<_>>()) % &bound,
                }
            };
            let (x, y) = (pick(), pick());
            let (a, b) = (words::<N>(&x), words::<N>(&y));
            let what = || format!("{modulus}: mul {a:x?} {b:x?}");
            let cios = mont::mul_cios(&a, &b, &p.modulus, p.inv);
            check_eq(kept(mont::mul(&a, &b, &p), &what), cios, what);
            let what = || format!("{modulus}: portable {a:x?} {b:x?}");
            check_eq(kept(mont::mul_portable(&a, &b, &p), &what), cios, what);
            let what = || format!("{modulus}: sqr {a:x?}");
            let sq = kept(mont::sqr(&a, &p), &what);
            check_eq(sq, mont::sqr_portable(&a, &p.modulus, p.inv), what);
            check_eq(sq, mont::mul_cios(&a, &a, &p.modulus, p.inv), || {
                format!("{modulus}: sqr/mul {a:x?}")
            });
            let what = || format!("{modulus}: add {a:x?} {b:x?}");
            let sum = Integer::from(&x + &y) % &pm;
            check_eq(kept(arith::add(&a, &b, &p), &what), words(&sum), what);
            checks += 5;
        }
        checks
    }
    let mut rng = Rng::for_test("fast_path_matches_portable");
    let mut checks = 0;
    for m in [
        // BN254, secp256k1, 2^255 − 19.
        "0x30644e72e131a029b85045b68181585d97816a916871ca8d3c208c16d87cfd47",
        "0xfffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2f",
        "0x7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffed",
        // The largest lazy 4-limb modulus (2^254 − 1) and the smallest one above it.
        "0x3fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff",
        "0x4000000000000000000000000000000000000000000000000000000000000001",
        // The no-carry bound exactly (top limb 2^63 − 2), P-256.
        "0x7ffffffffffffffeffffffffffffffffffffffffffffffffffffffffffffffff",
        "0xffffffff00000001000000000000000000000000ffffffffffffffffffffffff",
        // More moduli 2^256 − c with all-ones upper limbs (secp256k1's kernel): the smallest c
        // (189), a c with its top bit set, and the largest c (p[0] = 101).
        "0xffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff43",
        "0xffffffffffffffffffffffffffffffffffffffffffffffff7fffffffffffff6d",
        "0xffffffffffffffffffffffffffffffffffffffffffffffff0000000000000065",
    ] {
        checks += run::<4>(&mut rng, m);
    }
    for m in [
        // BLS12-381, P-384.
        "0x1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaaab",
        "0xfffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffeffffffff0000000000000000ffffffff",
        // The largest lazy 6-limb prime (2^381 − 313) and the smallest one above it.
        "0x1ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffec7",
        "0x2000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000001fb",
        // The no-carry bound exactly, and a modulus just above 2^320 (odd, which is all
        // Montgomery needs).
        "0x7ffffffffffffffeffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff",
        "0x100000000000000000000000000000000000000000000000000000000000000000000000000000061",
    ] {
        checks += run::<6>(&mut rng, m);
    }
    report("fast_path_matches_portable", checks);
}

/// `random` draws canonical elements and, on a tiny field, hits every residue.
#[test]
fn random_is_in_range_and_covers_small_fields() {
    struct Split(Rng);
    impl rand_core::TryRng for Split {
        type Error = std::convert::Infallible;
        fn try_next_u32(&mut self) -> Result<u32, Self::Error> {
            Ok(self.0.next_u64() as u32)
        }
        fn try_next_u64(&mut self) -> Result<u64, Self::Error> {
            Ok(self.0.next_u64())
        }
        fn try_fill_bytes(&mut self, dst: &mut [u8]) -> Result<(), Self::Error> {
            dst.iter_mut().for_each(|b| *b = self.0.next_u64() as u8);
            Ok(())
        }
    }
    let mut rng = Split(Rng::for_test("random"));
    let mut seen = [false; 13];
    // At least 200 draws at any CARRY_SCALE, so every residue of P13 is drawn.
    let n = cases(500).max(200);
    for _ in 0..n {
        seen[P13::random(&mut rng).to_uint().as_words()[0] as usize] = true;
        let x = bls12_381::Fq::random(&mut rng);
        check_eq(
            to_rug(&x.to_int()) < modulus::<bls12_381::Fq>(),
            true,
            || "random < p".into(),
        );
    }
    check_eq(seen, [true; 13], || {
        "P13::random covers every residue".into()
    });
    report("random_is_in_range_and_covers_small_fields", 2 * n as u64);
}

/// Half-delta divsteps (zeta = −(delta + 1/2), as `invert` runs them) until g = 0, from
/// f = p and g = w, the Montgomery form the inverse starts from.
fn divsteps_needed(p: &Integer, w: &Integer) -> u32 {
    let (mut f, mut g, mut zeta, mut steps) = (p.clone(), w.clone(), -1i64, 0u32);
    while g != 0 {
        if g.is_odd() {
            if zeta < 0 {
                zeta = -zeta - 2;
                let t = Integer::from(&g - &f);
                f = std::mem::replace(&mut g, t);
            } else {
                zeta -= 1;
                g += &f;
            }
        } else {
            zeta -= 1;
        }
        g >>= 1;
        steps += 1;
    }
    steps
}

/// Hill-climbs towards Montgomery forms that need the most divsteps (from 1, 2, p − 1, p − 2,
/// (p + 1)/2 and random starts, keeping bit flips and small shifts that do not lower the
/// count), checks that `invert` runs at least that many and that both inverses of the starts
/// and of the hardest ones agree with rug. Returns (checks, hardest count, steps `invert` runs).
fn hardest_inputs<F: TestField>(name: &str) -> (u64, u32, u32) {
    let mut rng = Rng::for_test(name);
    let p = modulus::<F>();
    let n = limbs_of::<F>() as u32;
    let bits = p.significant_bits();
    let r_inv = (Integer::from(1) << (64 * n)).invert(&p).unwrap();
    let runs = 19 * carry::__private::inv::rounds(bits);
    let words = (0..n).map(|_| rng.next_u64()).collect::<Vec<_>>();
    let starts = [
        Integer::from(1),
        Integer::from(2) % &p,
        Integer::from(&p - 1u32),
        Integer::from(&p - 2u32).max(Integer::from(1)),
        Integer::from(&p + 1u32) >> 1u32,
        from_limbs(&words) % &p,
    ];
    let (mut checks, mut hardest) = (0u64, 0u32);
    // Both inverses of the Montgomery form w (its value w·R⁻¹) against rug.
    let check = |w: &Integer, what: &str| {
        let x = Integer::from(w * &r_inv) % &p;
        let want = x.clone().invert(&p).unwrap();
        let fx = el::<F>(&x);
        expect(name, &fx.invert().unwrap(), &want, || {
            format!("invert of the {what} {}", hx(&x))
        });
        expect(name, &fx.inv_vartime().unwrap(), &want, || {
            format!("invert_vartime of the {what} {}", hx(&x))
        });
    };
    for start in starts {
        let mut best = if start == 0 { Integer::from(1) } else { start };
        // Small Montgomery forms take the division step of the vartime gcd.
        check(&best, "starting input");
        let mut best_steps = divsteps_needed(&p, &best);
        for _ in 0..cases(200) {
            let mut w = best.clone();
            match rng.below(3) {
                0 => {
                    let bit = rng.below(u64::from(bits)) as u32;
                    w.toggle_bit(bit);
                }
                1 => {
                    for _ in 0..2 {
                        let bit = rng.below(u64::from(bits)) as u32;
                        w.toggle_bit(bit);
                    }
                }
                _ => w += rng.below(512) as u32,
            }
            w %= &p;
            if w == 0 {
                continue;
            }
            let steps = divsteps_needed(&p, &w);
            if steps >= best_steps {
                (best, best_steps) = (w, steps);
            }
        }
        if best_steps > runs {
            fail(&format!(
                "{name}: Montgomery form {} needs {best_steps} divsteps, invert runs {runs}",
                hx(&best)
            ));
        }
        hardest = hardest.max(best_steps);
        check(&best, "hard input");
        checks += 4;
    }
    (checks, hardest, runs)
}

/// Inputs that need many divsteps, for every field: a bound too small for them fails here.
#[test]
fn invert_hardest_inputs() {
    let mut checks = 0;
    let mut run = |name: &str, (c, hardest, runs): (u64, u32, u32)| {
        eprintln!("{name}: hardest input found needs {hardest} divsteps, invert runs {runs}");
        checks += c;
    };
    run("bn254_fq", hardest_inputs::<bn254::Fq>("bn254_fq"));
    run("bn254_fr", hardest_inputs::<bn254::Fr>("bn254_fr"));
    run(
        "bls12_381_fq",
        hardest_inputs::<bls12_381::Fq>("bls12_381_fq"),
    );
    run(
        "bls12_381_fr",
        hardest_inputs::<bls12_381::Fr>("bls12_381_fr"),
    );
    run(
        "secp256k1_fp",
        hardest_inputs::<secp256k1::Fp>("secp256k1_fp"),
    );
    run(
        "secp256k1_fn",
        hardest_inputs::<secp256k1::Fn>("secp256k1_fn"),
    );
    run("p256_fp", hardest_inputs::<p256::Fp>("p256_fp"));
    run("p256_fn", hardest_inputs::<p256::Fn>("p256_fn"));
    run(
        "curve25519_fp",
        hardest_inputs::<curve25519::Fp>("curve25519_fp"),
    );
    run(
        "curve25519_fn",
        hardest_inputs::<curve25519::Fn>("curve25519_fn"),
    );
    run("made_p3", hardest_inputs::<P3>("made_p3"));
    run("made_p13", hardest_inputs::<P13>("made_p13"));
    run("made_m61", hardest_inputs::<M61>("made_m61"));
    run("made_p64", hardest_inputs::<P64>("made_p64"));
    run(
        "made_goldilocks",
        hardest_inputs::<Goldilocks>("made_goldilocks"),
    );
    run("made_m127", hardest_inputs::<M127>("made_m127"));
    run("made_p128", hardest_inputs::<P128>("made_p128"));
    run("made_p192", hardest_inputs::<P192>("made_p192"));
    run("made_p317", hardest_inputs::<P317>("made_p317"));
    run("made_p381", hardest_inputs::<P381>("made_p381"));
    run("made_p381b", hardest_inputs::<P381b>("made_p381b"));
    run("made_p445", hardest_inputs::<P445>("made_p445"));
    run("made_p512", hardest_inputs::<P512>("made_p512"));
    run("made_m521", hardest_inputs::<M521>("made_m521"));
    run("made_p704", hardest_inputs::<P704>("made_p704"));
    run("made_p768", hardest_inputs::<P768>("made_p768"));
    report("invert_hardest_inputs", checks);
}

/// The divstep kernel (CMOV on x86_64) against its masked portable twin, bit for bit on any
/// words (wrapping included), for several step counts.
#[test]
fn divsteps_kernel_matches_portable() {
    use carry::__private::divstep::{divsteps, divsteps_portable};
    let mut rng = Rng::for_test("divsteps_kernel_matches_portable");
    let count = cases(20000);
    for _ in 0..count {
        let zeta = rng.range(0, 80) as i64 - 60;
        let f = ((rng.next_u64() >> rng.below(64)) | 1) as i64;
        let g = (rng.next_u64() >> rng.below(64)) as i64;
        let g = if rng.chance(1, 8) { -g } else { g };
        let what = || format!("zeta {zeta}, f {f:#x}, g {g:#x}");
        check_eq(
            divsteps::<1>(zeta, f, g),
            divsteps_portable::<1>(zeta, f, g),
            what,
        );
        check_eq(
            divsteps::<19>(zeta, f, g),
            divsteps_portable::<19>(zeta, f, g),
            what,
        );
        check_eq(
            divsteps::<62>(zeta, f, g),
            divsteps_portable::<62>(zeta, f, g),
            what,
        );
    }
    report("divsteps_kernel_matches_portable", 3 * count as u64);
}

/// The step count of `invert` against the exact worst case of every odd modulus below 2^12
/// (all g < p, by exhaustion): small moduli take the small-size bound, whose margin this
/// measures directly.
#[test]
fn invert_rounds_cover_small_moduli_exhaustively() {
    let mut checks = 0u64;
    for p in (3u64..1 << 12).step_by(2) {
        let mut worst = 0u32;
        for g0 in 1..p {
            let (mut f, mut g, mut zeta, mut steps) = (p as i64, g0 as i64, -1i64, 0u32);
            while g != 0 {
                if g & 1 == 1 {
                    if zeta < 0 {
                        zeta = -zeta - 2;
                        (f, g) = (g, g - f);
                    } else {
                        zeta -= 1;
                        g += f;
                    }
                } else {
                    zeta -= 1;
                }
                g >>= 1;
                steps += 1;
            }
            worst = worst.max(steps);
            checks += 1;
        }
        let bits = 64 - p.leading_zeros();
        let runs = 19 * carry::__private::inv::rounds(bits);
        check_eq(worst <= runs, true, || {
            format!("modulus {p}: an input needs {worst} divsteps, invert runs {runs}")
        });
    }
    report("invert_rounds_cover_small_moduli_exhaustively", checks);
}

/// Each ready field's documented multiplicative generator and 2-adicity: its doc comment says
/// "Multiplicative generator g, 2-adicity s", `ff::PrimeField` reports the same, and g
/// generates the whole group: g^((p − 1)/q) ≠ 1 for every prime q dividing p − 1, from the
/// factorization below (checked: its product is p − 1 and its factors are prime).
#[test]
fn ready_fields_document_their_generator_and_two_adicity() {
    fn check<F: TestField>(source: &str, name: &str, g: u64, s: u32, factors: &[(&str, u32)]) {
        let p = modulus::<F>();
        let doc = format!("Multiplicative generator {g},");
        let doc_s = format!("2-adicity {s}.");
        let at = source
            .find(&format!("pub struct {name};"))
            .unwrap_or_else(|| panic!("{name} not in its source"));
        let before = &source[..at];
        let comment = &before[before.rfind("prime_field!").unwrap()..];
        let comment = comment.replace("\n    /// ", " ");
        assert!(comment.contains(&doc), "{name}: the doc should say {doc:?}");
        assert!(
            comment.contains(&doc_s),
            "{name}: the doc should say {doc_s:?}"
        );
        assert_eq!(F::MULTIPLICATIVE_GENERATOR, F::from(g), "{name}: generator");
        assert_eq!(F::S, s, "{name}: 2-adicity");
        let mut product = Integer::from(1);
        for &(q, e) in factors {
            let q: Integer = q.parse().unwrap();
            assert_ne!(
                q.is_probably_prime(40),
                rug::integer::IsPrime::No,
                "{name}: {q}"
            );
            product *= rug::ops::Pow::pow(q.clone(), e);
            let x = Integer::from(g)
                .pow_mod(&((&p - Integer::from(1)) / &q), &p)
                .unwrap();
            assert_ne!(x, 1, "{name}: {g} has order dividing (p - 1)/{q}");
        }
        assert_eq!(product, p - 1u32, "{name}: the factorization of p - 1");
        assert_eq!(
            factors[0],
            ("2", s),
            "{name}: 2-adicity from the factorization"
        );
    }
    let bn254 = include_str!("../src/fields/bn254.rs");
    let bls = include_str!("../src/fields/bls12_381.rs");
    let k1 = include_str!("../src/fields/secp256k1.rs");
    let p256 = include_str!("../src/fields/p256.rs");
    let c25519 = include_str!("../src/fields/curve25519.rs");
    all(bn254, bls, k1, p256, c25519);
    #[rustfmt::skip]
    fn all(bn254: &str, bls: &str, k1: &str, p256: &str, c25519: &str) {
    check::<bn254::Fq>(bn254, "Fq", 3, 1, &[("2", 1), ("3", 2), ("13", 1), ("29", 1), ("67", 1), ("229", 1), ("311", 1), ("983", 1), ("11003", 1), ("405928799", 1), ("11465965001", 1), ("13427688667394608761327070753331941386769", 1)]);
    check::<bn254::Fr>(bn254, "Fr", 5, 28, &[("2", 28), ("3", 2), ("13", 1), ("29", 1), ("983", 1), ("11003", 1), ("237073", 1), ("405928799", 1), ("1670836401704629", 1), ("13818364434197438864469338081", 1)]);
    check::<bls12_381::Fq>(bls, "Fq", 2, 1, &[("2", 1), ("3", 2), ("11", 1), ("23", 1), ("47", 1), ("10177", 1), ("859267", 1), ("52437899", 1), ("2584487767265781317813", 1), ("15778400344354997994418419698270088123916926905054652752758194827714659", 1)]);
    check::<bls12_381::Fr>(bls, "Fr", 7, 32, &[("2", 32), ("3", 1), ("11", 1), ("19", 1), ("10177", 1), ("125527", 1), ("859267", 1), ("906349", 2), ("2508409", 1), ("2529403", 1), ("52437899", 1), ("254760293", 2)]);
    check::<secp256k1::Fp>(k1, "Fp", 3, 1, &[("2", 1), ("3", 1), ("7", 1), ("13441", 1), ("205115282021455665897114700593932402728804164701536103180137503955397371", 1)]);
    check::<secp256k1::Fn>(k1, "Fn", 7, 6, &[("2", 6), ("3", 1), ("149", 1), ("631", 1), ("107361793816595537", 1), ("174723607534414371449", 1), ("341948486974166000522343609283189", 1)]);
    check::<p256::Fp>(p256, "Fp", 6, 1, &[("2", 1), ("3", 1), ("5", 2), ("17", 1), ("257", 1), ("641", 1), ("1531", 1), ("65537", 1), ("490463", 1), ("6700417", 1), ("835945042244614951780389953367877943453916927241", 1)]);
    check::<p256::Fn>(p256, "Fn", 7, 4, &[("2", 4), ("3", 1), ("71", 1), ("131", 1), ("373", 1), ("3407", 1), ("17449", 1), ("38189", 1), ("187019741", 1), ("622491383", 1), ("1002328039319", 1), ("2624747550333869278416773953", 1)]);
    check::<curve25519::Fp>(c25519, "Fp", 2, 2, &[("2", 2), ("3", 1), ("65147", 1), ("74058212732561358302231226437062788676166966415465897661863160754340907", 1)]);
    check::<curve25519::Fn>(c25519, "Fn", 2, 2, &[("2", 2), ("3", 1), ("11", 1), ("198211423230930754013084525763697", 1), ("276602624281642239937218680557139826668747", 1)]);
    }
}
