//! Real numbers through the command line: constants and functions, exact results kept
//! exact, the `~` mark, digits correctly rounded, re-evaluation at a higher precision, and
//! every error path. (The engine itself is compared with MPFR in `cli/src/real/tests.rs`.)

mod common;

use common::{carry, eval, fails};

fn digits(n: &str, expression: &str) -> String {
    let out = carry(&["--digits", n, expression]);
    assert!(out.status.success(), "{expression}: {out:?}");
    String::from_utf8(out.stdout)
        .unwrap()
        .trim_end()
        .to_string()
}

#[test]
fn constants_and_functions_are_marked_approximations() {
    assert_eq!(eval("pi"), "~3.14159265358979323846");
    assert_eq!(eval("e"), "~2.71828182845904523536");
    assert_eq!(eval("exp(1)"), "~2.71828182845904523536");
    assert_eq!(eval("sqrt(2)"), "~1.41421356237309504880");
    assert_eq!(eval("cbrt(-2)"), "~-1.25992104989487316477");
    assert_eq!(eval("root(2, 9)"), "~1.08005973889230616987");
    assert_eq!(eval("log(2)"), "~0.69314718055994530942");
    assert_eq!(eval("ln(10)"), "~2.30258509299404568402");
    assert_eq!(eval("log(10, 2)"), "~3.32192809488736234787");
    assert_eq!(eval("sin(1)"), "~0.84147098480789650665");
    assert_eq!(eval("cos(1)"), "~0.54030230586813971740");
    assert_eq!(eval("tan(1)"), "~1.55740772465490223051");
    assert_eq!(eval("atan(1)"), "~0.78539816339744830962");
    assert_eq!(eval("atan2(1, -1)"), "~2.35619449019234492885");
    assert_eq!(eval("2^0.5"), "~1.41421356237309504880");
    assert_eq!(eval("1/3 + pi"), "~3.47492598692312657180");
    assert_eq!(eval("sin(1e22)"), "~-0.85220084976718880177");
    // Approximations meet exact values and each other; comparisons and roundings decide.
    assert_eq!(eval("pi < 22/7"), "1");
    assert_eq!(eval("floor(pi * 10^10)"), "31415926535");
    assert_eq!(eval("round(e^10)"), "22026");
    assert_eq!(eval("x = pi; x * 2"), "~6.28318530717958647693");
    assert_eq!(eval("sqrt(2)^2"), "~2.00000000000000000000");
    // A variable or a parameter may take a constant's name.
    assert_eq!(eval("e = 5; e + 1"), "6");
    assert_eq!(eval("f(pi) = pi * 2; f(3)"), "6");
}

#[test]
fn exact_results_stay_exact() {
    for (expression, value) in [
        ("sqrt(49/4)", "3.5"),
        ("sqrt(0)", "0"),
        ("cbrt(-27/8)", "-1.5"),
        ("root(32, 5)", "2"),
        ("exp(0)", "1"),
        ("log(1)", "0"),
        ("log(8, 2)", "3"),
        ("log(1/9, 27)", "-2/3"),
        ("sin(0) + cos(0) + tan(0) + atan(0)", "1"),
        ("atan2(0, 5)", "0"),
        ("atan2(0, 0)", "0"),
        ("8^(2/3)", "4"),
        ("(9/4)^(-1/2)", "2/3"),
        ("0^(1/2)", "0"),
    ] {
        assert_eq!(eval(expression), value, "{expression}");
    }
}

#[test]
fn digits_are_correctly_rounded() {
    assert_eq!(digits("0", "pi"), "~3");
    assert_eq!(digits("1", "pi"), "~3.1");
    assert_eq!(digits("4", "pi"), "~3.1416");
    assert_eq!(
        digits("50", "exp(1)"),
        "~2.71828182845904523536028747135266249775724709369996"
    );
    // sqrt(2) = 1.41421356237309504880168872420969807856967187537694807317667973799...
    assert_eq!(digits("30", "sqrt(2)"), "~1.414213562373095048801688724210");
    assert_eq!(digits("2", "(-pi)"), "~-3.14");
    assert_eq!(digits("3", "exp(-100)"), "~0.000");
    // Exact values keep their own rounding, unmarked.
    assert_eq!(digits("5", "1/3"), "0.33333");
    // A million places of pi end in ...5779458151 (then 3092...: rounded down).
    let out = carry(&["--digits", "1000000", "pi"]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(text.len(), 1 + 2 + 1_000_000 + 1);
    assert!(text.starts_with("~3.14159265358979323846"));
    assert!(
        text.trim_end().ends_with("5779458151"),
        "{}",
        &text[text.len() - 20..]
    );
}

#[test]
fn wide_values_are_evaluated_again() {
    // exp(1000) has 435 digits before the point: the first precision lacks them.
    let out = eval("exp(1000)");
    assert!(out.starts_with("~1970071114017046993888879352243323125316937985323845789952802"));
    assert!(out.ends_with(".22675780833081020707"), "{out}");
    // Cancellation: the difference is about 1e-30 and needs 100 more bits.
    assert_eq!(
        digits("5", "(pi - 3.14159265358979323846264338328) * 10^30"),
        "~-0.49712"
    );
}

#[test]
fn errors() {
    for (expression, message) in [
        ("log(0)", "carry: column 1: log of zero"),
        ("log(-1)", "carry: column 1: log of a negative number (-1)"),
        ("ln(0)", "carry: column 1: log of zero"),
        ("log(5, 1)", "carry: column 1: log to base 1 is undefined"),
        ("log(5, -2)", "carry: column 1: log to base -2 is undefined"),
        (
            "sqrt(-2)",
            "carry: column 1: sqrt of a negative number (-2)",
        ),
        (
            "root(-16, 4)",
            "carry: column 1: root of even index 4 of a negative number (-16)",
        ),
        (
            "root(2, 0)",
            "carry: column 1: root needs a positive integer index, not 0",
        ),
        (
            "root(2, 1/2)",
            "carry: column 1: root needs a positive integer index, not 1/2",
        ),
        ("log(-pi)", "carry: column 1: log of a negative number"),
        ("sqrt(-pi)", "carry: column 1: sqrt of a negative number"),
        // pi - pi is a ball around 0: no precision shows it is exactly 0.
        (
            "1/(pi - pi)",
            "carry: column 2: cannot decide whether a divisor is zero",
        ),
        (
            "(-8)^(1/2)",
            "carry: column 5: a negative base (-8) to a non-integer power (1/2)",
        ),
        ("exp(10^9)", "carry: column 1: result too large"),
        ("pi % 2", "carry: column 4: % needs exact values"),
        ("pi & 1", "carry: column 4: & needs exact values"),
    ] {
        let got = fails(&[expression]);
        assert!(got.starts_with(message), "{expression}: {got}");
    }
    // A value exactly halfway at the places asked cannot be decided, and says so.
    let got = fails(&["--digits", "0", "sqrt(2)^2/4"]);
    assert!(got.contains("cannot decide the digits to print"), "{got}");
    // A pole: the cosine's ball never excludes zero.
    let got = fails(&["tan(pi/2)"]);
    assert!(got.contains("cannot decide"), "{got}");
    // Approximations print only in decimal.
    assert!(fails(&["--hex", "pi"]).contains("prints only in decimal"));
}

#[test]
fn rpn_words() {
    let rpn = |program: &str| {
        let out = carry(&["--rpn", program]);
        assert!(out.status.success(), "{program}: {out:?}");
        String::from_utf8(out.stdout)
            .unwrap()
            .trim_end()
            .to_string()
    };
    assert_eq!(rpn("pi 2 *"), "~6.28318530717958647693");
    assert_eq!(rpn("2 sqrt"), "~1.41421356237309504880");
    assert_eq!(rpn("8 log"), "~2.07944154167983592825");
    assert_eq!(rpn("1 -1 atan2"), "~2.35619449019234492885");
    assert_eq!(rpn("9/4 sqrt"), "1.5");
}

#[test]
fn help_lists_the_functions_and_the_mark() {
    let out = carry(&["--help"]);
    let help = String::from_utf8(out.stdout).unwrap();
    for word in [
        "pi",
        "exp(x)",
        "log(x, b)",
        "atan2(y, x)",
        "cbrt(x)",
        "root(x, k)",
        "a leading ~",
    ] {
        assert!(help.contains(word), "{word}");
    }
}
