//! `Int::from_str_radix` on arbitrary text in an arbitrary radix: never panics, accepts
//! exactly an optional sign then digits with single underscores between digits, reports the
//! first offending byte, has the value GMP reads, and round-trips through `to_str_radix`.
#![no_main]

use carry::Int;
use carry_fuzz::gmp;
use libfuzzer_sys::fuzz_target;
use rug::Integer;

/// Whether `s` is a numeral in `radix`, or the byte position of its first error.
fn reference(s: &str, radix: u32) -> Result<(), usize> {
    let b = s.as_bytes();
    let start = usize::from(matches!(b.first(), Some(b'+' | b'-')));
    let mut digits = 0;
    let mut after_underscore = false;
    for (i, &c) in b.iter().enumerate().skip(start) {
        if c.is_ascii() && char::from(c).is_digit(radix) {
            digits += 1;
            after_underscore = false;
        } else if c == b'_' && digits > 0 && !after_underscore && i + 1 < b.len() {
            after_underscore = true;
        } else {
            return Err(i);
        }
    }
    if digits == 0 {
        return Err(b.len());
    }
    Ok(())
}

fuzz_target!(|data: &[u8]| {
    let Some((&r, text)) = data.split_first() else {
        return;
    };
    let radix = 2 + u32::from(r) % 35;
    let s = String::from_utf8_lossy(text);
    match (Int::from_str_radix(&s, radix), reference(&s, radix)) {
        (Ok(x), Ok(())) => {
            let plain = s.replace('_', "");
            let want = Integer::from_str_radix(&plain, radix as i32).expect("GMP reads it");
            assert_eq!(gmp(&x), want, "{s:?} in radix {radix}");
            let back = x.to_str_radix(radix);
            assert_eq!(
                Int::from_str_radix(&back, radix).as_ref(),
                Ok(&x),
                "{s:?} -> {back:?}"
            );
            let canonical = s
                .trim_start_matches('+')
                .replace('_', "")
                .to_ascii_lowercase();
            let canonical = canonical.trim_start_matches('-').trim_start_matches('0');
            assert_eq!(
                back.trim_start_matches('-'),
                if canonical.is_empty() { "0" } else { canonical }
            );
            if radix == 10 {
                assert_eq!(x.to_string(), back);
                assert_eq!(s.parse::<Int>().as_ref(), Ok(&x));
            }
        }
        (Err(e), Err(pos)) => assert_eq!(e.position(), pos, "{s:?} in radix {radix}"),
        (got, want) => panic!("{s:?} in radix {radix}: got {got:?}, reference {want:?}"),
    }
});
