//! `Int` against GMP (rug): arithmetic, the three divisions, gcd and its cofactors, inverses,
//! powers modulo `Int`s and `Modulus`es, roots, bit operations and shifts, radix conversion
//! and parsing, symbols and primality, on operands from short bytes to thousands of limbs
//! shaped like the differential tests' edge values. Where GMP has no twin, an identity.
#![no_main]

use carry::{Int, Modulus};
use carry_fuzz::{gmp, operand, same, Reader};
use libfuzzer_sys::fuzz_target;
use rug::integer::IsPrime;
use rug::ops::{DivRounding, Pow, RemRounding};
use rug::Integer;

fuzz_target!(|data: &[u8]| {
    let mut r = Reader::new(data);
    let big = 1 + usize::from(r.u8() & 7) * 300;
    let a = operand(&mut r, big);
    let b = operand(&mut r, big);
    let c = operand(&mut r, 40);
    let s = r.u16();
    let (ga, gb, gc) = (gmp(&a), gmp(&b), gmp(&c));
    let ops = [&a, &b];

    // Ring operations.
    same("a + b", &(&a + &b), &Integer::from(&ga + &gb), &ops);
    same("a - b", &(&a - &b), &Integer::from(&ga - &gb), &ops);
    same("a * b", &(&a * &b), &Integer::from(&ga * &gb), &ops);
    same("a * a", &(&a * &a), &Integer::from(ga.square_ref()), &ops);
    same("-a", &(-&a), &Integer::from(-&ga), &ops);
    let mut acc = c.clone();
    acc.add_mul(&a, &b);
    same(
        "c + a*b",
        &acc,
        &(gc.clone() + Integer::from(&ga * &gb)),
        &[&a, &b, &c],
    );

    // Divisions, when b ≠ 0.
    if !b.is_zero() {
        let (q, rem) = a.div_rem(&b);
        let (gq, gr) = ga.clone().div_rem(gb.clone());
        same("a / b (trunc)", &q, &gq, &ops);
        same("a % b (trunc)", &rem, &gr, &ops);
        let (q, rem) = a.div_rem_floor(&b);
        same(
            "a / b (floor)",
            &q,
            &Integer::from((&ga).div_floor(&gb)),
            &ops,
        );
        same(
            "a % b (floor)",
            &rem,
            &Integer::from((&ga).rem_floor(&gb)),
            &ops,
        );
        same(
            "a / b (euclid)",
            &a.div_euclid(&b),
            &Integer::from((&ga).div_euc(&gb)),
            &ops,
        );
        same(
            "a % b (euclid)",
            &a.rem_euclid(&b),
            &Integer::from((&ga).rem_euc(&gb)),
            &ops,
        );
        same("a*b / b (exact)", &(&a * &b).div_exact(&b), &ga, &ops);
        assert_eq!(a.divisible_by(&b), ga.is_divisible(&gb));
    }
    if let Ok(d) = u64::try_from(&b.abs()) {
        if d != 0 {
            assert_eq!(Integer::from(a.mod_u64(d)), Integer::from((&ga).rem_euc(d)));
        }
    }

    // gcd, cofactors, lcm, inverse.
    same("gcd", &a.gcd(&b), &Integer::from(ga.gcd_ref(&gb)), &ops);
    let (g, x, y) = a.gcd_ext(&b);
    same("gcd_ext g", &g, &Integer::from(ga.gcd_ref(&gb)), &ops);
    same(
        "gcd_ext a*x + b*y",
        &(&(&a * &x) + &(&b * &y)),
        &gmp(&g),
        &ops,
    );
    same("lcm", &a.lcm(&b), &Integer::from(ga.lcm_ref(&gb)), &ops);
    match (a.modinv(&b), ga.clone().invert(&gb)) {
        (Some(i), Ok(gi)) => same("modinv", &i, &gi, &ops),
        (None, Err(_)) => {}
        (got, _) => panic!("modinv({a:#x}, {b:#x}): carry {got:?}, GMP disagrees"),
    }

    // Powers modulo b: by Int (GMP's mpz_powm) and by Modulus for odd b > 1.
    // An exponent of at most 640 bits, a modulus of at most 300 limbs: milliseconds a power.
    let e = if c.bits() > 640 {
        &c >> (c.bits() - 640)
    } else {
        c.clone()
    };
    let ge = gmp(&e);
    let m_ok = b.as_limbs().len() <= 300;
    if m_ok {
        match (a.checked_modpow(&e, &b), ga.clone().pow_mod(&ge, &gb)) {
            (Some(p), Ok(gp)) => same("modpow", &p, &gp, &[&a, &e, &b]),
            (None, Err(_)) => {}
            (got, _) => panic!("modpow({a:#x}, {e:#x}, {b:#x}): carry {got:?}, GMP disagrees"),
        }
    }
    let m = b.abs();
    // The constant-time power takes as many squarings as the modulus has bits: 64 limbs at most.
    if m.as_limbs().len() <= 64 && m.is_odd() && m > 1u8 {
        let n = Modulus::new(&m).expect("odd modulus above 1");
        let gm = gmp(&m);
        let e = e.abs();
        let ge = gmp(&e);
        let want = ga.clone().pow_mod(&ge, &gm).expect("non-negative exponent");
        same("Modulus::pow", &n.pow(&a, &e), &want, &[&a, &e, &m]);
        same(
            "Modulus::pow_vartime",
            &n.pow_vartime(&a, &e),
            &want,
            &[&a, &e, &m],
        );
        let ar = a.rem_euclid(&m);
        let cr = c.rem_euclid(&m);
        let gar = gmp(&ar);
        let gcr = gmp(&cr);
        same("Modulus::reduce", &n.reduce(&a), &gar, &[&a, &m]);
        same(
            "Modulus::mul",
            &n.mul(&ar, &cr),
            &Integer::from(&gar * &gcr).rem_euc(&gm),
            &[&ar, &cr, &m],
        );
        same(
            "Modulus::square",
            &n.square(&ar),
            &Integer::from(gar.square_ref()).rem_euc(&gm),
            &[&ar, &m],
        );
        same(
            "Modulus::montgomery round trip",
            &n.from_montgomery(&n.to_montgomery(&ar)),
            &gar,
            &[&ar, &m],
        );
        let (x, y) = (e.clone(), &(&e >> 3u32) ^ &Int::from(s));
        let want2 = (Integer::from(ga.pow_mod_ref(&gmp(&x), &gm).unwrap())
            * Integer::from(gc.pow_mod_ref(&gmp(&y), &gm).unwrap()))
        .rem_euc(&gm);
        same(
            "Modulus::pow2_vartime",
            &n.pow2_vartime(&a, &x, &c, &y),
            &want2,
            &[&a, &x, &c, &y, &m],
        );
    }

    // Symbols, for an odd positive n.
    if m.is_odd() {
        assert_eq!(a.jacobi(&m), ga.jacobi(&gmp(&m)), "jacobi({a:#x}, {m:#x})");
    }
    assert_eq!(
        a.kronecker(&b),
        ga.kronecker(&gb),
        "kronecker({a:#x}, {b:#x})"
    );

    // Roots and powers.
    let k = 1 + u32::from(s % 12);
    if !a.is_negative() || k % 2 == 1 {
        same(
            "nth_root",
            &a.nth_root(k),
            &Integer::from(ga.root_ref(k)),
            &ops,
        );
    }
    if !a.is_negative() {
        let (root, rem) = a.sqrt_rem();
        let (groot, grem) = ga.clone().sqrt_rem(Integer::new());
        same("sqrt_rem root", &root, &groot, &ops);
        same("sqrt_rem rem", &rem, &grem, &ops);
        same("sqrt", &a.sqrt(), &groot, &ops);
    }
    assert_eq!(
        a.is_perfect_square(),
        ga.is_perfect_square(),
        "is_perfect_square({a:#x})"
    );
    if a.bits() < 20_000 {
        assert_eq!(
            a.is_perfect_power(),
            ga.is_perfect_power(),
            "is_perfect_power({a:#x})"
        );
    }
    let k = u32::from(s % 64);
    if a.bits() * u64::from(k) < 200_000 {
        same("pow", &a.pow(k), &Integer::from((&ga).pow(k)), &ops);
    }
    if a.bits() < 2048 {
        // GMP reads a negative value's magnitude; carry calls no negative value prime.
        let gmp_says = !a.is_negative() && ga.is_probably_prime(40) != IsPrime::No;
        assert_eq!(a.is_probable_prime(), gmp_says, "is_probable_prime({a:#x})");
    }

    // Bits and shifts.
    let sh = u32::from(s) % 5000;
    same("a << s", &(&a << sh), &Integer::from(&ga << sh), &ops);
    same("a >> s", &(&a >> sh), &Integer::from(&ga >> sh), &ops);
    same("a & b", &(&a & &b), &Integer::from(&ga & &gb), &ops);
    same("a | b", &(&a | &b), &Integer::from(&ga | &gb), &ops);
    same("a ^ b", &(&a ^ &b), &Integer::from(&ga ^ &gb), &ops);
    same("!a", &(!&a), &Integer::from(!&ga), &ops);
    assert_eq!(a.bit(u64::from(sh)), ga.get_bit(sh), "bit {sh} of {a:#x}");
    let mut t = a.clone();
    t.set_bit(u64::from(sh), true);
    let mut gt = ga.clone();
    gt.set_bit(sh, true);
    same("set_bit", &t, &gt, &ops);
    assert_eq!(a.bits(), u64::from(ga.significant_bits()), "bits of {a:#x}");
    assert_eq!(a.cmp(&b), ga.cmp(&gb), "cmp");

    // Radix conversion both ways.
    let radix = 2 + u32::from(s >> 8) % 35;
    let text = a.to_str_radix(radix);
    assert_eq!(
        text,
        ga.to_string_radix(radix as i32),
        "{a:#x} in radix {radix}"
    );
    assert_eq!(
        Int::from_str_radix(&text, radix).as_ref(),
        Ok(&a),
        "{text} in radix {radix}"
    );
    if radix == 10 {
        assert_eq!(a.to_string(), text);
    }

    // Combinatorics on small arguments.
    let n = u64::from(s % 3000);
    let kk = u64::from(r.u16()) % (n + 2);
    same(
        "factorial",
        &Int::factorial(n),
        &Integer::from(Integer::factorial(n as u32)),
        &[],
    );
    same(
        "binomial",
        &Int::binomial(&Int::from(n), kk),
        &Integer::from(Integer::binomial_u(n as u32, kk as u32)),
        &[],
    );
    same(
        "fibonacci",
        &Int::fibonacci(n),
        &Integer::from(Integer::fibonacci(n as u32)),
        &[],
    );
});
