//! `carry`: an exact calculator on the carry crate, in infix or (`--rpn`) in the postfix
//! syntax of blip_mp's `bp`.
//!
//! ```text
//! carry '2^4096 - 1'
//! carry '0.1 + 0.2'            # 0.3
//! carry --rpn 35 factorial 24 factorial '*'
//! echo '(0xff + 1) * -3' | carry --hex
//! ```

mod calc;
pub(crate) mod infix;
#[allow(dead_code)]
mod real;
mod repl;
mod rpn;

use calc::Context;
use carry::{Rational, Rounding};
use std::fmt::Write as _;
use std::io::{self, IsTerminal, Read, Write};
use std::process::ExitCode;

/// An error, where it is (1-based line, when the input has several, and column), and what.
#[derive(Debug)]
pub struct Error {
    line: Option<usize>,
    column: usize,
    message: String,
}

impl Error {
    pub fn at(column: usize, message: impl Into<String>) -> Error {
        Error {
            line: None,
            column,
            message: message.into(),
        }
    }

    /// The same error, placed on `line` (shown when the input has several lines).
    pub fn on_line(mut self, line: usize) -> Error {
        self.line = Some(line);
        self
    }

    /// `line L, column C: message`, the line shown when asked for or known.
    pub fn describe(&self, line: Option<usize>) -> String {
        match self.line.or(line) {
            Some(l) => format!("line {l}, column {}: {}", self.column, self.message),
            None => format!("column {}: {}", self.column, self.message),
        }
    }
}

/// How results are written.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Radix {
    Decimal,
    Hex,
    Binary,
    Blip,
}

/// The command line's options.
#[derive(Clone, Debug)]
pub struct Options {
    radix: Radix,
    rpn: bool,
    digits: Option<usize>,
    max_bits: u64,
}

impl Options {
    pub fn context(&self) -> Context {
        Context::new(self.digits, self.max_bits)
    }
}

const DEFAULT_MAX_BITS: u64 = 100_000_000;

/// The usage text, with every function and word listed from their tables.
fn usage() -> String {
    let mut text = String::from(
        "\
usage: carry [OPTIONS] [EXPRESSION...]

An exact calculator: every value is a rational number, never rounded unless asked.
Evaluates the expression given as arguments (joined with spaces); without arguments,
each line of standard input, or an interactive session (history, line editing, Ctrl-C
to interrupt a computation, Ctrl-D to quit) when standard input is a terminal.

options
  --digits N     print non-integer results with N decimal places (rounding half to
                 even), and let sqrt approximate irrational roots to N places
  --hex, --bin   print integers in hexadecimal or binary (fractions as two such numbers)
  --blip         print an integer result as its BLIP bytes in hexadecimal
  --max-bits N   refuse results estimated above N bits (default 100000000)
  --rpn          postfix syntax compatible with bp: arguments or all of standard input
                 form one program, and the top of the stack is printed at the end
  -h, --help     this text

infix syntax
  + - * / % ^    / is exact division (22/7 stays 22/7); % is the remainder with the
                 sign of the dividend; ^ takes an integer exponent, is right-associative
                 and binds tighter than unary minus (-2^2 = -4)
  n!             factorial, binding tighter than ^ and unary minus
  numbers        123, 1_000, 0.25, .5, 5., 1.5e-3, 2E+10, 0x7f, 0o17, 0b1010
  x = 2^127 - 1  assigns a variable (printing nothing); _ is the last result
  a; b           several statements on one line

Results print as integers, as exact decimals when they terminate (0.1 + 0.2 = 0.3), and
otherwise as fractions n/d.

functions (infix: name(args); --rpn: words taking their arguments from the stack)
",
    );
    for f in calc::FUNCTIONS {
        let _ = writeln!(text, "  {:<18} {}", f.signature, f.help);
    }
    text.push_str("\nwords of --rpn besides the functions (stack effects: before -- after)\n");
    for (word, help) in rpn::WORDS {
        let _ = writeln!(text, "  {word:<18} {help}");
    }
    text.push_str(
        "\nexamples
  carry '0.1 + 0.2'                      0.3
  carry '2^-3 + 1/3'                     11/24
  carry --digits 30 'sqrt(2)'            1.414213562373095048801688724210
  carry 'x = 2^127 - 1; isprime(x)'      1
  carry --rpn '50 25 binomial'           126410606437752
  carry --rpn ': square dup * ; 5 square'    25

Errors print one line naming the problem and its column, and exit with status 2.",
    );
    text
}

/// The text of `value` as the options ask, or an error for `--blip` of a fraction.
fn render(value: &Rational, options: &Options) -> Result<String, String> {
    let (n, d) = (value.numer(), value.denom());
    let fraction = |f: &dyn Fn(&carry::Int) -> String| {
        if value.is_integer() {
            f(n)
        } else {
            format!("{}/{}", f(n), f(d))
        }
    };
    Ok(match options.radix {
        Radix::Hex => fraction(&|x| format!("{x:#x}")),
        Radix::Binary => fraction(&|x| format!("{x:#b}")),
        Radix::Blip => {
            if !value.is_integer() {
                return Err(format!("--blip needs an integer result, not {value}"));
            }
            let bytes = n.to_blip();
            bytes
                .iter()
                .map(|b| format!("{b:02x}"))
                .collect::<Vec<_>>()
                .join(" ")
        }
        Radix::Decimal => match options.digits {
            Some(places) if !value.is_integer() => {
                value.to_decimal_string_rounded(places, Rounding::HalfEven)
            }
            _ => value
                .to_decimal_string()
                .unwrap_or_else(|| value.to_string()),
        },
    })
}

/// Parses the options; the remaining words are the expression.
fn parse_args(args: Vec<String>) -> Result<(Options, Vec<String>), String> {
    let mut options = Options {
        radix: Radix::Decimal,
        rpn: false,
        digits: None,
        max_bits: DEFAULT_MAX_BITS,
    };
    let mut words = Vec::new();
    let mut args = args.into_iter();
    while let Some(arg) = args.next() {
        let (name, inline) = match arg.split_once('=') {
            Some((name, value)) if is_option(name) => (name.to_string(), Some(value.to_string())),
            _ => (arg.clone(), None),
        };
        let mut value = |what: &str| -> Result<u64, String> {
            let text = inline
                .clone()
                .or_else(|| args.next())
                .ok_or_else(|| format!("{name} needs {what}"))?;
            text.parse::<u64>()
                .map_err(|_| format!("{name} needs {what}, not {text:?}"))
        };
        match name.as_str() {
            "--hex" => options.radix = Radix::Hex,
            "--bin" => options.radix = Radix::Binary,
            "--blip" => options.radix = Radix::Blip,
            "--rpn" => options.rpn = true,
            "--digits" => {
                let digits = value("a number of decimal places")?;
                if digits as f64 * 3.33 > options.max_bits as f64 || digits > u64::from(u32::MAX) {
                    return Err(format!(
                        "--digits {digits} exceeds the size limit (see --max-bits)"
                    ));
                }
                options.digits = Some(digits as usize);
            }
            "--max-bits" => options.max_bits = value("a number of bits")?,
            "--help" | "-h" => return Err(String::new()),
            option if is_option(option) => {
                return Err(format!("unknown option {option:?} (try --help)"));
            }
            _ => words.push(arg),
        }
    }
    Ok((options, words))
}

/// Whether a word is meant as an option (`--name`) rather than an expression like `--3`.
fn is_option(word: &str) -> bool {
    word.strip_prefix("--")
        .is_some_and(|name| name.starts_with(|c: char| c.is_ascii_alphabetic()))
}

fn main() -> ExitCode {
    let (options, words) = match parse_args(std::env::args().skip(1).collect()) {
        Ok(parsed) => parsed,
        Err(message) if message.is_empty() => return status(print(&usage())),
        Err(message) => return fail(&message),
    };
    if !words.is_empty() {
        return run_once(&words.join(" "), &options, None);
    }
    if io::stdin().is_terminal() {
        return repl::run(&options);
    }
    if options.rpn {
        let mut program = String::new();
        if let Err(e) = io::stdin().read_to_string(&mut program) {
            return fail(&format!("cannot read standard input: {e}"));
        }
        return run_once(&program, &options, None);
    }
    run_lines(&options)
}

/// Evaluates one text (an expression line, or a whole `--rpn` program) and prints its
/// results; `line` is the line number to report errors with.
fn run_once(text: &str, options: &Options, line: Option<usize>) -> ExitCode {
    let cx = options.context();
    let results = if options.rpn {
        let mut machine = rpn::Machine::default();
        machine
            .run(text, &cx)
            .map(|()| machine.top().cloned().into_iter().collect())
    } else {
        infix::Session::default().evaluate(text, &cx)
    };
    match results {
        Ok(values) => status(print_values(&values, options)),
        Err(e) => fail(&e.describe(line)),
    }
}

/// Prints each value; false if one cannot be rendered (reported) or standard output fails.
fn print_values(values: &[Rational], options: &Options) -> bool {
    for value in values {
        match render(value, options) {
            Ok(text) => {
                if !print(&text) {
                    return false;
                }
            }
            Err(message) => {
                fail(&message);
                return false;
            }
        }
    }
    true
}

/// Evaluates each non-blank line of standard input with shared variables; the status is 2
/// if any line failed.
fn run_lines(options: &Options) -> ExitCode {
    let mut status = ExitCode::SUCCESS;
    let mut session = infix::Session::default();
    let cx = options.context();
    let mut input = String::new();
    let mut stdin = io::stdin().lock();
    let mut number = 0;
    loop {
        input.clear();
        number += 1;
        match io::BufRead::read_line(&mut stdin, &mut input) {
            Ok(0) => return status,
            Ok(_) => {}
            Err(e) => return fail(&format!("line {number}: cannot read: {e}")),
        }
        let line = input.trim_end_matches(['\n', '\r']);
        if line.trim().is_empty() {
            continue;
        }
        match session.evaluate(line, &cx) {
            Ok(values) => {
                if !print_values(&values, options) {
                    status = ExitCode::from(2);
                }
            }
            Err(e) => status = fail(&e.describe(Some(number))),
        }
    }
}

/// Prints `text` and a newline; false when standard output is closed or failing.
fn print(text: &str) -> bool {
    let mut out = io::stdout().lock();
    writeln!(out, "{text}").and_then(|()| out.flush()).is_ok()
}

/// Exit status 0 after a successful print, 2 otherwise.
fn status(printed: bool) -> ExitCode {
    if printed {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(2)
    }
}

/// Reports `message` on one line of standard error (ignoring a closed stderr); status 2.
fn fail(message: &str) -> ExitCode {
    let _ = writeln!(io::stderr().lock(), "carry: {message}");
    ExitCode::from(2)
}
