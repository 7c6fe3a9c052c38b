//! Property tests of `Int::from_str` and `Int::from_str_radix` on arbitrary strings: they
//! never panic, accept exactly the strings of the reference grammar (an optional sign, then
//! digits with single underscores between digits), agree with GMP on the value, and
//! round-trip through `to_str_radix`.

mod common;

use carry::Int;
use common::*;
use rug::Integer;
use std::panic::{catch_unwind, AssertUnwindSafe};

/// The reference parse: the value, or the byte position of the error: the first byte that
/// is neither a digit nor an underscore between two digits (scanning left to right, so in
/// `1_x` it is the `x`), or the end of the string when it has no digits.
fn reference(s: &str, radix: u32) -> Result<Integer, usize> {
    let b = s.as_bytes();
    let start = usize::from(matches!(b.first(), Some(b'+' | b'-')));
    let mut digits = String::with_capacity(b.len());
    let mut after_underscore = false;
    for (i, &c) in b.iter().enumerate().skip(start) {
        if c.is_ascii() && char::from(c).is_digit(radix) {
            digits.push(char::from(c));
            after_underscore = false;
        } else if c == b'_' && !digits.is_empty() && !after_underscore && i + 1 < b.len() {
            after_underscore = true;
        } else {
            return Err(i);
        }
    }
    if digits.is_empty() {
        return Err(b.len());
    }
    let v = Integer::from_str_radix(&digits, radix as i32).expect("digits only");
    Ok(if b[0] == b'-' { -v } else { v })
}

/// Characters the generators draw from: digits and letters of every radix, the separators and
/// signs, whitespace, and non-ASCII characters (some of them digits in other scripts).
const ALPHABET: &[char] = &[
    '0', '1', '2', '7', '8', '9', 'a', 'f', 'g', 'z', 'A', 'F', 'Z', 'x', 'X', '_', '_', '+', '-',
    ' ', '\t', '\n', '.', ',', '\0', 'é', 'ß', '٣', '０', '𝟙', '\u{200b}', '\u{feff}', 'ǅ',
];

fn random_string(rng: &mut Rng) -> String {
    let max = if rng.chance(1, 4) { 40 } else { 8 };
    let len = rng.below(max);
    (0..len)
        .map(|_| match rng.below(4) {
            0 => char::from_u32(rng.below(0x11_0000) as u32).unwrap_or('\u{fffd}'),
            1 => char::from(rng.range(0x20, 0x7e) as u8),
            _ => *rng.pick(ALPHABET),
        })
        .collect()
}

/// A valid numeral in `radix`: random digits in mixed case, sometimes single underscores,
/// sometimes a sign.
fn numeral(rng: &mut Rng, radix: u32, max_len: u64) -> String {
    let mut s = String::new();
    match rng.below(4) {
        0 => s.push('-'),
        1 => s.push('+'),
        _ => {}
    }
    let len = rng.range(1, max_len);
    let underscores = rng.chance(1, 3);
    let leading_zeros = if rng.chance(1, 5) { rng.below(5) } else { 0 };
    for i in 0..len {
        let d = if i < leading_zeros {
            0
        } else {
            rng.below(u64::from(radix)) as u32
        };
        let c = char::from_digit(d, radix).expect("digit");
        s.push(if rng.bool() {
            c.to_ascii_uppercase()
        } else {
            c
        });
        if underscores && i + 1 < len && rng.chance(1, 3) {
            s.push('_');
        }
    }
    s
}

/// A valid numeral with one or two mutations applied.
fn mutated(rng: &mut Rng, radix: u32) -> String {
    let mut chars: Vec<char> = numeral(rng, radix, 30).chars().collect();
    for _ in 0..rng.range(1, 2) {
        let at = rng.below(chars.len() as u64 + 1) as usize;
        match rng.below(8) {
            0 => chars.insert(at, '_'),
            1 => chars.insert(0, '_'),
            2 => chars.push('_'),
            3 => chars.insert(at, *rng.pick(&['+', '-'])),
            4 => chars.insert(at, *rng.pick(&[' ', '\t', '\n', '\u{a0}'])),
            5 => {
                chars.insert(0, 'x');
                chars.insert(0, '0');
            }
            6 => chars.insert(at, *rng.pick(ALPHABET)),
            _ => {
                if at < chars.len() {
                    chars.remove(at);
                }
            }
        }
    }
    chars.into_iter().collect()
}

/// Parses `s` in `radix` and checks everything about the result.
fn check_parse(s: &str, radix: u32) {
    let what = || format!("from_str_radix({s:?}, {radix})");
    let got = match catch_unwind(AssertUnwindSafe(|| Int::from_str_radix(s, radix))) {
        Ok(r) => r,
        Err(_) => fail(&format!("{} panicked", what())),
    };
    match (got, reference(s, radix)) {
        (Ok(x), Ok(want)) => {
            check(&x, &want, what);
            let text = x.to_str_radix(radix);
            match Int::from_str_radix(&text, radix) {
                Ok(y) => check(&y, &want, || {
                    format!("round trip through {text:?}: {}", what())
                }),
                Err(e) => fail(&format!("{text:?} (from {}) does not parse: {e}", what())),
            }
        }
        (Err(e), Err(pos)) => {
            check_eq(e.position(), pos, || format!("error position: {}", what()));
            if e.to_string().is_empty() {
                fail(&format!("empty error message: {}", what()));
            }
        }
        (Ok(x), Err(_)) => fail(&format!(
            "{} accepted an invalid numeral as {}",
            what(),
            ihx(&x)
        )),
        (Err(e), Ok(want)) => fail(&format!(
            "{} rejected a valid numeral ({}): {e}",
            what(),
            hx(&want)
        )),
    }
    if radix == 10 {
        let parsed = match catch_unwind(|| s.parse::<Int>()) {
            Ok(r) => r,
            Err(_) => fail(&format!("{s:?}.parse::<Int>() panicked")),
        };
        let direct = Int::from_str_radix(s, 10);
        check_eq(parsed.ok(), direct.ok(), || {
            format!("parse() and from_str_radix(_, 10) of {s:?}")
        });
    }
}

#[test]
fn arbitrary_strings() {
    let mut rng = Rng::for_test("arbitrary_strings");
    let n = cases(1_000_000);
    for _ in 0..n {
        let s = random_string(&mut rng);
        check_parse(&s, rng.range(2, 36) as u32);
    }
    report("arbitrary_strings", n as u64);
}

#[test]
fn arbitrary_strings_every_radix() {
    let mut rng = Rng::for_test("arbitrary_strings_every_radix");
    let n = cases(40_000);
    for _ in 0..n {
        let s = random_string(&mut rng);
        for radix in 2..=36 {
            check_parse(&s, radix);
        }
    }
    report("arbitrary_strings_every_radix", 35 * n as u64);
}

#[test]
fn valid_numerals() {
    let mut rng = Rng::for_test("valid_numerals");
    let n = cases(500_000);
    for _ in 0..n {
        let radix = rng.range(2, 36) as u32;
        let max_len = if rng.chance(1, 20) { 2000 } else { 40 };
        let s = numeral(&mut rng, radix, max_len);
        check_parse(&s, radix);
    }
    report("valid_numerals", n as u64);
}

#[test]
fn mutated_numerals() {
    let mut rng = Rng::for_test("mutated_numerals");
    let n = cases(800_000);
    for _ in 0..n {
        let radix = rng.range(2, 36) as u32;
        let s = mutated(&mut rng, radix);
        check_parse(&s, radix);
        // The same string read in another radix.
        check_parse(&s, rng.range(2, 36) as u32);
    }
    report("mutated_numerals", 2 * n as u64);
}

/// Numerals of 10^5 and more digits, valid and with an offending byte near the end.
#[test]
fn long_numerals() {
    let mut rng = Rng::for_test("long_numerals");
    let n = cases(20);
    for i in 0..n {
        let radix = [10, 16, 2, 36, 7][i % 5];
        let len = rng.range(100_000, 150_000);
        let s = numeral(&mut rng, radix, len);
        check_parse(&s, radix);
        let mut bad = s.clone();
        bad.insert(
            s.len() - rng.range(1, 3) as usize,
            *rng.pick(&['_', ' ', 'é', '-']),
        );
        check_parse(&bad, radix);
    }
    report("long_numerals", 2 * n as u64);
}

/// Radixes outside 2..=36 are a caller error, not a parse error: they panic, as
/// `u64::from_str_radix` does.
#[test]
fn radix_out_of_range_panics() {
    for radix in [0, 1, 37, 64, u32::MAX] {
        check_eq(
            catch_unwind(|| Int::from_str_radix("1", radix)).is_err(),
            true,
            || format!("from_str_radix(\"1\", {radix}) did not panic"),
        );
    }
}
