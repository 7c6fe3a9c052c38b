//! Size limits: every guard of `Int::MAX_BITS` panics with its message before allocating, the
//! `checked_*` forms return `None`, and nothing aborts. The huge cases also run in a child
//! process (this test binary run again with `CARRY_HUGE_CASE` set, under `ulimit` where a
//! memory or CPU bound is the point), whose exit status must be a panic's (101), never a signal
//! such as SIGABRT.

use carry::Int;
use std::process::Command;

#[test]
#[should_panic(expected = "Int::shl: a result of 1099511627777 bits exceeds Int::MAX_BITS")]
fn shl_guard() {
    let _ = Int::ONE << (1u64 << 40);
}

#[test]
#[should_panic(expected = "Int::shl: a result of")]
fn shl_guard_at_u64_max() {
    let _ = Int::from(-3) << u64::MAX;
}

#[test]
#[should_panic(expected = "Int::set_bit: a result of 18446744073709551616 bits exceeds")]
fn set_bit_guard() {
    Int::ZERO.clone().set_bit(u64::MAX, true);
}

#[test]
#[should_panic(expected = "Int::set_bit: a result of")]
fn set_bit_guard_negative() {
    let mut x = Int::from(-1);
    x.set_bit(1 << 40, false);
}

#[test]
#[should_panic(expected = "Int::pow: a result of")]
fn pow_guard() {
    let _ = Int::from(u64::MAX).pow(u32::MAX);
}

#[test]
#[should_panic(expected = "Int::pow: a result of")]
fn pow_guard_large_base() {
    let _ = (Int::ONE << 1_000_000u32).pow(1 << 20);
}

#[test]
#[should_panic(expected = "Int::factorial: a result of")]
fn factorial_guard() {
    let _ = Int::factorial(u64::MAX);
}

#[test]
#[should_panic(expected = "Int::factorial: a result of")]
fn factorial_guard_near_the_limit() {
    // 2^33! has about 2^33·31.6 bits, above 2^37.
    let _ = Int::factorial(1 << 33);
}

#[test]
#[should_panic(expected = "Int::double_factorial: a result of")]
fn double_factorial_guard() {
    let _ = Int::double_factorial(u64::MAX);
}

#[test]
#[should_panic(expected = "Int::primorial: a result of")]
fn primorial_guard() {
    let _ = Int::primorial(u64::MAX);
}

#[test]
#[should_panic(expected = "Int::binomial: a result of")]
fn binomial_guard() {
    let _ = Int::binomial(&(Int::ONE << 64u32), 1 << 40);
}

#[test]
#[should_panic(expected = "Int::binomial: a result of")]
fn binomial_guard_negative() {
    // (-2^64 choose 2^40) = ±(2^64 + 2^40 − 1 choose 2^40).
    let _ = Int::binomial(&-(Int::ONE << 64u32), 1 << 40);
}

#[test]
#[should_panic(expected = "Int::fibonacci: a result of")]
fn fibonacci_guard() {
    let _ = Int::fibonacci(u64::MAX);
}

#[test]
#[should_panic(expected = "Int::lucas: a result of")]
fn lucas_guard() {
    let _ = Int::lucas(1 << 40);
}

#[test]
fn checked_forms() {
    assert_eq!(Int::ONE.checked_shl(1 << 40), None);
    assert_eq!(Int::from(-1).checked_shl(u64::MAX), None);
    assert_eq!(Int::ONE.checked_shl(Int::MAX_BITS), None);
    assert_eq!(Int::ZERO.checked_shl(u64::MAX), Some(Int::ZERO));
    assert_eq!(Int::from(5).checked_shl(3), Some(Int::from(40)));
    assert_eq!(Int::from(u64::MAX).checked_pow(u32::MAX), None);
    assert_eq!(Int::from(-1).checked_pow(u32::MAX), Some(Int::from(-1)));
    assert_eq!(Int::from(2).checked_pow(100), Some(Int::ONE << 100u32));
    assert_eq!(
        Int::from(3).checked_mul(&Int::from(-4)),
        Some(Int::from(-12))
    );
    let big = Int::ONE << 100_000u32;
    assert_eq!(big.checked_mul(&big), Some(Int::ONE << 200_000u32));
}

/// The limit itself: a result of exactly `MAX_BITS` bits is allowed, one more is not (checked
/// without allocating 16 GiB: the guard runs before any allocation).
#[test]
fn the_limit_is_exact_for_shifts() {
    assert!(Int::ONE.checked_shl(Int::MAX_BITS).is_none());
    let caught = std::panic::catch_unwind(|| Int::from(3) << (Int::MAX_BITS - 1));
    let message = caught.unwrap_err();
    let message = message.downcast_ref::<String>().unwrap();
    assert!(message.contains("137438953473 bits"), "{message}");
}

/// The cases that run in a child process, by name: each either panics with its message or
/// finishes, within the limits the parent sets.
fn run_case(case: &str) {
    match case {
        "shl" => drop(Int::ONE << (1u64 << 40)),
        "set_bit" => Int::ZERO.clone().set_bit(u64::MAX, true),
        "pow" => drop(Int::from(u64::MAX).pow(u32::MAX)),
        "factorial" => drop(Int::factorial(u64::MAX)),
        "primorial" => drop(Int::primorial(u64::MAX)),
        "binomial" => drop(Int::binomial(&(Int::ONE << 64u32), 1 << 40)),
        // 2 GiB under a 1 GiB address-space limit: the allocator fails, which must panic.
        "allocation" => drop(Int::ONE << (1u64 << 34)),
        // A root of exponent 2^32 − 1 needs no power of that size.
        "nth_root" => assert_eq!(Int::from(8).nth_root(u32::MAX), 1),
        // Prime exponents only, each after a residue test: seconds, not a minute.
        "perfect_power" => assert!(!((Int::ONE << 200_000u32) + 1u32).is_perfect_power()),
        other => panic!("unknown case {other}"),
    }
}

#[test]
fn huge_case() {
    if let Ok(case) = std::env::var("CARRY_HUGE_CASE") {
        run_case(&case);
    }
}

/// Runs `case` in a child process under the shell's `ulimit` options `limits`; its exit code
/// (`None` when a signal ended it) and its standard error.
fn child(case: &str, limits: &str) -> (Option<i32>, String) {
    let exe = std::env::current_exe().unwrap();
    let out = Command::new("sh")
        .arg("-c")
        .arg(format!(
            "{limits} exec \"$0\" --exact huge_case --nocapture --test-threads=1"
        ))
        .arg(exe)
        .env("CARRY_HUGE_CASE", case)
        .env("RUST_BACKTRACE", "0")
        .output()
        .unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
#[cfg(unix)]
fn nothing_aborts() {
    // (case, ulimit options, the panic message expected; none: must finish).
    let cases: [(&str, &str, Option<&str>); 9] = [
        ("shl", "ulimit -v 2000000;", Some("Int::shl: a result of")),
        (
            "set_bit",
            "ulimit -v 2000000;",
            Some("Int::set_bit: a result of"),
        ),
        ("pow", "ulimit -v 2000000;", Some("Int::pow: a result of")),
        (
            "factorial",
            "ulimit -v 2000000;",
            Some("Int::factorial: a result of"),
        ),
        (
            "primorial",
            "ulimit -v 2000000;",
            Some("Int::primorial: a result of"),
        ),
        (
            "binomial",
            "ulimit -v 2000000;",
            Some("Int::binomial: a result of"),
        ),
        (
            "allocation",
            "ulimit -v 1000000;",
            Some("Int: cannot allocate 2147483656 bytes"),
        ),
        ("nth_root", "ulimit -v 300000;", None),
        ("perfect_power", "ulimit -t 30;", None),
    ];
    for (case, limits, expected) in cases {
        let (code, stderr) = child(case, limits);
        match expected {
            Some(message) => {
                assert_eq!(
                    code,
                    Some(101),
                    "{case}: not a panic's exit status\n{stderr}"
                );
                assert!(
                    stderr.contains(message),
                    "{case}: no {message:?} in\n{stderr}"
                );
            }
            None => assert_eq!(code, Some(0), "{case}: did not finish\n{stderr}"),
        }
    }
}

/// A BLIP header announcing more payload than `Int::MAX_BITS` is refused from the header alone,
/// in both readings, before the (absent) payload; one byte less is merely truncated.
#[test]
fn blip_length_guard() {
    use carry::blip::{BlipErrorKind, Values};
    // 0xa2 then the varint 2^29: 2 + 32·2^29 = 2^34 + 2 bytes.
    let too_long = [0xa2, 0x80, 0x80, 0x80, 0x80, 0x02, 0x01];
    for decode in [Int::from_blip, Int::from_blip_unsigned] {
        let err = decode(&too_long).unwrap_err();
        assert_eq!((err.kind(), err.offset()), (BlipErrorKind::TooLarge, 0));
        assert_eq!(
            err.to_string(),
            "BLIP payload exceeds Int::MAX_BITS at byte 0"
        );
    }
    let mut items = Values::new(&too_long);
    assert_eq!(
        items.next().unwrap().unwrap_err().kind(),
        BlipErrorKind::TooLarge
    );
    // 2^34 + 1 bytes: within the limit with a sign byte, so only truncated.
    let at_limit = [0xa1, 0x80, 0x80, 0x80, 0x80, 0x02, 0x01];
    assert_eq!(
        Int::from_blip(&at_limit).unwrap_err().kind(),
        BlipErrorKind::Truncated
    );
}

/// Parsing refuses a numeral of more than `Int::MAX_BITS` bits by its length, before reading
/// it: 41 GB of text, mapped but never touched (zero bytes, valid UTF-8).
#[cfg(all(target_os = "linux", target_arch = "x86_64"))]
#[test]
fn parse_guard() {
    use carry::{ParseIntErrorKind, ParseRationalErrorKind, Rational};
    extern "C" {
        fn mmap(addr: *mut u8, len: usize, prot: i32, flags: i32, fd: i32, off: i64) -> *mut u8;
        fn munmap(addr: *mut u8, len: usize) -> i32;
    }
    const PROT_READ: i32 = 1;
    const MAP_PRIVATE_ANONYMOUS_NORESERVE: i32 = 0x02 | 0x20 | 0x4000;
    // The shortest texts refused: ⌈n·log2(radix)⌉ > 2^37.
    let refused = |radix: f64| (Int::MAX_BITS as f64 / radix.log2()) as usize + 1;
    let len = refused(10.0);
    // SAFETY: an anonymous private read-only mapping of `len` bytes, unmapped below after the
    // last use of the string made from it; zero bytes are valid UTF-8.
    let text = unsafe {
        let p = mmap(
            core::ptr::null_mut(),
            len,
            PROT_READ,
            MAP_PRIVATE_ANONYMOUS_NORESERVE,
            -1,
            0,
        );
        assert_ne!(p as isize, -1, "mmap of {len} bytes failed");
        std::str::from_utf8_unchecked(std::slice::from_raw_parts(p, len))
    };
    let err = Int::from_str_radix(&text[..refused(36.0)], 36).unwrap_err();
    assert_eq!(
        (err.kind(), err.position()),
        (ParseIntErrorKind::TooLarge, 0)
    );
    assert_eq!(
        err.to_string(),
        "the number at byte 0 exceeds Int::MAX_BITS"
    );
    let err = text.parse::<Int>().unwrap_err();
    assert_eq!(err.kind(), ParseIntErrorKind::TooLarge);
    let err = text.parse::<Rational>().unwrap_err();
    assert_eq!(
        (err.kind(), err.position()),
        (ParseRationalErrorKind::TooLarge, 0)
    );
    // SAFETY: the mapping made above, no longer used.
    unsafe { munmap(text.as_ptr().cast_mut(), len) };
}
