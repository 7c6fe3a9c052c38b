//! `Rational` against GMP's rationals (rug): parsing of integers, fractions and decimals with
//! exponents (accepted exactly when a reference grammar accepts, with the same value), and
//! the arithmetic, comparison and rounding of values built from the input.
#![no_main]

use carry::{Int, Rational};
use carry_fuzz::{gmp, operand, Reader};
use libfuzzer_sys::fuzz_target;
use rug::Integer;

/// GMP's rational of carry's.
fn q(x: &Rational) -> rug::Rational {
    rug::Rational::from((gmp(x.numer()), gmp(x.denom())))
}

/// A run of digits with single underscores between two digits, from byte `i`: its digits
/// and the byte after it.
fn digits(b: &[u8], mut i: usize) -> (String, usize) {
    let mut out = String::new();
    while i < b.len() {
        if b[i].is_ascii_digit() {
            out.push(char::from(b[i]));
        } else if b[i] == b'_' && !out.is_empty() && b.get(i + 1).is_some_and(u8::is_ascii_digit) {
        } else {
            break;
        }
        i += 1;
    }
    (out, i)
}

fn int_of(digits: &str) -> Integer {
    if digits.is_empty() {
        Integer::new()
    } else {
        digits.parse().unwrap()
    }
}

/// The reference reading of `s`: `[+-]` then `D/D` (nonzero denominator) or
/// `D[.D]`, `.D`, `D.` with an optional `e[+-]D` of magnitude at most 10^6.
fn reference(s: &str) -> Option<rug::Rational> {
    let b = s.as_bytes();
    let mut i = usize::from(matches!(b.first(), Some(b'+' | b'-')));
    let negative = b.first() == Some(&b'-');
    let (int, j) = digits(b, i);
    i = j;
    let value = if !int.is_empty() && b.get(i) == Some(&b'/') {
        let (den, j) = digits(b, i + 1);
        i = j;
        if den.is_empty() || int_of(&den) == 0 {
            return None;
        }
        rug::Rational::from((int_of(&int), int_of(&den)))
    } else {
        let mut frac = String::new();
        if b.get(i) == Some(&b'.') {
            let (f, j) = digits(b, i + 1);
            frac = f;
            i = j;
        }
        if int.is_empty() && frac.is_empty() {
            return None;
        }
        let mut exp: i64 = 0;
        if matches!(b.get(i), Some(b'e' | b'E')) {
            i += 1;
            let neg = b.get(i) == Some(&b'-');
            if matches!(b.get(i), Some(b'+' | b'-')) {
                i += 1;
            }
            let (e, j) = digits(b, i);
            i = j;
            if e.is_empty() {
                return None;
            }
            let e = int_of(&e);
            if e > 1_000_000 {
                return None;
            }
            exp = e.to_i64().unwrap();
            if neg {
                exp = -exp;
            }
        }
        let mantissa = int_of(&format!("{int}{frac}"));
        let scale = exp - frac.len() as i64;
        let ten = Integer::from(10);
        if scale >= 0 {
            rug::Rational::from(mantissa * ten.pow(scale as u32))
        } else {
            rug::Rational::from((mantissa, ten.pow((-scale) as u32)))
        }
    };
    if i != b.len() {
        return None;
    }
    Some(if negative { -value } else { value })
}

use rug::ops::Pow;

fuzz_target!(|data: &[u8]| {
    let Some((&mode, rest)) = data.split_first() else {
        return;
    };
    if mode & 1 == 0 {
        // Parsing: accepted exactly as the reference grammar accepts, to the same value.
        let s = String::from_utf8_lossy(rest);
        match (s.parse::<Rational>(), reference(&s)) {
            (Ok(x), Some(want)) => {
                assert_eq!(q(&x), want, "{s:?}");
                assert_eq!(x.to_string().parse::<Rational>().as_ref(), Ok(&x), "{s:?}");
            }
            (Err(_), None) => {}
            (got, want) => panic!("{s:?}: carry {got:?}, reference {want:?}"),
        }
        return;
    }
    // Arithmetic on a/b and c/d.
    let mut r = Reader::new(rest);
    let (an, ad, bn, bd) = (
        operand(&mut r, 64),
        operand(&mut r, 64),
        operand(&mut r, 64),
        operand(&mut r, 64),
    );
    let Some(x) = Rational::checked_new(an.clone(), ad.clone()) else {
        assert!(ad.is_zero());
        return;
    };
    let Some(y) = Rational::checked_new(bn.clone(), bd.clone()) else {
        assert!(bd.is_zero());
        return;
    };
    let (gx, gy) = (q(&x), q(&y));
    assert_eq!(
        gx,
        rug::Rational::from((gmp(&an), gmp(&ad))),
        "normalised {x}"
    );
    assert_eq!(q(&(&x + &y)), rug::Rational::from(&gx + &gy), "{x} + {y}");
    assert_eq!(q(&(&x - &y)), rug::Rational::from(&gx - &gy), "{x} - {y}");
    assert_eq!(q(&(&x * &y)), rug::Rational::from(&gx * &gy), "{x} * {y}");
    match x.checked_div(&y) {
        Some(z) => assert_eq!(q(&z), rug::Rational::from(&gx / &gy), "{x} / {y}"),
        None => assert!(y.is_zero()),
    }
    assert_eq!(x.cmp(&y), gx.cmp(&gy), "cmp {x} {y}");
    assert_eq!(gmp(&x.floor()), Integer::from(gx.floor_ref()), "floor {x}");
    assert_eq!(gmp(&x.ceil()), Integer::from(gx.ceil_ref()), "ceil {x}");
    assert_eq!(gmp(&x.trunc()), Integer::from(gx.trunc_ref()), "trunc {x}");
    let k = i32::from(r.u8() % 16) - 8;
    if !(x.is_zero() && k < 0) {
        assert_eq!(q(&x.pow(k)), gx.clone().pow(k), "{x}^{k}");
    }
    let int = Int::from(3);
    assert_eq!(
        q(&(&x * &Rational::from(int))),
        rug::Rational::from(&gx * 3u32)
    );
});
