//! `carry`: an integer calculator on the carry crate.
//!
//! ```text
//! carry '2^4096 - 1'
//! echo '(0xff + 1) * -3' | carry --hex
//! ```

use carry::{Int, ParseIntErrorKind};
use std::io::{self, BufRead, Write};
use std::process::ExitCode;

const USAGE: &str = "\
usage: carry [--hex] [EXPRESSION...]

Evaluates an integer expression given as arguments (joined with spaces) or, without
arguments, each line of standard input, and prints the result in decimal (hexadecimal
with --hex).

  operators    + - * / % ^ and parentheses; ^ is power (right-associative, binds tighter
               than unary minus: -2^2 = -4); / and % truncate toward zero as in Rust
  literals     123, 0x7f, 0o17, 0b1010, with _ between digits: 1_000_000

Errors print one line naming the problem and its column, and exit with status 2.";

/// Results of `^` are refused beyond this many bits (about 315,000 decimal digits).
const MAX_POWER_BITS: u64 = 1 << 20;

/// Parentheses and unary signs may nest this deep (the parser recurses on them).
const MAX_DEPTH: usize = 1000;

/// An error and the 1-based column (in characters) where it is.
#[derive(Debug)]
struct Error {
    column: usize,
    message: String,
}

fn error<T>(column: usize, message: impl Into<String>) -> Result<T, Error> {
    Err(Error {
        column,
        message: message.into(),
    })
}

#[derive(Clone, Debug, PartialEq)]
enum Token {
    Number(Int),
    Op(char),
    Open,
    Close,
    End,
}

/// The tokens of `text`, each with its column; the last is `End`.
fn tokenize(text: &str) -> Result<Vec<(Token, usize)>, Error> {
    let chars: Vec<char> = text.chars().collect();
    let mut tokens = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let column = i + 1;
        if c.is_whitespace() {
            i += 1;
            continue;
        }
        let token = match c {
            '0'..='9' => {
                let end = (i..chars.len())
                    .find(|&j| !is_literal_char(chars[j]))
                    .unwrap_or(chars.len());
                let literal: String = chars[i..end].iter().collect();
                i = end;
                Token::Number(parse_literal(&literal, column)?)
            }
            '+' | '-' | '*' | '/' | '%' | '^' => Token::Op(c),
            '(' => Token::Open,
            ')' => Token::Close,
            _ => return error(column, format!("unexpected character {c:?}")),
        };
        if !matches!(token, Token::Number(_)) {
            i += 1;
        }
        tokens.push((token, column));
    }
    tokens.push((Token::End, chars.len() + 1));
    Ok(tokens)
}

fn is_literal_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// A literal starting at `column`: decimal, or `0x`/`0o`/`0b` and digits (an underscore may
/// follow the prefix, as in Python).
fn parse_literal(literal: &str, column: usize) -> Result<Int, Error> {
    let (radix, prefix) = match literal.get(..2).map(str::to_ascii_lowercase).as_deref() {
        Some("0x") => (16, 2),
        Some("0o") => (8, 2),
        Some("0b") => (2, 2),
        _ => (10, 0),
    };
    let skip = prefix + usize::from(prefix > 0 && literal[prefix..].starts_with('_'));
    let digits = &literal[skip..];
    if digits.is_empty() {
        return error(
            column,
            format!("missing digits after {:?}", &literal[..prefix]),
        );
    }
    Int::from_str_radix(digits, radix).or_else(|e| {
        let problem = match e.kind() {
            ParseIntErrorKind::InvalidDigit(c) => {
                format!("invalid digit {c:?} in a base {radix} number")
            }
            ParseIntErrorKind::MisplacedUnderscore => "'_' must sit between two digits".into(),
            _ => format!("bad number: {e}"),
        };
        error(column + skip + e.position(), problem)
    })
}

/// A recursive-descent evaluator over the tokens.
struct Parser {
    tokens: Vec<(Token, usize)>,
    next: usize,
    depth: usize,
}

impl Parser {
    fn peek(&self) -> &(Token, usize) {
        &self.tokens[self.next]
    }

    fn advance(&mut self) -> (Token, usize) {
        let token = self.tokens[self.next].clone();
        self.next = (self.next + 1).min(self.tokens.len() - 1);
        token
    }

    /// The next token if it is one of `ops`.
    fn take_op(&mut self, ops: &[char]) -> Option<(char, usize)> {
        match *self.peek() {
            (Token::Op(c), column) if ops.contains(&c) => {
                self.advance();
                Some((c, column))
            }
            _ => None,
        }
    }

    /// expression := term (('+' | '-') term)*
    fn expression(&mut self) -> Result<Int, Error> {
        let mut value = self.term()?;
        while let Some((op, _)) = self.take_op(&['+', '-']) {
            let rhs = self.term()?;
            value = if op == '+' { value + rhs } else { value - rhs };
        }
        Ok(value)
    }

    /// term := unary (('*' | '/' | '%') unary)*
    fn term(&mut self) -> Result<Int, Error> {
        let mut value = self.unary()?;
        while let Some((op, column)) = self.take_op(&['*', '/', '%']) {
            let rhs = self.unary()?;
            if op != '*' && rhs.is_zero() {
                return error(column, "division by zero");
            }
            value = match op {
                '*' => value * rhs,
                '/' => value / rhs,
                _ => value % rhs,
            };
        }
        Ok(value)
    }

    /// unary := ('-' | '+') unary | power
    fn unary(&mut self) -> Result<Int, Error> {
        match self.take_op(&['-', '+']) {
            Some((op, column)) => {
                let value = self.nested(column, Parser::unary)?;
                Ok(if op == '-' { -value } else { value })
            }
            None => self.power(),
        }
    }

    /// `parse` one level deeper, for the token at `column`.
    fn nested(
        &mut self,
        column: usize,
        parse: fn(&mut Parser) -> Result<Int, Error>,
    ) -> Result<Int, Error> {
        if self.depth == MAX_DEPTH {
            return error(column, format!("nesting deeper than {MAX_DEPTH} levels"));
        }
        self.depth += 1;
        let value = parse(self);
        self.depth -= 1;
        value
    }

    /// power := atom ('^' unary)?
    fn power(&mut self) -> Result<Int, Error> {
        let base = self.atom()?;
        match self.take_op(&['^']) {
            Some((_, column)) => {
                let exponent = self.unary()?;
                power(&base, &exponent, column)
            }
            None => Ok(base),
        }
    }

    /// atom := number | '(' expression ')'
    fn atom(&mut self) -> Result<Int, Error> {
        match self.advance() {
            (Token::Number(n), _) => Ok(n),
            (Token::Open, column) => {
                let value = self.nested(column, Parser::expression)?;
                match self.advance() {
                    (Token::Close, _) => Ok(value),
                    (Token::End, _) => error(column, "unclosed '('"),
                    (token, at) => {
                        error(at, format!("expected ')' but found {}", describe(&token)))
                    }
                }
            }
            (token, column) => error(
                column,
                format!("expected a number but found {}", describe(&token)),
            ),
        }
    }
}

fn describe(token: &Token) -> String {
    match token {
        Token::Number(n) => format!("number {n}"),
        Token::Op(c) => format!("'{c}'"),
        Token::Open => "'('".into(),
        Token::Close => "')'".into(),
        Token::End => "end of input".into(),
    }
}

/// `base^exponent` for the `^` at `column`, refusing negative and unreasonably large powers.
fn power(base: &Int, exponent: &Int, column: usize) -> Result<Int, Error> {
    if exponent.is_negative() {
        return error(column, "negative exponent");
    }
    if base.bits() <= 1 {
        let odd = exponent.is_odd();
        return Ok(if exponent.is_zero() || (base.is_negative() && !odd) {
            Int::ONE
        } else {
            base.clone()
        });
    }
    match u32::try_from(exponent) {
        Ok(e) if u64::from(e).saturating_mul(base.bits() - 1) <= MAX_POWER_BITS => Ok(base.pow(e)),
        _ => error(
            column,
            format!("exponent too large (results are limited to {MAX_POWER_BITS} bits)"),
        ),
    }
}

/// The value of `text`.
fn evaluate(text: &str) -> Result<Int, Error> {
    let mut parser = Parser {
        tokens: tokenize(text)?,
        next: 0,
        depth: 0,
    };
    if parser.peek().0 == Token::End {
        return error(1, "empty expression");
    }
    let value = parser.expression()?;
    match parser.advance() {
        (Token::End, _) => Ok(value),
        (Token::Close, column) => error(column, "unmatched ')'"),
        (token, column) => error(column, format!("unexpected {}", describe(&token))),
    }
}

fn render(value: &Int, hex: bool) -> String {
    if hex {
        format!("{value:#x}")
    } else {
        value.to_string()
    }
}

fn main() -> ExitCode {
    let mut hex = false;
    let mut words = Vec::new();
    for arg in std::env::args().skip(1) {
        match arg.as_str() {
            "--hex" => hex = true,
            "--help" | "-h" => {
                return status(print(USAGE));
            }
            option if is_option(option) => {
                return fail(&format!("unknown option {option:?} (try --help)"));
            }
            _ => words.push(arg),
        }
    }
    if words.is_empty() {
        return run_lines(hex);
    }
    match evaluate(&words.join(" ")) {
        Ok(value) => status(print(&render(&value, hex))),
        Err(e) => fail(&format!("column {}: {}", e.column, e.message)),
    }
}

/// Whether a word is meant as an option (`--name`) rather than an expression like `--3`.
fn is_option(word: &str) -> bool {
    word.strip_prefix("--")
        .is_some_and(|name| name.starts_with(|c: char| c.is_ascii_alphabetic()))
}

/// Evaluates each non-blank line of standard input; the status is 2 if any line failed.
fn run_lines(hex: bool) -> ExitCode {
    let mut status = ExitCode::SUCCESS;
    for (number, line) in io::stdin().lock().lines().enumerate() {
        let line = match line {
            Ok(line) => line,
            Err(e) => return fail(&format!("line {}: cannot read: {e}", number + 1)),
        };
        if line.trim().is_empty() {
            continue;
        }
        match evaluate(&line) {
            Ok(value) => {
                if !print(&render(&value, hex)) {
                    return ExitCode::from(2);
                }
            }
            Err(e) => {
                status = fail(&format!(
                    "line {}, column {}: {}",
                    number + 1,
                    e.column,
                    e.message
                ))
            }
        }
    }
    status
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
