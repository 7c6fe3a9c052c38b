//! Runs the `carry` binary and checks its output, errors and exit codes.

mod common;

use common::*;

#[test]
fn exact_arithmetic_with_python_power() {
    assert_eq!(eval("1 + 2 * 3"), "7");
    assert_eq!(eval("(1 + 2) * 3"), "9");
    assert_eq!(eval("-7 / 2"), "-3.5");
    assert_eq!(eval("22 / 7"), "22/7");
    assert_eq!(eval("-7 % 2"), "-1");
    assert_eq!(eval("7.5 % 2"), "1.5");
    assert_eq!(eval("-7.5 % 2"), "-1.5");
    assert_eq!(eval("7 % -2"), "1");
    assert_eq!(eval("-2^2"), "-4");
    assert_eq!(eval("(-2)^2"), "4");
    assert_eq!(eval("2^3^2"), "512");
    assert_eq!(eval("2^-(-3)"), "8");
    assert_eq!(eval("--3"), "3");
    assert_eq!(eval("+-+3"), "-3");
    assert_eq!(eval("10 - 2 - 3"), "5");
    assert_eq!(eval("100 / 10 / 5"), "2");
    assert_eq!(eval("0^0"), "1");
    assert_eq!(eval("(-1)^(10^100 + 1)"), "-1");
    assert_eq!(eval("0^(10^100)"), "0");
}

#[test]
fn big_results() {
    assert_eq!(eval("2^4096 - 1"), "1044388881413152506691752710716624382579964249047383780384233483283953907971557456848826811934997558340890106714439262837987573438185793607263236087851365277945956976543709998340361590134383718314428070011855946226376318839397712745672334684344586617496807908705803704071284048740118609114467977783598029006686938976881787785946905630190260940599579453432823469303026696443059025015972399867714215541693835559885291486318237914434496734087811872639496475100189041349008417061675093668333850551032972088269550769983616369411933015213796825837188091833656751221318492846368125550225998300412344784862595674492194617023806505913245610825731835380087608622102834270197698202313169017678006675195485079921636419370285375124784014907159135459982790513399611551794271106831134090584272884279791554849782954323534517065223269061394905987693002122963395687782878948440616007412945674919823050571642377154816321380631045902916136926708342856440730447899971901781465763473223850267253059899795996090799469201774624817718449867455659250178329070473119433165550807568221846571746373296884912819520317457002440926616910874148385078411929804522981857338977648103126085903001302413467189726673216491511131602920781738033436090243804708340403154190335");
    assert_eq!(eval("2^200 / 2^199"), "2");
}

#[test]
fn literals_in_every_base_with_separators() {
    assert_eq!(eval("0xff + 0b1_0 + 0o17 + 1_000"), "1272");
    assert_eq!(eval("0XFF"), "255");
    assert_eq!(eval("0x_ff"), "255");
    assert_eq!(eval("007"), "7");
}

#[test]
fn hex_output() {
    let out = carry(&["--hex", "-255"]);
    assert_eq!(String::from_utf8(out.stdout).unwrap(), "-0xff\n");
    let out = carry(&["2^64", "--hex"]);
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "0x10000000000000000\n"
    );
}

#[test]
fn arguments_are_joined_with_spaces() {
    let out = carry(&["2", "*", "(3", "+", "4)"]);
    assert_eq!(String::from_utf8(out.stdout).unwrap(), "14\n");
}

#[test]
fn errors_name_the_problem_and_column() {
    assert_eq!(fails(&["(1 + 2"]), "carry: column 1: unclosed '('");
    assert_eq!(fails(&["1 + 2)"]), "carry: column 6: unmatched ')'");
    assert_eq!(fails(&["1 / (2 - 2)"]), "carry: column 3: division by zero");
    assert_eq!(fails(&["1 % 0"]), "carry: column 3: division by zero");
    assert_eq!(
        fails(&["0^-1"]),
        "carry: column 2: zero to a negative power"
    );
    assert_eq!(
        fails(&["(-8)^(1/2)"]),
        "carry: column 5: a negative base (-8) to a non-integer power (1/2)"
    );
    assert!(fails(&["3 ^ 2^40"]).starts_with("carry: column 3: result too large"));
    assert!(fails(&["2^(2^100)"]).starts_with("carry: column 2: result too large"));
    assert!(fails(&["(2^1000000)^4000000000"]).starts_with("carry: column 12: result too large"));
    assert_eq!(
        fails(&["12a"]),
        "carry: column 3: invalid digit 'a' in a base 10 number"
    );
    assert_eq!(
        fails(&["1 + 0b102"]),
        "carry: column 9: invalid digit '2' in a base 2 number"
    );
    assert_eq!(
        fails(&["1__0"]),
        "carry: column 3: '_' must sit between two digits"
    );
    assert_eq!(
        fails(&["0x"]),
        "carry: column 1: missing digits after \"0x\""
    );
    assert_eq!(
        fails(&["1 @ 2"]),
        "carry: column 3: unexpected character '@'"
    );
    assert_eq!(
        fails(&["¤ + x"]),
        "carry: column 1: unexpected character '¤'"
    );
    assert_eq!(
        fails(&["1 + ¤"]),
        "carry: column 5: unexpected character '¤'"
    );
    assert_eq!(fails(&["1 + é"]), "carry: column 5: unknown variable \"é\"");
    assert_eq!(fails(&["1 2"]), "carry: column 3: unexpected number 2");
    assert_eq!(
        fails(&["()"]),
        "carry: column 2: expected a number but found ')'"
    );
    assert_eq!(
        fails(&["2 *"]),
        "carry: column 4: expected a number but found end of input"
    );
    assert_eq!(
        fails(&["(1 2)"]),
        "carry: column 4: expected ')' but found number 2"
    );
    assert_eq!(fails(&[""]), "carry: column 1: empty expression");
    assert_eq!(
        fails(&["--frobnicate"]),
        "carry: unknown option \"--frobnicate\" (try --help)"
    );
}

#[test]
fn deep_nesting_and_long_input_do_not_crash() {
    let nested = |depth| format!("{}1{}", "(".repeat(depth), ")".repeat(depth));
    assert_eq!(eval(&nested(1000)), "1");
    assert_eq!(
        fails(&[&nested(1001)]),
        "carry: column 1001: nesting deeper than 1000 levels"
    );
    let out = carry_stdin(&[], &nested(400_000));
    let err = String::from_utf8(out.stderr).unwrap();
    check_report(&err);
    assert!(err.starts_with("carry: line 1, column 1001: nesting deeper than 1000 levels\n"));
    assert_eq!(out.status.code(), Some(2));
    let out = carry_stdin(&[], &nested(1_000_000));
    let err = String::from_utf8(out.stderr).unwrap();
    check_report(&err);
    assert!(err.starts_with(
        "carry: line 1, column 1000001: input too long: more than 1000000 tokens in one program\n"
    ));
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(eval(&format!("{}1", "-".repeat(1000))), "1");
    assert_eq!(
        fails(&[&format!("{}1", "-".repeat(1001))]),
        "carry: column 1001: nesting deeper than 1000 levels"
    );
    let long = vec!["1"; 5000].join("+");
    assert_eq!(eval(&long), "5000");
}

#[test]
fn standard_input_is_evaluated_line_by_line() {
    let out = carry_stdin(&[], "1+1\n\n   \n2*\n3^2\n");
    assert_eq!(String::from_utf8(out.stdout).unwrap(), "2\n9\n");
    assert_eq!(
        String::from_utf8(out.stderr).unwrap(),
        "carry: line 4, column 3: expected a number but found end of input\n  2*\n    ^\n"
    );
    assert_eq!(out.status.code(), Some(2));
    let out = carry_stdin(&["--hex"], "255\n-16\n");
    assert_eq!(String::from_utf8(out.stdout).unwrap(), "0xff\n-0x10\n");
    assert!(out.status.success());
    let out = carry_stdin(&[], "");
    assert!(out.status.success() && out.stdout.is_empty());
}

#[test]
fn help_lists_every_function_and_word() {
    let out = carry(&["--help"]);
    assert!(out.status.success());
    let help = String::from_utf8(out.stdout).unwrap();
    assert!(help.starts_with("usage: carry [OPTIONS]"), "{help}");
    assert!(help.contains("-2^2 = -4"));
    for name in [
        "sqrt(x)",
        "isqrt(n)",
        "gcd(a, b)",
        "lcm(a, b)",
        "powmod(b, e, m)",
        "invmod(a, m)",
        "factorial(n), n!",
        "binomial(n, k)",
        "fib(n)",
        "isprime(n)",
        "nextprime(n)",
        "abs(x)",
        "floor(x)",
        "ceil(x)",
        "round(x)",
        "num(x)",
        "den(x)",
    ] {
        let line = help.lines().find(|l| l.trim_start().starts_with(name));
        assert!(
            line.is_some_and(|l| l.len() > name.len() + 10),
            "{name} in {help}"
        );
    }
    // bp's words, each on a line of its own or as a function.
    for word in "+ - * / % ^ neg abs dup drop swap factorial ! fibonacci fib binomial isqrt sqrt gcd lcm over".split(' ') {
        let listed = help.lines().any(|l| {
            let first = l.split_whitespace().next().unwrap_or("");
            first == word || first.starts_with(&format!("{word}(")) || l.contains(&format!("also {word}"))
        });
        assert!(listed, "{word} in {help}");
    }
    for option in [
        "--digits N",
        "--hex, --bin",
        "--blip",
        "--max-bits N",
        "--rpn",
        "--help",
    ] {
        assert!(help.contains(option), "{option}");
    }
}

#[test]
fn the_bp_examples() {
    let f35_f24 = "6411185140617356991862832318891262798817305298993152000000000000";
    // Three input forms: separate arguments, one argument, standard input.
    assert_eq!(rpn(&["35", "factorial", "24", "factorial", "*"]), f35_f24);
    assert_eq!(rpn(&["35 factorial 24 factorial *"]), f35_f24);
    let out = carry_stdin(&["--rpn"], "35 factorial 24 factorial *\n");
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        format!("{f35_f24}\n")
    );
    assert!(out.status.success());
    assert_eq!(rpn(&["0.1", "0.2", "+"]), "0.3");
    assert_eq!(rpn(&["0.1 0.2 + 0.3 -"]), "0");
    assert_eq!(rpn(&["1", "4", "/"]), "0.25");
    // bp gives up on a non-terminating decimal; carry prints the exact value.
    assert_eq!(rpn(&["22", "7", "/"]), "22/7");
    assert_eq!(rpn(&["100", "fib"]), "354224848179261915075");
    assert_eq!(rpn(&["100", "fibonacci"]), "354224848179261915075");
    assert_eq!(rpn(&["50 25 binomial"]), "126410606437752");
    assert_eq!(rpn(&["48", "18", "gcd"]), "6");
    assert_eq!(rpn(&[": square dup * ; 5 square"]), "25");
    assert_eq!(rpn(&[": tau 6.28 ; tau 2 *"]), "12.56");
    let out = carry_stdin(
        &["--rpn"],
        ": square dup * ;\n: cube dup square * ;\n3 cube\n",
    );
    assert_eq!(String::from_utf8(out.stdout).unwrap(), "27\n");
    // Redefining a word does not change bodies compiled before.
    assert_eq!(
        rpn(&[": real-fact ! ;\n: ! drop 999 ;\n5 real-fact"]),
        "120"
    );
    assert_eq!(rpn(&[": real-fact ! ;\n: ! drop 999 ;\n5 !"]), "999");
}

#[test]
fn rpn_words() {
    assert_eq!(rpn(&["2 3 swap -"]), "1");
    assert_eq!(rpn(&["2 3 over"]), "2");
    assert_eq!(rpn(&["2 3 drop"]), "2");
    assert_eq!(rpn(&["5 neg abs"]), "5");
    assert_eq!(rpn(&["-5 abs"]), "5");
    assert_eq!(rpn(&["7 2 %"]), "1");
    assert_eq!(rpn(&["2 10 ^"]), "1024");
    assert_eq!(rpn(&["5 !"]), "120");
    assert_eq!(rpn(&["50 isqrt"]), "7");
    assert_eq!(rpn(&["9/4 sqrt"]), "1.5");
    assert_eq!(rpn(&["4 6 lcm"]), "12");
    assert_eq!(rpn(&["3 1000 1001 powmod"]), "991");
    assert_eq!(rpn(&["1 3 /"]), "1/3");
    assert_eq!(rpn(&["--digits", "3", "2 3 /"]), "0.667");
    assert_eq!(rpn(&["0x10 0b11 +"]), "19");
    assert_eq!(rpn(&[""]), "");
    // A word may use the previous definition of its own name.
    assert_eq!(rpn(&[": x 2 ; : x x x * ; x"]), "4");
}

#[test]
fn rpn_errors() {
    assert_eq!(
        fails(&["--rpn", "1 +"]),
        "carry: column 3: stack underflow: + needs 2 values, the stack has 1"
    );
    assert_eq!(
        fails(&["--rpn", "1 frob"]),
        "carry: column 3: unknown word \"frob\" (see --help)"
    );
    assert_eq!(
        fails(&["--rpn", ": sq dup * ; sq"]),
        "carry: column 14: in sq: stack underflow: dup needs 1 value, the stack has 0"
    );
    assert_eq!(
        fails(&["--rpn", ": sq dup *"]),
        "carry: column 1: definition of \"sq\" has no ';'"
    );
    assert_eq!(
        fails(&["--rpn", ": bad nope ;"]),
        "carry: column 7: unknown word \"nope\" (see --help)"
    );
    assert_eq!(
        fails(&["--rpn", "1 0 /"]),
        "carry: column 5: division by zero"
    );
    assert_eq!(
        fails(&["--rpn", "1 ;"]),
        "carry: column 3: ';' outside a definition"
    );
    assert_eq!(fails(&["--rpn", ":"]), "carry: column 1: ':' needs a name");
    assert_eq!(
        fails(&["--rpn", "1.2.3"]),
        "carry: column 4: bad number \"1.2.3\": invalid character '.' at byte 3"
    );
    let out = carry_stdin(&["--rpn"], "1 2 +\n3 *\n  oops\n");
    assert_eq!(
        String::from_utf8(out.stderr).unwrap(),
        "carry: line 3, column 3: unknown word \"oops\" (see --help)\n    oops\n    ^\n"
    );
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn rationals_and_decimal_output() {
    assert_eq!(eval("0.1 + 0.2"), "0.3");
    assert_eq!(eval("0.1 + 0.2 - 0.3"), "0");
    assert_eq!(eval("1/3"), "1/3");
    assert_eq!(eval("1/3 + 1/6"), "0.5");
    assert_eq!(eval("-1/8"), "-0.125");
    assert_eq!(eval("1.5e-3"), "0.0015");
    assert_eq!(eval("2E+10"), "20000000000");
    assert_eq!(eval(".5 + 5."), "5.5");
    assert_eq!(eval("(2/3)^-2"), "2.25");
    assert_eq!(eval("2^-3 + 1/3"), "11/24");
    assert_eq!(eval("1e-30 * 1e30"), "1");
    let digits = |d: &str, e: &str| {
        let out = carry(&["--digits", d, e]);
        assert!(out.status.success());
        String::from_utf8(out.stdout)
            .unwrap()
            .trim_end()
            .to_string()
    };
    assert_eq!(digits("5", "1/3"), "0.33333");
    assert_eq!(digits("0", "5/2"), "2");
    assert_eq!(digits("0", "7/2"), "4");
    assert_eq!(digits("2", "-1/8"), "-0.12");
    assert_eq!(digits("2", "3/8"), "0.38");
    assert_eq!(digits("3", "2^100"), "1267650600228229401496703205376");
    assert_eq!(
        digits("40", "sqrt(2)"),
        "~1.4142135623730950488016887242096980785697"
    );
    assert_eq!(digits("5", "sqrt(1/3)"), "~0.57735");
    assert_eq!(digits("2", "sqrt(16/9)"), "1.33");
    let out = carry(&["--digits=4", "22/7"]);
    assert_eq!(String::from_utf8(out.stdout).unwrap(), "3.1429\n");
}

#[test]
fn functions() {
    assert_eq!(eval("sqrt(49/4)"), "3.5");
    assert_eq!(eval("sqrt(0)"), "0");
    assert_eq!(eval("isqrt(99)"), "9");
    assert_eq!(eval("isqrt(10^40 + 1)"), "100000000000000000000");
    assert_eq!(eval("gcd(-12, 18)"), "6");
    assert_eq!(eval("lcm(4, 6)"), "12");
    assert_eq!(eval("powmod(3, 1000, 1001)"), "991");
    assert_eq!(eval("powmod(3, -1, 7)"), "5");
    assert_eq!(eval("invmod(3, 7)"), "5");
    assert_eq!(eval("factorial(20)"), "2432902008176640000");
    assert_eq!(eval("5!"), "120");
    assert_eq!(eval("(3!)!"), "720");
    assert_eq!(eval("3!!"), "3");
    assert_eq!(eval("-3!"), "-6");
    assert_eq!(eval("2^3!"), "64");
    assert_eq!(eval("binomial(50, 25)"), "126410606437752");
    assert_eq!(eval("binomial(-3, 2)"), "6");
    assert_eq!(eval("fib(100)"), "354224848179261915075");
    assert_eq!(eval("isprime(2^127 - 1)"), "1");
    assert_eq!(eval("isprime(2^127 + 1)"), "0");
    assert_eq!(eval("nextprime(100)"), "101");
    assert_eq!(eval("abs(-7/2)"), "3.5");
    assert_eq!(eval("floor(-7/2)"), "-4");
    assert_eq!(eval("ceil(-7/2)"), "-3");
    assert_eq!(eval("round(5/2) + round(7/2)"), "6");
    assert_eq!(eval("num(-6/4)"), "-3");
    assert_eq!(eval("den(-6/4)"), "2");
    assert_eq!(eval("fibonacci(10)"), "55");
    assert_eq!(eval("sqrt(2)"), "~1.41421356237309504880");
    assert_eq!(
        fails(&["1 + sqrt(-4)"]),
        "carry: column 5: sqrt of a negative number (-4)"
    );
    assert_eq!(
        fails(&["gcd(1)"]),
        "carry: column 1: gcd takes 2 arguments, not 1"
    );
    assert_eq!(
        fails(&["gcd(1/2, 3)"]),
        "carry: column 1: gcd needs an integer, not 1/2"
    );
    assert_eq!(
        fails(&["invmod(2, 4)"]),
        "carry: column 1: 2 has no inverse modulo 4"
    );
    assert_eq!(
        fails(&["(-1)!"]),
        "carry: column 5: factorial needs a non-negative integer, not -1"
    );
    assert_eq!(
        fails(&["frob(2)"]),
        "carry: column 1: unknown function \"frob\" (see --help)"
    );
    assert_eq!(fails(&["gcd(1, 2"]), "carry: column 4: unclosed '('");
    assert_eq!(
        fails(&["sqrt + 1"]),
        "carry: column 1: sqrt is a function: write sqrt(...)"
    );
}

#[test]
fn variables_and_the_last_result() {
    assert_eq!(eval("x = 2^127 - 1; isprime(x)"), "1");
    assert_eq!(eval("x = 3; y = x^2; x + y"), "12");
    assert_eq!(eval("6 * 7; _ + 1"), "42\n43");
    assert_eq!(fails(&["y + 1"]), "carry: column 1: unknown variable \"y\"");
    assert_eq!(fails(&["_"]), "carry: column 1: no result yet for '_'");
    assert_eq!(
        fails(&["gcd = 2"]),
        "carry: column 1: cannot assign to \"gcd\""
    );
    assert_eq!(fails(&["1 = 2"]), "carry: column 3: unexpected '='");
    let out = carry_stdin(&[], "x = 10\nx / 4\n_ * 2\nz\n_ + x\n");
    assert_eq!(String::from_utf8(out.stdout).unwrap(), "2.5\n5\n15\n");
    assert_eq!(
        String::from_utf8(out.stderr).unwrap(),
        "carry: line 4, column 1: unknown variable \"z\"\n  z\n  ^\n"
    );
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn output_radixes_and_blip() {
    assert_eq!(
        String::from_utf8(carry(&["--bin", "-5"]).stdout).unwrap(),
        "-0b101\n"
    );
    assert_eq!(
        String::from_utf8(carry(&["--hex", "255/16"]).stdout).unwrap(),
        "0xff/0x10\n"
    );
    let blip = |e: &str| String::from_utf8(carry(&["--blip", e]).stdout).unwrap();
    assert_eq!(blip("0"), "00\n");
    assert_eq!(blip("127"), "7f\n");
    assert_eq!(blip("128"), "82 80 00\n");
    assert_eq!(blip("-129"), "82 7f ff\n");
    assert_eq!(blip("-2^63"), "88 00 00 00 00 00 00 00 80\n");
    assert_eq!(
        fails(&["--blip", "1/2"]),
        "carry: --blip needs an integer result, not 1/2"
    );
    assert_eq!(
        String::from_utf8(carry(&["--rpn", "--blip", "2 7 ^"]).stdout).unwrap(),
        "82 80 00\n"
    );
}

#[test]
fn size_guard() {
    assert!(fails(&["factorial(10^9)"])
        .starts_with("carry: column 1: result too large: about 28454657829 bits (the limit is 100000000; see --max-bits)"));
    assert!(fails(&["fib(10^12)"]).starts_with("carry: column 1: result too large"));
    assert!(fails(&["binomial(10^12, 10^7)"]).starts_with("carry: column 1: result too large"));
    assert!(fails(&["--max-bits", "1000", "2^2000"])
        .starts_with("carry: column 2: result too large: about 2000 bits (the limit is 1000"));
    assert_eq!(eval("2^2000 / 2^1999"), "2");
    assert!(fails(&["--max-bits", "1000", "2^600 * 2^600"])
        .starts_with("carry: column 7: result too large"));
    assert!(fails(&["--rpn", "10 9 ^ factorial"]).starts_with("carry: column 8: result too large"));
    assert!(
        fails(&["--digits", "1000000000", "1/3"]).starts_with("carry: --digits 1000000000 exceeds")
    );
    assert_eq!(
        fails(&["--max-bits", "lots", "1"]),
        "carry: --max-bits needs a number of bits, not \"lots\""
    );
    assert!(fails(&["1e2000000"]).contains("exponent at byte 2 is beyond ±1000000"));
}

/// The interactive session, through a pseudo-terminal: line editing, variables kept between
/// lines, errors that do not end the session, and Ctrl-C interrupting a long computation.
#[test]
fn interactive_session_through_a_terminal() {
    let mut session = repl(&[], &scratch("interactive_session_through_a_terminal"));
    session.exp_string("> ").unwrap();
    session.send_line("x = 1/3").unwrap();
    session.exp_string("> ").unwrap();
    session.send_line("x + 1/6").unwrap();
    session.exp_string("0.5").unwrap();
    session.exp_string("> ").unwrap();
    session.send_line("1 +").unwrap();
    session
        .exp_string("error: column 4: expected a number but found end of input")
        .unwrap();
    session.exp_string("> ").unwrap();
    // Line editing: type "2*", move left, insert "3", giving "32*" ... then "4" at the end.
    session.send("2*").unwrap();
    session.send("\x1b[D\x1b[D").unwrap();
    session.send("3").unwrap();
    session.send_line("\x1b[F4").unwrap();
    session.exp_string("128").unwrap();
    session.exp_string("> ").unwrap();
    // A computation of many seconds (one library call: about 166,000 Montgomery squarings of
    // 2600 limbs), interrupted; the session and its variables survive.
    session
        .send_line("powmod(3, 10^50000, 10^50000 + 1)")
        .unwrap();
    std::thread::sleep(std::time::Duration::from_millis(500));
    session.send_control('c').unwrap();
    session.exp_string("interrupted").unwrap();
    session.exp_string("> ").unwrap();
    session.send_line("_ * 3 + x").unwrap();
    session.exp_string("1153/3").unwrap();
    session.exp_string("> ").unwrap();
    session.send_control('d').unwrap();
    session.exp_eof().unwrap();
}

#[test]
fn interactive_rpn_keeps_the_stack_and_words() {
    let mut session = repl(
        &["--rpn"],
        &scratch("interactive_rpn_keeps_the_stack_and_words"),
    );
    session.exp_string("> ").unwrap();
    session.send_line(": square dup * ;").unwrap();
    session.exp_string("> ").unwrap();
    session.send_line("3 square").unwrap();
    session.exp_string("9").unwrap();
    session.exp_string("> ").unwrap();
    session.send_line("2 /").unwrap();
    session.exp_string("4.5").unwrap();
    session.exp_string("> ").unwrap();
    session.send_line("+").unwrap();
    session.exp_string("stack underflow").unwrap();
    session.exp_string("> ").unwrap();
    session.send_line("square").unwrap();
    session.exp_string("20.25").unwrap();
    session.send_control('d').unwrap();
    session.exp_eof().unwrap();
}
