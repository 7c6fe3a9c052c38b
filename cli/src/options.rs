//! The command line: options (parsed with `lexopt`) and the `--help` text.

use crate::limits::{self, DEFAULT_MAX_BITS, DEFAULT_MAX_STEPS, DEFAULT_TIMEOUT};
use crate::{calc, rpn};
use std::ffi::OsString;
use std::fmt::Write as _;
use std::time::Duration;

/// How results are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Radix {
    /// In this base (10: decimals; 2, 8 and 16 with a `0b`, `0o`, `0x` prefix).
    Base(u32),
    /// As BLIP bytes in hexadecimal.
    Blip,
}

/// A program to run, from `-e` or `-f`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Input {
    Expression(String),
    File(String),
}

/// The command line's options.
#[derive(Clone, Debug)]
pub struct Options {
    pub radix: Radix,
    pub rpn: bool,
    pub digits: Option<usize>,
    pub max_bits: u64,
    pub max_memory: u64,
    pub max_steps: u64,
    /// `--timeout` in seconds as given (0 turns it off); `None`: the mode's default.
    pub timeout: Option<f64>,
    /// `-e` and `-f`, in order.
    pub inputs: Vec<Input>,
    /// The other arguments: one program file, or the words of an expression.
    pub words: Vec<String>,
}

impl Options {
    /// The time limit of one evaluation: by default none in the interactive session (where
    /// Ctrl-C interrupts) and [`DEFAULT_TIMEOUT`] otherwise.
    pub fn time_limit(&self, interactive: bool) -> Option<Duration> {
        let seconds = match self.timeout {
            Some(s) => s,
            None if interactive => 0.0,
            None => DEFAULT_TIMEOUT,
        };
        (seconds > 0.0).then(|| Duration::from_secs_f64(seconds))
    }
}

/// What the command line asks for.
#[derive(Debug)]
pub enum Command {
    Run(Options),
    Help,
    Version,
}

/// Whether an argument that starts with `-` is an expression (`-3`, `--3`, `-(1)`, `-.5`)
/// rather than an option (`-e`, `--hex`).
fn is_expression(word: &str) -> bool {
    let rest = word.strip_prefix("--").or_else(|| word.strip_prefix('-'));
    match rest {
        Some(rest) => {
            !(rest.is_empty() && word == "--"
                || rest.starts_with(|c: char| c.is_ascii_alphabetic()))
        }
        None => false,
    }
}

/// Parses the arguments (without the program's name).
pub fn parse(args: Vec<OsString>) -> Result<Command, String> {
    use lexopt::Arg::{Long, Short, Value};
    let mut options = Options {
        radix: Radix::Base(10),
        rpn: false,
        digits: None,
        max_bits: DEFAULT_MAX_BITS,
        max_memory: limits::default_max_memory(),
        max_steps: DEFAULT_MAX_STEPS,
        timeout: None,
        inputs: Vec::new(),
        words: Vec::new(),
    };
    let mut mathlib = false;
    let mut parser = lexopt::Parser::from_args(args);
    loop {
        if let Some(mut raw) = parser.try_raw_args() {
            if let Some(word) = raw.next_if(|w| w.to_str().is_some_and(is_expression)) {
                options.words.push(word.to_string_lossy().into_owned());
                continue;
            }
        }
        let arg = match parser.next() {
            Ok(Some(arg)) => arg,
            Ok(None) => break,
            Err(e) => return Err(e.to_string()),
        };
        let name = match arg {
            Short(c) => format!("-{c}"),
            Long(name) => format!("--{name}"),
            Value(word) => {
                options.words.push(word.to_string_lossy().into_owned());
                continue;
            }
        };
        let mut value = |what: &str| -> Result<String, String> {
            let text = parser.value().map_err(|_| format!("{name} needs {what}"))?;
            text.into_string()
                .map_err(|text| format!("{name} needs {what}, not {text:?}"))
        };
        match name.as_str() {
            "-h" | "--help" => return Ok(Command::Help),
            "-V" | "--version" => return Ok(Command::Version),
            "-e" | "--expression" => {
                let text = value("an expression")?;
                options.inputs.push(Input::Expression(text));
            }
            "-f" | "--file" => {
                let path = value("a file name")?;
                options.inputs.push(Input::File(path));
            }
            "-l" | "--mathlib" => mathlib = true,
            "--hex" => options.radix = Radix::Base(16),
            "--oct" => options.radix = Radix::Base(8),
            "--bin" => options.radix = Radix::Base(2),
            "--base" => {
                let text = value("a base from 2 to 36")?;
                match text.parse::<u32>() {
                    Ok(b @ 2..=36) => options.radix = Radix::Base(b),
                    _ => return Err(format!("--base needs a base from 2 to 36, not {text:?}")),
                }
            }
            "--blip" => options.radix = Radix::Blip,
            "--rpn" => options.rpn = true,
            "--digits" => {
                let digits = number(
                    &value("a number of decimal places")?,
                    &name,
                    "a number of decimal places",
                )?;
                options.digits = Some(usize::try_from(digits).unwrap_or(usize::MAX));
            }
            "--max-bits" => {
                options.max_bits = number(&value("a number of bits")?, &name, "a number of bits")?
            }
            "--max-steps" => {
                options.max_steps =
                    number(&value("a number of steps")?, &name, "a number of steps")?
            }
            "--max-memory" => {
                let text = value("a size (like 512M or 25%)")?;
                options.max_memory =
                    limits::parse_size(&text)
                        .filter(|&b| b > 0)
                        .ok_or_else(|| {
                            format!("--max-memory needs a size (like 512M or 25%), not {text:?}")
                        })?;
            }
            "--timeout" => {
                let text = value("a number of seconds")?;
                match text.parse::<f64>() {
                    Ok(s) if (0.0..1e9).contains(&s) => options.timeout = Some(s),
                    _ => return Err(format!("--timeout needs a number of seconds, not {text:?}")),
                }
            }
            _ => return Err(format!("unknown option {name:?} (try --help)")),
        }
    }
    if mathlib && options.digits.is_none() {
        options.digits = Some(20);
    }
    if let Some(digits) = options.digits {
        if digits as f64 * 3.33 > options.max_bits as f64 || digits > u32::MAX as usize {
            return Err(format!(
                "--digits {digits} exceeds the size limit (see --max-bits)"
            ));
        }
    }
    Ok(Command::Run(options))
}

/// A non-negative integer option's value.
fn number(text: &str, name: &str, what: &str) -> Result<u64, String> {
    text.parse::<u64>()
        .map_err(|_| format!("{name} needs {what}, not {text:?}"))
}

/// The usage text, with every function, constant and word listed from their tables.
pub fn usage() -> String {
    let mut text = format!(
        "\
usage: carry [OPTIONS] [EXPRESSION... | FILE]

An exact calculator: every value is a rational number, never rounded unless asked.
Evaluates the expression given as arguments (joined with spaces), or the program in FILE
(a single argument naming a file); without either, each line of standard input, or an
interactive session when standard input is a terminal.

options
  -e, --expression EXPR  evaluate EXPR (may be repeated, and mixed with -f)
  -f, --file FILE        run the program in FILE (may be repeated)
  --digits N             print non-integer results with N decimal places (rounding half
                         to even); approximations (below) to N places instead of 20
  -l, --mathlib          --digits 20 (as bc -l), unless --digits is given
  --hex, --bin, --oct    print integers in base 16, 2 or 8 (fractions as n/d)
  --base N               print in base N, 2 to 36 (digits 0-9 then a-z)
  --blip                 print an integer result as its BLIP bytes in hexadecimal
  --rpn                  postfix syntax compatible with bp: arguments, a file or all of
                         standard input form one program; the top of the stack is printed
  --max-bits N           refuse numbers and results estimated above N bits
                         (default {DEFAULT_MAX_BITS})
  --max-memory SIZE      refuse values that would take the memory in use above SIZE
                         (512M, 4G, 25%; default half of the memory available)
  --max-steps N          stop an evaluation after N steps: one per operation, call or
                         --rpn word, and one per 1024 bits of each result
                         (default {DEFAULT_MAX_STEPS})
  --timeout SECONDS      stop an evaluation after this long; 0 for no limit (default
                         {DEFAULT_TIMEOUT} outside the interactive session, none inside)
  -h, --help             this text
  -V, --version          the version
  --                     ends the options: what follows is an expression or a file

infix syntax (loosest first; operators of one line are left-associative)
  if (c) a else b        a if c is not 0, else b (only the chosen one is evaluated)
  a || b, a && b         logical or, and: 0 or 1, the right side evaluated only if needed
  < <= > >= == !=        comparisons, 0 or 1; they chain: 1 < x < 3 is 1 < x && x < 3
  |  &                   bitwise or, and on integers (two's complement, as xor(a, b))
  << >>                  shifts of integers: a << n = a·2^n, a >> n = floor(a / 2^n)
  + -
  * / // % mod           / is exact division (22/7 stays 22/7); a // b = floor(a / b);
                         a mod b = a - b·floor(a / b) takes the sign of b (7 mod -2 = -1);
                         a % b = a - b·trunc(a / b) takes the sign of a (-7 % 2 = -1), as
                         in C and bc; all on rationals too
  - + ! ~                negation, logical not (!0 = 1), bitwise not (~x = -x - 1)
  ^ (or **)              power, right-associative, binding tighter than unary minus
                         (-2^2 = -4); a non-integer exponent gives an approximation
                         unless exact (8^(2/3) = 4)
  n!  n!!                factorial, double factorial (n·(n-2)·…), binding tightest
  numbers                123, 1_000, 0.25, .5, 5., 1.5e-3, 2E+10, 0x7f, 0o17, 0b1010
  x = 2^127 - 1          assigns a variable (printing nothing)
  f(x, y) = x^2 + y      defines a function; it may call itself (if/cond to stop)
  ans, _                 the last result
  a; b                   statements are separated by ';' or newlines; a newline inside
                         parentheses or after '\\' continues the statement; '#' comments

Results print as integers, as exact decimals when they terminate (0.1 + 0.2 = 0.3), and
otherwise as fractions n/d.

Approximations: pi, e and the functions sqrt, cbrt, root, exp, log, ln, sin, cos, tan,
atan and atan2 give exact results where those are rational (sqrt(9/4) = 3/2, log(8, 2) =
3, exp(0) = 1), and otherwise approximations, printed with a leading ~ to --digits N
places (20 without --digits): ~1.41421356237309504880. Their digits are correctly
rounded (the true value rounded half to even): the calculator works to as many bits as
that needs, and reports an error when it cannot decide (a value exactly halfway).

functions (infix: name(args); --rpn: words taking their arguments from the stack)
"
    );
    for f in calc::FUNCTIONS {
        let _ = writeln!(text, "  {:<22} {}", f.signature, f.help);
    }
    if !calc::CONSTANTS.is_empty() {
        text.push_str("\nconstants\n");
        for c in calc::CONSTANTS {
            let _ = writeln!(text, "  {:<22} {}", c.name, c.help);
        }
    }
    text.push_str("\nwords of --rpn besides the functions (stack effects: before -- after)\n");
    for (word, help) in rpn::WORDS {
        let _ = writeln!(text, "  {word:<22} {help}");
    }
    text.push_str(
        "
interactive session
  line editing, history kept in $XDG_DATA_HOME/carry/history (~/.local/share/carry);
  Ctrl-C interrupts a computation and keeps the variables; Ctrl-D or quit ends;
  help shows this text; :digits N changes the decimal places (:digits off: exact)

limits
  A program may be 64 MiB and 1000000 tokens long, nest 1000 levels deep, and its
  functions may recurse 10000 calls deep.

examples
  carry '0.1 + 0.2'                      0.3
  carry '2^-3 + 1/3'                     11/24
  carry --digits 30 'sqrt(2)'            ~1.414213562373095048801688724210
  carry --digits 1000000 pi              a million digits of pi
  carry 'x = 2^127 - 1; isprime(x)'      1
  carry 'f(n) = if (n < 2) n else f(n-1) + f(n-2); f(20)'    6765
  carry --rpn '50 25 binomial'           126410606437752
  carry --rpn ': square dup * ; 5 square'    25

Errors name the problem and its column, show the line with a caret under it, and exit
with status 2.",
    );
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn expressions_that_look_like_options() {
        for word in ["-3", "--3", "-(1)", "-.5", "- 2", "-"] {
            assert!(is_expression(word), "{word}");
        }
        for word in ["-e", "--hex", "--", "-V"] {
            assert!(!is_expression(word), "{word}");
        }
    }
}
