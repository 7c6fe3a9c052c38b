//! Hostile input: every resource limit ends in an error with a column and a caret and exit
//! status 2, never a crash, an abort or a hang.
//!
//! The runs are killed (and the test fails) past a generous limit: that detects a hang, it
//! is not a measure of speed (timings are in the calculator's docs).

mod common;

use common::*;
use std::time::Duration;

const HANG: Duration = Duration::from_secs(30);

/// Runs and asserts a clean refusal: status 2, nothing printed, a well-formed report whose
/// first line starts with `first`; returns the report.
fn refused(args: &[&str], input: &[u8], first: &str) -> String {
    let (out, took) = carry_within(args, input, HANG);
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(out.stdout.is_empty());
    check_report(&err);
    assert!(err.starts_with(first), "{err}");
    eprintln!("{first}... in {took:?}");
    err
}

#[test]
fn a_long_power_tower_is_a_nesting_error() {
    let tower = vec!["1"; 20_001].join("^");
    refused(
        &[&tower],
        b"",
        "carry: column 2002: nesting deeper than 1000 levels",
    );
    let prefixed = vec!["1"; 20_001].join("^-");
    refused(
        &[],
        prefixed.as_bytes(),
        "carry: line 1, column 3002: nesting deeper",
    );
    // 1000 levels are fine.
    assert_eq!(eval(&vec!["1"; 1000].join("^")), "1");
}

#[test]
fn a_40_mb_line_is_refused_for_its_length() {
    let line = "1+".repeat(20_000_000) + "1\n";
    let first = "carry: line 1, column 1000001: input too long: more than 1000000 tokens";
    refused(&[], line.as_bytes(), first);
    // As a program file too.
    let dir = scratch("a_40_mb_line_is_refused_for_its_length");
    let file = dir.join("long.txt");
    std::fs::write(&file, &line).unwrap();
    refused(&[file.to_str().unwrap()], b"", first);
    let words = "1 ".to_string() + &"1 + ".repeat(10_000_000);
    refused(
        &["--rpn"],
        words.as_bytes(),
        "carry: column 2000001: input too long: more than 1000000 words",
    );
    // Beyond 64 MiB the line is not even held.
    let (out, _) = carry_within(&[], &vec![b'1'; 65 << 20], HANG);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        String::from_utf8(out.stderr).unwrap(),
        "carry: line 1: input too long: more than 64 MiB\n"
    );
}

#[test]
fn long_chains_and_lines_within_the_limits_are_fine() {
    let out = carry_stdin(&[], &("1+".repeat(499_999) + "1\n"));
    assert_eq!(String::from_utf8(out.stdout).unwrap(), "500000\n");
    assert_eq!(eval(&vec!["2"; 3000].join("*")).len(), 904);
}

/// bp-style words that double their work: the step budget stops them, whether the values
/// stay small, grow a bit a step, or pile up on the stack.
#[test]
fn doubling_rpn_words_are_stopped() {
    let mut words = String::new();
    let names: Vec<String> = (0..40).map(|i| format!("w{i}")).collect();
    for (i, name) in names.iter().enumerate().skip(1) {
        words += &format!(": {name} {0} {0} ; ", names[i - 1]);
    }
    let run = format!("2 {}", names[39]);
    for (body, first) in [
        (
            "dup +",
            "step budget exhausted: more than 10000000 steps (see --max-steps)",
        ),
        ("1 +", "step budget exhausted"),
        ("dup *", "result too large"),
        ("dup", "stack overflow: more than 1000000 values"),
    ] {
        let program = format!(": w0 {body} ; {words}{run}");
        let column = program.len() - names[39].len() + 1;
        let trail = "in w39: in w38: … ";
        let err = refused(
            &["--rpn", &program],
            b"",
            &format!("carry: column {column}: {trail}"),
        );
        assert!(err.lines().next().unwrap().contains(first), "{err}");
    }
    assert!(fails(&["--rpn", "--max-steps", "5", "1 1 + 1 + 1 + 1 +"])
        .starts_with("carry: column 11: step budget exhausted: more than 5 steps"));
}

#[test]
fn runaway_recursion_is_stopped_by_the_step_budget() {
    refused(
        &["f(n) = if (n == 0) 1 else f(n - 1) + f(n - 1); f(60)"],
        b"",
        "carry: column 48: in f: step budget exhausted",
    );
    assert!(fails(&[
        "--max-steps",
        "100",
        "g(n) = if (n == 0) 0 else 1 + g(n - 1); g(50)"
    ])
    .starts_with("carry: column 41: in g: step budget exhausted: more than 100 steps"));
    assert_eq!(eval("g(n) = if (n == 0) 0 else 1 + g(n - 1); g(50)"), "50");
}

/// A whole run's memory is bounded: values kept in variables count, and a new one past
/// the budget is refused before it is computed.
#[test]
fn the_memory_budget() {
    let program: String = (0..100)
        .map(|i| format!("a{i} = 2^(10^8 - {i})\n"))
        .collect();
    // The line of the refused statement is named.
    let err = refused(
        &["--max-memory", "200M", "-e", &program],
        b"",
        "carry: line ",
    );
    assert!(err.contains("memory budget exhausted"), "{err}");
    assert!(
        err.contains("(the limit is 200.0 MiB; see --max-memory)"),
        "{err}"
    );
    // --rpn: dup of a big value counts too.
    refused(
        &[
            "--rpn",
            "--max-memory",
            "100M",
            "2 99999999 ^ dup dup dup dup dup dup dup dup",
        ],
        b"",
        "carry: column ",
    );
}

/// The default budget is half the memory the process may use, the address-space limit
/// included: under `ulimit -v` the calculator refuses rather than aborts.
#[test]
fn the_default_memory_budget_follows_the_address_space_limit() {
    let program: String = (0..40)
        .map(|i| format!("a{i} = 2^(8 * 10^8 - {i})\n"))
        .collect();
    let out = std::process::Command::new("sh")
        .arg("-c")
        .arg(format!(
            "ulimit -v 3000000 && exec {} --max-bits 1000000000",
            env!("CARGO_BIN_EXE_carry")
        ))
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            use std::io::Write;
            child.stdin.take().unwrap().write_all(program.as_bytes())?;
            child.wait_with_output()
        })
        .unwrap();
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("memory budget exhausted"), "{err}");
    assert!(err.contains("the limit is 1.4 GiB"), "{err}");
}

#[test]
fn literals_obey_the_size_limit() {
    assert_eq!(
        fails(&["--max-bits", "100", "2 + 1e1000000"]),
        "carry: column 5: number too large: about 3321929 bits (the limit is 100; see --max-bits)"
    );
    assert!(fails(&[
        "--max-bits",
        "100",
        "0x1234567890123456789012345678901234567890"
    ])
    .starts_with("carry: column 1: number too large: about 157 bits"));
    assert!(fails(&["--max-bits", "100", "1e-40"]).starts_with("carry: column 1: number too large"));
    assert!(fails(&["--rpn", "--max-bits", "100", "1 1e1000000 +"])
        .starts_with("carry: column 3: number too large"));
    assert!(fails(&["--rpn", "--max-bits", "100", "1/1e40"])
        .starts_with("carry: column 3: number too large"));
    // Separators in the exponent count too.
    assert!(fails(&["--max-bits", "16384", "1e8101_0"])
        .starts_with("carry: column 1: number too large: about 269110 bits"));
    assert_eq!(
        String::from_utf8(carry(&["--max-bits", "100", "1e20"]).stdout).unwrap(),
        "100000000000000000000\n"
    );
}

#[test]
fn a_timeout_stops_a_long_library_call() {
    let err = refused(
        &["--timeout", "0.5", "1 + isprime(2^1000003 - 1)"],
        b"",
        "carry: column 5: timed out after 0.5 s (see --timeout)",
    );
    assert!(
        err.ends_with("  1 + isprime(2^1000003 - 1)\n      ^\n"),
        "{err}"
    );
    // In recursion too, and for each line of standard input.
    refused(
        &["--timeout", "0.5", "--max-steps", "1000000000000"],
        b"# first\nf(n) = if (n == 0) 1 else f(n - 1) + f(n - 1); f(60)\n",
        "carry: line 2, column ",
    );
}

#[test]
fn messages_abbreviate_huge_values() {
    let err = fails(&["factorial(2^(10^7))"]);
    assert_eq!(
        err,
        "carry: column 1: factorial of ~9.0498e3010299 (10000001 bits) is far too large"
    );
    let err = fails(&["x = 3^(10^6); gcd(x / 2, 1)"]);
    assert!(err.len() < 200 && err.contains("(1584963 bits)/2"), "{err}");
}

/// Terminating decimals print in subquadratic time: `5^-n` has n digits after the point.
#[test]
fn long_terminating_decimals() {
    let (out, _) = carry_within(&["5^-300000"], b"", HANG);
    let text = String::from_utf8(out.stdout).unwrap();
    let digits = text.trim_end().strip_prefix("0.").unwrap();
    assert_eq!(digits.len(), 300_000);
    // 5^-n = 2^n / 10^n: the digits are those of 2^n, zero-padded.
    let two = String::from_utf8(carry(&["2^300000"]).stdout).unwrap();
    assert!(digits.ends_with(two.trim_end()));
    assert!(digits.trim_start_matches('0').len() == two.trim_end().len());
    // 3/(2^70·5^3) = 3·5^67 / 10^70.
    let scaled = eval("3 * 5^67");
    assert_eq!(eval("3/(2^70 * 5^3)"), format!("0.{scaled:0>70}"));
    assert_eq!(
        eval("-7/(2^3 * 5^90)"),
        format!("-0.{:0>90}", eval("7 * 2^87"))
    );
}

#[test]
fn exact_fractional_powers_obey_the_size_limit() {
    // (10^4000)^551.1 is exactly 10^2204400: refused, not computed and printed.
    assert!(fails(&["--max-bits", "16384", "(10^4000)^551.1"])
        .starts_with("carry: column 10: result too large"));
    // Within the limit the exact power is still found.
    assert_eq!(
        String::from_utf8(carry(&["--max-bits", "16384", "(10^40)^1.5"]).stdout).unwrap(),
        "1000000000000000000000000000000000000000000000000000000000000\n"
    );
}
