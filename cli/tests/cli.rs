//! Runs the `carry` binary and checks its output, errors and exit codes.

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn carry(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_carry"))
        .args(args)
        .output()
        .unwrap()
}

fn carry_stdin(args: &[&str], input: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_carry"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

/// The printed result of evaluating `expression`, asserting success.
fn eval(expression: &str) -> String {
    let out = carry(&[expression]);
    assert!(
        out.status.success(),
        "{expression}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out.stderr.is_empty());
    String::from_utf8(out.stdout)
        .unwrap()
        .trim_end_matches('\n')
        .to_string()
}

/// The one line of standard error for a failing `expression`, asserting status 2 and no output.
fn fails(args: &[&str]) -> String {
    let out = carry(args);
    assert_eq!(out.status.code(), Some(2), "{args:?}");
    assert!(out.stdout.is_empty(), "{args:?}");
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(err.lines().count(), 1, "{err}");
    err.trim_end().to_string()
}

#[test]
fn arithmetic_with_rust_division_and_python_power() {
    assert_eq!(eval("1 + 2 * 3"), "7");
    assert_eq!(eval("(1 + 2) * 3"), "9");
    assert_eq!(eval("-7 / 2"), "-3");
    assert_eq!(eval("-7 % 2"), "-1");
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
    assert_eq!(fails(&["2^-1"]), "carry: column 2: negative exponent");
    assert!(fails(&["3 ^ 2^40"]).starts_with("carry: column 3: exponent too large"));
    assert!(fails(&["2^(2^100)"]).starts_with("carry: column 2: exponent too large"));
    assert!(fails(&["(2^1000000)^4000000000"]).starts_with("carry: column 12: exponent too large"));
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
        fails(&["é + x"]),
        "carry: column 1: unexpected character 'é'"
    );
    assert_eq!(
        fails(&["1 + é"]),
        "carry: column 5: unexpected character 'é'"
    );
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
    let out = carry_stdin(&[], &nested(1_000_000));
    assert_eq!(
        String::from_utf8(out.stderr).unwrap(),
        "carry: line 1, column 1001: nesting deeper than 1000 levels\n"
    );
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
        "carry: line 4, column 3: expected a number but found end of input\n"
    );
    assert_eq!(out.status.code(), Some(2));
    let out = carry_stdin(&["--hex"], "255\n-16\n");
    assert_eq!(String::from_utf8(out.stdout).unwrap(), "0xff\n-0x10\n");
    assert!(out.status.success());
    let out = carry_stdin(&[], "");
    assert!(out.status.success() && out.stdout.is_empty());
}

#[test]
fn help_describes_usage() {
    let out = carry(&["--help"]);
    assert!(out.status.success());
    let help = String::from_utf8(out.stdout).unwrap();
    assert!(help.starts_with("usage: carry [--hex]"), "{help}");
    assert!(help.contains("-2^2 = -4"));
}
