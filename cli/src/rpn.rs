//! `--rpn`: the postfix syntax of blip_mp's `bp`, on exact rationals.
//!
//! Words separated by whitespace act on a stack; `: name ... ;` defines a word whose body
//! is resolved when it is defined (classic Forth threaded code): redefining a word later
//! changes what later text means, not the bodies compiled before. `#` starts a comment to
//! the end of the line.
//!
//! Every executed word counts against the step budget (`--max-steps`), and the stack holds
//! at most [`MAX_STACK`] values, so words that double their work or their stack end in an
//! error rather than running for hours.

use crate::calc::{self, Constant, Context, Function, Op, Unary};
use crate::error::Error;
use crate::limits::{MAX_INPUT_BYTES, MAX_TOKENS};
use crate::parser::{check_literal_size, parse_literal};
use crate::value::Value;
use carry::Rational;
use std::collections::HashMap;
use std::sync::Arc;

/// User words may call each other this deep.
const MAX_DEPTH: usize = 1000;
/// The stack may hold this many values.
pub const MAX_STACK: usize = 1_000_000;

/// The built-in words that are not functions of the infix syntax, with their help.
pub const WORDS: &[(&str, &str)] = &[
    ("+", "( a b -- a+b )"),
    ("-", "( a b -- a-b )"),
    ("*", "( a b -- a*b )"),
    ("/", "( a b -- a/b ) exact"),
    (
        "%",
        "( a b -- a%b ) remainder of truncating division, sign of a",
    ),
    ("//", "( a b -- floor(a/b) )"),
    (
        "mod",
        "( a b -- a mod b ) remainder of floor division, sign of b",
    ),
    ("^", "( a n -- a^n ) integer n"),
    ("<< >>", "( a n -- a·2^n ) ( a n -- floor(a/2^n) ) integers"),
    ("& |", "( a b -- a&b ) ( a b -- a|b ) bitwise, integers"),
    ("~", "( a -- -a-1 ) bitwise not"),
    ("< <= > >= == !=", "( a b -- 0|1 ) comparisons"),
    ("and or", "( a b -- 0|1 ) logical"),
    ("not", "( a -- 0|1 ) 1 if a is 0"),
    ("neg", "( a -- -a )"),
    ("dup", "( a -- a a )"),
    ("drop", "( a -- )"),
    ("swap", "( a b -- b a )"),
    ("over", "( a b -- a b a )"),
    ("!", "( n -- n! ) also factorial"),
    ("!!", "( n -- n!! ) double factorial"),
    ("fibonacci", "( n -- F(n) ) also fib"),
    (": name ... ;", "define a word; its body is resolved now"),
    ("# ...", "a comment to the end of the line"),
];

/// One step of a program.
#[derive(Clone, Debug)]
enum Instr {
    Push(Value),
    Binary(Op, &'static str),
    Unary(Unary, &'static str),
    Dup,
    Drop,
    Swap,
    Over,
    Call(&'static Function),
    DoubleFactorial,
    Constant(&'static Constant),
    User(Arc<Definition>),
}

/// A user word: its name and resolved body.
#[derive(Debug)]
struct Definition {
    name: String,
    body: Vec<Instr>,
}

/// A word of the input and the byte offset where it starts.
struct Word<'a> {
    text: &'a str,
    offset: usize,
}

/// The whitespace-separated words of `text`, comments left out.
fn words(text: &str) -> Result<Vec<Word<'_>>, Error> {
    if text.len() > MAX_INPUT_BYTES {
        return Err(Error::at(
            MAX_INPUT_BYTES,
            format!("input too long: more than {} MiB", MAX_INPUT_BYTES >> 20),
        ));
    }
    let mut out = Vec::new();
    let mut rest = text;
    loop {
        let trimmed = rest.trim_start();
        if trimmed.is_empty() {
            return Ok(out);
        }
        let offset = text.len() - trimmed.len();
        if trimmed.starts_with('#') {
            rest = trimmed.find('\n').map_or("", |n| &trimmed[n..]);
            continue;
        }
        let len = trimmed.find(char::is_whitespace).unwrap_or(trimmed.len());
        if out.len() == MAX_TOKENS {
            return Err(Error::at(
                offset,
                format!("input too long: more than {MAX_TOKENS} words in one program"),
            ));
        }
        out.push(Word {
            text: &trimmed[..len],
            offset,
        });
        rest = &trimmed[len..];
    }
}

/// `in a: in b: ` for an error that came through the words `a` and `b` (`trail` innermost
/// first); a long trail keeps its two outermost and two innermost words.
fn trail(trail: &[String]) -> String {
    let named: Vec<String> = trail.iter().rev().map(|w| format!("in {w}: ")).collect();
    if named.len() <= 4 {
        return named.concat();
    }
    format!(
        "{}… {}",
        named[..2].concat(),
        named[named.len() - 2..].concat()
    )
}

/// The stack and the dictionary of user words, kept across lines in interactive use.
#[derive(Clone, Debug, Default)]
pub struct Machine {
    stack: Vec<Value>,
    dictionary: HashMap<String, Arc<Definition>>,
    /// The user words an error came through, innermost first.
    trail: Vec<String>,
}

impl Machine {
    /// The top of the stack.
    pub fn top(&self) -> Option<&Value> {
        self.stack.last()
    }

    /// What `word` means now: a user word, a built-in, or a number.
    fn resolve(&self, word: &Word<'_>, cx: &Context) -> Result<Instr, Error> {
        let w = word.text;
        if let Some(d) = self.dictionary.get(w) {
            return Ok(Instr::User(d.clone()));
        }
        let binary = |op, word| Some(Instr::Binary(op, word));
        let builtin = match w {
            "+" => binary(Op::Add, "+"),
            "-" => binary(Op::Sub, "-"),
            "*" => binary(Op::Mul, "*"),
            "/" => binary(Op::Div, "/"),
            "%" => binary(Op::Rem, "%"),
            "^" => binary(Op::Pow, "^"),
            "//" => binary(Op::FloorDiv, "//"),
            "mod" => binary(Op::Mod, "mod"),
            "<<" => binary(Op::Shl, "<<"),
            ">>" => binary(Op::Shr, ">>"),
            "&" => binary(Op::BitAnd, "&"),
            "|" => binary(Op::BitOr, "|"),
            "<" => binary(Op::Lt, "<"),
            "<=" => binary(Op::Le, "<="),
            ">" => binary(Op::Gt, ">"),
            ">=" => binary(Op::Ge, ">="),
            "==" => binary(Op::Eq, "=="),
            "!=" => binary(Op::Ne, "!="),
            "and" => binary(Op::And, "and"),
            "or" => binary(Op::Or, "or"),
            "not" => Some(Instr::Unary(Unary::Not, "not")),
            "~" => Some(Instr::Unary(Unary::BitNot, "~")),
            "neg" => Some(Instr::Unary(Unary::Neg, "neg")),
            "dup" => Some(Instr::Dup),
            "drop" => Some(Instr::Drop),
            "swap" => Some(Instr::Swap),
            "over" => Some(Instr::Over),
            "!" => calc::function("factorial").map(Instr::Call),
            "!!" => Some(Instr::DoubleFactorial),
            _ => calc::function(w)
                .map(Instr::Call)
                .or_else(|| calc::constant(w).map(Instr::Constant)),
        };
        if let Some(instr) = builtin {
            return Ok(instr);
        }
        let (negative, digits) = match w.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, w.strip_prefix('+').unwrap_or(w)),
        };
        if digits.starts_with(|c: char| c.is_ascii_digit() || c == '.') {
            let offset = word.offset + w.len() - digits.len();
            let value = if digits.contains('/') {
                let (n, d) = digits.split_once('/').unwrap_or((digits, ""));
                check_literal_size(n, offset, cx.max_bits)?;
                check_literal_size(d, offset + n.len() + 1, cx.max_bits)?;
                digits.parse::<Rational>().map_err(|e| {
                    Error::at(offset + e.position(), format!("bad number {w:?}: {e}"))
                })?
            } else {
                check_literal_size(digits, offset, cx.max_bits)?;
                parse_literal(digits, offset)?
            };
            return Ok(Instr::Push(Value::Exact(if negative {
                -value
            } else {
                value
            })));
        }
        Err(Error::at(
            word.offset,
            format!("unknown word {w:?} (see --help)"),
        ))
    }

    /// Runs `text`; on an error the stack and dictionary are left as they were.
    pub fn run(&mut self, text: &str, cx: &Context) -> Result<(), Error> {
        let mut m = self.clone();
        let words = words(text)?;
        let mut i = 0;
        while i < words.len() {
            let word = &words[i];
            i += 1;
            if word.text == ":" {
                i = m.define(&words, i, word, cx)?;
                continue;
            }
            if word.text == ";" {
                return Err(Error::at(word.offset, "';' outside a definition"));
            }
            let instr = m.resolve(word, cx)?;
            if let Err(mut e) = m.execute(&instr, cx, 0, word.offset) {
                e.message = trail(&m.trail) + &e.message;
                return Err(e.place(word.offset));
            }
        }
        *self = m;
        Ok(())
    }

    /// Compiles the definition whose `:` is `colon` and whose name is `words[i]`; returns the
    /// index past its `;`.
    fn define(
        &mut self,
        words: &[Word<'_>],
        mut i: usize,
        colon: &Word<'_>,
        cx: &Context,
    ) -> Result<usize, Error> {
        let Some(name) = words.get(i) else {
            return Err(Error::at(colon.offset, "':' needs a name"));
        };
        if matches!(name.text, ":" | ";") {
            return Err(Error::at(
                name.offset,
                format!("{:?} cannot be a word's name", name.text),
            ));
        }
        i += 1;
        let mut body = Vec::new();
        loop {
            let Some(word) = words.get(i) else {
                return Err(Error::at(
                    colon.offset,
                    format!("definition of {:?} has no ';'", name.text),
                ));
            };
            i += 1;
            match word.text {
                ";" => break,
                ":" => return Err(Error::at(word.offset, "':' inside a definition")),
                _ => body.push(self.resolve(word, cx)?),
            }
        }
        let definition = Definition {
            name: name.text.to_string(),
            body,
        };
        self.dictionary
            .insert(definition.name.clone(), Arc::new(definition));
        Ok(i)
    }

    /// The top `N` values, removed from the stack, or an underflow error for `what`.
    fn pop<const N: usize>(&mut self, what: &str) -> Result<[Value; N], Error> {
        if self.stack.len() < N {
            let s = if N == 1 { "" } else { "s" };
            return Err(format!(
                "stack underflow: {what} needs {N} value{s}, the stack has {}",
                self.stack.len()
            )
            .into());
        }
        let mut top = self.stack.drain(self.stack.len() - N..);
        Ok(std::array::from_fn(|_| top.next().expect("N values")))
    }

    /// The top `n` values as arguments of `what`.
    fn pop_args(&mut self, n: usize, what: &str) -> Result<Vec<Value>, Error> {
        if self.stack.len() < n {
            let s = if n == 1 { "" } else { "s" };
            return Err(format!(
                "stack underflow: {what} needs {n} value{s}, the stack has {}",
                self.stack.len()
            )
            .into());
        }
        Ok(self.stack.split_off(self.stack.len() - n))
    }

    /// Pushes `values`, or an error past [`MAX_STACK`].
    fn push(&mut self, values: impl IntoIterator<Item = Value>) -> Result<(), Error> {
        for v in values {
            if self.stack.len() == MAX_STACK {
                return Err(format!("stack overflow: more than {MAX_STACK} values").into());
            }
            self.stack.push(v);
        }
        Ok(())
    }

    fn execute(
        &mut self,
        instr: &Instr,
        cx: &Context,
        depth: usize,
        offset: usize,
    ) -> Result<(), Error> {
        cx.step(offset)?;
        match instr {
            Instr::Push(x) => self.push([x.clone()])?,
            Instr::Binary(op, word) => {
                let [a, b] = self.pop(word)?;
                let r = calc::binary(*op, &a, &b, cx)?;
                self.push([r])?;
            }
            Instr::Unary(op, word) => {
                let [a] = self.pop(word)?;
                let r = calc::unary(*op, &a, cx)?;
                self.push([r])?;
            }
            Instr::Dup => {
                let [a] = self.pop("dup")?;
                cx.reserve(a.bits())?;
                self.push([a.clone(), a])?;
            }
            Instr::Drop => {
                self.pop::<1>("drop")?;
            }
            Instr::Swap => {
                let [a, b] = self.pop("swap")?;
                self.push([b, a])?;
            }
            Instr::Over => {
                let [a, b] = self.pop("over")?;
                cx.reserve(a.bits())?;
                self.push([a.clone(), b, a])?;
            }
            Instr::Call(f) => {
                let args = self.pop_args(f.arity.0, f.name)?;
                let r = calc::call(f, &args, cx)?;
                self.push([r])?;
            }
            Instr::DoubleFactorial => {
                let args: [Value; 1] = self.pop("!!")?;
                let r = calc::double_factorial(&args, cx)?;
                self.push([r])?;
            }
            Instr::Constant(c) => {
                let r = (c.value)(cx)?;
                self.push([r])?;
            }
            Instr::User(d) => {
                if depth == MAX_DEPTH {
                    return Err(format!("words nested deeper than {MAX_DEPTH} levels").into());
                }
                for step in &d.body {
                    if let Err(e) = self.execute(step, cx, depth + 1, offset) {
                        self.trail.push(d.name.clone());
                        return Err(e);
                    }
                }
            }
        }
        Ok(())
    }
}
