//! Differential tests of `carry::Uint` against `rug`, for 1 to 9 and 16 limbs: arithmetic,
//! shifts, bits, comparisons, division, bytes, hex and decimal text, `Int` conversions.
//!
//! Seeded by `CARRY_SEED` (printed), sized by `CARRY_SCALE`.

mod common;

use carry::{Int, Uint};
use common::*;
use rug::integer::Order;
use rug::Integer;
use subtle::{ConstantTimeEq, ConstantTimeGreater, ConstantTimeLess};

fn to_uint<const L: usize>(x: &Integer) -> Uint<L> {
    let mut w = x.to_digits::<u64>(Order::Lsf);
    w.resize(L, 0);
    Uint::from_words(w.try_into().unwrap())
}

fn val<const L: usize>(x: &Uint<L>) -> Integer {
    from_limbs(x.as_words())
}

/// A value of at most L limbs in the shapes of `common::magnitude`.
fn operand<const L: usize>(rng: &mut Rng) -> Integer {
    let n = rng.range(0, L as u64) as usize;
    if rng.chance(1, 8) {
        return (Integer::from(1) << rng.below(64 * L as u64) as u32) - 1u32;
    }
    magnitude(rng, n)
}

#[track_caller]
fn expect<const L: usize>(got: &Uint<L>, want: &Integer, what: impl FnOnce() -> String) {
    if val(got) != *want {
        fail(&format!(
            "{}\n  got  {}\n  want {}",
            what(),
            hx(&val(got)),
            hx(want)
        ));
    }
}

fn check<const L: usize>(test: &str) -> u64 {
    let mut rng = Rng::for_test(&format!("{test}{L}"));
    let bits = 64 * L as u32;
    let modw = Integer::from(1) << bits;
    let mut checks = 0;
    for _ in 0..cases(300) {
        let (a, b) = (operand::<L>(&mut rng), operand::<L>(&mut rng));
        let (x, y) = (to_uint::<L>(&a), to_uint::<L>(&b));
        let what = |op: &str| format!("L={L} {} {op} {}", hx(&a), hx(&b));
        let sum = Integer::from(&a + &b);
        let (s, o) = x.overflowing_add(&y);
        expect(&s, &Integer::from(&sum % &modw), || what("overflowing_add"));
        check_eq(o, sum >= modw, || what("add overflow"));
        check_eq(bool::from(x.checked_add(&y).is_some()), !o, || {
            what("checked_add")
        });
        let diff = Integer::from(&a - &b);
        let (d, bo) = x.overflowing_sub(&y);
        expect(&d, &Integer::from(&diff + &modw).keep_bits(bits), || {
            what("overflowing_sub")
        });
        check_eq(bo, diff < 0, || what("sub borrow"));
        expect(
            &x.wrapping_neg(),
            &(Integer::from(&modw - &a).keep_bits(bits)),
            || what("neg"),
        );
        let prod = Integer::from(&a * &b);
        let (lo, hi) = x.widening_mul(&y);
        expect(&lo, &prod.clone().keep_bits(bits), || {
            what("widening_mul lo")
        });
        expect(&hi, &Integer::from(&prod >> bits), || {
            what("widening_mul hi")
        });
        expect(&x.wrapping_mul(&y), &prod.clone().keep_bits(bits), || {
            what("wrapping_mul")
        });
        check_eq(x.overflowing_mul(&y).1, prod >= modw, || {
            what("overflowing_mul")
        });
        check_eq(bool::from(x.checked_mul(&y).is_some()), prod < modw, || {
            what("checked_mul")
        });
        let sq = Integer::from(&a * &a);
        let (lo, hi) = x.square_wide();
        expect(&lo, &sq.clone().keep_bits(bits), || what("square_wide lo"));
        expect(&hi, &Integer::from(&sq >> bits), || what("square_wide hi"));
        // Shifts, constant-time and variable-time, including amounts ≥ BITS.
        let k = rng.below(u64::from(bits) + 70) as u32;
        let shl = Integer::from(&a << k).keep_bits(bits);
        expect(&x.shl(k), &shl, || what(&format!("shl {k}")));
        expect(&x.shl_vartime(k), &shl, || {
            what(&format!("shl_vartime {k}"))
        });
        expect(&(x << k), &shl, || what(&format!("<< {k}")));
        let shr = Integer::from(&a >> k);
        expect(&x.shr(k), &shr, || what(&format!("shr {k}")));
        expect(&x.shr_vartime(k), &shr, || {
            what(&format!("shr_vartime {k}"))
        });
        expect(&(x >> k), &shr, || what(&format!(">> {k}")));
        // Bits.
        check_eq(x.bits(), a.significant_bits(), || what("bits"));
        check_eq(x.bits_vartime(), a.significant_bits(), || {
            what("bits_vartime")
        });
        check_eq(x.leading_zeros(), bits - a.significant_bits(), || {
            what("leading_zeros")
        });
        check_eq(x.trailing_zeros(), a.find_one(0).unwrap_or(bits), || {
            what("trailing_zeros")
        });
        check_eq(bool::from(x.bit(k)), a.get_bit(k), || {
            what(&format!("bit {k}"))
        });
        check_eq(x.bit_vartime(k), a.get_bit(k), || {
            what(&format!("bit_vartime {k}"))
        });
        expect(&(x & y), &Integer::from(&a & &b), || what("and"));
        expect(&(x | y), &Integer::from(&a | &b), || what("or"));
        expect(&(x ^ y), &Integer::from(&a ^ &b), || what("xor"));
        expect(&!x, &(&a ^ Integer::from(&modw - 1u32)), || what("not"));
        // Comparisons.
        check_eq(bool::from(x.ct_eq(&y)), a == b, || what("ct_eq"));
        check_eq(bool::from(x.ct_lt(&y)), a < b, || what("ct_lt"));
        check_eq(bool::from(x.ct_gt(&y)), a > b, || what("ct_gt"));
        check_eq(x.cmp(&y), a.cmp(&b), || what("cmp"));
        check_eq(bool::from(x.is_zero()), a == 0, || what("is_zero"));
        // Division.
        if b != 0 {
            let (q, r) = x.div_rem(&y);
            let (wq, wr) = a.clone().div_rem(b.clone());
            expect(&q, &wq, || what("div_rem q"));
            expect(&r, &wr, || what("div_rem r"));
            let (q, r) = x.div_rem_vartime(&y);
            expect(&q, &wq, || what("div_rem_vartime q"));
            expect(&r, &wr, || what("div_rem_vartime r"));
        }
        // Bytes, text, Int.
        let mut be = a.to_digits::<u8>(Order::Msf);
        let mut le = a.to_digits::<u8>(Order::Lsf);
        check_eq(Uint::<L>::from_be_slice(&be), x, || what("from_be_slice"));
        check_eq(Uint::<L>::from_le_slice(&le), x, || what("from_le_slice"));
        le.resize(8 * L, 0);
        be = le.iter().rev().copied().collect();
        check_eq(x.to_le_bytes(), le.clone(), || what("to_le_bytes"));
        check_eq(x.to_be_bytes(), be, || what("to_be_bytes"));
        let hex = format!("{a:x}");
        check_eq(Uint::<L>::from_be_hex(&hex), x, || what("from_be_hex"));
        let le_hex: String = le.iter().map(|b| format!("{b:02x}")).collect();
        check_eq(Uint::<L>::from_le_hex(&le_hex), x, || what("from_le_hex"));
        check_eq(format!("{x:x}"), hex.clone(), || what("LowerHex"));
        check_eq(x.to_string(), a.to_string(), || what("Display"));
        check_eq(Uint::<L>::from_str_vartime(&a.to_string()), x, || {
            what("from_str_vartime")
        });
        check_eq(a.to_string().parse::<Uint<L>>(), Ok(x), || what("FromStr"));
        check_eq(format!("0x{hex}").parse::<Uint<L>>(), Ok(x), || {
            what("FromStr hex")
        });
        let i = Int::from(&x);
        common::check(&i, &a, || what("Int::from"));
        check_eq(Uint::<L>::try_from(&i), Ok(x), || what("TryFrom<&Int>"));
        checks += 50;
    }
    // Conversions that must fail.
    let big = to_int(&modw);
    check_eq(Uint::<L>::try_from(&big).is_err(), true, || {
        format!("L={L}: 2^BITS")
    });
    check_eq(Uint::<L>::try_from(&Int::from(-1)).is_err(), true, || {
        format!("L={L}: -1")
    });
    check_eq(modw.to_string().parse::<Uint<L>>().is_err(), true, || {
        format!("L={L}: parse 2^BITS")
    });
    checks + 3
}

#[test]
fn uint_vs_rug() {
    let mut checks = 0;
    checks += check::<1>("uint");
    checks += check::<2>("uint");
    checks += check::<3>("uint");
    checks += check::<4>("uint");
    checks += check::<5>("uint");
    checks += check::<6>("uint");
    checks += check::<7>("uint");
    checks += check::<8>("uint");
    checks += check::<9>("uint");
    checks += check::<16>("uint");
    report("uint_vs_rug", checks);
}

#[test]
fn const_constructors_panic_on_bad_input() {
    for bad in ["", "12g", "1".repeat(33).as_str()] {
        let bad = bad.to_string();
        let r = std::panic::catch_unwind(|| carry::U128::from_be_hex(&bad));
        check_eq(r.is_err(), true, || {
            format!("from_be_hex({bad:?}) must panic")
        });
    }
    for bad in ["", "1x", "340282366920938463463374607431768211456"] {
        let bad = bad.to_string();
        let r = std::panic::catch_unwind(|| carry::U128::from_str_vartime(&bad));
        check_eq(r.is_err(), true, || {
            format!("from_str_vartime({bad:?}) must panic")
        });
    }
    let r = std::panic::catch_unwind(|| carry::U128::ONE.div_rem(&carry::U128::ZERO));
    check_eq(r.is_err(), true, || "div_rem by zero must panic".into());
}
