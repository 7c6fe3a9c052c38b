//! The infix language: comparisons, logic, bitwise operators, floor division, comments,
//! statements, `if`/`cond`, user functions, `ans`, double factorial; and program files.

mod common;

use common::*;

#[test]
fn comparisons_and_logic_give_0_or_1() {
    for (expression, value) in [
        ("1 < 2", "1"),
        ("2 < 1", "0"),
        ("2 <= 2", "1"),
        ("3 > 2.5", "1"),
        ("1/3 >= 0.34", "0"),
        ("0.1 + 0.2 == 0.3", "1"),
        ("1/3 != 2/6", "0"),
        ("1 < 2 < 3", "1"),
        ("1 < 3 < 2", "0"),
        ("3 > 2 > 2", "0"),
        ("!0", "1"),
        ("!7", "0"),
        ("!!7", "1"),
        ("2 && 3", "1"),
        ("2 && 0", "0"),
        ("0 || -1", "1"),
        ("0 || 0", "0"),
        ("1 || 0 && 0", "1"),
        ("!(1 < 2) || 2 == 2", "1"),
        ("1 + 1 == 2", "1"),
        ("-1 < 0", "1"),
    ] {
        assert_eq!(eval(expression), value, "{expression}");
    }
    // The right side is evaluated only when needed.
    assert_eq!(eval("0 && 1/0"), "0");
    assert_eq!(eval("1 || nope"), "1");
    assert_eq!(eval("1 > 2 > 1/0"), "0");
    assert_eq!(fails(&["1 && 1/0"]), "carry: column 7: division by zero");
}

#[test]
fn bitwise_operators_on_integers() {
    for (expression, value) in [
        ("6 & 3", "2"),
        ("6 | 3", "7"),
        ("xor(6, 3)", "5"),
        ("~0", "-1"),
        ("~-1", "0"),
        ("-1 & 255", "255"),
        ("-256 | 15", "-241"),
        ("xor(-1, 5)", "-6"),
        ("1 << 100", "1267650600228229401496703205376"),
        ("-8 >> 1", "-4"),
        ("-7 >> 1", "-4"),
        ("7 >> 1", "3"),
        ("5 >> 10^30", "0"),
        ("-5 >> 10^30", "-1"),
        ("0 << 10^30", "0"),
        ("1 + 2 << 3", "24"),
        ("6 & 3 == 2", "1"),
        ("1 | 2 == 3", "1"),
        ("2 | 1 & 0", "2"),
    ] {
        assert_eq!(eval(expression), value, "{expression}");
    }
    assert_eq!(
        fails(&["1.5 & 1"]),
        "carry: column 5: & needs integers, not 3/2"
    );
    assert_eq!(
        fails(&["1 << -1"]),
        "carry: column 3: a shift count must not be negative, not -1"
    );
    assert!(fails(&["1 << 10^9"]).starts_with("carry: column 3: result too large"));
    assert_eq!(
        fails(&["~(1/2)"]),
        "carry: column 1: ~ needs an integer, not 1/2"
    );
}

#[test]
fn floor_division_and_the_two_remainders() {
    for (expression, value) in [
        ("7 // 2", "3"),
        ("-7 // 2", "-4"),
        ("7 // -2", "-4"),
        ("-7 // -2", "3"),
        ("7.5 // 2", "3"),
        ("7 mod 3", "1"),
        ("-7 mod 3", "2"),
        ("7 mod -3", "-2"),
        ("-7 mod -3", "-1"),
        ("7.5 mod 2", "1.5"),
        ("-7.5 mod 2", "0.5"),
        ("1/3 mod 1/4", "1/12"),
        // % truncates: the sign of the dividend.
        ("-7 % 3", "-1"),
        ("7 % -3", "1"),
        ("2 * 7 mod 4", "2"),
        ("x = 10; x mod 4", "2"),
    ] {
        assert_eq!(eval(expression), value, "{expression}");
    }
    assert_eq!(fails(&["1 // 0"]), "carry: column 3: division by zero");
    assert_eq!(fails(&["1 mod 0"]), "carry: column 3: division by zero");
    assert_eq!(
        fails(&["mod + 1"]),
        "carry: column 1: expected a number but found name \"mod\""
    );
}

#[test]
fn powers_and_factorials() {
    assert_eq!(eval("2 ** 10"), "1024");
    assert_eq!(eval("2^-3^2"), "0.001953125");
    assert_eq!(eval("5!!"), "15");
    assert_eq!(eval("6!!"), "48");
    assert_eq!(eval("0!!"), "1");
    assert_eq!(eval("1!!"), "1");
    assert_eq!(eval("3! !"), "720");
    assert_eq!(eval("-3!!"), "-3");
    assert_eq!(eval("2^3!!"), "8");
    assert_eq!(
        fails(&["(-1)!!"]),
        "carry: column 5: double factorial needs a non-negative integer, not -1"
    );
    assert!(fails(&["(10^9)!!"]).starts_with("carry: column 7: result too large"));
}

#[test]
fn comments_and_statements() {
    assert_eq!(eval("1 + 1 # two"), "2");
    assert_eq!(eval("1; 2;; 3;"), "1\n2\n3");
    let out = carry_stdin(
        &[],
        "# a comment line\n1 + # trailing\n(2 +\n 3) # continued\n4 \\\n + 5\n",
    );
    assert_eq!(String::from_utf8(out.stdout).unwrap(), "5\n9\n");
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.starts_with("carry: line 2, column 4: expected a number but found end of input"),
        "{err}"
    );
    check_report(&err);
}

#[test]
fn if_else_and_cond() {
    assert_eq!(eval("if (1 < 2) 10 else 20"), "10");
    assert_eq!(eval("if (0) 10 else if (1) 20 else 30"), "20");
    assert_eq!(eval("1 + if (0) 1 else 2 * 3"), "7");
    assert_eq!(eval("if (1) 1/2 else 1/0"), "0.5");
    assert_eq!(eval("cond(0, 1/0, 5)"), "5");
    assert_eq!(eval("cond(2, 7, nope)"), "7");
    assert_eq!(
        fails(&["if 1 2 else 3"]),
        "carry: column 4: expected '(' after if but found number 1"
    );
    assert_eq!(
        fails(&["if (1) 2"]),
        "carry: column 9: expected else but found end of input"
    );
    assert_eq!(
        fails(&["else"]),
        "carry: column 1: expected a number but found name \"else\""
    );
    assert_eq!(
        fails(&["if = 2"]),
        "carry: column 1: cannot assign to \"if\""
    );
}

#[test]
fn user_functions() {
    let fact = "fact(n) = if (n <= 1) 1 else n * fact(n - 1)";
    assert_eq!(eval(&format!("{fact}; fact(20)")), "2432902008176640000");
    assert_eq!(eval("f(x, y) = x^2 + y; f(3, 1/2)"), "9.5");
    assert_eq!(eval("g() = 42; g() + 1"), "43");
    // Functions are looked up when called: f may use g defined after it.
    assert_eq!(eval("f(x) = g(x) + 1; g(x) = 2 * x; f(5)"), "11");
    // Parameters hide variables; other names are the variables at the time of the call.
    assert_eq!(
        eval("x = 100; k = 3; h(x) = x + k; h(1); k = 4; h(1)"),
        "4\n5"
    );
    assert_eq!(
        fails(&["fib(n) = n"]),
        "carry: column 1: cannot redefine the built-in function \"fib\""
    );
    assert_eq!(
        eval("fibo(n) = if (n < 2) n else fibo(n - 1) + fibo(n - 2); fibo(20)"),
        "6765"
    );
    assert_eq!(
        fails(&["f(x) = x; f(1, 2)"]),
        "carry: column 11: f takes 1 argument, not 2"
    );
    assert_eq!(
        fails(&["f(x) = 1/x; 2 + f(0)"]),
        "carry: column 17: in f: division by zero"
    );
    assert_eq!(
        fails(&["sqrt(x) = x"]),
        "carry: column 1: cannot redefine the built-in function \"sqrt\""
    );
    assert_eq!(
        fails(&["f(x, x) = x"]),
        "carry: column 6: \"x\" is a parameter twice"
    );
    assert_eq!(
        fails(&["f(ans) = 1"]),
        "carry: column 3: cannot assign to \"ans\""
    );
    assert_eq!(
        fails(&["f(x) = x; f + 1"]),
        "carry: column 11: f is a function: write f(...)"
    );
    assert_eq!(
        fails(&["nope(1)"]),
        "carry: column 1: unknown function \"nope\" (see --help)"
    );
}

#[test]
fn recursion_is_limited() {
    assert_eq!(
        fails(&["f(n) = 1 + f(n + 1); f(0)"]),
        "carry: column 22: in f: recursion deeper than 10000 calls"
    );
    assert_eq!(
        eval("f(n) = if (n == 0) 0 else 1 + f(n - 1); f(9000)"),
        "9000"
    );
    // Deep expressions inside deep recursion: the evaluator's own depth limit, not a
    // stack overflow.
    for (open, count) in [
        ("-(", 450),
        ("abs(", 900),
        ("(1 + ", 900),
        ("1 + cond(1, ", 900),
    ] {
        let body = format!("{}f(n - 1){}", open.repeat(count), ")".repeat(count));
        let program = format!("f(n) = if (n == 0) 0 else {body}; f(1000)");
        let err = fails(&[&program]);
        assert!(
            err.contains("in f: evaluation nested deeper than 50000 levels"),
            "{err}"
        );
    }
    // Mutual recursion.
    let err = fails(&["a(n) = b(n) + 1; b(n) = a(n) - 1; a(0)"]);
    assert!(
        err.ends_with("in a: recursion deeper than 10000 calls"),
        "{err}"
    );
}

#[test]
fn the_last_result() {
    assert_eq!(eval("6 * 7; ans + 1; _ * 2"), "42\n43\n86");
    assert_eq!(eval("x = 5; ans"), "5");
    assert_eq!(fails(&["ans"]), "carry: column 1: no result yet for 'ans'");
    assert_eq!(
        fails(&["ans = 3"]),
        "carry: column 1: cannot assign to \"ans\""
    );
    let out = carry_stdin(&[], "2^10\nans - 24\n");
    assert_eq!(String::from_utf8(out.stdout).unwrap(), "1024\n1000\n");
}

#[test]
fn program_files() {
    let dir = scratch("program_files");
    let program = dir.join("prog.txt");
    std::fs::write(
        &program,
        "# the factorial, two ways\nfact(n) = if (n <= 1) 1\n          else n * fact(n - 1)\n\
         fact(10)\n10! == fact(10)\nx = 2^64\nx - 1   # the largest u64\n",
    )
    .unwrap();
    let path = program.to_str().unwrap();
    for args in [vec![path], vec!["-f", path], vec!["--file", path]] {
        let out = carry(&args);
        assert!(
            out.status.success(),
            "{:?}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert_eq!(
            String::from_utf8(out.stdout).unwrap(),
            "3628800\n1\n18446744073709551615\n"
        );
    }
    // An error stops the program and names the line.
    let bad = dir.join("bad.txt");
    std::fs::write(&bad, "1\n2 + nope\n3\n").unwrap();
    let out = carry(&[bad.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(String::from_utf8(out.stdout).unwrap(), "1\n");
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(
        err,
        "carry: line 2, column 5: unknown variable \"nope\"\n  2 + nope\n      ^\n"
    );
    // A syntax error anywhere: nothing runs.
    std::fs::write(&bad, "1\n2 +\n").unwrap();
    let out = carry(&[bad.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    check_report(&String::from_utf8(out.stderr).unwrap());
    // -e and -f in order, sharing variables; then the words as an expression.
    let lib = dir.join("lib.txt");
    std::fs::write(&lib, "sq(x) = x * x\n").unwrap();
    let out = carry(&[
        "-e",
        "y = 3",
        "-f",
        lib.to_str().unwrap(),
        "-e",
        "sq(y)",
        "sq(y) + 1",
    ]);
    assert_eq!(String::from_utf8(out.stdout).unwrap(), "9\n10\n");
    // -e forces an expression even when a file has the name.
    assert!(fails(&["-e", path]).starts_with("carry: column 1: expected a number"));
    assert!(fails(&["-f", dir.join("missing").to_str().unwrap()]).contains("cannot read"));
}

#[test]
fn options_and_conventions() {
    let out = carry(&["-h"]);
    assert!(out.status.success());
    assert!(String::from_utf8(out.stdout)
        .unwrap()
        .starts_with("usage: carry"));
    for flag in ["-V", "--version"] {
        let out = carry(&[flag]);
        assert!(out.status.success());
        assert_eq!(
            String::from_utf8(out.stdout).unwrap(),
            format!("carry {}\n", env!("CARGO_PKG_VERSION"))
        );
    }
    assert_eq!(fails(&["-x"]), "carry: unknown option \"-x\" (try --help)");
    assert_eq!(
        fails(&["-l", "--frob", "1"]),
        "carry: unknown option \"--frob\" (try --help)"
    );
    assert_eq!(fails(&["-e"]), "carry: -e needs an expression");
    // Negative numbers are expressions; `--` ends the options.
    assert_eq!(
        String::from_utf8(carry(&["-2", "*", "-3"]).stdout).unwrap(),
        "6\n"
    );
    assert_eq!(
        fails(&["--", "--hex"]),
        "carry: column 3: unknown variable \"hex\""
    );
    let base = |args: &[&str]| String::from_utf8(carry(args).stdout).unwrap();
    assert_eq!(base(&["--oct", "8"]), "0o10\n");
    assert_eq!(base(&["--bin", "5"]), "0b101\n");
    assert_eq!(base(&["--base", "36", "35 * 36 + 1"]), "z1\n");
    assert_eq!(base(&["--base=3", "-5/9"]), "-12/100\n");
    assert_eq!(base(&["--base", "10", "1/8"]), "0.125\n");
    assert_eq!(
        fails(&["--base", "37", "1"]),
        "carry: --base needs a base from 2 to 36, not \"37\""
    );
    assert_eq!(base(&["-l", "1/3"]), "0.33333333333333333333\n");
    assert_eq!(base(&["-l", "--digits", "2", "1/3"]), "0.33\n");
    assert_eq!(
        fails(&["--timeout", "soon", "1"]),
        "carry: --timeout needs a number of seconds, not \"soon\""
    );
    assert_eq!(
        fails(&["--max-memory", "lots", "1"]),
        "carry: --max-memory needs a size (like 512M or 25%), not \"lots\""
    );
    assert_eq!(
        fails(&["--max-steps", "-1", "1"]),
        "carry: --max-steps needs a number of steps, not \"-1\""
    );
}

#[test]
fn help_documents_the_operators_and_words() {
    let help = String::from_utf8(carry(&["--help"]).stdout).unwrap();
    for text in [
        "a // b = floor(a / b)",
        "a mod b = a - b·floor(a / b) takes the sign of b",
        "a % b = a - b·trunc(a / b) takes the sign of a",
        "if (c) a else b",
        "f(x, y) = x^2 + y",
        "xor(a, b)",
        "cond(c, a, b)",
        "ans, _",
        "n!  n!!",
        "-e, --expression EXPR",
        "-f, --file FILE",
        "--oct",
        "--base N",
        "--max-memory SIZE",
        "--max-steps N",
        "--timeout SECONDS",
        "-V, --version",
        ":digits N",
        "# ...",
    ] {
        assert!(help.contains(text), "{text} in {help}");
    }
    for word in [
        "//",
        "mod",
        "<< >>",
        "& |",
        "~",
        "< <= > >= == !=",
        "and or",
        "not",
        "!!",
    ] {
        assert!(
            help.lines()
                .any(|l| l.trim_start().starts_with(&format!("{word} "))),
            "rpn word {word} in {help}"
        );
    }
}

#[test]
fn new_rpn_words() {
    assert_eq!(rpn(&["7 2 //"]), "3");
    assert_eq!(rpn(&["-7 2 mod"]), "1");
    assert_eq!(rpn(&["-7 2 %"]), "-1");
    assert_eq!(rpn(&["1 100 <<"]), "1267650600228229401496703205376");
    assert_eq!(rpn(&["-7 1 >>"]), "-4");
    assert_eq!(rpn(&["6 3 &"]), "2");
    assert_eq!(rpn(&["6 3 |"]), "7");
    assert_eq!(rpn(&["6 3 xor"]), "5");
    assert_eq!(rpn(&["0 ~"]), "-1");
    assert_eq!(rpn(&["1 2 <"]), "1");
    assert_eq!(rpn(&["2 2 <="]), "1");
    assert_eq!(rpn(&["1 2 >"]), "0");
    assert_eq!(rpn(&["1 2 >="]), "0");
    assert_eq!(rpn(&["1/2 0.5 =="]), "1");
    assert_eq!(rpn(&["1 2 !="]), "1");
    assert_eq!(rpn(&["1 0 and"]), "0");
    assert_eq!(rpn(&["1 0 or"]), "1");
    assert_eq!(rpn(&["0 not"]), "1");
    assert_eq!(rpn(&["7 !!"]), "105");
    assert_eq!(rpn(&["1 10 20 cond"]), "10");
    assert_eq!(rpn(&["1 2 + # a comment\n3 *"]), "9");
    assert_eq!(
        fails(&["--rpn", "1 and"]),
        "carry: column 3: stack underflow: and needs 2 values, the stack has 1"
    );
    assert_eq!(
        fails(&["--rpn", "1.5 1 &"]),
        "carry: column 7: & needs integers, not 3/2"
    );
}
