//! Differential tests of `carry::FixedModulus` (mul, reduce, pow, pow_in at every table size,
//! pow_vartime, pow2, exp2) against `rug` and against `Modulus`, for moduli of 1 to 9, 16 and
//! 48 limbs in the shapes of `common::magnitude` (odd, > 1) and exponents of 1, 2 and 4 limbs.
//!
//! Seeded by `CARRY_SEED` (printed), sized by `CARRY_SCALE`.

mod common;

use carry::{FixedModulus, Modulus, Uint};
use common::*;
use rug::integer::Order;
use rug::Integer;

fn to_uint<const L: usize>(x: &Integer) -> Uint<L> {
    let mut w = x.to_digits::<u64>(Order::Lsf);
    w.resize(L, 0);
    Uint::from_words(w.try_into().unwrap())
}

fn val<const L: usize>(x: &Uint<L>) -> Integer {
    from_limbs(x.as_words())
}

/// An odd modulus > 1 of at most `L` limbs.
fn modulus<const L: usize>(rng: &mut Rng) -> Integer {
    loop {
        let n = rng.range(1, L as u64) as usize;
        let m = magnitude(rng, n).keep_bits(64 * L as u32) | 1u32;
        if m > 1 {
            return m;
        }
    }
}

/// A value of at most `L` limbs, in the shapes of `magnitude`.
fn operand<const L: usize>(rng: &mut Rng) -> Integer {
    let n = rng.range(0, L as u64) as usize;
    magnitude(rng, n).keep_bits(64 * L as u32)
}

fn check_exps<const L: usize, const E: usize>(test: &str, count: usize) -> u64 {
    let mut rng = Rng::for_test(&format!("{test}{L}/{E}"));
    let mut checks = 0;
    for _ in 0..cases(count) {
        let mi = modulus::<L>(&mut rng);
        let m = FixedModulus::new(&to_uint::<L>(&mi)).expect("odd modulus > 1");
        let (a, b) = (operand::<L>(&mut rng), operand::<L>(&mut rng));
        let (x, y) = (operand::<E>(&mut rng), operand::<E>(&mut rng));
        let (ua, ub) = (to_uint::<L>(&a), to_uint::<L>(&b));
        let (ux, uy) = (to_uint::<E>(&x), to_uint::<E>(&y));
        let what = |op: &str| {
            format!(
                "L={L} E={E} {op}: m={} a={} b={} x={} y={}",
                hx(&mi),
                hx(&a),
                hx(&b),
                hx(&x),
                hx(&y)
            )
        };
        let want_mul = Integer::from(&a * &b) % &mi;
        check_eq(val(&m.mul(&ua, &ub)), want_mul, || what("mul"));
        check_eq(val(&m.reduce(&ua)), Integer::from(&a % &mi), || {
            what("reduce")
        });
        let ax = a.clone().pow_mod(&x, &mi).unwrap();
        check_eq(val(&m.pow(&ua, &ux)), ax.clone(), || what("pow"));
        check_eq(val(&m.pow_vartime(&ua, &ux)), ax.clone(), || {
            what("pow_vartime")
        });
        let entries = 1usize << rng.range(1, 6);
        let mut table = vec![0u64; entries * L];
        check_eq(val(&m.pow_in(&ua, &ux, &mut table)), ax.clone(), || {
            what(&format!("pow_in, {entries} entries"))
        });
        let by = b.clone().pow_mod(&y, &mi).unwrap();
        check_eq(
            val(&m.pow2(&ua, &ux, &ub, &uy)),
            Integer::from(&ax * &by) % &mi,
            || what("pow2"),
        );
        let two_x = Integer::from(2).pow_mod(&x, &mi).unwrap();
        check_eq(val(&m.exp2(&ux)), two_x, || what("exp2"));
        // The same power by Modulus (the heap's run-time modulus).
        let big = Modulus::new(&to_int(&mi)).unwrap();
        check(&big.pow(&to_int(&a), &to_int(&x)), &ax, || {
            what("Modulus::pow")
        });
        checks += 8;
    }
    checks
}

fn check_size<const L: usize>(count: usize) -> u64 {
    check_exps::<L, 1>("fixed_modulus", count)
        + check_exps::<L, 2>("fixed_modulus", count)
        + check_exps::<L, 4>("fixed_modulus", count / 2)
}

#[test]
fn against_rug() {
    let mut checks = 0;
    checks += check_size::<1>(300);
    checks += check_size::<2>(300);
    checks += check_size::<3>(200);
    checks += check_size::<4>(200);
    checks += check_size::<5>(100);
    checks += check_size::<6>(100);
    checks += check_size::<7>(60);
    checks += check_size::<8>(60);
    checks += check_size::<9>(40);
    checks += check_size::<16>(20);
    checks += check_size::<48>(4);
    report("fixed_modulus", checks);
}

#[test]
fn rejects_even_and_small_moduli() {
    for m in [0u64, 1, 2, 4, 1 << 40] {
        assert!(
            FixedModulus::new(&Uint::<2>::from_u64(m)).is_none(),
            "m={m}"
        );
    }
    assert!(FixedModulus::new(&Uint::<2>::from_u64(3)).is_some());
}

#[test]
fn edge_exponents() {
    // x^0 = 1, 0^x = 0 for x > 0, (m−1)^2 = 1, and the all-ones exponent.
    let m = FixedModulus::new(&Uint::<3>::MAX).unwrap();
    let one = Uint::<3>::ONE;
    let zero = Uint::<3>::ZERO;
    let mm1 = Uint::<3>::MAX.wrapping_sub(&one);
    assert_eq!(m.pow(&mm1, &Uint::<1>::ZERO), one);
    assert_eq!(m.pow_vartime(&mm1, &Uint::<1>::ZERO), one);
    assert_eq!(m.pow(&zero, &Uint::<1>::ZERO), one);
    assert_eq!(m.pow(&zero, &Uint::<1>::ONE), zero);
    assert_eq!(m.pow(&mm1, &Uint::<1>::from_u64(2)), one);
    assert_eq!(m.exp2(&Uint::<1>::ZERO), one);
    let e = Uint::<2>::MAX;
    let mi = from_limbs(Uint::<3>::MAX.as_words());
    let want = Integer::from(3)
        .pow_mod(&from_limbs(e.as_words()), &mi)
        .unwrap();
    assert_eq!(val(&m.pow(&Uint::<3>::from_u64(3), &e)), want);
}
